"""NetworkX dispatch backend: ``backend="semiring_paths"``.

Install the package and call NetworkX as usual::

    nx.single_source_dijkstra_path_length(G, 0, backend="semiring_paths")
    nx.config.backend_priority = ["semiring_paths"]        # or dispatch automatically

Values (lengths, distances, centralities) come from the engine: ``sp.bfs`` / ``sp.sssp``
masked products on the graph converted once.  Outputs whose *order* NetworkX defines
(``bfs_edges``, ``bfs_layers``, ``bfs_predecessors``, the paths of
``single_source_shortest_path`` / ``bidirectional_shortest_path`` / Dijkstra) follow
NetworkX's adjacency order exactly: a level-synchronous pass over the frontier's
neighbour lists (in NetworkX's insertion order) keeps the first occurrence of each newly
reached vertex, which is the tie-break NetworkX's queue makes.  Dijkstra paths take, for
each vertex, the tight in-edge from the vertex NetworkX's heap would settle first.

``can_run`` declines what would not be exact (weight functions, negative weights for the
Dijkstra family, ``sort_neighbors``, precomputed ``sp`` / ``e``), and NetworkX then runs its
own code.  ``dispatch_counts`` counts the calls served here (tests use it).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

import networkx as nx
import numpy as np

from .exceptions import NegativeCycleError
from .graph import Graph

__all__ = ["BackendInterface", "SemiringPathsGraph", "dispatch_counts", "get_info"]

NAME = "semiring_paths"
#: calls served by this backend, per function name
dispatch_counts: Counter = Counter()


# ============================================================================ graph
class SemiringPathsGraph:
    """A NetworkX graph converted once: node labels ↔ indices, and per weight attribute a
    :class:`~semiring_paths.Graph`; keeps the NetworkX graph for adjacency order."""

    __networkx_backend__ = NAME

    def __init__(self, G: nx.Graph):
        self.nx = G
        self.nodes = list(G)
        self.index = {v: i for i, v in enumerate(self.nodes)}
        self._graphs: dict[Any, Graph] = {}

    def is_directed(self) -> bool:
        return self.nx.is_directed()

    def is_multigraph(self) -> bool:
        return self.nx.is_multigraph()

    def __len__(self) -> int:
        return len(self.nodes)

    def __contains__(self, v) -> bool:
        try:
            return v in self.index
        except TypeError:
            return False

    def __iter__(self):
        return iter(self.nodes)

    def graph(self, weight: str | None = None, reverse: bool = False) -> Graph:
        """The engine's graph for ``weight`` (None: unweighted), optionally reversed.
        Missing attributes weigh 1; parallel edges keep the least weight (NetworkX's
        Dijkstra does the same)."""
        key = (weight, reverse)
        if key not in self._graphs:
            src, dst, w = self._edges(weight)
            if reverse and self.nx.is_directed():
                src, dst = dst, src
            self._graphs[key] = Graph.from_edges(
                src, dst, w, n_vertices=len(self.nodes), directed=self.nx.is_directed())
        return self._graphs[key]

    def _edges(self, weight):
        idx = self.index
        G = self.nx
        if weight is None:
            pairs = [(idx[u], idx[v]) for u, v in G.edges()]
            w = None
        else:
            data = [(idx[u], idx[v], d) for u, v, d in G.edges(data=weight, default=1)]
            pairs = [(a, b) for a, b, _ in data]
            vals = [d for _, _, d in data]
            w = np.array(vals) if vals else np.zeros(0, np.int64)
            if w.dtype == object or w.dtype == np.bool_:
                w = w.astype(np.float64)
        a = np.array([p[0] for p in pairs], dtype=np.int64)
        b = np.array([p[1] for p in pairs], dtype=np.int64)
        return a, b, w

    def adjacency_weights(self, weight: str) -> np.ndarray:
        """Weights aligned with :meth:`adjacency` (multigraph: least over parallel edges,
        missing attribute: 1), as NetworkX's Dijkstra reads them."""
        key = ("adjw", weight)
        if key not in self._graphs:
            adj = self.nx._adj
            if self.nx.is_multigraph():
                vals = [min(a.get(weight, 1) for a in kd.values())
                        for v in self.nodes for kd in adj[v].values()]
            else:
                vals = [e.get(weight, 1) for v in self.nodes for e in adj[v].values()]
            self._graphs[key] = np.asarray(vals, dtype=np.float64)
        return self._graphs[key]

    def adjacency(self, reverse: bool = False) -> tuple[np.ndarray, np.ndarray]:
        """CSR in NetworkX's neighbour order (``G._succ`` or ``G._pred``)."""
        key = ("adj", reverse)
        if key not in self._graphs:
            adj = self.nx._pred if (reverse and self.nx.is_directed()) else self.nx._adj
            idx = self.index
            deg = np.fromiter((len(adj[v]) for v in self.nodes), np.int64, len(self.nodes))
            indptr = np.zeros(len(self.nodes) + 1, np.int64)
            np.cumsum(deg, out=indptr[1:])
            indices = np.fromiter((idx[w] for v in self.nodes for w in adj[v]), np.int64,
                                  int(indptr[-1]))
            self._graphs[key] = (indptr, indices)
        return self._graphs[key]


