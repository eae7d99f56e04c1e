"""The CPU backend's two paths side by side with scipy: GraphBLAS rounds and fused loops.

Graphs: the 1000² grid (weights 1..255, high diameter), Kronecker 18 (weights 1..255), and
the small bundled ones (karate, osm-monaco, rome99).  For each: ``sp.bfs`` / ``sp.sssp``
with ``backend="cpu"`` under the default choice (``auto``), the GraphBLAS rounds forced and
the fused loops forced, against scipy's ``breadth_first_order`` / ``dijkstra``; every
answer is verified before it is timed.  Median over sources of the best of 3
(``common.timed``); the first call on each graph (builds, compile or cache load) is its
own column.

    python benchmarks/bench_cpu.py --grid 1000 --kron-scale 18
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np
from scipy.sparse import csgraph

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import giant_component_sources, save, table, timed

import semiring_paths as sp
from semiring_paths.cpu.backend import GraphBLASBackend
from semiring_paths.generators import grid, kronecker
from semiring_paths.verify import verify_bfs, verify_sssp

MODES = {"auto": "auto", "graphblas": "never", "fused": "always"}


def bench(G, name: str, k: int) -> list[dict]:
    src = [int(s) for s in giant_component_sources(G, k)]
    M = G.to_scipy(np.float64)
    Mb = G.to_scipy(np.bool_)
    rows = []
    for algo, ours, ref, check in (
            ("bfs", lambda s: sp.bfs(G, s, backend="cpu"),
             lambda s: csgraph.breadth_first_order(Mb, s),
             lambda s, r: verify_bfs(G, s, r.levels, r.parents)),
            ("sssp", lambda s: sp.sssp(G, s, backend="cpu"),
             lambda s: csgraph.dijkstra(M, indices=s),
             lambda s, r: verify_sssp(G, s, r.distances, r.predecessors))):
        base = float(np.median([timed(lambda s=s, ref=ref: ref(s))[0] for s in src]))
        rows.append({"graph": name, "run": f"{algo} scipy", "median_ms": base * 1e3,
                     "x_scipy": 1.0})
        for label, mode in MODES.items():
            GraphBLASBackend.fused_mode = mode
            G._backend_cache.clear()
            first, r = timed(lambda ours=ours: ours(src[0]), 1)
            for s in src:
                check(s, ours(s))
            t = float(np.median([timed(lambda s=s, ours=ours: ours(s))[0] for s in src]))
            rows.append({"graph": name, "run": f"{algo} {label} ({r.trace.strategy})",
                         "median_ms": t * 1e3, "x_scipy": base / t, "first_ms": first * 1e3})
            print(f"  {rows[-1]['run']}: {t * 1e3:.2f} ms ({base / t:.2f}x scipy)",
                  flush=True)
        GraphBLASBackend.fused_mode = "auto"
    return rows


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--grid", type=int, default=1000)
    ap.add_argument("--kron-scale", type=int, default=18)
    ap.add_argument("--sources", type=int, default=4)
    a = ap.parse_args(argv)
    graphs = [(n, sp.read(n)) for n in ("karate", "osm-monaco", "rome99")]
    if a.grid:
        graphs.append((f"grid{a.grid}", grid(a.grid, a.grid, seed=1, weights=(1, 255))))
    if a.kron_scale:
        graphs.append((f"kron{a.kron_scale}",
                       kronecker(a.kron_scale, seed=1, weights=(1, 255))))
    rows = []
    for name, G in graphs:
        print(f"{name}: {G.n_vertices:,} vertices, {G.n_stored:,} stored edges", flush=True)
        rows += bench(G, name, a.sources)
    print(table(rows, [("graph", "s"), ("run", "s"), ("median_ms", ".2f"),
                       ("x_scipy", ".2f"), ("first_ms", ".1f")]))
    print(f"wrote {save('cpu', {'rows': rows})}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
