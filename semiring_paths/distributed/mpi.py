"""One graph over many memories: BFS and SSSP with the rows of A partitioned over MPI
ranks (DESIGN §6; papers/003 is the MPI Dijkstra this replaces).

Rank ``r`` owns the vertices ``[lo_r, hi_r)`` — ranges cut so that every rank holds
about the same number of stored edges — and their out-edges (global column ids).  Rank 0
reads the graph and scatters the rows.  One round of the search is the relaxation step
of DESIGN §1, split over the ranks::

    t_r = f_r min.+ A_r          # local: the frontier's own out-edges (any column)
    t   = Alltoallv(t_r)         # each candidate (v, value, parent) to v's owner
    d  ⊕= t ; f = changed        # owner keeps the least value per v (ties: least parent)

and the search stops when an ``Allreduce`` of the frontier sizes is 0.  BFS is the same
round with hop counts (the levels) and the parent carried; SSSP is workfront, the
frontier being the vertices whose value dropped, or Δ-stepping's bucket rule (the
frontier is what dropped below the current bucket's end; the rest waits, and an empty
bucket moves the end past the global least waiting value, one ``Allreduce``; light and
heavy edges are relaxed together, as papers/002's bucketing does).  Papers/003's
distributed Dijkstra is kept as the baseline (``method="dijkstra"``): one global minimum
(``Allreduce`` MINLOC) settled a step, its row relaxed by its owner and broadcast.

Where a file's ids follow no locality (the paths of a road graph cross the ranges again
and again), ``partition(G, comm, order="rcm")`` numbers the vertices by reverse
Cuthill–McKee first, so that each range is a band of the graph; sources go in and
results come out in the file's ids.

Run as a program::

    mpiexec -n 4 python -m semiring_paths.distributed.mpi sssp GRAPH --source S -o d.npy
    mpiexec -n 4 python -m semiring_paths.distributed.mpi bfs GRAPH --source S -o lv.npy

or call :func:`sssp` / :func:`bfs` from every rank of an mpi4py program (the graph given
on rank 0, ``None`` elsewhere); rank 0 gets the full result, the others ``None``.
"""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import dataclass

import numpy as np

from ..algorithms.sssp import DELTA_STEPPING_C, bucket_end
from ..cpu.loops import partitioned as step
from ..exceptions import NegativeWeightError
from ..ids import vertex

__all__ = ["Part", "bfs", "partition", "sssp"]


@dataclass
class Part:
    """The rows one rank owns: vertices ``[lo, hi)`` of ``n``, their CSR (global column
    ids), and every rank's range (``bounds``: ranks + 1 entries)."""

    n: int
    lo: int
    hi: int
    indptr: np.ndarray
    indices: np.ndarray
    weights: np.ndarray
    bounds: np.ndarray
    #: renumbered (``order=``) on every rank; rank 0 keeps ``perm`` (new id → file id)
    reordered: bool = False
    perm: np.ndarray | None = None


def _cuts(indptr: np.ndarray, ranks: int) -> np.ndarray:
    """Vertex-range bounds giving each rank about m / ranks stored edges (a rank may get
    an empty range: more ranks than the graph needs)."""
    n, m = indptr.size - 1, int(indptr[-1])
    targets = (np.arange(1, ranks) * m) // max(ranks, 1)
    inner = np.searchsorted(indptr[1:], targets, side="left") + 1 if m else \
        (np.arange(1, ranks) * n) // max(ranks, 1)
    return np.r_[0, np.minimum(inner, n), n].astype(np.int64)


def _rcm(G) -> np.ndarray:
    """Reverse Cuthill–McKee over the symmetrized pattern: new id → file id."""
    from scipy.sparse import csgraph

    A = G.to_scipy(np.float64)
    return csgraph.reverse_cuthill_mckee((A + A.T).tocsr(), symmetric_mode=True).astype(
        np.int64)


