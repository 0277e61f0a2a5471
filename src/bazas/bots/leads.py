"""Opening leads: the textbook rules as a small declarative table, used to read an opening lead
(which card a defender leads, :func:`lead_likelihood`) and as the prior of the card player's
simulation (:class:`bazas.bots.play.CardPlayer`) with ``lead_model`` None; by default that prior is
the learned lead model of :mod:`bazas.bots.lead_model`, whose features include these rules.

The card player solves the opening lead double dummy on layouts dealt consistently with the
auction (:mod:`bazas.bots.sampling`); with three hands hidden few layouts fit in the budget, so
their noisy estimate is shrunk toward the prior below: close calls go to the textbook lead.

Each :class:`LeadRule` says when it applies (notrump, suit contracts or both), what it adds to a
candidate card's value (in tricks, the unit the player adds to its double-dummy estimate) and
where the rule comes from. Sources (the usual English-language textbooks on defence):

* ROOT: William S. Root, *How to Defend a Bridge Hand* (1994), ch. 1-3 (opening leads);
* KANTAR: Eddie Kantar, *Modern Bridge Defense* (1996) and *Complete Defensive Bridge* (2008),
  opening-lead chapters;
* ACBL: ACBL Bridge Series, *Defense in the 21st Century* (Audrey Grant), lessons 1-2;
* BLACKWOOD: Easley Blackwood, *Complete Book of Opening Leads* (1956).

Cards are indices ``suit * 13 + rank - 2``; holdings 52-bit masks (:mod:`bazas.engine.cards`).

>>> from bazas.engine.cards import Card, Hand
>>> from bazas.engine.calls import Contract
>>> hand = Hand.from_pbn("KJ752.Q83.T94.52").mask
>>> best = max(("S5", "S2", "SK", "HQ", "D4"),
...            key=lambda c: lead_prior(hand, Card.parse(c).index, Contract.parse("3NT"), set(), set()))
>>> best
'S5'
"""

from __future__ import annotations

import math
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, replace
from typing import Literal

from bazas.engine.calls import Contract, Strain

__all__ = [
    "DD_LEAD_VALUES", "LEAD_RULES", "MORE_LEAD_RULES", "LeadRule", "LeadSituation", "conventional_lead",
    "lead_likelihood", "lead_prior", "lead_table", "matching_rules", "suit_ranks",
]


def suit_ranks(hand: int, suit: int) -> list[int]:
    """Ranks (2-14) held in ``suit``, high to low."""
    m = (hand >> (13 * suit)) & 0x1FFF
    return [r + 2 for r in range(12, -1, -1) if m >> r & 1]


def conventional_lead(ranks: list[int], notrump: bool, partners_suit: bool) -> int:
    """The card (rank) the textbook leads from this holding (ranks high to low): top of touching
    honours, the middle of an interior sequence at notrump, top of a doubleton, fourth best from
    four or more to an honour, low from three to an honour, top of nothing (ROOT ch. 1; ACBL
    lesson 1).

    >>> conventional_lead([13, 12, 11, 4], False, False), conventional_lead([13, 11, 7, 5, 2], True, False)
    (13, 5)
    >>> conventional_lead([12, 7, 3], False, False), conventional_lead([9, 6], True, False)
    (3, 9)
    """
    n = len(ranks)
    if n == 1:
        return ranks[0]
    # Touching honours at the top (AK, KQ, QJ, J10) -> top.
    if ranks[0] >= 10 and ranks[1] == ranks[0] - 1:
        return ranks[0]
    # Interior / broken sequences: KJ10, K109, Q109, AJ10 at notrump -> the middle honour.
    if notrump and n >= 3 and ranks[1] >= 9 and ranks[2] == ranks[1] - 1 and ranks[0] >= 12:
        return ranks[1]
    if n == 2:
        return ranks[0]                               # top of a doubleton
    has_honour = ranks[0] >= 11
    if not has_honour:
        if n == 3 and not notrump:
            return ranks[0]                           # top of nothing against a suit
        return ranks[1] if n >= 4 and not partners_suit else ranks[0]
    if n >= 4:
        return ranks[3]                               # fourth best
    return ranks[-1]                                  # low from three to an honour


