"""BFS on a Graph500 Kronecker graph: semiring_paths vs scipy's breadth_first_order.

The graph: scale S (2**S vertices), edge factor 16, A=.57 B=.19 C=.19, symmetrized, no
self loops or duplicates.  Sources: 16 (``--sources``) drawn reproducibly from the giant
component.  Every strategy's answer is verified (levels equal scipy's hop distances,
parents form a BFS tree) before anything is timed; then each source is timed
``--repeat`` times, best kept, and the table reports medians over sources.

    python benchmarks/bench_bfs.py --scale 20
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np
from scipy.sparse import csgraph

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import REPEAT, best_of, giant_component_sources, save, table

import semiring_paths as sp
from semiring_paths.algorithms import names
from semiring_paths.generators import kronecker
from semiring_paths.verify import verify_bfs

STRATEGIES = names("bfs")[1:]          # the registry's, "auto" aside


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--scale", type=int, default=20)
    ap.add_argument("--sources", type=int, default=16)
    ap.add_argument("--repeat", type=int, default=REPEAT)
    ap.add_argument("--strategies", default=",".join(STRATEGIES))
    ap.add_argument("--plot", action="store_true", help="save frontier sizes per level")
    a = ap.parse_args(argv)

    t0 = time.perf_counter()
    G = kronecker(a.scale, seed=1)
    print(f"kronecker scale {a.scale}: {G.n_vertices:,} vertices, {G.n_edges:,} undirected "
          f"edges, generated in {time.perf_counter() - t0:.1f} s")
    M = G.to_scipy()
    sources = giant_component_sources(G, a.sources)
    strategies = a.strategies.split(",")
    sp.bfs(G, int(sources[0]))                                   # build the matrices once

    print("verifying ...", flush=True)
    for s in sources:
        for st in strategies:
            r = sp.bfs(G, int(s), strategy=st)
            verify_bfs(G, int(s), r.levels, r.parents)

    times = {"scipy": []}
    traces = {}
    for st in strategies:
        times[st] = []
    for s in sources:
        s = int(s)
        times["scipy"].append(best_of(lambda s=s: csgraph.breadth_first_order(M, s), a.repeat))
        for st in strategies:
            times[st].append(best_of(lambda s=s, st=st: sp.bfs(G, s, strategy=st), a.repeat))
            traces.setdefault(st, sp.bfs(G, s, strategy=st).trace)
    med = {k: float(np.median(v)) for k, v in times.items()}
    reached_edges = G.n_edges  # TEPS over the undirected edges of the graph
    rows = [{"method": k, "median_ms": med[k] * 1e3,
             "vs_scipy": med["scipy"] / med[k], "MTEPS": reached_edges / med[k] / 1e6,
             "min_ms": min(times[k]) * 1e3, "max_ms": max(times[k]) * 1e3}
            for k in ["scipy", *strategies]]
    print(table(rows, [("method", "s"), ("median_ms", ".2f"), ("min_ms", ".2f"),
                       ("max_ms", ".2f"), ("vs_scipy", ".2f"), ("MTEPS", ".0f")]))
    auto = sp.bfs(G, int(sources[0])).trace
    print(f"auto = {auto.strategy}; steps of source {int(sources[0])}: " + ", ".join(
        f"{s.direction}({s.frontier})" for s in auto.steps))
    p = save(f"bfs_kron{a.scale}", {
        "graph": {"scale": a.scale, "n": G.n_vertices, "edges": G.n_edges},
        "sources": sources.tolist(), "times_s": times, "median_s": med, "rows": rows,
        "traces": {k: v.as_dict() for k, v in traces.items()}})
    print(f"wrote {p}")
    if a.plot:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt

        fig, ax = plt.subplots(figsize=(7, 3.5))
        traces["direction-optimizing"].plot(ax=ax)
        fig.tight_layout()
        fig.savefig(p.with_suffix(".png"), dpi=120)
        print(f"wrote {p.with_suffix('.png')}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
