"""Input checks at the public boundary, in one place (DESIGN.md §3).

Every public function (single-source, multi-source, all-pairs, the reductions, the
NetworkX backend, the CLI) validates its arguments here and nowhere else; kernels
downstream trust what passes.  Each check raises an exception of
``semiring_paths.exceptions`` (or ``TypeError`` / ``ValueError`` for a wrong argument
type or name) whose message names the problem and what to do instead.
"""

from __future__ import annotations

import math
import warnings
from collections.abc import Iterable
from typing import Any

import numpy as np

from . import semirings as _semirings
from .algorithms import lookup, names
from .algorithms.registry import Strategy
from .backends import backend_for
from .backends.interface import Backend
from .exceptions import NegativeWeightError, SourceError
from .graph import FLOAT64_INTS, Graph
from .ids import host, is_int, out_of_range, scalar, vertex
from .results import array_module
from .semirings import Semiring

__all__ = ["backend", "delta", "direction", "graph", "integer", "nonnegative",
           "path_semiring", "sample", "source", "sources", "sssp_strategy"]

DIRECTIONS = ("push", "pull", "auto")


def graph(G: Any) -> Graph:
    """``G`` is a :class:`Graph`."""
    if not isinstance(G, Graph):
        raise TypeError(
            f"expected a semiring_paths.Graph, got {type(G).__name__}; build one with "
            "sp.read, sp.Graph.from_scipy, from_edges, from_networkx or from_graphblas")
    return G


def rounded(G: Graph, values: Any) -> None:
    """Warn where integer weights made a finite path value past 2⁵³, which the float64
    result holds only to its nearest double (checked only where the weights allow it)."""
    if not G.rounds_past_float64:
        return
    xp = array_module(values)
    v = xp.abs(values[xp.isfinite(values)])
    if v.size and float(v.max()) > FLOAT64_INTS:
        warnings.warn(f"integer weights add up to {float(v.max()):.6g} on some path, past "
                      "2**53: float64 distances round such values to the nearest double",
                      RuntimeWarning, stacklevel=3)


def integer(x: Any, name: str, minimum: int = 0) -> int:
    """``x`` as an ``int`` of at least ``minimum`` (not a bool, not a float): counts,
    depths, block sizes, byte limits."""
    if not is_int(x) or x < minimum:
        raise ValueError(f"{name} must be an int >= {minimum}, got {x!r}")
    return int(x)


def source(G: Graph, s: Any, what: str = "source") -> int:
    """A vertex id of ``G``, as ``int`` (a label instead is refused, its id named)."""
    s = scalar(s)
    if not is_int(s):
        _not_a_label(G, s, what)
    return vertex(s, G.n_vertices, what)


def _not_a_label(G: Graph, s: Any, what: str) -> None:
    """Raise for a label given where an id is wanted, naming the id it has."""
    try:
        i = G.vertex_id(s)
    except SourceError:
        return
    raise SourceError(f"{what} {s!r} is a vertex label; vertices are named by id here: "
                      f"G.vertex_id({s!r}) is {i}")


def sources(G: Graph, srcs: Iterable[int], what: str = "source") -> np.ndarray:
    """A 1-D int64 array of vertex ids of ``G`` (``what``: the role named in errors),
    from any iterable of them or an array on the host or a device."""
    srcs = host(srcs)
    if not isinstance(srcs, np.ndarray):
        try:
            srcs = list(srcs)                               # any iterable, once
        except TypeError:
            raise SourceError(f"{what}s must be a sequence of vertex ids, got "
                              f"{srcs!r}") from None
        if any(isinstance(x, (bool, np.bool_)) for x in srcs):   # [0, True] reads as [0, 1]
            raise SourceError(f"{what}s must be integer vertex ids, got a bool")
    src = np.asarray(srcs)
    if src.ndim != 1:
        raise SourceError(f"{what}s must be a 1-D sequence of vertex ids")
    if src.size and src.dtype.kind not in "iu":
        first = src[0].item() if isinstance(src[0], np.generic) else src[0]
        _not_a_label(G, first, what)
        raise SourceError(f"{what}s must be integer vertex ids, got {first!r} "
                          f"({type(first).__name__})")
    bad = src[(src < 0) | (src >= G.n_vertices)] if src.size else src
    if bad.size:
        raise out_of_range(what, int(bad[0]), G.n_vertices)
    return src.astype(np.int64)


