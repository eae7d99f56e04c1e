"""One decorator registers, documents and gates each function the backend serves.

``@networkx_algorithm`` (as nx-cugraph's decorator of the same name) records the function
under NetworkX's name, counts the calls it serves (``dispatch_counts``), and carries its
``can_run``: the checks every function shares (weight functions, ``sort_neighbors``,
non-numeric weights, negative weights where NetworkX would run Dijkstra) and the
function's own.  ``FUNCTIONS`` and ``get_info()`` are derived from the registrations.
"""

from __future__ import annotations

import contextlib
import functools
import gc
import inspect
import math
import threading
import time
from collections import Counter
from collections.abc import Callable, Collection, Iterable, Iterator
from dataclasses import dataclass
from itertools import chain, islice, repeat
from types import GeneratorType
from typing import Any

import networkx as nx
import numpy as np

from ..graph import int_sums_past_float64
from .tables import row_weights

#: what every function leaves to NetworkX (``get_info``); the first applies to all,
#: the others to functions that take weights
COMMON_DECLINES = ("arguments NetworkX itself would reject",
                   "weight functions (callables)",
                   "non-numeric or non-finite weights",
                   "NumPy scalar weights (NetworkX's sums keep their type)",
                   "integer weights whose path sums could pass 2**53 (max |w| · (n − 1); "
                   "NetworkX adds Python ints exactly, float64 would round them)")

__all__ = [
    "COMMON_DECLINES",
    "CONVERT_NS",
    "FROM_SEARCHES",
    "REGISTRY",
    "SAMPLE",
    "SCANS_DICTS",
    "adjacency_entries",
    "adjacency_weights",
    "charged",
    "conversion_due",
    "converted",
    "declines_doc",
    "dispatch_counts",
    "first_negative",
    "from_dicts",
    "handed_weights",
    "let_through",
    "networkx_algorithm",
    "no_cycle_collection",
    "point_to_point",
    "sampled_entries",
    "scans_dicts",
    "searches_serve",
    "then_raise",
    "waits_for_conversion",
    "weight_facts",
]

#: calls served by this backend, per function name
dispatch_counts: Counter = Counter()


@dataclass(frozen=True)
class Registered:
    name: str
    func: Callable
    #: the keyword that carries the edge-weight attribute ("weight", "distance"), or None
    weight_arg: str | None
    #: NetworkX runs Dijkstra here (negative weights are left to it) — or a predicate of
    #: the bound arguments saying so
    dijkstra: bool | Callable[[dict], bool]
    #: the function's own check: a reason string to decline, or None
    extra: Callable[[dict], str | None] | None
    doc: str
    #: what ``extra`` declines, in words (``get_info``)
    declines: tuple[str, ...] = ()

    def weight(self, a: dict):
        """The call's weight (``a``: its arguments by name); None where the function
        takes none (hops)."""
        return a.get(self.weight_arg) if self.weight_arg else None

    def can_run(self, args: tuple, kwargs: dict, *, defer: bool = True) -> bool | str:
        """True, or why NetworkX keeps the call.  ``defer``: a call that ``should_run``
        hands to NetworkX whatever the weights — a point-to-point query on a graph not
        converted yet, or a search whose sources reach few vertices (``small_reach``) in
        a graph of more than ``PROBE_EDGES`` vertices — leaves its weight scan (a pass
        over every edge, cached per graph) to :meth:`served`: a call that names the
        backend pays it there."""
        a = _arguments(self.name, args, kwargs)
        if a is None:
            return "arguments NetworkX itself would reject"
        weight = self.weight(a)
        if callable(weight):
            return "weight functions are left to NetworkX"
        if a.get("sort_neighbors") is not None:
            return "sort_neighbors is left to NetworkX"
        if self.extra is not None and (why := self.extra(a)):
            return why
        G = a.get("G")
        if weight is not None and G is not None:
            nxG = getattr(G, "nx", G)
            cache = getattr(nxG, "__networkx_cache__", None) if _caching() else None
            if defer and cache is not None and (*_FACTS, weight) not in cache \
                    and not converted(G, weight) and (
                    point_to_point(self.name, a) or scans_dicts(self.name, a)
                    or (len(nxG) > PROBE_EDGES
                                                     and small_reach(self.name, a) is not None)):
                cache[_UNCHECKED] = True
                return True
            numeric, negative = weight_facts(nxG, weight)
            if not numeric:
                return declined_weights(nxG, weight)
            dijkstra = self.dijkstra(a) if callable(self.dijkstra) else self.dijkstra
            if dijkstra and negative:
                return "negative weights with Dijkstra: NetworkX's own behaviour is kept"
        return True


#: NetworkX stops these at the target (one fringe or two), often after a few vertices:
#: under ``backend_priority`` they run here only on a graph already converted (but for
#: ``has_path``, answered from NetworkX's dicts until then: ``networkx.FROM_DICTS``);
#: ``find_negative_cycle`` stops at the first cycle its queue meets (bcsstk13 0.24 ms,
#: against 13.9 for a first call here that reads every edge)
POINT_TO_POINT = frozenset({"bidirectional_dijkstra", "bidirectional_shortest_path",
                            "has_path", "dijkstra_path", "dijkstra_path_length",
                            "astar_path", "astar_path_length", "find_negative_cycle"})
