"""``networkx.algorithms.traversal`` (breadth-first search)."""

from __future__ import annotations

import networkx as nx
import numpy as np

from . import frontier
from .convert import (
    _bfs_order,
    _sp,
)
from .registry import BFS_REPLAYED, networkx_algorithm
from .replay import layer_at


@networkx_algorithm(doc=BFS_REPLAYED)
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
            yield G.labels(children)

    return layers()


@networkx_algorithm(declines=("sort_neighbors=",), doc=BFS_REPLAYED)
def bfs_edges(G, source, reverse=False, depth_limit=None, sort_neighbors=None):
    G = _sp(G)
    if source not in G:
        raise nx.NetworkXError(f"The node {source} is not in the graph.")
    s = G.index[source]

    def edges():
        for parents, children in _bfs_order(G, [s], reverse=reverse,
                                            depth_limit=depth_limit):
            yield from zip(G.labels(parents), G.labels(children))

    return edges()


@networkx_algorithm(declines=("sort_neighbors=",), doc=BFS_REPLAYED)
def bfs_predecessors(G, source, depth_limit=None, sort_neighbors=None):
    return ((c, p) for p, c in bfs_edges._implementation(G, source,
                                                         depth_limit=depth_limit))


@networkx_algorithm(declines=("sort_neighbors=",), doc=BFS_REPLAYED)
def bfs_successors(G, source, depth_limit=None, sort_neighbors=None):
    G = _sp(G)
    if source not in G:
        raise nx.NetworkXError(f"The node {source} is not in the graph.")
    # each level's children come in runs, one a parent (its queue order); the source
    # is listed even with none, as NetworkX's grouping starts from it
    empty = True
    for parents, children in _bfs_order(G, [G.index[source]], depth_limit=depth_limit):
        cuts = [0, *(np.flatnonzero(parents[1:] != parents[:-1]) + 1).tolist(),
                parents.size]
        heads, kids = G.labels(parents[cuts[:-1]]), G.labels(children)
        for p, a, b in zip(heads, cuts[:-1], cuts[1:]):
            yield p, kids[a:b]
            empty = False
    if empty:
        yield source, []


@networkx_algorithm(declines=("sort_neighbors=",), doc=BFS_REPLAYED)
def bfs_tree(G, source, reverse=False, depth_limit=None, sort_neighbors=None):
    T = nx.DiGraph()
    T.add_node(source)
    T.add_edges_from(bfs_edges._implementation(G, source, reverse=reverse,
                                               depth_limit=depth_limit))
    return T


@networkx_algorithm()
def descendants_at_distance(G, source, distance):
    # Served even on a graph not converted yet, answered then from NetworkX's own dicts
    # (frontier.layer): left to NetworkX, its version would call bfs_layers, served here,
    # which converts — a 10–30 µs query paying for a pass over every edge.
    G = _sp(G)
    if source not in G:
        raise nx.NetworkXError(f"The node {source} is not in the graph.")
    if distance < 0 or distance != int(distance):
        return set()                      # NetworkX's layer count never equals it
    if not G.has_adjacency():             # a few layers, no pass over the graph
        return frontier.layer(G.nx._adj, source, int(distance))
    ptr, ind = G.adjacency(False)
    scratch, query = G.pair_scratch()
    return set(G.labels(layer_at(ptr, ind, G.index[source], int(distance),
                                 scratch.seen[0], query)))

