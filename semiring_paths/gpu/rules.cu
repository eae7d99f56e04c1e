// semiring_paths: the threshold strategies as one device-resident loop (gpu/rules.py).
//
// Near-Far, Δ-stepping, Martín, Crauser and economic Crauser differ only in which open
// vertices a round relaxes (DESIGN §2, papers 001 and 002).  The open set is the `pile`:
// entries (v, δ) appended whenever δ(v) is lowered, so an entry is stale once d(v) < δ
// (dropped at the next scan).  Near-Far and Δ-stepping also keep a `near` queue (relaxed
// in the next round, each vertex once: mark = the round whose queue holds it).
//
// A round is ONE pass and ONE barrier, of one of three kinds:
//   relax  (near-far, Δ-stepping; near queue not empty)  t = near min.+ A ; d = min(d, t)
//   heavy  (Δ-stepping; the bucket's light rounds done)  t = R min.+ A_heavy, once
//   scan   (otherwise)  θ = min over the pile, folded while the pile was written (the
//          strategy's key: δ, or δ + minout for Crauser); then one pass over the pile:
//          a fresh entry the threshold selects is staged in shared memory and relaxed by
//          its block in the same pass, the other fresh entries are copied to the next
//          pile (their keys folded into the next θ), stale ones dropped:
//            near-far, Δ-stepping: select δ < split = the end of the Δ-range holding θ;
//            martin: δ ≤ θ;  crauser: δ ≤ min (δ + minout);  economic: δ ≤ θ + min w.
//          A vertex the settle rules select cannot be lowered in the same pass (every
//          new value is ≥ θ), so their rounds are exactly the CPU's.
// Every improved vertex is routed: near-far and Δ-stepping below the split to the next
// near queue, everything else appended to the pile (its key folded into the θ the next
// scan reads).  A pile that outgrows its buffers is rebuilt from d (rare: the buffers
// hold 2n entries).
//
// No host synchronisation per round.  Every thread keeps the loop's state (round, scans,
// sizes, split) in registers, identically: the round's counts go into one of three sets
// of sums (thread 0 clears the next set during the round; every thread read the set it
// clears two barriers ago) and are read back by every thread after the barrier.  The same
// template runs as one block (GRID = false: __syncthreads, for thin frontiers) or as a
// cooperative grid (GRID = true: grid.sync, for wide ones).  It returns to the host when
// the search is done, when the round records are full, or when the frontier crosses the
// width its launch is for (`wide_at` for one block, `thin_at` for the grid); the state
// is written back to `ctl` / `th`, so the host relaunches the other shape and goes on.
#include <cooperative_groups.h>

#define RULE_INF __longlong_as_double(0x7ff0000000000000LL)
#define STAGE 1024                       // staged entries a block (≥ its threads)
#define SETTLED_MARK (-2LL)

// opt-in instrumentation (compiled with -DRULE_PROF): thread 0's clock between the
// phases of each round, summed in rule_prof (read by scratch tools through get_global)
#ifdef RULE_PROF
__device__ long long rule_prof[16];
#define PROF(k) if (tid == 0) { long long c_ = clock64(); prof_acc[k] += c_ - prof_t; prof_t = c_; }
#else
#define PROF(k)
#endif

enum Rule { NEAR_FAR = 0, DELTA = 1, MARTIN = 2, CRAUSER = 3, ECONOMIC = 4 };
enum Kind { RELAX = 0, HEAVY = 1, SCAN = 2 };
// the sums of a round (three sets in turn)
enum { S_EDGES = 0, S_ADDED, S_FOUND, S_SEL, S_NEXT, S_BIGS, S_OVER, S_N };
// ctl slots (long long): the state written back on the way out, the pile and R position
// counters (two each, by scan parity), then the three sets of sums
enum { C_ROUND = 0, C_SCANS, C_NP, C_NQ, C_HEAVY, C_DONE, C_REC, C_REACHED, C_SETTLED,
       C_POS, C_RS = C_POS + 2, C_SUMS = C_RS + 2, CTL_SLOTS = C_SUMS + 3 * S_N };
// th slots (double): split, θ of the last scan, the three pile-minimum accumulators
enum { T_SPLIT = 0, T_THETA, T_ACC, TH_SLOTS = T_ACC + 3 };
// S_BIGS packs the listed big vertices (count << 40) with their edges (the low 40 bits)
#define BIG_ONE (1ull << 40)
#define BIG_EDGES ((1ull << 40) - 1)

