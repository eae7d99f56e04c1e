"""The CPU backend's compiled loops (``loops/``) as capabilities of the seam.

``FusedLoops`` is mixed into :class:`~semiring_paths.cpu.backend.GraphBLASBackend`: each
capability of ``backends/interface.py`` it serves returns a runner (or a result) where the
compiled loop runs, and None where the GraphBLAS rounds do.  Results are host arrays, so
nothing is converted to or from GraphBLAS vectors on the way out.

When: ``fused_mode`` "auto" (the rule below: wherever the loops have the strategy;
"always" says the same) or "never"; the parity tests run the CPU both ways.  A strategy,
semiring or direction the loops do not have (users' own semirings, pull rounds of the
settle rules) always runs as GraphBLAS rounds.
"""

from __future__ import annotations

import math
import time
from functools import cached_property
from typing import ClassVar

import numba
import numpy as np
from scipy import sparse

from ..exceptions import NegativeCycleError
from ..graph import Graph
from ..results import Trace
from ..semirings import Semiring, min_plus
from . import warm
from .loops import bfs as bfs_loops
from .loops import bounded, brandes, dense, many, pair, sssp
from .loops import threads as parallel

# The rule (measured with benchmarks/bench_cpu.py and by hand, 2 cores, best of 2-3):
# the loops run every strategy and semiring they have, on every graph.  Small graphs and
# high-diameter ones (roads, meshes, grids) need thousands of rounds whose GraphBLAS
# calls cost more than their work (rome99 near-far 0.11 ms vs GraphBLAS workfront
# 15.6 ms; 1000² grid, weights 1..255: near-far 71 ms vs 1281 ms).  On large scale-free
# graphs, where SuiteSparse's wide rounds used to win, the loops pull wide rounds too
# (PULL_SHARE), relax wide buckets in parallel and keep Δ-stepping's light and heavy
# edges apart; SSSP, weights 1..255, GraphBLAS → loops, ms:
#   Kronecker 18: light-first 35.5 → 19.6, workfront 71 → 39, Bellman-Ford 114 → 83,
#     near-far 171 → 80, Δ-stepping 229 → 86, Crauser 557 → 410, economic 594 → 170,
#     Martín 822 → 159;
#   Kronecker 20: light-first 139 → 88, workfront 254 → 172, Bellman-Ford 571 → 472,
#     near-far 484 → 388, Δ-stepping 784 → 322, Crauser 1937 → 1751, economic
#     1818 → 987, Martín 3475 → 1353.
# BFS likewise (Kronecker 20: 29.5 ms vs GraphBLAS 44.6; grid 36 vs 368; rome99 0.10 vs
# 5.0).  GraphBLAS keeps other semirings, users' own algebra, and Δ-stepping with a Δ
# too fine for its window of bins (MAX_BINS).
#: the bitmap multi-source BFS when a source's search has at most this many levels; one
#: search a source (in parallel) beyond: bits cost levels × edges × ⌈k/64⌉ words
BITMAP_LEVELS = 64
#: near-far and BFS run on persistent threads (``loops/threads.py``) from this many stored
#: edges when numba has more than one thread: 1000² grid, weights 1..255, 2 cores:
#: near-far 61 ms vs 100-117 ms serial (GAP 55 ms, scipy 220-240 ms); BFS 10.5 ms vs
#: 23.0 serial
THREADED_EDGES = 500_000
#: ... and, for BFS, below this mean out-degree: a low-diameter graph's few wide levels
#: run as well on parallel regions (Kronecker 20: 19.9 ms serial with parallel pulls vs
#: 30.2 on persistent threads)
THREADED_DEGREE = 8.0
#: a workfront / Bellman-Ford / light-first round pulls through Aᵀ (a parallel pass over
#: every vertex's in-edges, no atomics) once its frontier's out-edges pass this share of
#: A's (and ``sssp.PAR_EDGES``: a smaller round is not worth a parallel region).
#: Kronecker 20, weights 1..255, light-first (Δ = 8 w̄/d̄), median of 3 sources:
#: 1/4 → 112-127 ms, 1/8 → 98-113, 1/16 → 95-136; Kronecker 18: 15-20 ms for any share
#: from 1/2 to 1/32 (push only: 41-48 ms, with atomics on every edge)
PULL_SHARE = 1 / 8
#: before the loops are in (``warm.py``), a search on a graph with fewer stored edges
#: runs as GraphBLAS rounds, one with more waits for them: rome99's first SSSP is 16 ms
#: of rounds against 1.3 s of compiling; luxembourg_osm's BFS 0.1 s against 2 s
WARM_EDGES = 1 << 18
#: before the loops are in, a settle rule (up to a round a vertex; each round of
#: GraphBLAS calls ~0.2-1 ms) on a graph of this many vertices or more waits for them,
#: where its loop is in numba's disk cache (loaded, not compiled).  rome99's first
#: search in a new process (2 cores; three runs each, alternated), cache warm, ms, as
#: GraphBLAS rounds / waiting: Crauser 629-758 / 361-682, economic 1 322-1 513 /
#: 398-489, Martín 1 365-1 632 / 392-428; cache cold (one run, under load), waiting
#: 5 450-5 710 (the compile) against 571-3 022 as rounds: so a cold cache keeps rounds
SETTLE_WAIT_VERTICES = 1024
#: the loops' Near-Far splits at Δ = NEAR_FAR_C · w̄ / d̄ (the strategy's own c is 32,
#: 002's warp width); median of 3-4 sources, ms, c = 4 / 8 / 16 / 32: osm-malta
#: 1.02 / 0.96 / 1.01 / 1.14, rome99 0.088 / 0.086 / 0.088 / 0.105, 1000² grid (weights
#: 1..255, two threads) 58.8 / 57.0 / 58.4 / 61.5
NEAR_FAR_C = 8.0
#: the loops ``_warm_calls`` brings in (a child process compiles them where one is not
#: in numba's disk cache: ``warm.py``)
WARM_LOOPS = (bfs_loops.bfs, sssp.near_far)
#: the strategies whose rounds can pull (``direction="pull"`` or "auto")
PULLS = ("workfront", "bellman-ford", "light-first")
#: Δ-stepping's window of bins is ⌊max w / Δ⌋ + 2: beyond this many the loop declines
MAX_BINS = 1 << 22

