// semiring_paths: the threshold strategies as one device-resident loop (gpu/rules.py).
//
// Near-Far, Δ-stepping, Martín, Crauser and economic Crauser differ only in which open
// vertices a round relaxes (DESIGN §2, papers 001 and 002).  The open set lives in two
// device queues: `near` (relaxed in the next round, each vertex once: mark = the round
// whose queue holds it) and the `pile` (every other open vertex, once: in_pile, which
// the settle rules set to -1 as they settle a vertex: settle.cu reads it so).
//
//   relax   t = near min.+ A ; d = min(d, t) ; each improved vertex is routed:
//             near-far, Δ-stepping: below `split` to the next near queue, else the pile;
//             martin, crauser, economic: to the pile (a round settles only what the
//             threshold selects).
//   refill  (the near queue came back empty) θ = a grid-wide minimum over the pile:
//             near-far, Δ-stepping: split = the end of the Δ-range holding min δ;
//             martin: min δ;  crauser: min (δ + minout);  economic: min δ + min w;
//           then near = pile⟨δ < split⟩ (⟨δ ≤ θ⟩ for the settle rules), the rest stays.
//           The settle rules take no pass for the minimum: they keep it as the pile
//           changes (the keys a select keeps, then each key a relaxation lowers), and
//           relax what they select in the same round: select, barrier, relax, barrier,
//           book, barrier.  On the 1000² grid, where one block runs 10⁴ such rounds,
//           that and 32-bit counters in shared memory (count_add) took Crauser from
//           110.6 to 86.6 ms and Martín from 167 to 134 (rules_launches.py, one source).
//   Δ-stepping relaxes the light edges (w ≤ Δ) of its bucket until it stops refilling,
//           then the heavy edges of everything the bucket settled (list R), once.
//
// How a round relaxes depends on the shape.  One block gives `lanes` threads to a near
// vertex and shares a hub's edges over the block.  The grid is edge-balanced: a scan of
// the near queue's out-degrees (a segment a block, then the segments' sums), then each
// block relaxes a contiguous range of the queue's edges, R_CHUNK at a time: the first
// edges of a window of the queue staged in shared memory, then the rows and d of only
// the positions the chunk touches (staging whole windows was the slow part: 1.51 M
// cycles a near-far round on Kronecker 22, 0.67 M without), four edges a thread with
// their loads issued together; what improved is appended a block at a time (one atomic
// a queue once more than R_CAP - R_CHUNK are staged).  Kronecker 22 near-far went from
// 27.3 to 11.0 ms (bench_gpu.py, median of 16 sources) with this, four blocks an SM and
// hubs handed to the grid (below).
//
// No host synchronisation per round: sizes, split and threshold stay in `ctl` / `th`,
// updated by thread 0 between two barriers.  The same template runs as one block
// (GRID = false: __syncthreads, for thin frontiers) or as a cooperative grid (GRID =
// true: grid.sync, for wide ones).  It returns to the host when the search is done, when
// the round records are full, or when the frontier crosses the width its launch is for
// (`wide_at` for one block, `thin_at` for the grid: the near queue plus the pile over
// `pile_div`, which a refill reads; on graphs with hubs also `wide_e` / `thin_e`, the
// near queue's out-edges); every piece of state is on the
// device, so the host relaunches the other shape and the search goes on.
//
// The grid's 4 000 warps must not each touch the few words of ctl and th: a load or an
// atomic of every warp on one word queues at that word's L2 slice.  So a round's state is
// read once a block into shared memory (its top: 27 000 → 1 800 cycles), a select appends
// a block's chunk of the pile with one atomic a queue (85 000 → 52 000 cycles a round),
// and sums and minima go in a block at a time (block_add_into, block_min_into):
// Kronecker 22 economic Crauser 9.1 → 7.7 ms, Martín 10.6 → 8.0 (H100, one source,
// -DRULE_PROF).  Bellman-Ford's round sums below go the same way.
#include <cooperative_groups.h>

#define RULE_INF POS_INF

enum Rule { NEAR_FAR = 0, DELTA = 1, MARTIN = 2, CRAUSER = 3, ECONOMIC = 4 };
// ctl slots (long long)
enum { NEAR = 0, NEXT, PILE, PILE2, RSIZE, ROUND, QSEL, PSEL, DONE, REC, EDGES, BUCKET,
       BIGS, NEAR_E, NEXT_E, NEAR_AT, PILE_AT, GO, HOLD, LATER, LATER2, LATER_LIVE, LSEL,
       CTL_SLOTS };
// LATER, LATER2, LATER_LIVE, LSEL: the split pile's later part (below): its entries,
// stale ones included, the next buffer's while a resplit writes it, the live ones, and
// which of later_a / later_b holds it
// GO: the shape the host launches next (a launch's last word); HOLD: the round before
// which one block keeps a settle search that settle.cu handed back
enum { GO_BLOCK = 0, GO_GRID, GO_SHARED };
// NEAR_AT / PILE_AT: the near queue's and the pile's sizes as the step began, written
// only between barriers and on the way out: NEAR and PILE grow while the fastest threads
// select or relax, and every thread must read the same step from them
// NEAR_E / NEXT_E: the out-edges of the near queue and of the next one (indptr's)
// BIGS packs the listed big vertices (count << 40) with their edges (the low 40 bits)
#define BIG_ONE (1ull << 40)
#define BIG_EDGES ((1ull << 40) - 1)
// the grid's edge-balanced relaxation (256-thread blocks): R_ITEMS edges a thread a
// chunk; room for R_CAP staged appends a queue a block (appended with one atomic once
// more than R_CAP - R_CHUNK are staged: a chunk adds at most R_CHUNK); at most R_SEGS
// segments of the frontier scanned for its edge offsets (the host reads R_SEGS
// from here for bsum's size, as it reads every slot enum: device.py's cu_constants)
// (R_ITEMS 8 or 6, 2 or 3 blocks an SM: past the 48 KB of static shared memory.  With
// the window's positions capped at 512 to keep 4 blocks an SM, more edges a thread were
// slower: H100, Kronecker 22, 6 sources, median, ms, near-far / Δ-stepping / economic /
// Martín / Crauser — as kept 7.35 / 8.39 / 7.12 / 7.83 / 7.98 (a second process 7.86 /
// 8.96 / 7.70 / 8.00 / 8.10); 512 positions 7.34 / 8.59 / 7.26 / 7.64 / 7.95; R_ITEMS 6
// 7.38 / 8.80 / 7.53 / 8.23 / 8.18; R_ITEMS 8 8.51 / 9.86 / 8.43 / 9.24 / 9.08)
#define R_ITEMS 4
#define R_CHUNK (256 * R_ITEMS)
#define R_CAP (sizeof(vid_t) == 4 ? 2 * R_CHUNK : R_CHUNK)
#define R_SEGS 512
// the fewest frontier positions a chunk stages (its window adapts: see the relaxation)
#define R_WIN_MIN 16
enum { TO_NONE = 0, TO_NEAR, TO_PILE, TO_LATER };   // where an improved vertex goes
// th slots (double): the routed rules' split; the round's threshold (the routed rules'
// refill minimum while it is taken); the settle rules' minimum key over the pile, and
// the next one (what a select keeps)
enum { SPLIT = 0, THETA, PILE_MIN, PILE_MIN2, BOUND, LATER_MIN, TH_SLOTS };
// BOUND: the split pile's bound B (-inf: split at the next select); LATER_MIN: the later
// part's least δ while a resplit takes it (else inf)
// the split pile (Martín and economic Crauser, grid shape): the pile is the `soon` part
// (every open vertex with δ < B, and no other) passed over each round as before, and the
// `later` part (δ ≥ B when it went there), passed over only at a resplit, when θ reaches
// B or the soon part empties: then B = θ + `delta` (the width the host passes).  A
// relaxation that lowers a later vertex under B moves it to the soon part (its later
// entry goes stale: in_pile[v] no longer LATER_FLAG, dropped at the next resplit).
// Martín and economic Crauser key the pile by δ, so while the soon part is not empty
// its least key is the pile's (a resplit moves the soon entries at or past the new B to
// the later part); Crauser's δ + minout is not, and it keeps one pile.  The other shapes
// keep one pile: a grid handing over merges the later part's live entries into the soon
// part.  Kronecker 22 (H100, 8 sources): economic 7.41 → 7.11 ms, Martín 8.28 → 8.07
// (gpu/rules.py's SPLIT_WIDTH has the runs); the estimate was 0.5–0.7 ms of economic's
// 21 % in the pile's passes: the resplits pass over the later part with two gathers an
// entry (flag and δ), and the soon part stays a large share of the pile.
#define LATER_FLAG 0x40000000
// a refill reads P_ITEMS pile entries a thread at a time (8: the grid shape spills
// registers, 60–84 bytes of spill stores)
#define P_ITEMS 4

