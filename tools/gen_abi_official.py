#!/usr/bin/env python3
"""ABI test of our headers against the official Khronos OpenVX 1.3.1 headers.

The registry (vx.xml) and the official headers (KhronosGroup/OpenVX-api-docs,
branch openvx_1.3.1, include/VX) disagree in a few places; programs are compiled
against the official headers, so their values, names, struct layouts and
prototypes are what our library must accept.  This tool works in two steps:

  extract OFFICIAL_INCLUDE_DIR cts/abi/official_1_3_1.json
      Run once by a developer who has the official headers: preprocesses them
      with every feature macro on (as the Khronos CTS builds them), parses the
      declarations with pycparser, and compiles and runs a probe program against
      them to read every integer constant, struct size, alignment and member
      offset.  The result is committed as data, so the repository tests without
      network and without the official headers.

  emit cts/abi/official_1_3_1.json cts/abi/abi_official.c
      Writes the C test that holds OUR headers to that table: every value at run
      time, every name (a missing one is a compile error), every struct layout,
      and every prototype (__builtin_types_compatible_p of our function against
      the official signature).  tests/test_abi_generated.py checks the committed
      C file is what this step produces.

The official headers of extensions we do not provide are out of scope (listed in
OUT_OF_SCOPE with the reason).
"""
import json
import os
import re
import subprocess
import sys
import tempfile

# Headers compared, in include order.
IN_SCOPE = [
    "vx_vendors.h", "vx_types.h", "vx_kernels.h", "vx_api.h", "vx_nodes.h", "vx.h", "vxu.h",
    "vx_compatibility.h", "vx_import.h", "vx_khr_ix.h", "vx_khr_nn.h", "vx_khr_tiling.h",
    "vx_khr_pipelining.h", "vx_khr_user_data_object.h", "vx_khr_import_kernel.h",
    "vx_khr_swap_move.h",
]
OUT_OF_SCOPE = {
    "vx_khr_opencl_interop.h": "needs OpenCL; we provide no OpenCL interop",
    "vx_khr_icd.h": "the ICD loader is not part of a library",
    "vx_khr_class.h": "classifier extension not provided (not in 1.3.1 feature sets)",
    "vx_khr_xml.h": "XML import/export extension not provided (deprecated by vx_khr_ix)",
    "vx_khr_raw_image.h": "raw image extension not provided",
    "vx_khr_buffer_aliasing.h": "buffer aliasing extension not provided",
    "vx_khr_bidirectional_parameters.h": "provisional extension not provided",
}
# Every feature macro the CTS build turns on.
FEATURES = ["OPENVX_USE_NN", "OPENVX_USE_NN_16", "OPENVX_USE_PIPELINING", "OPENVX_USE_STREAMING",
            "OPENVX_USE_USER_DATA_OBJECT", "OPENVX_USE_IX", "OPENVX_USE_U1",
            "OPENVX_USE_ENHANCED_VISION", "OPENVX_CONFORMANCE_VISION",
            "OPENVX_CONFORMANCE_NEURAL_NETWORKS", "OPENVX_CONFORMANCE_NNEF_IMPORT"]
# Typedefs pycparser needs for the standard headers the VX headers include.
PRELUDE = """
typedef signed char int8_t; typedef short int16_t; typedef int int32_t; typedef long int64_t;
typedef unsigned char uint8_t; typedef unsigned short uint16_t; typedef unsigned int uint32_t;
typedef unsigned long uint64_t; typedef unsigned long size_t; typedef long ptrdiff_t;
typedef unsigned long uintptr_t; typedef long intptr_t;
"""


def feature_lines():
    return "".join("#define %s 1\n" % f for f in FEATURES)


def includes(headers):
    """vx.h first: the official vx_types.h needs what vx.h defines before it."""
    order = ["vx.h"] + [h for h in headers if h != "vx.h"]
    return "".join("#include <VX/%s>\n" % h for h in order)


def run(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, **kw)


