"""SSSP strategies as device-resident loops (``rules.cu``; papers 001 and 002): the
threshold strategies — Near-Far, Δ-stepping, Martín, Crauser and economic Crauser — and
Bellman-Ford.

One kernel template runs a whole search: a round relaxes the near queue and routes
what improved; an empty near queue is refilled from the pile by a grid-wide minimum and
the strategy's threshold.  Sizes, split and threshold stay on the device.  The search
starts as one block (``__syncthreads`` between phases: well under a µs a round on a thin
frontier) and moves to a cooperative grid (``grid.sync``) while the frontier is wide,
back when it thins: each launch returns when its shape stops fitting, and the host
relaunches the other from the same device state.  Round records come back in batches of
``RECORDS`` rows.

Bellman-Ford relaxes every reached vertex each round, so its rounds are always wide: one
cooperative grid as large as stays resident runs them all, two grid barriers a round.
"""

from __future__ import annotations

import os
import time
from functools import cached_property
from typing import ClassVar

import numpy as np

from ..exceptions import NegativeCycleError
from . import cp
from .device import _NVRTC

#: strategy → the kernels' rule tag (min_plus, non-negative weights)
RULES = {"near-far": "near_far", "delta-stepping": "delta", "martin": "martin",
         "crauser": "crauser", "crauser-economic": "economic"}
# ctl and th slots of rules.cu: the loop's state, then two pile and two R position counters,
# then three sets of 7 round sums; split, θ, then three pile-minimum accumulators
C_ROUND, C_SCANS, C_NP, C_NQ, C_HEAVY, C_DONE, C_REC, C_REACHED, C_SETTLED, C_POS = range(10)
CTL_SLOTS = C_POS + 2 + 2 + 3 * 7
T_SPLIT, T_THETA, T_ACC = range(3)
TH_SLOTS = T_ACC + 3


