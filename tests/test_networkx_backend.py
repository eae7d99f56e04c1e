"""The NetworkX backend: NetworkX's own suite runs against it with zero failures, every
implemented function is served by us there, and each answers exactly as NetworkX does on
random graphs with string labels, isolated nodes, directed and undirected."""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys
from pathlib import Path

import networkx as nx
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from semiring_paths import networkx as nxb

NX_SUITE = ["networkx.algorithms.shortest_paths", "networkx.algorithms.traversal",
            "networkx.algorithms.centrality.tests.test_closeness_centrality",
            "networkx.algorithms.centrality.tests.test_betweenness_centrality",
            "networkx.algorithms.centrality.tests.test_betweenness_centrality_subset",
            "networkx.algorithms.centrality.tests.test_load_centrality",
            "networkx.algorithms.centrality.tests.test_harmonic_centrality",
            "networkx.algorithms.tests.test_distance_measures"]


#: served functions that NetworkX's suite never calls in a form served here (the dispatch
#: counts of test_counts_prove_dispatch show them served)
NOT_IN_SUITE = {"generic_bfs_edges": "its tests always pass a neighbors function"}


def test_networkx_suite_passes_and_we_serve_every_function(tmp_path):
    report = tmp_path / "dispatch.json"
    env = dict(os.environ, NETWORKX_TEST_BACKEND="semiring_paths",
               NETWORKX_FALLBACK_TO_NX="True", SP_DISPATCH_REPORT=str(report),
               PYTHONPATH=os.pathsep.join(filter(None, [str(Path(__file__).parent),
                                                        os.environ.get("PYTHONPATH")])))
    r = subprocess.run(
        [sys.executable, "-m", "pytest", "--pyargs", *NX_SUITE, "-q", "-p",
         "nx_dispatch_plugin", "-p", "no:cacheprovider", "-W", "ignore",
         "-o", "addopts=", "--rootdir", str(tmp_path)],
        capture_output=True, text=True, env=env, cwd=tmp_path)
    tail = "\n".join(r.stdout.splitlines()[-15:])
    assert r.returncode == 0, tail
    data = json.loads(report.read_text())
    assert data["failed"] == 0, tail
    unserved = [f for f in nxb.FUNCTIONS
                if data["served"].get(f, 0) == 0 and f not in NOT_IN_SUITE]
    assert not unserved, f"never served by the backend: {unserved}"
    print(f"\nNetworkX suite: {tail.splitlines()[-1]}")
    print("served:", json.dumps(data["served"], sort_keys=True))
    print("fell back (declined by can_run):",
          json.dumps({k: v for k, v in data["fallbacks"].items() if k in nxb.FUNCTIONS},
                     sort_keys=True))


def test_every_served_function_takes_networkx_parameters():
    """The installed NetworkX's parameters, each accepted by name (a NetworkX release
    that adds one, as 3.7 gave ``closeness_centrality`` its ``sp=``, fails here rather
    than in a user's call)."""
    import inspect

    from semiring_paths.networkx.registry import dispatched

    for name, reg in nxb.REGISTRY.items():
        theirs = [p for p in inspect.signature(dispatched(name)).parameters
                  if p not in ("backend", "backend_kwargs")]
        ours = inspect.signature(reg.func._implementation).parameters
        assert set(theirs) <= set(ours), f"{name}: {sorted(set(theirs) - set(ours))}"


def test_entry_points_and_info():
    assert "semiring_paths" in nx.utils.backends.backends
    info = nxb.get_info()
    assert set(info["functions"]) == set(nxb.FUNCTIONS)
    G = nx.path_graph(4)
    assert nx.shortest_path_length(G, 0, 3, backend="semiring_paths") == 3


@pytest.mark.parametrize("first", ["import semiring_paths.networkx",
                                   "from semiring_paths.networkx import astar",
                                   "import networkx", "import semiring_paths"])
def test_backend_info_whatever_is_imported_first(first):
    """NetworkX's import ends by calling every backend's ``get_info``: where this backend's
    package is imported first, that call comes while the package is being imported (it
    used to find no ``get_info`` yet: a RuntimeWarning, and no functions listed)."""
    code = (f"{first}\nimport json, networkx as nx\n"
            "print(json.dumps(sorted(nx.utils.backends.backend_info['semiring_paths']"
            "['functions'])))")
    out = subprocess.run([sys.executable, "-W", "error::RuntimeWarning", "-c", code],
                         capture_output=True, text=True, check=False)
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout.splitlines()[-1]) == nxb.FUNCTIONS


# ----------------------------------------------------------------- random comparisons
@st.composite
def nx_graphs(draw, weighted=True):
    n = draw(st.integers(1, 14))
    labels = [f"v{i}" for i in range(n)]
    directed = draw(st.booleans())
    G = nx.DiGraph() if directed else nx.Graph()
    G.add_nodes_from(labels)                          # isolated nodes stay
    m = draw(st.integers(0, 3 * n))
    # ints, floats, or both (NetworkX's sums are ints exactly along all-int paths, and
    # its sources start at the int 0)
    kind = draw(st.sampled_from(["int", "float", "mixed"]))
    values = {"int": st.integers(0, 9), "float": st.sampled_from([0.0, 0.5, 1.0, 2.5]),
              "mixed": st.sampled_from([0, 1, 2, 0.5, 2.0])}[kind]
    for _ in range(m):
        u, v = draw(st.sampled_from(labels)), draw(st.sampled_from(labels))
        if weighted:
            G.add_edge(u, v, weight=draw(values))
        else:
            G.add_edge(u, v)
    return G, draw(st.sampled_from(labels)), draw(st.sampled_from(labels))




def _in_order(x):
    """A result with every dict as its list of items (so dict order is compared too) and
    every number with its type (1 == 1.0, but NetworkX returns one of them)."""
    if isinstance(x, dict):
        return [(k, _in_order(v)) for k, v in x.items()]
    if isinstance(x, (list, tuple)):
        return type(x)(map(_in_order, x))
    if isinstance(x, (int, float)):
        return type(x).__name__, x
    return x


def same(fn, *args, **kw):
    """Our answer equals NetworkX's: value, type, dict order and raised exception."""
    try:
        want = fn(*args, **kw)
        if hasattr(want, "__next__"):
            want = list(want)
    except Exception as e:      # NetworkX's own (a bug of its in find_negative_cycle too)
        with pytest.raises(type(e)) as raised:
            got = fn(*args, backend="semiring_paths", **kw)
            if hasattr(got, "__next__"):
                list(got)
        assert str(raised.value) == str(e), (fn.__name__, kw)           # its words too
        return
    got = fn(*args, backend="semiring_paths", **kw)
    if hasattr(got, "__next__"):
        got = list(got)
    if isinstance(want, np.ndarray):
        np.testing.assert_array_equal(got, want)
        assert got.dtype == want.dtype
        return
    if isinstance(want, float) and want != want:          # NaN (harmonic_diameter)
        assert isinstance(got, float) and got != got
        return
    assert got == want
    assert type(got) is type(want)
    assert _in_order(got) == _in_order(want), (fn.__name__, kw, list(args[0].edges(data=True)))


@given(st.integers(1, 12), st.booleans(),
       st.lists(st.tuples(st.integers(0, 11), st.integers(0, 11),
                          st.sampled_from([0, 1, 2, 0.5, 2.0, 1.5])), max_size=30),
       st.lists(st.sampled_from([1, 2, 0.5, 2.0]), min_size=12, max_size=12))
def test_eccentricities_over_mixed_weights_have_networkx_types(n, directed, extra, ring):
    """On a connected graph whose weights mix ints and floats, NetworkX's eccentricity is
    the max over its Dijkstra dict: the first longest length it meets, an int where that
    path weighs ints only — and radius and diameter the min and max of those."""
    G = nx.DiGraph() if directed else nx.Graph()
    G.add_nodes_from(range(n))
    for i in range(n):                                  # a ring: strongly connected
        G.add_edge(i, (i + 1) % n, weight=ring[i])
    G.add_weighted_edges_from((u % n, v % n, w) for u, v, w in extra)
    nx.config.warnings_to_ignore.add("cache")
    for fn in (nx.eccentricity, nx.radius, nx.diameter, nx.center, nx.periphery):
        same(fn, G, weight="weight")
    same(nx.eccentricity, G, v=0, weight="weight")


def test_what_networkx_releases_changed_follows_the_installed_one():
    """Where NetworkX 3.6 and 3.7 differ (``compat.py``), each answer is the installed
    release's: paths after a zero-weight edge back to the source (3.7 gives each once,
    issue 8833), Floyd–Warshall's first pass (a self-loop's 0, missing weights, parallel
    edges, key order), the null graph's eccentricity, ``bfs_predecessors``' warning,
    ``barycenter`` dispatched by its 3.7 name ``centroid``."""
    import warnings

    from semiring_paths.networkx import compat

    nx.config.warnings_to_ignore.add("cache")
    G = nx.Graph()
    G.add_edge(0, 1, weight=0)
    G.add_edge(1, 2, weight=100)
    same(nx.all_shortest_paths, G, 0, 2, weight="weight")
    same(nx.single_source_all_shortest_paths, G, 0, weight="weight")
    loop = nx.Graph()
    loop.add_edge("a", "a", weight=0.0)
    loop.add_edge("b", "a")
    parallel = nx.MultiDiGraph([(0, 1, {"weight": 2}), (0, 1, {"weight": 2.0}), (1, 2, {}),
                                (2, 2, {"weight": 3})])
    for H in (loop, parallel, nx.DiGraph(parallel)):
        same(nx.floyd_warshall, H)
        same(nx.floyd_warshall_predecessor_and_distance, H)
        if hasattr(nx, "floyd_warshall_tree"):        # new in 3.7, served there
            same(nx.floyd_warshall_tree, H)
    for fn in (nx.eccentricity, nx.diameter, nx.radius):
        same(fn, nx.Graph())
    caught = []
    for kw in ({}, {"backend": "semiring_paths"}):
        with warnings.catch_warnings(record=True) as got:
            warnings.simplefilter("always")
            it = nx.bfs_predecessors(nx.path_graph(3), 0, **kw)
            assert not got                                 # nothing before the first item
            assert list(it) == [(1, 0), (2, 1)]
        caught.append([(w.category, str(w.message), w.filename) for w in got])
    assert caught[1] == caught[0]                          # at the consumer's line
    assert nx.barycenter.name == compat.barycenter_name()
    served = nxb.dispatch_counts[nx.barycenter.name]
    same(nx.barycenter, nx.cycle_graph(5))
    assert nxb.dispatch_counts[nx.barycenter.name] == served + 1


@given(st.integers(2, 14), st.booleans(),
       st.lists(st.tuples(st.integers(0, 13), st.integers(0, 13),
                          st.sampled_from([0.1, 0.2, 0.3, 0.7, 1.1, 2, 3])), max_size=40),
       st.lists(st.sampled_from([0.1, 0.3, 0.05, 2.3, 1, 2]), min_size=14, max_size=14),
       st.booleans())
def test_float_sums_are_networkx_own_to_the_bit(n, directed, extra, ring, floats_only):
    """closeness_centrality and average_shortest_path_length add float distances with
    Python's sum() over NetworkX's dicts (Neumaier-compensated since 3.12): the same
    terms in the same order give its float to the last bit, where numpy's pairwise sums
    had differed on most such graphs (0.22500000000000003 against 0.22499999999999995);
    with ints and floats mixed, NetworkX's types too (an int run is summed exactly)."""
    G = nx.DiGraph() if directed else nx.Graph()
    G.add_nodes_from(range(n))
    as_w = float if floats_only else (lambda w: w)
    for i in range(n):                                  # a ring: strongly connected
        G.add_edge(i, (i + 1) % n, weight=as_w(ring[i]))
    G.add_weighted_edges_from((u % n, v % n, as_w(w)) for u, v, w in extra)
    nx.config.warnings_to_ignore.add("cache")
    for wf in (True, False):
        same(nx.closeness_centrality, G, distance="weight", wf_improved=wf)
    same(nx.closeness_centrality, G, n - 1, distance="weight")
    for method in ("dijkstra", "bellman-ford"):
        same(nx.average_shortest_path_length, G, weight="weight", method=method)


