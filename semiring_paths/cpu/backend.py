"""GraphBLAS backend: each interface method is one or two python-graphblas calls.

Matrices are built once per graph and cached: a Boolean (iso-valued) ``A`` for BFS, its
transpose for pull steps on directed graphs (the same object when undirected), and an
FP64 ``A`` for weighted semirings.  Pull steps run on bitmap vectors, so SuiteSparse's dot
product sees the frontier as a dense bit test and stops at the first parent it finds.
"""

from __future__ import annotations

from functools import cached_property
from typing import ClassVar

import graphblas as gb
import numpy as np
from graphblas import Matrix, Vector, binary, monoid

from ..graph import Graph
from ..semirings import Semiring
from . import bits

_I64 = gb.dtypes.INT64
_BOOL = gb.dtypes.BOOL
_FP64 = gb.dtypes.FP64
_U64 = gb.dtypes.UINT64
_ALL = np.uint64(2**64 - 1)
_BOR_BAND = gb.semiring.bor_band[_U64]


def _bitmap(v: Vector) -> Vector:
    v.ss.config["sparsity_control"] = ["bitmap"]
    return v


class GraphBLASBackend:
    """The CPU backend bound to one graph (see ``semiring_paths.backend``)."""

    name = "cpu"
    fused: ClassVar[dict] = {}

    def __init__(self, G: Graph, A: Matrix | None = None, AT: Matrix | None = None):
        self.graph = G
        self.n = G.n_vertices
        if A is not None:  # a backend over an explicit pattern (tight-edge subgraphs)
            self.__dict__["A"] = A
            self.__dict__["AT"] = AT if AT is not None else A.T.new()

    # ----------------------------------------------------------------- matrices
    @cached_property
    def A(self) -> Matrix:
        """Boolean pattern of A (iso): what BFS multiplies by."""
        G = self.graph
        n = G.n_vertices
        return Matrix.from_csr(G.indptr, G.indices, True, dtype=_BOOL, nrows=n, ncols=n)

    @cached_property
    def AT(self) -> Matrix:
        """Aᵀ stored by rows: row j lists the in-neighbours of j (pull)."""
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
        return Vector.from_dense(self.A.reduce_rowwise(monoid.plus[_I64]).new(
            dtype=_I64).to_dense(fill_value=0))

    # ----------------------------------------------------------------- BFS
    @cached_property
    def _ids(self):
        """Parent ids in 4 bytes while n fits (half the traffic of int64)."""
        return gb.dtypes.INT32 if self.n < 2**31 - 1 else _I64

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
        q(~visited.S, replace=True) << q.vxm(self.A, gb.semiring.ss.any_secondi[self._ids])
        return q

    def pull(self, q: Vector, visited: Vector) -> Vector:
        _bitmap(q)
        # q⟨¬π, replace⟩ = Aᵀ any.firstj q
        q(~visited.S, replace=True) << self.AT.mxv(q, gb.semiring.ss.any_firstj[self._ids])
        return q

    def record(self, q: Vector, parents: Vector, levels: Vector, level: int) -> None:
        parents(accum=binary.second) << q   # π⟨q⟩ = q  (q ∩ π = ∅: union is the assign)
        levels(q.S) << level                 # v⟨q⟩ = level

    # ----------------------------------------------------------------- SSSP
    def sssp_start(self, source: int, semiring: Semiring):
        d = Vector.from_scalar(semiring.zero, self.n, dtype=_FP64)   # d = 0̄
        d[source] = semiring.one                                      # d(s) = 1̄
        f = Vector(_FP64, self.n)
        f[source] = semiring.one                                      # f = e_s·1̄
        return d, f

    @cached_property
    def WT(self) -> Matrix:
        """Aᵀ with weights, stored by rows (pull relaxation)."""
        return self.W if not self.graph.directed else self.W.T.new()

    def relax(self, f: Vector, semiring: Semiring, exclude: Vector | None = None,
              direction: str = "push", matrix: Matrix | None = None) -> Vector:
        sr = semiring.graphblas(np.float64)
        t = Vector(_FP64, self.n)
        out = t if exclude is None else t(~exclude.S)
        if direction == "pull":
            M = self.WT if matrix is None else self._transpose(matrix)
            out << M.mxv(f, sr)                                         # t⟨¬S⟩ = Aᵀ ⊕.⊗ f
        else:
            out << f.vxm(self.W if matrix is None else matrix, sr)      # t⟨¬S⟩ = f ⊕.⊗ A
        return t

    def _transpose(self, M: Matrix) -> Matrix:
        if not self.graph.directed:
            return M
        key = ("T", id(M))
        if key not in self._cache:
            self._cache[key] = M.T.new()
        return self._cache[key]

    def split(self, delta: float) -> tuple[Matrix, Matrix]:
        """(A⟨A ≤ Δ⟩, A⟨A > Δ⟩): light and heavy edges, cached per Δ."""
        key = ("split", delta)
        if key not in self._cache:
            self._cache.clear()   # one Δ at a time (and its transposes)
            self._cache[key] = (self.W.select("<=", delta).new(),
                                self.W.select(">", delta).new())
        return self._cache[key]

    @cached_property
    def _cache(self) -> dict:
        return {}

    @cached_property
    def min_out(self) -> Vector:
        """Per vertex, the least out-weight (∞ with none): Crauser's Δ_node."""
        return Vector.from_dense(np.asarray(self.graph.min_out_weight, np.float64))

    # ------------------------------------------------------------ open-set operations
    def empty(self) -> Vector:
        return Vector(_FP64, self.n)

    def copy(self, x: Vector) -> Vector:
        return x.dup()

    def reduce(self, x: Vector, semiring: Semiring) -> float | None:
        """⊕ over the entries of x; None when x is empty."""
        if not x.nvals:
            return None
        return float(x.reduce(getattr(monoid, semiring.add)[_FP64]).value)

    def inner(self, x: Vector, y: Vector, semiring: Semiring) -> float | None:
        """x ⊕.⊗ y over the common entries; None when there are none."""
        v = x.inner(y, semiring.graphblas(np.float64)).new().value
        return None if v is None else float(v)

    def select(self, x: Vector, op: str, value: float) -> Vector:
        return x.select(op, value).new()                            # x⟨x op value⟩

    def difference(self, x: Vector, y: Vector) -> Vector:
        out = Vector(_FP64, self.n)
        out(~y.S) << x                                              # x⟨¬y⟩
        return out

    def merge(self, x: Vector, y: Vector) -> Vector:
        x(accum=binary.second) << y                                 # x⟨y⟩ = y
        return x

    def current(self, x: Vector, d: Vector) -> Vector:
        """Entries of x that still equal d (not superseded by a better value)."""
        eq = x.ewise_mult(d, binary.eq).new()
        out = Vector(_FP64, self.n)
        out(eq.V) << x
        return out

    def improve(self, t: Vector, d: Vector, semiring: Semiring) -> Vector:
        better = getattr(binary, semiring.improves)
        c = t.ewise_mult(d, better).new()                             # c = t ⊕ d ≠ d
        f = Vector(_FP64, self.n)
        f(c.V) << t                                                   # f = t⟨c⟩
        d(f.S) << f                                                   # d ⊕= t
        return f

    def support(self, d: Vector, semiring: Semiring) -> Vector:
        return d.select("!=", semiring.zero).new()                    # d⟨d ≠ 0̄⟩

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

    # ----------------------------------------------------------------- misc
    def nvals(self, x: Vector) -> int:
        return x.nvals

    def frontier_edges(self, x: Vector) -> int:
        """Σ_{i ∈ x} outdeg(i): a gather for a small frontier, else ``degree plus.first x``."""
        if x.nvals < self.n >> 6:
            idx, _ = x.to_coo(values=False)
            return int(self.graph.out_degree[idx].sum())
        return int(self.degree.inner(x, gb.semiring.plus_first[_I64]).new().value or 0)

    def to_numpy(self, x: Vector, fill) -> np.ndarray:
        """``x`` as a dense array, ``fill`` where empty; takes ``x``'s memory (no copy)."""
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

    def tight_parents(self, d: np.ndarray, semiring: Semiring, source: int) -> np.ndarray:
        """A shortest-path tree: BFS parents over the tight edges ``d(u) ⊗ w = d(v)``.

        Every path of tight edges from the source telescopes to ``d``, so any BFS tree of
        the tight subgraph is a shortest-path tree (zero-weight cycles included).
        """
        from ..algorithms.bfs import run_bfs

        D = Vector.from_dense(d, dtype=_FP64).diag()
        C = D.mxm(self.W, gb.semiring.any_first[_FP64]).new()     # C(u,v) = d(u)
        C = C.ewise_mult(self.W, getattr(binary, semiring.multiply)).new()  # d(u) ⊗ w
        T = C.mxm(D, gb.semiring.any_eq[_FP64]).new()            # T(u,v) = C(u,v) == d(v)
        T = T.select("==", True).new(dtype=_BOOL)
        sub = GraphBLASBackend(self.graph, A=T)
        return run_bfs(sub, source, "sovm", trace=None)[1]
