"""The FastAPI application: HTTP API, the table WebSocket, the web UI's files.

``create_app(settings)`` builds an app whose lifespan opens the database (running migrations),
resumes every unfinished table and starts the bot workers; see docs/protocol.md for the routes.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

from fastapi import FastAPI, HTTPException, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, PlainTextResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import ValidationError

from bazas.engine.errors import BazasError
from bazas.engine.rulesets import all_rulesets, load_modules
from bazas.engine.rulesets import get as get_ruleset
from bazas.engine.rulesets import one_table as one_table_rulesets
from bazas.engine.table import TableDeal
from bazas.engine.views import view_of
from bazas.formats.records import dump_scored_deal

from .actor import Connection, TableActor
from .encode import error_text, view_dict
from .export import pbn_text
from .hub import Hub
from .match_routes import install_match_routes
from .protocol import (
    CLIENT_MESSAGE,
    CreatedTable,
    CreateTable,
    DealReview,
    History,
    RecentTables,
    TableSummary,
)
from .rules_pages import rules_page
from .settings import Settings
from .table_session import context_dict, context_of

log = logging.getLogger("bazas.server")

HERE = Path(__file__).resolve().parent
LANGS = ("es", "en")
#: Commands waiting at one table beyond which new ones are refused (``busy``).
MAX_BACKLOG = 500


def _lang(request: Request, lang: str | None) -> str:
    if lang in LANGS:
        return str(lang)
    header = request.headers.get("accept-language", "")
    best, best_q = "es", -1.0
    for part in header.split(","):
        bits = part.strip().split(";")
        code = bits[0].strip().lower()[:2]
        q = 1.0
        for b in bits[1:]:
            if b.strip().startswith("q="):
                with contextlib.suppress(ValueError):
                    q = float(b.strip()[2:])
        if code in LANGS and q > best_q:
            best, best_q = code, q
    return best


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or Settings.from_env()
    load_modules(os.environ.get("BAZAS_RULESETS", ""))
    static_dir = Path(settings.static_dir) if settings.static_dir else HERE / "static"

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        hub = Hub(settings)
        app.state.hub = hub
        await hub.start()
        try:
            yield
        finally:
            await hub.close()

    app = FastAPI(title="bazas", summary="bridge tables in the browser", lifespan=lifespan)
    app.state.settings = settings

    def hub_of(request: Request | WebSocket) -> Hub:
        hub: Hub = request.app.state.hub
        return hub

    async def actor_or_404(request: Request, table_id: str) -> TableActor:
        actor = await hub_of(request).get(table_id)
        if actor is None:
            raise HTTPException(404, f"no table {table_id!r}")
        return actor

    # -- HTTP API ---------------------------------------------------------------------------------
    @app.post("/api/tables", response_model=CreatedTable)
    async def create_table(body: CreateTable, request: Request) -> CreatedTable:
        try:
            return await hub_of(request).create(body)
        except ValueError as exc:
            raise HTTPException(400, str(exc)) from None

    @app.get("/api/tables", response_model=RecentTables)
    async def recent_tables(request: Request, limit: int = 20) -> dict[str, Any]:
        hub = hub_of(request)
        rows = await hub.store.read(hub.repository.recent_tables, max(1, min(limit, 100)))
        return {"tables": rows}

    @app.get("/api/rulesets")
    async def rulesets() -> dict[str, Any]:
        return {"rulesets": [r.facts() for r in one_table_rulesets()]}

    @app.get("/api/rulesets/{name}")
    async def ruleset_facts(name: str) -> dict[str, Any]:
        """The facts of one ruleset (any registered one, by id or alias)."""
        try:
            return get_ruleset(name).facts()
        except BazasError as exc:
            raise HTTPException(404, str(exc)) from None

    @app.get("/api/health")
    async def health(request: Request, reset: bool = False) -> dict[str, Any]:
        return hub_of(request).health(reset)

    @app.get("/api/tables/{table_id}.pbn")
    async def table_pbn(table_id: str, request: Request) -> Response:
        actor = await actor_or_404(request, table_id)
        games = [actor.session.game(d.number) for d in actor.table.finished]
        return PlainTextResponse(pbn_text(games), media_type="application/x-pbn",
                                 headers={"Content-Disposition": f'attachment; filename="bazas-{table_id}.pbn"'})

    @app.get("/api/tables/{table_id}", response_model=TableSummary)
    async def table_summary(table_id: str, request: Request) -> dict[str, Any]:
        actor = await actor_or_404(request, table_id)
        return actor.summary()

    @app.get("/api/tables/{table_id}/history", response_model=History)
    async def history(table_id: str, request: Request) -> dict[str, Any]:
        actor = await actor_or_404(request, table_id)
        return {"table_id": table_id, "ruleset": actor.table.ruleset,
                "deals": [_history_deal(table_id, d) for d in actor.table.finished],
                "pbn": f"/api/tables/{table_id}.pbn"}

    @app.get("/api/tables/{table_id}/deals/{number}.pbn")
    async def deal_pbn(table_id: str, number: int, request: Request) -> Response:
        actor = await actor_or_404(request, table_id)
        if actor.finished_deal(number) is None:
            raise HTTPException(404, f"deal {number} of table {table_id} is not finished (or does not exist)")
        return PlainTextResponse(pbn_text([actor.session.game(number)]), media_type="application/x-pbn",
                                 headers={"Content-Disposition":
                                          f'attachment; filename="bazas-{table_id}-{number}.pbn"'})

    @app.get("/api/tables/{table_id}/deals/{number}", response_model=DealReview)
    async def deal_review(table_id: str, number: int, request: Request) -> dict[str, Any]:
        actor = await actor_or_404(request, table_id)
        finished = actor.finished_deal(number)
        if finished is None:
            raise HTTPException(404, f"deal {number} of table {table_id} is not finished (or does not exist)")
        state = finished.state
        hub = hub_of(request)
        analysis = actor.analysis.get(number)
        if analysis is None:
            row = await hub.store.read(hub.repository.deal, table_id, number)
            analysis = None if row is None else row.analysis
        view = view_dict(view_of(state, None))  # the deal is over: every hand is shown
        explanations: list[Any] = []
        if hub.settings.explanations and state.auction.calls:
            context = context_dict(context_of(actor.table))
            try:
                explanations = await actor.scheduler.explain(actor.table.ruleset, state.dealer, view["calls"],
                                                             range(len(view["calls"])), context, timeout=30.0)
            except Exception:
                explanations = [None] * len(view["calls"])
        play = state.play
        vul = finished.score.vulnerable
        return {
            "number": number, "rubber": finished.rubber, "dealer": state.dealer.name,
            "vulnerable": {"NS": vul[0], "EW": vul[1]},
            "all_hands": view["all_hands"], "calls": view["calls"], "tricks": view["tricks"],
            "contract": view["contract"], "declarer": view["declarer"],
            "result": state.declarer_tricks, "passed_out": state.is_passed_out,
            "claim": None if play is None or play.claim is None else
            {"seat": play.claim.claimer.name, "tricks": play.claim.tricks},
            "explanations": explanations, "analysis": analysis,
            "score": dump_scored_deal(finished.score),
            "pbn": f"/api/tables/{table_id}/deals/{number}.pbn",
        }

    # -- WebSocket ----------------------------------------------------------------------------------
    @app.websocket("/ws/{table_id}")
    async def table_socket(websocket: WebSocket, table_id: str, k: str | None = None) -> None:
        hub = hub_of(websocket)
        await websocket.accept()
        actor = await hub.get(table_id)
        if actor is None:
            await websocket.send_text(error_text("not_found", f"no table {table_id!r}"))
            await websocket.close(code=4404)
            return
        seat = actor.seat_of(k)
        conn = Connection(websocket, seat)
        if k and seat is None:
            conn.error("not_seated", "this link is not a seat at this table: you are watching as a spectator")
        actor.submit(lambda: actor.connect(conn))
        try:
            while True:
                text = await websocket.receive_text()
                try:
                    msg = CLIENT_MESSAGE.validate_json(text)
                except ValidationError as exc:
                    conn.error("bad_message", _validation_text(exc))
                    continue
                if actor.backlog > MAX_BACKLOG:
                    conn.error("busy", "the table is busy: try again in a moment")
                    continue
                actor.submit(_job(actor, conn, msg))
        except WebSocketDisconnect:
            pass
        except Exception as exc:  # a broken socket
            log.debug("websocket of table %s closed: %s", table_id, exc)
        finally:
            actor.submit(lambda: actor.disconnect(conn))

    # -- the web UI -----------------------------------------------------------------------------------
    if static_dir.is_dir():
        app.mount("/static", StaticFiles(directory=static_dir), name="static")

    def page(name: str) -> Response:
        path = static_dir / name
        if not path.is_file():
            return HTMLResponse(f"<!doctype html><title>bazas</title><p>{name} is not installed.</p>", 404)
        return FileResponse(path, media_type="text/html")

    @app.get("/", include_in_schema=False)
    async def home() -> Response:
        return page("index.html")

    @app.get("/t/{table_id}", include_in_schema=False)
    async def table_page(table_id: str) -> Response:
        return page("table.html")

    @app.get("/i18n/{lang}.json", include_in_schema=False)
    async def i18n(lang: str) -> Response:
        if lang not in LANGS:
            raise HTTPException(404, f"no translation {lang!r} (es, en)")
        path = HERE / "i18n" / f"{lang}.json"
        if not path.is_file():
            raise HTTPException(404, f"no translation {lang!r}")
        return FileResponse(path, media_type="application/json")

    @app.get("/rules/{ruleset}", include_in_schema=False)
    async def rules(ruleset: str, request: Request, lang: str | None = None) -> Response:
        known = {r.id: r for r in all_rulesets()}
        if ruleset not in known:
            raise HTTPException(404, f"no rules for {ruleset!r}")
        chosen = _lang(request, lang)
        for code in (chosen, *(c for c in LANGS if c != chosen)):
            html = rules_page(known[ruleset], code)
            if html is not None:
                return HTMLResponse(html)
            md = HERE / "rules" / f"{ruleset}.{code}.md"
            if md.is_file():
                return PlainTextResponse(md.read_text("utf-8"), media_type="text/markdown; charset=utf-8")
        raise HTTPException(404, f"no rules page for {ruleset!r}")

    @app.exception_handler(HTTPException)
    async def http_error(request: Request, exc: HTTPException) -> JSONResponse:
        return JSONResponse({"detail": exc.detail}, status_code=exc.status_code)

    install_match_routes(app, static_dir)
    return app


def _job(actor: TableActor, conn: Connection, msg: Any) -> Callable[[], Awaitable[None]]:
    loop = asyncio.get_running_loop()
    received = loop.time()

    async def job() -> None:
        await actor.message(conn, msg)
        if msg.type in ("call", "card"):
            actor.hub.timings.append(loop.time() - received)

    return job


def _validation_text(exc: ValidationError) -> str:
    parts = []
    for err in exc.errors()[:3]:
        where = ".".join(str(x) for x in err.get("loc", ()))
        parts.append(f"{where}: {err.get('msg')}" if where else str(err.get("msg")))
    return "; ".join(parts) or "not a message of the table protocol"


def _history_deal(table_id: str, finished: TableDeal) -> dict[str, Any]:
    """A finished deal in the history: the table's numbering, and its score line's facts."""
    line = dump_scored_deal(finished.score)
    passed = finished.score.passed_out
    return {"number": finished.number, "rubber": finished.rubber, "dealer": line["dealer"],
            "vulnerable": line["vulnerable"], "contract": None if passed else line["contract"],
            "declarer": line["declarer"], "tricks": line["tricks"], "passed_out": passed,
            "points": line["points"], "pbn": f"/api/tables/{table_id}/deals/{finished.number}.pbn"}
