/*
 * Kernels: statistics (spec "Histogram", "Equalize Histogram", "Mean and
 * Standard Deviation", "Min, Max Location", "Integral Image").  These are
 * reductions (or, for the integral image and equalization, depend on the
 * whole image), so they run as whole-node functions over compute/stats.c.
 * Histogram, mean/stddev and min/max look at the input's valid region.
 */
#include "kernels.h"

#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "../compute/arith.h"
#include "../compute/stats.h"
#include "../framework/graph.h"
#include "../objects/distribution.h"

static vx_status set_scalar_meta(vx_meta_format meta, vx_enum type)
{
    return vxSetMetaFormatAttribute(meta, VX_SCALAR_TYPE, &type, sizeof(type));
}

static vx_status require_format(vx_node node, vx_uint32 index, vx_reference ref, vx_df_image a, vx_df_image b)
{
    vx_df_image f = ovx_image_format_of(ref);
    char s1[5], s2[5], s3[5];
    if (f == a || (b != 0 && f == b)) return VX_SUCCESS;
    if (b != 0)
        return ovx_kernel_log(node, index, VX_ERROR_INVALID_FORMAT, "must be %s or %s, got %s", ovx_fmt_name(a, s1),
                              ovx_fmt_name(b, s2), ovx_fmt_name(f, s3));
    return ovx_kernel_log(node, index, VX_ERROR_INVALID_FORMAT, "must be %s, got %s", ovx_fmt_name(a, s1),
                          ovx_fmt_name(f, s3));
}

/* The input's valid rectangle, clipped to the image. */
static void valid_rect(vx_image img, vx_uint32 *x0, vx_uint32 *y0, vx_uint32 *x1, vx_uint32 *y1)
{
    vx_rectangle_t r;
    vx_uint32 w, h;
    ovx_image_size_of((vx_reference)img, &w, &h);
    if (vxGetValidRegionImage(img, &r) != VX_SUCCESS) {
        r.start_x = r.start_y = 0;
        r.end_x = w;
        r.end_y = h;
    }
    if (r.end_x > w) r.end_x = w;
    if (r.end_y > h) r.end_y = h;
    if (r.start_x > r.end_x) r.start_x = r.end_x;
    if (r.start_y > r.end_y) r.start_y = r.end_y;
    *x0 = r.start_x, *y0 = r.start_y, *x1 = r.end_x, *y1 = r.end_y;
}

/* ---- Histogram ------------------------------------------------------------ */

static vx_status VX_CALLBACK histogram_validate(vx_node node, const vx_reference p[], vx_uint32 num,
                                                vx_meta_format metas[])
{
    vx_status s;
    vx_size bins = 0;
    vx_int32 offset = 0;
    vx_uint32 range = 0;
    if (num != 2) return VX_ERROR_INVALID_PARAMETERS;
    if ((s = require_format(node, 0, p[0], VX_DF_IMAGE_U8, 0)) != VX_SUCCESS) return s;
    if (vxQueryDistribution((vx_distribution)p[1], VX_DISTRIBUTION_BINS, &bins, sizeof(bins)) != VX_SUCCESS ||
        vxQueryDistribution((vx_distribution)p[1], VX_DISTRIBUTION_OFFSET, &offset, sizeof(offset)) != VX_SUCCESS ||
        vxQueryDistribution((vx_distribution)p[1], VX_DISTRIBUTION_RANGE, &range, sizeof(range)) != VX_SUCCESS)
        return ovx_kernel_log(node, 1, VX_ERROR_INVALID_PARAMETERS, "the distribution cannot be queried");
    s = vxSetMetaFormatAttribute(metas[1], VX_DISTRIBUTION_BINS, &bins, sizeof(bins));
    if (s == VX_SUCCESS) s = vxSetMetaFormatAttribute(metas[1], VX_DISTRIBUTION_OFFSET, &offset, sizeof(offset));
    if (s == VX_SUCCESS) s = vxSetMetaFormatAttribute(metas[1], VX_DISTRIBUTION_RANGE, &range, sizeof(range));
    return s;
}

/* Rows [y0, y1) of the rectangle in bands on the node's threads; fn merges
 * its band's exact integer result into job under lock. */
