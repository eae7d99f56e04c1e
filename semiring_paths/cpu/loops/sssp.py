"""Single-source path values as compiled rounds: each strategy's masking rule over the
relaxation ``t = f ⊕.⊗ A ; d ⊕= t`` (the algebra of ``algorithms/sssp.py``).

Semirings are codes (``OPS``): ``⊗`` is ``+``, ``min`` or ``×`` and ``⊕`` keeps the
least (min_plus) or the greatest (max_min, max_times) value.  Every kernel writes ``d``
(preset to ``0̄``) in place and records one row a round in ``stats`` (frontier, edges
examined, changed or settled, pending) and ``fs`` (Δ, split or threshold), growing both
as needed; it returns ``(stats, fs, rounds)``.

* :func:`fixed_point` — workfront (``f`` = what changed) and Bellman-Ford (``f`` = every
  vertex with a value); -1 rounds past ``max_rounds`` (an improving cycle).  A workfront
  round whose frontier has ``PAR_EDGES`` out-edges or more runs in parallel
  (:func:`_wide`: edge-balanced chunks, ``d`` lowered by compare-and-swap, the next
  frontier deduplicated by a CAS on ``mark``); thinner rounds stay serial, where a
  parallel region's start would cost more than the round.
* :func:`near_far` — 002's Near-Far (near set below ``split``, far pile above).
* :func:`delta_stepping` — Meyer–Sanders buckets of width Δ in a circular window of bins.
* :func:`settle` — Martín, Crauser and economic Crauser: settle ``U⟨δ ≤ Δᵢ⟩`` a round,
  the open set ``U`` on indexed heaps (``heap.py``).
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit, prange

from .atomic import cas, relax
from .heap import pop, remove, update
from .prefetch import FAR, NEAR, prefetch

__all__ = ["OPS", "delta_stepping", "fixed_point", "near_far", "new_stats", "next_split",
           "settle"]

#: semiring codes of the kernels
OPS = {"min_plus": 0, "max_min": 1, "max_times": 2}
#: settle rules
MARTIN, CRAUSER, ECONOMIC = 0, 1, 2

#: vertex and edge ids are read as unsigned in the inner loops: numba indexes with a
#: signed integer through a negative-index fix-up, which costs up to 2× on a BFS
#: (luxembourg_osm: 4.1 ms → 2.1 ms)
ONE = np.uint64(1)


@njit(cache=True, inline="always")
def _times(op, a, w):                      # a ⊗ w
    if op == 0:
        return a + w
    if op == 1:
        return min(a, w)
    return a * w


@njit(cache=True, inline="always")
def _better(op, t, d):                     # t ⊕ d ≠ d
    return t < d if op == 0 else t > d


def new_stats(rows: int = 64):
    """Empty round records: ``stats`` (frontier, edges, changed, pending) and ``fs``."""
    return np.full((rows, 4), -1, np.int64), np.full(rows, np.nan)


@njit(cache=True)
def _room(stats, fs, r):
    """``stats``/``fs`` with a row ``r`` (doubled when full).  Element loops, not
    ``np.full`` or slice assignment: numba takes seconds to compile those (their error
    messages are formatted strings), and this runs in every search's first call."""
    if r < stats.shape[0]:
        return stats, fs
    s = np.empty((2 * stats.shape[0], 4), np.int64)
    f = np.empty(2 * fs.size)
    for i in range(s.shape[0]):
        old = i < r
        for j in range(4):
            s[i, j] = stats[i, j] if old else -1
        f[i] = fs[i] if old else np.nan
    return s, f


# ---------------------------------------------------------------------- fixed points
#: a workfront round runs in parallel from this many frontier out-edges
PAR_EDGES = 1 << 14


