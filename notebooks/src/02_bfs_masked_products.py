# %% [markdown]
# # 02 · BFS as a masked product
#
# Breadth-first search is the product of notebook 01 repeated, with one new idea: the
# **mask**. Let $q$ be the frontier (the vertices reached at the last level) and $\pi$ the
# parents found so far. One level is
#
# $$ q\langle \neg \pi, \text{replace} \rangle = q \;\text{any.secondi}\; A \qquad \pi \mathrel{+}= q $$
#
# * `any.secondi` is the semiring: $\otimes$ returns the row index $i$ of the edge (the
#   parent), $\oplus$ keeps *any* one of them — BFS needs a parent, not the best one.
# * $\langle \neg\pi \rangle$ is the mask: only vertices without a parent may be written.
#   The product never computes, or never keeps, what the mask excludes.
# * *replace* clears $q$ outside the mask first, so $q$ holds exactly the new level.
#
# **Push** (DAWN's SOVM) computes $q A$ from the frontier's out-edges; **pull** (BOVM)
# computes $A^\mathsf{T} q$: every unvisited vertex scans its in-edges and **stops at the
# first parent in the frontier**. Same algebra, different cost. Direction-optimizing
# BFS (Beamer) switches between them level by level.

# %%
import os

import graphblas as gb
import matplotlib.pyplot as plt
import numpy as np

import semiring_paths as sp
from semiring_paths.generators import grid, kronecker

BACKEND = os.environ.get("SEMIRING_PATHS_BACKEND", "auto")   # "gpu" runs it on a GPU

# %% [markdown]
# ## The loop, written out in python-graphblas
#
# Each vector declared with its role, one masked product per line with its algebra in a
# comment, as LAGraph's `LAGr_BreadthFirstSearch` does.

# %%
def bfs_push(A: gb.Matrix, s: int) -> np.ndarray:
    """Levels of a push BFS from s (-1: unreached)."""
    n = A.nrows
    pi = gb.Vector(gb.dtypes.INT64, n)        # π: parent of every reached vertex
    q = gb.Vector(gb.dtypes.INT64, n)         # q: the frontier, carrying parent ids
    levels = gb.Vector(gb.dtypes.INT64, n)    # ℓ: level of every reached vertex
    pi[s] = s
    q[s] = s
    level = 0
    while q.nvals:
        levels(q.S) << level                                        # ℓ⟨q⟩ = level
        q(~pi.S, replace=True) << q.vxm(A, gb.semiring.ss.any_secondi)  # q⟨¬π⟩ = q any.secondi A
        pi(q.S) << q                                                # π⟨q⟩ = q
        level += 1
    return levels.to_dense(fill_value=-1)


G = grid(12, 16, seed=0)
A = G.to_graphblas()
mine = bfs_push(A, 0)
assert np.array_equal(mine, sp.bfs(G, 0, backend=BACKEND).levels)
print("levels agree with sp.bfs; depth", mine.max())

# %% [markdown]
# ## The frontier, level by level, on a small grid
#
# On a grid the frontier is a diagonal wave: the vertices at Manhattan distance $\ell$
# from the corner. Six frames of the search from the top-left corner:

# %%
rows, cols = 12, 16
lv = sp.bfs(G, 0, backend=BACKEND).levels.reshape(rows, cols)
fig, axes = plt.subplots(1, 6, figsize=(14, 2.8))
for ax, level in zip(axes, [1, 3, 6, 10, 15, 22]):
    frame = np.where(lv < level, 1.0, 0.0)           # reached before this level
    frame[lv == level] = 2.0                          # the frontier q of this level
    ax.imshow(frame, cmap="Blues", vmin=0, vmax=2)
    ax.set(title=f"level {level}: |q| = {(lv == level).sum()}", xticks=[], yticks=[])
fig.suptitle("BFS on a 12×16 grid from the top-left corner (dark: frontier, light: "
             "visited = the mask ¬π excludes them)")
fig.tight_layout()

