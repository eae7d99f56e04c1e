"""Shared benchmark helpers: reproducible sources, timing, output."""

from __future__ import annotations

import atexit
import json
import platform
import shutil
import statistics
import subprocess
import threading
import time
from pathlib import Path

import numpy as np
from scipy.sparse import csgraph

RESULTS = Path(__file__).parent / "results"


def giant_component_sources(G, k: int, seed: int = 27491095) -> np.ndarray:
    """``k`` distinct sources with out-edges, drawn reproducibly from the largest
    (weakly) connected component, as GAP picks its sources."""
    _, labels = csgraph.connected_components(G.to_scipy(), directed=True,
                                             connection="weak")
    big = np.bincount(labels).argmax()
    pool = np.nonzero((labels == big) & (G.out_degree > 0))[0]
    rng = np.random.default_rng(seed)
    return np.sort(rng.choice(pool, min(k, pool.size), replace=False))


#: ../shared/BENCHMARKS.md: each source's time is the best of this many calls, and a table
#: reports the median over sources of those
REPEAT = 3


def timed(fn, repeat: int = REPEAT, sync=None):
    """``(best seconds, last result)`` of ``repeat`` calls of ``fn``; ``sync`` (a device
    synchronisation) is called before each clock read."""
    best, out = float("inf"), None
    for _ in range(repeat):
        if sync:
            sync()
        t0 = time.perf_counter()
        out = fn()
        if sync:
            sync()
        best = min(best, time.perf_counter() - t0)
    return best, out


def median_over(run, sources, repeat: int = 1, sync=None):
    """``(median over sources of the best of repeat calls of run(s), last result)``:
    the timing of every per-source benchmark row."""
    times, out = [], None
    for s in sources:
        t, out = timed(lambda s=s: run(s), repeat, sync)
        times.append(t)
    return float(statistics.median(times)), out


def best_of(fn, repeat: int = REPEAT) -> float:
    """Minimum wall time of ``repeat`` calls."""
    return timed(fn, repeat)[0]


