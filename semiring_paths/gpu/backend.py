"""The CuPy backend: device CSR / CSC and the kernels of ``kernels.cu``.

All state stays on the device; the only host read per BFS level is the next frontier's
size and out-edges (one 16-byte copy; the step kernels write levels as they claim).
BFS runs through the shared loop of ``algorithms/bfs.py`` (push = thread per frontier
edge with a compare-and-swap claim on π, pull = thread per unreached vertex with early
exit).  SSSP ``workfront`` and ``bellman-ford`` (min_plus, push) run as fused
device loops: relaxation and ``d ⊕= t`` in one edge-balanced kernel, ``atomicMin`` on the
integer image of non-negative doubles (a CAS loop where weights can be negative).  Every
other strategy, semiring and direction runs the shared text of ``algorithms/sssp.py`` on
device vectors (``vectors.py``).  Weights stay in the graph's dtype (int32, int64, float32,
float64); sums are formed in float64 as on the CPU.  Vertex ids (indices, frontiers,
queues, parents) take 4 bytes while ``n < 2³¹ − 1`` and 8 beyond: the kernels are compiled
with a ``vid_t`` typedef to match (``index_bytes``); row pointers are always 8 bytes.
Results come back through page-locked memory, or stay on the device (``as_cupy``).
"""

from __future__ import annotations

from functools import cached_property
from pathlib import Path
from typing import ClassVar

import numpy as np

from ..algorithms.bfs import high_diameter
from ..exceptions import GPUMemoryError, NegativeCycleError
from ..graph import Graph
from .vectors import DeviceVector, OpenSetOps

try:  # CuPy is optional: the CPU package must import without it
    import cupy as cp
    import cupyx
except ImportError:  # pragma: no cover - exercised on machines without CuPy
    cp = cupyx = None

_THREADS = 256
#: (CuPy appends -ftz=true whatever is asked: atomics.cuh's as_f64 keeps float32
#: subnormal weights exact regardless)
_NVRTC = ("--std=c++17",)
#: SSSP rounds run with a host check per round before a graph counts as high-diameter
#: (``algorithms.bfs.high_diameter``; sooner when the frontier grows steadily)
TAIL_AFTER = 16
#: levels (or rounds) launched back to back between host checks in the device tail
TAIL_CHECK_EVERY = 32


def available() -> bool:
    """CuPy is importable and sees at least one GPU."""
    if cp is None:
        return False
    try:
        return cp.cuda.runtime.getDeviceCount() > 0
    except Exception:   # no driver, no device: not available
        return False


#: vertex ids take 4 bytes below this many vertices, 8 from it on
WIDE_FROM = 2**31 - 1


def index_bytes(G: Graph, forced: int | None = None) -> int:
    """Bytes of a device vertex id: 4 while ``n < 2³¹ − 1`` (ids and -1 fit an int32),
    8 beyond; ``forced`` (4 or 8) overrides, 4 only where it fits."""
    if forced not in (None, 4, 8):
        raise ValueError(f"index_bytes must be 4, 8 or None, got {forced!r}")
    wide = G.n_vertices >= WIDE_FROM
    if forced == 4 and wide:
        raise ValueError(f"{G.n_vertices:,} vertices do not fit 4-byte device ids")
    return 8 if wide or forced == 8 else 4


def bytes_needed(G: Graph, forced: int | None = None) -> int:
    """Device bytes for the graph: CSR (8-byte row pointers, 4- or 8-byte indices, weights
    in their own dtype), the CSC copy when directed, and ~24 bytes of state per vertex
    (twice the id-sized part with 8-byte ids)."""
    n, m, b = G.n_vertices, G.n_stored, index_bytes(G, forced)
    csr = 8 * (n + 1) + b * m + (G.weights.itemsize * m if G.weighted else 0)
    return csr * (2 if G.directed else 1) + (16 + 2 * b) * n


def _report(trace, per, seconds: float, direction: str = "push", first: int | None = None
            ) -> None:
    """A device tail's levels (rounds) into the trace at once: ``per[i]`` entered the
    frontier at step i; the frontier of step i is ``per[i - 1]`` (``first`` for the
    first), or -1 (not counted) without ``first``; the time is shared out evenly."""
    per = np.asarray(per, np.int64)
    if not per.size:
        return
    frontier = np.r_[first, per[:-1]] if first is not None else -1
    trace.add_many(frontier=frontier, edges=-1, seconds=seconds / max(per.size, 1),
                   direction=direction, changed=per)


