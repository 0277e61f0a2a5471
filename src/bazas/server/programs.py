"""Program seats (issue 9): an outside bridge program plays a seat of one of the server's own tables
through the Blue Chip table-manager protocol.

A table created with a seat of kind ``"program"`` answers with that seat's connection details
(``CreatedTable.programs``): the address of the server's table-manager port (``bazas serve
--tm-port``) and the team name to connect with, ``<table id>/<seat secret>``. The program connects
as a client of the protocol (``Connecting "<team>" as <seat> using protocol version 18``), and then
plays like any client of a table manager (:mod:`bazas.tm`).

The seat is a person's seat for the table (the program sends its calls and cards through the
table actor, which checks them with the rules engine, stores them and moves the table on; a
program away for longer than the absence grace has the table's bot play for it until it comes
back). What the program is sent is worked out by :class:`bazas.tm.seatfeed.SeatFeed` from the
engine's view of its seat (``view_of``), the same view the browser seat's state is made of: its
own cards, the other seats' calls and cards as they are made, dummy's cards after the opening lead,
nothing else. A deal over, the program's seat moves the table on by itself (the next board starts).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import TYPE_CHECKING, Any

from bazas.engine.errors import BazasError
from bazas.engine.seats import Seat
from bazas.engine.three_handed_table import is_three_handed
from bazas.engine.views import view_of
from bazas.tm import protocol as p
from bazas.tm.seatfeed import SeatFeed, alert_of, client_action

from .actor import Connection, TableActor
from .cluster import TableElsewhere
from .protocol import CLIENT_MESSAGE

if TYPE_CHECKING:
    from .hub import Hub

log = logging.getLogger("bazas.server.programs")

#: A program that reads nothing while this much is waiting for it is dropped.
MAX_BUFFER = 1 << 20


class ProgramConnection(Connection):
    """A program's TCP connection as the table actor sees a seat's connection: state pushes become
    protocol lines (:class:`SeatFeed`), errors become ``Error:`` lines."""

    def __init__(self, actor: TableActor, seat: Seat, writer: asyncio.StreamWriter) -> None:
        # Not Connection.__init__: no WebSocket and no writer task (the stream buffers).
        self.ws = None  # type: ignore[assignment]
        self.seat: Seat | None = seat
        self.closed = False
        self.on_drop = None
        self.close_code = None
        self.actor = actor
        self.writer = writer
        self.feed = SeatFeed(seat)
        self.started = False           # the program said "ready to start"
        self._next_for = 0
        self.ended = False             # "End of session" sent (a match's table played all its boards)

    def write(self, line: str) -> None:
        if self.closed or self.writer.is_closing():
            return
        p.send_line(self.writer, line)
        if self.writer.transport.get_write_buffer_size() > MAX_BUFFER:
            self.closed = True
            self.writer.close()
            if self.on_drop is not None:
                self.on_drop()

    def send(self, text: str, state: bool = False) -> None:
        if not state or self.closed:
            return  # only the table's state matters here (seat keys, hints... are the browser's)
        self.push()

    def meanings_settled(self) -> None:
        if not self.closed:
            self.push()

    def push(self) -> None:
        """Send what the program is owed of the table now. A call goes out once its meaning is
        settled, alerted with that meaning when it is artificial (our bots' and people's calls
        as the bidding system explains them; another program's alerted calls with its words)."""
        actor = self.actor
        table = actor.table
        current = table.current
        seat = self.seat
        if current is None or seat is None or not actor.program_may_play():
            return
        meanings = actor.meanings
        explained = actor.hub.settings.explanations and not is_three_handed(table)
        alerts = {i: text for i, m in enumerate(meanings.current) if (text := alert_of(m)) is not None}
        view = view_of(current, seat)
        lines = self.feed.update(table.number, table.vulnerability, view, alerts,
                                 settled=meanings.settled if explained else None)
        if self.started:
            for line in lines:
                self.write(line)
        if not self.feed.caught_up(view):
            return   # the board's last calls wait for their meanings: the board goes on after them
        if actor.program_session_over():
            # A match's table has played all its boards: the protocol's end (once).
            if self.started and not self.ended:
                self.ended = True
                self.write(str(p.EndOfSession()))
            return
        if table.status in ("review", "over") and seat not in table.ready and self._next_for != table.number:
            self._next_for = table.number
            self.actor.submit(lambda: self.actor.message(self, CLIENT_MESSAGE.validate_python({"type": "next"})))

    def error(self, code: str, message: str) -> None:
        self.write(str(p.Error(message.replace("\r", " ").replace("\n", " ")[:400])))

    async def close(self) -> None:
        self.closed = True
        with contextlib.suppress(Exception):
            self.writer.close()

    async def close_with(self, code: int, reason: str) -> None:
        self.write(str(p.Error(reason)))
        await self.close()

    def start(self) -> None:
        """The program is ready to start: the board so far (its own actions included)."""
        self.started = True
        for line in self.feed.resend():
            self.write(line)
        self.push()   # anything since, and a match's end when it is over


class ProgramSeats:
    """The server's table-manager port: programs connect here to their seats at the tables."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self.server: asyncio.base_events.Server | None = None
        self.host = "127.0.0.1"
        self.port = 0

    async def start(self, host: str, port: int) -> int:
        self.hub.settings.tm_public_address  # noqa: B018 - a malformed public address stops the start, by name
        self.server = await asyncio.start_server(self._connection, host, port, limit=p.LINE_LIMIT)
        self.host = host
        self.port = int(self.server.sockets[0].getsockname()[1])
        log.info("program seats: Blue Chip table manager on %s:%d", host, self.port)
        return self.port

    async def close(self) -> None:
        if self.server is not None:
            self.server.close()
            with contextlib.suppress(Exception):
                await self.server.wait_closed()

    def details(self, table_id: str, seat: Seat, key: str) -> dict[str, Any]:
        """How a program connects to ``seat`` of table ``table_id`` (``key``: the seat's secret): at
        the site's public table-manager address when there is one (a balancer), else here."""
        team = f"{table_id}/{key}"
        host, port = self.hub.settings.tm_public_address or (self.host, self.port)
        return {"protocol": "Blue Chip Bridge table manager, version 18", "host": host, "port": port,
                "team": team, "seat": p.seat_word(seat),
                "connect": str(p.Connect(team, seat))}

    async def _seat(self, message: p.Message) -> tuple[TableActor, Seat]:
        if not isinstance(message, p.Connect):
            raise p.ProtocolError('first say: Connecting "<team>" as <seat> using protocol version 18, with the '
                                  "team name the table gave for the seat")
        table_id, _, key = message.team.partition("/")
        actor = None
        if table_id and key:
            if "." in table_id and self.hub.matches is not None:  # a table of a team match: "<match>.<table>"
                actor = await self.hub.matches.side(table_id)
            else:
                actor = await self.hub.get(table_id)
        seat = None if actor is None else actor.seat_of(key)
        if actor is None or seat is None or seat not in actor.program_seats():
            raise p.ProtocolError(f'"{message.team}" is not a program seat of a table here')
        if seat != message.seat:
            raise p.ProtocolError(f"that team name is for {p.seat_word(seat)}, not {p.seat_word(message.seat)}")
        if actor.seat_connected(seat):
            raise p.ProtocolError(f"{p.seat_word(seat)} is already connected")
        return actor, seat

    async def _connection(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        conn: ProgramConnection | None = None
        actor: TableActor | None = None
        try:
            async for line in p.read_lines(reader, writer):
                try:
                    message = p.parse(line)
                    if conn is None:
                        actor, seat = await self._seat(message)
                        conn = ProgramConnection(actor, seat, writer)
                        assert isinstance(message, p.Connect)
                        conn.write(str(p.Seated(seat, message.team)))
                        connected = conn

                        async def join(c: ProgramConnection = connected, a: TableActor = actor) -> None:
                            await a.connect(c)

                        actor.submit(join)
                    elif isinstance(message, p.Connect):
                        raise p.ProtocolError("already connected")
                    else:
                        assert actor is not None
                        self._receive(actor, conn, message)
                except (BazasError, ValueError, TableElsewhere) as exc:
                    # TableElsewhere: a site of several servers is moving the table; the program may
                    # connect again in a moment.
                    p.send_line(writer, str(p.Error(str(exc))))
                await writer.drain()
        except (ConnectionError, asyncio.IncompleteReadError):
            pass
        finally:
            if conn is not None and actor is not None:
                gone, table = conn, actor

                async def leave(c: ProgramConnection = gone, a: TableActor = table) -> None:
                    await a.disconnect(c)

                actor.submit(leave)
            writer.close()

    def _receive(self, actor: TableActor, conn: ProgramConnection, message: p.Message) -> None:
        assert conn.seat is not None
        if isinstance(message, p.Ready):
            if message.seat != conn.seat:
                raise p.ProtocolError(f"you are {p.seat_word(conn.seat)}, not {p.seat_word(message.seat)}")
            if message.what == "teams":
                conn.write(str(p.Teams("N/S", "E/W")))
            elif message.what == "start" and not conn.started:
                conn.start()
            return
        # Read in the table's own order (after the program's earlier lines were applied: a program
        # passing out the auction leads at once), not when the line arrives.
        actor.submit(lambda: self._act(actor, conn, message))

    @staticmethod
    async def _act(actor: TableActor, conn: ProgramConnection, message: p.Message) -> None:
        state = actor.table.current
        assert conn.seat is not None
        try:
            action, alert = client_action(message, conn.seat, None if state is None else state.phase,
                                          None if state is None else state.turn)
        except p.ProtocolError as exc:
            conn.error("illegal", str(exc))
            return
        kind = "card" if isinstance(message, p.CardPlayed) else "call"
        msg = CLIENT_MESSAGE.validate_python({"type": kind, kind: str(action)})
        if alert:
            # The alert is part of the call: stored with it in the table's log (it survives a
            # restart), its meaning for the people at the table and for the bots then the program's words.
            await actor.alerted_call(conn, msg, alert)
        else:
            await actor.message(conn, msg)
