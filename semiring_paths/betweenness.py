"""Betweenness centrality: Brandes' dependencies summed over sources, in blocks.

``algorithms/brandes.py`` computes a block's dependencies (the batched algebra, or a
backend's fused loop); this module validates, picks sources, shows progress, and scales
the sums exactly as NetworkX's ``betweenness_centrality`` does.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from . import validate
from .algorithms.brandes import dependencies
from .distributed.blocks import block_sources, map_blocks, split
from .exceptions import SourceError
from .graph import Graph
from .progress import bar as progress_bar

__all__ = ["betweenness"]

#: bytes a block of the batched algebra holds per source and vertex (Σ, L, F, W, Δ,
#: temporaries: ~6 sparse matrices of 16-byte entries)
BLOCK_BYTES = 96


def betweenness(G: Graph, sources: Sequence[int] | int | None = None, *,
                normalized: bool = True, endpoints: bool = False,
                weight: bool | str | None = None, seed: int = 0, backend: str = "auto",
                batch: int | None = None, progress: bool = True, client=None
                ) -> np.ndarray:
    """Betweenness centrality of every vertex: ``Σ_{s ≠ v ≠ t} σ(s, t | v) / σ(s, t)``.

    Parameters
    ----------
    G : Graph
    sources : int or sequence of int, optional
        Sum over these sources, or a reproducible sample of this many (``seed``), the
        sum scaled up as NetworkX's ``k=`` does; default every vertex (exact).
    normalized : bool
        Divide by the number of pairs, ``(n − 1)(n − 2)`` (``n(n − 1)`` with endpoints);
        unnormalized values of undirected graphs count each unordered pair once.
    endpoints : bool
        Count the ends of each path as on it.
    weight : None, True, False or str
        None or False (the default, as NetworkX): paths count hops; True or a name: add
        ``G``'s weights, which must be positive (a zero weight makes the count of
        shortest paths depend on the order of ties).
    seed : int
        For ``sources=k``.
    backend : {"auto", "cpu", "gpu"}
        The CPU runs one compiled search and sweep a source over its threads; its
        GraphBLAS algebra (k sources a batch, ``algorithms/brandes.py``) is the same
        computation.
    batch : int, optional
        Sources a block (one progress step; Ctrl-C stops between blocks); default from
        the graph's size.
    progress : bool
        A tqdm bar when there is more than one block.
    client : dask.distributed.Client, optional
        Compute the blocks on its workers (the graph sent once); the sums are combined
        here.

    Returns
    -------
    ndarray
        float64, one value a vertex; the same numbers as NetworkX's
        ``betweenness_centrality`` (to rounding) with the same arguments.

    Raises
    ------
    SourceError
        A source out of range, repeated, or more sampled than there are vertices.
    NegativeWeightError, ValueError
        ``weight`` given with a negative or zero weight.

    Examples
    --------
    >>> import semiring_paths as sp
    >>> G = sp.Graph.from_edges([0, 1, 2], [1, 2, 3], directed=False)   # a path
    >>> sp.betweenness(G).tolist()
    [0.0, 0.6666666666666666, 0.6666666666666666, 0.0]
    >>> sp.betweenness(G, normalized=False).tolist()
    [0.0, 2.0, 2.0, 0.0]
    """
    H = validate.weight_view(G, weight)
    validate.positive(H, "betweenness with weights")
    be = validate.backend(H, backend)
    src = validate.sample(H, sources, seed)
    if np.unique(src).size != src.size:
        raise SourceError("sources repeat a vertex; each source counts once")
    n = H.n_vertices
    dep = np.zeros(n)
    k = _block(H, be, batch)
    parts = split(src, k if batch is not None else block_sources(client, k, src.size, be))
    bar = progress_bar(progress and client is None, src.size, "betweenness", k)
    try:
        for i, (d, hits, reach) in map_blocks(_dependencies, H, parts, (backend,),
                                              client=client, progress=progress,
                                              desc="betweenness"):
            dep += d
            if endpoints:                       # each path's ends are on it too
                dep += hits
                dep[parts[i]] += reach
            bar.update(parts[i].size)
    finally:
        bar.close()
    sampled = src if src.size < n else None
    return _rescale(dep, n, normalized, H.directed, endpoints, sampled)


def _dependencies(H: Graph, part: np.ndarray, backend: str):
    """One block of sources (here or on a worker)."""
    return dependencies(validate.backend(H, backend), part, H.weighted)


def _block(G: Graph, be, batch: int | None) -> int:
    if batch is not None:
        return validate.integer(batch, "batch", 1)
    by_work = be.block_edges // max(2 * G.n_stored, 1)
    by_memory = be.memory_budget() // (BLOCK_BYTES * max(G.n_vertices, 1))
    return int(max(1, min(by_work, by_memory)))


def _rescale(bc: np.ndarray, n: int, normalized: bool, directed: bool, endpoints: bool,
             sampled: np.ndarray | None) -> np.ndarray:
    """NetworkX's scaling (``networkx/algorithms/centrality/betweenness.py``): by the
    pairs a path through v could join, and by ``N / k`` when ``k`` sources were
    sampled; sampled sources apart when endpoints are excluded (they cannot be their
    own source)."""
    N = n if endpoints else n - 1
    if N < 2:
        return bc
    k = N if sampled is None else sampled.size
    pairs = 1 if directed else 2
    if sampled is None or endpoints:
        scale = 1 / (k * (N - 1)) if normalized else N / (k * pairs)
        return bc * scale if scale != 1 else bc
    if normalized:
        on = 1 / ((k - 1) * (N - 1)) if k > 1 else np.nan
        off = 1 / (k * (N - 1))
    else:
        on = N / ((k - 1) * pairs) if k > 1 else np.nan
        off = N / (k * pairs)
    scale = np.full(n, off)
    scale[sampled] = on
    return bc * scale
