// Shared by the device-resident loops, rules.cu and bfs.cu (prepended to each after
// atomics.cuh by gpu/device.py): one template runs as one block (GRID = false) or as a
// cooperative grid (GRID = true), with the barriers, reads and sums below.
#pragma once
#include <cooperative_groups.h>

// a listed big vertex packs into one 64-bit word: count of listed vertices << 40 | their
// edges (the low 40 bits), so one atomicAdd lists a vertex and reserves its edges
#define BIG_ONE (1ull << 40)
#define BIG_EDGES ((1ull << 40) - 1)
#define RULE_INF __longlong_as_double(0x7ff0000000000000LL)

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

// the last slot j ≥ s of ascending offsets off[0..n) with off[j] ≤ e: which listed hub
// owns shared-out edge e (e ascends within a thread, so the caller carries s along); the
// offsets are read through L2, as other blocks wrote them since the last barrier
__device__ __forceinline__ long long slot_of(const long long* off, long long n, long long e,
                                             long long s) {
    long long hi = n - 1;
    while (s < hi) {
        long long mid = (s + hi + 1) >> 1;
        if (__ldcg(&off[mid]) <= e) s = mid; else hi = mid - 1;
    }
    return s;
}