#: ... and these when given a target (and a source)
WITH_TARGET = frozenset({"shortest_path", "shortest_path_length", "single_source_dijkstra",
                         "multi_source_dijkstra"})
_UNCHECKED = ("semiring_paths", "weights not checked yet")
_FACTS = ("semiring_paths", "weight facts")                 # weight_facts' key, + weight


#: answered by a scan of NetworkX's dicts that stops early (``scans_dicts``)
SCANS_DICTS = frozenset({"negative_edge_cycle"})


def scans_dicts(name: str, a: dict) -> bool:
    """Whether this call is answered by a scan of NetworkX's dicts that stops early,
    with nothing converted: ``negative_edge_cycle`` on an undirected graph, where any
    negative edge is a negative cycle (u → v → u) — NetworkX's Bellman-Ford stops at the
    first it meets, where a conversion, or the dispatch's weight check, reads every
    edge (bcsstk13: NetworkX 4.0–4.9 ms, a first call here 12.1–13.8 ms)."""
    G = a.get("G")
    return (name in SCANS_DICTS and G is not None
            and not getattr(G, "nx", G).is_directed())


def first_negative(G, weight: str) -> bool | None:
    """``scans_dicts``' answer: True at the first edge whose ``weight`` (missing: 1) is
    negative, False where none is; None at a value NetworkX would meet otherwise than a
    finite Python int or float (its own code then answers)."""
    for w in _each_weight(G, weight):
        t = type(w)
        if (t is not int and t is not float) or (t is float and not math.isfinite(w)):
            return None
        if w < 0:
            return True
    return False


def point_to_point(name: str, a: dict) -> bool:
    """Whether NetworkX answers this call by a search that stops at its target."""
    if name in POINT_TO_POINT:
        return True
    if name not in WITH_TARGET or a.get("target") is None:
        return False
    if name.startswith("shortest_path"):
        return a.get("source") is not None and a.get("method") != "bellman-ford"
    return True


#: a search from sources that reach at most this many vertices stays with NetworkX
#: (``should_run``): its search touches only those vertices (microseconds), where ours
#: pays for arrays of n (p2p-Gnutella31, a source reaching 3 of 62 586
#: vertices: ``dijkstra_predecessor_and_distance`` 7 µs in NetworkX, 2.0 ms here) ...
SMALL_REACH = 64
#: ... as a breadth-first probe over NetworkX's dicts finds, which gives up (the search is
#: served) past SMALL_REACH vertices or PROBE_EDGES adjacency entries read
PROBE_EDGES = 2048
#: a point-to-point search that ended within PROBE_EDGES entries (``searches_serve``'s
#: probe) is declined, NetworkX's own search run again, where it took under this many
#: seconds: about what NetworkX's dispatch of a served call costs over a declined one
NEAR_S = 1.5e-4


def small_reach(name: str, a: dict) -> int | None:
    """The vertices a search from the call's ``source`` (``sources`` for
    ``multi_source_*``, ``bfs_layers`` and ``bfs_labeled_edges``; ``target`` for
    ``single_target_*``, whose search follows the in-edges) reaches, where at most
    ``SMALL_REACH``; None otherwise, for point-to-point queries (``point_to_point``), and
    for sources not in the graph (whose error the search raises), or given as an
    iterator (which the probe would use up).  ``a``: the call's arguments by name.
    Kept per graph and sources in ``G.__networkx_cache__`` (cleared when the graph
    changes): ``can_run`` and ``should_run`` ask in turn, and NetworkX's
    ``single_source_dijkstra`` dispatches ``multi_source_dijkstra`` again inside."""
    if point_to_point(name, a):
        return None
    G = getattr(a.get("G"), "nx", a.get("G"))
    to_target = name.startswith("single_target_")
    reverse = to_target and callable(getattr(G, "is_directed", None)) and G.is_directed()
    adj = getattr(G, "_pred" if reverse else "_adj", None)
    sources = a.get("target" if to_target else "source")
    if sources is not None:
        sources = (sources,)
    elif name.startswith("multi_source_") or name in ("bfs_layers", "bfs_labeled_edges"):
        sources = a.get("sources")
    if adj is None or sources is None:
        return None
    try:
        one = sources in adj                           # a node (bfs_layers takes either)
    except TypeError:                                  # a list
        one = False
    if not one and not isinstance(sources, Collection):
        return None
    try:
        sources = (sources,) if one else tuple(sources)
        if not sources or not all(s in adj for s in sources):
            return None
    except TypeError:                # not iterable, or unhashable: the search says so
        return None
    cache = getattr(G, "__networkx_cache__", None) if _caching() else None
    memo = cache.setdefault(_REACH, {}) if cache is not None else {}
    key = (reverse, sources)
    if key not in memo:
        memo[key] = _probe(adj, sources)
    return memo[key]


_REACH = ("semiring_paths", "small reach")


def _probe(adj: dict, sources: tuple) -> int | None:
    """The vertices reachable from ``sources`` over ``adj`` (NetworkX's dict of
    dicts), where at most ``SMALL_REACH`` within ``PROBE_EDGES`` entries read; else
    None."""
    seen, todo, read = set(sources), list(dict.fromkeys(sources)), 0
    while todo:
        nbrs = adj[todo.pop()]
        read += len(nbrs)
        if read > PROBE_EDGES:
            return None
        for v in nbrs:
            if v not in seen:
                if len(seen) >= SMALL_REACH:
                    return None
                seen.add(v)
                todo.append(v)
    return len(seen)


