"""The server's registry of tables: creates them, loads (replays) them, resumes them at startup.

:class:`Hub` owns the repository, the writer thread (:class:`~bazas.server.store.AsyncStore`), the
worker pool for bots and analysis (:class:`~bazas.server.scheduler.WorkerPool`) and one
:class:`~bazas.server.actor.TableActor` per loaded table.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import random
import secrets
import time
from typing import Any

from bazas.engine.cut import draw_for
from bazas.engine.errors import BazasError
from bazas.engine.rulesets import get as get_ruleset
from bazas.engine.rulesets import one_table as one_table_rulesets
from bazas.engine.seats import SEATS, Seat
from bazas.engine.table import Player, Table, command_from_dict
from bazas.storage import Repository, SeatRecord, hash_token

from .actor import TableActor
from .protocol import CreatedTable, CreateTable
from .scheduler import WorkerPool
from .settings import Settings
from .store import AsyncStore
from .table_session import TableSession

log = logging.getLogger("bazas.server.hub")


class Hub:
    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.repository = Repository.open(settings.url)
        self.store = AsyncStore(self.repository)
        self.workers = WorkerPool(settings)
        self.actors: dict[str, TableActor] = {}
        self._loading: dict[str, asyncio.Future[TableActor | None]] = {}
        self.lags: list[float] = []
        #: Seconds from receiving a call or card to its state being queued for every connection.
        self.timings: list[float] = []
        self.lag_max = 0.0
        self._watcher: asyncio.Task[None] | None = None
        self._sweeper: asyncio.Task[None] | None = None
        self.gc_pauses = [0.0, 0.0, 0.0]
        self.gc_counts = [0, 0, 0]
        self._gc_t0 = 0.0
        gc.callbacks.append(self._gc_callback)
        #: The table-manager port for program seats (issue 9; ``bazas serve --tm-port``), when on.
        self.programs: Any = None
        #: The team matches' registry (:class:`~bazas.server.match_hub.MatchHub`), once the app made
        #: one: program seats of a match's tables are found through it.
        self.matches: Any = None

    # -- life ---------------------------------------------------------------------------------------
    async def _watch_loop(self) -> None:
        """Event-loop lag: how late a 50 ms timer fires (what every table's latency includes)."""
        loop = asyncio.get_running_loop()
        while True:
            t0 = loop.time()
            await asyncio.sleep(0.05)
            lag = loop.time() - t0 - 0.05
            self.lag_max = max(self.lag_max, lag)
            self.lags.append(lag)
            if len(self.lags) > 20000:
                del self.lags[:10000]

    def _gc_callback(self, phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            self._gc_t0 = time.perf_counter()
        else:
            spent = time.perf_counter() - self._gc_t0
            gen = int(info.get("generation", 0))
            self.gc_pauses[gen] = max(self.gc_pauses[gen], spent)
            self.gc_counts[gen] += 1

    def health(self, reset: bool = False) -> dict[str, Any]:
        """Loop lag, writer and garbage-collector figures since the last reset."""
        lags = sorted(self.lags)
        timings = sorted(self.timings[-20000:])
        out = {"ok": True, "tables": len(self.actors), "writer": self.store.stats.to_dict(),
               "gc_objects": len(gc.get_objects()), "gc_frozen": gc.get_freeze_count(),
               "action_ms": {"count": len(timings),
                             "p50": round(timings[len(timings) // 2] * 1000, 2) if timings else None,
                             "p95": round(timings[int(len(timings) * 0.95)] * 1000, 2) if timings else None,
                             "p99": round(timings[int(len(timings) * 0.99)] * 1000, 2) if timings else None},
                "loop_lag_ms": {"p50": round(lags[len(lags) // 2] * 1000, 1) if lags else None,
                                "p99": round(lags[int(len(lags) * 0.99)] * 1000, 1) if lags else None,
                                "max": round(self.lag_max * 1000, 1)},
                "gc": {"collections": self.gc_counts, "slowest_ms": [round(p * 1000, 1) for p in self.gc_pauses]}}
        if reset:
            self.lags, self.lag_max, self.timings = [], 0.0, []
            self.gc_pauses, self.gc_counts = [0.0, 0.0, 0.0], [0, 0, 0]
            self.store.stats = type(self.store.stats)()
        return out

    async def _sweep(self) -> None:
        """Unload tables nobody watches and nobody can move (they load again on demand)."""
        every = max(0.2, min(60.0, self.settings.unload_after / 2))
        while True:
            await asyncio.sleep(every)
            now = asyncio.get_running_loop().time()
            for table_id, actor in list(self.actors.items()):
                if actor.idle_since is not None and now - actor.idle_since > self.settings.unload_after:
                    self.actors.pop(table_id, None)
                    await actor.stop()

    async def start(self) -> None:
        self._watcher = asyncio.create_task(self._watch_loop())
        self._sweeper = asyncio.create_task(self._sweep())
        if self.settings.bots != "scripted" or self.settings.analysis or self.settings.explanations:
            self.workers.warm_up()
        if self.settings.tm_port >= 0:  # issue 9: program seats (server/programs.py)
            from .programs import ProgramSeats

            self.programs = ProgramSeats(self)
            await self.programs.start(self.settings.tm_host, self.settings.tm_port)
        if self.settings.resume:
            ids = await self.store.read(self.repository.table_ids, ["over"])
            for table_id in ids:
                try:
                    await self.get(table_id)
                except Exception:
                    log.exception("could not resume table %s", table_id)
            if ids:
                log.info("resumed %d table(s)", len(ids))
        # Everything loaded so far (modules, the resumed tables) lives as long as the server: keep
        # it out of the garbage collector's full passes, which otherwise stall every table.
        gc.collect()
        gc.freeze()
        # Objects of an action mostly die within a second: a larger young generation lets them die
        # there, so the full passes over every table and connection (tens of milliseconds, during
        # which no table moves) stay rare.
        gc.set_threshold(50_000, 20, 100)

    async def close(self) -> None:
        for task in (self._watcher, self._sweeper):
            if task is not None:
                task.cancel()
        with contextlib.suppress(ValueError):
            gc.callbacks.remove(self._gc_callback)
        if self.programs is not None:
            await self.programs.close()
        for actor in list(self.actors.values()):
            await actor.stop()
        self.actors.clear()
        self.workers.close()
        await asyncio.to_thread(self.store.close)

    # -- tables -------------------------------------------------------------------------------------
    async def create(self, request: CreateTable, owner: str | None = None) -> CreatedTable:
        """A new table; ``owner``: the key of the client address that asks (stored with the table:
        the worker pool shares its CPU per owner first, issue 13)."""
        try:
            ruleset = get_ruleset(request.ruleset)
        except BazasError as exc:
            raise ValueError(str(exc)) from None
        if request.options:  # the game's table options (issue 11), checked by CreateTable already
            try:
                ruleset = ruleset.with_options(request.options)
            except BazasError as exc:
                raise ValueError(f"options: {exc}") from None
        if not ruleset.one_table:
            playable = ", ".join(r.id for r in one_table_rulesets())
            raise ValueError(f"{ruleset.id} cannot be played at one table (playable: {playable})")
        me = None if request.me is None else Seat.parse(request.me)
        if me is not None and me not in ruleset.seats:
            raise ValueError(f"{me.name} is not a player's seat at {ruleset.id} (the players: "
                             f"{', '.join(s.name for s in ruleset.seats)})")
        players: list[Player] = []
        kinds: dict[Seat, str] = {}
        programs: list[str] = []
        for seat in SEATS:
            if seat not in ruleset.seats:  # three-handed: W holds the dummy hand, nobody sits there
                players.append(Player.bot())
                kinds[seat] = "bot"
                continue
            if seat == me:
                players.append(Player("human", (request.name or "").strip()[:40], True))
                kinds[seat] = "human"
                continue
            choice = request.seats.get(seat.name, "bot")  # type: ignore[call-overload]
            if choice == "bot":
                players.append(Player.bot())
                kinds[seat] = "bot"
            elif choice == "program":  # issue 9: an outside program's seat (server/programs.py)
                if self.programs is None:
                    raise ValueError(f"seat {seat.name}: program seats need the server's table-manager port "
                                     "(bazas serve --tm-port)")
                players.append(Player.human())
                kinds[seat] = "human"
                programs.append(seat.name)
            else:
                players.append(Player.human())
                kinds[seat] = "human"
        if request.seed is not None and not self.settings.seed_open_tables:
            others = [seat.name for seat in SEATS if kinds[seat] == "human" and seat != me]
            if others:
                raise ValueError(f"seed (prepared deals) is only for a table where everybody agreed to them: "
                                 f"not with seats open to other people ({', '.join(others)})")
        cut = None
        if request.first_dealer == "draw":  # seeds 000 and 003: the first dealer is drawn (issue 11)
            cut = draw_for(ruleset, random.SystemRandom() if request.seed is None
                           else random.Random(f"{request.seed}:cut"))
            first_dealer = cut.dealer
        else:
            first_dealer = Seat.parse(request.first_dealer)
            if first_dealer not in ruleset.seats:
                raise ValueError(f"first_dealer: {first_dealer.name} is not a player's seat at {ruleset.id} (the "
                                 f"players: {', '.join(s.name for s in ruleset.seats)})")
        table = Table.create(ruleset.id, players, first_dealer)
        config = table.config()
        options: dict[str, Any] = {"lang": request.lang}
        if request.bot_seconds is not None:
            options["bot_seconds"] = float(request.bot_seconds)
        if request.seed is not None:
            options["seed"] = request.seed
        if request.public:
            options["public"] = True
        if cut is not None:  # the cards cut and who deals, shown on the table
            options["cut"] = cut.to_dict()
        if request.speed is not None:
            options["speed"] = request.speed
        if me is not None:
            options["creator"] = me.name
        if owner is not None:
            options["owner"] = owner
        stray = [seat for seat in request.program_names if seat not in programs]
        if stray:
            raise ValueError(f"program_names: {stray[0]} is not a program seat")
        if programs:  # a program's secret is its team name: bound (never re-keyed on connecting)
            options["programs"] = programs
            options["bound"] = programs
            if request.program_names:
                options["program_names"] = dict(request.program_names)
        table_id = secrets.token_urlsafe(9)
        tokens = {seat: secrets.token_urlsafe(16) for seat in SEATS if kinds[seat] == "human"}
        seats = [SeatRecord(seat.name, kinds[seat], hash_token(tokens[seat]) if seat in tokens else None)
                 for seat in SEATS]
        session = TableSession(table_id, table, seed=options.get("seed"))
        # The first deal is dealt and stored with the table itself.
        first = session.propose(None)
        assert first is not None
        await self.store.write(self.repository.create_table, table_id, ruleset.id, config, options, seats,
                               first.append, first.table.status)
        session.adopt(first)
        actor = TableActor(self, session, options, {hash_token(t): s for s, t in tokens.items()})
        self.actors[table_id] = actor
        actor.start()
        links = {seat.name: f"/t/{table_id}?k={token}" for seat, token in tokens.items() if seat.name not in programs}
        details = {seat.name: self.programs.details(table_id, seat, tokens[seat]) for seat in SEATS
                   if seat.name in programs}
        return CreatedTable(table_id=table_id, links=links, programs=details,  # type: ignore[arg-type]
                            me=None if me is None else links.get(me.name), spectate=f"/t/{table_id}")

    async def get(self, table_id: str) -> TableActor | None:
        """The table's actor, loaded (and replayed) from the database on first use."""
        actor = self.actors.get(table_id)
        if actor is not None:
            return actor
        loading = self._loading.get(table_id)
        if loading is None:
            loading = asyncio.ensure_future(self._load(table_id))
            self._loading[table_id] = loading
            try:
                return await loading
            finally:
                self._loading.pop(table_id, None)
        return await asyncio.shield(loading)

    async def _load(self, table_id: str) -> TableActor | None:
        if len(table_id) > 32:
            return None
        stored = await self.store.read(self.repository.load_table, table_id)
        if stored is None or stored.ruleset == "team-match":  # a match: see match_hub.py
            return None
        commands = [command_from_dict(e.payload) for e in stored.events]
        table = await asyncio.to_thread(Table.replay, stored.config, commands)
        if table.version != len(stored.events):  # pragma: no cover - replay accepts every stored command
            raise RuntimeError(f"table {table_id}: replayed {table.version} of {len(stored.events)} events")
        analysis: dict[int, dict[str, Any]] = {}
        state = table.current
        if state is not None and state.phase == "done":
            row = await self.store.read(self.repository.deal, table_id, table.number)
            if row is not None and row.analysis is not None:
                analysis[table.number] = row.analysis
        tokens = {s.token_hash: Seat.parse(s.seat) for s in stored.seats.values() if s.token_hash}
        session = TableSession(table_id, table, seed=stored.options.get("seed"), stored_status=stored.status,
                               deal_row=table.number if state is not None else 0)
        actor = TableActor(self, session, stored.options, tokens, analysis=analysis)
        self.actors[table_id] = actor
        actor.start()
        return actor
