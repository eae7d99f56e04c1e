"""The NetworkX graph converted once: node labels ↔ indices, the engine's Graph per weight
attribute, NetworkX's adjacency order, and the helpers every served function shares."""

from __future__ import annotations

import marshal
import math
from collections.abc import Iterator
from itertools import chain, repeat
from typing import Any, ClassVar

import networkx as nx
import numpy as np

from .. import sssp as _sssp
from ..cpu.loops.pair import Scratch
from ..exceptions import NegativeCycleError
from ..graph import Graph, id_dtype
from ..multi_source import multi_source_bfs, multi_source_sssp
from ..results import levels_to_distances
from ..single_source import bfs as _bfs
from . import registry
from .replay import bfs_levels, expand_level, settle_order, start_levels
from .tables import Labels, label_hashes, read_rows, row_tables

NAME = "semiring_paths"


class _IntIndex:
    """``SemiringPathsGraph.index`` where the labels are 0 … n-1: an int label is its own
    index, with no dict built (8 300 labels: 0.4 ms of a first call that NetworkX answers
    in 3.5); any other label equal to one (``3.0``, ``np.int64(3)``, ``True``) goes
    through the dict, built on first use."""

    __slots__ = ("_build", "_dict", "_n")

    def __init__(self, n: int, build):
        self._n, self._build, self._dict = n, build, None

    def __getitem__(self, v) -> int:
        if type(v) is int:
            if 0 <= v < self._n:
                return v
            raise KeyError(v)
        if self._dict is None:
            self._dict = self._build()
        return self._dict[v]


#: one item of a list as ``marshal`` (version 2) writes an int of 32 bits: its code, then
#: its value
_MARSHAL_INT = np.dtype([("code", "S1"), ("value", "<i4")])


def _counts_up(nodes: list) -> bool:
    """``nodes`` is ``[0, 1, …, n-1]``, every item an ``int`` itself: ``marshal``
    writes the list in one C-level pass, each such int as ``b"i"`` and its 4 bytes,
    and refuses what is not (a bool gets its own code, a float or str theirs, an
    ``np.int64`` or other int subclass raises), and NumPy reads codes and values back
    (62 586 labels: 1.3 ms, against 3.0 for a pass over their types and a comparison
    with ``range``)."""
    n = len(nodes)
    if n and not (type(nodes[0]) is int and type(nodes[-1]) is int
                  and nodes[0] == 0 and nodes[-1] == n - 1):
        return False                                # most other labellings, at once
    try:
        raw = marshal.dumps(nodes, 2)               # version 2: no back-references
    except ValueError:
        return False
    if len(raw) != 5 + _MARSHAL_INT.itemsize * n:   # "[", the count, the items
        return False
    items = np.frombuffer(raw, _MARSHAL_INT, n, 5)
    return bool((items["code"] == b"i").all()
                and (items["value"] == np.arange(n, dtype=np.int32)).all())


