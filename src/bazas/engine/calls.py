"""Strains, calls (bid, pass, double, redouble), doubling and contracts.

Calls have a fixed total order used everywhere (legal-call lists, the bidding box, bots):
``P, X, XX, 1C, 1D, 1H, 1S, 1NT, 2C, ... 7NT`` -- ``call.index`` is the position in that order.

>>> parse_call("1s"), parse_call("3NT"), parse_call("2♥"), parse_call("1ST"), parse_call("Paso")
(Bid(1, Strain.S), Bid(3, Strain.NT), Bid(2, Strain.H), Bid(1, Strain.NT), PASS)
>>> Bid(2, Strain.C) > Bid(1, Strain.NT)
True
>>> Contract.parse("4SX"), str(Contract.parse("3ntxx"))
(Contract.parse('4SX'), '3NTXX')
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from typing import Final, TypeAlias

from .cards import Suit
from .errors import InvalidNotation


class Strain(IntEnum):
    """Denomination of a bid, in rank order: clubs, diamonds, hearts, spades, notrump."""

    C = 0
    D = 1
    H = 2
    S = 3
    NT = 4

    @property
    def suit(self) -> Suit | None:
        """The trump suit, or None at notrump."""
        return None if self is Strain.NT else Suit(self)

    @property
    def symbol(self) -> str:
        return ("♣", "♦", "♥", "♠", "NT")[self]

    @property
    def is_major(self) -> bool:
        return self in (Strain.H, Strain.S)

    @property
    def is_minor(self) -> bool:
        return self in (Strain.C, Strain.D)

    def text(self, lang: str = "en") -> str:
        if self is Strain.NT:
            return "ST" if lang == "es" else "NT"
        return self.symbol

    @classmethod
    def parse(cls, text: str) -> Strain:
        strain = _STRAIN_NAMES.get(text.strip().upper())
        if strain is None:
            raise InvalidNotation(f"not a strain: {text!r} (expected C, D, H, S, NT or ♣♦♥♠, ST, SA, N)")
        return strain

    @staticmethod
    def of_suit(suit: Suit) -> Strain:
        return Strain(int(suit))


STRAINS: tuple[Strain, ...] = tuple(Strain)
_STRAIN_NAMES = {
    "C": Strain.C, "♣": Strain.C, "♧": Strain.C, "CLUBS": Strain.C,
    "D": Strain.D, "♦": Strain.D, "♢": Strain.D, "DIAMONDS": Strain.D,
    "H": Strain.H, "♥": Strain.H, "♡": Strain.H, "HEARTS": Strain.H,
    "S": Strain.S, "♠": Strain.S, "♤": Strain.S, "SPADES": Strain.S,
    "NT": Strain.NT, "N": Strain.NT, "ST": Strain.NT, "SA": Strain.NT, "NOTRUMP": Strain.NT,
    "NOTRUMPS": Strain.NT, "SIN TRIUNFO": Strain.NT,
}


class Doubling(IntEnum):
    """Doubling status of a contract; the value is the trick-score multiplier."""

    UNDOUBLED = 1
    DOUBLED = 2
    REDOUBLED = 4

    @property
    def suffix(self) -> str:
        return {1: "", 2: "X", 4: "XX"}[self]


@dataclass(frozen=True, slots=True)
class Bid:
    """A bid of ``level`` (1-7) in ``strain``; compares by level, then strain."""

    level: int
    strain: Strain

    def __post_init__(self) -> None:
        if not 1 <= self.level <= 7:
            raise InvalidNotation(f"bid level must be 1-7, not {self.level}")

    @property
    def rank(self) -> int:
        """0 for 1C up to 34 for 7NT."""
        return (self.level - 1) * 5 + self.strain

    @property
    def index(self) -> int:
        return 3 + self.rank

    def __lt__(self, other: Bid) -> bool:
        return self.rank < other.rank

    def __gt__(self, other: Bid) -> bool:
        return self.rank > other.rank

    def __le__(self, other: Bid) -> bool:
        return self.rank <= other.rank

    def __ge__(self, other: Bid) -> bool:
        return self.rank >= other.rank

    def __str__(self) -> str:
        return f"{self.level}{self.strain.name}"

    def __repr__(self) -> str:
        return f"Bid({self.level}, Strain.{self.strain.name})"

    def text(self, lang: str = "en") -> str:
        return f"{self.level}{self.strain.text(lang)}"


@dataclass(frozen=True, slots=True)
class Pass:
    index: int = 0

    def __str__(self) -> str:
        return "P"

    def __repr__(self) -> str:
        return "PASS"

    def text(self, lang: str = "en") -> str:
        return "Paso" if lang == "es" else "Pass"


@dataclass(frozen=True, slots=True)
class Double:
    index: int = 1

    def __str__(self) -> str:
        return "X"

    def __repr__(self) -> str:
        return "DOUBLE"

    def text(self, lang: str = "en") -> str:
        return "Doblo" if lang == "es" else "Double"


@dataclass(frozen=True, slots=True)
class Redouble:
    index: int = 2

    def __str__(self) -> str:
        return "XX"

    def __repr__(self) -> str:
        return "REDOUBLE"

    def text(self, lang: str = "en") -> str:
        return "Redoblo" if lang == "es" else "Redouble"


Call: TypeAlias = Bid | Pass | Double | Redouble
PASS: Final = Pass()
DOUBLE: Final = Double()
REDOUBLE: Final = Redouble()
ALL_BIDS: tuple[Bid, ...] = tuple(Bid(level, strain) for level in range(1, 8) for strain in STRAINS)
#: Every call in the fixed order: P, X, XX, 1C ... 7NT (index = position).
ALL_CALLS: tuple[Call, ...] = (PASS, DOUBLE, REDOUBLE, *ALL_BIDS)

_CALL_WORDS: dict[str, Call] = {
    "P": PASS, "PASS": PASS, "PASO": PASS, "-": PASS, "AP": PASS,
    "X": DOUBLE, "D": DOUBLE, "DBL": DOUBLE, "DOUBLE": DOUBLE, "DOBLO": DOUBLE,
    "XX": REDOUBLE, "R": REDOUBLE, "RDBL": REDOUBLE, "REDOUBLE": REDOUBLE, "REDOBLO": REDOUBLE,
}


def parse_call(text: str) -> Call:
    """Parse a call: ``1S``, ``3NT``/``3N``/``3ST``/``3SA``, ``2♥``, ``P``, ``X``, ``XX`` (any case)."""
    t = text.strip().upper()
    word = _CALL_WORDS.get(t)
    if word is not None:
        return word
    if len(t) >= 2 and t[0] in "1234567":
        try:
            return ALL_BIDS[(int(t[0]) - 1) * 5 + Strain.parse(t[1:])]
        except InvalidNotation:
            pass
    raise InvalidNotation(f"not a call: {text!r} (expected e.g. 1S, 3NT, P, X, XX)")


def call_from_index(index: int) -> Call:
    return ALL_CALLS[index]


@dataclass(frozen=True, slots=True)
class Contract:
    """The final contract: level, strain and doubling (the declarer is kept beside it)."""

    level: int
    strain: Strain
    doubling: Doubling = Doubling.UNDOUBLED

    def __post_init__(self) -> None:
        if not 1 <= self.level <= 7:
            raise InvalidNotation(f"contract level must be 1-7, not {self.level}")

    @property
    def bid(self) -> Bid:
        return ALL_BIDS[(self.level - 1) * 5 + self.strain]

    @property
    def tricks_needed(self) -> int:
        """Tricks declarer's side must win: six plus the level."""
        return 6 + self.level

    @staticmethod
    def parse(text: str) -> Contract:
        """Parse ``4S``, ``4SX``, ``3NTXX``, ``2♥X``, ``5ST``."""
        t = text.strip().upper().replace(" ", "")
        doubling = Doubling.UNDOUBLED
        if t.endswith("XX"):
            doubling, t = Doubling.REDOUBLED, t[:-2]
        elif t.endswith("X"):
            doubling, t = Doubling.DOUBLED, t[:-1]
        try:
            bid = parse_call(t)
        except InvalidNotation:
            bid = None
        if not isinstance(bid, Bid):
            raise InvalidNotation(f"not a contract: {text!r} (expected e.g. 4S, 3NTX, 6HXX)")
        return Contract(bid.level, bid.strain, doubling)

    def __str__(self) -> str:
        return f"{self.level}{self.strain.name}{self.doubling.suffix}"

    def __repr__(self) -> str:
        return f"Contract.parse({str(self)!r})"

    def text(self, lang: str = "en") -> str:
        return f"{self.level}{self.strain.text(lang)}{self.doubling.suffix}"
