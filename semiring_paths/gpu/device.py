"""The device graph: sizing, upload, compilation and launch machinery of the GPU backend.

``DeviceGraph`` holds the device CSR (and CSC on demand), the weights in the graph's own
dtype, the compiled modules (``kernels.cu``, ``tails.cu``, with ``vid_t`` set to the id
width) and the launch helpers every family of kernels uses: grids, persistent
(cooperative) launches, CUDA-graph capture, the one-block and asynchronous tails.
Vertex ids take 4 bytes while ``n < 2³¹ − 1`` and 8 beyond (``Graph.id_dtype``); row
pointers are always 8 bytes.
"""

from __future__ import annotations

import os
import re
from functools import cache, cached_property
from itertools import pairwise
from pathlib import Path
from types import SimpleNamespace
from typing import ClassVar

import numpy as np

from ..exceptions import GPUMemoryError
from ..graph import Graph
from . import available, cp, cupyx

_THREADS = 256


@cache
def cu_constants(name: str) -> SimpleNamespace:
    """The integer constants of kernel file ``name``: its enums' members and its plain
    ``#define NAME <integer>`` lines, so that the host indexes the kernels' state arrays
    (``ctl`` slots, record widths) by the names the kernels use, from one home."""
    return constants_of((Path(__file__).parent / name).read_text(), name)


def constants_of(text: str, name: str = "<source>") -> SimpleNamespace:
    """``cu_constants`` of CUDA source ``text``."""
    text = re.sub(r"//[^\n]*|/\*.*?\*/", "", text, flags=re.S)
    out: dict[str, int] = {}
    for body in re.findall(r"\benum\b[^{;]*\{([^}]*)\}", text):
        value = -1
        for item in filter(None, (x.strip() for x in body.split(","))):
            key, _, given = (t.strip() for t in item.partition("="))
            if given:                  # an integer, or a sum over earlier members
                expr = re.sub(r"[A-Za-z_]\w*", lambda m: str(out.get(m.group(), "?")),
                              given)
                if not re.fullmatch(r"[\d\s+*()-]+", expr):
                    raise ValueError(f"{name}: enum value {given!r} is not a sum")
                value = eval(expr)     # digits and + - * ( ) only, checked above
            else:
                value += 1
            out[key] = value
    for key, value in re.findall(r"^[ \t]*#define\s+(\w+)\s+\(?(-?\d+)\)?\s*$", text, re.M):
        out[key] = int(value)
    return SimpleNamespace(**out)


#: (CuPy appends -ftz=true whatever is asked: atomics.cuh's as_f64 keeps float32
#: subnormal weights exact regardless)
_NVRTC = ("--std=c++17",)
#: the C type of each device weight dtype, by the kernels' tag (atomics.cuh's EACH_WEIGHT)
_WEIGHT_C = {"i32": "int", "i64": "long long", "f32": "float", "f64": "double"}

#: float32 bits → float64, exactly: CuPy's own cast is compiled with -ftz=true and flushes
#: float32 subnormals to zero; they are rebuilt from their bits (as atomics.cuh's as_f64)
_exact_f64 = None if cp is None else cp.ElementwiseKernel(
    "uint32 b", "float64 w",
    """
    if (b & 0x7f800000u) {
        w = (double)__uint_as_float(b);
    } else {
        double m = (double)(b & 0x007fffffu) * 1.401298464324817070923729583289916e-45;
        w = (b >> 31) ? -m : m;
    }
    """, "exact_f64")
#: levels of a push BFS, or rounds of a fused SSSP, run with a host check each before a
#: search counts as high-diameter and finishes in a device tail (:func:`high_diameter`)
BFS_TAIL_AFTER = 8
SSSP_TAIL_AFTER = 16
#: ... or sooner, once this many consecutive levels changed the frontier by at most 2×
#: while it stays under n / THIN vertices
STEADY, THIN = 2, 64
#: levels (or rounds) launched back to back between host checks in the device tail
TAIL_CHECK_EVERY = 32


def zero_slot(a, i: int) -> None:
    """``a[i] = 0`` by one memset on the current stream (a CuPy assignment of a scalar
    costs the host about 40 µs)."""
    cp.cuda.runtime.memsetAsync(a.data.ptr + i * a.itemsize, 0, a.itemsize,
                                cp.cuda.get_current_stream().ptr)


