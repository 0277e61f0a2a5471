"""Issue 9, "any of the four seats of a table, or of a team match, can be an outside program; the
others are our bots or people in the browser": program seats at the server's team matches.

A match created with seats of kind "program" answers with each one's connection details (the
server's table-manager port, ``bazas serve --tm-port``, and the team name ``<match>.<table>/<secret>``).
The programs here are the independent minimal client of tests/tm (written from the protocol's
message list, importing nothing of bazas); what each was sent is checked, board by board, against
the match's own record of its table (tests/server/program_feed.py): its own seat's cards, dummy's
after the opening lead, the others' calls and cards as made, nothing of the other table.
"""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from bazas.engine.match import deal_boards
from bazas.formats.match_records import dumps_boards
from tm.minimal_client import MinimalClient

from .harness import Client, ServerProcess, create_match, side, token
from .program_feed import NAMES, ORDER, audit_board, board_lines, protocol_card, running

pytestmark = pytest.mark.xdist_group("match_program_seats")


@pytest.fixture(scope="module")
def tm_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    with ServerProcess(tmp_path_factory.mktemp("match_programs"), env={"BAZAS_TM_PORT": "0"}) as srv:
        yield srv


def pbn_hands(deal: str) -> dict[str, set[str]]:
    """A PBN ``Deal`` ("N:AKQ2.J3.T98.765 ...") as each seat word's cards in protocol notation."""
    first, _, rest = deal.partition(":")
    start = ORDER.index(NAMES[first])
    hands = {}
    for i, text in enumerate(rest.split()):
        hands[ORDER[(start + i) % 4]] = {rank + suit for suit, ranks in zip("SHDC", text.split("."), strict=True)
                                         for rank in ranks}
    return hands


def summary_when(srv: ServerProcess, match_id: str, done: Any, timeout: float = 180.0) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while True:
        r = srv.get(f"/api/matches/{match_id}")
        assert r.status_code == 200, r.text
        data: dict[str, Any] = r.json()
        if done(data):
            return data
        if time.monotonic() > deadline:
            raise AssertionError(f"the match did not get there in time: {data['progress']}")
        time.sleep(0.2)


def audit_table(client: MinimalClient, me: str, table: int, summary: dict[str, Any]) -> int:
    """Every board of the match, as this program's table played it, against what it was sent."""
    checked = 0
    for board in summary["complete"]:
        record = next(t for t in board["tables"] if t["table"] == table)
        passed = record["contract"] == "pass"
        audit_board(board_lines(client.received, board["board"]), me, pbn_hands(record["deal"]),
                    NAMES[record["dealer"]], None if passed else NAMES[record["declarer"]], len(record["auction"]),
                    [(NAMES[s], protocol_card(c)) for s, c in record["play"]])
        checked += 1
    return checked


