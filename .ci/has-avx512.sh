#!/usr/bin/env bash
# Prints true when this CPU has the avx512 level's four extensions (F, BW,
# VL, DQ: what runtime/cpu.c asks for the level), false otherwise.
flags=$(grep -m1 '^flags' /proc/cpuinfo || true)
for f in avx512f avx512bw avx512vl avx512dq; do
    case " $flags " in *" $f "*) ;; *) echo false; exit 0 ;; esac
done
echo true
