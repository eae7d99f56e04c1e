// Building blocks of the device-resident loops (bfs_loop.cu, rules.cu, tails.cu): the
// routed rules' split and a warp's minimum, a block-wide scan, and the searches of
// edge-balanced work (which frontier position holds edge e, given the ascending
// exclusive prefix sum of the frontier's out-degrees).  Prepended to every module by
// gpu/device.py, after atomics.cuh.
#pragma once

#define POS_INF __longlong_as_double(0x7ff0000000000000LL)

// the end of the Δ-range holding `low`, never below `split` (sssp.next_split on the CPU)
__device__ __forceinline__ double next_split(double low, double delta, double split) {
    double end = (floor(low / delta) + 1.0) * delta;
    if (end <= low) end = nextafter(low, POS_INF);
    return fmax(end, split);
}

// the minimum of the warp's x (each ≥ +0.0), in every lane.  The bits of a double
// ≥ +0.0 order as its value: the high words' minimum, then the low words' among the
// lanes holding it, two reductions against ten shuffles.
__device__ __forceinline__ double warp_min(double x) {
#if __CUDA_ARCH__ >= 800
    unsigned long long b = (unsigned long long)__double_as_longlong(x);
    unsigned hi = __reduce_min_sync(0xffffffffu, (unsigned)(b >> 32));
    unsigned lo = __reduce_min_sync(0xffffffffu,
                                    (unsigned)(b >> 32) == hi ? (unsigned)b : 0xffffffffu);
    return __longlong_as_double((long long)(((unsigned long long)hi << 32) | lo));
#else
    for (int o = 16; o > 0; o >>= 1) x = fmin(x, __shfl_xor_sync(0xffffffffu, x, o));
    return x;
#endif
}
// one thread's partial minimum (≥ +0.0) into *target: a warp minimum, then one atomic
// a warp
__device__ __forceinline__ void warp_min_into(double x, double* target) {
    x = warp_min(x);
    if ((threadIdx.x & 31) == 0 && x < POS_INF) atomic_min_nonneg(target, x);
}

// ... and with one atomic a block (every thread of the block calls it): a grid's 4 000
// warps each adding into one word queue up at its L2 slice
__device__ __forceinline__ void block_min_into(double x, double* target) {
    __shared__ double s_part[32];
    int lane = threadIdx.x & 31, w = threadIdx.x >> 5;
    x = warp_min(x);
    if (lane == 0) s_part[w] = x;
    __syncthreads();
    if (w == 0) {
        x = warp_min(lane < (int)(blockDim.x >> 5) ? s_part[lane] : POS_INF);
        if (lane == 0 && x < POS_INF) atomic_min_nonneg(target, x);
    }
    __syncthreads();                                  // s_part is reused by the next call
}
__device__ __forceinline__ void block_add_into(long long x, long long* target) {
    __shared__ long long s_sum[32];
    int lane = threadIdx.x & 31, w = threadIdx.x >> 5;
    for (int o = 16; o > 0; o >>= 1) x += __shfl_down_sync(0xffffffffu, x, o);
    if (lane == 0) s_sum[w] = x;
    __syncthreads();
    if (w == 0) {
        x = lane < (int)(blockDim.x >> 5) ? s_sum[lane] : 0;
        for (int o = 16; o > 0; o >>= 1) x += __shfl_down_sync(0xffffffffu, x, o);
        if (lane == 0 && x) atomicAdd((unsigned long long*)target, (unsigned long long)x);
    }
    __syncthreads();
}

// Exclusive scan of x over the block (every thread calls it); *total = the block's sum.
__device__ __forceinline__ unsigned long long block_scan(unsigned long long x,
                                                         unsigned long long* total) {
    __shared__ unsigned long long warp_sums[32];
    int lane = threadIdx.x & 31, w = threadIdx.x >> 5, nw = blockDim.x >> 5;
    unsigned long long incl = x;
    for (int o = 1; o < 32; o <<= 1) {
        unsigned long long y = __shfl_up_sync(0xffffffffu, incl, o);
        if (lane >= o) incl += y;
    }
    if (lane == 31) warp_sums[w] = incl;
    __syncthreads();
    if (w == 0) {
        unsigned long long t = lane < nw ? warp_sums[lane] : 0;
        for (int o = 1; o < 32; o <<= 1) {
            unsigned long long y = __shfl_up_sync(0xffffffffu, t, o);
            if (lane >= o) t += y;
        }
        if (lane < nw) warp_sums[lane] = t;
    }
    __syncthreads();
    unsigned long long before = w ? warp_sums[w - 1] : 0;
    *total = warp_sums[nw - 1];
    __syncthreads();                                 // warp_sums is reused by the next call
    return before + incl - x;
}

// The last i < n with off[i] <= e (off ascending, off[0] <= e); shared memory.
__device__ __forceinline__ int stage_search(const long long* off, int n, long long e) {
    int lo = 0, hi = n - 1;
    while (lo < hi) {
        int mid = (lo + hi + 1) >> 1;
        if (off[mid] <= e) lo = mid; else hi = mid - 1;
    }
    return lo;
}

// The last i < n with off[i] <= e, off in global memory: a k-ary search, each step two
// loads a thread and two block barriers (log_blockDim(n) steps instead of log2(n)
// dependent loads).  Every thread of the block calls it.
__device__ long long block_search(const long long* off, long long n, long long e) {
    __shared__ long long s_lo, s_hi;
    if (threadIdx.x == 0) { s_lo = 0; s_hi = n - 1; }
    __syncthreads();
    for (;;) {
        long long lo = s_lo, hi = s_hi;
        if (lo >= hi) break;
        long long step = (hi - lo + blockDim.x) / blockDim.x;   // ceil(span / threads)
        long long i = lo + (long long)threadIdx.x * step;
        bool below = i <= hi && __ldcg(&off[i]) <= e;          // L2: written by other blocks
        bool next = i + step <= hi && __ldcg(&off[i + step]) <= e;
        __syncthreads();
        if (below && !next) {                        // the one slice holding the answer
            s_lo = i;
            s_hi = min(hi, i + step - 1);
        }
        __syncthreads();
    }
    long long r = s_lo;
    __syncthreads();
    return r;
}