template <bool GRID>
__device__ __forceinline__ void barrier_all() {
    if (GRID) cooperative_groups::this_grid().sync();
    else __syncthreads();
}

__device__ __forceinline__ long long vload(const long long* p) {
    return *(volatile const long long*)p;
}
__device__ __forceinline__ double vloadd(const double* p) {
    return *(volatile const double*)p;
}

// the end of the Δ-range holding `low`, never below `split` (sssp.next_split on the CPU)
__device__ __forceinline__ double next_split(double low, double delta, double split) {
    double end = (floor(low / delta) + 1.0) * delta;
    if (end <= low) end = nextafter(low, RULE_INF);
    return fmax(end, split);
}

// one thread's partial minimum into *target: a warp minimum, then one atomic a warp
__device__ __forceinline__ void warp_min_into(double x, double* target) {
    for (int o = 16; o > 0; o >>= 1) x = fmin(x, __shfl_down_sync(0xffffffffu, x, o));
    if ((threadIdx.x & 31) == 0 && x < RULE_INF) atomic_min_nonneg(target, x);
}
__device__ __forceinline__ void warp_add_into(long long x, long long* target) {
    for (int o = 16; o > 0; o >>= 1) x += __shfl_down_sync(0xffffffffu, x, o);
    if ((threadIdx.x & 31) == 0 && x) atomicAdd((unsigned long long*)target,
                                                (unsigned long long)x);
}

// a slot of (*size)++ for every calling thread, one atomic per group arriving together
__device__ __forceinline__ long long claim(long long* size) {
    cooperative_groups::coalesced_group g = cooperative_groups::coalesced_threads();
    unsigned long long base = 0;
    if (g.thread_rank() == 0) base = atomicAdd((unsigned long long*)size, g.size());
    return (long long)g.shfl(base, 0) + g.thread_rank();
}

// the last slot j ≥ s of ascending offsets off[0..n) with off[j] ≤ e: which listed hub
// owns shared-out edge e (e ascends within a thread, so the caller carries s along)
__device__ __forceinline__ long long slot_of(const long long* off, long long n, long long e,
                                             long long s) {
    long long hi = n - 1;
    while (s < hi) {
        long long mid = (s + hi + 1) >> 1;
        if (off[mid] <= e) s = mid; else hi = mid - 1;
    }
    return s;
}

