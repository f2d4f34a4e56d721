#!/usr/bin/env python3
"""Generate cts/abi/abi_registry.c, an ABI conformance test of our public
headers against the OpenVX API registry (vx.xml).

Usage: gen_abi_test.py path/to/vx.xml path/to/abi_registry.c

Every expected value in the generated C file is computed HERE, in Python,
from vx.xml alone (never from our headers):

  * enumerant / constant values: a small, whitelisting evaluator of the C
    expressions used by the registry (VX_ENUM_BASE, VX_ATTRIBUTE_BASE,
    VX_KERNEL_BASE, VX_DF_IMAGE, VX_VERSION_MAJOR/MINOR, ... are evaluated
    from the macro bodies given in vx.xml);
  * struct / union sizes and member offsets for x86-64 SysV (LP64) with
    natural alignment.

The generated program checks everything at run time, prints one line per
failure and a final "N passed, N failed" line.  Standard library only.
"""

import ast
import os
import re
import sys
import xml.etree.ElementTree as ET

# ---------------------------------------------------------------------------
# Scope: what belongs to extensions we do not ship.
# ---------------------------------------------------------------------------

# <enums> blocks (by their name attribute) that are entirely out of scope.
EXCLUDED_ENUM_GROUPS = {
    # vx_ext_target
    "vx_ext_target_type_e", "vx_ext_target_context_attribute_e",
    "vx_target_attribute_e",
    # vx_khr_class
    "vx_class_enum_e", "vx_classifier_model_format_e", "vx_classifier_type_e",
    # vx_khr_interp
    "vx_interpolation_type_ext_e",
    # vx_khr_xml (NOTE: vx_ext_import_type_e, i.e. VX_TYPE_IMPORT, stays in
    # scope: it is also required by the vx_import.h feature)
    "vx_ext_import_types_e", "vx_import_attribute_e",
    # vx_khr_lib_debug / vx_khr_extras
    "vx_kernel_debug_ext_e", "vx_kernel_extras_ext_e", "vx_extra_df_image",
    # vx_khr_node_memory
    "vx_kernel_attribute_memory_e", "vx_node_attribute_memory_e",
    # vx_khr_buffer_aliasing
    "vx_buffer_aliasing_enum_e", "vx_buffer_aliasing_processing_type_e",
    # vx_khr_raw_image
    "vx_image_raw_buffer_access_e", "vx_image_raw_pixel_container_e",
    "vx_image_raw_exposure_interleaving_e",
}

# Individual names that are out of scope.
EXCLUDED_NAMES = {
    "OPENVX_EXT_TARGET", "VX_MAX_TARGET_NAME", "VX_TYPE_TARGET",
    "VX_CONTEXT_TARGETS",                                   # vx_ext_target
    "OPENVX_KHR_CLASS", "VX_LIBRARY_KHR_CLASS_EXTENSION",  # vx_khr_class
    "OPENVX_KHR_DOT",                                       # vk_khr_dot
    "OPENVX_KHR_INTERP",                                    # vx_khr_interp
    "OPENVX_KHR_XML",                                       # vx_khr_xml
    "OPENVX_KHR_OPENCL", "VX_CL_MAX_PLANES",                # vx_khr_opencl
    "OPENVX_KHR_VARIANTS", "VX_MAX_VARIANT_NAME",           # vx_khr_variant
    "VX_LIBRARY_KHR_DEBUG", "VX_LIBRARY_KHR_EXTRAS",
    "VX_MAX_FILE_NAME",                                     # lib_debug/extras
    "OPENVX_KHR_NODE_MEMORY",                               # node_memory
    "OPENVX_KHR_BUFFER_ALIASING",                           # buffer_aliasing
    "OPENVX_KHR_RAW_IMAGE",                                 # raw_image
    "VX_TAU", "VX_MAX_LOG_NUM_ENTRIES",                     # vx_helper.h
    # statement / helper macros that are not constants
    "FGETS", "dimof",
}
EXCLUDED_NAME_RE = re.compile(
    r"^(VX_IMAGE_RAW|VX_ENUM_IMAGE_RAW|VX_DF_IMAGE_RAW|VX_IMAGE_IS_RAW)")

