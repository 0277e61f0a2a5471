"""The lobby (issue 12, "beyond the table"): the tables their creators opened to the public, with
their free seats, and a free seat for whoever asks; plus the pages of the lobby, the player's own
record (``/me``) and the first lesson (``/learn``).

A seat is **free** when it is a person's seat at a public table that nobody ever took: not
joined, its invitation never used (not ``bound`` to a device, issue 13), nobody connected, and not
just handed out by the lobby to somebody else (a reservation of :data:`RESERVE_SECONDS`). Joining
gives the joiner a fresh invitation to that seat (the seat's old invitation, the creator's copy,
stops working); its first use binds the seat to the joiner's device as any invitation does.
Private tables are never listed and cannot be joined here.
"""

from __future__ import annotations

import asyncio
import secrets
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from fastapi import FastAPI, HTTPException, Request
from fastapi.responses import Response
from pydantic import BaseModel, ConfigDict, Field

from bazas.engine.seats import SEATS, Seat
from bazas.storage import hash_token

from .learn import install_learn_routes
from .protocol import JoinedSeat, Lobby, SeatRecord
from .static_pages import static_page

if TYPE_CHECKING:
    from .actor import TableActor
    from .hub import Hub

#: Seconds a seat handed out by the lobby stays kept for its joiner before it is free again.
RESERVE_SECONDS = 120.0
#: At most this many public tables are shown in the lobby.
LOBBY_TABLES = 30


class JoinSeat(BaseModel):
    model_config = ConfigDict(extra="forbid")
    seat: Literal["N", "E", "S", "W"] = Field(description="the free seat to take")


class Reservations:
    """Seats the lobby handed out recently, by (table, seat): kept for their joiner a while."""

    def __init__(self, seconds: float = RESERVE_SECONDS) -> None:
        self.seconds = seconds
        self._until: dict[tuple[str, Seat], float] = {}

    def held(self, table_id: str, seat: Seat) -> bool:
        until = self._until.get((table_id, seat))
        if until is None:
            return False
        if until < time.monotonic():
            del self._until[(table_id, seat)]
            return False
        return True

    def hold(self, table_id: str, seat: Seat) -> None:
        self._until[(table_id, seat)] = time.monotonic() + self.seconds
        if len(self._until) > 10_000:  # forget the expired ones
            now = time.monotonic()
            self._until = {k: v for k, v in self._until.items() if v >= now}

    def release(self, table_id: str, seat: Seat) -> None:
        self._until.pop((table_id, seat), None)


def is_public(actor: TableActor) -> bool:
    return actor.options.get("public") is True


def seat_free(actor: TableActor, seat: Seat, reservations: Reservations) -> bool:
    """Whether ``seat`` can be given to somebody from the lobby (see the module's docstring)."""
    player = actor.table.players[seat]
    return (player.kind == "human" and not player.joined and seat not in actor.bound
            and not actor.seat_connected(seat) and actor.table.status != "over"
            and not reservations.held(actor.id, seat))


def lobby_entry(actor: TableActor, reservations: Reservations) -> dict[str, Any]:
    """One public table as the lobby shows it: its game, state and who sits where."""
    table = actor.table
    connected = {s for s in SEATS if actor.seat_connected(s)}
    seats: dict[str, Any] = {}
    for seat in SEATS:
        player = table.players[seat]
        free = seat_free(actor, seat, reservations)
        if player.is_bot:
            kind = "bot"
        elif player.joined:
            kind = "human"
        else:
            kind = "open" if free else "taken"
        seats[seat.name] = {"kind": kind, "name": player.name or None, "connected": seat in connected,
                            "free": free}
    return {"id": actor.id, "ruleset": table.ruleset, "status": table.status, "deal_number": table.number,
            "seats": seats, "free": [s for s, info in seats.items() if info["free"]],
            "prepared": actor.options.get("seed") is not None}


