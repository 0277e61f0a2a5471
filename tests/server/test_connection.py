"""The socket layer alone (issue 7 point 2: ``server/connection.py``, in process, no server): a
connection sends in order, keeps only the newest of queued states, and drops a client that stops
reading (issue 13: close code 4408) instead of queueing without end. Waits are bounded; nothing
is timed."""

from __future__ import annotations

import asyncio
from typing import Any

from bazas.engine.seats import Seat
from bazas.server.connection import MAX_QUEUED, Connection


class Socket:
    """The two methods of a WebSocket a connection uses; ``blocked`` holds every send."""

    def __init__(self, blocked: bool = False) -> None:
        self.sent: list[str] = []
        self.closed: tuple[int, str] | None = None
        self.go = asyncio.Event()
        if not blocked:
            self.go.set()

    async def send_text(self, text: str) -> None:
        await self.go.wait()
        self.sent.append(text)

    async def close(self, code: int = 1000, reason: str = "") -> None:
        self.closed = (code, reason)


async def settle(socket: Socket, count: int) -> None:
    for _ in range(500):
        if len(socket.sent) >= count:
            return
        await asyncio.sleep(0.01)


def test_issue7_2_messages_in_order_and_only_the_newest_queued_state() -> None:
    async def run() -> tuple[list[str], Any]:
        socket = Socket(blocked=True)
        conn = Connection(socket, Seat.S)  # type: ignore[arg-type]
        conn.send("a")
        await asyncio.sleep(0)  # the writer takes "a" and waits on the socket
        conn.send("state 1", state=True)
        conn.send("state 2", state=True)  # replaces state 1, still unsent
        conn.send("b")
        conn.send("state 3", state=True)
        socket.go.set()
        await settle(socket, 4)
        await conn.close()
        return socket.sent, conn

    sent, conn = asyncio.run(run())
    assert sent == ["a", "state 2", "b", "state 3"]
    assert conn.closed and conn.seat is Seat.S


def test_issue7_2_a_client_that_stops_reading_is_dropped_with_4408() -> None:
    async def run() -> tuple[Socket, Connection, int]:
        socket = Socket(blocked=True)
        conn = Connection(socket, None)  # type: ignore[arg-type]
        dropped = []
        conn.on_drop = lambda: dropped.append(1)
        for i in range(MAX_QUEUED + 2):
            conn.send(f"event {i}")  # events are never coalesced
        for _ in range(500):
            if socket.closed is not None:
                break
            await asyncio.sleep(0.01)
        conn.send("after the drop")  # ignored
        return socket, conn, len(dropped)

    socket, conn, dropped = asyncio.run(run())
    assert conn.closed and dropped == 1
    assert socket.closed is not None and socket.closed[0] == 4408 and conn.close_code == 4408
    assert "after the drop" not in socket.sent


def test_issue7_2_close_with_sends_what_is_queued_first() -> None:
    async def run() -> Socket:
        socket = Socket()
        conn = Connection(socket, Seat.N)  # type: ignore[arg-type]
        conn.error("seat_taken", "seat N is already connected")
        await conn.close_with(4409, "seat already connected")
        return socket

    socket = asyncio.run(run())
    assert len(socket.sent) == 1 and '"seat_taken"' in socket.sent[0]
    assert socket.closed == (4409, "seat already connected")
