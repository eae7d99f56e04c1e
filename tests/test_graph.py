"""Graph constructors, validation at the boundary, cached properties, conversions."""

from __future__ import annotations

from fractions import Fraction

import graphblas as gb
import networkx as nx
import numpy as np
import pytest
import scipy.sparse as sps
from hypothesis import given, settings
from hypothesis import strategies as st

import semiring_paths as sp


def test_from_edges_undirected_stores_both_ways_and_merges_duplicates():
    G = sp.Graph.from_edges([0, 0, 1, 2], [1, 1, 2, 2], weights=[5, 3, 0, 7],
                            directed=False)
    assert G.n_vertices == 3 and G.n_edges == 3 and G.n_stored == 5
    M = G.to_scipy().toarray()
    assert M[0, 1] == 3 and M[1, 0] == 3          # least weight kept
    assert G.to_scipy()[1, 2] == 0 and G.to_scipy().nnz == 5  # zero weight is an edge
    assert G.uniform_weight is None and G.min_weight == 0


@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_both_csr_builders_agree(data):
    """The NumPy sort (inputs below SMALL_EDGES) and the compiled builder (large
    inputs; forced here) give the same CSR — least weight of each duplicate, undirected
    edges both ways, self loops once — from chunked, 1-based input too."""
    from semiring_paths import build

    n = data.draw(st.integers(1, 30))
    m = data.draw(st.integers(0, 120))
    src = np.array(data.draw(st.lists(st.integers(1, n), min_size=m, max_size=m)), np.int32)
    dst = np.array(data.draw(st.lists(st.integers(1, n), min_size=m, max_size=m)), np.int32)
    w = np.array(data.draw(st.lists(st.integers(0, 5), min_size=m, max_size=m)),
                 np.float64) if data.draw(st.booleans()) else None
    both = data.draw(st.booleans())
    cut = data.draw(st.integers(0, m))
    chunks = lambda a: [a[:cut], a[cut:]] if a is not None else None
    small = build.csr_min_dedup(chunks(src), chunks(dst), chunks(w), n, both, np.int32,
                                base=1)
    before = build.SMALL_EDGES
    build.SMALL_EDGES = 0
    try:
        big = build.csr_min_dedup(chunks(src), chunks(dst), chunks(w), n, both, np.int32,
                                  base=1)
    finally:
        build.SMALL_EDGES = before
    for a, b in zip(small, big):
        assert (a is None and b is None) or (a.dtype == b.dtype and np.array_equal(a, b))
    want: dict[tuple[int, int], float] = {}           # (row, column) → least weight
    pairs = list(zip(src - 1, dst - 1)) + (list(zip(dst - 1, src - 1)) if both else [])
    weights = list(w) * (2 if both else 1) if w is not None else [0.0] * len(pairs)
    for (u, v), x in zip(pairs, weights):
        want[int(u), int(v)] = min(x, want.get((int(u), int(v)), np.inf))
    indptr, indices, got_w = small
    rows = np.repeat(np.arange(n), np.diff(indptr))
    got = dict(zip(zip(rows.tolist(), indices.tolist()),
                   got_w.tolist() if got_w is not None else [0.0] * indices.size))
    assert got == want


def test_cached_properties():
    G = sp.Graph.from_edges([0, 0, 1], [1, 2, 2], weights=[4.0, 2.0, 8.0], n_vertices=4)
    assert G.out_degree.tolist() == [2, 1, 0, 0]
    assert G.min_out_weight.tolist() == [2.0, 8.0, np.inf, np.inf]
    assert G.mean_weight == pytest.approx(14 / 3)
    assert not G.has_negative_weights
    with pytest.raises(ValueError):
        G.out_degree[0] = 9                       # immutable


