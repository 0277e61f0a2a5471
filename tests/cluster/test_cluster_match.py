"""Issue 14, a team match (seed 002) on the local site: "the two tables of a team match ... all see
each other's events in order", and a match "owned by exactly one process at a time".

A match of two boards, a person at each table (1S, 2E; the other seats bots thinking in the
workers) and a spectator of the match, played through HAProxy only. The match is leased by its id
like a table: one server owns both tables, so the balancer routes the match's sockets and pages to
it. Mid-board, with both people waiting on their own turn, the owner is killed with SIGKILL. Every
client comes back through the balancer to the server that takes the match over from the event
log, and the match plays to its end there. Then, against the event log stored in PostgreSQL:

- a survivor holds the match's lease and the log has no gap;
- every ``match`` and ``state`` message anybody received is exactly the participant's observation
  of the stored match at that version (``audit`` of tests/server/test_match_server.py): nothing a
  client was shown was lost, nothing was invented by the new owner;
- each connection's messages never go back in version (the events in order, across the move);
- no card leaks (``check_state`` of tests/server/test_leaks.py against the boards' review).

No timing in the assertions.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

import httpx
import pytest
import websockets

from bazas.engine.match import Participant
from bazas.engine.seats import Seat
from server.harness import Client, token
from server.test_leaks import check_state
from server.test_match_server import audit, stored_prefixes

from .harness import HAPROXY, REDIS, Cluster, Site, choose, reconnect

pytestmark = [
    pytest.mark.skipif(not HAPROXY.exists() or not REDIS.exists(),
                       reason="haproxy or redis-server not installed (scripts/install-system-deps.sh haproxy redis)"),
    pytest.mark.xdist_group("cluster"),
]

BOARDS = 2
PEOPLE = {"1S": (1, "S"), "2E": (2, "E")}


async def _connect(c: Client, kind: str, timeout: float = 90.0) -> None:
    """(Re)connect through the balancer until the first ``kind`` message arrives."""
    await reconnect(c, kind, timeout)


def _over(watcher: Client) -> bool:
    return any(m["type"] == "match" and m["over"] for m in watcher.messages)


async def _scenario(cluster: Cluster) -> dict[str, Any]:
    created = cluster.create_match(boards=BOARDS, seats=dict.fromkeys(PEOPLE, "open"), bot_seconds=0.05)
    mid = created["match_id"]
    site = Site(cluster.ws)
    people = {name: Client(site, f"m/{mid}.{t}", token(created["links"][name]), name=name)  # type: ignore[arg-type]
              for name, (t, _) in PEOPLE.items()}
    watcher = Client(site, f"m/{mid}", None, name="spectator")  # type: ignore[arg-type]
    for c in people.values():
        await _connect(c, "state")
    await _connect(watcher, "match")
    release = asyncio.Event()
    acted = dict.fromkeys(PEOPLE, 0)
    reconnects: list[str] = []

    def holding(name: str) -> bool:
        """The person's own turn after at least one action of theirs: mid-board (held until the kill)."""
        st = people[name].state
        if st is None:
            return False
        tab = st["table"]
        return acted[name] > 0 and tab["status"] in ("auction", "play") and tab["actor"] == tab["you"] \
            and bool(st["view"]["legal"])

    async def play(name: str) -> None:
        c = people[name]
        last: tuple[int, int] = (-1, -1)
        generation = 0
        loop = asyncio.get_running_loop()
        deadline = loop.time() + 400
        while not _over(watcher):
            assert loop.time() < deadline, f"{name}: the match never ended; last {c.state and c.state['table']}"
            if c.closed:
                reconnects.append(name)
                await _connect(c, "state")
                generation += 1  # an action sent to the server that died may be lost: resend
            st = c.state
            if st is None or (not release.is_set() and holding(name)):
                await asyncio.sleep(0.01)
                continue
            tab, v = st["table"], st["version"]
            if last != (v, generation):
                if tab["status"] in ("auction", "play") and tab["actor"] == tab["you"] and st["view"]["legal"]:
                    last = (v, generation)
                    with contextlib.suppress(websockets.ConnectionClosed):
                        await c.send(choose(st))
                        acted[name] += 1
                elif tab["status"] == "review" and tab["you"] not in tab["ready"]:
                    last = (v, generation)
                    with contextlib.suppress(websockets.ConnectionClosed):
                        await c.send({"type": "next"})
            await asyncio.sleep(0.01)

    async def watch() -> None:
        loop = asyncio.get_running_loop()
        deadline = loop.time() + 400
        while not _over(watcher):
            assert loop.time() < deadline, "the spectator never saw the match end"
            if watcher.closed:
                reconnects.append(watcher.name)
                await _connect(watcher, "match")
            await asyncio.sleep(0.02)

    tasks = [asyncio.create_task(play(name)) for name in PEOPLE] + [asyncio.create_task(watch())]
    loop = asyncio.get_running_loop()
    deadline = loop.time() + 180
    while not (mid in cluster.owners() and all(holding(name) for name in PEOPLE)):
        assert loop.time() < deadline, f"the people never both reached a held turn: {acted}, {cluster.log()}"
        for t in tasks:
            if t.done():
                t.result()
        await asyncio.sleep(0.05)
    victim = cluster.owners()[mid]
    at_kill = {name: people[name].state for name in PEOPLE}
    await asyncio.to_thread(cluster.kill_server, victim)
    release.set()
    await asyncio.gather(*tasks)
    await asyncio.sleep(0.2)
    for c in [*people.values(), watcher]:
        await c.close()
    return {"mid": mid, "people": people, "watcher": watcher, "victim": victim, "at_kill": at_kill,
            "reconnects": reconnects}