def waits_for_conversion(name: str, args: tuple, kwargs: dict) -> bool:
    """A point-to-point query on a graph not converted yet for its weight (``should_run``
    leaves it to NetworkX)."""
    if name not in POINT_TO_POINT and name not in WITH_TARGET:
        return False
    a = _arguments(name, args, kwargs)
    if a is None or not point_to_point(name, a):
        return False
    weight = REGISTRY[name].weight(a)
    return not converted(a.get("G"), weight) and not conversion_due(a.get("G"), weight)


#: Point-to-point queries answered over NetworkX's dicts on one graph and weight
#: (``searches.py``, ``has_path``'s frontiers) convert the graph once they have taken,
#: together, what converting it is estimated to take — this many ns an adjacency entry —
#: and the queries after run on the engine's graph: a user's loop over pairs pays for
#: one conversion at most twice over (the rent-or-buy rule), where each query over the
#: dicts runs at about NetworkX's speed and one on the engine's graph at 6–30×.  First
#: call with the backend named (conversion and query) less a later one, weighted queries
#: at median distance: osm-malta 37 ms for its 86 936 entries (431 ns each), 4elt 14 ms
#: (149), luxembourg_osm 37 ms (155), wiki-Vote 10 ms (96), cit-HepTh 20 ms (59); later
#: queries 1.9, 1.4, 3.2, 0.8 and 0.8 ms against NetworkX's medians of 24, 28, 101, 4.8
#: and 0.22 ms (2026-11-29, this 2-core machine).  Plus a part that does not grow with
#: the graph (arrays made, the engine's objects): 0.1–0.4 ms on paths of 10–1 000 nodes.
CONVERT_NS, CONVERT_FIXED_NS = 250, 500_000
#: the entries are counted in slices, one after each query charged to an account that had
#: passed ``CONVERT_NS`` a vertex before it (not the query that takes it there, which may be
#: a graph's first): a row for each this many ns of that query's time (a row takes 26–60
#: ns: 3–6 % of the query)
COUNT_NS = 1000
_SPENT = ("semiring_paths", "seconds over the dicts")              # + weight
_ENTRIES = ("semiring_paths", "adjacency entries")                 # the count, once done
_COUNTING = ("semiring_paths", "adjacency entries so far")   # [rows' iterator, entries, rows]


@contextlib.contextmanager
def charged(G, weight):
    """The time of the point-to-point query run within, over NetworkX's dicts, added to
    ``G``'s account for ``weight`` (kept in ``G.__networkx_cache__``: cleared when the
    graph changes), errors included."""
    start = time.perf_counter()
    try:
        yield
    finally:
        charge(G, weight, time.perf_counter() - start)


def charge(G, weight, seconds: float) -> None:
    """``seconds`` spent over ``G``'s dicts on a point-to-point query for ``weight``,
    added to its account (``charged``)."""
    G = getattr(G, "nx", G)
    cache = getattr(G, "__networkx_cache__", None) if _caching() else None
    if cache is not None:
        before = cache.get((_SPENT, weight), 0.0)
        cache[_SPENT, weight] = before + seconds
        if _ENTRIES not in cache and before * 1e9 >= _price_ns(G, 0):
            _count_entries(G, cache, int(seconds * 1e9 / COUNT_NS) + 1)


def conversion_due(G, weight) -> bool:
    """Whether ``G``'s point-to-point queries for ``weight`` have taken over its dicts
    what converting it would (``CONVERT_FIXED_NS`` and ``CONVERT_NS`` an adjacency
    entry, or a vertex where it has fewer entries): the next one converts it.

    The entries are counted, not estimated from the first rows as ``should_run`` does:
    on the SNAP graphs, whose first vertices are hubs, that estimate was 5.6× the count
    on ego-Twitter and 8.0× on soc-Slashdot0902, and their point-to-point queries went on
    over the dicts (at 1.1–1.4× NetworkX) long after a conversion would have paid.  The
    count (a pass over every row, 2.1 ms on soc-Slashdot0902's 82 168: ~26 ns a vertex,
    up to 60 on a graph fresh from a copy) starts once the queries have taken
    ``CONVERT_NS`` a vertex, and runs in slices after the queries that follow
    (``COUNT_NS``), so that a graph's first query pays none of it: counted in one go, it
    made the query that found the account there take a third longer than the one
    before (ca-CondMat-cc1, ``bidirectional_dijkstra``: 5.4 against 4.1 ms).  While
    it runs, the entries counted so far bound the count from below, and the conversion
    waits until the account passes twice what they say; past that the rest is counted
    at once (a graph of about as many entries as vertices), so a conversion comes at
    most twice its account late."""
    G = getattr(G, "nx", G)
    cache = getattr(G, "__networkx_cache__", None) if _caching() else None
    if not cache or (_SPENT, weight) not in cache:
        return False
    spent = cache[_SPENT, weight] * 1e9
    if spent < _price_ns(G, 0):
        return False
    if _ENTRIES not in cache:
        if spent < 2 * _price_ns(G, cache.get(_COUNTING, (None, 0))[1]):
            return False
        _count_entries(G, cache, len(G))
    return spent >= _price_ns(G, cache[_ENTRIES])


