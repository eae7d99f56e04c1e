"""Graph500 Kronecker graphs generated on the GPU, for graphs too large to build on the host.

Same recursion as :func:`semiring_paths.generators.kronecker` (R-MAT with A, B, C,
D = 1 − A − B − C; vertex ids permuted; symmetrized; self loops and duplicates removed),
drawn with CuPy's generator, so the edges differ from the host version for the same seed
but follow the same distribution.  Edges are encoded as 64-bit keys ``u·2³² + v``, sorted
and deduplicated on the device; the CSR falls out of the sorted keys.
"""

from __future__ import annotations

import numpy as np

from ..graph import Graph
from .backend import WIDE_FROM

try:
    import cupy as cp
except ImportError:  # pragma: no cover
    cp = None

__all__ = ["kronecker", "kronecker_csr"]


def kronecker_csr(scale: int, edge_factor: int = 16, a: float = 0.57, b: float = 0.19,
                  c: float = 0.19, *, seed: int = 0, chunk: int = 1 << 26):
    """Device CSR ``(indptr int64, indices int32)`` of a symmetrized Kronecker graph
    (int64 indices from ``2³¹ − 1`` vertices, scale 31).

    Peak device memory is about 40 bytes per generated edge (keys both ways, and the
    sort's buffer).
    """
    if not 1 <= scale <= 31:
        raise ValueError(f"scale must be in 1..31, got {scale}")
    n, m = 1 << scale, edge_factor << scale
    rs = cp.random.RandomState(seed)
    perm = rs.permutation(n).astype(cp.uint64)
    ab, c_norm, a_norm = a + b, c / (1.0 - a - b), a / (a + b)
    keys = cp.empty(2 * m, cp.uint64)
    filled = 0
    for start in range(0, m, chunk):
        k = min(chunk, m - start)
        src = cp.zeros(k, cp.uint64)
        dst = cp.zeros(k, cp.uint64)
        for bit in range(scale):
            ii = rs.random_sample(k, dtype=cp.float32) > ab
            jj = rs.random_sample(k, dtype=cp.float32) > cp.where(ii, c_norm, a_norm)
            src |= ii.astype(cp.uint64) << np.uint64(bit)
            dst |= jj.astype(cp.uint64) << np.uint64(bit)
        src, dst = perm[src], perm[dst]
        keep = src != dst
        src, dst = src[keep], dst[keep]
        cnt = int(src.size)
        keys[filled:filled + cnt] = (src << np.uint64(32)) | dst      # u → v
        keys[filled + cnt:filled + 2 * cnt] = (dst << np.uint64(32)) | src   # v → u
        filled += 2 * cnt
        del src, dst, keep
    keys = keys[:filled]
    keys.sort()
    first = cp.empty(filled, cp.bool_)
    if filled:
        first[0] = True
        cp.not_equal(keys[1:], keys[:-1], out=first[1:])
    keys = keys[first]                                                  # no duplicates
    del first
    indices = (keys & np.uint64(0xFFFFFFFF)).astype(cp.int32 if n < WIDE_FROM else cp.int64)
    indptr = cp.searchsorted(keys, cp.arange(n + 1, dtype=cp.uint64) << np.uint64(32))
    return indptr.astype(cp.int64), indices


def kronecker(scale: int, edge_factor: int = 16, *, seed: int = 0) -> Graph:
    """:func:`kronecker_csr` as an unweighted, undirected :class:`Graph` (host copy)."""
    indptr, indices = kronecker_csr(scale, edge_factor, seed=seed)
    G = Graph(indptr.get(), indices.get(), None, directed=False, name=f"kron{scale}-gpu")
    del indptr, indices
    cp.get_default_memory_pool().free_all_blocks()
    return G
