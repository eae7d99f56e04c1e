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

``client=`` (a ``dask.distributed.Client``) runs the blocks as Dask tasks over its
workers (``distributed/blocks.py``), with the same answers.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

import numpy as np

from . import memory, validate
from .algorithms.multi_source import batched_workfront, bitmap_bfs
from .backends.interface import Backend
from .distributed.blocks import block_sources, map_blocks, split
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
        return validate.integer(batch, "batch", 1)
    limit = (be.memory_budget() if memory_limit is None else
             validate.integer(memory_limit, "memory_limit", 1))
    return batch_size(G, limit, bytes_per_entry)


def multi_source_bfs(G: Graph, sources: Iterable[int], *, backend: str = "auto",
                     batch: int | None = None, memory_limit: int | None = None,
                     client=None) -> np.ndarray:
    """Hop levels from every source at once: a ``k × n`` int64 array, ``-1`` unreachable.

    Runs DAWN's ``F⟨¬R⟩ = F any.pair A`` on frontier bitmaps, 64 sources per word
    (``algorithms/multi_source.py``); ``batch`` sources at a time, by default as many as keep
    ``k · n · 10`` bytes under ``memory_limit`` (512 MiB; on the GPU, half its free
    memory).  Repeated sources are computed once.  ``client``: a Dask client whose
    workers compute the blocks.

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
    same = uniq.size == src.size and bool((uniq == src).all())    # else reordered: a copy
    memory.require(8 * (uniq.size + (0 if same else src.size)) * G.n_vertices,
                   f"the {src.size:,} × {G.n_vertices:,} levels")
    out = np.empty((uniq.size, G.n_vertices), np.int64)
    k = block_sources(client, block_size(G, be, batch, memory_limit, LEVEL_BYTES), uniq.size,
                      be)
    parts = split(uniq, k)
    for i, rows in map_blocks(_levels_rows, G, parts, (backend,), client=client):
        lo = i * k
        out[lo:lo + rows.shape[0]] = rows
    return out if same else out[inverse]


def _levels_rows(G: Graph, part: np.ndarray, backend: str) -> np.ndarray:
    """One block of ``multi_source_bfs`` (here or on a worker)."""
    block = np.full((part.size, G.n_vertices), -1, np.int64)
    bitmap_bfs(validate.backend(G, backend), part, block)
    return block


def level_counts(G: Graph, sources: Iterable[int], *, backend: str = "auto",
                 batch: int | None = None, memory_limit: int | None = None,
                 client=None, ordered: bool = True
                 ) -> Iterator[tuple[np.ndarray, np.ndarray]]:
    """``(sources, C)`` blocks, ``C[ℓ, i]`` = vertices at hop ``ℓ`` from ``sources[i]``
    (``C[0] = 1``): all an unweighted all-pairs reduction needs, in ``O(k · diameter)``
    memory instead of ``k · n`` (frontier bitmaps take ``k · n / 16`` bytes).
    ``client``: a Dask client whose workers compute the blocks (in source order unless
    ``ordered=False``).

    >>> import semiring_paths as sp
    >>> G = sp.Graph.from_edges([0, 1, 2], [1, 2, 3], directed=False)
    >>> [C.T.tolist() for _, C in sp.level_counts(G, [0, 1])]
    [[[1, 1, 1, 1], [1, 2, 1, 0]]]
    """
    G = validate.graph(G)                  # checked here, at the call, not at the first block
    src = validate.sources(G, sources)
    be = validate.backend(G, backend)
    k = batch or min(be.bitmap_batch, block_size(G, be, None, memory_limit, BITMAP_BYTES))
    parts = split(src, block_sources(client, k, src.size, be))
    blocks = map_blocks(_counts, G, parts, (backend,), client=client, ordered=ordered)
    return ((parts[i], C) for i, C in blocks)


def _counts(G: Graph, part: np.ndarray, backend: str) -> np.ndarray:
    """One block of ``level_counts`` (here or on a worker)."""
    uniq, inverse = np.unique(part, return_inverse=True)
    C = bitmap_bfs(validate.backend(G, backend), uniq)
    return C[:, inverse]


def multi_source_sssp(G: Graph, sources: Iterable[int], *, backend: str = "auto",
                      batch: int | None = None, memory_limit: int | None = None,
                      client=None) -> np.ndarray:
    """min_plus distances from every source at once (``k × n`` float64, ``inf``
    unreachable); non-negative weights.  The batched workfront of
    ``algorithms/multi_source.py``: ``k`` rows a product on the CPU; one fused device
    workfront a source on the GPU.  ``client``: a Dask client whose workers compute the
    blocks.

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
    memory.require(8 * src.size * G.n_vertices,
                   f"the {src.size:,} × {G.n_vertices:,} distances")
    out = np.empty((src.size, G.n_vertices), np.float64)
    k = block_sources(client, block_size(G, be, batch, memory_limit, SSSP_BYTES), src.size,
                      be)
    for i, rows in map_blocks(_distance_rows, G, split(src, k), (backend,), client=client):
        out[i * k:i * k + rows.shape[0]] = rows
    validate.rounded(G, out)
    return out


def _distance_rows(G: Graph, part: np.ndarray, backend: str) -> np.ndarray:
    """One block of ``multi_source_sssp`` (here or on a worker)."""
    return np.asarray(batched_workfront(validate.backend(G, backend), part, min_plus))
