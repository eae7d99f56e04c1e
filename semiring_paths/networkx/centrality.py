"""``networkx.algorithms.centrality``: closeness (``sp.closeness``), harmonic (NetworkX's
sums over the engine's distance rows) and betweenness — of vertices and of edges, from
every source or a subset — (NetworkX's Brandes replayed over the engine's searches)."""

from __future__ import annotations

import networkx as nx
import numpy as np

from ..all_pairs import closeness as _closeness
from .convert import SemiringPathsGraph, _distance_rows, _sp, dijkstra_terms
from .registry import (
    adjacency_weights,
    dispatched,
    networkx_algorithm,
    no_precomputed_paths,
)
from .replay import (
    brandes_bfs_replay,
    brandes_source,
    edge_load_replay,
    harmonic_row,
    load_bfs_replay,
    load_source,
    predecessor_replay,
)
from .unweighted import predecessor_limit


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


_ZERO_WEIGHTS = "zero weights (path counts depend on its tie order)"
_PAIR_LABELS = "nodes labelled by a pair of nodes (its edge and node keys share a dict)"


def _positive(a: dict) -> str | None:
    weight, G = a.get("weight"), a.get("G")
    if weight is None or G is None:
        return None
    w = adjacency_weights(getattr(G, "nx", G), weight)
    if w is not None and w.size and not (w > 0).all():
        return _ZERO_WEIGHTS
    return None


def _edge_keyed_nodes(a: dict) -> str | None:
    """``can_run`` of the edge betweenness functions: NetworkX keeps nodes and edges in
    one dict, so a node labelled ``(u, v)`` where u and v are nodes shares its key with
    the edge and is deleted with the nodes."""
    if (why := _positive(a)) is not None:
        return why
    G = getattr(a.get("G"), "nx", a.get("G"))
    if G is not None and tuple in set(map(type, G._node)) and any(   # (a C-level pass)
            type(v) is tuple and len(v) == 2 and v[0] in G and v[1] in G for v in G):
        return _PAIR_LABELS
    return None


def _brandes(G: SemiringPathsGraph, sources: list, weight, bc: np.ndarray,
             targets=None, *, endpoints: bool = False, ebc: np.ndarray | None = None,
             split: bool = False) -> None:
    """NetworkX's Brandes sums from ``sources`` (labels, in its order) added into
    ``bc`` — and each edge's into ``ebc`` (its ``G.edges()`` order: ``edge_slots``) —
    term by term in its order, so its floats to the bit: each source's stack and
    predecessor lists (the BFS of ``replay.level_predecessors``, or Dijkstra's settle
    order and tight in-edges of ``replay.predecessor_replay`` over the engine's
    distances), then ``replay.brandes_source``'s accumulation (``targets``: the
    subset's, where a target adds its 1; ``split``: the edge subset's terms).  A
    source not in G: NetworkX's own code, which raises where it meets it."""
    if targets is not None and iter(targets) is targets:
        # NetworkX takes set(targets) afresh a source: an iterator is spent by the first
        first = list(targets)
        _brandes(G, sources[:1], weight, bc, first, ebc=ebc, split=split)
        _brandes(G, sources[1:], weight, bc, (), ebc=ebc, split=split)
        return
    n = len(G)
    one = np.ones(n)
    if targets is not None:
        one[:] = 0.0
        one[[G.index[t] for t in set(targets) if t in G]] = 1.0
    src = np.fromiter((G.index[v] for v in sources), np.int64, len(sources))
    indptr, indices = G.adjacency(False)
    slot = G.edge_slots()[0] if ebc is not None else np.zeros(0, np.int64)
    ebc = np.zeros(0) if ebc is None else ebc
    if weight is None:
        brandes_bfs_replay(indptr, indices, src, endpoints, one, bc, slot, ebc, split)
        return
    delta, sigma = np.zeros(n), np.zeros(n)
    wts = G.adjacency_weights(weight)
    for s, d, _ in _distance_rows(G, src.tolist(), weight):    # in blocks
        order, _, _, starts, tails, edges = predecessor_replay(
            indptr, indices, wts, np.asarray(d, np.float64), np.asarray([s], np.int64))
        brandes_source(order, starts, tails, edges, s, one, bc, delta, sigma, endpoints,
                       slot, ebc, split)


def _sources(G: SemiringPathsGraph, sources) -> list | None:
    """The sources as NetworkX loops over them, or None where one is not in G (its own
    code then raises as it does)."""
    sources = list(sources)
    return sources if all(v in G for v in sources) else None


