"""The CPU side by side: GAP, scipy, igraph, networkit, and both CPU paths of ours.

Single source (``../shared/BENCHMARKS.md`` protocol): per graph, ``--sources`` sources from
the largest component (fixed seed); per source every implementation in turn (interleaved),
each the best of 3; the table gives the median over sources and the ratio to scipy.
Ours runs three ways: ``auto`` (the backend's own choice between GraphBLAS rounds and
compiled loops, ``cpu/fused.py``), ``graphblas`` and ``fused`` forced.  Every answer of
ours is verified (``verify_bfs`` / ``verify_sssp``), igraph's and networkit's distances
are compared with scipy's, GAP verifies its own (``-v``, once per graph).  The first call
of ours on each graph (matrix builds, compile or cache load) is its own column.

Many sources: closeness on luxembourg_osm (ours vs scipy ``shortest_path`` in batches),
closeness on Kronecker 16 (ours vs a loop of ``sp.bfs``), ``multi_source_sssp`` of 200
sources and the weighted diameter on rome99 (vs scipy ``dijkstra``).  Then the first call
in a new Python process, with numba's cache cold and warm.

    python benchmarks/bench_cpu.py --gap /path/to/gapbs     # GAP built by build_gap.sh
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
import time
from functools import partial
from pathlib import Path

import numpy as np
from scipy.sparse import csgraph

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import giant_component_sources, save, table, timed

import semiring_paths as sp
from semiring_paths.cpu.backend import GraphBLASBackend
from semiring_paths.generators import grid, kronecker
from semiring_paths.locations import shared_dir
from semiring_paths.verify import verify_bfs, verify_sssp

MODES = {"auto": "auto", "graphblas": "never", "fused": "always"}
ROAD = ("luxembourg_osm", "osm-malta")       # the two largest road graphs in shared data


# ---------------------------------------------------------------------- peers
def _igraph(G):
    try:
        import igraph
    except ImportError:
        return None
    g = igraph.Graph(n=G.n_vertices, edges=np.column_stack([G.rows, G.indices]).tolist(),
                     directed=True)
    w = (G.weights if G.weighted else np.ones(G.n_stored)).astype(float).tolist()
    g.es["weight"] = w
    return {"bfs": lambda s: g.bfs(s),
            "sssp": lambda s: np.array(g.distances(source=s, weights="weight")[0])}


def _networkit(G):
    try:
        import networkit as nk
    except ImportError:
        return None
    nk.setNumberOfThreads(os.cpu_count())
    g = nk.graph.Graph(G.n_vertices, weighted=True, directed=True)
    w = (G.weights if G.weighted else np.ones(G.n_stored)).astype(np.float64)
    g.addEdges((w, (G.rows.astype(np.uint64), G.indices.astype(np.uint64))))

    def dij(s):
        a = nk.distance.Dijkstra(g, s, storePaths=False)
        a.run()
        d = np.array(a.getDistances())
        d[d > 1e300] = np.inf
        return d

    def bfs(s):
        nk.distance.BFS(g, s, storePaths=False).run()

    return {"bfs": bfs, "sssp": dij}


class GAP:
    """GAP's ``bfs`` / ``sssp`` on one graph, written as ``.sg`` / ``.wsg`` once; times
    are the best of its 3 trials (``-n 3``) per source, Δ swept on the first source."""

    DELTAS = (1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048)

    def __init__(self, root: Path, G, tmp: Path):
        self.root = root
        wel = tmp / "g.wel"
        w = (G.weights if G.weighted else np.ones(G.n_stored)).astype(np.float64)
        w = np.maximum(np.ceil(w), 1).astype(np.int64)        # GAP takes integer weights
        np.savetxt(wel, np.column_stack([G.rows, G.indices, w]), fmt="%d")
        self.sg, self.wsg = tmp / "g.sg", tmp / "g.wsg"
        for flag, out in (("-b", self.sg), ("-wb", self.wsg)):
            subprocess.run([str(root / "converter"), "-f", str(wel), flag, str(out)],
                           check=True, stdout=subprocess.DEVNULL)
        self.delta = None
        self.exact = (G.weighted and np.array_equal(w, G.weights)) or not G.weighted

    def _run(self, kernel: str, s: int, *extra) -> float:
        graph = self.sg if kernel == "bfs" else self.wsg
        env = dict(os.environ, OMP_NUM_THREADS=str(os.cpu_count()))
        out = subprocess.run([str(self.root / kernel), "-f", str(graph), "-r", str(s),
                              "-n", "3", *extra], check=True, capture_output=True,
                             text=True, env=env).stdout
        return min(float(x) for x in re.findall(r"Trial Time:\s+([\d.]+)", out))

    def verified(self, kernel: str, s: int) -> bool:
        graph = self.sg if kernel == "bfs" else self.wsg
        extra = ["-d", str(self.delta)] if kernel == "sssp" else []
        out = subprocess.run([str(self.root / kernel), "-f", str(graph), "-r", str(s),
                              "-n", "1", "-v", *extra], capture_output=True, text=True).stdout
        return "Verification:           PASS" in out

    def __call__(self, kernel: str, s: int) -> float:
        if kernel == "bfs":
            return self._run("bfs", s)
        if self.delta is None:
            best = {d: self._run("sssp", s, "-d", str(d)) for d in self.DELTAS}
            self.delta = min(best, key=best.get)
        return self._run("sssp", s, "-d", str(self.delta))


# ---------------------------------------------------------------------- single source
def single_source(G, name: str, k: int, gap_root: Path | None,
                  algos=("bfs", "sssp")) -> list[dict]:
    src = [int(s) for s in giant_component_sources(G, k)]
    M = G.to_scipy(np.float64) if G.weighted else G.to_scipy(np.bool_).astype(np.float64)
    Mb = G.to_scipy(np.bool_)
    peers = {"igraph": _igraph(G), "networkit": _networkit(G)}
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        gap = GAP(gap_root, G, Path(tmp)) if gap_root else None
        for algo in algos:
            ref = {"bfs": lambda s: csgraph.breadth_first_order(Mb, s),
                   "sssp": lambda s: csgraph.dijkstra(M, indices=s)}[algo]
            ours = {"bfs": lambda s: sp.bfs(G, s, backend="cpu"),
                    "sssp": lambda s: sp.sssp(G, s, backend="cpu")}[algo]
            check = {"bfs": lambda s, r: verify_bfs(G, s, r.levels, r.parents),
                     "sssp": lambda s, r: verify_sssp(G, s, r.distances,
                                                      r.predecessors)}[algo]
            times: dict[str, list[float]] = {}
            first, strategy = {}, {}
            for label, mode in MODES.items():                 # first calls, verified
                GraphBLASBackend.fused_mode = mode
                G._backend_cache.clear()
                first[label], r = timed(partial(ours, src[0]), 1)
                strategy[label] = r.trace.strategy
                for s in src:
                    check(s, ours(s))
            d0 = csgraph.dijkstra(M, indices=src[0])
            for peer, fns in peers.items():
                if fns is not None and algo == "sssp":
                    got = fns["sssp"](src[0])
                    assert np.allclose(got, d0), f"{peer} disagrees with scipy"
            gap_ok = gap is not None and (algo == "bfs" or gap.exact)
            for s in src:                                     # interleaved per source
                times.setdefault("scipy", []).append(timed(partial(ref, s))[0])
                for label, mode in MODES.items():
                    GraphBLASBackend.fused_mode = mode
                    times.setdefault(label, []).append(timed(partial(ours, s))[0])
                GraphBLASBackend.fused_mode = "auto"
                for peer, fns in peers.items():
                    if fns is not None:
                        times.setdefault(peer, []).append(
                            timed(partial(fns[algo], s))[0])
                if gap_ok:
                    times.setdefault("GAP", []).append(gap(algo, s))
            if gap_ok and not gap.verified(algo, src[0]):
                raise AssertionError(f"GAP {algo} failed its own verification on {name}")
            base = float(np.median(times["scipy"]))
            for impl, ts in times.items():
                t = max(float(np.median(ts)), 1e-6)   # GAP prints 10 µs steps
                label = impl
                if impl in MODES:
                    label = f"ours {impl} ({strategy[impl]})"
                elif impl == "GAP" and algo == "sssp":
                    label = f"GAP (Δ={gap.delta})"
                rows.append({"graph": name, "algo": algo, "impl": label,
                             "median_ms": t * 1e3, "x_scipy": base / t,
                             "first_ms": first[impl] * 1e3 if impl in first else None})
                print(f"  {algo} {label}: {t * 1e3:.2f} ms ({base / t:.2f}x scipy)",
                      flush=True)
    return rows


# ---------------------------------------------------------------------- many sources
def _scipy_closeness(G, sources, batch=256):
    """NetworkX's closeness from scipy distances, computed in batches (undirected)."""
    M = G.to_scipy(np.float64) if G.weighted else G.to_scipy(np.bool_).astype(np.float64)
    n = G.n_vertices
    out = []
    for lo in range(0, sources.size, batch):
        D = csgraph.shortest_path(M, unweighted=not G.weighted, indices=sources[lo:lo + batch])
        fin = np.isfinite(D)
        r = fin.sum(axis=1)
        tot = np.where(fin, D, 0).sum(axis=1)
        c = np.where(tot > 0, (r - 1.0) / np.where(tot > 0, tot, 1), 0.0)
        out.append(c * ((r - 1.0) / (n - 1)))
    return np.concatenate(out)


