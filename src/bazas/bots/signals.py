"""Defensive signals: the partnership's convention for the card a defender follows (or discards)
with when its cards are of equal value, and the inference a defender draws from its partner's
cards about the layouts it samples.

Cards are indices ``suit * 13 + rank - 2`` and holdings 52-bit masks, as in
:mod:`bazas.engine.cards`. The convention (standard attitude and count):

* ATTITUDE, when partner led the suit (and on discards, the player's ``signal_discards``): with an honour (A, K or Q)
  in the suit, the highest spot card (2-9) encourages; without one the lowest card discourages.
  At notrump, partner's honour lead promises the next one down (K from K-Q, Q from Q-J), so the
  card that extends that sequence (the jack under the king, the ten under the queen) encourages
  too: it makes partner's suit solid (Root, *How to Defend a Bridge Hand*, "third-hand play":
  "encourage when you want the suit continued");
* COUNT, when declarer or dummy led the suit: the highest spot card from an even number of cards
  (the holding when the card is played), the lowest card from an odd number;
* no signal in the trump suit, with an honour (10 or higher), or with a card that wins the trick
  (it is played to win, not to signal): there the habit is the lowest of equal cards;
* SUIT PREFERENCE (in suit contracts, the player's ``suit_preference``), where attitude and count
  tell partner nothing: a defender's lead of a suit partner has shown out of (giving partner a
  ruff), and its card following to partner's lead of a suit dummy held at most one card of. A high
  card asks for the higher-ranking of the two other side suits (trumps and the suit played left
  out), a low card for the lower; equal strength in both asks for nothing (Kantar, *Modern Bridge
  Defense*, "suit-preference signals"; Root, *How to Defend a Bridge Hand*, ch. 11).

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
    "ATTITUDE", "COUNT", "SUIT_PREFERENCE", "Kind", "choose_preference", "preference_wants_high", "PartnerCard", "choose_discard", "choose_signal", "conventional_card",
    "layout_weight", "led_honour_read", "partner_cards", "preference_fits", "preference_situation", "situation", "wants_high",
]

Kind = Literal["attitude", "count", "suit-preference"]
ATTITUDE: Kind = "attitude"
COUNT: Kind = "count"
SUIT_PREFERENCE: Kind = "suit-preference"

#: Highest spot card (rank 9) as a rank offset (rank - 2).
_TOP_SPOT = 7
#: Lowest honour that makes a defender encourage (the queen) as a rank offset.
_HONOUR = 10
#: Lowest card that extends partner's honour sequence at notrump (the ten) as a rank offset.
_SEQUENCE_FILLER = 8


def _suit_cards(holding: int, suit: int) -> list[int]:
    """Card indices of ``suit`` in ``holding``, low to high."""
    base = 13 * suit
    return [i for i in range(base, base + 13) if holding >> i & 1]


def wants_high(holding: int, suit: int, kind: Kind, ruff_trump: int | None = None,
               led_honour: int | None = None) -> bool:
    """Whether the convention asks for a high spot card from ``holding`` in ``suit``.

    Attitude: an honour (A, K, Q) in the suit, or (``ruff_trump``: the trump suit, when the
    partnership signals for ruffs) a doubleton with a trump left to ruff the third round, or
    (``led_honour``: partner's lead at notrump) the ten or jack that extends partner's sequence,
    one or two ranks under the honour it led; count: an even number of cards.

    >>> from bazas.engine.cards import Hand
    >>> wants_high(Hand.from_pbn("Q52.-.-.-").mask, 3, ATTITUDE), wants_high(Hand.from_pbn("J52.-.-.-").mask, 3, ATTITUDE)
    (True, False)
    >>> wants_high(Hand.from_pbn("-.-.-.9532").mask, 0, COUNT), wants_high(Hand.from_pbn("-.-.-.953").mask, 0, COUNT)
    (True, False)
    >>> wants_high(Hand.from_pbn("82.3.-.-").mask, 3, ATTITUDE, ruff_trump=2)
    True
    >>> from bazas.engine.cards import Card
    >>> king = Card.parse("SK").index
    >>> wants_high(Hand.from_pbn("JT64.-.-.-").mask, 3, ATTITUDE, led_honour=king), wants_high(
    ...     Hand.from_pbn("T864.-.-.-").mask, 3, ATTITUDE, led_honour=king)
    (True, False)
    """
    cards = _suit_cards(holding, suit)
    if kind == ATTITUDE:
        if ruff_trump is not None and ruff_trump != suit and len(cards) == 2 and _suit_cards(holding, ruff_trump):
            return True
        if led_honour is not None and led_honour // 13 == suit and led_honour % 13 >= _HONOUR:
            extends = [c for c in cards if led_honour - 2 <= c < led_honour and c % 13 >= _SEQUENCE_FILLER]
            if extends:
                return True
        return any(c % 13 >= _HONOUR for c in cards)
    return len(cards) % 2 == 0


def led_honour_read(led: int, kind: Kind | None, trump: int) -> int | None:
    """The card partner led, where the attitude signal to it reads its sequence (at notrump:
    :func:`wants_high`'s ``led_honour``); None elsewhere. One rule for the signaller and the reader.

    >>> led_honour_read(37, ATTITUDE, -1), led_honour_read(37, ATTITUDE, 2), led_honour_read(37, COUNT, -1)
    (37, None, None)
    """
    return led if kind == ATTITUDE and trump < 0 else None


def choose_signal(candidates: Sequence[int], holding: int, suit: int, kind: Kind,
                  ruff_trump: int | None = None, led_honour: int | None = None) -> int:
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
    if wants_high(holding, suit, kind, ruff_trump, led_honour):
        spots = [c for c in candidates if c // 13 == suit and c % 13 <= _TOP_SPOT]
        if spots:
            return max(spots)
    return min(candidates)


def conventional_card(holding: int, suit: int, kind: Kind, ruff_trump: int | None = None,
                      led_honour: int | None = None) -> int:
    """The card the convention picks from the whole ``holding`` in ``suit`` (all its cards of
    equal value): what a partner who signals plays when nothing else matters."""
    cards = _suit_cards(holding, suit)
    if not cards:
        raise ValueError("no card in the suit")
    return choose_signal(cards, holding, suit, kind, ruff_trump, led_honour)


_HCP = (0,) * 9 + (1, 2, 3, 4)   # by rank offset (rank - 2): J=1 .. A=4


def _suit_hcp(holding: int, suit: int) -> int:
    return sum(_HCP[c % 13] for c in _suit_cards(holding, suit))


def preference_wants_high(holding: int, suit: int, trump: int) -> bool | None:
    """Suit preference from ``holding`` for a card of ``suit`` (trumps ``trump``): True for the
    higher-ranking of the two other side suits (more high-card points there: an entry, a trick
    to cash), False for the lower, None when they are equal or there is no pair of side suits.

    Suits are indices 0-3 (clubs to spades).

    >>> from bazas.engine.cards import Hand
    >>> h = Hand.from_pbn("-.A2.9532.874").mask          # spades trumps, a diamond led for a ruff
    >>> preference_wants_high(h, 1, 3), preference_wants_high(Hand.from_pbn("-.32.9532.K74").mask, 1, 3)
    (True, False)
    """
    others = [x for x in range(4) if x not in (suit, trump)]
    if trump < 0 or len(others) != 2:
        return None
    low, high = _suit_hcp(holding, others[0]), _suit_hcp(holding, others[1])
    if low == high:
        return None
    return high > low


def choose_preference(candidates: Sequence[int], holding: int, suit: int, trump: int) -> int:
    """The suit-preference card among ``candidates`` (cards of ``suit`` of equal value): the
    highest for the higher side suit, the lowest for the lower or for no preference.

    >>> from bazas.engine.cards import Card, Hand
    >>> k = [Card.parse(c).index for c in ("D2", "D9")]
    >>> str(Card.from_index(choose_preference(k, Hand.from_pbn("-.A2.9532.874").mask, 1, 3)))
    'D9'
    >>> str(Card.from_index(choose_preference(k, Hand.from_pbn("-.32.9532.A74").mask, 1, 3)))
    'D2'
    """
    if not candidates:
        raise ValueError("no candidate card")
    mine = [c for c in candidates if c // 13 == suit] or list(candidates)
    return max(mine) if preference_wants_high(holding, suit, trump) else min(mine)


def preference_fits(card: int, holding: int, trump: int) -> bool:
    """Whether ``card`` (played from ``holding``, which still includes it) fits suit preference:
    not the lowest card of its suit when the holding asks for the higher side suit, the lowest
    when it asks for the lower; any card when it asks for neither or the card was the only one."""
    suit = card // 13
    cards = _suit_cards(holding, suit)
    want = preference_wants_high(holding, suit, trump)
    if want is None or len(cards) < 2:
        return True
    return (card != cards[0]) if want else card == cards[0]


def preference_situation(leader: Seat, player: Seat, declarer: Seat, suit: int, trump: int,
                         dummy_before: int | None, leader_void: bool = False) -> bool:
    """Whether a defender's card in ``suit`` carries suit preference: in a suit contract, outside
    trumps, when ``player`` leads a suit its partner has shown out of (``leader_void``: a ruff),
    or follows to its partner's lead of a suit ``dummy_before`` (dummy's holding when the trick
    began) held at most one card of.

    >>> preference_situation(Seat.W, Seat.E, Seat.S, 1, 3, dummy_before=0x1 << 13)
    True
    >>> preference_situation(Seat.W, Seat.E, Seat.S, 1, -1, dummy_before=0x1 << 13)
    False
    """
    if trump < 0 or suit == trump or player.side == declarer.side:
        return False
    if leader == player:
        return leader_void
    if leader != player.partner or dummy_before is None:
        return False
    return ((dummy_before >> (13 * suit)) & 0x1FFF).bit_count() <= 1


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
    trump: int = -1
    #: The card partner's partner led to the trick, for an attitude signal at notrump (its
    #: sequence, :func:`wants_high`); None otherwise.
    led_honour: int | None = None


def partner_cards(tricks: Sequence[TrickView], partner: Seat, declarer: Seat, trump: int,
                  discards: bool = False, preference: bool = False,
                  dummy_hand: int | None = None) -> list[PartnerCard]:
    """The cards ``partner`` (a defender) followed suit with, or discarded (``discards``), in
    ``tricks`` (completed ones and the one in progress, in order), with what each tells.

    ``preference``: suit-preference signals (:func:`preference_situation`) are read too: partner's
    leads of a suit its partner has shown out of, and its cards following to its partner's lead of
    a suit dummy held at most one card of (``dummy_hand``: the cards dummy still holds)."""
    dummy = declarer.partner
    dummy_later: list[int] = []          # per trick: dummy's cards played in it and after
    acc = 0
    for t in reversed(tricks):
        for seat, card in t.cards:
            if seat == dummy:
                acc |= card.bit
        dummy_later.append(acc)
    dummy_later.reverse()
    reader = partner.partner
    reader_void = 0                       # suits partner's partner has shown out of
    seq: list[tuple[int, Kind | None, int, bool, int | None]] = []
    done = 0
    for t_no, t in enumerate(tricks):
        if not t.cards:
            continue
        led = t.cards[0][1].index
        suit = led // 13
        best = led
        dummy_before = None if dummy_hand is None else dummy_hand | dummy_later[t_no]
        for pos, (seat, card) in enumerate(t.cards):
            idx = card.index
            beat = pos > 0 and _beats(idx, best, trump)
            if seat == partner and pos == 0 and preference and preference_situation(
                    partner, partner, declarer, suit, trump, None, bool(reader_void >> suit & 1)):
                seq.append((idx, SUIT_PREFERENCE, done, False, None))
            elif seat == partner and pos > 0:
                if idx // 13 == suit:
                    kind: Kind | None = situation(t.leader, partner, declarer)
                    wins = t.winner == partner if t.winner is not None else beat
                    if preference and not wins and preference_situation(t.leader, partner, declarer, suit, trump,
                                                                       dummy_before):
                        kind = SUIT_PREFERENCE
                    elif suit == trump or idx % 13 > _TOP_SPOT or wins:
                        kind = None
                    seq.append((idx, kind, done, False, led_honour_read(led, kind, trump)))
                elif discards and idx // 13 != trump:
                    seq.append((idx, ATTITUDE, done, True, None))
            if seat == reader and pos > 0 and idx // 13 != suit:
                reader_void |= 1 << suit
            if beat:
                best = idx
        for _, card in t.cards:
            done |= card.bit
    out: list[PartnerCard] = []
    later = 0
    for idx, kind, before, disc, honour in reversed(seq):
        later |= 1 << idx
        out.append(PartnerCard(idx, kind, later, before, disc, trump, honour))
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
        if pc.kind == SUIT_PREFERENCE:
            if not preference_fits(pc.card, holding, pc.trump):
                w *= mismatch
        elif pc.kind is not None:
            ruff = None if pc.discard else ruff_trump
            if conventional_card(holding, pc.card // 13, pc.kind, ruff, pc.led_honour) != pc.card:
                w *= mismatch
        elif _lower_equal_held(pc.card, holding, pc.done):
            w *= unequal
    return w
