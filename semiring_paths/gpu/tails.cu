// semiring_paths persistent BFS tail (compiled with cooperative groups; gpu/backend.py).
//
// A high-diameter graph spends its time in thousands of tiny levels. These kernels run
// all remaining levels in one cooperative launch: the frontier is a queue, every thread
// of a grid sized to stay resident strides over it, and one grid-wide barrier separates
// levels (no launch, no host read). Queue sizes rotate through three counters: level i
// reads size[i % 3], appends to size[(i + 1) % 3] and clears size[(i + 2) % 3], which
// every thread finished reading before the previous barrier.
#include <cooperative_groups.h>

// enqueue (atomics.cuh): warp-aggregated appends to a queue.

// A level is a chain of dependent trips to memory (queue entry, its edges, the claim,
// the append) and a grid barrier, so a tail is timed by their count.  H100, 1000² grid,
// whole searches in one launch, median of 8–16 sources (measured 2026-11-24):
// - one level a barrier, π(v) read before its compare-and-swap: 5.34 ms (264 blocks);
//   the swap alone (an unreached neighbour needs both): 5.00; with 132 / 66 blocks
//   4.48 / 4.42; each queued vertex carrying its edge range: 4.17 / 4.15;
// - two levels a barrier (bfs_tail_two): 2.92 / 2.81 / 2.98 ms with 264 / 132 / 66
//   blocks, its edge ranges carried or not (2.79–2.95).
// Each kernel records a level's count from the read every thread makes after the
// barrier: a read of block 0's own there held the grid a trip a level (sp.bfs, median
// of 16 sources: 6.25 → 5.60 ms).

// q⟨¬π⟩ = q any.secondi A, level after level; counts[i] = |q| after level start + i + 1.
// The fallback of bfs_tail_two (its keys cannot be allocated, or n ≥ 2³²).
extern "C" __global__ void bfs_tail_coop(const long long* __restrict__ indptr,
                                         const vid_t* __restrict__ indices,
                                         vid_t* __restrict__ queue_a,
                                         vid_t* __restrict__ queue_b,
                                         vid_t* __restrict__ size, int start_level,
                                         int* __restrict__ levels, vid_t* __restrict__ parents,
                                         vid_t* __restrict__ counts, int* __restrict__ done,
                                         int lanes, vid_t wide) {
    cooperative_groups::grid_group grid = cooperative_groups::this_grid();
    long long tid = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    long long stride = (long long)gridDim.x * blockDim.x;
    long long gid = tid / lanes, groups = stride / lanes;      // `lanes` threads a vertex
    int lane = (int)(tid % lanes);
    for (int i = 0;; ++i) {
        volatile vid_t* vsize = size;
        vid_t nf = vsize[i % 3];
        if (tid == 0 && i > 0) counts[i - 1] = nf;
        if (nf == 0 || nf > wide) {             // done, or handed back (see bfs_tail_two)
            if (tid == 0) { done[0] = i; done[1] = nf > wide; }
            return;
        }
        const vid_t* q = (i & 1) ? queue_b : queue_a;
        vid_t* nq = (i & 1) ? queue_a : queue_b;
        int level = start_level + i + 1;
        if (tid == 0) size[(i + 2) % 3] = 0;
        for (long long j = gid; j < nf; j += groups) {
            vid_t u = q[j];
            for (long long k = indptr[u] + lane, end = indptr[u + 1]; k < end; k += lanes) {
                vid_t v = indices[k];
                if (cas_vid(&parents[v], -1, u) == -1) {
                    levels[v] = level;
                    enqueue(nq, &size[(i + 1) % 3], v);
                }
            }
        }
        grid.sync();
    }
}