def partition(G, comm, order: str | None = None) -> Part:
    """Scatter ``G`` (a Graph on rank 0, ignored elsewhere) by vertex ranges;
    ``order="rcm"`` renumbers it by reverse Cuthill–McKee first (rank 0 computes it)."""
    if order not in (None, "rcm"):
        raise ValueError(f"order must be None or 'rcm', got {order!r}")
    rank, size = comm.Get_rank(), comm.Get_size()
    perm = None
    if rank == 0:
        if G is None:
            raise ValueError("rank 0 must be given the graph")
        w = (G.weights.astype(np.float64) if G.weighted
             else np.ones(G.n_stored, np.float64))
        if G.weighted and (np.isnan(w).any() or (w < 0).any()):
            bad = int(np.flatnonzero(np.isnan(w) | (w < 0))[0])
            raise NegativeWeightError(
                f"edge {int(G.rows[bad])} -> {int(G.indices[bad])} weighs {w[bad]}: the "
                "partitioned searches need non-negative weights")
        indptr, indices = G.indptr, G.indices
        if order == "rcm":                   # rows and columns by the new numbering
            perm = _rcm(G)
            inv = np.empty_like(perm)
            inv[perm] = np.arange(perm.size)
            deg = np.diff(indptr)[perm]
            take = (np.arange(int(deg.sum())) - np.repeat(np.cumsum(deg) - deg, deg)
                    + np.repeat(indptr[perm], deg))
            indptr = np.r_[0, np.cumsum(deg)].astype(np.int64)
            indices, w = inv[indices[take]], w[take]
        bounds = _cuts(indptr, size)
        pieces = []
        for r in range(size):
            a, b = int(bounds[r]), int(bounds[r + 1])
            e0, e1 = int(indptr[a]), int(indptr[b])
            pieces.append((a, b, indptr[a:b + 1] - e0, indices[e0:e1].astype(np.int64),
                           w[e0:e1]))
        meta = (G.n_vertices, bounds)
    else:
        pieces, meta = None, None
    n, bounds = comm.bcast(meta, root=0)
    lo, hi, indptr, indices, weights = comm.scatter(pieces, root=0)
    return Part(n, lo, hi, indptr, indices, weights, bounds, order is not None, perm)


def _exchange(comm, send: np.ndarray, words: np.ndarray) -> np.ndarray:
    """Alltoallv: rank r's slice of ``words`` (``send[r]`` entries, in rank order) to
    rank r; what every rank sent here, in rank order."""
    recv = np.empty_like(send)
    comm.Alltoall(send, recv)
    sdisp, rdisp = np.r_[0, np.cumsum(send)[:-1]], np.r_[0, np.cumsum(recv)[:-1]]
    got = np.empty(int(recv.sum()), words.dtype)
    comm.Alltoallv([words, (send, sdisp)], [got, (recv, rdisp)])
    return got


def _rounds(part: Part, comm, source: int, hops: bool, trace: list,
            delta: float | None = None, local: bool = False):
    """Rounds from ``source`` (workfront; with ``delta``, Δ-stepping's buckets; with
    ``local``, each round first takes the part's own edges to a fixed point): local
    values and parents of this rank's rows.  The local passes are the CPU backend's
    compiled step for a part (``cpu/loops/partitioned.py``)."""
    from mpi4py import MPI

    k = part.hi - part.lo
    d = np.full(k, np.inf)                           # values of this part's vertices
    parent = np.full(k, -1, np.int64)
    stamp = np.full(k, -1, np.int64)                 # the round that last lowered d
    waiting = np.zeros(k, np.bool_)                  # lowered, not yet relaxed
    wlist, wcount = np.empty(k, np.int64), 0         # ... as a list
    split = np.inf if delta is None else bucket_end(0.0, delta)
    frontier = np.zeros(0, np.int64)                 # local ids of this rank's frontier
    if part.lo <= source < part.hi:
        d[source - part.lo] = 0.0
        parent[source - part.lo] = source
        frontier = np.array([source - part.lo], np.int64)
    mine, sizes = np.zeros(3, np.int64), np.zeros(3, np.int64)   # f, waiting, edges
    if local:
        mark = np.full(k, -1, np.int64)              # the round that last touched v
        queue, inq = np.empty(k, np.int64), np.zeros(k, np.bool_)
    r = 0
    while True:
        t0 = time.perf_counter()
        local_edges = 0
        if local:
            # ---- d = d min.+ A_rr* from f_r: the part's own edges to a fixed point; f_r
            # becomes every vertex that dropped, whose edges out of the part remain
            frontier, local_edges = step.propagate(part.indptr, part.indices,
                                                   part.weights, frontier, d, parent,
                                                   part.lo, hops, mark, r, queue, inq)
        # ---- t_r = f_r min.+ A_r : candidates along the frontier's out-edges, by owner
        words, send, edges = step.expand(part.indptr, part.indices, part.weights,
                                         frontier, d, part.lo, hops, part.bounds)
        edges += local_edges
        # ---- to the owners; d ⊕= t (the least value, ties: the least parent)
        words = _exchange(comm, send, words)
        wcount = step.settle(words, part.lo, d, parent, stamp, r, waiting, wlist, wcount)
        r += 1
        # ---- f = waiting⟨d < split⟩
        frontier, wcount, low = step.select(wlist, wcount, waiting, d, split)
        mine[:] = frontier.size, wcount, edges
        comm.Allreduce(mine, sizes, op=MPI.SUM)
        trace.append((int(sizes[0]), int(sizes[2]), time.perf_counter() - t0))
        if sizes[0] + sizes[1] == 0:
            return d, parent
        if sizes[0] == 0:                            # the bucket is empty: the next one
            split = bucket_end(comm.allreduce(low, op=MPI.MIN), delta)
            frontier, wcount, low = step.select(wlist, wcount, waiting, d, split)


