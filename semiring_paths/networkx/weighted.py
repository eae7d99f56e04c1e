"""``networkx.algorithms.shortest_paths.weighted``: Dijkstra and Bellman-Ford."""

from __future__ import annotations

import itertools
import sys

import networkx as nx
import numpy as np

from .. import sssp as _sssp
from ..graph import Graph
from . import searches
from .convert import (
    SemiringPathsGraph,
    _as_dict,
    _cut,
    _distance_rows,
    _distances,
    _endpoints,
    _node,
    _ordered_lengths,
    _py,
    _sp,
    all_pairs_lengths,
    dijkstra_cutoff,
    runs,
    tree_paths,
)
from .frontier import succ_pred
from .registry import (
    adjacency_weights,
    dispatch_counts,
    first_negative,
    from_dicts,
    networkx_algorithm,
    weight_facts,
)
from .replay import (
    bellman_ford_order,
    goldberg_radzik_replay,
    predecessor_replay,
    settle_order,
)
from .replay import bidirectional_dijkstra as _two_heaps

#: up to this many sources, nearest-source distances are the minimum of one search from
#: each on the cached graph (wiki-Vote, two sources: 1.6 ms, against 15 ms for a search
#: from a super source on a graph built for the call)
FEW_SOURCES = 4


def _dijkstra(G: SemiringPathsGraph, sources: list[int], weight, cutoff=None,
              target: int | None = None):
    """Distances by the engine; NetworkX-order tree: for each vertex, the tight in-edge
    from the vertex NetworkX's heap settles first (ordered by distance, then push order)."""
    g = G.graph(weight)
    cutoff = dijkstra_cutoff(cutoff)
    if len(sources) <= FEW_SOURCES:       # d = min over the sources' own searches
        d = _sssp(g, sources[0]).distances
        for s in sources[1:]:
            d = np.minimum(d, _sssp(g, s).distances)
    else:   # a super source joined to every source by a zero-weight edge: a new graph,
        # whose first search pays its setup
        n = g.n_vertices
        src = np.concatenate([g.rows, np.full(len(sources), n)])
        dst = np.concatenate([g.indices, sources])
        w = np.concatenate([g.weights if g.weighted else np.ones(g.n_stored, np.int64),
                            np.zeros(len(sources), np.int64)])
        d = _sssp(Graph.from_edges(src, dst, w, n_vertices=n + 1), n).distances[:n]
    if cutoff is not None:
        d = _cut(d, sources, cutoff, hops=False)
    return d, g


def _settled(G: SemiringPathsGraph, sources: list[int], d: np.ndarray, weight,
             target: int | None = None, wts: np.ndarray | None = None,
             reverse: bool = False) -> tuple[np.ndarray, np.ndarray]:
    """NetworkX's settle order and predecessors over the engine's distances
    (``replay.settle_order``; stops at ``target`` as NetworkX does); ``wts``: the
    adjacency's weights as NetworkX's weight function gives them, where not ``weight``'s
    (Johnson's reweighted edges); ``reverse``: over ``G.reverse(copy=False)``."""
    indptr, indices = G.adjacency(reverse)
    return settle_order(indptr, indices,
                        G.adjacency_weights(weight, reverse) if wts is None else wts,
                        np.asarray(d, np.float64), np.asarray(sources, np.int64),
                        -1 if target is None else target)


def _dijkstra_paths(G: SemiringPathsGraph, sources: list[int], d: np.ndarray, weight,
                    settled: tuple[np.ndarray, np.ndarray] | None = None,
                    wts: np.ndarray | None = None) -> dict:
    """Paths in NetworkX's Dijkstra tie-break: each vertex's path runs through the tight
    in-neighbour NetworkX settles first (:func:`_settled`, or its ``settled`` answer); a
    source's is itself.  Keys in NetworkX's order: the sources as given (they settle
    first), then settle order."""
    order, pred = settled or _settled(G, sources, d, weight, wts=wts)
    return tree_paths(G, order, pred[order])               # p settled before u


