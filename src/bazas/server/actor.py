"""One asyncio task per table: the connections of a table and the order of everything done to it.

A :class:`TableActor` is the thin layer between sockets (:class:`~bazas.server.connection.Connection`,
each with its own outgoing queue) and the parts that hold the table's logic:

- :class:`~bazas.server.table_session.TableSession`: the table and its rules (command in, next
  table and events out) and what to store;
- :class:`~bazas.server.encode.StateEncoder`: what each connection is sent;
- :class:`~bazas.server.scheduler.Scheduler`: bots' and substitutes' decisions, claim checks,
  hints, meanings and analyses in the worker pool;
- :class:`~bazas.server.absence.AbsencePolicy`: when a substitute plays for an absent person.
- :mod:`~bazas.server.seat_keys`: which seat a secret opens, a seat's fresh secret;
- :mod:`~bazas.server.seat_settings`: who may hand a seat to a bot, whom the server plays for,
  what the state says of the pace;
- :class:`~bazas.server.seat_requests.SeatRequests`: a player's hints and explanations of calls.

Everything that may change the table (a player's message, a bot's decision, an answer from the
worker pool) goes through the actor's inbox and is handled one at a time, so two clients acting at
once are serialised. For each command: the session validates it (an error goes back to the sender
only; nothing changes), the step is appended to the table's event log and the actor waits for the
commit, only then is it adopted and each connection sent its seat's state, and the scheduler
starts what the table now waits for from the server.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import functools
import logging
from collections.abc import Awaitable, Callable, Sequence
from typing import TYPE_CHECKING, Any

from bazas.bots.base import TableContext
from bazas.engine.errors import BazasError, InvalidNotation
from bazas.engine.seats import SEATS, Seat
from bazas.engine.state import DealState, Event
from bazas.engine.table import Act, Claim, Command, Join, Table, TableDeal, error_code
from bazas.engine.three_handed_table import is_three_handed

from .absence import AbsencePolicy
from .connection import Connection as Connection  # re-exported: the socket layer (server/connection.py)
from .encode import Frame, Presence, StateEncoder, action_texts
from .limits import Buckets
from .meanings import CallMeanings
from .pace import PACES, speed_of
from .scheduler import Move, Scheduler, fallback_command
from .seat_keys import new_key, rekeyed, seat_key_text
from .seat_keys import seat_of as seat_of_token
from .seat_requests import SeatRequests
from .seat_settings import pace_extra, robots_option, robots_with, seat_bot_refusal, substitutes
from .table_session import TableSession, command_of, context_dict, context_of

if TYPE_CHECKING:

    from .hub import Hub

log = logging.getLogger("bazas.server.actor")

class TableActor:
    def __init__(self, hub: Hub, session: TableSession, options: dict[str, Any], tokens: dict[str, Seat],
                 analysis: dict[int, dict[str, Any]] | None = None) -> None:
        self.hub = hub
        self.id = session.id
        self.session = session
        self.options = options
        self.tokens = tokens
        #: Seats whose secret is their player's device's (the invitation was used; issue 13).
        self.bound: set[Seat] = {Seat.parse(s) for s in options.get("bound", ())}
        settings = hub.settings
        self.name_buckets = Buckets(settings.names_per_minute, settings.names_burst)
        self.conns: set[Connection] = set()
        #: What the command(s) that produced the table's version did: sent with every state of that
        #: version (a resend too), so a client whose queued states were coalesced still learns it;
        #: clients act on them once per version.
        self.events: Sequence[Event] = ()
        #: Double-dummy analyses of finished deals, by deal number.
        self.analysis: dict[int, dict[str, Any]] = dict(analysis or {})
        settings = hub.settings
        bot_seconds = float(options.get("bot_seconds") or settings.bot_seconds)
        # Issue 13: deals someone could know in advance (a seed; a match's boards from a file).
        prepared = options.get("seed") is not None or options.get("prepared") is True
        self.encoder = StateEncoder(self.id, bot_seconds, prepared=prepared)
        self.meanings = CallMeanings()
        self.absence = AbsencePolicy()
        owner = options.get("owner")
        self.scheduler = Scheduler(self.id, hub.workers, settings, bot_seconds, self.submit,
                                   owner=owner if isinstance(owner, str) else None)
        self.requests = SeatRequests(settings, self.scheduler)
        creator = options.get("creator")
        #: The seat of who created the table (None: a spectator, or a table from before issue 12).
        self.creator: Seat | None = Seat.parse(creator) if isinstance(creator, str) else None
        #: Seats the creator handed to bots (issue 12): a bot plays them until a person takes them.
        self.robots: set[Seat] = {Seat.parse(s) for s in options.get("robots", ())}
        # bots only: no seat for a person at all (a creator who watches while friends come is not)
        self.speed = speed_of(options, bots_only=all(p.is_bot for p in session.table.players),
                              configured=settings.table_speed, scripted=settings.bots == "scripted")
        self._pace_changed()
        self._timers: dict[Seat, asyncio.TimerHandle] = {}
        self._inbox: asyncio.Queue[Callable[[], Awaitable[None]]] = asyncio.Queue()
        self.task: asyncio.Task[None] | None = None
        self._idle_at: float | None = None

    @property
    def table(self) -> Table:
        return self.session.table

    def _pace_changed(self) -> None:
        """The scheduler's pace and what the state says of the speed, the creator and the robots."""
        self.scheduler.speed = self.speed
        self.encoder.extra = pace_extra(self.speed, self.creator, self.robots, self.options.get("cut"))

    # -- life ---------------------------------------------------------------------------------------
    def start(self) -> None:
        self._update_meanings()
        self.task = asyncio.create_task(self._run(), name=f"table-{self.id}")
        for seat in SEATS:
            if self.table.players[seat].is_present_human:
                self._left(seat)
        self.submit(self._resume)

    async def stop(self) -> None:
        for handle in self._timers.values():
            handle.cancel()
        self._timers.clear()
        self.absence.clear()
        self.scheduler.stop()
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
        if self.conns or self.scheduler.busy or self._inbox.qsize():
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
        """After loading: a deal to draw, the analysis missing for the deal on show, bots' turn."""
        if self.table.needs_deal:
            await self._command(None, origin=None)
        state = self.table.current
        if state is not None and state.phase == "done" and not state.is_passed_out and self.hub.settings.analysis:
            self._analyse(self.table.number, state)
        self._plan()

    # -- connections ----------------------------------------------------------------------------------
    async def connect(self, conn: Connection) -> None:
        seat = conn.seat
        if conn.closed:
            return
        if seat is not None and self._seat_connected(seat):
            conn.error("seat_taken", f"seat {seat.name} is already connected from another window or device")
            await conn.close_with(4409, "seat already connected")
            return
        self.conns.add(conn)
        conn.on_drop = lambda: self.submit(lambda: self.disconnect(conn))
        if seat is not None and seat not in self.bound:
            await self._rekey(conn, seat, moved=False)
        if seat is not None:
            self._back(seat)
            if seat in self.robots:  # a person takes the seat a bot was given
                await self._set_robot(seat, False)
        if seat is not None and not self.table.players[seat].joined and not self.table.players[seat].is_bot:
            await self._command(Join(seat, self.program_name(seat)), origin=conn)
        else:
            self._broadcast()
        # Somebody sits at the table again: substitutes of the others may have to move.
        self._plan()

    async def disconnect(self, conn: Connection) -> None:
        self.conns.discard(conn)
        await conn.close()
        seat = conn.seat
        if seat is not None and self.table.players[seat].is_present_human and not self._seat_connected(seat):
            self._left(seat)
        self._broadcast()

    async def _rekey(self, conn: Connection, seat: Seat, moved: bool) -> None:
        """A fresh secret for ``seat``: every earlier one (the invitation, the old device's) stops
        working. ``moved``: the new one is an invitation for the player's other device, and this
        connection watches from now on; else it is this device's own (kept by the page)."""
        fresh = new_key(seat, self.bound, moved)
        try:
            await self._store_key(seat, fresh.digest, fresh.bound)
        except Exception as exc:
            log.error("table %s: could not store the new secret of %s: %s", self.id, seat.name, exc)
            return
        self.tokens = rekeyed(self.tokens, fresh)
        self.bound = fresh.bound
        conn.send(seat_key_text(self.id, fresh))
        if moved:
            conn.seat = None
            self._watching(conn)
            if self.table.players[seat].is_present_human:
                self._left(seat)
            self._broadcast()

    def _watching(self, conn: Connection) -> None:
        """``conn`` moved its seat away and watches from now on (a match's tables: the match's)."""

    async def _store_key(self, seat: Seat, digest: str, bound: set[Seat]) -> None:
        """Store ``seat``'s new secret (its digest) and which seats are bound to a device."""
        await self.hub.store.write(self.hub.repository.rekey_seat, self.id, seat.name, digest,
                                   [s.name for s in bound])

    def seat_connected(self, seat: Seat) -> bool:
        """Whether a connection is open on ``seat``."""
        return self._seat_connected(seat)

    def seat_of(self, token: str | None) -> Seat | None:
        return seat_of_token(self.tokens, token)

    def option_name(self, seat: Seat) -> str:
        """How the table's options name ``seat`` ("N"; a match's tables, which share the match's
        options: "1N")."""
        return seat.name

    def program_seats(self) -> frozenset[Seat]:
        """The seats outside programs play (issue 9, server/programs.py)."""
        programs = self.options.get("programs", ())
        return frozenset(s for s in SEATS if self.option_name(s) in programs)

    def program_name(self, seat: Seat) -> str:
        """The name the creator gave the program at ``seat`` ("" for other seats, or none given)."""
        if seat not in self.program_seats():
            return ""
        return str(dict(self.options.get("program_names") or {}).get(self.option_name(seat), ""))

    def program_may_play(self) -> bool:
        """Whether a program seat is sent the board now (a match's table waiting for its people's
        agreement to prepared boards is not started: nobody's cards leave the server)."""
        return True

    def program_session_over(self) -> bool:
        """Whether the program seats' session is over (a one-table game goes on: never; a match's
        table: once it has played all the match's boards)."""
        return False

    # -- absent players -------------------------------------------------------------------------------
    def _seat_connected(self, seat: Seat) -> bool:
        return any(conn.seat == seat and not conn.closed for conn in self.conns)

    def _left(self, seat: Seat) -> None:
        """``seat`` (a person's) has no connection: its grace period starts."""
        if self.absence.left(seat):
            delay = max(0.0, self.hub.settings.absent_seconds)
            self._timers[seat] = asyncio.get_running_loop().call_later(
                delay, self.submit, functools.partial(self._grace_over, seat))

    async def _grace_over(self, seat: Seat) -> None:
        self._timers.pop(seat, None)
        away = not self._seat_connected(seat) and self.table.players[seat].is_present_human
        if self.absence.grace_over(seat, away):
            log.info("table %s: %s is away; a substitute plays for the seat", self.id, seat.name)
            self._broadcast()
            self._plan()

    def _back(self, seat: Seat) -> None:
        """A connection with ``seat``'s link opened: the seat is its player's again, at once."""
        handle = self._timers.pop(seat, None)
        if handle is not None:
            handle.cancel()
        if self.absence.back(seat):
            log.info("table %s: %s is back; the substitute leaves the seat", self.id, seat.name)
            self.scheduler.planner.seat_back(seat, self.table.actor)

    def _substitutes(self) -> frozenset[Seat]:
        somebody = any(conn.seat is not None for conn in self.conns)
        connected = {conn.seat for conn in self.conns if conn.seat is not None and not conn.closed}
        return substitutes(self.absence.substitutes(somebody), self.robots, connected, somebody)

    def _plays_for(self, seat: Seat) -> bool:
        """Whether the server decides for ``seat`` now (a bot, or a substitute)."""
        return self.table.players[seat].is_bot or seat in self._substitutes()

    # -- messages from clients ----------------------------------------------------------------------
    async def message(self, conn: Connection, msg: Any) -> None:
        """Handle one parsed client message (runs inside the actor: in order with everything else)."""
        await self._message(conn, msg)

    async def alerted_call(self, conn: Connection, msg: Any, alert: str) -> None:
        """An outside program's call (``msg``) that it alerts, with its explanation ``alert``
        (server/programs.py): stored with the call in the table's log."""
        await self._message(conn, msg, alert)

    async def _message(self, conn: Connection, msg: Any, alert: str | None = None) -> None:
        if conn.closed or conn not in self.conns:
            return  # a dropped connection's commands are not applied
        kind = msg.type
        if kind == "sync":
            conn.send(self._frame().text(conn.seat), state=True)
            return
        if kind == "explain":
            self.requests.explain(conn, self.table, self.meanings, msg.index, msg.call)
            return
        seat = conn.seat
        if seat is None:
            conn.error("not_seated", "spectators watch: only the players at the table can do that")
            return
        if kind == "hint":
            self.requests.hint(conn, self.table, seat, self.bot_context)
            return
        if kind == "move_seat":
            await self._rekey(conn, seat, moved=True)
            return
        if kind == "speed":
            await self._set_speed(msg.speed)
            return
        if kind == "seat_bot":
            await self._seat_bot(conn, seat, Seat.parse(msg.seat), msg.bot)
            return
        if kind == "name" and not self.name_buckets.allow(seat):
            conn.error("busy", f"too many name changes: at most {self.hub.settings.names_per_minute:g} a minute")
            return
        try:
            command = command_of(seat, msg, self.table.ruleset)
        except InvalidNotation as exc:
            conn.error("bad_message", str(exc))
            return
        if isinstance(command, Claim):
            await self._claim(conn, command)
            return
        if alert is not None and isinstance(command, Act):
            command = dataclasses.replace(command, alert=alert)
        await self._command(command, origin=conn)

    async def _claim(self, conn: Connection, claim: Claim) -> None:
        """A person's claim: verified in the worker pool first when the table needs that."""
        try:
            state = self.session.claim_to_verify(claim.seat, claim.tricks)
        except BazasError as exc:
            conn.error(error_code(exc), str(exc))
            return
        if state is None:
            await self._command(claim, origin=conn)
            return
        version = self.table.version

        async def verify() -> None:
            holds = await self.scheduler.verify_claim(state, claim.seat, claim.tricks)

            async def apply() -> None:
                if self.table.version != version:
                    conn.error("illegal", "the play moved on while the claim was checked; claim again")
                    return
                await self._command(Claim(claim.seat, claim.tricks, bool(holds)), origin=conn)

            self.submit(apply)

        self.scheduler.spawn(verify())

    # -- the table's own settings (issue 12) ---------------------------------------------------------
    async def _set_speed(self, speed: str) -> None:
        """Any seated player sets the table's pace; stored with the table's options."""
        if speed == self.speed or speed not in PACES:
            return
        try:
            await self.hub.store.write(self.hub.repository.set_options, self.id, {"speed": speed})
        except Exception as exc:
            log.error("table %s: could not store the speed: %s", self.id, exc)
        self.options["speed"] = speed
        self.speed = speed
        self._pace_changed()
        self._broadcast()

    async def _seat_bot(self, conn: Connection, by: Seat, seat: Seat, bot: bool) -> None:
        """The creator hands ``seat`` (a person's seat nobody is connected to) to a bot, or takes
        it back for a person."""
        refusal = seat_bot_refusal(self.table, self.creator, by, seat, bot, self._seat_connected(seat))
        if refusal is not None:
            conn.error(*refusal)
            return
        player = self.table.players[seat]
        # An open seat is taken, nameless, so that the bot plays it as a player (claims included).
        if bot and not player.joined and not await self._command(Join(seat, ""), origin=conn):
            return
        await self._set_robot(seat, bot)
        self._plan()

    async def _set_robot(self, seat: Seat, bot: bool) -> None:
        robots = robots_with(self.robots, seat, bot)
        if robots == self.robots:
            return
        names = robots_option(robots)
        try:
            await self.hub.store.write(self.hub.repository.set_options, self.id, {"robots": names or None})
        except Exception as exc:
            log.error("table %s: could not store the seats given to bots: %s", self.id, exc)
        self.robots = robots
        self.options["robots"] = names
        if not bot:
            self.scheduler.planner.seat_back(seat, self.table.actor)
        self._pace_changed()
        self._broadcast()

    # -- the heart: commands --------------------------------------------------------------------------
    async def _command(self, command: Command | None, origin: Connection | None, expect: int | None = None,
                       bot: Seat | None = None) -> bool:
        """Validate, store, adopt, broadcast, plan. Returns whether the command was accepted."""
        try:
            step = self.session.propose(command, expect)
        except BazasError as exc:
            if origin is not None:
                origin.error(error_code(exc), str(exc))
            if bot is not None and error_code(exc) != "stale":
                log.warning("table %s: bot %s decision refused (%s); playing the fallback", self.id, bot.name, exc)
                await self._bot_fallback(bot)
            return False
        if step is None:
            return False
        try:
            await self.hub.store.append(step.append)
        except Exception as exc:
            log.error("table %s: could not store %d command(s): %s", self.id, len(step.commands), exc)
            if origin is not None:
                origin.error("unavailable", "the action could not be saved; try again")
            return False
        self.session.adopt(step)
        self.events = step.events
        self._update_meanings()
        self._broadcast()
        self._plan(step.events)
        return True

    async def _bot_fallback(self, seat: Seat) -> None:
        state = self.table.current
        if state is None or self.table.actor != seat or not self._plays_for(seat):
            return
        await self._command(fallback_command(state, seat, self.table.version), origin=None)

    # -- what the server owes the table ---------------------------------------------------------------
    def _plan(self, events: Sequence[Event] = ()) -> None:
        """Start what the table waits for from the server: bots' and substitutes' moves, and the
        analysis of a deal just scored."""
        table = self.table
        planner = self.scheduler.planner
        planner.note(events, table.number)
        if self.hub.settings.analysis and any(e.kind == "deal_scored" for e in events):
            state = table.current
            if state is not None and not state.is_passed_out:
                self._analyse(table.number, state)
        moves = planner.moves(table, self._substitutes())
        if moves:
            self.scheduler.start(moves, table, lambda: context_dict(self.bot_context()), self._deliver)

    async def _deliver(self, move: Move, command: Command) -> None:
        """A move's decision is back: taken if the table is still where it was decided."""
        table = self.table
        if table.version != move.version:
            return
        if move.kind == "auto_next":
            if not table.bots_only:
                return
        elif move.seat is not None and not self._plays_for(move.seat):
            # The player came back (or everybody left) meanwhile.
            self.scheduler.planner.dropped(move)
            return
        await self._command(command, origin=None, expect=move.version, bot=move.seat if move.kind == "turn" else None)

    def _analyse(self, number: int, state: DealState) -> None:
        if number in self.analysis or is_three_handed(self.table):  # (issue 11: not analysed yet)
            return
        self.scheduler.analyse(number, state, self.table.vulnerability.pbn, self._analysed)

    async def _analysed(self, number: int, result: dict[str, Any]) -> None:
        try:
            await self.hub.store.write(self.hub.repository.set_analysis, self.id, number, result)
        except Exception as exc:
            log.warning("table %s: could not store the analysis of deal %d: %s", self.id, number, exc)

        async def show() -> None:
            self.analysis[number] = result
            if self.table.number == number:
                self._broadcast()

        self.submit(show)

    def _update_meanings(self) -> None:
        """The meanings of the calls so far: known ones at once, missing ones asked of the worker
        pool (the state is sent again when they arrive)."""
        if not self.hub.settings.explanations or is_three_handed(self.table):  # (issue 11: none yet)
            return
        table = self.table
        state = table.current
        if state is None:
            self.meanings.clear()
            return
        question = self.meanings.update(table.number, action_texts(state.auction.calls), table.alerts)
        if question is None:
            return
        context = context_dict(context_of(table))

        async def ask() -> None:
            try:
                found = await self.scheduler.explain(table.ruleset, state.dealer, question.calls, question.indexes,
                                                      context, timeout=60.0)
            except Exception as exc:
                log.warning("table %s: explanations failed: %s", self.id, exc)
                found = [None] * len(question.indexes)

            async def show() -> None:
                self.meanings.learn(question, found, self.table.number)
                before = self.meanings.current
                self._update_meanings()
                if self.meanings.current != before:
                    self._broadcast()
                for conn in list(self.conns):   # program seats wait for the meanings (their alerts)
                    conn.meanings_settled()

            self.submit(show)

        self.scheduler.spawn(ask())

    def bot_context(self) -> TableContext:
        """What the bots are told of the table: its public facts and the calls outside programs
        alerted, with their explanations (issue 9: never read as natural)."""
        context = context_of(self.table)
        alerts = self.table.alerts
        return dataclasses.replace(context, alerts=alerts) if alerts else context

    # -- state messages -------------------------------------------------------------------------------
    def _presence(self) -> Presence:
        connected = frozenset(conn.seat for conn in self.conns if conn.seat is not None and not conn.closed)
        spectators = sum(1 for conn in self.conns if conn.seat is None and not conn.closed)
        return Presence(connected, self._substitutes(), spectators)

    def _frame(self) -> Frame:
        return self.encoder.frame(self.table, self._presence(), explanations=self.meanings.current,
                                  analysis=self.analysis, events=self.events)

    def _broadcast(self) -> None:
        if not self.conns:
            return
        frame = self._frame()
        for conn in list(self.conns):
            if conn.closed:
                self.conns.discard(conn)
                continue
            conn.send(frame.text(conn.seat), state=True)

    # -- reading --------------------------------------------------------------------------------------
    def finished_deal(self, number: int) -> TableDeal | None:
        return self.session.finished_deal(number)

    def summary(self) -> dict[str, Any]:
        return self.encoder.summary(self.table, self._presence())
