"""Point-to-point queries side by side: ``sp.shortest_path`` vs NetworkX's
``bidirectional_dijkstra`` (weighted) / ``bidirectional_shortest_path`` (unweighted) and
scipy's full ``dijkstra(indices=s)``.

Per graph, ``--pairs`` random pairs with a path between them (fixed seed); each pair's
time is the best of 3 calls, interleaved over the implementations; the table gives the
median over pairs and the ratios.  Every distance is checked against scipy's first, and
every path of ours is walked along the graph.  Ours runs on each of ``--backends``
(ratios against the first); its first call on each graph (compile or cache load,
scratch arrays, upload) is its own column.

Then ``k_shortest_paths`` (k = 10) on ``--yen-pairs`` random reachable pairs of rome99
against scipy's ``yen`` and NetworkX's ``shortest_simple_paths`` (the first 10), lengths
verified against scipy's first; median of per-pair best-of-3.

    python benchmarks/bench_queries.py [--pairs 100] [--kron 18] [--yen-pairs 20]
                                       [--backends cpu,gpu]
"""

from __future__ import annotations

import argparse
import itertools
import math
import sys
import time
from functools import partial
from pathlib import Path

import networkx as nx
import numpy as np
from scipy.sparse import csgraph

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import save, table, timed

import semiring_paths as sp
from semiring_paths.generators import kronecker
from semiring_paths.locations import shared_dir


def pairs(G, k: int, seed: int = 5):
    """``k`` (s, t) with t reachable from s, s ≠ t; scipy's distance for each."""
    rng = np.random.default_rng(seed)
    M = G.to_scipy(np.float64)
    out = []
    while len(out) < k:
        s = int(rng.integers(G.n_vertices))
        d = csgraph.dijkstra(M, indices=s, unweighted=not G.weighted)
        reach = np.flatnonzero(np.isfinite(d) & (np.arange(G.n_vertices) != s))
        if reach.size:
            t = int(rng.choice(reach))
            out.append((s, t, float(d[t])))
    return out


def walk(G, path) -> float:
    M = G.to_scipy(np.float64).tocsr()
    total = 0.0
    for u, v in itertools.pairwise(path):
        row = slice(M.indptr[u], M.indptr[u + 1])
        hit = np.flatnonzero(M.indices[row] == v)
        assert hit.size, f"{u} → {v} is not an edge"
        total += M.data[row][hit[0]] if G.weighted else 1.0
    return total


def run(name: str, G, k: int, backends: list[str]) -> list[dict]:
    H = nx.DiGraph() if G.directed else nx.Graph()
    H.add_nodes_from(range(G.n_vertices))
    w = G.weights.astype(float) if G.weighted else np.ones(G.n_stored)
    H.add_weighted_edges_from(zip(G.rows.tolist(), G.indices.tolist(), w.tolist()))
    M = G.to_scipy(np.float64)
    todo = pairs(G, k)
    impls, first = {}, {}
    for be in backends:                  # first call: compile / cache load, scratch, upload
        t0 = time.perf_counter()
        sp.shortest_path(G, *todo[0][:2], backend=be)
        first[f"ours {be}"] = time.perf_counter() - t0
        impls[f"ours {be}"] = partial(sp.shortest_path, G, backend=be)
    impls |= {
        "networkx": (lambda s, t: nx.bidirectional_dijkstra(H, s, t)) if G.weighted
        else (lambda s, t: nx.bidirectional_shortest_path(H, s, t)),
        "scipy dijkstra(indices=s)": lambda s, t: csgraph.dijkstra(
            M, indices=s, unweighted=not G.weighted)[t],
    }
    times: dict[str, list[float]] = {k: [] for k in impls}
    for s, t, want in todo:                           # verified first
        for label in first:
            dist, path = impls[label](s, t)
            assert dist == want or math.isclose(dist, want, rel_tol=1e-9), (
                label, s, t, dist, want)
            assert math.isclose(walk(G, path), want, rel_tol=1e-9)
        got = impls["networkx"](s, t)
        nd = got[0] if G.weighted else len(got) - 1
        assert math.isclose(nd, want, rel_tol=1e-9), ("networkx", s, t)
    for s, t, _ in todo:
        for label, fn in impls.items():
            times[label].append(timed(partial(fn, s, t))[0])
    ours = float(np.median(times[f"ours {backends[0]}"]))
    rows = []
    for label, ts in times.items():
        med = float(np.median(ts))
        rows.append({"graph": name, "impl": label, "median_ms": med * 1e3,
                     "ours_x_faster": med / ours,
                     "first_ms": first[label] * 1e3 if label in first else None})
    return rows


