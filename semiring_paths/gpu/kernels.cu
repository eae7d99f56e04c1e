// semiring_paths GPU kernels: one relaxation step of the algebra, per strategy role.
//
// Vertex ids are vid_t: int while n < 2^31 - 1, long long beyond (gpu/backend.py prepends
// the typedef); row pointers are 8-byte (m may exceed 2^31).
// Push kernels give one thread to each frontier edge (bfs_push_lbs, sssp_push_lbs; the
// generic relax_push gives a warp to each frontier vertex); pull gives one thread to
// each unreached vertex, which stops at the first in-neighbour in the frontier.

#define WARP 32

__device__ __forceinline__ void warp_count(int found, vid_t* counter) {
    for (int off = 16; off > 0; off >>= 1) found += __shfl_down_sync(0xffffffffu, found, off);
    if ((threadIdx.x & 31) == 0 && found) add_vid(counter, (vid_t)found);
}

// *counter += x summed over the warp: one atomicAdd a warp (every lane must call it)
__device__ __forceinline__ void warp_add(long long x, unsigned long long* counter) {
    for (int off = 16; off > 0; off >>= 1) x += __shfl_down_sync(0xffffffffu, x, off);
    if ((threadIdx.x & 31) == 0 && x) atomicAdd(counter, (unsigned long long)x);
}

// The BFS steps write v⟨q⟩ = level as they claim, and count the next frontier and its
// out-edges (counters[0], counters[1]) on the way: the direction-optimizing loop reads
// both with one 16-byte copy a level, with no pass over the frontier on the host's behalf.

// q⟨¬π, replace⟩ = Aᵀ any.firstj q: each unreached v scans its in-edges, stops at a hit.
extern "C" __global__ void bfs_pull(const long long* __restrict__ indptr_t,
                                    const vid_t* __restrict__ indices_t,
                                    const long long* __restrict__ indptr,
                                    const unsigned char* __restrict__ in_frontier, vid_t n,
                                    vid_t* __restrict__ parents, int* __restrict__ levels,
                                    int level, unsigned char* __restrict__ next_flag,
                                    unsigned long long* __restrict__ counters) {
    vid_t v = (vid_t)blockIdx.x * blockDim.x + threadIdx.x;
    int found = 0;
    long long out_edges = 0;
    if (v < n && parents[v] == -1) {
        for (long long k = indptr_t[v]; k < indptr_t[v + 1]; ++k) {
            vid_t u = indices_t[k];
            if (in_frontier[u]) {
                parents[v] = u;
                levels[v] = level;
                next_flag[v] = 1;
                found = 1;
                out_edges = indptr[v + 1] - indptr[v];
                break;
            }
        }
    }
    warp_add(found, counters);                 // one atomicAdd a warp for each count
    warp_add(out_edges, counters + 1);
}

// atomic_min_f64 / atomic_max_f64 / atomic_min_nonneg (atomics.cuh) are prepended to this
// source by gpu/backend.py.  Weights stay in the graph's dtype (W: int, long long, float,
// double); sums are formed in double, as the CPU backend does, so both give the same bits.
// NONNEG: every weight ≥ 0, so distances are ≥ 0 and ⊕ is one 64-bit integer atomicMin
// on their bit patterns (order-preserving for non-negative doubles); else a CAS loop.

template <bool NONNEG>
__device__ __forceinline__ double relax_min(double* d, double nd) {
    return NONNEG ? atomic_min_nonneg(d, nd) : atomic_min_f64(d, nd);
}

