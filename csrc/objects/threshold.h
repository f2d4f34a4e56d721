/*
 * The threshold object (spec "Object: Threshold"): a BINARY (one value) or
 * RANGE (lower, upper) threshold for images of input_format, producing
 * true/false values in output_format.  Values are kept as vx_pixel_value_t
 * with only the field of the format meaningful (the others zero).
 */
#ifndef OVX_OBJECTS_THRESHOLD_H
#define OVX_OBJECTS_THRESHOLD_H

#include "data_map.h"

struct _vx_threshold {
    struct _vx_reference base;
    vx_enum thresh_type;          /* VX_THRESHOLD_TYPE_BINARY / _RANGE */
    vx_df_image input_format;
    vx_df_image output_format;
    vx_enum data_type;            /* 1.0 style VX_THRESHOLD_DATA_TYPE (from the input format) */
    vx_pixel_value_t value;       /* BINARY */
    vx_pixel_value_t lower, upper;/* RANGE */
    vx_pixel_value_t true_value, false_value;
    vx_bool accessible;           /* virtual threshold: the graph lets a running node access it */
};

/* Create a threshold (virtual ones for the graph layer).  Returns an error
 * object on failure. */
vx_threshold ovx_threshold_create(vx_context context, vx_enum thresh_type, vx_df_image input_format,
                                  vx_df_image output_format, vx_reference scope, vx_bool is_virtual,
                                  const char *who);

/* For kernels: a pixel value read as a signed integer for a single-channel
 * format (U1, U8, U16, S16, U32, S32; 0 otherwise), and the reverse. */
vx_int64 ovx_pixel_value_get(const vx_pixel_value_t *v, vx_df_image format);
void ovx_pixel_value_set(vx_pixel_value_t *v, vx_df_image format, vx_int64 x);

#endif
