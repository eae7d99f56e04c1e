# %% [markdown]
# # 05 · Path algebra beyond distances
#
# Change the semiring, the mask or the stopping rule of the same loop and you get the
# other path problems people ask for:
#
# | question | algebra |
# |---|---|
# | how many shortest paths reach $v$? | $(+, \times)$ over the tight-edge DAG, level by level |
# | which vertices lie on many shortest paths? | Brandes: the counts forward, dependencies back |
# | who is within $k$ hops? | $k$ products by $A \vee I$ |
# | how much can flow along one path? | $(\max, \min)$: widest paths |
# | which route is most likely to work? | $(\max, \times)$: most reliable paths |
# | all pairs of a dense graph? | the closure $A^* = I \oplus A \oplus A^2 \oplus \dots$ over $(\min, +)$ |
# | the 10 best routes, not just one? | Yen: spur searches with a mask |

# %%
import os
import time
from itertools import pairwise

import graphblas as gb
import matplotlib.pyplot as plt
import networkx as nx
import numpy as np
from scipy.sparse import csgraph

import semiring_paths as sp
from semiring_paths.generators import grid

BACKEND = os.environ.get("SEMIRING_PATHS_BACKEND", "auto")   # "gpu" runs it on a GPU

# %% [markdown]
# ## Counting shortest paths
#
# $\sigma(v)$, the number of shortest paths from $s$ to $v$, obeys
# $\sigma(v) = \sum_{u \to v \text{ tight}} \sigma(u)$ — a product over $(+, \times)$
# restricted to the **tight** edges, those with $d(u) + w(u, v) = d(v)$. Unweighted, the
# tight edges join consecutive BFS levels, and the count is a masked BFS:
#
# $$ F\langle \neg\Sigma, \text{replace}\rangle = F \;\text{plus.first}\; A, \qquad \Sigma \mathrel{+}= F $$
#
# On an unweighted grid, $\sigma$ from a corner is a binomial coefficient (Pascal's
# triangle on its side):

# %%
g = grid(8, 8)
sigma = sp.count_shortest_paths(g, 0, backend=BACKEND).reshape(8, 8)
from math import comb  # noqa: E402

assert all(sigma[i, j] == comb(i + j, i) for i in range(8) for j in range(8))
fig, ax = plt.subplots(figsize=(5, 4.2))
im = ax.imshow(np.log10(sigma), cmap="cividis")
for i in range(8):
    for j in range(8):
        ax.text(j, i, f"{sigma[i, j]:.0f}", ha="center", va="center", fontsize=7,
                color="w" if np.log10(sigma[i, j]) < 2.2 else "k")
ax.set(title="shortest paths from the top-left corner of an 8×8 grid", xlabel="column",
       ylabel="row")
fig.colorbar(im, ax=ax, label="log₁₀ σ(v)")
fig.tight_layout()

# %% [markdown]
# ## Betweenness: Brandes in algebra
#
# Betweenness sums, over all pairs $(s, t)$, the share of shortest $s$–$t$ paths through
# $v$. Brandes showed it is a forward count ($\sigma$, above) and a backward sweep of
# **dependencies**, from the deepest level up:
#
# $$ \delta(u) = \sigma(u) \sum_{u \to v \text{ tight}} \frac{1 + \delta(v)}{\sigma(v)} $$
#
# — again a masked product, by $A^\mathsf{T}$, one level at a time. `semiring_paths` runs
# many sources at once (the rows of a matrix, as LAGraph's `LAGr_Betweenness`), or
# compiled per source on the CPU and a GPU block per source on the device.

# %%
G = sp.read("karate")
X = nx.karate_club_graph()
bc = sp.betweenness(G, backend=BACKEND, progress=False)
want = nx.betweenness_centrality(X)
assert np.allclose(bc, [want[v] for v in range(G.n_vertices)], rtol=1e-9)
pos = nx.spring_layout(X, seed=3)
fig, ax = plt.subplots(figsize=(6.5, 4.8))
nodes = nx.draw_networkx_nodes(X, pos, ax=ax, node_size=100 + 3000 * bc, node_color=bc,
                               cmap="plasma")
nx.draw_networkx_edges(X, pos, ax=ax, alpha=0.3)
nx.draw_networkx_labels(X, pos, ax=ax, font_size=7)
fig.colorbar(nodes, ax=ax, label="betweenness (normalized)")
ax.set(title="karate club: node size and colour = betweenness (equals NetworkX's)")
ax.axis("off")
fig.tight_layout()

