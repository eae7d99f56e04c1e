"""The one seam between algorithms and backends (DESIGN.md §3).

Every operation a strategy in ``semiring_paths.algorithms`` may call is a method of
:class:`Backend`.  A backend is bound to one graph; vectors are the backend's own objects,
and the algorithms only pass them between these methods, so one strategy text serves every
backend.  Optional capabilities are methods too, whose default answers "not here" (``None``
or ``False``): an algorithm calls them and takes that for an answer, it never asks a
backend what it is.

=========================  ================================================================
operation                  algebra
=========================  ================================================================
``bfs_start(s)``           ``q = e_s`` (value ``s``: the source is its own parent),
                           ``π = e_s``, ``v = 0·e_s``
``push(q, π, m_f)``        ``q⟨¬π, replace⟩ = q any.secondi A`` (``m_f``: edges leaving q)
``pull(q, π)``             ``q⟨¬π, replace⟩ = Aᵀ any.firstj q`` (early exit per vertex)
``record(q, π, v, k)``     ``π⟨q⟩ = q`` ; ``v⟨q⟩ = k``
``sssp_start(s, ⊕.⊗)``     ``d = 0̄`` everywhere but ``d(s) = 1̄`` ; ``f = e_s·1̄``
``relax(f, ⊕.⊗, S)``       ``t⟨¬S⟩ = f ⊕.⊗ A`` (push) or ``t⟨¬S⟩ = Aᵀ ⊕.⊗ f`` (pull);
                           ``closed=True``: ``t = f ⊕ Aᵀ ⊕.⊗ f`` (a pull by ``A ⊕ I``);
                           ``matrix=``: one of the matrices below instead of ``A``
``split(Δ)``               ``(A⟨A ≤ Δ⟩, A⟨A > Δ⟩)``: light and heavy edges
``prune(Δ)``               ``A_L = A⟨A ≤ max(Δ, minout(i), minin(j))⟩``
``stored(M)``              stored entries of ``M`` (``A`` by default)
``min_out``                per vertex, its least out-weight (Crauser's Δ_node), a vector
``empty(like)``            a vector with no entries
``indicator(ids)``         a vector with an entry (``True``) at each of the host ``ids``
``gather(x, ids, fill)``   ``x(ids)`` as a host float64 array (``fill`` where empty)
``reduce(x, ⊕)``           ``⊕_i x(i)`` (``None`` when ``x`` is empty)
``inner(x, y, ⊕.⊗)``       ``x ⊕.⊗ y`` (Crauser's ``Δᵢ = U min.+ minout``)
``select(x, op, c)``       ``x⟨x op c⟩``
``difference(x, y)``       ``x⟨¬y⟩`` ; ``merge(x, y)``: ``x⟨y⟩ = y`` (in place)
``current(x, d)``          ``x⟨x = d⟩``: drop entries superseded by a better value
``improve(t, d, ⊕)``       ``f = t⟨t ⊕ d ≠ d⟩`` ; ``d⟨f⟩ = f`` (so ``d ⊕= t``)
``support(d, ⊕)``          ``d⟨d ≠ 0̄⟩``: every vertex with a path value
``nvals(x)``               stored entries of ``x``
``frontier_edges(x, M)``   ``Σ_{i ∈ x} outdeg(i)`` in ``M`` (``A`` by default)
``bits_start(S)``          ``F = S = e_s`` for every source, 64 to a machine word
``bits_step(F, S)``        ``F⟨¬S⟩ = F bor.band A`` ; ``S |= F``
``bits_count(F, k)``       per source, the bits set in ``F`` (popcount)
``bits_levels(F, L, ℓ)``   ``L⟨F⟩ = ℓ`` into a host ``k × n`` array
``tight_subgraph(d, ⊕.⊗)`` a backend over ``T = {(u, v) : d(u) ⊗ w(u, v) = d(v)}``
``count_start(S)``         ``Σ = F = e_s`` for each source (``k × n``, path counts; one
                           row for all with ``together``), and ``L = 0·e_s`` (levels)
``count_step(F, Σ, L, ℓ)`` ``F⟨¬Σ, replace⟩ = F plus.first A`` ; ``Σ += F`` ; ``L⟨F⟩ = ℓ``
                           (``walks=True``: no mask — every walk of a DAG ``A`` counts)
``dependency_step(…, ℓ)``  ``W⟨L = ℓ⟩ = (1 + Δ) ÷ Σ`` ;
                           ``Δ⟨L = ℓ−1⟩ += (W plus.first Aᵀ) × Σ``
``dependency_sums(Δ, Σ)``  column sums of ``Δ``; per vertex the sources reaching it, per
                           source the vertices it reaches (both without themselves)
``counts(X)``              a ``k × n`` count or level matrix as a host float64 array
                           (``nan`` where it holds nothing)
``export(x, fill)``        ``x`` as a dense int64 / float64 array, ``fill`` where empty
``values(d, ⊕.⊗)``         ``d`` as float64, ``0̄`` where no path reaches
=========================  ================================================================

``export`` and ``values`` take ``device=``: where the result lives (host NumPy, or a
device array on a backend with ``device_results``) is an argument, never a mode.

Capabilities (defaults: "not here")

=============================================  ============================================
``fused(strategy, semiring, direction, Δ)``    a callable running a whole SSSP strategy as
                                               one compiled or device-resident loop
``fused_bfs(strategy)``                        a callable running a whole BFS compiled
``finish_bfs(q, π, v, level, sizes, trace)``   finish a push BFS resident; ``True`` if done,
                                               ``(q, level)`` where it went some levels
                                               and handed back a frontier
``bitmap_bfs(sources, levels)``                the whole bitmap multi-source BFS, fused
``many_sssp(sources, ⊕.⊗)``                    path values from many sources, fused
``batch_start(sources, ⊕.⊗)``                  ``(D, F)`` for ``k`` sources at once
                                               (``k × n``: relax/improve take them too)
``tight_tree(d, ⊕.⊗, s)``                      a shortest-path tree in one pass
``brandes(sources, weighted)``                 betweenness dependencies, fused
``spur_search(hops)``                          Yen's masked point-to-point search
``bounded_search(hops)``                       a search that stops at targets or a bound
``memory_budget()``                            bytes a batch of sources may use
=============================================  ============================================
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar

import numpy as np

if TYPE_CHECKING:  # pragma: no cover
    from ..graph import Graph
    from ..results import Trace
    from ..semirings import Semiring

__all__ = ["DEFAULT_MEMORY", "Backend"]

#: bytes a batch of sources may use where a backend knows no better (512 MiB)
DEFAULT_MEMORY = 1 << 29


class Backend(ABC):
    """A backend bound to one graph: the operations of the table above."""

    #: the name it is registered under ("cpu", "gpu")
    name: ClassVar[str]
    #: results can stay in device memory (``export(..., device=True)``)
    device_results: ClassVar[bool] = False
    #: sources a bitmap BFS advances at once (its words per vertex × 64)
    bitmap_batch: ClassVar[int] = 4096
    #: edges (forward and back) a block of many-source work may traverse: one progress
    #: step, the longest wait for Ctrl-C (~0.1-0.5 s)
    block_edges: ClassVar[int] = 1 << 27
    #: blocks of many-source work a Dask worker thread gets (``distributed.blocks``): load
    #: balance, and little lost with a worker
    worker_blocks: ClassVar[int] = 4

    graph: Graph
    n: int

    # ----------------------------------------------------------------- BFS
    @abstractmethod
    def bfs_start(self, source: int) -> tuple[Any, Any, Any]: ...
    @abstractmethod
    def push(self, q: Any, visited: Any, edges: int) -> Any: ...
    @abstractmethod
    def pull(self, q: Any, visited: Any) -> Any: ...
    @abstractmethod
    def record(self, q: Any, parents: Any, levels: Any, level: int) -> None: ...

    # ----------------------------------------------------------------- SSSP
    @abstractmethod
    def sssp_start(self, source: int, semiring: Semiring) -> tuple[Any, Any]: ...
    @abstractmethod
    def relax(self, f: Any, semiring: Semiring, exclude: Any = None,
              direction: str = "push", matrix: Any = None, closed: bool = False) -> Any: ...
    @abstractmethod
    def split(self, delta: float) -> tuple[Any, Any]: ...
    @abstractmethod
    def prune(self, delta: float) -> Any: ...
    @abstractmethod
    def stored(self, matrix: Any = None) -> int: ...
    @property
    @abstractmethod
    def min_out(self) -> Any: ...

    # ----------------------------------------------------------------- open sets
    @abstractmethod
    def empty(self, like: Any = None) -> Any: ...
    @abstractmethod
    def indicator(self, ids: np.ndarray) -> Any: ...
    @abstractmethod
    def gather(self, x: Any, ids: np.ndarray, fill: float) -> np.ndarray: ...
    @abstractmethod
    def reduce(self, x: Any, semiring: Semiring) -> float | None: ...
    @abstractmethod
    def inner(self, x: Any, y: Any, semiring: Semiring) -> float | None: ...
    @abstractmethod
    def select(self, x: Any, op: str, value: float) -> Any: ...
    @abstractmethod
    def difference(self, x: Any, y: Any) -> Any: ...
    @abstractmethod
    def merge(self, x: Any, y: Any) -> Any: ...
    @abstractmethod
    def current(self, x: Any, d: Any) -> Any: ...
    @abstractmethod
    def improve(self, t: Any, d: Any, semiring: Semiring) -> Any: ...
    @abstractmethod
    def support(self, d: Any, semiring: Semiring) -> Any: ...
    @abstractmethod
    def nvals(self, x: Any) -> int: ...
    @abstractmethod
    def frontier_edges(self, x: Any, matrix: Any = None) -> int: ...

    # ----------------------------------------------------------------- bitmaps
    # A backend provides these four, or the whole loop fused (``bitmap_bfs``), which the
    # algorithm asks for first; one that fuses never receives them.
    def bits_start(self, sources: np.ndarray) -> tuple[Any, Any]:
        raise NotImplementedError(f"{type(self).__name__} fuses bitmap_bfs instead")

    def bits_step(self, F: Any, S: Any) -> tuple[Any, Any]:
        raise NotImplementedError(f"{type(self).__name__} fuses bitmap_bfs instead")

    def bits_count(self, F: Any, k: int) -> np.ndarray:
        raise NotImplementedError(f"{type(self).__name__} fuses bitmap_bfs instead")

    def bits_levels(self, F: Any, levels: np.ndarray, level: int) -> None:
        raise NotImplementedError(f"{type(self).__name__} fuses bitmap_bfs instead")

    # ----------------------------------------------------------------- path counts
    # Brandes in algebra (``algorithms/brandes.py``); a backend provides these, or the
    # whole computation fused (``brandes``), which the algorithm asks for first.
    def count_start(self, sources: np.ndarray, together: bool = False
                    ) -> tuple[Any, Any, Any]:
        raise NotImplementedError(
            f"the {self.name!r} backend has no path-counting operations yet "
            "(betweenness runs on the 'cpu' backend)")

    def count_step(self, F: Any, paths: Any, levels: Any, level: int,
                   walks: bool = False) -> Any:
        raise NotImplementedError(f"{type(self).__name__} has no count_step")

    def dependency_step(self, W: Any, delta: Any, paths: Any, levels: Any,
                        level: int) -> None:
        raise NotImplementedError(f"{type(self).__name__} has no dependency_step")

    def counts(self, X: Any) -> np.ndarray:
        raise NotImplementedError(f"{type(self).__name__} has no counts")

    def dependency_sums(self, delta: Any, paths: Any, sources: np.ndarray
                        ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        raise NotImplementedError(f"{type(self).__name__} has no dependency_sums")

    # ----------------------------------------------------------------- results
    @abstractmethod
    def tight_subgraph(self, d: Any, semiring: Semiring) -> Backend | None: ...
    @abstractmethod
    def export(self, x: Any, fill: float | int, device: bool = False) -> Any: ...
    @abstractmethod
    def values(self, d: Any, semiring: Semiring, device: bool = False) -> Any: ...

    # ----------------------------------------------------------------- capabilities
    def fused(self, strategy: str, semiring: Semiring, direction: str,
              delta: float | None = None) -> Callable[..., tuple[Any, Any]] | None:
        """A whole SSSP ``strategy`` as one compiled or device-resident loop, called as the
        strategy's own text is (``run(source, semiring, trace, delta=, direction=)``); None:
        not here, run the shared text.  ``delta``: the Δ it will be called with, if
        known."""
        return None

    def sssp_auto(self, semiring: Semiring) -> str | None:
        """This backend's own measured choice for ``strategy="auto"`` on its graph (min_plus,
        non-negative weights), or None: the shared rule (``algorithms/sssp.auto``)."""
        return None

    def delta_constant(self, strategy: str) -> float | None:
        """This backend's measured ``c`` of the default Δ = c · w̄ / d̄ for ``strategy``
        where its own loop prefers another than the strategy's (``algorithms/sssp.py``);
        None: the strategy's."""
        return None

    def fused_bfs(self, strategy: str) -> Callable[..., tuple[Any, Any]] | None:
        """A whole BFS ``strategy`` as one compiled loop, ``run(source, trace, alpha,
        beta) -> (levels, parents)``; None: run the shared loop."""
        return None

    def finish_bfs(self, q: Any, parents: Any, levels: Any, level: int, sizes: list[int],
                   trace: Trace) -> bool | tuple[Any, int]:
        """Finish a push BFS resident from ``level`` (its frontier ``q``; frontier sizes
        so far in ``sizes``), if this backend can and the search looks worth it; True
        when it did, ``(frontier, level)`` when it went some levels and handed the search
        back (its levels recorded in π, v and the trace), False when it did nothing."""
        return False

    def bitmap_bfs(self, sources: np.ndarray, levels: np.ndarray | None
                   ) -> np.ndarray | None:
        """The bitmap multi-source BFS as one fused routine (level counts), or None."""
        return None

    def many_sssp(self, sources: np.ndarray, semiring: Semiring,
                  delta: float | None = None) -> np.ndarray | None:
        """Path values from every source (``k × n``) as one fused routine (``delta``: a
        split width it may use), or None."""
        return None

    def batch_start(self, sources: np.ndarray, semiring: Semiring) -> tuple[Any, Any] | None:
        """``(D, F)`` of ``k`` searches at once (``k × n``), or None where relax/improve
        take no frontier matrices."""
        return None

    def pair_search(self, hops: bool, need: bool = False
                    ) -> Callable[[int, int], tuple[float, Any]] | None:
        """A point-to-point search that stops when the two sides meet: ``run(s, t) ->
        (distance, path)`` counting hops (``hops``) or adding non-negative weights; the
        distance is inf and the path empty when t is unreachable.  ``need``: the caller
        asked for it by name (bring it in, compiling if need be, rather than decline).
        None: the full search answers."""
        return None

    def bounded_search(self, hops: bool) -> Callable[..., tuple[Any, Any, Any]] | None:
        """A search that stops at targets or a bound (``algorithms/bounds.py``), compiled:
        ``run(s, targets, limit)``; hops: ``(levels, parents, stopped)`` to depth
        ``limit``; else min_plus over non-negative weights: ``(distances, parents,
        final)`` to cutoff ``limit``, final up to ``final``.  None: the strategies' own
        loops stop by the rule."""
        return None

    def spur_search(self, hops: bool) -> Callable[..., tuple[float, Any]] | None:
        """Yen's spur search (``algorithms/yen.py``): ``run(s, t, h, no_vertex, no_edge)
        -> (length, path)``, the least ``s → t`` path avoiding the masked vertices and
        stored edges (host bool arrays), guided by ``h`` (distances to ``t``); None: not
        here."""
        return None

    def closure(self, method: str) -> Callable[[np.ndarray], tuple[np.ndarray, int]] | None:
        """The closure ``A*`` of a dense (min, +) matrix fused (``algorithms/closure.py``):
        ``run(D) -> (A*, rounds)`` on host arrays, ``method`` "floyd-warshall" or
        "squaring"; None: the reference text runs."""
        return None

    def brandes(self, sources: np.ndarray, weighted: bool
                ) -> tuple[np.ndarray, np.ndarray, np.ndarray] | None:
        """Brandes' dependencies from ``sources`` as one fused routine — what
        ``dependency_sums`` returns: ``(Σ_s δ_s(v), sources reaching v, vertices each
        source reaches)`` — counting hops, or adding positive weights (``weighted``); None:
        the algebra runs."""
        return None

    def tight_tree(self, d: Any, semiring: Semiring, source: int) -> Any | None:
        """A shortest-path tree from the values ``d`` in one pass, or None."""
        return None

    def memory_budget(self) -> int:
        """Bytes a batch of many-source work may take by default."""
        return DEFAULT_MEMORY