template <class W, int RULE, bool GRID>
__device__ void rule_loop(const long long* __restrict__ indptr,
                          const vid_t* __restrict__ indices, const W* __restrict__ weights,
                          const long long* __restrict__ hptr, const vid_t* __restrict__ hind,
                          const W* __restrict__ hw, const double* __restrict__ minout,
                          double delta, double min_w, double* __restrict__ d, long long n,
                          vid_t* near_a, vid_t* near_b, vid_t* pv_a, vid_t* pv_b,
                          double* pd_a, double* pd_b, long long pcap, vid_t* settled,
                          long long* __restrict__ mark, long long* __restrict__ stamp,
                          int* __restrict__ in_pile, long long* ctl_g, double* th_g,
                          long long* stats, double* fs, long long cap, long long wide_at,
                          long long thin_at, int lanes, vid_t* big_v, long long* big_off,
                          long long big, int big_graph) {
    const bool routed = RULE == NEAR_FAR || RULE == DELTA;
    // one block keeps the counters in shared memory (tens of cycles, against hundreds in
    // global memory), written back on the way out; the grid works on the global copies
    __shared__ long long ctl_s[CTL_SLOTS];
    __shared__ double th_s[TH_SLOTS];
    // a scan's selected vertices as (first edge, edges, δ), relaxed by their block
    __shared__ long long stage_at[STAGE];
    __shared__ int stage_deg[STAGE];
    __shared__ double stage_d[STAGE];
    __shared__ int n_stage[3];                 // by chunk, in turn (see the scan)
    long long* ctl = GRID ? ctl_g : ctl_s;
    double* th = GRID ? th_g : th_s;
    if (!GRID)
        for (int i = threadIdx.x; i < CTL_SLOTS; i += blockDim.x) ctl_s[i] = ctl_g[i];
    if (!GRID && threadIdx.x < TH_SLOTS) th_s[threadIdx.x] = th_g[threadIdx.x];
    if (threadIdx.x < 3) n_stage[threadIdx.x] = 0;
    __syncthreads();
    // ---- the loop's state, in every thread's registers alike
    long long r = ctl[C_ROUND], scans = ctl[C_SCANS], np = ctl[C_NP], nq = ctl[C_NQ];
    long long rec = ctl[C_REC], reached = ctl[C_REACHED], settled_n = ctl[C_SETTLED];
    bool heavy_done = ctl[C_HEAVY] != 0;
    double split = th[T_SPLIT], theta = th[T_THETA];
    long long chunk = 0;                       // the block's scan chunks so far
    const long long tid = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    const long long stride = (long long)gridDim.x * blockDim.x;
    const long long gid = tid / lanes, groups = stride / lanes;    // `lanes` threads a vertex
    const int lane = (int)(tid % lanes);
#ifdef RULE_PROF
    long long prof_t = clock64(), prof_acc[8] = {0, 0, 0, 0, 0, 0, 0, 0};
#endif
    auto leave = [&](bool done) {        // every thread calls it, together
        if (tid == 0) {
            ctl[C_ROUND] = r; ctl[C_SCANS] = scans; ctl[C_NP] = np; ctl[C_NQ] = nq;
            ctl[C_HEAVY] = heavy_done; ctl[C_DONE] = done; ctl[C_REC] = rec;
            ctl[C_REACHED] = reached; ctl[C_SETTLED] = settled_n;
            th[T_SPLIT] = split; th[T_THETA] = theta;
#ifdef RULE_PROF
            for (int k = 0; k < 8; ++k) atomicAdd((unsigned long long*)&rule_prof[k],
                                                  (unsigned long long)prof_acc[k]);
#endif
        }
        if (!GRID) {
            __syncthreads();
            for (int i = threadIdx.x; i < CTL_SLOTS; i += blockDim.x) ctl_g[i] = ctl_s[i];
            if (threadIdx.x < TH_SLOTS) th_g[threadIdx.x] = th_s[threadIdx.x];
        }
    };
    for (;;) {
        if (rec >= cap) return leave(false);
        // ---- the round's kind, from state every thread holds alike
        long long rs = RULE == DELTA && nq == 0 && !heavy_done
                       ? vload(&ctl[C_RS + (scans & 1)]) : 0;
        int kind = nq > 0 ? RELAX : rs > 0 ? HEAVY : SCAN;
        if (kind == SCAN && np == 0) return leave(true);              // nothing open
        long long width = (kind == RELAX ? nq : rs) + np / 8;
        if (!GRID && width > wide_at) return leave(false);            // too wide for one
        if (GRID && width < thin_at) return leave(false);             // thin enough for one
        PROF(0)
        long long* S = ctl + C_SUMS + S_N * (r % 3);                   // this round's sums
        if (tid == 0) {
            long long* next = ctl + C_SUMS + S_N * ((r + 1) % 3);
            for (int k = 0; k < S_N; ++k) next[k] = 0;
        }
        // where this round's pile entries go: a scan writes the next pile (the other
        // buffer), relax and heavy rounds append to the current one
        long long pb = kind == SCAN ? (scans + 1) & 1 : scans & 1;
        vid_t* pv = pb ? pv_b : pv_a;
        double* pd = pb ? pd_b : pd_a;
        long long* pos = &ctl[C_POS + pb];
        double* acc = &th[T_ACC + (kind == SCAN ? scans + 1 : scans) % 3];
        long long bucket = kind == SCAN ? scans + 1 : scans;           // Δ-stepping's R
        long long* rsize = &ctl[C_RS + (bucket & 1)];
        if (kind == SCAN) {
            double low = vloadd(&th[T_ACC + scans % 3]);
            // (near-far, Δ-stepping: a key folded before its vertex went near can lie
            // below the split; every pile entry is at or above it)
            theta = routed ? next_split(fmax(low, split), delta, split)
                           : RULE == ECONOMIC ? low + min_w : low;   // crauser: inf = sinks
            if (tid == 0) {
                th[T_ACC + (scans + 2) % 3] = RULE_INF;     // read two scans ago
                ctl[C_POS + (scans & 1)] = 0;               // the pile this scan reads
                if (RULE == DELTA) ctl[C_RS + (scans & 1)] = 0;
            }
        }
        const double rsplit = kind == SCAN ? theta : split;            // routing bound
        vid_t* nxt = (r & 1) ? near_a : near_b;
        const long long* ptr = kind == HEAVY ? hptr : indptr;
        const vid_t* ind = kind == HEAVY ? hind : indices;
        const W* wt = kind == HEAVY ? hw : weights;
        long long edges = 0, added = 0, found = 0, selected = 0, over = 0;
        double fold = RULE_INF;
        // v improved to nd (from old): routed below the split to the next near queue
        // (once: mark = the round whose queue holds it), else to the pile
        auto improved = [&](vid_t v, double nd, double old, double mo) {
            found += old == RULE_INF;
            if (routed && nd < rsplit) {
                if (atomicMax((long long*)&mark[v], r + 1) < r + 1) nxt[claim(&S[S_NEXT])] = v;
                return;
            }
            fold = fmin(fold, nd + mo);
            if (routed) {                                      // pile ∪= v, once
                if (atomicExch(&in_pile[v], 1) == 0) {
                    pv[claim(pos)] = v;
                    ++added;
                }
            } else {                                           // pile ∪= (v, nd)
                long long at = claim(pos);
                if (at < pcap) { pv[at] = v; pd[at] = nd; } else over = 1;
                ++added;
            }
        };
        // t = du + w over edges [at, end) with step `step`, four a trip: their loads issued
        // together, then their atomics (one block skips the read of d before the atomic:
        // it adds a round trip, and a thin round has few atomics to save)
        auto relax_edges = [&](double du, long long at, long long end, long long step) {
            for (long long k0 = at; k0 < end; k0 += 4 * step) {
                vid_t v[4];
                double nd[4], old[4], mo[4];
#pragma unroll
                for (int i = 0; i < 4; ++i) {
                    long long k = k0 + i * step;
                    bool live = k < end;
                    v[i] = live ? ind[k] : 0;
                    nd[i] = live ? du + as_f64(wt[k]) : RULE_INF;
                }
                edges += (nd[0] < RULE_INF) + (nd[1] < RULE_INF) + (nd[2] < RULE_INF)
                         + (nd[3] < RULE_INF);
                if (GRID) {
#pragma unroll
                    for (int i = 0; i < 4; ++i)
                        if (nd[i] < RULE_INF && !(nd[i] < __ldcg(&d[v[i]]))) nd[i] = RULE_INF;
                }
#pragma unroll
                for (int i = 0; i < 4; ++i) {
                    mo[i] = RULE == CRAUSER && nd[i] < RULE_INF ? minout[v[i]] : 0.0;
                    old[i] = nd[i] < RULE_INF ? atomic_min_nonneg(&d[v[i]], nd[i]) : 0.0;
                }
#ifdef RULE_UNROLLED
#pragma unroll
                for (int i = 0; i < 4; ++i)
                    if (nd[i] < old[i]) improved(v[i], nd[i], old[i], mo[i]);
#else
                // one copy of the routing code (four inlined copies a call site crowd the
                // instruction cache): the improved edges by a mask, their values selected
                unsigned imp = (nd[0] < old[0]) | (nd[1] < old[1]) << 1
                               | (nd[2] < old[2]) << 2 | (nd[3] < old[3]) << 3;
                while (imp) {
                    int i = __ffs(imp) - 1;
                    imp &= imp - 1;
                    improved(i == 0 ? v[0] : i == 1 ? v[1] : i == 2 ? v[2] : v[3],
                             i == 0 ? nd[0] : i == 1 ? nd[1] : i == 2 ? nd[2] : nd[3],
                             i == 0 ? old[0] : i == 1 ? old[1] : i == 2 ? old[2] : old[3],
                             i == 0 ? mo[0] : i == 1 ? mo[1] : i == 2 ? mo[2] : mo[3]);
                }
#endif
            }
        };
        // u's edges [start, end) over its group's `lanes` threads; a vertex of `big`
        // edges or more is listed (one atomic gives its slot and its first edge in the
        // list's edge space) and its edges shared out below
        auto expand = [&](vid_t u, double du, long long start, long long end, int ln) {
            if (end - start >= big) {
                if (ln == 0) {
                    unsigned long long at = atomicAdd((unsigned long long*)&S[S_BIGS],
                                                      BIG_ONE + (end - start));
                    big_v[at >> 40] = u;
                    big_off[at >> 40] = (long long)(at & BIG_EDGES);
                }
                return;
            }
            relax_edges(du, start + ln, end, lanes);
        };
        auto add_to_r = [&](vid_t u) {                         // Δ-stepping: R ∪= u
            if (stamp[u] != bucket) {
                stamp[u] = bucket;
                settled[claim(rsize)] = u;
            }
        };
        long long nf;
        if (kind != SCAN) {
            // ================= relax: t = F min.+ A, F = the near queue (heavy: F = R
            // over the heavy edges)
            const vid_t* F = kind == HEAVY ? settled : ((r & 1) ? near_b : near_a);
            nf = kind == HEAVY ? rs : nq;
            for (long long j = gid; j < nf; j += groups) {
                vid_t u = F[j];
                if (RULE == DELTA && kind == RELAX && lane == 0) add_to_r(u);
                expand(u, __ldcg(&d[u]), ptr[u], ptr[u + 1], lane);
            }
        } else {
            // ================= scan: F = pile⟨selected⟩ (fresh entries only), staged with
            // their edge ranges and relaxed by their block; the rest copied on
            nf = 0;
            const vid_t* qv = (scans & 1) ? pv_b : pv_a;
            const double* qd = (scans & 1) ? pd_b : pd_a;
            const int bgroups = blockDim.x / lanes, blane = threadIdx.x % lanes;
            for (long long base = (long long)blockIdx.x * blockDim.x; base < np;
                 base += stride, ++chunk) {
                // this chunk's stage count; thread 0 clears the next chunk's (read two
                // stage barriers ago)
                int* cnt = &n_stage[chunk % 3];
                if (threadIdx.x == 0) n_stage[(chunk + 1) % 3] = 0;
                long long j = base + threadIdx.x;
                if (j < np) {
                    vid_t v = qv[j];
                    double dv, mo = 0.0;
                    bool take;
                    long long start = 0, end = 0;
                    if (routed) {                              // δ read now; ptr alongside
                        dv = __ldcg(&d[v]);
                        start = ptr[v];
                        end = ptr[v + 1];
                        take = dv < theta;
                        if (take) in_pile[v] = 0;
                    } else {                                   // fresh: d(v) still δ
                        dv = qd[j];
                        take = dv <= theta;
                        double now;
                        if (take) { now = __ldcg(&d[v]); start = ptr[v]; end = ptr[v + 1]; }
                        else {
                            now = __ldcg(&d[v]);
                            if (RULE == CRAUSER) mo = minout[v];
                        }
                        if (now != dv) take = false, dv = RULE_INF;          // stale: drop
                    }
                    if (take) {
                        int at = atomicAdd(cnt, 1);
                        stage_at[at] = start;
                        stage_deg[at] = (int)min(end - start, (long long)INT_MAX);
                        stage_d[at] = dv;
                        ++selected;
                        if (!routed) mark[v] = SETTLED_MARK;
                        if (RULE == DELTA) add_to_r(v);
                        if (end - start >= big) {
                            stage_deg[at] = 0;                  // listed instead
                            unsigned long long b = atomicAdd(
                                (unsigned long long*)&S[S_BIGS], BIG_ONE + (end - start));
                            big_v[b >> 40] = v;
                            big_off[b >> 40] = (long long)(b & BIG_EDGES);
                        }
                    } else if (dv < RULE_INF) {
                        fold = fmin(fold, dv + mo);
                        long long at = claim(pos);
                        if (routed) pv[at] = v;
                        else if (at < pcap) { pv[at] = v; pd[at] = dv; } else over = 1;
                        ++added;
                    }
                }
                __syncthreads();
                PROF(2)
                int ns = *cnt;
                for (int i = threadIdx.x / lanes; i < ns; i += bgroups)
                    relax_edges(stage_d[i], stage_at[i] + blane, stage_at[i] + stage_deg[i],
                                lanes);
                PROF(3)
                if (base + stride < np) __syncthreads();        // the stage is reused
            }
        }
        if (big_graph) {
            // the listed vertices' edges shared out evenly over every thread
            barrier_all<GRID>();
            unsigned long long packed = (unsigned long long)vload(&S[S_BIGS]);
            long long nb = (long long)(packed >> 40), total = packed & BIG_EDGES;
            long long s = 0;
            for (long long e = tid; e < total; e += stride) {
                s = slot_of(big_off, nb, e, s);
                vid_t u = big_v[s];
                long long k = ptr[u] + (e - big_off[s]);
                relax_edges(__ldcg(&d[u]), k, k + 1, 1);
            }
        }
        // ---- the round's sums: one warp reduction for all six, one atomic each a warp
        for (int o = 16; o > 0; o >>= 1) {
            edges += __shfl_down_sync(0xffffffffu, edges, o);
            added += __shfl_down_sync(0xffffffffu, added, o);
            found += __shfl_down_sync(0xffffffffu, found, o);
            selected += __shfl_down_sync(0xffffffffu, selected, o);
            over += __shfl_down_sync(0xffffffffu, over, o);
            fold = fmin(fold, __shfl_down_sync(0xffffffffu, fold, o));
        }
        if ((threadIdx.x & 31) == 0) {
            if (edges) atomicAdd((unsigned long long*)&S[S_EDGES], (unsigned long long)edges);
            if (added) atomicAdd((unsigned long long*)&S[S_ADDED], (unsigned long long)added);
            if (found) atomicAdd((unsigned long long*)&S[S_FOUND], (unsigned long long)found);
            if (selected) atomicAdd((unsigned long long*)&S[S_SEL],
                                    (unsigned long long)selected);
            if (over) atomicAdd((unsigned long long*)&S[S_OVER], (unsigned long long)over);
            if (fold < RULE_INF) atomic_min_nonneg(acc, fold);
        }
        PROF(4)
        barrier_all<GRID>();
        PROF(5)
        // ---- every thread reads the round's sums and moves its state on alike
        long long next_q = vload(&S[S_NEXT]);
        added = vload(&S[S_ADDED]);
        reached += vload(&S[S_FOUND]);
        if (kind == SCAN) {
            nf = vload(&S[S_SEL]);
            settled_n += nf;
            np = added;
            scans += 1;
            heavy_done = false;
            if (routed) split = theta;
        } else {
            np += added;
            if (kind == HEAVY) heavy_done = true;
        }
        nq = next_q;
        if (tid == 0) {
            stats[4 * rec] = nf;
            stats[4 * rec + 1] = vload(&S[S_EDGES]);
            stats[4 * rec + 2] = routed ? nq : nf;
            stats[4 * rec + 3] = routed ? np : reached - settled_n;
            fs[rec] = routed ? split : theta;
        }
        ++rec;
        ++r;
        if (!routed && vload(&S[S_OVER])) {
            // ================= the pile outgrew its buffer: rebuild it from d (each
            // vertex reached and not settled, once)
            long long cur = scans & 1;
            vid_t* cv = cur ? pv_b : pv_a;
            double* cd = cur ? pd_b : pd_a;
            double* cacc = &th[T_ACC + scans % 3];
            if (tid == 0) { ctl[C_POS + cur] = 0; *cacc = RULE_INF; }
            barrier_all<GRID>();
            double low = RULE_INF;
            for (long long v = tid; v < n; v += stride) {
                double dv = d[v];
                if (dv < RULE_INF && mark[v] != SETTLED_MARK) {
                    long long at = claim(&ctl[C_POS + cur]);
                    cv[at] = (vid_t)v;
                    cd[at] = dv;
                    low = fmin(low, dv + (RULE == CRAUSER ? minout[v] : 0.0));
                }
            }
            warp_min_into(low, cacc);
            barrier_all<GRID>();
            np = vload(&ctl[C_POS + cur]);
        }
        PROF(6)
    }
}

