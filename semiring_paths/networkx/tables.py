"""NetworkX's rows read where CPython keeps them: each row dict's entry table, compiled.

A row of NetworkX's adjacency (``G._adj[u]``, ``G._pred[u]``) is a dict whose keys are
u's neighbours.  Where the labels are 0 … n-1, each an ``int`` itself
(``convert._counts_up``), every neighbour key equals its node's label, so the hash its
dict stored beside it is that label (``hash(i) == i`` for 0 ≤ i < 2**61 - 1, and equal
keys hash equal: a key ``True`` or ``3.0`` in a row as well).  Read out of the rows'
entry tables, a row is the hashes of its live entries, in the dict's order, and no key
object is touched: NumPy's ``fromiter`` over the keys visits each key object (cold
memory, one miss an entry) to take its value.  Other labels, whose hashes are all
distinct (:func:`label_hashes`), are found by hash in a table of the labels' hashes: the
hash stored in the entry, or in a string key itself, is that of the label the key
equals.

The tables are CPython's private layout (``PyDictObject`` and ``PyDictKeysObject`` of
3.11–3.13, a table of kind ``DICT_KEYS_GENERAL``: 24-byte entries of hash, key, value).
They are read only on those interpreters, built without reference tracing or the
free-threaded option, and after a check at first use against the public iteration, on
dicts built here with deletions and resizes; a row the reader does not expect (a split
or all-string table, a live-entry count other than the dict's own, a hash outside
0 … n-1) hands the whole read back (``None``) and the caller reads the keys by
iteration.  While the reader runs it holds the GIL, so no row can change under it.

Edge weights likewise (:func:`row_weights`): each entry's value is the edge's attribute
dict, in whose table the attribute is found by its key object (the ``weight`` string the
call names, which NetworkX's own ``data.get(weight, 1)`` finds by the same identity
first); the value is read where it is a ``float`` itself (its double) or an ``int``
itself of at most two 30-bit digits (``PyLongObject``: 3.11's signed size, 3.12's tag).
A key that hashes as ``weight`` but is another object, any other value type (a ``bool``,
a NumPy scalar, a string), or a larger int hands the read back.
"""

from __future__ import annotations

import ctypes
import sys
import sysconfig
from collections import OrderedDict
from collections.abc import Sequence
from typing import NamedTuple

import numpy as np
from numba import carray, njit, types
from numba.extending import intrinsic

# offsets of CPython's fields read here, in bytes
_OB_TYPE = 8                                         # PyObject
_MA_USED, _MA_KEYS, _MA_VALUES = 16, 32, 40          # PyDictObject
_DK_HEAD, _DK_NENTRIES, _DK_INDICES = 8, 24, 32      # PyDictKeysObject
_ENTRY_WORDS = 3                                     # PyDictKeyEntry: hash, key, value
_GENERAL, _UNICODE = 0, 1                            # DICT_KEYS_GENERAL, _UNICODE
_STR_HASH = 24                                       # PyASCIIObject.hash
_VALUE, _DIGITS = 16, 24                             # PyFloatObject, PyLongObject
#: PyLongObject's size field: 3.11's signed digit count, or 3.12's tag (count << 3, sign)
_LONG_TAGGED = sys.version_info >= (3, 12)


def _pointer_to(item):
    """An intrinsic taking an address to a pointer to ``item``s (``carray`` makes it an
    array)."""
    @intrinsic
    def at(typingctx, address):
        sig = types.CPointer(item)(types.int64)

        def codegen(context, builder, signature, args):
            return builder.inttoptr(args[0], context.get_value_type(signature.return_type))
        return sig, codegen
    return at


_words_at = _pointer_to(types.int64)        # int64 words from an address on
_doubles_at = _pointer_to(types.float64)    # float64 words from an address on


@njit(cache=True, inline="always")
def _word(address):
    return carray(_words_at(address), 1)[0]


