"""Queries against scipy and NetworkX, one body for every backend: point-to-point
shortest paths (bidirectional and full)."""

from __future__ import annotations

import itertools
import math

import networkx as nx
import numpy as np
import pytest
from hypothesis import example, given
from hypothesis import strategies as st
from scipy.sparse import csgraph

import semiring_paths as sp
from semiring_paths.cpu.backend import GraphBLASBackend

from .conftest import build, edge_lists, scipy_matrix, shared_graph


def _check_path(G, path, s, t, dist, hops):
    """``path`` runs s … t along edges of G and adds up to ``dist``."""
    assert path[0] == s and path[-1] == t
    M = G.to_scipy(np.float64).tocsr()
    total = 0.0
    for u, v in itertools.pairwise(path):
        row = M.indices[M.indptr[u]:M.indptr[u + 1]]
        assert v in row, f"{u} → {v} is not an edge"
        total += 1.0 if hops else float(M[u, v]) if M[u, v] != 0 else 0.0
    assert total == pytest.approx(dist, rel=1e-6, abs=1e-9)


@given(g=edge_lists(negative=False), t=st.integers(0, 23), weighted=st.booleans(),
       method=st.sampled_from(["auto", "bidirectional", "full"]))
def test_random_graphs(backend, g, t, weighted, method):
    n, src, dst, w, directed, s = g
    t = t % n
    G = build(n, src, dst, w, directed)
    M = scipy_matrix(n, src, dst, w if weighted else None, directed)
    want = csgraph.dijkstra(M, indices=s)[t]
    if method == "bidirectional" and GraphBLASBackend.fused_mode == "never":
        with pytest.raises(ValueError, match="no bidirectional search"):
            sp.shortest_path(G, s, t, weighted=weighted, method=method, backend=backend)
        return                               # the CPU's GraphBLAS path has none
    dist, path = sp.shortest_path(G, s, t, weighted=weighted, method=method,
                                  backend=backend)
    hops = not weighted
    if math.isinf(want):
        assert math.isinf(dist) and path == []
        return
    assert dist == pytest.approx(want)
    assert isinstance(dist, int if hops else float)
    _check_path(G, path, s, t, dist, hops)


@pytest.mark.parametrize("rel", ["road/osm-malta.mtx.gz", "road/rome99.mtx.gz",
                                 "social/wiki-Vote.mtx.gz"])
def test_real_graphs(backend, rel):
    G = sp.read(shared_graph(rel))
    M = G.to_scipy(np.float64)
    rng = np.random.default_rng(7)
    for s, t in rng.integers(0, G.n_vertices, (6, 2)).tolist():
        want = csgraph.dijkstra(M, indices=s, unweighted=not G.weighted)[t]
        dist, path = sp.shortest_path(G, s, t, backend=backend)
        if math.isinf(want):
            assert math.isinf(dist) and path == []
            continue
        assert dist == pytest.approx(want)
        _check_path(G, path, s, t, dist, not G.weighted)


def test_against_networkx_and_errors():
    H = nx.gnm_random_graph(60, 150, seed=3, directed=True)
    for u, v in H.edges:
        H[u][v]["weight"] = (u * 7 + v) % 5
    G = sp.Graph.from_networkx(H)
    for s, t in [(0, 59), (5, 17), (40, 3)]:
        try:
            want = nx.bidirectional_dijkstra(H, s, t)[0]
        except nx.NetworkXNoPath:
            want = math.inf
        assert sp.shortest_path(G, s, t, method="bidirectional")[0] == pytest.approx(want)
        hops = nx.shortest_path_length(H, s, t) if nx.has_path(H, s, t) else math.inf
        assert sp.shortest_path(G, s, t, weighted=False)[0] == hops
    assert sp.shortest_path(G, 4, 4) == (0.0, [4])
    with pytest.raises(sp.SourceError, match="target 60 is out of range"):
        sp.shortest_path(G, 0, 60)
    with pytest.raises(sp.SourceError, match="source -1 is out of range"):
        sp.shortest_path(G, -1, 0)
    with pytest.raises(ValueError, match="method must be one of"):
        sp.shortest_path(G, 0, 1, method="astar")
    N = sp.Graph.from_edges([0, 1], [1, 2], weights=[-1.0, 2.0])
    with pytest.raises(ValueError, match="negative weights"):
        sp.shortest_path(N, 0, 2, method="bidirectional")
    assert sp.shortest_path(N, 0, 2) == (1.0, [0, 1, 2])      # auto: the full search


@given(n=st.integers(1, 70), density=st.floats(0.0, 1.0), seed=st.integers(0, 2**32 - 1),
       negative=st.booleans(), method=st.sampled_from(["floyd-warshall", "squaring"]))