def _health(server: Any) -> dict[str, Any]:
    data: dict[str, Any] = httpx.get(f"{server.http}/api/health", timeout=30).json()["cluster"]
    return data


async def _spectate_each_table(cluster: Cluster, mid: str) -> None:
    """A spectator's socket on ``/ws/m/ID``, ``/ws/m/ID.1`` and ``/ws/m/ID.2`` through the balancer."""
    for side in (mid, f"{mid}.1", f"{mid}.2"):
        c = Client(Site(cluster.ws), f"m/{side}", None, name=f"spectator of {side}")  # type: ignore[arg-type]
        await c.connect()
        await c.wait(lambda m: m["type"] == "match", 30)
        await c.close()


def test_issue14_team_match_owner_killed_mid_board_nothing_lost_in_order_nothing_leaked(cluster: Cluster) -> None:
    out = asyncio.run(_scenario(cluster))
    mid, victim = out["mid"], out["victim"]
    print(f"killed {victim} owning match {mid}; reconnects: {out['reconnects']}")
    mid_board = [s for s in out["at_kill"].values() if s["table"]["status"] in ("auction", "play")]
    assert len(mid_board) == len(PEOPLE), "the owner was not killed mid-board at both tables"
    # One owner at a time: a survivor took the match's lease over; every client came back.
    owner = cluster.owners().get(mid)
    assert owner is not None and owner != victim and owner in cluster.servers, (owner, cluster.log())
    assert set(out["reconnects"]) >= {*PEOPLE, "spectator"}, out["reconnects"]
    import psycopg

    pg = cluster.database_url.replace("postgresql+psycopg://", "postgresql://")
    with psycopg.connect(pg) as conn:
        versions = [r[0] for r in conn.execute("SELECT version FROM events WHERE table_id = %s ORDER BY version",
                                               (mid,))]
    assert versions == list(range(1, len(versions) + 1)), "gap in the match's event log"
    prefixes = stored_prefixes(cluster.database_url, mid)
    assert prefixes[-1].over
    # What each person had been shown when the owner died is in the stored log (nothing lost).
    for name, state in out["at_kill"].items():
        t = PEOPLE[name][0]
        assert any(m.table(t).version == state["version"] for m in prefixes), f"{name}: acknowledged state lost"
    # Every message anybody received is the stored match as that participant may see it, and each
    # connection's messages come in order (the versions never go back, across the move too).
    participants = {name: Participant(t, Seat.parse(seat)) for name, (t, seat) in PEOPLE.items()}
    for name, c in out["people"].items():
        assert audit(c, participants[name], prefixes, mid) > 0
    assert audit(out["watcher"], Participant(), prefixes, mid) > 0
    for c in [*out["people"].values(), out["watcher"]]:
        for kind in ("state", "match"):
            seen = [m["version"] for m in c.messages if m["type"] == kind]
            assert seen == sorted(seen), f"{c.name}: {kind} messages out of order: {seen}"
    assert not any(m["type"] == "state" for m in out["watcher"].messages), "a spectator got a table's state"
    # Every request naming the match reaches its owner through the balancer (HAProxy hashes the
    # match id out of each path): none of them makes another server ask for the match.
    handed = sum(_health(s)["handed_over"] for s in cluster.servers.values())
    for path in (f"/api/matches/{mid}", f"/api/matches/{mid}.pbn", f"/api/matches/{mid}.lin",
                 f"/api/matches/{mid}/hand-record", f"/api/matches/{mid}/boards/1",
                 f"/api/matches/{mid}/boards/1.lin"):
        r = httpx.get(f"{cluster.url}{path}", timeout=30)
        assert r.status_code == 200, (path, r.text)
    asyncio.run(_spectate_each_table(cluster, mid))
    assert cluster.owners().get(mid) == owner
    assert sum(_health(s)["handed_over"] for s in cluster.servers.values()) == handed, cluster.log()
    # No card leaks: each seat's states against the boards' review (both tables finished them).
    boards = {}
    for n in range(1, BOARDS + 1):
        r = httpx.get(f"{cluster.url}/api/matches/{mid}/boards/{n}", timeout=30)
        assert r.status_code == 200, r.text
        boards[n] = {rec["table"]: rec["replay"] for rec in r.json()["tables"]}
    for name, c in out["people"].items():
        t, seat = PEOPLE[name]
        deals = {n: boards[n][t] for n in boards}
        states = [m for m in c.messages if m["type"] == "state"]
        assert states
        for msg in states:
            check_state(name, seat, msg, deals)