def _price_ns(G, entries: int) -> float:
    """What converting ``G`` is estimated to take, in ns, for ``entries`` adjacency
    entries (or a vertex each, where that is more): the rent-or-buy account's mark."""
    return CONVERT_FIXED_NS + CONVERT_NS * max(entries, len(G))


def _count_entries(G, cache: dict, rows: int) -> None:
    """``rows`` more of ``G``'s rows counted into ``cache[_COUNTING]``; the total into
    ``cache[_ENTRIES]`` once every row is.  (A change to the graph through NetworkX's
    methods clears the cache and the count with it; one that changes its rows' number
    otherwise starts the count again.)"""
    state = cache.get(_COUNTING)
    if state is None:
        state = cache[_COUNTING] = [iter(G._adj.values()), 0, 0]
    take = min(rows, len(G) - state[2])
    try:
        state[1] += sum(map(len, islice(state[0], take)))
    except RuntimeError:                       # the rows changed under the count
        del cache[_COUNTING]
        return
    state[2] += take
    if state[2] >= len(G):
        cache[_ENTRIES] = state[1]
        del cache[_COUNTING]


#: the rows ``sampled_entries`` reads
SAMPLE = 512


def adjacency_entries(G) -> int:
    """``G``'s adjacency entries (each undirected edge twice; a multigraph's neighbours
    once): a C-level pass over every row (~26 ns a vertex; ``number_of_edges`` walks
    the degrees)."""
    return sum(map(len, G._adj.values()))


def sampled_entries(G) -> int:
    """``G``'s adjacency entries estimated from its first ``SAMPLE`` rows (exact where
    it has no more)."""
    if len(G) <= SAMPLE:
        return adjacency_entries(G)
    return sum(map(len, islice(G._adj.values(), SAMPLE))) * len(G) // SAMPLE


#: the point-to-point queries NetworkX's own searches answer over its dicts
#: (``searches.py``): Dijkstra and A* given a plain weight, the BFS from both ends by hops;
#: the graph is not converted for them under ``backend_priority`` (``from_dicts``)
FROM_SEARCHES = frozenset({"bidirectional_dijkstra", "dijkstra_path", "dijkstra_path_length",
                           "single_source_dijkstra", "shortest_path", "shortest_path_length",
                           "astar_path", "astar_path_length", "bidirectional_shortest_path"})
#: ... those NetworkX answers by Dijkstra from the source alone (``shortest_path`` with a
#: weight runs the two-heap search; ``shortest_path_length``, ``dijkstra_path_length``)
ONE_HEAP = frozenset({"dijkstra_path", "dijkstra_path_length", "single_source_dijkstra",
                      "shortest_path_length"})
_let = threading.local()


def searches_serve(name: str, args: tuple, kwargs: dict):
    """Whether NetworkX's search over its dicts (``searches.py``) answers this
    point-to-point query: one of ``FROM_SEARCHES`` — by hops (its BFS from both ends), or
    with a plain weight on a graph that is not a multigraph, by Dijkstra without a cutoff
    or by A* without a heuristic — to a target not near (NetworkX's own search is quicker
    than a served call there).  Near: for the queries by hops and by Dijkstra from one
    end or two, the search itself ends within ``PROBE_EDGES`` adjacency entries read and
    ``NEAR_S`` seconds (``searches.TwoFringes``, ``DijkstraTo``, ``TwoHeaps``: returned,
    to be taken on where it has not ended, its answer taken where it ended after
    ``NEAR_S``: a Dijkstra of 2 048 entries takes ~1 ms, which NetworkX would run
    again); for A*, ``near_target``'s BFS probe.  A served query's probe is charged to
    the graph's account (``charge``): it is the search, or its start."""
    from . import frontier, searches  # noqa: F401  (imported before the probe's clock)

    a = _arguments(name, args, kwargs)
    if name not in FROM_SEARCHES or a is None or not point_to_point(name, a):
        return False
    weight = REGISTRY[name].weight(a)
    hops = REGISTRY[name].weight_arg is None or (name.startswith("shortest_path")
                                                 and weight is None)
    if name.startswith("shortest_path") and not hops and a.get("method") != "dijkstra":
        return False                          # (Bellman-Ford: its queue, converted)
    if name.startswith("astar") and a.get("heuristic") is not None:
        return False
    G = getattr(a.get("G"), "nx", a.get("G"))
    source, target = a.get("source"), a.get("target")
    if _absent(G, source, target) or source == target:
        return False                          # (NetworkX raises, or answers, at once)
    if not hops and ((a.get("cutoff") is not None and not name.startswith("astar"))
                     or not searches.served(G, weight)):    # (A*'s cutoff: replayed)
        return False
    kind = ("hops" if hops else "one heap" if name in ONE_HEAP
            else "A*" if name.startswith("astar") else "two heaps")
    probe = (kind, source, target, weight if kind == "one heap" else None)
    cache = getattr(G, "__networkx_cache__", None) if _caching() else None
    if cache is not None and cache.get(_NEAR) == probe:
        return False                          # probed near already (see _NEAR)
    start = time.perf_counter()
    ended, verdict = _probed(G, kind, source, target, weight, not name.endswith("_length"))
    took = time.perf_counter() - start
    if ended and (kind == "A*" or took < NEAR_S):
        if cache is not None:
            cache[_NEAR] = probe
        return False
    charge(G, weight, took)                   # (the served search, or its start)
    return verdict