@njit(cache=True, inline="always")
def _table(d):
    """``(first entry's address, entries, words an entry, ok)`` of dict ``d``'s table
    (``ok``: its values are in it, not a split table's, and its kind is known)."""
    keys = _word(d + _MA_KEYS)
    head = _word(keys + _DK_HEAD)
    kind = (head >> 16) & 0xFF
    first = keys + _DK_INDICES + (1 << ((head >> 8) & 0xFF))
    ok = _word(d + _MA_VALUES) == 0 and (kind == _GENERAL or kind == _UNICODE)
    return first, _word(keys + _DK_NENTRIES), 3 if kind == _GENERAL else 2, ok


@njit(cache=True)
def _lengths(objects, dict_type, lengths):
    """Each object's ``ma_used`` (a dict's live entries): True, or False at the first
    object that is not a ``dict`` itself (its ``ob_type``, the header every object has)."""
    for i in range(objects.size):
        if _word(objects[i] + _OB_TYPE) != dict_type:
            return False
        lengths[i] = _word(objects[i] + _MA_USED)
    return True


@njit(cache=True)
def _hashes(dicts, lengths, n, out):
    """Each dict's live entries' hashes, in order, into ``out``: True, or False at the
    first table not as expected (see the module's doc)."""
    k = 0
    for i in range(dicts.size):
        used = lengths[i]
        if used == 0:                    # an empty dict may share CPython's empty table
            continue
        first, entries, width, ok = _table(dicts[i])
        if not ok or width != _ENTRY_WORDS:          # keys of ints: hashes kept beside
            return False
        table = carray(_words_at(first), entries * _ENTRY_WORDS)
        end = k + used
        for j in range(entries):
            if table[_ENTRY_WORDS * j + 1] != 0:          # a live key (deleted: NULL)
                h = table[_ENTRY_WORDS * j]
                if k == end or h < 0 or h >= n:
                    return False
                out[k] = h
                k += 1
        if k != end:
            return False
    return True


@njit(cache=True, inline="always")
def _key_hash(table, width, j):
    """The hash of entry j's key: stored beside it, or (a table of strings) the one
    each str keeps."""
    return table[width * j] if width == 3 else _word(table[width * j] + _STR_HASH)


@njit(cache=True)
def _values_in_order(d, n, expect, out):
    """The values of dict ``d`` (a dict itself of ``n`` items; where ``expect`` is not
    empty, its keys hashing as ``expect`` in order), as addresses, into ``out``: True,
    or False where its table or keys are otherwise."""
    if _word(d + _MA_USED) != n:
        return False
    if n == 0:
        return True
    first, entries, width, ok = _table(d)
    if not ok:
        return False
    table = carray(_words_at(first), entries * width)
    k = 0
    for j in range(entries):
        if table[width * j + width - 2] != 0:
            if k == n or (expect.size and _key_hash(table, width, j) != expect[k]):
                return False
            out[k] = table[width * j + width - 1]
            k += 1
    return k == n


@njit(cache=True)
def _hash_slots(hashes):
    """An open-addressed table of ``hashes`` (slot: index + 1, 0 empty), or an empty
    array where two are equal."""
    size = 1
    while size < 2 * hashes.size:
        size *= 2
    slots = np.zeros(size, np.int64)
    for i in range(hashes.size):
        h = hashes[i]
        j = h & (size - 1)
        while slots[j] != 0:
            if hashes[slots[j] - 1] == h:
                return np.zeros(0, np.int64)
            j = (j + 1) & (size - 1)
        slots[j] = i + 1
    return slots


@njit(cache=True)
def _keys_by_hash(dicts, lengths, hashes, slots, out):
    """Each dict's live keys, as the index of the label hashing alike (``hashes``,
    ``slots``: :func:`_hash_slots`), into ``out``: True, or False at a table not as
    expected or a key whose hash no label has."""
    k, mask = 0, slots.size - 1
    for i in range(dicts.size):
        used = lengths[i]
        if used == 0:
            continue
        first, entries, width, ok = _table(dicts[i])
        if not ok:
            return False
        table = carray(_words_at(first), entries * width)
        end = k + used
        for j in range(entries):
            if table[width * j + width - 2] == 0:
                continue
            if k == end:
                return False
            h = _key_hash(table, width, j)
            at = h & mask
            while slots[at] != 0 and hashes[slots[at] - 1] != h:
                at = (at + 1) & mask
            if slots[at] == 0:
                return False
            out[k] = slots[at] - 1
            k += 1
        if k != end:
            return False
    return True


