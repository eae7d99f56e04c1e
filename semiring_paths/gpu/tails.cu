// semiring_paths persistent BFS tail (compiled with cooperative groups; gpu/backend.py).
//
// A high-diameter graph spends its time in thousands of tiny levels. These kernels run
// all remaining levels in one cooperative launch: the frontier is a queue, every thread
// of a grid sized to stay resident strides over it, and one grid-wide barrier separates
// levels (no launch, no host read). Queue sizes rotate through three counters: level i
// reads size[i % 3], appends to size[(i + 1) % 3] and clears size[(i + 2) % 3], which
// every thread finished reading before the previous barrier.
#include <cooperative_groups.h>

// nq[size++] = v for every calling thread, with one atomicAdd per group of threads that
// arrive together (the lanes active here, however the warp diverged): a single queue
// counter hit once per vertex serialises thousands of atomics a level.
__device__ __forceinline__ void enqueue(int* nq, int* size, int v) {
    cooperative_groups::coalesced_group g = cooperative_groups::coalesced_threads();
    int base = 0;
    if (g.thread_rank() == 0) base = atomicAdd(size, (int)g.size());
    base = g.shfl(base, 0);
    nq[base + g.thread_rank()] = v;
}

// q⟨¬π⟩ = q any.secondi A, level after level; counts[i] = |q| after level start + i + 1.
extern "C" __global__ void bfs_tail_coop(const long long* __restrict__ indptr,
                                         const int* __restrict__ indices, int n,
                                         int* __restrict__ queue_a, int* __restrict__ queue_b,
                                         int* __restrict__ size, int start_level,
                                         int* __restrict__ levels, int* __restrict__ parents,
                                         int* __restrict__ counts, int* __restrict__ done,
                                         int lanes) {
    cooperative_groups::grid_group grid = cooperative_groups::this_grid();
    long long tid = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    long long stride = (long long)gridDim.x * blockDim.x;
    long long gid = tid / lanes, groups = stride / lanes;      // `lanes` threads a vertex
    int lane = (int)(tid % lanes);
    for (int i = 0;; ++i) {
        volatile int* vsize = size;
        int nf = vsize[i % 3];
        if (nf == 0) {
            if (tid == 0) *done = i;
            return;
        }
        const int* q = (i & 1) ? queue_b : queue_a;
        int* nq = (i & 1) ? queue_a : queue_b;
        int level = start_level + i + 1;
        if (tid == 0) size[(i + 2) % 3] = 0;
        for (long long j = gid; j < nf; j += groups) {
            int u = q[j];
            for (long long k = indptr[u] + lane, end = indptr[u + 1]; k < end; k += lanes) {
                int v = indices[k];
                if (parents[v] == -1 && atomicCAS(&parents[v], -1, u) == -1) {
                    levels[v] = level;
                    enqueue(nq, &size[(i + 1) % 3], v);
                }
            }
        }
        grid.sync();
        if (tid == 0) counts[i] = vsize[(i + 1) % 3];
    }
}

