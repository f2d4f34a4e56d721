#!/usr/bin/env python3
"""Generate NOT_IMPLEMENTED entry points for every API function not yet written.

Every function the public headers declare is exported from day one.  This script
reads the prototypes from include/VX/*.h and the definitions in csrc/**/*.c and
writes a C file with a stub for each function that has no definition: it logs
"<name> is not implemented yet" against its first reference argument and returns
VX_ERROR_NOT_IMPLEMENTED (creators: an error object carrying that status, where a
context can be found; otherwise NULL).

  gen_stubs.py --root DIR --lib openvx --out stubs.c    stubs for libopenvx (vx*)
  gen_stubs.py --root DIR --lib vxu --out vxu_stubs.c   stubs for libvxu (vxu*)
  gen_stubs.py --root DIR --list                         names still missing
  gen_stubs.py --root DIR --check-readme README.md       README table is true?
"""
import argparse
import glob
import os
import re
import sys

PROTO = re.compile(r"^VX_API_ENTRY (.+?) VX_API_CALL (\w+)\((.*)\);\s*$", re.M)
DEFN = re.compile(r"VX_API_ENTRY\s+[\w\s\*]+?\bVX_API_CALL\s+(\w+)\s*\(", re.S)
HANDLES = {"vx_reference", "vx_context", "vx_graph", "vx_node", "vx_kernel", "vx_parameter", "vx_delay",
           "vx_lut", "vx_distribution", "vx_pyramid", "vx_threshold", "vx_matrix", "vx_convolution",
           "vx_scalar", "vx_array", "vx_image", "vx_remap", "vx_object_array", "vx_tensor",
           "vx_meta_format", "vx_import", "vx_user_data_object"}
HEADERS = ["vx_api.h", "vx_nodes.h", "vxu.h", "vx_compatibility.h", "vx_import.h", "vx_khr_nn.h",
           "vx_khr_tiling.h", "vx_khr_pipelining.h", "vx_khr_user_data_object.h", "vx_khr_ix.h",
           "vx_khr_import_kernel.h", "vx_khr_swap_move.h"]


def prototypes(root):
    out = {}
    for h in HEADERS:
        text = open(os.path.join(root, "include", "VX", h)).read()
        for ret, name, params in PROTO.findall(text):
            out[name] = (h, ret.strip(), params.strip())
    return out


def defined(root):
    names = set()
    for path in glob.glob(os.path.join(root, "csrc", "**", "*.c"), recursive=True):
        names.update(DEFN.findall(open(path).read()))
    # the node and vxu functions generated from the kernel table (tools/gen_kernels.py)
    sys.path.insert(0, os.path.join(root, "tools"))
    import gen_kernels
    names.update(gen_kernels.defined_names(gen_kernels.load_table(root)))
    return names


def split_params(params):
    if params in ("void", ""):
        return []
    parts, depth, cur = [], 0, ""
    for ch in params:
        if ch == "," and depth == 0:
            parts.append(cur.strip())
            cur = ""
            continue
        depth += ch in "([" and 1 or 0
        depth -= ch in ")]" and 1 or 0
        cur += ch
    parts.append(cur.strip())
    return parts


def param_name(p):
    if p == "...":
        return None
    p = re.sub(r"\[.*?\]", "", p).strip()
    return re.findall(r"(\w+)\s*$", p)[0]


def param_type(p):
    name = param_name(p)
    t = re.sub(r"\[.*?\]", "", p).strip()
    return t[: t.rfind(name)].strip()


