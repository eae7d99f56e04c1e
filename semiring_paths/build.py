"""CSR from edge lists in compiled loops: a counting sort by row, then each row sorted
and its duplicates merged (the least weight kept, as scipy.sparse.csgraph does).

The edges may come as one array or as a list of chunks (the blocks a CSV reader
produced, read in place): nothing is concatenated, no int32 id is widened, an undirected
edge is scattered both ways without doubling the input, and the row pointers double as
the scatter positions.  The peak is the input plus the output (``bench_io.py``: a
50 M-edge list read at under 3× the CSR's bytes).  The scatter runs in parallel by row
ranges (each thread reads every edge and writes the rows it owns, so no two threads
write one place); the rows are sorted in parallel, short ones by insertion.
"""

from __future__ import annotations

from collections.abc import Callable

import numba
import numpy as np
from numba import njit, prange

__all__ = ["csr_min_dedup", "is_csr"]

_SHORT = 32                  # rows up to this long are sorted by insertion


@njit(cache=True)
def _count(src, dst, base, both, indptr):
    for k in range(src.size):
        indptr[src[k] - base + 1] += 1
        if both:
            indptr[dst[k] - base + 1] += 1


@njit(cache=True, parallel=True)
def _scatter(src, dst, w, has_w, base, both, parts, pos, indices, wout):
    """Edge k goes to ``pos[row]`` (then advanced); thread ``t`` owns the rows
    ``parts[t] ≤ row < parts[t + 1]``."""
    for t in prange(parts.size - 1):
        lo = parts[t]
        hi = parts[t + 1]
        for k in range(src.size):
            s = src[k] - base
            d = dst[k] - base
            if lo <= s < hi:
                p = pos[s]
                indices[p] = d
                if has_w:
                    wout[p] = w[k]
                pos[s] = p + 1
            if both and lo <= d < hi:
                p = pos[d]
                indices[p] = s
                if has_w:
                    wout[p] = w[k]
                pos[d] = p + 1


@njit(cache=True, inline="always")
def _insertion(indices, w, has_w, a, b):
    for i in range(a + 1, b):
        c = indices[i]
        x = w[i] if has_w else 0
        j = i - 1
        while j >= a and (indices[j] > c or (has_w and indices[j] == c and w[j] > x)):
            indices[j + 1] = indices[j]
            if has_w:
                w[j + 1] = w[j]
            j -= 1
        indices[j + 1] = c
        if has_w:
            w[j + 1] = x


@njit(cache=True, inline="always")
def _before(indices, w, has_w, i, j):
    """Entry i sorts before entry j: by column, then weight."""
    return indices[i] < indices[j] or (has_w and indices[i] == indices[j] and w[i] < w[j])


@njit(cache=True, inline="always")
def _swap(indices, w, has_w, i, j):
    t = indices[i]
    indices[i] = indices[j]
    indices[j] = t
    if has_w:
        x = w[i]
        w[i] = w[j]
        w[j] = x


@njit(cache=True)
def _sift(indices, w, has_w, a, root, end):
    """Restore the max-heap below ``root`` over ``a + [0, end)``."""
    while True:
        child = 2 * root + 1
        if child >= end:
            return
        if child + 1 < end and _before(indices, w, has_w, a + child, a + child + 1):
            child += 1
        if not _before(indices, w, has_w, a + root, a + child):
            return
        _swap(indices, w, has_w, a + root, a + child)
        root = child


