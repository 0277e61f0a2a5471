"""Simple baseline bots, the yardstick of the bench.

- :class:`SimpleBidder`: a "simple natural bidder": 1NT with 15-17 balanced, otherwise 1 of the
  longest suit with 13+ HCP; raise partner's suit with support; a few plain responses and rebids;
  pass otherwise (it never doubles and never competes over the opponents' opening).
- :class:`SimpleCardPlayer`: lead the top of a sequence (else fourth best of the longest suit,
  top of a short suit), second hand low, third hand high (only as high as needed), win as cheaply
  as possible, ruff low when the opponents are winning, discard the lowest card of a long suit.

Both are deterministic and ignore ``rng`` and ``budget``.
"""

from __future__ import annotations

import random

from bazas.engine.calls import PASS, Bid, Call, Contract, Strain, parse_call
from bazas.engine.cards import Card, Hand
from bazas.engine.seats import Seat
from bazas.engine.views import SeatView

from .base import Budget, Decision, Explanation, TableContext

__all__ = ["SimpleBidder", "SimpleCardPlayer", "simple_call"]

_SUIT_NAMES_EN = ("clubs", "diamonds", "hearts", "spades", "notrump")
_SUIT_NAMES_ES = ("tréboles", "diamantes", "corazones", "picas", "sin triunfo")


def _longest(hand: Hand) -> int:
    """The longest suit (the higher-ranking of equals)."""
    lengths = hand.lengths()
    return max(range(4), key=lambda s: (lengths[s], s))


def _bid(level: int, strain: Strain | int) -> Bid:
    return Bid(level, Strain(int(strain)))


