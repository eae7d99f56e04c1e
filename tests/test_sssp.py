"""Every SSSP strategy × semiring against the oracle; predecessors are shortest-path trees."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from scipy.sparse import csgraph

import semiring_paths as sp
from semiring_paths import reference
from semiring_paths.algorithms import lookup, names
from semiring_paths.generators import grid, kronecker
from semiring_paths.verify import verify_sssp

from .conftest import build, edge_lists, scipy_matrix, shared_graph

STRATEGIES = names("sssp")                       # auto included
FIXED_POINT = ["bellman-ford", "workfront"]      # accept negative weights


@pytest.mark.parametrize("strategy", STRATEGIES)
@given(g=edge_lists())
def test_random_graphs_min_plus(backend, strategy, g):
    n, src, dst, w, directed, s = g
    G = build(n, src, dst, w, directed)
    r = sp.sssp(G, s, strategy=strategy, backend=backend)
    want = csgraph.dijkstra(scipy_matrix(n, src, dst, w, directed), indices=s)
    assert r.distances.dtype == np.float64 and r.predecessors.dtype == np.int64
    np.testing.assert_array_equal(r.distances, want)
    verify_sssp(G, s, r.distances, r.predecessors, expected=want)
    assert r.predecessors[s] == -1


def supports(strategy: str, semiring: str) -> bool:
    sr = lookup("sssp", strategy).semirings if strategy != "auto" else None
    return sr is None or semiring in sr


OTHER = [(st, sr) for sr in ("max_min", "max_times") for st in STRATEGIES if supports(st, sr)]


@pytest.mark.parametrize("strategy,semiring", OTHER)
@given(g=edge_lists(weighted=True))
def test_random_graphs_other_semirings(backend, strategy, semiring, g):
    n, src, dst, w, directed, s = g
    if semiring == "max_times":
        w = w / 9.0                               # probabilities in [0, 1]
    G = build(n, src, dst, w, directed)
    r = sp.sssp(G, s, strategy=strategy, semiring=semiring, backend=backend)
    verify_sssp(G, s, r.distances, r.predecessors, semiring)


@pytest.mark.parametrize("strategy", FIXED_POINT)
@given(g=edge_lists(weighted=True))
def test_negative_weights_without_cycles(backend, strategy, g):
    """Reweight non-negative edges by a potential: w + h(u) - h(v) keeps every cycle's
    length, so edges turn negative but no negative cycle appears."""
    n, src, dst, w, _, s = g
    h = np.random.default_rng(n).integers(0, 7, n)
    w = np.abs(w) + h[src] - h[dst]
    G = build(n, src, dst, w, True)
    want = csgraph.bellman_ford(scipy_matrix(n, src, dst, w, True), indices=s)
    r = sp.sssp(G, s, strategy=strategy, backend=backend)
    np.testing.assert_allclose(r.distances, want, rtol=1e-12)
    verify_sssp(G, s, r.distances, r.predecessors, expected=r.distances)


@pytest.mark.parametrize("strategy", FIXED_POINT)
def test_negative_cycle_raises(backend, strategy):
    G = sp.Graph.from_edges([0, 1, 2, 2], [1, 2, 1, 3], weights=[1.0, 2.0, -3.5, 1.0])
    with pytest.raises(sp.NegativeCycleError, match="negative cycle"):
        sp.sssp(G, 0, strategy=strategy, backend=backend)
    # unreachable from the source: no error, the cycle does not matter
    r = sp.sssp(G, 3, strategy=strategy, backend=backend)
    assert r.distances[3] == 0 and np.isinf(r.distances[:3]).all()


def test_undirected_negative_edge_is_a_negative_cycle():
    G = sp.Graph.from_edges([0, 1, 3], [1, 2, 4], weights=[1, -1, 2], directed=False)
    for strategy in ["auto", *FIXED_POINT]:
        with pytest.raises(sp.NegativeCycleError, match="1 -- 2"):
            sp.sssp(G, 0, strategy=strategy)
    # not reachable from 3: fine
    assert sp.sssp(G, 3).distances.tolist() == [np.inf, np.inf, np.inf, 0, 2]


def test_auto_rule():
    assert sp.sssp(sp.read("karate"), 0).trace.strategy == "bfs/direction-optimizing"
    G = sp.Graph.from_edges([0, 1], [1, 2], weights=[3, 3])
    r = sp.sssp(G, 0)
    assert r.trace.strategy.startswith("bfs") and r.distances.tolist() == [0, 3, 6]
    rome = sp.read("rome99")
    assert sp.sssp(rome, 0, backend="cpu").trace.strategy == "near-far"     # fused here
    big_dense = kronecker(14, seed=1, weights=(1, 255))
    assert big_dense.n_stored >= 200_000
    assert sp.sssp(big_dense, 0).trace.strategy == "light-first"
    from types import SimpleNamespace

    from semiring_paths.algorithms.sssp import auto
    from semiring_paths.backends import backend_for
    cpu = backend_for(big_dense, "cpu")
    assert cpu.sssp_auto(sp.semirings.min_plus) is None                  # the shared rule
    assert cpu.fused("light-first", sp.semirings.min_plus, "auto") is not None
    gpu_like = SimpleNamespace(fused=lambda *a: lambda *b, **k: None,
                               sssp_auto=lambda sr: "workfront")        # as the GPU says
    assert auto(big_dense, sp.semirings.min_plus, gpu_like) == "workfront"
    assert auto(grid(30, 30, weights=(1, 9)), sp.semirings.min_plus, gpu_like) == "workfront"
    big_sparse = grid(320, 320, weights=(1, 9))
    assert sp.sssp(big_sparse, 0).trace.strategy == "near-far"
    assert sp.sssp(big_dense, 0, semiring="max_min").trace.strategy == "workfront"
    Gn = sp.Graph.from_edges([0, 1], [1, 2], weights=[3, -1])
    assert sp.sssp(Gn, 0).trace.strategy == "bellman-ford"


@pytest.mark.parametrize("strategy", ["dijkstra"])
def test_nonnegative_strategies_reject_negative_weights(strategy):
    G = sp.Graph.from_edges([0, 1], [1, 2], weights=[3.0, -1.0])
    with pytest.raises(sp.NegativeWeightError, match="bellman-ford") as e:
        sp.sssp(G, 0, strategy=strategy)
    assert "1 -> 2" in str(e.value) and strategy in str(e.value)
    P = sp.Graph.from_edges([0], [1], weights=[1.5])
    with pytest.raises(sp.NegativeWeightError, match=r"\[0, 1\]"):
        sp.sssp(P, 0, strategy=strategy, semiring="max_times")


def test_bad_arguments():
    G = sp.read("rome99")
    with pytest.raises(ValueError, match="bellman-ford, workfront, light-first, martin, crauser"):
        sp.sssp(G, 0, strategy="nope")
    with pytest.raises(ValueError, match="selects"):
        sp.sssp(G, 0, semiring="plus_times")
    with pytest.raises(ValueError, match="unknown semiring"):
        sp.sssp(G, 0, semiring="min_max_plus")
    with pytest.raises(sp.SourceError, match="3353"):
        sp.sssp(G, 3353)


# Real graphs: tests/test_all_graphs.py runs every strategy on every shared graph.


@pytest.mark.parametrize("strategy", STRATEGIES)
def test_generated_weighted_graphs(backend, strategy):
    for G in (kronecker(10, seed=2, weights=(1, 255)), grid(25, 30, weights=(1, 64))):
        s = int(np.argmax(G.out_degree))
        r = sp.sssp(G, s, strategy=strategy, backend=backend)
        verify_sssp(G, s, r.distances, r.predecessors)


def test_reference_dijkstra_matches_scipy():
    G = sp.read(shared_graph("road/osm-malta.mtx.gz"))
    d, _, settled, _ = reference.dijkstra(G, 7)
    np.testing.assert_array_equal(d, csgraph.dijkstra(G.to_scipy(np.float64), indices=7))
    assert settled == np.isfinite(d).sum()


def test_zero_weight_cycle_gives_a_tree(backend):
    # 1 <-> 2 at weight 0: a naive "any tight in-edge" parent rule makes a cycle
    G = sp.Graph.from_edges([0, 1, 2, 2], [1, 2, 1, 3], weights=[1, 0, 0, 0])
    for strategy in FIXED_POINT:
        r = sp.sssp(G, 0, strategy=strategy, backend=backend)
        assert r.distances.tolist() == [0, 1, 1, 1]
        assert r.path_to(3) == [0, 1, 2, 3]


def test_path_to_and_unreachable():
    G = sp.Graph.from_edges([0, 1, 0, 3], [1, 2, 2, 4], weights=[1, 1, 5, 1])
    r = sp.sssp(G, 0, strategy="workfront")
    assert r.path_to(2) == [0, 1, 2]
    assert r.path_to(0) == [0]
    assert r.path_to(4) == []
    assert r.predecessors.tolist() == [-1, 0, 1, -1, -1]
    with pytest.raises(sp.SourceError):
        r.path_to(9)


def test_widest_path_example(backend):
    # widest 0 -> 3: via 1 (bottleneck 5) beats via 2 (bottleneck 2)
    G = sp.Graph.from_edges([0, 1, 0, 2], [1, 3, 2, 3], weights=[5, 7, 9, 2])
    r = sp.sssp(G, 0, strategy="workfront", semiring=sp.semirings.max_min, backend=backend)
    assert r.distances.tolist() == [np.inf, 5, 9, 5]
    assert r.path_to(3) == [0, 1, 3]


@pytest.mark.parametrize("strategy", STRATEGIES)
def test_edgeless_graph_reaches_only_the_source(backend, strategy):
    for G in (sp.Graph.from_edges([], [], n_vertices=3),
              sp.Graph.from_edges([], [], weights=[], n_vertices=3)):
        r = sp.sssp(G, 1, strategy=strategy, backend=backend)
        assert r.distances.tolist() == [np.inf, 0.0, np.inf]
        assert r.predecessors.tolist() == [-1, -1, -1]
        assert r.path_to(1) == [1] and r.path_to(0) == []


@pytest.mark.parametrize("strategy,semiring",
                         [(st, sr) for sr in ("max_min", "max_times") for st in STRATEGIES
                          if not supports(st, sr)])
def test_unsupported_semiring_is_refused(strategy, semiring):
    with pytest.raises(ValueError, match="workfront"):
        sp.sssp(sp.read("rome99"), 0, strategy=strategy, semiring=semiring)


PULLABLE = [st for st in STRATEGIES if st == "auto" or "pull" in lookup("sssp", st).directions]


@pytest.mark.parametrize("strategy", PULLABLE)
@given(g=edge_lists(weighted=True))
def test_pull_direction_equals_push(backend, strategy, g):
    n, src, dst, w, directed, s = g
    G = build(n, src, dst, np.abs(w), directed)
    push = sp.sssp(G, s, strategy=strategy, backend=backend)
    pull = sp.sssp(G, s, strategy=strategy, direction="pull", backend=backend)
    np.testing.assert_array_equal(pull.distances, push.distances)
    verify_sssp(G, s, pull.distances, pull.predecessors, expected=push.distances)


@pytest.mark.parametrize("strategy", ["near-far", "delta-stepping"])
@pytest.mark.parametrize("delta", [1e-300, 1e-9, 0.5, 3.0, 1e12])
def test_delta_extremes_stay_exact(backend, strategy, delta):
    """Tiny Δ behaves like Dijkstra (one distance per bucket), huge Δ like workfront."""
    G = grid(12, 15, weights=(0, 9), seed=4)
    r = sp.sssp(G, 7, strategy=strategy, delta=delta, backend=backend)
    verify_sssp(G, 7, r.distances, r.predecessors)
    assert all(s.delta == s.delta for s in r.trace.steps)   # recorded, not NaN


def test_delta_changes_the_work_not_the_answer():
    G = kronecker(10, seed=5, weights=(1, 255))
    s = int(np.argmax(G.out_degree))
    small = sp.sssp(G, s, strategy="delta-stepping", delta=1)
    large = sp.sssp(G, s, strategy="delta-stepping", delta=10**6)
    np.testing.assert_array_equal(small.distances, large.distances)
    assert small.trace.iterations > large.trace.iterations
    assert small.trace.edges_relaxed < large.trace.edges_relaxed


@pytest.mark.parametrize("kw,msg", [
    (dict(strategy="delta-stepping", delta=0), "delta must be"),
    (dict(strategy="near-far", delta=-1.0), "delta must be"),
    (dict(strategy="near-far", delta=float("nan")), "delta must be"),
    (dict(strategy="workfront", delta=2.0), "takes no delta"),
    (dict(strategy="workfront", direction="sideways"), "'push', 'pull' or 'auto'"),
    (dict(strategy="dijkstra", direction="pull"), "supports direction"),
])
def test_invalid_parameters(kw, msg):
    with pytest.raises(ValueError, match=msg):
        sp.sssp(sp.read("rome99"), 0, **kw)


@pytest.mark.parametrize("strategy", ["martin", "crauser", "crauser-economic",
                                      "near-far", "delta-stepping"])
def test_nonnegative_strategies_name_the_alternative(strategy):
    G = sp.Graph.from_edges([0, 1], [1, 2], weights=[3.0, -1.0])
    with pytest.raises(sp.NegativeWeightError, match="bellman-ford"):
        sp.sssp(G, 0, strategy=strategy)


def test_settle_strategies_relax_each_edge_once():
    """Martín / Crauser settle a vertex once: work equals Dijkstra's."""
    G = sp.read("rome99")
    ref = sp.sssp(G, 0, strategy="dijkstra").trace.edges_relaxed
    for strategy in ["martin", "crauser", "crauser-economic"]:
        t = sp.sssp(G, 0, strategy=strategy).trace
        assert t.edges_relaxed == ref
        assert t.steps[-1].settled == G.n_vertices
    # Crauser's threshold is at least Martín's, so it needs no more rounds
    assert (sp.sssp(G, 0, strategy="crauser").trace.iterations
            <= sp.sssp(G, 0, strategy="martin").trace.iterations)