# %% [markdown]
# ## Road network vs social network
#
# The shape of the frontier decides everything. A road network (Rome, 3 353 junctions)
# has a **high diameter**: many levels, each a thin ring. A scale-free graph (a Graph500
# Kronecker graph of 16 384 vertices) has a **low diameter**: a few levels, and the middle
# ones hold most of the graph.

# %%
road = sp.read("rome99")
K = kronecker(14, seed=1)
hub = int(np.argmax(K.out_degree))
fig, axes = plt.subplots(1, 2, figsize=(12, 3.8))
for ax, (name, H, s) in zip(axes, [("Rome road network", road, 0),
                                    ("Kronecker 14 (scale-free)", K, hub)]):
    t = sp.bfs(H, s, direction="push", backend=BACKEND).trace
    it = [st.iteration for st in t.steps]
    ax.plot(it, [st.frontier for st in t.steps], "o-", label="frontier |q| (vertices)")
    ax.plot(it, [st.edges for st in t.steps], "s-", label="edges examined by push")
    ax.set(yscale="log", xlabel="level", ylabel="count (log scale)",
           title=f"{name}: {t.iterations} levels")
    ax.legend()
fig.tight_layout()

# %% [markdown]
# ## Why pull wins mid-search
#
# Push pays for **every out-edge of the frontier**. Pull pays, for every *unvisited*
# vertex, the in-edges it scans **until the first one in the frontier** — and stops. In
# the middle levels of a scale-free graph the frontier is huge, most of its out-edges lead
# to vertices already visited (wasted work for push), while the few unvisited vertices
# find a parent after a scan or two. We count both costs exactly from the levels:

# %%
def push_and_pull_cost(H: sp.Graph, levels: np.ndarray):
    """Per level ℓ: edges a push from level ℓ examines, and in-edges a pull scans."""
    S = H.to_scipy(bool).T.tocsr()                   # row v: the in-neighbours of v
    push, pull = [], []
    for level in range(levels.max()):
        push.append(int(H.out_degree[levels == level].sum()))
        hit = levels[S.indices] == level                 # in-edge from the frontier?
        pos = np.arange(S.nnz) - np.repeat(S.indptr[:-1], np.diff(S.indptr))
        first = np.full(H.n_vertices, np.iinfo(np.int64).max)
        np.minimum.at(first, np.repeat(np.arange(H.n_vertices), np.diff(S.indptr))[hit],
                      pos[hit])
        unvisited = (levels > level) | (levels < 0)
        scanned = np.where(first < np.iinfo(np.int64).max, first + 1, np.diff(S.indptr))
        pull.append(int(scanned[unvisited].sum()))
    return np.array(push), np.array(pull)


lvK = sp.bfs(K, hub, backend=BACKEND).levels
push, pull = push_and_pull_cost(K, lvK)
x = np.arange(push.size)
fig, ax = plt.subplots(figsize=(7, 3.8))
ax.bar(x - 0.2, push, 0.4, label="push: out-edges of the frontier")
ax.bar(x + 0.2, pull, 0.4, label="pull: in-edges scanned until a parent")
ax.set(yscale="log", xlabel="level ℓ (frontier = vertices at level ℓ)",
       ylabel="edges examined (log scale)", title="Kronecker 14 from its hub: push vs pull",
       xticks=x)
ax.legend(loc="lower left", fontsize=9)
fig.tight_layout()
print("push", push.tolist())
print("pull", pull.tolist())
auto = sp.bfs(K, hub, backend=BACKEND).trace
print("direction-optimizing BFS chose:", [st.direction for st in auto.steps])

# %% [markdown]
# The direction-optimizing search chose push while the frontier is small, pull in the
# middle levels, and push again at the end — exactly where the bars say each is cheaper.
# On the road network pull never pays: its frontier never holds a large share of the
# graph, and every level is cheap and thin. There the cost is the **number of levels**:
# each one is a whole round of the algebra (a product, a mask, a merge), and a road graph
# needs hundreds of them. Notebook 03 measures that cost.

