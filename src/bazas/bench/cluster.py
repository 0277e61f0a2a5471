"""``bazas bench server --cluster``: tables held at p95 < 50 ms against the number of server
processes and of bot workers (issue 14).

For each configuration of ``--servers`` (e.g. ``1,2,3``) and ``--workers`` (e.g. ``2``) the bench
starts a local site on loopback: Redis (a private ``redis-server`` unless ``--redis-url``), that
many ``bazas serve`` processes with ``BAZAS_CLUSTER=1`` sharing the PostgreSQL of
``--database-url`` (required: leases live there), that many ``bazas worker`` processes, and
HAProxy with the repository's ``deploy/haproxy.cfg`` in front. Then the table ramp of ``bazas
bench server --mode bots`` runs against the balancer: one simulated person per table thinking
``--think`` seconds, three real bots (``--bots``: ``dds`` the real players, ``simple`` the
baseline) thinking in the workers and pausing ``--bot-delay`` seconds before acting, as people
would. The latency is the person's action to the state that contains it, at every connection.

The report (``bench/cluster.json`` unless ``--no-save``) has, per configuration, every step and the
tables carried (the largest step with p95 under the target and no errors).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import platform
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from .server import stop_process

REPO = Path(__file__).resolve().parents[3]
HAPROXY = "/usr/sbin/haproxy"
REDIS = "/usr/bin/redis-server"


def _port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _as_nobody(cmd: list[str]) -> list[str]:
    return ["setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups", *cmd] if os.geteuid() == 0 else cmd


def _wait(port: int, proc: subprocess.Popen[Any], what: str, timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"{what} exited ({proc.returncode})")
        with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), timeout=0.5):
            return
        time.sleep(0.05)
    raise RuntimeError(f"{what} did not listen on {port}")


def _cpu(pid: int) -> float:
    """CPU seconds of process ``pid`` and its children that were waited for."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return sum(int(fields[i]) for i in (11, 12, 13, 14)) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return 0.0


