"""The text formats read in Python: the checked path behind the fast readers.

``io/fast.py`` parses a file at C speed (pyarrow) and comes here only
when it rejects the file: this reader holds the text, accepts what the formats allow
that the fast path does not (comments between edges, mixed whitespace), and otherwise
names the first bad line.  Vertex ids come out 0-based: Matrix Market and DIMACS files
are 1-based and are shifted, SNAP and GAP edge lists are 0-based and kept.
"""

from __future__ import annotations

import gzip
import warnings
import zlib
from collections.abc import Callable
from pathlib import Path

import numpy as np

from .. import memory
from ..exceptions import GraphFormatError, HostMemoryError, InvalidGraphError
from ..graph import FLOAT64_INTS, KEPT_AS, Graph

__all__ = ["FORMATS", "check_size", "integral", "is_undirected_header", "mtx_header",
           "read_head", "read_text"]


def check_size(n: int, m: int, weight_bytes: int, path: str, line: int | None) -> None:
    """A declared size (header, problem line, largest id) checked against the memory
    available before anything of that size is allocated."""
    if n < 0 or m < 0:
        raise GraphFormatError(f"negative size ({n} vertices, {m} entries)", path, line)
    try:
        memory.require(memory.graph_bytes(n, 2 * m, weight_bytes, 8),   # worst case
                       f"a graph of {n:,} vertices and {m:,} edges")
    except HostMemoryError as e:
        raise GraphFormatError(f"declares {e}", path, line) from None


def sparse_ids(n: int, m: int, path: str) -> None:
    """Warn, before it is allocated, where an edge list's largest id makes a graph of
    far more vertices than its edges can touch (a crawl's ids, not vertex ids)."""
    if n >= SPARSE_IDS and n > 32 * m:
        warnings.warn(
            f"{path}: vertex ids reach {n - 1:,} for {m:,} edges: a graph of {n:,} "
            f"vertices, at most {min(2 * m, n):,} of them with an edge ({8 * (n + 1):,} "
            f"bytes of row pointers); read(..., relabel=True) numbers the ids that occur "
            f"0..k-1 and keeps them in G.labels", UserWarning, stacklevel=4)


#: an edge list whose largest id passes this, and 32 × its edges, warns (sparse_ids)
SPARSE_IDS = 1 << 22
#: integers read as float64 are exact below this (2⁵³ + 1 reads as 2⁵³)
EXACT = float(FLOAT64_INTS)


def integral(w: np.ndarray) -> bool:
    """Whether float weights are all integers that int64 holds exactly (read as int64)."""
    return bool(np.all(w == np.floor(w)) and np.abs(w).max(initial=0) < EXACT)


def decode(raw: bytes, errors: str = "strict") -> str:
    """A file's bytes as text: UTF-8, a byte-order mark dropped; or UTF-16 where one
    opens it (what Windows PowerShell 5's ``>`` writes)."""
    if raw[:2] in (b"\xff\xfe", b"\xfe\xff"):
        return raw.decode("utf-16", errors)
    return raw.decode("utf-8-sig", errors)


def read_head(p: Path, size: int) -> str:
    """The first ``size`` characters of the (decompressed) text, for detection."""
    try:
        with open(p, "rb") as f:
            gz = f.read(2) == b"\x1f\x8b"
        with (gzip.open(p, "rb") if gz else open(p, "rb")) as f:
            return decode(f.read(size), errors="replace")
    except (OSError, EOFError, zlib.error) as e:
        raise GraphFormatError(f"cannot read file: {e}", str(p)) from None


def read_text(p: Path) -> str:
    """The whole (decompressed) text; errors name the file (and the line of a byte that
    is not UTF-8)."""
    try:
        raw = p.read_bytes()
        if raw[:2] == b"\x1f\x8b":
            raw = gzip.decompress(raw)
    except (OSError, EOFError, zlib.error) as e:
        raise GraphFormatError(f"cannot read file: {e}", str(p)) from None
    try:
        return decode(raw)
    except UnicodeDecodeError as e:
        if e.encoding.startswith("utf-16"):
            raise GraphFormatError(f"not UTF-16 text past its byte-order mark: {e.reason}",
                                   str(p)) from None
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

    def table(self, ncols: tuple[int, ...], what: str, names: str = "") -> np.ndarray:
        """All rows as a float64 array of shape (rows, c), c one of ``ncols``
        (``names``: said of a token of the first two columns that is not a number)."""
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
            for k, tok in enumerate(parts):
                try:
                    float(tok)
                except ValueError:
                    raise self.error(i, f"not a number: {tok[:40]!r}"
                                        + (names if k < 2 else "")) from None
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
            lim = f"in {base}..{n - 1 + base}" if n is not None else f">= {base}"
            raise self.error(i, f"{what} {v} is not a valid vertex id (expected an integer "
                                f"{lim})")
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
            if (np.abs(col) >= EXACT).any():          # past float64's integers
                return self.exact_integers()
            return col.astype(np.int64)
        return col

    def exact_integers(self) -> np.ndarray:
        """The last field of every line as int64, parsed from its text ("3.0", read as
        float64 and found integral already, stays as it was read)."""
        out = np.empty(len(self.rows), np.int64)
        for i, line in enumerate(self.rows):
            tok = line.split()[-1]
            try:
                out[i] = int(tok) if tok.lstrip("+-").isdigit() else int(float(tok))
            except OverflowError:
                raise self.error(i, f"integer weight {tok[:40]} does not fit int64 "
                                    f"({KEPT_AS}); declare the field 'real'") from None
        return out