@dataclass(frozen=True, slots=True)
class LeadSituation:
    """A candidate opening lead and what the leader knows when choosing it."""

    hand: int
    suit: int
    rank: int
    ranks: tuple[int, ...]            # the leader's ranks in the suit, high to low
    lengths: tuple[int, int, int, int]
    notrump: bool
    trump: int                        # -1 at notrump
    partner_suits: frozenset[int]
    enemy_suits: frozenset[int]
    level: int = 1                    # the contract's level

    @property
    def n(self) -> int:
        return len(self.ranks)

    @property
    def partners_suit(self) -> bool:
        return self.suit in self.partner_suits

    @property
    def trumps(self) -> int:
        return self.lengths[self.trump] if self.trump >= 0 else 0


def _sequence_top(s: LeadSituation) -> bool:
    r = s.ranks
    return s.n >= 2 and r[0] >= 11 and r[1] == r[0] - 1 and (s.n == 2 or r[2] >= r[1] - 2) and s.rank == r[0]


def _ak(s: LeadSituation) -> bool:
    return s.n >= 2 and s.ranks[0] == 14 and s.ranks[1] == 13


def _unsupported_honour(s: LeadSituation) -> bool:
    r = set(s.ranks)
    return (13 in r and 12 not in r and 14 not in r) or (12 in r and 11 not in r and 13 not in r and 14 not in r)


def _honour_doubleton(s: LeadSituation) -> bool:
    """K-x, Q-x or J-x: the honour unsupported, the suit short."""
    return s.n == 2 and 11 <= s.ranks[0] <= 13 and s.ranks[1] < s.ranks[0] - 1


def _unbid_suit(s: LeadSituation) -> bool:
    """A suit nobody bid, when the opponents bid some."""
    return bool(s.enemy_suits) and s.suit not in s.enemy_suits and s.suit not in s.partner_suits


def _trump_honour_control(s: LeadSituation) -> bool:
    """A trump holding that can win a trick in time for partner's return (ace, or KQ)."""
    if s.trump < 0:
        return False
    t = suit_ranks(s.hand, s.trump)
    return 14 in t or (13 in t and 12 in t)


@dataclass(frozen=True, slots=True)
class LeadRule:
    """One textbook lead rule: ``against`` says where it applies, ``when`` whether it does for a
    candidate card, ``value`` what it adds (tricks), ``source`` the book and topic."""

    name: str
    against: Literal["nt", "suit", "any"]
    when: Callable[[LeadSituation], bool]
    value: float
    source: str