@given(nx_graphs(), st.sampled_from([-1, 0, 0.5, 1, 1.5, 2.5, math.nan, math.inf]))
def test_cutoffs_of_every_kind_match_networkx(g, cutoff):
    """NetworkX's cutoffs as its loops read them: its Dijkstra skips a sum ``> cutoff``
    (NaN: none; ``weight=None`` counts each edge 1, not a BFS level), its BFS goes on
    while ``cutoff > level`` (0.5: one level), and ``descendants_at_distance`` returns the
    layer whose count equals the distance (NaN, inf, 0.5: none)."""
    G, s, t = g
    nx.config.warnings_to_ignore.add("cache")
    for weight in (None, "weight"):
        for fn, args in [(nx.single_source_dijkstra_path_length, (G, s)),
                         (nx.single_source_dijkstra, (G, s)),
                         (nx.single_source_dijkstra_path, (G, s)),
                         (nx.multi_source_dijkstra, (G, {s, t})),
                         (nx.multi_source_dijkstra_path_length, (G, {s, t})),
                         (nx.dijkstra_predecessor_and_distance, (G, s)),
                         (nx.all_pairs_dijkstra, (G,)),
                         (nx.all_pairs_dijkstra_path, (G,)),
                         (nx.all_pairs_dijkstra_path_length, (G,))]:
            same(fn, *args, cutoff=cutoff, weight=weight)
    for fn, args in [(nx.single_source_shortest_path_length, (G, s)),
                     (nx.single_source_shortest_path, (G, s)),
                     (nx.single_target_shortest_path, (G, t)),
                     (nx.all_pairs_shortest_path, (G,)),
                     (nx.all_pairs_shortest_path_length, (G,))]:
        same(fn, *args, cutoff=cutoff)
    same(nx.descendants_at_distance, G, s, cutoff)


@given(nx_graphs())
def test_random_graphs_match_networkx(g):
    G, s, t = g
    nx.config.warnings_to_ignore.add("cache")
    for fn, args in [
        (nx.single_source_shortest_path_length, (G, s)),
        (nx.single_target_shortest_path_length, (G, t)),
        (nx.single_source_shortest_path, (G, s)),
        (nx.bidirectional_shortest_path, (G, s, t)),
        (nx.single_source_dijkstra_path_length, (G, s)),
        (nx.single_source_dijkstra, (G, s)),
        (nx.single_source_dijkstra_path, (G, s)),
        (nx.dijkstra_path_length, (G, s, t)),
        (nx.dijkstra_path, (G, s, t)),
        (nx.bidirectional_dijkstra, (G, s, t)),
        (nx.multi_source_dijkstra_path_length, (G, {s, t})),
        (nx.single_source_bellman_ford_path_length, (G, s)),
        (nx.bellman_ford_path_length, (G, s, t)),
        (nx.negative_edge_cycle, (G,)),
        (nx.all_pairs_shortest_path_length, (G,)),
        (nx.all_pairs_dijkstra_path_length, (G,)),
        (nx.bfs_layers, (G, s)),
        (nx.bfs_edges, (G, s)),
        (nx.bfs_predecessors, (G, s)),
        (nx.descendants_at_distance, (G, s, 2)),
        (nx.closeness_centrality, (G,)),
        (nx.eccentricity, (G,)),
        (nx.diameter, (G,)),
        (nx.radius, (G,)),
        (nx.average_shortest_path_length, (G,)),
        (nx.has_path, (G, s, t)),
        (nx.multi_source_dijkstra, (G, [t, s])),
        (nx.multi_source_dijkstra_path, (G, {s, t})),
        (nx.dijkstra_predecessor_and_distance, (G, s)),
        (nx.all_pairs_dijkstra, (G,)),
        (nx.all_pairs_dijkstra_path, (G,)),
        (nx.all_pairs_shortest_path, (G,)),
        (nx.single_target_shortest_path, (G, t)),
        (nx.single_source_bellman_ford, (G, s)),
        (nx.single_source_bellman_ford, (G, s, t)),
        (nx.single_source_bellman_ford_path, (G, s)),
        (nx.bellman_ford_path, (G, s, t)),
        (nx.bellman_ford_predecessor_and_distance, (G, s)),
        (nx.all_pairs_bellman_ford_path_length, (G,)),
        (nx.all_pairs_bellman_ford_path, (G,)),
        (nx.floyd_warshall_numpy, (G,)),
        (nx.predecessor, (G, s)),
        (nx.predecessor, (G, s, t)),
        (nx.all_shortest_paths, (G, s, t)),
        (nx.single_source_all_shortest_paths, (G, s)),
        (nx.all_pairs_all_shortest_paths, (G,)),
        (nx.floyd_warshall, (G,)),
        (nx.floyd_warshall_predecessor_and_distance, (G,)),
        (nx.astar_path, (G, s, t)),
        (nx.astar_path_length, (G, s, t)),
        (nx.bfs_successors, (G, s)),
        (nx.bfs_labeled_edges, (G, s)),
        (nx.bfs_labeled_edges, (G, [t, s, t])),
        (nx.generic_bfs_edges, (G, s)),
        (nx.center, (G,)),
        (nx.periphery, (G,)),
        (nx.johnson, (G,)),
        (nx.find_negative_cycle, (G, s)),
    ]:
        same(fn, *args)
    if hasattr(nx, "floyd_warshall_tree"):            # NetworkX ≥ 3.7
        same(nx.floyd_warshall_tree, G)
    same(nx.center, G, weight="weight")
    same(nx.periphery, G, weight="weight")
    for w in (None, "weight"):
        same(nx.barycenter, G, weight=w)
        same(nx.harmonic_diameter, G, weight=w)
    for reverse in (False, True):     # a graph: its nodes and edges, in order
        want = nx.bfs_tree(G, s, reverse=reverse, depth_limit=2)
        got = nx.bfs_tree(G, s, reverse=reverse, depth_limit=2, backend="semiring_paths")
        assert type(got) is type(want)
        assert (list(got.nodes), list(got.edges)) == (list(want.nodes), list(want.edges))
        assert (list(got.pred.items()), list(got.nodes(data=True)), got.graph) == (
            list(want.pred.items()), list(want.nodes(data=True)), want.graph)
        u, v = next(iter(got.edges), (s, s))         # one attribute dict an edge, shared
        assert not got.has_edge(u, v) or got.succ[u][v] is got.pred[v][u]
    same(nx.bfs_successors, G, s, depth_limit=1)
    for method in ("dijkstra", "bellman-ford"):
        same(nx.all_shortest_paths, G, s, t, weight="weight", method=method)
        same(nx.single_source_all_shortest_paths, G, s, weight="weight", method=method)
        same(nx.all_pairs_all_shortest_paths, G, weight="weight", method=method)
    same(nx.bellman_ford_predecessor_and_distance, G, s, heuristic=True)
    same(nx.predecessor, G, s, cutoff=2, return_seen=True)
    same(nx.predecessor, G, s, t, return_seen=True)
    N = G.copy()                          # negative weights: NetworkX's own cycle tests
    for _, _, d in N.edges(data=True):
        d["weight"] -= 2
    for fn, args in [(nx.single_source_bellman_ford, (N, s)),
                     (nx.single_source_bellman_ford_path_length, (N, s)),
                     (nx.bellman_ford_predecessor_and_distance, (N, s)),
                     (nx.bellman_ford_path_length, (N, s, t)),
                     (nx.negative_edge_cycle, (N,)),
                     (nx.find_negative_cycle, (N, s))]:
        same(fn, *args)
    same(nx.negative_edge_cycle, N, heuristic=False)
    if all(type(w) is int for _, _, w in N.edges(data="weight")):   # (floats: declined)
        same(nx.johnson, N)
        same(nx.johnson, nx.MultiDiGraph(N) if N.is_directed() else nx.MultiGraph(N))
    same(nx.all_shortest_paths, N, s, t, weight="weight", method="bellman-ford")
    same(nx.single_source_all_shortest_paths, N, s, weight="weight", method="bellman-ford")
    for source in (s, None):                      # None: NetworkX's all-pairs Bellman-Ford
        same(nx.shortest_path_length, G, source, weight="weight", method="bellman-ford")
    for method in ("dijkstra", "bellman-ford"):   # over G.reverse(copy=False), replayed
        same(nx.shortest_path_length, G, target=t, weight="weight", method=method)
    same(nx.shortest_path_length, N, target=t, weight="weight", method="bellman-ford")
    for fn, args in [(nx.multi_source_dijkstra, (G, [s], t)),
                     (nx.single_source_dijkstra, (G, s)),
                     (nx.dijkstra_predecessor_and_distance, (G, s))]:
        same(fn, *args, cutoff=5)
    for cutoff in (-1, 0, 2.5):     # past the sources' own 0; hop counts up to ⌈cutoff⌉
        for fn, args in [(nx.single_source_shortest_path_length, (G, s)),
                         (nx.single_target_shortest_path_length, (G, t)),
                         (nx.single_source_shortest_path, (G, s)),
                         (nx.all_pairs_shortest_path_length, (G,)),
                         (nx.single_source_dijkstra, (G, s)),
                         (nx.multi_source_dijkstra, (G, {s, t})),
                         (nx.dijkstra_predecessor_and_distance, (G, s)),
                         (nx.all_pairs_dijkstra, (G,))]:
            same(fn, *args, cutoff=cutoff)
    same(nx.single_target_shortest_path, G, t, cutoff=2)
    for cutoff in (0, 2.5, -1):       # A*'s: past it no push (0: none, as NetworkX's test)
        same(nx.astar_path, G, s, t, cutoff=cutoff)
        same(nx.astar_path_length, G, s, t, cutoff=cutoff, weight=None)
    same(nx.shortest_path_length, G, s, t, weight="weight")
    same(nx.shortest_path_length, G, s)
    for kw in ({}, {"source": s}, {"target": t}, {"source": s, "target": t}):
        same(nx.shortest_path, G, **kw)                           # every form, by hops,
        same(nx.shortest_path, G, **kw, weight="weight", method="bellman-ford")
        same(nx.shortest_path, G, **kw, weight="weight")          # Dijkstra
    same(nx.shortest_path, N, target=t, weight="weight", method="bellman-ford")
    same(nx.closeness_centrality, G, distance="weight")
    for fn, args in [(nx.single_source_dijkstra, (G, s)),   # weight=None: every edge 1
                     (nx.dijkstra_predecessor_and_distance, (G, s)),
                     (nx.bidirectional_dijkstra, (G, s, t)),
                     (nx.dijkstra_path_length, (G, s, t)),
                     (nx.multi_source_dijkstra_path, (G, {s, t})),
                     (nx.single_source_bellman_ford, (G, s)),
                     (nx.bellman_ford_predecessor_and_distance, (G, s)),
                     (nx.all_pairs_dijkstra_path_length, (G,)),
                     (nx.floyd_warshall_predecessor_and_distance, (G,)),
                     (nx.johnson, (G,))]:
        same(fn, *args, weight=None)
    M = G.copy()                     # a missing weight: Floyd–Warshall reads the float 1.0
    if M.number_of_edges():
        del M.edges[next(iter(M.edges))]["weight"]
    same(nx.floyd_warshall_predecessor_and_distance, M)


@given(nx_graphs(), st.booleans(), st.lists(st.sampled_from([0, 1, 2, 2.0, 0.5, None]),
                                           min_size=1, max_size=20))
def test_floyd_warshall_on_multigraphs_takes_each_parallel_edge_in_turn(g, directed, extra):
    """Multigraphs (served, not declined): NetworkX's first pass takes every parallel
    edge in key order, ``min(e, dist)`` keeping e's type on a tie (2 and 2.0), a missing
    weight the float 1.0."""
    G, _, _ = g
    nx.config.warnings_to_ignore.add("cache")
    M = nx.MultiDiGraph(G) if directed else nx.MultiGraph(G)
    nodes = list(M)
    for i, w in enumerate(extra):                     # parallel edges and self-loops
        u, v = nodes[i % len(nodes)], nodes[(i * 7 + 3) % len(nodes)]
        M.add_edge(u, v, **({} if w is None else {"weight": w}))
    for weight in ("weight", None):
        same(nx.floyd_warshall_predecessor_and_distance, M, weight=weight)
        same(nx.floyd_warshall, M, weight=weight)
        if hasattr(nx, "floyd_warshall_tree"):        # NetworkX ≥ 3.7
            same(nx.floyd_warshall_tree, M, weight=weight)


