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
  (``m_u``: edges not yet explored) while the frontier grows and ``m_f > n / β``, back
  to push when it falls under ``n / β`` vertices and shrinks.  α = 15, β = 18 as in
  GAP.  A pull level scans every unreached vertex, so the last two conditions keep a
  high-diameter search pushing: on a grid or a road network the
  unexplored edges near the end fall under α times a thin frontier's (luxembourg_osm:
  2.9 ms with those pulls, 2.3 ms without).  The CPU's compiled loop
  (``cpu/loops/bfs.py``) follows this rule.

The ``any`` monoid lets SuiteSparse:GraphBLAS stop at the first hit; the pull runs on
bitmap vectors.  The loop below is the same for every backend.

References: DAWN (papers/004); Beamer et al. 2012; LAGraph ``LAGr_BreadthFirstSearch``.
"""

from __future__ import annotations

import time

from ..backends.interface import Backend
from ..results import Trace
from .bounds import LevelBound
from .registry import register

ALPHA = 15.0
BETA = 18.0
#: BFS ``direction=`` names and the DAWN / Beamer strategy each stands for
DIRECTIONS = {"push": "sovm", "pull": "bovm", "auto": "direction-optimizing"}


def run_bfs(be: Backend, source: int, mode: str, trace: Trace,
            alpha: float = ALPHA, beta: float = BETA, bound: LevelBound | None = None):
    """The BFS loop; ``mode`` is "push", "pull" or "direction-optimizing"; ``bound``
    stops it at a depth or once its targets are reached.

    Returns ``(levels, parents)`` as the backend's vectors (``be.export`` makes arrays).
    """
    # ---------------------------------------------------------------- vectors
    # q: the frontier, valued by a parent ; π: parents (reached set) ; v: levels
    n = be.n
    q, parents, levels = be.bfs_start(source)   # q = π = e_s, v(s) = 0
    nq, prev_nq, level = 1, 1, 0
    sizes = [1]                                 # frontier size per level
    pull = mode == "pull"
    m_unexplored = be.graph.n_stored if mode == "direction-optimizing" else 0
    # ---------------------------------------------------------------- levels
    while nq:
        if bound is not None and bound.done(be, levels, level, True):
            break
        if bound is None and not pull:
            tail = be.finish_bfs(q, parents, levels, level, sizes, trace)
            if tail is True:
                break      # a backend that runs high-diameter tails resident finished it
            if tail:       # ... or went some levels and handed back a wide frontier
                q, level = tail
                nq = prev_nq = be.nvals(q)
                sizes.append(nq)
                continue
        t0 = time.perf_counter()
        level += 1
        edges = -1   # edges leaving q: counted for push steps (a pull stops early)
        if mode == "direction-optimizing":
            if pull and nq < n / beta and nq < prev_nq:
                pull = False                                   # small and shrinking: push
            if not pull:
                edges = be.frontier_edges(q)
                m_unexplored -= edges
                # the frontier is heavy and growing: pull
                pull = (edges > m_unexplored / alpha and nq >= prev_nq
                        and edges > n / beta)
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
        trace.add(frontier=nq_in, edges=-1 if pull else edges,
                  seconds=time.perf_counter() - t0,
                  direction="pull" if pull else "push", changed=nq)
    return levels, parents


@register("bfs", "sovm", description="push: q⟨¬π⟩ = q any.secondi A (DAWN SOVM)")
def sovm(be: Backend, source: int, trace: Trace, bound: LevelBound | None = None):
    return run_bfs(be, source, "push", trace, bound=bound)


@register("bfs", "bovm", description="pull: q⟨¬π⟩ = Aᵀ any.firstj q (DAWN BOVM)")
def bovm(be: Backend, source: int, trace: Trace, bound: LevelBound | None = None):
    return run_bfs(be, source, "pull", trace, bound=bound)


@register("bfs", "direction-optimizing",
          description="push while the frontier is light, pull while heavy (Beamer)")
def direction_optimizing(be: Backend, source: int, trace: Trace,
                         bound: LevelBound | None = None):
    return run_bfs(be, source, "direction-optimizing", trace, bound=bound)


__all__ = ["DIRECTIONS", "bovm", "direction_optimizing", "run_bfs", "sovm"]