#define RULE_KERNEL(W, WTAG, RULE, RTAG, GRID, GTAG)                                         \
extern "C" __global__ void __launch_bounds__(GRID ? 256 : 1024) rule_##RTAG##_##GTAG##_##WTAG(            \
        const long long* indptr, const vid_t* indices, const W* weights,                    \
        const long long* hptr, const vid_t* hind, const W* hw, const double* minout,        \
        double delta, double min_w, double* d, long long n, vid_t* near_a, vid_t* near_b,   \
        vid_t* pv_a, vid_t* pv_b, double* pd_a, double* pd_b, long long pcap,               \
        vid_t* settled, long long* mark, long long* stamp, int* in_pile, long long* ctl,    \
        double* th, long long* stats, double* fs, long long cap, long long wide_at, long long thin_at,  \
        int lanes, vid_t* big_v, long long* big_off, long long big, int big_graph) {        \
    rule_loop<W, RULE, GRID>(indptr, indices, weights, hptr, hind, hw, minout, delta,       \
                             min_w, d, n, near_a, near_b, pv_a, pv_b, pd_a, pd_b, pcap,     \
                             settled, mark, stamp, in_pile, ctl, th, stats, fs, cap,        \
                             wide_at, thin_at, lanes, big_v, big_off, big, big_graph);      \
}
#define RULE_SHAPES(W, WTAG, RULE, RTAG)                                                     \
    RULE_KERNEL(W, WTAG, RULE, RTAG, false, block) RULE_KERNEL(W, WTAG, RULE, RTAG, true, grid)
