"""LIN export: one board, as played at one table, in the format of BBO's hand viewer.

LIN (Bridge Base Online's hand viewer format, described in BBO's "Handviewer documentation",
https://www.bridgebase.com/tools/hvdoc.html) is one line of ``key|value|`` pairs:

- ``pn|South,West,North,East|`` the players' names, from South clockwise;
- ``st||`` the title (empty); ``qx|o1|`` / ``qx|c1|`` the board in the open / closed room;
- ``md|3<S>,<W>,<N>,<E>|`` the deal: the dealer as a digit (1 South, 2 West, 3 North, 4 East),
  then the hands from South clockwise, each ``S<spades>H<hearts>D<diamonds>C<clubs>`` with ranks
  ``AKQJT98765432``;
- ``rh||`` resets the heading, ``ah|Board 1|`` names the board;
- ``sv|o|`` the vulnerability: ``o`` none, ``n`` N/S, ``e`` E/W, ``b`` both;
- ``mb|1S|`` one call each, in order from the dealer: ``p`` pass, ``d`` double, ``r`` redouble,
  bids as level and strain (``N`` for notrump);
- ``pc|D4|`` one card each, in playing order (suit letter, then rank);
- ``mc|10|`` a claim: the tricks declarer's side takes in all;
- ``pg||`` a page break (after the auction and after each trick, where the viewer pauses).

>>> from bazas.engine.deal import Deal
>>> d = Deal.from_pbn("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765")
>>> board_lin(d, 2, names=("Ana", "Eli", "Sol", "Wes"))
'pn|Sol,Wes,Ana,Eli|st||md|4S765H432DAKQJCT98,S432HAKQJDT98C765,SAKQJHT98D765C432,ST98H765D432CAKQJ|rh||ah|Board 2|sv|n|pg||'
"""

from __future__ import annotations

from collections.abc import Sequence

from bazas.engine.calls import Bid, Call, Double, Pass, Redouble, Strain
from bazas.engine.cards import PBN_SUIT_ORDER, Card, Hand
from bazas.engine.deal import Board, Deal, Vulnerability
from bazas.engine.seats import Seat
from bazas.engine.state import DealState

from .match_records import ROOMS, MatchRecord

__all__ = ["LIN_SEATS", "board_lin", "lin_call", "lin_card", "lin_hand", "record_lin"]

#: The order of hands and names in LIN: South, West, North, East.
LIN_SEATS: tuple[Seat, Seat, Seat, Seat] = (Seat.S, Seat.W, Seat.N, Seat.E)
_DEALER = {Seat.S: "1", Seat.W: "2", Seat.N: "3", Seat.E: "4"}
_VULNERABILITY = {Vulnerability.NONE: "o", Vulnerability.NS: "n", Vulnerability.EW: "e", Vulnerability.BOTH: "b"}
_STRAIN = {Strain.C: "C", Strain.D: "D", Strain.H: "H", Strain.S: "S", Strain.NT: "N"}


def _clean(text: str) -> str:
    """A value without the characters that delimit LIN (``|``) or names (``,``)."""
    return " ".join(text.replace("|", " ").replace(",", " ").split())


def lin_hand(hand: Hand) -> str:
    """``S<spades>H<hearts>D<diamonds>C<clubs>``.

    >>> lin_hand(Hand.from_pbn("AKQJ.T98..5432"))
    'SAKQJHT98DC5432'
    """
    return "".join(suit.name + hand.suit_text(suit) for suit in PBN_SUIT_ORDER)


def lin_call(call: Call) -> str:
    """``p``, ``d``, ``r`` or a bid like ``1S``, ``3N``.

    >>> from bazas.engine.calls import parse_call
    >>> [lin_call(parse_call(c)) for c in ("P", "X", "XX", "1NT", "7C")]
    ['p', 'd', 'r', '1N', '7C']
    """
    if isinstance(call, Pass):
        return "p"
    if isinstance(call, Double):
        return "d"
    if isinstance(call, Redouble):
        return "r"
    assert isinstance(call, Bid)
    return f"{call.level}{_STRAIN[call.strain]}"


def lin_card(card: Card) -> str:
    """Suit letter, then rank (``T`` for the ten).

    >>> lin_card(Card.parse("H10"))
    'HT'
    """
    return str(card)


def board_lin(deal: Deal, board: int, *, state: DealState | None = None,
              names: Sequence[str] = ("", "", "", ""), room: int | None = None, title: str = "") -> str:
    """One LIN line: board ``board`` (its dealer and vulnerability from the 16-board cycle) with
    ``deal``; with ``state``, its auction, play and claim; ``names`` N, E, S, W; ``room`` 1 (open)
    or 2 (closed) adds ``qx``."""
    b = Board(board)
    parts: list[tuple[str, str]] = []
    if room is not None:
        parts.append(("qx", f"{'o' if room == 1 else 'c'}{board}"))
    by_seat = dict(zip((Seat.N, Seat.E, Seat.S, Seat.W), names, strict=True))
    parts.append(("pn", ",".join(_clean(by_seat[s]) for s in LIN_SEATS)))
    parts.append(("st", _clean(title)))
    parts.append(("md", _DEALER[b.dealer] + ",".join(lin_hand(deal.hand(s)) for s in LIN_SEATS)))
    parts += [("rh", ""), ("ah", f"Board {board}"), ("sv", _VULNERABILITY[b.vulnerability])]
    if state is not None:
        if state.deal != deal:
            raise ValueError(f"board {board}: the state's deal is not the board's deal")
        parts += [("mb", lin_call(c)) for c in state.auction.calls]
        parts.append(("pg", ""))
        play = state.play
        if play is not None:
            for trick in play.tricks:
                parts += [("pc", lin_card(c)) for c in trick.cards]
                parts.append(("pg", ""))
            parts += [("pc", lin_card(c)) for _, c in play.current_trick()]
            if play.claim is not None:
                parts.append(("mc", str(play.declarer_tricks)))
    else:
        parts.append(("pg", ""))
    return "".join(f"{key}|{value}|" for key, value in parts)


def record_lin(record: MatchRecord) -> str:
    """Every board of a match record at each table, one LIN line each (open room first)."""
    lines = []
    for p in sorted(record.played, key=lambda p: (p.board, p.table)):
        deal = p.deal if p.deal is not None else (None if p.state is None else p.state.deal)
        if deal is None:
            continue  # a result without its cards: nothing for a hand viewer to show
        title = " ".join(t for t in (record.event, ROOMS[p.table] + " room") if t)
        lines.append(board_lin(deal, p.board, state=p.state, names=p.names, room=p.table, title=title))
    return "\n".join(lines) + ("\n" if lines else "")
