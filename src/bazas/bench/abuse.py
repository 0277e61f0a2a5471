"""``bazas bench abuse``: what one abusive client gets from a server with issue 13's limits.

A real ``bazas serve`` (the real bots in the worker pool, loopback not trusted) runs
``--victims`` tables of bots only. The bench measures the bots' seconds per card at those tables,
first alone, then while one client floods table creation (as fast as it can) and asks for hints
without pause at its own seat; then how many WebSockets one address holds, and the server's memory
per spectator. The result is a rich table (and ``--json``).

The flooder connects from loopback address 127.0.0.2 and each measured table is created from an
address of its own (127.0.0.10, ...): other people, as the server's per-owner shares see them
(Linux routes all of 127.0.0.0/8 to loopback).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import re
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from .server import rss_mb, stop_process

#: The flooder's client address (the measured tables' creators have others).
FLOODER = "127.0.0.2"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--seconds", type=float, default=8.0, help="length of each phase (default 8)")
    parser.add_argument("--victims", type=int, default=2, help="tables of bots only measured (default 2)")
    parser.add_argument("--workers", type=int, default=2, help="bot worker processes (default 2)")
    parser.add_argument("--bot-seconds", type=float, default=0.05, help="bots' budget per action (default 0.05)")
    parser.add_argument("--spectators", type=int, default=30, help="spectator sockets for the memory figure")
    parser.add_argument("--bots", choices=("dds", "simple"), default="dds", help="the bots (default dds)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON too")
    parser.add_argument("--no-tables", action="store_true", help="the flooder does not create tables")
    parser.add_argument("--no-hints", action="store_true", help="the flooder does not ask for hints")



class _Server:
    def __init__(self, data_dir: Path, env: dict[str, str]) -> None:
        self.data_dir = data_dir
        self.env = env
        self.proc: subprocess.Popen[str] | None = None
        self.port = 0

    def start(self) -> None:
        env = {**os.environ, **self.env, "PYTHONUNBUFFERED": "1"}
        env.pop("BAZAS_DATABASE_URL", None)
        self.proc = subprocess.Popen([sys.executable, "-m", "bazas.cli.main", "serve", "--port", "0", "--data-dir",
                                      str(self.data_dir), "--log-level", "warning"], env=env, text=True,
                                     stdout=subprocess.PIPE, stderr=subprocess.STDOUT, start_new_session=True)
        found = threading.Event()

        def read() -> None:
            assert self.proc is not None and self.proc.stdout is not None
            for line in self.proc.stdout:
                m = re.search(r"serving on http://127\.0\.0\.1:(\d+)", line)
                if m and not self.port:
                    self.port = int(m.group(1))
                    found.set()
            found.set()

        threading.Thread(target=read, daemon=True).start()
        if not found.wait(60) or not self.port:
            raise RuntimeError("the server did not start")
        import httpx

        for _ in range(600):
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(f"http://127.0.0.1:{self.port}/api/health", timeout=2).status_code == 200:
                    return
            time.sleep(0.1)
        raise RuntimeError("the server did not answer")

    def rss_mb(self) -> float:
        return rss_mb(self.proc)

    def stop(self) -> None:
        stop_process(self.proc, 15)
        self.proc = None


async def _count_cards(ws_url: str, tables: list[str], seconds: float) -> int:
    """Cards played at ``tables`` during ``seconds`` (seen by a spectator of each)."""
    import websockets

    cards = 0

    async def watch(table_id: str) -> None:
        nonlocal cards
        async with websockets.connect(f"{ws_url}/ws/{table_id}", max_size=2**22) as ws:
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(seconds):
                    async for text in ws:
                        msg = json.loads(text)
                        if msg.get("type") == "state":
                            cards += sum(1 for e in msg.get("events", ()) if e.get("kind") == "card")

    await asyncio.gather(*(watch(t) for t in tables))
    return cards


async def _warm(ws_url: str, table_id: str, limit: float = 120.0) -> None:
    """Wait until the bots at ``table_id`` play a card (the worker pool is up)."""
    import websockets

    with contextlib.suppress(TimeoutError):
        async with asyncio.timeout(limit), websockets.connect(f"{ws_url}/ws/{table_id}", max_size=2**22) as ws:
            async for text in ws:
                msg = json.loads(text)
                if msg.get("type") == "state" and any(e.get("kind") == "card" for e in msg.get("events", ())):
                    return


async def _flood(http: str, ws_url: str, seconds: float, tables_on: bool = True,
                 hints_on: bool = True) -> dict[str, int]:
    """One client: new tables as fast as it can, and hints without pause at its own seat."""
    import httpx
    import websockets

    out = {"tables_ok": 0, "tables_refused": 0, "hints_answered": 0, "hints_refused": 0}
    transport = httpx.AsyncHTTPTransport(local_address=FLOODER)
    async with httpx.AsyncClient(base_url=http, timeout=30, transport=transport) as client:
        created = (await client.post("/api/tables", json={"me": "S", "first_dealer": "S"})).json()
        key = created["me"].split("k=", 1)[1]
        end = asyncio.get_running_loop().time() + seconds

        async def tables() -> None:
            while tables_on and asyncio.get_running_loop().time() < end:
                r = await client.post("/api/tables", json={"me": None})
                out["tables_ok" if r.status_code == 200 else "tables_refused"] += 1

        async def hints() -> None:
            async with websockets.connect(f"{ws_url}/ws/{created['table_id']}?k={key}", max_size=2**22,
                                          local_addr=(FLOODER, 0)) as ws:

                async def reader() -> None:
                    async for text in ws:
                        msg = json.loads(text)
                        if msg.get("type") == "hint":
                            out["hints_answered"] += 1
                        elif msg.get("type") == "error" and msg.get("code") == "busy":
                            out["hints_refused"] += 1

                task = asyncio.create_task(reader())
                while hints_on and asyncio.get_running_loop().time() < end:
                    await ws.send('{"type":"hint"}')
                    await asyncio.sleep(0.01)
                await asyncio.sleep(0.5)
                task.cancel()

        await asyncio.gather(tables(), hints())
    return out


async def _connections(ws_url: str, table_id: str, tries: int) -> tuple[int, int]:
    import websockets

    held: list[Any] = []
    refused = 0
    for _ in range(tries):
        try:
            ws = await websockets.connect(f"{ws_url}/ws/{table_id}", max_size=2**22)
            first = json.loads(await asyncio.wait_for(ws.recv(), 10))
            if first.get("type") == "error":
                refused += 1
                await ws.close()
            else:
                held.append(ws)
        except Exception:
            refused += 1
    for ws in held:
        await ws.close()
    return len(held), refused


async def _half_open(port: int, tries: int) -> tuple[int, int, bool]:
    """Issue 13 point 2: one address (127.0.0.3) opens ``tries`` sockets and sends half a request:
    how many the server holds, how many it refuses (503), and whether the health check is answered
    (from another address) while they are held."""
    import httpx

    opened: list[tuple[asyncio.StreamReader, asyncio.StreamWriter]] = []
    refused = 0
    for _ in range(tries):
        try:
            opened.append(await asyncio.open_connection("127.0.0.1", port, local_addr=("127.0.0.3", 0)))
        except OSError:
            refused += 1
            continue
        opened[-1][1].write(b"GET /api/health HTTP/1.1\r\nHost: x\r\n")

    async def first_bytes(reader: asyncio.StreamReader) -> bytes | None:
        try:
            return await asyncio.wait_for(reader.read(64), 2.0)
        except (TimeoutError, OSError):
            return None  # nothing answered: the server holds it (until its request timeout)

    answers = await asyncio.gather(*(first_bytes(r) for r, _ in opened))
    held = [w for (_, w), a in zip(opened, answers, strict=True) if a is None]
    refused += sum(1 for a in answers if a is not None and a.startswith(b"HTTP/1.1 503"))
    for (_, writer), answer in zip(opened, answers, strict=True):
        if answer is not None:
            writer.close()
    async with httpx.AsyncClient(timeout=10) as client:
        try:
            healthy = (await client.get(f"http://127.0.0.1:{port}/api/health")).status_code == 200
        except httpx.HTTPError:
            healthy = False
    for writer in held:
        writer.close()
    return len(held), refused, healthy


async def _spectators(server: _Server, ws_url: str, table_id: str, count: int) -> float:
    import websockets

    await asyncio.sleep(0.5)
    before = server.rss_mb()
    held = [await websockets.connect(f"{ws_url}/ws/{table_id}", max_size=2**22) for _ in range(count)]
    for ws in held:
        await ws.recv()
    await asyncio.sleep(0.5)
    after = server.rss_mb()
    for ws in held:
        await ws.close()
    return (after - before) * 1024 / max(1, count)


async def _bench(args: argparse.Namespace, server: _Server) -> dict[str, Any]:
    import httpx

    http, ws_url = f"http://127.0.0.1:{server.port}", f"ws://127.0.0.1:{server.port}"
    people = iter(range(10, 250))

    def new_victims() -> list[str]:
        # Fresh tables for each phase (a table of bots only stops when its rubber is over), each
        # created by another person (address).
        out = []
        for _ in range(args.victims):
            transport = httpx.HTTPTransport(local_address=f"127.0.0.{next(people)}")
            with httpx.Client(timeout=30, transport=transport) as client:
                out.append(client.post(f"{http}/api/tables", json={"me": None}).json()["table_id"])
        return out

    await _warm(ws_url, new_victims()[0])
    quiet = await _count_cards(ws_url, new_victims(), args.seconds)
    victims = new_victims()
    flood_task = asyncio.create_task(_flood(http, ws_url, args.seconds, not args.no_tables, not args.no_hints))
    busy = await _count_cards(ws_url, victims, args.seconds)
    flood = await flood_task
    tables_held = httpx.get(f"{http}/api/health", timeout=30).json()["tables"]
    held, refused = await _connections(ws_url, victims[0], 40)
    half_held, half_refused, healthy = await _half_open(server.port, 100)
    per_spectator_kb = await _spectators(server, ws_url, victims[0], min(args.spectators, 30))
    return {
        "seconds_per_card_alone": round(args.seconds * args.victims / quiet, 3) if quiet else None,
        "seconds_per_card_flooded": round(args.seconds * args.victims / busy, 3) if busy else None,
        "cards_alone": quiet, "cards_flooded": busy, **flood, "tables_held": tables_held,
        "sockets_held": held, "sockets_refused": refused, "half_open_held": half_held,
        "half_open_refused": half_refused, "health_while_half_open": healthy, "kb_per_spectator": round(per_spectator_kb, 1),
        "load": os.getloadavg()[0], "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
    }


def run(args: argparse.Namespace) -> int:
    from rich.console import Console
    from rich.table import Table

    env = {"BAZAS_BOTS": args.bots, "BAZAS_BOT_SECONDS": str(args.bot_seconds), "BAZAS_BOT_WORKERS": str(args.workers),
           "BAZAS_ANALYSIS": "0", "BAZAS_AUTO_NEXT_DELAY": "0", "BAZAS_RESUME": "0", "BAZAS_TRUSTED_CLIENTS": ""}
    with tempfile.TemporaryDirectory(prefix="bazas-abuse-") as tmp:
        server = _Server(Path(tmp), env)
        try:
            server.start()
            figures = asyncio.run(_bench(args, server))
        finally:
            server.stop()
    table = Table(title=f"bazas bench abuse — {figures['date']}, load {figures['load']:.2f}")
    table.add_column("figure")
    table.add_column("value", justify="right")
    rows = [("bots' s/card at other tables, alone", figures["seconds_per_card_alone"]),
            ("bots' s/card at other tables, during the flood", figures["seconds_per_card_flooded"]),
            ("tables created by the flooder / refused", f"{figures['tables_ok']} / {figures['tables_refused']}"),
            ("tables held by the server", figures["tables_held"]),
            ("hints answered / refused", f"{figures['hints_answered']} / {figures['hints_refused']}"),
            ("sockets held / refused from one address", f"{figures['sockets_held']} / {figures['sockets_refused']}"),
            ("half-open HTTP sockets held / refused from one address",
             f"{figures['half_open_held']} / {figures['half_open_refused']}"),
            ("health check answered meanwhile", "yes" if figures["health_while_half_open"] else "NO"),
            ("server memory per spectator (KB)", figures["kb_per_spectator"])]
    for name, value in rows:
        table.add_row(name, str(value))
    Console().print(table)
    if args.json:
        print(json.dumps(figures))
    return 0
