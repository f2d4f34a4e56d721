/*
 * libopenvx conformance runner: test selection, running, reporting.
 *
 *   openvx-cts [--filter PATTERN] [--list] [--quiet]
 *
 * PATTERN is a glob (fnmatch) on "Group.name" when it holds * ? or [, else a
 * substring of it.  Each test runs in-process; a crash (SIGSEGV, SIGABRT,
 * SIGBUS, SIGFPE, SIGILL) prints the test that crashed and exits nonzero.
 * The last line is always "N passed, N failed" (skipped tests count as
 * passed, and are also counted on the line before it).
 */
#define _POSIX_C_SOURCE 200809L

#include "cts.h"

#include <fnmatch.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* ---- the tables (one per test file) ------------------------------------- */
CTS_DECLARE_TABLE(context);
CTS_DECLARE_TABLE(reference);
CTS_DECLARE_TABLE(log);
CTS_DECLARE_TABLE(directive);
CTS_DECLARE_TABLE(target);
CTS_DECLARE_TABLE(userstruct);
CTS_DECLARE_TABLE(kernel);
CTS_DECLARE_TABLE(module);
CTS_DECLARE_TABLE(stubs);
CTS_DECLARE_TABLE(badinput);
CTS_DECLARE_TABLE(scalar);
CTS_DECLARE_TABLE(array);
CTS_DECLARE_TABLE(lut);
CTS_DECLARE_TABLE(distribution);
CTS_DECLARE_TABLE(matrix);
CTS_DECLARE_TABLE(convolution);
CTS_DECLARE_TABLE(threshold);
CTS_DECLARE_TABLE(remap);
CTS_DECLARE_TABLE(image);
CTS_DECLARE_TABLE(pyramid);
CTS_DECLARE_TABLE(object_array);
CTS_DECLARE_TABLE(delay);
CTS_DECLARE_TABLE(tensor);
CTS_DECLARE_TABLE(user_data_object);
CTS_DECLARE_TABLE(fusion);
CTS_DECLARE_TABLE(graph);
CTS_DECLARE_TABLE(node);
CTS_DECLARE_TABLE(user_node);
CTS_DECLARE_TABLE(tiling);
CTS_DECLARE_TABLE(k_arith);
CTS_DECLARE_TABLE(k_filter);
CTS_DECLARE_TABLE(k_color);
CTS_DECLARE_TABLE(k_stats);
CTS_DECLARE_TABLE(k_geometry);
CTS_DECLARE_TABLE(k_multiscale);
CTS_DECLARE_TABLE(k_features);
CTS_DECLARE_TABLE(k_optflow);
CTS_DECLARE_TABLE(k_control);
CTS_DECLARE_TABLE(k_imgext);
CTS_DECLARE_TABLE(k_hog);
CTS_DECLARE_TABLE(k_tensorops);
CTS_DECLARE_TABLE(k_bilateral);
CTS_DECLARE_TABLE(k_nn);
CTS_DECLARE_TABLE(nnef);
CTS_DECLARE_TABLE(k_nn_float);
CTS_DECLARE_TABLE(ix);
CTS_DECLARE_TABLE(dispatch);
CTS_DECLARE_TABLE(swapmove);
CTS_DECLARE_TABLE(reverify);
CTS_DECLARE_TABLE(dot);
CTS_DECLARE_TABLE(pipeline);
CTS_DECLARE_TABLE(lifetime);
CTS_DECLARE_TABLE(threads);
CTS_DECLARE_TABLE(bad_values);
CTS_DECLARE_TABLE(fuzz_regress);