// t = f min.+ A fused with d ⊕= t: relax the frontier's edges into d and mark what
// improved.  Edge-balanced (002 §IV-B): thread e takes the e-th edge of the frontier's
// edge list, offs being the exclusive prefix sum of the frontier's out-degrees, so a
// hub's 10^5 edges spread over 10^5 threads; du holds d(u) of each frontier vertex as
// the round began.  Each thread finds its frontier vertex by a block-local search (the
// load-balanced search of merge-path SpMV): two threads of the block find the first and
// last frontier positions its edges fall in, the offsets between are staged in shared
// memory (when they fit), and each thread searches that short run — a few shared loads
// instead of log2(nf) dependent global ones (measured on kron22: 10.6 vs 11.0 ms).
// Output: flags changed[v] = 1 (the host lists them with one scan: big rounds), or, with
// QUEUE, a queue of what improved, each vertex once (mark[v]), and counters = (queue
// size, its out-edges) — small rounds, where one scan of n flags costs more than the
// round.  (Queueing a 2M-vertex round instead serialises ~10^6 atomics on one counter:
// measured 15.4 ms on kron22.)
#define LBS_STAGE 512
// The block-local search: for the calling thread's edge e (< total), the last frontier
// position i with offs[i] <= e and offs[i].  Every thread of the block must call it.
__device__ __forceinline__ bool lbs_locate(const long long* __restrict__ offs, vid_t nf,
                                           long long total, vid_t* pos, long long* start) {
    __shared__ long long s_offs[LBS_STAGE];
    __shared__ vid_t s_first, s_last;
    long long e0 = (long long)blockIdx.x * blockDim.x, e = e0 + threadIdx.x;
    if (threadIdx.x < 2) {                     // last i with offs[i] <= the block's ends
        long long target = threadIdx.x ? min(e0 + (long long)blockDim.x, total) - 1 : e0;
        vid_t lo = 0, hi = nf - 1;
        while (lo < hi) {
            vid_t mid = (lo + hi + 1) >> 1;
            if (offs[mid] <= target) lo = mid; else hi = mid - 1;
        }
        if (threadIdx.x) s_last = lo; else s_first = lo;
    }
    __syncthreads();
    vid_t first = s_first, span = s_last - s_first + 1;
    bool staged = span <= LBS_STAGE;
    if (staged)
        for (vid_t i = threadIdx.x; i < span; i += blockDim.x) s_offs[i] = offs[first + i];
    __syncthreads();
    if (e >= total) return false;
    vid_t lo = 0, hi = span - 1;
    while (lo < hi) {
        vid_t mid = (lo + hi + 1) >> 1;
        if ((staged ? s_offs[mid] : offs[first + mid]) <= e) lo = mid; else hi = mid - 1;
    }
    *start = staged ? s_offs[lo] : offs[first + lo];
    *pos = first + lo;
    return true;
}

template <class W, bool NONNEG, bool QUEUE>
__device__ void sssp_push_lbs(const long long* __restrict__ indptr,
                              const vid_t* __restrict__ indices, const W* __restrict__ weights,
                              const vid_t* __restrict__ frontier, const double* __restrict__ du,
                              const long long* __restrict__ offs, vid_t nf, long long total,
                              double* __restrict__ d, unsigned char* __restrict__ changed,
                              int* __restrict__ mark, vid_t* __restrict__ next,
                              unsigned long long* __restrict__ counters) {
    vid_t i;
    long long start, out_edges = 0;
    if (lbs_locate(offs, nf, total, &i, &start)) {
        long long k = indptr[frontier[i]] + ((long long)blockIdx.x * blockDim.x
                                             + threadIdx.x - start);
        vid_t v = indices[k];
        double nd = du[i] + as_f64(weights[k]);
        if (nd < d[v]) {
            double old = relax_min<NONNEG>(&d[v], nd);
            if (nd < old) {
                if (!QUEUE) {
                    changed[v] = 1;
                } else if (!mark[v] && atomicExch(&mark[v], 1) == 0) {
                    enqueue(next, counters, v);
                    out_edges = indptr[v + 1] - indptr[v];
                }
            }
        }
    }
    if (QUEUE) warp_add(out_edges, counters + 1);     // every lane: no early return
}

