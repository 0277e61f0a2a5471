"""A learned model of the leads to tricks 2-13, read as a likelihood of the hidden hands (issue 9).

When declarer attacks a suit, or a defender switches, the card led says something of the hand it
was chosen with: declarer plays on its long suits and its winners, a defender returns partner's
suit, cashes what it holds, leads through dummy's strength. The card player reads the opening
lead with the lead model (:mod:`bazas.bots.lead_model`); this module reads every later lead the
same way. A lead is a choice among the cards of the hand on lead, made by its *decider* (declarer
when dummy leads); a conditional logit over named features of each candidate card gives the
chance of the card chosen, and a layout in which the decider's hand makes the lead that was made
likely weighs more (``CardPlayer.play_model``).

The features of a candidate card read the decider's holding in the card's suit only (its length,
its winners with what the decider sees, who holds the top card), what all see of that suit
(dummy's length, who led it before, who showed out, who bid it) and where the card sits in the
holding it is led from. A suit's candidates and their sum depend on the decider's holding in
that suit alone, so the likelihood of a hand costs four cached look-ups per lead.
``scripts/fit_play_model.py`` fits the values to the bots' own leads on deals of the bench's
tuning seeds (never the held-out ones) and writes ``play_model.json`` beside this module.

>>> from bazas.engine.calls import Strain
>>> from bazas.engine.cards import Card, Hand
>>> tricks = [(Seat.W, [Card.parse(c).index for c in ("SK", "S2", "S5", "SA")]),
...           (Seat.S, [Card.parse(c).index for c in ("H2", "H5", "HK", "H7")])]
>>> dummy = Hand.from_pbn("Q83.K864.AJ2.T95").mask
>>> (event,) = lead_events(tricks, Seat.S, Strain.S, dummy, ((), (), (), ()))
>>> event.trick, event.decider, event.role, Card.from_index(event.card)
(2, <Seat.S: 2>, 'decl', Card.parse('H2'))
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path

from bazas.engine.calls import Strain
from bazas.engine.seats import Seat

__all__ = ["LeadEvent", "PlayModel", "card_features", "hand_features", "lead_events", "load_play_model",
           "suit_roles"]

_SUIT = 0x1FFF


def _bits(mask: int) -> int:
    return mask.bit_count()


@dataclass(frozen=True, slots=True)
class LeadEvent:
    """A lead to a trick after the first, with what everybody saw then: the trick's number
    (1-based), the seat on lead, its decider (declarer when dummy leads), the card, the decider's
    role (``"decl"`` or ``"def"``), each suit's kind (``"nt"``, ``"t"`` trumps, ``"x"`` a side
    suit), dummy's cards then, the cards of the earlier tricks, the cards the decider played from
    this trick on (so that its hand then is its hand now plus these) and each suit's public facts
    as the decider sees them."""

    trick: int
    leader: Seat
    decider: Seat
    card: int
    role: str
    kinds: tuple[str, ...]
    dummy: int
    gone: int
    later: int
    flags: tuple[tuple[str, ...], ...]


def suit_roles(calls: Sequence[str], dealer: Seat, declarer: Seat) -> tuple[tuple[str, ...], ...]:
    """For each suit (clubs to spades), which sides bid it: ``"decl_side"`` (declarer or dummy),
    ``"def_side"`` (a defender), or ``""`` when nobody did.

    >>> suit_roles(("1H", "1S", "2H", "P", "4H", "P", "P", "P"), Seat.N, Seat.N)
    (('',), ('',), ('decl_side',), ('def_side',))
    """
    out: list[set[str]] = [set() for _ in range(4)]
    for i, text in enumerate(calls):
        t = text.strip().upper()
        if len(t) >= 2 and t[0] in "1234567" and t[1] in "CDHS" and not t[1:].startswith("NT"):
            bidder = dealer.after(i)
            out["CDHS".index(t[1])].add("decl_side" if bidder.side == declarer.side else "def_side")
    return tuple(tuple(sorted(s)) or ("",) for s in out)


def lead_events(tricks: Sequence[tuple[Seat, Sequence[int]]], declarer: Seat, strain: Strain, dummy_cards: int,
                roles: Sequence[Sequence[str]]) -> list[LeadEvent]:
    """The leads to tricks 2.. of the tricks played so far (each ``(leader, cards in playing
    order)``; the last may be in progress), with what everybody saw then. ``dummy_cards``: dummy's
    original hand; ``roles``: :func:`suit_roles`."""
    dummy = declarer.partner
    trump = -1 if strain is Strain.NT else int(strain)
    kinds = tuple("nt" if trump < 0 else "t" if s == trump else "x" for s in range(4))
    played_by: dict[Seat, list[tuple[int, int]]] = {s: [] for s in Seat}   # (trick, card)
    for k, (leader, cards) in enumerate(tricks, start=1):
        for i, c in enumerate(cards):
            played_by[leader.after(i)].append((k, c))
    events: list[LeadEvent] = []
    gone = 0
    shown_out: dict[Seat, int] = {s: 0 for s in Seat}      # suit bits
    led_by: dict[Seat, list[int]] = {s: [] for s in Seat}    # suits each seat led, in order
    opening_suit = -1
    for k, (leader, cards) in enumerate(tricks, start=1):
        if not cards:
            continue
        card = cards[0]
        if k >= 2:
            decider = declarer if leader == dummy else leader
            role = "decl" if decider.side == declarer.side else "def"
            later = 0
            for trick, c in played_by[decider]:
                if trick >= k:
                    later |= 1 << c
            dummy_now = dummy_cards & ~gone
            flags: list[tuple[str, ...]] = []
            for s in range(4):
                f: list[str] = []
                if s == opening_suit:
                    f.append("ol")
                if role == "def":
                    partner = decider.partner
                    if led_by[partner] and led_by[partner][-1] == s:
                        f.append("pled")
                    if s in led_by[decider]:
                        f.append("sled")
                    if s in led_by[declarer] or s in led_by[dummy]:
                        f.append("dled")
                    if shown_out[declarer] >> s & 1:
                        f.append("oppvoid")
                    if shown_out[partner] >> s & 1:
                        f.append("partvoid")
                else:
                    if s in led_by[declarer] or s in led_by[dummy]:
                        f.append("dled")
                    if any(s in led_by[d] for d in (declarer.lho, declarer.rho)):
                        f.append("oled")
                    if (shown_out[declarer.lho] | shown_out[declarer.rho]) >> s & 1:
                        f.append("oppvoid")
                for r in roles[s]:
                    if r:
                        f.append(("own" if (r == "decl_side") == (role == "decl") else "opp") + "bid")
                flags.append(tuple(f))
            events.append(LeadEvent(k, leader, decider, card, role, kinds, dummy_now, gone, later, tuple(flags)))
        # what this trick showed
        if k == 1:
            opening_suit = card // 13
        led_by[leader].append(card // 13)
        suit = card // 13
        for i, c in enumerate(cards):
            if c // 13 != suit:
                shown_out[leader.after(i)] |= 1 << suit
        if len(cards) == 4:
            for c in cards:
                gone |= 1 << c
    return events


def _top_run(rem: int, side: int) -> int:
    """How many of the highest remaining cards (13-bit ``rem``) ``side`` holds in a row."""
    n = 0
    while rem:
        top = 1 << (rem.bit_length() - 1)
        if not side & top:
            break
        n += 1
        rem ^= top
    return n


def _trump_band(event: LeadEvent, hand: int) -> int:
    """The decider's trumps then, 0 to 3 (3: three or more); 0 at notrump."""
    if "t" not in event.kinds:
        return 0
    t = event.kinds.index("t")
    return min(3, ((hand >> (13 * t)) & _SUIT).bit_count())


