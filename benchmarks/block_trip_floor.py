"""What one block's scattered global loads cost a round: the floor of settle.cu's trips.

A probe for a design question rather than a product benchmark.  ``gpu/settle.cu`` runs the
settle rules' thin rounds (Crauser, economic, Martín on a grid: ~14 000 rounds of ~64
vertices and ~250 edges) in one block, and its relaxation is two dependent trips to
global memory: an edge's column and weight (trip 1), then the column's flag, row and
minout (trip 2).  Profiled, they take ~1 300–1 700 cycles each, where one load alone
takes ~350.  How much of that is any block's floor, and what would a layout save?

One block of 1 024 threads runs ``--rounds`` rounds; in each, ``active`` threads load
from pseudo-random vertices (a hash of round and thread), then the block meets at a
barrier which waits for every load (a store that depends on each value).  Modes:

* ``1x4``: one 4-byte load (a flag);
* ``3 arrays``: a 4-, an 8- and an 8-byte load from three arrays at one vertex (settle's
  trip 2: in_pile, indptr, minout);
* ``packed``: the same 24 bytes from one 32-byte record (one line);
* ``chain``, ``chain+3``, ``chain+packed``: a 4-byte load whose value is the vertex of
  the next (trip 1, then the above: a relaxation's two trips);
* ``held``: one 4-byte load whose value is used a round later, after the barrier
  (whether a barrier waits for a thread's loads in flight).

Every array is read once before the timed launch (so it sits in L2 where it fits) and the
vertex count ``n`` sets the footprint: the grid's 1000² has ~2²⁰ vertices and ~2²² edges.
Cycles a round are the block's (``clock64`` of thread 0 over all rounds, barrier
included), median of ``--repeat`` launches.  Prints a table and writes
``results/<name>.json``.

    python benchmarks/block_trip_floor.py [--rounds 4000] [--repeat 5] [--name block_trip_floor]

Measured (one H200, 60 MB of L2, 2026-11-29, median of 3): a barrier alone 116 cycles a
round; one 4-byte load by one thread 496 (by 256: 737–745, by 1 024: 1 529–1 533); the
two trips (``chain+3``) by 256 threads 1 628 (2²⁰ vertices, 52 MB) and 2 905 (2²², 208
MB), ``chain+packed`` 1 403 / 2 894.  The grid's shared-pile rounds spend 2 818 cycles on
their two trips (``settle.cu``), as the arrays out of L2 do: one SM keeps less than the
whole L2 (the packed array alone, 32 MB of the 52 warmed, 1 581 against 1 034 at 13 MB).
A barrier does not wait for a thread's loads in flight: ``held`` by one thread 300 cycles a
round (the load's latency, as the next round uses it; the barrier alone 140 in that run),
against 491 for ``1x4``.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).parent))
from common import block_cycles, save_gpu_probe, table

SOURCE = r"""
extern "C" __global__ void __launch_bounds__(1024, 1)
trips(const int* __restrict__ a4, const long long* __restrict__ b8,
      const double* __restrict__ c8, const int4* __restrict__ packed,
      long long mask, int active, int mode, int rounds, long long* out) {
    __shared__ int s_sink;
    const int t = threadIdx.x;
    if (t == 0) s_sink = 0;
    __syncthreads();
    int held = 0;                                              // mode 6's load
    const long long t0 = clock64();
    for (int r = 0; r < rounds; ++r) {
        if (t < active && mode == 6) {                         // used a round later
            const unsigned long long h =
                (unsigned long long)(r * 1024 + t + 1) * 0x9E3779B97F4A7C15ull;
            if (held == -7) s_sink = r;
            held = a4[(long long)(h >> 24) & mask];
        } else if (t < active) {
            const unsigned long long h =
                (unsigned long long)(r * 1024 + t + 1) * 0x9E3779B97F4A7C15ull;
            long long v = (long long)(h >> 24) & mask;
            if (mode >= 3) v = (long long)a4[v] & mask;       // trip 1: the next vertex
            int x;
            switch (mode % 3) {
            case 0: x = a4[v]; break;                          // one word
            case 1: x = a4[v] + (int)b8[v] + (int)c8[v]; break; // three arrays
            default: {                                         // one 32-byte record
                const int4 p = packed[2 * v], q = packed[2 * v + 1];
                x = p.x + p.z + q.x;
            }
            }
            if (x == -7) s_sink = r;                           // waits for the loads
        }
        __syncthreads();
    }
    const long long t1 = clock64();
    if (t == 0) { out[0] = t1 - t0; out[1] = s_sink; }
}
"""

MODES = ["1x4", "3 arrays", "packed", "chain", "chain+3", "chain+packed", "held"]


def main(argv=None) -> int:
    import cupy as cp

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=4000)
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--log2n", type=int, nargs="*", default=[18, 20, 22])
    ap.add_argument("--active", type=int, nargs="*", default=[1, 64, 256, 1024])
    ap.add_argument("--name", default="block_trip_floor")
    args = ap.parse_args(argv)

    kernel = cp.RawKernel(SOURCE, "trips")
    out = cp.zeros(2, cp.int64)
    rng = np.random.default_rng(7)
    rows = []
    for log2n in args.log2n:
        n = 1 << log2n
        a4 = cp.asarray(rng.integers(0, n, n, dtype=np.int32))
        b8 = cp.asarray(rng.integers(0, 1 << 40, n, dtype=np.int64))
        c8 = cp.asarray(rng.random(n))
        packed = cp.asarray(rng.integers(0, 1 << 30, 8 * n, dtype=np.int32))
        for arr in (a4, b8, c8, packed):                      # into L2, where it fits
            arr.sum()
        mb = (a4.nbytes + b8.nbytes + c8.nbytes + packed.nbytes) / 2**20
        for mode, label in enumerate(MODES):
            for active in args.active:
                cycles = block_cycles(kernel, 1024, (a4, b8, c8, packed.view(cp.int32),
                                                     np.int64(n - 1), np.int32(active),
                                                     np.int32(mode)),
                                      out, args.rounds, args.repeat)
                rows.append({"n": f"2^{log2n}", "arrays_mb": round(mb), "mode": label,
                             "active": active, "cycles": cycles})
                print(f"n 2^{log2n} ({mb:.0f} MB)  {label:13s} active {active:5d}  "
                      f"{rows[-1]['cycles']:8.0f} cycles a round", flush=True)
    # the empty round: a barrier alone
    barrier = block_cycles(kernel, 1024, (a4, b8, c8, packed.view(cp.int32), np.int64(0),
                                          np.int32(0), np.int32(0)), out, args.rounds, 1)
    print(f"a round with no loads (the barrier): {barrier:.0f} cycles")
    print(table(rows, [("n", "s"), ("arrays_mb", "d"), ("mode", "s"), ("active", "d"),
                       ("cycles", ".0f")]))
    out = save_gpu_probe(args.name, {"rows": rows, "barrier_cycles": barrier,
                                     "rounds": args.rounds})
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
