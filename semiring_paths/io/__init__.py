"""Reading and writing graphs: Matrix Market, SNAP / GAP edge lists, DIMACS ``.gr`` and
the binary ``.spg``.

``read(path)`` detects the format from the name (``.mtx``, ``.gr``, ``.el``, ``.wel``,
``.txt``, ``.tsv``, ``.edges``, ``.spg``; a text format may end in ``.gz``), from the
magic bytes of a ``.spg``, or else from the first line.  Text is parsed at C speed
(``io/fast.py``); a file the fast path rejects goes to the checked reader
(``io/text.py``), which accepts what the format allows or names the file and the first
bad line.  ``write(G, path)`` and ``G.save(path)`` write (``io/write.py``,
``io/binary.py``).
"""

from __future__ import annotations

import os
import tempfile
import warnings
from pathlib import Path

from ..exceptions import GraphFormatError
from ..graph import Graph
from ..locations import bundled_path
from . import binary, fast, names, text
from .streams import as_path, is_stream, spill, stream_name, unmapped
from .write import write

__all__ = ["FORMATS", "read", "write"]

FORMATS = ("mtx", "snap", "el", "wel", "gr", "spg")
_BY_EXT = {"mtx": "mtx", "mm": "mtx", "gr": "gr", "el": "el", "wel": "wel",
           "txt": "snap", "tsv": "snap", "edges": "snap", "snap": "snap", "spg": "spg"}


def read(
    path: str | os.PathLike,
    *,
    format: str | None = None,
    directed: bool | None = None,
    n_vertices: int | None = None,
    verify: bool = True,
    relabel: bool = False,
) -> Graph:
    """Read a graph file.

    Parameters
    ----------
    path : str, bytes, path-like or an open file
        The file, optionally gzip-compressed (``.gz``).  The name of a bundled example
        graph (``"karate"``, ``"rome99"``, ``"osm-monaco"``) also works, as does an open
        file-like object (binary or text; ``io/streams.py``): its format from
        ``format=``, else its ``name``, else its content.
    format : {"mtx", "snap", "el", "wel", "gr", "spg"}, optional
        Override detection.  ``"mtx"`` is Matrix Market, ``coordinate`` (a stored
        entry is an edge, an explicit zero too) or ``array`` (dense, as
        ``scipy.io.mmwrite`` writes an ndarray: a zero is no edge), ``general``,
        ``symmetric`` or ``skew-symmetric`` (``A(j, i) = -A(i, j)``), as
        ``scipy.io.mmread`` reads it.  ``"snap"`` is a whitespace edge list with ``#`` comments,
        2 columns (unweighted) or 3 (weighted); ``"el"`` / ``"wel"`` are GAP's 0-based
        unweighted / weighted edge lists; ``"gr"`` is DIMACS shortest-path format;
        ``"spg"`` is this library's binary file (``G.save``).
    directed : bool, optional
        Override the direction the file implies (Matrix Market ``symmetric`` and SNAP
        headers saying "Undirected" are undirected; everything else directed).  ``True``
        on an undirected file keeps its adjacency: each edge becomes two arcs, one each
        way; ``False`` on a directed file makes each arc an undirected edge.
    n_vertices : int, optional
        Edge lists: the number of vertices (default: the largest id + 1); it also lets an
        edge list with no edges be read as an edgeless graph.  Other formats declare it;
        a different value is an error.
    verify : bool
        ``.spg`` only: check each array's CRC-32 (its structure is always checked).
    relabel : bool
        Edge lists only: the first two columns *name* vertices (integers or any
        tokens, "alice bob"), each distinct name one vertex, numbered ``0..n-1`` in
        order of first appearance (as NetworkX's ``read_edgelist`` orders its nodes)
        and kept in ``G.labels`` (``G.vertex_id(name)``).  Without it the ids are
        vertex ids: a list with ids up to 10⁹ is a graph of 10⁹ vertices, and reading
        one whose ids are that sparse warns (``io/names.py``).  A ``.spg`` file that
        keeps names (``G.save`` of such a graph) reads with them either way; with
        ``relabel=True`` one without names is an error.

    Returns
    -------
    Graph

    Raises
    ------
    GraphFormatError
        The file is missing, unreadable, malformed, empty, or declares a graph larger
        than the memory available; the message names the file and, where there is one,
        the line.

    Examples
    --------
    >>> import semiring_paths as sp
    >>> G = sp.read("karate")
    >>> G.n_vertices, G.n_edges, G.directed
    (34, 78, False)
    """
    if is_stream(path):
        return _read_stream(path, format, directed=directed, n_vertices=n_vertices,
                            verify=verify, relabel=relabel)
    p = as_path(path)
    if not p.exists():
        bp = bundled_path(str(p))
        if bp is None:
            raise GraphFormatError("no such file (and not a bundled graph name)", str(p))
        p = bp
    if p.is_dir():
        raise GraphFormatError("is a directory, not a graph file", str(p))
    if n_vertices is not None and int(n_vertices) < 0:
        raise ValueError(f"n_vertices must be >= 0, got {n_vertices}")
    fmt = format or ("spg" if binary.is_binary(p) else None) or _detect(p)
    if fmt not in FORMATS:
        raise ValueError(f"unknown format {fmt!r}; valid: {', '.join(FORMATS)}")
    if relabel and n_vertices is not None:
        raise ValueError("relabel=True: an edge list of vertex names sets the vertex "
                         "count itself; n_vertices cannot be given with it")
    if relabel and fmt not in ("snap", "el", "wel", "spg"):
        why = (f"relabel=True reads edge lists (snap, el, wel) of vertex names, or a "
               f".spg file that keeps them, not format {fmt!r}")
        if format is not None:
            raise ValueError(why)
        raise GraphFormatError(f"{why} (this file reads as {fmt!r})", str(p))
    if relabel and fmt != "spg":
        if p.stat().st_size == 0:
            raise GraphFormatError("empty file", str(p))
        G = names.read_named(p, None if directed else directed,
                             {"snap": None, "el": False, "wel": True}[fmt])
        G.name = _stem(p)
    elif fmt == "spg":
        parts = binary.load(p, verify=verify)
        G = Graph(parts.pop("indptr"), parts.pop("indices"), parts.pop("weights"), **parts)
    else:
        if p.stat().st_size == 0:
            if n_vertices is None or fmt in ("mtx", "gr"):
                raise GraphFormatError("empty file" + (
                    "" if fmt in ("mtx", "gr") else
                    " (pass n_vertices= to read an edgeless graph)"), str(p))
            return Graph.from_edges([], [], n_vertices=n_vertices,
                                    directed=True if directed is None else directed,
                                    name=_stem(p))
        # an undirected file read as directed: read as it says, then made directed below
        as_read = None if directed else directed
        try:
            G = fast.READERS[fmt](p, as_read, n_vertices)
        except (fast.Reject, ImportError):       # no pyarrow: the checked reader alone
            body = text.read_text(p)
            reader = text.FORMATS[fmt]
            G = (reader(body, str(p), as_read, n_vertices) if fmt in ("snap", "el", "wel")
                 else reader(body, str(p), as_read))
        G.name = _stem(p)
    if relabel and G.labels is None:
        raise GraphFormatError("relabel=True: this .spg file keeps no vertex names", str(p))
    if directed is not None and bool(directed) != G.directed:
        # the same adjacency the other way: an undirected graph, directed, has each of
        # its edges both ways (a symmetric file's stored triangle alone would be one of
        # its orientations), as an .spg file's stored edges are
        G = Graph.from_edges(G.rows, G.indices, G.weights, G.n_vertices, directed,
                             labels=G.labels, name=G.name)
    if n_vertices is not None and G.n_vertices != int(n_vertices):
        raise GraphFormatError(f"the file declares {G.n_vertices} vertices, not "
                               f"n_vertices={n_vertices}", str(p))
    return G


