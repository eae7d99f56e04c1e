"""Readers on real files and on malformed ones: errors name the file and the line."""

from __future__ import annotations

import gzip

import numpy as np
import pytest
import scipy.sparse as sps

import semiring_paths as sp

from .conftest import shared_graph


def write(tmp_path, name, text, gz=False):
    p = tmp_path / name
    if gz:
        p.write_bytes(gzip.compress(text.encode()))
    else:
        p.write_text(text)
    return p


# ----------------------------------------------------------------- real files
@pytest.mark.parametrize("rel,n,m,directed,weighted", [
    ("road/rome99.mtx.gz", 3353, 8859, True, True),
    ("road/luxembourg_osm.mtx.gz", 114599, 119666, False, False),
    ("mesh/wing.mtx.gz", 62032, 121544, False, False),
    ("social/wiki-Vote.mtx.gz", 8298, 103689, True, False),
    ("social/p2p-Gnutella31-weighted.mtx.gz", 62586, 147892, True, True),
    ("misc/bcsstk13.mtx.gz", 2003, 40940, False, True),
])
def test_real_matrix_market(rel, n, m, directed, weighted):
    G = sp.read(shared_graph(rel))
    assert (G.n_vertices, G.n_edges, G.directed, G.weighted) == (n, m, directed, weighted)


def test_roundtrip_through_every_format(tmp_path):
    """Write rome99 as DIMACS .gr, SNAP .txt, GAP .wel and .el; all read back the same."""
    G = sp.read(shared_graph("road/rome99.mtx.gz"))
    r, c, w = G.rows, G.indices, G.weights
    gr = f"c rome\np sp {G.n_vertices} {G.n_stored}\n" + "".join(
        f"a {a + 1} {b + 1} {x}\n" for a, b, x in zip(r, c, w))
    snap = "# Directed graph\n# FromNodeId ToNodeId\n" + "".join(
        f"{a}\t{b}\t{x}\n" for a, b, x in zip(r, c, w))
    wel = "".join(f"{a} {b} {x}\n" for a, b, x in zip(r, c, w))
    el = "".join(f"{a} {b}\n" for a, b in zip(r, c))
    for name, text, weighted in [("rome.gr", gr, True), ("rome.txt.gz", snap, True),
                                 ("rome.wel", wel, True), ("rome.el", el, False)]:
        H = sp.read(write(tmp_path, name, text, gz=name.endswith(".gz")))
        assert H.n_edges == G.n_edges and H.directed
        np.testing.assert_array_equal(H.indptr[: G.n_vertices + 1],
                                      G.indptr[: H.n_vertices + 1])
        np.testing.assert_array_equal(H.indices, G.indices)
        if weighted:
            np.testing.assert_array_equal(H.weights, G.weights)
        else:
            assert not H.weighted


def test_snap_header_says_undirected(tmp_path):
    p = write(tmp_path, "g.txt", "# Undirected graph: g.txt\n0 1\n1 2\n# trailing\n")
    G = sp.read(p)
    assert not G.directed and G.n_edges == 2 and G.n_stored == 4
    D = sp.read(p, directed=True)               # the same adjacency: each edge both ways
    assert D.directed and D.n_edges == 4 and sorted(zip(D.rows.tolist(),
                                                        D.indices.tolist())) == [
        (0, 1), (1, 0), (1, 2), (2, 1)]


@pytest.mark.parametrize("name", ["karate.mtx", "karate.txt", "karate.spg"])
def test_an_undirected_file_read_as_directed_keeps_its_adjacency(tmp_path, name):
    """A symmetric Matrix Market file read with directed=True was its stored triangle
    alone (78 arcs of karate's 156: one orientation), unlike the same graph from .spg."""
    import scipy.io

    K = sp.read("karate")
    p = tmp_path / name
    sp.write(K, p)
    D = sp.read(p, directed=True)
    full = scipy.io.mmread(sp.datasets.bundled_path("karate")).tocsr() != 0
    assert D.directed and D.n_edges == 156
    assert (D.to_scipy() != full).nnz == 0