#: The table. Values were fitted to the double-dummy results on the tuning deals (seed 1), their
#: signs and order to the books: the books agree on them, they disagree on exact weights.
LEAD_RULES: tuple[LeadRule, ...] = (
    LeadRule("the conventional card of the suit", "any",
             lambda s: s.rank == conventional_lead(list(s.ranks), s.notrump, s.partners_suit), 0.25,
             "ROOT ch. 1 (which card to lead); ACBL lesson 1"),
    LeadRule("not the conventional card of the suit", "any",
             lambda s: s.rank != conventional_lead(list(s.ranks), s.notrump, s.partners_suit), -0.25,
             "ROOT ch. 1; ACBL lesson 1"),
    LeadRule("partner's suit", "any", lambda s: s.partners_suit, 0.5,
             "KANTAR, Modern Bridge Defense, 'leading partner's suit'; BLACKWOOD ch. 2"),
    LeadRule("not a suit the opponents bid", "any", lambda s: s.suit in s.enemy_suits, -0.3,
             "ROOT ch. 2 (avoid declarer's side's suits); ACBL lesson 2"),
    # Against notrump: length and sequences.
    LeadRule("fourth best from the longest suit", "nt",
             lambda s: s.n >= 4 and s.n == max(s.lengths), 0.35,
             "ROOT ch. 1 ('longest and strongest' against notrump); ACBL lesson 1"),
    LeadRule("no short-suit lead at notrump", "nt", lambda s: s.n <= 2 and not s.partners_suit, -0.2,
             "ROOT ch. 1; KANTAR, Complete Defensive Bridge, notrump leads"),
    LeadRule("top of a sequence (three cards) at notrump", "nt", lambda s: _sequence_top(s) and s.n >= 3, 0.2,
             "ROOT ch. 1; BLACKWOOD ch. 3"),
    # Against a suit contract.
    LeadRule("top of a sequence or ace from AK", "suit", lambda s: _sequence_top(s) or (_ak(s) and s.rank >= 13),
             0.35, "ROOT ch. 2 (safe leads against suit contracts); ACBL lesson 2"),
    LeadRule("a trump lead is passive", "suit", lambda s: s.suit == s.trump, -0.15,
             "KANTAR, Modern Bridge Defense, 'when to lead trumps'"),
    LeadRule("never underlead an ace against a suit contract", "suit",
             lambda s: 14 in s.ranks and s.rank != 14, -1.0,
             "ROOT ch. 2; KANTAR, Modern Bridge Defense, 'leads to avoid'; ACBL lesson 2"),
    LeadRule("an unsupported ace is an unattractive lead", "suit",
             lambda s: s.rank == 14 and s.n >= 2 and not _ak(s), -0.2,
             "ROOT ch. 2; BLACKWOOD ch. 4"),
    LeadRule("do not lead away from an unsupported king or queen", "suit",
             lambda s: _unsupported_honour(s) and not s.partners_suit, -0.4,
             "ROOT ch. 2; KANTAR, Modern Bridge Defense, 'leads to avoid'"),
    LeadRule("a singleton against a suit contract (partner may give a ruff)", "suit",
             lambda s: s.n == 1 and s.suit != s.trump and s.trump >= 0 and 1 <= s.trumps <= 3, 0.2,
             "ROOT ch. 2 (short-suit leads); KANTAR, Modern Bridge Defense, 'singleton leads'"),
    LeadRule("a singleton with a trump control: the ruff comes in time", "suit",
             lambda s: s.n == 1 and s.suit != s.trump and _trump_honour_control(s) and s.trumps <= 3, 0.1,
             "KANTAR, Modern Bridge Defense, 'singleton leads' (the trump ace as entry)"),
    LeadRule("with four trumps, force declarer: lead the long suit, not a singleton", "suit",
             lambda s: s.trumps >= 4 and s.suit != s.trump and (s.n == max(s.lengths[i] for i in range(4)
                                                                            if i != s.trump) and s.n >= 4),
             0.3, "ROOT ch. 3 (the forcing game); KANTAR, Complete Defensive Bridge, 'forcing defence'"),
    LeadRule("no singleton with four trumps", "suit",
             lambda s: s.trumps >= 4 and s.n == 1 and s.suit != s.trump, -0.3,
             "ROOT ch. 3; KANTAR, Modern Bridge Defense, 'singleton leads'"),
)

#: More rules from the same books, not in the textbook table above: they enter a table only when
#: :func:`lead_table` is given a value for them (as :data:`DD_LEAD_VALUES` does). Their own values
#: give the books' sign.
MORE_LEAD_RULES: tuple[LeadRule, ...] = (
    LeadRule("an honour doubleton (K-x, Q-x, J-x) is a dangerous lead", "any", _honour_doubleton, -0.2,
             "ROOT ch. 2 (leads to avoid); ACBL lesson 2"),
    LeadRule("an unbid suit", "any", _unbid_suit, 0.2,
             "ACBL lesson 2 ('lead an unbid suit'); ROOT ch. 2"),
    LeadRule("three or more small cards: a safe lead against a suit contract", "suit",
             lambda s: s.n >= 3 and s.ranks[0] <= 10 and s.suit != s.trump, 0.1,
             "ROOT ch. 2 (safe leads); KANTAR, Modern Bridge Defense, 'passive leads'"),
    LeadRule("an ace against a slam", "suit", lambda s: s.level >= 6 and s.rank == 14, 0.2,
             "BLACKWOOD (leads against slams); KANTAR, Complete Defensive Bridge, 'leads against slams'"),
)


