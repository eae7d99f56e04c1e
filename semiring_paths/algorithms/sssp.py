"""Single-source path values as fixed points of ``d ⊕= f ⊕.⊗ A`` (DESIGN.md §1–2).

One relaxation step: ``t⟨¬S⟩ = f ⊕.⊗ A`` ; ``changed = {j : t(j) ⊕ d(j) ≠ d(j)}`` ;
``d ⊕= t``.  Strategies differ only in the next frontier ``f`` and the mask ``S``:

* ``bellman-ford``: every vertex with a value, ``f = d⟨d ≠ 0̄⟩`` — the baseline of
  papers/002.  After ``k`` rounds ``d`` is at least as good as every ``k``-edge path, so
  with no improving (negative) cycle it is exact after ``n - 1`` rounds; a change in
  round ``n`` proves such a cycle and raises :class:`NegativeCycleError`.
* ``workfront``: only what changed, ``f = t⟨changed⟩`` — Davidson et al.'s Workfront
  Sweep (papers/002 §IV).  Same bound, same cycle test, far less work.
* ``martin``, ``crauser``, ``crauser-economic`` (papers/001): keep the open set ``U`` of
  reached, unsettled vertices with their tentative ``δ``; each round settles
  ``F = U⟨δ ≤ Δᵢ⟩`` and relaxes only ``F``, masked by the settled set ``S``:
  Martín ``Δᵢ = min_U δ`` (eq. 3), Crauser ``Δᵢ = min_U (δ(u) + minout(u)) = U min.+ minout``
  (eq. 1), economic ``Δᵢ = min_U δ + min_w`` (eq. 2).  Settled vertices are final, so
  each vertex's edges are relaxed once, as in Dijkstra.
* ``near-far`` (papers/002): the changed set is split at ``split``: ``near = f⟨δ < split⟩``
  is relaxed now, the rest goes to the far pile; when the near set empties, stale far
  entries are dropped (``far⟨far = d⟩``) and ``split`` moves up by ``Δ`` (skipping empty
  ranges).  Default ``Δ = c·w̄/d̄`` (mean weight over mean out-degree, c = 32 as in 002).
* ``delta-stepping`` (Meyer–Sanders; 002's Bucketing): the lowest non-empty bucket
  ``B = U⟨δ < (k+1)Δ⟩`` is relaxed along light edges ``A⟨A ≤ Δ⟩`` until it stops
  refilling, then the heavy edges ``A⟨A > Δ⟩`` of everything it settled, once.
* ``dijkstra``: the serial heap reference (papers/003), one vertex settled per step.

``direction="pull"`` relaxes by ``t⟨¬S⟩ = Aᵀ ⊕.⊗ f`` (001's predecessor variant: every
unsettled vertex looks at its in-edges from the frontier); same algebra, same answers.
Predecessors are computed on demand as BFS parents over the tight edges
``d(u) ⊗ w(u, v) = d(v)`` (see the backends).
"""

from __future__ import annotations

import math
import time

from ..exceptions import NegativeCycleError
from .registry import register

#: near-far's default Δ = NEAR_FAR_C · w̄ / d̄ (002 uses the warp width, 32)
NEAR_FAR_C = 32.0
#: delta-stepping's default Δ = DELTA_STEPPING_C · w̄ / d̄ (Meyer–Sanders: Θ(1/d) for
#: weights in [0, 1]); the constant is the best of the measurements in
#: benchmarks/bench_strategies.py
DELTA_STEPPING_C = 8.0


def default_delta(G, c: float) -> float:
    """``c · w̄ / d̄``: mean weight over mean out-degree (a positive number)."""
    if not G.n_stored:
        return 1.0
    dbar = G.n_stored / max(int((G.out_degree > 0).sum()), 1)
    w = G.mean_weight if G.weighted else 1.0
    return max(c * w / dbar, 1e-12) if w > 0 else 1.0


def bucket_end(low: float, delta: float) -> float:
    """End of the Δ-range holding ``low``: ``(⌊low/Δ⌋ + 1)·Δ``, and always above ``low``
    (in floating point the product can round back onto ``low`` for tiny Δ)."""
    return max((math.floor(low / delta) + 1) * delta, math.nextafter(low, math.inf))


# ----------------------------------------------------------------------- fixed point
def _fixed_point(be, source, semiring, trace, whole, direction):
    n = be.n
    d, f = be.sssp_start(source, semiring)       # d = 0̄, d(s) = 1̄, f = e_s
    rounds = 0
    while be.nvals(f):
        rounds += 1
        if rounds > max(n, 1):
            raise NegativeCycleError.reachable_from(source, semiring.name)
        t0 = time.perf_counter()
        if whole:
            f = be.support(d, semiring)           # f = d⟨d ≠ 0̄⟩ (Bellman-Ford)
        nf, edges = be.nvals(f), be.frontier_edges(f)
        t = be.relax(f, semiring, direction=direction)   # t = f ⊕.⊗ A
        f = be.improve(t, d, semiring)            # f = t⟨t ⊕ d ≠ d⟩ ; d ⊕= t
        trace.add(frontier=nf, edges=edges, seconds=time.perf_counter() - t0,
                  direction=direction, changed=be.nvals(f))
    return d


