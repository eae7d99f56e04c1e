"""CSR from edge lists in compiled loops: a counting sort by row, then each row sorted
and its duplicates merged (the least weight kept, as scipy.sparse.csgraph does).

Memory stays near the inputs plus the output: no int64 copies of int32 ids, no
concatenation for undirected graphs (each edge is scattered both ways), no global sort
(a 50 M-edge list sorts as 50 M short rows, in parallel).
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange

__all__ = ["csr_min_dedup", "is_csr"]


@njit(cache=True)
def _row_pointers(src, dst, n, both):
    indptr = np.zeros(n + 1, np.int64)
    for k in range(src.size):
        indptr[src[k] + 1] += 1
        if both:
            indptr[dst[k] + 1] += 1
    for r in range(n):
        indptr[r + 1] += indptr[r]
    return indptr


@njit(cache=True)
def _scatter(src, dst, w, has_w, both, indptr, indices, wout):
    pos = indptr[:-1].copy()
    for k in range(src.size):
        s = src[k]
        d = dst[k]
        p = pos[s]
        indices[p] = d
        if has_w:
            wout[p] = w[k]
        pos[s] = p + 1
        if both:
            p = pos[d]
            indices[p] = s
            if has_w:
                wout[p] = w[k]
            pos[d] = p + 1


@njit(cache=True, parallel=True)
def _sort_rows(indptr, indices, w, has_w, kept):
    """Sort each row by column and merge duplicates in place; ``kept[r]``: what stays."""
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
        if has_w:
            order = np.argsort(indices[a:b], kind="mergesort")
            ids = indices[a:b][order]
            ws = w[a:b][order]
            j = a
            indices[j] = ids[0]
            w[j] = ws[0]
            for t in range(1, b - a):
                if ids[t] == indices[j]:
                    if ws[t] < w[j]:
                        w[j] = ws[t]
                else:
                    j += 1
                    indices[j] = ids[t]
                    w[j] = ws[t]
        else:
            indices[a:b].sort()
            j = a
            for t in range(a + 1, b):
                if indices[t] != indices[j]:
                    j += 1
                    indices[j] = indices[t]
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


def csr_min_dedup(src: np.ndarray, dst: np.ndarray, w: np.ndarray | None, n: int,
                  both: bool, id_type: type) -> tuple[np.ndarray, np.ndarray,
                                                       np.ndarray | None]:
    """``(indptr, indices, weights)`` of the edges ``src → dst`` (and ``dst → src`` when
    ``both``) over ``n`` vertices; ids already checked to lie in ``0..n-1``."""
    m = src.size * (2 if both else 1)
    has_w = w is not None
    wk = w if has_w else np.zeros(0, np.int8)
    indptr = _row_pointers(src, dst, n, both)
    indices = np.empty(m, id_type)
    wout = np.empty(m, w.dtype) if has_w else np.zeros(0, np.int8)
    _scatter(src, dst, wk, has_w, both, indptr, indices, wout)
    kept = np.empty(n, np.int64)
    _sort_rows(indptr, indices, wout, has_w, kept)
    nnz = _compact(indptr, indices, wout, has_w, kept)
    if nnz < m:                                   # duplicates merged: release the tail
        indices = indices[:nnz].copy()
        wout = wout[:nnz].copy()
    return indptr, indices, (wout if has_w else None)


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