def _sp(G) -> SemiringPathsGraph:
    return G if isinstance(G, SemiringPathsGraph) else SemiringPathsGraph(G)


# ============================================================================ helpers
def _node(G: SemiringPathsGraph, v, msg: str) -> int:
    if v not in G:
        raise nx.NodeNotFound(msg.format(v))
    return G.index[v]


def _py(x, integer: bool):
    """A Python int / float (never a NumPy scalar), as NetworkX returns."""
    return int(x) if integer else float(x)


def _is_int(g: Graph) -> bool:
    return not g.weighted or g.weights.dtype.kind in "iu"


def _distances(G: SemiringPathsGraph, s: int, weight, reverse=False, method="dijkstra"
               ) -> tuple[np.ndarray, Graph]:
    """Engine distances from index ``s`` (inf where unreachable)."""
    import semiring_paths as sp

    g = G.graph(weight, reverse)
    if weight is None:
        lev = sp.bfs(g, s).levels
        return np.where(lev >= 0, lev.astype(np.float64), np.inf), g
    strategy = "bellman-ford" if method == "bellman-ford" else "auto"
    try:
        return sp.sssp(g, s, strategy=strategy).distances, g
    except NegativeCycleError:
        raise nx.NetworkXUnbounded("Negative cycle detected.") from None


ROWS_PER_BATCH = 256


def _distance_rows(G: SemiringPathsGraph, idx: list[int], weight, reverse=False,
                   method="dijkstra") -> Iterator[tuple[int, np.ndarray, Graph]]:
    """``(i, distances from i, graph)`` for each index, computed ``ROWS_PER_BATCH`` sources
    at a time by one masked mxm per level (``sp.multi_source_bfs`` / ``_sssp``)."""
    from .multi_source import multi_source_bfs, multi_source_sssp

    g = G.graph(weight, reverse)
    if weight is not None and g.has_negative_weights:   # Bellman-Ford, one by one
        for i in idx:
            yield i, _distances(G, i, weight, reverse, method)[0], g
        return
    for lo in range(0, len(idx), ROWS_PER_BATCH):
        part = idx[lo:lo + ROWS_PER_BATCH]
        if weight is None:
            L = multi_source_bfs(g, part)
            D = np.where(L >= 0, L.astype(np.float64), np.inf)
        else:
            D = multi_source_sssp(g, part)
        for i, row in zip(part, D):
            yield i, row, g


def _length_dict(G, d: np.ndarray, g: Graph, cutoff=None) -> dict:
    ok = np.isfinite(d)
    if cutoff is not None:
        ok &= d <= cutoff
    idx = np.nonzero(ok)[0]
    idx = idx[np.argsort(d[idx], kind="stable")]
    integer = _is_int(g)
    nodes = G.nodes
    return {nodes[i]: _py(d[i], integer) for i in idx.tolist()}