// q₁⟨¬π⟩ = q min.secondi A ; q₂⟨¬π⟩ = q₁ min.secondi A — two masked products a grid
// barrier, over keys (level, parent) whose min keeps the least level, then the least
// parent.  A vertex's state is one key, level · 2³² + parent (all ones:
// unreached), lowered by atomicMin, so the level and the parent (the least at that level)
// come out whatever order the claims land in.  From a frontier at level L, a group of
// lanes a vertex u: each quad takes an edge u → v and lowers key(v) to (L+1, u); the quad
// that moved v into level L+1 takes v's edges v → w side by side and lowers key(w) to
// (L+2, v), queueing w when it moved w into level L+2.  Every vertex at L+1 is expanded
// (by the one claim that moved it there), so level L+2 is complete.  A vertex queued at
// L+2 and then lowered to L+1 by a later claim stays in the queue: expanding it next
// round lowers nothing (its neighbours are at most L+2 already), and the count drops it.
// size is three rings of three: queue sizes, entries into L+1, queued entries moved up.
// counts[2i] and counts[2i+1] = sizes of levels start + 2i + 1 and + 2i + 2.  done[0]:
// rounds run; done[1]: 1 where the search was handed back at a queue over `wide`
// vertices (level start + 2·done[0], stale entries included) for the host to go on.
#define KEY_UNSEEN 0xffffffffffffffffull
__device__ __forceinline__ unsigned long long level_key(int level, vid_t parent) {
    return ((unsigned long long)(unsigned)level << 32) | (unsigned long long)(unsigned)parent;
}
// A cooperative BFS tail's state from the search's, one pass: key = level · 2³² + parent
// (all ones where v < 0; no keys: bfs_tail_coop), the frontier copied into queue_a, the
// size rings cleared with nq queued, done cleared.
extern "C" __global__ void bfs_tail_setup(const int* __restrict__ levels,
                                          const vid_t* __restrict__ parents, vid_t n,
                                          const vid_t* __restrict__ queue, vid_t nq,
                                          unsigned long long* __restrict__ key,
                                          vid_t* __restrict__ queue_a,
                                          vid_t* __restrict__ size, int* __restrict__ done) {
    long long tid = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    for (long long v = tid; v < n; v += (long long)gridDim.x * blockDim.x) {
        if (key) key[v] = levels[v] < 0 ? KEY_UNSEEN : level_key(levels[v], parents[v]);
        if (v < nq) queue_a[v] = queue[v];
    }
    if (tid < 9) size[tid] = tid == 0 ? nq : 0;
    if (tid < 2) done[tid] = 0;
}
extern "C" __global__ void bfs_keys_unpack(const unsigned long long* __restrict__ key,
                                           vid_t n, int* __restrict__ levels,
                                           vid_t* __restrict__ parents) {
    for (long long v = (long long)blockIdx.x * blockDim.x + threadIdx.x; v < n;
         v += (long long)gridDim.x * blockDim.x) {
        unsigned long long k = key[v];
        levels[v] = k == KEY_UNSEEN ? -1 : (int)(k >> 32);
        parents[v] = k == KEY_UNSEEN ? (vid_t)-1 : (vid_t)(unsigned)(k & 0xffffffffull);
    }
}
extern "C" __global__ void bfs_tail_two(const long long* __restrict__ indptr,
                                        const vid_t* __restrict__ indices,
                                        vid_t* __restrict__ queue_a,
                                        vid_t* __restrict__ queue_b,
                                        vid_t* __restrict__ size, int start_level,
                                        unsigned long long* __restrict__ key,
                                        vid_t* __restrict__ counts, int* __restrict__ done,
                                        int lanes, vid_t wide) {
    cooperative_groups::grid_group grid = cooperative_groups::this_grid();
    const int QUAD = 4;                          // lanes on one second-hop vertex's edges
    long long tid = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    long long stride = (long long)gridDim.x * blockDim.x;
    long long gid = tid / (QUAD * lanes), groups = stride / (QUAD * lanes);
    int lane = (int)(tid % (QUAD * lanes)), a = lane / QUAD, b = lane % QUAD;
    unsigned quad_mask = 0xfu << (threadIdx.x & 28);
    vid_t* entered = size + 3;                   // entries into level L+1
    vid_t* moved = size + 6;                     // queued at L+2, then lowered to L+1
    for (int i = 0;; ++i) {
        volatile vid_t* vsize = size;
        vid_t nf = vsize[i % 3];
        if (tid == 0 && i > 0) {
            counts[2 * i - 2] = vsize[3 + i % 3];
            counts[2 * i - 1] = nf - vsize[6 + i % 3];
        }
        if (nf == 0 || nf > wide) {             // done, or handed back: a queue of more
            if (tid == 0) { done[0] = i; done[1] = nf > wide; }  // than `wide` vertices
            return;                             // goes to the edge-balanced step kernels
        }
        const vid_t* q = (i & 1) ? queue_b : queue_a;
        vid_t* nq = (i & 1) ? queue_a : queue_b;
        int l1 = start_level + 2 * i + 1, l2 = l1 + 1;
        if (tid == 0) size[(i + 2) % 3] = entered[(i + 2) % 3] = moved[(i + 2) % 3] = 0;
        for (long long j = gid; j < nf; j += groups) {
            vid_t u = q[j];
            for (long long k = indptr[u] + a, end = indptr[u + 1]; k < end; k += lanes) {
                vid_t v = indices[k];
                long long vs = indptr[v], ve = indptr[v + 1];    // read beside the claim
                int first = 0;
                if (b == 0) {
                    unsigned long long old = atomicMin(key + v, level_key(l1, u));
                    first = old == KEY_UNSEEN || (int)(old >> 32) > l1;
                    if (first) {
                        add_vid(&entered[(i + 1) % 3], (vid_t)1);
                        if (old != KEY_UNSEEN && (int)(old >> 32) == l2)
                            add_vid(&moved[(i + 1) % 3], (vid_t)1);
                    }
                }
                first = __shfl_sync(quad_mask, first, 0, QUAD);  // the quad runs in step
                if (!first) continue;
                for (long long k2 = vs + b; k2 < ve; k2 += QUAD) {
                    vid_t w = indices[k2];
                    unsigned long long old = atomicMin(key + w, level_key(l2, v));
                    if (old == KEY_UNSEEN || (int)(old >> 32) > l2)
                        enqueue(nq, &size[(i + 1) % 3], w);
                }
            }
        }
        grid.sync();
    }
}

// A workfront round's set-up, alike in every thread of sssp_tail_coop and sssp_tail_two:
// the queue's size (recorded as the size after the round before, as bfs_tail_coop
// does), round i's queues and marks, the size ring two rounds on cleared; false when
// the search is done (an empty queue, or max_rounds run: *done = rounds run).
struct WorkfrontRound {
    const vid_t* q;                 // this round's queue, nf vertices
    vid_t* nq;                      // the next round's
    int* mine;                      // marks of q's vertices (cleared as they are taken)
    int* next;                      // marks of nq's vertices (set once each: mark_once)
    vid_t nf;
};
__device__ __forceinline__ bool workfront_round(vid_t i, long long tid, vid_t* size,
                                                vid_t* queue_a, vid_t* queue_b, int* mark0,
                                                int* mark1, vid_t* counts, vid_t* done,
                                                vid_t max_rounds, WorkfrontRound& R) {
    R.nf = ((volatile vid_t*)size)[i % 3];
    if (tid == 0 && i > 0) counts[i - 1] = R.nf;
    if (R.nf == 0 || i >= max_rounds) {
        if (tid == 0) *done = i;
        return false;
    }
    bool odd = i & 1;
    R.q = odd ? queue_b : queue_a;
    R.nq = odd ? queue_a : queue_b;
    R.mine = odd ? mark1 : mark0;
    R.next = odd ? mark0 : mark1;
    if (tid == 0) size[(i + 2) % 3] = 0;
    return true;
}

