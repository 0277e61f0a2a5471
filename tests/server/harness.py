"""A real bazas server in a subprocess, and WebSocket clients that keep every message they get.

``ServerProcess`` runs ``python -m bazas.cli.main serve --port 0`` on loopback (its own data
directory or database URL, settings through ``BAZAS_*`` variables), reads the address it prints
and waits until it answers. ``kill()`` is SIGKILL: nothing is flushed, nothing is said goodbye.

``Client`` is a ``websockets`` connection to one table (a seat's secret link, or none: a
spectator) that records every message, parsed, in ``messages``.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import re
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import httpx
import websockets

REPO = Path(__file__).resolve().parents[2]
CARD = re.compile(r"^[SHDC](?:[AKQJT98765432]|10)$")

FAST_ENV = {
    "BAZAS_BOTS": "simple",
    "BAZAS_BOT_SECONDS": "0.02",
    "BAZAS_AUTO_NEXT_DELAY": "0",
    "BAZAS_TABLE_SPEED": "instant",  # bots act as soon as they decide (issue 12's pace: test_table_pace.py)
    "BAZAS_ANALYSIS": "0",
    "BAZAS_BOT_WORKERS": "2",
    # Many tables and sockets from loopback, and reproducible deals at tables with open seats
    # (issue 13's limits are tested in test_abuse*.py, with these off).
    "BAZAS_TRUSTED_CLIENTS": "127.0.0.1",
    "BAZAS_SEED_OPEN_TABLES": "1",
}


class ServerProcess:
    def __init__(self, data_dir: Path, env: dict[str, str] | None = None, database_url: str | None = None) -> None:
        self.data_dir = data_dir
        self.env = {**FAST_ENV, **(env or {})}
        self.database_url = database_url
        self.proc: subprocess.Popen[str] | None = None
        self.port = 0
        self.log: list[str] = []
        self._reader: threading.Thread | None = None

    @property
    def http(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def start(self, timeout: float = 60.0) -> ServerProcess:
        env = {**os.environ, **self.env, "PYTHONUNBUFFERED": "1"}
        env.pop("BAZAS_DATABASE_URL", None)
        cmd = [sys.executable, "-m", "bazas.cli.main", "serve", "--host", "127.0.0.1", "--port", "0",
               "--data-dir", str(self.data_dir), "--log-level", "warning"]
        if self.database_url:
            cmd += ["--database-url", self.database_url]
        self.log = []
        self.proc = subprocess.Popen(cmd, cwd=REPO, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                     text=True, start_new_session=True)
        address: list[int] = []
        ready = threading.Event()

        def read(proc: subprocess.Popen[str]) -> None:
            assert proc.stdout is not None
            for line in proc.stdout:
                self.log.append(line.rstrip("\n"))
                m = re.search(r"serving on http://127\.0\.0\.1:(\d+)", line)
                if m and not address:
                    address.append(int(m.group(1)))
                    ready.set()
            ready.set()

        self._reader = threading.Thread(target=read, args=(self.proc,), daemon=True)
        self._reader.start()
        if not ready.wait(timeout) or not address:
            self.kill()
            raise RuntimeError("server did not start:\n" + "\n".join(self.log))
        self.port = address[0]
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                if httpx.get(f"{self.http}/api/health", timeout=2).status_code == 200:
                    return self
            except httpx.HTTPError:
                pass
            if self.proc.poll() is not None:
                break
            time.sleep(0.05)
        self.kill()
        raise RuntimeError("server did not answer:\n" + "\n".join(self.log))

    def kill(self) -> None:
        """SIGKILL the server and everything it started (its bot workers)."""
        if self.proc is None:
            return
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.proc.pid, signal.SIGKILL)
        with contextlib.suppress(Exception):
            self.proc.wait(10)
        self.proc = None

    def stop(self) -> None:
        if self.proc is None:
            return
        with contextlib.suppress(ProcessLookupError):
            self.proc.send_signal(signal.SIGTERM)
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.proc.wait(15)
        self.kill()

    def __enter__(self) -> ServerProcess:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    # -- HTTP ---------------------------------------------------------------------------------------
    def create(self, **body: Any) -> dict[str, Any]:
        # Issue 11: the server draws the first dealer unless told; these tests count on North
        # (tests/server/test_table_options.py checks the draw).
        body.setdefault("first_dealer", "N")
        r = httpx.post(f"{self.http}/api/tables", json=body, timeout=30)
        assert r.status_code == 200, r.text
        data: dict[str, Any] = r.json()
        return data

    def get(self, path: str) -> httpx.Response:
        return httpx.get(f"{self.http}{path}", timeout=30)


def token(link: str) -> str:
    return link.split("k=", 1)[1]


def create_match(server: ServerProcess, **body: Any) -> dict[str, Any]:
    """``POST /api/matches`` with ``body``: the created match (its links, ids...)."""
    r = httpx.post(f"{server.http}/api/matches", json=body, timeout=30)
    assert r.status_code == 200, r.text
    data: dict[str, Any] = r.json()
    return data


def side(link: str) -> str:
    """``/t/{match}.{table}?k=...`` -> the match socket's path after ``/ws/``."""
    return "m/" + link.split("/t/", 1)[1].split("?", 1)[0]


