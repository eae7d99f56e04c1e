"""GraphBLAS backend: each interface method is one or two python-graphblas calls.

Matrices are built once per graph and cached: a Boolean (iso-valued) ``A`` for BFS, its
transpose for pull steps on directed graphs (the same object when undirected), and ``A``
with its weights in the type path values are computed in (:meth:`domain`: INT32 / INT64
for min_plus when exact, else FP64).  BFS pull steps run on bitmap vectors, so
SuiteSparse's dot product sees the frontier as a dense bit test and stops at the first
parent it finds; SSSP pulls run on full vectors (``d``, and ``A ⊕ I`` so that the result
is full too), where every elementwise pass that follows is a plain loop over arrays.

Where a Python-driven sequence of these calls costs more than the work (small graphs,
thousands of rounds), the same algebra runs as compiled loops: the capabilities of
``fused.py`` (``FusedLoops``), mixed in here.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cached_property
from typing import ClassVar

import graphblas as gb
import numpy as np
from graphblas import Matrix, Vector, binary, monoid

from .. import semirings as _semirings
from ..backends.interface import Backend
from ..graph import Graph
from ..semirings import Semiring
from . import bits
from .fused import FusedLoops

_I64 = gb.dtypes.INT64
_BOOL = gb.dtypes.BOOL
_FP64 = gb.dtypes.FP64
_U64 = gb.dtypes.UINT64
_ALL = np.uint64(2**64 - 1)
_BOR_BAND = gb.semiring.bor_band[_U64]
_MIN_PLUS = _semirings.min_plus
_PLUS_FIRST = gb.semiring.plus_first[_FP64]


@dataclass(frozen=True)
class Domain:
    """The type path values are computed in, and its ``0̄`` (``∞``: a sentinel in an
    integer type)."""

    dtype: gb.dtypes.DataType
    zero: float | int


def _integer_threshold(op: str, c: float, dtype) -> tuple[str, int | None]:
    """``x op c`` for ``x`` of integer ``dtype`` as a comparison with an integer of that
    type: ``x < 2.5`` is ``x < 3``.  ``(op, None)`` when no value passes (``"none"``) or
    every one does (``"all"``), as when ``c`` lies beyond the type's range."""
    if math.isnan(c):
        return ("none", None) if op != "!=" else ("all", None)
    info = np.iinfo(dtype.np_type)
    if not info.min <= c <= info.max:             # ±∞ and values beyond the type
        if op in ("==", "!="):
            return ("none", None) if op == "==" else ("all", None)
        return ("all", None) if (c > info.max) == (op in ("<", "<=")) else ("none", None)
    if op in ("==", "!=") and c != math.floor(c):
        return ("none", None) if op == "==" else ("all", None)
    return op, math.ceil(c) if op in ("<", ">=", "==", "!=") else math.floor(c)


def _row_degrees(M: Matrix) -> tuple[np.ndarray, Vector]:
    """Stored entries per row of M, on the host and as a full GraphBLAS vector."""
    d = M.reduce_rowwise(gb.agg.count).new(dtype=_I64).to_dense(fill_value=0)
    return d, Vector.from_dense(d)


def _sparse(v: Vector) -> Vector:
    v.ss.config["sparsity_control"] = ["sparse"]
    return v


def _bitmap(v: Vector) -> Vector:
    v.ss.config["sparsity_control"] = ["bitmap"]
    return v


