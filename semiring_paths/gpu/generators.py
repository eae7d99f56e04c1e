"""Graph500 Kronecker graphs generated on the GPU, for graphs too large to build on the host.

Same recursion as :func:`semiring_paths.generators.kronecker` (R-MAT with A, B, C,
D = 1 − A − B − C; vertex ids permuted; symmetrized; self loops and duplicates removed),
drawn with CuPy's generator, so the edges differ from the host version for the same seed
but follow the same distribution.  Edges are encoded as 64-bit keys ``u·2³² + v``, sorted
and deduplicated on the device; the CSR falls out of the sorted keys.
"""

from __future__ import annotations

import numpy as np

from ..graph import WIDE_FROM, Graph

try:
    import cupy as cp
except ImportError:  # pragma: no cover
    cp = None

__all__ = ["grid", "kronecker", "kronecker_csr"]


def kronecker_csr(scale: int, edge_factor: int = 16, a: float = 0.57, b: float = 0.19,
                  c: float = 0.19, *, seed: int = 0, chunk: int = 1 << 26,
                  weights: tuple[int, int] | None = None):
    """Device CSR ``(indptr int64, indices int32, weights int64 or None)`` of a
    symmetrized Kronecker graph (int64 indices from ``2³¹ − 1`` vertices, scale 31).

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
    return _csr(keys[:filled], n, weights, seed)


def _csr(keys, n: int, weights: tuple[int, int] | None, seed: int):
    """CSR ``(indptr, indices, weights or None)`` from edge keys ``u·2³² + v`` (any order,
    duplicates allowed); integer weights in ``[lo, hi]`` hashed from the unordered pair
    {u, v} and the seed, so both copies of an undirected edge agree."""
    keys.sort()
    first = cp.empty(keys.size, cp.bool_)
    if keys.size:
        first[0] = True
        cp.not_equal(keys[1:], keys[:-1], out=first[1:])
    keys = keys[first]                                                  # no duplicates
    del first
    indices = (keys & np.uint64(0xFFFFFFFF)).astype(cp.int32 if n < WIDE_FROM else cp.int64)
    indptr = cp.searchsorted(keys, cp.arange(n + 1, dtype=cp.uint64) << np.uint64(32))
    w = None
    if weights is not None:
        lo, hi = weights
        w = _pair_weight(keys, np.uint64(seed), np.int64(lo), np.uint64(hi - lo + 1))
    return indptr.astype(cp.int64), indices, w


#: splitmix64 of the unordered pair {u, v} (and the seed), mapped to lo + h mod span
_pair_weight = None if cp is None else cp.ElementwiseKernel(
    "uint64 key, uint64 seed, int64 lo, uint64 span", "int64 w",
    """
    unsigned long long u = key >> 32, v = key & 0xFFFFFFFFull;
    unsigned long long z = ((u < v ? u : v) << 32 | (u < v ? v : u)) + seed * 0x9E3779B97F4A7C15ull;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    z ^= z >> 31;
    w = lo + (long long)(z % span);
    """, "pair_weight")


def kronecker(scale: int, edge_factor: int = 16, *, seed: int = 0,
              weights: tuple[int, int] | None = None, weight_dtype=np.int64) -> Graph:
    """:func:`kronecker_csr` as an undirected :class:`Graph` (host copy); ``weights=(lo,
    hi)`` gives integer weights in ``[lo, hi]``, the same both ways on an edge, stored as
    ``weight_dtype`` (cast on the device: int32 halves the copy of a 10⁹-edge graph)."""
    indptr, indices, w = kronecker_csr(scale, edge_factor, seed=seed, weights=weights)
    if w is not None and w.dtype != weight_dtype:
        w = w.astype(weight_dtype)
    return _host(indptr, indices, w, f"kron{scale}")


def grid(rows: int, cols: int, *, seed: int = 0, weights: tuple[int, int] | None = None
         ) -> Graph:
    """A ``rows × cols`` 4-neighbour grid built on the device, as an undirected
    :class:`Graph` (host copy); weights as in :func:`kronecker`."""
    n = rows * cols
    v = cp.arange(n, dtype=cp.uint64)
    right = v[(v % np.uint64(cols)) != np.uint64(cols - 1)]
    down = v[v < np.uint64(n - cols)]
    src = cp.concatenate([right, down])
    dst = cp.concatenate([right + np.uint64(1), down + np.uint64(cols)])
    keys = cp.concatenate([(src << np.uint64(32)) | dst, (dst << np.uint64(32)) | src])
    del v, right, down, src, dst
    indptr, indices, w = _csr(keys, n, weights, seed)
    return _host(indptr, indices, w, f"grid{rows}x{cols}")


def _host(indptr, indices, w, name: str) -> Graph:
    G = Graph(indptr.get(), indices.get(), None if w is None else w.get(), directed=False,
              name=name)
    del indptr, indices, w
    cp.get_default_memory_pool().free_all_blocks()
    return G
