"""The binary graph file, ``.spg``: the CSR arrays as they lie in memory, loaded by
memory map (as GAP's ``.sg`` / ``.wsg``, with a version and checksums).

Layout (little-endian)::

    offset  size  field
    0       8     magic  b"SPGRAPH\\0"
    8       4     format version (uint32, currently 1)
    12      4     header length H (uint32, bytes of the JSON header)
    16      4     CRC-32 of the JSON header (uint32)
    20      4     zero
    24      H     JSON header: n_vertices, n_stored, directed, weighted, name, labels,
                  and for each array (indptr, indices, weights) its dtype, element
                  count, byte offset and CRC-32
    ...           the arrays, each at a 64-byte aligned offset: indptr (int64, n + 1),
                  indices (int32 or int64, n_stored), weights (n_stored; absent when
                  unweighted)

Loading checks everything a kernel relies on before handing the arrays out: the magic,
the version, the header's checksum, that every array lies inside the file, that
``indptr`` starts at 0, never decreases and ends at ``n_stored``, that each row's columns
are vertices in increasing order, and that weights are finite; with ``verify=True`` (the
default) also each array's CRC-32, so a flipped byte anywhere is an error, never a wrong
answer.
"""

from __future__ import annotations

import json
import mmap
import os
import struct
import zlib
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import numpy as np

from ..build import is_csr
from ..exceptions import GraphFormatError
from ..ids import label_ids

__all__ = ["MAGIC", "VERSION", "is_binary", "load", "save"]

MAGIC = b"SPGRAPH\0"
VERSION = 1
_FIXED = struct.Struct("<8sIII4x")          # magic, version, header length, header CRC
_ALIGN = 64


def is_binary(p: Path) -> bool:
    try:
        with open(p, "rb") as f:
            return f.read(len(MAGIC)) == MAGIC
    except OSError:
        return False


def _crc(a: np.ndarray) -> int:
    return zlib.crc32(memoryview(np.ascontiguousarray(a)).cast("B"))


def _crcs(arrays: list[np.ndarray]) -> list[int]:
    """CRC-32s of the arrays, two at a time (zlib releases the GIL)."""
    with ThreadPoolExecutor(max_workers=min(len(arrays), os.cpu_count() or 1)) as ex:
        return list(ex.map(_crc, arrays))


def fingerprint(G) -> str:
    """What identifies ``G``'s edges (sizes, direction, each array's type and CRC-32):
    equal for equal graphs, and for another graph unequal but by a CRC collision — a
    resumable output (``apsp(out=…)``) records it to refuse a file made from another."""
    arrays = [G.indptr, G.indices] + ([G.weights] if G.weighted else [])
    crcs = _crcs(arrays)
    return (f"n={G.n_vertices} stored={G.n_stored} "
            f"{'directed' if G.directed else 'undirected'} " +
            " ".join(f"{a.dtype.name}:{c:08x}" for a, c in zip(arrays, crcs)))


def folder(p: Path) -> None:
    """Refuse a file name whose folder does not exist, naming the folder (not the
    temporary file a writer would have opened there)."""
    if not p.parent.is_dir():
        raise FileNotFoundError(f"{p.parent} is not a directory")


