# %% [markdown]
# # 03 · SSSP strategies are masks
#
# Shortest paths from a source $s$ are the fixed point of
#
# $$ t\langle m \rangle = f \;\text{min.+}\; A, \qquad
#    \text{changed} = \{ j : t(j) < d(j) \}, \qquad d = \min(d, t). $$
#
# Every algorithm in the papers (`papers/001`, `papers/002`) keeps that step and differs in
# **one rule**: which vertices form the next frontier $f$ (and which the mask keeps out).
#
# | strategy | next frontier |
# |---|---|
# | Bellman-Ford | every vertex with a finite $d$ |
# | workfront | the vertices whose $d$ changed last step |
# | Martín | the open vertices of least $d$ (they are final: settled) |
# | Crauser | open $u$ with $d(u) \le \min_{open}(d + \text{minout})$ |
# | Crauser economic | open $u$ with $d(u) \le \min_{open} d + \min w$ |
# | near-far | changed vertices below a split; the rest waits in a far pile |
# | Δ-stepping | the lowest bucket $[k\Delta, (k+1)\Delta)$, light edges first |
#
# This notebook runs all of them on one road network, draws what each settle rule
# selects round by round, sweeps Δ, and then **measures** what a round and an edge cost —
# the lesson the teaching material usually skips.

# %%
import os
import time

import matplotlib.pyplot as plt
import numpy as np
from scipy.sparse import csgraph

import semiring_paths as sp
from semiring_paths.cpu.backend import GraphBLASBackend
from semiring_paths.generators import grid

BACKEND = os.environ.get("SEMIRING_PATHS_BACKEND", "auto")   # "gpu" runs it on a GPU
STRATEGIES = ["bellman-ford", "workfront", "light-first", "martin", "crauser",
              "crauser-economic", "near-far", "delta-stepping"]

# %% [markdown]
# ## Same answers, different work
#
# Rome's road network (DIMACS, 3 353 junctions, travel times as weights). Every strategy
# gives scipy's distances; they differ in **rounds** (relaxation steps) and **edges
# relaxed** in total — the two axes of Figure 4 of paper 002.

# %%
G = sp.read("rome99")
s = 0
truth = csgraph.dijkstra(G.to_scipy(), indices=s)
runs = {}
for strategy in STRATEGIES:
    r = sp.sssp(G, s, strategy=strategy, backend=BACKEND)
    assert np.array_equal(r.distances, truth), strategy
    runs[strategy] = r.trace
    print(f"{strategy:17} {r.trace.iterations:6d} rounds {r.trace.edges_relaxed:9,d} edges")

fig, ax = plt.subplots(figsize=(8.5, 4.5))
for (strategy, t), marker in zip(runs.items(), "osD^v<>P"):
    ax.scatter(t.iterations, t.edges_relaxed, s=70, marker=marker, label=strategy)
ax.axhline(G.n_stored, color="gray", ls=":", label=f"m = {G.n_stored:,} stored edges")
ax.set(xscale="log", yscale="log", xlabel="rounds (relaxation steps)",
       ylabel="edges relaxed, total", title="rome99 from vertex 0: work vs rounds")
ax.legend(loc="center left", bbox_to_anchor=(1.01, 0.5))
fig.tight_layout()

# %% [markdown]
# Bellman-Ford and workfront take few rounds but relax edges many times over;
# Martín relaxes each edge once (it is Dijkstra, settling all ties at once) but needs a
# round per distinct distance. Crauser's rules settle more per round at the same work;
# near-far and Δ-stepping sit in between, and Δ moves them along the trade-off.

# %% [markdown]
# ## What each settle rule selects, round by round
#
# The settle rules can be written in a few lines of numpy on top of the relaxation — a
# strategy really is just its selection. We check them against the library round by
# round, then draw, on a small grid with weights 1–9, the round in which each vertex was
# settled.

