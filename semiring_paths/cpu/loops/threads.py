"""Near-Far on persistent threads: one search, every core, two barriers a round.

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
"""

from __future__ import annotations

import math
import threading

import numpy as np
from numba import njit

from .atomic import barrier, cas, relax
from .prefetch import FAR, NEAR, prefetch
from .sssp import ONE, _room, far_low, next_split, split_far

__all__ = ["near_far"]


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
