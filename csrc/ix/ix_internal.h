/*
 * vx_khr_ix (export and import of objects and graphs): what ix_export.c,
 * ix_import.c and ix_desc.c share.
 *
 * THE BLOB (version 1.0), all integers little-endian:
 *
 *   header (24 bytes)
 *     u32 magic 'OVIX' (0x5849564F)   u16 major (1)   u16 minor (0)
 *     u64 total length of the blob (header included)
 *     u32 checksum: FNV-1a 32 of the bytes [24, total)
 *     u32 numrefs (the number of references listed at export)
 *   refs: numrefs x { u32 object index, u32 use }
 *   u32 number of objects N
 *   N object records, object k defined by the k-th one, then one GRAPH_BODY
 *   record per graph among them, then an END record (length 0).
 *
 *   A record is { u32 tag, u64 body length, body }.
 *   OBJECT body: a description (below), then when the VALUES flag is set
 *   u64 length + the data values.
 *   A description: u32 type, u32 flags, u32 origin, u32 parent, u32 item,
 *   string name, then the type's meta data (see ix_desc.c); delays and object
 *   arrays carry the description of their exemplar (child 0) nested.
 *   A string is u32 length + bytes (no terminator, length < VX_MAX_REFERENCE_NAME
 *   or VX_MAX_KERNEL_NAME).
 *
 * Objects are ordered so that what an object refers to (its container, its
 * ROI parent, the graph a virtual object belongs to) comes before it: the
 * graphs first, then the data objects, every container followed by its
 * items (a delay's item k is its slot -k).  The importer checks every index
 * and every length against what it has read so far.
 */
#ifndef OVX_IX_INTERNAL_H
#define OVX_IX_INTERNAL_H

#include "../framework/graph.h"
#include <VX/vx_khr_ix.h>

#include <stddef.h>
#include <stdint.h>

#define IX_MAGIC 0x5849564Fu
#define IX_MAJOR 1u
#define IX_MINOR 0u
#define IX_HEADER_BYTES 24u
#define IX_NONE 0xFFFFFFFFu

enum { IX_TAG_OBJECT = 1, IX_TAG_GRAPH_BODY = 2, IX_TAG_END = 3 };

/* flags of a description */
enum {
    IX_F_VIRTUAL = 1u << 0, /* a virtual object of graph `parent` */
    IX_F_VALUES = 1u << 1,  /* the record carries data values */
    IX_F_UNIFORM = 1u << 2, /* uniform image (uniform value in the meta data) */
    IX_F_PATTERN = 1u << 3, /* matrix made from a pattern */
    IX_F_ALL = (1u << 4) - 1
};

/* origins: how the importer makes the object */
enum {
    IX_O_ROOT = 0,    /* created from its meta data */
    IX_O_CHILD = 1,   /* item `item` of container `parent` (delay: slot -item) */
    IX_O_ROI = 2,     /* region of image `parent` (the rectangle in the meta data) */
    IX_O_CHANNEL = 3, /* channel `item` (VX_CHANNEL_Y/U/V) of image `parent` */
    IX_O_LAST = 3
};

#define IX_MAX_NEST 4

/* ---- byte buffer (export) ------------------------------------------------ */
typedef struct {
    vx_uint8 *data;
    size_t len, cap;
    int failed; /* out of memory */
} ix_buf;

void ix_put(ix_buf *b, const void *p, size_t n);
void ix_put_u32(ix_buf *b, vx_uint32 v);
void ix_put_u64(ix_buf *b, vx_uint64 v);
void ix_put_str(ix_buf *b, const char *s);
/* reserve n bytes, return their offset */
size_t ix_reserve(ix_buf *b, size_t n);
void ix_patch_u32(ix_buf *b, size_t off, vx_uint32 v);
void ix_patch_u64(ix_buf *b, size_t off, vx_uint64 v);

/* ---- reader (import): every read is bounds-checked --------------------- */
typedef struct {
    const vx_uint8 *p, *end;
    int bad; /* a read went past the end or a value was out of range */
} ix_rd;

vx_uint32 ix_get_u32(ix_rd *r);
vx_uint64 ix_get_u64(ix_rd *r);
const vx_uint8 *ix_get_bytes(ix_rd *r, vx_uint64 n);
/* a string of fewer than max bytes, copied with its terminator to out[max] */
void ix_get_str(ix_rd *r, char *out, size_t max);

vx_uint32 ix_fnv1a(const vx_uint8 *p, size_t n);
static inline vx_uint32 ix_le32(const vx_uint8 *p)
{
    return (vx_uint32)p[0] | ((vx_uint32)p[1] << 8) | ((vx_uint32)p[2] << 16) | ((vx_uint32)p[3] << 24);
}

/* ---- descriptions of objects (ix_desc.c) --------------------------------- */
typedef struct ix_desc {
    vx_enum type;
    vx_uint32 flags, origin, parent, item;
    char name[VX_MAX_REFERENCE_NAME];
    /* image */
    vx_uint32 width, height;
    vx_df_image format;
    vx_enum space;
    vx_rectangle_t valid, roi;
    vx_pixel_value_t uniform;
    /* lut, matrix, scalar, array (item type), tensor, threshold (type) */
    vx_enum data_type;
    vx_size count;       /* lut count, distribution bins, array capacity, pyramid levels, delay slots,
                            object array items, user data object size, scalar size */
    vx_size item_size;   /* array item size */
    vx_int32 offset;     /* distribution */
    vx_uint32 range;     /* distribution */
    vx_df_image in_format, out_format; /* threshold */
    vx_size columns, rows;             /* matrix, convolution */
    vx_coordinates2d_t origin_xy;      /* matrix */
    vx_enum pattern;                   /* matrix */
    vx_uint32 scale_u;                 /* convolution scale */
    vx_float32 scale_f;                /* pyramid scale */
    vx_uint32 src_w, src_h, dst_w, dst_h; /* remap */
    vx_size num_dims, dims[OVX_MAX_TENSOR_DIMS];
    vx_int8 fpp;
    char type_name[VX_MAX_REFERENCE_NAME]; /* user data object */
    struct ix_desc *exemplar;              /* delay, object array */
} ix_desc;

/* Is type a data object type the extension exports? */
vx_bool ix_exportable_type(vx_enum type);
/* Describe ref's meta data (name, type, flags IX_F_VIRTUAL/UNIFORM/PATTERN;
 * origin/parent/item are the caller's). */
vx_status ix_describe(vx_reference ref, ix_desc *d);
void ix_desc_write(ix_buf *b, const ix_desc *d);
/* Read a description (nested exemplars up to IX_MAX_NEST); r->bad on error. */
void ix_desc_read(ix_rd *r, ix_desc *d, int depth);
void ix_desc_free(ix_desc *d);
/* Does ref have the meta data d describes?  why gets a message when not. */
vx_bool ix_desc_matches(vx_reference ref, const ix_desc *d, char *why, size_t why_size);
/* Create a root (or virtual, with graph) object from d; an error object or
 * NULL on failure. */
vx_reference ix_create(vx_context context, vx_graph graph, const ix_desc *d);
/* Set the meta data creation does not give (valid rectangle, colour space,
 * convolution scale, matrix origin) on an object the import made. */
void ix_apply_extra_meta(vx_reference ref, const ix_desc *d);
/* Data values: write u64 length + data; read them back (exact length). */
vx_status ix_values_write(ix_buf *b, vx_reference ref);
vx_status ix_values_apply(vx_reference ref, const vx_uint8 *data, vx_uint64 len);

#endif
