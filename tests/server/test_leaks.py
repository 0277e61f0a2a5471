"""A seat's messages carry only what that seat may see; a spectator sees no hidden card.

Four people (four seat links) and two spectators play whole deals over real WebSockets, with an
undo, a claim, hints and explanations along the way. Afterwards, knowing every deal from the
review API, each message every connection received is checked card by card: its own hand, dummy
after the opening lead, the cards played so far (which must be exactly the start of the deal's
real play), and all four hands only once the deal is over.
"""

from __future__ import annotations

import asyncio
from typing import Any

from bazas.server.protocol import SERVER_MESSAGE

from .harness import Client, ServerProcess, cards_in, first_legal_action, token

DEALS = 3


def played_cards(view: dict[str, Any]) -> list[str]:
    out = [c for t in view["tricks"] for _, c in t["cards"]]
    if view["current"]:
        out += [c for _, c in view["current"]["cards"]]
    return out


def allowed_cards(seat: str | None, view: dict[str, Any], deal: dict[str, Any]) -> set[str]:
    hands: dict[str, list[str]] = deal["all_hands"]
    played = played_cards(view)
    if view["phase"] == "done":
        return {c for h in hands.values() for c in h}
    allowed = set(played)
    if seat is not None:
        allowed |= set(hands[seat])
    if played and view["dummy"] is not None:
        allowed |= set(hands[view["dummy"]])
    return allowed


def check_state(who: str, seat: str | None, msg: dict[str, Any], deals: dict[int, dict[str, Any]]) -> None:
    number = msg["table"]["deal_number"]
    deal = deals[number]
    view = msg["view"]
    hands = deal["all_hands"]
    real_play = [c for t in deal["tricks"] for _, c in t["cards"]]
    played = played_cards(view)
    assert played == real_play[:len(played)], f"{who}: played cards are not the deal's play"
    seen = cards_in(msg)
    allowed = allowed_cards(seat, view, deal)
    leaked = seen - allowed
    assert not leaked, f"{who} (seat {seat}) saw {sorted(leaked)} at v{msg['version']} phase {view['phase']}"
    if view["phase"] != "done":
        assert view["all_hands"] is None
        if seat is None:
            assert view["hand"] is None and view["original_hand"] is None
        else:
            assert set(view["original_hand"]) == set(hands[seat])
            assert set(view["hand"]) == set(hands[seat]) - set(played)
        if not played:
            assert view["dummy_hand"] is None, f"{who}: dummy shown before the opening lead"
        elif view["dummy"] is not None:
            assert set(view["dummy_hand"]) == set(hands[view["dummy"]]) - set(played)
    if seat is None or view["actor"] != seat:
        assert view["legal"] == [], f"{who}: legal actions shown to a seat that is not to act"


async def play(server: ServerProcess) -> tuple[str, list[tuple[str | None, Client]]]:
    created = server.create(ruleset="rubber", seats={s: "open" for s in "NESW"}, me=None, seed=7)
    table_id = created["table_id"]
    seats = {s: Client(server, table_id, token(link), name=s) for s, link in created["links"].items()}
    watchers = [Client(server, table_id, None, name=f"spectator{i}") for i in range(2)]
    everyone: list[tuple[str | None, Client]] = [(s, c) for s, c in seats.items()] + [(None, w) for w in watchers]
    for _, c in everyone:
        await c.connect()
    for s, c in seats.items():
        await c.send({"type": "name", "name": f"Player {s}"})
    undone = claimed = False
    acted: dict[str, int] = {}
    loop = asyncio.get_running_loop()
    deadline = loop.time() + 90
    while True:
        st = seats["N"].state
        if st is not None and st["table"]["deal_number"] > DEALS:
            break
        assert loop.time() < deadline, f"not finished: {st and st['table']}"
        for s, c in seats.items():
            st = c.state
            if st is None:
                continue
            v, tab, view = st["version"], st["table"], st["view"]
            if acted.get(s, -1) >= v:
                continue
            pending = st["pending"]
            if pending:
                for kind in ("claim", "undo"):
                    req = pending[kind]
                    if req and s in req["replies"] and req["replies"][s] is None:
                        acted[s] = v
                        await c.send({"type": f"{kind}_reply", "accept": True})
                continue
            if tab["status"] in ("review", "over"):
                if s not in tab["ready"]:
                    acted[s] = v
                    await c.send({"type": "next"})
                continue
            if tab["actor"] != s:
                continue
            acted[s] = v
            if view["phase"] == "play" and len(view["tricks"]) == 4 and not view["current"] and not undone:
                undone = True  # take back the card that led to the fifth trick... after playing it
                await c.send(first_legal_action(st))
                await c.newer(v)
                await c.send({"type": "undo"})
                continue
            if (view["phase"] == "play" and tab["deal_number"] == 2 and len(view["tricks"]) == 9
                    and not view["current"] and s == view["declarer"] and not claimed):
                claimed = True
                await c.send({"type": "claim", "tricks": 2})
                continue
            if v % 7 == 0:
                await c.send({"type": "hint"})
            if view["phase"] == "auction" and view["calls"]:
                await c.send({"type": "explain", "index": len(view["calls"]) - 1})
                await c.send({"type": "explain", "call": "7NT"})
            await c.send(first_legal_action(st))
        await asyncio.sleep(0.005)
    await asyncio.sleep(0.3)
    for _, c in everyone:
        await c.close()
    assert undone and claimed
    return table_id, everyone


def test_every_message_to_every_seat_and_spectator(server: ServerProcess) -> None:
    table_id, everyone = asyncio.run(play(server))
    deals = {}
    for n in range(1, DEALS + 1):
        r = server.get(f"/api/tables/{table_id}/deals/{n}")
        assert r.status_code == 200, r.text
        deals[n] = r.json()
    assert any(d["claim"] for d in deals.values()), "the claim was not accepted"
    total = 0
    for seat, client in everyone:
        assert client.messages, f"{client.name} got nothing"
        for msg in client.messages:
            SERVER_MESSAGE.validate_python(msg)
            total += 1
            if msg["type"] == "state":
                assert msg["table"]["you"] == seat
                if msg["table"]["deal_number"] in deals:
                    check_state(client.name, seat, msg, deals)
            elif msg["type"] == "hint":
                assert seat is not None, "a spectator got a hint"
            else:
                assert not cards_in(msg) - (set(deals[1]["all_hands"].get(seat or "", []))), msg
        # Hands of the other seats never show up before their deal is over.
    assert total > 500