def _lengths_and_paths(G: SemiringPathsGraph, sources: list[int], d: np.ndarray,
                       g: Graph, weight) -> tuple[dict, dict]:
    """NetworkX's ``(distances, paths)`` from one replay of its settle order."""
    settled = _settled(G, sources, d, weight)
    return (_as_dict(G, settled[0], d, g, sources, settled[1], weight),
            _dijkstra_paths(G, sources, d, weight, settled))


def _dijkstra_path_to(G: SemiringPathsGraph, sources: list[int], d: np.ndarray, weight,
                      target: int) -> list:
    """The one path of :func:`_dijkstra_paths` to ``target`` (its predecessors walked
    back: no list for every vertex settled before it).  What lies beyond ``target``
    never settles before it, so the replay reads only ``d ≤ d(target)``."""
    d = np.where(d <= d[target], d, np.inf)
    _, pred = _settled(G, sources, d, weight, target)
    path = [target]
    while pred[path[-1]] >= 0:
        path.append(int(pred[path[-1]]))
    return G.labels(path[::-1])


@networkx_algorithm(weight_arg="weight", dijkstra=True)
def single_source_dijkstra_path_length(G, source, cutoff=None, weight="weight"):
    G = _sp(G)
    s = _node(G, source, "Node {} not found in graph")
    d, g = _dijkstra(G, [s], weight, cutoff)
    return _ordered_lengths(G, [s], d, g, weight)


def _started(dicts) -> searches.DijkstraTo | None:
    """The search ``should_run``'s probe started for this call (``from_dicts``), if any."""
    return dicts if isinstance(dicts, searches.DijkstraTo) else None


def _heap_path(G: SemiringPathsGraph, source, target, weight, dicts=True) -> tuple:
    """NetworkX's ``multi_source_dijkstra`` from ``{source}`` to ``target``, over its
    dicts (``searches.py``; taken on from ``should_run``'s probe): ``(length, path)``, its
    checks and errors."""
    if source not in G:
        raise nx.NodeNotFound(f"Node {source} not found in graph")
    if target in {source}:
        return (0, [target])
    dist, pred = searches.dijkstra_to(succ_pred(G)[0], source, target, weight,
                                      search=_started(dicts))
    if target not in dist:
        raise nx.NetworkXNoPath(f"No path to {target}.")
    return dist[target], searches.path_to(pred, target)


@networkx_algorithm(weight_arg="weight", dijkstra=True)
def single_source_dijkstra(G, source, target=None, cutoff=None, weight="weight"):
    if dicts := from_dicts(G):           # let through by should_run: from NetworkX's dicts
        return _heap_path(_sp(G), source, target, weight, dicts)
    G = _sp(G)
    s = _node(G, source, "Node {} not found in graph")
    if target == source:
        return (0, [source])
    d, g = _dijkstra(G, [s], weight, cutoff)
    if target is None:
        return _lengths_and_paths(G, [s], d, g, weight)
    if target not in G or not np.isfinite(d[G.index[target]]):
        raise nx.NetworkXNoPath(f"No path to {target}.")
    path = _dijkstra_path_to(G, [s], d, weight, G.index[target])
    return _length(G, weight, d[G.index[target]], path), path


@networkx_algorithm(weight_arg="weight", dijkstra=True)
def single_source_dijkstra_path(G, source, cutoff=None, weight="weight"):
    G = _sp(G)
    s = _node(G, source, "Node {} not found in graph")
    d, _ = _dijkstra(G, [s], weight, cutoff)
    return _dijkstra_paths(G, [s], d, weight)


def paths_to(G: SemiringPathsGraph, target, weight, method: str) -> dict:
    """``shortest_path(G, target=target, weight=weight, method=method)``: NetworkX's
    single-source Dijkstra or Bellman-Ford paths over ``G.reverse(copy=False)``, replayed
    there, each flipped to run from its source to the target."""
    if method == "bellman-ford":
        t = _node(G, target, "Source {} not in G")
        _, first, preds, _ = _bellman_ford(G, t, weight, reverse=True)
        return {v: p[::-1] for v, p in _bf_paths(G, t, first, preds).items()}
    t = _node(G, target, "Node {} not found in graph")
    d, _ = _distances(G, t, weight, reverse=True)
    order, pred = _settled(G, [t], d, weight, reverse=True)
    return tree_paths(G, order, pred[order], reverse=True)


