"""Issue 9, "the server's own tables accept such seats": a seat of kind "program" at a server table,
played by an outside program through the Blue Chip table-manager protocol on ``bazas serve
--tm-port``, with the same no-leak guarantee as a browser seat.

The program here is the independent minimal client of tests/tm (written from the protocol's message
list, importing nothing of bazas), at North, with the server's bots at the other three seats.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import functools
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from bazas.engine.seats import Seat
from tm.minimal_client import MinimalClient, lho

from .harness import ServerProcess
from .program_feed import NAMES, audit_board, board_lines, protocol_card, running

pytestmark = pytest.mark.xdist_group("program_seats")


@pytest.fixture(scope="module")
def tm_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    with ServerProcess(tmp_path_factory.mktemp("programs"), env={"BAZAS_TM_PORT": "0"}) as srv:
        yield srv


_card = protocol_card


def _played_deal(srv: ServerProcess, table_id: str, deadline: float) -> dict[str, Any]:
    """The first finished deal of the table in which cards were played (passed-out ones skipped)."""
    number = 1
    while time.monotonic() < deadline:
        r = srv.get(f"/api/tables/{table_id}/deals/{number}")
        if r.status_code == 200:
            review: dict[str, Any] = r.json()
            if not review["passed_out"]:
                return review
            number += 1
            continue
        time.sleep(0.1)
    raise AssertionError("no deal was played to the end at the program's table")


def test_program_seat_plays_deals_to_the_end_at_a_server_table_with_bots_and_sees_only_its_seat(
        tm_server: ServerProcess) -> None:
    created = tm_server.create(ruleset="rubber", me=None, seed=11,
                               seats={"N": "program", "E": "bot", "S": "bot", "W": "bot"},
                               program_names={"N": "Minimal"})
    table_id = created["table_id"]
    details = created["programs"]["N"]
    assert set(created["programs"]) == {"N"} and "N" not in created["links"]
    assert details["seat"] == "North" and details["port"] > 0 and details["team"].startswith(f"{table_id}/")
    assert details["connect"] == f'Connecting "{details["team"]}" as North using protocol version 18'

    client = MinimalClient(details["port"], "North", details["team"])
    with running(client):
        review = _played_deal(tm_server, table_id, time.monotonic() + 120)

    # The program sits under the name the table's creator gave it.
    assert tm_server.get(f"/api/tables/{table_id}").json()["seats"]["N"]["name"] == "Minimal"
    # The program's cards were accepted: the deal is complete, North's 13 cards in its tricks.
    hands = {NAMES[s]: {_card(c) for c in cards} for s, cards in review["all_hands"].items()}
    number = review["number"]
    assert len(review["tricks"]) == 13
    north_played = [c for t in review["tricks"] for s, c in t["cards"] if s == "N"]
    assert len(north_played) == 13

    # What the client received for that board, from its board line to the next board's start.
    plays = [(NAMES[s], _card(c)) for t in review["tricks"] for s, c in t["cards"]]
    audit_board(board_lines(client.received, number), "North", hands, NAMES[review["dealer"]],
                NAMES[review["declarer"]], len(review["calls"]), plays)


def test_program_seat_refuses_a_wrong_team_or_seat(tm_server: ServerProcess) -> None:
    created = tm_server.create(ruleset="rubber", me=None, seats={"N": "bot", "E": "program", "S": "bot", "W": "bot"})
    details = created["programs"]["E"]

    async def talk(line: str) -> str:
        reader, writer = await asyncio.open_connection("127.0.0.1", details["port"])
        writer.write((line + "\r\n").encode())
        await writer.drain()
        answer = (await asyncio.wait_for(reader.readline(), 30)).decode().strip()
        writer.close()
        return answer

    wrong_seat = asyncio.run(talk(f'Connecting "{details["team"]}" as West using protocol version 18'))
    assert wrong_seat.startswith("Error:") and "East" in wrong_seat
    wrong_team = asyncio.run(talk(f'Connecting "{created["table_id"]}/nope" as East using protocol version 18'))
    assert wrong_team.startswith("Error:") and "not a program seat" in wrong_team
    right = asyncio.run(talk(details["connect"]))
    assert right == f'East ("{details["team"]}") seated'


def test_program_seat_needs_the_tm_port(tmp_path: Path) -> None:
    with ServerProcess(tmp_path / "data") as srv:
        import httpx

        r = httpx.post(f"{srv.http}/api/tables", json={"me": None, "seats": {"N": "program"}}, timeout=30)
        assert r.status_code in (400, 422) and "--tm-port" in r.text


def test_program_that_disconnects_mid_board_reconnects_to_its_seat_and_finishes_the_deal(
        tm_server: ServerProcess) -> None:
    created = tm_server.create(ruleset="rubber", me=None, seed=5,
                               seats={"N": "bot", "E": "bot", "S": "program", "W": "bot"})
    table_id, details = created["table_id"], created["programs"]["S"]
    first = MinimalClient(details["port"], "South", details["team"])
    second = MinimalClient(details["port"], "South", details["team"])

    async def run() -> None:
        task = asyncio.create_task(first.run())
        deadline = time.monotonic() + 60
        while not any(" plays " in x or " bids " in x for x in first.received) and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
        first.stop()
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await task
        # time for the server to see the first connection gone (a loaded machine may take a while;
        # until then the seat is still connected and a second connection is refused)
        await asyncio.sleep(2.0)
        again = asyncio.create_task(second.run())
        try:
            await asyncio.to_thread(_played_deal, tm_server, table_id, time.monotonic() + 120)
        finally:
            second.stop()
            again.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await again

    asyncio.run(run())
    board = [x for x in first.received if x.startswith("Board number")][-1]   # passed-out boards came before
    # Connecting again, the program is sent the board so far (the same board) and plays it out.
    assert board in second.received
    assert second.received.index(board) < 4
    assert any(x.startswith("South's cards") for x in second.received)


# -- alerts at the program seats (issue 9, "Alerts both ways") -------------------------------------

class AlertingClient(MinimalClient):
    """The minimal client, alerting its first call: it first tries an illegal alerted bid (refused,
    its alert must not stay), then the lowest legal bid with an explanation; then it passes."""

    EXPLANATION = "relay, says nothing about diamonds"

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.alerted = False

    def lowest_bid(self) -> str:
        bids = [c for _, c in self.calls if c not in ("passes", "doubles", "redoubles")]
        if not bids:
            return "1C"
        order = ["C", "D", "H", "S", "NT"]
        level, strain = int(bids[-1][0]), bids[-1][1:]
        i = order.index(strain) + 1
        return f"{level}{order[i]}" if i < len(order) else f"{level + 1}C"

    async def next_move(self) -> None:
        if not self.alerted and not self.auction_over() and lho(self.dealer, len(self.calls)) == self.seat:
            self.alerted = True
            me, bid = self.seat, self.lowest_bid()
            await self.say(f"{me} bids 1C Alert. not legal here")
            await self.say(f"{me} bids {bid} Alert. {self.EXPLANATION}")
            self.own_made += 1
            self.calls.append((me, bid))
            await self.next_move()
            return
        await super().next_move()


class RecordingSocket:
    """The one method of a WebSocket the actor's connections use: it keeps what is sent."""

    def __init__(self) -> None:
        self.messages: list[dict[str, Any]] = []

    async def send_text(self, text: str) -> None:
        import json

        self.messages.append(json.loads(text))

    def state(self) -> dict[str, Any] | None:
        return next((m for m in reversed(self.messages) if m["type"] == "state"), None)