@pytest.mark.parametrize("directed", [False, True])
def test_a_missing_node_raises_networkx_own_words(directed):
    """A node not in the graph: NetworkX's exception and message, which for the forms
    that delegate (``shortest_path(target=)``, ``closeness_centrality(u=)``) are those of
    the single-source search it runs from that node."""
    G = nx.path_graph(4, create_using=nx.DiGraph if directed else nx.Graph)
    nx.config.warnings_to_ignore.add("cache")
    for weight, method in ((None, "dijkstra"), ("weight", "dijkstra"),
                           ("weight", "bellman-ford")):
        for kw in ({"target": "yy"}, {"source": "zz"}, {"source": "zz", "target": 1},
                   {"source": 1, "target": "yy"}):
            same(nx.shortest_path, G, **kw, weight=weight, method=method)
            same(nx.shortest_path_length, G, **kw, weight=weight, method=method)
    for distance in (None, "weight"):
        same(nx.closeness_centrality, G, u="yy", distance=distance)
    for fn, args in [(nx.single_source_shortest_path, ("zz",)),
                     (nx.single_source_shortest_path_length, ("zz",)),
                     (nx.single_target_shortest_path, ("zz",)),
                     (nx.single_source_dijkstra, ("zz",)),
                     (nx.single_source_bellman_ford, ("zz",)),
                     (nx.dijkstra_predecessor_and_distance, ("zz",)),
                     (nx.bellman_ford_predecessor_and_distance, ("zz",)),
                     (nx.bidirectional_dijkstra, ("zz", 1)),
                     (nx.bidirectional_shortest_path, (1, "yy")),
                     (nx.eccentricity, ("zz",)),
                     (nx.bfs_layers, (["zz"],)),
                     (nx.descendants_at_distance, ("zz", 1)),
                     (nx.goldberg_radzik, ("zz",))]:
        same(fn, G, *args)
    if hasattr(nx, "floyd_warshall_tree"):            # NetworkX ≥ 3.7
        same(nx.floyd_warshall_tree, G)
        same(nx.floyd_warshall_tree, G, weight=None)
    same(nx.bfs_layers, G, [])                        # no sources: no layer, not [[]]
    same(nx.multi_source_dijkstra, G, [])


@given(nx_graphs(), st.data())
def test_harmonic_centrality_sums_as_networkx_does(g, data):
    """The whole graph, nbunch= and sources=: NetworkX's sum of 1/d over the smaller
    set's searches, exact to the last bit, its int 0 where nothing adds."""
    G, s, t = g
    nx.config.warnings_to_ignore.add("cache")
    some = st.lists(st.sampled_from(list(G)), unique=True)
    nbunch = data.draw(st.one_of(st.none(), some, st.just(s)))
    sources = data.draw(st.one_of(st.none(), some, st.just(t)))
    for distance in (None, "weight"):
        same(nx.harmonic_centrality, G, nbunch=nbunch, sources=sources, distance=distance)
    # level-count sums (1·(1/1) + 2·(1/2) + …) differ from NetworkX's in the last place
    # here: 2.8333333333333335 against its 2.833333333333333 on a path of 5
    for H in (nx.path_graph(5), nx.lollipop_graph(3, 4), nx.path_graph(11)):
        same(nx.harmonic_centrality, H)


@given(nx_graphs(), st.lists(st.integers(0, 2**40), min_size=14, max_size=14, unique=True),
       st.sampled_from(["indices", "big", "colliding", "negative", "huge", "str", "tuple"]))
def test_goldberg_radzik_replays_networkx_set_order(g, big, labels):
    """Goldberg-Radzik takes its DFS roots in a Python set's order, that is its labels'
    hashes: on graphs labelled by ints (0 … n−1; large ones, whose hashes spread over the
    set's table; multiples of 1 024, which all start at slot 0 and take the probes and
    jumps; negative ones, -1 hashing as -2; ones past the hash modulus), strs (hashed by
    this interpreter's seed) or tuples, the replay gives NetworkX's answer, dict orders,
    value types and cycle errors, with weights shifted negative and as multigraphs too.
    (Checked to fail with the roots taken in reverse table order.)"""
    from semiring_paths.networkx import dispatch_counts

    G, s, _ = g
    nx.config.warnings_to_ignore.add("cache")
    ints = {v: {"indices": i, "big": big[i], "colliding": 1024 * i, "negative": -1 - i,
                "huge": 2**61 + big[i], "str": f"n{big[i]}", "tuple": (i, str(i))}[labels]
            for i, v in enumerate(G)}
    H = nx.relabel_nodes(G, ints)
    N = H.copy()
    for _, _, d in N.edges(data=True):
        d["weight"] -= 2
    before = dispatch_counts["goldberg_radzik"]
    for X in (H, N, nx.MultiDiGraph(N) if N.is_directed() else nx.MultiGraph(N)):
        same(nx.goldberg_radzik, X, ints[s])
        same(nx.goldberg_radzik, X, ints[s], weight=None)
    assert dispatch_counts["goldberg_radzik"] > before


def test_goldberg_radzik_set_order_on_colliding_and_large_sets():
    """The set replay where its details decide the order: 600 random graphs of up to 60
    vertices labelled by multiples of 1 024 (every label starts at slot 0: the nine
    linear probes, then the perturbed jumps; checked to fail with three probes), and a
    round relabeling 60 000 vertices (the table growing by 2·used past 50 000)."""
    rng = np.random.default_rng(11)
    nx.config.warnings_to_ignore.add("cache")
    for _ in range(600):
        n = int(rng.integers(1, 61))
        G = nx.DiGraph() if rng.random() < 0.7 else nx.Graph()
        labels = [1024 * i for i in range(n)]
        G.add_nodes_from(labels)
        for _ in range(int(rng.integers(0, 4 * n + 1))):
            u, v = rng.choice(n, 2)
            G.add_edge(labels[u], labels[v], weight=int(rng.integers(-3, 21)))
        same(nx.goldberg_radzik, G, labels[int(rng.integers(n))])
    star = nx.DiGraph()
    star.add_weighted_edges_from((0, i, int(rng.integers(1, 9))) for i in range(1, 60_001))
    star.add_weighted_edges_from((i, i + 1, -1) for i in range(1, 60_000, 7))
    same(nx.goldberg_radzik, star, 0)


@pytest.mark.parametrize("directed", [False, True])
def test_generators_raise_when_iterated_as_networkx_does(directed):
    """NetworkX's BFS generators run nothing until iterated: a missing source raises
    then, with NetworkX's error and message (``bfs_labeled_edges`` after the edges of
    the sources queued before it)."""
    G = nx.path_graph(4, create_using=nx.DiGraph if directed else nx.Graph)
    nx.config.warnings_to_ignore.add("cache")
    calls = [(nx.bfs_edges, (G, 9), {}), (nx.bfs_edges, (G, 9), {"reverse": True}),
             (nx.bfs_predecessors, (G, 9), {}), (nx.bfs_successors, (G, 9), {}),
             (nx.bfs_layers, (G, [0, 9]), {}), (nx.generic_bfs_edges, (G, 9), {}),
             (nx.bfs_labeled_edges, (G, [1, 9, 0]), {})]
    for fn, args, kw in calls:
        outcomes = []
        for backend in (None, "semiring_paths"):
            it = fn(*args, backend=backend, **kw)            # nothing raised yet
            got = []
            with pytest.raises((nx.NetworkXError, KeyError)) as e:
                for x in it:
                    got.append(x)
            outcomes.append((got, e.type, str(e.value)))
        assert outcomes[0] == outcomes[1], fn.__name__


@given(nx_graphs(weighted=False), st.integers(-1, 5), st.booleans())
def test_queries_from_networkx_dicts_match_networkx(g, distance, multi):
    """``has_path`` and ``descendants_at_distance`` on a graph not converted are served
    from NetworkX's own dicts (``frontier``: Boolean steps over sets) and still equal
    NetworkX's answers and errors; nothing is converted on the way (the rent-or-buy
    rule held off: ``test_point_to_point_queries_convert_once_they_cost_a_conversion``)."""
    from semiring_paths.networkx import registry

    G, s, t = g
    if multi:
        G = nx.MultiDiGraph(G) if G.is_directed() else nx.MultiGraph(G)
    nx.config.warnings_to_ignore.add("cache")
    served = nxb.dispatch_counts["has_path"], nxb.dispatch_counts["descendants_at_distance"]
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(registry, "CONVERT_NS", 10**12)            # no rent-or-buy conversion
        same(nx.has_path, G, s, t)
        same(nx.has_path, G, t, s)
        same(nx.has_path, G, s, "absent")
    same(nx.descendants_at_distance, G, s, distance)
    assert (nxb.dispatch_counts["has_path"], nxb.dispatch_counts["descendants_at_distance"]
            ) == (served[0] + 3, served[1] + 1)
    assert not any(c.has_adjacency() or c.has_adjacency(reverse=True)
                   for c in registry.cached_conversions(G))


@given(nx_graphs(), st.booleans(), st.sampled_from([0, 6]))
def test_point_to_point_from_networkx_dicts_match_networkx(g, negative, probe):
    """Under ``backend_priority`` (the size rule and the near-target probe off, so that
    these small graphs dispatch), the point-to-point Dijkstra queries on a graph not
    converted run NetworkX's own searches over its dicts (``searches.py``; by hops, taken
    on from where a probe of ``probe`` adjacency entries stopped): its answers,
    types, paths (ties broken as its heaps break them) and errors (missing nodes, no path,
    negative weights that contradict a final distance); A* without a heuristic too, with
    and without a cutoff (on non-negative weights); the queries by hops (its BFS from both
    ends: the meeting vertex its fringes' order finds), on the multigraph too; nothing is
    converted, and each call is served."""
    from semiring_paths.networkx import registry

    G, s, t = g
    if negative and G.number_of_edges():
        *_, d = next(iter(G.edges(data=True)))
        d["weight"] = -1
    nx.config.warnings_to_ignore.add("cache")
    W = {"weight": "weight"}
    calls = [(nx.dijkstra_path, (G, s, t), W), (nx.dijkstra_path_length, (G, s, t), W),
             (nx.bidirectional_dijkstra, (G, s, t), W),
             (nx.single_source_dijkstra, (G, s), {"target": t, **W}),
             (nx.shortest_path, (G, s, t), W), (nx.shortest_path_length, (G, s, t), W),
             (nx.dijkstra_path, (G, s, t), {"weight": "absent"}),
             (nx.dijkstra_path, (G, s, "x"), W), (nx.dijkstra_path_length, (G, "x", s), W),
             (nx.bidirectional_dijkstra, (G, "x", t), W),
             (nx.bidirectional_dijkstra, (G, s, "x"), W)]
    M = nx.MultiDiGraph(G) if G.is_directed() else nx.MultiGraph(G)
    calls += [(fn, (H, *ends), {}) for H in (G, M) for fn in (
        nx.bidirectional_shortest_path, nx.shortest_path, nx.shortest_path_length)
        for ends in ((s, t), (t, s), (s, s))]
    calls += [(nx.bidirectional_shortest_path, (G, "x", t), {}),
              (nx.shortest_path, (G, s, "x"), {})]
    if not negative:            # (NetworkX's A* goes round a negative cycle for ever)
        calls += [(nx.astar_path, (G, s, t), W), (nx.astar_path_length, (G, s, t), W),
                  (nx.astar_path, (G, s, t), {"cutoff": 2, **W}),
                  (nx.astar_path_length, (G, t, s), {"cutoff": 1.5, **W}),
                  (nx.astar_path, (G, s, "x"), W), (nx.astar_path_length, (G, "x", t), W)]
    outcomes, served = [], []
    for priority in ([], ["semiring_paths"]):
        got = []
        with pytest.MonkeyPatch.context() as mp:
            mp.setattr(nxb, "SHOULD_RUN_EDGES", 0)
            mp.setattr(registry, "PROBE_EDGES", probe)    # 0: no target counts as near
            mp.setattr(registry, "CONVERT_NS", 10**12)    # no rent-or-buy conversion
            nx.config.backend_priority = priority
            try:
                for fn, args, kw in calls:
                    before = sum(nxb.dispatch_counts.values())
                    try:
                        got.append(_in_order(fn(*args, **kw)))
                    except Exception as e:
                        got.append((type(e), str(e)))
                    served.append(sum(nxb.dispatch_counts.values()) - before)
            finally:
                nx.config.backend_priority = []
        outcomes.append(got)
    assert outcomes[1] == outcomes[0]
    # each call served but where NetworkX answers at once: a node not in the graph (not
    # served), the same node at both ends or a source with no out-edges but self-loops
    # (either: a search that ends within the probe goes to NetworkX)
    for (fn, args, kw), count in zip(calls, served[len(calls):]):
        H, u, v = args[0], args[1], args[2] if len(args) > 2 else kw["target"]
        if u not in H or v not in H:
            assert count == 0, fn.__name__
        elif u != v and H._adj[u].keys() - {u} and not probe:
            assert count == 1, (fn.__name__, kw, list(H.edges(data=True)))
    assert not any(registry.converted(H, w) for H in (G, M) for w in ("weight", "absent", None))


