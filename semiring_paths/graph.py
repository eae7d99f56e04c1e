"""Graph: an immutable sparse adjacency matrix ``A(i, j) = w(i → j)`` in CSR form.

An undirected edge is stored both ways.  A missing entry is "no edge"; an explicit zero
weight is an edge.  Parallel edges are merged keeping the smallest weight (the shortest-path
convention, as ``scipy.sparse.csgraph`` does with a CSR matrix's repeated entries; a COO
matrix's repeats are one entry, their sum, there and in :meth:`Graph.from_scipy`).  Input
is validated here, once: kernels downstream trust a Graph.
"""

from __future__ import annotations

import numbers
from collections.abc import Hashable, Sequence
from functools import cached_property
from typing import TYPE_CHECKING, Any

import numpy as np
import scipy.sparse as sps

from . import ids, memory
from .build import csr_min_dedup
from .exceptions import InvalidGraphError, SourceError

if TYPE_CHECKING:  # pragma: no cover
    import graphblas
    import networkx

__all__ = ["FLOAT64_INTS", "KEPT_AS", "WIDE_FROM", "Graph", "id_dtype",
           "int_sums_past_float64"]


#: the weight types a Graph keeps, as errors about other ones say
KEPT_AS = "weights are kept as int32, int64, float32 or float64"

_WEIGHT_DTYPES = (np.int32, np.int64, np.float32, np.float64)


#: vertex ids take 4 bytes below this many vertices, 8 from it on (ids and -1 fit int32)
WIDE_FROM = 2**31 - 1

#: float64 holds every integer of magnitude up to this (2⁵³ + 1 has no double)
FLOAT64_INTS = 2**53


def int_sums_past_float64(w: np.ndarray, n: int) -> bool:
    """Whether integer weights ``w`` could add up past 2⁵³ on a path of a graph of ``n``
    vertices (a shortest path is simple: ``max |w| · (n − 1)``), where float64 no longer
    holds every integer."""
    if not w.size:
        return False
    return max(-int(w.min()), int(w.max())) * max(n - 1, 1) >= FLOAT64_INTS


def _summed(M: sps.spmatrix | sps.sparray) -> sps.spmatrix | sps.sparray:
    """``M.tocsr()``, its repeated entries added up.  scipy adds in the matrix's own
    dtype, where int8's 100 + 100 wraps: integer repeats are added in int64, and a sum
    beyond it is refused."""
    R = M.tocsr()
    if R.dtype.kind not in "iu" or R.nnz == M.nnz:
        return R
    exact = M.astype(np.float64).tocsr()
    big = np.flatnonzero(np.abs(exact.data) >= 2.0 ** 63)
    if big.size:
        i = int(np.searchsorted(exact.indptr, big[0], side="right") - 1)
        raise InvalidGraphError(
            f"the entries at ({i}, {int(exact.indices[big[0]])}) add up to "
            f"{exact.data[big[0]]:.6g}, beyond int64")
    return M.astype(np.int64).tocsr()



def id_dtype(n: int) -> type:
    """The vertex-id type for ``n`` vertices, on every backend: int32 while ``n`` is below
    ``WIDE_FROM``, int64 from there on."""
    return np.int32 if n < WIDE_FROM else np.int64


def _as_float_hint(x: Any) -> str:
    """What to do with a number the engine does not add exactly (Fraction, Decimal, a
    Python int beyond int64): paths are summed in int64 or float64."""
    if not isinstance(x, numbers.Number) or isinstance(x, (bool, complex)):
        return ""
    what = ("an int beyond int64" if isinstance(x, int) else
            f"a{'n' * (type(x).__name__[0] in 'AEIOUaeiou')} {type(x).__name__}")
    return (f"; {what} is not added exactly here (paths sum in int64 or float64): pass "
            f"float(w) to accept the rounding")