// opt-in instrumentation (compile with -DRULE_PROF, e.g. SEMIRING_PATHS_RULE_DEFS=
// -DRULE_PROF): thread 0's clock cycles in each phase, summed over the run in rule_prof
// (slots below; read with RawModule.get_global).  Cycles waited at a barrier are the
// other threads' work.
#ifdef RULE_PROF
__device__ unsigned long long rule_prof[12];
#define PROF(k) if (tid == 0) { long long c_ = clock64(); prof_acc[k] += c_ - prof_t; \
                                prof_t = c_; }
#else
#define PROF(k)
#endif
enum { P_TOP = 0, P_RELAX, P_RELAX_WAIT, P_RELAX_BOOK, P_MIN, P_MIN_WAIT, P_SELECT,
       P_SELECT_WAIT, P_ROUNDS, P_REFILLS, P_R_STAGE, P_R_EDGES, P_SLOTS };
// P_R_STAGE / P_R_EDGES: the grid relaxation's chunks, their staging and their edges,
// each to its barrier (so a chunk's staging holds the block's wait for the last one's
// edges); P_RELAX keeps the rest of it (the frontier's scan, the appends).  Kronecker
// 22, one source: near-far 2.98 M staging, 4.63 M edges, 1.07 M the rest; economic 2.54
// / 3.88 / 0.95 M.  Staging a chunk in one trip (each frontier position's row and d
// written beside its offset by the scan; the window's offsets, rows and d read together,
// one barrier fewer) did not pay: 6 sources, median, ms, twice: near-far 8.07 / 7.58 →
// 7.48 / 7.66, Δ-stepping 8.56 / 8.42 → 9.60 / 9.02, economic 7.05 / 6.95 → 7.67 / 6.94
// Tried and not kept (H100, Kronecker 22, weights 1..64, 8 sources, best of 3, median,
// two passes, ms):
//  - dense wide rounds: a grid round whose near queue holds 1/k of the stored edges or
//    more relaxes every stored edge, its row from an edge-row array, where the row's
//    mark is the round (a coalesced pass, no scan, no staging; mark and d[u] read
//    through L2, as another SM may have just written them).  never → k = 2 / 4 / 8:
//    economic 7.52, 7.65 → 7.82, 7.79 / 8.83, 8.84 / 9.14, 8.87; near-far 8.43, 8.46 →
//    8.66, 8.61 / 9.81, 9.60 / 10.77, 10.99; Martín 8.62, 8.81 → 8.76, 8.78 / 9.54, 9.77
//    / 10.27, 9.95.  The staged frontier pass is not the limit: the targets' d and the
//    appends are, the same in either.
//  - d kept in L2 by an access-policy window (its lines persisting, every other access
//    streaming): in one process 20 % faster than without it (6 sources: economic 8.68 →
//    6.63), but only because that process had set L2 aside for persisting lines, which
//    slows every search run without a window; fresh processes, no set-aside against the
//    window:
//    economic 7.60 / 6.69 / 6.82 / 7.45 against 6.72 / 6.80, near-far 7.90 / 7.56 / 7.73 /
//    8.60 against 8.42 / 8.27 — no gain (the spread is between processes).
//  - pulling the widest rounds (DESIGN §1: t = Aᵀ min.+ f, the generated graphs being
//    symmetric): benchmarks/pull_floor.py times a pull pass over every stored edge against
//    a frontier bitmap on its own (H100, Kronecker 22, 1.28·10⁸ stored edges; 1 / 10 /
//    50 % of the vertices in the frontier): a warp a row 2.76 / 3.32 / 3.90 ms,
//    edge-balanced 1.51 / 1.85 / 3.81, where economic Crauser's two widest push rounds
//    (35 and 47 % of the stored edges) took 1.37 and 1.70 ms as launches of their own (the
//    whole search 7.13).  A pull reads every edge to find the frontier's, and each of
//    those still gathers d(u) at random, as a push round gathers d(v): no round to gain.
//    over the pile at a refill; the kept minimum leaves out the stale entries, lowered
//    below the split since, that the pass counts), three pairs of processes, pass →
//    kept: near-far 8.19 / 7.54 / 7.50 → 7.57 / 7.46 / 7.56 (64 → 52 rounds), Δ-stepping
//    7.77 / 7.88 / 7.68 → 9.36 / 9.39 / 9.44 (46 → 37 rounds: a stale entry's refill
//    keeps the bucket, θ = split, where the kept minimum moves on to the next).

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
// a value written before the last barrier, read by every thread: the grid's through one
// load a block (every thread of the block calls it), one block's from shared memory
template <bool GRID>
__device__ __forceinline__ double broadcast(const double* p) {
    if (!GRID) return vloadd(p);
    __shared__ double s_val;
    if (threadIdx.x == 0) s_val = __ldcg(p);
    __syncthreads();
    double x = s_val;
    __syncthreads();
    return x;
}

// next_split and warp_min_into: blocks.cuh (the near-far tail, tails.cu, shares them)

