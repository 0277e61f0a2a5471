"""Hidden-hand sampling: seen cards, shown voids, auction constraints, exact enumeration."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass

from bazas.bots.sampling import Knowledge, _draw, count_layouts, sample_layouts
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


@dataclass
class CountingShape:
    """A test constraint with suit-length ranges (what the shape-first dealer reads) and an HCP
    range, counting how often it is asked; with ``shaped`` False it hides its ranges, so the
    sampler can only deal at random and reject."""

    lengths: tuple[tuple[int, int], ...]
    hcp: tuple[int, int]
    shaped: bool = True
    asked: int = 0

    def __getattribute__(self, name: str) -> object:
        if name == "lengths" and not object.__getattribute__(self, "shaped"):
            raise AttributeError(name)
        return object.__getattribute__(self, name)

    def matches(self, hand: Hand) -> bool:
        self.asked += 1
        lengths = object.__getattribute__(self, "lengths")
        return (self.hcp[0] <= hand.hcp() <= self.hcp[1]
                and all(lo <= n <= hi for n, (lo, hi) in zip(hand.lengths(), lengths, strict=True)))


# A weak two in spades (SAYC SP-3, "2D, 2H, 2S openings": a good 6-card suit, 5-11 HCP) and a
# balanced 15-17 1NT: shapes that a random deal rarely hits.
_WEAK_TWO = ((0, 13), (0, 13), (0, 3), (6, 6))
_ONE_NT = ((2, 5), (2, 5), (2, 5), (2, 5))


def _stats(layouts: list[tuple[int, int, int, int]], seat: Seat) -> tuple[float, float, float]:
    hands = [Hand(lay[seat]) for lay in layouts]
    n = len(hands)
    return (sum(h.hcp() for h in hands) / n, sum(h.lengths()[1] for h in hands) / n,
            sum(any(c.rank == 14 for c in h if int(c.suit) == 3) for h in hands) / n)


def test_shape_first_dealing_keeps_the_rejection_distribution_with_fewer_redeals() -> None:
    """The shape-first dealer (sampling._shape_table) draws the same hands as plain rejection:
    the constrained seat's mean HCP, mean diamond length and chance of the spade ace agree within
    sampling error, and it asks the constraint far fewer times for the same layouts."""
    play = Play(deal_from_seed(11), Strain.S, Seat.S)

    def knowledge_of(c: CountingShape) -> Knowledge:
        return Knowledge.from_play(play, Seat.W, {Seat.N: c})

    shaped = CountingShape(_WEAK_TWO, (5, 11))
    plain = CountingShape(_WEAK_TWO, (5, 11), shaped=False)
    a = sample_layouts(knowledge_of(shaped), 1500, random.Random(5), max_tries=100_000, shape_first=True)
    b = sample_layouts(knowledge_of(plain), 1500, random.Random(6), max_tries=100_000, shape_first=True)
    assert len(a) == len(b) == 1500 and a.relaxed == b.relaxed == 0
    for lay in a.layouts:
        assert plain.matches(Hand(lay[Seat.N]))
    hcp_a, dia_a, ace_a = _stats(a.layouts, Seat.N)
    hcp_b, dia_b, ace_b = _stats(b.layouts, Seat.N)
    # Standard errors for 1500 draws: HCP sd about 2 -> 0.07 per mean; length sd about 1.1 -> 0.04.
    assert abs(hcp_a - hcp_b) < 0.3 and abs(dia_a - dia_b) < 0.17 and abs(ace_a - ace_b) < 0.07
    assert shaped.asked * 5 < plain.asked


def test_shape_first_dealing_counts_the_cards_already_played() -> None:
    """Lengths and balance are promises about the ORIGINAL hand: after two tricks, the 1NT
    opener's (15-17, balanced, SAYC SP-3 "1NT opening") hands are dealt so that the cards they
    hold plus those they played make a balanced hand with a five-card heart suit at most."""
    from bazas.bots.bidding.constraints import HandConstraints

    one_nt = HandConstraints(hcp=(15, 17), balanced=True, lengths=((0, 13), (0, 13), (0, 5), (0, 5)))
    for seed in range(20, 26):
        play = Play(deal_from_seed(seed), Strain.NT, Seat.S)
        for _ in range(8):
            play = play.apply_index(min(i for i in range(52) if play.legal_mask() >> i & 1))
        knowledge = Knowledge.from_play(play, Seat.W, {Seat.S: one_nt})
        result = sample_layouts(knowledge, 100, random.Random(seed), max_tries=20_000, shape_first=True)
        check_layouts(play, knowledge, result.layouts)
        if result.relaxed:
            continue   # the cards played already break the promise: nothing to check
        assert len(result) == 100
        for lay in result.layouts:
            original = Hand(lay[Seat.S] | knowledge.played[Seat.S])
            assert one_nt.matches(original)
            assert sorted(original.lengths()) in ([3, 3, 3, 4], [2, 3, 4, 4], [2, 3, 3, 5])


def test_dealing_draws_every_set_of_cards_equally_often() -> None:
    # The dealer's draw of k of n cards: each of the C(5, 2) = 10 pairs of five cards, and each
    # card's place in the draw, as often as the others (60,000 draws: 6,000 expected, standard
    # deviation about 73; a draw one place short or long breaks this by thousands).
    rng = random.Random(3)
    pairs: Counter[frozenset[int]] = Counter()
    first: Counter[int] = Counter()
    for _ in range(60_000):
        drawn = _draw([10, 11, 12, 13, 14], 2, rng.random)
        assert len(set(drawn)) == 2
        pairs[frozenset(drawn)] += 1
        first[drawn[0]] += 1
    assert len(pairs) == 10 and all(abs(n - 6_000) < 400 for n in pairs.values()), pairs
    assert all(abs(n - 12_000) < 500 for n in first.values()), first
    assert sorted(_draw([1, 2, 3], 3, rng.random)) == [1, 2, 3]


def test_issue9_a_constrained_sampler_stops_at_its_deadline_not_64_tries_later() -> None:
    # A constrained try replays the bidder for up to three hands (milliseconds each): the clock is
    # read after every one, or the slowest cards' latency runs past the deadline (issue 9, p99).
    # An impossible constraint keeps the sampler trying; the clock advances one unit per reading.
    play = Play(deal_from_seed(9), Strain.NT, Seat.S)
    knowledge = Knowledge.from_play(play, Seat.W, {Seat.S: MinHcp(38)})
    ticks = iter(range(1_000_000))
    result = sample_layouts(knowledge, 5, random.Random(2), max_tries=10_000, deadline=10.0,
                            clock=lambda: float(next(ticks)))
    assert result.tries == 12, result.tries   # readings 0, 1, ...: the 12th (11) is the first past 10
    # Unconstrained tries cost microseconds: the clock is read every 64 of them (0 after 64, then
    # 1, past the deadline, after 128).
    free = Knowledge.from_play(play, Seat.W)
    ticks = iter(range(1_000_000))
    result = sample_layouts(free, 1000, random.Random(2), deadline=0.5, clock=lambda: float(next(ticks)))
    assert result.tries == 128, result.tries