EXCLUDED_STRUCTS = {
    # vx_helper.h feature
    "vx_param_description_t", "vx_kernel_description_t", "vx_log_entry_t",
    "vx_log_t",
    # vx_khr_raw_image
    "vx_image_raw_create_params_t", "vx_image_raw_format_t",
}

# Handles that belong to headers / extensions we do not ship.
EXCLUDED_HANDLES = {
    "vx_target",            # vx_ext_target
    "vx_classifier_model",  # vx_khr_class
    "vx_platform",          # vk_khr_icd (vx_khr_icd.h is not shipped)
}

# Function-like macros checked on sample arguments.  Expected values are
# obtained by evaluating the macro bodies read from vx.xml.
MACRO_SAMPLES = [
    "VX_ENUM_BASE(VX_ID_KHRONOS, VX_ENUM_BORDER)",
    "VX_ENUM_BASE(VX_ID_NVIDIA, 0x21)",
    "VX_ATTRIBUTE_BASE(VX_ID_KHRONOS, VX_TYPE_IMAGE)",
    "VX_ATTRIBUTE_BASE(VX_ID_AMD, VX_TYPE_TENSOR)",
    "VX_KERNEL_BASE(VX_ID_KHRONOS, VX_LIBRARY_KHR_NN_EXTENSION)",
    "VX_KERNEL_BASE(VX_ID_ARM, 0x3)",
    "VX_DF_IMAGE('U','0','0','8')",
    "VX_DF_IMAGE('A','B','C','D')",
    "VX_VERSION_MAJOR(1)",
    "VX_VERSION_MAJOR(0x1FF)",
    "VX_VERSION_MINOR(3)",
    "VX_VERSION_MINOR(0x1FF)",
    "VX_ENUM_TYPE(VX_BORDER_CONSTANT)",
    "VX_ENUM_TYPE(VX_NN_POOLING_AVG)",
    "VX_LIBRARY(VX_KERNEL_CONVOLUTION_LAYER)",
    "VX_LIBRARY(VX_KERNEL_BASE(VX_ID_TI, 0x7F) + 0x3)",
    "VX_TYPE(VX_IMAGE_WIDTH)",
    "VX_TYPE(VX_TENSOR_DIMS)",
    "VX_VENDOR(VX_KERNEL_BASE(VX_ID_ARM, 0x2))",
    "VX_VENDOR(VX_ENUM_BASE(VX_ID_SOCIONEXT, 0x1))",
]
# vxFormatArrayPointer(ptr, index, stride): checked as a byte offset from ptr.
FORMAT_ARRAY_SAMPLES = [(3, 5), (7, 16)]

# Extra enumerants not in vx.xml: the accumulate kernels kept by
# vx_compatibility.h (removed from vx_kernel_e in 1.3, ids 0x16..0x18).
COMPAT_EXTRA_ENUMS = [
    ("VX_KERNEL_ACCUMULATE",
     "VX_KERNEL_BASE(VX_ID_KHRONOS, VX_LIBRARY_KHR_BASE) + 0x16"),
    ("VX_KERNEL_ACCUMULATE_WEIGHTED",
     "VX_KERNEL_BASE(VX_ID_KHRONOS, VX_LIBRARY_KHR_BASE) + 0x17"),
    ("VX_KERNEL_ACCUMULATE_SQUARE",
     "VX_KERNEL_BASE(VX_ID_KHRONOS, VX_LIBRARY_KHR_BASE) + 0x18"),
]

# Enumerants the registry marks with a comment such as
# "#if defined(OPENVX_TILING_1_1)" (tiling 1.1 attributes: vx_khr_tiling.h
# provides them unless the application defines OPENVX_TILING_1_0) or
# "#if EXPERIMENTAL_PLATFORM_SUPPORTS_16_FLOAT" (VX_TYPE_FLOAT16; the
# condition applies to the vx_float16 typedef only) are checked
# unconditionally; the registry comment is copied next to the check.

# Brace initializer constants: which struct they initialise.
INITIALIZER_STRUCTS = {
    "VX_IMAGEPATCH_ADDR_INIT": "vx_imagepatch_addressing_t",
    "VX_PERF_INIT": "vx_perf_t",
}