// *c += x, the old value.  One block keeps its sizes in shared memory, where a 64-bit
// atomicAdd is a compare-and-swap loop (a warp each of 1 024 threads adding at once:
// 2 250 cycles a round against 490 for a 32-bit add, H100): there the add goes to the
// low word, exact while the count stays below 2^32 (`narrow`: n and m do, and no size
// or round's edge count passes them).
template <bool GRID>
__device__ __forceinline__ long long count_add(long long* c, unsigned long long x,
                                               bool narrow) {
    if (!GRID && narrow) return (long long)atomicAdd((unsigned*)c, (unsigned)x);
    return (long long)atomicAdd((unsigned long long*)c, x);
}
template <bool GRID>
__device__ __forceinline__ void warp_add_into(long long x, long long* target, bool narrow) {
    for (int o = 16; o > 0; o >>= 1) x += __shfl_down_sync(0xffffffffu, x, o);
    if ((threadIdx.x & 31) == 0 && x) count_add<GRID>(target, (unsigned long long)x, narrow);
}
// atomics.cuh's enqueue, its size counted by count_add
template <bool GRID>
__device__ __forceinline__ void enqueue_to(vid_t* nq, long long* size, vid_t v, bool narrow) {
    enqueue(nq, size, v, [narrow](long long* p, long long k) {
        return count_add<GRID>(p, (unsigned long long)k, narrow);
    });
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
                          double delta, double min_w, double* __restrict__ d,
                          vid_t* near_a, vid_t* near_b, vid_t* pile_a, vid_t* pile_b,
                          vid_t* settled, vid_t* later_a, vid_t* later_b,
                          long long* __restrict__ mark, int* in_pile,
                          long long* __restrict__ stamp, long long* ctl_g, double* th_g,
                          long long* stats, double* fs, long long cap, long long wide_at,
                          long long thin_at, long long wide_e, long long thin_e,
                          long long pile_div, int lanes, vid_t* big_v,
                          long long* big_off, long long big, int big_graph,
                          long long* bsum, int narrow, long long shared_at) {
    const bool routed = RULE == NEAR_FAR || RULE == DELTA;
    constexpr bool split_pile = GRID && (RULE == MARTIN || RULE == ECONOMIC);
    // the grid's edge-balanced relaxation: the frontier's edge offsets (in big_off, which
    // only the one block's listing of big vertices uses otherwise), a window of the
    // frontier and the staged appends
    long long* offs = big_off;
    __shared__ long long s_pre[GRID ? R_SEGS + 1 : 1];
    __shared__ long long s_off[GRID ? R_CHUNK : 1], s_row[GRID ? R_CHUNK : 1];
    __shared__ double s_du[GRID ? R_CHUNK : 1];
    __shared__ vid_t s_near[GRID ? R_CAP : 1], s_pile[GRID ? R_CAP : 1];
    __shared__ int s_nn, s_np;
    __shared__ long long s_nb, s_pb, s_wend;
    // one block keeps the sizes and thresholds in shared memory (a read or an atomic
    // there costs tens of cycles, against hundreds in global memory), written back on
    // the way out; the grid works on the global copies
    __shared__ long long ctl_s[CTL_SLOTS];
    __shared__ double th_s[TH_SLOTS];
    long long* ctl = GRID ? ctl_g : ctl_s;
    double* th = GRID ? th_g : th_s;
    if (!GRID) {
        if (threadIdx.x < CTL_SLOTS) ctl_s[threadIdx.x] = ctl_g[threadIdx.x];
        if (threadIdx.x < TH_SLOTS) th_s[threadIdx.x] = th_g[threadIdx.x];
        __syncthreads();
    }
    long long tid = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    long long stride = (long long)gridDim.x * blockDim.x;
    long long gid = tid / lanes, groups = stride / lanes;      // `lanes` threads a vertex
    int lane = (int)(tid % lanes);
#ifdef RULE_PROF
    long long prof_t = clock64(), prof_acc[P_SLOTS] = {0};
#endif
    auto leave = [&](int go) {           // every thread calls it, together
#ifdef RULE_PROF
        if (tid == 0)
            for (int k = 0; k < P_SLOTS; ++k) atomicAdd(&rule_prof[k], prof_acc[k]);
#endif
        if (!GRID) {
            __syncthreads();
            if (threadIdx.x == 0) { ctl_s[NEAR_AT] = ctl_s[NEAR]; ctl_s[GO] = go; }
            __syncthreads();
            if (threadIdx.x < CTL_SLOTS) ctl_g[threadIdx.x] = ctl_s[threadIdx.x];
            if (threadIdx.x < TH_SLOTS) th_g[threadIdx.x] = th_s[threadIdx.x];
        } else if (tid == 0) {
            ctl[NEAR_AT] = ctl[NEAR];
            ctl[GO] = go;
        }
    };
    const int here = GRID ? GO_GRID : GO_BLOCK, other = GRID ? GO_BLOCK : GO_GRID;
    // whether this launch's shape suits the next step: its near queue (Δ-stepping's
    // heavy pass: R) and the pile over pile_div (a pile entry costs a read or two, not
    // edges) and, on graphs with hubs (big_graph), the near queue's edges: a hub's 10⁵
    // edges are work for the grid, not for one block (elsewhere ne stays 0)
    auto fits = [&](long long nq, long long np, long long rs, long long ne) {
        long long width = (nq > 0 || RULE != DELTA ? nq : rs) + np / pile_div;
        return GRID ? width >= thin_at || ne >= thin_e : width <= wide_at && ne <= wide_e;
    };
    for (;;) {
        // ---- every thread reads the same state (written before the last barrier).  The
        //      grid's blocks take a copy into shared memory, a load a slot: every warp
        //      reading the slots from L2 itself queued 4 000 warps' loads on one line,
        //      about 27 000 cycles a round on Kronecker 22 (H100, -DRULE_PROF)
        if (GRID) {
            if (threadIdx.x < CTL_SLOTS) ctl_s[threadIdx.x] = __ldcg(&ctl_g[threadIdx.x]);
            else if (threadIdx.x < CTL_SLOTS + TH_SLOTS)
                th_s[threadIdx.x - CTL_SLOTS] = __ldcg(&th_g[threadIdx.x - CTL_SLOTS]);
            __syncthreads();
        }
        const volatile long long* c = ctl_s;
        long long nq = c[NEAR_AT], np = c[PILE], rs = c[RSIZE], r = c[ROUND];
        long long np_at = c[PILE_AT], ne = c[NEAR_E], bucket = c[BUCKET];
        bool qs = c[QSEL] != 0, ps = c[PSEL] != 0;
        double split = ((volatile double*)th_s)[SPLIT];
        double pile_min = ((volatile double*)th_s)[PILE_MIN];
        // the split pile's later part: its entries (stale ones too), its live ones, B
        const long long nl = split_pile ? c[LATER] : 0, live = split_pile ? c[LATER_LIVE] : 0;
        const double bound = split_pile ? ((volatile double*)th_s)[BOUND] : RULE_INF;
        vid_t* later = c[LSEL] ? later_b : later_a;          // (the split pile only)
        vid_t* later2 = c[LSEL] ? later_a : later_b;
        if (c[DONE] || c[REC] >= cap) return leave(here);
        // ---- a grid chunk of P_ITEMS entries a thread, entry i bound for to[i] (0 none,
        //      1, 2, 3: the queues sized at *c1, *c2, *c3): each thread's first slot in
        //      each (a1, a2, a3) by one block scan and one atomic a queue.  The caller
        //      syncs the block before the next chunk (s_nb, s_pb, s_wend are reused)
        auto chunk_slots = [&](const int* to, long long* c1, long long* c2, long long* c3,
                               long long& a1, long long& a2, long long& a3) {
            const unsigned long long M = (1ull << 21) - 1;     // a chunk's count ≤ 2^21
            unsigned long long cnt = 0;                        // 1 << 42 | 2 << 21 | 3
#pragma unroll
            for (int i = 0; i < P_ITEMS; ++i)
                cnt += to[i] == 1 ? 1ull << 42 : to[i] == 2 ? 1ull << 21
                     : to[i] == 3 ? 1ull : 0ull;
            unsigned long long total, at = block_scan(cnt, &total);
            if (threadIdx.x == 0) {
                s_nb = total >> 42 ? count_add<GRID>(c1, total >> 42, narrow) : 0;
                s_pb = (total >> 21) & M ? count_add<GRID>(c2, (total >> 21) & M, narrow) : 0;
                s_wend = total & M ? count_add<GRID>(c3, total & M, narrow) : 0;
            }
            __syncthreads();
            a1 = s_nb + (long long)(at >> 42);
            a2 = s_pb + (long long)((at >> 21) & M);
            a3 = s_wend + (long long)(at & M);
        };
        // ---- the split pile's later part [0, n) of src joins `dst` (its size at
        //      *dsize, its least key at *dmin): the other shape keeps one pile
        auto merge_later = [&](const vid_t* src, long long n, vid_t* dst, long long* dsize,
                               double* dmin) {
            double mn = RULE_INF;
            const long long chunk = (long long)blockDim.x * P_ITEMS;
            for (long long c0 = (long long)blockIdx.x * chunk; c0 < n;
                 c0 += (long long)gridDim.x * chunk) {
                vid_t lv[P_ITEMS];
                int to[P_ITEMS];                          // 2: live, to dst
#pragma unroll
                for (int i = 0; i < P_ITEMS; ++i) {
                    long long j = c0 + threadIdx.x + i * blockDim.x;
                    lv[i] = j < n ? __ldcg(&src[j]) : 0;
                    to[i] = j < n && __ldcg(&in_pile[lv[i]]) == LATER_FLAG ? 2 : 0;
                }
                long long a1, pa, a3;
                chunk_slots(to, nullptr, dsize, nullptr, a1, pa, a3);
#pragma unroll
                for (int i = 0; i < P_ITEMS; ++i) {
                    if (to[i] != 2) continue;
                    in_pile[lv[i]] = 1;
                    mn = fmin(mn, __ldcg(&d[lv[i]]));
                    dst[pa++] = lv[i];
                }
                __syncthreads();                          // the next chunk's slots
            }
            block_min_into(mn, dmin);
            barrier_all<GRID>();
            if (tid == 0) {
                ctl[PILE_AT] = ctl[PILE];
                ctl[LATER] = 0;
                ctl[LATER2] = 0;
                ctl[LATER_LIVE] = 0;
                th[BOUND] = -RULE_INF;
                th[LATER_MIN] = RULE_INF;
            }
        };
        if (!fits(nq, np_at + live, rs, nq > 0 ? ne : 0)) {
            if (split_pile && nl > 0)
                merge_later(later, nl, ps ? pile_b : pile_a, &ctl[PILE], &th[PILE_MIN]);
            return leave(other);
        }
        // a settle rule's round top whose pile fits settle.cu's shared memory goes there
        if (!GRID && !routed && nq == 0 && np_at <= shared_at && np_at > 0 && r >= c[HOLD])
            return leave(GO_SHARED);
        const long long* near_ptr = indptr;   // the near queue's edges (Δ: the light ones)
        vid_t* q = qs ? near_b : near_a;
        vid_t* nxt = qs ? near_a : near_b;
        vid_t* pile = ps ? pile_b : pile_a;
        vid_t* pile2 = ps ? pile_a : pile_b;
        // where a relaxation piles what improved: the settle rules' round selects into
        // pile2 and relaxes at once, so what it lowers joins what the select kept
        vid_t* pdst = routed ? pile : pile2;
        long long* pcnt = &ctl[routed ? PILE : PILE2];
        PROF(P_TOP)
        bool resplit = false;                 // the split pile: this round resplits ...
        double nbound = bound;                // ... to this bound
        if (!(nq > 0 || (RULE == DELTA && rs > 0))) {
#ifdef RULE_PROF
            if (tid == 0) ++prof_acc[P_REFILLS];
#endif
            // ================= refill: θ = min over the pile, near = pile⟨δ < split⟩
            if (np == 0 && live == 0) {                       // nothing open: done
                if (tid == 0) ctl[DONE] = 1;
                return leave(here);
            }
            // the pile's entries P_ITEMS a thread at a time, their loads issued together
            vid_t pv[P_ITEMS];
            double pd[P_ITEMS], pk[P_ITEMS];                 // d(v) and the rule's key
            auto load_pile = [&](long long j0, long long step) {   // j0 + i · step
#pragma unroll
                for (int i = 0; i < P_ITEMS; ++i) {
                    long long j = j0 + i * step;
                    pv[i] = j < np ? __ldcg(&pile[j]) : 0;
                }
#pragma unroll
                for (int i = 0; i < P_ITEMS; ++i) {
                    bool in = j0 + i * step < np;
                    pd[i] = in ? __ldcg(&d[pv[i]]) : RULE_INF;     // L2: other SMs
                    pk[i] = RULE == CRAUSER && in ? minout[pv[i]] : 0.0;
                }
#pragma unroll
                for (int i = 0; i < P_ITEMS; ++i) pk[i] += pd[i];
            };
            double low;
            if (routed) {
                low = RULE_INF;
                for (long long j0 = tid; j0 < np; j0 += P_ITEMS * stride) {
                    load_pile(j0, stride);
#pragma unroll
                    for (int i = 0; i < P_ITEMS; ++i) low = fmin(low, pd[i]);
                }
                if (GRID) block_min_into(low, &th[THETA]);
                else warp_min_into(low, &th[THETA]);
                PROF(P_MIN)
                barrier_all<GRID>();
                PROF(P_MIN_WAIT)
                low = broadcast<GRID>(&th[THETA]);
            } else if (split_pile && np == 0) {
                // the soon part empty: the later part's least δ, by a pass over it
                low = RULE_INF;
                for (long long j = tid; j < nl; j += stride) {
                    vid_t v = __ldcg(&later[j]);
                    if (__ldcg(&in_pile[v]) == LATER_FLAG) low = fmin(low, __ldcg(&d[v]));
                }
                block_min_into(low, &th[LATER_MIN]);
                barrier_all<GRID>();
                low = broadcast<GRID>(&th[LATER_MIN]);
            } else {
                // the settle rules keep the pile's minimum key as it changes (what the
                // last select kept, then each lowered key): no pass over the pile for it
                low = pile_min;
            }
            // inf only for crauser: sinks, settle all
            double theta = RULE == ECONOMIC ? low + min_w : low;
            if (routed) theta = next_split(low, delta, split);
            // the split pile passes over its later part too when θ reaches B or the soon
            // part is empty, and takes the new bound
            resplit = split_pile && (theta >= bound || np == 0);
            if (resplit) nbound = theta + delta;
            long long out = 0;                            // the near queue's edges
            double kmin = RULE_INF;                       // the kept entries' keys
            auto selected = [&](vid_t v) {               // near ∪= v, settled or not
                in_pile[v] = routed ? 0 : -1;             // -1: settled (settle.cu)
                mark[v] = r;                              // in round r's near queue
                if (big_graph) out += near_ptr[v + 1] - near_ptr[v];
            };
            if (GRID) {
                // block-contiguous chunks of the pile, each appended with one atomic a
                // queue (a block scan of the chunk's counts gives each thread its slots):
                // every warp's own appends, 6·10⁴ atomics on two words for a pile of 10⁶,
                // made an economic Crauser select about 85 000 cycles on Kronecker 22
                const long long chunk = (long long)blockDim.x * P_ITEMS;
                // a resplit moves the soon part's entries at or past the new B to the
                // later part (so that the soon part's least key is the pile's)
                const bool out_at = split_pile && resplit;
                long long gone = 0;               // the split pile: live later entries lost
                for (long long c0 = (long long)blockIdx.x * chunk; c0 < np;
                     c0 += (long long)gridDim.x * chunk) {
                    load_pile(c0 + threadIdx.x, blockDim.x);
                    int to[P_ITEMS];                         // 0 none, 1 near, 2 kept, 3 later
#pragma unroll
                    for (int i = 0; i < P_ITEMS; ++i) {
                        bool in = c0 + threadIdx.x + i * blockDim.x < np;
                        to[i] = !in ? 0 : (routed ? pd[i] < theta : pd[i] <= theta) ? 1
                              : out_at && pd[i] >= nbound ? 3 : 2;
                    }
                    long long qa, pa, la;
                    chunk_slots(to, &ctl[NEAR], &ctl[PILE2], &ctl[LATER2], qa, pa, la);
#pragma unroll
                    for (int i = 0; i < P_ITEMS; ++i) {
                        if (to[i] == 1) {
                            selected(pv[i]);
                            q[qa++] = pv[i];
                        } else if (to[i] == 2) {
                            pile2[pa++] = pv[i];
                            kmin = fmin(kmin, pk[i]);
                        } else if (to[i] == 3) {
                            in_pile[pv[i]] = LATER_FLAG;
                            later2[la++] = pv[i];
                            --gone;
                        }
                    }
                    __syncthreads();                      // s_nb, s_pb: the next chunk's
                }
                if (split_pile && resplit) {
                    // ---- a resplit: the later part's live entries selected, moved to the
                    //      soon part (δ < B) or kept in the later part (into later2)
                    for (long long c0 = (long long)blockIdx.x * chunk; c0 < nl;
                         c0 += (long long)gridDim.x * chunk) {
                        vid_t lv[P_ITEMS];
                        double ld[P_ITEMS];
                        int to[P_ITEMS];                  // 0 stale, 1 near, 2 soon, 3 later
#pragma unroll
                        for (int i = 0; i < P_ITEMS; ++i) {
                            long long j = c0 + threadIdx.x + i * blockDim.x;
                            lv[i] = j < nl ? __ldcg(&later[j]) : 0;
                        }
                        int lf[P_ITEMS];                  // flags and δ, loaded together
#pragma unroll
                        for (int i = 0; i < P_ITEMS; ++i) {
                            bool in = c0 + threadIdx.x + i * blockDim.x < nl;
                            lf[i] = in ? __ldcg(&in_pile[lv[i]]) : 0;
                            ld[i] = in ? __ldcg(&d[lv[i]]) : RULE_INF;
                        }
#pragma unroll
                        for (int i = 0; i < P_ITEMS; ++i)
                            to[i] = lf[i] != LATER_FLAG ? 0 : ld[i] <= theta ? 1
                                  : ld[i] < nbound ? 2 : 3;
                        long long qa, pa, la;
                        chunk_slots(to, &ctl[NEAR], &ctl[PILE2], &ctl[LATER2], qa, pa, la);
#pragma unroll
                        for (int i = 0; i < P_ITEMS; ++i) {
                            if (to[i] == 1) {
                                selected(lv[i]);
                                q[qa++] = lv[i];
                                ++gone;
                            } else if (to[i] == 2) {
                                in_pile[lv[i]] = 1;
                                pile2[pa++] = lv[i];
                                kmin = fmin(kmin, ld[i]);
                                ++gone;
                            } else if (to[i] == 3) {
                                later2[la++] = lv[i];
                            }
                        }
                        __syncthreads();                  // the next chunk's slots
                    }
                    block_add_into(-gone, &ctl[LATER_LIVE]);
                }
                if (!routed) block_min_into(kmin, &th[PILE_MIN2]);
                if (big_graph) block_add_into(out, &ctl[NEAR_E]);
            } else {
                for (long long j0 = tid; j0 < np; j0 += P_ITEMS * stride) {
                    load_pile(j0, stride);
#pragma unroll
                    for (int i = 0; i < P_ITEMS; ++i) {
                        if (j0 + i * stride >= np) continue;
                        vid_t v = pv[i];
                        if (routed ? pd[i] < theta : pd[i] <= theta) {
                            selected(v);
                            enqueue_to<GRID>(q, &ctl[NEAR], v, narrow);
                        } else {
                            enqueue_to<GRID>(pile2, &ctl[PILE2], v, narrow);
                            kmin = fmin(kmin, pk[i]);
                        }
                    }
                }
                if (!routed) warp_min_into(kmin, &th[PILE_MIN2]);
                if (big_graph) warp_add_into<GRID>(out, &ctl[NEAR_E], narrow);
            }
            if (!routed && tid == 0) th[THETA] = theta;     // recorded with the round
            PROF(P_SELECT)
            barrier_all<GRID>();
            if (routed) {
                if (tid == 0) {
                    ctl[PILE] = ctl[PILE2];
                    ctl[PILE2] = 0;
                    ctl[PSEL] ^= 1;
                    ctl[BUCKET] += 1;
                    ctl[PILE_AT] = ctl[PILE];
                    ctl[NEAR_AT] = ctl[NEAR];
                    th[SPLIT] = theta;
                    th[THETA] = theta;                        // recorded with the round
                }
                barrier_all<GRID>();
                PROF(P_SELECT_WAIT)
                continue;
            }
            PROF(P_SELECT_WAIT)
            // the settle rules relax what they selected in this same round (its book
            // after the relaxation), unless the near queue no longer fits this shape:
            // the other shape then finds nq > 0 and goes on from here
            nq = vload(&ctl[NEAR]);
            if (!fits(nq, np_at + live, 0, vload(&ctl[NEAR_E]))) {
                // (the book, which the other shape runs, takes pile2 for the pile)
                const long long n2 = resplit ? vload(&ctl[LATER2]) : nl;
                if (split_pile && n2 > 0)
                    merge_later(resplit ? later2 : later, n2, pile2, &ctl[PILE2],
                                &th[PILE_MIN2]);
                return leave(other);
            }
        }
#ifdef RULE_PROF
        if (tid == 0) ++prof_acc[P_ROUNDS];
#endif
        // ================= relax: t = F min.+ A (F = near; Δ-stepping's heavy pass:
        // F = R over the heavy edges), improved vertices routed
        bool heavy = RULE == DELTA && nq == 0;
        const vid_t* F = heavy ? settled : q;
        long long nf = heavy ? rs : nq;
        const long long* ptr = heavy ? hptr : indptr;
        const vid_t* ind = heavy ? hind : indices;
        const W* wt = heavy ? hw : weights;
        long long edges = 0;
        double pmin = RULE_INF;            // the settle rules: the lowered keys' minimum
        // d(v) = min(d(v), nd) improved v: where it goes (`aim`: the next near queue,
        // each vertex once a round, for the routed rules' nd < split; else the pile, once)
        // and whether it is new there (`claim`: its flag swapped).  The settle rules note
        // its key (mo: Crauser's minout(v)) for the pile's minimum
        auto aim = [&](vid_t v, double nd) -> int {
            if (!routed) pmin = fmin(pmin, nd + (RULE == CRAUSER ? minout[v] : 0.0));
            return routed && nd < split ? TO_NEAR : TO_PILE;
        };
        const unsigned long long next = (unsigned long long)(r + 1);
        auto claim = [&](vid_t v, int to) -> int {      // one block: straight to the swap
            return to == TO_NEAR
                ? (atomicExch((unsigned long long*)&mark[v], next) != next ? TO_NEAR : TO_NONE)
                : (atomicExch(&in_pile[v], 1) == 0 ? TO_PILE : TO_NONE);
        };
        // the whole step, nd < d(v) seen.  The grid reads a flag before it swaps it,
        // sparing the atomic on a vertex many reach; one block's thin rounds are a chain
        // of round trips, so it goes straight to the atomic (one trip where the read
        // would add one)
        long long live_delta = 0;          // the split pile: later entries made - moved
        auto lower = [&](vid_t v, double nd) -> int {
            if (!(nd < atomic_min_nonneg(&d[v], nd))) return TO_NONE;
            int to = aim(v, nd);
            if (!GRID) return claim(v, to);
            if (split_pile) {
                // under B: to the soon part, unless there (a later entry goes stale);
                // else to the later part if new (a piled v stays where it is)
                int f = *(volatile int*)&in_pile[v];
                if (nd < nbound) {
                    if (f != 0 && f != LATER_FLAG) return TO_NONE;
                    f = atomicExch(&in_pile[v], 1);
                    if (f == LATER_FLAG) --live_delta;
                    return f == 0 || f == LATER_FLAG ? TO_PILE : TO_NONE;
                }
                if (f != 0 || atomicCAS(&in_pile[v], 0, LATER_FLAG) != 0) return TO_NONE;
                ++live_delta;
                return TO_LATER;
            }
            if (to == TO_NEAR) {
                long long m = vload(&mark[v]);      // fresh: a stale m fails the swap
                return m != r + 1 && (long long)atomicCAS(
                           (unsigned long long*)&mark[v], (unsigned long long)m, next) == m
                       ? TO_NEAR : TO_NONE;
            }
            return mark_once(&in_pile[v]) ? TO_PILE : TO_NONE;
        };
        if (GRID) {
            // ---- offs: block b scans the out-degrees of its segment of F (from 0),
            //      their sum to bsum[b]; Δ-stepping's light rounds list R here
            const int nseg = min((int)gridDim.x, R_SEGS);
            const long long seg = (nf + nseg - 1) / nseg;
            const long long s0 = min(nf, (long long)blockIdx.x * seg);
            const long long s1 = blockIdx.x < nseg ? min(nf, s0 + seg) : s0;
            unsigned long long run = 0, part;
            for (long long i0 = s0; i0 < s1; i0 += blockDim.x) {
                long long i = i0 + threadIdx.x;
                unsigned long long deg = 0;
                if (i < s1) {
                    vid_t u = F[i];
                    deg = (unsigned long long)(ptr[u + 1] - ptr[u]);
                    if (RULE == DELTA && !heavy && stamp[u] != bucket) {
                        stamp[u] = bucket;                   // R ∪= u (settled here)
                        enqueue_to<GRID>(settled, &ctl[RSIZE], u, narrow);
                    }
                }
                unsigned long long at = block_scan(deg, &part);
                if (i < s1) offs[i] = (long long)(run + at);
                run += part;
            }
            if (threadIdx.x == 0 && blockIdx.x < nseg) bsum[blockIdx.x] = (long long)run;
            barrier_all<GRID>();
            // ---- s_pre[k] = Σ bsum[0..k): position i's first edge is
            //      s_pre[i / seg] + offs[i] in the frontier's edge space
            unsigned long long acc = 0;
            for (int k0 = 0; k0 < nseg; k0 += blockDim.x) {
                int k = k0 + threadIdx.x;
                unsigned long long x = k < nseg ? (unsigned long long)vload(&bsum[k]) : 0;
                unsigned long long at = block_scan(x, &part);
                if (k < nseg) s_pre[k] = (long long)(acc + at);
                acc += part;
            }
            if (threadIdx.x == 0) s_pre[nseg] = (long long)acc;
            __syncthreads();
            const long long total = (long long)acc;
            auto first_edge = [&](long long i) {
                return s_pre[i / seg] + __ldcg(&offs[i]);
            };
            // ---- t = F min.+ A, edge-balanced: block b relaxes the edges [lo, hi),
            //      R_CHUNK at a time, F's positions staged in shared memory with
            //      their first edges, rows and d; what improved is staged too and
            //      appended with one atomic a queue (see R_CAP)
            const long long lo = total * blockIdx.x / gridDim.x;
            const long long hi = total * (blockIdx.x + 1) / gridDim.x;
            if (threadIdx.x == 0) { s_nn = 0; s_np = 0; }
            // s_near holds the next near queue's appends, or the split pile's later ones
            vid_t* ndst = split_pile ? (resplit ? later2 : later) : nxt;
            long long* ncnt = &ctl[split_pile ? (resplit ? LATER2 : LATER) : NEXT];
            auto flush = [&]() {                  // every thread of the block calls it
                __syncthreads();
                if (threadIdx.x == 0) {
                    s_nb = s_nn ? (long long)atomicAdd((unsigned long long*)ncnt,
                                                       (unsigned long long)s_nn) : 0;
                    s_pb = s_np ? (long long)atomicAdd((unsigned long long*)pcnt,
                                                       (unsigned long long)s_np) : 0;
                }
                __syncthreads();
                long long out = 0;
                for (int j = threadIdx.x; j < s_nn; j += blockDim.x) {
                    vid_t v = s_near[j];
                    ndst[s_nb + j] = v;
                    if (big_graph && !split_pile) out += near_ptr[v + 1] - near_ptr[v];
                }
                if (big_graph) block_add_into(out, &ctl[NEXT_E]);
                for (int j = threadIdx.x; j < s_np; j += blockDim.x)
                    pdst[s_pb + j] = s_pile[j];
                __syncthreads();
                if (threadIdx.x == 0) { s_nn = 0; s_np = 0; }
                __syncthreads();
            };
            PROF(P_RELAX)
            if (lo < hi) {                                   // block-uniform
                int k = stage_search(s_pre, nseg, lo);       // lo's segment, then in it
                long long first = k * seg + block_search(offs + k * seg,   // (L2 reads)
                                                         min(seg, nf - k * seg),
                                                         lo - s_pre[k]);
                // the window: `win` positions staged a chunk, halved while a chunk
                // uses at most half of them, doubled while the window ends before the
                // chunk's edges do (block-uniform: from shared values).  A hub-heavy
                // frontier (Kronecker 22's widest rounds: 90 edges a position) needs
                // a dozen positions for a chunk, not R_CHUNK: H100, Kronecker 22, 3
                // sources, best of 3, ms, R_CHUNK positions → adaptive: near-far
                // 7.78 / 7.54 / 9.63 → 7.30 / 7.14 / 9.05, Δ-stepping 9.93 / 9.35 /
                // 9.98 → 8.91 / 8.39 / 9.12, Martín 8.77 / 8.80 / 8.25 → 8.33 / 7.89 /
                // 7.94.  Staging the rows and d of the whole window with its first
                // edges (one trip, not two) was slower: near-far 7.91 / 7.52 / 9.33
                // → 8.51 / 7.98 / 9.64.  Blocks split by edges plus c a position (the
                // relaxation's wait at the barrier is 10 % of economic's cycles; a
                // range of many small rows stages more) changed nothing: 6 sources,
                // two passes, c = 0 / 4 / 8: near-far 7.34, 7.29 / 7.42, 7.48 / 7.25,
                // 7.36 ms, Δ-stepping 8.35, 8.51 / 8.34, 8.13 / 8.26, 8.41, economic
                // 6.91, 7.17 / 7.04, 6.78 / 6.82, 6.79
                int win = R_CHUNK;
                for (long long e = lo; e < hi;) {
                    // the window's first edges, then the rows and d of the
                    // positions this chunk's edges fall in (`used` of them)
                    const int span = (int)min((long long)win, nf - first);
#pragma unroll
                    for (int j0 = 0; j0 < R_CHUNK; j0 += 256) {
                        int j = j0 + threadIdx.x;
                        if (j < span) s_off[j] = first_edge(first + j);
                    }
                    if (threadIdx.x == 0)
                        s_wend = first + span < nf ? first_edge(first + span) : total;
                    __syncthreads();
                    const long long want = min(e + R_CHUNK, hi);
                    const long long end = min(want, s_wend);
                    const int used = end > e ? stage_search(s_off, span, end - 1) + 1 : 0;
                    if (end < want) win = min(2 * win, R_CHUNK);
                    else if (2 * used <= span) win = max(win / 2, R_WIN_MIN);
                    for (int j = threadIdx.x; j < used; j += blockDim.x) {
                        vid_t u = F[first + j];
                        s_row[j] = ptr[u];
                        s_du[j] = vloadd(&d[u]);
                    }
                    __syncthreads();
                    PROF(P_R_STAGE)
                    // R_ITEMS edges a thread, their loads issued together (strided: a
                    // search each.  Consecutive edges, one search then a walk, measured
                    // the same: Kronecker 22, grid launches, near-far 9.35–9.42 against
                    // 9.64–9.67 ms, Δ-stepping 10.15–10.19 against 9.85–9.87)
                    vid_t v[R_ITEMS];
                    double nd[R_ITEMS], dv[R_ITEMS];
#pragma unroll
                    for (int j = 0; j < R_ITEMS; ++j) {
                        long long x = e + (long long)j * blockDim.x + threadIdx.x;
                        nd[j] = RULE_INF;
                        if (x < end) {
                            int i = stage_search(s_off, used, x);
                            long long k = s_row[i] + (x - s_off[i]);
                            v[j] = ind[k];
                            nd[j] = s_du[i] + as_f64(wt[k]);
                        }
                    }
#pragma unroll
                    for (int j = 0; j < R_ITEMS; ++j)
                        dv[j] = nd[j] < RULE_INF ? __ldcg(&d[v[j]]) : 0.0;
#pragma unroll
                    for (int j = 0; j < R_ITEMS; ++j) {
                        int to = nd[j] < dv[j] ? lower(v[j], nd[j]) : TO_NONE;
                        if (to == TO_NEAR || to == TO_LATER) s_near[atomicAdd(&s_nn, 1)] = v[j];
                        else if (to == TO_PILE) s_pile[atomicAdd(&s_np, 1)] = v[j];
                    }
                    __syncthreads();
                    PROF(P_R_EDGES)
                    if (s_nn > R_CAP - R_CHUNK || s_np > R_CAP - R_CHUNK) flush();
                    // the next window starts at the staged position holding `end`, or
                    // past this window (out-degree-0 positions may fill it)
                    first += end < s_wend ? stage_search(s_off, span, end) : span;
                    e = end;
                    __syncthreads();                         // before the next staging
                }
            }
            flush();
            edges = threadIdx.x == 0 ? hi - lo : 0;
        } else {
            long long near_out = 0;            // the next near queue's edges, summed
            auto route = [&](vid_t v, int to) {          // append v where lower sent it
                if (to == TO_NEAR) {
                    enqueue_to<GRID>(nxt, &ctl[NEXT], v, narrow);
                    if (big_graph) near_out += near_ptr[v + 1] - near_ptr[v];
                } else if (to == TO_PILE) {
                    enqueue_to<GRID>(pdst, pcnt, v, narrow);
                }
            };
            auto relax_now = [&](double du, long long k) {   // d(v) = min(d(v), du + w)
                vid_t v = ind[k];
                double nd = du + as_f64(wt[k]);
                route(v, lower(v, nd));
            };
            // `lanes` threads a vertex; a vertex of `big` edges or more is listed (one
            // atomic gives its slot and its first edge in the list's edge space) ...
            // A thread's first edge is taken in phases (value, atomic, flag, append)
            // and the rest whole by relax_now: measured faster than relax_now for
            // every edge (H100, 1000² grid, one source: Crauser 79.3 against 87.0 ms,
            // Martín 117.7 against 133.4), and than phases for two vertices a thread
            // at a time (89.5 ms).
            for (long long j = gid; j < nf; j += groups) {
                vid_t u = F[j];
                long long start = ptr[u], end = ptr[u + 1];
                double du = vloadd(&d[u]);                   // with the row's ends
                if (RULE == DELTA && !heavy && lane == 0 && stamp[u] != bucket) {
                    stamp[u] = bucket;                       // R ∪= u (settled here)
                    settled[count_add<GRID>(&ctl[RSIZE], 1, narrow)] = u;
                }
                long long deg = end - start;
                if (deg >= big) {
                    if (lane == 0) {
                        unsigned long long at = atomicAdd((unsigned long long*)&ctl[BIGS],
                                                          BIG_ONE + deg);
                        big_v[at >> 40] = u;
                        big_off[at >> 40] = (long long)(at & BIG_EDGES);
                    }
                    end = start;                             // its edges: below
                } else {
                    edges += (deg + lanes - 1 - lane) / lanes;
                }
                long long k = start + lane;
                vid_t v = 0;
                double nd = RULE_INF;
                if (k < end) {                               // the first edge's value
                    v = ind[k];
                    nd = du + as_f64(wt[k]);
                }
                double old = nd < RULE_INF ? atomic_min_nonneg(&d[v], nd) : 0.0;
                int to = nd < old ? aim(v, nd) : TO_NONE;    // d(v) = min(d(v), nd)
                route(v, to == TO_NONE ? TO_NONE : claim(v, to));
                for (k += lanes; k < end; k += lanes) relax_now(du, k);   // the rest
            }
            if (big_graph) {
                // ... and the listed vertices' edges are shared out evenly over every
                // thread (edge-balanced: a hub's edges do not wait on one warp)
                barrier_all<GRID>();
                unsigned long long packed = (unsigned long long)vload(&ctl[BIGS]);
                long long nb = (long long)(packed >> 40), total = packed & BIG_EDGES;
                long long s = 0;
                for (long long e = tid; e < total; e += stride) {
                    s = slot_of(big_off, nb, e, s);
                    vid_t u = big_v[s];
                    relax_now(vloadd(&d[u]), ptr[u] + (e - big_off[s]));
                    ++edges;
                }
            }
            if (big_graph) warp_add_into<GRID>(near_out, &ctl[NEXT_E], narrow);
        }
        warp_add_into<GRID>(edges, &ctl[EDGES], narrow);
        if (split_pile) block_add_into(live_delta, &ctl[LATER_LIVE]);
        if (!routed && GRID) block_min_into(pmin, &th[PILE_MIN2]);   // every lowered v
        else if (!routed) warp_min_into(pmin, &th[PILE_MIN2]);       // is piled
        PROF(P_RELAX)
        barrier_all<GRID>();
        PROF(P_RELAX_WAIT)
        if (tid == 0) {
            long long row = ctl[REC];
            stats[4 * row] = nf;
            stats[4 * row + 1] = ctl[EDGES];
            stats[4 * row + 2] = routed ? ctl[NEXT] : nf;
            stats[4 * row + 3] = *pcnt + (split_pile ? ctl[LATER_LIVE] : 0);
            fs[row] = routed ? split : th[THETA];
            if (resplit) {                               // the split pile's new later part
                ctl[LSEL] ^= 1;
                ctl[LATER] = ctl[LATER2];
                ctl[LATER2] = 0;
                th[BOUND] = nbound;
                th[LATER_MIN] = RULE_INF;
            }
            if (!routed) {                               // the select's book, too
                ctl[PILE] = ctl[PILE2];
                ctl[PILE2] = 0;
                ctl[PSEL] ^= 1;
                ctl[BUCKET] += 1;
                th[PILE_MIN] = th[PILE_MIN2];
                th[PILE_MIN2] = RULE_INF;
            }
            ctl[REC] = row + 1;
            ctl[EDGES] = 0;
            ctl[BIGS] = 0;
            ctl[NEAR] = ctl[NEXT];
            ctl[NEXT] = 0;
            ctl[NEAR_E] = ctl[NEXT_E];
            ctl[NEXT_E] = 0;
            ctl[QSEL] ^= 1;
            ctl[ROUND] = r + 1;
            if (heavy) ctl[RSIZE] = 0;
            ctl[PILE_AT] = ctl[PILE];
            ctl[NEAR_AT] = ctl[NEAR];
            if (routed) th[THETA] = RULE_INF;
        }
        barrier_all<GRID>();
        PROF(P_RELAX_BOOK)
    }
}

