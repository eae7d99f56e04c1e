"""The CPU's compiled loops beyond the parity bodies: threads, the compile cache, the
choices between their variants.  Answers are checked against scipy throughout."""

from __future__ import annotations

import math
import os
import subprocess
import sys
import textwrap

import numba
import numpy as np
import pytest
from scipy.sparse import csgraph

import semiring_paths as sp
from semiring_paths.cpu import fused
from semiring_paths.cpu.loops import sssp as sssp_loops
from semiring_paths.generators import grid, kronecker


@pytest.fixture
def compiled():
    """The CPU backend with its compiled loops forced on."""
    from semiring_paths.cpu.backend import GraphBLASBackend

    GraphBLASBackend.fused_mode = "always"
    yield
    GraphBLASBackend.fused_mode = "auto"


@pytest.fixture(scope="module")
def kron():
    return kronecker(12, seed=3, weights=(1, 255))


@pytest.mark.parametrize("threads", [1, 2])
def test_threads_give_the_same_answers(compiled, kron, threads):
    """Wide rounds run in parallel (compare-and-swap on d), thin ones serially: 1 and 2
    threads give scipy's answers, and the wide rounds were taken."""
    before = numba.get_num_threads()
    numba.set_num_threads(min(threads, numba.config.NUMBA_NUM_THREADS))
    try:
        M = kron.to_scipy(np.float64)
        s = int(np.argmax(kron.out_degree))
        want = csgraph.dijkstra(M, indices=s)
        for strategy in ("workfront", "light-first", "bellman-ford", "delta-stepping"):
            r = sp.sssp(kron, s, strategy=strategy, backend="cpu")
            np.testing.assert_array_equal(r.distances, want)
        wide = sp.sssp(kron, s, strategy="workfront", direction="push", backend="cpu")
        assert max(st.edges for st in wide.trace.steps) >= sssp_loops.PAR_EDGES
        np.testing.assert_array_equal(wide.distances, want)
        levels = csgraph.shortest_path(M, unweighted=True, indices=s)
        r = sp.bfs(kron, s, backend="cpu")
        assert "pull" in {st.direction for st in r.trace.steps}
        np.testing.assert_array_equal(r.levels, np.where(np.isinf(levels), -1, levels))
        src = np.arange(0, kron.n_vertices, 37)
        ms = sp.multi_source_bfs(kron, src, backend="cpu")
        ref = csgraph.shortest_path(M, unweighted=True, indices=src)
        np.testing.assert_array_equal(ms, np.where(np.isinf(ref), -1, ref))
        np.testing.assert_array_equal(sp.multi_source_sssp(kron, src[:20], backend="cpu"),
                                      csgraph.dijkstra(M, indices=src[:20]))
    finally:
        numba.set_num_threads(before)


@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.parametrize("directed", [False, True])
def test_pull_rounds_match_scipy(compiled, threads, directed):
    """Fixed-point rounds pull through Aᵀ (forced: every round; auto: the wide ones), on
    1 and 2 threads, undirected and directed (where Aᵀ, and light-first's A_Lᵀ, are
    transposes): scipy's distances, and a forced pull reads every stored edge a round."""
    G = kronecker(11, seed=5, weights=(1, 255), symmetrize=not directed)
    M = G.to_scipy(np.float64)
    s = int(np.argmax(G.out_degree))
    want = csgraph.dijkstra(M, indices=s)
    before = numba.get_num_threads()
    numba.set_num_threads(min(threads, numba.config.NUMBA_NUM_THREADS))
    try:
        for strategy in ("workfront", "bellman-ford", "light-first"):
            for direction in ("pull", "auto"):
                r = sp.sssp(G, s, strategy=strategy, direction=direction, backend="cpu")
                np.testing.assert_array_equal(r.distances, want)
                assert r.trace.steps[0].direction == "fused"
                if direction == "pull" and strategy != "light-first":
                    assert {st.edges for st in r.trace.steps} == {G.n_stored}
    finally:
        numba.set_num_threads(before)