class GraphBLASBackend(FusedLoops, Backend):
    """The CPU backend bound to one graph (``semiring_paths.backends.interface``)."""

    name: ClassVar[str] = "cpu"

    def __init__(self, G: Graph):
        self.graph = G
        self.n = G.n_vertices
        self._pattern: tuple[Matrix, Matrix] | None = None

    @classmethod
    def over(cls, G: Graph, A: Matrix) -> GraphBLASBackend:
        """A backend whose BFS runs over the Boolean pattern ``A`` (a subgraph of G's)."""
        be = cls(G)
        be._pattern = (A, A.T.new())
        return be

    # ----------------------------------------------------------------- matrices
    @cached_property
    def A(self) -> Matrix:
        """Boolean pattern of A (iso): what BFS multiplies by."""
        if self._pattern is not None:
            return self._pattern[0]
        G = self.graph
        n = G.n_vertices
        return Matrix.from_csr(G.indptr, G.indices, True, dtype=_BOOL, nrows=n, ncols=n)

    @cached_property
    def AT(self) -> Matrix:
        """Aᵀ stored by rows: row j lists the in-neighbours of j (pull)."""
        if self._pattern is not None:
            return self._pattern[1]
        return self.A if not self.graph.directed else self.A.T.new()

    @cached_property
    def W(self) -> Matrix:
        """A with its weights as FP64 (1.0 on an unweighted graph)."""
        G = self.graph
        n = G.n_vertices
        w = G.weights.astype(np.float64) if G.weighted else 1.0
        return Matrix.from_csr(G.indptr, G.indices, w, dtype=_FP64, nrows=n, ncols=n)

    @cached_property
    def degree(self) -> Vector:
        return Vector.from_dense(self.graph.out_degree.astype(np.int64))

    # ----------------------------------------------------------------- BFS
    @cached_property
    def _ids(self):
        """Parent ids in 4 bytes while n fits (half the traffic of int64)."""
        return gb.dtypes.INT32 if self.graph.id_dtype == np.int32 else _I64

    def bfs_start(self, source: int):
        n, ids = self.n, self._ids
        q = Vector(ids, n)
        q[source] = source
        parents = _bitmap(Vector(ids, n))
        parents[source] = source
        levels = _bitmap(Vector(ids, n))
        levels[source] = 0
        return q, parents, levels

    def push(self, q: Vector, visited: Vector, edges: int) -> Vector:
        # a large expansion lands in a bitmap; a small one stays sparse (O(|q|) per step)
        fmt = "bitmap" if edges > self.n // 16 else "sparse"
        if q.ss.config["sparsity_control"] != {fmt}:
            q.ss.config["sparsity_control"] = [fmt]
        # q⟨¬π, replace⟩ = q any.secondi A
        sr = _semirings.any_secondi.graphblas(self._ids.np_type)
        q(~visited.S, replace=True) << q.vxm(self.A, sr)
        return q

    def pull(self, q: Vector, visited: Vector) -> Vector:
        _bitmap(q)
        # q⟨¬π, replace⟩ = Aᵀ any.firstj q
        sr = _semirings.any_firstj.graphblas(self._ids.np_type)
        q(~visited.S, replace=True) << self.AT.mxv(q, sr)
        return q

    def record(self, q: Vector, parents: Vector, levels: Vector, level: int) -> None:
        parents(accum=binary.second) << q   # π⟨q⟩ = q  (q ∩ π = ∅: union is the assign)
        levels(q.S) << level                 # v⟨q⟩ = level

    # ----------------------------------------------------------------- SSSP
    @cached_property
    def _exact(self) -> Domain | None:
        """min_plus in integers when that is exact: every weight a non-negative integer and
        ``(n - 1)·max w`` (the longest simple path) below the ∞ sentinel, which sits
        ``max w`` under the type's top so that ``∞ + w`` cannot wrap.  INT32 products run
        2–4× faster than FP64 in SuiteSparse (``benchmarks/bench_sssp.py``)."""
        G = self.graph
        if not G.n_stored:
            return None
        w = G.weights if G.weighted else np.ones(1, np.int64)
        if w.min() < 0 or (w.dtype.kind == "f" and not np.array_equal(w, np.floor(w))):
            return None
        top = int(w.max())
        longest = (self.n - 1) * top
        for dtype, width in ((gb.dtypes.INT32, 31), (_I64, 63)):
            zero = 2**width - 1 - top
            if longest < zero:
                return Domain(dtype, zero)
        return None

    def domain(self, semiring: Semiring) -> Domain:
        """Where ``semiring``'s path values live: exact integers for min_plus when they fit
        (:attr:`_exact`), else FP64 with the semiring's own ``0̄``."""
        if semiring.name == "min_plus" and self._exact is not None:
            return self._exact
        return Domain(_FP64, semiring.zero)

    def weights_as(self, dtype) -> Matrix:
        """A with its weights in ``dtype`` (cached; FP64 is :attr:`W`)."""
        if dtype == _FP64:
            return self.W
        key = ("W", dtype.name)
        if key not in self._typed:
            G = self.graph
            w = G.weights.astype(dtype.np_type) if G.weighted else 1
            self._typed[key] = Matrix.from_csr(G.indptr, G.indices, w, dtype=dtype,
                                               nrows=self.n, ncols=self.n)
        return self._typed[key]

    @cached_property
    def _typed(self) -> dict:
        return {}

    def sssp_start(self, source: int, semiring: Semiring):
        dom = self.domain(semiring)
        d = Vector.from_scalar(dom.zero, self.n, dtype=dom.dtype)     # d = 0̄
        d[source] = semiring.one                                      # d(s) = 1̄
        f = Vector(dom.dtype, self.n)
        f[source] = semiring.one                                      # f = e_s·1̄
        return d, f

    def relax(self, f: Vector, semiring: Semiring, exclude: Vector | None = None,
              direction: str = "push", matrix: Matrix | None = None,
              closed: bool = False) -> Vector:
        dtype = f.dtype
        sr = semiring.graphblas(dtype.np_type)
        A = self.weights_as(dtype) if matrix is None else matrix
        if isinstance(f, Matrix):        # k frontiers at once (batch_start): push only
            return f.mxm(A, sr).new()                                 # T = F ⊕.⊗ A
        t = Vector(dtype, self.n)
        out = t if exclude is None else t(~exclude.S)
        if closed:                       # (A ⊕ I)ᵀ: a full f gives a full t (fast case)
            AI = self._derived(A, f"closed {semiring.name}", lambda: A.ewise_add(
                Vector.from_dense(np.full(self.n, semiring.one, dtype.np_type)).diag(),
                getattr(monoid, semiring.add)[dtype]).new())
            out << self._transpose(AI).mxv(f, sr)                    # t = f ⊕ Aᵀ ⊕.⊗ f
        elif direction == "pull":
            out << self._transpose(A).mxv(f, sr)                     # t⟨¬S⟩ = Aᵀ ⊕.⊗ f
        else:
            out << f.vxm(A, sr)                                       # t⟨¬S⟩ = f ⊕.⊗ A
        return t

    def _transpose(self, M: Matrix) -> Matrix:
        """Mᵀ stored by rows (M itself when undirected)."""
        return M if not self.graph.directed else self._derived(M, "T", lambda: M.T.new())

    def _derived(self, M: Matrix, kind: str, make):
        """Something computed from M (its transpose, its row degrees), cached; the entry
        holds M, so that M's id is not reused while the entry lives."""
        hit = self._of.get((kind, id(M)))
        if hit is None or hit[0] is not M:
            hit = self._of[kind, id(M)] = (M, make())
        return hit[1]

    @cached_property
    def _of(self) -> dict:
        return {}

    def _one_delta(self, key, make):
        """The split or prune for ``key``, made once; one Δ at a time is kept (with what
        was derived from its matrices)."""
        if key not in self._cache:
            gone = {id(m) for pair in self._cache.values() for m in pair}
            for k in [k for k in self._of if k[1] in gone]:
                del self._of[k]
            self._cache.clear()
            self._cache[key] = make()
        return self._cache[key]

    def split(self, delta: float) -> tuple[Matrix, Matrix]:
        """(A⟨A ≤ Δ⟩, A⟨A > Δ⟩) in min_plus's domain: light and heavy edges, cached for
        one Δ at a time."""
        A = self.weights_as(self.domain(_MIN_PLUS).dtype)
        return self._one_delta(("split", delta), lambda: (
            A.select("<=", delta).new(), A.select(">", delta).new()))

    def prune(self, delta: float) -> Matrix:
        """``A_L = A⟨A ≤ max(Δ, minout(i), minin(j))⟩``: the light edges, plus each vertex's
        lightest out- and in-edges, so that every vertex keeps an edge either way
        (symmetric on an undirected graph).  In min_plus's domain, cached for one Δ at a
        time."""
        A = self.weights_as(self.domain(_MIN_PLUS).dtype)   # for its type
        G = self.graph

        def make():      # on the host CSR: one gather each way, 1.5× faster than the
            keep = G.light_edges(delta)   # same test by SuiteSparse diagonal products
            w = G.weights[keep].astype(A.dtype.np_type) if G.weighted else 1
            ptr = np.zeros(self.n + 1, np.int64)
            np.cumsum(np.bincount(G.rows[keep], minlength=self.n), out=ptr[1:])
            return (Matrix.from_csr(ptr, G.indices[keep], w, dtype=A.dtype, nrows=self.n,
                                    ncols=self.n),)
        return self._one_delta(("prune", delta), make)[0]

    def stored(self, matrix: Matrix | None = None) -> int:
        """Stored entries of ``matrix`` (A by default)."""
        if matrix is None:
            return self.graph.n_stored if self._pattern is None else self.A.nvals
        return matrix.nvals

    @cached_property
    def _cache(self) -> dict:
        return {}

    @cached_property
    def min_out(self) -> Vector:
        """Per vertex, the least out-weight (∞ with none): Crauser's Δ_node."""
        return Vector.from_dense(np.asarray(self.graph.min_out_weight, np.float64))

    # ------------------------------------------------------------ open-set operations
    def empty(self, like: Vector | Matrix | None = None) -> Vector | Matrix:
        if isinstance(like, Matrix):
            return Matrix(like.dtype, like.nrows, like.ncols)
        return Vector(_FP64 if like is None else like.dtype, self.n)

    def indicator(self, ids: np.ndarray) -> Vector:
        return Vector.from_coo(np.asarray(ids, np.int64), True, size=self.n, dtype=_BOOL)

    def gather(self, x, ids: np.ndarray, fill: float) -> np.ndarray:
        if isinstance(x, np.ndarray):
            return x[ids].astype(np.float64)
        out = x[np.asarray(ids, np.int64)].new().to_dense(fill_value=np.nan, dtype=_FP64)
        return np.where(np.isnan(out), fill, out)

    def reduce(self, x: Vector, semiring: Semiring) -> float | None:
        """⊕ over the entries of x; None when x is empty."""
        if not x.nvals:
            return None
        return float(x.reduce(getattr(monoid, semiring.add)[x.dtype]).value)

    def inner(self, x: Vector, y: Vector, semiring: Semiring) -> float | None:
        """x ⊕.⊗ y over the common entries; None when there are none."""
        v = x.inner(y, semiring.graphblas(np.float64)).new().value
        return None if v is None else float(v)

    def select(self, x: Vector, op: str, value: float) -> Vector:
        if x.dtype != _FP64 and x.dtype.np_type.kind in "iu":
            op, value = _integer_threshold(op, value, x.dtype)
            if value is None:        # no integer passes (or all do)
                return Vector(x.dtype, self.n) if op == "none" else x.dup()
        return x.select(op, value).new()                            # x⟨x op value⟩

    def difference(self, x: Vector, y: Vector) -> Vector:
        out = Vector(x.dtype, self.n)
        out(~y.S) << x                                              # x⟨¬y⟩
        return out

    def merge(self, x: Vector, y: Vector) -> Vector:
        x(accum=binary.second) << y                                 # x⟨y⟩ = y
        return x

    def current(self, x: Vector, d: Vector) -> Vector:
        """Entries of x that still equal d (not superseded by a better value)."""
        eq = x.ewise_mult(d, binary.eq).new()
        out = Vector(x.dtype, self.n)
        out(eq.V) << x
        return out

    def improve(self, t: Vector, d: Vector, semiring: Semiring) -> Vector:
        """``f = t⟨t ⊕ d ≠ d⟩`` ; ``d ⊕= t``.  ``f`` is kept sparse (what follows — its
        edge count, a push — is then O(|f|)); a full ``t`` (a pull through all of ``d``)
        updates ``d`` by one elementwise pass instead of a masked assignment.

        A push leaves ``t``'s indices unsorted (SuiteSparse's hash saxpy); ``wait`` sorts
        them once, where otherwise each operation reading ``t`` would, and ``f = t⟨c⟩`` is
        an intersection rather than a masked assignment (grid 1000², near-far: 579 → 420 µs
        a round)."""
        if isinstance(t, Matrix):        # k rows at once (batch_start)
            c = t.ewise_mult(d, getattr(binary, semiring.improves)).new()
            f = Matrix(t.dtype, t.nrows, t.ncols)
            f(c.V) << t                                               # F = T⟨T ⊕ D ≠ D⟩
            d(f.S) << f                                               # D⟨F⟩ = F
            return f
        t.wait()
        c = t.ewise_mult(d, getattr(binary, semiring.improves)).new()   # c = t ⊕ d ≠ d
        changed = _sparse(Vector(_BOOL, self.n))
        changed << c.select("==", True)
        f = _sparse(Vector(t.dtype, self.n))
        f << changed.ewise_mult(t, binary.second)                     # f = t⟨c⟩
        if t.nvals == self.n:
            d << d.ewise_mult(t, getattr(binary, semiring.add))       # d = d ⊕ t
        else:
            d(f.S) << f                                               # d⟨f⟩ = f
        return f

    def support(self, d: Vector, semiring: Semiring) -> Vector:
        return d.select("!=", self.domain(semiring).zero).new()       # d⟨d ≠ 0̄⟩

    def values(self, d, semiring: Semiring, device: bool = False) -> np.ndarray:
        """Path values as float64, ``semiring.zero`` where there is no path (``d`` a
        vector, a ``k × n`` matrix of :meth:`batch_start`, or already a host array)."""
        if isinstance(d, np.ndarray):
            return self.export(d, semiring.zero, device)
        zero = self.domain(semiring).zero
        x = d.to_dense(fill_value=zero) if isinstance(d, Matrix) else self.export(d, zero)
        if x.dtype.kind == "f":
            return x
        out = x.astype(np.float64)
        out[x >= zero] = semiring.zero
        return out

    def batch_start(self, sources: np.ndarray, semiring: Semiring) -> tuple[Matrix, Matrix]:
        """``D = 0̄`` but ``D(i, sᵢ) = 1̄`` (``k × n``, full) and ``F`` = those entries."""
        dom, k = self.domain(semiring), sources.size
        rows = np.arange(k)
        D = Matrix.from_scalar(dom.zero, k, self.n, dtype=dom.dtype)
        D(Matrix.from_coo(rows, sources, True, nrows=k, ncols=self.n).S) << semiring.one
        F = Matrix.from_coo(rows, sources, semiring.one, nrows=k, ncols=self.n,
                            dtype=dom.dtype)
        return D, F

    # ----------------------------------------------------------------- bitmaps
    #: sources per batch of the bitmap BFS: 64 words a vertex, where numpy's per-level
    #: bit counting still costs less than the products
    bitmap_batch = 4096

    @cached_property
    def A64(self) -> Matrix:
        """A iso-valued at all ones in uint64: ``bor.band`` by it ORs whole words."""
        G = self.graph
        return Matrix.ss.import_csr(nrows=self.n, ncols=self.n, indptr=G.indptr,
                                    col_indices=G.indices, values=np.array([_ALL]),
                                    is_iso=True)

    def bits_start(self, sources: np.ndarray) -> tuple[Matrix, Matrix]:
        """``F = S``: a ``w × n`` uint64 matrix with source ``s`` at bit ``s % 64`` of row
        ``s // 64``, column ``sources[s]``."""
        k = sources.size
        s = np.arange(k)
        F = Matrix.from_coo(s // 64, sources, np.left_shift(np.uint64(1), (s % 64).astype(
            np.uint64)), nrows=(k + 63) // 64, ncols=self.n, dtype=_U64)
        return F, F.dup()

    def bits_step(self, F: Matrix, S: Matrix) -> tuple[Matrix, Matrix]:
        T = S.ewise_add(F.mxm(self.A64, _BOR_BAND), binary.bor).new()  # T = S bor (F bor.band A)
        F = T.ewise_add(S, binary.bxor).new()                          # F = T bxor S
        return F.select("!=", 0).new(), T                              # drop empty words; S = T

    def bits_count(self, F: Matrix, k: int) -> np.ndarray:
        rows, _, words = F.to_coo()
        return bits.count(rows, words, k)

    def bits_levels(self, F: Matrix, levels: np.ndarray, level: int) -> None:
        s, v = bits.decode(*F.to_coo())
        levels[s, v] = level

    # ----------------------------------------------------------------- path counts
    def count_start(self, sources: np.ndarray, together: bool = False
                    ) -> tuple[Matrix, Matrix, Matrix]:
        """``Σ = F = e_s`` (``k × n`` FP64 path counts; one row for all when
        ``together``) and ``L`` (levels, 0 at each source)."""
        k = 1 if together else sources.size
        rows = np.zeros(sources.size, np.int64) if together else np.arange(k)
        F = Matrix.from_coo(rows, sources, 1.0, nrows=k, ncols=self.n, dtype=_FP64)
        L = Matrix.from_coo(rows, sources, 0, nrows=k, ncols=self.n, dtype=_I64)
        return F.dup(), F, L

    def count_step(self, F: Matrix, paths: Matrix, levels: Matrix, level: int,
                   walks: bool = False) -> Matrix:
        T = Matrix(_FP64, F.nrows, self.n)
        if walks:
            T << F.mxm(self.A, _PLUS_FIRST)                           # T = F plus.first A
        else:
            T(~paths.S, replace=True) << F.mxm(self.A, _PLUS_FIRST)  # T⟨¬Σ⟩ = F plus.first A
        paths(accum=binary.plus) << T                                 # Σ += T
        levels(T.S) << level                                          # L⟨T⟩ = ℓ
        return T

    def dependency_step(self, W: Matrix, delta: Matrix, paths: Matrix, levels: Matrix,
                        level: int) -> None:
        k = paths.nrows
        at = levels.select("==", level).new()                         # L = ℓ
        below = levels.select("==", level - 1).new()                  # L = ℓ − 1
        X = Matrix(_FP64, k, self.n)
        X(at.S) << 1.0
        X(at.S, accum=binary.plus) << delta                           # 1 + Δ on L = ℓ
        W(at.S) << X.ewise_mult(paths, binary.truediv)                # W⟨L=ℓ⟩ = (1+Δ) ÷ Σ
        T = Matrix(_FP64, k, self.n)
        T(below.S) << W.mxm(self.AT, _PLUS_FIRST)                     # T = W plus.first Aᵀ
        delta(below.S, accum=binary.plus) << T.ewise_mult(paths, binary.times)  # Δ += T×Σ

    def counts(self, X: Matrix) -> np.ndarray:
        return X.to_dense(fill_value=np.nan, dtype=_FP64)

    def dependency_sums(self, delta: Matrix, paths: Matrix, sources: np.ndarray
                        ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        dep = delta.reduce_columnwise(monoid.plus).new().to_dense(fill_value=0.0)
        hits = paths.reduce_columnwise(gb.agg.count).new(dtype=_I64).to_dense(
            fill_value=0).astype(np.int64)                # a copy: to_dense may be a view
        hits[sources] -= 1
        reach = paths.reduce_rowwise(gb.agg.count).new(dtype=_I64).to_dense(
            fill_value=0) - 1
        return dep.astype(np.float64), hits, reach.astype(np.int64)

    # ----------------------------------------------------------------- misc
    def nvals(self, x: Vector) -> int:
        return x.nvals

    def frontier_edges(self, x: Vector, matrix: Matrix | None = None) -> int:
        """Σ_{i ∈ x} outdeg(i) in A (or ``matrix``): a gather for a small frontier, else
        ``degree plus.first x``."""
        if matrix is None:
            host, degree = self.graph.out_degree, self.degree
        else:
            host, degree = self._derived(matrix, "degree", lambda: _row_degrees(matrix))
        if x.nvals < self.n >> 6:
            idx, _ = x.to_coo(values=False)
            return int(host[idx].sum())
        return int(degree.inner(x, gb.semiring.plus_first[_I64]).new().value or 0)

    def export(self, x, fill, device: bool = False) -> np.ndarray:
        """``x`` as a dense int64 / float64 array, ``fill`` where empty; takes ``x``'s
        memory (no copy).  Results of this backend live on the host."""
        if device:
            raise ValueError("the cpu backend keeps results on the host (device=False)")
        if isinstance(x, np.ndarray):
            return x
        n = x.size
        fmt = "full" if x.nvals == n else "bitmap"
        d = x.ss.export(fmt, give_ownership=True)
        vals = d["values"]
        if d.get("is_iso"):
            vals = np.full(n, vals[0], dtype=vals.dtype)
        if vals.dtype.kind in "iu":
            vals = vals.astype(np.int64)
        if fmt == "full":
            return vals
        present = d["bitmap"].view(bool)
        if vals.dtype.kind == "f":
            return np.where(present, vals, fill)
        # (v - fill)·present + fill: branch-free, several times faster than a masked store
        vals -= fill
        vals *= present
        vals += fill
        return vals

    def tight_subgraph(self, d, semiring: Semiring) -> GraphBLASBackend:
        """A backend over ``T = {(u, v) ∈ A : d(u) ⊗ w(u, v) = d(v)}`` (``d``: path
        values, a vector of this backend or a host array)."""
        dv = Vector.from_dense(self.values(d, semiring), dtype=_FP64).diag()
        C = dv.mxm(self.W, gb.semiring.any_first[_FP64]).new()    # C(u,v) = d(u)
        C = C.ewise_mult(self.W, getattr(binary, semiring.multiply)).new()  # d(u) ⊗ w
        T = C.mxm(dv, gb.semiring.any_eq[_FP64]).new()            # T(u,v) = C(u,v) == d(v)
        return GraphBLASBackend.over(self.graph, T.select("==", True).new(dtype=_BOOL))
