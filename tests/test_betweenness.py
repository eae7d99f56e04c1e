"""Betweenness against NetworkX, one body for every backend: random multigraphs
(directed and undirected, hops and positive weights, ties), real graphs, every
normalisation NetworkX offers, sampled sources, bad input."""

from __future__ import annotations

import networkx as nx
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from networkx.algorithms.centrality.betweenness import _rescale

import semiring_paths as sp

from .conftest import build, edge_lists, scipy_matrix, shared_graph


def _nx(n, src, dst, w, directed):
    M = scipy_matrix(n, src, dst, w, directed)
    return nx.from_scipy_sparse_array(M, create_using=nx.DiGraph if directed else nx.Graph)


def _as_array(d: dict, n: int) -> np.ndarray:
    return np.array([d[v] for v in range(n)])


@given(g=edge_lists(zero=False), normalized=st.booleans(), endpoints=st.booleans())
@settings(max_examples=60)
def test_random_graphs(backend, g, normalized, endpoints):
    n, src, dst, w, directed, _ = g
    G = build(n, src, dst, w, directed)
    X = _nx(n, src, dst, w, directed)
    weight = "weight" if w is not None else None
    want = _as_array(nx.betweenness_centrality(X, normalized=normalized, weight=weight,
                                               endpoints=endpoints), n)
    got = sp.betweenness(G, normalized=normalized, endpoints=endpoints,
                         weight=weight, backend=backend, batch=5)
    assert got.dtype == np.float64 and got.shape == (n,)
    np.testing.assert_allclose(got, want, rtol=1e-9, atol=1e-12)


@given(g=edge_lists(zero=False), k=st.integers(1, 24), endpoints=st.booleans(),
       normalized=st.booleans())
@settings(max_examples=40)
def test_sampled_sources(backend, g, k, endpoints, normalized):
    """Sources given (or sampled): NetworkX's sums over them, scaled by its own rule."""
    n, src, dst, w, directed, _ = g
    G = build(n, src, dst, w, directed)
    X = _nx(n, src, dst, w, directed)
    S = np.random.default_rng(k).choice(n, min(k, n), replace=False)
    weight = "weight" if w is not None else None
    raw = nx.betweenness_centrality_subset(X, S.tolist(), list(X), normalized=False,
                                           weight=weight)
    raw = {v: x * (1 if directed else 2) for v, x in raw.items()}   # ordered pairs
    if endpoints:                       # each path's ends: t for every reached t ≠ s
        for s in S.tolist():
            reached = nx.descendants(X, s) if directed else nx.node_connected_component(
                X, s) - {s}
            raw[s] += len(reached)
            for t in reached:
                raw[t] += 1
    want = _as_array(_rescale(raw, n, normalized=normalized, directed=directed,
                              endpoints=endpoints,
                              sampled_nodes=None if S.size == n else S.tolist()), n)
    got = sp.betweenness(G, S, normalized=normalized, endpoints=endpoints,
                         weight=weight, backend=backend)
    np.testing.assert_allclose(got, want, rtol=1e-9, atol=1e-12)


@pytest.mark.parametrize("rel, weighted, k", [
    ("social/karate.mtx.gz", False, None),
    ("social/chesapeake.mtx.gz", False, None),
    ("web/polblogs.mtx.gz", False, 40),            # directed
    ("road/rome99.mtx.gz", True, 30),              # directed, weighted (integer ties)
    ("social/p2p-Gnutella31-weighted.mtx.gz", True, 20),
])
def test_real_graphs(backend, rel, weighted, k):
    G = sp.read(shared_graph(rel))
    X = nx.from_scipy_sparse_array(G.to_scipy(np.float64),
                                   create_using=nx.DiGraph if G.directed else nx.Graph)
    weight = "weight" if weighted else None
    n = G.n_vertices
    S = None if k is None else np.random.default_rng(3).choice(n, k, replace=False)
    if S is None:
        want = _as_array(nx.betweenness_centrality(X, normalized=False, weight=weight), n)
    else:
        raw = nx.betweenness_centrality_subset(X, S.tolist(), list(X), normalized=False,
                                               weight=weight)
        want = _as_array(raw, n) * (1 if G.directed else 2)
        want = _as_array(_rescale(dict(enumerate(want)), n, normalized=False,
                                  directed=G.directed, endpoints=False,
                                  sampled_nodes=S.tolist()), n)
    got = sp.betweenness(G, S, normalized=False, weight=weight, backend=backend)
    np.testing.assert_allclose(got, want, rtol=1e-9, atol=1e-9)


def test_batches_agree(backend):
    """Blocks of one source and one block give the same sums."""
    G = sp.read("karate")
    one = sp.betweenness(G, backend=backend, batch=1, progress=False)
    np.testing.assert_allclose(one, sp.betweenness(G, backend=backend), rtol=1e-12)


def test_errors(backend):
    G = sp.Graph.from_edges([0, 1, 2], [1, 2, 0], weights=[1.0, 0.0, 2.0])
    with pytest.raises(ValueError, match=r"positive weights.*1 -> 2 weighs 0"):
        sp.betweenness(G, weight=True, backend=backend)
    assert sp.betweenness(G, backend=backend).shape == (3,)      # hops: weights unused
    N = sp.Graph.from_edges([0, 1], [1, 2], weights=[1.0, -1.0])
    with pytest.raises(sp.NegativeWeightError, match="1 -> 2"):
        sp.betweenness(N, weight=True, backend=backend)
    with pytest.raises(sp.SourceError, match="repeat"):
        sp.betweenness(G, [0, 0], backend=backend)
    with pytest.raises(sp.SourceError, match="out of range"):
        sp.betweenness(G, [5], backend=backend)
    with pytest.raises(sp.SourceError, match="cannot sample 4"):
        sp.betweenness(G, 4, backend=backend)
    with pytest.raises(ValueError, match="batch"):
        sp.betweenness(G, batch=0, backend=backend)
