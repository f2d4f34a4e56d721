/*
 * How far apart two CPUs are: the round trip of one cache line between a
 * thread pinned to each (one writes, the other answers, a million times).
 *
 * Why it is here: two-thread results on a VM depend on where the host puts
 * its vCPUs.  On the 2-vCPU Zen 4 VM these benchmarks ran on, the round trip
 * between CPUs 0 and 1 was 50-65 ns most of the time (the same core complex:
 * a shared L3) and 300-340 ns for stretches of seconds to minutes (different
 * complexes), and that decided, among others, HoughLinesP on two threads
 * (146-156 ms near, 206-209 far) and streams with a user kernel that keeps
 * its own buffers across frames (bench_pipeline.py: before user kernels had
 * home threads, the frames alternated between the cores and the kernel's
 * buffers with them: a NumPy box of 0.19 ms took 0.5-1.0 ms far, and the
 * stream ran at 0.4-0.65x process()).  Run it before and after a benchmark
 * to know which placement the benchmark had.
 *
 * Usage: core_pair [cpu_a cpu_b]   (default 0 1)
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define TRIPS 1000000L

static long flag __attribute__((aligned(64)));
static int cpu_b;

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int pin(int cpu)
{
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(cpu, &set);
    return pthread_setaffinity_np(pthread_self(), sizeof(set), &set);
}

/* the answering side: odd values come, the next even one goes back */
static void *answer(void *arg)
{
    long i;
    (void)arg;
    if (pin(cpu_b) != 0) return (void *)1;
    for (i = 1; i < 2 * TRIPS; i += 2) {
        while (__atomic_load_n(&flag, __ATOMIC_ACQUIRE) != i) {
        }
        __atomic_store_n(&flag, i + 1, __ATOMIC_RELEASE);
    }
    return NULL;
}

int main(int argc, char **argv)
{
    int cpu_a = argc > 2 ? atoi(argv[1]) : 0;
    pthread_t t;
    void *res = NULL;
    long i;
    double t0;
    cpu_b = argc > 2 ? atoi(argv[2]) : 1;
    if (pin(cpu_a) != 0) {
        fprintf(stderr, "core_pair: cannot run on CPU %d\n", cpu_a);
        return 1;
    }
    if (pthread_create(&t, NULL, answer, NULL) != 0) {
        fprintf(stderr, "core_pair: no thread\n");
        return 1;
    }
    t0 = now_s();
    for (i = 0; i < 2 * TRIPS; i += 2) {
        __atomic_store_n(&flag, i + 1, __ATOMIC_RELEASE);
        while (__atomic_load_n(&flag, __ATOMIC_ACQUIRE) != i + 2) {
            if (i == 0 && now_s() - t0 > 2.0) { /* the other thread could not be pinned */
                fprintf(stderr, "core_pair: cannot run on CPU %d\n", cpu_b);
                return 1;
            }
        }
    }
    t0 = now_s() - t0;
    pthread_join(t, &res);
    printf("core_pair: CPUs %d and %d, cache-line round trip %.0f ns\n", cpu_a, cpu_b, t0 / (double)TRIPS * 1e9);
    return 0;
}
