"""CPU/GPU parity: the GPU backend must match the CPU backend (and scipy) value for value.

Runs with ``pytest -m gpu`` on a machine with an NVIDIA GPU and CuPy; skips cleanly where
CuPy finds no GPU (CI).  Real graphs come from ../shared/data/graphs or, on the device
machine, from the git-ignored ``devdata/`` folder carried there.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from scipy.sparse import csgraph

import semiring_paths as sp
from semiring_paths.gpu.backend import available
from semiring_paths.verify import verify_bfs, verify_sssp

from .conftest import SHARED, build, edge_lists, scipy_matrix

pytestmark = [pytest.mark.gpu,
              pytest.mark.skipif(not available(), reason="CuPy finds no GPU")]

ROOT = Path(__file__).resolve().parents[1]


def real(rel: str) -> Path:
    for p in (SHARED / rel, ROOT / "devdata" / Path(rel).name):
        if p.exists():
            return p
    pytest.skip(f"{rel} not present here")


@pytest.mark.parametrize("strategy", ["sovm", "bovm", "direction-optimizing"])
@settings(max_examples=40, deadline=None)
@given(g=edge_lists())
def test_bfs_parity_random(strategy, g):
    n, src, dst, w, directed, s = g
    G = build(n, src, dst, w, directed)
    r = sp.bfs(G, s, strategy=strategy, backend="gpu")
    np.testing.assert_array_equal(r.levels, sp.bfs(G, s, strategy=strategy).levels)
    assert r.levels.dtype == np.int64 and r.parents.dtype == np.int64
    verify_bfs(G, s, r.levels, r.parents)


@pytest.mark.parametrize("strategy", ["workfront", "bellman-ford"])
@settings(max_examples=40, deadline=None)
@given(g=edge_lists(weighted=True))
def test_sssp_parity_random(strategy, g):
    n, src, dst, w, directed, s = g
    w = np.abs(w)
    G = build(n, src, dst, w, directed)
    r = sp.sssp(G, s, strategy=strategy, backend="gpu")
    want = csgraph.dijkstra(scipy_matrix(n, src, dst, w, directed), indices=s)
    np.testing.assert_array_equal(r.distances, want)
    np.testing.assert_array_equal(r.distances,
                                  sp.sssp(G, s, strategy=strategy).distances)
    verify_sssp(G, s, r.distances, r.predecessors, expected=want)


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


@pytest.mark.parametrize("rel", ["road/rome99.mtx.gz", "social/wiki-Vote.mtx.gz",
                                 "mesh/delaunay_n14.mtx.gz",
                                 "social/p2p-Gnutella31-weighted.mtx.gz"])
def test_real_graphs(rel):
    G = sp.read(real(rel))
    for s in np.random.default_rng(2).choice(np.nonzero(G.out_degree)[0], 3, replace=False):
        s = int(s)
        for strategy in ("sovm", "bovm", "direction-optimizing"):
            r = sp.bfs(G, s, strategy=strategy, backend="gpu")
            verify_bfs(G, s, r.levels, r.parents)
        for strategy in ("workfront", "bellman-ford"):
            r = sp.sssp(G, s, strategy=strategy, backend="gpu")
            verify_sssp(G, s, r.distances, r.predecessors)


def test_generated_graphs():
    from semiring_paths.generators import grid, kronecker

    for G in (kronecker(14, seed=3, weights=(1, 64)), grid(200, 200, weights=(1, 64))):
        s = int(np.argmax(G.out_degree))
        r = sp.bfs(G, s, backend="gpu")
        verify_bfs(G, s, r.levels, r.parents)
        r = sp.sssp(G, s, strategy="workfront", backend="gpu")
        verify_sssp(G, s, r.distances, r.predecessors)


def test_unsupported_strategy_is_refused():
    G = sp.read("rome99")
    with pytest.raises(ValueError, match="backend='cpu'"):
        sp.sssp(G, 0, strategy="near-far", backend="gpu")
    with pytest.raises(ValueError, match="backend='cpu'"):
        sp.sssp(G, 0, strategy="workfront", backend="gpu", semiring="max_min")


def test_graph_too_large_is_refused_before_allocating(monkeypatch):
    import cupy as cp

    from semiring_paths.gpu import backend as gb

    G = sp.read("rome99")
    monkeypatch.setattr(cp.cuda.runtime, "memGetInfo", lambda: (1000, 10**10))
    before = cp.get_default_memory_pool().used_bytes()
    with pytest.raises(sp.GPUMemoryError, match="bytes of GPU memory"):
        gb.GPUBackend(G)
    assert cp.get_default_memory_pool().used_bytes() == before