#: the last query ``searches_serve``'s probe found near, kept in ``G.__networkx_cache__``
#: (cleared when the graph changes): NetworkX's own version of a declined query calls
#: another dispatched function with the same ends (``shortest_path`` calls
#: ``bidirectional_shortest_path`` or ``bidirectional_dijkstra``, ``dijkstra_path``
#: ``single_source_dijkstra``), whose probe would be the same search again — wiki-Vote,
#: ``shortest_path`` by hops at its median pair, probed twice: 204 µs a call against 47
#: for plain NetworkX (2 cores, under load).  A decline is never wrong, only slower.
_NEAR = ("semiring_paths", "near query")


def _probed(G, kind: str, source, target, weight, paths: bool) -> tuple:
    """``searches_serve``'s probe of one kind: ``(ended, search)``, ``ended`` where the
    search ended within ``PROBE_EDGES`` entries read (for A*, where ``near_target``
    finds the target near: its search is not the probe's), ``search`` the search to
    take on or to take the answer from (True: nothing to take)."""
    from . import searches
    from .frontier import succ_pred

    if kind == "hops":
        search = searches.TwoFringes(*succ_pred(G), source, target)
        return search.run(PROBE_EDGES), search
    if kind in ("one heap", "two heaps"):     # Dijkstra: probed by itself
        search = (searches.DijkstraTo(succ_pred(G)[0], source, target, weight, paths)
                  if kind == "one heap" else
                  searches.TwoHeaps(*succ_pred(G), source, target, weight))
        try:
            return search.run(PROBE_EDGES), search
        except Exception:                     # negative (or non-numeric) weights met: the
            return False, True                # call meets them again, raising as NetworkX
    # A*: a breadth-first probe (its search is not taken on)
    return near_target(G, source, target), True


def _absent(G, source, target) -> bool:
    """Whether an end of a query is not a node of ``G`` (or cannot be one)."""
    try:
        return source not in G._adj or target not in G._adj
    except TypeError:                                # unhashable: NetworkX says so
        return True


def near_target(G, source, target) -> bool:
    """Whether a breadth-first probe from ``source`` over ``G``'s dicts meets ``target``
    (or runs out of vertices) within ``PROBE_EDGES`` adjacency entries read: then
    NetworkX's own search ends almost at once, under the cost of serving a call (about
    0.13 ms of NetworkX's dispatch more than a declined one).  True for nodes not in
    ``G`` too (NetworkX raises at once)."""
    from .frontier import _step

    if _absent(G, source, target):
        return True
    adj = G._adj
    q, seen, read = {source}, {source}, 0
    while q:
        read += sum(map(len, map(adj.__getitem__, q)))
        if read > PROBE_EDGES:
            return False
        q = _step(adj, q, seen)                      # q'{!seen} = q' any.pair A
        if target in q:
            return True
        seen |= q
    return True


def pending(G) -> bool:
    """Whether ``let_through`` marked ``G`` for the call under way (read, not cleared)."""
    return getattr(_let, "graph", None) == id(getattr(G, "nx", G))


def let_through(G, search=True) -> None:
    """``should_run`` lets a point-to-point query on ``G`` (not converted) through, to
    be answered from NetworkX's dicts, with the search its probe started where it did
    (thread-local: NetworkX calls the function right after ``should_run``)."""
    _let.graph, _let.search = id(G), search


def from_dicts(G):
    """Whether this call on ``G`` (a converted object) was let through by
    ``let_through``: then it is answered from NetworkX's dicts, where a call that names
    the backend converts the graph (its later queries then run on the engine's graph).
    False, or what ``let_through`` was given: True, or the search to take on.  Read
    once: the mark is cleared."""
    mark, _let.graph = getattr(_let, "graph", None), None
    search, _let.search = getattr(_let, "search", None), None   # (it holds G's dicts)
    return mark is not None and mark == id(getattr(G, "nx", G)) and search


def cached_conversions(G) -> list:
    """Our converted objects of the NetworkX graph ``G`` that NetworkX's cache holds."""
    cache = getattr(G, "__networkx_cache__", None) if _caching() else None
    ours = cache.get("backends", {}).get("semiring_paths", {}) if cache else {}
    return [g for g in ours.values() if getattr(g, "__networkx_backend__", None)
            == "semiring_paths"]


def converted(G, weight: str | None) -> bool:
    """Whether the pass over every edge that a point-to-point query would pay for has
    been made: ``G``'s adjacency read (``weight=None``: hops), or its ``weight``s — as
    the engine's graph, or as the arrays NetworkX's own searches replay over
    (``convert.SemiringPathsGraph.adjacency`` / ``adjacency_weights``)."""
    keys = ((None, False), ("adj", False)) if weight is None else (
        (weight, False), ("adjw", weight, False))
    ours = ([G] if getattr(G, "__networkx_backend__", None) == "semiring_paths"
            else cached_conversions(G))
    return any(k in g._graphs for g in ours for k in keys)


def no_precomputed_paths(a: dict) -> str | None:
    """``can_run`` of the functions that take NetworkX's precomputed ``sp=``."""
    return ("precomputed shortest paths (sp=) are left to NetworkX"
            if a.get("sp") is not None else None)


