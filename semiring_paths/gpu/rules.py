"""SSSP strategies as device-resident loops (``rules.cu``; papers 001 and 002): the
threshold strategies — Near-Far, Δ-stepping, Martín, Crauser and economic Crauser — and
Bellman-Ford.

One kernel template runs a whole search: a round relaxes the near queue and routes
what improved; an empty near queue is refilled from the pile by the strategy's threshold
over the pile's minimum (a grid-wide reduction for near-far and Δ-stepping; kept as the
pile changes for the settle rules, which select and relax in one round).  Sizes, split
and threshold stay on the device.  The search starts as one block (``__syncthreads``
between phases: a round of a thin frontier is a chain of 5–7 dependent global-memory
trips, 4–7 µs on the 1000² grid) and moves to a cooperative grid (``grid.sync``)
while the frontier is wide, back when it thins: each launch returns when its shape stops
fitting, and the host relaunches the other from the same device state.  Round records
come back in batches of ``RECORDS`` rows.

The settle rules' thin rounds run, while their pile fits, with the pile in one block's
shared memory (``settle.cu``): each entry keeps its δ, row and minout, so a select reads
no global memory and a relaxation is two trips (column and weight, then the target's pile
slot claimed).  Each launch names the shape the host launches next (``ctl[GO]``).

On large graphs without hubs, near-far and Δ-stepping run instead as the workfront
tail's two hops a grid barrier, banded (``tails.cu``'s ``banded_two``, ``BANDED_TWO``):
there a one-block round is bound by its SM's throughput, and a grid-wide round that
relaxes two hops halves the rounds.

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
from .device import _NVRTC, cu_constants, to_host, zero_slot

#: strategy → the kernels' rule tag (min_plus, non-negative weights)
RULES = {"near-far": "near_far", "delta-stepping": "delta", "martin": "martin",
         "crauser": "crauser", "crauser-economic": "economic"}
#: the routed rules, which also run as the workfront tail's two hops, banded
BANDED = ("near-far", "delta-stepping")
#: rules.cu's constants: its ctl and th slots, R_SEGS
K = cu_constants("rules.cu")
#: tails.cu's: banded_two's ctl and th slots
T = cu_constants("tails.cu")
#: settle.cu's: a shared-pile round's most edges and selected vertices, its hash table
S = cu_constants("settle.cu")
#: the settle rules, which also run their thin rounds with the pile in shared memory
SETTLE = ("martin", "crauser", "crauser-economic")
#: ... and those whose grid rounds split the pile (keyed by δ: rules.cu)
SPLIT = ("martin", "crauser-economic")


def _peek(ctl, records: tuple, rows_at: int, peek: int):
    """A launch's ``ctl`` and its round records on the host after one synchronisation
    (``state``, rows, each record array's rows): the first ``peek`` rows are read with
    ``ctl``, the rest, where the launch recorded more, by a second read.  Against
    ``ctl.get()`` and then the rows (and the search state uploaded by ``cp.asarray``),
    one process, H200, median of best of 3, ms, old / new twice (a development A/B, not
    committed): Kronecker 22 economic 5.60 / 5.56, 5.51 / 5.21, ``auto`` 5.39 / 5.22,
    5.53 / 5.31; rome99 near-far 0.795 / 0.735, 0.795 / 0.729, Bellman-Ford 0.758 /
    0.644, 0.699 / 0.627; 1000² grid (weights of ``generators.grid``) economic 21.88 /
    21.01, 21.69 / 20.82."""
    state, *got = to_host(ctl, *(r[:peek] for r in records))
    rows = int(state[rows_at])
    if rows > peek:
        got = to_host(*(r[:rows] for r in records))
    return state, rows, [g[:rows] for g in got]


class RuleLoops:
    """Mixin of ``GPUBackend``: :meth:`_rule_loop` for ``FusedSSSP.fused`` (Δ-stepping's
    light and heavy edges and Crauser's minout come from ``vectors.OpenSetOps``)."""

    #: a one-block launch hands over to the grid when its near queue plus its pile over
    #: ``PILE_DIV`` passes this many vertices; the grid hands back below ``THIN_AT``.  H100,
    #: weights 1..255, median of 3 sources, ms (WIDE_AT/THIN_AT 4096/1024 → 16384/4096):
    #: 1000² grid Δ-stepping 62.1 → 40.5, near-far 28.6 → 28.0, Martín 620 → 619;
    #: Kronecker 22 near-far 24.0 → 22.5, Δ-stepping 19.1 → 20.2, Martín 28.3 → 30.8
    #: A grid of 4–32 blocks instead of the resident one, handed over at WIDE_AT /
    #: THIN_AT 512–2048 / 128–512, measured no better on the 1000² grid (near-far 25.3 ms
    #: → 22.8–29.8, Δ-stepping 35.6 → 56–82, Crauser unchanged).
    WIDE_AT: ClassVar[int] = 16384
    THIN_AT: ClassVar[int] = 4096
    #: ... or, on graphs with hubs (an out-degree of BIG_LANES × lanes or more), when its
    #: near queue's out-edges pass WIDE_EDGES; the grid hands back only below THIN_EDGES
    #: too.  Hubs' 10⁵ edges on one block: near-far on Kronecker 22 spent 14.9 ms in its
    #: first one-block launch, 0.10 ms with the edges counted (29.2 → 10.9 ms in all).
    WIDE_EDGES: ClassVar[int] = 1 << 16
    THIN_EDGES: ClassVar[int] = 1 << 14
    #: a pile entry counts as 1/PILE_DIV of a frontier vertex in that width (a refill
    #: reads it twice; a frontier vertex costs its edges).  H100, Kronecker 22 from its
    #: largest hub, ms, PILE_DIV 8 → 2: Crauser 14.2 → 13.9, economic 14.2 → 13.4, Martín
    #: 15.6 → 14.7, near-far and Δ-stepping unchanged (a large pile goes to the grid
    #: sooner: one block reading 10⁵ pile entries twice a round is the slow part there)
    PILE_DIV: ClassVar[int] = 2
    #: a frontier vertex with this many times ``_lanes`` edges or more has its edges
    #: shared out over every thread of the launch, not over its ``_lanes`` threads
    BIG_LANES: ClassVar[int] = 32
    #: threads a frontier vertex (None: ``_lanes``, the mean degree rounded up to a power
    #: of two, at most a warp)
    LANES: ClassVar[int | None] = None
    #: the grid shape's 256-thread blocks an SM (at most what stays resident).  H100,
    #: Kronecker 22, 2 sources, ms, 2 → 4: near-far 21.2 → 17.2, Δ-stepping 16.3 → 14.0,
    #: Crauser 15.9 → 14.5, Martín 15.5 → 14.1 (before the hand-over on edges).  More do
    #: not fit its staging (about 45 KB of shared memory a block) unless R_ITEMS halves
    #: it; with R_ITEMS 2, Kronecker 22, one source, grid launches, ms, near-far /
    #: Δ-stepping / economic: 4 an SM 10.13 / 10.21 / 7.68, 6: 9.37 / 10.95 / 8.14, 8
    #: (registers spilled): 14.71 / 16.54 / 11.43, against 9.75 / 9.77 / 7.60 as kept.
    #: Nsight Compute on the kept shape (near-far): 42 % of memory throughput, 25 % of
    #: compute, 32.6 cycles a warp between issued instructions (latency-bound)
    RULE_BLOCKS_PER_SM: ClassVar[int] = 4
    #: threads of the one-block shape (512: grid near-far 42.8 ms, 256: 72.8, vs 28.6)
    BLOCK_THREADS: ClassVar[int] = 1024
    #: round records a launch keeps before it returns them
    RECORDS: ClassVar[int] = 1 << 15
    #: round records read with a launch's ``ctl`` (``_peek``): Kronecker 22's economic
    #: launches record ~22 rounds each, the 1000² grid's shared-pile ones up to RECORDS
    PEEK_ROWS: ClassVar[int] = 256
    #: Martín's and economic Crauser's grid rounds split the pile (rules.cu): the soon
    #: part, passed over each round, holds what lies under B = θ + SPLIT_WIDTH · w̄ when
    #: it was set (w̄: the mean weight); None keeps one pile.  H100, Kronecker 22,
    #: weights 1..64, 8 sources, median, best of 3, ms, three processes, one pile →
    #: 0.5: economic 7.04, 7.12 / 7.97, 7.85 / 7.41, 7.38 → 6.82 / 7.59, 7.68 / 7.11,
    #: 7.20; Martín 8.09, 7.97 / 8.92, 8.80 / 8.28, 8.33 → 7.65 / 8.44, 8.47 / 8.07, 8.12
    #: (0.25: 7.65, 7.08 and 8.43, 8.08; 1.0: 6.94, 6.86, 7.21 and 7.70, 7.71, 8.15;
    #: 2.0 and 4.0 no gain).  The 1000² grid, whose wide rounds are few, is unchanged
    #: (4 sources: economic 60.30, 60.54 → 60.53, 60.43; Martín 83.15, 83.22 → 83.24, 83.05)
    SPLIT_WIDTH: ClassVar[float | None] = 0.5

    #: Δ-stepping's c of the default Δ = c · w̄ / d̄ in the device loop (the CPU's is
    #: DELTA_STEPPING_C = 8).  H100, weights 1..64, median of 4 sources, ms, c = 2 / 4 / 8 /
    #: 16: Kronecker 22 13.56 / 12.77 / 10.44 / 9.85, 1000² grid 66.8 / 53.5 / 39.9 / 35.4.
    #: (Near-Far keeps its c = 32: c = 8 is faster on Kronecker, 9.21 against 10.83 ms,
    #: slower on the grid, 32.1 against 26.9.)
    DELTA_C: ClassVar[float] = 16.0
    #: ... and on graphs with hubs (where neither runs banded), near-far's and Δ-stepping's
    #: c.  H100, Kronecker 22, weights 1..64, median of 4 sources, best of 3, ms (Δ as a
    #: multiple of the CPU's default: near-far c = 32 · ×, Δ-stepping 8 · ×) — near-far
    #: ×1/16 / 1/8 / 1/4 / 1/2 / 1: 12.67 / 12.04 / 9.92 / 11.38 / 11.47 (edges relaxed
    #: 1.04 / 1.39 / 1.42 / 2.25 / 2.46 a stored edge); Δ-stepping ×1 / 2 / 3 / 4 / 6:
    #: 11.69 / 11.19 / 10.62 / 10.39 / 11.10.  With the grid's adaptive window (rules.cu),
    #: 6 sources, median, two passes, near-far c = 4 / 6 / 8 / 12 / 16: 8.97 / 8.49–8.78 /
    #: 7.90–8.16 / 8.60–8.80 / 9.72–9.92; Δ-stepping c = 16 / 24 / 32 / 48: 9.20–9.62 /
    #: 8.86–9.34 / 9.49–9.83 / 9.93–10.50
    HUB_C: ClassVar[dict[str, float]] = {"near-far": 8.0, "delta-stepping": 24.0}

    @property
    def _big(self) -> int:
        """The out-degree from which a frontier vertex's edges are shared out over every
        thread of a launch (``BIG_LANES × lanes``); a graph with one is a graph with hubs."""
        return self.BIG_LANES * (self.LANES or self._lanes)

    @property
    def _has_hubs(self) -> bool:
        return self.graph.max_out_degree >= self._big

    def delta_constant(self, strategy: str) -> float | None:
        """The device loop's ``c`` of near-far's and Δ-stepping's Δ (``BANDED_C`` where the
        banded kernels run, ``HUB_C`` on graphs with hubs, else ``DELTA_C`` for
        Δ-stepping); None for the others (the CPU's)."""
        if strategy not in BANDED:
            return None
        if self._banded_here():
            return self.BANDED_C
        if self._has_hubs:
            return self.HUB_C[strategy]
        return self.DELTA_C if strategy == "delta-stepping" else None

    #: the settle rules' thin rounds with the pile in shared memory (``settle.cu``):
    #: "auto" (where the pile fits), "never" (``rules.cu``'s one block throughout).
    #: H100, 1000² grid, weights 1..64, 4 sources, median, ms, never → auto at
    #: ``2f485fd``: Crauser 88.5 → 68.1, economic 88.7 → 64.7, Martín 138.3 → 92.3; with
    #: the hash cleared by buckets and ``SH_SLACK`` (``33a4549``): 66.1, 62.0, 86.6
    SHARED_PILE: ClassVar[str] = "auto"
    #: pile entries the shared memory holds (None: as many as the opt-in allows: about
    #: 6 000 for Crauser with 4-byte ids, 8 000 for the others)
    SHARED_CAP: ClassVar[int | None] = None
    #: threads of the shared-pile block (H100, 1000² grid, one source, profiled run,
    #: 1 024 / 512 / 256: Crauser 60.0 / 68.0 / 93.2 ms, Martín 75.3 / 82.6 / 113.0)
    SHARED_THREADS: ClassVar[int] = 1024

    @cached_property
    def _rules(self):
        # development switches, e.g. SEMIRING_PATHS_RULE_DEFS=-DRULE_PROF (rules.cu)
        defs = tuple(os.environ.get("SEMIRING_PATHS_RULE_DEFS", "").split())
        return cp.RawModule(code=self._source("rules.cu", "settle.cu", one_weight=True),
                            options=_NVRTC + defs, enable_cooperative_groups=True)

    def _settle_room(self, strategy: str):
        """(kernel, pile entries, bytes of dynamic shared memory) of ``settle.cu``'s
        shape for ``strategy``, its shared memory opted in; (None, 0, 0) where it does
        not run (kept for each strategy and setting: a query costs about 0.1 ms).  The
        opt-in is the kernel's, not the setting's: it is made again on every call, since
        another setting's room may have lowered it since (a launch past it is cut to no
        block at all: CuPy only warns)."""
        key = (strategy, self.SHARED_PILE, self.SHARED_CAP)
        rooms = self.__dict__.setdefault("_settle_rooms", {})
        if key not in rooms:
            rooms[key] = self._settle_room_now(strategy)
        kernel, cap, smem = rooms[key]
        if kernel is not None:
            kernel.max_dynamic_shared_size_bytes = smem
        return kernel, cap, smem

    def _settle_room_now(self, strategy: str):
        if (strategy not in SETTLE or self.SHARED_PILE == "never"
                or self.graph.max_out_degree >= 1 << 31):
            return None, 0, 0
        kernel = self._rules.get_function(f"settle_{RULES[strategy]}_{self.weight_tag}")
        ids = np.dtype(self.vid).itemsize
        per = 8 + 8 + ids + 4 + (8 if strategy == "crauser" else 0)   # δ, row, v, degree
        fixed = S.SH_HASH * (ids + 8) + (S.SH_NEAR + S.SH_EDGES) * 8  # two nears, used, mslot
        optin = cp.cuda.Device().attributes.get("MaxSharedMemoryPerBlockOptin", 48 * 1024)
        cap = (optin - int(kernel.shared_size_bytes) - fixed) // per
        if self.SHARED_CAP is not None:
            cap = min(cap, self.SHARED_CAP)
        if cap <= S.SH_EDGES:
            return None, 0, 0
        return kernel, cap, cap * per + fixed

    def _rule_loop(self, strategy: str, source: int, delta: float | None, trace):
        """One search by ``strategy``'s threshold rule; returns ``d`` on the device."""
        if strategy in BANDED and self._banded_here():
            d = self._banded_two(strategy, source, float(delta), trace)
            if d is not None:
                return d
        n, vid, tag = self.n, self.vid, RULES[strategy]
        G = self.graph
        if strategy == "delta-stepping":
            graph = sum(self.split(float(delta)), ())         # light, then heavy edges
        else:
            graph = (self.indptr, self.indices, self.weights) * 2
        size = max(n, 1)
        d = cp.empty(n, cp.float64)
        # the split pile's width (inf: one pile; so where no weight is positive)
        w = float(G.mean_weight) if strategy in SPLIT and self.SPLIT_WIDTH else 0.0
        width = self.SPLIT_WIDTH * w if w > 0 else np.inf
        split = width < np.inf
        # near a, b; pile a, b; settled; big_v; the split pile's later part a, b
        vq = cp.empty((8 if split else 6, size), vid)
        queues = tuple(vq[:5])
        later = (vq[6], vq[7]) if split else (vq[0], vq[0])      # (unused: one pile)
        wide = cp.empty((3, size), cp.int64)       # mark, stamp, big_off
        mark, stamp = wide[0], wide[1]
        in_pile = cp.empty(n, cp.int32)            # settled (-1) by the first round
        ctl0 = np.zeros(K.CTL_SLOTS, np.int64)
        ctl0[[K.NEAR, K.NEAR_AT]] = 1
        # on a graph with hubs one block keeps the first rounds (HOLD): its small pile
        # would go to settle.cu's shared memory and come straight back with a hub
        # (Kronecker 22, economic, 3 sources: 6 / 3 / 5 launches → 4 / 3 / 3, the rounds
        # before the grid's 0.49–0.72 / 0.16–0.19 / 0.34–0.48 → 0.34–0.37 / 0.14–0.16 /
        # 0.17–0.21 ms in launches; the whole call within run-to-run noise)
        ctl0[K.HOLD] = S.SH_HOLD if self._has_hubs and strategy in SETTLE else 0
        ctl0[K.NEAR_E] = (int(G.out_degree[source]) if graph[0] is self.indptr   # (Δ: the
                          else int(cp.diff(graph[0][source:source + 2])[0]))  # light ones)
        th0 = np.full(K.TH_SLOTS, np.inf)
        th0[K.SPLIT] = delta or 0.0
        th0[K.BOUND] = -np.inf                       # the split pile: split at once
        ctl, th = self._small_state(ctl0, th0)       # (before the launch: it waits for it)
        self._init_search(source, ((d, np.inf, 0.0), (mark, -1, 0), (stamp, -1, -1)),
                          ((in_pile, 0, -1 if strategy in SETTLE else 0),), queue=vq[0])
        R = self.RECORDS
        rec = cp.empty(5 * R + K.R_SEGS, cp.int64)     # round records (stats, fs); bsum
        stats, fs = rec[:4 * R].reshape(R, 4), rec[4 * R:5 * R].view(cp.float64)
        min_w = float(G.min_weight) if G.n_stored else 0.0
        lanes = self.LANES or self._lanes
        shared, cap, smem = self._settle_room(strategy)
        if strategy in SPLIT:         # the settle rules take no Δ: `delta` is the width
            delta = width
        args = (*graph, self.min_out.val, np.float64(delta or 1.0), np.float64(min_w), d,
                *queues, *later, mark, in_pile, stamp, ctl, th, stats, fs,
                np.int64(self.RECORDS), np.int64(self.WIDE_AT), np.int64(self.THIN_AT),
                np.int64(self.WIDE_EDGES), np.int64(self.THIN_EDGES),
                np.int64(self.PILE_DIV), np.int32(lanes), vq[5], wide[2],
                np.int64(self._big), np.int32(self._has_hubs), rec[5 * R:],
                np.int32(max(n, G.n_stored) < 1 << 32),      # rules.cu count_add
                np.int64(cap - S.SH_EDGES if cap else 0))     # the block's way to settle.cu
        if cap:
            shared_args = (self.indptr, self.indices, self.weights, self.min_out.val,
                           np.float64(min_w), d, *queues[2:4], in_pile, ctl, th, stats, fs,
                           np.int64(self.RECORDS), np.int32(cap), np.int32(lanes))
        shape = K.GO_BLOCK
        third = "changed" if strategy == "near-far" else "settled"
        settle, settled = strategy in SETTLE, 0
        while True:
            t0 = time.perf_counter()
            if shape == K.GO_SHARED:
                shared((1,), (self.SHARED_THREADS,), shared_args, shared_mem=smem)
            else:
                kernel = self._rules.get_function(
                    f"rule_{tag}_{'grid' if shape == K.GO_GRID else 'block'}_"
                    f"{self.weight_tag}")
                if shape == K.GO_GRID:
                    kernel(*self._wide_grid(kernel, self.RULE_BLOCKS_PER_SM), args)
                else:
                    kernel((1,), (self.BLOCK_THREADS,), args)
            state, rows, (s, f) = _peek(ctl, (stats, fs), K.REC, self.PEEK_ROWS)
            if rows:
                if settle:                    # settled so far, as the CPU records it
                    s[:, 2] = settled + np.cumsum(s[:, 0])
                    settled = int(s[-1, 2])
                trace.add_many(frontier=s[:, 0], edges=s[:, 1], pending=s[:, 3], delta=f,
                               seconds=(time.perf_counter() - t0) / rows,
                               direction="fused", **{third: s[:, 2]})
                zero_slot(ctl, K.REC)
            if state[K.DONE]:
                return d
            shape = int(state[K.GO])          # the launch names the next shape

    # ------------------------------------------- near-far and Δ-stepping, two hops
    #: near-far and Δ-stepping as the workfront tail's two hops a grid barrier, banded
    #: (``tails.cu``'s ``banded_two``): "auto" on graphs without hubs (a vertex's edges
    #: fit its lanes: no edge balancing to lose), "always", "never" (the rule loop above).
    #: H100, 1000² grid, weights 1..64, 4 sources, median, ms, c = 32: near-far 23.38
    #: (rule loop, 2 424 rounds of 9.6 µs) → 10.49 (1 201 of 8.7 µs).  Two hops in the
    #: rule loop's one-block rounds (a thread relaxing the edges of what it lowered)
    #: halved its rounds but made each 2.5× dearer (grid near-far 23.81 → 32.18 ms): one
    #: block's round is bound by its SM's throughput.
    BANDED_TWO: ClassVar[str] = "auto"
    #: ... and "auto" only from this many vertices: a small graph's thin frontiers cost
    #: one block less a round than a grid barrier.  luxembourg_osm (115 k vertices),
    #: rule loop against banded: near-far 3.64 ms (974 rounds of 3.7 µs) against 4.48
    #: (497 of 9.0), Δ-stepping 5.00 against 4.94
    BANDED_MIN_N: ClassVar[int] = 1 << 18
    #: the default Δ's c for the banded kernels: fewer, wider rounds suit them.  H100, 4
    #: sources, median, ms, c = 8 / 16 / 32 / 64 / 128 — near-far: 1000² grid, weights
    #: 1..64: 16.88 / 13.04 / 10.49 / 9.26 / 9.10; 600² grid, weights 0..9: 9.94 / 7.39 /
    #: 6.02 / 5.30 / 5.35; Δ-stepping: 20.84 / 15.99 / 12.66 / 10.89 / 10.55 and 12.17 /
    #: 9.14 / 7.50 / 6.35 / 5.78 (the rule loop: near-far 23.38 and 10.17 at c = 32,
    #: Δ-stepping 30.64 and 13.17 at c = 16)
    BANDED_C: ClassVar[float] = 128.0

    def _banded_here(self) -> bool:
        """Near-far and Δ-stepping run as ``banded_two`` here (``BANDED_TWO``)."""
        mode = self.BANDED_TWO
        return mode == "always" or (mode == "auto" and not self._has_hubs
                                    and self.n >= self.BANDED_MIN_N)

    def _banded_two(self, strategy: str, source: int, delta: float, trace):
        """Near-far or Δ-stepping in cooperative launches of ``banded_two``, relaunched
        as its round records fill; ``d`` on the device, or None where no cooperative
        launch runs."""
        n, vid, size = self.n, self.vid, max(self.n, 1)
        if strategy == "delta-stepping":
            graph = sum(self.split(delta), ())                # light, then heavy edges
        else:
            graph = (self.indptr, self.indices, self.weights) * 2
        d = cp.empty(n, cp.float64)
        vq = cp.empty((5, size), vid)          # queue a, b; pile a, b; settled
        flags = cp.empty((3, size), cp.int32)  # marks of round 0 and 1, in_pile
        stamp = cp.empty(size, cp.int64)
        th0 = np.full(T.NF_TH_SLOTS, np.inf)
        th0[0] = delta
        sizes, psize, ctl, th = self._small_state(
            np.array([1, 0, 0], vid), np.zeros(3, vid), np.zeros(T.NF_SLOTS, np.int64), th0)
        self._init_search(source, ((d, np.inf, 0.0), (stamp, -1, -1)),
                          ((flags[0], 0, 1), (flags[1], 0, 0), (flags[2], 0, 0)),
                          queue=vq[0])         # the source: in round 0's queue
        R = self.RECORDS
        rec = cp.empty(5 * R, cp.int64)
        stats, fs = rec[:4 * R].reshape(R, 4), rec[4 * R:].view(cp.float64)
        name = f"{RULES[strategy]}_two_{self.weight_tag}"
        args = (*graph, vq[0], vq[1], sizes, flags[0], flags[1], d, vq[2], vq[3], psize,
                flags[2], vq[4], stamp, th, ctl, stats, fs, np.int64(R), np.float64(delta),
                np.int32(self._lanes))
        blocks = self._tail_grid(name, self.SSSP_TAIL_PER_SM)
        third = "changed" if strategy == "near-far" else "settled"
        while True:
            t0 = time.perf_counter()
            if not self._persistent(name, args, blocks):
                return None
            state, rows, (s, f) = _peek(ctl, (stats, fs), T.NF_ROWS, self.PEEK_ROWS)
            if rows:
                trace.add_many(frontier=s[:, 0], edges=s[:, 1], pending=s[:, 3], delta=f,
                               seconds=(time.perf_counter() - t0) / rows, direction="fused",
                               **{third: s[:, 2]})
            if state[T.NF_DONE]:
                return d

    # ----------------------------------------------------------------- Bellman-Ford
    @cached_property
    def _big_vertices(self):
        """``(vertices, edge offsets, count, edges, big)`` of the vertices with ``BIG_LANES
        × lanes`` out-edges or more, whose edges a Bellman-Ford round shares out over
        every thread."""
        return self._big_rows(self.degree)

    @cached_property
    def _big_in_vertices(self):
        """... and those with as many in-edges (a pull round's rows: Aᵀ's)."""
        if not self.graph.directed:
            return self._big_vertices
        return self._big_rows(cp.diff(self._transposed(None)[0]))

    def _big_rows(self, degree):
        big = self._big
        v = cp.flatnonzero(degree >= big)
        deg = degree[v]
        off = cp.cumsum(deg) - deg
        total = int(deg.sum().get()) if v.size else 0
        return (v.astype(self.vid) if v.size else cp.zeros(1, self.vid),
                off if v.size else cp.zeros(1, cp.int64), int(v.size), total, big)

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

    def _bellman_ford(self, source: int, trace, pull: bool = False,
                      workfront: bool = False):
        """Bellman-Ford rounds in one device-resident launch (relaunched only when the
        round records fill); ``NegativeCycleError`` when round n still lowers a value.
        ``pull``: each round by in-edges through all of ``d`` (``BF_PULL``), the pull
        rounds of Bellman-Ford and of workfront (``workfront``: its trace, each round's
        frontier what the last one changed)."""
        n, m = self.n, self.graph.n_stored
        d, stamp = cp.empty(n, cp.float64), cp.empty(n, cp.int64)
        ctl, = self._small_state(np.zeros(K.BF_SLOTS, np.int64))
        self._init_search(source, ((d, np.inf, 0.0), (stamp, -1, -1)))
        stats = cp.empty((self.RECORDS, 3), cp.int64)
        shape = "pull" if pull else self._bf_shape()
        rows = self._edge_rows if shape == "edges" else cp.zeros(1, self.vid)
        big_v, big_off, n_big, big_edges, big = (self._big_in_vertices if pull
                                                 else self._big_vertices)
        matrix = self._transposed(None) if pull else (self.indptr, self.indices, self.weights)
        nn = "" if self.graph.has_negative_weights else "_nn"
        kernel = self._rules.get_function(f"bellman_ford_{shape}_{self.weight_tag}{nn}")
        grid, block = self._wide_grid(kernel, self.BF_BLOCKS_PER_SM)
        lanes = self.LANES or self._lanes
        args = (*matrix, rows, self.vid(n), np.int64(m), d, stamp, ctl, stats,
                np.int64(self.RECORDS), np.int32(lanes), big_v, big_off, np.int64(n_big),
                np.int64(big_edges), np.int64(big), np.int64(max(n, 1)))
        valued = 1                    # vertices with a value when the next round starts
        last = 1                      # ... and those the last round changed (workfront)
        while True:
            t0 = time.perf_counter()
            kernel(grid, block, args)
            state, got, (s,) = _peek(ctl, (stats,), K.BF_REC, self.PEEK_ROWS)
            if got:
                ends = valued + np.cumsum(s[:, 2])
                front = (np.r_[last, s[:-1, 1]] if workfront
                         else np.r_[valued, ends[:-1]])
                trace.add_many(frontier=front, edges=s[:, 0], changed=s[:, 1],
                               seconds=(time.perf_counter() - t0) / got, direction="fused")
                valued, last = int(ends[-1]), int(s[-1, 1])
                zero_slot(ctl, K.BF_REC)
            if state[K.BF_DONE] == 2:
                raise NegativeCycleError.reachable_from(source)
            if state[K.BF_DONE]:
                return d
