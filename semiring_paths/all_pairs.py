"""All-pairs distances block by block, never holding ``n × n`` unless asked to.

``apsp(G)`` yields ``(sources, block)`` pairs, ``block`` a ``k × n`` array of hop levels
(unweighted graphs, int64, ``-1`` unreachable) or min_plus distances (weighted, float64,
``inf``), computed ``k`` sources at a time by ``multi_source_bfs`` / ``multi_source_sssp``
(DAWN's ``F⟨¬R⟩ = F any.pair A``).  ``apsp(G, out="d.npy")`` streams the blocks into a
memory-mapped ``.npy`` file; a side file ``d.npy.progress.json`` records finished blocks,
so Ctrl-C loses nothing that was finished and a second call resumes.

The reductions (eccentricity, closeness, harmonic, diameter, radius, average shortest path
length, distance histogram) never hold ``k × n`` levels on unweighted graphs: the bitmap
BFS counts the vertices at each hop (``level_counts``), and every reduction is a function
of those counts; frontier bitmaps take ``k · n / 16`` bytes.  Weighted graphs consume
distance blocks of ``k · n · 18`` bytes.  ``k`` is chosen from ``memory_limit``.

Every function here takes ``client=`` (a ``dask.distributed.Client``): the blocks run as
Dask tasks over its workers (``distributed/blocks.py``), reductions are combined here in
source order, and ``apsp(out=…)`` has the workers write their rows into the file.
"""

from __future__ import annotations

import json
import math
import os
import shutil
import zlib
from collections.abc import Iterator, Sequence
from pathlib import Path

import numpy as np

from . import validate
from .distributed.blocks import block_sources, map_blocks, split
from .exceptions import HostMemoryError, InvalidGraphError
from .graph import Graph
from .io.binary import fingerprint
from .memory import fmt_bytes
from .multi_source import (
    LEVEL_BYTES,
    SSSP_BYTES,
    block_size,
    level_counts,
    multi_source_bfs,
    multi_source_sssp,
)
from .progress import bar as progress_bar
from .semirings import min_plus

__all__ = ["apsp", "average_shortest_path_length", "closeness", "diameter",
           "distance_histogram", "eccentricity", "harmonic", "radius"]



def _block(G: Graph, part: np.ndarray, k: int, weighted: bool, backend: str) -> np.ndarray:
    if weighted:
        return multi_source_sssp(G, part, batch=k, backend=backend)
    return multi_source_bfs(G, part, batch=k, backend=backend)


def _block_size(G: Graph, batch, memory_limit, weighted: bool, backend: str,
                client=None, n_sources: int = 0) -> int:
    be = validate.backend(G, backend)
    k = block_size(G, be, batch, memory_limit, SSSP_BYTES if weighted else LEVEL_BYTES)
    return k if batch is not None else block_sources(client, k, n_sources, be)


def _blocks(G: Graph, sources: np.ndarray, batch, memory_limit, progress, desc,
            weighted: bool, backend: str, client=None, ordered: bool = False
            ) -> Iterator[tuple[np.ndarray, np.ndarray]]:
    k = _block_size(G, batch, memory_limit, weighted, backend, client, sources.size)
    parts = split(sources, k)
    bar = progress_bar(progress and client is None, int(sources.size), desc, k)
    try:
        for i, block in map_blocks(_block, G, parts, (k, weighted, backend), client=client,
                                   ordered=ordered, progress=progress, desc=desc):
            bar.update(parts[i].size)
            if weighted:
                validate.rounded(G, block)
            yield parts[i], block
    finally:
        bar.close()


