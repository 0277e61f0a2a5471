"""One asyncio task per table: commands in order, stored, then broadcast as per-seat views.

A :class:`TableActor` owns one :class:`~bazas.engine.table.Table`. Everything that may change it
(a player's call, a bot's decision, a reply to a claim, the next deal) goes through its inbox and
is handled one at a time, so two clients acting at once are serialised. For each command:

1. ``Table.handle`` validates it (an error goes back to the sender only; nothing changes);
2. the accepted commands are appended to the table's event log, with the deal's row, and the
   actor waits for the commit;
3. only then is the new table adopted and each connection sent ``view_of(state, its seat)``;
4. bots whose turn it is think in the worker pool (with a deadline) and their decision comes back
   through the inbox as an ordinary command, tagged with the version it was made for.

Absent players: a person's seat with no open connection is *absent*; after
``settings.absent_seconds`` a substitute (the table's bot) plays for it while somebody else sits at
the table: its calls and cards (the bot-turn machinery above), its answers (a claim is accepted if
the engine verifies it, refused otherwise; an undo request is accepted, as it is free against bots)
and its ``next``. The person takes the seat back the moment a connection with the seat's link
opens; what the substitute did stays. Absence lives in memory only: after a restart every seat
without a connection is absent again and its grace period starts anew.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import logging
import random
from collections import deque
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from bazas.bots.base import TableContext
from bazas.engine.calls import parse_call
from bazas.engine.deal import Deal, deal_random
from bazas.engine.errors import BazasError, InvalidNotation
from bazas.engine.seats import SEATS, Seat, Side
from bazas.engine.session import ScoredDeal, Session
from bazas.engine.state import ClaimAction, DealState, Event, parse_action
from bazas.engine.table import (
    Act,
    Claim,
    ClaimReply,
    Command,
    DealCards,
    Join,
    Next,
    PendingClaim,
    Table,
    TableDeal,
    UndoReply,
    command_to_dict,
    error_code,
)
from bazas.engine.views import view_of
from bazas.formats.records import dump_session
from bazas.storage import Append, DealRecord, EventRecord

from . import workers
from .encode import action_texts, view_dict

if TYPE_CHECKING:
    from starlette.websockets import WebSocket

    from .hub import Hub

log = logging.getLogger("bazas.server.actor")

_dumps = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode
MAX_QUEUED = 256


def dumps(data: Any) -> str:
    return _dumps(data)


def error_text(code: str, message: str) -> str:
    return dumps({"type": "error", "code": code, "message": message})


class Connection:
    """One WebSocket: its seat (None: spectator) and an outgoing queue drained by its own task,
    so a slow client never holds up the table. Queued ``state`` messages are coalesced: a client
    that lags behind only receives the newest one."""

    def __init__(self, ws: WebSocket, seat: Seat | None) -> None:
        self.ws = ws
        self.seat = seat
        self.closed = False
        self._items: deque[tuple[bool, str]] = deque()
        self._wake = asyncio.Event()
        self.task = asyncio.create_task(self._writer())

    def send(self, text: str, state: bool = False) -> None:
        if self.closed:
            return
        if state and self._items and self._items[-1][0]:
            self._items[-1] = (True, text)
        else:
            self._items.append((state, text))
        if len(self._items) > MAX_QUEUED:
            self.closed = True
            self.task.cancel()
        self._wake.set()

    def error(self, code: str, message: str) -> None:
        self.send(error_text(code, message))

    async def _writer(self) -> None:
        try:
            while True:
                await self._wake.wait()
                self._wake.clear()
                while self._items:
                    _, text = self._items.popleft()
                    await self.ws.send_text(text)
        except asyncio.CancelledError:
            raise
        except Exception:
            self.closed = True

    async def close(self) -> None:
        self.closed = True
        self.task.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await self.task


def per_side(ns: Any, ew: Any) -> dict[str, Any]:
    return {"NS": ns, "EW": ew}


def scored_deal_dict(entry: ScoredDeal) -> dict[str, Any]:
    """One line of the score sheet, in the shape of ``dump_session``'s deals."""
    vul = entry.vulnerable
    return {
        "number": entry.number,
        "dealer": entry.dealer.name,
        "declarer": None if entry.declarer is None else entry.declarer.name,
        "contract": "pass" if entry.contract is None else str(entry.contract),
        "tricks": entry.tricks,
        "vulnerable": per_side(vul[0], vul[1]),
        "below": per_side(entry.below.ns, entry.below.ew),
        "above": per_side(entry.above.ns, entry.above.ew),
        "points": per_side(entry.points.ns, entry.points.ew),
        "game_won_by": None if entry.game_won_by is None else entry.game_won_by.name,
        "rubber_over": entry.rubber_over,
        "items": [{"kind": i.kind.value, "side": i.side.name, "points": i.points,
                   "line": "below" if i.below else "above"} for i in entry.items],
    }