# ---------------------------------------------------------------- exact integer domain
def _domain(G):
    from semiring_paths.backends import backend_for

    return backend_for(G, "cpu").domain(sp.semirings.min_plus)


@pytest.mark.parametrize("w,dtype", [
    (7, "INT32"), (2**27, "INT32"), (2**40, "INT64"), (2**62, "FP64"), (2.5, "FP64"),
    (3.0, "INT32"),
])
def test_integer_domain_when_exact(w, dtype):
    """min_plus runs in INT32 / INT64 when every distance is an exact integer below the ∞
    sentinel (and ∞ + w cannot wrap); the answers are the same float64 distances."""
    G = sp.Graph.from_edges([0, 1, 0], [1, 2, 3], weights=[w, w, 3 * w])
    assert _domain(G).dtype.name == dtype
    for strategy in ["workfront", "light-first", "near-far", "delta-stepping", "martin"]:
        for direction in ("push", "pull"):
            r = sp.sssp(G, 0, strategy=strategy, direction=direction)
            assert r.distances.dtype == np.float64
            assert r.distances.tolist() == [0.0, float(w), 2.0 * w, 3.0 * w]
            assert r.predecessors.tolist() == [-1, 0, 1, 0]
    assert _domain(sp.Graph.from_edges([0], [1], weights=[-1])).dtype.name == "FP64"
    assert sp.sssp(G, 0, semiring="max_min").distances[1] == float(w)   # FP64 there


