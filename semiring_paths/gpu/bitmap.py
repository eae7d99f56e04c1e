"""The bitmap multi-source BFS on the device (``algorithms/multi_source.py``'s algebra).

Two kernels a level: ``msbfs_pull`` (``N⟨¬S⟩ = F bor.band A``, ``S |= N``, levels written
in place) and ``msbfs_count`` (popcount per source); the host reads ``k`` counts a level.
"""

from __future__ import annotations

import numpy as np

from ..exceptions import GPUMemoryError
from . import cp


class BitmapBFS:
    """Mixin of ``GPUBackend``: the fused bitmap BFS capability."""

    #: sources per batch of the bitmap BFS (memory permitting): all of them, usually
    bitmap_batch = 1 << 20

    def bitmap_bfs(self, sources: np.ndarray, levels: np.ndarray | None
                   ) -> np.ndarray:
        """``algorithms/apsp.py``'s bitmap BFS as two kernels a level: ``msbfs_pull``
        (``N⟨¬S⟩ = F bor.band A``, ``S |= N``, levels written in place) and
        ``msbfs_count`` (popcount per source); the host reads ``k`` counts a level."""
        n, k = self.n, int(sources.size)
        if k == 0:
            return np.ones((1, 0), np.int64)
        w = (k + 63) // 64
        need = 3 * 8 * n * w + 2 * n + 8 * 64 * w + (4 * k * n if levels is not None else 0)
        free = int(cp.cuda.runtime.memGetInfo()[0])
        if need > free:
            raise GPUMemoryError(
                f"a bitmap BFS of {k:,} sources needs {need:,} bytes of GPU memory and "
                f"{free:,} are free; nothing was allocated. Pass a smaller batch= or "
                "memory_limit=")
        s = np.arange(k)
        key = sources.astype(np.int64) * w + s // 64            # word of each source's bit
        bit = np.left_shift(np.uint64(1), (s % 64).astype(np.uint64))
        order = np.argsort(key, kind="stable")
        key, bit = key[order], bit[order]
        first = np.flatnonzero(np.r_[True, key[1:] != key[:-1]])
        F = cp.zeros(n * w, cp.uint64)                           # F = S = e_s, 64 a word
        F[cp.asarray(key[first])] = cp.asarray(np.bitwise_or.reduceat(bit, first))
        S, N = F.copy(), cp.empty_like(F)
        active = cp.zeros(n, cp.uint8)
        active[cp.asarray(sources)] = 1
        active_next = cp.empty_like(active)
        with_levels = levels is not None
        lv = cp.full(k * n if with_levels else 1, -1, cp.int32)
        if with_levels:
            lv[cp.asarray(s * n + sources)] = 0
        last = np.uint64(2**64 - 1 if k % 64 == 0 else (1 << (k % 64)) - 1)
        counts = cp.zeros(64 * w, cp.uint64)
        ptr_t, idx_t = self._csc
        pull, count = self._kernel("msbfs_pull"), self._kernel("msbfs_count")
        grid_pull, block = self._grid(n * w)
        grid_count, _ = self._grid(((n + 254) // 255) * w)
        rows = [np.ones(k, np.int64)]
        level = 0
        while True:
            level += 1
            active_next.fill(0)
            counts.fill(0)
            pull(grid_pull, block, (ptr_t, idx_t, np.int64(n), np.int32(w), F, S, N, active,
                                    active_next, last, np.int32(level), lv,
                                    np.int32(with_levels)))
            count(grid_count, block, (N, np.int64(n), np.int32(w), counts))
            c = counts[:k].get().astype(np.int64)
            if not c.any():
                break
            rows.append(c)
            F, N = N, F
            active, active_next = active_next, active
        if with_levels:
            levels[:] = lv.reshape(k, n).get()
        return np.stack(rows)