@networkx_algorithm(weight_arg="weight", dijkstra=True)
def dijkstra_path_length(G, source, target, weight="weight"):
    if dicts := from_dicts(G):           # let through by should_run: from NetworkX's dicts
        G = _sp(G)
        if source not in G:
            raise nx.NodeNotFound(f"Node {source} not found in graph")
        if source == target:
            return 0
        dist, _ = searches.dijkstra_to(succ_pred(G)[0], source, target, weight, paths=False,
                                       search=_started(dicts))
        if target not in dist:
            raise nx.NetworkXNoPath(f"Node {target} not reachable from {source}")
        return dist[target]
    G = _sp(G)
    s = _node(G, source, "Node {} not found in graph")
    if source == target:
        return 0
    d, _ = _dijkstra(G, [s], weight)
    if target not in G or not np.isfinite(d[G.index[target]]):
        raise nx.NetworkXNoPath(f"Node {target} not reachable from {source}")
    t = G.index[target]
    mixed = not G.integer_weights(weight) and G.mixed_weights(weight)
    return _length(G, weight, d[t],
                   _dijkstra_path_to(G, [s], d, weight, t) if mixed else None)


@networkx_algorithm(weight_arg="weight", dijkstra=True)
def dijkstra_path(G, source, target, weight="weight"):
    if dicts := from_dicts(G):           # let through by should_run: from NetworkX's dicts
        return _heap_path(_sp(G), source, target, weight, dicts)[1]
    G = _sp(G)
    s = _node(G, source, "Node {} not found in graph")
    d, _ = _dijkstra(G, [s], weight)
    if target not in G or not np.isfinite(d[G.index[target]]):
        raise nx.NetworkXNoPath(f"No path to {target}.")
    return _dijkstra_path_to(G, [s], d, weight, G.index[target])


@networkx_algorithm(weight_arg="weight", dijkstra=True)
def bidirectional_dijkstra(G, source, target, weight="weight"):
    dicts = from_dicts(G)                # let through by should_run: from NetworkX's dicts
    G = _sp(G)
    _endpoints(G, source, target)
    if source == target:
        return (0, [source])
    if dicts:
        got = searches.bidirectional(*succ_pred(G), source, target, weight,
                                     dicts if isinstance(dicts, searches.TwoHeaps) else None)
        if got is None:
            raise nx.NetworkXNoPath(f"No path between {source} and {target}.")
        return got
    # NetworkX's own two-heap search, compiled: its meeting vertex, hence its path
    fptr, find = G.adjacency(False)
    bptr, bind = G.adjacency(True)
    status, dist, path = _two_heaps(
        fptr, find, G.adjacency_weights(weight), bptr, bind,
        G.adjacency_weights(weight, reverse=True), G.index[source], G.index[target])
    if status == 2:
        raise ValueError("Contradictory paths found: negative weights?")
    if status == 1:
        raise nx.NetworkXNoPath(f"No path between {source} and {target}.")
    path = G.labels(path)
    return _length(G, weight, dist, path), path


def _length(G: SemiringPathsGraph, weight, x, path: list | None):
    """A path's length as NetworkX sums it along ``path`` (labels, from the source): an
    int on an integer graph, or where every edge of the path weighs an int (ints and
    floats mixed; a lone source's int 0); a float otherwise (also with no ``path``)."""
    return _py(x, weight is None or G.integer_weights(weight) or (
        path is not None and all(isinstance(G.edge_weight(u, v, weight), int)
                                 for u, v in itertools.pairwise(path))))


@networkx_algorithm(weight_arg="weight", dijkstra=True)
def multi_source_dijkstra_path_length(G, sources, cutoff=None, weight="weight"):
    G = _sp(G)
    sources = list(sources)
    if not sources:
        raise ValueError("sources must not be empty")
    idx = [_node(G, s, "Node {} not found in graph") for s in sources]
    d, g = _dijkstra(G, sorted(set(idx)), weight, cutoff)
    return _ordered_lengths(G, idx, d, g, weight)