static const cts_test *const *const all_tables[] = {
    cts_table_context, cts_table_reference, cts_table_log,    cts_table_directive, cts_table_target,
    cts_table_userstruct, cts_table_kernel, cts_table_module, cts_table_stubs,     cts_table_badinput,
    cts_table_scalar, cts_table_array, cts_table_lut, cts_table_distribution, cts_table_matrix, cts_table_convolution, cts_table_threshold, cts_table_remap, cts_table_image, cts_table_pyramid, cts_table_object_array, cts_table_delay, cts_table_tensor, cts_table_user_data_object,
    cts_table_graph, cts_table_fusion, cts_table_node, cts_table_user_node, cts_table_tiling,
    cts_table_k_arith,
    cts_table_k_filter,
    cts_table_k_color,
    cts_table_k_stats,
    cts_table_k_geometry,
    cts_table_k_multiscale,
    cts_table_k_features,
    cts_table_k_optflow,
    cts_table_k_control,
    cts_table_k_imgext,
    cts_table_k_hog,
    cts_table_k_tensorops,
    cts_table_k_bilateral,
    cts_table_k_nn, cts_table_nnef, cts_table_k_nn_float,
    cts_table_ix,
    cts_table_dispatch,
    cts_table_swapmove,
    cts_table_reverify,
    cts_table_dot,
    cts_table_pipeline,
    cts_table_lifetime,
    cts_table_threads,
    cts_table_bad_values,
    cts_table_fuzz_regress,
};

/* ---- state of the running test ------------------------------------------ */
#define MAX_TEST_CONTEXTS 16
static const cts_test *current;
static jmp_buf test_jmp;
static int test_failures;
static int test_skipped;
static char skip_reason[256];
static int quiet;
static vx_context test_contexts[MAX_TEST_CONTEXTS];
static int num_test_contexts;

static int log_count;
static cts_log_entry log_last;

const char *cts_status_name(vx_status s)
{
    switch (s) {
#define S(x) case x: return #x
        S(VX_SUCCESS); S(VX_FAILURE); S(VX_ERROR_NOT_IMPLEMENTED); S(VX_ERROR_NOT_SUPPORTED);
        S(VX_ERROR_NOT_SUFFICIENT); S(VX_ERROR_NOT_ALLOCATED); S(VX_ERROR_NOT_COMPATIBLE);
        S(VX_ERROR_NO_RESOURCES); S(VX_ERROR_NO_MEMORY); S(VX_ERROR_OPTIMIZED_AWAY);
        S(VX_ERROR_INVALID_PARAMETERS); S(VX_ERROR_INVALID_MODULE); S(VX_ERROR_INVALID_REFERENCE);
        S(VX_ERROR_INVALID_LINK); S(VX_ERROR_INVALID_FORMAT); S(VX_ERROR_INVALID_DIMENSION);
        S(VX_ERROR_INVALID_VALUE); S(VX_ERROR_INVALID_TYPE); S(VX_ERROR_INVALID_GRAPH);
        S(VX_ERROR_INVALID_NODE); S(VX_ERROR_INVALID_SCOPE); S(VX_ERROR_GRAPH_SCHEDULED);
        S(VX_ERROR_GRAPH_ABANDONED); S(VX_ERROR_MULTIPLE_WRITERS); S(VX_ERROR_REFERENCE_NONZERO);
#undef S
    default: return "(unknown status)";
    }
}

const char *cts_type_name(vx_enum t)
{
    switch (t) {
#define T(x) case x: return #x
        T(VX_TYPE_INVALID); T(VX_TYPE_REFERENCE); T(VX_TYPE_CONTEXT); T(VX_TYPE_GRAPH); T(VX_TYPE_NODE);
        T(VX_TYPE_KERNEL); T(VX_TYPE_PARAMETER); T(VX_TYPE_ERROR); T(VX_TYPE_IMAGE); T(VX_TYPE_SCALAR);
#undef T
    default: return "(other type)";
    }
}

static void print_test_name(FILE *f, const cts_test *t)
{
    fprintf(f, "%s.%s", t->group, t->name);
}

void cts_fail(const char *file, int line, int abort_test, const char *fmt, ...)
{
    va_list ap;
    const char *base = strrchr(file, '/');
    base = base ? base + 1 : file;
    if (test_failures == 0) {
        printf("[FAIL] ");
        print_test_name(stdout, current);
        printf(": ");
    } else {
        printf("       ");
    }
    printf("%s:%d: ", base, line);
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    printf("\n");
    fflush(stdout);
    test_failures++;
    if (abort_test) longjmp(test_jmp, 1);
}

