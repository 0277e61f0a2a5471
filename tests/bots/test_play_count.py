"""Declarer's count of the hand for the guesses in the second and third seat (issue 9, "What to
build", Declarer: "the count of the hand in suit contracts (the second- and third-seat guesses
that `bazas bench errors` lists)"); :mod:`bazas.bots.count`."""

from __future__ import annotations

import random

from bazas.bots.base import Budget, TableContext
from bazas.bots.count import count_weights, holding
from bazas.bots.play import CardPlayer
from bazas.bots.sampling import Knowledge, sample_layouts
from bazas.engine.cards import Card, Hand
from bazas.engine.deal import Deal
from bazas.engine.seats import SEATS, Seat
from bazas.engine.state import DealState, parse_action
from bazas.engine.views import view_of

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W
CLUBS = 0x1FFF
DUPLICATE = TableContext(ruleset="duplicate")


def _vacant_places_knowledge() -> Knowledge:
    """The Encyclopedia of Bridge's "vacant places" case: seven clubs missing, West has two places
    left for them and East five (everything else is known), so East is 5:2 to hold any given club.
    Declarer South sees dummy North; the defenders' other cards are known by elimination."""
    missing = Hand.from_pbn("-.-.-.Q87654 3".replace(" ", "")).mask
    assert missing.bit_count() == 7
    return Knowledge(S, {N: 0, S: 0}, (E, W), {E: 5, W: 2}, missing, {s: 0 for s in SEATS},
                     {s: 0 for s in SEATS})


def test_count_weights_give_the_vacant_places_odds_whatever_the_few_solved_layouts_say() -> None:
    # Encyclopedia of Bridge, "Vacant places": 5 places to 2, East holds the queen 5 times in 7.
    knowledge = _vacant_places_knowledge()
    every = sample_layouts(knowledge, 100, random.Random(1), exact_limit=100).layouts
    assert len(every) == 21
    queen = Card.parse("CQ").bit
    jack_or_next = Card.parse("C8").bit   # the second-highest missing club
    # A skewed "solved" sample: mostly West holding the queen (as a few solved layouts may be),
    # every holding of the two top clubs present.
    solved = ([lay for lay in every if lay[W] & queen][:6]
              + [lay for lay in every if lay[E] & queen and lay[E] & jack_or_next][:1]
              + [lay for lay in every if lay[E] & queen and not lay[E] & jack_or_next][:1])
    assert len({holding(knowledge.pool & CLUBS, (E, W), lay)[1:] for lay in solved}) == 4
    raw = sum(1 for lay in solved if lay[E] & queen) / len(solved)
    assert raw == 0.25
    weights = count_weights(knowledge, 0, solved, [1.0] * len(solved), [1.0] * len(solved), random.Random(2), 400)
    east = sum(w for lay, w in zip(solved, weights, strict=True) if lay[E] & queen) / sum(weights)
    assert abs(east - 5 / 7) < 1e-9


def test_count_weights_change_nothing_without_a_guess() -> None:
    # One defender void in the suit: every missing card is placed, there is nothing to guess.
    knowledge = _vacant_places_knowledge()
    void_w = Knowledge(S, {N: 0, S: 0}, (E, W), {E: 7, W: 0}, knowledge.pool, {E: 0, W: CLUBS, N: 0, S: 0},
                       {s: 0 for s in SEATS})
    lay = (0, knowledge.pool, 0, 0)
    assert count_weights(void_w, 0, [lay, lay], [0.3, 0.7], [1.0, 1.0], random.Random(1), 50) == [0.3, 0.7]


def _two_way_guess(cards: str) -> DealState:
    # 4S by South after West's 8-card heart suit is revealed by East's discard at trick one: West
    # has few places left for clubs (Lawrence, How to Read Your Opponents' Cards, ch. 1).
    deal = Deal.from_pbn("N:KQ43.54.AK32.AJ9 652.-.T9876.Q6543 AJT98.A63.54.KT2 7.KQJT9872.QJ.87")
    state = DealState.start(deal, S)
    for call in ("4S", "P", "P", "P"):
        state = state.apply(parse_action(call)).after
    for c in cards.split(","):
        state = state.apply(Card.parse(c)).after
    return state


def test_declarer_counts_the_hand_in_the_third_seat_not_when_leading_nor_as_defender() -> None:
    third = _two_way_guess("HK,H4,D6,HA,C2,C7")          # South led a club, West low: dummy to play
    assert third.actor == S and third.turn == N
    player = CardPlayer(count_hand=True)
    player.choose(view_of(third, S), DUPLICATE, random.Random(1), Budget(0.1))
    assert player.last_info.get("count") is True
    leading = _two_way_guess("HK,H4,D6,HA")                # declarer on lead: no guess in a suit led
    player.choose(view_of(leading, S), DUPLICATE, random.Random(1), Budget(0.1))
    assert "count" not in player.last_info
    defence = _two_way_guess("HK,H4,D6,HA,C2")             # West, a defender, second to play
    defender = CardPlayer(count_hand=True)
    defender.choose(view_of(defence, W), DUPLICATE, random.Random(1), Budget(0.1))
    assert "count" not in defender.last_info
    plain = CardPlayer(count_hand=False)
    plain.choose(view_of(third, S), DUPLICATE, random.Random(1), Budget(0.1))
    assert "count" not in plain.last_info