def apsp(G: Graph, batch: int | None = None, backend: str = "auto", *,
         sources: Sequence[int] | int | None = None, out: str | os.PathLike | None = None,
         memory_limit: int | None = None, progress: bool = True, seed: int = 0,
         client=None):
    """All-pairs shortest paths by blocks of sources.

    Parameters
    ----------
    G : Graph
        Unweighted: hop levels (int64, ``-1`` unreachable); weighted (non-negative):
        distances (float64, ``inf`` unreachable).
    batch : int, optional
        Sources per block; default from ``memory_limit`` (``k · n · 10`` bytes a block of
        levels, ``k · n · 18`` of distances).
    backend : {"auto", "cpu", "gpu"}
        Where the blocks are computed (the bitmap BFS of unweighted graphs, the batched
        workfront of weighted ones).
    sources : sequence of int or int, optional
        Restrict to these sources, or sample this many (``seed``); default all.
    out : path, optional
        Write all rows to a memory-mapped ``.npy`` file instead of yielding them
        (rows follow ``sources``).  Finished blocks are recorded in
        ``<out>.progress.json``; calling again with the same arguments resumes, and an
        interrupted run (Ctrl-C) keeps every finished block.  The record names the
        graph (each array's CRC-32) and the sources: a file made from another graph or
        other sources is refused (``ValueError``), never resumed.
    memory_limit : int, optional
        Bytes one block may use (default 512 MiB).
    progress : bool
        Show a tqdm progress bar when there is more than one block.
    client : dask.distributed.Client, optional
        Compute the blocks on its workers; blocks then arrive as they finish (each with
        its sources), and with ``out`` the workers write their rows into the file (which
        they must all see), the resume record kept here.

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
    G = validate.graph(G)
    validate.backend(G, backend)            # an unknown backend fails here, not lazily
    src = validate.sample(G, sources, seed)
    weighted = G.weighted
    if weighted:
        validate.nonnegative(G, min_plus, "apsp", "")
    if out is None:
        return _blocks(G, src, batch, memory_limit, progress, "apsp", weighted, backend,
                       client)
    return _apsp_to_disk(G, src, batch, memory_limit, progress, weighted, backend,
                         _out_path(out, int(src.size) * G.n_vertices * 8), client)


def _out_path(out: str | os.PathLike, nbytes: int) -> Path:
    """``out`` checked before any work: a file name in an existing directory, on a disk
    with room for the rows (or already holding them)."""
    p = Path(out)
    if p.is_dir():
        raise ValueError(f"out={str(out)!r} is a directory; give a file name, such as "
                         f"{str(p / 'apsp.npy')!r}")
    if not p.parent.is_dir():
        raise ValueError(f"out={str(out)!r}: the directory {str(p.parent)!r} does not exist")
    free = shutil.disk_usage(p.parent).free + (p.stat().st_size if p.exists() else 0)
    if nbytes > free:
        raise HostMemoryError(f"apsp(out={str(out)!r}) writes {fmt_bytes(nbytes)}, but the "
                              f"disk has {fmt_bytes(free)} free")
    return p


def _record(side: Path, state: dict) -> None:
    """The progress record, replaced atomically: a kill at any moment leaves the old
    record or the new one, never half of one."""
    tmp = side.with_name(side.name + ".tmp")
    with open(tmp, "w") as f:
        f.write(json.dumps(state))
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, side)


def _write_rows(G: Graph, part: np.ndarray, lo: int, k: int, weighted: bool, backend: str,
                out: str) -> int:
    """One block of ``apsp(out=…)`` computed and written into its rows (here or on a
    worker); returns its first row once the rows are on disk."""
    mm = np.load(out, mmap_mode="r+")
    mm[lo:lo + part.size] = block = _block(G, part, k, weighted, backend)
    if weighted:
        validate.rounded(G, block)
    mm.flush()
    del mm
    return lo


def _apsp_to_disk(G, src, batch, memory_limit, progress, weighted, backend,
                  out: Path, client=None) -> Path:
    k = _block_size(G, batch, memory_limit, weighted, backend, client, src.size)
    dtype = np.float64 if weighted else np.int64
    shape = (int(src.size), G.n_vertices)
    side = out.with_name(out.name + ".progress.json")
    # the graph's edges and the sources themselves: a file of other rows is refused
    # (a sum of the sources and the edge count let [1, 11] resume [5, 7]'s rows)
    key = {"shape": list(shape), "dtype": np.dtype(dtype).name, "batch": k,
           "sources_crc32": zlib.crc32(np.ascontiguousarray(src, np.int64).tobytes()),
           "graph": fingerprint(G)}
    done: set[int] = set()
    state = None
    if out.exists() and side.exists():
        try:
            state = json.loads(side.read_text())
        except ValueError:                 # unreadable record: start over
            state = None
    if state is not None:
        recorded = state.get("key") or {}
        if batch is None and isinstance(recorded.get("batch"), int) and \
                {**recorded, "batch": k} == key:
            k, key = recorded["batch"], recorded     # resume in the recorded blocks
        if recorded != key:
            raise ValueError(f"{out} was written for other arguments ({state.get('key')}); "
                             "remove it or its .progress.json to start over")
        done = set(state["done"])
        mm = np.load(out, mmap_mode="r+")
    else:
        side.unlink(missing_ok=True)
        mm = np.lib.format.open_memmap(out, mode="w+", dtype=dtype, shape=shape)
        mm.flush()
        _record(side, {"key": key, "done": []})
    mm.flush()
    del mm                                # the blocks write through their own maps
    starts = [lo for lo in range(0, src.size, k) if lo not in done]
    left = sum(min(k, src.size - lo) for lo in starts)
    bar = progress_bar(progress and bool(starts) and client is None, int(src.size),
                       f"apsp -> {out.name}", initial=int(src.size) - left)
    parts = [src[lo:lo + k] for lo in starts]
    try:
        for i, lo in map_blocks(_write_rows, G, parts, (k, weighted, backend, str(out)),
                                per_block=[(lo,) for lo in starts], client=client,
                                progress=progress, desc=f"apsp -> {out.name}"):
            done.add(lo)                                   # recorded only once on disk
            _record(side, {"key": key, "done": sorted(done)})
            bar.update(parts[i].size)
    finally:
        bar.close()
    return out


# ------------------------------------------------------------------ reductions
class _Distances:
    """Per-source summaries of distance rows ``d`` (``k × n``, ``inf`` unreachable)."""

    def __init__(self, part: np.ndarray, d: np.ndarray):
        self.part, self.d = part, d
        self.finite = np.isfinite(d)

    def reached(self) -> np.ndarray:                 # vertices reached, the source included
        return self.finite.sum(axis=1)

    def total(self) -> np.ndarray:                   # Σ_v d(s, v) over reached v
        return np.where(self.finite, self.d, 0).sum(axis=1)

    def farthest(self) -> np.ndarray:                # max_v d(s, v) over reached v
        return np.where(self.finite, self.d, -np.inf).max(axis=1)

    def inverse(self) -> np.ndarray:                 # Σ_v 1 / d(s, v), d > 0
        with np.errstate(divide="ignore"):
            return np.where(self.finite & (self.d > 0), 1.0 / self.d, 0.0).sum(axis=1)

    def histogram(self) -> dict[float, int]:         # pairs (s, v ≠ s) per distance
        d = self.d.copy()
        d[np.arange(self.part.size), self.part] = np.inf
        vals, cnt = np.unique(d[np.isfinite(d)], return_counts=True)
        return dict(zip(vals.tolist(), cnt.tolist()))


class _Levels:
    """The same summaries from hop-level counts ``C`` (``(L + 1) × k``): no ``k × n``."""

    def __init__(self, part: np.ndarray, C: np.ndarray):
        self.part, self.C = part, C
        self.hops = np.arange(C.shape[0], dtype=np.float64)

    def reached(self) -> np.ndarray:
        return self.C.sum(axis=0)

    def total(self) -> np.ndarray:
        return self.hops @ self.C

    def farthest(self) -> np.ndarray:
        nonzero = self.C > 0
        return (self.C.shape[0] - 1 - np.argmax(nonzero[::-1], axis=0)).astype(np.float64)

    def inverse(self) -> np.ndarray:
        return (1.0 / np.maximum(self.hops[1:], 1)) @ self.C[1:]

    def histogram(self) -> dict[float, int]:
        per_hop = self.C[1:].sum(axis=1)
        return {float(h): int(c) for h, c in zip(self.hops[1:], per_hop) if c}


def _profiles(G, sources, seed, batch, memory_limit, progress, desc, backend,
              reverse=False, weight=None, client=None):
    """Per-block summaries from ``sources``: level counts (unweighted, bitmaps) or distance
    rows (weighted); ``reverse`` uses distances *to* each source (closeness, harmonic)."""
    G = validate.weight_view(G, weight)
    if G.weighted:          # checked on G itself: the message names the user's edge
        validate.nonnegative(G, min_plus, desc, "")
    validate.backend(G, backend)
    src = validate.sample(G, sources, seed)
    H = G.reversed() if (reverse and G.directed) else G
    if not G.weighted:
        bar = progress_bar(progress, src.size, desc, 4096)
        try:
            for part, C in level_counts(H, src, backend=backend, batch=batch,
                                        memory_limit=memory_limit, client=client):
                bar.update(part.size)
                yield _Levels(part, C)
        finally:
            bar.close()
        return
    for part, d in _blocks(H, src, batch, memory_limit, progress, desc, True, backend,
                           client, ordered=True):
        yield _Distances(part, d)


def eccentricity(G: Graph, sources=None, *, weight: bool | str | None = None,
                 unreachable: str = "raise", seed: int = 0,
                 backend: str = "auto", batch: int | None = None,
                 memory_limit: int | None = None, progress: bool = True,
                 client=None) -> np.ndarray:
    """Largest distance from each source (``sources`` order): int64 hop counts (``weight``
    None), float64 sums of weights (``weight`` given) or where ``unreachable="inf"``.

    ``weight``, here and in every reduction, as NetworkX's reductions take it: None (the
    default) counts hops, whether or not the graph has weights; True (or an attribute
    name, as NetworkX code passes) adds the graph's weights.  ``sssp`` and
    ``shortest_path`` differ: they use the weights a graph has unless told otherwise.

    ``unreachable="raise"`` (NetworkX's definition) raises :class:`InvalidGraphError` when
    some vertex cannot be reached; ``"ignore"`` takes the maximum over reachable vertices;
    ``"inf"`` returns ``inf`` for such sources.

    >>> import semiring_paths as sp
    >>> sp.eccentricity(sp.read("karate"))[:4].tolist()
    [3, 3, 3, 3]
    """
    G = validate.graph(G)
    if unreachable not in ("raise", "ignore", "inf"):
        raise ValueError("unreachable must be 'raise', 'ignore' or 'inf'")
    n = G.n_vertices
    out = []
    for p in _profiles(G, sources, seed, batch, memory_limit, progress, "eccentricity",
                       backend, weight=weight, client=client):
        short = p.reached() < n
        if unreachable == "raise" and short.any():
            i = int(p.part[np.argmax(short)])
            raise InvalidGraphError(
                f"vertex {i} does not reach every vertex: eccentricity is infinite "
                "(the graph is not strongly connected); pass unreachable='ignore' or 'inf'")
        ecc = p.farthest()
        out.append(np.where(short, np.inf, ecc) if unreachable == "inf" else ecc)
    ecc = np.concatenate(out) if out else np.zeros(0)
    hops = unreachable != "inf" and not validate.weight_view(G, weight).weighted
    return ecc.astype(np.int64) if hops else ecc.astype(np.float64, copy=False)


def diameter(G: Graph, **kw) -> int | float:
    """Largest eccentricity (keywords as :func:`eccentricity`): an int when it counts
    hops (``weight`` None, the default), a float when it adds weights.

    >>> import semiring_paths as sp
    >>> rome = sp.read("rome99")
    >>> sp.diameter(rome, sources=3, seed=1), sp.diameter(rome, sources=3, seed=1, weight=True)
    (51, 47332.0)
    """
    return _extreme(G, kw, np.max)


def radius(G: Graph, **kw) -> int | float:
    """Smallest eccentricity (keywords as :func:`eccentricity`; types as :func:`diameter`)."""
    return _extreme(G, kw, np.min)


def _extreme(G, kw, pick) -> int | float:
    e = eccentricity(G, **kw)
    if e.size == 0:                  # NetworkX: "max() arg is an empty sequence"
        what = "diameter" if pick is np.max else "radius"
        raise InvalidGraphError(
            f"the {what} of no vertices is undefined: "
            + ("the graph has no vertices" if G.n_vertices == 0 else "sources is empty"))
    x = float(pick(e))
    hops = not validate.weight_view(G, kw.get("weight")).weighted
    return int(x) if hops and math.isfinite(x) else x


def closeness(G: Graph, sources=None, *, weight: bool | str | None = None,
              wf_improved: bool = True, seed: int = 0,
              backend: str = "auto", batch: int | None = None,
              memory_limit: int | None = None, progress: bool = True,
              client=None) -> np.ndarray:
    """Closeness centrality of each vertex in ``sources``, as NetworkX defines it: from
    distances *to* the vertex, ``(r - 1) / Σd``, scaled by ``(r - 1) / (n - 1)``
    (Wasserman–Faust, ``wf_improved``) where ``r`` counts the vertices that reach it;
    0 for a vertex nothing reaches.  Unweighted graphs never build distance rows: the
    bitmap BFS counts vertices per hop (:func:`level_counts`).

    >>> import semiring_paths as sp
    >>> round(float(sp.closeness(sp.read("karate"))[0]), 6)
    0.568966
    """
    G = validate.graph(G)
    n = G.n_vertices
    out = []
    for p in _profiles(G, sources, seed, batch, memory_limit, progress, "closeness",
                       backend, reverse=True, weight=weight, client=client):
        tot, r = p.total(), p.reached()
        c = np.where(tot > 0, (r - 1.0) / np.where(tot > 0, tot, 1), 0.0)
        if wf_improved and n > 1:
            c = c * ((r - 1.0) / (n - 1))       # NetworkX's order of operations
        out.append(c if n > 1 else np.zeros_like(c))
    return np.concatenate(out) if out else np.zeros(0)


def harmonic(G: Graph, sources=None, *, weight: bool | str | None = None,
             seed: int = 0, backend: str = "auto",
             batch: int | None = None, memory_limit: int | None = None,
             progress: bool = True, client=None) -> np.ndarray:
    """Harmonic centrality ``Σ_{u ≠ v} 1 / d(u, v)`` of each vertex ``v`` in ``sources``
    (distances to ``v``, as NetworkX's ``harmonic_centrality``); unreachable pairs add 0.
    """
    out = [p.inverse() for p in _profiles(G, sources, seed, batch, memory_limit, progress,
                                          "harmonic", backend, reverse=True,
                                          weight=weight, client=client)]
    return np.concatenate(out) if out else np.zeros(0)


def average_shortest_path_length(G: Graph, sources=None, *, weight: bool | str | None = None,
                                 seed: int = 0,
                                 backend: str = "auto", batch: int | None = None,
                                 memory_limit: int | None = None,
                                 progress: bool = True, client=None) -> float:
    """Mean distance over ordered pairs of distinct vertices (NetworkX's definition: the
    graph must be connected, strongly if directed; raises :class:`InvalidGraphError`
    otherwise).  With ``sources`` the mean runs over pairs starting at those sources."""
    G = validate.graph(G)
    n = G.n_vertices
    if n == 0:
        raise InvalidGraphError("the null graph has no paths")
    total, pairs = 0.0, 0
    for p in _profiles(G, sources, seed, batch, memory_limit, progress, "average length",
                       backend, weight=weight, client=client):
        if (p.reached() < n).any():
            raise InvalidGraphError("graph is not (strongly) connected: some distances are "
                                    "infinite")
        total += float(p.total().sum())
        pairs += p.part.size * (n - 1)
    return total / pairs if pairs else 0.0


def distance_histogram(G: Graph, sources=None, *, weight: bool | str | None = None,
                       seed: int = 0, backend: str = "auto",
                       batch: int | None = None, memory_limit: int | None = None,
                       progress: bool = True, client=None) -> tuple[np.ndarray, np.ndarray]:
    """``(distances, counts)``: how many ordered pairs ``(s, v)``, ``s`` in ``sources``,
    ``v ≠ s`` reachable, lie at each distance.  Unweighted graphs give every hop count
    from 1 to the largest (zeros included)."""
    G = validate.weight_view(G, weight)     # what _profiles measures, and the bins' kind
    counts: dict[float, int] = {}
    for p in _profiles(G, sources, seed, batch, memory_limit, progress, "histogram",
                       backend, weight=weight, client=client):
        for v, c in p.histogram().items():
            counts[v] = counts.get(v, 0) + c
    keys = np.array(sorted(counts), dtype=np.float64)
    vals = np.array([counts[k] for k in sorted(counts)], dtype=np.int64)
    if not G.weighted and keys.size:
        full = np.zeros(int(keys.max()), np.int64)
        full[keys.astype(np.int64) - 1] = vals
        return np.arange(1, int(keys.max()) + 1), full
    return keys, vals
