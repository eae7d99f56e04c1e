"""BFS on the device: push and pull steps, and the high-diameter tails.

Push is a thread per frontier edge (edge-balanced: a hub's 10⁵ edges do not serialise a
warp) with a compare-and-swap claim on π; pull is a thread per unreached vertex with early
exit.  The step kernels write ``v⟨q⟩ = level`` as they claim and return the next
frontier's size and out-edges in one 16-byte read.  A search that turns out high-diameter
(:func:`device.high_diameter`) finishes in a device tail: one block with the frontier in
shared memory, a cooperative grid with a barrier a level, an asynchronous worklist, or
launches replayed from a CUDA graph (``DeviceGraph.tail``).
"""

from __future__ import annotations

import os
import time
from functools import cached_property
from typing import ClassVar

import numpy as np

from . import cp
from .device import _NVRTC, BFS_TAIL_AFTER, TAIL_CHECK_EVERY, _report, cu_constants, high_diameter

#: fused_bfs's strategies → the kernels' mode tag of bfs_loop.cu
_LOOP_MODES = {"sovm": "push", "bovm": "pull", "direction-optimizing": "do"}
#: bfs_loop.cu's constants: its ctl slots and the width of a level's record
_K = cu_constants("bfs_loop.cu")


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



class BFSSteps:
    """Mixin of ``GPUBackend``: the BFS operations of the interface."""

    def bfs_start(self, source: int):
        # q = π = e_s, v(s) = 0 in one launch (five CuPy operations and a copy from the
        # host took 0.3 ms of a 4 ms grid search)
        parents, levels = cp.empty(self.n, self.vid), cp.empty(self.n, cp.int32)
        idx = cp.empty(1, self.vid)
        self._kernel("bfs_init")(*self._grid(self.n), (
            self.vid(self.n), self.vid(source), levels, parents, idx))
        q = _Frontier(self.n, self.vid, idx=idx,
                      edges=int(self.graph.out_degree[source]), levels=levels)
        return q, parents, levels

    # ----------------------------------------------------------------- fused loop
    #: run a whole BFS as the device-resident loop of ``bfs_loop.cu`` (False: the shared
    #: loop of ``algorithms/bfs.py`` drives the step kernels below, a host check a level)
    FUSED_BFS: ClassVar[bool] = True
    #: the one-block shape takes push levels of at most this many edges (and a frontier
    #: its shared memory holds); the grid hands back after ``BFS_THIN_LEVELS`` push levels
    #: in a row of at most ``BFS_THIN_Q`` vertices and ``BFS_THIN_E`` edges
    BFS_WIDE_E: ClassVar[int] = 1 << 15
    BFS_THIN_Q: ClassVar[int] = 1024
    BFS_THIN_E: ClassVar[int] = 1 << 13
    BFS_THIN_LEVELS: ClassVar[int] = 4
    #: vertices the one-block shape stages (shared memory left over is L1 cache)
    BFS_BLOCK_QUEUE: ClassVar[int] = 4096
    #: resident 256-thread blocks an SM of the grid shape
    BFS_BLOCKS_PER_SM: ClassVar[int] = 4
    #: the cooperative tail: levels a grid barrier (2: ``bfs_tail_two``; 1:
    #: ``bfs_tail_coop``) and blocks an SM (one holds a thin level, and its barrier costs
    #: less than a full grid's; ``tails.cu`` has the figures)
    BFS_TAIL_LEVELS: ClassVar[int] = 2
    BFS_TAIL_PER_SM: ClassVar[float] = 1.0
    #: ... which hands the search back to the edge-balanced steps at a queue over this
    #: many passes of its grid (a low-degree graph of low diameter has wide levels: one
    #: of 10⁶ vertices would take its 132 blocks some 500 passes, by estimate), and takes it
    #: again at half that.  A low-degree graph starts in it (grid 1000², H100, median of
    #: 16 sources: 3.88 ms from level 0, against 4.45 after two host-driven levels)
    BFS_TAIL_WIDE: ClassVar[float] = 4.0
    #: level records a launch keeps before it returns them
    BFS_RECORDS: ClassVar[int] = 1 << 14
    #: a graph whose out-degrees are all at most this (a grid, a road network: thousands
    #: of thin levels) keeps the step loop, whose high-diameter tail (``bfs_tail_two``,
    #: then ``bfs_tail_coop``: a vertex queue, no degree bookkeeping) costs less a level
    #: than either shape here.
    #: H100, 1000² grid, median of 8 sources: step loop 7.3 ms; this loop 13.4–15.2 ms on
    #: one block (23 000 cycles a level, 62 % of them the claims: one SM's L2 requests,
    #: a shared-memory bitmap no better), 8.7 ms on a cluster of 8 SMs (``cluster.sync``
    #: 1 300 cycles; the trips to memory slower, queued on fewer SMs), 9.3–13.8 ms on
    #: the grid with lanes a vertex (1–4 blocks an SM), measured 2026-11-24
    BFS_LOW_DEGREE: ClassVar[int] = 64

    @cached_property
    def _bfs_loop(self):
        # development switches, e.g. SEMIRING_PATHS_BFS_DEFS=-DBFS_PROF (bfs_loop.cu)
        defs = tuple(os.environ.get("SEMIRING_PATHS_BFS_DEFS", "").split())
        return cp.RawModule(code=self._source("bfs_loop.cu"), options=_NVRTC + defs,
                            enable_cooperative_groups=True)

    def fused_bfs(self, strategy: str):
        """A whole BFS (``sovm``, ``bovm``, ``direction-optimizing``) as the device loop of
        ``bfs_loop.cu``: ``run(source, trace, α, β) -> (levels, parents)`` on the device;
        None (the step loop) on a graph of low degree (``BFS_LOW_DEGREE``), or where its
        packed queue counter cannot hold the graph (n ≥ 2²⁷) or its buffers (24–32 bytes
        a vertex, :attr:`_bfs_buffers`) cannot be allocated."""
        tag = _LOOP_MODES.get(strategy)
        if tag is None or not self.FUSED_BFS or self.n >= 1 << 27:
            return None
        if self.graph.max_out_degree <= self.BFS_LOW_DEGREE:
            return None
        try:
            self._bfs_buffers                              # noqa: B018 - allocated once
        except cp.cuda.memory.OutOfMemoryError:
            return None
        return lambda source, trace, alpha, beta: self._fused_bfs(tag, source, trace,
                                                                  alpha, beta)

    @cached_property
    def _bfs_buffers(self):
        """Ping-pong queues and their edge offsets, the queue counters, three frontier
        bitmaps for pulls, and the state with the level records after it (one copy reads
        both), reused by every search."""
        n = max(self.n, 1)
        return (cp.empty(n, self.vid), cp.empty(n, self.vid), cp.empty(n, cp.int64),
                cp.empty(n, cp.int64), cp.empty(8, cp.uint64),
                cp.empty(3 * ((n + 31) // 32), cp.uint32),
                cp.empty(_K.B_SLOTS + _K.B_STATS * self.BFS_RECORDS, cp.int64))

    def _bfs_kernels(self, tag: str):
        """The two shapes' kernels for ``tag``, the block's shared memory opted in, and
        the grid's resident shape."""
        cache = self.__dict__.setdefault("_bfs_kernel_cache", {})
        if tag not in cache:
            block_k = self._bfs_loop.get_function(f"bfs_block_{tag}")
            grid_k = self._bfs_loop.get_function(f"bfs_grid_{tag}")
            block_k.max_dynamic_shared_size_bytes = self._bfs_block_smem[1]
            cache[tag] = block_k, grid_k, self._wide_grid(grid_k, self.BFS_BLOCKS_PER_SM)
        return cache[tag]

    @cached_property
    def _bfs_block_smem(self) -> tuple[int, int]:
        """(queue capacity, bytes) of the one-block shape: two staged queues of offsets,
        row starts and ids in the opt-in shared memory."""
        smem = cp.cuda.Device().attributes.get("MaxSharedMemoryPerBlockOptin", 48 * 1024)
        cap = min(self.BFS_BLOCK_QUEUE, (smem - 2048) // (2 * (16 + self._id_bytes)))
        return cap, 2 * (16 + self._id_bytes) * cap

    #: level records read back with the state in one copy (more take a second one)
    _PEEK = 64
    #: a cooperative tail's level counts read back with its state in one copy
    _PEEK_LEVELS = 8192

    def _fused_bfs(self, tag: str, source: int, trace, alpha: float, beta: float):
        """A round launches the one block, then the grid, back to back (the grid finds
        the search done, or goes on from where the block handed over) and reads the
        state and the round's level records once; a round ends early only where the grid
        hands a thin frontier back."""
        n, vid, G = self.n, self.vid, self.graph
        levels = cp.full(n, -1, cp.int32)
        parents = cp.full(n, -1, vid)
        q0, q1, o0, o1, cnt, bits, buf = self._bfs_buffers
        bits.fill(0)                 # a search that ends pulling leaves its bitmaps set
        ctl, stats = buf[:_K.B_SLOTS], buf[_K.B_SLOTS:]
        ptr_t, idx_t = self._csc if tag != "push" else (self.indptr, self.indices)
        block_k, grid_k, grid_shape = self._bfs_kernels(tag)
        cap, smem = self._bfs_block_smem
        m, n_beta, a = np.int64(G.n_stored), np.float64(n / beta), np.float64(alpha)
        records = np.int64(self.BFS_RECORDS)
        start, peek = vid(source), _K.B_SLOTS + _K.B_STATS * self._PEEK
        while True:
            if tag != "pull":
                block_k((1,), (1024,), (
                    self.indptr, self.indices, start, m, levels, parents, q0, q1, o0, o1,
                    ctl, stats, records, np.int32(1), a, n_beta, np.int32(cap),
                    np.int64(self.BFS_WIDE_E)), shared_mem=smem)
                start = vid(-1)
            grid_k(*grid_shape, (
                self.indptr, self.indices, ptr_t, idx_t, start, m, vid(n), levels, parents,
                q0, q1, o0, o1, bits, np.int64(bits.size // 3), cnt, ctl, stats, records,
                np.int32(tag == "pull"), a, n_beta, np.int64(self.BFS_THIN_Q),
                np.int64(self.BFS_THIN_E), np.int32(self.BFS_THIN_LEVELS)))
            start = vid(-1)
            head = buf[:peek].get()
            rows = int(head[_K.B_REC])
            s = (head[_K.B_SLOTS:] if rows <= self._PEEK else stats[:_K.B_STATS * rows].get()
                 ).reshape(-1, _K.B_STATS)[:rows]
            trace.add_many(frontier=s[:, 0], edges=s[:, 1], changed=s[:, 2],
                           seconds=(s[:, 5] - s[:, 4]) / 1e9,     # by the device clock
                           direction=np.where(s[:, 3] == 1, "pull", "push"))
            if head[_K.B_DONE]:
                return levels, parents
            if not rows:
                raise RuntimeError("the device BFS made no progress in a round (a bug: "
                                   "please report it with the graph)")

    # ----------------------------------------------------------------- step kernels
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

    def finish_bfs(self, q: _Frontier, parents, levels, level: int, sizes: list[int],
                   trace):
        """Finish a push BFS on the device from its frontier ``q`` at ``level``: once it
        looks high-diameter, or — on a graph of low degree (``BFS_LOW_DEGREE``), for the
        cooperative tail — whenever the frontier fits the tail's grid; levels launch back
        to back.  The cooperative tail hands back a frontier that outgrows its grid:
        ``(frontier, level)`` then, for the caller's steps to go on from."""
        coop = self._coop_ok("bfs")
        fits = coop and q.count <= self._tail_plan()[2] // 2
        low = self.graph.max_out_degree <= self.BFS_LOW_DEGREE
        if not ((low and fits) or high_diameter(sizes, self.n, BFS_TAIL_AFTER)):
            return False
        if coop and not fits:
            return False                 # it would hand the frontier straight back

        n = self.n
        t0 = time.perf_counter()
        queue = q.indices()             # a push's queue as it is (no pass over levels)
        if 0 < queue.size <= self._block_queue and self._tail_is("block", "bfs"):
            done, per, over = self._block_tail("bfs_tail_block", (self.indptr, self.indices),
                                               queue, (np.int32(level), levels, parents))
            _report(trace, per, time.perf_counter() - t0, "block", first=int(queue.size))
            if not over:
                return True
            level += done                   # finished levels; go on grid-wide
            t0 = time.perf_counter()
            queue = cp.nonzero(levels == level)[0].astype(self.vid)
        if queue.size and self._tail_is("async", "bfs"):
            big = np.int32(2**31 - 1)
            lv = cp.where(levels < 0, big, levels)
            self._async("bfs_async", queue, (self.indptr, self.indices), lv)
            ptr_t, idx_t = self._csc
            self._tails.get_function("bfs_parents")(*self._resident_grid, (   # strides
                ptr_t, idx_t, lv, self.vid(n), np.int32(level), parents))
            levels[:] = cp.where(lv == big, -1, lv)
            later = lv[(lv > level) & (lv != big)] - level - 1
            per = cp.bincount(later).get() if later.size else np.zeros(0, np.int64)
            _report(trace, np.r_[per, 0], time.perf_counter() - t0, "async",
                    first=int(queue.size))
            return True
        if queue.size:
            done = self._coop_tail(queue, level, levels, parents, trace, t0)
            if done:
                return done
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

    def _tail_plan(self) -> tuple[str, int, int]:
        """The cooperative tail's kernel, blocks and ``wide``: it hands the search back
        at a queue over ``BFS_TAIL_WIDE`` passes of its grid's vertex slots."""
        name = ("bfs_tail_two" if self.BFS_TAIL_LEVELS == 2 and self.n < 1 << 32
                else "bfs_tail_coop")
        blocks = self._tail_grid(name, self.BFS_TAIL_PER_SM)
        slots = blocks * 256 // (self._lanes * (4 if name == "bfs_tail_two" else 1))
        return name, blocks, max(1, int(self.BFS_TAIL_WIDE * slots))

    def _coop_tail(self, queue, level: int, levels, parents, trace, t0: float):
        """The search from the frontier ``queue`` in one cooperative launch
        (``tails.cu``): two levels a grid barrier (``bfs_tail_two``, over level · 2³² +
        parent keys) where ``BFS_TAIL_LEVELS`` is 2, the keys fit and can be allocated,
        else one (``bfs_tail_coop``).  True when it finished; ``(frontier, level)`` where
        it handed back a frontier grown wide; False where no cooperative launch can
        run."""
        if not self._coop_ok("bfs"):
            return False
        n = self.n
        name, blocks, wide = self._tail_plan()
        key = None
        if name == "bfs_tail_two":
            try:
                key = cp.empty(n, cp.uint64)
            except cp.cuda.memory.OutOfMemoryError:
                name = "bfs_tail_coop"
        # head: done (2 int32) then the per-level counts, read back in one copy where
        # they fit _PEEK_LEVELS
        head = cp.empty(n + 4, self.vid)
        done, counts = head[:2].view(cp.int32)[:2], head[2:]
        queue_a, size = cp.empty(n, self.vid), cp.empty(9, self.vid)  # three size rings
        state = (key,) if key is not None else (levels, parents)
        setup = (levels, parents, self.vid(n), queue, self.vid(queue.size),
                 np.uintp(0) if key is None else key, queue_a, size, done)
        search = (self.indptr, self.indices, queue_a, cp.empty(n, self.vid), size,
                  np.int32(level), *state, counts, done, np.int32(self._lanes),
                  self.vid(wide))
        if not (self._persistent("bfs_tail_setup", setup)
                and self._persistent(name, search, blocks)):
            return False
        got = head[:2 + min(n + 2, self._PEEK_LEVELS)].get()
        rounds, handed = (int(x) for x in got[:2].view(np.int32)[:2])
        step = 2 if key is not None else 1
        per = got[2:2 + step * rounds] if step * rounds <= self._PEEK_LEVELS else \
            counts[:step * rounds].get()
        empty = np.flatnonzero(per == 0)             # the first empty level ends it
        per = per[:empty[0] + 1] if empty.size else per
        if key is not None:     # v = key / 2³², π = key mod 2³² (-1 where unreached)
            self._tails.get_function("bfs_keys_unpack")(*self._resident_grid, (
                key, self.vid(n), levels, parents))
        _report(trace, per, time.perf_counter() - t0, first=int(queue.size))
        if not handed:
            return True
        at = level + step * rounds                   # its queue holds stale entries: the
        idx = cp.nonzero(levels == at)[0].astype(self.vid)  # level's own vertices, exactly
        return _Frontier(n, self.vid, idx=idx, levels=levels, level=at), at

    def record(self, q: _Frontier, parents, levels, level: int) -> None:
        # π⟨q⟩ = q and v⟨q⟩ = level were written by the step kernels as they claimed
        assert q.level == level and q.levels is levels