class RuleLoops:
    """Mixin of ``GPUBackend``: :meth:`_rule_loop` for ``FusedSSSP.fused`` (Δ-stepping's
    light and heavy edges and Crauser's minout come from ``vectors.OpenSetOps``)."""

    #: a one-block launch hands over to the grid when its near queue plus an eighth of
    #: its pile passes this many vertices; the grid hands back below ``THIN_AT``.  H100,
    #: weights 1..255, median of 3 sources, ms (WIDE_AT/THIN_AT 4096/1024 → 16384/4096):
    #: 1000² grid Δ-stepping 62.1 → 40.5, near-far 28.6 → 28.0, Martín 620 → 619;
    #: Kronecker 22 near-far 24.0 → 22.5, Δ-stepping 19.1 → 20.2, Martín 28.3 → 30.8
    WIDE_AT: ClassVar[int] = 16384
    THIN_AT: ClassVar[int] = 4096
    #: a frontier vertex with this many times ``_lanes`` edges or more has its edges
    #: shared out over every thread of the launch, not over its ``_lanes`` threads
    BIG_LANES: ClassVar[int] = 32
    #: threads a frontier vertex (None: ``_lanes``, the mean degree rounded up to a power
    #: of two, at most a warp, over ``EDGES_A_TRIP``: a thread issues the loads and then
    #: the atomics of that many edges together)
    LANES: ClassVar[int | None] = None
    EDGES_A_TRIP: ClassVar[int] = 4
    #: threads of the one-block shape (512: grid near-far 42.8 ms, 256: 72.8, vs 28.6)
    BLOCK_THREADS: ClassVar[int] = 1024
    #: round records a launch keeps before it returns them
    RECORDS: ClassVar[int] = 1 << 15

    @cached_property
    def _rules(self):
        # development switches, e.g. SEMIRING_PATHS_RULE_DEFS="-DRULE_PROF -DRULE_UNROLLED"
        prof = tuple(os.environ.get("SEMIRING_PATHS_RULE_DEFS", "").split())
        return cp.RawModule(code=self._source("rules.cu"), options=_NVRTC + prof,
                            enable_cooperative_groups=True)

    def _rule_loop(self, strategy: str, source: int, delta: float | None, trace):
        """One search by ``strategy``'s threshold rule; returns ``d`` on the device."""
        n, vid, tag = self.n, self.vid, RULES[strategy]
        G = self.graph
        if strategy == "delta-stepping":
            graph = sum(self.split(float(delta)), ())         # light, then heavy edges
        else:
            graph = (self.indptr, self.indices, self.weights) * 2
        d = cp.full(n, cp.inf, cp.float64)
        d[source] = 0.0
        size = max(n, 1)
        routed = strategy in ("near-far", "delta-stepping")
        # the pile: near-far and Δ-stepping keep each vertex once (in_pile) and read δ
        # when they scan; the settle rules keep (v, δ) entries, stale ones included
        pcap = size if routed else 2 * size + 1024
        near = (cp.empty(size, vid), cp.empty(size, vid))
        piles = (cp.empty(pcap, vid), cp.empty(pcap, vid),
                 cp.empty(1 if routed else pcap, cp.float64),
                 cp.empty(1 if routed else pcap, cp.float64))
        mark = cp.full(n, -1, cp.int64)
        stamp = cp.full(n, -1, cp.int64) if strategy == "delta-stepping" else mark
        in_pile = cp.zeros(size if routed else 1, cp.int32)
        ctl = cp.zeros(CTL_SLOTS, cp.int64)
        th = cp.full(TH_SLOTS, np.inf, cp.float64)
        th[T_SPLIT] = delta or 0.0
        ctl[C_REACHED] = 1
        if routed:
            near[0][0] = source                   # round 0 relaxes the source
            mark[source] = 0
            ctl[C_NQ] = 1
        else:                                     # the pile holds (source, 0)
            piles[0][0] = source
            piles[2][0] = 0.0
            ctl[C_POS] = ctl[C_NP] = 1
            th[T_ACC] = (self.min_out.val[source] if strategy == "crauser" else 0.0)
        stats = cp.empty((self.RECORDS, 4), cp.int64)
        fs = cp.empty(self.RECORDS, cp.float64)
        min_w = float(G.min_weight) if G.n_stored else 0.0
        lanes = self.LANES or max(1, self._lanes // self.EDGES_A_TRIP)
        big = self.BIG_LANES * lanes
        args = (*graph, self.min_out.val, np.float64(delta or 1.0), np.float64(min_w), d,
                np.int64(n), *near, *piles, np.int64(pcap), cp.empty(size, vid), mark, stamp,
                in_pile, ctl, th, stats, fs, np.int64(self.RECORDS), np.int64(self.WIDE_AT),
                np.int64(self.THIN_AT), np.int32(lanes), cp.empty(size, vid),
                cp.empty(size, cp.int64), np.int64(big),
                np.int32(G.n_stored and int(G.out_degree.max()) >= big))
        grid = False
        third = "changed" if strategy == "near-far" else "settled"
        settle, settled = strategy in ("martin", "crauser", "crauser-economic"), 0
        while True:
            t0 = time.perf_counter()
            kernel = self._rules.get_function(
                f"rule_{tag}_{'grid' if grid else 'block'}_{self.weight_tag}")
            if grid:
                kernel(*self._resident_grid, args)
            else:
                kernel((1,), (self.BLOCK_THREADS,), args)
            state = ctl.get()
            rows = int(state[C_REC])
            if rows:
                s, f = stats[:rows].get(), fs[:rows].get()
                if settle:                    # settled so far, as the CPU records it
                    s[:, 2] = settled + np.cumsum(s[:, 0])
                    settled = int(s[-1, 2])
                trace.add_many(frontier=s[:, 0], edges=s[:, 1], pending=s[:, 3], delta=f,
                               seconds=(time.perf_counter() - t0) / rows,
                               direction="fused", **{third: s[:, 2]})
                ctl[C_REC] = 0
            if state[C_DONE]:
                return d
            if rows < self.RECORDS:           # it returned for the other shape
                grid = not grid

    # ----------------------------------------------------------------- Bellman-Ford
    @cached_property
    def _big_vertices(self):
        """``(vertices, edge offsets, edges)`` of the vertices with ``BIG_LANES × lanes``
        edges or more, whose edges a Bellman-Ford round shares out over every thread."""
        big = self.BIG_LANES * (self.LANES or self._lanes)
        v = cp.flatnonzero(self.degree >= big)
        deg = self.degree[v]
        off = cp.cumsum(deg) - deg
        total = int(deg.sum().get()) if v.size else 0
        return (v.astype(self.vid) if v.size else cp.zeros(1, self.vid),
                off if v.size else cp.zeros(1, cp.int64), int(v.size), total, big)

    def _wide_grid(self, kernel, most: int) -> tuple[tuple[int], tuple[int]]:
        """A cooperative grid of 256-thread blocks as large as stays resident for
        ``kernel`` (its registers per thread), at most ``most`` blocks an SM."""
        try:
            regs = -(-max(int(kernel.num_regs), 1) // 8) * 8    # allocated in eights
            per_sm = max(1, min(most, 65536 // (regs * 256)))
        except Exception:   # no attribute in this CuPy: the tails' safe shape
            return self._resident_grid
        return (per_sm * self._sms,), (256,)

    #: Bellman-Ford's shape: "edges" (a thread an edge, rows from a device array of 4 or
    #: 8 bytes an edge), "vertices" (lanes a vertex, hubs shared out), or "auto" (edges
    #: where the row array fits in a tenth of the free memory)
    BF_SHAPE: ClassVar[str] = "auto"
    #: Bellman-Ford's grid: at most this many resident 256-thread blocks an SM
    BF_BLOCKS_PER_SM: ClassVar[int] = 8

    @cached_property
    def _edge_rows(self):
        """The row (source vertex) of each stored edge, on the device."""
        return cp.repeat(cp.arange(self.n, dtype=self.vid), self.degree)

    def _bf_shape(self) -> str:
        if self.BF_SHAPE != "auto":
            return self.BF_SHAPE
        need = self.graph.n_stored * np.dtype(self.vid).itemsize
        return "edges" if need * 10 < cp.cuda.runtime.memGetInfo()[0] else "vertices"

    def _bellman_ford(self, source: int, trace):
        """Bellman-Ford rounds in one device-resident launch (relaunched only when the
        round records fill); ``NegativeCycleError`` when round n still lowers a value."""
        n, m = self.n, self.graph.n_stored
        d = cp.full(n, cp.inf, cp.float64)
        d[source] = 0.0
        stamp = cp.full(n, -1, cp.int64)
        ctl = cp.zeros(3 + 9, cp.int64)
        stats = cp.empty((self.RECORDS, 3), cp.int64)
        shape = self._bf_shape()
        rows = self._edge_rows if shape == "edges" else cp.zeros(1, self.vid)
        big_v, big_off, n_big, big_edges, big = self._big_vertices
        nn = "" if self.graph.has_negative_weights else "_nn"
        kernel = self._rules.get_function(f"bellman_ford_{shape}_{self.weight_tag}{nn}")
        grid, block = self._wide_grid(kernel, self.BF_BLOCKS_PER_SM)
        lanes = self.LANES or self._lanes
        args = (self.indptr, self.indices, self.weights, rows, self.vid(n), np.int64(m), d,
                stamp, ctl, stats, np.int64(self.RECORDS), np.int32(lanes), big_v, big_off,
                np.int64(n_big), np.int64(big_edges), np.int64(big), np.int64(max(n, 1)))
        valued = 1                    # vertices with a value when the next round starts
        while True:
            t0 = time.perf_counter()
            kernel(grid, block, args)
            state = ctl.get()
            got = int(state[1])
            if got:
                s = stats[:got].get()
                ends = valued + np.cumsum(s[:, 2])
                trace.add_many(frontier=np.r_[valued, ends[:-1]], edges=s[:, 0],
                               changed=s[:, 1], seconds=(time.perf_counter() - t0) / got,
                               direction="fused")
                valued = int(ends[-1])
                ctl[1] = 0
            if state[2] == 2:
                raise NegativeCycleError.reachable_from(source)
            if state[2]:
                return d
