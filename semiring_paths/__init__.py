"""semiring_paths: shortest paths as masked vector–matrix products over semirings.

>>> import semiring_paths as sp
>>> G = sp.read("rome99")                      # a bundled road network
>>> r = sp.sssp(G, 0)
>>> round(float(r.distances[3352]))
30305
"""

from __future__ import annotations

from . import datasets, semirings
from .all_pairs import (
    apsp,
    average_shortest_path_length,
    closeness,
    diameter,
    distance_histogram,
    eccentricity,
    harmonic,
    radius,
)
from .betweenness import betweenness
from .exceptions import (
    GPUMemoryError,
    GraphFormatError,
    HostMemoryError,
    InvalidGraphError,
    NegativeCycleError,
    NegativeWeightError,
    SemiringPathsError,
    SourceError,
)
from .graph import Graph
from .io import read, write
from .multi_source import level_counts, multi_source_bfs, multi_source_sssp
from .queries import (
    closure,
    count_shortest_paths,
    count_walks,
    k_hop,
    k_shortest_paths,
    shortest_path,
)
from .results import BFSResult, PathResult, Trace
from .single_source import bfs, sssp

__version__ = "0.1.0"

__all__ = [
    "BFSResult",
    "GPUMemoryError",
    "Graph",
    "GraphFormatError",
    "HostMemoryError",
    "InvalidGraphError",
    "NegativeCycleError",
    "NegativeWeightError",
    "PathResult",
    "SemiringPathsError",
    "SourceError",
    "Trace",
    "apsp",
    "average_shortest_path_length",
    "betweenness",
    "bfs",
    "closeness",
    "closure",
    "count_shortest_paths",
    "count_walks",
    "datasets",
    "diameter",
    "distance_histogram",
    "eccentricity",
    "harmonic",
    "k_hop",
    "k_shortest_paths",
    "level_counts",
    "multi_source_bfs",
    "multi_source_sssp",
    "radius",
    "read",
    "semirings",
    "shortest_path",
    "sssp",
    "write",
]
