"""The FastAPI application: HTTP API, the table WebSocket, the web UI's files.

``create_app(settings)`` builds an app whose lifespan opens the database (running migrations),
resumes every unfinished table and starts the bot workers; see docs/protocol.md for the routes.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import re
import secrets
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

from fastapi import FastAPI, HTTPException, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, PlainTextResponse, Response
from fastapi.staticfiles import StaticFiles

from bazas.engine.errors import BazasError
from bazas.engine.rulesets import all_rulesets, load_modules
from bazas.engine.rulesets import get as get_ruleset
from bazas.engine.rulesets import one_table as one_table_rulesets
from bazas.engine.table import TableDeal
from bazas.engine.three_handed_table import ThreeHandedTableDeal, seat_view
from bazas.formats.records import dump_scored_deal
from bazas.formats.three_handed import points_of

from .actor import Connection, TableActor
from .cluster import TableElsewhere, make_hub
from .encode import error_text, view_dict
from .export import pbn_text
from .hub import Hub
from .limits import Buckets, owner_key
from .lobby_routes import install_lobby_routes
from .match_routes import install_match_routes
from .protocol import (
    CreatedTable,
    CreateTable,
    DealReview,
    Health,
    History,
    RecentTables,
    RulesetFacts,
    Rulesets,
    TableSummary,
)
from .rules_pages import rules_page
from .settings import Settings
from .sockets import client_address, count_socket, serve_seat
from .static_pages import static_page
from .table_session import context_dict, context_of

log = logging.getLogger("bazas.server")

HERE = Path(__file__).resolve().parent
LANGS = ("es", "en")


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
        hub = make_hub(settings)
        app.state.hub = hub
        await hub.start()
        try:
            yield
        finally:
            await hub.close()

    app = FastAPI(title="bazas", summary="bridge tables in the browser", lifespan=lifespan)
    app.state.settings = settings
    app.add_middleware(BodyLimit, limit=settings.max_body_bytes)
    install_log_redaction()
    #: Tables created per client address (token buckets), open WebSockets per client address.
    table_buckets = Buckets(settings.tables_per_minute, settings.tables_burst)
    app.state.table_buckets = table_buckets
    app.state.sockets_by_address = {}   # server/sockets.py counts them

    def hub_of(request: Request | WebSocket) -> Hub:
        hub: Hub = request.app.state.hub
        return hub

    async def actor_or_404(request: Request, table_id: str) -> TableActor:
        try:
            actor = await hub_of(request).get(table_id)
        except TableElsewhere as exc:  # a site of several servers: the table is moving (issue 14)
            raise HTTPException(503, str(exc), headers={"Retry-After": "1"}) from None
        if actor is None:
            raise HTTPException(404, f"no table {table_id!r}")
        return actor

    # -- HTTP API ---------------------------------------------------------------------------------
    @app.post("/api/tables", response_model=CreatedTable)
    async def create_table(body: CreateTable, request: Request) -> CreatedTable:
        address = client_address(request)
        if address not in settings.trusted and not table_buckets.allow(address):
            raise HTTPException(429, f"too many new tables from this address: at most {settings.tables_burst} at "
                                f"once and {settings.tables_per_minute:g} a minute; try again later")
        try:
            return await hub_of(request).create(body, owner=owner_key(address))
        except ValueError as exc:
            raise HTTPException(400, str(exc)) from None

    @app.get("/api/tables", response_model=RecentTables)
    async def recent_tables(request: Request, limit: int = 20) -> dict[str, Any]:
        hub = hub_of(request)
        rows = await hub.store.read(hub.repository.public_tables, max(1, min(limit, 100)))
        return {"tables": rows}

    @app.get("/api/rulesets", response_model=Rulesets)
    async def rulesets() -> dict[str, Any]:
        return {"rulesets": [r.facts() for r in one_table_rulesets()]}

    @app.get("/api/rulesets/{name}", response_model=RulesetFacts)
    async def ruleset_facts(name: str) -> dict[str, Any]:
        """The facts of one ruleset (any registered one, by id or alias)."""
        try:
            return get_ruleset(name).facts()
        except BazasError as exc:
            raise HTTPException(404, str(exc)) from None

    @app.get("/api/health", response_model=Health)
    async def health(request: Request, reset: bool = False) -> dict[str, Any]:
        if reset:
            given = request.headers.get("x-bazas-admin", "")
            if not settings.admin_token or not secrets.compare_digest(given, settings.admin_token):
                raise HTTPException(403, "resetting the health counters is for the operator "
                                    "(header X-Bazas-Admin with the server's BAZAS_ADMIN_TOKEN)")
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
        view = view_dict(seat_view(state, None))  # the deal is over: every hand is shown
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
        await count_socket(websocket, lambda: _serve_socket(websocket, table_id, k, hub_of(websocket)))

    async def _serve_socket(websocket: WebSocket, table_id: str, k: str | None, hub: Hub) -> None:
        try:
            actor = await hub.get(table_id)
        except TableElsewhere as exc:  # a site of several servers: the table is moving (issue 14)
            await websocket.send_text(error_text("unavailable", str(exc)))
            await websocket.close(code=1013, reason="try again")
            return
        if actor is None:
            await websocket.send_text(error_text("not_found", f"no table {table_id!r}"))
            await websocket.close(code=4404)
            return
        await serve_seat(websocket, actor, k, what="table", label=f"table {table_id}",
                         spectator="you are watching as a spectator", job=_job)

    # -- the web UI -----------------------------------------------------------------------------------
    if static_dir.is_dir():
        app.mount("/static", StaticFiles(directory=static_dir), name="static")

    @app.get("/", include_in_schema=False)
    async def home() -> Response:
        return static_page(static_dir, "index.html")

    @app.get("/t/{table_id}", include_in_schema=False)
    async def table_page(table_id: str) -> Response:
        return static_page(static_dir, "table.html")

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
        ruleset = ruleset.split("+", 1)[0]  # a game with options (royal-auction+nullos): its game's page
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

    @app.get("/convention-card", include_in_schema=False)
    async def convention_card_page(request: Request, lang: str | None = None) -> HTMLResponse:
        """The bots' SAYC convention card, generated from their rule table (es/en)."""
        return HTMLResponse(convention_card_html(_lang(request, lang)))

    @app.exception_handler(HTTPException)
    async def http_error(request: Request, exc: HTTPException) -> JSONResponse:
        return JSONResponse({"detail": exc.detail}, status_code=exc.status_code)

    @app.exception_handler(RequestValidationError)
    async def invalid_request(request: Request, exc: RequestValidationError) -> JSONResponse:
        """422 with where and what, without echoing the input (NaN, lone surrogates: not JSON)."""
        detail = [{"loc": [str(x) for x in err.get("loc", ())], "msg": _safe(str(err.get("msg", ""))),
                   "type": str(err.get("type", ""))} for err in exc.errors()[:10]]
        return JSONResponse({"detail": detail}, status_code=422)

    install_match_routes(app, static_dir)
    install_lobby_routes(app, static_dir)
    return app


