"""What a served NetworkX call's allocations cost in a fragmented Python heap.

A probe for a question the dispatch bench left open (docs/networkx.md): a served call
whose answer is mostly new Python objects (``predecessor``: ints by ``tolist`` and
one-item lists) ran about twice as slow inside a full ``bench_dispatch.py`` run as in a
process of its own, with no page fault and no collection during the call.  This times
that call's allocations alone (27 838 ints by ``tolist``, 7 000 one-item lists; each
after ``gc.collect()``, median) in a process of its own for each heap:

* ``fresh``: nothing else allocated;
* ``held``: 2·10⁶ small objects alive, made in order (an int and a one-item list each);
* ``freed-half``: 4·10⁶ such objects made, shuffled, every other one freed, so that
  CPython's small-object pools hold free blocks scattered over ~300 MB;
* ``graphs-half``: 12 NetworkX graphs made (2·10⁴ nodes, 10⁵ edges each), every other
  one dropped: the bench's own history, graphs loaded and released in turn.

pymalloc hands out a pool's free blocks through a list threaded through the blocks
themselves, so in a heap of scattered holes each new object lands on a cold line.

Prints a table, writes ``results/heap_probe.json``.

    python benchmarks/heap_probe.py [--repeat 15]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

MODES = ("fresh", "held", "freed-half", "graphs-half")


def _probe_ms() -> float:
    """One run of the allocations: ``tolist`` of 27 838 int64 and 7 000 one-item lists."""
    import time

    import numpy as np
    a = np.arange(27_838, dtype=np.int64) * 7 + 100_000
    t = time.perf_counter()
    x = a.tolist()
    y = [[i] for i in range(7_000)]
    ms = (time.perf_counter() - t) * 1e3
    del x, y
    return ms


def _heap(mode: str) -> list:
    """What the process holds while it is probed."""
    import random
    if mode == "held":
        return [[i] for i in range(1_000_000)] + [i * 1_000_003 for i in range(1_000_000)]
    if mode == "freed-half":
        objs = [[i] for i in range(2_000_000)] + [i * 1_000_003 for i in range(2_000_000)]
        random.Random(1).shuffle(objs)
        return objs[::2]
    if mode == "graphs-half":
        import networkx as nx
        graphs = [nx.gnm_random_graph(20_000, 100_000, seed=k) for k in range(12)]
        return graphs[::2]
    return []


def _child(mode: str, repeat: int) -> None:
    import gc

    import numpy as np
    hold = _heap(mode)
    gc.collect()
    times = []
    for _ in range(repeat):
        gc.collect()
        times.append(_probe_ms())
    print(json.dumps({"mode": mode, "ms": float(np.median(times)), "held": len(hold),
                      "tracked": len(gc.get_objects())}))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=15)
    ap.add_argument("--child", choices=MODES, help=argparse.SUPPRESS)
    a = ap.parse_args(argv)
    if a.child:
        _child(a.child, a.repeat)
        return 0
    from common import save, table
    rows = []
    for mode in MODES:
        out = subprocess.run([sys.executable, __file__, "--child", mode, "--repeat",
                              str(a.repeat)], check=True, capture_output=True, text=True)
        rows.append(json.loads(out.stdout.strip().splitlines()[-1]))
    base = rows[0]["ms"]
    for r in rows:
        r["vs_fresh"] = r["ms"] / base
    print(table(rows, [("mode", ">12"), ("ms", ".3f"), ("vs_fresh", ".2f"),
                       ("tracked", "d")]))
    print(f"saved {save('heap_probe', {'repeat': a.repeat, 'rows': rows})}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
