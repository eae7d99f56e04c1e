"""Whether one block's scattered loads pay for the pages they span, and whether a
prefetch to L2 issued rounds ahead makes them L2 hits: two questions behind settle.cu's
trips.

A probe for a design question rather than a product benchmark.  The settle rules' grid
rounds (``gpu/settle.cu``) spend ~2 800 cycles on their two dependent trips to global
memory on the 1000² grid, ~1 950 on the 500² grid whose arrays sit in L2; Crauser's
select prefetches (``prefetch.global.L2``) the lines its next relaxations read.  Two
suspects for the difference, measured apart (one block of 1 024 threads, ``--rounds``
rounds, ``active`` threads each loading one 4-byte word with ``ld.global.cg`` at a
pseudo-random line a round, then a barrier; ``clock64`` of thread 0 over all rounds,
median of ``--repeat`` launches):

* ``span``: the same ``lines`` lines, read once before the timed rounds (so in L2),
  ``stride`` bytes apart: the pages (and TLB entries) they span grow with the stride,
  the lines do not;
* ``ahead``: lines of a 1 GiB array (flushed from L2 by a 512 MB pass before each
  launch), each thread's line of round ``r + ahead`` warmed at round ``r`` by
  ``prefetch.global.L2`` (or its ``evict_last`` form), or by a load whose value is used
  a round later (``held``); ``none``: no warming.

Prints a table and writes ``results/<name>.json``.

    python benchmarks/l2_reach.py [--rounds 4000] [--repeat 3] [--name l2_reach]

Measured (one H200, 2026-11-29, median of 3, cycles a round): ``span``, 1 024 lines
(128 KB) by 256 threads: 1 169–1 173 over 0.1–64 MB, 1 206 over 1 GB; 8 192 lines: 1 172
over 1–32 MB, 1 213 over 512 MB (by 1 024 threads 2 588–2 624, and 2 729–2 745 over
0.5–1 GB) — the TLB costs nothing up to 64 MB and ~3 % at 0.5–1 GB (the grid's arrays
are ~70 MB).  ``ahead`` by 64 / 256 threads:
none 1 506 / 1 787; a prefetch 1–64 rounds ahead 883–894 / 1 366–1 409 (``evict_last``
902–912 / 1 387–1 412); a held load 1 829–1 904 / 2 180–2 203 — a prefetch makes the
later load an L2 hit, and a round of 256 scattered loads that all hit L2 still costs
~1 200–1 400 cycles: about the floor of each of settle.cu's two trips.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).parent))
from common import block_cycles, l2_flusher, save_gpu_probe, table

SOURCE = r"""
__device__ __forceinline__ unsigned long long mix(long long r, int t) {
    return (unsigned long long)(r * 1024 + t + 1) * 0x9E3779B97F4A7C15ull;
}

// span: `lines` lines `stride` words apart, read once, then a line a round a thread
extern "C" __global__ void __launch_bounds__(1024, 1)
span(const int* __restrict__ a, long long lines, long long stride, int active, int rounds,
     long long* out) {
    __shared__ int sink;
    const int t = threadIdx.x;
    if (t == 0) sink = 0;
    __syncthreads();
    for (long long l = t; l < lines; l += blockDim.x)          // into L2
        if (__ldcg(a + l * stride) == -7) sink = 1;
    __syncthreads();
    const long long t0 = clock64();
    for (int r = 0; r < rounds; ++r) {
        if (t < active && __ldcg(a + (long long)((mix(r, t) >> 24) % lines) * stride) == -7)
            sink = r;                                          // waits for the load
        __syncthreads();
    }
    const long long t1 = clock64();
    if (t == 0) { out[0] = t1 - t0; out[1] = sink; }
}

// ahead: round r's line warmed at round r - ahead (mode 1 prefetch, 2 a held load,
// 3 prefetch with evict_last; 0 none)
extern "C" __global__ void __launch_bounds__(1024, 1)
ahead(const int* __restrict__ a, long long mask, int mode, int ahead, int active,
      int rounds, long long* out) {
    __shared__ int sink;
    const int t = threadIdx.x;
    if (t == 0) sink = 0;
    __syncthreads();
    int held = 0;
    const long long t0 = clock64();
    for (int r = 0; r < rounds; ++r) {
        if (t < active) {
            if (held == -7) sink = -r;                         // last round's held load
            const int* f = a + ((long long)(mix(r + ahead, t) >> 20) & mask) * 32;
            if (mode == 1) asm volatile("prefetch.global.L2 [%0];" :: "l"(f));
            else if (mode == 3) asm volatile("prefetch.global.L2::evict_last [%0];" :: "l"(f));
            else if (mode == 2) {
                int y;
                asm volatile("ld.global.cg.u32 %0, [%1];" : "=r"(y) : "l"(f));
                held += y;
            }
            if (__ldcg(a + ((long long)(mix(r, t) >> 20) & mask) * 32) == -7) sink = r;
        }
        __syncthreads();
    }
    const long long t1 = clock64();
    if (t == 0) { out[0] = t1 - t0; out[1] = sink; }
}
"""

WARMING = {0: "none", 1: "prefetch.L2", 3: "prefetch.L2::evict_last", 2: "held load"}


def main(argv=None) -> int:
    import cupy as cp

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=4000)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--name", default="l2_reach")
    args = ap.parse_args(argv)

    module = cp.RawModule(code=SOURCE)
    span, ahead = module.get_function("span"), module.get_function("ahead")
    n = 1 << 28                                   # 1 GiB of int32, 2^23 lines
    a = cp.zeros(n, cp.int32)
    flush = l2_flusher(512)
    out = cp.zeros(2, cp.int64)

    def cycles(kernel, *params) -> float:                # L2 emptied of the probe's lines
        return block_cycles(kernel, 1024, params, out, args.rounds, args.repeat,
                            before=flush)

    rows = []
    for lines in (1024, 8192):
        for stride_b in (128, 4096, 65536, 1 << 20):
            if lines * stride_b > a.nbytes:
                continue
            for active in (256, 1024):
                c = cycles(span, a, np.int64(lines), np.int64(stride_b // 4), np.int32(active))
                rows.append({"probe": "span", "lines": lines,
                             "span_mb": lines * stride_b / 2**20, "warming": "-",
                             "ahead": 0, "active": active, "cycles": c})
                print(f"span   {lines:5d} lines over {rows[-1]['span_mb']:7.1f} MB  "
                      f"active {active:4d}  {c:7.0f} cycles a round", flush=True)
    for active in (64, 256):
        for mode, label in WARMING.items():
            for k in (0,) if mode == 0 else (1, 4, 16, 64):
                c = cycles(ahead, a, np.int64(n // 32 - 1), np.int32(mode), np.int32(k),
                           np.int32(active))
                rows.append({"probe": "ahead", "lines": n // 32, "span_mb": a.nbytes / 2**20,
                             "warming": label, "ahead": k, "active": active, "cycles": c})
                print(f"ahead  {label:24s} {k:3d} rounds  active {active:4d}  {c:7.0f} "
                      "cycles a round", flush=True)
    print(table(rows, [("probe", "s"), ("lines", "d"), ("span_mb", ".1f"), ("warming", "s"),
                       ("ahead", "d"), ("active", "d"), ("cycles", ".0f")]))
    print(f"wrote {save_gpu_probe(args.name, {'rows': rows, 'rounds': args.rounds})}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
