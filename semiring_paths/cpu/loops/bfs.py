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

The state is one int64 a vertex, ``level << 32 | parent`` (-1 unreached), split into
levels and parents at the end (:func:`unpack`); ``stats[ℓ]`` = (frontier, edges
examined or -1 for a pull, next frontier, 1 for a pull) of level ℓ + 1.
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange

from .prefetch import FAR, NEAR, prefetch

__all__ = ["DIRECTION_OPTIMIZING", "PAR_VERTICES", "PULL", "PUSH", "bfs", "push_levels",
           "tight_tree", "unpack", "unpack_parallel"]

PUSH, PULL, DIRECTION_OPTIMIZING = 0, 1, 2

#: vertex and edge ids are read as unsigned in the inner loops: numba indexes with a
#: signed integer through a negative-index fix-up, which costs up to 2× on a BFS
#: (luxembourg_osm: 4.1 ms → 2.1 ms)
ONE = np.uint64(1)


#: the packed state of a vertex: ``level << 32 | parent``, -1 while unreached
SHIFT = np.int64(32)
LOW = np.int64(0xFFFFFFFF)


@njit(cache=True)
def _push(indptr, indices, q, h, end, t, lp, level):
    """One SOVM level: expand the frontier ``q[h:end]``, appending the vertices it
    reaches first to ``q[t:]``; returns (the new tail, edges examined).

    Branch-free: whether an edge's head is new is a coin toss on a road graph (half its
    edges lead back), and a mispredicted branch costs more than the store it saves
    (osm-malta 0.56 → 0.31 ms, luxembourg_osm 1.6 → 1.0 ms)."""
    tag = np.int64(level) << SHIFT
    edges = 0
    for i in range(h, end):
        if i + FAR < end:                          # prefetch.py
            prefetch(indptr, q[i + FAR])
        if i + NEAR < end:
            prefetch(indices, indptr[q[i + NEAR]])
        u = np.uint64(q[i])
        a = np.uint64(indptr[u])
        b = np.uint64(indptr[u + ONE])
        edges += b - a
        mine = tag | np.int64(u)                   # π(v) = u, v(v) = level
        for k in range(a, b):
            v = np.uint64(indices[k])
            x = lp[v]
            new = x < 0                            # q⟨¬π⟩: unreached only
            lp[v] = mine if new else x
            q[t] = v                               # kept only if new (q has n + 1 slots)
            t += new
    return t, edges


@njit(cache=True, parallel=True)
def _pull(tptr, tind, lp, level):
    """One BOVM level: unreached vertices adopt a parent at ``level - 1``; returns how
    many did."""
    found = 0
    want = np.int64(level - 1)
    tag = np.int64(level) << SHIFT
    for v in prange(lp.size):
        if lp[v] < 0:
            for k in range(np.uint64(tptr[v]), np.uint64(tptr[v + 1])):
                u = np.uint64(tind[k])
                if lp[u] >> SHIFT == want:
                    lp[v] = tag | np.int64(u)
                    found += 1
                    break
    return found


@njit(cache=True)
def _queue(lp, level, q):
    """The vertices at ``level`` into ``q``; returns their number."""
    nq = 0
    for v in range(lp.size):
        if lp[v] >= 0 and lp[v] >> SHIFT == level:
            q[nq] = v
            nq += 1
    return nq


@njit(cache=True)
def _out_edges(indptr, q, h, t):
    """Out-edges of ``q[h:t]`` (GAP's scout count)."""
    e = 0
    for i in range(h, t):
        u = np.uint64(q[i])
        e += indptr[u + ONE] - indptr[u]
    return e


@njit(cache=True)
def unpack(lp, levels):
    """Split the packed state: ``levels`` gets the levels, ``lp`` keeps the parents."""
    for v in range(lp.size):
        x = lp[v]
        if x >= 0:
            levels[v] = x >> SHIFT
            lp[v] = x & LOW
        else:
            levels[v] = -1


