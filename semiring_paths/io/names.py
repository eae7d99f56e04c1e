"""Edge lists whose first two columns *name* vertices: ``read(path, relabel=True)``.

An edge list's ids are vertex ids (``0..max id``) everywhere else in this package.  A
file of names ("alice bob") cannot be read that way, and one of sparse ids (a crawl's
``5 1000000000``) reads as a graph of a billion vertices, nearly all without an edge
(8 GB of row pointers for two edges).  Here each distinct token of the first two
columns is one vertex, numbered in order of first appearance (line by line, source
before target: NetworkX's ``read_edgelist`` orders its nodes the same way), and
``G.labels[i]`` is the name of vertex ``i``: an ``int`` where every token is an integer
(``"007"`` and ``"7"`` are one vertex, as NetworkX's ``nodetype=int`` makes them),
else the token itself.  The third column, if any, is the weight, read as the edge-list
readers read it.

pyarrow parses and encodes the columns (``io/fast.py``'s reasons); a file it rejects,
or a machine without it, goes through the line-by-line reader below, which names the
first bad line.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from ..exceptions import GraphFormatError, HostMemoryError, InvalidGraphError
from ..graph import KEPT_AS, Graph
from . import fast
from .text import check_size, is_undirected_header, read_text

__all__ = ["read_named"]

_COMMENT = ("#", "%")


def read_named(p: Path, directed: bool | None, weighted: bool | None) -> Graph:
    """The graph of an edge list of vertex names (``weighted``: None for SNAP's two
    or three columns, False for ``.el``, True for ``.wel``)."""
    try:
        src, dst, labels, w, comments = _arrow(p, weighted)
    except (fast.Reject, ImportError):
        src, dst, labels, w, comments = _lines(p, weighted)
    path = str(p)
    check_size(len(labels), src.size, 8 if w is not None else 0, path, None)
    if directed is None:
        directed = not is_undirected_header(comments)
    try:
        return Graph.from_edges(src, dst, w, n_vertices=len(labels), directed=directed,
                                labels=labels)
    except (InvalidGraphError, HostMemoryError) as e:
        raise GraphFormatError(str(e), path) from None


def _arrow(p: Path, weighted: bool | None):
    import pyarrow as pa
    import pyarrow.compute as pc

    skip, delim, ncols, comments = fast.edge_list_head(p, weighted)
    try:                                                # every token an integer
        tb = fast._table(p, skip, delim, ncols, {"c0": pa.int64(), "c1": pa.int64()})
    except fast.Reject:                                 # names
        tb = fast._table(p, skip, delim, ncols, {"c0": pa.string(), "c1": pa.string()})
        lead = pc.utf8_ltrim_whitespace(tb.column("c0"))
        if pc.any(pc.or_(pc.starts_with(lead, "#"), pc.starts_with(lead, "%"))).as_py():
            raise fast.Reject("a comment between edges") from None
    tokens = pa.concat_arrays([c for k in ("c0", "c1") for c in tb.column(k).chunks])
    if tokens.null_count:
        raise fast.Reject("missing values")
    m = tb.num_rows
    both = np.empty(2 * m, np.int64)                    # line by line, source first
    both[0::2] = np.arange(m)
    both[1::2] = np.arange(m, 2 * m)
    enc = tokens.take(pa.array(both)).dictionary_encode()    # codes by first appearance
    codes = enc.indices.to_numpy(zero_copy_only=False).astype(np.int64)
    labels = enc.dictionary.to_pylist()
    w = None
    if "c2" in tb.column_names:
        chunks, wtype = fast._weights(tb, "c2")
        w = np.concatenate(chunks).astype(wtype)
    return codes[0::2], codes[1::2], labels, w, comments


def _lines(p: Path, weighted: bool | None):
    """The checked reader: line by line, the first bad line named."""
    path = str(p)
    want = {None: (2, 3), True: (3,), False: (2,)}[weighted]
    comments, rows = [], []
    for no, line in enumerate(read_text(p).splitlines(), 1):
        s = line.strip()
        if not s or s.startswith(_COMMENT):
            if s and not rows:
                comments.append(s)
            continue
        parts = s.replace(",", " ").split()
        if len(parts) not in want or (rows and len(parts) != len(rows[0][1])):
            n = len(rows[0][1]) if rows else want[0]
            raise GraphFormatError(f"expected {n} fields (source target"
                                   f"{' [weight]' if want != (2,) else ''}), found "
                                   f"{len(parts)}: {s[:60]!r}", path, no)
        rows.append((no, parts))
    if not rows:
        raise GraphFormatError("no edges in the file", path)
    tokens = [t for _, parts in rows for t in parts[:2]]
    try:
        keys = [int(t) for t in tokens]                 # every token an integer
    except ValueError:
        keys = tokens
    index: dict = {}
    ids = np.fromiter((index.setdefault(k, len(index)) for k in keys), np.int64,
                      len(keys))
    w = None
    if len(rows[0][1]) == 3:
        vals = [_number(parts[2], path, no) for no, parts in rows]
        if all(isinstance(v, int) or v.is_integer() for v in vals):
            try:                                        # exact, as "3" or "3.0"
                w = np.array([int(v) for v in vals], np.int64)
            except OverflowError:
                raise GraphFormatError(f"an integer weight does not fit int64 "
                                       f"({KEPT_AS})", path) from None
        else:
            w = np.array(vals, np.float64)
    return ids[0::2], ids[1::2], list(index), w, comments


def _number(tok: str, path: str, no: int) -> int | float:
    """A weight token: an int where it is one (exact past 2⁵³), else a finite float."""
    try:
        return int(tok)
    except ValueError:
        pass
    try:
        v = float(tok)
    except ValueError:
        raise GraphFormatError(f"not a number: {tok[:40]!r}", path, no) from None
    if not np.isfinite(v):
        raise GraphFormatError(f"weight {tok} is not a finite number", path, no)
    return v
