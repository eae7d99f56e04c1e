// The closure A* of a dense (min, +) matrix on the device (algorithms/closure.py):
// blocked Floyd–Warshall in its three phases, and the min-plus product of repeated
// squaring.  D is N × N doubles, row-major, N a multiple of T (padded with inf off the
// diagonal and 0 on it: isolated vertices).  One block of T × T threads a tile; tiles
// are staged in shared memory.
#define T 32

extern "C" __global__ void fw_diagonal(double* D, long long N, int kb) {
    // phase 1: the tile (K, K), k in order
    __shared__ double s[T][T];
    int ty = threadIdx.y, tx = threadIdx.x;
    long long i = (long long)kb * T + ty, j = (long long)kb * T + tx;
    s[ty][tx] = D[i * N + j];
    __syncthreads();
    for (int k = 0; k < T; ++k) {
        double t = s[ty][k] + s[k][tx];
        __syncthreads();
        if (t < s[ty][tx]) s[ty][tx] = t;
        __syncthreads();
    }
    D[i * N + j] = s[ty][tx];
}

extern "C" __global__ void fw_cross(double* D, long long N, int kb) {
    // phase 2: the tiles of row K (blockIdx.y == 0) and of column K (== 1)
    __shared__ double kk[T][T];
    __shared__ double s[T][T];
    int other = blockIdx.x;
    if (other == kb) return;
    int ty = threadIdx.y, tx = threadIdx.x;
    bool row = blockIdx.y == 0;
    long long i = (long long)(row ? kb : other) * T + ty;
    long long j = (long long)(row ? other : kb) * T + tx;
    kk[ty][tx] = D[((long long)kb * T + ty) * N + (long long)kb * T + tx];
    s[ty][tx] = D[i * N + j];
    __syncthreads();
    for (int k = 0; k < T; ++k) {
        double t = row ? kk[ty][k] + s[k][tx] : s[ty][k] + kk[k][tx];
        __syncthreads();
        if (t < s[ty][tx]) s[ty][tx] = t;
        __syncthreads();
    }
    D[i * N + j] = s[ty][tx];
}

extern "C" __global__ void fw_rest(double* D, long long N, int kb) {
    // phase 3: every other tile, D_IJ = D_IJ ⊕ D_IK ⊗ D_KJ
    __shared__ double ik[T][T];
    __shared__ double kj[T][T];
    int ib = blockIdx.y, jb = blockIdx.x;
    if (ib == kb || jb == kb) return;
    int ty = threadIdx.y, tx = threadIdx.x;
    long long i = (long long)ib * T + ty, j = (long long)jb * T + tx;
    long long k0 = (long long)kb * T;
    ik[ty][tx] = D[i * N + k0 + tx];
    kj[ty][tx] = D[(k0 + ty) * N + j];
    __syncthreads();
    double v = D[i * N + j];
    #pragma unroll
    for (int k = 0; k < T; ++k) v = fmin(v, ik[ty][k] + kj[k][tx]);
    D[i * N + j] = v;
}

extern "C" __global__ void minplus_square(const double* D, double* C, long long N,
                                          int* changed) {
    // C = D ⊕ D ⊗ D, tile by tile
    __shared__ double a[T][T];
    __shared__ double b[T][T];
    int ty = threadIdx.y, tx = threadIdx.x;
    long long i = (long long)blockIdx.y * T + ty, j = (long long)blockIdx.x * T + tx;
    double d = D[i * N + j], v = d;
    for (long long k0 = 0; k0 < N; k0 += T) {
        a[ty][tx] = D[i * N + k0 + tx];
        b[ty][tx] = D[(k0 + ty) * N + j];
        __syncthreads();
        #pragma unroll
        for (int k = 0; k < T; ++k) v = fmin(v, a[ty][k] + b[k][tx]);
        __syncthreads();
    }
    C[i * N + j] = v;
    if (v != d) *changed = 1;
}
