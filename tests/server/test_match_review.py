"""Seed 002's worked example through the server (issue 10 point 4), the end-of-board review with
its double-dummy analysis (point 1), a seat's own table's record during the match (point 2),
boards from a PBN (point 3) and the unloading of a finished idle match (point 5).

Eight people (scripted clients, one per seat) play a 4-board match created from a PBN: on board 1
table 1's North-South (team A) bid 4♠ and make it exactly (420), table 2's North-South (team B)
bid 3♠ and make one overtrick (170): +250 for team A, 6 IMPs; boards 2 to 4 are passed out at
both tables (0). Declarer claims the tricks after the opening lead and the defenders accept.
"""

from __future__ import annotations

import asyncio
import html
import random
import re
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from bazas.bots import dds
from bazas.engine.deal import Board, Vulnerability, deal_random
from bazas.engine.match import Participant
from bazas.engine.seats import Seat
from bazas.formats.hand_record import par_text
from bazas.formats.match_records import dumps_boards, loads_match, pbn_date
from bazas.formats.pbn import loads as loads_match_games
from bazas.storage import Repository

from .harness import Client, ServerProcess, token
from .test_match_server import audit, stored_prefixes

pytestmark = pytest.mark.xdist_group("match_server")

#: Board 1's auction at each table (dealer North): 4♠ at table 1, 3♠ at table 2, by North.
AUCTIONS = {1: ["1S", "P", "4S", "P", "P", "P"], 2: ["1S", "P", "3S", "P", "P", "P"]}
#: Tricks North claims after the opening lead: 10 of the 13 left (4♠=, 3♠+1).
CLAIM = 10
DEALS = tuple(deal_random(random.Random(2002)) for _ in range(4))


def choose(table: int, st: dict[str, Any]) -> dict[str, Any]:
    """The scripted players: board 1 as the worked example, boards 2-4 passed out."""
    view = st["view"]
    board = st["table"]["deal_number"]
    if view["phase"] == "auction":
        if board == 1:
            return {"type": "call", "call": AUCTIONS[table][len(view["calls"])]}
        return {"type": "call", "call": "P"}
    played = sum(len(t["cards"]) for t in view["tricks"]) + len((view["current"] or {}).get("cards", []))
    if board == 1 and played == 1 and st["table"]["you"] == view["declarer"] and st["pending"] is None:
        return {"type": "claim", "tricks": CLAIM}
    return {"type": "card", "card": view["legal"][0]}


async def play_tables(clients: dict[str, Client], until: Any, timeout: float = 120.0) -> None:
    """Each client acts when its seat is to act, answers a claim it is asked about, and moves on."""
    acted: dict[str, int] = {}
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not until():
        assert loop.time() < deadline, "the tables did not get there in time: " + "; ".join(
            f"{n} v{c.state and c.state['version']} {c.state and c.state['table']['status']}"
            for n, c in clients.items())
        for name, c in clients.items():
            st = c.state
            if st is None or acted.get(name, -1) >= st["version"]:
                continue
            you, status, pending = st["table"]["you"], st["table"]["status"], st["pending"]
            claim = (pending or {}).get("claim")
            if claim is not None:
                if you in claim["replies"] and claim["replies"][you] is None:
                    acted[name] = st["version"]
                    await c.send({"type": "claim_reply", "accept": True})
            elif st["table"]["actor"] == you and status in ("auction", "play"):
                acted[name] = st["version"]
                await c.send(choose(int(name[0]), st))
            elif status == "review" and you not in st["table"]["ready"]:
                acted[name] = st["version"]
                await c.send({"type": "next"})
        await asyncio.sleep(0.005)


def review(server: ServerProcess, mid: str, board: int, key: str | None = None) -> httpx.Response:
    headers = {"X-Bazas-Key": key} if key else {}
    return httpx.get(f"{server.http}/api/matches/{mid}/boards/{board}", headers=headers, timeout=30)


