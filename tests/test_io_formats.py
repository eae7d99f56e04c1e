"""Writing, the binary .spg, declared sizes against memory, empty files, and the fast
readers agreeing with the checked text reader."""

from __future__ import annotations

import gzip
import json
import re
import struct
import subprocess
import sys
import zlib

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import semiring_paths as sp
from semiring_paths.io import binary, text

from .conftest import shared_graph

TEXT_FORMATS = ["mtx", "mtx.gz", "txt", "txt.gz", "el", "wel", "gr", "spg"]


def same(G, H, *, directed=True, weights=True):
    assert H.n_vertices == G.n_vertices
    assert np.array_equal(H.indptr, G.indptr) and np.array_equal(H.indices, G.indices)
    if directed:
        assert H.directed == G.directed
    if weights and G.weighted and G.n_stored:   # an edgeless edge list says no weights
        assert H.weights.dtype.kind == G.weights.dtype.kind
        assert np.array_equal(H.weights, G.weights)


def _fits(G, ext):
    return not ((ext == "el" and G.weighted) or (ext == "wel" and not G.weighted))


@st.composite
def graphs(draw):
    n = draw(st.integers(1, 30))
    m = draw(st.integers(0, 80))
    src = draw(st.lists(st.integers(0, n - 1), min_size=m, max_size=m))
    dst = draw(st.lists(st.integers(0, n - 1), min_size=m, max_size=m))
    kind = draw(st.sampled_from(["none", "int", "float"]))
    w = None
    if kind == "int":
        w = draw(st.lists(st.integers(0, 10**6), min_size=m, max_size=m))
    elif kind == "float":
        w = draw(st.lists(st.floats(0, 1e6, allow_nan=False).map(lambda x: x + 0.5),
                          min_size=m, max_size=m))
    return sp.Graph.from_edges(src, dst, w, n_vertices=n, directed=draw(st.booleans()))


