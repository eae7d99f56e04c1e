"""Where graph files live: the few bundled with the package, and the shared data set.

One home for both paths.  The shared graphs (``../shared/data/graphs`` beside a
checkout, with provenance and reference outputs) are what tests and benchmarks read; set
``SEMIRING_PATHS_SHARED`` to point elsewhere.
"""

from __future__ import annotations

import os
from pathlib import Path

__all__ = ["BUNDLED", "bundled_names", "bundled_path", "shared_dir", "shared_path"]

#: the graphs shipped inside the package (``semiring_paths/data``)
BUNDLED = Path(__file__).parent / "data"


def bundled_names() -> list[str]:
    """Names of the bundled graphs."""
    return sorted(p.name.split(".")[0] for p in BUNDLED.glob("*.mtx.gz"))


def bundled_path(name: str) -> Path | None:
    """Path of a bundled graph by name, or ``None``."""
    p = BUNDLED / f"{name}.mtx.gz"
    return p if p.is_file() else None


def shared_dir() -> Path:
    """The shared graphs: ``$SEMIRING_PATHS_SHARED``, else ``shared/data/graphs`` beside
    the checkout (found from the working directory or from this file)."""
    env = os.environ.get("SEMIRING_PATHS_SHARED")
    if env:
        return Path(env)
    for base in (Path.cwd(), Path(__file__).resolve().parents[1]):
        for up in (base, *base.parents):
            p = up.parent / "shared" / "data" / "graphs"
            if p.is_dir():
                return p
    return Path(__file__).resolve().parents[2] / "shared" / "data" / "graphs"


def shared_path(rel: str) -> Path:
    """A file of the shared graphs, by its path relative to :func:`shared_dir`."""
    return shared_dir() / rel
