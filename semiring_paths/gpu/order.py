"""The degree order: the fused SSSP loops on a copy of the graph whose vertices are
numbered by falling out-degree (``sssp.py``'s ``fused``).

On a graph with hubs most stored edges end at a few thousand vertices.  Numbered as
generated (Graph500 permutes the ids at random, as most real graphs' ids are arbitrary),
their distances lie scattered over all of ``d``: a relaxation's gather of d(v), the
latency that bounds the rule loops' wide rounds (``rules.cu``), touches a 32-byte sector
for one 8-byte value and evicts the sectors the next edge wants from L2.  Numbered by
falling degree, the vertices most edges end at hold the first entries of ``d``, side by
side, and each row's columns, sorted, read them in order.  The copy (rows in the new
order, columns mapped and sorted, weights carried) is made once a backend on the device
(``kernels.cu``'s ``degree_order_rows`` and one sort) and used by the fused loops only;
a search maps its source in and ``d`` out (a gather of n values).  Round records are the
same: a round's frontier, edges and settled counts do not depend on the numbering.

H100, Kronecker 22, weights 1..64, ``bench_gpu.py --scale 22 --grid 0``, 16 sources,
median, ms, the copy / as numbered: economic Crauser 6.17 / 7.20, Crauser 6.52 / 9.03,
Martín 6.84 / 8.84, near-far 7.08 / 8.77, Δ-stepping 7.63 / 9.55, workfront 8.67 / 10.36,
Bellman-Ford 11.03 / 11.08.  The copy: 0.35 s on a first call (its 4.2 GB allocated),
40 ms again; it keeps 1.1 GB.  (A probe of a push pass with a 4-byte d instead of the
8-byte one gained 10–16 %, a change through every rule kernel; the numbering gains more
and changes none.)

Where it runs (``DEGREE_ORDER = "auto"``): graphs with hubs (``rules.py``'s
``_has_hubs``) of at least ``ORDER_MIN_N`` vertices, while the copy and its sort fit in
``ORDER_SHARE`` of the free device memory (a graph that barely fits runs as it is).
"""

from __future__ import annotations

from functools import cached_property
from typing import ClassVar

import numpy as np

from . import cp
from .vectors import DeviceVector

#: the compiled modules the copy shares with the backend it copies (no second compile)
_MODULES = ("_module", "_tails", "_rules")


class OrderedGraph:
    """What the fused loops read of the graph, for the degree-ordered copy: the graph's
    own scalars, and its out-degrees in the new order.  Nothing else is here: reading
    another attribute raises AttributeError, never returns an array in the old order."""

    def __init__(self, G, out_degree: np.ndarray, rows):
        self.n_vertices, self.n_stored = G.n_vertices, G.n_stored
        self.directed, self.weighted, self.name = G.directed, G.weighted, G.name
        self.mean_weight, self.min_weight = G.mean_weight, G.min_weight
        self.mean_degree, self.max_out_degree = G.mean_degree, G.max_out_degree
        self.has_negative_weights = G.has_negative_weights
        self.out_degree = out_degree
        self._rows = rows

    @property
    def rows(self):
        """The row of each stored edge (on the device)."""
        return self._rows()


class DegreeOrder:
    """Mixin of ``GPUBackend``: :meth:`_in_order` runs a fused search on the degree-ordered
    copy where it pays (``DEGREE_ORDER``), on this graph elsewhere."""

    #: "auto" (graphs with hubs, ``ORDER_MIN_N`` vertices or more, where the copy fits),
    #: "always" (the parity tests), "never"
    DEGREE_ORDER: ClassVar[str] = "auto"
    ORDER_MIN_N: ClassVar[int] = 1 << 16
    #: the copy and its sort take at most this share of the free device memory
    ORDER_SHARE: ClassVar[float] = 0.25

    def _order_here(self) -> bool:
        mode = self.DEGREE_ORDER
        if mode not in ("auto", "always", "never"):
            raise ValueError(f"DEGREE_ORDER must be 'auto', 'always' or 'never', got {mode!r}")
        if mode == "never" or self.n == 0:
            return False
        if mode == "auto" and (not self._has_hubs or self.n < self.ORDER_MIN_N):
            return False
        return self._degree_copy is not None

    def _order_bytes(self) -> tuple[int, int]:
        """Device bytes the copy keeps (row pointers, columns, weights, degrees, the new
        ids), and those its sort takes for a while (keys, positions, the sort's order)."""
        n, m = self.n, self.graph.n_stored
        ids = np.dtype(self.vid).itemsize
        return 16 * (n + 1) + (ids + self.weights.itemsize) * m + 2 * ids * n, 3 * 8 * m

    @cached_property
    def _degree_copy(self):
        """(the copy, a backend of this class; the new id of each vertex, on the host and
        on the device), or None where it does not fit ``ORDER_SHARE`` of the free memory."""
        if sum(self._order_bytes()) > self.ORDER_SHARE * cp.cuda.runtime.memGetInfo()[0]:
            return None
        n, vid = self.n, self.vid
        deg = self.degree
        order = cp.argsort(-deg).astype(vid)                  # new id → old id
        relabel = cp.empty(n, vid)                             # old id → new id
        relabel[order] = cp.arange(n, dtype=vid)
        new_deg = deg[order]
        ptr = cp.zeros(n + 1, cp.int64)
        cp.cumsum(new_deg, out=ptr[1:])
        m = int(self.graph.n_stored)
        keys, source = cp.empty(m, cp.uint64), cp.empty(m, cp.int64)
        self._kernel("degree_order_rows")((min(-(-n // 8), 1 << 20),), (256,), (
            self.indptr, self.indices, ptr, order, relabel, np.int64(n), keys, source))
        sort = cp.argsort(keys)
        indices = (keys[sort] % np.uint64(max(n, 1))).astype(vid)
        del keys
        weights = self.weights[source[sort]]
        del source, sort
        copy = object.__new__(_sharing(type(self)))
        copy.__dict__.update(
            _outer=self, n=n, vid=vid, indptr=ptr, indices=indices, weights=weights,
            degree=new_deg, min_out=DeviceVector(self.min_out.val[order],
                                                 self.min_out.has[order]),
            graph=OrderedGraph(self.graph, new_deg.get(),
                               lambda: cp.searchsorted(ptr, cp.arange(m), side="right") - 1))
        return copy, relabel.get(), relabel

    def _in_order(self, step, source: int):
        """``step(backend, source)`` (a fused search returning ``d`` on the device) on the
        degree-ordered copy, ``d`` back in this graph's numbering; on this graph where
        the order does not run (``_order_here``)."""
        if not self._order_here():
            return step(self, source)
        copy, relabel_h, relabel = self._degree_copy
        return step(copy, int(relabel_h[source]))[relabel]


def _sharing(cls):
    """``cls`` with its compiled modules taken from the backend the copy was made of."""
    known = _sharing.__dict__.setdefault("made", {})
    if cls not in known:
        shared = {name: property(lambda self, name=name: getattr(self._outer, name))
                  for name in _MODULES}
        shared["DEGREE_ORDER"] = "never"                       # a copy is not copied again
        known[cls] = type(f"DegreeOrdered{cls.__name__}", (cls,), shared)
    return known[cls]
