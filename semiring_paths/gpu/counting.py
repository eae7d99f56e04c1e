"""Path counts and Brandes' dependencies on the device (``counting.cu``).

The seam's counting operations (``count_start`` … ``dependency_sums``, read by
``algorithms/counting.py`` and ``algorithms/brandes.py``) hold ``k × n`` dense rows:
``Σ``, ``F``, ``W`` and ``Δ`` as float64 (a path count of 0 is no entry), ``L`` as
int32 (-1: no level).  Each step is one pulling kernel, a thread an entry.

``brandes`` is unweighted betweenness fused: one block a source, the BFS queue in level
order, the dependency sweep back up it; a block slot's scratch is reset over the
vertices it reached, and there are as many slots as fit resident and in the budget.
With weights the algebra runs on each source's tight-edge DAG (``tight_subgraph``).
"""

from __future__ import annotations

from functools import cached_property
from typing import ClassVar

import numpy as np

from ..graph import Graph
from . import cp
from .device import _NVRTC


class PathCounts:
    """Mixin of ``GPUBackend``: the counting operations, ``tight_subgraph`` (min_plus)
    and the fused ``brandes``."""

    #: threads of a ``brandes_bfs`` block (one source at a time)
    BRANDES_THREADS: ClassVar[int] = 256
    #: resident ``brandes_bfs`` blocks per SM at most (each holds ~30 bytes a vertex)
    BRANDES_BLOCKS_PER_SM: ClassVar[int] = 8

    @cached_property
    def _counting(self):
        return cp.RawModule(code=self._source("counting.cu"), options=_NVRTC)

    def _count_launch(self, name: str, items: int, args: tuple) -> None:
        self._counting.get_function(name)(*self._grid(items), args)

    # ----------------------------------------------------------------- the algebra
    def count_start(self, sources: np.ndarray, together: bool = False):
        k = 1 if together else sources.size
        rows = cp.zeros(sources.size, cp.int64) if together else cp.arange(k)
        cols = cp.asarray(np.asarray(sources, np.int64))
        F = cp.zeros((k, self.n), cp.float64)
        F[rows, cols] = 1.0                                       # F = e_s
        L = cp.full((k, self.n), -1, cp.int32)
        L[rows, cols] = 0                                         # L⟨F⟩ = 0
        return F.copy(), F, L

    def count_step(self, F, paths, levels, level: int, walks: bool = False):
        k = F.shape[0]
        ptr, idx, _ = self._transposed(None)
        T = cp.empty_like(F)
        # T⟨¬Σ⟩ = F plus.first A (walks: unmasked) ; Σ += T ; L⟨T⟩ = ℓ
        self._count_launch("count_pull_" + ("walks" if walks else "bfs"), k * self.n, (
            ptr, idx, F, paths, levels, T, np.int64(k), self.vid(self.n), np.int32(level)))
        return T

    def dependency_step(self, W, delta, paths, levels, level: int) -> None:
        k = paths.shape[0]
        kn = k * self.n
        # W⟨L=ℓ⟩ = (1 + Δ) ÷ Σ
        self._count_launch("dependency_weights", kn, (
            levels, paths, delta, W, np.int64(kn), np.int32(level)))
        # Δ⟨L=ℓ−1⟩ += (W plus.first Aᵀ) × Σ
        self._count_launch("dependency_pull", kn, (
            self.indptr, self.indices, W, paths, delta, levels, np.int64(k),
            self.vid(self.n), np.int32(level)))

    def counts(self, X) -> np.ndarray:
        absent = X < 0 if X.dtype.kind == "i" else X == 0
        return cp.where(absent, cp.nan, X.astype(cp.float64)).get()

    def dependency_sums(self, delta, paths, sources: np.ndarray):
        reached = paths != 0
        hits = reached.sum(axis=0, dtype=cp.int64)
        hits[cp.asarray(np.asarray(sources, np.int64))] -= 1
        reach = reached.sum(axis=1, dtype=cp.int64) - 1
        return delta.sum(axis=0).get(), hits.get(), reach.get()

    def tight_subgraph(self, d, semiring):
        """min_plus: a device backend over ``T = {(u, v) : d(u) + w(u, v) = d(v)}`` (a
        directed graph whatever ``A`` is); None for other semirings (the CPU's serves
        them: ``algorithms/predecessors.py``)."""
        if semiring.name != "min_plus":
            return None
        dd = cp.asarray(self.values(d, semiring, device=True), cp.float64)
        rows = cp.repeat(cp.arange(self.n, dtype=cp.int64), self.degree)
        du = dd[rows]
        keep = cp.isfinite(du) & (du + self.weights_f64() == dd[self.indices])
        kept = cp.bincount(rows[keep], minlength=self.n)
        indptr = cp.concatenate([cp.zeros(1, cp.int64), cp.cumsum(kept)])
        G = self.graph
        T = Graph(indptr.get(), self.indices[keep].get().astype(G.indices.dtype),
                  G.weights[keep.get()] if G.weighted else None, directed=True,
                  name=f"tight edges of {G.name}" if G.name else None)
        return type(self)(T)

    # ----------------------------------------------------------------- fused
    def brandes(self, sources: np.ndarray, weighted: bool):
        """Unweighted: ``brandes_bfs``, a block a source; None with weights."""
        if weighted or sources.size == 0:
            return None
        n, k = self.n, int(sources.size)
        vid_bytes = np.dtype(self.vid).itemsize
        per_slot = n * (4 + 8 + 8 + vid_bytes) + (n + 2) * vid_bytes
        slots = min(k, self.BRANDES_BLOCKS_PER_SM * self._sms,
                    max(1, self.memory_budget() // max(per_slot, 1)))
        dist = cp.full(slots * n, -1, cp.int32)
        sigma, delta = cp.zeros(slots * n, cp.float64), cp.zeros(slots * n, cp.float64)
        queue = cp.empty(slots * n, self.vid)
        starts = cp.empty(slots * (n + 2), self.vid)
        dep, hits = cp.zeros(n, cp.float64), cp.zeros(n, cp.uint64)
        reach = cp.zeros(k, cp.int64)
        src = cp.asarray(np.asarray(sources), self.vid)
        lanes = min(self._lanes, 32)
        self._counting.get_function("brandes_bfs")((slots,), (self.BRANDES_THREADS,), (
            self.indptr, self.indices, self.vid(n), src, np.int64(k),
            cp.zeros(1, cp.uint64), dist, sigma, delta, queue, starts, dep, hits, reach,
            np.int32(lanes)))
        return dep.get(), hits.get().astype(np.int64), reach.get()
