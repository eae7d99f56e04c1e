// semiring_paths persistent BFS tail (compiled with cooperative groups; gpu/backend.py).
// (A workfront version of the same design measured 2x slower than the CUDA-graph tail of
// kernels.cu on a 1000x1000 grid, H100: the SSSP tail stays there.)
//
// A high-diameter graph spends its time in thousands of tiny levels. These kernels run
// all remaining levels in one cooperative launch: the frontier is a queue, every thread
// of a grid sized to stay resident strides over it, and one grid-wide barrier separates
// levels (no launch, no host read). Queue sizes rotate through three counters: level i
// reads size[i % 3], appends to size[(i + 1) % 3] and clears size[(i + 2) % 3], which
// every thread finished reading before the previous barrier.
#include <cooperative_groups.h>

// q⟨¬π⟩ = q any.secondi A, level after level; counts[i] = |q| after level start + i + 1.
extern "C" __global__ void bfs_tail_coop(const long long* __restrict__ indptr,
                                         const int* __restrict__ indices, int n,
                                         int* __restrict__ queue_a, int* __restrict__ queue_b,
                                         int* __restrict__ size, int start_level,
                                         int* __restrict__ levels, int* __restrict__ parents,
                                         int* __restrict__ counts, int* __restrict__ done) {
    cooperative_groups::grid_group grid = cooperative_groups::this_grid();
    long long tid = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    long long stride = (long long)gridDim.x * blockDim.x;
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
        long long rounds = (nf + stride - 1) / stride;          // uniform trip count
        for (long long r = 0; r < rounds; ++r) {
            long long j = r * stride + tid;
            int u = j < nf ? q[j] : -1;
            long long k = u >= 0 ? indptr[u] : 0, end = u >= 0 ? indptr[u + 1] : 0;
            for (; k < end; ++k) {
                int v = indices[k];
                if (parents[v] == -1 && atomicCAS(&parents[v], -1, u) == -1) {
                    levels[v] = level;
                    nq[atomicAdd(&size[(i + 1) % 3], 1)] = v;
                }
            }
        }
        grid.sync();
        if (tid == 0) counts[i] = vsize[(i + 1) % 3];
    }
}