void cts_skip(const char *file, int line, const char *reason)
{
    const char *base = strrchr(file, '/');
    base = base ? base + 1 : file;
    snprintf(skip_reason, sizeof(skip_reason), "%s:%d: %s", base, line, reason ? reason : "");
    test_skipped = 1;
    longjmp(test_jmp, 1);
}

/* ---- log capture --------------------------------------------------------- */
static void VX_CALLBACK capture_cb(vx_context context, vx_reference ref, vx_status status, const vx_char string[])
{
    log_count++;
    log_last.context = context;
    log_last.ref = ref;
    log_last.status = status;
    log_last.length = string ? strlen(string) : 0;
    memset(log_last.message, 0, sizeof(log_last.message));
    if (string) strncpy(log_last.message, string, sizeof(log_last.message) - 1);
}

void cts_capture_log(vx_context c) { vxRegisterLogCallback(c, capture_cb, vx_false_e); }
void cts_log_clear(void)
{
    log_count = 0;
    memset(&log_last, 0, sizeof(log_last));
}
int cts_log_count(void) { return log_count; }
const cts_log_entry *cts_log_last(void) { return &log_last; }

vx_context cts_context(void)
{
    vx_context c = vxCreateContext();
    if (vxGetStatus((vx_reference)c) != VX_SUCCESS)
        cts_fail(__FILE__, __LINE__, 1, "vxCreateContext failed: %s", cts_status_name(vxGetStatus((vx_reference)c)));
    if (num_test_contexts >= MAX_TEST_CONTEXTS) cts_fail(__FILE__, __LINE__, 1, "too many test contexts");
    test_contexts[num_test_contexts++] = c;
    cts_capture_log(c);
    return c;
}

int cts_context_refs(vx_context c)
{
    vx_uint32 n = 0;
    if (vxQueryContext(c, VX_CONTEXT_REFERENCES, &n, sizeof(n)) != VX_SUCCESS) return -1;
    return (int)n;
}

int cts_ref_count(vx_reference ref)
{
    vx_uint32 n = 0;
    if (vxQueryReference(ref, VX_REFERENCE_COUNT, &n, sizeof(n)) != VX_SUCCESS) return -1;
    return (int)n;
}

/* ---- crash handler -------------------------------------------------------- */
static void write_str(const char *s)
{
    size_t n = strlen(s);
    while (n > 0) {
        ssize_t w = write(STDOUT_FILENO, s, n);
        if (w <= 0) return;
        s += w;
        n -= (size_t)w;
    }
}

static void crash_handler(int sig)
{
    const char *what = sig == SIGSEGV ? "SIGSEGV" : sig == SIGABRT ? "SIGABRT" : sig == SIGBUS ? "SIGBUS"
                     : sig == SIGFPE ? "SIGFPE" : sig == SIGILL ? "SIGILL"
                     : sig == SIGALRM ? "over CTS_TEST_TIMEOUT seconds (hung?)"
                     : sig == SIGTERM ? "SIGTERM (a test harness's timeout?)" : "signal";
    fflush(stdout); /* not async-signal-safe, but we are dying anyway */
    write_str(sig == SIGALRM || sig == SIGTERM ? "\n[STOPPED] " : "\n[CRASH] ");
    if (current) {
        write_str(current->group);
        write_str(".");
        write_str(current->name);
    } else {
        write_str("(outside any test)");
    }
    write_str(": ");
    write_str(what);
    write_str("\n");
    _exit(128 + sig);
}

/* (SIGTERM, SIGALRM: a test that does not end, stopped by the harness's
 * timeout or by CTS_TEST_TIMEOUT: the log names it) */
static void install_crash_handlers(void)
{
    static const int sigs[] = {SIGSEGV, SIGABRT, SIGBUS, SIGFPE, SIGILL, SIGTERM, SIGALRM};
    struct sigaction sa;
    size_t i;
    memset(&sa, 0, sizeof(sa));
    sa.sa_handler = crash_handler;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = (int)SA_RESETHAND;
    for (i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++) sigaction(sigs[i], &sa, NULL);
}

/* ---- selection and running ------------------------------------------------ */
static int matches_one(const char *full, const char *pattern)
{
    if (strpbrk(pattern, "*?[")) return fnmatch(pattern, full, 0) == 0;
    return strstr(full, pattern) != NULL;
}