# %%
def settle_rounds(H: sp.Graph, source: int, rule: str):
    """Distances and the round that settles each vertex, by one settle rule."""
    M = H.to_scipy(np.float64).tocsr()
    n = H.n_vertices
    d = np.full(n, np.inf)
    d[source] = 0.0
    settled, round_of = np.zeros(n, bool), np.full(n, -1)
    minout = np.full(n, np.inf)                       # least out-edge weight of each u
    np.minimum.at(minout, np.repeat(np.arange(n), np.diff(M.indptr)), M.data)
    r = 0
    while (open_ := ~settled & np.isfinite(d)).any():
        if rule == "martin":                          # the least d
            f = open_ & (d == d[open_].min())
        elif rule == "crauser":                       # d ≤ min (d + minout)
            f = open_ & (d <= (d + minout)[open_].min())
        else:                                         # economic: d ≤ min d + min w
            f = open_ & (d <= d[open_].min() + M.data.min())
        settled |= f
        round_of[f] = r
        sub = M[f]                                    # t = f min.+ A ; d = min(d, t)
        np.minimum.at(d, sub.indices, np.repeat(d[f], np.diff(sub.indptr)) + sub.data)
        r += 1
    return d, round_of


g = grid(14, 20, seed=3, weights=(1, 9))
fig, axes = plt.subplots(1, 3, figsize=(14, 3.6))
for ax, (rule, name) in zip(axes, [("martin", "martin"), ("crauser", "crauser"),
                                   ("economic", "crauser-economic")]):
    d, round_of = settle_rounds(g, 0, rule)
    lib = sp.sssp(g, 0, strategy=name, backend="cpu")
    assert np.array_equal(d, lib.distances)
    assert np.bincount(round_of).tolist() == [st.frontier for st in lib.trace.steps]
    im = ax.imshow(round_of.reshape(14, 20), cmap="viridis")
    ax.set(title=f"{name}: {round_of.max() + 1} rounds", xticks=[], yticks=[])
    fig.colorbar(im, ax=ax, label="round that settles the vertex")
fig.suptitle("Grid 14×20, weights 1–9, source top-left: each rule's rounds "
             "(same distances; checked round by round against sp.sssp)")
fig.tight_layout()

# %% [markdown]
# Martín settles a thin contour of equal distances each round; Crauser's look-ahead
# (no open vertex can improve $u$ if $d(u) \le \min(d + \text{minout})$) settles a wider
# band, so fewer rounds; the economic rule needs only the graph's least weight.
#
# ## The Δ sweep
#
# Δ-stepping's buckets and near-far's split move along the trade-off: a small Δ is
# Dijkstra-like (many rounds, little re-relaxation), a large Δ is Bellman-Ford-like.

# %%
deltas = np.geomspace(50, 50000, 10)
sweep = {name: [] for name in ("near-far", "delta-stepping")}
for name in sweep:
    for delta in deltas:
        t = sp.sssp(G, s, strategy=name, delta=float(delta), backend=BACKEND).trace
        sweep[name].append((t.iterations, t.edges_relaxed))
fig, (a1, a2) = plt.subplots(1, 2, figsize=(12, 3.8))
for name, pts in sweep.items():
    a1.plot(deltas, [p[0] for p in pts], "o-", label=name)
    a2.plot(deltas, [p[1] for p in pts], "o-", label=name)
a1.set(xscale="log", yscale="log", xlabel="Δ (travel-time units)", ylabel="rounds",
       title="rounds fall as Δ grows")
a2.set(xscale="log", xlabel="Δ (travel-time units)", ylabel="edges relaxed, total",
       title="re-relaxation grows with Δ")
a2.axhline(G.n_stored, color="gray", ls=":", label="m (each edge once)")
for a in (a1, a2):
    a.legend()
fig.tight_layout()

