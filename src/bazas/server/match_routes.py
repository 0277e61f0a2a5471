"""The routes of team matches (docs/protocol.md, "Matches"), installed on the app by
:func:`install_match_routes`:

- ``POST /api/matches``: a new match (teams, boards, each seat a bot or open) -> links;
- ``GET /api/matches/{id}``: the match as a spectator sees it (boards both tables finished,
  compared; progress counts; the running IMP total);
- ``GET /api/matches/{id}/boards/{n}``: a board's review (hands, double-dummy table, par, both
  tables' auction and play) once both tables finished it; with a seat's key (header
  ``X-Bazas-Key``), the own table's record of a board that table finished;
- ``GET /api/matches/{id}.pbn``, ``.lin``, ``/hand-record``: the records of the boards both
  tables have finished (PBN 2.1 of both rooms, LIN, the printable hand record);
- ``WS /ws/m/{match}.{table}?k=...``: a seat of a match (same client messages as a table);
  without a seat's link: a spectator of the match;
- ``/match/{id}``: the match page.

Every answer here is built from the spectator's observation or from boards both tables have
finished: nothing of a board leaves the server before both tables finish it.
"""

from __future__ import annotations

import contextlib
import dataclasses
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from fastapi import FastAPI, HTTPException, Request, WebSocket
from fastapi.responses import HTMLResponse, PlainTextResponse, Response

from bazas.engine.match import Match
from bazas.formats.hand_record import dd_from_dict, hand_record_html, par_text, record_boards
from bazas.formats.lin import record_lin
from bazas.formats.match_records import MatchRecord, dumps_match, record_of_match

from .actor import Connection
from .cluster import TableElsewhere
from .encode import error_text
from .limits import owner_key
from .match_actor import MatchActor
from .match_hub import MatchHub
from .match_protocol import CreatedMatch, CreateMatch, MatchBoardReview, MatchesLoaded, MatchSummary
from .sockets import count_socket, serve_seat
from .static_pages import static_page


def completed_record(match: Match, match_id: str, date: str | None = None) -> MatchRecord:
    """The record of the boards both tables have finished (never a board one table still plays);
    ``date``: the day the match was created (PBN ``[Date]``; a match stored without one: today)."""
    record = record_of_match(match, event=f"bazas match {match_id}", date=date)
    done = match.complete_boards
    return dataclasses.replace(record, played=tuple(p for p in record.played if p.board <= done))


def match_date(actor: MatchActor) -> str | None:
    """The PBN date the match was created on (stored in its options), if it has one."""
    date = actor.options.get("date")
    return date if isinstance(date, str) else None


