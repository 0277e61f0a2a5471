"""The server's own work at a table: what bots (and substitutes) must do now, in the worker pool,
with deadlines, the pool shared fairly between tables.

- :class:`Planner` (pure) says which decisions a table is owed after each change: the turn of the
  seat the server plays for, a substitute's answer to a claim or an undo request, its ``next``, the
  move on of a table of bots only. Each is started once per table version.
- :class:`FairSlots` hands out the pool's workers: at most one job per worker, and when jobs wait,
  the next free worker goes to the owner (the client address that created the table) that has
  waited longest, and within the owner to its table that has waited longest (round robin), so a
  table with many jobs (analyses, meanings), or a client with many tables, does not hold up
  another person's bot.
- :class:`WorkerPool` is the process pool (forkserver) with those slots and deadlines.
- :class:`Scheduler` runs one table's jobs: a bot's decision (falling back to a safe action when
  it fails or misses its deadline), claim checks, hints, meanings and the analysis of finished
  deals. Results come back through ``submit`` as jobs for the table's inbox, so they are handled in
  order with everything else.

Nothing here knows a particular table class: the planner reads any :class:`SchedulableTable` (the
engine's :class:`~bazas.engine.table.Table` is one), and decisions come back as engine commands.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import logging
import multiprocessing
import os
import random
from collections import deque
from collections.abc import AsyncIterator, Awaitable, Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Any, Literal, Protocol, TypeVar

from bazas.engine.seats import SEATS, Seat
from bazas.engine.state import Action, ClaimAction, DealState, Event, parse_action
from bazas.engine.table import (
    Act,
    Claim,
    ClaimReply,
    Command,
    Next,
    PendingClaim,
    PendingUndo,
    Player,
    UndoReply,
)
from bazas.engine.three_handed_table import seat_view

from . import pace, workers
from .settings import Settings

log = logging.getLogger("bazas.server.scheduler")

T = TypeVar("T")
Job = Callable[[], Awaitable[None]]


# -- what is owed -------------------------------------------------------------------------------
class SchedulableTable(Protocol):
    """What the planner reads of a table."""

    @property
    def version(self) -> int: ...
    @property
    def number(self) -> int: ...
    @property
    def players(self) -> Sequence[Player]: ...
    @property
    def actor(self) -> Seat | None: ...
    @property
    def status(self) -> str: ...
    @property
    def humans(self) -> frozenset[Seat]: ...
    @property
    def ready(self) -> frozenset[Seat]: ...
    @property
    def bots_only(self) -> bool: ...
    @property
    def pending_claim(self) -> PendingClaim | None: ...
    @property
    def pending_undo(self) -> PendingUndo | None: ...
    @property
    def current(self) -> DealState | None: ...


MoveKind = Literal["turn", "claim_reply", "undo_reply", "next", "auto_next"]


@dataclass(frozen=True, slots=True)
class Move:
    """A decision the server owes the table at ``version``: ``seat``'s turn (a bot's or a
    substitute's), a substitute's answer or ``next``, or moving a bots-only table on (seat None)."""

    kind: MoveKind
    seat: Seat | None
    version: int


class Planner:
    """Which moves are owed now, each started once per table version.

    >>> from bazas.engine.deal import deal_from_seed
    >>> from bazas.engine.table import DealCards, Table
    >>> t = Table.create("rubber", [Player.bot(), Player.human("Ana"), Player.bot(), Player.bot()])
    >>> t, _ = t.handle(DealCards(deal_from_seed(1)))
    >>> p = Planner()
    >>> p.moves(t, frozenset()), p.moves(t, frozenset())
    ([Move(kind='turn', seat=<Seat.N: 0>, version=1)], [])
    """

    def __init__(self) -> None:
        self._turn = -1
        self._auto_next = -1
        self._answered: dict[Seat, int] = {}
        self._no_claims = -1

    def moves(self, table: SchedulableTable, substitutes: frozenset[Seat]) -> list[Move]:
        """The moves owed by the server at ``table`` (``substitutes``: the absent people's seats
        it plays for now) that have not been started at this version."""
        version = table.version
        out: list[Move] = []
        actor = table.actor
        if actor is not None and (table.players[actor].is_bot or actor in substitutes) and self._turn != version:
            self._turn = version
            out.append(Move("turn", actor, version))
        if table.bots_only and table.status == "review" and self._auto_next != version:
            self._auto_next = version
            out.append(Move("auto_next", None, version))
        claim, undo = table.pending_claim, table.pending_undo
        for seat in SEATS:
            if seat not in substitutes or seat == actor or self._answered.get(seat) == version:
                continue
            kind: MoveKind | None = None
            if claim is not None and seat in claim.needed and seat not in claim.accepted:
                kind = "claim_reply"
            elif undo is not None and seat in undo.needed and seat not in undo.accepted:
                kind = "undo_reply"
            elif table.status in ("review", "over") and seat in table.humans and seat not in table.ready:
                kind = "next"
            if kind is not None:
                self._answered[seat] = version
                out.append(Move(kind, seat, version))
        return out

    def dropped(self, move: Move) -> None:
        """``move``'s decision was not used (its seat is no longer the server's): should the
        server play for the seat again at the same version, it decides afresh."""
        if move.kind == "turn":
            if self._turn == move.version:
                self._turn = -1
        elif move.seat is not None and self._answered.get(move.seat) == move.version:
            del self._answered[move.seat]

    def seat_back(self, seat: Seat, actor: Seat | None) -> None:
        """A person took their seat back from a substitute: what it was deciding is dropped."""
        self._answered.pop(seat, None)
        if actor == seat:
            self._turn = -1

    def note(self, events: Sequence[Event], number: int) -> None:
        """After accepted commands: a refused claim stops the bots claiming in this deal."""
        if any(e.kind == "claim_rejected" for e in events):
            self._no_claims = number

    def claims_allowed(self, number: int) -> bool:
        """Whether bots may claim in deal ``number``."""
        return self._no_claims != number


# -- the pool -----------------------------------------------------------------------------------
#: Priorities of the pool's jobs (lower first): bots' decisions, claim checks and hints (a table or
#: a person at their turn waits for them; hints are one at a time and rate limited per seat), then
#: the meanings of calls, then the analyses of finished deals.
DECISION, REQUEST, ANALYSIS = 0, 1, 2


class FairSlots:
    """At most ``size`` holders at once; waiting holders are served by priority (lower first), and
    within a priority round robin by owner (the client address that created the table), then round
    robin by key (the table) within the owner.

    A key that waits gets the next free slot before a key that already got one while it waited:
    with ``size`` 1 and jobs queued as a1 a2 a3 b1, they run a1 b1 a2 a3. A waiting decision
    (priority 0) goes before any waiting analysis (priority 2), whichever table asked first. An
    owner with many tables gets one owner's share, not one share per table (issue 13): with tables
    f1 .. f7 of owner F and table v of owner V all waiting, V's jobs take every other slot.
    A key without an owner is its own owner.
    """

    def __init__(self, size: int) -> None:
        self.size = size
        self.running = 0
        #: priority -> owner -> key -> waiters (dicts keep the round-robin order: the next served is
        #: the first; served ones with more to do go to the back).
        self._waiting: dict[int, dict[Hashable, dict[Hashable, deque[asyncio.Future[None]]]]] = {}
        #: Slots handed out, by key (what each table got: for the fairness tests and benches).
        self.granted: dict[Hashable, int] = {}
        #: Slots handed out, by owner.
        self.granted_owners: dict[Hashable, int] = {}

    @contextlib.asynccontextmanager
    async def hold(self, key: Hashable, priority: int = DECISION, owner: Hashable | None = None) -> AsyncIterator[None]:
        await self.acquire(key, priority, owner)
        try:
            yield
        finally:
            self.release()

    @property
    def waiting(self) -> int:
        return sum(len(q) for owners in self._waiting.values() for keys in owners.values() for q in keys.values())

    def _grant(self, key: Hashable, owner: Hashable) -> None:
        self.running += 1
        self.granted[key] = self.granted.get(key, 0) + 1
        self.granted_owners[owner] = self.granted_owners.get(owner, 0) + 1

    async def acquire(self, key: Hashable, priority: int = DECISION, owner: Hashable | None = None) -> None:
        owner = key if owner is None else owner
        if self.running < self.size and not self._waiting:
            self._grant(key, owner)
            return
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._waiting.setdefault(priority, {}).setdefault(owner, {}).setdefault(key, deque()).append(future)
        try:
            await future
        except asyncio.CancelledError:
            if future.done() and not future.cancelled():
                self.release()  # the slot came as the waiter was cancelled: pass it on
            raise

    def release(self) -> None:
        self.running -= 1
        while self.running < self.size and self._waiting:
            priority = min(self._waiting)
            owners = self._waiting[priority]
            owner = next(iter(owners))
            keys = owners.pop(owner)
            key = next(iter(keys))
            queue = keys.pop(key)
            future = queue.popleft()
            if queue:
                keys[key] = queue  # the key goes to the back of its owner's round
            if keys:
                owners[owner] = keys  # the owner goes to the back of the round
            if not owners:
                del self._waiting[priority]
            if future.cancelled():
                continue
            self._grant(key, owner)
            future.set_result(None)


class WorkerPool:
    """A process pool (forkserver) for bots, hints, claim checks and analysis, with deadlines.

    A decision that misses its deadline is abandoned (its worker finishes it in the background);
    a pool that broke (a worker died) is replaced on the next call."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.size = settings.bot_workers or os.cpu_count() or 2
        self._pool: concurrent.futures.ProcessPoolExecutor | None = None
        self._ready: asyncio.Future[Any] | None = None
        # At most one job per worker in the pool: a job's deadline then measures its own work,
        # not the time it waited behind others.
        self.slots = FairSlots(self.size)

    def pool(self) -> concurrent.futures.ProcessPoolExecutor:
        if self._pool is None:
            methods = multiprocessing.get_all_start_methods()
            context = multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")
            self._pool = concurrent.futures.ProcessPoolExecutor(
                max_workers=self.size, mp_context=context, initializer=workers.init_worker,
                initargs=(self.settings.bots, os.getpid()))
        return self._pool

    def warm_up(self) -> None:
        """Start the workers now (the bots' modules load once per worker, a second or two); the
        first jobs wait for that without it counting against their deadline."""
        pool = self.pool()
        pings = [asyncio.wrap_future(pool.submit(workers.ping)) for _ in range(self.size)]
        self._ready = asyncio.gather(*pings, return_exceptions=True)

    async def run(self, fn: Callable[..., T], *args: Any, timeout: float, key: Hashable = "",
                  priority: int = DECISION, owner: Hashable | None = None) -> T:
        """``fn(*args)`` in a worker, for table ``key`` of ``owner`` (``priority``, ``owner``: see
        :class:`FairSlots`); raises TimeoutError after ``timeout`` seconds of its work."""
        loop = asyncio.get_running_loop()
        if self._ready is not None:
            if not self._ready.done():
                await asyncio.wait_for(asyncio.shield(self._ready), 120)
            self._ready = None
        async with self.slots.hold(key, priority, owner):
            try:
                future = loop.run_in_executor(self.pool(), fn, *args)
            except concurrent.futures.BrokenExecutor:
                self._reset()
                future = loop.run_in_executor(self.pool(), fn, *args)
            try:
                return await asyncio.wait_for(future, timeout)
            except concurrent.futures.BrokenExecutor:
                self._reset()
                raise

    def _reset(self) -> None:
        pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)

    def close(self) -> None:
        """Stop the workers (a bot still thinking is terminated) and the forkserver."""
        pool, self._pool = self._pool, None
        if pool is not None:
            processes = list((getattr(pool, "_processes", None) or {}).values())
            pool.shutdown(wait=False, cancel_futures=True)
            for process in processes:
                if process.is_alive():
                    process.terminate()
            for process in processes:
                process.join(timeout=2)
        from multiprocessing import forkserver

        server = getattr(forkserver, "_forkserver", None)
        stop = getattr(server, "_stop", None)
        if stop is not None:
            with contextlib.suppress(Exception):
                stop()


