"""``bazas tm connect``: our bot as a client at any table manager of the Blue Chip protocol.

The client follows the protocol in lock step: it says who it is, asks for the teams, the deal and
its cards, then on each turn of the auction and the play either makes its own call or card (as
declarer, also dummy's: ``<dummy seat> plays <card>``) or asks for the one it waits for. What it
knows of the board is a :class:`~bazas.tm.seatview.BoardKnowledge`, from which the bots get their
usual ``SeatView``. Alerts made by the other seats are kept with the board; our own artificial
calls go out alerted, with their meaning.

It also accepts a manager that sends the board again after a reconnection (its own calls and
cards included, as this project's manager does): a relayed action that is already known is
skipped.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from bazas.engine.calls import Call
from bazas.engine.cards import Card
from bazas.engine.seats import Seat
from bazas.engine.state import Action
from bazas.engine.views import SeatView

from . import protocol as p
from .seatview import BoardKnowledge

#: A decision: (the seat's view, board knowledge) -> (action, alert or None).
Choose = Callable[[SeatView, BoardKnowledge], tuple[Action, str | None]]


@dataclass
class ClientReport:
    """What the client saw: each board's actions, and every refusal the manager sent."""

    boards: list[dict[str, Any]] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    teams: tuple[str, str] | None = None


class TableClient:
    """One seat's client: ``run()`` connects, plays until the end of the session, returns a report."""

    def __init__(self, host: str, port: int, seat: Seat, team: str, choose: Choose, *, seed: int = 0) -> None:
        self.host, self.port, self.seat, self.team = host, port, seat, team
        self.choose = choose
        self.rng = random.Random(seed)
        self.board: BoardKnowledge | None = None
        self.pending: p.BoardInfo | None = None
        self.report = ClientReport()
        self.writer: asyncio.StreamWriter | None = None
        self._asked: tuple[int, str] | None = None   # what we last asked for (actions count, kind)
        self._own = False                              # the last action known is our own

    async def run(self, timeout: float | None = None) -> ClientReport:
        reader, writer = await asyncio.open_connection(self.host, self.port)
        self.writer = writer
        try:
            await self.send(p.Connect(self.team, self.seat))
            while True:
                raw = await asyncio.wait_for(reader.readline(), timeout)
                if not raw:
                    break
                line = raw.decode("ascii", "replace").strip()
                if not line:
                    continue
                message = p.parse(line)
                if isinstance(message, p.EndOfSession):
                    self._finish_board()
                    break
                await self.on(message)
        finally:
            writer.close()
            with contextlib.suppress(Exception):
                await writer.wait_closed()
        return self.report

    async def send(self, message: p.Message) -> None:
        assert self.writer is not None
        self.writer.write((str(message) + "\r\n").encode("ascii", "replace"))
        await self.writer.drain()

    # -- the lock step -----------------------------------------------------------------------
    async def on(self, message: p.Message) -> None:
        me = self.seat
        if isinstance(message, p.Error):
            self.report.errors.append(message.text)
        elif isinstance(message, p.Seated):
            await self.send(p.Ready(me, "teams"))
        elif isinstance(message, p.Teams):
            self.report.teams = (message.ns, message.ew)
            await self.send(p.Ready(me, "start"))
        elif isinstance(message, p.StartOfBoard):
            self._finish_board()
            await self.send(p.Ready(me, "deal"))
        elif isinstance(message, p.BoardInfo):
            self.pending = message
            await self.send(p.Ready(me, "cards"))
        elif isinstance(message, p.Cards) and message.seat is not None:
            info = self.pending
            if info is None:
                raise p.ProtocolError("cards before the board's number, dealer and vulnerability")
            self.board = BoardKnowledge(me, info.number, info.dealer, message.hand, info.vulnerability)
            self._asked = None
            await self.step()
        elif isinstance(message, p.Cards):
            if self.board is not None:
                self.board = self.board.with_dummy(message.hand)
                await self.step()
        elif isinstance(message, p.CallMade | p.CardPlayed):
            await self.relayed(message)

    async def relayed(self, message: p.CallMade | p.CardPlayed) -> None:
        board = self.board
        if board is None:
            raise p.ProtocolError("a call or card before the cards")
        action: Action = message.call if isinstance(message, p.CallMade) else message.card
        alert = message.alert if isinstance(message, p.CallMade) else None
        state = board.state(self.rng)
        if state.turn == message.seat:
            self.board = board.with_action(action, alert)
        elif self._own and board.actions and self._turn_before_last(board) == message.seat:
            # The manager sends the board again after a reconnection, our own actions included:
            # its record wins over the action we made before we had read it (which it refuses).
            self.board = board.without_last().with_action(action, alert)
        else:
            return   # a repeated line: already known
        self._own = False
        self._asked = None
        await self.step()

    def _turn_before_last(self, board: BoardKnowledge) -> Seat | None:
        return board.without_last().state(self.rng).turn

    async def step(self) -> None:
        """Act if it is our turn; otherwise ask for what we wait for."""
        board = self.board
        assert board is not None
        state = board.state(self.rng)
        if state.phase == "done":
            return
        me = self.seat
        play = state.play
        if play is not None and play.cards_played() and board.dummy_hand is None and me != play.dummy:
            if self._asked != (len(board.actions), "dummy"):
                self._asked = (len(board.actions), "dummy")
                await self.send(p.Ready(me, "dummy"))
            return
        if state.actor == me:
            view = board.view(self.rng)
            action, alert = self.choose(view, board)
            turn = state.turn
            assert turn is not None
            if isinstance(action, Card):
                await self.send(p.CardPlayed(turn, action))
            else:
                assert isinstance(action, Call)
                await self.send(p.CallMade(me, action, alert))
            self.board = board.with_action(action, alert)
            self._own = True
            self._asked = None
            await self.step()
            return
        turn = state.turn
        assert turn is not None
        key = (len(board.actions), "wait")
        if self._asked == key:
            return
        self._asked = key
        if play is None:
            await self.send(p.Ready(me, "bid", turn))
        else:
            trick = len(play.tricks) + 1
            await self.send(p.Ready(me, "card", None if turn == play.dummy else turn, trick))

    def _finish_board(self) -> None:
        board = self.board
        if board is None:
            return
        state = board.state(self.rng)
        self.report.boards.append({
            "board": board.number, "contract": None if state.contract is None else str(state.contract),
            "declarer": None if state.declarer is None else state.declarer.name,
            "tricks": state.declarer_tricks, "actions": [str(a) for a in board.actions],
            "alerts": {str(i): text for i, text in board.alerts}})
        self.board = None



def bot_chooser(strength: str = "fast", seconds: float = 0.3, seed: int = 0) -> Choose:
    """Our computer player as a client's decision (duplicate scoring: the protocol's matches are
    team matches)."""
    from bazas.bots.base import Budget, TableContext
    from bazas.bots.player import bot_for

    from .manager import alert_text

    bot = bot_for("duplicate", strength)
    rng = random.Random(seed)

    def choose(view: SeatView, board: BoardKnowledge) -> tuple[Action, str | None]:
        context = TableContext.at("duplicate", board.vulnerability, deal_number=board.number,
                                  alerts=board.opponents_alerts)
        decision = bot.choose(view, context, random.Random(rng.getrandbits(64)), Budget(seconds))
        return decision.action, alert_text(decision.explanation)

    return choose
