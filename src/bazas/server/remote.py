"""Bot and analysis work shared by every server through Redis streams (issue 14): ``bazas worker``.

Why Redis streams (and not Dask or Ray): the work is small jobs (a bot's card, a hint, a claim
check, a deal's double-dummy analysis: 10 ms to a few seconds) that must start within milliseconds
and come back to the one server process that asked; the site already runs Redis for its events;
streams give exactly what is needed and nothing more: a durable queue read by a consumer group (each
job to one worker), a pending list per worker (a job whose worker dies is claimed again by another),
and a plain client on every machine (``redis`` from PyPI, no scheduler process to keep alive). Dask
and Ray bring a scheduler of their own, serialise Python objects (our jobs are plain JSON: records,
seat names, numbers) and are built for task graphs and long computations, not for thousands of
10 ms decisions with deadlines.

The queue, as the server sees it (:class:`RemoteWorkerPool`, a drop-in for the process pool):

- three streams by priority (``bazas:jobs:0`` decisions and hints, ``:1`` meanings and claim
  requests, ``:2`` analyses); a worker always takes the most urgent job first;
- each job carries its **deadline** (epoch seconds): a worker skips a job whose server has already
  given up, and the server falls back (a bot's safe action) when no answer came in time;
- **fair share per table**: a server sends at most ``BAZAS_REMOTE_INFLIGHT`` jobs at once, handed
  out by :class:`~bazas.server.scheduler.FairSlots` round robin between its tables (a table with
  many jobs waits its turn behind one with a single decision), so the shared streams hold every
  server's tables in fair proportions;
- **retries**: every worker keeps a heartbeat key (``bazas:worker:NAME``, 2 s); the pending jobs of
  a worker whose key expired (it died, kill -9 included) are claimed by another worker
  (``XCLAIM``) and run again, at most ``MAX_DELIVERIES`` times;
- the answer goes to the asking server's list ``bazas:replies:SERVER`` (``RPUSH``/``BLPOP``).

The functions a worker runs are those of :mod:`bazas.server.workers`, by name, and those its
command line adds (``bazas worker`` adds the deals of ``bazas bench bots``): nothing else is
callable from the queue; their arguments and results are JSON.

``bazas bench bots --redis-url`` sends its deals to the same streams (the least urgent one, behind
every table's decisions) through :class:`JobBatch` and gathers the answers: a long bench is a
matter of adding workers on more machines.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import secrets
import signal
import threading
import time
from collections.abc import Callable, Hashable, Iterator
from typing import Any, TypeVar

from . import workers
from .scheduler import WorkerPool
from .settings import Settings

log = logging.getLogger("bazas.server.remote")

T = TypeVar("T")
STREAMS = ("bazas:jobs:0", "bazas:jobs:1", "bazas:jobs:2")
GROUP = "workers"
MAX_DELIVERIES = 3
#: Seconds a worker's heartbeat key lives (renewed every third of it).
WORKER_TTL = 2.0
#: The functions a worker runs (by name).
FUNCTIONS: dict[str, Callable[..., Any]] = {f.__name__: f for f in (
    workers.decide, workers.explain_calls, workers.check_claim, workers.analyse, workers.ping)}


def _stream(priority: int) -> str:
    return STREAMS[max(0, min(len(STREAMS) - 1, priority))]


class RemoteWorkerPool(WorkerPool):
    """The server's side of the queue: ``run(fn, *args, timeout, key, priority)`` like the
    process pool, answered by ``bazas worker`` processes anywhere."""

    def __init__(self, settings: Settings, redis_url: str, server: str, inflight: int | None = None) -> None:
        super().__init__(settings)
        import redis.asyncio as aioredis

        self.size = inflight or int(os.environ.get("BAZAS_REMOTE_INFLIGHT") or 64)
        self.slots.size = self.size
        self.redis: Any = aioredis.Redis.from_url(redis_url, decode_responses=True)
        self.replies = f"bazas:replies:{server}"
        self._futures: dict[str, asyncio.Future[Any]] = {}
        self._reader: asyncio.Task[None] | None = None
        #: Jobs sent and answered (health and benches).
        self.sent = 0
        self.answered = 0

    def warm_up(self) -> None:
        pass

    async def run(self, fn: Callable[..., T], *args: Any, timeout: float, key: Hashable = "",
                  priority: int = 0, owner: Hashable | None = None) -> T:
        name = fn.__name__
        if FUNCTIONS.get(name) is not fn:
            raise ValueError(f"{name} is not a function bazas workers run (known: {', '.join(sorted(FUNCTIONS))})")
        async with self.slots.hold(key, priority, owner):
            if self._reader is None or self._reader.done():
                self._reader = asyncio.create_task(self._read(), name="bazas-remote-replies")
            job_id = secrets.token_hex(8)
            future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
            self._futures[job_id] = future
            job = {"id": job_id, "fn": name, "args": list(args), "reply": self.replies,
                   "deadline": time.time() + timeout, "table": str(key)}
            try:
                await self.redis.xadd(_stream(priority), {"job": json.dumps(job)}, maxlen=200_000, approximate=True)
                self.sent += 1
                value: T = await asyncio.wait_for(future, timeout)
                return value
            finally:
                self._futures.pop(job_id, None)

    async def _read(self) -> None:
        while True:
            try:
                item = await self.redis.blpop([self.replies], timeout=1)
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                log.warning("reading workers' answers failed: %s", exc)
                await asyncio.sleep(0.5)
                continue
            if item is None:
                continue
            try:
                reply = json.loads(item[1])
            except ValueError:
                continue
            future = self._futures.get(reply.get("id", ""))
            if future is None or future.done():
                continue  # too late (the deadline passed) or a retried job's second answer
            self.answered += 1
            if reply.get("ok"):
                future.set_result(reply.get("value"))
            else:
                future.set_exception(RuntimeError(f"worker: {reply.get('error')}"))

    def close(self) -> None:
        if self._reader is not None:
            self._reader.cancel()
        with contextlib.suppress(Exception):
            loop = asyncio.get_running_loop()
            loop.create_task(self.redis.aclose())


# -- the worker ----------------------------------------------------------------------------------
class Worker:
    """One ``bazas worker`` process: takes jobs from the streams, most urgent first, and answers.
    ``functions``: more functions it runs by name (beside the server's), e.g. the bench's deals."""

    def __init__(self, redis_url: str, name: str, kind: str = "dds",
                 functions: dict[str, Callable[..., Any]] | None = None) -> None:
        import redis

        self.name = name
        self.kind = kind
        self.functions = {**FUNCTIONS, **(functions or {})}
        self.redis: Any = redis.Redis.from_url(redis_url, decode_responses=True)
        self.stop = threading.Event()
        self.done = 0
        self.retried = 0

    def setup(self) -> None:
        import redis

        for stream in STREAMS:
            try:
                self.redis.xgroup_create(stream, GROUP, id="0", mkstream=True)
            except redis.ResponseError as exc:
                if "BUSYGROUP" not in str(exc):
                    raise

    def _beat(self) -> None:
        while not self.stop.is_set():
            with contextlib.suppress(Exception):
                self.redis.set(f"bazas:worker:{self.name}", str(os.getpid()), px=int(WORKER_TTL * 1000))
            self.stop.wait(WORKER_TTL / 3)

    def run(self) -> None:
        workers.init_worker(self.kind)
        self.setup()
        threading.Thread(target=self._beat, name="bazas-worker-heartbeat", daemon=True).start()
        last_reclaim = 0.0
        while not self.stop.is_set():
            if time.monotonic() - last_reclaim > WORKER_TTL / 2:
                last_reclaim = time.monotonic()
                for stream, entry in self._reclaim():
                    self._handle(stream, entry)
            for stream, entry in self._next():
                self._handle(stream, entry)

    def _next(self) -> list[tuple[str, tuple[str, dict[str, str]]]]:
        """The next jobs delivered to this worker: one from the most urgent stream that has any,
        else (after waiting half a second at most) every one the wait delivered."""
        for stream in STREAMS:  # the most urgent stream first, without waiting
            found = self.redis.xreadgroup(GROUP, self.name, {stream: ">"}, count=1)
            if found:
                return [(stream, found[0][1][0])]
        return self._wait()

    def _wait(self) -> list[tuple[str, tuple[str, dict[str, str]]]]:
        """Wait for a job on any stream. COUNT applies per stream: when jobs arrive on several
        streams at once, one of each is delivered, and each must be run (a delivered job nobody
        runs is pending at this live worker, never retried: its table waited for its deadline)."""
        found = self.redis.xreadgroup(GROUP, self.name, dict.fromkeys(STREAMS, ">"), count=1, block=500) or []
        delivered = [(stream, entry) for stream, entries in found for entry in entries]
        return sorted(delivered, key=lambda item: STREAMS.index(item[0]))

    def _reclaim(self) -> list[tuple[str, tuple[str, dict[str, str]]]]:
        """Jobs pending at workers whose heartbeat expired: claimed by this one (retries)."""
        out: list[tuple[str, tuple[str, dict[str, str]]]] = []
        for stream in STREAMS:
            try:
                pending = self.redis.xpending_range(stream, GROUP, "-", "+", 50)
            except Exception:
                continue
            for p in pending:
                consumer = p["consumer"]
                if consumer == self.name or self.redis.exists(f"bazas:worker:{consumer}"):
                    continue
                claimed = self.redis.xclaim(stream, GROUP, self.name, 100, [p["message_id"]])
                for entry in claimed:
                    if p["times_delivered"] >= MAX_DELIVERIES:
                        self._answer(entry[1], {"ok": False, "error": "given up after worker failures"})
                        self._ack(stream, entry[0])
                        continue
                    self.retried += 1
                    log.info("worker %s: retrying job %s of %s (worker gone)", self.name, entry[0], consumer)
                    out.append((stream, entry))
        return out

    def _ack(self, stream: str, entry_id: str) -> None:
        pipe = self.redis.pipeline()
        pipe.xack(stream, GROUP, entry_id)
        pipe.xdel(stream, entry_id)
        pipe.execute()

    def _answer(self, fields: dict[str, str], reply: dict[str, Any]) -> None:
        try:
            job = json.loads(fields["job"])
        except (KeyError, ValueError):
            return
        reply["id"] = job.get("id")
        pipe = self.redis.pipeline()
        pipe.rpush(job["reply"], json.dumps(reply))
        pipe.expire(job["reply"], 120)
        pipe.execute()

    def _handle(self, stream: str, entry: tuple[str, dict[str, str]]) -> None:
        entry_id, fields = entry
        try:
            job = json.loads(fields["job"])
            fn = self.functions[job["fn"]]
        except (KeyError, ValueError) as exc:
            log.warning("worker %s: bad job %s: %s", self.name, entry_id, exc)
            self._ack(stream, entry_id)
            return
        if time.time() > float(job.get("deadline", 0)):
            self._ack(stream, entry_id)  # the server gave up on it already
            return
        try:
            reply = {"ok": True, "value": fn(*job["args"])}
        except Exception as exc:
            reply = {"ok": False, "error": f"{type(exc).__name__}: {exc}"}
        self._answer(fields, reply)
        self._ack(stream, entry_id)
        self.done += 1


def _work(redis_url: str, name: str, kind: str, functions: dict[str, Callable[..., Any]] | None = None) -> None:
    worker = Worker(redis_url, name, kind, functions)
    signal.signal(signal.SIGTERM, lambda *_: worker.stop.set())
    with contextlib.suppress(KeyboardInterrupt):
        worker.run()


def serve(redis_url: str, name: str, processes: int = 1, kind: str = "dds",
          functions: dict[str, Callable[..., Any]] | None = None) -> None:
    """Run ``processes`` workers named ``name-0``, ``name-1``... until SIGTERM or Ctrl-C;
    ``functions``: more jobs they run by name (module-level functions)."""
    if processes <= 1:
        _work(redis_url, f"{name}-0", kind, functions)
        return
    import multiprocessing

    context = multiprocessing.get_context("spawn")
    procs = [context.Process(target=_work, args=(redis_url, f"{name}-{i}", kind, functions), daemon=True)
             for i in range(processes)]
    for p in procs:
        p.start()

    def stop(*_: Any) -> None:
        for p in procs:
            if p.is_alive():
                p.terminate()

    signal.signal(signal.SIGTERM, stop)
    try:
        for p in procs:
            p.join()
    except KeyboardInterrupt:
        stop()


# -- a batch of jobs from outside a server (``bazas bench bots --redis-url``) ----------------------
class NoWorkers(RuntimeError):
    """No ``bazas worker`` is serving the queue."""


class JobBatch:
    """Jobs sent to the site's workers from a program that is not a table server (the bench): each
    job on the least urgent stream (a live site's decisions go first), with a far deadline, answered
    on this batch's own list; :meth:`results` yields the answers as they come, in any order.

    Retries are the queue's: a job whose worker dies is run again by another (at most
    ``MAX_DELIVERIES`` times, then answered as failed)."""

    def __init__(self, redis_url: str, deadline_s: float = 24 * 3600.0, priority: int = len(STREAMS) - 1) -> None:
        import redis

        self.url = redis_url
        self.redis: Any = redis.Redis.from_url(redis_url, decode_responses=True)
        self.replies = f"bazas:replies:batch-{secrets.token_hex(6)}"
        self.deadline_s = deadline_s
        self.stream = _stream(priority)
        self.pending: set[str] = set()

    def workers(self) -> list[str]:
        """The names of the live workers (their heartbeat keys)."""
        return sorted(k.split(":", 2)[2] for k in self.redis.scan_iter(match="bazas:worker:*", count=1000))

    def submit(self, fn: str, *args: Any) -> str:
        """Queue ``fn(*args)`` (``fn``: a name the workers run); returns the job's id."""
        job_id = secrets.token_hex(8)
        job = {"id": job_id, "fn": fn, "args": list(args), "reply": self.replies,
               "deadline": time.time() + self.deadline_s, "table": "batch"}
        self.redis.xadd(self.stream, {"job": json.dumps(job)}, maxlen=200_000, approximate=True)
        self.pending.add(job_id)
        return job_id

    def results(self, idle_s: float = 30.0) -> Iterator[tuple[str, Any]]:
        """``(job id, value)`` for every job submitted, as the answers come; a job a worker failed
        raises ``RuntimeError``; :class:`NoWorkers` when no worker has been alive for ``idle_s``."""
        alone_since: float | None = None
        checked = 0.0
        while self.pending:
            item = self.redis.blpop([self.replies], timeout=1)
            if item is None:
                if time.monotonic() - checked > 2.0:
                    checked = time.monotonic()
                    if self.workers():
                        alone_since = None
                    else:
                        alone_since = alone_since or time.monotonic()
                        if time.monotonic() - alone_since > idle_s:
                            raise NoWorkers(f"no bazas worker has served {redis_location(self.url)} for {idle_s:.0f} s "
                                            f"({len(self.pending)} job(s) waiting): start `bazas worker --redis-url "
                                            f"{redis_location(self.url)}` on any machine")
                continue
            try:
                reply = json.loads(item[1])
            except ValueError:
                continue
            job_id = str(reply.get("id", ""))
            if job_id not in self.pending:
                continue  # a retried job's second answer
            self.pending.discard(job_id)
            if not reply.get("ok"):
                raise RuntimeError(f"job {job_id} failed in a worker: {reply.get('error')}")
            yield job_id, reply.get("value")

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self.redis.delete(self.replies)
            self.redis.close()


def redis_location(url: str) -> str:
    """A Redis URL without its password (for messages and reports).

    >>> redis_location("redis://:secret@db.example:6379/0"), redis_location("redis://127.0.0.1:6379/0")
    ('redis://db.example:6379/0', 'redis://127.0.0.1:6379/0')
    """
    head, at, tail = url.rpartition("@")
    if not at:
        return url
    scheme, sep, _ = head.partition("://")
    return f"{scheme}{sep}{tail}"