def simple_call(hand: Hand, dealer: Seat, calls: list[Call]) -> tuple[Call, str, str]:
    """The simple natural bidder's call for ``hand`` after ``calls`` from ``dealer``, with an
    explanation (en, es).

    >>> balanced_16 = Hand.from_pbn("AK32.KQ5.J98.A32")
    >>> call, en, es = simple_call(balanced_16, Seat.N, [])
    >>> str(call), en
    ('1NT', '1NT: 15-17 HCP, balanced.')
    >>> str(simple_call(balanced_16, Seat.N, [parse_call("1S")])[0])  # East: no competing
    'P'
    """
    me = dealer.after(len(calls))
    hcp = hand.hcp()
    lengths = hand.lengths()
    bids = [(dealer.after(i), c) for i, c in enumerate(calls) if isinstance(c, Bid)]
    last = bids[-1][1] if bids else None
    opponents_bid = any(s.side != me.side for s, _ in bids)
    own = [c for s, c in bids if s == me]
    partner = [c for s, c in bids if s == me.partner]

    def legal(call: Bid) -> bool:
        return last is None or call > last

    def give(call: Call, en: str, es: str) -> tuple[Call, str, str]:
        if isinstance(call, Bid) and not legal(call):
            return PASS, "Pass (the natural bid is too low now).", "Paso (la voz natural ya no es suficiente)."
        return call, en, es

    if opponents_bid and not own and not partner:
        return PASS, "Pass: no competing after the opponents open.", "Paso: no compite tras la apertura rival."
    if not own and not partner:
        if 15 <= hcp <= 17 and hand.is_balanced():
            return give(_bid(1, Strain.NT), "1NT: 15-17 HCP, balanced.", "1ST: 15-17 PH, equilibrada.")
        if hcp >= 13:
            s = _longest(hand)
            return give(_bid(1, s), f"1{Strain(s).name}: 13+ HCP, longest suit.",
                        f"1{Strain(s).symbol}: 13+ PH, palo más largo.")
        return PASS, "Pass: fewer than 13 HCP.", "Paso: menos de 13 PH."
    if partner and not own:
        opening = partner[0]
        if len(partner) > 1 or opponents_bid:
            return PASS, "Pass.", "Paso."
        if opening.strain is Strain.NT:
            if hcp >= 10:
                return give(_bid(3, Strain.NT), "3NT: game values opposite 1NT.", "3ST: valores de manga frente a 1ST.")
            if hcp >= 8:
                return give(_bid(2, Strain.NT), "2NT: invitational, 8-9 HCP.", "2ST: invitación, 8-9 PH.")
            return PASS, "Pass: no game opposite 1NT.", "Paso: no hay manga frente a 1ST."
        s = int(opening.strain)
        support = lengths[s] >= (3 if s >= 2 else 4)
        if hcp >= 6 and support:
            if hcp >= 13:
                call = _bid(4, s) if s >= 2 else _bid(3, Strain.NT)
            elif hcp >= 10:
                call = _bid(3, s)
            else:
                call = _bid(2, s)
            return give(call, f"{call}: raise with support, {hcp} HCP.", f"{call}: apoyo, {hcp} PH.")
        if hcp >= 6:
            for t in (3, 2, 1, 0):
                if lengths[t] >= 4 and t > s:
                    return give(_bid(1, t), f"1{Strain(t).name}: new suit, 4+ cards, 6+ HCP.",
                                f"1{Strain(t).symbol}: palo nuevo, 4+ cartas, 6+ PH.")
            if hcp >= 13:
                return give(_bid(3, Strain.NT), "3NT: 13+ HCP, no fit.", "3ST: 13+ PH, sin apoyo.")
            if hcp >= 11:
                return give(_bid(2, Strain.NT), "2NT: 11-12 HCP, no fit.", "2ST: 11-12 PH, sin apoyo.")
            return give(_bid(1, Strain.NT), "1NT: 6-10 HCP, no fit.", "1ST: 6-10 PH, sin apoyo.")
        return PASS, "Pass: fewer than 6 HCP.", "Paso: menos de 6 PH."
    if own and partner and len(own) == 1 and len(partner) == 1 and not opponents_bid:
        mine, resp = own[0], partner[0]
        if mine.strain is Strain.NT:
            if resp == _bid(2, Strain.NT) and hcp >= 16:
                return give(_bid(3, Strain.NT), "3NT: top of the 1NT range.", "3ST: máximo de 1ST.")
            return PASS, "Pass.", "Paso."
        if resp.strain == mine.strain:
            if resp.level == 2 and hcp >= 19:
                call = _bid(4, mine.strain) if mine.strain.is_major else _bid(3, Strain.NT)
                return give(call, f"{call}: game after a raise.", f"{call}: manga tras el apoyo.")
            if resp.level == 3 and hcp >= 15:
                call = _bid(4, mine.strain) if mine.strain.is_major else _bid(3, Strain.NT)
                return give(call, f"{call}: accepting the invitation.", f"{call}: acepta la invitación.")
            return PASS, "Pass.", "Paso."
        if resp.strain is not Strain.NT and resp.level == 1 and lengths[resp.strain] >= 4:
            level = 3 if hcp >= 16 else 2
            call = _bid(level, resp.strain)
            return give(call, f"{call}: raise partner's suit.", f"{call}: apoyo al palo del compañero.")
        if resp.strain is Strain.NT:
            if resp.level >= 2 and hcp >= 14:
                return give(_bid(3, Strain.NT), "3NT.", "3ST.")
            return PASS, "Pass.", "Paso."
        if resp.level == 1 and lengths[mine.strain] >= 6:
            call = _bid(2, mine.strain)
            return give(call, f"{call}: six-card suit.", f"{call}: palo de seis cartas.")
        if resp.level == 1:
            return give(_bid(1, Strain.NT), "1NT: minimum, balanced rebid.", "1ST: mínimo.")
        return PASS, "Pass.", "Paso."
    return PASS, "Pass.", "Paso."


class SimpleBidder:
    """The simple natural bidder as a Bot (auction phase only)."""

    def choose(self, view: SeatView, context: TableContext, rng: random.Random, budget: Budget) -> Decision:
        if view.hand is None or view.seat is None:
            raise ValueError("the bidder needs a seat's view with its hand")
        calls = [parse_call(c) for c in view.calls]
        call, en, es = simple_call(view.hand, view.dealer, calls)
        if view.legal and call not in view.legal:
            call, en, es = PASS, "Pass.", "Paso."
        return Decision(call, Explanation(es=es, en=en))


