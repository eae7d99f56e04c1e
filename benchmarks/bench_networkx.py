"""NetworkX alone vs NetworkX with ``backend="semiring_paths"``, and the peers.

For every function the backend implements: the time of NetworkX itself, of NetworkX
dispatching to semiring_paths with the conversion included (cache cleared before each
call) and excluded (a pre-converted backend graph), and of igraph, networkit and scipy
where they have the function.  Answers of the backend are checked equal to NetworkX's
before timing.  All-pairs functions (closeness, eccentricity, diameter, ...) run on the
small graphs only.  Prints a table, writes JSON.

    python benchmarks/bench_networkx.py
"""

from __future__ import annotations

import argparse
import sys
import time
import warnings
from pathlib import Path

import networkx as nx
import numpy as np
from scipy.sparse import csgraph

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import save, table

import semiring_paths as sp
from semiring_paths.locations import shared_dir
from semiring_paths.networkx import BackendInterface

warnings.filterwarnings("ignore")
nx.config.warnings_to_ignore.add("cache")
SHARED = shared_dir()


def to_nx(G: sp.Graph) -> nx.Graph:
    H = nx.DiGraph() if G.directed else nx.Graph()
    H.add_nodes_from(range(G.n_vertices))
    w = G.weights if G.weighted else np.ones(G.n_stored, np.int64)
    H.add_weighted_edges_from(zip(G.rows.tolist(), G.indices.tolist(), w.tolist()))
    return H


def timed(fn, repeat):
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        out = fn()
        if hasattr(out, "__next__"):
            out = list(out)
        best = min(best, time.perf_counter() - t0)
    return best, out


def peers(G: sp.Graph, H, s, t):
    """name -> callable per peer that has the function (same source / target)."""
    import igraph as ig
    import networkit as nk

    M = G.to_scipy(np.float64)
    n = G.n_vertices
    IG = ig.Graph(n=n, edges=list(zip(G.rows.tolist(), G.indices.tolist())),
                  directed=G.directed) if G.directed else ig.Graph(
        n=n, edges=[(a, b) for a, b in zip(G.rows.tolist(), G.indices.tolist()) if a < b])
    wts = (G.weights.tolist() if G.directed else
           [x for a, b, x in zip(G.rows.tolist(), G.indices.tolist(), (
               G.weights if G.weighted else np.ones(G.n_stored)).tolist()) if a < b]) \
        if G.weighted else None
    K = nk.graph.Graph(n, weighted=G.weighted, directed=G.directed)
    for a, b, x in zip(G.rows.tolist(), G.indices.tolist(), (
            G.weights if G.weighted else np.ones(G.n_stored)).tolist()):
        if G.directed or a < b:
            K.addEdge(a, b, float(x)) if G.weighted else K.addEdge(a, b)
    unweighted = {
        "igraph": lambda: IG.distances(source=s),
        "networkit": lambda: nk.distance.BFS(K, s).run(),
        "scipy": lambda: csgraph.shortest_path(M, unweighted=True, indices=s),
    }
    weighted = {
        "igraph": lambda: IG.distances(source=s, weights=wts),
        "networkit": lambda: nk.distance.Dijkstra(K, s).run(),
        "scipy": lambda: csgraph.dijkstra(M, indices=s),
    }
    return {
        "single_source_shortest_path_length": unweighted,
        "single_source_dijkstra_path_length": weighted,
        "bidirectional_shortest_path": {"igraph": lambda: IG.get_shortest_path(s, t)},
        "dijkstra_path_length": {"scipy": lambda: csgraph.dijkstra(M, indices=s)},
        "closeness_centrality": {"igraph": lambda: IG.closeness(),
                                 "networkit": lambda: nk.centrality.Closeness(
                                     K, False, nk.centrality.ClosenessVariant.GENERALIZED
                                 ).run()},
        "diameter": {"igraph": lambda: IG.diameter(directed=G.directed),
                     "networkit": lambda: nk.distance.Diameter(K).run()},
        "radius": {"igraph": lambda: IG.radius()},
        "eccentricity": {"igraph": lambda: IG.eccentricity()},
        "average_shortest_path_length": {"igraph": lambda: IG.average_path_length()},
        "all_pairs_shortest_path_length": {
            "scipy": lambda: csgraph.shortest_path(M, unweighted=True)},
    }


