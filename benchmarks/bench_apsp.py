"""Closeness from sampled sources: batched masked mxm vs one search per source, scipy in
source batches, and NetworkX — sources per second and peak memory.

For each graph, ``--sources`` sources are sampled (seeded); every method computes the
closeness of those vertices (distances *to* them on directed graphs, as NetworkX).  Values
are checked equal to NetworkX's on three vertices before timing.

    python benchmarks/bench_apsp.py --sources 256
"""

from __future__ import annotations

import argparse
import resource
import sys
import time
from pathlib import Path

import networkx as nx
import numpy as np
from scipy.sparse import csgraph

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import save, table

import semiring_paths as sp
from semiring_paths.generators import kronecker

SHARED = Path(__file__).resolve().parents[2] / "shared" / "data" / "graphs"


def closeness_from_rows(d: np.ndarray, n: int) -> np.ndarray:
    fin = np.isfinite(d)
    tot = np.where(fin, d, 0).sum(axis=1)
    r = fin.sum(axis=1)
    c = np.where(tot > 0, (r - 1.0) / np.where(tot > 0, tot, 1), 0.0)
    return c * (r - 1.0) / (n - 1)


def rss_mib() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sources", type=int, default=256)
    ap.add_argument("--kron-scale", type=int, default=16)
    a = ap.parse_args(argv)
    graphs = [kronecker(a.kron_scale, seed=1)]
    for rel in ("social/ca-CondMat-cc1.mtx.gz", "mesh/delaunay_n16.mtx.gz",
                "road/luxembourg_osm.mtx.gz"):
        if (SHARED / rel).exists():
            graphs.append(sp.read(SHARED / rel))
    rows = []
    for G in graphs:
        n = G.n_vertices
        src = np.sort(np.random.default_rng(7).choice(n, a.sources, replace=False))
        M = G.to_scipy(np.bool_)
        print(f"{G.name}: {n:,} vertices, {G.n_edges:,} edges", flush=True)
        H = nx.DiGraph() if G.directed else nx.Graph()
        H.add_nodes_from(range(n))
        H.add_edges_from(zip(G._rows.tolist(), G.indices.tolist()))
        ours = sp.closeness(G, sources=src, progress=False)
        for i in range(3):                                  # verify before timing
            assert np.isclose(ours[i], nx.closeness_centrality(H, u=int(src[i])))
        results = {}
        r0 = rss_mib()
        t0 = time.perf_counter()
        sp.closeness(G, sources=src, progress=False)
        results["semiring_paths closeness (batched)"] = (time.perf_counter() - t0,
                                                         rss_mib() - r0)
        t0 = time.perf_counter()
        loop = []
        for s in src.tolist():
            lev = sp.bfs(G, s).levels
            loop.append(np.where(lev >= 0, lev, np.inf))
        closeness_from_rows(np.array(loop), n)
        results["loop of single-source sp.bfs"] = (time.perf_counter() - t0, None)
        t0 = time.perf_counter()
        for lo in range(0, src.size, 64):
            closeness_from_rows(csgraph.shortest_path(M, unweighted=True,
                                                      indices=src[lo:lo + 64]), n)
        results["scipy shortest_path, 64 sources a batch"] = (time.perf_counter() - t0, None)
        k = min(32, src.size)
        t0 = time.perf_counter()
        for s in src[:k].tolist():
            nx.closeness_centrality(H, u=s)
        results[f"networkx closeness_centrality(u=) ({k} timed, scaled)"] = (
            (time.perf_counter() - t0) * src.size / k, None)
        base = results["loop of single-source sp.bfs"][0]
        for name, (t, mem) in results.items():
            rows.append({"graph": G.name, "method": name, "seconds": t,
                         "sources_per_s": src.size / t, "pairs_per_s": src.size * n / t,
                         "vs_sp_loop": base / t, "peak_rss_growth_MiB": mem})
    print(table(rows, [("graph", "s"), ("method", "s"), ("seconds", ".3f"),
                       ("sources_per_s", ".1f"), ("pairs_per_s", ".3g"),
                       ("vs_sp_loop", ".2f"), ("peak_rss_growth_MiB", ".0f")]))
    print(f"wrote {save('apsp', {'rows': rows, 'sources': a.sources})}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
