#!/usr/bin/env python3
"""Generate the cffi (API mode) binding of libopenvx from our public headers.

The cdef is derived from include/VX/*.h -- the very headers the C library is
compiled against -- never from the registry, so the C compiler checks every
declaration of the binding against the real headers when the emitted C source
is compiled:

* ``enum name { A = expr, ... };``  ->  ``enum name { A, B, ... };`` (the C
  compiler supplies the values);
* ``#define NAME <integer literal>`` -> ``#define NAME <literal>`` (checked by
  the compiler), ``#define NAME <integer expression>`` -> ``#define NAME ...``;
* ``#define NAME "string"``  ->  ``static const char *const NAME;``;
* ``#define NAME <float>``   ->  ``static const float NAME;``;
* brace initialisers and function-like macros are skipped;
* typedefs, structs, unions and function-pointer typedefs are copied;
* prototypes are copied with ``VX_API_ENTRY`` / ``VX_API_CALL`` stripped;
* preprocessor conditionals other than include guards are skipped (platform
  decorations, C++ guards, the optional float16 type).

Usage::

    gen_cffi.py --include-dir include -o _ffi.c [--cdef-out cdef.h]
"""

import argparse
import os
import re
import sys

# Parse order: a type must be declared before it is used.
HEADERS = [
    "vx_vendors.h",
    "vx_types.h",
    "vx_kernels.h",
    "vx_api.h",
    "vx_nodes.h",
    "vx.h",
    "vxu.h",
    "vx_compatibility.h",
    "vx_import.h",
    "vx_khr_nn.h",
    "vx_khr_tiling.h",
    "vx_khr_pipelining.h",
    "vx_khr_user_data_object.h",
    "vx_khr_ix.h",
    "vx_khr_import_kernel.h",
    "vx_khr_swap_move.h",
]

# libopenvx's own vendor extension (vendor attributes in the VX_ID_DEFAULT
# range): bound when present.
OPTIONAL_HEADERS = [
    "vx_ext_ovx.h",
]

EXTENSION_DEFINES = [
    "OPENVX_USE_NN",
    "OPENVX_USE_NN_16",
    "OPENVX_USE_PIPELINING",
    "OPENVX_USE_STREAMING",
    "OPENVX_USE_USER_DATA_OBJECT",
    "OPENVX_USE_IX",
    "OPENVX_USE_U1",
    "OPENVX_USE_ENHANCED_VISION",
    "OPENVX_USE_TILING",
]

# Declared in the cdef on top of the headers: the log callback the Python layer
# registers with vxRegisterLogCallback (cffi generates its C definition), and
# the helper a Python user kernel's run wrapper calls (HELPER_SOURCE).
EXTRA_CDEF = """
extern "Python" void _pyopenvx_log_callback(vx_context context, vx_reference ref,
                                            vx_status status, const vx_char string[]);
int _pyopenvx_lend(vx_node node, const vx_reference *refs, vx_uint32 num, vx_int32 *out);
vx_status _pyopenvx_put(vx_graph graph, vx_uint32 index, vx_image img, const vx_rectangle_t *rect,
                        const vx_imagepatch_addressing_t *addr, const void *src, vx_reference *used, int *stage);
vx_status _pyopenvx_get(vx_graph graph, vx_uint32 index, const vx_rectangle_t *rect,
                        const vx_imagepatch_addressing_t *addr, void *dst, vx_reference *used, int *stage);
vx_status _pyopenvx_get_swap(vx_graph graph, vx_uint32 index, void *fresh, vx_reference *used, int *stage);
vx_status _pyopenvx_get_swap_put(vx_graph graph, vx_uint32 out_index, void *fresh, vx_uint32 in_index, vx_image img,
                                 const vx_rectangle_t *rect, const vx_imagepatch_addressing_t *addr, const void *src,
                                 vx_reference *used, int *stage, vx_status *put_status);
"""

