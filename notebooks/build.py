"""Build the teaching notebooks from their sources, executed, outputs saved.

Each notebook is written as a Python file in ``notebooks/src/`` in the "percent" format
(``# %%`` starts a code cell, ``# %% [markdown]`` a markdown cell whose lines are
``# ``-comments, ``# %% tags=["solution"]`` a tagged code cell).  This script turns each
into ``notebooks/NN_name.ipynb`` and runs it top to bottom in a Jupyter kernel, so the
saved notebook reads on a web page without running::

    pip install nbformat nbclient ipykernel
    python notebooks/build.py            # every notebook
    python notebooks/build.py 03         # the ones whose name starts with 03

``SEMIRING_PATHS_BACKEND=gpu python notebooks/build.py`` builds them on the GPU.
The sources are the one home of the text; ``tests/test_notebooks.py`` checks that every
saved notebook matches its source.
"""

from __future__ import annotations

import json
import re
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
SRC = HERE / "src"
_CELL = re.compile(r"^# %%(?P<md> \[markdown\])?(?: tags=(?P<tags>\[.*\]))?\s*$")


def cells(text: str) -> list[dict]:
    """The cells of a percent-format source: ``{"kind", "source", "tags"}``."""
    out: list[dict] = []
    for line in text.splitlines():
        m = _CELL.match(line)
        if m:
            out.append({"kind": "markdown" if m["md"] else "code", "lines": [],
                        "tags": json.loads(m["tags"]) if m["tags"] else []})
        elif out:
            out[-1]["lines"].append(line)
    for c in out:
        lines = c.pop("lines")
        while lines and not lines[-1].strip():
            lines.pop()
        if c["kind"] == "markdown":
            lines = [ln[2:] if ln.startswith("# ") else ln.lstrip("#") for ln in lines]
        c["source"] = "\n".join(lines)
    return out


def notebook(src: Path):
    import nbformat

    nb = nbformat.v4.new_notebook()
    nb.nbformat_minor = 4                    # no cell ids: stable diffs
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                 "language": "python"}
    for c in cells(src.read_text()):
        make = (nbformat.v4.new_markdown_cell if c["kind"] == "markdown"
                else nbformat.v4.new_code_cell)
        cell = make(c["source"])
        if c["tags"]:
            cell.metadata["tags"] = c["tags"]
        nb.cells.append(cell)
    return nb


def build(src: Path, timeout: int = 600) -> Path:
    import nbformat
    from nbclient import NotebookClient

    nb = notebook(src)
    t0 = time.perf_counter()
    NotebookClient(nb, timeout=timeout, kernel_name="python3",
                   resources={"metadata": {"path": str(HERE)}}).execute()
    for cell in nb.cells:                    # no machine-specific run counters in the diff
        cell.pop("id", None)
    out = HERE / f"{src.stem}.ipynb"
    nbformat.write(nb, out)
    print(f"{out.name}: {time.perf_counter() - t0:.1f} s")
    return out


def main(argv: list[str]) -> int:
    for src in sorted(SRC.glob("*.py")):
        if not argv or any(src.name.startswith(a) for a in argv):
            build(src)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
