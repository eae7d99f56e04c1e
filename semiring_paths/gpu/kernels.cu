// semiring_paths GPU kernels: one relaxation step of the algebra, per strategy role.
//
// Indices are 4-byte (n < 2^31), row pointers 8-byte (m may exceed 2^31).
// Push kernels give one warp to each frontier vertex, its lanes striding over the
// vertex's edges (a hub with 10^5 edges does not serialise one thread); pull gives one
// thread to each unreached vertex, which stops at the first in-neighbour in the frontier.

#define WARP 32

// q⟨¬π, replace⟩ = q any.secondi A: claim v for parent u by a compare-and-swap on π(v).
extern "C" __global__ void bfs_push(const long long* __restrict__ indptr,
                                    const int* __restrict__ indices,
                                    const int* __restrict__ frontier, int nf,
                                    int* __restrict__ parents,
                                    int* __restrict__ next, int* __restrict__ next_count) {
    long long gt = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    int w = (int)(gt / WARP), lane = threadIdx.x % WARP;
    if (w >= nf) return;
    int u = frontier[w];
    for (long long k = indptr[u] + lane; k < indptr[u + 1]; k += WARP) {
        int v = indices[k];
        if (parents[v] == -1 && atomicCAS(&parents[v], -1, u) == -1) {
            next[atomicAdd(next_count, 1)] = v;
        }
    }
}

// q⟨¬π, replace⟩ = Aᵀ any.firstj q: each unreached v scans its in-edges, stops at a hit.
extern "C" __global__ void bfs_pull(const long long* __restrict__ indptr_t,
                                    const int* __restrict__ indices_t,
                                    const unsigned char* __restrict__ in_frontier, int n,
                                    int* __restrict__ parents,
                                    unsigned char* __restrict__ next_flag,
                                    int* __restrict__ next_count) {
    int v = blockIdx.x * blockDim.x + threadIdx.x;
    if (v >= n || parents[v] != -1) return;
    for (long long k = indptr_t[v]; k < indptr_t[v + 1]; ++k) {
        int u = indices_t[k];
        if (in_frontier[u]) {
            parents[v] = u;
            next_flag[v] = 1;
            atomicAdd(next_count, 1);
            return;
        }
    }
}

// atomicMin for float64 by compare-and-swap (CuPy's own float64 atomicMin rounds
// through float32).  Works for negative values: the comparison is on doubles.
__device__ __forceinline__ double atomic_min_f64(double* addr, double val) {
    unsigned long long* a = (unsigned long long*)addr;
    unsigned long long old = *a, assumed;
    while (val < __longlong_as_double(old)) {
        assumed = old;
        old = atomicCAS(a, assumed, __double_as_longlong(val));
        if (old == assumed) break;
    }
    return __longlong_as_double(old);
}

// t = f min.+ A fused with d ⊕= t: relax the frontier's edges into d, flag what improved.
// du holds d(u) of each frontier vertex as the round began (a Bellman-Ford round).
extern "C" __global__ void sssp_push(const long long* __restrict__ indptr,
                                     const int* __restrict__ indices,
                                     const double* __restrict__ weights,
                                     const int* __restrict__ frontier,
                                     const double* __restrict__ du, int nf,
                                     double* __restrict__ d,
                                     unsigned char* __restrict__ changed) {
    long long gt = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    int w = (int)(gt / WARP), lane = threadIdx.x % WARP;
    if (w >= nf) return;
    int u = frontier[w];
    double base = du[w];
    for (long long k = indptr[u] + lane; k < indptr[u + 1]; k += WARP) {
        int v = indices[k];
        double nd = base + weights[k];
        if (nd < d[v]) {
            double old = atomic_min_f64(&d[v], nd);
            if (nd < old) changed[v] = 1;
        }
    }
}

// Device-resident tails for high-diameter graphs: the frontier is implicit —
// {v : levels[v] == level} for BFS, {v : changed_in[v]} for SSSP — so levels launch back to
// back with no host read; per-level counts accumulate on the device (warp-aggregated).

__device__ __forceinline__ void warp_count(int found, int* counter) {
    for (int off = 16; off > 0; off >>= 1) found += __shfl_down_sync(0xffffffffu, found, off);
    if ((threadIdx.x & 31) == 0 && found) atomicAdd(counter, found);
}

// t = f min.+ A, d ⊕= t with f = {v : changed_in[v]}: thread per vertex.
extern "C" __global__ void sssp_push_flags(const long long* __restrict__ indptr,
                                           const int* __restrict__ indices,
                                           const double* __restrict__ weights, int n,
                                           const unsigned char* __restrict__ changed_in,
                                           unsigned char* __restrict__ changed_out,
                                           double* __restrict__ d, int* __restrict__ count) {
    int v = blockIdx.x * blockDim.x + threadIdx.x;
    int found = 0;
    if (v < n && changed_in[v]) {
        double dv = d[v];
        for (long long k = indptr[v]; k < indptr[v + 1]; ++k) {
            int w = indices[k];
            double nd = dv + weights[k];
            if (nd < d[w]) {
                double old = atomic_min_f64(&d[w], nd);
                if (nd < old && !changed_out[w]) { changed_out[w] = 1; ++found; }
            }
        }
    }
    warp_count(found, count);
}

// q⟨¬π⟩ = q any.secondi A with q = {v : levels[v] == level}, thread per vertex; the level
// is read from device memory, so a CUDA graph of many steps (each followed by
// advance_level) is captured once and replayed.
extern "C" __global__ void bfs_push_level_dev(const long long* __restrict__ indptr,
                                              const int* __restrict__ indices, int n,
                                              const int* __restrict__ level_ptr,
                                              int* __restrict__ levels,
                                              int* __restrict__ parents,
                                              int* __restrict__ counts) {
    int level = *level_ptr;
    int v = blockIdx.x * blockDim.x + threadIdx.x;
    int found = 0;
    if (v < n && levels[v] == level) {
        for (long long k = indptr[v]; k < indptr[v + 1]; ++k) {
            int w = indices[k];
            if (parents[w] == -1 && atomicCAS(&parents[w], -1, v) == -1) {
                levels[w] = level + 1;
                ++found;
            }
        }
    }
    warp_count(found, &counts[level + 1]);
}

extern "C" __global__ void advance_level(int* level_ptr) { *level_ptr += 1; }