@pytest.mark.parametrize("kw,msg", [
    (dict(src=[0, 1], dst=[1]), "differ in length"),
    (dict(src=[0, -1], dst=[1, 0]), "negative vertex id"),
    (dict(src=[0, 1], dst=[1, 2], n_vertices=2), "beyond n_vertices=2"),
    (dict(src=[0], dst=[1], weights=[np.nan]), "finite"),
    (dict(src=[0], dst=[1], weights=[np.inf]), "finite"),
    (dict(src=[0], dst=[1], weights=["a"]), r"edge 0 \(0 -> 1\) has weight 'a'"),
    (dict(src=[0, 1], dst=[1, 2], weights=[1.0, None]), "edge 1 .* has weight None"),
    (dict(src=[0], dst=[1], weights=[True]), "has weight True: weights must be numbers"),
    (dict(src=[0], dst=[1], weights=[2**64]),
     "has weight 18446744073709551616.*an int beyond int64 is not added exactly"),
    (dict(src=[0], dst=[1], weights=[Fraction(1, 3)]),
     r"Fraction\(1, 3\).*a Fraction is not added exactly.*pass float\(w\)"),
    (dict(src=[0], dst=[1], weights=[1 + 0j]), r"has weight \(1\+0j\)[^;]*$"),
    (dict(src=[0.5], dst=[1]), "integer"),
    (dict(src=[0], dst=[1], weights=[1, 2]), "2 entries for 1 edges"),
    # once cast to int64 it read as -2⁶³, a negative weight nobody gave
    (dict(src=[0, 1], dst=[1, 2], weights=np.array([4, 2**63], np.uint64)),
     r"edge 1 \(1 -> 2\) has weight 9223372036854775808, beyond int64"),
])
def test_invalid_edges(kw, msg):
    with pytest.raises(sp.InvalidGraphError, match=msg):
        sp.Graph.from_edges(**kw)


def test_from_scipy():
    M = sps.csr_matrix(np.array([[0, 2.0, 0], [0, 0, 1], [0, 0, 0]]))
    G = sp.Graph.from_scipy(M)
    assert G.directed and G.weighted and G.n_edges == 2
    U = sp.Graph.from_scipy(sps.triu(M), directed=False)
    assert U.n_edges == 2 and U.n_stored == 4
    B = sp.Graph.from_scipy(M.astype(bool))
    assert not B.weighted
    Z = sps.coo_matrix(([0.0], ([0], [1])), shape=(2, 2))   # explicit zero is an edge
    assert sp.Graph.from_scipy(Z).n_edges == 1
    with pytest.raises(sp.InvalidGraphError, match="square"):
        sp.Graph.from_scipy(sps.csr_matrix((2, 3)))
    with pytest.raises(sp.InvalidGraphError, match="square"):
        sp.Graph.from_scipy(np.zeros((2, 3)))
    U64 = sps.csr_matrix((np.array([7, 2**63], np.uint64), ([0, 1], [1, 2])), shape=(3, 3))
    with pytest.raises(sp.InvalidGraphError, match="beyond int64"):
        sp.Graph.from_scipy(U64)
    assert sp.Graph.from_scipy(U64.astype(np.uint32)).weights.dtype == np.int64


def test_from_scipy_reads_repeated_entries_as_csgraph_does():
    # a COO matrix's repeats are its value there (their sum); a CSR's or CSC's repeats
    # are parallel edges (the least); scipy adds int8 in int8, where 100 + 100 wraps
    from scipy.sparse.csgraph import dijkstra

    coo = sps.coo_matrix(([5.0, 2.0], ([0, 0], [1, 1])), shape=(2, 2))
    csr = sps.csr_matrix((np.array([5.0, 2.0]), np.array([1, 1]), np.array([0, 2, 2])),
                         shape=(2, 2))
    csc = sps.csc_matrix((np.array([5.0, 2.0]), np.array([0, 0]), np.array([0, 0, 2])),
                         shape=(2, 2))
    for M, d in ((coo, 7.0), (csr, 2.0), (csc, 2.0), (sps.coo_array(coo), 7.0)):
        assert dijkstra(M, indices=0)[1] == d
        assert sp.sssp(sp.Graph.from_scipy(M), 0).distances[1] == d
    assert coo.data.tolist() == [5.0, 2.0]                  # the caller's matrix untouched
    i8 = sps.coo_matrix((np.array([100, 100], np.int8), ([0, 0], [1, 1])), shape=(2, 2))
    assert sp.sssp(sp.Graph.from_scipy(i8), 0).distances[1] == 200
    big = sps.coo_matrix((np.array([2**62, 2**62]), ([0, 0], [1, 1])), shape=(2, 2))
    with pytest.raises(sp.InvalidGraphError, match=r"\(0, 1\) add up to .* beyond int64"):
        sp.Graph.from_scipy(big)