def _dijkstra(part: Part, comm, source: int, trace: list):
    """Papers/003's distributed Dijkstra: a global minimum a step (MINLOC), its row
    relaxed by its owner and broadcast."""
    from mpi4py import MPI

    k = part.hi - part.lo
    d = np.full(k, np.inf)
    parent = np.full(k, -1, np.int64)
    done = np.zeros(k, bool)
    if part.lo <= source < part.hi:
        d[source - part.lo] = 0.0
        parent[source - part.lo] = source
    while True:
        t0 = time.perf_counter()
        open_ = np.where(done, np.inf, d)
        i = int(np.argmin(open_)) if k else -1
        mine = (float(open_[i]), part.lo + i) if k and np.isfinite(open_[i]) else (np.inf, -1)
        best, u = comm.allreduce(mine, op=MPI.MINLOC)
        if not np.isfinite(best):
            return d, parent
        owner = int(step.owner(part.bounds, u))
        row = None
        if comm.Get_rank() == owner:
            done[u - part.lo] = True
            a, b = part.indptr[u - part.lo], part.indptr[u - part.lo + 1]
            row = (part.indices[a:b], best + part.weights[a:b])
        v, val = comm.bcast(row, root=owner)
        mine_v = (v >= part.lo) & (v < part.hi)
        lv, lval = v[mine_v] - part.lo, val[mine_v]
        better = lval < d[lv]
        d[lv[better]], parent[lv[better]] = lval[better], u
        trace.append((1, int(v.size), time.perf_counter() - t0))


def _gather(part: Part, comm, *local):
    """The full arrays on rank 0 (``None`` elsewhere)."""
    out = []
    for arr in local:
        pieces = comm.gather(arr, root=0)
        out.append(np.concatenate(pieces) if pieces is not None else None)
    return out


def _check_source(part: Part, comm, source: int) -> int:
    """``source`` checked, in the partition's numbering."""
    source = vertex(source, part.n)
    if not part.reordered:
        return source
    return comm.bcast(int(np.flatnonzero(part.perm == source)[0])
                      if part.perm is not None else None, root=0)


def _in_file_ids(part: Part, values, parents):
    """Rank 0's gathered results back in the file's numbering."""
    if values is None or part.perm is None:
        return values, parents
    perm = part.perm
    v, p = np.empty_like(values), np.empty_like(parents)
    v[perm] = values
    p[perm] = np.where(parents >= 0, perm[np.maximum(parents, 0)], parents)
    return v, p


def _default_delta(part: Part, comm) -> float:
    """``c · w̄ / d̄`` over the whole graph (``algorithms/sssp.py``'s default)."""
    from mpi4py import MPI

    m, total = comm.allreduce(np.array([part.weights.size, part.weights.sum()]), op=MPI.SUM)
    if not m or total <= 0:
        return 1.0
    return max(DELTA_STEPPING_C * (total / m) / (m / max(part.n, 1)), 1e-12)


