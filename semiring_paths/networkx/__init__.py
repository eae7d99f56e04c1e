"""NetworkX dispatch backend: ``backend="semiring_paths"``.

Install the package and call NetworkX as usual::

    nx.single_source_dijkstra_path_length(G, 0, backend="semiring_paths")
    nx.config.backend_priority = ["semiring_paths"]        # or dispatch automatically

The modules mirror NetworkX's: ``unweighted``, ``weighted``, ``generic``, ``dense`` and
``astar`` (shortest paths), ``traversal``, ``distance_measures``, ``centrality``.  Values
come from the engine (``sp.bfs`` / ``sp.sssp`` and the all-pairs reductions) on the graph
converted once (``convert.py``); outputs whose *order* NetworkX defines follow NetworkX's
adjacency order exactly.  Each function is registered by ``@networkx_algorithm`` (``registry.py``),
which carries its ``can_run``; ``FUNCTIONS`` is derived from the registrations.
"""

from __future__ import annotations

import importlib


def get_info() -> dict:
    """``networkx.backend_info`` entry point.  Defined before this package imports
    NetworkX, and importing what it reads only when called: NetworkX's import ends by
    calling every backend's ``get_info``, so where this package is imported first
    (``import semiring_paths.networkx`` in a fresh process) that call comes while the
    package is still being imported — a ``get_info`` defined further down was not there
    yet, and NetworkX listed none of the functions, with a RuntimeWarning."""
    from . import convert
    from .registry import REGISTRY, declines_doc

    _register()
    return {
        "backend_name": convert.NAME,
        "project": "semiring_paths",
        "package": "semiring_paths",
        "short_summary": "Shortest paths as masked semiring products (GraphBLAS, CuPy).",
        "functions": {name: {"additional_docs": declines_doc(reg)}
                      for name, reg in REGISTRY.items()},
        "default_config": {},
    }


#: the modules whose ``@networkx_algorithm`` functions make up the backend
_MODULES = ("astar", "centrality", "dense", "distance_measures", "generic", "traversal",
            "unweighted", "weighted")


def _register() -> None:
    for name in _MODULES:
        importlib.import_module(f"{__name__}.{name}")


# NetworkX first, before any of the modules: its import may call get_info above, which
# imports them (one caught halfway through its own import would register nothing)
import networkx  # noqa: E402, F401

_register()

from .convert import SemiringPathsGraph  # noqa: E402
from .registry import (  # noqa: E402
    PROBE_EDGES,
    REGISTRY,
    SAMPLE,
    SCANS_DICTS,
    SMALL_REACH,
    _arguments,
    _caching,
    adjacency_entries,
    converted,
    dispatch_counts,
    let_through,
    sampled_entries,
    scans_dicts,
    searches_serve,
    small_reach,
    waits_for_conversion,
)

#: graphs with fewer edges stay with NetworkX under ``backend_priority``
SHOULD_RUN_EDGES = 10_000
_SHOULD = ("semiring_paths", "should_run")
#: functions that search from every vertex, and the n · m from which they dispatch
ALL_SOURCES = frozenset({
    "all_pairs_shortest_path_length", "all_pairs_shortest_path",
    "all_pairs_dijkstra_path_length", "all_pairs_dijkstra", "all_pairs_dijkstra_path",
    "all_pairs_bellman_ford_path_length", "all_pairs_bellman_ford_path",
    "closeness_centrality", "harmonic_centrality", "betweenness_centrality",
    "edge_betweenness_centrality", "newman_betweenness_centrality", "edge_load_centrality",
    "eccentricity", "diameter", "radius", "center", "periphery", "barycenter", "centroid",
    "harmonic_diameter",
    "average_shortest_path_length",
    "all_pairs_all_shortest_paths", "floyd_warshall", "floyd_warshall_tree", "johnson",
    "floyd_warshall_predecessor_and_distance"})
ALL_SOURCES_WORK = 1_000_000
#: functions answered from NetworkX's own dicts on a graph not converted (``frontier``:
#: a few layers of a search, or two searches that meet): nothing to weigh, so
#: ``should_run`` says yes without counting edges
FROM_DICTS = frozenset({"descendants_at_distance", "has_path"})

__all__ = ["FUNCTIONS", "PROBE_EDGES", "SMALL_REACH", "BackendInterface",
           "SemiringPathsGraph", "dispatch_counts", "get_info"]

#: the NetworkX functions this backend serves
FUNCTIONS = sorted(REGISTRY)


