/* Large object memory: see bigmem.h. */
#include "bigmem.h"

#include <stdlib.h>
#include <string.h>
#if defined(__linux__)
#include <sys/mman.h>
#endif

#define OVX_HUGE ((size_t)2 << 20)

void *ovx_big_alloc(size_t bytes)
{
    void *p = NULL;
    if (bytes == 0) bytes = 64;
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    if (bytes >= ((size_t)1 << 20) && bytes <= (size_t)-1 - OVX_HUGE) {
        size_t whole = (bytes + OVX_HUGE - 1) & ~(OVX_HUGE - 1);
        if (posix_memalign(&p, OVX_HUGE, whole) == 0) {
            (void)madvise(p, whole, MADV_HUGEPAGE); /* advice only: 4 KiB pages if refused */
            memset(p, 0, bytes);
            return p;
        }
        p = NULL;
    }
#endif
    if (posix_memalign(&p, 64, bytes) != 0) return NULL;
    memset(p, 0, bytes);
    return p;
}
