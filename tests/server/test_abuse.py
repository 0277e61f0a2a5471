"""Issue 13 (fair play and abuse): each test reproduces one defect against a real server on
loopback (or the part in process) and counts what was refused, what was stored, which table got
which share; none asserts on timing. The servers here do not trust loopback (the harness's other
servers do, so that they can open many tables and sockets)."""

from __future__ import annotations

import asyncio
import json
import os
import re
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets

from bazas.server.limits import Buckets, name_problem
from bazas.server.protocol import CLIENT_MESSAGE, SERVER_MESSAGE
from bazas.server.scheduler import ANALYSIS, DECISION, REQUEST, FairSlots

from .harness import REPO, Client, ServerProcess, token

UNTRUSTED = {"BAZAS_TRUSTED_CLIENTS": "", "BAZAS_SEED_OPEN_TABLES": "0", "BAZAS_ADMIN_TOKEN": "operator-secret",
             "BAZAS_WS_PER_ADDRESS": "6", "BAZAS_HINTS_BURST": "2", "BAZAS_HINTS_PER_MINUTE": "0.001",
             "BAZAS_NAMES_BURST": "3", "BAZAS_NAMES_PER_MINUTE": "0.001", "BAZAS_TABLES_BURST": "200"}


@pytest.fixture(scope="module")
def strict(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    with ServerProcess(tmp_path_factory.mktemp("abuse"), env=UNTRUSTED) as srv:
        yield srv


def _post(server: ServerProcess, content: bytes | str) -> httpx.Response:
    return httpx.post(f"{server.http}/api/tables", content=content, timeout=30,
                      headers={"content-type": "application/json"})


# -- 1. table creation, hints, the worker pool's shares ---------------------------------------------
def test_issue13_1_table_creation_is_limited_per_client_address(tmp_path: Path) -> None:
    env = {**UNTRUSTED, "BAZAS_TABLES_BURST": "5", "BAZAS_TABLES_PER_MINUTE": "0.001"}
    with ServerProcess(tmp_path / "flood", env=env) as server:
        codes = [httpx.post(f"{server.http}/api/tables", json={"me": None}, timeout=30).status_code
                 for _ in range(30)]
        assert codes.count(200) == 5 and codes.count(429) == 25, codes
        refused = httpx.post(f"{server.http}/api/tables", json={"me": None}, timeout=30)
        assert "too many new tables" in refused.json()["detail"]
        health = server.get("/api/health").json()
        assert health["tables"] == 5  # only the allowed ones exist


def test_issue13_1_hints_are_rate_limited_per_seat(strict: ServerProcess) -> None:
    async def run() -> None:
        created = strict.create(me="S", first_dealer="S")  # South deals: South's turn at once
        async with Client(strict, created["table_id"], token(created["me"]), name="S") as south:
            await south.until(lambda m: m["table"]["actor"] == "S")
            start = len(south.messages)
            for _ in range(10):
                await south.send({"type": "hint"})
            await south.wait(lambda m: False if m["type"] != "error" else m["code"] == "busy", start=start)

            def answers() -> list[dict[str, Any]]:
                return [m for m in south.messages[start:] if m["type"] in ("hint", "error")]

            for _ in range(1200):  # the first hint may wait for the workers to start (a loaded machine)
                if len(answers()) >= 10:
                    break
                await asyncio.sleep(0.05)
            got = answers()
            hints = [m for m in got if m["type"] == "hint"]
            busy = [m for m in got if m["type"] == "error" and m["code"] == "busy"]
            assert len(hints) <= 2 and len(hints) + len(busy) == 10, got
    asyncio.run(run())


def test_issue13_1_fair_slots_give_each_table_its_share_and_decisions_first() -> None:
    async def run() -> tuple[list[str], list[str], dict[Any, int]]:
        slots = FairSlots(1)
        order: list[str] = []
        gate = asyncio.Event()

        async def job(key: str, name: str, priority: int) -> None:
            async with slots.hold(key, priority):
                order.append(name)
                await gate.wait()

        first = asyncio.create_task(job("flood", "flood-0", DECISION))
        await asyncio.sleep(0)
        # One table floods the pool with 12 analyses and 6 hints; then another table's bot decides.
        tasks = [asyncio.create_task(job("flood", f"flood-a{i}", ANALYSIS)) for i in range(12)]
        tasks += [asyncio.create_task(job("flood", f"flood-h{i}", REQUEST)) for i in range(6)]
        tasks += [asyncio.create_task(job("other", f"other-d{i}", DECISION)) for i in range(3)]
        await asyncio.sleep(0)
        gate.set()
        await asyncio.gather(first, *tasks)
        decisions_first = order[:4]
        # Round robin within a priority: two tables' decisions alternate.
        slots2 = FairSlots(1)
        order2: list[str] = []
        gate2 = asyncio.Event()

        async def job2(key: str) -> None:
            async with slots2.hold(key):
                order2.append(key)
                await gate2.wait()

        head = asyncio.create_task(job2("a"))
        await asyncio.sleep(0)
        rest = [asyncio.create_task(job2("a")) for _ in range(6)] + [asyncio.create_task(job2("b")) for _ in range(3)]
        await asyncio.sleep(0)
        gate2.set()
        await asyncio.gather(head, *rest)
        return decisions_first, order2, slots.granted

    decisions_first, order2, granted = asyncio.run(run())
    assert decisions_first == ["flood-0", "other-d0", "other-d1", "other-d2"]  # bots before analyses
    assert order2[:7] == ["a", "a", "b", "a", "b", "a", "b"]  # b never waits behind two of a's
    assert granted == {"flood": 19, "other": 3}


def test_issue13_1_fair_slots_share_per_owner_first_then_per_table() -> None:
    """Issue 13 point 1: a client holding many tables gets one client's share of the pool, not one
    share per table; within the client its tables take turns; decisions keep priority."""
    async def run() -> tuple[list[tuple[str, str]], dict[Any, int], dict[Any, int]]:
        slots = FairSlots(1)
        order: list[tuple[str, str]] = []
        gate = asyncio.Event()

        async def job(owner: str, key: str, priority: int = DECISION) -> None:
            async with slots.hold(key, priority, owner):
                order.append((owner, key))
                await gate.wait()

        first = asyncio.create_task(job("flooder", "f0"))
        await asyncio.sleep(0)
        # The flooder's 7 tables queue 3 decisions each (and analyses); then one other person's table
        # queues 3 decisions and an analysis.
        tasks = [asyncio.create_task(job("flooder", f"f{t}")) for _ in range(3) for t in range(7)]
        tasks += [asyncio.create_task(job("flooder", f"f{t}", ANALYSIS)) for t in range(7)]
        tasks += [asyncio.create_task(job("other", "v")) for _ in range(3)]
        tasks += [asyncio.create_task(job("other", "v", ANALYSIS))]
        await asyncio.sleep(0)
        gate.set()
        await asyncio.gather(first, *tasks)
        return order, slots.granted_owners, slots.granted

    order, owners, granted = asyncio.run(run())
    head = [owner for owner, _ in order[1:7]]
    assert head.count("other") == 3, order[:8]  # every other slot while both wait, not one in eight
    flood_tables = [key for owner, key in order[1:22] if owner == "flooder"][:7]
    assert sorted(flood_tables) == [f"f{t}" for t in range(7)]  # the flooder's tables take turns
    analyses_from = 1 + 21 + 3  # after every decision (the holder's, 21 more of the flooder, 3 of other)
    assert ("other", "v") in order[analyses_from:analyses_from + 2]  # its analysis in the first round
    assert owners == {"flooder": 29, "other": 4} and granted["v"] == 4


def test_issue13_1_a_tables_owner_is_its_creators_address_and_survives_restart(tmp_path: Path) -> None:
    """Issue 13 point 1: the owner (a digest of the creating client address) is stored with the
    table, a table loaded again after a restart shares the pool by it, and the flooder's tables
    count as one owner against another person's table."""
    from bazas.server import workers
    from bazas.server.hub import Hub
    from bazas.server.limits import owner_key
    from bazas.server.settings import Settings

    with ServerProcess(tmp_path / "owners", env=UNTRUSTED) as server:
        other = server.create(me=None)["table_id"]
        flooder = httpx.Client(base_url=server.http, timeout=30,
                               transport=httpx.HTTPTransport(local_address="127.0.0.2"))
        with flooder:
            flood = [flooder.post("/api/tables", json={"me": None}).json()["table_id"] for _ in range(6)]

    async def run() -> tuple[dict[str, str | None], list[str]]:
        settings = Settings(data_dir=tmp_path / "owners", bots="scripted", bot_workers=1, analysis=False,
                            explanations=False, resume=False)
        hub = Hub(settings)
        await hub.start()
        try:
            actors = {t: await hub.get(t) for t in [*flood, other]}
            owners = {t: a.scheduler.owner for t, a in actors.items() if a is not None}
            slots = hub.workers.slots
            done: list[str] = []
            await slots.acquire("gate")

            async def job(table_id: str) -> None:
                actor = actors[table_id]
                assert actor is not None
                await actor.scheduler.run(workers.ping, timeout=60)
                done.append(table_id)

            tasks = [asyncio.create_task(job(t)) for _ in range(2) for t in flood]
            tasks += [asyncio.create_task(job(other)) for _ in range(2)]
            await asyncio.sleep(0)
            slots.release()
            await asyncio.gather(*tasks)
            return owners, done
        finally:
            await hub.close()

    owners, done = asyncio.run(run())
    assert owners[other] == owner_key("127.0.0.1")
    assert {owners[t] for t in flood} == {owner_key("127.0.0.2")}
    # Twelve jobs of the flooder's six tables queued before the other's two: the other's run second
    # and fourth (per owner), not thirteenth and fourteenth (per table).
    assert [i for i, t in enumerate(done) if t == other] == [1, 3], done


def test_issue13_1_lessons_are_limited_per_address_and_think_in_its_share_of_the_pool(tmp_path: Path) -> None:
    """Issue 13 point 1 at the lesson (issue 12): its bots think for any anonymous client, so an
    address gets ``lessons_burst`` answers at once (then 429), and each answer is a job of the
    worker pool in that address's share (counted by owner), not the server process's CPU."""
    from fastapi.testclient import TestClient

    from bazas.server import create_app
    from bazas.server.limits import owner_key
    from bazas.server.settings import Settings

    settings = Settings(data_dir=tmp_path, bots="scripted", bot_workers=1, analysis=False, explanations=False,
                        resume=False, lessons_burst=3, lessons_per_minute=0.001)
    app = create_app(settings)
    with TestClient(app) as client:
        deal = client.get("/api/learn/deals").json()["deals"][0]["id"]
        answers = [client.post(f"/api/learn/deals/{deal}/auction", json={"calls": []}) for _ in range(8)]
        granted = dict(app.state.hub.workers.slots.granted_owners)
    codes = [r.status_code for r in answers]
    assert codes.count(200) == 3 and codes.count(429) == 5, codes
    assert "too many lesson moves" in answers[-1].json()["detail"]
    assert answers[0].json()["calls"] == answers[1].json()["calls"]  # the same answer, from the pool
    assert granted.get(owner_key("testclient")) == 3, granted


def test_issue13_1_token_buckets_count_refusals() -> None:
    now = [0.0]
    buckets = Buckets(per_minute=6, burst=2, clock=lambda: now[0])
    assert [buckets.allow("ip") for _ in range(5)] == [True, True, False, False, False]
    now[0] = 10.0  # one token back after 10 s at 6 a minute
    assert [buckets.allow("ip") for _ in range(2)] == [True, False]
    assert buckets.refused == 4 and buckets.allow("other")


# -- 2. connections per address -------------------------------------------------------------------
def test_issue13_2_websockets_per_client_address_are_capped(strict: ServerProcess) -> None:
    async def run() -> None:
        created = strict.create(me=None)
        url = f"{strict.ws}/ws/{created['table_id']}"
        held, refused = [], 0
        for _ in range(10):
            ws = await websockets.connect(url)
            try:
                first = json.loads(await asyncio.wait_for(ws.recv(), 10))
                if first["type"] == "error" and first["code"] == "busy":
                    await asyncio.wait_for(ws.wait_closed(), 10)
                    assert ws.close_code == 4429
                    refused += 1
                    continue
            except websockets.ConnectionClosed:
                refused += 1
                continue
            held.append(ws)
        assert len(held) == 6 and refused == 4
        for ws in held:
            await ws.close()
    asyncio.run(run())


def test_issue13_2_half_open_http_connections_are_capped_per_address_and_timed_out(tmp_path: Path) -> None:
    """Issue 13 point 2: one client opening sockets and sending nothing, or half a request, holds
    at most ``http_per_address`` of them (the rest answered 503 and closed), each closed once its
    request has not arrived within ``request_timeout``; the health check is answered meanwhile,
    from this address too once its sockets are gone, and a WebSocket does not count here."""
    env = {**UNTRUSTED, "BAZAS_HTTP_PER_ADDRESS": "5", "BAZAS_REQUEST_TIMEOUT": "1"}
    with ServerProcess(tmp_path / "halfopen", env=env) as server:
        other = httpx.Client(base_url=server.http, timeout=30,
                             transport=httpx.HTTPTransport(local_address="127.0.0.2"))
        socks = [socket.create_connection(("127.0.0.1", server.port)) for _ in range(8)]
        # The first five (accepted in order): half a request's head, half a body, nothing at all.
        socks[0].sendall(b"GET /api/health HTTP/1.1\r\nHost: x\r\n")
        socks[1].sendall(b"POST /api/tables HTTP/1.1\r\nHost: x\r\ncontent-length: 100\r\n\r\n{")
        for sock in socks[5:]:  # past the cap: their first bytes are answered 503
            sock.sendall(b"GET /api/health HTTP/1.1\r\nHost: x\r\n")
        with other:
            assert other.get("/api/health").json()["ok"]  # another client is served meanwhile
        answers: list[bytes] = []
        for sock in socks:
            sock.settimeout(60)
            data = b""
            try:
                while chunk := sock.recv(4096):
                    data += chunk
            except OSError:
                pass
            answers.append(data)
            sock.close()
        assert answers[:5] == [b""] * 5, answers  # held, then closed unanswered (request timeout)
        assert all(a.startswith(b"HTTP/1.1 503") and b"too many connections" in a for a in answers[5:]), answers
        assert httpx.get(f"{server.http}/api/health", timeout=30).json()["ok"]

        async def sockets() -> int:  # WebSockets are not HTTP connections of the cap
            created = server.create(me=None)
            held = [await websockets.connect(f"{server.ws}/ws/{created['table_id']}") for _ in range(6)]
            for ws in held:
                await ws.recv()
            n = len(held)
            for ws in held:
                await ws.close()
            return n
        assert asyncio.run(sockets()) == 6
        assert httpx.get(f"{server.http}/api/health", timeout=30).json()["ok"]


# -- 3. seats bound to their player's device ------------------------------------------------------
def test_issue13_3_a_taken_seat_is_the_players_own_and_can_move(strict: ServerProcess) -> None:
    async def run() -> None:
        created = strict.create(seats={"E": "open"}, me="S")
        table_id, invitation = created["table_id"], token(created["links"]["E"])
        east = Client(strict, table_id, invitation, name="E")
        await east.connect()
        key_msg = await east.wait(lambda m: m["type"] == "seat_key")
        SERVER_MESSAGE.validate_python(key_msg)
        device_key = key_msg["key"]
        assert device_key != invitation and not key_msg["moved"]
        await east.until(lambda m: m["table"]["you"] == "E")
        # The creator, who kept the invitation, only watches now: no East cards.
        async with Client(strict, table_id, invitation, name="creator") as creator:
            state = await creator.wait(lambda m: m["type"] == "state")
            assert state["table"]["you"] is None and all(c == "" or c is None for c in _hidden(state))
            assert any(m["type"] == "error" and m["code"] == "not_seated" for m in creator.messages)
        # A second connection with East's own key while East is connected is refused.
        second = Client(strict, table_id, device_key, name="E2")
        await second.connect()
        err = await second.wait(lambda m: m["type"] == "error")
        assert err["code"] == "seat_taken"
        assert not any(m["type"] == "state" and m["table"]["you"] == "E" for m in second.messages)
        await second.close()
        # East moves the seat to another device: a fresh link; this device's key stops working.
        start = len(east.messages)
        await east.send({"type": "move_seat"})
        moved = await east.wait(lambda m: m["type"] == "seat_key", start=start)
        assert moved["moved"] and moved["link"].endswith(moved["key"])
        await east.until(lambda m: m["table"]["you"] is None)
        await east.close()
        async with Client(strict, table_id, device_key, name="old-device") as old:
            st = await old.wait(lambda m: m["type"] == "state")
            assert st["table"]["you"] is None
        async with Client(strict, table_id, moved["key"], name="new-device") as new:
            st = await new.wait(lambda m: m["type"] == "state" and m["table"]["you"] == "E")
            assert st["table"]["seats"]["E"]["connected"]
    asyncio.run(run())


def _hidden(state: dict[str, Any]) -> list[Any]:
    """Cards of other seats shown to a spectator (none may be)."""
    view = state.get("view") or {}
    hands = view.get("hands") or {}
    return [c for seat, cards in hands.items() for c in (cards or [])] if isinstance(hands, dict) else []


def test_issue13_3_seed_only_where_everybody_agreed_and_shown(strict: ServerProcess) -> None:
    r = httpx.post(f"{strict.http}/api/tables", json={"seats": {"N": "open"}, "me": "S", "seed": 7}, timeout=30)
    assert r.status_code == 400 and "seed" in r.json()["detail"] and "N" in r.json()["detail"]
    alone = strict.create(me="S", seed=7)  # the creator with bots: agreed
    summary = strict.get(f"/api/tables/{alone['table_id']}").json()
    assert summary["prepared"] is True
    plain = strict.create(me="S")
    assert strict.get(f"/api/tables/{plain['table_id']}").json()["prepared"] is False


def test_issue13_3_the_three_handed_table_binds_seats_and_refuses_seeds_like_the_others(strict: ServerProcess) -> None:
    """Issue 13 point 3 at the three-handed table (issue 11; same socket, other engine): East's
    invitation becomes East's device key, the creator's copy of it opens no seat and shows none
    of East's cards, a second connection with East's key is refused, and a seed needs every
    person's agreement (refused with East open; with bots only it is shown as prepared)."""
    r = httpx.post(f"{strict.http}/api/tables", timeout=30, json={
        "ruleset": "three-handed-auction", "seats": {"N": "bot", "E": "open"}, "me": "S", "seed": 5})
    assert r.status_code == 400 and "seed" in r.json()["detail"] and "E" in r.json()["detail"]
    alone = strict.create(ruleset="three-handed-auction", seats={"N": "bot", "E": "bot"}, me="S", seed=5)
    assert strict.get(f"/api/tables/{alone['table_id']}").json()["prepared"] is True

    async def run() -> None:
        created = strict.create(ruleset="three-handed-auction", seats={"N": "bot", "E": "open"}, me="S")
        table_id, invitation = created["table_id"], token(created["links"]["E"])
        east = Client(strict, table_id, invitation, name="E")
        await east.connect()
        own = await east.wait(lambda m: m["type"] == "seat_key")
        assert own["key"] != invitation and own["seat"] == "E"
        mine = await east.until(lambda m: m["table"]["you"] == "E" and m["view"] is not None
                                and bool(m["view"]["hand"]))
        east_cards = set(mine["view"]["hand"])
        async with Client(strict, table_id, invitation, name="creator") as creator:
            await creator.wait(lambda m: m["type"] == "state")
            assert any(m["type"] == "error" and m["code"] == "not_seated" for m in creator.messages)
            states = [m for m in creator.messages if m["type"] == "state"]
            assert all(m["table"]["you"] is None for m in states)
            shown = {c for m in states if m["view"] for c in (m["view"].get("hand") or [])}
            assert not shown & east_cards and all(m["view"]["all_hands"] is None for m in states if m["view"])
        second = Client(strict, table_id, own["key"], name="E2")
        await second.connect()
        refused = await second.wait(lambda m: m["type"] == "error")
        assert refused["code"] == "seat_taken"
        assert not any(m["type"] == "state" and m["table"]["you"] == "E" for m in second.messages)
        await second.close()
        await east.close()
    asyncio.run(run())


# -- 4. no seat secret in the log ---------------------------------------------------------------------
def test_issue13_4_seat_secrets_are_not_written_to_the_log(tmp_path: Path) -> None:
    env = {**os.environ, "BAZAS_BOTS": "scripted", "BAZAS_ANALYSIS": "0", "BAZAS_EXPLANATIONS": "0",
           "PYTHONUNBUFFERED": "1"}
    env.pop("BAZAS_DATABASE_URL", None)
    proc = subprocess.Popen([sys.executable, "-m", "bazas.cli.main", "serve", "--port", "0", "--data-dir",
                             str(tmp_path), "--log-level", "debug"], cwd=REPO, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, start_new_session=True)
    lines: list[str] = []
    ready = threading.Event()

    def read() -> None:
        assert proc.stdout is not None
        for line in proc.stdout:
            lines.append(line)
            if "serving on" in line:
                ready.set()

    threading.Thread(target=read, daemon=True).start()
    try:
        assert ready.wait(60)
        port = int(re.search(r":(\d+)", lines[-1].split("serving on")[1]).group(1))  # type: ignore[union-attr]
        for _ in range(200):
            try:
                httpx.get(f"http://127.0.0.1:{port}/api/health", timeout=2)
                break
            except httpx.HTTPError:
                time.sleep(0.05)
        created = httpx.post(f"http://127.0.0.1:{port}/api/tables", json={"me": "S"}, timeout=30).json()
        secret = token(created["me"])
        httpx.get(f"http://127.0.0.1:{port}{created['me']}", timeout=10)

        async def visit() -> None:
            async with websockets.connect(f"ws://127.0.0.1:{port}/ws/{created['table_id']}?k={secret}") as ws:
                await ws.recv()
            async with websockets.connect(f"ws://127.0.0.1:{port}/ws/{created['table_id']}?k=wrong-{secret}") as ws:
                await ws.recv()
        asyncio.run(visit())
        time.sleep(0.5)  # let the server write its log lines (the assertion counts them, not time)
    finally:
        proc.terminate()
        proc.wait(15)
    text = "".join(lines)
    assert "WebSocket /ws/" in text  # the connections were logged...
    assert secret not in text and "k=[redacted]" in text  # ...without the secret


# -- 5. storage growth ----------------------------------------------------------------------------------
def test_issue13_5_request_bodies_and_seeds_are_bounded(strict: ServerProcess) -> None:
    big = json.dumps({"me": None, "seed": "x" * 200_000})
    r = _post(strict, big)
    assert r.status_code == 413 and "64" in r.text or "65536" in r.text
    r = httpx.post(f"{strict.http}/api/tables", json={"me": None, "seed": "x" * 65}, timeout=30)
    assert r.status_code == 422 and "seed" in json.dumps(r.json())
    assert strict.create(me=None, seed="x" * 64)["table_id"]


def test_issue13_5_name_changes_are_rate_limited(strict: ServerProcess) -> None:
    async def run() -> None:
        created = strict.create(me="S", name="Ana")
        async with Client(strict, created["table_id"], token(created["me"]), name="S") as south:
            await south.until(lambda m: m["table"]["you"] == "S")
            start = len(south.messages)
            for i in range(20):
                await south.send({"type": "name", "name": f"Ana {i}"})
            await south.send({"type": "sync"})
            for _ in range(400):
                errors = [m for m in south.messages[start:] if m["type"] == "error" and m["code"] == "busy"]
                if len(errors) >= 17:
                    break
                await asyncio.sleep(0.02)
            names = {m["table"]["seats"]["S"]["name"] for m in south.messages[start:] if m["type"] == "state"}
            assert len(errors) == 17  # 3 allowed (the burst), 17 refused
            assert names <= {"Ana", "Ana 0", "Ana 1", "Ana 2"}
    asyncio.run(run())


# -- 6. zombie sockets ------------------------------------------------------------------------------
def test_issue13_6_a_client_that_does_not_read_is_dropped_and_shown_disconnected(strict: ServerProcess) -> None:
    async def run() -> None:
        created = strict.create(seats={"N": "open"}, me="S", first_dealer="N")
        table_id = created["table_id"]
        async with Client(strict, table_id, token(created["me"]), name="S") as south:
            await south.until(lambda m: m["table"]["you"] == "S")
            sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
            sock.connect(("127.0.0.1", strict.port))
            zombie = await websockets.connect(f"{strict.ws}/ws/{table_id}?k={token(created['links']['N'])}",
                                              sock=sock, max_queue=1, max_size=2**22)
            await south.until(lambda m: m["table"]["seats"]["N"]["connected"])
            # The zombie asks for states and makes errors without ever reading an answer.
            for _ in range(3000):
                try:
                    await zombie.send('{"type":"sync"}')
                    await zombie.send('{"type":"nonsense"}')
                except websockets.ConnectionClosed:
                    break
            await south.until(lambda m: not m["table"]["seats"]["N"]["connected"], timeout=30)
            version = south.current["version"]
            # North's turn: a call from the dropped socket is not applied.
            with_call = 0
            try:
                await zombie.send('{"type":"call","call":"1C"}')
                with_call = 1
            except websockets.ConnectionClosed:
                pass
            st = await south.sync()
            assert st["version"] == version and not st["view"]["calls"], (with_call, st["view"]["calls"])
            with_close = None
            try:
                while True:
                    await asyncio.wait_for(zombie.recv(), 10)
            except websockets.ConnectionClosed:
                with_close = zombie.close_code
            except TimeoutError:
                pass
            assert with_close in (4408, 1006, None)
            await zombie.close()
    asyncio.run(run())


# -- 7. smaller ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("body", ['{"bot_seconds": NaN}', '{"bot_seconds": Infinity}', '{"seed": 1e400}',
                                  '{"bot_seconds": 1e400}', '{"name": "a\\ud800b"}', '{"seed": "\\udfff"}',
                                  '{"ruleset": "\\ud800"}'])
