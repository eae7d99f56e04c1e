# %% [markdown]
# # 01 · Graphs as matrices, semirings as data
#
# A graph on $n$ vertices **is** an $n \times n$ sparse matrix: $A(i, j)$ is the weight of
# the edge $i \to j$, and a missing entry means "no edge". A set of vertices (or a value
# per vertex) is a sparse vector. Everything in `semiring_paths` is built from one
# operation on those two objects, the vector–matrix product
#
# $$ t(j) = \bigoplus_i \; v(i) \otimes A(i, j) $$
#
# where the pair $(\oplus, \otimes)$ is a **semiring**. With $(+, \times)$ it is the product
# of linear algebra; with $(\min, +)$ it extends every path ending at $i$ by the edge
# $i \to j$ and keeps the shortest. The algebra stays the same; the semiring is data you
# hand to the product.
#
# This notebook: a small graph drawn next to its matrix; $v A^k$ as "$k$ hops"; one
# product under six semirings; then exercises.

# %%
import os

import graphblas as gb
import matplotlib.pyplot as plt
import networkx as nx
import numpy as np

import semiring_paths as sp

BACKEND = os.environ.get("SEMIRING_PATHS_BACKEND", "auto")   # "gpu" runs it on a GPU

# %% [markdown]
# ## A graph and its matrix
#
# The 7-vertex directed graph of Kepner & Gilbert's *Graph Algorithms in the Language of
# Linear Algebra* (its cover and Figure 1.1), vertices numbered 0–6 here. We give each
# edge a weight so that the semirings below have something to differ on.

# %%
src = [0, 0, 1, 1, 2, 3, 3, 4, 5, 6, 6]
dst = [1, 3, 4, 6, 5, 0, 2, 5, 2, 2, 3]
w = [2.0, 1.0, 4.0, 3.0, 1.0, 2.0, 5.0, 1.0, 2.0, 6.0, 1.0]
G = sp.Graph.from_edges(src, dst, w, n_vertices=7, directed=True, name="Kepner-Gilbert 7")
A = G.to_graphblas()          # the same graph as a python-graphblas Matrix
print(G.info())
print(f"A: {A.nrows} × {A.ncols} matrix, {A.nvals} stored entries, dtype {A.dtype}")
print(np.where(np.isnan(d := A.to_dense(fill_value=np.nan)), 0, d))   # 0 shown: no edge

# %%
pos = {0: (0, 2), 1: (1.3, 2.6), 2: (2.2, 0.3), 3: (0.4, 0.9), 4: (2.9, 2.2), 5: (3.3, 0.9),
       6: (1.5, 1.4)}
X = nx.DiGraph()
X.add_weighted_edges_from(zip(src, dst, w))
fig, (ax_g, ax_m) = plt.subplots(1, 2, figsize=(10, 4.2))
nx.draw_networkx(X, pos, ax=ax_g, node_color="#9ecae1", node_size=600, arrowsize=16,
                 connectionstyle="arc3,rad=0.08")
nx.draw_networkx_edge_labels(X, pos, ax=ax_g, edge_labels={(u, v): f"{x:g}" for u, v, x
                                                           in X.edges(data="weight")},
                             font_size=8, connectionstyle="arc3,rad=0.08")
ax_g.set_title("the graph: edge i → j of weight w")
ax_g.axis("off")
dense = np.full((7, 7), np.nan)
dense[src, dst] = w
im = ax_m.imshow(dense, cmap="viridis")
for i, j, x in zip(src, dst, w):
    ax_m.text(j, i, f"{x:g}", ha="center", va="center", color="w", fontsize=9)
ax_m.set(title="its matrix A: row i, column j (blank: no edge)", xlabel="to vertex j",
         ylabel="from vertex i", xticks=range(7), yticks=range(7))
fig.colorbar(im, ax=ax_m, label="edge weight")
fig.tight_layout()

# %% [markdown]
# ## $v A^k$: $k$ hops at a time
#
# Put a 1 at vertex 0 in a vector $v$. Under the Boolean semiring ($\lor, \land$),
# $v A$ marks the out-neighbours of 0, $v A^2$ the vertices two hops away, and so on:
# each product walks one more edge. Under $(+, \times)$ on the pattern of $A$ the same
# products **count** the walks of length $k$.

# %%
v = gb.Vector.from_coo([0], [True], size=7)
P = A.apply(gb.unary.one).new(dtype=bool)          # the pattern of A: Boolean edges
rows = []
x = v
for k in range(1, 5):
    x = x.vxm(P, gb.semiring.lor_land).new()      # x = x ∨.∧ A
    rows.append(sorted(x.to_coo()[0].tolist()))
    print(f"v A^{k}: where walks of {k} edge(s) from 0 end:", rows[-1])
walks = [sp.count_walks(G, 0, k, backend=BACKEND) for k in range(1, 5)]
print("walks of length 1..4 from 0, per vertex:\n", np.array(walks, dtype=int))

