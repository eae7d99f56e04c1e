"""The public single-source functions: validate once, pick a strategy, run, package.

Input is checked here and nowhere else (DESIGN.md §3): the graph type, the source, the
strategy name, the semiring, weights a strategy cannot take.  Kernels trust what passes.
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence

import numpy as np

from . import memory, validate
from .algorithms import bfs as _bfs
from .algorithms import lookup
from .algorithms import sssp as _sssp
from .algorithms.predecessors import tight_parents
from .exceptions import NegativeCycleError
from .graph import Graph
from .results import BFSResult, PathResult, Trace, levels_to_distances
from .semirings import Semiring, min_plus

__all__ = ["bfs", "sssp"]


def bfs(G: Graph, source: int, direction: str = "auto", backend: str = "auto", *,
        strategy: str | None = None, targets: Sequence[int] | None = None,
        max_depth: int | None = None, as_cupy: bool = False) -> BFSResult:
    """Breadth-first search from ``source``: hop levels and a BFS tree.

    Parameters
    ----------
    G : Graph
        Weights, if any, are ignored: levels count edges.
    source : int
        0-based vertex id.
    direction : {"auto", "push", "pull"}
        ``"push"`` expands the frontier along out-edges (``q⟨¬π⟩ = q any.secondi A``,
        DAWN's SOVM), ``"pull"``: each unreached vertex looks for a parent in the
        frontier (``q⟨¬π⟩ = Aᵀ any.firstj q``, DAWN's BOVM), ``"auto"`` switches between
        them by the frontier's size (direction-optimizing, as GAP and LAGraph do).
    backend : {"auto", "cpu", "gpu"}
        ``"cpu"``: SuiteSparse:GraphBLAS; ``"gpu"``: the CuPy kernels; ``"auto"``: the GPU
        when CuPy sees one and the graph has at least 10⁶ stored edges, else the CPU.
    strategy : {"sovm", "bovm", "direction-optimizing"}, optional
        The same choice by the strategies' own names (overrides ``direction``).
    targets : sequence of int, optional
        Stop after the level that reaches the last of these.
    max_depth : int, optional
        Stop after this many levels.  With either, vertices not reached by then read
        as unreached (``-1``) and ``result.stopped_early`` says whether the search had
        more to explore.
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
    G = validate.graph(G)
    if strategy is None:
        name = _bfs.DIRECTIONS.get(direction)
        if name is None:
            raise ValueError(f"direction must be 'push', 'pull' or 'auto', got "
                             f"{direction!r}")
    else:
        name = _bfs.DIRECTIONS.get(strategy, strategy)
    strat = lookup("bfs", name)
    s = validate.source(G, source)
    bound = validate.level_bound(G, targets, max_depth)
    memory.require(memory.SEARCH_PER_VERTEX * G.n_vertices,
                   f"a search over {G.n_vertices:,} vertices")
    t0 = time.perf_counter()
    be = validate.backend(G, backend, as_cupy)
    trace = Trace("bfs", name, be.name, G.n_vertices, G.n_stored)
    t1 = time.perf_counter()
    trace.setup_seconds = t1 - t0
    stopped = False
    bounded = be.bounded_search(hops=True) if bound is not None else None
    run = be.fused_bfs(name) if bound is None else None   # the whole search compiled
    if bounded is not None:
        levels, parents, stopped = bounded(s, bound.targets, bound.max_depth)
    elif run is not None:
        levels, parents = run(s, trace, _bfs.ALPHA, _bfs.BETA)
    elif bound is not None:
        levels, parents = strat.run(be, s, trace, bound=bound)
        stopped = bound.stopped
    else:
        levels, parents = strat.run(be, s, trace)
    levels, parents = be.export(levels, -1, as_cupy), be.export(parents, -1, as_cupy)
    trace.total_seconds = time.perf_counter() - t1
    r = BFSResult(s, levels, parents, trace)
    r.stopped_early = bool(stopped)
    return r


def sssp(G: Graph, source: int, strategy: str = "auto", backend: str = "auto",
         semiring: str | Semiring = "min_plus", *, delta: float | None = None,
         direction: str = "auto", targets: Sequence[int] | None = None,
         cutoff: float | None = None, as_cupy: bool = False) -> PathResult:
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
    backend : {"auto", "cpu", "gpu"}
        As for :func:`bfs`; every strategy, semiring and direction runs on either.
    semiring : str or Semiring
        ``"min_plus"`` (shortest paths), ``"max_min"`` (widest paths), ``"max_times"``
        (most reliable paths), or a registered one; python-graphblas's own
        (``graphblas.semiring.min_plus``, typed or not) by its name.  Needs an
        idempotent, selective ⊕.
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
    targets : sequence of int, optional
        Stop once every target's value is final (a settle strategy knows it; a fixed
        point once its open set's best value is no better than the targets').
    cutoff : float, optional
        Only values no worse than this are wanted (min_plus: ``≤ cutoff``); the search
        stops once nothing open is.  With either, vertices whose values were not final
        (or are beyond the cutoff) read as unreached, and ``result.stopped_early`` says
        whether the search stopped before its end.  Negative weights allow no early
        stop: the search runs to its end and the cutoff applies to its values.
    as_cupy : bool
        GPU only: leave ``distances`` on the device as a CuPy array.

    Returns
    -------
    PathResult
        ``distances`` (float64; the semiring's ⊕ identity — ``inf`` for min_plus —
        where unreachable; integer weights' sums are exact up to 2⁵³, and a
        ``RuntimeWarning`` says when a path went past it), ``predecessors`` (int64,
        ``-1`` for the source and the unreachable, computed on first access),
        ``path_to(t)``, ``trace``.

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
    G = validate.graph(G)
    sr = validate.path_semiring(semiring)
    s = validate.source(G, source)
    memory.require(memory.SEARCH_PER_VERTEX * G.n_vertices,
                   f"a search over {G.n_vertices:,} vertices")
    drn = validate.direction(direction)
    dlt = validate.delta(delta)
    bound = validate.bound(G, sr, targets, cutoff)
    t0 = time.perf_counter()
    be = validate.backend(G, backend, as_cupy)
    name = _sssp.auto(G, sr, be) if strategy == "auto" else strategy
    if name == "bfs":
        return _sssp_by_bfs(G, s, be.name, as_cupy, bound)
    if bound is not None and strategy == "auto" and sr.name == "min_plus":
        bounded = be.bounded_search(hops=False)
        if bounded is not None:
            return _sssp_bounded(G, s, be, bounded, bound, t0)
    strat, drn = validate.sssp_strategy(G, name, sr, dlt, drn, strategy != "auto")
    if not strat.nonnegative and sr.name == "min_plus" and G.has_negative_weights \
            and not G.directed:
        _check_undirected_negative(G, s, be.name)
    trace = Trace("sssp", name, be.name, G.n_vertices, G.n_stored)
    t1 = time.perf_counter()
    trace.setup_seconds = t1 - t0
    # a backend may run a whole strategy fused; else the strategy's shared text
    delta = _sssp.resolve_delta(name, G, dlt, be)
    if bound is None:
        run = be.fused(name, sr, drn, delta) or (lambda *a, **k: strat.run(be, *a, **k))
        d, tree = run(s, sr, trace, delta=delta, direction=drn)
    else:                               # the strategy's own loop checks the rule
        d, tree = strat.run(be, s, sr, trace, delta=delta, direction=drn, bound=bound)
    dist = be.values(d, sr, as_cupy)
    if bound is not None:
        dist = bound.finish(dist.get() if as_cupy else dist)
        dist = be.export(dist, sr.zero, as_cupy) if as_cupy else dist
        tree = None if tree is None else np.where(dist[:tree.size] != sr.zero, tree, -1) \
            if not as_cupy else None
    trace.total_seconds = time.perf_counter() - t1
    validate.rounded(G, dist)
    host = dist.get if as_cupy else lambda: dist
    trace.reached_fn = lambda: int(G.out_degree[host() != sr.zero].sum())
    r = PathResult(s, dist, trace, sr, predecessors=tree,
                   predecessors_fn=lambda: tight_parents(be, dist, sr, s))
    r.stopped_early = bound is not None and bound.stopped
    return r


def _sssp_bounded(G: Graph, s: int, be, run, bound, t0: float) -> PathResult:
    """min_plus to targets or a cutoff by the backend's compiled stopping search."""
    trace = Trace("sssp", "dijkstra/bounded", be.name, G.n_vertices, G.n_stored)
    t1 = time.perf_counter()
    trace.setup_seconds = t1 - t0
    dist, parents, final = run(s, bound.targets, bound.cutoff)
    if math.isfinite(final):
        bound.final = final
    bound.finish(dist)
    parents[dist == math.inf] = -1
    parents[s] = -1
    trace.total_seconds = time.perf_counter() - t1
    validate.rounded(G, dist)
    r = PathResult(s, dist, trace, min_plus, predecessors=parents)
    r.stopped_early = bound.stopped
    return r


def _sssp_by_bfs(G: Graph, s: int, backend: str, as_cupy: bool = False,
                 bound=None) -> PathResult:
    """min_plus on an unweighted (or uniform-weight ``c``) graph: BFS levels × c; a
    cutoff becomes a depth."""
    c = G.uniform_weight if G.weighted else 1.0
    depth = None
    if bound is not None and bound.cutoff is not None:
        depth = max(math.floor(bound.cutoff / c), 0) if c > 0 and math.isfinite(
            bound.cutoff / c) else None
        if bound.cutoff < 0:
            depth = -1
    if depth == -1:                                   # nothing is that close, not even s
        r = bfs(G, s, backend=backend, max_depth=0)
        none = np.full(G.n_vertices, -1, np.int64)
        r = BFSResult(s, none, none.copy(), r.trace)
    else:
        r = bfs(G, s, backend=backend, as_cupy=as_cupy,
                targets=None if bound is None else bound.targets, max_depth=depth)
    dist = levels_to_distances(r.levels, c)
    validate.rounded(G, dist)
    r.trace.algorithm = "sssp"
    r.trace.strategy = f"bfs/{r.trace.strategy}"
    out = PathResult(s, dist, r.trace, min_plus, predecessors=r.parents)
    out.stopped_early = r.stopped_early
    return out


def _check_undirected_negative(G: Graph, s: int, backend: str) -> None:
    """An undirected negative edge u — v is the negative cycle u → v → u: say so at once
    (instead of after n rounds) when the source reaches it."""
    reached = bfs(G, s, backend=backend).levels >= 0
    neg = (G.weights < 0) & reached[G.rows]
    if neg.any():
        k = int(np.argmax(neg))
        u, v = int(G.rows[k]), int(G.indices[k])
        raise NegativeCycleError(
            f"undirected edge {u} -- {v} weighs {G.weights[k]}: going back and forth on "
            f"it is a negative cycle reachable from source {s}; no shortest paths exist")