def save(G, path: str | os.PathLike) -> None:
    """Write ``G`` as a ``.spg`` file (written to a temporary name, then renamed: a reader
    never sees half a file)."""
    p = Path(path)
    folder(p)
    arrays = {"indptr": np.ascontiguousarray(G.indptr, np.int64),
              "indices": np.ascontiguousarray(G.indices)}
    if G.weighted:
        arrays["weights"] = np.ascontiguousarray(G.weights)
    labels = G.labels
    if labels is not None:
        labels = [_json_label(v) for v in labels]
        for i, v in enumerate(labels):
            if v is _NOT_KEPT:
                v = G.labels[i]
                raise ValueError(
                    f"the label of vertex {i} is {v!r}, a {type(v).__name__}: a .spg "
                    f"file keeps labels that are str, int, float, bool, None or tuples "
                    f"of these (NumPy's scalars of them too)")
    crcs = _crcs(list(arrays.values()))
    meta = {"n_vertices": G.n_vertices, "n_stored": G.n_stored, "directed": G.directed,
            "weighted": G.weighted, "name": G.name, "labels": labels, "arrays": {}}
    # offsets depend on the header's length: settle them in two passes
    off = 0
    for _ in range(2):
        head = json.dumps(meta).encode()
        off = -(-(_FIXED.size + len(head) + 64) // _ALIGN) * _ALIGN
        for (key, a), crc in zip(arrays.items(), crcs):
            meta["arrays"][key] = {"dtype": a.dtype.str, "count": int(a.size),
                                   "offset": off, "crc32": crc}
            off += -(-a.nbytes // _ALIGN) * _ALIGN
    head = json.dumps(meta).encode()
    tmp = p.with_name(p.name + ".tmp")
    with open(tmp, "wb") as f:
        f.write(_FIXED.pack(MAGIC, VERSION, len(head), zlib.crc32(head)))
        f.write(head)
        for key, a in arrays.items():
            f.seek(meta["arrays"][key]["offset"])
            f.write(memoryview(a).cast("B"))
        f.truncate(off)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, p)


def load(path: str | os.PathLike, verify: bool = True) -> dict:
    """The graph's parts over the file's memory map (read-only, shared with the page
    cache): ``indptr``, ``indices``, ``weights``, ``directed``, ``labels``, ``name``, the
    arguments of ``Graph(...)``; every problem is a :class:`GraphFormatError` naming the
    file.  (This module does not import Graph: ``Graph.save`` calls it.)"""
    p = Path(path)
    where = str(p)

    def bad(msg: str) -> GraphFormatError:
        return GraphFormatError(f"corrupt .spg file: {msg}", where)

    try:
        f = open(p, "rb")
    except OSError as e:
        raise GraphFormatError(f"cannot read file: {e}", where) from None
    with f:
        size = os.fstat(f.fileno()).st_size
        fixed = f.read(_FIXED.size)
        if len(fixed) < _FIXED.size:
            raise bad("shorter than its fixed header")
        magic, version, hlen, hcrc = _FIXED.unpack(fixed)
        if magic != MAGIC:
            raise GraphFormatError("not a .spg file (bad magic bytes)", where)
        if version != VERSION:
            raise GraphFormatError(f".spg format version {version} is not supported "
                                   f"(this library reads version {VERSION})", where)
        if hlen > size - _FIXED.size:
            raise bad("its header runs past the end of the file")
        head = f.read(hlen)
        if zlib.crc32(head) != hcrc:
            raise bad("header checksum mismatch")
        try:
            meta = json.loads(head)
            n = int(meta["n_vertices"])
            m = int(meta["n_stored"])
            specs = meta["arrays"]
            weighted = bool(meta["weighted"])
        except (ValueError, KeyError, TypeError) as e:
            raise bad(f"unreadable header ({e})") from None
        mm = mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ) if size else None

    def array(key: str, dtypes: tuple[str, ...], count: int) -> np.ndarray:
        try:
            s = specs[key]
            dt = np.dtype(s["dtype"])
            off = int(s["offset"])
        except (KeyError, TypeError, ValueError) as e:
            raise bad(f"array {key!r}: {e}") from None
        if dt.str not in dtypes:
            raise bad(f"array {key!r} has dtype {dt.str}, expected one of {dtypes}")
        if int(s.get("count", -1)) != count or off < 0 or off + count * dt.itemsize > size:
            raise bad(f"array {key!r} does not fit the file ({count} elements at {off})")
        return np.frombuffer(mm, dt, count, off) if count else np.zeros(0, dt)

    if n < 0 or m < 0:
        raise bad("negative sizes")
    indptr = array("indptr", ("<i8",), n + 1)
    indices = array("indices", ("<i4", "<i8"), m)
    weights = (array("weights", ("<i4", "<i8", "<f4", "<f8"), m) if weighted else None)
    arrays = [a for a in (indptr, indices, weights) if a is not None]
    if verify:
        keys = ["indptr", "indices", "weights"][:len(arrays)]
        for key, got in zip(keys, _crcs(arrays)):
            if got != specs[key].get("crc32"):
                raise bad(f"checksum mismatch in {key!r}")
    if not is_csr(indptr, indices, n):
        raise bad("not a CSR index (row pointers 0 … n_stored, non-decreasing; each "
                  "row's columns increasing and below n_vertices)")
    if weights is not None and weights.dtype.kind == "f" and not np.isfinite(weights).all():
        raise bad("a weight is not a finite number")
    labels = meta.get("labels")
    if labels is not None:
        if not isinstance(labels, list):
            raise bad("labels are not a list")
        labels = [_tupled(v) for v in labels]
        index, why = label_ids(labels, n)
        if index is None:
            raise bad(why)
    return {"indptr": indptr, "indices": indices, "weights": weights,
            "directed": bool(meta.get("directed", True)), "labels": labels,
            "name": meta.get("name")}


_NOT_KEPT = object()


def _json_label(v):
    """A label as JSON keeps it, equal to it and hashed alike (a NumPy scalar as its
    Python value; a tuple goes in as an array and comes back by :func:`_tupled`: a list
    cannot be a label, so an array in the header was a tuple), or ``_NOT_KEPT``."""
    if isinstance(v, np.generic):
        v = v.item()
    if v is None or isinstance(v, (str, bool, int, float)):
        return v
    if type(v) is tuple:
        kept = tuple(_json_label(x) for x in v)
        return _NOT_KEPT if any(x is _NOT_KEPT for x in kept) else kept
    return _NOT_KEPT


def _tupled(v):
    """A label as saved: JSON arrays back to tuples."""
    return tuple(_tupled(x) for x in v) if isinstance(v, list) else v
