"""Team matches on the server (issue 10): creation, play at both tables by bots and scripted
people over WebSocket, the leak audit of every message and HTTP answer, the records, restart.

The audit is independent of the server's own filtering: every ``match`` message a participant
gets must equal the engine's ``observe`` of the match replayed from the stored event log at the
message's version, and every table ``state`` must be the participant's own table at a version the
stored log passes through, with the seat's own view (``view_of``) of it.
"""

from __future__ import annotations

import asyncio
import re
from pathlib import Path
from typing import Any

import httpx
import pytest

from bazas.engine.match import AtTable, Match, Participant, command_from_dict_at, observe
from bazas.engine.seats import Seat
from bazas.engine.views import view_of
from bazas.formats.match_records import loads_match
from bazas.server.encode import view_dict
from bazas.storage import Repository

from .harness import Client, ServerProcess, create_match, drive, token

pytestmark = pytest.mark.xdist_group("match_server")


def stored_prefixes(data: Path | str, match_id: str) -> list[Match]:
    """The match after 0, 1, 2 ... stored commands (replayed from the event log), from a server's
    data directory (SQLite) or a database URL (a cluster's PostgreSQL)."""
    url = data if isinstance(data, str) else f"sqlite:///{data / 'bazas.sqlite3'}"
    repo = Repository.open(url, migrate=False)
    try:
        stored = repo.load_table(match_id)
    finally:
        repo.close()
    assert stored is not None
    commands: list[AtTable] = [command_from_dict_at(e.payload) for e in stored.events]
    out = [Match.from_config(stored.config)]
    for c in commands:
        out.append(out[-1].apply(c))
    return out


def expected_match_message(match: Match, participant: Participant, match_id: str) -> dict[str, Any]:
    data = observe(match, participant).to_dict()
    data.pop("live")
    data["id"] = match_id
    return data


def visible_boards(match: Match, participant: Participant) -> set[int]:
    """The boards ``participant`` may review: those both tables finished, and a seat's own table's."""
    done = match.complete_boards
    own = set() if participant.table is None else set(range(done + 1, match.finished_count(participant.table) + 1))
    return set(range(1, done + 1)) | own


def audit(client: Client, participant: Participant, prefixes: list[Match], match_id: str) -> int:
    """Check every message ``client`` got; returns how many were checked."""
    checked = 0
    for msg in client.messages:
        if msg["type"] == "match":
            match = prefixes[msg["version"]]
            got = {k: v for k, v in msg.items() if k not in ("type", "version", "events", "analysed")}
            assert got == expected_match_message(match, participant, match_id), (participant, msg["version"])
            # Analyses ready: only of boards the participant may review (issue 10 point 1).
            assert set(msg["analysed"]) <= visible_boards(match, participant), (participant, msg["analysed"])
            checked += 1
        elif msg["type"] == "state":
            assert participant.table is not None, "a spectator of a match got a table's state"
            assert msg["table"]["id"] == f"{match_id}.{participant.table}"
            seat = participant.seat
            assert seat is not None and msg["table"]["you"] == seat.name
            tables = [m.table(participant.table) for m in prefixes
                      if m.table(participant.table).version == msg["version"]]
            assert tables, f"table version {msg['version']} never stored"
            state = tables[0].current
            assert state is not None
            agreement = msg["table"].get("agreement")
            sealed = agreement is not None and (agreement["waiting"] or seat.name not in agreement["agreed"])
            # Prepared boards not agreed to yet (issue 13): a spectator's view, no card.
            assert msg["view"] == view_dict(view_of(state, None if sealed else seat))
            checked += 1
    return checked


@pytest.fixture(scope="module")
def match_server(tmp_path_factory: pytest.TempPathFactory) -> Any:
    data = tmp_path_factory.mktemp("match")
    with ServerProcess(data) as srv:
        yield srv