def many_source(k_lux: int, k_kron: int) -> list[dict]:
    rows = []

    def row(task, impl, t, base):
        rows.append({"graph": task, "algo": "many", "impl": impl, "median_ms": t * 1e3,
                     "x_scipy": base / t, "first_ms": None})
        print(f"  {task} {impl}: {t * 1e3:.1f} ms ({base / t:.2f}x)", flush=True)

    lux = sp.read(shared_dir() / "road/luxembourg_osm.mtx.gz")
    src = giant_component_sources(lux, k_lux)
    ours = sp.closeness(lux, src, progress=False, backend="cpu")
    assert np.allclose(ours, _scipy_closeness(lux, src))
    tb = timed(lambda: _scipy_closeness(lux, src), 1)[0]
    to = timed(lambda: sp.closeness(lux, src, progress=False, backend="cpu"), 1)[0]
    row(f"closeness luxembourg_osm ({k_lux} sources)", "scipy shortest_path", tb, tb)
    row(f"closeness luxembourg_osm ({k_lux} sources)", "ours", to, tb)

    kron = kronecker(16, seed=1)
    src = giant_component_sources(kron, k_kron)

    def loop():
        n = kron.n_vertices
        out = np.empty(src.size)
        for i, s in enumerate(src.tolist()):
            lv = sp.bfs(kron, s, backend="cpu").levels
            r = (lv >= 0).sum()
            out[i] = (r - 1.0) / lv[lv > 0].sum() * ((r - 1.0) / (n - 1))
        return out
    assert np.allclose(loop(), sp.closeness(kron, src, progress=False, backend="cpu"))
    tb = timed(loop, 1)[0]
    to = timed(lambda: sp.closeness(kron, src, progress=False, backend="cpu"), 1)[0]
    row(f"closeness kron16 ({k_kron} sources)", "loop of sp.bfs", tb, tb)
    row(f"closeness kron16 ({k_kron} sources)", "ours", to, tb)

    rome = sp.read("rome99")
    src = giant_component_sources(rome, 200)
    M = rome.to_scipy(np.float64)
    assert np.array_equal(sp.multi_source_sssp(rome, src, backend="cpu"),
                          csgraph.dijkstra(M, indices=src))
    tb = timed(lambda: csgraph.dijkstra(M, indices=src))[0]
    to = timed(lambda: sp.multi_source_sssp(rome, src, backend="cpu"))[0]
    row("multi_source_sssp rome99 (200 sources)", "scipy dijkstra(indices)", tb, tb)
    row("multi_source_sssp rome99 (200 sources)", "ours", to, tb)

    def scipy_diameter():
        D = csgraph.dijkstra(M)
        return D[np.isfinite(D)].max()
    ref = scipy_diameter()
    got = sp.diameter(rome, weight=True, unreachable="ignore", progress=False,
                      backend="cpu")
    assert got == ref, (got, ref)
    tb = timed(scipy_diameter, 1)[0]
    to = timed(lambda: sp.diameter(rome, weight=True, unreachable="ignore",
                                   progress=False, backend="cpu"), 1)[0]
    row("weighted diameter rome99", "scipy dijkstra (all pairs)", tb, tb)
    row("weighted diameter rome99", "ours", to, tb)
    return rows