@pytest.mark.parametrize("threads", [1, 2])
def test_threaded_near_far_matches_scipy(compiled, kron, monkeypatch, threads):
    """Near-Far on persistent threads (``loops/threads.py``, from THREADED_EDGES on;
    lowered here so the test graphs take it) gives scipy's distances."""
    monkeypatch.setattr(fused, "THREADED_EDGES", 0)
    calls = []
    real = fused.parallel.near_far
    monkeypatch.setattr(fused.parallel, "near_far",
                        lambda *a: calls.append(a[-1]) or real(*a))
    before = numba.get_num_threads()
    numba.set_num_threads(min(threads, numba.config.NUMBA_NUM_THREADS))
    try:
        for G in (kron, grid(60, 60, seed=3, weights=(1, 255))):
            M = G.to_scipy(np.float64)
            for s in (0, G.n_vertices // 2):
                r = sp.sssp(G, s, strategy="near-far", backend="cpu")
                np.testing.assert_array_equal(r.distances, csgraph.dijkstra(M, indices=s))
                assert r.trace.steps[0].direction == "fused"
        assert (calls == [2] * 4) if threads == 2 else not calls   # 1 thread: serial
    finally:
        numba.set_num_threads(before)


@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.parametrize("directed", [False, True])
def test_threaded_bfs_matches_scipy(compiled, monkeypatch, threads, directed):
    """BFS on persistent threads (``loops/threads.py``, from THREADED_EDGES on; lowered
    here): push, pull and direction-optimizing give scipy's levels and valid parents, the
    direction-optimizing search pulls where the serial one does, with the same records."""
    from semiring_paths.verify import verify_bfs, verify_trace

    monkeypatch.setattr(fused, "THREADED_EDGES", 0)
    monkeypatch.setattr(fused, "THREADED_DEGREE", math.inf)
    calls = []
    real = fused.parallel.bfs
    monkeypatch.setattr(fused.parallel, "bfs", lambda *a: calls.append(a[-1]) or real(*a))
    before = numba.get_num_threads()
    numba.set_num_threads(min(threads, numba.config.NUMBA_NUM_THREADS))
    try:
        for G in (kronecker(12, seed=3, symmetrize=not directed), grid(60, 60)):
            M = G.to_scipy(np.float64)
            for s in (0, G.n_vertices // 2, int(np.argmax(G.out_degree))):
                ref = csgraph.shortest_path(M, unweighted=True, indices=s)
                ref = np.where(np.isinf(ref), -1, ref)
                for strategy in ("direction-optimizing", "sovm", "bovm"):
                    r = sp.bfs(G, s, strategy=strategy, backend="cpu")
                    np.testing.assert_array_equal(r.levels, ref)
                    verify_bfs(G, s, r.levels, r.parents)
                    if strategy == "direction-optimizing":
                        numba.set_num_threads(1)          # the serial loop's records
                        one = sp.bfs(G, s, strategy=strategy, backend="cpu")
                        numba.set_num_threads(min(threads, numba.config.NUMBA_NUM_THREADS))
                        verify_trace(r.trace, one.trace,
                                     ("frontier", "edges", "changed", "direction"))
        assert calls and set(calls) == {2} if threads == 2 else not calls
    finally:
        numba.set_num_threads(before)


def test_unwritable_cache_directory_still_computes(tmp_path):
    """numba cannot write its cache: it compiles in memory and the answers are right."""
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    code = textwrap.dedent("""
        import numpy as np, semiring_paths as sp
        from scipy.sparse import csgraph
        from semiring_paths.cpu.backend import GraphBLASBackend
        GraphBLASBackend.fused_mode = "always"        # the loops, not GraphBLAS rounds
        G = sp.read("rome99")
        r = sp.sssp(G, 0, backend="cpu")
        assert np.array_equal(r.distances,
                              csgraph.dijkstra(G.to_scipy(np.float64), indices=0))
        assert r.trace.steps[0].direction == "fused"
        assert sp.bfs(G, 0, backend="cpu").trace.strategy == "direction-optimizing"
        print("ok")
    """)
    env = dict(os.environ, NUMBA_CACHE_DIR=str(blocker / "cache"))
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                         text=True, timeout=600)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "ok"


def test_a_cold_cache_compiles_apart_and_leaves_the_users_warnings_alone(tmp_path):
    """With nothing in numba's disk cache, the first search's loops compile in a child
    process while this one runs GraphBLAS rounds: numba's compile swaps the warning
    state (``catch_warnings`` in its type inference), which in a thread here took the
    user's warnings (71 of 520 not recorded, measured) and undid a ``catch_warnings``
    entered meanwhile.  Every warning is recorded, and the loops are in afterwards."""
    code = textwrap.dedent("""
        import time, warnings
        import semiring_paths as sp
        from semiring_paths.cpu import fused, warm
        assert not any(map(warm.cached, fused.WARM_LOOPS))     # a cold cache
        show = warnings.showwarning
        sp.sssp(sp.read("karate"), 0)                  # rounds; the warm-up starts
        lost = tries = 0
        while not warm.ready() or tries < 50:
            with warnings.catch_warnings(record=True) as w:
                warnings.simplefilter("always")
                time.sleep(0.005)                      # inside while numba compiles
                warnings.warn("probe", RuntimeWarning)
            tries += 1
            lost += not any(str(x.message) == "probe" for x in w)
        assert warnings.showwarning is show
        assert all(map(warm.cached, fused.WARM_LOOPS))
        r = sp.sssp(sp.read("rome99"), 0)
        print(lost, tries, r.trace.steps[0].direction)
    """)
    env = dict(os.environ, NUMBA_CACHE_DIR=str(tmp_path / "cache"))
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                         text=True, timeout=600)
    assert out.returncode == 0, out.stderr
    lost, tries, direction = out.stdout.split()
    assert (int(lost), direction) == (0, "fused") and int(tries) >= 50


