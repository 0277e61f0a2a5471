"""Deals, dealing, deal numbers and duplicate boards.

A :class:`Deal` gives each seat its 13 cards. Dealing is uniform over all
53,644,737,765,488,792,839,237,440,000 deals: a deal number is drawn uniformly and decoded, so every
deal is reachable. Randomness always comes from an injected ``random.Random``; by default a
``random.SystemRandom`` (the operating system's cryptographic source).

>>> d = Deal.from_pbn("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765")
>>> d.hand(Seat.E).to_pbn()
'T98.765.432.AKQJ'
>>> Deal.from_number(d.number()) == d
True
>>> DEAL_COUNT
53644737765488792839237440000
>>> Board(3).dealer, Board(3).vulnerability
(<Seat.S: 2>, <Vulnerability.EW: 2>)
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from enum import IntEnum
from math import factorial

from .cards import ALL_CARDS, FULL_DECK_MASK, Card, Hand
from .errors import InvalidDeal, InvalidNotation
from .seats import SEATS, Seat, Side

DEAL_COUNT: int = factorial(52) // factorial(13) ** 4
_FACT = tuple(factorial(i) for i in range(53))


class Vulnerability(IntEnum):
    """Which sides are vulnerable."""

    NONE = 0
    NS = 1
    EW = 2
    BOTH = 3

    def is_vulnerable(self, side: Side) -> bool:
        return bool(self & (1 << side))

    @staticmethod
    def of(ns: bool, ew: bool) -> Vulnerability:
        return Vulnerability(int(ns) | (int(ew) << 1))

    @classmethod
    def parse(cls, text: str) -> Vulnerability:
        key = text.strip().upper().replace("/", "").replace("-", "")
        table = {"NONE": cls.NONE, "LOVE": cls.NONE, "-": cls.NONE, "": cls.NONE, "NINGUNO": cls.NONE,
                 "NS": cls.NS, "EW": cls.EW, "EO": cls.EW, "BOTH": cls.BOTH, "ALL": cls.BOTH,
                 "TODOS": cls.BOTH, "AMBOS": cls.BOTH}
        if key not in table:
            raise InvalidNotation(f"not a vulnerability: {text!r} (expected none, ns, ew or both)")
        return table[key]

    @property
    def pbn(self) -> str:
        return ("None", "NS", "EW", "All")[self]


@dataclass(frozen=True, slots=True)
class Deal:
    """Four hands, indexed by seat (N, E, S, W)."""

    hands: tuple[Hand, Hand, Hand, Hand]

    def __post_init__(self) -> None:
        if len(self.hands) != 4:
            raise InvalidDeal("a deal has four hands")
        seen = 0
        for seat, hand in zip(SEATS, self.hands, strict=True):
            if len(hand) != 13:
                raise InvalidDeal(f"{seat.name} has {len(hand)} cards, not 13")
            dup = seen & hand.mask
            if dup:
                card = ALL_CARDS[(dup & -dup).bit_length() - 1]
                raise InvalidDeal(f"{card} appears twice (again in {seat.name}'s hand)")
            seen |= hand.mask
        if seen != FULL_DECK_MASK:  # pragma: no cover - 52 distinct cards always fill the deck
            raise InvalidDeal("the deal is not the 52 cards of one deck")

    def hand(self, seat: Seat) -> Hand:
        return self.hands[seat]

    def holder(self, card: Card) -> Seat:
        """The seat that was dealt ``card``."""
        for seat in SEATS:
            if self.hands[seat].mask & card.bit:
                return seat
        raise InvalidDeal(f"{card} is in no hand")  # pragma: no cover

    @staticmethod
    def from_pbn(text: str) -> Deal:
        """Parse ``"N:h1 h2 h3 h4"`` (first hand named, then clockwise); ``-`` hands are not allowed."""
        t = text.strip().strip('"')
        if len(t) < 2 or t[1] != ":":
            raise InvalidNotation(f"not a PBN deal: {text!r} (expected 'N:spades.hearts.diamonds.clubs ...')")
        first = Seat.parse(t[0])
        parts = t[2:].split()
        if len(parts) != 4:
            raise InvalidNotation(f"not a PBN deal: {text!r} (expected four hands, found {len(parts)})")
        hands: list[Hand] = [Hand()] * 4
        for i, part in enumerate(parts):
            hands[first.after(i)] = Hand.from_pbn(part)
        return Deal((hands[0], hands[1], hands[2], hands[3]))

    def to_pbn(self, first: Seat = Seat.N) -> str:
        return f"{first.name}:" + " ".join(self.hands[first.after(i)].to_pbn() for i in range(4))

    def __str__(self) -> str:
        return self.to_pbn()

    # -- deal numbers: a bijection with range(DEAL_COUNT) --------------------------------------
    def number(self) -> int:
        """This deal's index in [0, DEAL_COUNT): cards C2..SA assigned to seats, lexicographic."""
        remaining = [13, 13, 13, 13]
        n = 52
        rank = 0
        owner = [0] * 52
        for seat in SEATS:
            m = self.hands[seat].mask
            for i in range(52):
                if m >> i & 1:
                    owner[i] = seat
        for i in range(52):
            holder = owner[i]
            for s in range(holder):
                if remaining[s]:
                    rank += _multinomial(n - 1, remaining, s)
            remaining[holder] -= 1
            n -= 1
        return rank

    @staticmethod
    def from_number(number: int) -> Deal:
        if not 0 <= number < DEAL_COUNT:
            raise InvalidDeal(f"deal number {number} is outside [0, {DEAL_COUNT})")
        remaining = [13, 13, 13, 13]
        masks = [0, 0, 0, 0]
        n = 52
        for i in range(52):
            for s in range(4):
                if not remaining[s]:
                    continue
                count = _multinomial(n - 1, remaining, s)
                if number < count:
                    masks[s] |= 1 << i
                    remaining[s] -= 1
                    break
                number -= count
            n -= 1
        return Deal((Hand(masks[0]), Hand(masks[1]), Hand(masks[2]), Hand(masks[3])))


def _multinomial(n: int, remaining: list[int], minus: int) -> int:
    """Number of ways to deal n cards with counts ``remaining`` after giving one to ``minus``."""
    d = 1
    for s in range(4):
        d *= _FACT[remaining[s] - (s == minus)]
    return _FACT[n] // d


def deal_random(rng: random.Random | None = None) -> Deal:
    """A uniformly random deal; ``rng`` defaults to the operating system's cryptographic source."""
    source = rng if rng is not None else random.SystemRandom()
    return Deal.from_number(source.randrange(DEAL_COUNT))


def deal_from_seed(seed: int | str) -> Deal:
    """A reproducible deal from a seed."""
    return deal_random(random.Random(seed))


@dataclass(frozen=True, slots=True)
class Board:
    """A duplicate board: its number fixes dealer and vulnerability (the standard 16-board cycle)."""

    number: int

    def __post_init__(self) -> None:
        if self.number < 1:
            raise InvalidNotation(f"board numbers start at 1, not {self.number}")

    @property
    def dealer(self) -> Seat:
        return SEATS[(self.number - 1) % 4]

    @property
    def vulnerability(self) -> Vulnerability:
        return _BOARD_VULNERABILITY[(self.number - 1) % 16]


_N, _NS, _EW, _B = Vulnerability.NONE, Vulnerability.NS, Vulnerability.EW, Vulnerability.BOTH
_BOARD_VULNERABILITY = (_N, _NS, _EW, _B, _NS, _EW, _B, _N, _EW, _B, _N, _NS, _B, _N, _NS, _EW)
