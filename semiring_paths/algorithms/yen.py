"""Yen's k shortest simple paths: each candidate is a root of the last path found plus
a spur search with a mask (J. Y. Yen, Management Science 17, 1971).

For the i-th path's every prefix ``root = p[:j+1]`` ending at the spur vertex::

    mask: the vertices of root but the spur ; the next edge of every found path that
          shares this root
    spur path = the shortest spur → t path outside the mask (an early-exit search)
    candidate = root ⧺ spur path

and the next path is the least candidate not yet taken (ties by the vertex sequence).
The spur searches are A* on the exact distances to ``t`` in the whole graph (``h``):
a mask only lengthens paths, so ``h`` stays admissible and consistent, and a search
walks nearly straight to ``t``.
"""

from __future__ import annotations

import heapq

import numpy as np

from ..backends.interface import Backend
from ..semirings import min_plus

__all__ = ["k_shortest", "spur_by_rounds"]


def k_shortest(be: Backend, s: int, t: int, k: int, hops: bool, h: np.ndarray
               ) -> list[tuple[float, list[int]]]:
    """Up to ``k`` loopless ``s → t`` paths as ``(length, path)``, shortest first;
    ``h``: the distance from every vertex to ``t`` (inf: none)."""
    G = be.graph
    run = be.spur_search(hops) or (lambda *a: spur_by_rounds(be, hops, *a))
    indptr, indices = G.indptr, G.indices
    w = np.ones(G.n_stored) if hops or not G.weighted else G.weights.astype(np.float64)
    no_vertex = np.zeros(G.n_vertices, bool)
    no_edge = np.zeros(G.n_stored, bool)

    def edge(u: int, v: int) -> int:               # the stored edge u → v (rows sorted)
        lo, hi = indptr[u], indptr[u + 1]
        return int(lo + np.searchsorted(indices[lo:hi], v))

    length, path = run(s, t, h, no_vertex, no_edge)
    if not path.size:
        return []
    found = [(float(length), path.tolist())]
    taken = {tuple(found[0][1])}
    candidates: list[tuple[float, tuple[int, ...]]] = []
    while len(found) < k:
        last = found[-1][1]
        root_length = 0.0
        for j in range(len(last) - 1):
            root = last[:j + 1]
            # ------------------------------------------------------------ mask
            cut = [edge(p[j], p[j + 1]) for _, p in found
                   if len(p) > j + 1 and p[:j + 1] == root]
            no_edge[cut] = True
            no_vertex[root[:-1]] = True
            # ------------------------------------------------------------ spur
            length, spur = run(last[j], t, h, no_vertex, no_edge)
            no_edge[cut] = False
            no_vertex[root[:-1]] = False
            if spur.size:
                cand = (*root[:-1], *spur.tolist())
                if cand not in taken:
                    taken.add(cand)
                    heapq.heappush(candidates, (root_length + float(length), cand))
            root_length += float(w[edge(last[j], last[j + 1])])
        if not candidates:
            break
        length, cand = heapq.heappop(candidates)
        found.append((length, list(cand)))
    return found


def spur_by_rounds(be: Backend, hops: bool, s: int, t: int, h: np.ndarray,
                   no_vertex: np.ndarray, no_edge: np.ndarray) -> tuple[float, np.ndarray]:
    """A spur search as workfront rounds over the seam (a backend without a compiled
    one).  Every masked edge leaves ``s`` (it is the next edge of a path sharing the
    root), so the first round excludes the heads of those edges and the later ones the
    masked vertices and ``s``::

        t⟨¬X₁⟩ = e_s min.+ A ;  then  t⟨¬X⟩ = f min.+ A ; f = t⟨t < d⟩ ; d⟨f⟩ = f

    ``hops``: the rounds run on the pattern's weights of 1.  The path is walked back from
    ``t`` over edges tight for ``d``, breadth first (so it is simple).  ``h`` is unused:
    rounds run to the fixed point."""
    G = be.graph if not hops else be.graph.unweighted
    B = be if not hops else type(be)(G)
    indptr, indices = G.indptr, G.indices
    blocked = np.flatnonzero(no_vertex)
    row = slice(indptr[s], indptr[s + 1])
    cut_heads = indices[row][no_edge[row]]
    X = B.indicator(np.union1d(blocked, [s]))                   # vertices not to enter
    X1 = B.indicator(np.union1d(np.union1d(blocked, cut_heads), [s]))
    d, f = B.sssp_start(s, min_plus)                            # d = ∞ but d(s) = 0
    t_ = B.relax(f, min_plus, exclude=X1)                       # t⟨¬X₁⟩ = e_s min.+ A
    f = B.improve(t_, d, min_plus)
    while B.nvals(f):
        t_ = B.relax(f, min_plus, exclude=X)                    # t⟨¬X⟩ = f min.+ A
        f = B.improve(t_, d, min_plus)                          # f = t⟨t < d⟩ ; d⟨f⟩ = f
    dist = B.values(d, min_plus)
    if not np.isfinite(dist[t]):
        return np.inf, np.empty(0, np.int64)
    return float(dist[t]), _walk_back(G, dist, s, t, no_edge)


def _walk_back(G, dist: np.ndarray, s: int, t: int, no_edge: np.ndarray) -> np.ndarray:
    """A simple ``s → t`` path of edges tight for ``dist`` (none masked), found breadth
    first from ``t`` over in-edges."""
    R = G.reversed()
    w = G.weights.astype(np.float64) if G.weighted else None
    # in-edge k of v in R corresponds to the stored edge u → v of G: find it by search
    parent = {t: t}
    queue = [t]
    for v in queue:
        if v == s:
            break
        for u in R.indices[R.indptr[v]:R.indptr[v + 1]].tolist():
            if u in parent or not np.isfinite(dist[u]):
                continue
            lo, hi = G.indptr[u], G.indptr[u + 1]
            e = lo + int(np.searchsorted(G.indices[lo:hi], v))
            if no_edge[e] or dist[u] + (w[e] if w is not None else 1.0) != dist[v]:
                continue
            parent[u] = v
            queue.append(u)
    path = [s]
    while path[-1] != t:
        path.append(parent[path[-1]])
    return np.array(path, np.int64)
