// semiring_paths: counting paths and Brandes' dependencies on the device (gpu/counting.py).
//
// The batched algebra of algorithms/counting.py and brandes.py holds k × n dense rows
// (row r = source r, row-major): Σ and F path counts (0: no entry), L levels (-1: none),
// W and Δ.  One thread an entry (r, v), pulling over the in-edges (a count step) or the
// out-edges (a dependency step) of v: no atomics, and a vertex's row of F, W or Σ is read
// where its neighbours are.
//
// brandes_bfs is the whole of unweighted Brandes fused: one block a source (sources are
// claimed from a counter, so a block that drew a small component takes another), a
// level-synchronous BFS that counts paths into the block's own σ, the BFS queue kept in
// level order, then a sweep back up that queue level by level.

// ------------------------------------------------------------------ the batched algebra
// T(r, v) = Σ_{u→v} F(r, u)  (F plus.first A, pulled over Aᵀ), masked by ¬Σ unless WALKS;
// Σ += T ; L⟨T⟩ = level.
template <bool WALKS>
__device__ __forceinline__ void count_pull(const long long* __restrict__ tptr,
                                           const vid_t* __restrict__ tind,
                                           const double* __restrict__ F, double* S, int* L,
                                           double* __restrict__ T, long long k, vid_t n,
                                           int level) {
    long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (i < k * n) {
        long long r = i / n;
        vid_t v = (vid_t)(i - r * n);
        double t = 0.0;
        if (WALKS || S[i] == 0.0) {
            const double* Fr = F + r * n;
            for (long long e = tptr[v]; e < tptr[v + 1]; ++e) t += Fr[tind[e]];
        }
        T[i] = t;
        if (t != 0.0) {
            S[i] += t;
            L[i] = level;
        }
    }
}

extern "C" __global__ void count_pull_bfs(const long long* tptr, const vid_t* tind,
                                          const double* F, double* S, int* L, double* T,
                                          long long k, vid_t n, int level) {
    count_pull<false>(tptr, tind, F, S, L, T, k, n, level);
}
extern "C" __global__ void count_pull_walks(const long long* tptr, const vid_t* tind,
                                            const double* F, double* S, int* L, double* T,
                                            long long k, vid_t n, int level) {
    count_pull<true>(tptr, tind, F, S, L, T, k, n, level);
}

// W⟨L = ℓ⟩ = (1 + Δ) ÷ Σ
extern "C" __global__ void dependency_weights(const int* __restrict__ L,
                                              const double* __restrict__ S,
                                              const double* __restrict__ D,
                                              double* __restrict__ W, long long kn,
                                              int level) {
    long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (i < kn && L[i] == level) W[i] = (1.0 + D[i]) / S[i];
}

// Δ⟨L = ℓ − 1⟩ += (W plus.first Aᵀ) × Σ: each such v sums W over its out-edges.  Its
// successors on a shortest path are at level ℓ (the only swept level a BFS neighbour of
// v can be at), or, on a DAG of tight edges, at its levels ≥ ℓ, all swept.
extern "C" __global__ void dependency_pull(const long long* __restrict__ ptr,
                                           const vid_t* __restrict__ ind,
                                           const double* __restrict__ W,
                                           const double* __restrict__ S,
                                           double* __restrict__ D, const int* __restrict__ L,
                                           long long k, vid_t n, int level) {
    long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= k * n || L[i] != level - 1) return;
    long long r = i / n;
    vid_t v = (vid_t)(i - r * n);
    const double* Wr = W + r * n;
    double t = 0.0;
    for (long long e = ptr[v]; e < ptr[v + 1]; ++e) t += Wr[ind[e]];
    D[i] += t * S[i];
}

