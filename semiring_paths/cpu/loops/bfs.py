"""Breadth-first search as compiled rounds: push (SOVM), pull (BOVM) and
direction-optimizing (Beamer et al., SC'12), the rules of ``algorithms/bfs.py``.

* push, ``q⟨¬π⟩ = q any.secondi A``: a queue a level, serial (a thin frontier costs less
  than a parallel region's start);
* pull, ``q⟨¬π⟩ = Aᵀ any.firstj q``: every unreached vertex scans its in-edges for one at
  the current level and stops at the first — parallel over the vertices (``prange``),
  without atomics: a vertex is written only by its own iteration;
* direction-optimizing: pull once the frontier's out-edges pass the unexplored edges /
  α and n / β while it grows, until it is under n / β vertices and shrinking (α = 15,
  β = 18 as GAP) — the rule of ``algorithms/bfs.py``.

``levels`` and ``parents`` (preset to -1) are filled in place; ``stats[ℓ]`` = (frontier,
edges examined or -1 for a pull, next frontier, 1 for a pull) of level ℓ + 1.
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange

__all__ = ["DIRECTION_OPTIMIZING", "PULL", "PUSH", "bfs", "push_levels", "tight_tree"]

PUSH, PULL, DIRECTION_OPTIMIZING = 0, 1, 2

#: vertex and edge ids are read as unsigned in the inner loops: numba indexes with a
#: signed integer through a negative-index fix-up, which costs up to 2× on a BFS
#: (luxembourg_osm: 4.1 ms → 2.1 ms)
ONE = np.uint64(1)


@njit(cache=True)
def _push(indptr, indices, q, nq, nxt, levels, parents, level):
    """One SOVM level from the queue ``q[:nq]``; returns (next size, edges, the next
    frontier's out-edges — GAP's scout count, so the direction test needs no pass)."""
    nn = 0
    edges = 0
    scout = 0
    for i in range(nq):
        u = np.uint64(q[i])
        for k in range(np.uint64(indptr[u]), np.uint64(indptr[u + ONE])):
            v = np.uint64(indices[k])
            if levels[v] < 0:                      # q⟨¬π⟩: unreached only
                levels[v] = level
                parents[v] = u
                nxt[nn] = v
                nn += 1
                scout += indptr[v + ONE] - indptr[v]
        edges += indptr[u + ONE] - indptr[u]
    return nn, edges, scout


@njit(cache=True, parallel=True)
def _pull(tptr, tind, levels, parents, level):
    """One BOVM level: unreached vertices adopt a parent at ``level - 1``; returns how
    many did."""
    found = 0
    for v in prange(levels.size):
        if levels[v] < 0:
            for k in range(np.uint64(tptr[v]), np.uint64(tptr[v + 1])):
                u = np.uint64(tind[k])
                if levels[u] == level - 1:
                    parents[v] = u
                    levels[v] = level
                    found += 1
                    break
    return found


@njit(cache=True)
def _queue(levels, level, q):
    """The vertices at ``level`` into ``q``; returns their number."""
    nq = 0
    for v in range(levels.size):
        if levels[v] == level:
            q[nq] = v
            nq += 1
    return nq


@njit(cache=True)
def bfs(indptr, indices, tptr, tind, source, mode, alpha, beta, levels, parents, stats):
    """BFS from ``source`` by ``mode`` (PUSH, PULL, DIRECTION_OPTIMIZING); ``tptr``/
    ``tind``: Aᵀ by rows (A itself when undirected).  Returns the levels run."""
    n = indptr.size - 1
    q = np.empty(n, np.int64)
    nxt = np.empty(n, np.int64)
    q[0] = source
    nq = 1
    prev = 1
    levels[source] = 0
    parents[source] = source
    pull = mode == PULL
    queued = True                                  # q lists the frontier
    unexplored = indices.size
    scout = indptr[source + 1] - indptr[source]
    level = 0
    while nq:
        edges = -1
        if mode == DIRECTION_OPTIMIZING:
            if pull and nq < n / beta and nq < prev:
                pull = False                       # small and shrinking: push
            if not pull:
                if not queued:
                    nq = _queue(levels, level, q)
                    queued = True
                    scout = 0
                    for i in range(nq):
                        scout += indptr[q[i] + 1] - indptr[q[i]]
                edges = scout                      # the frontier's out-edges
                unexplored -= edges
                # heavy and growing: pull
                pull = edges > unexplored / alpha and nq >= prev and edges > n / beta
        prev = nq
        level += 1
        if pull:
            nn = _pull(tptr, tind, levels, parents, level)
            queued = False
            edges = -1
        else:
            if not queued:
                nq = _queue(levels, level - 1, q)
            nn, edges, scout = _push(indptr, indices, q, nq, nxt, levels, parents,
                                     level)
            q, nxt = nxt, q
            queued = True
        stats[level - 1, 0] = nq
        stats[level - 1, 1] = edges
        stats[level - 1, 2] = nn
        stats[level - 1, 3] = 1 if pull else 0
        nq = nn
    return level


@njit(cache=True)
def push_levels(indptr, indices, source, levels, q, counts):
    """Hop levels from ``source`` (``levels`` preset to -1, ``q`` scratch of n) and the
    vertices per level in ``counts`` (as far as it reaches); returns the last level + 1.
    The serial kernel of the many-source runs: no parents, no records."""
    levels[source] = 0
    q[0] = source
    head = 0
    tail = 1
    counts[0] = 1
    last = 0
    while head < tail:
        u = np.uint64(q[head])
        head += 1
        lv = levels[u] + 1
        for k in range(np.uint64(indptr[u]), np.uint64(indptr[u + ONE])):
            v = np.uint64(indices[k])
            if levels[v] < 0:
                levels[v] = lv
                q[tail] = v
                tail += 1
                if lv > last:
                    last = lv
                if lv < counts.size:
                    counts[lv] += 1
    return last + 1


@njit(cache=True)
def tight_tree(indptr, indices, w, op, d, source, parents):
    """Parents (preset to -1) of a push BFS from ``source`` over the tight edges
    ``d(u) ⊗ w(u, v) = d(v)`` (``algorithms/predecessors.py``): a shortest-path tree,
    zero-weight cycles included."""
    n = indptr.size - 1
    q = np.empty(n, np.int64)
    q[0] = source
    parents[source] = source
    head = 0
    tail = 1
    while head < tail:
        u = q[head]
        head += 1
        du = d[u]
        for k in range(indptr[u], indptr[u + 1]):
            v = indices[k]
            if parents[v] >= 0:
                continue
            wk = np.float64(w[k])
            t = du + wk if op == 0 else (min(du, wk) if op == 1 else du * wk)
            if t == d[v]:
                parents[v] = u
                q[tail] = v
                tail += 1
    return tail
