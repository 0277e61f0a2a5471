"""Hidden-hand sampling: seen cards, shown voids, auction constraints, exact enumeration."""

from __future__ import annotations

import random
from dataclasses import dataclass

from bazas.bots.sampling import Knowledge, count_layouts, sample_layouts
from bazas.engine.calls import Strain
from bazas.engine.cards import Hand
from bazas.engine.deal import deal_from_seed
from bazas.engine.play import Play
from bazas.engine.seats import SEATS, Seat


@dataclass(frozen=True)
class MinHcp:
    """A test constraint: at least ``low`` HCP (and at most ``high``)."""

    low: int
    high: int = 37

    def matches(self, hand: Hand) -> bool:
        return self.low <= hand.hcp() <= self.high


def played_out(seed: int, cards: int) -> Play:
    rng = random.Random(seed)
    play = Play(deal_from_seed(seed), Strain.S, Seat.S)
    for _ in range(cards):
        m = play.legal_mask()
        # Prefer discards now and then so that voids get shown.
        play = play.apply_index(max(i for i in range(52) if m >> i & 1) if rng.random() < 0.5
                                else min(i for i in range(52) if m >> i & 1))
    return play


def check_layouts(play: Play, knowledge: Knowledge, layouts: list[tuple[int, int, int, int]]) -> None:
    shown = play.shown_out()
    for lay in layouts:
        assert sum(m.bit_count() for m in lay) == sum(h.bit_count() for h in play.hands)
        total = 0
        for s in SEATS:
            assert lay[s].bit_count() == play.hands[s].bit_count()
            assert not total & lay[s]
            total |= lay[s]
            for suit in shown[s]:
                assert not lay[s] & (0x1FFF << (13 * suit)), "a void was broken"
        assert total == play.hands[0] | play.hands[1] | play.hands[2] | play.hands[3]
        for s, m in knowledge.known.items():
            assert lay[s] == m, "a seen hand changed"


def test_layouts_respect_seen_cards_voids_and_counts() -> None:
    for seed in range(1, 8):
        play = played_out(seed, 21)
        knowledge = Knowledge.from_play(play, play.declarer)
        result = sample_layouts(knowledge, 30, random.Random(seed))
        assert len(result) == 30
        check_layouts(play, knowledge, result.layouts)


def test_opening_leader_sees_one_hand_and_three_are_dealt() -> None:
    play = Play(deal_from_seed(3), Strain.NT, Seat.S)
    knowledge = Knowledge.from_play(play, Seat.W)
    assert knowledge.hidden == (Seat.N, Seat.E, Seat.S)
    result = sample_layouts(knowledge, 10, random.Random(1))
    check_layouts(play, knowledge, result.layouts)


def test_auction_constraints_are_respected() -> None:
    play = Play(deal_from_seed(9), Strain.NT, Seat.S)
    knowledge = Knowledge.from_play(play, Seat.W, {Seat.S: MinHcp(15, 17), Seat.N: MinHcp(0, 7)})
    result = sample_layouts(knowledge, 20, random.Random(2))
    assert len(result) == 20 and result.relaxed == 0
    for lay in result.layouts:
        assert 15 <= Hand(lay[Seat.S]).hcp() <= 17 and Hand(lay[Seat.N]).hcp() <= 7


def test_impossible_constraints_are_relaxed_not_fatal() -> None:
    play = Play(deal_from_seed(9), Strain.NT, Seat.S)
    knowledge = Knowledge.from_play(play, Seat.W, {Seat.S: MinHcp(38), Seat.N: MinHcp(0, 37)})
    result = sample_layouts(knowledge, 5, random.Random(2), max_tries=200)
    assert len(result) == 5 and result.relaxed == 5
    assert all(0 < w < 1 for w in result.weights)


def test_exact_enumeration_when_few_layouts_remain() -> None:
    play = played_out(4, 40)
    knowledge = Knowledge.from_play(play, play.declarer)
    total = count_layouts(knowledge)
    result = sample_layouts(knowledge, 4, random.Random(0), exact_limit=10_000)
    assert result.exact and len(result) == total == len(set(result.layouts))
    check_layouts(play, knowledge, result.layouts)


def test_sampling_is_deterministic_under_a_seed() -> None:
    play = played_out(2, 9)
    knowledge = Knowledge.from_play(play, Seat.E)
    a = sample_layouts(knowledge, 12, random.Random(77)).layouts
    b = sample_layouts(knowledge, 12, random.Random(77)).layouts
    assert a == b
