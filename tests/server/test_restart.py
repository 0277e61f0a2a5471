"""Nothing is lost: SIGKILL the server in the middle of a rubber, start it again, and every table
resumes exactly where it was; a reconnecting client gets the full state; bots resume their turn.

Three tables: four bots playing on their own; one person against three bots; four people with an
undo request waiting for its answer. Every state any client was shown before the kill must be the
replay of the stored log up to that version (stored before broadcast), and after the restart the
people's table is exactly the stored one while the bots carry on by themselves.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from .harness import Client, ServerProcess, drive, token
from .replay import stored_table, view_dict

SLOW_BOTS = {"BAZAS_BOT_DELAY": "0.03", "BAZAS_AUTO_NEXT_DELAY": "0.05"}


async def before_kill(server: ServerProcess) -> dict[str, Any]:
    bots = server.create(ruleset="rubber", seats={s: "bot" for s in "NESW"}, me=None, seed=21)
    solo = server.create(ruleset="auction-1920", seats={s: "bot" for s in "NEW"}, me="S", seed=22)
    people = server.create(ruleset="chicago", seats={s: "open" for s in "NEW"}, me="S", seed=23)
    watcher = Client(server, bots["table_id"], None, name="watcher")
    me = Client(server, solo["table_id"], token(solo["me"]), name="solo-S")
    humans = {s: Client(server, people["table_id"], token(link), name=f"people-{s}")
              for s, link in people["links"].items()}
    for c in (watcher, me, *humans.values()):
        await c.connect()
    # The person against bots plays into the second deal; the four people into the play of deal 1.
    await drive([me], lambda m: m["table"]["deal_number"] == 2 and len(m["view"]["calls"]) >= 1, timeout=60)
    st = await drive(list(humans.values()), lambda m: m["view"]["phase"] == "play" and len(m["view"]["tricks"]) >= 2,
                     timeout=60)
    # East asks to undo its last action; nobody answers before the crash.
    east = humans["E"]
    v = east.current["version"]
    await east.send({"type": "undo"})
    await humans["N"].until(lambda m: m["version"] > v and m["pending"] is not None)
    await watcher.until(lambda m: m["version"] > 40)
    return {"bots": bots["table_id"], "solo": solo["table_id"], "people": people["table_id"],
            "clients": {"bots": [(None, watcher)], "solo": [("S", me)],
                        "people": [(s, c) for s, c in humans.items()]},
            "last_people": st}


async def after_restart(server: ServerProcess, ids: dict[str, Any], stored: dict[str, Any]) -> None:
    people = ids["people"]
    # People: exactly the stored table, undo request still waiting.
    link_clients = {}
    for seat, old in ids["clients"]["people"]:
        c = Client(server, people, old.url.split("k=")[1], name=f"again-{seat}")
        await c.connect()
        link_clients[seat] = c
    for seat, c in link_clients.items():
        st = await c.wait(lambda m: m["type"] == "state")
        table = stored["people"]
        assert st["version"] == table.version
        assert st["view"] == view_dict(table, seat)
        assert st["pending"] is not None and st["pending"]["undo"]["by"] == "E"
        assert st["table"]["seats"][seat]["connected"]
    # The undo can be answered after the restart; play goes on.
    v = link_clients["N"].current["version"]
    await link_clients["N"].send({"type": "undo_reply", "accept": True})
    await link_clients["S"].send({"type": "undo_reply", "accept": True})
    st = await link_clients["E"].until(lambda m: m["version"] == v + 2)
    assert st["pending"] is None and st["table"]["actor"] == "E"
    # Bots only: they resume on their own, no client needed to push them.
    table = stored["bots"]
    watcher = Client(server, ids["bots"], None, name="watcher-again")
    await watcher.connect()
    first = await watcher.wait(lambda m: m["type"] == "state")
    assert first["version"] >= table.version
    await watcher.until(lambda m: m["version"] >= table.version + 8, timeout=30)
    # The person against bots: full state again, and the game goes on.
    solo = Client(server, ids["solo"], ids["clients"]["solo"][0][1].url.split("k=")[1], name="solo-again")
    await solo.connect()
    st = await solo.wait(lambda m: m["type"] == "state")
    assert st["version"] >= stored["solo"].version
    assert st["view"]["hand"] is not None and len(st["view"]["original_hand"]) == 13
    await drive([solo], lambda m: m["version"] >= stored["solo"].version + 6, timeout=60)
    for c in (*link_clients.values(), watcher, solo):
        await c.close()


@pytest.mark.parametrize("backend", ["sqlite", "postgres"])
def test_kill_and_restart_mid_rubber(backend: str, tmp_path: Path, request: pytest.FixtureRequest) -> None:
    url = None
    if backend == "postgres":
        url = request.getfixturevalue("fresh_postgres_url")
    db_url = url or f"sqlite:///{tmp_path / 'data' / 'bazas.sqlite3'}"
    server = ServerProcess(tmp_path / "data", SLOW_BOTS, database_url=url).start()
    try:
        ids = asyncio.run(before_kill(server))
    finally:
        server.kill()  # SIGKILL: no shutdown, no flush
    # Everything shown before the kill is the stored log replayed up to that version.
    stored = {}
    for key in ("bots", "solo", "people"):
        table, versions = stored_table(db_url, ids[key])
        assert versions == list(range(1, len(versions) + 1))
        stored[key] = table
        for seat, client in ids["clients"][key]:
            shown = client.states
            assert shown, client.name
            assert shown[-1]["version"] <= table.version, "a state was broadcast before it was stored"
            for msg in shown[-12:]:
                past, _ = stored_table(db_url, ids[key], upto=msg["version"])
                assert msg["view"] == view_dict(past, seat), f"{client.name} v{msg['version']}"
    assert stored["people"].pending_undo is not None
    server = ServerProcess(tmp_path / "data", SLOW_BOTS, database_url=url).start()
    try:
        asyncio.run(after_restart(server, ids, stored))
    finally:
        server.stop()


async def unload_and_reload(server: ServerProcess) -> None:
    created = server.create(ruleset="rubber", seats={s: "open" for s in "NEW"}, me="S", seed=41)
    table_id = created["table_id"]
    seats = {s: Client(server, table_id, token(link), name=s) for s, link in created["links"].items()}
    for c in seats.values():
        await c.connect()
    before = await drive(list(seats.values()), lambda m: len(m["view"]["calls"]) >= 3, timeout=30)
    for c in seats.values():
        await c.close()
    loop = asyncio.get_running_loop()
    deadline = loop.time() + 20
    while server.get("/api/health").json()["tables"] != 0:
        assert loop.time() < deadline, "the idle table was not unloaded"
        await asyncio.sleep(0.2)
    again = Client(server, table_id, token(seats["E"].url), name="E-again")  # East's own key (issue 13)
    await again.connect()
    st = await again.wait(lambda m: m["type"] == "state")
    assert st["version"] == before["version"] and st["view"]["calls"] == before["view"]["calls"]
    assert server.get("/api/health").json()["tables"] == 1
    await again.close()


def test_idle_tables_unload_and_come_back(tmp_path: Path) -> None:
    with ServerProcess(tmp_path / "data", {"BAZAS_UNLOAD_AFTER": "0.5"}) as server:
        asyncio.run(unload_and_reload(server))
