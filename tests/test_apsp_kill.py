"""``apsp(out=…)`` survives SIGKILL: the writing process is killed at random moments,
run again each time, and the file it finishes equals an uninterrupted run's."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time

import numpy as np
import pytest

import semiring_paths as sp

SCRIPT = """
import sys, semiring_paths as sp
sp.apsp(sp.read("rome99"), batch=64, out=sys.argv[1], progress=False, backend="cpu")
"""


@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL")
def test_killed_runs_resume_to_the_same_file(tmp_path):
    want = np.vstack([b for _, b in sp.apsp(sp.read("rome99"), batch=64, backend="cpu",
                                             progress=False)])
    out = tmp_path / "d.npy"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    rng = random.Random(7)
    killed, partial = 0, 0
    record = tmp_path / "d.npy.progress.json"
    blocks = -(-want.shape[0] // 64)
    # one whole run first: it fills the compile cache
    subprocess.run([sys.executable, "-c", SCRIPT, str(out)], env=env, timeout=300,
                   check=True)
    out.unlink()
    record.unlink(missing_ok=True)

    def recorded() -> int:
        try:
            return len(json.loads(record.read_text())["done"])   # never half a record
        except (FileNotFoundError, json.JSONDecodeError):
            return 0

    for _ in range(6):
        # the kill lands in the writing phase however fast or loaded the machine is:
        # once the run has recorded one more block than before, after a random wait
        # shorter than a block takes
        before = recorded()
        p = subprocess.Popen([sys.executable, "-c", SCRIPT, str(out)], env=env)
        deadline = time.monotonic() + 300
        while p.poll() is None and recorded() <= before and time.monotonic() < deadline:
            time.sleep(0.002)
        time.sleep(rng.uniform(0.0, 0.004))
        if p.poll() is None:
            p.send_signal(signal.SIGKILL)
            killed += 1
        p.wait()
        partial += 0 < recorded() < blocks
    r = subprocess.run([sys.executable, "-c", SCRIPT, str(out)], env=env, timeout=300)
    assert r.returncode == 0
    assert killed >= 1 and partial >= 1, "no kill landed mid-run: nothing was tested"
    assert np.array_equal(np.load(out), want)
    assert not list(tmp_path.glob("*.tmp"))
