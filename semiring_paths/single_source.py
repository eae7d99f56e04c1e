"""The public single-source functions: validate once, pick a strategy, run, package.

Input is checked here and nowhere else (DESIGN.md §3): the graph type, the source, the
strategy name, the semiring, weights a strategy cannot take.  Kernels trust what passes.
"""

from __future__ import annotations

import math
import time
from contextlib import contextmanager

import numpy as np

from . import semirings as _semirings
from .algorithms import bfs as _bfs
from .algorithms import lookup, names
from .algorithms import sssp as _sssp
from .backend import backend_for, resolve
from .exceptions import NegativeCycleError, NegativeWeightError
from .graph import Graph
from .results import BFSResult, PathResult, Trace
from .semirings import Semiring

__all__ = ["bfs", "sssp"]


def _check_graph(G) -> Graph:
    if not isinstance(G, Graph):
        raise TypeError(
            f"expected a semiring_paths.Graph, got {type(G).__name__}; build one with "
            "sp.read, sp.Graph.from_scipy, from_edges, from_networkx or from_graphblas")
    return G


def bfs(G: Graph, source: int, strategy: str = "auto", backend: str = "cpu", *,
        as_cupy: bool = False) -> BFSResult:
    """Breadth-first search from ``source``: hop levels and a BFS tree.

    Parameters
    ----------
    G : Graph
        Weights, if any, are ignored: levels count edges.
    source : int
        0-based vertex id.
    strategy : {"auto", "direction-optimizing", "sovm", "bovm"}
        ``"sovm"`` pushes the frontier along out-edges (``q⟨¬π⟩ = q any.secondi A``),
        ``"bovm"`` pulls: each unreached vertex looks for a parent in the frontier
        (``q⟨¬π⟩ = Aᵀ any.firstj q``), ``"direction-optimizing"`` switches between them
        by the frontier's size, as GAP and LAGraph do.  ``"auto"`` is the last.
    backend : {"cpu", "gpu", "auto"}
        ``"cpu"``: SuiteSparse:GraphBLAS; ``"gpu"``: the CuPy kernels; ``"auto"``: the GPU
        when CuPy sees one and the graph has at least 10⁶ stored edges.
    as_cupy : bool
        GPU only: leave ``levels`` and ``parents`` on the device as CuPy arrays (no copy
        back to the host).

    Returns
    -------
    BFSResult
        ``levels`` (int64, ``-1`` unreachable), ``parents`` (int64, ``-1`` none,
        ``parents[source] == source``), ``path_to(t)``, ``trace``.

    Raises
    ------
    SourceError
        ``source`` is not a vertex of ``G``.
    ValueError
        Unknown strategy or backend (the message lists the valid ones).

    Examples
    --------
    >>> import semiring_paths as sp
    >>> G = sp.Graph.from_edges([0, 1, 2], [1, 2, 3], directed=False)
    >>> r = sp.bfs(G, 0)
    >>> r.levels.tolist(), r.parents.tolist()
    ([0, 1, 2, 3], [0, 0, 1, 2])
    >>> r.path_to(3)
    [0, 1, 2, 3]
    """
    G = _check_graph(G)
    name = _bfs.auto(G) if strategy == "auto" else strategy
    strat = lookup("bfs", name)
    s = G.check_vertex(source)
    t0 = time.perf_counter()
    be = backend_for(G, backend)
    trace = Trace("bfs", name, be.name, G.n_vertices, G.n_stored)
    t1 = time.perf_counter()
    trace.setup_seconds = t1 - t0
    with _resident(be, as_cupy):
        levels, parents = strat.run(be, s, trace)
    trace.total_seconds = time.perf_counter() - t1
    return BFSResult(s, levels, parents, trace)


@contextmanager
def _resident(be, as_cupy: bool):
    """Results stay on the device for the duration (``as_cupy=True``, GPU only)."""
    if as_cupy and not hasattr(be, "keep_on_device"):
        raise ValueError(f"as_cupy=True needs backend='gpu' (the {be.name!r} backend "
                         "returns NumPy arrays)")
    if not as_cupy:
        yield
        return
    be.keep_on_device = True
    try:
        yield
    finally:
        be.keep_on_device = False