// Workfront, round after round: the frontier is a queue of the vertices whose distance
// dropped in the last round.  A vertex enters round i+1's queue at most once, guarded by
// the flags mark[(i+1) & 1]; processing u in round i clears mark[i & 1][u] for round i+2,
// so setting and clearing never race.  counts[i] = |queue| after round start + i + 1.
template <class W, bool NONNEG>
__device__ void sssp_tail_coop(const long long* __restrict__ indptr,
                               const vid_t* __restrict__ indices, const W* __restrict__ weights,
                               vid_t n, vid_t* __restrict__ queue_a,
                               vid_t* __restrict__ queue_b, vid_t* __restrict__ size,
                               int* __restrict__ mark0, int* __restrict__ mark1,
                               double* __restrict__ d, vid_t* __restrict__ counts,
                               vid_t* __restrict__ done, vid_t max_rounds, int lanes) {
    cooperative_groups::grid_group grid = cooperative_groups::this_grid();
    long long tid = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    long long stride = (long long)gridDim.x * blockDim.x;
    long long gid = tid / lanes, groups = stride / lanes;      // `lanes` threads a vertex
    int lane = (int)(tid % lanes);
    for (vid_t i = 0;; ++i) {
        WorkfrontRound R;
        if (!workfront_round(i, tid, size, queue_a, queue_b, mark0, mark1, counts, done,
                             max_rounds, R))
            return;
        const vid_t* q = R.q;
        vid_t* nq = R.nq;
        int *mine = R.mine, *next = R.next;
        vid_t nf = R.nf;
        for (long long j = gid; j < nf; j += groups) {
            vid_t u = q[j];
            double du = ((volatile double*)d)[u];
            if (lane == 0) mine[u] = 0;
            for (long long k = indptr[u] + lane, end = indptr[u + 1]; k < end; k += lanes) {
                vid_t v = indices[k];
                double nd = du + as_f64(weights[k]);
                if (nd < d[v]) {
                    double old = NONNEG ? atomic_min_nonneg(&d[v], nd)
                                        : atomic_min_f64(&d[v], nd);
                    if (nd < old && mark_once(&next[v]))
                        enqueue(nq, &size[(i + 1) % 3], v);
                }
            }
        }
        grid.sync();
    }
}