def yen(G, name: str, n_pairs: int, k: int = 10) -> list[dict]:
    H = nx.DiGraph() if G.directed else nx.Graph()
    H.add_nodes_from(range(G.n_vertices))
    H.add_weighted_edges_from(zip(G.rows.tolist(), G.indices.tolist(),
                                  G.weights.astype(float).tolist()))
    M = G.to_scipy(np.float64)
    todo = pairs(G, n_pairs, seed=11)
    t0 = time.perf_counter()
    sp.k_shortest_paths(G, *todo[0][:2], k, backend="cpu")
    first = time.perf_counter() - t0
    impls = {
        "ours": lambda s, t: [d for d, _ in sp.k_shortest_paths(G, s, t, k, backend="cpu")],
        "scipy yen": lambda s, t: list(csgraph.yen(M, s, t, k)),
        "networkx shortest_simple_paths": lambda s, t: [
            nx.path_weight(H, p, "weight") for p in itertools.islice(
                nx.shortest_simple_paths(H, s, t, weight="weight"), k)],
    }
    for s, t, _ in todo:                               # verified first
        want = impls["scipy yen"](s, t)
        for label in ("ours", "networkx shortest_simple_paths"):
            got = impls[label](s, t)
            assert np.allclose(got, want, rtol=1e-9), (label, s, t, got, want)
    times: dict[str, list[float]] = {k: [] for k in impls}
    for s, t, _ in todo:
        for label, fn in impls.items():
            times[label].append(timed(partial(fn, s, t))[0])
    ours = float(np.median(times["ours"]))
    return [{"graph": f"{name} (k={k})", "impl": label, "median_ms": 1e3 * float(
        np.median(ts)), "ours_x_faster": float(np.median(ts)) / ours,
        "first_ms": first * 1e3 if label == "ours" else None}
        for label, ts in times.items()]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--pairs", type=int, default=100)
    ap.add_argument("--kron", type=int, default=18, help="Kronecker scale (0: none)")
    ap.add_argument("--yen-pairs", type=int, default=20)
    ap.add_argument("--backends", default="cpu",
                    help="ours on these, comma-separated; ratios against the first")
    ap.add_argument("--name", default="queries")
    a = ap.parse_args(argv)
    backends = a.backends.split(",")
    rows = []
    for rel in ("road/luxembourg_osm.mtx.gz", "road/osm-malta.mtx.gz"):
        G = sp.read(shared_dir() / rel)
        rows += run(Path(rel).name.split(".")[0], G, a.pairs, backends)
    if a.kron:
        G = kronecker(a.kron, seed=1, weights=(1, 255))
        rows += run(f"kron{a.kron} (w 1..255)", G, a.pairs, backends)
    if a.yen_pairs:
        rows += yen(sp.read(shared_dir() / "road/rome99.mtx.gz"), "rome99", a.yen_pairs)
    print(table(rows, [("graph", ""), ("impl", ""), ("median_ms", ".3f"),
                       ("ours_x_faster", ".1f"), ("first_ms", ".1f")]))
    print("wrote", save(a.name, {"pairs": a.pairs, "rows": rows}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