def sssp(G: Graph, source: int, strategy: str = "auto", backend: str = "cpu",
         semiring: str | Semiring = "min_plus", *, delta: float | None = None,
         direction: str = "auto", as_cupy: bool = False) -> PathResult:
    """Single-source path values from ``source`` under a semiring (shortest by default).

    Parameters
    ----------
    G : Graph
        Unweighted graphs weigh 1 per edge.
    source : int
        0-based vertex id.
    strategy : str
        How the next frontier is chosen (each is one masking rule over the same step):

        ``"bellman-ford"``: every vertex with a value; ``"workfront"``: what changed in
        the last round — both accept negative weights and raise
        :class:`NegativeCycleError` on a reachable negative cycle.
        ``"light-first"``: workfront over the light edges (``≤ delta``, and each vertex's
        lightest), then the heavy ones once, then workfront over all edges to finish.
        ``"martin"``: settle all open vertices at the minimum tentative distance;
        ``"crauser"``: settle ``δ ≤ min(δ(u) + minout(u))``; ``"crauser-economic"``:
        settle ``δ ≤ min δ + min_w``; ``"near-far"``: near set below a split that grows
        by ``delta``; ``"delta-stepping"``: buckets of width ``delta``, light edges then
        heavy; ``"dijkstra"``: the serial heap reference.  These need non-negative
        weights.  ``"auto"``: BFS levels on unweighted or uniform-weight graphs,
        ``"bellman-ford"`` with negative weights, ``"workfront"`` on small graphs and
        for semirings other than min_plus, ``"light-first"`` on high-degree graphs,
        ``"near-far"`` on low-degree (high-diameter) ones; the rule and its measurements
        are in ``semiring_paths.algorithms.sssp.auto``.
    backend : {"cpu", "gpu", "auto"}
        As for :func:`bfs`; every strategy, semiring and direction runs on either.
    semiring : str or Semiring
        ``"min_plus"`` (shortest paths), ``"max_min"`` (widest paths), ``"max_times"``
        (most reliable paths).  Needs an idempotent, selective ⊕.
    delta : float, optional
        Bucket / split / light-edge width for ``"delta-stepping"``, ``"near-far"`` and
        ``"light-first"`` (> 0); default ``c·w̄/d̄`` (mean weight over mean out-degree).
        Tiny values behave like Dijkstra, huge ones like workfront; the answer is exact
        either way.
    direction : {"auto", "push", "pull"}
        ``"push"`` relaxes ``f ⊕.⊗ A`` along out-edges; ``"pull"`` computes
        ``Aᵀ ⊕.⊗ f``: every vertex looks at its in-edges (001's predecessor variant).
        ``"auto"`` (default): the fixed-point strategies (``"bellman-ford"``,
        ``"workfront"``, ``"light-first"``) push small frontiers and pull large ones; the
        others push.  Same answers every way.
    as_cupy : bool
        GPU only: leave ``distances`` on the device as a CuPy array.

    Returns
    -------
    PathResult
        ``distances`` (float64; the semiring's ⊕ identity — ``inf`` for min_plus —
        where unreachable), ``predecessors`` (int64, ``-1`` for the source and the
        unreachable, computed on first access), ``path_to(t)``, ``trace``.

    Raises
    ------
    SourceError, NegativeWeightError, NegativeCycleError, ValueError

    Examples
    --------
    >>> import semiring_paths as sp
    >>> G = sp.Graph.from_edges([0, 0, 1], [1, 2, 2], weights=[4.0, 9.0, 2.0])
    >>> r = sp.sssp(G, 0)
    >>> r.distances.tolist(), r.predecessors.tolist()
    ([0.0, 4.0, 6.0], [-1, 0, 1])
    >>> sp.sssp(G, 0, semiring="max_min").distances.tolist()   # widest paths
    [inf, 4.0, 9.0]
    """
    G = _check_graph(G)
    sr = _semirings.get(semiring)
    if not sr.idempotent or sr.improves is None:
        raise ValueError(
            f"sssp needs a semiring whose ⊕ selects a best value (min or max); "
            f"{sr.name!r} does not. Use min_plus, max_min or max_times")
    s = G.check_vertex(source)
    if direction not in ("push", "pull", "auto"):
        raise ValueError(f"direction must be 'push', 'pull' or 'auto', got {direction!r}")
    if delta is not None and not (isinstance(delta, (int, float, np.number))
                                  and math.isfinite(delta) and delta > 0):
        raise ValueError(f"delta must be a finite number > 0, got {delta!r}")
    name = _sssp.auto(G, sr, resolve(G, backend)) if strategy == "auto" else strategy
    if name == "bfs":
        return _sssp_by_bfs(G, s, backend, as_cupy)
    strat = lookup("sssp", name)
    if strat.semirings is not None and sr.name not in strat.semirings:
        raise ValueError(f"strategy {name!r} is defined for {', '.join(strat.semirings)}, "
                         f"not {sr.name}; use 'workfront' or 'bellman-ford'")
    if delta is not None and not strat.uses_delta and strategy != "auto":
        takers = [k for k in names("sssp")[1:] if lookup("sssp", k).uses_delta]
        raise ValueError(f"strategy {name!r} takes no delta (only "
                         f"{', '.join(map(repr, takers))} do)")
    if direction == "auto" and "auto" not in strat.directions:
        direction = strat.directions[0]              # the strategy's own (push)
    if direction not in strat.directions:
        raise ValueError(f"strategy {name!r} supports direction "
                         f"{' or '.join(map(repr, strat.directions))} only")
    if strat.nonnegative:
        _check_monotone(G, sr, name)
    elif sr.name == "min_plus" and G.has_negative_weights and not G.directed:
        _check_undirected_negative(G, s, backend)
    t0 = time.perf_counter()
    be = backend_for(G, backend)
    trace = Trace("sssp", name, be.name, G.n_vertices, G.n_stored)
    t1 = time.perf_counter()
    trace.setup_seconds = t1 - t0
    # a backend may run a whole strategy fused (min_plus, push); else the shared text
    fused = (be.fused.get(name) if sr.name == "min_plus" and direction in ("push", "auto")
             else None)
    run = fused or (lambda *a, **k: strat.run(be, *a, **k))
    with _resident(be, as_cupy):                         # refuses as_cupy on the CPU
        dist, tree = run(s, sr, trace, delta=delta if strat.uses_delta else None,
                         direction=direction)
    trace.total_seconds = time.perf_counter() - t1
    if as_cupy:
        import cupy as cp

        dist = cp.asarray(dist)          # the serial reference computes on the host
        trace.reached_fn = lambda: int(G.out_degree[dist.get() != sr.zero].sum())
        return PathResult(s, dist, trace, sr, predecessors=tree,
                          predecessors_fn=lambda: be.tight_parents(dist, sr, s))
    trace.reached_fn = lambda: int(G.out_degree[dist != sr.zero].sum())
    return PathResult(s, dist, trace, sr, predecessors=tree,
                      predecessors_fn=lambda: be.tight_parents(dist, sr, s))


