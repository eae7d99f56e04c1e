// semiring_paths: a point-to-point search from both ends, one block (gpu/pair.py).
//
// Side 0 searches from s over A, side 1 from t over Aᵀ (Pohl 1971; papers/002's
// Near-Far as the per-side rule).  Each side keeps its open set P (vertices whose
// value dropped since they were last relaxed, each once: inq).  A round takes the side
// with fewer open vertices and relaxes those within `delta` of its least value (all of
// them for hops, where P is one BFS level):
//
//   select   N = P⟨d ≤ min d + Δ⟩, snapshot d(N); the rest stays open
//   relax    d(v) = min(d(v), d(u) + w(u,v)) over N's edges; each drop offers
//            μ = min(μ, d(v) + d_other(v)) and reopens v
//   parents  π(v) = u for a tight edge of N into each v that dropped this round
//            (a drop is strict, so π stays a tree even with zero weights), and the
//            meeting vertex where d(v) + d_other(v) = μ
//
// Hops set π at the drop (a level drops a vertex once, from ∞) and pass over N again
// only in a round that met.  The least open value of a side is kept, not scanned for:
// the least of what stayed open and of the values that dropped.
//
// The search stops when μ ≤ min d₀(P₀) + min d₁(P₁) — a label-correcting form of the
// meeting rule: a shorter path would have to leave an open vertex on each side — or
// when a side's open set empties (its values are then final, and μ holds the one to
// the other end).  Thread 0 then writes the path: meet's ancestors on side 0 reversed,
// meet, its ancestors on side 1.  Every value is a float64 sum; weights are ≥ 0.
//
// Work is shared out per round: a vertex of degree ≤ FAT is one thread's; a fatter one
// is listed and its edges strided over the whole block.
#define PAIR_INF __longlong_as_double(0x7ff0000000000000LL)
#define FAT 32

__device__ __forceinline__ double block_min(double v, double* slot) {
    for (int o = 16; o > 0; o >>= 1) v = fmin(v, __shfl_down_sync(0xffffffffu, v, o));
    if ((threadIdx.x & 31) == 0 && v < *slot) atomic_min_nonneg(slot, v);
    return v;
}

struct SideArrays {
    const long long* ptr;     // CSR of A (side 0) or Aᵀ (side 1)
    const vid_t* idx;
    const void* w;
    double* d;                // values
    vid_t* parent;            // π (the root is its own)
    int* stamp;               // the round of the last drop
    int* inq;                 // 1 while open
    vid_t* open[2];           // P, ping-pong with its compacted copy
};

template <class W>
__device__ __forceinline__ double weight(const SideArrays& S, long long e, bool unit) {
    return unit ? 1.0 : as_f64(((const W*)S.w)[e]);
}

