"""Device sizing rules of the GPU backend (pure arithmetic: runs without a GPU)."""

from __future__ import annotations

from types import SimpleNamespace

import numpy as np
import pytest

from semiring_paths.gpu.device import bytes_needed, index_bytes
from semiring_paths.graph import WIDE_FROM, id_dtype


def fake(n: int, m: int, weights=None, directed=False):
    return SimpleNamespace(n_vertices=n, n_stored=m, directed=directed, id_dtype=id_dtype(n),
                           weighted=weights is not None,
                           weights=np.zeros(0, weights or np.float64))


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
    assert bytes_needed(fake(n, m, directed=True)) == 2 * (8 * (n + 1) + 4 * m) + 24 * n
    # 2³¹ vertices need 8-byte ids whatever is asked for
    assert bytes_needed(fake(2**31, 2**33)) == 8 * (2**31 + 1) + 8 * 2**33 + 32 * 2**31
