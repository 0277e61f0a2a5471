"""Suits, ranks, cards and hands.

A card is a small immutable value; a hand is a 52-bit integer set inside (bit ``suit*13 + rank-2``)
so that set operations in the play engine and the bots are single integer operations.

>>> c = Card.parse("SA")
>>> c, c.index, str(c), c.symbol
(Card.parse('SA'), 51, 'SA', '♠A')
>>> Card.parse("♥10") == Card.parse("HT") == Card.parse("h10")
True
>>> h = Hand.from_pbn("AKQ2.KJ5.T98.432")
>>> len(h), h.hcp(), h.length(Suit.S), h.to_pbn()
(13, 13, 4, 'AKQ2.KJ5.T98.432')
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from enum import IntEnum

from .errors import InvalidNotation


class Suit(IntEnum):
    """The four suits, in bidding rank order (clubs lowest)."""

    C = 0
    D = 1
    H = 2
    S = 3

    @property
    def symbol(self) -> str:
        return "♣♦♥♠"[self]

    @property
    def letter(self) -> str:
        return self.name

    @property
    def is_major(self) -> bool:
        return self >= Suit.H

    @property
    def mask(self) -> int:
        """Bit mask of the 13 cards of this suit in a hand bit set."""
        return 0x1FFF << (13 * self)

    @classmethod
    def parse(cls, text: str) -> Suit:
        suit = _SUIT_NAMES.get(text.strip().upper())
        if suit is None:
            raise InvalidNotation(f"not a suit: {text!r} (expected C, D, H, S or ♣♦♥♠)")
        return suit


SUITS: tuple[Suit, ...] = (Suit.C, Suit.D, Suit.H, Suit.S)
#: Suits in the order PBN and hand diagrams print them.
PBN_SUIT_ORDER: tuple[Suit, ...] = (Suit.S, Suit.H, Suit.D, Suit.C)
_SUIT_NAMES = {
    "C": Suit.C, "♣": Suit.C, "T": Suit.C, "CLUBS": Suit.C, "TREBOLES": Suit.C, "TRÉBOLES": Suit.C,
    "D": Suit.D, "♦": Suit.D, "DIAMONDS": Suit.D, "DIAMANTES": Suit.D,
    "H": Suit.H, "♥": Suit.H, "C♥": Suit.H, "HEARTS": Suit.H, "CORAZONES": Suit.H,
    "S": Suit.S, "♠": Suit.S, "P": Suit.S, "SPADES": Suit.S, "PICAS": Suit.S,
    "♧": Suit.C, "♢": Suit.D, "♡": Suit.H, "♤": Suit.S,
}


class Rank(IntEnum):
    """Card ranks, 2 lowest, ace highest."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def char(self) -> str:
        """One-character PBN rank: 2-9, T, J, Q, K, A."""
        return _RANK_CHARS[self - 2]

    @property
    def hcp(self) -> int:
        """Milton Work high-card points."""
        return max(0, self - 10)

    @classmethod
    def parse(cls, text: str) -> Rank:
        key = text.strip().upper()
        if key == "10":
            return cls.TEN
        if len(key) == 1 and key in _RANK_CHARS:
            return cls(_RANK_CHARS.index(key) + 2)
        raise InvalidNotation(f"not a rank: {text!r} (expected 2-9, T or 10, J, Q, K, A)")


_RANK_CHARS = "23456789TJQKA"
RANKS: tuple[Rank, ...] = tuple(Rank)


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """One playing card. Ordered by suit then rank (index order)."""

    suit: Suit
    rank: Rank

    @property
    def index(self) -> int:
        """Position 0-51: ``suit * 13 + rank - 2`` (C2 = 0, SA = 51)."""
        return self.suit * 13 + self.rank - 2

    @property
    def bit(self) -> int:
        return 1 << (self.suit * 13 + self.rank - 2)

    @staticmethod
    def from_index(index: int) -> Card:
        return ALL_CARDS[index]

    @staticmethod
    def parse(text: str) -> Card:
        """Parse ``SA``, ``As``, ``♠A``, ``A♠``, ``H10``, ``ht``... (suit and rank in either order)."""
        t = text.strip()
        if len(t) >= 2:
            for suit_text, rank_text in ((t[0], t[1:]), (t[-1], t[:-1])):
                suit = _SUIT_NAMES.get(suit_text.upper())
                if suit is not None:
                    try:
                        return ALL_CARDS[suit * 13 + Rank.parse(rank_text) - 2]
                    except InvalidNotation:
                        continue
        raise InvalidNotation(f"not a card: {text!r} (expected suit and rank, e.g. SA, H10, ♦7)")

    def __str__(self) -> str:
        return self.suit.name + self.rank.char

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    @property
    def symbol(self) -> str:
        return self.suit.symbol + self.rank.char