def test_create_match_validates_the_body(match_server: ServerProcess) -> None:
    """issue 10: boards 1-32, seats bot/open; bad input is refused naming the field."""
    r = httpx.post(f"{match_server.http}/api/matches", json={"boards": 33}, timeout=30)
    assert r.status_code == 422 and "boards" in r.text
    r = httpx.post(f"{match_server.http}/api/matches", json={"seats": {"3N": "open"}}, timeout=30)
    assert r.status_code == 422 and "seats" in r.text
    r = httpx.post(f"{match_server.http}/api/matches", json={"seed": 7}, timeout=30)
    assert r.status_code == 422, "no seed from the client"
    assert match_server.get("/api/matches/nope").status_code == 404


def test_bots_match_plays_to_the_end_and_exports(match_server: ServerProcess) -> None:
    """issue 10: eight bots at two tables play the match; the summary, PBN, LIN and the hand
    record are those of the boards both tables finished; final IMPs = the PBN's recomputation."""
    created = create_match(match_server, team_a="Azul", team_b="Rojo", boards=2)
    mid = created["match_id"]
    assert created["links"] == {}

    async def watch() -> dict[str, Any]:
        async with Client(match_server, f"m/{mid}") as spectator:
            msg = await spectator.wait(lambda m: m["type"] == "match" and m["over"], timeout=180)
            assert all(m["type"] in ("match", "error") for m in spectator.messages)
            return msg

    final = asyncio.run(watch())
    summary = match_server.get(f"/api/matches/{mid}").json()
    assert summary["over"] and summary["teams"] == {"A": "Azul", "B": "Rojo"}
    assert [b["board"] for b in summary["complete"]] == [1, 2] == [b["board"] for b in final["complete"]]
    pbn = match_server.get(f"/api/matches/{mid}.pbn").text
    record = loads_match(pbn)
    assert record.comparison()["imps_a"] == summary["imps_a"]
    assert summary["winner"] == ("tie" if summary["imps_a"] == 0 else ("A" if summary["imps_a"] > 0 else "B"))
    lin = match_server.get(f"/api/matches/{mid}.lin").text
    assert len(lin.strip().splitlines()) == 4 and lin.startswith("qx|o1|")
    page = match_server.get(f"/api/matches/{mid}/hand-record")
    assert page.status_code == 200 and "<html" in page.text


