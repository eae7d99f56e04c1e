"""The closure ``A*`` of a dense matrix over (min, +), compiled: blocked Floyd–Warshall
and repeated squaring (``algorithms/closure.py``).

* :func:`floyd_warshall`: the three phases of the blocked algorithm (Venkataraman et
  al., 2003) for each diagonal block ``K``: the block itself; its block row and column
  (in parallel); every other block, ``D_IJ = D_IJ ⊕ D_IK ⊗ D_KJ`` (in parallel).
  Blocks of ``BLOCK`` × ``BLOCK`` doubles stay in a core's cache; the innermost loop
  runs along a row (``j``), where the compiler vectorises ``min(d, a + b)``.
* :func:`square`: ``C = D ⊕ D ⊗ D``, the step of repeated squaring (⌈log₂ n⌉ of them
  reach ``A*``), by the same block product.
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange

__all__ = ["BLOCK", "floyd_warshall", "square"]

#: the side of a block: 3 blocks of doubles (the one updated and its two operands)
#: in a core's L2
BLOCK = 128


@njit(cache=True, inline="always")
def _product(C, A, B, i0, i1, j0, j1, k0, k1):
    """``C[i, j] = min(C[i, j], A[i, k] + B[k, j])`` over the block (i, j, k ranges)."""
    for i in range(i0, i1):
        for k in range(k0, k1):
            a = A[i, k]
            for j in range(j0, j1):
                C[i, j] = min(C[i, j], a + B[k, j])   # a store a step: vectorised


@njit(cache=True, inline="always")
def _closed(D, i0, i1, j0, j1, k0, k1):
    """The same over one block of D itself, k outermost: entries of the block read in a
    later k are already updated (phases 1 and 2)."""
    for k in range(k0, k1):
        for i in range(i0, i1):
            a = D[i, k]
            for j in range(j0, j1):
                D[i, j] = min(D[i, j], a + D[k, j])


@njit(cache=True, parallel=True)
def floyd_warshall(D):
    """``D`` (n × n, ``inf`` for no edge, zero diagonal) becomes ``A*`` in place."""
    n = D.shape[0]
    nb = (n + BLOCK - 1) // BLOCK
    for kb in range(nb):
        k0 = kb * BLOCK
        k1 = min(n, k0 + BLOCK)
        _closed(D, k0, k1, k0, k1, k0, k1)                     # phase 1: D_KK
        for b in prange(2 * nb):                               # phase 2: row K, column K
            other = b % nb
            if other == kb:
                continue
            o0 = other * BLOCK
            o1 = min(n, o0 + BLOCK)
            if b < nb:
                _closed(D, k0, k1, o0, o1, k0, k1)             # D_KJ
            else:
                _closed(D, o0, o1, k0, k1, k0, k1)             # D_IK
        for b in prange(nb * nb):                              # phase 3: the rest
            ib = b // nb
            jb = b % nb
            if ib == kb or jb == kb:
                continue
            i0 = ib * BLOCK
            j0 = jb * BLOCK
            _product(D, D, D, i0, min(n, i0 + BLOCK), j0, min(n, j0 + BLOCK), k0, k1)


@njit(cache=True, parallel=True)
def square(D, C):
    """``C = D ⊕ D ⊗ D`` (C preset to a copy of D); returns whether anything changed."""
    n = D.shape[0]
    nb = (n + BLOCK - 1) // BLOCK
    changed = np.zeros(nb * nb, np.bool_)
    for b in prange(nb * nb):
        i0 = (b // nb) * BLOCK
        j0 = (b % nb) * BLOCK
        i1 = min(n, i0 + BLOCK)
        j1 = min(n, j0 + BLOCK)
        for kb in range(nb):
            k0 = kb * BLOCK
            _product(C, D, D, i0, i1, j0, j1, k0, min(n, k0 + BLOCK))
        for i in range(i0, i1):
            for j in range(j0, j1):
                if C[i, j] != D[i, j]:
                    changed[b] = True
    return changed.any()
