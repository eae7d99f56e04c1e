"""The text formats at C speed: pyarrow's CSV reader for Matrix Market, SNAP / GAP edge
lists and DIMACS ``.gr``.

It streams the file (gzip included) and parses on every core; it never holds the text.
A reader returns a :class:`Graph` or raises :class:`Reject` when the file is outside what
it parses (comments between edges, runs of blanks, a value it cannot convert, an id it
must not accept): ``io.read`` then hands the file to the checked reader of
``io/text.py``, which either accepts it or names the first bad line.

Why pyarrow (``benchmarks/bench_io.py``, this 2-core machine, a 10 M-edge SNAP list of
138 MB, five runs): pyarrow.csv 14.1–25 M edges/s, ``numpy.loadtxt`` 8.9–12.8 M (2.2 M
once it is given both comment marks, "#" and "%", as SNAP and Matrix Market files need),
pandas' C engine 8.3–11.3 M.  pyarrow is the fastest, streams gzip in C++, types the
columns (int32 ids: half the memory of int64) and hands its blocks over in place, so a
50 M-edge list reads at under 3× the CSR's bytes; it is a large dependency (a ~55 MB
wheel), and the only one of the three above 10 M edges/s once comments are handled as
the formats need.  Matrix Market goes
through it too, not through fast_matrix_market (what ``scipy.io.mmread`` runs): the fuzz
test found files on which fast_matrix_market 1.7.6 kills the process — a data line
cut at the end of the file by a byte that is neither a digit nor a newline (0xAC)
segfaults it (``scipy.io.mmread`` too), and a malformed file read from a Python stream
aborts it — and a reader must never crash.  On the largest graphs in shared data
it reads Matrix Market at 0.7–1.1× the speed of ``scipy.io.mmread`` (``bench_io.py``).
"""

from __future__ import annotations

import gzip
import zlib
from pathlib import Path

import numpy as np

from ..exceptions import GraphFormatError, HostMemoryError
from ..graph import Graph
from .text import check_size, integral, is_undirected_header, mtx_header, sparse_ids

__all__ = ["READERS", "Reject"]

_HEAD_LINES = 10_000        # comment lines read ahead of the data (header, SNAP notes)


class Reject(Exception):
    """The fast path does not parse this file: the checked reader takes it."""


def _gzipped(p: Path) -> bool:
    with open(p, "rb") as f:
        return f.read(2) == b"\x1f\x8b"


def _open(p: Path):
    return gzip.open(p, "rb") if _gzipped(p) else open(p, "rb")


def _head(p: Path, stop) -> list[str]:
    """The first lines of the file, up to and including the first for which ``stop``
    is true (or ``_HEAD_LINES``)."""
    out: list[str] = []
    try:
        with _open(p) as f:
            for raw in f:
                s = raw.decode("utf-8-sig" if not out else "utf-8", errors="strict")
                out.append(s.rstrip("\r\n"))
                if stop(s) or len(out) >= _HEAD_LINES:
                    break
    except (OSError, EOFError, UnicodeDecodeError, zlib.error) as e:
        raise Reject(str(e)) from None
    return out


class Edges:
    """A table's edge columns as lists of chunks, read in place (no concatenation),
    checked: ids non-negative (below ``n`` where declared), weights finite."""

    def __init__(self, tb, base: int, n: int | None, integer: bool | None):
        self.src = _ids(tb, "c0", base, n)
        self.dst = _ids(tb, "c1", base, n)
        self.m = sum(c.size for c in self.src)
        self.top = max((int(c.max()) for c in self.src + self.dst if c.size),
                       default=base - 1) + 1 - base
        self.w, self.wtype = (_weights(tb, "c2", integer) if "c2" in tb.column_names
                              else (None, None))
        self.base = base

    def graph(self, n: int, directed: bool, path: str) -> Graph:
        """The graph; the chunks are released as the CSR fills (call once)."""
        import pyarrow as pa

        pool = pa.default_memory_pool()
        big = self.m > 4_000_000         # small reads skip the pool's (ms-long) release
        if big:
            pool.release_unused()                    # the parser's scratch back to the OS
        try:
            return Graph._from_chunks(self.src, self.dst, self.w, n, directed,
                                      base=self.base, weight_type=self.wtype, consume=True,
                                      release=pool.release_unused if big else None)
        except HostMemoryError as e:
            raise GraphFormatError(str(e), path) from None


# ------------------------------------------------------------------- edge lists
def _delimiter(line: str) -> str:
    return "\t" if "\t" in line else ("," if "," in line else " ")


def _table(p: Path, skip: int, delim: str, ncols: int, extra: dict | None = None):
    """The file's columns ``c0 …``: ids as int32 (int64 when one does not fit)."""
    import pyarrow as pa
    import pyarrow.csv as pc

    names = [f"c{i}" for i in range(ncols)]
    block = 1 << 22 if _gzipped(p) else 1 << 24   # gzip: smaller blocks pipeline better
    last = None
    for ids in (pa.int32(), pa.int64()):
        try:
            return pc.read_csv(
                pa.input_stream(str(p), compression="detect"),
                read_options=pc.ReadOptions(skip_rows=skip, column_names=names,
                                            block_size=block),
                parse_options=pc.ParseOptions(delimiter=delim),
                convert_options=pc.ConvertOptions(
                    column_types={"c0": ids, "c1": ids, **(extra or {})}))
        except (pa.ArrowInvalid, pa.ArrowTypeError, OSError) as e:
            last = e
    raise Reject(str(last))


def _column(tb, name: str) -> list[np.ndarray]:
    col = tb.column(name)
    if col.null_count:
        raise Reject(f"missing values in {name}")
    return [c.to_numpy(zero_copy_only=False) for c in col.chunks]


