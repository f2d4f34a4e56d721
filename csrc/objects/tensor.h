/*
 * The tensor object (spec "Object: Tensor").
 *
 * A tensor owns its memory (vxCreateTensor), borrows the application's
 * (vxCreateTensorFromHandle), or is a view on an ancestor's memory
 * (vxCreateTensorFromView).  A view holds its parent with an internal
 * reference and addresses the root's memory through a byte offset, so a
 * vxSwapTensorHandle on the root is seen by every view at once.
 */
#ifndef OVX_OBJECTS_TENSOR_H
#define OVX_OBJECTS_TENSOR_H

#include "../framework/ovx.h"

#define OVX_TENSOR_MAX_MAPS 16

typedef struct {
    vx_bool used;
    vx_enum usage;
} ovx_tensor_map;

struct _vx_tensor_t {
    struct _vx_reference base;
    vx_size num_dims;
    vx_size dims[OVX_MAX_TENSOR_DIMS];
    vx_size strides[OVX_MAX_TENSOR_DIMS]; /* bytes; strides[0] == element size */
    vx_enum data_type;
    vx_int8 fixed_point_position;
    vx_size elem_size;
    /* root tensors: the memory */
    vx_uint8 *owned;       /* allocated by us (vxCreateTensor), freed by the destructor */
    vx_uint8 *handle;      /* the memory in use: owned, or the application's */
    vx_bool from_handle;
    vx_enum memory_type;
    vx_uint32 active_maps; /* maps open on this tensor or any view of it */
    /* views */
    vx_tensor parent;      /* held with an internal reference; NULL for roots */
    vx_tensor root;        /* this tensor for roots */
    vx_size offset;        /* byte offset of element 0 in the root's memory */
    ovx_tensor_map maps[OVX_TENSOR_MAX_MAPS];
    /* a virtual tensor as created: 0 dimensions / sizes / type are deduced again at every verification */
    vx_bool has_decl;
    vx_size decl_num_dims, decl_dims[OVX_MAX_TENSOR_DIMS];
    vx_enum decl_data_type;
};

/* Address of element 0 (NULL when a handle tensor has no memory). */
vx_uint8 *ovx_tensor_data(vx_tensor t);
/* Bytes of one element of a numeric vx_type_e, 0 if the type is not numeric. */
vx_size ovx_tensor_type_size(vx_enum data_type);

#endif
