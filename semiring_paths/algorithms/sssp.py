"""Single-source path values as fixed points of ``d ⊕= f ⊕.⊗ A`` (DESIGN.md §1–2).

One relaxation step: ``t⟨¬S⟩ = f ⊕.⊗ A`` ; ``changed = {j : t(j) ⊕ d(j) ≠ d(j)}`` ;
``d ⊕= t``.  Strategies differ only in the next frontier ``f`` and the mask ``S``:

* ``bellman-ford``: every vertex with a value, ``f = d⟨d ≠ 0̄⟩`` — the baseline of
  papers/002.  After ``k`` rounds ``d`` is at least as good as every ``k``-edge path, so
  with no improving (negative) cycle it is exact after ``n - 1`` rounds; a change in
  round ``n`` proves such a cycle and raises :class:`NegativeCycleError`.
* ``workfront``: only what changed, ``f = t⟨changed⟩`` — Davidson et al.'s Workfront
  Sweep (papers/002 §IV).  Same bound, same cycle test, far less work.
* ``light-first``: the workfront fixed point over the light edges first,
  ``A_L = A⟨A ≤ max(Δ, minout(i), minin(j))⟩`` (Meyer–Sanders' light edges, plus each
  vertex's lightest out- and in-edge so that every vertex keeps one), then the fixed
  point over all of ``A`` starting from every reached vertex (its first round relaxes the
  heavy edges once; the light ones change nothing there).  Exact for any Δ: the second
  phase is the plain fixed point, started from upper bounds that are path lengths.  On
  scale-free graphs with spread weights few heavy edges lie on shortest paths (Kronecker
  scale 20, weights 1..255: A_L holds 10 % of the edges, the heavy pass improves 2.6 % of
  the vertices), so most rounds scan a tenth of A.
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
The fixed-point strategies pull through all of ``d`` (``t = d ⊕ Aᵀ ⊕.⊗ d``, see
:func:`_step`) and take ``direction="auto"``: push while the frontier's out-edges are
few, pull once they pass ``PULL_SHARE`` of the matrix's — Beamer's direction
optimization, as Ligra's and GAP's Bellman-Ford edge maps do.  For the other strategies
``"auto"`` is push.
Predecessors are computed on demand as BFS parents over the tight edges
``d(u) ⊗ w(u, v) = d(v)`` (``algorithms/predecessors.py``).
"""

from __future__ import annotations

import math
import time

from ..backends.interface import Backend
from ..exceptions import NegativeCycleError
from ..reference import dijkstra as heap_dijkstra
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
    w = G.mean_weight if G.weighted else 1.0
    return max(c * w / G.mean_degree, 1e-12) if w > 0 else 1.0


def resolve_delta(name: str, G, delta: float | None, be: Backend | None = None
                  ) -> float | None:
    """The Δ strategy ``name`` runs with on ``G``: the user's, else its default
    ``c · w̄ / d̄`` (None for strategies without one), ``c`` being the backend's own
    where it has one (``be.delta_constant``).  A fused loop gets it resolved."""
    c = {"near-far": NEAR_FAR_C, "delta-stepping": DELTA_STEPPING_C,
         "light-first": LIGHT_FIRST_C}.get(name)
    if c is None:
        return None
    own = be.delta_constant(name) if be is not None else None
    return delta or default_delta(G, own or c)


def bucket_end(low: float, delta: float) -> float:
    """End of the Δ-range holding ``low``: ``(⌊low/Δ⌋ + 1)·Δ``, and always above ``low``
    (in floating point the product can round back onto ``low`` for tiny Δ)."""
    return max((math.floor(low / delta) + 1) * delta, math.nextafter(low, math.inf))


# ----------------------------------------------------------------------- fixed point
#: ``direction="auto"`` pulls once the frontier's out-edges pass this share of the
#: matrix's: pulling through all of ``d`` costs one pass over the edges, as much as pushing
#: about a tenth of them (CPU, Kronecker scale 20, INT32: 26 ms vs 29 ms at 10 %)
PULL_SHARE = 1 / 8


