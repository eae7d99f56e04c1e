# %% [markdown]
# # 00 · semiring_paths quick start
#
# Shortest paths as **masked vector–matrix products over semirings**. One relaxation
# step is
#
# $$t\langle m\rangle = f \oplus.\otimes A,\qquad \text{changed} = \{j : t(j) \oplus d(j) \ne d(j)\},\qquad d \mathrel{\oplus}= t$$
#
# and every strategy is a rule for the next frontier $f$ and mask $m$. Five minutes here,
# then the series: 01 graphs as matrices, 02 BFS, 03 SSSP strategies, 04 all pairs,
# 05 path algebra beyond distances, 06 the GPU, 07 NetworkX.

# %%
import os

import matplotlib.pyplot as plt
import numpy as np

import semiring_paths as sp

BACKEND = os.environ.get("SEMIRING_PATHS_BACKEND", "auto")   # "gpu" runs it on a GPU
G = sp.read("rome99")          # bundled: the DIMACS road network of Rome
print(G.info())

# %% [markdown]
# ## BFS: push (SOVM), pull (BOVM), or both
#
# `q⟨¬π, replace⟩ = q any.secondi A` pushes the frontier along out-edges;
# `q⟨¬π, replace⟩ = Aᵀ any.firstj q` pulls. The value carried is the parent. The
# direction-optimizing search picks one per level.

# %%
from semiring_paths.generators import kronecker  # noqa: E402

K = kronecker(14, seed=1)      # Graph500 Kronecker graph, 16k vertices
r = sp.bfs(K, int(np.argmax(K.out_degree)), backend=BACKEND)
print(r)
print(r.trace)
ax = r.trace.plot()
ax.set_title("BFS on Kronecker 14: work per level, direction chosen per level")

# %% [markdown]
# ## Shortest paths, and the same loop under other semirings

# %%
r = sp.sssp(G, 0, backend=BACKEND)                   # auto: the fastest strategy here
print(r.trace.summary())
print("distance 0 -> 3352:", r.distances[3352], "via", len(r.path_to(3352)), "vertices")
wide = sp.sssp(G, 0, semiring="max_min", backend=BACKEND)     # widest (bottleneck) paths
print("widest 0 -> 3352:", wide.distances[3352])
print("shortest_path:", sp.shortest_path(G, 0, 3352, backend=BACKEND)[0])

# %% [markdown]
# ## Strategies differ in work, not in answers

# %%
fig, ax = plt.subplots(figsize=(7, 3.5))
for strategy in ["bellman-ford", "workfront", "delta-stepping"]:
    t = sp.sssp(G, 0, strategy=strategy, backend=BACKEND).trace
    ax.plot([s.iteration for s in t.steps], [s.edges for s in t.steps], label=strategy)
ax.set(yscale="log", xlabel="round", ylabel="edges relaxed in the round (log scale)",
       title="rome99 from vertex 0: the same distances, different work")
ax.legend()
d1, d2 = (sp.sssp(G, 0, strategy=s, backend=BACKEND).distances
          for s in ["bellman-ford", "dijkstra"])
assert np.array_equal(d1, d2)

# %% [markdown]
# ## Betweenness, all pairs, NetworkX
#
# Every call takes `backend="gpu"` where CuPy sees a GPU, and NetworkX code can run on
# `semiring_paths` without changes (notebook 07).

# %%
bc = sp.betweenness(sp.read("karate"), backend=BACKEND, progress=False)
print("most central karate members:", np.argsort(bc)[::-1][:5])
print("karate diameter:", sp.diameter(sp.read("karate"), backend=BACKEND, progress=False))