def test_from_networkx_names_a_bad_weight_by_its_labels():
    # NumPy made [1, "heavy"] two strings: the message named '1' on edge a -> b
    H = nx.Graph([("a", "b", {"weight": 1}), ("b", "c", {"weight": "heavy"})])
    with pytest.raises(sp.InvalidGraphError,
                       match=r"edge 1 \('b' -> 'c'\) has weight 'heavy'"):
        sp.Graph.from_networkx(H)
    with pytest.raises(sp.InvalidGraphError, match=r"\('x' -> 'y'\) has weight nan"):
        sp.Graph.from_networkx(nx.DiGraph([("x", "y", {"weight": float("nan")})]))


@pytest.mark.parametrize("directed", [True, False])
def test_to_networkx_round_trips(directed):
    """to_networkx then from_networkx: the same CSR, weights and labels; NetworkX's own
    Dijkstra on it agrees with ours."""
    K = nx.karate_club_graph() if not directed else nx.DiGraph(nx.karate_club_graph())
    G = sp.Graph.from_networkx(K)
    H = G.to_networkx()
    assert isinstance(H, nx.DiGraph) == directed and H.number_of_edges() == G.n_edges
    B = sp.Graph.from_networkx(H)
    assert B.labels == G.labels and B.directed == directed
    for a, b in ((B.indptr, G.indptr), (B.indices, G.indices), (B.weights, G.weights)):
        np.testing.assert_array_equal(a, b)
    R = sp.read("rome99")
    d = nx.single_source_dijkstra_path_length(R.to_networkx(), 0)
    np.testing.assert_allclose([d[v] for v in sorted(d)],
                               sp.sssp(R, 0).distances[sorted(d)])
    loop = sp.Graph.from_edges([0, 1, 1], [1, 1, 2], directed=False).to_networkx()
    assert sorted(loop.edges()) == [(0, 1), (1, 1), (1, 2)]        # a loop once


def test_from_networkx_keeps_labels_and_defaults():
    H = nx.DiGraph()
    H.add_edge("a", "b", weight=2.5)
    H.add_edge("b", "c")                         # no attribute: weighs 1
    H.add_node("z")
    G = sp.Graph.from_networkx(H)
    assert G.labels == ["a", "b", "c", "z"] and G.directed and G.n_edges == 2
    assert sp.sssp(G, 0).distances.tolist() == [0, 2.5, 3.5, np.inf]
    U = sp.Graph.from_networkx(nx.path_graph(4), weight=None)
    assert not U.directed and not U.weighted and U.n_edges == 3


def test_from_graphblas():
    A = gb.Matrix.from_coo([0, 1], [1, 2], [1.5, 2.5], nrows=3, ncols=3)
    G = sp.Graph.from_graphblas(A)
    assert G.weights.tolist() == [1.5, 2.5]
    assert not sp.Graph.from_graphblas(gb.Matrix.from_coo([0], [1], True, nrows=2,
                                                          ncols=2)).weighted
    with pytest.raises(sp.InvalidGraphError, match="square"):
        sp.Graph.from_graphblas(gb.Matrix(float, 2, 3))
    H = G.to_graphblas()
    assert H.isequal(A)


def test_info_and_repr():
    G = sp.read("rome99")
    text = G.info()
    assert "directed" in text and "3,353" in text and "8,859" in text
    assert "weights" in text and "int64" in text
    assert repr(G).startswith("<Graph n_vertices=3353")
    assert "edges" in sp.Graph.from_edges([], [], n_vertices=0).info()


def test_semirings_are_data():
    s = sp.semirings
    assert s.min_plus.graphblas() is gb.semiring.min_plus[float]
    assert s.max_min.zero == -np.inf and s.max_min.one == np.inf
    assert s.get("max_times") is s.max_times and s.get(s.min_plus) is s.min_plus
    assert s.min_plus.better(1, 2) and s.max_min.better(2, 1)
    assert s.max_times.times(0.5, 0.5) == 0.25
    assert set(s.registry) >= {"min_plus", "max_min", "max_times", "plus_times",
                               "any_secondi", "any_firstj"}
    with pytest.raises(ValueError, match="already registered"):
        s.register(s.min_plus)
    for r in s.registry.values():
        assert r.graphblas() is not None


