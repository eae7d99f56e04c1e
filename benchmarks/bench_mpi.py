"""MPI-partitioned BFS and SSSP (``distributed/mpi.py``, level by level and with
``local=True``) over 1, 2, 4, … ranks, beside papers/003's distributed Dijkstra.

Each rank count is one ``mpiexec`` run of this file in ``--worker`` mode: rank 0 reads or
generates the graph, scatters the rows, runs every search (verified against the CPU
backend on rank 0 before timing), and appends its times to a JSON lines file; the parent
prints the table (time, rounds, speed-up over one rank) and writes JSON.

    python benchmarks/bench_mpi.py --ranks 1,2 --kron 16 --road road/osm-malta.mtx.gz
    python benchmarks/bench_mpi.py --ranks 1,2,4,8,16 --kron 22 --road "" --skip-dijkstra
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import save, table


def worker(a) -> None:
    from mpi4py import MPI

    import semiring_paths as sp
    from semiring_paths.distributed import mpi
    from semiring_paths.locations import shared_dir

    comm = MPI.COMM_WORLD
    graphs = []
    if a.kron:
        graphs.append((f"kron{a.kron}", lambda: kronecker_once(a.kron, a.cache)))
    if a.road:
        graphs.append((Path(a.road).name.split(".")[0],
                       lambda: sp.read(shared_dir() / a.road)))
    for (name, make), order in [(g, o) for g in graphs for o in a.order.split(",")]:
        G = make() if comm.Get_rank() == 0 else None
        s = int(np.argmax(G.out_degree)) if G is not None else 0
        s = comm.bcast(s, root=0)
        part = mpi.partition(G, comm, order=None if order == "file" else order)
        name = name if order == "file" else f"{name} ({order})"
        runs = [("bfs", lambda tr, p=part, s=s: mpi.bfs(p, s, comm, trace=tr)),
                ("bfs local", lambda tr, p=part, s=s: mpi.bfs(p, s, comm, local=True,
                                                              trace=tr)),
                ("sssp workfront", lambda tr, p=part, s=s: mpi.sssp(p, s, comm, trace=tr)),
                ("sssp workfront local", lambda tr, p=part, s=s: mpi.sssp(
                    p, s, comm, local=True, trace=tr)),
                ("sssp delta-stepping", lambda tr, p=part, s=s: mpi.sssp(
                    p, s, comm, method="delta-stepping", trace=tr)),
                ("sssp dijkstra (003)", lambda tr, p=part, s=s: mpi.sssp(
                    p, s, comm, method="dijkstra", trace=tr))]
        for label, run in runs:
            if label.endswith("(003)") and a.skip_dijkstra:
                continue
            if a.only and label not in a.only.split(","):
                continue
            rounds: list = []
            out, _ = run(rounds)
            if comm.Get_rank() == 0:                                  # verified first
                ref = (sp.bfs(G, s, backend="cpu").levels if label.startswith("bfs")
                       else sp.sssp(G, s, backend="cpu").distances)
                np.testing.assert_array_equal(out, ref)
            best = np.inf
            for _ in range(a.repeat):
                rounds = []
                comm.Barrier()
                t0 = time.perf_counter()
                run(rounds)
                comm.Barrier()
                best = min(best, time.perf_counter() - t0)
            if comm.Get_rank() == 0:
                with open(a.worker, "a") as f:
                    f.write(json.dumps({"graph": name, "run": label,
                                        "ranks": comm.Get_size(), "seconds": best,
                                        "rounds": len(rounds)}) + "\n")


def kronecker_once(scale: int, cache: str | None):
    """The benchmark's Kronecker graph (weights 1..64), generated once and kept in
    ``cache`` (a binary ``.spg``, memory-mapped back by later rank counts)."""
    import semiring_paths as sp
    from semiring_paths.generators import kronecker

    path = Path(cache or tempfile.gettempdir()) / f"bench_mpi_kron{scale}.spg"
    if path.exists():
        return sp.read(path)
    G = kronecker(scale, seed=1, weights=(1, 64))
    sp.write(G, path)
    return G


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--ranks", default="1,2")
    ap.add_argument("--kron", type=int, default=16)
    ap.add_argument("--road", default="road/osm-malta.mtx.gz")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--skip-dijkstra", action="store_true")
    ap.add_argument("--only", default="", help="these runs alone (comma list of labels, "
                                               "e.g. 'bfs local,sssp workfront local')")
    ap.add_argument("--log", help="append each run's JSON line here as it finishes "
                    "(kept if a later rank count is stopped; default: a temporary file)")
    ap.add_argument("--cache", help="folder for the generated graph (default: the temp "
                                    "folder), reused by every rank count")
    ap.add_argument("--order", default="file",
                    help="vertex numberings to cut the ranges from (comma list of 'file', "
                         "'rcm': reverse Cuthill-McKee bands)")
    ap.add_argument("--worker", help=argparse.SUPPRESS)
    a = ap.parse_args(argv)
    if a.worker:
        worker(a)
        return 0
    mpiexec = shutil.which("mpiexec", path=str(Path(sys.executable).parent)) or "mpiexec"
    log = Path(a.log) if a.log else Path(tempfile.mkdtemp()) / "runs.jsonl"
    for k in [int(x) for x in a.ranks.split(",") if x]:
        cmd = [mpiexec, "-n", str(k), sys.executable, __file__, "--worker", str(log),
               "--kron", str(a.kron), "--road", a.road or "", "--repeat", str(a.repeat),
               "--order", a.order]
        if a.cache:
            cmd += ["--cache", a.cache]
        if a.skip_dijkstra:
            cmd.append("--skip-dijkstra")
        if a.only:
            cmd += ["--only", a.only]
        subprocess.run(cmd, check=True, env={**os.environ, "PYTHONPATH": os.pathsep.join(
            [str(Path(__file__).resolve().parents[1]), *sys.path])})
    rows = [json.loads(line) for line in log.read_text().splitlines()]
    for r in rows:
        one = [x for x in rows if x["graph"] == r["graph"] and x["run"] == r["run"]
               and x["ranks"] == 1]
        r["speedup_vs_1_rank"] = one[0]["seconds"] / r["seconds"] if one else None
    print(f"{os.cpu_count()} cores")
    print(table(rows, [("graph", ""), ("run", ""), ("ranks", "d"), ("seconds", ".3f"),
                       ("rounds", "d"), ("speedup_vs_1_rank", ".2f")]))
    print("wrote", save("mpi", {"rows": rows, "cores": os.cpu_count()}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