def _bfs_order(G: SemiringPathsGraph, sources: list[int], reverse=False, depth_limit=None,
               stop_when_all=True):
    """NetworkX's BFS order, level by level: yields ``(parents, children)`` arrays per
    level, children in the order NetworkX's queue discovers them."""
    indptr, indices = G.adjacency(reverse)
    n = len(G.nodes)
    seen = np.zeros(n, bool)
    seen[sources] = True
    frontier = np.asarray(sources, np.int64)
    depth = 0
    limit = n if depth_limit is None else depth_limit
    while frontier.size and depth < limit:
        starts, ends = indptr[frontier], indptr[frontier + 1]
        counts = ends - starts
        if counts.sum() == 0:
            return
        owner = np.repeat(frontier, counts)
        pos = np.repeat(ends - counts.cumsum(), counts) + np.arange(counts.sum())
        nbr = indices[pos]
        fresh = ~seen[nbr]
        nbr, owner = nbr[fresh], owner[fresh]
        children, first = np.unique(nbr, return_index=True)
        order = np.sort(first)
        children, parents = nbr[order], owner[order]
        if not children.size:
            return
        seen[children] = True
        yield parents, children
        frontier = children
        depth += 1


# ============================================================================ functions
def _counted(fn: Callable) -> Callable:
    def wrapper(*args, **kwargs):
        dispatch_counts[fn.__name__] += 1
        return fn(*args, **kwargs)

    wrapper.__name__ = fn.__name__
    wrapper.__doc__ = fn.__doc__
    wrapper._implementation = fn
    return wrapper


@_counted
def single_source_shortest_path_length(G, source, cutoff=None):
    G = _sp(G)
    s = _node(G, source, "Source {} is not in G")
    d, g = _distances(G, s, None)
    return _length_dict(G, d, g, cutoff)


@_counted
def single_target_shortest_path_length(G, target, cutoff=None):
    G = _sp(G)
    t = _node(G, target, "Target {} is not in G")
    d, g = _distances(G, t, None, reverse=True)
    return _length_dict(G, d, g, cutoff)


@_counted
def single_source_shortest_path(G, source, cutoff=None):
    G = _sp(G)
    s = _node(G, source, "Source {} not in G")
    paths = {source: [source]}
    nodes = G.nodes
    if cutoff is not None and cutoff < 1:
        return paths
    for parents, children in _bfs_order(G, [s], depth_limit=cutoff):
        for p, c in zip(parents.tolist(), children.tolist()):
            paths[nodes[c]] = [*paths[nodes[p]], nodes[c]]
    return paths


@_counted
def bidirectional_shortest_path(G, source, target):
    G = _sp(G)
    if source not in G:
        raise nx.NodeNotFound(f"Source {source} is not in G")
    if target not in G:
        raise nx.NodeNotFound(f"Target {target} is not in G")
    s, t = G.index[source], G.index[target]
    nodes = G.nodes
    if s == t:
        return [source]
    fwd_ptr, fwd_idx = G.adjacency(False)
    rev_ptr, rev_idx = G.adjacency(True)
    n = len(nodes)
    pred = np.full(n, -2, np.int64)
    succ = np.full(n, -2, np.int64)
    pred[s] = -1
    succ[t] = -1
    ff, rf = np.array([s]), np.array([t])
    meet = -1
    while ff.size and rf.size:
        forward = ff.size <= rf.size
        ptr, idx, mine, other, fringe = ((fwd_ptr, fwd_idx, pred, succ, ff) if forward
                                         else (rev_ptr, rev_idx, succ, pred, rf))
        counts = ptr[fringe + 1] - ptr[fringe]
        owner = np.repeat(fringe, counts)
        pos = np.repeat(ptr[fringe + 1] - counts.cumsum(), counts) + np.arange(counts.sum())
        nbr = idx[pos]
        hit = np.nonzero(other[nbr] != -2)[0]
        stop = hit[0] if hit.size else nbr.size - 1
        window_n, window_o = nbr[: stop + 1], owner[: stop + 1]
        fresh = mine[window_n] == -2
        cand_n, cand_o = window_n[fresh], window_o[fresh]
        _, first = np.unique(cand_n, return_index=True)
        order = np.sort(first)
        mine[cand_n[order]] = cand_o[order]
        if hit.size:
            meet = int(nbr[stop])
            break
        if forward:
            ff = cand_n[order]
        else:
            rf = cand_n[order]
    if meet < 0:
        raise nx.NetworkXNoPath(f"No path between {source} and {target}.")
    path = []
    w = meet
    while w != -1:
        path.append(w)
        w = int(pred[w])
    path.reverse()
    w = int(succ[meet])
    while w != -1:
        path.append(w)
        w = int(succ[w])
    return [nodes[i] for i in path]


