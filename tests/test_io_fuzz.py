"""Fuzzing every reader: random bytes, truncations and byte flips of valid files.  Only
GraphFormatError / InvalidGraphError may escape, and no read may hang (an alarm ends any
example after 20 s)."""

from __future__ import annotations

import functools
import signal
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import semiring_paths as sp

FORMATS = ["mtx", "mtx.gz", "txt", "txt.gz", "el", "wel", "gr", "spg"]
OK = (sp.GraphFormatError, sp.InvalidGraphError)


@functools.cache
def seed(ext: str) -> bytes:
    """A valid file of the format (karate; rome99 where it needs weights)."""
    with tempfile.TemporaryDirectory() as d:
        p = Path(d) / f"seed.{ext}"
        sp.write(sp.read("rome99" if ext in ("wel", "gr") else "karate"), p)
        return p.read_bytes()


class Hang(Exception):
    pass


def _alarm(signum, frame):
    raise Hang("a read ran past 20 s")


def read_only_our_errors(path, **kw) -> None:
    old = signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(20)
    try:
        sp.read(path, **kw)
    except OK:
        pass
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


def mutate(data: bytes, how: str, cut: int, flips: list[tuple[int, int]]) -> bytes:
    if how == "truncate":
        return data[: cut % (len(data) + 1)]
    b = bytearray(data)
    for pos, val in flips:
        b[pos % len(b)] = val
    return bytes(b)


@pytest.mark.parametrize("ext", FORMATS)
@settings(max_examples=40, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(junk=st.binary(max_size=300))
def test_random_bytes(tmp_path, ext, junk):
    p = tmp_path / f"junk.{ext}"
    p.write_bytes(junk)
    read_only_our_errors(p)


@pytest.mark.parametrize("ext", FORMATS)
@settings(max_examples=60, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(how=st.sampled_from(["truncate", "flip"]), cut=st.integers(0, 10**7),
       flips=st.lists(st.tuples(st.integers(0, 10**7), st.integers(0, 255)),
                      min_size=1, max_size=4))
def test_mutated_files(tmp_path, ext, how, cut, flips):
    p = tmp_path / f"bad.{ext}"
    p.write_bytes(mutate(seed(ext), how, cut, flips))
    read_only_our_errors(p)


def test_fast_matrix_market_segfault_file(tmp_path):
    """The file the fuzzer found that segfaults fast_matrix_market 1.7.6 (and so
    ``scipy.io.mmread``): a data line cut at the end of the file by a 0xAC byte."""
    p = tmp_path / "cut.mtx"
    p.write_bytes(seed("mtx")[:481] + b"\xac")
    with pytest.raises(sp.GraphFormatError, match=r"cut\.mtx"):
        sp.read(p)


@pytest.mark.parametrize("ext", ["txt", "txt.gz", "el", "wel"])
@settings(max_examples=40, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(how=st.sampled_from(["truncate", "flip"]), cut=st.integers(0, 10**7),
       flips=st.lists(st.tuples(st.integers(0, 10**7), st.integers(0, 255)),
                      min_size=1, max_size=4), junk=st.binary(max_size=200))
def test_mutated_edge_lists_of_names(tmp_path, ext, how, cut, flips, junk):
    """``relabel=True`` reads any token as a name: junk and mutated lists still end in
    a graph or one of our errors."""
    for i, data in enumerate((mutate(seed(ext), how, cut, flips), junk)):
        p = tmp_path / f"named{i}.{ext}"
        p.write_bytes(data)
        read_only_our_errors(p, relabel=True)