# Headers included by the generated program.
HEADERS = [
    "VX/vx.h", "VX/vxu.h", "VX/vx_compatibility.h", "VX/vx_khr_nn.h",
    "VX/vx_khr_tiling.h", "VX/vx_khr_pipelining.h",
    "VX/vx_khr_user_data_object.h", "VX/vx_khr_ix.h", "VX/vx_import.h",
    "VX/vx_khr_import_kernel.h",
]
FLAGS = [
    "OPENVX_USE_NN", "OPENVX_USE_NN_16", "OPENVX_USE_PIPELINING",
    "OPENVX_USE_STREAMING", "OPENVX_USE_USER_DATA_OBJECT", "OPENVX_USE_IX",
    "OPENVX_USE_U1", "OPENVX_USE_ENHANCED_VISION",
]

# x86-64 SysV / LP64 sizes (== alignments) of the C base types.
C_BASE_SIZES = {
    "char": 1, "int8_t": 1, "uint8_t": 1,
    "int16_t": 2, "uint16_t": 2,
    "int": 4, "int32_t": 4, "uint32_t": 4, "float": 4,
    "int64_t": 8, "uint64_t": 8, "double": 8, "size_t": 8, "uintptr_t": 8,
}
POINTER_SIZE = 8
SIGNED_BASE = {"char", "int8_t", "int16_t", "int", "int32_t", "int64_t"}
FLOAT_BASE = {"float", "double"}


def excluded(name):
    return name in EXCLUDED_NAMES or bool(EXCLUDED_NAME_RE.match(name))


# ---------------------------------------------------------------------------
# Safe expression evaluator
# ---------------------------------------------------------------------------

class EvalError(Exception):
    pass


_CAST_RE = re.compile(r"\(\s*(vx_[a-z0-9_]+|int|unsigned|float|double)\s*\)")
_CHAR_RE = re.compile(r"'(\\?.)'")
_NUM_RE = re.compile(
    r"(?<![\w.])((?:0[xX][0-9a-fA-F]+)|(?:\d+\.\d*(?:[eE][-+]?\d+)?)|(?:\d+))"
    r"([uUlLfF]*)(?![\w.])")


def c_to_py(expr):
    """Translate a registry C expression into Python syntax (still just
    text: it is parsed with ast and evaluated by a whitelisting walker)."""
    s = expr.strip()
    s = _CAST_RE.sub(" ", s)                       # (vx_enum) casts etc.
    s = _CHAR_RE.sub(lambda m: str(ord(m.group(1)[-1])), s)

    def num(m):
        text, suffix = m.group(1), m.group(2)
        if "." in text or "f" in suffix.lower() and not text.lower().startswith("0x"):
            return repr(float(text))
        if text.lower().startswith("0x"):
            return str(int(text, 16))
        if len(text) > 1 and text.startswith("0"):
            return str(int(text, 8))               # C octal
        return str(int(text))
    s = _NUM_RE.sub(num, s)
    return s


sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gen_headers import OFFICIAL_ENUMERATORS, OFFICIAL_VALUES  # noqa: E402


