/*
 * Large object memory (image planes, planned graph buffers): zeroed,
 * 64-byte aligned, released with free().  Blocks of a megabyte and more are
 * 2 MiB aligned and advised for transparent huge pages (Linux), so a 1080p
 * image costs one page fault instead of ~500 and its rows one TLB entry:
 * the first run of a graph no longer pays thousands of faults, and
 * memory-bound kernels miss the TLB less.
 */
#ifndef OVX_RUNTIME_BIGMEM_H
#define OVX_RUNTIME_BIGMEM_H

#include <stddef.h>

/* NULL when the memory cannot be had. */
void *ovx_big_alloc(size_t bytes);

#endif
