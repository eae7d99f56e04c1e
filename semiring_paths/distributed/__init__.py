"""Beyond one process (DESIGN §6).

* :mod:`.blocks` — many-source work over a Dask cluster: every many-source function
  (``apsp``, ``multi_source_bfs``/``_sssp``, ``level_counts``, the reductions,
  ``betweenness``) takes ``client=`` and runs its blocks of sources as Dask tasks, the
  graph sent to each worker once.
* :mod:`.mpi` — one graph over many memories: BFS and SSSP with the rows of A
  partitioned over MPI ranks (``mpiexec -n 4 python -m semiring_paths.distributed.mpi``).
"""

from .blocks import block_sources, map_blocks, split

__all__ = ["block_sources", "map_blocks", "split"]
