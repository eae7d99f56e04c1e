# %% [markdown]
# # 04 · All pairs on unweighted graphs (DAWN)
#
# On an unweighted graph, all-pairs shortest paths is a BFS from every vertex — and $k$
# BFS at once is one **matrix** product a level. Stack the $k$ frontiers as the rows of a
# $k \times n$ Boolean matrix $F$, the vertices each source has reached as $R$:
#
# $$ F\langle \neg R, \text{replace} \rangle = F \;\text{any.pair}\; A, \qquad R \mathrel{\vee}= F $$
#
# (`any.pair`: $\otimes$ says "there is an edge", $\oplus$ says "any will do"). This is
# DAWN's formulation (`papers/004`); row $s$ of the levels is the BFS from $s$. Stored as
# bits, 64 sources fit in one machine word per vertex, and a level is a few word
# operations per edge for 64 searches at once.

# %%
import json
import os
import signal
import tempfile
import time
from pathlib import Path

import graphblas as gb
import matplotlib.pyplot as plt
import networkx as nx
import numpy as np
from scipy.sparse import csgraph

import semiring_paths as sp
from semiring_paths.generators import kronecker

BACKEND = os.environ.get("SEMIRING_PATHS_BACKEND", "auto")   # "gpu" runs it on a GPU

# %% [markdown]
# ## The product, written out
#
# Every source of Zachary's karate club at once: a $34 \times 34$ frontier matrix.

# %%
G = sp.read("karate")
A = G.to_graphblas().apply(gb.unary.one).new(dtype=bool)
n = A.nrows
F = gb.Matrix.from_coo(range(n), range(n), True, nrows=n, ncols=n)   # F = I: one row a source
R = F.dup()                                                          # R: reached so far
L = gb.Matrix.from_coo(range(n), range(n), 0, nrows=n, ncols=n)      # L: levels
level = 0
while F.nvals:
    level += 1
    F(~R.S, replace=True) << F.mxm(A, gb.semiring.any_pair)   # F⟨¬R⟩ = F any.pair A
    R(F.S) << True                                            # R ∨= F
    L(F.S) << level                                           # L⟨F⟩ = level
levels = L.to_dense(fill_value=-1)
assert np.array_equal(levels, csgraph.shortest_path(G.to_scipy(), unweighted=True))
assert np.array_equal(levels, sp.multi_source_bfs(G, range(n), backend=BACKEND))
print(f"{n} BFS in {level - 1} products; the levels matrix equals scipy's")

fig, ax = plt.subplots(figsize=(5, 4.3))
im = ax.imshow(levels, cmap="magma_r")
ax.set(title="karate: hops from each source (row) to each vertex",
       xlabel="to vertex", ylabel="from vertex (source)")
ax.title.set_fontsize(9)
fig.colorbar(im, ax=ax, label="hops")
fig.tight_layout()

# %% [markdown]
# ## 64 sources in a word
#
# The same level on bits: `F[v]` is a 64-bit word whose bit $i$ says "source $i$'s
# frontier contains $v$". The next frontier of $v$ is the OR of its in-neighbours' words,
# with the bits already in `R[v]` cleared — one OR per edge advances 64 searches.

# %%
M = G.to_scipy(bool).T.tocsr()                 # row v: in-neighbours of v
srcs = np.arange(min(n, 64))
Fw = np.zeros(n, np.uint64)
Fw[srcs] = np.left_shift(np.uint64(1), srcs.astype(np.uint64))   # bit i at vertex srcs[i]
Rw = Fw.copy()
lv = np.full((srcs.size, n), -1)
lv[srcs, srcs] = 0
level = 0
while Fw.any():
    level += 1
    nxt = np.bitwise_or.reduceat(Fw[M.indices], M.indptr[:-1])    # OR over in-neighbours
    nxt[np.diff(M.indptr) == 0] = 0                               # (reduceat quirk)
    Fw = nxt & ~Rw                                                # F⟨¬R⟩
    Rw |= Fw
    bits = (Fw[None, :] >> srcs[:, None].astype(np.uint64)) & np.uint64(1)
    lv[bits.astype(bool)] = level
assert np.array_equal(lv, levels[srcs])
print(f"{srcs.size} searches advanced by word operations, {level - 1} levels: same levels")

# %% [markdown]
# ## Closeness, eccentricity, diameter, and the distance histogram
#
# What people compute from all pairs are reductions of its rows — never the whole $n^2$
# matrix at once. `semiring_paths` streams blocks of rows through the reductions. On a
# Graph500 Kronecker graph of 16 384 vertices (about 2.7 × 10⁸ pairs; it has isolated
# vertices, so eccentricities are taken over what each vertex reaches):

# %%
K = kronecker(14, seed=1)
t0 = time.perf_counter()
ecc = sp.eccentricity(K, unreachable="ignore", backend=BACKEND, progress=False)
hops, pairs = sp.distance_histogram(K, backend=BACKEND, progress=False)
clo = sp.closeness(K, backend=BACKEND, progress=False)
print(f"eccentricity, histogram and closeness of {K.n_vertices:,} vertices: "
      f"{time.perf_counter() - t0:.2f} s")
linked = ecc > 0                          # vertices with an edge (Kronecker has isolated ones)
print(f"{linked.sum():,} vertices with an edge; diameter {ecc.max():.0f}, radius among "
      f"them {ecc[linked].min():.0f}, mean distance "
      f"{float((hops * pairs).sum() / pairs.sum()):.3f} hops")

fig, (a1, a2) = plt.subplots(1, 2, figsize=(12, 3.8))
a1.bar(hops, pairs / 1e6)
a1.set(xlabel="hops", ylabel="ordered pairs (millions)",
       title="Kronecker 14: ordered pairs at each distance")