def dispatched(name: str) -> Callable:
    """NetworkX's dispatchable function that it dispatches as ``name`` (its
    ``__name__``, which may not be its name in ``networkx``: ``load_centrality`` is
    dispatched as ``newman_betweenness_centrality``)."""
    return nx.utils.backends._registered_algorithms[name]


@functools.cache
def _parameters(name: str) -> tuple[tuple[str, ...], dict[str, Any], bool]:
    """NetworkX's parameters of ``name`` in order, their defaults, and whether it takes
    other keywords (its dispatcher's ``**backend_kwargs``): read once."""
    every = inspect.signature(dispatched(name)).parameters.values()
    params = [p for p in every if p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)]
    return (tuple(p.name for p in params),
            {p.name: p.default for p in params if p.default is not p.empty},
            any(p.kind == p.VAR_KEYWORD for p in every))


def _arguments(name: str, args: tuple, kwargs: dict) -> dict[str, Any] | None:
    """Every argument of a call by name, defaults filled in (what ``Signature.bind`` and
    ``apply_defaults`` give, at a tenth of their cost: ``can_run`` runs on every
    dispatched call, after NetworkX has bound the same arguments itself); None for
    arguments the signature cannot take."""
    names, defaults, other_keywords = _parameters(name)
    if len(args) > len(names):
        return None
    a = dict(defaults)
    a.update(zip(names, args))
    if not other_keywords:
        for key in kwargs:
            if key not in defaults and key not in names[len(args):]:
                return None
    a.update(kwargs)
    return a


def _caching() -> bool:
    """NetworkX's own switch for caching converted graphs (on by default): what a graph
    was found to hold is kept only while it is on."""
    return bool(getattr(nx.config, "cache_converted_graphs", True))


def weight_facts(G, weight: str) -> tuple[bool, bool]:
    """(every ``weight`` is a finite number, some is negative), scanned once per graph and
    attribute: kept in ``G.__networkx_cache__``, which NetworkX clears whenever the graph
    is changed through its methods, while ``nx.config.cache_converted_graphs`` is on (the
    same rules as its cache of converted graphs)."""
    cache = getattr(G, "__networkx_cache__", None) if _caching() else None
    key = (*_FACTS, weight)
    if cache is not None and key in cache:
        return cache[key]
    w = adjacency_weights(G, weight)
    facts = (w is not None, w is not None and bool((w < 0).any()))
    if cache is not None and w is not None and not G.is_multigraph():
        cache[_HANDED, weight] = w                # for the conversion that follows
    if cache is not None:
        cache[key] = facts
    return facts


_HANDED = ("semiring_paths", "weights for the conversion")


def handed_weights(G, weight: str) -> np.ndarray | None:
    """The weights :func:`weight_facts` read for the conversion that follows it, taken
    (once: a later conversion reads the graph again, so a graph changed in place is read
    as it is then); else read now."""
    cache = getattr(G, "__networkx_cache__", None)
    w = cache.pop((_HANDED, weight), None) if cache is not None else None
    return w if w is not None else adjacency_weights(G, weight)


def adjacency_weights(G, weight: str) -> np.ndarray | None:
    """Every edge's ``weight`` (missing: 1) in NetworkX's adjacency order — ``for u in G:
    for v in G._adj[u]`` (both ways when undirected; each parallel edge of a multigraph)
    — as int64 or float64; None where some value is not a finite Python int or float
    (booleans and NumPy scalars, whose sums NetworkX keeps in their own type, included), or
    where ints could add up past 2⁵³ on a path (``max |w| · (n − 1)``):
    NetworkX's sums of Python ints are exact there, the engine's float64 ones not.
    ``weight=None`` reads nothing: NetworkX's weight function then gives every edge 1
    (``data.get(None, 1)``; no attribute is keyed None), so the ones are built."""
    nbrs = G._adj.values()
    if weight is None:
        m = (sum(len(kd) for nb in nbrs for kd in nb.values()) if G.is_multigraph()
             else sum(map(len, nbrs)))
        return np.ones(m, np.int64)
    w = None if G.is_multigraph() else row_weights(G._adj, weight)   # compiled
    if w is None:
        vals = _values(G, weight)
        w = np.array(vals) if vals else np.zeros(0, np.int64)
        if not set(map(type, vals)) <= {int, float}:
            w = None
    if w is None or w.dtype.kind not in "if" \
            or (w.dtype.kind == "f" and not np.isfinite(w).all()):
        w = None
    elif w.dtype.kind == "i":
        w = w.astype(np.int64, copy=False)
        if int_sums_past_float64(w, len(G)):
            w = None
    else:
        w = w.astype(np.float64, copy=False)
    return w


def _each_weight(G, weight: str) -> Iterator:
    """Every edge's ``weight`` (missing: 1) in NetworkX's adjacency order, as given,
    one at a time (a scan that stops early reads no more)."""
    nbrs = G._adj.values()
    if G.is_multigraph():
        attrs = chain.from_iterable(kd.values() for nb in nbrs for kd in nb.values())
    else:
        attrs = chain.from_iterable(map(dict.values, nbrs))          # C-level loops
    return map(dict.get, attrs, repeat(weight), repeat(1))         # (3× a methodcaller)


def _values(G, weight: str) -> list:
    """:func:`_each_weight`, all of them."""
    return list(_each_weight(G, weight))


