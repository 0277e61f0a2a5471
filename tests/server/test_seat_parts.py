"""The table actor's parts that need no table server (issue 7, point 2: "parts that can be
understood and unit-tested alone"), in process: the seat secrets (server/seat_keys.py), the
table's own settings (server/seat_settings.py: issue 12's seats given to bots and pace), and a
player's hints and explanations of calls (server/seat_requests.py). No subprocess, no timing."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

from bazas.engine.calls import parse_call
from bazas.engine.deal import deal_from_seed
from bazas.engine.seats import Seat
from bazas.engine.table import Act, DealCards, Player, Table
from bazas.server.connection import Connection
from bazas.server.meanings import CallMeanings
from bazas.server.protocol import SERVER_MESSAGE, PaceInfo
from bazas.server.scheduler import Scheduler, WorkerPool
from bazas.server.seat_keys import new_key, rekeyed, seat_key_text, seat_of
from bazas.server.seat_requests import SeatRequests
from bazas.server.seat_settings import pace_extra, robots_option, robots_with, seat_bot_refusal, substitutes
from bazas.server.settings import Settings
from bazas.server.table_session import context_of

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W


class Socket:
    """The two methods of a WebSocket a connection uses."""

    def __init__(self) -> None:
        self.sent: list[str] = []

    async def send_text(self, text: str) -> None:
        self.sent.append(text)

    async def close(self, code: int = 1000, reason: str = "") -> None:
        pass


async def sent(socket: Socket, count: int) -> list[dict[str, Any]]:
    for _ in range(500):  # a bounded wait for the connection's writer, never an assertion on time
        if len(socket.sent) >= count:
            break
        await asyncio.sleep(0.01)
    return [json.loads(t) for t in socket.sent]


def dealt(players: list[Player] | None = None) -> Table:
    table, _ = Table.create("rubber", players or [Player.human(f"P{i}") for i in range(4)]).handle(
        DealCards(deal_from_seed(1)))
    return table


# -- seat secrets (issue 13) --------------------------------------------------------------------

def test_issue7_2_a_used_invitation_is_replaced_by_the_devices_own_secret() -> None:
    tokens = {"invitation-digest": N, "east": E}
    fresh = new_key(N, bound={E}, moved=False)
    after = rekeyed(tokens, fresh)
    assert seat_of(after, fresh.key) == N and fresh.bound == {N, E}
    assert "invitation-digest" not in after and after["east"] == E   # the other seats keep theirs
    message = json.loads(seat_key_text("t1", fresh))
    SERVER_MESSAGE.validate_python(message)   # a message of the protocol (SeatKeyMessage)
    assert message == {"type": "seat_key", "seat": "N", "key": fresh.key, "link": f"/t/t1?k={fresh.key}",
                       "moved": False}


def test_issue7_2_a_seat_moved_to_another_device_is_no_longer_bound() -> None:
    first = new_key(S, bound=set(), moved=False)
    tokens = rekeyed({}, first)
    moved = new_key(S, bound=first.bound, moved=True)
    tokens = rekeyed(tokens, moved)
    assert moved.bound == set() and seat_of(tokens, first.key) is None and seat_of(tokens, moved.key) == S
    assert json.loads(seat_key_text("t1", moved))["moved"] is True
    assert seat_of(tokens, "") is None and seat_of(tokens, None) is None


# -- the table's own settings (issue 12) -------------------------------------------------------

def test_issue7_2_only_the_creator_hands_an_open_seat_to_a_bot() -> None:
    table = Table.create("rubber", [Player.human("Ana"), Player.bot(), Player.human(), Player.human()])
    assert seat_bot_refusal(table, N, by=S, seat=W, bot=True, connected=False) == (
        "not_seated", "only the table's creator may hand a seat to a bot")
    assert seat_bot_refusal(table, N, by=N, seat=E, bot=True, connected=False) == ("illegal", "E is not an open seat")
    assert seat_bot_refusal(table, N, by=N, seat=N, bot=True, connected=False) == ("illegal", "N is not an open seat")
    assert seat_bot_refusal(table, N, by=N, seat=W, bot=True, connected=True) == ("illegal", "W is not an open seat")
    assert seat_bot_refusal(table, N, by=N, seat=W, bot=True, connected=False) is None
    assert seat_bot_refusal(table, N, by=N, seat=W, bot=False, connected=True) is None   # taken back
    assert seat_bot_refusal(table, None, by=N, seat=W, bot=True, connected=False) is not None


def test_issue7_2_seats_given_to_bots_are_played_while_somebody_sits_and_nobody_holds_them() -> None:
    robots = robots_with(robots_with(set(), W, True), E, True)
    assert robots_option(robots) == ["E", "W"] and robots_with(robots, W, False) == {E}
    assert substitutes(frozenset({S}), robots, connected={N}, somebody=True) == {S, E, W}
    assert substitutes(frozenset({S}), robots, connected={N, W}, somebody=True) == {S, E}
    assert substitutes(frozenset(), robots, connected=set(), somebody=False) == frozenset()


def test_issue7_2_the_pace_said_with_the_state_is_the_speeds() -> None:
    extra = pace_extra("normal", N, {W}, None)
    PaceInfo.model_validate(extra["pace"])
    assert extra == {**extra, "speed": "normal", "creator": "N", "robots": ["W"], "cut": None}
    assert pace_extra("instant", None, set(), {"dealer": "E"})["creator"] is None


# -- hints and explanations ---------------------------------------------------------------------

def scripted(tmp_path: Path, **settings: Any) -> tuple[Settings, Scheduler]:
    config = Settings(data_dir=tmp_path, bots="scripted", **settings)
    jobs: list[Any] = []
    return config, Scheduler("t1", WorkerPool(config), config, 1.0, jobs.append)


def test_issue7_2_a_hint_is_for_the_player_whose_turn_it_is_one_at_a_time(tmp_path: Path) -> None:
    async def run() -> list[dict[str, Any]]:
        config, scheduler = scripted(tmp_path, hints_per_minute=60.0, hints_burst=2)
        requests = SeatRequests(config, scheduler)
        table = dealt()
        turn = table.actor
        assert turn is not None
        socket = Socket()
        conn = Connection(socket, turn)  # type: ignore[arg-type]
        other = turn.lho
        assert requests.hint_refusal(table, other) == ("turn", "a hint is for the player whose turn it is")
        requests.hinting.add(turn)
        assert requests.hint_refusal(table, turn) == ("busy", "a hint is already being prepared for this seat")
        requests.hinting.clear()
        requests.hint(conn, table, turn, lambda: context_of(table))    # the scripted bot's hint
        got = await sent(socket, 1)
        assert requests.hint_refusal(table, turn) is None              # the second of the burst
        assert requests.hint_refusal(table, turn) == ("busy", "too many hints: at most 60 a minute")
        return got

    messages = asyncio.run(run())
    assert [m["type"] for m in messages] == ["hint"]
    SERVER_MESSAGE.validate_python(messages[0])


def test_issue7_2_a_known_meaning_is_answered_at_once_and_bad_requests_are_named(tmp_path: Path) -> None:
    async def run() -> list[dict[str, Any]]:
        config, scheduler = scripted(tmp_path)
        requests = SeatRequests(config, scheduler)
        socket = Socket()
        conn = Connection(socket, None)  # type: ignore[arg-type]
        empty = Table.create("rubber", [Player.human(f"P{i}") for i in range(4)])
        requests.explain(conn, empty, CallMeanings(), 0, None)
        table = dealt()
        dealer = table.actor
        assert dealer is not None
        table, _ = table.handle(Act(dealer, parse_call("1H"), table.version))
        meanings = CallMeanings()
        question = meanings.update(table.number, ["1H"])
        assert question is not None
        meanings.learn(question, [{"es": "apertura", "en": "opening", "constraints": {}}], table.number)
        meanings.update(table.number, ["1H"])
        requests.explain(conn, table, meanings, 0, None)
        requests.explain(conn, table, meanings, 5, None)
        return await sent(socket, 3)

    no_deal, known, beyond = asyncio.run(run())
    assert no_deal == {**no_deal, "type": "error", "code": "illegal"}
    assert known["type"] == "explanation" and known["index"] == 0 and known["explanation"]["en"] == "opening"
    SERVER_MESSAGE.validate_python(known)
    assert beyond["type"] == "error" and "5" in beyond["message"]
