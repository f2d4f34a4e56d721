#!/usr/bin/env bash
# The AVX-512 variants (compute/*_avx512.c) under emulation: CI machines
# lack AVX-512, so cts/meson.build builds those files again for AVX2 against
# SIMD Everywhere (Debian's libsimde-dev, a test-only dependency) and the
# simd-emu512-* tests compare them with the scalar reference bit for bit.
# -Dsimd_emu512=enabled: a missing SIMDe fails this step, it is never skipped.
# Only the targets those tests need are built.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -f /usr/include/simde/x86/avx512.h ]; then
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >/dev/null
    apt-get install -y -qq libsimde-dev >/dev/null
fi
build=$(mktemp -d)/emu512
trap 'rm -rf "$(dirname "$build")"' EXIT
# -O1: the tests check the sources' logic through SIMDe, not a code
# generation, and SIMDe's AVX-512 headers make -O3 slow to compile (103 s of
# CPU instead of 210 s here; the tests 33 s instead of 23 s)
meson setup "$build" -Dpython=false -Dsimd_emu512=enabled -Doptimization=1 >/dev/null
tests=$(meson introspect "$build" --tests | python3 -c \
    "import json, sys; print(' '.join(t['name'] for t in json.load(sys.stdin) if any(s.endswith(':simd-emu512') for s in t['suite'])))")
[ -n "$tests" ] || { echo "no simd-emu512 test configured"; exit 1; }
targets=""
for t in $tests; do targets="$targets cts/$t"; done
ninja -C "$build" $targets >/dev/null
echo "emu512.sh: build $SECONDS s"
meson test -C "$build" --no-rebuild --suite simd-emu512 --print-errorlogs | grep -E "simd-emu512|^(Ok|Fail)"
