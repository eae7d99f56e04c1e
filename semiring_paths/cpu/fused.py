"""Fused CPU loops (numba): whole searches as compiled rounds, where a Python-driven
sequence of GraphBLAS calls costs more than the work (DESIGN.md §4).

The same algebra as the strategies of ``algorithms/``, one relaxation step a round, but a
round is a loop over the frontier's edges instead of a handful of GraphBLAS calls (≥ 60 µs
each): on a road network or a grid (thousands of rounds) and on small graphs that call
overhead is the whole cost.

* ``bfs_push``: SOVM, ``q⟨¬π⟩ = q any.secondi A`` — levels and parents, a queue a level.
* ``workfront``: ``t = f min.+ A ; f = t⟨t < d⟩ ; d = min(d, t)`` — the frontier is what
  changed in the last round (a vertex listed once a round).
* ``near_far``: 002's Near-Far: improved vertices below ``split`` form the next near set,
  the others go to the far pile; when the near set empties, ``split`` moves past the
  least far value (by whole Δ) and the far pile is split again.

Distances are float64 (sums of the graph's own weight dtype, as scipy forms them).  Each
loop records per round (frontier, edges, changed[, pending, split]) for the trace.
Compiled code is cached on disk (``cache=True``); where the cache directory cannot be
written numba compiles in memory.
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit

__all__ = ["bfs_push", "near_far", "workfront"]


@njit(cache=True)
def bfs_push(indptr, indices, source, levels, parents, stats):
    """Levels and parents (preset to -1) of a push BFS; ``stats[k] = (frontier, edges,
    next)`` of level k + 1.  Returns the number of levels run."""
    n = indptr.size - 1
    q = np.empty(n, np.int64)
    nxt = np.empty(n, np.int64)
    q[0] = source
    nq = 1
    levels[source] = 0
    parents[source] = source
    level = 0
    while nq:
        level += 1
        nn = 0
        edges = 0
        for i in range(nq):
            u = q[i]
            for k in range(indptr[u], indptr[u + 1]):
                v = indices[k]
                if levels[v] < 0:                  # q⟨¬π⟩: unreached only
                    levels[v] = level
                    parents[v] = u
                    nxt[nn] = v
                    nn += 1
            edges += indptr[u + 1] - indptr[u]
        stats[level - 1, 0] = nq
        stats[level - 1, 1] = edges
        stats[level - 1, 2] = nn
        q, nxt = nxt, q
        nq = nn
    return level


@njit(cache=True)
def workfront(indptr, indices, weights, source, d, stats, max_rounds):
    """min_plus workfront from ``source`` into ``d`` (preset to inf); ``stats[r] =
    (frontier, edges, changed)``.  Returns the rounds run, or -1 past ``max_rounds`` (a
    negative cycle)."""
    n = indptr.size - 1
    f = np.empty(n, np.int64)
    nxt = np.empty(n, np.int64)
    mark = np.full(n, -1, np.int64)              # the round a vertex was last listed in
    d[source] = 0.0
    f[0] = source
    nf = 1
    rounds = 0
    while nf:
        if rounds >= max_rounds:
            return -1
        nn = 0
        edges = 0
        for i in range(nf):
            u = f[i]
            du = d[u]
            for k in range(indptr[u], indptr[u + 1]):
                v = indices[k]
                t = du + weights[k]                # t = f min.+ A
                if t < d[v]:                       # f = t⟨t < d⟩ ; d = min(d, t)
                    d[v] = t
                    if mark[v] != rounds:
                        mark[v] = rounds
                        nxt[nn] = v
                        nn += 1
            edges += indptr[u + 1] - indptr[u]
        stats[rounds, 0] = nf
        stats[rounds, 1] = edges
        stats[rounds, 2] = nn
        rounds += 1
        f, nxt = nxt, f
        nf = nn
    return rounds


@njit(cache=True)
def near_far(indptr, indices, weights, source, delta, d):
    """min_plus Near-Far from ``source`` into ``d`` (preset to inf), non-negative weights.
    Returns ``stats`` (per round: frontier, edges, far pile) and ``splits``."""
    n = indptr.size - 1
    stats = np.empty((n + 1, 3), np.int64)
    splits = np.empty(n + 1, np.float64)
    near = np.empty(n, np.int64)
    nxt = np.empty(n, np.int64)
    far = np.empty(n, np.int64)
    in_far = np.zeros(n, np.bool_)
    mark = np.full(n, -1, np.int64)
    d[source] = 0.0
    near[0] = source
    nnear = 1
    nfar = 0
    split = delta
    rounds = 0
    while True:
        if nnear == 0:                             # refill from the far pile
            low = math.inf
            for i in range(nfar):
                if d[far[i]] < low:
                    low = d[far[i]]
            if nfar == 0 or low == math.inf:
                break
            end = (math.floor(low / delta) + 1.0) * delta
            if end <= low:
                end = np.nextafter(low, math.inf)
            if end > split:
                split = end                        # skip empty ranges
            keep = 0
            for i in range(nfar):
                v = far[i]
                if d[v] < split:                   # near = far⟨δ < split⟩
                    in_far[v] = False
                    if mark[v] != rounds:
                        mark[v] = rounds
                        near[nnear] = v
                        nnear += 1
                else:
                    far[keep] = v
                    keep += 1
            nfar = keep
            continue
        nn = 0
        edges = 0
        for i in range(nnear):
            u = near[i]
            du = d[u]
            for k in range(indptr[u], indptr[u + 1]):
                v = indices[k]
                t = du + weights[k]                # t = near min.+ A
                if t < d[v]:
                    d[v] = t
                    if t < split:                  # near = f⟨δ < split⟩
                        if mark[v] != rounds + 1:
                            mark[v] = rounds + 1
                            nxt[nn] = v
                            nn += 1
                    elif not in_far[v]:            # far⟨f ≥ split⟩ = f
                        in_far[v] = True
                        far[nfar] = v
                        nfar += 1
            edges += indptr[u + 1] - indptr[u]
        if rounds == stats.shape[0]:               # a vertex can be near more than once
            stats = np.concatenate((stats, np.empty_like(stats)))
            splits = np.concatenate((splits, np.empty_like(splits)))
        stats[rounds, 0] = nnear
        stats[rounds, 1] = edges
        stats[rounds, 2] = nfar
        splits[rounds] = split
        rounds += 1
        near, nxt = nxt, near
        nnear = nn
    return stats[:rounds], splits[:rounds]
