"""A person who leaves does not stall the table: after a grace period a substitute (the table's
bot) plays for the absent seat — its calls and cards, its answers to a claim or an undo request,
its ``next`` — and everyone sees ``substitute: true`` on that seat. Reconnecting with the seat's
link gives the seat back at once. After a restart the absent seats are replaced again.

The server runs with ``BAZAS_ABSENT_SECONDS=0.3``; every wait is bounded, nothing is timed.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from bazas.server.protocol import SERVER_MESSAGE

from .harness import Client, ServerProcess, cards_in, first_legal_action, token
from .test_leaks import allowed_cards

GRACE = 0.3
ABSENT_ENV = {"BAZAS_ABSENT_SECONDS": str(GRACE)}


@pytest.fixture(scope="module")
def absent_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    with ServerProcess(tmp_path_factory.mktemp("absent"), ABSENT_ENV) as srv:
        yield srv


def seat_of(st: dict[str, Any], seat: str) -> dict[str, Any]:
    info: dict[str, Any] = st["table"]["seats"][seat]
    return info


def substituted(seat: str) -> Any:
    return lambda m: seat_of(m, seat)["substitute"] and not seat_of(m, seat)["connected"]


def callers(st: dict[str, Any]) -> list[str]:
    """The seat that made each call of the auction so far."""
    order = "NESW"
    first = order.index(st["view"]["dealer"])
    return [order[(first + i) % 4] for i in range(len(st["view"]["calls"]))]



async def sit(server: ServerProcess, created: dict[str, Any], seats: str) -> list[Client]:
    """Clients for ``seats`` of a table just created (with their invitation links), connected."""
    clients = [Client(server, created["table_id"], token(created["links"][s]), name=s) for s in seats]
    for c in clients:
        await c.connect()
    return clients

async def act_when_my_turn(client: Client, acted: dict[str, int]) -> None:
    """One step of a simple player: its call or card when it must act, ``next`` in review."""
    st = client.state
    if st is None:
        return
    you, v, status = st["table"]["you"], st["version"], st["table"]["status"]
    if acted.get(you, -1) >= v:
        return
    if st["table"]["actor"] == you and status in ("auction", "play") and st["pending"] is None:
        acted[you] = v
        await client.send(first_legal_action(st))
    elif status in ("review", "over") and you not in st["table"]["ready"]:
        acted[you] = v
        await client.send({"type": "next"})


async def play_until(clients: list[Client], watch: Client, pred: Any, timeout: float = 60.0) -> dict[str, Any]:
    """Let ``clients`` play simply until ``watch``'s latest state satisfies ``pred``."""
    acted: dict[str, int] = {}
    deadline = asyncio.get_running_loop().time() + timeout
    while True:
        st = watch.state
        if st is not None and pred(st):
            return st
        if asyncio.get_running_loop().time() > deadline:
            raise TimeoutError(f"not reached in {timeout}s: v{st and st['version']} {st and st['table']['status']} "
                               f"actor {st and st['table']['actor']} pending {st and st['pending']}")
        for c in clients:
            await act_when_my_turn(c, acted)
        await asyncio.sleep(0.01)


def audit(who: str, seat: str | None, client: Client, number: int, deal: dict[str, Any]) -> None:
    """No state of deal ``number`` shown to ``client`` carries a card its seat may not see."""
    for m in client.states:
        if m["table"]["deal_number"] != number:
            continue
        view = m["view"]
        leaked = cards_in(m) - allowed_cards(seat, view, deal)
        assert not leaked, f"{who} saw {sorted(leaked)} at v{m['version']}"
        if view["phase"] != "done":
            assert view["all_hands"] is None
            assert (view["original_hand"] is None) if seat is None else set(view["original_hand"]) == \
                set(deal["all_hands"][seat])


def answer_to(version: int) -> Any:
    """An error, or a state newer than ``version``."""
    return lambda m: m["type"] == "error" or (m["type"] == "state" and m["version"] > version)


