"""Many sources at once: a ``k × n`` frontier matrix and one masked product per level.

DAWN's formulation (papers/004) of multi-source BFS::

    F⟨¬R, replace⟩ = F any.pair A        # every source's frontier advances in one mxm
    R⟨F⟩ = level                          # reached set, valued by level: k × n

and the same for weighted graphs with the workfront rule under min_plus::

    T = F min.+ A ;  F = T⟨T < D⟩ ;  D⟨F⟩ = F

Memory is bounded by the batch: ``k`` rows of ``n`` int64 levels (or float64 distances)
plus the frontier and reached matrices, about ``k · n · 18`` bytes; ``batch=None`` picks
``k`` so that this stays under ``memory_limit`` bytes.
"""

from __future__ import annotations

from collections.abc import Iterable

import graphblas as gb
import numpy as np
from graphblas import Matrix, binary

from .backend import backend_for
from .exceptions import NegativeWeightError, SourceError
from .graph import Graph

__all__ = ["batch_size", "multi_source_bfs", "multi_source_sssp"]

_BYTES_PER_ENTRY = 18


def batch_size(G: Graph, memory_limit: int = 1 << 29) -> int:
    """Sources per batch so that ``k · n · 18`` bytes stay under ``memory_limit``."""
    per_source = max(G.n_vertices * _BYTES_PER_ENTRY, 1)
    return max(1, min(max(G.n_vertices, 1), memory_limit // per_source))


def _sources(G: Graph, sources: Iterable[int]) -> np.ndarray:
    src = np.asarray(list(sources) if not isinstance(sources, np.ndarray) else sources)
    if src.ndim != 1:
        raise SourceError("sources must be a 1-D sequence of vertex ids")
    if src.size and (src.dtype.kind not in "iu" or src.min() < 0
                     or src.max() >= G.n_vertices):
        bad = src[(src < 0) | (src >= G.n_vertices)] if src.dtype.kind in "iu" else src
        raise SourceError(f"source {bad[0]!r} is out of range: the graph has "
                          f"{G.n_vertices} vertices")
    return src.astype(np.int64)


def _batches(src: np.ndarray, batch: int | None, G: Graph, memory_limit: int):
    k = batch or batch_size(G, memory_limit)
    for lo in range(0, src.size, k):
        yield src[lo:lo + k]


def multi_source_bfs(G: Graph, sources: Iterable[int], *, batch: int | None = None,
                     memory_limit: int = 1 << 29) -> np.ndarray:
    """Hop levels from every source at once: a ``k × n`` int64 array, ``-1`` unreachable.

    Examples
    --------
    >>> import semiring_paths as sp
    >>> G = sp.Graph.from_edges([0, 1, 2], [1, 2, 3], directed=False)
    >>> sp.multi_source_bfs(G, [0, 3]).tolist()
    [[0, 1, 2, 3], [3, 2, 1, 0]]
    """
    src = _sources(G, sources)
    out = np.empty((src.size, G.n_vertices), np.int64)
    row = 0
    A = backend_for(G, "cpu").A
    for part in _batches(src, batch, G, memory_limit):
        k, n = part.size, G.n_vertices
        rows = np.arange(k)
        F = Matrix.from_coo(rows, part, True, nrows=k, ncols=n, dtype=gb.dtypes.BOOL)
        L = Matrix.from_coo(rows, part, 0, nrows=k, ncols=n, dtype=gb.dtypes.INT64)
        level = 0                      # L is the reached set R, its values the levels
        while F.nvals:
            level += 1
            F(~L.S, replace=True) << F.mxm(A, gb.semiring.any_pair)   # F⟨¬R⟩ = F any.pair A
            if not F.nvals:
                break
            L(F.S) << level                                           # R⟨F⟩ = level
        out[row:row + k] = L.to_dense(fill_value=-1)
        row += k
    return out


def multi_source_sssp(G: Graph, sources: Iterable[int], *, batch: int | None = None,
                      memory_limit: int = 1 << 29) -> np.ndarray:
    """min_plus distances from every source at once (``k × n`` float64, ``inf``
    unreachable); non-negative weights (batched workfront).

    >>> import semiring_paths as sp
    >>> G = sp.Graph.from_edges([0, 1, 0], [1, 2, 2], weights=[1, 1, 5])
    >>> sp.multi_source_sssp(G, [0, 1]).tolist()
    [[0.0, 1.0, 2.0], [inf, 0.0, 1.0]]
    """
    if G.has_negative_weights:
        k = int(np.argmin(G.weights))
        raise NegativeWeightError(
            f"multi_source_sssp needs non-negative weights, but edge {int(G._rows[k])} -> "
            f"{int(G.indices[k])} weighs {G.weights[k]}; use sp.sssp(..., "
            "strategy='bellman-ford') per source")
    src = _sources(G, sources)
    out = np.empty((src.size, G.n_vertices), np.float64)
    row = 0
    W = backend_for(G, "cpu").W
    mp = gb.semiring.min_plus[gb.dtypes.FP64]
    for part in _batches(src, batch, G, memory_limit):
        k, n = part.size, G.n_vertices
        rows = np.arange(k)
        D = Matrix.from_scalar(np.inf, k, n, dtype=gb.dtypes.FP64)
        D(Matrix.from_coo(rows, part, True, nrows=k, ncols=n).S) << 0.0
        F = Matrix.from_coo(rows, part, 0.0, nrows=k, ncols=n, dtype=gb.dtypes.FP64)
        while F.nvals:
            T = F.mxm(W, mp).new()                                    # T = F min.+ A
            C = T.ewise_mult(D, binary.lt).new()                      # T < D
            F = Matrix(gb.dtypes.FP64, k, n)
            F(C.V) << T                                               # F = T⟨T < D⟩
            D(F.S) << F                                               # D⟨F⟩ = F
        out[row:row + k] = D.to_dense()
        row += k
    return out