@njit(cache=True)
def _weights(rows, types_, key, key_hash, tagged, out_f, out_i):
    """Every edge's attribute ``key`` (missing: 1) over the rows at ``rows`` in their
    order, into ``out_f`` (as floats) and ``out_i`` (ints, where every value is one):
    0 where a table or value is not as expected, 1 where every value is an int, 2 where
    some is a float.  ``types_``: the addresses of ``dict``, ``float`` and ``int``."""
    dict_t, float_t, int_t = types_[0], types_[1], types_[2]
    k, floats = 0, False
    for i in range(rows.size):
        row = rows[i]
        if _word(row + _OB_TYPE) != dict_t:
            return 0
        used = _word(row + _MA_USED)
        if used == 0:
            continue
        first, entries, width, ok = _table(row)
        if not ok:
            return 0
        table = carray(_words_at(first), entries * width)
        seen = 0
        for j in range(entries):
            if table[width * j + width - 2] == 0:                 # a deleted entry
                continue
            seen += 1
            if k == out_f.size:
                return 0
            data = table[width * j + width - 1]                   # the edge's dict
            if _word(data + _OB_TYPE) != dict_t:
                return 0
            value = 0
            if _word(data + _MA_USED) > 0:
                dfirst, dentries, dwidth, dok = _table(data)
                if not dok:
                    return 0
                attrs = carray(_words_at(dfirst), dentries * dwidth)
                for e in range(dentries):
                    name = attrs[dwidth * e + dwidth - 2]
                    if name == 0:
                        continue
                    if name == key:
                        value = attrs[dwidth * e + dwidth - 1]
                        break
                    h = attrs[dwidth * e] if dwidth == 3 else _word(name + _STR_HASH)
                    if h == key_hash:            # perhaps an equal key, another object
                        return 0
            if value == 0:                                        # missing: 1
                out_f[k] = 1.0
                out_i[k] = 1
            elif _word(value + _OB_TYPE) == float_t:
                out_f[k] = carray(_doubles_at(value + _VALUE), 1)[0]
                floats = True
            elif _word(value + _OB_TYPE) == int_t:
                size = _word(value + _VALUE)
                if tagged:
                    digits, negative = size >> 3, (size & 3) == 2
                    if (size & 3) == 1:
                        digits = 0
                else:
                    digits, negative = abs(size), size < 0
                if digits > 2:
                    return 0
                both = _word(value + _DIGITS)         # two 30-bit digits in 32-bit words
                low = both & 0x3FFFFFFF
                v = low if digits >= 1 else 0
                if digits == 2:
                    v += ((both >> 32) & 0x3FFFFFFF) << 30
                v = -v if negative else v
                out_i[k] = v
                out_f[k] = float(v)
            else:
                return 0
            k += 1
        if seen != used:
            return 0
    if k != out_f.size:
        return 0
    return 2 if floats else 1


def _layout_known() -> bool:
    """CPython 3.11–3.13 as built by default, and a dict's fields where read here
    (``ob_type`` and ``ma_used`` of dicts built now: a read inside the object itself)."""
    if (sys.implementation.name != "cpython" or not (3, 11) <= sys.version_info[:2] <= (3, 13)
            or sysconfig.get_config_var("Py_GIL_DISABLED") or hasattr(sys, "getobjects")):
        return False
    word = ctypes.c_int64.from_address
    probes = [{}, {1: 1}, dict.fromkeys(range(100))]
    return all(word(id(d) + _OB_TYPE).value == id(dict) and word(id(d) + _MA_USED).value == len(d)
               for d in probes)