def test_closure_matches_scipy_floyd_warshall(backend, n, density, seed, negative, method):
    """``closure`` of ``Graph.from_dense`` equals scipy's ``floyd_warshall`` on random
    dense matrices: holes, zero weights, and negative weights on an acyclic part (i < j)
    where asked; sizes across the tile and block boundaries."""
    rng = np.random.default_rng(seed)
    W = rng.integers(0, 9, (n, n)).astype(float)
    if negative:
        W[np.triu_indices(n, 1)] -= 4            # negative only forward: no cycle
        W[np.tril_indices(n, -1)] += 4 * n        # backward edges outweigh any path
    W[rng.random((n, n)) > density] = np.inf
    G = sp.Graph.from_dense(W)
    want = csgraph.floyd_warshall(G.to_scipy(np.float64))
    got = sp.closure(G, method=method, backend=backend)
    assert got.shape == (n, n) and got.dtype == np.float64
    np.testing.assert_allclose(got, want, rtol=1e-12, atol=1e-9)


def test_closure_errors_and_dense_input(backend):
    W = np.array([[0, 1, np.nan], [np.nan, 0, -3], [1, np.nan, 0]])
    G = sp.Graph.from_dense(W, no_edge=np.nan)
    assert G.n_edges == 6
    with pytest.raises(sp.NegativeCycleError, match="negative cycle"):
        sp.closure(G, backend=backend)                # 0 → 1 → 2 → 0 weighs -1
    with pytest.raises(ValueError, match="method must be one of"):
        sp.closure(G, method="johnson")
    with pytest.raises(sp.InvalidGraphError, match="square matrix"):
        sp.Graph.from_dense(np.zeros((2, 3)))
    A = np.array([[False, True, False], [False, False, True], [True, False, False]])
    B = sp.Graph.from_dense(A)                # an adjacency matrix: unweighted edges
    assert not B.weighted and B.n_edges == 3
    np.testing.assert_array_equal(sp.closure(B, backend=backend),
                                  csgraph.shortest_path(A, unweighted=True))
    U = sp.Graph.from_edges([0, 1], [1, 2], directed=False)    # unweighted: hops
    np.testing.assert_array_equal(sp.closure(U, backend=backend),
                                  [[0, 1, 2], [1, 0, 1], [2, 1, 0]])


# ----------------------------------------------------------------- counting
def _nx_graph(n, src, dst, w, directed):
    M = scipy_matrix(n, src, dst, w, directed)
    return nx.from_scipy_sparse_array(M, create_using=nx.DiGraph if directed else nx.Graph)


@given(g=edge_lists(max_n=12, zero=False))
def test_count_shortest_paths(backend, g):
    """σ(v) equals the number of paths NetworkX's all_shortest_paths lists."""
    n, src, dst, w, directed, s = g
    G = build(n, src, dst, w, directed)
    X = _nx_graph(n, src, dst, w, directed)
    weight = "weight" if w is not None else None
    got = sp.count_shortest_paths(G, s, weight=weight, backend=backend)
    assert got.dtype == np.int64
    for t in range(n):
        want = (sum(1 for _ in nx.all_shortest_paths(X, s, t, weight=weight))
                if nx.has_path(X, s, t) else 0)
        assert got[t] == want, (t, got[t], want)


@given(g=edge_lists(max_n=12), k=st.integers(0, 6))
def test_count_walks(backend, g, k):
    """``e_s Aᵏ`` equals the s-th row of the k-th power of the 0/1 pattern."""
    n, src, dst, _, directed, s = g
    G = build(n, src, dst, None, directed)
    P = (scipy_matrix(n, src, dst, None, directed).toarray() != 0).astype(np.int64)
    want = np.linalg.matrix_power(P, k)[s]
    got = sp.count_walks(G, s, k, backend=backend)
    assert got.dtype == np.int64
    np.testing.assert_array_equal(got, want)


@given(g=edge_lists(), k=st.integers(0, 5), extra=st.lists(st.integers(0, 23), max_size=3))
def test_k_hop(backend, g, k, extra):
    n, src, dst, w, directed, s = g
    G = build(n, src, dst, w, directed)
    sources = sorted({s, *(x % n for x in extra)})
    hops = csgraph.shortest_path(scipy_matrix(n, src, dst, None, directed),
                                 unweighted=True, indices=sources).min(axis=0)
    want = np.flatnonzero(hops <= k)
    np.testing.assert_array_equal(sp.k_hop(G, sources, k, backend=backend), want)