static void run_bands(vx_node node, pthread_mutex_t *lock, vx_uint32 x0, vx_uint32 y0, vx_uint32 x1, vx_uint32 y1,
                      ovx_rows_f fn, void *job)
{
    pthread_mutex_init(lock, NULL);
    ovx_node_parallel_rows(node, y0, y1, (vx_uint64)(x1 - x0) * (y1 - y0), fn, job);
    pthread_mutex_destroy(lock);
}

/* The value counts of a rectangle on both cores: the bands' counts added. */
typedef struct {
    ovx_plane pl;
    vx_uint32 x0, x1;
    vx_uint32 counts[256];
    pthread_mutex_t lock;
} count_job;

static void count_rows(void *arg, vx_uint32 ya, vx_uint32 yb)
{
    count_job *j = arg;
    vx_uint32 c[256], v;
    ovxc_count_u8(j->pl.ptr, j->pl.stride, j->x0, ya, j->x1, yb, c);
    pthread_mutex_lock(&j->lock);
    for (v = 0; v < 256; v++) j->counts[v] += c[v];
    pthread_mutex_unlock(&j->lock);
}

static void parallel_counts(vx_node node, ovx_plane pl, vx_uint32 x0, vx_uint32 y0, vx_uint32 x1, vx_uint32 y1,
                            vx_uint32 counts[256])
{
    count_job j;
    memset(&j, 0, sizeof(j));
    j.pl = pl, j.x0 = x0, j.x1 = x1;
    if (x1 > x0 && y1 > y0) run_bands(node, &j.lock, x0, y0, x1, y1, count_rows, &j);
    memcpy(counts, j.counts, sizeof(j.counts));
}

static vx_status VX_CALLBACK histogram_function(vx_node node, const vx_reference *p, vx_uint32 num)
{
    vx_image img = (vx_image)p[0];
    vx_distribution d = (vx_distribution)p[1];
    vx_uint32 counts[256], x0, y0, x1, y1;
    ovx_plane pl;
    (void)num;
    if (d->data == NULL) return VX_ERROR_NO_MEMORY;
    valid_rect(img, &x0, &y0, &x1, &y1);
    pl = ovx_image_plane(img, 0);
    parallel_counts(node, pl, x0, y0, x1, y1, counts);
    ovxc_histogram_from_counts(counts, d->offset, d->range, d->bins, d->data);
    return VX_SUCCESS;
}

/* ---- Equalize Histogram ---------------------------------------------------- */

static vx_status VX_CALLBACK u8_to_same_validate(vx_node node, const vx_reference p[], vx_uint32 num,
                                                 vx_meta_format metas[], vx_df_image out)
{
    vx_status s;
    vx_uint32 w, h;
    if (num != 2) return VX_ERROR_INVALID_PARAMETERS;
    if ((s = require_format(node, 0, p[0], VX_DF_IMAGE_U8, 0)) != VX_SUCCESS) return s;
    ovx_image_size_of(p[0], &w, &h);
    return ovx_set_image_meta(metas[1], out, w, h);
}

static vx_status VX_CALLBACK equalize_validate(vx_node node, const vx_reference p[], vx_uint32 num,
                                               vx_meta_format metas[])
{
    return u8_to_same_validate(node, p, num, metas, VX_DF_IMAGE_U8);
}

/* The table applied by the node's TableLookup variant (compute/arith.h),
 * chosen at verification, on both cores. */
typedef struct {
    ovx_plane src, dst;
    vx_uint32 w;
    const vx_uint8 *lut;
    ovxc_table_lookup_f fn;
} lut_job;

static void lut_rows(void *arg, vx_uint32 ya, vx_uint32 yb)
{
    lut_job *j = arg;
    ovxc_buf in, o;
    ovxc_rect r;
    in.ptr = j->src.ptr, in.stride = j->src.stride, in.fmt = OVXC_U8;
    o.ptr = j->dst.ptr, o.stride = j->dst.stride, o.fmt = OVXC_U8;
    r.x0 = 0, r.x1 = j->w, r.y0 = ya, r.y1 = yb;
    j->fn(&in, &o, &r, j->lut, 256, 0);
}