def validate(*clients: Client) -> None:
    for c in clients:
        for m in c.messages:
            SERVER_MESSAGE.validate_python(m)


def audit_deal(server: ServerProcess, table_id: str, number: int, watchers: dict[str, Client]) -> None:
    """Audit deal ``number`` as each watcher saw it (keyed by seat, or a name for a spectator)."""
    deal = server.get(f"/api/tables/{table_id}/deals/{number}").json()
    for who, client in watchers.items():
        audit(who, who if who in ("N", "E", "S", "W") else None, client, number, deal)


# -- the tests ----------------------------------------------------------------------------------

async def _replaced(server: ServerProcess) -> None:
    # North and South are people, East and West bots; South deals.
    created = server.create(ruleset="rubber", seats={"N": "open", "E": "bot", "W": "bot"}, me="S",
                            first_dealer="S", seed=41, bot_seconds=0.01)
    table_id = created["table_id"]
    south, north = await sit(server, created, "SN")
    st = await south.until(lambda m: seat_of(m, "N")["connected"] and seat_of(m, "N")["kind"] == "human")
    assert not seat_of(st, "N")["substitute"]
    # North leaves for good, before its first call.
    await north.close()
    st = await south.until(lambda m: not seat_of(m, "N")["connected"])
    # After the grace period everyone sees a substitute in North's seat...
    st = await south.until(substituted("N"), timeout=20)
    assert seat_of(st, "N")["kind"] == "human"
    assert not any(seat_of(st, s)["substitute"] for s in "ESW")
    # ...and the table does not wait for North: South plays on, North's calls and cards are made.
    st = await play_until([south], south, lambda m: m["table"]["deal_number"] == 1 and m["view"]["phase"] == "play"
                          and len(m["view"]["tricks"]) >= 2, timeout=90)
    assert "N" in callers(st)
    # Every trick has a card from North (played by the substitute, or by South for dummy).
    assert all(any(s == "N" for s, _ in t["cards"]) for t in st["view"]["tricks"])
    # A spectator sees the substitute too; South's messages show no card it may not see.
    watcher = Client(server, table_id, None, name="watcher")
    await watcher.connect()
    seen = await watcher.wait(lambda m: m["type"] == "state")
    assert seat_of(seen, "N")["substitute"] and seen["view"]["hand"] is None
    summary = server.get(f"/api/tables/{table_id}").json()
    assert summary["seats"]["N"]["substitute"] is True
    await play_until([south], south, lambda m: m["table"]["deal_number"] == 1 and m["view"]["phase"] == "done",
                     timeout=120)
    audit_deal(server, table_id, 1, {"S": south, "watcher": watcher})
    validate(south, watcher)
    await watcher.close()
    await south.close()


def test_absent_player_is_replaced_by_a_bot_after_the_grace_period(absent_server: ServerProcess) -> None:
    asyncio.run(_replaced(absent_server))


