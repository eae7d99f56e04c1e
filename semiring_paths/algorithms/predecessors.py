"""Shortest-path trees from path values: BFS parents over the tight edges.

An edge ``u → v`` is tight when ``d(u) ⊗ w(u, v) = d(v)``.  Every path of tight edges
from the source telescopes to ``d``, so any BFS tree of the tight subgraph ``T`` is a
shortest-path tree, zero-weight cycles included::

    T = { (u, v) ∈ A : d(u) ⊗ w(u, v) = d(v) }
    π = parents of a push BFS from s over T

A backend may build the tree in one pass (``tight_tree``, e.g. each vertex taking a tight
in-edge from a strictly closer vertex); where it cannot, or where it has no tight subgraph
of its own, the CPU backend builds ``T``.
"""

from __future__ import annotations

import numpy as np

from ..backends import backend_for
from ..backends.interface import Backend
from ..results import Trace
from ..semirings import Semiring
from .bfs import run_bfs

__all__ = ["tight_parents"]


def tight_parents(be: Backend, d, semiring: Semiring, source: int, device: bool = False):
    """Parents (``-1`` unreached, the source its own parent) of a shortest-path tree."""
    tree = be.tight_tree(d, semiring, source)           # one pass, where the backend can
    if tree is not None:
        return be.export(tree, -1, device=device)
    T = be.tight_subgraph(d, semiring)                  # T = A⟨d(u) ⊗ w = d(v)⟩
    on = be
    if T is None:                                       # no tight subgraph here: the CPU's
        on = backend_for(be.graph, "cpu")
        T = on.tight_subgraph(np.asarray(be.values(d, semiring)), semiring)
    trace = Trace("bfs", "sovm", on.name, be.n, T.stored())
    _, parents = run_bfs(T, source, "push", trace)      # π: a BFS tree of T
    out = T.export(parents, -1)
    return be.export(out, -1, device=True) if device else out