// A search's start in one launch: π = v = -1 but π(s) = s, v(s) = 0; q = [s].
extern "C" __global__ void bfs_init(vid_t n, vid_t source, int* __restrict__ levels,
                                    vid_t* __restrict__ parents, vid_t* __restrict__ q) {
    for (long long v = (long long)blockIdx.x * blockDim.x + threadIdx.x; v < n;
         v += (long long)gridDim.x * blockDim.x) {
        levels[v] = v == source ? 0 : -1;
        parents[v] = v == source ? source : (vid_t)-1;
    }
    if (blockIdx.x == 0 && threadIdx.x == 0) q[0] = source;
}

// An SSSP loop's state set up in one launch, where a CuPy call an array (a fill, then the
// source's entry) cost the host 10–60 µs each: about 0.8 ms a search in all, of a 9 ms
// Kronecker 22 search (H100).  Each array takes its fill and its value at the source (a
// double as its bits); a null array is passed by; q[0] = s where q is given.
extern "C" __global__ void search_init(long long n, long long source,
        long long* a8, long long fa8, long long sa8, long long* b8, long long fb8,
        long long sb8, long long* c8, long long fc8, long long sc8,
        int* a4, int fa4, int sa4, int* b4, int fb4, int sb4, int* c4, int fc4, int sc4,
        vid_t* q) {
    for (long long v = (long long)blockIdx.x * blockDim.x + threadIdx.x; v < n;
         v += (long long)gridDim.x * blockDim.x) {
        bool s = v == source;
        if (a8) a8[v] = s ? sa8 : fa8;
        if (b8) b8[v] = s ? sb8 : fb8;
        if (c8) c8[v] = s ? sc8 : fc8;
        if (a4) a4[v] = s ? sa4 : fa4;
        if (b4) b4[v] = s ? sb4 : fb4;
        if (c4) c4[v] = s ? sc4 : fc4;
    }
    if (q && blockIdx.x == 0 && threadIdx.x == 0) q[0] = (vid_t)source;
}

// q⟨¬π, replace⟩ = q any.secondi A, edge-balanced the same way: thread per frontier edge,
// so a hub's 10^5 edges do not serialise one warp (measured on kron22: a level-2 hub held
// one warp for 1.7 ms).  Claims write π and the level, queue v and count its out-edges.
extern "C" __global__ void bfs_push_lbs(const long long* __restrict__ indptr,
                                        const vid_t* __restrict__ indices,
                                        const vid_t* __restrict__ frontier,
                                        const long long* __restrict__ offs, vid_t nf,
                                        long long total, vid_t* __restrict__ parents,
                                        int* __restrict__ levels, int level,
                                        vid_t* __restrict__ next,
                                        unsigned long long* __restrict__ counters) {
    vid_t i;
    long long start, out_edges = 0;
    if (lbs_locate(offs, nf, total, &i, &start)) {
        vid_t u = frontier[i];
        long long k = indptr[u] + ((long long)blockIdx.x * blockDim.x + threadIdx.x - start);
        vid_t v = indices[k];
        if (parents[v] == -1 && cas_vid(&parents[v], -1, u) == -1) {
            levels[v] = level;
            enqueue(next, counters, v);
            out_edges = indptr[v + 1] - indptr[v];
        }
    }
    warp_add(out_edges, counters + 1);
}

