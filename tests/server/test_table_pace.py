"""Issue 12, the table on the server: its pace (point 1), seats handed to bots (point 3) and
refusals with a reason and a text in both languages (point 4). In process, a real SQLite file,
scripted bots; nothing is timed: the pace is checked by the schedule the server states and uses."""

from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path
from typing import Any

import pytest

from bazas.engine.deal import deal_from_seed
from bazas.engine.seats import Seat
from bazas.engine.state import DealState
from bazas.server import refusals
from bazas.server.actor import Connection, TableActor
from bazas.server.hub import Hub
from bazas.server.pace import PACES, default_speed, release_delay
from bazas.server.protocol import CLIENT_MESSAGE, SERVER_MESSAGE, CreateTable
from bazas.server.settings import Settings
from bazas.storage import Repository

from .test_actor import RecordingSocket, until


def settings(tmp_path: Path, **extra: Any) -> Settings:
    return Settings(data_dir=tmp_path, bots="scripted", analysis=False, explanations=False, resume=False,
                    auto_next_delay=0.0, seed_open_tables=True, **extra)


async def seat(actor: TableActor, who: Seat | None) -> tuple[Connection, RecordingSocket]:
    socket = RecordingSocket()
    conn = Connection(socket, who)  # type: ignore[arg-type]
    done = asyncio.Event()

    async def go() -> None:
        await actor.connect(conn)
        done.set()

    actor.submit(go)
    await asyncio.wait_for(done.wait(), 10)
    return conn, socket


async def say(actor: TableActor, conn: Connection, message: dict[str, Any]) -> None:
    msg = CLIENT_MESSAGE.validate_python(message)
    done = asyncio.Event()

    async def go() -> None:
        await actor.message(conn, msg)
        done.set()

    actor.submit(go)
    await asyncio.wait_for(done.wait(), 10)


async def error_after(socket: RecordingSocket, count: int) -> dict[str, Any]:
    async def wait() -> dict[str, Any]:
        while True:
            for m in socket.messages[count:]:
                if m["type"] == "error":
                    return m
            socket.changed.clear()
            await socket.changed.wait()

    return await asyncio.wait_for(wait(), 10)


# -- point 1: the pace --------------------------------------------------------------------------

def test_issue12_1_normal_pace_holds_bot_cards_half_a_second_to_a_second() -> None:
    normal = PACES["normal"]
    assert 0.5 <= normal.card <= 1.0 and normal.trick >= normal.card
    assert PACES["slow"].card > normal.card > PACES["fast"].card > PACES["instant"].card == 0.0
    # a person's table is normal by default; bots only and scripted bots (benchmarks) are instant
    assert default_speed(bots_only=False, configured="normal", scripted=False) == "normal"
    assert default_speed(bots_only=True, configured="normal", scripted=False) == "instant"
    assert default_speed(bots_only=False, configured="normal", scripted=True) == "instant"


def test_issue12_1_the_release_delay_of_a_call_a_card_and_a_lead_after_a_trick() -> None:
    state = DealState.start(deal_from_seed(5), Seat.N)
    assert release_delay("normal", state) == PACES["normal"].call
    for call in ("1C", "P", "P", "P"):
        state = state.apply(_call(call)).after
    assert state.phase == "play"
    assert release_delay("normal", state) == PACES["normal"].trick, "the opening lead waits like a new trick"
    state = state.apply(state.legal_actions()[0]).after
    assert release_delay("normal", state) == PACES["normal"].card
    for _ in range(3):
        state = state.apply(state.legal_actions()[0]).after
    assert state.play is not None and not state.play.current and len(state.play.tricks) == 1
    assert release_delay("normal", state) == PACES["normal"].trick, "a finished trick stays before the next lead"
    assert release_delay("instant", state) == 0.0


def _call(text: str) -> Any:
    from bazas.engine.calls import parse_call

    return parse_call(text)


async def _speed_scenario(tmp_path: Path) -> None:
    hub = Hub(settings(tmp_path))
    await hub.start()
    try:
        created = await hub.create(CreateTable(ruleset="rubber", me="S", seed=5, speed="normal"))
        bots = await hub.create(CreateTable(ruleset="rubber", me=None, seed=5))
        actor = await hub.get(created.table_id)
        watched = await hub.get(bots.table_id)
        assert actor is not None and watched is not None
        assert watched.speed == "instant" and watched.scheduler.speed == "instant", "bots only: instant"
        conn, socket = await seat(actor, Seat.S)
        first = await until(socket, lambda m: True)
        SERVER_MESSAGE.validate_python(first)
        assert first["table"]["speed"] == "normal" and first["table"]["pace"] == PACES["normal"].to_dict()
        assert first["table"]["creator"] == "S"
        assert actor.scheduler.speed == "normal", "the scheduler releases bots' actions at the table's pace"
        await say(actor, conn, {"type": "speed", "speed": "fast"})
        changed = await until(socket, lambda m: m["table"]["speed"] == "fast")
        assert changed["table"]["pace"]["card"] == PACES["fast"].card and actor.scheduler.speed == "fast"
    finally:
        await hub.close()
    repo = Repository.open(settings(tmp_path).url, migrate=False)
    try:
        stored = repo.load_table(created.table_id)
    finally:
        repo.close()
    assert stored is not None and stored.options["speed"] == "fast", "the speed is kept with the table"


def test_issue12_1_speed_set_at_creation_and_changed_at_the_table(tmp_path: Path) -> None:
    asyncio.run(_speed_scenario(tmp_path))


