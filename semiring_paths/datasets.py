"""Small real graphs shipped with the package, for examples and the README.

>>> import semiring_paths as sp
>>> sorted(sp.datasets.names())
['karate', 'osm-monaco', 'rome99']
"""

from __future__ import annotations

from pathlib import Path

from .graph import Graph

_DATA = Path(__file__).parent / "data"

__all__ = ["bundled_path", "load", "names"]


def names() -> list[str]:
    """Names of the bundled graphs."""
    return sorted(p.name.split(".")[0] for p in _DATA.glob("*.mtx.gz"))


def bundled_path(name: str) -> Path | None:
    """Path of a bundled graph by name, or ``None``."""
    p = _DATA / f"{name}.mtx.gz"
    return p if p.is_file() else None


def load(name: str) -> Graph:
    """Read a bundled graph: ``karate`` (Zachary, undirected, 34 vertices), ``rome99``
    (DIMACS road network of Rome, directed, weighted, 3,353 vertices), ``osm-monaco``
    (OpenStreetMap streets of Monaco, undirected, weighted, 989 vertices)."""
    p = bundled_path(name)
    if p is None:
        raise ValueError(f"no bundled graph {name!r}; bundled: {', '.join(names())}")
    from .io import read

    return read(p)
