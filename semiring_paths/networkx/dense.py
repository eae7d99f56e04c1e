"""``networkx.algorithms.shortest_paths.dense``."""

from __future__ import annotations

from collections import defaultdict
from itertools import chain, repeat

import networkx as nx
import numpy as np

from ..queries import closure
from . import compat
from .convert import SemiringPathsGraph, _sp
from .registry import networkx_algorithm
from .replay import floyd_warshall_replay, floyd_warshall_tree_replay


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


# ---------------------------------------------------------- the dict-of-dicts forms
def _inf() -> float:
    return float("inf")


def _fw_edges(G: SemiringPathsGraph, weight) -> tuple:
    """``(indptr, indices, w, ints)``: each edge as NetworkX's Floyd–Warshall reads it
    (``d.get(weight, 1.0)``: a missing one, and every one for ``weight=None``, is the
    float 1.0) in adjacency order, which are ints; on a multigraph every parallel edge,
    in key order, as ``G.edges(data=True)`` takes them in turn (``min`` over them).
    NetworkX ≥ 3.7 (``compat``) reads each adjacency entry through its weight function
    instead: ``d.get(weight, 1)``, on a multigraph the least of the parallel edges (the
    first of equals, as ``min`` keeps it)."""
    adj = G.nx._adj
    if compat.floyd_warshall_by_adjacency():
        indptr, indices = G.adjacency(False)
        vals = G.weight_objects(weight)
    else:
        if G.nx.is_multigraph():
            index = G.index
            counts, heads, attrs = [], [], []
            for u in G.nodes:
                row = adj[u]
                counts.append(sum(map(len, row.values())))
                for v, keyed in row.items():
                    heads.extend(repeat(index[v], len(keyed)))
                    attrs.extend(keyed.values())
            indptr = np.zeros(len(G) + 1, np.int64)
            np.cumsum(counts, out=indptr[1:])
            indices = np.asarray(heads, np.int64)
        else:
            indptr, indices = G.adjacency(False)
            attrs = chain.from_iterable(map(dict.values, adj.values()))
        vals = list(map(dict.get, attrs, repeat(weight), repeat(1.0)))
    ints = np.fromiter((type(x) is int for x in vals), np.bool_, len(vals))
    return indptr, indices, np.asarray(vals, np.float64).reshape(-1), ints


def _numbers(row: np.ndarray, ints: np.ndarray) -> list:
    """A row of distances as NetworkX's numbers: ints where its sums are, else floats."""
    if not ints.any():
        return row.tolist()
    out = row.astype(object)
    out[ints] = row[ints].astype(np.int64).astype(object)
    return out.tolist()


def _dist_row(G: SemiringPathsGraph, V, Z, finite, u: int, keys) -> defaultdict:
    """``dist[u]`` as NetworkX's Floyd–Warshall leaves it: a defaultdict (inf) with
    ``keys`` in that order, each value its number (``_numbers``)."""
    return defaultdict(_inf, zip(G.labels(keys),
                                 _numbers(V[u, keys], Z[u, keys] & finite[u, keys])))


def _pred_row(G: SemiringPathsGraph, P, u: int, keys) -> dict:
    """``pred[u]``: each key's predecessor label, ``keys`` in that order."""
    return dict(zip(G.labels(keys), G.labels(P[u, keys])))


def _floyd_warshall(G: SemiringPathsGraph, weight, with_pred: bool):
    """NetworkX's ``(pred, dist)``: its run replayed (``replay.floyd_warshall_replay``),
    then its dicts in the orders that run gives them — ``dist[u]``: u, the first pass's
    keys, the first node (read by the main loop's first pass), then the rest in node
    order; ``pred[u]``: the first pass's keys, then each pair's as the loop first
    reached it."""
    n = len(G)
    late = compat.floyd_warshall_by_adjacency()
    indptr, indices, w, w_int = _fw_edges(G, weight)
    V, Z, P, F, seq, fill, touched = floyd_warshall_replay(
        indptr, indices, w, w_int, G.is_directed() or late, late)
    nodes, finite = G.nodes, np.isfinite(V)
    dist = {}
    for u in range(n):
        first = seq[indptr[u]:fill[u]]
        keyed = np.zeros(n, np.bool_)
        keyed[first] = True
        if late:               # u's row as its adjacency gives it, then u (3.7)
            keys = [*first.tolist(), *([] if keyed[u] else [u])]
        else:                  # u first, then its row
            keys = [u, *(int(v) for v in first if v != u)]
        keyed[u] = True
        if not keyed[0]:
            keys.append(0)
            keyed[0] = True
        order = np.concatenate([np.asarray(keys, np.int64), np.flatnonzero(~keyed)])
        dist[nodes[u]] = _dist_row(G, V, Z, finite, u, order)
    if not with_pred:
        return None, dist
    pred = {}
    for u in touched.tolist():
        first = seq[indptr[u]:fill[u]]
        later = np.flatnonzero(F[u] >= 0)
        later = later[(F[u, later] < n) & (later != u)]
        later = later[np.argsort(F[u, later], kind="stable")]
        pred[nodes[u]] = _pred_row(G, P, u, np.concatenate([first, later]))
    return pred, dist


@networkx_algorithm(weight_arg="weight", dijkstra=True,
                    doc="NetworkX's Floyd–Warshall run compiled step for step over dense "
                        "arrays (its predecessors and key orders are that run's).")
def floyd_warshall_predecessor_and_distance(G, weight="weight"):
    return _floyd_warshall(_sp(G), weight, True)


@networkx_algorithm(weight_arg="weight", dijkstra=True,
                    doc="NetworkX's Floyd–Warshall run compiled step for step over dense "
                        "arrays (its key orders are that run's).")
def floyd_warshall(G, weight="weight"):
    return _floyd_warshall(_sp(G), weight, False)[1]


def _floyd_warshall_tree(G, weight="weight"):
    """NetworkX 3.7's tree variant of Floyd–Warshall run compiled step for step
    (``replay.floyd_warshall_tree_replay``): its ``(pred, dist)`` with the keys in the
    order its dicts get them — a read of a key not yet there makes it, with inf."""
    G = _sp(G)
    indptr, indices, w, w_int = _fw_edges(G, weight)
    V, Z, P, dkeys, ndk, pkeys, npk, order = floyd_warshall_tree_replay(
        indptr, indices, w, w_int)
    nodes, finite = G.nodes, np.isfinite(V)
    dist = {nodes[u]: _dist_row(G, V, Z, finite, u, dkeys[u, :ndk[u]])
            for u in range(len(G))}
    pred = {nodes[u]: _pred_row(G, P, u, pkeys[u, :npk[u]]) for u in order.tolist()}
    return pred, dist


if compat.release() >= (3, 7):       # new in NetworkX 3.7
    floyd_warshall_tree = networkx_algorithm(
        weight_arg="weight", dijkstra=True,
        doc="NetworkX's tree variant of Floyd–Warshall run compiled step for step over "
            "dense arrays (its predecessors and key orders are that run's).",
        name="floyd_warshall_tree")(_floyd_warshall_tree)
