// semiring_paths: a whole BFS as one device-resident loop (gpu/bfs.py, _bfs_loop).
//
// Each level is one product, its direction chosen on the device by Beamer's rule
// (algorithms/bfs.py, with its α and β):
//   push  q⟨¬π, replace⟩ = q any.secondi A     `lanes` threads a frontier vertex
//   pull  q⟨¬π, replace⟩ = Aᵀ any.firstj q     a thread an unreached vertex, stopping
//                                               at its first in-neighbour in q
// Both claim v by writing π(v) (push: a compare-and-swap from -1) and v(v) = level + 1,
// append v to the next queue and add its out-degree to m_f, the next frontier's
// out-edges.  So the queue is there whatever the next direction, and a pull reads the
// frontier as {u : v(u) = level}.
//
// No host synchronisation per level: the frontier size, m_f, the unexplored edges m_u,
// the direction and the level stay in `ctl`; thread 0 moves them on between two barriers
// and records the level (frontier, edges, next frontier, direction) in `stats`.
// As in rules.cu, one template runs as one block (push levels of at most `wide_at`
// edges: __syncthreads costs nanoseconds, and a grid or road network runs thousands of
// such levels) or as a cooperative grid (pulls and wide pushes; it hands back after
// `thin_levels` thin push levels in a row, so a Kronecker graph's last small levels end
// where they are).  A launch returns when its shape stops fitting, and the host
// relaunches the other from the same device state.
//
// A thin level is a few chains of dependent loads (queue → row → neighbour → π → CAS):
// each thread takes TRIPS frontier vertices at a time and issues their loads together.
// A vertex of `big` edges or more is listed instead (one packed atomicAdd) and its edges
// shared out over every thread, so a hub does not hold one group for the level.
// Reads of what other blocks wrote since a barrier (the queue, v, π) go through L2
// (__ldcg): a stale L1 line would hide a claim.

enum { B_NQ = 0, B_NEXT, B_MF, B_MFN, B_MU, B_PULL, B_PREV, B_LEVEL, B_QSEL, B_DONE,
       B_REC, B_BIGS, B_SLOTS };
enum { MODE_PUSH = 0, MODE_PULL = 1, MODE_DO = 2 };
#define TRIPS 4

// levels = -1, parents = -1 but for the source; the first queue holds the source; the
// control words start the search: one launch for the whole setup
extern "C" __global__ void bfs_start(vid_t n, vid_t source, int* __restrict__ levels,
                                     vid_t* __restrict__ parents, vid_t* __restrict__ q,
                                     long long* __restrict__ ctl, long long source_edges,
                                     long long m, int mode) {
    long long tid = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    for (long long v = tid; v < n; v += (long long)gridDim.x * blockDim.x) {
        bool s = v == source;
        levels[v] = s ? 0 : -1;
        parents[v] = s ? source : (vid_t)-1;
    }
    if (tid < B_SLOTS) {
        long long x = 0;
        if (tid == B_NQ || tid == B_PREV) x = 1;
        if (tid == B_MF) x = source_edges;
        if (tid == B_MU) x = m;
        if (tid == B_PULL) x = mode == MODE_PULL;
        ctl[tid] = x;
    }
    if (tid == 0) q[0] = source;
}