def _first_non_number(weights: Any) -> tuple[int, Any] | None:
    """The first weight, as given (before NumPy made one type of them all: ``[1, "x"]``
    becomes two strings), that is not a real number NumPy can hold (a string, None, a
    bool, an int beyond int64), and where it is; None if none is."""
    if np.ndim(weights) != 1:
        return None
    values = weights.tolist() if isinstance(weights, np.ndarray) else weights
    for k, x in enumerate(values):
        if isinstance(x, (bool, np.bool_)) or not isinstance(
                x, (int, float, np.integer, np.floating)) or (
                isinstance(x, int) and not -2**63 <= x < 2**63):
            return k, x
    return None


class Graph:
    """A directed or undirected, weighted or unweighted graph in CSR form.

    Build one with :meth:`from_edges`, :meth:`from_scipy`, :meth:`from_networkx`,
    :meth:`from_graphblas` or :func:`semiring_paths.read`; the constructor itself takes
    already-valid CSR arrays and is not meant to be called directly.

    Examples
    --------
    >>> import semiring_paths as sp
    >>> G = sp.Graph.from_edges([0, 1], [1, 2], weights=[2.0, 3.0], directed=False)
    >>> G.n_vertices, G.n_edges, G.directed, G.weighted
    (3, 2, False, True)
    """

    def __init__(
        self,
        indptr: np.ndarray,
        indices: np.ndarray,
        weights: np.ndarray | None,
        *,
        directed: bool,
        labels: Sequence[Hashable] | None = None,
        name: str | None = None,
    ):
        self.indptr = indptr
        self.indices = indices
        self.weights = weights
        self.directed = bool(directed)
        self.labels = list(labels) if labels is not None else None
        self.name = name
        for a in (indptr, indices, weights):
            if a is not None:
                a.flags.writeable = False
        #: per-backend caches (device copies, GraphBLAS matrices): keyed by backend name.
        self._backend_cache: dict[str, Any] = {}

    def __getstate__(self) -> dict[str, Any]:
        """Pickled (to a Dask worker, another process) without its backend caches, which
        belong to this process; the receiver builds its own."""
        state = {k: v for k, v in self.__dict__.items() if k != "_backend_cache"}
        state["_backend_cache"] = {}
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        for a in (self.indptr, self.indices, self.weights):
            if a is not None and a.flags.owndata:
                a.flags.writeable = False

    # ------------------------------------------------------------------ constructors
    @classmethod
    def from_dense(cls, W: np.ndarray, no_edge: float = np.inf, directed: bool = True,
                   name: str | None = None) -> Graph:
        """A graph from a dense ``n × n`` weight matrix (papers/003's adjacency matrix):
        an edge ``i → j`` of weight ``W[i, j]`` wherever ``W[i, j]`` is not ``no_edge``
        (``nan`` works too).  A boolean matrix is an adjacency matrix: an unweighted edge
        wherever it is ``True`` (``no_edge`` is not read).

        >>> import numpy as np, semiring_paths as sp
        >>> G = sp.Graph.from_dense(np.array([[0, 2, np.inf], [np.inf, 0, 1], [4, np.inf, 0]]))
        >>> G.n_edges, sp.closure(G)[0].tolist()
        (6, [0.0, 2.0, 3.0])
        >>> sp.Graph.from_dense(np.array([[False, True], [False, False]]))
        <Graph n_vertices=2 n_edges=1 directed=True weighted=False>
        """
        W = np.asarray(ids.host(W))
        if W.ndim != 2 or W.shape[0] != W.shape[1]:
            raise InvalidGraphError(f"a dense graph needs a square matrix, got shape "
                                    f"{W.shape}")
        if W.dtype == np.bool_:
            src, dst = np.nonzero(W)
            return cls.from_edges(src, dst, None, n_vertices=W.shape[0],
                                  directed=directed, name=name)
        edge = ~np.isnan(W) if np.isnan(no_edge) else W != no_edge
        src, dst = np.nonzero(edge)
        return cls.from_edges(src, dst, W[src, dst], n_vertices=W.shape[0],
                              directed=directed, name=name)

    @classmethod
    def from_edges(
        cls,
        src: Sequence[int] | np.ndarray,
        dst: Sequence[int] | np.ndarray,
        weights: Sequence[float] | np.ndarray | None = None,
        n_vertices: int | None = None,
        directed: bool = True,
        *,
        labels: Sequence[Hashable] | None = None,
        name: str | None = None,
    ) -> Graph:
        """Build a graph from edge lists ``src[k] → dst[k]`` with optional weights.

        Parameters
        ----------
        src, dst : array_like of int
            Endpoints, 0-based.
        weights : array_like of float or int, optional
            Edge weights; ``None`` makes an unweighted graph (every edge weighs 1).
            NaN and infinite weights are rejected; negative ones are kept (only some
            strategies accept them).
        n_vertices : int, optional
            Number of vertices; default ``max id + 1``.  An id ``>= n_vertices`` raises.
        directed : bool
            ``False`` stores each edge both ways.
        labels : sequence of hashable, optional
            A name for each vertex (``labels[i]`` names id ``i``), unique and hashable
            as NetworkX nodes are: :meth:`vertex_id` and :meth:`to_networkx` use them.

        Raises
        ------
        InvalidGraphError
            Mismatched lengths, negative or out-of-range ids, NaN / inf weights; labels
            that are not one per vertex, unhashable or repeated.
        """
        src = _as_ids(ids.host(src), "src")        # CuPy arrays: copied to the host
        dst = _as_ids(ids.host(dst), "dst")
        weights = ids.host(weights)
        if src.shape != dst.shape:
            raise InvalidGraphError(
                f"src and dst differ in length ({src.size} vs {dst.size})")
        w = None

        def edge(k: int) -> str:               # an edge as errors name it (labels if given)
            u, v = (int(src[k]), int(dst[k])) if labels is None else (
                labels[src[k]], labels[dst[k]])
            return f"edge {k} ({u!r} -> {v!r})"

        if weights is not None:
            w = np.asarray(weights)
            if w.dtype == np.bool_ or w.dtype.kind not in "iuf":
                bad = _first_non_number(weights)
                raise InvalidGraphError(
                    f"weights must be numeric, got dtype {w.dtype}" if bad is None or
                    bad[0] >= src.size else
                    f"{edge(bad[0])} has weight {bad[1]!r}: weights must be numbers "
                    f"(int or float, not bool), within int64 if integers"
                    + _as_float_hint(bad[1]))
            if w.shape != src.shape:
                raise InvalidGraphError(
                    f"weights has {w.size} entries for {src.size} edges")
            if w.dtype.kind == "u":
                big = w > np.iinfo(np.int64).max
                if big.any():
                    k = int(np.argmax(big))
                    raise InvalidGraphError(
                        f"{edge(k)} has weight {w[k]}, beyond int64 ({KEPT_AS}); pass "
                        "them as float64")
                w = w.astype(np.int64)
            elif w.dtype not in _WEIGHT_DTYPES:
                w = w.astype(np.float64 if w.dtype.kind == "f" else np.int64)
            if w.dtype.kind == "f":
                bad = ~np.isfinite(w)
                if bad.any():
                    k = int(np.argmax(bad))
                    raise InvalidGraphError(
                        f"{edge(k)} has weight {w[k]}: weights "
                        "must be finite numbers")
        top = int(max(src.max(initial=-1), dst.max(initial=-1))) + 1
        if n_vertices is None:
            n = top
        else:
            n = int(n_vertices)
            if n < 0:
                raise InvalidGraphError(f"n_vertices must be >= 0, got {n}")
            if top > n:
                bad = int(np.argmax(np.maximum(src, dst) >= n))
                raise InvalidGraphError(
                    f"edge {bad} ({src[bad]} -> {dst[bad]}) names a vertex beyond "
                    f"n_vertices={n}")
        G = cls._from_chunks([src], [dst], None if w is None else [w], n, directed,
                             weight_type=None if w is None else w.dtype)
        indptr, indices, w = G.indptr, G.indices, G.weights
        index = None
        if labels is not None:
            labels = list(labels)
            index, why = ids.label_ids(labels, n)
            if index is None:
                raise InvalidGraphError(why)
        G = cls(indptr, indices, w, directed=directed, labels=labels, name=name)
        if index is not None:
            G.__dict__["_label_ids"] = index                # vertex_id's table, built
        return G

    @classmethod
    def _from_chunks(cls, src: list[np.ndarray], dst: list[np.ndarray],
                     weights: list[np.ndarray] | None, n: int, directed: bool, *,
                     base: int = 0, weight_type=None, name: str | None = None,
                     consume: bool = False, release=None) -> Graph:
        """A graph from edges in chunks whose ids are already checked to lie in
        ``base … base + n - 1`` and weights finite (the readers' path: nothing is
        copied or widened); the memory the graph needs is checked first."""
        m = sum(int(a.size) for a in src)
        stored = m * (1 if directed else 2)
        idx_t = id_dtype(n)
        wt = None if weights is None else np.dtype(weight_type or weights[0].dtype)
        memory.require(memory.graph_bytes(n, stored, 0 if wt is None else wt.itemsize,
                                          np.dtype(idx_t).itemsize),
                       f"a graph of {n:,} vertices and {stored:,} stored edges")
        indptr, indices, w = csr_min_dedup(src, dst, weights, n, not directed, idx_t,
                                           base=base, weight_type=wt, consume=consume,
                                           release=release)
        return cls(indptr, indices, w, directed=directed, name=name)

    @classmethod
    def from_scipy(
        cls,
        M: sps.spmatrix | sps.sparray | np.ndarray,
        directed: bool = True,
        *,
        weighted: bool | None = None,
        name: str | None = None,
    ) -> Graph:
        """Build a graph from a square scipy sparse matrix (or dense array).

        Stored entries are edges, explicit zeros included.  A dense array follows
        ``scipy.sparse.csgraph``: zeros are "no edge".  The matrix is read as
        ``scipy.sparse.csgraph`` reads it, through ``M.tocsr()``: a COO matrix's
        repeated entries add up there (its value at ``(i, j)``, as ``toarray()`` shows
        it), and an entry a CSR or CSC matrix still repeats is a parallel edge, the
        least weight kept.  ``weighted=None`` infers: a Boolean matrix is unweighted,
        any other dtype weighted.  With ``directed=False`` the matrix is symmetrized
        (an entry either way is an edge).
        """
        M = ids.host(M)                       # a cupyx.scipy.sparse matrix, a CuPy array
        if not sps.issparse(M):
            given = type(M).__name__
            if hasattr(M, "nodes") and hasattr(M, "edges"):
                raise TypeError(f"expected a scipy sparse matrix, got a {given}; use "
                                "Graph.from_networkx")
            M = np.asarray(M)
            if M.dtype.kind not in "biuf":
                raise TypeError(f"expected a scipy sparse matrix or a 2-D numeric array, "
                                f"got {given} (as an array: dtype {M.dtype})")
            if M.ndim != 2:
                raise InvalidGraphError(f"adjacency must be 2-D, got shape {M.shape}")
            M = sps.csr_matrix(M)
        if M.shape[0] != M.shape[1]:
            raise InvalidGraphError(
                f"adjacency matrix must be square, got shape {M.shape}")
        # csgraph's reading: COO (and DOK, LIL, BSR) sum their repeats on the way to CSR
        C = (M if M.format in ("csr", "csc") else _summed(M)).tocoo()
        if weighted is None:
            weighted = C.dtype != np.bool_
        return cls.from_edges(
            C.row, C.col, C.data if weighted else None, n_vertices=M.shape[0],
            directed=directed, name=name)

    @classmethod
    def from_networkx(cls, G: networkx.Graph, weight: str | None = "weight") -> Graph:
        """Build a graph from a NetworkX graph; nodes become ``0..n-1`` in ``G.nodes``
        order (kept in :attr:`labels`).  ``weight=None`` makes it unweighted; an edge
        without the attribute weighs 1, as in NetworkX.  Multigraph parallel edges
        merge to the smallest weight."""
        if not (hasattr(G, "nodes") and hasattr(G, "edges") and hasattr(G, "is_directed")):
            raise TypeError(f"expected a NetworkX graph, got {type(G).__name__}"
                            + ("; use Graph.from_scipy" if sps.issparse(G) else ""))
        nodes = list(G.nodes)
        index = {v: i for i, v in enumerate(nodes)}
        edges = list(G.edges(data=weight if weight is not None else False, default=1))
        src = np.fromiter((index[e[0]] for e in edges), np.int64, len(edges))
        dst = np.fromiter((index[e[1]] for e in edges), np.int64, len(edges))
        w = None
        if weight is not None:
            w = [e[2] for e in edges] or np.empty(0)       # as given: from_edges checks
        return cls.from_edges(src, dst, w, n_vertices=len(nodes),
                              directed=G.is_directed(), labels=nodes)

    @classmethod
    def from_graphblas(cls, A: graphblas.Matrix, directed: bool = True) -> Graph:
        """Build a graph from a square python-graphblas Matrix (Boolean = unweighted)."""
        if not (hasattr(A, "nrows") and hasattr(A, "ncols") and hasattr(A, "to_coo")):
            raise TypeError(f"expected a graphblas.Matrix, got {type(A).__name__}"
                            + ("; use Graph.from_scipy" if sps.issparse(A) else ""))
        if A.nrows != A.ncols:
            raise InvalidGraphError(
                f"adjacency matrix must be square, got {A.nrows} x {A.ncols}")
        r, c, v = A.to_coo()
        weighted = A.dtype.name != "BOOL"
        return cls.from_edges(r, c, v if weighted else None, n_vertices=A.nrows,
                              directed=directed)

    # ------------------------------------------------------------------ properties
    @property
    def n_vertices(self) -> int:
        return self.indptr.size - 1

    @property
    def n_stored(self) -> int:
        """Stored entries of A (an undirected edge counts twice)."""
        return int(self.indices.size)

    @cached_property
    def n_edges(self) -> int:
        """Edges: stored entries if directed; undirected pairs (a loop counts once)."""
        if self.directed:
            return self.n_stored
        loops = int(np.count_nonzero(self.rows == self.indices))
        return (self.n_stored - loops) // 2 + loops

    @property
    def weighted(self) -> bool:
        return self.weights is not None

    @cached_property
    def rows(self) -> np.ndarray:
        """The row (source vertex) of every stored edge, beside :attr:`indices`."""
        r = np.repeat(np.arange(self.n_vertices, dtype=self.indices.dtype),
                      np.diff(self.indptr))
        r.flags.writeable = False
        return r

    @property
    def id_dtype(self) -> type:
        """The vertex-id type of every backend's frontiers, parents and indices."""
        return id_dtype(self.n_vertices)

    @cached_property
    def mean_degree(self) -> float:
        """Stored edges per vertex with at least one out-edge (``1.0`` with none)."""
        return self.n_stored / max(int(np.count_nonzero(self.out_degree)), 1)

    @cached_property
    def out_degree(self) -> np.ndarray:
        d = np.diff(self.indptr)
        d.flags.writeable = False
        return d

    @cached_property
    def max_out_degree(self) -> int:
        """The largest out-degree (0 with no vertices)."""
        return int(self.out_degree.max()) if self.n_vertices else 0

    @cached_property
    def min_out_weight(self) -> np.ndarray:
        """Per vertex, the least weight of its out-edges (``inf`` with none)."""
        out = np.full(self.n_vertices, np.inf)
        if self.n_stored:
            w = self.weights if self.weighted else np.ones(self.n_stored)
            nz = self.out_degree > 0
            out[nz] = np.minimum.reduceat(w.astype(np.float64), self.indptr[:-1][nz])
        out.flags.writeable = False
        return out

    def light_edges(self, delta: float) -> np.ndarray:
        """Per stored edge, whether ``w(i, j) ≤ max(Δ, minout(i), minin(j))``: the edges no
        heavier than Δ, plus each vertex's lightest out- and in-edges (light-first's A_L)."""
        w = self.weights if self.weighted else np.ones(self.n_stored, np.int8)
        keep = w <= np.maximum(self.min_out_weight, delta)[self.rows]
        keep |= w <= self.min_in_weight[self.indices]
        return keep

    @cached_property
    def min_in_weight(self) -> np.ndarray:
        """Per vertex, the least weight of its in-edges (``inf`` with none)."""
        if not self.directed:
            return self.min_out_weight
        out = np.full(self.n_vertices, np.inf)
        if self.n_stored:
            T = self.to_scipy(np.float64).tocsc()
            nz = np.diff(T.indptr) > 0
            out[nz] = np.minimum.reduceat(T.data, T.indptr[:-1][nz])
        out.flags.writeable = False
        return out

    @cached_property
    def min_weight(self) -> float:
        if not self.n_stored:
            return float("nan")
        return float(self.weights.min()) if self.weighted else 1.0

    @cached_property
    def mean_weight(self) -> float:
        if not self.n_stored:
            return float("nan")
        return float(self.weights.mean()) if self.weighted else 1.0

    @cached_property
    def has_negative_weights(self) -> bool:
        return self.weighted and self.n_stored > 0 and bool(self.weights.min() < 0)

    @cached_property
    def uniform_weight(self) -> float | None:
        """The one weight every edge carries, or ``None`` if weights differ."""
        if not self.n_stored:
            return 1.0
        if not self.weighted:
            return 1.0
        lo, hi = self.weights.min(), self.weights.max()
        return float(lo) if lo == hi else None

    @cached_property
    def rounds_past_float64(self) -> bool:
        """Whether integer weights could add up to a path value past 2⁵³, where float64
        (the type of every distance) no longer holds each integer: ``max |w| · (n − 1)``
        (a shortest path is simple) reaches it."""
        return (self.weighted and self.weights.dtype.kind in "iu"
                and int_sums_past_float64(self.weights, self.n_vertices))

    @cached_property
    def unweighted(self) -> Graph:
        """This graph without its weights (the same index arrays): hop counts.  Itself
        when unweighted."""
        if not self.weighted:
            return self
        return Graph(self.indptr, self.indices, None, directed=self.directed,
                     labels=self.labels, name=self.name)

    def reversed(self) -> Graph:
        """The graph with every edge turned around (itself when undirected)."""
        if not self.directed:
            return self
        return Graph.from_edges(self.indices.astype(np.int64), self.rows.astype(np.int64),
                                self.weights, n_vertices=self.n_vertices, directed=True,
                                labels=self.labels, name=self.name)

    def vertex_id(self, label: Hashable) -> int:
        """The id (``0..n-1``) of the vertex labelled ``label`` — a NetworkX node of
        :meth:`from_networkx`; results index by id, and ``G.labels[i]`` names id ``i``.

        >>> import networkx as nx, semiring_paths as sp
        >>> G = sp.Graph.from_networkx(nx.path_graph(["a", "b", "c"]))
        >>> sp.sssp(G, G.vertex_id("b")).distances.tolist()
        [1.0, 0.0, 1.0]
        """
        if self.labels is None:
            raise SourceError(f"the graph has no labels: its vertices are ids 0..n-1, "
                              f"not {label!r}")
        if "_label_ids" not in self.__dict__:
            self.__dict__["_label_ids"] = {v: i for i, v in enumerate(self.labels)}
        try:
            return self.__dict__["_label_ids"][label]
        except (KeyError, TypeError):
            raise SourceError(f"no vertex is labelled {label!r}") from None

    def to_scipy(self, dtype=None) -> sps.csr_matrix:
        """The adjacency as ``scipy.sparse.csr_matrix`` (unweighted: Boolean)."""
        data = self.weights if self.weighted else np.ones(self.n_stored, np.bool_)
        if dtype is not None:
            data = data.astype(dtype)
        n = self.n_vertices
        return sps.csr_matrix((data, self.indices, self.indptr), shape=(n, n))

    def to_networkx(self, weight: str = "weight") -> networkx.Graph:
        """The same edges as a NetworkX ``DiGraph`` or ``Graph``: nodes the
        :attr:`labels` (else ``0..n-1``), each weight under ``weight`` (none on an
        unweighted graph); :meth:`from_networkx` reads it back as it was.

        >>> import semiring_paths as sp
        >>> H = sp.Graph.from_edges([0, 1], [1, 2], weights=[2.5, 1.0]).to_networkx()
        >>> sorted(H.edges(data="weight"))
        [(0, 1, 2.5), (1, 2, 1.0)]
        """
        import networkx as nx

        H = nx.DiGraph() if self.directed else nx.Graph()
        names = list(self.labels) if self.labels is not None else None
        H.add_nodes_from(names if names is not None else range(self.n_vertices))
        rows, cols = self.rows, self.indices
        keep = slice(None) if self.directed else rows <= cols   # an undirected edge once
        u, v = rows[keep].tolist(), cols[keep].tolist()
        if names is not None:
            u, v = [names[i] for i in u], [names[i] for i in v]
        if self.weighted:
            H.add_weighted_edges_from(zip(u, v, self.weights[keep].tolist()),
                                      weight=weight)
        else:
            H.add_edges_from(zip(u, v))
        return H

    def to_graphblas(self, dtype=None) -> graphblas.Matrix:
        """The adjacency as a python-graphblas Matrix (a new object each call): the
        weights, or Boolean ``True`` on an unweighted graph.

        One BFS step by hand, ``q'⟨¬seen, replace⟩ = q any.pair A`` (DAWN's SOVM):

        >>> import graphblas as gb, semiring_paths as sp
        >>> G = sp.Graph.from_edges([0, 0, 1, 2], [1, 2, 3, 0], n_vertices=4)
        >>> A = G.to_graphblas()
        >>> q = gb.Vector.from_coo([0], [True], size=4)       # the frontier {0}
        >>> seen = q.dup()
        >>> nxt = gb.Vector(bool, 4)
        >>> nxt(~seen.S, replace=True) << q.vxm(A, gb.semiring.any_pair)
        >>> nxt.to_coo()[0].tolist()                           # 2 → 0 is masked out
        [1, 2]
        """
        import graphblas as gb

        data = self.weights if self.weighted else np.ones(self.n_stored, np.bool_)
        if dtype is not None:
            data = data.astype(dtype)
        n = self.n_vertices
        return gb.Matrix.from_csr(self.indptr, self.indices, data, nrows=n, ncols=n)

    def save(self, path) -> None:
        """Write the graph as a binary ``.spg`` file, whatever its name (``sp.read``
        loads it by memory map; the layout is documented in
        ``semiring_paths/io/binary.py``); ``sp.write(G, f, format="spg")`` writes one
        into an open binary file."""
        from .io.binary import save

        save(self, path)

    def info(self) -> str:
        """A readable summary: size, direction, weights, degrees."""
        kind = "directed" if self.directed else "undirected"
        lines = [f"Graph{' ' + repr(self.name) if self.name else ''}: {kind}, "
                 f"{'weighted' if self.weighted else 'unweighted'}",
                 f"  vertices        {self.n_vertices:,}",
                 f"  edges           {self.n_edges:,}"
                 + ("" if self.directed else f"  ({self.n_stored:,} stored both ways)")]
        if self.n_vertices:
            d = self.out_degree
            lines.append(f"  out-degree      min {d.min()}, mean {d.mean():.2f}, "
                         f"max {d.max()}; {int(np.count_nonzero(d == 0)):,} with none")
        if self.weighted and self.n_stored:
            w = self.weights
            lines.append(f"  weights         {w.dtype}, min {w.min():g}, "
                         f"mean {w.mean():g}, max {w.max():g}"
                         + (", has negative" if self.has_negative_weights else ""))
        return "\n".join(lines)

    def __repr__(self) -> str:
        return (f"<Graph n_vertices={self.n_vertices} n_edges={self.n_edges} "
                f"directed={self.directed} weighted={self.weighted}>")


def _as_ids(a, what: str) -> np.ndarray:
    a = np.asarray(a)
    if a.size == 0:
        return a.astype(np.int64).ravel()
    if a.dtype.kind not in "iu":
        if a.dtype.kind == "f" and np.all(np.isfinite(a)) and np.all(a == np.round(a)):
            a = a.astype(np.int64)
        else:
            raise InvalidGraphError(f"{what} must hold integer vertex ids, got {a.dtype}")
    if a.dtype not in (np.int32, np.int64):
        a = a.astype(np.int64)
    a = a.ravel()
    if a.min() < 0:
        raise InvalidGraphError(f"{what} has a negative vertex id ({int(a.min())})")
    return a
