"""Semirings as data.

A semiring ``(⊕, ⊗, 0̄)`` is a record: the names of its monoid and multiply, the identity
of ⊕ (the value of "no path"), the identity of ⊗ (the value at the source), whether ⊕ is
idempotent, and the comparison that says when ``t ⊕ d`` differs from ``d`` (``t`` improves
on ``d``).  Each record maps to its python-graphblas semiring, typed per dtype; the
algorithms never branch on a semiring's name.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

import numpy as np

__all__ = ["Semiring", "get", "register", "registry"]


@dataclass(frozen=True)
class Semiring:
    """One semiring ``(⊕, ⊗, 0̄)`` and what the path algorithms need to know of it.

    Attributes
    ----------
    name : str
        Registry name, e.g. ``"min_plus"``.
    add, multiply : str
        python-graphblas names of the ⊕ monoid and the ⊗ operator.
    zero : float
        Identity of ⊕: the value of an unreachable vertex (``inf`` for min_plus).
    one : float
        Identity of ⊗: the value at the source (``0`` for min_plus).
    idempotent : bool
        ``a ⊕ a == a``; fixed-point strategies (Bellman-Ford, workfront) need it.
    improves : str or None
        python-graphblas binary operator ``op`` with ``op(t, d)`` true exactly when
        ``t ⊕ d ≠ d`` (``"lt"`` for min, ``"gt"`` for max); ``None`` when ⊕ is not a
        selection (plus) and "improves" has no meaning.
    result_dtype : str or None
        Output dtype when it does not follow the input (Boolean and index semirings).
    ss : bool
        The semiring is a SuiteSparse extension (``graphblas.semiring.ss``).
    description : str
        One line for ``repr`` and documentation.
    """

    name: str
    add: str
    multiply: str
    zero: float
    one: float
    idempotent: bool
    improves: str | None
    result_dtype: str | None = None
    ss: bool = False
    description: str = ""
    _cache: dict = field(default_factory=dict, compare=False, repr=False, hash=False)

    def graphblas(self, dtype=np.float64):
        """The python-graphblas semiring for ``dtype`` (cached)."""
        key = np.dtype(dtype).name if self.result_dtype is None else self.result_dtype
        gbs = self._cache.get(key)
        if gbs is None:
            import graphblas as gb

            ns = gb.semiring.ss if self.ss else gb.semiring
            gbs = getattr(ns, f"{self.add}_{self.multiply}")[np.dtype(key)]
            self._cache[key] = gbs
        return gbs

    def better(self, a: float, b: float) -> bool:
        """``a ⊕ b ≠ b`` for scalars (the Python form of :attr:`improves`)."""
        if self.improves == "lt":
            return a < b
        if self.improves == "gt":
            return a > b
        raise ValueError(f"semiring {self.name!r} has no order: ⊕ is not a selection")

    def times(self, a: float, b: float) -> float:
        """``a ⊗ b`` for scalars (used by the serial reference and verifiers)."""
        return _SCALAR_MULTIPLY[self.multiply](a, b)

    def __repr__(self) -> str:
        return f"Semiring({self.name}: {self.description})"


_SCALAR_MULTIPLY = {
    "plus": lambda a, b: a + b,
    "times": lambda a, b: a * b,
    "min": min,
    "max": max,
    "pair": lambda a, b: 1,
    "land": lambda a, b: bool(a) and bool(b),
}

registry: dict[str, Semiring] = {}


def register(s: Semiring) -> Semiring:
    """Add a semiring to the registry (names are unique): users' own algebra.

    ``add`` and ``multiply`` are python-graphblas names (``graphblas.semiring.<add>_<multiply>``
    must exist); a selection ⊕ (min or max, ``improves`` set) runs through every SSSP
    strategy that takes a semiring, as GraphBLAS rounds on the CPU (the compiled loops
    and the GPU have min_plus, max_min and max_times).  Minimax paths, the least possible
    largest edge on the way:

    >>> import numpy as np, semiring_paths as sp
    >>> from semiring_paths.semirings import Semiring, register
    >>> minimax = register(Semiring("doc_min_max", "min", "max", zero=np.inf, one=-np.inf,
    ...                             idempotent=True, improves="lt",
    ...                             description="(min, max): the smallest bottleneck"))
    >>> G = sp.Graph.from_edges([0, 1, 0], [1, 2, 2], weights=[3, 4, 9])
    >>> sp.sssp(G, 0, semiring=minimax, backend="cpu").distances.tolist()
    [-inf, 3.0, 4.0]
    >>> sp.sssp(G, 0, semiring="doc_min_max", strategy="bellman-ford").distances.tolist()
    [-inf, 3.0, 4.0]
    """
    if s.name in registry:
        raise ValueError(f"semiring {s.name!r} is already registered")
    registry[s.name] = s
    return s


def get(s: Any) -> Semiring:
    """Look a semiring up by name; a :class:`Semiring` passes through, and a
    python-graphblas one (``graphblas.semiring.min_plus``, typed or not) is taken by its
    name: the engine types it by the graph's weights."""
    if isinstance(s, Semiring):
        return s
    if not isinstance(s, str) and type(s).__module__.startswith("graphblas"):
        s = str(getattr(s, "name", s)).removeprefix("ss.")
    try:
        return registry[s]
    except (KeyError, TypeError):
        raise ValueError(
            f"unknown semiring {s!r}; registered: {', '.join(sorted(registry))} "
            "(semiring_paths.semirings.register adds one)"
        ) from None


INF = math.inf
