"""Defensive signals: the partnership's convention for the card a defender follows (or discards)
with when its cards are of equal value, and the inference a defender draws from its partner's
cards about the layouts it samples.

Cards are indices ``suit * 13 + rank - 2`` and holdings 52-bit masks, as in
:mod:`bazas.engine.cards`. The convention (standard attitude and count):

* ATTITUDE, when partner led the suit (and on discards, the player's ``signal_discards``): with an honour (A, K or Q)
  in the suit, the highest spot card (2-9) encourages; without one the lowest card discourages;
* COUNT, when declarer or dummy led the suit: the highest spot card from an even number of cards
  (the holding when the card is played), the lowest card from an odd number;
* no signal in the trump suit, with an honour (10 or higher), or with a card that wins the trick
  (it is played to win, not to signal): there the habit is the lowest of equal cards.

The player (:class:`bazas.bots.play.CardPlayer`, ``signals``: on by default) plays the convention's
card only among cards of (nearly) equal expected score, and, as a defender, weighs each sampled
layout by :func:`layout_weight`: 1 when every card its partner followed with is the one the
convention (or the lowest-of-equals habit) picks from partner's holding in that layout, a smaller
factor for each card that is not.

>>> from bazas.engine.cards import Card, Hand
>>> str(Card.from_index(conventional_card(Hand.from_pbn("K872.-.-.-").mask, 3, ATTITUDE)))
'S8'
>>> str(Card.from_index(conventional_card(Hand.from_pbn("872.-.-.-").mask, 3, ATTITUDE)))
'S2'
>>> str(Card.from_index(conventional_card(Hand.from_pbn("872.-.-.-").mask, 3, COUNT)))
'S2'
>>> str(Card.from_index(conventional_card(Hand.from_pbn("87.-.-.-").mask, 3, COUNT)))
'S8'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from bazas.engine.seats import Seat
from bazas.engine.views import TrickView

__all__ = [
    "ATTITUDE", "COUNT", "Kind", "PartnerCard", "choose_discard", "choose_signal", "conventional_card",
    "layout_weight", "partner_cards", "situation", "wants_high",
]

Kind = Literal["attitude", "count"]
ATTITUDE: Kind = "attitude"
COUNT: Kind = "count"

#: Highest spot card (rank 9) as a rank offset (rank - 2).
_TOP_SPOT = 7
#: Lowest honour that makes a defender encourage (the queen) as a rank offset.
_HONOUR = 10


def _suit_cards(holding: int, suit: int) -> list[int]:
    """Card indices of ``suit`` in ``holding``, low to high."""
    base = 13 * suit
    return [i for i in range(base, base + 13) if holding >> i & 1]


def wants_high(holding: int, suit: int, kind: Kind, ruff_trump: int | None = None) -> bool:
    """Whether the convention asks for a high spot card from ``holding`` in ``suit``.

    Attitude: an honour (A, K, Q) in the suit, or (``ruff_trump``: the trump suit, when the
    partnership signals for ruffs) a doubleton with a trump left to ruff the third round; count:
    an even number of cards.

    >>> from bazas.engine.cards import Hand
    >>> wants_high(Hand.from_pbn("Q52.-.-.-").mask, 3, ATTITUDE), wants_high(Hand.from_pbn("J52.-.-.-").mask, 3, ATTITUDE)
    (True, False)
    >>> wants_high(Hand.from_pbn("-.-.-.9532").mask, 0, COUNT), wants_high(Hand.from_pbn("-.-.-.953").mask, 0, COUNT)
    (True, False)
    >>> wants_high(Hand.from_pbn("82.3.-.-").mask, 3, ATTITUDE, ruff_trump=2)
    True
    """
    cards = _suit_cards(holding, suit)
    if kind == ATTITUDE:
        if ruff_trump is not None and ruff_trump != suit and len(cards) == 2 and _suit_cards(holding, ruff_trump):
            return True
        return any(c % 13 >= _HONOUR for c in cards)
    return len(cards) % 2 == 0


def choose_signal(candidates: Sequence[int], holding: int, suit: int, kind: Kind,
                  ruff_trump: int | None = None) -> int:
    """The card the convention picks among ``candidates`` (cards of ``suit`` of equal value) from
    ``holding``: the highest spot card when it asks for a high card and a spot is among the
    candidates, the lowest candidate otherwise.

    >>> from bazas.engine.cards import Card, Hand
    >>> k = [Card.parse(c).index for c in ("S2", "S7", "S8")]
    >>> str(Card.from_index(choose_signal(k, Hand.from_pbn("K872.-.-.-").mask, 3, ATTITUDE)))
    'S8'
    >>> str(Card.from_index(choose_signal(k, Hand.from_pbn("J872.-.-.-").mask, 3, ATTITUDE)))
    'S2'
    """
    if not candidates:
        raise ValueError("no candidate card")
    if wants_high(holding, suit, kind, ruff_trump):
        spots = [c for c in candidates if c // 13 == suit and c % 13 <= _TOP_SPOT]
        if spots:
            return max(spots)
    return min(candidates)


def conventional_card(holding: int, suit: int, kind: Kind, ruff_trump: int | None = None) -> int:
    """The card the convention picks from the whole ``holding`` in ``suit`` (all its cards of
    equal value): what a partner who signals plays when nothing else matters."""
    cards = _suit_cards(holding, suit)
    if not cards:
        raise ValueError("no card in the suit")
    return choose_signal(cards, holding, suit, kind, ruff_trump)


def choose_discard(candidates: Sequence[int], hand: int) -> int | None:
    """Attitude on discards: among ``candidates`` (discards of equal value), a high spot card in a
    suit with an honour (the suit wanted), else the lowest card of a suit without one; None when
    no candidate is the convention's card of its suit.

    >>> from bazas.engine.cards import Card, Hand
    >>> k = [Card.parse(c).index for c in ("S2", "H3", "S8")]
    >>> str(Card.from_index(choose_discard(k, Hand.from_pbn("K82.Q763.-.-").mask)))
    'S8'
    >>> str(Card.from_index(choose_discard(k, Hand.from_pbn("J82.Q763.-.-").mask)))
    'S2'
    """
    fitting = [c for c in candidates if conventional_card(hand, c // 13, ATTITUDE) == c]
    if not fitting:
        return None
    return max(fitting, key=lambda c: (wants_high(hand, c // 13, ATTITUDE), -(c % 13)))


def situation(leader: Seat, player: Seat, declarer: Seat) -> Kind | None:
    """The signal a defender ``player`` gives following to a trick led by ``leader``: attitude
    when its partner led, count when declarer or dummy led, none when it leads or is declarer's
    side.

    >>> situation(Seat.W, Seat.E, Seat.S), situation(Seat.N, Seat.E, Seat.S), situation(Seat.N, Seat.S, Seat.S)
    ('attitude', 'count', None)
    """
    if player.side == declarer.side or leader == player:
        return None
    return ATTITUDE if leader == player.partner else COUNT


def _beats(card: int, best: int, trump: int) -> bool:
    """Whether ``card`` beats ``best``, the winning card so far of a trick."""
    if card // 13 == best // 13:
        return card > best
    return card // 13 == trump


@dataclass(frozen=True, slots=True)
class PartnerCard:
    """A card partner played: ``kind`` the signal it carries (None: the lowest-of-equals habit
    applies; ``discard``: attitude on a discard), ``later`` the cards partner played from it on
    (it included), ``done`` the cards of the tricks completed before it."""

    card: int
    kind: Kind | None
    later: int
    done: int
    discard: bool = False


def partner_cards(tricks: Sequence[TrickView], partner: Seat, declarer: Seat, trump: int,
                  discards: bool = False) -> list[PartnerCard]:
    """The cards ``partner`` (a defender) followed suit with, or discarded (``discards``), in
    ``tricks`` (completed ones and the one in progress, in order), with what each tells."""
    seq: list[tuple[int, Kind | None, int, bool]] = []
    done = 0
    for t in tricks:
        if not t.cards:
            continue
        led = t.cards[0][1].index
        suit = led // 13
        best = led
        for pos, (seat, card) in enumerate(t.cards):
            idx = card.index
            beat = pos > 0 and _beats(idx, best, trump)
            if seat == partner and pos > 0:
                if idx // 13 == suit:
                    kind = situation(t.leader, partner, declarer)
                    wins = t.winner == partner if t.winner is not None else beat
                    if suit == trump or idx % 13 > _TOP_SPOT or wins:
                        kind = None
                    seq.append((idx, kind, done, False))
                elif discards and idx // 13 != trump:
                    seq.append((idx, ATTITUDE, done, True))
            if beat:
                best = idx
        for _, card in t.cards:
            done |= card.bit
    out: list[PartnerCard] = []
    later = 0
    for idx, kind, before, disc in reversed(seq):
        later |= 1 << idx
        out.append(PartnerCard(idx, kind, later, before, disc))
    out.reverse()
    return out


def _lower_equal_held(card: int, holding: int, done: int) -> bool:
    """Whether ``holding`` had a lower card equal to ``card`` (every rank between held or played
    in a completed trick)."""
    base = card - card % 13
    r = card - 1
    while r >= base and (holding | done) >> r & 1:
        if holding >> r & 1:
            return True
        r -= 1
    return False


def layout_weight(cards: Sequence[PartnerCard], remaining: int, mismatch: float = 0.3,
                  unequal: float = 0.3, ruff_trump: int | None = None) -> float:
    """How well partner's cards fit the convention in a layout where partner still holds
    ``remaining``: a factor ``mismatch`` for each signal card that is not the convention's card
    from partner's holding then (``remaining`` plus the cards it played later), ``unequal`` for
    each other card followed with while holding a lower equal card; ``ruff_trump``: as in
    :func:`wants_high` (for cards followed with, not discards).

    >>> from bazas.engine.cards import Card, Hand
    >>> eight = PartnerCard(Card.parse("S8").index, ATTITUDE, Card.parse("S8").bit, 0)
    >>> layout_weight([eight], Hand.from_pbn("K2.-.-.-").mask), layout_weight([eight], Hand.from_pbn("32.-.-.-").mask)
    (1.0, 0.3)
    """
    w = 1.0
    for pc in cards:
        holding = remaining | pc.later
        if pc.kind is not None:
            ruff = None if pc.discard else ruff_trump
            if conventional_card(holding, pc.card // 13, pc.kind, ruff) != pc.card:
                w *= mismatch
        elif _lower_equal_held(pc.card, holding, pc.done):
            w *= unequal
    return w