def lead_table(values: Mapping[str, float] | None = None,
               rules: tuple[LeadRule, ...] | None = None) -> tuple[LeadRule, ...]:
    """The lead table (``rules``, by default :data:`LEAD_RULES` and those of :data:`MORE_LEAD_RULES`
    that ``values`` names) with other values: ``values`` maps a rule's name to its value, or
    ``"nt:<name>"`` / ``"suit:<name>"`` to its value against notrump or suit contracts only (a rule
    for both kinds is then split in two). Unknown names are refused.

    >>> table = lead_table({"suit:partner's suit": 0.8})
    >>> sorted((r.against, r.value) for r in table if r.name == "partner's suit")
    [('nt', 0.5), ('suit', 0.8)]
    >>> lead_table({"partner suit": 1.0})
    Traceback (most recent call last):
    ...
    ValueError: no lead rule named 'partner suit'
    """
    if not values:
        return LEAD_RULES if rules is None else rules

    def named(key: str) -> str:
        kind, _, rest = key.partition(":")
        return rest if rest and kind in ("nt", "suit") else key

    wanted = {named(k) for k in values}
    table = rules if rules is not None else LEAD_RULES + tuple(r for r in MORE_LEAD_RULES if r.name in wanted)
    names = {r.name for r in table}
    unknown = sorted(wanted - names)
    if unknown:
        raise ValueError(f"no lead rule named {unknown[0]!r}")
    out: list[LeadRule] = []
    for r in table:
        kinds = ("nt", "suit") if r.against == "any" else (r.against,)
        per = {k: float(values.get(f"{k}:{r.name}", values.get(r.name, r.value))) for k in kinds}
        if len(set(per.values())) == 1:
            out.append(replace(r, value=next(iter(per.values()))))
        else:
            out.extend(replace(r, against=k, value=v) for k, v in per.items())   # type: ignore[arg-type]
    return tuple(out)


#: The lead table's values measured double dummy (the card player's prior since 4 December; issue
#: 9). ``scripts/fit_lead_prior.py collect --deals 8000`` bid the deals ``bazas-leadfit-0`` to
#: ``-7999`` (a deal set of their own, neither the bench's tuning nor its held-out deals) as the
#: bench bids them and solved each opening lead double dummy on the real layout (7,905 leads);
#: ``fit --scale 1`` regressed, within each deal, the tricks a lead takes against the average lead
#: on the rules that apply to it (ridge least squares on the first 6,324 deals, in tricks). On the
#: 1,581 deals set aside, the prior alone picks a double-dummy best lead 83.2% (suit) and 73.3%
#: (notrump) of the time against 82.4% and 73.3% for the textbook values. Double dummy disagrees
#: with the books on two signs: a singleton is as good a lead with four trumps as with fewer, and
#: a short suit at notrump is no worse than another once honour doubletons are counted apart.
#: Chosen over the textbook values, over twice and three times these, and over these with the
#: conventional card at the books' 0.25 on the tuning deals with ``bazas bench leads`` (docs/card-play.md,
#: "The opening lead's prior measured double dummy"). Which card of the suit the player then leads
#: is the conventional one where the simulation sees no difference
#: (``CardPlayer.lead_convention_eps``): partner reads the lead by it.
DD_LEAD_VALUES: dict[str, float] = {
    "nt:the conventional card of the suit": 0.043,
    "suit:the conventional card of the suit": 0.035,
    "nt:not the conventional card of the suit": -0.043,
    "suit:not the conventional card of the suit": -0.035,
    "nt:partner's suit": 0.446,
    "suit:partner's suit": 0.103,
    "nt:not a suit the opponents bid": -0.08,
    "suit:not a suit the opponents bid": -0.039,
    "nt:fourth best from the longest suit": 0.096,
    "nt:no short-suit lead at notrump": 0.05,
    "nt:top of a sequence (three cards) at notrump": 0.336,
    "nt:an honour doubleton (K-x, Q-x, J-x) is a dangerous lead": -0.22,
    "suit:an honour doubleton (K-x, Q-x, J-x) is a dangerous lead": -0.014,
    "nt:an unbid suit": 0.149,
    "suit:an unbid suit": 0.034,
    "suit:top of a sequence or ace from AK": 0.155,
    "suit:a trump lead is passive": -0.1,
    "suit:never underlead an ace against a suit contract": -0.266,
    "suit:an unsupported ace is an unattractive lead": -0.007,
    "suit:do not lead away from an unsupported king or queen": -0.135,
    "suit:a singleton against a suit contract (partner may give a ruff)": 0.19,
    "suit:a singleton with a trump control: the ruff comes in time": 0.045,
    "suit:with four trumps, force declarer: lead the long suit, not a singleton": 0.034,
    "suit:no singleton with four trumps": 0.168,
    "suit:three or more small cards: a safe lead against a suit contract": -0.017,
    "suit:an ace against a slam": -0.054,
}