@given(nx_graphs(), st.booleans(), st.booleans(), st.integers(1, 14), st.booleans())
def test_betweenness_matches_networkx(g, normalized, endpoints, k, weighted):
    """Values to the bit (NetworkX's Brandes replayed term by term), keys in NetworkX's
    order, the same sample for ``k=`` (and none where k is every node, as NetworkX)."""
    G, _, _ = g
    nx.config.warnings_to_ignore.add("cache")
    if weighted:
        for _, _, d in G.edges(data=True):
            d["weight"] += 1                                       # positive weights
    kw = dict(normalized=normalized, endpoints=endpoints,
              weight="weight" if weighted else None,
              k=min(k, len(G)) if k % 2 else None, seed=k)
    want = nx.betweenness_centrality(G, **kw)
    got = nx.betweenness_centrality(G, backend="semiring_paths", **kw)
    assert list(got) == list(want)
    assert all(type(x) is float for x in got.values())
    assert repr(list(got.values())) == repr(list(want.values()))     # NaN too
    # where the engine's own Brandes sums differed from NetworkX's in the last place
    for H in (nx.ladder_graph(4), nx.grid_2d_graph(3, 5)):
        same(nx.betweenness_centrality, H, normalized=True, endpoints=endpoints)


@given(nx_graphs(), st.booleans(), st.integers(1, 14), st.booleans(), st.booleans(),
       st.data())
def test_edge_and_subset_betweenness_match_networkx(g, normalized, k, weighted, multi,
                                                     data):
    """The edge sums (``G.edges()``'s keys, one a pair of nodes, then a multigraph's
    keys), and the subset sums of nodes and edges: values to the bit and orders, the
    same sample for ``k=``; sources repeated or not in G, targets an iterator (spent by
    NetworkX's first source) or not in G."""
    G, _, _ = g
    nx.config.warnings_to_ignore.add("cache")
    if multi:
        G = nx.MultiDiGraph(G) if G.is_directed() else nx.MultiGraph(G)
        G.add_edges_from(list(G.edges(data=True))[::2])            # parallel edges
    if weighted:
        for *_, d in G.edges(data=True):
            d["weight"] += 1                                       # positive weights
    w = "weight" if weighted else None
    nodes = list(G)
    picks = st.lists(st.sampled_from([*nodes, "absent"]), max_size=6)
    sources, targets = data.draw(picks), data.draw(picks)
    spent = data.draw(st.booleans())
    calls = [(nx.edge_betweenness_centrality,
              dict(normalized=normalized, weight=w, k=min(k, len(G)) if k % 2 else None,
                   seed=k))]
    for fn in (nx.betweenness_centrality_subset, nx.edge_betweenness_centrality_subset):
        calls.append((fn, dict(sources=sources, targets=targets, normalized=normalized,
                               weight=w)))
    for fn, kw in calls:
        try:
            want = fn(G, **kw)
        except Exception as e:
            with pytest.raises(type(e)):
                fn(G, backend="semiring_paths", **kw)
            continue
        if spent and "targets" in kw:          # each side its own iterator
            want = fn(G, **dict(kw, targets=iter(targets)))
            kw = dict(kw, targets=iter(targets))
        got = fn(G, backend="semiring_paths", **kw)
        assert list(got) == list(want), fn.__name__
        assert repr(list(got.values())) == repr(list(want.values())), fn.__name__
    # many equal paths, where the order of each term's products decides the last place
    for H in (nx.ladder_graph(5), nx.grid_2d_graph(3, 5)):
        same(nx.edge_betweenness_centrality, H, normalized=normalized)
        same(nx.betweenness_centrality_subset, H, list(H), list(H)[::2])
        same(nx.edge_betweenness_centrality_subset, H, list(H), list(H))


@given(nx_graphs(), st.booleans(), st.booleans(), st.sampled_from([None, 1, 2, 2.5]),
       st.booleans(), st.data())
def test_load_centrality_matches_networkx(g, normalized, weighted, cutoff, multi, data):
    """Newman's load of nodes (hops or weights, zero weights too, one node or all) and
    of edges: values to the bit, keys in NetworkX's order; ties of its (distance, node)
    sort broken by the labels, strings here and ints on the karate club (where reversing
    that order changes the last place)."""
    G, v, _ = g
    nx.config.warnings_to_ignore.add("cache")
    if multi:
        G = nx.MultiDiGraph(G) if G.is_directed() else nx.MultiGraph(G)
        G.add_edges_from(list(G.edges(data=True))[::2])            # parallel edges
    kw = dict(normalized=normalized, cutoff=cutoff, weight="weight" if weighted else None)
    same(nx.load_centrality, G, **kw)
    same(nx.load_centrality, G, v=data.draw(st.sampled_from([v, "absent"])), **kw)
    same(nx.edge_load_centrality, G, cutoff=cutoff)
    for H in (nx.ladder_graph(5), nx.grid_2d_graph(3, 4)):
        same(nx.edge_load_centrality, H)
    K = nx.karate_club_graph()             # where the order of ties sets the last place
    same(nx.load_centrality, K, normalized=normalized, weight="weight" if weighted else None)


def test_labels_count_up_only_as_ints_themselves():
    """The check that node labels are their own indices: 0 … n-1 in order, each an
    ``int`` (not a bool, float, str, NumPy or other int subclass)."""
    from semiring_paths.networkx.convert import _counts_up

    class Int(int):
        pass

    assert _counts_up(list(range(70_000))) and _counts_up([]) and _counts_up([0])
    for bad in ([0, 1, 2.0, 3], [0, True, 2], [False, 1], [0, 1, np.int64(2), 3],
                [0, "1", 2], [0, 2, 1, 3], [0, Int(1), 2], [1], [0, 1, 2**40, 3],
                [0, None, 2], [0, (1,), 2], [0, 1, 2, 2]):
        assert not _counts_up(bad), bad


def test_edge_betweenness_declines_nodes_labelled_by_an_edge():
    G = nx.path_graph(3)
    G.add_edge((0, 1), 2)                  # its label is the key of the edge (0, 1)
    assert "pair of nodes" in nxb.BackendInterface.can_run(
        "edge_betweenness_centrality", (G,), {})
    assert nxb.BackendInterface.can_run("betweenness_centrality", (G,), {}) is True
    H = nx.grid_2d_graph(3, 3)             # tuple labels, none a pair of nodes
    assert nxb.BackendInterface.can_run("edge_betweenness_centrality", (H,), {}) is True
    same(nx.edge_betweenness_centrality, H)


def test_counts_prove_dispatch():
    nxb.dispatch_counts.clear()
    G = nx.cycle_graph(6)
    nx.single_source_shortest_path_length(G, 0, backend="semiring_paths")
    assert nxb.dispatch_counts["single_source_shortest_path_length"] == 1
    assert list(nx.generic_bfs_edges(G, 0, backend="semiring_paths")) == list(
        nx.generic_bfs_edges(G, 0))
    assert nxb.dispatch_counts.keys() >= NOT_IN_SUITE.keys()


def test_can_run_declines_what_it_cannot_serve_exactly():
    G = nx.path_graph(3)
    nx.set_edge_attributes(G, -1, "weight")
    can = nxb.BackendInterface.can_run
    # a point-to-point query on a graph not converted yet leaves its weight scan to the
    # call, which hands the negative weights to NetworkX's own code
    assert can("dijkstra_path_length", (G, 0, 2), {}) is True
    served = nxb.dispatch_counts["dijkstra_path_length"]
    with pytest.raises(ValueError, match="negative weights"):
        nx.dijkstra_path_length(G, 0, 2, backend="semiring_paths")
    assert nxb.dispatch_counts["dijkstra_path_length"] == served
    assert can("single_source_dijkstra_path_length", (G, 0), {}) is not True   # negative
    assert can("dijkstra_path_length", (G, 0, 2), {}) is not True    # the scan is known
    assert can("dijkstra_path_length", (G, 0, 2), {"weight": lambda u, v, d: 1}) is not True
    assert can("bfs_edges", (G, 0), {"sort_neighbors": sorted}) is not True
    assert can("bellman_ford_path_length", (G, 0, 2), {}) is True
    with pytest.raises(nx.NetworkXUnbounded):
        nx.bellman_ford_path_length(G, 0, 2, backend="semiring_paths")
    assert can("johnson", (G,), {}) is True                      # int: exact
    F = nx.DiGraph([(0, 1, {"weight": -0.5}), (1, 2, {"weight": 1.0})])
    assert "not all ints" in can("johnson", (F,), {})           # float sums round
    assert can("johnson", (F,), {"weight": None}) is True


def test_integer_weights_past_float64_are_left_to_networkx():
    # NetworkX adds Python ints exactly: 2**53 + 1 stays odd, which float64 sums lose
    X = nx.DiGraph([(0, 1, {"weight": 2**53 + 1}), (1, 2, {"weight": 3})])
    exact = {0: 0, 1: 2**53 + 1, 2: 2**53 + 4}
    assert nx.single_source_dijkstra_path_length(X, 0) == exact
    can = nxb.BackendInterface.can_run
    for name in ("single_source_dijkstra_path_length", "single_source_bellman_ford",
                 "all_pairs_dijkstra_path_length", "johnson"):
        assert "2**53" in can(name, (X, 0) if "single" in name else (X,), {})
    with pytest.raises(NotImplementedError):
        nx.single_source_dijkstra_path_length(X, 0, backend="semiring_paths")
    M = nx.MultiDiGraph(X)
    assert "2**53" in can("single_source_dijkstra_path_length", (M, 0), {})


def test_numpy_scalar_weights_are_left_to_networkx():
    # NetworkX adds np.float32 weights in float32 and returns np.float32 (np.int64: np.int64);
    # served, they came back as float64 sums of Python floats
    for kind in (np.float32, np.float64, np.int64):
        X = nx.DiGraph([(0, 1, {"weight": kind(0.1 if kind != np.int64 else 1)}),
                        (1, 2, {"weight": 0.2})])
        assert "NumPy scalar" in nxb.BackendInterface.can_run(
            "single_source_dijkstra_path_length", (X, 0), {})
        nx_d = nx.single_source_dijkstra_path_length(X, 0)
        assert type(nx_d[1]) is kind
    B = nx.DiGraph([(0, 1, {"weight": True})])
    assert "non-numeric" in nxb.BackendInterface.can_run(
        "single_source_dijkstra_path_length", (B, 0), {})
    Y = nx.DiGraph([(0, 1, {"weight": 2**40}), (1, 2, {"weight": 3})])   # far below
    assert nx.single_source_dijkstra_path_length(Y, 0, backend="semiring_paths") == {
        0: 0, 1: 2**40, 2: 2**40 + 3}


def test_negative_edge_cycle_undirected_scans_the_dicts_up_to_a_negative_edge():
    # an undirected negative edge is a negative cycle: under backend_priority the answer
    # is a scan of NetworkX's dicts that stops at the first one; nothing is converted and
    # the weights are not all read (bcsstk13: a first call 12-14 ms, NetworkX 4-9 ms)
    from semiring_paths.networkx import registry

    G = nx.grid_2d_graph(80, 80)                       # 12 640 edges: past the size rule
    nx.set_edge_attributes(G, 2.5, "weight")
    P = nx.Graph(G)                                    # no negative weight
    first = next(iter(G.edges))
    G.edges[first]["weight"] = -1
    last = list(G.edges)[-1]
    G.edges[last]["weight"] = "heavy"                  # never reached by the scan
    count = nxb.dispatch_counts["negative_edge_cycle"]
    try:
        nx.config.backend_priority = ["semiring_paths"]
        assert nx.negative_edge_cycle(G) is True
        assert nx.negative_edge_cycle(P) is False
        assert nxb.dispatch_counts["negative_edge_cycle"] == count + 2
        assert not registry.converted(G, "weight") and not registry.converted(P, "weight")
        N = nx.Graph(P)                                # a value NetworkX meets its own way
        N.edges[first]["weight"] = float("nan")
        assert nx.negative_edge_cycle(N) is nx.negative_edge_cycle(N, backend="networkx")
        assert nxb.dispatch_counts["negative_edge_cycle"] == count + 2   # NetworkX's own
        D = nx.DiGraph(P)                              # directed: the dispatch check's scan
        assert nx.negative_edge_cycle(D) is False
    finally:
        nx.config.backend_priority = []
    assert nx.negative_edge_cycle(P, backend="semiring_paths") is False   # named: as before


