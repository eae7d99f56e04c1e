"""pytest plugin for running NetworkX's own test suite against our backend.

Counts, per function, the calls our backend served (``dispatch_counts``) and the calls
NetworkX routed back to itself (its debug log: "Falling back ..."), and writes both with
the session's exit status to the JSON file named by ``SP_DISPATCH_REPORT``.
"""

from __future__ import annotations

import json
import logging
import os
from collections import Counter

fallbacks: Counter = Counter()


class _FallbackCounter(logging.Handler):
    def emit(self, record: logging.LogRecord) -> None:
        text = str(record.msg)
        if "alling back" in text and record.args and len(record.args) >= 2:
            fallbacks[str(record.args[1])] += 1


def pytest_configure(config):
    log = logging.getLogger("networkx.utils.backends")
    log.setLevel(logging.DEBUG)
    log.addHandler(_FallbackCounter(level=logging.DEBUG))
    log.propagate = False


def pytest_sessionfinish(session, exitstatus):
    from semiring_paths.networkx import dispatch_counts

    path = os.environ.get("SP_DISPATCH_REPORT")
    if path:
        with open(path, "w") as f:
            json.dump({"served": dict(dispatch_counts), "fallbacks": dict(fallbacks),
                       "exitstatus": int(exitstatus),
                       "passed": session.testscollected - session.testsfailed,
                       "failed": session.testsfailed}, f)