class Registry:
    def __init__(self, path):
        self.root = ET.parse(path).getroot()
        self.raw = {}          # name -> list of (expr, group)
        self.order = []        # (group, name) in registry order
        self.macros = {}       # name -> (params, body)
        self.values = {}
        self.duplicates = []
        self._parse()

    # -- parsing ------------------------------------------------------------
    def _add(self, name, expr, group):
        if name in self.raw:
            self.raw[name].append((expr, group))
            self.duplicates.append(name)
        else:
            self.raw[name] = [(expr, group)]
            self.order.append((group, name))

    def _parse(self):
        types = self.root.find("types")
        for t in types.findall("type"):
            if t.get("category") != "define":
                continue
            name_el = t.find("name")
            if name_el is None:
                continue
            name = name_el.text
            tail = name_el.tail or ""
            if tail.startswith("("):
                # function-like macro: "(a,b) body"
                m = re.match(r"\(([^)]*)\)(.*)$", tail, re.S)
                params = [p.strip() for p in m.group(1).split(",") if p.strip()]
                body = m.group(2).replace("\\\n", " ").strip()
                self.macros[name] = (params, body)
            else:
                value = tail.strip()
                if value:
                    self._add(name, value, "#define (types section)")
        for enums in self.root.findall("enums"):
            group = enums.get("name")
            # Comments inside <enums> (both <comment> elements and bare text
            # such as "// Buffer Aliasing extension") are simply ignored:
            # ElementTree keeps them as .text/.tail which we never read.
            for e in enums.findall("enum"):
                if e.get("value") is None:
                    continue
                self._add(e.get("name"), e.get("value"), group)
        # Where the official Khronos headers win over the registry (the table
        # and its reasons are in gen_headers.py; abi_official.c checks them
        # against the official headers' own values).
        for name, expr in OFFICIAL_VALUES.items():
            self.raw[name] = [(expr, g) for _, g in self.raw[name]]
        for group, name, expr in OFFICIAL_ENUMERATORS:
            self._add(name, expr, group)

    # -- evaluation ---------------------------------------------------------
    def expr_kind(self, expr):
        s = expr.strip()
        if s.startswith('"'):
            return "string"
        if s.startswith("{"):
            return "init"
        return "number"

    def resolve(self, name, stack=()):
        if name in self.values:
            return self.values[name]
        if name not in self.raw:
            raise EvalError("unknown name %s" % name)
        if name in stack:
            raise EvalError("recursive definition of %s" % name)
        results = []
        for expr, _group in self.raw[name]:
            results.append(self.evaluate(expr, stack + (name,)))
        # Registry quirk: some names are defined twice.  Both definitions
        # must agree; we then use the value once.
        for r in results[1:]:
            if r != results[0]:
                raise EvalError("conflicting duplicate definitions of %s: %r"
                                % (name, results))
        self.values[name] = results[0]
        return results[0]

    def evaluate(self, expr, stack=(), env=None):
        kind = self.expr_kind(expr)
        if kind == "string":
            return ast.literal_eval(expr.strip())
        if kind == "init":
            return [self.evaluate(x, stack) for x in
                    expr.strip()[1:-1].split(",")]
        # Registry quirk: values such as " 0" and "... + 0x1 " carry blanks.
        py = c_to_py(expr)
        try:
            tree = ast.parse(py, mode="eval")
        except SyntaxError as exc:
            raise EvalError("cannot parse %r (%r): %s" % (expr, py, exc))
        return self._walk(tree.body, stack, env or {})

    _BINOPS = {
        ast.Add: lambda a, b: a + b,
        ast.Sub: lambda a, b: a - b,
        ast.Mult: lambda a, b: a * b,
        ast.BitOr: lambda a, b: a | b,
        ast.BitAnd: lambda a, b: a & b,
        ast.BitXor: lambda a, b: a ^ b,
        ast.LShift: lambda a, b: a << b,
        ast.RShift: lambda a, b: a >> b,
    }

    def _walk(self, node, stack, env):
        if isinstance(node, ast.Constant) and isinstance(node.value, (int, float)):
            return node.value
        if isinstance(node, ast.Name):
            if node.id in env:
                return env[node.id]
            return self.resolve(node.id, stack)
        if isinstance(node, ast.BinOp) and type(node.op) in self._BINOPS:
            a = self._walk(node.left, stack, env)
            b = self._walk(node.right, stack, env)
            return self._BINOPS[type(node.op)](a, b)
        if isinstance(node, ast.UnaryOp):
            v = self._walk(node.operand, stack, env)
            if isinstance(node.op, ast.USub):
                return -v
            if isinstance(node.op, ast.UAdd):
                return v
            if isinstance(node.op, ast.Invert):
                return ~v
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
                and node.func.id in self.macros and not node.keywords:
            params, body = self.macros[node.func.id]
            if len(params) != len(node.args):
                raise EvalError("bad arity for %s" % node.func.id)
            args = {p: self._walk(a, stack, env)
                    for p, a in zip(params, node.args)}
            return self.evaluate(body, stack, args)
        raise EvalError("unsupported expression node %s" % ast.dump(node))