def _edge_dict(G: SemiringPathsGraph, ebc: np.ndarray) -> dict:
    """Edge sums keyed as ``dict.fromkeys(G.edges())``: the key tuples made once a
    converted graph and kept (wiki-Vote, 103 689 edges: 17.5 ms for the dict with its
    tuples made, 9.6 from them kept)."""
    if "edge_keys" not in G._graphs:
        _, first = G.edge_slots()
        _, indices = G.adjacency(False)
        G._graphs["edge_keys"] = list(zip(G.labels(G.adjacency_tails()[first]),
                                          G.labels(indices[first])))
    return dict(zip(G._graphs["edge_keys"], ebc.tolist()))


@networkx_algorithm(weight_arg="weight", dijkstra=True, can_run=_positive,
                    declines=(_ZERO_WEIGHTS,))
def betweenness_centrality(G, k=None, normalized=True, weight=None, endpoints=False,
                           seed=None):
    """NetworkX's Brandes run compiled (``_brandes``) from each source in its order
    (every node, or the ``k`` that ``seed`` — its ``random.Random``, from
    ``py_random_state`` — samples), then NetworkX's own ``_rescale``."""
    # imported here: NetworkX loads this backend's info while it is itself importing
    from networkx.algorithms.centrality.betweenness import _rescale

    G = _sp(G)
    if k == len(G):                                   # as NetworkX: every node, in order
        k = None
    nodes = G.nodes if k is None else seed.sample(list(G.nx.nodes()), k)
    bc = np.zeros(len(G))
    _brandes(G, nodes, weight, bc, endpoints=endpoints)
    return _rescale(dict(zip(G.nodes, bc.tolist())), len(G), normalized=normalized,
                    directed=G.is_directed(), endpoints=endpoints,
                    sampled_nodes=None if k is None else nodes)


@networkx_algorithm(weight_arg="weight", dijkstra=True, can_run=_edge_keyed_nodes,
                    declines=(_ZERO_WEIGHTS, _PAIR_LABELS))
def edge_betweenness_centrality(G, k=None, normalized=True, weight=None, seed=None):
    """NetworkX's edge Brandes (``_accumulate_edges``) run compiled (``_brandes``),
    each edge's sum in ``G.edges()`` order, then NetworkX's ``_rescale`` (and, on a
    multigraph, its ``_add_edge_keys``)."""
    from networkx.algorithms.centrality.betweenness import _add_edge_keys, _rescale

    G = _sp(G)
    nodes = G.nodes if k is None else seed.sample(list(G.nx.nodes()), k)
    ebc = np.zeros(G.edge_slots()[1].size)
    _brandes(G, nodes, weight, np.zeros(len(G)), ebc=ebc)
    b = _rescale(_edge_dict(G, ebc), len(G), normalized=normalized,
                 directed=G.is_directed(), sampled_nodes=None if k is None else nodes)
    return _add_edge_keys(G.nx, b, weight=weight) if G.is_multigraph() else b


@networkx_algorithm(weight_arg="weight", dijkstra=True, can_run=_positive,
                    declines=(_ZERO_WEIGHTS,))
def betweenness_centrality_subset(G, sources, targets, normalized=False, weight=None):
    """NetworkX's ``_accumulate_subset`` run compiled (``_brandes``, each target's 1
    in ``one``), then its ``_rescale``."""
    from networkx.algorithms.centrality.betweenness import _rescale

    G = _sp(G)
    src = _sources(G, sources)
    if src is None:
        return dispatched("betweenness_centrality_subset").orig_func(G.nx, sources, targets,
                                                          normalized, weight)
    bc = np.zeros(len(G))
    _brandes(G, src, weight, bc, targets)
    return _rescale(dict(zip(G.nodes, bc.tolist())), len(G), normalized=normalized,
                    directed=G.is_directed(), endpoints=False)


@networkx_algorithm(weight_arg="weight", dijkstra=True, can_run=_edge_keyed_nodes,
                    declines=(_ZERO_WEIGHTS, _PAIR_LABELS))
