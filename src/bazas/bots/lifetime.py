"""Worker processes that leave with the process they work for.

The pools of this project (the bench's, the solver pool's, the table server's) start their workers
from a forkserver, so a worker is the forkserver's child and not its owner's: when the owner dies
(stopped with SIGTERM or SIGKILL, or crashing) nothing ends the workers, which go on computing the
jobs already queued for nobody, on machines that others share. Each worker therefore watches its
owner and leaves once it is gone.
"""

from __future__ import annotations

import os
import threading
import time

__all__ = ["exit_with"]


def exit_with(pid: int, every: float = 1.0) -> None:
    """End this process (``os._exit``) within about ``every`` seconds of process ``pid`` ending:
    a daemon thread polls it (a solve in C releases the GIL, so the thread runs meanwhile)."""
    threading.Thread(target=_watch, args=(pid, every), name="bazas-exit-with", daemon=True).start()


def _watch(pid: int, every: float) -> None:
    while True:
        time.sleep(every)
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            os._exit(0)
        except PermissionError:  # pragma: no cover - another user's process took the pid: ours is gone
            os._exit(0)