#define PREP_ITEMS 8
// A small step's setup in one block of 1024 threads (nf ≤ 1024·PREP_ITEMS): offs =
// exclusive prefix sum of the frontier's out-degrees, counters zeroed, and for SSSP
// du = d⟨f⟩ and the frontier's marks cleared (they may be queued again) — one launch
// instead of five CuPy passes.
extern "C" __global__ void prep_small(const vid_t* __restrict__ frontier, vid_t nf,
                                           const long long* __restrict__ indptr,
                                           const double* __restrict__ d,
                                           long long* __restrict__ offs,
                                           double* __restrict__ du, int* __restrict__ mark,
                                           unsigned long long* __restrict__ counters) {
    __shared__ long long warp_sums[32];
    int t = threadIdx.x, lane = t & 31, wid = t >> 5;
    long long deg[PREP_ITEMS], sum = 0;
    for (int j = 0; j < PREP_ITEMS; ++j) {
        vid_t i = (vid_t)t * PREP_ITEMS + j;
        deg[j] = 0;
        if (i < nf) {
            vid_t u = frontier[i];
            deg[j] = indptr[u + 1] - indptr[u];
            if (d) du[i] = d[u];
            if (mark) mark[u] = 0;
        }
        sum += deg[j];
    }
    long long x = sum;                          // inclusive scan over the warp
    for (int off = 1; off < 32; off <<= 1) {
        long long y = __shfl_up_sync(0xffffffffu, x, off);
        if (lane >= off) x += y;
    }
    if (lane == 31) warp_sums[wid] = x;
    __syncthreads();
    if (wid == 0) {                             // ... and over the 32 warp totals
        long long w = warp_sums[lane];
        for (int off = 1; off < 32; off <<= 1) {
            long long y = __shfl_up_sync(0xffffffffu, w, off);
            if (lane >= off) w += y;
        }
        warp_sums[lane] = w;
    }
    __syncthreads();
    long long base = x - sum + (wid ? warp_sums[wid - 1] : 0);
    for (int j = 0; j < PREP_ITEMS; ++j) {
        vid_t i = (vid_t)t * PREP_ITEMS + j;
        if (i < nf) offs[i] = base;
        base += deg[j];
    }
    if (t == 0) { counters[0] = 0; counters[1] = 0; }
}

// The same with f = {v : changed_in[v]}, thread per vertex: the device-resident tail of
// high-diameter graphs (rounds launched back to back in a CUDA graph, no host read;
// per-round counts accumulate on the device, warp-aggregated).
// Each thread clears the input flag it consumed, so the two flag arrays alternate with no
// memset between rounds.
template <class W, bool NONNEG>
__device__ void sssp_push_flags(const long long* __restrict__ indptr,
                                const vid_t* __restrict__ indices, const W* __restrict__ weights,
                                vid_t n, unsigned char* __restrict__ changed_in,
                                unsigned char* __restrict__ changed_out,
                                double* __restrict__ d, vid_t* __restrict__ count) {
    vid_t v = (vid_t)blockIdx.x * blockDim.x + threadIdx.x;
    int found = 0;
    if (v < n && changed_in[v]) {
        changed_in[v] = 0;
        double dv = d[v];
        for (long long k = indptr[v]; k < indptr[v + 1]; ++k) {
            vid_t w = indices[k];
            double nd = dv + as_f64(weights[k]);
            if (nd < d[w]) {
                double old = relax_min<NONNEG>(&d[w], nd);
                if (nd < old && !changed_out[w]) { changed_out[w] = 1; ++found; }
            }
        }
    }
    warp_count(found, count);
}

#define SSSP_KERNELS(W, TAG, NN, NNTAG)                                                      \
extern "C" __global__ void sssp_push_lbs_##TAG##NNTAG(                                      \
        const long long* indptr, const vid_t* indices, const W* weights,                    \
        const vid_t* frontier, const double* du, const long long* offs, vid_t nf,          \
        long long total, double* d, unsigned char* changed) {                               \
    sssp_push_lbs<W, NN, false>(indptr, indices, weights, frontier, du, offs, nf, total, d, \
                                changed, nullptr, nullptr, nullptr);                        \
}                                                                                           \
extern "C" __global__ void sssp_push_lbsq_##TAG##NNTAG(                                     \
        const long long* indptr, const vid_t* indices, const W* weights,                    \
        const vid_t* frontier, const double* du, const long long* offs, vid_t nf,          \
        long long total, double* d, int* mark, vid_t* next, unsigned long long* counters) { \
    sssp_push_lbs<W, NN, true>(indptr, indices, weights, frontier, du, offs, nf, total, d,  \
                               nullptr, mark, next, counters);                              \
}                                                                                           \
extern "C" __global__ void sssp_push_flags_##TAG##NNTAG(                                    \
        const long long* indptr, const vid_t* indices, const W* weights, vid_t n,           \
        unsigned char* changed_in, unsigned char* changed_out, double* d,                   \
        vid_t* count) {                                                                     \
    sssp_push_flags<W, NN>(indptr, indices, weights, n, changed_in, changed_out, d, count); \
}
#define SSSP_KERNELS_W(W, TAG) SSSP_KERNELS(W, TAG, true, _nn) SSSP_KERNELS(W, TAG, false, )
EACH_WEIGHT(SSSP_KERNELS_W)

