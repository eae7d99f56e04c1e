"""The backend interface: the masked relaxation step and the cheap vector operations a
strategy needs (DESIGN.md §3).

A backend is bound to one graph (``backend_for(G, name)`` builds it once and caches it on
the Graph).  Vectors are the backend's own objects; the strategies in
``semiring_paths.algorithms`` only pass them between these methods, so one strategy text
serves every backend.  A backend may also register a fused implementation of a whole
strategy (``Backend.fused``), as long as it computes the same algebra and passes the same
tests.

=====================  ===================================================================
method                 algebra
=====================  ===================================================================
``bfs_start(s)``       ``q = e_s`` (value ``s``: the source is its own parent),
                       ``π = e_s``, ``v = 0·e_s``
``push(q, π, m_f)``    ``q⟨¬π, replace⟩ = q any.secondi A`` (``m_f``: edges leaving q)
``pull(q, π)``         ``q⟨¬π, replace⟩ = Aᵀ any.firstj q`` (early exit per vertex)
``record(q, π, v, k)`` ``π⟨q⟩ = q`` ; ``v⟨q⟩ = k``
``sssp_start(s, ⊕.⊗)`` ``d = 0̄`` everywhere but ``d(s) = 1̄`` ; ``f = e_s·1̄``
``relax(f, ⊕.⊗, S)``   ``t⟨¬S⟩ = f ⊕.⊗ A`` (push) or ``t⟨¬S⟩ = Aᵀ ⊕.⊗ f`` (pull);
                       ``closed=True``: ``t = f ⊕ Aᵀ ⊕.⊗ f`` (a pull by ``A ⊕ I``);
                       ``matrix=``: one of the matrices below instead of ``A``
``split(Δ)``            ``(A⟨A ≤ Δ⟩, A⟨A > Δ⟩)``: light and heavy edges
``prune(Δ)``            ``A_L = A⟨A ≤ max(Δ, minout(i), minin(j))⟩``: light edges and each
                       vertex's lightest out- and in-edges
``stored(M)``           stored entries of ``M`` (``A`` by default)
``reduce(x, ⊕)``        ``⊕_i x(i)``
``inner(x, y, ⊕.⊗)``    ``x ⊕.⊗ y`` (e.g. Crauser's ``Δᵢ = U min.+ minout``)
``select(x, op, c)``    ``x⟨x op c⟩``
``difference(x, y)``    ``x⟨¬y⟩`` ; ``merge(x, y)``: ``x⟨y⟩ = y`` (in place)
``current(x, d)``       ``x⟨x = d⟩``: drop entries superseded by a better value
``improve(t, d, ⊕)``   ``f = t⟨t ⊕ d ≠ d⟩`` ; ``d⟨f⟩ = f`` (so ``d ⊕= t``)
``support(d, ⊕)``      ``d⟨d ≠ 0̄⟩``: every vertex with a path value
``nvals(x)``           stored entries of ``x``
``frontier_edges(x, M)`` ``Σ_{i ∈ x} outdeg(i)`` in ``M`` (``A`` by default)
``values(d, ⊕.⊗)``     ``d`` as float64 on the host, ``0̄`` where no path reaches
=====================  ===================================================================
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

import numpy as np

if TYPE_CHECKING:  # pragma: no cover
    from .graph import Graph
    from .semirings import Semiring

__all__ = ["BACKENDS", "Backend", "backend_for", "resolve"]


class Backend(Protocol):
    name: str
    graph: Graph
    #: strategy name -> callable running the whole strategy on this backend
    fused: dict[str, Any]

    def bfs_start(self, source: int) -> tuple[Any, Any, Any]: ...
    def push(self, q: Any, visited: Any, edges: int) -> Any: ...
    def pull(self, q: Any, visited: Any) -> Any: ...
    def record(self, q: Any, parents: Any, levels: Any, level: int) -> None: ...
    def sssp_start(self, source: int, semiring: Semiring) -> tuple[Any, Any]: ...
    def relax(self, f: Any, semiring: Semiring, exclude: Any = None,
              direction: str = "push", matrix: Any = None, closed: bool = False) -> Any: ...
    def split(self, delta: float) -> tuple[Any, Any]: ...
    def prune(self, delta: float) -> Any: ...
    def stored(self, matrix: Any = None) -> int: ...
    def empty(self, like: Any = None) -> Any: ...
    def copy(self, x: Any) -> Any: ...
    def reduce(self, x: Any, semiring: Semiring) -> float | None: ...
    def inner(self, x: Any, y: Any, semiring: Semiring) -> float | None: ...
    def select(self, x: Any, op: str, value: float) -> Any: ...
    def difference(self, x: Any, y: Any) -> Any: ...
    def merge(self, x: Any, y: Any) -> Any: ...
    def current(self, x: Any, d: Any) -> Any: ...
    def improve(self, t: Any, d: Any, semiring: Semiring) -> Any: ...
    def support(self, d: Any, semiring: Semiring) -> Any: ...
    def nvals(self, x: Any) -> int: ...
    def frontier_edges(self, x: Any, matrix: Any = None) -> int: ...
    def to_numpy(self, x: Any, fill: float | int) -> np.ndarray: ...
    def values(self, d: Any, semiring: Semiring) -> np.ndarray: ...
    def tight_parents(self, d: np.ndarray, semiring: Semiring, source: int) -> np.ndarray: ...


def _cpu(G: Graph) -> Backend:
    from .cpu.backend import GraphBLASBackend

    return GraphBLASBackend(G)


def _gpu(G: Graph) -> Backend:
    from .gpu.backend import GPUBackend

    return GPUBackend(G)


BACKENDS = {"cpu": _cpu, "gpu": _gpu}
#: ``backend="auto"`` picks the GPU from this many stored edges (when one is present)
AUTO_GPU_EDGES = 1_000_000


def resolve(G: Graph, name: str) -> str:
    """The backend ``name`` stands for on ``G``: ``"auto"`` is the GPU when CuPy sees one
    and ``G`` has at least ``AUTO_GPU_EDGES`` stored edges, else the CPU."""
    if name == "auto":
        from .gpu.backend import available

        name = "gpu" if available() and G.n_stored >= AUTO_GPU_EDGES else "cpu"
    if name not in BACKENDS:
        raise ValueError(f"unknown backend {name!r}; valid: auto, {', '.join(BACKENDS)}")
    return name


def backend_for(G: Graph, name: str) -> Backend:
    """The backend ``name`` bound to ``G``, built once and cached on the graph."""
    name = resolve(G, name)
    be = G._backend_cache.get(name)
    if be is None:
        be = BACKENDS[name](G)
        G._backend_cache[name] = be
    return be