def _step(be, f, d, semiring, direction, matrix=None):
    """Relax the frontier ``f`` along ``matrix`` (A by default); returns ``t``, the edges
    examined and the direction taken.

    A pull reads all of ``d`` rather than ``f``: ``d ⊕ Aᵀ ⊕.⊗ d`` and ``Aᵀ ⊕.⊗ f`` improve
    the same vertices to the same values, because a fixed-point round only leaves out of
    ``f`` values already relaxed along every edge.  Dense operands (``d``, and ``t`` with
    every vertex) are the fast case of SuiteSparse's dot product and of what follows.
    """
    edges = be.frontier_edges(f, matrix)
    if direction == "auto":
        direction = "pull" if edges > PULL_SHARE * be.stored(matrix) else "push"
    if direction == "pull":                                   # t = d ⊕ Aᵀ ⊕.⊗ d
        t = be.relax(d, semiring, direction="pull", matrix=matrix, closed=True)
        return t, be.stored(matrix), "pull"
    return be.relax(f, semiring, matrix=matrix), edges, "push"   # t = f ⊕.⊗ A


def _fixed_point(be, source, d, f, semiring, trace, whole, direction, matrix=None,
                 delta=math.nan, bound=None):
    """Rounds of ``t = f ⊕.⊗ A`` ; ``f = t⟨t ⊕ d ≠ d⟩`` ; ``d ⊕= t`` until nothing changes
    (``whole``: every vertex with a value is the frontier) or ``bound`` is met by the
    changed set's best value.  Updates ``d`` in place."""
    n = be.n
    rounds = 0
    while be.nvals(f):
        if bound is not None and bound.done(be, d, be.reduce(f, semiring)):
            break
        rounds += 1
        if rounds > max(n, 1):
            raise NegativeCycleError.reachable_from(source, semiring.name)
        t0 = time.perf_counter()
        if whole:
            f = be.support(d, semiring)           # f = d⟨d ≠ 0̄⟩ (Bellman-Ford)
        nf = be.nvals(f)
        t, edges, how = _step(be, f, d, semiring, direction, matrix)
        f = be.improve(t, d, semiring)            # f = t⟨t ⊕ d ≠ d⟩ ; d ⊕= t
        trace.add(frontier=nf, edges=edges, seconds=time.perf_counter() - t0,
                  direction=how, changed=be.nvals(f), delta=delta)
    return d


@register("sssp", "bellman-ford", directions=("push", "pull", "auto"),
          description="f = every vertex with a value")
def bellman_ford(be, source, semiring, trace, delta=None, direction="auto", bound=None):
    d, f = be.sssp_start(source, semiring)       # d = 0̄, d(s) = 1̄, f = e_s
    return _fixed_point(be, source, d, f, semiring, trace, True, direction,
                        bound=bound), None


@register("sssp", "workfront", directions=("push", "pull", "auto"),
          description="f = the vertices that changed (Workfront)")
def workfront(be, source, semiring, trace, delta=None, direction="auto", bound=None):
    d, f = be.sssp_start(source, semiring)
    return _fixed_point(be, source, d, f, semiring, trace, False, direction,
                        bound=bound), None


#: light-first's default Δ = LIGHT_FIRST_C · w̄ / d̄ (the best of the measurements in
#: benchmarks/bench_sssp.py on Kronecker scale 20)
LIGHT_FIRST_C = 8.0


@register("sssp", "light-first", nonnegative=True, semirings=("min_plus",), uses_delta=True,
          directions=("push", "pull", "auto"),
          description="fixed point over the light edges, then over all of A from there")
def light_first(be, source, semiring, trace, delta=None, direction="auto", bound=None):
    delta = delta or default_delta(be.graph, LIGHT_FIRST_C)
    light = be.prune(delta)                       # A_L = A⟨A ≤ max(Δ, minout(i), minin(j))⟩
    d, f = be.sssp_start(source, semiring)
    _fixed_point(be, source, d, f, semiring, trace, False, direction, light, delta)
    f = be.support(d, semiring)                   # then A from every reached vertex: its
    _fixed_point(be, source, d, f, semiring, trace, False, direction,   # heavy edges,
                 bound=bound)                                          # once
    return d, None