def test_issue9_program_seats_play_a_whole_team_match_on_the_server_and_see_only_their_seat(
        tm_server: ServerProcess) -> None:
    # One program in each team: North at table 1 (team A), East at table 2 (team A too: A sits E/W
    # there) and West at table 2 (team B); the other five seats are the server's bots.
    created = create_match(tm_server, team_a="bazas", team_b="guests", boards=3,
                           seats={"1N": "program", "2E": "program", "2W": "program"},
                           program_names={"1N": "Minimal One", "2W": "Minimal Two"})
    match_id = created["match_id"]
    programs = created["programs"]
    assert set(programs) == {"1N", "2E", "2W"} and not set(programs) & set(created["links"])
    for name, details in programs.items():
        assert details["team"].startswith(f"{match_id}.{name[0]}/")
        assert details["seat"] == NAMES[name[1]] and details["port"] > 0
        assert details["connect"] == f'Connecting "{details["team"]}" as {NAMES[name[1]]} using protocol version 18'
    clients = {name: MinimalClient(d["port"], NAMES[name[1]], d["team"]) for name, d in programs.items()}

    with running(*clients.values()):
        try:
            summary = summary_when(tm_server, match_id, lambda s: s["over"])
        except AssertionError:
            for name, client in clients.items():
                print(name, client.received[-20:])
            raise

    assert summary["boards"] == 3 and [b["board"] for b in summary["complete"]] == [1, 2, 3]
    for name, client in clients.items():
        assert audit_table(client, NAMES[name[1]], int(name[0]), summary) == 3
        # Nothing of the other table's boards: every board line is one of its own table's boards.
        assert sum(1 for x in client.received if x.startswith("Board number")) == 3
        # Its table's boards all played, the program is told the session is over (and nothing went wrong).
        assert client.received[-1] == "End of session"
        assert not [x for x in client.received if x.startswith("Error")], name
    # The programs' calls are the match's: the minimal client passes at every turn.
    for board in summary["complete"]:
        for record in board["tables"]:
            mine = {n[1] for n in programs if int(n[0]) == record["table"]}
            dealer = "NESW".index(record["dealer"])
            made = [c for i, c in enumerate(record["auction"]) if "NESW"[(dealer + i) % 4] in mine]
            assert made and all(c.lower() in ("p", "pass") for c in made), record["auction"]
    # The match's PBN record names the boards both rooms played, and the programs by the names the
    # organiser gave them (a program without one: an unnamed player), on the match page too.
    pbn = tm_server.get(f"/api/matches/{match_id}.pbn").text
    assert pbn.count('[Room "Open"]') == 3 and pbn.count('[Room "Closed"]') == 3
    assert pbn.count('[North "Minimal One"]') == 3 and pbn.count('[West "Minimal Two"]') == 3
    players = summary["players"]
    assert players[0]["N"]["name"] == "Minimal One" and players[0]["N"]["joined"]
    assert players[1]["W"]["name"] == "Minimal Two" and players[1]["E"]["name"] == ""


def test_issue9_a_match_program_seat_refuses_another_tables_or_a_persons_secret(tm_server: ServerProcess) -> None:
    created = create_match(tm_server, boards=1, seats={"1S": "program", "2S": "open"})
    match_id, details = created["match_id"], created["programs"]["1S"]
    key = details["team"].split("/", 1)[1]
    person = token(created["links"]["2S"])

    async def talk(team: str, seat: str = "South") -> str:
        reader, writer = await asyncio.open_connection("127.0.0.1", details["port"])
        writer.write(f'Connecting "{team}" as {seat} using protocol version 18\r\n'.encode())
        await writer.drain()
        answer = (await asyncio.wait_for(reader.readline(), 30)).decode().strip()
        writer.close()
        return answer

    for team in (f"{match_id}.2/{key}",          # the secret of table 1's South, at table 2
                 f"{match_id}.2/{person}",       # a person's seat (a browser link) is not a program's
                 f"{match_id}.3/{key}", f"{match_id}/{key}"):
        answer = asyncio.run(talk(team))
        assert answer.startswith("Error:") and "not a program seat" in answer, (team, answer)
    assert asyncio.run(talk(details["team"], "North")).startswith("Error:")
    assert asyncio.run(talk(details["team"])) == f'South ("{details["team"]}") seated'


