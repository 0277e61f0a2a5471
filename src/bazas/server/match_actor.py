"""A team match on the server (issue 10, seed 002): one actor composing the match's two tables.

The match is the engine's pure :class:`~bazas.engine.match.Match`. Each of its tables is served by
a :class:`MatchTableActor`: the one-table :class:`~bazas.server.actor.TableActor` (connections,
absent people's substitutes, the bots' scheduler, claims, hints, meanings) whose session is a
:class:`MatchTableSession` -- a view of one table of the match that turns a table command into an
``AtTable`` command of the whole match. Both tables share one inbox (:class:`MatchActor`), so
every command of the match is validated, stored and adopted one at a time, in one event log.

What a connection is sent (seed 002 section 8, :func:`~bazas.engine.match.observe`):

- a person seated at table ``t``: that table's ``state`` messages exactly as at a one-table game
  (its own board only), and ``match`` messages: ``observe(match, Participant(t, seat))`` without
  the live board (progress counts, the own table's finished results, the boards both tables have
  finished, compared);
- a spectator: ``match`` messages with the spectator observation only (no board before both
  tables have finished it); nothing of either table's live board.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from bazas.engine.match import TABLES, AtTable, Match, MatchEvent, Participant, command_to_dict_at, observe
from bazas.engine.seats import SEATS, Seat
from bazas.engine.state import DealState, Event
from bazas.engine.table import Command, Table, TableDeal
from bazas.formats.pbn import PbnGame
from bazas.storage import Append, EventRecord, hash_token

from .actor import Connection, TableActor
from .encode import dumps
from .table_session import claim_to_verify, finished_deal, finished_game

if TYPE_CHECKING:
    from .hub import Hub

log = logging.getLogger("bazas.server.match")

#: The ``ruleset`` a match is stored under in the tables' table (its config is a match config).
TEAM_MATCH = "team-match"


def side_id(match_id: str, table: int) -> str:
    """The id a table of a match goes by (its page ``/t/{id}`` and WebSocket ``/ws/{id}``)."""
    return f"{match_id}.{table}"


def split_side_id(text: str) -> tuple[str, int]:
    """``"abc.2"`` -> ``("abc", 2)``; a bare match id is table 1 (for spectators)."""
    head, dot, tail = text.rpartition(".")
    if dot and tail in ("1", "2"):
        return head, int(tail)
    return text, 1


@dataclass(frozen=True, slots=True)
class MatchStep:
    """What one accepted table command makes of the whole match (the shape the table actor needs:
    ``commands``, ``events`` of its own table, ``append`` to store)."""

    match: Match
    commands: tuple[Command, ...]
    events: tuple[Event, ...]
    match_events: tuple[MatchEvent, ...]
    append: Append


class MatchTableSession:
    """One table of a match as a :class:`~bazas.server.table_session.TableSession` is used by
    the table actor: propose a command (at this table), adopt the stored step."""

    def __init__(self, owner: MatchActor, table: int) -> None:
        self.owner = owner
        self.number = table
        self.id = side_id(owner.id, table)
        self.seed = None

    @property
    def table(self) -> Table:
        return self.owner.match.table(self.number)

    def propose(self, command: Command | None, expect: int | None = None) -> MatchStep | None:
        table = self.table
        if expect is not None and expect != table.version:
            return None
        if command is None:  # the match deals its boards itself
            return None
        match = self.owner.match
        at = AtTable(self.number, command)  # type: ignore[arg-type]
        after, events = match.handle(at)
        own = tuple(Event(e.kind, e.data) for e in events if e.table == self.number)
        shared = tuple(e for e in events if e.table is None)
        payload = command_to_dict_at(at)
        record = EventRecord(after.version, str(payload["type"]), payload)
        status = "over" if after.over else "play"
        append = Append(self.owner.id, [record], (), status if status != self.owner.stored_status else None)
        return MatchStep(after, (command,), own, shared, append)

    def adopt(self, step: MatchStep) -> None:
        self.owner.adopt(step)

    def claim_to_verify(self, seat: Seat, tricks: int) -> DealState | None:
        return claim_to_verify(self.table, seat, tricks)

    def finished_deal(self, number: int) -> TableDeal | None:
        return finished_deal(self.table, number)

    def game(self, number: int) -> PbnGame:
        return finished_game(self.table, number, f"bazas match {self.owner.id}")


class MatchTableActor(TableActor):
    """A table of a match: the one-table actor on the match's shared inbox. Spectators are the
    match's (they never get a table's state)."""

    def __init__(self, owner: MatchActor, table: int, options: dict[str, Any], tokens: dict[str, Seat]) -> None:
        self.owner = owner
        self.number = table
        super().__init__(owner.hub, MatchTableSession(owner, table), options, tokens)  # type: ignore[arg-type]
        self._inbox = owner.inbox

    def start(self) -> None:
        self._update_meanings()
        for seat in SEATS:
            if self.table.players[seat].is_present_human:
                self._left(seat)
        self.submit(self._resume)

    def _analyse(self, number: int, state: DealState) -> None:
        """No double-dummy analysis at a match's tables (it would be stored per table)."""

    async def connect(self, conn: Connection) -> None:
        if conn.seat is None:
            self.owner.spectators.add(conn)
            conn.send(self.owner.match_text(None), state=True)
            return
        await super().connect(conn)
        # Somebody sits at the match again: the other table's substitutes may have to move.
        self.owner.side(3 - self.number)._plan()

    def _substitutes(self) -> frozenset[Seat]:
        """A match goes on while anybody sits at either table: the other table waits for this
        one, so an absent person's substitute plays even when nobody else sits here."""
        return self.absence.substitutes(self.owner.someone_seated())

    async def disconnect(self, conn: Connection) -> None:
        if conn.seat is None:
            self.owner.spectators.discard(conn)
            await conn.close()
            return
        await super().disconnect(conn)

    async def message(self, conn: Connection, msg: Any) -> None:
        if conn.seat is None:
            if msg.type == "sync":
                conn.send(self.owner.match_text(None), state=True)
            else:
                conn.error("not_seated", "spectators watch the match: only the players at a table can do that")
            return
        await super().message(conn, msg)
        if msg.type == "sync":
            conn.send(self.owner.match_text(Participant(self.number, conn.seat)))

    def _broadcast(self) -> None:
        super()._broadcast()
        self.owner.broadcast_match()

    def summary(self) -> dict[str, Any]:  # pragma: no cover - match tables are not served over HTTP
        raise RuntimeError("a match's table has no public summary")


