"""How many vertices a per-vertex state in shared memory would have to hold for the
settle rules' grid rounds: the room question behind ``gpu/settle.cu``'s trip 2.

A probe for a design question rather than a product benchmark, run on the CPU.  The
relaxation's second trip reads the head's flag (settled, piled with its slot, or
unreached) from global memory.  A settled bit for every vertex does not fit beside the
pile (``settle.cu``'s comment: 125 000 bytes on the 1000² grid).  Only some vertices can
be a relaxation's head, though, so a table of just those might fit.  With distances
``d`` and a search that has settled every vertex with ``d ≤ θ`` (as the settle rules
have at the end of a round), those are:

- the front: unsettled vertices with a settled neighbour (the pile; a vertex is in it
  for θ in [its least neighbour's d, its own d));
- the boundary: settled vertices with an unsettled neighbour, the only settled vertices
  a later relaxation can reach on an undirected graph (for θ in [d, its largest
  neighbour's d));
- the window: settled vertices with ``d > θ − max w``, the coarser set a table keyed
  by distance alone would keep (for θ in [d, d + max w)).

Each is counted at every integer θ of the search (weights are integers) by difference
arrays, from Dijkstra's distances (scipy), checked against ``semiring_paths.sssp`` for
every source; the counts are checked at 7 values of θ against the sets built directly.
A table of the front and the boundary at half load, 4-byte ids and a 4-byte state each,
takes 16 bytes a vertex held; the line prints it for the largest count.  Prints a
table, writes ``results/<name>.json`` and plots each set's size over θ for every source
(``results/<name>.png``).

    python benchmarks/settled_window.py [--side 1000] [--sources 4] [--name settled_window]

Measured (this 2-core machine, 2026-11-30, the 1000² grid, weights 1..64 drawn with seed
1 on the host, 4 sources; mean over θ / largest): front 977–1 217 / 1 972–2 157,
boundary 997–1 243 / 2 014–2 229, window 2 286–2 849 / 4 555–5 021; the front and the
boundary together at most 3 978–4 386, a table of 8 192 buckets (64 KB) at up to 54 %
load.  ``settle.cu``'s round hash table (4 096 buckets, 48 KB with 4-byte ids) is about
that size: a table of the front and the boundary in its place fits the grid, where a
bit a vertex (125 000 bytes) does not.  Built so (stop 73, ``settle.cu``'s list of
designs not kept), it was exact but more than twice as slow: its walks and shared
atomics cost more than the global trip they replace.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np
from scipy.sparse.csgraph import dijkstra

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import RESULTS, giant_component_sources, pyplot, save, table

import semiring_paths as sp
from semiring_paths.generators import grid


def spans(d: np.ndarray, A, max_w: int) -> dict[str, np.ndarray]:
    """Each set's size at every integer θ in [0, max d], by difference arrays."""
    dmax = int(d.max())
    coo = A.tocoo()
    lo = np.full(d.size, np.inf)
    np.minimum.at(lo, coo.row, d[coo.col])          # least neighbour's d
    hi = np.full(d.size, -np.inf)
    np.maximum.at(hi, coo.row, d[coo.col])          # largest neighbour's d
    di = d.astype(np.int64)

    def count(start: np.ndarray, stop: np.ndarray) -> np.ndarray:
        keep = stop > start
        c = np.zeros(dmax + 2, dtype=np.int64)
        np.add.at(c, np.clip(start[keep], 0, dmax + 1), 1)
        np.add.at(c, np.clip(stop[keep], 0, dmax + 1), -1)
        return np.cumsum(c)[: dmax + 1]

    return {"front": count(lo.astype(np.int64), di),
            "boundary": count(di, hi.astype(np.int64)),
            "window": count(di, di + max_w)}


def check_spans(d: np.ndarray, A, max_w: int, sizes: dict[str, np.ndarray]) -> None:
    """The verifier beside ``spans``: each set counted straight from its definition at a
    few θ (the settled set d ≤ θ, the front and boundary through the edges)."""
    coo = A.tocoo()
    for th in np.linspace(0, d.max(), 7).astype(np.int64):
        settled = d <= th
        cross = settled[coo.row] & ~settled[coo.col]          # settled u, unsettled v
        want = {"front": np.unique(coo.col[cross]).size,
                "boundary": np.unique(coo.row[cross]).size,
                "window": int(np.count_nonzero(settled & (d > th - max_w)))}
        for k, n in want.items():
            if sizes[k][th] != n:
                raise SystemExit(f"θ = {th}: {k} counted {sizes[k][th]}, directly {n}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--side", type=int, default=1000)
    ap.add_argument("--sources", type=int, default=4)
    ap.add_argument("--name", default="settled_window")
    a = ap.parse_args()
    max_w = 64
    G = grid(a.side, a.side, seed=1, weights=(1, max_w))
    A = G.to_scipy()
    rows, curves = [], []
    for s in giant_component_sources(G, a.sources):
        d = dijkstra(A, indices=int(s))
        mine = sp.sssp(G, int(s)).distances
        if not np.array_equal(np.asarray(mine, dtype=float), d):
            raise SystemExit(f"source {s}: scipy's and semiring_paths' distances differ")
        sizes = spans(d, A, max_w)
        check_spans(d, A, max_w, sizes)
        row = {"source": int(s), "max_d": float(d.max())}
        for k, c in sizes.items():
            row[f"{k}_mean"] = float(c.mean())
            row[f"{k}_max"] = int(c.max())
        held = sizes["front"] + sizes["boundary"]
        row["held_max"] = int(held.max())
        buckets = 1 << int(np.ceil(np.log2(2 * row["held_max"])))
        row["table_KB"] = buckets * 8 / 1024
        rows.append(row)
        curves.append((int(s), sizes))
    print(f"{a.side}² grid, weights 1..{max_w}; sizes over every integer θ (mean / max)")
    print(table(rows, [("source", "d"), ("max_d", ".0f"), ("front_mean", ".0f"),
                       ("front_max", "d"), ("boundary_mean", ".0f"), ("boundary_max", "d"),
                       ("window_mean", ".0f"), ("window_max", "d"), ("held_max", "d"),
                       ("table_KB", ".0f")]))
    print("wrote", save(a.name, {"side": a.side, "max_w": max_w, "rows": rows}))
    plt = pyplot()
    if plt is not None:               # each set's size over θ, a panel a source
        fig, axes = plt.subplots(1, len(curves), figsize=(3.2 * len(curves), 3),
                                 sharey=True, squeeze=False)
        for ax, (s, sizes) in zip(axes[0], curves):
            for k, c in sizes.items():
                ax.plot(c, label=k, lw=1)
            ax.set_title(f"source {s}", fontsize=9)
            ax.set_xlabel("θ")
        axes[0][0].set_ylabel("vertices")
        axes[0][0].legend(fontsize=7)
        fig.tight_layout()
        fig.savefig(RESULTS / f"{a.name}.png", dpi=110)
        print("wrote", RESULTS / f"{a.name}.png")


if __name__ == "__main__":
    main()
