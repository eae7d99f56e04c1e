"""Results of path computations: values, a tree to read paths from, and the run's trace.

A result carries its trace: per iteration the frontier size, the edges relaxed (the sum of
the out-degrees of the frontier), the direction or phase, and the time; notebooks plot it
and benchmarks report it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from typing import Any

import numpy as np

from .ids import vertex

__all__ = ["BFSResult", "PathResult", "Step", "Trace", "array_module",
           "levels_to_distances"]


def array_module(a: Any):
    """NumPy for a host array, CuPy for a device one (results stay where they are made:
    ``as_cupy``)."""
    return np if isinstance(a, np.ndarray) else __import__("cupy")


def levels_to_distances(levels, c: float = 1.0):
    """Hop levels (``-1`` unreachable) as min_plus distances: ``c · level``, ``inf`` where
    unreachable; NumPy or CuPy, as ``levels`` is."""
    xp = array_module(levels)
    return xp.where(levels >= 0, levels * float(c), xp.inf)


@dataclass
class Step:
    """One relaxation step: ``t⟨m⟩ = f ⊕.⊗ A`` and its bookkeeping."""

    iteration: int
    frontier: int          # entries of the frontier f going in
    edges: int             # edges relaxed: Σ out-degree over f; -1 where not counted
    #                        (a pull step stops at the first parent it finds)
    seconds: float         # wall time of the step
    direction: str = "push"  # "push" (f ⊕.⊗ A) or "pull" (Aᵀ ⊕.⊗ f)
    changed: int = -1      # entries that improved (new frontier size)
    settled: int = -1      # vertices settled so far (settle strategies, delta-stepping)
    pending: int = -1      # far pile / open-set size after the step
    delta: float = float("nan")   # the threshold of the step (Δᵢ, split, bucket bound)


@dataclass
class Trace:
    """The record of a run: its steps and what produced them."""

    algorithm: str
    strategy: str
    backend: str
    n_vertices: int
    n_edges: int
    _steps: list[Step] = field(default_factory=list, repr=False)
    _batches: list[tuple] = field(default_factory=list, repr=False)   # see add_many
    setup_seconds: float = 0.0
    total_seconds: float = 0.0
    #: how to count the edges out of the reached vertices (what Dijkstra relaxes): set
    #: by sssp, evaluated on first use of :attr:`reached_edges` (a pass over the result)
    reached_fn: Callable[[], int] | None = field(default=None, repr=False)
    _reached: int = field(default=-1, repr=False)

    @property
    def reached_edges(self) -> int:
        """Edges out of the reached vertices (-1 where unknown)."""
        if self._reached < 0 and self.reached_fn is not None:
            self._reached, self.reached_fn = int(self.reached_fn()), None
        return self._reached

    @reached_edges.setter
    def reached_edges(self, value: int) -> None:
        self._reached, self.reached_fn = int(value), None

    @property
    def steps(self) -> list[Step]:
        """The steps in order (batches of :meth:`add_many` become ``Step`` records here,
        on first read)."""
        for k, kw in self._batches:
            cols = {f: (np.asarray(v).tolist() if np.ndim(v) else [v] * k)
                    for f, v in kw.items()}
            first = len(self._steps) + 1
            self._steps += [Step(iteration=first + i, **dict(zip(cols, row)))
                            for i, row in enumerate(zip(*cols.values()))]
        self._batches.clear()
        return self._steps

    def add(self, **kw: Any) -> None:
        self.steps.append(Step(iteration=len(self.steps) + 1, **kw))

    def add_many(self, **columns: Any) -> None:
        """Append one step per element of the array-valued ``columns`` (scalars repeat):
        a device tail reports thousands of levels at once, and building their records one
        by one (about a microsecond each) would sit inside the timed call."""
        k = max((np.size(v) for v in columns.values() if np.ndim(v)), default=0)
        if k:
            self._batches.append((k, columns))

    def __len__(self) -> int:
        return self.iterations

    @property
    def iterations(self) -> int:
        return len(self._steps) + sum(k for k, _ in self._batches)

    @property
    def frontier_sizes(self) -> np.ndarray:
        return np.array([s.frontier for s in self.steps], dtype=np.int64)

    @property
    def edges_relaxed(self) -> int:
        """Edges relaxed over the counted steps (push and fixed-point steps)."""
        return int(sum(s.edges for s in self.steps if s.edges >= 0))

    def summary(self) -> dict[str, Any]:
        """Totals: iterations, edges relaxed (absolute and per stored edge), times."""
        m = max(self.n_edges, 1)
        return {
            "algorithm": self.algorithm,
            "strategy": self.strategy,
            "backend": self.backend,
            "iterations": self.iterations,
            "edges_relaxed": self.edges_relaxed,
            "edges_relaxed_per_edge": self.edges_relaxed / m,
            "work_vs_dijkstra": (self.edges_relaxed / self.reached_edges
                                 if self.reached_edges > 0 else float("nan")),
            "push_steps": sum(s.direction == "push" for s in self.steps),
            "pull_steps": sum(s.direction == "pull" for s in self.steps),
            "max_frontier": int(self.frontier_sizes.max(initial=0)),
            "setup_seconds": self.setup_seconds,
            "total_seconds": self.total_seconds,
        }

    def as_dict(self) -> dict[str, Any]:
        d = self.summary()
        d["steps"] = [asdict(s) for s in self.steps]
        return d

    def plot(self, ax=None):
        """Frontier size, far pile / open set (where the strategy has one) and edges
        relaxed per iteration, on a log scale, as papers/002's Figure 4 draws work queues
        (needs matplotlib)."""
        try:
            import matplotlib.pyplot as plt
        except ImportError as e:  # pragma: no cover
            raise ImportError("Trace.plot needs matplotlib: pip install matplotlib") from e
        if ax is None:
            _, ax = plt.subplots(figsize=(7, 3.5))
        it = [s.iteration for s in self.steps]
        style = {"marker": "." if len(it) <= 200 else None, "linewidth": 1 if len(it) <= 200
                 else 0.6}
        ax.plot(it, [s.frontier for s in self.steps], label="frontier", **style)
        # uncounted (BFS pull) steps break the line rather than being bridged; an SSSP
        # pull examines every stored edge and says so
        counted = all(s.edges >= 0 for s in self.steps)
        ax.plot(it, [s.edges if s.edges >= 0 else np.nan for s in self.steps],
                label="edges examined" if counted else "edges relaxed (push)", **style)
        if any(s.pending >= 0 for s in self.steps):
            ax.plot(it, [s.pending if s.pending >= 0 else np.nan for s in self.steps],
                    label="far pile / open set", **style)
        pulls = [s.iteration for s in self.steps if s.direction == "pull"]
        if 0 < len(pulls) < len(it):   # mark pulls only where the run mixes directions
            ax.scatter(pulls, [self.steps[i - 1].frontier for i in pulls], marker="s",
                       facecolors="none", edgecolors="k", label="pull step")
        ax.set_yscale("symlog")
        ax.set_xlabel("iteration (level or round)")
        ax.set_ylabel("vertices / edges (symlog)")
        ax.xaxis.get_major_locator().set_params(integer=True)
        ax.set_title(f"{self.algorithm} {self.strategy} ({self.backend})")
        ax.legend()
        return ax

    def __repr__(self) -> str:
        s = self.summary()
        return (f"<Trace {self.algorithm}/{self.strategy} on {self.backend}: "
                f"{s['iterations']} iterations, {s['edges_relaxed']:,} edges relaxed, "
                f"{s['total_seconds'] * 1e3:.2f} ms>")


class _TreeResult:
    """Shared by BFS and SSSP results: a source, a tree of predecessors (given, or
    computed on first use by ``tree_fn``), paths read from it, and the trace."""

    #: the search stopped at its targets or bound (``targets=``, ``cutoff=``,
    #: ``max_depth=``): vertices whose values were not yet final read as unreached
    stopped_early: bool = False

    def __init__(self, source: int, trace: Trace, tree: np.ndarray | None,
                 tree_fn: Callable[[], np.ndarray] | None = None):
        self.source = source
        self.trace = trace
        self._tree = tree
        self._tree_fn = tree_fn

    def _get_tree(self) -> np.ndarray:
        if self._tree is None:
            assert self._tree_fn is not None
            self._tree = self._tree_fn()
            self._tree.flags.writeable = False
        return self._tree

    def path_to(self, target: int) -> list[int]:
        """The vertices of a shortest path ``source .. target``; ``[]`` if unreachable.

        Examples
        --------
        >>> import semiring_paths as sp
        >>> G = sp.Graph.from_edges([0, 1, 0], [1, 2, 2], weights=[1, 1, 5])
        >>> sp.sssp(G, 0).path_to(2)
        [0, 1, 2]
        """
        tree = self._get_tree()
        t = vertex(target, tree.size, "target")
        if tree[t] < 0:
            return []
        path = [t]
        while t != self.source:
            t = int(tree[t])
            path.append(t)
            if len(path) > tree.size:  # pragma: no cover - a tree has no cycle
                raise RuntimeError("predecessor cycle: the result is corrupt")
        return path[::-1]


class BFSResult(_TreeResult):
    """Levels and parents of a breadth-first search.

    Attributes
    ----------
    levels : ndarray of int64
        Hop distance from the source; ``-1`` where unreachable.
    parents : ndarray of int64
        BFS-tree parent; ``-1`` where unreachable, ``parents[source] == source``.
    trace : Trace
    """

    def __init__(self, source: int, levels: np.ndarray, parents: np.ndarray, trace: Trace):
        super().__init__(source, trace, parents)
        self.levels = levels
        levels.flags.writeable = False

    @property
    def parents(self) -> np.ndarray:
        return self._get_tree()

    def __repr__(self) -> str:
        reached = int(np.count_nonzero(self.levels >= 0))
        return (f"<BFSResult source={self.source}: {reached:,} of {self.levels.size:,} "
                f"vertices reached, depth {int(self.levels.max(initial=0))}>")


class PathResult(_TreeResult):
    """Distances and predecessors of a single-source path computation.

    Attributes
    ----------
    distances : ndarray of float64
        Path values under the semiring; the semiring's ⊕ identity where unreachable
        (``inf`` for min_plus).  Integer weights' sums are exact up to 2⁵³; past it a
        ``RuntimeWarning`` says float64 rounded them.
    predecessors : ndarray of int64
        A shortest-path tree: ``-1`` for the source and unreachable vertices (the
        vertices ``scipy.sparse.csgraph`` marks ``-9999``).  Computed on first access,
        from the distances.
    semiring : Semiring
    trace : Trace
    """

    def __init__(self, source: int, distances: np.ndarray, trace: Trace, semiring,
                 predecessors: np.ndarray | None = None,
                 predecessors_fn: Callable[[], np.ndarray] | None = None):
        super().__init__(source, trace, predecessors, predecessors_fn)
        self.distances = distances
        distances.flags.writeable = False
        self.semiring = semiring

    @property
    def predecessors(self) -> np.ndarray:
        p = self._get_tree().copy()
        p[self.source] = -1
        return p

    def path_to(self, target: int) -> list[int]:
        if vertex(target, self._get_tree().size, "target") == self.source:
            return [self.source]
        return super().path_to(target)

    def __repr__(self) -> str:
        reached = int(np.count_nonzero(self.distances != self.semiring.zero))
        return (f"<PathResult source={self.source} ({self.semiring.name}): {reached:,} of "
                f"{self.distances.size:,} vertices reached>")