# -- one table's jobs ---------------------------------------------------------------------------
class Scheduler:
    """The jobs of table ``key``: the moves the planner owes, claim checks, hints, meanings and
    analyses, each in ``pool`` with its deadline. A move's command comes back as
    ``submit(lambda: deliver(move, command))``. ``owner``: who created the table (its client
    address's key, see :func:`~bazas.server.limits.owner_key`): the pool shares its workers between
    owners first, then between an owner's tables (None: the table is its own owner)."""

    def __init__(self, key: str, pool: WorkerPool, settings: Settings, bot_seconds: float,
                 submit: Callable[[Job], None], owner: str | None = None) -> None:
        self.key = key
        self.owner = owner
        self.pool = pool
        self.settings = settings
        self.bot_seconds = bot_seconds
        self.submit = submit
        self.planner = Planner()
        self._tasks: set[asyncio.Task[Any]] = set()
        self._analysing: set[int] = set()
        #: The table's speed (:mod:`bazas.server.pace`): how long a bot's decision is held back.
        self.speed = "instant"

    # -- tasks --------------------------------------------------------------------------------------
    @property
    def busy(self) -> bool:
        """Whether a job of this table is running or waiting for a worker."""
        return bool(self._tasks)

    def spawn(self, coro: Awaitable[Any]) -> None:
        task = asyncio.ensure_future(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def stop(self) -> None:
        for task in list(self._tasks):
            task.cancel()

    async def run(self, fn: Callable[..., T], *args: Any, timeout: float, priority: int = DECISION) -> T:
        return await self.pool.run(fn, *args, timeout=timeout, key=self.key, priority=priority,
                                   owner=self.owner)

    @property
    def deadline(self) -> float:
        """How long a bot's decision (or a hint) may take before it is replaced or given up."""
        return self.bot_seconds * self.settings.bot_deadline_factor + self.settings.bot_deadline_grace

    # -- moves --------------------------------------------------------------------------------------
    def start(self, moves: Sequence[Move], table: SchedulableTable, context: Callable[[], dict[str, Any]],
              deliver: Callable[[Move, Command], Awaitable[None]]) -> None:
        """Start each of ``moves``, owed by ``table`` (``context()``: the bots' table context)."""
        state = table.current
        for move in moves:
            if move.kind == "turn":
                assert state is not None and move.seat is not None
                self._turn(move, state, context, table.number, deliver)
            elif move.kind == "claim_reply":
                assert state is not None and move.seat is not None and table.pending_claim is not None
                self._claim_reply(move, state, table.pending_claim, deliver)
            elif move.kind == "undo_reply":
                assert move.seat is not None
                self._deliver(move, UndoReply(move.seat, True), deliver)
            elif move.kind == "next":
                self._deliver(move, Next(move.seat), deliver)
            else:
                self.spawn(self._auto_next(move, deliver))

    def _deliver(self, move: Move, command: Command, deliver: Callable[[Move, Command], Awaitable[None]]) -> None:
        self.submit(lambda: deliver(move, command))

    def _turn(self, move: Move, state: DealState, context: Callable[[], dict[str, Any]], number: int,
              deliver: Callable[[Move, Command], Awaitable[None]]) -> None:
        seat = move.seat
        assert seat is not None
        settings = self.settings
        loop = asyncio.get_running_loop()
        release_at = loop.time() + pace.release_delay(self.speed, state)
        if settings.bots == "scripted":
            action = workers.scripted_action(seat_view(state, seat), random.Random(f"{self.key}:{move.version}"))
            if release_at <= loop.time():
                self._deliver(move, as_command(seat, action, move.version), deliver)
            else:
                self.spawn(self._release(release_at, move, as_command(seat, action, move.version), deliver))
            return
        record = state.to_record()
        if settings.bots == "dds":
            kind = "dds" if self.planner.claims_allowed(number) else "dds-noclaim"
        else:
            kind = "simple"
        seed = random.Random(f"{self.key}:{move.version}").getrandbits(32)
        seconds = self.bot_seconds
        ctx = context()

        async def think() -> None:
            if settings.bot_delay:
                await asyncio.sleep(settings.bot_delay)
            try:
                text, _ = await self.run(workers.decide, kind, settings.bot_strength, record, seat.name, ctx,
                                         seconds, seed, timeout=self.deadline)
                action = parse_action(text)
            except Exception as exc:
                log.warning("table %s: bot %s failed or ran out of time (%s: %s); fallback action",
                            self.key, seat.name, type(exc).__name__, exc)
                action = workers.fallback_action(seat_view(state, seat))
            await self._release(release_at, move, as_command(seat, action, move.version), deliver)

        self.spawn(think())

    async def _release(self, release_at: float, move: Move, command: Command,
                       deliver: Callable[[Move, Command], Awaitable[None]]) -> None:
        """Deliver a bot's decision no earlier than ``release_at`` (the table's pace)."""
        wait = release_at - asyncio.get_running_loop().time()
        if wait > 0:
            await asyncio.sleep(wait)
        self._deliver(move, command, deliver)

    def _claim_reply(self, move: Move, state: DealState, claim: PendingClaim,
                     deliver: Callable[[Move, Command], Awaitable[None]]) -> None:
        """A substitute accepts a claim if the engine verifies it, refuses it otherwise."""
        seat = move.seat
        assert seat is not None

        async def verify() -> None:
            holds = await self.verify_claim(state, claim.seat, claim.tricks)
            self._deliver(move, ClaimReply(seat, holds is True), deliver)

        self.spawn(verify())

    async def _auto_next(self, move: Move, deliver: Callable[[Move, Command], Awaitable[None]]) -> None:
        await asyncio.sleep(self.settings.auto_next_delay)
        self._deliver(move, Next(None), deliver)

    # -- other jobs -----------------------------------------------------------------------------------
    async def verify_claim(self, state: DealState, seat: Seat, tricks: int) -> bool | None:
        """Whether ``seat``'s claim of ``tricks`` holds whatever the lie of the cards (None: it
        could not be checked in time)."""
        try:
            return await self.run(workers.check_claim, state.to_record(), seat.name, tricks,
                                  timeout=self.settings.bot_deadline_grace + 3.0)
        except Exception as exc:
            log.info("table %s: claim check failed: %s", self.key, exc)
            return None

    async def hint(self, state: DealState, seat: Seat, context: dict[str, Any]) -> tuple[str, dict[str, Any] | None]:
        """What the bot would do for ``seat`` now, and why (raises when it cannot say in time)."""
        settings = self.settings
        if settings.bots == "scripted":
            return str(workers.scripted_action(seat_view(state, seat))), None
        kind = "dds-noclaim" if settings.bots == "dds" else "simple"
        return await self.run(workers.decide, kind, settings.bot_strength, state.to_record(), seat.name, context,
                              self.bot_seconds, 0, timeout=self.deadline, priority=DECISION)

    async def explain(self, ruleset: str, dealer: Seat, calls: Sequence[str], indexes: Sequence[int],
                      context: dict[str, Any], timeout: float = 60.0) -> list[dict[str, Any] | None]:
        """The meanings of calls ``indexes`` of the auction ``calls`` (raises when unavailable)."""
        return await self.run(workers.explain_calls, ruleset, dealer.name, list(calls), list(indexes), context,
                              timeout=timeout, priority=REQUEST)

    def analyse(self, number: int, state: DealState, vulnerability: str,
                then: Callable[[int, dict[str, Any]], Awaitable[None]]) -> None:
        """Start the double-dummy analysis of finished deal ``number`` (once at a time);
        ``then(number, result)`` runs when it is done."""
        if number in self._analysing:
            return
        self._analysing.add(number)
        record = state.to_record()

        async def run() -> None:
            try:
                result = await self.run(workers.analyse, record, vulnerability, timeout=120.0, priority=ANALYSIS)
            except Exception as exc:
                log.warning("table %s: analysis of deal %d failed: %s", self.key, number, exc)
                return
            finally:
                self._analysing.discard(number)
            if result is not None:
                await then(number, result)

        self.spawn(run())


def as_command(seat: Seat, action: Action, version: int) -> Command:
    """A bot's decision for ``seat`` at table ``version`` as a table command (a claim it makes is
    one the engine verified)."""
    if isinstance(action, ClaimAction):
        return Claim(seat, action.tricks, True)
    return Act(seat, action, expect=version)


def fallback_command(state: DealState, seat: Seat, version: int) -> Command:
    """What a bot does when its decision was refused: pass, or the lowest legal card."""
    return Act(seat, workers.fallback_action(seat_view(state, seat)), expect=version)
