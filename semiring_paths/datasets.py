"""Small real graphs shipped with the package, for examples and the README.

>>> import semiring_paths as sp
>>> sorted(sp.datasets.names())
['karate', 'osm-monaco', 'rome99']
"""

from __future__ import annotations

from .graph import Graph
from .io import read
from .locations import bundled_names as names
from .locations import bundled_path

__all__ = ["bundled_path", "load", "names"]


def load(name: str) -> Graph:
    """Read a bundled graph: ``karate`` (Zachary, undirected, 34 vertices), ``rome99``
    (DIMACS road network of Rome, directed, weighted, 3,353 vertices), ``osm-monaco``
    (OpenStreetMap streets of Monaco, undirected, weighted, 989 vertices)."""
    p = bundled_path(name)
    if p is None:
        raise ValueError(f"no bundled graph {name!r}; bundled: {', '.join(names())}")
    return read(p)
