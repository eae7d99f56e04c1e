"""What a vertex's state costs one block when it lives in its cluster's shared memory.

A probe for a design question rather than a product benchmark.  ``gpu/settle.cu`` runs
the settle rules' thin rounds in one block, and each round's relaxation ends in trip 2:
an atomicCAS on the head's flag (``in_pile``: settled, piled, unreached) in global
memory, which no single SM's 227 KB of shared memory can hold for the 1000² grid
(``settle.cu``'s comments).  A thread block cluster can: its other blocks' shared
memory (distributed shared memory, Hopper) holds 2 bits a vertex in two peers.  Does a
claim there cost the round less than the claim in L2?

A cluster of ``K`` blocks of 1 024 threads is launched; block 0 runs ``--rounds``
rounds, the others only hold their shared memory (zeroed) until block 0 is done.  In
each round ``active`` threads of block 0 claim a pseudo-random vertex's word (a hash of
round and thread), then the block meets at a barrier that waits for every answer.
Modes:

* ``global CAS``: atomicCAS on a 4-byte flag of 2²⁰ in global memory (trip 2 as kept);
* ``remote CAS``: atomicCAS on a word of a peer's shared memory (the vertex's peer
  ``1 + v % (K - 1)``);
* ``remote load``: a plain (volatile) load of that word;
* ``local CAS``: atomicCAS on block 0's own shared memory (the floor of any claim);
* ``chain+...``: each after a 4-byte load from 2²² edges whose value picks the vertex
  (trip 1, then trip 2: a relaxation's chain).

Arrays are read before each launch's timing (into L2).  Cycles a round are block 0's
(``clock64`` of thread 0 over all rounds, barrier included), median of ``--repeat``
launches.  Prints a table and writes ``results/<name>.json``.

    python benchmarks/dsmem_trip.py [--rounds 4000] [--repeat 5] [--clusters 2 4 8]

Measured (one H200 at 1 980 MHz, 2026-11-30, ``--repeat 3 --clusters 2 8``, cycles a
round; a round with no claim, the barrier alone, 118–121).  With 256 threads claiming,
as a grid round's ~64 four-lane groups do:

    cluster  global CAS  remote CAS  remote load  local CAS   (alone / after trip 1)
    2        1 029/1 413   849/1 195    846/1 160   339/858
    8        1 069/1 451   950/1 262    948/1 256   420/944

With 1 024 threads the peers' memory is no better than L2 (2 091–2 225 against 2 152–
2 167 alone).  So moving ``in_pile`` into a cluster's peers would take ~150–220 cycles
off a Crauser round of ~6 900 (~3 %), and even a claim in the block's own shared memory,
which does not fit, ~550 (~8 %): neither reaches the ~1 100 (16 %) that 40 ms on the
grid needs.  ``settle.cu`` keeps the claim in global memory.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).parent))
from common import save_gpu_probe, table

SOURCE = r"""
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

extern "C" __global__ void __cluster_dims__(K, 1, 1) __launch_bounds__(1024, 1)
dsmem(const int* __restrict__ edges, int* flags, long long emask, long long vmask,
      int words, int active, int mode, int rounds, long long* out) {
    extern __shared__ int state[];                  // a peer's vertex words (2^k of them)
    __shared__ int s_sink;
    cg::cluster_group cluster = cg::this_cluster();
    const int t = threadIdx.x;
    for (int i = t; i < words; i += blockDim.x) state[i] = 0;
    if (t == 0) s_sink = 0;
    cluster.sync();                                           // every peer's words zeroed
    if (cluster.block_rank() == 0) {
        const long long t0 = clock64();
        for (int r = 0; r < rounds; ++r) {
            if (t < active) {
                const unsigned long long h =
                    (unsigned long long)(r * 1024 + t + 1) * 0x9E3779B97F4A7C15ull;
                long long v = (long long)(h >> 24) & vmask;
                if (mode >= 4) v = (long long)edges[(long long)(h >> 20) & emask] & vmask;
                // 32-bit index arithmetic: K is a constant, words a power of two
                const unsigned u = (unsigned)v;
                const int peer = K > 1 ? 1 + (int)(u % (K > 1 ? K - 1 : 1)) : 0;
                const unsigned off = (u / (K > 1 ? K - 1 : 1)) & (unsigned)(words - 1);
                int x;
                switch (mode % 4) {
                case 0: x = atomicCAS(flags + v, r, r + 1); break;
                case 1: x = atomicCAS(cluster.map_shared_rank(state, peer) + off, r, r + 1);
                        break;
                case 2: x = *(volatile int*)(cluster.map_shared_rank(state, peer) + off);
                        break;
                default: x = atomicCAS(state + (u & (unsigned)(words - 1)), r, r + 1);
                }
                if (x == -7) s_sink = r;                      // waits for the answer
            }
            __syncthreads();
        }
        const long long t1 = clock64();
        if (t == 0) { out[0] = t1 - t0; out[1] = s_sink; }
    }
    cluster.sync();                                           // peers outlive the rounds
}
"""

MODES = ["global CAS", "remote CAS", "remote load", "local CAS",
         "chain+global CAS", "chain+remote CAS", "chain+remote load", "chain+local CAS"]
SHARED = 128 * 1024


def main(argv=None) -> int:
    import cupy as cp

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=4000)
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--clusters", type=int, nargs="*", default=[2, 4, 8])
    ap.add_argument("--active", type=int, nargs="*", default=[0, 1, 64, 256, 1024])
    ap.add_argument("--name", default="dsmem_trip")
    args = ap.parse_args(argv)

    rng = np.random.default_rng(7)
    n, m = 1 << 20, 1 << 22                                   # the 1000² grid's sizes
    edges = cp.asarray(rng.integers(0, n, m, dtype=np.int32))
    flags = cp.zeros(n, cp.int32)
    out = cp.zeros(2, cp.int64)
    words = SHARED // 4  # 32 768 words: a power of two
    rows = []
    for k in args.clusters:
        mod = cp.RawModule(code=SOURCE, options=("--std=c++17", f"-DK={k}"),
                           enable_cooperative_groups=True)
        kernel = mod.get_function("dsmem")
        kernel.max_dynamic_shared_size_bytes = SHARED
        modes = [mo for mo, label in enumerate(MODES) if k > 1 or "remote" not in label]
        for mode in modes:
            for active in args.active:
                got = []
                for _ in range(args.repeat):
                    edges.sum(), flags.sum()                  # into L2
                    kernel((k,), (1024,), (edges, flags, np.int64(m - 1), np.int64(n - 1),
                                           np.int32(words), np.int32(active),
                                           np.int32(mode), np.int32(args.rounds), out),
                           shared_mem=SHARED)
                    cp.cuda.runtime.deviceSynchronize()
                    got.append(int(out.get()[0]) / args.rounds)
                rows.append({"cluster": k, "mode": MODES[mode], "active": active,
                             "cycles": float(statistics.median(got))})
                print(f"cluster {k}  {MODES[mode]:18s} active {active:5d}  "
                      f"{rows[-1]['cycles']:8.0f} cycles a round", flush=True)
    print(table(rows, [("cluster", "d"), ("mode", "s"), ("active", "d"), ("cycles", ".0f")]))
    print(f"wrote {save_gpu_probe(args.name, {'rows': rows, 'rounds': args.rounds})}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
