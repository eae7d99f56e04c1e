"""Open files (``open(...)``, ``io.BytesIO``, a member of a zip archive, an HTTP
response) as ``read`` and ``write`` take them, as ``scipy.io.mmread`` and NetworkX's
readers do.

The readers parse files by name (pyarrow reads them at C speed; ``.spg`` loads by memory
map), so ``read`` copies a stream's bytes into a temporary file first and reads that as
a file of its format (a ``.spg`` copied out of its map before the file goes), and
``write`` writes a temporary file and copies it into the stream.  The format comes from
``format=``, else the stream's own name (``f.name``), else (reading) its content, as for
a file without an extension; errors name the stream (its name, or ``<stream>``), not the
temporary file.  The helpers here; the two functions' own modules use them.
"""

from __future__ import annotations

import io
import os
import shutil
from pathlib import Path
from typing import Any

import numpy as np

from ..graph import Graph

__all__ = ["as_path", "copy_out", "is_stream", "spill", "stream_name", "unmapped"]


def is_stream(x: Any) -> bool:
    """An open file-like object rather than a path."""
    return hasattr(x, "read") or hasattr(x, "write")


def as_path(path: Any) -> Path:
    """A path given as ``str``, ``bytes`` or ``os.PathLike``."""
    return Path(os.fsdecode(path) if isinstance(path, bytes) else path)


def stream_name(f: Any) -> str | None:
    """The stream's file name, where it has one (``open`` gives it; ``BytesIO`` not)."""
    name = getattr(f, "name", None)
    return name if isinstance(name, str) and name else None


def spill(f: Any, path: Path) -> None:
    """What ``f.read()`` gives (bytes, or text written as UTF-8) into ``path``, a MiB at
    a time."""
    if not hasattr(f, "read"):
        raise TypeError(f"cannot read a graph from {type(f).__name__}: it has no read()")
    with open(path, "wb") as out:
        while chunk := f.read(1 << 20):
            out.write(chunk.encode("utf-8") if isinstance(chunk, str) else chunk)


def unmapped(G: Graph) -> Graph:
    """``G`` with its arrays in memory where they were mapped from a file (a ``.spg``)."""
    if not any(isinstance(a, np.memmap) or isinstance(getattr(a, "base", None), np.memmap)
               for a in (G.indptr, G.indices, G.weights) if a is not None):
        return G
    return Graph(np.array(G.indptr), np.array(G.indices),
                 None if G.weights is None else np.array(G.weights),
                 directed=G.directed, labels=G.labels, name=G.name)


def copy_out(path: Path, f: Any, fmt: str, gz: bool) -> None:
    """The written file ``path`` into ``f``: bytes, or text into a text-mode file (the
    text formats, not gzipped)."""
    if isinstance(f, io.TextIOBase):
        if fmt == "spg" or gz:
            raise ValueError(f"a {'.spg' if fmt == 'spg' else 'gzip'} file is binary: open "
                             "the stream in binary mode ('wb')")
        f.write(path.read_bytes().decode("utf-8"))
    else:
        with open(path, "rb") as src:
            shutil.copyfileobj(src, f)
    if hasattr(f, "flush"):
        f.flush()
