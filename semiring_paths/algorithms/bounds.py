"""Stopping rules: a search that ends once what was asked for is final (DESIGN.md §2).

* ``targets``: every target's value is final.  A settle strategy knows it of what it
  settled; a fixed point knows it once the open set's best value ``m`` (its frontier's,
  its unsettled vertices', its buckets') is no better than the targets' values: with
  non-negative weights nothing still open can improve on ``m``.
* ``cutoff``: values worse than the cutoff are not wanted; the search stops once ``m`` is.
* BFS: ``max_depth`` stops after that many levels; ``targets`` after the level that
  reaches the last of them (a level is final when it is found).

When a search stops early, every vertex whose value is no worse than ``m`` (and the
cutoff) is final; the others come back unreachable, and the result says it stopped.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..backends.interface import Backend
from ..semirings import Semiring

__all__ = ["Bound", "LevelBound"]


@dataclass
class Bound:
    """What an SSSP may stop at; ``early``: the weights let it stop early (else only
    the cutoff is applied to the finished values)."""

    semiring: Semiring
    targets: np.ndarray | None = None
    cutoff: float | None = None
    early: bool = True
    #: set when the search stopped: the open set's best value then
    final: float | None = None

    def _worse(self, a, b):
        return a > b if self.semiring.improves == "lt" else a < b

    def done(self, be: Backend, d, best: float | None) -> bool:
        """Whether to stop, ``best`` being the best value still open (None: none)."""
        if not self.early or best is None:
            return False
        stop = self.cutoff is not None and self._worse(best, self.cutoff)
        if not stop and self.targets is not None:
            vals = be.gather(d, self.targets, self.semiring.zero)
            stop = not self._worse(vals, best).any()    # every target ⊕ m = target
        if stop:
            self.final = best
        return stop

    @property
    def stopped(self) -> bool:
        return self.final is not None

    def finish(self, dist: np.ndarray) -> np.ndarray:
        """The values that are final and wanted; ``0̄`` elsewhere (in place)."""
        for limit in (self.final, self.cutoff):
            if limit is not None:
                dist[self._worse(dist, limit)] = self.semiring.zero
        return dist


@dataclass
class LevelBound:
    """What a BFS may stop at."""

    targets: np.ndarray | None = None
    max_depth: int | None = None
    stopped: bool = False

    def done(self, be: Backend, levels, level: int, more: bool) -> bool:
        """After ``level`` was recorded (``more``: its frontier is not empty)."""
        stop = self.max_depth is not None and level >= self.max_depth
        if not stop and self.targets is not None:
            stop = bool((be.gather(levels, self.targets, -1) >= 0).all())
        self.stopped = stop and more
        return stop
