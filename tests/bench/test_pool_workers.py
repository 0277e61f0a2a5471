"""The process pools' workers leave with their owner: they are a forkserver's children, not the
owner's, and killed bench runs left them computing queued deals for nobody (6 December)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]

#: A pool owner that starts two workers busy for a minute, prints their pids and waits.
OWNER = {
    "bench": "from bazas.bench.bots import process_pool\npool = process_pool(2)",
    "solver pool": "from bazas.bots.dds import SolverPool\npool = SolverPool(2)._executor",
}


def _alive(pid: int) -> bool:
    """Whether process ``pid`` runs (a zombie, dead but not reaped, does not)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except (FileNotFoundError, ProcessLookupError):
        return False
    return "\nState:\tZ" not in status


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="reads /proc")
@pytest.mark.parametrize("owner", list(OWNER))
def test_pool_workers_leave_when_their_owner_is_killed(tmp_path: Path, owner: str) -> None:
    script = tmp_path / "owner.py"
    script.write_text(OWNER[owner] + "\n" + textwrap.dedent("""
        import time
        if __name__ == "__main__":
            futures = [pool.submit(time.sleep, 60) for _ in range(4)]
            while len(pool._processes) < 2:
                time.sleep(0.05)
            time.sleep(0.5)
            print(" ".join(str(pid) for pid in pool._processes), flush=True)
            time.sleep(120)
        """), encoding="utf-8")
    proc = subprocess.Popen([sys.executable, str(script)], cwd=REPO, stdout=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None
        pids = [int(p) for p in proc.stdout.readline().split()]
        assert len(pids) == 2 and all(_alive(p) for p in pids)
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=30)
    deadline = time.monotonic() + 60
    while any(_alive(p) for p in pids) and time.monotonic() < deadline:
        time.sleep(0.2)
    left = [p for p in pids if _alive(p)]
    for p in left:  # do not leave them running if the check fails
        os.kill(p, signal.SIGKILL)
    assert not left, f"workers {left} outlived their owner"