def convention_card_html(lang: str) -> str:
    """A whole page around the bidding module's convention card fragment."""
    from bazas.bots.bidding.card import convention_card

    title = "Tarjeta de convenciones" if lang == "es" else "Convention card"
    other = "en" if lang == "es" else "es"
    switch = "English" if lang == "es" else "Español"
    return (f'<!doctype html><html lang="{lang}"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            f'<title>{title} · bazas</title><link rel="stylesheet" href="/static/css/bazas.css"></head>'
            f'<body class="rules"><header class="topbar"><a class="brand" href="/">bazas</a>'
            f'<div class="topbar-actions"><a class="tb" href="/convention-card?lang={other}" hreflang="{other}">'
            f'{switch}</a></div></header><main>{convention_card(lang)}</main></body></html>')


def _safe(text: str) -> str:
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


class BodyLimit:
    """ASGI middleware: a request body larger than ``limit`` bytes gets 413 (by its
    Content-Length, or as it streams in)."""

    def __init__(self, app: Any, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for name, value in scope.get("headers", ()):
            if name == b"content-length":
                try:
                    too_big = int(value) > self.limit
                except ValueError:
                    too_big = True
                if too_big:
                    await self._refuse(send)
                    return
        seen = 0
        started = False

        async def limited_receive() -> Any:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.limit:
                    raise _TooLarge
            return message

        async def tracking_send(message: Any) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            await self.app(scope, limited_receive, tracking_send)
        except _TooLarge:
            if not started:
                await self._refuse(send)

    async def _refuse(self, send: Any) -> None:
        body = json.dumps({"detail": f"request body larger than {self.limit} bytes"}).encode()
        await send({"type": "http.response.start", "status": 413,
                    "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]})
        await send({"type": "http.response.body", "body": body})


class _TooLarge(Exception):
    pass


_SECRET = re.compile(r"([?&]k=)[^&\s\"']+")


class _RedactSecrets(logging.Filter):
    """Seat secrets (``?k=`` of a WebSocket or page URL) never reach the log."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.args:
            args = record.args if isinstance(record.args, tuple) else (record.args,)
            if any(isinstance(a, str) and "k=" in a for a in args):
                record.args = tuple(_SECRET.sub(r"\1[redacted]", a) if isinstance(a, str) else a for a in args)
        if isinstance(record.msg, str) and "k=" in record.msg:
            record.msg = _SECRET.sub(r"\1[redacted]", record.msg)
        return True


def install_log_redaction() -> None:
    """Put the secret filter on uvicorn's loggers and ours (idempotent)."""
    for name in ("uvicorn", "uvicorn.error", "uvicorn.access", "bazas"):
        logger = logging.getLogger(name)
        if not any(isinstance(f, _RedactSecrets) for f in logger.filters):
            logger.addFilter(_RedactSecrets())
    for handler in logging.getLogger().handlers:
        if not any(isinstance(f, _RedactSecrets) for f in handler.filters):
            handler.addFilter(_RedactSecrets())


def _job(actor: TableActor, conn: Connection, msg: Any) -> Callable[[], Awaitable[None]]:
    loop = asyncio.get_running_loop()
    received = loop.time()

    async def job() -> None:
        await actor.message(conn, msg)
        if msg.type in ("call", "card"):
            actor.hub.timings.append(loop.time() - received)

    return job


def _history_deal(table_id: str, finished: TableDeal) -> dict[str, Any]:
    """A finished deal in the history: the table's numbering, and its score line's facts."""
    line = dump_scored_deal(finished.score)
    passed = finished.score.passed_out
    if isinstance(finished, ThreeHandedTableDeal) and finished.points is not None:
        line["points"] = points_of(finished.points)  # three-handed: each player's (issue 11)
    return {"number": finished.number, "rubber": finished.rubber, "dealer": line["dealer"],
            "vulnerable": line["vulnerable"], "contract": None if passed else line["contract"],
            "declarer": line["declarer"], "tricks": line["tricks"], "passed_out": passed,
            "points": line["points"], "pbn": f"/api/tables/{table_id}/deals/{finished.number}.pbn"}
