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
from bazas.engine.seats import SEATS

from . import workers
from .actor import Connection, TableActor, context_dict, context_of, dumps, error_text
from .export import deal_game, pbn_text
from .hub import Hub
from .protocol import CLIENT_MESSAGE, CreatedTable, CreateTable
from .rules_pages import rules_page
from .settings import Settings

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

    @app.get("/api/tables")
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
        games = [_game(actor, d.number) for d in actor.table.finished]
        return PlainTextResponse(pbn_text(games), media_type="application/x-pbn",
                                 headers={"Content-Disposition": f'attachment; filename="bazas-{table_id}.pbn"'})

    @app.get("/api/tables/{table_id}")
    async def table_summary(table_id: str, request: Request) -> dict[str, Any]:
        actor = await actor_or_404(request, table_id)
        return actor.summary()

    @app.get("/api/tables/{table_id}/history")
    async def history(table_id: str, request: Request) -> dict[str, Any]:
        actor = await actor_or_404(request, table_id)
        deals = []
        for d in actor.table.finished:
            entry = d.score
            p = entry.points
            vul = entry.vulnerable
            deals.append({
                "number": d.number, "rubber": d.rubber, "dealer": d.state.dealer.name,
                "vulnerable": {"NS": vul[0], "EW": vul[1]},
                "contract": None if entry.contract is None else str(entry.contract),
                "declarer": None if entry.declarer is None else entry.declarer.name,
                "tricks": entry.tricks, "passed_out": entry.passed_out,
                "points": {"NS": p.ns, "EW": p.ew},
                "pbn": f"/api/tables/{table_id}/deals/{d.number}.pbn",
            })
        return {"table_id": table_id, "ruleset": actor.table.ruleset, "deals": deals,
                "pbn": f"/api/tables/{table_id}.pbn"}

    @app.get("/api/tables/{table_id}/deals/{number}.pbn")
    async def deal_pbn(table_id: str, number: int, request: Request) -> Response:
        actor = await actor_or_404(request, table_id)
        if actor.finished_deal(number) is None:
            raise HTTPException(404, f"deal {number} of table {table_id} is not finished (or does not exist)")
        return PlainTextResponse(pbn_text([_game(actor, number)]), media_type="application/x-pbn",
                                 headers={"Content-Disposition":
                                          f'attachment; filename="bazas-{table_id}-{number}.pbn"'})

    @app.get("/api/tables/{table_id}/deals/{number}")
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
        view = state_view_all(state)
        explanations: list[Any] = []
        if hub.settings.explanations and state.auction.calls:
            ctx = context_dict(context_of(actor.table))
            try:
                explanations = await hub.workers.run(workers.explain_calls, actor.table.ruleset, state.dealer.name,
                                                     view["calls"], list(range(len(view["calls"]))), ctx,
                                                     timeout=30.0)
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
            "score": json.loads(dumps(_scored(finished))),
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


def _scored(finished: Any) -> dict[str, Any]:
    from .actor import scored_deal_dict

    return scored_deal_dict(finished.score)


def state_view_all(state: Any) -> dict[str, Any]:
    """A finished deal as everyone may now see it (all hands, calls, tricks)."""
    from bazas.engine.views import view_of

    if state.phase != "done":  # pragma: no cover - callers pass finished deals only
        raise ValueError("the deal is not finished")
    view: dict[str, Any] = view_of(state, None).to_dict()
    return view


def _game(actor: TableActor, number: int) -> Any:
    finished = actor.finished_deal(number)
    assert finished is not None
    names = {s: (actor.table.players[s].name or ("Bot" if actor.table.players[s].is_bot else "")) for s in SEATS}
    return deal_game(finished.state, number=number, vulnerability=finished.vulnerability,
                     ruleset=actor.table.ruleset, names=names, event=f"bazas {actor.table.ruleset} {actor.id}")
