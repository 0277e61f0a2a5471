"""Read a server's database directly and rebuild its tables the way the server does."""

from __future__ import annotations

from typing import Any

from bazas.engine.seats import Seat
from bazas.engine.table import Table, command_from_dict
from bazas.engine.views import view_of
from bazas.storage import Repository


def stored_table(url: str, table_id: str, upto: int | None = None) -> tuple[Table, list[int]]:
    """The table replayed from its stored events (the first ``upto``), and the stored versions."""
    repo = Repository.open(url, migrate=False)
    try:
        stored = repo.load_table(table_id)
    finally:
        repo.close()
    assert stored is not None, f"table {table_id} is not stored"
    events = stored.events if upto is None else stored.events[:upto]
    table = Table.replay(stored.config, [command_from_dict(e.payload) for e in events])
    return table, [e.version for e in stored.events]


def view_dict(table: Table, seat: str | None) -> dict[str, Any] | None:
    state = table.current
    if state is None:
        return None
    return view_of(state, None if seat is None else Seat.parse(seat)).to_dict()
