"""The array face of the kernel table: ``pyopenvx.<name>(ndarray, ...)``.

Every kernel of ``_kernel_table.KERNELS`` has an array function with the name
of its graph method and the same parameters minus the outputs (same names, same
order, same defaults); outputs come back as ndarrays (or Python numbers for
scalars).  Parameters that only the array form needs (the output's ``dtype`` or
size, an array's ``capacity``, ``border``, ``ctx``...) are keyword-only and
come after.  :func:`array_function` checks an implementation against the table
and gives it the table's docstring; simple kernels get a generated
implementation (:func:`generic`).
"""

import inspect

from ._kernel_table import kernel, python_params, ordered
from ._nodes import format_doc

#: Python name -> array function, one per kernel
ARRAY_FUNCTIONS = {}
#: what an implementation got wrong against the table (a test asserts it is empty)
MISMATCHES = []


def array_params(k):
    """The table's parameters of the array form of ``k``: the non-outputs, in signature order."""
    return [p for p in ordered(python_params(k)) if p["dir"] != "out"]


def check_signature(name, f):
    """[problems] of ``f``'s signature against the table's array form of kernel ``name``."""
    k = kernel(name)
    want = array_params(k)
    sig = inspect.signature(f)
    pos = [p for p in sig.parameters.values()
           if p.kind in (inspect.Parameter.POSITIONAL_OR_KEYWORD, inspect.Parameter.POSITIONAL_ONLY)]
    other = [p for p in sig.parameters.values() if p not in pos]
    problems = []
    if [p.name for p in pos] != [p["name"] for p in want]:
        problems.append("%s: parameters %s, the table says %s"
                        % (name, [p.name for p in pos], [p["name"] for p in want]))
    else:
        for p, w in zip(pos, want):
            has = p.default is not inspect.Parameter.empty
            if has != ("default" in w) or (has and p.default != w["default"]):
                problems.append("%s: %s defaults to %r, the table says %r"
                                % (name, p.name, p.default if has else "(none)", w.get("default", "(none)")))
    for p in other:
        if p.kind != inspect.Parameter.KEYWORD_ONLY:
            problems.append("%s: %s must be keyword-only" % (name, p.name))
    return problems


def array_function(name, vxu=None):
    """Register ``f`` as the array function of kernel ``name`` (checked against the table)."""
    def deco(f):
        k = kernel(name)
        MISMATCHES.extend(check_signature(name, f))
        own = inspect.cleandoc(f.__doc__) if f.__doc__ else ""
        f.__doc__ = format_doc(k, "array") + ("\n\n" + own if own else "")
        f.__name__ = name
        f.__qualname__ = name
        f.__module__ = "pyopenvx"
        ARRAY_FUNCTIONS[name] = f
        return f
    return deco