# ---------------------------------------------------------------------------
# Types, structs and layout
# ---------------------------------------------------------------------------

class Member:
    def __init__(self, name, ctype, pointer, dims):
        self.name, self.ctype, self.pointer, self.dims = name, ctype, pointer, dims


def parse_member(m):
    """Split a <member> into (type, pointer?, name, array dims)."""
    type_el = m.find("type")
    name_el = m.find("name")
    before, after, seen = [], [], False
    if m.text:
        before.append(m.text)
    for child in m:
        if child is name_el:
            seen = True
            after.append(child.tail or "")
            continue
        target = after if seen else before
        target.append("".join(child.itertext()))
        target.append(child.tail or "")
    before, after = "".join(before), "".join(after)
    name = name_el.text.strip()
    # Registry quirk: "<name>num</name>Params" means member numParams.
    if name == "num" and after.startswith("Params"):
        name, after = "numParams", after[len("Params"):]
    # Registry quirk: "<name>format[VX_IMAGE_RAW_MAX_EXPOSURES]</name>" has
    # the array bound inside <name>.
    if "[" in name:
        name, rest = name.split("[", 1)
        after = "[" + rest + after
    if type_el is not None:
        ctype = type_el.text.strip()
    else:
        # e.g. "<member>void *<name>user_event_parameter</name></member>"
        ctype = before.replace("*", " ").replace("const", " ").split()[0]
    pointer = "*" in before
    dims = re.findall(r"\[([^\]]*)\]", after)
    return Member(name, ctype, pointer, dims)


class Layout:
    def __init__(self, reg):
        self.reg = reg
        self.typedefs = {}     # name -> base type name
        self.handles = []      # opaque handle typedefs in registry order
        self.funcptrs = []
        self.aggregates = {}   # name -> (category, [Member])
        self.agg_order = []
        self._memo = {}
        self._funcptr_text = {}
        self._parse()

    def _parse(self):
        for t in self.reg.root.find("types").findall("type"):
            cat = t.get("category")
            if cat == "basetype":
                name = t.find("name").text
                text = "".join(t.itertext())
                if re.match(r"\s*typedef\s+struct\s+\w+\s*\*", text):
                    self.handles.append(name)
                else:
                    base = t.find("type")
                    self.typedefs[name] = base.text.strip()
            elif cat == "funcpointer":
                name_el = t.find("name")
                name = name_el.text if name_el is not None else t.get("name")
                # Registry quirk: vx_tiling_kernel_f is defined twice (C and
                # C++ branches).  Both definitions must agree; use it once.
                text = " ".join("".join(t.itertext()).split())
                if name in self._funcptr_text:
                    if self._funcptr_text[name] != text:
                        raise EvalError("conflicting definitions of %s" % name)
                    self.reg.duplicates.append(name)
                else:
                    self._funcptr_text[name] = text
                    self.funcptrs.append(name)
            elif cat in ("struct", "union"):
                name = t.get("name")
                members = [parse_member(m) for m in t.findall("member")]
                self.aggregates[name] = (cat, members)
                self.agg_order.append(name)

    def size_align(self, ctype):
        if ctype in self._memo:
            return self._memo[ctype]
        if ctype in C_BASE_SIZES:
            r = (C_BASE_SIZES[ctype], C_BASE_SIZES[ctype])
        elif ctype in self.handles or ctype in self.funcptrs:
            r = (POINTER_SIZE, POINTER_SIZE)
        elif ctype in self.typedefs:
            r = self.size_align(self.typedefs[ctype])
        elif ctype in self.aggregates:
            r = self.layout(ctype)[:2]
        else:
            raise EvalError("unknown type %s" % ctype)
        self._memo[ctype] = r
        return r

    def member_size_align(self, m):
        if m.pointer:
            size, align = POINTER_SIZE, POINTER_SIZE
        else:
            size, align = self.size_align(m.ctype)
        for d in m.dims:
            size *= self.reg.evaluate(d)
        return size, align

    def layout(self, name):
        """Return (size, align, [(member, offset, size)])."""
        cat, members = self.aggregates[name]
        off, max_align, out = 0, 1, []
        for m in members:
            size, align = self.member_size_align(m)
            max_align = max(max_align, align)
            if cat == "struct":
                off = (off + align - 1) // align * align
                out.append((m, off, size))
                off += size
            else:
                out.append((m, 0, size))
                off = max(off, size)
        total = (off + max_align - 1) // max_align * max_align
        return total, max_align, out

    def base_kind(self, ctype):
        """(signed?, float?) of a base typedef, following the chain."""
        while ctype in self.typedefs:
            ctype = self.typedefs[ctype]
        return ctype in SIGNED_BASE, ctype in FLOAT_BASE