def stub(name, ret, params, lib):
    plist = split_params(params)
    names = [param_name(p) for p in plist]
    body = ["    (void)%s;" % n for n in names if n]
    ref = "NULL"
    if plist and names[0]:
        t = param_type(plist[0])
        if t in HANDLES:
            ref = "(vx_reference)%s" % names[0]
        elif t.rstrip("* ") in HANDLES and t.count("*") == 1:
            ref = "(%s ? (vx_reference)*%s : NULL)" % (names[0], names[0])
    if lib == "vxu":
        log = '    if (%s) vxAddLogEntry(%s, VX_ERROR_NOT_IMPLEMENTED, "%s is not implemented yet");' % (
            names[0], ref, name) if ref != "NULL" else None
    else:
        log = '    ovx_log(%s, VX_ERROR_NOT_IMPLEMENTED, "%s is not implemented yet");' % (ref, name)
    r = ret.replace(" ", "")
    if r == "vx_status":
        tail = "    return VX_ERROR_NOT_IMPLEMENTED;"
    elif ret in HANDLES:
        log = None
        tail = '    return (%s)ovx_error_from(%s, VX_ERROR_NOT_IMPLEMENTED, "%s is not implemented yet");' % (
            ret, ref if ref != "NULL" else "NULL", name)
    elif r == "void":
        tail = ""
    elif r.endswith("*"):
        tail = "    return NULL;"
    elif r == "vx_bool":
        tail = "    return vx_false_e;"
    else:
        tail = "    return (%s)0;" % ret
    if "..." in params:
        decl = "VX_API_ENTRY %s VX_API_CALL %s(%s)" % (ret, name, params)
    else:
        decl = "VX_API_ENTRY %s VX_API_CALL %s(%s)" % (ret, name, params if plist else "void")
    lines = [decl, "{"] + body + ([log] if log else []) + ([tail] if tail else []) + ["}", ""]
    return "\n".join(lines)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--root", required=True)
    ap.add_argument("--lib", choices=["openvx", "vxu"])
    ap.add_argument("--out")
    ap.add_argument("--list", action="store_true")
    ap.add_argument("--check-readme")
    ap.add_argument("--markdown", action="store_true", help="the README table of missing functions")
    ap.add_argument("--update-readme", help="rewrite the table under '## Not yet implemented' in this file")
    a = ap.parse_args()
    protos = prototypes(a.root)
    have = defined(a.root)
    missing = sorted(n for n in protos if n not in have)
    if a.list:
        print("\n".join(missing))
        return 0
    table = ["| header | functions |", "|---|---|"]
    for h in HEADERS:
        names = [n for n in missing if protos[n][0] == h]
        if names:
            table.append("| `%s` (%d) | %s |" % (h, len(names), " ".join("`%s`" % n for n in names)))
    if not missing:
        table = ["Nothing: every function of the API is implemented."]
    if a.markdown:
        print("\n".join(table))
        return 0
    if a.update_readme:
        text = open(a.update_readme).read()
        head, sep, rest = text.partition("## Not yet implemented\n")
        nxt = rest.find("\n## ")
        tail = rest[nxt:] if nxt >= 0 else "\n"
        body = rest[:nxt] if nxt >= 0 else rest
        intro = body[: body.find("| header |")] if "| header |" in body else body.split("\n\n")[0] + "\n\n"
        with open(a.update_readme, "w") as f:
            f.write(head + sep + intro + "\n".join(table) + "\n" + tail)
        return 0
    if a.check_readme:
        text = open(a.check_readme).read()
        m = re.search(r"## Not yet implemented\n(.*?)(\n## |\Z)", text, re.S)
        listed = set(re.findall(r"`(vxu?[A-Z]\w+)`", m.group(1))) if m else set()
        extra, absent = sorted(listed - set(missing)), sorted(set(missing) - listed)
        for n in extra:
            print("README lists %s as not implemented, but it is" % n)
        for n in absent:
            print("README does not list %s, which is not implemented" % n)
        return 1 if extra or absent else 0
    wanted = [n for n in missing if (n.startswith("vxu") if a.lib == "vxu" else not n.startswith("vxu"))]
    out = ["/* GENERATED by tools/gen_stubs.py at build time: entry points not implemented yet. */"]
    if a.lib == "vxu":
        out += ["#include <VX/vx.h>", "#include <VX/vxu.h>", "#include <VX/vx_compatibility.h>",
                "#include <VX/vx_khr_nn.h>", ""]
    else:
        out += ['#include "framework/ovx.h"', "#include <VX/vx_khr_nn.h>", "#include <VX/vx_khr_tiling.h>",
                "#include <VX/vx_khr_pipelining.h>", "#include <VX/vx_khr_ix.h>",
                "#include <VX/vx_khr_import_kernel.h>", "#include <VX/vx_khr_swap_move.h>", ""]
    for n in wanted:
        h, ret, params = protos[n]
        out.append(stub(n, ret, params, a.lib))
    if not wanted:
        out.append("typedef int ovx_no_stubs_left;")
    with open(a.out, "w") as f:
        f.write("\n".join(out) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
