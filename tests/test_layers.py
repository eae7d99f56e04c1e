"""The package's import graph (DESIGN.md §3): no cycles, dependencies one way, no probes.

Parsed with ``ast`` (every import, at module level or inside a function), so a lazy import
counts as much as a top-level one."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1] / "semiring_paths"


def _module(path: Path) -> str:
    parts = path.relative_to(ROOT.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path) -> set[str]:
    """The package modules ``path`` imports (``from .x import y`` resolved to the module
    ``…x.y`` where that is a module, else ``…x``)."""
    mod = _module(path)
    pkg = mod if path.name == "__init__.py" else mod.rpartition(".")[0]
    out = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = pkg.split(".")
                base = base[:len(base) - node.level + 1]
                stem = ".".join(base + ([node.module] if node.module else []))
            else:
                stem = node.module or ""
            names = [f"{stem}.{a.name}" for a in node.names] + [stem]
        else:
            continue
        for name in names:
            if name.startswith("semiring_paths"):
                out.add(name)
    return out


MODULES = {_module(p): p for p in ROOT.rglob("*.py")}


def _graph() -> dict[str, set[str]]:
    g = {}
    for mod, path in MODULES.items():
        deps = set()
        for name in _imports(path):
            while name and name not in MODULES:      # an attribute of a module
                name = name.rpartition(".")[0]
            if name and name != mod:
                deps.add(name)
        g[mod] = deps
    return g


def _ancestors(mod: str) -> set[str]:
    """Packages whose ``__init__`` runs before ``mod`` (importing a.b.c runs a, a.b)."""
    parts = mod.split(".")
    return {".".join(parts[:i]) for i in range(1, len(parts))}


def test_no_import_cycle():
    g = _graph()
    # importing a module first runs its packages' __init__: that is an edge too, except
    # from a package to its own children (it imports them, not the other way round)
    edges = {m: {d for d in deps} | {a for a in _ancestors(m) if a in MODULES}
             for m, deps in g.items()}
    state: dict[str, int] = {}
    path: list[str] = []

    def visit(m: str) -> None:
        state[m] = 1
        path.append(m)
        for d in sorted(edges[m]):
            if d in _ancestors(m) and m.startswith(d + "."):
                continue                      # a child needs its package initialised
            if state.get(d) == 1:
                cyc = [*path[path.index(d):], d]
                pytest.fail("import cycle: " + " -> ".join(cyc))
            if d in edges and not state.get(d):
                visit(d)
        path.pop()
        state[m] = 2

    for m in sorted(edges):
        if not state.get(m):
            visit(m)


@pytest.mark.parametrize("layer", ["backends", "cpu", "gpu"])
def test_backends_never_import_algorithms(layer):
    bad = {m: sorted(d for d in deps if d.startswith("semiring_paths.algorithms")
                     or d in ("semiring_paths.single_source", "semiring_paths.multi_source",
                              "semiring_paths.all_pairs", "semiring_paths.validate"))
           for m, deps in _graph().items() if m.startswith(f"semiring_paths.{layer}")}
    assert not {m: d for m, d in bad.items() if d}


def test_algorithms_import_no_backend_implementation():
    bad = {m: sorted(d for d in deps if d.startswith(("semiring_paths.cpu",
                                                      "semiring_paths.gpu")))
           for m, deps in _graph().items() if m.startswith("semiring_paths.algorithms")}
    assert not {m: d for m, d in bad.items() if d}


PROBE = re.compile(r"\b(hasattr|getattr)\(\s*(be|backend|self\.be)\b|\.name\s*==\s*['\"](gpu|cpu)"
                   r"|backend\s*==\s*['\"](gpu|cpu)")


def test_no_backend_probes_outside_backends():
    """Algorithms and the public layer call the interface; they never ask a backend what it
    is (``hasattr(be, …)``, ``be.name == "gpu"``)."""
    found = []
    for mod, path in MODULES.items():
        if mod.startswith(("semiring_paths.backends", "semiring_paths.cpu",
                           "semiring_paths.gpu")):
            continue
        for i, line in enumerate(path.read_text().splitlines(), 1):
            if PROBE.search(line):
                found.append(f"{path.relative_to(ROOT.parent)}:{i}: {line.strip()}")
    assert not found, "\n".join(found)