class SemiringPathsGraph:
    """A NetworkX graph converted once: node labels ↔ indices, and per weight attribute a
    :class:`~semiring_paths.Graph`; keeps the NetworkX graph for adjacency order."""

    __networkx_backend__ = NAME

    def __init__(self, G: nx.Graph):
        self.nx = G
        # what is built from G (labels, engine graphs per weight, adjacency, scratch),
        # shared with the converted objects of G that NetworkX's cache holds (it keeps one
        # per set of attributes, and may drop one for a more general one): as fresh as
        # that cache.  Nothing is read from G here: a query answered from a few vertices
        # (``descendants_at_distance``) must not pay for a pass over the graph.
        self._graphs: dict[Any, Any] = next(
            (g._graphs for g in registry.cached_conversions(G)), {})

    @property
    def nodes(self) -> list:
        """The node labels in NetworkX's order (index i ↔ ``nodes[i]``)."""
        if "nodes" not in self._graphs:
            self._graphs["nodes"] = list(self.nx)
        return self._graphs["nodes"]

    @property
    def index(self) -> dict | _IntIndex:
        """Label → index (a mapping: ``G.index[label]``)."""
        if "index" not in self._graphs:
            self._graphs["index"] = (_IntIndex(len(self.nodes), self._label_dict)
                                     if self._labels_are_indices else self._label_dict())
        return self._graphs["index"]

    def _label_dict(self) -> dict:
        nodes = self.nodes
        return dict(zip(nodes, range(len(nodes))))    # C-level

    @property
    def _label_hashes(self) -> Labels | None:
        """The labels' hashes and their table, where all are distinct: rows keyed by
        these labels are read from their dicts' tables (``tables.read_rows``)."""
        if "label hashes" not in self._graphs:
            self._graphs["label hashes"] = label_hashes(self.nodes)
        return self._graphs["label hashes"]

    @property
    def _labels_are_indices(self) -> bool:
        """The nodes are 0 … n-1 in order (graphs built from arrays and matrices).
        Kept with what is built from G (NetworkX's nested dispatches each make a new
        converted object: on wiki-Vote the check ran three times a first call)."""
        if "identity" not in self._graphs:
            self._graphs["identity"] = _counts_up(self.nodes)
        return self._graphs["identity"]

    @property
    def label_array(self) -> np.ndarray:
        """The node labels as a NumPy object array (the graph's own label objects): a
        gather from it makes no new objects (4elt, 5·10⁵ indices of integer labels: 5.8
        against 7.9 ms for ``tolist``; in a random order of 115 000, 2.7 against 1.5)."""
        if "label_array" not in self._graphs:
            self._graphs["label_array"] = np.fromiter(self.nodes, object, len(self.nodes))
        return self._graphs["label_array"]

    #: a list of labels this many times the vertices long repeats each one enough that
    #: taking the graph's own label objects beats making new ints, where labels are
    #: indices (``list(bfs_labeled_edges(...))`` made with the collector off, after a
    #: collection, min of 7, ms, ints made → labels gathered, tails and heads: cit-HepTh
    #: (12.7 entries a vertex) 35.0 → 30.7, MIT8 (39) 39.7 → 31.3, wiki-Vote (14.6)
    #: 8.2 → 6.6, delaunay_n15 (6) 17.2 → 15.6, 4elt (2.9) 7.6 → 7.5; osm-malta (1.2)
    #: 5.6 → 6.1 and luxembourg_osm (1.05) 20.5 → 27.1, where the gather's touches of
    #: 10⁵ scattered objects cost more than new ints made in order)
    GATHER_REPEATS: ClassVar[int] = 4

    def labels(self, idx) -> list:
        """The node labels of indices ``idx`` (an int array or list), as a list: where
        labels are indices the ints themselves (made new, unless ``idx`` is long enough
        to repeat them: ``GATHER_REPEATS``), else a gather from ``label_array`` (4 720
        labels: 31 µs, against 114 for a map over the node list)."""
        if self._labels_are_indices and len(idx) < self.GATHER_REPEATS * len(self):
            return idx.tolist() if isinstance(idx, np.ndarray) else list(idx)
        return self.label_array[np.asarray(idx, np.int64)].tolist()

    def is_directed(self) -> bool:
        return self.nx.is_directed()

    def is_multigraph(self) -> bool:
        return self.nx.is_multigraph()

    def __len__(self) -> int:
        return len(self.nx)

    def __contains__(self, v) -> bool:
        try:
            return v in self.nx._adj
        except TypeError:
            return False

    def __iter__(self):
        return iter(self.nodes)

    def graph(self, weight: str | None = None, reverse: bool = False) -> Graph:
        """The engine's graph for ``weight`` (None: unweighted), optionally reversed.
        Missing attributes weigh 1; parallel edges keep the least weight (NetworkX's
        Dijkstra does the same)."""
        key = (weight, reverse)
        if key not in self._graphs and not self.nx.is_multigraph() and (
                weight is None or not reverse or not self.nx.is_directed()):
            self._graphs[key] = self._from_adjacency(weight, reverse)
        if key not in self._graphs:
            src, dst, w = (self._edges(weight) if self.nx.is_multigraph()
                           else self._adjacency_edges(weight))
            if reverse and self.nx.is_directed():
                src, dst = dst, src
            self._graphs[key] = Graph.from_edges(
                src, dst, w, n_vertices=len(self.nodes), directed=self.nx.is_directed())
        return self._graphs[key]

    def _from_adjacency(self, weight, reverse: bool) -> Graph:
        """A simple graph's CSR straight from its adjacency (already one entry per
        neighbour, both ways when undirected): only each row's columns are sorted, by
        one sort of ``row · n + column``; weights as the dispatch check read them."""
        indptr, indices = self.adjacency(reverse and self.nx.is_directed())
        n = len(self.nodes)
        keys = np.repeat(np.arange(n, dtype=np.int64), np.diff(indptr)) * n + indices
        w = None
        if weight is None:
            # stable: runs already in order (rows in order, often their columns too) are
            # taken as they are.  wiki-Vote's 103 689 keys, in order: 0.08 ms, against
            # 5.3 ms for the default quicksort (shuffled: 6.2 against 5.7 ms)
            keys.sort(kind="stable")
            cols = keys % n if n else keys
        else:
            w = registry.handed_weights(self.nx, weight)
            if w is None:
                raise TypeError(f"edge attribute {weight!r} holds values that are not "
                                "finite numbers")
            self._graphs.setdefault(("adjw", weight, False), w)   # (as read: int or float)
            order = np.argsort(keys, kind="stable")
            cols, w = indices[order], w[order]
        return Graph(indptr.copy(), cols.astype(id_dtype(n)), w,
                     directed=self.nx.is_directed())

    def _edges(self, weight):
        idx = self.index
        G = self.nx
        if weight is None:
            pairs = [(idx[u], idx[v]) for u, v in G.edges()]
            w = None
        else:
            data = [(idx[u], idx[v], d) for u, v, d in G.edges(data=weight, default=1)]
            pairs = [(a, b) for a, b, _ in data]
            vals = [d for _, _, d in data]
            w = np.array(vals) if vals else np.zeros(0, np.int64)
            if w.dtype == object or w.dtype == np.bool_:
                w = w.astype(np.float64)
        a = np.array([p[0] for p in pairs], dtype=np.int64)
        b = np.array([p[1] for p in pairs], dtype=np.int64)
        return a, b, w

    def _adjacency_edges(self, weight):
        """A simple graph's edges from its adjacency (both ways when undirected; the
        build keeps one of each pair), the weights read once with the dispatch check."""
        _, indices = self.adjacency()
        src = self.adjacency_tails()
        if weight is None:
            return src, indices, None
        w = registry.handed_weights(self.nx, weight)
        if w is None:
            raise TypeError(f"edge attribute {weight!r} holds values that are not finite "
                            "numbers")
        self._graphs.setdefault(("adjw", weight, False), w)   # same order, as read
        return src, indices, w

    def adjacency_weights(self, weight: str, reverse: bool = False) -> np.ndarray:
        """Weights aligned with :meth:`adjacency` (multigraph: least over parallel edges,
        missing attribute: 1; ``weight=None``: every edge 1, nothing read), as NetworkX's
        Dijkstra reads them, as float64."""
        return self._adjacency_weights(weight, reverse).astype(np.float64, copy=False)

    def edge_weight(self, u, v, weight: str):
        """The weight NetworkX's Dijkstra reads on the edge ``u → v`` (labels; the least
        over parallel edges, 1 where missing), as the Python object it holds."""
        data = self.nx._adj[u][v]
        if self.nx.is_multigraph():
            return min(d.get(weight, 1) for d in data.values())
        return data.get(weight, 1)

    def mixed_weights(self, weight: str) -> bool:
        """Some ``weight`` values are ints and others floats (NetworkX's sums are then
        ints along all-int paths only): read once, when a float graph's distances go
        out."""
        key = ("mixed", weight)
        if key not in self._graphs:
            adj = self.nx._adj
            if self.nx.is_multigraph():
                vals = (d.get(weight, 1) for nbrs in adj.values() for kd in nbrs.values()
                        for d in kd.values())
            else:
                vals = map(dict.get, chain.from_iterable(map(dict.values, adj.values())),
                           repeat(weight), repeat(1))
            self._graphs[key] = bool({int, bool} & set(map(type, vals)))
        return self._graphs[key]

    def integer_weights(self, weight: str) -> bool:
        """Every ``weight`` an int (missing ones count 1): NetworkX's sums stay ints."""
        return self._adjacency_weights(weight, False).dtype.kind == "i"

    def _adjacency_weights(self, weight: str, reverse: bool) -> np.ndarray:
        reverse = reverse and self.nx.is_directed()
        key = ("adjw", weight, reverse)
        if key not in self._graphs:
            if weight is None:                       # every edge 1 (registry's note)
                vals = np.ones(self.adjacency(reverse)[1].size, np.int64)
            elif self.nx.is_multigraph() or reverse:
                vals = self.weight_objects(weight, reverse)
            else:                    # (the dispatch check's read where it made one)
                vals = registry.handed_weights(self.nx, weight)
            vals = np.asarray(vals)
            if vals.dtype.kind not in "if":
                vals = vals.astype(np.float64)
            self._graphs[key] = vals
        return self._graphs[key]

    def weight_objects(self, weight, reverse: bool = False) -> list:
        """Each :meth:`adjacency` entry's weight as NetworkX's weight function reads it:
        the Python object (``d.get(weight, 1)``; a multigraph's least parallel edge, the
        first of equals), so that its type (int or float) is kept."""
        adj = self.nx._pred if reverse and self.nx.is_directed() else self.nx._adj
        if self.nx.is_multigraph():
            return [min(a.get(weight, 1) for a in kd.values())
                    for v in self.nodes for kd in adj[v].values()]
        # G._pred[v][u] is the data dict of u → v
        return list(map(dict.get, chain.from_iterable(map(dict.values, adj.values())),
                        repeat(weight), repeat(1)))

    def pair_scratch(self) -> tuple[Scratch, int]:
        """The per-vertex arrays point-to-point searches reuse between queries on this
        graph (``cpu/loops/pair.Scratch``) and this query's stamp: entries count only
        where ``seen`` equals it, so nothing is cleared."""
        if "pair" not in self._graphs:
            self._graphs["pair"] = Scratch(len(self.nodes))
        scratch = self._graphs["pair"]
        return scratch, scratch.next()

    def adjacency_tails(self) -> np.ndarray:
        """Each entry's row in :meth:`adjacency` (the edge's tail), aligned with it."""
        indptr, _ = self.adjacency(False)
        return np.repeat(np.arange(len(self.nodes), dtype=np.int64), np.diff(indptr))

    def edge_slots(self) -> tuple[np.ndarray, np.ndarray]:
        """``(slot, first)``: each entry of :meth:`adjacency`'s place among the edges as
        ``G.edges()`` lists them, each pair of nodes once (a multigraph's parallel edges
        share one place), and each place's entry, in that order.  Directed: the entries
        themselves.  Undirected: NetworkX lists ``(u, v)`` from u's row where v comes no
        earlier in the node order (a self-loop included), and the entry ``(v, u)`` takes
        the place of ``(u, v)``."""
        if "edge_slots" not in self._graphs:
            _, indices = self.adjacency(False)
            if self.is_directed():
                slot = first = np.arange(indices.size)
            else:
                tails, n = self.adjacency_tails(), len(self.nodes)
                first = np.flatnonzero(indices >= tails)
                key = np.minimum(tails, indices) * n + np.maximum(tails, indices)
                by_key = np.argsort(key[first], kind="stable")
                slot = by_key[np.searchsorted(key[first], key, sorter=by_key)]
            self._graphs["edge_slots"] = (slot, first)
        return self._graphs["edge_slots"]

    def negative_self_loop(self, weight) -> bool:
        """Some self-loop weighs less than 0 (NetworkX's Bellman-Ford checks this first:
        a negative cycle)."""
        if weight is None:
            return False
        _, indices = self.adjacency(False)
        return bool(((self.adjacency_tails() == indices)
                     & (self.adjacency_weights(weight) < 0)).any())

    #: levels a first search reads NetworkX's rows for itself, only those it reaches,
    #: before it reads the whole adjacency instead unless its levels average
    #: ``LEVEL_ENTRIES`` entries or more (a road network has hundreds of thin levels,
    #: each a few NumPy calls, ~15 µs; a citation graph's 28 levels from a vertex of
    #: cit-HepPh hold 261 604 entries, 99 % of them in the first 24)
    ROW_LEVELS: ClassVar[int] = 24
    LEVEL_ENTRIES: ClassVar[int] = 512

    def search_rows(self, sources: np.ndarray, reverse: bool, limit: float):
        """NetworkX's BFS from ``sources`` over only the rows it reaches, read out of
        NetworkX's dicts a level at a time (C-level reads, the level expanded compiled:
        ``replay.expand_level``), before the graph is converted: ``(queue, parents,
        ends)`` as :func:`replay.bfs_levels` gives them, or None once it passes
        ``ROW_LEVELS`` levels of fewer than ``LEVEL_ENTRIES`` entries on average (the
        caller then reads the whole adjacency).  A search NetworkX answers from a few
        rows of a large graph (wiki-Vote: 57 653 of 103 689 entries) reads no more than
        NetworkX's own.  One that runs to its end keeps the rows it read: a later search
        from vertices it reached stays within them (:meth:`reached_rows`).  One such
        search a graph and direction: its slot ``("reach", reverse)`` holds None once
        tried (cut short or given up), the rows as read once run to its end, and their
        CSR once a later search has used them."""
        reverse = reverse and self.nx.is_directed()
        adj = self.nx._pred if reverse else self.nx._adj
        rows_at = self._row_reader(adj)
        level, queue, parents, k = start_levels(len(self.nodes), sources)
        ends, head, depth, entries = [k], 0, 0, 0
        read: list[tuple[np.ndarray, np.ndarray]] = []
        # ---- a level a step, q = queue[head:tail], its rows read in queue order:
        #      q'{level < 0} = q any.secondi A    (found: each by its first tail, queued)
        while head < k and depth < limit:
            if len(ends) > self.ROW_LEVELS and entries < self.LEVEL_ENTRIES * len(ends):
                return None                              # thin levels: read them all
            tail = k
            self._graphs[("reach", reverse)] = None      # tried: the next one converts
            starts = np.zeros(tail - head + 1, np.int64)
            lengths, cols = rows_at(queue[head:tail])
            np.cumsum(lengths, out=starts[1:])
            read.append((starts, cols))
            entries += cols.size
            k = expand_level(queue, head, tail, k, starts, cols, depth, level, parents)
            if k == tail:                                # every reached row read
                self._graphs[("reach", reverse)] = (queue[:k].copy(), read)
                break
            ends.append(k)
            head = tail
            depth += 1
        return queue[:k], parents[:k], np.array(ends, np.int64)

    def reached_rows(self, reverse: bool, sources: np.ndarray):
        """``(indptr, indices)``: the rows :meth:`search_rows` read in a search that ran
        to its end (every other row empty), where that search reached all of
        ``sources`` (so any search from them stays within those rows); else None.  The
        CSR is built on first use here, in NetworkX's neighbour order."""
        reverse = reverse and self.nx.is_directed()
        kept = self._graphs.get(("reach", reverse))
        if kept is None:
            return None
        if isinstance(kept, tuple):
            order, read = kept
            lens = np.concatenate([np.diff(starts) for starts, _ in read])
            cols = np.concatenate([c for _, c in read])
            indptr = np.zeros(len(self.nodes) + 1, np.int64)
            indptr[order + 1] = lens
            np.cumsum(indptr, out=indptr)
            at = np.cumsum(lens) - lens                  # each row's place as read
            indices = np.empty_like(cols)
            indices[np.repeat(indptr[order] - at, lens) + np.arange(cols.size)] = cols
            member = np.zeros(len(self.nodes), np.bool_)
            member[order] = True
            kept = self._graphs[("reach", reverse)] = [indptr, indices, member]
        indptr, indices, member = kept
        return (indptr, indices) if member[sources].all() else None

    def reach_untried(self, reverse: bool = False) -> bool:
        """Whether neither the adjacency nor a search over the rows it reaches
        (:meth:`search_rows`) has been read this way round: a first search."""
        return (not self.has_adjacency(reverse)
                and ("reach", reverse and self.nx.is_directed()) not in self._graphs)

    def search_adjacency(self, sources: np.ndarray, reverse: bool = False
                         ) -> tuple[np.ndarray, np.ndarray]:
        """A CSR holding every row a BFS from ``sources`` reads: before the graph is
        converted, the rows a first search reached (:meth:`search_rows`, run here to its
        end where none has been tried; :meth:`reached_rows`), else the whole
        :meth:`adjacency` (also where that search gave up on thin levels or did not
        reach ``sources``)."""
        if not self.has_adjacency(reverse):
            if self.reach_untried(reverse):
                self.search_rows(sources, reverse, math.inf)
            rows = self.reached_rows(reverse, sources)
            if rows is not None:
                return rows
        return self.adjacency(reverse)

    def _row_reader(self, adj: dict):
        """``read(idx)``: ``(lengths, neighbours)`` of the rows of ``adj`` (``G._adj`` or
        ``G._pred``) at indices ``idx`` in that order (None: every row, in G's order),
        the neighbours as indices — from the rows' dict tables where they can be read
        (``tables.py``; the rows' addresses taken once here, for this call only), else
        by iterating NetworkX's dicts (C-level loops)."""
        n = len(self.nodes)
        ints = self._labels_are_indices
        labels = None if ints else self._label_hashes
        tables = row_tables(adj, n, labels) if ints or labels is not None else None
        index = None if ints else self.index.__getitem__

        def read(idx: np.ndarray | None) -> tuple[np.ndarray, np.ndarray]:
            if tables is not None and (got := read_rows(
                    tables if idx is None else tables[idx], n, labels)) is not None:
                return got
            rows = (list(adj.values()) if idx is None
                    else list(map(adj.__getitem__, self.labels(idx))))
            lengths = np.fromiter(map(len, rows), np.int64, len(rows))
            nbrs = chain.from_iterable(rows)
            if index is not None:
                nbrs = map(index, nbrs)
            return lengths, np.fromiter(nbrs, np.int64, int(lengths.sum()))
        return read

    def has_adjacency(self, reverse: bool = False) -> bool:
        """Whether :meth:`adjacency` has been built (a pass over every edge)."""
        return ("adj", reverse and self.nx.is_directed()) in self._graphs

    def adjacency(self, reverse: bool = False) -> tuple[np.ndarray, np.ndarray]:
        """CSR in NetworkX's neighbour order (``G._succ`` or ``G._pred``; one for both
        ways when undirected)."""
        reverse = reverse and self.nx.is_directed()
        key = ("adj", reverse)
        if key not in self._graphs:
            adj = self.nx._pred if reverse else self.nx._adj
            deg, indices = self._row_reader(adj)(None)               # G's order = nodes
            indptr = np.zeros(deg.size + 1, np.int64)
            np.cumsum(deg, out=indptr[1:])
            self._graphs[key] = (indptr, indices)
        return self._graphs[key]