def _build(body: _Body, src, dst, w, n, directed) -> Graph:
    try:
        return Graph.from_edges(src, dst, w, n_vertices=n, directed=directed)
    except (InvalidGraphError, HostMemoryError) as e:
        raise GraphFormatError(str(e), body.path) from None


# --------------------------------------------------------------------------- formats
def mtx_header(lines: list[str], path: str) -> tuple[int, int, str, str, int, str]:
    """The banner and size line of a Matrix Market file: ``(n, entries, field,
    symmetry, k, format)``, ``lines[k]`` being the size line, ``entries`` the values an
    ``array`` file holds; every problem is named with its line."""
    if lines:
        lines[0] = lines[0].lstrip("\ufeff")              # a byte-order mark
    if not lines or not lines[0].startswith("%%MatrixMarket"):
        raise GraphFormatError("missing '%%MatrixMarket' header", path, 1)
    head = lines[0].split()
    if len(head) != 5:
        raise GraphFormatError(f"malformed header {lines[0][:80]!r}", path, 1)
    _, obj, fmt, field, symmetry = (h.lower() for h in head)
    if obj != "matrix":
        raise GraphFormatError(f"object {obj!r} is not supported (only 'matrix')", path, 1)
    if fmt not in ("coordinate", "array"):
        raise GraphFormatError(f"format {fmt!r} is not supported (coordinate or array)",
                               path, 1)
    if field not in ("pattern", "integer", "real", "double"):
        raise GraphFormatError(f"field {field!r} is not supported (pattern, integer or "
                               "real)", path, 1)
    if symmetry not in ("general", "symmetric", "skew-symmetric"):
        raise GraphFormatError(f"symmetry {symmetry!r} is not supported (general, "
                               "symmetric or skew-symmetric)", path, 1)
    if field == "pattern" and (fmt == "array" or symmetry == "skew-symmetric"):
        raise GraphFormatError(f"a 'pattern' matrix cannot be {fmt} {symmetry}", path, 1)
    k = 1
    while k < len(lines) and (not lines[k].strip() or lines[k].lstrip().startswith("%")):
        k += 1
    if k == len(lines):
        raise GraphFormatError("missing size line 'rows cols entries'", path, k)
    size = lines[k].split()
    want = "'rows cols entries'" if fmt == "coordinate" else "'rows cols'"
    try:
        nr, nc, *nnz = (int(x) for x in size)
        if len(nnz) != (fmt == "coordinate"):
            raise ValueError
    except ValueError:
        raise GraphFormatError(f"malformed size line {lines[k].strip()[:80]!r} (expected "
                               f"{want})", path, k + 1) from None
    if nr != nc:
        raise GraphFormatError(f"matrix is {nr} x {nc}: an adjacency matrix must be "
                               "square", path, k + 1)
    if fmt == "array":      # every value, or the lower triangle (strictly, when skew)
        nnz = [nr * nr if symmetry == "general" else
               nr * (nr + 1) // 2 if symmetry == "symmetric" else nr * (nr - 1) // 2]
    check_size(nr, nnz[0], 0 if field == "pattern" else 8, path, k + 1)
    return nr, nnz[0], field, symmetry, k, fmt


def _read_mtx(text: str, path: str, directed: bool | None) -> Graph:
    lines = text.splitlines()
    nr, nnz, field, symmetry, k, fmt = mtx_header(lines, path)
    body = _Body(path, lines[k + 1:], k + 2, lambda s: s.lstrip().startswith("%"))
    if fmt == "array":
        return _read_mtx_array(body, nr, nnz, field, symmetry, k, directed)
    ncol = 2 if field == "pattern" else 3
    t = body.table((ncol,), "row col" + ("" if ncol == 2 else " value"))
    if t.shape[0] != nnz:
        raise GraphFormatError(f"size line declares {nnz} entries, file has {t.shape[0]}",
                               path, k + 1)
    src = body.ids(t[:, 0], 1, nr, "row")
    dst = body.ids(t[:, 1], 1, nr, "column")
    w = None if ncol == 2 else body.weights(t[:, 2], field == "integer")
    if symmetry == "skew-symmetric":       # A(j, i) = -A(i, j), the diagonal zero
        if (src == dst).any():
            raise body.error(int(np.argmax(src == dst)),
                             "a skew-symmetric matrix stores no diagonal entry")
        src, dst, w = np.r_[src, dst], np.r_[dst, src], np.r_[w, -w]
    if directed is None:
        directed = symmetry != "symmetric"
    return _build(body, src, dst, w, nr, directed)


def _read_mtx_array(body: _Body, n: int, count: int, field: str, symmetry: str, k: int,
                    directed: bool | None) -> Graph:
    """A dense ``array`` file, its values column by column (of the lower triangle when
    symmetric, of the strict one when skew): zeros are "no edge", as
    ``scipy.sparse.csgraph`` reads a dense matrix."""
    t = body.table((1,), "value")[:, 0]
    if t.size != count:
        raise GraphFormatError(f"a {n} x {n} {symmetry} array holds {count} values, file "
                               f"has {t.size}", body.path, k + 1)
    w = body.weights(t, field == "integer")
    if symmetry == "general":
        col, row = np.divmod(np.arange(count), max(n, 1))
    else:                                  # column j holds rows j.. (j + 1.. when skew)
        lo = 0 if symmetry == "symmetric" else 1
        col = np.repeat(np.arange(n), np.maximum(n - np.arange(n) - lo, 0))
        start = np.cumsum(np.r_[0, np.maximum(n - np.arange(n) - lo, 0)])[:-1]
        row = np.arange(count) - start[col] + col + lo
    keep = w != 0
    src, dst, w = row[keep], col[keep], w[keep]
    if symmetry != "general":
        src, dst, w = np.r_[src, dst[src != dst]], np.r_[dst, src[src != dst]], np.r_[
            w, (-w if symmetry == "skew-symmetric" else w)[src != dst]]
    return _build(body, src, dst, w, n, symmetry != "symmetric" if directed is None
                  else directed)


def _edge_list(weighted: bool | None):
    def parse(text: str, path: str, directed: bool | None,
              n_vertices: int | None = None) -> Graph:
        lines = text.splitlines()
        header = [s for s in lines[:200] if s.lstrip().startswith(("#", "%"))]
        body = _Body(path, [s.replace(",", " ") for s in lines], 1,
                     lambda s: s.lstrip().startswith(("#", "%")))
        if not body.rows and n_vertices is None:
            raise GraphFormatError("no edges in the file (an empty edge list); pass "
                                   "n_vertices= to read an edgeless graph", path)
        ncols = {None: (2, 3), True: (3,), False: (2,)}[weighted]
        t = body.table(ncols, "src dst" + ("" if ncols == (2,) else " [weight]"),
                       "; vertex ids are integers: read(..., relabel=True) (the CLI's "
                       "--relabel) takes names")
        src = body.ids(t[:, 0], 0, n_vertices, "source id")
        dst = body.ids(t[:, 1], 0, n_vertices, "target id")
        top = int(max(src.max(initial=-1), dst.max(initial=-1))) + 1
        if n_vertices is None:
            sparse_ids(top, src.size, path)
        check_size(top if n_vertices is None else n_vertices, src.size, 8, path, None)
        w = None
        if t.shape[1] == 3:
            col = t[:, 2]
            w = body.weights(col, integral(col))
        if directed is None:
            directed = not is_undirected_header(header)
        return _build(body, src, dst, w, n_vertices, directed)

    return parse


def is_undirected_header(comments: list[str]) -> bool:
    """SNAP's header says "Undirected graph" for undirected files."""
    return any("undirected" in h.lower() for h in comments)


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
            check_size(n, m, 8, path, i + 1)
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
    w = body.weights(col, integral(col))
    return _build(body, src, dst, w, n, True if directed is None else directed)


FORMATS: dict[str, Callable[[str, str, bool | None], Graph]] = {
    "mtx": _read_mtx,
    "snap": _edge_list(None),
    "el": _edge_list(False),
    "wel": _edge_list(True),
    "gr": _read_gr,
}
