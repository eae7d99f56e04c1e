"""``networkx.algorithms.shortest_paths.unweighted``."""

from __future__ import annotations

import networkx as nx
import numpy as np

from . import searches
from .convert import (
    SemiringPathsGraph,
    _bfs_tree,
    _endpoints,
    _node,
    _sp,
    all_pairs_lengths,
    bfs_lengths,
    runs,
    tree_paths,
)
from .frontier import succ_pred
from .registry import BFS_REPLAYED, from_dicts, networkx_algorithm
from .replay import bidirectional_bfs, level_predecessors


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
    if cutoff is not None and not cutoff > 0:      # its loop: while cutoff > level
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


@networkx_algorithm(each=True, doc=BFS_REPLAYED)
def all_pairs_shortest_path(G, cutoff=None):
    G = _sp(G)
    for v in G.nodes:
        yield v, single_source_shortest_path._implementation(G, v, cutoff)


@networkx_algorithm(doc=BFS_REPLAYED)
def bidirectional_shortest_path(G, source, target):
    dicts = from_dicts(G)                # let through by should_run: from NetworkX's dicts
    G = _sp(G)
    _endpoints(G, source, target)
    if dicts:                            # (the search should_run's probe started)
        search = dicts if isinstance(dicts, searches.TwoFringes) else searches.TwoFringes(
            *succ_pred(G), source, target)
        search.run()
        if (path := search.path) is None:
            raise nx.NetworkXNoPath(f"No path between {source} and {target}.")
        return path
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


@networkx_algorithm(each=True)
def all_pairs_shortest_path_length(G, cutoff=None):
    return all_pairs_lengths(_sp(G), None, cutoff)


def predecessor_limit(cutoff) -> float:
    """``predecessor``'s ``cutoff`` as a level limit: it stops after the level that
    reaches ``cutoff`` (0, None or False: never)."""
    return max(cutoff, 1) if cutoff else np.inf


def predecessor_lists(G: SemiringPathsGraph, source, cutoff=None):
    """``predecessor``'s lists as arrays: ``(keys, begin, size, tails, level)`` — the
    vertices in its queue order, vertex v's list ``tails[begin[v]:begin[v] + size[v]]``
    (``convert.runs`` makes the dict), and each vertex's level."""
    if source not in G:
        raise nx.NodeNotFound(f"Source {source} not in G")
    s = G.index[source]
    indptr, indices = G.search_adjacency(np.array([s]))   # the rows the search reads
    queue, starts, tails, level, _ = level_predecessors(indptr, indices, s,
                                                        predecessor_limit(cutoff))
    return queue, starts[:-1], np.diff(starts), tails, level


@networkx_algorithm(doc=BFS_REPLAYED)
def predecessor(G, source, target=None, cutoff=None, return_seen=None):
    """Every BFS predecessor (all in-neighbours one level up), in NetworkX's order: keys
    as its queue discovers them, each list in the order of the level before; NetworkX
    stops after the level that reaches ``cutoff`` (0 or None: never)."""
    G = _sp(G)
    queue, begin, size, tails, level = predecessor_lists(G, source, cutoff)
    pred = runs(G, queue, begin, size, tails)
    if target is not None:
        if target not in pred:
            return ([], -1) if return_seen else []
        t = G.index[target]
        return (pred[target], int(level[t])) if return_seen else pred[target]
    if not return_seen:
        return pred
    return pred, dict(zip(G.labels(queue), level[queue].tolist()))