# ---------------------------------------------------------------------------
# C emission
# ---------------------------------------------------------------------------

def c_ll(v):
    if v < 0:
        return "(%dLL)" % v
    return "0x%XLL" % v


def c_str(s):
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


PRELUDE = r"""/*
 * abi_registry.c -- ABI conformance test of the public headers against the
 * OpenVX 1.3.1 API registry (vx.xml), x86-64 SysV / LP64.
 *
 * GENERATED by tools/gen_abi_test.py from vx.xml -- DO NOT EDIT.
 * Every expected value below was computed by the generator from the
 * registry, independently of our headers.
 *
 * Usage: abi_registry [--verbose]
 */
"""

RUNTIME = r"""
#include <stdio.h>
#include <string.h>
#include <stddef.h>

static int g_verbose = 0;
static unsigned g_pass = 0;
static unsigned g_fail = 0;

static void fmt_ll(char *buf, size_t n, long long v)
{
    if (v < 0)
        snprintf(buf, n, "%lld", v);
    else
        snprintf(buf, n, "0x%llx", (unsigned long long)v);
}

static void check_int(const char *what, long long got, long long exp)
{
    char g[32], e[32];
    fmt_ll(g, sizeof(g), got);
    fmt_ll(e, sizeof(e), exp);
    if (got == exp) {
        g_pass++;
        if (g_verbose)
            printf("ok   %s: %s\n", what, g);
    } else {
        g_fail++;
        printf("FAIL %s: got %s, registry %s\n", what, g, e);
    }
}

static void check_size(const char *what, unsigned long long got,
                       unsigned long long exp)
{
    if (got == exp) {
        g_pass++;
        if (g_verbose)
            printf("ok   %s: %llu\n", what, got);
    } else {
        g_fail++;
        printf("FAIL %s: got %llu, registry %llu\n", what, got, exp);
    }
}

static void check_str(const char *what, const char *got, const char *exp)
{
    if (strcmp(got, exp) == 0) {
        g_pass++;
        if (g_verbose)
            printf("ok   %s: \"%s\"\n", what, got);
    } else {
        g_fail++;
        printf("FAIL %s: got \"%s\", registry \"%s\"\n", what, got, exp);
    }
}

static void check_flt(const char *what, double got, double exp)
{
    double d = got - exp;
    if (d < 0)
        d = -d;
    if (d <= 1e-6) {
        g_pass++;
        if (g_verbose)
            printf("ok   %s: %.9g\n", what, got);
    } else {
        g_fail++;
        printf("FAIL %s: got %.9g, registry %.9g\n", what, got, exp);
    }
}

#define CHECK_INT(name, exp) check_int(#name, (long long)(name), (exp))
#define CHECK_STR(name, exp) check_str(#name, (name), (exp))
#define CHECK_FLT(name, exp) check_flt(#name, (double)(name), (exp))
#define CHECK_SIZEOF(type, exp) \
    check_size("sizeof(" #type ")", (unsigned long long)sizeof(type), (exp))
#define CHECK_OFFSET(type, member, exp) \
    check_size("offsetof(" #type ", " #member ")", \
               (unsigned long long)offsetof(type, member), (exp))
#define CHECK_MSIZE(type, member, exp) \
    check_size("sizeof(((" #type " *)0)->" #member ")", \
               (unsigned long long)sizeof(((type *)0)->member), (exp))
"""