def _sp(G) -> SemiringPathsGraph:
    return G if isinstance(G, SemiringPathsGraph) else SemiringPathsGraph(G)


# ============================================================================ helpers
def _node(G: SemiringPathsGraph, v, msg: str) -> int:
    if v not in G:
        raise nx.NodeNotFound(msg.format(v))
    return G.index[v]


def _endpoints(G: SemiringPathsGraph, source, target) -> None:
    """NetworkX's check of a point-to-point query's two nodes (its messages), without
    building the label index (a query answered from its dicts never needs one)."""
    if source not in G:
        raise nx.NodeNotFound(f"Source {source} is not in G")
    if target not in G:
        raise nx.NodeNotFound(f"Target {target} is not in G")


def _py(x, integer: bool):
    """A Python int / float (never a NumPy scalar), as NetworkX returns."""
    return int(x) if integer else float(x)


def _is_int(g: Graph) -> bool:
    return not g.weighted or g.weights.dtype.kind in "iu"


def _distances(G: SemiringPathsGraph, s: int, weight, reverse=False, method="dijkstra"
               ) -> tuple[np.ndarray, Graph]:
    """Engine distances from index ``s`` (inf where unreachable)."""
    g = G.graph(weight, reverse)
    if weight is None:
        return levels_to_distances(_bfs(g, s).levels), g
    strategy = "bellman-ford" if method == "bellman-ford" else "auto"
    try:
        return _sssp(g, s, strategy=strategy).distances, g
    except NegativeCycleError:
        raise nx.NetworkXUnbounded("Negative cycle detected.") from None


