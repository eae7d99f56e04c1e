"""What one block's select and book cost a round, by how they are laid out: the floor of
settle.cu's shared-memory steps.

A probe for a design question rather than a product benchmark.  ``gpu/settle.cu`` runs
the settle rules' thin rounds in one block of 1 024 threads with the pile in shared
memory; profiled on the 1000² grid, a Crauser round is ~8 000 cycles, of which the select
(a pass over ~1 600 pile entries: ``δ ≤ θ``, the selected slots claimed, the kept
entries' least key and the selected edges summed) and the book (the least key, the
settled entries retired) take ~3 400 with their barriers, though they read no global
memory.  The relaxation keeps at most ~300 threads busy (~70 vertices of degree 4).  Is
the select bound by the block's width (each of 32 warps reads the round's state and
reduces its sums) or by the pass itself?

One block runs ``--rounds`` rounds over a pile of ``--pile`` entries in shared memory
whose keys are a permutation of 0..pile-1; each round selects the ``--select`` entries
under θ (then moved past the others, θ raised by as much), so every round does the same
work.  Layouts:

* ``atomic``: settle.cu's select: entries taken a thread at a time (grid-stride), each
  selected slot claimed by a warp-aggregated shared atomic, each warp's sums and least
  key reduced and stored, then read by every warp after the barrier; the book by the
  last warp (least key) and the settling by the first threads;
* ``regions``: each warp takes a contiguous run of entries, all its loads issued before
  it uses them, and writes its selected slots into its own region of ``near`` (a ballot
  and a population count: no atomic); after the barrier each warp settles its own
  region;
* ``runs+atomic``: the same runs, each warp's selected slots of a step claimed in one
  flat ``near`` by one shared atomic (what settle.cu's relaxation reads).

Cycles a round are the block's (``clock64`` of thread 0 over all rounds, barriers
included), median of ``--repeat`` launches, for each layout and block width.  Every
launch is checked: the count selected each round and the final θ.  Prints a table and
writes ``results/<name>.json``.

    python benchmarks/select_floor.py [--rounds 4000] [--pile 1600] [--select 64]

Measured (one H200, 2026-11-29, median of 3, cycles a round, ``atomic`` / ``regions`` /
``runs+atomic``): pile 1 600, 64 selected: 1 024 threads 2 071 / 1 644 / 1 950, 512 2 742
/ 1 713 / 2 363, 256 4 038 / 2 600 / 3 524, 128 6 452 / 4 031 / 6 280; pile 100, 50
selected (the fixed part): 1 024 threads 1 877 / 1 343 / 1 399, 256 1 684 / 894 / 1 077.
So the two barriers and the reductions of a round cost a block of 1 024 threads ~1 300
cycles with nothing to select, and a narrower block pays more in its pass (200–300
cycles for each further entry a lane) than it saves there: the select is fastest at the
full width, as settle.cu's measurements with fewer threads found.  Of the ~430 cycles the
regions save at full width, ~300 are the shared atomic (one a warp and step already
costs ~300); settle.cu's relaxation would then need each selected vertex's flat index
from the warps' counts (a scan after the barrier and a search a group, ~150–200 cycles)
or groups bound to regions.  The latter, tried in settle.cu (group g on region g % 32),
took the grid's searches from 55–79 to 68–95 ms (likely: a region selecting more
entries than its groups gives each of them a second trip chain).
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
#define CAP 2048
#define PER 64               // a warp's region of `near` (regions)

// the block's shared memory, declared once (each instantiation of `body` would have its own)
struct Shared {
    double snd[CAP];
    float smo[CAP];
    int sdg[CAP], near[CAP];
    unsigned w_edges[32], w_kept[32], w_cnt[32];
    double w_kmin[32];
    int s_nsel;
    double s_key, s_theta;
    long long s_bad;
};

template <int LAYOUT, int K>
__device__ void body(int P, int S, int rounds, long long* out, Shared& sh) {
    double* snd = sh.snd; float* smo = sh.smo; int* sdg = sh.sdg; int* near = sh.near;
    unsigned *w_edges = sh.w_edges, *w_kept = sh.w_kept, *w_cnt = sh.w_cnt;
    double* w_kmin = sh.w_kmin;
    int& s_nsel = sh.s_nsel;
    double &s_key = sh.s_key, &s_theta = sh.s_theta;
    long long& s_bad = sh.s_bad;
    const int t = threadIdx.x, T = blockDim.x, nw = T >> 5, wl = t & 31, w = t >> 5;
    for (int i = t; i < P; i += T) {
        snd[i] = (double)((long long)i * 7919 % P);       // a permutation of 0..P-1
        smo[i] = (float)(1 + i % 7);
        sdg[i] = 4;
    }
    if (t == 0) { s_nsel = 0; s_key = 0.0; s_theta = S - 1; s_bad = 0; }
    __syncthreads();
    const int chunk = ((P + nw - 1) / nw + 31) & ~31;    // regions: a warp's run
    const long long t0 = clock64();
    for (int r = 0; r < rounds; ++r) {
        const double theta = s_theta;
        double kmin = 1e300;
        unsigned edges = 0, kept = 0;
        // ================= select
        if (LAYOUT == 0) {
            for (int i = t; i < P; i += T) {
                const double nd = snd[i];
                if (nd <= theta) {
                    const unsigned m = __activemask();
                    const int lead = __ffs(m) - 1;
                    int base = 0;
                    if (wl == lead) base = atomicAdd(&s_nsel, __popc(m));
                    base = __shfl_sync(m, base, lead);
                    near[base + __popc(m & ((1u << wl) - 1))] = i;
                    edges += sdg[i];
                } else {
                    ++kept;
                    kmin = fmin(kmin, nd + smo[i]);
                }
            }
        } else {
            const int lo = w * chunk;
            int cnt = 0;
            double nd[K]; int dg[K];
#pragma unroll
            for (int k = 0; k < K; ++k) {                     // every load first
                const int i = lo + wl + 32 * k;
                nd[k] = (i < P && i < lo + chunk) ? snd[i] : -1.0;
                dg[k] = sdg[min(i, CAP - 1)];
            }
#pragma unroll
            for (int k = 0; k < K; ++k) {
                const int i = lo + wl + 32 * k;
                const bool sel = nd[k] >= 0.0 && nd[k] <= theta;
                const unsigned b = __ballot_sync(0xffffffffu, sel);
                int base = w * PER + cnt;
                if (LAYOUT == 2 && b) {                       // runs: a flat `near`
                    if (wl == 0) base = atomicAdd(&s_nsel, __popc(b));
                    base = __shfl_sync(0xffffffffu, base, 0);
                }
                if (sel) {
                    near[base + __popc(b & ((1u << wl) - 1))] = i;
                    edges += dg[k];
                } else if (nd[k] >= 0.0) {
                    ++kept;
                    kmin = fmin(kmin, nd[k] + smo[i]);
                }
                cnt += __popc(b);
            }
            if (wl == 0) w_cnt[w] = cnt;
        }
        edges = __reduce_add_sync(0xffffffffu, edges);
        kept = __reduce_add_sync(0xffffffffu, kept);
        kmin = warp_min(kmin);
        if (wl == 0) { w_edges[w] = edges; w_kept[w] = kept; w_kmin[w] = kmin; }
        __syncthreads();
        // ================= the round's sums, as the relaxation would read them
        const unsigned ne = __reduce_add_sync(0xffffffffu, wl < nw ? w_edges[wl] : 0u);
        const unsigned nk = __reduce_add_sync(0xffffffffu, wl < nw ? w_kept[wl] : 0u);
        int nsel;
        if (LAYOUT != 1) nsel = s_nsel;
        else nsel = (int)__reduce_add_sync(0xffffffffu, wl < nw ? w_cnt[wl] : 0u);
        // ================= book: the least key; the selected entries retired
        if (t >= T - 32) {
            const double key = warp_min(wl < nw ? w_kmin[wl] : 1e300);
            if (t == T - 32) {
                if (nsel != S || ne != 4u * S || nk != (unsigned)(P - S)) s_bad += 1;
                s_key = key;
                s_nsel = 0;
                s_theta = theta + S;
            }
        }
        if (LAYOUT != 1) {
            for (int j = t; j < nsel; j += T) snd[near[j]] += P;
        } else {
            for (int j = wl; j < w_cnt[w]; j += 32) snd[near[w * PER + j]] += P;
        }
        __syncthreads();
    }
    const long long t1 = clock64();
    if (t == 0) { out[0] = t1 - t0; out[1] = s_bad; out[2] = (long long)s_theta; }
}

extern "C" __global__ void __launch_bounds__(1024, 1)
select_rounds(int layout, int P, int S, int rounds, long long* out) {
    __shared__ Shared sh;
    if (layout == 0) body<0, 1>(P, S, rounds, out, sh);
    else if (layout == 1) body<1, 2>(P, S, rounds, out, sh);
    else if (layout == 2) body<1, 4>(P, S, rounds, out, sh);
    else if (layout == 3) body<1, 8>(P, S, rounds, out, sh);
    else if (layout == 4) body<1, 16>(P, S, rounds, out, sh);
    else if (layout == 5) body<2, 2>(P, S, rounds, out, sh);
    else if (layout == 6) body<2, 4>(P, S, rounds, out, sh);
    else if (layout == 7) body<2, 8>(P, S, rounds, out, sh);
    else body<2, 16>(P, S, rounds, out, sh);
}
"""

