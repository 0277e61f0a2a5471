"""Issue 14, bot and analysis workers anywhere: the shared Redis queue of :mod:`bazas.server.remote`
with a real redis-server and real ``Worker`` loops (in threads): a job left pending by a worker
that died is run by another, a job past its deadline is not run, the most urgent stream goes
first, and a server's tables share its place in the queue round robin."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import subprocess
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from bazas.server import workers
from bazas.server.remote import GROUP, STREAMS, RemoteWorkerPool, Worker
from bazas.server.scheduler import ANALYSIS, DECISION
from bazas.server.settings import Settings

from .harness import REDIS, _as_nobody, _wait_port, free_port

pytestmark = pytest.mark.skipif(not REDIS.exists(), reason="redis-server not installed (install-system-deps.sh redis)")


@pytest.fixture
def redis_url(tmp_path: Path) -> Iterator[str]:
    port = free_port()
    proc = subprocess.Popen(_as_nobody([str(REDIS), "--port", str(port), "--bind", "127.0.0.1", "--save", "",
                                        "--appendonly", "no", "--dir", "/tmp"]),
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        _wait_port(port, proc, "redis-server")
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        proc.terminate()
        proc.wait(10)


@contextlib.contextmanager
def running(worker: Worker) -> Iterator[Worker]:
    worker.setup()
    thread = threading.Thread(target=worker.run, daemon=True)
    thread.start()
    try:
        yield worker
    finally:
        worker.stop.set()
        thread.join(10)


def _pool(url: str, inflight: int = 8) -> RemoteWorkerPool:
    return RemoteWorkerPool(Settings(data_dir=Path(".")), url, "test-server", inflight=inflight)


def test_issue14_a_job_of_a_worker_that_died_is_run_by_another(redis_url: str) -> None:
    async def scenario() -> tuple[Any, int]:
        pool = _pool(redis_url)
        job = asyncio.ensure_future(pool.run(workers.ping, timeout=60))
        dead = Worker(redis_url, "dead-1", "simple")
        dead.setup()
        taken: list[Any] = []
        while not taken:  # the dead worker takes the job, and dies (no answer, no heartbeat)
            taken = await asyncio.to_thread(dead.redis.xreadgroup, GROUP, "dead-1", {STREAMS[0]: ">"}, 1, 200)
        live = Worker(redis_url, "live-1", "simple")
        with running(live):
            pid = await job
        await pool.redis.aclose()
        return pid, live.retried

    pid, retried = asyncio.run(scenario())
    assert pid == os.getpid() and retried == 1


def test_issue14_a_job_past_its_deadline_is_not_run(redis_url: str) -> None:
    async def scenario() -> Worker:
        pool = _pool(redis_url)
        with pytest.raises(TimeoutError):
            await pool.run(workers.ping, timeout=0.05)  # nobody works yet: the server gives up
        worker = Worker(redis_url, "late-1", "simple")
        with running(worker):
            answered = await pool.run(workers.ping, timeout=60)  # the next job is run
        assert answered == os.getpid()
        await pool.redis.aclose()
        return worker

    worker = asyncio.run(scenario())
    assert worker.done == 1


def test_issue14_decisions_before_analyses_and_tables_in_turn(redis_url: str) -> None:
    async def scenario() -> list[str]:
        pool = _pool(redis_url, inflight=1)
        order: list[str] = []

        async def job(name: str, table: str, priority: int) -> None:
            await pool.run(workers.ping, timeout=60, key=table, priority=priority)
            order.append(name)

        tasks = [asyncio.ensure_future(job("a-analysis", "a", ANALYSIS))]
        await asyncio.sleep(0)
        tasks += [asyncio.ensure_future(job(f"a{i}", "a", DECISION)) for i in (1, 2, 3)]
        tasks.append(asyncio.ensure_future(job("b1", "b", DECISION)))
        for _ in range(5):
            await asyncio.sleep(0)
        worker = Worker(redis_url, "w-1", "simple")
        with running(worker):
            await asyncio.gather(*tasks)
        await pool.redis.aclose()
        return order

    order = asyncio.run(scenario())
    # The analysis went in first (the queue was free); then one decision per table in turn.
    assert order[0] == "a-analysis"
    assert order[1:] == ["a1", "b1", "a2", "a3"], order


def test_issue14_a_worker_takes_the_most_urgent_stream_first(redis_url: str) -> None:
    async def scenario() -> list[str]:
        pool = _pool(redis_url, inflight=4)
        order: list[str] = []

        async def job(name: str, priority: int) -> None:
            await pool.run(workers.ping, timeout=60, key=name, priority=priority)
            order.append(name)

        tasks = [asyncio.ensure_future(job("analysis", ANALYSIS))]
        while not await pool.redis.xlen(STREAMS[ANALYSIS]):
            await asyncio.sleep(0.01)
        tasks.append(asyncio.ensure_future(job("decision", DECISION)))
        while not await pool.redis.xlen(STREAMS[DECISION]):
            await asyncio.sleep(0.01)
        with running(Worker(redis_url, "w-2", "simple")):
            await asyncio.gather(*tasks)
        await pool.redis.aclose()
        return order

    assert asyncio.run(scenario()) == ["decision", "analysis"]


def test_issue14_every_job_a_wait_delivers_is_run(redis_url: str) -> None:
    """Jobs arriving on several streams during one wait are all delivered to the waiting worker
    (COUNT is per stream): each one is run and answered, the most urgent first. (Running only the
    first left the others pending at a live worker, never retried: a bot's decision or a call's
    meaning then waited for its deadline.)"""
    worker = Worker(redis_url, "w-3", "simple")
    worker.setup()
    replies = "bazas:replies:test-wait"
    for i, stream in enumerate(reversed(STREAMS)):   # one job on each stream, the least urgent first
        job = {"id": f"job-{stream[-1]}", "fn": "ping", "args": [], "reply": replies,
               "deadline": 1e12, "table": str(i)}
        worker.redis.xadd(stream, {"job": json.dumps(job)})
    delivered = worker._wait()
    assert [stream for stream, _ in delivered] == list(STREAMS)
    for stream, entry in delivered:
        worker._handle(stream, entry)
    answers = [json.loads(x) for x in worker.redis.lrange(replies, 0, -1)]
    assert [a["id"] for a in answers] == [f"job-{s[-1]}" for s in STREAMS]
    assert all(a["ok"] and a["value"] == os.getpid() for a in answers)
    # Nothing is left pending at the worker.
    assert all(worker.redis.xpending(stream, GROUP)["pending"] == 0 for stream in STREAMS)
