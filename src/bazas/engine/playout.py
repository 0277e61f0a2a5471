"""A fast random playout kernel: the rest of a deal played with uniformly random legal cards.

Bots (Monte Carlo sampling) and the engine benchmark need many thousands of complete plays per
second; the immutable :class:`~bazas.engine.play.Play` API builds a new object per card and is
an order of magnitude too slow for that. This kernel plays the same rules over plain integers:

* a hand is four 13-bit suit masks (bit ``rank - 2``), i.e. the bit set of
  :mod:`bazas.engine.cards` cut by suit;
* the legal cards are :meth:`Play.legal_mask <bazas.engine.play.Play.legal_mask>`'s rule: the
  cards of the suit led if the hand holds any, otherwise the whole hand (Law 44C, 44E);
* the trick goes to the highest trump, else the highest card of the suit led (Law 44D, 44E),
  i.e. :func:`~bazas.engine.play.trick_winner`; the winner leads the next trick.

Each legal card is chosen with equal probability from the injected ``random.Random`` (one
``random()`` draw per choice that is not forced). The tests replay every card sequence through
:class:`Play` and check that each card was legal and that the tricks agree.

>>> import random
>>> from bazas.engine.deal import Deal
>>> d = Deal.from_pbn("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765")
>>> r = playout_deal(d, Strain.NT, Seat.S, random.Random(7))
>>> sum(r.tricks), len(r.cards), sorted(r.cards) == list(range(52))
(13, 52, True)
>>> r.cards[0] in [c.index for c in d.hand(Seat.W)]          # West, declarer's LHO, leads
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .calls import Strain
from .deal import Deal
from .errors import GameOver, InvalidDeal
from .play import Play, trick_winner
from .seats import Seat

__all__ = ["Playout", "playout_deal", "playout_from", "random_playout"]

#: For each 13-bit suit mask: the ranks held (0 = deuce .. 12 = ace), lowest first.
_PICK: tuple[tuple[int, ...], ...] = tuple(
    tuple(r for r in range(13) if m >> r & 1) for m in range(1 << 13)
)


@dataclass(frozen=True, slots=True)
class Playout:
    """The result of one random playout.

    ``tricks`` counts ALL tricks of the deal won by (NS, EW), including any won before the
    playout started; ``cards`` are the card indexes (0-51) played by the playout, in order.
    """

    tricks: tuple[int, int]
    cards: tuple[int, ...]


def _run(h: list[int], size: int, leader: int, trump: int, rnd: Callable[[], float], seq: list[int]) -> int:
    """Play out ``h`` (16 suit masks, index ``seat * 4 + suit``; every hand holds ``size``
    cards) from ``leader``; append the cards to ``seq`` and return the tricks won by North-South.

    The hot loop: one trick per iteration, the lead and then the three followers, everything in
    local variables, no allocation but the appended cards. ``best`` is the key of
    the card winning so far: its rank (0-12) for a card of the suit led, 13 + rank for a trump
    played to a trick led in another suit; a discard never wins. A uniform choice among ``k``
    cards is ``int(random() * k)``."""
    pick = _PICK
    app = seq.append
    ns = 0
    b = leader
    for n in range(size, 0, -1):
        # -- the lead: uniform over the whole hand (walk the suits to the r-th card) ----------
        base = b << 2
        r = int(rnd() * n)
        m = h[base]
        t = pick[m]
        led = 0
        while r >= len(t):
            r -= len(t)
            led += 1
            m = h[base + led]
            t = pick[m]
        best = t[r]
        h[base + led] = m ^ (1 << best)
        led13 = led * 13
        app(led13 + best)
        w = b
        # -- the three followers, clockwise ---------------------------------------------
        for step in (1, 2, 3):
            f = (b + step) & 3
            k = (f << 2) + led
            m = h[k]
            if m:
                t = pick[m]
                rank = t[int(rnd() * len(t))]
                h[k] = m ^ (1 << rank)
                app(led13 + rank)
                if rank > best:
                    best = rank
                    w = f
            else:
                base = f << 2
                r = int(rnd() * n)
                s = 0
                m = h[base]
                t = pick[m]
                while r >= len(t):
                    r -= len(t)
                    s += 1
                    m = h[base + s]
                    t = pick[m]
                rank = t[r]
                h[base + s] = m ^ (1 << rank)
                app(s * 13 + rank)
                if s == trump and rank + 13 > best:
                    best = rank + 13
                    w = f
        if not w & 1:
            ns += 1
        b = w
    return ns


def random_playout(hands: Sequence[int], leader: Seat | int, trump: int, rng: random.Random) -> Playout:
    """Play out four disjoint hands of equal size (52-bit sets, indexed N E S W) from
    ``leader`` at ``trump`` (a suit 0-3, or -1 at notrump), each card uniform among the legal
    ones. ``tricks`` are the tricks of this playout only."""
    h0, h1, h2, h3 = hands
    n = h0.bit_count()
    if (h1.bit_count() != n or h2.bit_count() != n or h3.bit_count() != n
            or (h0 | h1 | h2 | h3).bit_count() != 4 * n or (h0 | h1 | h2 | h3) >> 52):
        raise InvalidDeal("a playout needs four disjoint hands of the same size")
    seq: list[int] = []
    ns = _run([h0 & 0x1FFF, h0 >> 13 & 0x1FFF, h0 >> 26 & 0x1FFF, h0 >> 39,
               h1 & 0x1FFF, h1 >> 13 & 0x1FFF, h1 >> 26 & 0x1FFF, h1 >> 39,
               h2 & 0x1FFF, h2 >> 13 & 0x1FFF, h2 >> 26 & 0x1FFF, h2 >> 39,
               h3 & 0x1FFF, h3 >> 13 & 0x1FFF, h3 >> 26 & 0x1FFF, h3 >> 39],
              n, int(leader) & 3, trump, rng.random, seq)
    return Playout((ns, n - ns), tuple(seq))


def playout_deal(deal: Deal, strain: Strain, declarer: Seat, rng: random.Random) -> Playout:
    """A random play of the whole of ``deal`` at ``strain`` with ``declarer`` (West leads when
    South declares, and so on)."""
    h = deal.hands
    trump = -1 if strain is Strain.NT else int(strain)
    return random_playout((h[0].mask, h[1].mask, h[2].mask, h[3].mask), declarer.lho, trump, rng)


def playout_from(play: Play, rng: random.Random) -> Playout:
    """Finish ``play`` (possibly in the middle of a trick) at random. ``tricks`` are the whole
    deal's totals (tricks already won included); ``cards`` only the cards the playout added."""
    if play.is_complete:
        raise GameOver("the play is over")
    hands = list(play.hands)
    trump = -1 if play.strain is Strain.NT else int(play.strain)
    won = [play.won[0], play.won[1]]
    seq: list[int] = []
    leader = int(play.leader)
    current = list(play.current)
    if current:
        # Finish the trick in progress by the same rule, then hand over to the kernel.
        led_mask = 0x1FFF << (13 * (current[0] // 13))
        while len(current) < 4:
            seat = (leader + len(current)) & 3
            legal = hands[seat] & led_mask or hands[seat]
            choices = [i for i in range(52) if legal >> i & 1]
            card = choices[int(rng.random() * len(choices))]
            hands[seat] &= ~(1 << card)
            current.append(card)
            seq.append(card)
        leader = trick_winner(tuple(current), leader, trump)
        won[leader & 1] += 1
    rest = random_playout(hands, leader, trump, rng)
    return Playout((won[0] + rest.tricks[0], won[1] + rest.tricks[1]), (*seq, *rest.cards))
