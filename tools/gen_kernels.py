#!/usr/bin/env python3
"""Generate the C boilerplate of every kernel from the kernel table.

The one declaration of a kernel is its entry in ``pyopenvx/_kernel_table.py``
(pure data, read here by path).  From it this script writes, at build time
(csrc/meson.build):

  --nodes FILE   the ``vx<Name>Node`` / ``vx<Name>Layer`` functions (libopenvx):
                 atomic arguments become scalars of their ``vx_type``, parameter
                 structures are packed as the table's ``pack`` says, then
                 ``ovx_node_create()``; plus ``ovx_kernel_fixed_params()``, the
                 import/export table of the parameters fixed at node creation
                 (the node function made them: a graph may not expose them);
  --vxu FILE     the ``vxu<Name>`` functions (libvxu): a one-node graph run by
                 ``ovxu_run()`` (or ``ovxu_run_undefined()`` for kernels whose
                 ``vxu_border`` is ``"undefined"``), scalars passed by value or
                 pointer made and read back here;
  --descs FILE   kernel_descs.h: per csrc/kernels/<file>.c a section
                 (``#ifdef OVX_KERNEL_FILE_<FILE>``) the file includes at its end:
                 the ``ovx_kernel_desc`` of its kernels (name, enum, parameters
                 derived from the table's, the file's static validator and
                 window/whole-node functions named by the table's ``c`` entry,
                 split parameter, valid-region rule), its family table
                 ``ovx_family_<file>`` and SIMD select table ``ovx_select_<file>``;
  --registry FILE  kernel_registry.c: ``ovx_kernel_families`` (every family
                 table, read by vxCreateContext), ``ovx_kernel_select()`` and
                 ``ovx_kernel_fuse_radius()`` (runtime/fuse.c);
  --list         the C functions it defines, one a line (tools/gen_stubs.py
                 leaves them out of the stubs).

Adding a kernel: its table entry (with its ``c`` facts), its compute routine
with the validator and run function in csrc/kernels/<family>.c that the entry
names, its tests.
"""
import argparse
import importlib.util
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def load_table(root=ROOT):
    path = os.path.join(root, "pyopenvx", "_kernel_table.py")
    spec = importlib.util.spec_from_file_location("ovx_kernel_table", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


# VX_TYPE_* of an atomic value -> its C type (vxu value / pointer parameters)
def _c_type_of(table, vx_type):
    for c, t in table._VX_TYPES.items():
        if t == vx_type:
            return c
    raise KeyError(vx_type)


def _kernel_params(k):
    """[(C expression building the kernel parameter, kind, C name)] in kernel parameter order.

    kind: "ref" (an object argument), "atomic" (vx_type, C name) or "struct" (the table entry)."""
    out = []
    for p in k["params"]:
        if "struct" in p:
            out.append(("struct", p))
        elif p["type"] == "atomic":
            for c in (p["c"] if isinstance(p["c"], tuple) else (p["c"],)):
                out.append(("atomic", dict(p, c=c)))
        else:
            out.append(("ref", p))
    return out


def fixed_mask(k):
    """Bit i set: kernel parameter i is made by the node function (an atomic or a parameter structure)."""
    mask = 0
    for i, (kind, _) in enumerate(_kernel_params(k)):
        if kind != "ref":
            mask |= 1 << i
    return mask


def _c_literal(v):
    if v is True:
        return "vx_true_e"
    if v is False:
        return "vx_false_e"
    if isinstance(v, (int, float)):
        return repr(v)
    raise ValueError("no C literal for default %r" % (v,))


def _signature(table, k, first, ret, name, vxu=False):
    args = [first]
    for cname, ctype in table.c_params(k):
        if vxu:
            p = _param_by_c(k, cname)
            if p is not None and p.get("vxu") == "value":
                ctype = _c_type_of(table, p["vx_type"])
            elif p is not None and p.get("vxu") == "pointer":
                ctype = _c_type_of(table, p["vx_type"]) + " *"
        sep = "" if ctype.endswith("*") else " "
        args.append("%s%s%s" % (ctype, sep, cname))
    return "VX_API_ENTRY %s VX_API_CALL %s(%s)" % (ret, name, ", ".join(args))


def _param_by_c(k, cname):
    for p in k["params"]:
        if p.get("c") == cname and "struct" not in p:
            return p
    return None


def node_function(table, k):
    sig = _signature(table, k, "vx_graph graph", "vx_node", k["node"])
    pre, refs, post = [], [], []
    for kind, p in _kernel_params(k):
        if kind == "ref":
            refs.append("(vx_reference)%s" % p["c"])
        elif kind == "atomic":
            s = "s_%s" % p["c"]
            pre.append("    vx_scalar %s = ovx_node_scalar(graph, %s, &%s);" % (s, p["vx_type"], p["c"]))
            refs.append("(vx_reference)%s" % s)
            post.append("    ovx_scalar_drop(%s);" % s)
        else:
            c, t, size = p["c"], p["struct"], p["size_c"]
            if p["pack"] == "scalar":
                inits = []
                for f in p["fields"]:
                    if "default" not in f:
                        raise ValueError("%s: field %s has no default for a NULL %s" % (k["node"], f["name"], c))
                    fields = f["field"] if isinstance(f["field"], tuple) else (f["field"],)
                    vals = f["default"] if isinstance(f["field"], tuple) else (f["default"],)
                    inits += [".%s = %s" % (fn, _c_literal(v)) for fn, v in zip(fields, vals)]
                pre.append("    static const %s dflt_%s = {%s};" % (t, c, ", ".join(inits)))
                pre.append("    vx_scalar s_%s = ovx_node_scalar(graph, %s, %s ? (const void *)%s : (const void *)&dflt_%s);"
                           % (c, p["vx_type"], c, c, c))
                refs.append("(vx_reference)s_%s" % c)
                post.append("    ovx_scalar_drop(s_%s);" % c)
                if size:
                    pre.append("    (void)%s;" % size)
            elif p["pack"] == "struct_scalar":
                if not size:
                    raise ValueError("%s: struct_scalar needs a size parameter" % k["node"])
                pre.append("    vx_scalar s_%s = ovx_struct_scalar(graph, %s, %s, %s, sizeof(%s));"
                           % (c, p["vx_type"], c, size, t))
                refs.append("(vx_reference)s_%s" % c)
                post.append("    ovx_scalar_drop(s_%s);" % c)
            elif p["pack"] == "array":
                if size:
                    ok = "%s != sizeof(%s)" % (size, t)
                    if p.get("size_one_ok"):
                        ok += " && %s != 1" % size
                    pre.append("    if (%s && %s)" % (c, ok))
                    pre.append('        return (vx_node)ovx_error_from(graph, VX_ERROR_INVALID_PARAMETERS,')
                    pre.append('                                       "%s: %s %%zu, expected sizeof(%s) = %%zu",'
                               % (k["node"], size, t))
                    pre.append("                                       (size_t)%s, sizeof(%s));" % (size, t))
                pre.append("    vx_array a_%s = ovx_param_array(graph, %s, %s, sizeof(%s));"
                           % (c, p["vx_type"], c, t))
                refs.append("(vx_reference)a_%s" % c)
                post.append("    if (a_%s) (void)vxReleaseArray(&a_%s);" % (c, c))
            else:
                raise ValueError("%s: unknown pack %r" % (k["node"], p["pack"]))
    n = len(refs)
    body = ["%s" % sig, "{"]
    # declarations first (C99 allows mixing, but keep checks before any object is made)
    checks = [l for l in pre if not l.lstrip().startswith(("vx_scalar", "vx_array", "static", "(void)"))]
    decls = [l for l in pre if l not in checks]
    body += [l for l in decls if l.lstrip().startswith(("static", "(void)"))]
    body += checks
    body += [l for l in decls if not l.lstrip().startswith(("static", "(void)"))]
    body.append("    vx_reference p[%d] = {%s};" % (n, ", ".join(refs)))
    if post:
        body.append("    vx_node node = ovx_node_create(graph, %s, p, %d);" % (k["enum"], n))
        body += post
        body.append("    return node;")
    else:
        body.append("    return ovx_node_create(graph, %s, p, %d);" % (k["enum"], n))
    body += ["}", ""]
    return "\n".join(body)


def vxu_function(table, k):
    sig = _signature(table, k, "vx_context context", "vx_status", k["vxu"], vxu=True)
    values = [p for p in k["params"] if p.get("vxu") == "value"]
    pointers = [p for p in k["params"] if p.get("vxu") == "pointer"]
    undefined = k.get("vxu_border", "policy") == "undefined"
    args = ", ".join(["graph"] + [("s_" + c) if _param_by_c(k, c) in values + pointers else c
                                  for c, _ in table.c_params(k)])
    call = "%s(%s)" % (k["node"], args)
    run = "ovxu_run_undefined" if undefined else "ovxu_run"
    body = [sig, "{"]
    if not values and not pointers and not undefined:
        body += ["    vx_graph graph = ovxu_graph(context);",
                 "    if (!graph) return VX_ERROR_INVALID_REFERENCE;",
                 "    return %s(graph, %s);" % (run, call), "}", ""]
        return "\n".join(body)
    for p in pointers:
        if not p.get("optional"):
            body.append("    if (%s == NULL) return VX_ERROR_INVALID_PARAMETERS;" % p["c"])
    body.append("    vx_graph graph = ovxu_graph(context);")
    body.append("    vx_status status;")
    for p in values + pointers:
        body.append("    vx_scalar s_%s = NULL;" % p["c"])
    body.append("    if (!graph) return VX_ERROR_INVALID_REFERENCE;")
    if undefined:
        body += ["    if ((status = ovxu_border_undefined_ok(context)) != VX_SUCCESS) {",
                 "        (void)vxReleaseGraph(&graph);", "        return status;", "    }"]
    for p in values:
        body.append("    s_%s = vxCreateScalar(context, %s, &%s);" % (p["c"], p["vx_type"], p["c"]))
    if pointers:
        made = []
        for p in pointers:
            ct = _c_type_of(table, p["vx_type"])
            body.append("    if (%s != NULL) {" % p["c"])
            body.append("        %s zero = 0;" % ct)
            body.append("        s_%s = vxCreateScalar(context, %s, &zero);" % (p["c"], p["vx_type"]))
            body.append("    }")
            made.append("(%s != NULL && vxGetStatus((vx_reference)s_%s) != VX_SUCCESS)" % (p["c"], p["c"]))
        body.append("    if (%s) {" % " || ".join(made))
        body.append("        status = VX_ERROR_NO_RESOURCES;")
        body.append("        (void)vxReleaseGraph(&graph);")
        body.append("    } else {")
        body.append("        status = %s(graph, %s);" % (run, call))
        for p in pointers:
            body.append("        if (status == VX_SUCCESS && s_%s != NULL)" % p["c"])
            body.append("            status = vxCopyScalar(s_%s, %s, VX_READ_ONLY, VX_MEMORY_TYPE_HOST);"
                        % (p["c"], p["c"]))
        body.append("    }")
    else:
        body.append("    status = %s(graph, %s);" % (run, call))
    for p in values + pointers:
        body.append("    if (s_%s != NULL && vxGetStatus((vx_reference)s_%s) == VX_SUCCESS) (void)vxReleaseScalar(&s_%s);"
                    % (p["c"], p["c"], p["c"]))
    body += ["    return status;", "}", ""]
    return "\n".join(body)


HEAD = "/* GENERATED by tools/gen_kernels.py from pyopenvx/_kernel_table.py at build time: do not edit. */"


def nodes_file(table):
    out = [HEAD, '#include "kernels/kernels.h"', "", "#include <stddef.h>", "",
           "#include <VX/vx_compatibility.h>", "#include <VX/vx_khr_nn.h>", "#include <VX/vx_khr_swap_move.h>", ""]
    for k in table.KERNELS:
        out.append(node_function(table, k))
    out.append("/* Import/export: bit i set when kernel parameter i is made by the node function. */")
    out.append("vx_uint32 ovx_kernel_fixed_params(vx_enum kernel_enum)")
    out.append("{")
    out.append("    switch (kernel_enum) {")
    for k in table.KERNELS:
        m = fixed_mask(k)
        if m:
            out.append("    case %s: return 0x%xu;" % (k["enum"], m))
    out += ["    default: return 0;", "    }", "}", ""]
    return "\n".join(out)


def vxu_file(table):
    out = [HEAD, '#include "vxu_common.h"', "", "#include <stddef.h>", "", "#include <VX/vx_khr_swap_move.h>", ""]
    for k in table.KERNELS:
        if k["vxu"]:
            out.append(vxu_function(table, k))
    return "\n".join(out)


# ---- kernel descriptors (ovx_kernel_desc) and the registry ------------------------------------

_DIRS = {"in": "VX_INPUT", "out": "VX_OUTPUT", "bidirectional": "VX_BIDIRECTIONAL"}
_VALID = {"default": "OVX_VALID_DEFAULT", "full": "OVX_VALID_FULL", "kernel": "OVX_VALID_KERNEL"}


def desc_params(k):
    """[(direction, VX_TYPE_*, state)] of the kernel's parameters (kernel parameter order) as
    vxGetKernelParameterByIndex reports them: from the table's parameters, or the kernel's
    ``c["params"]`` when it says otherwise."""
    if k["c"].get("params"):
        return [tuple(x) for x in k["c"]["params"]]
    out = []
    for kind, p in _kernel_params(k):
        if kind == "struct":
            t = "VX_TYPE_ARRAY" if p["pack"] == "array" else "VX_TYPE_SCALAR"
            out.append(("VX_INPUT", t, "VX_PARAMETER_STATE_REQUIRED"))
            continue
        t = "VX_TYPE_SCALAR" if p["type"] == "atomic" else "VX_TYPE_" + p["type"].upper()
        opt = p.get("optional") or p["name"] in k["c"].get("optional", ())
        state = "VX_PARAMETER_STATE_OPTIONAL" if opt else "VX_PARAMETER_STATE_REQUIRED"
        out.append((_DIRS[p["dir"]], t, state))
    return out


def desc_files(table):
    """The csrc/kernels/<file>.c files that hold kernels' functions, in table order."""
    files = []
    for k in table.KERNELS:
        if k["c"]["file"] not in files:
            files.append(k["c"]["file"])
    return files


def _desc(k):
    c = k["c"]
    var = "ovx_desc_" + k["name"].rstrip("_")
    lines = ["static const ovx_kernel_desc %s = {" % var,
             "    .enumeration = %s," % k["enum"],
             '    .name = "%s",' % c["name"]]
    ps = desc_params(k)
    lines.append("    .num_params = %d," % len(ps))
    lines.append("    .params = {")
    lines += ["        {%s, %s, %s, vx_true_e}," % p for p in ps]  # set: declared (as vxAddParameterToKernel)
    lines.append("    },")
    for f in ("function", "validate", "initialize", "deinitialize", "window"):
        if c.get(f):
            lines.append("    .%s = %s," % (f, c[f]))
    lines.append("    .split_param = %d," % c.get("split", 0))
    lines.append("    .valid_rule = %s," % _VALID[c.get("valid", "default")])
    lines.append("    .valid_shrink = %d," % c.get("shrink", 0))
    lines.append("};")
    return var, "\n".join(lines)


def descs_header(table):
    """kernel_descs.h: per csrc/kernels/<file>.c a section (#ifdef OVX_KERNEL_FILE_<FILE>) that the
    file includes at its end: its kernels' ovx_kernel_desc, its family table ovx_family_<file> and
    its SIMD select table ovx_select_<file> (the functions named are the file's own)."""
    out = [HEAD, "/* Included at the end of csrc/kernels/<file>.c after #define OVX_KERNEL_FILE_<FILE>. */", ""]
    for f in desc_files(table):
        ks = [k for k in table.KERNELS if k["c"]["file"] == f]
        out.append("#ifdef OVX_KERNEL_FILE_%s" % f.upper())
        names = []
        for k in ks:
            var, text = _desc(k)
            names.append(var)
            out += [text, ""]
        out.append("const ovx_kernel_desc *const ovx_family_%s[] = {" % f)
        out += ["    &%s," % n for n in names]
        out += ["    NULL,", "};", ""]
        out.append("const ovx_select_entry ovx_select_%s[] = {" % f)
        out += ["    {%s, %s}," % (k["enum"], k["c"]["select"]) for k in ks if k["c"].get("select")]
        out += ["    {0, NULL},", "};", "#endif", ""]
    return "\n".join(out)


def registry_file(table):
    """kernel_registry.c: every family table (ovx_kernel_families, read by vxCreateContext), the
    SIMD select lookup and the fusion radius of each kernel (runtime/fuse.c)."""
    files = desc_files(table)
    out = [HEAD, '#include "kernels/kernels.h"', "", "#include <VX/vx_compatibility.h>",
           "#include <VX/vx_khr_nn.h>", "#include <VX/vx_khr_swap_move.h>", ""]
    out += ["extern const ovx_kernel_desc *const ovx_family_%s[];" % f for f in files]
    out += ["extern const ovx_select_entry ovx_select_%s[];" % f for f in files]
    out += ["", "const ovx_kernel_desc *const *const ovx_kernel_families[] = {"]
    out += ["    ovx_family_%s," % f for f in files]
    out += ["    NULL,", "};", "", "static const ovx_select_entry *const select_tables[] = {"]
    out += ["    ovx_select_%s," % f for f in files]
    out += ["    NULL,", "};", "",
            "const struct ovx_variant *ovx_kernel_select(vx_enum kernel, vx_node node, const vx_reference params[])",
            "{",
            "    const ovx_select_entry *const *t;",
            "    const ovx_select_entry *e;",
            "    for (t = select_tables; *t; t++)",
            "        for (e = *t; e->select; e++)",
            "            if (e->kernel == kernel) return e->select(node, params);",
            "    return NULL;",
            "}", "",
            "/* Fusion (runtime/fuse.c): the vertical input radius of a fusable kernel, -1 for the others. */",
            "int ovx_kernel_fuse_radius(vx_enum kernel)", "{", "    switch (kernel) {"]
    by = {}
    for k in table.KERNELS:
        r = k["c"].get("fuse")
        if r is not None:
            by.setdefault(r, []).append(k["enum"])
    for r in sorted(by):
        out += ["    case %s:" % e for e in by[r]]
        out.append("        return %d;" % r)
    out += ["    default:", "        return -1;", "    }", "}", ""]
    return "\n".join(out)


def defined_names(table):
    names = [k["node"] for k in table.KERNELS] + [k["vxu"] for k in table.KERNELS if k["vxu"]]
    return names


def _write(path, text):
    old = None
    if os.path.exists(path):
        with open(path) as f:
            old = f.read()
    if old != text:
        with open(path, "w") as f:
            f.write(text)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--root", default=ROOT)
    ap.add_argument("--nodes")
    ap.add_argument("--vxu")
    ap.add_argument("--descs", help="kernel_descs.h: the ovx_kernel_desc of every kernel, by file")
    ap.add_argument("--registry", help="kernel_registry.c: family tables, select lookup, fusion radii")
    ap.add_argument("--list", action="store_true")
    a = ap.parse_args(argv)
    table = load_table(a.root)
    if a.nodes:
        _write(a.nodes, nodes_file(table))
    if a.vxu:
        _write(a.vxu, vxu_file(table))
    if a.descs:
        _write(a.descs, descs_header(table))
    if a.registry:
        _write(a.registry, registry_file(table))
    if a.list:
        print("\n".join(defined_names(table)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