def test_point_to_point_queries_wait_for_a_converted_graph(monkeypatch):
    """Under ``backend_priority`` a point-to-point query on a graph not converted is
    answered without a conversion (NetworkX's search stops at the target, a conversion
    reads every edge): by NetworkX's own searches over its dicts where they serve it
    (``searches.py``: Dijkstra with a plain weight, not on a multigraph; hops, its BFS from
    both ends), by NetworkX itself otherwise (a weight function).  Once another
    call has converted the graph, the same queries run on the engine's graph.  A few BFS
    layers (``descendants_at_distance``) are served, from NetworkX's own dicts until the
    graph is converted."""
    from semiring_paths.networkx import registry

    monkeypatch.setattr(registry, "CONVERT_NS", 10**12)   # no rent-or-buy conversion here
    monkeypatch.setattr(registry, "NEAR_S", 10.0)   # near by the entries read, not the clock
    G = nx.grid_2d_graph(80, 80)                       # 12 640 edges: past the size rule
    nx.set_edge_attributes(G, 1, "weight")
    should = nxb.BackendInterface.should_run
    assert should("dijkstra_path_length", (G, (0, 0), (79, 79)), {}) is True  # (dicts)
    assert registry.from_dicts(G) and not registry.from_dicts(G)   # marked, read once
    assert should("shortest_path", (G, (0, 0), (79, 79)), {}) is True       # hops (dicts)
    assert registry.from_dicts(G)
    assert "point-to-point" in should("dijkstra_path_length", (G, (0, 0), (5, 5)),
                                      {"weight": lambda u, v, d: 1})
    M = nx.MultiGraph(G)
    assert "point-to-point" in should("bidirectional_dijkstra", (M, (0, 0), (5, 5)), {})
    assert should("shortest_path", (G, (0, 0)), {}) is True          # every target
    names = ("dijkstra_path_length", "dijkstra_path", "bidirectional_dijkstra",
             "single_source_dijkstra", "shortest_path", "shortest_path_length", "astar_path",
             "astar_path_length")
    far, near = (79, 79), (0, 2)
    calls = [lambda: nx.dijkstra_path_length(G, (0, 0), far),
             lambda: nx.dijkstra_path(G, (0, 0), (40, 79)),
             lambda: nx.bidirectional_dijkstra(G, (79, 0), (0, 79)),
             lambda: nx.single_source_dijkstra(G, (0, 0), (60, 70)),
             lambda: nx.shortest_path(G, (0, 0), far, weight="weight"),
             lambda: nx.shortest_path_length(G, (3, 0), far, weight="weight"),
             lambda: nx.astar_path(G, (0, 79), (79, 0)),
             lambda: nx.astar_path_length(G, (0, 79), (70, 3), cutoff=200)]
    want = [call() for call in calls]
    served = [nxb.dispatch_counts[f] for f in names]
    try:
        nx.config.backend_priority = ["semiring_paths"]
        assert [call() for call in calls] == want                      # from the dicts
        assert [nxb.dispatch_counts[f] for f in names] == [c + 1 for c in served]
        # a target a few hops away (registry.near_target): NetworkX's own search
        assert "point-to-point" in should("dijkstra_path", (G, (0, 0), near), {})
        assert nx.dijkstra_path(G, (0, 0), near) == [(0, 0), (0, 1), (0, 2)]
        assert nxb.dispatch_counts["dijkstra_path"] == served[1] + 1
        with pytest.raises(nx.NodeNotFound, match="Source x is not in G"):
            nx.bidirectional_dijkstra(G, "x", (0, 0))
        assert not registry.converted(G, "weight") and not registry.converted(G, None)
        assert len(nx.shortest_path(G, (0, 0), far)) == 159             # BFS (dicts)
        assert nxb.dispatch_counts["shortest_path"] == served[4] + 2
        assert not registry.converted(G, None)
        nx.single_source_shortest_path_length(G, (0, 0))              # hops only
        assert should("shortest_path", (G, (0, 0), (5, 5)), {}) is True  # adjacency read
        nx.single_source_dijkstra_path_length(G, (0, 0))              # converts
        assert registry.converted(G, "weight")
        assert should("dijkstra_path_length", (G, (0, 0), (5, 5)), {}) is True
        assert not registry.from_dicts(G)          # converted: no mark, the engine's graph
        assert nx.dijkstra_path_length(G, (0, 0), far) == 158          # served here
        assert nxb.dispatch_counts["dijkstra_path_length"] == served[0] + 2
    finally:
        nx.config.backend_priority = []
    # a few layers: served without a pass over the graph until it is converted
    from semiring_paths.networkx import registry

    H = nx.grid_2d_graph(80, 80)
    assert should("descendants_at_distance", (H, (0, 0), 2), {}) is True
    count = nxb.dispatch_counts["descendants_at_distance"]
    want = {(0, 2), (1, 1), (2, 0)}
    try:
        nx.config.backend_priority = ["semiring_paths"]
        assert nx.descendants_at_distance(H, (0, 0), 2) == want
        assert nx.descendants_at_distance(H, (0, 0), 500) == set()
        assert nxb.dispatch_counts["descendants_at_distance"] == count + 2
        ours = registry.cached_conversions(H)
        assert ours and not any(g.has_adjacency() or "nodes" in g._graphs for g in ours)
        nx.single_source_shortest_path_length(H, (0, 0))          # converts (hops)
        list(nx.bfs_layers(H, (0, 0)))                            # builds the adjacency
        assert nx.descendants_at_distance(H, (0, 0), 2) == want   # from the CSR now
        assert nx.descendants_at_distance(H, (0, 0), 158) == {(79, 79)}
        assert any(g.has_adjacency() for g in registry.cached_conversions(H))
    finally:
        nx.config.backend_priority = []


@pytest.mark.parametrize("rate", [0, 10**12])
def test_point_to_point_queries_convert_once_they_cost_a_conversion(monkeypatch, rate):
    """Rent or buy: the point-to-point queries a graph answers over NetworkX's dicts add
    up their time, per weight; once it reaches ``CONVERT_NS`` an adjacency entry (0: at
    once, 10¹²: never) the next query converts the graph and runs on the engine's, with
    NetworkX's answers either way.  A change to the graph starts the account again."""
    from semiring_paths.networkx import registry

    monkeypatch.setattr(registry, "CONVERT_NS", rate)
    monkeypatch.setattr(registry, "CONVERT_FIXED_NS", rate)
    G = nx.grid_2d_graph(80, 80)                       # 12 640 edges: past the size rule
    nx.set_edge_attributes(G, 1, "weight")
    H = G.copy()
    pairs = [((0, 0), (79, 79)), ((0, 79), (79, 0)), ((5, 5), (70, 40))]
    calls = [lambda s, t: nx.dijkstra_path_length(G, s, t),
             lambda s, t: nx.dijkstra_path(G, s, t),
             lambda s, t: nx.bidirectional_shortest_path(G, s, t),
             lambda s, t: nx.has_path(H, s, t)]
    want = [[call(s, t) for s, t in pairs] for call in calls]
    should = nxb.BackendInterface.should_run
    try:
        nx.config.backend_priority = ["semiring_paths"]
        assert should("dijkstra_path_length", (G, *pairs[0]), {}) is True
        assert registry.from_dicts(G)                    # the first: over the dicts
        for call, w in zip(calls, want):
            for (s, t), answer in zip(pairs, w):
                assert call(s, t) == answer
        for graph, weight in ((G, "weight"), (H, None)):
            assert registry.converted(graph, weight) is (rate == 0), (weight, rate)
            assert registry.conversion_due(graph, weight) is (rate == 0)
        # (hops on G: by the weighted conversion's adjacency once there is one)
        assert registry.converted(G, None) is (rate == 0)
        assert not registry.conversion_due(H, "weight")  # (no weighted query on H)
        G.add_edge((0, 0), (79, 79), weight=500)         # clears G's cache: dicts again
        assert not registry.conversion_due(G, "weight")
        assert should("dijkstra_path_length", (G, *pairs[0]), {}) is True
        assert registry.from_dicts(G)
        assert nx.dijkstra_path_length(G, *pairs[0]) == 158
    finally:
        nx.config.backend_priority = []


def test_conversion_account_counts_the_entries_of_a_graph_whose_first_rows_are_hubs():
    """The rent-or-buy account weighs a conversion by the graph's adjacency entries
    counted, not estimated from its first rows: here the first 600 vertices are joined
    to 40 others each and the rest form a path, so the first rows say ~6× the entries.
    Nothing is counted while the queries have taken less than ``CONVERT_NS`` a vertex."""
    from semiring_paths.networkx import registry

    n = 10_000
    G = nx.Graph()
    G.add_nodes_from(range(n))                                   # the hubs first
    nx.add_path(G, range(600, n))
    for hub in range(600):
        G.add_edges_from((hub, 600 + (hub * 40 + k) % (n - 600)) for k in range(40))
    entries = sum(map(len, G._adj.values()))
    assert registry.sampled_entries(G) > 5 * entries
    cache = G.__networkx_cache__
    per = registry.CONVERT_NS * 1e-9
    fixed = registry.CONVERT_FIXED_NS * 1e-9

    cache[registry._SPENT, "weight"] = fixed + per * (n - 1)     # under a vertex each
    assert not registry.conversion_due(G, "weight")
    assert registry._ENTRIES not in cache                        # not counted yet
    cache[registry._SPENT, "weight"] = fixed + per * (entries - 1)
    assert not registry.conversion_due(G, "weight")
    assert cache[registry._ENTRIES] == entries
    cache[registry._SPENT, "weight"] = fixed + per * (entries + 1)
    assert registry.conversion_due(G, "weight")


def test_conversion_account_counts_the_entries_in_slices_after_the_queries(monkeypatch):
    """Once the account has passed ``CONVERT_NS`` a vertex, each query charged after counts
    a slice of the rows (one for each ``COUNT_NS`` of its time; the query that took it
    there, none), so that no one query pays the whole count; while the count runs,
    ``conversion_due`` waits until the account passes twice what the entries counted so
    far say, then counts the rest at once."""
    from semiring_paths.networkx import registry

    monkeypatch.setattr(registry, "COUNT_NS", 1e6)              # a row a millisecond
    n = 10_000
    G = nx.Graph()
    G.add_nodes_from(range(n))
    nx.add_path(G, range(600, n))
    for hub in range(600):
        G.add_edges_from((hub, 600 + (hub * 40 + k) % (n - 600)) for k in range(40))
    entries = sum(map(len, G._adj.values()))
    cache = G.__networkx_cache__
    per = registry.CONVERT_NS * 1e-9
    mark = registry.CONVERT_FIXED_NS * 1e-9 + per * n

    registry.charge(G, "weight", mark - 1e-6)                   # under the mark
    registry.charge(G, "weight", 2e-6)                          # past it: the query
    assert registry._COUNTING not in cache and registry._ENTRIES not in cache  # (free)
    registry.charge(G, "weight", 0.0025)                        # the next: 3 rows
    rows = list(G._adj.values())
    assert cache[registry._COUNTING][1:] == [sum(map(len, rows[:3])), 3]
    assert not registry.conversion_due(G, "weight")             # under twice the mark
    assert cache[registry._COUNTING][2] == 3                    # (nothing counted by it)
    registry.charge(G, "weight", 0.0995)                        # 100 rows more
    assert cache[registry._COUNTING][1:] == [sum(map(len, rows[:103])), 103]
    registry.charge(G, "weight", n * 1e-3)                      # the rest
    assert registry._COUNTING not in cache and cache[registry._ENTRIES] == entries

    H = G.copy()                                                # past twice the mark:
    H.__networkx_cache__[registry._SPENT, "weight"] = 2 * mark + 1e-6   # the rest
    assert not registry.conversion_due(H, "weight")             # (66 798 entries)
    assert H.__networkx_cache__[registry._ENTRIES] == entries
    H.__networkx_cache__[registry._SPENT, "weight"] = (
        registry.CONVERT_FIXED_NS * 1e-9 + per * (entries + 1))
    assert registry.conversion_due(H, "weight")


