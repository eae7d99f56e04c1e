"""Traces and verifiers on their own: what notebooks plot and what every test relies on."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

import semiring_paths as sp
from semiring_paths.results import Trace, levels_to_distances
from semiring_paths.verify import verify_bfs, verify_sssp, verify_trace


def test_trace_steps_batches_and_summary():
    t = Trace("sssp", "workfront", "cpu", n_vertices=10, n_edges=40)
    t.add(frontier=1, edges=3, seconds=0.5, changed=3)
    t.add_many(frontier=np.array([3, 2]), edges=-1, seconds=0.25, direction="block",
               changed=np.array([2, 0]))
    t.add(frontier=0, edges=4, seconds=0.1, direction="pull")
    assert t.iterations == len(t) == 4
    assert [s.iteration for s in t.steps] == [1, 2, 3, 4]
    assert [s.frontier for s in t.steps] == [1, 3, 2, 0]
    assert [s.direction for s in t.steps] == ["push", "block", "block", "pull"]
    assert t.edges_relaxed == 7                      # uncounted (-1) steps left out
    s = t.summary()
    assert s["push_steps"] == 1 and s["pull_steps"] == 1 and s["max_frontier"] == 3
    assert s["edges_relaxed_per_edge"] == 7 / 40
    t.reached_fn = lambda: 14
    assert t.reached_edges == 14 and t.summary()["work_vs_dijkstra"] == 0.5
    assert t.as_dict()["steps"][1]["changed"] == 2


def test_trace_plot_draws_every_series():
    import matplotlib

    matplotlib.use("Agg")
    r = sp.sssp(sp.read("rome99"), 0, strategy="near-far", backend="cpu")
    ax = r.trace.plot()
    labels = [line.get_label() for line in ax.get_lines()]
    assert {"frontier", "far pile / open set"} <= set(labels)
    assert len(ax.get_lines()[0].get_xdata()) == r.trace.iterations


def test_levels_to_distances():
    d = levels_to_distances(np.array([0, 2, -1]), 1.5)
    assert d.tolist() == [0.0, 3.0, np.inf] and d.dtype == np.float64


def _path():
    return sp.Graph.from_edges([0, 1, 0], [1, 2, 2], weights=[1, 1, 5])


def test_verify_sssp_accepts_a_true_tree_and_rejects_wrong_ones():
    G = _path()
    verify_sssp(G, 0, np.array([0.0, 1.0, 2.0]), np.array([-1, 0, 1]))
    with pytest.raises(AssertionError, match="value of vertex 2"):
        verify_sssp(G, 0, np.array([0.0, 1.0, 5.0]), np.array([-1, 0, 0]))
    with pytest.raises(AssertionError, match="not tight"):
        verify_sssp(G, 0, np.array([0.0, 1.0, 2.0]), np.array([-1, 0, 0]))
    with pytest.raises(AssertionError, match="no predecessor"):
        verify_sssp(G, 0, np.array([0.0, 1.0, 2.0]), np.array([-1, 0, -1]))
    with pytest.raises(AssertionError, match="not in the graph"):
        verify_sssp(G, 0, np.array([0.0, 1.0, 2.0]), np.array([-1, 2, 1]))


def test_verify_trace_compares_rounds(monkeypatch):
    """Crauser's rounds depend on the graph alone: the compiled CPU loop and the
    GraphBLAS rounds agree round by round; one changed count, or a round missing, is
    named."""
    from semiring_paths.cpu.backend import GraphBLASBackend
    from semiring_paths.generators import grid
    G = grid(12, 15, seed=1, weights=(1, 9))
    monkeypatch.setattr(GraphBLASBackend, "fused_mode", "always")
    a = sp.sssp(G, 0, strategy="crauser", backend="cpu").trace
    monkeypatch.setattr(GraphBLASBackend, "fused_mode", "never")
    b = sp.sssp(G, 0, strategy="crauser", backend="cpu").trace
    assert a.iterations > 5
    verify_trace(a, b)
    b.steps[3].settled += 1
    with pytest.raises(AssertionError, match="first differing at round 4"):
        verify_trace(a, b)
    b.steps[3].settled -= 1
    b.steps.pop()
    with pytest.raises(AssertionError, match=f"{a.iterations} rounds against "
                                             f"{a.iterations - 1}"):
        verify_trace(a, b)


def test_verify_bfs_rejects_wrong_levels_and_cycles():
    G = sp.Graph.from_edges([0, 1, 2], [1, 2, 0], directed=False)
    verify_bfs(G, 0, np.array([0, 1, 1]), np.array([0, 0, 0]))
    with pytest.raises(AssertionError, match="level of vertex"):
        verify_bfs(G, 0, np.array([0, 1, 2]), np.array([0, 0, 1]))
    with pytest.raises(AssertionError, match=r"one level up|cycle"):
        verify_bfs(G, 0, np.array([0, 1, 1]), np.array([0, 2, 1]))


PUBLIC = [
    lambda x: sp.bfs(x, 0), lambda x: sp.sssp(x, 0), lambda x: sp.multi_source_bfs(x, [0]),
    lambda x: sp.multi_source_sssp(x, [0]), lambda x: sp.level_counts(x, [0]),
    lambda x: sp.apsp(x), lambda x: sp.closeness(x), lambda x: sp.harmonic(x),
    lambda x: sp.eccentricity(x), lambda x: sp.diameter(x), lambda x: sp.radius(x),
    lambda x: sp.average_shortest_path_length(x), lambda x: sp.distance_histogram(x),
]


@pytest.mark.parametrize("call", PUBLIC)
def test_every_public_function_checks_its_graph(call):
    """At the call, not at the first block a generator (apsp, level_counts) hands out."""
    with pytest.raises(TypeError, match=r"expected a semiring_paths\.Graph, got str"):
        call("karate")


def test_reductions_of_no_vertices_say_so():
    E = sp.Graph.from_edges([], [], n_vertices=0)
    with pytest.raises(sp.InvalidGraphError, match=r"diameter of no vertices.*no vertices"):
        sp.diameter(E)
    with pytest.raises(sp.InvalidGraphError, match=r"radius of no vertices.*sources is empty"):
        sp.radius(sp.Graph.from_edges([0], [1]), sources=[])
    with pytest.raises(sp.SourceError, match="source 7 is out of range"):
        sp.level_counts(sp.Graph.from_edges([0], [1]), [7])


def test_reductions_name_the_users_edge():
    G = sp.Graph.from_edges([1], [2], weights=[-1.0], n_vertices=3)
    with pytest.raises(sp.NegativeWeightError, match="1 -> 2"):
        sp.closeness(G, weight=True)
    assert sp.closeness(G).tolist() == [0.0, 0.0, 0.5]      # hops: the weights unread
    with pytest.raises(sp.NegativeWeightError, match=r"\[0, 1\]"):
        sp.sssp(sp.read("rome99"), 0, semiring="max_times")


@pytest.mark.parametrize("make", [
    lambda G: sp.sssp(G, 0), lambda G: sp.bfs(G, 0)], ids=["sssp", "bfs"])
@pytest.mark.parametrize("target", [1.7, 0.5, True, "1"])
def test_path_to_takes_only_integer_ids(make, target):
    # int(1.7) would have answered the path to vertex 1, and 0.5 the source's
    r = make(sp.Graph.from_edges([0, 1], [1, 2], weights=[1.0, 2.0]))
    with pytest.raises(sp.SourceError, match="target must be an integer vertex id"):
        r.path_to(target)
    with pytest.raises(sp.SourceError, match=r"target 3 is out of range: .*\(ids 0\.\.2\)"):
        r.path_to(3)
    assert r.path_to(np.int32(2)) == [0, 1, 2] and r.path_to(0) == [0]


def test_vertex_errors_name_the_role_and_the_ids():
    G = sp.Graph.from_edges([0, 1], [1, 2], weights=[1.0, 2.0])
    with pytest.raises(sp.SourceError, match="target 9 is out of range"):
        sp.sssp(G, 0, targets=[1, 9])
    with pytest.raises(sp.SourceError, match="target 9 is out of range"):
        sp.bfs(G, 0, targets=9)
    with pytest.raises(sp.SourceError, match="the graph has no vertices"):
        sp.bfs(sp.Graph.from_edges([], [], n_vertices=0), 0)
    with pytest.raises(sp.SourceError, match=r"has 1 vertex \(id 0\)"):
        sp.sssp(sp.Graph.from_edges([], [], n_vertices=1), 1)
    with pytest.raises(sp.SourceError, match="a count of sources to sample, or vertex ids"):
        sp.closeness(G, 1.5)
    with pytest.raises(sp.SourceError, match="sources must be a sequence of vertex ids"):
        sp.harmonic(G, True)
    with pytest.raises(sp.SourceError, match="sources must be integer vertex ids, got a bool"):
        sp.multi_source_sssp(G, [0, True])                  # numpy would read [0, 1]
    with pytest.raises(sp.SourceError, match=r"targets must be integer vertex ids, got "
                                             r"'a' \(str\)"):
        sp.sssp(G, 0, targets=["a"])                        # not numpy's '<U1'
    with pytest.raises(sp.SourceError, match=r"got 1\.5 \(float\)"):
        sp.multi_source_bfs(G, np.array([1.5, 2.0]))
    assert sp.multi_source_bfs(G, (v for v in [0, 2])).shape == (2, 3)   # any iterable
    with pytest.raises(sp.SourceError, match="sources must be a sequence of vertex ids"):
        sp.multi_source_bfs(G, 7)


def test_ids_from_arrays_on_the_host_or_the_device(backend):
    """Ids held in arrays are ids: a 0-d array (``np.array(3)``; ``cp.argmax`` returns
    one) as a source or a target, and CuPy arrays of ids (an ``as_cupy`` user's) as
    sources and targets, copied to the host (before: "Implicit conversion to a NumPy
    array is not allowed")."""
    xp = pytest.importorskip("cupy") if backend == "gpu" else np
    G = sp.Graph.from_edges([0, 1, 2], [1, 2, 3], [1.0, 2.0, 3.0])
    s = xp.argmax(xp.asarray([0, 5, 1, 2]))                 # 0-d, vertex 1
    r = sp.sssp(G, s, backend=backend)
    assert r.distances.tolist() == [np.inf, 0.0, 2.0, 5.0]
    assert r.path_to(xp.asarray(3)) == [1, 2, 3]
    assert sp.bfs(G, s, backend=backend).levels.tolist() == [-1, 0, 1, 2]
    assert sp.sssp(G, 0, targets=xp.asarray([2]), backend=backend).distances[2] == 3.0
    assert sp.multi_source_bfs(G, xp.asarray([0, 2]), backend=backend).tolist() == [
        [0, 1, 2, 3], [-1, -1, 0, 1]]
    assert sp.k_hop(G, xp.asarray([2]), 1, backend=backend).tolist() == [2, 3]
    with pytest.raises(sp.SourceError, match="must be an integer vertex id"):
        sp.sssp(G, xp.asarray(1.0), backend=backend)


@pytest.mark.parametrize("call, match", [
    (lambda G: sp.betweenness(G, batch=True, progress=False), "batch must be an int >= 1"),
    (lambda G: sp.multi_source_bfs(G, [0], batch=0), "batch must be an int >= 1"),
    (lambda G: sp.multi_source_sssp(G, [0], memory_limit=-1), "memory_limit must be an int"),
    (lambda G: sp.closeness(G, memory_limit=1.5, progress=False), "memory_limit must be"),
    (lambda G: list(sp.apsp(G, memory_limit="1G", progress=False)), "memory_limit must be"),
    (lambda G: sp.k_shortest_paths(G, 0, 2, 2.0), r"k must be an int >= 1, got 2\.0"),
    (lambda G: sp.count_walks(G, 0, True), "k must be an int >= 0, got True"),
    (lambda G: sp.bfs(G, 0, max_depth=-1), "max_depth must be an int >= 0"),
], ids=["betweenness-batch", "msbfs-batch", "memory_limit-neg", "memory_limit-float",
        "memory_limit-str", "k-float", "k-bool", "max_depth"])
def test_counts_and_sizes_take_ints(call, match):
    """One check (validate.integer) for every count, depth and size: batch=True was one
    source a block in betweenness, and a negative or float memory_limit was taken."""
    G = sp.Graph.from_edges([0, 1], [1, 2], weights=[1.0, 2.0])
    with pytest.raises(ValueError, match=match):
        call(G)


def test_integer_distances_past_2_53_warn_that_float64_rounds_them(backend):
    # 2**53 + 1 has no float64: the distance read 2**53 with no word
    G = sp.Graph.from_edges([0, 1], [1, 2], [2**53 + 1, 3], directed=True)
    runs = [lambda: sp.sssp(G, 0, backend=backend),
            lambda: sp.multi_source_sssp(G, [0], backend=backend),
            lambda: list(sp.apsp(G, backend=backend, progress=False))]
    # the same weight on every edge (BFS levels × c), and a bounded search
    U = sp.Graph.from_edges([0, 1, 2], [1, 2, 3], [2**52 + 1] * 3, directed=True)
    runs += [lambda: sp.sssp(U, 0, backend=backend),
             lambda: sp.shortest_path(G, 0, 2, backend=backend),
             lambda: sp.eccentricity(G, [0], weight=True, unreachable="ignore",
                                     backend=backend, progress=False),
             lambda: sp.sssp(G, 0, backend=backend, cutoff=2.0**60)]
    if backend == "gpu":
        runs.append(lambda: sp.sssp(G, 0, backend=backend, as_cupy=True))
    else:                                    # (Yen's searches run on the CPU)
        runs.append(lambda: sp.k_shortest_paths(G, 0, 2, 2))
    for run in runs:
        with pytest.warns(RuntimeWarning, match=r"past 2\*\*53: float64 distances round"):
            run()
    small = sp.Graph.from_edges([0, 1], [1, 2], [2**40, 3], directed=True)
    assert not small.rounds_past_float64
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert sp.sssp(small, 0, backend=backend).distances[2] == 2**40 + 3
    # possible by the bound, not reached: no warning
    far = sp.Graph.from_edges([0, 1], [1, 2], [2**52, 1], directed=True)
    assert far.rounds_past_float64
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        sp.sssp(far, 0, backend=backend)