def test_mtx_pattern_symmetric_and_integer(tmp_path):
    p = write(tmp_path, "s.mtx", "%%MatrixMarket matrix coordinate pattern symmetric\n"
              "% comment\n4 4 3\n2 1\n3 2\n4 4\n")
    G = sp.read(p)
    assert not G.directed and not G.weighted and G.n_edges == 3
    q = write(tmp_path, "i.mtx", "%%MatrixMarket matrix coordinate integer general\n"
              "3 3 2\n1 2 0\n2 3 -4\n")
    H = sp.read(q)
    assert H.weights.dtype == np.int64 and H.weights.tolist() == [0, -4]


@pytest.mark.parametrize("symmetry", ["general", "symmetric", "skew-symmetric"])
@pytest.mark.parametrize("dense", [True, False], ids=["array", "coordinate"])
@pytest.mark.parametrize("integer", [True, False], ids=["integer", "real"])
def test_mtx_array_and_skew_read_as_scipy_reads_them(tmp_path, symmetry, dense, integer):
    # scipy.io.mmwrite writes a dense matrix as 'array' (zeros: no edge, as csgraph reads
    # a dense matrix); a skew-symmetric file stores A(i, j) for A(j, i) = -A(i, j)
    import scipy.io

    D = np.random.default_rng(7).integers(-3, 4, (6, 6)).astype(float)
    A = {"general": D, "symmetric": np.triu(D) + np.triu(D, 1).T,
         "skew-symmetric": np.triu(D, 1) - np.triu(D, 1).T}[symmetry]
    A = A.astype(np.int64) if integer else 1.5 * A
    p = tmp_path / "a.mtx"
    scipy.io.mmwrite(p, A if dense else sps.coo_matrix(A), symmetry=symmetry)
    assert open(p).readline().split()[2:] == [
        "array" if dense else "coordinate", "integer" if integer else "real", symmetry]
    G = sp.read(p)
    assert G.directed == (symmetry != "symmetric")
    assert G.weights.dtype == (np.int64 if integer else np.float64)
    np.testing.assert_array_equal(G.to_scipy().toarray(), A)
    assert G.n_stored == np.count_nonzero(A)


def test_a_byte_order_mark_is_skipped(tmp_path):
    body = "%%MatrixMarket matrix coordinate pattern general\n3 3 2\n1 2\n2 3\n"
    for name, text in (("b.mtx", body), ("b.txt", "0 1\n1 2\n"), ("b", body)):
        p = tmp_path / name
        p.write_bytes(b"\xef\xbb\xbf" + text.encode())
        assert sp.read(p).indices.tolist() == [1, 2], name
        for enc in ("utf-16-le", "utf-16-be"):       # Windows PowerShell 5's `>`
            bom = b"\xff\xfe" if enc.endswith("le") else b"\xfe\xff"
            p.write_bytes(bom + text.encode(enc))
            assert sp.read(p).indices.tolist() == [1, 2], (name, enc)
    p.write_bytes(b"\xff\xfe" + b"0\x001\x00\n")             # an odd byte at the end
    with pytest.raises(sp.GraphFormatError, match="not UTF-16 text past its byte-order"):
        sp.read(p, format="snap")


@pytest.mark.parametrize("mid", ["", "% a comment between entries: the checked reader\n"])
def test_mtx_integers_past_float64_read_exactly(tmp_path, mid):
    # read through float64, 2⁶⁰ + 1 was 2⁶⁰ and 2⁶³ wrapped to -2⁶³
    head = "%%MatrixMarket matrix coordinate integer general\n3 3 2\n"
    p = write(tmp_path, "big.mtx", head + f"1 2 {2**60 + 1}\n{mid}2 3 3.0\n")
    assert sp.read(p).weights.tolist() == [2**60 + 1, 3]
    q = write(tmp_path, "over.mtx", head + f"1 2 7\n{mid}2 3 {2**63}\n")
    with pytest.raises(sp.GraphFormatError, match=f"weight {2**63} does not fit int64"):
        sp.read(q)


def test_format_override_and_unknown(tmp_path):
    p = write(tmp_path, "edges.dat", "0 1\n1 2\n")
    assert sp.read(p).n_edges == 2          # sniffed as an edge list
    with pytest.raises(ValueError, match="unknown format"):
        sp.read(p, format="xml")


