"""Synthetic graphs for tests and benchmarks: Graph500 Kronecker and 2-D grids.

Both are reproducible from a seed.  ``device=True`` draws the same distribution on the GPU
(``gpu/generators.py``: seconds where the host takes minutes at scale 22; the edges differ
from the host's for the same seed) and returns the graph on the host, as a user's is.
The Kronecker generator follows the Graph500 specification (R-MAT recursion with A, B, C,
D = 1 − A − B − C, vertex ids permuted); ``symmetrize`` stores each edge both ways and
self loops / duplicates are removed, as the GAP and Graph500 benchmarks do.
"""

from __future__ import annotations

import numpy as np

from .graph import Graph

__all__ = ["grid", "kronecker"]


def kronecker(scale: int, edge_factor: int = 16, a: float = 0.57, b: float = 0.19,
              c: float = 0.19, *, seed: int = 0, weights: tuple[int, int] | None = None,
              symmetrize: bool = True, device: bool = False) -> Graph:
    """A Graph500 Kronecker graph with ``2**scale`` vertices and ``edge_factor · 2**scale``
    generated edges (fewer after removing loops and duplicates).

    ``weights=(lo, hi)`` draws integer weights uniformly in ``[lo, hi]`` (the same weight
    both ways on an undirected edge); ``None`` leaves it unweighted.

    >>> G = kronecker(8, seed=1)
    >>> G.n_vertices, G.directed
    (256, False)
    """
    if device:
        if not symmetrize:
            raise ValueError("the device generator makes symmetrized graphs only")
        from .gpu import generators as gg

        return gg.kronecker(scale, edge_factor, seed=seed, weights=weights)
    rng = np.random.default_rng(seed)
    n = 1 << scale
    m = edge_factor * n
    src = np.zeros(m, np.int64)
    dst = np.zeros(m, np.int64)
    ab = a + b
    c_norm = c / (1.0 - ab)
    a_norm = a / ab
    for bit in range(scale):
        ii = rng.random(m) > ab
        jj = rng.random(m) > np.where(ii, c_norm, a_norm)
        src |= ii.astype(np.int64) << bit
        dst |= jj.astype(np.int64) << bit
    perm = rng.permutation(n)
    src, dst = perm[src], perm[dst]
    keep = src != dst
    src, dst = src[keep], dst[keep]
    if symmetrize:  # one canonical direction, so both copies of an edge share a weight
        src, dst = np.minimum(src, dst), np.maximum(src, dst)
    w = None
    if weights is not None:
        w = rng.integers(weights[0], weights[1] + 1, src.size)
    return Graph.from_edges(src, dst, w, n_vertices=n, directed=not symmetrize,
                            name=f"kron{scale}")


def grid(rows: int, cols: int, *, seed: int = 0, weights: tuple[int, int] | None = None,
         device: bool = False) -> Graph:
    """A ``rows × cols`` 4-neighbour grid, undirected; a high-diameter test case.

    >>> grid(3, 4).n_edges
    17
    """
    if device:
        from .gpu import generators as gg

        return gg.grid(rows, cols, seed=seed, weights=weights)
    idx = np.arange(rows * cols, dtype=np.int64).reshape(rows, cols)
    src = np.concatenate([idx[:, :-1].ravel(), idx[:-1, :].ravel()])
    dst = np.concatenate([idx[:, 1:].ravel(), idx[1:, :].ravel()])
    w = None
    if weights is not None:
        w = np.random.default_rng(seed).integers(weights[0], weights[1] + 1, src.size)
    return Graph.from_edges(src, dst, w, n_vertices=rows * cols, directed=False,
                            name=f"grid{rows}x{cols}")