# %% [markdown]
# ## $k$-hop neighbourhoods
#
# The vertices within $k$ hops of a set $S$ are $e_S (A \vee I)^k$ over the Boolean
# semiring — or a BFS that stops after $k$ levels. On the Rome road network, from
# five junctions:

# %%
road = sp.read("rome99")
S = [0, 800, 1600, 2400, 3200]
within = {k: sp.k_hop(road, S, k, backend=BACKEND) for k in (5, 10, 20, 40)}
hop = csgraph.shortest_path(road.to_scipy(), unweighted=True, indices=S).min(axis=0)
for k, got in within.items():
    assert np.array_equal(np.sort(got), np.flatnonzero(hop <= k))
    print(f"within {k:2d} hops of the 5 junctions: {got.size:5d} of {road.n_vertices}")

# %% [markdown]
# ## Widest paths on a capacity network, most reliable paths
#
# Give each edge a capacity. The most one path can carry is its narrowest edge, and the
# best path maximises that: $(\max, \min)$. Give each edge a probability of working; a
# path works with the product, and the best path maximises it: $(\max, \times)$. Same
# loop, other semiring:

# %%
cap = grid(20, 20, seed=5, weights=(1, 100))              # capacities 1–100
wide = sp.sssp(cap, 0, semiring="max_min", backend=BACKEND).distances
prob = sp.Graph(cap.indptr, cap.indices, 1 - cap.weights / 1000.0, directed=False)
rel = sp.sssp(prob, 0, semiring="max_times", backend=BACKEND).distances
# checks: a widest path's value is the largest threshold keeping 0 and v connected
Xc = nx.from_scipy_sparse_array(cap.to_scipy())
T = nx.maximum_spanning_tree(Xc)
v = 399
path = nx.shortest_path(T, 0, v)
assert wide[v] == min(Xc[a][b]["weight"] for a, b in pairwise(path))
# most reliable = shortest under −log p
d = csgraph.dijkstra(sp.Graph(cap.indptr, cap.indices, -np.log(prob.weights),
                              directed=False).to_scipy(), indices=0)
assert np.allclose(rel, np.exp(-d))
fig, (a1, a2) = plt.subplots(1, 2, figsize=(11, 4.2))
im1 = a1.imshow(np.where(np.isinf(wide), np.nan, wide).reshape(20, 20), cmap="viridis")
fig.colorbar(im1, ax=a1, label="widest-path capacity (units)")
a1.set(title="max.min from the top-left corner (white: the source)", xticks=[],
       yticks=[])
im2 = a2.imshow(rel.reshape(20, 20), cmap="magma")
fig.colorbar(im2, ax=a2, label="probability the best path works")
a2.set(title="max.× from the top-left corner", xticks=[], yticks=[])
fig.tight_layout()

# %% [markdown]
# ## All pairs of a dense graph: the closure $A^*$
#
# With a dense weight matrix (paper 003 stores one), all pairs is the closure of $A$ over
# $(\min, +)$. **Repeated squaring** $D \leftarrow D \oplus D \otimes D$ reaches it in
# $\lceil \log_2 n \rceil$ matrix products — the algebra's route, $O(n^3 \log n)$;
# **Floyd–Warshall** does $O(n^3)$ work, blocked so that it runs from cache.

# %%
rng = np.random.default_rng(1)
sizes, fw_t, sq_t, sci_t = [64, 128, 256, 512], [], [], []
for nv in sizes:
    W = rng.uniform(1, 10, (nv, nv))
    W[rng.random((nv, nv)) < 0.9] = np.inf                   # 10 % of the pairs are edges
    np.fill_diagonal(W, 0)
    D = sp.Graph.from_dense(W)
    times = []
    for method in ("floyd-warshall", "squaring"):
        sp.closure(D, method=method, backend=BACKEND)         # first call: compile
        t0 = time.perf_counter()
        C = sp.closure(D, method=method, backend=BACKEND)
        times.append(time.perf_counter() - t0)
        assert np.allclose(C, csgraph.floyd_warshall(W))
    t0 = time.perf_counter()
    csgraph.floyd_warshall(W)
    sci_t.append(time.perf_counter() - t0)
    fw_t.append(times[0])
    sq_t.append(times[1])