def some(G: Graph, x: Any, what: str) -> np.ndarray:
    """One vertex id or a sequence of them as sorted, distinct int64 ids (targets,
    ``k_hop``'s sources)."""
    return np.unique(sources(G, np.atleast_1d(np.asarray(host(x))), what))


def sample(G: Graph, srcs: Any, seed: int | None) -> np.ndarray:
    """``None``: every vertex; an int ``k``: a reproducible sample of ``k``; else ids."""
    if isinstance(srcs, (float, np.floating)):
        raise SourceError(f"sources must be None, a count of sources to sample, or vertex "
                          f"ids; got {srcs!r}")
    if srcs is None:
        return np.arange(G.n_vertices)
    if is_int(srcs):
        if not 0 < srcs <= G.n_vertices:
            raise SourceError(f"cannot sample {srcs} sources from {G.n_vertices} vertices")
        return np.sort(np.random.default_rng(seed).choice(G.n_vertices, int(srcs),
                                                          replace=False))
    return sources(G, srcs)


def weight_view(G: Any, weight: Any) -> Graph:
    """The graph a reduction or centrality measures, as NetworkX chooses: ``weight`` None
    or False counts hops (the pattern of ``G``); True, or any attribute name NetworkX
    code would pass, adds ``G``'s weights.  The one home of that rule."""
    G = graph(G)
    if not (weight is None or isinstance(weight, (bool, str))):
        raise ValueError(f"weight must be None, True, False or a name, got {weight!r}")
    return G if weight not in (None, False) else G.unweighted


def backend(G: Graph, name: str, as_cupy: bool = False) -> Backend:
    """The backend ``name`` (``"cpu"``, ``"gpu"``, ``"auto"``) bound to ``G``; with
    ``as_cupy`` it must keep results on a device."""
    be = backend_for(G, name)
    if as_cupy and not be.device_results:
        raise ValueError(f"as_cupy=True needs backend='gpu' (the {be.name!r} backend "
                         "returns NumPy arrays)")
    return be


def direction(d: str) -> str:
    if d not in DIRECTIONS:
        raise ValueError(f"direction must be 'push', 'pull' or 'auto', got {d!r}")
    return d


def delta(x: Any) -> float | None:
    if x is not None and not (isinstance(x, (int, float, np.number))
                              and not isinstance(x, bool) and math.isfinite(x) and x > 0):
        raise ValueError(f"delta must be a finite number > 0, got {x!r}")
    return x


def path_semiring(semiring: str | Semiring) -> Semiring:
    """A semiring whose ⊕ selects a best value (what a single-source search needs)."""
    sr = _semirings.get(semiring)
    if not sr.idempotent or sr.improves is None:
        raise ValueError(
            f"sssp needs a semiring whose ⊕ selects a best value (min or max); "
            f"{sr.name!r} does not. Use min_plus, max_min or max_times")
    return sr


def _edge(G: Graph, k: int) -> str:
    return f"{int(G.rows[k])} -> {int(G.indices[k])}"


def nonnegative(G: Graph, sr: Semiring, who: str, instead: str) -> None:
    """Weights a Dijkstra-like search can take under ``sr``: non-negative for min_plus,
    probabilities in [0, 1] for max_times; ``who`` needs them, ``instead`` accepts others
    (both go into the message)."""
    if not G.weighted or not G.n_stored:
        return
    w = G.weights
    if sr.name == "min_plus" and G.has_negative_weights:
        k = int(np.argmin(w))
        raise NegativeWeightError(
            f"{who} needs non-negative weights, but edge {_edge(G, k)} weighs {w[k]}"
            + (f"; use {instead}, which accepts negative weights" if instead else ""))
    if sr.name == "max_times" and (w.min() < 0 or w.max() > 1):
        k = int(np.argmax((w < 0) | (w > 1)))
        raise NegativeWeightError(
            f"{who} with max_times needs weights in [0, 1] (probabilities), but edge "
            f"{_edge(G, k)} weighs {w[k]}")


