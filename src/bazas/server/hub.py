"""The server's registry of tables: creates them, loads (replays) them, resumes them at startup.

:class:`Hub` owns the repository, the writer thread (:class:`~bazas.server.store.AsyncStore`), the
worker pool for bots and analysis (:class:`Workers`) and one :class:`~bazas.server.actor.TableActor`
per loaded table.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import gc
import logging
import multiprocessing
import os
import secrets
import time
from collections.abc import Callable
from typing import Any, TypeVar

from bazas.engine.errors import BazasError
from bazas.engine.rulesets import get as get_ruleset
from bazas.engine.rulesets import one_table as one_table_rulesets
from bazas.engine.seats import SEATS, Seat
from bazas.engine.table import DealCards, Player, Table, command_from_dict
from bazas.storage import Repository, SeatRecord, hash_token

from . import workers
from .actor import TableActor
from .protocol import CreatedTable, CreateTable
from .settings import Settings
from .store import AsyncStore

log = logging.getLogger("bazas.server.hub")

T = TypeVar("T")


class Workers:
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
        self._slots: asyncio.Semaphore | None = None

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

    async def run(self, fn: Callable[..., T], *args: Any, timeout: float) -> T:
        """``fn(*args)`` in a worker; raises TimeoutError after ``timeout`` seconds of its work."""
        loop = asyncio.get_running_loop()
        if self._slots is None:
            self._slots = asyncio.Semaphore(self.size)
        if self._ready is not None:
            if not self._ready.done():
                await asyncio.wait_for(asyncio.shield(self._ready), 120)
            self._ready = None
        async with self._slots:
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


class Hub:
    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.repository = Repository.open(settings.url)
        self.store = AsyncStore(self.repository)
        self.workers = Workers(settings)
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
        for actor in list(self.actors.values()):
            await actor.stop()
        self.actors.clear()
        self.workers.close()
        await asyncio.to_thread(self.store.close)

    # -- tables -------------------------------------------------------------------------------------
    async def create(self, request: CreateTable) -> CreatedTable:
        try:
            ruleset = get_ruleset(request.ruleset)
        except BazasError as exc:
            raise ValueError(str(exc)) from None
        if not ruleset.one_table:
            playable = ", ".join(r.id for r in one_table_rulesets())
            raise ValueError(f"{ruleset.id} cannot be played at one table (playable: {playable})")
        me = None if request.me is None else Seat.parse(request.me)
        players: list[Player] = []
        kinds: dict[Seat, str] = {}
        for seat in SEATS:
            if seat == me:
                players.append(Player("human", (request.name or "").strip()[:40], True))
                kinds[seat] = "human"
                continue
            choice = request.seats.get(seat.name, "bot")  # type: ignore[call-overload]
            if choice == "bot":
                players.append(Player.bot())
                kinds[seat] = "bot"
            else:
                players.append(Player.human())
                kinds[seat] = "human"
        table = Table.create(ruleset.id, players, Seat.parse(request.first_dealer))
        config = table.config()
        options: dict[str, Any] = {"lang": request.lang}
        if request.bot_seconds is not None:
            options["bot_seconds"] = float(request.bot_seconds)
        if request.seed is not None:
            options["seed"] = request.seed
        table_id = secrets.token_urlsafe(9)
        tokens = {seat: secrets.token_urlsafe(16) for seat in SEATS if kinds[seat] == "human"}
        seats = [SeatRecord(seat.name, kinds[seat], hash_token(tokens[seat]) if seat in tokens else None)
                 for seat in SEATS]
        actor = TableActor(self, table_id, table, options, {hash_token(t): s for s, t in tokens.items()},
                           stored_status=table.status)
        # The first deal is dealt and stored with the table itself.
        deal = actor._draw(1)
        first, _ = table.handle(DealCards(deal))
        append, stored = actor._append(first, [DealCards(deal)])
        await self.store.write(self.repository.create_table, table_id, ruleset.id, config, options, seats, append,
                               first.status)
        stored()
        actor.table = first
        self.actors[table_id] = actor
        actor.start()
        links = {seat.name: f"/t/{table_id}?k={token}" for seat, token in tokens.items()}
        return CreatedTable(table_id=table_id, links=links,  # type: ignore[arg-type]
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
        if stored is None:
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
        actor = TableActor(self, table_id, table, stored.options, tokens, stored_status=stored.status,
                           analysis=analysis, deal_row=table.number if state is not None else 0)
        self.actors[table_id] = actor
        actor.start()
        return actor
