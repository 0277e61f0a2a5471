"""Issue 13 at the team match's sockets ``/ws/m/{match}.{table}``: the same standard as a table's
(test_abuse.py) -- a seat's invitation becomes the player's device's own key (stored: it survives a
restart), one connection per seat, the per-address WebSocket cap, a client that does not read is
dropped and its commands are not applied, binary frames get a close frame, strict messages.
Counts what was refused; no timing in assertions."""

from __future__ import annotations

import asyncio
import json
import socket
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
import websockets

from bazas.server.protocol import SERVER_MESSAGE

from .harness import Client, ServerProcess, create_match, side, token

pytestmark = pytest.mark.xdist_group("match_abuse")

UNTRUSTED = {"BAZAS_TRUSTED_CLIENTS": "", "BAZAS_WS_PER_ADDRESS": "6", "BAZAS_TABLES_BURST": "200",
             "BAZAS_NAMES_BURST": "3", "BAZAS_NAMES_PER_MINUTE": "0.001",
             "BAZAS_HINTS_BURST": "2", "BAZAS_HINTS_PER_MINUTE": "0.001"}


@pytest.fixture(scope="module")
def strict(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    with ServerProcess(tmp_path_factory.mktemp("match-abuse"), env=UNTRUSTED) as srv:
        yield srv


def test_issue13_3_a_match_seat_is_bound_to_the_device_and_survives_restart(tmp_path: Path) -> None:
    with ServerProcess(tmp_path / "bound", env=UNTRUSTED) as server:
        created = create_match(server, boards=1, seats={"1N": "open", "2E": "open"})
        link = created["links"]["1N"]
        where, invitation = side(link), token(link)

        async def first() -> str:
            north = Client(server, where, invitation, name="1N")
            await north.connect()
            key_msg = await north.wait(lambda m: m["type"] == "seat_key")
            SERVER_MESSAGE.validate_python(key_msg)
            assert key_msg["key"] != invitation and not key_msg["moved"] and key_msg["seat"] == "N"
            await north.until(lambda m: m["table"]["you"] == "N")
            # The invitation (which the creator keeps) opens no seat any more: a spectator of the match.
            async with Client(server, where, invitation, name="creator") as creator:
                err = await creator.wait(lambda m: m["type"] == "error")
                assert err["code"] == "not_seated"
                await creator.wait(lambda m: m["type"] == "match")
                assert not any(m["type"] == "state" for m in creator.messages)
            # A second connection with North's own key while North is connected is refused.
            second = Client(server, where, key_msg["key"], name="1N-again")
            await second.connect()
            refused = await second.wait(lambda m: m["type"] == "error")
            assert refused["code"] == "seat_taken"
            await asyncio.wait_for(second._task, 10)  # type: ignore[arg-type]
            assert second._ws.close_code == 4409 and not any(m["type"] == "state" for m in second.messages)
            await north.close()
            return str(key_msg["key"])

        device_key = asyncio.run(first())
    # After a restart the device's key is still North's, and the invitation still is not.
    with ServerProcess(tmp_path / "bound", env=UNTRUSTED) as server:
        async def again() -> None:
            async with Client(server, where, invitation, name="creator") as creator:
                await creator.wait(lambda m: m["type"] == "match")
                assert any(m["type"] == "error" and m["code"] == "not_seated" for m in creator.messages)
            async with Client(server, where, device_key, name="1N") as north:
                await north.until(lambda m: m["table"]["you"] == "N")
                assert not any(m["type"] == "seat_key" for m in north.messages)  # already its own
        asyncio.run(again())


def test_issue13_3_a_match_seat_moves_to_another_device(strict: ServerProcess) -> None:
    async def run() -> None:
        created = create_match(strict, boards=1, seats={"2S": "open"})
        link = created["links"]["2S"]
        where = side(link)
        south = Client(strict, where, token(link), name="2S")
        await south.connect()
        own = await south.wait(lambda m: m["type"] == "seat_key")
        await south.until(lambda m: m["table"]["you"] == "S")
        start = len(south.messages)
        await south.send({"type": "move_seat"})
        moved = await south.wait(lambda m: m["type"] == "seat_key", start=start)
        assert moved["moved"] and moved["link"] == f"/t/{where[2:]}?k={moved['key']}"
        # The old device watches the match now: its commands are refused.
        start = len(south.messages)
        await south.send({"type": "call", "call": "pass"})
        err = await south.wait(lambda m: m["type"] == "error", start=start)
        assert err["code"] == "not_seated"
        await south.close()
        async with Client(strict, where, own["key"], name="old-device") as old:
            await old.wait(lambda m: m["type"] == "match")
            assert not any(m["type"] == "state" for m in old.messages)
        async with Client(strict, where, moved["key"], name="new-device") as new:
            await new.until(lambda m: m["table"]["you"] == "S" and m["table"]["seats"]["S"]["connected"])
    asyncio.run(run())


def test_issue13_2_match_sockets_count_in_the_per_address_cap(strict: ServerProcess) -> None:
    async def run() -> None:
        created = create_match(strict, boards=1)
        url = f"{strict.ws}/ws/m/{created['match_id']}.1"
        table = strict.create(me=None)["table_id"]
        held, refused = [], 0
        for i in range(10):  # table and match sockets from one address share the cap (6)
            ws = await websockets.connect(url if i % 2 else f"{strict.ws}/ws/{table}", max_size=2**22)
            first = json.loads(await asyncio.wait_for(ws.recv(), 10))
            if first["type"] == "error" and first["code"] == "busy":
                with pytest.raises(websockets.ConnectionClosed):
                    await asyncio.wait_for(ws.recv(), 10)
                assert ws.close_code == 4429
                refused += 1
                continue
            held.append(ws)
        assert len(held) == 6 and refused == 4
        for ws in held:
            await ws.close()
    asyncio.run(run())


def test_issue13_7_match_sockets_close_binary_frames_and_parse_strictly(strict: ServerProcess) -> None:
    async def run() -> None:
        created = create_match(strict, boards=1, seats={"1E": "open"})
        link = created["links"]["1E"]
        async with Client(strict, side(link), token(link), name="1E") as east:
            await east.until(lambda m: m["table"]["you"] == "E")
            bad = ['{"type":"claim","tricks":"13"}', '{"type":"claim","tricks":true}', '{"type":"name","name":"a\\u0000"}',
                   '{"type":"nonsense"}', "not json", '{"type":"call","call":"1C","extra":1}']
            start = len(east.messages)
            for text in bad:
                await east._ws.send(text)
            await east.wait(lambda m: sum(1 for x in east.messages[start:] if x["type"] == "error") >= len(bad),
                            start=start)
            errors = [m for m in east.messages[start:] if m["type"] == "error"]
            assert [e["code"] for e in errors] == ["bad_message"] * len(bad)
            assert all(e["message"] for e in errors)
            # A binary frame: a close frame with a reason, the seat free again.
            await east._ws.send(b"\x00\x01binary")
            await asyncio.wait_for(east._task, 10)  # type: ignore[arg-type]
            assert east._ws.close_code == 1003 and "binary" in (east._ws.close_reason or "")
    asyncio.run(run())


def test_issue13_6_a_match_client_that_does_not_read_is_dropped(strict: ServerProcess) -> None:
    async def run() -> None:
        created = create_match(strict, boards=1, seats={"1N": "open", "1S": "open"})
        north_link, south_link = created["links"]["1N"], created["links"]["1S"]
        where = side(north_link)
        async with Client(strict, where, token(south_link), name="1S") as south:
            await south.until(lambda m: m["table"]["you"] == "S")
            sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
            sock.connect(("127.0.0.1", strict.port))
            zombie = await websockets.connect(f"{strict.ws}/ws/{where}?k={token(north_link)}", sock=sock,
                                              max_queue=1, max_size=2**22)
            await south.until(lambda m: m["table"]["seats"]["N"]["connected"])
            for _ in range(3000):  # states and errors asked for, never read
                try:
                    await zombie.send('{"type":"sync"}')
                    await zombie.send('{"type":"nonsense"}')
                except websockets.ConnectionClosed:
                    break
            await south.until(lambda m: not m["table"]["seats"]["N"]["connected"], timeout=30)
            version = south.current["version"]
            with_call = 0
            try:  # North deals board 1: a call from the dropped socket is not applied
                await zombie.send('{"type":"call","call":"1C"}')
                with_call = 1
            except websockets.ConnectionClosed:
                pass
            st = await south.sync()
            assert st["version"] == version and not st["view"]["calls"], (with_call, st["view"]["calls"])
            with pytest.raises((websockets.ConnectionClosed, TimeoutError)):
                while True:
                    await asyncio.wait_for(zombie.recv(), 10)
            assert zombie.close_code in (4408, 1006, None)
            await zombie.close()
    asyncio.run(run())


def test_issue13_1_matches_count_as_table_creations_and_share_one_owner(tmp_path: Path) -> None:
    """A match counts against its address's table creations, and both its tables carry the
    creating address's owner (the worker pool's per-owner share), stored with the match."""
    from bazas.server.limits import owner_key
    from bazas.storage import Repository

    env = {**UNTRUSTED, "BAZAS_TABLES_BURST": "3", "BAZAS_TABLES_PER_MINUTE": "0.001"}
    with ServerProcess(tmp_path / "flood", env=env) as server:
        codes = [httpx.post(f"{server.http}/api/matches", json={"boards": 1}, timeout=30) for _ in range(4)]
        assert [r.status_code for r in codes] == [200, 200, 200, 429], [r.text for r in codes]
        assert "too many new tables" in codes[-1].json()["detail"]
        # The address's tables and matches share one budget: no table either now.
        assert httpx.post(f"{server.http}/api/tables", json={"me": None}, timeout=30).status_code == 429
        match_id = codes[0].json()["match_id"]
    repo = Repository.open(f"sqlite:///{tmp_path / 'flood' / 'bazas.sqlite3'}", migrate=False)
    try:
        stored = repo.load_table(match_id, with_events=False)
    finally:
        repo.close()
    assert stored is not None and stored.options["owner"] == owner_key("127.0.0.1")


def test_issue13_3_a_match_on_prepared_boards_is_shown_as_prepared_at_both_tables(strict: ServerProcess) -> None:
    """Issue 13 point 3: boards loaded from the creator's PBN file (the creator may know every
    hand) are marked prepared in the match's summary and in every seat's table state; boards
    dealt by the server are not."""
    import random

    from bazas.engine.match import deal_boards
    from bazas.formats.match_records import dumps_boards

    pbn = dumps_boards(deal_boards(2, random.Random(13)), event="issue 13")
    prepared = create_match(strict, pbn=pbn, seats={"1S": "open", "2E": "open"})
    dealt = create_match(strict, boards=2, seats={"1S": "open"})
    assert strict.get(f"/api/matches/{prepared['match_id']}").json()["prepared"] is True
    assert strict.get(f"/api/matches/{dealt['match_id']}").json()["prepared"] is False

    async def table_flag(link: str, seat: str) -> bool:
        async with Client(strict, side(link), token(link), name=seat) as person:
            state = await person.until(lambda m: m["table"]["you"] == seat)
            return bool(state["table"]["prepared"])

    async def run() -> list[bool]:
        return [await table_flag(prepared["links"]["1S"], "S"), await table_flag(prepared["links"]["2E"], "E"),
                await table_flag(dealt["links"]["1S"], "S")]

    assert asyncio.run(run()) == [True, True, False]


@pytest.mark.parametrize("team", ["a\u0000b", "\u001b[2J", "A\u202eB"])
def test_issue13_7_team_names_with_nul_or_terminal_escapes_are_refused(strict: ServerProcess, team: str) -> None:
    before = strict.get("/api/health/matches").json()["loaded"]
    for field in ("team_a", "team_b"):
        r = httpx.post(f"{strict.http}/api/matches", json={field: team, "boards": 1}, timeout=30)
        assert r.status_code == 422, r.text
        assert r.json()["detail"][0]["loc"] == ["body", field] and "control character" in r.json()["detail"][0]["msg"]
    r = httpx.post(f"{strict.http}/api/matches", json={"pbn": "[Board \"1\"]\u0000"}, timeout=30)
    assert r.status_code == 422 and r.json()["detail"][0]["loc"] == ["body", "pbn"]
    assert strict.get("/api/health/matches").json()["loaded"] == before  # nothing created


def test_issue13_1_5_a_match_seat_has_the_tables_hint_and_name_allowances(strict: ServerProcess) -> None:
    """Issues 13 points 1 and 5 at a match's seat: name changes and hints are counted per seat as
    at a table (3 names and 2 hints here, the rest refused ``busy``), and only allowed names are shown."""
    async def run() -> None:
        created = create_match(strict, boards=1, seats={"1N": "open"})
        link = created["links"]["1N"]
        async with Client(strict, side(link), token(link), name="1N") as north:
            await north.until(lambda m: m["table"]["you"] == "N" and m["table"]["actor"] == "N")
            start = len(north.messages)
            for i in range(10):
                await north.send({"type": "name", "name": f"Norte {i}"})
            for _ in range(6):
                await north.send({"type": "hint"})

            def counted() -> tuple[int, int, int]:
                got = north.messages[start:]
                busy = [m for m in got if m["type"] == "error" and m["code"] == "busy"]
                hints = [m for m in got if m["type"] == "hint"]
                others = [m for m in got if m["type"] == "error" and m["code"] != "busy"]
                return len(busy), len(hints), len(others)

            for _ in range(1200):  # a hint may wait for the workers to start on a loaded machine
                busy, hints, others = counted()
                if busy + hints + others >= 7 + 6:
                    break
                await asyncio.sleep(0.05)
            busy, hints, others = counted()
            # 7 name changes refused; of 6 hints at most 2 answered (the allowance), every other one
            # refused busy (past the allowance, or while one was being prepared).
            assert others == 0 and hints <= 2 and busy == 7 + (6 - hints), north.messages[start:]
            names = {m["table"]["seats"]["N"]["name"] for m in north.messages[start:] if m["type"] == "state"}
            assert names <= {"1N", "Norte 0", "Norte 1", "Norte 2"}, names
    asyncio.run(run())
