"""NetworkX's Dijkstra order replayed over the engine's distances, compiled.

NetworkX settles vertices from a heap keyed by (distance, push counter) and gives each
vertex the predecessor whose pop first pushed it at its final distance.  With the final
distances known, only the tight edges ``d(v) + w = d(u)`` can make such a push (one a
vertex), and since the counter only grows, the heap pops each distance's vertices in the
order they were pushed: one FIFO list per distinct distance, taken in increasing order,
replays it without a heap.  NetworkX's dicts then come out in the same order, its paths
through the same vertices.
"""

from __future__ import annotations

import numpy as np
from numba import njit


def settle_order(indptr, indices, wts, d, sources, target: int = -1):
    """``(order, pred)``: the vertices in NetworkX's pop order (up to and including
    ``target``; -1: none) and each one's predecessor (-1 for the sources and the
    unreached), from the adjacency in NetworkX's neighbour order with its weights."""
    finite = np.isfinite(d)
    rank = np.full(d.size, -1, np.int64)
    values, rank[finite] = np.unique(d[finite], return_inverse=True)
    return _replay(indptr, indices, wts, d, rank, values.size, sources, target)


@njit(cache=True, inline="always")
def _append(head, tail, nxt, b, v):
    """v joins the tail of distance bucket b's FIFO list."""
    if tail[b] < 0:
        head[b] = v
    else:
        nxt[tail[b]] = v
    tail[b] = v


@njit(cache=True)
def _replay(indptr, indices, wts, d, rank, buckets, sources, target):
    n = d.size
    pred = np.empty(n, np.int64)
    pred[:] = -1
    pushed = np.zeros(n, np.bool_)
    head = np.empty(buckets, np.int64)          # a FIFO list per distinct distance
    head[:] = -1
    tail = np.empty(buckets, np.int64)
    tail[:] = -1
    nxt = np.empty(n, np.int64)
    nxt[:] = -1
    order = np.empty(n, np.int64)
    for s in sources:
        if not pushed[s]:
            pushed[s] = True
            _append(head, tail, nxt, rank[s], s)
    k = 0
    for b in range(buckets):
        while head[b] >= 0:
            v = np.uint64(head[b])
            head[b] = nxt[v]
            if head[b] < 0:
                tail[b] = -1
            order[k] = v
            k += 1
            if v == target:
                return order[:k], pred
            dv = d[v]
            for j in range(np.uint64(indptr[v]), np.uint64(indptr[v + np.uint64(1)])):
                u = np.uint64(indices[j])
                if not pushed[u] and dv + wts[j] == d[u]:     # the tight edge that pushes u
                    pushed[u] = True
                    pred[u] = v
                    _append(head, tail, nxt, rank[u], u)
    return order[:k], pred