async def _returning(server: ServerProcess) -> None:
    created = server.create(ruleset="chicago", seats={"N": "open", "E": "bot", "W": "bot"}, me="S",
                            first_dealer="S", seed=42, bot_seconds=0.01)
    table_id = created["table_id"]
    north_key = token(created["links"]["N"])
    south = Client(server, table_id, token(created["links"]["S"]), name="S")
    north = Client(server, table_id, north_key, name="N")
    await south.connect()
    await north.connect()
    await south.until(lambda m: seat_of(m, "N")["connected"])
    await north.close()
    await south.until(substituted("N"), timeout=20)
    # The substitute makes North's first call while North is away.
    st = await play_until([south], south, lambda m: "N" in callers(m) or m["view"]["phase"] != "auction",
                          timeout=60)
    # North comes back with its link: the seat is North's again at once, nothing is undone.
    before = st["view"]["calls"]
    north = Client(server, table_id, token(north.url), name="N-again")  # the seat's own key (issue 13)
    await north.connect()
    back = await north.wait(lambda m: m["type"] == "state")
    assert back["table"]["you"] == "N"
    assert seat_of(back, "N")["connected"] and not seat_of(back, "N")["substitute"]
    assert back["view"]["calls"][:len(before)] == before
    assert len(back["view"]["original_hand"]) == 13
    st = await south.until(lambda m: seat_of(m, "N")["connected"] and not seat_of(m, "N")["substitute"])
    # When the table next waits for North it waits for North itself: give a substitute that did not
    # leave every chance to act (several grace periods), then North's own action is accepted.
    for _ in range(3):
        st = await play_until([south], north, lambda m: m["table"]["actor"] == "N"
                              or (m["table"]["status"] in ("review", "over") and "N" not in m["table"]["ready"]),
                              timeout=90)
        v = st["version"]
        await asyncio.sleep(GRACE * 4)
        st = await north.sync()
        assert st["version"] == v, "the table moved on for North although North is back"
        start = len(north.messages)
        if st["table"]["actor"] == "N":
            # North's own choice (the last legal one, where a substitute would take another).
            choice = st["view"]["legal"][-1]
            auction = st["view"]["phase"] == "auction"
            await north.send({"type": "call", "call": choice} if auction else {"type": "card", "card": choice})
            done = await north.wait(answer_to(v), 10, start)
            assert done["type"] == "state", done
            made = [e["data"].get("call" if auction else "card") for e in done["events"]
                    if e["kind"] == ("call" if auction else "card")]
            assert made[:1] == [choice], done["events"]
        else:
            await north.send({"type": "next"})
            done = await north.wait(answer_to(v), 10, start)
            assert done["type"] == "state", done
            assert "N" in done["table"]["ready"] or done["table"]["deal_number"] > st["table"]["deal_number"]
    validate(south, north)
    await north.close()
    await south.close()


def test_returning_player_takes_the_seat_back(absent_server: ServerProcess) -> None:
    asyncio.run(_returning(absent_server))


async def _next_deal(server: ServerProcess) -> None:
    created = server.create(ruleset="rubber", seats={s: "open" for s in "NEW"}, me="S", seed=43, bot_seconds=0.01)
    clients = dict(zip(created["links"], await sit(server, created, "".join(created["links"])), strict=True))
    south = clients["S"]
    await south.until(lambda m: all(seat_of(m, s)["connected"] for s in "NESW"))
    # Four people play the first deal out; nobody sends `next` yet.
    acted: dict[str, int] = {}
    deadline = asyncio.get_running_loop().time() + 120
    while south.state is None or south.state["table"]["status"] not in ("review", "over"):
        assert asyncio.get_running_loop().time() < deadline, "the first deal did not end"
        for c in clients.values():
            st = c.state
            if st is not None and st["table"]["status"] in ("auction", "play"):
                await act_when_my_turn(c, acted)
        await asyncio.sleep(0.01)
    # West leaves during the review; the other three agree to go on.
    await clients["W"].close()
    for s in "NES":
        await clients[s].send({"type": "next"})
    st = await south.until(lambda m: m["table"]["deal_number"] == 2, timeout=30)
    assert st["table"]["status"] == "auction"
    assert seat_of(st, "W")["substitute"] and not seat_of(st, "W")["connected"]
    validate(*clients.values())
    for c in clients.values():
        await c.close()


def test_absent_player_does_not_stall_next_deal(absent_server: ServerProcess) -> None:
    asyncio.run(_next_deal(absent_server))


