"""Auction inference by replaying the bidder (bots/bidding/replay.py): a hidden hand must fit the
hull of its calls' promises and be one with which the bidder would have made those calls."""

from __future__ import annotations

import random

from bazas.bots.base import TableContext
from bazas.bots.bidding import choose_call, infer_constraints, replay_constraints
from bazas.engine.auction import Auction
from bazas.engine.cards import Hand
from bazas.engine.deal import deal_random
from bazas.engine.seats import SEATS, Seat

CONTEXT = TableContext(ruleset="duplicate")


def bot_auction(seed: int) -> tuple[Auction, dict[Seat, Hand]]:
    """A deal bid by the SAYC bots from North."""
    deal = deal_random(random.Random(seed))
    auction = Auction(Seat.N)
    while not auction.is_complete:
        call, _ = choose_call(deal.hand(auction.turn), Seat.N, list(auction.calls), CONTEXT, "sayc")
        auction = auction.apply(call)
    return auction, {s: deal.hand(s) for s in SEATS}


def test_replay_accepts_the_hands_the_bots_really_held() -> None:
    for seed in range(12):
        auction, hands = bot_auction(seed)
        for seat, constraint in replay_constraints(auction, "sayc", CONTEXT).items():
            assert constraint.matches(hands[seat]), (seed, seat, [str(c) for c in auction.calls])


def test_replay_is_the_hull_and_the_bidders_own_choice() -> None:
    # An independent check: matches(hand) == the hull holds and choose_call returns each call.
    rng = random.Random(5)
    narrowed = 0
    for seed in range(6):
        auction, _ = bot_auction(100 + seed)
        hulls = infer_constraints(auction, "sayc", CONTEXT)
        calls = list(auction.calls)
        for seat, constraint in replay_constraints(auction, "sayc", CONTEXT).items():
            for _ in range(60):
                hand = deal_random(rng).hand(Seat.N)
                as_bid = all(choose_call(hand, Seat.N, calls[:i], CONTEXT, "sayc")[0] == call
                             for i, call in enumerate(calls) if Seat.N.after(i) == seat)
                expected = hulls[seat].matches(hand) and as_bid
                assert constraint.matches(hand) == expected
                narrowed += hulls[seat].matches(hand) and not as_bid
    assert narrowed > 0, "the replay never excluded a hand the hull allowed"


def test_first_seat_pass_excludes_a_weak_two_the_hull_allows() -> None:
    # North passed as dealer: the bot would open 2S with this hand (6 good spades, 8 HCP), so a
    # pass denies it, though it fits the pass's point range.
    auction = Auction(Seat.N).apply(choose_call(Hand.from_pbn("Q2.J43.K52.98765"), Seat.N, [], CONTEXT)[0])
    weak_two = Hand.from_pbn("KQT982.43.Q52.98")
    assert str(choose_call(weak_two, Seat.N, [], CONTEXT)[0]) == "2S"
    hull = infer_constraints(auction, "sayc", CONTEXT)[Seat.N]
    replay = replay_constraints(auction, "sayc", CONTEXT)[Seat.N]
    assert hull.matches(weak_two)
    assert not replay.matches(weak_two)
    assert replay.fit(weak_two) == replay.replay_fit   # kept only when too few hands fit


def test_replay_bound_falls_back_to_the_hull() -> None:
    auction = Auction(Seat.N).apply(choose_call(Hand.from_pbn("Q2.J43.K52.98765"), Seat.N, [], CONTEXT)[0])
    replay = replay_constraints(auction, "sayc", CONTEXT, max_replays=0)[Seat.N]
    weak_two = Hand.from_pbn("KQT982.43.Q52.98")
    assert replay.matches(weak_two)      # no replay left: the hull alone decides
    assert replay.replays == 0


def test_a_situation_kept_for_many_hands_chooses_as_a_fresh_one() -> None:
    # The situation keeps the rows that apply, their calls and promises (the auction's business,
    # not the hand's) so that replays are cheap; a hand's choice must not depend on what the
    # situation was asked before.
    from bazas.bots.bidding.api import _system
    from bazas.bots.bidding.constraints import features

    system = _system("sayc", CONTEXT)
    rng = random.Random(11)
    compared = 0
    for seed in range(8):
        auction, _ = bot_auction(200 + seed)
        calls = list(auction.calls)
        for i in range(len(calls)):
            kept = system.situation(Seat.N, calls[:i], CONTEXT)
            for _ in range(25):
                hand = deal_random(rng).hand(Seat.N)
                fresh = system.situation(Seat.N, calls[:i], CONTEXT)
                assert fresh is not kept
                assert system.choose(kept, features(hand.mask)).call == system.choose(fresh, features(hand.mask)).call
                compared += 1
    assert compared > 200


def _spots_redrawn(hand: Hand, rng: random.Random) -> Hand:
    """The same hand with each suit's spot cards (two to nine) drawn anew: same lengths, same
    A K Q J 10."""
    mask = hand.mask
    out = 0
    for s in range(4):
        bits = mask >> (13 * s) & 0x1FFF
        spots = (bits & 0xFF).bit_count()
        out |= ((bits & ~0xFF) | sum(1 << r for r in rng.sample(range(8), spots))) << (13 * s)
    return Hand(out)


def test_bidding_signature_is_all_the_bidder_sees() -> None:
    # The replay asks the bidder once per signature (lengths, top five ranks of each suit): that is
    # sound only if no rule of either system reads a spot card. Every situation of real auctions,
    # hands with their spots redrawn: the same call each time.
    from bazas.bots.bidding.constraints import bidding_signature

    rng = random.Random(11)
    compared = 0
    for system, context in (("sayc", CONTEXT), ("auction-1920", TableContext(ruleset="auction-1920"))):
        for seed in range(8):
            auction, hands = bot_auction(200 + seed)
            calls = list(auction.calls)
            for i in range(len(calls)):
                seat = Seat.N.after(i)
                for hand in (hands[seat], deal_random(rng).hand(seat), deal_random(rng).hand(seat)):
                    other = _spots_redrawn(hand, rng)
                    assert bidding_signature(other.mask) == bidding_signature(hand.mask)
                    first = choose_call(hand, Seat.N, calls[:i], context, system)[0]
                    assert choose_call(other, Seat.N, calls[:i], context, system)[0] == first, (
                        system, [str(c) for c in calls[:i]], str(hand), str(other))
                    compared += hand.mask != other.mask
    assert compared > 100


def test_replay_asks_the_bidder_once_per_bidding_signature() -> None:
    # Hands that differ only in their spot cards are one replay: the bound counts signatures.
    auction = Auction(Seat.N).apply(choose_call(Hand.from_pbn("Q2.J43.K52.98765"), Seat.N, [], CONTEXT)[0])
    replay = replay_constraints(auction, "sayc", CONTEXT, max_replays=1)[Seat.N]
    weak_two = Hand.from_pbn("KQT982.43.Q52.98")
    same_signature = Hand.from_pbn("KQT762.98.Q43.32")
    assert weak_two.mask != same_signature.mask
    assert not replay.matches(weak_two)
    assert not replay.matches(same_signature)   # answered from the first replay, not the hull
    assert replay.replays == 1