// Workfront, two rounds a grid barrier (non-negative weights): q₁ = what drops in
// d ⊕= q ⊕.⊗ A, q₂ likewise from q₁, with no barrier between them.  A group of lanes a
// queued vertex u: each quad takes an edge u → v and lowers d(v); the quad whose
// atomicMin lowered it relaxes v's edges v → w at once with that value, side by side,
// queueing w (once, by the marks) where it lowered d(w).  Every value a vertex takes is
// relaxed onward: a first-hop drop by the quad that made it, a second-hop drop by the
// next round (the queue reads d(w) then).  So the fixed point is the same
// label-correcting one, in half the barriers; a drop in either hop may relax a value a
// later drop supersedes (more edges than one round a barrier).  counts[i] = |queue|
// after round start + i + 1 (a round: two hops).
// The two hops of a round from queue q (nf vertices, marks `mine`), shared by
// sssp_tail_two and banded_two:
//   t₁ = q min.+ A ; d = min(d, t₁) ; q₁ = what t₁ lowered (⟨δ < split⟩ where banded)
//   t₂ = q₁ min.+ A (at once, by the lanes that lowered it) ; d = min(d, t₂)
//   next q = what t₂ lowered ⟨δ < split⟩ ; pile ∪= what either lowered ⟨δ ≥ split⟩.  BAND: WORKFRONT (split +inf, nothing piled), or
// NEAR_FAR / DELTA: a vertex lowered to split or above is not relaxed on but piled
// (once: in_pile), only what the second hop lowers below split is queued, and the
// thread's hops (vertices relaxed at the second hop) and edges are added to *hops /
// *edges; DELTA (over the light edges) also lists every vertex it relaxes in the
// bucket's R (once a bucket: stamp), whose heavy edges the refill relaxes.
// DIRECT: each drop straight by its atomicMin and each flag by its atomicExch (one trip
// each), not after a read that spares the atomic where it would fail (two trips where
// it succeeds).  A round here is a chain of dependent trips over a thin frontier, so on
// graphs without hubs the direct way wins; on Kronecker graphs, where most relaxations
// fail, the reads do.  H100, 8 sources, median, ms, read first → direct, twice: 1000²
// grid near-far 7.99 / 8.09 → 7.33 / 7.69, Δ-stepping 9.56 / 9.58 → 9.05 / 9.44,
// workfront 10.22 / 10.33 → 8.76 / 9.05; Kronecker 22 workfront (its thin tail), 6
// sources: 11.16 → 11.92.  banded_two (run on graphs without hubs) is direct, the
// workfront tail direct there (sssp_tail_two_direct_*) and reading first on graphs with
// hubs.
enum { WORKFRONT = 0, NEAR_FAR = 1, DELTA = 2 };
struct Pile { vid_t* v; vid_t* size; int* in; };
struct Bucket { vid_t* v; vid_t* size; long long* stamp; long long id; };
__device__ __forceinline__ void to_bucket(const Bucket& r, vid_t v) {
    if (r.stamp[v] != r.id && (long long)atomicExch((unsigned long long*)&r.stamp[v],
                                                    (unsigned long long)r.id) != r.id)
        enqueue(r.v, r.size, v);
}
template <class W, int BAND, bool DIRECT>
__device__ __forceinline__ void two_hops(const long long* __restrict__ indptr,
                                         const vid_t* __restrict__ indices,
                                         const W* __restrict__ weights,
                                         double* __restrict__ d, const WorkfrontRound& R,
                                         vid_t* nsize, double split, Pile pile,
                                         Bucket bucket, int lanes, long long* hops,
                                         long long* edges) {
    const bool BANDED = BAND != WORKFRONT;
    const int QUAD = 4;                          // lanes on one second-hop vertex's edges
    long long tid = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    long long stride = (long long)gridDim.x * blockDim.x;
    long long gid = tid / (QUAD * lanes), groups = stride / (QUAD * lanes);
    int lane = (int)(tid % (QUAD * lanes)), a = lane / QUAD, b = lane % QUAD;
    unsigned quad_mask = 0xfu << (threadIdx.x & 28);
    volatile double* vd = d;
    auto to_pile = [&](vid_t v) {     // (a refill on another SM may have cleared the
        if (DIRECT ? atomicExch(&pile.in[v], 1) == 0 : mark_once(&pile.in[v]))   // flag:
            enqueue(pile.v, pile.size, v);                      // both see it fresh)
    };
    for (long long j = gid; j < R.nf; j += groups) {
        vid_t u = R.q[j];
        double du = vd[u];
        if (lane == 0) R.mine[u] = 0;
        if (BAND == DELTA && lane == 0) to_bucket(bucket, u);
        for (long long k = indptr[u] + a, end = indptr[u + 1]; k < end; k += lanes) {
            vid_t v = indices[k];
            double nd = du + as_f64(weights[k]);
            long long vs = indptr[v], ve = indptr[v + 1];      // read beside the drop
            int dropped = 0;
            if (b == 0 && (DIRECT || nd < vd[v]))
                dropped = nd < atomic_min_nonneg(&d[v], nd);
            if (BANDED && b == 0) ++*edges;
            dropped = __shfl_sync(quad_mask, dropped, 0, QUAD);
            if (!dropped) continue;
            // the value lane 0 wrote into d(v), to every lane: each read du itself, and
            // lanes diverged in the last vertex's second hop may have read it at
            // different times (a larger value relaxed v's edges: p2p-Gnutella31, 5 of
            // 240 searches wrong before)
            nd = __shfl_sync(quad_mask, nd, 0, QUAD);
            if (BANDED && !(nd < split)) {                     // beyond the band: piled
                if (b == 0) to_pile(v);
                continue;
            }
            if (BANDED && b == 0) ++*hops;
            if (BAND == DELTA && b == 0) to_bucket(bucket, v);
            for (long long k2 = vs + b; k2 < ve; k2 += QUAD) {
                vid_t w = indices[k2];
                double nd2 = nd + as_f64(weights[k2]);
                if (BANDED) ++*edges;
                if (!((DIRECT || nd2 < vd[w]) && nd2 < atomic_min_nonneg(&d[w], nd2)))
                    continue;
                if (!BANDED || nd2 < split) {
                    if (DIRECT ? atomicExch(&R.next[w], 1) == 0 : mark_once(&R.next[w]))
                        enqueue(R.nq, nsize, w);
                } else {
                    to_pile(w);
                }
            }
        }
    }
}

template <class W, bool DIRECT>
__device__ void sssp_tail_two(const long long* __restrict__ indptr,
                              const vid_t* __restrict__ indices, const W* __restrict__ weights,
                              vid_t n, vid_t* __restrict__ queue_a, vid_t* __restrict__ queue_b,
                              vid_t* __restrict__ size, int* __restrict__ mark0,
                              int* __restrict__ mark1, double* __restrict__ d,
                              vid_t* __restrict__ counts, vid_t* __restrict__ done,
                              vid_t max_rounds, int lanes) {
    cooperative_groups::grid_group grid = cooperative_groups::this_grid();
    long long tid = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    for (vid_t i = 0;; ++i) {
        WorkfrontRound R;
        if (!workfront_round(i, tid, size, queue_a, queue_b, mark0, mark1, counts, done,
                             max_rounds, R))
            return;
        two_hops<W, WORKFRONT, DIRECT>(indptr, indices, weights, d, R, &size[(i + 1) % 3],
                                       POS_INF, Pile{}, Bucket{}, lanes, nullptr, nullptr);
        grid.sync();
    }
}

