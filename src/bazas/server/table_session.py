"""A table as the server keeps it: the engine :class:`~bazas.engine.table.Table` (seats, the deal
in play, the open claim or undo request, the score sheet) plus what storing it needs.

:class:`TableSession` knows nothing of sockets, tasks or the database: a command goes in,
:meth:`TableSession.propose` returns the :class:`Step` it makes (the next table, the public events,
and the :class:`~bazas.storage.Append` to store) or raises the engine's specific error; once the
step is stored the owner calls :meth:`TableSession.adopt`. A step deals the next deal itself when
the table needs one (from the table's seed, so a seeded table deals the same deals again).

>>> from bazas.engine.table import Player
>>> session = TableSession("t1", Table.create("rubber", [Player.bot()] * 3 + [Player.human("Ana")]),
...                        seed=7)
>>> step = session.propose(None)                      # the first deal
>>> [c["type"] for c in (e.payload for e in step.append.events)], step.table.status
(['deal'], 'auction')
>>> session.adopt(step); session.table.version
1
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bazas.bots.base import TableContext
from bazas.engine.calls import parse_call
from bazas.engine.cards import Card
from bazas.engine.deal import Deal, deal_random
from bazas.engine.errors import InvalidNotation
from bazas.engine.rulesets import Ruleset
from bazas.engine.rulesets import get as get_ruleset
from bazas.engine.rulesets.denominations import denominations_of
from bazas.engine.seats import SEATS, Seat
from bazas.engine.state import ClaimAction, DealState, Event
from bazas.engine.table import (
    Act,
    Claim,
    ClaimReply,
    Command,
    DealCards,
    Join,
    Next,
    Table,
    TableDeal,
    Undo,
    UndoReply,
    command_to_dict,
)
from bazas.engine.three_handed_table import ThreeHandedDeal, ThreeHandedTableDeal
from bazas.formats.pbn import PbnGame
from bazas.formats.records import dump_scored_deal
from bazas.formats.three_handed import dump as dump_three_handed
from bazas.storage import Append, DealRecord, EventRecord

from .encode import action_texts
from .export import deal_game


def context_of(table: Table) -> TableContext:
    """The public facts a bot gets about the table (vulnerability and score of the current deal)."""
    return TableContext.for_session(
        table.session, "".join(s.name for s in SEATS if table.players[s].is_bot),
        vulnerability=table.vulnerability, deal_number=table.session.standing.deal_number)


def context_dict(ctx: TableContext) -> dict[str, Any]:
    """``ctx`` as plain data for a worker process."""
    return ctx.to_dict()


def command_of(seat: Seat, msg: Any, ruleset: Ruleset | str | None = None) -> Command:
    """The table command a seated player's message asks for (``call``, ``card``, ``claim``,
    ``claim_reply``, ``undo``, ``undo_reply``, ``next``, ``name``: see
    :mod:`bazas.server.protocol`); raises :class:`InvalidNotation` for an unknown call or card
    text or another message type. A call is read as ``ruleset`` writes its bids (Royal Auction's
    ``1RS``, a nullo's ``1NU``: issue 11).

    >>> from bazas.server.protocol import CLIENT_MESSAGE
    >>> command_of(Seat.S, CLIENT_MESSAGE.validate_python({"type": "card", "card": "H10"}))
    Act(seat=<Seat.S: 2>, action=Card.parse('HT'), expect=None, alert=None)
    >>> from bazas.engine.rulesets import get
    >>> str(command_of(Seat.N, CLIENT_MESSAGE.validate_python({"type": "call", "call": "1NU"}),
    ...                get("royal-auction+nullos")).action)
    '1NU'
    """
    kind = msg.type
    if kind == "call":
        denominations = None if ruleset is None else denominations_of(get_ruleset(ruleset))
        return Act(seat, parse_call(msg.call) if denominations is None else denominations.parse_call(msg.call))
    if kind == "card":
        return Act(seat, Card.parse(msg.card))
    if kind == "claim":
        return Claim(seat, msg.tricks)
    if kind == "claim_reply":
        return ClaimReply(seat, msg.accept)
    if kind == "undo":
        return Undo(seat)
    if kind == "undo_reply":
        return UndoReply(seat, msg.accept)
    if kind == "next":
        return Next(seat)
    if kind == "name":
        return Join(seat, msg.name)
    raise InvalidNotation(f"{kind!r} is not a table command")


@dataclass(frozen=True, slots=True)
class Step:
    """What accepted commands make: the next table, the events, and what to store. The
    bookkeeping fields are the session's after the step (applied by :meth:`TableSession.adopt`)."""

    table: Table
    commands: tuple[Command, ...]
    events: tuple[Event, ...]
    append: Append
    deal_row: int
    deal_done: int
    status: str


def claim_to_verify(table: Table, seat: Seat, tricks: int) -> DealState | None:
    """The deal in which ``seat``'s claim must be verified by the engine (see
    :meth:`TableSession.claim_to_verify`); shared by the tables of a team match."""
    state = table.current
    if state is None or not table.claim_needs_verifying(seat) or table.actor is None:
        return None
    state.check(ClaimAction(seat, tricks), seat)
    return state


def finished_deal(table: Table, number: int) -> TableDeal | None:
    """The table's finished deal ``number`` (None when it has none)."""
    for d in table.finished:
        if d.number == number:
            return d
    return None


def finished_game(table: Table, number: int, event: str) -> PbnGame:
    """Finished deal ``number`` as a PBN game (players' names, "Bot" for the bots); KeyError when
    the deal is not finished."""
    finished = finished_deal(table, number)
    if finished is None:
        raise KeyError(number)
    names = {s: (table.players[s].name or ("Bot" if table.players[s].is_bot else "")) for s in SEATS}
    state = finished.state
    if isinstance(state, ThreeHandedDeal):
        # Three-handed: the deal as it was played (the dummy hand opposite the declarer, the
        # players in their seats for the play; the contract as the declarer's bid, issue 11).
        names[Seat.W] = "Dummy"
        if state.seated is not None:
            names = {s: names[state.player_of(s)] for s in SEATS}
            state = state.seated
    return deal_game(state, number=number, vulnerability=finished.vulnerability,
                     ruleset=table.ruleset, names=names, event=event)


def _score_row(finished: TableDeal) -> dict[str, Any]:
    """A finished deal's score as stored with its row (three-handed: each player's points)."""
    if isinstance(finished, ThreeHandedTableDeal) and finished.points is not None and finished.result is not None:
        row: dict[str, Any] = dump_three_handed(finished.points.after, [finished.points], [finished.result])["deals"][0]
        row["deal"] = finished.score.number
        return row
    return dump_scored_deal(finished.score)


class TableSession:
    """One table's rules and storage bookkeeping (pure: no I/O)."""

    def __init__(self, table_id: str, table: Table, *, seed: Any = None, stored_status: str | None = None,
                 deal_row: int = 0) -> None:
        self.id = table_id
        self.table = table
        self.seed = seed
        #: The status the database holds, and the last deal whose row was written (in play, done).
        self.stored_status = table.status if stored_status is None else stored_status
        self.deal_row = deal_row
        self.deal_done = deal_row if table.current is not None and table.current.phase == "done" else 0
        self._pbn: tuple[int, str] = (0, "")

    # -- commands ---------------------------------------------------------------------------------
    def propose(self, command: Command | None, expect: int | None = None) -> Step | None:
        """The step ``command`` makes (and the next deal when the table then needs one); None when
        there is nothing to do (``expect`` is not the table's version, or no command and no deal
        is needed). Raises the engine's error, naming the rule, if ``command`` is refused."""
        table = self.table
        if expect is not None and expect != table.version:
            return None
        commands: list[Command] = []
        events: list[Event] = []
        if command is not None:
            table, evs = table.handle(command)
            commands.append(command)
            events.extend(evs)
        if table.needs_deal:
            deal = DealCards(self.draw(table.number + 1))
            table, evs = table.handle(deal)
            commands.append(deal)
            events.extend(evs)
        if not commands:
            return None
        return self._step(table, tuple(commands), tuple(events))

    def adopt(self, step: Step) -> None:
        """``step`` is stored: it is now the table."""
        self.table = step.table
        self.deal_row, self.deal_done, self.stored_status = step.deal_row, step.deal_done, step.status

    def draw(self, number: int) -> Deal:
        """Deal ``number`` of the table: random, or from the table's seed."""
        if self.seed is None:
            return deal_random()
        return deal_random(random.Random(f"{self.seed}:{number}"))

    def claim_to_verify(self, seat: Seat, tricks: int) -> DealState | None:
        """The deal in which ``seat``'s claim of ``tricks`` must be verified by the engine before
        the table takes it (a bot or an empty seat among the opponents); None when the table
        decides it alone. Raises the engine's error if the claim cannot be made now."""
        return claim_to_verify(self.table, seat, tricks)

    # -- reading ----------------------------------------------------------------------------------
    def context(self) -> TableContext:
        return context_of(self.table)

    def finished_deal(self, number: int) -> TableDeal | None:
        return finished_deal(self.table, number)

    def game(self, number: int) -> PbnGame:
        """Finished deal ``number`` as a PBN game (players' names, "Bot" for the bots)."""
        return finished_game(self.table, number, f"bazas {self.table.ruleset} {self.id}")

    # -- storage ----------------------------------------------------------------------------------
    def _step(self, table: Table, commands: Sequence[Command], events: tuple[Event, ...]) -> Step:
        """What to store for ``commands`` (events; the deal's row when a deal starts or ends; the
        status when it changes)."""
        start = self.table.version
        records = []
        for i, c in enumerate(commands):
            payload = command_to_dict(c)
            records.append(EventRecord(start + i + 1, str(payload["type"]), payload))
        deals: list[DealRecord] = []
        state = table.current
        deal_row, deal_done = self.deal_row, self.deal_done
        if state is not None:
            new = table.number != deal_row
            done = state.phase == "done"
            if new or (done and deal_done != table.number):
                deals.append(self._deal_record(table, state, new))
                deal_row = table.number
                if done:
                    deal_done = table.number
        status = table.status
        changed = status if status != self.stored_status else None
        return Step(table, tuple(commands), events, Append(self.id, records, deals, changed),
                    deal_row, deal_done, status)

    def _deal_record(self, table: Table, state: DealState, new: bool) -> DealRecord:
        """The deal's row: its board, and its action log, result and score once it is over (the
        log of a deal in progress is in the events)."""
        done = state.phase == "done"
        finished = table.finished[-1] if done and table.finished else None
        score = (_score_row(finished) if finished is not None and finished.number == table.number
                 else None)
        key = id(state.deal)
        if self._pbn[0] != key:
            self._pbn = (key, state.deal.to_pbn())
        return DealRecord(
            number=table.number,
            rubber=table.rubber,
            dealer=state.dealer.name,
            vulnerability=table.vulnerability.pbn,
            deal=self._pbn[1],
            actions=action_texts(state.actions),
            status="done" if done else "play",
            contract=None if state.contract is None else str(state.contract),
            declarer=None if state.declarer is None else state.declarer.name,
            tricks=state.declarer_tricks,
            score=score,
            new=new,
        )
