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
slot and the round) with 4 out-edges in a CSR-like array of 2^``log2n`` vertices, and
the relaxation loads each edge's column and weight (trip 1), then 4 + 8 + 8 bytes at
the column's vertex from three arrays (trip 2: settle.cu's flag, row and minout), every
value used.  The book retires the selected entries (their keys raised past the pile)
and takes the least kept key.  ``--levels`` add settle.cu's further work a step at a
time (the kernel's comment lists them): 0 the select and book alone, 1 the two trips,
2 the flag deciding each head's fate, 3 piled heads lowered, 4 new ones through the
hash table, 5 their entries, 6 their flags stored and rows prefetched, 7 the settled
vertices' stores and the round's record.

Cycles a round are the block's (``clock64`` of thread 0 over all rounds, barriers
included), median of ``--repeat`` launches; every launch is checked (the count selected
each round, the final θ, no load's value lost).  Prints a table and writes
``results/<name>.json``.

    python benchmarks/warp_round_floor.py [--pile 1600] [--select 64] [--warps 1 2 4 8 32]

Measured (one H200, 2026-11-30, median of 3–5, pile 1 600, 64 selected, cycles a round).
By width, with the select and two trips only (levels 0–1, an earlier version whose
entries stood for the same vertices every round, so that their lines stayed in L1):
1 warp 11 057–11 073 / select 8 491, 2 warps 7 080–7 231 / 4 617, 4 warps 5 247 / 2 738,
8 warps 4 090 / 1 672, 32 warps 3 962–3 976 / 1 586 — fewer warps do not pay (one warp's
pass costs ~170 cycles an entry a lane even with 16 loads issued at once).  At 32
warps, fresh vertices every round, 2^20 vertices (64 MB), levels 0–7: 1 734, 4 178,
4 657, 4 742, 5 190, 5 266, 5 424, 5 734 — the two trips ~2 400, settle.cu's second
trip's flag and row end ~480, the hash table and the creators ~520, the flag stores
and prefetches ~160, the settled vertices' stores ~310.  settle.cu's grid rounds take
7 400–8 000 (profiled: select and its barrier ~1 900–2 700, relaxation ~4 400–4 600,
book ~800): its select and book ~900 above this probe's and its relaxation ~1 500
(the grid's lines come from memory more often than these, which all fit in L2; its
groups of 4 lanes a vertex, where this probe maps edges to threads flatly).  And even
this probe's 5 734 cycles a round make 39.5 ms over the 13 639 rounds that
bench_gpu.py's Crauser searches take (its iterations column, 16 sources) and 46 ms over
settle_rounds.py's source's 15 933: a round reduced to this work would just about meet
40 ms, and settle.cu's must lose ~1 700–2 300 cycles to get there.  By the
arrays' size (levels 0 / 1 / 7): 2^18 vertices (16 MB) 1 733 / 3 480 / 4 375, 2^21 (128
MB) 1 733 / 4 654 / 6 310, 2^22 (256 MB) 1 733 / 4 776 / 6 440 — the footprint moves a
round by ~2 000 cycles, and the grid's (~60 MB, its lines first read from memory as the
frontier reaches them) sits near the top of that range.  (With 8
edges a thread held at once at 32 warps — registers capped at 64 — the same levels read
5 122–7 387: the probe's own first version.)
"""

from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).parent))
from common import (
    block_cycles,
    library_cuda,
    pile_probe_args,
    pile_rounds_check,
    save_pile_probe,
    table,
)

SOURCE = library_cuda() + r"""
#define CAP 1984
#define DEG 4
#define HASH 4096
#define RING 512             // new entries' scratch (a round makes ~a quarter of its edges)

// the levels, each with what the one before has: 0 the select and book alone; 1 the two
// trips; 2 settle.cu's second trip (flag, row, row end, minout), by the flag a settled
// head passed by (half), a piled one (a quarter) or a new one (a quarter); 3 a piled head
// lowered by a shared atomicMin; 4 a new one found or put in a shared hash table (its
// other relaxations lowering δ in its bucket), its creator taking a slot by atomicAdd,
// the book taking the table's δ into the new entries and clearing their buckets; 5 the
// creator's five stores of the entry and its fence; 6 its flag stored and its row
// prefetched; 7 the book's stores for the settled (d, the flag) and the round's record
template <int K, int M>        // K pile entries a lane at once; M edges a thread at once
__device__ void body(const int* __restrict__ cols, const float* __restrict__ wts,
                     const int* __restrict__ a4, const long long* __restrict__ b8,
                     const double* __restrict__ c8, int* gflag, double* gd,
                     long long* grec, long long mask, int level, int P, int S, int rounds,
                     long long* out) {
    extern __shared__ double smem[];
    double* snd = smem;                       // CAP: the pile's keys
    double* smo = snd + CAP;                  // CAP: minout
    double* upd = smo + CAP;                  // CAP: what piled heads are lowered in
    double* hd = upd + CAP;                   // HASH: a new vertex's δ
    double* rnd = hd + HASH;                  // RING: new entries: δ
    long long* rst = (long long*)(rnd + RING); // RING: row
    double* rmo = (double*)(rst + RING);      // RING: minout
    int* near = (int*)(rmo + RING);           // CAP
    int* hk = near + CAP;                     // HASH: keys (-1: empty)
    int* used = hk + HASH;                    // RING: the buckets a round took
    int* rv = used + RING;                    // RING: new entries: vertex
    int* rdg = rv + RING;                     // RING: degree
    __shared__ double w_kmin[32];
    __shared__ int s_nsel, s_sink, s_made;
    __shared__ double s_theta, s_key;
    __shared__ long long s_bad;
    const int t = threadIdx.x, T = blockDim.x, W = T >> 5, lane = t & 31, w = t >> 5;
    const unsigned lt = (1u << lane) - 1u;
    // the vertex entry i stands for in round r: new ones every round, as a search's
    // frontier moves on (a fixed set would sit in L1 after the first rounds)
    auto vtx = [mask](int i, int r) {
        return (long long)(((unsigned long long)(i + 1) * 0x9E3779B97F4A7C15ull
                            + (unsigned long long)r * 0xC2B2AE3D27D4EB4Full) >> 20) & mask;
    };
    for (int i = t; i < P; i += T) {
        snd[i] = (double)((long long)i * 7919 % P);         // a permutation of 0..P-1
        smo[i] = (double)(1 + i % 7);
    }
    for (int i = t; i < CAP; i += T) upd[i] = 1e300;
    for (int i = t; i < HASH; i += T) { hk[i] = -1; hd[i] = 1e300; }
    if (t == 0) { s_nsel = 0; s_sink = 0; s_made = 0; s_theta = S - 1; s_bad = 0; }
    __syncthreads();
    const long long t0 = clock64();
    for (int r = 0; r < rounds; ++r) {
        const double theta = s_theta;
        const int made = min(s_made, RING);
        double kmin = 1e300;
        // ================= select: near = pile<δ ≤ θ>, K entries a lane at once
        for (int base = w * 32 * K; base < P; base += W * 32 * K) {
            double nd[K], mo[K];
#pragma unroll
            for (int k = 0; k < K; ++k) {                    // every load first
                const int i = base + 32 * k + lane;
                nd[k] = i < P ? snd[i] : -1.0;
                mo[k] = smo[min(i, CAP - 1)];
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
                if (lane == 0) at = atomicAdd(&s_nsel, total);
                at = __shfl_sync(0xffffffffu, at, 0);
#pragma unroll
                for (int k = 0; k < K; ++k) {
                    if ((b[k] >> lane) & 1u) near[at + __popc(b[k] & lt)] = base + 32 * k + lane;
                    at += __popc(b[k]);
                }
            }
        }
        for (int j = t; j < made; j += T) { hk[used[j]] = -1; hd[used[j]] = 1e300; }
        kmin = warp_min(kmin);
        if (lane == 0) w_kmin[w] = kmin;
        __syncthreads();
        const int nsel = s_nsel;
        if (t == 0) s_made = 0;
        // ================= relax: each selected vertex's DEG edges, M a thread at once
        if (level >= 1) {
            const int E = nsel * DEG;
            for (int e0 = t; e0 < E; e0 += T * M) {
                int u[M]; float wv[M]; double du[M];
#pragma unroll
                for (int m = 0; m < M; ++m) {                // trip 1
                    const int e = e0 + m * T;
                    const int i = e < E ? near[e / DEG] : 0;
                    const long long at = e < E ? (long long)vtx(i, r) * DEG + e % DEG : 0;
                    u[m] = e < E ? cols[at] : 0;
                    wv[m] = e < E ? wts[at] : 0.0f;
                    du[m] = snd[i];
                }
                if (level == 1) {
                    int x[M];
#pragma unroll
                    for (int m = 0; m < M; ++m)              // trip 2
                        x[m] = a4[u[m]] + (int)b8[u[m]] + (int)c8[u[m]];
#pragma unroll
                    for (int m = 0; m < M; ++m)
                        if (x[m] + (int)wv[m] == -7) s_sink = 1;   // every value used
                    continue;
                }
                int fl[M]; long long row[M], rend[M]; double mo[M];
#pragma unroll
                for (int m = 0; m < M; ++m) {                // trip 2, settle.cu's
                    fl[m] = a4[u[m]];
                    row[m] = b8[u[m]];
                    rend[m] = b8[u[m] + 1];
                    mo[m] = c8[u[m]];
                }
#pragma unroll
                for (int m = 0; m < M; ++m) {
                    if (e0 + m * T >= E) continue;
                    const double nd = du[m] + (double)wv[m];
                    const int cls = fl[m] & 3;
                    if (cls < 2) continue;                   // settled
                    if (level < 3) {
                        if (nd + mo[m] + (double)row[m] + (double)rend[m] < 0.0) s_sink = 1;
                        continue;
                    }
                    if (cls == 2) {                          // piled
                        atomic_min_nonneg(&upd[u[m] % CAP], nd + mo[m]);
                        continue;
                    }
                    if (level < 4) continue;
                    int bk = (int)(((unsigned long long)u[m] * 0x9E3779B97F4A7C15ull) >> 52);
                    int key;
                    while ((key = atomicCAS(&hk[bk], -1, u[m])) != -1 && key != u[m])
                        bk = (bk + 1) & (HASH - 1);
                    if (key == -1) {                         // the creator
                        const int slot = atomicAdd(&s_made, 1) & (RING - 1);
                        used[slot] = bk;
                        if (level < 5) continue;
                        rv[slot] = u[m];
                        rnd[slot] = nd;
                        rst[slot] = row[m];
                        rdg[slot] = (int)(rend[m] - row[m]);
                        rmo[slot] = mo[m];
                        __threadfence_block();
                        if (level < 6) continue;
                        gflag[u[m]] = slot + 1;
                        asm volatile("prefetch.global.L2 [%0];" :: "l"(cols + (row[m] & mask)));
                        asm volatile("prefetch.global.L2 [%0];" :: "l"(wts + (row[m] & mask)));
                    } else {
                        atomic_min_nonneg(&hd[bk], nd);
                    }
                }
            }
            __syncthreads();
        }
        // ================= book: the least kept key; the selected entries retired
        const int made_now = level >= 4 ? min(s_made, RING) : 0;
        if (w == W - 1) {
            const double key = warp_min(lane < W ? w_kmin[lane] : 1e300);
            if (lane == 0) {
                if (nsel != S) s_bad += 1;
                s_key = key;
                s_nsel = 0;
                s_theta = theta + S;
                if (level >= 7) {                            // the round's record
                    grec[4 * (r & 1023)] = nsel;
                    grec[4 * (r & 1023) + 1] = nsel * DEG;
                    grec[4 * (r & 1023) + 2] = nsel;
                    grec[4 * (r & 1023) + 3] = P - nsel + made_now;
                }
            }
        }
        for (int j = t; j < made_now; j += T) rnd[j] = fmin(rnd[j], hd[used[j]]);
        for (int j = t; j < nsel; j += T) {
            const int i = near[j];
            if (level >= 7) { gd[vtx(i, r)] = snd[i]; gflag[vtx(i, r)] = -1; }
            snd[i] += P;
        }
        __syncthreads();
    }
    const long long t1 = clock64();
    if (t == 0) { out[0] = t1 - t0; out[1] = s_bad + s_sink; out[2] = (long long)s_theta; }
}

extern "C" __global__ void __launch_bounds__(1024, 1)
warp_rounds(const int* cols, const float* wts, const int* a4, const long long* b8,
            const double* c8, int* gflag, double* gd, long long* grec, long long mask,
            int level, int k, int P, int S, int rounds, long long* out) {
    // M: the round's 256 edges over the block's threads
#define BODY(K, M) body<K, M>(cols, wts, a4, b8, c8, gflag, gd, grec, mask, level, P, S,  \
                              rounds, out)
    switch (k) {
    case 1: BODY(1, 1); break;
    case 2: BODY(2, 1); break;
    case 4: BODY(4, 1); break;
    case 8: BODY(8, 2); break;
    default: BODY(16, 8); break;
    }
}
"""

#: bytes of dynamic shared memory: CAP × (8 + 8 + 8 + 4), HASH × 12, RING × 36
SMEM = 1984 * 28 + 4096 * 12 + 512 * 36

LEVELS = ["select", "round", "+flags", "+piled", "+hash", "+entry", "+flag st",
          "+book st"]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    pile_probe_args(ap, repeat=3)
    ap.add_argument("--log2n", type=int, nargs="*", default=[18, 20])
    ap.add_argument("--warps", type=int, nargs="*", default=[1, 2, 4, 8, 32])
    ap.add_argument("--levels", type=int, nargs="*", default=list(range(8)),
                    help=f"what a round does: {', '.join(map(str, enumerate(LEVELS)))}")
    ap.add_argument("--name", default="warp_round_floor")
    args = ap.parse_args(argv)
    if not 0 < args.select < args.pile <= 1984:
        ap.error("need 0 < --select < --pile ≤ 1984")

    import cupy as cp

    kernel = cp.RawKernel(SOURCE, "warp_rounds", options=("-std=c++17",))
    kernel.max_dynamic_shared_size_bytes = SMEM
    out = cp.zeros(3, cp.int64)
    rng = np.random.default_rng(7)
    rows = []
    for log2n in args.log2n:
        n = 1 << log2n
        cols = cp.asarray(rng.integers(0, n, 4 * n, dtype=np.int32))
        wts = cp.asarray(rng.integers(1, 65, 4 * n).astype(np.float32))
        a4 = cp.asarray(rng.integers(0, n, n, dtype=np.int32))
        b8 = cp.asarray(rng.integers(0, 1 << 20, n + 1, dtype=np.int64))
        c8 = cp.asarray(rng.random(n))
        gflag, gd = cp.zeros(n, cp.int32), cp.zeros(n, cp.float64)
        grec = cp.zeros(4 * 1024, cp.int64)
        for arr in (cols, wts, a4, b8, c8, gflag, gd):        # into L2, where it fits
            arr.sum()
        mb = sum(a.nbytes for a in (cols, wts, a4, b8, c8, gflag, gd)) / 2**20
        for warps in args.warps:
            k = min(16, 1 << max(0, math.ceil(math.log2(math.ceil(args.pile / (32 * warps))))))
            for level in args.levels:
                label = LEVELS[level]
                check = pile_rounds_check(args, f"{warps} warps, {label}")
                cycles = block_cycles(kernel, 32 * warps,
                                      (cols, wts, a4, b8, c8, gflag, gd, grec,
                                       np.int64(n - 1), np.int32(level), np.int32(k),
                                       np.int32(args.pile), np.int32(args.select)),
                                      out, args.rounds, args.repeat, check=check,
                                      shared_mem=SMEM)
                rows.append({"n": f"2^{log2n}", "arrays_mb": round(mb), "warps": warps,
                             "per_lane": k, "level": label, "cycles": cycles})
                print(f"n 2^{log2n} ({mb:.0f} MB)  {warps:2d} warps, {k:2d} entries a lane "
                      f"at once, {label:9s} {cycles:8.0f} cycles a round", flush=True)
    print(table(rows, [("n", "s"), ("arrays_mb", "d"), ("warps", "d"), ("per_lane", "d"),
                       ("level", "s"), ("cycles", ".0f")]))
    save_pile_probe(args, rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
