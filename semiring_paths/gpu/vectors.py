"""Device vectors and the open-set operations of the backend interface (``backend.py``).

A vector on the GPU is dense: values (float64) and presence flags, both of length ``n``.
``x⟨x op c⟩``, ``x⟨¬y⟩``, ``x⟨y⟩ = y`` are then one elementwise pass each, and the
relaxation step ``t⟨¬S⟩ = f ⊕.⊗ A`` is a kernel of ``kernels.cu`` (``relax_push`` /
``relax_pull``, instantiated per semiring and weight dtype).  With these, every strategy
of ``algorithms/sssp.py`` (martin, crauser, near-far, delta-stepping, …, push or pull,
min_plus / max_min / max_times) runs on the device from the same text as on the CPU.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import numpy as np

try:
    import cupy as cp
except ImportError:  # pragma: no cover
    cp = None

#: semirings with device relaxation kernels (kernels.cu: MinPlus, MaxMin, MaxTimes)
DEVICE_SEMIRINGS = ("min_plus", "max_min", "max_times")
_OPS = {"<": "less", "<=": "less_equal", ">": "greater", ">=": "greater_equal",
        "==": "equal", "!=": "not_equal"}


@dataclass
class DeviceVector:
    """``x(i) = val[i]`` where ``has[i]``; absent elsewhere."""

    val: object   # cp.ndarray float64
    has: object   # cp.ndarray bool


class OpenSetOps:
    """Mixin of ``GPUBackend``: vector operations as CuPy elementwise passes, relaxation
    by the kernels of ``kernels.cu``.  Needs ``n``, ``vid``, ``graph``, ``indptr``, ``indices``,
    ``weights``, ``weight_tag``, ``_kernel`` and ``_grid`` from the backend."""

    def _vec(self, fill: float = np.nan) -> DeviceVector:
        return DeviceVector(cp.full(self.n, fill, cp.float64), cp.zeros(self.n, cp.bool_))

    def sssp_start(self, source: int, semiring):
        d = DeviceVector(cp.full(self.n, semiring.zero, cp.float64),   # d = 0̄
                         cp.ones(self.n, cp.bool_))
        d.val[source] = semiring.one                                    # d(s) = 1̄
        f = self._vec()
        f.val[source] = semiring.one                                    # f = e_s·1̄
        f.has[source] = True
        return d, f

    def empty(self, like=None):
        if isinstance(like, cp.ndarray) and like.ndim == 2:    # k × n rows (counting.py)
            return cp.zeros_like(like)
        return self._vec()

    def indicator(self, ids: np.ndarray) -> DeviceVector:
        x = self._vec()
        idx = cp.asarray(np.asarray(ids, np.int64))
        x.val[idx] = 1.0
        x.has[idx] = True
        return x

    # ----------------------------------------------------------------- the step
    def relax(self, f: DeviceVector, semiring, exclude: DeviceVector | None = None,
              direction: str = "push", matrix=None, closed: bool = False) -> DeviceVector:
        """``t⟨¬S⟩ = f ⊕.⊗ A`` (push) or ``t⟨¬S⟩ = Aᵀ ⊕.⊗ f`` (pull); ``matrix`` is a
        ``(indptr, indices, weights)`` triple from :meth:`split` or :meth:`prune`.
        ``closed``: ``t = f ⊕ Aᵀ ⊕.⊗ f`` (a pull by ``A ⊕ I``)."""
        if closed:
            t = self.relax(f, semiring, direction="pull", matrix=matrix)
            pick = cp.minimum if semiring.add == "min" else cp.maximum
            t.val = pick(cp.where(t.has, t.val, semiring.zero),
                         cp.where(f.has, f.val, semiring.zero))
            t.has |= f.has
            return t
        if semiring.name not in DEVICE_SEMIRINGS:
            raise ValueError(f"the GPU backend relaxes {', '.join(DEVICE_SEMIRINGS)}, "
                             f"not {semiring.name}")
        t = DeviceVector(cp.full(self.n, semiring.zero, cp.float64),
                         cp.zeros(self.n, cp.bool_))
        excl = exclude.has.view(cp.uint8) if exclude is not None else np.uintp(0)
        name = f"{semiring.name}_{self.weight_tag}"
        if direction == "pull":
            ptr, idx, w = self._transposed(matrix)
            grid, block = self._grid(self.n)
            self._kernel(f"relax_pull_{name}")(grid, block, (
                ptr, idx, w, f.val, f.has.view(cp.uint8), self.vid(self.n), excl,
                t.val, t.has.view(cp.uint8)))
        else:
            ptr, idx, w = matrix if matrix is not None else (self.indptr, self.indices,
                                                               self.weights)
            q = cp.flatnonzero(f.has).astype(self.vid)
            if q.size:
                grid, block = self._grid(int(q.size), 32)
                self._kernel(f"relax_push_{name}")(grid, block, (
                    ptr, idx, w, q, f.val, self.vid(q.size), excl,
                    t.val, t.has.view(cp.uint8)))
        return t

    def _transposed(self, matrix):
        """CSC ``(indptr, indices, weights)`` of ``matrix`` (the whole graph by default),
        cached; the matrix itself when the graph is undirected."""
        if matrix is None:
            matrix = (self.indptr, self.indices, self.weights)
        if not self.graph.directed:
            return matrix
        key = ("T", id(matrix[0]))
        if key not in self._split_cache:
            ptr, idx, w = matrix
            rows = cp.searchsorted(ptr, cp.arange(idx.size, dtype=cp.int64),
                                   side="right") - 1                 # row of each entry
            order = cp.argsort(idx.astype(cp.int64) * self.n + rows)   # by (column, row)
            self._split_cache[key] = (self._pointers(idx), rows[order].astype(self.vid),
                                      w[order])
        return self._split_cache[key]

    def _pointers(self, rows):
        """Row pointers of a CSR whose entries, sorted by row, lie in these ``rows``."""
        ptr = cp.zeros(self.n + 1, cp.int64)
        if rows.size:
            cp.cumsum(cp.bincount(rows, minlength=self.n), out=ptr[1:])
        return ptr

    @cached_property
    def _split_cache(self) -> dict:
        return {}

    def _edges_where(self, keep):
        """The stored edges where ``keep`` holds, as a device CSR triple."""
        return self._pointers(self._row_ids[keep]), self.indices[keep], self.weights[keep]

    def split(self, delta: float):
        """``(A⟨A ≤ Δ⟩, A⟨A > Δ⟩)`` as device CSR triples, cached for one Δ at a time."""
        key = ("split", delta)
        if key not in self._split_cache:
            self._split_cache.clear()
            light = self.weights_f64() <= delta
            self._split_cache[key] = (self._edges_where(light), self._edges_where(~light))
        return self._split_cache[key]

    def prune(self, delta: float):
        """``A_L`` (``Graph.light_edges``: the edges ≤ Δ and each vertex's lightest out- and
        in-edges) as a device CSR triple, cached for one Δ at a time (as :meth:`split`)."""
        key = ("prune", delta)
        if key not in self._split_cache:
            self._split_cache.clear()
            self._split_cache[key] = self._edges_where(
                cp.asarray(self.graph.light_edges(delta)))
        return self._split_cache[key]

    def stored(self, matrix=None) -> int:
        """Stored entries of ``matrix`` (A by default)."""
        return self.graph.n_stored if matrix is None else int(matrix[1].size)

    @cached_property
    def _row_ids(self):
        return cp.asarray(self.graph.rows, dtype=self.vid)

    @cached_property
    def min_out(self) -> DeviceVector:
        """Per vertex, the least out-weight (∞ with none): Crauser's Δ_node."""
        v = cp.asarray(np.asarray(self.graph.min_out_weight, np.float64))
        return DeviceVector(v, cp.ones(self.n, cp.bool_))

    # ----------------------------------------------------------------- open sets
    def reduce(self, x: DeviceVector, semiring) -> float | None:
        """⊕ over the entries of x; None when x is empty."""
        if not bool(x.has.any()):
            return None
        vals = cp.where(x.has, x.val, semiring.zero)
        return float((vals.min() if semiring.add == "min" else vals.max()).get())

    def inner(self, x: DeviceVector, y: DeviceVector, semiring) -> float | None:
        """``x ⊕.⊗ y`` over the common entries (min.+ only: Crauser's threshold)."""
        both = x.has & y.has
        if not bool(both.any()):
            return None
        if (semiring.add, semiring.multiply) != ("min", "plus"):
            raise ValueError(f"inner product of {semiring.name} is not on the GPU")
        return float(cp.where(both, x.val + y.val, cp.inf).min().get())

    def select(self, x: DeviceVector, op: str, value: float) -> DeviceVector:
        keep = x.has & getattr(cp, _OPS[op])(x.val, value)          # x⟨x op value⟩
        return DeviceVector(x.val.copy(), keep)

    def difference(self, x: DeviceVector, y: DeviceVector) -> DeviceVector:
        return DeviceVector(x.val.copy(), x.has & ~y.has)            # x⟨¬y⟩

    def merge(self, x: DeviceVector, y: DeviceVector) -> DeviceVector:
        cp.copyto(x.val, y.val, where=y.has)                          # x⟨y⟩ = y
        x.has |= y.has
        return x

    def current(self, x: DeviceVector, d: DeviceVector) -> DeviceVector:
        return DeviceVector(x.val.copy(), x.has & (x.val == d.val))  # x⟨x = d⟩

    def improve(self, t: DeviceVector, d: DeviceVector, semiring) -> DeviceVector:
        better = cp.less if semiring.improves == "lt" else cp.greater
        f = DeviceVector(t.val, t.has & better(t.val, d.val))         # f = t⟨t ⊕ d ≠ d⟩
        cp.copyto(d.val, f.val, where=f.has)                          # d⟨f⟩ = f
        return f

    def support(self, d: DeviceVector, semiring) -> DeviceVector:
        return DeviceVector(d.val.copy(), d.has & (d.val != semiring.zero))  # d⟨d ≠ 0̄⟩