#define RULE_ALL(W, WTAG)                                                                    \
    RULE_SHAPES(W, WTAG, NEAR_FAR, near_far) RULE_SHAPES(W, WTAG, DELTA, delta)            \
    RULE_SHAPES(W, WTAG, MARTIN, martin) RULE_SHAPES(W, WTAG, CRAUSER, crauser)            \
    RULE_SHAPES(W, WTAG, ECONOMIC, economic)
RULE_ALL(int, i32)
RULE_ALL(long long, i64)
RULE_ALL(float, f32)
RULE_ALL(double, f64)

// ------------------------------------------------------------------ Bellman-Ford
// Every round relaxes every vertex with a finite d (DESIGN §2: no mask), in place (a
// value lowered earlier in the round is the one relaxed), until a round lowers nothing.
// One cooperative launch runs the rounds with one grid barrier each: every thread keeps
// the round number itself, adds its counts into the round's set of sums (three sets in
// turn: thread 0 clears the next round's during this one, and every thread finished
// reading it two barriers ago) and reads them back after the barrier.  Two shapes:
//   EDGES: thread i relaxes edges i, i + stride, …, its row from `rows` (one read a
//          stored edge, perfectly balanced and coalesced; 4 bytes an edge more);
//   else:  `lanes` threads a vertex, a vertex of `big` edges or more (listed once, with
//          its edge offset) shared out over every thread.
// Negative weights are allowed: the atomic is then a CAS loop, and a round `limit` that
// still lowers something means a negative cycle (ctl[BF_DONE] = 2).
// ctl: round, records, done (for the host), then the three sets of sums (edges relaxed,
// vertices lowered, vertices lowered from ∞: the host adds those up into the vertices
// with a value at the start of each round, the round's frontier).
enum { BF_ROUND = 0, BF_REC, BF_DONE, BF_SUMS };

