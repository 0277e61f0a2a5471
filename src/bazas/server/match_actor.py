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

Prepared boards (issue 13 point 3: the creator's PBN file, so the creator may know every hand) are
played only by people who agreed to them: each person's seat sends ``agree_prepared`` (stored in the
match's options, so a restart keeps it). Until every person seat of a table has agreed (or is
played by a substitute because its person left), that table does not start: no bot or substitute
moves and nobody's state holds a card; after it has started, a person who has not agreed (e.g.
back after a substitute played the seat) still gets no cards and cannot act until they agree.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from bazas.engine.deal import Board, Deal
from bazas.engine.match import (
    TABLES,
    AtTable,
    Match,
    MatchEvent,
    Participant,
    TableResult,
    command_to_dict_at,
    observe,
)
from bazas.engine.seats import SEATS, Seat
from bazas.engine.state import DealState, Event
from bazas.engine.table import Command, Table, TableDeal
from bazas.engine.views import view_of
from bazas.formats.lin import board_lin
from bazas.formats.match_records import ROOMS
from bazas.formats.pbn import PbnGame
from bazas.storage import Append, DealRecord, EventRecord

from .actor import Connection, TableActor
from .encode import Frame, action_texts, dumps, view_dict
from .scheduler import ANALYSIS
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


def deal_row(table: int, board: int) -> int:
    """The number of the stored deal row of ``board`` as played at ``table`` (the match's rows in
    the deals table: 101, 102 ... at table 1, 201, 202 ... at table 2)."""
    return 100 * table + board


def finished_row(table: int, entry: TableDeal) -> DealRecord:
    """The stored row of a board a table has just finished (its analysis is added later)."""
    state = entry.state
    return DealRecord(
        number=deal_row(table, entry.number), rubber=table, dealer=state.dealer.name,
        vulnerability=Board(entry.number).vulnerability.pbn, deal=state.deal.to_pbn(),
        actions=action_texts(state.actions), status="done",
        contract=None if state.contract is None else str(state.contract),
        declarer=None if state.declarer is None else state.declarer.name,
        tricks=state.declarer_tricks, score={"ns": entry.score.score_ns}, new=True)


def dd_analysis(deal: str, vulnerability: str, dealer: str) -> dict[str, Any]:
    """Worker job: the double-dummy table and par of a deal nobody played (a board passed out),
    in the shape of :func:`bazas.server.workers.analyse` (no ``costs``)."""
    from bazas.bots import dds
    from bazas.engine.deal import Vulnerability

    table = dds.dd_table(Deal.from_pbn(deal))
    par = dds.par(table, Vulnerability.parse(vulnerability), Seat.parse(dealer))
    return {"makeable": table.to_dict(), "par": par.to_dict(), "costs": []}


def table_record(result: TableResult, analysis: dict[str, Any] | None) -> dict[str, Any]:
    """One table's finished board for its review: the result (``TableResult.to_dict()``), every
    hand, the calls, the tricks as the table page shows them (``replay``: what
    ``static/js/review.js`` replays card by card) and its double-dummy analysis (None: not yet,
    or analysis is off)."""
    view = view_dict(view_of(result.state, None))
    return {**result.to_dict(), "calls": view["calls"],
            "replay": {"all_hands": view["all_hands"], "tricks": view["tricks"], "current": view["current"]},
            "analysis": analysis}


@dataclass(frozen=True, slots=True)
class MatchStep:
    """What one accepted table command makes of the whole match (the shape the table actor needs:
    ``commands``, ``events`` of its own table, ``append`` to store)."""

    match: Match
    commands: tuple[Command, ...]
    events: tuple[Event, ...]
    match_events: tuple[MatchEvent, ...]
    append: Append


#: What a person may send before agreeing to a match's prepared boards (issue 13).
BEFORE_AGREEING = frozenset({"sync", "explain", "name", "move_seat", "agree_prepared"})