#define RULE_KERNEL(W, WTAG, RULE, RTAG, GRID, GTAG)                                         \
extern "C" __global__ void __launch_bounds__(GRID ? 256 : 1024, GRID ? 4 : 1)          \
        rule_##RTAG##_##GTAG##_##WTAG(                                                      \
        const long long* indptr, const vid_t* indices, const W* weights,                    \
        const long long* hptr, const vid_t* hind, const W* hw, const double* minout,        \
        double delta, double min_w, double* d, vid_t* near_a, vid_t* near_b,                \
        vid_t* pile_a, vid_t* pile_b, vid_t* settled, vid_t* later_a, vid_t* later_b,       \
        long long* mark, int* in_pile, long long* stamp, long long* ctl, double* th,       \
        long long* stats, double* fs,                                                       \
        long long cap, long long wide_at, long long thin_at, long long wide_e,              \
        long long thin_e, long long pile_div, int lanes,                                    \
        vid_t* big_v, long long* big_off, long long big, int big_graph, long long* bsum,    \
        int narrow, long long shared_at) {                                                  \
    rule_loop<W, RULE, GRID>(indptr, indices, weights, hptr, hind, hw, minout, delta,       \
                             min_w, d, near_a, near_b, pile_a, pile_b, settled, later_a,    \
                             later_b, mark, in_pile, stamp, ctl, th, stats, fs, cap,        \
                             wide_at, thin_at,                                              \
                             wide_e, thin_e, pile_div, lanes, big_v, big_off, big,          \
                             big_graph, bsum, narrow, shared_at);                           \
}
#define RULE_SHAPES(W, WTAG, RULE, RTAG)                                                     \
    RULE_KERNEL(W, WTAG, RULE, RTAG, false, block) RULE_KERNEL(W, WTAG, RULE, RTAG, true, grid)