def level_bound(G: Graph, targets: Any, max_depth: Any):
    """A BFS's stopping rule, or None when neither is given."""
    from .algorithms.bounds import LevelBound

    if targets is None and max_depth is None:
        return None
    if max_depth is not None:
        integer(max_depth, "max_depth")
    tg = None if targets is None else some(G, targets, "target")
    # no BFS has more than n - 1 levels: a deeper bound (a cutoff of 1e308 over unit
    # weights) is clamped to n, which bounds the same and fits the compiled loops' int64
    return LevelBound(tg, None if max_depth is None else min(int(max_depth), G.n_vertices))


def bound(G: Graph, sr: Semiring, targets: Any, cutoff: Any):
    """An SSSP's stopping rule, or None when neither is given; early stops need weights
    a settle strategy takes (non-negative for min_plus)."""
    from .algorithms.bounds import Bound

    if targets is None and cutoff is None:
        return None
    if cutoff is not None and (isinstance(cutoff, bool) or not isinstance(
            cutoff, (int, float, np.number)) or math.isnan(cutoff)):
        raise ValueError(f"cutoff must be a number, got {cutoff!r}")
    tg = None if targets is None else some(G, targets, "target")
    early = not (sr.name == "min_plus" and G.has_negative_weights) and not (
        sr.name == "max_times" and G.weighted and G.n_stored and G.weights.max() > 1)
    return Bound(sr, tg, None if cutoff is None else float(cutoff), early)


def positive(G: Graph, who: str) -> None:
    """Weights that count shortest paths: positive (a zero weight makes the count depend
    on the order of ties, and a zero-weight cycle makes it infinite)."""
    nonnegative(G, _semirings.min_plus, who, "")
    if G.weighted and G.n_stored and not (G.weights > 0).all():
        k = int(np.argmin(G.weights > 0))
        raise ValueError(
            f"{who} needs positive weights, but edge {_edge(G, k)} weighs {G.weights[k]} "
            "(with zero weights the number of shortest paths depends on the order of "
            "ties; a zero-weight cycle makes it infinite)")


def sssp_strategy(G: Graph, name: str, sr: Semiring, dlt: float | None, drn: str,
                  chosen: bool) -> tuple[Strategy, str]:
    """The strategy ``name`` and the direction it runs in, checked against the semiring,
    ``delta`` (``chosen``: the user named the strategy) and the graph's weights."""
    strat = lookup("sssp", name)
    if strat.semirings is not None and sr.name not in strat.semirings:
        raise ValueError(f"strategy {name!r} is defined for {', '.join(strat.semirings)}, "
                         f"not {sr.name}; use 'workfront' or 'bellman-ford'")
    if dlt is not None and not strat.uses_delta and chosen:
        takers = [k for k in names("sssp")[1:] if lookup("sssp", k).uses_delta]
        raise ValueError(f"strategy {name!r} takes no delta (only "
                         f"{', '.join(map(repr, takers))} do)")
    if drn == "auto" and "auto" not in strat.directions:
        drn = strat.directions[0]                    # the strategy's own (push)
    if drn not in strat.directions:
        raise ValueError(f"strategy {name!r} supports direction "
                         f"{' or '.join(map(repr, strat.directions))} only")
    if strat.nonnegative:
        nonnegative(G, sr, f"strategy {name!r}",
                    "strategy='bellman-ford' (or 'workfront')")
    elif sr.name == "max_times":                     # fixed points too: w > 1 diverges
        nonnegative(G, sr, f"strategy {name!r}", "")
    return strat, drn