// Near-Far (paper 002) and Δ-stepping as the workfront tail's two hops a grid barrier,
// banded: a round relaxes the near queue two hops deep (two_hops), queueing what drops
// below split and piling the rest.  An empty near queue is refilled from the pile in two
// passes, a grid barrier after each: the pile's least d at or above split (an entry
// below it was settled while it waited), split moved to the end of its Δ-range
// (next_split), then entries below the new split queued, those below the old dropped,
// the rest kept in the other pile.  Δ-stepping's rounds take the light edges (A ≤ Δ)
// and list what they relax in R; before a refill it relaxes the heavy edges of R once
// (a barrier; what that lowers lies past the split, but a value that lands below it is
// queued and the rounds go on, listing anew in the next R: heavy pass h lists under
// stamp h, its size in ring slot h % 2, the other slot cleared during the pass).
// Rings of three (sizes, sums) as in the tails above: round i uses slot i % 3 and
// clears slot (i + 2) % 3, refill f likewise.  State in ctl (round, refill, done, rows,
// heavy passes, R's sizes) and th (split, the refills' minima), so the host relaunches
// it where it stopped when `cap` round records are full; each record: frontier (queue +
// second-hop vertices), edges, the next queue, the pile; fs: split.  A heavy pass's
// edges count in the next round's record (or, at the end, in a record of their own).
// What other SMs wrote since this one may last have read it (pile entries, their d, a
// pile flag another SM's refill cleared) is read from L2 (__ldcg, mark_once).
enum { NF_ROUND = 0, NF_REFILL, NF_DONE, NF_ROWS, NF_HEAVY, NF_RSIZE, NF_SUMS = NF_RSIZE + 2,
       NF_SLOTS = NF_SUMS + 2 * 3 };
enum { NF_SPLIT = 0, NF_MIN, NF_TH_SLOTS = NF_MIN + 2 };
template <class W, int BAND>
__device__ void banded_two(const long long* __restrict__ indptr,
                           const vid_t* __restrict__ indices, const W* __restrict__ weights,
                           const long long* __restrict__ hptr,
                           const vid_t* __restrict__ hind, const W* __restrict__ hw,
                           vid_t* __restrict__ queue_a, vid_t* __restrict__ queue_b,
                           vid_t* __restrict__ size, int* __restrict__ mark0,
                           int* __restrict__ mark1, double* __restrict__ d,
                           vid_t* __restrict__ pile_a, vid_t* __restrict__ pile_b,
                           vid_t* __restrict__ psize, int* __restrict__ in_pile,
                           vid_t* __restrict__ settled, long long* __restrict__ stamp,
                           double* __restrict__ th, long long* __restrict__ ctl,
                           long long* __restrict__ stats, double* __restrict__ fs,
                           long long cap, double delta, int lanes) {
    cooperative_groups::grid_group grid = cooperative_groups::this_grid();
    long long tid = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    long long stride = (long long)gridDim.x * blockDim.x;
    volatile vid_t* vsize = size;
    volatile vid_t* vpsize = psize;
    volatile long long* sums = ctl + NF_SUMS;                   // [3][hops, edges]
    long long i = ctl[NF_ROUND], f = ctl[NF_REFILL], h = ctl[NF_HEAVY], rows = 0;
    auto rsize = [&](long long at) { return (vid_t*)&ctl[NF_RSIZE + at % 2]; };  // R's
    double split = th[NF_SPLIT], used = split;
    vid_t last = 0;                                             // the last round's queue
    auto record = [&](vid_t frontier, vid_t next, long long at) {   // thread 0
        long long* row = stats + 4 * rows;
        row[0] = frontier + sums[at];
        row[1] = sums[at + 1];
        row[2] = next;
        row[3] = vpsize[f % 3];
        fs[rows++] = used;
        sums[at] = sums[at + 1] = 0;
    };
    for (;; ++i) {
        vid_t nf = vsize[i % 3];
        if (tid == 0 && rows > 0) {              // the last round's record, written late
            --rows;
            record(last, nf, 2 * ((i - 1) % 3));
        }
        bool done = false;
        if (nf == 0 && BAND == DELTA && *(volatile vid_t*)rsize(h) > 0) {
            // ============= heavy: t = R min.+ A⟨A > Δ⟩, piled (queued below split)
            vid_t nr = *(volatile vid_t*)rsize(h);
            if (tid == 0) *rsize(h + 1) = 0;
            int* mine = (i & 1) ? mark1 : mark0;
            vid_t* q = (i & 1) ? queue_b : queue_a;
            vid_t* pile = (f & 1) ? pile_b : pile_a;
            long long edges = 0;
            for (long long j = tid; j < nr; j += stride) {
                vid_t u = __ldcg(&settled[j]);
                double du = __ldcg(&d[u]);
                for (long long k = hptr[u], end = hptr[u + 1]; k < end; ++k, ++edges) {
                    vid_t v = hind[k];
                    double nd = du + as_f64(hw[k]);
                    if (!(nd < atomic_min_nonneg(&d[v], nd))) continue;     // (direct)
                    if (nd < split) {
                        if (atomicExch(&mine[v], 1) == 0) enqueue(q, &size[i % 3], v);
                    } else if (atomicExch(&in_pile[v], 1) == 0) {
                        enqueue(pile, &psize[f % 3], v);
                    }
                }
            }
            for (int o = 16; o > 0; o >>= 1) edges += __shfl_down_sync(0xffffffffu, edges, o);
            if ((threadIdx.x & 31) == 0 && edges)
                atomicAdd((unsigned long long*)&ctl[NF_SUMS + 2 * (i % 3) + 1],
                          (unsigned long long)edges);
            grid.sync();
            ++h;
            nf = vsize[i % 3];
        }
        if (nf == 0) {
            // ================= refill: low = min over the pile of d ≥ split
            const vid_t* pile = (f & 1) ? pile_b : pile_a;
            vid_t* pile2 = (f & 1) ? pile_a : pile_b;
            vid_t np = vpsize[f % 3];
            double low = POS_INF;
            for (long long j = tid; j < np; j += stride) {
                double dv = __ldcg(&d[__ldcg(&pile[j])]);
                if (!(dv < split)) low = fmin(low, dv);
            }
            warp_min_into(low, &th[NF_MIN + f % 2]);
            if (tid == 0) psize[(f + 1) % 3] = 0;
            grid.sync();
            low = ((volatile double*)th)[NF_MIN + f % 2];
            if (low == POS_INF) {
                done = true;                     // nothing open: every value is final
                if (tid == 0 && sums[2 * (i % 3) + 1]) record(0, 0, 2 * (i % 3));
            } else {
                // ============= near = pile⟨split ≤ δ < new⟩, pile2 = pile⟨δ ≥ new⟩
                double next = next_split(low, delta, split);
                int* mine = (i & 1) ? mark1 : mark0;
                vid_t* q = (i & 1) ? queue_b : queue_a;
                if (tid == 0) th[NF_MIN + (f + 1) % 2] = POS_INF;
                for (long long j = tid; j < np; j += stride) {
                    vid_t v = __ldcg(&pile[j]);
                    double dv = __ldcg(&d[v]);
                    if (dv < next) {
                        in_pile[v] = 0;
                        if (!(dv < split)) {
                            mine[v] = 1;
                            enqueue(q, &size[i % 3], v);
                        }
                    } else {
                        enqueue(pile2, &psize[(f + 1) % 3], v);
                    }
                }
                grid.sync();
                split = next;
                ++f;
                nf = vsize[i % 3];
            }
        }
        if (done || rows >= cap - 1) {           // a row kept for a last heavy pass
            if (tid == 0) {
                ctl[NF_ROUND] = i;
                ctl[NF_REFILL] = f;
                ctl[NF_DONE] = done;
                ctl[NF_ROWS] = rows;
                ctl[NF_HEAVY] = h;
                th[NF_SPLIT] = split;
            }
            return;
        }
        // ================= round i: two hops from the near queue
        WorkfrontRound R;
        R.nf = nf;
        R.q = (i & 1) ? queue_b : queue_a;
        R.nq = (i & 1) ? queue_a : queue_b;
        R.mine = (i & 1) ? mark1 : mark0;
        R.next = (i & 1) ? mark0 : mark1;
        if (tid == 0) size[(i + 2) % 3] = 0;
        long long hops = 0, edges = 0;
        two_hops<W, BAND, true>(indptr, indices, weights, d, R, &size[(i + 1) % 3], split,
                          Pile{(f & 1) ? pile_b : pile_a, &psize[f % 3], in_pile},
                          Bucket{settled, rsize(h), stamp, h}, lanes, &hops, &edges);
        for (int o = 16; o > 0; o >>= 1) {
            hops += __shfl_down_sync(0xffffffffu, hops, o);
            edges += __shfl_down_sync(0xffffffffu, edges, o);
        }
        if ((threadIdx.x & 31) == 0 && (hops | edges)) {
            atomicAdd((unsigned long long*)&ctl[NF_SUMS + 2 * (i % 3)], (unsigned long long)hops);
            atomicAdd((unsigned long long*)&ctl[NF_SUMS + 2 * (i % 3) + 1],
                      (unsigned long long)edges);
        }
        last = nf;
        used = split;
        ++rows;                                  // recorded after the barrier
        grid.sync();
    }
}
#define BANDED_TWO(W, TAG, BAND, BTAG)                                                       \
extern "C" __global__ void BTAG##_two_##TAG(                                                \
        const long long* indptr, const vid_t* indices, const W* weights,                    \
        const long long* hptr, const vid_t* hind, const W* hw, vid_t* queue_a,              \
        vid_t* queue_b, vid_t* size, int* mark0, int* mark1, double* d, vid_t* pile_a,      \
        vid_t* pile_b, vid_t* psize, int* in_pile, vid_t* settled, long long* stamp,        \
        double* th, long long* ctl, long long* stats, double* fs, long long cap,            \
        double delta, int lanes) {                                                          \
    banded_two<W, BAND>(indptr, indices, weights, hptr, hind, hw, queue_a, queue_b, size,  \
                        mark0, mark1, d, pile_a, pile_b, psize, in_pile, settled, stamp,    \
                        th, ctl, stats, fs, cap, delta, lanes);                             \
}
#define BANDED_TWO_W(W, TAG) BANDED_TWO(W, TAG, NEAR_FAR, near_far)                          \
                             BANDED_TWO(W, TAG, DELTA, delta)