def test_python_graphblas_semirings_are_taken_by_name():
    """A python-graphblas user's own spelling, typed or not, is the registered record."""
    s = sp.semirings
    assert s.get(gb.semiring.min_plus) is s.min_plus
    assert s.get(gb.semiring.max_min["INT64"]) is s.max_min
    assert s.get(gb.semiring.ss.any_firstj) is s.any_firstj     # named "ss.any_firstj"
    G = sp.read("rome99")
    np.testing.assert_array_equal(sp.sssp(G, 0, semiring=gb.semiring.min_plus).distances,
                                  sp.sssp(G, 0).distances)
    with pytest.raises(ValueError, match=r"unknown semiring 'min_times'.*register"):
        sp.sssp(G, 0, semiring=gb.semiring.min_times)


def test_vertex_id_and_a_label_given_for_an_id():
    G = sp.Graph.from_networkx(nx.path_graph(["a", "b", "c"]))
    assert [G.vertex_id(v) for v in "abc"] == [0, 1, 2]
    assert sp.sssp(G, G.vertex_id("c")).distances.tolist() == [2.0, 1.0, 0.0]
    with pytest.raises(sp.SourceError, match=r"source 'b' is a vertex label.*is 1"):
        sp.sssp(G, "b")
    with pytest.raises(sp.SourceError, match=r"target 'c' is a vertex label.*is 2"):
        sp.shortest_path(G, 0, "c")
    with pytest.raises(sp.SourceError, match=r"source 'a' is a vertex label.*is 0"):
        sp.multi_source_bfs(G, ["a", "c"])
    with pytest.raises(sp.SourceError, match="no vertex is labelled 'z'"):
        G.vertex_id("z")
    with pytest.raises(sp.SourceError, match="must be an integer vertex id, got 'z'"):
        sp.bfs(G, "z")
    with pytest.raises(sp.SourceError, match="has no labels"):
        sp.Graph.from_edges([0], [1]).vertex_id(0)
    for several in ([0, 2], (0, 2), np.array([0, 2])):    # scipy's indices=[...] habit
        with pytest.raises(sp.SourceError, match="several sources at once use multi_source"):
            sp.sssp(G, several)


def test_labels_are_one_per_vertex_hashable_and_unique():
    """Two vertices with one label would be one node to vertex_id and to_networkx
    (which merged 0 -> 1 and 1 -> 2 into a <-> b): refused, naming both vertices."""
    with pytest.raises(sp.InvalidGraphError, match="vertices 0 and 2 are both labelled 'a'"):
        sp.Graph.from_edges([0, 1], [1, 2], labels=["a", "b", "a"])
    with pytest.raises(sp.InvalidGraphError,
                       match=r"vertices 0 and 1 are labelled 1 and 1\.0, which are equal"):
        sp.Graph.from_edges([0, 1], [1, 2], labels=[1, 1.0, 2])
    with pytest.raises(sp.InvalidGraphError, match=r"vertex 1 is \[2\], a list.*hashable"):
        sp.Graph.from_edges([0, 1], [1, 2], labels=["x", [2], "z"])
    with pytest.raises(sp.InvalidGraphError, match="2 labels for 3 vertices"):
        sp.Graph.from_edges([0, 1], [1, 2], labels=["a", "b"])
    G = sp.Graph.from_edges([0, 1], [1, 2], labels=("a", "b", "c"))
    assert G.labels == ["a", "b", "c"] and G.vertex_id("c") == 2
    assert sorted(G.to_networkx().edges) == [("a", "b"), ("b", "c")]


def test_constructors_name_what_they_were_given():
    import graphblas as gb

    with pytest.raises(TypeError, match="expected a NetworkX graph, got str"):
        sp.Graph.from_networkx("abc")
    with pytest.raises(TypeError, match=r"got dia_matrix; use Graph\.from_scipy"):
        sp.Graph.from_networkx(sps.eye(3))
    with pytest.raises(TypeError, match=r"got dia_matrix; use Graph\.from_scipy"):
        sp.Graph.from_graphblas(sps.eye(3))
    with pytest.raises(TypeError, match=r"expected a graphblas\.Matrix, got Vector"):
        sp.Graph.from_graphblas(gb.Vector.from_coo([0], [1.0], size=2))
    with pytest.raises(TypeError, match=r"got a Graph; use Graph\.from_networkx"):
        sp.Graph.from_scipy(nx.path_graph(3))
    with pytest.raises(TypeError, match=r"got str \(as an array: dtype <U3\)"):
        sp.Graph.from_scipy("abc")
