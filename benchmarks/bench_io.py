"""Reading and saving graphs, side by side (issue: readers at library speed).

1. Matrix Market: ``sp.read`` against ``scipy.io.mmread`` on the largest graphs in shared
   data (interleaved, best of 3), both answers compared.
2. Edge lists: a generated SNAP list (``--edges`` edges, uncompressed): ``sp.read`` and
   the candidate parsers (pyarrow.csv, pandas' C engine, ``numpy.loadtxt``) in M edges/s.
3. Peak memory: a generated ``--big``-edge list read in a fresh process; its peak
   resident memory above the process's before the read, against the final CSR's bytes.
4. Binary: a ``--binary``-edge graph saved as ``.spg`` and loaded by memory map (with
   and without the checksums), and the first read in a new process (import and load).

    python benchmarks/bench_io.py                       # 10 M / 50 M / 100 M edges
    python benchmarks/bench_io.py --edges 1e6 --big 5e6 --binary 1e7    # a quick run
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import save, table

import semiring_paths as sp
from semiring_paths.locations import shared_dir

LARGEST = ["social/ego-Twitter-undirected.mtx.gz", "social/soc-Slashdot0902.mtx.gz",
           "social/cit-HepPh.mtx.gz", "social/p2p-Gnutella31-weighted.mtx.gz",
           "road/luxembourg_osm.mtx.gz"]


def best(fn, k=3):
    t, out = float("inf"), None
    for _ in range(k):
        t0 = time.perf_counter()
        out = fn()
        t = min(t, time.perf_counter() - t0)
    return t, out


def edge_list(path: Path, m: int, n: int, seed: int = 0) -> None:
    """A SNAP-style list: two comment lines, ``src<TAB>dst`` lines (pyarrow writes it)."""
    import pyarrow as pa
    import pyarrow.csv as pc

    rng = np.random.default_rng(seed)
    with open(path, "wb") as f:
        f.write(b"# Directed graph: generated\n# FromNodeId\tToNodeId\n")
        step = 10_000_000
        for lo in range(0, m, step):
            k = min(step, m - lo)
            tb = pa.table({"s": rng.integers(0, n, k), "d": rng.integers(0, n, k)})
            pc.write_csv(tb, f, write_options=pc.WriteOptions(include_header=False,
                                                               delimiter="\t"))


def matrix_market(rows):
    import scipy.io

    for rel in LARGEST:
        p = shared_dir() / rel
        if not p.exists():
            continue
        ours, ref = float("inf"), float("inf")
        for _ in range(7):                     # interleaved, best of 7
            t, G = best(lambda p=p: sp.read(p), 1)
            ours = min(ours, t)
            t, M = best(lambda p=p: scipy.io.mmread(p), 1)
            ref = min(ref, t)
        H = sp.Graph.from_scipy(M.tocsr(), directed=G.directed)     # scipy's answer
        assert np.array_equal(H.indptr, G.indptr) and np.array_equal(H.indices, G.indices)
        assert not G.weighted or np.allclose(H.weights, G.weights)
        rows.append({"task": f"mtx {p.name} ({G.n_stored:,} stored)", "ours_s": ours,
                     "peer": "scipy.io.mmread", "peer_s": ref, "x_peer": ref / ours})
        print(f"  {p.name}: ours {ours:.3f} s, mmread {ref:.3f} s ({ref / ours:.2f}x)")


def parsers(path: Path, m: int, rows):
    t, G = best(lambda: sp.read(path), 2)
    assert G.n_stored <= m
    rows.append({"task": f"edge list {m / 1e6:.0f} M edges", "ours_s": t, "peer": "-",
                 "peer_s": None, "x_peer": None, "medges_s": m / t / 1e6})
    print(f"  sp.read: {t:.2f} s = {m / t / 1e6:.1f} M edges/s")
    cands = {}
    try:
        import pyarrow.csv as pc
        cands["pyarrow.csv"] = lambda: pc.read_csv(
            path, read_options=pc.ReadOptions(skip_rows=2, autogenerate_column_names=True),
            parse_options=pc.ParseOptions(delimiter="\t"))
    except ImportError:
        pass
    try:
        import pandas as pd
        cands["pandas (C engine)"] = lambda: pd.read_csv(
            path, sep="\t", comment="#", header=None, engine="c")
    except ImportError:
        pass
    if m <= 20_000_000:
        cands["numpy.loadtxt"] = lambda: np.loadtxt(path, dtype=np.int64, comments="#")
    for name, fn in cands.items():
        t, _ = best(fn, 1)
        rows.append({"task": f"edge list {m / 1e6:.0f} M edges", "ours_s": None,
                     "peer": name, "peer_s": t, "x_peer": None, "medges_s": m / t / 1e6})
        print(f"  {name}: {t:.2f} s = {m / t / 1e6:.1f} M edges/s")


PEAK = """
import resource, sys, threading, time, semiring_paths as sp, numpy as np

def status(key):
    for line in open('/proc/self/status'):
        if line.startswith(key):
            return int(line.split()[1]) * 1024

