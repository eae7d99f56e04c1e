"""Every strategy, written once against the backend interface (DESIGN.md §2)."""

from . import bfs, sssp  # noqa: F401  (registers the strategies)
from .registry import lookup, names

__all__ = ["lookup", "names"]
