"""Every action is validated on the server: out of turn, illegal, from a non-seated connection or
malformed, it gets an error naming the problem, and nothing changes (same version, same view)."""

from __future__ import annotations

import asyncio
from typing import Any

from bazas.server.protocol import SERVER_MESSAGE

from .harness import Client, ServerProcess, drive, token


async def _error(client: Client, message: dict[str, Any] | str) -> dict[str, Any]:
    start = len(client.messages)
    if isinstance(message, str):
        await client._ws.send(message)
    else:
        await client.send(message)
    err = await client.error_after(start)
    SERVER_MESSAGE.validate_python(err)
    return err


async def scenario(server: ServerProcess) -> None:
    created = server.create(ruleset="rubber", seats={s: "open" for s in "NEW"}, me="S", name="Sur", seed=11)
    table_id = created["table_id"]
    links = created["links"]
    seats = {s: Client(server, table_id, token(links[s]), name=s) for s in "NESW"}
    spectator = Client(server, table_id, None, name="spectator")
    stranger = Client(server, table_id, "not-a-real-secret", name="stranger")
    for c in (*seats.values(), spectator, stranger):
        await c.connect()
    start = await seats["N"].until(lambda m: m["table"]["status"] == "auction"
                                   and all(v["kind"] == "human" for v in m["table"]["seats"].values()))
    assert start["table"]["dealer"] == "N" and start["table"]["actor"] == "N"

    async def unchanged() -> None:
        before = {s: c.current for s, c in seats.items()}
        for s, c in seats.items():
            now = await c.sync()
            assert now["version"] == before[s]["version"]
            assert now["view"] == before[s]["view"]
            assert now["pending"] == before[s]["pending"]

    # The wrong link: a spectator, told so.
    err = await stranger.wait(lambda m: m["type"] == "error")
    assert err["code"] == "not_seated" and "spectator" in err["message"]

    # Out of turn: E calls while N is to call.
    err = await _error(seats["E"], {"type": "call", "call": "1C"})
    assert err["code"] == "turn" and "N's turn" in err["message"]
    # Spectators (and strangers) cannot act.
    for c in (spectator, stranger):
        err = await _error(c, {"type": "call", "call": "1C"})
        assert err["code"] == "not_seated"
    # Malformed messages.
    for bad in ("not json", '{"type": "teleport"}', '{"type": "call"}', '{"type": "call", "call": "8NT"}',
                '{"type": "card", "card": "ZZ"}', '{"type": "claim", "tricks": 14}', "[1, 2]"):
        err = await _error(seats["N"], bad)
        assert err["code"] == "bad_message", (bad, err)
    # A card during the auction, a double of nothing, an undo with nothing to undo, a claim.
    err = await _error(seats["N"], {"type": "card", "card": start["view"]["hand"][0]})
    assert err["code"] == "illegal" and "auction" in err["message"]
    err = await _error(seats["N"], {"type": "call", "call": "X"})
    assert err["code"] == "illegal" and "no bid to double" in err["message"]
    err = await _error(seats["N"], {"type": "undo"})
    assert err["code"] == "illegal" and "nothing to undo" in err["message"]
    err = await _error(seats["N"], {"type": "claim", "tricks": 3})
    assert err["code"] == "illegal" and "during the play" in err["message"]
    err = await _error(seats["N"], {"type": "claim_reply", "accept": True})
    assert err["code"] == "no_pending"
    err = await _error(seats["N"], {"type": "next"})
    assert err["code"] == "illegal" and "not over" in err["message"]
    await unchanged()

    # 1S by N, then an insufficient bid by E.
    v = seats["N"].current["version"]
    await seats["N"].send({"type": "call", "call": "1S"})
    await seats["E"].until(lambda m: m["version"] == v + 1)
    err = await _error(seats["E"], {"type": "call", "call": "1D"})
    assert err["code"] == "illegal" and "insufficient" in err["message"]
    err = await _error(seats["E"], {"type": "call", "call": "XX"})
    assert err["code"] == "illegal" and "redouble" in err["message"]
    # Explanations: a call not in the auction, an illegal call.
    err = await _error(seats["E"], {"type": "explain", "index": 9})
    assert err["code"] == "illegal"
    err = await _error(seats["E"], {"type": "explain", "call": "1C"})
    assert err["code"] == "illegal"
    await unchanged()

    # Finish the auction: 1S P P P, N declares, E leads.
    for s in "ESW":
        # The version N has seen; the seat to call waits until it has seen it too (its own copy
        # may still lack the last call when the machine is loaded).
        v = seats["N"].current["version"]
        await seats[s].newer(v - 1)
        await seats[s].send({"type": "call", "call": "P"})
        assert (await seats["N"].newer(v))["version"] == v + 1
    st = await seats["E"].until(lambda m: m["view"]["phase"] == "play")
    assert st["view"]["declarer"] == "N" and st["table"]["actor"] == "E"
    err = await _error(seats["E"], {"type": "call", "call": "P"})
    assert err["code"] == "illegal" and "auction is over" in err["message"]
    # N (declarer) cannot lead; S (dummy) never plays; E cannot play a card it does not hold.
    hand_e = st["view"]["hand"]
    not_e = next(c for c in seats["N"].current["view"]["hand"])
    err = await _error(seats["N"], {"type": "card", "card": not_e})
    assert err["code"] == "turn"
    err = await _error(seats["E"], {"type": "card", "card": not_e})
    assert err["code"] == "illegal" and "does not hold" in err["message"]
    lead = hand_e[0]
    v = st["version"]
    await seats["E"].send({"type": "card", "card": lead})
    st = await seats["N"].until(lambda m: m["version"] == v + 1)
    # S is dummy: its turn, but declarer N acts.
    assert st["view"]["turn"] == "S" and st["table"]["actor"] == "N"
    err = await _error(seats["S"], {"type": "card", "card": seats["S"].current["view"]["hand"][0]})
    assert err["code"] == "turn" and "declarer N plays dummy" in err["message"]
    # A revoke by declarer from dummy, if dummy can follow and holds another suit.
    dummy = st["view"]["dummy_hand"]
    led_suit = lead[0]
    follows = [c for c in dummy if c[0] == led_suit]
    others = [c for c in dummy if c[0] != led_suit]
    if follows and others:
        err = await _error(seats["N"], {"type": "card", "card": others[0]})
        assert err["code"] == "illegal" and "follow suit" in err["message"]
    # Hints are for the seat to act; spectators get none.
    err = await _error(seats["E"], {"type": "hint"})
    assert err["code"] == "turn"
    err = await _error(spectator, {"type": "hint"})
    assert err["code"] == "not_seated"
    await unchanged()
    sent_at = len(seats["N"].messages)
    await seats["N"].send({"type": "hint"})
    hint = await seats["N"].wait(lambda m: m["type"] in ("hint", "error"), 30, sent_at)
    assert hint["type"] == "hint", hint
    assert hint["action"] in seats["N"].current["view"]["legal"]
    # Requests: undo by E needs N/S's consent; meanwhile nobody plays; a wrong seat cannot answer.
    v = seats["N"].current["version"]
    await seats["E"].send({"type": "undo"})
    st = await seats["N"].until(lambda m: m["version"] == v + 1)
    assert st["pending"]["undo"]["by"] == "E" and set(st["pending"]["undo"]["replies"]) == {"N", "S"}
    assert st["table"]["actor"] is None
    err = await _error(seats["N"], {"type": "card", "card": st["view"]["legal"][0] if st["view"]["legal"] else follows[0] if follows else dummy[0]})
    assert err["code"] in ("pending", "turn")
    err = await _error(seats["W"], {"type": "undo_reply", "accept": True})
    assert err["code"] == "not_seated"
    await seats["N"].send({"type": "undo_reply", "accept": True})
    await seats["N"].until(lambda m: m["version"] == v + 2)
    sent_at = len(seats["N"].messages)
    await seats["S"].send({"type": "undo_reply", "accept": False})
    st = await seats["N"].until(lambda m: m["version"] == v + 3)
    assert st["pending"] is None and st["table"]["actor"] == "N"
    # The events ride on the state the command produced; a later resend at the same version
    # (a presence change) carries none, so look at the first state of that version.
    produced = await seats["N"].wait(lambda m: m["type"] == "state" and m["version"] == v + 3, 20, sent_at)
    assert any(e["kind"] == "undo_rejected" for e in produced["events"]), [
        (m.get("version"), m.get("events"), m.get("pending")) for m in seats["N"].messages[sent_at - 3:]
        if m["type"] == "state"]
    # Accepted by both this time: the opening lead is taken back.
    await seats["E"].send({"type": "undo"})
    await seats["N"].until(lambda m: m["version"] == v + 4)
    await seats["N"].send({"type": "undo_reply", "accept": True})
    await seats["S"].send({"type": "undo_reply", "accept": True})
    st = await seats["E"].until(lambda m: m["version"] == v + 6)
    assert st["pending"] is None and st["table"]["actor"] == "E" and st["view"]["current"] is None
    assert lead in st["view"]["hand"]
    for c in (*seats.values(), spectator, stranger):
        for m in c.messages:
            SERVER_MESSAGE.validate_python(m)
        await c.close()