// Workfront, round after round: the frontier is a queue of the vertices whose distance
// dropped in the last round.  A vertex enters round i+1's queue at most once, guarded by
// the flags mark[(i+1) & 1]; processing u in round i clears mark[i & 1][u] for round i+2,
// so setting and clearing never race.  counts[i] = |queue| after round start + i + 1.
template <class W, bool NONNEG>
__device__ void sssp_tail_coop(const long long* __restrict__ indptr,
                               const int* __restrict__ indices, const W* __restrict__ weights,
                               int n, int* __restrict__ queue_a, int* __restrict__ queue_b,
                               int* __restrict__ size, int* __restrict__ mark0,
                               int* __restrict__ mark1, double* __restrict__ d,
                               int* __restrict__ counts, int* __restrict__ done,
                               int max_rounds, int lanes) {
    cooperative_groups::grid_group grid = cooperative_groups::this_grid();
    long long tid = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    long long stride = (long long)gridDim.x * blockDim.x;
    long long gid = tid / lanes, groups = stride / lanes;      // `lanes` threads a vertex
    int lane = (int)(tid % lanes);
    for (int i = 0;; ++i) {
        volatile int* vsize = size;
        int nf = vsize[i % 3];
        if (nf == 0 || i >= max_rounds) {
            if (tid == 0) *done = i;
            return;
        }
        const int* q = (i & 1) ? queue_b : queue_a;
        int* nq = (i & 1) ? queue_a : queue_b;
        int* mine = (i & 1) ? mark1 : mark0;
        int* next = (i & 1) ? mark0 : mark1;
        if (tid == 0) size[(i + 2) % 3] = 0;
        for (long long j = gid; j < nf; j += groups) {
            int u = q[j];
            double du = ((volatile double*)d)[u];
            if (lane == 0) mine[u] = 0;
            for (long long k = indptr[u] + lane, end = indptr[u + 1]; k < end; k += lanes) {
                int v = indices[k];
                double nd = du + as_f64(weights[k]);
                if (nd < d[v]) {
                    double old = NONNEG ? atomic_min_nonneg(&d[v], nd)
                                        : atomic_min_f64(&d[v], nd);
                    if (nd < old && !next[v] && atomicExch(&next[v], 1) == 0)
                        enqueue(nq, &size[(i + 1) % 3], v);
                }
            }
        }
        grid.sync();
        if (tid == 0) counts[i] = vsize[(i + 1) % 3];
    }
}

#define SSSP_TAIL(W, TAG, NN, NNTAG)                                                         \
extern "C" __global__ void sssp_tail_coop_##TAG##NNTAG(                                     \
        const long long* indptr, const int* indices, const W* weights, int n, int* queue_a, \
        int* queue_b, int* size, int* mark0, int* mark1, double* d, int* counts, int* done, \
        int max_rounds, int lanes) {                                                        \
    sssp_tail_coop<W, NN>(indptr, indices, weights, n, queue_a, queue_b, size, mark0,       \
                          mark1, d, counts, done, max_rounds, lanes);                       \
}
#define SSSP_TAIL_W(W, TAG) SSSP_TAIL(W, TAG, true, _nn) SSSP_TAIL(W, TAG, false, )
SSSP_TAIL_W(int, i32)
SSSP_TAIL_W(long long, i64)
SSSP_TAIL_W(float, f32)
SSSP_TAIL_W(double, f64)

// ---------------------------------------------------------------- asynchronous tails
// Label-correcting relaxation needs no levels: with non-negative weights, relaxing the
// edges of any vertex whose value dropped, in any order, until none drops, gives the
// fixed point d = d ⊕ (d ⊕.⊗ A).  These kernels do it over one FIFO worklist with no
// barrier at all — a high-diameter graph's thousands of levels cost no grid-wide
// synchronisation.  Slots hold vertex ids (-1: empty), claimed in order by head and
// filled in order by tail; pending counts vertices enqueued and not yet finished, so
// pending == 0 proves the fixed point.  A vertex is queued at most once at a time
// (inq), so at most n slots are in use: the ring has room for every thread beyond that.
// BFS is the same with unit weights on int levels (parents by a pull pass afterwards).
template <class T>
__device__ __forceinline__ T load_relaxed(const T* p) { return *(volatile const T*)p; }

__device__ __forceinline__ void push_work(int v, int* slots, unsigned long long mask,
                                          unsigned long long* ctr, int* pending) {
    atomicAdd(pending, 1);
    unsigned long long j = atomicAdd(&ctr[1], 1ull);
    __threadfence();
    atomicExch(&slots[j & mask], v);
}

// the next vertex to process, or -1 when the worklist is done
__device__ __forceinline__ int pop_work(int* slots, unsigned long long mask,
                                        unsigned long long* ctr, const int* pending) {
    unsigned long long i = atomicAdd(&ctr[0], 1ull);
    int* slot = &slots[i & mask];
    while (load_relaxed(slot) < 0) {
        if (load_relaxed(pending) == 0) return -1;
        __nanosleep(64);
    }
    return atomicExch(slot, -1);
}

