/*
 * The thread pool: a process-wide set of worker threads that run the
 * windows (row bands) of nodes.  ovx_parallel_for posts a job of `count`
 * items; the caller and the workers take items until none is left, and the
 * caller returns once every item has finished.  Several graphs may post jobs
 * at the same time (each caller always makes progress on its own job, so
 * nothing waits on a busy pool).
 *
 * Size: the number of online CPUs, or OPENVX_THREADS (1 = run everything on
 * the calling thread), or ovx_pool_set_threads() (the
 * VX_DIRECTIVE... / vendor attribute path), read when the pool starts.
 */
#include "../framework/graph.h"
#include "dispatch.h"

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#define OVX_MAX_THREADS 256

typedef struct job {
    ovx_task_f fn;
    void *arg;
    vx_uint32 count;
    vx_uint32 next;     /* next item to take */
    vx_uint32 finished; /* items done */
    struct job *link;   /* the queue of jobs with items left */
} job;

static pthread_mutex_t pool_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t work_cond = PTHREAD_COND_INITIALIZER; /* a job was posted */
static pthread_cond_t done_cond = PTHREAD_COND_INITIALIZER; /* an item finished */
static job *queue;
static vx_uint32 pool_size;    /* threads incl. the caller; 0 until started */
static vx_uint32 requested;    /* ovx_pool_set_threads before the start */
static vx_uint32 workers;
static pthread_t threads[OVX_MAX_THREADS];
static vx_bool stopping;
/* Waking a sleeping thread costs tens of microseconds, as much as a whole
 * pixelwise node on a 1080p image: an idle worker first spins a little on
 * `posted` (bumped with every job) before it sleeps, and a caller spins on
 * its job's `finished` before it sleeps; the futex is used only for threads
 * that really sleep (`sleepers`). */
static unsigned long posted;
static vx_uint32 sleepers;
#define SPIN_ROUNDS 2000

static long online; /* the CPUs online, read once (pool_lock held) */

static vx_uint32 default_threads(void)
{
    const char *env = getenv("OPENVX_THREADS");
    long n;
    if (requested) return requested;
    if (env && *env) {
        n = strtol(env, NULL, 10);
        if (n >= 1 && n <= OVX_MAX_THREADS) return (vx_uint32)n;
    }
    if (!online) online = sysconf(_SC_NPROCESSORS_ONLN); /* once: glibc reads sysfs for it */
    n = online;
    if (n < 1) n = 1;
    if (n > OVX_MAX_THREADS) n = OVX_MAX_THREADS;
    return (vx_uint32)n;
}

/* Take one item of the first job with items left (pool_lock held). */
static job *take(vx_uint32 *index)
{
    job *j = queue;
    if (!j) return NULL;
    *index = j->next++;
    if (j->next == j->count) queue = j->link; /* nothing left to take */
    return j;
}

static void finish(job *j)
{
    /* read without the lock by a spinning caller */
    if (__atomic_add_fetch(&j->finished, 1, __ATOMIC_RELEASE) == j->count) pthread_cond_broadcast(&done_cond);
}

static void *worker(void *unused)
{
    (void)unused;
    pthread_mutex_lock(&pool_lock);
    for (;;) {
        vx_uint32 index;
        job *j;
        if (stopping) break;
        j = take(&index);
        if (!j) {
            unsigned long seen = posted;
            int k;
            pthread_mutex_unlock(&pool_lock);
            for (k = 0; k < SPIN_ROUNDS && __atomic_load_n(&posted, __ATOMIC_ACQUIRE) == seen; k++) ovx_cpu_relax();
            pthread_mutex_lock(&pool_lock);
            if (!queue && !stopping) {
                sleepers++;
                pthread_cond_wait(&work_cond, &pool_lock);
                sleepers--;
            }
            continue;
        }
        pthread_mutex_unlock(&pool_lock);
        j->fn(j->arg, index);
        pthread_mutex_lock(&pool_lock);
        finish(j);
    }
    pthread_mutex_unlock(&pool_lock);
    return NULL;
}

void ovx_thread_name(pthread_t thread, const char *role, vx_uint32 n)
{
#if defined(__GLIBC__)
    char name[16]; /* (the kernel keeps 15 characters) */
    snprintf(name, sizeof(name), "ovx-%s%u", role, (unsigned)n);
    pthread_setname_np(thread, name);
#else
    (void)thread, (void)role, (void)n;
#endif
}