/* PATTERN is one or more patterns separated by ':'; a test runs when any
 * of them matches. */
static int matches(const cts_test *t, const char *pattern)
{
    char full[256], one[256];
    const char *p = pattern;
    if (!pattern) return 1;
    snprintf(full, sizeof(full), "%s.%s", t->group, t->name);
    while (*p) {
        size_t n = strcspn(p, ":");
        if (n > 0 && n < sizeof(one)) {
            memcpy(one, p, n);
            one[n] = 0;
            if (matches_one(full, one)) return 1;
        }
        p += n;
        if (*p == ':') p++;
    }
    return 0;
}

/* CTS_TEST_TIMEOUT: seconds a test may take (0 or unset: no limit) */
static unsigned test_timeout;

/* Run one test; returns 0 passed, 1 failed, 2 skipped. */
static int run_one(const cts_test *t)
{
    volatile int i;
    current = t;
    if (test_timeout) alarm(test_timeout);
    test_failures = 0;
    test_skipped = 0;
    num_test_contexts = 0;
    cts_log_clear();
    if (setjmp(test_jmp) == 0) t->fn();
    for (i = 0; i < num_test_contexts; i++) {
        vx_context c = test_contexts[i];
        if (vxReleaseContext(&c) != VX_SUCCESS && !test_failures && !test_skipped)
            cts_fail(__FILE__, __LINE__, 0, "releasing the test context failed");
    }
    num_test_contexts = 0;
    if (test_timeout) alarm(0);
    current = NULL;
    if (test_failures) return 1;
    if (test_skipped) {
        if (!quiet) printf("[SKIP] %s.%s: %s\n", t->group, t->name, skip_reason);
        return 2;
    }
    if (!quiet) printf("[ OK ] %s.%s\n", t->group, t->name);
    return 0;
}

static void usage(const char *argv0)
{
    printf("usage: %s [--filter PATTERN] [--list] [--quiet]\n"
           "  --filter PATTERN  run tests whose \"Group.name\" matches PATTERN (glob, or substring;\n"
           "                    several patterns separated by ':')\n"
           "  --list            list the tests with the spec requirements they check\n"
           "  --quiet           print only failures and the summary\n"
           "environment: CTS_TEST_TIMEOUT=N stops the run, naming the test, when one test takes over N s\n",
           argv0);
}

int main(int argc, char **argv)
{
    const char *filter = NULL;
    int list = 0, i;
    size_t ti;
    int passed = 0, failed = 0, skipped = 0;

    for (i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--filter") == 0 && i + 1 < argc) {
            filter = argv[++i];
        } else if (strncmp(argv[i], "--filter=", 9) == 0) {
            filter = argv[i] + 9;
        } else if (strcmp(argv[i], "--list") == 0) {
            list = 1;
        } else if (strcmp(argv[i], "--quiet") == 0 || strcmp(argv[i], "-q") == 0) {
            quiet = 1;
        } else if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            usage(argv[0]);
            return 0;
        } else {
            fprintf(stderr, "openvx-cts: unknown argument '%s'\n", argv[i]);
            usage(argv[0]);
            return 2;
        }
    }
    setvbuf(stdout, NULL, _IOLBF, 0);
    {
        const char *tt = getenv("CTS_TEST_TIMEOUT");
        long v = tt ? strtol(tt, NULL, 10) : 0;
        test_timeout = v > 0 && v < 100000 ? (unsigned)v : 0;
    }
    install_crash_handlers();

    for (ti = 0; ti < sizeof(all_tables) / sizeof(all_tables[0]); ti++) {
        const cts_test *const *tab = all_tables[ti];
        for (; *tab; tab++) {
            if (!matches(*tab, filter)) continue;
            if (list) {
                printf("%s.%s  [%s]\n", (*tab)->group, (*tab)->name, (*tab)->reqs);
                continue;
            }
            switch (run_one(*tab)) {
            case 0: passed++; break;
            case 1: failed++; break;
            default: passed++; skipped++; break;
            }
        }
    }
    if (list) return 0;
    if (skipped) printf("%d skipped (counted as passed)\n", skipped);
    printf("%d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