def test_issue9_prepared_boards_a_program_seat_gets_no_card_before_the_people_at_its_table_agreed(
        tm_server: ServerProcess) -> None:
    """Issue 13's prepared boards with a program: the creator seated the program (it counts as
    agreed), but its table waits for the person there, and until then the program is sent no card."""
    pbn = dumps_boards(deal_boards(1, random.Random(909)), event="issue 9 program and agreement")
    created = create_match(tm_server, pbn=pbn, seats={"1N": "program", "1S": "open"})
    details, link = created["programs"]["1N"], created["links"]["1S"]
    program = MinimalClient(details["port"], "North", details["team"])

    async def person() -> None:
        south = Client(tm_server, side(link), token(link), name="1S")
        await south.connect()
        state = await south.until(lambda m: m["table"]["you"] == "S")
        assert state["table"]["agreement"] == {"persons": ["N", "S"], "agreed": ["N"], "waiting": ["S"]}
        # The program is seated and ready (it said so), and the table waits: no card reached it.
        deadline = time.monotonic() + 60
        while not any(x.endswith("ready to start") or x.startswith("Teams") for x in program.received):
            assert time.monotonic() < deadline, program.received
            await asyncio.sleep(0.05)
        synced = await south.sync()
        assert synced["table"]["agreement"]["waiting"] == ["S"]
        before = list(program.received)
        await south.send({"type": "agree_prepared"})
        await south.until(lambda m: m["table"]["agreement"]["waiting"] == [])
        while not any(x.startswith("North's cards") for x in program.received):
            assert time.monotonic() < deadline + 60, program.received
            await asyncio.sleep(0.05)
        assert not any("cards" in x or " plays " in x or "Board number" in x for x in before), before
        await south.close()

    with running(program):
        asyncio.run(person())
    hands = pbn_hands(next(line.split('"')[1] for line in pbn.splitlines() if line.startswith("[Deal ")))
    own = next(x for x in program.received if x.startswith("North's cards"))
    from tm.minimal_client import parse_hand

    assert parse_hand(own.split(":", 1)[1]) == hands["North"]


def test_issue9_program_names_only_for_program_seats_and_printable(tm_server: ServerProcess) -> None:
    for body, where in (({"seats": {"1N": "program"}, "program_names": {"1S": "BEN"}}, "1S"),
                        ({"seats": {"1N": "program"}, "program_names": {"1N": "BEN\u001b[31m"}}, "1N"),
                        ({"seats": {"1N": "program"}, "program_names": {"1N": " "}}, "1N")):
        r = httpx.post(f"{tm_server.http}/api/matches", json=body, timeout=30)
        assert r.status_code in (400, 422) and where in r.text and "program_names" in r.text, (body, r.text)
    r = httpx.post(f"{tm_server.http}/api/tables", json={"me": None, "seats": {"N": "program"},
                                                        "program_names": {"E": "BEN"}}, timeout=30)
    assert r.status_code == 400 and "program_names: E is not a program seat" in r.text


def test_issue9_match_program_seats_need_the_tm_port(tmp_path: Path) -> None:
    with ServerProcess(tmp_path / "data") as srv:
        r = httpx.post(f"{srv.http}/api/matches", json={"seats": {"2W": "program"}}, timeout=30)
        assert r.status_code == 400 and "2W" in r.text and "--tm-port" in r.text


def test_issue9_a_match_program_seat_survives_a_server_restart_and_plays_on(tmp_path: Path) -> None:
    """The match's program seats are stored with it: after a restart the program connects again
    with the same line (to the operator's fixed port) and its table plays the match out."""
    from support.postgres import free_port

    env = {"BAZAS_TM_PORT": str(free_port())}
    with ServerProcess(tmp_path / "data", env=env) as srv:
        created = create_match(srv, boards=2, seats={"1N": "program"})
        match_id, details = created["match_id"], created["programs"]["1N"]
        first = MinimalClient(details["port"], "North", details["team"])
        with running(first):
            summary_when(srv, match_id, lambda s: s["progress"]["1"] >= 1)
    with ServerProcess(tmp_path / "data", env=env) as srv:
        again = MinimalClient(details["port"], "North", details["team"])
        with running(again):
            summary = summary_when(srv, match_id, lambda s: s["over"] and "End of session" in again.received)
        assert again.received[0] == f'North ("{details["team"]}") seated'
        # (No check for Error lines: this client is a new one, which answers the resent history of the
        # board as if it were live; those repeated actions are refused and the table goes on.)
        played = {int(x.split()[2].rstrip(".")) for x in first.received + again.received if x.startswith("Board number")}
        assert played == {1, 2} and summary["progress"] == {"1": 2, "2": 2}