# -- point 3: a seat nobody takes ----------------------------------------------------------------

async def _robot_scenario(tmp_path: Path) -> None:
    hub = Hub(settings(tmp_path))
    await hub.start()
    try:
        created = await hub.create(CreateTable(ruleset="rubber", me="S", seats={"N": "open"}, seed=8,
                                               first_dealer="N"))
        actor = await hub.get(created.table_id)
        assert actor is not None
        conn, socket = await seat(actor, Seat.S)
        start = await until(socket, lambda m: True)
        assert start["table"]["actor"] == "N" and start["table"]["seats"]["N"]["kind"] == "open"
        # only the creator hands seats; the creator's own seat and a bot's are not open seats
        count = len(socket.messages)
        await say(actor, conn, {"type": "seat_bot", "seat": "E", "bot": True})
        refused = await error_after(socket, count)
        assert refused["reason"] == "not_open_seat" and "Este" in refused["text"]["es"]
        await say(actor, conn, {"type": "seat_bot", "seat": "N", "bot": True})
        moved = await until(socket, lambda m: m["table"]["robots"] == ["N"] and len(m["view"]["calls"]) >= 1)
        SERVER_MESSAGE.validate_python(moved)
        assert moved["table"]["seats"]["N"]["substitute"] is True, "a bot plays North: the table moves"
        # the creator takes it back: the table waits for North again
        await say(actor, conn, {"type": "seat_bot", "seat": "N", "bot": False})
        back = await until(socket, lambda m: m["table"]["robots"] == [])
        assert back["table"]["seats"]["N"]["substitute"] is False
        # another seated person may not hand seats
        other = await hub.create(CreateTable(ruleset="rubber", me="S", seats={"N": "open", "E": "open"}, seed=9))
        table2 = await hub.get(other.table_id)
        assert table2 is not None
        north, nsocket = await seat(table2, Seat.N)
        count = len(nsocket.messages)
        await say(table2, north, {"type": "seat_bot", "seat": "E", "bot": True})
        assert (await error_after(nsocket, count))["reason"] == "not_creator"
    finally:
        await hub.close()


def test_issue12_3_the_creator_hands_an_open_seat_to_a_bot_and_takes_it_back(tmp_path: Path) -> None:
    asyncio.run(_robot_scenario(tmp_path))


# -- point 4: refusals ---------------------------------------------------------------------------

def _placeholders(text: str) -> set[str]:
    return set(re.findall(r"\{(\w+)\}", text))


def test_issue12_4_every_refusal_has_both_languages_with_the_same_values() -> None:
    es, en = refusals.catalogue("es"), refusals.catalogue("en")
    reasons = {reason for _, reason, _ in refusals.PATTERNS}
    codes = {"illegal", "turn", "not_seated", "bad_message", "no_pending", "pending", "unavailable", "not_found",
             "busy", "seat_taken", "stale", "generic"}
    for reason in reasons | codes:
        key = f"refusal.{reason}"
        assert key in es and key in en, key
        assert _placeholders(es[key]) == _placeholders(en[key]), key
    for _, reason, names in refusals.PATTERNS:
        assert _placeholders(en[f"refusal.{reason}"]) <= set(names), reason


@pytest.mark.parametrize(("message", "reason", "es"), [
    ("claim of 12 of 12 tricks refused: it does not hold against every lie of the cards", "claim_fails",
     "Reclamo de 12 de las 12 bazas rechazado"),
    ("S has nothing to undo in this deal", "nothing_to_undo", "Sur no tiene nada que deshacer"),
    ("it is W's turn to play (declarer E plays dummy's cards), not S's", "turn_play_dummy", "Le toca jugar a Oeste"),
    ("N must follow suit: H was led and N holds one (Law 44C)", "follow_suit", "salieron corazones"),
    ("1H is insufficient: it must outrank the last bid, 1NT (a higher level, or the same level in a higher "
     "strain; Law 18)", "insufficient", "1♥ es insuficiente"),
    ("too many hints: at most 12 a minute", "hints_rate", "como mucho 12 por minuto"),
])
def test_issue12_4_engine_and_server_messages_get_their_reason(message: str, reason: str, es: str) -> None:
    out = refusals.refusal("illegal", message)
    SERVER_MESSAGE.validate_python(out)
    assert out["reason"] == reason and es in out["text"]["es"] and out["text"]["en"]
    assert "{" not in out["text"]["es"] + out["text"]["en"], "every value filled in"


async def _undo_scenario(tmp_path: Path) -> dict[str, Any]:
    hub = Hub(settings(tmp_path))
    await hub.start()
    try:
        created = await hub.create(CreateTable(ruleset="rubber", me="S", seed=5, first_dealer="S", lang="es"))
        actor = await hub.get(created.table_id)
        assert actor is not None
        conn, socket = await seat(actor, Seat.S)
        await until(socket, lambda m: True)
        count = len(socket.messages)
        await say(actor, conn, {"type": "undo"})
        return await error_after(socket, count)
    finally:
        await hub.close()


def test_issue12_4_undo_with_nothing_to_undo_is_refused_in_both_languages(tmp_path: Path) -> None:
    error = asyncio.run(_undo_scenario(tmp_path))
    SERVER_MESSAGE.validate_python(error)
    assert error["code"] == "illegal" and error["reason"] == "nothing_to_undo"
    assert error["text"] == {"es": "Sur no tiene nada que deshacer en esta mano.",
                             "en": "South has nothing to undo in this deal."}
    assert json.dumps(error)  # plain data
