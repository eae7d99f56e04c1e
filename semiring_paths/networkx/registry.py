"""One decorator registers, documents and gates each function the backend serves.

``@networkx_algorithm`` (as nx-cugraph's decorator of the same name) records the function
under NetworkX's name, counts the calls it serves (``dispatch_counts``), and carries its
``can_run``: the checks every function shares (weight functions, ``sort_neighbors``,
non-numeric weights, negative weights where NetworkX would run Dijkstra) and the
function's own.  ``FUNCTIONS`` and ``get_info()`` are derived from the registrations.
"""

from __future__ import annotations

import inspect
import math
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import networkx as nx

__all__ = ["REGISTRY", "dispatch_counts", "networkx_algorithm", "weight_facts"]

#: calls served by this backend, per function name
dispatch_counts: Counter = Counter()


@dataclass(frozen=True)
class Registered:
    name: str
    func: Callable
    #: the keyword that carries the edge-weight attribute ("weight", "distance"), or None
    weight_arg: str | None
    #: NetworkX runs Dijkstra here (negative weights are left to it) — or a predicate of
    #: the bound arguments saying so
    dijkstra: bool | Callable[[dict], bool]
    #: the function's own check: a reason string to decline, or None
    extra: Callable[[dict], str | None] | None
    doc: str

    def can_run(self, args: tuple, kwargs: dict) -> bool | str:
        try:
            bound = inspect.signature(getattr(nx, self.name)).bind_partial(*args, **kwargs)
        except TypeError:
            return "arguments NetworkX itself would reject"
        bound.apply_defaults()
        a = bound.arguments
        weight = a.get(self.weight_arg) if self.weight_arg else None
        if callable(weight):
            return "weight functions are left to NetworkX"
        if a.get("sort_neighbors") is not None:
            return "sort_neighbors is left to NetworkX"
        if self.extra is not None and (why := self.extra(a)):
            return why
        G = a.get("G")
        if weight is not None and G is not None:
            numeric, negative = weight_facts(getattr(G, "nx", G), weight)
            if not numeric:
                return "non-numeric or non-finite weights are left to NetworkX"
            dijkstra = self.dijkstra(a) if callable(self.dijkstra) else self.dijkstra
            if dijkstra and negative:
                return "negative weights with Dijkstra: NetworkX's own behaviour is kept"
        return True


def weight_facts(G, weight: str) -> tuple[bool, bool]:
    """(every ``weight`` is a finite number, some is negative), scanned once per graph and
    attribute: kept in ``G.__networkx_cache__``, which NetworkX clears whenever the graph
    is changed through its methods (the same rule as its cache of converted graphs)."""
    cache = getattr(G, "__networkx_cache__", None)
    key = ("semiring_paths", "weight facts", weight)
    if cache is not None and key in cache:
        return cache[key]
    vals = [d for *_, d in G.edges(data=weight, default=1)]
    numeric = not any(not isinstance(x, (int, float)) or isinstance(x, bool)
                      or (isinstance(x, float) and not math.isfinite(x)) for x in vals)
    facts = (numeric, numeric and any(x < 0 for x in vals))
    if cache is not None:
        cache[key] = facts
    return facts


REGISTRY: dict[str, Registered] = {}


def networkx_algorithm(*, weight_arg: str | None = None,
                       dijkstra: bool | Callable[[dict], bool] = False,
                       can_run: Callable[[dict], str | None] | None = None,
                       doc: str = "Computed by semiring_paths' masked vector-matrix "
                                  "products.") -> Callable[[Callable], Callable]:
    """Register ``fn`` as the backend's version of ``networkx.<fn.__name__>``."""
    def deco(fn: Callable) -> Callable:
        name = fn.__name__

        def served(*args: Any, **kwargs: Any):
            dispatch_counts[name] += 1
            return fn(*args, **kwargs)

        served.__name__, served.__doc__ = name, fn.__doc__ or doc
        served._implementation = fn
        REGISTRY[name] = Registered(name, served, weight_arg, dijkstra, can_run, doc)
        return served
    return deco
