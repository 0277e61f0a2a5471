"""One seat's side of the Blue Chip protocol, shared by the table manager and the server's program
seats (:mod:`bazas.server.programs`).

- :func:`board_start`: what a seat is sent when a board starts (the start, the board's number,
  dealer and vulnerability, its own 13 cards);
- :func:`client_action`: the call or card a program's line asks its seat to make, checked against
  the seat and the turn (a clear :class:`~bazas.tm.protocol.ProtocolError` otherwise);
- :class:`SeatFeed`: the lines a seat is owed, worked out from successive :class:`SeatView`\\ s of
  that seat, the engine's view of what the seat may know. Whoever builds the views (the server
  from its table) thereby gives a program exactly what a person in the seat is shown: its own
  cards, the others' calls and cards as they are made, dummy's cards after the opening lead, and
  nothing else. The lines of the current board are kept for a reconnection (:meth:`SeatFeed.resend`).

>>> from bazas.engine.deal import deal_from_seed
>>> from bazas.engine.state import DealState
>>> from bazas.engine.views import view_of
>>> from bazas.engine.deal import Vulnerability
>>> state = DealState.start(deal_from_seed("doc"), Seat.N)
>>> feed = SeatFeed(Seat.E)
>>> [line.split(":")[0] for line in feed.update(1, Vulnerability.NONE, view_of(state, Seat.E))]
['Start of board', 'Board number 1. Dealer North. Neither vulnerable.', "East's cards "]
>>> feed.update(1, Vulnerability.NONE, view_of(state.apply(state.legal_actions()[0], Seat.N).after, Seat.E))
['North passes']
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bazas.engine.calls import Call, parse_call
from bazas.engine.cards import Card, Hand
from bazas.engine.deal import Vulnerability
from bazas.engine.seats import Seat
from bazas.engine.state import Action
from bazas.engine.views import SeatView

from . import protocol as p

__all__ = ["SeatFeed", "alert_of", "board_start", "client_action"]

#: The longest alert explanation sent (the protocol's lines are short).
ALERT_LIMIT = 200
#: Suit symbols and dashes of our explanations, as the protocol's ASCII writes them.
_ASCII = str.maketrans({"\u2663": "C", "\u2666": "D", "\u2665": "H", "\u2660": "S", "\u2013": "-", "\u2014": "-",
                        "\u2019": "'", "\u2264": "<=", "\u2265": ">=", "\u00bd": ".5"})


def alert_of(meaning: Mapping[str, Any] | None) -> str | None:
    """The alert that goes with a call of this meaning (an explanation's ``to_dict()``, as the
    server's meanings hold them): its English text when the call is artificial, else None.

    >>> alert_of({"en": "Stayman: asks for a major", "artificial": True})
    'Stayman: asks for a major'
    >>> alert_of({"en": "Strong artificial 2\u2663 opening: 19+ HCP", "artificial": True})
    'Strong artificial 2C opening: 19+ HCP'
    >>> alert_of({"en": "5+ hearts", "artificial": False}) is None
    True
    """
    if not meaning or not meaning.get("artificial"):
        return None
    text = str(meaning.get("en") or "").translate(_ASCII).encode("ascii", "replace").decode("ascii")
    text = " ".join(text.replace("\r", " ").replace("\n", " ").split())[:ALERT_LIMIT]
    return text or "artificial"


def board_start(number: int, dealer: Seat, vulnerability: Vulnerability, seat: Seat, hand: Hand) -> list[p.Message]:
    """The messages that start board ``number`` for ``seat`` (holding ``hand``)."""
    return [p.StartOfBoard(), p.BoardInfo(number, dealer, vulnerability), p.Cards(seat, hand)]


def client_action(message: p.Message, seat: Seat, phase: str | None, turn: Seat | None) -> tuple[Action, str | None]:
    """The action (and alert) a program at ``seat`` asks for with ``message``, when the deal is in
    ``phase`` with ``turn`` to act; raises :class:`~bazas.tm.protocol.ProtocolError` naming what is
    wrong (the rules engine then checks the action itself)."""
    if isinstance(message, p.CallMade):
        if message.seat != seat:
            raise p.ProtocolError(f"you are {p.seat_word(seat)}: you cannot call for {p.seat_word(message.seat)}")
        return message.call, message.alert
    if isinstance(message, p.CardPlayed):
        if phase != "play":
            raise p.ProtocolError("no card can be played now")
        if message.seat != turn:
            raise p.ProtocolError(f"it is {p.seat_word(turn) if turn is not None else 'nobody'}'s turn "
                                  f"to play, not {p.seat_word(message.seat)}'s")
        return message.card, None
    raise p.ProtocolError(f"a client does not send {type(message).__name__} messages")


class SeatFeed:
    """The protocol lines owed to one seat, from the views of that seat (see the module)."""

    def __init__(self, seat: Seat) -> None:
        self.seat = seat
        self.board: int | None = None
        #: The current board's lines so far: (line, the seat's own action: not echoed to it).
        self.lines: list[tuple[str, bool]] = []
        self._calls = 0
        self._cards = 0
        self._dummy_sent = False

    def update(self, number: int, vulnerability: Vulnerability, view: SeatView,
               alerts: Mapping[int, str] | None = None, settled: int | None = None) -> list[str]:
        """The new lines (to write now) for board ``number`` as ``view`` shows it; recorded too.
        ``alerts``: the alerted calls' explanations by index. ``settled``: only the first
        ``settled`` calls may go out yet (the others' alerts are not known yet); the rest of the
        board waits for a later update."""
        out: list[tuple[str, bool]] = []
        if view.phase not in ("auction", "play", "done") or view.seat != self.seat:
            return []
        if number != self.board:
            hand = view.original_hand
            if hand is None:
                return []
            self.board, self.lines, self._calls, self._cards, self._dummy_sent = number, [], 0, 0, False
            out += [(str(m), False) for m in board_start(number, view.dealer, vulnerability, self.seat, hand)]
        upto = len(view.calls) if settled is None else max(self._calls, min(settled, len(view.calls)))
        for i in range(self._calls, upto):
            caller = view.dealer.after(i)
            call: Call = parse_call(view.calls[i])
            out.append((str(p.CallMade(caller, call, (alerts or {}).get(i))), caller == self.seat))
        self._calls = upto
        if upto < len(view.calls):
            self.lines += out
            return [line for line, own in out if not own]
        played = [sc for t in (*view.tricks, *(() if view.current is None else (view.current,))) for sc in t.cards]
        for i in range(self._cards, len(played)):
            who, card = played[i]
            own = (who == self.seat and who != view.dummy) or (who == view.dummy and view.declarer == self.seat)
            out.append((str(p.CardPlayed(who, card)), own))
            if i == 0 and not self._dummy_sent and view.dummy is not None and view.dummy != self.seat:
                dummy_cards = _original(view.dummy_hand, view.dummy, played)
                if dummy_cards is not None:
                    out.append((str(p.Cards(None, dummy_cards)), False))
                    self._dummy_sent = True
        self._cards = len(played)
        self.lines += out
        return [line for line, own in out if not own]

    def caught_up(self, view: SeatView) -> bool:
        """Whether every call of ``view``'s auction has gone out (a call whose meaning is not
        settled yet waits: the board's end, or the session's, must not pass it)."""
        return view.seat != self.seat or self._calls >= len(view.calls)

    def resend(self) -> list[str]:
        """Every line of the current board, the seat's own actions included (a reconnection)."""
        return [line for line, _own in self.lines]


def _original(hand: Hand | None, seat: Seat, played: list[tuple[Seat, Card]]) -> Hand | None:
    """``seat``'s 13 cards: what it holds and what it played."""
    if hand is None:
        return None
    mask = hand.mask
    for who, card in played:
        if who == seat:
            mask |= card.bit
    return Hand(mask)

