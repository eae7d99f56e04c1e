"""multi_source_bfs / multi_source_sssp equal scipy for every batch size."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from scipy.sparse import csgraph

import semiring_paths as sp

from .conftest import build, edge_lists, scipy_matrix, shared_graph


@given(g=edge_lists(), batch=st.sampled_from([None, 1, 2, 3, 7, 1000]))
def test_random_graphs(g, batch):
    n, src, dst, w, directed, _ = g
    G = build(n, src, dst, None if w is None else np.abs(w), directed)
    M = scipy_matrix(n, src, dst, None if w is None else np.abs(w), directed)
    sources = np.arange(n)[::-1]
    hops = csgraph.shortest_path(M, unweighted=True, indices=sources)
    L = sp.multi_source_bfs(G, sources, batch=batch)
    assert L.dtype == np.int64 and L.shape == (n, n)
    np.testing.assert_array_equal(L, np.where(np.isinf(hops), -1, hops))
    D = sp.multi_source_sssp(G, sources, batch=batch)
    np.testing.assert_array_equal(D, csgraph.dijkstra(M, indices=sources))


@pytest.mark.parametrize("rel", ["road/rome99.mtx.gz", "social/wiki-Vote.mtx.gz"])
def test_real_graphs(rel):
    G = sp.read(shared_graph(rel))
    sources = np.random.default_rng(3).choice(G.n_vertices, 40, replace=False)
    M = G.to_scipy(np.float64)
    hops = csgraph.shortest_path(G.to_scipy(np.bool_), unweighted=True, indices=sources)
    np.testing.assert_array_equal(sp.multi_source_bfs(G, sources, batch=17),
                                  np.where(np.isinf(hops), -1, hops))
    np.testing.assert_array_equal(sp.multi_source_sssp(G, sources, batch=17),
                                  csgraph.dijkstra(M, indices=sources))


def test_bad_sources_and_weights():
    G = sp.read("karate")
    with pytest.raises(sp.SourceError, match="34"):
        sp.multi_source_bfs(G, [0, 34])
    with pytest.raises(sp.SourceError):
        sp.multi_source_bfs(G, [[0, 1]])
    N = sp.Graph.from_edges([0], [1], weights=[-1.0])
    with pytest.raises(sp.NegativeWeightError, match="bellman-ford"):
        sp.multi_source_sssp(N, [0])
    assert sp.multi_source_bfs(G, []).shape == (0, 34)