class ClockLog:
    """The GPU's SM clock, temperature and power sampled every ``ms`` by ``nvidia-smi``
    in the background while a benchmark runs, so that a row timed on a GPU that had not
    yet reached its clocks (a machine just started) shows it.  ``span(t0, t1)`` gives
    the median SM clock (MHz), the highest temperature (°C) and the median power (W)
    sampled between two ``time.perf_counter()`` readings; ``{}`` without ``nvidia-smi``.
    ``gpu``: the GPU as ``nvidia-smi --id`` takes it (its PCI bus id names the one CUDA
    calls device 0 whatever ``CUDA_VISIBLE_DEVICES`` holds).
    """

    FIELDS = ("clocks.sm", "clocks.max.sm", "temperature.gpu", "power.draw")

    def __init__(self, gpu: str = "0", ms: int = 50):
        self.samples: list[tuple[float, ...]] = []
        self.proc = None
        exe = shutil.which("nvidia-smi")
        if exe is None:
            return
        self.proc = subprocess.Popen(
            [exe, f"--id={gpu}", f"--query-gpu={','.join(self.FIELDS)}",
             "--format=csv,noheader,nounits", f"-lms={ms}"],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        threading.Thread(target=self._read, daemon=True).start()
        atexit.register(self.close)           # a benchmark that fails still stops it

    def _read(self) -> None:
        for line in self.proc.stdout:
            try:
                vals = [float(x) for x in line.split(",")]
            except ValueError:                # "[N/A]" and the like: a sample lost
                continue
            if len(vals) == len(self.FIELDS):
                self.samples.append((time.perf_counter(), *vals))

    def span(self, t0: float, t1: float) -> dict:
        got = [s for s in self.samples if t0 <= s[0] <= t1]
        if not got:
            return {}
        return {"sm_MHz": statistics.median(s[1] for s in got),
                "max_sm_MHz": got[0][2],
                "max_temp_C": max(s[3] for s in got),
                "power_W": statistics.median(s[4] for s in got)}

    def close(self) -> None:
        if self.proc is not None:
            self.proc.terminate()
            self.proc.wait()


def l2_flusher(mb: int = 512):
    """A call that empties the GPU's L2 of whatever a probe left there, by a pass that
    writes ``mb`` MB (several times any L2 so far: 60 MB on the H200)."""
    import cupy as cp

    buf = cp.zeros(mb << 18, cp.int32)
    return lambda: cp.add(buf, 1, out=buf)


def library_cuda() -> str:
    """The library's device headers (``gpu/atomics.cuh``, ``gpu/blocks.cuh``: its warp
    minimum, its atomic minimum of a double ≥ 0, ...), with 4-byte ids, as
    ``gpu/device.py`` prepends them to its modules: the GPU probes' kernels use these
    rather than copies of their own."""
    gpu = Path(__file__).resolve().parents[1] / "semiring_paths" / "gpu"
    return ("typedef int vid_t;\n" + (gpu / "atomics.cuh").read_text()
            + (gpu / "blocks.cuh").read_text())


def block_cycles(kernel, threads: int, params: tuple, out, rounds: int, repeat: int,
                 before=None, check=None, shared_mem: int = 0) -> float:
    """The GPU probes' clock: ``kernel`` launched as one block of ``threads``
    (``params``, then ``rounds`` and ``out`` as its last two arguments) ``repeat`` times,
    ``out[0]`` being thread 0's ``clock64`` cycles over all rounds; the median cycles a
    round.  ``before()`` runs before each launch (an L2 flush), ``check(out on the
    host)`` after each (it raises where the launch's answer is wrong); ``shared_mem``
    bytes of dynamic shared memory a launch (opted in on the kernel beforehand)."""
    import cupy as cp

    got = []
    for _ in range(repeat):
        if before is not None:
            before()
        kernel((1,), (threads,), (*params, np.int32(rounds), out), shared_mem=shared_mem)
        cp.cuda.runtime.deviceSynchronize()
        host = out.get()
        if check is not None:
            check(host)
        got.append(int(host[0]) / rounds)
    return float(statistics.median(got))


def pile_probe_args(ap, repeat: int) -> None:
    """The options the shared-pile probes (``select_floor.py``, ``warp_round_floor.py``)
    share: rounds a launch, launches, the pile's entries and those selected a round."""
    ap.add_argument("--rounds", type=int, default=4000)
    ap.add_argument("--repeat", type=int, default=repeat)
    ap.add_argument("--pile", type=int, default=1600)
    ap.add_argument("--select", type=int, default=64)


def pile_rounds_check(args, what: str):
    """A shared-pile probe's ``block_cycles`` check: its ``out`` holds, after the clock,
    the rounds that went wrong (a count selected, or a loaded value lost) and the final
    θ, which ``--select`` entries a round over ``--rounds`` + 1 selects make exact."""
    def check(host) -> None:
        bad, theta = int(host[1]), int(host[2])
        want = args.select * (args.rounds + 1) - 1
        if bad or theta != want:
            raise SystemExit(f"{what}: {bad} bad rounds, θ {theta} against {want}")
    return check


def save_pile_probe(args, rows: list[dict]) -> Path:
    """A shared-pile probe's rows and settings, with the device's name."""
    return save_gpu_probe(args.name, {"rows": rows, "rounds": args.rounds,
                                      "pile": args.pile, "select": args.select})


def save_gpu_probe(name: str, payload: dict) -> Path:
    """A GPU probe's results (``save``), with the device's name, L2 size and SM clock."""
    import cupy as cp

    dev = cp.cuda.runtime.getDeviceProperties(0)
    return save(name, {**payload, "device": dev["name"].decode(),
                       "l2_bytes": dev["l2CacheSize"], "clock_khz": dev["clockRate"]})


def save(name: str, payload: dict) -> Path:
    RESULTS.mkdir(exist_ok=True)
    payload = {"machine": platform.node(), "cpus": __import__("os").cpu_count(),
               "time": time.strftime("%Y-%m-%d %H:%M:%S"), **payload}
    p = RESULTS / f"{name}.json"
    p.write_text(json.dumps(payload, indent=1, default=float))
    return p


def pyplot():
    """matplotlib's pyplot drawing to files (Agg), or None with a line saying why: a
    machine without it (the device, where only the run's own packages are installed)
    still prints its table and writes its JSON."""
    try:
        import matplotlib
    except ImportError:
        print("no plot: matplotlib is not installed (pip install -e '.[bench]')")
        return None
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def plot_dots(name: str, panels: list[dict], xlabel: str, lines: tuple = (),
              log: bool = True) -> Path | None:
    """``RESULTS/name.png``: one panel a dict ``{"title", "rows": {label: [values]},
    "marks": {label: value}}`` (optional marks, such as targets, drawn as bars), a row of
    dots a label, the x axis shared (log unless ``log`` is False), with vertical
    reference ``lines`` ``(x, text)`` (1×, a target ratio).  Returns the path written."""
    plt = pyplot()
    if plt is None:
        return None
    height = sum(max(len(p["rows"]), 1) for p in panels)
    from matplotlib.ticker import FuncFormatter

    fig, axes = plt.subplots(len(panels), 1, squeeze=False, sharex=True,
                             figsize=(8, 1.2 + 0.28 * height + 0.6 * len(panels)),
                             gridspec_kw={"height_ratios": [max(len(p["rows"]), 1)
                                                            for p in panels]})
    for ax, p in zip(axes[:, 0], panels):
        labels = list(p["rows"])[::-1]                    # the first row on top
        for y, label in enumerate(labels):
            xs = [x for x in p["rows"][label] if x is not None and np.isfinite(x)]
            ax.plot(xs, [y] * len(xs), "o", ms=4, alpha=0.7, color="tab:blue")
            mark = p.get("marks", {}).get(label)
            if mark is not None:
                ax.plot([mark], [y], "|", ms=14, mew=2, color="tab:red")
        ax.set_yticks(range(len(labels)), labels, fontsize=8)
        ax.set_ylim(-0.7, len(labels) - 0.3)
        if log:
            ax.set_xscale("log")
            ax.xaxis.set_major_formatter(FuncFormatter(lambda x, _: f"{x:g}"))
            ax.xaxis.set_minor_formatter(FuncFormatter(
                lambda x, _: f"{x:g}" if f"{x:g}"[0] in "25" else ""))
            ax.tick_params(axis="x", which="minor", labelsize=7)
        for x, text in lines:
            ax.axvline(x, color="grey", lw=0.8, ls="--")
            ax.text(x, len(labels) - 0.35, f" {text}", fontsize=7, color="grey",
                    va="bottom")
        ax.set_title(p["title"], fontsize=9, loc="left")
        ax.grid(axis="x", alpha=0.3, which="both")
        ax.tick_params(axis="x", labelbottom=True)
    axes[-1, 0].set_xlabel(xlabel)
    fig.tight_layout()
    RESULTS.mkdir(exist_ok=True)
    out = RESULTS / f"{name}.png"
    fig.savefig(out, dpi=110)
    plt.close(fig)
    return out


def table(rows: list[dict], cols: list[tuple[str, str]]) -> str:
    """A plain text table: ``cols`` is a list of (key, format)."""
    head = [k for k, _ in cols]
    body = [[format(r[k], f) if r.get(k) is not None else "-" for k, f in cols] for r in rows]
    w = [max([len(h), *(len(b[i]) for b in body)]) for i, h in enumerate(head)]
    line = lambda xs: "  ".join(x.rjust(wi) for x, wi in zip(xs, w))
    return "\n".join([line(head), line(["-" * wi for wi in w]), *map(line, body)])


def generated_graphs(kron_scale: int, grid_side: int, weights: tuple[int, int]):
    """The two generated test cases, built lazily: a Graph500 Kronecker graph and a
    ``grid_side``² 4-neighbour grid, both with integer weights in ``weights``; yields
    ``(graph, build seconds)``."""
    import time

    from semiring_paths.generators import grid, kronecker

    for make in (lambda: kronecker(kron_scale, seed=1, weights=weights),
                 lambda: grid(grid_side, grid_side, seed=1, weights=weights)):
        t0 = time.perf_counter()
        G = make()
        yield G, time.perf_counter() - t0
