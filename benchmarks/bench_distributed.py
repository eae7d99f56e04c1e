"""Many-source work on a Dask cluster: closeness (all sources) and sampled betweenness of
a Kronecker graph with 1, 2, 4, … worker processes, against one process.

Every cluster's answer is checked against the single-process one before it is timed.
The machine's cores are shared out over the CPU workers (``NUMBA_NUM_THREADS`` and
``OMP_NUM_THREADS`` = cores / workers); the single process uses them all.
The cluster's start (and the graph's first trip to the workers) is reported apart from
the timed call.  With ``--gpus`` the workers are pinned one per GPU
(``CUDA_VISIBLE_DEVICES``) and run ``backend="gpu"``.

    python benchmarks/bench_distributed.py --scale 14 --workers 1,2
    python benchmarks/bench_distributed.py --scale 18 --workers 1,2 --gpus
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import save, table

import semiring_paths as sp
from semiring_paths.generators import kronecker


def _cluster(workers: int, gpus: bool):
    from distributed import Client, LocalCluster, Nanny, Scheduler, SpecCluster

    if not gpus:       # the cores shared out: each worker's compiled loops get its part
        per = str(max(1, (os.cpu_count() or 1) // workers))
        cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                               dashboard_address=None, silence_logs=40,
                               env={"NUMBA_NUM_THREADS": per, "OMP_NUM_THREADS": per})
        return cluster, Client(cluster)
    spec = {i: {"cls": Nanny, "options": {"nthreads": 1,
                                          "env": {"CUDA_VISIBLE_DEVICES": str(i)}}}
            for i in range(workers)}
    cluster = SpecCluster(workers=spec, scheduler={"cls": Scheduler,
                                                   "options": {"dashboard_address": None}})
    return cluster, Client(cluster)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--scale", type=int, default=14)
    ap.add_argument("--workers", default="1,2")
    ap.add_argument("--sample", type=int, default=512, help="betweenness sources")
    ap.add_argument("--gpus", action="store_true")
    a = ap.parse_args(argv)
    backend = "gpu" if a.gpus else "cpu"
    G = kronecker(a.scale, seed=1)
    src = np.random.default_rng(1).choice(G.n_vertices, a.sample, replace=False)
    jobs = {"closeness (all sources)": lambda **kw: sp.closeness(G, progress=False,
                                                                  backend=backend, **kw),
            f"betweenness ({a.sample} sources)": lambda **kw: sp.betweenness(
                G, src, progress=False, backend=backend, **kw)}
    rows, ref = [], {}
    for name, job in jobs.items():
        job()                                                   # compile, caches
        t0 = time.perf_counter()
        ref[name] = job()
        rows.append({"job": name, "run": "one process", "seconds": time.perf_counter() - t0})
    for w in [int(x) for x in a.workers.split(",") if x]:
        t0 = time.perf_counter()
        cluster, client = _cluster(w, a.gpus)
        start = time.perf_counter() - t0
        try:
            for name, job in jobs.items():
                t0 = time.perf_counter()
                got = job(client=client)                        # first: graph to workers,
                first = time.perf_counter() - t0                # their compile caches
                np.testing.assert_allclose(got, ref[name], rtol=1e-12)      # verified
                t0 = time.perf_counter()
                job(client=client)
                rows.append({"job": name, "run": f"{w} worker(s)",
                             "seconds": time.perf_counter() - t0, "first_call": first,
                             "cluster_start": start})
        finally:
            client.close()
            cluster.close()
    for r in rows:
        one = next(x for x in rows if x["job"] == r["job"] and x["run"] == "one process")
        r["speedup"] = one["seconds"] / r["seconds"]
    print(f"kron{a.scale}: {G.n_vertices:,} vertices, {G.n_edges:,} edges; "
          f"{os.cpu_count()} cores; backend {backend}")
    print(table(rows, [("job", ""), ("run", ""), ("seconds", ".3f"), ("speedup", ".2f"),
                       ("first_call", ".3f"), ("cluster_start", ".2f")]))
    print("wrote", save("distributed", {"rows": rows, "scale": a.scale,
                                        "cores": os.cpu_count(), "backend": backend}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
