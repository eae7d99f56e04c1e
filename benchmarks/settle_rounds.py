"""Where a shared-pile round of the settle rules goes, on the device (``gpu/settle.cu``).

A probe for a design question rather than a product benchmark: on the 1000² grid Martín
and both Crausers run 10⁴ rounds of a few dozen vertices each in one block with the pile
in shared memory, and their time is rounds × the cost of a round. This compiles the rule
module with ``-DSETTLE_PROF`` (thread 0's clock cycles in each phase, summed over the
shared-pile rounds), runs each rule from each source once to warm up and once measured,
checks the distances against the CPU backend's, and prints a round's cycles by phase
(the round's top: the way back from the last barrier, an empty slot that times the
instrumentation's own cost, which each slot holds about as much of, and reading the
round's state; the select: its pass over the pile, Crauser's prefetch, the reductions,
then the wait at its barrier; the relaxation: the checks after its barrier, the group's
entry, then its first edge: its trip for the edge, its trip for the head's flag, row and
minout, its pile update, then the rest and the wait; the book; compaction spread over
the rounds) with the round's mean pile, selected vertices and edges. The instrumentation
itself costs thread 0 ~100 cycles a slot (the ``clock`` column: H200, 1000² grid, source
161983, Crauser / economic / Martín 100 / 105 / 110; loop 192 / 195 / 182, state 412 /
368 / 362 of 8 328 / 7 810 / 6 965 cycles a round), so a short slot is mostly that cost;
where other warps set the pace (at the barriers) it overlaps their work.

Prints a table, writes ``results/settle_rounds.json`` and a bar a rule and source of its
phases (``results/settle_rounds.png``).

    python benchmarks/settle_rounds.py [--side 1000] [--sources 2] [--rules crauser ...]
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).parent))

#: the phases of a round, in the order they run
PHASES = ("loop", "clock", "state", "pass", "prefetch", "reduce", "select_wait", "pre",
          "setup", "trip1", "trip2", "update", "relax", "relax_wait", "book", "book_wait",
          "compact")
#: ... and the per-round sums beside them (settle.cu's SP_* slots, by name)
SUMS = ("rounds", "top", "nsel", "edges", "sink")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--side", type=int, default=1000)
    ap.add_argument("--sources", type=int, default=2)
    ap.add_argument("--rules", nargs="+",
                    default=["crauser", "crauser-economic", "martin"])
    a = ap.parse_args(argv)
    os.environ["SEMIRING_PATHS_RULE_DEFS"] = (
        os.environ.get("SEMIRING_PATHS_RULE_DEFS", "") + " -DSETTLE_PROF").strip()
    import cupy as cp
    from common import RESULTS, giant_component_sources, pyplot, save, table

    import semiring_paths as sp
    from semiring_paths.backends import backend_for
    from semiring_paths.generators import grid
    from semiring_paths.gpu.device import cu_constants

    S = cu_constants("settle.cu")
    slot = {k: getattr(S, f"SP_{k.upper()}") for k in PHASES + SUMS}

    G = grid(a.side, a.side, seed=1, weights=(1, 64), device=True)
    be = backend_for(G, "gpu")
    clock = cp.cuda.Device().attributes["ClockRate"] * 1e3       # Hz
    rows = []
    for s in (int(x) for x in giant_component_sources(G, a.sources)):
        ref = sp.sssp(G, s, backend="cpu").distances
        for rule in a.rules:
            sp.sssp(G, s, strategy=rule, backend="gpu", as_cupy=True)       # compile, warm
            acc = cp.ndarray((S.SP_SLOTS,), cp.uint64, be._rules.get_global("settle_prof"))
            acc[:] = 0
            cp.cuda.Device().synchronize()
            t0 = time.perf_counter()
            r = sp.sssp(G, s, strategy=rule, backend="gpu", as_cupy=True)
            cp.cuda.Device().synchronize()
            ms = (time.perf_counter() - t0) * 1e3
            if not np.array_equal(cp.asnumpy(r.distances), ref):
                raise AssertionError(f"{rule} from {s}: distances differ from the CPU's")
            got = acc.get().astype(float)
            c = {k: got[i] for k, i in slot.items()}
            assert c["sink"] == 0, "a profiled load was out of range"
            n = max(c["rounds"], 1.0)
            row = {"rule": rule, "source": s, "ms": ms, "rounds": int(c["rounds"]),
                   "pile": c["top"] / n, "selected": c["nsel"] / n,
                   "edges": c["edges"] / n, **{p: c[p] / n for p in PHASES}}
            row["cycles"] = sum(row[p] for p in PHASES)
            row["us"] = row["cycles"] / clock * 1e6
            rows.append(row)
    print(f"{cp.cuda.runtime.getDeviceProperties(0)['name'].decode()}, "
          f"{a.side}² grid, weights 1..64, clock {clock / 1e6:.0f} MHz; cycles a round")
    print(table(rows, [("rule", "s"), ("source", "d"), ("ms", ".2f"), ("rounds", "d"),
                       ("pile", ".0f"), ("selected", ".1f"), ("edges", ".1f"),
                       *((p, ".0f") for p in PHASES), ("cycles", ".0f"), ("us", ".2f")]))
    print("saved", save("settle_rounds", {"side": a.side, "rows": rows}))
    plt = pyplot()
    if plt is not None:               # a round's cycles by phase, a bar a rule and source
        fig, ax = plt.subplots(figsize=(8, 1 + 0.35 * len(rows)))
        left = np.zeros(len(rows))
        for p in PHASES:
            w = np.array([r[p] for r in rows])
            ax.barh(range(len(rows)), w, left=left, label=p)
            left += w
        ax.set_yticks(range(len(rows)), [f"{r['rule']} {r['source']}" for r in rows])
        ax.invert_yaxis()
        ax.set_xlabel(f"cycles a round (thread 0, {clock / 1e6:.0f} MHz)")
        ax.legend(fontsize=7, ncols=5, loc="upper center", bbox_to_anchor=(0.5, -0.25))
        fig.tight_layout()
        fig.savefig(RESULTS / "settle_rounds.png", dpi=110)
        print("saved", RESULTS / "settle_rounds.png")
    return 0


if __name__ == "__main__":
    sys.exit(main())