# ----------------------------------------------------------------- Bellman-Ford
def _bellman_ford(G: SemiringPathsGraph, s: int, weight, heuristic: bool = True,
                  reverse: bool = False):
    """NetworkX's Bellman-Ford run compiled (``replay.bellman_ford_order``): values in
    its summation order, its dict order and predecessor lists; its cycle test
    (``reverse``: over the reversed graph, ``G.reverse(copy=False)``'s adjacency)."""
    indptr, indices = G.adjacency(reverse)
    wts = G.adjacency_weights(weight, reverse)
    dist, first, ptr, pred, plen, cycle = bellman_ford_order(indptr, indices, wts, [s],
                                                             heuristic)
    if cycle >= 0:
        raise nx.NetworkXUnbounded("Negative cycle detected.")
    return dist, first, (ptr, pred, plen), G.graph(weight)


def _bf_paths(G: SemiringPathsGraph, s: int, first, preds, only=None) -> dict:
    """NetworkX's first path to each vertex from its predecessor lists: the first
    predecessor's path and the vertex, unless first predecessors loop (zero-weight
    cycles), where its depth-first search is followed."""
    ptr, pred, _ = preds
    nodes = G.nodes
    memo: dict[int, list] = {s: [nodes[s]]}

    def path(v: int) -> list:
        chain = []
        on = set()
        while v not in memo:
            if v in on:                                  # first predecessors loop
                return None
            on.add(v)
            chain.append(v)
            v = int(pred[ptr[v]])
        for u in reversed(chain):
            memo[u] = [*memo[int(pred[ptr[u]])], nodes[u]]
        return memo[chain[0]] if chain else memo[v]

    out = {}
    for v in (first.tolist() if only is None else [only]):
        p = path(v)
        out[nodes[v]] = p if p is not None else _dfs_path(G, s, v, preds)
    return out


def _dfs_path(G, s: int, t: int, preds) -> list:
    """NetworkX's ``_build_paths_from_predecessors``, its first path."""
    ptr, pred, plen = preds
    seen = {t}
    stack = [[t, 0]]
    top = 0
    while top >= 0:
        node, i = stack[top]
        if node == s:
            return [G.nodes[p] for p, _ in reversed(stack[: top + 1])]
        if plen[node] > i:
            stack[top][1] = i + 1
            nxt = int(pred[ptr[node] + i])
            if nxt in seen:
                continue
            seen.add(nxt)
            top += 1
            if top == len(stack):
                stack.append([nxt, 0])
            else:
                stack[top][:] = [nxt, 0]
        else:
            seen.discard(node)
            top -= 1
    raise nx.NetworkXNoPath(f"Target {G.nodes[t]} cannot be reached from given sources")


def _setters(preds, n: int) -> np.ndarray:
    """Each vertex's first Bellman-Ford predecessor (-1: none): the one whose strict
    improvement set its distance, the rest having matched it later."""
    ptr, pred, plen = preds
    out = np.full(n, -1, np.int64)
    has = np.flatnonzero(plen > 0)
    out[has] = pred[ptr[has]]
    return out


def _setter_path(G: SemiringPathsGraph, preds, s: int, t: int) -> list:
    """The labels of the path whose sum NetworkX's Bellman-Ford holds at ``t``: back
    from ``t`` along each vertex's first predecessor (:func:`_setters`) to ``s``."""
    setters = _setters(preds, len(G))
    path = [t]
    while path[-1] != s and setters[path[-1]] >= 0 and len(path) <= len(G):
        path.append(int(setters[path[-1]]))
    return G.labels(path[::-1])


@networkx_algorithm(weight_arg="weight")
def single_source_bellman_ford_path_length(G, source, weight="weight"):
    G = _sp(G)
    return bellman_ford_lengths(G, _node(G, source, "Source {} not in G"), weight)


