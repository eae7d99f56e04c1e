"""Reading graphs from files: Matrix Market, SNAP / plain edge lists, DIMACS ``.gr``.

``read(path)`` detects the format from the name (``.mtx``, ``.gr``, ``.el``, ``.wel``,
``.txt``, ``.tsv``, ``.edges``; any of them may end in ``.gz``) or, failing that, from the
first line.  Vertex ids come out 0-based: Matrix Market and DIMACS files are 1-based and
are shifted, SNAP and GAP edge lists are 0-based and kept.

Parsing is vectorised (one ``numpy`` conversion of the whole body); only when that fails
is the body walked line by line, to name the first bad line in the error.
"""

from __future__ import annotations

import gzip
import os
from collections.abc import Callable
from pathlib import Path

import numpy as np

from .exceptions import GraphFormatError, InvalidGraphError
from .graph import Graph
from .locations import bundled_path

__all__ = ["FORMATS", "read"]


def read(
    path: str | os.PathLike,
    *,
    format: str | None = None,
    directed: bool | None = None,
) -> Graph:
    """Read a graph file.

    Parameters
    ----------
    path : str or path-like
        The file, optionally gzip-compressed (``.gz``).  The name of a bundled example
        graph (``"karate"``, ``"rome99"``, ``"osm-monaco"``) also works.
    format : {"mtx", "snap", "el", "wel", "gr"}, optional
        Override detection.  ``"snap"`` is a whitespace edge list with ``#`` comments,
        2 columns (unweighted) or 3 (weighted); ``"el"`` / ``"wel"`` are GAP's 0-based
        unweighted / weighted edge lists; ``"gr"`` is DIMACS shortest-path format.
    directed : bool, optional
        Override the direction the file implies (Matrix Market ``symmetric`` and SNAP
        headers saying "Undirected" are undirected; everything else directed).

    Returns
    -------
    Graph

    Raises
    ------
    GraphFormatError
        The file is missing, unreadable or malformed; the message names the file and,
        where there is one, the line.

    Examples
    --------
    >>> import semiring_paths as sp
    >>> G = sp.read("karate")
    >>> G.n_vertices, G.n_edges, G.directed
    (34, 78, False)
    """
    p = Path(path)
    if not p.exists():
        bp = bundled_path(str(path))
        if bp is None:
            raise GraphFormatError("no such file (and not a bundled graph name)", str(path))
        p = bp
    fmt = format or _detect(p)
    if fmt not in FORMATS:
        raise ValueError(f"unknown format {fmt!r}; valid: {', '.join(sorted(FORMATS))}")
    text = _read_text(p)
    G = FORMATS[fmt](text, str(p), directed)
    G.name = _stem(p)
    return G


# --------------------------------------------------------------------------- helpers
def _stem(p: Path) -> str:
    name = p.name
    if name.endswith(".gz"):
        name = name[:-3]
    return name.rsplit(".", 1)[0] if "." in name else name


def _detect(p: Path) -> str:
    name = p.name.lower()
    if name.endswith(".gz"):
        name = name[:-3]
    ext = name.rsplit(".", 1)[-1] if "." in name else ""
    by_ext = {"mtx": "mtx", "mm": "mtx", "gr": "gr", "el": "el", "wel": "wel",
              "txt": "snap", "tsv": "snap", "edges": "snap", "snap": "snap"}
    if ext in by_ext:
        return by_ext[ext]
    first = _read_text(p)[:200].lstrip()
    if first.startswith("%%MatrixMarket"):
        return "mtx"
    if first.startswith(("c ", "p sp", "c\n")):
        return "gr"
    return "snap"


def _read_text(p: Path) -> str:
    try:
        raw = p.read_bytes()
        if raw[:2] == b"\x1f\x8b":
            raw = gzip.decompress(raw)
    except (OSError, EOFError, gzip.BadGzipFile) as e:
        raise GraphFormatError(f"cannot read file: {e}", str(p)) from None
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as e:
        line = raw[: e.start].count(b"\n") + 1
        raise GraphFormatError("not a text file (invalid UTF-8)", str(p), line) from None