class Site:
    """Redis, N servers, M workers and HAProxy on loopback; ``port``: the balancer's."""

    def __init__(self, args: argparse.Namespace, servers: int, workers: int, workdir: Path) -> None:
        self.args = args
        self.n_servers = servers
        self.n_workers = workers
        self.workdir = workdir
        self.redis: subprocess.Popen[Any] | None = None
        self.haproxy: subprocess.Popen[Any] | None = None
        self.servers: list[tuple[subprocess.Popen[str], int]] = []
        self.workers: list[subprocess.Popen[Any]] = []
        self.port = 0
        self.redis_url = args.redis_url or ""

    def env(self) -> dict[str, str]:
        from .server import ADMIN_TOKEN

        env = {**os.environ, "BAZAS_CLUSTER": "1", "BAZAS_WORKERS": "redis", "BAZAS_REDIS_URL": self.redis_url,
               "BAZAS_BOTS": self.args.bots, "BAZAS_BOT_DELAY": str(self.args.bot_delay),
               "BAZAS_ANALYSIS": "0", "BAZAS_AUTO_NEXT_DELAY": "1", "PYTHONUNBUFFERED": "1",
               "BAZAS_TRUSTED_CLIENTS": "127.0.0.1", "BAZAS_ADMIN_TOKEN": ADMIN_TOKEN}
        env.pop("BAZAS_DATABASE_URL", None)
        return env

    def start(self) -> None:
        if not self.redis_url:
            port = _port()
            self.redis = subprocess.Popen(
                _as_nobody([REDIS, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
                            "--dir", "/tmp", "--loglevel", "warning"]),
                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
            _wait(port, self.redis, "redis-server")
            self.redis_url = f"redis://127.0.0.1:{port}/0"
        else:  # a shared Redis: empty the queue of a previous run
            import redis

            client = redis.Redis.from_url(self.redis_url)
            for key in client.scan_iter("bazas:*"):
                client.delete(key)
        env = self.env()
        for i in range(self.n_workers):
            self.workers.append(subprocess.Popen(
                [sys.executable, "-m", "bazas.cli.main", "worker", "--name", f"bench-w{i + 1}", "--bots",
                 self.args.bots], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                start_new_session=True))
        for i in range(self.n_servers):
            self.servers.append(self._server(f"bench-s{i + 1}", env))
        self._haproxy()

    def _server(self, name: str, env: dict[str, str]) -> tuple[subprocess.Popen[str], int]:
        cmd = [sys.executable, "-m", "bazas.cli.main", "serve", "--host", "127.0.0.1", "--port", "0",
               "--database-url", self.args.database_url, "--log-level", "warning"]
        proc = subprocess.Popen(cmd, env={**env, "BAZAS_SERVER_NAME": name}, stdout=subprocess.PIPE,
                                stderr=subprocess.STDOUT, text=True, start_new_session=True)
        found: list[int] = []
        ready = threading.Event()

        def read() -> None:
            assert proc.stdout is not None
            for line in proc.stdout:
                m = re.search(r"serving on http://127\.0\.0\.1:(\d+)", line)
                if m and not found:
                    found.append(int(m.group(1)))
                    ready.set()
            ready.set()

        threading.Thread(target=read, daemon=True).start()
        if not ready.wait(90) or not found:
            stop_process(proc, 10, group=True)
            raise RuntimeError(f"server {name} did not start")
        _wait(found[0], proc, f"server {name}")
        return proc, found[0]

    def _haproxy(self) -> None:
        self.port = _port()
        lines = "\n    ".join(f"server s{i + 1} 127.0.0.1:{port} check" for i, (_, port) in enumerate(self.servers))
        conf = (REPO / "deploy" / "haproxy.cfg").read_text()
        conf = (conf.replace("@LISTEN@", f"127.0.0.1:{self.port}").replace("@PREFIX@", str(self.workdir))
                .replace("@SERVERS@", lines))
        path = self.workdir / "haproxy.cfg"
        path.write_text(conf)
        os.chmod(self.workdir, 0o777)
        self.haproxy = subprocess.Popen(_as_nobody([HAPROXY, "-db", "-f", str(path)]), stdout=subprocess.DEVNULL,
                                        stderr=subprocess.DEVNULL, start_new_session=True)
        _wait(self.port, self.haproxy, "haproxy")
        import httpx

        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            with contextlib.suppress(httpx.HTTPError):
                if all(httpx.get(f"http://127.0.0.1:{self.port}/api/health", timeout=2).status_code == 200
                       for _ in range(2 * len(self.servers))):
                    return
            time.sleep(0.1)
        raise RuntimeError("haproxy: the servers never answered through it")

    # -- what bench.server.ramp reads of its server ---------------------------------------------------
    def cpu_seconds(self) -> float:
        return sum(_cpu(p.pid) for p, _ in self.servers)

    def worker_cpu_seconds(self) -> float:
        return sum(_cpu(p.pid) for p in self.workers)

    def rss_mb(self) -> float:
        from .server import rss_mb

        return sum(rss_mb(p) for p, _ in self.servers)

    def stop(self) -> None:
        for proc, _ in self.servers:
            stop_process(proc, 10, group=True)
        for p in [*self.workers, self.haproxy, self.redis]:
            stop_process(p, 10, group=True)


def _wipe(database_url: str) -> None:
    """Empty the tables of the previous configuration (each starts from an empty site)."""
    from sqlalchemy import text

    from bazas.storage.db import make_engine

    engine = make_engine(database_url)
    with contextlib.suppress(Exception), engine.begin() as conn:
        conn.execute(text("TRUNCATE tables, seats, events, deals, table_leases, cluster_members CASCADE"))
    engine.dispose()


def run(args: argparse.Namespace) -> int:
    from rich.console import Console
    from rich.table import Table

    from .server import ramp

    console = Console()
    if not args.database_url or not args.database_url.startswith(("postgres://", "postgresql")):
        console.print("[red]--cluster needs --database-url postgresql://... (the site's shared database: table "
                      "leases live there)[/red]")
        return 2
    for binary, package in ((HAPROXY, "haproxy"), (REDIS, "redis")):
        if not Path(binary).exists() and not (binary == REDIS and args.redis_url):
            console.print(f"[red]{binary} is missing: scripts/install-system-deps.sh {package}[/red]")
            return 2
    args.mode = "bots"
    try:
        server_counts = sorted({int(s) for s in str(args.servers).split(",") if s.strip()})
        worker_counts = sorted({int(s) for s in str(args.workers).split(",") if s.strip()})
        steps = sorted({int(s) for s in str(args.steps).split(",") if s.strip()})
    except ValueError:
        console.print("[red]--servers, --workers, --steps: comma-separated numbers[/red]")
        return 2
    if args.quick:
        steps, args.step_seconds, args.settle_seconds = [5, 10], min(args.step_seconds, 5.0), 2.0
    console.print(f"bazas bench server --cluster: servers {server_counts}, workers {worker_counts}, bots "
                  f"{args.bots} (pause {args.bot_delay} s), person thinks {args.think} s, steps {steps}")
    configs: list[dict[str, Any]] = []
    for workers in worker_counts:
        for servers in server_counts:
            from bazas.storage import Repository

            Repository.open(args.database_url).close()  # the schema, before the servers race for it
            _wipe(args.database_url)
            workdir = Path(tempfile.mkdtemp(prefix="bazas-bench-cluster-"))
            site = Site(args, servers, workers, workdir)
            console.print(f"[bold]{servers} server(s), {workers} worker(s)[/bold]")
            try:
                site.start()
                w0 = site.worker_cpu_seconds()
                t0 = time.monotonic()
                results = asyncio.run(ramp(args, site, steps, console))  # type: ignore[arg-type]
                worker_cpu = (site.worker_cpu_seconds() - w0) / max(1e-9, time.monotonic() - t0)
            except KeyboardInterrupt:
                return 130
            finally:
                site.stop()
                shutil.rmtree(workdir, ignore_errors=True)
            carried = max((r["tables"] for r in results if r["ok"]), default=0)
            for r in results:
                r.pop("server_health", None)
            configs.append({"servers": servers, "workers": workers, "tables_carried": carried,
                            "workers_cpu": round(worker_cpu, 3), "load_average": os.getloadavg()[0],
                            "steps": results})
    report = {
        "benchmark": "server-cluster", "mode": "bots", "bots": args.bots, "bot_delay_seconds": args.bot_delay,
        "think_seconds": args.think, "target_p95_ms": args.target_ms, "step_seconds": args.step_seconds,
        "machine": {"python": platform.python_version(), "platform": platform.platform(), "cpus": os.cpu_count()},
        "configurations": configs,
    }
    table = Table(title=f"bazas bench server --cluster (bots {args.bots}, p95 < {args.target_ms:.0f} ms)")
    for name in ("servers", "workers", "tables carried", "largest step: p95 ms", "actions/s", "server CPU",
                 "workers CPU"):
        table.add_column(name, justify="right")
    for c in configs:
        last = c["steps"][-1] if c["steps"] else {}
        table.add_row(str(c["servers"]), str(c["workers"]), str(c["tables_carried"]),
                      f"{last.get('p95_ms', float('nan')):.1f}", f"{last.get('actions_per_s', 0):.0f}",
                      f"{last.get('server_cpu', 0) * 100:.0f}%", f"{c['workers_cpu'] * 100:.0f}%")
    console.print(table)
    text = json.dumps(report, indent=2)
    from bazas.bench.compare import save_report

    save_report(text, args.json_file, None if args.quick or args.no_save else "cluster.json")
    return 0 if configs else 1
