"""Denominations beyond the five strains, and the order of the bids of a game that has them.

The five :class:`~bazas.engine.calls.Strain` values stay what card play, the honours count and the
standard auction know. A game with other denominations declares a :class:`Denominations` set:

- Royal Auction Bridge (the Whist Club count of 1912-1913) has SIX: spades at 2 a trick and
  *royal spades* ("lilies", written ``RS`` or ``L``) at 9, with the same cards as trumps; its bids
  rank by their value in points, not level first (Law 44 of that code: "a declaration of a greater
  number of tricks in a suit of lower value, which equals the last declaration in value of
  points, shall be considered a higher declaration -- e.g. 'Three Spades' is a higher declaration
  than 'One Club'"), and the dealer must bid (Law 42);
- the nullo (``NU``), a bid to LOSE tricks played without trumps, added by the nullos option to
  ``auction-1920`` and to ``royal-auction`` just below no trumps
  (``docs/rules/royal-auction-and-nullos.md`` gives the sources and every decision).

A contract in an extra denomination is a :class:`DenominationContract`: a
:class:`~bazas.engine.calls.Contract` whose ``strain`` is what card play needs (spades trumps for
royal spades, no trumps for a nullo), so the play, the deal state, the honours count and the score
sheet take it unchanged; its ``denomination`` says which it is. Contracts in the five ordinary
denominations stay plain :class:`Contract` values (in Royal Auction "2S" is two spades at 2 a trick).

The auction asks a set for its bids in order (:attr:`Denominations.bids`, each a :class:`ScaleBid`
whose ``rank`` is its place in that order), the denomination a bid names (:meth:`Denominations.key`,
for the declarer: the first of the side to name it), the contract a bid makes
(:meth:`Denominations.contract`) and whether the dealer may pass (:attr:`Denominations.dealer_must_bid`).

>>> royal = ROYAL_AUCTION_DENOMINATIONS
>>> [d.code for d in royal.denominations]
['S', 'C', 'D', 'H', 'RS', 'NT']
>>> [str(b) for b in royal.bids[:8]]
['1S', '2S', '1C', '3S', '1D', '1H', '4S', '1RS']
>>> royal.parse_bid("3S") > royal.parse_bid("1C"), royal.parse_bid("1NT") > royal.parse_bid("5S")
(True, False)
>>> c = royal.parse_contract("2 lilies X")
>>> c, c.strain, c.text("es")
(Contract.parse('2RSX'), <Strain.S: 3>, '2R♠X')
>>> nullo = royal.with_nullos().parse_contract("1 nullo")
>>> str(nullo), nullo.strain, is_nullo(nullo), nullo.tricks_needed
('1NU', <Strain.NT: 4>, True, 7)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Literal

from ..calls import Bid, Call, Contract, Doubling, Strain, parse_call
from ..errors import InvalidNotation
from .base import Ruleset

__all__ = [
    "AUCTION_1920_NULLO_DENOMINATIONS",
    "CLUBS",
    "DIAMONDS",
    "Denomination",
    "DenominationContract",
    "Denominations",
    "HEARTS",
    "NOTRUMP",
    "NULLO",
    "ROYAL_AUCTION_DENOMINATIONS",
    "ROYAL_SPADES",
    "SPADES",
    "ScaleBid",
    "denomination_of",
    "denominations_of",
    "is_nullo",
    "over_under",
    "parse_contract",
]


@dataclass(frozen=True, slots=True)
class Denomination:
    """A denomination a bid can name: ``code`` as contracts are written (``RS``, ``NU``), the
    ``strain`` card play uses (the trump suit, or NT for no trumps), ``nullo`` when declarer's side
    undertakes to LOSE tricks, the ``symbol`` shown at the table and its ``names`` (English and
    Spanish); ``aliases`` are the other ways people write it (upper case, no spaces)."""

    code: str
    strain: Strain
    symbol: str
    names: tuple[str, str]
    aliases: tuple[str, ...] = ()
    nullo: bool = False

    def text(self, lang: str = "en") -> str:
        """The symbol at the table: ♣ ♦ ♥ ♠, R♠ for royal spades, NT/ST, Nullo/Nulo."""
        if self.code == "NT":
            return "ST" if lang == "es" else "NT"
        if self.nullo:
            return "Nulo" if lang == "es" else "Nullo"
        return self.symbol

    def name(self, lang: str = "en") -> str:
        return self.names[1] if lang == "es" else self.names[0]

    def __repr__(self) -> str:
        return f"<Denomination {self.code}>"


CLUBS = Denomination("C", Strain.C, "♣", ("clubs", "tréboles"), ("♣", "♧", "CLUBS", "TREBOLES", "TRÉBOLES"))
DIAMONDS = Denomination("D", Strain.D, "♦", ("diamonds", "diamantes"), ("♦", "♢", "DIAMONDS", "DIAMANTES"))
HEARTS = Denomination("H", Strain.H, "♥", ("hearts", "corazones"), ("♥", "♡", "HEARTS", "CORAZONES"))
SPADES = Denomination("S", Strain.S, "♠", ("spades", "picas"), ("♠", "♤", "SPADES", "PICAS"))
NOTRUMP = Denomination("NT", Strain.NT, "NT", ("no trumps", "sin triunfo"),
                       ("N", "ST", "SA", "NOTRUMP", "NOTRUMPS", "SINTRIUNFO"))
#: Royal spades, "lilies" (Whist Club count of 1912-1913): the spade suit trumps at 9 a trick.
ROYAL_SPADES = Denomination(
    "RS", Strain.S, "R♠", ("royal spades", "picas reales"),
    ("L", "R", "R♠", "♠R", "LILY", "LILIES", "LILIE", "ROYAL", "ROYALS", "ROYALSPADE", "ROYALSPADES",
     "PR", "PICASREALES", "REALES", "LIRIO", "LIRIOS"),
)
#: The nullo: no trumps, and declarer's side undertakes to lose six tricks plus the level.
NULLO = Denomination("NU", Strain.NT, "NU", ("nullo", "nulo"),
                     ("NUL", "NULL", "NULLO", "NULLOS", "NULO", "NULOS"), nullo=True)

_BY_STRAIN = {Strain.C: CLUBS, Strain.D: DIAMONDS, Strain.H: HEARTS, Strain.S: SPADES, Strain.NT: NOTRUMP}


@dataclass(frozen=True, slots=True)
class DenominationContract(Contract):
    """A contract in an extra denomination (royal spades, nullo). ``strain`` is what card play
    uses; ``denomination`` what was bid. For a nullo, :attr:`tricks_needed` (six plus the level) is
    the number of tricks declarer's side must LOSE (see :func:`over_under`).

    >>> DenominationContract.of(3, NULLO, Doubling.DOUBLED)
    Contract.parse('3NUX')
    >>> DenominationContract(1, Strain.H, Doubling.UNDOUBLED, ROYAL_SPADES)
    Traceback (most recent call last):
    ...
    bazas.engine.errors.InvalidNotation: RS is played with S, not H
    """

    denomination: Denomination = ROYAL_SPADES

    def __post_init__(self) -> None:
        Contract.__post_init__(self)
        if self.strain is not self.denomination.strain:
            raise InvalidNotation(f"{self.denomination.code} is played with {self.denomination.strain.name}, "
                                  f"not {self.strain.name}")

    @staticmethod
    def of(level: int, denomination: Denomination, doubling: Doubling = Doubling.UNDOUBLED) -> DenominationContract:
        return DenominationContract(level, denomination.strain, doubling, denomination)

    @property
    def nullo(self) -> bool:
        return self.denomination.nullo

    def __str__(self) -> str:
        return f"{self.level}{self.denomination.code}{self.doubling.suffix}"

    def __repr__(self) -> str:
        return f"Contract.parse({str(self)!r})"

    def text(self, lang: str = "en") -> str:
        return f"{self.level}{self.denomination.text(lang)}{self.doubling.suffix}"


@dataclass(frozen=True, slots=True)
class ScaleBid(Bid):
    """A bid of a game with its own denominations: ``rank`` is its place in that game's order of
    bids (``Denominations.bids[rank] is self``), ``index`` its place among all calls (P, X, XX
    first)."""

    denomination: Denomination = NOTRUMP
    position: int = 0

    @property
    def rank(self) -> int:
        return self.position

    @property
    def index(self) -> int:
        return 3 + self.position

    def __str__(self) -> str:
        return f"{self.level}{self.denomination.code}"

    def __repr__(self) -> str:
        return f"ScaleBid({self.level}, {self.denomination.code})"

    def text(self, lang: str = "en") -> str:
        return f"{self.level}{self.denomination.text(lang)}"


def denomination_of(contract: Contract) -> Denomination:
    """The denomination ``contract`` names (an ordinary strain for a plain contract)."""
    if isinstance(contract, DenominationContract):
        return contract.denomination
    return _BY_STRAIN[contract.strain]


def is_nullo(contract: Contract | None) -> bool:
    """Whether ``contract`` is a nullo (declarer's side plays to lose tricks, without trumps)."""
    return isinstance(contract, DenominationContract) and contract.denomination.nullo


def over_under(contract: Contract, tricks: int) -> int:
    """By how many tricks ``contract`` was made (> 0 over, 0 exactly) or failed (< 0), given the
    ``tricks`` declarer's side WON; at a nullo the tricks that count are those it lost.

    >>> over_under(Contract.parse("2H"), 9), over_under(DenominationContract.of(2, NULLO), 3)
    (1, 2)
    """
    counted = 13 - tricks if is_nullo(contract) else tricks
    return counted - contract.tricks_needed


Order = Literal["level", "value"]


class Denominations:
    """The denominations of a game in rank order (lowest first), their trick values, and how its
    bids are ordered: ``"level"`` (level first, then denomination: the modern order, seed 000) or
    ``"value"`` (by points, level times trick value; equal points: more tricks higher; equal
    again: the higher denomination -- the Whist Club code of 1912-1913, Law 44).
    ``dealer_must_bid``: the dealer may not pass (Law 42 of that code).
    """

    def __init__(self, name: str, denominations: Iterable[Denomination], values: Mapping[str, int],
                 order: Order = "level", dealer_must_bid: bool = False, rule: str = "") -> None:
        self.name = name
        self.denominations: tuple[Denomination, ...] = tuple(denominations)
        codes = [d.code for d in self.denominations]
        if len(set(codes)) != len(codes):
            raise ValueError(f"{name}: a denomination is listed twice: {codes}")
        missing = [c for c in codes if c not in values]
        if missing:
            raise ValueError(f"{name}: no trick value for {missing}")
        self.values: dict[str, int] = {c: values[c] for c in codes}
        self.order: Order = order
        self.dealer_must_bid = dealer_must_bid
        #: How a bid must beat the last one, for messages.
        self.rule = rule or ("a higher level, or the same level in a higher denomination" if order == "level" else
                             "more points (level times trick value), or as many points in more tricks")
        self.count = len(self.denominations)
        self._place = {d.code: i for i, d in enumerate(self.denominations)}
        pairs = [(level, d) for level in range(1, 8) for d in self.denominations]
        if order == "value":
            pairs.sort(key=lambda p: (p[0] * self.values[p[1].code], p[0], self._place[p[1].code]))
        elif order != "level":
            raise ValueError(f"{name}: order must be 'level' or 'value', not {order!r}")
        #: Every bid, lowest first (``bids[i].rank == i``).
        self.bids: tuple[ScaleBid, ...] = tuple(ScaleBid(level, d.strain, d, i) for i, (level, d) in enumerate(pairs))
        self._bid = {(b.level, b.denomination.code): b for b in self.bids}
        names: dict[str, Denomination] = {}
        for d in self.denominations:
            for alias in (d.code, *d.aliases):
                names[alias] = d
        self._names = names

    # -- what the auction asks -----------------------------------------------------------------
    def key(self, bid: Bid) -> int:
        """Which denomination ``bid`` names, 0 to ``count - 1`` (the declarer is the first of the
        side to name the final denomination)."""
        code = bid.denomination.code if isinstance(bid, ScaleBid) else _BY_STRAIN[bid.strain].code
        return self._place[code]

    def has(self, bid: Bid) -> bool:
        """Whether ``bid`` is a bid of this game (its own :class:`ScaleBid`)."""
        return 0 <= bid.rank < len(self.bids) and self.bids[bid.rank] == bid

    def bid(self, level: int, denomination: Denomination | str) -> ScaleBid:
        """The bid of ``level`` in ``denomination`` (a Denomination or its code)."""
        code = denomination if isinstance(denomination, str) else denomination.code
        found = self._bid.get((level, code))
        if found is None:
            raise InvalidNotation(f"{self.name} has no bid {level}{code} (denominations: {self.codes()})")
        return found

    def contract(self, bid: Bid, doubling: Doubling = Doubling.UNDOUBLED) -> Contract:
        """The contract ``bid`` makes: a plain :class:`Contract` in an ordinary denomination, a
        :class:`DenominationContract` in an extra one."""
        d = bid.denomination if isinstance(bid, ScaleBid) else _BY_STRAIN[bid.strain]
        if d is _BY_STRAIN.get(d.strain):
            return Contract(bid.level, d.strain, doubling)
        return DenominationContract.of(bid.level, d, doubling)

    # -- values --------------------------------------------------------------------------------
    def value(self, what: Contract | Denomination) -> int:
        """Points per trick over six of a contract's (or a denomination's) denomination."""
        d = what if isinstance(what, Denomination) else denomination_of(what)
        value = self.values.get(d.code)
        if value is None or self._names.get(d.code) is not d:
            raise InvalidNotation(f"{self.name} has no {d.code} denomination (denominations: {self.codes()})")
        return value

    def facts(self) -> dict[str, object]:
        """What clients need to build the bidding box: the denominations in rank order (code,
        symbol in each language, trick value), the order of bids and whether the dealer must bid.

        >>> ROYAL_AUCTION_DENOMINATIONS.facts()["denominations"][4]
        {'code': 'RS', 'value': 9, 'text': {'en': 'R♠', 'es': 'R♠'}, 'name': {'en': 'royal spades', 'es': 'picas reales'}}
        """
        return {
            "denominations": [{"code": d.code, "value": self.values[d.code],
                               "text": {lang: d.text(lang) for lang in ("en", "es")},
                               "name": {lang: d.name(lang) for lang in ("en", "es")}} for d in self.denominations],
            "bid_order": self.order,
            "dealer_must_bid": self.dealer_must_bid,
        }

    def codes(self) -> str:
        return ", ".join(d.code for d in self.denominations)

    def with_nullos(self) -> Denominations:
        """The same game with the nullo just below no trumps, at 10 a trick (the value of no
        trumps)."""
        if any(d.nullo for d in self.denominations):
            return self
        cached: Denominations | None = getattr(self, "_nullos", None)
        if cached is not None:  # one set per game, so states built from it compare equal
            return cached
        ds = list(self.denominations)
        at = next((i for i, d in enumerate(ds) if d is NOTRUMP), len(ds))
        ds.insert(at, NULLO)
        made = Denominations(f"{self.name} with nullos", ds, {**self.values, NULLO.code: 10}, self.order,
                             self.dealer_must_bid, self.rule)
        self._nullos: Denominations | None = made
        return made

    # -- parsing -------------------------------------------------------------------------------
    def parse_denomination(self, text: str) -> Denomination:
        key = "".join(text.split()).upper()
        d = self._names.get(key)
        if d is None:
            raise InvalidNotation(f"not a denomination of {self.name}: {text!r} (expected {self.codes()})")
        return d

    def parse_bid(self, text: str) -> ScaleBid:
        """A bid of this game: ``2RS``, ``2L``, ``1 nullo``, ``3NT``, ``2♥``."""
        t = "".join(text.split()).upper()
        if len(t) < 2 or t[0] not in "1234567":
            raise InvalidNotation(f"not a bid: {text!r} (expected e.g. 1S, 2RS, 1NU; denominations {self.codes()})")
        return self.bid(int(t[0]), self.parse_denomination(t[1:]))

    def parse_call(self, text: str) -> Call:
        """A call of this game: ``P``, ``X``, ``XX`` as usual, or a bid like ``2RS``, ``2L``,
        ``1 nullo``, ``3NT``, ``2♥``."""
        t = "".join(text.split()).upper()
        if t[:1] in tuple("1234567") and len(t) > 1:
            return self.bid(int(t[0]), self.parse_denomination(t[1:]))
        call = parse_call(text)
        if isinstance(call, Bid):  # pragma: no cover - every bid starts with its level
            raise InvalidNotation(f"not a call: {text!r}")
        return call

    def parse_contract(self, text: str) -> Contract:
        """A contract of this game: ``4S``, ``2RSX``, ``2 lilies``, ``1NUXX``, ``1 nullo``."""
        t = "".join(text.split()).upper()
        doubling = Doubling.UNDOUBLED
        if t.endswith("XX"):
            doubling, t = Doubling.REDOUBLED, t[:-2]
        elif t.endswith("X"):
            doubling, t = Doubling.DOUBLED, t[:-1]
        if len(t) < 2 or t[0] not in "1234567":
            raise InvalidNotation(f"not a contract: {text!r} (expected e.g. 4S, 2RSX, 1NU; denominations "
                                  f"{self.codes()})")
        try:
            d = self.parse_denomination(t[1:])
        except InvalidNotation as exc:
            raise InvalidNotation(f"not a contract: {text!r}: {exc}") from None
        return self.contract(self.bid(int(t[0]), d), doubling)

    def replay(self, dealer: object, calls: Iterable[str | Call]) -> object:
        """The auction of ``calls`` from ``dealer`` in this game (its bids, its order, its rules)."""
        from ..auction import Auction

        parsed = [self.parse_call(c) if isinstance(c, str) else c for c in calls]
        return Auction.from_calls(dealer, parsed, denominations=self)  # type: ignore[arg-type]

    def __repr__(self) -> str:
        return f"<Denominations {self.name}: {self.codes()}, {self.order} order>"


#: Royal Auction Bridge (Whist Club, 1912-1913): spades 2, clubs 6, diamonds 7, hearts 8, royal
#: spades 9, no trumps 10 (Law 4); bids by value (Law 44); the dealer must bid (Law 42).
ROYAL_AUCTION_DENOMINATIONS = Denominations(
    "Royal Auction Bridge", (SPADES, CLUBS, DIAMONDS, HEARTS, ROYAL_SPADES, NOTRUMP),
    {"S": 2, "C": 6, "D": 7, "H": 8, "RS": 9, "NT": 10}, order="value", dealer_must_bid=True,
    rule="more points (level times trick value), or as many points in more tricks; Whist Club Law 44",
)
#: Auction Bridge 1920 with the nullos option: the 1920 order (level first), the nullo between
#: spades and no trumps.
AUCTION_1920_NULLO_DENOMINATIONS = Denominations(
    "Auction Bridge (1920)", (CLUBS, DIAMONDS, HEARTS, SPADES, NOTRUMP),
    {"C": 6, "D": 7, "H": 8, "S": 9, "NT": 10},
).with_nullos()


def every_denomination() -> Denominations:
    """A set holding every denomination (to read any game's bids before knowing the game: a
    :class:`~bazas.engine.state.DealState` maps them to its own)."""
    return _EVERY


_EVERY = Denominations("any game", (CLUBS, DIAMONDS, HEARTS, SPADES, ROYAL_SPADES, NOTRUMP),
                       {"S": 9, "C": 6, "D": 7, "H": 8, "RS": 9, "NT": 10}).with_nullos()


def named(name: str) -> Denominations:
    """The denomination set called ``name`` (a deal record's ``denominations``): Royal Auction's,
    with or without nullos, 1920 Auction's with nullos, or any registered game's.

    >>> named("Royal Auction Bridge with nullos") is ROYAL_AUCTION_DENOMINATIONS.with_nullos()
    True
    """
    from . import all_rulesets

    known = [ROYAL_AUCTION_DENOMINATIONS, ROYAL_AUCTION_DENOMINATIONS.with_nullos(), AUCTION_1920_NULLO_DENOMINATIONS]
    for ruleset in all_rulesets():
        own = denominations_of(ruleset)
        if own is not None:
            known += [own, own.with_nullos()]
    for found in known:
        if found.name == name:
            return found
    raise InvalidNotation(f"no game has the denominations {name!r} (known: "
                          f"{', '.join(sorted({k.name for k in known}))})")


def denominations_of(ruleset: Ruleset) -> Denominations | None:
    """The denomination set a ruleset declares (its ``denominations`` attribute), or None for the
    five strains in the modern order (every other game)."""
    found = getattr(ruleset, "denominations", None)
    return found if isinstance(found, Denominations) else None


def parse_contract(ruleset: Ruleset, text: str) -> Contract:
    """A contract as ``ruleset`` writes it: ``2RS``/``2L`` in Royal Auction, ``1NU``/``1 nullo``
    with nullos, else :meth:`Contract.parse`."""
    found = denominations_of(ruleset)
    return Contract.parse(text) if found is None else found.parse_contract(text)