a2.scatter(K.out_degree[linked], clo[linked], s=4, alpha=0.4)
a2.set(xscale="log", xlabel="degree (log scale)", ylabel="closeness centrality",
       title="closeness vs degree, every vertex with a path")
fig.tight_layout()

# %% [markdown]
# Check against NetworkX on the karate club (NetworkX's definitions, including
# Wasserman–Faust scaling of closeness on disconnected graphs):

# %%
X = nx.karate_club_graph()
ours = sp.closeness(G, backend=BACKEND, progress=False)
theirs = nx.closeness_centrality(X)
assert np.allclose(ours, [theirs[v] for v in range(n)])
assert sp.diameter(G, backend=BACKEND, progress=False) == nx.diameter(X)
print("closeness and diameter agree with NetworkX")

# %% [markdown]
# ## Memory bounds, and streaming to disk
#
# The full hop matrix of $n$ vertices takes $8 n^2$ bytes as int64. For Kronecker 14
# that is 2 GiB; for a million vertices, 8 TB. So the work runs in blocks of $k$ sources,
# $k$ chosen so a block's frontier bitmaps and levels stay under a memory limit (512 MiB by
# default), and the results are *reduced* block by block — or written to disk.

# %%
for nv in (K.n_vertices, 10**6, 10**8):
    print(f"n = {nv:>11,}: full int64 matrix {8 * nv**2 / 2**30:>14,.1f} GiB")
print("block of sources under the default 512 MiB:",
      sp.multi_source.batch_size(K, 1 << 29, sp.multi_source.LEVEL_BYTES), "sources")

# %% [markdown]
# `sp.apsp(G, out="d.npy")` writes every row to a memory-mapped file and records each
# finished block in `d.npy.progress.json`. Interrupt it (the stop button, Ctrl-C, a lost
# machine) and call it again: it resumes from the finished blocks. The record also names
# the graph (a checksum of each array) and the sources, so a file made from another graph
# or other sources is refused rather than resumed. We interrupt one run here with a
# timer, then resume it.

# %%
road = sp.read("rome99")
tmp = Path(tempfile.mkdtemp())
t0 = time.perf_counter()
sp.apsp(road, batch=128, out=tmp / "whole.npy", progress=False, backend=BACKEND)
whole = time.perf_counter() - t0


def interrupt(signum, frame):
    raise KeyboardInterrupt


signal.signal(signal.SIGALRM, interrupt)
signal.setitimer(signal.ITIMER_REAL, 0.4 * whole)     # "Ctrl-C" 40 % of the way through
try:
    sp.apsp(road, batch=128, out=tmp / "d.npy", progress=False, backend=BACKEND)
    print("finished before the interrupt (a fast machine)")
except KeyboardInterrupt:
    print("interrupted")
finally:
    signal.setitimer(signal.ITIMER_REAL, 0)
record = json.loads((tmp / "d.npy.progress.json").read_text())
print("finished blocks (first sources) after the interrupt:", record["done"])
print("the graph as recorded:", record["key"]["graph"])
sp.apsp(road, batch=128, out=tmp / "d.npy", progress=False, backend=BACKEND)   # resumes
assert np.array_equal(np.load(tmp / "d.npy"), np.load(tmp / "whole.npy"))
print("resumed; the file equals an uninterrupted run's")

# %% [markdown]
# ## Exercises
#
# **Exercise 1.** Harmonic centrality is $\sum_{v \ne s} 1 / d(s, v)$ over reachable $v$.
# Compute it for the karate club from `sp.multi_source_bfs` and check it against
# `nx.harmonic_centrality` (which sums distances *to* each vertex; the graph is
# undirected, so rows and columns agree).

# %% tags=["solution"]
D = sp.multi_source_bfs(G, range(n), backend=BACKEND).astype(float)
with np.errstate(divide="ignore"):
    inv = np.where(D > 0, 1.0 / D, 0.0)
harm = inv.sum(axis=1)
want = nx.harmonic_centrality(X)
assert np.allclose(harm, [want[v] for v in range(n)])
print("harmonic centrality agrees with NetworkX")

# %% [markdown]
# **Exercise 2.** The number of vertices within 2 hops of each vertex (itself excluded):
# compute it with one Boolean product `(A ∨ I)²` in python-graphblas and check it
# against the levels matrix.

# %% tags=["solution"]
Id = gb.Matrix.from_coo(range(n), range(n), True, nrows=n, ncols=n)
B = A.ewise_add(Id, gb.binary.lor).new()                             # A ∨ I
B2 = B.mxm(B, gb.semiring.lor_land).new()                           # (A ∨ I)²
within2 = B2.reduce_rowwise(gb.agg.count).new().to_dense(0) - 1
hop = csgraph.shortest_path(G.to_scipy(), unweighted=True)
assert np.array_equal(within2, ((hop >= 1) & (hop <= 2)).sum(axis=1))
print("within two hops:", within2[:10], "…")

# %% [markdown]
# **Exercise 3.** How many blocks does all-pairs on the (weighted) Rome road network take
# under a 16 MiB limit, at `sp.multi_source.SSSP_BYTES` bytes per source and vertex?
# Check your answer by counting the blocks `sp.apsp(road, memory_limit=16 << 20)`
# yields, and check every block against scipy's Dijkstra.

# %% tags=["solution"]
k = sp.multi_source.batch_size(road, 16 << 20, sp.multi_source.SSSP_BYTES)
expect = -(-road.n_vertices // k)
got = 0
for part, block in sp.apsp(road, memory_limit=16 << 20, progress=False, backend=BACKEND):
    assert np.array_equal(block, csgraph.dijkstra(road.to_scipy(), indices=part))
    got += 1
assert got == expect, (got, expect)
print(f"{k} sources a block, {got} blocks")