EACH_WEIGHT(BANDED_TWO_W)

#define SSSP_TAIL_TWO(W, TAG, DIRECT, DTAG)                                                  \
extern "C" __global__ void sssp_tail_two_##DTAG##TAG(                                       \
        const long long* indptr, const vid_t* indices, const W* weights, vid_t n,           \
        vid_t* queue_a, vid_t* queue_b, vid_t* size, int* mark0, int* mark1, double* d,     \
        vid_t* counts, vid_t* done, vid_t max_rounds, int lanes) {                          \
    sssp_tail_two<W, DIRECT>(indptr, indices, weights, n, queue_a, queue_b, size, mark0,   \
                             mark1, d, counts, done, max_rounds, lanes);                    \
}
#define SSSP_TAIL_TWO_W(W, TAG) SSSP_TAIL_TWO(W, TAG, false, ) SSSP_TAIL_TWO(W, TAG, true, direct_)
EACH_WEIGHT(SSSP_TAIL_TWO_W)

#define SSSP_TAIL(W, TAG, NN, NNTAG)                                                         \
extern "C" __global__ void sssp_tail_coop_##TAG##NNTAG(                                     \
        const long long* indptr, const vid_t* indices, const W* weights, vid_t n,           \
        vid_t* queue_a, vid_t* queue_b, vid_t* size, int* mark0, int* mark1, double* d,     \
        vid_t* counts, vid_t* done, vid_t max_rounds, int lanes) {                          \
    sssp_tail_coop<W, NN>(indptr, indices, weights, n, queue_a, queue_b, size, mark0,       \
                          mark1, d, counts, done, max_rounds, lanes);                       \
}
#define SSSP_TAIL_W(W, TAG) SSSP_TAIL(W, TAG, true, _nn) SSSP_TAIL(W, TAG, false, )
EACH_WEIGHT(SSSP_TAIL_W)