def declined_weights(G, weight: str) -> str:
    """Why :func:`adjacency_weights` refused ``weight``'s values (read again: only ever
    asked for the reason a call is declined)."""
    vals = _values(G, weight)
    types = set(map(type, vals))
    if types == {int}:                      # (beyond int64, NumPy's array holds objects)
        w = np.array(vals) if vals else np.zeros(0, np.int64)
        if w.dtype.kind == "O" or int_sums_past_float64(w, len(G)):
            return ("integer weights whose path sums could pass 2**53 are left to "
                    "NetworkX (its Python ints add exactly)")
    if not types <= {int, float} and all(
            issubclass(t, (np.integer, np.floating, int, float)) and t is not bool
            for t in types):
        return ("NumPy scalar weights are left to NetworkX (its sums keep their type: "
                "float32 ones add in float32)")
    return "non-numeric or non-finite weights are left to NetworkX"


REGISTRY: dict[str, Registered] = {}


def declines_doc(reg: Registered) -> str:
    """``reg``'s doc and what its ``can_run`` leaves to NetworkX (``get_info``)."""
    left = [*(COMMON_DECLINES if reg.weight_arg else COMMON_DECLINES[:1]), *reg.declines]
    if reg.dijkstra:
        left.append("negative weights where NetworkX runs Dijkstra (its own behaviour "
                    "is kept)")
    return f"{reg.doc} Left to NetworkX (can_run declines): {'; '.join(left)}."


#: the doc of the functions whose answer is NetworkX's own breadth-first search: its
#: order, levels and parents come out of one compiled pass over the converted adjacency
#: (``replay.bfs_levels``), which is the whole search; no product would add to it
BFS_REPLAYED = ("NetworkX's breadth-first search (from both ends for a point-to-point "
                "query), compiled over the converted adjacency: one pass gives its queue "
                "order, levels and parents.")


@contextlib.contextmanager
def no_cycle_collection():
    """Python's cyclic collector held off while a served function builds its answer.
    The answer is acyclic (dicts and lists of labels), but the many objects it allocates
    trigger collections, and a full one walks every object alive — the NetworkX graph's
    dict of dicts above all.  On 4elt (15 606 vertices), 12 calls each: the slowest
    ``single_source_dijkstra`` went from 131 to 25 ms and ``multi_source_dijkstra`` from
    131 to 33 ms, medians unchanged.  Reference counting frees everything as before.

    On the way out the answer goes straight to the oldest generation (``gc.freeze()``
    then ``gc.unfreeze()``: two list splices, and the young count reset) — else the
    first allocation after the call runs a young collection that walks every slot of
    every path list: on osm-malta (34 714 paths, 3.2·10⁶ slots) 25 of the 53 ms of
    ``single_source_shortest_path``.  The answer is what the caller keeps; a later full
    collection still sees it.  Skipped where the caller has frozen objects of its own
    (``unfreeze`` would thaw them too)."""
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        if nothing_frozen():
            gc.freeze()
            _unfreeze()
        gc.enable()


#: objects frozen as this module is imported: the interpreter's own, not a caller's —
#: Python 3.12 keeps its immortal objects that the collector tracks in the permanent
#: generation (375 in 3.12.1; 3.11 and 3.13 none), and a full collection puts them back
#: there after ``gc.unfreeze()`` has thawed them
_IMMORTAL_FROZEN = gc.get_freeze_count()
#: the full collections run when this module last thawed them (None: never)
_thawed_at: int | None = None


def nothing_frozen() -> bool:
    """No object is frozen but the interpreter's own (``_IMMORTAL_FROZEN``, unless no
    full collection has run since they were thawed here): a freeze and
    ``gc.unfreeze()`` here would thaw no caller's objects.  On 3.12, counting those as a
    caller's had left every answer in the young generation."""
    own = 0 if _thawed_at == gc.get_stats()[2]["collections"] else _IMMORTAL_FROZEN
    return gc.get_freeze_count() <= own


def _unfreeze() -> None:
    """``gc.unfreeze()``, the full collections at that moment noted (``nothing_frozen``)."""
    global _thawed_at
    gc.unfreeze()
    _thawed_at = gc.get_stats()[2]["collections"]


class drained:
    """What ``call()`` returns (an iterable: a generator, or a zip of lists), all made
    at the first request with the cyclic collector held off (``no_cycle_collection``),
    then handed out with the older objects frozen until they are all taken (``_Frozen``:
    the consumer's allocations start no full collection that walks them); an error it
    raises comes after the items made before it, as it would have, and nothing runs or
    raises before the first request, as NetworkX's generators.  For the generators whose
    whole answer is one search (the BFS edges, layers and successors): left to make
    their items as they are asked for, the consumer's loop runs with collections on, and
    a full one walks every object alive for each few hundred new (luxembourg_osm,
    ``list(bfs_successors(...))``: 220–234 ms, 32 ms with the collector off; NetworkX
    445–466).  A ``call`` that returns a zip is drained at C speed, and ``iter()`` hands
    out the list's own iterator chained to ``_Frozen`` (the state ``next()`` reads too),
    so ``list()`` and ``for`` take the items at C speed: a generator in between costs
    each item a resume (4elt, ``list(bfs_labeled_edges)``, 229 395 items: 5.9 → 3.9 ms;
    NetworkX 23).  Not for the all-pairs generators (one search an item: all of them at
    once would hold n answers) nor the path enumerations (possibly exponential)."""

    __slots__ = ("_call", "_items")

    def __init__(self, call: Callable[[], Iterable]):
        self._call, self._items = call, None

    def _start(self) -> Iterator:
        out, err = [], None
        with no_cycle_collection():
            try:
                out.extend(self._call())
            except Exception as e:                    # raised where NetworkX raises it
                err = e
        self._call = None
        if err is not None:
            self._items = then_raise(out, err)
        elif gc.isenabled() and nothing_frozen():
            self._items = chain(out, _Frozen())       # (C-level: as the list's iterator)
        else:
            self._items = iter(out)
        return self._items

    def __iter__(self) -> Iterator:
        return self._items if self._items is not None else self._start()

    def __next__(self):
        return next(self._items if self._items is not None else self._start())