def _sssp_by_bfs(G: Graph, s: int, backend: str, as_cupy: bool = False) -> PathResult:
    """min_plus on an unweighted (or uniform-weight ``c``) graph: BFS levels × c."""
    r = bfs(G, s, backend=backend, as_cupy=as_cupy)
    c = G.uniform_weight if G.weighted else 1.0
    if as_cupy:
        import cupy as cp

        dist = cp.where(r.levels >= 0, r.levels * c, cp.inf)
    else:
        dist = np.where(r.levels >= 0, r.levels * c, np.inf)
    r.trace.algorithm = "sssp"
    r.trace.strategy = f"bfs/{r.trace.strategy}"
    return PathResult(s, dist, r.trace, _semirings.min_plus, predecessors=r.parents)


def _check_undirected_negative(G: Graph, s: int, backend: str) -> None:
    """An undirected negative edge u — v is the negative cycle u → v → u: say so at once
    (instead of after n rounds) when the source reaches it."""
    reached = bfs(G, s, backend=backend).levels >= 0
    neg = (G.weights < 0) & reached[G._rows]
    if neg.any():
        k = int(np.argmax(neg))
        u, v = int(G._rows[k]), int(G.indices[k])
        raise NegativeCycleError(
            f"undirected edge {u} -- {v} weighs {G.weights[k]}: going back and forth on "
            f"it is a negative cycle reachable from source {s}; no shortest paths exist")


def _check_monotone(G: Graph, sr: Semiring, name: str) -> None:
    """Dijkstra-like strategies need ⊗ never to improve a value."""
    if not G.weighted or not G.n_stored:
        return
    w = G.weights
    if sr.name == "min_plus" and G.has_negative_weights:
        k = int(np.argmin(w))
        raise NegativeWeightError(
            f"strategy {name!r} needs non-negative weights, but edge "
            f"{int(G._rows[k])} -> {int(G.indices[k])} weighs {w[k]}; use "
            "strategy='bellman-ford' (or 'workfront'), which accept negative weights")
    if sr.name == "max_times" and (w.min() < 0 or w.max() > 1):
        raise NegativeWeightError(
            f"strategy {name!r} with max_times needs weights in [0, 1] (probabilities); "
            "use strategy='bellman-ford' for other weights")