def preprocess(incdir):
    """Declarations and macro definitions that come from the in-scope headers."""
    src = feature_lines() + includes(IN_SCOPE)
    p = run(["gcc", "-E", "-dD", "-I", incdir, "-x", "c", "-"], input=src, check=True)
    code, macros, cur = [], [], None
    for line in p.stdout.splitlines():
        m = re.match(r'# \d+ "([^"]+)"', line)
        if m:
            cur = os.path.basename(m.group(1)) if "/VX/" in m.group(1) else None
            continue
        if cur not in IN_SCOPE:
            continue
        if line.startswith("#define "):
            macros.append(line[len("#define "):])
        elif line.startswith("#undef "):
            continue
        else:
            code.append(line)
    return "\n".join(code), macros


def parse_decls(code):
    import pycparser
    from pycparser import c_ast, c_generator

    ast = pycparser.CParser().parse(PRELUDE + code, "<official>")
    gen = c_generator.CGenerator()
    enumerators, typedefs, structs, protos = [], [], {}, {}
    prelude_names = set(re.findall(r"(\w+);", PRELUDE))

    class V(c_ast.NodeVisitor):
        def visit_Enumerator(self, node):
            enumerators.append(node.name)

    for ext in ast.ext:
        V().visit(ext)
        if isinstance(ext, c_ast.Typedef):
            if ext.name in prelude_names:
                continue
            typedefs.append(ext.name)
            t = ext.type.type if isinstance(ext.type, c_ast.TypeDecl) else None
            if isinstance(t, (c_ast.Struct, c_ast.Union)) and t.decls:
                structs[ext.name] = [d.name for d in t.decls if d.name]
        elif isinstance(ext, c_ast.Decl) and isinstance(ext.type, c_ast.FuncDecl):
            text = gen.visit(ext)
            text = re.sub(r"\b%s\(" % ext.name, "(*ovx_t_%s)(" % ext.name, text, count=1)
            protos[ext.name] = re.sub(r"\s+", " ", text).strip()
    return enumerators, typedefs, structs, protos


def probe(incdir, enumerators, macros, structs):
    """Compile and run a program against the official headers to read values
    and layouts.  Macros that are not integer constants (strings, function-like,
    decorations) are kept as names only."""
    obj_macros, fn_macros = {}, []
    for m in macros:
        mm = re.match(r"(\w+)(\()?\s*(.*)", m)
        name, fn, body = mm.group(1), mm.group(2), mm.group(3)
        if name.startswith("_") and name.endswith("_H_") or name.startswith("_OPENVX"):
            continue                       # include guards
        if fn:
            fn_macros.append(name)
        else:
            obj_macros[name] = body.strip()
    strings = sorted(n for n, b in obj_macros.items() if '"' in b)
    ints = sorted((set(enumerators) | set(obj_macros)) - set(strings))
    head = feature_lines() + includes(IN_SCOPE) + "#include <stdio.h>\n#include <stddef.h>\n"
    with tempfile.TemporaryDirectory() as tmp:
        while True:
            body = ["int main(void) {"]
            line_of = {}
            for n in ints:
                line_of[len(body) + head.count("\n") + 1] = n
                body.append('printf("I %s %%lld\\n", (long long)(%s));' % (n, n))
            for n in strings:
                body.append('printf("Z %s %%s\\n", %s);' % (n, n))
            for s, members in sorted(structs.items()):
                body.append('printf("S %s %%zu %%zu\\n", sizeof(%s), (size_t)__alignof__(%s));' % (s, s, s))
                for m in members:
                    body.append('printf("M %s %s %%zu %%zu\\n", offsetof(%s, %s), sizeof(((%s *)0)->%s));'
                                % (s, m, s, m, s, m))
            body.append("return 0; }")
            src = os.path.join(tmp, "probe.c")
            with open(src, "w") as f:
                f.write(head + "\n".join(body) + "\n")
            p = run(["gcc", "-std=gnu99", "-w", "-I", incdir, src, "-o", os.path.join(tmp, "probe")])
            if p.returncode == 0:
                break
            bad = {line_of[int(l)] for l in re.findall(r"probe\.c:(\d+):\d+:", p.stderr)
                   if int(l) in line_of}
            if not bad:
                raise SystemExit("probe does not compile:\n" + p.stderr[-3000:])
            ints = [n for n in ints if n not in bad]
        out = run([os.path.join(tmp, "probe")], check=True).stdout
    values, layouts, svalues = {}, {}, {}
    for line in out.splitlines():
        f = line.split(" ", 2) if line.startswith("Z ") else line.split()
        if f[0] == "Z":
            svalues[f[1]] = f[2] if len(f) > 2 else ""
        elif f[0] == "I":
            values[f[1]] = int(f[2])
        elif f[0] == "S":
            layouts[f[1]] = {"size": int(f[2]), "align": int(f[3]), "members": []}
        elif f[0] == "M":
            layouts[f[1]]["members"].append([f[2], int(f[3]), int(f[4])])
    other_macros = sorted(set(obj_macros) - set(values) - set(svalues))
    return values, svalues, layouts, sorted(fn_macros), {n: obj_macros[n] for n in other_macros}


