"""Many-source work on a Dask cluster (``client=``): two worker processes give exactly the
single-process answers; a worker killed mid-run loses nothing; an interrupted
``apsp(out=…)`` on the cluster resumes to the same file."""

from __future__ import annotations

import json
import os
import signal

import numpy as np
import pytest

import semiring_paths as sp
from semiring_paths import all_pairs
from semiring_paths.generators import kronecker

distributed = pytest.importorskip("distributed")   # in the test extra: CI runs these


@pytest.fixture(scope="module")
def client():
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                       dashboard_address=None, silence_logs=40)
    c = distributed.Client(cluster)
    yield c
    c.close()
    cluster.close()


@pytest.fixture(scope="module")
def graphs():
    return {"rome99": sp.read("rome99"), "kron10": kronecker(10, seed=3),
            "kron10w": kronecker(10, seed=3, weights=(1, 9))}


def test_every_many_source_function_matches_one_process(client, graphs):
    road, K, Kw = graphs["rome99"], graphs["kron10"], graphs["kron10w"]
    src = np.arange(0, road.n_vertices, 37)
    for G, some in ((road, src), (K, np.arange(0, 1024, 7))):
        want = np.vstack([b for _, b in sp.apsp(G, sources=some, progress=False)])
        got = dict((tuple(s), b) for s, b in sp.apsp(G, sources=some, client=client,
                                                     progress=False))
        rows = np.vstack([got[key] for key in sorted(got, key=lambda t: t[0])])
        np.testing.assert_array_equal(rows, want)
    np.testing.assert_array_equal(sp.multi_source_bfs(K, range(0, 1024, 3), client=client),
                                  sp.multi_source_bfs(K, range(0, 1024, 3)))
    np.testing.assert_array_equal(sp.multi_source_sssp(road, src, client=client),
                                  sp.multi_source_sssp(road, src))
    def per_source(blocks):         # source -> vertices per hop, in the order they come
        return [(int(s), np.trim_zeros(C[:, j], "b").tolist())
                for p, C in blocks for j, s in enumerate(p)]

    assert per_source(sp.level_counts(K, range(200), client=client)) == per_source(
        sp.level_counts(K, range(200)))
    for G, kw in ((K, {}), (Kw, {"weight": True}), (road, {"sources": src})):
        for f in (sp.closeness, sp.harmonic):
            np.testing.assert_allclose(f(G, client=client, progress=False, **kw),
                                       f(G, progress=False, **kw), rtol=1e-12)
        np.testing.assert_array_equal(
            sp.eccentricity(G, unreachable="inf", client=client, progress=False, **kw),
            sp.eccentricity(G, unreachable="inf", progress=False, **kw))
        h1, h2 = (sp.distance_histogram(G, progress=False, **kw),
                  sp.distance_histogram(G, client=client, progress=False, **kw))
        np.testing.assert_array_equal(h1[0], h2[0])
        np.testing.assert_array_equal(h1[1], h2[1])
    np.testing.assert_allclose(sp.betweenness(K, client=client, progress=False),
                               sp.betweenness(K, progress=False), rtol=1e-12)
    np.testing.assert_allclose(
        sp.betweenness(road, 60, weight=True, client=client, progress=False),
        sp.betweenness(road, 60, weight=True, progress=False), rtol=1e-12)


def test_a_killed_worker_loses_nothing(client, graphs):
    """One worker process is killed (SIGKILL) after the first block arrives; the
    scheduler reruns its tasks on the other (and on the restarted one): every block comes,
    equal to the single-process answer."""
    G = graphs["rome99"]
    want = np.vstack([b for _, b in sp.apsp(G, batch=100, progress=False)])
    pids = client.run(os.getpid)
    blocks = sp.apsp(G, batch=100, client=client, progress=False)
    got = [next(blocks)]
    os.kill(next(iter(pids.values())), signal.SIGKILL)
    got += list(blocks)
    assert len(got) == -(-G.n_vertices // 100)
    rows = np.vstack([b for _, b in sorted(got, key=lambda sb: sb[0][0])])
    np.testing.assert_array_equal(rows, want)
    client.wait_for_workers(2, timeout=60)


def test_interrupted_cluster_apsp_resumes(client, graphs, tmp_path, monkeypatch):
    G = graphs["rome99"]
    out = tmp_path / "d.npy"
    real, calls = all_pairs._record, {"n": 0}

    def interrupted(side, state):
        calls["n"] += 1
        if calls["n"] == 4:                 # Ctrl-C: the empty record, then two blocks
            raise KeyboardInterrupt
        real(side, state)

    monkeypatch.setattr(all_pairs, "_record", interrupted)
    with pytest.raises(KeyboardInterrupt):
        sp.apsp(G, batch=300, out=out, client=client, progress=False)
    monkeypatch.setattr(all_pairs, "_record", real)
    assert len(json.loads((tmp_path / "d.npy.progress.json").read_text())["done"]) == 2
    assert sp.apsp(G, batch=300, out=out, client=client, progress=False) == out
    want = np.vstack([b for _, b in sp.apsp(G, batch=300, progress=False)])
    np.testing.assert_array_equal(np.load(out), want)


def test_blocks_a_task_cpu_and_gpu(client):
    """Sources a task on the two single-thread workers: about ``worker_blocks`` tasks a
    worker, the backend's (four on the CPU, one on a GPU: a block is one batched device
    search); never past the memory bound ``k``; all of them without a client."""
    from types import SimpleNamespace

    from semiring_paths.backends import backend_for
    from semiring_paths.distributed.blocks import block_sources
    from semiring_paths.gpu.backend import GPUBackend

    cpu, gpu = backend_for(sp.read("rome99"), "cpu"), SimpleNamespace(worker_blocks=1)
    assert (cpu.worker_blocks, GPUBackend.worker_blocks) == (4, 1)
    assert block_sources(client, 10**6, 512, cpu) == 64            # 512 / (2 workers × 4)
    assert block_sources(client, 10**6, 512, gpu) == 256
    assert block_sources(client, 100, 512, gpu) == 100
    assert block_sources(client, 10**6, 1, cpu) == 1
    assert block_sources(None, 100, 512, gpu) == 100