template <class W>
__device__ void pair_search(SideArrays* sides, vid_t s, vid_t t, double delta, bool hops,
                            vid_t* now, double* now_d, vid_t* fat, vid_t* path,
                            long long* out) {
    __shared__ int count[2], cur[2], n_now, n_fat, side, stop, round, met, size;
    __shared__ double mins[2], next_min, mu, th;
    __shared__ vid_t meet;
    if (threadIdx.x == 0) {
        for (int k = 0; k < 2; ++k) {
            vid_t r = k ? t : s;
            sides[k].d[r] = 0.0; sides[k].parent[r] = r; sides[k].inq[r] = 1;
            sides[k].open[0][0] = r; count[k] = 1; cur[k] = 0; mins[k] = 0.0;
        }
        mu = (s == t) ? 0.0 : PAIR_INF;
        meet = (s == t) ? s : -1;
        round = 0;
    }
    __syncthreads();
    while (true) {
        // ------------------------------------------ stop?  the side and its threshold
        if (threadIdx.x == 0) {
            stop = count[0] == 0 || count[1] == 0 || mu <= mins[0] + mins[1];
            side = count[1] < count[0];
            th = mins[side] + delta;
            n_now = n_fat = met = 0; next_min = PAIR_INF;
            size = count[side];
            count[side] = 0;               // P is rebuilt: what stays, then what drops
        }
        __syncthreads();
        if (stop) break;
        const SideArrays S = sides[side], O = sides[side ^ 1];
        const int r = round, c = cur[side];
        vid_t* open = S.open[c ^ 1];
        // ------------------------------------------ N = P⟨d ≤ min + Δ⟩, the rest stays
        {
            const vid_t* P = S.open[c];
            for (int j0 = 0; j0 < size; j0 += blockDim.x) {
                int j = j0 + threadIdx.x;
                double du = PAIR_INF;
                if (j < size) {
                    vid_t u = P[j];
                    du = S.d[u];
                    if (du <= th) {
                        int k = atomicAdd(&n_now, 1);
                        now[k] = u; now_d[k] = du; S.inq[u] = 0;
                        du = PAIR_INF;
                    } else {
                        open[atomicAdd(&count[side], 1)] = u;
                    }
                }
                block_min(du, &next_min);            // the least value that stays open
            }
        }
        __syncthreads();
        // ------------------------------------------ d = min(d, N min.+ A)
        auto relax = [&](vid_t u, double du, long long e) {
            vid_t v = S.idx[e];
            double nd = du + weight<W>(S, e, hops);
            if (nd < S.d[v]) {
                double old = atomic_min_nonneg(&S.d[v], nd);
                if (nd < old) {
                    if (hops) S.parent[v] = u;       // a level: one drop, from ∞
                    else S.stamp[v] = r;
                    if (nd < next_min) atomic_min_nonneg(&next_min, nd);
                    double other = O.d[v];
                    if (other < PAIR_INF) { atomic_min_nonneg(&mu, nd + other); met = 1; }
                    if (atomicExch(&S.inq[v], 1) == 0) open[atomicAdd(&count[side], 1)] = v;
                }
            }
        };
        for (int j = threadIdx.x; j < n_now; j += blockDim.x) {
            vid_t u = now[j];
            long long b = S.ptr[u], e = S.ptr[u + 1];
            if (e - b > FAT) { fat[atomicAdd(&n_fat, 1)] = j; continue; }
            for (; b < e; ++b) relax(u, now_d[j], b);
        }
        __syncthreads();
        for (int f = 0; f < n_fat; ++f) {
            vid_t j = fat[f], u = now[j];
            for (long long b = S.ptr[u] + threadIdx.x; b < S.ptr[u + 1]; b += blockDim.x)
                relax(u, now_d[j], b);
        }
        if (n_fat) __syncthreads();
        // ------------------------------------------ π over tight edges into what dropped
        // (weights; hops set π at the drop) and the meeting vertex of μ
        if (!hops || met) {
            auto tighten = [&](vid_t u, double du, long long e) {
                vid_t v = S.idx[e];
                if (hops ? S.d[v] == du + 1.0
                         : S.stamp[v] == r && du + weight<W>(S, e, false) == S.d[v]) {
                    if (!hops) S.parent[v] = u;
                    if (met && S.d[v] + O.d[v] == mu) meet = v;
                }
            };
            for (int j = threadIdx.x; j < n_now; j += blockDim.x) {
                vid_t u = now[j];
                long long b = S.ptr[u], e = S.ptr[u + 1];
                if (e - b > FAT) continue;
                for (; b < e; ++b) tighten(u, now_d[j], b);
            }
            for (int f = 0; f < n_fat; ++f) {
                vid_t j = fat[f], u = now[j];
                for (long long b = S.ptr[u] + threadIdx.x; b < S.ptr[u + 1];
                     b += blockDim.x)
                    tighten(u, now_d[j], b);
            }
            __syncthreads();
        }
        if (threadIdx.x == 0) { cur[side] = c ^ 1; mins[side] = next_min; ++round; }
        __syncthreads();
    }
    // ---------------------------------------------- the path: s … meet … t
    if (threadIdx.x == 0) {
        long long len = 0;
        if (meet >= 0 && mu < PAIR_INF) {
            for (vid_t v = meet; ; v = sides[0].parent[v]) {       // meet … s
                path[len++] = v;
                if (sides[0].parent[v] == v) break;
            }
            for (long long i = 0, j = len - 1; i < j; ++i, --j) {  // s … meet
                vid_t x = path[i]; path[i] = path[j]; path[j] = x;
            }
            for (vid_t v = meet; sides[1].parent[v] != v; ) {      // … t
                v = sides[1].parent[v];
                path[len++] = v;
            }
        }
        out[0] = len; out[1] = round;
        ((double*)out)[2] = mu;
    }
}

#define PAIR_KERNEL(TAG, W)                                                              \
extern "C" __global__ void __launch_bounds__(1024) pair_search_##TAG(                    \
        SideArrays* sides, vid_t s, vid_t t, double delta, int hops, vid_t* now,         \
        double* now_d, vid_t* fat, vid_t* path, long long* out) {                        \
    pair_search<W>(sides, s, t, delta, hops != 0, now, now_d, fat, path, out);           \
}
PAIR_KERNEL(i32, int)
PAIR_KERNEL(i64, long long)
PAIR_KERNEL(f32, float)
PAIR_KERNEL(f64, double)