class BackendInterface:
    """What NetworkX loads from the ``networkx.backends`` entry point."""

    @staticmethod
    def convert_from_nx(G, edge_attrs=None, node_attrs=None, preserve_edge_attrs=False,
                        preserve_node_attrs=False, preserve_graph_attrs=False, name=None,
                        graph_name=None, **kwargs):
        return SemiringPathsGraph(G)

    @staticmethod
    def convert_to_nx(obj, *, name=None):
        return obj.nx if isinstance(obj, SemiringPathsGraph) else obj

    @staticmethod
    def can_run(name, args, kwargs):
        return REGISTRY[name].can_run(args, kwargs)

    @staticmethod
    def _should_run_on(name, args, kwargs):
        """The graph's verdict: dispatch when the work outweighs a conversion: 10⁴ edges
        or more, or — for the functions that search from every vertex — ``n · m`` of 10⁶
        or more (NetworkX's own loop over sources then costs far more than converting
        once).  Decided once per graph and kind: kept in ``G.__networkx_cache__``, which
        NetworkX clears when the graph changes, so the per-source calls NetworkX's own
        all-pairs code makes pay a dictionary lookup.  A point-to-point query
        (``registry.point_to_point``) does not convert the graph by itself: NetworkX
        answers it from the few vertices its search touches, where a conversion reads
        every edge.  It runs here on a graph already converted, or, for the Dijkstra ones
        of ``registry.FROM_SEARCHES`` (``searches_serve``: Dijkstra, A* and the BFS from
        both ends), by NetworkX's own search over its dicts (``searches.py``), marked for
        the function by ``let_through`` — until such queries have taken, on this graph
        and weight, what a conversion would (``registry.conversion_due``): the next one
        converts it.
        ``FROM_DICTS`` functions run here always, without a count (they read NetworkX's
        dicts until the graph is converted)."""
        if name in FROM_DICTS:
            return True
        G = args[0] if args else kwargs.get("G")
        if name in SCANS_DICTS and (a := _arguments(name, args, kwargs)) is not None \
                and scans_dicts(name, a) and not converted(G, REGISTRY[name].weight(a)):
            # answered by a scan of NetworkX's dicts that stops early (no conversion)
            if (verdict := _graph_verdict(G, False, cheap=True)) in (None, True):
                let_through(getattr(G, "nx", G))
                return True
            return verdict
        if waits_for_conversion(name, args, kwargs):
            # the graph's verdict where it is known or cheap to know (below the size
            # rule, no probe); else none: nothing is converted for a query answered
            # from NetworkX's dicts, so the graph's size does not decide it, and the
            # rows a verdict reads cost a query on a graph fresh from a copy or a file
            # more than its search (PGPgiantcompo's 512-row sample 65 µs, its exact
            # count 0.56 ms, against 0.7 ms for NetworkX's `bidirectional_dijkstra`
            # at the median pair)
            if _graph_verdict(G, False, cheap=True) in (None, True) and (
                    served := searches_serve(name, args, kwargs)):
                # answered from NetworkX's dicts
                let_through(getattr(G, "nx", G), served)
                return True
            return ("a point-to-point query on a graph not converted yet: NetworkX's "
                    "search stops at the target, a conversion reads every edge")
        return _graph_verdict(G, name in ALL_SOURCES)

    @staticmethod
    def should_run(name, args, kwargs):
        """The graph's verdict (``_should_run_on``); then a single-source call whose
        sources reach at most ``SMALL_REACH`` vertices stays with NetworkX
        (``registry.small_reach``).  The reach is probed first: its few rows cost less
        than the graph's verdict on a graph fresh from a copy or a file (p2p-Gnutella31,
        a source reaching 3 vertices: the verdict's 512-row sample 111 µs, NetworkX's
        whole answer 112)."""
        if name not in ALL_SOURCES and name not in FROM_DICTS:
            a = _arguments(name, args, kwargs)
            if a is not None and (reach := small_reach(name, a)) is not None:
                return (f"the sources reach {reach} vertices: NetworkX's own search "
                        "touches only them")
        return BackendInterface._should_run_on(name, args, kwargs)


def _graph_verdict(G, every: bool, cheap: bool = False) -> bool | str | None:
    """``should_run``'s verdict on the graph alone (``every``: for a function that searches
    from every vertex), kept in ``G.__networkx_cache__``; with ``cheap``, None where it is
    not kept and the graph has more than ``SAMPLE`` nodes (it would read a sample of
    rows: on a graph fresh from its file ~160 µs of cold memory)."""
    G = getattr(G, "nx", G)
    key = (*_SHOULD, every)
    cache = getattr(G, "__networkx_cache__", None) if _caching() else None
    if cache is not None and key in cache:
        return cache[key]
    if cheap and len(G) > SAMPLE:
        return None
    try:
        m, n = _edges_estimate(G), len(G)
    except (AttributeError, TypeError):
        return True
    answer = True if m >= SHOULD_RUN_EDGES or (every and n * m >= ALL_SOURCES_WORK) \
        else "small graph: conversion costs more than it saves"
    if cache is not None:
        cache[key] = answer
    return answer


#: a clear verdict within this factor of the thresholds (``_edges_estimate``)
MARGIN = 4


def _edges_estimate(G) -> int:
    """``G``'s edges, or an estimate where it decides ``should_run`` anyway: the mean
    degree of the first ``SAMPLE`` nodes times n, when that is ``MARGIN`` times past the
    thresholds either way; else the exact count (``adjacency_entries``).  An exact
    count reads every node: 2.7 ms on luxembourg_osm, against the 10 µs NetworkX takes
    for ``descendants_at_distance``.
    A graph whose first nodes are unlike the rest can be misjudged: the cost is a call
    left to NetworkX, or a small graph converted."""
    n = len(G)
    half = 1 if G.is_directed() else 2
    if n > SAMPLE:
        est = sampled_entries(G) // half
        big = est >= MARGIN * SHOULD_RUN_EDGES
        small = est * MARGIN < SHOULD_RUN_EDGES and n * est * MARGIN < ALL_SOURCES_WORK
        if big or small:
            return est
    return adjacency_entries(G) // half


for _name, _reg in REGISTRY.items():
    setattr(BackendInterface, _name, staticmethod(_reg.func))