static vx_status VX_CALLBACK equalize_function(vx_node node, const vx_reference *p, vx_uint32 num)
{
    vx_uint32 counts[256], w, h;
    vx_uint8 lut[256];
    ovx_plane src = ovx_image_plane((vx_image)p[0], 0), dst = ovx_image_plane((vx_image)p[1], 0);
    const ovx_variant *v = ovx_node_variant(node);
    lut_job j;
    (void)num;
    ovx_image_size_of(p[0], &w, &h);
    parallel_counts(node, src, 0, 0, w, h, counts);
    ovxc_equalize_lut(counts, lut);
    j.src = src, j.dst = dst, j.w = w, j.lut = lut;
    j.fn = v ? (ovxc_table_lookup_f)v->fn : ovxc_table_lookup;
    ovx_node_parallel_rows(node, 0, h, (vx_uint64)w * h, lut_rows, &j);
    return VX_SUCCESS;
}

static const ovx_variant *select_equalize(vx_node node, const vx_reference p[])
{
    (void)node, (void)p;
    return ovx_variant_pick(ovxc_arith_variants(OVXC_ARITH_table_lookup));
}

static const ovx_variant *select_integral(vx_node node, const vx_reference p[]);
static const ovx_variant *select_minmax(vx_node node, const vx_reference p[])
{
    (void)node;
    return ovx_image_format_of(p[0]) == VX_DF_IMAGE_U8 ? ovx_variant_pick(ovxc_minmax_variants()) : NULL;
}
static const ovx_variant *select_sums(vx_node node, const vx_reference p[])
{
    (void)node, (void)p;
    return ovx_variant_pick(ovxc_sums_variants());
}

/* ---- Mean and Standard Deviation ------------------------------------------- */

static vx_status VX_CALLBACK meanstddev_validate(vx_node node, const vx_reference p[], vx_uint32 num,
                                                 vx_meta_format metas[])
{
    vx_status s;
    if (num != 3) return VX_ERROR_INVALID_PARAMETERS;
    if ((s = require_format(node, 0, p[0], VX_DF_IMAGE_U8, VX_DF_IMAGE_U1)) != VX_SUCCESS) return s;
    s = set_scalar_meta(metas[1], VX_TYPE_FLOAT32);
    if (s == VX_SUCCESS && p[2] != NULL) s = set_scalar_meta(metas[2], VX_TYPE_FLOAT32);
    return s;
}

typedef struct {
    ovx_plane pl;
    int u1;
    ovxc_sums_f sums; /* the node's U8 variant */
    vx_uint32 x0, x1;
    uint64_t sum, sq;
    pthread_mutex_t lock;
} sums_job;

static void sums_band(void *arg, vx_uint32 ya, vx_uint32 yb)
{
    sums_job *j = arg;
    uint64_t s, q;
    (j->u1 ? ovxc_sums_u1 : j->sums)(j->pl.ptr, j->pl.stride, j->x0, ya, j->x1, yb, &s, &q);
    pthread_mutex_lock(&j->lock);
    j->sum += s;
    j->sq += q;
    pthread_mutex_unlock(&j->lock);
}

static vx_status VX_CALLBACK meanstddev_function(vx_node node, const vx_reference *p, vx_uint32 num)
{
    vx_image img = (vx_image)p[0];
    vx_uint32 x0, y0, x1, y1;
    vx_uint64 sum = 0, sq = 0;
    vx_float64 n, mean = 0, var = 0;
    vx_float32 fm, fs;
    ovx_plane pl = ovx_image_plane(img, 0);
    vx_status s;
    (void)num;
    valid_rect(img, &x0, &y0, &x1, &y1);
    if (x1 > x0 && y1 > y0) { /* on both cores: the bands' exact integer sums added */
        sums_job j;
        memset(&j, 0, sizeof(j));
        j.pl = pl, j.u1 = ovx_image_format_of(p[0]) == VX_DF_IMAGE_U1, j.x0 = x0, j.x1 = x1;
        j.sums = ovx_node_variant(node) ? (ovxc_sums_f)ovx_node_variant(node)->fn : ovxc_sums_u8;
        run_bands(node, &j.lock, x0, y0, x1, y1, sums_band, &j);
        sum = j.sum, sq = j.sq;
    }
    n = (vx_float64)(x1 - x0) * (vx_float64)(y1 - y0);
    if (n > 0) {
        mean = (vx_float64)sum / n;
        var = (vx_float64)sq / n - mean * mean;
    }
    fm = (vx_float32)mean;
    fs = (vx_float32)sqrt(var > 0 ? var : 0);
    s = ovx_scalar_set((vx_scalar)p[1], VX_TYPE_FLOAT32, &fm);
    if (s == VX_SUCCESS && p[2] != NULL) s = ovx_scalar_set((vx_scalar)p[2], VX_TYPE_FLOAT32, &fs);
    return s;
}

