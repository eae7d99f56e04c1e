"""The semirings of path problems, registered once as data.

>>> import semiring_paths as sp
>>> sp.semirings.min_plus.zero, sp.semirings.min_plus.one
(inf, 0.0)
"""

from __future__ import annotations

from .records import INF, Semiring, get, register, registry

#: (min, +, ∞): shortest paths.
min_plus = register(Semiring(
    "min_plus", "min", "plus", zero=INF, one=0.0, idempotent=True, improves="lt",
    description="(min, +, inf) shortest path distances"))
#: (max, min, -∞): widest (bottleneck) paths.
max_min = register(Semiring(
    "max_min", "max", "min", zero=-INF, one=INF, idempotent=True, improves="gt",
    description="(max, min, -inf) widest / bottleneck paths"))
#: (max, ×, -∞): most reliable paths (weights are probabilities in [0, 1]).
max_times = register(Semiring(
    "max_times", "max", "times", zero=-INF, one=1.0, idempotent=True, improves="gt",
    description="(max, *, -inf) most reliable paths, weights in [0, 1]"))
#: (+, ×, 0): path counting (not idempotent: not a fixed-point SSSP semiring).
plus_times = register(Semiring(
    "plus_times", "plus", "times", zero=0.0, one=1.0, idempotent=False, improves=None,
    description="(+, *, 0) path counting"))
#: (any, secondi): push step that carries the parent: ``(q any.secondi A)(j) = some k``.
any_secondi = register(Semiring(
    "any_secondi", "any", "secondi", zero=-1, one=0, idempotent=True, improves=None,
    ss=True, description="(any, secondi) push BFS carrying parents (ids in the type asked for)"))
#: (any, firstj): pull step that carries the parent: ``(Aᵀ any.firstj q)(j) = some k``.
any_firstj = register(Semiring(
    "any_firstj", "any", "firstj", zero=-1, one=0, idempotent=True, improves=None,
    ss=True, description="(any, firstj) pull BFS carrying parents (ids in the type asked for)"))

__all__ = [
    "Semiring", "any_firstj", "any_secondi", "get", "max_min", "max_times", "min_plus",
    "plus_times", "register", "registry",
]
