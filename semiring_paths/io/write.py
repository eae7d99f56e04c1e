"""Writing graphs: Matrix Market, edge lists and DIMACS ``.gr`` (pyarrow's CSV writer),
and the binary ``.spg`` (``io/binary.py``).

What is written reads back as the same graph (``tests/test_io_roundtrip.py``):
undirected graphs go out once per edge (Matrix Market ``symmetric``, an edge list with
SNAP's ``# Undirected graph`` line) and DIMACS, a directed format, gets both arcs.
Matrix Market and DIMACS ids are 1-based on disk, edge lists 0-based.  A name ending in
``.gz`` is compressed.
"""

from __future__ import annotations

import gzip
import os
import tempfile
import warnings
from contextlib import contextmanager
from pathlib import Path
from typing import IO

import numpy as np

from ..graph import Graph
from . import binary
from .streams import as_path, copy_out, stream_name

__all__ = ["write"]


def _once(G: Graph):
    """The edges to write: each undirected edge once (row ≥ column), all arcs otherwise."""
    r, c, w = G.rows, G.indices, G.weights
    if not G.directed:
        keep = r >= c
        r, c = r[keep], c[keep]
        w = None if w is None else w[keep]
    return r, c, w


@contextmanager
def _open(p: Path):
    """A binary output, gzip-compressed when the name ends in ``.gz`` (the member's
    name is left empty: ``p`` is a temporary name)."""
    with open(p, "wb") as raw:
        if p.name.endswith(".gz"):
            with gzip.GzipFile(filename="", mode="wb", fileobj=raw, compresslevel=6) as f:
                yield f
        else:
            yield raw


def _mtx(G: Graph, p: Path) -> None:
    r, c, w = _once(G)
    field = ("pattern" if w is None else "integer" if w.dtype.kind == "i" else "real")
    head = (f"%%MatrixMarket matrix coordinate {field} "
            f"{'general' if G.directed else 'symmetric'}\n"
            + (f"% name: {G.name}\n" if G.name else "")
            + f"{G.n_vertices} {G.n_vertices} {r.size}\n")
    cols = {"i": r + 1, "j": c.astype(np.int64) + 1}
    if w is not None:
        cols["v"] = w
    _csv(p, head, cols, " ")


def _csv(p: Path, header: str, columns: dict[str, np.ndarray], delimiter: str) -> None:
    import pyarrow as pa
    import pyarrow.csv as pc

    tb = pa.table(columns)
    with _open(p) as f:
        f.write(header.encode())
        pc.write_csv(tb, f, write_options=pc.WriteOptions(
            include_header=False, delimiter=delimiter, quoting_style="none"))


def _edges(G: Graph, p: Path, fmt: str, names: list[str] | None = None) -> None:
    r, c, w = _once(G)
    head = ""
    if fmt == "snap":
        head = (f"# {'Directed' if G.directed else 'Undirected'} graph"
                f"{': ' + G.name if G.name else ''}\n"
                f"# Nodes: {G.n_vertices} Edges: {r.size}\n")
    elif not G.directed:
        head = "# Undirected graph\n"
    cols = {"s": r, "d": c}
    if names is not None:                            # each vertex by its name
        table = np.array(names, dtype=object)
        cols = {"s": table[r], "d": table[c]}
    if fmt == "wel" or (fmt == "snap" and w is not None):
        cols["w"] = np.ones(r.size, np.int64) if w is None else w
    _csv(p, head, cols, "\t" if fmt == "snap" else " ")


def _gr(G: Graph, p: Path) -> None:
    w = np.ones(G.n_stored, np.int64) if G.weights is None else G.weights
    head = (f"c {G.name or 'graph'} written by semiring_paths\n"
            f"p sp {G.n_vertices} {G.n_stored}\n")
    _csv(p, head, {"a": np.full(G.n_stored, "a"), "u": G.rows + 1,
                   "v": G.indices.astype(np.int64) + 1, "w": w}, " ")


def _names(G: Graph) -> list[str]:
    """Each vertex's label as the token an edge list of names holds (``labels=True``):
    one token a label, none commented out, none read as two labels' one."""
    if G.labels is None:
        raise ValueError("labels=True writes the vertex labels, but the graph has none")
    names = [str(v) for v in G.labels]
    for i, t in enumerate(names):
        if not t or t != "".join(t.split()) or "," in t or t.startswith(("#", "%")):
            raise ValueError(f"the label of vertex {i}, {G.labels[i]!r}, is not one token "
                             f"of an edge list (empty, a blank or a comma in it, or a "
                             f"comment mark first); .spg keeps any label")
    if len(set(names)) != len(names):
        raise ValueError("two labels are written alike (say 1 and '1'): an edge list of "
                         "names would make them one vertex; .spg keeps them apart")
    return names