async def _seven_nt_by_south(south: Client, others: list[Client]) -> dict[str, Any]:
    """South deals and opens 7NT; everyone else passes: South declares, West leads."""
    st = await south.until(lambda m: m["table"]["actor"] == "S", timeout=30)
    await south.send({"type": "call", "call": "7NT"})

    def passes(m: dict[str, Any]) -> dict[str, Any]:
        return {"type": "call", "call": "P"}

    acted: dict[str, int] = {}
    deadline = asyncio.get_running_loop().time() + 60
    while True:
        st = south.current
        if st["view"]["phase"] == "play" and st["table"]["actor"] == "S":
            return st
        assert asyncio.get_running_loop().time() < deadline, f"no play: {st['table']} {st['view']['calls']}"
        for c in others:
            cst = c.state
            if cst is None:
                continue
            you = cst["table"]["you"]
            if cst["table"]["actor"] == you and acted.get(you, -1) < cst["version"]:
                acted[you] = cst["version"]
                await c.send(passes(cst) if cst["view"]["phase"] == "auction" else first_legal_action(cst))
        if st["table"]["actor"] == "S" and st["view"]["phase"] == "auction" and acted.get("S", -1) < st["version"]:
            acted["S"] = st["version"]
            await south.send({"type": "call", "call": "XX" if "XX" in st["view"]["legal"] else "P"})
        await asyncio.sleep(0.01)


async def _claim(server: ServerProcess) -> None:
    # South, East and West are people (North a bot): a claim by South needs East's and West's answers.
    created = server.create(ruleset="rubber", seats={"N": "bot", "E": "open", "W": "open"}, me="S",
                            first_dealer="S", seed=44, bot_seconds=0.01)
    table_id = created["table_id"]
    clients = dict(zip(created["links"], await sit(server, created, "".join(created["links"])), strict=True))
    south, west, east = clients["S"], clients["W"], clients["E"]
    await south.until(lambda m: all(seat_of(m, s)["connected"] for s in "ESW"))
    await _seven_nt_by_south(south, [west, east])
    # East leaves; the substitute will answer for East.
    await east.close()
    await south.until(substituted("E"), timeout=20)
    # All thirteen tricks this early: the engine cannot verify it, East's substitute refuses.
    v = south.state["version"]
    await south.send({"type": "claim", "tricks": 13})
    st = await south.wait(lambda m: m["type"] == "state" and any(e["kind"] == "claim_rejected" for e in m["events"]),
                          timeout=30)
    assert [e["data"]["seat"] for e in st["events"] if e["kind"] == "claim_rejected"] == ["E"]
    assert st["pending"] is None and st["table"]["status"] == "play"
    # A concession (no trick) always holds: West accepts, East's substitute accepts, the deal ends.
    st = await south.until(lambda m: m["table"]["actor"] == "S" and m["pending"] is None, timeout=30)
    v = st["version"]
    await south.send({"type": "claim", "tricks": 0})
    await west.until(lambda m: m["version"] > v and m["pending"] is not None, timeout=30)
    await west.send({"type": "claim_reply", "accept": True})
    # The claim needed East's answer too: the deal ended, so East's substitute accepted it.
    st = await south.until(lambda m: m["view"]["phase"] == "done", timeout=30)
    assert st["score"]["deals"][-1]["contract"].startswith("7NT") and st["score"]["deals"][-1]["tricks"] < 13
    audit_deal(server, table_id, 1, {"S": south, "W": west})
    validate(south, west, east)
    await south.close()
    await west.close()


def test_absent_player_answers_a_pending_claim_through_the_substitute(absent_server: ServerProcess) -> None:
    asyncio.run(_claim(absent_server))


