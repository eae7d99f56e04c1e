"""Vertex ids: the one check of an id given at the public boundary (a source, a target,
a path's end) and the error naming the graph's range.  A leaf, so that results as well as
``validate`` use it."""

from __future__ import annotations

from typing import Any

import numpy as np

from .exceptions import SourceError

__all__ = ["is_int", "out_of_range", "vertex"]


def is_int(x: Any) -> bool:
    """An integer (Python or NumPy), not a bool: what an id, a count or a size may be."""
    return isinstance(x, (int, np.integer)) and not isinstance(x, (bool, np.bool_))


def out_of_range(what: str, s: Any, n: int) -> SourceError:
    """The error for vertex ``s`` of a graph of ``n`` vertices, its ids named."""
    ids = ("the graph has no vertices" if n == 0 else
           "the graph has 1 vertex (id 0)" if n == 1 else
           f"the graph has {n:,} vertices (ids 0..{n - 1:,})")
    return SourceError(f"{what} {s!r} is out of range: {ids}")


def vertex(s: Any, n: int, what: str = "source") -> int:
    """``s`` as an ``int`` id of a graph of ``n`` vertices."""
    if not is_int(s):
        raise SourceError(f"{what} must be an integer vertex id, got {s!r}")
    s = int(s)
    if not 0 <= s < n:
        raise out_of_range(what, s, n)
    return s
