"""Honour holdings: who held the trump honours (or the aces at notrump) in the ORIGINAL deal.

Pure counting, no values: each ruleset turns a holding into points with its own table
(RULES.md, "Common to all rulesets": honours belong to whoever held them in the original deal,
declarer's side or defenders, whether or not the contract makes).

>>> from bazas.engine.deal import Deal
>>> d = Deal.from_pbn("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765")
>>> h = count(d, Strain.S)
>>> h.counts, h.of_side(Side.NS), h.in_one_hand(Side.NS), h.split(Side.NS)
((4, 1, 0, 0), 4, 4, (4, 0))
>>> count(d, Strain.NT).counts
(1, 1, 1, 1)
>>> from_cards(Strain.H, {Seat.N: ["HA", "HK"], Seat.S: ["HQ"]}).split(Side.NS)
(2, 1)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from .calls import Strain
from .cards import SUITS, Card, Hand, Rank
from .deal import Deal
from .errors import ScoringError
from .seats import SEATS, Seat, Side

_HONOUR_RANKS = (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN)


def honour_cards(strain: Strain) -> Hand:
    """The cards that are honours in ``strain``: A K Q J 10 of trumps, or the four aces at NT.

    >>> str(honour_cards(Strain.D)), str(honour_cards(Strain.NT))
    ('..AKQJT.', 'A.A.A.A')
    """
    suit = strain.suit
    if suit is None:
        return Hand.of(Card(s, Rank.ACE) for s in SUITS)
    return Hand.of(Card(suit, r) for r in _HONOUR_RANKS)


@dataclass(frozen=True, slots=True)
class Honours:
    """How many honours of ``strain`` each seat (N, E, S, W) held."""

    strain: Strain
    counts: tuple[int, int, int, int]

    @property
    def available(self) -> int:
        """How many honours there are: 5 in a trump suit, 4 aces at notrump."""
        return 4 if self.strain is Strain.NT else 5

    def of_seat(self, seat: Seat) -> int:
        return self.counts[seat]

    def of_side(self, side: Side) -> int:
        """Honours held by the two hands of ``side`` together."""
        a, b = side.seats
        return self.counts[a] + self.counts[b]

    def in_one_hand(self, side: Side) -> int:
        """The most honours held by one hand of ``side``."""
        a, b = side.seats
        return max(self.counts[a], self.counts[b])

    def split(self, side: Side) -> tuple[int, int]:
        """The side's holding as (larger hand, smaller hand), e.g. (4, 1)."""
        a, b = side.seats
        x, y = self.counts[a], self.counts[b]
        return (x, y) if x >= y else (y, x)

    def rotated(self, steps: int = 1) -> Honours:
        """The same holding with every seat moved ``steps`` places clockwise."""
        out = [0, 0, 0, 0]
        for seat in SEATS:
            out[seat.after(steps)] = self.counts[seat]
        return Honours(self.strain, (out[0], out[1], out[2], out[3]))


def count(deal: Deal, strain: Strain) -> Honours:
    """Count each seat's honours of ``strain`` in the original ``deal``."""
    mask = honour_cards(strain).mask
    c = [(deal.hand(seat).mask & mask).bit_count() for seat in SEATS]
    return Honours(strain, (c[0], c[1], c[2], c[3]))


def from_cards(strain: Strain, cards: Mapping[Seat, Iterable[Card | str]]) -> Honours:
    """Count a holding given as the honour cards each seat held (seats left out held none).

    Raises :class:`ScoringError` for a card that is not an honour of ``strain`` or that is given
    twice.

    >>> from_cards(Strain.NT, {Seat.E: ["SA", "HA", "DA", "CA"]}).counts
    (0, 4, 0, 0)
    >>> from_cards(Strain.S, {Seat.N: ["HA"]})
    Traceback (most recent call last):
    ...
    bazas.engine.errors.ScoringError: HA is not an honour at S (honours: SA SK SQ SJ ST)
    """
    honours = honour_cards(strain)
    seen = 0
    c = [0, 0, 0, 0]
    for seat, seat_cards in cards.items():
        for item in seat_cards:
            card = Card.parse(item) if isinstance(item, str) else item
            if card not in honours:
                names = " ".join(str(h) for h in honours)
                raise ScoringError(f"{card} is not an honour at {strain.name} (honours: {names})")
            if seen & card.bit:
                raise ScoringError(f"{card} is given twice")
            seen |= card.bit
            c[seat] += 1
    return Honours(strain, (c[0], c[1], c[2], c[3]))