def _ids(tb, name: str, base: int, n: int | None) -> list[np.ndarray]:
    chunks = _column(tb, name)
    for a in chunks:
        if a.size and (a.min() < base or (n is not None and a.max() >= n + base)):
            raise Reject("id out of range")
    return chunks


def _weights(tb, name: str, integer: bool | None = None):
    """A weight column's chunks and the weights' dtype: finite; int64 when ``integer``
    (all integral), float64 when not, and for ``None`` (edge lists) int64 exactly when
    every weight is integral, as the text reader decides."""
    chunks = _column(tb, name)
    kinds = {a.dtype.kind for a in chunks}
    if not kinds <= set("if") or any(a.dtype.kind == "f" and not np.isfinite(a).all()
                                     for a in chunks):
        raise Reject("weight")
    if integer is False:
        return chunks, np.dtype(np.float64)
    if kinds <= {"i"} or all(integral(a) for a in chunks if a.dtype.kind == "f"):
        return chunks, np.dtype(np.int64)      # "3.0" weighs as the text reader does
    if integer:
        raise Reject("integer field")
    return chunks, np.dtype(np.float64)


def edge_list_head(p: Path, weighted: bool | None) -> tuple[int, str, int, list[str]]:
    """An edge list's header as the table reader takes it: the lines to skip, the
    delimiter, the columns (2 or 3 as ``weighted`` allows: None either) and the comment
    lines; or :class:`Reject` (blank lines or runs of blanks, other column counts)."""
    lines = _head(p, lambda s: bool(s.strip()) and not s.lstrip().startswith(("#", "%")))
    comments = [s for s in lines if s.lstrip().startswith(("#", "%"))]
    data = [s for s in lines if s.strip() and not s.lstrip().startswith(("#", "%"))]
    if not data or any(not s.strip() for s in lines):
        raise Reject("no data, or blank lines in the header")
    first = data[0]
    if first != first.strip() or "  " in first:
        raise Reject("blank runs")
    delim = _delimiter(first)
    ncols = len(first.split(delim))
    if ncols not in {None: (2, 3), True: (3,), False: (2,)}[weighted]:
        raise Reject("columns")
    return len(lines) - 1, delim, ncols, comments


def _edge_list(weighted: bool | None):
    def read(p: Path, directed: bool | None, n_vertices: int | None) -> Graph:
        path = str(p)
        skip, delim, ncols, comments = edge_list_head(p, weighted)
        e = Edges(_table(p, skip, delim, ncols), 0, n_vertices, None)
        if n_vertices is None:
            sparse_ids(e.top, e.m, path)
        n = e.top if n_vertices is None else n_vertices
        check_size(n, e.m, 8 if e.w is not None else 0, path, None)
        if directed is None:
            directed = not is_undirected_header(comments)
        return e.graph(n, directed, path)

    return read


# ------------------------------------------------------------------- Matrix Market
def read_mtx(p: Path, directed: bool | None, n_vertices: int | None) -> Graph:
    path = str(p)
    lines = _head(p, lambda s: bool(s.strip()) and not s.lstrip().startswith("%"))
    n, nnz, field, symmetry, _, fmt = mtx_header(lines, path)   # our messages, our checks
    if fmt == "array" or symmetry == "skew-symmetric":       # the checked reader's
        raise Reject(f"{fmt} {symmetry}")
    ncols = 2 if field == "pattern" else 3
    kind = "int64" if field == "integer" else "float64"     # integers read exactly
    tb = _table(p, len(lines), " ", ncols, {"c2": kind} if ncols == 3 else None)
    if tb.num_rows != nnz:
        raise Reject("entry count")
    e = Edges(tb, 1, n, field == "integer" if ncols == 3 else None)
    del tb
    return e.graph(n, symmetry == "general" if directed is None else directed, path)


# ------------------------------------------------------------------- DIMACS .gr
def read_gr(p: Path, directed: bool | None, n_vertices: int | None) -> Graph:
    import pyarrow as pa
    import pyarrow.compute as pcomp
    import pyarrow.csv as pc

    path = str(p)
    lines = _head(p, lambda s: s.startswith("p"))
    if not lines or not lines[-1].startswith("p") or any(
            s.strip() and not s.startswith("c") for s in lines[:-1]):
        raise Reject("header")
    parts = lines[-1].split()
    try:
        n, m = int(parts[2]), int(parts[3])
    except (IndexError, ValueError):
        raise Reject("problem line") from None
    if len(parts) != 4 or parts[1] != "sp":
        raise Reject("problem line")
    check_size(n, m, 8, path, len(lines))
    try:
        tb = pc.read_csv(
            pa.input_stream(str(p), compression="detect"),
            read_options=pc.ReadOptions(skip_rows=len(lines),
                                        column_names=["a", "c0", "c1", "c2"],
                                        block_size=1 << 24),
            parse_options=pc.ParseOptions(delimiter=" "),
            convert_options=pc.ConvertOptions(column_types={
                "a": pa.string(), "c0": pa.int64(), "c1": pa.int64()}))
    except (pa.ArrowInvalid, pa.ArrowTypeError, OSError) as e:
        raise Reject(str(e)) from None
    if tb.num_rows != m or not pcomp.all(pcomp.equal(tb.column("a"), "a")).as_py():
        raise Reject("arc lines")
    e = Edges(tb.drop_columns(["a"]), 1, n, None)
    del tb
    return e.graph(n, True if directed is None else directed, path)


READERS = {"mtx": read_mtx, "snap": _edge_list(None), "el": _edge_list(False),
           "wel": _edge_list(True), "gr": read_gr}
