"""The compiled loops come in behind a new process's first searches, not in front.

numba loads a compiled loop from its disk cache in a fraction of a second, or compiles
it in one to two seconds after an install (``bench_cpu.py``'s first-call rows: rome99,
import + read + SSSP + BFS, 16 s with a cold cache before this, most of it compiling).
A search on a small graph costs milliseconds as GraphBLAS rounds.  So the first search
starts one thread that loads or compiles the loops a first search needs (:func:`start`,
given the calls to make), and until that thread is done a small search runs as GraphBLAS
rounds and a large one waits (:func:`wait`): the rule is the CPU backend's
(``fused.FusedLoops.fused_pays``).

The thread is not a daemon: a process that ends while it compiles waits for it rather
than cutting numba off in the middle of writing its cache.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable

__all__ = ["cached", "ready", "start", "wait", "warming"]

_lock = threading.Lock()
_thread: threading.Thread | None = None
_done = threading.Event()
_local = threading.local()


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


def start(calls: Callable[[], None]) -> None:
    """Run ``calls`` once, in the background (later calls to ``start`` do nothing)."""
    global _thread
    with _lock:
        if _thread is not None:
            return
        _thread = threading.Thread(target=_run, args=(calls,), name="semiring_paths-warm")
        _thread.start()


def wait(calls: Callable[[], None]) -> None:
    """Until the loops are in (starting the thread if need be)."""
    start(calls)
    if not warming():
        _done.wait()


def _run(calls: Callable[[], None]) -> None:
    _local.on = True
    try:
        calls()
    except Exception:                 # a real call compiles again and says what is wrong
        pass
    finally:
        _done.set()