@pytest.mark.parametrize("in_cache", [True, False])
def test_the_warm_up_thread_only_loads(monkeypatch, in_cache):
    """The thread runs its calls only over loops in the disk cache (a load); where a
    loop is not and no child can compile it (no interpreter to start; a frozen app,
    whose executable would start the app again), it runs nothing and the loops compile
    in the foreground at their first use."""
    import threading

    from semiring_paths.cpu import warm

    ran = []

    class Owner:
        @classmethod
        def calls(cls) -> None:
            ran.append(1)

    started = []
    monkeypatch.setattr(warm.subprocess, "run", lambda *a, **k: started.append(a))
    monkeypatch.setattr(sys, "frozen", True, raising=False)   # a frozen app: no child
    assert warm._compile_apart(Owner.calls) is False and not started
    monkeypatch.delattr(sys, "frozen")
    monkeypatch.setattr(sys, "executable", "")
    monkeypatch.setattr(warm, "cached", lambda loop: in_cache)
    monkeypatch.setattr(warm, "_done", threading.Event())
    assert warm._compile_apart(Owner.calls) is False and not started
    warm._run(Owner.calls, fused.WARM_LOOPS)
    assert warm.ready() and ran == ([1] if in_cache else []) and not started


def test_deep_searches_run_one_source_a_thread(compiled, monkeypatch):
    """Past ``BITMAP_LEVELS`` levels the many-source BFS runs one search a source; both
    variants give scipy's levels and counts."""
    G = grid(30, 12, seed=1)
    M = G.to_scipy(np.float64)
    src = np.array([0, 5, 77, 359, 200])
    ref = csgraph.shortest_path(M, unweighted=True, indices=src)
    ref = np.where(np.isinf(ref), -1, ref).astype(np.int64)
    for limit in (0, 10_000):                     # one search a source, then the bitmaps
        monkeypatch.setattr(fused, "BITMAP_LEVELS", limit)
        np.testing.assert_array_equal(sp.multi_source_bfs(G, src, backend="cpu"), ref)
        for part, C in sp.level_counts(G, src, backend="cpu"):
            for i, s in enumerate(part):
                row = ref[list(src).index(s)]
                want = np.bincount(row[row >= 0], minlength=C.shape[0])
                np.testing.assert_array_equal(C[:, i], want)


def test_delta_stepping_too_fine_a_delta_runs_graphblas(compiled):
    """A Δ so small that the window of bins would not fit: the GraphBLAS rounds run
    instead (same answer), nothing is allocated for 10¹⁵ bins."""
    G = sp.Graph.from_edges([0, 1, 0], [1, 2, 2], weights=[1e9, 1e9, 3e9])
    r = sp.sssp(G, 0, strategy="delta-stepping", delta=1e-6, backend="cpu")
    assert r.distances.tolist() == [0.0, 1e9, 2e9]
    assert "fused" not in {st.direction for st in r.trace.steps}


def test_compiled_traces_say_so(compiled):
    G = sp.read("rome99")
    for strategy in ("near-far", "martin", "delta-stepping", "workfront"):
        t = sp.sssp(G, 0, strategy=strategy, backend="cpu").trace
        assert {st.direction for st in t.steps} == {"fused"}
        assert sum(st.edges for st in t.steps) >= G.n_stored   # every edge at least once


@pytest.mark.parametrize("cached", [True, False])
def test_a_settle_rule_waits_for_its_cached_loop(monkeypatch, cached):
    """Before the loops are in: a settle rule (up to a round a vertex) on a graph of
    SETTLE_WAIT_VERTICES or more waits for its loop where numba has it on disk, and runs
    as GraphBLAS rounds where it would compile; other strategies, and small graphs, do
    not wait."""
    from semiring_paths.cpu import warm

    waited = []
    monkeypatch.setattr(warm, "ready", lambda: False)
    monkeypatch.setattr(warm, "warming", lambda: False)
    monkeypatch.setattr(warm, "start", lambda calls, loops=(): None)
    monkeypatch.setattr(warm, "wait", lambda calls, loops=(): waited.append(1))
    monkeypatch.setattr(warm, "cached", lambda loop: cached and loop is sssp_loops.settle)
    G = sp.read("rome99")
    assert G.n_vertices >= fused.SETTLE_WAIT_VERTICES
    want = csgraph.dijkstra(G.to_scipy(np.float64), indices=0)
    for strategy in ("crauser", "martin", "crauser-economic", "near-far"):
        waited.clear()
        r = sp.sssp(G, 0, strategy=strategy, backend="cpu")
        np.testing.assert_allclose(r.distances, want)
        waits = cached and strategy != "near-far"
        assert bool(waited) == waits, strategy
        assert ({st.direction for st in r.trace.steps} == {"fused"}) == waits, strategy
    waited.clear()
    small = sp.read("karate")                     # 34 vertices: rounds, no wait
    sp.sssp(small, 0, strategy="crauser", backend="cpu")
    assert not waited


def test_cached_reads_numbas_index(compiled):
    """``warm.cached``: True once the settle loop has run here (numba writes its disk
    cache; this checkout's is writable), so a numba that moved its private index path
    would fail here rather than quietly turn the wait off; False for what it cannot tell
    about."""
    from semiring_paths.cpu import warm

    G = sp.read("rome99")
    sp.sssp(G, 0, strategy="crauser", backend="cpu")          # the settle loop, compiled
    assert warm.cached(sssp_loops.settle) is True
    assert warm.cached(object()) is False
