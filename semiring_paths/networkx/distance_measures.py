"""``networkx.algorithms.distance_measures``: eccentricity, diameter, radius, center and
periphery — the engine's all-pairs reduction (``sp.eccentricity``) — and barycenter and
harmonic_diameter, summed over the served all-pairs lengths in NetworkX's own order (its
float sums are sequential), with NetworkX's types, orders and errors."""

from __future__ import annotations

import math

import networkx as nx
import numpy as np

from ..all_pairs import eccentricity as _eccentricity
from ..exceptions import InvalidGraphError
from . import compat
from .convert import (
    SemiringPathsGraph,
    _distance_rows,
    _is_int,
    _ordered_lengths,
    _py,
    _sp,
    all_pairs_lengths,
)
from .registry import networkx_algorithm, no_precomputed_paths
from .replay import settle_order


def _eccentricities(G: SemiringPathsGraph, nodes, weight) -> dict:
    compat.check_null_eccentricity(G)
    g = G.graph(weight)
    try:
        e = _eccentricity(g, [G.index[v] for v in nodes], weight=True, progress=False)
    except InvalidGraphError:
        kind = "digraph is not strongly" if G.is_directed() else "graph is not"
        raise nx.NetworkXError(
            f"Found infinite path length because the {kind} connected") from None
    integer = weight is None or _is_int(g)
    if not integer and G.mixed_weights(weight):
        # ints and floats: NetworkX's max over its dict keeps the first longest length
        # it meets, an int where that path weighs ints only
        rows = _distance_rows(G, [G.index[v] for v in nodes], weight)
        longest = {G.nodes[i]: max(_ordered_lengths(G, [i], d, r, weight).values())
                   for i, d, r in rows}
        return {v: longest[v] for v in nodes}
    # (0: the source's own int 0, first in NetworkX's dict, which no 0.0 replaces)
    return {v: _py(x, integer or x == 0) for v, x in zip(nodes, e.tolist())}


@networkx_algorithm(weight_arg="weight", dijkstra=True, can_run=no_precomputed_paths,
                    declines=("precomputed shortest paths (sp=)",))
def eccentricity(G, v=None, sp=None, weight=None):
    G = _sp(G)
    e = _eccentricities(G, list(G.nx.nbunch_iter(v)), weight)
    return e[v] if v in G else e


def _extreme_eccentricity(G, e, weight, pick):
    if e is None:
        G = _sp(G)
        e = _eccentricities(G, G.nodes, weight)
    return pick(e.values())


@networkx_algorithm(weight_arg="weight", dijkstra=True)
def diameter(G, e=None, usebounds=False, weight=None):
    return _extreme_eccentricity(G, e, weight, max)


@networkx_algorithm(weight_arg="weight", dijkstra=True)
def radius(G, e=None, usebounds=False, weight=None):
    return _extreme_eccentricity(G, e, weight, min)


def _eccentricities_needed(a: dict) -> str | None:
    """``can_run`` of center and periphery: served where they compute eccentricities."""
    if a.get("e") is not None:
        return "eccentricities given (e=): nothing to compute"
    G = a.get("G")
    if a.get("usebounds") is True and G is not None and not getattr(G, "nx", G).is_directed():
        return "usebounds=True on undirected graphs (the bounding search's own order)"
    return None


def _extreme_vertices(G, weight, pick) -> list:
    """The vertices whose eccentricity is ``pick`` of all, in node order."""
    e = _eccentricities(G, G.nodes, weight)
    x = pick(e.values())
    return [v for v in e if e[v] == x]


@networkx_algorithm(weight_arg="weight", dijkstra=True, can_run=_eccentricities_needed,
                    declines=("eccentricities given (e=)",
                              "usebounds=True on undirected graphs"))
def center(G, e=None, usebounds=False, weight=None):
    G = _sp(G)
    if weight is None and not G.is_directed() and nx.is_tree(G.nx):
        return nx.tree.center(G.nx)       # NetworkX's own leaf peeling, and its order
    return _extreme_vertices(G, weight, min)


@networkx_algorithm(weight_arg="weight", dijkstra=True, can_run=_eccentricities_needed,
                    declines=("eccentricities given (e=)",
                              "usebounds=True on undirected graphs"))
def periphery(G, e=None, usebounds=False, weight=None):
    return _extreme_vertices(_sp(G), weight, max)


def _own_sums(a: dict) -> str | None:
    if a.get("sp") is not None:
        return "precomputed shortest paths (sp=) are left to NetworkX"
    if a.get("attr") is not None:
        return "attr= (it writes each node's barycentricity into the graph)"
    return None


@networkx_algorithm(weight_arg="weight", dijkstra=True, can_run=_own_sums,
                    declines=("precomputed shortest paths (sp=)", "attr="),
                    name=compat.barycenter_name())
def barycenter(G, weight=None, attr=None, sp=None):
    G = _sp(G)
    if weight is None and not G.is_directed() and nx.is_tree(G.nx):
        return nx.tree.centroid(G.nx)     # NetworkX's own, and its order
    n = len(G)
    if weight is None or G.integer_weights(weight):
        # exact integer sums: no dict of lengths needed (any order sums the same)
        rows = ((G.nodes[i], d) for i, d, _ in _distance_rows(G, list(range(n)), weight))
        sums = ((v, None if np.isinf(d).any() else int(d.sum())) for v, d in rows)
    else:               # floats: Python's sum over NetworkX's dict, as its own code
        sums = ((v, None if len(dists) < n else sum(dists.values()))
                for v, dists in all_pairs_lengths(G, weight, None))
    smallest, best = float("inf"), []
    for v, b in sums:
        if b is None:
            raise nx.NetworkXNoPath(
                f"Input graph {G.nx} is disconnected, so every induced subgraph "
                "has infinite barycentricity.")
        if b < smallest:
            smallest, best = b, [v]
        elif b == smallest:
            best.append(v)
    return best


@networkx_algorithm(weight_arg="weight", dijkstra=True, can_run=no_precomputed_paths,
                    declines=("precomputed shortest paths (sp=)",))
def harmonic_diameter(G, sp=None, *, weight=None):
    G = _sp(G)
    order, total = len(G), 0
    indptr, indices = G.adjacency(False)
    wts = G.adjacency_weights(weight)
    for i, d, _ in _distance_rows(G, list(range(order)), weight):
        # NetworkX adds 1 / d one at a time over each source's Dijkstra dict: the same
        # sequence (its settle order, replayed), added in order (a cumulative sum)
        d = np.asarray(d, np.float64)
        seen = settle_order(indptr, indices, wts, d, np.array([i]))[0]
        x = d[seen]
        x = x[x != 0]                     # zero distances (the source) add nothing
        if x.size:
            total = float(np.cumsum(np.concatenate(([total], 1 / x)))[-1])
    if total != 0:
        return order * (order - 1) / total
    return math.inf if order > 1 else math.nan