# C of the binding's own helpers (not part of the OpenVX API).  Every call
# through cffi releases and retakes the GIL, each a chance for another Python
# thread (a stream's loop) to take it in between; a Python user kernel's run
# wrapper (pyopenvx/_graph.py) reads what it needs of its node and parameters
# in this one call.  The wrappers it makes take no count of their own while
# the callback runs (the node holds its parameters): _pyopenvx_lend writes
# each reference's VX_REFERENCE_TYPE to out[4i] (0 for NULL, -1 for a
# reference that is not valid) and, for images, (format, width, height) to
# out[4i+1..4i+3] (else zeros).  Returns -1 when the node is not a valid node,
# else 0.
#
# _pyopenvx_put and _pyopenvx_get are a stream's frame (pyopenvx/_stream.py)
# for a single-plane image input or output, in one call each instead of
# three: put writes plane 0 of img (NULL: the oldest consumed input, dequeued
# here, blocking) from src and enqueues it to graph parameter index; get
# dequeues the oldest done output (blocking), copies its plane 0 to dst and
# enqueues it again (also when the copy failed).  Both return the status of
# the first call that failed, *stage saying which (1 the dequeue, 2 the copy,
# 3 the enqueue), and *used the image taken.  _pyopenvx_get_swap is get for
# an output image made from a handle: no copy, the image's memory (the frame's
# result) swapped for `fresh` (vxSwapImageHandle; stage 2) before the
# enqueue; the caller hands the previous memory over.  _pyopenvx_get_swap_put
# is a stream's map step: get_swap of out_index, then (when that succeeded)
# put of in_index, in one call (one release and retake of the GIL a frame
# instead of two); the get's status returned (used[0], stage[0]), the put's in
# *put_status (used[1], stage[1]; stage[1] 0: not tried).
HELPER_SOURCE = """
static int _pyopenvx_lend(vx_node node, const vx_reference *refs, vx_uint32 num, vx_int32 *out)
{
    vx_enum t = 0;
    vx_uint32 i;
    if (vxQueryReference((vx_reference)node, VX_REFERENCE_TYPE, &t, sizeof(t)) != VX_SUCCESS || t != VX_TYPE_NODE)
        return -1;
    for (i = 0; i < num; i++) {
        vx_int32 *o = out + 4 * i;
        vx_df_image f = 0;
        vx_uint32 w = 0, h = 0;
        t = 0;
        o[1] = o[2] = o[3] = 0;
        if (refs[i] != NULL && vxQueryReference(refs[i], VX_REFERENCE_TYPE, &t, sizeof(t)) != VX_SUCCESS) t = -1;
        o[0] = t;
        if (t == VX_TYPE_IMAGE && vxQueryImage((vx_image)refs[i], VX_IMAGE_FORMAT, &f, sizeof(f)) == VX_SUCCESS &&
            vxQueryImage((vx_image)refs[i], VX_IMAGE_WIDTH, &w, sizeof(w)) == VX_SUCCESS &&
            vxQueryImage((vx_image)refs[i], VX_IMAGE_HEIGHT, &h, sizeof(h)) == VX_SUCCESS) {
            o[1] = (vx_int32)f;
            o[2] = (vx_int32)w;
            o[3] = (vx_int32)h;
        }
    }
    return 0;
}

static vx_status _pyopenvx_put(vx_graph graph, vx_uint32 index, vx_image img, const vx_rectangle_t *rect,
                               const vx_imagepatch_addressing_t *addr, const void *src, vx_reference *used, int *stage)
{
    vx_reference r = (vx_reference)img;
    vx_uint32 n = 0;
    vx_status s;
    *stage = 1;
    *used = NULL;
    if (r == NULL) {
        s = vxGraphParameterDequeueDoneRef(graph, index, &r, 1, &n);
        if (s != VX_SUCCESS) return s;
        if (n != 1) return VX_FAILURE;
    }
    *used = r;
    *stage = 2;
    s = vxCopyImagePatch((vx_image)r, rect, 0, addr, (void *)src, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST);
    if (s != VX_SUCCESS) return s;
    *stage = 3;
    return vxGraphParameterEnqueueReadyRef(graph, index, &r, 1);
}

static vx_status _pyopenvx_get(vx_graph graph, vx_uint32 index, const vx_rectangle_t *rect,
                               const vx_imagepatch_addressing_t *addr, void *dst, vx_reference *used, int *stage)
{
    vx_reference r = NULL;
    vx_uint32 n = 0;
    vx_status s, e;
    *stage = 1;
    *used = NULL;
    s = vxGraphParameterDequeueDoneRef(graph, index, &r, 1, &n);
    if (s != VX_SUCCESS) return s;
    if (n != 1) return VX_FAILURE;
    *used = r;
    *stage = 2;
    s = vxCopyImagePatch((vx_image)r, rect, 0, addr, dst, VX_READ_ONLY, VX_MEMORY_TYPE_HOST);
    e = vxGraphParameterEnqueueReadyRef(graph, index, &r, 1);
    if (s == VX_SUCCESS && e != VX_SUCCESS) {
        *stage = 3;
        s = e;
    }
    return s;
}

static vx_status _pyopenvx_get_swap(vx_graph graph, vx_uint32 index, void *fresh, vx_reference *used, int *stage)
{
    vx_reference r = NULL;
    vx_uint32 n = 0;
    vx_status s, e;
    void *ptrs[1], *prev[1];
    ptrs[0] = fresh;
    *stage = 1;
    *used = NULL;
    s = vxGraphParameterDequeueDoneRef(graph, index, &r, 1, &n);
    if (s != VX_SUCCESS) return s;
    if (n != 1) return VX_FAILURE;
    *used = r;
    *stage = 2;
    s = vxSwapImageHandle((vx_image)r, ptrs, prev, 1);
    e = vxGraphParameterEnqueueReadyRef(graph, index, &r, 1);
    if (s == VX_SUCCESS && e != VX_SUCCESS) {
        *stage = 3;
        s = e;
    }
    return s;
}

static vx_status _pyopenvx_get_swap_put(vx_graph graph, vx_uint32 out_index, void *fresh, vx_uint32 in_index, vx_image img,
                                        const vx_rectangle_t *rect, const vx_imagepatch_addressing_t *addr,
                                        const void *src, vx_reference *used, int *stage, vx_status *put_status)
{
    vx_status s = _pyopenvx_get_swap(graph, out_index, fresh, used, stage);
    stage[1] = 0;
    used[1] = NULL;
    *put_status = VX_SUCCESS;
    if (s == VX_SUCCESS) *put_status = _pyopenvx_put(graph, in_index, img, rect, addr, src, used + 1, stage + 1);
    return s;
}
"""