# %% [markdown]
# ## The performance lesson: rounds × cost per round + edges × cost per edge
#
# A round of GraphBLAS algebra is several library calls (a masked product, a select, an
# assignment): tens of microseconds even when the frontier holds one vertex. An edge
# costs nanoseconds. So for the algebra the time is roughly
#
# $$ T \approx R \cdot c_{round} + E \cdot c_{edge}. $$
#
# We measure $c_{round}$ and $c_{edge}$ from runs of every strategy (GraphBLAS rounds
# forced) on two graphs — the road network, and a Kronecker graph whose few wide rounds
# weigh the edges — by non-negative least squares on the *relative* error (each run
# counts the same, however long it took).

# %%
from scipy.optimize import nnls  # noqa: E402

from semiring_paths.generators import kronecker  # noqa: E402


def best_time(fn, repeat=3):
    fn()                                    # first call: compile, caches
    best = np.inf
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t0)
    return best


K = kronecker(13, seed=1, weights=(1, 64))
graphs = {"rome99": (G, 0), "kron13": (K, int(np.argmax(K.out_degree)))}
rows = []
for mode in ("never", "always"):            # GraphBLAS rounds, then the compiled loops
    GraphBLASBackend.fused_mode = mode
    for gname, (H, src) in graphs.items():
        for strategy in STRATEGIES:
            t = best_time(lambda st=strategy, H=H, src=src: sp.sssp(H, src, strategy=st,
                                                                     backend="cpu"))
            tr = sp.sssp(H, src, strategy=strategy, backend="cpu").trace
            rows.append((mode, gname, strategy, tr.iterations, tr.edges_relaxed, t))
GraphBLASBackend.fused_mode = "auto"
alg = [r for r in rows if r[0] == "never"]
fused = [r for r in rows if r[0] == "always"]
y = np.array([r[5] for r in alg])
(c_round, c_edge), _ = nnls(np.array([[r[3], r[4]] for r in alg], float) / y[:, None],
                            np.ones(len(alg)))
print(f"GraphBLAS rounds: {c_round * 1e6:.1f} µs a round, {c_edge * 1e9:.2f} ns an edge")
print(f"{'graph':7} {'strategy':17} {'rounds':>7} {'edges':>9} {'GraphBLAS ms':>13} "
      f"{'model ms':>9} {'compiled ms':>12}")
for (_, gname, st, R, E, t), (*_, tf) in zip(alg, fused):
    print(f"{gname:7} {st:17} {R:7d} {E:9,d} {t * 1e3:13.2f} "
          f"{(R * c_round + E * c_edge) * 1e3:9.2f} {tf * 1e3:12.2f}")

# %%
fig, ax = plt.subplots(figsize=(8, 4))
x = np.arange(len(STRATEGIES))
ax.bar(x - 0.2, [r[5] * 1e3 for r in alg if r[1] == "rome99"], 0.4, label="GraphBLAS rounds")
ax.bar(x + 0.2, [r[5] * 1e3 for r in fused if r[1] == "rome99"], 0.4,
       label="compiled (fused) loop")
ax.set(yscale="log", ylabel="time, ms (log scale, best of 3)", xticks=x,
       title="rome99 SSSP on this CPU: the same rounds, algebra vs fused")
ax.set_xticklabels(STRATEGIES, rotation=30, ha="right")
ax.legend()
fig.tight_layout()

# %% [markdown]
# A road network needs hundreds to thousands of rounds whatever the strategy, and each
# round of algebra costs tens of microseconds of overhead however few vertices it
# touches: the **round count** dominates. That is why `semiring_paths` runs such searches
# as *fused* loops — the same rounds, compiled (numba) on the CPU or device-resident on
# the GPU, where a round costs well under a microsecond. On a low-diameter graph (a few
# wide rounds) the edges dominate and the algebra is already near its floor. With
# `SEMIRING_PATHS_BACKEND=gpu` the first table above runs on the GPU; notebook 06 shows
# stored GPU measurements.

# %% [markdown]
# ## Exercises
#
# **Exercise 1.** Write workfront yourself with scipy/numpy (frontier = the vertices whose
# $d$ changed in the last step), count its rounds, and check distances and the number of
# rounds against `sp.sssp(G, 0, strategy="workfront", backend="cpu")` with GraphBLAS
# rounds (`GraphBLASBackend.fused_mode = "never"`).

