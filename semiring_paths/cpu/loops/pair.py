"""Point-to-point shortest paths as two searches that meet: one from ``s`` over A, one
from ``t`` over Aᵀ (``algorithms/queries.py``; Pohl 1971, Goldberg & Harrelson 2005).

* :func:`bidirectional_bfs`: hop counts.  Each round expands one whole level of the
  side whose frontier has fewer out-edges; the first level at which the two sides touch
  gives the distance, the best of that level's meetings the path.
* :func:`bidirectional_dijkstra`: non-negative weights.  Each side settles vertices in
  order of value from its own heap; every edge seen from one side to a vertex the other
  side has reached offers a path ``d_s(u) + w + d_t(v)``; the search stops once the two
  heaps' least values together reach the best offer μ (nothing left can beat it).

* :func:`spur`: one search of Yen's k shortest paths (``algorithms/yen.py``) — from
  ``s`` to ``t`` avoiding masked vertices and edges, A* keyed by ``d(v) + h(v)`` where
  ``h`` is the exact distance to ``t`` in the whole graph (admissible and consistent
  for every masked subgraph, which only lengthens paths), stopping when ``t`` is popped.

All work on arrays a query owns (``stamp`` makes a cached scratch valid for one query
without clearing n entries: a vertex's entries count only when its stamp is the
query's), and return the distance with the path as vertex ids.
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit

from .heap import pop, update

__all__ = ["Scratch", "bidirectional_bfs", "bidirectional_dijkstra", "meeting_path", "spur"]

ONE = np.uint64(1)


class Scratch:
    """Per-vertex arrays for the two sides, kept between queries on one graph: values,
    predecessors, and the stamp of the query that wrote them."""

    def __init__(self, n: int):
        self.dist = np.empty((2, n))
        self.pred = np.empty((2, n), np.int64)
        self.seen = np.zeros((2, n), np.int64)     # query stamp: the entry is current
        self.heap = np.empty((2, n), np.int64)     # the two open sets (heap.py)
        self.pos = np.empty((2, n), np.int64)      # a vertex's slot; valid once seen
        self.query = 0

    def next(self) -> int:
        self.query += 1
        return self.query


@njit(cache=True)
def _walk(pred, side, v, out, k):
    """Append the predecessors of ``v`` on ``side`` (v excluded) to ``out[k:]``."""
    while pred[side, v] != v:
        v = pred[side, v]
        out[k] = v
        k += 1
    return k


@njit(cache=True)
def meeting_path(pred, meet):
    """``s … meet … t`` from the two predecessor trees ``pred[0]`` (toward s) and
    ``pred[1]`` (toward t), each root its own predecessor."""
    out = np.empty(pred.shape[1] + 1, np.int64)
    k = _walk(pred, 0, meet, out, 0)              # meet's ancestors on the s side
    head = out[:k][::-1].copy()
    out[0] = meet
    k = _walk(pred, 1, meet, out, 1)              # then toward t
    return np.concatenate((head, out[:k]))


@njit(cache=True)
def bidirectional_bfs(indptr, indices, tptr, tind, s, t, dist, pred, seen, stamp):
    """Hops from ``s`` to ``t`` and a path (``(-1, [])`` when t is unreachable)."""
    n = indptr.size - 1
    if s == t:
        return 0, np.array([s], np.int64)
    qs = np.empty((2, n), np.int64)
    lo = np.zeros(2, np.int64)
    hi = np.ones(2, np.int64)
    qs[0, 0] = s
    qs[1, 0] = t
    for side, v in ((0, s), (1, t)):
        seen[side, v] = stamp
        dist[side, v] = 0.0
        pred[side, v] = v
    level = np.zeros(2, np.int64)
    while lo[0] < hi[0] and lo[1] < hi[1]:
        e0 = 0
        e1 = 0
        for i in range(lo[0], hi[0]):
            u = qs[0, i]
            e0 += indptr[u + 1] - indptr[u]
        for i in range(lo[1], hi[1]):
            u = qs[1, i]
            e1 += tptr[u + 1] - tptr[u]
        side = 0 if e0 <= e1 else 1               # the cheaper level
        ptr = indptr if side == 0 else tptr
        ind = indices if side == 0 else tind
        other = 1 - side
        best = -1
        meet = -1
        end = hi[side]
        tail = end
        level[side] += 1
        for i in range(lo[side], end):
            u = qs[side, i]
            for k in range(ptr[u], ptr[u + 1]):
                v = ind[k]
                if seen[side, v] != stamp:
                    seen[side, v] = stamp
                    dist[side, v] = level[side]
                    pred[side, v] = u
                    qs[side, tail] = v
                    tail += 1
                    if seen[other, v] == stamp:   # the sides touch at v
                        total = level[side] + np.int64(dist[other, v])
                        if best < 0 or total < best:
                            best = total
                            meet = v
        lo[side] = end
        hi[side] = tail
        if meet >= 0:
            return best, meeting_path(pred, meet)
    return -1, np.empty(0, np.int64)


@njit(cache=True)
def bidirectional_dijkstra(indptr, indices, w, tptr, tind, tw, s, t, dist, pred, seen,
                           heap, pos, stamp):
    """Least total weight from ``s`` to ``t`` (weights ≥ 0) and a path (``(inf, [])``
    when t is unreachable).  Each side's open set is an indexed heap (``heap.py``) keyed
    by its row of ``dist``; ``pos`` counts only for vertices stamped this query."""
    if s == t:
        return 0.0, np.array([s], np.int64)
    size = np.zeros(2, np.int64)
    for side, v in ((0, s), (1, t)):
        seen[side, v] = stamp
        dist[side, v] = 0.0
        pred[side, v] = v
        pos[side, v] = -1
        size[side] = update(heap[side], pos[side], dist[side], v, 0)
    mu = math.inf
    meet = -1
    while size[0] > 0 and size[1] > 0:
        if dist[0, heap[0, 0]] + dist[1, heap[1, 0]] >= mu:
            break                                 # nothing left can beat μ
        side = 0 if size[0] <= size[1] else 1     # the smaller open set
        other = 1 - side
        u = pop(heap[side], pos[side], dist[side], size[side])
        size[side] -= 1
        du = dist[side, u]
        ptr = indptr if side == 0 else tptr
        ind = indices if side == 0 else tind
        wt = w if side == 0 else tw
        for k in range(ptr[u], ptr[u + 1]):
            v = ind[k]
            dv = du + wt[k]                       # t = e_u ⊗ A (or Aᵀ on the t side)
            fresh = seen[side, v] != stamp
            if fresh or dv < dist[side, v]:
                if fresh:
                    seen[side, v] = stamp
                    pos[side, v] = -1
                dist[side, v] = dv                # a settled vertex never improves
                pred[side, v] = u
                size[side] = update(heap[side], pos[side], dist[side], v, size[side])
            if seen[other, v] == stamp:           # a path s … u → v … t
                total = dist[side, v] + dist[other, v]
                if total < mu:
                    mu = total
                    meet = v
    if meet < 0:
        return math.inf, np.empty(0, np.int64)
    return mu, meeting_path(pred, meet)


@njit(cache=True)
def spur(indptr, indices, w, s, t, h, no_vertex, no_edge, dist, pred, seen, heap, pos,
         stamp):
    """The least ``s → t`` weight and path avoiding ``no_vertex[v]`` and ``no_edge[e]``
    (``(inf, [])`` when none), A* on ``h`` (inf: cannot reach t)."""
    g, key, pr, sn, hp, ps = dist[0], dist[1], pred[0], seen[0], heap[0], pos[0]
    sn[s] = stamp
    g[s] = 0.0
    key[s] = h[s]
    pr[s] = s
    ps[s] = -1
    size = update(hp, ps, key, s, 0)
    while size > 0:
        u = pop(hp, ps, key, size)
        size -= 1
        if u == t:
            break
        gu = g[u]
        for e in range(indptr[u], indptr[u + 1]):
            v = indices[e]
            if no_edge[e] or no_vertex[v] or h[v] == math.inf:
                continue
            nd = gu + w[e]
            if sn[v] != stamp:
                sn[v] = stamp
                g[v] = math.inf
                ps[v] = -1
            if nd < g[v]:
                g[v] = nd
                key[v] = nd + h[v]
                pr[v] = u
                size = update(hp, ps, key, v, size)
    if sn[t] != stamp or g[t] == math.inf:
        return math.inf, np.empty(0, np.int64)
    out = np.empty(indptr.size, np.int64)
    k = 0
    v = t
    while v != s:
        out[k] = v
        k += 1
        v = pr[v]
    out[k] = s
    return g[t], out[:k + 1][::-1].copy()