def test_counting_real_graph(backend):
    """rome99 by weights, wiki-Vote by hops: σ against NetworkX for a few targets."""
    for rel, weight in (("road/rome99.mtx.gz", True), ("social/wiki-Vote.mtx.gz", None)):
        G = sp.read(shared_graph(rel))
        X = nx.from_scipy_sparse_array(G.to_scipy(np.float64), create_using=nx.DiGraph)
        s = int(np.argmax(G.out_degree))
        got = sp.count_shortest_paths(G, s, weight=weight, backend=backend)
        d = csgraph.dijkstra(G.to_scipy(np.float64), indices=s, unweighted=weight is None)
        for t in np.random.default_rng(2).choice(np.flatnonzero(np.isfinite(d)), 5):
            want = sum(1 for _ in nx.all_shortest_paths(
                X, s, int(t), weight="weight" if weight else None))
            assert got[t] == want


def test_counting_errors(backend):
    G = sp.Graph.from_edges([0, 1], [1, 2], weights=[1.0, 0.0])
    with pytest.raises(ValueError, match="positive weights"):
        sp.count_shortest_paths(G, 0, weight=True, backend=backend)
    assert sp.count_shortest_paths(G, 0, backend=backend).tolist() == [1, 1, 1]
    with pytest.raises(sp.SourceError, match="out of range"):
        sp.count_shortest_paths(G, 3, backend=backend)
    with pytest.raises(ValueError, match="k must be"):
        sp.count_walks(G, 0, -1, backend=backend)
    with pytest.raises(ValueError, match="k must be"):
        sp.k_hop(G, 0, 1.5, backend=backend)
    with pytest.raises(sp.SourceError, match="out of range"):
        sp.k_hop(G, [0, 7], 1, backend=backend)


# ----------------------------------------------------------------- k shortest paths
def _simple_path_length(G, path, hops):
    assert len(set(path)) == len(path), "not a simple path"
    return 0 if len(path) == 1 else _walk_length(G, path, hops)


def _walk_length(G, path, hops):
    M = G.to_scipy(np.float64).tocsr()
    total = 0.0
    for u, v in itertools.pairwise(path):
        row = M.indices[M.indptr[u]:M.indptr[u + 1]]
        assert v in row, f"{u} → {v} is not an edge"
        total += 1.0 if hops else float(M[u, v])
    return total


@given(g=edge_lists(max_n=10, negative=False), t=st.integers(0, 9), k=st.integers(1, 6),
       weighted=st.booleans())
def test_k_shortest_paths(backend, g, t, k, weighted):
    """Lengths equal NetworkX's shortest_simple_paths, in order; every path is simple,
    distinct and as long as stated; below the k-th length the two sets of paths agree."""
    n, src, dst, w, directed, s = g
    t %= n
    G = build(n, src, dst, w, directed)
    hops = not weighted or w is None
    X = _nx_graph(n, src, dst, None if hops else w, directed)
    weight = None if hops else "weight"
    try:
        want = list(itertools.islice(nx.shortest_simple_paths(X, s, t, weight=weight), k))
    except nx.NetworkXNoPath:
        want = []
    got = sp.k_shortest_paths(G, s, t, k, weighted=not hops, backend=backend)
    want_len = [nx.path_weight(X, p, "weight") if weight else len(p) - 1 for p in want]
    assert [d for d, _ in got] == pytest.approx(want_len)
    assert len({tuple(p) for _, p in got}) == len(got)
    for d, p in got:
        assert p[0] == s and p[-1] == t
        assert isinstance(d, int if hops else float)
        assert _simple_path_length(G, p, hops) == pytest.approx(d)
    if got:
        top = got[-1][0]
        assert ({tuple(p) for d, p in got if d < top - 1e-9}
                == {tuple(p) for d, p in zip(want_len, want) if d < top - 1e-9})


def test_k_shortest_paths_rome99_matches_scipy_yen(backend):
    csgraph_yen = getattr(csgraph, "yen", None)
    G = sp.read(shared_graph("road/rome99.mtx.gz"))
    M = G.to_scipy(np.float64)
    for s, t in ((0, 3352), (100, 2000)):
        got = sp.k_shortest_paths(G, s, t, 10, backend=backend)
        assert len(got) == 10
        if csgraph_yen is not None:
            want = csgraph_yen(M, s, t, 10)
            assert [d for d, _ in got] == pytest.approx(list(want))
        for d, p in got:
            assert _simple_path_length(G, p, False) == pytest.approx(d)


def test_k_shortest_paths_errors(backend):
    G = sp.Graph.from_edges([0, 1], [1, 2], weights=[1.0, -1.0])
    with pytest.raises(sp.NegativeWeightError):
        sp.k_shortest_paths(G, 0, 2, 2, backend=backend)
    assert sp.k_shortest_paths(G, 0, 2, 2, weighted=False, backend=backend) == [
        (2, [0, 1, 2])]
    with pytest.raises(ValueError, match="k must be"):
        sp.k_shortest_paths(G, 0, 2, 0, backend=backend)
    with pytest.raises(sp.SourceError, match="target 5"):
        sp.k_shortest_paths(G, 0, 5, 2, backend=backend)


