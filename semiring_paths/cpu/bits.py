"""Counting and decoding the set bits of frontier bitmaps (``uint64`` words) in NumPy.

A frontier bitmap stores source ``s`` of a batch at bit ``s % 64`` of word ``s // 64``.
``count`` needs, for every bit position, how many words have it set: a vertical popcount.
It adds the words in SWAR fashion — ``(x >> b) & 0x0101…01`` keeps bit ``b`` of each of
the 8 bytes, and up to 255 such terms add without carrying across bytes — so a word costs
8 shift-and-add passes instead of 64 single-bit tests.
"""

from __future__ import annotations

import numpy as np

_LANES = np.uint64(0x0101010101010101)
_RUN = 255                                  # terms a byte lane holds without overflow


def count(rows: np.ndarray, words: np.ndarray, k: int) -> np.ndarray:
    """``c[s]`` = how many of ``words`` whose row (word index) is ``s // 64`` have bit
    ``s % 64`` set; ``rows`` sorted ascending."""
    w = (k + 63) // 64
    out = np.zeros((w, 64), np.int64)
    if words.size == 0:
        return out.ravel()[:k]
    pos = np.arange(words.size)
    bounds = np.searchsorted(rows, np.arange(w + 1))
    first = np.repeat(bounds[:-1], np.diff(bounds))   # where each word's row begins
    starts = np.flatnonzero((pos - first) % _RUN == 0)
    run_rows = rows[starts]
    groups = np.flatnonzero(np.r_[True, run_rows[1:] != run_rows[:-1]])
    for b in range(8):
        lanes = np.add.reduceat((words >> np.uint64(b)) & _LANES, starts)
        per_byte = lanes.view(np.uint8).reshape(-1, 8)           # byte i: bit 8i + b
        out[run_rows[groups], b::8] += np.add.reduceat(per_byte, groups, axis=0,
                                                       dtype=np.int64)
    return out.ravel()[:k]


def decode(rows: np.ndarray, cols: np.ndarray, words: np.ndarray
           ) -> tuple[np.ndarray, np.ndarray]:
    """``(s, v)`` for every set bit: source ``s = 64·row + bit``, vertex ``v = col``."""
    bits = np.unpackbits(words.view(np.uint8).reshape(-1, 8), axis=1, bitorder="little")
    i, b = np.nonzero(bits)
    return rows[i].astype(np.int64) * 64 + b, cols[i]