async def _until(pred: Any, timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while not pred():
        if time.monotonic() > deadline:
            raise AssertionError("timed out")
        await asyncio.sleep(0.02)


async def _started_hub(tmp_path: Path, explanations: bool) -> Any:
    """A table hub in this process (scripted bots, a table-manager port of its own), started."""
    from bazas.server.hub import Hub
    from bazas.server.settings import Settings

    settings = Settings(data_dir=tmp_path, bots="scripted", analysis=False, explanations=explanations,
                        resume=False, auto_next_delay=0.0, tm_port=0, table_speed="instant", bot_workers=1)
    hub = Hub(settings)
    await hub.start()
    return hub


async def _hang_up(client: MinimalClient, task: asyncio.Task[None] | None) -> None:
    if task is None:
        return
    client.stop()
    task.cancel()
    with contextlib.suppress(asyncio.CancelledError, Exception):
        await task


async def _alerts_scenario(tmp_path: Path) -> None:
    from bazas.server.actor import Connection
    from bazas.server.hub import Hub
    from bazas.server.protocol import CLIENT_MESSAGE, CreateTable

    hub = await _started_hub(tmp_path, explanations=True)
    settings = hub.settings
    client_task = None
    try:
        # South, a person, deals; North is the program, East and West (scripted) bots pass.
        created = await hub.create(CreateTable(ruleset="rubber", me="S", first_dealer="S",
                                               seats={"N": "program", "E": "bot", "W": "bot"}))
        actor = await hub.get(created.table_id)
        assert actor is not None
        details = created.programs["N"]
        person_socket, watcher_socket = RecordingSocket(), RecordingSocket()
        person = Connection(person_socket, Seat.S)  # type: ignore[arg-type]
        watcher = Connection(watcher_socket, None)  # type: ignore[arg-type]
        actor.submit(lambda: actor.connect(person))
        actor.submit(lambda: actor.connect(watcher))
        client = AlertingClient(details["port"], "North", details["team"])
        client_task = asyncio.create_task(client.run())

        def calls() -> list[str]:
            state = actor.table.current
            return [] if state is None else [str(c) for c in state.auction.calls]

        await _until(lambda: actor.table.current is not None and actor.table.current.turn == Seat.S)
        # The person opens 2C: strong and artificial in our system (it says nothing about clubs).
        actor.submit(lambda: actor.message(person, CLIENT_MESSAGE.validate_python({"type": "call", "call": "2C"})))
        await _until(lambda: len(calls()) >= 3)
        assert calls()[:3] == ["2C", "P", "2D"]
        await _until(lambda: any(x.startswith("Error:") for x in client.received))

        # Our artificial call went out to the program alerted, with its meaning; natural ones not.
        received = client.received
        strong = next(x for x in received if x.startswith("South bids 2C"))
        assert strong.startswith("South bids 2C Alert. ") and len(strong) > len("South bids 2C Alert. ")
        assert strong.isascii() and "West passes" in received      # a natural call goes out as it is
        assert received.index(strong) < received.index("West passes")
        # The illegal alerted bid was refused, the table went on, and its alert did not stay.

        # The program's alerted 2D: shown to the people at the table as an alert with its
        # explanation (the state's explanations), and the bots are told of it.
        def shown() -> dict[str, Any] | None:
            state = watcher_socket.state()
            expl = (state or {}).get("explanations") or []
            return expl[2] if len(expl) > 2 else None

        await _until(lambda: shown() is not None)
        meaning = shown()
        assert meaning is not None
        assert meaning["en"] == AlertingClient.EXPLANATION and meaning["artificial"] is True
        assert actor.bot_context().alerts == ((2, AlertingClient.EXPLANATION),)
        person_state = person_socket.state()
        assert person_state is not None and person_state["explanations"][2]["en"] == AlertingClient.EXPLANATION
        # The person's 2C keeps the system's meaning (an alert too: it is artificial); West's pass is no alert.
        assert person_state["explanations"][0]["artificial"] is True
        assert not (person_state["explanations"][1] or {}).get("artificial")
        # The alert is part of the call in the table's log: a restarted server has it.
        assert actor.table.alerts == ((2, AlertingClient.EXPLANATION),)
        await _hang_up(client, client_task)
        client_task = None
        await hub.close()
        hub = Hub(dataclasses.replace(settings, resume=True))
        await hub.start()
        again = await hub.get(created.table_id)
        assert again is not None and again.table.alerts == ((2, AlertingClient.EXPLANATION),)
        assert again.bot_context().alerts == ((2, AlertingClient.EXPLANATION),)
        watcher_socket = RecordingSocket()
        watcher = Connection(watcher_socket, None)  # type: ignore[arg-type]
        again.submit(lambda: again.connect(watcher))
        await _until(lambda: shown() is not None)
        assert (shown() or {}).get("en") == AlertingClient.EXPLANATION
    finally:
        if client_task is not None:
            await _hang_up(client, client_task)
        await hub.close()


def test_program_seat_alerts_go_both_ways_at_a_server_table(tmp_path: Path) -> None:
    """Issue 9, "Alerts both ways", at the server's program seats: our artificial call (a person's
    Stayman 2C) reaches the program alerted with its meaning; the program's alerted call is shown to
    the people at the table as an alert with the program's explanation and reaches the bots'
    context as alerted (so never read as natural); a refused alerted call leaves no alert; the
    alert is stored with the call and is still there after a restart."""
    asyncio.run(_alerts_scenario(tmp_path))


async def _lead_after_own_pass_scenario(tmp_path: Path) -> None:
    from bazas.server.actor import Connection
    from bazas.server.protocol import CLIENT_MESSAGE, CreateTable

    hub = await _started_hub(tmp_path, explanations=False)
    client_task = None
    try:
        # North deals; East is the program; North, South and West are people (this test's connections).
        created = await hub.create(CreateTable(ruleset="rubber", me="N", first_dealer="N",
                                               seats={"E": "program", "S": "open", "W": "open"}))
        actor = await hub.get(created.table_id)
        assert actor is not None
        people = {seat: Connection(RecordingSocket(), seat) for seat in (Seat.N, Seat.S, Seat.W)}  # type: ignore[arg-type]
        for conn in people.values():
            actor.submit(functools.partial(actor.connect, conn))
        details = created.programs["E"]
        client = MinimalClient(details["port"], "East", details["team"])
        client_task = asyncio.create_task(client.run())

        def calls() -> list[str]:
            state = actor.table.current
            return [] if state is None else [str(c) for c in state.auction.calls]

        async def call(seat: Seat, text: str, before: int) -> None:
            await _until(lambda: len(calls()) == before)
            actor.submit(lambda: actor.message(people[seat], CLIENT_MESSAGE.validate_python(
                {"type": "call", "call": text})))

        # 1S (N), pass (E), 2S (S), pass (W), pass (N): East's own pass ends the auction, and East,
        # on lead against North's 2S, sends its lead right after it (one write: the lines arrive
        # together). The lead must be read after the pass was applied, not refused as too early.
        await call(Seat.N, "1S", 0)
        await call(Seat.S, "2S", 2)
        await call(Seat.W, "P", 3)
        await call(Seat.N, "P", 4)
        await _until(lambda: actor.table.current is not None and actor.table.current.phase == "play"
                     and bool(actor.table.current.play and actor.table.current.play.cards_played()))
        assert calls() == ["1S", "P", "2S", "P", "P", "P"]
        assert not [x for x in client.received if x.startswith("Error")], client.received
    finally:
        if client_task is not None:
            await _hang_up(client, client_task)
        await hub.close()


def test_program_seat_that_passes_out_the_auction_and_leads_at_once_is_not_refused(tmp_path: Path) -> None:
    """A program's lines are read in the table's order: its lead, sent right after the pass that
    ends the auction, is checked once the pass is applied (it was refused as "no card can be
    played now" when checked on arrival)."""
    asyncio.run(_lead_after_own_pass_scenario(tmp_path))