template <bool GRID>
__device__ void bfs_loop(const long long* __restrict__ indptr,
                         const vid_t* __restrict__ indices,
                         const long long* __restrict__ tptr, const vid_t* __restrict__ tind,
                         vid_t n, int mode, double alpha, double beta,
                         int* __restrict__ levels, vid_t* __restrict__ parents,
                         vid_t* q_a, vid_t* q_b, long long* ctl_g, long long* stats,
                         long long cap, long long wide_at, long long thin_at,
                         int thin_levels, int lanes, vid_t* big_v, long long* big_off,
                         long long big, int big_graph) {
    // one block keeps the control words in shared memory, written back on the way out
    __shared__ long long ctl_s[B_SLOTS];
    long long* ctl = GRID ? ctl_g : ctl_s;
    if (!GRID) {
        if (threadIdx.x < B_SLOTS)
            ctl_s[threadIdx.x] = threadIdx.x == B_REC ? 0 : ctl_g[threadIdx.x];
        __syncthreads();
    } else if (blockIdx.x == 0 && threadIdx.x == 0) {
        ctl_g[B_REC] = 0;                // records of this launch (only thread 0 writes)
    }
    auto leave = [&]() {                 // every thread calls it, together
        if (!GRID) {
            __syncthreads();
            if (threadIdx.x < B_SLOTS) ctl_g[threadIdx.x] = ctl_s[threadIdx.x];
        }
    };
    long long tid = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    long long stride = (long long)gridDim.x * blockDim.x;
    long long gid = tid / lanes, groups = stride / lanes;      // `lanes` threads a vertex
    int lane = (int)(tid % lanes);
    long long row = 0;                  // this launch's records (the host reads ctl[REC])
    int thin_run = 0;                   // thin push levels in a row (the grid shape)
    for (;; ++row) {
        // ---- every thread reads the same state (written before the last barrier) and
        // takes the same decisions
        long long nq = vload(&ctl[B_NQ]);
        if (nq == 0) {
            if (tid == 0) ctl[B_DONE] = 1;
            return leave();
        }
        if (row >= cap) return leave();
        long long mf = vload(&ctl[B_MF]), mu = vload(&ctl[B_MU]);
        long long prev = vload(&ctl[B_PREV]);
        bool pull = vload(&ctl[B_PULL]) != 0;
        int level = (int)vload(&ctl[B_LEVEL]);
        if (mode == MODE_DO) {           // Beamer's switch, as algorithms/bfs.py
            if (pull && nq < n / beta && nq < prev) pull = false;   // small, shrinking
            if (!pull) {
                mu -= mf;
                pull = mf > mu / alpha && nq >= prev && mf > n / beta;   // heavy, growing
            }
        }
        if (!GRID && (pull || mf > wide_at)) return leave();     // too wide for a block
        if (GRID) {
            thin_run = !pull && mf < thin_at ? thin_run + 1 : 0;
            if (thin_run >= thin_levels && row > 0) return leave();   // thin a while
        }
        const vid_t* q = vload(&ctl[B_QSEL]) ? q_b : q_a;
        vid_t* nxt = vload(&ctl[B_QSEL]) ? q_a : q_b;
        const int next_level = level + 1;
        long long mfn = 0;
        auto claim = [&](vid_t v) {       // π(v) is ours: v joins the next level
            levels[v] = next_level;
            enqueue(nxt, &ctl[B_NEXT], v);
        };
        auto degree = [&](vid_t v) { return indptr[v + 1] - indptr[v]; };
        if (!pull) {
            // ================= push: q⟨¬π⟩ = q any.secondi A, TRIPS vertices a thread; each
            // step issues its TRIPS loads (or compare-and-swaps) before it waits on one
            for (long long j0 = gid; j0 < nq; j0 += TRIPS * groups) {
                vid_t u[TRIPS];
                long long k[TRIPS], end[TRIPS];
#pragma unroll
                for (int t = 0; t < TRIPS; ++t) {
                    long long j = j0 + t * groups;
                    u[t] = j < nq ? __ldcg(&q[j]) : (vid_t)-1;
                }
#pragma unroll
                for (int t = 0; t < TRIPS; ++t) {
                    k[t] = u[t] >= 0 ? indptr[u[t]] : 0;
                    end[t] = u[t] >= 0 ? indptr[u[t] + 1] : 0;
                }
#pragma unroll
                for (int t = 0; t < TRIPS; ++t) {
                    if (big_graph && u[t] >= 0 && end[t] - k[t] >= big) {  // a hub: below
                        if (lane == 0) {
                            unsigned long long at = atomicAdd(
                                (unsigned long long*)&ctl[B_BIGS], BIG_ONE + (end[t] - k[t]));
                            big_v[at >> 40] = u[t];
                            big_off[at >> 40] = (long long)(at & BIG_EDGES);
                        }
                        end[t] = k[t];
                    }
                    k[t] += lane;
                }
                for (;;) {                    // an edge of each vertex a step
                    vid_t v[TRIPS];
                    bool any = false;
#pragma unroll
                    for (int t = 0; t < TRIPS; ++t) {
                        v[t] = k[t] < end[t] ? indices[k[t]] : (vid_t)-1;
                        any |= v[t] >= 0;
                        k[t] += lanes;
                    }
                    if (!any) break;
                    bool won[TRIPS];
#pragma unroll
                    for (int t = 0; t < TRIPS; ++t)
                        won[t] = v[t] >= 0 && __ldcg(&parents[v[t]]) == -1;
#pragma unroll
                    for (int t = 0; t < TRIPS; ++t)
                        won[t] = won[t] && cas_vid(&parents[v[t]], -1, u[t]) == -1;
                    long long dg[TRIPS];
#pragma unroll
                    for (int t = 0; t < TRIPS; ++t) dg[t] = won[t] ? degree(v[t]) : 0;
#pragma unroll
                    for (int t = 0; t < TRIPS; ++t) {
                        if (won[t]) claim(v[t]);
                        mfn += dg[t];
                    }
                }
            }
            if (big_graph) {
                // ... and the listed hubs' edges, shared out evenly over every thread
                barrier_all<GRID>();
                unsigned long long packed = (unsigned long long)vload(&ctl[B_BIGS]);
                long long nb = (long long)(packed >> 40), total = packed & BIG_EDGES;
                long long s = 0;
                for (long long e = tid; e < total; e += stride) {
                    s = slot_of(big_off, nb, e, s);
                    vid_t u = __ldcg(&big_v[s]);
                    vid_t v = indices[indptr[u] + (e - __ldcg(&big_off[s]))];
                    if (__ldcg(&parents[v]) == -1 && cas_vid(&parents[v], -1, u) == -1) {
                        claim(v);
                        mfn += degree(v);
                    }
                }
            }
        } else {
            // ================= pull: q⟨¬π⟩ = Aᵀ any.firstj q, q = {u : v(u) = level};
            // TRIPS unreached vertices a thread scan their in-edges side by side
            for (long long v0 = tid; v0 < n; v0 += TRIPS * stride) {
                long long k[TRIPS], end[TRIPS];
                bool open[TRIPS];
#pragma unroll
                for (int t = 0; t < TRIPS; ++t) {
                    long long v = v0 + t * stride;
                    open[t] = v < n && __ldcg(&levels[v]) < 0;
                }
#pragma unroll
                for (int t = 0; t < TRIPS; ++t) {
                    long long v = v0 + t * stride;
                    k[t] = open[t] ? tptr[v] : 0;
                    end[t] = open[t] ? tptr[v + 1] : 0;
                }
                vid_t found[TRIPS];
#pragma unroll
                for (int t = 0; t < TRIPS; ++t) found[t] = -1;
                for (;;) {
                    vid_t u[TRIPS];
                    bool any = false;
#pragma unroll
                    for (int t = 0; t < TRIPS; ++t) {
                        u[t] = k[t] < end[t] ? tind[k[t]] : (vid_t)-1;
                        any |= u[t] >= 0;
                    }
                    if (!any) break;
#pragma unroll
                    for (int t = 0; t < TRIPS; ++t) {
                        if (u[t] >= 0 && __ldcg(&levels[u[t]]) == level) {
                            found[t] = u[t];
                            end[t] = k[t];                      // stop at the first hit
                        }
                        ++k[t];
                    }
                }
                long long dg[TRIPS];
#pragma unroll
                for (int t = 0; t < TRIPS; ++t)
                    dg[t] = found[t] >= 0 ? degree((vid_t)(v0 + t * stride)) : 0;
#pragma unroll
                for (int t = 0; t < TRIPS; ++t) {
                    if (found[t] >= 0) {
                        vid_t v = (vid_t)(v0 + t * stride);
                        parents[v] = found[t];              // only v's thread writes v
                        claim(v);
                    }
                    mfn += dg[t];
                }
            }
        }
        warp_add_into(mfn, &ctl[B_MFN]);
        barrier_all<GRID>();
        if (tid == 0) {
            long long nn = ctl[B_NEXT];
            stats[4 * row] = nq;
            stats[4 * row + 1] = pull ? -1 : mf;
            stats[4 * row + 2] = nn;
            stats[4 * row + 3] = pull;
            ctl[B_REC] = row + 1;
            ctl[B_PREV] = nq;
            ctl[B_NQ] = nn;
            ctl[B_NEXT] = 0;
            ctl[B_MF] = ctl[B_MFN];
            ctl[B_MFN] = 0;
            ctl[B_MU] = mu;
            ctl[B_PULL] = pull;
            ctl[B_LEVEL] = next_level;
            ctl[B_QSEL] ^= 1;
            ctl[B_BIGS] = 0;
        }
        barrier_all<GRID>();
    }
}

// the block shape's 1024 threads must fit one SM's registers (a cooperative launch of
// a kernel that does not fit is refused)
#define BFS_KERNEL(GRID, GTAG, THREADS)                                                      \
extern "C" __global__ void __launch_bounds__(THREADS) bfs_loop_##GTAG(                       \
        const long long* indptr, const vid_t* indices, const long long* tptr,               \
        const vid_t* tind, vid_t n, int mode, double alpha, double beta, int* levels,       \
        vid_t* parents, vid_t* q_a, vid_t* q_b, long long* ctl, long long* stats,           \
        long long cap, long long wide_at, long long thin_at, int thin_levels, int lanes,    \
        vid_t* big_v, long long* big_off, long long big, int big_graph) {                   \
    bfs_loop<GRID>(indptr, indices, tptr, tind, n, mode, alpha, beta, levels, parents,      \
                   q_a, q_b, ctl, stats, cap, wide_at, thin_at, thin_levels, lanes, big_v,  \
                   big_off, big, big_graph);                                                \
}
BFS_KERNEL(false, block, 1024)
BFS_KERNEL(true, grid, 256)