@dataclass(slots=True)
class SealedFrame(Frame):
    """A table's state frame whose ``sealed`` seats are sent a spectator's view of the board (no
    hand, nothing to do) with their own ``you``: persons who have not agreed to prepared boards."""

    sealed: frozenset[Seat] = frozenset()

    def text(self, seat: Seat | None) -> str:
        if seat is None or seat not in self.sealed:
            return Frame.text(self, seat)
        info = dict(self.info)
        info["you"] = seat.name
        state = self.table.current
        view = None if state is None else view_dict(view_of(state, None))
        return f'{self.head},"table":{dumps(info)},"view":{dumps(view)}{self.tail}'


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
        before, now = match.table(self.number), after.table(self.number)
        rows = tuple(finished_row(self.number, entry) for entry in now.finished[len(before.finished):])
        append = Append(self.owner.id, [record], rows, status if status != self.owner.stored_status else None)
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

    def __init__(self, owner: MatchActor, table: int, options: dict[str, Any], tokens: dict[str, Seat],
                 analysis: dict[int, dict[str, Any]] | None = None) -> None:
        self.owner = owner
        self.number = table
        super().__init__(owner.hub, MatchTableSession(owner, table), options, tokens,  # type: ignore[arg-type]
                         analysis=analysis)
        self._inbox = owner.inbox
        #: This table's seats bound to their player's device (issue 13; the match keeps "1N" ...).
        self.bound = {Seat.parse(n[1:]) for n in options.get("bound_seats", ()) if n[:1] == str(table)}
        self._dd_running: set[int] = set()

    async def _store_key(self, seat: Seat, digest: str, bound: set[Seat]) -> None:
        await self.owner.store_key(self.number, seat, digest, bound)

    def _watching(self, conn: Connection) -> None:
        """A seat moved to another device: the old one watches the match (never a live board)."""
        self.conns.discard(conn)
        self.owner.spectators.add(conn)
        conn.send(self.owner.match_text(None), state=True)

    def start(self) -> None:
        self._update_meanings()
        for seat in SEATS:
            if self.table.players[seat].is_present_human:
                self._left(seat)
        self.submit(self._resume)

    # -- double-dummy analysis of the boards this table finished ------------------------------------
    def _plan(self, events: Sequence[Event] = ()) -> None:
        if self.waiting_for():  # prepared boards: nothing moves before every person here agreed
            return
        super()._plan(events)
        # The one-table actor analyses a played deal; a board passed out gets its DD table and par too.
        if self.hub.settings.analysis and any(e.kind == "deal_scored" for e in events):
            state = self.table.current
            if state is not None and state.is_passed_out:
                self._analyse(self.table.number, state)

    def _analyse(self, number: int, state: DealState) -> None:
        """Board ``number`` as this table played it, analysed double dummy in the worker pool (the
        one-table pipeline, analysis priority); stored in the board's row of this table
        (:func:`deal_row`). This table sees it at once (its own board); the others once both
        tables have finished the board (:meth:`MatchActor.board_review`)."""
        if not self.hub.settings.analysis or number in self.analysis:
            return
        vulnerability = Board(number).vulnerability.pbn
        if not state.is_passed_out:
            self.scheduler.analyse(number, state, vulnerability, self._analysed)
            return
        if number in self._dd_running:
            return
        self._dd_running.add(number)
        deal, dealer = state.deal.to_pbn(), state.dealer.name

        async def run() -> None:
            try:
                result = await self.scheduler.run(dd_analysis, deal, vulnerability, dealer, timeout=120.0,
                                                  priority=ANALYSIS)
            except Exception as exc:
                log.warning("match %s: analysis of board %d failed: %s", self.id, number, exc)
                return
            finally:
                self._dd_running.discard(number)
            await self._analysed(number, result)

        self.scheduler.spawn(run())

    async def _analysed(self, number: int, result: dict[str, Any]) -> None:
        try:
            await self.hub.store.write(self.hub.repository.set_analysis, self.owner.id,
                                       deal_row(self.number, number), result)
        except Exception as exc:
            log.warning("match %s: could not store the analysis of board %d at table %d: %s",
                        self.owner.id, number, self.number, exc)

        async def show() -> None:
            self.analysis[number] = result
            self.owner.analysed()
            if self.table.number == number:
                self._broadcast()
            else:
                self.owner.broadcast_match()

        self.submit(show)

    def analyse_finished(self) -> None:
        """After loading: analyse the finished boards whose analysis was not stored yet."""
        for entry in self.table.finished:
            self._analyse(entry.number, entry.state)

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
        if conn.closed or conn not in self.conns:
            return  # a dropped connection's commands are not applied
        if msg.type == "agree_prepared":
            await self._agree(conn, conn.seat)
            return
        refusal = self._agreement_refusal(conn.seat, msg.type)
        if refusal is not None:
            conn.error("pending", refusal)
            return
        await super().message(conn, msg)
        if msg.type == "sync":
            conn.send(self.owner.match_text(Participant(self.number, conn.seat)))

    def _broadcast(self) -> None:
        super()._broadcast()
        self.owner.broadcast_match()

    def summary(self) -> dict[str, Any]:  # pragma: no cover - match tables are not served over HTTP
        raise RuntimeError("a match's table has no public summary")

    # -- prepared boards: every person at the table agrees first (issue 13 point 3) ---------------
    @property
    def prepared(self) -> bool:
        return self.owner.options.get("prepared") is True

    def persons(self) -> list[Seat]:
        """This table's seats for people (not the bots')."""
        return [s for s in SEATS if not self.table.players[s].is_bot]

    def option_name(self, seat: Seat) -> str:
        return f"{self.number}{seat.name}"

    def program_may_play(self) -> bool:
        return not self.waiting_for()

    def program_session_over(self) -> bool:
        return self.table.status == "over"

    def agreed(self) -> set[Seat]:
        return {Seat.parse(n[1:]) for n in self.owner.options.get("agreed", ()) if n[:1] == str(self.number)}

    def started(self) -> bool:
        """Whether this table has made a call yet (or finished a board)."""
        table = self.table
        state = table.current
        return bool(table.finished) or (state is not None and bool(state.actions))

    def waiting_for(self) -> list[Seat]:
        """The person seats this table waits for before it starts: not agreed and not played by a
        substitute (empty: the table may play, or its boards are not prepared)."""
        if not self.prepared or self.started():
            return []
        agreed, substitutes = self.agreed(), self._substitutes()
        return [s for s in self.persons() if s not in agreed and s not in substitutes]

    def sealed(self) -> frozenset[Seat]:
        """The seats sent no card: every person while the table waits, then those not agreed."""
        if not self.prepared:
            return frozenset()
        persons = self.persons()
        if self.waiting_for():
            return frozenset(persons)
        agreed = self.agreed()
        return frozenset(s for s in persons if s not in agreed)

    def _frame(self) -> Frame:
        frame = super()._frame()
        if not self.prepared:
            return frame
        agreed = self.agreed()
        frame.info["agreement"] = {"persons": [s.name for s in self.persons()],
                                   "agreed": [s.name for s in SEATS if s in agreed],
                                   "waiting": [s.name for s in self.waiting_for()]}
        if frame.info["agreement"]["waiting"]:
            frame.info["actor"] = None  # nobody may act before the table starts
        sealed = self.sealed()
        if not sealed:
            return frame
        return SealedFrame(frame.table, frame.head, frame.info, frame.tail, sealed=sealed)

    def _agreement_refusal(self, seat: Seat, kind: str) -> str | None:
        """Why ``seat`` may not send ``kind`` yet (None: it may)."""
        if not self.prepared or kind in BEFORE_AGREEING:
            return None
        if seat not in self.agreed():
            return ("the boards of this match are prepared (from the creator's file): agree to them first "
                    "(send agree_prepared) or leave the seat")
        waiting = self.waiting_for()
        if waiting:
            return ("the boards of this match are prepared: the table starts once "
                    f"{', '.join(s.name for s in waiting)} agreed")
        return None

    async def _agree(self, conn: Connection, seat: Seat) -> None:
        """``seat`` agrees to play the match's prepared boards (stored: a restart keeps it)."""
        if not self.prepared:
            conn.error("illegal", "this match's boards are dealt by the server: there is nothing to agree to")
            return
        if seat not in self.agreed():
            try:
                await self.owner.store_agreement(self.number, seat)
            except Exception as exc:
                log.error("match %s: could not store %s's agreement: %s", self.owner.id, seat.name, exc)
                conn.error("unavailable", "the agreement could not be saved; try again")
                return
        self._broadcast()
        self._plan()


