"""Near-Far and BFS on persistent threads: one search, every core, a barrier or two a
round.

A numba ``prange`` region starts and ends each time it runs (tens of µs), so it pays only
for wide rounds (``sssp._wide``); a high-diameter search has thousands of thin rounds.
Here ``T`` Python threads each run :func:`near_far_worker` without the GIL (``nogil``) for
the whole search and meet at spin barriers (``atomic.barrier``, well under a µs):

* relax: thread ``t`` relaxes its share of the near set; ``d`` is lowered by
  compare-and-swap; an improved vertex below ``split`` joins the thread's next list once
  (a CAS on ``mark``), one at or above joins its far pile once (a CAS on ``in_far``);
* gather: the threads copy their lists into the shared near set at offsets every thread
  computes from the published sizes;
* refill (the near set is empty): each thread publishes the least value of its far pile;
  every thread computes the same new ``split`` and moves its own pile's entries below it
  into its next list.

Same rule and answers as ``sssp.near_far``; the order of relaxations differs, so round
counts may too.

BFS (:func:`bfs_worker`), direction-optimizing as ``bfs.bfs`` with the same rule and
records: a level's frontier is the threads' lists of the level before, split evenly
over the threads (one thread below ``SMALL`` vertices); a push claims a vertex by a
compare-and-swap on its packed word, a pull gives each thread a range of vertices (each
written by its owner only); each thread sums the out-degrees of what it found, so the
next level's direction test needs no pass of its own.  One barrier a level.  1000² grid,
2 cores: 10.5 ms vs 23.0 serial (GAP, 2 threads: 15.7; scipy 25-29).  Levels are those
of the serial search; a parent is whichever claim landed first, so parents may differ
between runs (each is a vertex of the level before).
"""

from __future__ import annotations

import math
import threading

import numpy as np
from numba import njit

from . import bfs as serial
from .atomic import barrier, cas, relax
from .prefetch import FAR, NEAR, prefetch
from .sssp import ONE, _room, far_low, next_split, split_far

__all__ = ["bfs", "near_far"]

#: a BFS level with fewer frontier vertices runs on one thread (the others wait)
SMALL = 256
#: list sizes and sums live every PAD words (one cache line a thread)
PAD = 8


@njit(cache=True, nogil=True)
def near_far_worker(tid, T, indptr, indices, w, source, delta, d, mark, in_far, near,
                    nxt, far, sizes, mins, edges, ctl, stats, fs):
    """Thread ``tid`` of ``T``: ``nxt[tid]``/``far[tid]`` are its lists, ``sizes[tid]``
    = (next, far) and ``edges[tid]`` its published counts; thread 0 records the rounds
    (returned, grown as needed)."""
    dbits = d.view(np.int64)
    nnear = 1
    nfar = 0
    split = delta
    r = 0
    my_next = nxt[tid]
    my_far = far[tid]
    while True:
        nn = 0
        if nnear:
            lo = tid * nnear // T
            hi = (tid + 1) * nnear // T
            e = 0
            for i in range(lo, hi):                # t = near min.+ A (my share)
                if i + FAR < hi:                   # prefetch.py
                    prefetch(indptr, near[i + FAR])
                if i + NEAR < hi:
                    a = indptr[near[i + NEAR]]
                    prefetch(indices, a)
                    prefetch(w, a)
                u = np.uint64(near[i])
                du = d[u]
                for k in range(np.uint64(indptr[u]), np.uint64(indptr[u + ONE])):
                    v = np.uint64(indices[k])
                    t = du + w[k]
                    if relax(dbits, v, t, 1.0):    # d = min(d, t), atomically
                        if t < split:              # near = f⟨δ < split⟩
                            m = mark[v]
                            if m != r + 1 and cas(mark, v, m, r + 1) == m:
                                my_next[nn] = v
                                nn += 1
                        elif in_far[v] == 0 and cas(in_far, v, 0, 1) == 0:
                            my_far[nfar] = v      # far⟨f ≥ split⟩ = f
                            nfar += 1
                e += indptr[u + ONE] - indptr[u]
            edges[tid] = e
        else:                                      # refill from the far piles
            mins[tid] = far_low(d, my_far, nfar)
            barrier(ctl, T)
            low = mins.min()
            if low == math.inf:
                break
            split = next_split(low, delta, split)  # skip empty ranges
            # near = far⟨δ < split⟩ (no thread relaxes meanwhile: plain writes)
            nfar, nn = split_far(d, my_far, nfar, split, in_far, mark, r, my_next, nn)
            edges[tid] = 0
        sizes[tid, 0] = nn
        sizes[tid, 1] = nfar
        barrier(ctl, T)                            # gather my list into the near set
        off = 0
        for j in range(tid):
            off += sizes[j, 0]
        near[off:off + nn] = my_next[:nn]
        total = 0
        for j in range(T):
            total += sizes[j, 0]
        if tid == 0 and nnear:
            ne = 0
            pending = 0
            for j in range(T):
                ne += edges[j]
                pending += sizes[j, 1]
            stats, fs = _room(stats, fs, r)
            stats[r, 0] = nnear
            stats[r, 1] = ne
            stats[r, 2] = total
            stats[r, 3] = pending
            fs[r] = split
        if nnear:
            r += 1
        nnear = total
        barrier(ctl, T)
    ctl[2] = r
    return stats, fs