def _read_stream(f, format: str | None, **kw) -> Graph:
    """``read`` of an open file, through a temporary copy (``io/streams.py``)."""
    name = stream_name(f)
    with tempfile.TemporaryDirectory(prefix="semiring_paths-") as d:
        tmp = Path(d) / "stream"
        try:
            spill(f, tmp)
        except OSError as e:                 # a full disk above all: say where it went
            raise GraphFormatError(
                f"cannot copy the stream into a temporary file in {d}: {e.strerror or e} "
                "(TMPDIR picks the folder)", name or "<stream>") from None
        try:
            with warnings.catch_warnings(record=True) as said:
                warnings.simplefilter("always")
                G = read(tmp, format=format or (detect_by_name(Path(name)) if name
                                                else None), **kw)
        except GraphFormatError as e:
            raise GraphFormatError(e.message, name or "<stream>", e.line) from None
        finally:
            for w in said:                   # the reader's warnings, naming the stream
                warnings.warn(str(w.message).replace(str(tmp), name or "<stream>"),
                              w.category, stacklevel=3)
        G = unmapped(G)
    G.name = _stem(Path(name)) if name else None
    return G


def detect_by_name(p: Path) -> str | None:
    name = p.name.lower()
    if name.endswith(".gz"):
        name = name[:-3]
    ext = name.rsplit(".", 1)[-1] if "." in name else ""
    return _BY_EXT.get(ext)


def _stem(p: Path) -> str:
    name = p.name
    if name.endswith(".gz"):
        name = name[:-3]
    return name.rsplit(".", 1)[0] if "." in name else name


def _detect(p: Path) -> str:
    by_name = detect_by_name(p)
    if by_name is not None:
        return by_name
    first = text.read_head(p, 200).lstrip()
    if first.startswith("%%MatrixMarket"):
        return "mtx"
    if first.startswith(("c ", "p sp", "c\n")):
        return "gr"
    return "snap"