def _dijkstra(G: SemiringPathsGraph, sources: list[int], weight, cutoff=None,
              target: int | None = None):
    """Distances by the engine; NetworkX-order tree: for each vertex, the tight in-edge
    from the vertex NetworkX's heap settles first (ordered by distance, then push order)."""
    import semiring_paths as sp

    g = G.graph(weight)
    if len(sources) == 1:
        d = sp.sssp(g, sources[0]).distances
    else:   # a super source joined to every source by a zero-weight edge
        n = g.n_vertices
        src = np.concatenate([g._rows, np.full(len(sources), n)])
        dst = np.concatenate([g.indices, sources])
        w = np.concatenate([g.weights if g.weighted else np.ones(g.n_stored, np.int64),
                            np.zeros(len(sources), np.int64)])
        d = sp.sssp(Graph.from_edges(src, dst, w, n_vertices=n + 1), n).distances[:n]
    if cutoff is not None:
        d = np.where(d <= cutoff, d, np.inf)
    return d, g


def _dijkstra_paths(G: SemiringPathsGraph, s: int, d: np.ndarray, weight,
                    target: int | None = None) -> dict:
    """Paths in NetworkX's Dijkstra tie-break.  The distances are the engine's; this
    replays only NetworkX's settle order over the tight edges ``d(v) + w = d(u)`` (heap
    keyed by distance, then push order), so each vertex takes its path from the tight
    in-neighbour NetworkX settles first.  Stops at ``target`` as NetworkX does."""
    import heapq

    indptr, indices = G.adjacency(False)
    wts = G.adjacency_weights(weight)
    nodes = G.nodes
    pred = np.full(len(nodes), -1, np.int64)
    reached = np.zeros(len(nodes), bool)
    reached[s] = True
    heap = [(0.0, 0, s)]
    count = 1
    pushed = [s]
    while heap:
        _, _, v = heapq.heappop(heap)
        if v == target:
            break
        lo, hi = indptr[v], indptr[v + 1]
        nb = indices[lo:hi]
        tight = (~reached[nb]) & (d[v] + wts[lo:hi] == d[nb])
        for u in nb[tight].tolist():
            if not reached[u]:          # a vertex listed twice (multigraph) counts once
                reached[u] = True
                pred[u] = v
                heapq.heappush(heap, (d[u], count, u))
                pushed.append(u)
                count += 1
    paths = {s: [nodes[s]]}
    for u in pushed[1:]:       # a predecessor is always pushed before its child
        paths[u] = [*paths[int(pred[u])], nodes[u]]
    return {nodes[u]: p for u, p in paths.items()}


@_counted
def single_source_dijkstra_path_length(G, source, cutoff=None, weight="weight"):
    G = _sp(G)
    s = _node(G, source, "Node {} not found in graph")
    d, g = _dijkstra(G, [s], weight, cutoff)
    return _length_dict(G, d, g)


@_counted
def single_source_dijkstra(G, source, target=None, cutoff=None, weight="weight"):
    G = _sp(G)
    s = _node(G, source, "Node {} not found in graph")
    d, g = _dijkstra(G, [s], weight, cutoff)
    paths = _dijkstra_paths(G, s, d, weight)
    dist = _length_dict(G, d, g)
    if target is None:
        return dist, paths
    if target not in dist:
        raise nx.NetworkXNoPath(f"No path to {target}.")
    return dist[target], paths[target]


@_counted
def dijkstra_path_length(G, source, target, weight="weight"):
    G = _sp(G)
    s = _node(G, source, "Node {} not found in graph")
    if source == target:
        return 0
    d, g = _dijkstra(G, [s], weight)
    if target not in G or not np.isfinite(d[G.index[target]]):
        raise nx.NetworkXNoPath(f"Node {target} not reachable from {source}")
    return _py(d[G.index[target]], _is_int(g))


@_counted
def dijkstra_path(G, source, target, weight="weight"):
    G = _sp(G)
    s = _node(G, source, "Node {} not found in graph")
    d, _ = _dijkstra(G, [s], weight)
    if target not in G or not np.isfinite(d[G.index[target]]):
        raise nx.NetworkXNoPath(f"No path to {target}.")
    return _dijkstra_paths(G, s, d, weight, target=G.index[target])[target]