def card_features(event: LeadEvent, suit: int, hold: int, trumps: int = 0) -> list[tuple[int, list[str]]]:
    """(card, its named features) for every card the hand on lead could lead in ``suit``, the
    decider holding ``hold`` (13 bits) of that suit then and ``trumps`` trumps (0-3, 3: more)."""
    shift = 13 * suit
    dum = (event.dummy >> shift) & _SUIT
    lead_hand = hold if event.leader == event.decider else dum
    if not lead_hand:
        return []
    rem = _SUIT & ~(event.gone >> shift)
    role, kind = event.role, event.kinds[suit]
    base = f"{role}|{kind}"
    n, m = min(_bits(hold), 5), min(_bits(dum), 5)
    if role == "decl":
        seen = hold | dum
        top = rem.bit_length() - 1
        who = "hand" if hold >> top & 1 else "dummy" if dum >> top & 1 else "opp"
    else:
        seen = hold
        top = rem.bit_length() - 1
        who = "own" if hold >> top & 1 else "dummy" if dum >> top & 1 else "other"
    w = min(_top_run(rem, seen), 3)
    honours = "".join("1" if hold >> r & 1 else "0" for r in _top3(rem))
    common = [f"{base}|n{n}", f"{base}|m{m}", f"{base}|w{w}", f"{base}|n{n}|w{w}", f"{base}|top:{who}",
              f"{base}|hon{honours}", f"{base}|hon{honours}|n{min(n, 4)}",
              f"{base}|from:{'hand' if event.leader == event.decider else 'dummy'}|n{n}",
              f"{base}|ph{0 if event.trick <= 4 else 1 if event.trick <= 8 else 2}|n{min(n, 3)}"]
    if kind == "x":
        common.append(f"{base}|tr{trumps}|n{min(n, 3)}")
    if role == "decl":
        common.append(f"{base}|n{min(n, 4)}|m{min(m, 4)}")
    else:
        common.append(f"{base}|m{m}|top:{who}")
    common.extend(f"{base}|{flag}" for flag in event.flags[suit])
    common.extend(f"{base}|{flag}|w{min(w, 1)}" for flag in event.flags[suit])
    out = []
    length = _bits(lead_hand)
    hi, lo = lead_hand.bit_length() - 1, (lead_hand & -lead_hand).bit_length() - 1
    for r in range(13):
        if not lead_hand >> r & 1:
            continue
        pos = "single" if length == 1 else "hi" if r == hi else "lo" if r == lo else "mid"
        wins = rem.bit_length() - 1 == r
        # the top of its touching cards in the hand on lead (the cards played between count as touching)
        above = r + 1
        while above < 13 and not rem >> above & 1:
            above += 1
        group_top = not (above < 13 and lead_hand >> above & 1)
        out.append((shift + r, [*common, f"{base}|pos:{pos}|len{min(length, 4)}",
                                f"{base}|pos:{pos}|w{min(w, 1)}", f"{base}|pos:{pos}|top{int(wins)}",
                                f"{base}|grouptop{int(group_top)}|len{min(length, 4)}"]))
    return out


