"""What a thin settle round costs when a few warps run it rather than a block of 1 024
threads: the floor of a narrower design for ``gpu/settle.cu``.

A probe for a design question rather than a product benchmark.  ``settle.cu`` runs the
grid's Crauser / economic / Martín rounds (~16 000 of them: a pile of ~1 600 entries in
shared memory, ~63 selected, ~250 edges relaxed) in one block of 1 024 threads at ~7 500–
8 000 cycles a round, where a 40 ms search needs ~5 000.  Profiled, more than half of a
round is not its two global-memory trips but the block's fixed costs: each of 32 warps
reads the round's state, reduces its sums and meets at three barriers (``select_floor.py``:
~1 300–1 900 cycles for a select and book with nothing to select).  Fewer warps would
pay less of that, if each lane's share of the pass and of the loads kept its latency
hidden: here each lane reads ``K`` pile entries at once (all loads first, one ballot
each) and relaxes up to 8 edges at once (both trips' loads issued together).

One block of ``warps`` × 32 threads runs ``--rounds`` rounds over a pile of ``--pile``
entries whose keys are a permutation (as ``select_floor.py``), each round selecting the
``--select`` entries under θ; each selected entry stands for a vertex (a hash of its
slot) with 4 out-edges in a CSR-like array of 2^``log2n`` vertices, and the relaxation
loads each edge's column and weight (trip 1), then 4 + 8 + 8 bytes at the column's
vertex from three arrays (trip 2: settle.cu's flag, row and minout), every value used.
The book retires the selected entries (their keys raised past the pile) and takes the
least kept key.  Modes: ``round`` (all of it), ``select`` (select and book only).

Cycles a round are the block's (``clock64`` of thread 0 over all rounds, barriers
included), median of ``--repeat`` launches; every launch is checked (the count selected
each round, the final θ, no load's value lost).  Prints a table and writes
``results/<name>.json``.

    python benchmarks/warp_round_floor.py [--pile 1600] [--select 64] [--warps 1 2 4 8 32]

Measured (one H200, 2026-11-30, median of 3, pile 1 600, 64 selected, cycles a round,
round / select and book alone; the same for 2^18 vertices, 13 MB, and 2^20, 52 MB):
1 warp 11 057–11 073 / 8 491, 2 warps 7 080–7 231 / 4 617, 4 warps 5 247 / 2 738, 8 warps
4 090 / 1 672, 32 warps 3 962–3 976 / 1 586.  So fewer warps do not pay: the pass over the
pile costs one warp ~170 cycles an entry a lane even with 16 loads issued at once, and
the full block is fastest.  And a round of the essential work — the select, two trips
for 256 edges, the book, three barriers — takes ~4 000 cycles at 1 024 threads, where
settle.cu's grid rounds take 7 400–8 000 (profiled: select and its barrier ~2 700,
relaxation ~4 400, book ~800): about half of a real round is what this probe leaves out
(the pile's updates and new entries through the hash table, the flags' claims, the
selected edges counted, Crauser's prefetches, the settled vertices' stores, the
records).  A 40 ms Crauser search (~16 000 rounds) needs ~5 000.
"""

from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).parent))
from common import block_cycles, save, table