# %% [markdown]
# ## One product, six semirings
#
# The product $t = v \oplus.\otimes A$ repeated until nothing changes (a fixed point) gives a
# **path problem** for each semiring. `semiring_paths` registers the semirings once, as
# data: a name, $\oplus$, $\otimes$, the "no path" value $\bar 0$ and the "empty path" value
# $\bar 1$. The table below is the fixed point from vertex 0 under each:
#
# | problem | $\oplus$ | $\otimes$ | value of a path | best of two paths |
# |---|---|---|---|---|
# | reachability | or | and | reached at all | either |
# | hop count | min | + (on 1s) | number of edges | fewer |
# | distance | min | + | sum of weights | shorter |
# | widest (bottleneck) | max | min | its narrowest edge | wider |
# | most reliable | max | × | product of probabilities | more likely |
# | number of shortest paths | + | × | 1 per path | both count |

# %%
for name in sorted(sp.semirings.registry):
    print(sp.semirings.get(name))

# %%
reach = sp.bfs(G, 0, backend=BACKEND).levels >= 0
hops = sp.bfs(G, 0, backend=BACKEND).levels
dist = sp.sssp(G, 0, backend=BACKEND).distances
widest = sp.sssp(G, 0, semiring="max_min", backend=BACKEND).distances
R = sp.Graph.from_edges(src, dst, np.array(w) / 10, n_vertices=7, name="probabilities")
reliable = sp.sssp(R, 0, semiring="max_times", backend=BACKEND).distances
paths = sp.count_shortest_paths(G, 0, weight=True, backend=BACKEND)
columns = {"reachable": reach, "hops": hops, "distance": dist, "widest": widest,
           "most reliable (w/10)": reliable.round(4), "shortest paths": paths.astype(int)}
print("vertex  " + "  ".join(f"{c:>20}" for c in columns))
for i in range(7):
    print(f"{i:>6}  " + "  ".join(f"{col[i]!s:>20}" for col in columns.values()))

# %% [markdown]
# Read the table as algebra: the hop count is the distance with every weight 1. Vertex 5
# has **two** shortest paths of length 7 ($0 \to 3 \to 2 \to 5$ and
# $0 \to 1 \to 4 \to 5$), so $\sigma(5) = 2$. The shortest path to vertex 2
# ($0 \to 3 \to 2$, length 6) has bottleneck 1, while the widest one
# ($0 \to 1 \to 6 \to 2$, narrowest edge 2) is longer (11): different problems, different
# best paths. The code was the same loop every time — only the semiring changed.
#
# Check one entry by hand with python-graphblas: the distances after $k$ products are
# the shortest paths of at most $k$ edges.

# %%
d = gb.Vector.from_coo([0], [0.0], size=7)
for _ in range(6):
    d(gb.binary.min) << d.vxm(A, gb.semiring.min_plus)     # d ⊕= d min.+ A
print("after 6 products:", d.to_dense(np.inf))
print("sp.sssp:         ", dist)
assert np.array_equal(d.to_dense(np.inf), dist)

# %% [markdown]
# ## Exercises
#
# **Exercise 1.** Under the Boolean semiring, which vertices can reach vertex 2 (the
# *in*-reachability)? Compute it with products by $A^\mathsf{T}$ (`A.T`) and check it
# against NetworkX's `nx.ancestors`.

# %% tags=["solution"]
y = gb.Vector.from_coo([2], [True], size=7)
seen = y.dup()
while True:
    y = y.vxm(P.T, gb.semiring.lor_land).new(mask=~seen.S)   # y⟨¬seen⟩ = y ∨.∧ Aᵀ
    if y.nvals == 0:
        break
    seen(gb.binary.lor) << y                                 # seen ∨= y
ancestors = set(seen.to_coo()[0].tolist()) - {2}
assert ancestors == nx.ancestors(X, 2), (ancestors, nx.ancestors(X, 2))
print("vertices that reach 2:", sorted(ancestors))

# %% [markdown]
# **Exercise 2.** The number of walks of length $k$ from 0 to every vertex is $e_0 A^k$ over
# $(+, \times)$ on the pattern. Compute it for $k = 3$ with scipy's sparse matrix power and
# check `sp.count_walks` against it.

# %% tags=["solution"]
from scipy.sparse.linalg import matrix_power  # noqa: E402

M = G.to_scipy(np.float64).tocsr()
M.data[:] = 1.0                                     # the pattern: every edge counts once
by_power = matrix_power(M, 3).toarray()[0]
assert np.array_equal(by_power, sp.count_walks(G, 0, 3, backend=BACKEND))
print("walks of length 3 from 0:", by_power.astype(int))

# %% [markdown]
# **Exercise 3.** Define your own semiring: *longest* edge on the path minimised
# ($\oplus = \min$, $\otimes = \max$: the "minimax" path, what a hiker who fears the
# steepest step wants). Register it with `sp.semirings.register` from python-graphblas
# names and run `sp.sssp` with it (users' semirings run as GraphBLAS rounds on the CPU);
# check vertex 5 against a brute force over NetworkX's simple paths.

# %% tags=["solution"]
from itertools import pairwise  # noqa: E402

from semiring_paths.semirings import Semiring  # noqa: E402

if "min_max" not in sp.semirings.registry:
    sp.semirings.register(Semiring("min_max", "min", "max", zero=np.inf, one=-np.inf,
                                   idempotent=True, improves="lt",
                                   description="(min, max): the smallest bottleneck"))
minimax = sp.sssp(G, 0, semiring="min_max", backend="cpu").distances
brute = min(max(X[a][b]["weight"] for a, b in pairwise(p))
            for p in nx.all_simple_paths(X, 0, 5))
assert minimax[5] == brute, (minimax[5], brute)
print("minimax values from 0:", minimax)