def test_integer_thresholds_compare_like_floats():
    """``x op c`` with integer x and a float c (a bucket end, Δ, ±∞, NaN, beyond the
    type) becomes a comparison with an integer of x's type that keeps the same x."""
    import operator

    import graphblas as gb

    from semiring_paths.cpu.backend import _integer_threshold

    ops = {"<": operator.lt, "<=": operator.le, ">": operator.gt, ">=": operator.ge,
           "==": operator.eq, "!=": operator.ne}
    for dtype in (gb.dtypes.INT32, gb.dtypes.INT64):
        info = np.iinfo(dtype.np_type)
        xs = [int(info.min), int(info.min) + 1, -5, -1, 0, 1, 2, 3, 7, int(info.max) - 1,
              int(info.max)]
        for c in [-1e12, -2.5, -1.0, 0.0, 0.5, 2.0, 2.5, 1e12, 1e30, -1e30, math.inf,
                  -math.inf, math.nan, float(info.max), float(info.min), 2.0**31,
                  2.0**31 - 1]:
            for op, f in ops.items():
                got_op, k = _integer_threshold(op, c, dtype)
                want = [f(x, c) for x in xs]
                if k is None:
                    got = [got_op == "all"] * len(xs)
                else:
                    assert info.min <= k <= info.max
                    got = [ops[got_op](x, k) for x in xs]
                assert got == want, (dtype, op, c)


