"""Auction perft: count complete auctions by walking OUR legal-call generator
(:meth:`Auction.legal_calls` and :meth:`Auction.apply`), memoised over
:meth:`Auction.state_key` -- no closed formula is used to produce the counts.

The expected figures are the well-known ones for the Laws' auction (double only the last bid,
by an opponent, passes only since; redouble only an opponent's double of our side's bid;
three passes end it, four opening passes pass the deal out):

- exactly 0 bids: 1 (four passes);
- exactly 1 bid: 980 = 4 openings positions x 35 bids x 7 endings (P P P; X P P P; P P X P P P;
  each double followed by no redouble or a redouble at one of two seats);
- exactly 2 bids: 349,860; exactly 3 bids: 80,817,660;
- every auction: 128,745,650,347,030,683,120,231,926,111,609,371,363,122,697,557 (≈ 1.29e47).

The closed form 1 + 28 (22^35 - 1) / 21 is checked against the walk at the end, as a cross-check
only.
"""

from __future__ import annotations

from bazas.engine.auction import Auction
from bazas.engine.calls import Bid
from bazas.engine.seats import SEATS, Seat

TOTAL = 128_745_650_347_030_683_120_231_926_111_609_371_363_122_697_557


def count_all(a: Auction, memo: dict[tuple[int, int, int, int], int]) -> int:
    if a.is_complete:
        return 1
    key = a.state_key()
    found = memo.get(key)
    if found is None:
        found = sum(count_all(a.apply(c), memo) for c in a.legal_calls())
        memo[key] = found
    return found


def count_with_bids(a: Auction, bids_left: int, memo: dict[tuple[tuple[int, int, int, int], int], int]) -> int:
    """Complete auctions from ``a`` with exactly ``bids_left`` more bids."""
    if a.is_complete:
        return 1 if bids_left == 0 else 0
    key = (a.state_key(), bids_left)
    found = memo.get(key)
    if found is None:
        found = 0
        for call in a.legal_calls():
            is_bid = isinstance(call, Bid)
            if is_bid and bids_left == 0:
                continue
            found += count_with_bids(a.apply(call), bids_left - is_bid, memo)
        memo[key] = found
    return found


def test_perft_by_number_of_bids() -> None:
    memo: dict[tuple[tuple[int, int, int, int], int], int] = {}
    counts = [count_with_bids(Auction(Seat.N), k, memo) for k in range(4)]
    assert counts == [1, 980, 349_860, 80_817_660]


def test_perft_every_complete_auction() -> None:
    memo: dict[tuple[int, int, int, int], int] = {}
    assert count_all(Auction(Seat.N), memo) == TOTAL
    # The per-bid-count walk sums to the same total (35 bids at most).
    by_bids: dict[tuple[tuple[int, int, int, int], int], int] = {}
    assert sum(count_with_bids(Auction(Seat.N), k, by_bids) for k in range(36)) == TOTAL


def test_perft_same_for_every_dealer() -> None:
    for dealer in SEATS:
        assert count_all(Auction(dealer), {}) == TOTAL


def test_perft_unmemoised_small_depth_agrees_with_memo() -> None:
    """The memo key is sound: a plain tree walk (no memo) of the auctions with at most one bid
    gives the same counts as the memoised walk."""

    def walk(a: Auction, bids_left: int) -> list[int]:
        out = [0, 0]
        if a.is_complete:
            out[1 - bids_left] += 1
            return out
        for call in a.legal_calls():
            is_bid = isinstance(call, Bid)
            if is_bid and bids_left == 0:
                continue
            sub = walk(a.apply(call), bids_left - is_bid)
            out[0] += sub[0]
            out[1] += sub[1]
        return out

    assert walk(Auction(Seat.W), 1) == [1, 980]


def test_closed_form_cross_check() -> None:
    # 4 positions of the first bid x 7 endings; between two bids 21 non-ending P/X/XX sequences.
    assert TOTAL == 1 + 28 * (22**35 - 1) // 21
