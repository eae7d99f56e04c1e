"""The public queries built on the searches: point-to-point shortest paths, counting
(shortest paths, walks), hop neighbourhoods, and the closure of a dense graph.

Validated here, as the other public functions are (DESIGN.md §3); the search is a
backend capability (``pair_search``) where the backend has one, else the full
single-source search answers (``method="full"``).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np

from . import memory, validate
from .algorithms import closure as _closure
from .algorithms import counting as _counting
from .algorithms import yen as _yen
from .graph import FLOAT64_INTS, Graph
from .semirings import min_plus as _yen_semiring
from .single_source import bfs, sssp

__all__ = ["closure", "count_shortest_paths", "count_walks", "k_hop", "k_shortest_paths",
           "shortest_path"]


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
        The CPU runs the bidirectional searches compiled; the GPU runs them as one
        block a query (its weighted side rule is Near-Far's: a round relaxes what lies
        within Δ of the side's least open value).

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
    if not hops:
        validate.rounded(G, np.array([dist], np.float64))
    return (int(dist) if hops else float(dist)), path


def k_shortest_paths(G: Graph, source: int, target: int, k: int, *,
                     weighted: bool | None = None, backend: str = "auto"
                     ) -> list[tuple[float, list[int]]]:
    """The ``k`` shortest simple (loopless) paths from ``source`` to ``target``.

    Yen's algorithm (``algorithms/yen.py``): every candidate is a prefix of a path
    already found plus a spur path from a search that avoids the prefix and the edges
    the found paths leave it by; the spur searches are A* toward ``target`` on exact
    distances, compiled.

    Parameters
    ----------
    G : Graph
    source, target : int
    k : int
        How many paths (fewer come back when fewer exist).
    weighted : bool, optional
        Add the weights (default: when ``G`` has them; non-negative) or count hops.
    backend : {"auto", "cpu"}
        Where the searches run (the CPU's compiled masked search).

    Returns
    -------
    list of (length, path)
        Shortest first (equal lengths in order of their vertex sequences); lengths are
        int hops or float sums of weights, as :func:`shortest_path` gives; ``[]`` when
        ``target`` is unreachable; ``[(0, [source])]`` when ``target == source``.

    Examples
    --------
    >>> import semiring_paths as sp
    >>> G = sp.Graph.from_edges([0, 0, 1, 2, 1], [1, 2, 3, 3, 2], weights=[1, 2, 1, 1, 1])
    >>> sp.k_shortest_paths(G, 0, 3, 3)
    [(2.0, [0, 1, 3]), (3.0, [0, 1, 2, 3]), (3.0, [0, 2, 3])]
    """
    G = validate.graph(G)
    s = validate.source(G, source)
    t = validate.source(G, target, "target")
    k = validate.integer(k, "k", 1)
    hops = not G.weighted if weighted is None else not weighted
    if not hops:
        validate.nonnegative(G, _yen_semiring, "k_shortest_paths", "")
    be = validate.backend(G, backend)
    R = G.reversed()                                 # distances to t: the A* guide
    h = (np.where((lv := bfs(R, t, backend=be.name).levels) >= 0, lv, np.inf)
         if hops else sssp(R, t, backend=be.name).distances)
    found = _yen.k_shortest(be, s, t, k, hops, h.astype(np.float64))
    if not hops:
        validate.rounded(G, np.array([d for d, _ in found], np.float64))
    return [(int(d) if hops else float(d), p) for d, p in found]


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


def _integers(x: np.ndarray) -> np.ndarray:
    """Counts as int64 while float64 held them exactly, else float64 as they are."""
    return x.astype(np.int64) if x.size == 0 or x.max() < FLOAT64_INTS else x


def count_shortest_paths(G: Graph, source: int, *, weight: bool | str | None = None,
                         backend: str = "auto") -> np.ndarray:
    """σ(v): the number of shortest paths from ``source`` to every vertex.

    ``plus_times`` over the tight-edge DAG, level by level (``algorithms/counting.py``):
    ``F⟨¬Σ⟩ = F plus.first A ; Σ += F`` by hops, or every walk of the tight edges
    ``{(u, v) : d(u) + w(u, v) = d(v)}`` with weights.

    Parameters
    ----------
    G : Graph
    source : int
    weight : None, True, False or str
        None or False (the default): shortest by hops; True or a name: by G's weights,
        which must be positive.
    backend : {"auto", "cpu", "gpu"}

    Returns
    -------
    ndarray
        int64 (``σ(source) = 1``, 0 where unreachable) while every count is below 2⁵³,
        where float64 sums of integers are exact; float64 beyond (the nearest double to
        each count, as NetworkX's own counts in Brandes' algorithm are).

    Raises
    ------
    SourceError, NegativeWeightError
    ValueError
        A zero weight with ``weight`` given.

    Examples
    --------
    >>> import semiring_paths as sp
    >>> G = sp.Graph.from_edges([0, 0, 1, 2], [1, 2, 3, 3], directed=False)   # a square
    >>> sp.count_shortest_paths(G, 0).tolist()
    [1, 1, 1, 2]
    """
    H = validate.weight_view(G, weight)
    validate.positive(H, "count_shortest_paths with weights")
    s = validate.source(H, source)
    be = validate.backend(H, backend)
    d = sssp(H, s, backend=be.name).distances if H.weighted else None
    return _integers(_counting.shortest_path_counts(be, s, d))


def count_walks(G: Graph, source: int, k: int, *, backend: str = "auto") -> np.ndarray:
    """The number of walks of exactly ``k`` edges from ``source`` to every vertex:
    ``e_s Aᵏ`` over ``plus_times`` on the pattern of A (weights are not multiplicities;
    a walk may repeat vertices and edges).

    Returns int64 while every count is below 2⁵³, float64 beyond (counts of walks grow
    as the largest eigenvalue of A to the ``k``).

    Examples
    --------
    >>> import semiring_paths as sp
    >>> G = sp.Graph.from_edges([0, 1, 2], [1, 2, 0], directed=False)     # a triangle
    >>> sp.count_walks(G, 0, 3).tolist()
    [2, 3, 3]
    """
    G = validate.graph(G)
    s = validate.source(G, source)
    k = validate.integer(k, "k")
    be = validate.backend(G, backend)
    return _integers(_counting.walk_counts(be, s, k))


def k_hop(G: Graph, sources: int | Sequence[int], k: int, *, backend: str = "auto"
          ) -> np.ndarray:
    """The vertices within ``k`` hops of any of ``sources`` (along out-edges), sources
    included: ``(A ⊕ I)ᵏ`` applied to the sources' indicator, as a BFS from all of them
    at once that stops after ``k`` levels or when nothing new arrives.

    Returns
    -------
    ndarray
        Sorted int64 vertex ids.

    Examples
    --------
    >>> import semiring_paths as sp
    >>> G = sp.Graph.from_edges([0, 1, 2, 3], [1, 2, 3, 4])               # a path
    >>> sp.k_hop(G, 1, 2).tolist(), sp.k_hop(G, [0, 3], 1).tolist()
    ([1, 2, 3], [0, 1, 3, 4])
    """
    G = validate.graph(G)
    src = validate.some(G, sources, "source")
    k = validate.integer(k, "k")
    if src.size == 0:
        return np.zeros(0, np.int64)
    be = validate.backend(G, backend)
    levels = _counting.within(be, src, k)
    return np.flatnonzero(~np.isnan(levels)).astype(np.int64)