@_counted
def multi_source_dijkstra_path_length(G, sources, cutoff=None, weight="weight"):
    G = _sp(G)
    sources = list(sources)
    if not sources:
        raise ValueError("sources must not be empty")
    idx = [_node(G, s, "Node {} not found in graph") for s in sources]
    d, g = _dijkstra(G, sorted(set(idx)), weight, cutoff)
    return _length_dict(G, d, g)


@_counted
def single_source_bellman_ford_path_length(G, source, weight="weight"):
    G = _sp(G)
    s = _node(G, source, "Source {} not in G")
    d, g = _distances(G, s, weight, method="bellman-ford")
    return _length_dict(G, d, g)


@_counted
def bellman_ford_path_length(G, source, target, weight="weight"):
    G = _sp(G)
    if source == target:
        _node(G, source, "Node {} not found in graph")
        return 0
    s = _node(G, source, "Source {} not in G")
    d, g = _distances(G, s, weight, method="bellman-ford")
    if target not in G or not np.isfinite(d[G.index[target]]):
        raise nx.NetworkXNoPath(f"node {target} not reachable from {source}")
    return _py(d[G.index[target]], _is_int(g))


@_counted
def negative_edge_cycle(G, weight="weight", heuristic=True):
    import semiring_paths as sp

    G = _sp(G)
    if len(G) == 0:
        return False
    g = G.graph(weight)
    if not g.has_negative_weights:
        return False
    n = g.n_vertices
    src = np.concatenate([np.full(n, n), g._rows])
    dst = np.concatenate([np.arange(n), g.indices])
    w = np.concatenate([np.zeros(n), g.weights.astype(np.float64)])
    aug = Graph.from_edges(src, dst, w, n_vertices=n + 1)   # a source reaching everything
    try:
        sp.sssp(aug, n, strategy="workfront")
    except NegativeCycleError:
        return True
    return False


def _all_pairs(G, weight, cutoff) -> Iterator:
    for i, d, g in _distance_rows(G, list(range(len(G))), weight):
        yield G.nodes[i], _length_dict(G, d, g, cutoff)


@_counted
def all_pairs_shortest_path_length(G, cutoff=None):
    return _all_pairs(_sp(G), None, cutoff)


@_counted
def all_pairs_dijkstra_path_length(G, cutoff=None, weight="weight"):
    return _all_pairs(_sp(G), weight, cutoff)


@_counted
def shortest_path_length(G, source=None, target=None, weight=None, method="dijkstra"):
    G = _sp(G)
    if method not in ("dijkstra", "bellman-ford"):
        raise ValueError(f"method not supported: {method}")
    if weight is None:
        method = "unweighted"
    if source is None and target is None:
        return _all_pairs(G, None if method == "unweighted" else weight, None)
    if source is None:
        t = _node(G, target, "Target {} is not in G")
        d, g = _distances(G, t, None if method == "unweighted" else weight, reverse=True,
                          method=method)
        return _length_dict(G, d, g)
    if target is None:
        s = _node(G, source, "Source {} is not in G")
        d, g = _distances(G, s, None if method == "unweighted" else weight, method=method)
        return _length_dict(G, d, g)
    if method == "unweighted":
        return len(bidirectional_shortest_path._implementation(G, source, target)) - 1
    if method == "dijkstra":
        return dijkstra_path_length._implementation(G, source, target, weight)
    return bellman_ford_path_length._implementation(G, source, target, weight)


@_counted
def has_path(G, source, target):
    try:   # the bidirectional search stops where the two fringes meet
        bidirectional_shortest_path._implementation(_sp(G), source, target)
    except nx.NetworkXNoPath:
        return False
    return True


@_counted
def descendants_at_distance(G, source, distance):
    G = _sp(G)
    if source not in G:
        raise nx.NetworkXError(f"The node {source} is not in the graph.")
    d, _ = _distances(G, G.index[source], None)
    return {G.nodes[i] for i in np.nonzero(d == distance)[0].tolist()}


