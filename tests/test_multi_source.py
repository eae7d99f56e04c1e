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
def test_random_graphs(backend, g, batch):
    n, src, dst, w, directed, _ = g
    G = build(n, src, dst, None if w is None else np.abs(w), directed)
    M = scipy_matrix(n, src, dst, None if w is None else np.abs(w), directed)
    sources = np.arange(n)[::-1]
    hops = csgraph.shortest_path(M, unweighted=True, indices=sources)
    L = sp.multi_source_bfs(G, sources, batch=batch, backend=backend)
    assert L.dtype == np.int64 and L.shape == (n, n)
    np.testing.assert_array_equal(L, np.where(np.isinf(hops), -1, hops))
    D = sp.multi_source_sssp(G, sources, batch=batch, backend=backend)
    np.testing.assert_array_equal(D, csgraph.dijkstra(M, indices=sources))


@pytest.mark.parametrize("rel", ["road/rome99.mtx.gz", "social/wiki-Vote.mtx.gz"])
def test_real_graphs(backend, rel):
    G = sp.read(shared_graph(rel))
    sources = np.random.default_rng(3).choice(G.n_vertices, 40, replace=False)
    M = G.to_scipy(np.float64)
    hops = csgraph.shortest_path(G.to_scipy(np.bool_), unweighted=True, indices=sources)
    np.testing.assert_array_equal(sp.multi_source_bfs(G, sources, batch=17, backend=backend),
                                  np.where(np.isinf(hops), -1, hops))
    np.testing.assert_array_equal(sp.multi_source_sssp(G, sources, batch=17, backend=backend),
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


def test_outputs_that_cannot_fit_are_refused(monkeypatch):
    """The k × n answer is asked for before it is allocated (NumPy's MemoryError, or the
    system's killer, came first)."""
    from semiring_paths import memory

    G = sp.Graph.from_edges([0], [1], n_vertices=50_000)
    monkeypatch.setattr(memory, "available", lambda: 100 << 20)
    src = np.arange(400)                               # 400 × 50 000 × 8 B = 153 MB
    with pytest.raises(sp.HostMemoryError, match=r"400 × 50,000 levels needs 152\.6 MB"):
        sp.multi_source_bfs(G, src)
    with pytest.raises(sp.HostMemoryError, match=r"400 × 50,000 distances needs"):
        sp.multi_source_sssp(G, src)
    assert sp.multi_source_bfs(G, [3, 0]).shape == (2, 50_000)    # small: not asked


@pytest.mark.parametrize("batch", [None, 64, 65, 130])
def test_word_boundaries_and_repeats(backend, batch):
    """Batches that fill, straddle and overflow 64-bit words; repeated sources."""
    G = sp.read(shared_graph("mesh/delaunay_n14.mtx.gz"))
    sources = np.random.default_rng(5).choice(G.n_vertices, 200, replace=False)
    sources = np.r_[sources, sources[:7]]
    hops = csgraph.shortest_path(G.to_scipy(np.bool_), unweighted=True, indices=sources)
    expect = np.where(np.isinf(hops), -1, hops).astype(np.int64)
    L = sp.multi_source_bfs(G, sources, batch=batch, backend=backend)
    np.testing.assert_array_equal(L, expect)
    got = [(part, C) for part, C in sp.level_counts(G, sources, batch=batch, backend=backend)]
    assert np.array_equal(np.concatenate([p for p, _ in got]), sources)
    counts = np.concatenate([np.pad(C, ((0, expect.max() + 1 - C.shape[0]), (0, 0)))
                             for _, C in got], axis=1)
    np.testing.assert_array_equal(
        counts, np.stack([(expect == h).sum(axis=1) for h in range(expect.max() + 1)]))


@given(g=edge_lists(), batch=st.sampled_from([None, 1, 3, 64]))
def test_level_counts_random_graphs(backend, g, batch):
    n, src, dst, _, directed, _ = g
    G = build(n, src, dst, None, directed)
    M = scipy_matrix(n, src, dst, None, directed)
    sources = np.arange(n)
    hops = csgraph.shortest_path(M, unweighted=True, indices=sources)
    for part, C in sp.level_counts(G, sources, batch=batch, backend=backend):
        h = hops[part]
        top = int(h[np.isfinite(h)].max()) if part.size else 0
        assert C.dtype == np.int64 and C.shape == (top + 1, part.size)
        for lvl in range(top + 1):
            np.testing.assert_array_equal(C[lvl], (h == lvl).sum(axis=1))


@given(data=st.data())
def test_bit_counting(data):
    """The SWAR vertical popcount equals a bit-by-bit count (runs past 255 words too)."""
    from semiring_paths.cpu import bits

    k = data.draw(st.integers(1, 200))
    w = (k + 63) // 64
    size = data.draw(st.sampled_from([0, 1, 5, 254, 255, 256, 700]))
    seed = data.draw(st.integers(0, 2**32 - 1))
    rng = np.random.default_rng(seed)
    rows = np.sort(rng.integers(0, w, size))
    words = rng.integers(0, 2**63, size, dtype=np.int64).view(np.uint64)
    words[rng.random(size) < 0.3] = np.uint64(2**64 - 1)
    last = k - 64 * (w - 1)
    words[rows == w - 1] &= np.uint64((1 << last) - 1 if last < 64 else 2**64 - 1)
    expect = np.zeros(64 * w, np.int64)
    for r, x in zip(rows.tolist(), words.tolist()):
        for b in range(64):
            expect[64 * r + b] += (x >> b) & 1
    np.testing.assert_array_equal(bits.count(rows, words, k), expect[:k])
    s, v = bits.decode(rows, np.arange(size), words)
    assert s.size == expect.sum()
    assert np.array_equal(np.bincount(s, minlength=64 * w), expect)
    assert all((int(words[i]) >> (int(j) % 64)) & 1 for i, j in zip(v, s))


@pytest.mark.parametrize("rel", ["road/rome99.mtx.gz", "social/wiki-Vote.mtx.gz",
                                 "mesh/delaunay_n14.mtx.gz"])
def test_reductions_real_graphs(backend, rel):
    """Word boundaries (63, 64, 65, 200 sources), repeats, directed graphs; every reduction
    on every backend equals the CPU's (whose reductions test_all_pairs checks against
    NetworkX)."""
    G = sp.read(shared_graph(rel))
    rng = np.random.default_rng(4)
    M = G.to_scipy(np.bool_)
    for k in (63, 64, 65, 200):
        sources = rng.choice(G.n_vertices, k, replace=False)
        sources = np.r_[sources, sources[:3]]
        hops = csgraph.shortest_path(M, unweighted=True, indices=sources)
        np.testing.assert_array_equal(sp.multi_source_bfs(G, sources, backend=backend),
                                      np.where(np.isinf(hops), -1, hops))
    src = rng.choice(G.n_vertices, 300, replace=False)
    for w in (None, True):                        # hops, and the weights where there are
        kw = dict(sources=src, weight=w)
        for f in (sp.closeness, sp.harmonic):
            np.testing.assert_allclose(f(G, backend=backend, **kw),
                                       f(G, backend="cpu", **kw), rtol=1e-12)
        np.testing.assert_array_equal(
            sp.eccentricity(G, unreachable="inf", backend=backend, **kw),
            sp.eccentricity(G, unreachable="inf", backend="cpu", **kw))
        for a, b in zip(sp.distance_histogram(G, backend=backend, **kw),
                        sp.distance_histogram(G, backend="cpu", **kw)):
            np.testing.assert_array_equal(a, b)