_INT_LITERAL = re.compile(r"^\(?\s*(-?(?:0[xX][0-9a-fA-F]+|\d+))[uUlL]*\s*\)?$")
_FLOAT = re.compile(r"\d\.\d*[fF]?|\d[fF]\b")
_IDENT = re.compile(r"[A-Za-z_]\w*")


def strip_comments(text):
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    text = re.sub(r"//[^\n]*", "", text)
    return text


def join_continuations(text):
    return re.sub(r"\\\n", " ", text)


class Collector:
    """Accumulates cdef pieces and the names found, in header order."""

    def __init__(self):
        self.cdef = []
        self.functions = []
        self.int_constants = []
        self.other_constants = []
        self.seen = set()

    def add(self, text):
        self.cdef.append(text)


# Macros of vx_compatibility.h that are no constant: aliases of type names
# (vx_border_mode_t -> vx_border_t), and VX_BORDER_MODE_POLICY, an alias the
# official header keeps of a name that no header defines.
_TYPE_ALIAS = re.compile(r"^_?vx_\w+$")
NOT_CONSTANTS = {"VX_BORDER_MODE_POLICY"}


def parse_define(line, out):
    m = re.match(r"#\s*define\s+(\w+)(\(?)(.*)$", line)
    if not m:
        return
    name, paren, value = m.group(1), m.group(2), m.group(3).strip()
    if paren:  # function-like macro (no space before the parenthesis)
        return
    if not value:  # include guard or marker
        return
    if name in out.seen:
        return
    if value.startswith("{"):  # struct initialisers (VX_PERF_INIT, ...)
        return
    if _TYPE_ALIAS.match(value) or name in NOT_CONSTANTS:
        return
    out.seen.add(name)
    if value.startswith('"'):
        out.add("static const char *const %s;" % name)
        out.other_constants.append(name)
        return
    lit = _INT_LITERAL.match(value)
    if lit:
        out.add("#define %s %s" % (name, lit.group(1)))
        out.int_constants.append(name)
        return
    if _FLOAT.search(value):
        out.add("static const float %s;" % name)
        out.other_constants.append(name)
        return
    out.add("#define %s ..." % name)
    out.int_constants.append(name)


def split_declarations(code):
    """Split C code into top-level declarations (ending in ';' at depth 0)."""
    decls, depth, start = [], 0, 0
    for i, ch in enumerate(code):
        if ch in "{(":
            depth += 1
        elif ch in "})":
            depth -= 1
        elif ch == ";" and depth == 0:
            decls.append(code[start:i + 1].strip())
            start = i + 1
    rest = code[start:].strip()
    if rest:
        raise ValueError("trailing text without ';': %r" % rest[:200])
    return decls


