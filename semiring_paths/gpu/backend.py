"""The CuPy backend: one class composed of the device graph and one mixin per concern.

All state stays on the device; results come back through page-locked memory, or stay on
the device (``export(..., device=True)``, the public ``as_cupy=True``).  Weights stay in
the graph's dtype (int32, int64, float32, float64); sums are formed in float64 as on the
CPU.  ``workfront`` and ``bellman-ford`` (min_plus) run fused (``sssp.py``), the threshold
strategies as device-resident loops (``rules.py``), path counts and betweenness as k × n
rows or a block a source (``counting.py``), point-to-point queries as one block that
searches from both ends (``pair.py``); every other strategy, semiring and
direction runs the shared text of ``algorithms/`` on device vectors (``vectors.py``).
"""

from __future__ import annotations

from typing import ClassVar

import numpy as np

from ..backends.interface import Backend
from . import cp, cupyx, dense
from .bfs import BFSSteps, _Frontier
from .bitmap import BitmapBFS
from .counting import PathCounts
from .device import DeviceGraph, bytes_needed, index_bytes
from .order import DegreeOrder
from .pair import PairSearch
from .sssp import FusedSSSP
from .vectors import DeviceVector, OpenSetOps

__all__ = ["GPUBackend", "bytes_needed", "index_bytes"]


class GPUBackend(DeviceGraph, BFSSteps, BitmapBFS, FusedSSSP, DegreeOrder, OpenSetOps,
                 PathCounts, PairSearch, Backend):
    """The GPU backend bound to one graph (``semiring_paths.backends.interface``)."""

    name: ClassVar[str] = "gpu"
    device_results: ClassVar[bool] = True
    #: a block of betweenness sources: ~0.2 s of ``brandes_bfs`` on an H100
    block_edges: ClassVar[int] = 1 << 33
    #: one block a GPU worker: a block is one batched device search, and four smaller
    #: ones cost about what four full ones do (two H200s, Kronecker 18, 512 sampled
    #: betweenness sources: 0.91 s with four a worker, 0.34 with one;
    #: ``bench_distributed.py --gpus``)
    worker_blocks: ClassVar[int] = 1

    def closure(self, method: str):
        """Blocked Floyd–Warshall or repeated squaring on the device (``dense.py``)."""
        return lambda D: dense.closure(D, method)

    def nvals(self, x) -> int:
        if isinstance(x, DeviceVector):
            return int(cp.count_nonzero(x.has))
        if isinstance(x, cp.ndarray) and x.ndim == 2:       # k × n counts (counting.py)
            return int(cp.count_nonzero(x))
        return x.count if isinstance(x, _Frontier) else int(x.size)

    def frontier_edges(self, x, matrix=None) -> int:
        if isinstance(x, DeviceVector):
            degree = self.degree if matrix is None else cp.diff(matrix[0])
            return int((degree * x.has).sum().get())
        if x.edges is not None:          # counted by the step that made x
            return x.edges
        return int(self.degree[x.indices()].sum().get())

    def gather(self, x, ids: np.ndarray, fill: float) -> np.ndarray:
        idx = cp.asarray(np.asarray(ids, np.int64))
        if isinstance(x, DeviceVector):
            return cp.where(x.has[idx], x.val[idx], fill).astype(cp.float64).get()
        if isinstance(x, np.ndarray):
            return x[ids].astype(np.float64)
        return x[idx].astype(cp.float64).get()

    def export(self, x, fill, device: bool = False):
        """``x`` as int64 / float64: on the host, or a CuPy array with ``device=True``."""
        if isinstance(x, DeviceVector):
            x = cp.where(x.has, x.val, fill)
        if isinstance(x, np.ndarray):
            return cp.asarray(x) if device else x
        if x.dtype.kind in "iu":
            x = x.astype(cp.int64)            # widened on the device, not on the host
        if device:
            return x
        # straight into page-locked memory (CuPy's pinned pool): one DMA at full PCIe
        # speed, no staging copy; the block returns to the pool with the array
        if not x.size:
            return np.empty(x.shape, x.dtype)
        out = cupyx.empty_pinned(x.shape, x.dtype)
        x.get(out=out)
        return out

    def values(self, d, semiring, device: bool = False):
        """Path values as float64, ``0̄`` where there is no path."""
        return self.export(d, semiring.zero, device)

    def memory_budget(self) -> int:
        """Half the device memory free now: the default budget of a batch."""
        return int(cp.cuda.runtime.memGetInfo()[0] // 2)