class SimpleCardPlayer:
    """Second hand low, third hand high, win cheaply, lead the top of a sequence."""

    def choose(self, view: SeatView, context: TableContext, rng: random.Random, budget: Budget) -> Decision:
        card, en, es = self.pick(view)
        return Decision(card, Explanation(es=es, en=en))

    def pick(self, view: SeatView) -> tuple[Card, str, str]:
        legal = [a for a in view.legal if isinstance(a, Card)]
        if not legal:
            raise ValueError("no card to play")
        if len(legal) == 1:
            return legal[0], "The only legal card.", "La única carta legal."
        assert view.contract is not None and view.turn is not None
        strain = Contract.parse(view.contract).strain
        trump = -1 if strain is Strain.NT else int(strain)
        played = 0
        for t in view.tricks:
            for _, c in t.cards:
                played |= c.bit
        if view.current is None:
            hand = view.hand if view.turn == view.seat else view.dummy_hand
            assert hand is not None
            return self._lead(hand, legal, played, trump, view)
        cards = [c.index for _, c in view.current.cards]
        leader = int(view.current.leader)
        pos = len(cards)
        led_suit = cards[0] // 13
        winner_i = _winner_index(cards, trump)
        partner_winning = (winner_i - pos) % 2 == 0  # winner sits two seats from me
        follow = [c for c in legal if c.suit == led_suit]
        if follow:
            low = min(follow, key=lambda c: c.rank)
            if pos == 1:
                return low, "Second hand low.", "Segunda mano baja."
            if partner_winning and pos == 3:
                return low, "Partner is winning: low.", "Gana el compañero: baja."
            winners = [c for c in follow if _would_win(cards, c.index, leader, trump)]
            if winners and not (partner_winning and pos == 2 and _is_top(cards[winner_i], played)):
                best = min(winners, key=lambda c: c.rank)
                return best, ("Third hand high." if pos == 2 else "Win as cheaply as possible."), (
                    "Tercera mano alta." if pos == 2 else "Gana con la carta más barata.")
            return low, "Cannot win: low.", "No puede ganar: baja."
        # Void in the suit led.
        if not partner_winning or pos == 1:
            ruffs = [c for c in legal if c.suit == trump and _would_win(cards, c.index, leader, trump)]
            if ruffs:
                return min(ruffs, key=lambda c: c.rank), "Ruff low.", "Fallo con triunfo bajo."
        return self._discard(legal, trump), "Discard.", "Descarte."

    @staticmethod
    def _discard(legal: list[Card], trump: int) -> Card:
        non_trump = [c for c in legal if c.suit != trump] or legal
        by_suit: dict[int, list[Card]] = {}
        for c in non_trump:
            by_suit.setdefault(int(c.suit), []).append(c)
        suit = max(by_suit, key=lambda s: (len(by_suit[s]), -min(c.rank for c in by_suit[s])))
        return min(by_suit[suit], key=lambda c: c.rank)

    @staticmethod
    def _lead(hand: Hand, legal: list[Card], played: int, trump: int, view: SeatView) -> tuple[Card, str, str]:
        by_suit: dict[int, list[Card]] = {}
        for c in legal:
            by_suit.setdefault(int(c.suit), []).append(c)
        for cards in by_suit.values():
            cards.sort(key=lambda c: c.rank, reverse=True)
        # A master card (every higher card already played): cash it.
        for s, cards in sorted(by_suit.items(), key=lambda kv: -len(kv[1])):
            top = cards[0]
            higher = ((1 << (s * 13 + 13)) - 1) & ~((1 << (top.index + 1)) - 1)
            if view.tricks and not higher & ~played and s != trump:
                return top, "Cash a winner.", "Cobra una baza segura."
        # Top of a sequence: two touching honours.
        seq = [s for s, cards in by_suit.items()
               if len(cards) >= 2 and cards[0].rank >= 11 and cards[1].rank == cards[0].rank - 1 and s != trump]
        if seq:
            s = max(seq, key=lambda s: (by_suit[s][0].rank, len(by_suit[s])))
            return by_suit[s][0], "Top of a sequence.", "Cabeza de secuencia."
        non_trump = {s: c for s, c in by_suit.items() if s != trump} or by_suit
        s = max(non_trump, key=lambda s: (len(non_trump[s]), s))
        cards = non_trump[s]
        if len(cards) >= 4:
            return cards[3], "Fourth best of the longest suit.", "Cuarta mejor del palo más largo."
        if len(cards) == 2 or not any(c.rank >= 11 for c in cards):
            return cards[0], "Top of a short suit.", "Cabeza de un palo corto."
        return cards[-1], "Low from an honour.", "Baja desde un honor."


def _winner_index(cards: list[int], trump: int) -> int:
    best, best_i = cards[0], 0
    for i in range(1, len(cards)):
        c = cards[i]
        if c // 13 == best // 13:
            if c > best:
                best, best_i = c, i
        elif c // 13 == trump:
            best, best_i = c, i
    return best_i


def _would_win(cards: list[int], card: int, leader: int, trump: int) -> bool:
    """Would ``card`` be the best card of the trick so far?"""
    return _winner_index([*cards, card], trump) == len(cards)


def _is_top(card: int, played: int) -> bool:
    suit = card // 13
    higher = ((1 << (suit * 13 + 13)) - 1) & ~((1 << (card + 1)) - 1)
    return not higher & ~played