def near_far(indptr, indices, w, source, delta, d, threads):
    """Near-Far from ``source`` into ``d`` (preset to inf) on ``threads`` threads;
    returns ``(stats, fs, rounds)`` as ``sssp.near_far`` does."""
    n = indptr.size - 1
    T = threads
    d[source] = 0.0
    mark = np.full(n, -1, np.int64)
    in_far = np.zeros(n, np.int64)
    near = np.empty(n, np.int64)
    near[0] = source
    mark[source] = 0
    nxt = np.empty((T, n), np.int64)
    far = np.empty((T, n), np.int64)
    sizes = np.zeros((T, 2), np.int64)
    mins = np.full(T, np.inf)
    edges = np.zeros(T, np.int64)
    ctl = np.zeros(3, np.int64)
    stats = np.full((64, 4), -1, np.int64)
    fs = np.full(64, np.nan)
    args = (T, indptr, indices, w, source, float(delta), d, mark, in_far, near, nxt, far,
            sizes, mins, edges, ctl, stats, fs)
    workers = [threading.Thread(target=near_far_worker, args=(t, *args))
               for t in range(1, T)]
    for th in workers:
        th.start()
    stats, fs = near_far_worker(0, *args)
    for th in workers:
        th.join()
    return stats, fs, int(ctl[2])


@njit(cache=True, nogil=True)
def bfs_worker(tid, T, indptr, indices, tptr, tind, mode, alpha, beta, lp, lists, sizes,
               scouts, ctl, stats):
    """Thread ``tid`` of ``T``: ``lists[c, t]`` / ``sizes[c, t·PAD]`` / ``scouts[c, t·PAD]``
    are thread t's list of found vertices, its length and their out-edges, for the
    level of parity c; thread 0 records ``stats`` as ``bfs.bfs``; returns the levels."""
    n = indptr.size - 1
    pull = mode == serial.PULL
    prev = 1
    unexplored = indices.size
    cur = 0
    level = 0
    while True:
        nq = 0
        scout = 0
        for j in range(T):
            nq += sizes[cur, j * PAD]
            scout += scouts[cur, j * PAD]
        if nq == 0:
            break
        if mode == serial.DIRECTION_OPTIMIZING:    # the rule of bfs.bfs, on every thread
            if pull and nq < n / beta and nq < prev:
                pull = False
            if not pull:
                unexplored -= scout
                pull = (scout > unexplored / alpha and nq >= prev and scout > n / beta
                        and indices.size >= serial.PULL_MIN_EDGES)
        prev = nq
        level += 1
        nxt = 1 - cur
        tag = np.int64(level) << serial.SHIFT
        out = lists[nxt, tid]
        nn = 0
        found = 0
        if pull:                                   # q⟨¬π⟩ = Aᵀ any.firstj q, my vertices
            want = np.int64(level - 1)
            for v in range(tid * n // T, (tid + 1) * n // T):
                if lp[v] < 0:
                    for k in range(np.uint64(tptr[v]), np.uint64(tptr[v + 1])):
                        u = np.uint64(tind[k])
                        if lp[u] >> serial.SHIFT == want:
                            lp[v] = tag | np.int64(u)
                            out[nn] = v
                            nn += 1
                            found += indptr[v + 1] - indptr[v]
                            break
        else:                                      # q⟨¬π⟩ = q any.secondi A, my share
            lo = 0 if nq < SMALL else tid * nq // T
            hi = (nq if tid == 0 else 0) if nq < SMALL else (tid + 1) * nq // T
            base = 0
            for j in range(T):
                size = sizes[cur, j * PAD]
                a = max(lo - base, 0)
                b = min(hi - base, size)
                q = lists[cur, j]
                for i in range(a, b):
                    if i + FAR < b:                # prefetch.py
                        prefetch(indptr, q[i + FAR])
                    if i + NEAR < b:
                        prefetch(indices, indptr[q[i + NEAR]])
                    u = np.uint64(q[i])
                    mine = tag | np.int64(u)
                    for k in range(np.uint64(indptr[u]), np.uint64(indptr[u + ONE])):
                        v = np.uint64(indices[k])
                        if lp[v] < 0 and cas(lp, v, -1, mine) == -1:
                            out[nn] = v
                            nn += 1
                            found += indptr[v + ONE] - indptr[v]
                base += size
        sizes[nxt, tid * PAD] = nn
        scouts[nxt, tid * PAD] = found
        barrier(ctl, T)
        if tid == 0:
            total = 0
            for j in range(T):
                total += sizes[nxt, j * PAD]
            stats[level - 1, 0] = nq
            stats[level - 1, 1] = -1 if pull else scout
            stats[level - 1, 2] = total
            stats[level - 1, 3] = 1 if pull else 0
        cur = nxt
    return level


def bfs(indptr, indices, tptr, tind, source, mode, alpha, beta, lp, stats, threads):
    """``bfs.bfs`` on ``threads`` persistent threads: ``lp`` (preset to -1) receives
    ``level << 32 | parent``, ``stats`` the levels' records; returns the levels."""
    n = indptr.size - 1
    T = threads
    lists = np.empty((2, T, n), np.int32)
    sizes = np.zeros((2, T * PAD), np.int64)
    scouts = np.zeros((2, T * PAD), np.int64)
    lists[0, 0, 0] = source
    sizes[0, 0] = 1
    scouts[0, 0] = indptr[source + 1] - indptr[source]
    lp[source] = source
    ctl = np.zeros(3, np.int64)
    args = (T, indptr, indices, tptr, tind, mode, float(alpha), float(beta), lp, lists,
            sizes, scouts, ctl, stats)
    workers = [threading.Thread(target=bfs_worker, args=(t, *args)) for t in range(1, T)]
    for th in workers:
        th.start()
    levels = bfs_worker(0, *args)
    for th in workers:
        th.join()
    return levels