@_counted
def bfs_layers(G, sources):
    G = _sp(G)
    if sources in G:
        sources = [sources]
    first = list(set(sources))            # NetworkX starts from list(set(sources))

    def layers():
        for v in first:
            if v not in G:
                raise nx.NetworkXError(f"The node {v} is not in the graph.")
        yield first
        for _, children in _bfs_order(G, [G.index[v] for v in first]):
            yield [G.nodes[i] for i in children.tolist()]

    return layers()


@_counted
def bfs_edges(G, source, reverse=False, depth_limit=None, sort_neighbors=None):
    G = _sp(G)
    if source not in G:
        raise nx.NetworkXError(f"The node {source} is not in the graph.")
    nodes = G.nodes
    s = G.index[source]

    def edges():
        for parents, children in _bfs_order(G, [s], reverse=reverse,
                                            depth_limit=depth_limit):
            yield from zip([nodes[i] for i in parents.tolist()],
                           [nodes[i] for i in children.tolist()])

    return edges()


@_counted
def bfs_predecessors(G, source, depth_limit=None, sort_neighbors=None):
    return ((c, p) for p, c in bfs_edges._implementation(G, source,
                                                         depth_limit=depth_limit))


def _eccentricities(G: SemiringPathsGraph, nodes, weight) -> dict:
    order = len(G)
    e = {}
    for i, d, g in _distance_rows(G, [G.index[v] for v in nodes], weight):
        v = G.nodes[i]
        if np.isfinite(d).sum() != order:
            if G.is_directed():
                msg = "Found infinite path length because the digraph is not strongly connected"
            else:
                msg = "Found infinite path length because the graph is not connected"
            raise nx.NetworkXError(msg)
        e[v] = _py(d.max(), _is_int(g) if weight is not None else True)
    return e


@_counted
def eccentricity(G, v=None, sp=None, weight=None):
    G = _sp(G)
    e = _eccentricities(G, list(G.nx.nbunch_iter(v)), weight)
    return e[v] if v in G else e


def _extreme_eccentricity(G, e, weight, pick):
    if e is None:
        G = _sp(G)
        e = _eccentricities(G, G.nodes, weight)
    return pick(e.values())


@_counted
def diameter(G, e=None, usebounds=False, weight=None):
    return _extreme_eccentricity(G, e, weight, max)


@_counted
def radius(G, e=None, usebounds=False, weight=None):
    return _extreme_eccentricity(G, e, weight, min)


@_counted
def average_shortest_path_length(G, weight=None, method=None):
    G = _sp(G)
    if method is None:
        method = "unweighted" if weight is None else "dijkstra"
    if method not in ("unweighted", "dijkstra", "bellman-ford", "floyd-warshall",
                      "floyd-warshall-numpy"):
        raise ValueError(f"method not supported: {method}")
    n = len(G)
    if n == 0:
        raise nx.NetworkXPointlessConcept(
            "the null graph has no paths, thus there is no average shortest path length")
    if n == 1:
        return 0
    if G.is_directed() and not nx.is_strongly_connected(G.nx):
        raise nx.NetworkXError("Graph is not strongly connected.")
    if not G.is_directed() and not nx.is_connected(G.nx):
        raise nx.NetworkXError("Graph is not connected.")
    w = None if method == "unweighted" else weight
    total = 0
    integer = True
    for _, d, g in _distance_rows(G, list(range(n)), w, method=(
            "bellman-ford" if method == "bellman-ford" else "dijkstra")):
        fin = d[np.isfinite(d)]
        integer = integer and (w is None or _is_int(g))
        total += int(fin.sum()) if integer else float(fin.sum())
    return total / (n * (n - 1))


@_counted
def closeness_centrality(G, u=None, distance=None, wf_improved=True):
    G = _sp(G)
    nodes = G.nodes if u is None else [u]
    len_G = len(G)
    out = {}
    for i, d, g in _distance_rows(G, [G.index[v] for v in nodes], distance, reverse=True):
        v = G.nodes[i]
        fin = d[np.isfinite(d)]
        totsp = int(fin.sum()) if (distance is None or _is_int(g)) else float(fin.sum())
        c = 0.0
        if totsp > 0.0 and len_G > 1:
            c = (fin.size - 1.0) / totsp
            if wf_improved:
                c *= (fin.size - 1.0) / (len_G - 1)
        out[v] = c
    return out[u] if u is not None else out


