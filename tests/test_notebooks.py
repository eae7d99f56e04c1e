"""Every notebook's code cells run, in order, without error (headless matplotlib)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

NOTEBOOKS = sorted((Path(__file__).resolve().parents[1] / "notebooks").glob("*.ipynb"))


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.name for p in NOTEBOOKS])
def test_notebook_runs(path):
    import matplotlib  # in the test extra: a missing install fails, not skips

    matplotlib.use("Agg")
    cells = json.loads(path.read_text())["cells"]
    scope: dict = {}
    for i, cell in enumerate(cells):
        if cell["cell_type"] == "code":
            code = "".join(cell["source"])
            exec(compile(code, f"{path.name}[cell {i}]", "exec"), scope)
    import matplotlib.pyplot as plt

    plt.close("all")


def test_there_is_a_notebook():
    assert NOTEBOOKS