#: strategy → (kernel, semirings it runs)
_ALL = ("min_plus", "max_min", "max_times")
KERNELS = {"workfront": _ALL, "bellman-ford": _ALL, "martin": _ALL,
           "light-first": ("min_plus",), "near-far": ("min_plus",),
           "delta-stepping": ("min_plus",), "crauser": ("min_plus",),
           "crauser-economic": ("min_plus",)}
_RULES = {"martin": sssp.MARTIN, "crauser": sssp.CRAUSER,
          "crauser-economic": sssp.ECONOMIC}
_BFS_MODES = {"sovm": bfs_loops.PUSH, "bovm": bfs_loops.PULL,
              "direction-optimizing": bfs_loops.DIRECTION_OPTIMIZING}


def _frozen(*arrays: np.ndarray) -> tuple[np.ndarray, ...]:
    """``arrays`` read-only, as the graph's own are: numba types a read-only array apart
    from a writable one, so a loop handed both kinds would load a second compiled
    version (5–9 ms: a directed graph's first BFS paid it for its transpose)."""
    for a in arrays:
        a.flags.writeable = False
    return arrays


def _transpose(indptr, indices, w):
    """(indptr, indices, weights) of the transpose of a CSR, explicit zeros kept."""
    n = indptr.size - 1
    T = sparse.csr_matrix((w, indices, indptr), shape=(n, n)).T.tocsr()
    return _frozen(T.indptr.astype(np.int64), T.indices.astype(indices.dtype), T.data)


def _record(trace: Trace, stats: np.ndarray, fs: np.ndarray, rounds: int, t0: float,
            third: str = "changed") -> None:
    """One trace row a compiled round (seconds: the loop's time spread evenly); the
    kernels' third column is ``changed``, or ``settled`` for the settle rules and
    Δ-stepping."""
    s = stats[:rounds]
    trace.add_many(frontier=s[:, 0], edges=s[:, 1], pending=s[:, 3], delta=fs[:rounds],
                   seconds=(time.perf_counter() - t0) / max(rounds, 1),
                   direction="fused", **{third: s[:, 2]})