def _reads_as_iteration() -> bool:
    """The reader's rows, found in a dict of rows, equal the iteration's on dicts built
    with deletions, reinsertions and resizes, and on rows keyed by strings (by their
    labels' hashes); and it hands back a dict of rows whose keys are not 0 … n-1 in
    order, a table of strings where the labels are 0 … n-1, a hash out of range or no
    label's, labels hashing alike, and a row that is not a ``dict`` itself."""
    grown = dict.fromkeys(range(1000))
    for i in range(0, 1000, 3):
        del grown[i]
    grown[3] = None
    holes = {7: 1, 2: 1, 5: 1}
    del holes[2]
    rows = [{}, {0: 1}, holes, grown, dict.fromkeys([9, True, 4.0])]
    outer = dict(enumerate(rows))
    count = np.arange(len(rows), dtype=np.int64)
    at = _rows(outer, len(rows), count)
    if at is None or at.tolist() != list(map(id, rows)):
        return False
    del outer[1]
    if (_rows(outer, len(rows), count) is not None
            or _rows({1: {}, 0: {}}, 2, count[:2]) is not None):
        return False
    named = {f"v{i}": {f"v{j}": {} for j in range(i, -1, -2)} for i in range(30)}
    labels = label_hashes(list(named))
    named_at = _rows(named, 30, labels.hashes)
    got = _read_at(named_at, 30, labels)
    if got is None or got[1].tolist() != [j for i in range(30) for j in range(i, -1, -2)]:
        return False
    if label_hashes([-1, -2]) is not None or _read_at(named_at, 30, label_hashes(
            [f"v{i}" for i in range(1, 30)])) is not None:
        return False
    got = _read_at(at, 1000)
    want = [hash(k) for row in rows for k in row]
    return (got is not None and got[1].tolist() == want
            and got[0].tolist() == list(map(len, rows))
            and _read([{"a": 1}], 1000) is None and _read([{2000: 1}], 1000) is None
            and _read([{1: 1}, OrderedDict({1: 1})], 1000) is None)


def _reads_weights_as_iteration() -> bool:
    """:func:`_read_weights` gives ``data.get(weight, 1)`` over every edge, value and
    type, on ints of one and two digits, zero and negatives, floats, missing and other
    attributes; and hands back a bool, a NumPy scalar, an int of three digits, a key
    equal to ``weight`` but another object, and a graph's rows keyed by strings."""
    weight = "weight"
    ints = [0, 1, -1, 255, 256, 257, 2**30 - 1, 2**30, 2**31 + 5, -(2**45) - 3, 2**59]

    def adj(values, labels=range(40)):
        rows = {u: {} for u in labels}
        for i, w in enumerate(values):
            rows[labels[i]][labels[i + 1]] = {} if w is None else {"other": 2, weight: w}
        rows[labels[0]][labels[2]] = {"other": 3}
        return rows

    def want(rows):
        return [d.get(weight, 1) for row in rows.values() for d in row.values()]

    for values, kind in ((ints, "i"), ([*ints, 1.5, -0.0, None, float("inf")], "f")):
        for labels in (list(range(40)), [f"v{i}" for i in range(40)]):
            rows = adj(values, labels)
            got = _read_weights(rows, weight)
            if got is None or got.dtype.kind != kind or got.tolist() != want(rows):
                return False
    other = "".join(["wei", "ght"])
    return (all(_read_weights(adj([1, odd]), weight) is None
                for odd in (True, np.float64(2.0), 2**61))
            and _read_weights({0: {1: {other: 2}}}, weight) is None)


_ANY = np.zeros(0, np.int64)


def _rows(adj: dict, n: int, expect: np.ndarray) -> np.ndarray | None:
    if type(adj) is not dict:
        return None
    rows = np.empty(n, np.int64)
    return rows if _values_in_order(id(adj), n, expect, rows) else None