/* Start the workers once (pool_lock held). */
static void start_locked(void)
{
    vx_uint32 i;
    if (pool_size) return;
    pool_size = default_threads();
    for (i = 1; i < pool_size; i++) {
        if (pthread_create(&threads[workers], NULL, worker, NULL) != 0) break;
        ovx_thread_name(threads[workers], "pool", workers + 1);
        workers++;
    }
    pool_size = workers + 1;
}

/* Stop and join the workers when the library is unloaded or the process
 * exits, so that nothing of the pool outlives it. */
#if defined(__GNUC__)
__attribute__((destructor))
#endif
static void pool_stop(void)
{
    vx_uint32 i, n;
    pthread_mutex_lock(&pool_lock);
    stopping = vx_true_e;
    n = workers;
    pthread_cond_broadcast(&work_cond);
    pthread_mutex_unlock(&pool_lock);
    for (i = 0; i < n; i++) pthread_join(threads[i], NULL);
    pthread_mutex_lock(&pool_lock);
    workers = 0;
    pool_size = 0;
    stopping = vx_false_e;
    pthread_mutex_unlock(&pool_lock);
}

vx_uint32 ovx_pool_threads(void)
{
    vx_uint32 n;
    pthread_mutex_lock(&pool_lock);
    n = pool_size ? pool_size : default_threads();
    pthread_mutex_unlock(&pool_lock);
    return n;
}

void ovx_pool_set_threads(vx_uint32 n)
{
    pthread_mutex_lock(&pool_lock);
    if (!pool_size && n >= 1 && n <= OVX_MAX_THREADS) requested = n;
    pthread_mutex_unlock(&pool_lock);
}

void ovx_parallel_for(vx_uint32 count, ovx_task_f fn, void *arg)
{
    job j;
    vx_uint32 i;
    if (count == 0) return;
    pthread_mutex_lock(&pool_lock);
    start_locked();
    if (pool_size <= 1 || count == 1) {
        pthread_mutex_unlock(&pool_lock);
        for (i = 0; i < count; i++) fn(arg, i);
        return;
    }
    j.fn = fn;
    j.arg = arg;
    j.count = count;
    j.next = 0;
    j.finished = 0;
    j.link = NULL;
    /* append, so earlier jobs finish first */
    if (!queue) {
        queue = &j;
    } else {
        job *q = queue;
        while (q->link) q = q->link;
        q->link = &j;
    }
    __atomic_store_n(&posted, posted + 1, __ATOMIC_RELEASE);
    if (sleepers) pthread_cond_broadcast(&work_cond);
    /* the caller works on its own job until no item is left to take */
    while (j.next < j.count) {
        vx_uint32 index = j.next++;
        if (j.next == j.count) {
            /* unlink: nothing left to take */
            job **p = &queue;
            while (*p && *p != &j) p = &(*p)->link;
            if (*p) *p = j.link;
        }
        pthread_mutex_unlock(&pool_lock);
        fn(arg, index);
        pthread_mutex_lock(&pool_lock);
        finish(&j);
    }
    /* Until the other threads finish their items of this job, help with
     * other jobs (a node of the same wave, another graph) instead of idling:
     * with nested jobs (a wave's nodes, each cut in bands) a caller waiting
     * on its own last item would otherwise leave a core idle while another
     * job still has items. */
    while (__atomic_load_n(&j.finished, __ATOMIC_ACQUIRE) < j.count) {
        vx_uint32 index;
        job *other = take(&index);
        int k;
        if (other) {
            pthread_mutex_unlock(&pool_lock);
            other->fn(other->arg, index);
            pthread_mutex_lock(&pool_lock);
            finish(other);
            continue;
        }
        {
            unsigned long seen = posted;
            pthread_mutex_unlock(&pool_lock);
            for (k = 0; k < SPIN_ROUNDS && __atomic_load_n(&j.finished, __ATOMIC_ACQUIRE) < j.count &&
                        __atomic_load_n(&posted, __ATOMIC_ACQUIRE) == seen;
                 k++)
                ovx_cpu_relax();
            pthread_mutex_lock(&pool_lock);
            if (__atomic_load_n(&j.finished, __ATOMIC_ACQUIRE) < j.count && !queue)
                pthread_cond_wait(&done_cond, &pool_lock);
        }
    }
    pthread_mutex_unlock(&pool_lock);
}
