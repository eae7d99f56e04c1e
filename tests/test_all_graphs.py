"""Every strategy on every real graph of ../shared/data/graphs equals scipy (values) and
returns a valid shortest-path / BFS tree, from two reproducible sources per graph."""

from __future__ import annotations

import numpy as np
import pytest
from scipy.sparse import csgraph

import semiring_paths as sp
from semiring_paths.algorithms import names
from semiring_paths.verify import verify_bfs, verify_sssp

from .conftest import SHARED, shared_graph

FILES = sorted(str(p.relative_to(SHARED)) for p in SHARED.glob("*/*.mtx.gz")) or [
    "road/rome99.mtx.gz"]  # shared_graph() reports the missing data


def sources(G):
    rng = np.random.default_rng(len(G.indices))
    return [int(np.argmax(G.out_degree)),
            int(rng.choice(np.nonzero(G.out_degree > 0)[0]))]


@pytest.mark.parametrize("rel", FILES)
def test_bfs_everywhere(backend, rel):
    G = sp.read(shared_graph(rel))
    for s in sources(G):
        for strategy in names("bfs"):
            r = sp.bfs(G, s, strategy=strategy, backend=backend)
            verify_bfs(G, s, r.levels, r.parents)


@pytest.mark.parametrize("rel", FILES)
def test_sssp_everywhere(backend, rel):
    G = sp.read(shared_graph(rel))
    M = G.to_scipy(np.float64)
    for s in sources(G):
        try:
            want = (csgraph.bellman_ford(M, indices=s) if G.has_negative_weights
                    else csgraph.dijkstra(M, indices=s))
        except csgraph.NegativeCycleError:
            want = None
        for strategy in names("sssp"):
            if want is None:
                with pytest.raises((sp.NegativeCycleError, sp.NegativeWeightError)):
                    sp.sssp(G, s, strategy=strategy, backend=backend)
                continue
            r = sp.sssp(G, s, strategy=strategy, backend=backend)
            verify_sssp(G, s, r.distances, r.predecessors, expected=want)
