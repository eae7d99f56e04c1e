"""What a pull round costs on the device against the push rounds it would replace.

A probe for a design question rather than a product benchmark: on Kronecker 22 the best
device SSSP (economic Crauser) spends most of its time in three rounds that relax 51, 28
and 10 % of the stored edges.  Would relaxing such a round by pull (DESIGN §1: every
vertex reads its in-edges from the frontier, ``t = Aᵀ min.+ f``; the graph is symmetric)
beat the push round?  It times, on the H100, one search at a time:

* each strategy's search, then the same search with one round a launch
  (``RuleLoops.RECORDS = 1``): a wide round's own time (launch and one host read
  included, about 20 µs), beside its share of the stored edges;
* two pull passes over every stored edge against a frontier bitmap, each vertex's
  ``min(d(u) + w)`` over its in-neighbours u in the frontier: a warp a row, and
  edge-balanced (16 consecutive edges a thread, its first row by binary search), each
  checked against a CuPy segment minimum before it is timed, for frontiers of 1, 10 and
  50 % of the vertices (random; d random).

Prints a table, writes ``results/pull_floor.json``.

    python benchmarks/pull_floor.py [--scale 22] [--sources 4]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).parent))

from common import giant_component_sources, save, table

import semiring_paths as sp

PULL = r"""
// every row v: min over its stored edges (v, u) with u in the frontier of d(u) + w
extern "C" __global__ void pull_warp(const long long* indptr, const IT* ind, const WT* w,
        const unsigned* bits, const double* d, double* out, long long n) {
    long long warp = ((long long)blockIdx.x * blockDim.x + threadIdx.x) >> 5;
    long long warps = ((long long)gridDim.x * blockDim.x) >> 5;
    int lane = threadIdx.x & 31;
    for (long long v = warp; v < n; v += warps) {
        double best = INF;
        for (long long k = indptr[v] + lane, end = indptr[v + 1]; k < end; k += 32) {
            long long u = ind[k];
            if (bits[u >> 5] >> (u & 31) & 1) best = fmin(best, d[u] + (double)w[k]);
        }
        for (int o = 16; o; o >>= 1) best = fmin(best, __shfl_xor_sync(0xffffffffu, best, o));
        if (lane == 0) out[v] = best;
    }
}
// ITEMS consecutive edges a thread; a row's minimum from several threads by atomicMin
// on the (non-negative) doubles' bits
#define ITEMS 16
extern "C" __global__ void pull_edges(const long long* indptr, const IT* ind, const WT* w,
        const unsigned* bits, const double* d, unsigned long long* out, long long n,
        long long m) {
    long long t = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    long long T = (long long)gridDim.x * blockDim.x;
    for (long long e0 = t * ITEMS; e0 < m; e0 += T * ITEMS) {
        long long lo = 0, hi = n;                 // the last row starting at or before e0
        while (hi - lo > 1) {
            long long mid = (lo + hi) >> 1;
            if (indptr[mid] <= e0) lo = mid; else hi = mid;
        }
        long long row = lo, end = indptr[row + 1];
        double best = INF;
        for (long long k = e0; k < e0 + ITEMS && k < m; ++k) {
            while (k >= end) {
                if (best < INF) atomicMin(&out[row], __double_as_longlong(best));
                best = INF;
                end = indptr[++row + 1];
            }
            long long u = ind[k];
            if (bits[u >> 5] >> (u & 31) & 1) best = fmin(best, d[u] + (double)w[k]);
        }
        if (best < INF) atomicMin(&out[row], __double_as_longlong(best));
    }
}
"""


def _ctype(dtype) -> str:
    return {"int32": "int", "int64": "long long", "float32": "float",
            "float64": "double"}[str(dtype)]


def pull_passes(be, fractions, repeat: int = 5) -> list[dict]:
    import cupy as cp

    n, m = be.n, int(be.graph.n_stored)
    code = (PULL.replace("IT", _ctype(be.indices.dtype)).replace("WT", _ctype(be.weights.dtype))
            .replace("INF", "1.0e308"))
    mod = cp.RawModule(code=code)
    rs = cp.random.RandomState(0)
    d = rs.random_sample(n) * 100.0
    ptr_h, ind_h = be.indptr.get(), be.indices.get()
    w_h = be.weights.get().astype(np.float64)
    grid = (cp.cuda.Device().attributes["MultiProcessorCount"] * 16,)
    out = []
    for frac in fractions:
        member = rs.random_sample(n) < frac
        bits = cp.packbits(cp.pad(member, (0, -n % 32)).reshape(-1, 8)[:, ::-1]).view(cp.uint32)
        # the reference, on the host: a segment minimum over the frontier's edges
        vals = np.where(member.get()[ind_h], d.get()[ind_h] + w_h, 1.0e308)
        want = np.minimum.reduceat(np.r_[vals, 1.0e308], ptr_h[:-1])
        want[ptr_h[:-1] == ptr_h[1:]] = 1.0e308
        want = cp.asarray(want)
        hit = member[be.indices]
        got_w = cp.full(n, 1.0e308)
        got_e = cp.full(n, 1.0e308).view(cp.uint64)
        kernels = {
            "warp a row": (mod.get_function("pull_warp"),
                           (be.indptr, be.indices, be.weights, bits, d, got_w, np.int64(n))),
            "edge-balanced": (mod.get_function("pull_edges"),
                              (be.indptr, be.indices, be.weights, bits, d, got_e, np.int64(n),
                               np.int64(m))),
        }
        for name, (k, args) in kernels.items():
            k(grid, (256,), args)
            res = got_w if name == "warp a row" else got_e.view(cp.float64)
            bad = cp.flatnonzero(res != want)
            if bad.size:
                i = int(bad[0])
                raise AssertionError(f"pull pass {name!r} differs from the reference at "
                                     f"{bad.size} rows, first {i}: {float(res[i])} against "
                                     f"{float(want[i])}")
            best = np.inf
            for _ in range(repeat):
                a, b = cp.cuda.Event(), cp.cuda.Event()
                a.record()
                k(grid, (256,), args)
                b.record()
                b.synchronize()
                best = min(best, cp.cuda.get_elapsed_time(a, b))
            out.append({"run": f"pull pass, {name}", "frontier": f"{frac:.0%} of vertices",
                        "edge_share": float(hit.sum()) / m, "ms": best})
    return out


def push_rounds(G, strategy: str, sources, top: int = 3) -> list[dict]:
    """The search's median time, then its widest rounds' own times (a launch a round)."""
    import cupy as cp

    from semiring_paths.gpu.rules import RuleLoops

    sync = cp.cuda.Device().synchronize
    ref = sp.sssp(G, sources[0], strategy="workfront", backend="gpu").distances
    r = sp.sssp(G, sources[0], strategy=strategy, backend="gpu")
    np.testing.assert_array_equal(r.distances, ref)             # verified, then timed
    times = []
    for s in sources:
        sync()
        t0 = time.perf_counter()
        sp.sssp(G, s, strategy=strategy, backend="gpu", as_cupy=True)
        sync()
        times.append(time.perf_counter() - t0)
    rows = [{"run": f"{strategy}, whole search", "frontier": f"{len(r.trace.steps)} rounds",
             "edge_share": sum(st.edges for st in r.trace.steps) / G.n_stored,
             "ms": float(np.median(times)) * 1e3}]
    saved = RuleLoops.RECORDS
    RuleLoops.RECORDS = 1
    try:
        sp.sssp(G, sources[0], strategy=strategy, backend="gpu", as_cupy=True)
        steps = sp.sssp(G, sources[0], strategy=strategy, backend="gpu").trace.steps
    finally:
        RuleLoops.RECORDS = saved
    for st in sorted(steps, key=lambda st: -st.edges)[:top]:
        rows.append({"run": f"{strategy}, round {st.iteration}", "frontier": f"{st.frontier:,}",
                     "edge_share": st.edges / G.n_stored, "ms": st.seconds * 1e3})
    return rows


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--scale", type=int, default=22)
    ap.add_argument("--sources", type=int, default=4)
    ap.add_argument("--pull-only", action="store_true", help="time the pull passes only")
    a = ap.parse_args(argv)
    from semiring_paths.backends import backend_for
    from semiring_paths.generators import kronecker

    G = kronecker(a.scale, seed=1, weights=(1, 64), device=True)
    src = [int(s) for s in giant_component_sources(G, a.sources)]
    rows = []
    for strategy in () if a.pull_only else ("crauser-economic", "near-far", "delta-stepping"):
        rows += push_rounds(G, strategy, src)
    rows += pull_passes(backend_for(G, "gpu"), (0.01, 0.1, 0.5))
    print(f"{G.name}: {G.n_vertices:,} vertices, {G.n_stored:,} stored edges")
    print(table(rows, [("run", "s"), ("frontier", "s"), ("edge_share", ".3f"), ("ms", ".3f")]))
    print("wrote", save("pull_floor", {"graph": G.name, "rows": rows}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