class _Body:
    """The data lines of a file, numbered, with a vectorised table parse."""

    def __init__(self, path: str, lines: list[str], first: int,
                 skip: Callable[[str], bool]):
        self.path = path
        self.lineno = [first + i for i, s in enumerate(lines) if s.strip() and not skip(s)]
        self.rows = [lines[k - first] for k in self.lineno]

    def error(self, row: int, message: str) -> GraphFormatError:
        return GraphFormatError(message, self.path, self.lineno[row])

    def table(self, ncols: tuple[int, ...], what: str) -> np.ndarray:
        """All rows as a float64 array of shape (rows, c), c one of ``ncols``."""
        if not self.rows:
            return np.zeros((0, ncols[0]))
        try:
            vals = np.array(" ".join(self.rows).split(), dtype=np.float64)
        except ValueError:
            vals = None
        if vals is not None:
            for c in ncols:
                if vals.size == c * len(self.rows):
                    t = vals.reshape(-1, c)
                    if c == len(self.rows[0].split()):
                        return t
        # slow path: find the first bad line
        want = len(self.rows[0].split()) if len(self.rows[0].split()) in ncols else ncols[0]
        for i, s in enumerate(self.rows):
            parts = s.split()
            if len(parts) != want:
                raise self.error(i, f"expected {want} fields ({what}), found {len(parts)}: "
                                    f"{s.strip()[:60]!r}")
            for tok in parts:
                try:
                    float(tok)
                except ValueError:
                    raise self.error(i, f"not a number: {tok[:40]!r}") from None
        raise GraphFormatError("inconsistent number of fields", self.path)  # pragma: no cover

    def ids(self, col: np.ndarray, base: int, n: int | None, what: str) -> np.ndarray:
        """A column as 0-based integer ids, checked integral and in range."""
        bad = (col != np.floor(col)) | (col < base)
        if n is not None:
            bad |= col >= n + base
        if bad.any():
            i = int(np.argmax(bad))
            v = col[i]
            v = int(v) if v == np.floor(v) else v
            lim = f"{base}..{n - 1 + base}" if n is not None else f">= {base}"
            raise self.error(i, f"{what} {v} is not a valid vertex id (expected an integer "
                                f"in {lim})")
        return col.astype(np.int64) - base

    def weights(self, col: np.ndarray, integer: bool) -> np.ndarray:
        bad = ~np.isfinite(col)
        if bad.any():
            i = int(np.argmax(bad))
            raise self.error(i, f"weight {col[i]} is not a finite number")
        if integer:
            if (col != np.floor(col)).any():
                i = int(np.argmax(col != np.floor(col)))
                raise self.error(i, f"weight {col[i]} is not an integer (field 'integer')")
            return col.astype(np.int64)
        return col


def _build(body: _Body, src, dst, w, n, directed) -> Graph:
    try:
        return Graph.from_edges(src, dst, w, n_vertices=n, directed=directed)
    except InvalidGraphError as e:  # pragma: no cover - readers check ids and weights
        raise GraphFormatError(str(e), body.path) from None


# --------------------------------------------------------------------------- formats
def _read_mtx(text: str, path: str, directed: bool | None) -> Graph:
    lines = text.splitlines()
    if not lines or not lines[0].startswith("%%MatrixMarket"):
        raise GraphFormatError("missing '%%MatrixMarket' header", path, 1)
    head = lines[0].split()
    if len(head) != 5:
        raise GraphFormatError(f"malformed header {lines[0]!r}", path, 1)
    _, obj, fmt, field, symmetry = (h.lower() for h in head)
    if obj != "matrix":
        raise GraphFormatError(f"object {obj!r} is not supported (only 'matrix')", path, 1)
    if fmt != "coordinate":
        raise GraphFormatError(f"format {fmt!r} is not supported (only 'coordinate')",
                               path, 1)
    if field not in ("pattern", "integer", "real", "double"):
        raise GraphFormatError(f"field {field!r} is not supported (pattern, integer or "
                               "real)", path, 1)
    if symmetry not in ("general", "symmetric"):
        raise GraphFormatError(f"symmetry {symmetry!r} is not supported (general or "
                               "symmetric)", path, 1)
    k = 1
    while k < len(lines) and (not lines[k].strip() or lines[k].lstrip().startswith("%")):
        k += 1
    if k == len(lines):
        raise GraphFormatError("missing size line 'rows cols entries'", path, k)
    size = lines[k].split()
    try:
        nr, nc, nnz = (int(x) for x in size)
    except ValueError:
        raise GraphFormatError(f"malformed size line {lines[k].strip()!r} (expected "
                               "'rows cols entries')", path, k + 1) from None
    if nr != nc:
        raise GraphFormatError(f"matrix is {nr} x {nc}: an adjacency matrix must be "
                               "square", path, k + 1)
    body = _Body(path, lines[k + 1:], k + 2, lambda s: s.lstrip().startswith("%"))
    ncol = 2 if field == "pattern" else 3
    t = body.table((ncol,), "row col" + ("" if ncol == 2 else " value"))
    if t.shape[0] != nnz:
        raise GraphFormatError(f"size line declares {nnz} entries, file has {t.shape[0]}",
                               path, k + 1)
    src = body.ids(t[:, 0], 1, nr, "row")
    dst = body.ids(t[:, 1], 1, nr, "column")
    w = None if ncol == 2 else body.weights(t[:, 2], field == "integer")
    if directed is None:
        directed = symmetry == "general"
    return _build(body, src, dst, w, nr, directed)


