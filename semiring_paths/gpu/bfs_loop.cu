// semiring_paths: a whole BFS as one device-resident loop (gpu/bfs.py, fused_bfs).
//
// Push (SOVM, q⟨¬π⟩ = q any.secondi A), pull (BOVM, q⟨¬π⟩ = Aᵀ any.firstj q) and
// direction-optimizing BFS (Beamer et al., SC'12: the rule of algorithms/bfs.py, α and
// n / β) with no host synchronisation a level.  Every thread evaluates the direction
// rule on the same state, so the rule costs no barrier; the host reads the state only
// when a launch returns.  Two shapes share the state and hand over to each other:
//
//   one block (bfs_block_*, 1024 threads): thin push levels, the frontier staged in
//     shared memory with its edge offsets and row starts, each thread claiming B_ITEMS
//     consecutive edges a pass.  It returns once the rule pulls or a frontier outgrows
//     its shared memory or `wide_e` edges.  (One SM's trips to L2 bound a level: on a
//     1000² grid, 23 000 cycles, most of them the claims; graphs of low degree keep the
//     step loop's tail, gpu/bfs.py BFS_LOW_DEGREE.)
//   a cooperative grid (bfs_grid_*): wide levels, a grid barrier each.  Push is
//     edge-balanced (a block locates the frontier positions of its edge chunk with a
//     k-ary search, then stages them); pull gives a thread to each unreached vertex,
//     which tests four in-edges a trip against the frontier's bitmap and stops at the
//     first hit.  It returns to the one block after `thin_levels` thin push levels in a
//     row.  Three bitmaps rotate: level ℓ reads ℓ % 3, sets its claims in (ℓ + 1) % 3
//     and clears (ℓ + 2) % 3; after a pull the queue is listed from the claims' bitmap.
//
// The host launches the block and then the grid back to back (the grid finds the search
// done, or goes on where the block handed over) and reads the state once a round.
// The frontier is a queue of the vertices with out-edges, with `offs`, the exclusive
// prefix sum of their out-degrees, built as they are claimed: one block-wide scan and
// one atomic a block a chunk on a packed (queued << CNT_SHIFT | edges) counter give each
// claim its position and its first edge.  Frontier sizes count every claimed vertex
// (the rule's nq), out-degree-0 ones included.  stats[r] = (frontier, edges examined or
// -1 for a pull, next frontier, 1 for a pull, the device clock in ns as the level began
// and ended): the CPU loop's records (cpu/loops/bfs.py) with their times.
#include <cooperative_groups.h>

enum BfsMode { B_PUSH = 0, B_PULL = 1, B_DO = 2 };
// ctl slots (long long): the search's state between launches (the host reads these
// names: device.py's cu_constants)
enum { B_LEVEL = 0, B_NQ, B_NE, B_PREV, B_UNEXPLORED, B_PULLING, B_THIN, B_CUR, B_DONE,
       B_REC, B_STORED, B_QUEUED, B_LASTPULL, B_SLOTS };
#define CNT_SHIFT 37
#define CNT_EDGES ((1ull << CNT_SHIFT) - 1)
#define B_ITEMS 4           // consecutive edges a thread claims in a one-block pass

#define B_STATS 6           // a level's record: frontier, edges, next, pull, start, end

__device__ __forceinline__ long long now_ns() {
    long long t;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
    return t;
}

// stats row: (frontier, edges examined or -1 for a pull, next frontier, pull, and the
// device clock in ns as the level started and ended)
__device__ __forceinline__ void record(long long* r, long long nq, long long edges,
                                       long long next, int pull, long long start) {
    r[0] = nq; r[1] = edges; r[2] = next; r[3] = pull; r[4] = start; r[5] = now_ns();
}

// opt-in instrumentation (SEMIRING_PATHS_BFS_DEFS=-DBFS_PROF): thread 0's clock cycles
// in each phase of a one-block level, summed in bfs_prof (read with get_global); `dep`
// makes the clock wait for the value the phase produced
#ifdef BFS_PROF
__device__ unsigned long long bfs_prof[8];
#define BPROF(k, dep) if (tid == 0) { asm volatile("" :: "l"((long long)(dep)));         \
    long long c_ = clock64(); bfs_prof[k] += c_ - prof_t; prof_t = c_; }
#define BPROF_LEVEL() if (tid == 0) ++bfs_prof[7];
#else
#define BPROF(k, dep)
#define BPROF_LEVEL()
#endif