/* ---- Min, Max Location ------------------------------------------------------ */

static vx_bool is_count_type(vx_enum t)
{
    return t == VX_TYPE_SIZE || t == VX_TYPE_UINT32 || t == VX_TYPE_INT32 || t == VX_TYPE_UINT64 ||
           t == VX_TYPE_INT64;
}

static vx_status VX_CALLBACK minmaxloc_validate(vx_node node, const vx_reference p[], vx_uint32 num,
                                                vx_meta_format metas[])
{
    vx_status s;
    vx_df_image f;
    vx_enum vt, t;
    vx_uint32 w, h, i;
    if (num != 7) return VX_ERROR_INVALID_PARAMETERS;
    if ((s = require_format(node, 0, p[0], VX_DF_IMAGE_U8, VX_DF_IMAGE_S16)) != VX_SUCCESS) return s;
    f = ovx_image_format_of(p[0]);
    vt = f == VX_DF_IMAGE_U8 ? VX_TYPE_UINT8 : VX_TYPE_INT16;
    ovx_image_size_of(p[0], &w, &h);
    for (i = 1; i <= 2; i++) {
        t = VX_TYPE_INVALID;
        (void)vxQueryScalar((vx_scalar)p[i], VX_SCALAR_TYPE, &t, sizeof(t));
        if (t != vt && t != VX_TYPE_INVALID)
            return ovx_kernel_log(node, i, VX_ERROR_INVALID_TYPE, "%s must be a %s scalar for this input",
                                  i == 1 ? "minVal" : "maxVal", vt == VX_TYPE_UINT8 ? "VX_TYPE_UINT8" : "VX_TYPE_INT16");
        if ((s = set_scalar_meta(metas[i], vt)) != VX_SUCCESS) return s;
    }
    for (i = 3; i <= 4; i++) {
        vx_enum it = VX_TYPE_INVALID;
        vx_size cap = 0;
        if (p[i] == NULL) continue;
        (void)vxQueryArray((vx_array)p[i], VX_ARRAY_ITEMTYPE, &it, sizeof(it));
        (void)vxQueryArray((vx_array)p[i], VX_ARRAY_CAPACITY, &cap, sizeof(cap));
        if (it != VX_TYPE_COORDINATES2D && it != VX_TYPE_INVALID && it != 0)
            return ovx_kernel_log(node, i, VX_ERROR_INVALID_TYPE, "%s must be an array of VX_TYPE_COORDINATES2D",
                                  i == 3 ? "minLoc" : "maxLoc");
        if (cap == 0) cap = (vx_size)w * h;
        it = VX_TYPE_COORDINATES2D;
        s = vxSetMetaFormatAttribute(metas[i], VX_ARRAY_ITEMTYPE, &it, sizeof(it));
        if (s == VX_SUCCESS) s = vxSetMetaFormatAttribute(metas[i], VX_ARRAY_CAPACITY, &cap, sizeof(cap));
        if (s != VX_SUCCESS) return s;
    }
    for (i = 5; i <= 6; i++) {
        if (p[i] == NULL) continue;
        t = VX_TYPE_INVALID;
        (void)vxQueryScalar((vx_scalar)p[i], VX_SCALAR_TYPE, &t, sizeof(t));
        if (!is_count_type(t)) {
            if (t != VX_TYPE_INVALID && t != 0)
                return ovx_kernel_log(node, i, VX_ERROR_INVALID_TYPE, "%s must be a VX_TYPE_SIZE scalar",
                                      i == 5 ? "minCount" : "maxCount");
            t = VX_TYPE_SIZE;
        }
        if ((s = set_scalar_meta(metas[i], t)) != VX_SUCCESS) return s;
    }
    return VX_SUCCESS;
}

static void fill_locations(vx_array arr, ovx_plane pl, int s16, vx_uint32 x0, vx_uint32 y0, vx_uint32 x1,
                           vx_uint32 y1, vx_int32 v)
{
    vx_size n;
    ovx_array_clear(arr);
    if (ovx_array_alloc(arr) != VX_SUCCESS) return;
    /* vx_coordinates2d_t is {x, y} of vx_uint32 */
    n = s16 ? ovxc_locate_s16(pl.ptr, pl.stride, x0, y0, x1, y1, v, (vx_uint32 *)(void *)arr->data, arr->capacity)
            : ovxc_locate_u8(pl.ptr, pl.stride, x0, y0, x1, y1, v, (vx_uint32 *)(void *)arr->data, arr->capacity);
    arr->num_items = n;
}