template <class W>
__device__ void sssp_async(const long long* __restrict__ indptr,
                           const int* __restrict__ indices, const W* __restrict__ weights,
                           int* slots, unsigned long long mask, unsigned long long* ctr,
                           int* pending, int* inq, double* d) {
    for (;;) {
        int u = pop_work(slots, mask, ctr, pending);
        if (u < 0) return;
        atomicExch(&inq[u], 0);            // a later drop of d(u) queues u again
        __threadfence();
        double du = load_relaxed(&d[u]);
        for (long long k = indptr[u]; k < indptr[u + 1]; ++k) {
            int v = indices[k];
            double nd = du + as_f64(weights[k]);
            if (nd < load_relaxed(&d[v])) {
                double old = atomic_min_nonneg(&d[v], nd);
                if (nd < old && atomicExch(&inq[v], 1) == 0)
                    push_work(v, slots, mask, ctr, pending);
            }
        }
        __threadfence();
        atomicSub(pending, 1);
    }
}

#define SSSP_ASYNC(W, TAG)                                                                   \
extern "C" __global__ void sssp_async_##TAG(                                                \
        const long long* indptr, const int* indices, const W* weights, int* slots,          \
        unsigned long long mask, unsigned long long* ctr, int* pending, int* inq,           \
        double* d) {                                                                        \
    sssp_async<W>(indptr, indices, weights, slots, mask, ctr, pending, inq, d);             \
}
SSSP_ASYNC(int, i32)
SSSP_ASYNC(long long, i64)
SSSP_ASYNC(float, f32)
SSSP_ASYNC(double, f64)

// BFS levels as the min-plus fixed point with unit weights (unreached = INT_MAX).
extern "C" __global__ void bfs_async(const long long* __restrict__ indptr,
                                     const int* __restrict__ indices, int* slots,
                                     unsigned long long mask, unsigned long long* ctr,
                                     int* pending, int* inq, int* levels) {
    for (;;) {
        int u = pop_work(slots, mask, ctr, pending);
        if (u < 0) return;
        atomicExch(&inq[u], 0);
        __threadfence();
        int nl = load_relaxed(&levels[u]) + 1;
        for (long long k = indptr[u]; k < indptr[u + 1]; ++k) {
            int v = indices[k];
            if (nl < load_relaxed(&levels[v])) {
                int old = atomicMin(&levels[v], nl);
                if (nl < old && atomicExch(&inq[v], 1) == 0)
                    push_work(v, slots, mask, ctr, pending);
            }
        }
        __threadfence();
        atomicSub(pending, 1);
    }
}

// π(v) = an in-neighbour one level closer, for every v past level `from` (levels final).
extern "C" __global__ void bfs_parents(const long long* __restrict__ indptr_t,
                                       const int* __restrict__ indices_t,
                                       const int* __restrict__ levels, int n, int from,
                                       int* __restrict__ parents) {
    int v = blockIdx.x * blockDim.x + threadIdx.x;
    if (v >= n) return;
    int lv = levels[v];
    if (lv <= from) return;
    for (long long k = indptr_t[v]; k < indptr_t[v + 1]; ++k) {
        int u = indices_t[k];
        if (levels[u] == lv - 1) { parents[v] = u; return; }
    }
}

// ---------------------------------------------------------------- one-block tails
// A grid-wide barrier costs microseconds; a block's __syncthreads costs nanoseconds.
// While the frontier fits in shared memory (cap vertices a queue), one block of 1024
// threads runs level after level with block barriers only; the graph's arrays stay in L2.
// When a level's output overflows the queue, the level is still finished (levels /
// distances and the marks are authoritative) and the kernel stops; state[0] = levels
// done, state[1] = 1 on overflow, and the host resumes with a grid-wide tail.
extern "C" __global__ void bfs_tail_block(const long long* __restrict__ indptr,
                                          const int* __restrict__ indices,
                                          const int* __restrict__ queue0, int nf0, int cap,
                                          int start_level, int* __restrict__ levels,
                                          int* __restrict__ parents, int* __restrict__ counts,
                                          int* __restrict__ state) {
    extern __shared__ int smem[];
    __shared__ int size[2];
    __shared__ int overflow;
    int* q[2] = {smem, smem + cap};
    for (int j = threadIdx.x; j < nf0; j += blockDim.x) q[0][j] = queue0[j];
    if (threadIdx.x == 0) { size[0] = nf0; size[1] = 0; overflow = 0; }
    __syncthreads();
    int i = 0;
    for (;; ++i) {
        int cur = i & 1, nxt = cur ^ 1, nf = size[cur];
        if (nf == 0 || overflow) break;
        int level = start_level + i + 1;
        for (int j = threadIdx.x; j < nf; j += blockDim.x) {
            int u = q[cur][j];
            for (long long k = indptr[u]; k < indptr[u + 1]; ++k) {
                int v = indices[k];
                if (parents[v] == -1 && atomicCAS(&parents[v], -1, u) == -1) {
                    levels[v] = level;
                    int pos = atomicAdd(&size[nxt], 1);
                    if (pos < cap) q[nxt][pos] = v; else overflow = 1;
                }
            }
        }
        __syncthreads();
        if (threadIdx.x == 0) { counts[i] = size[nxt]; size[cur] = 0; }
        __syncthreads();
    }
    if (threadIdx.x == 0) { state[0] = i; state[1] = overflow; }
}