def handle_declaration(decl, out):
    decl = re.sub(r"\s+", " ", decl).strip()
    m = re.match(r"^enum (\w+) \{(.*)\} ?;$", decl)
    if m:
        name, body = m.group(1), m.group(2)
        members = []
        for item in split_top_commas(body):
            item = item.strip()
            if not item:
                continue
            ident = _IDENT.match(item).group(0)
            members.append(ident)
            out.int_constants.append(ident)
            out.seen.add(ident)
        if members:
            out.add("enum %s { %s, ... };" % (name, ", ".join(members)))
        else:
            out.add("enum %s { ... };" % name)
        return
    if "VX_API_ENTRY" in decl:
        decl = decl.replace("VX_API_ENTRY", "").replace("VX_API_CALL", "")
        decl = re.sub(r"\s+", " ", decl).strip()
        fm = re.search(r"(\w+)\s*\(", decl)
        out.functions.append(fm.group(1))
        out.add(decl)
        return
    if "VX_CALLBACK" in decl:
        decl = decl.replace("VX_CALLBACK", "")
    out.add(decl)


def split_top_commas(body):
    parts, depth, cur = [], 0, []
    for ch in body:
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
        if ch == "," and depth == 0:
            parts.append("".join(cur))
            cur = []
        else:
            cur.append(ch)
    parts.append("".join(cur))
    return parts


def parse_header(path, out):
    with open(path, encoding="utf-8") as f:
        text = join_continuations(strip_comments(f.read()))
    lines = text.split("\n")
    # Conditional stack: True = active.  Include-guard style "#ifndef X /
    # #define X" blocks stay active; every other conditional block is skipped.
    stack = []
    code = []
    i = 0
    while i < len(lines):
        line = lines[i].strip()
        i += 1
        if line.startswith("#"):
            directive = re.match(r"#\s*(\w+)", line).group(1)
            if directive in ("if", "ifdef", "ifndef"):
                active = all(stack)
                guard = False
                if directive == "ifndef":
                    sym = line.split()[1]
                    nxt = next((l.strip() for l in lines[i:] if l.strip()), "")
                    guard = re.match(r"#\s*define\s+%s\s*$" % re.escape(sym), nxt) is not None
                stack.append(active and guard)
            elif directive in ("elif", "else"):
                stack[-1] = False
            elif directive == "endif":
                stack.pop()
            elif directive == "define" and all(stack):
                if code and "".join(code).strip():
                    # flush pending declarations so the order is kept
                    for d in split_declarations("\n".join(code)):
                        handle_declaration(d, out)
                    code = []
                parse_define(line, out)
            # include, undef, error, pragma: nothing to do
            continue
        if all(stack):
            code.append(line)
    if stack:
        raise ValueError("%s: unbalanced conditionals" % path)
    for d in split_declarations("\n".join(code)):
        handle_declaration(d, out)


def headers(include_dir):
    """The headers bound, in parse order (optional ones when present)."""
    found = list(HEADERS)
    found += [h for h in OPTIONAL_HEADERS
              if os.path.exists(os.path.join(include_dir, "VX", h))]
    return found


def build_cdef(include_dir):
    out = Collector()
    for h in headers(include_dir):
        parse_header(os.path.join(include_dir, "VX", h), out)
    out.add(EXTRA_CDEF)
    return out


def c_source_prelude(include_dir):
    lines = ["#define %s 1" % d for d in EXTENSION_DEFINES]
    lines += ["#include <VX/vx.h>"]
    lines += ["#include <VX/%s>" % h for h in headers(include_dir) if h != "vx.h"]
    return "\n".join(lines) + "\n" + HELPER_SOURCE


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--include-dir", required=True,
                    help="directory holding VX/*.h")
    ap.add_argument("-o", "--output", required=True, help="C file to write")
    ap.add_argument("--module", default="pyopenvx._ffi")
    ap.add_argument("--cdef-out", help="also write the cdef text here")
    args = ap.parse_args(argv)

    import cffi

    col = build_cdef(args.include_dir)
    cdef = "\n".join(col.cdef) + "\n"
    if args.cdef_out:
        with open(args.cdef_out, "w", encoding="utf-8") as f:
            f.write(cdef)
    ffibuilder = cffi.FFI()
    ffibuilder.cdef(cdef)
    ffibuilder.set_source(args.module, c_source_prelude(args.include_dir))
    tmp = args.output + ".tmp"
    ffibuilder.emit_c_code(tmp)
    os.replace(tmp, args.output)
    return 0


if __name__ == "__main__":
    sys.exit(main())