# ---------------------------------------------------------------- direction and light-first
def test_auto_direction_pulls_through_d_and_agrees(graphblas_rounds):
    """A fixed point pulls once the frontier's out-edges pass PULL_SHARE of A's; a pull
    examines every stored edge; distances equal the push-only run."""
    G = kronecker(11, seed=3, weights=(1, 255))
    s = int(np.argmax(G.out_degree))
    want = csgraph.dijkstra(G.to_scipy(np.float64), indices=s)
    for strategy in ("workfront", "bellman-ford", "light-first"):
        auto = sp.sssp(G, s, strategy=strategy)
        push = sp.sssp(G, s, strategy=strategy, direction="push")
        np.testing.assert_array_equal(auto.distances, want)
        np.testing.assert_array_equal(push.distances, want)
        kinds = {st.direction for st in auto.trace.steps}
        assert kinds == {"push", "pull"}, (strategy, kinds)
        assert {st.direction for st in push.trace.steps} == {"push"}
        assert auto.trace.edges_relaxed != push.trace.edges_relaxed
    wf = sp.sssp(G, s, strategy="workfront").trace
    for st in wf.steps:
        if st.direction == "pull":
            assert st.edges == G.n_stored


def test_light_first_prune_keeps_every_vertex_an_edge():
    """A_L holds exactly the edges ≤ Δ and each vertex's lightest out- and in-edges (so the
    light phase reaches what A reaches by its cheapest first hops)."""
    from semiring_paths.backends import backend_for

    K = kronecker(9, seed=7, weights=(1, 255))
    G = sp.Graph.from_edges(K.rows.astype(np.int64)[::2], K.indices.astype(np.int64)[::2],
                            K.weights[::2], n_vertices=K.n_vertices, directed=True)
    delta = 20.0
    L = backend_for(G, "cpu").prune(delta).to_dense(fill_value=0).astype(np.float64)
    dense = G.to_scipy(np.float64).toarray()
    cap = np.maximum(np.maximum.outer(G.min_out_weight, G.min_in_weight), delta)
    keep = (dense != 0) & (dense <= cap)
    np.testing.assert_array_equal(L, np.where(keep, dense, 0))
    for v in np.flatnonzero(G.out_degree):       # every vertex keeps its lightest edges
        assert L[v][dense[v] == G.min_out_weight[v]].all()
    trace = sp.sssp(G, int(np.argmax(G.out_degree)), strategy="light-first",
                    delta=delta).trace
    phases = [st.delta for st in trace.steps]
    assert phases[0] == delta and math.isnan(phases[-1])  # light rounds, then all of A