def test_weight_scan_once_per_graph_until_it_changes(monkeypatch):
    """can_run scans the weights once per graph and attribute; a change through
    NetworkX's methods clears the verdict (a negative weight is then declined)."""
    from semiring_paths.networkx import registry

    G = nx.path_graph(5)
    nx.set_edge_attributes(G, 2, "weight")
    scans = []
    real = registry.adjacency_weights
    monkeypatch.setattr(registry, "adjacency_weights",
                        lambda *a: scans.append(1) or real(*a))
    reg = registry.REGISTRY["single_source_dijkstra_path_length"]
    assert reg.can_run((G, 0), {}) is True
    assert reg.can_run((G, 1), {}) is True
    assert len(scans) == 1
    # the weights it read go to the conversion once; a later one reads the graph again
    assert registry.handed_weights(G, "weight").tolist() == [2] * 8
    G[0][1]["weight"] = 7                                  # changed in place
    assert registry.handed_weights(G, "weight").tolist()[:2] == [7, 7]
    assert len(scans) == 2
    G.add_edge(3, 4, weight=-1)
    assert "negative" in reg.can_run((G, 0), {})
    assert len(scans) == 3


def test_dijkstra_dicts_come_in_networkx_order():
    """Length dicts and paths in NetworkX's own order, ties included (its heap's push
    order, or its BFS queue's, replayed over the engine's distances), with cutoffs and
    several sources."""
    import random

    nx.config.warnings_to_ignore.add("cache")
    for seed in range(80):
        rng = random.Random(seed)
        n = rng.randint(1, 25)
        G = nx.gnm_random_graph(n, rng.randint(0, 70), seed=seed,
                                directed=rng.random() < 0.5)
        for u, v in G.edges():
            G[u][v]["weight"] = rng.choice([0, 1, 2, 3, 0.5, 1.5])
        s = rng.randrange(n)
        cutoff = rng.choice([None, 2, 3.5])
        for f in (nx.single_source_dijkstra_path_length, nx.single_source_dijkstra_path):
            want = f(G, s, cutoff=cutoff)
            assert list(f(G, s, cutoff=cutoff, backend="semiring_paths").items()) == \
                list(want.items())
        dist, paths = nx.single_source_dijkstra(G, s, cutoff=cutoff, backend="semiring_paths")
        assert (list(dist.items()), list(paths.items())) == tuple(
            list(x.items()) for x in nx.single_source_dijkstra(G, s, cutoff=cutoff))
        for f in (nx.single_source_shortest_path_length,
                  nx.single_target_shortest_path_length):           # BFS queue order
            hops = rng.choice([None, 1, 2])
            assert list(dict(f(G, s, cutoff=hops, backend="semiring_paths")).items()) \
                == list(dict(f(G, s, cutoff=hops)).items())
        for kw in (dict(source=s), dict(source=s, weight="weight"), dict(target=s)):
            assert list(nx.shortest_path_length(G, backend="semiring_paths", **kw).items()) \
                == list(nx.shortest_path_length(G, **kw).items())
        for f in (nx.all_pairs_dijkstra_path_length, nx.all_pairs_shortest_path_length):
            assert [(k, list(v.items())) for k, v in f(G, backend="semiring_paths")] == \
                [(k, list(v.items())) for k, v in f(G)]
        sources = list({rng.randrange(n) for _ in range(3)})
        assert list(nx.multi_source_dijkstra_path_length(
            G, sources, backend="semiring_paths").items()) == \
            list(nx.multi_source_dijkstra_path_length(G, sources).items())


def test_should_run_once_per_graph_and_info_says_why():
    """``should_run`` decides once per graph (its answer kept in the graph's NetworkX
    cache, which a change to the graph clears); every served function's docs list what
    it leaves to NetworkX."""
    from semiring_paths.networkx import _SHOULD

    G = nx.path_graph(5)
    should = nxb.BackendInterface.should_run
    why = should("diameter", (G,), {})
    assert isinstance(why, str) and "small graph" in why
    key = (*_SHOULD, True)                               # an every-source function
    assert G.__networkx_cache__[key] == why
    G.__networkx_cache__[key] = "kept"                   # a second call reads it back
    assert should("radius", (G,), {}) == "kept"
    G.add_edge(5, 6)                                     # NetworkX clears the cache
    assert should("radius", (G,), {}) == why
    big = nx.grid_2d_graph(80, 80)                       # 12,640 edges
    assert should("single_source_shortest_path_length", (big,), {}) is True
    mid = nx.grid_2d_graph(40, 40)                       # 3,120 edges, n·m ≈ 5·10⁶
    assert should("diameter", (mid,), {}) is True
    assert should("single_source_shortest_path_length", (mid,), {}) != True  # noqa: E712
    # answered from NetworkX's dicts until converted: nothing to weigh, nothing counted
    assert should("descendants_at_distance", (G, 0, 2), {}) is True
    assert should("descendants_at_distance", (None, 0, 2), {}) is True
    docs = nxb.get_info()["functions"]
    assert "sort_neighbors" in docs["bfs_edges"]["additional_docs"]
    assert "zero weights" in docs["betweenness_centrality"]["additional_docs"]
    assert "negative weights" in docs["single_source_dijkstra"]["additional_docs"]


def test_sources_of_small_reach_stay_with_networkx():
    """A single-source call whose sources reach at most SMALL_REACH vertices is left to
    NetworkX (its search touches only them), with the same answer and no dispatch; one
    that reaches more, or gives a target, is decided by the graph alone."""
    from semiring_paths.networkx import SMALL_REACH, dispatch_counts

    G = nx.DiGraph(nx.grid_2d_graph(80, 80))                 # 25 280 edges
    G.add_edges_from([("a", "b"), ("b", "c"), ("c", (0, 0))])  # "c" reaches everything
    nx.set_edge_attributes(G, 2, "weight")
    should = nxb.BackendInterface.should_run
    assert should("dijkstra_predecessor_and_distance", (G, "b"), {}) is True  # the grid
    sink = ("x", 0)
    G.add_edge(sink, ("x", 1))
    why = should("single_source_dijkstra", (G, sink), {})
    assert isinstance(why, str) and "reach 2 vertices" in why
    assert should("multi_source_dijkstra", (G, [sink, ("x", 1)]), {}) != True  # noqa: E712
    assert should("single_source_dijkstra", (G, (5, 5)), {}) is True
    assert "reach" not in should("single_source_dijkstra", (G, sink), {"target": ("x", 1)})
    assert "reach 2" in should("bellman_ford_path_length", (G, sink, ("x", 1)), {})
    assert "reach 2" in should("bfs_layers", (G, sink), {})            # a node or a list
    assert "reach 2" in should("bfs_layers", (G, [sink]), {})
    assert "reach 2" in should("bfs_labeled_edges", (G, sink), {})     # (so does this)
    assert "reach 2" in should("bfs_labeled_edges", (G, [sink]), {})
    assert should("bfs_labeled_edges", (G, [(5, 5)]), {}) is True
    assert should("single_source_dijkstra", (G, "nowhere"), {}) is True   # its error
    # a target reached from few vertices: the search follows the in-edges ("a" reaches
    # the grid but is reached from itself only; ("x", 1) from two vertices)
    assert "reach 1 " in should("single_target_shortest_path_length", (G, "a"), {})
    assert "reach 2 " in should("single_target_shortest_path", (G, ("x", 1)), {})
    assert should("single_target_shortest_path_length", (G, (5, 5)), {}) is True
    U = G.to_undirected()
    assert should("single_target_shortest_path_length", (U, "a"), {}) is True
    try:
        nx.config.backend_priority = ["semiring_paths"]
        served = dispatch_counts["single_target_shortest_path"]
        assert nx.single_target_shortest_path(G, "a") == {"a": ["a"]}
        assert dispatch_counts["single_target_shortest_path"] == served
    finally:
        nx.config.backend_priority = []
    H = nx.DiGraph(nx.path_graph(SMALL_REACH + 1))
    H.add_edges_from(nx.DiGraph(nx.grid_2d_graph(80, 80)).edges)
    assert should("single_source_shortest_path_length", (H, 0), {}) is True
    try:
        nx.config.backend_priority = ["semiring_paths"]
        served = dispatch_counts["single_source_dijkstra"]
        got = nx.single_source_dijkstra(G, sink)
        assert dispatch_counts["single_source_dijkstra"] == served
    finally:
        nx.config.backend_priority = []
    assert got == nx.single_source_dijkstra(G, sink)


def test_should_run_estimates_edges_only_where_the_verdict_is_clear():
    """should_run counts edges exactly on small graphs and near its thresholds; a graph
    far past them is judged from a sample of degrees (no pass over every node)."""
    from semiring_paths.networkx import _edges_estimate

    assert _edges_estimate(nx.path_graph(300)) == 299                 # small: exact
    G = nx.grid_2d_graph(200, 200)
    est, m = _edges_estimate(G), G.number_of_edges()
    assert est != m and m / 2 <= est <= 2 * m                        # far past: sampled
    H = nx.gnm_random_graph(3000, 10_000, seed=1)
    assert _edges_estimate(H) == 10_000                              # near the line: exact
    assert nxb.BackendInterface.should_run("bfs_edges", (G, (0, 0)), {}) is True


def test_integer_labels_index_themselves_and_equal_labels_still_resolve():
    """Labels 0 … n-1 index themselves (no label dict); a label equal to one of them but
    of another type (``np.int64(2)``, ``2.0``) resolves as NetworkX's dict lookups do, and
    an int outside the graph is refused as NetworkX refuses it."""
    G = nx.path_graph(6)
    G.add_edge(5, 0)
    want = nx.single_source_shortest_path_length(G, 2)
    for s in (2, np.int64(2), 2.0):
        got = nx.single_source_shortest_path_length(G, s, backend="semiring_paths")
        assert got == want and list(got) == list(want)
        assert nx.single_source_dijkstra_path_length(G, s, backend="semiring_paths") == want
    for s in (6, -1):
        with pytest.raises(nx.NodeNotFound):
            nx.single_source_shortest_path_length(G, s, backend="semiring_paths")
    H = nxb.SemiringPathsGraph(G)
    assert H.index[3] == 3 and H.index[np.int64(4)] == 4
    with pytest.raises(KeyError):
        H.index[6]


@pytest.mark.parametrize("directed", [False, True])
def test_integer_labels_of_long_answers_are_the_graphs_own(directed):
    """Where labels are 0 … n-1, a label list long enough to repeat them
    (``GATHER_REPEATS`` times the vertices) takes the graph's own label objects, a
    shorter one new ints: both give NetworkX's answers, in its orders."""
    P = nxb.SemiringPathsGraph(nx.path_graph(300))    # labels past the small-int cache
    idx = np.arange(300 * P.GATHER_REPEATS) % 300
    assert P.labels(idx) == idx.tolist() and P.labels(idx[-3:]) == [297, 298, 299]
    assert all(a is b for a, b in zip(P.labels(idx), P.nodes * P.GATHER_REPEATS))
    G = nx.gnp_random_graph(40, 0.4, seed=3, directed=directed)
    H = nxb.SemiringPathsGraph(G)
    assert G.number_of_edges() >= H.GATHER_REPEATS * len(G)          # the long branch
    for fn, args in [(nx.bfs_labeled_edges, (G, 0)), (nx.bfs_edges, (G, 0)),
                     (nx.predecessor, (G, 0)), (nx.single_source_shortest_path, (G, 0)),
                     (nx.dijkstra_predecessor_and_distance, (G, 0))]:
        same(fn, *args)


