"""The semiring-paths command."""

from __future__ import annotations

import itertools
import subprocess
import sys

import networkx as nx
import numpy as np
import pytest
from scipy.sparse import csgraph

import semiring_paths as sp
from semiring_paths.cli import main


def test_info(capsys):
    assert main(["info", "karate"]) == 0
    out = capsys.readouterr().out
    assert "undirected" in out and "34" in out


def test_direction_overrides(capsys):
    assert main(["info", "karate", "--directed"]) == 0        # each edge both ways
    out = capsys.readouterr().out
    assert "directed" in out and "156" in out and "undirected" not in out
    assert main(["info", "rome99", "--undirected"]) == 0
    assert "undirected" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        main(["info", "karate", "--directed", "--undirected"])
    assert "not allowed with" in capsys.readouterr().err


def test_sssp_writes_npy_and_text(tmp_path, capsys):
    out = tmp_path / "d.npy"
    assert main(["sssp", "rome99", "--source", "0", "--output", str(out)]) == 0
    d = np.load(out)
    G = sp.read("rome99")
    np.testing.assert_array_equal(d, csgraph.dijkstra(G.to_scipy(float), indices=0))
    txt = tmp_path / "d.txt"
    assert main(["sssp", "rome99", "-s", "0", "--strategy", "bellman-ford", "-o",
                 str(txt)]) == 0
    rows = txt.read_text().splitlines()
    assert len(rows) == 3353 and rows[1].split() == ["1", str(d[1])]
    assert "reached" in capsys.readouterr().out


def test_bfs_and_errors(tmp_path, capsys):
    assert main(["bfs", "karate", "-s", "0"]) == 0
    assert "direction-optimizing" in capsys.readouterr().out
    assert main(["bfs", "karate", "-s", "99"]) == 2
    assert "out of range" in capsys.readouterr().err
    bad = tmp_path / "bad.mtx"
    bad.write_text("%%MatrixMarket matrix coordinate pattern general\n2 2 1\n1 x\n")
    assert main(["info", str(bad)]) == 2
    assert "line 3" in capsys.readouterr().err


def test_shown_rows(capsys):
    """The printed rows: the nearest ``--show`` reached vertices, then the farthest one,
    unless every reached vertex is shown already (then none twice)."""
    assert main(["sssp", "karate", "-s", "0", "--show", "5"]) == 0
    lines = capsys.readouterr().out.splitlines()
    rows = [ln.split() for ln in lines[3:-1]]
    d = csgraph.dijkstra(sp.read("karate").to_scipy(float), indices=0)
    assert len(rows) == 6 and float(rows[-1][1]) == d.max()
    assert "farthest" in lines[-1] and "34 reached" in lines[-1]
    assert main(["bfs", "karate", "-s", "0", "--show", "40"]) == 0
    lines = capsys.readouterr().out.splitlines()
    shown = [int(ln.split()[0]) for ln in lines[3:-1]]
    assert sorted(shown) == list(range(34)) and "farthest" not in lines[-1]


