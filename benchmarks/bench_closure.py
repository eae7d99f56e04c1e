"""Dense all-pairs side by side: ``sp.closure`` (blocked Floyd–Warshall; repeated
squaring where asked) vs scipy's ``floyd_warshall``, on a random dense graph.

One run: scipy once (it takes tens of seconds at n = 4096), ours the best of
``--repeat``; our first call (compile or cache load, on the GPU the module build and
upload) is its own column.  Every result of ours is compared with scipy's first.

    python benchmarks/bench_closure.py --n 4096 --backends cpu
    python benchmarks/bench_closure.py --n 4096 --backends gpu       # on the device
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

from common import save, table

import semiring_paths as sp


def graph(n: int, seed: int = 1) -> sp.Graph:
    """Weights uniform in [1, 100), half the entries missing (the 003 setting: a dense
    adjacency matrix with holes)."""
    rng = np.random.default_rng(seed)
    W = rng.uniform(1, 100, (n, n))
    W[rng.random((n, n)) < 0.5] = np.inf
    np.fill_diagonal(W, 0.0)
    return sp.Graph.from_dense(W)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=4096)
    ap.add_argument("--backends", nargs="+", default=["cpu"], choices=["cpu", "gpu"])
    ap.add_argument("--methods", nargs="+", default=["floyd-warshall"],
                    choices=["floyd-warshall", "squaring"])
    ap.add_argument("--repeat", type=int, default=2)
    ap.add_argument("--name", default="closure")
    a = ap.parse_args(argv)
    G = graph(a.n)
    M = G.to_scipy(np.float64)
    t0 = time.perf_counter()
    want = csgraph.floyd_warshall(M)
    base = time.perf_counter() - t0
    print(f"scipy floyd_warshall n={a.n}: {base:.2f} s", flush=True)
    rows = [{"impl": "scipy floyd_warshall", "seconds": base, "x_scipy": 1.0,
             "first_s": None}]
    for be in a.backends:
        for method in a.methods:
            t0 = time.perf_counter()
            got = sp.closure(G, method=method, backend=be)
            first = time.perf_counter() - t0
            np.testing.assert_allclose(got, want, rtol=1e-12, atol=1e-9)
            best = first
            for _ in range(a.repeat):
                t0 = time.perf_counter()
                sp.closure(G, method=method, backend=be)
                best = min(best, time.perf_counter() - t0)
            rows.append({"impl": f"ours {be} {method}", "seconds": best,
                         "x_scipy": base / best, "first_s": first})
            print(f"ours {be} {method}: {best:.3f} s ({base / best:.1f}x scipy)",
                  flush=True)
    print(table(rows, [("impl", ""), ("seconds", ".3f"), ("x_scipy", ".1f"),
                       ("first_s", ".3f")]))
    print("wrote", save(a.name, {"n": a.n, "rows": rows}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