async def _undo(server: ServerProcess) -> None:
    # South and East are people, North and West bots: South's undo needs East's answer.
    created = server.create(ruleset="rubber", seats={"N": "bot", "E": "open", "W": "bot"}, me="S",
                            first_dealer="S", seed=45, bot_seconds=0.01)
    south, east = await sit(server, created, "SE")
    await south.until(lambda m: seat_of(m, "E")["connected"])
    await east.close()
    await south.until(substituted("E"), timeout=20)
    st = await south.until(lambda m: m["table"]["actor"] == "S", timeout=30)
    v = st["version"]
    await south.send({"type": "call", "call": "1NT"})
    await south.until(lambda m: m["version"] > v)
    # South takes its 1NT back: the request waits for East, whose substitute agrees.
    await south.send({"type": "undo"})
    st = await south.wait(lambda m: m["type"] == "state" and any(e["kind"] == "undone" for e in m["events"]),
                          timeout=30)
    assert any(e["kind"] == "undo_accepted" and e["data"]["seat"] == "E" for e in st["events"])
    assert st["view"]["calls"] == [] and st["pending"] is None
    validate(south)
    await south.close()


def test_absent_player_answers_an_undo_request_through_the_substitute(absent_server: ServerProcess) -> None:
    asyncio.run(_undo(absent_server))


async def _nobody_left(server: ServerProcess) -> None:
    created = server.create(ruleset="rubber", seats={"N": "open", "E": "bot", "W": "bot"}, me="S",
                            first_dealer="N", seed=46, bot_seconds=0.01)
    table_id = created["table_id"]
    south, north = await sit(server, created, "SN")
    st = await south.until(lambda m: seat_of(m, "N")["connected"] and m["table"]["actor"] == "N")
    v = st["version"]
    # Both people leave: the table waits for them, no substitute plays to an empty table.
    await south.close()
    await north.close()
    await asyncio.sleep(GRACE * 6)
    watcher = Client(server, table_id, None, name="watcher")
    await watcher.connect()
    seen = await watcher.wait(lambda m: m["type"] == "state")
    assert seen["version"] == v and seen["table"]["actor"] == "N"
    assert not seat_of(seen, "N")["substitute"] and not seat_of(seen, "S")["substitute"]
    # South comes back: North has been away long enough, its substitute calls at once.
    south = Client(server, table_id, token(south.url), name="S-again")  # the seat's own key (issue 13)
    await south.connect()
    st = await south.until(lambda m: m["version"] > v and seat_of(m, "N")["substitute"], timeout=30)
    assert st["view"]["calls"] and callers(st)[0] == "N"
    validate(south, watcher)
    await south.close()
    await watcher.close()


def test_substitutes_wait_while_nobody_sits_at_the_table(absent_server: ServerProcess) -> None:
    asyncio.run(_nobody_left(absent_server))


async def _before_restart(server: ServerProcess) -> dict[str, Any]:
    created = server.create(ruleset="rubber", seats={"N": "open", "E": "bot", "W": "bot"}, me="S",
                            first_dealer="N", seed=47, bot_seconds=0.01)
    table_id = created["table_id"]
    south, north = await sit(server, created, "SN")
    st = await south.until(lambda m: seat_of(m, "N")["connected"] and m["table"]["actor"] == "N")
    return {"table_id": table_id, "S": token(south.url), "version": st["version"]}  # South's own key (issue 13)


async def _after_restart(server: ServerProcess, before: dict[str, Any]) -> None:
    south = Client(server, before["table_id"], before["S"], name="S-after")
    await south.connect()
    first = await south.wait(lambda m: m["type"] == "state")
    assert first["version"] == before["version"] and first["table"]["actor"] == "N"
    assert not seat_of(first, "N")["connected"]
    # North did not come back: after the grace period, counted anew, its substitute calls.
    st = await south.until(lambda m: seat_of(m, "N")["substitute"] and m["version"] > before["version"], timeout=30)
    assert callers(st)[0] == "N"
    validate(south)
    await south.close()


def test_after_a_restart_absent_players_are_replaced_again(tmp_path: Path) -> None:
    server = ServerProcess(tmp_path / "data", ABSENT_ENV).start()
    try:
        before = asyncio.run(_before_restart(server))
    finally:
        server.kill()
    server = ServerProcess(tmp_path / "data", ABSENT_ENV).start()
    try:
        asyncio.run(_after_restart(server, before))
    finally:
        server.stop()
