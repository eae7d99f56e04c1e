"""Device sizing rules of the GPU backend (pure arithmetic: runs without a GPU)."""

from __future__ import annotations

from types import SimpleNamespace

import numpy as np
import pytest

from semiring_paths.gpu.device import bytes_needed, constants_of, cu_constants, index_bytes
from semiring_paths.graph import WIDE_FROM, id_dtype


def fake(n: int, m: int, weights=None, directed=False):
    return SimpleNamespace(n_vertices=n, n_stored=m, directed=directed, id_dtype=id_dtype(n),
                           weighted=weights is not None,
                           weights=None if weights is None else np.zeros(0, weights))


def test_ids_are_four_bytes_while_they_fit():
    assert index_bytes(fake(10, 20)) == 4
    assert index_bytes(fake(WIDE_FROM - 1, 20)) == 4
    assert index_bytes(fake(WIDE_FROM, 20)) == 8
    assert index_bytes(fake(10, 20), 8) == 8


def test_forced_width_is_checked():
    with pytest.raises(ValueError, match="do not fit 4-byte"):
        index_bytes(fake(WIDE_FROM, 20), 4)
    with pytest.raises(ValueError, match="must be 4, 8 or None"):
        index_bytes(fake(10, 20), 2)


def test_bytes_needed_counts_ids_and_weights():
    n, m = 1000, 5000
    narrow = bytes_needed(fake(n, m))
    assert narrow == 8 * (n + 1) + 4 * m + 24 * n
    assert bytes_needed(fake(n, m), 8) == 8 * (n + 1) + 8 * m + 32 * n
    assert bytes_needed(fake(n, m, np.float32)) == narrow + 4 * m
    assert bytes_needed(fake(n, m, np.float64)) == narrow + 8 * m
    assert bytes_needed(fake(n, m, np.float64), weight_bytes=4) == narrow + 4 * m
    assert bytes_needed(fake(n, m, directed=True)) == 2 * (8 * (n + 1) + 4 * m) + 24 * n
    # 2³¹ vertices need 8-byte ids whatever is asked for
    assert bytes_needed(fake(2**31, 2**33)) == 8 * (2**31 + 1) + 8 * 2**33 + 32 * 2**31


def test_kernel_constants_are_read_from_the_kernels():
    k = constants_of("""
        enum { A = 0, B, C, // a comment, D
               E = C + 2 * 3, F };   /* G, H */
        #define WIDTH 6      // a level's record
        #define NOT_PLAIN (1 << 4)
    """)
    assert (k.A, k.B, k.C, k.E, k.F, k.WIDTH) == (0, 1, 2, 8, 9, 6)
    assert not hasattr(k, "D") and not hasattr(k, "G") and not hasattr(k, "NOT_PLAIN")
    with pytest.raises(ValueError, match="not a sum"):
        constants_of("enum { A = sizeof(int) };", "bad.cu")
    with pytest.raises(ValueError, match="not a sum"):
        constants_of("enum { A = MISSING + 1 };", "bad.cu")
    # the slots the host indexes: contiguous from 0, the count last
    rules, bfs = cu_constants("rules.cu"), cu_constants("bfs_loop.cu")
    assert (rules.NEAR, rules.LSEL + 1) == (0, rules.CTL_SLOTS)
    assert (rules.GO_BLOCK, rules.GO_GRID, rules.GO_SHARED) == (0, 1, 2)
    settle = cu_constants("settle.cu")           # a round's worst fits its hash table
    assert 2 * settle.SH_EDGES <= settle.SH_HASH and settle.SH_NEAR > 0
    assert (rules.SPLIT, rules.LATER_MIN + 1) == (0, rules.TH_SLOTS)
    assert rules.BF_SLOTS == rules.BF_SUMS + 9 and rules.R_SEGS > 0
    assert (bfs.B_LEVEL, bfs.B_LASTPULL + 1, bfs.B_STATS) == (0, bfs.B_SLOTS, 6)
