"""Betweenness as Brandes in algebra: a batched forward search that counts shortest
paths, then a backward sweep that accumulates dependencies (U. Brandes, J. Math. Sociol.
25, 2001; the matrix form of LAGraph's ``LAGr_Betweenness``).

For ``k`` sources at once (``k × n`` matrices, one row a source)::

    Σ = F = e_s                       # path counts; F: paths of the current length
    F⟨¬Σ, replace⟩ = F plus.first A   # paths one edge longer, to vertices not yet seen
    Σ += F ;  L⟨F⟩ = ℓ                # counts and levels (hop distances)

and back from the deepest level, with ``W`` the finished vertices' ``(1 + δ) / σ``::

    W⟨L = ℓ⟩ = (1 + Δ) ÷ Σ
    Δ⟨L = ℓ − 1⟩ += (W plus.first Aᵀ) × Σ     # δ(u) = σ(u) Σ_{u→v} (1 + δ(v)) / σ(v)

Every neighbour of a vertex at level ℓ − 1 lies at level ℓ or lower, so ``W`` need not be
cleared between levels.  Betweenness is the column sums of ``Δ``.

With positive weights the same text runs on the tight-edge DAG of each source,
``T = {(u, v) : d(u) + w(u, v) = d(v)}``, without the ``¬Σ`` mask (``walks``): there the
walks of ``T`` are exactly the shortest paths, and a vertex's level is its last — the
longest walk reaching it — so its successors are final before it is.
"""

from __future__ import annotations

import numpy as np

from ..backends.interface import Backend
from ..semirings import min_plus
from .counting import count_paths
from .multi_source import batched_workfront

__all__ = ["dependencies"]


def dependencies(be: Backend, sources: np.ndarray, weighted: bool
                 ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``(Σ_s δ_s(v), sources reaching v, vertices each source reaches)`` from distinct
    ``sources`` (neither count includes the vertex itself): hops, or positive weights."""
    fused = be.brandes(sources, weighted)
    if fused is not None:
        return fused
    if not weighted:
        return _counted(be, sources, walks=False)
    n = be.n
    dep, hits, reach = np.zeros(n), np.zeros(n, np.int64), np.zeros(sources.size, np.int64)
    D = batched_workfront(be, sources, min_plus)              # distances, k × n
    for i, s in enumerate(sources.tolist()):
        T = be.tight_subgraph(D[i], min_plus)                 # the shortest-path DAG of s
        d, h, r = _counted(T, np.array([s]), walks=True)
        dep += d
        hits += h
        reach[i] = r[0]
    return dep, hits, reach


def _counted(be: Backend, sources: np.ndarray, walks: bool
             ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    # ---------------------------------------------------------------- forward: count
    # Σ: shortest-path counts, L: each vertex's level (k × n)
    paths, _, levels, depth = count_paths(be, sources, walks)
    # ---------------------------------------------------------------- backward: sweep
    # Δ: dependencies, W: (1 + Δ) ÷ Σ of the vertices already swept
    delta, W = be.empty(paths), be.empty(paths)
    for level in range(depth, 1, -1):
        be.dependency_step(W, delta, paths, levels, level)    # Δ⟨L=ℓ−1⟩ += (W Aᵀ) × Σ
    return be.dependency_sums(delta, paths, sources)