def test_seed002_worked_example_through_the_server(tmp_path: Path) -> None:
    """issue 10 point 4 (seed 002, scoring example): 4♠= 420 at table 1 against 3♠+1 170 at table
    2 is +250 for team A, 6 IMPs; passed-out boards 0; the match page's data (summary, board
    review with the double-dummy table and par, the PBN record) says so, and nothing of board 1
    reaches the other table or a spectator before both tables finished it (points 1 and 2)."""
    pbn = dumps_boards(DEALS, event="seed 002")
    with ServerProcess(tmp_path / "data", {"BAZAS_ANALYSIS": "1", "BAZAS_UNLOAD_AFTER": "0.5"}) as server:
        r = httpx.post(f"{server.http}/api/matches", json={
            "team_a": "Azul", "team_b": "Rojo", "boards": 2, "pbn": pbn,
            "seats": {s: "open" for s in ("1N", "1E", "1S", "1W", "2N", "2E", "2S", "2W")}}, timeout=30)
        assert r.status_code == 200, r.text
        created = r.json()
        mid = created["match_id"]

        async def run() -> dict[str, Client]:
            clients = {s: Client(server, f"m/{mid}.{s[0]}", token(link), name=s)
                       for s, link in created["links"].items()}
            spectator = Client(server, f"m/{mid}", name="spectator")
            for c in (*clients.values(), spectator):
                await c.connect()
            for c in clients.values():  # boards from a PBN: each person agrees to them (issue 13)
                await c.until(lambda m: m["table"]["you"] is not None)
                await c.send({"type": "agree_prepared"})
            one = {s: c for s, c in clients.items() if s[0] == "1"}
            two = {s: c for s, c in clients.items() if s[0] == "2"}
            # Table 1 finishes board 1 alone: its seats see their own record, nobody else anything.
            await play_tables(one, lambda: (one["1N"].state or {}).get("table", {}).get("deal_number") == 2)
            key_1n, key_2n = token(one["1N"].url), token(two["2N"].url)
            assert review(server, mid, 1).status_code == 404
            assert review(server, mid, 1, key_2n).status_code == 404
            own = review(server, mid, 1, key_1n)
            assert own.status_code == 200, own.text
            data = own.json()
            assert not data["complete"] and [t["table"] for t in data["tables"]] == [1]
            assert data["tables"][0]["contract"] == "4S" and data["tables"][0]["result"] == "="
            assert "table1_ns" not in data
            # The board's LIN: not before both tables finished it; the own record's LIN line is its own table's.
            assert server.get(f"/api/matches/{mid}/boards/1.lin").status_code == 404
            assert data["lin"] is None and data["tables"][0]["lin"].startswith("qx|o1|")
            # Then table 2 finishes the match's boards and table 1 its last ones.
            await play_tables(clients, lambda: all(c.state is not None and c.state["table"]["status"] == "over"
                                                   for c in clients.values()))
            await spectator.wait(lambda m: m["type"] == "match" and m["over"], timeout=60)
            await spectator.wait(lambda m: m["type"] == "match" and m["analysed"] == [1, 2, 3, 4], timeout=120)
            for c in (*clients.values(), spectator):
                await c.close()
            clients["spectator"] = spectator
            return clients

        clients = asyncio.run(run())
        summary = server.get(f"/api/matches/{mid}").json()
        assert summary["over"] and summary["winner"] == "A" and summary["imps_a"] == 6
        rows = {b["board"]: b for b in summary["complete"]}
        assert (rows[1]["table1_ns"], rows[1]["table2_ns"], rows[1]["difference"], rows[1]["imps_a"]) == (420, 170,
                                                                                                         250, 6)
        assert [rows[b]["imps_a"] for b in (2, 3, 4)] == [0, 0, 0]
        assert [t["contract"] for t in rows[1]["tables"]] == ["4S", "3S"]
        assert [t["result"] for t in rows[1]["tables"]] == ["=", "+1"]
        # The board review, as the match page shows it at the end: both tables, DD table and par.
        data = review(server, mid, 1).json()
        assert data["complete"] and (data["table1_ns"], data["table2_ns"], data["imps_a"]) == (420, 170, 6)
        assert [t["calls"] for t in data["tables"]] == [AUCTIONS[1], AUCTIONS[2]]
        # Issue 10 "LIN export of each board": the board's LIN file, both rooms, = each table's line.
        lin = server.get(data["lin"])
        assert data["lin"] == f"/api/matches/{mid}/boards/1.lin" and lin.status_code == 200
        assert lin.text.splitlines() == [t["lin"] for t in data["tables"]]
        assert [line[:6] for line in lin.text.splitlines()] == ["qx|o1|", "qx|c1|"]
        assert "mb|1S|mb|p|mb|4S|" in data["tables"][0]["lin"] and "mb|1S|mb|p|mb|3S|" in data["tables"][1]["lin"]
        assert "mc|10|" in data["tables"][0]["lin"]
        assert server.get(f"/api/matches/{mid}/boards/5.lin").status_code == 404
        assert data["deal"] == DEALS[0].to_pbn()
        expected = dds.dd_table(DEALS[0])
        assert data["dd"]["makeable"] == expected.to_dict()
        assert data["dd"]["par"] == dds.par(expected, Vulnerability.NONE, Seat.N).to_dict()
        for t in data["tables"]:
            assert t["analysis"]["makeable"] == expected.to_dict() and len(t["analysis"]["costs"]) == 1
            assert t["claim"] == {"seat": "N", "tricks": CLAIM}
            assert sum(len(x["cards"]) for x in t["replay"]["tricks"]) + len(t["replay"]["current"]["cards"]) == 1
        passed = review(server, mid, 3).json()
        assert [t["contract"] for t in passed["tables"]] == ["pass", "pass"]
        assert passed["dd"]["makeable"] == dds.dd_table(DEALS[2]).to_dict()
        assert passed["dealer"] == Board(3).dealer.name
        # The record: the PBN export rescored gives the same IMPs.
        assert loads_match(server.get(f"/api/matches/{mid}.pbn").text).comparison()["imps_a"] == 6
        # The organiser's printable hand record: every board with its double-dummy table and par
        # (the solver's), and both rooms' results, in the page's language.
        for lang, room, pass_text in (("en", "Open room", "passed out"), ("es", "Sala abierta", "pasada")):
            page = server.get(f"/api/matches/{mid}/hand-record?lang={lang}").text
            blocks = dict(re.findall(r'<section class="board" id="board-(\d+)">(.*?)</section>', page, re.S))
            assert sorted(blocks) == ["1", "2", "3", "4"]
            assert all('<table class="dd">' in b for b in blocks.values())
            par = dds.par(expected, Vulnerability.NONE, Seat.N).to_dict()
            assert html.escape(par_text(par, lang)) in blocks["1"]
            assert f"{room}: 4S N =, N/S +420" in blocks["1"] and f"{room}: {pass_text}, 0" in blocks["2"]
            dd_cells = [int(n) for n in re.findall(r"<td>(\d+)</td>", blocks["1"])]
            assert sorted(dd_cells) == sorted(n for by_seat in expected.to_dict().values() for n in by_seat.values())
        # Every message every seat and the spectator got: nothing of a board too early.
        prefixes = stored_prefixes(server.data_dir, mid)
        for name, c in clients.items():
            who = Participant() if name == "spectator" else Participant(int(name[0]), Seat.parse(name[1]))
            assert audit(c, who, prefixes, mid) > 2
        # Point 5: nobody left at the finished match: it is unloaded, and comes back from storage
        # with its analyses on demand.
        deadline = 60
        while server.get("/api/health/matches").json()["loaded"] != 0:
            deadline -= 1
            assert deadline > 0, "the finished idle match was not unloaded"
            time.sleep(0.5)
        again = review(server, mid, 1).json()
        assert again == data
        assert server.get("/api/health/matches").json()["loaded"] == 1
        # The records' [Date] is the day the match was created (kept with the match), not the day
        # of the export: a match stored as played on another day says that day.
        pbn_games = loads_match_games(server.get(f"/api/matches/{mid}.pbn").text).games
        assert {g.tag("Date") for g in pbn_games} == {pbn_date()}
        repo = Repository.open(f"sqlite:///{server.data_dir / 'bazas.sqlite3'}", migrate=False)
        try:
            assert repo.load_table(mid).options["date"] == pbn_date()  # type: ignore[union-attr]
            repo.set_options(mid, {"date": "2025.12.24"})
        finally:
            repo.close()
        deadline = 60
        while server.get("/api/health/matches").json()["loaded"] != 0:
            deadline -= 1
            assert deadline > 0, "the finished idle match was not unloaded"
            time.sleep(0.5)
        assert {g.tag("Date") for g in loads_match_games(server.get(f"/api/matches/{mid}.pbn").text).games} == {"2025.12.24"}
        assert "<h1>Azul - Rojo · 2025.12.24</h1>" in server.get(f"/api/matches/{mid}/hand-record").text


