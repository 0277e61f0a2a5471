"""A site of several table servers (issue 14): table leases, hand-over and take-over.

``bazas serve`` with ``BAZAS_CLUSTER=1`` (and a PostgreSQL ``BAZAS_DATABASE_URL``) runs a
:class:`ClusterHub`: the one-process :class:`~bazas.server.hub.Hub` plus

- a **lease** per loaded table (:mod:`bazas.storage.leases`): a table is loaded only by the process
  that holds its lease, so exactly one process owns it at a time;
- a **heartbeat** (every ``lease_seconds / 5``) renewing the leases; a table whose lease was lost is
  dropped at once (its connections are closed with 1012, so clients reconnect through the load
  balancer); a process that cannot renew for most of a lease drops all its tables itself;
- **hand-over**: when the load balancer routes a table to this process while another live process
  holds it (a server came back, the routing moved), this process asks for it (``wanted_by``) and
  the owner gives it up at its next heartbeat, after its last event is stored;
- **take-over**: the tables of a process that died (its leases expired) are resumed from the event
  log by the live processes, spread among them by rendezvous hashing, within a few seconds;
- a store that drops a table whose append hit an event version already stored (another process
  wrote it: the event log's key is the last fence), so it reloads from the log;
- **team matches** (:mod:`bazas.server.match_hub`) leased by their match id like tables: one
  process owns a whole match (both tables, their spectators, one inbox and one event log), so its
  events stay in order in one actor as on one server; hand-over, take-over and the fence are the
  tables' own;
- bots, hints, claim checks and analyses in ``bazas worker`` processes anywhere (``BAZAS_WORKERS=redis``,
  :mod:`bazas.server.remote`) instead of this machine's process pool.

Single-process mode (``make run``, SQLite) never imports this module's machinery.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import secrets
import socket
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from bazas.storage import Append
from bazas.storage.leases import Leases, rendezvous
from bazas.storage.repository import ConflictError

from .actor import TableActor
from .hub import Hub
from .settings import Settings
from .store import AsyncStore

if TYPE_CHECKING:
    from .match_hub import MatchHub

#: The ``ruleset`` a team match is stored under (``match_actor.TEAM_MATCH``; not imported: the
#: match modules load after the hub).
TEAM_MATCH = "team-match"

log = logging.getLogger("bazas.server.cluster")

#: WebSocket close code when a table moves to another server (the client reconnects).
MOVED = 1012


class TableElsewhere(RuntimeError):
    """Another live server holds the table and did not hand it over in time: try again."""

    def __init__(self, table_id: str) -> None:
        super().__init__(f"table {table_id!r} is being moved between servers: try again in a moment")
        self.table_id = table_id


@dataclass(frozen=True)
class ClusterSettings:
    """``BAZAS_CLUSTER`` (on), ``BAZAS_SERVER_NAME`` (unique in the site; default host-pid-random),
    ``BAZAS_LEASE_SECONDS`` (5), ``BAZAS_REDIS_URL`` (events and the shared work queue) and
    ``BAZAS_WORKERS`` (``local``: this machine's process pool; ``redis``: ``bazas worker`` processes)."""

    enabled: bool = False
    name: str = ""
    lease_seconds: float = 5.0
    redis_url: str = ""
    workers: str = "local"

    @staticmethod
    def from_env(env: dict[str, str] | None = None) -> ClusterSettings:
        source = os.environ if env is None else env
        enabled = source.get("BAZAS_CLUSTER", "").strip().lower() in ("1", "true", "yes", "on")
        name = source.get("BAZAS_SERVER_NAME", "").strip()
        if not name:
            name = f"{socket.gethostname()}-{os.getpid()}-{secrets.token_hex(2)}"
        workers = source.get("BAZAS_WORKERS", "local").strip() or "local"
        if workers not in ("local", "redis"):
            raise ValueError(f"BAZAS_WORKERS={workers!r}: expected local or redis")
        redis_url = source.get("BAZAS_REDIS_URL", "").strip()
        if workers == "redis" and not redis_url:
            raise ValueError("BAZAS_WORKERS=redis needs BAZAS_REDIS_URL (redis://host:6379/0)")
        return ClusterSettings(enabled, name[:64], float(source.get("BAZAS_LEASE_SECONDS") or 5.0), redis_url,
                               workers)


def make_hub(settings: Settings) -> Hub:
    """The hub for these settings: a :class:`ClusterHub` when ``BAZAS_CLUSTER`` is on."""
    cluster = ClusterSettings.from_env()
    if not cluster.enabled:
        if cluster.workers == "redis":
            hub = Hub(settings)
            hub.workers = _remote_pool(settings, cluster)
            return hub
        return Hub(settings)
    return ClusterHub(settings, cluster)


def _remote_pool(settings: Settings, cluster: ClusterSettings) -> Any:
    from .remote import RemoteWorkerPool

    return RemoteWorkerPool(settings, cluster.redis_url, cluster.name)


class FencedStore(AsyncStore):
    """The writer, telling the hub when a table's append found its versions already stored."""

    def __init__(self, *args: Any, on_conflict: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.on_conflict = on_conflict

    async def append(self, append: Append) -> None:
        try:
            await super().append(append)
        except ConflictError:
            self.on_conflict(append.table_id)
            raise


class ClusterHub(Hub):
    def __init__(self, settings: Settings, cluster: ClusterSettings) -> None:
        # Tables are not all resumed at start: each is loaded by its lease holder (take-over).
        super().__init__(replace(settings, resume=False))
        self.cluster = cluster
        self.name = cluster.name
        self.leases = Leases(self.repository.engine, self.name, cluster.lease_seconds)
        # The one-process writer, replaced by one that reports conflicting appends.
        self.store.close()
        self.store = FencedStore(self.repository, on_conflict=self._conflict)
        if cluster.workers == "redis":
            self.workers = _remote_pool(settings, cluster)
        self._heart: asyncio.Task[None] | None = None
        self._adopting: set[str] = set()
        #: Tables just created whose lease is being taken.
        self._unleased: set[str] = set()
        self._tasks: set[asyncio.Task[Any]] = set()
        self._renewed = 0.0
        #: The site's Redis (events between servers: the lobby's entries), when configured.
        self.redis: Any = None
        if cluster.redis_url:
            import redis.asyncio as aioredis

            self.redis = aioredis.Redis.from_url(cluster.redis_url, decode_responses=True)
        #: The team matches of this server (``match_hub.MatchHub`` attaches itself): leased by their
        #: match id like tables, by the same heartbeat.
        self.matches: MatchHub | None = None
        #: Tables taken over from a process that died, and handed to / from another (counters;
        #: team matches counted with the tables).
        self.stats = {"taken_over": 0, "handed_over": 0, "received": 0, "lost": 0, "conflicts": 0}

    @property
    def every(self) -> float:
        return max(0.2, self.cluster.lease_seconds / 5)

    # -- life ---------------------------------------------------------------------------------------
    async def start(self) -> None:
        await asyncio.to_thread(self.leases.setup)
        await asyncio.to_thread(self.leases.renew)
        self._renewed = time.monotonic()
        await super().start()
        self._heart = asyncio.create_task(self._heartbeat(), name="bazas-cluster-heartbeat")
        log.info("cluster member %s: leases of %.1f s", self.name, self.cluster.lease_seconds)

    async def close(self) -> None:
        if self._heart is not None:
            self._heart.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._heart
        for task in list(self._tasks):
            task.cancel()
        for table_id in self._loaded():
            await self._drop(table_id)
        with contextlib.suppress(Exception):
            await self.store.write(self.leases.leave)  # after the last append: others take over now
        if self.redis is not None:
            with contextlib.suppress(Exception):
                await self.redis.aclose()
        await super().close()

    def health(self, reset: bool = False) -> dict[str, Any]:
        out = super().health(reset)
        out["cluster"] = {"name": self.name, **self.stats}
        return out

    # -- tables -------------------------------------------------------------------------------------
    async def create(self, *args: Any, **kwargs: Any) -> Any:
        created = await super().create(*args, **kwargs)
        # A fresh id: nobody else can hold it. The first connection routed elsewhere asks for it.
        # (No await between the actor's start and this line: the heartbeat cannot see the table
        # without its lease and drop it.)
        self._unleased.add(created.table_id)
        try:
            await asyncio.to_thread(self.leases.acquire, created.table_id)
        finally:
            self._unleased.discard(created.table_id)
        return created

    async def _load(self, table_id: str) -> TableActor | None:
        if len(table_id) > 32:
            return None
        if self.matches is not None and self.matches.holds(table_id):
            return None  # a team match of ours (never a table: its lease is the match's)
        if not await self._claim(table_id):
            raise TableElsewhere(table_id)
        try:
            actor = await super()._load(table_id)
        except BaseException:
            await asyncio.to_thread(self.leases.release, table_id)
            raise
        if actor is None:
            await asyncio.to_thread(self.leases.release, table_id)
        return actor

    async def _claim(self, table_id: str) -> bool:
        """Take ``table_id``'s lease, asking its live owner to hand it over if need be."""
        wait = 2 * self.cluster.lease_seconds + 2 * self.every
        deadline = time.monotonic() + wait
        asked = False
        while True:
            if await asyncio.to_thread(self.leases.acquire, table_id):
                if asked:
                    self.stats["received"] += 1
                return True
            owner = await asyncio.to_thread(self.leases.want, table_id)
            if owner is None:  # expired or released meanwhile: take it
                if time.monotonic() > deadline:
                    return False
                await asyncio.sleep(0.01)
                continue
            asked = True
            if time.monotonic() > deadline:
                log.warning("table %s: %s did not hand it over in %.1f s", table_id, owner, wait)
                return False
            await asyncio.sleep(0.05)

    # -- team matches (match_hub.py): leased by their id, one owner for both tables ----------------
    def attach_matches(self, matches: MatchHub) -> None:
        """The app's match hub: its matches are leased, handed over and taken over like tables."""
        self.matches = matches

    def holds_table(self, table_id: str) -> bool:
        """Whether ``table_id`` is a table loaded (or being loaded) here."""
        return table_id in self.actors or table_id in self._loading

    async def claim(self, unit_id: str) -> None:
        """Take the lease of ``unit_id`` (a match) before loading it, asking its live owner to hand
        it over; :class:`TableElsewhere` when it did not in time."""
        if not await self._claim(unit_id):
            raise TableElsewhere(unit_id)

    async def release(self, unit_id: str) -> None:
        """Give up the lease of ``unit_id`` (a match that failed to load, or is not one)."""
        await asyncio.to_thread(self.leases.release, unit_id)

    @contextlib.asynccontextmanager
    async def leasing(self, unit_id: str) -> AsyncIterator[None]:
        """A new match's lease (a fresh id: nobody else can hold it), taken while it is created;
        the heartbeat leaves it alone meanwhile."""
        self._unleased.add(unit_id)
        try:
            await asyncio.to_thread(self.leases.acquire, unit_id)
            yield
        finally:
            self._unleased.discard(unit_id)

    def _loaded(self) -> set[str]:
        """Ids of everything this server holds loaded: tables and matches."""
        out = set(self.actors)
        if self.matches is not None:
            out |= set(self.matches.actors)
        return out

    def _being_loaded(self) -> set[str]:
        out = set(self._loading)
        if self.matches is not None:
            out |= self.matches.loading_ids()
        return out

    async def _drop(self, table_id: str) -> None:
        """Unload ``table_id`` (a table or a match) now: its connections are told to reconnect (to
        its new owner)."""
        actor = self.actors.pop(table_id, None)
        if actor is None:
            if self.matches is not None:
                await self.matches.drop(table_id, MOVED, "the match moved to another server: reconnect")
            return
        # After the job the actor is doing (a command being stored, a seat's new key being sent):
        # never cut a step between its commit and its message.
        reached: asyncio.Future[None] = asyncio.get_running_loop().create_future()

        async def barrier() -> None:
            if not reached.done():
                reached.set_result(None)

        actor.submit(barrier)
        with contextlib.suppress(asyncio.TimeoutError):
            await asyncio.wait_for(asyncio.shield(reached), 10)
        for conn in list(actor.conns):
            with contextlib.suppress(Exception):
                await conn.close_with(MOVED, "the table moved to another server: reconnect")
        await actor.stop()

    def _conflict(self, table_id: str) -> None:
        """An append of ``table_id`` found its version stored by another process: drop the
        table (a new connection reloads it from the log, if the lease is still ours)."""
        self.stats["conflicts"] += 1
        log.warning("table %s: events written by another server; reloading it from the log", table_id)
        self._spawn(self._drop(table_id))

    def _spawn(self, coro: Any) -> None:
        task = asyncio.ensure_future(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    # -- the heartbeat ------------------------------------------------------------------------------
    async def _heartbeat(self) -> None:
        ticks = 0
        while True:
            await asyncio.sleep(self.every)
            ticks += 1
            try:
                await self._beat(orphans=ticks % 2 == 0)
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                log.warning("cluster heartbeat failed: %s", exc)
                if time.monotonic() - self._renewed > 0.7 * self.cluster.lease_seconds and self._loaded():
                    log.error("leases not renewed for %.1f s: dropping every table and match",
                              time.monotonic() - self._renewed)
                    for table_id in self._loaded():
                        await self._drop(table_id)

    async def _beat(self, orphans: bool) -> None:
        before = self._loaded()
        renewal = await asyncio.to_thread(self.leases.renew)
        self._renewed = time.monotonic()
        for table_id in self._loaded():
            if table_id in before and table_id not in renewal.held and table_id not in self._being_loaded() \
                    and table_id not in self._unleased:
                self.stats["lost"] += 1
                log.warning("table %s: lease lost; dropping it", table_id)
                await self._drop(table_id)
        for table_id, to in renewal.wanted.items():
            if table_id in self._being_loaded():
                continue
            await self._drop(table_id)
            # In order after the table's last append (the writer's queue): nothing is lost.
            if await self.store.write(self.leases.hand_over, table_id, to):
                self.stats["handed_over"] += 1
                log.info("table %s: handed over to %s", table_id, to)
        for table_id in renewal.held - self._loaded() - self._being_loaded() - set(renewal.wanted) - self._unleased:
            await asyncio.to_thread(self.leases.release, table_id)  # unloaded (idle)
        if orphans:
            await self._adopt()
        await self._publish_lobby()

    # -- events between servers ---------------------------------------------------------------------
    async def _publish_lobby(self) -> None:
        """The lobby entry of each public table this server owns, in Redis for every server's
        lobby (``bazas:lobby:ID``, living three heartbeats: a table that moved or whose server died
        drops out until its new owner publishes it)."""
        if self.redis is None:
            return
        from .lobby_routes import Reservations, is_public, lobby_entry

        pipe = self.redis.pipeline(transaction=False)
        ttl = int(3 * self.every * 1000)
        count = 0
        for actor in list(self.actors.values()):
            if is_public(actor) and actor.table.status != "over":
                pipe.set(f"bazas:lobby:{actor.id}", json.dumps(lobby_entry(actor, Reservations())), px=ttl)
                count += 1
        if count:
            with contextlib.suppress(Exception):
                await pipe.execute()

    async def site_lobby(self, table_ids: list[str]) -> dict[str, Any]:
        """The lobby entries of ``table_ids`` published by their owners (any server of the site)."""
        if self.redis is None or not table_ids:
            return {}
        values = await self.redis.mget([f"bazas:lobby:{t}" for t in table_ids])
        return {t: json.loads(v) for t, v in zip(table_ids, values, strict=True) if v}

    async def _adopt(self) -> None:
        """Resume the tables of processes that died: ours by rendezvous hashing over the live
        members, anybody's once they have waited a whole lease more."""
        found = await asyncio.to_thread(self.leases.orphans)
        if not found:
            return
        members = await asyncio.to_thread(self.leases.members)
        for table_id, age, ruleset in found:
            if table_id in self._loaded() or table_id in self._adopting:
                continue
            if rendezvous(table_id, members) != self.name and age < self.cluster.lease_seconds:
                continue
            if ruleset == TEAM_MATCH and self.matches is None:
                continue
            self._adopting.add(table_id)
            self._spawn(self._take_over(table_id, ruleset == TEAM_MATCH))

    async def _take_over(self, table_id: str, match: bool = False) -> None:
        try:
            actor: Any = None
            if match and self.matches is not None:
                actor = await self.matches.get(table_id)
            elif not match:
                actor = await self.get(table_id)
            if actor is not None:
                self.stats["taken_over"] += 1
                log.info("table %s: taken over (resumed from the event log)", table_id)
        except TableElsewhere:
            pass
        except Exception:
            log.exception("table %s: take-over failed", table_id)
        finally:
            self._adopting.discard(table_id)