# ============================================================================ interface
FUNCTIONS = [
    "single_source_shortest_path_length", "single_target_shortest_path_length",
    "shortest_path_length", "single_source_shortest_path", "bidirectional_shortest_path",
    "single_source_dijkstra_path_length", "single_source_dijkstra", "dijkstra_path_length",
    "dijkstra_path", "multi_source_dijkstra_path_length",
    "single_source_bellman_ford_path_length", "bellman_ford_path_length",
    "negative_edge_cycle", "all_pairs_shortest_path_length",
    "all_pairs_dijkstra_path_length", "bfs_layers", "bfs_edges", "bfs_predecessors",
    "descendants_at_distance", "closeness_centrality", "eccentricity", "diameter", "radius",
    "average_shortest_path_length", "has_path",
]
_DIJKSTRA = {n for n in FUNCTIONS if "dijkstra" in n} | {"closeness_centrality"}
_WEIGHT_ARG = {"closeness_centrality": "distance"}


def _weight_of(name: str, args, kwargs):
    import inspect

    fn = getattr(nx, name)
    try:
        bound = inspect.signature(fn).bind_partial(*args, **kwargs)
    except TypeError:
        return None, {}
    bound.apply_defaults()
    return bound.arguments.get(_WEIGHT_ARG.get(name, "weight")), bound.arguments


class BackendInterface:
    """What NetworkX loads from the ``networkx.backends`` entry point."""

    @staticmethod
    def convert_from_nx(G, edge_attrs=None, node_attrs=None, preserve_edge_attrs=False,
                        preserve_node_attrs=False, preserve_graph_attrs=False, name=None,
                        graph_name=None, **kwargs):
        return SemiringPathsGraph(G)

    @staticmethod
    def convert_to_nx(obj, *, name=None):
        if isinstance(obj, SemiringPathsGraph):
            return obj.nx
        return obj

    @staticmethod
    def can_run(name, args, kwargs):
        weight, bound = _weight_of(name, args, kwargs)
        if callable(weight):
            return "weight functions are left to NetworkX"
        if bound.get("sort_neighbors") is not None:
            return "sort_neighbors is left to NetworkX"
        if name == "eccentricity" and bound.get("sp") is not None:
            return "precomputed shortest paths (sp=) are left to NetworkX"
        if name == "shortest_path_length" and bound.get("method") not in (
                "dijkstra", "bellman-ford"):
            return "unknown method: NetworkX raises its own error"
        if name == "average_shortest_path_length" and bound.get("method") not in (
                None, "unweighted", "dijkstra", "bellman-ford"):
            return "all-pairs matrix methods (floyd-warshall) are left to NetworkX"
        G = bound.get("G")
        if weight is not None and G is not None:
            nxg = G.nx if isinstance(G, SemiringPathsGraph) else G
            vals = [d for *_, d in nxg.edges(data=weight, default=1)]
            if any(not isinstance(x, (int, float)) or isinstance(x, bool)
                   or (isinstance(x, float) and not math.isfinite(x)) for x in vals):
                return "non-numeric or non-finite weights are left to NetworkX"
            if (name in _DIJKSTRA or (name == "shortest_path_length"
                                      and bound.get("method") == "dijkstra")
                    or name in ("eccentricity", "diameter", "radius",
                                "average_shortest_path_length")) and any(
                    x < 0 for x in vals):
                return "negative weights with Dijkstra: NetworkX's own behaviour is kept"
        return True

    @staticmethod
    def should_run(name, args, kwargs):
        G = args[0] if args else kwargs.get("G")
        nxg = G.nx if isinstance(G, SemiringPathsGraph) else G
        try:
            m = nxg.number_of_edges()
        except AttributeError:
            return True
        return True if m >= 10_000 else "small graph: conversion costs more than it saves"


for _name in FUNCTIONS:
    setattr(BackendInterface, _name, staticmethod(globals()[_name]))


def get_info() -> dict:
    """``networkx.backend_info`` entry point."""
    return {
        "backend_name": NAME,
        "project": "semiring_paths",
        "package": "semiring_paths",
        "short_summary": "Shortest paths as masked semiring products (GraphBLAS, CuPy).",
        "functions": {name: {"additional_docs": "Computed by semiring_paths' masked "
                                                "vector-matrix products."}
                      for name in FUNCTIONS},
        "default_config": {},
    }