def edge_betweenness_centrality_subset(G, sources, targets, normalized=False,
                                       weight=None):
    """NetworkX's ``_accumulate_edges_subset`` run compiled (``_brandes``, ``split``),
    then its ``_rescale`` (and ``_add_edge_keys``)."""
    from networkx.algorithms.centrality.betweenness import _add_edge_keys, _rescale

    G = _sp(G)
    src = _sources(G, sources)
    if src is None:
        return dispatched("edge_betweenness_centrality_subset").orig_func(G.nx, sources, targets,
                                                               normalized, weight)
    ebc = np.zeros(G.edge_slots()[1].size)
    _brandes(G, src, weight, np.zeros(len(G)), targets, ebc=ebc, split=True)
    b = _rescale(_edge_dict(G, ebc), len(G), normalized=normalized,
                 directed=G.is_directed())
    return _add_edge_keys(G.nx, b, weight=weight) if G.is_multigraph() else b


# ============================================================================ load
_UNSORTABLE = "labels not all ints or all strings (its sort of them breaks ties)"


def _sortable_labels(a: dict) -> str | None:
    """``can_run`` of ``load_centrality``: NetworkX sorts each search's (distance, node)
    pairs, so ties compare labels; served where they are all ints or all strings
    (one total order, read once as each label's rank)."""
    G = getattr(a.get("G"), "nx", a.get("G"))
    if G is not None and len(G) and not ({int} >= set(map(type, G._node))
                                         or {str} >= set(map(type, G._node))):
        return _UNSORTABLE
    return None


@networkx_algorithm(name="newman_betweenness_centrality", weight_arg="weight",
                    dijkstra=True, can_run=_sortable_labels, declines=(_UNSORTABLE,))
def load_centrality(G, v=None, cutoff=None, normalized=True, weight=None):
    """NetworkX's ``_node_betweenness`` from every vertex in order, compiled
    (``replay.load_source``): its ``predecessor`` (or, weighted,
    ``dijkstra_predecessor_and_distance``) lists as served here, the reached vertices
    popped by decreasing (distance, label), each one's value divided among its
    predecessors up to the source; the sums and scaling as NetworkX makes them."""
    from .weighted import dijkstra_lists

    G = _sp(G)
    if v is not None and v not in G:         # NetworkX's own loop (0.0, or its error)
        return dispatched("newman_betweenness_centrality").orig_func(
            G.nx, v, cutoff, normalized, weight)
    n = len(G)
    rank = np.empty(n, np.int64)
    rank[sorted(range(n), key=G.nodes.__getitem__)] = np.arange(n)
    total = np.zeros(n)
    if weight is None:
        indptr, indices = G.adjacency(False)
        load_bfs_replay(indptr, indices, predecessor_limit(cutoff), rank, total)
    else:
        between = np.zeros(n)
        for s in G.nodes:
            _, begin, size, tails, (_, _, d, _) = dijkstra_lists(G, s, weight, cutoff)
            reached = np.flatnonzero(np.isfinite(d))
            past = reached[d[reached] > 0]
            onodes = past[np.lexsort((rank[past], d[past]))]
            load_source(reached, onodes, begin, size, tails, G.index[s], between, total)
    scale = 1.0 / ((n - 1) * (n - 2)) if normalized and n > 2 else None
    if v is not None:
        b = total[G.index[v]].item()
        return b * scale if scale is not None else b
    if scale is not None:
        return dict(zip(G.nodes, (total * scale).tolist()))
    return dict(zip(G.nodes, total.tolist()))


@networkx_algorithm()
def edge_load_centrality(G, cutoff=False):
    """NetworkX's ``_edge_betweenness`` from every vertex in order, compiled
    (``replay.edge_load_replay``) over its ``predecessor`` lists, each ordered pair of
    an edge's ends a place, in the order its dict is made: ``(u, v)`` then ``(v, u)``
    for each edge of ``G.edges()``, each pair once."""
    G = _sp(G)
    n = len(G)
    _, first = G.edge_slots()
    indptr, indices = G.adjacency(False)
    tails = G.adjacency_tails()
    heads = np.stack([tails[first], indices[first]], 1).ravel()     # (u, v), (v, u), …
    ends = np.stack([indices[first], tails[first]], 1).ravel()
    keys, at = np.unique(heads * n + ends, return_index=True)
    order = np.argsort(at)                          # each pair's place: first insertion
    place = np.empty(order.size, np.int64)
    place[order] = np.arange(order.size)
    fwd = place[np.searchsorted(keys, tails * n + indices)]
    rev = place[np.searchsorted(keys, indices * n + tails)]
    total = np.zeros(order.size)
    edge_load_replay(indptr, indices, predecessor_limit(cutoff), fwd, rev, total)
    pairs = zip(G.labels(heads[at[order]]), G.labels(ends[at[order]]))
    return dict(zip(pairs, total.tolist()))
