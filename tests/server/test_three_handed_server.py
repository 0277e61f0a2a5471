"""Issue 11: three-handed Auction at the table server.

Three seats N, E, S (a person by link, or a bot); the dummy hand is dealt to W, face down until
the auction ends, then taken by the declarer, who plays it opposite him while the other two defend
as partners for the deal (RULES.md, "Variants from seed 001"; seed 001: "una mano de muerto
repartida ... tomada por el bando que gane la subasta"). Every message to every connection is
checked card by card against the deals as the review API gives them afterwards: W's cards reach
the declarer when the auction ends, the defenders and spectators after the opening lead, nobody
before; no seat ever sees another player's hand before the deal is over. The score sheet is the
per-player sheet of ``bazas score`` for the same deals. A server killed in the middle of a deal
resumes it exactly (event log replay).
"""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

from bazas.cli.three_handed import load
from bazas.engine.seats import Seat
from bazas.engine.three_handed_table import ThreeHandedTable, seat_view
from bazas.formats.three_handed import dump
from bazas.server.protocol import SERVER_MESSAGE

from .harness import Client, ServerProcess, cards_in, drive, token
from .replay import stored_table


def person(state: dict[str, Any]) -> dict[str, Any]:
    """A person who opens the bidding at the cheapest bid when nobody has bid yet (so deals are
    played), passes otherwise, and plays the first legal card."""
    view = state["view"]
    if view["phase"] == "auction":
        bids = [c for c in view["legal"] if c[0].isdigit()]
        nobody_bid = not any(c[0].isdigit() for c in view["calls"])
        return {"type": "call", "call": bids[0] if nobody_bid and bids else "P"}
    return {"type": "card", "card": view["legal"][0]}


def played_cards(view: dict[str, Any]) -> list[str]:
    out = [c for t in view["tricks"] for _, c in t["cards"]]
    if view["current"]:
        out += [c for _, c in view["current"]["cards"]]
    return out


def check_message(who: str, seat: str | None, msg: dict[str, Any], deals: dict[int, dict[str, Any]]) -> None:
    """What a state message may show ``seat`` (None: a spectator) of its deal (issue 11)."""
    view = msg["view"]
    if view is None:
        return
    deal = deals[msg["table"]["deal_number"]]
    hands: dict[str, list[str]] = deal["all_hands"]
    played = played_cards(view)
    real = [c for t in deal["tricks"] for _, c in t["cards"]]
    assert played == real[:len(played)], f"{who}: the cards shown played are not the deal's play"
    # (the cards cut for the first dealer, ``table.cut``, come from another pack: public)
    seen = cards_in({**msg, "table": {k: v for k, v in msg["table"].items() if k != "cut"}})
    if view["phase"] == "done":
        assert seen <= {c for h in hands.values() for c in h}
        return
    assert view["all_hands"] is None
    allowed = set(played)
    if seat is not None:
        allowed |= set(hands[seat])
        assert set(view["original_hand"]) == set(hands[seat])
    w_allowed = view["phase"] == "play" and (bool(played) or (seat is not None and seat == view["declarer"]))
    if w_allowed:
        allowed |= set(hands["W"])
        assert view["dummy"] == "W"
        assert set(view["dummy_hand"]) == set(hands["W"]) - set(played)
    else:
        assert view["dummy_hand"] is None, f"{who}: the dummy hand W shown at {view['phase']} before it may be"
    leaked = seen - allowed
    assert not leaked, f"{who} (seat {seat}) saw {sorted(leaked)} at v{msg['version']} ({view['phase']})"


def review(server: ServerProcess, table_id: str, numbers: set[int]) -> dict[int, dict[str, Any]]:
    out = {}
    for n in sorted(numbers):
        r = server.get(f"/api/tables/{table_id}/deals/{n}")
        assert r.status_code == 200, r.text
        out[n] = r.json()
    return out


def test_issue11_rulesets_offer_three_handed_at_one_table_with_three_seats(server: ServerProcess) -> None:
    rulesets = {r["id"]: r for r in server.get("/api/rulesets").json()["rulesets"]}
    facts = rulesets["three-handed-auction"]
    assert facts["one_table"] is True and facts["seats"] == ["N", "E", "S"] and facts["dummy_seat"] == "W"
    r = httpx_post(server, {"ruleset": "three-handed-auction", "seats": {"N": "bot", "E": "bot"}, "me": "W"})
    assert r.status_code == 400 and "W" in r.text


def httpx_post(server: ServerProcess, body: dict[str, Any]) -> Any:
    import httpx

    return httpx.post(f"{server.http}/api/tables", json=body, timeout=30)