// Workfront the same way: mark[p][v] = 1 while v waits in queue p (at most once); the
// marks of the pending queue are the frontier handed back on overflow.
template <class W, bool NONNEG>
__device__ void sssp_tail_block(const long long* __restrict__ indptr,
                                const int* __restrict__ indices, const W* __restrict__ weights,
                                const int* __restrict__ queue0, int nf0, int cap,
                                int* __restrict__ mark0, int* __restrict__ mark1,
                                double* __restrict__ d, int* __restrict__ counts,
                                int max_rounds, int* __restrict__ state) {
    extern __shared__ int smem[];
    __shared__ int size[2];
    __shared__ int overflow;
    int* q[2] = {smem, smem + cap};
    int* mark[2] = {mark0, mark1};
    for (int j = threadIdx.x; j < nf0; j += blockDim.x) q[0][j] = queue0[j];
    if (threadIdx.x == 0) { size[0] = nf0; size[1] = 0; overflow = 0; }
    __syncthreads();
    int i = 0;
    for (; i < max_rounds; ++i) {
        int cur = i & 1, nxt = cur ^ 1, nf = size[cur];
        if (nf == 0 || overflow) break;
        for (int j = threadIdx.x; j < nf; j += blockDim.x) {
            int u = q[cur][j];
            mark[cur][u] = 0;
            double du = ((volatile double*)d)[u];
            for (long long k = indptr[u]; k < indptr[u + 1]; ++k) {
                int v = indices[k];
                double nd = du + as_f64(weights[k]);
                if (nd < d[v]) {
                    double old = NONNEG ? atomic_min_nonneg(&d[v], nd)
                                        : atomic_min_f64(&d[v], nd);
                    if (nd < old && !mark[nxt][v] && atomicExch(&mark[nxt][v], 1) == 0) {
                        int pos = atomicAdd(&size[nxt], 1);
                        if (pos < cap) q[nxt][pos] = v; else overflow = 1;
                    }
                }
            }
        }
        __syncthreads();
        if (threadIdx.x == 0) { counts[i] = size[nxt]; size[cur] = 0; }
        __syncthreads();
    }
    if (threadIdx.x == 0) { state[0] = i; state[1] = overflow; }
}

#define SSSP_BLOCK(W, TAG, NN, NNTAG)                                                        \
extern "C" __global__ void sssp_tail_block_##TAG##NNTAG(                                    \
        const long long* indptr, const int* indices, const W* weights, const int* queue0,   \
        int nf0, int cap, int* mark0, int* mark1, double* d, int* counts, int max_rounds,   \
        int* state) {                                                                       \
    sssp_tail_block<W, NN>(indptr, indices, weights, queue0, nf0, cap, mark0, mark1, d,     \
                           counts, max_rounds, state);                                      \
}
#define SSSP_BLOCK_W(W, TAG) SSSP_BLOCK(W, TAG, true, _nn) SSSP_BLOCK(W, TAG, false, )
SSSP_BLOCK_W(int, i32)
SSSP_BLOCK_W(long long, i64)
SSSP_BLOCK_W(float, f32)
SSSP_BLOCK_W(double, f64)
