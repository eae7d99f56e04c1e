"""The closure of a dense (min, +) matrix on the device (``dense.cu``): the GPU
backend's ``closure`` capability.  The matrix is padded to a multiple of the tile side
(``TILE``) with isolated vertices, uploaded once, and comes back once."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import numpy as np

from ..exceptions import GPUMemoryError
from . import cp

__all__ = ["TILE", "closure"]

TILE = 32


@cache
def _module():
    return cp.RawModule(code=(Path(__file__).parent / "dense.cu").read_text(),
                        options=("--std=c++17",))


def closure(D: np.ndarray, method: str) -> tuple[np.ndarray, int]:
    """``(A*, rounds)`` of the host matrix ``D`` (n × n, inf off the edges, the diagonal
    at most 0), computed on the device."""
    n = D.shape[0]
    N = max(TILE, -(-n // TILE) * TILE)
    need = (2 if method == "squaring" else 1) * N * N * 8
    free = cp.cuda.Device().mem_info[0]
    if need > free:
        raise GPUMemoryError(f"the {n:,} × {n:,} closure needs {need / 2**30:.1f} GiB on "
                             f"the GPU, {free / 2**30:.1f} GiB are free")
    P = np.full((N, N), np.inf)
    P[:n, :n] = D
    P[np.arange(n, N), np.arange(n, N)] = 0.0
    d = cp.asarray(P)
    nb = N // TILE
    block = (TILE, TILE)
    m = _module()
    if method == "floyd-warshall":
        diag, cross, rest = (m.get_function(k) for k in
                             ("fw_diagonal", "fw_cross", "fw_rest"))
        for kb in range(nb):
            diag((1,), block, (d, np.int64(N), np.int32(kb)))
            cross((nb, 2), block, (d, np.int64(N), np.int32(kb)))
            rest((nb, nb), block, (d, np.int64(N), np.int32(kb)))
        rounds = n
    else:
        square = m.get_function("minplus_square")
        c = cp.empty_like(d)
        changed = cp.zeros(1, np.int32)
        rounds = 0
        while True:
            rounds += 1
            changed.fill(0)
            square((nb, nb), block, (d, c, np.int64(N), changed))
            d, c = c, d
            if not int(changed.get()[0]):
                break
    return cp.asnumpy(d[:n, :n]), rounds
