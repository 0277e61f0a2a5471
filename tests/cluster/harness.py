"""A local site of several table servers for tests and benches (issue 14): PostgreSQL (given),
Redis, HAProxy with deploy/haproxy.cfg, N ``bazas serve --cluster`` processes and M ``bazas
worker`` processes, all on loopback. Daemons run as ``nobody`` when the tests run as root."""

from __future__ import annotations

import asyncio
import contextlib
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
import websockets

from bazas.bench.server import stop_process
from server.harness import REPO, Client, ServerProcess

HAPROXY = Path("/usr/sbin/haproxy")
REDIS = Path("/usr/bin/redis-server")


class Site:
    """What ``server.harness.Client`` needs of a site: the balancer's WebSocket base URL."""

    def __init__(self, ws: str) -> None:
        self.ws = ws


def choose(state: dict[str, Any]) -> dict[str, Any]:
    """A simulated person's action: the first caller opens 1NT, the others pass; the lowest legal
    card."""
    view = state["view"]
    legal = view["legal"]
    if view["phase"] == "auction":
        return {"type": "call", "call": "1NT" if not view["calls"] and "1NT" in legal else legal[0]}
    return {"type": "card", "card": legal[0]}


async def reconnect(c: Client, kind: str, timeout: float) -> None:
    """(Re)connect ``c`` through the balancer until its first ``kind`` message arrives (the table or
    match may be moving between servers: 503 from HAProxy, or close 1013/1012 from a server)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while True:
        start = len(c.messages)
        with contextlib.suppress(OSError, websockets.WebSocketException, asyncio.TimeoutError):
            await c.connect()
            with contextlib.suppress(ConnectionError, TimeoutError):
                await c.wait(lambda m: m["type"] == kind, 15, start)
                return
        if loop.time() > deadline:
            raise TimeoutError(f"{c.name}: could not reconnect in {timeout}s")
        await asyncio.sleep(0.2)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _as_nobody(cmd: list[str]) -> list[str]:
    if os.geteuid() != 0:
        return cmd
    return ["setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups", *cmd]


def _wait_port(port: int, proc: subprocess.Popen[bytes], what: str, timeout: float = 20.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            out = proc.stdout.read().decode(errors="replace") if proc.stdout else ""
            raise RuntimeError(f"{what} exited: {out}")
        with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), timeout=0.5):
            return
        time.sleep(0.05)
    raise RuntimeError(f"{what} did not listen on {port}")


class Cluster:
    """``servers`` table servers and ``workers`` bot workers behind HAProxy; ``url``: the balancer."""

    def __init__(self, database_url: str, servers: int = 3, workers: int = 2, env: dict[str, str] | None = None,
                 worker_bots: str = "simple") -> None:
        self.database_url = database_url
        self.prefix = Path(tempfile.mkdtemp(prefix="bazas-cluster-"))
        os.chmod(self.prefix, 0o777)
        self.redis_port = free_port()
        self.port = free_port()
        #: The balancer's table-manager port (issue 9: program seats), and each server's own (kept
        #: by a server that is started again).
        self.tm_port = free_port()
        self.tm_ports: dict[str, int] = {}
        self.env = {"BAZAS_CLUSTER": "1", "BAZAS_LEASE_SECONDS": "3", "BAZAS_WORKERS": "redis",
                    "BAZAS_REDIS_URL": f"redis://127.0.0.1:{self.redis_port}/0",
                    "BAZAS_TM_PUBLIC": f"127.0.0.1:{self.tm_port}", **(env or {})}
        self.n_servers = servers
        self.n_workers = workers
        self.worker_bots = worker_bots
        self.servers: dict[str, ServerProcess] = {}
        self.workers: dict[str, subprocess.Popen[bytes]] = {}
        self.redis: subprocess.Popen[bytes] | None = None
        self.haproxy: subprocess.Popen[bytes] | None = None
        #: Servers and workers killed so far (``revive`` starts them again).
        self.killed_servers: list[str] = []
        self.killed_workers: list[str] = []

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    # -- life ---------------------------------------------------------------------------------------
    def start(self) -> Cluster:
        try:
            self._start_redis()
            for i in range(self.n_workers):
                self.start_worker(f"w{i + 1}")
            for i in range(self.n_servers):
                self.start_server(f"s{i + 1}")
            self._start_haproxy()
        except BaseException:
            self.stop()
            raise
        return self

    def _start_redis(self) -> None:
        cmd = _as_nobody([str(REDIS), "--port", str(self.redis_port), "--bind", "127.0.0.1", "--save", "",
                          "--appendonly", "no", "--dir", str(self.prefix), "--daemonize", "no",
                          "--loglevel", "warning"])
        self.redis = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, start_new_session=True)
        _wait_port(self.redis_port, self.redis, "redis-server")

    def start_server(self, name: str) -> ServerProcess:
        data = self.prefix / name
        data.mkdir(exist_ok=True)
        tm_port = self.tm_ports.setdefault(name, free_port())
        server = ServerProcess(data, env={**self.env, "BAZAS_SERVER_NAME": name, "BAZAS_TM_PORT": str(tm_port)},
                               database_url=self.database_url)
        server.start(timeout=90)
        self.servers[name] = server
        return server

    def start_worker(self, name: str) -> None:
        env = {**os.environ, **self.env, "PYTHONUNBUFFERED": "1"}
        cmd = [sys.executable, "-m", "bazas.cli.main", "worker", "--redis-url", self.env["BAZAS_REDIS_URL"],
               "--name", name, "--bots", self.worker_bots]
        log = open(self.prefix / f"{name}.log", "wb")  # noqa: SIM115 - closed with the process
        self.workers[name] = subprocess.Popen(cmd, cwd=REPO, env=env, stdout=log, stderr=subprocess.STDOUT,
                                              start_new_session=True)

    def _haproxy_config(self) -> str:
        lines = "\n    ".join(f"server {name} 127.0.0.1:{s.port} check" for name, s in self.servers.items())
        tm_lines = "\n    ".join(f"server {name} 127.0.0.1:{self.tm_ports[name]} track tables/{name}"
                                 for name in self.servers)
        conf = (REPO / "deploy" / "haproxy.cfg").read_text()
        return (conf.replace("@LISTEN@", f"127.0.0.1:{self.port}").replace("@PREFIX@", str(self.prefix))
                .replace("@SERVERS@", lines).replace("@TM_LISTEN@", f"127.0.0.1:{self.tm_port}")
                .replace("@TM_SERVERS@", tm_lines))

    def _start_haproxy(self) -> None:
        path = self.prefix / "haproxy.cfg"
        path.write_text(self._haproxy_config())
        cmd = _as_nobody([str(HAPROXY), "-db", "-f", str(path)])
        self.haproxy = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, start_new_session=True)
        _wait_port(self.port, self.haproxy, "haproxy")
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:  # every server seen up by its health check
            with contextlib.suppress(httpx.HTTPError):
                if all(httpx.get(f"{self.url}/api/health", timeout=2).status_code == 200 for _ in range(6)):
                    return
            time.sleep(0.1)
        raise RuntimeError("haproxy: the servers never answered through it")

    def kill_server(self, name: str) -> None:
        """SIGKILL: no goodbye, no lease given back."""
        self.servers.pop(name).kill()
        self.killed_servers.append(name)

    def kill_worker(self, name: str) -> None:
        proc = self.workers.pop(name)
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(10)
        self.killed_workers.append(name)

    def haproxy_command(self, command: str) -> str:
        """One command of HAProxy's runtime API (its admin socket)."""
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
            s.settimeout(10)
            s.connect(str(self.prefix / "haproxy.sock"))
            s.sendall(command.encode() + b"\n")
            chunks = []
            while True:
                chunk = s.recv(65536)
                if not chunk:
                    break
                chunks.append(chunk)
        return b"".join(chunks).decode(errors="replace")

    def revive(self, timeout: float = 90.0) -> None:
        """Start again, under their names, the servers and workers killed so far (tests sharing
        one site each begin with the whole site). A server restarts on a new port, which HAProxy
        learns through its runtime API; returns once HAProxy routes to it."""
        for name in self.killed_workers:
            self.start_worker(name)
        self.killed_workers = []
        revived = []
        while self.killed_servers:
            name = self.killed_servers.pop(0)
            server = self.start_server(name)
            for backend in ("tables", "any"):
                out = self.haproxy_command(f"set server {backend}/{name} addr 127.0.0.1 port {server.port}")
                assert "not" not in out.lower() or "no need" in out.lower(), out
            revived.append(name)
        deadline = time.monotonic() + timeout
        while revived:
            stat = self.haproxy_command("show stat")
            up = {(row.split(",")[0], row.split(",")[1]) for row in stat.splitlines()
                  if not row.startswith("#") and ",UP," in row}
            if all((b, n) in up for b in ("tables", "any") for n in revived):
                return
            if time.monotonic() > deadline:
                raise RuntimeError(f"haproxy never saw {revived} up again:\n{stat}")
            time.sleep(0.1)

    def stop(self) -> None:
        for server in self.servers.values():
            server.stop()
        self.servers.clear()
        for proc in [*self.workers.values(), self.haproxy, self.redis]:
            stop_process(proc, 10, group=True)
        self.workers.clear()
        self.redis = self.haproxy = None
        shutil.rmtree(self.prefix, ignore_errors=True)

    def __enter__(self) -> Cluster:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    # -- reading ------------------------------------------------------------------------------------
    def owners(self) -> dict[str, str]:
        """table id -> the server holding its live lease."""
        import psycopg

        url = self.database_url.replace("postgresql+psycopg://", "postgresql://")
        with psycopg.connect(url) as conn:
            rows = conn.execute("SELECT table_id, owner FROM table_leases WHERE expires_at >= now()").fetchall()
        return {str(t): str(o) for t, o in rows}

    def create(self, **body: Any) -> dict[str, Any]:
        r = httpx.post(f"{self.url}/api/tables", json=body, timeout=30)
        assert r.status_code == 200, r.text
        data: dict[str, Any] = r.json()
        return data

    def create_match(self, **body: Any) -> dict[str, Any]:
        """A team match (seed 002), created through the balancer."""
        r = httpx.post(f"{self.url}/api/matches", json=body, timeout=30)
        assert r.status_code == 200, r.text
        data: dict[str, Any] = r.json()
        return data

    def log(self) -> str:
        out = []
        for name, s in self.servers.items():
            out.append(f"--- {name}\n" + "\n".join(s.log[-40:]))
        for name in self.workers:
            with contextlib.suppress(OSError):
                out.append(f"--- {name}\n" + (self.prefix / f"{name}.log").read_text(errors="replace")[-3000:])
        return "\n".join(out)