def test_leak_audit_two_people_and_six_bots(match_server: ServerProcess) -> None:
    """issue 10 / seed 002 section 8: one scripted person at each table and six bots play a
    2-board match; every message every participant gets (and every HTTP answer during play) shows
    nothing of a board before both tables finished it; the final IMPs equal the recomputation
    from the stored results."""
    created = create_match(match_server, boards=2, seats={"1N": "open", "2S": "open"})
    mid = created["match_id"]
    assert set(created["links"]) == {"1N", "2S"}
    answers: list[dict[str, Any]] = []

    async def play() -> tuple[Client, Client, Client]:
        one = Client(match_server, f"m/{mid}.1", token(created["links"]["1N"]), name="1N")
        two = Client(match_server, f"m/{mid}.2", token(created["links"]["2S"]), name="2S")
        spectator = Client(match_server, f"m/{mid}.1", name="spectator")
        for c in (one, two, spectator):
            await c.connect()

        async def poll() -> None:
            async with httpx.AsyncClient(base_url=match_server.http, timeout=30) as http:
                while True:
                    # The records first, then the summary: a board completed between the
                    # requests is then in the summary, never only in a record.
                    reviews = {}
                    for b in (1, 2):
                        spectator_review = await http.get(f"/api/matches/{mid}/boards/{b}")
                        seat_review = await http.get(f"/api/matches/{mid}/boards/{b}",
                                                     headers={"X-Bazas-Key": token(one.url)})
                        board_lin = await http.get(f"/api/matches/{mid}/boards/{b}.lin")
                        reviews[b] = (spectator_review.status_code, spectator_review.json(),
                                      seat_review.status_code, seat_review.json(), board_lin.status_code)
                    pbn = (await http.get(f"/api/matches/{mid}.pbn")).text
                    lin = (await http.get(f"/api/matches/{mid}.lin")).text
                    hand_record = (await http.get(f"/api/matches/{mid}/hand-record")).text
                    # The one-table routes never serve a match's tables (their history, deals, PBN).
                    key = token(one.url)
                    tables = {path: (await http.get(path)).status_code for path in (
                        f"/api/tables/{mid}.1", f"/api/tables/{mid}.2.pbn", f"/api/tables/{mid}.1/history",
                        f"/api/tables/{mid}.2/deals/1", f"/api/tables/{mid}/deals/1",
                        f"/api/tables/{mid}.1/record?k={key}")}
                    s = (await http.get(f"/api/matches/{mid}")).json()
                    answers.append({"summary": s, "pbn": pbn, "lin": lin, "hand_record": hand_record,
                                    "reviews": reviews, "tables": tables})
                    if s["over"]:
                        final_pbn = (await http.get(f"/api/matches/{mid}.pbn")).text
                        answers.append({"summary": s, "pbn": final_pbn})
                        return
                    await asyncio.sleep(0.05)

        poller = asyncio.create_task(poll())

        def over(st: dict[str, Any]) -> bool:
            return any(m["type"] == "match" and m["over"] for m in spectator.messages)

        await drive([one, two], over, timeout=240)
        await asyncio.wait_for(poller, 60)
        await one.sync()
        await two.sync()
        await asyncio.sleep(0.3)
        for c in (one, two, spectator):
            await c.close()
        return one, two, spectator

    one, two, spectator = asyncio.run(play())
    prefixes = stored_prefixes(match_server.data_dir, mid)
    final = prefixes[-1]
    assert final.over

    def final_result(board: int, table: int) -> dict[str, Any]:
        r = final.result(board, table)
        assert r is not None
        return r.to_dict()
    assert audit(one, Participant(1, Seat.N), prefixes, mid) > 10
    assert audit(two, Participant(2, Seat.S), prefixes, mid) > 10
    assert audit(spectator, Participant(), prefixes, mid) > 2
    # Every HTTP answer: only boards complete by then (never more than the final truth allows).
    for a in answers:
        s = a["summary"]
        done = min(s["progress"]["1"], s["progress"]["2"])
        assert [b["board"] for b in s["complete"]] == list(range(1, done + 1))
        assert s["own"] == []
        boards = {p.board for p in loads_match(a["pbn"]).played} if "[Board" in a["pbn"] else set()
        assert all(b <= done or b <= len(s["complete"]) for b in boards)
        # The LIN export and the printable hand record: only boards both tables had finished, and
        # not a card of any other board (its deal's hands never appear in them).
        assert all(status == 404 for status in a.get("tables", {}).values()), a["tables"]
        if "lin" in a:
            lin_boards = {int(b) for b in re.findall(r"\|ah\|Board (\d+)\|", a["lin"])}
            record_boards = {int(b) for b in re.findall(r'<section class="board" id="board-(\d+)">', a["hand_record"])}
            assert lin_boards <= set(range(1, done + 1)) and record_boards <= set(range(1, done + 1)), (done, a)
            for b in range(done + 1, final.boards + 1):
                north = final.deal_of(b).hand(Seat.N).to_pbn()
                assert north not in a["pbn"]
        assert set(s["analysed"]) <= set(range(1, done + 1))
        # A board's review: a spectator's only once both tables finished it; table 1's person
        # sees table 1's record of a board it finished, never table 2's before table 2 finished it.
        for b, (status, review, seat_status, seat_review, lin_status) in a.get("reviews", {}).items():
            assert lin_status == 404 or (lin_status == 200 and b <= done), (b, lin_status, done)
            if status == 200:
                assert b <= done and review["complete"]
                assert [r["table"] for r in review["tables"]] == [1, 2]
                for r in review["tables"]:
                    assert r["contract"] == final_result(b, r["table"])["contract"]
            else:
                assert status == 404 and "not finished" in review["detail"]
            if seat_status == 200:
                tables = [r["table"] for r in seat_review["tables"]]
                assert tables == ([1, 2] if seat_review["complete"] else [1])
                assert not seat_review["complete"] or b <= done
            else:
                assert seat_status == 404
    # The final IMPs: the stored results rescored through the PBN record (duplicate scoring).
    summary = answers[-1]["summary"]
    record = loads_match(answers[-1]["pbn"])
    assert record.comparison()["imps_a"] == summary["imps_a"] == final.imps_a
