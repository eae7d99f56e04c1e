"""Graphs read from and written to open files (``open(...)``, ``io.BytesIO``, a member of
a zip archive, an HTTP response), as ``scipy.io.mmread`` and NetworkX's readers take them.

The readers parse files by name (pyarrow reads them at C speed; ``.spg`` loads by memory
map), so a stream's bytes go to a temporary file first, read as a file of that format
would be and then removed; a ``.spg`` read this way is copied out of its map.  The format
comes from ``format=``, else the stream's own name (``f.name``), else its content (as for
a file without an extension); errors name the stream (its name, or ``<stream>``), not the
temporary file.
"""

from __future__ import annotations

import io
import os
import shutil
import tempfile
from pathlib import Path
from typing import Any

import numpy as np

from ..exceptions import GraphFormatError
from ..graph import Graph

__all__ = ["is_stream", "read_stream", "write_stream"]


def is_stream(x: Any) -> bool:
    """An open file-like object rather than a path."""
    return hasattr(x, "read") or hasattr(x, "write")


def _name(f: Any) -> str | None:
    name = getattr(f, "name", None)
    return name if isinstance(name, str) and name else None


def _stem(name: str | None) -> str | None:
    if name is None:
        return None
    base = Path(name).name
    base = base[:-3] if base.endswith(".gz") else base
    return base.rsplit(".", 1)[0] if "." in base else base


def read_stream(f: Any, format: str | None, **kw) -> Graph:
    """``read`` of what ``f.read()`` gives (bytes, or text taken as UTF-8)."""
    from . import detect_by_name, read

    if not hasattr(f, "read"):
        raise TypeError(f"cannot read a graph from {type(f).__name__}: it has no read()")
    name = _name(f)
    shown = name or "<stream>"
    fmt = format or (detect_by_name(Path(name)) if name else None)
    with tempfile.TemporaryDirectory(prefix="semiring_paths-") as d:
        tmp = Path(d) / "stream"
        with open(tmp, "wb") as out:
            first = f.read(1 << 20)
            text = isinstance(first, str)
            while first:
                out.write(first.encode("utf-8") if text else first)
                first = f.read(1 << 20)
        try:
            G = read(tmp, format=fmt, **kw)
        except GraphFormatError as e:
            raise GraphFormatError(e.message, shown, e.line) from None
        if _mapped(G):                          # a .spg: out of the file's map
            G = Graph(np.array(G.indptr), np.array(G.indices),
                      None if G.weights is None else np.array(G.weights),
                      directed=G.directed, labels=G.labels)
    G.name = _stem(name)
    return G


def _mapped(G: Graph) -> bool:
    return any(isinstance(a, np.memmap) or isinstance(getattr(a, "base", None), np.memmap)
               for a in (G.indptr, G.indices, G.weights) if a is not None)


def write_stream(G: Graph, f: Any, format: str | None) -> None:
    """``write`` into ``f`` (bytes; text for a text-mode file, the formats that are
    text), the format from ``format=`` or ``f.name``."""
    from . import detect_by_name
    from .write import write

    name = _name(f)
    fmt = format or (detect_by_name(Path(name)) if name else None)
    if fmt is None:
        raise ValueError("cannot tell the format of a stream with no name; pass format= "
                         "(mtx, snap, el, wel, gr, spg)")
    text = isinstance(f, io.TextIOBase)
    gz = bool(name and name.endswith(".gz"))
    if text and (fmt == "spg" or gz):
        raise ValueError(f"a {'.spg' if fmt == 'spg' else 'gzip'} file is binary: open the "
                         "stream in binary mode ('wb')")
    with tempfile.TemporaryDirectory(prefix="semiring_paths-") as d:
        tmp = Path(d) / ("stream." + fmt + (".gz" if gz else ""))
        write(G, tmp, format=fmt)
        with open(tmp, "rb") as src:
            if text:
                f.write(src.read().decode("utf-8"))
            else:
                shutil.copyfileobj(src, f)
    if hasattr(f, "flush"):
        f.flush()


def as_path(path: Any) -> Path:
    """A path given as ``str``, ``bytes`` or ``os.PathLike``."""
    return Path(os.fsdecode(path) if isinstance(path, bytes) else path)
