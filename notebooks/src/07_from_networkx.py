# %% [markdown]
# # 07 · From NetworkX
#
# NetworkX (3.3 and later) dispatches its functions to installed backends. `semiring_paths`
# is one: keep your NetworkX code, and the path functions it serves run on the algebra —
# on the CPU, or the GPU where one is present. Three ways to turn it on:
#
# ```python
# nx.betweenness_centrality(G, backend="semiring_paths")          # one call
# nx.config.backend_priority.algos = ["semiring_paths"]           # every call
# NETWORKX_BACKEND_PRIORITY=semiring_paths python my_script.py    # without touching code
# ```
#
# The answers are NetworkX's own — the same numbers, and for dicts even the same key order.

# %%
import time

import matplotlib.pyplot as plt
import networkx as nx
import numpy as np

import semiring_paths as sp

info = nx.utils.backends.backend_info["semiring_paths"]
served = sorted(info["functions"])
print(f"{len(served)} functions served:")
print(", ".join(served))

# %% [markdown]
# ## Same answers, measured side by side
#
# The Rome road network as a NetworkX graph (weights are travel times) and a small
# Graph500 Kronecker graph. Each function is first called once on a tiny graph, so that
# its compiled code is loaded (a once-per-process cost, some tenths of a second). Then,
# on a fresh copy of the graph, the first backend call includes converting the graph —
# cached on the NetworkX graph afterwards — and the second is what repeated calls cost.

# %%
from semiring_paths.generators import kronecker  # noqa: E402

nx.config.warnings_to_ignore.add("cache")       # we know the conversion is cached
road = sp.read("rome99")
R = nx.from_scipy_sparse_array(road.to_scipy(), create_using=nx.DiGraph)
K = nx.from_scipy_sparse_array(kronecker(10, seed=1).to_scipy())
tiny = nx.path_graph(5, create_using=nx.DiGraph)
nx.set_edge_attributes(tiny, 1.0, "weight")
calls = [
    ("rome99", "single_source_dijkstra_path_length",
     lambda G, **kw: nx.single_source_dijkstra_path_length(G, 0, **kw), R),
    ("rome99", "bellman_ford_path_length",
     lambda G, **kw: nx.bellman_ford_path_length(G, 0, 3000 if len(G) > 5 else 4, **kw), R),
    ("rome99", "all_pairs_dijkstra_path_length (300 rows)",
     lambda G, **kw: dict(zip(range(300), (d for _, d in
                                            nx.all_pairs_dijkstra_path_length(G, **kw)))), R),
    ("kron10", "closeness_centrality", lambda G, **kw: nx.closeness_centrality(G, **kw), K),
    ("kron10", "betweenness_centrality (k=200)",
     lambda G, **kw: nx.betweenness_centrality(G, k=min(200, len(G)), seed=1, **kw), K),
]
rows = []
for gname, fname, call, G in calls:
    call(tiny, backend="semiring_paths")                      # load the compiled code
    t0 = time.perf_counter()
    want = call(G)
    t_nx = time.perf_counter() - t0
    H = G.copy()                                              # no cached conversion
    t0 = time.perf_counter()
    got = call(H, backend="semiring_paths")
    first = time.perf_counter() - t0
    t0 = time.perf_counter()
    got = call(H, backend="semiring_paths")
    second = time.perf_counter() - t0
    if isinstance(want, dict):
        assert list(got) == list(want)                          # keys, in NetworkX's order
        if isinstance(next(iter(want.values())), dict):
            assert all(list(got[k]) == list(want[k]) for k in want)
            assert all(np.allclose(list(got[k].values()), list(want[k].values()))
                       for k in want)
        else:
            assert np.allclose([got[k] for k in want], list(want.values()))
    else:
        assert np.isclose(got, want)
    rows.append((gname, fname, t_nx, first, second))
    print(f"{gname:7} {fname:42} NetworkX {t_nx * 1e3:8.1f} ms | backend first "
          f"{first * 1e3:7.1f} ms ({t_nx / first:6.1f}×), again {second * 1e3:7.1f} ms "
          f"({t_nx / second:6.1f}×)")

# %%
fig, ax = plt.subplots(figsize=(9, 3.8))
y = np.arange(len(rows))
ax.barh(y - 0.2, [r[2] / r[3] for r in rows], 0.4, label="first call (with conversion)")
ax.barh(y + 0.2, [r[2] / r[4] for r in rows], 0.4, label="repeated call")
ax.axvline(1, color="k", lw=0.8)
ax.set_yticks(y, [f"{r[1]} ({r[0]})" for r in rows], fontsize=8)
ax.invert_yaxis()
ax.set(xscale="log", xlabel="speed-up over NetworkX (×, log scale; > 1 is faster)",
       title="NetworkX calls dispatched to semiring_paths, this machine")
ax.legend(loc="upper right", fontsize=8)
fig.tight_layout()

# %% [markdown]
# Where the backend is slower — a point-to-point call that NetworkX finishes after a few
# hundred vertices, on a graph that must first be converted — the conversion dominates.
# `can_run` declines what it would get wrong (zero weights for betweenness, for instance)
# and NetworkX then runs its own code; `nx.config.backends.semiring_paths` holds the
# backend's settings.
