"""Fused SSSP on the device: workfront and Bellman-Ford rounds as edge-balanced kernels.

Relaxation and ``d ⊕= t`` are one kernel: ``atomicMin`` on the integer image of
non-negative doubles (a CAS loop where weights can be negative).  A small round (a known
edge count, at most ``SMALL_ROUND`` vertices) costs two launches and one 16-byte read; a
big one lists what improved by one scan of n flags.  High-diameter searches finish in a
device tail (``tails.cu``).  Near-Far, Δ-stepping, Martín and both Crausers run as one
device-resident loop each (``rules.py``), as do the pull rounds of workfront and
Bellman-Ford; on graphs with hubs every fused loop runs on the degree-ordered copy
(``order.py``).  Everything else (light-first, other semirings, the other strategies' pull)
runs the shared text of ``algorithms/sssp.py`` on device vectors (``vectors.py``).
"""

from __future__ import annotations

import time
from typing import ClassVar

import numpy as np

from ..exceptions import NegativeCycleError
from . import cp
from .device import SSSP_TAIL_AFTER, TAIL_CHECK_EVERY, _report, high_diameter
from .rules import RULES, RuleLoops


class FusedSSSP(RuleLoops):
    """Mixin of ``GPUBackend``: the ``fused`` and ``tight_tree`` capabilities."""

    @property
    def _sssp_tag(self) -> str:
        """Weight-dtype suffix, plus ``_nn`` (integer-image atomicMin) without negatives."""
        return self.weight_tag + ("" if self.graph.has_negative_weights else "_nn")

    #: frontiers up to this many vertices run a small round (``sssp_prep_small``: one
    #: block sets the round up; the relaxation queues what improved)
    SMALL_ROUND: ClassVar[int] = 8192      # 1024 threads × PREP_ITEMS (kernels.cu)

    #: the cooperative workfront tail: rounds a grid barrier (2: ``sssp_tail_two``, with
    #: non-negative weights; 1: ``sssp_tail_coop``) and blocks an SM (at most what stays
    #: resident: ``_tail_grid``), also those of near-far's and Δ-stepping's ``banded_two``.
    #: H100, 1000² grid, weights 1..64, 16 sources, median ms, 2 / 3 / 4 an SM: workfront
    #: 10.61 / 10.16 / 10.11, near-far 8.14 / 8.09 / 8.11, Δ-stepping 9.88 / 9.86 / 9.63
    SSSP_TAIL_LEVELS: ClassVar[int] = 2
    SSSP_TAIL_PER_SM: ClassVar[float] = 3.0

    def _relax_loop(self, source: int, trace):
        """Workfront rounds, one fused edge-balanced kernel each.  A small round (a known
        edge count, at most ``SMALL_ROUND`` vertices) costs two launches and one 16-byte
        read; a big one lists what improved by one scan of n flags."""
        n, tag = self.n, self._sssp_tag
        d, mark, frontier = cp.empty(n, cp.float64), cp.empty(n, cp.int32), cp.empty(1, self.vid)
        self._init_search(source, ((d, np.inf, 0.0),), ((mark, 0, 0),), queue=frontier)
        edges: int | None = int(self.graph.out_degree[source])
        counters = cp.zeros(2, cp.uint64)
        du_s = cp.empty(self.SMALL_ROUND, cp.float64)
        marked = False                        # the frontier's marks are still set
        sizes = [1]
        rounds = 0
        while frontier.size:
            rounds += 1
            if rounds > max(n, 1):
                raise NegativeCycleError.reachable_from(source)
            t0 = time.perf_counter()
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
            if c and high_diameter(sizes, n, SSSP_TAIL_AFTER):
                self._sssp_tail(d, frontier, rounds, source, trace)
                break
        return d

    def _sssp_tail(self, d, queue, rounds: int, source: int, trace) -> None:
        """Workfront on the device from the frontier ``queue``, by the selected tail
        (checked every ``TAIL_CHECK_EVERY`` rounds where the host checks)."""
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
        two = self.SSSP_TAIL_LEVELS == 2 and not self.graph.has_negative_weights
        # (tails.cu's DIRECT: straight to the atomics where no hubs make most of them fail)
        name = (f"sssp_tail_two_{'' if self._has_hubs else 'direct_'}{self.weight_tag}"
                if two else "sssp_tail_coop_" + self._sssp_tag)
        if self._persistent(name, (
                self.indptr, self.indices, self.weights, self.vid(n), queue_a,
                cp.empty(n, self.vid), cp.array([queue.size, 0, 0], self.vid),
                cp.zeros(n, cp.int32), cp.zeros(n, cp.int32), d, counts, done,
                self.vid(limit), np.int32(self._lanes)),
                self._tail_grid(name, self.SSSP_TAIL_PER_SM)):
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


    def sssp_auto(self, semiring) -> str | None:
        """min_plus: ``crauser-economic`` on graphs with hubs (an out-degree of
        ``BIG_LANES × lanes`` or more: the rule loop's edge-balanced grid rounds pay
        there); ``near-far`` where it runs as ``banded_two`` (``_banded_here``); else
        ``workfront``.  H100, ``bench_gpu.py --scale 22 --grid 1000 --sources 16``,
        weights 1..64, median ms (``f438d37``) — Kronecker 22: economic 9.00, Crauser
        10.22, Δ-stepping 10.52, Martín 10.79, near-far 11.37, workfront 11.92; 1000²
        grid: workfront 10.46, economic 77.8, Crauser 78.9, Martín 119; on ``2431361``
        (``banded_two``) near-far 8.36, Δ-stepping 10.13, workfront 10.65."""
        if semiring.name != "min_plus":
            return None
        if self._has_hubs:
            return "crauser-economic"
        return "near-far" if self._banded_here() else "workfront"

    #: workfront's and Bellman-Ford's pull rounds as one device loop (False: the shared
    #: text's rounds on device vectors, as before; ``bench_gpu.py`` times both)
    FUSED_PULL: ClassVar[bool] = True

    def fused(self, strategy: str, semiring, direction: str, delta: float | None = None):
        """Under min_plus, pushing (``"auto"`` pushes here): ``workfront`` as one
        edge-balanced kernel a round with device tails; ``bellman-ford`` and the
        threshold strategies (near-far, Δ-stepping, Martín, Crauser, economic) as one
        device-resident loop each (``rules.py``).  Pulling (``direction="pull"``), as the
        CPU's loops do: workfront and Bellman-Ford as one device-resident loop of pull
        rounds through all of ``d`` (``rules.cu``'s ``BF_PULL``).  None otherwise."""
        if semiring.name != "min_plus":
            return None
        if direction == "pull":
            if strategy not in ("workfront", "bellman-ford") or not self.FUSED_PULL:
                return None
            return self._fused_run(lambda be, s, trace, delta: be._bellman_ford(
                s, trace, pull=True, workfront=strategy == "workfront"))
        if direction not in ("push", "auto"):
            return None
        if strategy in RULES and not self.graph.has_negative_weights:
            return self._fused_run(lambda be, s, trace, delta: be._rule_loop(
                strategy, s, delta, trace), delta)
        if strategy == "bellman-ford":
            return self._fused_run(lambda be, s, trace, delta: be._bellman_ford(s, trace))
        if strategy == "workfront":
            return self._fused_run(lambda be, s, trace, delta: be._relax_loop(s, trace))
        return None

    def _fused_run(self, step, delta: float | None = None):
        """A fused search ``step(backend, source, trace, delta)`` as ``fused`` returns it,
        run on the degree-ordered copy where that pays (``order.py``)."""
        def run(source, semiring, trace, delta=delta, direction=None):
            return self._in_order(lambda be, s: step(be, s, trace, delta), source), None
        return run

    def tight_tree(self, d, semiring, source: int):
        """min_plus: one device pass (``tight_parents_*``: each reached vertex takes a
        tight in-edge from a strictly closer vertex); None where some vertex has none
        (zero weights, rounding) or for other semirings."""
        if semiring.name != "min_plus":
            return None
        dd = cp.asarray(self.values(d, semiring, device=True), cp.float64)
        ptr, idx, w = self._transposed(None)
        parents = cp.full(self.n, -1, self.vid)
        parents[source] = source
        grid, block = self._grid(self.n)
        self._kernel("tight_parents_" + self.weight_tag)(grid, block, (
            ptr, idx, w, dd, self.vid(self.n), self.vid(source), parents))
        return None if bool(((parents < 0) & cp.isfinite(dd)).any()) else parents