# ----------------------------------------------------------------- targets and bounds
SSSP_STRATEGIES = ["auto", "bellman-ford", "workfront", "light-first", "martin",
                   "crauser", "crauser-economic", "near-far", "delta-stepping", "dijkstra"]


@given(g=edge_lists(negative=False), strategy=st.sampled_from(SSSP_STRATEGIES),
       picks=st.lists(st.integers(0, 23), min_size=1, max_size=3),
       cutoff=st.one_of(st.none(), st.floats(-1, 20), st.sampled_from([math.inf, 1e308])))
# a huge cutoff over unit weights: a depth past int64 for the compiled BFS (CI, once)
@example(g=(1, np.zeros(0, np.int64), np.zeros(0, np.int64), None, False, 0),
         strategy="auto", picks=[0], cutoff=1e308)
def test_sssp_targets_and_cutoff(backend, g, strategy, picks, cutoff):
    """An early stop never returns a wrong value: targets get their full-search values,
    every other value returned is the full search's, and the cutoff keeps exactly the
    values within it (an infinite one: all, on unweighted graphs too)."""
    n, src, dst, w, directed, s = g
    G = build(n, src, dst, w, directed)
    full = csgraph.dijkstra(scipy_matrix(n, src, dst, w, directed), indices=s)
    targets = sorted({p % n for p in picks})
    r = sp.sssp(G, s, strategy=strategy, backend=backend, targets=targets, cutoff=cutoff)
    d = r.distances
    want_t = full[targets] if cutoff is None else np.where(full[targets] <= cutoff,
                                                           full[targets], np.inf)
    np.testing.assert_array_equal(d[targets], want_t)
    kept = np.isfinite(d)
    np.testing.assert_array_equal(d[kept], full[kept])
    if cutoff is not None:
        assert not (d[kept] > cutoff).any()
    if not r.stopped_early:
        np.testing.assert_array_equal(
            d, full if cutoff is None else np.where(full <= cutoff, full, np.inf))
    for t in np.flatnonzero(kept).tolist():                 # trees follow kept values
        path = r.path_to(t)
        assert path[0] == s and path[-1] == t


@given(g=edge_lists(), picks=st.lists(st.integers(0, 23), max_size=3),
       depth=st.one_of(st.none(), st.integers(0, 6)),
       direction=st.sampled_from(["auto", "push", "pull"]))
def test_bfs_targets_and_depth(backend, g, picks, depth, direction):
    n, src, dst, w, directed, s = g
    G = build(n, src, dst, w, directed)
    hops = csgraph.shortest_path(scipy_matrix(n, src, dst, None, directed),
                                 unweighted=True, indices=s)
    full = np.where(np.isfinite(hops), hops, -1).astype(np.int64)
    targets = sorted({p % n for p in picks}) or None
    r = sp.bfs(G, s, direction, backend=backend, targets=targets, max_depth=depth)
    lv = r.levels
    kept = lv >= 0
    np.testing.assert_array_equal(lv[kept], full[kept])
    if depth is not None:
        assert lv.max() <= depth
        np.testing.assert_array_equal(kept, (full >= 0) & (full <= depth)
                                      if targets is None or r.stopped_early is False
                                      else kept)
    if targets is not None:
        reach = full[targets]
        want = np.where((reach >= 0) & ((reach <= depth) if depth is not None else True),
                        reach, -1)
        np.testing.assert_array_equal(lv[targets], want)
    for t in np.flatnonzero(kept).tolist():
        assert len(r.path_to(t)) == lv[t] + 1


def test_bounds_on_a_road_graph(backend):
    """osm-malta: a near target stops the search early and costs a fraction of it."""
    G = sp.read(shared_graph("road/osm-malta.mtx.gz"))
    full = sp.sssp(G, 0, backend=backend).distances
    near = int(np.argsort(full)[50])
    r = sp.sssp(G, 0, targets=[near], backend=backend)
    assert r.stopped_early and r.distances[near] == full[near]
    assert np.isfinite(r.distances).sum() < G.n_vertices // 10
    c = sp.sssp(G, 0, cutoff=float(full[near]), backend=backend)
    np.testing.assert_array_equal(c.distances, np.where(full <= full[near], full, np.inf))
    b = sp.bfs(G, 0, max_depth=5, backend=backend)
    assert b.stopped_early and b.levels.max() == 5


def test_bound_errors(backend):
    G = sp.read("karate")
    with pytest.raises(sp.SourceError, match="out of range"):
        sp.sssp(G, 0, targets=[99], backend=backend)
    with pytest.raises(ValueError, match="max_depth"):
        sp.bfs(G, 0, max_depth=-1, backend=backend)
    with pytest.raises(ValueError, match="cutoff"):
        sp.sssp(G, 0, cutoff=float("nan"), backend=backend)