def _distance_rows(G: SemiringPathsGraph, idx: list[int], weight, reverse=False,
                   method="dijkstra", graph: Graph | None = None, hops: bool = False
                   ) -> Iterator[tuple[int, np.ndarray, Graph]]:
    """``(i, distances from i, graph)`` for each index, computed as many sources at a time
    as the backend's memory budget allows (``sp.multi_source_bfs`` / ``_sssp``), over
    ``G.graph(weight, reverse)`` or the ``graph`` given (same vertices, weighted);
    ``hops``: rows of int64 hop levels (-1: unreached) where ``weight`` is None."""
    from ..backends import backend_for
    from ..multi_source import LEVEL_BYTES, SSSP_BYTES, block_size

    g = G.graph(weight, reverse) if graph is None else graph
    if weight is not None and g.has_negative_weights:   # Bellman-Ford, one by one
        for i in idx:
            yield i, _distances(G, i, weight, reverse, method)[0], g
        return
    k = block_size(g, backend_for(g, "auto"), None, None,
                   LEVEL_BYTES if weight is None else SSSP_BYTES)
    for lo in range(0, len(idx), k):
        part = idx[lo:lo + k]
        if weight is None:
            D = multi_source_bfs(g, part)
            D = D if hops else levels_to_distances(D)
        else:
            D = multi_source_sssp(g, part)
        for i, row in zip(part, D):
            yield i, row, g


