"""Command line: ``python -m pyopenvx info [--json]``.

Reports what the library says about itself through the OpenVX API (version,
vendor, implementation, extensions, kernels; targets, SIMD level and CPU
features through libopenvx's vendor attributes of vx_ext_ovx.h) and,
separately and labelled as such, the CPU features Python reads from
/proc/cpuinfo, so the two can be compared.
"""

import argparse
import json
import os
import platform
import sys

from . import __version__
from ._context import Context
from ._errors import VXError

# The CPU features relevant to the SIMD variants of the library.
_X86_FLAGS = ["sse2", "ssse3", "sse4_1", "sse4_2", "avx", "avx2", "fma", "f16c",
              "avx512f", "avx512bw", "avx512dq", "avx512vl"]
_ARM_FLAGS = ["neon", "asimd", "asimdhp", "asimddp", "sve", "sve2"]


def cpu_features(cpuinfo_path="/proc/cpuinfo"):
    """CPU features of interest listed by the OS (empty if unknown)."""
    flags = set()
    try:
        with open(cpuinfo_path, encoding="utf-8", errors="replace") as f:
            for line in f:
                key, _, value = line.partition(":")
                if key.strip() in ("flags", "Features"):
                    flags.update(value.split())
                    break
    except OSError:
        return []
    return [name for name in _X86_FLAGS + _ARM_FLAGS if name in flags]


def _safe(fn):
    try:
        return fn(), None
    except VXError as e:
        return None, str(e)


def collect_info():
    info = {"pyopenvx": __version__, "errors": {}}
    with Context() as ctx:
        def get(key, fn):
            value, err = _safe(fn)
            info[key] = value
            if err:
                info["errors"][key] = err
            return value

        version = get("version", lambda: "%d.%d" % ctx.version)
        del version
        get("vendor_id", lambda: ctx.vendor_id)
        get("implementation", lambda: ctx.implementation)
        get("extensions", lambda: ctx.extensions)
        get("targets", lambda: ctx.targets)
        get("simd_level", lambda: ctx.simd_level)
        get("cpu_features_detected_by_library", lambda: ctx.cpu_features)
        table = get("kernels", lambda: [name for _, name in ctx.kernel_table])
        info["unique_kernels"] = len(table) if table is not None else None
        get("convolution_max_dimension", lambda: ctx.convolution_max_dimension)
        get("optical_flow_max_window_dimension", lambda: ctx.optical_flow_max_window_dimension)
        get("nonlinear_max_dimension", lambda: ctx.nonlinear_max_dimension)
        get("max_tensor_dims", lambda: ctx.max_tensor_dims)
        info["library_log"] = [m for _, m in ctx.log]
    info["cpu"] = {
        "machine": platform.machine(),
        "features_detected_by_python": cpu_features(),
        "OPENVX_SIMD": os.environ.get("OPENVX_SIMD"),
    }
    return info


def _print_text(info, out):
    def line(label, value):
        out.write("%-36s %s\n" % (label + ":", value))

    line("pyopenvx", info["pyopenvx"])
    line("OpenVX version", info["version"])
    vid = info["vendor_id"]
    line("vendor id", "%#05x" % vid if isinstance(vid, int) else vid)
    line("implementation", info["implementation"])
    exts = info["extensions"]
    line("extensions", " ".join(exts) if exts else exts)
    line("targets", " ".join(info["targets"]) if info["targets"] else info["targets"])
    line("SIMD level", "%s (each node runs the best variant up to it; see the README for the kernels with variants)" % info["simd_level"])
    feats = info["cpu_features_detected_by_library"]
    line("CPU features (library)", " ".join(feats) if feats is not None else None)
    for key in ("convolution_max_dimension", "optical_flow_max_window_dimension",
                "nonlinear_max_dimension", "max_tensor_dims"):
        line(key.replace("_", " "), info[key])
    line("unique kernels", info["unique_kernels"])
    for name in info["kernels"] or []:
        out.write("    %s\n" % name)
    cpu = info["cpu"]
    line("machine", cpu["machine"])
    line("CPU features (/proc/cpuinfo)", " ".join(cpu["features_detected_by_python"]) or "-")
    if cpu["OPENVX_SIMD"]:
        line("OPENVX_SIMD", cpu["OPENVX_SIMD"])
    if info["library_log"]:
        out.write("library log:\n")
        for m in info["library_log"]:
            out.write("    %s\n" % m.rstrip())
    if info["errors"]:
        out.write("errors:\n")
        for key, err in info["errors"].items():
            out.write("    %s: %s\n" % (key, err))


def main(argv=None):
    ap = argparse.ArgumentParser(prog="pyopenvx",
                                 description="pyopenvx / libopenvx tools")
    sub = ap.add_subparsers(dest="command")
    p_info = sub.add_parser("info", help="what the library reports about itself")
    p_info.add_argument("--json", action="store_true", help="print JSON")
    args = ap.parse_args(argv)
    if args.command != "info":
        ap.print_help()
        return 2
    info = collect_info()
    if args.json:
        json.dump(info, sys.stdout, indent=2)
        sys.stdout.write("\n")
    else:
        _print_text(info, sys.stdout)
    return 0
