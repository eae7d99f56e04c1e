"""``networkx.algorithms.shortest_paths.unweighted``."""

from __future__ import annotations

import networkx as nx
import numpy as np

from .convert import (
    _bfs_tree,
    _endpoints,
    _node,
    _sp,
    all_pairs_lengths,
    bfs_lengths,
    out_edges,
    tree_paths,
)
from .registry import BFS_REPLAYED, networkx_algorithm
from .replay import bidirectional_bfs


@networkx_algorithm(doc=BFS_REPLAYED)
def single_source_shortest_path_length(G, source, cutoff=None):
    G = _sp(G)
    return bfs_lengths(G, [_node(G, source, "Source {} is not in G")], cutoff=cutoff)


@networkx_algorithm(doc=BFS_REPLAYED)
def single_target_shortest_path_length(G, target, cutoff=None):
    G = _sp(G)
    return bfs_lengths(G, [_node(G, target, "Target {} is not in G")], reverse=True,
                       cutoff=cutoff)


def _bfs_paths(G, v: int, label, cutoff, reverse: bool) -> dict:
    """NetworkX's BFS paths from (or, ``reverse``, to) ``v``, in its queue's order."""
    if cutoff is not None and cutoff < 1:
        return {label: [label]}
    queue, parents, _ = _bfs_tree(G, [v], reverse, cutoff)
    return tree_paths(G, queue, parents, reverse)


@networkx_algorithm(doc=BFS_REPLAYED)
def single_source_shortest_path(G, source, cutoff=None):
    G = _sp(G)
    return _bfs_paths(G, _node(G, source, "Source {} not in G"), source, cutoff, False)


@networkx_algorithm(doc=BFS_REPLAYED)
def single_target_shortest_path(G, target, cutoff=None):
    G = _sp(G)
    return _bfs_paths(G, _node(G, target, "Target {} not in G"), target, cutoff, True)


@networkx_algorithm(doc=BFS_REPLAYED)
def all_pairs_shortest_path(G, cutoff=None):
    G = _sp(G)
    for v in G.nodes:
        yield v, single_source_shortest_path._implementation(G, v, cutoff)


@networkx_algorithm(doc=BFS_REPLAYED)
def bidirectional_shortest_path(G, source, target):
    G = _sp(G)
    _endpoints(G, source, target)
    s, t = G.index[source], G.index[target]
    if s == t:
        return [source]
    # NetworkX's own level-by-level search from both ends, compiled: its meeting vertex
    fwd_ptr, fwd_idx = G.adjacency(False)
    rev_ptr, rev_idx = G.adjacency(True)
    scratch, query = G.pair_scratch()
    path = bidirectional_bfs(fwd_ptr, fwd_idx, rev_ptr, rev_idx, s, t, scratch.pred,
                             scratch.seen, query)
    if not path.size:
        raise nx.NetworkXNoPath(f"No path between {source} and {target}.")
    return G.labels(path)


@networkx_algorithm()
def all_pairs_shortest_path_length(G, cutoff=None):
    return all_pairs_lengths(_sp(G), None, cutoff)


@networkx_algorithm()
def predecessor(G, source, target=None, cutoff=None, return_seen=None):
    """Every BFS predecessor (all in-neighbours one level up), in NetworkX's order: keys
    as its queue discovers them, each list in the order of the level before."""
    G = _sp(G)
    if source not in G:
        raise nx.NodeNotFound(f"Source {source} not in G")
    s = G.index[source]
    indptr, indices = G.adjacency(False)
    level = np.full(len(G.nodes), -1, np.int64)
    level[s] = 0
    pred, seen = {source: []}, {source: 0}
    frontier, depth = np.array([s], np.int64), 0
    while frontier.size:
        depth += 1
        owner, pos = out_edges(indptr, frontier)                # in this level's order
        nbr = indices[pos]
        fresh = level[nbr] < 0
        children, first = np.unique(nbr[fresh], return_index=True)
        children = children[np.argsort(first)]                  # in discovery order
        level[children] = depth
        into = level[nbr] == depth                              # every edge into the level
        rank = np.empty(len(G.nodes), np.int64)
        rank[children] = np.arange(children.size)
        by_child = np.argsort(rank[nbr[into]], kind="stable")   # owners keep their order
        owners = owner[into][by_child]
        cuts = np.searchsorted(rank[nbr[into]][by_child], np.arange(children.size + 1))
        labels = G.labels(children)
        owner_labels = G.labels(owners)
        for i, c in enumerate(labels):
            pred[c] = owner_labels[cuts[i]:cuts[i + 1]]
            seen[c] = depth
        frontier = children
        if cutoff and cutoff <= depth:
            break
    if target is not None:
        if target not in pred:
            return ([], -1) if return_seen else []
        return (pred[target], seen[target]) if return_seen else pred[target]
    return (pred, seen) if return_seen else pred
