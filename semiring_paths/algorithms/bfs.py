"""Breadth-first search as masked Boolean vector–matrix products (DAWN SOVM / BOVM).

The frontier ``q`` carries, for each newly reached vertex, the index of a parent, so one
product yields both the next level and the BFS tree:

* SOVM (push, DAWN §3.3): ``q⟨¬π, replace⟩ = q any.secondi A`` — expand the frontier
  along out-edges, skipping vertices already reached.  Work ∝ edges leaving ``q``.
* BOVM (pull, DAWN §3.2): ``q⟨¬π, replace⟩ = Aᵀ any.firstj q`` — every unreached vertex
  scans its in-edges and stops at the first one from ``q``.  Work ∝ edges into the
  unreached set, minus early exits: cheap when ``q`` is a large part of the graph.
* direction-optimizing (Beamer, Asanović, Patterson, SC'12; as in GAP and LAGraph):
  push while the frontier's out-edges ``m_f`` are few, pull once ``m_f > m_u / α``
  (``m_u``: edges not yet explored), back to push when the frontier falls under
  ``n / β`` and shrinks.  α = 15, β = 18 as in GAP.

The ``any`` monoid lets SuiteSparse:GraphBLAS stop at the first hit; the pull runs on
bitmap vectors.  The loop below is the same for every backend.

References: DAWN (papers/004); Beamer et al. 2012; LAGraph ``LAGr_BreadthFirstSearch``.
"""

from __future__ import annotations

import time
from itertools import pairwise

from ..results import Trace
from .registry import register

ALPHA = 15.0
BETA = 18.0
#: levels after which a backend with ``bfs_tail`` runs the rest device-resident (a
#: scale-free graph is done by then; a road or grid has thousands of levels to go)
TAIL_AFTER = 8
#: ... or sooner, once this many consecutive levels changed the frontier by at most 2×
#: while it stays under n / THIN vertices
STEADY, THIN = 2, 64


def high_diameter(sizes: list[int], n: int, after: int = TAIL_AFTER) -> bool:
    """Do the frontier sizes so far (``sizes[0]`` = the source's) mark a high-diameter
    search, worth finishing device-resident?  Yes past ``after`` levels, or when the last
    ``STEADY`` levels each changed a thin frontier (under ``n / THIN``) by at most a factor
    2: a grid's or a road network's frontier grows by a few vertices a level; a
    scale-free graph's explodes and collapses within a few levels, and its middle levels
    hold a large part of the graph (measured on kron22 SSSP: a tail entered there, at
    1.8 M of 4.2 M vertices, costs a millisecond)."""
    if len(sizes) > after:
        return True
    last = sizes[-STEADY - 1:]
    return (len(last) == STEADY + 1 and last[-1] * THIN <= n
            and all(0 < a <= 2 * b and b <= 2 * a for a, b in pairwise(last)))


def run_bfs(be, source: int, mode: str, trace: Trace | None,
            alpha: float = ALPHA, beta: float = BETA):
    """The BFS loop; ``mode`` is "push", "pull" or "direction-optimizing".

    Returns ``(levels, parents)`` as NumPy int64 arrays (``-1`` where unreached).
    """
    n = be.n
    q, parents, levels = be.bfs_start(source)   # q = π = e_s, v(s) = 0
    nq, prev_nq, level = 1, 1, 0
    sizes = [1]
    pull = mode == "pull"
    m_unexplored = be.graph.n_stored if mode == "direction-optimizing" else 0
    while nq:
        if (not pull and hasattr(be, "bfs_tail") and trace is not None
                and high_diameter(sizes, n)):
            # a high-diameter graph: a device backend finishes the push levels resident,
            # reading sizes back only every few levels (same algebra, fewer host syncs)
            be.bfs_tail(parents, levels, level, trace)
            break
        t0 = time.perf_counter()
        level += 1
        edges = -1   # edges leaving q: counted for push steps (a pull stops early)
        if mode == "direction-optimizing":
            if pull and nq < n / beta and nq < prev_nq:
                pull = False                                   # small and shrinking: push
            if not pull:
                edges = be.frontier_edges(q)
                m_unexplored -= edges
                pull = edges > m_unexplored / alpha           # frontier is heavy: pull
        elif not pull:
            edges = be.frontier_edges(q)
        prev_nq = nq
        if pull:
            q = be.pull(q, parents)         # q⟨¬π, replace⟩ = Aᵀ any.firstj q
        else:
            q = be.push(q, parents, edges)  # q⟨¬π, replace⟩ = q any.secondi A
        nq_in, nq = nq, be.nvals(q)
        sizes.append(nq)
        if nq:
            be.record(q, parents, levels, level)   # π⟨q⟩ = q ; v⟨q⟩ = level
        if trace is not None:
            trace.add(frontier=nq_in, edges=-1 if pull else edges,
                      seconds=time.perf_counter() - t0,
                      direction="pull" if pull else "push", changed=nq)
    return be.to_numpy(levels, -1), be.to_numpy(parents, -1)


@register("bfs", "sovm", description="push: q⟨¬π⟩ = q any.secondi A (DAWN SOVM)")
def sovm(be, source: int, trace: Trace):
    return run_bfs(be, source, "push", trace)


@register("bfs", "bovm", description="pull: q⟨¬π⟩ = Aᵀ any.firstj q (DAWN BOVM)")
def bovm(be, source: int, trace: Trace):
    return run_bfs(be, source, "pull", trace)


@register("bfs", "direction-optimizing",
          description="push while the frontier is light, pull while heavy (Beamer)")
def direction_optimizing(be, source: int, trace: Trace):
    return run_bfs(be, source, "direction-optimizing", trace)


def auto(G) -> str:
    """BFS ``"auto"``: direction-optimizing; it degrades to push where pull never pays."""
    return "direction-optimizing"


__all__ = ["auto", "bovm", "direction_optimizing", "high_diameter", "run_bfs", "sovm"]