SOURCE = r"""
#define CAP 1984
#define DEG 4
#define M 8                  // edges a thread relaxes at once

__device__ __forceinline__ double wmin(double x) {
    unsigned long long b = (unsigned long long)__double_as_longlong(x);
    unsigned hi = __reduce_min_sync(0xffffffffu, (unsigned)(b >> 32));
    unsigned lo = __reduce_min_sync(0xffffffffu,
                                    (unsigned)(b >> 32) == hi ? (unsigned)b : 0xffffffffu);
    return __longlong_as_double((long long)(((unsigned long long)hi << 32) | lo));
}

struct Shared {
    double snd[CAP], smo[CAP];
    int svx[CAP], near[CAP];
    double w_kmin[32];
    int s_nsel, s_sink;
    double s_theta, s_key;
    long long s_bad;
};

template <int K>
__device__ void body(const int* __restrict__ cols, const float* __restrict__ wts,
                     const int* __restrict__ a4, const long long* __restrict__ b8,
                     const double* __restrict__ c8, long long mask, int mode, int P, int S,
                     int rounds, long long* out, Shared& sh) {
    const int t = threadIdx.x, T = blockDim.x, W = T >> 5, lane = t & 31, w = t >> 5;
    const unsigned lt = (1u << lane) - 1u;
    for (int i = t; i < P; i += T) {
        sh.snd[i] = (double)((long long)i * 7919 % P);      // a permutation of 0..P-1
        sh.smo[i] = (double)(1 + i % 7);
        sh.svx[i] = (int)(((unsigned long long)(i + 1) * 0x9E3779B97F4A7C15ull >> 20) & mask);
    }
    if (t == 0) { sh.s_nsel = 0; sh.s_sink = 0; sh.s_theta = S - 1; sh.s_bad = 0; }
    __syncthreads();
    const long long t0 = clock64();
    for (int r = 0; r < rounds; ++r) {
        const double theta = sh.s_theta;
        double kmin = 1e300;
        // ================= select: near = pile<δ ≤ θ>, K entries a lane at once
        for (int base = w * 32 * K; base < P; base += W * 32 * K) {
            double nd[K], mo[K];
#pragma unroll
            for (int k = 0; k < K; ++k) {                    // every load first
                const int i = base + 32 * k + lane;
                nd[k] = i < P ? sh.snd[i] : -1.0;
                mo[k] = sh.smo[min(i, CAP - 1)];
            }
            unsigned b[K];
            int total = 0;
#pragma unroll
            for (int k = 0; k < K; ++k) {
                const bool sel = nd[k] >= 0.0 && nd[k] <= theta;
                b[k] = __ballot_sync(0xffffffffu, sel);
                total += __popc(b[k]);
                if (!sel && nd[k] >= 0.0) kmin = fmin(kmin, nd[k] + mo[k]);
            }
            if (total) {                                     // one claim a warp and batch
                int at = 0;
                if (lane == 0) at = atomicAdd(&sh.s_nsel, total);
                at = __shfl_sync(0xffffffffu, at, 0);
#pragma unroll
                for (int k = 0; k < K; ++k) {
                    if ((b[k] >> lane) & 1u) sh.near[at + __popc(b[k] & lt)] = base + 32 * k + lane;
                    at += __popc(b[k]);
                }
            }
        }
        kmin = wmin(kmin);
        if (lane == 0) sh.w_kmin[w] = kmin;
        __syncthreads();
        const int nsel = sh.s_nsel;
        // ================= relax: each selected vertex's DEG edges, M a thread at once
        if (mode == 0) {
            const int E = nsel * DEG;
            for (int e0 = t; e0 < E; e0 += T * M) {
                int u[M]; float wv[M];
#pragma unroll
                for (int m = 0; m < M; ++m) {                // trip 1
                    const int e = e0 + m * T;
                    const long long at = e < E
                        ? (long long)sh.svx[sh.near[e / DEG]] * DEG + e % DEG : 0;
                    u[m] = e < E ? cols[at] : 0;
                    wv[m] = e < E ? wts[at] : 0.0f;
                }
                int x[M];
#pragma unroll
                for (int m = 0; m < M; ++m)                  // trip 2
                    x[m] = a4[u[m]] + (int)b8[u[m]] + (int)c8[u[m]];
#pragma unroll
                for (int m = 0; m < M; ++m)
                    if (x[m] + (int)wv[m] == -7) sh.s_sink = 1;   // every value used
            }
            __syncthreads();
        }
        // ================= book: the least kept key; the selected entries retired
        if (w == W - 1) {
            const double key = wmin(lane < W ? sh.w_kmin[lane] : 1e300);
            if (lane == 0) {
                if (nsel != S) sh.s_bad += 1;
                sh.s_key = key;
                sh.s_nsel = 0;
                sh.s_theta = theta + S;
            }
        }
        for (int j = t; j < nsel; j += T) sh.snd[sh.near[j]] += P;
        __syncthreads();
    }
    const long long t1 = clock64();
    if (t == 0) { out[0] = t1 - t0; out[1] = sh.s_bad + sh.s_sink; out[2] = (long long)sh.s_theta; }
}

extern "C" __global__ void __launch_bounds__(1024, 1)
warp_rounds(const int* cols, const float* wts, const int* a4, const long long* b8,
            const double* c8, long long mask, int mode, int k, int P, int S, int rounds,
            long long* out) {
    __shared__ Shared sh;
    switch (k) {
    case 1: body<1>(cols, wts, a4, b8, c8, mask, mode, P, S, rounds, out, sh); break;
    case 2: body<2>(cols, wts, a4, b8, c8, mask, mode, P, S, rounds, out, sh); break;
    case 4: body<4>(cols, wts, a4, b8, c8, mask, mode, P, S, rounds, out, sh); break;
    case 8: body<8>(cols, wts, a4, b8, c8, mask, mode, P, S, rounds, out, sh); break;
    default: body<16>(cols, wts, a4, b8, c8, mask, mode, P, S, rounds, out, sh); break;
    }
}
"""

