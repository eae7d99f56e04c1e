"""Vertex ids: the one check of an id given at the public boundary (a source, a target,
a path's end) and the error naming the graph's range; and the one check of vertex labels
(the names ids stand for).  A leaf, so that results, readers and ``validate`` use it."""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any

import numpy as np

from .exceptions import SourceError

__all__ = ["host", "is_int", "label_ids", "out_of_range", "scalar", "vertex"]


def host(x: Any) -> Any:
    """A CuPy array or ``cupyx.scipy.sparse`` matrix copied to the host (its ``.get()``:
    a NumPy array, a scipy matrix), so that what a GPU user holds — ids from an
    ``as_cupy`` result, edges built on the device — is taken as it would be on the
    host; anything else as it is."""
    on_device = (hasattr(x, "__cuda_array_interface__")
                 or type(x).__module__.split(".")[0] in ("cupy", "cupyx"))
    return x.get() if on_device and callable(getattr(x, "get", None)) else x


def scalar(x: Any) -> Any:
    """A 0-d array, on the host or a device, as its NumPy scalar (``np.array(3)``, and
    ``cp.argmax`` returns one); anything else as it is."""
    x = host(x)
    return x[()] if isinstance(x, np.ndarray) and x.ndim == 0 else x


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
    s = scalar(s)
    if not is_int(s):
        several = (what == "source" and not isinstance(s, (str, bytes))
                   and isinstance(s, (list, tuple, set, range, np.ndarray)))
        raise SourceError(f"{what} must be an integer vertex id, got {s!r}"
                          + ("; for several sources at once use multi_source_sssp or "
                             "multi_source_bfs (one row each)" if several else ""))
    s = int(s)
    if not 0 <= s < n:
        raise out_of_range(what, s, n)
    return s


def label_ids(labels: Sequence[Hashable], n: int) -> tuple[dict[Hashable, int] | None, str]:
    """``{label: id}`` for the labels of a graph of ``n`` vertices, or ``(None, why)``:
    one label a vertex, each hashable and unique as NetworkX nodes are (``1``, ``1.0``
    and ``True`` are one node there), so that ``vertex_id`` and ``to_networkx`` never
    merge two vertices."""
    if len(labels) != n:
        return None, f"{len(labels)} labels for {n} vertices"
    try:
        index = {v: i for i, v in enumerate(labels)}
    except TypeError:
        i, v = next((i, v) for i, v in enumerate(labels) if not _hashable(v))
        return None, (f"the label of vertex {i} is {v!r}, a {type(v).__name__}: labels "
                      f"must be hashable, as NetworkX nodes are")
    if len(index) != n:
        first: dict[Hashable, int] = {}
        for i, v in enumerate(labels):
            if v in first:
                j = first[v]
                both = (f"both labelled {v!r}" if repr(labels[j]) == repr(v) else
                        f"labelled {labels[j]!r} and {v!r}, which are equal")
                return None, (f"vertices {j} and {i} are {both}: labels must be "
                              f"unique, as NetworkX nodes are")
            first[v] = i
    return index, ""


def _hashable(v: Any) -> bool:
    try:
        hash(v)
    except TypeError:
        return False
    return True
