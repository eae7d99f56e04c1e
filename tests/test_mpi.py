"""The MPI-partitioned searches (``distributed/mpi.py``, level by level and with
``local=True``) under ``mpiexec -n 1/2/3``:
levels equal scipy's, distances the CPU backend's, and every parent is a tight edge (also
on the graph renumbered by reverse Cuthill-McKee, results back in the file's ids), on
seeded random graphs and hypothesis's multigraphs (directed and undirected, unreachable
parts, zero and float weights, more ranks than some graphs need) and on real graphs; the
command line writes what it says."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.sparse import csgraph

import semiring_paths as sp

from .conftest import build, edge_lists, shared_graph

pytest.importorskip("mpi4py")
MPIEXEC = shutil.which("mpiexec", path=str(Path(sys.executable).parent)) or shutil.which(
    "mpiexec")
pytestmark = pytest.mark.skipif(MPIEXEC is None, reason="no mpiexec (pip install mpich)")
ROOT = Path(__file__).resolve().parents[1]


def _graphs() -> dict[str, tuple[sp.Graph, int]]:
    rng = np.random.default_rng(2026)
    out = {}
    for i in range(12):
        n = int(rng.integers(1, 40))
        m = int(rng.integers(0, 3 * n + 1))
        src, dst = rng.integers(0, n, m), rng.integers(0, n, m)
        w = rng.integers(0, 5, m).astype(float) if i % 3 else None   # zero weights too
        G = sp.Graph.from_edges(src, dst, w, n_vertices=n, directed=bool(i % 2))
        out[f"random{i:02d}"] = (G, int(rng.integers(0, n)))
    out["rome99"] = (sp.read("rome99"), 7)
    out["malta"] = (sp.read(shared_graph("road/osm-malta.mtx.gz")), 100)
    return out


def _check_tree(G, s, d, parents, hops):
    """Every reached v ≠ s has a tight edge from its parent."""
    assert parents[s] == s
    w = np.ones(G.n_stored) if hops or not G.weighted else G.weights.astype(float)
    for v in np.flatnonzero(np.isfinite(d) & (np.arange(G.n_vertices) != s)):
        u = parents[v]
        lo, hi = G.indptr[u], G.indptr[u + 1]
        assert np.isclose(d[u] + w[lo:hi][G.indices[lo:hi] == v], d[v],
                          rtol=1e-12, atol=0).any(), (u, v)


def _run(ranks: int, graphs: dict, folder: Path) -> None:
    """Every graph through the driver under ``mpiexec -n ranks``."""
    for name, (G, s) in graphs.items():
        sp.write(G, folder / f"{name}.spg")
        (folder / f"{name}.src").write_text(str(s))
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), *sys.path])}
    subprocess.run([MPIEXEC, "-n", str(ranks), sys.executable,
                    str(ROOT / "tests" / "mpi_driver.py"), str(folder)],
                   check=True, env=env, timeout=600)


def _compare(graphs: dict, folder: Path) -> None:
    for name, (G, s) in graphs.items():
        A = G.to_scipy(np.float64)
        hops = csgraph.shortest_path(A, unweighted=True, indices=s)
        for what in ("bfs", "bfs_local", "bfs_rcm"):
            lv = np.load(folder / f"{name}.{what}.npy")
            np.testing.assert_array_equal(lv, np.where(np.isinf(hops), -1, hops),
                                          err_msg=f"{name} {what}")
            _check_tree(G, s, np.where(lv < 0, np.inf, lv).astype(float),
                        np.load(folder / f"{name}.{what}.parents.npy"), hops=True)
        want = sp.sssp(G, s, backend="cpu").distances      # zero weights: scipy drops them
        for what in ("workfront", "workfront_local", "delta", "delta_small", "dijkstra",
                     "workfront_rcm", "delta_rcm"):
            d = np.load(folder / f"{name}.{what}.npy")
            np.testing.assert_allclose(d, want, rtol=1e-12, err_msg=f"{name} {what}")
            _check_tree(G, s, d, np.load(folder / f"{name}.{what}.parents.npy"),
                        hops=False)


@pytest.mark.parametrize("ranks", [1, 2, 3])
def test_partitioned_searches_equal_scipy(ranks, tmp_path):
    graphs = _graphs()
    _run(ranks, graphs, tmp_path)
    _compare(graphs, tmp_path)
    np.testing.assert_array_equal(
        np.load(tmp_path / "rome99.workfront.npy"),
        csgraph.dijkstra(graphs["rome99"][0].to_scipy(), indices=7))


@given(st.lists(edge_lists(max_n=30), min_size=6, max_size=6))
@settings(max_examples=3, deadline=None)
def test_hypothesis_graphs_on_three_ranks(drawn):
    """Hypothesis's multigraphs (self loops, duplicates, zero and float weights), six
    an ``mpiexec`` run, on three ranks (some graphs have fewer vertices than ranks)."""
    graphs = {f"h{i}": (build(*g[:5]), g[5]) for i, g in enumerate(drawn)}
    folder = Path(tempfile.mkdtemp())
    try:
        _run(3, graphs, folder)
        _compare(graphs, folder)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def test_command_line(tmp_path):
    out = tmp_path / "d.npy"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), *sys.path])}
    r = subprocess.run([MPIEXEC, "-n", "2", sys.executable, "-m",
                        "semiring_paths.distributed.mpi", "sssp", "rome99", "--source", "3",
                        "-o", str(out)], env=env, capture_output=True, text=True,
                       timeout=300)
    assert r.returncode == 0, r.stderr
    assert "2 rank(s)" in r.stderr
    np.testing.assert_array_equal(np.load(out), sp.sssp(sp.read("rome99"), 3).distances)
    assert (tmp_path / "d.parents.npy").exists()


@pytest.mark.parametrize("source, match", [
    (1.5, "integer vertex id, got 1.5"), (True, "integer vertex id, got True"),
    (3, r"source 3 is out of range: the graph has 3 vertices \(ids 0\.\.2\)")])
def test_bad_sources_raise_on_one_rank(source, match):
    """In this process (MPI's singleton world): a float source was truncated before."""
    from semiring_paths.distributed import mpi

    G = sp.Graph.from_edges([0, 1], [1, 2], [1.0, 2.0])
    for search in (mpi.bfs, mpi.sssp):
        with pytest.raises(sp.SourceError, match=match):
            search(G, source)
