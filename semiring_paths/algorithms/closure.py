"""All pairs of a dense graph as the closure ``A* = I ⊕ A ⊕ A² ⊕ …`` over (min, +).

* ``floyd-warshall``: for each k, ``D = D ⊕ D(:, k) ⊗ D(k, :)`` — n rank-1 updates;
  backends run it blocked (``cpu/loops/dense.py``, ``gpu/dense.cu``).
* ``squaring``: ``D = D ⊕ D ⊗ D`` until nothing changes, at most ⌈log₂ n⌉ products
  (a path of length ≤ 2ᵏ is in ``D`` after k of them): the textbook route from the
  matrix power to the closure, O(n³ log n).

``D`` starts as the weights (``inf`` off the edges) with the diagonal ``min(0, w_ii)``;
a negative diagonal entry at the end is a negative cycle.  A backend may fuse the loop
(``be.closure``); the text here is the reference it must match.
"""

from __future__ import annotations

import math

import numpy as np

from ..backends.interface import Backend
from ..exceptions import NegativeCycleError
from ..graph import Graph

__all__ = ["METHODS", "closure", "dense_weights"]

METHODS = ("floyd-warshall", "squaring")


def dense_weights(G: Graph) -> np.ndarray:
    """``D⁽⁰⁾``: ``w(i, j)`` on the edges, ``inf`` elsewhere, ``min(0, w(i, i))`` on the
    diagonal (float64, n × n)."""
    n = G.n_vertices
    D = np.full((n, n), math.inf)
    D[G.rows, G.indices] = G.weights if G.weighted else 1.0
    np.fill_diagonal(D, np.minimum(np.diagonal(D), 0.0))
    return D


def closure(be: Backend, G: Graph, method: str) -> tuple[np.ndarray, int]:
    """``(A*, rounds)``: the n × n distances and the products (squaring) or diagonal
    steps (Floyd–Warshall) taken."""
    D = dense_weights(G)
    n = G.n_vertices
    run = be.closure(method)
    if run is not None:
        D, rounds = run(D)
    elif method == "floyd-warshall":
        for k in range(n):                         # D = D ⊕ D(:, k) ⊗ D(k, :)
            np.minimum(D, D[:, k:k + 1] + D[k:k + 1, :], out=D)
        rounds = n
    else:
        rounds = 0
        while True:                                # D = D ⊕ D ⊗ D
            rounds += 1
            P = np.full_like(D, math.inf)
            for k in range(n):
                np.minimum(P, D[:, k:k + 1] + D[k:k + 1, :], out=P)
            P = np.minimum(P, D)
            if np.array_equal(P, D):
                break
            D = P
    if n and np.diagonal(D).min() < 0:
        raise NegativeCycleError("the graph has a negative cycle: A* over (min, +) does "
                                 "not exist (a diagonal entry fell below 0)")
    return D, rounds
