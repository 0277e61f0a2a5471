"""Dealing the cards a player cannot see, many times, consistently with what it knows.

What a seat knows (:class:`Knowledge`): its own cards, dummy once faced, every card played and by
whom, the suits each seat has shown out of, and what the auction said about each hand (any object
with ``matches(hand) -> bool`` per seat, e.g. the bidding module's ``HandConstraints``; tested on
the seat's ORIGINAL 13 cards: cards still held plus cards it has played).

:func:`sample_layouts` returns weighted layouts (the four hands still held):

- exact enumeration when the hidden cards can lie in few enough ways (``exact_limit``);
- otherwise rejection sampling, the most constrained seat dealt first and re-dealt on its own
  until it fits, then the next; with ``shape_first`` a seat whose constraint sets suit lengths
  or balance is dealt shape first (a shape drawn in proportion to its number of hands, then its
  cards), which keeps the distribution and spares most of the re-deals;
- when too few layouts fit, the constraints are relaxed progressively: layouts breaking the fewest
  constraints are kept, with a weight that falls with each broken one (and, when a constraint
  object has ``fit(hand) -> float`` in [0, 1], by how well the hand fits).

Randomness comes only from the injected ``random.Random``.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, field
from itertools import combinations
from math import comb, factorial
from typing import Protocol

from bazas.engine.cards import Card, Hand
from bazas.engine.play import Play
from bazas.engine.seats import SEATS, Seat
from bazas.engine.views import SeatView

__all__ = ["ConstraintLike", "Knowledge", "Layout", "SampleResult", "count_layouts", "sample_layouts"]

_SUIT_MASKS = (0x1FFF, 0x1FFF << 13, 0x1FFF << 26, 0x1FFF << 39)

#: Four hands still held, indexed by seat (bit sets).
Layout = tuple[int, int, int, int]


class ConstraintLike(Protocol):
    """What the sampler needs from a hand constraint (the bidding module's ``HandConstraints``)."""

    def matches(self, hand: Hand) -> bool: ...


def _fit(constraint: ConstraintLike, hand: Hand) -> float:
    """1.0 when ``hand`` matches; otherwise a grade in [0, 1): the constraint's own ``fit(hand)``
    if it has one, else one from how far the HCP and suit lengths fall outside its ``hcp`` and
    ``lengths`` ranges (when it has them), else 0."""
    if constraint.matches(hand):
        return 1.0
    grade = getattr(constraint, "fit", None)
    try:
        if callable(grade):
            return max(0.0, min(0.999, float(grade(hand))))
        hcp = getattr(constraint, "hcp", None)
        lengths = getattr(constraint, "lengths", None)
        if hcp is None and lengths is None:
            return 0.0
        miss = 0.0
        if hcp is not None:
            h = hand.hcp()
            miss += max(0, hcp[0] - h, h - hcp[1]) / 2
        if lengths is not None:
            for n, (lo, hi) in zip(hand.lengths(), lengths, strict=True):
                miss += max(0, lo - n, n - hi)
        return float(min(0.999, 0.5 ** (1 + miss)))
    except Exception:  # a grading bug must not stop play
        return 0.0


@dataclass(frozen=True)
class Knowledge:
    """What ``seat`` knows about where the cards are.

    ``known``: hands known exactly (cards still held); ``hidden``: seats whose cards are unknown;
    ``counts``: how many cards each hidden seat still holds; ``pool``: the unseen cards;
    ``voids``: per seat, a mask of the suits it has shown out of; ``played``: the cards each seat
    has played; ``constraints``: what the auction says about original hands.
    """

    seat: Seat
    known: Mapping[Seat, int]
    hidden: tuple[Seat, ...]
    counts: Mapping[Seat, int]
    pool: int
    voids: Mapping[Seat, int]
    played: Mapping[Seat, int]
    constraints: Mapping[Seat, ConstraintLike] = field(default_factory=dict)

    # -- construction --------------------------------------------------------------------------
    @staticmethod
    def build(seat: Seat, known: Mapping[Seat, int], plays: list[tuple[Seat, Card]],
              constraints: Mapping[Seat, ConstraintLike] | None = None) -> Knowledge:
        """From the hands ``seat`` sees (cards still held) and the cards played in order."""
        played = {s: 0 for s in SEATS}
        voids = {s: 0 for s in SEATS}
        led_suit = -1
        for i, (s, card) in enumerate(plays):
            played[s] |= card.bit
            if i % 4 == 0:
                led_suit = int(card.suit)
            elif int(card.suit) != led_suit:
                voids[s] |= _SUIT_MASKS[led_suit]
        seen = 0
        for m in known.values():
            seen |= m
        for m in played.values():
            seen |= m
        hidden = tuple(s for s in SEATS if s not in known)
        counts = {s: 13 - played[s].bit_count() for s in hidden}
        pool = ((1 << 52) - 1) & ~seen
        if sum(counts.values()) != pool.bit_count():
            raise ValueError("inconsistent knowledge: hidden card counts do not match the unseen cards")
        cons = {s: c for s, c in (constraints or {}).items() if s in hidden and c is not None}
        return Knowledge(seat, dict(known), hidden, counts, pool, voids, played, cons)

    @staticmethod
    def from_view(view: SeatView, constraints: Mapping[Seat, ConstraintLike] | None = None) -> Knowledge:
        """What the acting seat of ``view`` knows (declarer also sees dummy once it is faced)."""
        if view.seat is None or view.hand is None:
            raise ValueError("a spectator's view has no hand to sample around")
        known = {view.seat: view.hand.mask}
        if view.dummy is not None and view.dummy_hand is not None:
            known[view.dummy] = view.dummy_hand.mask
        plays: list[tuple[Seat, Card]] = []
        for t in view.tricks:
            plays.extend(t.cards)
        if view.current is not None:
            plays.extend(view.current.cards)
        return Knowledge.build(view.seat, known, plays, constraints)

    @staticmethod
    def from_play(play: Play, seat: Seat, constraints: Mapping[Seat, ConstraintLike] | None = None) -> Knowledge:
        """What ``seat`` knows in a play state (for tests and analysis)."""
        known = {seat: play.hands[seat]}
        if play.dummy_exposed and play.dummy != seat:
            known[play.dummy] = play.hands[play.dummy]
        if seat == play.dummy:
            known[play.declarer] = play.hands[play.declarer]
        return Knowledge.build(seat, known, play.cards_played(), constraints)

    # -- helpers -------------------------------------------------------------------------------
    def original(self, seat: Seat, held: int) -> Hand:
        """The 13 cards ``seat`` was dealt, given the cards it still holds."""
        return Hand(held | self.played[seat])

    def layout(self, assigned: Mapping[Seat, int]) -> Layout:
        hands = [0, 0, 0, 0]
        for s, m in self.known.items():
            hands[s] = m
        for s, m in assigned.items():
            hands[s] = m
        return (hands[0], hands[1], hands[2], hands[3])

    def fit(self, assigned: Mapping[Seat, int], kept: Collection[Seat] = (),
            graded: bool = True) -> tuple[int, float]:
        """(number of broken constraints, product of fit grades) of an assignment of hidden hands
        (the seats in ``kept`` already known to keep theirs; with ``graded`` False a broken
        constraint's grade is not worked out and the product is 0)."""
        broken = 0
        grade = 1.0
        for s, c in self.constraints.items():
            if s in kept:
                continue
            hand = self.original(s, assigned[s])
            if not graded:
                if not c.matches(hand):
                    broken += 1
                    grade = 0.0
                continue
            f = _fit(c, hand)
            if f < 1.0:
                broken += 1
                grade *= f
        return broken, grade

    def forced(self) -> tuple[dict[Seat, int], list[int]]:
        """Cards only one hidden seat can hold (the others showed out of the suit), and the free
        cards (card indexes) any of several hidden seats may hold."""
        forced = {s: 0 for s in self.hidden}
        free: list[int] = []
        m = self.pool
        while m:
            low = m & -m
            idx = low.bit_length() - 1
            m ^= low
            suit_mask = _SUIT_MASKS[idx // 13]
            able = [s for s in self.hidden if not self.voids[s] & suit_mask]
            if not able:
                raise ValueError(f"no hidden seat can hold card {idx}: inconsistent voids")
            if len(able) == 1:
                forced[able[0]] |= low
            else:
                free.append(idx)
        return forced, free


def count_layouts(knowledge: Knowledge) -> int:
    """How many ways the hidden cards can lie (voids respected, auction constraints ignored).

    Exact with two hidden seats; with three (the opening leader's view, no voids yet) the
    multinomial."""
    hidden = knowledge.hidden
    if not hidden:
        return 1
    forced, free = knowledge.forced()
    need = [knowledge.counts[s] - forced[s].bit_count() for s in hidden]
    if any(n < 0 for n in need):
        return 0
    if len(hidden) == 1:
        return 1
    if len(hidden) == 2:
        return comb(len(free), need[0])
    # Three hidden seats: an upper bound if voids restrict the free cards (never at the opening lead).
    total = factorial(len(free))
    for n in need:
        total //= factorial(n)
    return total


@dataclass(frozen=True)
class SampleResult:
    """Weighted layouts, and how they were obtained."""

    layouts: list[Layout]
    weights: list[float]
    exact: bool = False
    relaxed: int = 0          # layouts kept although they break a constraint
    tries: int = 0
    total: int = 0            # layouts possible ignoring the auction (count_layouts)

    def __len__(self) -> int:
        return len(self.layouts)


def _enumerate(knowledge: Knowledge) -> list[dict[Seat, int]]:
    hidden = knowledge.hidden
    forced, free = knowledge.forced()
    if len(hidden) == 0:
        return [{}]
    if len(hidden) == 1:
        s = hidden[0]
        m = forced[s]
        for idx in free:
            m |= 1 << idx
        return [{s: m}]
    if len(hidden) != 2:
        raise ValueError("exact enumeration needs at most two hidden seats")
    a, b = hidden
    need_a = knowledge.counts[a] - forced[a].bit_count()
    out: list[dict[Seat, int]] = []
    all_free = 0
    for idx in free:
        all_free |= 1 << idx
    for combo in combinations(free, need_a):
        ma = 0
        for idx in combo:
            ma |= 1 << idx
        out.append({a: forced[a] | ma, b: forced[b] | (all_free & ~ma)})
    return out


#: Shapes of a balanced hand (as the bidding module counts them), lengths sorted.
_BALANCED = ((3, 3, 3, 4), (2, 3, 4, 4), (2, 3, 3, 5))

#: Per seat and view of the pool: the held-suit-length vectors a constrained seat may be dealt
#: and their cumulative numbers of hands (None: the constraint says nothing of shape).
_ShapeTable = tuple[list[tuple[int, int, int, int]], list[int]] | None


def _shape_table(constraint: ConstraintLike, available: tuple[int, int, int, int],
                 fixed: tuple[int, int, int, int], need: int) -> _ShapeTable:
    """The ways to draw ``need`` cards from ``available`` cards per suit so that the ORIGINAL
    hand (``fixed`` cards per suit already its own: forced and played, plus those drawn) keeps
    the constraint's suit-length ranges and balance (its ``lengths`` and ``balanced``, when it has
    them): the vectors of cards drawn per suit with their cumulative counts of hands, so that a
    vector drawn in proportion, then the cards of each suit at random, is a uniform draw among the
    hands of those shapes. None when the constraint sets no shape.

    >>> from bazas.bots.bidding.constraints import HandConstraints
    >>> five_spades = HandConstraints(lengths=((0, 13), (0, 13), (0, 13), (5, 13)))
    >>> vectors, cumulative = _shape_table(five_spades, (13, 0, 0, 6), (0, 0, 0, 0), 13)
    >>> vectors, cumulative   # 7 clubs and 6 spades (13C7 = 1716 hands), or 8 and 5 (13C8 x 6C5 = 7722)
    ([(7, 0, 0, 6), (8, 0, 0, 5)], [1716, 9438])
    """
    lengths = getattr(constraint, "lengths", None)
    balanced = getattr(constraint, "balanced", None)
    if not isinstance(balanced, bool):
        balanced = None
    try:
        ranges = [(int(lo), int(hi)) for lo, hi in lengths] if lengths is not None else [(0, 13)] * 4
    except (TypeError, ValueError):
        return None
    if len(ranges) != 4 or (balanced is None and all(lo <= 0 and hi >= 13 for lo, hi in ranges)):
        return None
    draws = [range(max(0, lo - f), min(a, hi - f) + 1) for a, f, (lo, hi) in zip(available, fixed, ranges, strict=True)]
    vectors: list[tuple[int, int, int, int]] = []
    cumulative: list[int] = []
    total = 0
    for x0 in draws[0]:
        for x1 in draws[1]:
            if x0 + x1 > need:
                break
            for x2 in draws[2]:
                x3 = need - x0 - x1 - x2
                if x3 < 0:
                    break
                if x3 not in draws[3]:
                    continue
                x = (x0, x1, x2, x3)
                if balanced is not None:
                    shape = tuple(sorted(f + n for f, n in zip(fixed, x, strict=True)))
                    if (shape in _BALANCED) != balanced:
                        continue
                total += (comb(available[0], x0) * comb(available[1], x1)
                          * comb(available[2], x2) * comb(available[3], x3))
                vectors.append(x)
                cumulative.append(total)
    return vectors, cumulative


def _draw(cards: list[int], k: int, uniform: Callable[[], float]) -> list[int]:
    """``k`` of ``cards`` at random without replacement, every k-subset equally likely (to the
    precision of a double): a partial Fisher-Yates shuffle on ``uniform`` (``Random.random``),
    about a third cheaper than ``Random.sample`` and its integer draws (13 of 39 cards: 5.3
    against 7.9 microseconds here).

    >>> import random
    >>> hand = _draw(list(range(52)), 13, random.Random(1).random)
    >>> len(hand), len(set(hand)), all(0 <= c < 52 for c in hand)
    (13, 13, True)
    """
    pool = cards[:]
    n = len(pool)
    for i in range(k):
        # int(u * m) < m for every u < 1: the product never rounds up to m.
        j = i + int(uniform() * (n - i))
        pool[i], pool[j] = pool[j], pool[i]
    return pool[:k]


def _deal_once(knowledge: Knowledge, forced: dict[Seat, int], free: list[int], order: tuple[Seat, ...],
               rng: random.Random, per_seat_tries: int,
               shapes: dict[tuple[object, ...], _ShapeTable] | None = None,
               kept: set[Seat] | None = None) -> dict[Seat, int] | None:
    """One random assignment of the free cards (None if it breaks a void): seats in ``order`` are
    dealt one after another, each re-dealt (up to ``per_seat_tries`` times) until its own auction
    constraint holds (those that do are added to ``kept``); the last seat takes what is left. A
    constrained seat is dealt shape first
    (:func:`_shape_table`; tables cached in ``shapes``): a uniform draw among the hands of the
    shapes its constraint allows, which the rejection would have kept anyway, so far fewer
    re-deals are needed for the same distribution."""
    remaining = list(free)
    assigned: dict[Seat, int] = {}
    uniform = rng.random
    for pos, s in enumerate(order):
        if pos == len(order) - 1:
            m = forced[s]
            for idx in remaining:
                m |= 1 << idx
            if m & knowledge.voids[s] & ~forced[s]:
                return None
            assigned[s] = m
            break
        need = knowledge.counts[s] - forced[s].bit_count()
        void = knowledge.voids[s]
        eligible = [idx for idx in remaining if not void & (1 << idx)]
        if need > len(eligible) or need < 0:
            return None
        cons = knowledge.constraints.get(s)
        chosen: list[int] = []
        m = forced[s]
        table: _ShapeTable = None
        if cons is not None and shapes is not None:
            by_suit: list[list[int]] = [[], [], [], []]
            for idx in eligible:
                by_suit[idx // 13].append(idx)
            fixed_mask = forced[s] | knowledge.played[s]
            fixed = (fixed_mask & _SUIT_MASKS[0]).bit_count(), (fixed_mask & _SUIT_MASKS[1]).bit_count(), \
                (fixed_mask & _SUIT_MASKS[2]).bit_count(), (fixed_mask & _SUIT_MASKS[3]).bit_count()
            available = len(by_suit[0]), len(by_suit[1]), len(by_suit[2]), len(by_suit[3])
            key = (s, available, fixed, need)
            if key not in shapes:
                shapes[key] = _shape_table(cons, available, fixed, need)
            table = shapes[key]
            if table is not None and not table[0]:
                table = None   # no hand of an allowed shape: deal freely (the layout is graded, relaxed)
        for _ in range(per_seat_tries if cons is not None else 1):
            if table is not None:
                vector = rng.choices(table[0], cum_weights=table[1])[0]
                chosen = []
                for suit_cards, k in zip(by_suit, vector, strict=True):
                    if k:
                        chosen.extend(_draw(suit_cards, k, uniform))
            else:
                chosen = _draw(eligible, need, uniform)
            m = forced[s]
            for idx in chosen:
                m |= 1 << idx
            if cons is None:
                break
            if cons.matches(knowledge.original(s, m)):
                if kept is not None:
                    kept.add(s)
                break
        assigned[s] = m
        taken = set(chosen)
        remaining = [idx for idx in remaining if idx not in taken]
    return assigned


def sample_layouts(knowledge: Knowledge, n: int, rng: random.Random, *, exact_limit: int = 0,
                   max_tries: int | None = None, deadline: float | None = None,
                   relax_weight: float = 0.1, clock: Callable[[], float] = time.perf_counter,
                   shape_first: bool = False) -> SampleResult:
    """Up to ``n`` weighted layouts consistent with ``knowledge`` (all of them, exactly, when no
    more than ``exact_limit`` are possible; then ``len`` may exceed ``n``). ``deadline`` is read
    on ``clock`` (the caller's CPU time for a bot that thinks in-process). ``shape_first``: deal
    constrained seats shape first (:func:`_shape_table`); False: at random, then reject."""
    total = count_layouts(knowledge)
    if total <= max(0, exact_limit) and len(knowledge.hidden) <= 2:
        layouts: list[Layout] = []
        weights: list[float] = []
        relaxed: list[tuple[int, float, Layout]] = []
        for assigned in _enumerate(knowledge):
            broken, grade = knowledge.fit(assigned)
            lay = knowledge.layout(assigned)
            if broken == 0:
                layouts.append(lay)
                weights.append(1.0)
            else:
                relaxed.append((broken, grade, lay))
        n_relaxed = 0
        if not layouts:  # the auction was misread somewhere: keep the least-wrong layouts
            least = min(b for b, _, _ in relaxed)
            for broken, grade, lay in relaxed:
                if broken == least:
                    layouts.append(lay)
                    weights.append(max(grade, 1e-6) * relax_weight ** broken)
                    n_relaxed += 1
        return SampleResult(layouts, weights, exact=True, relaxed=n_relaxed, tries=total, total=total)

    forced, free = knowledge.forced()
    hidden = knowledge.hidden
    # Most constrained seats first (constrained before free ones; fewer cards first).
    order = tuple(sorted(hidden, key=lambda s: (s not in knowledge.constraints, knowledge.counts[s], int(s))))
    tries_cap = max_tries if max_tries is not None else max(2000, 200 * n)
    per_seat = 40 if knowledge.constraints else 1
    accepted: list[Layout] = []
    rejected: list[tuple[int, float, Layout]] = []
    shapes: dict[tuple[object, ...], _ShapeTable] | None = {} if shape_first else None
    tries = 0
    while len(accepted) < n and tries < tries_cap:
        tries += 1
        kept: set[Seat] = set()
        dealt = _deal_once(knowledge, forced, free, order, rng, per_seat, shapes, kept)
        if dealt is not None:
            room = len(rejected) < 4 * n   # grade a broken layout only while it may be kept
            broken, grade = knowledge.fit(dealt, kept, graded=room) if knowledge.constraints else (0, 1.0)
            if broken == 0:
                accepted.append(knowledge.layout(dealt))
            elif room:
                rejected.append((broken, grade, knowledge.layout(dealt)))
        # A constrained try may replay the bidder for three hands (milliseconds): read the clock
        # after each, or the sampler runs on past its deadline by up to 64 tries (issue 9, p99).
        if deadline is not None and (knowledge.constraints or tries % 64 == 0) and clock() > deadline:
            break
    weights = [1.0] * len(accepted)
    n_relaxed = 0
    if len(accepted) < n and rejected:
        rejected.sort(key=lambda r: (r[0], -r[1]))
        for broken, grade, lay in rejected[: n - len(accepted)]:
            accepted.append(lay)
            weights.append(max(grade, 1e-6) * relax_weight ** broken)
            n_relaxed += 1
    return SampleResult(accepted, weights, exact=False, relaxed=n_relaxed, tries=tries, total=total)
