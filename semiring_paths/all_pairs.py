"""All-pairs distances block by block, never holding ``n × n`` unless asked to.

``apsp(G)`` yields ``(sources, block)`` pairs, ``block`` a ``k × n`` array of hop levels
(unweighted graphs, int64, ``-1`` unreachable) or min_plus distances (weighted, float64,
``inf``), computed ``k`` sources at a time by ``multi_source_bfs`` / ``multi_source_sssp``
(DAWN's ``F⟨¬R⟩ = F any.pair A``).  ``apsp(G, out="d.npy")`` streams the blocks into a
memory-mapped ``.npy`` file; a side file ``d.npy.progress.json`` records finished blocks,
so Ctrl-C loses nothing that was finished and a second call resumes.

The reductions (eccentricity, closeness, harmonic, diameter, radius, average shortest path
length, distance histogram) consume the same blocks, so their memory is bounded by one
block: about ``k · n · 18`` bytes, ``k`` chosen from ``memory_limit``.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator, Sequence
from pathlib import Path

import numpy as np

from .exceptions import InvalidGraphError, SourceError
from .graph import Graph
from .multi_source import batch_size, multi_source_bfs, multi_source_sssp

__all__ = ["apsp", "average_shortest_path_length", "closeness", "diameter",
           "distance_histogram", "eccentricity", "harmonic", "radius"]

DEFAULT_MEMORY = 1 << 29   # 512 MiB per block


def _pick_sources(G: Graph, sources, seed) -> np.ndarray:
    """``None``: every vertex; an int ``k``: a reproducible sample of ``k``; else ids."""
    if sources is None:
        return np.arange(G.n_vertices)
    if isinstance(sources, (int, np.integer)) and not isinstance(sources, bool):
        if not 0 < sources <= G.n_vertices:
            raise SourceError(f"cannot sample {sources} sources from {G.n_vertices} vertices")
        return np.sort(np.random.default_rng(seed).choice(G.n_vertices, int(sources),
                                                          replace=False))
    src = np.asarray(sources)
    if src.ndim != 1 or (src.size and (src.dtype.kind not in "iu" or src.min() < 0
                                       or src.max() >= G.n_vertices)):
        raise SourceError(f"sources must be vertex ids in 0..{G.n_vertices - 1}")
    return src.astype(np.int64)


def _blocks(G: Graph, sources: np.ndarray, batch, memory_limit, progress, desc,
            weighted: bool) -> Iterator[tuple[np.ndarray, np.ndarray]]:
    k = batch or batch_size(G, memory_limit)
    bar = None
    if progress and sources.size > k:
        from tqdm.auto import tqdm

        bar = tqdm(total=int(sources.size), desc=desc, unit="src")
    try:
        for lo in range(0, sources.size, k):
            part = sources[lo:lo + k]
            block = (multi_source_sssp(G, part, batch=k) if weighted
                     else multi_source_bfs(G, part, batch=k))
            if bar is not None:
                bar.update(part.size)
            yield part, block
    finally:
        if bar is not None:
            bar.close()


def apsp(G: Graph, batch: int | None = None, backend: str = "cpu", *,
         sources: Sequence[int] | int | None = None, out: str | os.PathLike | None = None,
         memory_limit: int = DEFAULT_MEMORY, progress: bool = True, seed: int = 0):
    """All-pairs shortest paths by blocks of sources.

    Parameters
    ----------
    G : Graph
        Unweighted: hop levels (int64, ``-1`` unreachable); weighted (non-negative):
        distances (float64, ``inf`` unreachable).
    batch : int, optional
        Sources per block; default from ``memory_limit`` (``k · n · 18`` bytes a block).
    backend : {"cpu"}
    sources : sequence of int or int, optional
        Restrict to these sources, or sample this many (``seed``); default all.
    out : path, optional
        Write all rows to a memory-mapped ``.npy`` file instead of yielding them
        (rows follow ``sources``).  Finished blocks are recorded in
        ``<out>.progress.json``; calling again with the same arguments resumes, and an
        interrupted run (Ctrl-C) keeps every finished block.
    memory_limit : int
        Bytes one block may use.
    progress : bool
        Show a tqdm progress bar when there is more than one block.

    Returns
    -------
    iterator of (sources, block), or, with ``out``, the path written.

    Examples
    --------
    >>> import semiring_paths as sp
    >>> G = sp.Graph.from_edges([0, 1], [1, 2], directed=False)
    >>> [(s.tolist(), b.tolist()) for s, b in sp.apsp(G, batch=2)]
    [([0, 1], [[0, 1, 2], [1, 0, 1]]), ([2], [[2, 1, 0]])]
    """
    if backend not in ("cpu", "auto"):
        raise ValueError(f"apsp supports backend 'cpu' in this version, not {backend!r}")
    src = _pick_sources(G, sources, seed)
    weighted = G.weighted
    if out is None:
        return _blocks(G, src, batch, memory_limit, progress, "apsp", weighted)
    return _apsp_to_disk(G, src, batch, memory_limit, progress, weighted, Path(out))


def _apsp_to_disk(G, src, batch, memory_limit, progress, weighted, out: Path) -> Path:
    k = batch or batch_size(G, memory_limit)
    dtype = np.float64 if weighted else np.int64
    shape = (int(src.size), G.n_vertices)
    side = out.with_name(out.name + ".progress.json")
    key = {"shape": list(shape), "dtype": np.dtype(dtype).name, "batch": k,
           "sources_sum": int(src.sum()), "n_stored": G.n_stored}
    done: set[int] = set()
    if out.exists() and side.exists():
        state = json.loads(side.read_text())
        if state.get("key") != key:
            raise ValueError(f"{out} was written for other arguments ({state.get('key')}); "
                             "remove it or its .progress.json to start over")
        done = set(state["done"])
        mm = np.load(out, mmap_mode="r+")
    else:
        mm = np.lib.format.open_memmap(out, mode="w+", dtype=dtype, shape=shape)
        side.write_text(json.dumps({"key": key, "done": []}))
    starts = [lo for lo in range(0, src.size, k) if lo not in done]
    bar = None
    if progress and starts:
        from tqdm.auto import tqdm

        bar = tqdm(total=int(src.size), initial=int(src.size) - sum(
            min(k, src.size - lo) for lo in starts), desc=f"apsp -> {out.name}", unit="src")
    try:
        for lo in starts:
            part = src[lo:lo + k]
            block = (multi_source_sssp(G, part, batch=k) if weighted
                     else multi_source_bfs(G, part, batch=k))
            mm[lo:lo + part.size] = block
            mm.flush()
            done.add(lo)                                   # recorded only once on disk
            side.write_text(json.dumps({"key": key, "done": sorted(done)}))
            if bar is not None:
                bar.update(part.size)
    finally:
        mm.flush()
        del mm
        if bar is not None:
            bar.close()
    return out


# ------------------------------------------------------------------ reductions
def _rows(G, sources, seed, batch, memory_limit, progress, desc, reverse=False):
    """Distance rows as float64 (inf unreachable) from ``sources``; ``reverse`` gives
    distances *to* each source (closeness and harmonic use incoming distances)."""
    H = G.reversed() if (reverse and G.directed) else G
    src = _pick_sources(G, sources, seed)
    for part, block in _blocks(H, src, batch, memory_limit, progress, desc, G.weighted):
        d = block if G.weighted else np.where(block >= 0, block.astype(np.float64), np.inf)
        yield part, d


def eccentricity(G: Graph, sources=None, *, unreachable: str = "raise", seed: int = 0,
                 batch: int | None = None, memory_limit: int = DEFAULT_MEMORY,
                 progress: bool = True) -> np.ndarray:
    """Largest distance from each source (``sources`` order).

    ``unreachable="raise"`` (NetworkX's definition) raises :class:`InvalidGraphError` when
    some vertex cannot be reached; ``"ignore"`` takes the maximum over reachable vertices;
    ``"inf"`` returns ``inf`` for such sources.

    >>> import semiring_paths as sp
    >>> sp.eccentricity(sp.read("karate"))[:4].tolist()
    [3.0, 3.0, 3.0, 3.0]
    """
    if unreachable not in ("raise", "ignore", "inf"):
        raise ValueError("unreachable must be 'raise', 'ignore' or 'inf'")
    out = []
    for part, d in _rows(G, sources, seed, batch, memory_limit, progress, "eccentricity"):
        fin = np.isfinite(d)
        if unreachable == "raise" and not fin.all():
            i = int(part[np.argmin(fin.all(axis=1))])
            raise InvalidGraphError(
                f"vertex {i} does not reach every vertex: eccentricity is infinite "
                "(the graph is not strongly connected); pass unreachable='ignore' or 'inf'")
        if unreachable == "ignore":
            d = np.where(fin, d, -np.inf)
        out.append(d.max(axis=1))
    return np.concatenate(out) if out else np.zeros(0)


def diameter(G: Graph, **kw) -> float:
    """Largest eccentricity (keywords as :func:`eccentricity`)."""
    return float(eccentricity(G, **kw).max())


def radius(G: Graph, **kw) -> float:
    """Smallest eccentricity (keywords as :func:`eccentricity`)."""
    return float(eccentricity(G, **kw).min())


def closeness(G: Graph, sources=None, *, wf_improved: bool = True, seed: int = 0,
              batch: int | None = None, memory_limit: int = DEFAULT_MEMORY,
              progress: bool = True) -> np.ndarray:
    """Closeness centrality of each vertex in ``sources``, as NetworkX defines it: from
    distances *to* the vertex, ``(r - 1) / Σd``, scaled by ``(r - 1) / (n - 1)``
    (Wasserman–Faust, ``wf_improved``) where ``r`` counts the vertices that reach it;
    0 for a vertex nothing reaches.

    >>> import semiring_paths as sp
    >>> round(float(sp.closeness(sp.read("karate"))[0]), 6)
    0.568966
    """
    n = G.n_vertices
    out = []
    for _, d in _rows(G, sources, seed, batch, memory_limit, progress, "closeness",
                      reverse=True):
        fin = np.isfinite(d)
        tot = np.where(fin, d, 0).sum(axis=1)
        r = fin.sum(axis=1)
        c = np.where(tot > 0, (r - 1.0) / np.where(tot > 0, tot, 1), 0.0)
        if wf_improved and n > 1:
            c = c * (r - 1.0) / (n - 1)
        out.append(c if n > 1 else np.zeros_like(c))
    return np.concatenate(out) if out else np.zeros(0)


def harmonic(G: Graph, sources=None, *, seed: int = 0, batch: int | None = None,
             memory_limit: int = DEFAULT_MEMORY, progress: bool = True) -> np.ndarray:
    """Harmonic centrality ``Σ_{u ≠ v} 1 / d(u, v)`` of each vertex ``v`` in ``sources``
    (distances to ``v``, as NetworkX's ``harmonic_centrality``); unreachable pairs add 0.
    """
    out = []
    for _, d in _rows(G, sources, seed, batch, memory_limit, progress, "harmonic",
                         reverse=True):
        with np.errstate(divide="ignore"):
            inv = np.where(np.isfinite(d) & (d > 0), 1.0 / d, 0.0)
        out.append(inv.sum(axis=1))
    return np.concatenate(out) if out else np.zeros(0)


def average_shortest_path_length(G: Graph, sources=None, *, seed: int = 0,
                                 batch: int | None = None,
                                 memory_limit: int = DEFAULT_MEMORY,
                                 progress: bool = True) -> float:
    """Mean distance over ordered pairs of distinct vertices (NetworkX's definition: the
    graph must be connected, strongly if directed; raises :class:`InvalidGraphError`
    otherwise).  With ``sources`` the mean runs over pairs starting at those sources."""
    n = G.n_vertices
    if n == 0:
        raise InvalidGraphError("the null graph has no paths")
    total, pairs = 0.0, 0
    for _, d in _rows(G, sources, seed, batch, memory_limit, progress, "average length"):
        if not np.isfinite(d).all():
            raise InvalidGraphError("graph is not (strongly) connected: some distances are "
                                    "infinite")
        total += float(d.sum())
        pairs += d.shape[0] * (n - 1)
    return total / pairs if pairs else 0.0


def distance_histogram(G: Graph, sources=None, *, seed: int = 0, batch: int | None = None,
                       memory_limit: int = DEFAULT_MEMORY, progress: bool = True
                       ) -> tuple[np.ndarray, np.ndarray]:
    """``(distances, counts)``: how many ordered pairs ``(s, v)``, ``s`` in ``sources``,
    ``v ≠ s`` reachable, lie at each distance.  Unweighted graphs give every hop count
    from 1 to the largest (zeros included)."""
    counts: dict[float, int] = {}
    for part, d in _rows(G, sources, seed, batch, memory_limit, progress, "histogram"):
        d = d.copy()
        d[np.arange(part.size), part] = np.inf          # leave out (s, s)
        vals, cnt = np.unique(d[np.isfinite(d)], return_counts=True)
        for v, c in zip(vals.tolist(), cnt.tolist()):
            counts[v] = counts.get(v, 0) + c
    keys = np.array(sorted(counts), dtype=np.float64)
    vals = np.array([counts[k] for k in sorted(counts)], dtype=np.int64)
    if not G.weighted and keys.size:
        full = np.zeros(int(keys.max()), np.int64)
        full[keys.astype(np.int64) - 1] = vals
        return np.arange(1, int(keys.max()) + 1), full
    return keys, vals