def packed_offsets(parts, align: int) -> np.ndarray:
    """Where each of ``parts`` (arrays) starts in one buffer that holds them in order,
    each at a multiple of ``align`` bytes; the last entry is the buffer's size."""
    return np.cumsum([0] + [-(-p.nbytes // align) * align for p in parts])


def to_host(*parts):
    """Host copies of the device arrays ``parts`` after one synchronisation: a raw
    asynchronous copy of each into one pinned buffer (H200, µs a call after a 1-thread
    launch, 2026-11-30: ``ctl.get()`` and then ``get(out=pinned)`` of two record arrays
    51, three ``get(out=)`` into one pinned buffer 45 — CuPy's ``get`` costs the host
    ~13 µs a part — against ~20 for raw copies)."""
    stream = cp.cuda.get_current_stream()
    parts = [cp.ascontiguousarray(p) for p in parts]   # (held until the sync)
    at = packed_offsets(parts, 8)
    buf = cupyx.empty_pinned(max(int(at[-1]), 8), np.uint8)
    base = buf.ctypes.data
    for p, o in zip(parts, at):
        if p.nbytes:
            cp.cuda.runtime.memcpyAsync(base + int(o), p.data.ptr, p.nbytes,
                                        cp.cuda.runtime.memcpyDeviceToHost, stream.ptr)
    stream.synchronize()
    return [buf[o:o + p.nbytes].view(p.dtype).reshape(p.shape) for p, o in zip(parts, at)]


def high_diameter(sizes: list[int], n: int, after: int) -> bool:
    """Do the frontier sizes so far (``sizes[0]`` = the source's) mark a high-diameter
    search, worth finishing device-resident?  Yes past ``after`` levels, or when the last
    ``STEADY`` levels each changed a thin frontier (under ``n / THIN``) by at most a factor
    2: a grid's or a road network's frontier grows by a few vertices a level; a
    scale-free graph's explodes and collapses within a few levels, and its middle levels
    hold a large part of the graph (measured on kron22 SSSP: a tail entered there, at
    1.8 M of 4.2 M vertices, costs a millisecond)."""
    if len(sizes) > after:
        return True
    last = sizes[-STEADY - 1:]
    return (len(last) == STEADY + 1 and last[-1] * THIN <= n
            and all(0 < a <= 2 * b and b <= 2 * a for a, b in pairwise(last)))


def index_bytes(G: Graph, forced: int | None = None) -> int:
    """Bytes of a device vertex id: 4 while ``n < 2³¹ − 1`` (ids and -1 fit an int32),
    8 beyond; ``forced`` (4 or 8) overrides, 4 only where it fits."""
    if forced not in (None, 4, 8):
        raise ValueError(f"index_bytes must be 4, 8 or None, got {forced!r}")
    wide = G.id_dtype == np.int64
    if forced == 4 and wide:
        raise ValueError(f"{G.n_vertices:,} vertices do not fit 4-byte device ids")
    return 8 if wide or forced == 8 else 4


def bytes_needed(G: Graph, forced: int | None = None, weight_bytes: int | None = None
                 ) -> int:
    """Device bytes for the graph: CSR (8-byte row pointers, 4- or 8-byte indices, weights
    in their own dtype, or ``weight_bytes`` each: what the device holds once it has
    narrowed them, ``DeviceGraph.weights``), the CSC copy when directed, and ~24 bytes of
    state per vertex (twice the id-sized part with 8-byte ids).  The check before an
    upload counts the weights at their own size (the narrowing needs them on the device)."""
    n, m, b = G.n_vertices, G.n_stored, index_bytes(G, forced)
    w = 0 if not G.weighted else weight_bytes or G.weights.itemsize
    csr = 8 * (n + 1) + b * m + w * m
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


class DeviceGraph:
    """The graph on the device and the launch machinery (base of ``GPUBackend``)."""

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

    # ----------------------------------------------------------------- device data
    def _source(self, *names: str, one_weight: bool = False) -> str:
        """Kernel files ``names``, in order, after the id type and the shared headers;
        ``one_weight``: their kernels for this graph's device weights only (a module
        NVRTC takes long over: the rules module, 41 s for four weight types, 12 for one)."""
        here = Path(__file__).parent
        vid_t = "long long" if self.vid == np.int64 else "int"
        head = f"typedef {vid_t} vid_t;\n"
        if one_weight:
            head += f"#define EACH_WEIGHT(M) M({_WEIGHT_C[self.weight_tag]}, {self.weight_tag})\n"
        return (head + (here / "atomics.cuh").read_text()
                + (here / "blocks.cuh").read_text()
                + "".join((here / name).read_text() for name in names))

    @cached_property
    def _module(self):
        return cp.RawModule(code=self._source("kernels.cu"), options=_NVRTC)

    @cached_property
    def _tails(self):
        """The persistent tails, launched cooperatively (a grid that stays resident)."""
        defs = tuple(os.environ.get("SEMIRING_PATHS_TAIL_DEFS", "").split())   # dev switches
        return cp.RawModule(code=self._source("tails.cu"), options=_NVRTC + defs,
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

    def _blocks_per_sm(self, kernel, most: int) -> int:
        """256-thread blocks of ``kernel`` that stay resident on an SM (the occupancy its
        registers and shared memory allow), at most ``most``: the size a cooperative
        launch may take (kept for each kernel)."""
        key = (getattr(kernel, "name", id(kernel)), most)
        known = self.__dict__.setdefault("_occupancy", {})
        if key not in known:
            known[key] = self._blocks_per_sm_now(kernel, most)
        return known[key]

    def _blocks_per_sm_now(self, kernel, most: int) -> int:
        try:
            fits = cp.cuda.driver.occupancyMaxActiveBlocksPerMultiprocessor(
                kernel.ptr, _THREADS, 0)
        except Exception:   # no occupancy query in this CuPy: its registers alone
            try:
                regs = -(-max(int(kernel.num_regs), 1) // 8) * 8    # allocated in eights
                fits = 65536 // (regs * _THREADS)
            except Exception:
                fits = 2
        return max(1, min(most, int(fits)))

    def _wide_grid(self, kernel, most: int) -> tuple[tuple[int], tuple[int]]:
        """A cooperative grid of 256-thread blocks as large as stays resident for
        ``kernel``, at most ``most`` blocks an SM."""
        return (self._blocks_per_sm(kernel, most) * self._sms,), (_THREADS,)

    def _tail_grid(self, name: str, per_sm: float) -> int:
        """Blocks of the cooperative tail ``name``: ``per_sm`` an SM (``tail_blocks``
        where set), at most what stays resident."""
        want = self.tail_blocks or max(1, int(self._sms * per_sm))
        return min(want, self._blocks_per_sm(self._tails.get_function(name), 8) * self._sms)

    def _coop_ok(self, family: str) -> bool:
        """The cooperative tail is ``family``'s choice and launches here (so far)."""
        return not getattr(self, "_no_coop", False) and self._tail_is("cooperative", family)

    def _persistent(self, name, args, blocks: int | None = None) -> bool:
        """Launch a cooperative tail (``blocks`` of them, from :meth:`_tail_grid`, else
        :attr:`_resident_grid`'s); False where the device or CuPy cannot."""
        if not self._coop_ok("bfs" if name.startswith("bfs") else "sssp"):
            return False
        try:
            grid, block = self._resident_grid
            if blocks is not None:
                grid = (blocks,)
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

    #: keep the device weights in int32 / float32 where every weight fits exactly (off:
    #: the graph's own dtype, as the ids8 parity runs check it).  H100, Kronecker 22,
    #: weights 1..64 (int64), ms, 4 sources best of 3, two passes, int64 → int32:
    #: economic 7.94 / 7.66 → 7.42 / 7.27, Δ-stepping 10.13 / 9.47 → 8.72 / 9.04,
    #: Bellman-Ford 12.15 / 11.94 → 11.36 / 10.96, near-far 8.37 / 8.13 → 8.73 / 8.19;
    #: 6 sources best of 5, three passes: workfront 12.65 / 11.26 / 11.79 → 11.00 /
    #: 11.13 / 11.23, economic 6.95 / 7.07 / 7.31 → 6.91 / 6.96 / 6.85
    NARROW_WEIGHTS: ClassVar[bool] = True

    @cached_property
    def weights(self):
        """Edge weights on the device: int32 ones when unweighted; else the narrowest of
        int32 (integers within its range), float32 (floats it holds exactly) and the
        graph's own dtype.  Every kernel widens a weight to float64 as it reads it
        (``as_f64``), so the answers are the same; a relaxation streams 8 bytes an edge
        instead of 12 (4-byte ids).  Results keep the graph's dtype (the host's)."""
        G = self.graph
        if not G.weighted:
            return cp.ones(G.n_stored, cp.int32)
        w = cp.asarray(G.weights)
        if not self.NARROW_WEIGHTS or w.dtype.itemsize == 4 or not w.size:
            return w
        try:                        # (a graph that barely fits keeps its own dtype)
            if w.dtype.kind == "i":
                info = np.iinfo(np.int32)
                if int(w.min()) >= info.min and int(w.max()) <= info.max:
                    return w.astype(cp.int32)
            elif w.dtype == cp.float64:
                w32 = w.astype(cp.float32)
                if bool(cp.all(w32.astype(cp.float64) == w)):
                    return w32
        except cp.cuda.memory.OutOfMemoryError:
            pass
        return w

    def weights_f64(self):
        """The edge weights as float64, exactly (a fresh array: 8 bytes an edge)."""
        w = self.weights
        return _exact_f64(w.view(cp.uint32)) if w.dtype == cp.float32 else w.astype(cp.float64)

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

    def _init_search(self, source: int, eight=(), four=(), queue=None) -> None:
        """A search's n-vertex arrays set in one launch (``search_init``): each ``(array,
        fill, value at the source)`` of ``eight`` (float64 or int64, at most three) and
        of ``four`` (int32, at most three); ``queue[0] = source`` where a queue is given."""
        args = []
        for arrays, most, ty in ((eight, 3, np.int64), (four, 3, np.int32)):
            if len(arrays) > most:
                raise ValueError(f"search_init sets at most {most} arrays of a width")
            for a, fill, at in (*arrays, *[(None, 0, 0)] * (most - len(arrays))):
                if a is not None and a.dtype == cp.float64:
                    fill, at = (np.float64(x).view(np.int64) for x in (fill, at))
                args += [a if a is not None else np.uint64(0), ty(fill), ty(at)]
        self._kernel("search_init")(*self._grid(self.n), (
            np.int64(self.n), np.int64(source), *args,
            queue if queue is not None else np.uint64(0)))

    @staticmethod
    def _small_state(*parts: np.ndarray):
        """Small host arrays (a search's ctl, th, sizes) on the device from one copy,
        each with its dtype and 512 bytes of its own, as separate allocations would
        be: the kernels' atomics on one array's counters and another's, sharing a line
        of L2, slowed banded_two by 15 % (1000² grid near-far 7.8 → 9.2 ms).  The copy
        is a raw asynchronous one from the host buffer, which returns once the buffer is
        staged (H200, µs: 8.8, against 39 for ``cp.asarray`` and 17 for ``set``)."""
        at = packed_offsets(parts, 512)
        buf = np.zeros(int(at[-1]), np.uint8)
        for p, o in zip(parts, at):
            buf[o:o + p.nbytes] = np.ascontiguousarray(p).view(np.uint8)
        dev = cp.empty(buf.size, cp.uint8)
        cp.cuda.runtime.memcpyAsync(dev.data.ptr, buf.ctypes.data, buf.nbytes,
                                    cp.cuda.runtime.memcpyHostToDevice,
                                    cp.cuda.get_current_stream().ptr)
        return tuple(dev[o:o + p.nbytes].view(p.dtype) for p, o in zip(parts, at))

    #: outgrows it; "async" = the barrier-free worklist kernels of tails.cu
    #: (label-correcting; SSSP with non-negative weights); "cooperative" = one launch, a
    #: grid barrier a level; "cuda-graph" = launches replayed from a captured graph.
    #: "auto" = ``AUTO_TAIL``; each falls back to the next where a launch mode fails.
    tail = "auto"
    #: 1000×1000 grid, H100, median of 8 sources (BFS / workfront ms): block 15.7 / 52.3,
    #: async 16.3 / 35.8, cooperative 10.8 / 23.0, CUDA graph 15.7 / 23.1
    #: (a "block" tail whose frontier overflows hands over to these grid-wide ones).
    #: Tried 2026-11-24: the CUDA-graph workfront tail as a queue whose size stays on the
    #: device (one launch a round over the queue, 1–4 blocks an SM, 48 or 96 rounds a
    #: replay) in place of a pass over n flags: 18.7–22.0 ms against 15.3 (H100, 1000²
    #: grid, median of 4 sources) — the flags' one thread a vertex, all loads side by
    #: side, beat the queue's chain of dependent reads.  The cooperative workfront tail at
    #: two rounds a barrier (``sssp_tail_two``) beats both: 1000² grid, weights 1..64,
    #: median of 16 sources, 2026-11-24: CUDA graph 13.4–13.6 ms; one round a barrier
    #: 25.8 / 16.4 / 14.9 ms at ½ / 1 / 2 blocks an SM; two rounds 23.4 / 14.5 / 10.0
    #: (3 and 4 blocks an SM: 9.7).  A third hop (the lane that lowered d(w) relaxing w's
    #: edges at once, queueing what that lowers) measured 15.7–16.4 ms, 520 barriers
    #: against 780, and left some distances too large on 1–3 of the 3 sources checked in
    #: each of four runs: not kept.  (Likely the cause, found later in the two-hop
    #: kernels: the lanes of a quad each read d(u) themselves, at different times when
    #: they had diverged, and relaxed v's edges with a value other than the one written
    #: into d(v); ``tails.cu``'s two_hops now hands every lane lane 0's.)
    AUTO_TAIL: ClassVar[dict] = {"bfs": "cooperative", "sssp": "cooperative"}

    def _tail_is(self, kind: str, family: str) -> bool:
        chosen = self.AUTO_TAIL[family] if self.tail == "auto" else self.tail
        return kind == chosen or (chosen == "block" and kind == self.AUTO_TAIL[family])

    @cached_property
    def _lanes(self) -> int:
        """Threads per frontier vertex in the cooperative tails: the mean degree rounded up
        to a power of two (at most a warp), so a vertex's edges are read side by side."""
        mean = self.graph.mean_degree
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
