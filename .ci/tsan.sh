#!/usr/bin/env bash
# ThreadSanitizer: our conformance runner and the threaded stress test
# (cts/stress/stress.c) on a -Db_sanitize=thread build; any report fails.
# The runner's kernel-family tests (single-threaded scalar models) are built
# without TSan's instrumentation (cts/meson.build): the library stays
# instrumented, the runner takes 78 s instead of 180 s.
set -euo pipefail
cd "$(dirname "$0")/.."
build=$(mktemp -d)/tsan
trap 'rm -rf "$(dirname "$build")"' EXIT
# (the AVX-512 variants only on a CPU that can run them, as in .ci/sanitize.sh)
meson setup "$build" -Dpython=false -Db_sanitize=thread -Db_lundef=false -Dbuildtype=debugoptimized -Dsimd_emu512=disabled \
    -Dsimd_avx512="$(bash .ci/has-avx512.sh)" >/dev/null
# only what runs here (the other variant tests, the ABI tests, the benches and
# the fuzzer are the other steps')
ninja -C "$build" csrc/libopenvx.so csrc/libvxu.so cts/libcts_module.so cts/openvx-cts cts/openvx-stress \
    cts/simd-hough >/dev/null
echo "tsan.sh: build $SECONDS s"
export TSAN_OPTIONS="halt_on_error=1 exitcode=66 second_deadlock_stack=1"
LD_LIBRARY_PATH="$build/csrc" "$build/cts/openvx-stress" 3
echo "tsan.sh: stress done at $SECONDS s"
# HoughLinesP's two threads (compute/hog.c) against its model, every way the second thread can come
# (every 7th case: ~15 s under TSan instead of ~100)
OVX_SIMD_TEST_SAMPLE=7 "$build/cts/simd-hough" | tail -1
echo "tsan.sh: simd-hough done at $SECONDS s"
# (a test that does not end stops the run, naming itself: CTS_TEST_TIMEOUT;
# --quiet prints each failure, named, and the count)
CTS_TEST_TIMEOUT=300 LD_LIBRARY_PATH="$build/cts" "$build/cts/openvx-cts" --quiet
