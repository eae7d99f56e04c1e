"""The public queries built on the searches: point-to-point shortest paths, and the
closure of a dense graph.

Validated here, as the other public functions are (DESIGN.md §3); the search is a
backend capability (``pair_search``) where the backend has one, else the full
single-source search answers (``method="full"``).
"""

from __future__ import annotations

import math

import numpy as np

from . import memory, validate
from .algorithms import closure as _closure
from .graph import Graph
from .single_source import bfs, sssp

__all__ = ["closure", "shortest_path"]

METHODS = ("auto", "bidirectional", "full")


def shortest_path(G: Graph, source: int, target: int, *, weighted: bool | None = None,
                  method: str = "auto", backend: str = "auto") -> tuple[float, list[int]]:
    """The distance from ``source`` to ``target`` and one shortest path.

    Parameters
    ----------
    G : Graph
    source, target : int
        0-based vertex ids.
    weighted : bool, optional
        Add the edge weights (default: when ``G`` has weights) or count hops (False).
    method : {"auto", "bidirectional", "full"}
        ``"bidirectional"``: two searches, from ``source`` over A and from ``target`` over
        Aᵀ, that stop when they meet — bidirectional BFS for hops, a bidirectional
        Dijkstra-style search for non-negative weights; ``"full"``: the single-source
        search from ``source`` (``sssp`` / ``bfs``), then the path from its tree;
        ``"auto"``: bidirectional where the backend has it and the weights are
        non-negative, else full.
    backend : {"auto", "cpu", "gpu"}
        The CPU runs the bidirectional searches compiled; the GPU answers by its full
        search.

    Returns
    -------
    (distance, path)
        ``distance``: int hops, or the float sum of weights; ``path``: the vertex ids
        ``[source, …, target]``.  ``(inf, [])`` when ``target`` is unreachable;
        ``(0, [source])`` when ``target == source``.

    Raises
    ------
    SourceError
        ``source`` or ``target`` is not a vertex of ``G``.
    ValueError
        An unknown ``method``, or ``"bidirectional"`` asked where it cannot run.

    Examples
    --------
    >>> import semiring_paths as sp
    >>> G = sp.Graph.from_edges([0, 1, 0], [1, 2, 2], weights=[1, 1, 5])
    >>> sp.shortest_path(G, 0, 2)
    (2.0, [0, 1, 2])
    >>> sp.shortest_path(G, 0, 2, weighted=False)
    (1, [0, 2])
    """
    G = validate.graph(G)
    s = validate.source(G, source)
    t = validate.source(G, target, "target")
    if method not in METHODS:
        raise ValueError(f"method must be one of {METHODS}, got {method!r}")
    hops = not G.weighted if weighted is None else not weighted
    be = validate.backend(G, backend)
    run = None
    if method != "full" and (hops or not G.has_negative_weights):
        run = be.pair_search(hops, need=method == "bidirectional")
    if run is None and method == "bidirectional":
        why = ("negative weights" if not hops and G.has_negative_weights
               else f"the {be.name!r} backend has no bidirectional search")
        raise ValueError(f"method='bidirectional' cannot run here: {why}")
    if run is not None:
        dist, path = run(s, t)
        path = np.asarray(path).tolist()
    else:                                          # the full search from s
        r = bfs(G, s, backend=be.name) if hops else sssp(G, s, backend=be.name)
        path = r.path_to(t)
        dist = float(r.distances[t]) if not hops else (
            float(r.levels[t]) if r.levels[t] >= 0 else math.inf)
    if not path:
        return math.inf, []
    return (int(dist) if hops else float(dist)), path


def closure(G: Graph, *, method: str = "floyd-warshall", backend: str = "auto"
            ) -> np.ndarray:
    """All pairs of a dense graph: the closure ``A* = I ⊕ A ⊕ A² ⊕ …`` over (min, +).

    Parameters
    ----------
    G : Graph
        Any graph (``Graph.from_dense`` builds one from a weight matrix); negative
        weights are allowed, negative cycles are not.
    method : {"floyd-warshall", "squaring"}
        Blocked Floyd–Warshall, O(n³); or repeated squaring ``D = D ⊕ D ⊗ D``, at most
        ⌈log₂ n⌉ min-plus products, O(n³ log n) — the matrix route to the closure, for
        teaching.
    backend : {"auto", "cpu", "gpu"}

    Returns
    -------
    ndarray
        n × n float64: ``D[i, j]`` the least weight of a path i → j (``inf`` none, 0 on
        the diagonal).

    Raises
    ------
    NegativeCycleError
        A cycle of negative weight exists.
    HostMemoryError
        The n × n matrix does not fit.

    Examples
    --------
    >>> import numpy as np, semiring_paths as sp
    >>> G = sp.Graph.from_dense(np.array([[0, 3, np.inf], [np.inf, 0, -1], [1, np.inf, 0]]))
    >>> sp.closure(G, method="squaring").tolist()
    [[0.0, 3.0, 2.0], [0.0, 0.0, -1.0], [1.0, 4.0, 0.0]]
    """
    G = validate.graph(G)
    if method not in _closure.METHODS:
        raise ValueError(f"method must be one of {_closure.METHODS}, got {method!r}")
    n = G.n_vertices
    memory.require((3 if method == "squaring" else 1) * n * n * 8,
                   f"the {n:,} × {n:,} closure")
    be = validate.backend(G, backend)
    return _closure.closure(be, G, method)[0]