def test_answers_leave_no_young_collection_behind():
    """A served call's answer goes to the oldest generation on the way out (no young
    collection walks every path list after it); objects a caller froze stay frozen."""
    import gc

    G = nx.path_graph(3000)
    nx.single_source_shortest_path_length(G, 0, backend="semiring_paths")   # converts
    gc.collect()
    paths = nx.single_source_shortest_path(G, 0, backend="semiring_paths")
    assert len(paths) == 3000 and gc.isenabled()
    last = paths[2999]                                 # in the oldest generation
    assert any(obj is last for obj in gc.get_objects(generation=2))
    frozen = [[i] for i in range(10)]
    gc.freeze()
    try:
        before = gc.get_freeze_count()
        nx.single_source_shortest_path(G, 0, backend="semiring_paths")
        # our freeze / unfreeze would leave 0 frozen, or (a freeze alone) add the
        # answer's 3 001 containers; a frozen object the call itself releases (a cache
        # entry replaced) leaves the count: seen once 2 fewer in a CI run
        assert before - 100 < gc.get_freeze_count() <= before
    finally:
        gc.unfreeze()
    del frozen
    gc.disable()                                       # a caller's own choice kept
    try:
        nx.single_source_shortest_path(G, 0, backend="semiring_paths")
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_search_generators_make_their_items_with_the_collector_off():
    """The BFS generators make every item at the first request, the collector held off,
    and their items are then in the oldest generation: the consumer's loop allocates
    nothing that would start a collection walking them."""
    import gc

    G = nx.path_graph(3000)
    nx.single_source_shortest_path_length(G, 0, backend="semiring_paths")   # converts
    gc.collect()
    it = nx.bfs_successors(G, 0, backend="semiring_paths")
    first = next(it)
    assert gc.isenabled()
    young = gc.get_stats()[0]["collections"]
    items = [first, *it]                   # 1 500 (parent, [child]) pairs handed out
    assert gc.get_stats()[0]["collections"] == young
    assert items == list(nx.bfs_successors(G, 0))
    assert any(obj is items[-1] for obj in gc.get_objects(generation=2))


def test_search_generators_keep_older_objects_frozen_while_taken():
    """While a BFS generator's items are taken, the objects older than its first request
    are out of the collector's reach (``registry._Frozen``); used up or dropped, the
    generator leaves nothing frozen; a caller's own frozen objects stay as they are.  The
    tree NetworkX builds from the served edges under a plain priority list is its own.
    Python 3.12 keeps its tracked immortal objects frozen (``base``: 375 in 3.12.1, put
    back by each full collection); a thaw here thaws them too."""
    import gc

    G = nx.path_graph(3000)
    nx.single_source_shortest_path_length(G, 0, backend="semiring_paths")   # converts
    gc.collect()
    base = gc.get_freeze_count()                       # the interpreter's own
    it = nx.bfs_edges(G, 0, backend="semiring_paths")
    assert gc.get_freeze_count() == base               # nothing before the first request
    first = next(it)
    assert gc.get_freeze_count() > base + 3000 and gc.isenabled()   # G's dicts among them
    assert [first, *it] == list(nx.bfs_edges(G, 0))
    assert gc.get_freeze_count() == 0                  # used up: thawed
    it = nx.bfs_successors(G, 0, backend="semiring_paths")
    next(it)
    assert gc.get_freeze_count() > base
    del it                                             # dropped half-taken: thawed
    assert gc.get_freeze_count() == 0
    mine = [object()]                                  # a caller's own freeze: its
    gc.freeze()                                        # objects stay frozen (none back
    try:                                               # in a generation), none added;
        before = gc.get_freeze_count()                 # some may die meanwhile, freed
        assert len(list(nx.bfs_edges(G, 0, backend="semiring_paths"))) == 2999
        assert not any(obj is mine for obj in gc.get_objects())
        assert 0 < gc.get_freeze_count() <= before
    finally:
        gc.unfreeze()
    G = nx.path_graph(12_000)                          # (over should_run's 10⁴ edges)
    with nx.config(backend_priority=["semiring_paths"]):
        served = nxb.dispatch_counts["bfs_edges"]
        T = nx.bfs_tree(G, 1500)                       # NetworkX's, from served edges
        assert nxb.dispatch_counts["bfs_edges"] == served + 1
    assert gc.get_freeze_count() <= base
    R = nx.bfs_tree(G, 1500)
    assert list(T.nodes) == list(R.nodes) and list(T.edges) == list(R.edges)



@pytest.mark.parametrize("fn, kwargs", [
    (nx.all_pairs_shortest_path, {}), (nx.all_pairs_shortest_path_length, {}),
    (nx.all_pairs_dijkstra, {}), (nx.all_pairs_dijkstra_path, {}),
    (nx.all_pairs_dijkstra_path_length, {}), (nx.all_pairs_bellman_ford_path, {}),
    (nx.all_pairs_bellman_ford_path_length, {}), (nx.all_pairs_all_shortest_paths, {}),
    (nx.shortest_path, {}), (nx.shortest_path_length, {"weight": "weight"})])
def test_all_pairs_generators_make_each_item_apart(fn, kwargs):
    """An all-pairs generator makes one source's answer at a time (lazily, as NetworkX
    yields them), each with the collector held off and handed out with it back on, into
    the oldest generation (``registry.made_apart``)."""
    import gc
    import inspect

    from semiring_paths.networkx.registry import made_apart

    G = nx.path_graph(400)
    nx.set_edge_attributes(G, 1, "weight")
    made = []
    it = fn(G, backend="semiring_paths", **kwargs)
    assert it.gi_code is made_apart.__code__
    assert inspect.getgeneratorstate(it) == inspect.GEN_CREATED         # not started
    gc.collect()
    young = gc.get_stats()[0]["collections"]
    for v, item in it:
        assert gc.isenabled()
        made.append((v, item))
    assert gc.get_stats()[0]["collections"] - young < 5      # not one a few hundred lists
    assert made == list(fn(G, **kwargs))
    last = made[-1][1]                   # (a dict of ints only is not tracked at all)
    assert not gc.is_tracked(last) or any(obj is last for obj in gc.get_objects(generation=2))
    seen = []

    def items():
        seen.append(gc.isenabled())
        yield 1
        seen.append(gc.isenabled())
        raise ValueError("after the first item, as a generator raises it")

    apart = made_apart(items())
    assert seen == [] and next(apart) == 1 and seen == [False] and gc.isenabled()
    with pytest.raises(ValueError, match="after the first"):
        next(apart)
    assert seen == [False, False] and gc.isenabled()

def test_small_reach_is_probed_before_the_graph_is_judged(monkeypatch):
    """``should_run`` declines a search of small reach without the graph's verdict (whose
    sample of rows costs more than NetworkX's answer on a graph fresh from a copy); a
    search of wide reach still asks for it."""
    G = nx.DiGraph(nx.grid_2d_graph(80, 80))
    G.add_edge("s", "t")
    judged = []
    monkeypatch.setattr(nxb, "_graph_verdict",
                        lambda *a, **k: judged.append(a) or True)
    why = nxb.BackendInterface.should_run("single_source_shortest_path_length", (G, "s"), {})
    assert "reach 2 vertices" in why and not judged
    assert nxb.BackendInterface.should_run(
        "single_source_shortest_path_length", (G, (0, 0)), {}) is True
    assert judged


def test_small_reach_calls_leave_the_weight_scan(monkeypatch):
    """A search whose sources reach few vertices goes to NetworkX under the priority
    without a pass over every weight; named explicitly, it scans them then (a negative
    weight anywhere: NetworkX's own code answers)."""
    from semiring_paths.networkx import dispatch_counts, registry

    G = nx.DiGraph(nx.grid_2d_graph(60, 60))                 # 3 600 vertices
    nx.set_edge_attributes(G, 2, "weight")
    G.add_edge(("x", 0), ("x", 1), weight=3)
    G[(0, 0)][(0, 1)]["weight"] = -1
    scans = []
    real = registry.adjacency_weights
    monkeypatch.setattr(registry, "adjacency_weights",
                        lambda *a: scans.append(1) or real(*a))
    can = nxb.BackendInterface.can_run
    assert can("single_source_dijkstra", (G, ("x", 0)), {}) is True
    assert not scans
    try:
        nx.config.backend_priority = ["semiring_paths"]
        served = dispatch_counts["single_source_dijkstra"]
        assert nx.single_source_dijkstra(G, ("x", 0)) == (
            {("x", 0): 0, ("x", 1): 3}, {("x", 0): [("x", 0)], ("x", 1): [("x", 0), ("x", 1)]})
        assert not scans and dispatch_counts["single_source_dijkstra"] == served
    finally:
        nx.config.backend_priority = []
    got = nx.single_source_dijkstra(G, ("x", 0), backend="semiring_paths")
    assert scans and dispatch_counts["single_source_dijkstra"] == served   # negative
    assert got == nx.single_source_dijkstra(G, ("x", 0))
    assert "negative" in can("single_source_dijkstra", (G, ("x", 0)), {})  # now known


def test_a_probe_that_ended_slowly_is_the_answer(monkeypatch):
    """A point-to-point query whose probe (``registry.searches_serve``) ended within
    ``PROBE_EDGES`` entries but after ``NEAR_S`` seconds is served from that search:
    NetworkX's answer, the search not run again (its ``run`` scans nothing more) nor
    NetworkX's own (the call is served).  Under ``NEAR_S`` it goes to NetworkX."""
    from semiring_paths.networkx import registry

    monkeypatch.setattr(registry, "CONVERT_NS", 10**12)   # no rent-or-buy conversion here
    probes = []
    probed = registry._probed

    def probe(*a):
        ended, search = probed(*a)
        probes.append((a[1], ended, search, _scanned(search)))
        return ended, search

    monkeypatch.setattr(registry, "_probed", probe)
    G = nx.grid_2d_graph(80, 80)                       # 12 640 edges: past the size rule
    nx.set_edge_attributes(G, 1, "weight")
    calls = [("shortest_path", lambda: nx.shortest_path(G, (0, 0), (0, 3)), "hops"),
             ("dijkstra_path", lambda: nx.dijkstra_path(G, (0, 0), (2, 0)), "one heap"),
             ("dijkstra_path_length", lambda: nx.dijkstra_path_length(G, (0, 0), (2, 1)),
              "one heap"),
             ("bidirectional_dijkstra", lambda: nx.bidirectional_dijkstra(G, (0, 0), (1, 1)),
              "two heaps")]
    wants = [call() for _, call, _ in calls]            # plain NetworkX
    for near_s, served in ((0.0, 1), (10.0, 0)):
        monkeypatch.setattr(registry, "NEAR_S", near_s)
        for (name, call, kind), want in zip(calls, wants):
            H = G.copy()
            G, before = H, nxb.dispatch_counts[name]
            probes.clear()
            try:
                nx.config.backend_priority = ["semiring_paths"]
                assert call() == want
            finally:
                nx.config.backend_priority = []
            assert [(k, e) for k, e, *_ in probes] == [(kind, True)]
            assert nxb.dispatch_counts[name] == before + served, (name, near_s)
            _, _, search, scanned = probes[0]
            assert _scanned(search) == scanned           # taken as it ended


def _scanned(search) -> int:
    """The vertices a ``searches`` search has scanned or reached."""
    from semiring_paths.networkx import searches

    if isinstance(search, searches.DijkstraTo):
        return len(search.dist) + len(search.seen)
    if isinstance(search, searches.TwoHeaps):
        return sum(map(len, search.dists)) + sum(map(len, search.seen))
    return len(search.fwd) + len(search.bwd)


def test_a_near_query_is_probed_once_and_a_small_graph_not_at_all(monkeypatch):
    """``should_run``'s probe of a point-to-point query (``registry.searches_serve``) runs
    once for a query NetworkX then answers itself, though NetworkX's own version calls
    another dispatched function with the same ends (``shortest_path`` →
    ``bidirectional_shortest_path``, ``dijkstra_path`` → ``single_source_dijkstra``);
    again once the graph changes; and never on a graph below the size rule."""
    from semiring_paths.networkx import registry

    monkeypatch.setattr(registry, "CONVERT_NS", 10**12)   # no rent-or-buy conversion here
    monkeypatch.setattr(registry, "NEAR_S", 10.0)   # near by the entries read, not the clock
    probes = []
    probed = registry._probed
    monkeypatch.setattr(registry, "_probed", lambda *a: probes.append(a[1]) or probed(*a))
    G = nx.grid_2d_graph(80, 80)                       # 12 640 edges: past the size rule
    nx.set_edge_attributes(G, 1, "weight")
    small = nx.grid_2d_graph(20, 20)
    calls = [(lambda H: nx.shortest_path(H, (0, 0), (0, 3)), ["hops"]),
             (lambda H: nx.dijkstra_path(H, (0, 0), (2, 0)), ["one heap"]),
             (lambda H: nx.shortest_path(H, (0, 0), (1, 1), weight="weight"), ["two heaps"])]
    wants = [call(G) for call, _ in calls]              # plain NetworkX
    try:
        nx.config.backend_priority = ["semiring_paths"]
        for (call, kinds), want in zip(calls, wants):
            probes.clear()
            assert call(G) == want
            assert probes == kinds                     # the nested call took the verdict
            assert call(G) == want and probes == kinds  # the same query: not probed again
            G.add_edge((0, 0), "new")                  # a changed graph: probed anew
            assert call(G) == want and probes == kinds * 2
            G.remove_node("new")
            probes.clear()
            assert call(small) == want and probes == []
    finally:
        nx.config.backend_priority = []