def _edge_list(weighted: bool | None):
    def parse(text: str, path: str, directed: bool | None) -> Graph:
        lines = text.splitlines()
        header = [s for s in lines[:200] if s.lstrip().startswith(("#", "%"))]
        body = _Body(path, [s.replace(",", " ") for s in lines], 1,
                     lambda s: s.lstrip().startswith(("#", "%")))
        ncols = {None: (2, 3), True: (3,), False: (2,)}[weighted]
        t = body.table(ncols, "src dst" + ("" if ncols == (2,) else " [weight]"))
        src = body.ids(t[:, 0], 0, None, "source id")
        dst = body.ids(t[:, 1], 0, None, "target id")
        w = None
        if t.shape[1] == 3:
            col = t[:, 2]
            w = body.weights(col, bool(np.all(col == np.floor(col))))
        if directed is None:
            directed = not any("undirected" in h.lower() for h in header)
        return _build(body, src, dst, w, None, directed)

    return parse


def _read_gr(text: str, path: str, directed: bool | None) -> Graph:
    lines = text.splitlines()
    n = m = None
    first = 0
    for i, s in enumerate(lines):
        st = s.strip()
        if not st or st.startswith("c"):
            continue
        if st.startswith("p"):
            parts = st.split()
            if len(parts) != 4 or parts[1] != "sp":
                raise GraphFormatError(f"malformed problem line {st!r} (expected "
                                       "'p sp n m')", path, i + 1)
            try:
                n, m = int(parts[2]), int(parts[3])
            except ValueError:
                raise GraphFormatError(f"malformed problem line {st!r}", path,
                                       i + 1) from None
            first = i + 1
            break
        raise GraphFormatError(f"expected the problem line 'p sp n m', found {st[:40]!r}",
                               path, i + 1)
    if n is None:
        raise GraphFormatError("missing problem line 'p sp n m'", path)
    rest = lines[first:]
    for i, s in enumerate(rest):
        st = s.strip()
        if st and not st.startswith(("a", "c")):
            raise GraphFormatError(f"expected an arc line 'a u v w', found {st[:40]!r}",
                                   path, first + i + 1)
    body = _Body(path, [s.replace("a", " ", 1) for s in rest], first + 1,
                 lambda s: s.lstrip().startswith("c"))
    t = body.table((3,), "a u v w")
    if t.shape[0] != m:
        raise GraphFormatError(f"problem line declares {m} arcs, file has {t.shape[0]}",
                               path)
    src = body.ids(t[:, 0], 1, n, "tail")
    dst = body.ids(t[:, 1], 1, n, "head")
    col = t[:, 2]
    w = body.weights(col, bool(np.all(col == np.floor(col))))
    return _build(body, src, dst, w, n, True if directed is None else directed)


FORMATS: dict[str, Callable[[str, str, bool | None], Graph]] = {
    "mtx": _read_mtx,
    "snap": _edge_list(None),
    "el": _edge_list(False),
    "wel": _edge_list(True),
    "gr": _read_gr,
}
