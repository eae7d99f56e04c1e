"""What a round of SSSP costs SuiteSparse itself on a high-diameter graph.

A probe for a design question rather than a product benchmark: could a GraphBLAS
formulation reach scipy's Dijkstra on a grid if it were driven with no Python in the loop?
It runs near-far (papers/002) on the ``--grid``² grid (weights 1..255, INT32) three ways,
on the same sources, each verified against scipy before it is timed:

* ``sp.sssp(G, s, strategy="near-far")``, the package as shipped (python-graphblas);
* the same rounds as direct SuiteSparse C calls (``suitesparse_graphblas.lib``), with
  every vector allocated once, each call timed: the floor of any Python driver;
* scipy's ``dijkstra``.

It prints a table (ms, rounds, µs a round, ns per relaxed edge, the C calls' shares) and
writes ``results/round_floor.json``.

    python benchmarks/round_floor.py --grid 1000 --sources 2
"""

from __future__ import annotations

import argparse
import collections
import math
import sys
import time
from pathlib import Path

import graphblas as gb
import numpy as np
from scipy.sparse import csgraph
from suitesparse_graphblas import ffi, lib

sys.path.insert(0, str(Path(__file__).parent))
from common import giant_component_sources, save, table

import semiring_paths as sp
from semiring_paths.algorithms.sssp import NEAR_FAR_C, default_delta
from semiring_paths.generators import grid

NULL = ffi.NULL


class Calls:
    """``calls.X(...)`` runs ``lib.X(...)``, checks its status and adds up its time."""

    def __init__(self):
        self.seconds = collections.Counter()

    def __getattr__(self, name):
        fn = getattr(lib, name)

        def timed(*args):
            t0 = time.perf_counter()
            info = fn(*args)
            self.seconds[name] += time.perf_counter() - t0
            if info != lib.GrB_SUCCESS:
                raise RuntimeError(f"{name} returned {info}")
        return timed