// ---------------------------------------------------------------- one relaxation step
// The generic step of algorithms/sssp.py for the semirings the device runs: vectors are
// dense values plus presence flags (gpu/vectors.py); t starts at 0̄ everywhere.
//   push: t⟨¬S⟩ = f ⊕.⊗ A — warp per frontier vertex, ⊕ by a CAS atomic on doubles
//   pull: t⟨¬S⟩ = Aᵀ ⊕.⊗ f — thread per vertex over its in-edges, no atomics
struct MinPlus {
    static __device__ double times(double a, double w) { return a + w; }
    static __device__ bool better(double a, double b) { return a < b; }
    static __device__ void add(double* t, double x) { atomic_min_f64(t, x); }
};
struct MaxMin {
    static __device__ double times(double a, double w) { return fmin(a, w); }
    static __device__ bool better(double a, double b) { return a > b; }
    static __device__ void add(double* t, double x) { atomic_max_f64(t, x); }
};
struct MaxTimes {
    static __device__ double times(double a, double w) { return a * w; }
    static __device__ bool better(double a, double b) { return a > b; }
    static __device__ void add(double* t, double x) { atomic_max_f64(t, x); }
};

template <class S, class W>
__device__ void relax_push(const long long* __restrict__ indptr,
                           const vid_t* __restrict__ indices, const W* __restrict__ weights,
                           const vid_t* __restrict__ frontier, const double* __restrict__ fval,
                           vid_t nf, const unsigned char* __restrict__ exclude,
                           double* __restrict__ t, unsigned char* __restrict__ thas) {
    long long gt = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    vid_t w = (vid_t)(gt / WARP);
    int lane = threadIdx.x % WARP;
    if (w >= nf) return;
    vid_t u = frontier[w];
    double a = fval[u];
    for (long long k = indptr[u] + lane; k < indptr[u + 1]; k += WARP) {
        vid_t v = indices[k];
        if (exclude && exclude[v]) continue;
        double x = S::times(a, as_f64(weights[k]));
        if (!thas[v]) thas[v] = 1;
        if (S::better(x, t[v])) S::add(&t[v], x);
    }
}

template <class S, class W>
__device__ void relax_pull(const long long* __restrict__ indptr_t,
                           const vid_t* __restrict__ indices_t, const W* __restrict__ weights_t,
                           const double* __restrict__ fval,
                           const unsigned char* __restrict__ fhas, vid_t n,
                           const unsigned char* __restrict__ exclude,
                           double* __restrict__ t, unsigned char* __restrict__ thas) {
    vid_t v = (vid_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (v >= n || (exclude && exclude[v])) return;
    double acc = t[v];
    bool any = false;
    for (long long k = indptr_t[v]; k < indptr_t[v + 1]; ++k) {
        vid_t u = indices_t[k];
        if (!fhas[u]) continue;
        any = true;
        double x = S::times(fval[u], as_f64(weights_t[k]));
        if (S::better(x, acc)) acc = x;
    }
    if (any) { t[v] = acc; thas[v] = 1; }
}

#define RELAX_KERNELS(S, STAG, W, WTAG)                                                     \
extern "C" __global__ void relax_push_##STAG##_##WTAG(                                      \
        const long long* indptr, const vid_t* indices, const W* weights,                    \
        const vid_t* frontier, const double* fval, vid_t nf, const unsigned char* exclude,  \
        double* t,                                                                          \
        unsigned char* thas) {                                                              \
    relax_push<S, W>(indptr, indices, weights, frontier, fval, nf, exclude, t, thas);       \
}                                                                                           \
extern "C" __global__ void relax_pull_##STAG##_##WTAG(                                      \
        const long long* indptr_t, const vid_t* indices_t, const W* weights_t,              \
        const double* fval, const unsigned char* fhas, vid_t n,                             \
        const unsigned char* exclude,                                                       \
        double* t, unsigned char* thas) {                                                   \
    relax_pull<S, W>(indptr_t, indices_t, weights_t, fval, fhas, n, exclude, t, thas);      \
}
#define RELAX_KERNELS_S(S, STAG) RELAX_KERNELS(S, STAG, int, i32)                           \
    RELAX_KERNELS(S, STAG, long long, i64) RELAX_KERNELS(S, STAG, float, f32)               \
    RELAX_KERNELS(S, STAG, double, f64)