def extract(incdir_vx_parent, out):
    code, macros = preprocess(incdir_vx_parent)
    enumerators, typedefs, structs, protos = parse_decls(code)
    values, svalues, layouts, fn_macros, other_macros = probe(incdir_vx_parent, enumerators, macros, structs)
    data = {
        "source": "KhronosGroup/OpenVX-api-docs openvx_1.3.1 include/VX, x86-64 LP64, features: "
                  + " ".join(FEATURES),
        "headers": IN_SCOPE,
        "values": dict(sorted(values.items())),
        "strings": dict(sorted(svalues.items())),
        "typedefs": sorted(set(typedefs)),
        "function_macros": fn_macros,
        "other_macros": dict(sorted(other_macros.items())),
        "structs": dict(sorted(layouts.items())),
        "prototypes": dict(sorted(protos.items())),
    }
    with open(out, "w") as f:
        json.dump(data, f, indent=1, sort_keys=False)
        f.write("\n")
    print("extracted %d values, %d strings, %d typedefs, %d function macros, %d other macros, %d structs, %d prototypes"
          % (len(values), len(svalues), len(typedefs), len(fn_macros), len(other_macros), len(layouts), len(protos)))


def c_string(s):
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def emit(data_path, out):
    with open(data_path) as f:
        d = json.load(f)
    L = []
    w = L.append
    w("/*\n * abi_official.c -- ABI test of our public headers against the official Khronos\n"
      " * OpenVX 1.3.1 headers (values, names, struct layouts, prototypes), x86-64 LP64.\n *\n"
      " * GENERATED by tools/gen_abi_official.py from cts/abi/official_1_3_1.json -- DO NOT EDIT.\n"
      " * A name the official headers have and ours lack is a compile error.\n */")
    for feat in FEATURES:
        w("#ifndef %s\n#define %s 1\n#endif" % (feat, feat))
    w("#include <VX/vx.h>")
    for h in d["headers"]:
        if h != "vx.h":
            w("#include <VX/%s>" % h)
    w("#include <stddef.h>\n#include <stdio.h>\n#include <string.h>\n")
    w("static unsigned g_values, g_names, g_layouts, g_protos, g_fail;")
    w("static int g_verbose;\n")
    w("static void value(const char *name, long long ours, long long official)\n{\n"
      "    g_values++;\n    if (ours != official) {\n        g_fail++;\n"
      "        printf(\"FAIL value %s: ours 0x%llx, official 0x%llx\\n\", name, ours, official);\n"
      "    } else if (g_verbose) {\n        printf(\"ok %s\\n\", name);\n    }\n}\n")
    w("static void svalue(const char *name, const char *ours, const char *official)\n{\n"
      "    g_values++;\n    if (strcmp(ours, official) != 0) {\n        g_fail++;\n"
      "        printf(\"FAIL value %s: ours \\\"%s\\\", official \\\"%s\\\"\\n\", name, ours, official);\n    }\n}\n")
    w("static void layout(const char *what, size_t ours, size_t official)\n{\n"
      "    g_layouts++;\n    if (ours != official) {\n        g_fail++;\n"
      "        printf(\"FAIL layout %s: ours %zu, official %zu\\n\", what, ours, official);\n    }\n}\n")
    w("static void proto(const char *name, int compatible)\n{\n"
      "    g_protos++;\n    if (!compatible) {\n        g_fail++;\n"
      "        printf(\"FAIL prototype %s differs from the official one\\n\", name);\n    }\n}\n")
    w("static void name(const char *name, int present)\n{\n"
      "    g_names++;\n    if (!present) {\n        g_fail++;\n"
      "        printf(\"FAIL name %s is missing\\n\", name);\n    }\n}\n")
    # prototype typedefs
    for n, p in d["prototypes"].items():
        w("typedef %s;" % p)
    w("")
    w("static void check_values(void)\n{")
    for n, v in d["values"].items():
        w("    value(\"%s\", (long long)(%s), %dLL);" % (n, n, v) if v >= -(2 ** 63) + 1 else
          "    value(\"%s\", (long long)(%s), (long long)%d);" % (n, n, v))
    w("}\n")
    w("static void check_names(void)\n{")
    for n in d["function_macros"] + sorted(d["other_macros"]):
        w("#ifdef %s\n    name(\"%s\", 1);\n#else\n    name(\"%s\", 0);\n#endif" % (n, n, n))
    for n in d["typedefs"]:
        w("    { %s *p = NULL; (void)p; name(\"%s\", 1); }" % (n, n))
    for n, v in d["strings"].items():
        w("    svalue(\"%s\", %s, %s);" % (n, n, c_string(v)))
    w("}\n")
    w("static void check_layouts(void)\n{")
    for s, lay in d["structs"].items():
        w("    layout(\"sizeof(%s)\", sizeof(%s), %d);" % (s, s, lay["size"]))
        w("    layout(\"alignof(%s)\", __alignof__(%s), %d);" % (s, s, lay["align"]))
        for m, off, size in lay["members"]:
            w("    layout(\"offsetof(%s, %s)\", offsetof(%s, %s), %d);" % (s, m, s, m, off))
            w("    layout(\"sizeof(%s.%s)\", sizeof(((%s *)0)->%s), %d);" % (s, m, s, m, size))
    w("}\n")
    w("static void check_prototypes(void)\n{")
    for n in d["prototypes"]:
        w("    proto(\"%s\", __builtin_types_compatible_p(__typeof__(&%s), ovx_t_%s));" % (n, n, n))
    w("}\n")
    w("int main(int argc, char **argv)\n{\n"
      "    g_verbose = argc > 1 && strcmp(argv[1], \"--verbose\") == 0;\n"
      "    check_values();\n    check_names();\n    check_layouts();\n    check_prototypes();\n"
      "    printf(\"official 1.3.1 headers: compared %u values, %u names, %u layout items, %u prototypes\\n\",\n"
      "           g_values, g_names, g_layouts, g_protos);\n"
      "    printf(\"%u passed, %u failed\\n\", g_values + g_names + g_layouts + g_protos - g_fail, g_fail);\n"
      "    return g_fail ? 1 : 0;\n}")
    text = "\n".join(x for x in L if x is not None) + "\n"
    text = re.sub(r"\n{3,}", "\n\n", text)
    with open(out, "w") as f:
        f.write(text)


def main():
    if len(sys.argv) != 4 or sys.argv[1] not in ("extract", "emit"):
        raise SystemExit(__doc__)
    if sys.argv[1] == "extract":
        extract(sys.argv[2], sys.argv[3])
    else:
        emit(sys.argv[2], sys.argv[3])


if __name__ == "__main__":
    main()