def _situation(hand: int, card: int, contract: Contract, partner_suits: frozenset[int],
               enemy_suits: frozenset[int], lengths: tuple[int, int, int, int] | None = None) -> LeadSituation:
    suit = card // 13
    notrump = contract.strain is Strain.NT
    if lengths is None:
        lengths = _lengths(hand)
    return LeadSituation(
        hand=hand, suit=suit, rank=card % 13 + 2, ranks=tuple(suit_ranks(hand, suit)), lengths=lengths,
        notrump=notrump, trump=-1 if notrump else int(contract.strain),
        partner_suits=partner_suits, enemy_suits=enemy_suits, level=contract.level)


def _lengths(hand: int) -> tuple[int, int, int, int]:
    return (((hand >> 0) & 0x1FFF).bit_count(), ((hand >> 13) & 0x1FFF).bit_count(),
            ((hand >> 26) & 0x1FFF).bit_count(), ((hand >> 39) & 0x1FFF).bit_count())


def matching_rules(hand: int, card: int, contract: Contract, partner_suits: Collection[int],
                   enemy_suits: Collection[int], rules: Collection[LeadRule] = LEAD_RULES) -> list[LeadRule]:
    """The rules of the table that apply to leading ``card`` from ``hand``."""
    situation = _situation(hand, card, contract, frozenset(partner_suits), frozenset(enemy_suits))
    return [r for r in _rules_for(contract, rules) if r.when(situation)]


def _rules_for(contract: Contract, rules: Collection[LeadRule]) -> list[LeadRule]:
    """The rules of the table for this kind of contract (notrump or a suit)."""
    kind = "nt" if contract.strain is Strain.NT else "suit"
    return [r for r in rules if r.against in ("any", kind)]


def lead_prior(hand: int, card: int, contract: Contract, partner_suits: Collection[int],
               enemy_suits: Collection[int], rules: Collection[LeadRule] = LEAD_RULES) -> float:
    """Textbook opening-lead preference for ``card`` from ``hand``, in tricks: the sum of the
    values of the rules that apply (added to the double-dummy estimate, which is noisy with few
    layouts)."""
    return sum(r.value for r in matching_rules(hand, card, contract, partner_suits, enemy_suits, rules))


def lead_likelihood(hand: int, card: int, contract: Contract, partner_suits: Collection[int],
                    enemy_suits: Collection[int], sharpness: float,
                    rules: Collection[LeadRule] = LEAD_RULES, convention: float = 0.0) -> float:
    """How likely a defender holding ``hand`` (13 cards) makes the opening lead ``card``: the
    textbook preferences of the table above as a choice model, ``exp(sharpness * prior)`` of the
    card over the sum for every card of the hand (0 when the hand does not hold it). A player's
    opening lead thus tells where the cards are: the top of a sequence promises the next card
    down, a low card an honour, a lead of the opponents' suit or an underled ace is unlikely
    (ROOT ch. 1-2 read from third hand's and declarer's side: "what the lead tells you").
    ``rules`` may be another table (the one a computer leader leads by); ``convention`` adds that
    much to the exponent of the conventional card of each suit, for a leader who leads the
    conventional card of the suit it chose (``CardPlayer.lead_convention_eps``) whatever the
    table's values say of the cards within the suit.

    >>> from bazas.engine.cards import Card, Hand
    >>> from bazas.engine.calls import Contract
    >>> king = Card.parse("SK").index
    >>> kq = lead_likelihood(Hand.from_pbn("KQJ2.832.T94.752").mask, king, Contract.parse("4H"), (), (), 3.0)
    >>> kx = lead_likelihood(Hand.from_pbn("K642.832.T94.752").mask, king, Contract.parse("4H"), (), (), 3.0)
    >>> kq > 3 * kx
    True
    """
    if not hand >> card & 1:
        return 0.0
    parts, enemies = frozenset(partner_suits), frozenset(enemy_suits)
    lengths = _lengths(hand)
    active = _rules_for(contract, rules)
    total = chosen = 0.0
    h = hand
    while h:
        low = h & -h
        c = low.bit_length() - 1
        h ^= low
        s = _situation(hand, c, contract, parts, enemies, lengths)
        exponent = sharpness * sum(r.value for r in active if r.when(s))
        if convention and s.rank == conventional_lead(list(s.ranks), s.notrump, s.partners_suit):
            exponent += convention
        value = math.exp(exponent)
        total += value
        if c == card:
            chosen = value
    return chosen / total
