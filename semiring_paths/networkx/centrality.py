"""``networkx.algorithms.centrality`` (closeness): the engine's ``sp.closeness``."""

from __future__ import annotations

from ..all_pairs import closeness as _closeness
from .convert import _sp
from .registry import networkx_algorithm


@networkx_algorithm(weight_arg="distance", dijkstra=True)
def closeness_centrality(G, u=None, distance=None, wf_improved=True):
    G = _sp(G)
    nodes = G.nodes if u is None else [u]
    c = _closeness(G.graph(distance), [G.index[v] for v in nodes], wf_improved=wf_improved,
                   weight=True, progress=False)
    out = dict(zip(nodes, map(float, c.tolist())))
    return out[u] if u is not None else out