def install_lobby_routes(app: FastAPI, static_dir: Path) -> None:
    """The lobby's API (``GET /api/lobby``, ``POST /api/lobby/{table_id}/join``), the lesson's
    (:mod:`bazas.server.learn`) and the pages ``/lobby``, ``/me`` and ``/learn``."""
    reservations = Reservations()
    install_learn_routes(app)

    def hub_of(request: Request) -> Hub:
        hub: Hub = request.app.state.hub
        return hub

    @app.get("/api/lobby", response_model=Lobby)
    async def lobby(request: Request) -> dict[str, Any]:
        """Public tables still in play, newest first, with their seats (free ones marked)."""
        hub = hub_of(request)
        rows = await hub.store.read(hub.repository.public_tables, LOBBY_TABLES)
        site = getattr(hub, "site_lobby", None)
        if site is not None:  # several servers (issue 14): each table's entry as its owner published it
            found = await site([row["id"] for row in rows if row["status"] != "over"])
            return {"tables": [found[row["id"]] for row in rows if row["id"] in found]}
        out = []
        for row in rows:
            if row["status"] == "over":
                continue
            actor = await hub.get(row["id"])
            if actor is None or not is_public(actor) or actor.table.status == "over":
                continue
            out.append(lobby_entry(actor, reservations))
        return {"tables": out}

    @app.post("/api/lobby/{table_id}/join", response_model=JoinedSeat)
    async def join(table_id: str, body: JoinSeat, request: Request) -> dict[str, Any]:
        """A fresh invitation to a free seat of a public table (409 when the seat is not free)."""
        hub = hub_of(request)
        actor = await hub.get(table_id) if len(table_id) <= 32 else None
        if actor is None or not is_public(actor):
            raise HTTPException(404, f"no public table {table_id!r} (private tables cannot be joined from the lobby)")
        seat = Seat.parse(body.seat)
        done: asyncio.Future[str | None] = asyncio.get_running_loop().create_future()

        async def take() -> None:
            # In the table's own queue: no connection can take the seat between the check and the new key.
            try:
                if not seat_free(actor, seat, reservations):
                    done.set_result(None)
                    return
                reservations.hold(table_id, seat)
                key = secrets.token_urlsafe(16)
                digest = hash_token(key)
                await hub.store.write(hub.repository.rekey_seat, table_id, seat.name, digest,
                                      sorted(s.name for s in actor.bound))
                actor.tokens = {h: s for h, s in actor.tokens.items() if s != seat}
                actor.tokens[digest] = seat
                done.set_result(key)
            except Exception as exc:
                reservations.release(table_id, seat)
                if not done.done():
                    done.set_exception(exc)

        actor.submit(take)
        try:
            key = await asyncio.wait_for(asyncio.shield(done), 30.0)
        except TimeoutError:
            raise HTTPException(503, f"table {table_id} is busy: try again in a moment") from None
        if key is None:
            raise HTTPException(409, f"seat {seat.name} of table {table_id} is taken: choose a free seat")
        return {"table_id": table_id, "seat": seat.name, "link": f"/t/{table_id}?k={key}"}

    @app.get("/api/tables/{table_id}/record", response_model=SeatRecord)
    async def seat_record(table_id: str, request: Request, k: str = "") -> dict[str, Any]:
        """The record of the seat whose key is ``k`` at this table: every finished deal (all
        rubbers) and the score, from the player's seat (the /me page's copy from the server)."""
        hub = hub_of(request)
        actor = await hub.get(table_id) if len(table_id) <= 32 else None
        if actor is None:
            raise HTTPException(404, f"no table {table_id!r}")
        seat = actor.seat_of(k) if k else None
        if seat is None:
            raise HTTPException(403, "k: not the key of a seat at this table (the record is the seated player's)")
        return seat_record_of(actor, seat)

    @app.get("/lobby", include_in_schema=False)
    async def lobby_page() -> Response:
        return static_page(static_dir, "lobby.html", current="/lobby")

    @app.get("/me", include_in_schema=False)
    async def me_page() -> Response:
        return static_page(static_dir, "me.html", current="/me")

    @app.get("/learn", include_in_schema=False)
    async def learn_page() -> Response:
        return static_page(static_dir, "learn.html", current="/learn")


def seat_record_of(actor: TableActor, seat: Seat) -> dict[str, Any]:
    """``GET /api/tables/{id}/record``: the table's finished deals with their rubber and points, the
    score (as in ``state.score``) and who sits where, for the player at ``seat``."""
    from bazas.formats.records import dump_scored_deal

    summary = actor.summary()
    deals = []
    for finished in actor.table.finished:
        line = dump_scored_deal(finished.score)
        deals.append({"number": finished.number, "rubber": finished.rubber, "contract": line["contract"],
                      "declarer": line["declarer"], "tricks": line["tricks"], "points": line["points"]})
    return {"table_id": actor.id, "ruleset": actor.table.ruleset, "seat": seat.name,
            "seats": summary["seats"], "deals": deals, "score": summary["score"]}