def calls(H, s, t, small: bool):
    c = {
        "single_source_shortest_path_length": lambda G: nx.single_source_shortest_path_length(G, s),
        "single_target_shortest_path_length": lambda G: nx.single_target_shortest_path_length(G, t),
        "single_source_shortest_path": lambda G: nx.single_source_shortest_path(G, s),
        "bidirectional_shortest_path": lambda G: nx.bidirectional_shortest_path(G, s, t),
        "shortest_path_length": lambda G: nx.shortest_path_length(G, s, weight="weight"),
        "single_source_dijkstra_path_length": lambda G: nx.single_source_dijkstra_path_length(G, s),
        "single_source_dijkstra": lambda G: nx.single_source_dijkstra(G, s),
        "dijkstra_path_length": lambda G: nx.dijkstra_path_length(G, s, t),
        "dijkstra_path": lambda G: nx.dijkstra_path(G, s, t),
        "multi_source_dijkstra_path_length":
            lambda G: nx.multi_source_dijkstra_path_length(G, {s, t}),
        "single_source_bellman_ford_path_length":
            lambda G: nx.single_source_bellman_ford_path_length(G, s),
        "bellman_ford_path_length": lambda G: nx.bellman_ford_path_length(G, s, t),
        "negative_edge_cycle": lambda G: nx.negative_edge_cycle(G),
        "bfs_layers": lambda G: nx.bfs_layers(G, s),
        "bfs_edges": lambda G: nx.bfs_edges(G, s),
        "bfs_predecessors": lambda G: nx.bfs_predecessors(G, s),
        "descendants_at_distance": lambda G: nx.descendants_at_distance(G, s, 3),
        "has_path": lambda G: nx.has_path(G, s, t),
    }
    if small:
        c.update({
            "all_pairs_shortest_path_length": lambda G: nx.all_pairs_shortest_path_length(G),
            "all_pairs_dijkstra_path_length": lambda G: nx.all_pairs_dijkstra_path_length(G),
            "closeness_centrality": lambda G: nx.closeness_centrality(G),
            "eccentricity": lambda G: nx.eccentricity(G),
            "diameter": lambda G: nx.diameter(G),
            "radius": lambda G: nx.radius(G),
            "average_shortest_path_length": lambda G: nx.average_shortest_path_length(G),
        })
    return c


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=3)
    a = ap.parse_args(argv)
    graphs = [("karate", sp.read("karate"), True),
              ("osm-monaco (largest component)", None, True),
              ("rome99", sp.read("rome99"), False)]
    if (SHARED / "social/ca-CondMat-cc1.mtx.gz").exists():
        graphs.append(("ca-CondMat-cc1", sp.read(SHARED / "social/ca-CondMat-cc1.mtx.gz"),
                       False))
    rows = []
    for name, G, small in graphs:
        if G is None:   # connected part, so eccentricity and friends are defined
            M = sp.read("osm-monaco")
            H0 = to_nx(M)
            cc = max(nx.connected_components(H0), key=len)
            H = nx.convert_node_labels_to_integers(H0.subgraph(cc).copy())
            G = sp.Graph.from_networkx(H)
        else:
            H = to_nx(G)
        s, t = 0, G.n_vertices - 1
        P = peers(G, H, s, t)
        B = BackendInterface.convert_from_nx(H)
        print(f"{name}: {G.n_vertices:,} vertices, {G.n_edges:,} edges", flush=True)
        for fn_name, call in calls(H, s, t, small).items():
            want = None
            try:
                t_nx, want = timed(lambda call=call, H=H: call(H), a.repeat)
            except nx.NetworkXException as e:
                t_nx, want = None, type(e)
            if want is not None and not isinstance(want, type):
                got = call(B)
                got = list(got) if hasattr(got, "__next__") else got
                assert got == want, f"{fn_name} differs from NetworkX on {name}"

            def conv_incl(call=call, H=H):
                return call(BackendInterface.convert_from_nx(H))   # conversion timed

            def conv_excl(call=call, B=B):
                return call(B)                                      # pre-converted graph

            try:
                t_in, _ = timed(conv_incl, a.repeat)
                t_ex, _ = timed(conv_excl, a.repeat)
            except nx.NetworkXException:
                t_in = t_ex = None
            row = {"graph": name, "function": fn_name,
                   "networkx_ms": None if t_nx is None else t_nx * 1e3,
                   "backend_incl_conv_ms": None if t_in is None else t_in * 1e3,
                   "backend_ms": None if t_ex is None else t_ex * 1e3}
            if t_nx and t_ex:
                row["speedup"] = t_nx / t_ex
                row["speedup_incl_conv"] = t_nx / t_in
            for peer, pf in P.get(fn_name, {}).items():
                row[f"{peer}_ms"] = timed(pf, a.repeat)[0] * 1e3
            rows.append(row)
    cols = [("graph", "s"), ("function", "s"), ("networkx_ms", ".2f"),
            ("backend_incl_conv_ms", ".2f"), ("backend_ms", ".2f"), ("speedup", ".2f"),
            ("speedup_incl_conv", ".2f"), ("igraph_ms", ".2f"), ("networkit_ms", ".2f"),
            ("scipy_ms", ".2f")]
    print(table(rows, cols))
    print(f"wrote {save('networkx', {'rows': rows})}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
