"""Blocks of sources as Dask tasks: the one place many-source work meets a cluster.

Every many-source function splits its sources into blocks and computes each with a
function ``fn(G, part, *args)`` that returns something small (a reduction, a block of
rows, a block written to disk).  :func:`map_blocks` runs those calls here, in order, or
on a ``dask.distributed.Client``:

* the graph goes to the cluster once, as the result of a task that holds it (replicated
  to every worker), so a lost worker's copy is fetched from another or rebuilt from the
  task — it is never gone;
* each block is one task, submitted with the graph's future; a worker lost mid-run
  loses nothing, as the scheduler reruns its tasks elsewhere;
* results come back as the tasks finish, each with its block number, feeding a tqdm bar;
  Ctrl-C (or any error) cancels what is still queued.

With GPUs, start one worker per GPU (``dask_cuda.LocalCUDACluster``, or workers with
``CUDA_VISIBLE_DEVICES`` set) and pass ``backend="gpu"``: each task uses its worker's GPU.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any

import numpy as np

from ..graph import Graph
from ..progress import bar as progress_bar

__all__ = ["map_blocks"]


def _hold(G: Graph) -> Graph:
    return G


def block_sources(client, k: int, n_sources: int, be) -> int:
    """Sources a task: at most ``k`` (the memory bound of one block), and few enough that
    every worker thread gets about ``be.worker_blocks`` tasks (the backend's: four on the
    CPU, one on a GPU)."""
    if client is None:
        return k
    threads = sum(w.get("nthreads", 1) for w in client.scheduler_info()["workers"].values())
    per = be.worker_blocks
    return max(1, min(k, -(-n_sources // (per * max(threads, 1)))))


def split(sources: np.ndarray, k: int) -> list[np.ndarray]:
    """``sources`` in blocks of ``k``."""
    return [sources[lo:lo + k] for lo in range(0, sources.size, k)]


def map_blocks(fn: Callable[..., Any], G: Graph, parts: Sequence[np.ndarray],
               args: tuple = (), *, per_block: Sequence[tuple] | None = None, client=None,
               ordered: bool = False, progress: bool = False, desc: str = "blocks"
               ) -> Iterator[tuple[int, Any]]:
    """``(i, fn(G, parts[i], *per_block[i], *args))`` for every block: in order here, or
    on ``client`` as the tasks finish (``ordered``: held back until the blocks before have
    come, for small results).  ``progress``: a tqdm bar counting sources, fed by
    finished tasks (Dask only; the local callers keep their own bars)."""
    extra = per_block if per_block is not None else [()] * len(parts)
    if client is None:
        for i, part in enumerate(parts):
            yield i, fn(G, part, *extra[i], *args)
        return
    if not ordered:
        yield from _unordered(fn, G, parts, extra, args, client, progress, desc)
        return
    held: dict[int, Any] = {}
    nxt = 0
    for i, out in _unordered(fn, G, parts, extra, args, client, progress, desc):
        held[i] = out
        while nxt in held:
            yield nxt, held.pop(nxt)
            nxt += 1


def _unordered(fn, G, parts, extra, args, client, progress, desc):
    from dask.distributed import as_completed

    graph = client.submit(_hold, G, pure=False)          # recomputable, unlike scatter
    client.replicate([graph])
    futures = {client.submit(fn, graph, part, *extra[i], *args, pure=False): i
               for i, part in enumerate(parts)}
    bar = progress_bar(progress, int(sum(p.size for p in parts)), desc)
    try:
        for fut in as_completed(futures):
            i = futures[fut]
            yield i, fut.result()
            bar.update(parts[i].size)
    finally:
        client.cancel([*futures, graph])
        bar.close()
