"""A learned opening-lead model: a sparse linear model over named features of a candidate lead,
fitted to double-dummy results (issue 9).

The textbook table of :mod:`bazas.bots.leads` has two dozen rules, one value each. This model asks
more of each candidate: the suit's length and honours together, which card of the suit, who bid
the suit (the leader, partner, declarer, dummy; partner's double of it), the trumps the leader
holds, the level, the leader's strength. Each such fact is a named feature (a string); the model
is a value per feature, for notrump and for suit contracts apart, and a lead's value (in tricks
taken by the leader's side, against the average lead of the hand) is the sum of its features'
values. ``scripts/fit_lead_prior.py fit-model`` fits the values (ridge least squares, as for the
table) on deals of their own (``bazas-leadfit-*``: neither the bench's tuning nor its held-out
deals); the values ship as ``lead_model.json`` beside this module.

The card player uses it as the opening lead's prior in place of the table
(``CardPlayer.lead_model``): with three hands hidden, its simulation solves a few dozen layouts
and shrinks their noisy estimate toward the prior.

>>> from bazas.engine.calls import Contract
>>> from bazas.engine.cards import Card, Hand
>>> from bazas.engine.seats import Seat
>>> hand = Hand.from_pbn("KQJ2.832.T94.752").mask
>>> roles = auction_roles(("1H", "P", "2H", "P", "4H", "P", "P", "P"), Seat.N, Seat.E, Seat.N)
>>> sorted(roles[2])              # hearts: declarer and dummy bid them
['declarer', 'dummy']
>>> feats = lead_features(hand, Card.parse("SK").index, Contract.parse("4H"), roles)
>>> "seq3" in feats and "role:none" in feats and "suit:pos0|len4" in feats
True
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path

from bazas.engine.calls import Bid, Contract, Double, Doubling, Strain, parse_call
from bazas.engine.seats import Seat

from .leads import LEAD_RULES, MORE_LEAD_RULES, LeadRule, _lengths, _situation, conventional_lead, suit_ranks

__all__ = ["LeadModel", "LeadReader", "auction_roles", "bid_suits", "lead_features", "load_lead_model", "suit_lead_features"]

_TABLE = LEAD_RULES + MORE_LEAD_RULES
_HCP = {14: 4, 13: 3, 12: 2, 11: 1}


def auction_roles(calls: Sequence[str], dealer: Seat, leader: Seat, declarer: Seat) -> tuple[frozenset[str], ...]:
    """For each suit (clubs to spades), who bid it: ``"leader"``, ``"partner"``, ``"declarer"``,
    ``"dummy"``, and ``"partner_double"`` when the leader's partner doubled a bid of it."""
    roles: list[set[str]] = [set() for _ in range(4)]
    names = {leader: "leader", leader.partner: "partner", declarer: "declarer", declarer.partner: "dummy"}
    last_bid: Bid | None = None
    for i, text in enumerate(calls):
        try:
            call = parse_call(text)
        except ValueError:
            continue
        bidder = dealer.after(i)
        if isinstance(call, Bid):
            last_bid = call
            if call.strain is not Strain.NT:
                roles[int(call.strain)].add(names[bidder])
        elif isinstance(call, Double) and bidder == leader.partner and last_bid is not None \
                and last_bid.strain is not Strain.NT:
            roles[int(last_bid.strain)].add("partner_double")
    return tuple(frozenset(r) for r in roles)


def bid_suits(roles: Sequence[frozenset[str]]) -> tuple[frozenset[int], frozenset[int]]:
    """The suits the leader's partner bid, and those declarer's side bid (from :func:`auction_roles`)."""
    return (frozenset(s for s in range(4) if "partner" in roles[s]),
            frozenset(s for s in range(4) if roles[s] & {"declarer", "dummy"}))


