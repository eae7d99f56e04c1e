"""``networkx.algorithms.shortest_paths.dense``."""

from __future__ import annotations

import networkx as nx
import numpy as np

from ..queries import closure
from .convert import _sp
from .registry import networkx_algorithm


@networkx_algorithm(weight_arg="weight", dijkstra=True)
def floyd_warshall_numpy(G, nodelist=None, weight="weight"):
    """All pairs as the closure ``A*`` over (min, +) (``sp.closure``: blocked
    Floyd–Warshall), rows and columns in ``nodelist`` order.  Negative weights are left
    to NetworkX, which reports a negative cycle as a negative diagonal where we raise."""
    G = _sp(G)
    if nodelist is not None:
        if not (len(nodelist) == len(G) == len(set(nodelist))):
            raise nx.NetworkXError(
                "nodelist must contain every node in G with no repeats."
                "If you wanted a subgraph of G use G.subgraph(nodelist)")
        missing = [v for v in nodelist if v not in G]
        if missing:
            raise nx.NetworkXError(f"Nodes {missing} in nodelist is not in G")
    D = closure(G.graph(weight), method="floyd-warshall")
    if nodelist is None:
        return D
    order = np.array([G.index[v] for v in nodelist], np.int64)
    return D[np.ix_(order, order)]