#: layout codes: settle.cu's, then warps' regions with K entries a lane, then warps'
#: runs with K entries a lane claiming flat slots by one atomic a warp and step
KS = {1: 2, 2: 4, 3: 8, 4: 16, 5: 2, 6: 4, 7: 8, 8: 16}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    pile_probe_args(ap, repeat=5)
    ap.add_argument("--threads", type=int, nargs="*", default=[128, 256, 512, 1024])
    ap.add_argument("--name", default="select_floor")
    args = ap.parse_args(argv)
    if not 0 < args.select < args.pile <= 2048 or args.select > 64:
        ap.error("need 0 < --select ≤ 64 and --select < --pile ≤ 2048")

    import cupy as cp

    kernel = cp.RawKernel(SOURCE, "select_rounds", options=("-std=c++17",))
    out = cp.zeros(3, cp.int64)
    rows = []
    for threads in args.threads:
        warps = threads // 32
        for layout in range(9):
            if layout:                       # the fewest entries a lane that cover a run
                per_lane = math.ceil(math.ceil(args.pile / warps) / 32)
                kind = range(1, 5) if layout < 5 else range(5, 9)
                fits = [c for c in kind if KS[c] >= per_lane]
                if not fits or layout != min(fits):
                    continue
            check = pile_rounds_check(args, f"layout {layout} threads {threads}")
            cycles = block_cycles(kernel, threads, (np.int32(layout), np.int32(args.pile),
                                                    np.int32(args.select)),
                                  out, args.rounds, args.repeat, check=check)
            label = ("atomic" if layout == 0 else f"regions, {KS[layout]} a lane"
                     if layout < 5 else f"runs+atomic, {KS[layout]} a lane")
            rows.append({"threads": threads, "layout": label, "cycles": cycles})
            print(f"threads {threads:5d}  {label:18s} {rows[-1]['cycles']:8.0f} cycles a "
                  "round", flush=True)
    print(table(rows, [("threads", "d"), ("layout", "s"), ("cycles", ".0f")]))
    save_pile_probe(args, rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