// ------------------------------------------------------------------ fused, unweighted
// One block a source.  Per block slot (n each): dist (-1 unreached), σ, δ, the BFS queue
// (level order) and the level starts.  All are back to dist = -1, σ = δ = 0 when the
// block takes its next source (reset over the vertices it reached only).
//   forward  level ℓ: u in the queue's slice ℓ, v ∈ A(u):
//              dist(v) = -1 → ℓ + 1 (one CAS; the winner queues v);
//              dist(v) = ℓ + 1 → σ(v) += σ(u)
//   backward level ℓ = depth − 1 … 1: δ(u) = σ(u) Σ_{u→v, dist(v) = ℓ+1} (1 + δ(v)) / σ(v)
//   out      dep(v) += δ(v), hits(v) += 1 for each reached v ≠ s; reach(s) = reached − 1
// `lanes` threads share a vertex's edges (the mean degree, at most a warp).
extern "C" __global__ void brandes_bfs(const long long* __restrict__ indptr,
                                       const vid_t* __restrict__ indices, vid_t n,
                                       const vid_t* __restrict__ sources, long long k,
                                       unsigned long long* next_job, int* dist_all,
                                       double* sigma_all, double* delta_all,
                                       vid_t* queue_all, vid_t* starts_all,
                                       double* __restrict__ dep,
                                       unsigned long long* __restrict__ hits,
                                       long long* __restrict__ reach, int lanes) {
    __shared__ unsigned long long job;
    __shared__ vid_t qlen;
    const long long slot = blockIdx.x;
    int* dist = dist_all + slot * (long long)n;
    double* sigma = sigma_all + slot * (long long)n;
    double* delta = delta_all + slot * (long long)n;
    vid_t* queue = queue_all + slot * (long long)n;
    vid_t* starts = starts_all + slot * ((long long)n + 2);
    const int group = threadIdx.x / lanes, groups = blockDim.x / lanes;
    const int lane = threadIdx.x % lanes;
    for (;;) {
        if (threadIdx.x == 0) job = atomicAdd(next_job, 1ull);
        __syncthreads();
        if (job >= (unsigned long long)k) return;
        const vid_t s = sources[job];
        if (threadIdx.x == 0) {
            dist[s] = 0;
            sigma[s] = 1.0;
            queue[0] = s;
            qlen = 1;
            starts[0] = 0;
            starts[1] = 1;
        }
        __syncthreads();
        // ============ forward: σ by levels (q'{¬dist} = q' plus.first A)
        int depth = 0;
        for (int l = 0;; ++l) {
            const vid_t a = starts[l], b = starts[l + 1];
            if (a == b) break;
            depth = l;
            for (vid_t j = a + group; j < b; j += groups) {
                const vid_t u = queue[j];
                const double su = sigma[u];
                for (long long e = indptr[u] + lane, end = indptr[u + 1]; e < end; e += lanes) {
                    const vid_t v = indices[e];
                    int dv = ((volatile int*)dist)[v];
                    if (dv < 0) {
                        dv = atomicCAS(&dist[v], -1, l + 1);
                        if (dv == -1) {
                            queue[add_vid(&qlen, (vid_t)1)] = v;
                            dv = l + 1;
                        }
                    }
                    if (dv == l + 1) atomicAdd(&sigma[v], su);
                }
            }
            __syncthreads();
            if (threadIdx.x == 0) starts[l + 2] = qlen;
            __syncthreads();
        }
        // ============ backward: δ level by level, deepest first
        for (int l = depth - 1; l >= 1; --l) {
            const vid_t a = starts[l], b = starts[l + 1];
            // every thread runs the same trips (the lanes of a vertex reduce by shuffle)
            for (vid_t base = a; base < b; base += groups) {
                const vid_t j = base + group;
                double t = 0.0;
                if (j < b) {
                    const vid_t u = queue[j];
                    for (long long e = indptr[u] + lane, end = indptr[u + 1]; e < end;
                         e += lanes) {
                        const vid_t v = indices[e];
                        if (dist[v] == l + 1) t += (1.0 + delta[v]) / sigma[v];
                    }
                }
                for (int o = lanes >> 1; o > 0; o >>= 1)
                    t += __shfl_down_sync(0xffffffffu, t, o, lanes);
                if (j < b && lane == 0) delta[queue[j]] = sigma[queue[j]] * t;
            }
            __syncthreads();
        }
        // ============ out: sums, and the slot back to its empty state
        const vid_t reached = qlen;
        for (vid_t j = threadIdx.x; j < reached; j += blockDim.x) {
            const vid_t v = queue[j];
            if (j > 0) {
                if (delta[v] != 0.0) atomicAdd(&dep[v], delta[v]);
                atomicAdd(&hits[v], 1ull);
            }
            dist[v] = -1;
            sigma[v] = 0.0;
            delta[v] = 0.0;
        }
        if (threadIdx.x == 0) reach[job] = (long long)reached - 1;
        __syncthreads();
    }
}