def _outcome(call):
    """``call()``'s answer, or its exception's type and message."""
    try:
        return _in_order(call())
    except Exception as e:
        return type(e), str(e)


@pytest.mark.parametrize("seed", range(6))
def test_searches_over_dicts_match_networkx_with_negative_weights(seed):
    """``searches.DijkstraTo`` and ``TwoHeaps`` look a relaxed edge's head up once (in the
    tentative distances; the final ones only where the edge would lower it): the same
    lengths, paths and "Contradictory paths" errors as NetworkX's own searches, on
    directed graphs whose negative edges reach vertices already scanned — the case where
    the final distances are read — and on ties (weights 0..3)."""
    from semiring_paths.networkx import searches

    rng = np.random.default_rng(seed)
    G = nx.gnp_random_graph(40, 0.12, seed=seed, directed=True)
    for u, v in G.edges:
        G[u][v]["weight"] = int(rng.integers(-3 if seed % 2 else 0, 4))
    raised = 0
    for s, t in rng.integers(0, 40, (60, 2)).tolist():
        if s == t:
            continue

        def one_heap(s=s, t=t):
            dist, pred = searches.dijkstra_to(G._succ, s, t, "weight")
            if t not in dist:
                raise nx.NetworkXNoPath(f"No path to {t}.")
            return dist[t], searches.path_to(pred, t)

        def two_heaps(s=s, t=t):
            got = searches.bidirectional(G._succ, G._pred, s, t, "weight")
            if got is None:
                raise nx.NetworkXNoPath(f"No path between {s} and {t}.")
            return got

        want = _outcome(lambda s=s, t=t: nx.single_source_dijkstra(G, s, t))
        assert _outcome(one_heap) == want, (s, t)
        assert _outcome(two_heaps) == _outcome(
            lambda s=s, t=t: nx.bidirectional_dijkstra(G, s, t)), (s, t)
        raised += isinstance(want[0], type) and issubclass(want[0], ValueError)
    if seed % 2:                      # the negative seeds reach scanned vertices
        assert raised > 0


@pytest.mark.parametrize("fn", [nx.predecessor, nx.dijkstra_predecessor_and_distance,
                                nx.bellman_ford_predecessor_and_distance])
def test_predecessor_lists_with_few_ties_match_networkx(fn):
    """``convert.runs`` where few lists are ties (its one-vertex lists made apart, the
    ties stored in by position): a long cycle with chords, so that most vertices have one
    predecessor and a few two or more, in NetworkX's order."""
    G = nx.cycle_graph(60)
    G.add_edges_from([(0, 30), (10, 40), (5, 25), (50, 20)])
    nx.set_edge_attributes(G, 1, "weight")
    same(fn, G, 0)
    same(fn, G, 7)


@pytest.mark.parametrize("labels", ["ints", "ints, rows iterated", "strings",
                                    "strings, rows iterated"])
def test_a_first_search_reads_only_the_rows_it_reaches(monkeypatch, labels):
    """A BFS on a graph not converted yet reads NetworkX's rows a level at a time, only
    those it reaches (``SemiringPathsGraph.search_rows``); one that ran to its end keeps
    them, and a later search from a vertex it reached stays within them, either way round;
    a search from outside them, after one cut short, or past ``ROW_LEVELS`` levels of
    fewer than ``LEVEL_ENTRIES`` entries on average reads the whole adjacency.  Every
    answer is NetworkX's, with the rows of int labels read from their dicts' tables
    (``tables.py``) and by iteration."""
    from semiring_paths.networkx import registry, tables
    from semiring_paths.networkx.convert import SemiringPathsGraph

    nx.config.warnings_to_ignore.add("cache")
    strings = labels.startswith("strings")
    assert tables.readable()
    if labels.endswith("rows iterated"):
        monkeypatch.setattr(tables, "_READABLE", [False])

    def graph():
        # A = 0..59 strongly connected; B = 60..119 reaches A, A never reaches B
        G = nx.DiGraph()
        rng = np.random.default_rng(7)
        for lo in (0, 60):
            G.add_edges_from((lo + i, lo + (i + 1) % 60) for i in range(60))
            G.add_edges_from((lo + int(a), lo + int(b))
                             for a, b in rng.integers(0, 60, (200, 2)))
        G.add_edges_from((60 + int(a), int(b)) for a, b in rng.integers(0, 60, (40, 2)))
        return nx.relabel_nodes(G, {v: f"v{v}" for v in G}) if strings else G

    def label(v):
        return f"v{v}" if strings else v

    def state(G, reverse=False):
        (c,) = registry.cached_conversions(G)
        return c._graphs.get(("reach", reverse), "absent"), c.has_adjacency(reverse)

    G = graph()
    same(nx.single_source_shortest_path_length, G, label(3))
    kept, adj = state(G)
    assert isinstance(kept, tuple) and len(kept[0]) == 60 and not adj
    same(nx.bfs_edges, G, label(17))                       # within A: from the rows kept
    same(nx.single_source_shortest_path, G, label(40), cutoff=3)
    same(nx.predecessor, G, label(33), return_seen=True)  # its pairs, from them too
    same(nx.bfs_labeled_edges, G, [label(8), label(9)])
    kept, adj = state(G)
    assert isinstance(kept, list) and not adj
    same(nx.bfs_layers, G, label(70))                      # B: outside them, converts
    assert state(G)[1]
    T = nx.bfs_tree(G, label(80), backend="semiring_paths")
    assert list(T.edges) == list(nx.bfs_tree(G, label(80)).edges)

    G = graph()                                            # the other way round
    same(nx.single_target_shortest_path, G, label(90))     # B's in-edges stay in B
    kept, adj = state(G, True)
    assert isinstance(kept, tuple) and len(kept[0]) == 60 and not adj
    same(nx.single_target_shortest_path_length, G, label(61))
    assert isinstance(state(G, True)[0], list) and not state(G, True)[1]
    same(nx.single_target_shortest_path_length, G, label(5))   # A's: from B too
    assert state(G, True)[1] and state(G) == ("absent", False)

    G = graph()                                            # a first call of these
    same(nx.bfs_labeled_edges, G, label(12))
    same(nx.predecessor, G, label(3), cutoff=2)
    assert isinstance(state(G)[0], list) and not state(G)[1]

    G = graph()                                            # cut short: the next converts
    same(nx.bfs_edges, G, label(70), depth_limit=2)
    assert state(G) == (None, False)
    same(nx.bfs_successors, G, label(3))
    assert state(G)[1]

    monkeypatch.setattr(SemiringPathsGraph, "ROW_LEVELS", 2)
    G = graph()                                            # a deep thin search gives up
    same(nx.single_source_shortest_path_length, G, label(3))
    assert state(G) == (None, True)
    monkeypatch.setattr(SemiringPathsGraph, "LEVEL_ENTRIES", 2)
    G = graph()                                            # a deep thick one goes on
    same(nx.single_source_shortest_path_length, G, label(3))
    assert isinstance(state(G)[0], tuple) and not state(G)[1]


@given(st.data())
def test_row_tables_read_as_iteration(data):
    """``tables.read_rows`` over ``tables.row_tables`` gives each row's keys as indices,
    as NetworkX's iteration finds them, on rows built with deletions, reinsertions and
    keys equal to a label but not it (``True``, ``2.0``), labelled 0 … n-1, by strings
    or by tuples; and hands back (None) a dict of rows not keyed by the labels in order,
    a row holding a key past n or no label's, and a row that is not a ``dict`` itself."""
    from collections import OrderedDict

    from semiring_paths.networkx import tables

    n = data.draw(st.integers(1, 40))
    # the labels: 0 … n-1 (keys read as their hashes), or strings or tuples (found by
    # hash among the labels')
    kind = data.draw(st.sampled_from(["ints", "strings", "tuples"]))
    name = {"ints": lambda i: i, "strings": lambda i: f"v{i}",
            "tuples": lambda i: (i % 3, str(i))}[kind]
    labels = None if kind == "ints" else tables.label_hashes([name(i) for i in range(n)])
    assert kind == "ints" or labels is not None
    adj: dict = {name(u): {} for u in range(n)}
    steps = data.draw(st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1),
                                         st.booleans()), max_size=300))
    for u, v, add in steps:
        if add:
            key = {1: True, 2: 2.0}.get(v, v) if kind == "ints" else name(v)
            adj[name(u)][key] = {}
        else:
            adj[name(u)].pop(name(v), None)
    index = {name(i): i for i in range(n)}
    want_lengths = [len(row) for row in adj.values()]
    want_keys = [index[k] for row in adj.values() for k in row]
    at = tables.row_tables(adj, n, labels)
    assert at is not None and at.tolist() == [id(row) for row in adj.values()]
    lengths, keys = tables.read_rows(at, n, labels)
    assert lengths.tolist() == want_lengths and keys.tolist() == want_keys
    some = data.draw(st.lists(st.integers(0, n - 1), max_size=10))
    lengths, keys = tables.read_rows(at[some], n, labels)
    assert keys.tolist() == [index[k] for u in some for k in adj[name(u)]]
    if want_keys and kind == "ints":                # a key past the labels
        assert tables.read_rows(at, max(want_keys)) is None
    u = name(data.draw(st.integers(0, n - 1)))
    for odd in ({"a": {}}, {("a",): {}}, OrderedDict({name(0): {}})):  # no label's key
        saved, adj[u] = adj[u], odd
        assert tables.read_rows(tables.row_tables(adj, n, labels), n, labels) is None
        adj[u] = saved
    if n > 1:                                       # keys out of order
        moved = adj.pop(name(0))
        adj[name(0)] = moved
        assert tables.row_tables(adj, n, labels) is None


def test_first_calls_on_rows_with_holes_match_networkx():
    """The rows' tables read with deleted entries (edges removed), on a first call (a
    search over the rows it reaches) and a conversion (every row), both directions, int
    labels and strings: NetworkX's answers."""
    nx.config.warnings_to_ignore.add("cache")

    def graph():
        G = nx.gnp_random_graph(300, 0.03, seed=5, directed=True)
        G.remove_edges_from(list(G.edges)[::4])
        return G

    def named():
        return nx.relabel_nodes(graph(), {v: f"v{v}" for v in range(300)})

    for fn in (nx.single_source_shortest_path_length, nx.single_target_shortest_path,
               nx.bfs_edges, nx.single_source_dijkstra_path_length):
        for make, label in ((graph, int), (named, "v{}".format)):
            same(fn, make(), label(0))
            G = make()
            same(nx.shortest_path_length, G)                  # every row at once
            same(fn, G, label(5))


_WEIGHTS = st.one_of(st.none(), st.integers(-(2**60) + 1, 2**60 - 1),
                     st.floats(allow_nan=True), st.booleans(),
                     st.integers(2**60, 2**70), st.builds(np.float64, st.floats()))


@given(st.lists(_WEIGHTS, max_size=60), st.booleans(), st.booleans())
def test_row_weights_read_as_iteration(values, strings, holes):
    """``tables.row_weights`` gives ``data.get("weight", 1)`` over every edge in
    NetworkX's order — int64 where every value is an ``int`` itself, else float64 — on
    int and string labels, with edges removed; it hands back (None) a ``bool``, a NumPy
    scalar and an int past two 30-bit digits, and reads every other value."""
    from semiring_paths.networkx import tables

    G = nx.DiGraph()
    G.add_nodes_from(f"v{i}" if strings else i for i in range(len(values) + 2))
    nodes = list(G)
    for i, w in enumerate(values):
        G.add_edge(nodes[i], nodes[(7 * i + 3) % len(nodes)], **(
            {} if w is None else {"weight": w, "other": 1}))
    if holes:
        G.remove_edges_from(list(G.edges)[::3])
    want = [d.get("weight", 1) for row in G._adj.values() for d in row.values()]
    got = tables.row_weights(G._adj, "weight")
    odd = any(type(w) not in (int, float) or (type(w) is int and abs(w) >= 2**60)
              for w in want)
    assert (got is None) == odd
    if got is not None:
        assert got.dtype == (np.int64 if all(type(w) is int for w in want) else np.float64)
        np.testing.assert_array_equal(got, np.array(want, got.dtype))