class Client:
    """One WebSocket to a table; ``messages`` has everything received, in order."""

    def __init__(self, server: ServerProcess, table_id: str, key: str | None = None, name: str = "") -> None:
        self.url = f"{server.ws}/ws/{table_id}" + (f"?k={key}" if key else "")
        self.name = name or (key[:6] if key else "spectator")
        self.messages: list[dict[str, Any]] = []
        self.raw: list[str] = []
        self._changed = asyncio.Event()
        self._ws: Any = None
        self._task: asyncio.Task[None] | None = None
        self.closed = False

    async def __aenter__(self) -> Client:
        await self.connect()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def connect(self) -> None:
        self._ws = await websockets.connect(self.url, max_size=2**22, open_timeout=20)
        self.closed = False
        self._task = asyncio.create_task(self._read())

    async def _read(self) -> None:
        try:
            async for text in self._ws:
                self.raw.append(text)
                message = json.loads(text)
                self.messages.append(message)
                if message.get("type") == "seat_key" and not message.get("moved"):
                    # The seat is bound to this client (issue 13): later connections use its key.
                    self.url = self.url.split("?k=", 1)[0] + f"?k={message['key']}"
                self._changed.set()
        except websockets.ConnectionClosed:
            pass
        finally:
            self.closed = True
            self._changed.set()

    async def close(self) -> None:
        if self._ws is not None:
            with contextlib.suppress(Exception):
                await self._ws.close()
        if self._task is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._task, 5)

    async def send(self, message: dict[str, Any]) -> None:
        await self._ws.send(json.dumps(message))

    # -- reading --------------------------------------------------------------------------------------
    @property
    def states(self) -> list[dict[str, Any]]:
        return [m for m in self.messages if m["type"] == "state"]

    @property
    def state(self) -> dict[str, Any] | None:
        m: dict[str, Any]
        for m in reversed(self.messages):
            if m["type"] == "state":
                return m
        return None

    @property
    def current(self) -> dict[str, Any]:
        """The latest state, which must have arrived (``state`` may be None)."""
        st = self.state
        assert st is not None, f"{self.name}: no state yet"
        return st

    async def wait(self, pred: Callable[[dict[str, Any]], bool], timeout: float = 20.0,
                   start: int = 0) -> dict[str, Any]:
        """The first message at index >= ``start`` satisfying ``pred`` (waiting for it)."""
        deadline = asyncio.get_running_loop().time() + timeout
        i = start
        while True:
            while i < len(self.messages):
                if pred(self.messages[i]):
                    return self.messages[i]
                i += 1
            if self.closed:
                raise ConnectionError(f"{self.name}: connection closed while waiting")
            remaining = deadline - asyncio.get_running_loop().time()
            if remaining <= 0:
                last = self.state
                raise TimeoutError(f"{self.name}: no matching message in {timeout}s; last state "
                                   f"v{last and last['version']} {last and last['table']['status']}")
            self._changed.clear()
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(self._changed.wait(), remaining)

    async def until(self, pred: Callable[[dict[str, Any]], bool], timeout: float = 20.0) -> dict[str, Any]:
        """Wait until the LATEST state satisfies ``pred``."""
        deadline = asyncio.get_running_loop().time() + timeout
        while True:
            st = self.state
            if st is not None and pred(st):
                return st
            if self.closed:
                raise ConnectionError(f"{self.name}: connection closed while waiting")
            remaining = deadline - asyncio.get_running_loop().time()
            if remaining <= 0:
                raise TimeoutError(f"{self.name}: state never matched in {timeout}s; last "
                                   f"v{st and st['version']} {st and st['table']['status']} actor "
                                   f"{st and st['table']['actor']} pending {st and st['pending']}")
            self._changed.clear()
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(self._changed.wait(), min(remaining, 1.0))

    async def newer(self, version: int, timeout: float = 20.0) -> dict[str, Any]:
        """Wait until the latest state is newer than ``version``."""
        return await self.until(lambda m: m["version"] > version, timeout)

    async def error_after(self, start: int, timeout: float = 10.0) -> dict[str, Any]:
        return await self.wait(lambda m: m["type"] == "error", timeout, start)

    async def sync(self, timeout: float = 10.0) -> dict[str, Any]:
        """Ask for the state again and return the answer."""
        start = len(self.messages)
        await self.send({"type": "sync"})
        return await self.wait(lambda m: m["type"] == "state", timeout, start)