SSSP_STRATEGIES = [n for n in names("sssp") if n != "auto"]
PUSH_PULL = [(st, d) for st in SSSP_STRATEGIES for d in lookup("sssp", st).directions]
DTYPES = [np.int32, np.int64, np.float32, np.float64]


@pytest.mark.parametrize("dtype", DTYPES, ids=lambda t: np.dtype(t).name)
@pytest.mark.parametrize("strategy,direction", PUSH_PULL)
@settings(max_examples=10, deadline=None)
@given(g=edge_lists(weighted=True))
def test_every_strategy_direction_dtype(backend, strategy, direction, dtype, g):
    """Every SSSP strategy, push and pull, weights in each dtype: every backend = scipy,
    bit for bit (sums are formed in float64 on the GPU, exactly in integers on the CPU)."""
    n, src, dst, w, directed, s = g
    w = np.abs(w).astype(dtype)
    G = build(n, src, dst, w, directed)
    assert G.weights.dtype == dtype
    r = sp.sssp(G, s, strategy=strategy, direction=direction, backend=backend)
    assert r.distances.dtype == np.float64
    want = csgraph.dijkstra(scipy_matrix(n, src, dst, w, directed), indices=s)
    np.testing.assert_array_equal(r.distances, want)
    verify_sssp(G, s, r.distances, r.predecessors, expected=want)


OTHER_PUSH_PULL = [(st, sr, d) for sr in ("max_min", "max_times") for st, d in PUSH_PULL
                   if sr in (lookup("sssp", st).semirings or (sr,))]


@pytest.mark.parametrize("strategy,semiring,direction", OTHER_PUSH_PULL)
@settings(max_examples=10, deadline=None)
@given(g=edge_lists(weighted=True))
def test_semirings_and_directions(backend, strategy, semiring, direction, g):
    n, src, dst, w, directed, s = g
    w = np.abs(w) / (9.0 if semiring == "max_times" else 1.0)
    G = build(n, src, dst, w, directed)
    r = sp.sssp(G, s, strategy=strategy, semiring=semiring, direction=direction,
                backend=backend)
    want = reference.dijkstra(G, s, sp.semirings.get(semiring))[0]
    np.testing.assert_array_equal(r.distances, want)
    verify_sssp(G, s, r.distances, r.predecessors, semiring)
