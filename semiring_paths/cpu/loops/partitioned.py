"""The CPU's relaxation step on one part of a partitioned graph (``distributed/mpi.py``).

A rank owns the vertices ``[lo, hi)`` and their out-edges (global column ids).  One
round is three compiled passes around the exchange:

* :func:`expand` — ``t_r = f_r min.+ A_r``: a candidate ``(v, value, parent)`` for each
  out-edge of the frontier, grouped by the rank that owns ``v`` (a counting sort: one
  pass counts, one fills); a candidate for a vertex of this part that cannot lower its
  value is dropped here.  Candidates travel as three int64 words, the value's as its
  float64 bits, so a round is one ``Alltoallv``.
* :func:`settle` — ``d ⊕= t``: each received candidate lowers ``d(v)`` or not; among
  this round's candidates for ``v`` the least value wins, ties to the least parent (so
  the tree does not depend on the order the ranks' candidates arrive in); what dropped
  joins the waiting list once.
* :func:`select` — the next frontier: the waiting vertices below ``split`` (every one
  for workfront, the current bucket for Δ-stepping); the rest keep waiting; also the
  least waiting value (an empty bucket moves past it).
* :func:`propagate` — with ``local=True``, before the exchange: the frontier's values
  spread over the part's own edges to a fixed point (a FIFO worklist, label-correcting),
  so that only edges leaving the part wait for the next exchange.  A high-diameter graph
  cut into vertex ranges then needs about as many exchanges as its shortest paths cross
  parts, not as many as it has levels.

Every pass is O(its own entries): no sort, no pass over the part's n vertices a round.
"""

from __future__ import annotations

import numpy as np
from numba import njit

__all__ = ["expand", "owner", "propagate", "select", "settle"]


@njit(cache=True, inline="always")
def owner(bounds, v):
    """The last rank r with ``bounds[r] ≤ v`` (``np.searchsorted(bounds, v, 'right') − 1``:
    an empty range never owns)."""
    a, b = 0, bounds.size - 1
    while b - a > 1:
        mid = (a + b) >> 1
        if bounds[mid] <= v:
            a = mid
        else:
            b = mid
    return a


@njit(cache=True)
def expand(indptr, indices, weights, frontier, d, lo, hops, bounds):
    """Candidates along the frontier's out-edges (local ids) grouped by owner rank:
    ``(words, counts, edges)``, a candidate being ``words[3i:3i+3]`` = v, the value's
    bits, the parent; ``counts[r]`` words go to rank r; ``edges`` the edges read."""
    ranks = bounds.size - 1
    hi = lo + d.size
    counts = np.zeros(ranks, np.int64)
    edges = 0
    for u in frontier:
        du = d[u]
        edges += indptr[u + 1] - indptr[u]
        for e in range(indptr[u], indptr[u + 1]):
            x = indices[e]
            c = du + (1.0 if hops else weights[e])
            if lo <= x < hi and c >= d[x - lo]:
                continue
            counts[owner(bounds, x)] += 3
    at = np.zeros(ranks, np.int64)
    for r in range(1, ranks):
        at[r] = at[r - 1] + counts[r - 1]
    words = np.empty(counts.sum(), np.int64)
    values = words.view(np.float64)
    for u in frontier:
        du = d[u]
        for e in range(indptr[u], indptr[u + 1]):
            x = indices[e]
            c = du + (1.0 if hops else weights[e])
            if lo <= x < hi and c >= d[x - lo]:
                continue
            r = owner(bounds, x)
            k = at[r]
            words[k] = x
            values[k + 1] = c
            words[k + 2] = u + lo
            at[r] = k + 3
    return words, counts, edges


@njit(cache=True)
def settle(words, lo, d, parent, stamp, r, waiting, wlist, wcount):
    """``d ⊕= t`` for the received candidates of round ``r``; returns the waiting count."""
    values = words.view(np.float64)
    for i in range(0, words.size, 3):
        x = words[i] - lo
        c = values[i + 1]
        p = words[i + 2]
        if c < d[x]:
            d[x] = c
            parent[x] = p
            stamp[x] = r
            if not waiting[x]:
                waiting[x] = True
                wlist[wcount] = x
                wcount += 1
        elif c == d[x] and stamp[x] == r and p < parent[x]:
            parent[x] = p
    return wcount


@njit(cache=True)
def select(wlist, wcount, waiting, d, split):
    """``f = waiting⟨d < split⟩``: ``(frontier, still waiting, least value still
    waiting)``; the rest is compacted to the front of ``wlist``."""
    frontier = np.empty(wcount, np.int64)
    nf, keep, low = 0, 0, np.inf
    for i in range(wcount):
        x = wlist[i]
        if d[x] < split:
            frontier[nf] = x
            nf += 1
            waiting[x] = False
        else:
            wlist[keep] = x
            keep += 1
            low = min(low, d[x])
    return frontier[:nf], keep, low


@njit(cache=True, inline="always")
def _reach(x, r, mark, touched, nt, queue, inq, tail, size):
    """x dropped (or starts the round): listed once in ``touched`` (``mark[x] == r``) and
    queued once in the ring ``queue``; returns the new ``(nt, tail, size)``."""
    if mark[x] != r:
        mark[x] = r
        touched[nt] = x
        nt += 1
    if not inq[x]:
        inq[x] = True
        queue[tail] = x
        tail = tail + 1 if tail + 1 < queue.size else 0
        size += 1
    return nt, tail, size


@njit(cache=True)
def propagate(indptr, indices, weights, frontier, d, parent, lo, hops, mark, r, queue, inq):
    """``d`` to a fixed point over the part's own edges from ``frontier`` (local ids):
    ``(touched, edges)``, every vertex whose value dropped (and the frontier), once each
    (``mark[x] == r``), and the local edges read.  ``queue`` (one slot a vertex of the
    part) and ``inq`` (all False) are scratch; ``inq`` is all False again on return."""
    k = d.size
    hi = lo + k
    touched = np.empty(k, np.int64)
    nt, head, tail, size, edges = 0, 0, 0, 0, 0
    for u in frontier:
        nt, tail, size = _reach(u, r, mark, touched, nt, queue, inq, tail, size)
    while size:
        u = queue[head]
        head = head + 1 if head + 1 < k else 0
        size -= 1
        inq[u] = False
        du = d[u]
        for e in range(indptr[u], indptr[u + 1]):
            x = indices[e]
            if x < lo or x >= hi:
                continue                                  # leaves the part: expand's
            edges += 1
            c = du + (1.0 if hops else weights[e])
            x -= lo
            if c < d[x]:                                  # d(x) = min(d(x), d(u) + w)
                d[x] = c
                parent[x] = u + lo
                nt, tail, size = _reach(x, r, mark, touched, nt, queue, inq, tail, size)
    return touched[:nt], edges
