"""``networkx.algorithms.shortest_paths.unweighted``."""

from __future__ import annotations

import networkx as nx
import numpy as np

from .convert import (
    _bfs_order,
    _distances,
    _node,
    _ordered_lengths,
    _sp,
    all_pairs_lengths,
)
from .registry import networkx_algorithm


@networkx_algorithm()
def single_source_shortest_path_length(G, source, cutoff=None):
    G = _sp(G)
    s = _node(G, source, "Source {} is not in G")
    d, g = _distances(G, s, None)
    return _ordered_lengths(G, [s], d, g, cutoff=cutoff)


@networkx_algorithm()
def single_target_shortest_path_length(G, target, cutoff=None):
    G = _sp(G)
    t = _node(G, target, "Target {} is not in G")
    d, g = _distances(G, t, None, reverse=True)
    return _ordered_lengths(G, [t], d, g, reverse=True, cutoff=cutoff)


def _bfs_paths(G, v: int, label, cutoff, reverse: bool) -> dict:
    """NetworkX's BFS paths from (or, ``reverse``, to) ``v``, in its queue's order."""
    paths = {label: [label]}
    nodes = G.nodes
    if cutoff is not None and cutoff < 1:
        return paths
    for parents, children in _bfs_order(G, [v], reverse=reverse, depth_limit=cutoff):
        for p, c in zip(parents.tolist(), children.tolist()):
            up = paths[nodes[p]]
            paths[nodes[c]] = [nodes[c], *up] if reverse else [*up, nodes[c]]
    return paths


@networkx_algorithm()
def single_source_shortest_path(G, source, cutoff=None):
    G = _sp(G)
    return _bfs_paths(G, _node(G, source, "Source {} not in G"), source, cutoff, False)


@networkx_algorithm()
def single_target_shortest_path(G, target, cutoff=None):
    G = _sp(G)
    return _bfs_paths(G, _node(G, target, "Target {} not in G"), target, cutoff, True)


@networkx_algorithm()
def all_pairs_shortest_path(G, cutoff=None):
    G = _sp(G)
    for v in G.nodes:
        yield v, single_source_shortest_path._implementation(G, v, cutoff)


@networkx_algorithm()
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


@networkx_algorithm()
def all_pairs_shortest_path_length(G, cutoff=None):
    return all_pairs_lengths(_sp(G), None, cutoff)
