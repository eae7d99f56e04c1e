"""Every BFS strategy against scipy on random and real graphs; parents form BFS trees."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from scipy.sparse import csgraph

import semiring_paths as sp
from semiring_paths import reference
from semiring_paths.algorithms import names
from semiring_paths.backends import gpu_available
from semiring_paths.generators import grid, kronecker
from semiring_paths.verify import verify_bfs

from .conftest import build, edge_lists, scipy_matrix, shared_graph

STRATEGIES = [s for s in names("bfs")]


def hops(M, s):
    d = csgraph.shortest_path(M, unweighted=True, indices=s)
    return np.where(np.isinf(d), -1, d).astype(np.int64)


@pytest.mark.parametrize("strategy", STRATEGIES)
@given(g=edge_lists())
def test_random_graphs(backend, strategy, g):
    n, src, dst, w, directed, s = g
    G = build(n, src, dst, w, directed)
    r = sp.bfs(G, s, strategy=strategy, backend=backend)
    assert r.levels.dtype == np.int64 and r.parents.dtype == np.int64
    np.testing.assert_array_equal(r.levels, hops(scipy_matrix(n, src, dst, w, directed), s))
    verify_bfs(G, s, r.levels, r.parents)


# Real graphs: tests/test_all_graphs.py runs every strategy on every shared graph.


@pytest.mark.parametrize("strategy", STRATEGIES)
def test_generated_graphs(backend, strategy):
    for G in (kronecker(10, seed=3), grid(30, 40)):
        s = int(np.argmax(G.out_degree))
        r = sp.bfs(G, s, strategy=strategy, backend=backend)
        verify_bfs(G, s, r.levels, r.parents)


def test_reference_bfs_matches_scipy():
    G = sp.read(shared_graph("social/wiki-Vote.mtx.gz"))
    levels, parents = reference.bfs(G, 3)
    np.testing.assert_array_equal(levels, hops(G.to_scipy(), 3))
    verify_bfs(G, 3, levels, parents)


def test_direction_optimizing_pulls_on_a_dense_graph(graphblas_rounds):
    G = kronecker(12, seed=1)
    r = sp.bfs(G, int(np.argmax(G.out_degree)))
    dirs = [s.direction for s in r.trace.steps]
    assert "pull" in dirs and dirs[0] == "push"
    assert r.trace.strategy == "direction-optimizing"


def test_trace_records_each_level(graphblas_rounds):
    G = grid(5, 5)
    r = sp.bfs(G, 0, strategy="sovm")
    # 9 levels beyond the source, then one step that finds nothing
    assert r.trace.iterations == 9
    np.testing.assert_array_equal(r.trace.frontier_sizes[:5], [1, 2, 3, 4, 5])
    assert r.trace.edges_relaxed == G.n_stored
    assert r.trace.summary()["push_steps"] == 9


def test_isolated_source_and_edgeless_graph(backend):
    G = sp.Graph.from_edges([], [], n_vertices=4)
    r = sp.bfs(G, 2, backend=backend)
    assert r.levels.tolist() == [-1, -1, 0, -1]
    assert r.parents.tolist() == [-1, -1, 2, -1]
    assert r.path_to(2) == [2] and r.path_to(0) == []


def test_directed_pull_uses_in_edges(backend):
    G = sp.Graph.from_edges([0, 1, 3], [1, 2, 2], directed=True)
    r = sp.bfs(G, 0, strategy="bovm", backend=backend)
    assert r.levels.tolist() == [0, 1, 2, -1]
    assert r.parents.tolist() == [0, 0, 1, -1]


def test_bad_arguments():
    G = sp.read("karate")
    with pytest.raises(ValueError, match="sovm"):
        sp.bfs(G, 0, strategy="nope")
    with pytest.raises(sp.SourceError, match="out of range"):
        sp.bfs(G, 34)
    with pytest.raises(sp.SourceError):
        sp.bfs(G, -1)
    with pytest.raises(sp.SourceError, match="integer"):
        sp.bfs(G, 1.5)
    with pytest.raises(ValueError, match="backend"):
        sp.bfs(G, 0, backend="tpu")
    if not gpu_available():                  # the backend named, and none to run it on
        with pytest.raises(ValueError, match="gpu"):
            sp.bfs(G, 0, backend="gpu")
    with pytest.raises(TypeError, match="Graph"):
        sp.bfs(G.to_scipy(), 0)
    with pytest.raises(ValueError, match="as_cupy=True needs backend='gpu'"):
        sp.bfs(G, 0, as_cupy=True)
    with pytest.raises(ValueError, match="as_cupy=True needs backend='gpu'"):
        sp.sssp(sp.read("rome99"), 0, strategy="workfront", as_cupy=True)


def test_trace_does_not_count_pull_work(graphblas_rounds):
    G = kronecker(12, seed=1)
    t = sp.bfs(G, int(np.argmax(G.out_degree))).trace
    assert all(s.edges == -1 for s in t.steps if s.direction == "pull")
    assert t.edges_relaxed == sum(s.edges for s in t.steps if s.direction == "push")
    assert t.summary()["edges_relaxed"] >= 0


def test_high_diameter_rule():
    from semiring_paths.gpu.device import BFS_TAIL_AFTER, high_diameter

    n, after = 4_194_304, BFS_TAIL_AFTER
    assert high_diameter([1, 4, 8, 12], n, after)              # a grid: steady growth
    assert high_diameter([1, 1, 1], n, after)                  # a path
    assert not high_diameter([1, 40, 165_387], n, after)       # scale-free: explodes
    assert not high_diameter([1, 40, 165_387, 2_047_233, 180_779, 677], n, after)  # and collapses
    assert not high_diameter([1, 13, 43_149, 1_958_435, 2_339_518, 1_830_946], n, after)  # fat
    assert not high_diameter([1, 4], n, after)                 # too soon to tell
    assert high_diameter([1, 40, 165_387, 2, 900, 7, 70_000, 3, 1][:after + 1], n, after)