def bellman_ford_lengths(G: SemiringPathsGraph, s: int, weight, reverse: bool = False
                         ) -> dict:
    """``single_source_bellman_ford_path_length`` from index ``s`` (``reverse``: over
    the reversed graph, as ``shortest_path_length(G, target=s)`` runs it)."""
    dist, first, preds, g = _bellman_ford(G, s, weight, reverse=reverse)
    return _as_dict(G, first, dist, g, [s], _setters(preds, len(G)), weight, reverse)


@networkx_algorithm(weight_arg="weight")
def bellman_ford_path_length(G, source, target, weight="weight"):
    G = _sp(G)
    if source == target:
        _node(G, source, "Node {} not found in graph")
        return 0
    s = _node(G, source, "Source {} not in G")
    dist, _, preds, _ = _bellman_ford(G, s, weight)
    if target not in G or not np.isfinite(dist[G.index[target]]):
        raise nx.NetworkXNoPath(f"node {target} not reachable from {source}")
    t = G.index[target]
    return _length(G, weight, dist[t], _setter_path(G, preds, s, t))


@networkx_algorithm(weight_arg="weight")
def single_source_bellman_ford(G, source, target=None, weight="weight"):
    G = _sp(G)
    if source == target:
        _node(G, source, "Node {} is not found in the graph")
        return (0, [source])
    s = _node(G, source, "Source {} not in G")
    dist, first, preds, g = _bellman_ford(G, s, weight)
    if target is None:
        return (_as_dict(G, first, dist, g, [s], _setters(preds, len(G)), weight),
                _bf_paths(G, s, first, preds))
    if target not in G or not np.isfinite(dist[G.index[target]]):
        raise nx.NetworkXNoPath(f"Target {target} cannot be reached from given sources")
    t = G.index[target]
    return (_length(G, weight, dist[t], _setter_path(G, preds, s, t)),
            _bf_paths(G, s, first, preds, only=t)[target])


@networkx_algorithm(weight_arg="weight")
def single_source_bellman_ford_path(G, source, weight="weight"):
    return single_source_bellman_ford._implementation(G, source, weight=weight)[1]


@networkx_algorithm(weight_arg="weight")
def bellman_ford_path(G, source, target, weight="weight"):
    return single_source_bellman_ford._implementation(G, source, target, weight)[1]


@networkx_algorithm(weight_arg="weight")
def bellman_ford_predecessor_and_distance(G, source, target=None, weight="weight",
                                          heuristic=False):
    G = _sp(G)
    out = bellman_ford_lists(G, source, weight, heuristic)
    if out is None:
        return {source: []}, {source: 0}
    first, ptr, plen, pred, dist, g = out
    return (runs(G, first, ptr, plen, pred),
            _as_dict(G, first, dist, g, [G.index[source]],
                     _setters((ptr, pred, plen), len(G)), weight))


def _negative_weight_checks(G: SemiringPathsGraph, source, weight) -> int | None:
    """What NetworkX's Bellman-Ford and Goldberg-Radzik check before they run: the
    source's index (NodeNotFound), NetworkXUnbounded for a negative self-loop; None for
    a graph of one vertex (their answers are fixed)."""
    s = _node(G, source, "Node {} is not found in the graph")
    if G.negative_self_loop(weight):
        raise nx.NetworkXUnbounded("Negative cycle detected.")
    return None if len(G) == 1 else s


def bellman_ford_lists(G: SemiringPathsGraph, source, weight, heuristic: bool = False):
    """``bellman_ford_predecessor_and_distance``'s lists as arrays, with its checks:
    ``(keys, begin, size, tails, dist, graph)`` (vertex v's list ``tails[begin[v]:
    begin[v] + size[v]]``, in NetworkX's orders); None for a graph of one vertex (its
    answer is fixed)."""
    s = _negative_weight_checks(G, source, weight)
    if s is None:
        return None
    dist, first, (ptr, pred, plen), g = _bellman_ford(G, s, weight, heuristic)
    return first, ptr, plen, pred, dist, g


@networkx_algorithm(weight_arg="weight", each=True)
def all_pairs_bellman_ford_path_length(G, weight="weight"):
    G = _sp(G)
    for v in G.nodes:
        yield v, single_source_bellman_ford_path_length._implementation(G, v, weight)


