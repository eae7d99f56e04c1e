"""Plain serial oracles: heap Dijkstra and queue BFS on the CSR arrays.

They share no code with the GraphBLAS or GPU backends, so they can check them; the
``"dijkstra"`` strategy is :func:`dijkstra` (the serial reference of papers/003).  Both
work on any :class:`~semiring_paths.Graph`; Dijkstra takes any semiring whose ⊗ never
improves a value (min_plus with weights >= 0, max_min, max_times with weights in [0, 1]).
"""

from __future__ import annotations

import heapq
from collections import deque

import numpy as np

from .graph import Graph
from .semirings import Semiring, min_plus

__all__ = ["bfs", "dijkstra"]


def bfs(G: Graph, source: int) -> tuple[np.ndarray, np.ndarray]:
    """Queue BFS: ``(levels, parents)``, ``-1`` where unreached, ``parents[s] = s``."""
    n = G.n_vertices
    levels = np.full(n, -1, np.int64)
    parents = np.full(n, -1, np.int64)
    levels[source] = 0
    parents[source] = source
    indptr, indices = G.indptr, G.indices
    queue = deque([source])
    while queue:
        u = queue.popleft()
        for v in indices[indptr[u]:indptr[u + 1]].tolist():
            if levels[v] < 0:
                levels[v] = levels[u] + 1
                parents[v] = u
                queue.append(v)
    return levels, parents


def dijkstra(G: Graph, source: int, semiring: Semiring = min_plus
             ) -> tuple[np.ndarray, np.ndarray, int, int]:
    """Heap Dijkstra under ``semiring``.

    Returns ``(distances, tree, settled, edges_relaxed)``; ``tree[s] = s`` and ``-1``
    where unreached.  The heap holds ``(key, vertex)`` with ``key = value`` for a min
    semiring and ``-value`` for a max one, so the best value pops first.
    """
    n = G.n_vertices
    sign = 1.0 if semiring.improves == "lt" else -1.0
    times = semiring.times
    dist = np.full(n, semiring.zero, dtype=np.float64)
    tree = np.full(n, -1, np.int64)
    done = np.zeros(n, bool)
    dist[source] = semiring.one
    tree[source] = source
    indptr, indices = G.indptr, G.indices.tolist()
    w = G.weights.astype(np.float64).tolist() if G.weighted else None
    heap = [(sign * semiring.one, source)]
    settled = relaxed = 0
    while heap:
        _, u = heapq.heappop(heap)
        if done[u]:
            continue
        done[u] = True
        settled += 1
        du = float(dist[u])
        lo, hi = int(indptr[u]), int(indptr[u + 1])
        relaxed += hi - lo
        for k in range(lo, hi):
            v = indices[k]
            if done[v]:
                continue
            nd = times(du, w[k] if w is not None else 1.0)
            if sign * nd < sign * dist[v]:
                dist[v] = nd
                tree[v] = u
                heapq.heappush(heap, (sign * nd, v))
    return dist, tree, settled, relaxed
