"""``networkx.algorithms.traversal`` (breadth-first search)."""

from __future__ import annotations

import warnings

import networkx as nx
import numpy as np

from . import compat, frontier
from .convert import (
    _bfs_order,
    _bfs_tree,
    _sp,
)
from .registry import BFS_REPLAYED, networkx_algorithm, then_raise
from .replay import labeled_bfs, layer_at

# NetworkX's BFS functions are generators: nothing runs, nor raises, until the first
# item is asked for; so are these (``drain=True``: registry.drained runs each at the first
# request, and each returns its items as an iterable, a generator only where an error
# must follow some of them).

@networkx_algorithm(drain=True, doc=BFS_REPLAYED)
def bfs_layers(G, sources):
    G = _sp(G)
    if sources in G:
        sources = [sources]
    first = list(set(sources))            # NetworkX starts from list(set(sources))
    for v in first:
        if v not in G:
            raise nx.NetworkXError(f"The node {v} is not in the graph.")
    if not first:                         # NetworkX's loop yields no layer at all
        return
    yield first
    for _, children in _bfs_order(G, [G.index[v] for v in first]):
        yield G.labels(children)


def _not_in(G, v) -> nx.NetworkXError:
    """NetworkX's error for a search from a node not in ``G`` (its ``neighbors``')."""
    return nx.NetworkXError(
        f"The node {v} is not in the {'digraph' if G.is_directed() else 'graph'}.")


@networkx_algorithm(declines=("sort_neighbors=",), drain=True, doc=BFS_REPLAYED)
def bfs_edges(G, source, reverse=False, depth_limit=None, sort_neighbors=None):
    G = _sp(G)
    return _edges(G, source, reverse, depth_limit)


def _edges(G, source, reverse, depth_limit, flip: bool = False):
    """NetworkX's BFS edges (parent, child), or (child, parent) with ``flip``."""
    if source not in G:
        raise _not_in(G, source)
    queue, parents, _ = _bfs_tree(G, [G.index[source]], reverse, depth_limit)
    pair = (G.labels(parents[1:]), G.labels(queue[1:]))
    return zip(*pair[::-1]) if flip else zip(*pair)


def _given_neighbors(a: dict) -> str | None:
    return ("a neighbors function is left to NetworkX" if a.get("neighbors") is not None
            else None)


@networkx_algorithm(can_run=_given_neighbors, declines=("a neighbors function",),
                    drain=True, doc=BFS_REPLAYED)
def generic_bfs_edges(G, source, neighbors=None, depth_limit=None):
    # without a neighbors function, NetworkX's bfs_edges is this with G.neighbors
    return _edges(_sp(G), source, False, depth_limit)


@networkx_algorithm(declines=("sort_neighbors=",), drain=True, doc=BFS_REPLAYED)
def bfs_predecessors(G, source, depth_limit=None, sort_neighbors=None):
    if (warning := compat.bfs_predecessors_warning()) is not None:
        # NetworkX ≥ 3.7, as it starts; 4: past drained's frames, at the consumer
        warnings.warn(warning[1], warning[0], stacklevel=4)
    return _edges(_sp(G), source, False, depth_limit, flip=True)


@networkx_algorithm(drain=True,
                    doc="NetworkX's labelled breadth-first search (tree, level, forward "
                        "and reverse edges) compiled over the converted adjacency.")
def bfs_labeled_edges(G, sources):
    from networkx.algorithms.traversal.breadth_first_search import (
        FORWARD_EDGE,
        LEVEL_EDGE,
        REVERSE_EDGE,
        TREE_EDGE,
    )

    G = _sp(G)
    if sources in G:
        sources = [sources]
    first = list(dict.fromkeys(sources))   # NetworkX's depth dict: each once, in order
    # a source not in G: NetworkX takes the edges of those queued before it, then fails
    # reading its neighbours
    bad = next((i for i, v in enumerate(first) if v not in G), None)
    valid = np.asarray([G.index[v] for v in first if v in G], np.int64)
    indptr, indices = G.search_adjacency(valid)         # the rows the search reads
    tails, heads, kinds = labeled_bfs(indptr, indices, valid,
                                      len(G) if bad is None else bad, G.is_directed())
    names = np.array([TREE_EDGE, LEVEL_EDGE, FORWARD_EDGE, REVERSE_EDGE], object)
    edges = zip(G.labels(tails), G.labels(heads), names[kinds].tolist())
    return edges if bad is None else then_raise(edges, KeyError(first[bad]))


@networkx_algorithm(declines=("sort_neighbors=",), drain=True, doc=BFS_REPLAYED)
def bfs_successors(G, source, depth_limit=None, sort_neighbors=None):
    G = _sp(G)
    if source not in G:
        raise _not_in(G, source)
    queue, parents, _ = _bfs_tree(G, [G.index[source]], False, depth_limit)
    # the children come in runs, one a parent, in queue order (one pass over the whole
    # queue: a road network has thousands of levels); the source is listed even with
    # none, as NetworkX's grouping starts from it
    parents, kids = parents[1:], G.labels(queue[1:])
    if not kids:
        return [(source, [])]
    cuts = [0, *(np.flatnonzero(parents[1:] != parents[:-1]) + 1).tolist(), len(kids)]
    return [(p, kids[a:b]) for p, a, b in zip(G.labels(parents[cuts[:-1]]), cuts[:-1],
                                               cuts[1:])]


@networkx_algorithm(declines=("sort_neighbors=",), doc=BFS_REPLAYED)
def bfs_tree(G, source, reverse=False, depth_limit=None, sort_neighbors=None):
    G = _sp(G)
    if source not in G:
        raise _not_in(G, source)
    queue, parents, _ = _bfs_tree(G, [G.index[source]], reverse, depth_limit)
    return _tree(G.labels(queue), G.labels(parents[1:]))


def _tree(order: list, parents: list) -> nx.DiGraph:
    """The ``DiGraph`` NetworkX's ``bfs_tree`` builds (``add_node(source)``, then
    ``add_edges_from`` of the BFS edges): nodes in ``order`` (the source, then each as
    discovered), the edge ``parents[i] → order[i + 1]`` with one empty attribute dict
    held by both ends — its dicts filled directly, where ``add_edges_from`` checks each
    edge's ends and looks its attribute dict up (most of NetworkX's time, and of ours).
    Every node of ``order`` after the first has its one parent earlier in it."""
    T = nx.DiGraph()
    T._node.update({v: {} for v in order})
    succ, pred = T._succ, T._pred
    succ.update({v: {} for v in order})
    pred.update({v: {} for v in order})
    for u, v in zip(parents, order[1:]):
        succ[u][v] = pred[v][u] = {}
    return T


@networkx_algorithm()
def descendants_at_distance(G, source, distance):
    # Served even on a graph not converted yet, answered then from NetworkX's own dicts
    # (frontier.layer): left to NetworkX, its version would call bfs_layers, served here,
    # which converts — a 10–30 µs query paying for a pass over every edge.
    G = _sp(G)
    if source not in G:
        raise nx.NetworkXError(f"The node {source} is not in the graph.")
    try:                                  # NetworkX's layer count i == distance
        k = int(distance)
    except (TypeError, ValueError, OverflowError):        # None, "a", nan, inf
        return set()
    if k < 0 or k != distance:            # never equal
        return set()
    if not G.has_adjacency():             # a few layers, no pass over the graph
        return frontier.layer(G.nx._adj, source, k)
    ptr, ind = G.adjacency(False)
    scratch, query = G.pair_scratch()
    return set(G.labels(layer_at(ptr, ind, G.index[source], k, scratch.seen[0], query)))

