"""What only the GPU backend has: id widths, device tails, memory refusals, results kept
on the device, device generators, the one-pass predecessor tree.  The parity of answers
(every strategy, semiring, direction and dtype on random and real graphs) is checked by the
shared test bodies, parametrised by the ``backend`` fixture of ``conftest.py``.

Runs with ``pytest -m gpu`` on a machine with an NVIDIA GPU and CuPy; skips cleanly where
CuPy finds no GPU (CI).  Real graphs come from ../shared/data/graphs or, on the device
machine, from a copy of it named by ``SEMIRING_PATHS_SHARED`` (``locations.py``).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from hypothesis import given
from scipy.sparse import csgraph

import semiring_paths as sp
from semiring_paths.gpu import available
from semiring_paths.verify import verify_bfs, verify_sssp, verify_trace

from .conftest import build, edge_lists, scipy_matrix, shared_graph

pytestmark = [pytest.mark.gpu,
              pytest.mark.skipif(not available(), reason="CuPy finds no GPU")]

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module", autouse=True, params=[None, 8], ids=["ids4", "ids8"])
def index_width(request):
    """Every test runs twice: with 4-byte device vertex ids (what graphs below 2³¹ − 1
    vertices get) and with the 8-byte kernels forced and the weights in the graph's own
    dtype (no int32 / float32 device copy), so the wide paths are checked on graphs that
    fit a test."""
    from semiring_paths.gpu.backend import GPUBackend

    GPUBackend.index_bytes = request.param
    GPUBackend.NARROW_WEIGHTS = request.param is None      # ids8: weights in their dtype
    yield request.param or 4
    GPUBackend.index_bytes = None
    GPUBackend.NARROW_WEIGHTS = True


def test_graphs_built_from_device_arrays():
    """What a GPU user holds builds the graph it would on the host: CuPy edge arrays
    (``from_edges``), a CuPy dense matrix (``from_dense``) and a ``cupyx.scipy.sparse``
    matrix (``from_scipy``), each copied to the host (they raised "Implicit conversion
    to a NumPy array is not allowed" or named the wrong type)."""
    import cupy as cp
    import cupyx.scipy.sparse as cps

    src, dst, w = [0, 1, 2, 0], [1, 2, 3, 3], [1.0, 2.0, 3.0, 7.0]
    want = sp.Graph.from_edges(src, dst, w)
    got = [sp.Graph.from_edges(cp.asarray(src), cp.asarray(dst), cp.asarray(w)),
           sp.Graph.from_dense(cp.asarray(want.to_scipy(np.float64).toarray()),
                               no_edge=0),
           sp.Graph.from_scipy(cps.csr_matrix(want.to_scipy(np.float64))),
           sp.Graph.from_scipy(cp.asarray(want.to_scipy(np.float64).toarray()))]
    for G in got:
        assert (G.to_scipy(np.float64) != want.to_scipy(np.float64)).nnz == 0
        assert sp.sssp(G, 0, backend="gpu").distances.tolist() == [0.0, 1.0, 3.0, 6.0]


def test_device_ids_have_the_requested_width(index_width):
    from semiring_paths.backends import backend_for

    G = sp.read("rome99")
    be = backend_for(G, "gpu")
    want = np.int64 if index_width == 8 else np.int32
    assert be.vid == want and be.indices.dtype == want
    assert be._csc[1].dtype == want
    assert be._source("kernels.cu").startswith(
        "typedef long long vid_t;" if index_width == 8 else "typedef int vid_t;")
    r = sp.bfs(G, 0, backend="gpu", as_cupy=True)
    assert r.parents.dtype == np.int64


def test_device_weights_take_the_narrowest_exact_dtype(index_width):
    """int64 weights within int32's range and float64 ones that float32 holds exactly go
    to the device as int32 / float32 (the kernels widen each to float64 as they read it);
    others keep their dtype, and so does every weight under ids8 (NARROW_WEIGHTS off).
    The answers are scipy's Dijkstra either way (float64, as every device result)."""
    from semiring_paths.backends import backend_for

    g = sp.read("rome99")
    big = g.weights.astype(np.int64)
    big[0] = 2**31                                      # past int32: stays int64
    cases = [(g.weights.astype(np.int64), np.int32), (big, np.int64),
             (g.weights * 0.5, np.float32), (g.weights * 0.1, np.float64),
             (g.weights.astype(np.int32), np.int32),
             (g.weights.astype(np.float32) * np.float32(0.1), np.float32)]
    for w, narrow in cases:
        G = sp.Graph.from_edges(g.rows, g.indices, weights=w, n_vertices=g.n_vertices)
        assert backend_for(G, "gpu").weights.dtype == (narrow if index_width == 4
                                                       else G.weights.dtype)
        A = scipy_matrix(G.n_vertices, g.rows, g.indices, w, G.directed)
        want = csgraph.dijkstra(A, directed=G.directed, indices=0)
        for strategy in ("workfront", "crauser-economic", "delta-stepping"):
            r = sp.sssp(G, 0, strategy=strategy, backend="gpu")
            np.testing.assert_array_equal(r.distances, want)
            assert r.distances.dtype == np.float64


def real(rel: str) -> Path:
    return shared_graph(rel)


@pytest.mark.parametrize("strategy", ["workfront", "bellman-ford"])
def test_float64_atomic_min_is_exact(strategy):
    """Paths differing below float32 resolution: a float32 atomicMin would tie them."""
    G = sp.Graph.from_edges([0, 0, 1, 2], [1, 2, 3, 3],
                            weights=[1.0, 1.0 + 1e-12, 1.0 + 1e-12, 1.0])
    r = sp.sssp(G, 0, strategy=strategy, backend="gpu")
    assert r.distances[3] == 2.0 + 1e-12
    np.testing.assert_array_equal(r.distances, sp.sssp(G, 0, strategy=strategy).distances)


def test_negative_weights_and_cycles():
    G = sp.Graph.from_edges([0, 1, 0], [1, 2, 2], weights=[4.0, -3.0, 2.0])
    assert sp.sssp(G, 0, strategy="workfront", backend="gpu").distances.tolist() == [
        0.0, 4.0, 1.0]
    C = sp.Graph.from_edges([0, 1, 2, 2], [1, 2, 1, 3], weights=[1.0, 2.0, -3.5, 1.0])
    for strategy in ("workfront", "bellman-ford"):
        with pytest.raises(sp.NegativeCycleError):
            sp.sssp(C, 0, strategy=strategy, backend="gpu")




def test_traces_of_device_strategies(graphblas_rounds):
    """Strategies the device runs as the shared text (light-first) make the CPU's
    GraphBLAS rounds, one for one."""
    G = sp.read("rome99")
    r = sp.sssp(G, 3, strategy="light-first", backend="gpu")
    c = sp.sssp(G, 3, strategy="light-first")
    assert [st.frontier for st in r.trace.steps] == [st.frontier for st in c.trace.steps]
    assert [st.edges for st in r.trace.steps] == [st.edges for st in c.trace.steps]
    assert r.trace.backend == "gpu"


@pytest.mark.parametrize("shape, big_lanes", [("edges", 32), ("vertices", 32),
                                              ("vertices", 1)])
def test_bellman_ford_device_loop(shape, big_lanes, monkeypatch):
    """Bellman-Ford as one device-resident launch, in both shapes: the CPU's answers on
    a scale-free and a grid graph, round records in batches, hub edges shared out over
    every thread (``BIG_LANES = 1`` lists every vertex of a lane's worth of edges or
    more), each batch's first 2 read with ``ctl``; the last round relaxes every reached
    vertex and lowers nothing, the others lower something."""
    from semiring_paths.generators import grid, kronecker
    from semiring_paths.gpu.rules import RuleLoops

    monkeypatch.setattr(RuleLoops, "RECORDS", 5)
    monkeypatch.setattr(RuleLoops, "PEEK_ROWS", 2)     # (batches over 2 rows: two reads)
    monkeypatch.setattr(RuleLoops, "BIG_LANES", big_lanes)
    monkeypatch.setattr(RuleLoops, "BF_SHAPE", shape)
    for G in (kronecker(11, seed=4, weights=(1, 255)), grid(25, 30, seed=2, weights=(0, 9)),
              sp.Graph.from_edges([0, 1, 0, 2], [1, 2, 2, 3], weights=[4.0, -3.0, 2.0, 1.0])):
        s = int(np.argmax(G.out_degree))
        r = sp.sssp(G, s, strategy="bellman-ford", backend="gpu")
        c = sp.sssp(G, s, strategy="bellman-ford", backend="cpu")
        np.testing.assert_array_equal(r.distances, c.distances)
        steps = r.trace.steps
        assert {st.direction for st in steps} == {"fused"}
        assert steps[-1].changed == 0 and all(st.changed > 0 for st in steps[:-1])
        reached = int(np.isfinite(c.distances).sum())
        assert steps[-1].frontier == reached
        assert steps[-1].edges == int(G.out_degree[np.isfinite(c.distances)].sum())


@pytest.mark.parametrize("strategy", ["workfront", "bellman-ford"])
@pytest.mark.parametrize("big_lanes", [32, 1])
def test_pull_rounds_device_loop(strategy, big_lanes, monkeypatch):
    """``direction="pull"`` of workfront and Bellman-Ford as one device-resident launch
    (``rules.cu``'s ``BF_PULL``): the CPU's answers on a scale-free, a grid and directed
    graphs (their in-edges: Aᵀ), negative weights, round records in batches, hubs'
    in-edges shared out (``BIG_LANES = 1``); every round reads every stored edge, the
    last lowers nothing and the others something; workfront's frontier is what the last
    round changed, Bellman-Ford's every vertex with a value; a negative cycle refused."""
    from semiring_paths.generators import grid, kronecker
    from semiring_paths.gpu.rules import RuleLoops

    monkeypatch.setattr(RuleLoops, "RECORDS", 5)
    monkeypatch.setattr(RuleLoops, "BIG_LANES", big_lanes)
    rng = np.random.default_rng(3)
    src, dst = rng.integers(0, 400, 3000), rng.integers(0, 400, 3000)
    directed = sp.Graph.from_edges(src, dst, weights=rng.integers(1, 50, 3000).astype(float),
                                   n_vertices=400)
    for G in (kronecker(11, seed=4, weights=(1, 255)), grid(25, 30, seed=2, weights=(0, 9)),
              directed,
              sp.Graph.from_edges([0, 1, 0, 2], [1, 2, 2, 3], weights=[4.0, -3.0, 2.0, 1.0])):
        s = int(np.argmax(G.out_degree))
        r = sp.sssp(G, s, strategy=strategy, direction="pull", backend="gpu")
        c = sp.sssp(G, s, strategy=strategy, direction="pull", backend="cpu")
        np.testing.assert_array_equal(r.distances, c.distances)
        steps = r.trace.steps
        assert {st.direction for st in steps} == {"fused"}
        assert {st.edges for st in steps} == {G.n_stored}
        assert steps[-1].changed == 0 and all(st.changed > 0 for st in steps[:-1])
        if strategy == "workfront":
            assert [st.frontier for st in steps] == [1] + [st.changed for st in steps[:-1]]
        else:
            assert steps[-1].frontier == int(np.isfinite(c.distances).sum())
    C = sp.Graph.from_edges([0, 1, 2, 2], [1, 2, 1, 3], weights=[1.0, 2.0, -3.5, 1.0])
    with pytest.raises(sp.NegativeCycleError):
        sp.sssp(C, 0, strategy=strategy, direction="pull", backend="gpu")


@pytest.mark.parametrize("strategy", ["martin", "crauser", "crauser-economic",
                                      "near-far", "delta-stepping"])
def test_device_rule_loops_trace_as_the_cpu(strategy, monkeypatch):
    """The device loops of ``gpu/rules.py``: the CPU's answers; the settle rules settle
    the same vertices round by round as the CPU's compiled loops (their rounds depend on
    the graph only), each reached vertex once; near-far and Δ-stepping (whose rounds
    depend on the order of relaxations) record every round with its split.  Both shapes
    run: one block throughout, and the grid from the first wide round; near-far and
    Δ-stepping also as ``banded_two`` (two hops a grid barrier); the settle rules also
    with their thin rounds' pile in shared memory (``settle.cu``), once with room for
    only a round's worst and 64 entries more (compacted, handed back for room and for
    width, taken up again); Martín and economic Crauser also with their grid rounds'
    pile split (``SPLIT_WIDTH``) one pile, narrow (a resplit most rounds), wide, and
    narrow with the shared pile (the later part merged as the grid hands back), their
    open vertices (``pending``) as the CPU's.  Round records come back in batches of 7,
    the first 3 of each with ``ctl`` and the rest by a second read.  The third graph's
    second frontier holds 5 000 sinks in a row: windows of the grid's edge-balanced
    relaxation with no edges at all.  In the last, one round settles 64 leaves (a tree
    of zero weights) that each reach the same 8 vertices, each by weights 1..64 in
    another order: a new vertex's entry made by one relaxation of the round must still
    take the least δ of all 64; with 32 lanes a vertex (32 relaxation groups) that round
    also gives each group of the shared pile's block two of its vertices."""
    from semiring_paths.generators import grid, kronecker
    from semiring_paths.gpu.rules import RuleLoops

    rng = np.random.default_rng(7)
    hubs = np.arange(5001, 6000)
    src = np.r_[np.zeros(5999, int), rng.choice(hubs, 20000)]
    dst = np.r_[np.arange(1, 6000), rng.choice(np.r_[hubs, 1, 2, 3], 20000)]
    sinks = sp.Graph.from_edges(src, dst, weights=rng.integers(1, 10, src.size).astype(float),
                                n_vertices=6000)
    tree = np.arange(126)                                  # parent (k - 1) // 2 of k
    leaf = np.repeat(np.arange(63, 127), 8)
    target = np.tile(np.arange(127, 135), 64)
    fan = sp.Graph.from_edges(
        np.r_[tree // 2, leaf], np.r_[tree + 1, target],
        weights=np.r_[np.zeros(126), 1 + (7 * (leaf - 63) + 13 * (target - 127)) % 64],
        n_vertices=135)
    from semiring_paths.gpu.rules import S

    width = RuleLoops.SPLIT_WIDTH
    # (wide at, banded, shared pile, room, split width, lanes a vertex: None, the mean's)
    shapes = [(10**9, "never", "never", None, width, None),
              (64, "never", "never", None, width, None)]
    if strategy in ("near-far", "delta-stepping"):
        shapes.append((64, "always", "never", None, width, None))   # tails.cu's banded_two
    else:                                                   # settle.cu's shared pile
        shapes += [(10**9, "never", "auto", None, width, None),
                   (64, "never", "auto", None, width, None),
                   (10**9, "never", "auto", S.SH_EDGES + 64, width, None),
                   # 32 lanes a vertex, 32 groups: the fan's round of 64 leaves gives
                   # each group two (its first loaded ahead of the checks, then another)
                   (10**9, "never", "auto", None, width, 32)]
    if strategy in ("martin", "crauser-economic"):         # the grid's split pile
        shapes += [(64, "never", "never", None, w, None) for w in (None, 0.02, 50.0)]
        shapes.append((64, "never", "auto", None, 0.02, None))
    for wide_at, banded, shared, room, width, lanes in shapes:
        monkeypatch.setattr(RuleLoops, "LANES", lanes)
        monkeypatch.setattr(RuleLoops, "SPLIT_WIDTH", width)
        monkeypatch.setattr(RuleLoops, "BANDED_TWO", banded)
        monkeypatch.setattr(RuleLoops, "SHARED_PILE", shared)
        monkeypatch.setattr(RuleLoops, "SHARED_CAP", room)
        monkeypatch.setattr(RuleLoops, "WIDE_AT", wide_at)
        monkeypatch.setattr(RuleLoops, "THIN_AT", min(wide_at, 16))
        monkeypatch.setattr(RuleLoops, "RECORDS", 7)          # batches of round records
        monkeypatch.setattr(RuleLoops, "PEEK_ROWS", 3)        # ... some read in two parts
        for G in (kronecker(11, seed=4, weights=(1, 255)), grid(25, 30, seed=2,
                                                                weights=(0, 9)), sinks, fan):
            s = 0 if G is fan else int(np.argmax(G.out_degree))
            r = sp.sssp(G, s, strategy=strategy, backend="gpu")
            c = sp.sssp(G, s, strategy=strategy, backend="cpu")
            np.testing.assert_array_equal(r.distances, c.distances)
            assert {st.direction for st in r.trace.steps} == {"fused"}
            reached = int(np.isfinite(c.distances).sum())
            if strategy in ("martin", "crauser", "crauser-economic"):
                verify_trace(r.trace, c.trace)
                assert r.trace.steps[-1].settled == reached
            else:
                assert all(st.delta == st.delta for st in r.trace.steps)
                assert sum(st.frontier for st in r.trace.steps) >= reached


@pytest.mark.parametrize("index_width", [4, 8])
@pytest.mark.parametrize("strategy", ["near-far", "delta-stepping"])
def test_banded_two_every_weight_dtype(strategy, index_width, monkeypatch):
    """``banded_two`` (near-far and Δ-stepping, two hops a grid barrier, banded): the
    CPU's distances for every weight dtype and both id widths, on a road graph and on a
    grid with zero weights, at two Δ (one puts most of the grid's edges past the split:
    Δ-stepping's heavy passes), its round records returned in batches of 5 (read with
    ``ctl`` up to 2, the rest by a second read); every
    reached vertex relaxed in some round's frontier, every round's split recorded."""
    from semiring_paths.generators import grid
    from semiring_paths.gpu.backend import GPUBackend
    from semiring_paths.gpu.rules import RuleLoops

    monkeypatch.setattr(RuleLoops, "BANDED_TWO", "always")
    monkeypatch.setattr(RuleLoops, "RECORDS", 5)
    monkeypatch.setattr(RuleLoops, "PEEK_ROWS", 2)
    monkeypatch.setattr(GPUBackend, "index_bytes", index_width)
    monkeypatch.setattr(GPUBackend, "NARROW_WEIGHTS", index_width == 4)
    rome = sp.read("rome99")
    for dtype in (np.int32, np.int64, np.float32, np.float64):
        g = grid(40, 30, seed=5, weights=(0, 9))
        graphs = [sp.Graph.from_edges(g.rows, g.indices, weights=g.weights.astype(dtype),
                                      n_vertices=g.n_vertices),
                  sp.Graph.from_edges(rome.rows, rome.indices,
                                      weights=rome.weights.astype(dtype),
                                      n_vertices=rome.n_vertices)]
        for G, delta in ((graphs[0], 3.0), (graphs[0], None), (graphs[1], None)):
            s = int(np.argmax(G.out_degree))
            r = sp.sssp(G, s, strategy=strategy, backend="gpu", delta=delta)
            np.testing.assert_array_equal(
                r.distances, sp.sssp(G, s, strategy="dijkstra", backend="cpu").distances)
            assert {st.direction for st in r.trace.steps} == {"fused"}
            assert sum(st.frontier for st in r.trace.steps) >= np.isfinite(r.distances).sum()
            assert all(st.delta == st.delta for st in r.trace.steps)
            assert r.trace.iterations > 5                      # relaunched


@pytest.mark.parametrize("index_width", [4, 8])
@pytest.mark.parametrize("strategy", ["martin", "crauser-economic"])
def test_split_pile_every_weight_dtype(strategy, index_width, monkeypatch):
    """The grid rounds' split pile (``rules.cu``; Martín and economic Crauser): the
    CPU's distances and, round by round, its frontiers, settled counts, edges and open
    vertices, for every weight dtype and both id widths, on a Kronecker graph with hubs
    and on a road graph, the grid forced from the first wide round, at a width that
    resplits most rounds and at the default."""
    from semiring_paths.generators import kronecker
    from semiring_paths.gpu.backend import GPUBackend
    from semiring_paths.gpu.rules import RuleLoops

    monkeypatch.setattr(RuleLoops, "WIDE_AT", 64)
    monkeypatch.setattr(RuleLoops, "THIN_AT", 16)
    monkeypatch.setattr(RuleLoops, "RECORDS", 5)
    monkeypatch.setattr(GPUBackend, "index_bytes", index_width)
    monkeypatch.setattr(GPUBackend, "NARROW_WEIGHTS", index_width == 4)
    rome, k = sp.read("rome99"), kronecker(10, seed=3, weights=(1, 99))
    for dtype in (np.int32, np.int64, np.float32, np.float64):
        for base in (k, rome):
            G = sp.Graph.from_edges(base.rows, base.indices,
                                    weights=base.weights.astype(dtype),
                                    n_vertices=base.n_vertices)
            s = int(np.argmax(G.out_degree))
            c = sp.sssp(G, s, strategy=strategy, backend="cpu")
            for width in (0.02, RuleLoops.SPLIT_WIDTH):
                monkeypatch.setattr(RuleLoops, "SPLIT_WIDTH", width)
                r = sp.sssp(G, s, strategy=strategy, backend="gpu")
                np.testing.assert_array_equal(r.distances, c.distances)
                verify_trace(r.trace, c.trace, ("frontier", "settled", "edges", "pending"))


def test_graph_too_large_is_refused_before_allocating(monkeypatch):
    import cupy as cp

    from semiring_paths.gpu import backend as gb

    G = sp.read("rome99")
    monkeypatch.setattr(cp.cuda.runtime, "memGetInfo", lambda: (1000, 10**10))
    before = cp.get_default_memory_pool().used_bytes()
    with pytest.raises(sp.GPUMemoryError, match="bytes of GPU memory"):
        gb.GPUBackend(G)
    assert cp.get_default_memory_pool().used_bytes() == before


# ------------------------------------------------------------------ multi-source bitmaps
def test_multi_source_kronecker_all_pairs():
    """Every source of a Kronecker graph in one batch (w = 64 words a vertex)."""
    from semiring_paths.generators import kronecker

    G = kronecker(12, seed=5)
    L = sp.multi_source_bfs(G, np.arange(G.n_vertices), backend="gpu")
    hops = csgraph.shortest_path(G.to_scipy(np.bool_), unweighted=True)
    np.testing.assert_array_equal(L, np.where(np.isinf(hops), -1, hops))
    [(part, C)] = list(sp.level_counts(G, np.arange(G.n_vertices), backend="gpu"))
    np.testing.assert_array_equal(part, np.arange(G.n_vertices))
    np.testing.assert_array_equal(C.sum(axis=0), np.isfinite(hops).sum(axis=1))


def test_bitmap_batch_too_large_is_refused(monkeypatch):
    import cupy as cp

    G = sp.read("rome99")
    be = sp.backends.backend_for(G, "gpu")
    monkeypatch.setattr(cp.cuda.runtime, "memGetInfo", lambda: (1000, 10**10))
    with pytest.raises(sp.GPUMemoryError, match="smaller batch"):
        be.bitmap_bfs(np.arange(100), None)


def test_as_cupy_keeps_results_on_the_device():
    import cupy as cp

    G = sp.read("rome99")
    r = sp.bfs(G, 5, backend="gpu", as_cupy=True)
    assert isinstance(r.levels, cp.ndarray) and r.levels.dtype == cp.int64
    np.testing.assert_array_equal(r.levels.get(), sp.bfs(G, 5).levels)
    d = sp.sssp(G, 5, strategy="workfront", backend="gpu", as_cupy=True)
    assert isinstance(d.distances, cp.ndarray) and d.distances.dtype == cp.float64
    np.testing.assert_array_equal(d.distances.get(), sp.sssp(G, 5).distances)
    verify_sssp(G, 5, d.distances.get(), d.predecessors)
    U = sp.Graph.from_edges([0, 1], [1, 2], directed=False)
    u = sp.sssp(U, 0, backend="gpu", as_cupy=True)
    assert isinstance(u.distances, cp.ndarray) and u.distances.get().tolist() == [0, 1, 2]
    with pytest.raises(ValueError, match="as_cupy=True needs backend='gpu'"):
        sp.sssp(G, 5, backend="cpu", as_cupy=True)


@pytest.mark.parametrize("strategy", ["sovm", "bovm", "direction-optimizing"])
def test_fused_bfs_traces_as_the_cpu(strategy, monkeypatch, graphblas_rounds):
    """The device-resident BFS of ``bfs_loop.cu``: the CPU's levels, a BFS tree, and the
    trace of the shared loop (``algorithms/bfs.py``, run here by the CPU's GraphBLAS
    rounds) level by level — frontier, edges, next frontier, direction: the same rule on
    the same sizes; so does the step loop it replaces.  The shapes hand over both
    ways (a one-block launch of at most 40 edges a level, the grid back after 2 thin
    levels) and the records come back in batches of 5."""
    from semiring_paths.generators import grid, kronecker
    from semiring_paths.gpu.backend import GPUBackend

    D = sp.Graph.from_edges(np.r_[np.arange(300), 0, 0], np.r_[np.arange(1, 301), 150, 299],
                            directed=True)                 # a directed path with shortcuts
    graphs = (kronecker(11, seed=4), grid(25, 30), D, sp.read("rome99"))
    for wide_e, fused in ((10**9, True), (40, True), (40, False)):
        monkeypatch.setattr(GPUBackend, "BFS_WIDE_E", wide_e)
        monkeypatch.setattr(GPUBackend, "BFS_THIN_Q", 8)
        monkeypatch.setattr(GPUBackend, "BFS_THIN_E", 30)
        monkeypatch.setattr(GPUBackend, "BFS_THIN_LEVELS", 2)
        monkeypatch.setattr(GPUBackend, "BFS_RECORDS", 5)
        monkeypatch.setattr(GPUBackend, "FUSED_BFS", fused)
        monkeypatch.setattr(GPUBackend, "BFS_LOW_DEGREE", -1)   # every graph here
        for G in graphs:
            for s in (int(np.argmax(G.out_degree)), 0):
                r = sp.bfs(G, s, strategy=strategy, backend="gpu")
                c = sp.bfs(G, s, strategy=strategy, backend="cpu")
                np.testing.assert_array_equal(r.levels, c.levels)
                verify_bfs(G, s, r.levels, r.parents)
                # (the step loop's device tails record neither edges nor directions)
                keep = ((lambda st: (st.frontier, st.edges, st.changed, st.direction))
                        if fused else (lambda st: (st.frontier, st.changed)))
                got, want = map(keep, r.trace.steps), map(keep, c.trace.steps)
                assert list(got) == list(want), (G.name, s, wide_e, fused)
    monkeypatch.undo()
    be = sp.backends.backend_for                      # low degree: the step loop's tails
    assert be(grid(25, 30), "gpu").fused_bfs(strategy) is None
    assert be(kronecker(11, seed=4), "gpu").fused_bfs(strategy) is not None


@pytest.mark.parametrize("strategy", ["sovm", "bovm", "direction-optimizing"])
@given(g=edge_lists())
def test_fused_bfs_random_graphs(strategy, g):
    """The device-resident BFS on hypothesis's graphs (all of low degree, which the
    step loop would take: the fused loop is forced), against scipy."""
    from semiring_paths.gpu.backend import GPUBackend

    n, src, dst, w, directed, s = g
    G = build(n, src, dst, w, directed)
    low, GPUBackend.BFS_LOW_DEGREE = GPUBackend.BFS_LOW_DEGREE, -1
    try:
        r = sp.bfs(G, s, strategy=strategy, backend="gpu")
    finally:
        GPUBackend.BFS_LOW_DEGREE = low
    d = csgraph.shortest_path(scipy_matrix(n, src, dst, w, directed), unweighted=True,
                              indices=s)
    np.testing.assert_array_equal(r.levels, np.where(np.isinf(d), -1, d))
    verify_bfs(G, s, r.levels, r.parents)


def test_two_hop_kernels_over_many_searches(monkeypatch):
    """The two-hop kernels (``sssp_tail_two`` from the source, ``banded_two`` for near-far
    with no band and with its own) give the exact distances search after search on a
    directed graph of uneven degrees: where the lanes of a quad each read d(u) at their
    own time, 20 of 480 such searches were wrong before (p2p-Gnutella31)."""
    import semiring_paths.gpu.sssp as gpu_sssp
    from semiring_paths.gpu.rules import RuleLoops

    G = sp.read(shared_graph("social/p2p-Gnutella31-weighted.mtx.gz"))
    M = G.to_scipy(np.float64)
    monkeypatch.setattr(RuleLoops, "BANDED_TWO", "always")
    monkeypatch.setattr(gpu_sssp, "high_diameter", lambda sizes, n, after: True)
    be = sp.backends.backend_for(G, "gpu")
    be.tail = "cooperative"
    try:
        for s in (1034, 24012, 45666, 8780):
            want = csgraph.dijkstra(M, indices=s)
            for _ in range(8):
                for strategy, delta in (("workfront", None), ("near-far", 1e9),
                                        ("near-far", None)):
                    r = sp.sssp(G, s, strategy=strategy, backend="gpu", delta=delta)
                    np.testing.assert_array_equal(r.distances, want)
    finally:
        be.tail = "auto"


@pytest.mark.parametrize("tail", ["block", "async", "cooperative", "cooperative-1",
                                  "cuda-graph"])
def test_every_tail_of_high_diameter_searches(tail, monkeypatch):
    """Every way to finish a long search gives the CPU's levels and distances (the step
    loop's tails: the fused BFS is off); the cooperative tails at two levels (rounds) a
    barrier or (``cooperative-1``) one; the BFS's also its per-level counts."""
    from semiring_paths.generators import grid
    from semiring_paths.gpu.backend import GPUBackend

    monkeypatch.setattr(GPUBackend, "FUSED_BFS", False)
    if tail == "cooperative-1":
        monkeypatch.setattr(GPUBackend, "BFS_TAIL_LEVELS", 1)
        monkeypatch.setattr(GPUBackend, "SSSP_TAIL_LEVELS", 1)
        tail = "cooperative"
    G = grid(120, 90, seed=4, weights=(0, 9))
    D = sp.Graph.from_edges(np.arange(3000), np.arange(1, 3001),
                            weights=np.r_[np.full(2000, 2.0), np.full(1000, -1.0)])
    for H in (G, D, sp.read("rome99")):
        be = sp.backends.backend_for(H, "gpu")
        be.tail = tail
        try:
            s = 0
            r = sp.bfs(H, s, backend="gpu")
            assert r.trace.iterations > 16           # the tail ran
            c = sp.bfs(H, s)
            np.testing.assert_array_equal(r.levels, c.levels)
            verify_bfs(H, s, r.levels, r.parents)
            if tail == "cooperative":
                verify_trace(r.trace, c.trace, ("frontier", "changed"))
            d = sp.sssp(H, s, strategy="workfront", backend="gpu")
            np.testing.assert_array_equal(d.distances,
                                          sp.sssp(H, s, strategy="workfront").distances)
        finally:
            be.tail = "auto"


@pytest.mark.parametrize("levels_a_round", [2, 1])
def test_cooperative_tail_hands_back_wide_frontiers(levels_a_round, monkeypatch):
    """A low-degree search starts in the cooperative BFS tail, which hands a frontier
    outgrowing its grid (here: over 42 vertices) back to the step kernels and takes the
    search again once it thins: levels, parents and per-level trace as the CPU's."""
    from semiring_paths.generators import grid
    from semiring_paths.gpu.backend import GPUBackend

    monkeypatch.setattr(GPUBackend, "FUSED_BFS", False)
    monkeypatch.setattr(GPUBackend, "BFS_TAIL_LEVELS", levels_a_round)
    for G in (grid(60, 60), sp.read("rome99")):
        be = sp.backends.backend_for(G, "gpu")
        monkeypatch.setattr(GPUBackend, "BFS_TAIL_WIDE", 1.0)
        slots = be._tail_plan()[2]
        monkeypatch.setattr(GPUBackend, "BFS_TAIL_WIDE", 42 / slots)
        assert be._tail_plan()[2] == 42
        for s in (0, G.n_vertices // 2):
            r, c = sp.bfs(G, s, backend="gpu"), sp.bfs(G, s)
            assert c.trace.frontier_sizes.max() > 42            # it was handed back
            np.testing.assert_array_equal(r.levels, c.levels)
            verify_bfs(G, s, r.levels, r.parents)
            verify_trace(r.trace, c.trace, ("frontier", "changed"))


def test_async_tail_parents_beyond_the_resident_grid():
    """The async tail's parent pass covers every vertex of a graph larger than the grid
    that stays resident (a cooperative module's launch is cut down to that grid)."""
    from semiring_paths.generators import grid

    G = grid(700, 700)                                 # 490 000 vertices
    be = sp.backends.backend_for(G, "gpu")
    be.tail = "async"
    try:
        r = sp.bfs(G, 0, backend="gpu")
    finally:
        be.tail = "auto"
    assert r.trace.iterations > 16                     # the tail ran
    verify_bfs(G, 0, r.levels, r.parents)


def test_block_tail_overflow_hands_over(monkeypatch):
    """A frontier outgrowing the one-block queue: the level is finished and the grid-wide
    tail takes over from it, with the same answers."""
    from semiring_paths.generators import grid
    from semiring_paths.gpu.backend import GPUBackend

    monkeypatch.setattr(GPUBackend, "FUSED_BFS", False)     # the step loop's tails
    monkeypatch.setattr(GPUBackend, "_block_queue", 50)
    g = grid(60, 60, seed=5, weights=(1, 9))          # a path of 40 leads to its centre
    path = np.arange(40)
    src = np.r_[g.rows.astype(np.int64) + 40, path[:-1], 39]
    dst = np.r_[g.indices.astype(np.int64) + 40, path[1:], 40 + 60 * 30 + 30]
    w = np.r_[g.weights, np.full(40, 3)]
    G = sp.Graph.from_edges(src, dst, w, directed=True)
    sp.backends.backend_for(G, "gpu").tail = "block"
    r = sp.bfs(G, 0, backend="gpu")
    kinds = [st.direction for st in r.trace.steps]
    assert "block" in kinds and kinds[-1] != "block"   # started in the block, handed over
    np.testing.assert_array_equal(r.levels, sp.bfs(G, 0).levels)
    verify_bfs(G, 0, r.levels, r.parents)
    d = sp.sssp(G, 0, strategy="workfront", backend="gpu")
    kinds = [st.direction for st in d.trace.steps]
    assert "block" in kinds and kinds[-1] != "block"
    np.testing.assert_array_equal(d.distances, sp.sssp(G, 0, strategy="workfront").distances)


def test_device_generators():
    """The benchmark's graphs, built on the device: sorted CSR rows, no loops or
    duplicates, symmetric with symmetric weights in range, reproducible from the seed; the
    grid has the host grid's edges."""
    from semiring_paths.generators import grid
    from semiring_paths.gpu import generators as gg

    K = gg.kronecker(12, seed=4, weights=(1, 64))
    M = gg.grid(30, 40, seed=2, weights=(1, 64))
    for G in (K, M):
        keys = G.rows.astype(np.int64) * G.n_vertices + G.indices
        assert np.all(np.diff(keys) > 0) and np.all(G.rows != G.indices)
        A = G.to_scipy(np.float64)
        assert (A != A.T).nnz == 0
        assert G.weights.min() >= 1 and G.weights.max() <= 64 and np.unique(G.weights).size > 32
        s = int(np.argmax(G.out_degree))
        r = sp.sssp(G, s, strategy="workfront", backend="gpu")
        verify_sssp(G, s, r.distances, r.predecessors, expected=csgraph.dijkstra(A, indices=s))
    K2 = gg.kronecker(12, seed=4, weights=(1, 64))
    np.testing.assert_array_equal(K.indices, K2.indices)
    np.testing.assert_array_equal(K.weights, K2.weights)
    H = grid(30, 40)
    np.testing.assert_array_equal(M.indptr, H.indptr)
    np.testing.assert_array_equal(M.indices, H.indices)


@pytest.mark.parametrize("small", [0, None], ids=["big-rounds", "default"])
def test_workfront_small_and_big_rounds(small, monkeypatch, graphblas_rounds):
    """Small rounds (one setup block, queue output) and big ones (flags, one scan) give the
    CPU's answers and the CPU's trace: frontier, edges and changed counts round by round
    (both relax from d as the round began)."""
    from semiring_paths.generators import kronecker
    from semiring_paths.gpu.backend import GPUBackend

    if small is not None:
        monkeypatch.setattr(GPUBackend, "SMALL_ROUND", small)
    for G in (kronecker(13, seed=7, weights=(1, 64)), sp.read("rome99")):
        for s in (0, int(np.argmax(G.out_degree))):
            r = sp.sssp(G, s, strategy="workfront", backend="gpu")
            c = sp.sssp(G, s, strategy="workfront", direction="push")
            np.testing.assert_array_equal(r.distances, c.distances)
            host = [(st.frontier, st.edges, st.changed) for st in r.trace.steps
                    if st.frontier >= 0]
            assert host == [(st.frontier, st.edges, st.changed)
                            for st in c.trace.steps[:len(host)]]
            b = sp.sssp(G, s, strategy="bellman-ford", backend="gpu")
            np.testing.assert_array_equal(b.distances, c.distances)


def test_predecessors_on_the_device(monkeypatch):
    """Positive weights: the tree comes from one device pass over tight in-edges from
    strictly closer vertices (``tight_tree``); where some vertex has none (a zero-weight
    cycle, a weight absorbed by rounding) from a BFS over the tight subgraph, built on the
    device too (``tight_subgraph``); the CPU is asked for neither.  Both are valid
    shortest-path trees, also for results kept on the device."""
    from semiring_paths.cpu.backend import GraphBLASBackend
    from semiring_paths.gpu.counting import PathCounts

    def spy(cls, log):
        orig = cls.tight_subgraph
        monkeypatch.setattr(cls, "tight_subgraph",
                            lambda self, *a: (log.append(1), orig(self, *a))[1])

    calls, cpu_calls = [], []
    spy(PathCounts, calls)
    spy(GraphBLASBackend, cpu_calls)
    from semiring_paths.generators import kronecker

    for G in (sp.read("rome99"), kronecker(12, seed=2, weights=(1, 9))):
        assert G.min_weight > 0
        for strategy in ("workfront", "near-far"):
            r = sp.sssp(G, 1, strategy=strategy, backend="gpu")
            verify_sssp(G, 1, r.distances, r.predecessors)
        r = sp.sssp(G, 1, strategy="workfront", backend="gpu", as_cupy=True)
        verify_sssp(G, 1, r.distances.get(), r.predecessors)
    L = sp.Graph.from_edges([0, 0], [1, 0], weights=[1.0, 1.4e-45], directed=False)
    r = sp.sssp(L, 1, strategy="workfront", backend="gpu")     # a self loop absorbed: 1 + ε
    verify_sssp(L, 1, r.distances, r.predecessors)
    assert not calls
    sub = np.array([1.4e-45, 0.0, 0.0], np.float32)         # a float32 subnormal, kept
    for Z in (sp.Graph.from_edges([0, 1, 2, 1, 3], [1, 2, 1, 3, 4],
                                  weights=[1.0, 0.0, 0.0, 2.0, 0.0]),
              sp.Graph.from_edges([0, 1], [1, 2], weights=[1.0, 1e-300]),
              sp.Graph.from_edges([0, 1, 2], [1, 2, 1], weights=sub)):
        calls.clear()
        r = sp.sssp(Z, 0, strategy="workfront", backend="gpu")
        verify_sssp(Z, 0, r.distances, r.predecessors)
        assert calls
    assert not cpu_calls


@pytest.mark.parametrize("rel", ["social/karate.mtx.gz", "web/polblogs.mtx.gz"])
def test_betweenness_fused_and_algebra_agree(rel, monkeypatch):
    """Unweighted betweenness runs fused (``brandes_bfs``, a block a source); the k × n
    algebra of ``counting.cu`` is the same computation, checked here against it and
    against the CPU's."""
    from semiring_paths.gpu.backend import GPUBackend

    G = sp.read(shared_graph(rel))
    cpu = sp.betweenness(G, backend="cpu", progress=False)
    fused = sp.betweenness(G, backend="gpu", progress=False)
    np.testing.assert_allclose(fused, cpu, rtol=1e-9, atol=1e-12)
    monkeypatch.setattr(GPUBackend, "brandes", lambda self, sources, weighted: None)
    algebra = sp.betweenness(G, backend="gpu", batch=64, progress=False)
    np.testing.assert_allclose(algebra, cpu, rtol=1e-9, atol=1e-12)


def test_betweenness_slots_take_many_sources(monkeypatch):
    """Fewer block slots than sources: each block claims source after source, and its
    scratch is reset between them (here 2 slots for every vertex of a graph with several
    components)."""
    from semiring_paths.gpu.backend import GPUBackend

    monkeypatch.setattr(GPUBackend, "BRANDES_BLOCKS_PER_SM", 1)
    monkeypatch.setattr(GPUBackend, "_sms", 2)
    G = sp.Graph.from_edges([0, 1, 2, 4, 5, 5, 7], [1, 2, 3, 5, 6, 7, 8], directed=False,
                            n_vertices=10)
    np.testing.assert_allclose(sp.betweenness(G, backend="gpu"),
                               sp.betweenness(G, backend="cpu"), rtol=1e-12)


def test_auto_picks_economic_crauser_on_graphs_with_hubs():
    """On the GPU, min_plus ``auto`` is economic Crauser where the graph has hubs (the rule
    loop's edge-balanced grid rounds) and workfront elsewhere, whatever the CPU picks
    (light-first on the Kronecker graph); same distances as the CPU's choice."""
    from semiring_paths.generators import grid, kronecker

    for G, want, cpu in ((kronecker(14, seed=1, weights=(1, 255)), "crauser-economic",
                          "light-first"),
                         (grid(30, 30, seed=3, weights=(1, 64)), "workfront", None)):
        s = int(np.argmax(G.out_degree))
        r, c = sp.sssp(G, s, backend="gpu"), sp.sssp(G, s, backend="cpu")
        assert r.trace.strategy == want and c.trace.strategy == (cpu or c.trace.strategy)
        np.testing.assert_array_equal(r.distances, c.distances)


@pytest.mark.parametrize("strategy", ["workfront", "bellman-ford", "near-far",
                                      "delta-stepping", "martin", "crauser",
                                      "crauser-economic"])
def test_degree_ordered_copy(strategy, monkeypatch):
    """The fused loops on the degree-ordered copy (``order.py``): its CSR is the graph's
    with vertices numbered by falling out-degree and each row's columns sorted; a search
    there gives this graph's distances in this graph's numbering and, where the rounds
    depend on the graph only (not Bellman-Ford's in-place rounds, near-far's or
    Δ-stepping's), the same round records as the search on the graph itself.
    ``auto`` takes the copy on graphs with hubs, not on a grid, and not where it does not
    fit the memory share (then the graph itself runs)."""
    import scipy.sparse as sps

    from semiring_paths.backends import backend_for
    from semiring_paths.generators import grid, kronecker
    from semiring_paths.gpu.backend import GPUBackend

    G = kronecker(12, seed=3, weights=(1, 64))
    monkeypatch.setattr(GPUBackend, "ORDER_MIN_N", 1)
    be = backend_for(G, "gpu")
    assert be._order_here()
    copy, relabel, _ = be._degree_copy
    order = np.argsort(relabel)
    assert (np.diff(G.out_degree[order]) <= 0).all()
    A = sps.csr_matrix((G.weights, G.indices, G.indptr), shape=(G.n_vertices,) * 2)
    want = A[order][:, order]
    want.sort_indices()
    np.testing.assert_array_equal(copy.indptr.get(), want.indptr)
    np.testing.assert_array_equal(copy.indices.get(), want.indices)
    np.testing.assert_array_equal(copy.weights.get(), want.data)
    with pytest.raises(AttributeError):
        _ = copy.graph.indptr                  # nothing of the old numbering is reachable
    sources = [int(np.argmax(G.out_degree)), int(np.flatnonzero(G.out_degree == 1)[0])]
    for s in sources:
        runs = {}
        for mode in ("always", "never"):
            monkeypatch.setattr(GPUBackend, "DEGREE_ORDER", mode)
            runs[mode] = sp.sssp(G, s, strategy=strategy, backend="gpu")
        c = sp.sssp(G, s, strategy=strategy, backend="cpu")
        for r in runs.values():
            np.testing.assert_array_equal(r.distances, c.distances)
        a, b = (runs[m].trace.steps for m in ("always", "never"))
        if strategy in ("martin", "crauser", "crauser-economic", "workfront"):
            assert ([(st.frontier, st.edges) for st in a]
                    == [(st.frontier, st.edges) for st in b])
        r = sp.sssp(G, s, strategy=strategy, backend="gpu", as_cupy=True)
        np.testing.assert_array_equal(r.distances.get(), c.distances)
    monkeypatch.setattr(GPUBackend, "DEGREE_ORDER", "auto")
    assert not backend_for(grid(300, 300, seed=1, weights=(1, 9)), "gpu")._order_here()
    monkeypatch.setattr(GPUBackend, "ORDER_SHARE", 1e-12)
    H = kronecker(11, seed=5, weights=(1, 9))
    he = backend_for(H, "gpu")
    assert he._degree_copy is None and not he._order_here()
    s = int(np.argmax(H.out_degree))
    np.testing.assert_array_equal(sp.sssp(H, s, strategy=strategy, backend="gpu").distances,
                                  sp.sssp(H, s, strategy=strategy, backend="cpu").distances)