@njit(cache=True)
def _heapsort(indices, w, has_w, a, b):
    """Sort ``[a, b)`` by (column, weight) in place.  A heapsort, not ``np.argsort`` /
    ``ndarray.sort``: numba compiles those for seconds (5 s of a first ``read``), and
    long unsorted rows are few."""
    k = b - a
    for root in range(k // 2 - 1, -1, -1):
        _sift(indices, w, has_w, a, root, k)
    for end in range(k - 1, 0, -1):
        _swap(indices, w, has_w, a, a + end)
        _sift(indices, w, has_w, a, 0, end)


@njit(cache=True, parallel=True)
def _sort_rows(indptr, indices, w, has_w, kept):
    """Sort each row by (column, weight) and keep the first of each column (its least
    weight), in place; ``kept[r]``: how many stay."""
    n = indptr.size - 1
    for r in prange(n):
        a = indptr[r]
        b = indptr[r + 1]
        ordered = True
        for t in range(a + 1, b):
            if indices[t] <= indices[t - 1]:
                ordered = False
                break
        if ordered:
            kept[r] = b - a
            continue
        if b - a <= _SHORT:
            _insertion(indices, w, has_w, a, b)
        else:
            _heapsort(indices, w, has_w, a, b)
        j = a
        for t in range(a + 1, b):
            if indices[t] != indices[j]:
                j += 1
                indices[j] = indices[t]
                if has_w:
                    w[j] = w[t]
        kept[r] = j + 1 - a


@njit(cache=True)
def _compact(indptr, indices, w, has_w, kept):
    n = indptr.size - 1
    new = 0
    for r in range(n):
        a = indptr[r]
        indptr[r] = new
        if new != a:
            for t in range(kept[r]):
                indices[new + t] = indices[a + t]
                if has_w:
                    w[new + t] = w[a + t]
        new += kept[r]
    indptr[n] = new
    return new


@njit(cache=True)
def _shift(indptr):
    for r in range(indptr.size - 1, 0, -1):
        indptr[r] = indptr[r - 1]
    indptr[0] = 0


def _parts(indptr: np.ndarray, threads: int) -> np.ndarray:
    """Row ranges holding about equal numbers of entries, one a thread."""
    m = int(indptr[-1])
    cuts = np.searchsorted(indptr, np.linspace(0, m, threads + 1)[1:-1])
    return np.unique(np.concatenate([[0], cuts, [indptr.size - 1]])).astype(np.int64)


def _chunks(a) -> list[np.ndarray]:
    return list(a) if isinstance(a, (list, tuple)) else [a]


def csr_min_dedup(src, dst, w, n: int, both: bool, id_type: type, *, base: int = 0,
                  weight_type: type | None = None, consume: bool = False,
                  release: Callable[[], None] | None = None):
    """``(indptr, indices, weights)`` of the edges ``src → dst`` (and ``dst → src`` when
    ``both``) over ``n`` vertices.

    ``src``, ``dst``, ``w``: arrays, or lists of chunks of equal lengths; ids already
    checked to lie in ``base … base + n - 1`` (``base`` 1 reads a 1-based file in
    place).  ``weight_type``: the weights' dtype (default: the first chunk's).
    ``consume``: empty the given chunk lists as the scatter goes (a reader's blocks are
    released while the CSR fills; ``release`` is called after each, to hand the memory
    back).
    """
    srcs = src if consume else _chunks(src)
    dsts = dst if consume else _chunks(dst)
    ws = (w if consume else _chunks(w)) if w is not None else [None] * len(srcs)
    has_w = w is not None
    if sum(c.size for c in srcs) < SMALL_EDGES:
        return _sorted_small(srcs, dsts, ws if has_w else None, n, both, id_type, base,
                             weight_type)
    empty = np.zeros(0, np.int8)
    indptr = np.zeros(n + 1, np.int64)
    for s, d in zip(srcs, dsts):
        _count(s, d, base, both, indptr)
    np.cumsum(indptr, out=indptr)
    m = int(indptr[-1])
    indices = np.empty(m, id_type)
    wout = np.empty(m, weight_type or ws[0].dtype) if has_w else empty
    parts = _parts(indptr, min(8, max(1, numba.get_num_threads())))
    pos = indptr[:-1]                  # the row starts, advanced as rows fill
    for i in range(len(srcs)):
        _scatter(srcs[i], dsts[i], ws[i] if has_w else empty, has_w, base, both, parts,
                 pos, indices, wout)
        if consume:                    # the caller's chunk lists: free each as it is used
            srcs[i] = dsts[i] = None
            if has_w:
                ws[i] = None
            if release is not None:
                release()
    _shift(indptr)                     # each start has become the next row's start
    del srcs, dsts, ws
    kept = np.empty(n, np.int32 if m < 2**31 else np.int64)
    _sort_rows(indptr, indices, wout, has_w, kept)
    nnz = _compact(indptr, indices, wout, has_w, kept)
    if nnz < m:                        # duplicates merged: give the tail back, in place
        indices.resize(nnz, refcheck=False)
        if has_w:
            wout.resize(nnz, refcheck=False)
    return indptr, indices, (wout if has_w else None)


#: below this many input edges the CSR is built by NumPy sorts: the compiled builder
#: (for the memory of large inputs) costs seconds to compile in a new install, and a
#: small list sorts in milliseconds (rome99: 3.5 s cold → 2 ms)
SMALL_EDGES = 1 << 20


def _sorted_small(srcs, dsts, ws, n, both, id_type, base, weight_type):
    """:func:`csr_min_dedup` by one lexicographic sort of (row, column, weight): the
    first of each (row, column) is its least weight."""
    s = np.concatenate([np.asarray(c, np.int64) for c in srcs]) - base
    d = np.concatenate([np.asarray(c, np.int64) for c in dsts]) - base
    w = np.concatenate(ws) if ws is not None else None
    if both:
        s, d = np.concatenate((s, d)), np.concatenate((d, s))
        w = np.concatenate((w, w)) if w is not None else None
    order = np.lexsort((w, d, s) if w is not None else (d, s))
    s, d = s[order], d[order]
    first = np.ones(s.size, np.bool_)
    first[1:] = (s[1:] != s[:-1]) | (d[1:] != d[:-1])
    indptr = np.zeros(n + 1, np.int64)
    np.cumsum(np.bincount(s[first], minlength=n), out=indptr[1:])
    wout = None
    if w is not None:
        wout = w[order][first].astype(weight_type or w.dtype, copy=False)
    return indptr, d[first].astype(id_type), wout


@njit(cache=True, parallel=True)
def _check(indptr, indices, n):
    bad = 0
    for r in prange(n):
        a = indptr[r]
        b = indptr[r + 1]
        if a > b or a < 0 or b > indices.size:
            bad += 1
            continue
        prev = -1
        for k in range(a, b):
            c = indices[k]
            if c <= prev or c >= n:
                bad += 1
                break
            prev = c
    return bad


def is_csr(indptr: np.ndarray, indices: np.ndarray, n: int) -> bool:
    """Whether ``(indptr, indices)`` is the CSR index of a Graph: pointers from 0 to
    ``indices.size``, non-decreasing, each row's columns strictly increasing and below
    ``n`` (the invariant every kernel trusts)."""
    if indptr.size != n + 1 or indptr[0] != 0 or indptr[-1] != indices.size:
        return False
    return n == 0 or _check(indptr, indices, n) == 0