struct BfsState {
    long long level, nq, ne, prev, unexplored, stored;
    int pulling;
};

__device__ __forceinline__ long long bload(const long long* p) {
    return *(volatile const long long*)p;
}

__device__ __forceinline__ BfsState read_state(const long long* ctl) {
    BfsState s;
    s.level = bload(&ctl[B_LEVEL]); s.nq = bload(&ctl[B_NQ]); s.ne = bload(&ctl[B_NE]);
    s.prev = bload(&ctl[B_PREV]); s.unexplored = bload(&ctl[B_UNEXPLORED]);
    s.stored = bload(&ctl[B_STORED]); s.pulling = (int)bload(&ctl[B_PULLING]);
    return s;
}

__device__ __forceinline__ void write_state(long long* ctl, const BfsState& s) {
    ctl[B_LEVEL] = s.level; ctl[B_NQ] = s.nq; ctl[B_NE] = s.ne; ctl[B_PREV] = s.prev;
    ctl[B_UNEXPLORED] = s.unexplored; ctl[B_STORED] = s.stored; ctl[B_PULLING] = s.pulling;
}

// The direction of the coming level (algorithms/bfs.py): pull once the frontier's
// out-edges pass the unexplored edges / α and n / β while it grows; push again once it
// is under n / β vertices and shrinking.  Updates s.pulling and s.unexplored.
__device__ __forceinline__ bool decide(BfsState& s, int mode, double alpha,
                                       double n_beta) {
    if (mode == B_PULL) return s.pulling = 1;
    if (mode == B_PUSH) return s.pulling = 0;
    if (s.pulling && (double)s.nq < n_beta && s.nq < s.prev) s.pulling = 0;
    if (!s.pulling) {
        s.unexplored -= s.ne;
        s.pulling = (double)s.ne > (double)s.unexplored / alpha && s.nq >= s.prev
                    && (double)s.ne > n_beta;
    }
    return s.pulling;
}

// A claimed vertex v: v(v) = level; returns its out-degree (its row start in *row) and
// adds its queue entry (queued << CNT_SHIFT | edges; none without out-edges) to *mine.
__device__ __forceinline__ long long claim(const long long* indptr, int* levels, vid_t v,
                                           int level, long long* row,
                                           unsigned long long* mine) {
    levels[v] = level;
    *row = indptr[v];
    long long deg = indptr[v + 1] - *row;
    *mine += deg ? (1ull << CNT_SHIFT) + deg : 0;
    return deg;
}

// A fresh search from `source`: v(s) = 0, π(s) = s, q = [s].
__device__ __forceinline__ void start_state(long long* ctl, vid_t* q0, long long* o0,
                                            const long long* indptr, vid_t source,
                                            long long m, int mode, int* levels,
                                            vid_t* parents) {
    long long deg = indptr[source + 1] - indptr[source];
    levels[source] = 0;
    parents[source] = source;
    for (int k = 0; k < B_SLOTS; ++k) ctl[k] = 0;
    ctl[B_NQ] = 1; ctl[B_NE] = deg; ctl[B_PREV] = 1; ctl[B_UNEXPLORED] = m;
    ctl[B_PULLING] = mode == B_PULL; ctl[B_STORED] = deg > 0; ctl[B_QUEUED] = 1;
    q0[0] = source; o0[0] = 0;
}

