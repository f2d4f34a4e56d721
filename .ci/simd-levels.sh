#!/usr/bin/env bash
# The test suite at every SIMD level the CPU has (OPENVX_SIMD=none, sse4, avx2,
# avx512), sharing one build and one install: our conformance runner and the
# bit-exact variant test on a Meson build, and the Python tests on the package
# .ci/run installed.  Run from the repository root after `pip install '.[test]'`.
set -euo pipefail
cd "$(dirname "$0")/.."
# OVX_CBUILD: the Meson build tests/test_c_build.py made and tested (its
# `meson test` ran the runner and the variant tests at the CPU's own level,
# and the README's pytest ran at that level too): reuse it, and run only the
# lower levels here.  Without it (run on its own), build and run every level.
if [ -n "${OVX_CBUILD:-}" ] && [ -f "$OVX_CBUILD/build.ninja" ]; then
    build=$OVX_CBUILD
    ninja -C "$build" >/dev/null
    tested_default=yes
else
    build=$(mktemp -d)/levels
    trap 'rm -rf "$(dirname "$build")"' EXIT
    meson setup "$build" -Dpython=false >/dev/null
    ninja -C "$build" >/dev/null
    meson test -C "$build" --suite simd --print-errorlogs | grep -E "^(Ok|Fail)"
    tested_default=no
fi
levels="none"
flags=$(grep -m1 '^flags' /proc/cpuinfo || true)
case "$flags" in *sse4_2*) levels="$levels sse4" ;; esac
case "$flags" in *avx2*) case "$flags" in *fma*) levels="$levels avx2" ;; esac ;; esac
if [ "$(bash .ci/has-avx512.sh)" = true ]; then case "$levels" in *avx2*) levels="$levels avx512" ;; esac; fi
if [ "$tested_default" = yes ]; then
    top=${levels##* }
    # the level the library picks by itself (runtime/cpu.c) was tested above;
    # skip it here only when it is indeed the CPU's top level
    chosen=$(cd "$build" && python3 -c "import pyopenvx as vx; print(vx.Context().simd_level)" 2>/dev/null || true)
    if [ "$chosen" = "$top" ]; then
        echo "== OPENVX_SIMD=$top: the default level, tested by the README's test command"
        levels=${levels% *}
    else
        echo "== the default level is '${chosen}', not the CPU's top '$top': testing every level"
    fi
fi
# Two levels at a time (each run is mostly one core's work), each into its
# own log, shown in order; any failing level fails the step.
run_level() {
    level=$1 t=$SECONDS
    echo "== OPENVX_SIMD=$level"
    CTS_TEST_TIMEOUT=300 OPENVX_SIMD=$level LD_LIBRARY_PATH="$build/cts" "$build/cts/openvx-cts" --quiet
    # pytest must not import the source tree: run it from the build directory
    (cd "$build" && OPENVX_SIMD=$level python3 -m pytest -q -p no:cacheprovider "$root/tests" \
        --ignore="$root/tests/test_c_build.py" --ignore="$root/tests/test_readme.py" |
        grep -E '^(FAILED|ERROR) |[0-9]+ (passed|failed|error)')
    echo "== OPENVX_SIMD=$level: $((SECONDS - t)) s"
}
root=$PWD
pids=() logs=() status=0
for level in $levels; do
    if [ ${#pids[@]} -ge 2 ]; then
        wait "${pids[0]}" || status=1
        cat "${logs[0]}"
        pids=("${pids[@]:1}") logs=("${logs[@]:1}")
    fi
    log="$build/level-$level.log"
    run_level "$level" >"$log" 2>&1 &
    pids+=($!) logs+=("$log")
done
for i in "${!pids[@]}"; do
    wait "${pids[$i]}" || status=1
    cat "${logs[$i]}"
done
exit $status