@networkx_algorithm(weight_arg="weight", each=True)
def all_pairs_bellman_ford_path(G, weight="weight"):
    G = _sp(G)
    for v in G.nodes:
        yield v, single_source_bellman_ford._implementation(G, v, weight=weight)[1]


@networkx_algorithm(weight_arg="weight")
def negative_edge_cycle(G, weight="weight", heuristic=True):
    G = _sp(G)
    if len(G) == 0 or weight is None:                 # (None: every edge 1)
        return False
    if not G.is_directed():       # u → v → u: an undirected negative edge is a negative
        # cycle, as NetworkX's Bellman-Ford finds at once (bcsstk13: 117 ms of workfront
        # rounds, NetworkX 4.7).  Let through by should_run (registry.scans_dicts): a
        # scan of NetworkX's dicts up to the first negative weight; else the dispatch
        # check's scan of every weight has said (a call that names the backend)
        if from_dicts(G):
            found = first_negative(G.nx, weight)
            if found is not None:
                return found
            dispatch_counts["negative_edge_cycle"] -= 1     # a value NetworkX's own code
            return nx.negative_edge_cycle.orig_func(G.nx, weight, heuristic)   # meets
        return weight_facts(G.nx, weight)[1]
    if not weight_facts(G.nx, weight)[1]:
        return False
    # NetworkX's Bellman-Ford from every vertex (its own run starts from a new vertex
    # joined to all): the compiled queue with its cycle heuristic stops at the first
    # cycle it meets (bips98_606: a workfront search from a super source took 400 ms
    # to find one, NetworkX 12)
    if G.negative_self_loop(weight):
        return True
    indptr, indices = G.adjacency(False)
    return bool(bellman_ford_order(indptr, indices, G.adjacency_weights(weight),
                                   np.arange(len(G)), heuristic)[5] >= 0)


def _negative_cycle(G: SemiringPathsGraph, v: int, preds) -> list | None:
    """NetworkX's depth-first walk back from ``v`` (where its Bellman-Ford stopped) over
    the predecessor lists, last predecessor first, to the first list holding ``v``:
    the cycle's labels, ending where they start; None where its code has no answer."""
    ptr, pred, plen = preds

    def before(u: int) -> list[int]:
        return pred[ptr[u]:ptr[u] + plen[u]].tolist()

    cycle: list[int] = []
    stack = [(v, before(v))]
    seen = {v}
    while stack:
        node, ps = stack[-1]
        if v in ps:
            return G.labels([*cycle, node, v][::-1])
        if ps:
            u = ps.pop()
            if u not in seen:
                stack.append((u, before(u)))
                cycle.append(node)
                seen.add(u)
        else:
            stack.pop()
            if not cycle:
                return None
            cycle.pop()
    return None


@networkx_algorithm(weight_arg="weight", doc=(
        "NetworkX's Bellman-Ford from the source (its queue, heuristic and predecessor "
        "lists) compiled over the converted adjacency, then its walk back from where it "
        "stopped."))
def find_negative_cycle(G, source, weight="weight"):
    """NetworkX's Bellman-Ford from ``source`` run compiled (``replay.bellman_ford_order``,
    its queue, heuristic and predecessor lists), then its walk back from the vertex where
    it stopped."""
    G = _sp(G)
    s = _node(G, source, "Source {} not in G")
    indptr, indices = G.adjacency(False)
    _, _, ptr, pred, plen, v = bellman_ford_order(indptr, indices,
                                                  G.adjacency_weights(weight), [s])
    if v < 0:
        raise nx.NetworkXError("No negative cycles detected.")
    cycle = _negative_cycle(G, int(v), (ptr, pred, plen))
    if cycle is None:     # where NetworkX's walk finds none, its own code says what next
        return nx.find_negative_cycle.orig_func(G.nx, source, weight)
    return cycle


def _on_cpython(a: dict) -> str | None:
    """``goldberg_radzik``'s ``can_run``: NetworkX takes its DFS roots in a Python set's
    order, which follows the labels' hashes (``hash(label)``, in this interpreter: a
    str's changes with its seed) and CPython's set table, which the replay keeps."""
    if sys.implementation.name != "cpython":
        return "a Python set's order is CPython's to replay"
    return None