def first_legal_action(state: dict[str, Any]) -> dict[str, Any]:
    """A simple scripted player: the first caller opens 1NT, the rest pass; the lowest legal card."""
    view = state["view"]
    if view["phase"] == "auction":
        call = "1NT" if not view["calls"] and "1NT" in view["legal"] else view["legal"][0]
        return {"type": "call", "call": call}
    return {"type": "card", "card": view["legal"][0]}


async def drive(clients: Iterable[Client], until: Callable[[dict[str, Any]], bool], timeout: float = 60.0,
                choose: Callable[[dict[str, Any]], dict[str, Any]] = first_legal_action,
                press_next: bool = True) -> dict[str, Any]:
    """Let seated ``clients`` play (each acts when the latest state says it is its seat's turn,
    and sends ``next`` in review) until a state satisfies ``until``; returns that state."""
    players = [c for c in clients]
    acted: dict[str, int] = {}
    deadline = asyncio.get_running_loop().time() + timeout
    while True:
        for c in players:
            st = c.state
            if st is None:
                continue
            if until(st):
                return st
            you = st["table"]["you"]
            if you is None:
                continue
            v = st["version"]
            status = st["table"]["status"]
            if st["table"]["actor"] == you and acted.get(you, -1) < v and status in ("auction", "play"):
                acted[you] = v
                await c.send(choose(st))
            elif press_next and status in ("review", "over") and acted.get(you, -1) < v \
                    and you not in st["table"]["ready"]:
                acted[you] = v
                await c.send({"type": "next"})
        if asyncio.get_running_loop().time() > deadline:
            raise TimeoutError(f"drive: not done in {timeout}s; states: "
                               + "; ".join(f"{c.name} v{c.state and c.state['version']} "
                                           f"{c.state and c.state['table']['status']}" for c in players))
        await asyncio.sleep(0.005)


def cards_in(value: Any) -> set[str]:
    """Every string in a JSON value (keys included) that is exactly a card: for leak audits."""
    out: set[str] = set()
    stack = [value]
    while stack:
        v = stack.pop()
        if isinstance(v, str):
            if CARD.match(v):
                out.add(v)
        elif isinstance(v, dict):
            for k, x in v.items():
                if CARD.match(k):
                    out.add(k)
                stack.append(x)
        elif isinstance(v, list | tuple):
            stack.extend(v)
    return out
