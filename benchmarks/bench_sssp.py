"""Every SSSP strategy on generated graphs next to scipy's dijkstra, same sources.

Graphs: a Graph500 Kronecker graph (``--kron-scale``, integer weights 1..255) and a
``--grid`` × ``--grid`` 4-neighbour grid with random weights 1..255 (high diameter).
Each strategy's answer is verified against scipy (values equal, tree checked) on every
source before it is timed.  A strategy whose first source runs past ``--budget`` seconds
is stopped and reported as such (not silently dropped); the others run on all sources.
Prints a table (median ms, ratio to scipy, the first source's ms — which includes building
what the strategy caches on the graph —, rounds, edges relaxed relative to Dijkstra's)
and writes JSON and a plot of frontier / far-pile sizes (papers/002 Fig. 4 style).

    python benchmarks/bench_sssp.py --kron-scale 20 --grid 1000
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np
from scipy.sparse import csgraph

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import generated_graphs, giant_component_sources, save, table, timed

import semiring_paths as sp
from semiring_paths.algorithms import names
from semiring_paths.results import Trace
from semiring_paths.verify import verify_sssp


class OverBudget(Exception):
    pass


_deadline = [float("inf")]
_add = Trace.add


def _add_with_deadline(self, **kw):
    _add(self, **kw)
    if time.perf_counter() > _deadline[0]:
        raise OverBudget


Trace.add = _add_with_deadline   # the benchmark's own stopwatch; the library is unchanged


def bench(G, k: int, budget: float, strategies: list[str]) -> tuple[list[dict], dict]:
    sources = [int(s) for s in giant_component_sources(G, k)]
    M = G.to_scipy(np.float64)
    ref, t_ref = {}, []
    for s in sources:
        t, ref[s] = timed(lambda s=s: csgraph.dijkstra(M, indices=s))
        t_ref.append(t)
    base = float(np.median(t_ref))
    rows = [{"graph": G.name, "strategy": "scipy dijkstra", "median_ms": base * 1e3,
             "vs_scipy": 1.0}]
    traces = {}
    sp.sssp(G, sources[0], strategy="workfront")           # build matrices once
    for st in strategies:
        times, summ, first = [], [], None
        try:
            for s in sources:
                _deadline[0] = time.perf_counter() + budget
                if first is None:                 # the first call on the graph, alone
                    first, _ = timed(lambda s=s, st=st: sp.sssp(G, s, strategy=st), 1)
                t, r = timed(lambda s=s, st=st: sp.sssp(G, s, strategy=st))
                times.append(t)
                _deadline[0] = float("inf")
                verify_sssp(G, s, r.distances, r.predecessors, expected=ref[s])
                summ.append(r.trace.summary())
                traces.setdefault(st, r.trace)
        except OverBudget:
            _deadline[0] = float("inf")
            rows.append({"graph": G.name, "strategy": st,
                         "note": f"stopped: over {budget:g} s on source {s}"})
            print(f"  {st}: over the {budget:g} s budget, stopped", flush=True)
            continue
        t = float(np.median(times))
        rows.append({"graph": G.name, "strategy": st if st != "auto"
                     else f"auto ({summ[0]['strategy']})", "median_ms": t * 1e3,
                     "vs_scipy": base / t, "first_ms": first * 1e3,
                     "rounds": float(np.median([x["iterations"] for x in summ])),
                     "work_vs_dijkstra": float(np.median([x["work_vs_dijkstra"]
                                                          for x in summ]))})
        print(f"  {rows[-1]['strategy']}: {t * 1e3:.1f} ms ({base / t:.2f}x scipy)",
              flush=True)
    return rows, traces


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--kron-scale", type=int, default=20)
    ap.add_argument("--grid", type=int, default=1000)
    ap.add_argument("--sources", type=int, default=4)
    ap.add_argument("--budget", type=float, default=20.0,
                    help="seconds one source may take (its best of 3 calls) before a "
                         "strategy is stopped")
    ap.add_argument("--strategies", default=",".join(names("sssp")))
    ap.add_argument("--plot", action="store_true")
    a = ap.parse_args(argv)
    strategies = a.strategies.split(",")
    all_rows, all_traces = [], {}
    for G, built in generated_graphs(a.kron_scale, a.grid, (1, 255)):
        print(f"{G.name}: {G.n_vertices:,} vertices, {G.n_edges:,} edges "
              f"(built in {built:.1f} s)", flush=True)
        rows, traces = bench(G, a.sources, a.budget, strategies)
        all_rows += rows
        all_traces[G.name] = {k: v.as_dict() for k, v in traces.items()}
        if a.plot and traces:
            import matplotlib
            matplotlib.use("Agg")
            import matplotlib.pyplot as plt

            shown = [s for s in ("workfront", "light-first", "near-far", "delta-stepping")
                     if s in traces]
            fig, axes = plt.subplots(1, len(shown), figsize=(5 * len(shown), 3.5))
            for ax, st in zip(np.atleast_1d(axes), shown):
                traces[st].plot(ax=ax)
            fig.tight_layout()
            from common import RESULTS

            RESULTS.mkdir(exist_ok=True)
            fig.savefig(RESULTS / f"sssp_{G.name}.png", dpi=110)
    print(table(all_rows, [("graph", "s"), ("strategy", "s"), ("median_ms", ".1f"),
                           ("vs_scipy", ".2f"), ("first_ms", ".0f"), ("rounds", ".0f"),
                           ("work_vs_dijkstra", ".2f"), ("note", "s")]))
    print(f"wrote {save('sssp', {'rows': all_rows, 'traces': all_traces})}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
