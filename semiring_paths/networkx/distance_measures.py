"""``networkx.algorithms.distance_measures``: eccentricity, diameter, radius — the engine's
all-pairs reduction (``sp.eccentricity``), with NetworkX's types and errors."""

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
