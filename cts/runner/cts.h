/*
 * libopenvx conformance runner: a small C99 test framework.
 *
 * A test is declared with
 *
 *     CTS_TEST(Group, name, "REQ-0542 REQ-0543") { ... body ... }
 *
 * where Group is the spec chapter and the string lists the spec requirement
 * ids the test checks.  C99 has no portable constructors, so each test file
 * ends with a table of its tests:
 *
 *     CTS_TABLE(context) = { CTS_ENTRY(Group, name), ..., CTS_TABLE_END };
 *
 * and runner/main.c lists the tables.  A test declared but not listed in the
 * table is an unused static const variable: -Wall -Werror catches it.
 *
 * Assertions: CTS_ASSERT* record a failure and abort the test (longjmp back
 * to the runner); CTS_EXPECT* record a failure and let the test continue.
 * CTS_SKIP(msg) ends the test as skipped (counted as passed).
 */
#ifndef CTS_H
#define CTS_H

#include <VX/vx.h>
#include <VX/vx_compatibility.h>
#include <VX/vx_ext_ovx.h>
#include <VX/vxu.h>
#include <stddef.h>

typedef void (*cts_fn)(void);

typedef struct {
    const char *group;
    const char *name;
    const char *reqs;
    cts_fn fn;
    const char *file;
    int line;
} cts_test;

#define CTS_TEST(group, name, reqs)                                                              \
    static void cts_body_##group##_##name(void);                                                 \
    static const cts_test cts_t_##group##_##name = {#group, #name, reqs, cts_body_##group##_##name, \
                                                     __FILE__, __LINE__};                        \
    static void cts_body_##group##_##name(void)

#define CTS_ENTRY(group, name) (&cts_t_##group##_##name)
#define CTS_TABLE(id) const cts_test *const cts_table_##id[]
#define CTS_TABLE_END NULL
#define CTS_DECLARE_TABLE(id) extern const cts_test *const cts_table_##id[]

/* ---- failure recording (runner/main.c) --------------------------------- */
void cts_fail(const char *file, int line, int abort_test, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;
void cts_skip(const char *file, int line, const char *reason);
const char *cts_status_name(vx_status status);
const char *cts_type_name(vx_enum type);

#define CTS_CHECK_(abort_test, cond, ...)                                                          \
    do {                                                                                           \
        if (!(cond)) cts_fail(__FILE__, __LINE__, abort_test, __VA_ARGS__);                        \
    } while (0)

#define CTS_ASSERT(cond) CTS_CHECK_(1, (cond), "assertion failed: %s", #cond)
#define CTS_EXPECT(cond) CTS_CHECK_(0, (cond), "expectation failed: %s", #cond)
#define CTS_ASSERT_MSG(cond, ...) CTS_CHECK_(1, (cond), __VA_ARGS__)
#define CTS_EXPECT_MSG(cond, ...) CTS_CHECK_(0, (cond), __VA_ARGS__)

#define CTS_EQ_INT_(abort_test, a, b)                                                              \
    do {                                                                                           \
        long long cts_a_ = (long long)(a), cts_b_ = (long long)(b);                                \
        if (cts_a_ != cts_b_)                                                                      \
            cts_fail(__FILE__, __LINE__, abort_test, "%s == %s: got %lld (0x%llx), expected %lld (0x%llx)", \
                     #a, #b, cts_a_, (unsigned long long)cts_a_, cts_b_, (unsigned long long)cts_b_); \
    } while (0)
#define CTS_ASSERT_EQ_INT(a, b) CTS_EQ_INT_(1, a, b)
#define CTS_EXPECT_EQ_INT(a, b) CTS_EQ_INT_(0, a, b)

#define CTS_STATUS_(abort_test, expr, expected)                                                    \
    do {                                                                                           \
        vx_status cts_s_ = (vx_status)(expr), cts_e_ = (vx_status)(expected);                      \
        if (cts_s_ != cts_e_)                                                                      \
            cts_fail(__FILE__, __LINE__, abort_test, "%s: got %s (%d), expected %s (%d)", #expr,    \
                     cts_status_name(cts_s_), cts_s_, cts_status_name(cts_e_), cts_e_);            \
    } while (0)
#define CTS_ASSERT_STATUS(expr, expected) CTS_STATUS_(1, expr, expected)
#define CTS_EXPECT_STATUS(expr, expected) CTS_STATUS_(0, expr, expected)

/* The object is valid (vxGetStatus == VX_SUCCESS). */
#define CTS_ASSERT_VALID(ref) CTS_ASSERT_STATUS(vxGetStatus((vx_reference)(ref)), VX_SUCCESS)
/* The creator returned an error object (not NULL) with this status. */
#define CTS_EXPECT_ERROR_OBJECT(ref, expected)                                                     \
    do {                                                                                           \
        vx_reference cts_r_ = (vx_reference)(ref);                                                 \
        CTS_EXPECT_MSG(cts_r_ != NULL, "%s returned NULL, expected an error object", #ref);        \
        if (cts_r_) CTS_EXPECT_STATUS(vxGetStatus(cts_r_), expected);                              \
    } while (0)

#define CTS_SKIP(reason) cts_skip(__FILE__, __LINE__, reason)

/* VX_KERNEL_BASE(VX_ID_USER, lib) without the signed overflow of the header's
 * macro (0xFFE << 20 does not fit an int; UBSan rightly complains). */
#define CTS_USER_KERNEL_BASE(lib) ((vx_enum)(((vx_uint32)VX_ID_USER << 20) | ((vx_uint32)(lib) << 12)))

/* ---- helpers ------------------------------------------------------------ */
/* A fresh context for the running test, released by the runner after it
 * (also when the test aborts).  It has the capturing log callback installed. */
vx_context cts_context(void);

/* The log of the contexts made by cts_context() (and of any context given to
 * cts_capture_log): the number of entries since the last cts_log_clear(), and
 * the last entry. */
typedef struct {
    vx_context context;
    vx_reference ref;
    vx_status status;
    char message[VX_MAX_LOG_MESSAGE_LEN + 8];
    size_t length;
} cts_log_entry;
void cts_capture_log(vx_context c);
void cts_log_clear(void);
int cts_log_count(void);
const cts_log_entry *cts_log_last(void);

/* VX_CONTEXT_REFERENCES of c (or -1 on failure). */
int cts_context_refs(vx_context c);
/* VX_REFERENCE_COUNT of ref (or -1 on failure). */
int cts_ref_count(vx_reference ref);

/* User kernels for tests: a kernel function and validator that do nothing. */
vx_status VX_CALLBACK cts_nop_kernel(vx_node node, const vx_reference *parameters, vx_uint32 num);
vx_status VX_CALLBACK cts_nop_validate(vx_node node, const vx_reference parameters[], vx_uint32 num,
                                       vx_meta_format metas[]);
/* Add a user kernel "org.libopenvx.cts.<name>" with an allocated enum and
 * nparams image inputs (all VX_INPUT VX_TYPE_IMAGE required); finalized when
 * finalize is nonzero.  Aborts the test on failure. */
vx_kernel cts_user_kernel(vx_context c, const char *name, vx_uint32 nparams, int finalize);
/* Add and finalize a user kernel "org.libopenvx.cts.<name>" running fn
 * (validator validate, may be NULL) on an image input (parameter 0) and an
 * image output (1).  Aborts the test on failure. */
vx_kernel cts_image_kernel(vx_context c, const char *name, vx_kernel_f fn, vx_kernel_validate_f validate);

#endif