def _length_dict(G, d: np.ndarray, g: Graph, cutoff=None) -> dict:
    ok = np.isfinite(d)
    if cutoff is not None:
        ok &= d <= cutoff
    idx = np.nonzero(ok)[0]
    return _as_dict(G, idx[np.argsort(d[idx], kind="stable")], d, g)


def _as_dict(G: SemiringPathsGraph, order: np.ndarray, d: np.ndarray, g: Graph,
             sources=(), pred: np.ndarray | None = None, weight=None,
             reverse: bool = False) -> dict:
    """``{label: distance}`` for the indices ``order``, in that order, each distance the
    Python type NetworkX's sums give it: ints on integer graphs; on others floats, but for
    the ``sources`` (NetworkX starts them at the int 0) and, where weights mix ints and
    floats, for every vertex whose path (``pred``: the vertex NetworkX reached it from;
    ``reverse``: over the reversed graph, by the edge v → pred) weighs ints only."""
    if _is_int(g):
        return dict(zip(G.labels(order), d[order].astype(np.int64).tolist()))
    vals = d[order].tolist()
    ints = np.zeros(len(d), np.bool_)
    ints[np.asarray(list(sources), np.int64)] = True
    if pred is not None and weight is not None and G.mixed_weights(weight):
        nodes = G.nodes
        links = [(v, p) for v, p in zip(order.tolist(), pred[order].tolist()) if p >= 0
                 and isinstance(G.edge_weight(*((nodes[v], nodes[p]) if reverse
                                                else (nodes[p], nodes[v])), weight), int)]
        grew = True
        while grew:             # int from an int predecessor over an int edge (passes
            grew = False        # until none grows: ``order`` need not list pred first)
            for v, p in links:
                if ints[p] and not ints[v]:
                    ints[v] = grew = True
    for i in np.flatnonzero(ints[order]).tolist():
        vals[i] = int(vals[i])
    return dict(zip(G.labels(order), vals))


