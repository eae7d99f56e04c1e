// Shared by kernels.cu and tails.cu (prepended to each by gpu/backend.py).
#pragma once

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