def test_path(capsys):
    """``path GRAPH S T``: scipy's distance and a path along the graph's edges; no path
    is exit status 1; a bad vertex, status 2."""
    G = sp.read("rome99")
    want = csgraph.dijkstra(G.to_scipy(float), indices=0)[3352]
    assert main(["path", "rome99", "0", "3352"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[1].startswith(f"distance {want:g} from 0 to 3352")
    path = [int(v) for v in out[2].split(" -> ")]
    assert path[0] == 0 and path[-1] == 3352
    M = G.to_scipy(float).todok()
    assert sum(M[u, v] for u, v in itertools.pairwise(path)) == want
    assert main(["path", "karate", "0", "33", "--hops", "--method", "full"]) == 0
    assert "hops 2 from 0 to 33" in capsys.readouterr().out
    assert main(["path", "rome99", "0", "99999"]) == 2
    assert "target 99999 is out of range" in capsys.readouterr().err
    N = sp.Graph.from_edges([0], [1], n_vertices=3)
    assert sp.shortest_path(N, 0, 2) == (float("inf"), [])


def test_console_help():
    r = subprocess.run([sys.executable, "-m", "semiring_paths.cli", "sssp", "--help"],
                       capture_output=True, text=True, check=True)
    assert "--strategy" in r.stdout and "workfront" in r.stdout


def test_sssp_strategy_options(capsys):
    assert main(["sssp", "rome99", "-s", "5", "--strategy", "delta-stepping", "--delta",
                 "300", "--direction", "pull"]) == 0
    assert "delta-stepping" in capsys.readouterr().out
    assert main(["sssp", "rome99", "-s", "5", "--strategy", "workfront", "--delta",
                 "3"]) == 2
    assert "takes no delta" in capsys.readouterr().err


def test_one_vocabulary_with_the_library(capsys):
    """--direction and --backend take the library's words and defaults (auto)."""
    assert main(["bfs", "karate", "-s", "0", "--direction", "pull", "--backend", "cpu"]) == 0
    assert "bovm" in capsys.readouterr().out
    assert main(["bfs", "karate", "-s", "0"]) == 0
    assert "direction-optimizing" in capsys.readouterr().out
    from semiring_paths.cli import _parser

    args = _parser().parse_args(["sssp", "karate", "-s", "0", "--backend", "gpu"])
    assert args.backend == "gpu" and args.direction == "auto"


def test_betweenness_command(capsys, tmp_path):
    """``betweenness GRAPH``: the most central vertex and the written values are
    NetworkX's; a sampled run says how many sources it used."""
    out = tmp_path / "b.npy"
    assert main(["betweenness", "karate", "--show", "1", "-o", str(out)]) == 0
    text = capsys.readouterr().out
    X = nx.from_scipy_sparse_array(sp.read("karate").to_scipy())
    want = nx.betweenness_centrality(X)
    got = np.load(out)
    assert np.allclose(got, [want[v] for v in range(len(want))], rtol=1e-9)
    assert f"\n         0  {got[0]:>14.6g}" in text
    assert main(["betweenness", "rome99", "--sources", "20", "--weighted", "--show",
                 "0"]) == 0
    assert "from 20 sources (weights)" in capsys.readouterr().out
    assert main(["betweenness", "karate", "--sources", "99"]) == 2
    assert "cannot sample 99" in capsys.readouterr().err


def test_standard_input_and_output():
    # "-" reads a graph from standard input (format sniffed or --format) and convert
    # writes one to standard output (--to); a reader that stops early is no error
    cli = [sys.executable, "-m", "semiring_paths.cli"]
    mtx = subprocess.run([*cli, "convert", "karate", "-", "--to", "mtx"],
                         capture_output=True, check=True)
    assert mtx.stdout.startswith(b"%%MatrixMarket") and b"wrote" in mtx.stderr
    r = subprocess.run([*cli, "sssp", "-", "--source", "0"], input=mtx.stdout,
                       capture_output=True, check=True)
    assert r.stdout.startswith(b"<stdin>: 34 vertices, 78 edges")
    spg = subprocess.run([*cli, "convert", "rome99", "-", "--to", "spg"],
                         capture_output=True, check=True).stdout
    r = subprocess.run([*cli, "info", "-"], input=spg, capture_output=True, check=True)
    assert b"3,353" in r.stdout and b"8,859" in r.stdout
    bad = b"%%MatrixMarket matrix coordinate real general\n3 3 1\n1 x 2\n"
    r = subprocess.run([*cli, "bfs", "-", "--source", "0"], input=bad, capture_output=True)
    assert r.returncode == 2 and b"<stdin>, line 3: not a number" in r.stderr
    r = subprocess.run([*cli, "convert", "karate", "-"], capture_output=True)
    assert r.returncode == 2 and b"needs --to" in r.stderr
    head = subprocess.run(" ".join([*cli, "convert", "rome99", "-", "--to", "wel"])
                          + " | head -1", shell=True, capture_output=True)
    assert head.stdout == b"0 1 193\n" and b"rror" not in head.stderr


def test_relabel_takes_and_prints_names(tmp_path, capsys):
    """``--relabel``: an edge list of names; S, T and --source are names, and the rows,
    paths and output files show names (a names file without it: the error says so)."""
    p = tmp_path / "people.txt"
    p.write_text("alice bob 2\nbob carol 3\nalice carol 7\ncarol dave 1\n")
    out = tmp_path / "d.csv"
    assert main(["sssp", str(p), "--relabel", "--source", "alice", "-o", str(out)]) == 0
    shown = capsys.readouterr().out
    assert "alice -> bob -> carol -> dave" in shown and " dave " in shown
    assert out.read_text().splitlines() == ["vertex,value", "alice,0.0", "bob,2.0",
                                            "carol,5.0", "dave,6.0"]
    npz = tmp_path / "d.npz"
    assert main(["bfs", str(p), "--relabel", "-s", "bob", "-o", str(npz)]) == 0
    with np.load(npz) as z:
        assert z["names"].tolist() == ["alice", "bob", "carol", "dave"]
        assert z["values"].tolist() == [-1, 0, 1, 2]
    assert main(["path", str(p), "alice", "dave", "--relabel"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "alice -> bob -> carol -> dave"
    assert main(["betweenness", str(p), "--relabel", "--show", "1"]) == 0
    assert "carol" in capsys.readouterr().out.splitlines()[-1]
    assert main(["path", str(p), "alice", "zed", "--relabel"]) == 2
    assert "no vertex is named 'zed'" in capsys.readouterr().err
    assert main(["sssp", str(p), "--source", "alice"]) == 2
    assert "not a number: 'alice'; vertex ids are integers" in capsys.readouterr().err
    assert main(["sssp", "rome99", "--source", "alice"]) == 2
    assert "--source must be a vertex id (an integer), got 'alice'" in capsys.readouterr().err
    wel = tmp_path / "people.wel"                    # an edge list of names again
    assert main(["convert", str(p), str(wel), "--relabel"]) == 0
    assert wel.read_text().split()[:3] == ["alice", "bob", "2"]
    spg = tmp_path / "people.spg"                    # converted, the names kept
    assert main(["convert", str(p), str(spg), "--relabel"]) == 0
    assert main(["path", str(spg), "alice", "dave", "--relabel"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "alice -> bob -> carol -> dave"
    ids = tmp_path / "crawl.txt"                     # integer names, sparse
    ids.write_text("1000000007 42\n42 5\n")
    assert main(["sssp", str(ids), "--relabel", "-s", "1000000007"]) == 0
    assert "1000000007 -> 42 -> 5" in capsys.readouterr().out


def test_unreached_marks_are_what_the_help_says(tmp_path, capsys):
    """Each semiring's zero marks an unreached vertex in --output, as --help says
    (it said 0 for max_times, which writes -inf)."""
    p = tmp_path / "p.wel"
    p.write_text("0 1 0.5\n1 2 0.5\n3 3 0.5\n")              # vertex 3: not reached
    want = {"min_plus": "inf", "max_min": "-inf", "max_times": "-inf"}
    with pytest.raises(SystemExit):
        main(["sssp", "--help"])
    helptext = " ".join(capsys.readouterr().out.split())
    assert "inf for min_plus, -inf for max_min and max_times" in helptext
    for semiring, mark in want.items():
        out = tmp_path / f"{semiring}.txt"
        assert main(["sssp", str(p), "-s", "0", "--semiring", semiring, "-o", str(out)]) == 0
        assert out.read_text().splitlines()[3].split() == ["3", mark], semiring