// ======================================================================== one block
template <int MODE>
__device__ void bfs_block(const long long* __restrict__ indptr,
                          const vid_t* __restrict__ indices, vid_t source, long long m,
                          int* levels, vid_t* parents, vid_t* q0, vid_t* q1, long long* o0,
                          long long* o1, long long* ctl, long long* stats, long long records,
                          int fresh, double alpha, double n_beta, int cap, long long wide_e) {
    // shared memory, per staged queue: edge offsets, row starts (long long), ids
    extern __shared__ long long smem[];
    vid_t* sids = (vid_t*)(smem + 4 * cap);
    __shared__ unsigned long long s_next[2];         // (queued << CNT_SHIFT | edges), count
    __shared__ int s_done;
    const int tid = threadIdx.x, nt = blockDim.x;
    if (source >= 0) {
        if (tid == 0) start_state(ctl, q0, o0, indptr, source, m, MODE, levels, parents);
        __syncthreads();
    }
    BfsState s = read_state(ctl);
    int cur = (int)bload(&ctl[B_CUR]);
    const bool queued = bload(&ctl[B_QUEUED]) != 0;  // else the grid lists it first
    long long rec = fresh ? 0 : bload(&ctl[B_REC]);   // a round's records run on
    bool ran = false;
    if (queued && s.stored <= cap) {                 // stage the queue it was launched on
        const vid_t* gq = cur ? q1 : q0;
        const long long* go = cur ? o1 : o0;
        for (long long i = tid; i < s.stored; i += nt) {
            vid_t u = gq[i];
            sids[cur * cap + i] = u; smem[cur * cap + i] = go[i];
            smem[(2 + cur) * cap + i] = indptr[u];
        }
    }
    if (tid == 0) s_done = 0;
    __syncthreads();
#ifdef BFS_PROF
    long long prof_t = clock64();
#endif
    for (;;) {
        if (s.nq == 0) { if (tid == 0) s_done = 1; break; }
        BfsState t = s;
        if (decide(t, MODE, alpha, n_beta) || s.stored > cap || s.ne > wide_e
            || rec == records || !queued)
            break;                                   // wide, pulling, or records full
        s = t;
        const long long t_level = tid == 0 ? now_ns() : 0;
        if (tid == 0) { s_next[0] = 0; s_next[1] = 0; }
        __syncthreads();
        BPROF(0, 0)
        const int nxt = cur ^ 1;
        const int lv = (int)s.level + 1;
        const long long* off = smem + cur * cap;     // this level's staged queue
        const long long* rows = smem + (2 + cur) * cap;
        const vid_t* ids = sids + cur * cap;
        long long* off_n = smem + nxt * cap;         // the next level's
        long long* rows_n = smem + (2 + nxt) * cap;
        vid_t* ids_n = sids + nxt * cap;
        vid_t* gq_n = nxt ? q1 : q0;
        long long* go_n = nxt ? o1 : o0;
        const int nst = (int)s.stored;
        // ---- q⟨¬π⟩ = q any.secondi A: thread tid claims edges e0 .. e0 + B_ITEMS - 1
        for (long long base = 0; base < s.ne; base += (long long)nt * B_ITEMS) {
            long long e0 = base + (long long)tid * B_ITEMS;
            vid_t v[B_ITEMS], u[B_ITEMS];
            unsigned won = 0;
            int i = e0 < s.ne ? stage_search(off, nst, e0) : 0;
#pragma unroll
            for (int j = 0; j < B_ITEMS; ++j) {
                long long e = e0 + j;
                if (e < s.ne) {
                    while (i + 1 < nst && off[i + 1] <= e) ++i;
                    u[j] = ids[i];
                    v[j] = indices[rows[i] + (e - off[i])];
                    won |= 1u << j;
                }
            }
#pragma unroll
            for (int j = 0; j < B_ITEMS; ++j)                 // π(v) = u, first claim wins
                if ((won >> j & 1) && cas_vid(&parents[v[j]], -1, u[j]) != -1)
                    won &= ~(1u << j);
            BPROF(1, won)
            long long row[B_ITEMS], deg[B_ITEMS];
            unsigned long long mine = 0, claimed = 0;
#pragma unroll
            for (int j = 0; j < B_ITEMS; ++j) {
                deg[j] = 0;
                if (won >> j & 1) {
                    deg[j] = claim(indptr, levels, v[j], lv, &row[j], &mine);
                    ++claimed;
                }
            }
            BPROF(2, mine)
            claimed = __reduce_add_sync(0xffffffffu, (unsigned)claimed);
            if ((tid & 31) == 0 && claimed) atomicAdd(&s_next[1], claimed);
            unsigned long long total;
            unsigned long long at = block_scan(mine, &total);
            unsigned long long base_q = s_next[0];
            __syncthreads();
            if (tid == 0) s_next[0] += total;
            BPROF(3, 0)
            at += base_q;
            long long pos = (long long)(at >> CNT_SHIFT), o = (long long)(at & CNT_EDGES);
#pragma unroll
            for (int j = 0; j < B_ITEMS; ++j) {
                if ((won >> j & 1) && deg[j]) {
                    gq_n[pos] = v[j]; go_n[pos] = o;
                    if (pos < cap) { ids_n[pos] = v[j]; off_n[pos] = o; rows_n[pos] = row[j]; }
                    ++pos; o += deg[j];
                }
            }
        }
        __syncthreads();
        BPROF(4, 0)
        long long nq = (long long)s_next[1];
        if (tid == 0) record(stats + B_STATS * rec, s.nq, s.ne, nq, 0, t_level);
        ++rec;
        ran = true;
        s.prev = s.nq; s.nq = nq; s.stored = (long long)(s_next[0] >> CNT_SHIFT);
        s.ne = (long long)(s_next[0] & CNT_EDGES); s.level += 1;
        cur = nxt;
        __syncthreads();
        BPROF(5, 0)
        BPROF_LEVEL()
    }
    if (tid == 0) {
        write_state(ctl, s);
        ctl[B_CUR] = cur; ctl[B_REC] = rec; ctl[B_DONE] = s_done; ctl[B_THIN] = 0;
        if (ran) ctl[B_LASTPULL] = 0;
    }
}

