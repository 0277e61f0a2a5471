"""Issue 9 on the site of several servers (issue 14): program seats at team matches and one-table
games, reached through the balancer's table-manager port (deploy/haproxy.cfg, the ``programs``
frontend).

A program speaks the Blue Chip protocol over plain TCP, not HTTP: the balancer reads its first line
(``Connecting "<match>.<table>/<secret>" as <seat> ...``, or ``"<table>/<secret>"`` at a one-table
game) and hashes the match or table id on the same ring as the HTTP routes, so the program reaches
the server that holds its table, where the people and spectators of the table are. Were the two
routes to disagree, the program's server and the spectators' would take the lease from each other,
closing everybody's connections at each move; so:

- every match and table is created through the balancer, and the connection details it gives its program
  seats name the balancer's table-manager address (``--tm-public``), not a server's own;
- a spectator of each match and table (through the balancer's HTTP side) and the programs (the
  independent minimal client of tests/tm, through its TCP side) stay connected from the first
  message to the end: nobody is ever moved, and no program line is an ``Error``;
- each match program is sent its own table's board as its seat may see it
  (tests/server/program_feed.py, against the match's record), then ``End of session``; each
  one-table program plays two boards;
- every match's and table's lease is held by one live server at the end.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

import httpx
import pytest

from server.harness import Client
from server.program_feed import NAMES
from server.test_match_program_seats import audit_table
from tm.minimal_client import MinimalClient

from .harness import HAPROXY, REDIS, Cluster, Site, reconnect

pytestmark = [
    pytest.mark.skipif(not HAPROXY.exists() or not REDIS.exists(),
                       reason="haproxy or redis-server not installed (scripts/install-system-deps.sh haproxy redis)"),
    pytest.mark.xdist_group("cluster"),
]

MATCHES = 6
PROGRAMS = ("1N", "2E")
#: One-table games (rubber bridge) with a program at North, the team name "<table>/<secret>".
TABLES = 3
#: Boards of the match whose server dies.
BOARDS = 4


async def _until_over(cluster: Cluster, match_id: str, timeout: float = 300.0) -> dict[str, Any]:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    async with httpx.AsyncClient(base_url=cluster.url, timeout=30) as http:
        while True:
            r = await http.get(f"/api/matches/{match_id}")
            if r.status_code == 200 and r.json()["over"]:
                data: dict[str, Any] = r.json()
                return data
            if loop.time() > deadline:
                raise AssertionError(f"match {match_id} not over: {r.status_code} {r.text[:300]}")
            await asyncio.sleep(0.3)


async def _until(predicate: Any, what: str, timeout: float = 240.0) -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not predicate():
        if loop.time() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        await asyncio.sleep(0.2)


async def _scenario(cluster: Cluster) -> dict[str, Any]:
    created = [cluster.create_match(boards=1, seats=dict.fromkeys(PROGRAMS, "program"), bot_seconds=0.05)
               for _ in range(MATCHES)]
    tables = [cluster.create(ruleset="rubber", me=None, bot_seconds=0.05,
                             seats={"N": "program", "E": "bot", "S": "bot", "W": "bot"}) for _ in range(TABLES)]
    site = Site(cluster.ws)
    watchers = [Client(site, f"m/{c['match_id']}", None, name=f"spectator {c['match_id']}")  # type: ignore[arg-type]
                for c in created]
    watchers += [Client(site, t["table_id"], None, name=f"spectator {t['table_id']}")  # type: ignore[arg-type]
                 for t in tables]
    for w in watchers:
        await reconnect(w, "match" if w.url.split("/ws/")[1].startswith("m/") else "state", 90)
    programs = {(c["match_id"], name): MinimalClient(d["port"], NAMES[name[1]], d["team"])
                for c in created for name, d in c["programs"].items()}
    at_tables = {t["table_id"]: MinimalClient(t["programs"]["N"]["port"], "North", t["programs"]["N"]["team"])
                 for t in tables}
    tasks = [asyncio.create_task(p.run()) for p in [*programs.values(), *at_tables.values()]]
    try:
        summaries = {c["match_id"]: await _until_over(cluster, c["match_id"]) for c in created}
        await asyncio.wait_for(asyncio.gather(*tasks[:len(programs)], return_exceptions=True), 60)
        # A one-table game goes on deal after deal: each program has played two boards.
        await _until(lambda: all(p.boards_played >= 2 for p in at_tables.values()), "two boards at each table")
        owners = cluster.owners()
        closed = [w.name for w in watchers if w.closed]
    finally:
        for p in [*programs.values(), *at_tables.values()]:
            p.stop()
        for t in tasks:
            t.cancel()
        for w in watchers:
            with contextlib.suppress(Exception):
                await w.close()
    return {"created": created, "tables": tables, "programs": programs, "at_tables": at_tables,
            "summaries": summaries, "owners": owners, "closed": closed}


def test_issue9_programs_reach_their_tables_server_through_the_balancer(cluster: Cluster) -> None:
    out = asyncio.run(_scenario(cluster))
    for c in [*out["created"], *out["tables"]]:
        for name, d in c["programs"].items():
            assert (d["host"], d["port"]) == ("127.0.0.1", cluster.tm_port), (name, d)
    assert out["closed"] == [], ("a match moved between servers while played", out["closed"], cluster.log())
    for (match_id, name), program in out["programs"].items():
        assert not [x for x in program.received if x.startswith("Error")], (match_id, name, program.received)
        assert program.received and program.received[-1] == "End of session", (match_id, name, program.received)
        assert audit_table(program, NAMES[name[1]], int(name[0]), out["summaries"][match_id]) == 1
    for table_id, program in out["at_tables"].items():
        assert not [x for x in program.received if x.startswith("Error")], (table_id, program.received)
        assert sum(1 for x in program.received if x.startswith("North's cards")) >= 2, (table_id, program.received)
    held = {c["match_id"]: out["owners"].get(c["match_id"]) for c in out["created"]}
    held.update({t["table_id"]: out["owners"].get(t["table_id"]) for t in out["tables"]})
    assert None not in held.values(), held
    print("matches and tables per server:", {s: list(held.values()).count(s) for s in set(held.values())})


async def _seat_again(port: int, seat: str, team: str, timeout: float = 120.0) -> tuple[MinimalClient, asyncio.Task[None]]:
    """A program connecting again through the balancer until it is seated: while the survivors wait
    for the dead owner's lease to expire, its table is nowhere (an ``Error`` line) or moving."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while True:
        client = MinimalClient(port, seat, team)
        task = asyncio.create_task(client.run())
        while not client.received and not task.done() and loop.time() < deadline:
            await asyncio.sleep(0.05)
        if client.received and client.received[0].endswith("seated"):
            return client, task
        client.stop()
        task.cancel()
        with contextlib.suppress(BaseException):
            await task
        if loop.time() > deadline:
            raise AssertionError(f"{seat} could not connect again: {client.received}")
        await asyncio.sleep(0.3)


