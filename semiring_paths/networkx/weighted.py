"""``networkx.algorithms.shortest_paths.weighted``: Dijkstra and Bellman-Ford."""

from __future__ import annotations

import networkx as nx
import numpy as np

from .. import sssp as _sssp
from ..exceptions import NegativeCycleError
from ..graph import Graph
from .convert import (
    SemiringPathsGraph,
    _distances,
    _is_int,
    _length_dict,
    _node,
    _ordered_lengths,
    _py,
    _sp,
    all_pairs_lengths,
)
from .registry import networkx_algorithm
from .replay import settle_order


def _dijkstra(G: SemiringPathsGraph, sources: list[int], weight, cutoff=None,
              target: int | None = None):
    """Distances by the engine; NetworkX-order tree: for each vertex, the tight in-edge
    from the vertex NetworkX's heap settles first (ordered by distance, then push order)."""
    g = G.graph(weight)
    if len(sources) == 1:
        d = _sssp(g, sources[0]).distances
    else:   # a super source joined to every source by a zero-weight edge
        n = g.n_vertices
        src = np.concatenate([g.rows, np.full(len(sources), n)])
        dst = np.concatenate([g.indices, sources])
        w = np.concatenate([g.weights if g.weighted else np.ones(g.n_stored, np.int64),
                            np.zeros(len(sources), np.int64)])
        d = _sssp(Graph.from_edges(src, dst, w, n_vertices=n + 1), n).distances[:n]
    if cutoff is not None:
        d = np.where(d <= cutoff, d, np.inf)
    return d, g


def _settled(G: SemiringPathsGraph, sources: list[int], d: np.ndarray, weight,
             target: int | None = None) -> tuple[np.ndarray, np.ndarray]:
    """NetworkX's settle order and predecessors over the engine's distances
    (``replay.settle_order``; stops at ``target`` as NetworkX does)."""
    indptr, indices = G.adjacency(False)
    return settle_order(indptr, indices, G.adjacency_weights(weight),
                        np.asarray(d, np.float64), np.asarray(sources, np.int64),
                        -1 if target is None else target)


def _dijkstra_paths(G: SemiringPathsGraph, s: int, d: np.ndarray, weight,
                    target: int | None = None) -> dict:
    """Paths in NetworkX's Dijkstra tie-break: each vertex's path runs through the tight
    in-neighbour NetworkX settles first (:func:`_settled`)."""
    order, pred = _settled(G, [s], d, weight, target)
    nodes = G.nodes
    paths = {s: [nodes[s]]}
    for u in order[1:].tolist():    # a predecessor is settled before its child
        paths[u] = [*paths[int(pred[u])], nodes[u]]
    return {nodes[u]: p for u, p in paths.items()}


@networkx_algorithm(weight_arg="weight", dijkstra=True)
def single_source_dijkstra_path_length(G, source, cutoff=None, weight="weight"):
    G = _sp(G)
    s = _node(G, source, "Node {} not found in graph")
    d, g = _dijkstra(G, [s], weight, cutoff)
    return _ordered_lengths(G, [s], d, g, weight)


@networkx_algorithm(weight_arg="weight", dijkstra=True)
def single_source_dijkstra(G, source, target=None, cutoff=None, weight="weight"):
    G = _sp(G)
    s = _node(G, source, "Node {} not found in graph")
    d, g = _dijkstra(G, [s], weight, cutoff)
    paths = _dijkstra_paths(G, s, d, weight)
    dist = _ordered_lengths(G, [s], d, g, weight)
    if target is None:
        return dist, paths
    if target not in dist:
        raise nx.NetworkXNoPath(f"No path to {target}.")
    return dist[target], paths[target]


@networkx_algorithm(weight_arg="weight", dijkstra=True)
def single_source_dijkstra_path(G, source, cutoff=None, weight="weight"):
    G = _sp(G)
    s = _node(G, source, "Node {} not found in graph")
    d, _ = _dijkstra(G, [s], weight, cutoff)
    return _dijkstra_paths(G, s, d, weight)


@networkx_algorithm(weight_arg="weight", dijkstra=True)
def dijkstra_path_length(G, source, target, weight="weight"):
    G = _sp(G)
    s = _node(G, source, "Node {} not found in graph")
    if source == target:
        return 0
    d, g = _dijkstra(G, [s], weight)
    if target not in G or not np.isfinite(d[G.index[target]]):
        raise nx.NetworkXNoPath(f"Node {target} not reachable from {source}")
    return _py(d[G.index[target]], _is_int(g))


@networkx_algorithm(weight_arg="weight", dijkstra=True)
def dijkstra_path(G, source, target, weight="weight"):
    G = _sp(G)
    s = _node(G, source, "Node {} not found in graph")
    d, _ = _dijkstra(G, [s], weight)
    if target not in G or not np.isfinite(d[G.index[target]]):
        raise nx.NetworkXNoPath(f"No path to {target}.")
    return _dijkstra_paths(G, s, d, weight, target=G.index[target])[target]


@networkx_algorithm(weight_arg="weight", dijkstra=True)
def multi_source_dijkstra_path_length(G, sources, cutoff=None, weight="weight"):
    G = _sp(G)
    sources = list(sources)
    if not sources:
        raise ValueError("sources must not be empty")
    idx = [_node(G, s, "Node {} not found in graph") for s in sources]
    d, g = _dijkstra(G, sorted(set(idx)), weight, cutoff)
    return _ordered_lengths(G, idx, d, g, weight)


@networkx_algorithm(weight_arg="weight")
def single_source_bellman_ford_path_length(G, source, weight="weight"):
    G = _sp(G)
    s = _node(G, source, "Source {} not in G")
    d, g = _distances(G, s, weight, method="bellman-ford")
    return _length_dict(G, d, g)


@networkx_algorithm(weight_arg="weight")
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


@networkx_algorithm(weight_arg="weight")
def negative_edge_cycle(G, weight="weight", heuristic=True):
    G = _sp(G)
    if len(G) == 0:
        return False
    g = G.graph(weight)
    if not g.has_negative_weights:
        return False
    n = g.n_vertices
    src = np.concatenate([np.full(n, n), g.rows])
    dst = np.concatenate([np.arange(n), g.indices])
    w = np.concatenate([np.zeros(n), g.weights.astype(np.float64)])
    aug = Graph.from_edges(src, dst, w, n_vertices=n + 1)   # a source reaching everything
    try:
        _sssp(aug, n, strategy="workfront")
    except NegativeCycleError:
        return True
    return False


@networkx_algorithm(weight_arg="weight", dijkstra=True)
def all_pairs_dijkstra_path_length(G, cutoff=None, weight="weight"):
    return all_pairs_lengths(_sp(G), weight, cutoff)