@networkx_algorithm(weight_arg="weight", can_run=_on_cpython, doc=(
        "NetworkX's Goldberg-Radzik compiled over the converted adjacency, its DFS roots "
        "in the order of the Python set it takes them from (CPython's set table, "
        "replayed over the labels' hashes)."), declines=(
        "Python implementations other than CPython (the DFS roots follow a Python set's "
        "order)",))
def goldberg_radzik(G, source, weight="weight"):
    """NetworkX's Goldberg-Radzik run compiled (``replay.goldberg_radzik_replay``): its
    rounds of a DFS over edges of non-positive reduced cost from each vertex the last
    round relabeled, in the iteration order of its set of them, then the relaxation in
    topological order; values in its summation order, its ``pred`` dict's order."""
    G = _sp(G)
    s = _negative_weight_checks(G, source, weight)
    if s is None:
        return {source: None}, {source: 0}
    indptr, indices = G.adjacency(False)
    hashes = (np.arange(len(G)) if G._labels_are_indices     # an int 0 … n-1 is its hash
              else np.fromiter(map(hash, G.nodes), np.int64, len(G)))
    d, pred, order, cycle = goldberg_radzik_replay(
        indptr, indices, G.adjacency_weights(weight), hashes, s)
    if cycle:
        raise nx.NetworkXUnbounded("Negative cycle detected.")
    nodes = G.nodes
    preds = dict(zip(G.labels(order), [None if p < 0 else nodes[p]
                                       for p in pred[order].tolist()]))
    return preds, _as_dict(G, order, d, G.graph(weight), [s], np.maximum(pred, -1), weight)


def _johnson_exact(a: dict) -> str | None:
    """Johnson's ``can_run``: with negative weights NetworkX's Dijkstra adds reweighted
    edges ``w + h(u) - h(v)``, whose float roundings decide its ties: served where every
    weight is an int (exact sums)."""
    G, weight = getattr(a.get("G"), "nx", a.get("G")), a.get("weight")
    if weight is None or callable(weight) or G is None:
        return None
    numeric, negative = weight_facts(G, weight)
    if numeric and negative and adjacency_weights(G, weight).dtype.kind != "i":
        return "Johnson with negative weights that are not all ints is left to NetworkX"
    return None


@networkx_algorithm(weight_arg="weight", can_run=_johnson_exact, doc=(
        "NetworkX's Bellman-Ford from every vertex at 0 compiled (its h and cycle test), "
        "then from each vertex the engine's distances over the reweighted edges, with "
        "NetworkX's Dijkstra settle order replayed over them for its paths."), declines=(
        "negative weights that are not all ints (the reweighted sums' roundings decide "
        "NetworkX's ties)",))
def johnson(G, weight="weight"):
    """NetworkX's Johnson: h from its Bellman-Ford with every vertex a source at 0
    (compiled, its cycle test), then from each vertex the paths of its Dijkstra over
    ``w + h(u) - h(v)`` — the engine's distances on the reweighted graph, NetworkX's
    settle order replayed over them.  Without negative weights h is 0 and the
    reweighted graph is the graph."""
    G = _sp(G)
    n = len(G)
    if not n:
        return {}
    g, wts = G.graph(weight), None
    if weight is not None and g.has_negative_weights:
        indptr, indices = G.adjacency(False)
        w = G.adjacency_weights(weight)
        h, _, _, _, _, cycle = bellman_ford_order(indptr, indices, w, np.arange(n))
        if cycle >= 0:
            raise nx.NetworkXUnbounded("Negative cycle detected.")
        tails = G.adjacency_tails()
        wts = w + h[tails] - h[indices]              # w + h(u) - h(v), ints: exact
        g = Graph.from_edges(tails, indices, wts.astype(np.int64), n_vertices=n,
                             directed=G.is_directed())
    return {G.nodes[i]: _dijkstra_paths(G, [i], d, weight, wts=wts)
            for i, d, _ in _distance_rows(G, list(range(n)), weight, graph=g)}


