"""An indexed binary min-heap over vertex ids, keyed by a per-vertex array.

``heap[:size]`` holds vertex ids, ``pos[v]`` is v's slot (``-1``: not in the heap) and
``key[v]`` its priority; the caller lowers ``key[v]`` and then calls :func:`update`
(insert or decrease-key).  Memory is ``2n`` ids whatever the number of updates, unlike a
heap of (key, vertex) copies with lazy deletion.
"""

from __future__ import annotations

from numba import njit

__all__ = ["pop", "remove", "update"]


@njit(cache=True, inline="always")
def _up(heap, pos, key, i):
    v = heap[i]
    kv = key[v]
    while i > 0:
        p = (i - 1) >> 1
        u = heap[p]
        if key[u] <= kv:
            break
        heap[i] = u
        pos[u] = i
        i = p
    heap[i] = v
    pos[v] = i


@njit(cache=True, inline="always")
def _down(heap, pos, key, i, size):
    v = heap[i]
    kv = key[v]
    while True:
        c = 2 * i + 1
        if c >= size:
            break
        if c + 1 < size and key[heap[c + 1]] < key[heap[c]]:
            c += 1
        u = heap[c]
        if key[u] >= kv:
            break
        heap[i] = u
        pos[u] = i
        i = c
    heap[i] = v
    pos[v] = i


@njit(cache=True)
def update(heap, pos, key, v, size):
    """Insert ``v`` or move it up after ``key[v]`` fell; returns the new size."""
    i = pos[v]
    if i < 0:
        heap[size] = v
        pos[v] = size
        _up(heap, pos, key, size)
        return size + 1
    _up(heap, pos, key, i)
    return size


@njit(cache=True)
def pop(heap, pos, key, size):
    """Remove and return the vertex of least key (``size`` > 0); the size is now
    ``size - 1``."""
    v = heap[0]
    pos[v] = -1
    size -= 1
    if size > 0:
        heap[0] = heap[size]
        _down(heap, pos, key, 0, size)
    return v


@njit(cache=True)
def remove(heap, pos, key, v, size):
    """Remove ``v`` if present; returns the new size."""
    i = pos[v]
    if i < 0:
        return size
    pos[v] = -1
    size -= 1
    if i < size:
        last = heap[size]
        heap[i] = last
        pos[last] = i
        if i > 0 and key[last] < key[heap[(i - 1) >> 1]]:
            _up(heap, pos, key, i)
        else:
            _down(heap, pos, key, i, size)
    return size