class FusedLoops:
    """Capabilities served by the compiled loops (mixed into the CPU backend)."""

    graph: Graph
    n: int
    _pattern: object
    #: when the compiled loops run: "auto" / "always" (:meth:`fused_pays`), "never"
    fused_mode: ClassVar[str] = "auto"

    # ----------------------------------------------------------------- the rule
    def fused_pays(self, need: bool = False) -> bool:
        """Whether the compiled loops run here: always in "auto" (the rule above), unless
        the graph is a pattern the loops do not read or ``fused_mode`` is "never" — and
        once they are in (``warm.py``): before, a graph under WARM_EDGES stored edges
        runs as GraphBLAS rounds, a larger one (or ``fused_mode`` "always", or a caller
        that needs the loops) waits."""
        if self._pattern is not None or self.fused_mode == "never":
            return False
        if warm.ready() or warm.warming():
            return True
        if need or self.fused_mode == "always" or self.graph.n_stored >= WARM_EDGES:
            warm.wait(type(self)._warm_calls, WARM_LOOPS)
            return True
        warm.start(type(self)._warm_calls, WARM_LOOPS)
        return False

    @classmethod
    def _warm_calls(cls) -> None:
        """The loops a first search takes, run once on a 4-cycle (unweighted, integer and
        float weights: the weight types ``_csr`` hands them): BFS and Near-Far."""
        for w in (None, np.array([3, 1, 2, 5]), np.array([0.5, 1.5, 2.0, 1.0])):
            G = Graph.from_edges([0, 1, 2, 3], [1, 2, 3, 0], w, directed=False)
            be = cls(G)
            if w is None:
                bfs = be.fused_bfs("direction-optimizing")
                bfs(0, Trace("bfs", "direction-optimizing", "cpu", 4, 8), 15.0, 18.0)
                continue
            run = be.fused("near-far", min_plus, "auto", 1.0)
            run(0, min_plus, Trace("sssp", "near-far", "cpu", 4, 8), delta=1.0)

    def delta_constant(self, strategy: str) -> float | None:
        """Near-Far's ``c`` for the compiled loops (NEAR_FAR_C) where they run it."""
        return NEAR_FAR_C if strategy == "near-far" and self.fused_pays() else None

    # ----------------------------------------------------------------- arrays
    @cached_property
    def _csr(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """A as (indptr, indices, weights): an unweighted graph weighs 1 (int8), integer
        weights that fit are read as int32 (DESIGN §4: half the bytes of int64 a step)."""
        G = self.graph
        w = G.weights if G.weighted else np.ones(G.n_stored, np.int8)
        if w.dtype == np.int64 and w.size and np.iinfo(np.int32).min <= w.min() \
                and w.max() <= np.iinfo(np.int32).max:
            w = w.astype(np.int32)
        return _frozen(G.indptr, G.indices, w)

    @cached_property
    def _max_degree(self) -> int:
        return int(np.diff(self.graph.indptr).max(initial=0))

    @cached_property
    def _csr_tw(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Aᵀ by rows with its weights (what a pull reads): A itself when undirected."""
        if not self.graph.directed:
            return self._csr
        return _transpose(*self._csr)

    @property
    def _csr_t(self) -> tuple[np.ndarray, np.ndarray]:
        """Aᵀ by rows without weights (what the BFS pulls read)."""
        return self._csr_tw[:2]

    # ----------------------------------------------------------------- BFS
    def fused_bfs(self, strategy: str):
        """A whole BFS (``sovm``, ``bovm``, ``direction-optimizing``) compiled:
        ``run(source, trace, α, β) -> (levels, parents)`` as int64 host arrays (α, β:
        the direction switch of ``algorithms/bfs.py``); or None."""
        mode = _BFS_MODES.get(strategy)
        if mode is None or not self.fused_pays() or self.n >= 2**31:
            return None               # the packed state holds 32-bit parents

        def run(source: int, trace: Trace, alpha: float, beta: float):
            t0 = time.perf_counter()
            indptr, indices, _ = self._csr
            tptr, tind = self._csr_t if mode != bfs_loops.PUSH else (indptr, indices)
            lp = np.full(self.n, -1, np.int64)             # level << 32 | parent
            stats = np.empty((self.n + 1, 4), np.int64)
            threads = numba.get_num_threads()
            if (threads > 1 and self.graph.n_stored >= THREADED_EDGES
                    and self.graph.mean_degree < THREADED_DEGREE):
                k = parallel.bfs(indptr, indices, tptr, tind, source, mode, alpha, beta,
                                 lp, stats, threads)
            else:
                k = bfs_loops.bfs(indptr, indices, tptr, tind, source, mode, alpha, beta,
                                  self._max_degree, lp, stats)
            levels = np.empty(self.n, np.int64)
            if self.n >= bfs_loops.PAR_VERTICES:           # lp keeps the parents
                bfs_loops.unpack_parallel(lp, levels, 8 * numba.get_num_threads())
            else:
                bfs_loops.unpack(lp, levels)
            parents = lp
            s = stats[:k]
            trace.add_many(frontier=s[:, 0], edges=s[:, 1], changed=s[:, 2],
                           seconds=(time.perf_counter() - t0) / max(k, 1),
                           direction=np.where(s[:, 3] == 1, "pull", "push"))
            return levels, parents
        return run

    # ----------------------------------------------------------------- SSSP
    def fused(self, strategy: str, semiring: Semiring, direction: str,
              delta: float | None = None):
        """A whole SSSP strategy compiled (push): ``run(source, semiring, trace, delta=,
        direction=) -> (d, None)`` with ``d`` float64 on the host; None where the loops
        do not have it (pull, other semirings), do not pay, or where Δ-stepping's ``delta``
        is too fine for its window of bins."""
        need = (strategy in _RULES and self.n >= SETTLE_WAIT_VERTICES
                and warm.cached(sssp.settle))
        if (semiring.name not in KERNELS.get(strategy, ()) or not self.fused_pays(need)
                or (direction == "pull" and strategy not in PULLS)):
            return None
        G = self.graph
        indptr, indices, w = self._csr
        if (strategy == "delta-stepping" and delta is not None and G.n_stored
                and float(w.max()) / delta + 2 > MAX_BINS):
            return None              # its window of bins would not fit: GraphBLAS rounds
        op = sssp.OPS[semiring.name]

        def run(source, semiring, trace, delta=None, direction="push"):
            t0 = time.perf_counter()
            d = np.full(self.n, semiring.zero)
            stats, fs = sssp.new_stats()
            pull = self._pull_edges(direction)
            if strategy in ("workfront", "bellman-ford"):
                front = np.empty(max(self.n, 1), np.int64)
                front[0] = source
                d[source] = semiring.one
                stats, fs, r = sssp.fixed_point(
                    indptr, indices, w, op, semiring.zero, d, front, 1,
                    strategy == "bellman-ford", max(self.n, 1), True, stats, fs, 0,
                    np.nan, numba.get_num_threads(), *self._csr_tw, pull)
                if r < 0:
                    raise NegativeCycleError.reachable_from(source, semiring.name)
            elif strategy == "light-first":
                stats, fs, r = self._light_first(source, delta, d, stats, fs, pull)
            elif strategy == "near-far":
                threads = numba.get_num_threads()
                if threads > 1 and G.n_stored >= THREADED_EDGES:
                    stats, fs, r = parallel.near_far(indptr, indices, w, source,
                                                     float(delta), d, threads)
                else:
                    stats, fs, r = sssp.near_far(indptr, indices, w, source, float(delta),
                                                 d, stats, fs)
            elif strategy == "delta-stepping":
                nbins = int(float(w.max()) / delta) + 2 if G.n_stored else 2
                stats, fs, r = sssp.delta_stepping(*self._split(float(delta)), source,
                                                   float(delta), nbins, d, stats, fs,
                                                   numba.get_num_threads())
            else:
                stats, fs, r = sssp.settle(
                    indptr, indices, w, op, _RULES[strategy],
                    G.min_weight if G.n_stored else 0.0, G.min_out_weight, source,
                    semiring.one, d, True, stats, fs)
            _record(trace, stats, fs, r, t0, "settled" if strategy in _RULES or
                    strategy == "delta-stepping" else "changed")
            return d, None
        return run

    def _pull_edges(self, direction: str) -> float:
        """Frontier out-edges above which a fixed-point round pulls (``direction``)."""
        if direction == "pull":
            return -1.0
        if direction != "auto":
            return math.inf
        return max(PULL_SHARE * self.graph.n_stored, sssp.PAR_EDGES)

    def _light_first(self, source, delta, d, stats, fs, pull):
        """Workfront over ``A_L = A⟨A ≤ max(Δ, minout(i), minin(j))⟩``, then over all of A
        from every reached vertex (``algorithms/sssp.py``'s light-first)."""
        indptr, indices, w = self._csr
        light, light_t = self._light(float(delta))
        n = max(self.n, 1)
        front = np.empty(n, np.int64)
        front[0] = source
        d[source] = 0.0
        threads = numba.get_num_threads()
        share = pull if pull <= 0 else pull * light[1].size / max(indices.size, 1)
        stats, fs, r = sssp.fixed_point(*light, 0, np.inf, d, front, 1, False, n, True,
                                        stats, fs, 0, float(delta), threads, *light_t,
                                        share)
        reached = np.flatnonzero(d != np.inf)
        front[:reached.size] = reached
        return sssp.fixed_point(indptr, indices, w, 0, np.inf, d, front, reached.size,
                                False, n, True, stats, fs, r, np.nan, threads,
                                *self._csr_tw, pull)

    def _light(self, delta: float):
        """light-first's A_L and its transpose as CSRs, kept for the last Δ asked (A_L is
        symmetric when A is: an edge is light by either end's lightest edge)."""
        cached = self.__dict__.get("_light_csr")
        if cached is not None and cached[0] == delta:
            return cached[1]
        light = self._keep(self.graph.light_edges(delta))
        csr = (light, _transpose(*light) if self.graph.directed else light)
        self.__dict__["_light_csr"] = (delta, csr)
        return csr

    def _split(self, delta: float) -> tuple[np.ndarray, ...]:
        """Δ-stepping's ``A⟨A ≤ Δ⟩`` and ``A⟨A > Δ⟩`` as two CSRs (six arrays), kept for
        the last Δ asked: a bucket's rounds read only its light edges."""
        cached = self.__dict__.get("_split_csr")
        if cached is not None and cached[0] == delta:
            return cached[1]
        light = self._csr[2] <= delta
        csr = (*self._keep(light), *self._keep(~light))
        self.__dict__["_split_csr"] = (delta, csr)
        return csr

    def _keep(self, keep: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """A⟨keep⟩ (a mask over the stored edges) as a CSR."""
        indptr, indices, w = self._csr
        kept = np.zeros(keep.size + 1, np.int64)
        np.cumsum(keep, out=kept[1:])
        return kept[indptr], indices[keep], w[keep]   # kept edges before each row

    def tight_tree(self, d, semiring: Semiring, source: int):
        """Parents of a BFS over the tight edges, one compiled pass (host ``d``)."""
        if (not isinstance(d, np.ndarray) or semiring.name not in sssp.OPS
                or not self.fused_pays()):
            return None
        indptr, indices, w = self._csr
        parents = np.full(self.n, -1, np.int64)
        bfs_loops.tight_tree(indptr, indices, w, sssp.OPS[semiring.name],
                             d.astype(np.float64, copy=False), source, parents)
        return parents

    # ----------------------------------------------------------------- queries
    def pair_search(self, hops: bool, need: bool = False):
        """Bidirectional BFS (``hops``) or Dijkstra, compiled (``loops/pair.py``), on
        scratch arrays kept for the graph."""
        if not self.fused_pays(need):
            return None
        indptr, indices, w = self._csr
        tptr, tind, tw = self._csr_tw
        scratch = self._pair_scratch

        def run(s: int, t: int) -> tuple[float, np.ndarray]:
            stamp = scratch.next()
            if hops:
                k, path = pair.bidirectional_bfs(indptr, indices, tptr, tind, s, t,
                                                 scratch.dist, scratch.pred, scratch.seen,
                                                 stamp)
                return (math.inf if k < 0 else float(k)), path
            return pair.bidirectional_dijkstra(indptr, indices, w, tptr, tind, tw, s, t,
                                               scratch.dist, scratch.pred, scratch.seen,
                                               scratch.heap, scratch.pos, stamp)
        return run

    def bounded_search(self, hops: bool):
        """A BFS or (min_plus, non-negative) Dijkstra that stops at targets or a bound,
        compiled (``loops/bounded.py``): ``run(s, targets, limit) -> (values, parents,
        final)`` with ``limit`` a depth or a cutoff (None: none) and ``final`` the value
        up to which everything is final (inf: the search ran out)."""
        if not self.fused_pays() or (not hops and self.graph.has_negative_weights):
            return None
        indptr, indices, w = self._csr
        n = self.n

        def run(s: int, targets, limit):
            is_target = np.zeros(n, np.bool_)
            remaining = -1
            if targets is not None:
                is_target[targets] = True
                remaining = int(targets.size)
            parents = np.full(n, -1, np.int64)
            if hops:
                levels = np.full(n, -1, np.int64)
                stopped = bounded.bfs(indptr, indices, s, is_target, remaining,
                                      -1 if limit is None else int(limit), levels, parents)
                return levels, parents, stopped
            dist = np.full(n, np.inf)
            heap, pos = np.empty(n, np.int64), np.full(n, -1, np.int64)
            final = bounded.dijkstra(indptr, indices, w, s, is_target, remaining,
                                     math.inf if limit is None else float(limit), dist,
                                     parents, heap, pos)
            return dist, parents, final
        return run

    def spur_search(self, hops: bool):
        """Yen's masked point-to-point search, compiled (``loops/pair.py::spur``)."""
        if not self.fused_pays(need=True):
            return None
        indptr, indices, w = self._csr
        if hops and self.graph.weighted:
            w = np.ones(indices.size, np.int8)
        scratch = self._pair_scratch

        def run(s: int, t: int, h: np.ndarray, no_vertex: np.ndarray,
                no_edge: np.ndarray) -> tuple[float, np.ndarray]:
            return pair.spur(indptr, indices, w, s, t, h, no_vertex, no_edge,
                             scratch.dist, scratch.pred, scratch.seen, scratch.heap,
                             scratch.pos, scratch.next())
        return run

    def closure(self, method: str):
        """Blocked Floyd–Warshall or repeated squaring, compiled (``loops/dense.py``)."""
        if not self.fused_pays(need=True):
            return None

        def run(D: np.ndarray) -> tuple[np.ndarray, int]:
            if method == "floyd-warshall":
                dense.floyd_warshall(D)
                return D, D.shape[0]
            rounds = 0
            while True:
                rounds += 1
                C = D.copy()
                if not dense.square(D, C):
                    return C, rounds
                D = C
        return run

    def brandes(self, sources: np.ndarray, weighted: bool):
        """One compiled search and sweep a source, sources over the threads
        (``loops/brandes.py``)."""
        if not self.fused_pays(need=True):
            return None
        indptr, indices, w = self._csr
        n, k = self.n, sources.size
        threads = max(1, min(numba.get_num_threads(), k))
        dep = np.zeros((threads, n))
        hits = np.zeros((threads, n), np.int64)
        reach = np.zeros(k, np.int64)
        brandes.betweenness(indptr, indices, w, weighted, sources.astype(np.int64),
                            threads, dep, hits, reach)
        return dep.sum(axis=0), hits.sum(axis=0), reach

    @cached_property
    def _pair_scratch(self) -> pair.Scratch:
        return pair.Scratch(self.n)

    # ----------------------------------------------------------------- many sources
    def bitmap_bfs(self, sources: np.ndarray, levels: np.ndarray | None):
        """Level counts ``(L + 1) × k`` (and levels) of a BFS from every source: the
        bitmap loop where searches are shallow, one search a source where deep."""
        if not self.fused_pays() or sources.size == 0:
            return None
        indptr, indices, _ = self._csr
        k = sources.size
        want = levels is not None
        probe = np.full(self.n, -1, np.int64)
        first = np.zeros(self.n + 1, np.int64)
        depth0 = bfs_loops.push_levels(indptr, indices, int(sources[0]), probe,
                                       np.empty(self.n + 1, np.int64), first)
        if depth0 <= BITMAP_LEVELS:
            tptr, tind = self._csr_t
            out = levels if want else np.empty((1, 1), np.int64)
            return many.bits(tptr, tind, sources.astype(np.int64), out, want,
                             numba.get_num_threads())
        width = 2 * depth0 + 2
        while True:
            counts = np.zeros((k, width), np.int64)
            out = levels if want else np.empty((1, 1), np.int64)
            if want:
                out.fill(-1)
            depth = many.bfs_each(indptr, indices, sources.astype(np.int64), out, want,
                                  counts)
            if depth.max() <= width:
                return np.ascontiguousarray(counts[:, :depth.max()].T)
            width = int(depth.max())

    def many_sssp(self, sources: np.ndarray, semiring: Semiring,
                  delta: float | None = None):
        """Path values from every source (``k × n`` float64), one compiled search a
        source in parallel — Near-Far (split width ``delta``) under min_plus, Martín
        otherwise; None where the loops do not run."""
        if (not self.fused_pays() or semiring.name not in sssp.OPS
                or self.graph.has_negative_weights):
            return None
        indptr, indices, w = self._csr
        out = np.full((sources.size, self.n), semiring.zero)
        near = semiring.name == "min_plus" and delta is not None
        many.sssp_each(indptr, indices, w, sssp.OPS[semiring.name],
                       -1 if near else sssp.MARTIN, float(delta or 1.0), 0.0,
                       self.graph.min_out_weight, sources.astype(np.int64), semiring.one,
                       out)
        return out