fig, ax = plt.subplots(figsize=(6.5, 4))
ax.plot(sizes, np.array(fw_t) * 1e3, "o-", label="sp.closure Floyd–Warshall (blocked)")
ax.plot(sizes, np.array(sq_t) * 1e3, "s-", label="sp.closure repeated squaring")
ax.plot(sizes, np.array(sci_t) * 1e3, "^--", label="scipy floyd_warshall")
ax.set(yscale="log", xlabel="vertices n", ylabel="time, ms (one run, log scale)",
       title="dense all pairs: closure A* over (min, +)")
ax.set_xscale("log", base=2)
ax.set_xticks(sizes, [str(x) for x in sizes])
ax.minorticks_off()
ax.legend()
fig.tight_layout()

# %% [markdown]
# ## $k$ shortest paths
#
# Yen's algorithm finds the $k$ best *simple* paths: each next path deviates from an
# earlier one at a **spur** vertex, found by a search that masks out the edges and
# vertices the earlier paths fix. Ten routes across Rome:

# %%
routes = sp.k_shortest_paths(road, 0, 3000, 10, backend=BACKEND)
Xr = nx.from_scipy_sparse_array(road.to_scipy(), create_using=nx.DiGraph)
ref = nx.shortest_simple_paths(Xr, 0, 3000, weight="weight")
for (length, _path), want_path in zip(routes, ref):
    assert length == nx.path_weight(Xr, want_path, "weight")
for i, (length, path) in enumerate(routes[:5]):
    print(f"route {i + 1}: {length:8.0f} travel-time units, {len(path)} junctions")

# %% [markdown]
# ## Exercises
#
# **Exercise 1.** On the karate club, count the shortest paths from vertex 0 to every
# vertex with `sp.count_shortest_paths` and check them against
# `len(list(nx.all_shortest_paths(X, 0, v)))`.

# %% tags=["solution"]
counts = sp.count_shortest_paths(G, 0, backend=BACKEND)
for v in range(1, G.n_vertices):
    assert counts[v] == len(list(nx.all_shortest_paths(X, 0, v))), v
print("σ from 0:", counts.astype(int))

# %% [markdown]
# **Exercise 2.** Write the $k$-hop neighbourhood yourself as $k$ Boolean products
# $x \leftarrow x \;\text{lor.land}\; (A \vee I)$ in python-graphblas and check it against
# `sp.k_hop(road, S, 10)`.

# %% tags=["solution"]
n = road.n_vertices
P = road.to_graphblas().apply(gb.unary.one).new(dtype=bool)
Id = gb.Matrix.from_coo(range(n), range(n), True, nrows=n, ncols=n)
B = P.ewise_add(Id, gb.binary.lor).new()                     # A ∨ I
x = gb.Vector.from_coo(S, True, size=n)
for _ in range(10):
    x = x.vxm(B, gb.semiring.lor_land).new()                 # x = x ∨.∧ (A ∨ I)
assert np.array_equal(np.sort(x.to_coo()[0]), np.sort(within[10]))
assert np.array_equal(np.sort(x.to_coo()[0]), np.flatnonzero(hop <= 10))     # scipy
print("10-hop neighbourhood:", x.nvals, "vertices")

# %% [markdown]
# **Exercise 3.** Betweenness by brute force: for the 8 × 8 grid, sum over ordered pairs
# $(s, t)$ the share $\sigma(s, v)\,\sigma(v, t) / \sigma(s, t)$ of paths through $v$ (for $v$
# on a shortest path), using `sp.count_shortest_paths` and BFS levels, and check it
# against `sp.betweenness(g, normalized=False)` and NetworkX.

# %% tags=["solution"]
n8 = g.n_vertices
sig = np.array([sp.count_shortest_paths(g, s, backend=BACKEND) for s in range(n8)])
hops8 = sp.multi_source_bfs(g, range(n8), backend=BACKEND)
brute = np.zeros(n8)
for s in range(n8):
    for t in range(n8):
        if s == t:
            continue
        on = (hops8[s] + hops8[:, t] == hops8[s, t]) & (np.arange(n8) != s) & (
            np.arange(n8) != t)
        brute[on] += sig[s, on] * sig[on, t] / sig[s, t]
ours = sp.betweenness(g, normalized=False, backend=BACKEND, progress=False)
assert np.allclose(ours, brute / 2)          # undirected: each unordered pair once
want8 = nx.betweenness_centrality(nx.from_scipy_sparse_array(g.to_scipy()), normalized=False)
assert np.allclose(brute / 2, [want8[v] for v in range(n8)])
print("betweenness of the grid equals the brute-force sum")
