"""The CuPy backend (``backend.py``): device graph and launch machinery (``device.py``),
BFS steps and tails (``bfs.py``), the bitmap multi-source BFS (``bitmap.py``), fused SSSP
(``sssp.py``), device vectors for every other strategy (``vectors.py``), kernels in
``kernels.cu`` / ``tails.cu``, device generators (``generators.py``).

CuPy is optional: this package imports without it, and :func:`available` says whether
the GPU backend can run here.
"""

from __future__ import annotations

try:  # CuPy is optional: the CPU package must import without it
    import cupy as cp
    import cupyx
except ImportError:  # pragma: no cover - exercised on machines without CuPy
    cp = cupyx = None

__all__ = ["available", "cp", "cupyx"]


def available() -> bool:
    """CuPy is importable and sees at least one GPU."""
    if cp is None:
        return False
    try:
        return cp.cuda.runtime.getDeviceCount() > 0
    except Exception:   # no driver, no device: not available
        return False