@pytest.mark.parametrize("ext", TEXT_FORMATS)
@pytest.mark.filterwarnings("ignore:.*DIMACS arc lengths are integers:UserWarning")
@settings(max_examples=25, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(G=graphs())
def test_roundtrip_random(tmp_path, ext, G):
    """What ``write`` writes, ``read`` reads back as the same graph (ids, weights with
    their kind, direction); DIMACS is directed with weights, so it keeps the arcs."""
    if not _fits(G, ext):
        return
    p = tmp_path / f"g.{ext}"
    sp.write(G, p)
    n = G.n_vertices if ext in ("txt", "txt.gz", "el", "wel") else None
    H = sp.read(p, n_vertices=n) if G.n_stored else (
        sp.read(p, n_vertices=n) if n is not None or ext not in ("txt", "el") else None)
    if H is None:
        return
    same(G, H, directed=ext != "gr", weights=ext != "gr" or G.weighted)


@pytest.mark.parametrize("rel", ["road/rome99.mtx.gz", "social/wiki-Vote.mtx.gz",
                                 "mesh/wing.mtx.gz", "misc/bcsstk13.mtx.gz"])
@pytest.mark.parametrize("ext", TEXT_FORMATS)
@pytest.mark.filterwarnings("ignore:.*DIMACS arc lengths are integers:UserWarning")
def test_roundtrip_real(tmp_path, rel, ext):
    G = sp.read(shared_graph(rel))
    if not _fits(G, ext):
        pytest.skip("format without weights / with weights only")
    p = tmp_path / f"g.{ext}"
    sp.write(G, p)
    same(G, sp.read(p), directed=ext != "gr", weights=ext != "gr" or G.weighted)


@pytest.mark.parametrize("rel", ["road/rome99.mtx.gz", "social/ego-Twitter-undirected.mtx.gz",
                                 "social/p2p-Gnutella31-weighted.mtx.gz"])
def test_fast_reader_equals_text_reader(rel):
    """The C-speed reader and the checked Python reader give the same graph."""
    p = shared_graph(rel)
    same(sp.read(p), text.FORMATS["mtx"](text.read_text(p), str(p), None))


@pytest.mark.parametrize("body,delim", [("0\t1\n1\t2\n", "tab"), ("0,1\n1,2\n", "comma"),
                                        ("0  1\n1 2\n", "blank runs"),
                                        ("0 1\n# note\n1 2\n", "comment inside")])
def test_edge_list_variants(tmp_path, body, delim):
    p = tmp_path / "e.txt"
    p.write_text("# Directed graph\n" + body)
    G = sp.read(p)
    assert G.rows.tolist() == [0, 1] and G.indices.tolist() == [1, 2], delim


# ------------------------------------------------------------- vertex names (relabel)
NAMED = [
    ("names", "# Directed\nalice bob\nbob carol\ncarol alice\ndave bob\n", None),
    ("sparse", "5 1000000000\n1000000000 7\n007 5\n", int),     # 007 is 7, as int("007")
    ("tabs", "x\ty\t2.5\ny\tz\t3\n", None),
    ("commas", "b,a,1\na,c,2\n", None),
    ("runs", "q  r 4\nr s 5\n", None),                           # the line reader
    ("inside", "m n\n# a comment between edges\nn o\n", None),   # the line reader
    ("note", "m n\n# note\nn o\n", None),                       # not vertices '#', 'note'
    ("pct", "m n\n% note\nn o\n", None),
]


@pytest.mark.parametrize("name,body,nodetype", NAMED, ids=[c[0] for c in NAMED])
@pytest.mark.parametrize("arrow", [True, False])
def test_relabel_reads_vertex_names_as_networkx_does(tmp_path, monkeypatch, name, body,
                                                     nodetype, arrow):
    """``read(..., relabel=True)``: each distinct name one vertex, in NetworkX's node
    order (first appearance), ``G.labels`` the names, weights as the edge lists read
    them — by pyarrow and by the line reader alike."""
    import networkx as nx

    from semiring_paths.io import fast

    if not arrow:
        monkeypatch.setattr(fast, "_table", lambda *a, **k: (_ for _ in ()).throw(
            fast.Reject("forced")))
    p = tmp_path / f"{name}.txt"
    p.write_text(body)
    G = sp.read(p, relabel=True)
    rows = [s.replace(",", " ").replace("\t", " ").split() for s in body.splitlines()
            if s and not s.startswith(("#", "%"))]
    H = nx.DiGraph()
    conv = nodetype or str
    for r in rows:
        H.add_edge(conv(r[0]), conv(r[1]), **({"weight": float(r[2])} if len(r) > 2 else {}))
    assert G.labels == list(H.nodes) and G.n_vertices == H.number_of_nodes()
    got = {(G.labels[u], G.labels[v]) for u, v in zip(G.rows, G.indices)}
    assert got == set(H.edges)
    if len(rows[0]) > 2:
        want = {(u, v): d["weight"] for u, v, d in H.edges(data=True)}
        assert {(G.labels[u], G.labels[v]): float(w)
                for u, v, w in zip(G.rows, G.indices, G.weights)} == want
        assert G.weights.dtype == (np.float64 if name == "tabs" else np.int64)
    assert G.vertex_id(conv(rows[-1][1])) == list(H.nodes).index(conv(rows[-1][1]))


def test_relabel_errors_and_streams(tmp_path):
    import io

    p = tmp_path / "bad.txt"
    p.write_text("a b\nb\n")
    with pytest.raises(sp.GraphFormatError, match=r"line 2: expected 2 fields"):
        sp.read(p, relabel=True)
    with pytest.raises(ValueError, match="n_vertices cannot be given with it"):
        sp.read(p, relabel=True, n_vertices=3)
    with pytest.raises(ValueError, match="not format 'mtx'"):
        sp.read(p, relabel=True, format="mtx")
    with pytest.raises(sp.GraphFormatError, match=r"rome99.*not format 'mtx' \(this file "):
        sp.read("rome99", relabel=True)                 # a Matrix Market file, by content
    good = tmp_path / "good.txt"
    good.write_text("a b\nb c\n")
    sp.read(good, relabel=True).save(tmp_path / "named.spg")    # an .spg keeps names
    assert sp.read(tmp_path / "named.spg", relabel=True).labels == ["a", "b", "c"]
    sp.read("karate").save(tmp_path / "plain.spg")
    with pytest.raises(sp.GraphFormatError, match="keeps no vertex names"):
        sp.read(tmp_path / "plain.spg", relabel=True)
    U = sp.read(io.StringIO("# Undirected graph\nu v\nv w\n"), format="snap",
                relabel=True)
    assert not U.directed and U.labels == ["u", "v", "w"] and U.n_edges == 2


@pytest.mark.parametrize("ext", ["txt", "wel", "el", "txt.gz"])
@pytest.mark.parametrize("names", [["ann", "bo", "cy", 7, "x_y"], [10**12, 3, 5, 0, 42]],
                         ids=["words", "ints"])
def test_labels_written_as_names_read_back_by_relabel(tmp_path, ext, names):
    """``write(G, p, labels=True)``: an edge list of the labels, which
    ``read(p, relabel=True)`` reads as the same graph (names, edges, weights); names
    come back as ints where all are integers, else as their text (7 as "7")."""
    import warnings

    src, dst, w = [0, 1, 2, 3, 4], [1, 2, 0, 0, 1], [2, 3, 1, 4, 5]
    G = sp.Graph.from_edges(src, dst, None if ext == "el" else w, labels=names)
    p = tmp_path / f"n.{ext}"
    with warnings.catch_warnings():
        warnings.simplefilter("error")                 # nothing dropped: no word
        sp.write(G, p, labels=True)
    B = sp.read(p, relabel=True)
    text = not all(isinstance(v, int) for v in names)
    name = [str(v) if text else v for v in names]
    assert sorted(map(str, B.labels)) == sorted(map(str, name))
    got = {(B.labels[u], B.labels[v]): float(x) if B.weighted else None
           for u, v, x in zip(B.rows, B.indices, B.weights if B.weighted else B.rows)}
    assert got == {(name[u], name[v]): float(x) if ext != "el" else None
                   for u, v, x in zip(src, dst, w)}


def test_labels_that_an_edge_list_cannot_hold(tmp_path):
    sp.write(sp.read("karate"), tmp_path / "k.mtx")      # no labels: nothing said
    with pytest.raises(ValueError, match="the graph has none"):
        sp.write(sp.read("karate"), tmp_path / "k.txt", labels=True)
    for labels, match in ((["a b", "c"], "not one token"), (["#a", "c"], "not one token"),
                          ([1, "1"], "written alike")):
        G = sp.Graph.from_edges([0], [1], labels=labels)
        with pytest.raises(ValueError, match=match):
            sp.write(G, tmp_path / "x.txt", labels=True)
        assert not (tmp_path / "x.txt").exists()
    G = sp.Graph.from_edges([0], [1], labels=["a", "b"])
    with pytest.raises(ValueError, match="numbers its vertices"):
        sp.write(G, tmp_path / "x.mtx", labels=True)
    with pytest.warns(UserWarning, match=r"labels=True\) writes them as names"):
        sp.write(G, tmp_path / "x.txt")


def test_sparse_ids_warn_before_the_graph_is_built(tmp_path, monkeypatch):
    """Ids far sparser than the edges (ids up to 10⁹ for 2 edges: 8 GB of row pointers
    before) warn and name relabel=True, on both readers."""
    monkeypatch.setattr(text, "SPARSE_IDS", 1000)
    for body in ("5 100000\n100000 7\n", "5  100000\n100000 7\n"):   # pyarrow, lines
        p = tmp_path / "s.txt"
        p.write_text(body)
        with pytest.warns(UserWarning, match=r"ids reach 100,000 for 2 edges.*relabel=True"):
            assert sp.read(p).n_vertices == 100_001
        assert sp.read(p, relabel=True).labels == [5, 100000, 7]
    import io
    import warnings

    with pytest.warns(UserWarning, match=r"^<stream>: vertex ids reach 100,000"):
        sp.read(io.StringIO("5 100000\n100000 7\n"), format="snap")   # not the temp file

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        sp.read(shared_graph("road/rome99.mtx.gz"))
        sp.read(tmp_path / "s.txt", n_vertices=100_001)        # a size given: no word


# ----------------------------------------------------------------------- .spg
def test_spg_layout_and_flags(tmp_path):
    G = sp.read(shared_graph("road/rome99.mtx.gz"))
    p = tmp_path / "r.spg"
    G.save(p)
    raw = p.read_bytes()
    magic, version, hlen, hcrc = struct.unpack("<8sIII4x", raw[:24])
    assert magic == b"SPGRAPH\0" and version == binary.VERSION
    assert zlib.crc32(raw[24:24 + hlen]) == hcrc
    meta = json.loads(raw[24:24 + hlen])
    assert meta["n_vertices"] == G.n_vertices and meta["weighted"] and meta["directed"]
    assert all(a["offset"] % 64 == 0 for a in meta["arrays"].values())
    H = sp.read(p)
    same(G, H)
    assert H.name == "rome99"
    assert not H.indices.flags.writeable
    assert sp.sssp(H, 0).distances.tolist() == sp.sssp(G, 0).distances.tolist()
    U = sp.read(p, directed=False)
    assert not U.directed and U.n_stored >= G.n_stored


def test_spg_corruption_is_an_error(tmp_path):
    G = sp.read(shared_graph("road/rome99.mtx.gz"))
    p = tmp_path / "r.spg"
    G.save(p)
    raw = bytearray(p.read_bytes())
    hlen = struct.unpack("<I", raw[12:16])[0]
    cases = {"magic": (0, b"X"), "version": (8, b"\x07"), "header": (30, b"#"),
             "indices": (len(raw) - G.n_stored * 4 - 10, b"\x7f"), "tail": None}
    for what, edit in cases.items():
        bad = bytearray(raw)
        if edit is None:
            bad = bad[: 24 + hlen + 100]
        else:
            bad[edit[0]:edit[0] + 1] = edit[1]
        q = tmp_path / f"{what}.spg"
        q.write_bytes(bytes(bad))
        with pytest.raises(sp.GraphFormatError, match=re.escape(str(q))):
            sp.read(q, format="spg")


def test_spg_keeps_tuple_labels_and_refuses_what_it_cannot_keep(tmp_path):
    """NetworkX grids label vertices by tuples, which JSON writes as arrays: they come
    back as tuples (a list cannot be a label), so vertex_id and to_networkx still work."""
    import networkx as nx

    grid = nx.grid_2d_graph(3, 2)
    nx.set_node_attributes(grid, None, "unused")
    G = sp.Graph.from_networkx(grid)
    G.save(tmp_path / "g.spg")
    H = sp.read(tmp_path / "g.spg")
    assert H.labels == list(grid.nodes) and all(type(v) is tuple for v in H.labels)
    assert H.vertex_id((2, 1)) == G.vertex_id((2, 1)) == 5
    assert sorted(H.to_networkx().edges) == sorted(grid.edges)
    odd = sp.Graph.from_edges([0, 1, 2], [1, 2, 3],
                              labels=["1", 1, (1, ("a", 2.5)), None])
    odd.save(tmp_path / "o.spg")
    assert sp.read(tmp_path / "o.spg").labels == ["1", 1, (1, ("a", 2.5)), None]
    for labels in (np.array(["x", "y"]), np.arange(2) * 10):    # NumPy's scalars
        N = sp.Graph.from_edges([0], [1], labels=labels)
        N.save(tmp_path / "n.spg")
        assert sp.read(tmp_path / "n.spg").labels == labels.tolist()
    F = sp.Graph.from_edges([0], [1], labels=["a", frozenset({1})])
    with pytest.raises(ValueError, match=r"label of vertex 1 is frozenset\(\{1\}\)"):
        F.save(tmp_path / "f.spg")
    assert not (tmp_path / "f.spg").exists()


def test_save_names_a_missing_folder(tmp_path):
    """``G.save`` names a missing folder as ``sp.write`` does (not its temporary file,
    ``k.spg.tmp``)."""
    G = sp.read("karate")
    for save in (G.save, lambda p: sp.write(G, p)):
        with pytest.raises(FileNotFoundError, match=r"no-such-dir is not a directory$"):
            save(tmp_path / "no-such-dir" / "k.spg")
    G.save(tmp_path / "k.bin")                     # an .spg file whatever its name
    same(G, sp.read(tmp_path / "k.bin", format="spg"))


def test_spg_labels_are_checked_on_load(tmp_path):
    G = sp.Graph.from_edges([0, 1], [1, 2], labels=["a", "b", "c"])
    p = tmp_path / "l.spg"
    G.save(p)
    raw = p.read_bytes()
    hlen = struct.unpack("<I", raw[12:16])[0]
    head = raw[24:24 + hlen].replace(b'"b"', b'"a"')        # same length: offsets hold
    p.write_bytes(raw[:12] + struct.pack("<II", hlen, zlib.crc32(head)) + raw[20:24]
                  + head + raw[24 + hlen:])
    with pytest.raises(sp.GraphFormatError, match="vertices 0 and 1 are both labelled 'a'"):
        sp.read(p)


def test_spg_structure_checked_without_checksums(tmp_path):
    """verify=False skips the CRC, never the CSR checks a kernel relies on."""
    G = sp.Graph.from_edges([0, 1, 2], [1, 2, 0], n_vertices=3)
    p = tmp_path / "g.spg"
    G.save(p)
    raw = bytearray(p.read_bytes())
    meta = json.loads(raw[24:24 + struct.unpack("<I", raw[12:16])[0]])
    off = meta["arrays"]["indices"]["offset"]
    raw[off:off + 4] = (99).to_bytes(4, "little")          # an edge to vertex 99
    p.write_bytes(bytes(raw))
    with pytest.raises(sp.GraphFormatError, match="checksum"):
        sp.read(p)
    with pytest.raises(sp.GraphFormatError, match="CSR"):
        sp.read(p, verify=False)


# ----------------------------------------------------------------- sizes, empties
HUGE = [
    ("h.mtx", "%%MatrixMarket matrix coordinate pattern general\n"
              "1000000000000 1000000000000 1\n1 2\n", 2),
    ("g.mtx", "%%MatrixMarket matrix coordinate pattern general\n"
              "2000000000 2000000000 1\n1 2\n", 2),
    ("h.gr", "p sp 1000000000000 1\na 1 2 3\n", 1),
    ("h.txt", "0 999999999999\n", None),
]


@pytest.mark.parametrize("name,body,line", HUGE, ids=[h[0] for h in HUGE])
def test_declared_size_beyond_memory(tmp_path, name, body, line):
    import contextlib

    p = tmp_path / name
    p.write_text(body)
    sparse = (pytest.warns(UserWarning, match="relabel=True") if name.endswith(".txt")
              else contextlib.nullcontext())           # an edge list's ids: say so first
    with sparse, pytest.raises(sp.GraphFormatError, match="available") as e:
        sp.read(p)
    assert e.value.line == line and str(p) in str(e.value)


def test_constructor_checks_memory():
    with pytest.raises(sp.HostMemoryError, match="available"):
        sp.Graph.from_edges([0], [1], n_vertices=10**12)


@pytest.mark.parametrize("name", ["e.txt", "e.el", "e.mtx", "e.gr", "e.txt.gz"])
def test_empty_file(tmp_path, name):
    p = tmp_path / name
    p.write_bytes(gzip.compress(b"") if name.endswith(".gz") else b"")
    with pytest.raises(sp.GraphFormatError, match=r"empty|no edges|header|problem"):
        sp.read(p)
    if name.endswith((".txt", ".el", ".txt.gz")):
        G = sp.read(p, n_vertices=4)
        assert (G.n_vertices, G.n_stored) == (4, 0)


def test_comments_only_edge_list(tmp_path):
    p = tmp_path / "c.txt"
    p.write_text("# nothing here\n")
    with pytest.raises(sp.GraphFormatError, match="no edges"):
        sp.read(p)
    assert sp.read(p, n_vertices=2).n_vertices == 2


def test_n_vertices_must_agree(tmp_path):
    p = tmp_path / "a.txt"
    p.write_text("0 5\n")
    assert sp.read(p, n_vertices=8).n_vertices == 8
    with pytest.raises(sp.GraphFormatError, match="target id 5"):
        sp.read(p, n_vertices=3)
    with pytest.raises(sp.GraphFormatError, match="declares"):
        sp.read(shared_graph("road/rome99.mtx.gz"), n_vertices=5)


def test_directory_and_write_errors(tmp_path):
    with pytest.raises(sp.GraphFormatError, match="directory"):
        sp.read(tmp_path)
    G = sp.read("rome99")
    with pytest.raises(ValueError, match="no weights"):
        sp.write(G, tmp_path / "r.el")
    with pytest.raises(ValueError, match="format"):
        sp.write(G, tmp_path / "r.xyz")
    with pytest.raises(FileNotFoundError):
        sp.write(G, tmp_path / "no" / "r.mtx")
    assert not list(tmp_path.glob("*.tmp*"))


@pytest.mark.parametrize("fmt", ["mtx", "wel", "el", "snap", "gr", "spg"])
def test_streams_read_and_write_as_files_do(tmp_path, fmt):
    # an open file, a BytesIO, text mode: as scipy.io.mmread and NetworkX take them
    import io

    G = sp.read("rome99") if fmt != "el" else sp.read("karate")
    buf = io.BytesIO()
    sp.write(G, buf, format=fmt)
    on_disk = tmp_path / f"g.{fmt}"
    sp.write(G, on_disk)
    assert buf.getvalue() == on_disk.read_bytes()
    for stream in (io.BytesIO(buf.getvalue()), open(on_disk, "rb")):
        with stream:
            H = sp.read(stream, format=fmt if fmt == "el" else None)   # sniffed or named
        F = sp.read(on_disk)
        assert (H.directed, H.n_vertices) == (F.directed, F.n_vertices)
        np.testing.assert_array_equal(H.indices, F.indices)
        if F.weighted:
            np.testing.assert_array_equal(H.weights, F.weights)
    if fmt != "spg":                                          # text mode both ways
        txt = io.StringIO()
        sp.write(G, txt, format=fmt)
        assert txt.getvalue().encode() == on_disk.read_bytes()
        with open(on_disk) as f:
            assert sp.read(f, format=fmt).n_stored == G.n_stored


def test_stream_errors_name_the_stream(tmp_path):
    import io

    bad = b"%%MatrixMarket matrix coordinate real general\n3 3 1\n1 x 2\n"
    with pytest.raises(sp.GraphFormatError, match=r"^<stream>, line 3: not a number"):
        sp.read(io.BytesIO(bad))
    (tmp_path / "bad.mtx").write_bytes(bad)
    with open(tmp_path / "bad.mtx", "rb") as f, pytest.raises(
            sp.GraphFormatError, match=r"bad\.mtx, line 3") as e:
        sp.read(f)
    assert "semiring_paths-" not in str(e.value)              # not the temporary copy
    with pytest.raises(ValueError, match="pass format="):
        sp.write(sp.read("karate"), io.BytesIO())

    class Failing(io.RawIOBase):                       # a read that fails midway
        def readable(self):
            return True

        def read(self, n=-1):
            raise OSError(28, "No space left on device")

    with pytest.raises(sp.GraphFormatError, match=r"<stream>: cannot copy the stream .* "
                                                  r"No space left on device \(TMPDIR"):
        sp.read(Failing())
    with pytest.raises(ValueError, match="binary mode"):
        sp.write(sp.read("karate"), io.StringIO(), format="spg")
    sp.write(sp.read("karate"), str(tmp_path / "k.mtx").encode())  # bytes paths too
    assert sp.read(str(tmp_path / "k.mtx").encode()).n_edges == 78
    assert sp.read(b"karate").n_edges == 78


def test_write_says_what_a_text_format_drops(tmp_path):
    import warnings

    import networkx as nx

    L = sp.Graph.from_networkx(nx.path_graph(["a", "b", "c"]))
    for name in ("l.mtx", "l.wel", "l.txt", "l.gr"):
        with pytest.warns(UserWarning, match=r"labels \('a', …\) are not written"):
            sp.write(L, tmp_path / name)
        assert sp.read(tmp_path / name).labels is None
    F = sp.Graph.from_edges([0], [1], [1.5])
    with pytest.warns(UserWarning, match="DIMACS arc lengths are integers"):
        sp.write(F, tmp_path / "f.gr")
    with warnings.catch_warnings():           # nothing dropped: no word
        warnings.simplefilter("error")
        sp.write(L, tmp_path / "l.spg")
        sp.write(sp.Graph.from_networkx(nx.path_graph(3)), tmp_path / "i.mtx")
        sp.write(sp.Graph.from_edges([0], [1], [2]), tmp_path / "i.gr")
    assert sp.read(tmp_path / "l.spg").labels == ["a", "b", "c"]


def test_cli_convert_and_outputs(tmp_path):
    run = lambda *a: subprocess.run([sys.executable, "-m", "semiring_paths.cli", *a],
                                    capture_output=True, text=True, cwd=tmp_path)
    r = run("convert", "rome99", str(tmp_path / "r.spg"))
    assert r.returncode == 0, r.stderr
    same(sp.read("rome99"), sp.read(tmp_path / "r.spg"))
    r = run("sssp", str(tmp_path / "r.spg"), "-s", "0", "-o", str(tmp_path / "d.csv"))
    assert r.returncode == 0, r.stderr
    lines = (tmp_path / "d.csv").read_text().splitlines()
    assert lines[0] == "vertex,value" and lines[1] == "0,0.0"
    r = run("bfs", "karate", "-s", "0", "-o", str(tmp_path / "l.npz"))
    assert r.returncode == 0 and np.load(tmp_path / "l.npz")["values"][0] == 0
    for bad, msg in ((["-o", "/nonexistent/dir/x.npy"], "does not exist"),
                     (["-o", str(tmp_path / "x.xyz")], "unknown extension"),
                     (["--show", "-3"], "must be 0 or more")):
        r = run("bfs", "karate", "-s", "0", *bad)
        assert r.returncode == 2 and msg in r.stderr and "Traceback" not in r.stderr


def test_search_checks_memory_first(monkeypatch):
    """A search whose arrays cannot fit is refused before it allocates, naming both."""
    from semiring_paths import memory

    G = sp.Graph.from_edges([0], [1], n_vertices=5_000_000)
    monkeypatch.setattr(memory, "available", lambda: 10 << 20)
    for run in (lambda: sp.bfs(G, 0), lambda: sp.sssp(G, 0)):
        with pytest.raises(sp.HostMemoryError, match=r"needs .* but only 10\.0 MB"):
            run()


def test_cli_refuses_a_huge_header(tmp_path):
    """``semiring-paths info`` on a file declaring 2·10⁹ vertices: a one-line error."""
    p = tmp_path / "h.mtx"
    p.write_text(HUGE[1][1])
    r = subprocess.run([sys.executable, "-m", "semiring_paths.cli", "info", str(p)],
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 2 and "available" in r.stderr and "Traceback" not in r.stderr
