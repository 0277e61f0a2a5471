"""Card play at a nullo: every player tries NOT to win tricks (issue 11).

At a nullo (played without trumps) declarer's side undertakes to LOSE tricks; the defenders want
declarer's side to win them, which, tricks being shared out, is the same as losing tricks
themselves. So every seat plays to make an OPPONENT win each trick. The double-dummy solver of
:mod:`bazas.bots.dds` only maximises tricks, so this module plays the nullo on its own:

- late in the hand (``SEARCH_TRICKS`` tricks or fewer left) a small alpha-beta search, over
  layouts of the hidden cards sampled consistently with the play (a seat that showed out of a suit
  holds none), picks the card that loses the most tricks on average;
- earlier, sound heuristics (period advice on nullos, e.g. F. Irwin, "Nullo Auction", 1914):
  follow with the highest card that still stays under the card winning the trick (duck, "play
  high cards under"); when an opponent is sure to be beaten anyway, or our side already wins it
  and we are last, throw the highest card of the suit; when void, discard the most dangerous high
  card; lead the lowest card of the suit where our lowest card is lowest.

>>> from bazas.engine.cards import Card
>>> C = Card.parse
>>> follow_under([C("H2"), C("H9"), C("HK")], C("HQ"))
Card.parse('H9')
>>> follow_under([C("HA"), C("HK")], C("HQ")) is None
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace

from bazas.bots.base import Budget, Decision, Explanation, TableContext
from bazas.engine.cards import ALL_CARDS, Card
from bazas.engine.seats import SEATS, Seat
from bazas.engine.views import SeatView

__all__ = ["SEARCH_TRICKS", "choose", "follow_under", "is_nullo_view", "plain_view"]

#: Tricks left (or fewer) from which the player searches sampled layouts.
SEARCH_TRICKS = 4
#: Layouts sampled for the search.
SAMPLES = 12


def is_nullo_view(view: SeatView) -> bool:
    """Whether the contract of ``view`` is a nullo (``1NU``, ``2NUX``...)."""
    return view.contract is not None and "NU" in view.contract


def plain_view(view: SeatView) -> SeatView:
    """``view`` with a royal-spades contract written as the spade contract card play sees
    (``2RSX`` -> ``2SX``: the same trumps), for card players that read the five strains only."""
    if view.contract is None or "RS" not in view.contract:
        return view
    return replace(view, contract=view.contract.replace("RS", "S"))


def follow_under(cards: Sequence[Card], winning: Card) -> Card | None:
    """The highest of ``cards`` (of the suit led) that stays under ``winning``; None if none does."""
    under = [c for c in cards if c.suit == winning.suit and c.rank < winning.rank]
    return max(under, key=lambda c: c.rank) if under else None


def _winning(trick: Sequence[tuple[Seat, Card]]) -> tuple[Seat, Card]:
    led = trick[0][1].suit
    return max(((s, c) for s, c in trick if c.suit == led), key=lambda sc: sc[1].rank)


def _heuristic(view: SeatView, me: Seat, legal: list[Card], hand: list[Card]) -> tuple[Card, str, str]:
    trick = list(view.current.cards) if view.current is not None else []
    if not trick:  # lead the lowest card of the suit with the lowest low card
        card = min(legal, key=lambda c: (c.rank, -sum(1 for h in hand if h.suit == c.suit)))
        return card, "lead low: the next player can hardly go under it", "salida baja: difícil pasar por debajo"
    led = trick[0][1].suit
    winner, top = _winning(trick)
    last = len(trick) == 3
    ours = winner.side == me.side
    following = [c for c in legal if c.suit == led]
    if following:
        under = follow_under(following, top)
        if under is not None and not (ours and last):
            return under, "duck: the highest card that stays under the winner", "me agacho: la más alta por debajo"
        card = max(following, key=lambda c: c.rank)
        if not last and under is None and not ours:
            # forced to win (or to risk it): the top card, keeping low ones to duck later
            return card, "cannot go under: win with the highest, keep the low cards", \
                "no puedo pasar por debajo: gano con la más alta"
        return card, "the trick is ours anyway: shed the highest card", "la baza es nuestra: suelto la más alta"
    # void: discard the most dangerous card (highest rank; from a short suit first)
    card = max(legal, key=lambda c: (c.rank, -sum(1 for h in hand if h.suit == c.suit)))
    return card, "discard the highest card", "descarto la carta más alta"


# -- the late search -------------------------------------------------------------------------

def _known(view: SeatView, me: Seat) -> tuple[dict[Seat, list[int]], dict[Seat, set[int]], list[int]]:
    """Cards each seat surely holds (me, dummy), the suits each seat showed out of, hidden cards."""
    hands: dict[Seat, list[int]] = {}
    seen: set[int] = set()
    assert view.hand is not None
    if view.seat is not None:
        hands[view.seat] = [c.index for c in view.hand]
    if view.dummy is not None and view.dummy_hand is not None:
        hands[view.dummy] = [c.index for c in view.dummy_hand]
    for cards in hands.values():
        seen.update(cards)
    void: dict[Seat, set[int]] = {s: set() for s in SEATS}
    for t in (*view.tricks, *([view.current] if view.current is not None else [])):
        led = t.cards[0][1].suit if t.cards else None
        for s, c in t.cards:
            seen.add(c.index)
            if led is not None and c.suit != led:
                void[s].add(int(led))
    hidden = [i for i in range(52) if i not in seen]
    return hands, void, hidden


def _sample(view: SeatView, hands: dict[Seat, list[int]], void: dict[Seat, set[int]], hidden: list[int],
            counts: dict[Seat, int], rng: random.Random) -> dict[Seat, list[int]] | None:
    others = [s for s in SEATS if s not in hands]
    for _ in range(50):
        pool = hidden[:]
        rng.shuffle(pool)
        out = {s: list(h) for s, h in hands.items()}
        ok = True
        for s in others:
            take = [c for c in pool if c // 13 not in void[s]][:counts[s]]
            if len(take) < counts[s]:
                ok = False
                break
            for c in take:
                pool.remove(c)
            out[s] = take
        if ok:
            return out
    return None


def _search(hands: dict[Seat, list[int]], leader: Seat, trick: list[tuple[Seat, int]], side: int,
            alpha: int, beta: int) -> int:
    """Tricks ``side`` must win from here when both sides play to win as few as they can."""
    if len(trick) == 4:
        led = trick[0][1] // 13
        win = max((sc for sc in trick if sc[1] // 13 == led), key=lambda sc: sc[1])[0]
        got = 1 if win.side == side else 0
        if not hands[win]:
            return got
        return got + _search(hands, win, [], side, alpha - got, beta - got)
    turn = leader.after(len(trick))
    cards = hands[turn]
    if not cards:
        return 0
    if trick:
        led = trick[0][1] // 13
        follow = [c for c in cards if c // 13 == led]
        options = follow or cards
    else:
        options = cards
    minimise = turn.side == side  # our side minimises our tricks, the other side maximises them
    best = 99 if minimise else -1
    for c in options:
        cards.remove(c)
        v = _search(hands, leader, [*trick, (turn, c)], side, alpha, beta)
        cards.append(c)
        if minimise:
            best = min(best, v)
            beta = min(beta, v)
        else:
            best = max(best, v)
            alpha = max(alpha, v)
        if alpha >= beta:
            break
    return best


def _searched(view: SeatView, me: Seat, legal: list[Card], rng: random.Random) -> Card | None:
    hands, void, hidden = _known(view, me)
    left = 13 - len(view.tricks)
    in_trick = {s for s, _ in view.current.cards} if view.current is not None else set()
    counts = {s: left - (1 if s in in_trick else 0) for s in SEATS}
    totals = {c.index: 0 for c in legal}
    trick = [(s, c.index) for s, c in view.current.cards] if view.current is not None else []
    leader = view.current.leader if view.current is not None else me
    n = 0
    for _ in range(SAMPLES):
        layout = _sample(view, hands, void, hidden, counts, rng)
        if layout is None:
            continue
        n += 1
        for c in legal:
            layout[me].remove(c.index)
            totals[c.index] += _search(layout, leader, [*trick, (me, c.index)], me.side, -1, 99)
            layout[me].append(c.index)
    if n == 0:
        return None
    return ALL_CARDS[min(totals, key=lambda i: (totals[i], -(i % 13)))]


def choose(view: SeatView, context: TableContext, rng: random.Random, budget: Budget) -> Decision:
    """The card for the seat to play (declarer chooses dummy's) at a nullo."""
    me = view.turn
    legal = [a for a in view.legal if isinstance(a, Card)]
    if me is None or not legal:
        raise ValueError("no card to play")
    hand = list(view.dummy_hand or []) if me == view.dummy and me != view.seat else list(view.hand or [])
    if len(legal) == 1:
        return Decision(legal[0], Explanation(es="única carta posible", en="the only legal card"))
    if 13 - len(view.tricks) <= SEARCH_TRICKS and view.hand is not None:
        card = _searched(view, me, legal, rng)
        if card is not None:
            return Decision(card, Explanation(es="nulo: la carta que menos bazas gana en las manos posibles",
                                              en="nullo: the card that wins fewest tricks over the possible layouts"))
    card, en, es = _heuristic(view, me, legal, hand)
    return Decision(card, Explanation(es=f"nulo: {es}", en=f"nullo: {en}"))
