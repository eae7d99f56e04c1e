"""The backend registry: names, ``resolve("auto")`` and ``backend_for`` (DESIGN.md §3).

Backends are registered by module path, so that this package imports neither of them:
dependencies run one way, ``algorithms -> backends.interface <- cpu, gpu``.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

from .interface import DEFAULT_MEMORY, Backend

if TYPE_CHECKING:  # pragma: no cover
    from ..graph import Graph

__all__ = ["AUTO_GPU_EDGES", "BACKENDS", "DEFAULT_MEMORY", "Backend", "backend_for",
           "gpu_available", "resolve"]

#: name -> "module:class" of each backend
BACKENDS = {"cpu": "semiring_paths.cpu.backend:GraphBLASBackend",
            "gpu": "semiring_paths.gpu.backend:GPUBackend"}
#: ``backend="auto"`` picks the GPU from this many stored edges (when one is present)
AUTO_GPU_EDGES = 1_000_000


def _load(path: str):
    module, _, attr = path.partition(":")
    return getattr(import_module(module), attr)


def gpu_available() -> bool:
    """CuPy is importable and sees at least one GPU (``semiring_paths.gpu.available``)."""
    return _load("semiring_paths.gpu:available")()


def resolve(G: Graph, name: str) -> str:
    """The backend ``name`` stands for on ``G``: ``"auto"`` is the GPU when CuPy sees one
    and ``G`` has at least ``AUTO_GPU_EDGES`` stored edges, else the CPU."""
    if name == "auto":
        name = "gpu" if G.n_stored >= AUTO_GPU_EDGES and gpu_available() else "cpu"
    if name not in BACKENDS:
        raise ValueError(f"unknown backend {name!r}; valid: auto, {', '.join(BACKENDS)}")
    return name


def backend_for(G: Graph, name: str = "auto") -> Backend:
    """The backend ``name`` bound to ``G``, built once and cached on the graph."""
    name = resolve(G, name)
    be = G._backend_cache.get(name)
    if be is None:
        be = G._backend_cache[name] = _load(BACKENDS[name])(G)
    return be
