"""Brandes' betweenness, compiled: one forward search and one backward sweep a source,
sources spread over the threads (``algorithms/brandes.py`` is the same algebra batched).

Forward (σ: shortest-path counts, ``order``: vertices in the order they became final)::

    σ(s) = 1 ;  σ(v) = Σ_{u : (u, v) tight} σ(u)

by BFS levels when hops are counted (``(u, v)`` tight when ``level(v) = level(u) + 1``),
by Dijkstra's settle order with positive weights (tight when ``d(u) + w = d(v)``).

Backward, in reverse ``order`` (every successor of ``u`` on the tight DAG is final
first), with ``c(v) = (1 + δ(v)) / σ(v)`` stored as each vertex finishes::

    δ(u) = σ(u) · Σ_{v : (u, v) tight} c(v)     (a pull over u's own out-edges)

so the sweep reads A again, never a predecessor list.  ``bc(u) += δ(u)`` for ``u ≠ s``.
Each thread owns its scratch (levels or distances, σ, c, order, heap) and its row of
``bc``; scratch is reset over the reached vertices only, so a source costs its reach.

References: U. Brandes, "A faster algorithm for betweenness centrality", J. Math. Sociol.
25 (2001); the successor form of the sweep as in GAP's ``bc.cc`` and LAGraph's
``LAGr_Betweenness``.
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange

from .heap import pop, update

__all__ = ["betweenness"]


@njit(cache=True)
def _hops(indptr, indices, s, level, sigma, coef, order, tight, bc, hits):
    """One source over hop counts; returns how many vertices it reached besides s.
    Branch-free: whether an edge is tight is a coin toss the predictor loses, so every
    edge stores its flag (``tight[e]``, read back by the sweep) and its head's word."""
    # ---------------------------------------------------------------- forward
    order[0] = s
    level[s] = 0
    sigma[s] = 1.0
    head, tail = 0, 1
    while head < tail:
        u = order[head]
        head += 1
        lu = level[u] + 1
        su = sigma[u]
        for e in range(indptr[u], indptr[u + 1]):
            v = indices[e]
            lv = level[v]
            new = lv < 0                     # first reached: next level, σ from zero
            level[v] = lu if new else lv
            order[tail] = v
            tail += new
            t = new or lv == lu              # tight: σ(v) += σ(u)
            tight[e] = t
            sigma[v] += su if t else 0.0
    # ---------------------------------------------------------------- backward
    for i in range(tail - 1, 0, -1):
        u = order[i]
        a0 = 0.0
        a1 = 0.0
        lo, hi = indptr[u], indptr[u + 1]
        e = lo
        while e + 1 < hi:                    # two sums: the adds' latency halved
            a0 += coef[indices[e]] if tight[e] else 0.0
            a1 += coef[indices[e + 1]] if tight[e + 1] else 0.0
            e += 2
        if e < hi:
            a0 += coef[indices[e]] if tight[e] else 0.0
        du = sigma[u] * (a0 + a1)            # δ(u) = σ(u) Σ c(v), tight u → v
        coef[u] = (1.0 + du) / sigma[u]
        bc[u] += du
        hits[u] += 1
    # ---------------------------------------------------------------- reset
    for i in range(tail):
        v = order[i]
        level[v] = -1
        sigma[v] = 0.0
        coef[v] = 0.0
    return tail - 1


@njit(cache=True)
def _weights(indptr, indices, w, s, dist, sigma, coef, order, heap, pos, bc, hits):
    """One source over positive weights (Dijkstra, indexed heap); returns its reach."""
    # ---------------------------------------------------------------- forward
    dist[s] = 0.0
    sigma[s] = 1.0
    size = update(heap, pos, dist, s, 0)
    count = 0
    while size > 0:
        u = pop(heap, pos, dist, size)
        size -= 1
        order[count] = u
        count += 1
        du = dist[u]
        su = sigma[u]
        for e in range(indptr[u], indptr[u + 1]):
            v = indices[e]
            nd = du + w[e]
            if nd < dist[v]:                 # a shorter path: its count starts over
                dist[v] = nd
                sigma[v] = su
                size = update(heap, pos, dist, v, size)
            elif nd == dist[v]:              # another shortest path
                sigma[v] += su
    # ---------------------------------------------------------------- backward
    for i in range(count - 1, 0, -1):
        u = order[i]
        du = dist[u]
        acc = 0.0
        for e in range(indptr[u], indptr[u + 1]):
            v = indices[e]
            if du + w[e] == dist[v]:
                acc += coef[v]
        dd = sigma[u] * acc
        coef[u] = (1.0 + dd) / sigma[u]
        bc[u] += dd
        hits[u] += 1
    # ---------------------------------------------------------------- reset
    for i in range(count):
        v = order[i]
        dist[v] = np.inf
        sigma[v] = 0.0
        coef[v] = 0.0
    return count - 1


@njit(cache=True, parallel=True)
def betweenness(indptr, indices, w, weighted, sources, threads, bc, hits, reach):
    """Dependencies from every source: ``bc[t]`` / ``hits[t]`` (``threads × n``, zeroed)
    receive thread t's sums of δ and of sources reaching each vertex; ``reach[i]`` the
    vertices source i reaches besides itself.  Sources are dealt round-robin."""
    n = indptr.size - 1
    k = sources.size
    for t in prange(threads):
        sigma = np.zeros(n)
        coef = np.zeros(n)
        order = np.empty(n, np.int32)
        if weighted:
            dist = np.empty(n)
            for v in range(n):
                dist[v] = np.inf
            heap = np.empty(n, np.int64)
            pos = np.empty(n, np.int64)
            for v in range(n):
                pos[v] = -1
            for i in range(t, k, threads):
                reach[i] = _weights(indptr, indices, w, sources[i], dist, sigma, coef,
                                    order, heap, pos, bc[t], hits[t])
        else:
            level = np.empty(n, np.int32)
            for v in range(n):
                level[v] = -1
            tight = np.zeros(indices.size, np.bool_)
            for i in range(t, k, threads):
                reach[i] = _hops(indptr, indices, sources[i], level, sigma, coef, order,
                                 tight, bc[t], hits[t])
