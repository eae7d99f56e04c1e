"""Closeness from many sources: the batched bitmap BFS vs one search per source, scipy in
source batches, and NetworkX — sources per second, source–vertex pairs per second, peak
memory.

For each graph, ``--sources`` sources are sampled (seeded; ``0`` = every vertex) and
``sp.closeness`` computes their closeness on the chosen backend (distances *to* them on
directed graphs, as NetworkX).  The baselines run on the first ``--baseline-sources`` of
them and are scaled to the full count (marked "scaled").  Before timing, our closeness of
those baseline sources is checked equal to scipy's, and three of them to NetworkX's.

    python benchmarks/bench_apsp.py --sources 256                        # CPU, 2 cores
    python benchmarks/bench_apsp.py --backend gpu --sources 0 --graphs kron   # device
"""

from __future__ import annotations

import argparse
import resource
import sys
import time
from pathlib import Path

import numpy as np
from scipy.sparse import csgraph

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import save, table

import semiring_paths as sp
from semiring_paths.generators import kronecker
from semiring_paths.locations import shared_dir

SHARED = shared_dir()
BUNDLED = {"ca-CondMat": "social/ca-CondMat-cc1.mtx.gz",
           "delaunay_n16": "mesh/delaunay_n16.mtx.gz",
           "luxembourg": "road/luxembourg_osm.mtx.gz"}


def closeness_from_rows(d: np.ndarray, n: int) -> np.ndarray:
    fin = np.isfinite(d)
    tot = np.where(fin, d, 0).sum(axis=1)
    r = fin.sum(axis=1)
    c = np.where(tot > 0, (r - 1.0) / np.where(tot > 0, tot, 1), 0.0)
    return c * (r - 1.0) / (n - 1)


def rss_mib() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def device_peak_mib(reset: bool = False) -> float | None:
    try:
        import cupy as cp
    except ImportError:
        return None
    pool = cp.get_default_memory_pool()
    if reset:
        pool.free_all_blocks()
    return pool.total_bytes() / 2**20


def load(name: str, kron_scale: int):
    if name == "kron":
        return kronecker(kron_scale, seed=1)
    p = SHARED / BUNDLED[name]
    if not p.exists():
        p = Path(__file__).resolve().parents[1] / "devdata" / p.name
    return sp.read(p) if p.exists() else None


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sources", type=int, default=256, help="0: every vertex")
    ap.add_argument("--baseline-sources", type=int, default=256)
    ap.add_argument("--kron-scale", type=int, default=16)
    ap.add_argument("--backend", default="cpu", choices=["cpu", "gpu"])
    ap.add_argument("--graphs", default="kron,ca-CondMat,delaunay_n16,luxembourg")
    ap.add_argument("--no-networkx", action="store_true")
    a = ap.parse_args(argv)
    rows = []
    for name in a.graphs.split(","):
        G = load(name, a.kron_scale)
        if G is None:
            print(f"{name}: not found, skipped")
            continue
        n = G.n_vertices
        rng = np.random.default_rng(7)
        src = np.arange(n) if a.sources in (0, n) else np.sort(
            rng.choice(n, a.sources, replace=False))
        base = src[rng.permutation(src.size)[:min(a.baseline_sources, src.size)]]
        scale = src.size / base.size
        print(f"{G.name}: {n:,} vertices, {G.n_edges:,} edges; {src.size:,} sources, "
              f"baselines on {base.size} ({a.backend})", flush=True)
        H = G.reversed() if G.directed else G
        # verify before timing: scipy on the baseline sources, NetworkX on three
        ours = sp.closeness(G, sources=base, backend=a.backend, progress=False)
        d = csgraph.shortest_path(H.to_scipy(np.bool_), unweighted=True, indices=base)
        assert np.allclose(ours, closeness_from_rows(d, n)), "closeness differs from scipy"
        nxg = None
        if not a.no_networkx:
            import networkx as nx

            nxg = nx.DiGraph() if G.directed else nx.Graph()
            nxg.add_nodes_from(range(n))
            nxg.add_edges_from(zip(G.rows.tolist(), G.indices.tolist()))
            for i in range(3):
                assert np.isclose(ours[i], nx.closeness_centrality(nxg, u=int(base[i])))
        results = {}
        device_peak_mib(reset=True)
        sp.closeness(G, sources=src[:64], backend=a.backend, progress=False)   # warm up
        r0 = rss_mib()
        t0 = time.perf_counter()
        sp.closeness(G, sources=src, backend=a.backend, progress=False)
        results[f"semiring_paths closeness, batched bitmaps ({a.backend})"] = (
            time.perf_counter() - t0, rss_mib() - r0, device_peak_mib())
        sp.bfs(H, int(base[0]), backend=a.backend)                           # warm up
        t0 = time.perf_counter()
        loop = []
        for s in base.tolist():
            lev = sp.bfs(H, s, backend=a.backend).levels
            loop.append(np.where(lev >= 0, lev, np.inf))
        closeness_from_rows(np.array(loop), n)
        loop_name = f"loop of single-source sp.bfs ({a.backend})"
        results[loop_name] = ((time.perf_counter() - t0) * scale, None, None)
        t0 = time.perf_counter()
        M = H.to_scipy(np.bool_)
        for lo in range(0, base.size, 64):
            closeness_from_rows(csgraph.shortest_path(M, unweighted=True,
                                                      indices=base[lo:lo + 64]), n)
        results["scipy shortest_path, 64 sources a batch"] = (
            (time.perf_counter() - t0) * scale, None, None)
        if nxg is not None:
            import networkx as nx

            k = min(32, base.size)
            t0 = time.perf_counter()
            for s in base[:k].tolist():
                nx.closeness_centrality(nxg, u=s)
            results["networkx closeness_centrality(u=)"] = (
                (time.perf_counter() - t0) * src.size / k, None, None)
        t_loop = results[loop_name][0]
        for method, (t, mem, dev) in results.items():
            rows.append({"graph": G.name, "sources": int(src.size), "method": method,
                         "seconds": t, "sources_per_s": src.size / t,
                         "pairs_per_s": src.size * n / t, "vs_sp_loop": t_loop / t,
                         "peak_rss_growth_MiB": mem, "device_pool_MiB": dev,
                         "scaled": method != next(iter(results))})
    print(table(rows, [("graph", "s"), ("sources", "d"), ("method", "s"),
                       ("seconds", ".3f"), ("sources_per_s", ".1f"), ("pairs_per_s", ".3g"),
                       ("vs_sp_loop", ".2f"), ("peak_rss_growth_MiB", ".0f"),
                       ("device_pool_MiB", ".0f")]))
    print("baselines other than the batched row ran on --baseline-sources and are scaled")
    print(f"wrote {save(f'apsp_{a.backend}', {'rows': rows, 'args': vars(a)})}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