def near_far_c(A: gb.Matrix, s: int, delta: float, big: int, c: Calls):
    """near-far as C calls on INT32 (``big`` = ∞); returns (d as float64, rounds)."""
    n = A.nrows
    held = [gb.Vector(gb.dtypes.INT32, n) for _ in range(8)]   # allocated once, kept alive
    for v in held[1:]:                                         # d stays full
        c.GxB_Vector_Option_set_INT32(v.gb_obj[0], lib.GxB_SPARSITY_CONTROL, lib.GxB_SPARSE)
    held[0] << gb.Vector.from_dense(np.full(n, big, np.int32))
    held[0][s] = 0
    held[1][s] = 0
    d, near, far, t, u, neg, f, tmp = (v.gb_obj[0] for v in held)
    nv, low = ffi.new("GrB_Index*"), ffi.new("int32_t*")
    ceil = math.ceil
    split, rounds = delta, 0
    while True:
        c.GrB_Vector_nvals(nv, near)
        if nv[0] == 0:
            # far = far⟨far ≤ d⟩ (drop superseded entries); near, far = far⟨< split⟩, far⟨≥⟩
            c.GrB_Vector_eWiseMult_BinaryOp(u, NULL, NULL, lib.GrB_MINUS_INT32, far, d, NULL)
            c.GrB_Vector_select_INT32(neg, NULL, NULL, lib.GrB_VALUELE_INT32, u, 0, NULL)
            c.GrB_Vector_eWiseMult_BinaryOp(tmp, NULL, NULL, lib.GrB_SECOND_INT32, neg, far,
                                            NULL)
            far, tmp = tmp, far
            c.GrB_Vector_nvals(nv, far)
            if nv[0] == 0:
                break
            c.GrB_Vector_reduce_INT32(low, NULL, lib.GrB_MIN_MONOID_INT32, far, NULL)
            split = max(split, (math.floor(low[0] / delta) + 1) * delta)
            c.GrB_Vector_select_INT32(near, NULL, NULL, lib.GrB_VALUELT_INT32, far,
                                      ceil(split), NULL)
            c.GrB_Vector_select_INT32(tmp, NULL, NULL, lib.GrB_VALUEGE_INT32, far,
                                      ceil(split), NULL)
            far, tmp = tmp, far
        rounds += 1
        c.GrB_vxm(t, NULL, NULL, lib.GrB_MIN_PLUS_SEMIRING_INT32, near, A.gb_obj[0], NULL)
        c.GrB_Vector_wait(t, lib.GrB_MATERIALIZE)              # sort t's indices
        c.GrB_Vector_eWiseMult_BinaryOp(u, NULL, NULL, lib.GrB_MINUS_INT32, t, d, NULL)
        c.GrB_Vector_select_INT32(neg, NULL, NULL, lib.GrB_VALUELT_INT32, u, 0, NULL)
        c.GrB_Vector_eWiseMult_BinaryOp(f, NULL, NULL, lib.GrB_SECOND_INT32, neg, t, NULL)
        c.GrB_Vector_assign(d, f, NULL, f, lib.GrB_ALL, n, lib.GrB_DESC_S)   # d⟨f⟩ = f
        c.GrB_Vector_select_INT32(near, NULL, NULL, lib.GrB_VALUELT_INT32, f, ceil(split),
                                  NULL)
        c.GrB_Vector_select_INT32(far, NULL, lib.GrB_MIN_INT32, lib.GrB_VALUEGE_INT32, f,
                                  ceil(split), NULL)                # far min= f⟨f ≥ split⟩
    out = held[0].to_dense(fill_value=big).astype(np.float64)
    out[out >= big] = np.inf
    return out, rounds


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--grid", type=int, default=1000)
    ap.add_argument("--sources", type=int, default=2)
    a = ap.parse_args(argv)
    G = grid(a.grid, a.grid, seed=1, weights=(1, 255))
    M = G.to_scipy(np.float64)
    w = G.weights.astype(np.int32)
    A = gb.Matrix.from_csr(G.indptr, G.indices, w, nrows=G.n_vertices, ncols=G.n_vertices)
    big = int(np.iinfo(np.int32).max) - int(w.max())
    delta = default_delta(G, NEAR_FAR_C)
    rows, runs = [], collections.defaultdict(list)
    for s in giant_component_sources(G, a.sources):
        ref = csgraph.dijkstra(M, indices=s)
        r = sp.sssp(G, s, strategy="near-far")                  # verify, warm the caches
        c = Calls()
        out, rounds = near_far_c(A, s, delta, big, c)
        if not (np.array_equal(r.distances, ref) and np.array_equal(out, ref)):
            raise AssertionError(f"source {s}: distances differ from scipy's")
        if rounds != r.trace.summary()["iterations"]:
            raise AssertionError(f"source {s}: {rounds} C rounds vs {len(r.trace.steps)}")
        edges = sum(step.edges for step in r.trace.steps)
        t0 = time.perf_counter()
        csgraph.dijkstra(M, indices=s)
        runs["scipy dijkstra"].append((time.perf_counter() - t0, None, None, None))
        t0 = time.perf_counter()
        sp.sssp(G, s, strategy="near-far")
        runs["near-far (package)"].append((time.perf_counter() - t0, rounds, edges, None))
        c = Calls()
        t0 = time.perf_counter()
        near_far_c(A, s, delta, big, c)
        runs["near-far (C calls)"].append((time.perf_counter() - t0, rounds, edges,
                                           dict(c.seconds)))
    for name, xs in runs.items():
        i = int(np.argsort([x[0] for x in xs])[(len(xs) - 1) // 2])   # the median run
        sec, rounds, edges, calls = xs[i]
        row = {"graph": f"grid{a.grid}", "way": name, "ms": sec * 1e3,
               "vs_scipy": runs["scipy dijkstra"][i][0] / sec,
               "rounds": rounds, "us_per_round": sec / rounds * 1e6 if rounds else None,
               "ns_per_edge": sec / (edges or G.n_stored) * 1e9, "edges": edges}
        if calls:
            total = sum(calls.values())
            row["vxm_share"] = calls["GrB_vxm"] / total
            row["sort_share"] = calls["GrB_Vector_wait"] / total
            row["calls_ms"] = {k: v * 1e3 for k, v in calls.items()}
        rows.append(row)
    print(table(rows, [("graph", "s"), ("way", "s"), ("ms", ".1f"), ("vs_scipy", ".2f"),
                       ("rounds", "d"), ("us_per_round", ".0f"), ("ns_per_edge", ".1f"),
                       ("vxm_share", ".2f"), ("sort_share", ".2f")]))
    print("the median source's run of each; vs_scipy on that source; ns_per_edge: per edge "
          "relaxed (scipy: per stored edge)")
    print(f"wrote {save('round_floor', {'rows': rows, 'delta': delta})}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
