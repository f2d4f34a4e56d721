"""The type stubs (pyopenvx/__init__.pyi, made by tools/gen_pystubs.py) and py.typed.

The stub must be what the generator makes of the package today (stale stubs
fail), be shipped with the package, and hold every public name with the
runtime signature (parameter names, kinds, which have defaults).
"""

import ast
import importlib.util
import inspect
import os

import pyopenvx as vx
from pyopenvx import _kernel_table as table

HERE = os.path.dirname(os.path.abspath(__file__))
REPO_STUB = os.path.join(HERE, "..", "pyopenvx", "__init__.pyi")
PKG_STUB = os.path.join(os.path.dirname(vx.__file__), "__init__.pyi")


def _generator():
    spec = importlib.util.spec_from_file_location("gen_pystubs", os.path.join(HERE, "..", "tools", "gen_pystubs.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def test_stub_and_py_typed_are_shipped():
    assert os.path.isfile(PKG_STUB)
    assert os.path.isfile(os.path.join(os.path.dirname(vx.__file__), "py.typed"))


def test_stub_is_not_stale():
    text = _generator().generate(vx)
    assert _read(PKG_STUB) == text, "pyopenvx/__init__.pyi is stale: run tools/gen_pystubs.py"
    if os.path.isfile(REPO_STUB):
        assert _read(REPO_STUB) == text, "pyopenvx/__init__.pyi is stale: run tools/gen_pystubs.py"


def _stub_tree():
    tree = ast.parse(_read(PKG_STUB))
    top = {}
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            top[node.name] = node
        elif isinstance(node, ast.AnnAssign):
            top[node.target.id] = node
    return top


def _stub_params(fn):
    """[(name, kind, has default)] of a stub function."""
    a = fn.args
    out = []
    pos = a.posonlyargs + a.args
    defaults = [None] * (len(pos) - len(a.defaults)) + list(a.defaults)
    for arg, d in zip(pos, defaults):
        out.append((arg.arg, "positional", d is not None))
    if a.vararg:
        out.append((a.vararg.arg, "var_positional", False))
    for arg, d in zip(a.kwonlyargs, a.kw_defaults):
        out.append((arg.arg, "keyword", d is not None))
    if a.kwarg:
        out.append((a.kwarg.arg, "var_keyword", False))
    return out


_KIND = {inspect.Parameter.POSITIONAL_ONLY: "positional", inspect.Parameter.POSITIONAL_OR_KEYWORD: "positional",
         inspect.Parameter.VAR_POSITIONAL: "var_positional", inspect.Parameter.KEYWORD_ONLY: "keyword",
         inspect.Parameter.VAR_KEYWORD: "var_keyword"}


def _runtime_params(fn):
    return [(p.name, _KIND[p.kind], p.default is not inspect.Parameter.empty)
            for p in inspect.signature(fn).parameters.values()]


def test_every_public_name_is_in_the_stub_with_its_signature():
    top = _stub_tree()
    names = set(vx.__all__) | {"min", "max"}
    missing = sorted(n for n in names if n not in top)
    assert not missing, missing
    checked = 0
    for name in sorted(names):
        obj = getattr(vx, name)
        node = top[name]
        if inspect.isfunction(obj):
            assert isinstance(node, ast.FunctionDef), name
            assert _stub_params(node) == _runtime_params(obj), name
            checked += 1
        elif inspect.isclass(obj):
            assert isinstance(node, ast.ClassDef), name
            methods = {n.name: n for n in node.body if isinstance(n, ast.FunctionDef)}
            for attr, raw in vars(obj).items():
                if inspect.isfunction(raw) and not attr.startswith("_"):
                    assert attr in methods, "%s.%s" % (name, attr)
                    assert _stub_params(methods[attr]) == _runtime_params(raw), "%s.%s" % (name, attr)
                    checked += 1
    assert checked > 200


def test_graph_node_methods_are_typed_from_the_table():
    graph = _stub_tree()["Graph"]
    methods = {n.name: n for n in graph.body if isinstance(n, ast.FunctionDef)}
    for k in table.KERNELS:
        fn = methods[k["name"]]
        assert ast.unparse(fn.returns) == "Node"
        ann = {a.arg: ast.unparse(a.annotation) for a in fn.args.args[1:]}
        for p in table.python_params(k):
            if p["type"] == "image":
                assert ann[p["name"]] in ("Image", "Optional[Image]"), (k["name"], p["name"])
            if p.get("enum"):
                assert ann[p["name"]].startswith("Union[") and "str" in ann[p["name"]], (k["name"], p["name"])