def dijkstra_cutoff(cutoff, hops: bool = False):
    """NetworkX's Dijkstra ``cutoff`` as this module's searches take it: its heap skips a
    sum ``> cutoff``, so a NaN cutoff (no sum is greater) skips none — no cutoff; and
    ``hops`` (every edge 1, ``weight=None``), for a BFS that goes on while ``cutoff >
    level``: the whole hops within it, ``⌊cutoff⌋``."""
    if cutoff is None or cutoff != cutoff:
        return None
    return math.floor(cutoff) if hops and math.isfinite(cutoff) else cutoff


def _cut(d: np.ndarray, sources, cutoff, hops: bool) -> np.ndarray:
    """``d`` beyond NetworkX's ``cutoff`` made inf: its BFS goes on while ``cutoff >
    level`` (so hop counts up to ⌈cutoff⌉), its Dijkstra skips sums above ``cutoff``;
    both keep their sources, whatever the cutoff."""
    bound = max(float(np.ceil(cutoff)), 0.0) if hops else cutoff
    keep = d <= bound
    keep[np.asarray(list(sources), np.int64)] = True
    return np.where(keep, d, np.inf)


def _ordered_lengths(G: SemiringPathsGraph, sources: list[int], d: np.ndarray, g: Graph,
                     weight=None, reverse: bool = False, cutoff=None) -> dict:
    """``{label: distance}`` in NetworkX's own order, ties included: the order its
    Dijkstra heap (``weight``) or its BFS queue (``weight=None``, over ``G._pred`` when
    ``reverse``) settles them, replayed over the engine's distances
    (``replay.settle_order``)."""
    if cutoff is not None:
        d = _cut(d, sources, cutoff, hops=weight is None)
    indptr, indices = G.adjacency(reverse)
    wts = G.adjacency_weights(weight, reverse)
    order, pred = settle_order(indptr, indices, wts, np.asarray(d, np.float64),
                               np.asarray(sources, np.int64))
    return _as_dict(G, order, d, g, sources, pred, weight, reverse)


