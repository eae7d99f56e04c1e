"""``networkx.algorithms.distance_measures``: eccentricity, diameter, radius, center and
periphery — the engine's all-pairs reduction (``sp.eccentricity``), with NetworkX's types,
orders and errors."""

from __future__ import annotations

import networkx as nx

from ..all_pairs import eccentricity as _eccentricity
from ..exceptions import InvalidGraphError
from .convert import SemiringPathsGraph, _is_int, _py, _sp
from .registry import networkx_algorithm, no_precomputed_paths


def _eccentricities(G: SemiringPathsGraph, nodes, weight) -> dict:
    g = G.graph(weight)
    try:
        e = _eccentricity(g, [G.index[v] for v in nodes], weight=True, progress=False)
    except InvalidGraphError:
        kind = "digraph is not strongly" if G.is_directed() else "graph is not"
        raise nx.NetworkXError(
            f"Found infinite path length because the {kind} connected") from None
    integer = weight is None or _is_int(g)
    return {v: _py(x, integer) for v, x in zip(nodes, e.tolist())}


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
