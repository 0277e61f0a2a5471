"""The WebSocket of a seat or a spectator, shared by the tables (``/ws/{table}``) and the match
tables (``/ws/m/{side}``): both hold the same standard (issue 13).

- At most ``Settings.ws_per_address`` sockets from one address, table and match sockets counted
  together (the site's trusted addresses excepted).
- One connection per seat: a second window of a seated player is refused, not swapped in.
- Text frames only, each a message of the table protocol: a binary frame closes the socket with a
  close frame; a malformed message is answered with what is wrong and where, and changes nothing.
- A table whose actor has too much work queued answers "busy" rather than queueing more.
- The actor applies every command in order (``actor.submit``); the socket only reads and validates.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any

from fastapi import Request, WebSocket, WebSocketDisconnect
from pydantic import ValidationError

from .actor import Connection
from .encode import error_text
from .protocol import CLIENT_MESSAGE

__all__ = ["MAX_BACKLOG", "client_address", "count_socket", "serve_seat", "validation_text"]

log = logging.getLogger("bazas.server")

#: Commands queued at one actor past which a socket's next command is answered "busy".
MAX_BACKLOG = 500


def client_address(conn: Request | WebSocket) -> str:
    """The client's address (behind a reverse proxy: the one it forwards, when uvicorn trusts it)."""
    return conn.client.host if conn.client is not None else "?"


def validation_text(exc: ValidationError) -> str:
    """What was wrong with a client message, and where (its first three faults)."""
    parts = []
    for err in exc.errors()[:3]:
        where = ".".join(str(x) for x in err.get("loc", ()))
        parts.append(f"{where}: {err.get('msg')}" if where else str(err.get("msg")))
    return "; ".join(parts) or "not a message of the table protocol"


async def count_socket(websocket: WebSocket, serve: Callable[[], Awaitable[None]]) -> None:
    """Accept ``websocket`` under the per-address cap and count it while ``serve()`` runs."""
    state = websocket.app.state
    settings = state.settings
    sockets_by_address: dict[str, int] = state.sockets_by_address
    address = client_address(websocket)
    await websocket.accept()
    if address not in settings.trusted and sockets_by_address.get(address, 0) >= settings.ws_per_address:
        await websocket.send_text(error_text("busy", f"too many connections from this address (at most "
                                             f"{settings.ws_per_address})"))
        await websocket.close(code=4429, reason="too many connections from this address")
        return
    sockets_by_address[address] = sockets_by_address.get(address, 0) + 1
    try:
        await serve()
    finally:
        left = sockets_by_address.get(address, 1) - 1
        if left > 0:
            sockets_by_address[address] = left
        else:
            sockets_by_address.pop(address, None)


async def serve_seat(websocket: WebSocket, actor: Any, k: str | None, *, what: str, label: str,
                     spectator: str, job: Callable[[Any, Connection, Any], Callable[[], Awaitable[None]]]) -> None:
    """Serve one socket of ``actor`` (a table's or a match table's) until it closes: ``k`` is the
    seat's key (None: a spectator), ``what`` names the actor to the player ("table", "match"),
    ``label`` in the log, ``spectator`` tells a key that is not a seat here what it is doing
    instead, and ``job`` makes the actor's work of one valid message."""
    seat = actor.seat_of(k)
    if seat is not None and actor.seat_connected(seat):
        await websocket.send_text(error_text("seat_taken", f"seat {seat.name} is already connected from "
                                             "another window or device: close it first"))
        await websocket.close(code=4409, reason="seat already connected")
        return
    conn = Connection(websocket, seat)
    if k and seat is None:
        conn.error("not_seated", f"this link is not a seat at this table: {spectator}")
    actor.submit(lambda: actor.connect(conn))
    try:
        while not conn.closed:
            frame = await websocket.receive()
            if frame["type"] == "websocket.disconnect":
                break
            text = frame.get("text")
            if text is None:
                await conn.close_with(1003, "binary frames are not part of the table protocol: send text (JSON)")
                break
            if conn.closed:  # dropped (its messages were not read): its commands are not applied
                break
            try:
                msg = CLIENT_MESSAGE.validate_json(text)
            except ValidationError as exc:
                conn.error("bad_message", validation_text(exc))
                continue
            if actor.backlog > MAX_BACKLOG:
                conn.error("busy", f"the {what} is busy: try again in a moment")
                continue
            actor.submit(job(actor, conn, msg))
    except WebSocketDisconnect:
        pass
    except Exception as exc:  # a broken socket
        log.debug("websocket of %s closed: %s", label, exc)
    finally:
        actor.submit(lambda: actor.disconnect(conn))
