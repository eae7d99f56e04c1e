"""Every BFS and SSSP strategy next to scipy on the same sources.

Graphs: the three bundled ones (karate, rome99, osm-monaco) by default; ``--graphs`` takes
any files or bundled names.  For each graph, ``--sources`` sources from the giant
component; each answer is verified (BFS against scipy's hop distances, SSSP against
scipy's dijkstra / bellman_ford, trees checked) before it is timed.  Reported: median ms
over sources, iterations, edges relaxed relative to the edge count, and the ratio to
scipy's ``breadth_first_order`` (BFS) or ``dijkstra`` (SSSP) on the same source.

    python benchmarks/bench_strategies.py
    python benchmarks/bench_strategies.py --graphs ../shared/data/graphs/road/osm-malta.mtx.gz
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np
from scipy.sparse import csgraph

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import best_of, giant_component_sources, save, table

import semiring_paths as sp
from semiring_paths.algorithms import names
from semiring_paths.verify import verify_bfs, verify_sssp


def bench_graph(G, k: int, repeat: int) -> list[dict]:
    sources = [int(s) for s in giant_component_sources(G, k)]
    M = G.to_scipy(np.float64)
    rows = []
    for family in ("bfs", "sssp"):
        run = sp.bfs if family == "bfs" else sp.sssp
        if family == "bfs":
            ref = lambda s: csgraph.breadth_first_order(M, s)
            ref_name = "scipy breadth_first_order"
        elif G.has_negative_weights:
            ref = lambda s: csgraph.bellman_ford(M, indices=s)
            ref_name = "scipy bellman_ford"
        else:
            ref = lambda s: csgraph.dijkstra(M, indices=s)
            ref_name = "scipy dijkstra"
        t_ref = np.median([best_of(lambda s=s, ref=ref: ref(s), repeat) for s in sources])
        rows.append({"graph": G.name, "family": family, "strategy": ref_name,
                     "median_ms": t_ref * 1e3, "vs_scipy": 1.0})
        for st in names(family):
            res = {}
            for s in sources:                       # verify first
                r = run(G, s, strategy=st)
                if family == "bfs":
                    verify_bfs(G, s, r.levels, r.parents)
                else:
                    verify_sssp(G, s, r.distances, r.predecessors)
                res[s] = r.trace.summary()
            t = np.median([best_of(lambda s=s, st=st, run=run: run(G, s, strategy=st), repeat)
                          for s in sources])
            rows.append({
                "graph": G.name, "family": family,
                "strategy": st if st != "auto" else f"auto ({res[sources[0]]['strategy']})",
                "median_ms": t * 1e3, "vs_scipy": t_ref / t,
                "iterations": float(np.median([x["iterations"] for x in res.values()])),
                "edges_per_m": float(np.median([x["edges_relaxed_per_edge"]
                                                for x in res.values()])),
            })
    return rows


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--graphs", nargs="*", default=sp.datasets.names())
    ap.add_argument("--sources", type=int, default=8)
    ap.add_argument("--repeat", type=int, default=3)
    a = ap.parse_args(argv)
    rows = []
    for g in a.graphs:
        G = sp.read(g)
        print(f"{G.name}: {G.n_vertices:,} vertices, {G.n_edges:,} edges, "
              f"{'directed' if G.directed else 'undirected'}, "
              f"{'weighted' if G.weighted else 'unweighted'}", flush=True)
        rows += bench_graph(G, a.sources, a.repeat)
    print(table(rows, [("graph", "s"), ("family", "s"), ("strategy", "s"),
                       ("median_ms", ".3f"), ("vs_scipy", ".2f"), ("iterations", ".0f"),
                       ("edges_per_m", ".2f")]))
    print("vs_scipy > 1: faster than scipy on the same sources; edges_per_m: edges relaxed "
          "/ stored edges (push steps; pull steps stop early and are not counted)")
    print(f"wrote {save('strategies', {'rows': rows})}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
