"""Many sources at once: the public functions over ``algorithms/multi_source.py``.

DAWN's formulation (papers/004) of multi-source BFS::

    F⟨¬R, replace⟩ = F any.pair A        # every source's frontier advances in one mxm
    R⟨F⟩ = level                          # reached set, valued by level: k × n

runs on frontier bitmaps, 64 sources per word, on the CPU and the GPU; weighted graphs use
the workfront rule under min_plus, ``k`` rows at once::

    T = F min.+ A ;  F = T⟨T < D⟩ ;  D⟨F⟩ = F

Memory is bounded by the batch: ``k`` rows of ``n`` int64 levels and the bitmaps (about
``k · n · 10`` bytes), or of float64 distances, frontier and candidates (``k · n · 18``);
level counts alone need ``k · n / 16`` bytes of bitmaps.  ``batch=None`` picks ``k`` so
that this stays under ``memory_limit`` bytes (default: the backend's ``memory_budget``).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

import numpy as np

from . import validate
from .algorithms.multi_source import batched_workfront, bitmap_bfs
from .backends.interface import Backend
from .graph import Graph
from .semirings import min_plus

__all__ = ["batch_size", "block_size", "level_counts", "multi_source_bfs",
           "multi_source_sssp"]

SSSP_BYTES = 18     # per source and vertex: distances, frontier and candidates (float64)
LEVEL_BYTES = 10    # int64 levels plus the bitmaps
BITMAP_BYTES = 1    # frontier, reached and product bitmaps: 1/16 byte each, and scratch


def batch_size(G: Graph, memory_limit: int, bytes_per_entry: int = SSSP_BYTES) -> int:
    """Sources per batch so that ``k · n · bytes_per_entry`` stays under ``memory_limit``."""
    per_source = max(G.n_vertices * bytes_per_entry, 1)
    return max(1, min(max(G.n_vertices, 1), memory_limit // per_source))


def block_size(G: Graph, be: Backend, batch: int | None, memory_limit: int | None,
               bytes_per_entry: int) -> int:
    """``batch``, or the sources that fit ``memory_limit`` (default: the backend's own
    budget — 512 MiB on the CPU, half the free device memory on the GPU)."""
    if batch is not None:
        if isinstance(batch, bool) or not isinstance(batch, (int, np.integer)) or batch < 1:
            raise ValueError(f"batch must be a positive integer, got {batch!r}")
        return int(batch)
    limit = be.memory_budget() if memory_limit is None else memory_limit
    return batch_size(G, limit, bytes_per_entry)


def multi_source_bfs(G: Graph, sources: Iterable[int], *, backend: str = "auto",
                     batch: int | None = None, memory_limit: int | None = None) -> np.ndarray:
    """Hop levels from every source at once: a ``k × n`` int64 array, ``-1`` unreachable.

    Runs DAWN's ``F⟨¬R⟩ = F any.pair A`` on frontier bitmaps, 64 sources per word
    (``algorithms/multi_source.py``); ``batch`` sources at a time, by default as many as keep
    ``k · n · 10`` bytes under ``memory_limit`` (512 MiB; on the GPU, half its free
    memory).  Repeated sources are computed once.

    Examples
    --------
    >>> import semiring_paths as sp
    >>> G = sp.Graph.from_edges([0, 1, 2], [1, 2, 3], directed=False)
    >>> sp.multi_source_bfs(G, [0, 3]).tolist()
    [[0, 1, 2, 3], [3, 2, 1, 0]]
    """
    G = validate.graph(G)
    src = validate.sources(G, sources)
    be = validate.backend(G, backend)
    uniq, inverse = np.unique(src, return_inverse=True)
    out = np.empty((uniq.size, G.n_vertices), np.int64)
    k = block_size(G, be, batch, memory_limit, LEVEL_BYTES)
    for lo in range(0, uniq.size, k):
        part = uniq[lo:lo + k]
        block = out[lo:lo + part.size]
        block.fill(-1)
        bitmap_bfs(be, part, block)
    return out if uniq.size == src.size and (uniq == src).all() else out[inverse]


def level_counts(G: Graph, sources: Iterable[int], *, backend: str = "auto",
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
    G = validate.graph(G)
    src = validate.sources(G, sources)
    be = validate.backend(G, backend)
    k = batch or min(be.bitmap_batch, block_size(G, be, None, memory_limit, BITMAP_BYTES))
    for lo in range(0, src.size, k):
        part = src[lo:lo + k]
        uniq, inverse = np.unique(part, return_inverse=True)
        C = bitmap_bfs(be, uniq)
        yield part, C[:, inverse]


def multi_source_sssp(G: Graph, sources: Iterable[int], *, backend: str = "auto",
                      batch: int | None = None, memory_limit: int | None = None
                      ) -> np.ndarray:
    """min_plus distances from every source at once (``k × n`` float64, ``inf``
    unreachable); non-negative weights.  The batched workfront of
    ``algorithms/multi_source.py``: ``k`` rows a product on the CPU; one fused device
    workfront a source on the GPU.

    >>> import semiring_paths as sp
    >>> G = sp.Graph.from_edges([0, 1, 0], [1, 2, 2], weights=[1, 1, 5])
    >>> sp.multi_source_sssp(G, [0, 1]).tolist()
    [[0.0, 1.0, 2.0], [inf, 0.0, 1.0]]
    """
    G = validate.graph(G)
    src = validate.sources(G, sources)
    validate.nonnegative(G, min_plus, "multi_source_sssp",
                         "sp.sssp(..., strategy='bellman-ford') per source")
    be = validate.backend(G, backend)
    out = np.empty((src.size, G.n_vertices), np.float64)
    k = block_size(G, be, batch, memory_limit, SSSP_BYTES)
    for lo in range(0, src.size, k):
        out[lo:lo + k] = batched_workfront(be, src[lo:lo + k], min_plus)
    return out
