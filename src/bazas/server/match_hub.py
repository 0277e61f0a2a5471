"""The server's registry of team matches: creates them, loads (replays) them, resumes them at start.

A match is stored like a table (``tables`` row with ruleset ``team-match``, the match config, the
options with the hashes of the seats' links; its commands in the event log), through the table
hub's repository and writer, and its bots run on the hub's worker pool.

On a site of several servers (issue 14, ``BAZAS_CLUSTER=1``, docs/cluster.md) the table hub is a
:class:`~bazas.server.cluster.ClusterHub` and each match is leased by its match id like a table:
one process owns the whole match (both tables, their spectators, the one inbox and event log that
keep its events in order), the load balancer routes every request naming the match to it, a
process loads a match only once it holds its lease, hands it over when asked and resumes a dead
owner's matches from the event log.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import secrets
from typing import Any

from bazas.engine.match import MAX_BOARDS, Match, command_from_dict_at, deal_boards
from bazas.engine.seats import SEATS, Seat
from bazas.engine.table import Player
from bazas.formats.match_records import load_boards, pbn_date
from bazas.storage import hash_token

from .hub import Hub
from .match_actor import TEAM_MATCH, MatchActor, side_id, split_side_id
from .match_protocol import MATCH_SEATS, CreatedMatch, CreateMatch

log = logging.getLogger("bazas.server.match")


class MatchHub:
    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self.actors: dict[str, MatchActor] = {}
        self._loading: dict[str, asyncio.Future[MatchActor | None]] = {}
        self._sweeper: asyncio.Task[None] | None = None
        #: The site's leases (a ``ClusterHub``: issue 14), None on one server.
        self.cluster: Any = None
        hub.matches = self
        attach = getattr(hub, "attach_matches", None)
        if attach is not None:
            attach(self)
            self.cluster = hub

    def holds(self, match_id: str) -> bool:
        """Whether ``match_id`` is a match loaded (or being loaded) here."""
        return match_id in self.actors or match_id in self._loading

    def loading_ids(self) -> set[str]:
        return set(self._loading)

    async def drop(self, match_id: str, code: int, reason: str) -> None:
        """Unload ``match_id`` now (its lease moves to another server, or was lost): after the job
        its inbox is doing, every connection of both tables and every spectator is closed with
        ``code`` (the pages reconnect, through the balancer, to the new owner)."""
        actor = self.actors.pop(match_id, None)
        if actor is not None:
            await actor.drop(code, reason)

    async def start(self) -> None:
        self._sweeper = asyncio.create_task(self._sweep())
        if not self.hub.settings.resume:
            return
        ids = await self.hub.store.read(self.hub.repository.ids_of_ruleset, TEAM_MATCH, ["over"])
        for match_id in ids:
            try:
                await self.get(match_id)
            except Exception:
                log.exception("could not resume match %s", match_id)

    async def _sweep(self) -> None:
        """Unload finished matches nobody watches (they load again from storage on demand), as
        the table hub unloads idle tables."""
        after = self.hub.settings.unload_after
        every = max(0.2, min(60.0, after / 2))
        while True:
            await asyncio.sleep(every)
            now = asyncio.get_running_loop().time()
            for match_id, actor in list(self.actors.items()):
                since = actor.idle_since
                if since is not None and now - since > after:
                    self.actors.pop(match_id, None)
                    await actor.stop()

    async def close(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
        if self.cluster is not None:  # another server of the site takes them: clients reconnect there
            for match_id in list(self.actors):
                await self.drop(match_id, 1012, "the server is stopping: reconnect")
        for actor in list(self.actors.values()):
            await actor.stop()
        self.actors.clear()

    async def create(self, request: CreateMatch, owner: str | None = None) -> CreatedMatch:
        """A new match; ``owner``: the key of the creating client address (issue 13: both tables'
        bots share that owner's part of the worker pool)."""
        kinds: dict[str, str] = {name: request.seats.get(name, "bot") for name in MATCH_SEATS}
        programs = [name for name in MATCH_SEATS if kinds[name] == "program"]
        stray = [name for name in request.program_names if name not in programs]
        if stray:
            raise ValueError(f"program_names: {stray[0]} is not a program seat")
        if programs and self.hub.programs is None:  # issue 9: outside programs' seats (server/programs.py)
            raise ValueError(f"seat {programs[0]}: program seats need the server's table-manager port "
                             "(bazas serve --tm-port)")
        players = [[Player.bot() if kinds[f"{t}{s.name}"] == "bot" else Player.human() for s in SEATS]
                   for t in (1, 2)]
        if request.pbn is not None and request.pbn.strip():
            deals = load_boards(request.pbn, MAX_BOARDS)
        else:
            deals = deal_boards(request.boards, random.SystemRandom())
        match = Match.create(deals, players,
                             (request.team_a.strip() or "A", request.team_b.strip() or "B"))
        match_id = secrets.token_urlsafe(9)
        tokens = {name: secrets.token_urlsafe(16) for name, kind in kinds.items() if kind in ("open", "program")}
        options: dict[str, Any] = {"lang": request.lang,
                                   "tokens": {hash_token(tok): name for name, tok in tokens.items()},
                                   "date": pbn_date()}  # the day the match was played: its records' [Date]
        if programs:
            # A program's secret is its team name: bound (never re-keyed on connecting). The match's
            # creator seated it, as the creator's own file's boards (if any): it has agreed to them.
            options["programs"] = programs
            options["bound_seats"] = list(programs)
            if request.program_names:
                options["program_names"] = dict(request.program_names)
            if request.pbn is not None and request.pbn.strip():
                options["agreed"] = list(programs)
        if request.bot_seconds is not None:
            options["bot_seconds"] = float(request.bot_seconds)
        if request.pbn is not None and request.pbn.strip():
            # Issue 13: boards the creator chose (who may know every hand), shown on both tables.
            options["prepared"] = True
        if owner is not None:
            options["owner"] = owner
        # On a site of several servers, the new match's lease is this server's before it exists.
        leasing = self.cluster.leasing(match_id) if self.cluster is not None else contextlib.nullcontext()
        async with leasing:
            await self.hub.store.write(self.hub.repository.create_table, match_id, TEAM_MATCH, match.config(),
                                       options, [], None, "play")
            actor = MatchActor(self.hub, match_id, match, options)
            self.actors[match_id] = actor
            actor.start()
        links: dict[Any, str] = {name: f"/t/{side_id(match_id, int(name[0]))}?k={tok}" for name, tok in tokens.items()
                                 if name not in programs}
        details: dict[Any, dict[str, Any]] = {
            name: self.hub.programs.details(side_id(match_id, int(name[0])), Seat.parse(name[1]), tokens[name])
            for name in programs}
        return CreatedMatch(match_id=match_id, links=links, programs=details,
                            spectate=f"/match/{match_id}")

    async def get(self, match_id: str) -> MatchActor | None:
        actor = self.actors.get(match_id)
        if actor is not None:
            return actor
        loading = self._loading.get(match_id)
        if loading is None:
            loading = asyncio.ensure_future(self._load(match_id))
            self._loading[match_id] = loading
            try:
                return await loading
            finally:
                self._loading.pop(match_id, None)
        return await asyncio.shield(loading)

    async def side(self, text: str) -> Any:
        """The table actor of ``"{match}.{table}"`` (a bare match id: table 1), or None."""
        match_id, table = split_side_id(text)
        actor = await self.get(match_id)
        return None if actor is None else actor.side(table)

    async def _load(self, match_id: str) -> MatchActor | None:
        if len(match_id) > 32:
            return None
        if self.cluster is None:
            return await self._replay(match_id)
        if self.cluster.holds_table(match_id):
            return None  # a table of ours (never a match: its lease is the table's)
        await self.cluster.claim(match_id)  # TableElsewhere: another server did not hand it over in time
        try:
            actor = await self._replay(match_id)
        except BaseException:
            await self.cluster.release(match_id)
            raise
        if actor is None:
            await self.cluster.release(match_id)
        return actor

    async def _replay(self, match_id: str) -> MatchActor | None:
        stored = await self.hub.store.read(self.hub.repository.load_table, match_id)
        if stored is None or stored.ruleset != TEAM_MATCH:
            return None
        commands = [command_from_dict_at(e.payload) for e in stored.events]
        match = await asyncio.to_thread(Match.replay, stored.config, commands)
        if match.version != len(stored.events):  # pragma: no cover - replay accepts every stored command
            raise RuntimeError(f"match {match_id}: replayed {match.version} of {len(stored.events)} events")
        analysis: dict[int, dict[int, dict[str, Any]]] = {}
        for row in await self.hub.store.read(self.hub.repository.deals, match_id):
            if row.analysis is not None:  # row 100 t + b: board b at table t (match_actor.deal_row)
                analysis.setdefault(row.number // 100, {})[row.number % 100] = row.analysis
        actor = MatchActor(self.hub, match_id, match, stored.options, stored_status=stored.status,
                           analysis=analysis)
        self.actors[match_id] = actor
        actor.start()
        return actor