class _Frozen:
    """Every object alive kept out of the cyclic collector's reach (``gc.freeze()``)
    while a ``drained`` answer is being taken, until it is used up (this object, last in
    its chain, is reached) or dropped; then back in the oldest generation
    (``gc.unfreeze()``).  The consumer's own allocations (``bfs_tree`` adding each edge
    it is handed to its ``DiGraph``, under a plain priority list where NetworkX builds
    the tree itself) set off full collections, each walking every object alive — the
    NetworkX graph's dicts above all: on wing (62 032 vertices) one such collection took
    218 of the 312 ms of ``bfs_tree``, 24 ms with the objects older than the call frozen
    (plain NetworkX: two, 460 of its 650 ms).  Only objects made since are collected
    meanwhile: a cycle dropped before the answer was made waits until it is taken, or
    dropped, to be collected; nothing is lost.  ``drained`` freezes only where nothing is
    frozen already (``unfreeze`` would thaw the caller's objects too); a freeze made
    elsewhere while the items are being taken is thawed with them."""

    __slots__ = ("_held",)

    def __init__(self):
        gc.freeze()
        self._held = True

    def _thaw(self) -> None:
        if self._held:
            self._held = False
            _unfreeze()

    def __iter__(self) -> Iterator:
        self._thaw()
        return iter(())

    def __del__(self):
        self._thaw()


def made_apart(items: Iterable) -> Iterator:
    """An all-pairs generator's items (one search's answer each), each made with the
    cyclic collector held off (``no_cycle_collection``), handed out as it is made, as
    NetworkX yields them.  A served generator returns before its first item, so the
    collector is back on by then: on polblogs (1 490 vertices), ``dict(all_pairs_shortest_
    path(G))`` took 1.10 s made so, 0.30 s made apart (NetworkX 2.53 s): the young
    collections of each source's 1 200 new lists walk the lists kept before."""
    items = iter(items)
    while True:
        with no_cycle_collection():
            try:
                item = next(items)
            except StopIteration:
                return
        yield item


def then_raise(items: Iterable, err: Exception) -> Iterator:
    """``items``, then ``err`` raised: a generator's items before its error."""
    yield from items
    raise err


def networkx_algorithm(*, weight_arg: str | None = None,
                       dijkstra: bool | Callable[[dict], bool] = False,
                       can_run: Callable[[dict], str | None] | None = None,
                       declines: tuple[str, ...] = (), drain: bool = False,
                       each: bool = False,
                       doc: str = "Computed by semiring_paths' masked vector-matrix "
                                  "products.",
                       name: str | None = None) -> Callable[[Callable], Callable]:
    """Register ``fn`` as the backend's version of ``networkx.<fn.__name__>``, or of the
    function NetworkX dispatches as ``name`` (``drain``: a generator whose items are made
    at once, see :func:`drained`; ``each``: where it returns a generator of one search an
    item, each item made apart, see :func:`made_apart`)."""
    def deco(fn: Callable) -> Callable:
        nonlocal name
        name = name or fn.__name__

        def served(*args: Any, **kwargs: Any):
            G = args[0] if args else kwargs.get("G")
            cache = getattr(getattr(G, "nx", G), "__networkx_cache__", None)
            if cache and cache.pop(_UNCHECKED, False) and not pending(G):
                # can_run deferred the weight scan (a point-to-point query on a graph
                # not converted yet): done now, and NetworkX's own code where it declines
                # (not for a query answered from NetworkX's dicts: its own search, which
                # meets any weights as NetworkX's does)
                if REGISTRY[name].can_run(args, kwargs, defer=False) is not True:
                    orig = dispatched(name).orig_func
                    if args:
                        return orig(getattr(G, "nx", G), *args[1:], **kwargs)
                    return orig(**{**kwargs, "G": getattr(G, "nx", G)})
            dispatch_counts[name] += 1
            if drain:
                return drained(functools.partial(fn, *args, **kwargs))
            a = _arguments(name, args, kwargs) if pending(G) else None
            # let through: over NetworkX's dicts, its time charged to the graph's account
            with (charged(G, REGISTRY[name].weight(a)) if a is not None
                  else contextlib.nullcontext()), no_cycle_collection():
                out = fn(*args, **kwargs)
            return made_apart(out) if each and isinstance(out, GeneratorType) else out

        served.__name__, served.__doc__ = name, fn.__doc__ or doc
        served._implementation = fn
        REGISTRY[name] = Registered(name, served, weight_arg, dijkstra, can_run, doc,
                                    declines)
        return served
    return deco
