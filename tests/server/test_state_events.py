"""A state's ``events`` say what the command that produced its version did, on every state of that
version: a resend (a spectator arriving, meanings or the analysis coming in) repeats them, so a
client whose queued states were coalesced into the newest still learns that a claim or an undo was
rejected (docs/protocol.md). In process, a real SQLite file; nothing is timed."""

from __future__ import annotations

import asyncio
from pathlib import Path

from bazas.engine.seats import Seat
from bazas.server.hub import Hub
from bazas.server.protocol import CreateTable

from .test_actor import until
from .test_table_pace import say, seat, settings


async def scenario(tmp_path: Path) -> None:
    hub = Hub(settings(tmp_path))
    await hub.start()
    try:
        # Everyone else is an open seat for a person, so nothing acts after South's call.
        created = await hub.create(CreateTable(ruleset="rubber", me="S", first_dealer="S",
                                               seats={"N": "open", "E": "open", "W": "open"}))
        actor = await hub.get(created.table_id)
        assert actor is not None
        south, south_socket = await seat(actor, Seat.S)
        first = await until(south_socket, lambda m: m["table"]["actor"] == "S")
        v = first["version"]
        await say(actor, south, {"type": "call", "call": "1C"})
        await until(south_socket, lambda m: m["version"] == v + 1)
        seen = len(south_socket.messages)
        # Two resends at the same version: a spectator arrives, and the table's pace changes.
        await seat(actor, None)
        await until(south_socket, lambda m: m["version"] == v + 1 and m["table"]["spectators"] == 1)
        await say(actor, south, {"type": "speed", "speed": "slow"})
        resent = await until(south_socket, lambda m: m["version"] == v + 1 and m["table"].get("speed") == "slow")
        states = [m for m in south_socket.messages[seen - 1:] if m["type"] == "state"]
        assert len(states) >= 3, "the state was not sent again"
        for m in [*states, resent]:
            assert m["version"] == v + 1
            assert {"kind": "call", "data": {"seat": "S", "call": "1C"}} in m["events"], m["events"]
    finally:
        await hub.close()


def test_protocol_state_events_repeat_on_a_resend_of_the_same_version(tmp_path: Path) -> None:
    asyncio.run(scenario(tmp_path))