def generate(xml_path):
    reg = Registry(xml_path)
    lay = Layout(reg)
    out = []
    w = out.append
    counts = {"enum": 0, "string": 0, "float": 0, "init": 0, "struct": 0,
              "member": 0, "type": 0, "macro": 0}

    w(PRELUDE)
    w("/* Enable every optional feature of the headers. */")
    for f in FLAGS:
        w("#ifndef %s\n#define %s 1\n#endif" % (f, f))
    w("")
    for h in HEADERS:
        w("#include <%s>" % h)
    w(RUNTIME)

    # ---- enumerants and constants ----------------------------------------
    w("/* ---- Enumerants and constants (registry order) ---- */")
    w("static void check_constants(void)\n{")
    seen = set()
    current = None
    enum_comments = {}
    for enums in reg.root.findall("enums"):
        for e in enums.findall("enum"):
            if e.get("comment"):
                enum_comments[e.get("name")] = e.get("comment")
    group_of_name = {}
    for group, name in reg.order:
        group_of_name.setdefault(name, group)
    for group, name in reg.order:
        if name in seen:
            continue
        seen.add(name)
        # A name is out of scope if excluded by name, or if every one of its
        # definitions lives in an excluded group.
        if excluded(name):
            continue
        groups = [g for _e, g in reg.raw[name]]
        if all(g in EXCLUDED_ENUM_GROUPS for g in groups):
            continue
        if group != current:
            w("\n    /* %s */" % group)
            current = group
        expr = reg.raw[name][0][0]
        kind = reg.expr_kind(expr)
        value = reg.resolve(name)
        if kind == "string":
            w("    CHECK_STR(%s, %s);" % (name, c_str(value)))
            counts["string"] += 1
        elif kind == "init":
            sname = INITIALIZER_STRUCTS[name]
            _size, _al, mems = lay.layout(sname)
            vals = value + [0] * (len(mems) - len(value))
            w("    {")
            w("#if defined(__GNUC__)\n#pragma GCC diagnostic push\n"
              "#pragma GCC diagnostic ignored \"-Wmissing-field-initializers\"\n#endif")
            w("        %s v = %s;" % (sname, name))
            w("#if defined(__GNUC__)\n#pragma GCC diagnostic pop\n#endif")
            for (m, _o, _s), v in zip(mems, vals):
                w("        check_int(\"%s.%s\", (long long)v.%s, %s);"
                  % (name, m.name, m.name, c_ll(v)))
                counts["init"] += 1
            w("    }")
        elif isinstance(value, float):
            w("    CHECK_FLT(%s, %r);" % (name, value))
            counts["float"] += 1
        else:
            note = enum_comments.get(name, "").strip()
            if note.startswith("#"):
                w("    CHECK_INT(%s, %s); /* registry: %s */"
                  % (name, c_ll(value), note))
            else:
                w("    CHECK_INT(%s, %s);" % (name, c_ll(value)))
            counts["enum"] += 1

    # Explicit extra list: accumulate kernels of vx_compatibility.h.
    w("\n    /* vx_compatibility.h: accumulate kernels (not in vx.xml) */")
    for name, expr in COMPAT_EXTRA_ENUMS:
        w("    CHECK_INT(%s, %s); /* %s */" % (name, c_ll(reg.evaluate(expr)), expr))
        counts["enum"] += 1

    # VX_FMT_REF / VX_FMT_SIZE: registry gives per-platform definitions; the
    # last "#define NAME value" of the text is the non-Windows branch.
    w("\n    /* printf format macros (non-Windows branch of the registry) */")
    for t in reg.root.find("types").findall("type"):
        if t.get("category") == "define" and t.get("name") in ("VX_FMT_REF", "VX_FMT_SIZE"):
            text = "".join(t.itertext())
            defs = re.findall(r'#define\s+%s\s+("[^"]*")' % t.get("name"), text)
            w("    CHECK_STR(%s, %s);" % (t.get("name"), c_str(ast.literal_eval(defs[-1]))))
            counts["string"] += 1
    w("}\n")

    # ---- function-like macros -------------------------------------------
    w("/* ---- Function-like macros on sample arguments ---- */")
    w("static void check_macros(void)\n{")
    for expr in MACRO_SAMPLES:
        w("    check_int(%s, (long long)(%s), %s);"
          % (c_str(expr), expr, c_ll(reg.evaluate(expr))))
        counts["macro"] += 1
    # vxFormatArrayPointer: evaluate the subscript of its registry body.
    params, body = reg.macros["vxFormatArrayPointer"]
    sub = re.search(r"\[(.*)\]", body).group(1)
    w("    {\n        static vx_uint8 buf[256];")
    for idx, stride in FORMAT_ARRAY_SAMPLES:
        env = {"ptr": 0, "index": idx, "stride": stride}
        off = reg.evaluate(sub, (), env)
        text = "vxFormatArrayPointer(buf, %d, %d)" % (idx, stride)
        w("        check_int(%s, (long long)((const vx_uint8 *)(%s) - buf), %d);"
          % (c_str(text + " - buf"), text, off))
        counts["macro"] += 1
    w("    }\n}\n")

    # ---- base typedefs -----------------------------------------------------
    w("/* ---- Base typedefs (size, signedness, floating point) ---- */")
    w("static void check_types(void)\n{")
    for name, base in lay.typedefs.items():
        if base == "hfloat":   # vx_float16: experimental, no definition
            continue
        size, _a = lay.size_align(name)
        w("    CHECK_SIZEOF(%s, %d); /* %s */" % (name, size, base))
        signed, flt = lay.base_kind(name)
        if flt:
            w("    check_int(\"%s is floating\", (long long)((%s)1 / 2 != 0), 1);"
              % (name, name))
        else:
            w("    check_int(\"%s is signed\", (long long)((%s)-1 < (%s)1), %d);"
              % (name, name, name, 1 if signed else 0))
        counts["type"] += 2
    for name in lay.handles:
        if name in EXCLUDED_HANDLES:
            continue
        w("    CHECK_SIZEOF(%s, %d); /* opaque handle */" % (name, POINTER_SIZE))
        counts["type"] += 1
    for name in lay.funcptrs:
        w("    CHECK_SIZEOF(%s, %d); /* function pointer */" % (name, POINTER_SIZE))
        counts["type"] += 1
    w("}\n")

    # ---- structs and unions ------------------------------------------------
    w("/* ---- Structs and unions: sizeof, offsetof, member sizes ---- */")
    w("static void check_structs(void)\n{")
    for name in lay.agg_order:
        if name in EXCLUDED_STRUCTS:
            continue
        size, align, mems = lay.layout(name)
        cat = lay.aggregates[name][0]
        w("\n    /* %s %s: size %d, align %d */" % (cat, name, size, align))
        w("    CHECK_SIZEOF(%s, %d);" % (name, size))
        counts["struct"] += 1
        for m, off, msize in mems:
            w("    CHECK_OFFSET(%s, %s, %d);" % (name, m.name, off))
            w("    CHECK_MSIZE(%s, %s, %d);" % (name, m.name, msize))
            counts["member"] += 2
    w("}\n")

    w(r"""int main(int argc, char **argv)
{
    int i;
    for (i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--verbose") == 0 || strcmp(argv[i], "-v") == 0)
            g_verbose = 1;
    }
    check_constants();
    check_macros();
    check_types();
    check_structs();
    printf("%u passed, %u failed\n", g_pass, g_fail);
    return g_fail ? 1 : 0;
}""")
    return "\n".join(out) + "\n", counts, reg


def main(argv):
    if len(argv) != 3:
        sys.stderr.write("usage: gen_abi_test.py vx.xml abi_registry.c\n")
        return 2
    text, counts, reg = generate(argv[1])
    with open(argv[2], "w", encoding="utf-8", newline="\n") as f:
        f.write(text)
    dups = sorted(set(reg.duplicates))
    print("gen_abi_test: %d integer enumerants, %d string constants, "
          "%d float constants, %d initializer fields, %d macro samples, "
          "%d typedef checks, %d structs/unions (%d member checks)"
          % (counts["enum"], counts["string"], counts["float"], counts["init"],
             counts["macro"], counts["type"], counts["struct"],
             counts["member"]))
    if dups:
        print("gen_abi_test: registry duplicates (definitions agree): %s"
              % ", ".join(dups))
    total = sum(counts.values())
    print("gen_abi_test: %d checks written to %s" % (total, argv[2]))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
