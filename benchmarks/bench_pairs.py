"""A NetworkX user's loop over point-to-point queries: plain, and under the priority list.

``for s, t in pairs: nx.dijkstra_path(G, s, t)`` (and ``bidirectional_dijkstra``,
``shortest_path`` by hops, ``has_path``) over ``--pairs`` random pairs (fixed seed) of
each graph, on a fresh copy a side, in one process with the compiled loops loaded first
(a loop run under the priority list on another copy, reported as ``first_loop``).  Under
``backend_priority`` the queries run over NetworkX's dicts until their time adds up to
what a conversion would take (``semiring_paths.networkx.registry.CONVERT_NS``: rent or
buy), then on the engine's graph.  Every answer is checked equal to plain NetworkX's
(paths, lengths, ``NetworkXNoPath``) before the times count.  Prints a table (totals,
the slowest call of each side, whether the graph was converted), writes JSON and a plot
of the speed-ups (``results/<name>.png``).

    python benchmarks/bench_pairs.py [--pairs 20] [--only GRAPH ...] [--name pairs]
"""

from __future__ import annotations

import argparse
import gc
import random
import time
import warnings

import networkx as nx
import numpy as np
from bench_dispatch import plot_speedups, to_nx
from common import save, table

import semiring_paths as sp
from semiring_paths.locations import shared_dir
from semiring_paths.networkx import registry

warnings.filterwarnings("ignore")
nx.config.warnings_to_ignore.add("cache")

GRAPHS = ("4elt", "osm-malta", "luxembourg_osm", "cit-HepTh", "wiki-Vote")
#: the queries, and whether each takes the graph's weight
QUERIES = {"dijkstra_path": True, "bidirectional_dijkstra": True, "shortest_path": False,
           "has_path": False}


def loop(G: nx.Graph, fn, pairs: list, kw: dict, priority: list) -> tuple[list, np.ndarray]:
    """Each pair's answer (None: no path) and time, ms."""
    out, ms = [], []
    nx.config.backend_priority = priority
    try:
        for s, t in pairs:
            gc.collect()
            t0 = time.perf_counter()
            try:
                got = fn(G, s, t, **kw)
            except nx.NetworkXNoPath:
                got = None
            ms.append((time.perf_counter() - t0) * 1e3)
            out.append(got)
    finally:
        nx.config.backend_priority = []
    return out, np.array(ms)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--pairs", type=int, default=20)
    ap.add_argument("--only", nargs="*", default=list(GRAPHS))
    ap.add_argument("--name", default="pairs")
    a = ap.parse_args(argv)
    rows = []
    for gname in a.only:
        G = sp.read(next(shared_dir().glob(f"*/{gname}.mtx.gz")))
        w = "weight" if G.weighted else None
        rng = random.Random(3)
        nodes = list(range(G.n_vertices))
        pairs = [(rng.choice(nodes), rng.choice(nodes)) for _ in range(a.pairs)]
        for name, weighted in QUERIES.items():
            fn, kw = getattr(nx, name), ({"weight": w} if weighted else {})
            _, first = loop(to_nx(G), fn, pairs, kw, ["semiring_paths"])   # loads loops
            want, plain = loop(to_nx(G), fn, pairs, kw, [])
            H = to_nx(G)
            got, ours = loop(H, fn, pairs, kw, ["semiring_paths"])
            assert got == want, f"{name} on {gname} differs"
            rows.append({"graph": gname, "function": name, "pairs": a.pairs,
                         "networkx_ms": plain.sum(), "priority_ms": ours.sum(),
                         "x": plain.sum() / ours.sum(), "slowest_ms": ours.max(),
                         "networkx_slowest_ms": plain.max(), "first_loop_ms": first.sum(),
                         "converted": registry.converted(H, kw.get("weight"))})
            r = rows[-1]
            print(f"{gname:15s} {name:24s} networkx {r['networkx_ms']:8.1f} ms  priority "
                  f"{r['priority_ms']:8.1f} ms  {r['x']:5.2f}x  slowest {r['slowest_ms']:6.1f}"
                  f" (networkx {r['networkx_slowest_ms']:6.1f})  converted {r['converted']}",
                  flush=True)
    print(table(rows, [("graph", ""), ("function", ""), ("networkx_ms", ".1f"),
                       ("priority_ms", ".1f"), ("x", ".2f"), ("slowest_ms", ".1f"),
                       ("networkx_slowest_ms", ".1f"), ("first_loop_ms", ".1f"),
                       ("converted", "")]))
    print("wrote", save(a.name, {"rows": rows}))
    plot_speedups(a.name, rows, [(f"a loop over {a.pairs} random pairs under "
                                  "backend_priority, a dot a graph", lambda r: r["x"])])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
