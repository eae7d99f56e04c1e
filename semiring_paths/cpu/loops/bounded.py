"""Searches that stop early, compiled (``algorithms/bounds.py`` gives the rules): a push
BFS by levels and a Dijkstra on the indexed heap, each stopping once every target is
final or the bound is passed.  Serial: a bounded search is meant to touch little."""

from __future__ import annotations

import math

import numpy as np
from numba import njit

from .heap import pop, update

__all__ = ["bfs", "dijkstra"]


@njit(cache=True)
def bfs(indptr, indices, s, is_target, remaining, max_depth, levels, parents):
    """Levels and parents (preset to -1) until ``max_depth`` levels (< 0: none) or the
    level that finds the last of ``remaining`` targets; True when it stopped early."""
    n = indptr.size - 1
    q = np.empty(n, np.int64)
    q[0] = s
    levels[s] = 0
    parents[s] = s
    head, tail, level = 0, 1, 0
    while head < tail:
        if level == max_depth or remaining == 0:
            return True
        level += 1
        end = tail
        for i in range(head, end):
            u = q[i]
            for e in range(indptr[u], indptr[u + 1]):
                v = indices[e]
                if levels[v] < 0:
                    levels[v] = level
                    parents[v] = u
                    q[tail] = v
                    tail += 1
                    if is_target[v]:
                        remaining -= 1
        head = end
    return False


@njit(cache=True)
def dijkstra(indptr, indices, w, s, is_target, remaining, cutoff, dist, parents, heap,
             pos):
    """Distances (preset to inf) and parents (preset to -1) settled in order until the
    heap's least value passes ``cutoff`` or every target is settled; returns that least
    value (inf: the search ran out).  Values above it are not final."""
    dist[s] = 0.0
    parents[s] = s
    size = update(heap, pos, dist, s, 0)
    while size > 0:
        u = heap[0]
        du = dist[u]
        if du > cutoff or remaining == 0:
            return du
        pop(heap, pos, dist, size)
        size -= 1
        if is_target[u]:
            remaining -= 1
        for e in range(indptr[u], indptr[u + 1]):
            v = indices[e]
            nd = du + w[e]
            if nd < dist[v]:
                dist[v] = nd
                parents[v] = u
                size = update(heap, pos, dist, v, size)
    return math.inf
