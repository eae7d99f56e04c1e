// Shared by kernels.cu and tails.cu (prepended to each by gpu/backend.py, after the
// vid_t typedef).
#pragma once
#include <cooperative_groups.h>

// atomicMin / atomicMax for float64 by compare-and-swap (CuPy's own float64 atomicMin
// rounds through float32).  Exact for any doubles: the comparison is on doubles.
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

__device__ __forceinline__ double atomic_max_f64(double* addr, double val) {
    unsigned long long* a = (unsigned long long*)addr;
    unsigned long long old = *a, assumed;
    while (val > __longlong_as_double(old)) {
        assumed = old;
        old = atomicCAS(a, assumed, __double_as_longlong(val));
        if (old == assumed) break;
    }
    return __longlong_as_double(old);
}

// atomicMin on the integer image: for doubles ≥ +0.0 (and +inf) the bit patterns, read
// as signed 64-bit integers, sort as the values do — one atomic, no retry loop.
__device__ __forceinline__ double atomic_min_nonneg(double* addr, double val) {
    return __longlong_as_double(atomicMin((long long*)addr, __double_as_longlong(val)));
}

// Vertex-id atomics for vid_t = int or long long (8-byte ids as unsigned 64-bit words).
__device__ __forceinline__ int cas_vid(int* p, int expect, int val) {
    return atomicCAS(p, expect, val);
}
__device__ __forceinline__ long long cas_vid(long long* p, long long expect, long long val) {
    return (long long)atomicCAS((unsigned long long*)p, (unsigned long long)expect,
                                (unsigned long long)val);
}
__device__ __forceinline__ int add_vid(int* p, int x) { return atomicAdd(p, x); }
__device__ __forceinline__ long long add_vid(long long* p, long long x) {
    return (long long)atomicAdd((unsigned long long*)p, (unsigned long long)x);
}
__device__ __forceinline__ int exch_vid(int* p, int x) { return atomicExch(p, x); }
__device__ __forceinline__ long long exch_vid(long long* p, long long x) {
    return (long long)atomicExch((unsigned long long*)p, (unsigned long long)x);
}

__device__ __forceinline__ unsigned long long add_vid(unsigned long long* p,
                                                      unsigned long long x) {
    return atomicAdd(p, x);
}

// nq[(*size)++] = v for every calling thread, by one add(size, k) (which returns the
// old value) per group of k threads that arrive together (the lanes active here,
// however the warp diverged): a single queue counter hit once per vertex serialises
// thousands of atomics a step.
template <class C, class Add>
__device__ __forceinline__ C claim_slot(C* size, Add add) {      // each caller's slot
    cooperative_groups::coalesced_group g = cooperative_groups::coalesced_threads();
    C base = 0;
    if (g.thread_rank() == 0) base = add(size, (C)g.size());
    return g.shfl(base, 0) + (C)g.thread_rank();
}
template <class C, class Add>
__device__ __forceinline__ void enqueue(vid_t* nq, C* size, vid_t v, Add add) {
    nq[claim_slot(size, add)] = v;
}
// ... by atomicAdd
template <class C>
__device__ __forceinline__ void enqueue(vid_t* nq, C* size, vid_t v) {
    enqueue(nq, size, v, [](C* p, C k) { return add_vid(p, k); });
}

// Set the flag *f; true for the one caller that set it.  A plain read first, so a set
// flag costs no atomic; volatile, so that a flag another SM has cleared since this SM
// last read it is not seen set from its L1 (which would lose a queued vertex).
__device__ __forceinline__ bool mark_once(int* f) {
    return !*(volatile int*)f && atomicExch(f, 1) == 0;
}

// Instantiates M(W, WTAG) for each weight type the kernels take, tagged as the host
// names them (device.py's weight_tag); a module built for one graph's weights only
// defines it first (device.py's _source, one_weight)
#ifndef EACH_WEIGHT
#define EACH_WEIGHT(M) M(int, i32) M(long long, i64) M(float, f32) M(double, f64)
#endif

// A weight as float64.  CuPy compiles with -ftz=true, which would flush float32
// subnormals to zero in a plain (double) cast: those are rebuilt exactly from their bits
// (mantissa × 2^-149, exact in double, where -ftz does not apply).
__device__ __forceinline__ double as_f64(double w) { return w; }
__device__ __forceinline__ double as_f64(long long w) { return (double)w; }
__device__ __forceinline__ double as_f64(int w) { return (double)w; }
__device__ __forceinline__ double as_f64(float w) {
    unsigned b = __float_as_uint(w);
    if (b & 0x7f800000u) return (double)w;                  // normal, inf
    double m = (double)(b & 0x007fffffu) * 1.401298464324817070923729583289916e-45;
    return (b >> 31) ? -m : m;
}
