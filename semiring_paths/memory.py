"""Host memory: what the machine has free, and a check before a large allocation.

A declared size (a Matrix Market header of 10¹² vertices, an edge-list id of
999999999999, ``n_vertices=`` in a constructor) is checked against the memory available
*before* anything is allocated, so the answer is a clear :class:`HostMemoryError` rather
than NumPy's ``MemoryError`` or the kernel's out-of-memory killer.

Footprints (bytes), the figures the checks use and the README states:

* a :class:`~semiring_paths.Graph`: ``GRAPH_PER_VERTEX`` a vertex (the CSR row pointers)
  and ``4 + weight bytes`` a stored edge (an undirected edge is stored twice); while it
  is built, the input edges as well and ``BUILD_PER_VERTEX``;
* one single-source search: ``SEARCH_PER_VERTEX`` a vertex (distances, parents, the
  frontier and its mask; measured: 41 bytes for ``sssp``, 24 for ``bfs`` on a graph of
  2·10⁷ vertices, above the graph itself).
"""

from __future__ import annotations

import os

from .exceptions import HostMemoryError

__all__ = [
    "BUILD_PER_VERTEX",
    "GRAPH_PER_VERTEX",
    "SEARCH_PER_VERTEX",
    "USABLE",
    "available",
    "fmt_bytes",
    "graph_bytes",
    "require",
]

GRAPH_PER_VERTEX = 8          # indptr (int64)
BUILD_PER_VERTEX = 4          # rows' kept counts while the CSR is built (int32)
USABLE = 0.8                  # the share of the available memory one allocation may take
SEARCH_PER_VERTEX = 40        # d (8) + parents (8) + levels/marks (8) + queue, packed state


def graph_bytes(n: int, stored: int, weight_bytes: int, id_bytes: int = 4) -> int:
    """Bytes a Graph of ``n`` vertices and ``stored`` entries takes while it is built."""
    return ((GRAPH_PER_VERTEX + BUILD_PER_VERTEX) * (n + 1)
            + (id_bytes + weight_bytes) * stored)


def available() -> int:
    """Bytes of memory available to a new allocation (Linux ``MemAvailable``; elsewhere
    the physical memory)."""
    try:                 # one read of the file, searched as bytes (a line loop cost 3×)
        fd = os.open("/proc/meminfo", os.O_RDONLY)
        try:
            text = os.read(fd, 1 << 14)
        finally:
            os.close(fd)
        at = text.find(b"MemAvailable:")
        if at >= 0:
            return int(text[at + 13:text.index(b"kB", at)]) * 1024
    except (OSError, ValueError):  # pragma: no cover - not Linux
        pass
    try:  # pragma: no cover - not Linux
        return os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (ValueError, OSError, AttributeError):  # pragma: no cover
        return 1 << 62


def fmt_bytes(b: float) -> str:
    for unit in ("B", "KB", "MB", "GB", "TB", "PB"):
        if abs(b) < 1024 or unit == "PB":
            return f"{b:.0f} {unit}" if unit == "B" else f"{b:.1f} {unit}"
        b /= 1024
    return f"{b:.1f} PB"  # pragma: no cover


def require(nbytes: int, what: str) -> None:
    """Raise :class:`HostMemoryError` when ``nbytes`` exceed the memory available (sizes
    under 64 MiB pass without asking the system: small searches stay microseconds)."""
    if nbytes < 1 << 26:
        return
    free = available()
    if nbytes > USABLE * free:
        raise HostMemoryError(f"{what} needs {fmt_bytes(nbytes)}, but only "
                              f"{fmt_bytes(free)} of memory is available (at most "
                              f"{USABLE:.0%} of it is used, leaving room for the rest of "
                              "the work)")
