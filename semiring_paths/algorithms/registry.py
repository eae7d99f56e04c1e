"""The strategy registry: each strategy is a named rule for the next frontier and mask.

Strategies register themselves per family (``"bfs"``, ``"sssp"``); the public functions
look them up here, so adding one (issue: every published strategy) is one decorated
function.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

__all__ = ["Strategy", "lookup", "names", "register"]


@dataclass(frozen=True)
class Strategy:
    name: str
    run: Callable
    #: needs every weight >= 0 (or, for a max semiring, ⊗ that never improves)
    nonnegative: bool = False
    #: semirings it is defined for (None: any with an ordered, idempotent ⊕)
    semirings: tuple[str, ...] | None = None
    #: takes a ``delta=`` bucket / split width
    uses_delta: bool = False
    #: relaxation directions it supports
    directions: tuple[str, ...] = ("push", "pull")
    description: str = ""


_REGISTRY: dict[str, dict[str, Strategy]] = {"bfs": {}, "sssp": {}}


def register(family: str, name: str, **props) -> Callable[[Callable], Callable]:
    def deco(fn: Callable) -> Callable:
        _REGISTRY[family][name] = Strategy(name, fn, **props)
        return fn

    return deco


def names(family: str) -> list[str]:
    return ["auto", *_REGISTRY[family]]


def lookup(family: str, name: str) -> Strategy:
    try:
        return _REGISTRY[family][name]
    except KeyError:
        raise ValueError(
            f"unknown {family} strategy {name!r}; valid: {', '.join(names(family))}"
        ) from None