def test_issue13_7_non_finite_numbers_and_lone_surrogates_are_422(strict: ServerProcess, body: str) -> None:
    r = _post(strict, body)
    assert r.status_code == 422, r.text
    detail = r.json()["detail"]
    assert detail and detail[0]["loc"] and detail[0]["msg"]
    assert "Traceback" not in r.text


def test_issue13_7_strict_ints_and_printable_names_in_messages() -> None:
    for bad in ('{"type":"claim","tricks":"13"}', '{"type":"claim","tricks":1.0}', '{"type":"claim","tricks":true}',
                '{"type":"claim_reply","accept":1}', '{"type":"explain","index":"0"}',
                '{"type":"name","name":"a\\u0000b"}', '{"type":"name","name":"\\u001b[2J"}',
                '{"type":"name","name":"a\\u202eb"}'):
        with pytest.raises(ValueError):
            CLIENT_MESSAGE.validate_json(bad)
    assert CLIENT_MESSAGE.validate_json('{"type":"claim","tricks":13}').tricks == 13
    assert name_problem("Sofía Núñez") is None


def test_issue13_7_binary_frames_get_a_close_frame_with_a_reason(strict: ServerProcess) -> None:
    async def run() -> None:
        created = strict.create(me=None)
        async with websockets.connect(f"{strict.ws}/ws/{created['table_id']}") as ws:
            await ws.recv()
            await ws.send(b"\x00\x01binary")
            with pytest.raises(websockets.ConnectionClosed):
                while True:
                    await asyncio.wait_for(ws.recv(), 10)
            assert ws.close_code == 1003 and "binary" in (ws.close_reason or "")
    asyncio.run(run())


def test_issue13_7_health_reset_only_for_the_operator(strict: ServerProcess) -> None:
    assert httpx.get(f"{strict.http}/api/health?reset=1", timeout=10).status_code == 403
    wrong = httpx.get(f"{strict.http}/api/health?reset=1", headers={"x-bazas-admin": "guess"}, timeout=10)
    assert wrong.status_code == 403
    ok = httpx.get(f"{strict.http}/api/health?reset=1", headers={"x-bazas-admin": "operator-secret"}, timeout=10)
    assert ok.status_code == 200 and ok.json()["ok"]


def test_issue13_7_only_public_tables_are_listed(strict: ServerProcess) -> None:
    private = strict.create(me=None)["table_id"]
    public = strict.create(me=None, public=True)["table_id"]
    listed = {t["id"] for t in strict.get("/api/tables?limit=100").json()["tables"]}
    assert public in listed and private not in listed
