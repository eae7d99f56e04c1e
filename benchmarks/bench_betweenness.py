"""Betweenness side by side: ``sp.betweenness`` vs igraph, NetworkX and (optionally) GAP.

* ca-CondMat-cc1, exact (every source): ours and igraph's ``betweenness()`` timed in full,
  once each; NetworkX's per-source cost measured on ``--nx-sources`` of its own sampled
  sources (``k=``) and multiplied up to all sources (a full NetworkX run takes most of an
  hour: the column says "extrapolated"); GAP's ``bc -i n`` where ``--gap`` is given.
* Kronecker 18, sampled (``--sample`` sources): ours and igraph's ``betweenness(sources=)``
  on the same sources.

Answers are verified before anything is timed: ours against igraph's on the whole graph
(unnormalized, to 1e-9 relative) and on the sample.  Our first call (compile or cache
load, and for the GPU the upload) is reported on its own row.  ``--backends cpu,gpu``
times each of ours; a column ``x_<backend>`` gives each row's time over that one's.

    python benchmarks/bench_betweenness.py [--nx-sources 200] [--sample 1000] [--gap DIR]
    python benchmarks/bench_betweenness.py --backends cpu,gpu --nx-sources 0 --kron 18
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import igraph as ig
import networkx as nx
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import save, table

import semiring_paths as sp
from semiring_paths.generators import kronecker
from semiring_paths.locations import shared_dir


def _igraph(G) -> ig.Graph:
    keep = G.rows < G.indices if not G.directed else np.ones(G.n_stored, bool)
    return ig.Graph(n=G.n_vertices, directed=G.directed,
                    edges=np.stack([G.rows[keep], G.indices[keep]], 1).tolist())


def _clock(fn):
    t0 = time.perf_counter()
    out = fn()
    return time.perf_counter() - t0, out


def _gap(root: Path, G) -> float | None:
    with tempfile.TemporaryDirectory() as tmp:
        el, sg = Path(tmp) / "g.el", Path(tmp) / "g.sg"
        np.savetxt(el, np.stack([G.rows, G.indices], 1), fmt="%d")
        subprocess.run([str(root / "converter"), "-f", str(el), "-b", str(sg)], check=True,
                       stdout=subprocess.DEVNULL)
        out = subprocess.run([str(root / "bc"), "-f", str(sg), "-i", str(G.n_vertices),
                              "-n", "1"], capture_output=True, text=True, check=True,
                             env=dict(os.environ, OMP_NUM_THREADS=str(os.cpu_count())))
    for line in out.stdout.splitlines():
        if line.startswith("Trial Time:"):
            return float(line.split()[-1])
    return None


def _sync(backend: str):
    if backend == "gpu":
        import cupy as cp

        cp.cuda.Device().synchronize()


def _ours(G, backend: str, label: str, *args) -> tuple[list[dict], np.ndarray]:
    """Our first call (8 sources) and the timed one, on ``backend``."""
    first, _ = _clock(lambda: sp.betweenness(G, 8, backend=backend, progress=False))
    t, out = _clock(lambda: (sp.betweenness(G, *args, normalized=False, backend=backend,
                                            progress=False), _sync(backend))[0])
    return [{"graph": label, "impl": f"ours {backend} (first call, 8 sources)",
             "seconds": first},
            {"graph": label, "impl": f"ours {backend}", "seconds": t}], out


def _ratios(rows: list[dict], backends: list[str]) -> list[dict]:
    """``x_<backend>``: each row's seconds over ours on that backend (same graph)."""
    for r in rows:
        for b in backends:
            ours = [o for o in rows if o["graph"] == r["graph"] and o["impl"] == f"ours {b}"]
            if ours and "first call" not in r["impl"] and r["seconds"]:
                r[f"x_{b}"] = r["seconds"] / ours[0]["seconds"]
    return rows


def exact(G, name: str, nx_sources: int, gap: Path | None, backends: list[str]
          ) -> list[dict]:
    ig_graph = _igraph(G)
    t_ig, ref = _clock(lambda: np.array(ig_graph.betweenness(directed=G.directed)))
    rows = []
    for b in backends:
        timed_rows, ours = _ours(G, b, name)
        np.testing.assert_allclose(ours, ref, rtol=1e-9, atol=1e-9)     # verified
        rows += timed_rows
    rows.append({"graph": name, "impl": "igraph", "seconds": t_ig})
    if nx_sources:
        X = nx.from_scipy_sparse_array(G.to_scipy(), create_using=nx.DiGraph if G.directed
                                       else nx.Graph)
        t_nx, _ = _clock(lambda: nx.betweenness_centrality(X, k=nx_sources, seed=1))
        rows.append({"graph": name,
                     "impl": f"networkx (extrapolated from {nx_sources} sources)",
                     "seconds": t_nx / nx_sources * G.n_vertices})
    if gap is not None:
        rows.append({"graph": name, "impl": "GAP bc -i n (not verified here)",
                     "seconds": _gap(gap, G)})
    return rows


def sampled(G, name: str, k: int, backends: list[str]) -> list[dict]:
    src = np.sort(np.random.default_rng(1).choice(G.n_vertices, k, replace=False))
    ig_graph = _igraph(G)
    t_ig, ref = _clock(lambda: np.array(ig_graph.betweenness(directed=G.directed,
                                                      sources=src.tolist())))
    # ours is scaled to all sources (NetworkX's k= rule); igraph sums over the sample,
    # unordered pairs when undirected
    n, pairs = G.n_vertices, 1 if G.directed else 2
    scale = np.full(n, (n - 1) / (k * pairs))
    scale[src] = (n - 1) / ((k - 1) * pairs)
    rows = []
    for b in backends:
        timed_rows, ours = _ours(G, b, name, src)
        np.testing.assert_allclose(ours / scale / pairs, ref, rtol=1e-9, atol=1e-6)
        rows += timed_rows
    return [*rows, {"graph": name, "impl": f"igraph betweenness(sources={k})",
                    "seconds": t_ig}]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--nx-sources", type=int, default=200)
    ap.add_argument("--sample", type=int, default=1000)
    ap.add_argument("--kron", type=int, default=18, help="Kronecker scale (0: none)")
    ap.add_argument("--gap", type=Path, help="directory of GAP's built bc and converter")
    ap.add_argument("--backends", default="auto", help="ours on these (comma list)")
    ap.add_argument("--name", default="betweenness")
    a = ap.parse_args(argv)
    backends = [b for b in a.backends.split(",") if b]
    G = sp.read(shared_dir() / "social/ca-CondMat-cc1.mtx.gz")
    rows = exact(G, "ca-CondMat-cc1 (exact)", a.nx_sources, a.gap, backends)
    if a.kron:
        K = kronecker(a.kron, seed=1)
        rows += sampled(K, f"kron{a.kron} ({a.sample} sources)", a.sample, backends)
    _ratios(rows, backends)
    print(table(rows, [("graph", ""), ("impl", ""), ("seconds", ".3f"),
                       *[(f"x_{b}", ".1f") for b in backends]]))
    print("wrote", save(a.name, {"rows": rows, "threads": os.cpu_count(),
                                 "backends": backends}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