RELAX_KERNELS_S(MinPlus, min_plus)
RELAX_KERNELS_S(MaxMin, max_min)
RELAX_KERNELS_S(MaxTimes, max_times)

// π(v) = an in-neighbour u with d(u) < d(v) and d(u) + w(u, v) = d(v) (a tight edge
// from a strictly closer vertex), for every reached v ≠ s: the second pass that gives
// SSSP its tree.  Parents strictly decrease d, so they cannot cycle and lead back to s.
// A vertex whose tight in-edges all come from equally close vertices (zero weights, or
// a weight absorbed by rounding: 1.0 + 1e-300 = 1.0) keeps π = -1, and the backend then
// asks the CPU's BFS over tight edges instead.
template <class W>
__device__ void tight_parents(const long long* __restrict__ indptr_t,
                              const vid_t* __restrict__ indices_t,
                              const W* __restrict__ weights_t, const double* __restrict__ d,
                              vid_t n, vid_t source, vid_t* __restrict__ parents) {
    vid_t v = (vid_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (v >= n || v == source) return;
    double dv = d[v];
    if (isinf(dv)) return;
    for (long long k = indptr_t[v]; k < indptr_t[v + 1]; ++k) {
        vid_t u = indices_t[k];
        double du = d[u];
        if (du < dv && du + as_f64(weights_t[k]) == dv) { parents[v] = u; return; }
    }
}
#define TIGHT(W, TAG)                                                                        \
extern "C" __global__ void tight_parents_##TAG(                                             \
        const long long* indptr_t, const vid_t* indices_t, const W* weights_t,              \
        const double* d, vid_t n, vid_t source, vid_t* parents) {                           \
    tight_parents<W>(indptr_t, indices_t, weights_t, d, n, source, parents);                \
}
EACH_WEIGHT(TIGHT)

// q⟨¬π⟩ = q any.secondi A with q = {v : levels[v] == level}, thread per vertex; the level
// is read from device memory, so a CUDA graph of many steps (each followed by
// advance_level) is captured once and replayed.
extern "C" __global__ void bfs_push_level_dev(const long long* __restrict__ indptr,
                                              const vid_t* __restrict__ indices, vid_t n,
                                              const int* __restrict__ level_ptr,
                                              int offset, int* __restrict__ levels,
                                              vid_t* __restrict__ parents,
                                              vid_t* __restrict__ counts) {
    int level = *level_ptr + offset;
    vid_t v = (vid_t)blockIdx.x * blockDim.x + threadIdx.x;
    int found = 0;
    if (v < n && levels[v] == level) {
        for (long long k = indptr[v]; k < indptr[v + 1]; ++k) {
            vid_t w = indices[k];
            if (parents[w] == -1 && cas_vid(&parents[w], -1, v) == -1) {
                levels[w] = level + 1;
                ++found;
            }
        }
    }
    warp_count(found, &counts[level + 1]);
}

extern "C" __global__ void advance_level(int* level_ptr, int by) { *level_ptr += by; }