def dijkstra_terms(G: SemiringPathsGraph, i: int, d: np.ndarray, g: Graph, weight,
                   reverse: bool = False) -> list:
    """The values of NetworkX's Dijkstra dict from index ``i`` (``d``: the engine's
    distances from it; ``reverse``: over the reversed graph) as its ``sum()`` takes them,
    so that the builtin gives NetworkX's float to the bit (``closeness_centrality``,
    ``average_shortest_path_length``).  That sum is sequential (Neumaier-compensated
    since Python 3.12), so only the sequence of values counts: nondecreasing, as the heap
    settles them, where every weight is a float; where ints and floats mix, NetworkX's
    own order and types (``_ordered_lengths``: an int run is summed exactly before the
    first float joins it).  numpy's pairwise sum had differed in the last place on most
    float-weighted graphs."""
    if weight is not None and G.mixed_weights(weight):
        return list(_ordered_lengths(G, [i], d, g, weight, reverse).values())
    return np.sort(d[np.isfinite(d)]).tolist()


def runs(G: SemiringPathsGraph, keys: np.ndarray, begin: np.ndarray, size: np.ndarray,
         tails: np.ndarray) -> dict:
    """{label of k: labels of tails[begin[k]:begin[k] + size[k]]} for k in ``keys``, in
    that order (the predecessor lists of BFS, Dijkstra and Bellman-Ford).  On a road
    graph nearly every run is one vertex: those lists are made from the runs' heads and
    only the others sliced; where most runs are ties (a mesh), every list is a slice of
    the runs gathered.  Slices go in by a dict comprehension, not a loop of stores
    (luxembourg_osm, 115 000 vertices, 2 517 ties: 25.6 → 15.5 ms; 4elt, 15 606, 12 061
    ties: 5.7 → 4.2, with the collector off, as served), which builds no slice object
    (4 720 runs: 0.41 ms, against 0.59 for ``dict(zip(keys, map(getitem, map(slice,
    ...))))``).  Where few are ties, the one-vertex lists are made first in a list, the
    others stored into it by position, and the dict built once: against the one-vertex
    lists' dict updated by the others (collector off, min of 15, ms) as-caida20071105
    8.8–11.2 → 7.0–7.5, osm-malta 8.2–9.6 → 6.9–7.6, hep-th-newman 1.41 → 1.27,
    PGPgiantcompo 2.2 → 2.0, luxembourg_osm 25.8–30.4 → 25.3–26.1."""
    labels, first = G.labels(keys), begin[keys]
    if not tails.size:
        return {v: [] for v in labels}
    length = size[keys]
    other = np.flatnonzero(length != 1)                  # none (the source), ties
    if 2 * other.size > length.size:                     # mostly ties: all sliced
        end = np.cumsum(length)
        at = end - length
        flat = G.labels(tails[np.repeat(first - at, length) + np.arange(int(end[-1]))])
        return {v: flat[a:b] for v, a, b in zip(labels, at.tolist(), end.tolist())}
    # each run's head; an empty run's slot may hold anything (Bellman-Ford's buffers):
    # its key stands in, its list made below
    heads = G.labels(np.where(length > 0, tails[np.minimum(first, tails.size - 1)], keys))
    lists = [[h] for h in heads]
    if other.size:                                       # their runs, gathered
        n_o = length[other]
        at = np.cumsum(n_o) - n_o
        some = G.labels(tails[np.repeat(first[other] - at, n_o) + np.arange(n_o.sum())])
        for k, a, b in zip(other.tolist(), at.tolist(), (at + n_o).tolist()):
            lists[k] = some[a:b]
    return dict(zip(labels, lists))