sp.Graph.from_edges(np.array([0], np.int32), np.array([1], np.int32))   # kernels loaded
sp.read(sys.argv[2])                                                    # pyarrow loaded
anon0, rss0 = status('RssAnon:'), status('VmRSS:')
peak_anon = [anon0]
done = threading.Event()

def watch():                        # the data's peak: anonymous memory, every 2 ms
    while not done.is_set():
        peak_anon[0] = max(peak_anon[0], status('RssAnon:'))
        time.sleep(0.002)

w = threading.Thread(target=watch)
w.start()
t = time.perf_counter()
G = sp.read(sys.argv[1])
t = time.perf_counter() - t
done.set()
w.join()
hwm = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
csr = G.indptr.nbytes + G.indices.nbytes + (G.weights.nbytes if G.weighted else 0)
print(peak_anon[0] - anon0, hwm - rss0, csr, t, G.n_stored)
"""


def peak_memory(path: Path, small: Path, rows):
    """Peak anonymous memory (the data: sampled every 2 ms) above the process's before
    the read, and the peak resident set (which also counts code pages of pyarrow and the
    kernels first touched by a large read), each against the final CSR's bytes."""
    out = subprocess.run([sys.executable, "-c", PEAK, str(path), str(small)],
                         capture_output=True, text=True, check=True).stdout.split()
    anon, rss, csr, t, m = int(out[0]), int(out[1]), int(out[2]), float(out[3]), int(out[4])
    rows.append({"task": f"peak memory, {m / 1e6:.0f} M-edge list", "ours_s": t,
                 "peer": "final CSR bytes", "peer_s": None, "x_peer": None,
                 "peak_over_csr": anon / csr, "rss_over_csr": rss / csr})
    print(f"  peak data (anonymous) memory {anon / 2**20:.0f} MiB above the start, CSR "
          f"{csr / 2**20:.0f} MiB: {anon / csr:.2f}x; peak resident set {rss / csr:.2f}x "
          f"(read in {t:.1f} s)")


FIRST = """
import sys, time
t = time.perf_counter()
import semiring_paths as sp
G = sp.read(sys.argv[1], verify=sys.argv[2] == "1")
print(time.perf_counter() - t)
"""


def binary(d: Path, m: int, rows):
    n = max(m // 10, 1)
    rng = np.random.default_rng(1)
    t0 = time.perf_counter()
    G = sp.Graph.from_edges(rng.integers(0, n, m, dtype=np.int32),
                            rng.integers(0, n, m, dtype=np.int32), n_vertices=n)
    build = time.perf_counter() - t0
    p = d / "big.spg"
    t_save, _ = best(lambda: G.save(p), 1)
    print(f"  {G.n_stored:,} stored edges: built in {build:.1f} s, saved in {t_save:.2f} s "
          f"({p.stat().st_size / 2**20:.0f} MiB)")
    for verify in (True, False):
        t, H = best(lambda v=verify: sp.read(p, verify=v))
        assert np.array_equal(H.indices[:1000], G.indices[:1000]) and H.n_stored == G.n_stored
        first = float(subprocess.run([sys.executable, "-c", FIRST, str(p), str(int(verify))],
                                     capture_output=True, text=True, check=True).stdout)
        rows.append({"task": f".spg load, {G.n_stored / 1e6:.0f} M edges, "
                             f"verify={verify}", "ours_s": t, "peer": "new process (import+load)",
                     "peer_s": first, "x_peer": None})
        print(f"  load verify={verify}: {t:.3f} s; in a new process with the import "
              f"{first:.3f} s")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--edges", type=float, default=1e7)
    ap.add_argument("--big", type=float, default=5e7)
    ap.add_argument("--binary", type=float, default=1e8)
    ap.add_argument("--skip-mtx", action="store_true")
    a = ap.parse_args()
    rows: list[dict] = []
    with tempfile.TemporaryDirectory(dir="/tmp") as tmp:
        d = Path(tmp)
        if not a.skip_mtx:
            print("Matrix Market vs scipy.io.mmread")
            matrix_market(rows)
        m = int(a.edges)
        print(f"edge list, {m:,} edges")
        edge_list(d / "el.txt", m, max(m // 10, 1))
        parsers(d / "el.txt", m, rows)
        (d / "el.txt").unlink()
        big = int(a.big)
        print(f"peak memory, {big:,} edges")
        edge_list(d / "big.txt", big, max(big // 10, 1))
        edge_list(d / "small.txt", 10, 10)
        peak_memory(d / "big.txt", d / "small.txt", rows)
        (d / "big.txt").unlink()
        print(f"binary, {int(a.binary):,} edges")
        binary(d, int(a.binary), rows)
    print()
    print(table(rows, [("task", "s"), ("ours_s", ".3f"), ("peer", "s"), ("peer_s", ".3f"),
                       ("x_peer", ".2f"), ("medges_s", ".1f"), ("peak_over_csr", ".2f"),
                       ("rss_over_csr", ".2f")]))
    print("wrote", save("io", {"rows": rows, "args": vars(a)}))


if __name__ == "__main__":
    main()
