"""``networkx.algorithms.shortest_paths.generic``."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import chain

import networkx as nx
import numpy as np

from ..all_pairs import average_shortest_path_length as _average
from . import compat, frontier
from .convert import (
    SemiringPathsGraph,
    _distance_rows,
    _distances,
    _endpoints,
    _is_int,
    _node,
    _ordered_lengths,
    _sp,
    all_pairs_lengths,
    bfs_lengths,
    dijkstra_terms,
)
from .registry import charged, conversion_due, networkx_algorithm, no_cycle_collection
from .replay import walk_paths
from .unweighted import (
    all_pairs_shortest_path,
    bidirectional_shortest_path,
    predecessor_lists,
    single_source_shortest_path,
    single_target_shortest_path,
)
from .weighted import (
    all_pairs_bellman_ford_path,
    all_pairs_bellman_ford_path_length,
    all_pairs_dijkstra_path,
    bellman_ford_lengths,
    bellman_ford_lists,
    bellman_ford_path,
    bellman_ford_path_length,
    bidirectional_dijkstra,
    dijkstra_lists,
    dijkstra_path_length,
    paths_to,
    single_source_bellman_ford_path,
    single_source_bellman_ford_path_length,
    single_source_dijkstra_path,
)


def _known_method(a: dict) -> str | None:
    if a.get("method") not in ("dijkstra", "bellman-ford"):
        return "unknown method: NetworkX raises its own error"
    return None


def _matrix_method(a: dict) -> str | None:
    if a.get("method") not in (None, "unweighted", "dijkstra", "bellman-ford"):
        return "all-pairs matrix methods (floyd-warshall) are left to NetworkX"
    return None


@networkx_algorithm(weight_arg="weight", dijkstra=lambda a: a.get("method") == "dijkstra",
                    can_run=_known_method, each=True, declines=("an unknown method",))
def shortest_path(G, source=None, target=None, weight=None, method="dijkstra"):
    if method not in ("dijkstra", "bellman-ford"):
        raise ValueError(f"method not supported: {method}")
    method = "unweighted" if weight is None else method
    form = ("all" if source is None and target is None else "to" if source is None
            else "from" if target is None else "pair")
    # (form, method) → the served function NetworkX's own shortest_path calls there
    call = {
        ("all", "unweighted"): lambda: all_pairs_shortest_path._implementation(G),
        ("all", "dijkstra"): lambda: all_pairs_dijkstra_path._implementation(G, weight=weight),
        ("all", "bellman-ford"): lambda: all_pairs_bellman_ford_path._implementation(
            G, weight=weight),
        ("to", "unweighted"): lambda: single_target_shortest_path._implementation(G, target),
        ("to", "dijkstra"): lambda: paths_to(_sp(G), target, weight, "dijkstra"),
        ("to", "bellman-ford"): lambda: paths_to(_sp(G), target, weight, "bellman-ford"),
        ("from", "unweighted"): lambda: single_source_shortest_path._implementation(G, source),
        ("from", "dijkstra"): lambda: single_source_dijkstra_path._implementation(
            G, source, weight=weight),
        ("from", "bellman-ford"): lambda: single_source_bellman_ford_path._implementation(
            G, source, weight=weight),
        ("pair", "unweighted"): lambda: bidirectional_shortest_path._implementation(
            G, source, target),
        ("pair", "dijkstra"): lambda: bidirectional_dijkstra._implementation(
            G, source, target, weight)[1],
        ("pair", "bellman-ford"): lambda: bellman_ford_path._implementation(
            G, source, target, weight),
    }[form, method]
    if form == "to" and method == "unweighted" and target not in G:
        # NetworkX's single_source_shortest_path from the target, over G reversed
        raise nx.NodeNotFound(f"Source {target} not in G")
    return call()


#: what NetworkX's single-source search of each method says of a missing source
_NO_SOURCE = {"unweighted": "Source {} is not in G",      # single_source_shortest_path_length
              "dijkstra": "Node {} not found in graph",
              "bellman-ford": "Source {} not in G"}


@networkx_algorithm(weight_arg="weight", dijkstra=lambda a: a.get("method") == "dijkstra",
                    can_run=_known_method, each=True, declines=("an unknown method",))
def shortest_path_length(G, source=None, target=None, weight=None, method="dijkstra"):
    G = _sp(G)
    if method not in ("dijkstra", "bellman-ford"):
        raise ValueError(f"method not supported: {method}")
    if weight is None:
        method = "unweighted"
    if source is None and target is None:
        if method == "bellman-ford":                  # its queue's order, each source
            return all_pairs_bellman_ford_path_length._implementation(G, weight)
        return all_pairs_lengths(G, None if method == "unweighted" else weight, None)
    if source is None:
        t = _node(G, target, _NO_SOURCE[method])          # its search from the target
        # NetworkX's single-source search over G.reverse(copy=False), replayed there
        if method == "unweighted":                    # its BFS over G._pred
            return bfs_lengths(G, [t], reverse=True)
        if method == "bellman-ford":                  # its queue's order
            return bellman_ford_lengths(G, t, weight, reverse=True)
        d, g = _distances(G, t, weight, reverse=True, method=method)
        return _ordered_lengths(G, [t], d, g, weight, reverse=True)
    if target is None:
        s = _node(G, source, _NO_SOURCE[method])
        if method == "unweighted":
            return bfs_lengths(G, [s])
        if method == "bellman-ford":                  # its queue's order, replayed
            return single_source_bellman_ford_path_length._implementation(G, source,
                                                                         weight)
        d, g = _distances(G, s, weight, method=method)
        return _ordered_lengths(G, [s], d, g, weight)
    if method == "unweighted":
        return len(bidirectional_shortest_path._implementation(G, source, target)) - 1
    if method == "dijkstra":
        return dijkstra_path_length._implementation(G, source, target, weight)
    return bellman_ford_path_length._implementation(G, source, target, weight)


@networkx_algorithm()
def has_path(G, source, target):
    G = _sp(G)
    _endpoints(G, source, target)
    if not (G.has_adjacency() and G.has_adjacency(reverse=True)) \
            and not conversion_due(G, None):
        # served on a graph not converted too: frontiers over NetworkX's own dicts from
        # both ends (a yes or no has no order to keep), where a conversion reads every
        # edge — until such queries have taken what it would (registry.CONVERT_NS)
        with charged(G, None):
            return frontier.meets(*frontier.succ_pred(G), source, target)
    try:   # the compiled bidirectional search stops where the two fringes meet
        bidirectional_shortest_path._implementation(G, source, target)
    except nx.NetworkXNoPath:
        return False
    return True


@networkx_algorithm(weight_arg="weight", dijkstra=True, can_run=_matrix_method,
                    declines=("floyd-warshall methods",))
def average_shortest_path_length(G, weight=None, method=None):
    G = _sp(G)
    if method is None:
        method = "unweighted" if weight is None else "dijkstra"
    if method not in ("unweighted", "dijkstra", "bellman-ford", "floyd-warshall",
                      "floyd-warshall-numpy"):
        raise ValueError(f"method not supported: {method}")
    n = len(G)
    if n == 0:
        raise nx.NetworkXPointlessConcept(
            "the null graph has no paths, thus there is no average shortest path length")
    if n == 1:
        return 0
    if G.is_directed() and not nx.is_strongly_connected(G.nx):
        raise nx.NetworkXError("Graph is not strongly connected.")
    if not G.is_directed() and not nx.is_connected(G.nx):
        raise nx.NetworkXError("Graph is not connected.")
    g = G.graph(None if method == "unweighted" else weight)
    if _is_int(g) and not g.has_negative_weights:   # the engine's all-pairs reduction
        return _average(g, weight=True, progress=False)
    # NetworkX's one sum() over every source's dict: ints exact in any order, floats
    # term by term in its order (dijkstra_terms; Bellman-Ford's queue order and types)
    if _is_int(g):                          # a row's int total a term
        terms = (int(d.sum()) for _, d, _ in _distance_rows(
            G, list(range(n)), weight, method="bellman-ford"))
    elif method == "bellman-ford":
        terms = chain.from_iterable(bellman_ford_lengths(G, i, weight).values()
                                    for i in range(n))
    else:
        terms = chain.from_iterable(dijkstra_terms(G, i, d, g, weight)
                                    for i, d, g in _distance_rows(G, list(range(n)), weight))
    return sum(terms) / (n * (n - 1))


# ------------------------------------------------------------ all shortest paths
#: NetworkX enumerates every shortest path from the predecessor lists of one search;
#: those lists are the served functions' (in its orders), and the enumeration is its
#: own (``_build_paths_from_predecessors``), so paths come in the order it gives them
_ALL_PATHS_DOC = ("Every vertex's tight in-neighbours from one search (predecessor, "
                  "dijkstra_predecessor_and_distance or bellman_ford_predecessor_and_"
                  "distance as served here), enumerated by NetworkX's own walk compiled.")


def _all_paths_dijkstra(a: dict) -> bool:
    return a.get("weight") is not None and a.get("method") == "dijkstra"


class _Lists:
    """The predecessor lists NetworkX's all-shortest-paths functions read — ``predecessor``,
    ``dijkstra_predecessor_and_distance`` or ``bellman_ford_predecessor_and_distance``, as
    served here (their checks and errors), kept as arrays (vertex v's list ``tails[
    begin[v]:begin[v] + size[v]]``, in NetworkX's order) — and the walk's state, reused
    from one target to the next (a finished walk leaves ``seen`` clear)."""

    def __init__(self, G: SemiringPathsGraph, source, weight, method):
        method = "unweighted" if weight is None else method
        n = len(G)
        if method == "unweighted":
            keys, begin, size, tails, _ = predecessor_lists(G, source)
        elif method == "dijkstra":
            keys, begin, size, tails, _ = dijkstra_lists(G, source, weight)
        elif method == "bellman-ford":
            out = bellman_ford_lists(G, source, weight)
            if out is None:                   # one vertex: {source: []}
                keys, begin, size, tails = (np.zeros(1, np.int64), np.zeros(n, np.int64),
                                            np.zeros(n, np.int64), np.zeros(0, np.int64))
            else:
                keys, begin, size, tails = out[:4]
        else:
            raise ValueError(f"method not supported: {method}")
        self.G, self.s, self.keys = G, G.index[source], keys
        self.begin, self.size, self.tails = begin, size, tails
        self.reached = np.zeros(n, np.bool_)
        self.reached[keys] = True
        self.stack_v = np.empty(n + 1, np.int64)
        self.stack_i = np.empty(n + 1, np.int64)
        self.seen = np.zeros(n, np.bool_)

    def paths(self, target) -> Iterator[list]:
        """NetworkX's ``_build_paths_from_predecessors({source}, target, pred)``: the
        paths in its order, made compiled a batch at a time (64, then twice as many
        each batch, up to 2 048: what a consumer leaves unread is made for nothing):
        lazy, as its generator, since they can number exponentially many.  Each batch's
        lists are gathered from the graph's own label objects (``label_array``) with
        the collector held off.  4elt, the first 10⁴ paths between two vertices
        (490 000 slots; NetworkX 77–79 ms): 36 ms as first written (batches growing to
        16 384, most of the last one never read; an int made for each slot; collections
        on), 19 ms with batches of at most 2 048 sized by the paths seen and labels
        gathered, 12 ms with the collector off."""
        G = self.G
        hash(target)                          # an unhashable target: NetworkX's TypeError
        if target not in G or not self.reached[G.index[target]]:
            raise nx.NetworkXNoPath(f"Target {target} cannot be reached from given sources")
        t = G.index[target]
        self.stack_v[0], self.stack_i[0], self.seen[t] = t, 0, True
        top, batch, room = 0, 64, 16.0            # room: a path's vertices, as seen
        while top >= 0:
            flat, ends, top = walk_paths(self.begin, self.size, self.tails, self.s,
                                         self.stack_v, self.stack_i, self.seen, top, batch,
                                         int(batch * room) + len(G) + 1,
                                         compat.paths_yield_once())
            with no_cycle_collection():       # (a batch: its lists made at once)
                labels = G.label_array[flat].tolist()
                made = [labels[a:b] for a, b in zip([0, *ends[:-1].tolist()], ends.tolist())]
            yield from made
            if ends.size:
                room = 1.25 * flat.size / ends.size
            batch = min(2 * batch, 2048)


@networkx_algorithm(weight_arg="weight", dijkstra=_all_paths_dijkstra, doc=_ALL_PATHS_DOC)
def all_shortest_paths(G, source, target, weight=None, method="dijkstra"):
    # the search now (its errors raised at the call), the paths as they are iterated
    return _Lists(_sp(G), source, weight, method).paths(target)


@networkx_algorithm(weight_arg="weight", dijkstra=_all_paths_dijkstra, doc=_ALL_PATHS_DOC)
def single_source_all_shortest_paths(G, source, weight=None, method="dijkstra"):
    G = _sp(G)
    lists = _Lists(G, source, weight, method)
    for v in G.labels(lists.keys):
        yield v, list(lists.paths(v))


@networkx_algorithm(weight_arg="weight", dijkstra=_all_paths_dijkstra, each=True,
                    doc=_ALL_PATHS_DOC)
def all_pairs_all_shortest_paths(G, weight=None, method="dijkstra"):
    G = _sp(G)
    for v in G.nodes:
        yield v, dict(single_source_all_shortest_paths._implementation(G, v, weight, method))