def install_match_routes(app: FastAPI, static_dir: Path) -> None:
    """Add the match routes and start/stop the :class:`MatchHub` with the app's table hub."""
    inner = app.router.lifespan_context

    @contextlib.asynccontextmanager
    async def lifespan(app_: Any) -> AsyncIterator[Any]:
        async with inner(app_) as state:
            matches = MatchHub(app_.state.hub)
            app_.state.matches = matches
            await matches.start()
            try:
                yield state
            finally:
                await matches.close()

    app.router.lifespan_context = lifespan

    def matches_of(request: Request | WebSocket) -> MatchHub:
        matches: MatchHub = request.app.state.matches
        return matches

    async def match_or_404(request: Request, match_id: str) -> MatchActor:
        try:
            actor = await matches_of(request).get(match_id)
        except TableElsewhere:  # a site of several servers: the match is moving (issue 14)
            raise HTTPException(503, f"match {match_id!r} is being moved between servers: try again in a moment",
                                headers={"Retry-After": "1"}) from None
        if actor is None:
            raise HTTPException(404, f"no match {match_id!r}")
        return actor

    @app.get("/api/health/matches", include_in_schema=False, response_model=MatchesLoaded)
    async def matches_health(request: Request) -> dict[str, Any]:
        """How many matches are in memory (finished idle ones are unloaded)."""
        return {"loaded": len(matches_of(request).actors)}

    @app.post("/api/matches", response_model=CreatedMatch)
    async def create_match(body: CreateMatch, request: Request) -> CreatedMatch:
        # Issue 13: a match counts against its client address's table creations (one token), and
        # its two tables share that address's part of the worker pool (its owner).
        address = request.client.host if request.client is not None else "?"
        state = request.app.state
        if address not in state.settings.trusted and not state.table_buckets.allow(address):
            raise HTTPException(429, f"too many new tables from this address (a match counts as one): at most "
                                f"{state.settings.tables_burst} at once and {state.settings.tables_per_minute:g} "
                                "a minute; try again later")
        try:
            return await matches_of(request).create(body, owner=owner_key(address))
        except ValueError as exc:
            raise HTTPException(400, str(exc)) from None

    @app.get("/api/matches/{match_id}.pbn")
    async def match_pbn(match_id: str, request: Request) -> Response:
        actor = await match_or_404(request, match_id)
        text = dumps_match(completed_record(actor.match, match_id, match_date(actor)))
        return PlainTextResponse(text, media_type="application/x-pbn",
                                 headers={"Content-Disposition": f'attachment; filename="bazas-match-{match_id}.pbn"'})

    @app.get("/api/matches/{match_id}.lin")
    async def match_lin(match_id: str, request: Request) -> Response:
        actor = await match_or_404(request, match_id)
        return PlainTextResponse(record_lin(completed_record(actor.match, match_id, match_date(actor))))

    @app.get("/api/matches/{match_id}/hand-record", include_in_schema=False)
    async def match_hand_record(match_id: str, request: Request, lang: str = "en") -> Response:
        """The printable hand record of the boards both tables finished: hands, double-dummy
        table and par (once analysed), both rooms' results."""
        actor = await match_or_404(request, match_id)
        record = completed_record(actor.match, match_id, match_date(actor))
        lang = lang if lang in ("es", "en") else "en"
        double_dummy, par = {}, {}
        for board in range(1, actor.match.complete_boards + 1):
            analysis = next((a for t in (1, 2) if (a := actor.side(t).analysis.get(board)) is not None), None)
            if analysis is not None:
                double_dummy[board] = dd_from_dict(analysis["makeable"])
                par[board] = par_text(analysis["par"], lang)
        title = " - ".join(actor.match.teams) + (f" · {record.date}" if record.date else "")
        boards = record_boards(record, double_dummy=double_dummy, par=par, lang=lang)
        return HTMLResponse(hand_record_html(boards, title=title, lang=lang))

    @app.get("/api/matches/{match_id}/boards/{board}.lin")
    async def match_board_lin(match_id: str, board: int, request: Request) -> Response:
        """Board ``board`` as LIN (both rooms, one line each), once both tables finished it."""
        actor = await match_or_404(request, match_id)
        if not 1 <= board <= actor.match.boards:
            raise HTTPException(404, f"match {match_id} has boards 1 to {actor.match.boards}, not {board}")
        if not actor.match.is_complete(board):
            raise HTTPException(404, f"board {board} is not finished at both tables yet")
        record = completed_record(actor.match, match_id, match_date(actor))
        record = dataclasses.replace(record, played=tuple(p for p in record.played if p.board == board))
        return PlainTextResponse(record_lin(record), headers={
            "Content-Disposition": f'attachment; filename="bazas-match-{match_id}-{board}.lin"'})

    # exclude_unset: the comparison's fields are in a review only once both tables finished the board.
    @app.get("/api/matches/{match_id}/boards/{board}", response_model=MatchBoardReview,
             response_model_exclude_unset=True)
    async def match_board(match_id: str, board: int, request: Request) -> dict[str, Any]:
        """A board's review (hands, double-dummy table and par, each table's auction and play with
        its analysis): once both tables finished it; before that, with a seat's key in the
        ``X-Bazas-Key`` header, the seat's own table's record of a board it finished."""
        actor = await match_or_404(request, match_id)
        if not 1 <= board <= actor.match.boards:
            raise HTTPException(404, f"match {match_id} has boards 1 to {actor.match.boards}, not {board}")
        participant = actor.participant_of(request.headers.get("x-bazas-key"))
        review = actor.board_review(board, participant)
        if review is None:
            raise HTTPException(404, f"board {board} is not finished at both tables yet"
                                if participant.is_spectator else
                                f"board {board} is not finished at your table yet")
        return review

    @app.get("/api/matches/{match_id}", response_model=MatchSummary)
    async def match_summary(match_id: str, request: Request) -> dict[str, Any]:
        actor = await match_or_404(request, match_id)
        return {**actor.summary(), "pbn": f"/api/matches/{match_id}.pbn", "lin": f"/api/matches/{match_id}.lin",
                "hand_record": f"/api/matches/{match_id}/hand-record",
                "prepared": actor.options.get("prepared") is True}  # issue 13: boards from the creator's file

    @app.websocket("/ws/m/{side}")
    async def match_socket(websocket: WebSocket, side: str, k: str | None = None) -> None:
        """A seat of a match table (or a spectator of the match), held to the table sockets'
        standard (issue 13): the per-address cap (counted with the table sockets), one connection
        per seat, binary frames closed with a close frame, strict messages, a client that does not
        read dropped; the seat's invitation becomes the device's own key once used."""
        await count_socket(websocket, lambda: _serve_match_socket(websocket, side, k))

    async def _serve_match_socket(websocket: WebSocket, side: str, k: str | None) -> None:
        try:
            actor = await matches_of(websocket).side(side)
        except TableElsewhere:  # a site of several servers: the match is moving (issue 14)
            await websocket.send_text(error_text("unavailable", f"match table {side!r} is being moved between "
                                                 "servers: try again in a moment"))
            await websocket.close(code=1013, reason="try again")
            return
        if actor is None:
            await websocket.send_text(error_text("not_found", f"no match table {side!r}"))
            await websocket.close(code=4404)
            return
        await serve_seat(websocket, actor, k, what="match", label=f"match table {side}",
                         spectator="you are watching the match", job=_job)

    @app.get("/match/{match_id}", include_in_schema=False)
    async def match_page(match_id: str) -> Response:
        return static_page(static_dir, "match.html")


def _job(actor: Any, conn: Connection, msg: Any) -> Any:
    async def job() -> None:
        await actor.message(conn, msg)

    return job
