"""Where NetworkX releases differ in what a served function returns or raises: each
difference read once from the installed NetworkX's own code (a probe on a tiny graph, or
the helper a release added), so that every served function answers as the installed
release does — 3.6 on Python 3.11, 3.7 from Python 3.12 (``pip`` picks by interpreter).

3.7 (against 3.6): ``all_shortest_paths`` walks its predecessor lists without yielding a
path again after passing a predecessor already on the walk (NetworkX issue 8833: a zero
weight edge back to the source gave the path twice); Floyd–Warshall's first pass reads
``G._adj`` with a weight function (a missing weight is the int 1, not 1.0; a multigraph's
least parallel edge, the first of equals) and sets ``dist[u][u] = 0`` after u's row, so
that key comes after u's neighbours; ``eccentricity`` (so ``diameter``, ``radius``, …)
raises ``NetworkXPointlessConcept`` on the null graph; ``bfs_predecessors`` warns that it
is deprecated; ``barycenter`` is dispatched as ``centroid``."""

from __future__ import annotations

import functools
import re
import warnings

import networkx as nx


@functools.cache
def paths_yield_once() -> bool:
    """NetworkX's ``_build_paths_from_predecessors`` yields a path once per arrival at a
    source (3.7), not again after passing a predecessor already on the walk (≤ 3.6)."""
    from networkx.algorithms.shortest_paths.generic import _build_paths_from_predecessors

    walk = _build_paths_from_predecessors({0}, 2, {2: [1], 1: [0], 0: [1]})
    return len(list(walk)) == 1


@functools.cache
def floyd_warshall_by_adjacency() -> bool:
    """NetworkX's Floyd–Warshall starts from ``G._adj`` through a weight function, the
    diagonal set after each row (3.7: ``dense._init_pred_dist``), not from ``G.edges``
    after the diagonal (≤ 3.6)."""
    from networkx.algorithms.shortest_paths import dense

    return hasattr(dense, "_init_pred_dist")


@functools.cache
def null_eccentricity_error() -> tuple[type, str] | None:
    """What NetworkX's ``eccentricity`` raises on the null graph (3.7), or None (≤ 3.6:
    an empty dict, and ``diameter`` then fails in ``max``)."""
    try:
        nx.eccentricity.orig_func(nx.Graph())
    except nx.NetworkXException as e:
        return type(e), str(e)
    return None


def check_null_eccentricity(G) -> None:
    """Raise as the installed NetworkX's ``eccentricity`` does on the null graph."""
    if len(G) == 0 and (err := null_eccentricity_error()) is not None:
        raise err[0](err[1])


@functools.cache
def bfs_predecessors_warning() -> tuple[type, str] | None:
    """The warning NetworkX's ``bfs_predecessors`` gives as it starts (3.7: deprecated),
    or None."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        list(nx.bfs_predecessors.orig_func(nx.path_graph(2), 0))
    return (caught[0].category, str(caught[0].message)) if caught else None


def release() -> tuple[int, int]:
    """The installed NetworkX's major and minor version (``nx.__version__``: set before
    NetworkX, mid-import, loads this backend's info and so its registrations)."""
    major, minor = re.match(r"(\d+)\.(\d+)", nx.__version__).groups()
    return int(major), int(minor)


def barycenter_name() -> str:
    """The name NetworkX dispatches ``barycenter`` by (3.7: ``centroid``, its new name;
    read from the version: the registrations run before NetworkX has defined either)."""
    return "centroid" if release() >= (3, 7) else "barycenter"