class _Frontier:
    """A frontier kept either as an index list (push) or as flags (pull)."""

    def __init__(self, n: int, vid, idx=None, flags=None, count: int | None = None,
                 edges: int | None = None, levels=None, level: int = 0):
        self.n, self.vid, self._idx, self._flags = n, vid, idx, flags
        self.count = int(idx.size) if count is None else count
        self.edges = edges          # out-edges of the frontier, when a step counted them
        self.levels, self.level = levels, level    # the search's v and this frontier's level

    def indices(self):
        if self._idx is None:
            self._idx = cp.nonzero(self._flags)[0].astype(self.vid)
        return self._idx

    def flags(self):
        if self._flags is None:
            f = cp.zeros(self.n, cp.uint8)
            f[self._idx] = 1
            self._flags = f
        return self._flags


class GPUBackend(OpenSetOps):
    """The GPU backend bound to one graph (see ``semiring_paths.backend``)."""

    name = "gpu"
    #: bytes of a device vertex id: None = 4 while they fit, else 8 (:func:`index_bytes`);
    #: 8 runs the wide kernels on any graph (the parity tests do)
    index_bytes: ClassVar[int | None] = None

    def __init__(self, G: Graph):
        if not available():
            raise ValueError("backend 'gpu' needs CuPy and an NVIDIA GPU; none was found "
                             "(pip install 'semiring_paths[gpu]'), or use backend='cpu'")
        wide = index_bytes(G, self.index_bytes) == 8
        need = bytes_needed(G, self.index_bytes)
        free, _total = cp.cuda.runtime.memGetInfo()
        if need > free:
            raise GPUMemoryError(
                f"the graph needs {need:,} bytes of GPU memory and {free:,} are free "
                f"({G.n_vertices:,} vertices, {G.n_stored:,} stored edges); nothing was "
                "allocated. Use backend='cpu' or a GPU with more memory")
        self.graph = G
        self.n = G.n_vertices
        #: dtype of device vertex ids (frontiers, queues, parents, counters): the kernels
        #: are compiled with ``vid_t`` to match
        self.vid = np.int64 if wide else np.int32
        self.indptr = cp.asarray(G.indptr, dtype=cp.int64)
        self.indices = cp.asarray(G.indices, dtype=self.vid)
        self.fused = {"workfront": self._workfront, "bellman-ford": self._bellman_ford}

    # ----------------------------------------------------------------- device data
    def _source(self, name: str) -> str:
        here = Path(__file__).parent
        vid_t = "long long" if self.vid == np.int64 else "int"
        return (f"typedef {vid_t} vid_t;\n" + (here / "atomics.cuh").read_text()
                + (here / name).read_text())

    @cached_property
    def _module(self):
        return cp.RawModule(code=self._source("kernels.cu"), options=_NVRTC)

    @cached_property
    def _tails(self):
        """The persistent tails, launched cooperatively (a grid that stays resident)."""
        return cp.RawModule(code=self._source("tails.cu"), options=_NVRTC,
                            enable_cooperative_groups=True)

    def _kernel(self, name):
        return self._module.get_function(name)

    #: blocks of the persistent tails (None: 2 per SM, all resident).  A high-diameter
    #: graph's frontier is small, and a grid barrier costs less over fewer blocks.
    tail_blocks: int | None = None

    @cached_property
    def _sms(self) -> int:
        return cp.cuda.Device().attributes["MultiProcessorCount"]

    @property
    def _resident_grid(self) -> tuple[tuple[int], tuple[int]]:
        """Blocks that are all resident at once (at most 2 of 256 threads per SM)."""
        blocks = self.tail_blocks or 2 * self._sms
        return (min(blocks, 2 * self._sms),), (_THREADS,)

    def _persistent(self, name, args) -> bool:
        """Launch a cooperative tail; False where the device or CuPy cannot."""
        if getattr(self, "_no_coop", False) or not self._tail_is(
                "cooperative", "bfs" if name.startswith("bfs") else "sssp"):
            return False
        try:
            grid, block = self._resident_grid
            self._tails.get_function(name)(grid, block, args)
            return True
        except Exception:   # no cooperative launch here: fall back to CUDA graphs
            self._no_coop = True
            return False

    @cached_property
    def _csc(self):
        if not self.graph.directed:
            return self.indptr, self.indices
        T = self.graph.to_scipy(np.bool_).T.tocsr()
        return cp.asarray(T.indptr, dtype=cp.int64), cp.asarray(T.indices, dtype=self.vid)

    @cached_property
    def weights(self):
        """Edge weights in the graph's own dtype (int32 ones when unweighted)."""
        G = self.graph
        return cp.asarray(G.weights if G.weighted else np.ones(G.n_stored, np.int32))

    @property
    def weight_tag(self) -> str:
        """The kernels' suffix for the weight dtype (``relax_push_min_plus_f32``, …)."""
        return {"int32": "i32", "int64": "i64", "float32": "f32",
                "float64": "f64"}[self.weights.dtype.name]

    @cached_property
    def degree(self):
        return cp.asarray(self.graph.out_degree, dtype=cp.int64)

    @staticmethod
    def _grid(items: int, per_item: int = 1) -> tuple[tuple[int], tuple[int]]:
        total = max(items * per_item, 1)
        return ((total + _THREADS - 1) // _THREADS,), (_THREADS,)

    # ----------------------------------------------------------------- BFS
    def bfs_start(self, source: int):
        parents = cp.full(self.n, -1, self.vid)
        parents[source] = source
        levels = cp.full(self.n, -1, cp.int32)
        levels[source] = 0
        q = _Frontier(self.n, self.vid, idx=cp.asarray([source], self.vid),
                      edges=int(self.graph.out_degree[source]), levels=levels)
        return q, parents, levels

    # The step kernels write v⟨q⟩ = level as they claim (so ``record`` has nothing left to
    # do) and return the next frontier's size and out-edges in one 16-byte read.
    def push(self, q: _Frontier, parents, edges: int) -> _Frontier:
        idx = q.indices()
        nf = int(idx.size)
        nxt, counters = cp.empty(self.n, self.vid), cp.zeros(2, cp.uint64)
        offs = self._edge_offsets(idx, counters)
        if edges:
            grid, block = self._grid(edges)
            self._kernel("bfs_push_lbs")(grid, block, (
                self.indptr, self.indices, idx, offs, self.vid(nf), np.int64(edges),
                parents, q.levels, np.int32(q.level + 1), nxt, counters))
        c, e = (int(x) for x in counters.get())
        return _Frontier(self.n, self.vid, idx=nxt[:c], count=c, edges=e, levels=q.levels,
                         level=q.level + 1)

    def _edge_offsets(self, frontier, counters, d=None, du=None, mark=None):
        """Exclusive prefix sum of the frontier's out-degrees (where its edges start in
        an edge-balanced step), with ``counters`` zeroed; for a small frontier one block
        does it (``prep_small``, which also gathers ``du = d⟨frontier⟩`` and clears the
        frontier's ``mark`` when given)."""
        nf = int(frontier.size)
        if nf <= self.SMALL_ROUND:
            offs = cp.empty(max(nf, 1), cp.int64)
            null = np.uintp(0)
            self._kernel("prep_small")((1,), (1024,), (
                frontier, self.vid(nf), self.indptr, null if d is None else d, offs,
                null if du is None else du, null if mark is None else mark, counters))
            return offs
        assert du is None and mark is None, "SSSP sets up big rounds itself"
        deg = self.degree[frontier]
        counters.fill(0)
        return cp.cumsum(deg) - deg

    def pull(self, q: _Frontier, parents) -> _Frontier:
        ptr_t, idx_t = self._csc
        flags = q.flags()
        nxt = cp.zeros(self.n, cp.uint8)
        counters = cp.zeros(2, cp.uint64)
        grid, block = self._grid(self.n)
        self._kernel("bfs_pull")(grid, block, (
            ptr_t, idx_t, self.indptr, flags, self.vid(self.n), parents, q.levels,
            np.int32(q.level + 1), nxt, counters))
        c, e = (int(x) for x in counters.get())
        return _Frontier(self.n, self.vid, flags=nxt, count=c, edges=e, levels=q.levels,
                         level=q.level + 1)

    def bfs_tail(self, parents, levels, level: int, trace) -> None:
        """Finish a push BFS on the device: the frontier is ``{v : levels[v] == level}``;
        levels launch back to back and the host reads the per-level counts only every
        ``TAIL_CHECK_EVERY`` levels."""
        import time

        n = self.n
        t0 = time.perf_counter()
        queue = cp.nonzero(levels == level)[0].astype(self.vid)
        if 0 < queue.size <= self._block_queue and self._tail_is("block", "bfs"):
            done, per, over = self._block_tail("bfs_tail_block", (self.indptr, self.indices),
                                               queue, (np.int32(level), levels, parents))
            _report(trace, per, time.perf_counter() - t0, "block", first=int(queue.size))
            if not over:
                return
            level += done                   # finished levels; go on grid-wide
            t0 = time.perf_counter()
            queue = cp.nonzero(levels == level)[0].astype(self.vid)
        if queue.size and self._tail_is("async", "bfs"):
            big = np.int32(2**31 - 1)
            lv = cp.where(levels < 0, big, levels)
            self._async("bfs_async", queue, (self.indptr, self.indices), lv)
            ptr_t, idx_t = self._csc
            grid, block = self._grid(n)
            self._tails.get_function("bfs_parents")(grid, block, (
                ptr_t, idx_t, lv, self.vid(n), np.int32(level), parents))
            levels[:] = cp.where(lv == big, -1, lv)
            later = lv[(lv > level) & (lv != big)] - level - 1
            per = cp.bincount(later).get() if later.size else np.zeros(0, np.int64)
            _report(trace, np.r_[per, 0], time.perf_counter() - t0, "async",
                    first=int(queue.size))
            return
        if queue.size:
            size = cp.array([queue.size, 0, 0], self.vid)
            counts, done = cp.zeros(n + 1, self.vid), cp.zeros(1, cp.int32)
            queue_a = cp.empty(n, self.vid)
            queue_a[:queue.size] = queue
            if self._persistent("bfs_tail_coop", (
                    self.indptr, self.indices, self.vid(n), queue_a, cp.empty(n, self.vid),
                    size, np.int32(level), levels, parents, counts, done,
                    np.int32(self._lanes))):
                per = counts[:int(done.get()[0])].get()
                _report(trace, per, time.perf_counter() - t0, first=int(queue.size))
                return
        counts = cp.zeros(n + 2 + TAIL_CHECK_EVERY, self.vid)
        level_dev = cp.array([level], cp.int32)
        step, advance = self._kernel("bfs_push_level_dev"), self._kernel("advance_level")
        grid, block = self._grid(n)

        def batch():     # level = *level_dev + j: one advance a batch, not one a level
            for j in range(TAIL_CHECK_EVERY):
                step(grid, block, (self.indptr, self.indices, self.vid(n), level_dev,
                                   np.int32(j), levels, parents, counts))
            advance((1,), (1,), (level_dev, np.int32(TAIL_CHECK_EVERY)))

        run = self._captured(batch)
        lvl = level
        t0 = time.perf_counter()
        while True:
            run()
            top = lvl + TAIL_CHECK_EVERY
            got = counts[lvl + 1:top + 1].get()
            zero = np.nonzero(got == 0)[0]
            if zero.size or top >= n:
                last = lvl + (int(zero[0]) if zero.size else got.size)
                break
            lvl = top
        per = counts[level + 1:last + 2].get()
        _report(trace, per, time.perf_counter() - t0, first=int((levels == level).sum().get()))

    #: How a high-diameter search finishes on the device (``benchmarks/
    #: sweep_tail_blocks.py``): "block" = one block with the frontier in shared memory
    #: and block barriers, handing over to the grid-wide default when a frontier
    #: outgrows it; "async" = the barrier-free worklist kernels of tails.cu
    #: (label-correcting; SSSP with non-negative weights); "cooperative" = one launch, a
    #: grid barrier a level; "cuda-graph" = launches replayed from a captured graph.
    #: "auto" = ``AUTO_TAIL``; each falls back to the next where a launch mode fails.
    tail = "auto"
    #: 1000×1000 grid, H100, median of 8 sources (BFS / workfront ms): block 15.7 / 52.3,
    #: async 16.3 / 35.8, cooperative 10.8 / 23.0, CUDA graph 15.7 / 23.1
    #: (a "block" tail whose frontier overflows hands over to these grid-wide ones)
    AUTO_TAIL: ClassVar[dict] = {"bfs": "cooperative", "sssp": "cuda-graph"}

    def _tail_is(self, kind: str, family: str) -> bool:
        chosen = self.AUTO_TAIL[family] if self.tail == "auto" else self.tail
        return kind == chosen or (chosen == "block" and kind == self.AUTO_TAIL[family])

    @cached_property
    def _lanes(self) -> int:
        """Threads per frontier vertex in the cooperative tails: the mean degree rounded up
        to a power of two (at most a warp), so a vertex's edges are read side by side."""
        G = self.graph
        mean = G.n_stored / max(int((G.out_degree > 0).sum()), 1)
        return int(min(32, 1 << max(0, int(np.ceil(np.log2(max(mean, 1.0)))))))

    @cached_property
    def _block_queue(self) -> int:
        """Vertices a one-block tail queue holds: two queues in the opt-in shared memory."""
        smem = cp.cuda.Device().attributes.get("MaxSharedMemoryPerBlockOptin", 48 * 1024)
        return max(1024, min(1 << 14, (smem - 1024) // (2 * self._id_bytes)))

    @property
    def _id_bytes(self) -> int:
        return np.dtype(self.vid).itemsize

    def _block_tail(self, name: str, graph_args: tuple, queue, state_args: tuple,
                    extra: tuple = ()):
        """Launch the one-block tail ``name`` of tails.cu on ``queue``; returns (rounds run,
        per-round counts, whether the frontier overflowed the shared-memory queue)."""
        cap = self._block_queue
        counts, state = cp.zeros(self.n + 1, self.vid), cp.zeros(2, cp.int32)
        kernel = self._tails.get_function(name)
        smem = 2 * self._id_bytes * cap
        kernel.max_dynamic_shared_size_bytes = smem
        kernel((1,), (1024,), (*graph_args, queue, np.int32(queue.size), np.int32(cap),
                               *state_args, counts, *extra, state), shared_mem=smem)
        done, over = (int(x) for x in state.get())
        return done, counts[:done].get(), bool(over)

    def _async(self, name: str, queue, graph_args: tuple, values) -> int:
        """Run a worklist kernel of ``tails.cu`` from ``queue`` until no value drops;
        returns the vertices processed (pops)."""
        n = self.n
        grid, block = self._resident_grid
        threads = grid[0] * block[0]
        cap = 1 << int(n + threads + 1).bit_length()          # a power of two > n + threads
        slots = cp.full(cap, -1, self.vid)
        slots[:queue.size] = queue
        ctr = cp.array([0, queue.size], cp.uint64)            # head (claims), tail (fills)
        pending = cp.array([queue.size], self.vid)
        inq = cp.zeros(n, cp.int32)
        inq[queue] = 1
        self._tails.get_function(name)(grid, block, (
            *graph_args, slots, np.uint64(cap - 1), ctr, pending, inq, values))
        return int(ctr[1].get())

    def _captured(self, launches):
        """``launches`` captured once as a CUDA graph and replayed (about 1 µs a kernel
        instead of ~10 µs of Python launch overhead); plain launches where capture is
        unavailable."""
        stream = cp.cuda.Stream(non_blocking=True)
        try:
            with stream:
                stream.begin_capture()
                launches()
                graph = stream.end_capture()
        except Exception:   # older CuPy / driver: launch directly
            return launches

        def replay():
            graph.launch(stream)
            stream.synchronize()

        return replay

    def record(self, q: _Frontier, parents, levels, level: int) -> None:
        # π⟨q⟩ = q and v⟨q⟩ = level were written by the step kernels as they claimed
        assert q.level == level and q.levels is levels

    def nvals(self, x) -> int:
        if isinstance(x, DeviceVector):
            return int(cp.count_nonzero(x.has))
        return x.count if isinstance(x, _Frontier) else int(x.size)

    def frontier_edges(self, x, matrix=None) -> int:
        if isinstance(x, DeviceVector):
            degree = self.degree if matrix is None else cp.diff(matrix[0])
            return int((degree * x.has).sum().get())
        if x.edges is not None:          # counted by the step that made x
            return x.edges
        return int(self.degree[x.indices()].sum().get())

    #: set by ``as_cupy=True`` calls: results stay on the device as CuPy arrays
    keep_on_device = False

    def to_numpy(self, x, fill):
        """``x`` on the host (int64 / float64), or as a CuPy array of the same dtypes while
        ``keep_on_device`` is set."""
        if isinstance(x, DeviceVector):
            x = cp.where(x.has, x.val, fill)
        if x.dtype.kind in "iu":
            x = x.astype(cp.int64)            # widened on the device, not on the host
        if self.keep_on_device:
            return x
        # straight into page-locked memory (CuPy's pinned pool): one DMA at full PCIe
        # speed, no staging copy; the block returns to the pool with the array
        if not x.size:
            return np.empty(x.shape, x.dtype)
        out = cupyx.empty_pinned(x.shape, x.dtype)
        x.get(out=out)
        return out

    # ----------------------------------------------------------------- bitmaps
    #: sources per batch of the bitmap BFS (memory permitting): all of them, usually
    bitmap_batch = 1 << 20

    @property
    def default_memory(self) -> int:
        """Half the device memory free now: the default budget of a batch."""
        return int(cp.cuda.runtime.memGetInfo()[0] // 2)

    def bitmap_bfs(self, sources: np.ndarray, levels: np.ndarray | None = None
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

    # ----------------------------------------------------------------- SSSP (fused)
    @property
    def _sssp_tag(self) -> str:
        """Weight-dtype suffix, plus ``_nn`` (integer-image atomicMin) without negatives."""
        return self.weight_tag + ("" if self.graph.has_negative_weights else "_nn")

    #: frontiers up to this many vertices run a small round (``sssp_prep_small``: one
    #: block sets the round up; the relaxation queues what improved)
    SMALL_ROUND: ClassVar[int] = 8192      # 1024 threads × PREP_ITEMS (kernels.cu)

    def _relax_loop(self, source: int, trace, whole: bool):
        """Workfront (``whole=False``) or Bellman-Ford rounds, one fused edge-balanced
        kernel each.  A small round (a known edge count, at most ``SMALL_ROUND``
        vertices) costs two launches and one 16-byte read; a big one lists what improved
        by one scan of n flags."""
        import time

        n, tag = self.n, self._sssp_tag
        d = cp.full(n, cp.inf, cp.float64)
        d[source] = 0.0
        frontier = cp.asarray([source], self.vid)
        edges: int | None = int(self.graph.out_degree[source])
        mark, counters = cp.zeros(n, cp.int32), cp.zeros(2, cp.uint64)
        du_s = cp.empty(self.SMALL_ROUND, cp.float64)
        marked = False                        # the frontier's marks are still set
        sizes = [1]
        rounds = 0
        while frontier.size:
            rounds += 1
            if rounds > max(n, 1):
                raise NegativeCycleError.reachable_from(source)
            t0 = time.perf_counter()
            if whole:
                frontier = cp.nonzero(cp.isfinite(d))[0].astype(self.vid)
                edges = None
            nf = int(frontier.size)
            if edges is not None and nf <= self.SMALL_ROUND:
                offs_s = self._edge_offsets(frontier, counters, d, du_s, mark)
                nxt = cp.empty(n, self.vid)
                if edges:
                    grid, block = self._grid(edges)
                    self._kernel("sssp_push_lbsq_" + tag)(grid, block, (
                        self.indptr, self.indices, self.weights, frontier, du_s, offs_s,
                        self.vid(nf), np.int64(edges), d, mark, nxt, counters))
                c, out = (int(x) for x in counters.get())
                frontier, next_edges, marked = nxt[:c], out, True
            else:
                if marked:
                    mark[frontier] = 0
                    marked = False
                deg = self.degree[frontier]
                offs = cp.cumsum(deg) - deg               # exclusive prefix: edge offsets
                if edges is None:
                    edges = int((offs[-1] + deg[-1]).get())
                changed = cp.zeros(n, cp.uint8)
                if edges:
                    grid, block = self._grid(edges)
                    self._kernel("sssp_push_lbs_" + tag)(grid, block, (
                        self.indptr, self.indices, self.weights, frontier, d[frontier], offs,
                        self.vid(nf), np.int64(edges), d, changed))
                frontier = cp.nonzero(changed)[0].astype(self.vid)
                # a small next frontier needs its edge count to run as a small round
                next_edges = (int(self.degree[frontier].sum().get())
                              if frontier.size <= self.SMALL_ROUND else None)
            c = int(frontier.size)
            trace.add(frontier=nf, edges=edges, seconds=time.perf_counter() - t0, changed=c)
            edges = next_edges
            sizes.append(c)
            if not whole and c and high_diameter(sizes, n, TAIL_AFTER):
                self._sssp_tail(d, frontier, rounds, source, trace)
                break
        return self.to_numpy(d, np.inf)

    def _sssp_tail(self, d, queue, rounds: int, source: int, trace) -> None:
        """Workfront on the device from the frontier ``queue``, by the selected tail
        (checked every ``TAIL_CHECK_EVERY`` rounds where the host checks)."""
        import time

        n = self.n
        t0 = time.perf_counter()
        if 0 < queue.size <= self._block_queue and self._tail_is("block", "sssp"):
            marks = (cp.zeros(n, cp.int32), cp.zeros(n, cp.int32))
            marks[0][queue] = 1
            limit = max(n, 1) - rounds
            done, per, over = self._block_tail(
                "sssp_tail_block_" + self._sssp_tag,
                (self.indptr, self.indices, self.weights), queue, (*marks, d),
                (self.vid(limit),))
            _report(trace, per, time.perf_counter() - t0, "block")
            rounds += done
            if not over:
                if done >= limit and per.size and per[-1]:
                    raise NegativeCycleError.reachable_from(source)
                return
            t0 = time.perf_counter()                 # the pending frontier:
            queue = cp.flatnonzero(marks[done & 1]).astype(self.vid)
        if self._tail_is("async", "sssp") and not self.graph.has_negative_weights:
            pops = self._async("sssp_async_" + self.weight_tag, queue,
                               (self.indptr, self.indices, self.weights), d)
            trace.add(frontier=int(queue.size), edges=-1, direction="async",
                      seconds=time.perf_counter() - t0, changed=pops)
            return
        queue_a = cp.empty(n, self.vid)
        queue_a[:queue.size] = queue
        counts, done = cp.zeros(n + 1, self.vid), cp.zeros(1, self.vid)
        limit = max(n, 1) - rounds
        if self._persistent("sssp_tail_coop_" + self._sssp_tag, (
                self.indptr, self.indices, self.weights, self.vid(n), queue_a,
                cp.empty(n, self.vid), cp.array([queue.size, 0, 0], self.vid),
                cp.zeros(n, cp.int32), cp.zeros(n, cp.int32), d, counts, done,
                self.vid(limit), np.int32(self._lanes))):
            per = counts[:int(done.get()[0])].get()
            _report(trace, per, time.perf_counter() - t0)
            if per.size >= limit and per[-1]:
                raise NegativeCycleError.reachable_from(source)
            return
        kernel = self._kernel("sssp_push_flags_" + self._sssp_tag)
        grid, block = self._grid(n)
        counts = cp.zeros(TAIL_CHECK_EVERY, self.vid)
        flags = (cp.zeros(n, cp.uint8), cp.zeros(n, cp.uint8))
        flags[0][queue] = 1

        def batch():
            counts.fill(0)
            for j in range(TAIL_CHECK_EVERY):     # even: the flags end where they began
                src, dst = flags[j % 2], flags[1 - j % 2]    # the kernel clears src
                kernel(grid, block, (self.indptr, self.indices, self.weights,
                                     self.vid(n), src, dst, d, counts[j:j + 1]))

        run = self._captured(batch)
        while True:
            t0 = time.perf_counter()
            run()
            got = counts.get()
            _report(trace, got, time.perf_counter() - t0)
            rounds += TAIL_CHECK_EVERY
            if (got == 0).any():
                return
            if rounds > max(n, 1):
                raise NegativeCycleError.reachable_from(source)

    def _workfront(self, source, semiring, trace, delta=None, direction="push"):
        return self._relax_loop(source, trace, whole=False), None

    def _bellman_ford(self, source, semiring, trace, delta=None, direction="push"):
        return self._relax_loop(source, trace, whole=True), None

    def tight_parents(self, d, semiring, source: int) -> np.ndarray:
        """A shortest-path tree from the values ``d`` (host or device array): for min_plus
        one device pass (``tight_parents_*``: each reached vertex takes a tight in-edge
        from a strictly closer vertex); where some vertex has none (zero weights, rounding)
        or for other semirings, the CPU backend's BFS over tight edges."""
        G = self.graph
        if semiring.name == "min_plus":
            dd = cp.asarray(d, cp.float64)
            ptr, idx, w = self._transposed(None)
            parents = cp.full(self.n, -1, self.vid)
            parents[source] = source
            grid, block = self._grid(self.n)
            self._kernel("tight_parents_" + self.weight_tag)(grid, block, (
                ptr, idx, w, dd, self.vid(self.n), self.vid(source), parents))
            if not bool(((parents < 0) & cp.isfinite(dd)).any()):
                return self.to_numpy(parents, -1)
        from ..backend import backend_for

        host = cp.asnumpy(d) if isinstance(d, cp.ndarray) else d
        return backend_for(G, "cpu").tight_parents(host, semiring, source)