// ======================================================================== the grid
#define G_ITEMS 4           // edges a thread a chunk in a grid push level

// Append this thread's claims (`mine` packed, `claimed` counted) to the next queue: one
// scan and one atomic on the level's counter a block.  Returns the packed position.
__shared__ unsigned long long s_claimed;          // a block's claims in grid_append

__device__ __forceinline__ unsigned long long grid_append(unsigned long long mine,
                                                          unsigned long long claimed,
                                                          unsigned long long* counter) {
    __shared__ unsigned long long s_base;
    claimed = __reduce_add_sync(0xffffffffu, (unsigned)claimed);
    if ((threadIdx.x & 31) == 0 && claimed) atomicAdd(&s_claimed, claimed);
    unsigned long long total;
    unsigned long long at = block_scan(mine, &total);   // its barriers order s_claimed
    if (threadIdx.x == 0) {
        s_base = total ? atomicAdd(&counter[0], total) : 0;
        if (s_claimed) atomicAdd(&counter[1], s_claimed);
        s_claimed = 0;
    }
    __syncthreads();
    at += s_base;
    __syncthreads();
    return at;
}

template <int MODE>
__device__ void bfs_grid(const long long* __restrict__ indptr,
                         const vid_t* __restrict__ indices,
                         const long long* __restrict__ ptr_t, const vid_t* __restrict__ idx_t,
                         vid_t source, long long m, vid_t n, int* levels, vid_t* parents,
                         vid_t* q0, vid_t* q1, long long* o0, long long* o1,
                         unsigned* bits, long long words, unsigned long long* cnt,
                         long long* ctl, long long* stats,
                         long long records, int fresh, double alpha, double n_beta,
                         long long thin_q, long long thin_e, int thin_levels) {
    cooperative_groups::grid_group grid = cooperative_groups::this_grid();
    __shared__ long long s_off[256 * G_ITEMS], s_row[256 * G_ITEMS];
    __shared__ vid_t s_ids[256 * G_ITEMS];
    const long long gtid = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    const long long stride = (long long)gridDim.x * blockDim.x;
    const int tid = threadIdx.x, nt = blockDim.x;
    unsigned long long* listed = cnt + 6;            // the counter of a frontier's listing
    if (tid == 0) s_claimed = 0;
    if (gtid == 0) {
        if (source >= 0) start_state(ctl, q0, o0, indptr, source, m, MODE, levels, parents);
        long long l = source >= 0 ? 0 : ctl[B_LEVEL];
        for (int k = 1; k <= 2; ++k)                 // the next two levels' counters
            cnt[2 * ((l + k) % 3)] = cnt[2 * ((l + k) % 3) + 1] = 0;
        listed[0] = 0; listed[1] = 0;
    }
    grid.sync();
    BfsState s = read_state(ctl);
    int cur = (int)bload(&ctl[B_CUR]);
    bool queued = bload(&ctl[B_QUEUED]) != 0, last_pull = bload(&ctl[B_LASTPULL]) != 0;
    long long thin = bload(&ctl[B_THIN]), rec = fresh ? 0 : bload(&ctl[B_REC]);
    bool done = false;
    const long long chunk = (long long)nt * G_ITEMS;
    for (;;) {
        if (s.nq == 0) { done = true; break; }
        BfsState t = s;
        bool pull = decide(t, MODE, alpha, n_beta);
        long long thin_next = !pull && s.nq <= thin_q && s.ne <= thin_e ? thin + 1 : 0;
        if (thin_next >= thin_levels || rec == records) break;   // one block's, or full
        thin = thin_next;
        s = t;
        const long long t_level = gtid == 0 ? now_ns() : 0;
        const int nxt = cur ^ 1;
        const int lv = (int)s.level + 1;
        vid_t* q_n = nxt ? q1 : q0;
        long long* off_n = nxt ? o1 : o0;
        unsigned long long* counter = cnt + 2 * ((s.level + 1) % 3);
        if (gtid == 0)                               // read last before level ℓ - 1
            cnt[2 * ((s.level + 2) % 3)] = cnt[2 * ((s.level + 2) % 3) + 1] = 0;
        // three frontier bitmaps rotate: level ℓ reads bits ℓ % 3 and sets its claims in
        // (ℓ + 1) % 3; every bitmap is clear while the search pushes
        unsigned* fb = bits + (s.level % 3) * words;
        unsigned* nb = bits + ((s.level + 1) % 3) * words;
        unsigned* cb = bits + ((s.level + 2) % 3) * words;
        if (pull) {
            if (!last_pull) {        // after a push: the frontier's bitmap from its queue,
                const vid_t* q = cur ? q1 : q0;   // which lists every frontier vertex with
                for (long long i = gtid; i < s.stored; i += stride) {   // out-edges: the
                    vid_t u = q[i];                                     // only ones an
                    atomicOr(&fb[u >> 5], 1u << (u & 31));              // in-edge leaves
                }
                grid.sync();
            }
            for (long long w = gtid; w < words; w += stride) cb[w] = 0;   // read at ℓ - 1
            if (gtid == 0) { listed[0] = 0; listed[1] = 0; }
            // ---- q⟨¬π⟩ = Aᵀ any.firstj q: unreached v stops at its first in-neighbour
            //      in the frontier (four in-edges a trip)
            unsigned long long mine = 0, claimed = 0;
            for (long long v = gtid; v < n; v += stride) {
                if (levels[v] >= 0) continue;
                vid_t hit = -1;
                for (long long k = ptr_t[v], end = ptr_t[v + 1]; k < end && hit < 0; k += 4) {
                    vid_t u[4];
#pragma unroll
                    for (int j = 0; j < 4; ++j) u[j] = k + j < end ? idx_t[k + j] : -1;
#pragma unroll
                    for (int j = 0; j < 4; ++j)
                        if (hit < 0 && u[j] >= 0 && (fb[u[j] >> 5] >> (u[j] & 31) & 1))
                            hit = u[j];
                }
                if (hit >= 0) {
                    long long row;
                    parents[v] = hit;
                    claim(indptr, levels, (vid_t)v, lv, &row, &mine);
                    atomicOr(&nb[v >> 5], 1u << (v & 31));
                    ++claimed;
                }
            }
            grid_append(mine, claimed, counter);             // sizes only: no queue
            queued = false;
        } else {
            if (!queued) {           // after a pull: list the frontier, its claims' bitmap
                for (long long w0 = (long long)blockIdx.x * nt; w0 < words;
                     w0 += (long long)gridDim.x * nt) {
                    long long w = w0 + tid;
                    unsigned x = w < words ? fb[w] : 0u;
                    unsigned long long mine = 0;
                    for (unsigned y = x; y; y &= y - 1) {
                        long long v = w * 32 + __ffs(y) - 1;
                        long long deg = indptr[v + 1] - indptr[v];
                        mine += deg ? (1ull << CNT_SHIFT) + deg : 0;
                    }
                    unsigned long long at = grid_append(mine, 0, listed);
                    long long pos = (long long)(at >> CNT_SHIFT);
                    long long o = (long long)(at & CNT_EDGES);
                    for (unsigned y = x; y; y &= y - 1) {
                        long long v = w * 32 + __ffs(y) - 1;
                        long long deg = indptr[v + 1] - indptr[v];
                        if (deg) {
                            (cur ? q1 : q0)[pos] = (vid_t)v;
                            (cur ? o1 : o0)[pos] = o;
                            ++pos; o += deg;
                        }
                    }
                }
                grid.sync();
                queued = true;
            }
            if (last_pull)           // back to push: clear what the pulls set
                for (long long w = gtid; w < words; w += stride) { fb[w] = 0; cb[w] = 0; }
            // ---- q⟨¬π⟩ = q any.secondi A, edge-balanced: a block takes `chunk` edges
            const vid_t* q = cur ? q1 : q0;
            const long long* off = cur ? o1 : o0;
            for (long long base = (long long)blockIdx.x * chunk; base < s.ne;
                 base += (long long)gridDim.x * chunk) {
                long long last = min(base + chunk, s.ne) - 1;
                long long first = block_search(off, s.stored, base);
                long long span = block_search(off, s.stored, last) - first + 1;
                for (long long i = tid; i < span; i += nt) {    // span <= chunk: out-degree ≥ 1
                    vid_t u = q[first + i];
                    s_ids[i] = u; s_off[i] = off[first + i]; s_row[i] = indptr[u];
                }
                __syncthreads();
                vid_t v[G_ITEMS], u[G_ITEMS];
                bool won[G_ITEMS];
                long long row[G_ITEMS], deg[G_ITEMS];
                unsigned long long mine = 0, claimed = 0;
#pragma unroll
                for (int j = 0; j < G_ITEMS; ++j) {
                    long long e = base + (long long)j * nt + tid;
                    won[j] = e <= last;
                    if (won[j]) {
                        int i = stage_search(s_off, (int)span, e);
                        u[j] = s_ids[i];
                        v[j] = indices[s_row[i] + (e - s_off[i])];
                    }
                }
#pragma unroll
                for (int j = 0; j < G_ITEMS; ++j)
                    if (won[j]) won[j] = parents[v[j]] == -1
                                         && cas_vid(&parents[v[j]], -1, u[j]) == -1;
#pragma unroll
                for (int j = 0; j < G_ITEMS; ++j) {
                    deg[j] = 0;
                    if (won[j]) {
                        deg[j] = claim(indptr, levels, v[j], lv, &row[j], &mine);
                        ++claimed;
                    }
                }
                unsigned long long at = grid_append(mine, claimed, counter);
                long long pos = (long long)(at >> CNT_SHIFT), o = (long long)(at & CNT_EDGES);
#pragma unroll
                for (int j = 0; j < G_ITEMS; ++j)
                    if (won[j] && deg[j]) {
                        q_n[pos] = v[j]; off_n[pos] = o;
                        ++pos; o += deg[j];
                    }
            }
            queued = true;
        }
        grid.sync();
        unsigned long long packed = *(volatile unsigned long long*)&counter[0];
        long long nq = (long long)*(volatile unsigned long long*)&counter[1];
        if (gtid == 0)
            record(stats + B_STATS * rec, s.nq, pull ? -1 : s.ne, nq, pull, t_level);
        ++rec;
        s.prev = s.nq; s.nq = nq; s.stored = (long long)(packed >> CNT_SHIFT);
        s.ne = (long long)(packed & CNT_EDGES); s.level += 1;
        if (!pull) cur = nxt;        // a pull leaves its frontier to be listed in q[cur]
        last_pull = pull;
    }
    if (gtid == 0) {
        write_state(ctl, s);
        ctl[B_CUR] = cur; ctl[B_REC] = rec; ctl[B_DONE] = done; ctl[B_THIN] = thin;
        ctl[B_QUEUED] = queued; ctl[B_LASTPULL] = last_pull;
    }
}

