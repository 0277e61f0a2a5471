"""Declarer's count of the hand for the guesses in the second and third seat of a trick (issue 9).

When declarer (or dummy, whose cards declarer plays) is second or third to play in a suit
contract, the card often turns on a guess in the suit led: which defender holds the missing
honours, and how the suit splits. The textbook way to guess is to count the hand: what the
defenders have shown (cards played, suits shown out of, the auction) leaves each of them some
*vacant places*, and the odds that a given missing card lies with one defender are its vacant
places over both defenders' (Mike Lawrence, *How to Read Your Opponents' Cards*, 1973, ch. 1-2
"counting the hand"; *The Official Encyclopedia of Bridge*, "Vacant places": with West known to
hold 11 cards outside clubs and East 8, East is 5:2 to hold any given club).

The card player's double-dummy simulation already deals the hidden cards consistently with what is
known, so the count is implicit in its layouts; but it solves few of them (the budget), and the few
solved layouts put the missing honours and the suit's split with the two defenders in proportions
that may be far from the count's. :func:`count_weights` corrects that (post-stratification): a
much larger sample of layouts, dealt the same way but not solved (cheap), gives the count's odds of
each *holding* of the suit led (who holds the two highest missing cards, and, when enough layouts
are solved, the length each defender holds); each solved layout's weight is multiplied by that holding's odds over its share of
the solved sample. Every other weight (restricted choice, signals) is kept as it is.

>>> holding(0b1111, (Seat.E, Seat.W), (0, 0b1011, 0, 0b0100))   # East: 3 cards and the top one
(3, 0, 1)
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence

from bazas.engine.seats import Seat

from .sampling import Knowledge, sample_layouts

__all__ = ["count_weights", "holding"]

_SUIT_MASKS = (0x1FFF, 0x1FFF << 13, 0x1FFF << 26, 0x1FFF << 39)

Layout = tuple[int, int, int, int]
#: Solved layouts from which the holding includes the suit's length with each defender.
FINE_FROM = 24
Holding = tuple[int, int, int]


def _top_two(missing: int) -> tuple[int, int]:
    """The two highest cards (as bits) of ``missing`` (0 where there are fewer)."""
    top = 1 << (missing.bit_length() - 1) if missing else 0
    rest = missing & ~top
    second = 1 << (rest.bit_length() - 1) if rest else 0
    return top, second


def holding(missing: int, defenders: tuple[Seat, Seat], layout: Layout) -> Holding:
    """The holding of the ``missing`` cards of a suit in ``layout``: (cards the first defender
    holds, which defender holds the highest missing card, which the second highest: 0 the first,
    1 the second)."""
    first = layout[int(defenders[0])] & missing
    top, second = _top_two(missing)
    return (first.bit_count(), 0 if first & top else 1, 0 if first & second else 1)


def count_weights(knowledge: Knowledge, suit: int, layouts: Sequence[Layout], weights: Sequence[float],
                  sampler_weights: Sequence[float], rng: random.Random, samples: int,
                  deadline: float | None = None, clock: Callable[[], float] | None = None) -> list[float]:
    """``weights`` of the solved ``layouts`` corrected to the count's odds of each holding of
    ``suit`` (see the module). ``sampler_weights``: the layouts' weights as the sampler gave them
    (before any other inference), against which their share is measured. Unchanged when there is
    no guess in the suit (fewer than two missing cards, or one defender void in it)."""
    if len(layouts) < 2 or len(knowledge.hidden) != 2:
        return list(weights)
    defenders = (knowledge.hidden[0], knowledge.hidden[1])
    missing = knowledge.pool & _SUIT_MASKS[suit]
    if missing.bit_count() < 2 or any(knowledge.voids[s] & _SUIT_MASKS[suit] for s in defenders):
        return list(weights)
    reference = sample_layouts(knowledge, samples, rng, exact_limit=samples, deadline=deadline,
                               clock=clock or time.perf_counter)
    if len(reference.layouts) < 2:
        return list(weights)
    # With few solved layouts, the length is left out of the holding (who holds the honours is the
    # guess; too fine a split leaves most holdings with one layout or none).
    fine = len(layouts) >= FINE_FROM

    def key_of(lay: Layout) -> Holding:
        h = holding(missing, defenders, lay)
        return h if fine else (-1, h[1], h[2])

    odds: dict[Holding, float] = {}
    for lay, w in zip(reference.layouts, reference.weights, strict=True):
        key = key_of(lay)
        odds[key] = odds.get(key, 0.0) + w
    total_ref = sum(odds.values()) or 1.0
    share: dict[Holding, float] = {}
    keys = [key_of(lay) for lay in layouts]
    for key, w in zip(keys, sampler_weights, strict=False):
        share[key] = share.get(key, 0.0) + w
    total_share = sum(share.values()) or 1.0
    floor = 0.5 / len(reference.layouts)   # a holding the reference sample missed: rare, not impossible
    out = []
    for key, w in zip(keys, weights, strict=True):
        target = max(odds.get(key, 0.0) / total_ref, floor)
        out.append(w * target / (share[key] / total_share))
    return out
