"""Many sources: compiled multi-source BFS and SSSP, parallel over the cores.

* :func:`bfs_each` / :func:`sssp_each`: one serial search a source (``bfs.push_levels``,
  ``sssp.near_far`` or ``sssp.settle``), sources spread over the threads (``prange``) —
  the work of k
  single-source runs, without their per-call overhead, on every core.
* :func:`bits`: DAWN's ``F⟨¬S⟩ = F any.pair A`` (papers/004) in the MS-BFS layout of
  Then et al. (VLDB 2014): 64 sources a machine word, ``w = ⌈k/64⌉`` words a vertex,
  vertex-major; a level is a pull over Aᵀ, ``N(v) = ⋁_{u ∈ in(v), F(u) ≠ 0} F(u) ∧ ¬S(v)``,
  parallel over the vertices (each writes its own words).  One edge read serves 64
  sources, so it wins where levels are few (scale-free graphs); on a road network the
  frontiers of different sources cross each vertex at different levels and one search a
  source does less work (``bits`` costs levels × edges × w words).
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange
from numba.cpython.unsafe.numbers import trailing_zeros

from .bfs import push_levels
from .sssp import near_far, settle

__all__ = ["bfs_each", "bits", "sssp_each"]

ALL = np.uint64(0xFFFFFFFFFFFFFFFF)


@njit(cache=True, parallel=True)
def bfs_each(indptr, indices, sources, levels, want_levels, counts):
    """Levels (``levels[i]``, preset to -1, when ``want_levels``) and per-level counts
    (``counts[i, ℓ]`` while ℓ < its width) from every source; returns each source's
    number of levels (counts beyond the width were not stored)."""
    n = indptr.size - 1
    k = sources.size
    depth = np.zeros(k, np.int64)
    for i in prange(k):
        q = np.empty(n + 1, np.int64)
        if want_levels:
            depth[i] = push_levels(indptr, indices, sources[i], levels[i], q, counts[i])
        else:
            lv = np.empty(n, np.int64)
            lv[:] = -1
            depth[i] = push_levels(indptr, indices, sources[i], lv, q, counts[i])
    return depth


@njit(cache=True, parallel=True)
def sssp_each(indptr, indices, w, op, rule, delta, w_min, minout, sources, one, out):
    """Path values from every source into ``out[i]`` (preset to 0̄): min_plus by Near-Far
    (``rule`` = -1, split width ``delta``), else by the settle rule ``rule``
    (``sssp.settle``; Martín is Dijkstra by levels of equal value)."""
    for i in prange(sources.size):
        stats = np.empty((1, 4), np.int64)
        fs = np.empty(1)
        if rule < 0:
            near_far(indptr, indices, w, sources[i], delta, out[i], stats, fs)
        else:
            settle(indptr, indices, w, op, rule, w_min, minout, sources[i], one, out[i],
                   False, stats, fs)


@njit(cache=True, parallel=True)
def _level(tptr, tind, F, N, S, active, nxt_active, done, last, level, levels,
           want_levels, cnt):
    """One bitmap level: ``N(v) = ⋁ F(u) ∧ ¬S(v)`` ; ``S(v) ∨= N(v)``; counts per chunk
    of vertices into ``cnt[c]``, levels where wanted.  Returns how many vertices gained
    a bit.

    Without levels, the counts are kept bit-sliced (``_count_bits``): a word of new bits
    is added to 64 counters at once, instead of one increment a bit (Kronecker 16, 1024
    sources: 67 M bits)."""
    n, nw = F.shape
    chunks = cnt.shape[0]
    step = (n + chunks - 1) // chunks
    depth = 1
    while (1 << depth) <= step:
        depth += 1
    gained = np.zeros(chunks, np.int64)
    for c in prange(chunks):
        sliced = np.zeros((nw, depth), np.uint64)  # bit i of the 64 counters of word j
        need = np.empty(nw, np.uint64)             # the sources v has not seen
        for v in range(c * step, min(n, (c + 1) * step)):
            if done[v]:                            # every source has reached v
                nxt_active[v] = False
                continue
            for j in range(nw):
                N[v, j] = 0
                need[j] = ~S[v, j]
            need[nw - 1] &= last
            for e in range(tptr[v], tptr[v + 1]):
                u = tind[e]
                if active[u]:
                    rest = np.uint64(0)
                    for j in range(nw):
                        N[v, j] |= F[u, j]         # F any.pair A, 64 sources a word
                        rest |= need[j] & ~N[v, j]
                    if rest == 0:                  # every missing source arrived
                        break
            hit = False
            for j in range(nw):
                x = N[v, j] & ~S[v, j]             # ⟨¬S⟩
                N[v, j] = x
                if x:
                    hit = True
                    S[v, j] |= x
                    if want_levels:
                        while x:
                            b = trailing_zeros(x)
                            s = j * 64 + b
                            cnt[c, s] += 1
                            levels[s, v] = level
                            x &= x - np.uint64(1)
                    else:
                        carry = x                  # sliced[j] += x, bitwise
                        i = 0
                        while carry:
                            t = sliced[j, i] & carry
                            sliced[j, i] ^= carry
                            carry = t
                            i += 1
            nxt_active[v] = hit
            if hit:
                gained[c] += 1
                full = S[v, nw - 1] == last
                for j in range(nw - 1):
                    full = full and S[v, j] == ALL
                done[v] = full
        if not want_levels:
            _count_bits(sliced, cnt[c])
    return gained.sum()


@njit(cache=True, inline="always")
def _count_bits(sliced, out):
    """``out[64 j + b] = Σᵢ bit b of sliced[j, i] · 2ⁱ``: bit-sliced counters read out."""
    nw, depth = sliced.shape
    for j in range(nw):
        for i in range(depth):
            x = sliced[j, i]
            while x:
                b = trailing_zeros(x)
                out[j * 64 + b] += np.int64(1) << i
                x &= x - np.uint64(1)


@njit(cache=True)
def bits(tptr, tind, sources, levels, want_levels, threads):
    """Level counts ``C`` (``(L + 1) × k``; row 0 counts each source itself) of a BFS
    from every (distinct) source at once; ``levels[s]`` (preset to -1) receives source
    ``s``'s levels when ``want_levels``."""
    n = tptr.size - 1
    k = sources.size
    nw = (k + 63) // 64
    F = np.zeros((n, nw), np.uint64)
    N = np.zeros((n, nw), np.uint64)
    S = np.zeros((n, nw), np.uint64)
    active = np.zeros(n, np.bool_)
    nxt_active = np.zeros(n, np.bool_)
    done = np.zeros(n, np.bool_)
    last = ALL if k % 64 == 0 else (np.uint64(1) << np.uint64(k % 64)) - np.uint64(1)
    for s in range(k):
        v = sources[s]
        F[v, s // 64] |= np.uint64(1) << np.uint64(s % 64)
        S[v, s // 64] |= np.uint64(1) << np.uint64(s % 64)
        active[v] = True
        if want_levels:
            levels[s, v] = 0
    out = np.zeros((64, k), np.int64)
    out[0, :] = 1
    cnt = np.zeros((4 * threads, k), np.int64)
    level = 0
    while True:
        level += 1
        cnt[:] = 0
        gained = _level(tptr, tind, F, N, S, active, nxt_active, done, last, level,
                        levels, want_levels, cnt)
        if gained == 0:
            break
        if level == out.shape[0]:
            grown = np.zeros((2 * level, k), np.int64)
            grown[:level] = out
            out = grown
        out[level] = cnt.sum(axis=0)
        F, N = N, F
        active, nxt_active = nxt_active, active
    return out[:level]