#define BFS_KERNELS(MODE, TAG)                                                              \
extern "C" __global__ void __launch_bounds__(1024) bfs_block_##TAG(                         \
        const long long* indptr, const vid_t* indices, vid_t source, long long m,           \
        int* levels, vid_t* parents, vid_t* q0, vid_t* q1, long long* o0, long long* o1,    \
        long long* ctl, long long* stats, long long records, int fresh, double alpha,       \
        double n_beta, int cap, long long wide_e) {                                         \
    bfs_block<MODE>(indptr, indices, source, m, levels, parents, q0, q1, o0, o1, ctl,      \
                    stats, records, fresh, alpha, n_beta, cap, wide_e);                     \
}                                                                                           \
extern "C" __global__ void __launch_bounds__(256, 4) bfs_grid_##TAG(                      \
        const long long* indptr, const vid_t* indices, const long long* ptr_t,              \
        const vid_t* idx_t, vid_t source, long long m, vid_t n, int* levels,                \
        vid_t* parents, vid_t* q0, vid_t* q1, long long* o0, long long* o1, unsigned* bits, \
        long long words, unsigned long long* cnt, long long* ctl, long long* stats,         \
        long long records, int fresh, double alpha, double n_beta, long long thin_q,        \
        long long thin_e, int thin_levels) {                                                \
    bfs_grid<MODE>(indptr, indices, ptr_t, idx_t, source, m, n, levels, parents, q0, q1,    \
                   o0, o1, bits, words, cnt, ctl, stats, records, fresh, alpha, n_beta,     \
                   thin_q, thin_e, thin_levels);                                            \
}
BFS_KERNELS(B_PUSH, push)
BFS_KERNELS(B_PULL, pull)
BFS_KERNELS(B_DO, do)
