"""Verifiers, as GAP has one per kernel: check a result against the graph itself.

``verify_bfs`` and ``verify_sssp`` check that values agree with an oracle (scipy's
``csgraph`` for min_plus and hops, the serial reference otherwise) and that the tree is a
valid shortest-path tree: every reached vertex but the source has a predecessor joined to
it by an edge whose relaxation gives exactly its value, and following predecessors from
any reached vertex leads to the source.  Ties are legal: trees are not compared for
equality.  ``verify_trace`` checks a run's rounds against another run's (a device loop
against the CPU's, where a strategy's rounds depend on the graph alone).  Each raises
``AssertionError`` with the first disagreement.
"""

from __future__ import annotations

import numpy as np
import scipy.sparse as sps
from scipy.sparse import csgraph

from .graph import Graph
from .results import Trace
from .semirings import Semiring, get, min_plus

__all__ = ["edge_weights", "verify_bfs", "verify_sssp", "verify_trace"]


def edge_weights(G: Graph, src: np.ndarray, dst: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``(exists, weight)`` for each pair ``src[k] → dst[k]`` (weight 1 if unweighted)."""
    n = G.n_vertices
    keys = G.rows.astype(np.int64) * n + G.indices
    want = src.astype(np.int64) * n + dst
    pos = np.minimum(np.searchsorted(keys, want), max(keys.size - 1, 0))
    exists = keys[pos] == want if keys.size else np.zeros(want.size, bool)
    w = G.weights[pos].astype(np.float64) if G.weighted else np.ones(want.size)
    return exists, w


def _check_tree(G: Graph, source: int, tree: np.ndarray, reached: np.ndarray) -> None:
    n = G.n_vertices
    assert tree[source] in (source, -1), f"source {source} has predecessor {tree[source]}"
    others = np.nonzero(reached)[0]
    others = others[others != source]
    bad = tree[others] < 0
    assert not bad.any(), f"reached vertex {others[bad][0]} has no predecessor"
    unreached = np.nonzero(~reached)[0]
    assert (tree[unreached] < 0).all(), "an unreached vertex has a predecessor"
    exists, _ = edge_weights(G, tree[others], others)
    assert exists.all(), (f"predecessor edge {tree[others][~exists][0]} -> "
                          f"{others[~exists][0]} is not in the graph")
    T = sps.csr_matrix((np.ones(others.size), (tree[others], others)), shape=(n, n))
    order = csgraph.breadth_first_order(T, source, directed=True,
                                        return_predecessors=False)
    assert order.size == others.size + 1, "predecessors contain a cycle"


def verify_bfs(G: Graph, source: int, levels: np.ndarray, parents: np.ndarray) -> None:
    """Levels equal scipy's hop distances; parents form a BFS tree."""
    ref = csgraph.shortest_path(G.to_scipy(np.bool_), unweighted=True, indices=source)
    want = np.where(np.isinf(ref), -1, ref).astype(np.int64)
    diff = np.nonzero(levels != want)[0]
    assert diff.size == 0, (f"level of vertex {diff[0]} is {levels[diff[0]]}, scipy says "
                            f"{want[diff[0]]}")
    assert parents[source] == source, "parents[source] must be source"
    reached = levels >= 0
    tree = parents.copy()
    _check_tree(G, source, tree, reached)
    others = np.nonzero(reached)[0]
    others = others[others != source]
    assert (levels[parents[others]] == levels[others] - 1).all(), "parent not one level up"


def reference_values(G: Graph, source: int, semiring: Semiring = min_plus) -> np.ndarray:
    """The oracle: scipy ``dijkstra`` / ``bellman_ford`` for min_plus, the serial heap
    reference for the other semirings."""
    semiring = get(semiring)
    if semiring.name == "min_plus":
        M = G.to_scipy(np.float64)
        if G.has_negative_weights:
            return csgraph.bellman_ford(M, indices=source)
        return csgraph.dijkstra(M, indices=source)
    from .reference import dijkstra

    return dijkstra(G, source, semiring)[0]


def verify_sssp(G: Graph, source: int, distances: np.ndarray, predecessors: np.ndarray,
                semiring: Semiring | str = min_plus, expected: np.ndarray | None = None
                ) -> None:
    """Distances equal the oracle's (exactly: integer weights, or ``rtol=1e-12``);
    predecessors form a shortest-path tree whose edges are tight."""
    semiring = get(semiring)
    want = reference_values(G, source, semiring) if expected is None else expected
    exact = not G.weighted or G.weights.dtype.kind in "iu"
    same = distances == want
    if not exact:
        same |= np.isclose(distances, want, rtol=1e-12, atol=0)
    diff = np.nonzero(~same)[0]
    assert diff.size == 0, (f"{semiring.name} value of vertex {diff[0]} is "
                            f"{distances[diff[0]]}, the oracle says {want[diff[0]]}")
    reached = distances != semiring.zero
    _check_tree(G, source, predecessors, reached)
    others = np.nonzero(reached)[0]
    others = others[others != source]
    p = predecessors[others]
    _, w = edge_weights(G, p, others)
    via = np.array([semiring.times(a, b) for a, b in zip(distances[p], w)]) \
        if others.size else np.zeros(0)
    ok = via == distances[others]
    if not exact:
        ok |= np.isclose(via, distances[others], rtol=1e-12, atol=0)
    assert ok.all(), (f"edge {p[~ok][0]} -> {others[~ok][0]} is not tight: "
                      f"{via[~ok][0]} != {distances[others][~ok][0]}")


def verify_trace(got: Trace, want: Trace,
                 fields: tuple[str, ...] = ("frontier", "settled", "edges")) -> None:
    """The two runs took the same rounds: as many, each with equal ``fields`` (by default
    a settle rule's selected, settled and relaxed-edge counts)."""
    rows = [[tuple(getattr(st, f) for f in fields) for st in t.steps] for t in (got, want)]
    at = next((k for k, (a, b) in enumerate(zip(*rows)) if a != b), None)
    assert at is None and len(rows[0]) == len(rows[1]), (
        f"{got.strategy}: {len(rows[0])} rounds against {len(rows[1])}, first differing at "
        f"round {min(len(rows[0]), len(rows[1])) + 1 if at is None else at + 1}"
        + ("" if at is None else f": {dict(zip(fields, rows[0][at]))} against "
                                 f"{dict(zip(fields, rows[1][at]))}"))