/* MinMaxLoc on both cores: each band's extremes (then counts) merged under a
 * lock; min, max and counts are exact whatever the bands. */
typedef struct {
    ovx_plane pl;
    int s16;
    ovxc_minmax_f minmax; /* the node's U8 variant */
    vx_uint32 x0, x1;
    vx_int32 mn, mx;
    vx_size nmin, nmax;
    int any;
    pthread_mutex_t lock;
} minmax_job;

static void minmax_band(void *arg, vx_uint32 ya, vx_uint32 yb)
{
    minmax_job *j = arg;
    vx_int32 mn, mx;
    (j->s16 ? ovxc_minmax_s16 : j->minmax)(j->pl.ptr, j->pl.stride, j->x0, ya, j->x1, yb, &mn, &mx);
    pthread_mutex_lock(&j->lock);
    if (!j->any || mn < j->mn) j->mn = mn;
    if (!j->any || mx > j->mx) j->mx = mx;
    j->any = 1;
    pthread_mutex_unlock(&j->lock);
}

static void count_band(void *arg, vx_uint32 ya, vx_uint32 yb)
{
    minmax_job *j = arg;
    size_t (*count)(const uint8_t *, int32_t, uint32_t, uint32_t, uint32_t, uint32_t, int32_t) =
        j->s16 ? ovxc_count_value_s16 : ovxc_count_value_u8;
    size_t a = count(j->pl.ptr, j->pl.stride, j->x0, ya, j->x1, yb, j->mn);
    size_t b = count(j->pl.ptr, j->pl.stride, j->x0, ya, j->x1, yb, j->mx);
    pthread_mutex_lock(&j->lock);
    j->nmin += a;
    j->nmax += b;
    pthread_mutex_unlock(&j->lock);
}

static vx_status VX_CALLBACK minmaxloc_function(vx_node node, const vx_reference *p, vx_uint32 num)
{
    vx_image img = (vx_image)p[0];
    int s16 = ovx_image_format_of(p[0]) == VX_DF_IMAGE_S16;
    vx_uint32 x0, y0, x1, y1;
    vx_int32 mn = 0, mx = 0;
    vx_size nmin = 0, nmax = 0;
    ovx_plane pl = ovx_image_plane(img, 0);
    minmax_job j;
    (void)num;
    valid_rect(img, &x0, &y0, &x1, &y1);
    if (x1 > x0 && y1 > y0) {
        memset(&j, 0, sizeof(j));
        j.pl = pl, j.s16 = s16, j.x0 = x0, j.x1 = x1;
        j.minmax = ovx_node_variant(node) ? (ovxc_minmax_f)ovx_node_variant(node)->fn : ovxc_minmax_u8;
        run_bands(node, &j.lock, x0, y0, x1, y1, minmax_band, &j);
        if (p[5] != NULL || p[6] != NULL) run_bands(node, &j.lock, x0, y0, x1, y1, count_band, &j);
        mn = j.mn, mx = j.mx, nmin = j.nmin, nmax = j.nmax;
    }
    if (!ovx_scalar_from_i64((vx_scalar)p[1], mn) || !ovx_scalar_from_i64((vx_scalar)p[2], mx))
        return VX_ERROR_INVALID_TYPE;
    if (p[3] != NULL) fill_locations((vx_array)p[3], pl, s16, x0, y0, x1, y1, mn);
    if (p[4] != NULL) fill_locations((vx_array)p[4], pl, s16, x0, y0, x1, y1, mx);
    if (p[5] != NULL && !ovx_scalar_from_i64((vx_scalar)p[5], (vx_int64)nmin)) return VX_ERROR_INVALID_TYPE;
    if (p[6] != NULL && !ovx_scalar_from_i64((vx_scalar)p[6], (vx_int64)nmax)) return VX_ERROR_INVALID_TYPE;
    return VX_SUCCESS;
}

/* ---- Integral Image ----------------------------------------------------------- */

static vx_status VX_CALLBACK integral_validate(vx_node node, const vx_reference p[], vx_uint32 num,
                                               vx_meta_format metas[])
{
    return u8_to_same_validate(node, p, num, metas, VX_DF_IMAGE_U32);
}

