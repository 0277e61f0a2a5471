"""The repository seen from the event loop: one writer thread with group commit, reads in threads.

Table actors ``await store.append(...)`` and only broadcast once it returns: the events are then
committed. The writer thread takes every append waiting in its queue and commits them in one
transaction (hundreds of tables acting at once cost one commit, not hundreds); if a batch fails it
retries each append alone so one bad append fails only its own caller.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import queue
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from sqlalchemy import Connection

from bazas.storage import Append, Repository

log = logging.getLogger("bazas.server.store")

T = TypeVar("T")
MAX_BATCH = 512


@dataclass
class _Job:
    loop: asyncio.AbstractEventLoop
    future: asyncio.Future[Any]
    append: Append | None = None
    call: Callable[[], Any] | None = None


@dataclass
class WriterStats:
    commits: int = 0
    appends: int = 0
    seconds: float = 0.0
    largest_batch: int = 0
    failures: int = 0
    slowest: float = 0.0

    def to_dict(self) -> dict[str, Any]:
        return {"commits": self.commits, "appends": self.appends, "seconds": round(self.seconds, 3),
                "largest_batch": self.largest_batch, "failures": self.failures, "slowest_ms": round(self.slowest * 1000, 1)}


class AsyncStore:
    """``inline`` (SQLite's default): appends are committed on the event loop itself, all those
    made during one turn of the loop in one transaction (an SQLite commit in WAL mode does not wait
    for the disk, and this saves two thread switches per action). Otherwise (PostgreSQL: a
    network round trip) a writer thread commits them."""

    def __init__(self, repository: Repository, inline: bool | None = None) -> None:
        self.repository = repository
        self.stats = WriterStats()
        self.inline = repository.engine.dialect.name == "sqlite" if inline is None else inline
        self._batch: list[tuple[Append, asyncio.Future[None]]] = []
        self._connection: Connection | None = None
        self._queue: queue.SimpleQueue[_Job | None] = queue.SimpleQueue()
        self._thread = threading.Thread(target=self._run, name="bazas-db-writer", daemon=True)
        self._thread.start()
        self._stop = threading.Event()
        self._checkpointer: threading.Thread | None = None
        if repository.engine.dialect.name == "sqlite":
            self._checkpointer = threading.Thread(target=self._checkpoints, name="bazas-db-checkpoint", daemon=True)
            self._checkpointer.start()

    def _checkpoints(self, every: float = 2.0) -> None:
        while not self._stop.wait(every):
            try:
                self.repository.checkpoint()
            except Exception as exc:  # a busy database: try again later
                log.debug("checkpoint skipped: %s", exc)

    # -- writes -----------------------------------------------------------------------------------
    async def append(self, append: Append) -> None:
        """Store ``append``; returns once it is committed (raises if it could not be)."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[None] = loop.create_future()
        if self.inline:
            if not self._batch:
                loop.call_soon(self._flush)
            self._batch.append((append, future))
        else:
            self._queue.put(_Job(loop, future, append=append))
        await future

    def _flush(self) -> None:
        batch, self._batch = self._batch, []
        if not batch:
            return
        t0 = time.perf_counter()
        try:
            if self._connection is None:
                self._connection = self.repository.engine.connect()
            self.repository.append([a for a, _ in batch], self._connection)
        except Exception:
            if len(batch) > 1:  # isolate the failing append
                for a, f in batch:
                    self._batch = [(a, f)]
                    self._flush()
                return
            self.stats.failures += 1
            a, f = batch[0]
            exc = sys.exc_info()[1]
            log.error("could not store events of table %s: %s", a.table_id, exc)
            if not f.done():
                f.set_exception(exc if exc is not None else RuntimeError("store failed"))
            return
        spent = time.perf_counter() - t0
        self.stats.commits += 1
        self.stats.appends += len(batch)
        self.stats.seconds += spent
        self.stats.slowest = max(self.stats.slowest, spent)
        self.stats.largest_batch = max(self.stats.largest_batch, len(batch))
        for _, f in batch:
            if not f.done():
                f.set_result(None)

    async def write(self, fn: Callable[..., T], *args: Any) -> T:
        """Run a write ``fn(*args)`` in order with the appends (on the loop when ``inline``: one
        SQLite writer, never two fighting over the lock; else on the writer thread)."""
        if self.inline:
            self._flush()
            return fn(*args)
        loop = asyncio.get_running_loop()
        future: asyncio.Future[T] = loop.create_future()
        self._queue.put(_Job(loop, future, call=lambda: fn(*args)))
        return await future

    # -- reads ------------------------------------------------------------------------------------
    async def read(self, fn: Callable[..., T], *args: Any) -> T:
        """Run a read ``fn(*args)`` in a worker thread (SQLite WAL: readers never wait for the writer)."""
        return await asyncio.to_thread(fn, *args)

    def close(self) -> None:
        self._stop.set()
        if self._connection is not None:
            with contextlib.suppress(Exception):
                self._connection.close()
        self._queue.put(None)
        self._thread.join(timeout=10)
        if self._checkpointer is not None:
            self._checkpointer.join(timeout=10)
        self.repository.close()

    # -- the writer thread ------------------------------------------------------------------------
    def _run(self) -> None:
        while True:
            job = self._queue.get()
            if job is None:
                return
            if job.call is not None:
                self._finish([job], self._call(job.call))
                continue
            batch = [job]
            stop = False
            pending_call: _Job | None = None
            while len(batch) < MAX_BATCH:
                try:
                    nxt = self._queue.get_nowait()
                except queue.Empty:
                    break
                if nxt is None:
                    stop = True
                    break
                if nxt.call is not None:
                    pending_call = nxt
                    break
                batch.append(nxt)
            self._commit(batch)
            if pending_call is not None and pending_call.call is not None:
                self._finish([pending_call], self._call(pending_call.call))
            if stop:
                return

    def _call(self, fn: Callable[[], Any]) -> tuple[Any, BaseException | None]:
        try:
            return fn(), None
        except BaseException as exc:  # handed to the awaiting coroutine
            return None, exc

    def _commit(self, batch: list[_Job]) -> None:
        appends = [j.append for j in batch if j.append is not None]
        t0 = time.perf_counter()
        try:
            self.repository.append(appends)
        except BaseException as exc:
            if len(batch) == 1:
                self.stats.failures += 1
                log.error("could not store events of table %s: %s", appends[0].table_id, exc)
                self._finish(batch, (None, exc))
                return
            for job in batch:  # isolate the failing append
                self._commit([job])
            return
        self.stats.commits += 1
        self.stats.appends += len(batch)
        spent = time.perf_counter() - t0
        self.stats.seconds += spent
        self.stats.slowest = max(self.stats.slowest, spent)
        self.stats.largest_batch = max(self.stats.largest_batch, len(batch))
        self._finish(batch, (None, None))

    @staticmethod
    def _finish(jobs: list[_Job], outcome: tuple[Any, BaseException | None]) -> None:
        value, exc = outcome
        for job in jobs:
            job.loop.call_soon_threadsafe(_resolve, job.future, value, exc)


def _resolve(future: asyncio.Future[Any], value: Any, exc: BaseException | None) -> None:
    if future.done():
        return
    if exc is not None:
        future.set_exception(exc)
    else:
        future.set_result(value)
