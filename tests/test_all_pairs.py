"""apsp blocks, the on-disk writer (interrupt + resume) and the reductions vs scipy and
NetworkX, on random and real graphs, connected and not."""

from __future__ import annotations

import networkx as nx
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from scipy.sparse import csgraph

import semiring_paths as sp
from semiring_paths import all_pairs

from .conftest import build, edge_lists, shared_graph


def reference(G: sp.Graph) -> np.ndarray:
    if G.weighted:
        return csgraph.dijkstra(G.to_scipy(np.float64))
    d = csgraph.shortest_path(G.to_scipy(np.bool_), unweighted=True)
    return np.where(np.isinf(d), -1, d).astype(np.int64)


@given(g=edge_lists(), batch=st.sampled_from([None, 1, 3, 1000]))
def test_blocks_equal_scipy(backend, g, batch):
    n, src, dst, w, directed, _ = g
    G = build(n, src, dst, None if w is None else np.abs(w), directed)
    rows = {}
    for sources, block in sp.apsp(G, batch=batch, progress=False, backend=backend):
        assert block.shape == (sources.size, n)
        for s, r in zip(sources.tolist(), block):
            rows[s] = r
    full = np.stack([rows[i] for i in range(n)])
    np.testing.assert_array_equal(full, reference(G))
    assert full.dtype == (np.float64 if G.weighted else np.int64)


def test_sources_subset_and_sample():
    G = sp.read("rome99")
    ref = reference(G)
    got = np.concatenate([b for _, b in sp.apsp(G, sources=[5, 9, 2], progress=False)])
    np.testing.assert_array_equal(got, ref[[5, 9, 2]])
    a = [s for s, _ in sp.apsp(G, sources=20, seed=4, progress=False)]
    b = [s for s, _ in sp.apsp(G, sources=20, seed=4, progress=False)]
    np.testing.assert_array_equal(np.concatenate(a), np.concatenate(b))
    with pytest.raises(sp.SourceError):
        sp.apsp(G, sources=[0, 99999])


def test_out_file_interrupt_and_resume(tmp_path, monkeypatch):
    G = sp.read(shared_graph("mesh/jagmesh7.mtx.gz"))
    out = tmp_path / "d.npy"
    calls = {"n": 0}
    real = all_pairs.multi_source_bfs

    def flaky(*a, **k):
        calls["n"] += 1
        if calls["n"] == 4:
            raise KeyboardInterrupt          # Ctrl-C in the middle of block 4
        return real(*a, **k)

    monkeypatch.setattr(all_pairs, "multi_source_bfs", flaky)
    with pytest.raises(KeyboardInterrupt):
        sp.apsp(G, batch=100, out=out, progress=False)
    state = (tmp_path / "d.npy.progress.json").read_text()
    assert '"done": [0, 100, 200]' in state              # three blocks kept
    monkeypatch.setattr(all_pairs, "multi_source_bfs", real)
    calls["n"] = 0
    assert sp.apsp(G, batch=100, out=out, progress=False) == out
    np.testing.assert_array_equal(np.load(out), reference(G))
    with pytest.raises(ValueError, match="other arguments"):
        sp.apsp(G, batch=7, out=out, progress=False)


def test_out_file_refuses_other_sources_and_other_graphs(tmp_path):
    """A file written for sources [0, 5, 7] is not resumed for [1, 4, 7] (the same count
    and sum, which was all the record held), nor for a graph of the same size with other
    weights: either would have returned the old rows as the new answer."""
    G = sp.read("rome99")
    out = tmp_path / "d.npy"
    sp.apsp(G, sources=[0, 5, 7], out=out, progress=False)
    with pytest.raises(ValueError, match="other arguments"):
        sp.apsp(G, sources=[1, 4, 7], out=out, progress=False)
    H = sp.Graph.from_edges(G.rows, G.indices, G.weights * 2, G.n_vertices)
    with pytest.raises(ValueError, match="other arguments"):
        sp.apsp(H, sources=[0, 5, 7], out=out, progress=False)
    assert sp.apsp(G, sources=[0, 5, 7], out=out, progress=False) == out    # resumes
    np.testing.assert_array_equal(np.load(out), sp.multi_source_sssp(G, [0, 5, 7]))


RANDOM_NX = st.builds(
    lambda n, p, seed, directed: nx.gnp_random_graph(n, p, seed=seed, directed=directed),
    st.integers(2, 25), st.floats(0.05, 0.5), st.integers(0, 10**6), st.booleans())