template <class W, bool NONNEG, bool EDGES>
__device__ void bellman_ford(const long long* __restrict__ indptr,
                             const vid_t* __restrict__ indices,
                             const W* __restrict__ weights, const vid_t* __restrict__ rows,
                             vid_t n, long long m, double* d, long long* stamp,
                             long long* ctl, long long* stats, long long cap, int lanes,
                             const vid_t* __restrict__ big_v,
                             const long long* __restrict__ big_off, long long n_big,
                             long long big_edges, long long big, long long limit) {
    cooperative_groups::grid_group grid = cooperative_groups::this_grid();
    long long tid = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    long long stride = (long long)gridDim.x * blockDim.x;
    long long gid = tid / lanes, groups = stride / lanes;
    int lane = (int)(tid % lanes);
    long long r = ctl[BF_ROUND];
    for (long long row = 0; row < cap; ++row, ++r) {
        long long* sums = ctl + BF_SUMS + 3 * (r % 3);
        if (tid == 0) {
            long long* next = ctl + BF_SUMS + 3 * ((r + 1) % 3);
            next[0] = next[1] = next[2] = 0;
        }
        long long edges = 0, lowered = 0, found = 0;
        auto lower = [&](vid_t v, double nd) {              // d(v) = min(d(v), nd), counted
            double old = NONNEG ? atomic_min_nonneg(&d[v], nd) : atomic_min_f64(&d[v], nd);
            if (nd < old) {
                found += old == RULE_INF;                    // reached for the first time
                if (stamp[v] != r && (long long)atomicExch(
                        (unsigned long long*)&stamp[v], (unsigned long long)r) != r)
                    ++lowered;                               // first lowered this round
            }
        };
        auto relax = [&](double du, long long k) {
            vid_t v = indices[k];
            double nd = du + as_f64(weights[k]);
            if (nd < __ldcg(&d[v])) lower(v, nd);
        };
        // ================= t = d min.+ A over the finite entries of d ; d = min(d, t)
        if (EDGES) {
            // four edges a trip, their loads issued together (d through L2, __ldcg: the
            // values other SMs lowered, never a stale L1 line)
            for (long long k0 = tid; k0 < m; k0 += 4 * stride) {
                vid_t u[4];
                double du[4];
#pragma unroll
                for (int j = 0; j < 4; ++j) {
                    long long k = k0 + j * stride;
                    u[j] = k < m ? rows[k] : 0;
                }
#pragma unroll
                for (int j = 0; j < 4; ++j)
                    du[j] = k0 + j * stride < m ? __ldcg(&d[u[j]]) : RULE_INF;
                vid_t v[4];
                double nd[4], dv[4];
#pragma unroll
                for (int j = 0; j < 4; ++j) {
                    long long k = k0 + j * stride;
                    bool live = du[j] != RULE_INF;
                    v[j] = live ? indices[k] : 0;
                    nd[j] = live ? du[j] + as_f64(weights[k]) : RULE_INF;
                    edges += live;
                }
#pragma unroll
                for (int j = 0; j < 4; ++j) dv[j] = nd[j] < RULE_INF ? __ldcg(&d[v[j]]) : 0.0;
#pragma unroll
                for (int j = 0; j < 4; ++j)
                    if (nd[j] < dv[j]) lower(v[j], nd[j]);
            }
        } else {
            for (long long u = gid; u < n; u += groups) {
                long long start = indptr[u], end = indptr[u + 1];
                if (end - start >= big) continue;            // shared out below
                double du = __ldcg(&d[u]);
                if (du == RULE_INF) continue;
                edges += (end - start + lanes - 1 - lane) / lanes;
                for (long long k = start + lane; k < end; k += lanes) relax(du, k);
            }
            long long s = 0;
            for (long long e = tid; e < big_edges; e += stride) {
                s = slot_of(big_off, n_big, e, s);
                vid_t u = big_v[s];
                double du = vloadd(&d[u]);
                if (du == RULE_INF) continue;
                relax(du, indptr[u] + (e - big_off[s]));
                ++edges;
            }
        }
        warp_add_into(edges, &sums[0]);
        warp_add_into(lowered, &sums[1]);
        warp_add_into(found, &sums[2]);
        grid.sync();
        long long changed = vload(&sums[1]);
        if (tid == 0) {
            stats[3 * row] = sums[0];                        // the host starts each
            stats[3 * row + 1] = changed;                    // launch at record 0
            stats[3 * row + 2] = sums[2];
            ctl[BF_ROUND] = r + 1;
            ctl[BF_REC] = row + 1;
            if (changed == 0) ctl[BF_DONE] = 1;
            else if (r + 1 >= limit) ctl[BF_DONE] = 2;      // still lowering: a cycle
        }
        if (changed == 0 || r + 1 >= limit) return;
    }
}

#define BF_KERNEL(W, WTAG, NN, NNTAG, EDGES, STAG)                                          \
extern "C" __global__ void bellman_ford_##STAG##_##WTAG##NNTAG(                            \
        const long long* indptr, const vid_t* indices, const W* weights, const vid_t* rows, \
        vid_t n, long long m, double* d, long long* stamp, long long* ctl, long long* stats,\
        long long cap, int lanes, const vid_t* big_v, const long long* big_off,             \
        long long n_big, long long big_edges, long long big, long long limit) {             \
    bellman_ford<W, NN, EDGES>(indptr, indices, weights, rows, n, m, d, stamp, ctl, stats, \
                               cap, lanes, big_v, big_off, n_big, big_edges, big, limit);   \
}
#define BF_ALL(W, WTAG)                                                                      \
    BF_KERNEL(W, WTAG, true, _nn, true, edges) BF_KERNEL(W, WTAG, false, , true, edges)    \
    BF_KERNEL(W, WTAG, true, _nn, false, vertices) BF_KERNEL(W, WTAG, false, , false, vertices)
BF_ALL(int, i32)
BF_ALL(long long, i64)
BF_ALL(float, f32)
BF_ALL(double, f64)
