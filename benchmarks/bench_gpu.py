"""GPU backend timings: BFS and SSSP on a Kronecker graph and a grid, answers verified.

Median over ``--sources`` giant-component sources, upload excluded (the first call builds
the device graph), results copied back to the host inside the timing.  GTEPS counts the
undirected edges of the graph over the median time.

    python benchmarks/bench_gpu.py --scale 20 --grid 1000
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import generated_graphs, giant_component_sources, save, table

import semiring_paths as sp
from semiring_paths.gpu.backend import bytes_needed
from semiring_paths.verify import verify_bfs, verify_sssp


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--scale", type=int, default=20)
    ap.add_argument("--grid", type=int, default=1000)
    ap.add_argument("--sources", type=int, default=8)
    a = ap.parse_args(argv)
    rows = []
    for G, built in generated_graphs(a.scale, a.grid, (1, 64)):
        print(f"{G.name}: {G.n_vertices:,} v, {G.n_edges:,} e, built in {built:.1f} s",
              flush=True)
        src = [int(s) for s in giant_component_sources(G, a.sources)]
        sp.bfs(G, src[0], backend="gpu")                          # upload, compile
        sp.sssp(G, src[0], strategy="workfront", backend="gpu")
        for label, run, check in [
            ("bfs direction-optimizing", lambda s, G=G: sp.bfs(G, s, backend="gpu"),
             lambda r, s, G=G: verify_bfs(G, s, r.levels, r.parents)),
            ("bfs sovm (push)", lambda s, G=G: sp.bfs(G, s, strategy="sovm", backend="gpu"),
             None),
            ("sssp workfront", lambda s, G=G: sp.sssp(G, s, strategy="workfront",
                                                 backend="gpu"),
             lambda r, s, G=G: verify_sssp(G, s, r.distances, r.predecessors)),
        ]:
            if check:
                for s in src[:2]:
                    check(run(s), s)
            times, iters = [], []
            for s in src:
                t0 = time.perf_counter()
                r = run(s)
                times.append(time.perf_counter() - t0)
                iters.append(r.trace.iterations)
            t = float(np.median(times))
            rows.append({"graph": G.name, "run": label, "median_ms": t * 1e3,
                         "GTEPS": G.n_edges / t / 1e9, "iterations": float(np.median(iters)),
                         "device_MiB": bytes_needed(G) / 2**20})
            print(f"  {label}: {t * 1e3:.2f} ms", flush=True)
    print(table(rows, [("graph", "s"), ("run", "s"), ("median_ms", ".2f"),
                       ("GTEPS", ".2f"), ("iterations", ".0f"), ("device_MiB", ".0f")]))
    print(f"wrote {save('gpu', {'rows': rows})}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