#define RULE_ALL(W, WTAG)                                                                    \
    RULE_SHAPES(W, WTAG, NEAR_FAR, near_far) RULE_SHAPES(W, WTAG, DELTA, delta)            \
    RULE_SHAPES(W, WTAG, MARTIN, martin) RULE_SHAPES(W, WTAG, CRAUSER, crauser)            \
    RULE_SHAPES(W, WTAG, ECONOMIC, economic)
EACH_WEIGHT(RULE_ALL)

// ------------------------------------------------------------------ Bellman-Ford
// Every round relaxes every vertex with a finite d (DESIGN §2: no mask), in place (a
// value lowered earlier in the round is the one relaxed), until a round lowers nothing.
// One cooperative launch runs the rounds with one grid barrier each: every thread keeps
// the round number itself, adds its counts into the round's set of sums (three sets in
// turn: thread 0 clears the next round's during this one, and every thread finished
// reading it two barriers ago) and reads them back after the barrier.  Three shapes:
//   BF_EDGES:    thread i relaxes edges i, i + stride, …, its row from `rows` (one read a
//                stored edge, perfectly balanced and coalesced; 4 bytes an edge more);
//   BF_VERTICES: `lanes` threads a vertex, a vertex of `big` edges or more (listed once,
//                with its edge offset) shared out over every thread;
//   BF_PULL:     t = d min.+ A by in-edges, `direction="pull"` of workfront and
//                Bellman-Ford (the CPU's pull rounds, 001's predecessor variant; indptr,
//                indices and weights are Aᵀ by rows): `lanes` threads a vertex take the
//                least d(u) + w over its in-edges and one of them lowers d(v) (no other
//                thread writes it), a vertex of `big` in-edges or more has them shared
//                out, each lowering d(v) itself.  A round reads every stored edge: a
//                pull pass costs more than a push of half of them on Kronecker 22
//                (benchmarks/pull_floor.py), so "auto" pushes on the device.
// Negative weights are allowed: the atomic is then a CAS loop, and a round `limit` that
// still lowers something means a negative cycle (ctl[BF_DONE] = 2).
// ctl: round, records, done (for the host), then the three sets of sums (edges relaxed,
// vertices lowered, vertices lowered from ∞: the host adds those up into the vertices
// with a value at the start of each round, the round's frontier).
enum { BF_ROUND = 0, BF_REC, BF_DONE, BF_SUMS, BF_SLOTS = BF_SUMS + 3 * 3 };
enum { BF_EDGES = 0, BF_VERTICES, BF_PULL };

