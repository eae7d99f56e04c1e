"""Which tail should finish a high-diameter search, with how many blocks?

A grid's frontier holds a few thousand vertices for thousands of levels.  The tails:
"block" (one block, frontier in shared memory, block barriers), "async" (barrier-free
worklist, label-correcting; ``--blocks`` sizes its grid), "cooperative" (one grid barrier
a level) and "cuda-graph" (launches replayed from a captured graph, a host check every
32 levels).  Times BFS and workfront SSSP (as_cupy, median over sources, answers verified
against the CPU backend first).

    python benchmarks/sweep_tail_blocks.py --grid 1000 --blocks 66,132,264
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import cupy as cp
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import giant_component_sources, median_over, save, table

import semiring_paths as sp
from semiring_paths.backends import backend_for
from semiring_paths.generators import grid


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--grid", type=int, default=1000)
    ap.add_argument("--blocks", default="66,132,264")
    ap.add_argument("--sources", type=int, default=8)
    a = ap.parse_args(argv)
    G = grid(a.grid, a.grid, seed=1, weights=(1, 64))
    be = backend_for(G, "gpu")
    src = [int(s) for s in giant_component_sources(G, a.sources)]
    ref = {s: (sp.bfs(G, s).levels, sp.sssp(G, s, strategy="workfront").distances)
           for s in src[:2]}
    rows = []
    configs = [("block", 1), *[("async", int(b)) for b in a.blocks.split(",")],
               ("cooperative", 264), ("cuda-graph", 0)]
    for tail, blocks in configs:
        be.tail_blocks = blocks or None
        be.tail = tail
        for label, run in [("bfs", lambda s: sp.bfs(G, s, backend="gpu", as_cupy=True)),
                           ("sssp workfront", lambda s: sp.sssp(
                               G, s, strategy="workfront", backend="gpu", as_cupy=True))]:
            for s in src[:2]:       # verify before timing
                r = run(s)
                got = r.levels.get() if label == "bfs" else r.distances.get()
                np.testing.assert_array_equal(got, ref[s][0 if label == "bfs" else 1])
            t, r = median_over(run, src, 1, cp.cuda.Device().synchronize)
            rows.append({"tail": tail, "blocks": blocks, "run": label, "median_ms": t * 1e3,
                         "iterations": r.trace.iterations,
                         "us_per_level": t * 1e6 / max(r.trace.iterations, 1)})
            print(rows[-1], flush=True)
    print(table(rows, [("tail", "s"), ("blocks", "d"), ("run", "s"), ("median_ms", ".2f"),
                       ("iterations", "d"), ("us_per_level", ".2f")]))
    print(f"wrote {save('tail_blocks', {'graph': G.name, 'rows': rows})}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
