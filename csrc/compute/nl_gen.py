#!/usr/bin/env python3
"""Writes csrc/compute/nl_net5.inc's networks (python3 nl_gen.py > body):
filter.c's nl_build (Batcher's odd-even merge sort, constant wires folded,
comparators pruned backwards to what the wanted outputs read) applied to
sorted groups of wires (the merge stages only)."""
C0, C255, VAR = 0, 1, 2


def build(state, wires, qstart=1):
    act = []
    q = qstart
    while q < wires:
        k = q
        while k >= 1:
            j = k % q
            while j + k < wires:
                for i in range(k):
                    if i + j + k >= wires:
                        break
                    lo, hi = i + j, i + j + k
                    if (i + j) // (2 * q) != (i + j + k) // (2 * q):
                        continue
                    if state[lo] == C0 or state[hi] == C255:
                        continue
                    if state[hi] == C0 or state[lo] == C255:
                        if state[lo] == VAR:
                            act.append(('MOVE', hi, lo))
                        if state[hi] == VAR:
                            act.append(('MOVE', lo, hi))
                        state[lo], state[hi] = state[hi], state[lo]
                        continue
                    act.append(('BOTH', lo, hi))
                j += 2 * k
            k >>= 1
        q <<= 1
    return act


def prune(act, outs, wires):
    live = [0] * wires
    for o in outs:
        live[o] = 1
    rev = []
    for kind, lo, hi in reversed(act):
        if kind == 'MOVE':
            if not live[lo]:
                continue
            live[lo] = 0
            live[hi] = 1
            rev.append(('MOVE', lo, hi))
            continue
        if not live[lo] and not live[hi]:
            continue
        k = 'BOTH' if live[lo] and live[hi] else ('MIN' if live[lo] else 'MAX')
        rev.append((k, lo, hi))
        live[lo] = live[hi] = 1
    return rev[::-1]


def merge_groups(sizes, group, wires, ranks):
    """sorted groups of sizes[g] values at wires g * group + 0.., the rest 255"""
    st = [C255] * wires
    for g, r in enumerate(sizes):
        for w in range(r):
            st[g * group + w] = VAR
    return prune(build(st, wires, group), ranks, wires)


def emit(ops, pfx):
    out = []
    for k, a, b in ops:
        A, B = f"{pfx}{a}", f"{pfx}{b}"
        out.append({'BOTH': f"NL5_X({A}, {B});", 'MIN': f"NL5_LO({A}, {B});", 'MAX': f"NL5_HI({A}, {B});"}.get(k, f"{A} = {B};"))
    return out


def macro(name, lines):
    s, cur = [], "   "
    for l in lines:
        if len(cur) + 1 + len(l) > 110:
            s.append(cur + " \\")
            cur = "   "
        cur += " " + l
    s.append(cur)
    return "#define " + name + " \\\n    do { \\\n" + "\n".join(s) + " \\\n    } while (0)\n"


print(macro("NL5_SORT5(c0, c1, c2, c3, c4)", emit(prune(build([VAR] * 5 + [C255] * 3, 8), range(5), 8), "c")))
print(macro("NL5_MERGE4", emit(merge_groups([5] * 4, 8, 32, range(7, 13)), "m")))
print(macro("NL5_FINAL", emit(merge_groups([6, 5], 8, 16, [5]), "f")))
