"""The compiled loops come in behind a new process's first searches, not in front.

numba loads a compiled loop from its disk cache in a fraction of a second, or compiles
it in one to two seconds after an install (``bench_cpu.py``'s first-call rows: rome99,
import + read + SSSP + BFS, 16 s with a cold cache before this, most of it compiling).
A search on a small graph costs milliseconds as GraphBLAS rounds.  So the first search
starts one thread that brings in the loops a first search needs (:func:`start`, given
the calls to make and the loops they run), and until that thread is done a small search
runs as GraphBLAS rounds and a large one waits (:func:`wait`): the rule is the CPU
backend's (``fused.FusedLoops.fused_pays``).

The thread only ever *loads*.  Where a loop is not in the disk cache, a child process
compiles the calls first (:func:`_compile_apart`) and the thread then loads what it
wrote.  numba's type inference wraps each compile in ``warnings.catch_warnings``, which
swaps the process's warning filters and ``showwarning`` for its own while it runs: in a
thread of this process it took the warnings of the user's code meanwhile and handed a
``catch_warnings`` entered meanwhile back its old state (measured with a cold cache:
71 of 520 warnings, each emitted inside a ``catch_warnings(record=True)`` of 5 ms, not
recorded; none once the compile ran in a child).  Where the child cannot compile (no
interpreter to start, a cache that cannot be written), nothing is compiled behind the
user: the loops compile in the foreground, at their first search.

The thread is not a daemon: a process that ends while the child compiles waits for it
rather than cutting numba off in the middle of writing its cache.
"""

from __future__ import annotations

import importlib
import os
import subprocess
import sys
import threading
from collections.abc import Callable, Sequence
from pathlib import Path

__all__ = ["cached", "ready", "start", "wait", "warming"]

_lock = threading.Lock()
_thread: threading.Thread | None = None
_done = threading.Event()
_local = threading.local()
#: the longest a child may take to compile the first search's loops (a few seconds on
#: two cores; beyond this they compile in the foreground instead)
CHILD_TIMEOUT = 600.0


def cached(loop) -> bool:
    """Whether numba holds ``loop`` (a compiled dispatcher) in its disk cache, so that
    its first call here loads it rather than compiling it: its index file exists.  False
    where that cannot be told (numba's cache is not public API)."""
    try:
        return os.path.exists(loop._cache._cache_file._index_path)
    except (AttributeError, OSError):
        return False


def ready() -> bool:
    """Whether the loops are in (loaded or compiled)."""
    return _done.is_set()


def warming() -> bool:
    """Whether this thread is the one bringing them in (its calls run the loops)."""
    return getattr(_local, "on", False)


def start(calls: Callable[[], None], loops: Sequence = ()) -> None:
    """Run ``calls`` (a classmethod) once, in the background, to load ``loops``
    (compiled by a child process first where one is not cached); later calls to
    ``start`` do nothing."""
    global _thread
    with _lock:
        if _thread is not None:
            return
        _thread = threading.Thread(target=_run, args=(calls, tuple(loops)),
                                   name="semiring_paths-warm")
        _thread.start()


def wait(calls: Callable[[], None], loops: Sequence = ()) -> None:
    """Until the loops are in (starting the thread if need be)."""
    start(calls, loops)
    if not warming():
        _done.wait()


def _run(calls: Callable[[], None], loops: tuple) -> None:
    _local.on = True
    try:
        if all(map(cached, loops)) or (_compile_apart(calls) and all(map(cached, loops))):
            calls()                   # loads only: no compile in this process's thread
    except Exception:                 # a real call compiles again and says what is wrong
        pass
    finally:
        _done.set()


def _compile_apart(calls: Callable[[], None]) -> bool:
    """Run ``calls`` in a child process (which writes numba's disk cache); whether it
    finished.  The child finds this package on its own path, else where this process
    found it (appended, so that nothing of the standard library is shadowed); a copy
    found elsewhere caches its own loops, which the check after it sees."""
    owner = getattr(calls, "__self__", None)
    if not sys.executable or getattr(sys, "frozen", False) or not isinstance(owner, type):
        return False                  # (a frozen app's executable would start the app)
    root = str(Path(__file__).resolve().parents[2])         # where this package lies
    code = ("import sys; sys.path.append(sys.argv[1]); "
            "from semiring_paths.cpu.warm import _child; _child()")
    cmd = [sys.executable, "-c", code, root, owner.__module__, owner.__qualname__,
           calls.__name__]
    try:
        return subprocess.run(cmd, stdin=subprocess.DEVNULL,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                              timeout=CHILD_TIMEOUT).returncode == 0
    except (OSError, subprocess.SubprocessError):
        return False


def _child() -> None:
    """The child's side of :func:`_compile_apart`: ``root module qualname name`` in
    argv."""
    module, qualname, name = sys.argv[2:5]
    owner = importlib.import_module(module)
    for part in qualname.split("."):
        owner = getattr(owner, part)
    _local.on = True                  # the calls run the loops, as the thread's do
    getattr(owner, name)()