def _read_weights(adj: dict, weight: str) -> np.ndarray | None:
    rows = _rows(adj, len(adj), _ANY)
    if rows is None or type(weight) is not str:
        return None
    lengths = np.empty(rows.size, np.int64)
    if not _lengths(rows, id(dict), lengths):
        return None
    m = int(lengths.sum())
    out_f, out_i = np.empty(m, np.float64), np.empty(m, np.int64)
    kinds = np.array([id(dict), id(float), id(int)], np.int64)
    got = _weights(rows, kinds, id(weight), hash(weight), _LONG_TAGGED, out_f, out_i)
    return None if got == 0 else out_i if got == 1 else out_f


def _read(rows: Sequence[dict], n: int) -> tuple[np.ndarray, np.ndarray] | None:
    return _read_at(np.fromiter(map(id, rows), np.int64, len(rows)), n)


def _read_at(dicts: np.ndarray, n: int, labels: Labels | None = None
             ) -> tuple[np.ndarray, np.ndarray] | None:
    lengths = np.empty(dicts.size, np.int64)
    if not _lengths(dicts, id(dict), lengths):
        return None
    keys = np.empty(int(lengths.sum()), np.int64)
    ok = (_hashes(dicts, lengths, n, keys) if labels is None
          else _keys_by_hash(dicts, lengths, labels.hashes, labels.slots, keys))
    return (lengths, keys) if ok else None


class Labels(NamedTuple):
    """The node labels' hashes in order, and a table of them (:func:`label_hashes`)."""
    hashes: np.ndarray
    slots: np.ndarray


def label_hashes(nodes: list) -> Labels | None:
    """The labels' hashes and their table, for reading rows keyed by any labels
    (:func:`row_tables`, :func:`read_rows`): a row's key equals one label, so it hashes as
    that one; None where two labels hash alike (``-1`` and ``-2`` do), or an unhashable
    label raises."""
    try:
        hashes = np.fromiter(map(hash, nodes), np.int64, len(nodes))
    except TypeError:
        return None
    slots = _hash_slots(hashes)
    return Labels(hashes, slots) if slots.size else None


_READABLE: list[bool] = []


def readable() -> bool:
    """Whether rows are read from their tables here (decided once)."""
    if not _READABLE:
        _READABLE.append(_layout_known() and _reads_as_iteration()
                         and _reads_weights_as_iteration())
    return _READABLE[0]


def row_tables(adj: dict, n: int, labels: Labels | None = None) -> np.ndarray | None:
    """Where each row of ``adj`` (NetworkX's ``G._adj`` or ``G._pred``, its keys the
    labels 0 … n-1 in order, or those of ``labels`` in order) is, for :func:`read_rows`:
    read from ``adj``'s own table, no row touched; None where this interpreter's tables
    are not read here, or ``adj`` is not a ``dict`` itself keyed so.  Good while the
    graph is not changed: taken afresh by each call, never kept."""
    if not readable():
        return None
    return _rows(adj, n, np.arange(n, dtype=np.int64) if labels is None else labels.hashes)


def read_rows(tables: np.ndarray, n: int, labels: Labels | None = None
              ) -> tuple[np.ndarray, np.ndarray] | None:
    """``(lengths, keys)`` of the rows at ``tables`` (some of :func:`row_tables`'s): each
    row's live entries and all their keys as indices, row after row in each dict's
    order — the hashes themselves where the labels are 0 … n-1, else the index of the
    label of ``labels`` that hashes alike; None where a row's table is not as expected
    (see the module's doc), a key's hash is no label's, or a row is not a ``dict``
    itself (a graph class's own row type): the caller then reads the keys by
    iteration."""
    return _read_at(tables, n, labels)


def row_weights(adj: dict, weight: str) -> np.ndarray | None:
    """Every edge's ``weight`` (missing: 1) in ``adj``'s order — ``for u in adj: for v
    in adj[u]``, NetworkX's ``G._adj`` of a graph that is not a multigraph — as int64
    where every value is an ``int`` itself, else float64 (the ints as floats, as NumPy
    makes a list of both); None where this interpreter's tables are not read here, or
    a table or value is not as expected (see the module's doc): the caller then reads
    them by iteration."""
    return _read_weights(adj, weight) if readable() else None
