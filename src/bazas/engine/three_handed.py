"""Three-handed Auction Bridge ("cut-throat"): the three-player auction and the seating for play.

The auction is :class:`bazas.engine.auction.Auction` with the players N, E, S
(:class:`ThreeHandedAuction` only makes them its default): each player is a side of his own.

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
>>> from bazas.engine.calls import PASS
>>> ThreeHandedAuction(Seat.S).apply(PASS).apply(PASS).apply(PASS).is_passed_out
True
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from .auction import Auction
from .calls import DOUBLE, PASS, REDOUBLE, Call, Doubling
from .cards import Hand
from .deal import Deal
from .errors import GameOver, WrongTurn
from .seats import Seat

if TYPE_CHECKING:  # pragma: no cover
    from .state import DealState

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


class ThreeHandedAuction(Auction):
    """The three-player auction: :class:`~bazas.engine.auction.Auction` with the players N, E, S
    (each bidding for himself) unless others are given. The dealer is one of the players.
    Immutable: :meth:`apply` returns a new one."""

    __slots__ = ()

    DEFAULT_PLAYERS: ClassVar[tuple[Seat, ...]] = PLAYERS

    def __init__(self, dealer: Seat, players: Iterable[Seat] | None = None) -> None:
        if players is None:
            check_player(dealer)
        super().__init__(dealer, players)


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


def play_state(deal: Deal, auction: Auction) -> tuple[PlaySeating, DealState]:
    """The four-seat deal state in which the complete three-handed ``auction`` is played: the
    seating of :func:`seating_for_play` (the dummy hand, face down during the auction, now opposite
    the declarer and played by him; the other two players defend as partners for this deal), with
    the contract written as the declarer's bid passed out (doubled by his left-hand opponent,
    redoubled by the declarer's dummy seat when it was), so card play, views and bots take it
    unchanged. The tricks the declarer wins are ``state.play.declarer_tricks``.

    >>> d = Deal.from_pbn("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765")
    >>> a = ThreeHandedAuction.from_calls(Seat.N, ["1S", "2H", "X", "P", "P"])
    >>> seating, state = play_state(d, a)
    >>> str(state.contract), state.declarer, state.play.dummy, seating.player_at(Seat.S)
    ('2HX', <Seat.E: 1>, <Seat.W: 3>, <Seat.S: 2>)
    """
    contract, declarer = auction.contract, auction.declarer
    if not auction.is_complete or contract is None or declarer is None:
        raise GameOver("the three-handed auction is not over, or was passed out: there is nothing to play")
    from .state import DealState  # (the deal state imports the rulesets, which import this module)

    seating = seating_for_play(deal, declarer)
    bid = next(c for c in reversed(auction.calls) if not isinstance(c, type(PASS)) and c not in (DOUBLE, REDOUBLE))
    calls: list[Call] = [bid]
    if contract.doubling is Doubling.DOUBLED:
        calls += [DOUBLE]
    elif contract.doubling is Doubling.REDOUBLED:
        calls += [DOUBLE, REDOUBLE]
    calls += [PASS, PASS, PASS]
    state = DealState.start(seating.deal, declarer)
    for call in calls:
        state = state.apply(call).after
    return seating, state