@given(H=RANDOM_NX)
def test_reductions_match_networkx(H):
    G = sp.Graph.from_networkx(H, weight=None)
    nodes = list(H)
    np.testing.assert_allclose(sp.closeness(G, progress=False),
                               [nx.closeness_centrality(H)[v] for v in nodes])
    np.testing.assert_allclose(sp.harmonic(G, progress=False),
                               [nx.harmonic_centrality(H)[v] for v in nodes])
    connected = (nx.is_strongly_connected(H) if H.is_directed() else nx.is_connected(H))
    if connected:
        ecc = sp.eccentricity(G, progress=False)        # hop counts: ints, as NetworkX's
        assert ecc.dtype == np.int64
        np.testing.assert_array_equal(ecc, [nx.eccentricity(H)[v] for v in nodes])
        assert sp.diameter(G, progress=False) == nx.diameter(H)
        assert sp.radius(G, progress=False) == nx.radius(H)
        assert sp.average_shortest_path_length(G, progress=False) == pytest.approx(
            nx.average_shortest_path_length(H))
    else:
        with pytest.raises(nx.NetworkXError):
            nx.eccentricity(H)
        with pytest.raises(sp.InvalidGraphError, match="unreachable='ignore'"):
            sp.eccentricity(G, progress=False)
        with pytest.raises(sp.InvalidGraphError):
            sp.average_shortest_path_length(G, progress=False)
        ecc = sp.eccentricity(G, unreachable="ignore", progress=False)
        lengths = dict(nx.all_pairs_shortest_path_length(H))
        np.testing.assert_array_equal(ecc, [max(lengths[v].values()) for v in nodes])
    d = reference(G)
    want = np.bincount(d[(d > 0)].ravel()) if (d > 0).any() else np.zeros(1, np.int64)
    dist, cnt = sp.distance_histogram(G, progress=False)
    np.testing.assert_array_equal(cnt, want[1:])
    np.testing.assert_array_equal(dist, np.arange(1, want.size))


def test_weighted_reductions_and_sampling():
    G = sp.read("rome99")
    D = csgraph.dijkstra(G.to_scipy(np.float64))
    np.testing.assert_array_equal(sp.eccentricity(G, sources=[3, 7], weight=True,
                                                  progress=False), D[[3, 7]].max(axis=1))
    vals, cnt = sp.distance_histogram(G, sources=[3, 7], weight=True, progress=False)
    want, wcnt = np.unique(D[[3, 7]][D[[3, 7]] > 0], return_counts=True)
    np.testing.assert_array_equal(vals, want)            # weighted distances: not hops
    np.testing.assert_array_equal(cnt, wcnt)
    with pytest.raises(ValueError, match="unreachable"):
        sp.eccentricity(G, unreachable="maybe")


def test_weight_as_networkx_takes_it():
    """``weight=None`` (the default) counts hops on a weighted graph, as NetworkX does;
    ``weight=True`` (or a name) adds the weights; hop diameters and radii are ints,
    weighted ones floats."""
    H = nx.connected_watts_strogatz_graph(40, 4, 0.3, seed=2)
    for u, v in H.edges:
        H[u][v]["weight"] = 1 + (u * v) % 7
    G = sp.Graph.from_networkx(H)
    d = sp.diameter(G, progress=False)
    assert d == nx.diameter(H) and type(d) is int
    r = sp.radius(G, progress=False)
    assert r == nx.radius(H) and type(r) is int
    w = sp.diameter(G, weight=True, progress=False)
    assert w == nx.diameter(H, weight="weight") and type(w) is float
    assert sp.diameter(G, weight="weight", progress=False) == w
    np.testing.assert_allclose(sp.closeness(G, progress=False),
                               list(nx.closeness_centrality(H).values()))
    np.testing.assert_allclose(sp.closeness(G, weight=True, progress=False),
                               list(nx.closeness_centrality(H, distance="weight").values()))
    np.testing.assert_allclose(sp.harmonic(G, progress=False),
                               list(nx.harmonic_centrality(H).values()))
    assert sp.average_shortest_path_length(G, progress=False) == \
        pytest.approx(nx.average_shortest_path_length(H))
    hops, counts = sp.distance_histogram(G, progress=False)
    assert hops.tolist() == list(range(1, nx.diameter(H) + 1)) and counts.sum() == 40 * 39
    with pytest.raises(ValueError, match="weight must be None, True, False or a name"):
        sp.diameter(G, weight=3)
