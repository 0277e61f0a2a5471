"""Three-handed Auction Bridge ("cut-throat"): the three-player auction and the seating for play.

RULES.md, "Variants from seed 001", after R. F. Foster's "Laws of Three Hand Auction": four hands
are dealt, one a dummy left face down until the auction ends; each of the three players bids for
himself; a bid passed by both others is final; its bidder plays his hand and the dummy against the
other two, partners for that deal only.

Seating. The players P1, P2, P3 sit at N, E, S and the dummy hand is dealt to W. They call in
that order (N, E, S, N, ...), starting with the dealer, who is always one of N, E, S.

Decisions where RULES.md is silent (as Foster's laws would have it):

- A player may double the last bid of ANOTHER player if only passes have followed that bid (so a
  bid is doubled at most once, and never by its own bidder).
- Only the player whose bid was doubled may redouble it, if only passes followed the double.
- The auction ends when a bid, double or redouble is followed by two passes; if all three players
  pass at the start the deal is passed out (and the next player deals).
- The declarer is the player who made the last bid (each player bids for himself, so there is no
  "first to name the strain" rule).
- For the play, the dummy hand is put opposite the declarer, who keeps his seat; the player who
  followed the declarer in the calling order sits at his left (and leads), the other at his right,
  so the order of play among the three players is the order of calling.

>>> a = ThreeHandedAuction.from_calls(Seat.N, ["1S", "2H", "X", "P", "P"])
>>> a.is_complete, str(a.contract), a.declarer
(True, '2HX', <Seat.E: 1>)
>>> [str(c) for c in ThreeHandedAuction.from_calls(Seat.E, ["7NT"]).legal_calls()]
['P', 'X']
>>> ThreeHandedAuction(Seat.S).apply(PASS).apply(PASS).apply(PASS).is_passed_out
True
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from .calls import ALL_BIDS, DOUBLE, PASS, REDOUBLE, Bid, Call, Contract, Double, Doubling, Pass, Redouble
from .calls import parse_call as _parse_call
from .cards import Hand
from .deal import Deal
from .errors import GameOver, IllegalCall, WrongTurn
from .seats import Seat

SOURCE = (
    "RULES.md 'Variants from seed 001' (three-handed Auction), "
    "after R. F. Foster's 'Laws of Three Hand Auction'"
)

#: The three players' seats, in calling order; the dummy hand is dealt to :data:`DUMMY_SEAT`.
PLAYERS: tuple[Seat, Seat, Seat] = (Seat.N, Seat.E, Seat.S)
DUMMY_SEAT = Seat.W


def next_player(player: Seat, steps: int = 1) -> Seat:
    """The player ``steps`` places after ``player`` in the calling order N, E, S.

    >>> next_player(Seat.S), next_player(Seat.N, 2)
    (<Seat.N: 0>, <Seat.S: 2>)
    """
    check_player(player)
    return PLAYERS[(PLAYERS.index(player) + steps) % 3]


def check_player(seat: Seat) -> None:
    """Raise :class:`WrongTurn` unless ``seat`` is one of the three players (N, E, S)."""
    if seat not in PLAYERS:
        raise WrongTurn(f"{seat.name} holds the dummy hand; the players are N, E and S")


class ThreeHandedAuction:
    """The calls made so far from ``dealer`` (N, E or S). Immutable: :meth:`apply` returns a new one."""

    __slots__ = ("dealer", "calls", "_last_bid", "_last_bidder", "_doubling", "_doubler", "_passes")

    dealer: Seat
    calls: tuple[Call, ...]
    _last_bid: Bid | None
    _last_bidder: Seat | None
    _doubling: Doubling
    _doubler: Seat | None
    _passes: int

    def __init__(self, dealer: Seat) -> None:
        check_player(dealer)
        self.dealer = dealer
        self.calls = ()
        self._last_bid = None
        self._last_bidder = None
        self._doubling = Doubling.UNDOUBLED
        self._doubler = None
        self._passes = 0

    @classmethod
    def from_calls(cls, dealer: Seat, calls: Iterable[Call | str]) -> ThreeHandedAuction:
        """Replay ``calls`` (values or text) from ``dealer``; raises on the first illegal one."""
        auction = cls(dealer)
        for i, c in enumerate(calls):
            call = _parse_call(c) if isinstance(c, str) else c
            try:
                auction = auction.apply(call)
            except (IllegalCall, GameOver) as exc:
                raise type(exc)(f"call {i + 1} ({call}): {exc}") from None
        return auction

    # -- state ---------------------------------------------------------------------------------
    @property
    def turn(self) -> Seat:
        """The player whose turn it is to call."""
        return next_player(self.dealer, len(self.calls))

    @property
    def is_complete(self) -> bool:
        """A bid, double or redouble followed by two passes; or three passes at the start."""
        if self._last_bid is None:
            return self._passes >= 3
        return self._passes >= 2

    @property
    def is_passed_out(self) -> bool:
        return self._last_bid is None and self._passes >= 3

    @property
    def last_bid(self) -> Bid | None:
        return self._last_bid

    @property
    def last_bidder(self) -> Seat | None:
        return self._last_bidder

    @property
    def doubling(self) -> Doubling:
        return self._doubling

    @property
    def doubler(self) -> Seat | None:
        """The player who doubled the last bid (None if it is undoubled)."""
        return self._doubler

    @property
    def contract(self) -> Contract | None:
        """The final contract once the auction is complete (None while open or when passed out)."""
        if not self.is_complete or self._last_bid is None:
            return None
        return Contract(self._last_bid.level, self._last_bid.strain, self._doubling)

    @property
    def declarer(self) -> Seat | None:
        """The player who made the last bid, once the auction is complete."""
        if not self.is_complete:
            return None
        return self._last_bidder

    def seat_of(self, index: int) -> Seat:
        """The player who made call number ``index`` (0-based)."""
        return next_player(self.dealer, index)

    # -- legality ------------------------------------------------------------------------------
    def check(self, call: Call, seat: Seat | None = None) -> None:
        """Raise :class:`IllegalCall` (or :class:`GameOver`, or :class:`WrongTurn`) unless ``call``
        is legal now (by ``seat``, when given)."""
        if self.is_complete:
            raise GameOver("the auction is over")
        turn = self.turn
        if seat is not None and seat != turn:
            raise WrongTurn(f"it is {turn.name}'s turn to call, not {seat.name}'s")
        if isinstance(call, Pass):
            return
        if isinstance(call, Bid):
            if self._last_bid is not None and call.rank <= self._last_bid.rank:
                raise IllegalCall(f"{call} is insufficient: it must outrank the last bid, {self._last_bid}")
            return
        if isinstance(call, Double):
            if self._last_bid is None:
                raise IllegalCall("double: there is no bid to double")
            if self._doubling is not Doubling.UNDOUBLED:
                raise IllegalCall(f"double: {self._last_bid} is already doubled")
            if self._last_bidder == turn:
                raise IllegalCall(f"double: {self._last_bid} is your own bid")
            return
        if isinstance(call, Redouble):
            if self._doubling is not Doubling.DOUBLED:
                raise IllegalCall("redouble: only a doubled bid followed by passes may be redoubled")
            if self._last_bidder != turn:
                raise IllegalCall("redouble: only the player whose bid was doubled may redouble")
            return
        raise IllegalCall(f"not a call: {call!r}")  # pragma: no cover

    def can(self, call: Call, seat: Seat | None = None) -> bool:
        try:
            self.check(call, seat)
        except (IllegalCall, GameOver, ValueError):
            return False
        return True

    def legal_calls(self) -> list[Call]:
        """Every legal call, in the fixed order P, X, XX, then bids from lowest to highest."""
        if self.is_complete:
            return []
        out: list[Call] = [PASS]
        if self._last_bid is None:
            out.extend(ALL_BIDS)
            return out
        own = self._last_bidder == self.turn
        if self._doubling is Doubling.UNDOUBLED and not own:
            out.append(DOUBLE)
        elif self._doubling is Doubling.DOUBLED and own:
            out.append(REDOUBLE)
        out.extend(ALL_BIDS[self._last_bid.rank + 1:])
        return out

    def apply(self, call: Call, seat: Seat | None = None) -> ThreeHandedAuction:
        """The auction after ``call``; raises (and changes nothing) if it is illegal."""
        self.check(call, seat)
        nxt = object.__new__(ThreeHandedAuction)
        nxt.dealer = self.dealer
        nxt.calls = (*self.calls, call)
        nxt._last_bid = self._last_bid
        nxt._last_bidder = self._last_bidder
        nxt._doubling = self._doubling
        nxt._doubler = self._doubler
        if isinstance(call, Pass):
            nxt._passes = self._passes + 1
            return nxt
        nxt._passes = 0
        if isinstance(call, Bid):
            nxt._last_bid = call
            nxt._last_bidder = self.turn
            nxt._doubling = Doubling.UNDOUBLED
            nxt._doubler = None
        elif isinstance(call, Double):
            nxt._doubling = Doubling.DOUBLED
            nxt._doubler = self.turn
        else:
            nxt._doubling = Doubling.REDOUBLED
        return nxt

    # -- values --------------------------------------------------------------------------------
    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ThreeHandedAuction):
            return False
        return self.dealer == other.dealer and self.calls == other.calls

    def __hash__(self) -> int:
        return hash((self.dealer, self.calls))

    def __iter__(self) -> Iterator[Call]:
        return iter(self.calls)

    def __len__(self) -> int:
        return len(self.calls)

    def __repr__(self) -> str:
        return f"ThreeHandedAuction.from_calls(Seat.{self.dealer.name}, {[str(c) for c in self.calls]!r})"


@dataclass(frozen=True, slots=True)
class PlaySeating:
    """Where everyone sits for the play: ``deal`` is the 4-seat deal to give to
    :class:`bazas.engine.play.Play` with ``declarer``; ``seat_of`` maps each player (N, E, S of the
    auction) to his seat in the play, and the dummy hand lies at ``dummy`` (opposite the declarer)."""

    deal: Deal
    declarer: Seat
    dummy: Seat
    seat_of: dict[Seat, Seat]

    def player_at(self, play_seat: Seat) -> Seat | None:
        """The player sitting at ``play_seat`` in the play (None for the dummy)."""
        for player, seat in self.seat_of.items():
            if seat == play_seat:
                return player
        return None


def seating_for_play(deal: Deal, declarer: Seat) -> PlaySeating:
    """Seat the three-handed ``deal`` (players N, E, S; dummy hand at W) for the play by ``declarer``.

    The declarer keeps his seat, the dummy hand goes opposite him, the next player in calling order
    sits at his left and the other at his right.

    >>> d = Deal.from_pbn("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765")
    >>> s = seating_for_play(d, Seat.N)
    >>> s.dummy, s.seat_of[Seat.E], s.seat_of[Seat.S], s.deal.hand(Seat.S) == d.hand(Seat.W)
    (<Seat.S: 2>, <Seat.E: 1>, <Seat.W: 3>, True)
    >>> seating_for_play(d, Seat.E).deal == d
    True
    """
    check_player(declarer)
    lho, rho = next_player(declarer, 1), next_player(declarer, 2)
    seat_of = {declarer: declarer, lho: declarer.lho, rho: declarer.rho}
    hands: list[Hand] = [Hand()] * 4
    for player, seat in seat_of.items():
        hands[seat] = deal.hand(player)
    hands[declarer.partner] = deal.hand(DUMMY_SEAT)
    mapped = Deal((hands[0], hands[1], hands[2], hands[3]))
    return PlaySeating(mapped, declarer, declarer.partner, seat_of)