def score_dict(session: Session, rubber: int, rubbers: tuple[Session, ...]) -> dict[str, Any]:
    """The score sheet of the current rubber: ``bazas.formats.records.dump_session`` (the
    ``bazas score --json`` shape) plus ``part_scores``, ``rubber`` and the earlier ``rubbers``."""
    out = dump_session(session)
    parts = session.part_scores
    out["part_scores"] = per_side(parts.ns, parts.ew)
    out["rubber"] = rubber
    out["rubbers"] = [{"rubber": i + 1, "totals": per_side(s.totals.ns, s.totals.ew), "winner": s.winner,
                       "margin": s.margin, "deals": len(s.entries)} for i, s in enumerate(rubbers)]
    return out


def context_of(table: Table) -> TableContext:
    """The public facts a bot gets about the table (vulnerability and score of the current deal)."""
    return TableContext.for_session(
        table.session, "".join(s.name for s in SEATS if table.players[s].is_bot),
        vulnerability=table.vulnerability, deal_number=table.session.standing.deal_number)


def context_dict(ctx: TableContext) -> dict[str, Any]:
    return ctx.to_dict()


class TableActor:
    def __init__(self, hub: Hub, table_id: str, table: Table, options: dict[str, Any],
                 tokens: dict[str, Seat], stored_status: str, analysis: dict[int, dict[str, Any]] | None = None,
                 deal_row: int = 0) -> None:
        self.hub = hub
        self.id = table_id
        self.table = table
        self.options = options
        self.tokens = tokens
        self.conns: set[Connection] = set()
        self.events: list[Event] = []
        self.analysis: dict[int, dict[str, Any]] = dict(analysis or {})
        self._stored_status = stored_status
        self._deal_row = deal_row
        self._deal_done = deal_row if table.current is not None and table.current.phase == "done" else 0
        self._inbox: asyncio.Queue[Callable[[], Awaitable[None]]] = asyncio.Queue()
        self._expl: list[dict[str, Any] | None] = []
        # (deal number, calls up to and including the call) -> its meaning (None: none to give)
        self._meanings: dict[tuple[int, tuple[str, ...]], dict[str, Any] | None] = {}
        self._asked: set[tuple[int, tuple[str, ...]]] = set()
        self._pbn_key = 0
        self._pbn = ""
        self._score_key: tuple[int, int] = (-1, -1)
        self._score_json = "null"
        self._bot_version = -1
        self._next_version = -1
        self._no_bot_claims = -1
        self._analysing: set[int] = set()
        self._tasks: set[asyncio.Task[Any]] = set()
        self.task: asyncio.Task[None] | None = None
        self._idle_at: float | None = None
        # Absent players: seats in their grace period (the timer that ends it), seats a substitute
        # plays for, and the table version each substitute last acted on (one action per version).
        self._absent: dict[Seat, asyncio.TimerHandle] = {}
        self._replaced: set[Seat] = set()
        self._sub_version: dict[Seat, int] = {}

    # -- life ---------------------------------------------------------------------------------------
    def start(self) -> None:
        self._update_explanations()
        self.task = asyncio.create_task(self._run(), name=f"table-{self.id}")
        for seat in SEATS:
            if self.table.players[seat].is_present_human:
                self._mark_absent(seat)
        self.submit(self._resume)

    async def stop(self) -> None:
        for handle in self._absent.values():
            handle.cancel()
        self._absent.clear()
        for t in list(self._tasks):
            t.cancel()
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self.task
        for conn in list(self.conns):
            await conn.close()

    def submit(self, job: Callable[[], Awaitable[None]]) -> None:
        self._inbox.put_nowait(job)

    @property
    def backlog(self) -> int:
        return self._inbox.qsize()

    @property
    def idle_since(self) -> float | None:
        """Since when nobody is connected and nothing can happen without somebody (None: busy)."""
        if self.conns or self._tasks or self._inbox.qsize():
            self._idle_at = None
            return None
        table = self.table
        actor = table.actor
        moving = (actor is not None and table.players[actor].is_bot) or (table.bots_only and table.status == "review")
        if moving:
            self._idle_at = None
            return None
        if self._idle_at is None:
            self._idle_at = asyncio.get_running_loop().time()
        return self._idle_at

    def spawn(self, coro: Awaitable[Any]) -> None:
        task = asyncio.ensure_future(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _run(self) -> None:
        while True:
            job = await self._inbox.get()
            try:
                await job()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("table %s: job failed", self.id)

    async def _resume(self) -> None:
        """After loading: analysis missing for the deal on show, bots' turn, a stuck review."""
        await self._finish_pending_deal()
        state = self.table.current
        if (state is not None and state.phase == "done" and not state.is_passed_out and self.hub.settings.analysis
                and self.table.number not in self.analysis):
            self._start_analysis(self.table.number, state, self.table.vulnerability.pbn)
        self._schedule([])

    async def _finish_pending_deal(self) -> None:
        if self.table.needs_deal:
            await self._command(None, [], origin=None)

    # -- connections ----------------------------------------------------------------------------------
    async def connect(self, conn: Connection) -> None:
        self.conns.add(conn)
        seat = conn.seat
        if seat is not None:
            self._returned(seat)
        if seat is not None and not self.table.players[seat].joined and not self.table.players[seat].is_bot:
            await self._command(Join(seat, ""), [], origin=conn)
        else:
            self._broadcast()
        # Somebody sits at the table again: substitutes of the others may have to move.
        self._substitute_moves()

    async def disconnect(self, conn: Connection) -> None:
        self.conns.discard(conn)
        await conn.close()
        seat = conn.seat
        if seat is not None and self.table.players[seat].is_present_human and not self._seat_connected(seat):
            self._mark_absent(seat)
        self._broadcast()

    # -- absent players -------------------------------------------------------------------------------
    def _seat_connected(self, seat: Seat) -> bool:
        return any(conn.seat == seat for conn in self.conns)

    def _mark_absent(self, seat: Seat) -> None:
        """``seat`` (a person's) has no connection: a substitute takes it after the grace period."""
        if seat in self._absent or seat in self._replaced:
            return
        delay = max(0.0, self.hub.settings.absent_seconds)
        loop = asyncio.get_running_loop()
        self._absent[seat] = loop.call_later(delay, self.submit, functools.partial(self._absent_expired, seat))

    async def _absent_expired(self, seat: Seat) -> None:
        self._absent.pop(seat, None)
        if self._seat_connected(seat) or not self.table.players[seat].is_present_human:
            return
        log.info("table %s: %s is away; a substitute plays for the seat", self.id, seat.name)
        self._replaced.add(seat)
        self._broadcast()
        self._substitute_moves()

    def _returned(self, seat: Seat) -> None:
        """A connection with ``seat``'s link opened: the seat is its player's again, at once."""
        handle = self._absent.pop(seat, None)
        if handle is not None:
            handle.cancel()
        if seat in self._replaced:
            log.info("table %s: %s is back; the substitute leaves the seat", self.id, seat.name)
            self._replaced.discard(seat)
            self._sub_version.pop(seat, None)
            if self.table.actor == seat:
                # A decision the substitute is still making is dropped when it arrives; should the
                # player leave again, the substitute thinks afresh.
                self._bot_version = -1

    def _substitutes(self) -> frozenset[Seat]:
        """The seats a substitute plays for now: absent past the grace period, while somebody
        else sits at the table (a table everybody left waits for them, like one of people only)."""
        if not self._replaced or not any(conn.seat is not None for conn in self.conns):
            return frozenset()
        return frozenset(self._replaced)

    def _plays_for(self, seat: Seat) -> bool:
        """Whether the server decides for ``seat`` now (a bot, or a substitute)."""
        return self.table.players[seat].is_bot or seat in self._substitutes()

    def _substitute_moves(self) -> None:
        """Start whatever the table waits for from a substitute: its call or card, its answer to a
        claim or undo request, its ``next``. Each decision comes back through the inbox."""
        subs = self._substitutes()
        if not subs:
            return
        table = self.table
        version = table.version
        for seat in SEATS:
            if seat not in subs or self._sub_version.get(seat) == version:
                continue
            claim, undo = table.pending_claim, table.pending_undo
            if table.actor == seat:
                if self._bot_version != version:
                    self._bot_version = version
                    self._bot_turn(version, seat)
            elif claim is not None and seat in claim.needed and seat not in claim.accepted:
                self._sub_version[seat] = version
                self._substitute_claim_reply(seat, claim, version)
            elif undo is not None and seat in undo.needed and seat not in undo.accepted:
                self._sub_version[seat] = version
                self.submit(functools.partial(self._substitute_command, seat, UndoReply(seat, True), version))
            elif table.status in ("review", "over") and seat in table.humans and seat not in table.ready:
                self._sub_version[seat] = version
                self.submit(functools.partial(self._substitute_command, seat, Next(seat), version))

    def _substitute_claim_reply(self, seat: Seat, claim: PendingClaim, version: int) -> None:
        """Accept the claim if the engine verifies it (in the worker pool), refuse it otherwise."""
        state = self.table.current
        assert state is not None
        record = state.to_record()

        async def verify() -> None:
            try:
                holds = await self.hub.workers.run(workers.check_claim, record, claim.seat.name, claim.tricks,
                                                   timeout=self.hub.settings.bot_deadline_grace + 3.0)
            except Exception as exc:
                log.info("table %s: claim check for %s's substitute failed: %s", self.id, seat.name, exc)
                holds = None
            self.submit(functools.partial(self._substitute_command, seat, ClaimReply(seat, holds is True), version))

        self.spawn(verify())

    async def _substitute_command(self, seat: Seat, command: Command, version: int) -> None:
        if seat not in self._substitutes():
            if self._sub_version.get(seat) == version:
                del self._sub_version[seat]
            return
        await self._command(command, [], origin=None, expect=version)

    def seat_of(self, token: str | None) -> Seat | None:
        if not token:
            return None
        from bazas.storage import hash_token

        return self.tokens.get(hash_token(token))

    # -- messages from clients ----------------------------------------------------------------------
    async def message(self, conn: Connection, msg: Any) -> None:
        """Handle one parsed client message (runs inside the actor: in order with everything else)."""
        kind = msg.type
        if kind == "sync":
            conn.send(self._state_text(conn.seat), state=True)
            return
        if kind == "explain":
            self._explain(conn, msg.index, msg.call)
            return
        seat = conn.seat
        if seat is None:
            conn.error("not_seated", "spectators watch: only the players at the table can do that")
            return
        if kind == "hint":
            self._hint(conn, seat)
            return
        command: Command
        try:
            if kind == "call":
                command = Act(seat, parse_call(msg.call))
            elif kind == "card":
                from bazas.engine.cards import Card

                command = Act(seat, Card.parse(msg.card))
            elif kind == "claim":
                await self._claim(conn, seat, msg.tricks)
                return
            elif kind == "claim_reply":
                from bazas.engine.table import ClaimReply

                command = ClaimReply(seat, msg.accept)
            elif kind == "undo":
                from bazas.engine.table import Undo

                command = Undo(seat)
            elif kind == "undo_reply":
                from bazas.engine.table import UndoReply

                command = UndoReply(seat, msg.accept)
            elif kind == "next":
                command = Next(seat)
            elif kind == "name":
                command = Join(seat, msg.name)
            else:  # pragma: no cover - the protocol union has no other type
                conn.error("bad_message", f"unknown message type {kind!r}")
                return
        except InvalidNotation as exc:
            conn.error("bad_message", str(exc))
            return
        await self._command(command, [], origin=conn)

    async def _claim(self, conn: Connection, seat: Seat, tricks: int) -> None:
        table = self.table
        if table.current is None or not table.claim_needs_verifying(seat) or table.actor is None:
            await self._command(Claim(seat, tricks), [], origin=conn)
            return
        try:
            table.current.check(ClaimAction(seat, tricks), seat)
        except BazasError as exc:
            conn.error(error_code(exc), str(exc))
            return
        version = table.version
        record = table.current.to_record()

        async def verify() -> None:
            try:
                holds = await self.hub.workers.run(workers.check_claim, record, seat.name, tricks,
                                                   timeout=self.hub.settings.bot_deadline_grace + 3.0)
            except Exception as exc:
                log.info("table %s: claim check failed: %s", self.id, exc)
                holds = None

            async def apply() -> None:
                if self.table.version != version:
                    conn.error("illegal", "the play moved on while the claim was checked; claim again")
                    return
                await self._command(Claim(seat, tricks, bool(holds)), [], origin=conn)

            self.submit(apply)

        self.spawn(verify())

    # -- the heart: commands --------------------------------------------------------------------------
    async def _command(self, command: Command | None, extra: list[Command], origin: Connection | None,
                       expect: int | None = None, bot: Seat | None = None) -> bool:
        """Validate, store, adopt, broadcast. Returns whether the command was accepted."""
        table = self.table
        if expect is not None and expect != table.version:
            return False
        commands: list[Command] = []
        events: list[Event] = []
        try:
            if command is not None:
                table, evs = table.handle(command)
                commands.append(command)
                events.extend(evs)
            for c in extra:
                table, evs = table.handle(c)
                commands.append(c)
                events.extend(evs)
            if table.needs_deal:
                deal = self._draw(table.number + 1)
                table, evs = table.handle(DealCards(deal))
                commands.append(DealCards(deal))
                events.extend(evs)
        except BazasError as exc:
            if origin is not None:
                origin.error(error_code(exc), str(exc))
            if bot is not None and error_code(exc) != "stale":
                log.warning("table %s: bot %s decision refused (%s); playing the fallback", self.id, bot.name, exc)
                await self._bot_fallback(bot)
            return False
        if not commands:
            return False
        append, stored = self._append(table, commands)
        try:
            await self.hub.store.append(append)
        except Exception as exc:
            log.error("table %s: could not store %d command(s): %s", self.id, len(commands), exc)
            if origin is not None:
                origin.error("unavailable", "the action could not be saved; try again")
            return False
        stored()
        self.table = table
        self.events = events
        self._update_explanations()
        self._broadcast()
        self._schedule(events)
        return True

    def _draw(self, number: int) -> Deal:
        seed = self.options.get("seed")
        if seed is None:
            return deal_random()
        return deal_random(random.Random(f"{seed}:{number}"))

    def _append(self, table: Table, commands: list[Command]) -> tuple[Append, Callable[[], None]]:
        """What to store for ``commands`` (events; the deal's row when a deal starts or ends; the
        status when it changes) and the bookkeeping to do once it is stored."""
        start = self.table.version
        records = []
        for i, c in enumerate(commands):
            payload = command_to_dict(c)
            records.append(EventRecord(start + i + 1, str(payload["type"]), payload))
        deals: list[DealRecord] = []
        state = table.current
        deal_row, deal_done = self._deal_row, self._deal_done
        if state is not None:
            new = table.number != deal_row
            done = state.phase == "done"
            if new or (done and deal_done != table.number):
                deals.append(self._deal_record(table, state, new))
                deal_row = table.number
                if done:
                    deal_done = table.number
        status = table.status
        changed = status if status != self._stored_status else None

        def stored() -> None:
            self._deal_row, self._deal_done, self._stored_status = deal_row, deal_done, status

        return Append(self.id, records, deals, changed), stored

    def _deal_pbn(self, state: DealState) -> str:
        key = id(state.deal)
        if self._pbn_key != key:
            self._pbn_key, self._pbn = key, state.deal.to_pbn()
        return self._pbn

    def _deal_record(self, table: Table, state: DealState, new: bool) -> DealRecord:
        """The deal's row: its board, and its action log, result and score once it is over (the
        log of a deal in progress is in the events)."""
        done = state.phase == "done"
        finished = table.finished[-1] if done and table.finished else None
        score = scored_deal_dict(finished.score) if finished is not None and finished.number == table.number else None
        return DealRecord(
            number=table.number,
            rubber=table.rubber,
            dealer=state.dealer.name,
            vulnerability=table.vulnerability.pbn,
            deal=self._deal_pbn(state),
            actions=action_texts(state.actions),
            status="done" if done else "play",
            contract=None if state.contract is None else str(state.contract),
            declarer=None if state.declarer is None else state.declarer.name,
            tricks=state.declarer_tricks,
            score=score,
            new=new,
        )

    # -- after a change -------------------------------------------------------------------------------
    def _schedule(self, events: list[Event]) -> None:
        table = self.table
        kinds = {e.kind for e in events}
        if "claim_rejected" in kinds:
            self._no_bot_claims = table.number
        if "deal_scored" in kinds and self.hub.settings.analysis:
            state = table.current
            if state is not None and not state.is_passed_out:
                self._start_analysis(table.number, state, table.vulnerability.pbn)
        actor = table.actor
        if actor is not None and table.players[actor].is_bot and self._bot_version != table.version:
            self._bot_version = table.version
            self._bot_turn(table.version, actor)
        if table.bots_only and table.status == "review" and self._next_version != table.version:
            self._next_version = table.version
            self.spawn(self._auto_next(table.version))
        self._substitute_moves()

    async def _auto_next(self, version: int) -> None:
        await asyncio.sleep(self.hub.settings.auto_next_delay)

        async def go() -> None:
            if self.table.version == version and self.table.bots_only:
                await self._command(Next(None), [], origin=None, expect=version)

        self.submit(go)

    def _bot_turn(self, version: int, seat: Seat) -> None:
        settings = self.hub.settings
        state = self.table.current
        assert state is not None
        if settings.bots == "scripted":
            action = workers.scripted_action(view_of(state, seat), random.Random(f"{self.id}:{version}"))
            self.submit(lambda: self._bot_command(seat, action, version))
            return
        seconds = float(self.options.get("bot_seconds") or settings.bot_seconds)
        record = state.to_record()
        ctx = context_dict(context_of(self.table))
        claims = self._no_bot_claims != self.table.number
        kind = "dds" if (settings.bots == "dds" and claims) else ("dds-noclaim" if settings.bots == "dds" else "simple")
        seed = random.Random(f"{self.id}:{version}").getrandbits(32)
        deadline = seconds * settings.bot_deadline_factor + settings.bot_deadline_grace

        async def think() -> None:
            if settings.bot_delay:
                await asyncio.sleep(settings.bot_delay)
            try:
                text, _ = await self.hub.workers.run(workers.decide, kind, settings.bot_strength, record,
                                                     seat.name, ctx, seconds, seed, timeout=deadline)
                action = parse_action(text)
            except Exception as exc:
                log.warning("table %s: bot %s failed or ran out of time (%s: %s); fallback action",
                            self.id, seat.name, type(exc).__name__, exc)
                action = workers.fallback_action(view_of(state, seat))
            self.submit(lambda: self._bot_command(seat, action, version))

        self.spawn(think())

    async def _bot_command(self, seat: Seat, action: Any, version: int) -> None:
        if self.table.version != version:
            return
        if not self._plays_for(seat):  # the player came back (or everybody left) meanwhile
            if self._bot_version == version:
                self._bot_version = -1
            return
        command: Command
        if isinstance(action, ClaimAction):
            command = Claim(seat, action.tricks, True)
        else:
            command = Act(seat, action, expect=version)
        await self._command(command, [], origin=None, expect=version, bot=seat)

    async def _bot_fallback(self, seat: Seat) -> None:
        state = self.table.current
        if state is None or self.table.actor != seat or not self._plays_for(seat):
            return
        action = workers.fallback_action(view_of(state, seat))
        await self._command(Act(seat, action, expect=self.table.version), [], origin=None)

    def _start_analysis(self, number: int, state: DealState, vulnerability: str) -> None:
        if number in self.analysis or number in self._analysing:
            return
        self._analysing.add(number)
        record = state.to_record()

        async def run() -> None:
            try:
                result = await self.hub.workers.run(workers.analyse, record, vulnerability, timeout=120.0)
            except Exception as exc:
                log.warning("table %s: analysis of deal %d failed: %s", self.id, number, exc)
                return
            finally:
                self._analysing.discard(number)
            if result is None:
                return
            try:
                await self.hub.store.write(self.hub.repository.set_analysis, self.id, number, result)
            except Exception as exc:
                log.warning("table %s: could not store the analysis of deal %d: %s", self.id, number, exc)

            async def show() -> None:
                self.analysis[number] = result
                if self.table.number == number:
                    self.events = []
                    self._broadcast()

            self.submit(show)

        self.spawn(run())

    # -- hints and explanations -----------------------------------------------------------------------
    def _hint(self, conn: Connection, seat: Seat) -> None:
        table = self.table
        state = table.current
        if state is None or table.actor != seat:
            conn.error("turn", "a hint is for the player whose turn it is")
            return
        settings = self.hub.settings
        if settings.bots == "scripted":
            action = workers.scripted_action(view_of(state, seat))
            conn.send(dumps({"type": "hint", "action": str(action), "explanation": None}))
            return
        seconds = float(self.options.get("bot_seconds") or settings.bot_seconds)
        record = state.to_record()
        ctx = context_dict(context_of(table))
        kind = "dds-noclaim" if settings.bots == "dds" else "simple"
        deadline = seconds * settings.bot_deadline_factor + settings.bot_deadline_grace

        async def think() -> None:
            try:
                text, explanation = await self.hub.workers.run(workers.decide, kind, settings.bot_strength, record,
                                                               seat.name, ctx, seconds, 0, timeout=deadline)
            except Exception as exc:
                conn.error("unavailable", f"no hint now ({type(exc).__name__})")
                return
            conn.send(dumps({"type": "hint", "action": text, "explanation": explanation}))

        self.spawn(think())

    def _explain(self, conn: Connection, index: int | None, call_text: str | None) -> None:
        state = self.table.current
        if state is None:
            conn.error("illegal", "no deal is in progress")
            return
        auction = state.auction
        if index is not None:
            if not 0 <= index < len(auction.calls):
                conn.error("illegal", f"there is no call number {index} in this auction ({len(auction.calls)} calls)")
                return
            call = str(auction.calls[index])
            known = self._expl[index] if index < len(self._expl) else None
            if known is not None:
                conn.send(dumps({"type": "explanation", "index": index, "call": call, "explanation": known}))
                return
        elif call_text is not None:
            try:
                call_value = parse_call(call_text)
                auction = auction.apply(call_value)
            except InvalidNotation as exc:
                conn.error("bad_message", str(exc))
                return
            except BazasError as exc:
                conn.error(error_code(exc), str(exc))
                return
            call = str(call_value)
        else:
            conn.error("bad_message", "explain needs an index or a call")
            return
        position = index if index is not None else len(auction.calls) - 1
        calls = action_texts(auction.calls)
        ctx = context_dict(context_of(self.table))
        ruleset, dealer = self.table.ruleset, state.dealer.name

        async def ask() -> None:
            try:
                found = await self.hub.workers.run(workers.explain_calls, ruleset, dealer, calls, [position], ctx,
                                                   timeout=30.0)
            except Exception as exc:
                conn.error("unavailable", f"no explanation now ({type(exc).__name__})")
                return
            if found[0] is None:
                conn.error("unavailable", "no explanation available for that call")
                return
            conn.send(dumps({"type": "explanation", "index": index, "call": call, "explanation": found[0]}))

        self.spawn(ask())

    def _update_explanations(self) -> None:
        """The meanings of the calls so far: known ones at once, missing ones asked of the worker
        pool (the state is sent again when they arrive)."""
        if not self.hub.settings.explanations:
            return
        state = self.table.current
        if state is None:
            self._expl = []
            return
        number = self.table.number
        calls = tuple(action_texts(state.auction.calls))
        keys = [(number, calls[:i + 1]) for i in range(len(calls))]
        meanings = self._meanings
        if meanings and next(iter(meanings))[0] != number:
            for key in [k for k in meanings if k[0] != number]:
                del meanings[key]
        self._expl = [meanings.get(k) for k in keys]
        missing = [i for i, k in enumerate(keys) if k not in meanings and k not in self._asked]
        if not missing:
            return
        for i in missing:
            self._asked.add(keys[i])
        ctx = context_dict(context_of(self.table))
        ruleset, dealer = self.table.ruleset, state.dealer.name

        async def ask() -> None:
            try:
                found = await self.hub.workers.run(workers.explain_calls, ruleset, dealer, list(calls), missing, ctx,
                                                   timeout=60.0)
            except Exception as exc:
                log.warning("table %s: explanations failed: %s", self.id, exc)
                found = [None] * len(missing)

            async def show() -> None:
                for i, meaning in zip(missing, found, strict=True):
                    self._asked.discard(keys[i])
                    if keys[i][0] == self.table.number:
                        meanings[keys[i]] = meaning
                before = self._expl
                self._update_explanations()
                if self._expl != before:
                    self.events = []
                    self._broadcast()

            self.submit(show)

        self.spawn(ask())

    # -- state messages -------------------------------------------------------------------------------
    def _table_info(self) -> dict[str, Any]:
        table = self.table
        connected = {conn.seat for conn in self.conns if conn.seat is not None}
        subs = self._substitutes()
        spectators = sum(1 for conn in self.conns if conn.seat is None)
        vul = table.vulnerability
        actor = table.actor
        return {
            "id": self.id,
            "ruleset": table.ruleset,
            "seats": {s.name: {"kind": table.kind_of(s), "name": table.players[s].name or None,
                               "connected": s in connected or table.players[s].is_bot,
                               "substitute": s in subs} for s in SEATS},
            "status": table.status,
            "deal_number": table.number,
            "rubber": table.rubber,
            "dealer": None if table.dealer is None else table.dealer.name,
            "vulnerability": per_side(vul.is_vulnerable(Side.NS), vul.is_vulnerable(Side.EW)),
            "actor": None if actor is None else actor.name,
            "ready": [s.name for s in SEATS if s in table.ready],
            "spectators": spectators,
            "bot_seconds": float(self.options.get("bot_seconds") or self.hub.settings.bot_seconds),
        }

    def _score_text(self) -> str:
        table = self.table
        key = (table.rubber, len(table.session.entries))
        if key != self._score_key:
            self._score_key = key
            self._score_json = dumps(score_dict(table.session, table.rubber, table.rubbers))
        return self._score_json

    def _common(self) -> tuple[str, dict[str, Any], str]:
        """(JSON of the fields every connection shares, the table info without ``you``, tail)."""
        table = self.table
        pending = None
        if table.pending_claim is not None or table.pending_undo is not None:
            pending = {"claim": None if table.pending_claim is None else table.pending_claim.to_dict(),
                       "undo": None if table.pending_undo is None else table.pending_undo.to_dict()}
        state = table.current
        analysis = self.analysis.get(table.number) if state is not None and state.phase == "done" else None
        tail = (f',"score":{self._score_text()},"pending":{dumps(pending)},"explanations":{dumps(self._expl)},'
                f'"analysis":{dumps(analysis)},"events":{dumps([{"kind": e.kind, "data": e.data} for e in self.events])}}}')
        return f'{{"type":"state","version":{table.version}', self._table_info(), tail

    def _state_text(self, seat: Seat | None, common: tuple[str, dict[str, Any], str] | None = None) -> str:
        head, info, tail = common if common is not None else self._common()
        info["you"] = None if seat is None else seat.name
        state = self.table.current
        view = None if state is None else view_dict(view_of(state, seat))
        return f'{head},"table":{dumps(info)},"view":{dumps(view)}{tail}'

    def _broadcast(self) -> None:
        if not self.conns:
            return
        common = self._common()
        texts: dict[Seat | None, str] = {}
        for conn in list(self.conns):
            if conn.closed:
                self.conns.discard(conn)
                continue
            text = texts.get(conn.seat)
            if text is None:
                text = texts[conn.seat] = self._state_text(conn.seat, common)
            conn.send(text, state=True)

    # -- reading --------------------------------------------------------------------------------------
    def finished_deal(self, number: int) -> TableDeal | None:
        for d in self.table.finished:
            if d.number == number:
                return d
        return None

    def summary(self) -> dict[str, Any]:
        info = self._table_info()
        info["version"] = self.table.version
        info["score"] = json.loads(self._score_text())
        return info