def test_actions_are_validated(server: ServerProcess) -> None:
    asyncio.run(scenario(server))


async def missing_table(server: ServerProcess) -> None:
    c = Client(server, "nope", None)
    await c.connect()
    err = await c.wait(lambda m: m["type"] == "error")
    assert err["code"] == "not_found"
    await c.close()


def test_unknown_table(server: ServerProcess) -> None:
    asyncio.run(missing_table(server))
    assert server.get("/api/tables/nope").status_code == 404
    r = server.get("/api/tables/nope/history")
    assert r.status_code == 404 and "nope" in r.json()["detail"]


def test_create_table_is_validated(server: ServerProcess) -> None:
    import httpx

    for body, words in (({"ruleset": "poker"}, "unknown ruleset"), ({"ruleset": "duplicate"}, "one table"),
                        ({"seats": {"N": "robot"}}, None), ({"me": "X"}, None), ({"bot_seconds": -1}, None)):
        r = httpx.post(f"{server.http}/api/tables", json=body, timeout=10)
        assert r.status_code in (400, 422), (body, r.text)
        if words:
            assert words in r.json()["detail"]


async def bots_play_on(server: ServerProcess) -> None:
    created = server.create(ruleset="chicago", seats={"N": "bot", "E": "bot", "W": "bot"}, me="S", seed=5)
    c = Client(server, created["table_id"], token(created["me"]), name="S")
    await c.connect()
    st = await drive([c], lambda m: m["table"]["status"] == "review", timeout=60)
    assert st["view"]["all_hands"] is not None
    await c.close()


def test_a_human_against_bots(server: ServerProcess) -> None:
    asyncio.run(bots_play_on(server))
