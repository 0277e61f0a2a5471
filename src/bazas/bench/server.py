"""``bazas bench server``: how many tables one server process carries with a p95 action→broadcast
latency under 50 ms.

The bench starts a real server (``bazas serve`` in a subprocess, pinned to the cores given with
``--cores``, SQLite in a temporary directory unless ``--database-url``) and plays against it with
simulated players over real WebSockets on loopback:

- ``--mode players`` (default): four simulated people per table, no bots;
- ``--mode bots``: one simulated person per table and three server bots playing instantly
  (scripted: no thinking, ``--bots scripted`` on the server).

Each simulated person waits ``--think`` seconds (jittered ±50%) when it is its turn, sends a legal
action (the first caller opens 1NT, the others pass; then a random legal card), and presses
``next`` after each deal. The latency of an action is the time from sending it to receiving the
state that contains it, measured at EVERY connection of the table (the slowest of them is the
broadcast's latency too). The table count ramps up (``--steps``); each step is measured for
``--step-seconds`` after a short settling time; the ramp stops at the first step over the target,
on errors, or when ``--max-seconds`` is spent. The result: a table per step (rich) and JSON
(``--json FILE``; by default also saved to ``bench/server.json``).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import platform
import random
import re
import resource
import secrets
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

__all__ = ["add_arguments", "run"]

TARGET_MS = 50.0


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--mode", choices=("players", "bots"), default="players",
                        help="players: 4 simulated people per table; bots: 1 person + 3 instant server bots")
    parser.add_argument("--steps", default="50,100,200,300,400,500,600,800,1000",
                        help="table counts of the ramp (default 50,100,200,300,400,500,600,800,1000)")
    parser.add_argument("--think", type=float, default=1.0,
                        help="seconds a simulated person takes per action, ±50%% (default 1.0)")
    parser.add_argument("--step-seconds", type=float, default=20.0, help="measuring time per step (default 20)")
    parser.add_argument("--settle-seconds", type=float, default=4.0, help="settling time after each ramp-up")
    parser.add_argument("--max-seconds", type=float, default=300.0, help="bound on the whole bench (default 300)")
    parser.add_argument("--target-ms", type=float, default=TARGET_MS, help="p95 latency target (default 50 ms)")
    parser.add_argument("--cores", default="0,1", help="CPU cores the server process may use (default 0,1)")
    parser.add_argument("--database-url", default=None, help="database for the server (default: SQLite, temp dir)")
    parser.add_argument("--keep-going", action="store_true", help="run every step even past the target")
    parser.add_argument("--json", dest="json_file", default=None, help="write the JSON report here")
    parser.add_argument("--quick", action="store_true", help="a CI-sized run: 10 and 20 tables, 5 s steps")
    parser.add_argument("--no-save", action="store_true", help="do not save the report to bench/server.json")
    parser.add_argument("--seed", type=int, default=1)
    # issue 14: a local site of several servers and bot workers behind HAProxy (bazas.bench.cluster)
    parser.add_argument("--cluster", action="store_true",
                        help="several servers (PostgreSQL --database-url, Redis, HAProxy) with real bots in workers")
    parser.add_argument("--servers", default="1,2,3", help="--cluster: server process counts (default 1,2,3)")
    parser.add_argument("--workers", default="2", help="--cluster: bot worker counts (default 2)")
    parser.add_argument("--bots", choices=("dds", "simple"), default="dds", help="--cluster: the bots (default dds)")
    parser.add_argument("--bot-delay", type=float, default=1.0,
                        help="--cluster: seconds a bot pauses before acting, as a person would (default 1)")
    parser.add_argument("--redis-url", default=None, help="--cluster: Redis to use (default: a private redis-server)")


# -- the server under test ---------------------------------------------------------------------

def rss_mb(proc: subprocess.Popen[str] | None) -> float:
    """Resident memory of a server process, in MB (0 when it is gone)."""
    if proc is not None:
        with contextlib.suppress(OSError):
            for line in Path(f"/proc/{proc.pid}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    return 0.0


def stop_process(proc: subprocess.Popen[Any] | None, grace: float, group: bool = False) -> None:
    """SIGTERM (to the process, or its whole group with ``group``), then after ``grace`` seconds
    SIGKILL to the process group."""
    if proc is None:
        return
    with contextlib.suppress(ProcessLookupError):
        if group:
            os.killpg(proc.pid, signal.SIGTERM)
        else:
            proc.send_signal(signal.SIGTERM)
    try:
        proc.wait(grace)
    except subprocess.TimeoutExpired:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(5)


class Server:
    def __init__(self, data_dir: Path, mode: str, cores: list[int], database_url: str | None) -> None:
        self.data_dir = data_dir
        self.mode = mode
        self.cores = cores
        self.database_url = database_url
        self.proc: subprocess.Popen[str] | None = None
        self.port = 0
        self.log: list[str] = []

    def start(self, timeout: float = 60.0) -> None:
        env = {**os.environ, "BAZAS_BOTS": "scripted", "BAZAS_ANALYSIS": "0", "BAZAS_AUTO_NEXT_DELAY": "0",
               "BAZAS_RESUME": "0", "PYTHONUNBUFFERED": "1", "BAZAS_TRUSTED_CLIENTS": "127.0.0.1",
               "BAZAS_ADMIN_TOKEN": ADMIN_TOKEN}
        env.pop("BAZAS_DATABASE_URL", None)
        cmd = [sys.executable, "-m", "bazas.cli.main", "serve", "--host", "127.0.0.1", "--port", "0",
               "--data-dir", str(self.data_dir), "--log-level", "warning"]
        if self.database_url:
            cmd += ["--database-url", self.database_url]
        cores = self.cores

        def prepare() -> None:  # in the child, before exec
            with contextlib.suppress(OSError, ValueError):
                _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
                resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
            if cores and hasattr(os, "sched_setaffinity"):
                with contextlib.suppress(OSError):
                    os.sched_setaffinity(0, cores)

        self.proc = subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                                     preexec_fn=prepare, start_new_session=True)
        found = threading.Event()

        def read(proc: subprocess.Popen[str]) -> None:
            assert proc.stdout is not None
            for line in proc.stdout:
                self.log.append(line.rstrip())
                m = re.search(r"serving on http://127\.0\.0\.1:(\d+)", line)
                if m and not self.port:
                    self.port = int(m.group(1))
                    found.set()
            found.set()

        threading.Thread(target=read, args=(self.proc,), daemon=True).start()
        if not found.wait(timeout) or not self.port:
            self.stop()
            raise RuntimeError("the server did not start:\n" + "\n".join(self.log[-20:]))
        import httpx

        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(f"http://127.0.0.1:{self.port}/api/health", timeout=2).status_code == 200:
                    return
            if self.proc.poll() is not None:
                break
            time.sleep(0.1)
        self.stop()
        raise RuntimeError("the server did not answer:\n" + "\n".join(self.log[-20:]))

    def cpu_seconds(self) -> float:
        """User + system CPU time of the server process so far."""
        if self.proc is None:
            return 0.0
        try:
            fields = Path(f"/proc/{self.proc.pid}/stat").read_text().rsplit(")", 1)[1].split()
            return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        except (OSError, IndexError, ValueError):
            return 0.0

    def rss_mb(self) -> float:
        return rss_mb(self.proc)

    def stop(self) -> None:
        stop_process(self.proc, 10)
        self.proc = None


# -- simulated players -------------------------------------------------------------------------

@dataclass
class Window:
    """What one measuring window collected."""

    latencies: list[float] = field(default_factory=list)   # every connection's receipt of an action
    broadcast: list[float] = field(default_factory=list)   # the last connection's receipt of an action
    actions: int = 0
    messages: int = 0
    errors: int = 0
    error_codes: dict[str, int] = field(default_factory=dict)
    error_samples: list[str] = field(default_factory=list)


class Bench:
    def __init__(self, port: int, mode: str, think: float, seed: int) -> None:
        self.port = port
        self.mode = mode
        self.think = think
        self.rng = random.Random(seed)
        self.window: Window | None = None
        self.tables: list[TableSim] = []
        self.stopping = False

    async def add_tables(self, count: int) -> None:
        import httpx

        async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{self.port}", timeout=60) as http:
            sem = asyncio.Semaphore(20)

            async def one() -> None:
                async with sem:
                    sim = TableSim(self)
                    await sim.create(http)
                    self.tables.append(sim)

            await asyncio.gather(*(one() for _ in range(count)))

    async def close(self) -> None:
        self.stopping = True
        await asyncio.gather(*(t.close() for t in self.tables), return_exceptions=True)


class TableSim:
    def __init__(self, bench: Bench) -> None:
        self.bench = bench
        self.players: list[PlayerSim] = []
        # version -> (send time, connections still to receive it)
        self.pending: dict[int, tuple[float, int]] = {}

    async def create(self, http: Any) -> None:
        mode = self.bench.mode
        seats = {s: ("open" if mode == "players" else "bot") for s in "NEW"}
        r = await http.post("/api/tables", json={"ruleset": "rubber", "seats": seats, "me": "S", "name": "bench"})
        r.raise_for_status()
        data = r.json()
        table_id = data["table_id"]
        for seat, link in data["links"].items():
            key = link.split("k=", 1)[1]
            player = PlayerSim(self, seat, f"ws://127.0.0.1:{self.bench.port}/ws/{table_id}?k={key}")
            self.players.append(player)
        await asyncio.gather(*(p.connect() for p in self.players))

    def sent(self, version: int, at: float) -> None:
        self.pending[version] = (at, len(self.players))

    def received(self, version: int, now: float) -> None:
        window = self.bench.window
        done = []
        for v, (at, left) in self.pending.items():
            if version > v:
                if window is not None:
                    window.latencies.append(now - at)
                left -= 1
                if left <= 0:
                    done.append(v)
                    if window is not None:
                        window.broadcast.append(now - at)
                else:
                    self.pending[v] = (at, left)
        for v in done:
            del self.pending[v]

    async def close(self) -> None:
        await asyncio.gather(*(p.close() for p in self.players), return_exceptions=True)


class PlayerSim:
    def __init__(self, table: TableSim, seat: str, url: str) -> None:
        self.table = table
        self.seat = seat
        self.url = url
        self.ws: Any = None
        self.task: asyncio.Task[None] | None = None
        self.acted = -1
        self.waiting = False
        self.seen = -1
        self.next_for: tuple[int, int] | None = None
        self.timer: asyncio.TimerHandle | None = None

    async def connect(self) -> None:
        import websockets

        for attempt in range(5):
            try:
                self.ws = await websockets.connect(self.url, open_timeout=60, ping_interval=None,
                                                   max_size=2**22, compression=None)
                break
            except Exception:
                await asyncio.sleep(0.5 * (attempt + 1))
        if self.ws is None:
            raise RuntimeError(f"could not connect to {self.url}")
        self.task = asyncio.create_task(self.read())

    async def read(self) -> None:
        bench = self.table.bench
        loop = asyncio.get_running_loop()
        try:
            async for text in self.ws:
                now = loop.time()
                window = bench.window
                if window is not None:
                    window.messages += 1
                msg = json.loads(text)
                kind = msg.get("type")
                if kind == "error":
                    if window is not None:
                        window.errors += 1
                        code = str(msg.get("code"))
                        window.error_codes[code] = window.error_codes.get(code, 0) + 1
                        if len(window.error_samples) < 5:
                            window.error_samples.append(f"{self.seat}: {msg.get('message')}")
                    continue
                if kind != "state":
                    continue
                version = int(msg["version"])
                self.seen = max(self.seen, version)
                self.table.received(version, now)
                self.react(msg, version)
        except Exception:
            if not bench.stopping:
                raise

    def react(self, msg: dict[str, Any], version: int) -> None:
        if self.acted >= version or self.waiting or self.table.bench.stopping:
            return
        table = msg["table"]
        status = table["status"]
        view = msg["view"]
        action: dict[str, Any] | None = None
        if status in ("auction", "play") and table["actor"] == self.seat and view is not None:
            self.acted = version
            if view["phase"] == "auction":
                legal = view["legal"]
                call = "1NT" if not view["calls"] and "1NT" in legal else legal[0]
                action = {"type": "call", "call": call}
            else:
                action = {"type": "card", "card": self.table.bench.rng.choice(view["legal"])}
        elif status in ("review", "over") and self.seat not in table["ready"]:
            deal = (table["rubber"], table["deal_number"])
            if self.next_for == deal:  # already sent: its state is on the way
                return
            self.next_for = deal
            self.acted = version
            action = {"type": "next"}
        if action is None:
            return
        delay = self.table.bench.think * self.table.bench.rng.uniform(0.5, 1.5)
        loop = asyncio.get_running_loop()
        self.waiting = True  # one action in flight at a time: the next state decides again
        self.timer = loop.call_later(delay, lambda: asyncio.ensure_future(self.send(action, version)))

    async def send(self, action: dict[str, Any], version: int) -> None:
        bench = self.table.bench
        if bench.stopping:
            return
        loop = asyncio.get_running_loop()
        self.table.sent(self.seen, loop.time())
        if bench.window is not None:
            bench.window.actions += 1
        self.acted = version
        self.waiting = False
        with contextlib.suppress(Exception):
            await self.ws.send(json.dumps(action))

    async def close(self) -> None:
        if self.timer is not None:
            self.timer.cancel()
        if self.ws is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.ws.close(), 5)
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(BaseException):
                await self.task


# -- the ramp ----------------------------------------------------------------------------------

def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    k = min(len(ordered) - 1, max(0, int(round(q / 100 * (len(ordered) - 1)))))
    return ordered[k]


#: The operator token of the server the bench starts (health counters are reset per step).
ADMIN_TOKEN = secrets.token_urlsafe(16)


async def server_health(port: int, reset: bool = False) -> dict[str, Any]:
    import httpx

    try:
        async with httpx.AsyncClient(timeout=10) as http:
            url = f"http://127.0.0.1:{port}/api/health" + ("?reset=true" if reset else "")
            # Resetting the counters is the operator's: the bench is the operator of its server.
            data: dict[str, Any] = (await http.get(url, headers={"X-Bazas-Admin": ADMIN_TOKEN})).json()
            return data
    except Exception as exc:
        return {"error": str(exc)}


def process_cpu() -> float:
    t = os.times()
    return t.user + t.system


async def ramp(args: argparse.Namespace, server: Server, steps: list[int], console: Any) -> list[dict[str, Any]]:
    bench = Bench(server.port, args.mode, args.think, args.seed)
    started = time.monotonic()
    results: list[dict[str, Any]] = []
    try:
        for target in steps:
            elapsed = time.monotonic() - started
            needed = args.settle_seconds + args.step_seconds + 10
            if elapsed + needed > args.max_seconds:
                console.print(f"[yellow]time bound reached ({elapsed:.0f} s of {args.max_seconds:.0f}); "
                              f"stopping before {target} tables[/yellow]")
                break
            t0 = time.monotonic()
            await bench.add_tables(target - len(bench.tables))
            ramp_s = time.monotonic() - t0
            await asyncio.sleep(args.settle_seconds)
            await server_health(server.port, reset=True)
            window = Window()
            bench.window = window
            cpu0, mine0, w0 = server.cpu_seconds(), process_cpu(), time.monotonic()
            await asyncio.sleep(args.step_seconds)
            bench.window = None
            wall = time.monotonic() - w0
            health = await server_health(server.port)
            cpu = (server.cpu_seconds() - cpu0) / wall
            mine = (process_cpu() - mine0) / wall
            p95 = percentile(window.latencies, 95) * 1000
            row = {
                "tables": target,
                "connections": sum(len(t.players) for t in bench.tables),
                "actions": window.actions,
                "actions_per_s": window.actions / wall,
                "messages_per_s": window.messages / wall,
                "samples": len(window.latencies),
                "p50_ms": percentile(window.latencies, 50) * 1000,
                "p95_ms": p95,
                "p99_ms": percentile(window.latencies, 99) * 1000,
                "max_ms": (max(window.latencies) * 1000) if window.latencies else float("nan"),
                "broadcast_p95_ms": percentile(window.broadcast, 95) * 1000,
                "errors": window.errors,
                "error_codes": window.error_codes,
                "error_samples": window.error_samples,
                "server_cpu": cpu,
                "client_cpu": mine,
                "server_rss_mb": server.rss_mb(),
                "ramp_seconds": ramp_s,
                "server_health": health,
                "ok": bool(window.latencies) and p95 < args.target_ms and window.errors == 0,
            }
            results.append(row)
            console.print(f"{target:5d} tables: p95 {p95:7.1f} ms  p50 {row['p50_ms']:6.1f} ms  "
                          f"{row['actions_per_s']:7.1f} actions/s  server CPU {cpu * 100:5.1f}%  "
                          f"bench CPU {mine * 100:5.1f}%  errors {window.errors}")
            if not row["ok"] and not args.keep_going:
                break
    finally:
        await bench.close()
    return results


def run(args: argparse.Namespace) -> int:
    from rich.console import Console
    from rich.table import Table

    if args.cluster:
        from .cluster import run as run_cluster

        return run_cluster(args)
    console = Console()
    if args.quick:
        steps = [10, 20]
        args.step_seconds = min(args.step_seconds, 5.0)
        args.settle_seconds = min(args.settle_seconds, 2.0)
        args.think = min(args.think, 0.5)
    else:
        try:
            steps = sorted({int(s) for s in str(args.steps).split(",") if s.strip()})
        except ValueError:
            console.print("[red]--steps: a comma-separated list of table counts[/red]")
            return 2
    if not steps or steps[0] < 1:
        console.print("[red]--steps: table counts must be positive[/red]")
        return 2
    cores = [int(c) for c in str(args.cores).split(",") if c.strip()] if args.cores else []
    with contextlib.suppress(OSError, ValueError):
        _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    workdir = Path(tempfile.mkdtemp(prefix="bazas-bench-"))
    server = Server(workdir / "data", args.mode, cores, args.database_url)
    console.print(f"bazas bench server: mode {args.mode}, think {args.think} s, steps {steps}, "
                  f"{args.step_seconds:.0f} s per step, server on cores {cores or 'any'}")
    try:
        server.start()
        results = asyncio.run(ramp(args, server, steps, console))
    except KeyboardInterrupt:
        return 130
    finally:
        server.stop()
        shutil.rmtree(workdir, ignore_errors=True)
    carried = max((r["tables"] for r in results if r["ok"]), default=0)
    report = {
        "benchmark": "server",
        "mode": args.mode,
        "think_seconds": args.think,
        "target_p95_ms": args.target_ms,
        "step_seconds": args.step_seconds,
        "server_cores": cores,
        "machine": {"python": platform.python_version(), "platform": platform.platform(),
                    "cpus": os.cpu_count(), "processor": platform.processor() or platform.machine()},
        "database": "sqlite" if not args.database_url else args.database_url.split("://")[0],
        "steps": results,
        "tables_carried": carried,
        "target_tables": 500,
        "met_target": carried >= 500,
    }
    table = Table(title=f"bazas bench server ({args.mode}, think {args.think} s, p95 < {args.target_ms:.0f} ms)")
    for name in ("tables", "conns", "actions/s", "msgs/s", "p50 ms", "p95 ms", "p99 ms", "max ms",
                 "bcast p95", "server CPU", "bench CPU", "RSS MB", "errors", "ok"):
        table.add_column(name, justify="right")
    for r in results:
        table.add_row(str(r["tables"]), str(r["connections"]), f"{r['actions_per_s']:.0f}",
                      f"{r['messages_per_s']:.0f}", f"{r['p50_ms']:.1f}", f"{r['p95_ms']:.1f}", f"{r['p99_ms']:.1f}",
                      f"{r['max_ms']:.0f}", f"{r['broadcast_p95_ms']:.1f}", f"{r['server_cpu'] * 100:.0f}%",
                      f"{r['client_cpu'] * 100:.0f}%", f"{r['server_rss_mb']:.0f}", str(r["errors"]),
                      "yes" if r["ok"] else "NO")
    console.print(table)
    console.print(f"tables carried with p95 < {args.target_ms:.0f} ms: [bold]{carried}[/bold] (target 500)")
    text = json.dumps(report, indent=2)
    print(text)
    from bazas.bench.compare import save_report

    save_report(text, args.json_file, None if args.quick or args.no_save else "server.json")
    return 0 if results else 1