// ---------------------------------------------------------------- asynchronous tails
// Label-correcting relaxation needs no levels: with non-negative weights, relaxing the
// edges of any vertex whose value dropped, in any order, until none drops, gives the
// fixed point d = d ⊕ (d ⊕.⊗ A).  These kernels do it over one FIFO worklist with no
// barrier at all — a high-diameter graph's thousands of levels cost no grid-wide
// synchronisation.  Slots hold vertex ids (-1: empty), claimed in order by head and
// filled in order by tail; pending counts vertices enqueued and not yet finished, so
// pending == 0 proves the fixed point.  A vertex is queued at most once at a time
// (inq), so at most n slots are in use: the ring has room for every thread beyond that.
// SSSP and BFS share the loop: BFS is min.+ with unit weights on int levels
// (unreached = INT_MAX; parents by a pull pass afterwards).
template <class T>
__device__ __forceinline__ T load_relaxed(const T* p) { return *(volatile const T*)p; }

__device__ __forceinline__ void push_work(vid_t v, vid_t* slots, unsigned long long mask,
                                          unsigned long long* ctr, vid_t* pending) {
    add_vid(pending, (vid_t)1);
    unsigned long long j = atomicAdd(&ctr[1], 1ull);
    __threadfence();
    exch_vid(&slots[j & mask], v);
}

// the next vertex to process, or -1 when the worklist is done
__device__ __forceinline__ vid_t pop_work(vid_t* slots, unsigned long long mask,
                                          unsigned long long* ctr, const vid_t* pending) {
    unsigned long long i = atomicAdd(&ctr[0], 1ull);
    vid_t* slot = &slots[i & mask];
    while (load_relaxed(slot) < 0) {
        if (load_relaxed(pending) == 0) return -1;
        __nanosleep(64);
    }
    return exch_vid(slot, (vid_t)-1);
}

// u's value extended along edge k: d(u) + w (distances), or level(u) + 1 (BFS levels)
template <class W>
__device__ __forceinline__ double extend(double du, const W* weights, long long k) {
    return du + as_f64(weights[k]);
}
__device__ __forceinline__ int extend(int lu, const void*, long long) { return lu + 1; }

// ⊕ = min by one atomic: the integer image for non-negative doubles, atomicMin for ints
__device__ __forceinline__ double atomic_min_value(double* p, double x) {
    return atomic_min_nonneg(p, x);
}
__device__ __forceinline__ int atomic_min_value(int* p, int x) { return atomicMin(p, x); }

template <class V, class W>
__device__ void relax_async(const long long* __restrict__ indptr,
                            const vid_t* __restrict__ indices, const W* __restrict__ weights,
                            vid_t* slots, unsigned long long mask, unsigned long long* ctr,
                            vid_t* pending, int* inq, V* value) {
    for (;;) {
        vid_t u = pop_work(slots, mask, ctr, pending);
        if (u < 0) return;
        atomicExch(&inq[u], 0);            // a later drop of value(u) queues u again
        __threadfence();
        V vu = load_relaxed(&value[u]);
        for (long long k = indptr[u]; k < indptr[u + 1]; ++k) {
            vid_t v = indices[k];
            V nv = extend(vu, weights, k);
            if (nv < load_relaxed(&value[v])) {
                V old = atomic_min_value(&value[v], nv);
                if (nv < old && atomicExch(&inq[v], 1) == 0)
                    push_work(v, slots, mask, ctr, pending);
            }
        }
        __threadfence();
        add_vid(pending, (vid_t)-1);
    }
}

#define SSSP_ASYNC(W, TAG)                                                                   \
extern "C" __global__ void sssp_async_##TAG(                                                \
        const long long* indptr, const vid_t* indices, const W* weights, vid_t* slots,      \
        unsigned long long mask, unsigned long long* ctr, vid_t* pending, int* inq,         \
        double* d) {                                                                        \
    relax_async<double, W>(indptr, indices, weights, slots, mask, ctr, pending, inq, d);    \
}
EACH_WEIGHT(SSSP_ASYNC)

extern "C" __global__ void bfs_async(const long long* indptr, const vid_t* indices,
                                     vid_t* slots, unsigned long long mask,
                                     unsigned long long* ctr, vid_t* pending, int* inq,
                                     int* levels) {
    relax_async<int, void>(indptr, indices, nullptr, slots, mask, ctr, pending, inq, levels);
}

// π(v) = an in-neighbour one level closer, for every v past level `from` (levels final).
extern "C" __global__ void bfs_parents(const long long* __restrict__ indptr_t,
                                       const vid_t* __restrict__ indices_t,
                                       const int* __restrict__ levels, vid_t n, int from,
                                       vid_t* __restrict__ parents) {
    // grid-stride: this module launches cooperatively, and CuPy cuts such a grid down to
    // what stays resident (a 10⁶-vertex graph: 1 056 of 3 907 blocks on an H100)
    for (long long v = (long long)blockIdx.x * blockDim.x + threadIdx.x; v < n;
         v += (long long)gridDim.x * blockDim.x) {
        int lv = levels[v];
        if (lv <= from) continue;
        for (long long k = indptr_t[v]; k < indptr_t[v + 1]; ++k) {
            vid_t u = indices_t[k];
            if (levels[u] == lv - 1) { parents[v] = u; break; }
        }
    }
}