def _warn_lost(G: Graph, fmt: str, p: Path, labels: bool) -> None:
    """Say what a text format cannot hold: labels other than the ids themselves (unless
    an edge list writes them, ``labels=True``), and DIMACS's integer arc lengths where
    the weights are not integers."""
    if G.labels is not None and G.labels != list(range(G.n_vertices)) and not labels:
        base = "1..n (id + 1)" if fmt in ("mtx", "gr") else "0..n-1 (their ids)"
        also = ("" if fmt in ("mtx", "gr") else
                "; write(..., labels=True) writes them as names, which "
                "read(..., relabel=True) reads")
        warnings.warn(f"{p.name}: the vertex labels ({G.labels[0]!r}, …) are not written: "
                      f"the file names vertices {base}; .spg keeps labels{also}",
                      UserWarning, stacklevel=3)
    if fmt == "gr" and G.weighted and G.weights.dtype.kind == "f":
        warnings.warn(f"{p.name}: DIMACS arc lengths are integers; these {G.weights.dtype} "
                      "weights are written as decimals, which this library reads back but "
                      "DIMACS tools and GAP do not (.wel or .mtx hold them for all)",
                      UserWarning, stacklevel=3)


def _write_stream(G: Graph, f, format: str | None, labels: bool) -> None:
    """``write`` into an open file, through a temporary one (``io/streams.py``)."""
    from . import detect_by_name

    name = stream_name(f)
    fmt = format or (detect_by_name(Path(name)) if name else None)
    if fmt is None:
        raise ValueError("cannot tell the format of a stream with no name; pass format= "
                         "(mtx, snap, el, wel, gr, spg)")
    gz = bool(name and name.endswith(".gz"))
    with tempfile.TemporaryDirectory(prefix="semiring_paths-") as d:
        tmp = Path(d) / ("stream." + fmt + (".gz" if gz else ""))
        write(G, tmp, format=fmt, labels=labels)
        copy_out(tmp, f, fmt, gz)


def write(G: Graph, path: str | os.PathLike | IO, format: str | None = None, *,
          labels: bool = False) -> None:
    """Write ``G`` to ``path`` in the format its name says (``.mtx``, ``.el``, ``.wel``,
    ``.txt``/``.tsv``/``.edges`` (SNAP), ``.gr``, ``.spg``; ``.gz`` compresses the
    text formats) or ``format``.  Written to a temporary name and renamed: an
    interrupted write leaves no partial file.  ``path`` may be an open file (binary, or
    text for the text formats), the format then from ``format=`` or its ``name``.
    ``.spg`` keeps vertex labels; a text format names vertices by id, with a
    ``UserWarning`` where labels are dropped, except an edge list (SNAP, ``.el``,
    ``.wel``) written with ``labels=True``, whose columns are then the labels as names,
    for ``read(..., relabel=True)`` (a vertex without an edge is not in an edge list).
    An ``.el`` file has no weights (refused for a weighted graph).

    Examples
    --------
    >>> import semiring_paths as sp, tempfile, os
    >>> G = sp.read("karate")
    >>> with tempfile.TemporaryDirectory() as d:
    ...     sp.write(G, os.path.join(d, "karate.mtx"))
    ...     H = sp.read(os.path.join(d, "karate.mtx"))
    >>> (H.n_vertices, H.n_edges, H.directed) == (G.n_vertices, G.n_edges, G.directed)
    True
    """
    from . import detect_by_name

    if hasattr(path, "write"):
        return _write_stream(G, path, format, labels)
    p = as_path(path)
    fmt = format or detect_by_name(p)
    if fmt is None:
        raise ValueError(f"cannot tell the format from the name {p.name!r}; pass "
                         "format= (mtx, snap, el, wel, gr, spg)")
    binary.folder(p)
    if fmt == "spg":
        binary.save(G, p)
        return
    writers = {"mtx": _mtx, "gr": _gr}
    if fmt not in writers and fmt not in ("snap", "el", "wel"):
        raise ValueError(f"unknown format {fmt!r}; valid: mtx, snap, el, wel, gr, spg")
    if fmt == "el" and G.weighted:
        raise ValueError("an .el file has no weights: write .wel (or .mtx) for a "
                         "weighted graph")
    if labels and fmt in writers:
        raise ValueError(f"labels=True writes an edge list of names; a {fmt!r} file "
                         f"numbers its vertices (.spg keeps labels)")
    names = _names(G) if labels else None
    _warn_lost(G, fmt, p, labels)
    tmp = p.with_name(p.name + ".tmp" + (".gz" if p.name.endswith(".gz") else ""))
    try:
        if fmt in writers:
            writers[fmt](G, tmp)
        else:
            _edges(G, tmp, fmt, names)
        os.replace(tmp, p)
    finally:
        if tmp.exists():
            tmp.unlink()
