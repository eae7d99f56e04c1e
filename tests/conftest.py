"""Shared fixtures: the real graphs in ../shared/data/graphs and random-graph strategies."""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

import semiring_paths as sp
from semiring_paths.locations import shared_dir, shared_path

settings.register_profile("ci", max_examples=60, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow,
                                                 HealthCheck.function_scoped_fixture])
settings.register_profile("dev", max_examples=30, deadline=None,
                          suppress_health_check=[HealthCheck.function_scoped_fixture])
settings.register_profile("device", max_examples=12, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow,
                                                 HealthCheck.function_scoped_fixture])
settings.register_profile("deep", max_examples=1500, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow,
                                                 HealthCheck.function_scoped_fixture])
#: SEMIRING_PATHS_PROFILE=device: fewer examples per property, for a GPU run within the
#: device machine's time limits (every test body still runs); =deep: 25 times CI's, a
#: search for rare failures before a release (hours on this 2-core machine)
settings.load_profile(os.environ.get("SEMIRING_PATHS_PROFILE")
                      or ("ci" if os.environ.get("CI") else "dev"))

SHARED = shared_dir()


def _gpu_present() -> bool:
    from semiring_paths.backends import gpu_available

    return gpu_available()


_GPU = [pytest.mark.gpu, pytest.mark.skipif(not _gpu_present(), reason="CuPy finds no GPU")]


@pytest.fixture(scope="session", params=[
    "cpu", "cpu-fused", pytest.param("gpu", marks=_GPU), pytest.param("gpu-ids8", marks=_GPU)])
def backend(request):
    """Every parity test body runs on every backend (CuPy's parity-test style): the CPU's
    GraphBLAS rounds (``cpu``) and its compiled loops (``cpu-fused``) always; the GPU where
    CuPy sees one, with 4-byte ids and again with the 8-byte kernels forced and the
    weights in the graph's own dtype (``gpu-ids8``), so the wide paths are checked on
    graphs that fit a test."""
    if request.param.startswith("cpu"):
        yield "cpu"             # which CPU path: set per test by _cpu_path below
        return
    from semiring_paths.gpu.backend import GPUBackend

    GPUBackend.index_bytes = 8 if request.param == "gpu-ids8" else None
    # the weights: int32 / float32 on the device where they fit (gpu), the graph's own
    # dtype (gpu-ids8), so the kernels of every weight dtype run
    GPUBackend.NARROW_WEIGHTS = request.param == "gpu"
    # near-far and Δ-stepping: the banded kernels with 4-byte ids (on any graph), the
    # rule loop with 8-byte ids (on graphs this small); test_gpu.py checks both at both
    GPUBackend.BANDED_TWO = "always" if request.param == "gpu" else "auto"
    # the fused loops on the degree-ordered copy (gpu/order.py) with 4-byte ids, on the
    # graph as numbered with 8-byte ids (graphs this small have no hubs)
    GPUBackend.DEGREE_ORDER = "always" if request.param == "gpu" else "auto"
    yield "gpu"
    GPUBackend.index_bytes = None
    GPUBackend.NARROW_WEIGHTS = True
    GPUBackend.BANDED_TWO = "auto"
    GPUBackend.DEGREE_ORDER = "auto"


@pytest.fixture(autouse=True)
def _cpu_path(request):
    """The CPU backend's path for this test: its GraphBLAS rounds under ``backend=cpu``,
    its compiled loops under ``cpu-fused``, and its own choice ("auto") elsewhere."""
    from semiring_paths.cpu.backend import GraphBLASBackend

    param = getattr(getattr(request.node, "callspec", None), "params", {}).get("backend")
    GraphBLASBackend.fused_mode = {"cpu": "never", "cpu-fused": "always"}.get(param, "auto")
    yield
    GraphBLASBackend.fused_mode = "auto"


def shared_graph(rel: str) -> Path:
    """A file of ../shared/data/graphs; CI must have it, a laptop may not."""
    p = shared_path(rel)
    if not p.exists():
        if os.environ.get("CI"):
            pytest.fail(f"shared data missing in CI: {p}")
        pytest.skip(f"shared data not present: {p}")
    return p


@st.composite
def edge_lists(draw, max_n: int = 24, weighted: bool | None = None,
               negative: bool = False, zero: bool = True):
    """Random multigraphs: isolated vertices, self loops, duplicates, zero weights."""
    n = draw(st.integers(1, max_n))
    m = draw(st.integers(0, 3 * n))
    src = draw(st.lists(st.integers(0, n - 1), min_size=m, max_size=m))
    dst = draw(st.lists(st.integers(0, n - 1), min_size=m, max_size=m))
    if weighted is None:
        weighted = draw(st.booleans())
    w = None
    if weighted:
        lo = -5 if negative else (0 if zero else 1)
        if draw(st.booleans()):
            w = draw(st.lists(st.integers(lo, 9), min_size=m, max_size=m))
        else:
            w = draw(st.lists(st.floats(lo, 9, allow_nan=False, width=32),
                              min_size=m, max_size=m))
    directed = draw(st.booleans())
    source = draw(st.integers(0, n - 1))
    return n, np.array(src, np.int64), np.array(dst, np.int64), \
        None if w is None else np.array(w), directed, source


def scipy_matrix(n, src, dst, w, directed):
    """The oracle's matrix, built independently of Graph: min over parallel edges."""
    import scipy.sparse as sps

    best: dict[tuple[int, int], float] = {}
    ws = np.ones(src.size) if w is None else w.astype(np.float64)
    pairs = list(zip(src.tolist(), dst.tolist(), ws.tolist()))
    if not directed:
        pairs += [(b, a, x) for a, b, x in pairs]
    for a, b, x in pairs:
        best[(a, b)] = min(best.get((a, b), np.inf), x)
    if not best:
        return sps.csr_matrix((n, n))
    (r, c), v = zip(*best.keys()), list(best.values())
    return sps.csr_matrix((v, (r, c)), shape=(n, n))


def build(n, src, dst, w, directed) -> sp.Graph:
    return sp.Graph.from_edges(src, dst, w, n_vertices=n, directed=directed)


@pytest.fixture
def graphblas_rounds(_cpu_path):
    """This test is about the CPU's GraphBLAS rounds themselves (directions, traces)."""
    from semiring_paths.cpu.backend import GraphBLASBackend

    GraphBLASBackend.fused_mode = "never"