def test_match_from_a_pbn_file_refuses_a_bad_file_naming_where(tmp_path: Path) -> None:
    """issue 10 point 3: the boards of a PBN upload are the match's; a bad file is refused with
    a message naming the line or the tag."""
    with ServerProcess(tmp_path / "data") as server:
        pbn = dumps_boards(DEALS[:3])
        r = httpx.post(f"{server.http}/api/matches", json={"pbn": pbn}, timeout=30)
        assert r.status_code == 200, r.text
        summary = server.get(f"/api/matches/{r.json()['match_id']}").json()
        assert summary["boards"] == 3
        bad = pbn.replace('[Dealer "E"]', '[Dealer "S"]', 1)
        r = httpx.post(f"{server.http}/api/matches", json={"pbn": bad}, timeout=30)
        assert r.status_code == 400 and "line" in r.json()["detail"] and "Dealer" in r.json()["detail"]
        r = httpx.post(f"{server.http}/api/matches", json={"pbn": "[Board \"1\"]\nnot a tag\n[Deal \"x\"]"},
                       timeout=30)
        assert r.status_code == 400 and "line" in r.json()["detail"]
        r = httpx.post(f"{server.http}/api/matches", json={"pbn": "% nothing here\n"}, timeout=30)
        assert r.status_code == 400 and "Deal" in r.json()["detail"]
