"""``networkx.algorithms.shortest_paths.astar``, without a heuristic.

With ``heuristic=None`` (h = 0) NetworkX's A* is its Dijkstra: one heap keyed by
(distance, push counter), a vertex pushed only on a strictly shorter distance, each
vertex's parent the one whose pop pushed it at its final distance, stopped when the
target pops.  So its path is ``dijkstra_path``'s, replayed the same way; only the
messages differ.  A ``cutoff`` prunes pushes past it, which leaves that path if the
target lies within it and no path otherwise.
"""

from __future__ import annotations

from itertools import pairwise

import networkx as nx
import numpy as np

from . import searches
from .convert import _sp
from .registry import from_dicts, networkx_algorithm
from .weighted import _dijkstra, _dijkstra_path_to


def _no_heuristic(a: dict) -> str | None:
    return ("heuristics are left to NetworkX (its search order is theirs)"
            if a.get("heuristic") is not None else None)


def _path(G, source, target, weight, cutoff) -> list:
    if source == target:                 # the source pops first: no pushes, no cutoff
        return [source]
    s, t = G.index[source], G.index[target]
    d, _ = _dijkstra(G, [s], weight)
    if not np.isfinite(d[t]) or (cutoff and d[t] > cutoff):
        raise nx.NetworkXNoPath(f"Node {target} not reachable from {source}")
    return _dijkstra_path_to(G, [s], d, weight, t)


@networkx_algorithm(weight_arg="weight", dijkstra=True, can_run=_no_heuristic,
                    declines=("heuristics",))
def astar_path(G, source, target, heuristic=None, weight="weight", *, cutoff=None):
    dicts = from_dicts(G)                # let through by should_run: from NetworkX's dicts
    G = _sp(G)
    if source not in G:
        raise nx.NodeNotFound(f"Source {source} is not in G")
    if target not in G:
        raise nx.NodeNotFound(f"Target {target} is not in G")
    if dicts:
        return _dicts_path(G, source, target, weight, cutoff)
    return _path(G, source, target, weight, cutoff)


def _dicts_path(G, source, target, weight, cutoff) -> list:
    """NetworkX's A* over its own dicts (``searches.astar``), its error where none is found."""
    path = searches.astar(G.nx._adj, source, target, weight, cutoff)
    if path is None:
        raise nx.NetworkXNoPath(f"Node {target} not reachable from {source}")
    return path


@networkx_algorithm(weight_arg="weight", dijkstra=True, can_run=_no_heuristic,
                    declines=("heuristics",))
def astar_path_length(G, source, target, heuristic=None, weight="weight", *,
                      cutoff=None):
    dicts = from_dicts(G)                # let through by should_run: from NetworkX's dicts
    G = _sp(G)
    if source not in G or target not in G:
        raise nx.NodeNotFound(f"Either source {source} or target {target} is not in G")
    if dicts:
        adj = G.nx._adj
        return sum(adj[u][v].get(weight, 1)
                   for u, v in pairwise(_dicts_path(G, source, target, weight, cutoff)))
    path = _path(G, source, target, weight, cutoff)
    # NetworkX sums the path's edges itself: its types and float rounding
    return sum(G.edge_weight(u, v, weight) for u, v in pairwise(path))
