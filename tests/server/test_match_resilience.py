"""Team matches survive a restart and go on without an absent person (issue 10 points 5 and
"a match survives a server restart like a table does")."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from bazas.engine.match import Participant
from bazas.engine.seats import Seat

from .harness import Client, ServerProcess, create_match, drive, token
from .test_match_server import audit, stored_prefixes

pytestmark = pytest.mark.xdist_group("match_server")


def match_over(client: Client) -> Any:
    return lambda st: any(m["type"] == "match" and m["over"] for m in client.messages)


def test_match_resumes_after_a_kill(tmp_path: Path) -> None:
    """issue 10: SIGKILL in the middle of a match; after the restart each table is exactly the
    stored one (replayed), the people reconnect with their links and the match plays to the end."""
    data = tmp_path / "data"
    server = ServerProcess(data).start()
    try:
        created = create_match(server, boards=2, seats={"1N": "open", "2S": "open"})
        mid = created["match_id"]
        keys = {s: token(link) for s, link in created["links"].items()}

        async def before() -> None:
            one = Client(server, f"m/{mid}.1", keys["1N"], name="1N")
            two = Client(server, f"m/{mid}.2", keys["2S"], name="2S")
            await one.connect()
            await two.connect()
            await drive([one, two], lambda st: st["table"]["deal_number"] == 2 or st["table"]["status"] == "play",
                        timeout=120)
            await one.close()
            await two.close()
            # Issue 13: the invitations became the devices' own keys; the people come back with those.
            keys.update({"1N": token(one.url), "2S": token(two.url)})

        asyncio.run(before())
        server.kill()
        stored = stored_prefixes(data, mid)[-1]
        server = ServerProcess(data).start()

        async def after() -> tuple[Client, Client, Client]:
            one = Client(server, f"m/{mid}.1", keys["1N"], name="1N")
            two = Client(server, f"m/{mid}.2", keys["2S"], name="2S")
            watcher = Client(server, f"m/{mid}", name="spectator")
            for c in (one, two, watcher):
                await c.connect()
            first = await one.wait(lambda m: m["type"] == "state")
            assert first["version"] >= stored.table(1).version
            await drive([one, two], match_over(watcher), timeout=240)
            await asyncio.sleep(0.2)
            for c in (one, two, watcher):
                await c.close()
            return one, two, watcher

        one, two, watcher = asyncio.run(after())
        prefixes = stored_prefixes(data, mid)
        assert prefixes[-1].over and prefixes[-1].version > stored.version
        assert prefixes[stored.version].tables == stored.tables  # the log was kept, then extended
        audit(one, Participant(1, Seat.N), prefixes, mid)
        audit(two, Participant(2, Seat.S), prefixes, mid)
        audit(watcher, Participant(), prefixes, mid)
    finally:
        server.stop()


def test_absent_person_is_replaced_by_a_robot(tmp_path: Path) -> None:
    """issue 10 point 5: the person at table 1 leaves; after the absent delay a robot plays the
    seat (while somebody sits at the other table) and the match ends."""
    with ServerProcess(tmp_path / "data", {"BAZAS_ABSENT_SECONDS": "0.3"}) as server:
        created = create_match(server, boards=1, seats={"1N": "open", "2S": "open"})
        mid = created["match_id"]

        async def run() -> dict[str, Any]:
            one = Client(server, f"m/{mid}.1", token(created["links"]["1N"]), name="1N")
            two = Client(server, f"m/{mid}.2", token(created["links"]["2S"]), name="2S")
            watcher = Client(server, f"m/{mid}", name="spectator")
            for c in (one, two, watcher):
                await c.connect()
            await one.wait(lambda m: m["type"] == "state")
            await one.close()  # 1N leaves for good
            await drive([two], match_over(watcher), timeout=240)
            final = [m for m in watcher.messages if m["type"] == "match"][-1]
            await two.close()
            await watcher.close()
            return final

        final = asyncio.run(run())
        assert final["over"] and final["progress"] == {"1": 1, "2": 1}
        prefixes = stored_prefixes(tmp_path / "data", mid)
        assert prefixes[-1].table(1).players[Seat.N].name == ""  # the person's seat, played by the robot