# %% tags=["solution"]
def workfront(H: sp.Graph, source: int):
    M = H.to_scipy(np.float64).tocsr()
    d = np.full(H.n_vertices, np.inf)
    d[source] = 0.0
    f = np.zeros(H.n_vertices, bool)
    f[source] = True
    rounds = 0
    while f.any():
        rounds += 1
        sub = M[f]
        t = np.full(H.n_vertices, np.inf)               # t = f min.+ A
        np.minimum.at(t, sub.indices, np.repeat(d[f], np.diff(sub.indptr)) + sub.data)
        f = t < d                                       # changed
        d = np.minimum(d, t)
    return d, rounds


GraphBLASBackend.fused_mode = "never"
mine, rounds = workfront(G, 0)
lib = sp.sssp(G, 0, strategy="workfront", backend="cpu")
GraphBLASBackend.fused_mode = "auto"
assert np.array_equal(mine, truth)
assert rounds == lib.trace.iterations, (rounds, lib.trace.iterations)
print("workfront:", rounds, "rounds, as the library's")

# %% [markdown]
# **Exercise 2.** Add a fourth settle rule to `settle_rounds`: settle every open vertex
# whose $d$ is at most the least open $d$ plus the least *in*-edge weight of that vertex
# (Crauser's "IN" criterion). Check that it gives scipy's distances on the grid and takes
# no more rounds than Martín.

# %% tags=["solution"]
def settle_in(H: sp.Graph, source: int):
    M = H.to_scipy(np.float64).tocsr()
    T = M.T.tocsr()
    n = H.n_vertices
    minin = np.full(n, np.inf)
    np.minimum.at(minin, np.repeat(np.arange(n), np.diff(T.indptr)), T.data)
    d = np.full(n, np.inf)
    d[source] = 0.0
    settled, r = np.zeros(n, bool), 0
    while (open_ := ~settled & np.isfinite(d)).any():
        f = open_ & (d - minin <= d[open_].min())       # IN: d(u) − minin(u) ≤ min d
        settled |= f
        sub = M[f]
        np.minimum.at(d, sub.indices, np.repeat(d[f], np.diff(sub.indptr)) + sub.data)
        r += 1
    return d, r


d_in, r_in = settle_in(g, 0)
assert np.array_equal(d_in, csgraph.dijkstra(g.to_scipy(), indices=0))
assert r_in <= settle_rounds(g, 0, "martin")[1].max() + 1
print("IN rule:", r_in, "rounds; Martín:", settle_rounds(g, 0, "martin")[1].max() + 1)

# %% [markdown]
# **Exercise 3.** Using the fitted $c_{round}$ and $c_{edge}$, predict the GraphBLAS time of
# Δ-stepping at the smallest and largest Δ of the sweep, then measure both. How far off is
# the model, and why might a Δ-stepping round cost more than the average round?

# %% tags=["solution"]
GraphBLASBackend.fused_mode = "never"
predicted, measured = [], []
for delta in (deltas[0], deltas[-1]):
    r = sp.sssp(G, s, strategy="delta-stepping", delta=float(delta), backend="cpu")
    assert np.array_equal(r.distances, truth)                # scipy's distances
    tr = r.trace
    predicted.append(tr.iterations * c_round + tr.edges_relaxed * c_edge)
    measured.append(best_time(lambda d=delta: sp.sssp(G, s, strategy="delta-stepping",
                                                      delta=float(d), backend="cpu")))
    print(f"Δ = {delta:8.0f}: model {predicted[-1] * 1e3:7.2f} ms, measured "
          f"{measured[-1] * 1e3:7.2f} ms ({measured[-1] / predicted[-1]:.2f}×)")
GraphBLASBackend.fused_mode = "auto"
# the model ranks the two as the clock does: the small Δ pays for its many rounds
assert (predicted[0] > predicted[1]) == (measured[0] > measured[1])
