/*
 * The table of built-in kernels.  Each kernel family (one file per spec chapter
 * family in this folder) lists its ovx_kernel_desc in a NULL-terminated family
 * table; registration, vxGetKernelByName/Enum and VX_CONTEXT_UNIQUE_KERNEL_TABLE
 * all come from these tables.  A kernel is listed only once it works.
 */
#include "kernels.h"

extern const ovx_kernel_desc *const ovx_family_arith[];
extern const ovx_kernel_desc *const ovx_family_filter[];
extern const ovx_kernel_desc *const ovx_family_color[];
extern const ovx_kernel_desc *const ovx_family_stats[];
extern const ovx_kernel_desc *const ovx_family_geometry[];
extern const ovx_kernel_desc *const ovx_family_multiscale[];
extern const ovx_kernel_desc *const ovx_family_features[];
extern const ovx_kernel_desc *const ovx_family_optflow[];
extern const ovx_kernel_desc *const ovx_family_control[];
extern const ovx_kernel_desc *const ovx_family_imgext[];
extern const ovx_kernel_desc *const ovx_family_hog[];
extern const ovx_kernel_desc *const ovx_family_tensorops[];
extern const ovx_kernel_desc *const ovx_family_bilateral[];
extern const ovx_kernel_desc *const ovx_family_nn[];
extern const ovx_kernel_desc *const ovx_family_swapmove[];

extern const ovx_select_entry ovx_select_arith[];
extern const ovx_select_entry ovx_select_color[];
extern const ovx_select_entry ovx_select_control[];
extern const ovx_select_entry ovx_select_filter[];
extern const ovx_select_entry ovx_select_geometry[];
extern const ovx_select_entry ovx_select_features[];
extern const ovx_select_entry ovx_select_multiscale[];
extern const ovx_select_entry ovx_select_stats[];
extern const ovx_select_entry ovx_select_tensor[];
extern const ovx_select_entry ovx_select_optflow[];
extern const ovx_select_entry ovx_select_match[];
extern const ovx_select_entry ovx_select_bilateral[];
extern const ovx_select_entry ovx_select_lbpnms[];
extern const ovx_select_entry ovx_select_nn[];

/* Each family's {kernel, select hook} table (runtime/dispatch.h). */
static const ovx_select_entry *const select_tables[] = {ovx_select_arith, ovx_select_color, ovx_select_control,
                                                        ovx_select_filter, ovx_select_geometry, ovx_select_stats,
                                                        ovx_select_tensor, ovx_select_features,
                                                        ovx_select_optflow, ovx_select_match,
                                                        ovx_select_bilateral, ovx_select_lbpnms,
                                                        ovx_select_multiscale, ovx_select_nn, NULL};

const struct ovx_variant *ovx_kernel_select(vx_enum kernel, vx_node node, const vx_reference params[])
{
    const ovx_select_entry *const *t;
    const ovx_select_entry *e;
    for (t = select_tables; *t; t++)
        for (e = *t; e->select; e++)
            if (e->kernel == kernel) return e->select(node, params);
    return NULL;
}

const ovx_kernel_desc *const *const ovx_kernel_families[] = {
    ovx_family_arith,    ovx_family_filter,     ovx_family_color,    ovx_family_stats,
    ovx_family_geometry, ovx_family_multiscale, ovx_family_features, ovx_family_optflow,
    ovx_family_control,  ovx_family_imgext,     ovx_family_hog,      ovx_family_tensorops,
    ovx_family_bilateral, ovx_family_nn,  ovx_family_swapmove,
    NULL,
};
