"""Run by ``tests/test_mpi.py`` under ``mpiexec -n K``: for every ``*.spg`` graph of a
folder (and its ``.src`` source), the partitioned BFS and workfront SSSP (each also with
``local=True``), Δ-stepping and the Dijkstra baseline, and three of them again on the
graph renumbered by reverse Cuthill-McKee (``order="rcm"``); rank 0 saves
``<name>.<what>.npy`` and the parents."""

import sys
from pathlib import Path

import numpy as np

import semiring_paths as sp
from semiring_paths.distributed import mpi


def main(folder: Path) -> None:
    from mpi4py import MPI  # here: collecting this file must not start MPI

    comm = MPI.COMM_WORLD
    for path in sorted(folder.glob("*.spg")):
        s = int(path.with_suffix(".src").read_text())
        G = sp.read(path) if comm.Get_rank() == 0 else None
        part = mpi.partition(G, comm)
        results = {"bfs": mpi.bfs(part, s, comm),
                   "bfs_local": mpi.bfs(part, s, comm, local=True),
                   "workfront": mpi.sssp(part, s, comm),
                   "workfront_local": mpi.sssp(part, s, comm, local=True),
                   "delta": mpi.sssp(part, s, comm, method="delta-stepping"),
                   "delta_small": mpi.sssp(part, s, comm, method="delta-stepping",
                                           delta=0.5),
                   "dijkstra": mpi.sssp(part, s, comm, method="dijkstra")}
        banded = mpi.partition(G, comm, order="rcm")   # renumbered; results in file ids
        results |= {"bfs_rcm": mpi.bfs(banded, s, comm, local=True),
                    "workfront_rcm": mpi.sssp(banded, s, comm, local=True),
                    "delta_rcm": mpi.sssp(banded, s, comm, method="delta-stepping")}
        try:                                     # a clear refusal, on every rank
            mpi.sssp(part, s, comm, method="delta-stepping", local=True)
        except ValueError as e:
            assert "workfront variant" in str(e)
        else:
            raise AssertionError("local=True with delta-stepping was not refused")
        if comm.Get_rank() == 0:
            for what, (values, parents) in results.items():
                np.save(folder / f"{path.stem}.{what}.npy", values)
                np.save(folder / f"{path.stem}.{what}.parents.npy", parents)


if __name__ == "__main__":
    main(Path(sys.argv[1]))
