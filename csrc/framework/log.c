/*
 * Error objects and the log.  Spec: "Object: Context" (vxGetStatus), "Log"
 * (vxRegisterLogCallback, vxAddLogEntry), vxDirective logging directives.
 */
#include "ovx.h"

#include <stdio.h>
#include <string.h>

vx_reference ovx_error(vx_context c, vx_status status)
{
    vx_reference e;
    vx_uint32 slot;
    if (!c) return NULL;
    if (status > VX_SUCCESS || status < VX_STATUS_MIN) status = VX_FAILURE;
    slot = (vx_uint32)(-status);
    ovx_context_lock(c);
    e = c->errors[slot];
    ovx_context_unlock(c);
    if (e) return e;
    e = ovx_ref_create(c, VX_TYPE_ERROR, sizeof(struct _vx_reference), NULL, NULL);
    if (!e) return NULL;
    e->error_status = status;
    e->external_count = 0;
    e->internal_count = 1; /* owned by the context */
    ovx_context_lock(c);
    if (c->errors[slot]) { /* another thread made it first */
        vx_reference keep = c->errors[slot];
        ovx_context_unlock(c);
        ovx_ref_release_internal(e);
        return keep;
    }
    c->errors[slot] = e;
    ovx_context_unlock(c);
    return e;
}

vx_reference ovx_error_from(const void *ref, vx_status status, const char *fmt, ...)
{
    vx_reference r = (vx_reference)ref;
    vx_context c;
    va_list ap;
    if (!ovx_ref_is_live(r) || r->magic != OVX_MAGIC) return NULL;
    c = r->type == VX_TYPE_CONTEXT ? (vx_context)r : r->context;
    va_start(ap, fmt);
    ovx_vlog(r, status, fmt, ap);
    va_end(ap);
    return ovx_error(c, status);
}

static void deliver(vx_reference ref, vx_status status, const char *fmt, va_list ap)
{
    vx_context c;
    vx_log_callback_f cb;
    vx_bool unlocked;
    char msg[VX_MAX_LOG_MESSAGE_LEN];
    if (fmt == NULL) return;
    if (!ovx_ref_is_live(ref) || ref->magic != OVX_MAGIC) return;
    c = ref->type == VX_TYPE_CONTEXT ? (vx_context)ref : ref->context;
    if (!c) return;
    pthread_mutex_lock(&c->log_lock);
    cb = c->log_enabled ? c->log_callback : NULL;
    /* a reentrant callback runs unlocked; decided once, under the lock (the
     * callback or another thread may register another one meanwhile) */
    unlocked = cb && c->log_reentrant ? vx_true_e : vx_false_e;
    if (unlocked) pthread_mutex_unlock(&c->log_lock);
    if (cb) {
        vsnprintf(msg, sizeof(msg), fmt, ap); /* truncates at VX_MAX_LOG_MESSAGE_LEN */
        cb(c, ref, status, msg);
    }
    if (!unlocked) pthread_mutex_unlock(&c->log_lock);
}

void ovx_vlog(vx_reference ref, vx_status status, const char *fmt, va_list ap)
{
    if (status == VX_SUCCESS) return; /* REQ-1822: only errors and warnings */
    deliver(ref, status, fmt, ap);
}

void ovx_log_info(vx_reference ref, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    deliver(ref, VX_SUCCESS, fmt, ap);
    va_end(ap);
}

void ovx_log(vx_reference ref, vx_status status, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    ovx_vlog(ref, status, fmt, ap);
    va_end(ap);
}

VX_API_ENTRY void VX_API_CALL vxAddLogEntry(vx_reference ref, vx_status status, const char *message, ...)
{
    va_list ap;
    va_start(ap, message);
    ovx_vlog(ref, status, message, ap);
    va_end(ap);
}

VX_API_ENTRY void VX_API_CALL vxRegisterLogCallback(vx_context context, vx_log_callback_f callback, vx_bool reentrant)
{
    if (!ovx_context_valid(context)) return;
    pthread_mutex_lock(&context->log_lock);
    context->log_callback = callback;
    context->log_reentrant = reentrant == vx_true_e ? vx_true_e : vx_false_e;
    pthread_mutex_unlock(&context->log_lock);
}

const char *ovx_attr_label(vx_enum attribute, char *buf)
{
    const char *n = ovx_attr_name(attribute);
    if (n) return n;
    snprintf(buf, 16, "0x%x", (unsigned)attribute);
    return buf;
}

const char *ovx_df_label(vx_df_image format, char *buf)
{
    const char *n = ovx_df_name(format);
    int i;
    char cc[5];
    if (n) return n;
    for (i = 0; i < 4; i++) {
        char c = (char)((format >> (8 * i)) & 0xFF);
        cc[i] = (c >= 32 && c < 127) ? c : '?';
    }
    cc[4] = 0;
    snprintf(buf, 24, "'%s' (0x%08x)", cc, (unsigned)format);
    return buf;
}