FIRST_CALL = ("import time; t0 = time.perf_counter(); import semiring_paths as sp; "
              "G = sp.read('rome99'); sp.sssp(G, 0, backend='cpu'); sp.bfs(G, 0, "
              "backend='cpu'); print(time.perf_counter() - t0)")


def first_call() -> list[dict]:
    """Import, compile or cache load and the first searches, in a new process."""
    rows = []
    with tempfile.TemporaryDirectory() as cache:
        env = dict(os.environ, NUMBA_CACHE_DIR=cache)
        for label in ("cold cache (compiles)", "warm cache (loads)"):
            t0 = time.perf_counter()
            out = subprocess.run([sys.executable, "-c", FIRST_CALL], env=env, check=True,
                                 capture_output=True, text=True).stdout
            wall = time.perf_counter() - t0       # the exit waits for cpu/warm.py's thread
            t = float(out.split()[-1])
            for what, v in ((label, t), (f"{label}, whole process", wall)):
                rows.append({"graph": "rome99", "algo": "first call", "impl": what,
                             "median_ms": v * 1e3, "x_scipy": None, "first_ms": None})
                print(f"  first call, {what}: {v * 1e3:.0f} ms", flush=True)
    return rows


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--gap", type=Path, help="directory of GAP's built bfs/sssp/converter")
    ap.add_argument("--grid", type=int, default=1000)
    ap.add_argument("--kron-scales", type=int, nargs="*", default=[18, 20])
    ap.add_argument("--sources", type=int, default=8)
    ap.add_argument("--small", action="store_true", help="karate, osm-monaco, rome99 too")
    ap.add_argument("--many", type=int, nargs=2, default=[1024, 1024],
                    metavar=("K_LUX", "K_KRON"), help="sources for the closeness runs")
    ap.add_argument("--skip-single", action="store_true")
    ap.add_argument("--algos", nargs="+", default=["bfs", "sssp"], choices=["bfs", "sssp"])
    ap.add_argument("--no-road", action="store_true", help="leave out the road graphs")
    ap.add_argument("--name", default="cpu", help="results/NAME.json")
    a = ap.parse_args(argv)
    rows = []
    if not a.skip_single:
        graphs = []
        if a.small:
            graphs += [(n, lambda n=n: sp.read(n)) for n in ("karate", "osm-monaco", "rome99")]
        graphs += [(n, lambda n=n: sp.read(shared_dir() / f"road/{n}.mtx.gz"))
                   for n in (() if a.no_road else ROAD)]
        if a.grid:
            graphs.append((f"grid{a.grid}",
                           lambda: grid(a.grid, a.grid, seed=1, weights=(1, 255))))
        for s in a.kron_scales:
            graphs.append((f"kron{s}", lambda s=s: kronecker(s, seed=1, weights=(1, 255))))
        for name, make in graphs:
            t0 = time.perf_counter()
            G = make()
            print(f"{name}: {G.n_vertices:,} vertices, {G.n_stored:,} stored edges "
                  f"({time.perf_counter() - t0:.1f} s to build)", flush=True)
            rows += single_source(G, name, a.sources, a.gap, a.algos)
    if a.many[0]:
        rows += many_source(*a.many)
        rows += first_call()
    print(table(rows, [("graph", "s"), ("algo", "s"), ("impl", "s"), ("median_ms", ".2f"),
                       ("x_scipy", ".2f"), ("first_ms", ".1f")]))
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True,
                            text=True).stdout.strip()
    out = save(a.name, {"commit": commit, "sources": a.sources, "argv": sys.argv[1:],
                        "rows": rows})
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