class MatchActor:
    """The match, its two tables' actors, its spectators and the inbox they share."""

    def __init__(self, hub: Hub, match_id: str, match: Match, options: dict[str, Any],
                 stored_status: str = "play") -> None:
        self.hub = hub
        self.id = match_id
        self.match = match
        self.options = options
        self.stored_status = stored_status
        self.inbox: asyncio.Queue[Callable[[], Awaitable[None]]] = asyncio.Queue()
        self.spectators: set[Connection] = set()
        #: The match events of the last change (a board finished, a board complete, the end).
        self.events: tuple[MatchEvent, ...] = ()
        self._texts: dict[Participant, str] = {}
        tokens: dict[int, dict[str, Seat]] = {1: {}, 2: {}}
        for token_hash, where in dict(options.get("tokens") or {}).items():
            tokens[int(where[0])][token_hash] = Seat.parse(where[1])
        self.tables = {t: MatchTableActor(self, t, options, tokens[t]) for t in TABLES}
        self.task: asyncio.Task[None] | None = None

    # -- life -----------------------------------------------------------------------------------
    def start(self) -> None:
        self.task = asyncio.create_task(self._run(), name=f"match-{self.id}")
        for side in self.tables.values():
            side.start()

    async def stop(self) -> None:
        for side in self.tables.values():
            await side.stop()
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self.task
        for conn in list(self.spectators):
            await conn.close()

    async def _run(self) -> None:
        while True:
            job = await self.inbox.get()
            try:
                await job()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("match %s: job failed", self.id)

    def side(self, table: int) -> MatchTableActor:
        return self.tables[table]

    def someone_seated(self) -> bool:
        """Whether a person is connected at either table."""
        return any(conn.seat is not None for side in self.tables.values() for conn in side.conns)

    # -- the match changes ------------------------------------------------------------------------
    def adopt(self, step: MatchStep) -> None:
        self.match = step.match
        self.events = step.match_events
        if step.append.status is not None:
            self.stored_status = step.append.status
        self._texts = {}

    # -- what each participant is sent ----------------------------------------------------------
    def observation(self, participant: Participant) -> dict[str, Any]:
        """``observe(match, participant)`` as data, without the live board (a seat's table state
        carries it); plus the match id and the last change's match events."""
        data = observe(self.match, participant).to_dict()
        data.pop("live", None)
        data["id"] = self.id
        return data

    def match_text(self, participant: Participant | None) -> str:
        who = participant if participant is not None else Participant()
        text = self._texts.get(who)
        if text is None:
            data = {"type": "match", "version": self.match.version, **self.observation(who),
                    "events": [{"kind": e.kind, "data": e.data} for e in self.events]}
            text = self._texts[who] = dumps(data)
        return text

    def broadcast_match(self) -> None:
        for conn in list(self.spectators):
            if conn.closed:
                self.spectators.discard(conn)
                continue
            conn.send(self.match_text(None))
        for t, side in self.tables.items():
            for conn in list(side.conns):
                if conn.closed or conn.seat is None:
                    continue
                conn.send(self.match_text(Participant(t, conn.seat)))

    def summary(self) -> dict[str, Any]:
        """``GET /api/matches/{id}``: what a spectator may see."""
        return self.observation(Participant())


# -- creating and loading -------------------------------------------------------------------------

def new_match_tokens(seats: dict[str, str]) -> tuple[dict[str, str], dict[str, str]]:
    """For every open seat (``"1N"`` ...): its secret token, and the stored hash -> seat map."""
    import secrets

    tokens = {name: secrets.token_urlsafe(16) for name, kind in seats.items() if kind == "open"}
    return tokens, {hash_token(tok): name for name, tok in tokens.items()}