@networkx_algorithm(weight_arg="weight", dijkstra=True, each=True)
def all_pairs_dijkstra_path_length(G, cutoff=None, weight="weight"):
    return all_pairs_lengths(_sp(G), weight, dijkstra_cutoff(cutoff, hops=weight is None))


def _sources(G: SemiringPathsGraph, sources) -> list[int]:
    sources = list(sources)
    if not sources:
        raise ValueError("sources must not be empty")
    return [_node(G, s, "Node {} not found in graph") for s in sources]


@networkx_algorithm(weight_arg="weight", dijkstra=True)
def multi_source_dijkstra(G, sources, target=None, cutoff=None, weight="weight"):
    G = _sp(G)
    idx = _sources(G, sources)
    if target in set(sources):
        return (0, [target])
    uniq = sorted(set(idx))
    d, g = _dijkstra(G, uniq, weight, cutoff)
    given = list(dict.fromkeys(idx))
    if target is None:
        return _lengths_and_paths(G, given, d, g, weight)
    if target not in G or not np.isfinite(d[G.index[target]]):
        raise nx.NetworkXNoPath(f"No path to {target}.")
    path = _dijkstra_path_to(G, given, d, weight, G.index[target])
    return _length(G, weight, d[G.index[target]], path), path


@networkx_algorithm(weight_arg="weight", dijkstra=True)
def multi_source_dijkstra_path(G, sources, cutoff=None, weight="weight"):
    G = _sp(G)
    idx = _sources(G, sources)
    d, _ = _dijkstra(G, sorted(set(idx)), weight, cutoff)
    return _dijkstra_paths(G, list(dict.fromkeys(idx)), d, weight)


@networkx_algorithm(weight_arg="weight", dijkstra=True)
def dijkstra_predecessor_and_distance(G, source, cutoff=None, weight="weight"):
    """Each vertex's tight in-neighbours in the order NetworkX's heap settles them (the
    first set its distance; each later one found it equal), keyed in the order its
    Dijkstra first saw each vertex."""
    G = _sp(G)
    seen, begin, size, tails, (order, first_pred, d, g) = dijkstra_lists(G, source, weight,
                                                                         cutoff)
    return (runs(G, seen, begin, size, tails),
            _as_dict(G, order, d, g, [G.index[source]], first_pred, weight))


def dijkstra_lists(G: SemiringPathsGraph, source, weight, cutoff=None):
    """``dijkstra_predecessor_and_distance``'s lists as arrays: ``(keys, begin, size,
    tails, (settle order, first predecessors, distances, graph))``, vertex v's list
    ``tails[begin[v]:begin[v] + size[v]]``."""
    s = _node(G, source, "Node {} is not found in the graph")
    cutoff = dijkstra_cutoff(cutoff)
    d, g = _dijkstra(G, [s], weight, cutoff)
    indptr, indices = G.adjacency(False)
    order, first_pred, seen, starts, tails, _ = predecessor_replay(
        indptr, indices, G.adjacency_weights(weight), np.asarray(d, np.float64),
        np.asarray([s], np.int64), np.inf if cutoff is None else float(cutoff))
    return seen, starts[:-1], np.diff(starts), tails, (order, first_pred, d, g)


@networkx_algorithm(weight_arg="weight", dijkstra=True, each=True)
def all_pairs_dijkstra(G, cutoff=None, weight="weight"):
    G, cutoff = _sp(G), dijkstra_cutoff(cutoff)
    for i, d, g in _distance_rows(G, list(range(len(G))), weight):
        if cutoff is not None:
            d = _cut(d, [i], cutoff, hops=False)
        yield G.nodes[i], _lengths_and_paths(G, [i], d, g, weight)


@networkx_algorithm(weight_arg="weight", dijkstra=True, each=True)
def all_pairs_dijkstra_path(G, cutoff=None, weight="weight"):
    G, cutoff = _sp(G), dijkstra_cutoff(cutoff)
    for i, d, _ in _distance_rows(G, list(range(len(G))), weight):
        if cutoff is not None:
            d = _cut(d, [i], cutoff, hops=False)
        yield G.nodes[i], _dijkstra_paths(G, [i], d, weight)