# %%
import time  # noqa: E402

for name, H, s in [("rome99", road, 0), ("kron14", K, hub)]:
    for direction in ("push", "pull", "auto"):
        r = sp.bfs(H, s, direction=direction, backend=BACKEND)      # first call: compile
        assert np.array_equal(r.levels, sp.bfs(H, s, backend="cpu").levels)
        best = np.inf
        for _ in range(3):
            t0 = time.perf_counter()
            r = sp.bfs(H, s, direction=direction, backend=BACKEND)
            best = min(best, time.perf_counter() - t0)
        print(f"{name:7} {direction:5}: {r.trace.iterations:4d} levels, "
              f"best of 3 {best * 1e3:7.2f} ms")

# %% [markdown]
# ## Exercises
#
# **Exercise 1.** Write the pull step yourself: one level of
# $q\langle\neg\pi, \text{replace}\rangle = A^\mathsf{T}\, \text{any.firstj}\; q$ in
# python-graphblas (`A.T.mxv(q, gb.semiring.ss.any_firstj)`), loop it, and check your levels
# against `scipy.sparse.csgraph.breadth_first_order` distances on the 12 × 16 grid.

# %% tags=["solution"]
from scipy.sparse import csgraph  # noqa: E402


def bfs_pull(A: gb.Matrix, s: int) -> np.ndarray:
    n = A.nrows
    pi = gb.Vector(gb.dtypes.INT64, n)        # π: parents
    q = gb.Vector(gb.dtypes.INT64, n)         # q: frontier
    levels = gb.Vector(gb.dtypes.INT64, n)
    pi[s] = q[s] = s
    level = 0
    while q.nvals:
        levels(q.S) << level
        q(~pi.S, replace=True) << A.T.mxv(q, gb.semiring.ss.any_firstj)  # q⟨¬π⟩ = Aᵀ any.firstj q
        pi(q.S) << q
        level += 1
    return levels.to_dense(fill_value=-1)


hops = csgraph.shortest_path(G.to_scipy(), unweighted=True, indices=0)
assert np.array_equal(bfs_pull(A, 0), np.where(np.isinf(hops), -1, hops).astype(int))
print("pull BFS agrees with scipy")

# %% [markdown]
# **Exercise 2.** Check that every parent returned by `sp.bfs` is a real edge one level
# up, and that NetworkX's BFS layers (`nx.bfs_layers`) are the same vertex sets as the
# levels, on the Kronecker graph.

# %% tags=["solution"]
import networkx as nx  # noqa: E402

r = sp.bfs(K, hub, backend=BACKEND)
reached = np.flatnonzero(r.levels > 0)
M = K.to_scipy(bool).tocsr()
assert all(M[r.parents[v], v] for v in reached)
assert np.all(r.levels[r.parents[reached]] == r.levels[reached] - 1)
X = nx.from_scipy_sparse_array(K.to_scipy())
for level, layer in enumerate(nx.bfs_layers(X, hub)):
    assert set(layer) == set(np.flatnonzero(r.levels == level).tolist())
print("parents are edges one level up; layers match NetworkX")

# %% [markdown]
# **Exercise 3.** Beamer's rule switches to pull when the frontier's out-edges exceed the
# unexplored edges divided by α (about 15). Check the push costs of `push_and_pull_cost`
# against the degrees NetworkX gives for each BFS layer, find the levels where pull
# examines fewer edges than push, and check that the direction-optimizing BFS ran pull
# only there.

# %% tags=["solution"]
layers = list(nx.bfs_layers(X, hub))
assert [sum(d for _, d in X.degree(layer)) for layer in layers[:push.size]] == push.tolist()
cheaper = {level for level in range(push.size) if pull[level] < push[level]}
ran_pull = {st.iteration - 1 for st in auto.steps if st.direction == "pull"}
print("pull is cheaper at levels", sorted(cheaper), "; it ran at", sorted(ran_pull))
assert ran_pull <= cheaper