async def _whole_deals(server: ServerProcess) -> None:
    created = server.create(ruleset="three-handed-auction", seats={"N": "bot", "E": "bot"}, me="S", seed=11)
    table_id = created["table_id"]
    assert set(created["links"]) == {"S"}
    me = Client(server, table_id, token(created["me"]), name="S")
    watcher = Client(server, table_id, None, name="spectator")
    await me.connect()
    await watcher.connect()
    first = await me.wait(lambda m: m["type"] == "state")
    assert first["table"]["seats"]["W"]["kind"] == "dummy"
    assert first["view"]["dummy_hand"] is None and first["view"]["dummy"] is None
    # Two whole deals with two bots (the bots bid for themselves and defend or declare).
    await drive([me], lambda m: m["table"]["deal_number"] >= 3, timeout=120, choose=person)
    await watcher.until(lambda m: m["table"]["deal_number"] >= 3)
    await asyncio.sleep(0.2)
    await me.close()
    await watcher.close()
    numbers = {m["table"]["deal_number"] for c in (me, watcher) for m in c.states if m["view"] is not None}
    finished = {n for n in numbers if n < max(numbers)}
    deals = review(server, table_id, finished)
    played_deals = [d for d in deals.values() if not d["passed_out"]]
    assert played_deals, "no deal was played"
    declarers: set[str] = set()
    for who, seat, client in (("S", "S", me), ("spectator", None, watcher)):
        for msg in client.messages:
            SERVER_MESSAGE.validate_python(msg)
            if msg["type"] == "state" and msg["table"]["deal_number"] in deals:
                check_message(who, seat, msg, deals)
                if msg["view"]["declarer"]:
                    declarers.add(msg["view"]["declarer"])
                    assert msg["view"]["declarer"] in ("N", "E", "S")
    # The score sheet: three columns, each player's totals and the settlement, as `bazas score`.
    last = me.states[-1]
    score = last["score"]
    record = {"ruleset": "three-handed-auction", "first_dealer": deals[1]["dealer"],
              "deals": [{"auction": d["calls"], "tricks": d["result"], "deal": pbn_of(d["all_hands"])}
                        if not d["passed_out"] else {"contract": "pass"} for _, d in sorted(deals.items())]}
    sheet, scored, results = load(record)
    expected = dump(sheet, scored, results)
    assert score["players"] == ["N", "E", "S"] and score["dummy"] == "W"
    assert [row["points"] for row in score["deals"][:len(deals)]] == [row["points"] for row in expected["deals"]]
    if len(score["deals"]) == len(deals):
        assert score["totals"] == expected["totals"] and score["net"] == expected["net"]
    assert sum(score["net"].values()) == 0
    assert set(score["settlement"]) == {"N", "E", "S"}


def pbn_of(hands: dict[str, list[str]]) -> str:
    def hand(cards: list[str]) -> str:
        return ".".join("".join(c[1:] for c in cards if c[0] == s) for s in "SHDC")
    return "N:" + " ".join(hand(hands[s]) for s in "NESW")


def test_issue11_three_handed_whole_deals_with_bots_no_card_leaks_and_per_player_sheet(server: ServerProcess) -> None:
    asyncio.run(_whole_deals(server))


async def _restart(data_dir: Path) -> None:
    server = ServerProcess(data_dir).start()
    try:
        created = server.create(ruleset="three-handed-auction", seats={"N": "bot", "E": "bot"}, me="S", seed=5)
        table_id = created["table_id"]
        me = Client(server, table_id, token(created["me"]), name="S")
        await me.connect()
        await drive([me], lambda m: m["view"] is not None and m["view"]["phase"] == "play"
                    and len(m["view"]["tricks"]) >= 3, timeout=120, choose=person)
        await asyncio.sleep(0.1)
        before = me.current
        key = me.url.split("k=")[1]
        server.kill()
        url = f"sqlite:///{data_dir}/bazas.sqlite3"
        table, versions = stored_table(url, table_id)
        assert isinstance(table, ThreeHandedTable)
        assert table.version >= before["version"] and table.number == before["table"]["deal_number"]
        server.start()
        again = Client(server, table_id, key, name="S-again")
        await again.connect()
        st = await again.wait(lambda m: m["type"] == "state")
        # The first state after the restart is the stored table's (the bots may move on after it).
        assert st["table"]["ruleset"] == "three-handed-auction" and st["table"]["seats"]["W"]["kind"] == "dummy"
        at_start, _ = stored_table(url, table_id, upto=st["version"])
        assert at_start.version == st["version"] and at_start.current is not None
        assert st["view"] == seat_view(at_start.current, Seat.S).to_dict()
        assert st["view"]["phase"] in ("play", "done") and len(st["view"]["tricks"]) >= 3
        # ... and the deal goes on to its end after the restart, bots included.
        number = st["table"]["deal_number"]
        done = await drive([again], lambda m: m["table"]["deal_number"] > number, timeout=120, choose=person)
        assert done["score"]["deals"] or done["score"]["rubbers"]
        await again.close()
        await me.close()
    finally:
        server.stop()


def test_issue11_three_handed_table_resumes_mid_deal_after_a_kill(data_dir: Path) -> None:
    data_dir.mkdir(parents=True, exist_ok=True)
    asyncio.run(_restart(data_dir))


def test_issue11_history_lists_each_players_points(server: ServerProcess) -> None:
    created = server.create(ruleset="three-handed-auction", seats={"N": "bot", "E": "bot", "S": "bot"}, me=None,
                            seed=3)
    table_id = created["table_id"]
    deadline = time.monotonic() + 120
    history: dict[str, Any] = {"deals": []}
    while time.monotonic() < deadline and len(history["deals"]) < 2:
        time.sleep(0.5)
        history = server.get(f"/api/tables/{table_id}/history").json()
    assert len(history["deals"]) >= 2, "three bots play on by themselves"
    summary = server.get(f"/api/tables/{table_id}").json()
    sheet = {d["deal"]: d["points"] for d in summary["score"]["deals"]}
    for d in history["deals"]:
        assert set(d["points"]) == {"N", "E", "S"}
        if d["rubber"] == 1 and d["number"] in sheet:
            assert d["points"] == sheet[d["number"]]