// ---------------------------------------------------------------- one-block tails
// A grid-wide barrier costs microseconds; a block's __syncthreads costs nanoseconds.
// While the frontier fits in shared memory (cap vertices a queue), one block of 1024
// threads runs level after level with block barriers only; the graph's arrays stay in L2.
// When a level's output overflows the queue, the level is still finished (levels /
// distances and the marks are authoritative) and the kernel stops; state[0] = levels
// done, state[1] = 1 on overflow, and the host resumes with a grid-wide tail.
// The frame both share: ping-pong queues of `cap` ids in shared memory, one block
// barrier a round.  visit(u, round, cur, push) relaxes u's edges and calls push(v) for
// what joins the next round's queue (overflow is flagged, the round still finishes).
template <class Visit>
__device__ void block_rounds(const vid_t* __restrict__ queue0, int nf0, int cap,
                             vid_t max_rounds, vid_t* __restrict__ counts,
                             int* __restrict__ state, Visit visit) {
    extern __shared__ vid_t smem[];
    __shared__ int size[2];
    __shared__ int overflow;
    vid_t* q[2] = {smem, smem + cap};
    for (int j = threadIdx.x; j < nf0; j += blockDim.x) q[0][j] = queue0[j];
    if (threadIdx.x == 0) { size[0] = nf0; size[1] = 0; overflow = 0; }
    __syncthreads();
    int i = 0;
    for (; i < max_rounds; ++i) {
        int cur = i & 1, nxt = cur ^ 1, nf = size[cur];
        if (nf == 0 || overflow) break;
        auto push = [&](vid_t v) {
            int pos = atomicAdd(&size[nxt], 1);
            if (pos < cap) q[nxt][pos] = v; else overflow = 1;
        };
        for (int j = threadIdx.x; j < nf; j += blockDim.x) visit(q[cur][j], i, cur, push);
        __syncthreads();
        if (threadIdx.x == 0) { counts[i] = size[nxt]; size[cur] = 0; }
        __syncthreads();
    }
    if (threadIdx.x == 0) { state[0] = i; state[1] = overflow; }
}

extern "C" __global__ void bfs_tail_block(const long long* __restrict__ indptr,
                                          const vid_t* __restrict__ indices,
                                          const vid_t* __restrict__ queue0, int nf0, int cap,
                                          int start_level, int* __restrict__ levels,
                                          vid_t* __restrict__ parents,
                                          vid_t* __restrict__ counts,
                                          int* __restrict__ state) {
    const vid_t unbounded = ~(vid_t(1) << (8 * sizeof(vid_t) - 1));
    block_rounds(queue0, nf0, cap, unbounded, counts, state,
                 [&](vid_t u, int i, int, auto push) {
        for (long long k = indptr[u]; k < indptr[u + 1]; ++k) {
            vid_t v = indices[k];
            if (parents[v] == -1 && cas_vid(&parents[v], -1, u) == -1) {
                levels[v] = start_level + i + 1;
                push(v);
            }
        }
    });
}

// Workfront the same way: mark[p][v] = 1 while v waits in queue p (at most once); the
// marks of the pending queue are the frontier handed back on overflow.
template <class W, bool NONNEG>
__device__ void sssp_tail_block(const long long* __restrict__ indptr,
                                const vid_t* __restrict__ indices, const W* __restrict__ weights,
                                const vid_t* __restrict__ queue0, int nf0, int cap,
                                int* __restrict__ mark0, int* __restrict__ mark1,
                                double* __restrict__ d, vid_t* __restrict__ counts,
                                vid_t max_rounds, int* __restrict__ state) {
    int* mark[2] = {mark0, mark1};
    block_rounds(queue0, nf0, cap, max_rounds, counts, state,
                 [&](vid_t u, int, int cur, auto push) {
        int* next = mark[cur ^ 1];
        mark[cur][u] = 0;
        double du = ((volatile double*)d)[u];
        for (long long k = indptr[u]; k < indptr[u + 1]; ++k) {
            vid_t v = indices[k];
            double nd = du + as_f64(weights[k]);
            if (nd < d[v]) {
                double old = NONNEG ? atomic_min_nonneg(&d[v], nd) : atomic_min_f64(&d[v], nd);
                if (nd < old && !next[v] && atomicExch(&next[v], 1) == 0) push(v);
            }
        }
    });
}

#define SSSP_BLOCK(W, TAG, NN, NNTAG)                                                        \
extern "C" __global__ void sssp_tail_block_##TAG##NNTAG(                                    \
        const long long* indptr, const vid_t* indices, const W* weights,                    \
        const vid_t* queue0, int nf0, int cap, int* mark0, int* mark1, double* d,           \
        vid_t* counts, vid_t max_rounds, int* state) {                                      \
    sssp_tail_block<W, NN>(indptr, indices, weights, queue0, nf0, cap, mark0, mark1, d,     \
                           counts, max_rounds, state);                                      \
}
#define SSSP_BLOCK_W(W, TAG) SSSP_BLOCK(W, TAG, true, _nn) SSSP_BLOCK(W, TAG, false, )
EACH_WEIGHT(SSSP_BLOCK_W)