# ----------------------------------------------------------------------- settle rules
def _settle(be, source, semiring, trace, threshold, direction, bound=None):
    """Settle ``F = U⟨δ ≤ Δᵢ⟩`` each round; ``threshold(U)`` gives ``Δᵢ``."""
    d, U = be.sssp_start(source, semiring)        # U: reached, unsettled, with δ
    S = be.empty(like=d)                           # settled
    at_most = "<=" if semiring.improves == "lt" else ">="
    while be.nvals(U):
        if bound is not None and bound.done(be, d, be.reduce(U, semiring)):
            break
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
    return d, None


@register("sssp", "martin", nonnegative=True, semirings=("min_plus", "max_min", "max_times"),
          description="settle every vertex at the minimum tentative distance (001 eq. 3)")
def martin(be, source, semiring, trace, delta=None, direction="push", bound=None):
    return _settle(be, source, semiring, trace,
                   lambda U: be.reduce(U, semiring),                # Δᵢ = ⊕_U δ
                   direction, bound)


@register("sssp", "crauser", nonnegative=True, semirings=("min_plus",),
          description="settle δ ≤ min_U (δ(u) + minout(u)) (001 eq. 1)")
def crauser(be, source, semiring, trace, delta=None, direction="push", bound=None):
    def threshold(U):
        v = be.inner(U, be.min_out, semiring)   # Δᵢ = U min.+ minout
        return math.inf if v is None else v
    return _settle(be, source, semiring, trace, threshold, direction, bound)


@register("sssp", "crauser-economic", nonnegative=True, semirings=("min_plus",),
          description="settle δ ≤ min_U δ + min_w (001 eq. 2)")
def crauser_economic(be, source, semiring, trace, delta=None, direction="push",
                     bound=None):
    w_min = be.graph.min_weight if be.graph.n_stored else 0.0
    return _settle(be, source, semiring, trace,
                   lambda U: be.reduce(U, semiring) + w_min,        # Δᵢ = min_U δ + min_w
                   direction, bound)


# ----------------------------------------------------------------------- ranges
@register("sssp", "near-far", nonnegative=True, semirings=("min_plus",), uses_delta=True,
          description="near set below split, far pile above; split += Δ (002)")
def near_far(be, source, semiring, trace, delta=None, direction="push", bound=None):
    delta = delta or default_delta(be.graph, NEAR_FAR_C)
    d, near = be.sssp_start(source, semiring)
    far = be.empty(like=d)
    split = delta
    while True:
        if bound is not None:                      # the open set: near ∪ far
            lows = [x for x in (be.reduce(near, semiring), be.reduce(far, semiring))
                    if x is not None]
            if bound.done(be, d, min(lows) if lows else None):
                break
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
    return d, None


@register("sssp", "delta-stepping", nonnegative=True, semirings=("min_plus",),
          uses_delta=True,
          description="buckets of width Δ: light edges to a fixed point, then heavy once")
def delta_stepping(be, source, semiring, trace, delta=None, direction="push",
                   bound=None):
    delta = delta or default_delta(be.graph, DELTA_STEPPING_C)
    light, heavy = be.split(delta)                 # A⟨A ≤ Δ⟩, A⟨A > Δ⟩
    d, U = be.sssp_start(source, semiring)         # U: open vertices with δ
    while be.nvals(U):
        low = be.reduce(U, semiring)
        if bound is not None and bound.done(be, d, low):
            break
        hi = bucket_end(low, delta)                # lowest non-empty bucket
        B = be.select(U, "<", hi)                  # B = U⟨δ < (k+1)Δ⟩
        R = be.empty(like=d)                       # settled in this bucket
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
    return d, None


# ----------------------------------------------------------------------- reference
@register("sssp", "dijkstra", nonnegative=True, directions=("push",),
          description="serial heap Dijkstra, one vertex settled per step (reference)")
def dijkstra(be, source, semiring, trace, delta=None, direction="push", bound=None):
    # the serial reference runs to the end; a bound's cutoff applies to what it returns
    t0 = time.perf_counter()
    dist, tree, settled, relaxed = heap_dijkstra(be.graph, source, semiring)
    trace.add(frontier=settled, edges=relaxed, seconds=time.perf_counter() - t0,
              direction="serial", changed=settled, settled=settled)
    return dist, tree


