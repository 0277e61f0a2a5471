"""One WebSocket of a table or a match: its seat and its outgoing queue (the socket layer under
:class:`~bazas.server.actor.TableActor`, issue 7 point 2).

Each connection drains its own queue in its own task, so a slow client never holds up the table.
Queued ``state`` messages are coalesced (a client that lags behind receives only the newest), and
a client that stops reading is dropped with close code 4408 (issue 13).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import deque
from collections.abc import Callable
from typing import TYPE_CHECKING

from bazas.engine.seats import Seat

from .encode import error_text

if TYPE_CHECKING:
    from starlette.websockets import WebSocket

MAX_QUEUED = 256


class Connection:
    """One WebSocket: its seat (None: spectator) and an outgoing queue drained by its own task,
    so a slow client never holds up the table. Queued ``state`` messages are coalesced: a client
    that lags behind only receives the newest one."""

    def __init__(self, ws: WebSocket, seat: Seat | None) -> None:
        self.ws = ws
        self.seat = seat
        self.closed = False
        #: Called once when the server drops the connection (its queue overflowed).
        self.on_drop: Callable[[], None] | None = None
        #: The close code the server sent (None: still open, or the client closed).
        self.close_code: int | None = None
        self._closing: asyncio.Future[None] | None = None
        self._items: deque[tuple[bool, str]] = deque()
        self._wake = asyncio.Event()
        self.task = asyncio.create_task(self._writer())

    def send(self, text: str, state: bool = False) -> None:
        if self.closed:
            return
        if state and self._items and self._items[-1][0]:
            self._items[-1] = (True, text)
        else:
            self._items.append((state, text))
        if len(self._items) > MAX_QUEUED:
            # A client that does not read its messages is dropped (issue 13: a "zombie" socket
            # must not go on acting while the others see its seat as disconnected).
            self._items.clear()
            self.closed = True
            self.task.cancel()
            self._closing = asyncio.ensure_future(self._close_socket(4408, "too slow: messages not read"))
            if self.on_drop is not None:
                self.on_drop()
            return
        self._wake.set()

    def error(self, code: str, message: str) -> None:
        self.send(error_text(code, message))

    def meanings_settled(self) -> None:
        """The meanings of calls were found (a browser has them with the state; a program seat,
        server/programs.py, waits for them to send calls with their alerts)."""

    async def _writer(self) -> None:
        try:
            while True:
                await self._wake.wait()
                self._wake.clear()
                while self._items:
                    _, text = self._items.popleft()
                    await self.ws.send_text(text)
        except asyncio.CancelledError:
            raise
        except Exception:
            self.closed = True

    async def close(self) -> None:
        self.closed = True
        self.task.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await self.task

    async def _close_socket(self, code: int, reason: str) -> None:
        self.close_code = code
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self.ws.close(code=code, reason=reason), 5)

    async def close_with(self, code: int, reason: str) -> None:
        """Send what is queued, then a close frame with ``code`` and ``reason``."""
        if not self.closed:
            self._wake.set()
            with contextlib.suppress(Exception):
                for _ in range(50):
                    if not self._items:
                        break
                    await asyncio.sleep(0.01)
        await self.close()
        await self._close_socket(code, reason)
