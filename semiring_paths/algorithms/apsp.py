"""Multi-source BFS on frontier bitmaps: 64 sources in every machine word.

DAWN's batched product ``F⟨¬R⟩ = F any.pair A`` (papers/004) advances ``k`` sources in
one product.  Packing the ``k`` Boolean rows of ``F`` into ``w = ⌈k/64⌉`` 64-bit words per
vertex (the MS-BFS layout of Then et al., VLDB 2014) turns ``any.pair`` into the bitwise
semiring ``bor.band`` over ``uint64`` with ``A`` iso-valued at all ones, so one product
moves 64 frontiers per word read::

    T = S bor (F bor.band A)      # all k frontiers advance one hop
    F = T bxor S                  # F⟨¬S⟩: keep only bits set for the first time
    S = T                         # the reached bitmaps

Each level the bits of ``F`` are counted per position: ``C[ℓ, s]`` is how many vertices
source ``s`` reaches at hop ``ℓ``.  Every unweighted all-pairs reduction (closeness,
harmonic, eccentricity, average length, the distance histogram) is a function of ``C``,
so those never hold the ``k × n`` levels; ``multi_source_bfs`` asks for them.

The GPU backend runs the same algebra as one kernel per level (``bitmap_bfs``).
"""

from __future__ import annotations

import numpy as np

__all__ = ["bitmap_bfs"]


def bitmap_bfs(be, sources: np.ndarray, levels: np.ndarray | None = None) -> np.ndarray:
    """Level counts ``C`` (``(L + 1) × k`` int64; row 0 counts each source itself) of a
    BFS from every source at once; ``levels`` (``k × n``, preset to ``-1``), when given,
    receives each source's hop levels.  Sources must be distinct."""
    fused = getattr(be, "bitmap_bfs", None)
    if fused is not None:
        return fused(sources, levels)
    k = sources.size
    if k == 0:
        return np.ones((1, 0), np.int64)
    F, S = be.bits_start(sources)                        # F = S = e_s for every source s
    if levels is not None:
        levels[np.arange(k), sources] = 0
    counts = [np.ones(k, np.int64)]
    level = 0
    while True:
        level += 1
        F, S = be.bits_step(F, S)                        # F⟨¬S⟩ = F bor.band A ; S |= F
        if not be.nvals(F):
            break
        counts.append(be.bits_count(F, k))               # C[ℓ, s] = popcount of bit s
        if levels is not None:
            be.bits_levels(F, levels, level)             # L⟨F⟩ = ℓ
    return np.stack(counts)