class MatchActor:
    """The match, its two tables' actors, its spectators and the inbox they share."""

    def __init__(self, hub: Hub, match_id: str, match: Match, options: dict[str, Any],
                 stored_status: str = "play", analysis: dict[int, dict[int, dict[str, Any]]] | None = None) -> None:
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
        analyses = analysis or {}
        self.tables = {t: MatchTableActor(self, t, options, tokens[t], analyses.get(t)) for t in TABLES}
        self.task: asyncio.Task[None] | None = None

    # -- life -----------------------------------------------------------------------------------
    def start(self) -> None:
        self.task = asyncio.create_task(self._run(), name=f"match-{self.id}")
        for side in self.tables.values():
            side.start()
            side.analyse_finished()

    async def stop(self) -> None:
        for side in self.tables.values():
            await side.stop()
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self.task
        for conn in list(self.spectators):
            await conn.close()

    async def drop(self, code: int, reason: str) -> None:
        """Stop after the job the inbox is doing (never between a commit and its message), every
        connection of both tables and every spectator closed with ``code`` (a site of several
        servers: the match moved; the pages reconnect through the balancer)."""
        reached: asyncio.Future[None] = asyncio.get_running_loop().create_future()

        async def barrier() -> None:
            if not reached.done():
                reached.set_result(None)

        self.inbox.put_nowait(barrier)
        with contextlib.suppress(asyncio.TimeoutError):
            await asyncio.wait_for(asyncio.shield(reached), 10)
        conns = [*self.spectators, *(c for side in self.tables.values() for c in side.conns)]
        for conn in conns:
            with contextlib.suppress(Exception):
                await conn.close_with(code, reason)
        await self.stop()

    async def _run(self) -> None:
        while True:
            job = await self.inbox.get()
            try:
                await job()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("match %s: job failed", self.id)

    @property
    def idle_since(self) -> float | None:
        """Since when a finished match has had nobody connected and nothing to do (None: it is
        being played, watched, or is still working, e.g. on an analysis)."""
        if not self.match.over or self.spectators or self.inbox.qsize():
            return None
        since = [side.idle_since for side in self.tables.values()]
        return None if any(s is None for s in since) else max(s for s in since if s is not None)

    async def store_key(self, table: int, seat: Seat, digest: str, bound: set[Seat]) -> None:
        """Store the new secret of ``seat`` at ``table`` (issue 13: its player's device's, or an
        invitation to another device; every earlier one stops working) and the seats bound to a
        device, in the match's options (a restart keeps them)."""
        name = f"{table}{seat.name}"
        tokens = {h: where for h, where in dict(self.options.get("tokens") or {}).items() if where != name}
        tokens[digest] = name
        others = [n for n in self.options.get("bound_seats", ()) if n[:1] != str(table)]
        seats = sorted([*others, *(f"{table}{s.name}" for s in bound)])
        await self.hub.store.write(self.hub.repository.set_options, self.id, {"tokens": tokens, "bound_seats": seats})
        self.options["tokens"] = tokens
        self.options["bound_seats"] = seats

    async def store_agreement(self, table: int, seat: Seat) -> None:
        """``seat`` at ``table`` agreed to the prepared boards (issue 13), in the match's options."""
        agreed = sorted({*self.options.get("agreed", ()), f"{table}{seat.name}"})
        await self.hub.store.write(self.hub.repository.set_options, self.id, {"agreed": agreed})
        self.options["agreed"] = agreed

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

    def analysed(self) -> None:
        """An analysis arrived: the next match messages say so (nothing else changed)."""
        self.events = ()
        self._texts = {}

    # -- what each participant is sent ----------------------------------------------------------
    def visible_boards(self, participant: Participant) -> dict[int, tuple[int, ...]]:
        """The boards ``participant`` may review, each with the tables whose play it may see: both
        for a board both tables finished, only its own table's for a board only that one has."""
        match = self.match
        done = match.complete_boards
        out: dict[int, tuple[int, ...]] = {b: TABLES for b in range(1, done + 1)}
        if participant.table is not None:
            for b in range(done + 1, match.finished_count(participant.table) + 1):
                out[b] = (participant.table,)
        return out

    def observation(self, participant: Participant) -> dict[str, Any]:
        """``observe(match, participant)`` as data, without the live board (a seat's table state
        carries it); plus the match id and ``analysed``: the boards the participant may review whose
        double-dummy analysis (of every table it may see) is ready."""
        data = observe(self.match, participant).to_dict()
        data.pop("live", None)
        data["id"] = self.id
        data["analysed"] = [b for b, tables in self.visible_boards(participant).items()
                            if all(b in self.tables[t].analysis for t in tables)]
        return data

    def participant_of(self, key: str | None) -> Participant:
        """The seat a seat's secret key opens (at either table); a spectator without one."""
        for t, side in self.tables.items():
            seat = side.seat_of(key)
            if seat is not None:
                return Participant(t, seat)
        return Participant()

    def board_review(self, board: int, participant: Participant) -> dict[str, Any] | None:
        """``GET /api/matches/{id}/boards/{n}``: board ``board`` for its review -- the hands, the
        double-dummy table and par, and each table's auction and play to replay (with that play's
        analysis) -- of the tables ``participant`` may see (:meth:`visible_boards`); None when it
        may see nothing of the board yet."""
        tables = self.visible_boards(participant).get(board)
        if tables is None:
            return None
        match = self.match
        records = []
        for t in tables:
            result = match.result(board, t)
            assert result is not None
            # The table's play as one LIN line (what BBO's hand viewer replays).
            lin = board_lin(result.state.deal, board, state=result.state, room=t,
                            names=[p.name for p in match.table(t).players],
                            title=f"bazas match {self.id} {ROOMS[t]} room")
            records.append({**table_record(result, self.tables[t].analysis.get(board)), "lin": lin})
        dd = next((r["analysis"] for r in records if r["analysis"] is not None), None)
        b = Board(board)
        out: dict[str, Any] = {
            "id": self.id, "board": board, "dealer": b.dealer.name, "vulnerability": b.vulnerability.pbn,
            "deal": match.deal_of(board).to_pbn(), "all_hands": records[0]["replay"]["all_hands"],
            "complete": match.is_complete(board), "teams": {"A": match.teams[0], "B": match.teams[1]},
            "dd": None if dd is None else {"makeable": dd["makeable"], "par": dd["par"]},
            "lin": f"/api/matches/{self.id}/boards/{board}.lin" if match.is_complete(board) else None,
            "analysis_pending": self.hub.settings.analysis and any(r["analysis"] is None for r in records),
            "tables": records,
        }
        if out["complete"]:
            outcome = match.outcomes[board - 1]
            c = outcome.comparison
            out |= {"table1_ns": c.table1_ns, "table2_ns": c.table2_ns, "difference": c.difference,
                    "imps_a": c.imps_a, "running_imps_a": outcome.running_imps_a}
        return out

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