@register("sssp", "bellman-ford", description="f = every vertex with a value")
def bellman_ford(be, source, semiring, trace, delta=None, direction="push"):
    return be.to_numpy(_fixed_point(be, source, semiring, trace, True, direction),
                       semiring.zero), None


@register("sssp", "workfront", description="f = the vertices that changed (Workfront)")
def workfront(be, source, semiring, trace, delta=None, direction="push"):
    return be.to_numpy(_fixed_point(be, source, semiring, trace, False, direction),
                       semiring.zero), None


# ----------------------------------------------------------------------- settle rules
def _settle(be, source, semiring, trace, threshold, direction):
    """Settle ``F = U⟨δ ≤ Δᵢ⟩`` each round; ``threshold(U)`` gives ``Δᵢ``."""
    d, U = be.sssp_start(source, semiring)        # U: reached, unsettled, with δ
    S = be.empty()                                 # settled
    at_most = "<=" if semiring.improves == "lt" else ">="
    while be.nvals(U):
        t0 = time.perf_counter()
        delta = threshold(U)
        F = be.select(U, at_most, delta)           # F = U⟨δ ≤ Δᵢ⟩
        U = be.difference(U, F)                    # U = U⟨¬F⟩
        be.merge(S, F)                             # S⟨F⟩ = F
        nf, edges = be.nvals(F), be.frontier_edges(F)
        t = be.relax(F, semiring, exclude=S, direction=direction)   # t⟨¬S⟩ = F ⊕.⊗ A
        be.merge(U, be.improve(t, d, semiring))    # d ⊕= t ; U⟨changed⟩ = t
        trace.add(frontier=nf, edges=edges, seconds=time.perf_counter() - t0,
                  direction=direction, settled=be.nvals(S), pending=be.nvals(U),
                  delta=delta)
    return be.to_numpy(d, semiring.zero), None


@register("sssp", "martin", nonnegative=True, semirings=("min_plus", "max_min", "max_times"),
          description="settle every vertex at the minimum tentative distance (001 eq. 3)")
def martin(be, source, semiring, trace, delta=None, direction="push"):
    return _settle(be, source, semiring, trace,
                   lambda U: be.reduce(U, semiring),                # Δᵢ = ⊕_U δ
                   direction)


@register("sssp", "crauser", nonnegative=True, semirings=("min_plus",),
          description="settle δ ≤ min_U (δ(u) + minout(u)) (001 eq. 1)")
def crauser(be, source, semiring, trace, delta=None, direction="push"):
    def threshold(U):
        v = be.inner(U, be.min_out, semiring)   # Δᵢ = U min.+ minout
        return math.inf if v is None else v
    return _settle(be, source, semiring, trace, threshold, direction)


@register("sssp", "crauser-economic", nonnegative=True, semirings=("min_plus",),
          description="settle δ ≤ min_U δ + min_w (001 eq. 2)")
def crauser_economic(be, source, semiring, trace, delta=None, direction="push"):
    w_min = be.graph.min_weight if be.graph.n_stored else 0.0
    return _settle(be, source, semiring, trace,
                   lambda U: be.reduce(U, semiring) + w_min,        # Δᵢ = min_U δ + min_w
                   direction)


# ----------------------------------------------------------------------- ranges
@register("sssp", "near-far", nonnegative=True, semirings=("min_plus",), uses_delta=True,
          description="near set below split, far pile above; split += Δ (002)")
def near_far(be, source, semiring, trace, delta=None, direction="push"):
    delta = delta or default_delta(be.graph, NEAR_FAR_C)
    d, near = be.sssp_start(source, semiring)
    far = be.empty()
    split = delta
    while True:
        t0 = time.perf_counter()
        if not be.nvals(near):
            far = be.current(far, d)               # drop superseded far entries
            low = be.reduce(far, semiring)
            if low is None:
                break
            split = max(split, bucket_end(low, delta))   # skip empty ranges
            near = be.select(far, "<", split)      # near = far⟨δ < split⟩
            far = be.select(far, ">=", split)
        nf, edges = be.nvals(near), be.frontier_edges(near)
        t = be.relax(near, semiring, direction=direction)   # t = near min.+ A
        f = be.improve(t, d, semiring)             # f = t⟨t < d⟩ ; d = min(d, t)
        near = be.select(f, "<", split)            # near = f⟨δ < split⟩
        be.merge(far, be.select(f, ">=", split))   # far⟨f ≥ split⟩ = f
        trace.add(frontier=nf, edges=edges, seconds=time.perf_counter() - t0,
                  direction=direction, pending=be.nvals(far), delta=split)
    return be.to_numpy(d, semiring.zero), None


