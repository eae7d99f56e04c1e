"""Fused CPU loops (numba): whole searches as compiled rounds (DESIGN.md §4).

The same algebra as the strategies of ``algorithms/`` — one relaxation step a round and
each strategy's masking rule — but a round is a loop over the frontier's edges instead of
a handful of GraphBLAS calls (≥ 60 µs each): on a road network or a grid (thousands of
rounds) and on small graphs that call overhead is the whole cost.

* ``bfs``: push (SOVM), pull (BOVM, parallel over the unreached vertices) and
  direction-optimizing BFS; levels and parents.
* ``sssp``: the fixed points (workfront, Bellman-Ford, light-first's two phases),
  near-far, Δ-stepping, and the settle rules (Martín, Crauser, economic) on indexed
  heaps; min_plus, and max_min / max_times where the strategy takes them.
* ``many``: many sources — one serial search a source, in parallel over the sources, and
  the bitmap BFS (64 sources a word) for low-diameter graphs.
* ``brandes``: betweenness — a counting search and a dependency sweep a source, sources
  over the threads.
* ``pair``: point-to-point searches from both ends; ``dense``: blocked Floyd–Warshall
  and min-plus squaring of a dense matrix.
* ``heap``: the indexed binary heap the settle rules and Dijkstra share.

Kernels trust their inputs (the public functions validate).  Path values are float64
(sums in the graph's own weight type converted, as scipy forms them).  Compiled code is
cached on disk (``cache=True``, numba's cache directory); where it cannot be written numba
compiles in memory.
"""
