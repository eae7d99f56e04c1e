"""Exceptions raised at the public boundary of semiring_paths.

Every error a user can cause (a bad file, a bad source, a weight a strategy cannot handle)
is one of these, with a message that names the problem and, where it helps, the fix.
"""

from __future__ import annotations


class SemiringPathsError(Exception):
    """Base class of every error semiring_paths raises on purpose."""


class GraphFormatError(SemiringPathsError, ValueError):
    """A graph file is unreadable or malformed; the message names the file and line."""

    def __init__(self, message: str, path: str | None = None, line: int | None = None):
        self.message = message
        self.path = path
        self.line = line
        where = ""
        if path is not None:
            where = f"{path}"
            if line is not None:
                where += f", line {line}"
            where += ": "
        super().__init__(where + message)


class InvalidGraphError(SemiringPathsError, ValueError):
    """The graph itself is unusable: not square, NaN/inf weights, ids out of range."""


class SourceError(SemiringPathsError, IndexError):
    """A source vertex is not a vertex of the graph."""


class NegativeWeightError(SemiringPathsError, ValueError):
    """A weight outside the range a strategy needs under its semiring: a negative one
    where (min, +) needs them non-negative, one beyond [0, 1] where (max, ×) needs
    probabilities."""


class GPUMemoryError(SemiringPathsError, MemoryError):
    """A graph does not fit in the GPU's free memory (raised before allocating)."""


class HostMemoryError(SemiringPathsError, MemoryError):
    """A graph or a result would not fit in this machine's available memory (raised before
    allocating, naming the bytes needed and the bytes available)."""


class NegativeCycleError(SemiringPathsError):
    """A negative cycle (an unbounded improving cycle) is reachable from the source."""

    @classmethod
    def reachable_from(cls, source: int, semiring: str = "min_plus") -> NegativeCycleError:
        return cls(f"a cycle reachable from source {source} improves {semiring} values "
                   "without bound (a negative cycle for min_plus): no shortest paths exist")


__all__ = [
    "GPUMemoryError",
    "GraphFormatError",
    "HostMemoryError",
    "InvalidGraphError",
    "NegativeCycleError",
    "NegativeWeightError",
    "SemiringPathsError",
    "SourceError",
]
