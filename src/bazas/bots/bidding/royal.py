"""Bidding for games with their own denominations: Royal Auction Bridge (1913 count) and the
nullos option (of ``royal-auction`` and ``auction-1920``). Issue 11.

Why not the rows of :mod:`bazas.bots.bidding.core`: that machinery replays auctions in the five
strains and in the modern level-first order, while Royal Auction ranks its six denominations by
value (Whist Club Law 44: "Three Spades" outranks "One Club") and a nullo is a bid to LOSE tricks.
This module keeps the same idea -- an ordered rule table, each row an id, a hand test, the
denomination it names, a level limit and the sentence in English and Spanish; the first row whose
hand test holds and whose bid is legal (the cheapest of that denomination, within its limit) is
chosen -- but works on the game's own legal bids (``view.legal``) and its
:class:`~bazas.engine.rulesets.denominations.Denominations`.

Period practice the rows follow (docs/rules/royal-auction-and-nullos.md):

- the dealer must bid (Law 42); with no real bid he makes the conventional "one spade", the lowest
  bid of the count, worth 2 a trick (which the others may overcall cheaply);
- a long spade suit with high cards is bid as ROYAL spades (9 a trick), not as plain spades;
- one no trump on about 16 high-card points and a balanced hand;
- a five-card suit with an opening hand is named;
- a nullo (10 a trick, the value of no trumps, so it outbids any one-level suit) with few high
  cards, no ace, no suit longer than four and plenty of low cards: the count favours it because the
  hand would win few tricks at any trump and every trick lost counts;
- partner's standing bid is not raised (every trick counts toward game, bid or not), and one
  competes only up to two (three with a strong hand).

>>> from bazas.engine.cards import Hand
>>> h = Hand.from_pbn("AQJ93.K4.A52.863")
>>> decide(h, royal=True, nullos=False, dealer_first=True).code, decide(h, True, False, True).row
('RS', 'royal-spades')
>>> weak = Hand.from_pbn("8642.7532.J4.753")
>>> decide(weak, royal=True, nullos=True, dealer_first=True).code
'NU'
>>> decide(weak, royal=True, nullos=False, dealer_first=True).code
'S'
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from bazas.bots.base import Budget, Decision, Explanation, TableContext
from bazas.engine.auction import Auction
from bazas.engine.calls import PASS, Bid, Call, Strain
from bazas.engine.cards import Hand
from bazas.engine.rulesets import get as get_ruleset
from bazas.engine.rulesets.denominations import ScaleBid, denominations_of
from bazas.engine.views import SeatView

__all__ = ["ROWS", "NAME", "RoyalBidder", "decide", "meaning", "three_handed_call"]

#: The system name rulesets declare (``bidding_system``) for this bidder.
NAME = "royal-auction"

_HCP = {14: 4, 13: 3, 12: 2, 11: 1}


@dataclass(frozen=True, slots=True)
class Shape:
    hcp: int
    lengths: tuple[int, int, int, int]  # clubs, diamonds, hearts, spades
    aces: int
    kings: int
    low: int  # cards 2 to 7

    @staticmethod
    def of(hand: Hand) -> Shape:
        cards = list(hand)
        lengths = [0, 0, 0, 0]
        for c in cards:
            lengths[int(c.suit)] += 1
        return Shape(sum(_HCP.get(int(c.rank), 0) for c in cards), (lengths[0], lengths[1], lengths[2], lengths[3]),
                     sum(1 for c in cards if int(c.rank) == 14), sum(1 for c in cards if int(c.rank) == 13),
                     sum(1 for c in cards if int(c.rank) <= 7))

    @property
    def balanced(self) -> bool:
        return sorted(self.lengths) in ([3, 3, 3, 4], [2, 3, 4, 4], [2, 3, 3, 5])

    @property
    def longest(self) -> int:
        return max(self.lengths)


@dataclass(frozen=True, slots=True)
class Row:
    """A row of the table: when ``test`` holds, bid ``code`` (a denomination code, or a function of
    the hand giving one) up to level ``limit`` (``strong_limit`` with 16+ points)."""

    id: str
    test: Callable[[Shape, bool], bool]  # (shape, nullos available)
    code: Callable[[Shape], str]
    limit: int
    en: str
    es: str
    strong_limit: int = 0


def _best_minor_or_heart(s: Shape) -> str:
    c, d, h, _ = s.lengths
    best = max((h, 2, "H"), (d, 1, "D"), (c, 0, "C"))
    return best[2]


#: The rule table, in order.
ROWS: tuple[Row, ...] = (
    Row("nullo", lambda s, n: n and s.hcp <= 6 and s.aces == 0 and s.kings <= 1 and s.longest <= 4 and s.low >= 8,
        lambda s: "NU", 2, "few high cards, no ace, no long suit: a nullo (every trick lost counts)",
        "pocas cartas altas, sin ases ni palo largo: nulo (cuenta cada baza perdida)"),
    Row("royal-spades", lambda s, n: s.lengths[3] >= 5 and s.hcp >= 11, lambda s: "RS", 2,
        "five or more spades and an opening hand: royal spades", "cinco o más picas y mano de apertura: picas reales",
        strong_limit=3),
    Row("notrump", lambda s, n: s.balanced and 15 <= s.hcp <= 19, lambda s: "NT", 1,
        "balanced, 15 to 19 high-card points: no trumps", "equilibrada, 15 a 19 puntos: sin triunfo",
        strong_limit=2),
    Row("suit", lambda s, n: max(s.lengths[:3]) >= 5 and s.hcp >= 11, _best_minor_or_heart, 2,
        "a five-card suit and an opening hand: name it", "palo de cinco y mano de apertura: se nombra",
        strong_limit=3),
    Row("strong-notrump", lambda s, n: s.hcp >= 20, lambda s: "NT", 2,
        "20 or more high-card points: no trumps", "20 puntos o más: sin triunfo", strong_limit=3),
)

_DEALER_ROW = Row("dealer-spade", lambda s, n: True, lambda s: "S", 1,
                  "the dealer must bid (Whist Club Law 42): the conventional one spade",
                  "el dador debe declarar (ley 42 del Whist Club): la convencional una pica")


@dataclass(frozen=True, slots=True)
class Verdict:
    code: str | None  # denomination code, or None to pass
    limit: int
    row: str
    en: str
    es: str


def decide(hand: Hand, royal: bool, nullos: bool, dealer_first: bool) -> Verdict:
    """The row that fits ``hand`` (``royal``: the game has royal spades; ``nullos``: nullo bids;
    ``dealer_first``: the dealer's compulsory first call)."""
    s = Shape.of(hand)
    for row in ROWS:
        if row.test(s, nullos):
            code = row.code(s)
            if code == "RS" and not royal:
                code = "S"
            limit = row.strong_limit if row.strong_limit and s.hcp >= 16 else row.limit
            return Verdict(code, limit, row.id, row.en, row.es)
    if dealer_first:
        r = _DEALER_ROW
        return Verdict("S", 1, r.id, r.en, r.es)
    return Verdict(None, 0, "pass", "nothing worth a bid: pass", "nada que declarar: paso")


class RoyalBidder:
    """The auction-phase bot for games with their own denominations (a :class:`bazas.bots.base.Bot`)."""

    def choose(self, view: SeatView, context: TableContext, rng: random.Random, budget: Budget) -> Decision:
        if view.hand is None or view.seat is None:
            raise ValueError("the bidder needs a seat's view with its hand")
        den = denominations_of(get_ruleset(context.ruleset))
        codes = set() if den is None else {d.code for d in den.denominations}
        bids = [a for a in view.legal if isinstance(a, Bid)]
        dealer_first = not view.calls and PASS not in view.legal
        verdict = decide(view.original_hand or view.hand, "RS" in codes, "NU" in codes, dealer_first)
        # partner's bid stands (every trick counts toward game, bid or not): do not raise it
        n = len(view.calls)
        partner_standing = False
        for back in range(n - 1, -1, -1):
            text = view.calls[back]
            if text[:1].isdigit():
                partner_standing = view.dealer.after(back) == view.seat.partner
                break
        call: Call | None = None
        if verdict.code is not None and not (partner_standing and not dealer_first):
            for b in bids:  # cheapest first
                code = b.denomination.code if isinstance(b, ScaleBid) else None
                if code == verdict.code and b.level <= verdict.limit:
                    call = b
                    break
        if call is None and dealer_first and bids:
            call = bids[0]
            return Decision(call, Explanation(es=_DEALER_ROW.es, en=_DEALER_ROW.en))
        if call is None:
            call = PASS if PASS in view.legal else bids[0]
            return Decision(call, Explanation(es="paso", en="pass"))
        return Decision(call, Explanation(es=verdict.es, en=verdict.en))


#: Which rows make a bid in each denomination (the suit row names a minor or hearts).
_ROWS_FOR = {"NU": ("nullo",), "RS": ("royal-spades",), "NT": ("notrump", "strong-notrump"), "C": ("suit",),
             "D": ("suit",), "H": ("suit",)}


def meaning(calls: Sequence[str], index: int, royal: bool = True, dealer_must_bid: bool = True) -> Explanation | None:
    """What call ``index`` of a four-player auction of this bidder's game says, from the calls
    alone (public): the sentence of the rule-table row that makes it. None for a call no row makes
    (doubles, spades named by anyone but the compelled dealer in Royal Auction).

    >>> [meaning(["1S", "1NU", "1RS", "P", "P"], i).en for i in range(5)]  # doctest: +NORMALIZE_WHITESPACE
    ['the dealer must bid (Whist Club Law 42): the conventional one spade',
     'few high cards, no ace, no long suit: a nullo (every trick lost counts)',
     'five or more spades and an opening hand: royal spades',
     'nothing worth a bid: pass',
     "partner's bid stands (every trick counts toward game, bid or not): pass"]
    """
    call = calls[index]
    if call == "P":
        last = next((i for i in range(index - 1, -1, -1) if calls[i][:1].isdigit()), None)
        if last is not None and (index - last) % 4 == 2:  # partner made the standing bid
            return Explanation(es="la declaración del compañero se mantiene (cada baza cuenta para la manga, "
                                  "declarada o no): paso",
                               en="partner's bid stands (every trick counts toward game, bid or not): pass")
        return Explanation(es="nada que declarar: paso", en="nothing worth a bid: pass")
    if not call[:1].isdigit():
        return None
    code = call[1:]
    if index == 0 and dealer_must_bid and call == "1S":
        return Explanation(es=_DEALER_ROW.es, en=_DEALER_ROW.en)
    if code == "S" and not royal:  # no royal spades in the game: the long-spades row names spades
        return Explanation(es="cinco o más picas y mano de apertura: picas",
                           en="five or more spades and an opening hand: spades")
    rows = [r for r in ROWS if r.id in _ROWS_FOR.get(code, ())]
    if not rows:
        return None
    return Explanation(es="; o ".join(r.es for r in rows), en="; or ".join(r.en for r in rows))


def three_handed_call(hand: Hand, auction: Auction) -> Call:
    """A three-handed Auction player's call (each bids for himself, issue 11): the same rule table
    (no royal spades, no nullos, nobody must bid), the cheapest legal bid of the row's
    denomination within its limit, else pass. In cut-throat the declarer gets the unseen dummy,
    so a bid is worth making on the hand alone; another player's bid is never doubled.

    >>> from bazas.engine.three_handed import ThreeHandedAuction
    >>> from bazas.engine.seats import Seat
    >>> str(three_handed_call(Hand.from_pbn("AQJ93.K4.A52.863"), ThreeHandedAuction(Seat.N)))
    '1S'
    """
    verdict = decide(hand, royal=False, nullos=False, dealer_first=False)
    if verdict.code is not None:
        for call in auction.legal_calls():
            if isinstance(call, Bid) and call.level <= verdict.limit and _code(call) == verdict.code:
                return call
    return PASS


def _code(bid: Bid) -> str:
    return "NT" if bid.strain == Strain.NT else Strain(bid.strain).name