@register("sssp", "delta-stepping", nonnegative=True, semirings=("min_plus",),
          uses_delta=True,
          description="buckets of width Δ: light edges to a fixed point, then heavy once")
def delta_stepping(be, source, semiring, trace, delta=None, direction="push"):
    delta = delta or default_delta(be.graph, DELTA_STEPPING_C)
    light, heavy = be.split(delta)                 # A⟨A ≤ Δ⟩, A⟨A > Δ⟩
    d, U = be.sssp_start(source, semiring)         # U: open vertices with δ
    while be.nvals(U):
        hi = bucket_end(be.reduce(U, semiring), delta)   # lowest non-empty bucket
        B = be.select(U, "<", hi)                  # B = U⟨δ < (k+1)Δ⟩
        R = be.empty()                             # settled in this bucket
        while be.nvals(B):
            t0 = time.perf_counter()
            U = be.difference(U, B)
            be.merge(R, B)
            nb, edges = be.nvals(B), be.frontier_edges(B)
            t = be.relax(B, semiring, direction=direction, matrix=light)  # B min.+ A_light
            f = be.improve(t, d, semiring)
            be.merge(U, f)
            B = be.select(f, "<", hi)              # refills of this bucket
            trace.add(frontier=nb, edges=edges, seconds=time.perf_counter() - t0,
                      direction=direction, pending=be.nvals(U), delta=hi)
        t0 = time.perf_counter()
        t = be.relax(R, semiring, direction=direction, matrix=heavy)      # R min.+ A_heavy
        be.merge(U, be.improve(t, d, semiring))
        trace.add(frontier=be.nvals(R), edges=be.frontier_edges(R),
                  seconds=time.perf_counter() - t0, direction=direction,
                  settled=be.nvals(R), pending=be.nvals(U), delta=hi)
    return be.to_numpy(d, semiring.zero), None


# ----------------------------------------------------------------------- reference
@register("sssp", "dijkstra", nonnegative=True, directions=("push",),
          description="serial heap Dijkstra, one vertex settled per step (reference)")
def dijkstra(be, source, semiring, trace, delta=None, direction="push"):
    from ..reference import dijkstra as heap_dijkstra

    t0 = time.perf_counter()
    dist, tree, settled, relaxed = heap_dijkstra(be.graph, source, semiring)
    trace.add(frontier=settled, edges=relaxed, seconds=time.perf_counter() - t0,
              direction="serial", changed=settled, settled=settled)
    return dist, tree


#: below this many stored edges, rounds are few and cheap bookkeeping wins (workfront)
SMALL_GRAPH = 200_000
#: mean out-degree from which a graph counts as scale-free / low-diameter
DENSE_DEGREE = 8.0


def auto(G, semiring) -> str:
    """SSSP ``"auto"``: the rule and the measurements behind it.

    * min_plus on an unweighted graph, or one whose edges all weigh ``c > 0``: BFS levels
      (times ``c``) — a Boolean search is several times cheaper than any min_plus loop.
    * negative weights: ``bellman-ford`` (only the fixed-point strategies accept them; it
      proves the absence of a negative cycle).
    * other semirings: ``workfront``.
    * min_plus, fewer than ``SMALL_GRAPH`` stored edges: ``workfront`` — few rounds, the
      least bookkeeping per round (rome99: 13 ms vs near-far 19 ms; Kronecker scale 14:
      8.7 ms vs 11.7 ms; 100×100 grid: 24 ms vs 38 ms).
    * min_plus, mean out-degree ≥ ``DENSE_DEGREE`` (scale-free, low diameter):
      ``delta-stepping`` — Kronecker scale 20, weights 1..255: 619 ms vs near-far 738,
      workfront 776, crauser 1587, bellman-ford 1687 (scipy dijkstra 1.19× slower).
    * min_plus, low degree (roads, meshes, grids: high diameter): ``near-far`` — the
      1000×1000 grid, weights 1..255: 932 ms vs delta-stepping 1381, workfront 4491.

    Measured with ``benchmarks/bench_sssp.py`` on the 2-core development machine.
    """
    if semiring.name == "min_plus" and (not G.weighted or (
            G.uniform_weight is not None and G.uniform_weight > 0)):
        return "bfs"
    if G.has_negative_weights:
        return "bellman-ford"
    if semiring.name != "min_plus" or G.n_stored < SMALL_GRAPH:
        return "workfront"
    mean_degree = G.n_stored / max(int((G.out_degree > 0).sum()), 1)
    return "delta-stepping" if mean_degree >= DENSE_DEGREE else "near-far"


__all__ = ["auto", "bellman_ford", "crauser", "crauser_economic", "default_delta",
           "delta_stepping", "dijkstra", "martin", "near_far", "workfront"]