async def _failover_scenario(cluster: Cluster) -> dict[str, Any]:
    created = cluster.create_match(boards=BOARDS, seats=dict.fromkeys(PROGRAMS, "program"), bot_seconds=0.05)
    match_id = created["match_id"]
    watcher = Client(Site(cluster.ws), f"m/{match_id}", None, name="spectator")  # type: ignore[arg-type]
    await reconnect(watcher, "match", 90)
    first = {name: MinimalClient(d["port"], NAMES[name[1]], d["team"]) for name, d in created["programs"].items()}
    tasks = [asyncio.create_task(p.run()) for p in first.values()]
    again: dict[str, MinimalClient] = {}
    loop = asyncio.get_running_loop()
    try:
        async with httpx.AsyncClient(base_url=cluster.url, timeout=30) as http:
            deadline = loop.time() + 120
            while True:   # the first board finished at a table, the match not over: the owner dies
                r = await http.get(f"/api/matches/{match_id}")
                summary = r.json() if r.status_code == 200 else None
                if summary and max(summary["progress"].values()) >= 1:
                    break
                assert loop.time() < deadline, summary
                await asyncio.sleep(0.1)
        assert not summary["over"], summary["progress"]
        victim = cluster.owners()[match_id]
        cluster.kill_server(victim)
        await asyncio.wait_for(asyncio.gather(*tasks, return_exceptions=True), 60)   # cut off
        for name, d in created["programs"].items():
            client, task = await _seat_again(d["port"], NAMES[name[1]], d["team"])
            again[name] = client
            tasks.append(task)
        await reconnect(watcher, "match", 90)   # the spectator was cut off too: it comes back
        summary = await _until_over(cluster, match_id)
        await _until(lambda: all("End of session" in c.received for c in again.values()), "End of session")
        owner = cluster.owners().get(match_id)
    finally:
        for p in [*first.values(), *again.values()]:
            p.stop()
        for t in tasks:
            t.cancel()
        with contextlib.suppress(Exception):
            await watcher.close()
    return {"created": created, "first": first, "again": again, "summary": summary, "victim": victim,
            "owner": owner}


def test_issue9_programs_play_on_after_their_matchs_server_dies(cluster: Cluster) -> None:
    """The server holding a team match with two program seats is killed (SIGKILL) once a board is
    over at a table. The programs' connections are cut; each connects again through the balancer
    with the same line, reaches the survivor that took the match over from the event log, and
    plays the match out: every board is dealt to each program's table and each is told
    ``End of session``."""
    out = asyncio.run(_failover_scenario(cluster))
    assert out["owner"] not in (None, out["victim"]), (out["owner"], out["victim"])
    summary = out["summary"]
    assert summary["over"] and summary["progress"] == {"1": BOARDS, "2": BOARDS}
    for name in PROGRAMS:
        first, again = out["first"][name], out["again"][name]
        assert "End of session" not in first.received, (name, first.received)    # it was cut off mid-match
        assert again.received[0] == f'{NAMES[name[1]]} ("{out["created"]["programs"][name]["team"]}") seated'
        dealt = {int(x.split()[2].rstrip(".")) for x in first.received + again.received if x.startswith("Board number")}
        assert dealt == set(range(1, BOARDS + 1)), (name, dealt, first.received, again.received)
        # Told the end once the table's boards were played (no check that it is the very last line:
        # this client is a new one, which answers the resent history of a board as if it were live,
        # and the refusals of those repeated actions may cross it).
        assert again.received.count("End of session") == 1, (name, again.received)
