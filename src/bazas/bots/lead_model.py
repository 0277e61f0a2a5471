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
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path

from bazas.engine.calls import Bid, Contract, Double, Doubling, Strain, parse_call
from bazas.engine.seats import Seat

from .leads import LEAD_RULES, MORE_LEAD_RULES, _lengths, _situation, conventional_lead, suit_ranks

__all__ = ["LeadModel", "auction_roles", "bid_suits", "lead_features", "load_lead_model"]

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
    suit, rank = card // 13, card % 13 + 2
    ranks = suit_ranks(hand, suit)
    n, pos = len(ranks), ranks.index(rank)
    notrump = contract.strain is Strain.NT
    kind = "nt" if notrump else "suit"
    trump = -1 if notrump else int(contract.strain)
    lengths = _lengths(hand)
    hcp = sum(_HCP.get(r, 0) for s in range(4) for r in suit_ranks(hand, s))
    held = set(ranks)
    honours = "".join(h if r in held else "x" for h, r in zip("AKQJT", (14, 13, 12, 11, 10), strict=True))
    lb = min(n, 5)
    band = _level_band(contract)
    role = roles[suit]
    enemy_bid = any(r & {"declarer", "dummy"} for r in roles)
    feats = [f"len{min(n, 7)}", f"{kind}:hon{honours}|len{lb}", f"{kind}:pos{min(pos, 4)}|len{lb}",
             f"band:{band}", f"hcp{min(hcp // 4, 4)}|len{lb}"]
    if rank == conventional_lead(ranks, notrump, "partner" in role):
        feats.append("conv")
    if rank >= 10:
        feats.append(f"card{rank}")
    # Sequences: the top of three touching (or near-touching) honours, of two, an interior one.
    if pos == 0 and n >= 2 and rank >= 10 and ranks[1] == rank - 1:
        feats.append("seq3" if n >= 3 and ranks[2] >= rank - 3 else "seq2")
    if pos == 1 and n >= 3 and ranks[0] >= 12 and rank >= 9 and ranks[2] == rank - 1:
        feats.append("interior")
    role_key = "+".join(sorted(role)) if role else "none"
    feats.append(f"role:{role_key}")
    feats.append(f"role:{role_key}|len{lb}")
    for r in role:
        feats.append(f"role_{r}")
    if not role and enemy_bid:
        feats.append("unbid")
    if not any(roles):
        feats.append("silent")
    if n == max(lengths):
        feats.append(f"longest|len{lb}")
    if contract.doubling is not Doubling.UNDOUBLED:
        feats.append(f"doubled|role:{role_key}")
    ace, king = 14 in held, 13 in held
    shape = ("ace" if rank == 14 else "underlead" if ace else "king" if rank == 13
             else "from_king" if king else "small" if ranks[0] <= 10 else "other")
    feats.append(f"{band}|{shape}")
    # The textbook table's rules (bazas.bots.leads), each a feature too: the model holds the table.
    situation = _situation(hand, card, contract, *bid_suits(roles), lengths=lengths)
    feats.extend(f"rule:{r.name}" for r in _TABLE if r.against in ("any", kind) and r.when(situation))
    if trump >= 0:
        t = min(lengths[trump], 5)
        trumps = suit_ranks(hand, trump)
        control = 14 in trumps or (13 in trumps and 12 in trumps)
        if suit == trump:
            feats.append(f"trump|tlen{t}")
            feats.append(f"trump|{band}")
        elif n <= 2:
            feats.append(f"short{n}|tlen{t}" + ("|control" if control else ""))
        elif n >= 4:
            feats.append(f"long|tlen{t}")
    return feats


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