/* On the node's threads: band k's top is the prefix over x of the column
 * sums of the bands above it (the column sums taken side by side first),
 * then every band's rows side by side. */
enum { INTEGRAL_BANDS = 8 };
typedef struct {
    ovx_plane src, dst;
    vx_uint32 w, nb, parts, yb[INTEGRAL_BANDS + 1];
    uint32_t *sums; /* nb rows of w: band k's column sums, then its top */
    ovxc_integral_rows_f rows;
} integral_job;

/* Task t: column part t % parts (64-column aligned) of band t / parts's
 * column sums: the nb - 1 bands' sums split in columns too, so every
 * thread has a part (with two threads, one band's sums were one thread's
 * while the other waited). */
static void integral_colsums(void *arg, vx_uint32 t)
{
    integral_job *j = arg;
    vx_uint32 k = t / j->parts, q = t % j->parts;
    vx_uint32 xa = (vx_uint32)((vx_uint64)j->w * q / j->parts) & ~63u;
    vx_uint32 xb = q + 1 == j->parts ? j->w : (vx_uint32)((vx_uint64)j->w * (q + 1) / j->parts) & ~63u;
    uint32_t *acc = j->sums + (size_t)k * j->w + xa;
    if (xb <= xa) return;
    memset(acc, 0, (size_t)(xb - xa) * sizeof(uint32_t));
    ovxc_colsum_u8(j->src.ptr + xa, j->src.stride, xb - xa, j->yb[k], j->yb[k + 1], acc);
}

static void integral_band(void *arg, vx_uint32 k)
{
    integral_job *j = arg;
    j->rows(j->src.ptr, j->src.stride, j->dst.ptr, j->dst.stride, j->w, j->yb[k], j->yb[k + 1],
            k ? j->sums + (size_t)(k - 1) * j->w : NULL);
}

static vx_status VX_CALLBACK integral_function(vx_node node, const vx_reference *p, vx_uint32 num)
{
    vx_uint32 w, h, k, x;
    const ovx_variant *v = ovx_node_variant(node);
    integral_job j;
    (void)num;
    ovx_image_size_of(p[0], &w, &h);
    j.src = ovx_image_plane((vx_image)p[0], 0), j.dst = ovx_image_plane((vx_image)p[1], 0);
    j.w = w;
    j.rows = v ? (ovxc_integral_rows_f)v->fn : ovxc_integral_rows_scalar;
    j.nb = ovx_node_threads(node);
    if (j.nb > INTEGRAL_BANDS) j.nb = INTEGRAL_BANDS;
    if ((vx_uint64)w * h < 65536 || h < 2 * j.nb) j.nb = 1;
    /* nb - 1 rows of column sums (then tops) and one of their running sums,
     * in the node's scratch (kept between runs) */
    j.sums = j.nb > 1 ? ovx_node_scratch(node, (vx_size)j.nb * w * sizeof(uint32_t)) : NULL;
    if (!j.sums) j.nb = 1;
    for (k = 0; k <= j.nb; k++) j.yb[k] = (vx_uint32)((vx_uint64)h * k / j.nb);
    if (j.nb > 1) {
        uint32_t *cum = j.sums + (size_t)(j.nb - 1) * w;
        j.parts = 2; /* at least nb tasks for nb threads (nb - 1 bands) */
        memset(cum, 0, (size_t)w * sizeof(uint32_t));
        ovx_parallel_for((j.nb - 1) * j.parts, integral_colsums, &j);
        for (k = 0; k + 1 < j.nb; k++) { /* row k becomes band k + 1's top */
            uint32_t *t = j.sums + (size_t)k * w, run = 0;
            for (x = 0; x < w; x++) {
                cum[x] += t[x];
                run += cum[x];
                t[x] = run;
            }
        }
    }
    ovx_parallel_for(j.nb, integral_band, &j);
    return VX_SUCCESS;
}

static const ovx_variant *select_integral(vx_node node, const vx_reference p[])
{
    (void)node, (void)p;
    return ovx_variant_pick(ovxc_integral_variants());
}

/* This file's kernel descriptors (ovx_kernel_desc naming the functions above), family table and
 * SIMD select table: generated from pyopenvx/_kernel_table.py by tools/gen_kernels.py. */
#define OVX_KERNEL_FILE_STATS
#include "kernel_descs.h"
