"""The teaching notebooks (``notebooks/``): every one runs top to bottom, solutions
included; every saved one has its outputs and a figure, and matches its source in
``notebooks/src``; exercises 01–05 come with self-checking solutions; the student copies
``strip_solutions.py`` writes keep no solution and still run."""

from __future__ import annotations

import importlib.util
import json
import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1] / "notebooks"
NOTEBOOKS = sorted(ROOT.glob("[0-9][0-9]_*.ipynb"))
SOURCES = sorted((ROOT / "src").glob("[0-9][0-9]_*.py"))


def _module(name: str):
    spec = importlib.util.spec_from_file_location(name, ROOT / f"{name}.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _run(nb: dict, name: str) -> None:
    """Execute the code cells in order, in the notebook folder, headless."""
    import matplotlib  # in the test extra: a missing install fails, not skips

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    here = Path.cwd()
    os.chdir(ROOT)
    try:
        scope: dict = {"__name__": "__main__"}
        for i, cell in enumerate(nb["cells"]):
            if cell["cell_type"] == "code":
                code = "".join(cell["source"])
                exec(compile(code, f"{name}[cell {i}]", "exec"), scope)
    finally:
        os.chdir(here)
        plt.close("all")


def _tags(cell: dict) -> list[str]:
    return cell.get("metadata", {}).get("tags", [])


def test_the_series_is_there():
    assert [p.stem[:2] for p in NOTEBOOKS] == [f"{i:02d}" for i in range(8)]
    assert [p.stem for p in SOURCES] == [p.stem for p in NOTEBOOKS]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.name for p in NOTEBOOKS])
def test_notebook_runs(path):
    _run(json.loads(path.read_text()), path.name)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.name for p in NOTEBOOKS])
def test_saved_with_outputs_a_figure_and_its_source(path):
    nb = json.loads(path.read_text())
    code = [c for c in nb["cells"] if c["cell_type"] == "code"]
    assert all(c.get("execution_count") for c in code), \
        f"{path.name}: saved without running every cell (run notebooks/build.py)"
    assert sum(bool(c.get("outputs")) for c in code) * 2 >= len(code), path.name
    assert not [o for c in code for o in c["outputs"] if o["output_type"] == "error"]
    figures = [o for c in code for o in c["outputs"] if "image/png" in o.get("data", {})]
    assert figures, f"{path.name} has no figure"
    build = _module("build")
    want = build.cells((ROOT / "src" / f"{path.stem}.py").read_text())
    got = [{"kind": c["cell_type"], "source": "".join(c["source"]), "tags": _tags(c)}
           for c in nb["cells"]]
    assert got == want, f"{path.name} differs from src/{path.stem}.py: rebuild it"


@pytest.mark.parametrize("path", [p for p in NOTEBOOKS if "01" <= p.stem[:2] <= "05"],
                         ids=lambda p: p.name)
def test_exercises_have_self_checking_solutions(path):
    nb = json.loads(path.read_text())
    solutions = [c for c in nb["cells"] if "solution" in _tags(c)]
    assert 2 <= len(solutions) <= 3, f"{path.name}: {len(solutions)} exercises"
    assert all("assert" in "".join(c["source"]) for c in solutions)


def test_student_copies_keep_no_solution_and_run(tmp_path):
    _module("strip_solutions").main([str(tmp_path)])
    for path in NOTEBOOKS:
        nb = json.loads((tmp_path / path.name).read_text())
        assert not [c for c in nb["cells"] if "solution" in _tags(c)]
        assert not [c for c in nb["cells"] if c.get("outputs")]
        original = json.loads(path.read_text())
        assert sum("exercise" in _tags(c) for c in nb["cells"]) == sum(
            "solution" in _tags(c) for c in original["cells"])
        _run(nb, f"student {path.name}")
