"""``networkx.algorithms.centrality``: closeness (``sp.closeness``), harmonic (NetworkX's
sums over the engine's distance rows) and betweenness (NetworkX's Brandes replayed
over the engine's searches)."""

from __future__ import annotations

import networkx as nx
import numpy as np

from ..all_pairs import closeness as _closeness
from .convert import _distance_rows, _sp, dijkstra_terms
from .registry import adjacency_weights, networkx_algorithm, no_precomputed_paths
from .replay import (
    brandes_bfs_replay,
    brandes_source,
    harmonic_row,
    predecessor_replay,
)


@networkx_algorithm(weight_arg="distance", dijkstra=True, can_run=no_precomputed_paths,
                    declines=("precomputed shortest paths (sp=, NetworkX ≥ 3.7)",))
def closeness_centrality(G, u=None, distance=None, wf_improved=True, *, sp=None):
    G = _sp(G)
    if u is not None and u not in G:              # the message of NetworkX's search from u
        raise nx.NodeNotFound(f"Source {u} is not in G" if distance is None
                              else f"Node {u} not found in graph")
    nodes = G.nodes if u is None else [u]
    idx = [G.index[v] for v in nodes]
    if distance is None or G.integer_weights(distance):     # int sums: any order
        c = _closeness(G.graph(distance), idx, wf_improved=wf_improved, weight=True,
                       progress=False).tolist()
    else:                  # float sums: NetworkX's, term by term (dijkstra_terms)
        c, n = [], len(G)
        for i, d, g in _distance_rows(G, idx, distance, reverse=True):
            terms = dijkstra_terms(G, i, d, g, distance, reverse=True)
            total, r = sum(terms), len(terms)
            x = 0.0
            if total > 0.0 and n > 1:               # NetworkX's order of operations
                x = (r - 1.0) / total
                if wf_improved:
                    x *= (r - 1.0) / (n - 1)
            c.append(x)
    out = dict(zip(nodes, map(float, c)))
    return out[u] if u is not None else out


@networkx_algorithm(weight_arg="distance", dijkstra=True)
def harmonic_centrality(G, nbunch=None, distance=None, sources=None):
    return _harmonic_sums(_sp(G), nbunch, distance, sources)


def _harmonic_sums(G, nbunch, distance, sources) -> dict:
    """``Σ_{y ∈ sources} 1 / d(y, x)`` for each ``x`` in ``nbunch`` (every node where
    None; zero distances left out), as NetworkX sums it: a search from each vertex of
    the smaller set — ``sources`` forward, each row's terms added to the ``nbunch`` in
    turn (``replay.harmonic_row``); else ``nbunch`` over the reversed graph, each row's
    terms in its dict's order (nondecreasing distance).  Floats to the bit, where the
    engine's level-count sums (``sp.harmonic``, ~4× faster) differ in the last place."""
    nodes = G.nx
    bunch = set(nodes.nbunch_iter(nbunch) if nbunch is not None else nodes.nodes)
    origins = set(nodes.nbunch_iter(sources) if sources is not None else nodes.nodes)
    out: dict = {u: 0 for u in bunch}
    if not bunch or not origins:
        return out
    targets = [G.index[u] for u in bunch]
    froms = [G.index[v] for v in origins]
    if len(bunch) >= len(origins):                   # NetworkX's loop over the sources
        cols = np.asarray(targets, dtype=np.int64)
        total = np.zeros(cols.size)
        hit = np.zeros(cols.size, dtype=bool)
        for _, row, _ in _distance_rows(G, froms, distance, hops=True):
            harmonic_row(row, cols, total, hit)
        for u, t, h in zip(bunch, total.tolist(), hit.tolist()):
            if h:
                out[u] = t
        return out
    mask = np.zeros(len(G), dtype=bool)               # transposed: over G reversed
    mask[froms] = True
    for x, d, _ in _distance_rows(G, targets, distance, reverse=True):
        row = d[mask & np.isfinite(d) & (d != 0)]
        if row.size:
            out[G.nodes[x]] = float(np.cumsum(1.0 / np.sort(row))[-1])
    return out


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
    """NetworkX's Brandes run compiled, term by term in its order, so its floats to the
    bit: from each source in its order (every node, or the ``k`` that ``seed`` —
    its ``random.Random``, from ``py_random_state`` — samples), its stack and
    predecessor lists (the BFS of ``replay.level_predecessors``, or Dijkstra's settle
    order and tight in-edges of ``replay.predecessor_replay`` over the engine's
    distances), ``replay.brandes_source``'s accumulation, then NetworkX's own
    ``_rescale``."""
    # imported here: NetworkX loads this backend's info while it is itself importing
    from networkx.algorithms.centrality.betweenness import _rescale

    G = _sp(G)
    if k == len(G):                                   # as NetworkX: every node, in order
        k = None
    nodes = G.nodes if k is None else seed.sample(list(G.nx.nodes()), k)
    src = np.fromiter((G.index[v] for v in nodes), np.int64, len(nodes))
    indptr, indices = G.adjacency(False)
    if weight is None:
        bc = brandes_bfs_replay(indptr, indices, src, endpoints)
    else:
        n = len(G)
        bc, delta, sigma = np.zeros(n), np.zeros(n), np.zeros(n)
        wts = G.adjacency_weights(weight)
        for s, d, _ in _distance_rows(G, src.tolist(), weight):    # in blocks
            order, _, _, starts, tails = predecessor_replay(
                indptr, indices, wts, np.asarray(d, np.float64),
                np.asarray([s], np.int64))
            brandes_source(order, starts, tails, s, bc, delta, sigma, endpoints)
    return _rescale(dict(zip(G.nodes, bc.tolist())), len(G), normalized=normalized,
                    directed=G.is_directed(), endpoints=endpoints,
                    sampled_nodes=None if k is None else nodes)
