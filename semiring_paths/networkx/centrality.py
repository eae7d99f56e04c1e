"""``networkx.algorithms.centrality``: closeness (``sp.closeness``), harmonic
(``sp.harmonic``) and betweenness (``sp.betweenness``, Brandes in algebra)."""

from __future__ import annotations

from ..all_pairs import closeness as _closeness
from ..all_pairs import harmonic as _harmonic
from ..betweenness import betweenness as _betweenness
from .convert import _sp
from .registry import adjacency_weights, networkx_algorithm, no_precomputed_paths


@networkx_algorithm(weight_arg="distance", dijkstra=True, can_run=no_precomputed_paths,
                    declines=("precomputed shortest paths (sp=, NetworkX ≥ 3.7)",))
def closeness_centrality(G, u=None, distance=None, wf_improved=True, *, sp=None):
    G = _sp(G)
    nodes = G.nodes if u is None else [u]
    c = _closeness(G.graph(distance), [G.index[v] for v in nodes], wf_improved=wf_improved,
                   weight=True, progress=False)
    out = dict(zip(nodes, map(float, c.tolist())))
    return out[u] if u is not None else out


def _whole_graph(a: dict) -> str | None:
    if a.get("nbunch") is not None or a.get("sources") is not None:
        return "nbunch= and sources= subsets are left to NetworkX"
    return None


@networkx_algorithm(weight_arg="distance", dijkstra=True, can_run=_whole_graph,
                    declines=("nbunch= and sources= subsets",))
def harmonic_centrality(G, nbunch=None, distance=None, sources=None):
    G = _sp(G)
    h = _harmonic(G.graph(distance), weight=True, progress=False)
    value = dict(zip(G.nodes, h.tolist()))
    # NetworkX's keys: its set of the nodes; a vertex nothing reaches keeps its int 0
    return {u: (value[u] if value[u] else 0) for u in set(G.nx.nodes)}


def _positive(a: dict) -> str | None:
    weight, G = a.get("weight"), a.get("G")
    if weight is None or G is None:
        return None
    w = adjacency_weights(getattr(G, "nx", G), weight)
    if w is not None and w.size and not (w > 0).all():
        return "zero weights (shortest-path counts that depend on NetworkX's tie order)"
    return None


@networkx_algorithm(weight_arg="weight", dijkstra=True, can_run=_positive,
                    declines=("zero weights (path counts depend on its tie order)",))
def betweenness_centrality(G, k=None, normalized=True, weight=None, endpoints=False,
                           seed=None):
    G = _sp(G)
    sources = None
    if k is not None and k != len(G):
        # the sample NetworkX draws: ``seed`` arrives as its random.Random (py_random_state)
        sources = [G.index[v] for v in seed.sample(list(G.nx.nodes()), k)]
    b = _betweenness(G.graph(weight), sources, normalized=normalized,
                     endpoints=endpoints, weight=weight is not None, progress=False)
    return dict(zip(G.nodes, map(float, b.tolist())))
