"""Counting paths: ``plus_times`` over a frontier that grows one edge a round.

``count_paths`` is the forward half of Brandes (``brandes.py``) and the whole of
``count_shortest_paths``, ``count_walks`` and ``k_hop`` (``queries.py``)::

    Σ = F = e_s                       # counts so far; F: paths of the current length
    F⟨¬Σ, replace⟩ = F plus.first A   # one edge longer, to vertices not yet reached
    Σ += F ;  L⟨F⟩ = ℓ                # counts and levels

Masked by ``¬Σ`` (a BFS) the rounds count shortest paths by hops; on a DAG unmasked
(``walks``: the tight edges of a weighted search, where every walk is a shortest path)
they count every path, and a vertex's level is its last.  Without the mask on any graph
``F`` after ``k`` rounds is ``e_s Aᵏ``: walks of length ``k``.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..backends.interface import Backend
from ..semirings import min_plus

__all__ = ["count_paths", "shortest_path_counts", "walk_counts", "within"]


def count_paths(be: Backend, sources: np.ndarray, walks: bool = False,
                rounds: int | None = None, together: bool = False
                ) -> tuple[Any, Any, Any, int]:
    """``(Σ, F, L, depth)``: counts, the last frontier, levels, and the number of
    rounds that reached something.  ``rounds`` bounds them; ``together``: one row for
    all ``sources`` (a multi-source search), else one row a source."""
    # Σ: path counts, F: paths of length ℓ, L: each vertex's level (k × n, or 1 × n)
    paths, F, levels = be.count_start(sources, together)     # Σ = F = e_s ; L⟨F⟩ = 0
    depth = 0
    while rounds is None or depth < rounds:
        nxt = be.count_step(F, paths, levels, depth + 1, walks)  # F⟨¬Σ⟩ = F plus.first A
        if not be.nvals(nxt):                                  # Σ += F ; L⟨F⟩ = ℓ
            return paths, nxt, levels, depth
        F, depth = nxt, depth + 1
    return paths, F, levels, depth


def shortest_path_counts(be: Backend, source: int, distances: np.ndarray | None
                         ) -> np.ndarray:
    """σ(source, v) for every v (float64, 0 unreached): over hops (``distances`` None),
    else over the tight edges of these positive-weight distances."""
    src = np.array([source])
    if distances is None:
        paths, *_ = count_paths(be, src)                         # BFS: masked by ¬Σ
    else:
        T = be.tight_subgraph(distances, min_plus)               # the shortest-path DAG
        paths, *_ = count_paths(T, src, walks=True)              # every walk of T
    return np.nan_to_num(be.counts(paths)[0], nan=0.0)


def walk_counts(be: Backend, source: int, k: int) -> np.ndarray:
    """``e_s Aᵏ`` over ``plus_times`` on the pattern of A (float64)."""
    _, F, _, depth = count_paths(be, np.array([source]), walks=True, rounds=k)
    if depth < k:                                                # nothing walks that far
        return np.zeros(be.n)
    return np.nan_to_num(be.counts(F)[0], nan=0.0)


def within(be: Backend, sources: np.ndarray, k: int) -> np.ndarray:
    """Hop levels ≤ ``k`` from the nearest of ``sources`` (float64, nan beyond)."""
    _, _, levels, _ = count_paths(be, sources, rounds=k, together=True)
    return be.counts(levels)[0]