def _top3(rem: int) -> list[int]:
    """The ranks (0-12) of the three highest cards of 13-bit ``rem``, highest first (fewer if
    fewer remain)."""
    out: list[int] = []
    while rem and len(out) < 3:
        r = rem.bit_length() - 1
        out.append(r)
        rem ^= 1 << r
    return out


@dataclass
class PlayModel:
    """The values of the features; ``likelihood`` is the chance of a lead given the decider's hand."""

    values: Mapping[str, float]

    def _suit(self, event: LeadEvent, suit: int, hold: int, trumps: int,
              memo: dict[tuple[int, int, int, int], tuple[float, float]]) -> tuple[float, float]:
        """(sum of exp(score) over the suit's candidates, exp(score) of the card led if in it)."""
        key = (id(event), suit, hold, trumps)
        got = memo.get(key)
        if got is None:
            total = chosen = 0.0
            v = self.values
            for card, feats in card_features(event, suit, hold, trumps):
                e = math.exp(min(30.0, sum(v.get(f, 0.0) for f in feats)))
                total += e
                if card == event.card:
                    chosen = e
            got = (total, chosen)
            memo[key] = got
        return got

    def likelihood(self, event: LeadEvent, hand: int,
                   memo: dict[tuple[int, int, int, int], tuple[float, float]] | None = None) -> float:
        """The chance that the decider, holding ``hand`` (its cards at the lead, 52 bits), led the
        card it led."""
        memo = {} if memo is None else memo
        trumps = _trump_band(event, hand)
        total = chosen = 0.0
        for s in range(4):
            t, c = self._suit(event, s, (hand >> (13 * s)) & _SUIT, trumps, memo)
            total += t
            chosen += c
        return chosen / total if total > 0.0 else 0.0


def hand_features(event: LeadEvent, hand: int) -> list[tuple[int, list[str]]]:
    """(card, features) for every card the hand on lead could lead, the decider holding ``hand``."""
    trumps = _trump_band(event, hand)
    return [x for s in range(4) for x in card_features(event, s, (hand >> (13 * s)) & _SUIT, trumps)]


@cache
def load_play_model(name: str = "play_model.json") -> PlayModel:
    """The model of a file beside this module (or a path)."""
    path = Path(name)
    if path.is_file():
        text = path.read_text(encoding="utf-8")
    else:
        text = resources.files("bazas.bots").joinpath(name).read_text(encoding="utf-8")
    data = json.loads(text)
    return PlayModel(dict(data["values"]))

