"""Many sources at once: a ``k × n`` frontier and one masked product per level.

Bitmap BFS (DAWN's ``F⟨¬R⟩ = F any.pair A``, papers/004, in the MS-BFS layout of Then et
al., VLDB 2014): the ``k`` Boolean rows of ``F`` are packed 64 to a machine word per
vertex, so ``any.pair`` becomes the bitwise semiring ``bor.band`` over ``uint64`` with
``A`` iso-valued at all ones, and one product moves 64 frontiers per word read::

    T = S bor (F bor.band A)      # all k frontiers advance one hop
    F = T bxor S                  # F⟨¬S⟩: keep only bits set for the first time
    S = T                         # the reached bitmaps

Each level the bits of ``F`` are counted per position: ``C[ℓ, s]`` is how many vertices
source ``s`` reaches at hop ``ℓ``.  Every unweighted all-pairs reduction is a function of
``C``, so those never hold the ``k × n`` levels.

Batched workfront (min_plus, non-negative weights), ``k`` rows at once::

    T = F min.+ A ;  F = T⟨T < D⟩ ;  D⟨F⟩ = F

A backend without frontier matrices (``batch_start`` says "not here") runs one search a
source, by its fused workfront where it has one.
"""

from __future__ import annotations

import numpy as np

from ..backends.interface import Backend
from ..results import Trace
from ..semirings import Semiring
from .sssp import resolve_delta, workfront

__all__ = ["batched_workfront", "bitmap_bfs"]


def bitmap_bfs(be: Backend, sources: np.ndarray, levels: np.ndarray | None = None
               ) -> np.ndarray:
    """Level counts ``C`` (``(L + 1) × k`` int64; row 0 counts each source itself) of a
    BFS from every source at once; ``levels`` (``k × n``, preset to ``-1``), when given,
    receives each source's hop levels.  Sources must be distinct."""
    fused = be.bitmap_bfs(sources, levels)
    if fused is not None:
        return fused
    k = sources.size
    if k == 0:
        return np.ones((1, 0), np.int64)
    # ---------------------------------------------------------------- bitmaps
    # F: frontier bits, S: reached bits (w × n words, source s at bit s % 64 of row s // 64)
    F, S = be.bits_start(sources)                        # F = S = e_s for every source s
    if levels is not None:
        levels[np.arange(k), sources] = 0
    counts = [np.ones(k, np.int64)]
    # ---------------------------------------------------------------- levels
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


def batched_workfront(be: Backend, sources: np.ndarray, semiring: Semiring) -> np.ndarray:
    """min_plus distances from ``k`` sources (``k × n`` float64, ``inf`` unreachable):
    workfront rounds on a frontier matrix, or one search a source where the backend has
    no frontier matrices."""
    fused = be.many_sssp(sources, semiring, resolve_delta("near-far", be.graph, None, be))
    if fused is not None:
        return fused
    start = be.batch_start(sources, semiring)
    if start is None:
        run = be.fused("workfront", semiring, "auto")
        out = np.empty((sources.size, be.n), np.float64)
        for i, s in enumerate(sources.tolist()):
            trace = Trace("sssp", "workfront", be.name, be.n, be.graph.n_stored)
            d, _ = (run(s, semiring, trace) if run is not None
                    else workfront(be, s, semiring, trace))
            out[i] = be.values(d, semiring)
        return out
    D, F = start                                 # D = 0̄ but D(i, s_i) = 1̄ ; F likewise
    while be.nvals(F):
        T = be.relax(F, semiring)                # T = F min.+ A
        F = be.improve(T, D, semiring)           # F = T⟨T < D⟩ ; D⟨F⟩ = F
    return be.values(D, semiring)
