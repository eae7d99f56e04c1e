"""Many sources at once: a ``k × n`` frontier matrix and one masked product per level.

DAWN's formulation (papers/004) of multi-source BFS::

    F⟨¬R, replace⟩ = F any.pair A        # every source's frontier advances in one mxm
    R⟨F⟩ = level                          # reached set, valued by level: k × n

runs on frontier bitmaps, 64 sources per word (``algorithms/apsp.py``), on the CPU and
the GPU; weighted graphs use the workfront rule under min_plus, ``k`` rows at once::

    T = F min.+ A ;  F = T⟨T < D⟩ ;  D⟨F⟩ = F

Memory is bounded by the batch: ``k`` rows of ``n`` int64 levels and the bitmaps (about
``k · n · 10`` bytes), or of float64 distances, frontier and candidates (``k · n · 18``);
level counts alone need ``k · n / 16`` bytes of bitmaps.  ``batch=None`` picks ``k`` so
that this stays under ``memory_limit`` bytes.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

import graphblas as gb
import numpy as np
from graphblas import Matrix, binary

from .algorithms.apsp import bitmap_bfs
from .backend import backend_for
from .exceptions import NegativeWeightError, SourceError
from .graph import Graph

__all__ = ["batch_size", "level_counts", "multi_source_bfs", "multi_source_sssp"]

SSSP_BYTES = 18     # per source and vertex: distances, frontier and candidates (float64)
LEVEL_BYTES = 10    # int64 levels plus the bitmaps
BITMAP_BYTES = 1    # frontier, reached and product bitmaps: 1/16 byte each, and scratch
DEFAULT_MEMORY = 1 << 29


def batch_size(G: Graph, memory_limit: int = DEFAULT_MEMORY,
               bytes_per_entry: int = SSSP_BYTES) -> int:
    """Sources per batch so that ``k · n · bytes_per_entry`` stays under ``memory_limit``."""
    per_source = max(G.n_vertices * bytes_per_entry, 1)
    return max(1, min(max(G.n_vertices, 1), memory_limit // per_source))


def block_size(G: Graph, be, batch: int | None, memory_limit: int | None,
               bytes_per_entry: int) -> int:
    """``batch``, or the sources that fit ``memory_limit`` (default: the backend's own
    budget — 512 MiB on the CPU, half the free device memory on the GPU)."""
    if batch:
        return batch
    limit = memory_limit if memory_limit is not None else getattr(
        be, "default_memory", DEFAULT_MEMORY)
    return batch_size(G, limit, bytes_per_entry)


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


def multi_source_bfs(G: Graph, sources: Iterable[int], *, backend: str = "cpu",
                     batch: int | None = None, memory_limit: int | None = None) -> np.ndarray:
    """Hop levels from every source at once: a ``k × n`` int64 array, ``-1`` unreachable.

    Runs DAWN's ``F⟨¬R⟩ = F any.pair A`` on frontier bitmaps, 64 sources per word
    (``algorithms/apsp.py``); ``batch`` sources at a time, by default as many as keep
    ``k · n · 10`` bytes under ``memory_limit`` (512 MiB; on the GPU, half its free
    memory).  Repeated sources are computed once.

    Examples
    --------
    >>> import semiring_paths as sp
    >>> G = sp.Graph.from_edges([0, 1, 2], [1, 2, 3], directed=False)
    >>> sp.multi_source_bfs(G, [0, 3]).tolist()
    [[0, 1, 2, 3], [3, 2, 1, 0]]
    """
    src = _sources(G, sources)
    be = backend_for(G, backend)
    uniq, inverse = np.unique(src, return_inverse=True)
    out = np.empty((uniq.size, G.n_vertices), np.int64)
    k = block_size(G, be, batch, memory_limit, LEVEL_BYTES)
    for lo in range(0, uniq.size, k):
        part = uniq[lo:lo + k]
        block = out[lo:lo + part.size]
        block.fill(-1)
        bitmap_bfs(be, part, block)
    return out if uniq.size == src.size and (uniq == src).all() else out[inverse]


def level_counts(G: Graph, sources: Iterable[int], *, backend: str = "cpu",
                 batch: int | None = None, memory_limit: int | None = None
                 ) -> Iterator[tuple[np.ndarray, np.ndarray]]:
    """``(sources, C)`` blocks, ``C[ℓ, i]`` = vertices at hop ``ℓ`` from ``sources[i]``
    (``C[0] = 1``): all an unweighted all-pairs reduction needs, in ``O(k · diameter)``
    memory instead of ``k · n`` (frontier bitmaps take ``k · n / 16`` bytes).

    >>> import semiring_paths as sp
    >>> G = sp.Graph.from_edges([0, 1, 2], [1, 2, 3], directed=False)
    >>> [C.T.tolist() for _, C in sp.level_counts(G, [0, 1])]
    [[[1, 1, 1, 1], [1, 2, 1, 0]]]
    """
    src = _sources(G, sources)
    be = backend_for(G, backend)
    k = batch or min(be.bitmap_batch, block_size(G, be, None, memory_limit, BITMAP_BYTES))
    for lo in range(0, src.size, k):
        part = src[lo:lo + k]
        uniq, inverse = np.unique(part, return_inverse=True)
        C = bitmap_bfs(be, uniq)
        yield part, C[:, inverse]


def multi_source_sssp(G: Graph, sources: Iterable[int], *, backend: str = "cpu",
                      batch: int | None = None, memory_limit: int | None = None
                      ) -> np.ndarray:
    """min_plus distances from every source at once (``k × n`` float64, ``inf``
    unreachable); non-negative weights (batched workfront on the CPU; on the GPU, the
    fused device workfront of each source in turn).

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
    if backend_for(G, backend).name == "gpu":      # one fused device workfront a source
        from .single_source import sssp

        out = np.empty((src.size, G.n_vertices), np.float64)
        for i, s in enumerate(src.tolist()):
            out[i] = sssp(G, s, strategy="workfront", backend="gpu").distances
        return out
    out = np.empty((src.size, G.n_vertices), np.float64)
    row = 0
    W = backend_for(G, "cpu").W
    mp = gb.semiring.min_plus[gb.dtypes.FP64]
    k = block_size(G, backend_for(G, "cpu"), batch, memory_limit, SSSP_BYTES)
    for part in (src[lo:lo + k] for lo in range(0, src.size, k)):
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
