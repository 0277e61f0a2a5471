"""The thin actor over its parts, in process (no server subprocess): a table of scripted bots plays
by itself through the inbox, the session, the store (a real SQLite file) and the encoder; a
spectator's socket receives only valid states without hidden cards, and the stored events replay
to the table in memory (issue 7, point 2). Waits are bounded; nothing is timed."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

from bazas.engine.table import Table, command_from_dict
from bazas.server.actor import Connection
from bazas.server.hub import Hub
from bazas.server.protocol import SERVER_MESSAGE, CreateTable
from bazas.server.settings import Settings
from bazas.storage import Repository

from .harness import cards_in


class RecordingSocket:
    """The one method of a WebSocket the actor's connections use: it keeps what is sent."""

    def __init__(self) -> None:
        self.messages: list[dict[str, Any]] = []
        self.changed = asyncio.Event()

    async def send_text(self, text: str) -> None:
        self.messages.append(json.loads(text))
        self.changed.set()


async def until(socket: RecordingSocket, pred: Any, timeout: float = 60.0) -> dict[str, Any]:
    async def wait() -> dict[str, Any]:
        while True:
            for m in reversed(socket.messages):
                if m["type"] == "state":
                    if pred(m):
                        state: dict[str, Any] = m
                        return state
                    break
            socket.changed.clear()
            await socket.changed.wait()

    return await asyncio.wait_for(wait(), timeout)


async def scenario(tmp_path: Path) -> None:
    settings = Settings(data_dir=tmp_path, bots="scripted", analysis=False, explanations=False, resume=False,
                        auto_next_delay=0.0)
    hub = Hub(settings)
    await hub.start()
    try:
        # first_dealer fixed: the cut's cards (issue 11) are public but would read as cards to the audit below
        created = await hub.create(CreateTable(ruleset="chicago", me=None, seed=3, first_dealer="N"))
        actor = await hub.get(created.table_id)
        assert actor is not None
        socket = RecordingSocket()
        watcher = Connection(socket, None)  # type: ignore[arg-type]
        actor.submit(lambda: actor.connect(watcher))
        last = await until(socket, lambda m: m["table"]["deal_number"] >= 3)
        await until(socket, lambda m: m["version"] > last["version"])
        for m in socket.messages:
            SERVER_MESSAGE.validate_python(m)
            view = m["view"]
            if view is None or view["phase"] == "done":
                continue
            played = {c for t in [*view["tricks"], view["current"] or {"cards": []}] for _, c in t["cards"]}
            dummy = set(view["dummy_hand"] or [])
            assert view["hand"] is None and view["all_hands"] is None
            assert cards_in(m) <= played | dummy, f"the spectator saw a hidden card at v{m['version']}"
        assert actor.summary()["score"]["deals"], "deals were scored"
    finally:
        await hub.close()
    table = actor.table  # every adopted step was stored first
    repo = Repository.open(settings.url, migrate=False)
    try:
        stored = repo.load_table(created.table_id)
    finally:
        repo.close()
    assert stored is not None
    assert len(stored.events) >= table.version >= last["version"]
    commands = [command_from_dict(e.payload) for e in stored.events[:table.version]]
    assert Table.replay(stored.config, commands) == table


def test_a_bots_table_plays_by_itself_through_the_actor(tmp_path: Path) -> None:
    asyncio.run(scenario(tmp_path))
