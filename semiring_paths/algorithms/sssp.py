"""Single-source path values as fixed points of ``d ⊕= f ⊕.⊗ A`` (DESIGN.md §1–2).

One relaxation step: ``t = f ⊕.⊗ A`` ; ``changed = {j : t(j) ⊕ d(j) ≠ d(j)}`` ;
``d ⊕= t``.  Strategies differ only in the next frontier ``f``:

* ``bellman-ford``: every vertex with a value, ``f = d⟨d ≠ 0̄⟩`` — the baseline of
  papers/002.  After ``k`` rounds ``d`` is at least as good as every ``k``-edge path, so
  with no improving (negative) cycle it is exact after ``n - 1`` rounds; a change in
  round ``n`` proves such a cycle and raises :class:`NegativeCycleError`.
* ``workfront``: only what changed, ``f = t⟨changed⟩`` — Davidson et al.'s Workfront
  Sweep (papers/002 §III-A).  Same bound, same cycle test, far less work.
* ``dijkstra``: the serial heap reference (papers/003), one vertex settled per step.

Both fixed-point strategies need an idempotent ⊕ with an order (min_plus, max_min,
max_times); negative weights are fine for them.  Predecessors are computed on demand as
BFS parents over the tight edges ``d(u) ⊗ w(u, v) = d(v)`` (see the backends).
"""

from __future__ import annotations

import time

from ..exceptions import NegativeCycleError
from ..results import Trace
from .registry import register


def _fixed_point(be, source: int, semiring, trace: Trace, whole: bool):
    n = be.n
    d, f = be.sssp_start(source, semiring)       # d = 0̄, d(s) = 1̄, f = e_s
    rounds = 0
    while be.nvals(f):
        rounds += 1
        if rounds > max(n, 1):
            raise NegativeCycleError(
                f"a cycle reachable from source {source} improves {semiring.name} values "
                "without bound (a negative cycle for min_plus): no shortest paths exist")
        t0 = time.perf_counter()
        if whole:
            f = be.support(d, semiring)           # f = d⟨d ≠ 0̄⟩ (Bellman-Ford)
        nf, edges = be.nvals(f), be.frontier_edges(f)
        t = be.relax(f, semiring)                 # t = f ⊕.⊗ A
        f = be.improve(t, d, semiring)            # f = t⟨t ⊕ d ≠ d⟩ ; d ⊕= t
        trace.add(frontier=nf, edges=edges, seconds=time.perf_counter() - t0,
                  changed=be.nvals(f))
    return d


@register("sssp", "bellman-ford", description="f = every vertex with a value")
def bellman_ford(be, source: int, semiring, trace: Trace):
    d = _fixed_point(be, source, semiring, trace, whole=True)
    return be.to_numpy(d, semiring.zero), None


@register("sssp", "workfront", description="f = the vertices that changed (Workfront)")
def workfront(be, source: int, semiring, trace: Trace):
    d = _fixed_point(be, source, semiring, trace, whole=False)
    return be.to_numpy(d, semiring.zero), None


@register("sssp", "dijkstra", nonnegative=True,
          description="serial heap Dijkstra, one vertex settled per step (reference)")
def dijkstra(be, source: int, semiring, trace: Trace):
    from ..reference import dijkstra as heap_dijkstra

    t0 = time.perf_counter()
    dist, tree, settled, relaxed = heap_dijkstra(be.graph, source, semiring)
    trace.add(frontier=settled, edges=relaxed, seconds=time.perf_counter() - t0,
              direction="serial", changed=settled)
    return dist, tree


def auto(G, semiring) -> str:
    """SSSP ``"auto"``: the rule and why.

    * min_plus on an unweighted graph, or one whose edges all weigh ``c > 0``: BFS levels
      (times ``c``) — a Boolean search is several times cheaper than any min_plus loop.
    * negative weights: ``bellman-ford`` is the only strategy that proves the absence of
      a negative cycle cheaply at the end of its rounds; workfront would too, but
      ``bellman-ford`` is the documented choice for negative weights.
    * otherwise ``workfront``: it relaxes only what changed and was the fastest of the
      strategies of this release on the bundled road, mesh and social graphs
      (``benchmarks/bench_strategies.py``).
    """
    if semiring.name == "min_plus" and (not G.weighted or (
            G.uniform_weight is not None and G.uniform_weight > 0)):
        return "bfs"
    if G.has_negative_weights:
        return "bellman-ford"
    return "workfront"


__all__ = ["auto", "bellman_ford", "dijkstra", "workfront"]
