"""Claims against bots (checked in the worker pool), hints, explanations, names and presence."""

from __future__ import annotations

import asyncio

from bazas.server.protocol import SERVER_MESSAGE

from .harness import Client, ServerProcess, token


async def scenario(server: ServerProcess) -> None:
    created = server.create(ruleset="rubber", seats={"N": "bot", "E": "bot", "W": "bot"}, me="S", first_dealer="S",
                            seed=31, bot_seconds=0.01)
    table_id = created["table_id"]
    me = Client(server, table_id, token(created["me"]), name="S")
    await me.connect()
    st = await me.until(lambda m: m["table"]["actor"] == "S")
    assert st["table"]["seats"]["S"]["connected"] and st["table"]["spectators"] == 0
    # Presence: a spectator comes and goes.
    watcher = Client(server, table_id, None, name="watcher")
    await watcher.connect()
    await me.until(lambda m: m["table"]["spectators"] == 1)
    await watcher.close()
    await me.until(lambda m: m["table"]["spectators"] == 0)
    # Name.
    await me.send({"type": "name", "name": "Sofía"})
    await me.until(lambda m: m["table"]["seats"]["S"]["name"] == "Sofía")
    # Explanations: a call not yet made, and the calls made.
    start = len(me.messages)
    await me.send({"type": "explain", "call": "1NT"})
    ex = await me.wait(lambda m: m["type"] in ("explanation", "error"), 60, start)
    assert ex["type"] == "explanation" and ex["index"] is None and ex["call"] == "1NT"
    assert ex["explanation"]["en"] and ex["explanation"]["es"]
    # 7NT: nobody can bid over it.
    v = me.current["version"]
    await me.send({"type": "call", "call": "7NT"})
    st = await me.until(lambda m: m["version"] > v and m["table"]["actor"] in ("S", "E"), timeout=30)
    while st["view"]["phase"] == "auction":
        if st["table"]["actor"] == "S":
            await me.send({"type": "call", "call": "XX" if "XX" in st["view"]["legal"] else "P"})
        v = st["version"]
        st = await me.newer(v, timeout=30)
    assert st["view"]["declarer"] == "S" and len(st["explanations"]) == len(st["view"]["calls"])
    # Meanings are worked out off the event loop: a later state brings them.
    st = await me.until(lambda m: bool(m["explanations"]) and m["explanations"][0] is not None, timeout=30)
    start = len(me.messages)
    await me.send({"type": "explain", "index": 0})
    ex = await me.wait(lambda m: m["type"] == "explanation", 30, start)
    assert ex["index"] == 0 and ex["call"] == "7NT" and ex["explanation"] == st["explanations"][0]
    # West (a bot) leads; then a hint for South.
    st = await me.until(lambda m: m["table"]["actor"] == "S", timeout=30)
    start = len(me.messages)
    await me.send({"type": "hint"})
    hint = await me.wait(lambda m: m["type"] in ("hint", "error"), 30, start)
    assert hint["type"] == "hint" and hint["action"] in st["view"]["legal"], hint
    # A claim the bots cannot accept (too early to verify), then a concession (always true).
    start = len(me.messages)
    await me.send({"type": "claim", "tricks": 13})
    err = await me.wait(lambda m: m["type"] == "error", 30, start)
    assert err["code"] == "illegal" and "refused" in err["message"]
    v = me.current["version"]
    start = len(me.messages)
    await me.send({"type": "claim", "tricks": 0})
    st = await me.until(lambda m: m["version"] > v, timeout=30)
    assert st["table"]["status"] == "review" and st["view"]["all_hands"] is not None
    # The events ride on the state the claim produced, not on a later resend of that version.
    produced = await me.wait(lambda m: m["type"] == "state" and m["version"] > v, 30, start)
    assert any(e["kind"] == "claim" for e in produced["events"])
    assert st["score"]["deals"][-1]["contract"].startswith("7NT")
    for m in me.messages:
        SERVER_MESSAGE.validate_python(m)
    await me.close()


def test_claims_hints_explanations_presence(server: ServerProcess) -> None:
    asyncio.run(scenario(server))