template <class W, bool NONNEG, int SHAPE>
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
        if (SHAPE == BF_EDGES) {
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
        } else if (SHAPE == BF_PULL) {
            // t(v) = min over v's in-edges of d(u) + w, a group of `lanes` threads a vertex
            // (its lanes' minima by shuffles within the group), lowered by its lane 0
            const unsigned group = lanes == 32 ? 0xffffffffu
                : ((1u << lanes) - 1u) << ((threadIdx.x & 31) & ~(unsigned)(lanes - 1));
            for (long long v = gid; v < n; v += groups) {
                long long start = indptr[v], end = indptr[v + 1];
                if (end - start >= big) continue;            // shared out below
                double best = RULE_INF;
                for (long long k = start + lane; k < end; k += lanes)
                    best = fmin(best, __ldcg(&d[indices[k]]) + as_f64(weights[k]));
                for (int o = lanes / 2; o > 0; o /= 2)
                    best = fmin(best, __shfl_xor_sync(group, best, o, lanes));
                if (lane == 0 && best < __ldcg(&d[v])) lower((vid_t)v, best);
            }
            long long s = 0;
            for (long long e = tid; e < big_edges; e += stride) {
                s = slot_of(big_off, n_big, e, s);
                vid_t v = big_v[s];
                long long k = indptr[v] + (e - big_off[s]);
                double nd = __ldcg(&d[indices[k]]) + as_f64(weights[k]);
                if (nd < __ldcg(&d[v])) lower(v, nd);
            }
            edges = tid == 0 ? m : 0;                        // a pull reads every edge
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
        // the sums a block (one atomic each), and `changed` read once a block: every
        // warp's own atomics and read queue up on one line of L2 (see rule_loop's top)
        block_add_into(edges, &sums[0]);
        block_add_into(lowered, &sums[1]);
        block_add_into(found, &sums[2]);
        grid.sync();
        __shared__ long long s_changed;
        if (threadIdx.x == 0) s_changed = __ldcg(&sums[1]);
        __syncthreads();
        long long changed = s_changed;
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

#define BF_KERNEL(W, WTAG, NN, NNTAG, SHAPE, STAG)                                          \
extern "C" __global__ void bellman_ford_##STAG##_##WTAG##NNTAG(                            \
        const long long* indptr, const vid_t* indices, const W* weights, const vid_t* rows, \
        vid_t n, long long m, double* d, long long* stamp, long long* ctl, long long* stats,\
        long long cap, int lanes, const vid_t* big_v, const long long* big_off,             \
        long long n_big, long long big_edges, long long big, long long limit) {             \
    bellman_ford<W, NN, SHAPE>(indptr, indices, weights, rows, n, m, d, stamp, ctl, stats, \
                               cap, lanes, big_v, big_off, n_big, big_edges, big, limit);   \
}
#define BF_ALL(W, WTAG)                                                                      \
    BF_KERNEL(W, WTAG, true, _nn, BF_EDGES, edges) BF_KERNEL(W, WTAG, false, , BF_EDGES, edges) \
    BF_KERNEL(W, WTAG, true, _nn, BF_VERTICES, vertices)                                    \
    BF_KERNEL(W, WTAG, false, , BF_VERTICES, vertices)                                      \
    BF_KERNEL(W, WTAG, true, _nn, BF_PULL, pull) BF_KERNEL(W, WTAG, false, , BF_PULL, pull)
EACH_WEIGHT(BF_ALL)
