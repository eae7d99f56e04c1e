"""Student copies of the notebooks: every cell tagged ``solution`` becomes an empty
exercise cell, and outputs are cleared.

    python notebooks/strip_solutions.py [OUT_DIR]      # default notebooks/student/

Reads ``notebooks/NN_*.ipynb`` (the built notebooks, solutions included) with the
standard library only.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
PLACEHOLDER = "# Your solution here.\n"


def strip(nb: dict) -> dict:
    """A copy of ``nb`` without solutions or outputs."""
    out = {**nb, "cells": []}
    for cell in nb["cells"]:
        cell = json.loads(json.dumps(cell))                    # a deep copy
        if cell["cell_type"] == "code":
            if "solution" in cell.get("metadata", {}).get("tags", []):
                cell["source"] = PLACEHOLDER
                cell["metadata"]["tags"] = ["exercise"]
            cell["outputs"] = []
            cell["execution_count"] = None
        out["cells"].append(cell)
    return out


def main(argv: list[str]) -> int:
    dest = Path(argv[0]) if argv else HERE / "student"
    dest.mkdir(parents=True, exist_ok=True)
    for path in sorted(HERE.glob("[0-9][0-9]_*.ipynb")):
        nb = strip(json.loads(path.read_text()))
        (dest / path.name).write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n")
        print(dest / path.name)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
