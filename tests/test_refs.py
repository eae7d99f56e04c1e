"""The independent GraphScope outputs for p2p-Gnutella31 (shared/data/graphs/refs)."""

from __future__ import annotations

import gzip

import numpy as np
import pytest

import semiring_paths as sp
import semiring_paths.algorithms

from .conftest import shared_graph

SOURCE = 5  # GraphScope's vertex id 6, 1-based


def load_ref(name: str, unreachable: float) -> np.ndarray:
    with gzip.open(shared_graph(f"refs/{name}.txt.gz"), "rt") as f:
        t = np.loadtxt(f)
    ids = t[:, 0].astype(np.int64) - 1
    out = np.empty(ids.size)
    out[ids] = t[:, 1]
    out[out >= unreachable] = np.inf
    return out


@pytest.mark.parametrize("strategy", sp.algorithms.names("sssp"))
@pytest.mark.parametrize("directed", [True, False])
def test_gnutella_sssp(strategy, directed):
    G = sp.read(shared_graph("social/p2p-Gnutella31-weighted.mtx.gz"),
                directed=None if directed else False)
    ref = load_ref("p2p-31-SSSP-directed" if directed else "p2p-31-sssp", 1e300)
    np.testing.assert_array_equal(sp.sssp(G, SOURCE, strategy=strategy).distances, ref)


@pytest.mark.parametrize("strategy", sp.algorithms.names("bfs"))
def test_gnutella_bfs(strategy):
    G = sp.read(shared_graph("social/p2p-Gnutella31-weighted.mtx.gz"), directed=False)
    ref = load_ref("p2p-31-bfs_auto", 9e18)
    levels = sp.bfs(G, SOURCE, strategy=strategy).levels
    np.testing.assert_array_equal(np.where(levels < 0, np.inf, levels), ref)