def test_issue14_a_match_has_one_owner_at_a_time_and_is_handed_over_when_asked(cluster: Cluster) -> None:
    """A match created on one server and asked for by another (the balancer's routing moved) is
    handed over, not loaded twice: the first owner closes its sockets with 1012 (reconnect) and
    gives the lease up; the second holds it and serves the match from the stored log."""
    (name_a, a), (name_b, b) = list(cluster.servers.items())[:2]
    r = httpx.post(f"{a.http}/api/matches", json={"boards": 1, "seats": {"1S": "open"}, "bot_seconds": 0.05},
                   timeout=30)
    assert r.status_code == 200, r.text
    created = r.json()
    mid = created["match_id"]
    assert cluster.owners().get(mid) == name_a
    handed_before = httpx.get(f"{a.http}/api/health", timeout=30).json()["cluster"]["handed_over"]

    async def scenario() -> int | None:
        watcher = Client(a, f"m/{mid}", None, name="spectator on a")
        await watcher.connect()
        await watcher.wait(lambda m: m["type"] == "match", 30)
        person = Client(b, f"m/{mid}.1", token(created["links"]["1S"]), name="1S on b")
        await person.connect()
        state = await person.wait(lambda m: m["type"] == "state", 60)
        assert state["table"]["id"] == f"{mid}.1"
        with contextlib.suppress(ConnectionError):
            await watcher.wait(lambda m: False, 60)  # until a closes it
        code: int | None = watcher._ws.close_code
        await person.close()
        return code

    code = asyncio.run(scenario())
    assert code == 1012, f"the first owner closed the spectator with {code}, not 1012 (moved)"
    assert cluster.owners().get(mid) == name_b, cluster.log()
    handed_after = httpx.get(f"{a.http}/api/health", timeout=30).json()["cluster"]["handed_over"]
    assert handed_after == handed_before + 1