def _level_band(contract: Contract) -> str:
    if contract.level >= 6:
        return "slam"
    game = {Strain.NT: 3, Strain.S: 4, Strain.H: 4}.get(contract.strain, 5)
    return "game" if contract.level >= game else "part"


def lead_features(hand: int, card: int, contract: Contract, roles: Sequence[frozenset[str]]) -> list[str]:
    """The named features of leading ``card`` from ``hand`` (13 cards) against ``contract``, the
    auction told by ``roles`` (:func:`auction_roles`). Features common to both kinds of contract
    carry no prefix; the model keeps separate values for notrump and suit contracts anyway."""
    for _card, feats in suit_lead_features(hand, card // 13, contract, roles, [card]):
        return feats
    raise ValueError(f"the hand does not hold card {card}")


def _hcp(hand: int) -> int:
    total = 0
    for s in range(4):
        bits = hand >> (13 * s)
        total += 4 * (bits >> 12 & 1) + 3 * (bits >> 11 & 1) + 2 * (bits >> 10 & 1) + (bits >> 9 & 1)
    return total


#: The rules that apply to a candidate lead, by the facts they read (:func:`suit_lead_features`).
#: A rule reading another fact of the hand must add it to the key there.
_RULE_MEMO: dict[tuple[object, ...], tuple[str, ...]] = {}


@cache
def _table_for(kind: str) -> tuple[LeadRule, ...]:
    return tuple(r for r in _TABLE if r.against in ("any", kind))


def suit_lead_features(hand: int, suit: int, contract: Contract, roles: Sequence[frozenset[str]],
                       cards: Sequence[int] | None = None) -> list[tuple[int, list[str]]]:
    """(card, :func:`lead_features`) for the cards of ``suit`` in ``hand`` (or those of ``cards``,
    all of that suit and held), the suit's and the hand's facts worked out once."""
    ranks = suit_ranks(hand, suit)
    n = len(ranks)
    notrump = contract.strain is Strain.NT
    kind = "nt" if notrump else "suit"
    trump = -1 if notrump else int(contract.strain)
    lengths = _lengths(hand)
    hcp = _hcp(hand)
    held = set(ranks)
    honours = "".join(h if r in held else "x" for h, r in zip("AKQJT", (14, 13, 12, 11, 10), strict=True))
    lb = min(n, 5)
    band = _level_band(contract)
    role = roles[suit]
    role_key = "+".join(sorted(role)) if role else "none"
    partner_suit = "partner" in role
    conv = conventional_lead(ranks, notrump, partner_suit)
    common = [f"len{min(n, 7)}", f"{kind}:hon{honours}|len{lb}", f"band:{band}", f"hcp{min(hcp // 4, 4)}|len{lb}"]
    tail = [f"role:{role_key}", f"role:{role_key}|len{lb}"] + [f"role_{r}" for r in role]
    if not role and any(r & {"declarer", "dummy"} for r in roles):
        tail.append("unbid")
    if not any(roles):
        tail.append("silent")
    if n == max(lengths):
        tail.append(f"longest|len{lb}")
    if contract.doubling is not Doubling.UNDOUBLED:
        tail.append(f"doubled|role:{role_key}")
    ace, king = 14 in held, 13 in held
    trump_feats: list[str] = []
    ranks_key = tuple(ranks)
    side_max = trump_len = 0
    control = False
    if trump >= 0:
        t = min(lengths[trump], 5)
        trumps = suit_ranks(hand, trump)
        control = 14 in trumps or (13 in trumps and 12 in trumps)
        trump_len = lengths[trump]
        side_max = max(x for i, x in enumerate(lengths) if i != trump)
        if suit == trump:
            trump_feats = [f"trump|tlen{t}", f"trump|{band}"]
        elif n <= 2:
            trump_feats = [f"short{n}|tlen{t}" + ("|control" if control else "")]
        elif n >= 4:
            trump_feats = [f"long|tlen{t}"]
    partner_suits, enemy_suits = bid_suits(roles)
    table = _table_for(kind)
    out: list[tuple[int, list[str]]] = []
    for pos, rank in enumerate(ranks):
        card = suit * 13 + rank - 2
        if cards is not None and card not in cards:
            continue
        feats = common[:2] + [f"{kind}:pos{min(pos, 4)}|len{lb}"] + common[2:]
        if rank == conv:
            feats.append("conv")
        if rank >= 10:
            feats.append(f"card{rank}")
        # Sequences: the top of three touching (or near-touching) honours, of two, an interior one.
        if pos == 0 and n >= 2 and rank >= 10 and ranks[1] == rank - 1:
            feats.append("seq3" if n >= 3 and ranks[2] >= rank - 3 else "seq2")
        if pos == 1 and n >= 3 and ranks[0] >= 12 and rank >= 9 and ranks[2] == rank - 1:
            feats.append("interior")
        feats.extend(tail)
        shape = ("ace" if rank == 14 else "underlead" if ace else "king" if rank == 13
                 else "from_king" if king else "small" if ranks[0] <= 10 else "other")
        feats.append(f"{band}|{shape}")
        # The textbook table's rules (bazas.bots.leads), each a feature too: the model holds the table.
        # They read the suit's ranks and a few facts of the hand (remembered by them: the same
        # holding recurs from one layout to the next).
        key = (kind, trump, contract.level, suit, rank, ranks_key, max(lengths), side_max, trump_len, control,
               partner_suit, suit in enemy_suits, bool(enemy_suits))
        names = _RULE_MEMO.get(key)
        if names is None:
            situation = _situation(hand, card, contract, partner_suits, enemy_suits, lengths=lengths)
            names = tuple(f"rule:{r.name}" for r in table if r.when(situation))
            if len(_RULE_MEMO) > 100_000:
                _RULE_MEMO.clear()
            _RULE_MEMO[key] = names
        feats.extend(names)
        feats.extend(trump_feats)
        out.append((card, feats))
    return out


@dataclass(frozen=True, slots=True)
class LeadModel:
    """Values of the features, for notrump (``nt``) and suit contracts (``suit``), in tricks."""

    nt: Mapping[str, float]
    suit: Mapping[str, float]
    source: str = ""

    def value(self, hand: int, card: int, contract: Contract, roles: Sequence[frozenset[str]]) -> float:
        """The lead's value in tricks, against the average lead of the hand (unknown features: 0).

        >>> from bazas.engine.calls import Contract
        >>> m = LeadModel(nt={"conv": 0.5}, suit={})
        >>> none = (frozenset(),) * 4
        >>> # From the club 4-3-2 against 3NT the conventional lead is the top card, the 4 (index 2).
        >>> m.value(0b111, 2, Contract.parse("3NT"), none), m.value(0b111, 0, Contract.parse("3NT"), none)
        (0.5, 0.0)
        """
        values = self.nt if contract.strain is Strain.NT else self.suit
        return sum(values.get(f, 0.0) for f in lead_features(hand, card, contract, roles))

    def to_dict(self) -> dict[str, object]:
        return {"source": self.source, "nt": dict(self.nt), "suit": dict(self.suit)}


@cache
def load_lead_model(name: str = "lead_model.json") -> LeadModel:
    """The model shipped beside this module under ``name``, or the file at ``name`` when it is a
    path (read once)."""
    path = Path(name)
    text = (path.read_text(encoding="utf-8") if path.is_absolute() or len(path.parts) > 1
            else resources.files(__package__).joinpath(name).read_text(encoding="utf-8"))
    data = json.loads(text)
    return LeadModel(nt=data["nt"], suit=data["suit"], source=data.get("source", ""))


class LeadReader:
    """An opening lead read by the lead model as a choice model (issue 9): how likely a leader who
    leads by this model (the card player's prior, ``CardPlayer.lead_model``) makes the lead
    ``card`` from ``hand``, ``exp(sharpness * value)`` of the card over the sum for every card of
    the hand, ``convention`` added to the exponent of each suit's conventional card (the player
    leads it when the simulation sees no difference). Declarer, or the leader's partner, weighs
    each layout by it: a computer leader's lead is read by the method it leads by.

    One reader per deal and lead (the contract and the auction fixed). The values of a suit's
    cards depend on the rest of the hand only through a few facts (its strength band, whether the
    suit is the longest, the longest outside trumps, the trumps held and whether they hold the ace
    or K-Q), so they are worked out once per holding and facts: reading a pool of a few hundred
    layouts costs milliseconds, not the model's fraction of a millisecond per card.

    >>> from bazas.engine.calls import Contract
    >>> from bazas.engine.cards import Card, Hand
    >>> model = LeadModel(nt={"conv": 0.5, "seq3": 1.0}, suit={})
    >>> reader = LeadReader(model, Contract.parse("3NT"), (frozenset(),) * 4, sharpness=4.0)
    >>> king = Card.parse("SK").index
    >>> kqj = reader.likelihood(Hand.from_pbn("KQJ2.832.T94.752").mask, king)
    >>> kxx = reader.likelihood(Hand.from_pbn("K642.832.T94.752").mask, king)
    >>> kqj > 10 * kxx
    True
    """

    def __init__(self, model: LeadModel, contract: Contract, roles: Sequence[frozenset[str]],
                 sharpness: float, convention: float = 0.0) -> None:
        self.model = model
        self.contract = contract
        self.roles = tuple(roles)
        self.sharpness = sharpness
        self.convention = convention
        self._notrump = contract.strain is Strain.NT
        self._trump = -1 if self._notrump else int(contract.strain)
        self._partner = tuple("partner" in r for r in self.roles)
        self._suits: dict[tuple[int, ...], list[tuple[int, float]]] = {}

    def _facts(self, hand: int, lengths: tuple[int, int, int, int]) -> tuple[int, ...]:
        band = min(_hcp(hand) // 4, 4)
        trump = self._trump
        if trump < 0:
            return (band, max(lengths), 0, 0, 0)
        t = hand >> (13 * trump)
        control = int(bool(t >> 12 & 1) or (bool(t >> 11 & 1) and bool(t >> 10 & 1)))
        side = max(n for i, n in enumerate(lengths) if i != trump)
        return (band, max(lengths), side, lengths[trump], control)

    def _suit_exponents(self, hand: int, suit: int, facts: tuple[int, ...]) -> list[tuple[int, float]]:
        bits = hand >> (13 * suit) & 0x1FFF
        key = (suit, bits) + facts
        found = self._suits.get(key)
        if found is None:
            found = []
            conv_rank = conventional_lead(suit_ranks(hand, suit), self._notrump, self._partner[suit]) \
                if self.convention else -1
            values = self.model.nt if self._notrump else self.model.suit
            for card, feats in suit_lead_features(hand, suit, self.contract, self.roles):
                e = self.sharpness * sum(values.get(f, 0.0) for f in feats)
                if card % 13 + 2 == conv_rank:
                    e += self.convention
                found.append((card, e))
            if len(self._suits) > 200_000:
                self._suits.clear()
            self._suits[key] = found
        return found

    def likelihood(self, hand: int, card: int) -> float:
        """The chance that a leader holding ``hand`` (13 cards) leads ``card`` (0 if not held)."""
        if not hand >> card & 1:
            return 0.0
        lengths = _lengths(hand)
        facts = self._facts(hand, lengths)
        exps: list[tuple[int, float]] = []
        for suit in range(4):
            if lengths[suit]:
                exps.extend(self._suit_exponents(hand, suit, facts))
        top = max(e for _, e in exps)
        total = chosen = 0.0
        for c, e in exps:
            v = math.exp(e - top)
            total += v
            if c == card:
                chosen = v
        return chosen / total