def sssp(G, source: int, comm=None, *, method: str = "workfront",
         delta: float | None = None, local: bool = False, trace: list | None = None):
    """Distances and parents from ``source`` (rank 0 gets ``(d, parents)``, the others
    ``(None, None)``).  ``method``: ``"workfront"`` or ``"delta-stepping"`` (partitioned
    rounds; ``delta`` defaults to ``8 · w̄ / d̄``), or ``"dijkstra"`` (papers/003's
    baseline).  ``local=True`` (workfront only): each round first takes the part's own
    edges to a fixed point, so exchanges follow the paths across parts, not the levels
    (a road graph: tens of rounds, not a thousand).  ``trace``: a list receiving
    ``(frontier, edges, seconds)`` a round."""
    from mpi4py import MPI

    comm = comm or MPI.COMM_WORLD
    part = G if isinstance(G, Part) else partition(G, comm)
    s = _check_source(part, comm, source)
    rec = [] if trace is None else trace
    if local and method != "workfront":
        raise ValueError(f"local=True is a workfront variant; method={method!r} has none")
    if method == "workfront":
        d, p = _rounds(part, comm, s, hops=False, trace=rec, local=local)
    elif method == "delta-stepping":
        if delta is not None and not delta > 0:
            raise ValueError(f"delta must be positive, got {delta!r}")
        d, p = _rounds(part, comm, s, hops=False, trace=rec,
                       delta=delta or _default_delta(part, comm))
    elif method == "dijkstra":
        d, p = _dijkstra(part, comm, s, rec)
    else:
        raise ValueError("method must be 'workfront', 'delta-stepping' or 'dijkstra', got "
                         f"{method!r}")
    return _in_file_ids(part, *_gather(part, comm, d, p))


def bfs(G, source: int, comm=None, *, local: bool = False, trace: list | None = None):
    """Hop levels (-1 unreachable) and parents from ``source`` (rank 0 gets them);
    ``local`` as for :func:`sssp` (hop counts corrected across parts, not level by
    level)."""
    from mpi4py import MPI

    comm = comm or MPI.COMM_WORLD
    part = G if isinstance(G, Part) else partition(G, comm)
    s = _check_source(part, comm, source)
    d, p = _rounds(part, comm, s, hops=True, trace=[] if trace is None else trace,
                   local=local)
    d, p = _in_file_ids(part, *_gather(part, comm, d, p))
    if d is None:
        return None, None
    return np.where(np.isinf(d), -1, d).astype(np.int64), p


def main(argv=None) -> int:
    from mpi4py import MPI

    from ..io import read

    ap = argparse.ArgumentParser(prog="python -m semiring_paths.distributed.mpi",
                                 description="Partitioned BFS / SSSP over MPI ranks.")
    ap.add_argument("what", choices=["bfs", "sssp"])
    ap.add_argument("graph")
    ap.add_argument("--source", type=int, default=0)
    ap.add_argument("--method", default="workfront",
                    choices=["workfront", "delta-stepping", "dijkstra"])
    ap.add_argument("--delta", type=float)
    ap.add_argument("--local", action="store_true",
                    help="each round takes a rank's own edges to a fixed point first "
                         "(bfs, workfront): far fewer rounds on a high-diameter graph")
    ap.add_argument("--order", choices=["file", "rcm"], default="file",
                    help="vertex numbering the ranges are cut from: the file's, or reverse "
                         "Cuthill-McKee (bands of the graph: fewer crossings on road "
                         "graphs); results are in the file's ids either way")
    ap.add_argument("-o", "--output", help=".npy file (rank 0 writes it)")
    a = ap.parse_args(argv)
    comm = MPI.COMM_WORLD
    G = read(a.graph) if comm.Get_rank() == 0 else None
    t0 = time.perf_counter()
    part = partition(G, comm, order=None if a.order == "file" else a.order)
    t1 = time.perf_counter()
    rounds: list = []
    if a.what == "bfs":
        values, parents = bfs(part, a.source, comm, local=a.local, trace=rounds)
    else:
        values, parents = sssp(part, a.source, comm, method=a.method, delta=a.delta,
                               local=a.local, trace=rounds)
    t2 = time.perf_counter()
    if comm.Get_rank() == 0:
        if a.output:
            np.save(a.output, values)
            np.save(a.output.removesuffix(".npy") + ".parents.npy", parents)
        reached = int((values >= 0).sum() if a.what == "bfs" else np.isfinite(values).sum())
        print(f"{a.what} from {a.source} on {comm.Get_size()} rank(s): {len(rounds)} rounds, "
              f"{reached:,} reached; scatter {t1 - t0:.3f} s, search {t2 - t1:.3f} s",
              file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