@njit(cache=True, parallel=True)
def _wide(indptr, indices, w, op, d, front, nf, nxt, mark, r, threads):
    """One parallel round ``t = f ⊕.⊗ A ; f = t⟨t ⊕ d ≠ d⟩ ; d ⊕= t`` over
    ``front[:nf]``; the next frontier lands in ``nxt``.  Returns (its size, edges)."""
    pre = np.empty(nf + 1, np.int64)               # out-edges before each frontier entry
    pre[0] = 0
    for i in range(nf):
        u = front[i]
        pre[i + 1] = pre[i] + indptr[u + 1] - indptr[u]
    total = pre[nf]
    chunks = 8 * threads
    bounds = np.searchsorted(pre, np.arange(chunks + 1) * total // chunks)
    bounds[chunks] = nf
    out = np.empty(total, np.int64)                # chunk c writes from pre[bounds[c]]
    found = np.zeros(chunks, np.int64)
    dbits = d.view(np.int64)
    sign = 1.0 if op == 0 else -1.0                # min_plus keeps the least
    for c in prange(chunks):
        j0 = pre[bounds[c]]
        j = j0
        for i in range(bounds[c], bounds[c + 1]):
            u = np.uint64(front[i])
            du = d[u]
            for k in range(np.uint64(indptr[u]), np.uint64(indptr[u + ONE])):
                v = np.uint64(indices[k])
                t = _times(op, du, np.float64(w[k]))
                if relax(dbits, v, t, sign):              # d ⊕= t, atomically
                    m = mark[v]
                    if m != r and cas(mark, v, m, r) == m:
                        out[j] = v
                        j += 1
        found[c] = j - j0
    nn = 0
    for c in range(chunks):
        j0 = pre[bounds[c]]
        nxt[nn:nn + found[c]] = out[j0:j0 + found[c]]
        nn += found[c]
    return nn, total


@njit(cache=True, inline="always")
def _out_edges(indptr, front, nf):
    """The out-edges of the frontier ``front[:nf]`` (the push's work)."""
    total = 0
    for i in range(nf):
        total += indptr[front[i] + 1] - indptr[front[i]]
    return total


@njit(cache=True, parallel=True)
def _pull(tptr, tind, tw, op, d, nxt, mark, r, threads):
    """One parallel pull round ``t = d ⊕.⊗ A ; f = t⟨t ⊕ d ≠ d⟩ ; d ⊕= t`` through the
    in-edges (``tptr``, ``tind``, ``tw``: Aᵀ by rows) of every vertex, each vertex written
    by one thread only (no atomics); returns (next frontier size in ``nxt``, edges).

    It improves what ``f ⊕.⊗ A`` would (a fixed-point round leaves out of ``f`` only
    values already relaxed along every edge), and a value read while another thread
    lowers it is still an upper bound: whatever changed this round is in ``nxt``."""
    n = tptr.size - 1
    chunks = 8 * threads                           # edge-balanced ranges of vertices
    bounds = np.searchsorted(tptr, np.arange(chunks + 1) * tptr[n] // chunks)
    bounds[0] = 0
    bounds[chunks] = n
    found = np.zeros(chunks, np.int64)
    for c in prange(chunks):
        j = bounds[c]                              # chunk c writes nxt[its vertices]
        for v in range(bounds[c], bounds[c + 1]):
            best = d[v]
            for k in range(np.uint64(tptr[v]), np.uint64(tptr[v + 1])):
                t = _times(op, d[np.uint64(tind[k])], np.float64(tw[k]))
                if _better(op, t, best):
                    best = t
            if best != d[v]:
                d[v] = best
                mark[v] = r
                nxt[j] = v
                j += 1
        found[c] = j - bounds[c]
    nn = 0
    for c in range(chunks):                        # compact (forward: nn ≤ bounds[c])
        for i in range(bounds[c], bounds[c] + found[c]):
            nxt[nn] = nxt[i]
            nn += 1
    return nn, tptr[n]


@njit(cache=True)
def fixed_point(indptr, indices, w, op, zero, d, front, nf, whole, max_rounds, record,
                stats, fs, r, delta, threads, tptr, tind, tw, pull_edges):
    """Rounds of ``t = f ⊕.⊗ A ; f = t⟨t ⊕ d ≠ d⟩ ; d ⊕= t`` from ``f = front[:nf]`` until
    nothing changes.  ``whole`` (Bellman-Ford): the frontier is every vertex with a value,
    listed in ``front`` (capacity n), which grows as vertices are reached.  Rounds are
    numbered from ``r`` (a second phase continues the first's records); ``threads``:
    numba's thread count (wide rounds run in parallel when above 1).  A round whose
    frontier has more than ``pull_edges`` out-edges (every round when negative, none when
    inf) pulls through Aᵀ (``tptr``, ``tind``, ``tw``) instead (:func:`_pull`)."""
    n = indptr.size - 1
    nxt = np.empty(n, np.int64)
    mark = np.empty(n, np.int64)              # the round a vertex last changed in
    mark[:] = -1
    start = r
    while nf:
        if r - start >= max_rounds:
            return stats, fs, -1
        nn = 0
        edges = 0
        size = nf
        cnt = nf                                   # frontier entries relaxed serially
        if nf > 64 or pull_edges < 0:
            wide = _out_edges(indptr, front, nf)
            if wide > pull_edges:                  # d ⊕= d ⊕.⊗ A, by in-edges
                nn, edges = _pull(tptr, tind, tw, op, d, nxt, mark, r, threads)
                cnt = 0
                if whole:                          # f = every vertex with a value
                    nf = 0
                    for v in range(n):
                        if d[v] != zero:
                            front[nf] = v
                            nf += 1
            elif not whole and wide >= PAR_EDGES and threads > 1:  # wide: in parallel
                nn, edges = _wide(indptr, indices, w, op, d, front, nf, nxt, mark, r,
                                  threads)
                cnt = 0
        for i in range(cnt):
            u = np.uint64(front[i])
            du = d[u]
            for k in range(np.uint64(indptr[u]), np.uint64(indptr[u + ONE])):
                v = np.uint64(indices[k])
                t = _times(op, du, np.float64(w[k]))      # t = f ⊕.⊗ A
                if _better(op, t, d[v]):                  # f = t⟨t ⊕ d ≠ d⟩ ; d ⊕= t
                    if whole and d[v] == zero:
                        front[nf] = v                     # newly reached: f grows
                        nf += 1
                    d[v] = t
                    if mark[v] != r:
                        mark[v] = r
                        if not whole:
                            nxt[nn] = v
                        nn += 1
            edges += indptr[u + ONE] - indptr[u]
        if record:
            stats, fs = _room(stats, fs, r)
            stats[r, 0] = size
            stats[r, 1] = edges
            stats[r, 2] = nn
            fs[r] = delta
        r += 1
        if whole:
            if nn == 0:
                break
        else:
            front, nxt = nxt, front
            nf = nn
    return stats, fs, r


# ---------------------------------------------------------------------- near-far
@njit(cache=True, inline="always")
def next_split(low, delta, split):
    """Near-Far's next split: the end of the Δ-range holding the least far value ``low``
    (``(⌊low/Δ⌋ + 1)·Δ``, always above ``low``), never below the current ``split``
    (``algorithms/sssp.py``'s ``bucket_end``)."""
    end = (math.floor(low / delta) + 1.0) * delta
    if end <= low:
        end = np.nextafter(low, math.inf)
    return max(end, split)


@njit(cache=True, inline="always")
def far_low(d, far, nfar):
    """The least value in the far pile ``far[:nfar]`` (inf when empty)."""
    low = math.inf
    for i in range(nfar):
        if d[far[i]] < low:
            low = d[far[i]]
    return low


@njit(cache=True, inline="always")
def split_far(d, far, nfar, split, in_far, mark, r, out, nout):
    """``near = far⟨δ < split⟩``: the far vertices below ``split`` go to ``out[nout:]``
    (once a round, by ``mark``), the rest stay, compacted; returns (far size, out size).
    Both Near-Fars (serial, and each thread's own pile in ``threads.py``) split by it."""
    keep = 0
    for i in range(nfar):
        v = far[i]
        if d[v] < split:
            in_far[v] = 0
            if mark[v] != r:
                mark[v] = r
                out[nout] = v
                nout += 1
        else:
            far[keep] = v
            keep += 1
    return keep, nout


@njit(cache=True)
def near_far(indptr, indices, w, source, delta, d, stats, fs):
    """min_plus Near-Far (002), non-negative weights: improved vertices below ``split``
    form the next near set, the others join the far pile; when the near set empties,
    ``split`` moves past the least far value (by whole Δ) and the far pile is split.

    The relaxation is branch-free: whether an edge improves its head, and where the
    head goes, are coin tosses on a road graph, and a mispredicted branch costs more
    than the stores it saves.  Each edge stores ``d``, ``mark`` and ``in_far`` back
    (unchanged unless it improved) and writes its head to both lists, advancing the one
    it joins (osm-malta, Δ = 1111: 1.38 → 1.04 ms; the lists have n + 1 slots)."""
    n = indptr.size - 1
    near = np.empty(n + 1, np.int32)
    nxt = np.empty(n + 1, np.int32)
    far = np.empty(n + 1, np.int32)
    in_far = np.zeros(n, np.uint8)
    mark = np.empty(n, np.int32)
    mark[:] = -1
    d[source] = 0.0
    near[0] = source
    nnear = 1
    nfar = 0
    split = delta
    r = 0
    while True:
        if nnear == 0:                             # refill from the far pile
            low = far_low(d, far, nfar)
            if nfar == 0 or low == math.inf:
                break
            split = next_split(low, delta, split)  # skip empty ranges
            # near = far⟨δ < split⟩
            nfar, nnear = split_far(d, far, nfar, split, in_far, mark, r, near, nnear)
            continue
        nn = 0
        edges = 0
        stamp = np.int32(r + 1)
        for i in range(nnear):
            if i + FAR < nnear:                    # prefetch.py
                prefetch(indptr, near[i + FAR])
            if i + NEAR < nnear:
                a = indptr[near[i + NEAR]]
                prefetch(indices, a)
                prefetch(w, a)
            u = np.uint64(near[i])
            du = d[u]
            for k in range(np.uint64(indptr[u]), np.uint64(indptr[u + ONE])):
                v = np.uint64(indices[k])
                t = du + w[k]                      # t = near min.+ A
                dv = d[v]
                better = np.int64(t < dv)
                d[v] = min(t, dv)
                mv = mark[v]                       # near = f⟨δ < split⟩, once a round
                to_near = better & np.int64(t < split) & np.int64(mv != stamp)
                mark[v] = stamp if to_near else mv
                nxt[nn] = v
                nn += to_near
                fv = in_far[v]                     # far⟨f ≥ split⟩ = f, once
                to_far = better & np.int64(t >= split) & (1 - np.int64(fv))
                in_far[v] = fv | np.uint8(to_far)
                far[nfar] = v
                nfar += to_far
            edges += indptr[u + ONE] - indptr[u]
        stats, fs = _room(stats, fs, r)
        stats[r, 0] = nnear
        stats[r, 1] = edges
        stats[r, 2] = nn
        stats[r, 3] = nfar
        fs[r] = split
        r += 1
        near, nxt = nxt, near
        nnear = nn
    return stats, fs, r


# ---------------------------------------------------------------------- Δ-stepping
@njit(cache=True, inline="always")
def _bin_add(pv, pn, head, used, free, b, v):
    """Push ``v`` onto the list of bin slot ``b`` (slots recycled through ``free``)."""
    if free >= 0:
        s = free
        free = pn[s]
    else:
        if used == pv.size:
            pv = np.concatenate((pv, np.empty_like(pv)))
            pn = np.concatenate((pn, np.empty_like(pn)))
        s = used
        used += 1
    pv[s] = v
    pn[s] = head[b]
    head[b] = s
    return pv, pn, used, free


@njit(cache=True)
def _relax_bucket(indptr, indices, w, delta, nbins, d, F, nf, pv, pn, head, used, free,
                  live, threads, buf, seen, r):
    """``t = F min.+ A`` over one of the edge sets (``A⟨A ≤ Δ⟩`` or ``A⟨A > Δ⟩``); every
    improved vertex goes to the bin of its new value.  A wide ``F`` is relaxed by
    :func:`_wide` (round ``r``, ``seen``/``buf`` its marks and output).  Returns (edges,
    live, and the bin lists)."""
    if threads > 1 and nf > 64 and _out_edges(indptr, F, nf) >= PAR_EDGES:
        nn, edges = _wide(indptr, indices, w, 0, d, F, nf, buf, seen, r, threads)
        for i in range(nn):                        # relaxed in parallel, binned serially
            v = buf[i]
            pv, pn, used, free = _bin_add(pv, pn, head, used, free,
                                          int(d[v] / delta) % nbins, v)
        return edges, live + nn, pv, pn, used, free
    edges = 0
    for i in range(nf):
        u = np.uint64(F[i])
        du = d[u]
        for k in range(np.uint64(indptr[u]), np.uint64(indptr[u + ONE])):
            v = np.uint64(indices[k])
            t = du + w[k]
            if t < d[v]:                           # d = min(d, t)
                d[v] = t
                pv, pn, used, free = _bin_add(pv, pn, head, used, free,
                                              int(t / delta) % nbins, v)
                live += 1
        edges += indptr[u + ONE] - indptr[u]
    return edges, live, pv, pn, used, free


@njit(cache=True)
def delta_stepping(lptr, lind, lw, hptr, hind, hw, source, delta, nbins, d, stats, fs,
                   threads):
    """min_plus Δ-stepping (Meyer–Sanders; 002's Bucketing), non-negative weights: the
    lowest non-empty bucket ``B = U⟨δ < (k+1)Δ⟩`` is relaxed along light edges
    (``w ≤ Δ``: ``lptr``, ``lind``, ``lw``) until it stops refilling, then the heavy edges
    (``w > Δ``: ``hptr``, ``hind``, ``hw``) of all it settled, once.  Buckets are lists in
    a circular window of ``nbins ≥ ⌊max w / Δ⌋ + 2`` bins: every open vertex lies within
    that many buckets of the current one."""
    n = lptr.size - 1
    pv = np.empty(n + 16, np.int64)                # bin lists: vertex, next slot
    pn = np.empty(n + 16, np.int64)
    head = np.empty(nbins, np.int64)
    head[:] = -1
    used = 0
    free = -1
    live = 1                                       # entries in bins (stale ones too)
    B = np.empty(n, np.int64)
    R = np.empty(n, np.int64)
    mark = np.empty(n, np.int64)                # the round a vertex was taken in
    mark[:] = -1
    in_r = np.empty(n, np.int64)                # the bucket a vertex was settled in
    in_r[:] = -1
    seen = np.empty(n, np.int64)                # a wide relaxation's marks, output
    seen[:] = -1
    buf = np.empty(n, np.int64)
    d[source] = 0.0
    pv, pn, used, free = _bin_add(pv, pn, head, used, free, 0, source)
    cur = 0
    r = 0
    while live:
        slot = cur % nbins
        if head[slot] < 0:
            cur += 1
            continue
        hi = (cur + 1) * delta
        nr = 0
        while True:
            # B = U⟨δ < (k+1)Δ⟩: take the bin's list, keep current entries once
            nb = 0
            s = head[slot]
            head[slot] = -1
            while s >= 0:
                v = pv[s]
                nx = pn[s]
                pn[s] = free
                free = s
                live -= 1
                if int(d[v] / delta) == cur and mark[v] != r:
                    mark[v] = r
                    B[nb] = v
                    nb += 1
                s = nx
            if nb == 0:
                break
            for i in range(nb):                    # R⟨B⟩ = B: settled in this bucket
                u = B[i]
                if in_r[u] != cur:
                    in_r[u] = cur
                    R[nr] = u
                    nr += 1
            # t = B min.+ A⟨A ≤ Δ⟩ (light edges)
            edges, live, pv, pn, used, free = _relax_bucket(
                lptr, lind, lw, delta, nbins, d, B, nb, pv, pn, head, used, free, live,
                threads, buf, seen, r)
            stats, fs = _room(stats, fs, r)
            stats[r, 0] = nb
            stats[r, 1] = edges
            stats[r, 3] = live
            fs[r] = hi
            r += 1
        # t = R min.+ A⟨A > Δ⟩ (heavy edges), once
        edges, live, pv, pn, used, free = _relax_bucket(
            hptr, hind, hw, delta, nbins, d, R, nr, pv, pn, head, used, free, live,
            threads, buf, seen, r)
        stats, fs = _room(stats, fs, r)
        stats[r, 0] = nr
        stats[r, 1] = edges
        stats[r, 2] = nr
        stats[r, 3] = live
        fs[r] = hi
        r += 1
        cur += 1
    return stats, fs, r


# ---------------------------------------------------------------------- settle rules
@njit(cache=True)
def settle(indptr, indices, w, op, rule, w_min, minout, source, one, d, record, stats, fs):
    """Settle ``F = U⟨δ ≤ Δᵢ⟩`` a round and relax ``t⟨¬S⟩ = F ⊕.⊗ A`` (papers/001):
    Martín ``Δᵢ = ⊕_U δ`` (eq. 3; with ties, Dijkstra), Crauser ``Δᵢ = min_U (δ +
    minout)`` (eq. 1), economic ``Δᵢ = min_U δ + min_w`` (eq. 2).  ``U`` lives on an
    indexed heap keyed by δ (negated for a max semiring); Crauser keeps a second heap keyed
    by ``δ + minout``."""
    n = indptr.size - 1
    sign = 1.0 if op == 0 else -1.0
    k1 = np.empty(n)                               # heap keys: sign·δ
    h1 = np.empty(n, np.int64)
    p1 = np.empty(n, np.int64)
    p1[:] = -1
    crauser = rule == CRAUSER
    k2 = np.empty(n if crauser else 0)             # δ + minout
    h2 = np.empty(n if crauser else 0, np.int64)
    p2 = np.empty(n if crauser else 0, np.int64)
    p2[:] = -1
    done = np.zeros(n, np.bool_)                   # S: settled
    F = np.empty(n, np.int64)
    d[source] = one
    k1[source] = sign * one
    s1 = update(h1, p1, k1, source, 0)
    s2 = 0
    if crauser:
        k2[source] = one + minout[source]
        s2 = update(h2, p2, k2, source, 0)
    settled = 0
    r = 0
    while s1:
        if rule == MARTIN:                         # Δᵢ, in key space
            lim = k1[h1[0]]
        elif crauser:
            lim = k2[h2[0]]
        else:
            lim = k1[h1[0]] + w_min
        nf = 0
        while s1 and k1[h1[0]] <= lim:             # F = U⟨δ ≤ Δᵢ⟩ ; U = U⟨¬F⟩ ; S⟨F⟩ = F
            u = pop(h1, p1, k1, s1)
            s1 -= 1
            if crauser:
                s2 = remove(h2, p2, k2, u, s2)
            done[u] = True
            F[nf] = u
            nf += 1
        settled += nf
        edges = 0
        for i in range(nf):                        # t⟨¬S⟩ = F ⊕.⊗ A
            u = np.uint64(F[i])
            du = d[u]
            for k in range(np.uint64(indptr[u]), np.uint64(indptr[u + ONE])):
                v = np.uint64(indices[k])
                if done[v]:
                    continue
                t = _times(op, du, np.float64(w[k]))
                if _better(op, t, d[v]):           # d ⊕= t ; U⟨changed⟩ = t
                    d[v] = t
                    k1[v] = sign * t
                    s1 = update(h1, p1, k1, v, s1)
                    if crauser:
                        k2[v] = t + minout[v]
                        s2 = update(h2, p2, k2, v, s2)
            edges += indptr[u + ONE] - indptr[u]
        if record:
            stats, fs = _room(stats, fs, r)
            stats[r, 0] = nf
            stats[r, 1] = edges
            stats[r, 2] = settled
            stats[r, 3] = s1
            fs[r] = sign * lim
        r += 1
    return stats, fs, r