// ---------------------------------------------------------------- frontier bitmaps
// Multi-source BFS, 64 sources a word, w words a vertex (word j of v at v·w + j):
//   N⟨¬S⟩ = F bor.band A ; S |= N
// Thread per (v, j), j fastest: for w ≥ 32 a warp shares v's in-edge list and reads 32
// consecutive words of each in-neighbour (one 256-byte segment). An in-neighbour whose
// frontier is empty (active[u] == 0) costs a flag read, not a word read; a word whose
// sources have all reached v stops at once.
extern "C" __global__ void msbfs_pull(const long long* __restrict__ indptr_t,
                                      const vid_t* __restrict__ indices_t, long long n, int w,
                                      const unsigned long long* __restrict__ F,
                                      unsigned long long* __restrict__ S,
                                      unsigned long long* __restrict__ N,
                                      const unsigned char* __restrict__ active,
                                      unsigned char* __restrict__ active_next,
                                      unsigned long long last, int level,
                                      int* __restrict__ levels, int with_levels) {
    long long t = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n * w) return;
    long long v = t / w;
    int j = (int)(t - v * w);
    unsigned long long full = (j == w - 1) ? last : ~0ull;
    unsigned long long seen = S[t], acc = 0;
    if (seen != full) {
        for (long long k = indptr_t[v]; k < indptr_t[v + 1]; ++k) {
            vid_t u = indices_t[k];
            if (!active[u]) continue;
            acc |= F[(long long)u * w + j];
            if ((acc | seen) == full) break;
        }
        acc &= ~seen;
    }
    N[t] = acc;
    if (acc) {
        S[t] = seen | acc;
        active_next[v] = 1;
        if (with_levels) {               // L⟨N⟩ = level: source 64j + b reaches v now
            for (unsigned long long x = acc; x; x &= x - 1) {
                int b = __ffsll((long long)x) - 1;
                levels[(long long)(64 * j + b) * n + v] = level;
            }
        }
    }
}

// counts[64j + b] += |{v : bit b of N[v·w + j]}|. A thread adds up to 255 words of one
// column j in SWAR fashion — (x >> s) & 0x0101… keeps bit s of each byte, and 255 terms
// fit a byte — then adds its 64 byte counters to global memory.
extern "C" __global__ void msbfs_count(const unsigned long long* __restrict__ N, long long n,
                                       int w, unsigned long long* __restrict__ counts) {
    const int RUN = 255;
    long long t = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    long long runs = (n + RUN - 1) / RUN;
    if (t >= runs * w) return;
    long long r = t / w;
    int j = (int)(t - r * w);
    long long v1 = min(n, (r + 1) * RUN);
    unsigned long long lane[8] = {0, 0, 0, 0, 0, 0, 0, 0};
    bool any = false;
    for (long long v = r * RUN; v < v1; ++v) {
        unsigned long long x = N[v * w + j];
        if (!x) continue;
        any = true;
#pragma unroll
        for (int s = 0; s < 8; ++s) lane[s] += (x >> s) & 0x0101010101010101ull;
    }
    if (!any) return;
#pragma unroll
    for (int s = 0; s < 8; ++s) {
        for (int i = 0; i < 8; ++i) {
            unsigned long long c = (lane[s] >> (8 * i)) & 0xffull;
            if (c) atomicAdd(&counts[64 * j + 8 * i + s], c);
        }
    }
}

// The degree-ordered copy's rows (gpu/order.py): a warp a new row r (old row order[r]),
// each of its edges' key r·n + the column's new id, and the position the edge came from
// (one sort of the keys then orders each row's columns).
extern "C" __global__ void degree_order_rows(const long long* indptr, const vid_t* indices,
        const long long* new_ptr, const vid_t* order, const vid_t* relabel, long long n,
        unsigned long long* keys, long long* from) {
    long long warp = ((long long)blockIdx.x * blockDim.x + threadIdx.x) >> 5;
    long long warps = ((long long)gridDim.x * blockDim.x) >> 5;
    int lane = threadIdx.x & 31;
    for (long long r = warp; r < n; r += warps) {
        long long old = order[r], at = indptr[old], deg = indptr[old + 1] - at;
        long long to = new_ptr[r];
        for (long long j = lane; j < deg; j += 32) {
            keys[to + j] = (unsigned long long)r * n + relabel[indices[at + j]];
            from[to + j] = at + j;
        }
    }
}