MODES = ["round", "select"]


def main(argv=None) -> int:
    import cupy as cp

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=4000)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--pile", type=int, default=1600)
    ap.add_argument("--select", type=int, default=64)
    ap.add_argument("--log2n", type=int, nargs="*", default=[18, 20])
    ap.add_argument("--warps", type=int, nargs="*", default=[1, 2, 4, 8, 32])
    ap.add_argument("--name", default="warp_round_floor")
    args = ap.parse_args(argv)
    if not 0 < args.select < args.pile <= 1984:
        ap.error("need 0 < --select < --pile ≤ 1984")

    kernel = cp.RawKernel(SOURCE, "warp_rounds", options=("-std=c++17",))
    out = cp.zeros(3, cp.int64)
    rng = np.random.default_rng(7)
    rows = []
    for log2n in args.log2n:
        n = 1 << log2n
        cols = cp.asarray(rng.integers(0, n, 4 * n, dtype=np.int32))
        wts = cp.asarray(rng.integers(1, 65, 4 * n).astype(np.float32))
        a4 = cp.asarray(rng.integers(0, n, n, dtype=np.int32))
        b8 = cp.asarray(rng.integers(0, 1 << 20, n, dtype=np.int64))
        c8 = cp.asarray(rng.random(n))
        for arr in (cols, wts, a4, b8, c8):                   # into L2, where it fits
            arr.sum()
        mb = sum(a.nbytes for a in (cols, wts, a4, b8, c8)) / 2**20
        for warps in args.warps:
            k = min(16, 1 << max(0, math.ceil(math.log2(math.ceil(args.pile / (32 * warps))))))
            for mode, label in enumerate(MODES):
                def check(host, warps=warps, label=label):
                    bad, theta = int(host[1]), int(host[2])
                    want = args.select * (args.rounds + 1) - 1
                    if bad or theta != want:
                        raise SystemExit(f"{warps} warps, {label}: {bad} bad rounds or "
                                         f"values lost, θ {theta} against {want}")
                cycles = block_cycles(kernel, 32 * warps,
                                      (cols, wts, a4, b8, c8, np.int64(n - 1),
                                       np.int32(mode), np.int32(k), np.int32(args.pile),
                                       np.int32(args.select)),
                                      out, args.rounds, args.repeat, check=check)
                rows.append({"n": f"2^{log2n}", "arrays_mb": round(mb), "warps": warps,
                             "per_lane": k, "mode": label, "cycles": cycles})
                print(f"n 2^{log2n} ({mb:.0f} MB)  {warps:2d} warps, {k:2d} entries a lane "
                      f"at once, {label:6s} {cycles:8.0f} cycles a round", flush=True)
    print(table(rows, [("n", "s"), ("arrays_mb", "d"), ("warps", "d"), ("per_lane", "d"),
                       ("mode", "s"), ("cycles", ".0f")]))
    dev = cp.cuda.runtime.getDeviceProperties(0)
    save(args.name, {"rows": rows, "rounds": args.rounds, "pile": args.pile,
                     "select": args.select, "device": dev["name"].decode()})
    return 0


if __name__ == "__main__":
    sys.exit(main())