#: from this many vertices :func:`unpack_parallel` splits the state on every core; below,
#: a parallel region costs more than it saves, and it waits on any other OpenMP runtime's
#: spinning threads (networkit's in the same process: osm-malta's BFS 0.4 → 5.9 ms)
PAR_VERTICES = 1 << 20
#: a direction-optimizing BFS pulls only on graphs of this many stored edges or more
#: (a pull is a parallel region; karate's BFS is 30 µs in all)
PULL_MIN_EDGES = 1 << 15


@njit(cache=True, parallel=True)
def unpack_parallel(lp, levels, parts):
    """:func:`unpack` over ``parts`` vertex ranges, in parallel."""
    for t in prange(parts):
        a = t * lp.size // parts
        b = (t + 1) * lp.size // parts
        unpack(lp[a:b], levels[a:b])


@njit(cache=True)
def bfs(indptr, indices, tptr, tind, source, mode, alpha, beta, max_degree, lp, stats):
    """BFS from ``source`` by ``mode`` (PUSH, PULL, DIRECTION_OPTIMIZING); ``tptr``/
    ``tind``: Aᵀ by rows (A itself when undirected); ``lp`` (n < 2³¹, preset to -1)
    receives ``level << 32 | parent`` (:func:`unpack` splits it).  Returns the levels
    run.

    One queue holds the search in order (``q[h:t]`` is the frontier), and one packed
    word a vertex is both the mask and the answer: a push level touches one random
    word per edge, as scipy's queue does.  The frontier's out-edges for the direction
    test are counted only when ``nq · max_degree`` could pass n / β."""
    n = indptr.size - 1
    q = np.empty(n + 1, np.int32)                  # + 1: the branch-free push's spare
    q[0] = source
    lp[source] = source                            # level 0, its own parent
    h, t, nq, prev = 0, 1, 1, 1
    pull = mode == PULL
    queued = True                                  # q[h:t] lists the frontier
    unexplored = indices.size
    level = 0
    while nq:
        counted = False
        if mode == DIRECTION_OPTIMIZING:
            if pull and nq < n / beta and nq < prev:
                pull = False                       # small and shrinking: push
            if not pull:
                if not queued:
                    nq = _queue(lp, level, q)
                    h, t, queued = 0, nq, True
                if nq * max_degree > n / beta:     # else it cannot pass n / β
                    edges = _out_edges(indptr, q, h, t)
                    unexplored -= edges
                    counted = True
                    # heavy and growing: pull
                    pull = (edges > unexplored / alpha and nq >= prev and edges > n / beta
                            and indices.size >= PULL_MIN_EDGES)
        prev = nq
        level += 1
        if pull:
            nn = _pull(tptr, tind, lp, level)
            queued = False
            edges = -1
        else:
            end = t
            t, edges = _push(indptr, indices, q, h, end, t, lp, level)
            h = end
            nn = t - end
            if not counted:
                unexplored -= edges
        stats[level - 1, 0] = nq
        stats[level - 1, 1] = edges
        stats[level - 1, 2] = nn
        stats[level - 1, 3] = 1 if pull else 0
        nq = nn
    return level


@njit(cache=True)
def push_levels(indptr, indices, source, levels, q, counts):
    """Hop levels from ``source`` (``levels`` preset to -1, ``q`` scratch of n + 1) and
    the vertices per level in ``counts`` (as far as it reaches); returns the last level
    + 1.  The serial kernel of the many-source runs: no parents, no records; branch-free
    as :func:`_push`."""
    levels[source] = 0
    q[0] = source
    counts[0] = 1
    h, t, level = 0, 1, 0
    while h < t:
        end = t
        level += 1
        for i in range(h, end):
            if i + FAR < end:                      # prefetch.py
                prefetch(indptr, q[i + FAR])
            if i + NEAR < end:
                prefetch(indices, indptr[q[i + NEAR]])
            u = np.uint64(q[i])
            for k in range(np.uint64(indptr[u]), np.uint64(indptr[u + ONE])):
                v = np.uint64(indices[k])
                x = levels[v]
                new = x < 0
                levels[v] = level if new else x
                q[t] = v
                t += new
        if level < counts.size:
            counts[level] += t - end
        h = end
    return level


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