def test_bundled_names():
    assert sp.read("karate").n_vertices == 34
    assert sorted(sp.datasets.names()) == ["karate", "osm-monaco", "rome99"]
    with pytest.raises(ValueError, match="bundled"):
        sp.datasets.load("nope")


# ----------------------------------------------------------------- malformed files
MTX = "%%MatrixMarket matrix coordinate real general\n"
BAD = [
    ("a.mtx", "hello\n", "MatrixMarket", 1),
    ("b.mtx", "%%MatrixMarket matrix array real general\n2 2\n1\n2\n3\n", "holds 4 values", 2),
    ("b2.mtx", "%%MatrixMarket matrix array pattern general\n2 2\n", "cannot be array", 1),
    ("b3.mtx", "%%MatrixMarket matrix coordinate real skew-symmetric\n2 2 2\n2 1 3\n2 2 1\n",
     "no diagonal entry", 4),
    ("b4.mtx", "%%MatrixMarket matrix coordinate real hermitian\n2 2 0\n", "hermitian", 1),
    ("b5.mtx", "%%MatrixMarket matrix array real general\n2 2 4\n", "'rows cols'", 2),
    ("c.mtx", MTX + "3 4 1\n1 2 1.0\n", "square", 2),
    ("d.mtx", MTX + "3 3 2\n1 2 1.0\n2 x 1.0\n", "not a number", 4),
    ("e.mtx", MTX + "3 3 2\n1 2 1.0\n2 3\n", "expected 3 fields", 4),
    ("f.mtx", MTX + "% c\n3 3 2\n1 2 1.0\n4 3 1.0\n", "row 4", 5),
    ("g.mtx", MTX + "3 3 2\n1 2 nan\n2 3 1\n", "finite", 3),
    ("h.mtx", MTX + "3 3 3\n1 2 1\n2 3 1\n", "declares 3 entries", 2),
    ("i.mtx", MTX + "three 3 3\n", "size line", 2),
    ("j.mtx", MTX + "3 3 1\n0 1 1\n", r"row 0 .*expected an integer in 1\.\.3\)", 3),
    ("k.mtx", "%%MatrixMarket matrix coordinate complex general\n1 1 0\n", "complex", 1),
    ("l.mtx", "%%MatrixMarket matrix coordinate integer general\n2 2 1\n1 2 1.5\n",
     "not an integer", 3),
    ("m.gr", "c x\np sp 3 2\na 1 2 5\na 2 9 1\n", "head 9", 4),
    ("n.gr", "a 1 2 3\n", "problem line", 1),
    ("o.gr", "p sp 3 2\na 1 2 5\n", "declares 2 arcs", None),
    ("p.gr", "p sp 3 1\nx 1 2 5\n", "arc line", 2),
    ("q.txt", "# c\n0 1\n1 -2\n", r"target id -2 .*expected an integer >= 0\)", 3),
    ("r.txt", "0 1\n1 2 3 4\n", "fields", 2),
    ("s.el", "0 1\n1 2.5\n", "target id 2.5", 2),
    ("t.wel", "0 1 1\n1 2 inf\n", "finite", 2),
]


@pytest.mark.parametrize("name,text,msg,line", BAD, ids=[b[0] for b in BAD])
def test_malformed(tmp_path, name, text, msg, line):
    p = write(tmp_path, name, text)
    with pytest.raises(sp.GraphFormatError, match=msg) as e:
        sp.read(p)
    assert str(p) in str(e.value)
    assert e.value.line == line
    if line is not None:
        assert f"line {line}" in str(e.value)


def test_missing_truncated_and_binary(tmp_path):
    with pytest.raises(sp.GraphFormatError, match="no such file"):
        sp.read(tmp_path / "absent.mtx")
    p = tmp_path / "t.mtx.gz"
    p.write_bytes(gzip.compress((MTX + "2 2 1\n1 2 1\n").encode())[:-10])
    with pytest.raises(sp.GraphFormatError, match="cannot read"):
        sp.read(p)
    b = tmp_path / "b.mtx"
    b.write_bytes(MTX.encode() + b"2 2 1\n1 2 \xff\xfe\n")
    with pytest.raises(sp.GraphFormatError, match="line 3"):
        sp.read(b)
