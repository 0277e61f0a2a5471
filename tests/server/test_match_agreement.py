"""Issue 13 point 3 at a team match: prepared boards (the creator's PBN file: the creator may know
every hand) are played only by people who agreed to them. Each person's seat sends
``agree_prepared``; a table does not start, and nobody there is sent a card, until every person
seat of it agreed; the agreements are stored (a restart keeps them); a spectator cannot agree; a
match whose boards the server dealt asks for nothing. No timing in assertions."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest

from bazas.engine.match import deal_boards
from bazas.formats.match_records import dumps_boards
from bazas.server.protocol import TableInfo

from .harness import Client, ServerProcess, cards_in, create_match, side, token

pytestmark = pytest.mark.xdist_group("match_agreement")


def no_cards(client: Client) -> bool:
    """No state this client got showed it a card (its own hand included)."""
    return all(not cards_in(m["view"]) for m in client.states)


def test_issue13_3_a_prepared_match_table_starts_only_once_each_person_there_agreed(tmp_path: Path) -> None:
    pbn = dumps_boards(deal_boards(2, random.Random(1313)), event="issue 13 agreement")
    keys: dict[str, str] = {}
    with ServerProcess(tmp_path / "agree") as server:
        created = create_match(server, pbn=pbn, seats={"1N": "open", "1S": "open", "2E": "open"})
        links = created["links"]

        async def first() -> None:
            north = Client(server, side(links["1N"]), token(links["1N"]), name="1N")
            await north.connect()
            state = await north.until(lambda m: m["table"]["you"] == "N")
            TableInfo.model_validate(state["table"])  # the agreement as the protocol describes it
            assert state["table"]["agreement"] == {"persons": ["N", "S"], "agreed": [], "waiting": ["N", "S"]}
            assert state["view"]["hand"] is None and state["view"]["legal"] == []
            # Board 1's dealer is North: a call before agreeing is refused, nothing is stored.
            start = len(north.messages)
            await north.send({"type": "call", "call": "1NT"})
            refused = await north.error_after(start)
            assert refused["code"] == "pending" and refused["reason"] == "agree_first", refused
            # A spectator of the match (no key, or a key that opens no seat) cannot agree.
            for key in (None, "not-a-seat-key"):
                async with Client(server, side(links["1N"]), key, name="watcher") as watcher:
                    await watcher.wait(lambda m: m["type"] == "match")
                    begin = len(watcher.messages)
                    await watcher.send({"type": "agree_prepared"})
                    err = await watcher.wait(lambda m: m["type"] == "error", start=begin)
                    assert err["code"] == "not_seated"
                    assert not watcher.states
            # North agrees: the table waits for South still, and North gets no card yet.
            await north.send({"type": "agree_prepared"})
            state = await north.until(lambda m: m["table"]["agreement"]["agreed"] == ["N"])
            assert state["table"]["agreement"]["waiting"] == ["S"] and state["view"]["calls"] == []
            # Table 2: East (a person) and three bots; the bots wait for East's agreement.
            east = Client(server, side(links["2E"]), token(links["2E"]), name="2E")
            await east.connect()
            state = await east.until(lambda m: m["table"]["you"] == "E")
            synced = await east.sync()
            assert synced["version"] == state["version"] and synced["view"]["calls"] == []
            assert no_cards(east) and no_cards(north)
            await east.send({"type": "agree_prepared"})
            state = await east.until(lambda m: len(m["view"]["calls"]) > 0)  # dealer North (a bot) called
            assert len(state["view"]["hand"]) == 13 and state["table"]["agreement"]["waiting"] == []
            assert (await north.sync())["view"]["hand"] is None  # table 1 still waits for South
            keys["N"] = north.url.split("?k=", 1)[1]
            await north.close()
            await east.close()

        asyncio.run(first())
    # After a restart North's agreement stands: South's agreement alone starts table 1.
    with ServerProcess(tmp_path / "agree") as server:
        async def second() -> None:
            north = Client(server, side(links["1N"]), keys["N"], name="1N")
            await north.connect()
            state = await north.until(lambda m: m["table"]["you"] == "N")
            assert state["table"]["agreement"]["agreed"] == ["N"] and state["view"]["hand"] is None
            south = Client(server, side(links["1S"]), token(links["1S"]), name="1S")
            await south.connect()
            await south.until(lambda m: m["table"]["you"] == "S")
            assert no_cards(south) and no_cards(north)
            await south.send({"type": "agree_prepared"})
            state = await north.until(lambda m: m["view"]["hand"] is not None)
            assert len(state["view"]["hand"]) == 13 and "1NT" in state["view"]["legal"]
            assert state["table"]["agreement"] == {"persons": ["N", "S"], "agreed": ["N", "S"], "waiting": []}
            await north.send({"type": "call", "call": "1NT"})
            await south.until(lambda m: m["view"]["calls"][:1] == ["1NT"] and len(m["view"]["hand"]) == 13)
            await north.close()
            await south.close()

        asyncio.run(second())


def test_issue13_3_a_match_the_server_dealt_needs_no_agreement(tmp_path: Path) -> None:
    with ServerProcess(tmp_path / "dealt") as server:
        created = create_match(server, boards=1, seats={"1N": "open"})
        link = created["links"]["1N"]

        async def run() -> None:
            async with Client(server, side(link), token(link), name="1N") as north:
                state = await north.until(lambda m: m["table"]["you"] == "N")
                assert state["table"].get("agreement") is None and len(state["view"]["hand"]) == 13
                start = len(north.messages)
                await north.send({"type": "agree_prepared"})
                err = await north.error_after(start)
                assert err["code"] == "illegal" and err["reason"] == "agree_nothing", err
                await north.send({"type": "call", "call": "1NT"})
                await north.until(lambda m: m["view"]["calls"][:1] == ["1NT"])

        asyncio.run(run())


def test_issue13_3_a_person_who_leaves_without_agreeing_is_played_by_a_robot_and_agrees_on_return(
        tmp_path: Path) -> None:
    """Leaving the seat is how a person declines: after the absent delay a robot plays it (a robot
    does not object), so the others' agreement starts the table. Back at the seat, that person is
    sent no card and cannot act until they agree; the table waits for them."""
    pbn = dumps_boards(deal_boards(1, random.Random(1314)), event="issue 13 agreement")
    with ServerProcess(tmp_path / "leave", {"BAZAS_ABSENT_SECONDS": "0.3"}) as server:
        links = create_match(server, pbn=pbn, seats={"1N": "open", "1S": "open"})["links"]

        async def run() -> None:
            south = Client(server, side(links["1S"]), token(links["1S"]), name="1S")
            await south.connect()
            await south.until(lambda m: m["table"]["you"] == "S")
            await south.close()  # South declines: leaves without agreeing
            north = Client(server, side(links["1N"]), token(links["1N"]), name="1N")
            await north.connect()
            state = await north.until(lambda m: m["table"]["you"] == "N")
            assert state["view"]["hand"] is None
            await north.send({"type": "agree_prepared"})
            state = await north.until(lambda m: m["view"]["hand"] is not None and m["table"]["seats"]["S"]["substitute"])
            assert state["table"]["agreement"] == {"persons": ["N", "S"], "agreed": ["N"], "waiting": []}
            await north.send({"type": "call", "call": "1NT"})
            await north.until(lambda m: len(m["view"]["calls"]) >= 3)  # E (bot), S (the robot) called
            # South comes back: no card, and nothing but agreeing is accepted.
            back = Client(server, side(links["1S"]), south.url.split("?k=", 1)[1], name="1S-back")
            await back.connect()
            state = await back.until(lambda m: m["table"]["you"] == "S")
            assert no_cards(back) and state["table"]["agreement"]["agreed"] == ["N"]
            start = len(back.messages)
            await back.send({"type": "hint"})
            assert (await back.error_after(start))["reason"] == "agree_first"
            await back.send({"type": "agree_prepared"})
            state = await back.until(lambda m: m["view"]["hand"] is not None)
            assert len(state["view"]["hand"]) == 13 and state["table"]["agreement"]["agreed"] == ["N", "S"]
            await back.close()
            await north.close()

        asyncio.run(run())