ALL_CARDS: tuple[Card, ...] = tuple(Card(s, r) for s in SUITS for r in RANKS)
FULL_DECK_MASK = (1 << 52) - 1


def bits(mask: int) -> Iterator[int]:
    """Indexes of the set bits of ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


@dataclass(frozen=True, slots=True)
class Hand:
    """A set of cards held by one seat (any size 0-13+), stored as a bit set."""

    mask: int = 0

    @staticmethod
    def of(cards: Iterable[Card]) -> Hand:
        m = 0
        for c in cards:
            m |= c.bit
        return Hand(m)

    @staticmethod
    def from_pbn(text: str) -> Hand:
        """Parse a PBN hand: four suits spades first separated by dots, ``-`` or empty for a void."""
        parts = text.strip().split(".")
        if len(parts) != 4:
            raise InvalidNotation(f"not a PBN hand: {text!r} (expected four suits separated by dots)")
        m = 0
        for suit, part in zip(PBN_SUIT_ORDER, parts, strict=True):
            p = part.strip().upper().replace("10", "T")
            if p == "-":
                continue
            for ch in p:
                if ch not in _RANK_CHARS:
                    raise InvalidNotation(f"not a PBN hand: {text!r} ({ch!r} is not a rank)")
                b = 1 << (suit * 13 + _RANK_CHARS.index(ch))
                if m & b:
                    raise InvalidNotation(f"not a PBN hand: {text!r} ({suit.name}{ch} appears twice)")
                m |= b
        return Hand(m)

    def to_pbn(self) -> str:
        return ".".join(self.suit_text(s) for s in PBN_SUIT_ORDER)

    def suit_text(self, suit: Suit, void: str = "") -> str:
        """Ranks held in ``suit`` from high to low, e.g. ``AKT2``."""
        m = (self.mask >> (13 * suit)) & 0x1FFF
        out = "".join(_RANK_CHARS[r] for r in range(12, -1, -1) if m >> r & 1)
        return out or void

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __contains__(self, card: object) -> bool:
        return isinstance(card, Card) and bool(self.mask & card.bit)

    def __iter__(self) -> Iterator[Card]:
        """Cards from spades down to clubs, high to low within a suit (display order)."""
        for suit in PBN_SUIT_ORDER:
            m = (self.mask >> (13 * suit)) & 0x1FFF
            for r in range(12, -1, -1):
                if m >> r & 1:
                    yield ALL_CARDS[suit * 13 + r]

    def cards(self) -> tuple[Card, ...]:
        return tuple(self)

    def length(self, suit: Suit) -> int:
        return (self.mask & suit.mask).bit_count()

    def lengths(self) -> tuple[int, int, int, int]:
        """Suit lengths in suit order C, D, H, S."""
        m = self.mask
        return (
            (m & 0x1FFF).bit_count(),
            (m >> 13 & 0x1FFF).bit_count(),
            (m >> 26 & 0x1FFF).bit_count(),
            (m >> 39 & 0x1FFF).bit_count(),
        )

    def hcp(self) -> int:
        """High-card points: A 4, K 3, Q 2, J 1."""
        m = self.mask
        total = 0
        for s in range(4):
            sm = m >> (13 * s)
            total += 4 * (sm >> 12 & 1) + 3 * (sm >> 11 & 1) + 2 * (sm >> 10 & 1) + (sm >> 9 & 1)
        return total

    def is_balanced(self) -> bool:
        """4-3-3-3, 4-4-3-2 or 5-3-3-2."""
        return sorted(self.lengths()) in ([3, 3, 3, 4], [2, 3, 4, 4], [2, 3, 3, 5])

    def add(self, card: Card) -> Hand:
        return Hand(self.mask | card.bit)

    def remove(self, card: Card) -> Hand:
        return Hand(self.mask & ~card.bit)

    def __or__(self, other: Hand) -> Hand:
        return Hand(self.mask | other.mask)

    def __and__(self, other: Hand) -> Hand:
        return Hand(self.mask & other.mask)

    def __sub__(self, other: Hand) -> Hand:
        return Hand(self.mask & ~other.mask)

    def __str__(self) -> str:
        return self.to_pbn()

    def __repr__(self) -> str:
        return f"Hand.from_pbn({self.to_pbn()!r})"