def tree_paths(G: SemiringPathsGraph, order: np.ndarray, parent: np.ndarray,
               reverse: bool = False) -> dict:
    """``{label: path}`` for the vertices of ``order`` (each after its parent; -1: a root,
    whose path is itself): a path runs from its root to the vertex (``reverse``: from the
    vertex to its root), as NetworkX's ``paths[v] + [w]`` builds it, keys in ``order``.
    Paths are kept by position in ``order`` (slot 0: the empty path a root extends), each
    built by one concatenation with a reused one-slot list, which sizes it once (a
    display, ``[*path, label]``, grows it twice: osm-malta's 3.2·10⁶ slots, warm, 8.7 →
    7.0 ms)."""
    labels = G.labels(order)
    at = np.empty(len(G), np.int64)
    at[order] = np.arange(1, order.size + 1)
    prev = np.where(parent < 0, 0, at[np.maximum(parent, 0)]).tolist()
    paths: list[list] = [[]]
    append, one = paths.append, [None]
    if reverse:
        for pp, one[0] in zip(prev, labels):
            append(one + paths[pp])
    else:
        for pp, one[0] in zip(prev, labels):
            append(paths[pp] + one)
    return dict(zip(labels, paths[1:]))


def _bfs_tree(G: SemiringPathsGraph, sources: list[int], reverse=False, depth_limit=None):
    """NetworkX's BFS in one compiled pass (``replay.bfs_levels``): ``(queue, parents,
    ends)``, the vertices in the order its queue discovers them, the vertex each came
    from (-1: a source) and where each level ends.  On a graph not converted, the first
    search is made over the rows it reaches (:meth:`SemiringPathsGraph.search_rows`) and
    a later one over those rows where they hold its sources (``search_adjacency``)."""
    limit = float(len(G) if depth_limit is None else depth_limit)
    sources = np.asarray(sources, np.int64)
    if G.reach_untried(reverse):                         # the answer is the search's
        found = G.search_rows(sources, reverse, limit)
        if found is not None:
            return found
    indptr, indices = G.search_adjacency(sources, reverse)
    return bfs_levels(indptr, indices, sources, limit)


def bfs_lengths(G: SemiringPathsGraph, sources: list[int], reverse=False, cutoff=None
                ) -> dict:
    """``{label: hops}`` in NetworkX's BFS order, from one pass of its compiled BFS
    (``_bfs_tree``; ``cutoff``: levels while ``cutoff > level``, as its loop goes).  The
    pass already gives each vertex's level, so the engine's distances would add a
    search: on wiki-Vote's first call (nothing converted), the engine's graph (a sort of
    every edge) and its search made 7.6 ms of a call NetworkX answers in 3.5."""
    queue, _, ends = _bfs_tree(G, sources, reverse, cutoff)
    hops = np.repeat(np.arange(ends.size, dtype=np.int64), np.diff(ends, prepend=0))
    return dict(zip(G.labels(queue), hops.tolist()))


def _bfs_order(G: SemiringPathsGraph, sources: list[int], reverse=False, depth_limit=None):
    """NetworkX's BFS order, level by level: yields ``(parents, children)`` arrays per
    level, children in the order NetworkX's queue discovers them."""
    queue, parents, ends = _bfs_tree(G, sources, reverse, depth_limit)
    for a, b in zip(ends[:-1].tolist(), ends[1:].tolist()):
        yield parents[a:b], queue[a:b]


def all_pairs_lengths(G, weight, cutoff) -> Iterator:
    """``(label, {label: distance})`` per source, each dict in NetworkX's order (its BFS
    or Dijkstra; by distance where weights are negative).  Hop counts come from NetworkX's
    BFS compiled, a pass a source (``bfs_lengths``): its queue is the dict's order, so
    no search over blocks of sources and no replay over it (all pairs: jagmesh7 185 →
    103 ms, polblogs 321 → 164 ms)."""
    if weight is None:
        for i in range(len(G)):
            yield G.nodes[i], bfs_lengths(G, [i], cutoff=cutoff)
        return
    for i, d, g in _distance_rows(G, list(range(len(G))), weight):
        if g.has_negative_weights:
            yield G.nodes[i], _length_dict(G, d, g, cutoff)
        else:
            yield G.nodes[i], _ordered_lengths(G, [i], d, g, weight, cutoff=cutoff)
