"""The ``semiring-paths`` command: ``info``, ``bfs``, ``sssp``, ``path``, ``betweenness`` and
``convert``.

GRAPH is a file (.mtx, .mtx.gz, .gr, .el, .wel, .txt) or a bundled graph name
(karate, rome99, osm-monaco).  Vertex ids are 0-based (a Matrix Market or DIMACS file's
vertex 1 is vertex 0 here); with ``--relabel`` an edge list's first two columns name the
vertices, and S, T, ``--source`` and every vertex printed or written are those names.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from . import __version__, algorithms
from .betweenness import betweenness
from .exceptions import SemiringPathsError
from .io import FORMATS, detect_by_name, read, write
from .queries import METHODS, shortest_path
from .single_source import bfs, sssp


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="semiring-paths",
        description="Shortest paths as masked vector-matrix products over semirings.",
        epilog="GRAPH: a .mtx/.mtx.gz, .gr, .el, .wel, SNAP .txt or .spg file, a bundled "
               "graph name (karate, rome99, osm-monaco), or - for standard input (its "
               "format from --format or its content). Vertex ids are 0-based; with "
               "--relabel, vertices are the names in an edge list's first two columns.")
    p.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = p.add_subparsers(dest="command", required=True)

    def graph_args(sp: argparse.ArgumentParser) -> None:
        sp.add_argument("graph", metavar="GRAPH", help="graph file or bundled graph name")
        sp.add_argument("--format", choices=list(FORMATS),
                        help="file format (default: from the file name)")
        way = sp.add_mutually_exclusive_group()
        way.add_argument("--undirected", action="store_true",
                         help="treat every edge as undirected (default: as the file says)")
        way.add_argument("--directed", action="store_true",
                         help="treat every edge as one-way (a symmetric Matrix Market "
                              "file's or an undirected SNAP list's edges each way; "
                              "default: as the file says)")
        sp.add_argument("--relabel", action="store_true",
                        help="an edge list whose first two columns name the vertices "
                             "(words, or ids as sparse as a crawl's): vertices are those "
                             "names, in S, T, --source and in what is printed or written")

    i = sub.add_parser("info", help="print a summary of the graph")
    graph_args(i)

    c = sub.add_parser("convert", help="write the graph in another format (by the output "
                                       "name: .mtx, .el, .wel, .txt, .gr, .spg; .gz)")
    graph_args(c)
    c.add_argument("out", metavar="OUT", help="output file, or - for standard output "
                                              "(with --to)")
    c.add_argument("--to", choices=list(FORMATS), help="output format (default: from OUT)")

    c = sub.add_parser("path", help="one shortest path from S to T (a bidirectional "
                                    "search that stops when its two sides meet)")
    graph_args(c)
    c.add_argument("s", metavar="S", help="source vertex, 0-based (a name: --relabel)")
    c.add_argument("t", metavar="T", help="target vertex, 0-based (a name: --relabel)")
    c.add_argument("--hops", action="store_true",
                   help="count edges instead of adding weights")
    c.add_argument("--method", default="auto", choices=list(METHODS),
                   help="bidirectional, full (the single-source search from S), or "
                        "auto: bidirectional where it runs (default: auto)")
    c.add_argument("--backend", default="auto", choices=["auto", "cpu", "gpu"],
                   help="where to run (default: auto)")

    c = sub.add_parser("betweenness", help="betweenness centrality of every vertex "
                                           "(Brandes; exact, or from K sampled sources)")
    graph_args(c)
    c.add_argument("--sources", type=_count, metavar="K",
                   help="sample K sources (scaled up as NetworkX's k=; default: all)")
    c.add_argument("--seed", type=int, default=0, help="for --sources (default 0)")
    c.add_argument("--weighted", action="store_true",
                   help="add the edge weights (positive) instead of counting hops")
    c.add_argument("--raw", action="store_true",
                   help="unnormalized sums (default: divided by (n-1)(n-2))")
    c.add_argument("--endpoints", action="store_true",
                   help="count each path's two ends as on it")
    c.add_argument("--backend", default="auto", choices=["auto", "cpu", "gpu"],
                   help="where to run (default: auto)")
    c.add_argument("--output", "-o", metavar="FILE",
                   help="write every vertex's value (.npy, .npz, .csv, .txt/.tsv)")
    c.add_argument("--show", type=_count, default=10, metavar="K",
                   help="print the K most central vertices (default 10; 0: none)")

    for name, strategies in (("bfs", algorithms.names("bfs")),
                             ("sssp", algorithms.names("sssp"))):
        c = sub.add_parser(name, help=("hop levels and a BFS tree" if name == "bfs" else
                                       "shortest-path distances and a tree"))
        graph_args(c)
        c.add_argument("--source", "-s", required=True,
                       help="source vertex, 0-based (a name: --relabel)")
        c.add_argument("--strategy", default="auto", choices=strategies,
                       help="algorithm (default: auto)")
        c.add_argument("--backend", default="auto", choices=["auto", "cpu", "gpu"],
                       help="where to run: auto = the GPU when one is present and the "
                            "graph has 10^6 edges or more, else the CPU (default: auto)")
        c.add_argument("--direction", choices=["auto", "push", "pull"], default="auto",
                       help="push along out-edges, pull (each vertex scans its "
                            "in-edges), or auto: switch by the frontier's size; same "
                            "answers (default: auto)")
        c.add_argument("--output", "-o", metavar="FILE",
                       help="write every vertex's value, by the name: .npy (NumPy "
                            "array), .npz (array 'values'), .csv ('vertex,value' with a "
                            "header), .txt/.tsv or no extension ('vertex value' lines). "
                            "Unreached vertices are " + ("-1" if name == "bfs" else
                            "inf for min_plus, -inf for max_min and max_times (each "
                            "semiring's zero)") + ".")
        c.add_argument("--show", type=_count, default=10, metavar="K",
                       help="print the K nearest reached vertices (default 10; 0: none)")
        if name == "sssp":
            c.add_argument("--delta", type=float, metavar="D",
                           help="bucket / split width for delta-stepping and near-far "
                                "(default: mean weight x c / mean degree)")
            c.add_argument("--semiring", default="min_plus",
                           choices=["min_plus", "max_min", "max_times"],
                           help="min_plus: shortest; max_min: widest; max_times: most "
                                "reliable (default: min_plus)")
    return p


def _count(text: str) -> int:
    k = int(text)
    if k < 0:
        raise argparse.ArgumentTypeError(f"must be 0 or more, got {k}")
    return k


_OUTPUTS = (".npy", ".npz", ".csv", ".txt", ".tsv", "")


def _check_output(path: str) -> None:
    """The output path checked before the work: a known extension, an existing
    directory."""
    from pathlib import Path

    p = Path(path)
    if p.suffix.lower() not in _OUTPUTS:
        raise ValueError(f"--output {path}: unknown extension {p.suffix!r} (use "
                         ".npy, .npz, .csv, .txt or .tsv)")
    if p.is_dir():
        raise ValueError(f"--output {path} is a directory")
    if not p.parent.is_dir():
        raise ValueError(f"--output {path}: the directory {str(p.parent)!r} does not exist")


def _write(path: str, values: np.ndarray, names: list | None = None) -> None:
    """Every vertex's value (``names``: each vertex's name, for ``--relabel``: the first
    column of a text file, and the array ``names`` beside ``values`` in an ``.npz``)."""
    ext = path[path.rfind("."):].lower() if "." in path.rsplit("/", 1)[-1] else ""
    if ext == ".npy":
        np.save(path, values)
    elif ext == ".npz":
        np.savez(path, values=values, **({} if names is None else {"names": names}))
    else:
        sep = {".csv": ",", ".tsv": "\t"}.get(ext, " ")
        table = np.column_stack([np.arange(values.size), values]).astype(object)
        table[:, 0] = np.arange(values.size) if names is None else names
        np.savetxt(path, table, fmt="%s", delimiter=sep,
                   header="vertex,value" if ext == ".csv" else "", comments="")


def _vertex(G, token: str, relabel: bool, what: str) -> int:
    """S, T or --source as a vertex id: the integer given, or with ``--relabel`` the
    vertex of that name (an integer name where the names are integers)."""
    if not relabel:
        try:
            return int(token)
        except ValueError:
            raise ValueError(f"{what} must be a vertex id (an integer), got {token!r}; "
                             f"--relabel reads an edge list of names") from None
    try:
        key = int(token)
    except ValueError:
        key = token
    for k in dict.fromkeys((key, token)):
        try:
            return G.vertex_id(k)
        except SemiringPathsError:
            pass
    raise ValueError(f"no vertex is named {token!r} in {G.name or 'the graph'}")


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        if getattr(args, "output", None):
            _check_output(args.output)
        t0 = time.perf_counter()
        G = read(sys.stdin.buffer if args.graph == "-" else args.graph, format=args.format,
                 directed=True if args.directed else False if args.undirected else None,
                 relabel=args.relabel)
        name = (lambda v: G.labels[v]) if args.relabel else (lambda v: v)
        G.name = G.name or ("<stdin>" if args.graph == "-" else None)
        t_read = time.perf_counter() - t0
        if args.command == "info":
            print(G.info())
            return 0
        if args.command == "convert":
            out = sys.stdout.buffer if args.out == "-" else args.out
            if args.out == "-" and args.to is None:
                raise ValueError("writing to standard output (-) needs --to FORMAT")
            fmt = args.to or (None if args.out == "-" else detect_by_name(Path(args.out)))
            write(G, out, format=args.to,          # an edge list of names stays one
                  labels=args.relabel and fmt in ("snap", "el", "wel"))
            print(f"wrote {G.name}: {G.n_vertices:,} vertices, {G.n_edges:,} edges to "
                  f"{'standard output' if args.out == '-' else args.out} "
                  f"({time.perf_counter() - t0:.2f} s)",
                  file=sys.stderr if args.out == "-" else sys.stdout)
            return 0
        if args.command == "path":
            t1 = time.perf_counter()
            s, t = (_vertex(G, x, args.relabel, w) for x, w in ((args.s, "S"), (args.t, "T")))
            dist, path = shortest_path(G, s, t, method=args.method,
                                       backend=args.backend,
                                       weighted=False if args.hops else None)
            print(f"{G.name}: {G.n_vertices:,} vertices, {G.n_edges:,} edges, read in "
                  f"{t_read:.3f} s")
            if not path:
                print(f"no path from {args.s} to {args.t} "
                      f"({(time.perf_counter() - t1) * 1e3:.2f} ms)")
                return 1
            print(f"{'hops' if isinstance(dist, int) else 'distance'} {dist:g} from "
                  f"{args.s} to {args.t}, {len(path):,} vertices "
                  f"({(time.perf_counter() - t1) * 1e3:.2f} ms):")
            print(" -> ".join(str(name(v)) for v in path))
            return 0
        if args.command == "betweenness":
            return _betweenness(G, args, t_read, name)
        source = _vertex(G, args.source, args.relabel, "--source")
        if args.command == "bfs":
            r = bfs(G, source, args.direction, backend=args.backend,
                    strategy=None if args.strategy == "auto" else args.strategy)
            values, reached = r.levels, r.levels >= 0
            unit = "level"
        else:
            r = sssp(G, source, strategy=args.strategy, backend=args.backend,
                     semiring=args.semiring, delta=args.delta, direction=args.direction)
            values = r.distances
            reached = values != r.semiring.zero
            unit = "distance" if args.semiring == "min_plus" else "value"
    except BrokenPipeError:                  # a reader that stopped early: _entry's
        raise
    except (SemiringPathsError, ValueError, OSError) as e:
        print(f"semiring-paths: error: {e}", file=sys.stderr)
        return 2
    s = r.trace.summary()
    print(f"{G.name}: {G.n_vertices:,} vertices, {G.n_edges:,} edges "
          f"({'directed' if G.directed else 'undirected'}), read in {t_read:.3f} s")
    print(f"{args.command} from vertex {args.source}, strategy {s['strategy']}: "
          f"{int(reached.sum()):,} vertices reached in {s['iterations']} iterations, "
          f"{s['total_seconds'] * 1e3:.2f} ms")
    idx = np.nonzero(reached)[0]
    order = idx[np.argsort(values[idx], kind="stable")]
    if args.command == "sssp" and args.semiring != "min_plus":
        order = order[::-1]
    if args.show > 0 and idx.size:
        far = order[-1]
        print(f"  {'vertex':>8}  {unit:>12}  path")
        rows = order[: args.show].tolist()
        tail = len(rows) < idx.size            # the farthest row, unless shown already
        for v in rows + [int(far)] * tail:
            path = [name(u) for u in r.path_to(v)]
            shown = " -> ".join(map(str, path if len(path) <= 6 else
                                    [*path[:3], "...", *path[-2:]]))
            print(f"  {name(v)!s:>8}  {values[v]:>12g}  {shown}")
        print(f"  ({'last row: the farthest reached vertex; ' * tail}{len(idx):,} reached)")
    if args.output:
        _write(args.output, values, G.labels if args.relabel else None)
        print(f"wrote {values.size:,} values to {args.output}")
    return 0


def _betweenness(G, args, t_read: float, name) -> int:
    t1 = time.perf_counter()
    b = betweenness(G, args.sources or None, normalized=not args.raw,
                    endpoints=args.endpoints, weight=args.weighted or None,
                    seed=args.seed, backend=args.backend, progress=sys.stderr.isatty())
    took = time.perf_counter() - t1
    k = args.sources or G.n_vertices
    print(f"{G.name}: {G.n_vertices:,} vertices, {G.n_edges:,} edges "
          f"({'directed' if G.directed else 'undirected'}), read in {t_read:.3f} s")
    print(f"betweenness from {k:,} sources ({'weights' if args.weighted else 'hops'}): "
          f"{took:.2f} s")
    if args.show > 0:
        top = np.argsort(-b, kind="stable")[: args.show]
        print(f"  {'vertex':>8}  {'betweenness':>14}")
        for v in top.tolist():
            print(f"  {name(v)!s:>8}  {b[v]:>14.6g}")
    if args.output:
        _write(args.output, b, G.labels if args.relabel else None)
        print(f"wrote {b.size:,} values to {args.output}")
    return 0


def _entry() -> int:
    """Console entry point: ``main`` that also exits quietly into a closed pipe."""
    try:
        return main()
    except BrokenPipeError:
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(_entry())
