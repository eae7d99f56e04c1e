"""semiring_paths: shortest paths as masked vector–matrix products over semirings.

>>> import semiring_paths as sp
>>> G = sp.read("rome99")                      # a bundled road network
>>> r = sp.sssp(G, 0)
>>> round(float(r.distances[3352]))
30305
"""

from __future__ import annotations

from . import datasets, semirings
from .exceptions import (
    GraphFormatError,
    InvalidGraphError,
    NegativeCycleError,
    NegativeWeightError,
    SemiringPathsError,
    SourceError,
)
from .graph import Graph
from .io import read
from .results import BFSResult, PathResult, Trace
from .single_source import bfs, sssp

__version__ = "0.1.0"

__all__ = [
    "BFSResult", "Graph", "GraphFormatError", "InvalidGraphError", "NegativeCycleError",
    "NegativeWeightError", "PathResult", "SemiringPathsError", "SourceError", "Trace",
    "bfs", "datasets", "read", "semirings", "sssp",
]