#: below this many stored edges, rounds are few and cheap bookkeeping wins (workfront)
SMALL_GRAPH = 200_000
#: mean out-degree from which a graph counts as scale-free / low-diameter
DENSE_DEGREE = 8.0


def auto(G, semiring, be: Backend) -> str:
    """SSSP ``"auto"`` on the backend ``be``: the rule and the measurements behind it.

    * min_plus on an unweighted graph, or one whose edges all weigh ``c > 0``: BFS levels
      (times ``c``) — a Boolean search is several times cheaper than any min_plus loop.
    * negative weights: ``bellman-ford`` (only the fixed-point strategies accept them; it
      proves the absence of a negative cycle).
    * other semirings: ``workfront``.
    * min_plus, low degree, on a backend that runs ``near-far`` fused (the CPU's compiled
      loops, ``cpu/fused.py``, on graphs with few edges or low degree): ``near-far`` —
      1000×1000 grid, weights 1..255: 54.5 ms (on two threads) vs scipy 244 ms and the
      GraphBLAS near-far's 1277 ms; compiled workfront ~3 s (it relaxes ~30× more
      edges); rome99: 0.18 ms vs GraphBLAS workfront 25 ms (``bench_cpu.py``).
    * min_plus, mean out-degree ≥ ``DENSE_DEGREE``, on a backend that runs
      ``light-first`` fused (the CPU's loops, which pull wide rounds): ``light-first`` —
      Kronecker 18, weights 1..255: 18-20 ms vs workfront 36-45, near-far 80, Δ-stepping
      86 (GraphBLAS light-first 33-39; scipy 200-250); Kronecker 20: 88 ms vs workfront
      172, near-far 388 (``cpu/fused.py``).
    * min_plus, fewer than ``SMALL_GRAPH`` stored edges: ``workfront`` — few rounds, the
      least bookkeeping per round (rome99: 11.7 ms vs light-first 16.2, near-far 24.3;
      osm-monaco 6.9 vs 12.9, 14.5).
    * min_plus, mean out-degree ≥ ``DENSE_DEGREE`` (scale-free, low diameter):
      ``light-first`` — Kronecker scale 16, weights 1..255: 8.8 ms vs workfront 13.2,
      near-far 27.3, delta-stepping 58.9 (scipy dijkstra 22.2); scale 20: see
      ``benchmarks/bench_sssp.py`` and the README.
    * min_plus, low degree (roads, meshes, grids: high diameter): ``near-far`` — the
      320×320 grid, weights 1..255: 180 ms vs workfront 182, light-first 187,
      delta-stepping 271; the gap grows with the diameter (1000×1000: near-far 822 ms vs
      delta-stepping 1220, workfront 2344, light-first 2367; scipy 202).

    Measured on the 2-core development machine, median of 4 sources.  A backend may
    answer for itself (``be.sssp_auto``): the GPU takes economic Crauser on graphs with
    hubs and ``workfront`` elsewhere (``gpu/sssp.py`` has its measurements).
    """
    if semiring.name == "min_plus" and (not G.weighted or (
            G.uniform_weight is not None and G.uniform_weight > 0)):
        return "bfs"
    if G.has_negative_weights:
        return "bellman-ford"
    if semiring.name != "min_plus":
        return "workfront"
    own = be.sssp_auto(semiring)
    if own is not None:
        return own
    if G.mean_degree < DENSE_DEGREE and be.fused("near-far", semiring, "auto") is not None:
        return "near-far"                         # compiled rounds, the least work each
    if be.fused("light-first", semiring, "auto") is not None:
        return "light-first"                      # compiled, pulling its wide rounds
    if G.n_stored < SMALL_GRAPH or be.fused("workfront", semiring, "auto") is not None:
        return "workfront"
    return "light-first" if G.mean_degree >= DENSE_DEGREE else "near-far"


__all__ = ["auto", "bellman_ford", "crauser", "crauser_economic", "default_delta",
           "delta_stepping", "dijkstra", "light_first", "martin", "near_far", "workfront"]
