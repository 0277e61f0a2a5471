"""One auction parametrised by its players (issue 7 point 3; issue 11: "the three-player auction is
the same ``Auction`` parametrised by its players, not a copy of it")."""

from __future__ import annotations

import pytest

from bazas.engine.auction import FOUR_PLAYERS, Auction
from bazas.engine.calls import DOUBLE, PASS, Bid, parse_call
from bazas.engine.errors import IllegalCall, WrongTurn
from bazas.engine.seats import Seat
from bazas.engine.three_handed import PLAYERS, ThreeHandedAuction

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W


def test_issue7_3_four_players_by_default_in_partnerships() -> None:
    a = Auction(E)
    assert a.players == FOUR_PLAYERS == (N, E, S, W) and a.partnerships
    assert [a.seat_of(i) for i in range(5)] == [E, S, W, N, E]
    assert Auction(E, FOUR_PLAYERS) == a


def test_issue7_3_three_handed_auction_is_the_same_auction_with_players_n_e_s() -> None:
    three = ThreeHandedAuction.from_calls(N, ["1S", "2H", "X", "P", "P"])
    plain = Auction.from_calls(N, ["1S", "2H", "X", "P", "P"], players=PLAYERS)
    assert isinstance(three, Auction) and three.players == PLAYERS == (N, E, S)
    assert not three.partnerships
    assert three == plain
    assert (three.contract, three.declarer, three.doubler) == (plain.contract, plain.declarer, plain.doubler)
    assert type(three.undo()) is ThreeHandedAuction and three.undo().players == PLAYERS


def test_issue7_3_each_player_bids_for_himself_with_three_players() -> None:
    # N and S are partners at four; at three N may double S's bid and S is the declarer of
    # the spades N named first.
    a = Auction.from_calls(N, ["1S", "P", "2S"], players=PLAYERS)
    assert a.can(DOUBLE)
    a = a.apply(PASS).apply(PASS)
    assert a.is_complete and a.declarer == S
    four = Auction.from_calls(N, ["1S", "P", "2S", "P"])  # N to call over his partner's bid
    assert four.turn == N and not four.can(DOUBLE)
    # The Laws' numbers are cited for the four-player game only.
    with pytest.raises(IllegalCall, match="player whose bid was doubled may redouble$"):
        Auction.from_calls(N, ["1S", "X", "XX"], players=PLAYERS)
    with pytest.raises(IllegalCall, match="side whose bid was doubled may redouble .Law 19B1.$"):
        Auction.from_calls(N, ["1S", "X", "P", "XX"])  # W redoubles his partner's double


def test_issue7_3_values_of_a_three_player_auction() -> None:
    a = Auction.from_calls(S, ["1C", "1H", "1S", "P"], players=PLAYERS)
    assert eval(repr(a), {"Auction": Auction, "Seat": Seat}) == a  # noqa: S307
    assert "players=(Seat.N, Seat.E, Seat.S)" in repr(a)
    assert repr(ThreeHandedAuction(E)) == "ThreeHandedAuction.from_calls(Seat.E, [])"
    assert repr(Auction(E)) == "Auction.from_calls(Seat.E, [])"
    # One column a player, the dealer S in the third.
    assert a.rows() == [[None, None, parse_call("1C")], [parse_call("1H"), parse_call("1S"), PASS]]
    assert a != Auction.from_calls(S, ["1C", "1H", "1S", "P"])  # four players: another auction
    assert a.undo() == Auction.from_calls(S, ["1C", "1H", "1S"], players=PLAYERS)


def test_issue7_3_bad_players_named_clearly() -> None:
    with pytest.raises(ValueError, match="distinct seats"):
        Auction(N, (N, E, N))
    with pytest.raises(ValueError, match="distinct seats"):
        Auction(N, (N,))
    with pytest.raises(WrongTurn, match="W does not call.*N, E and S"):
        Auction(W, PLAYERS)
    with pytest.raises(WrongTurn, match="W holds the dummy hand"):
        ThreeHandedAuction(W)


def _walk(a: Auction, bids_left: int) -> int:
    """Complete auctions from ``a`` with exactly ``bids_left`` more bids, no memo."""
    if a.is_complete:
        return int(bids_left == 0)
    total = 0
    for call in a.legal_calls():
        is_bid = isinstance(call, Bid)
        if not (is_bid and bids_left == 0):
            total += _walk(a.apply(call), bids_left - is_bid)
    return total


def _memo_walk(a: Auction, bids_left: int, memo: dict[tuple[tuple[int, int, int, int], int], int]) -> int:
    if a.is_complete:
        return int(bids_left == 0)
    key = (a.state_key(), bids_left)
    if key not in memo:
        memo[key] = sum(
            _memo_walk(a.apply(c), bids_left - isinstance(c, Bid), memo)
            for c in a.legal_calls() if not (isinstance(c, Bid) and bids_left == 0)
        )
    return memo[key]


def test_issue7_3_three_player_perft_one_bid() -> None:
    """Three players: no bid, 1 auction (three passes); exactly one bid, 3 x 35 x 5 = 525: three
    opening positions, 35 bids and five endings after a bid by B with C, D to follow:
    P P; X(C) P P; X(C) P XX(B) P P; P X(D) P P; P X(D) XX(B) P P."""
    for dealer in PLAYERS:
        assert _walk(Auction(dealer, PLAYERS), 0) == 1
        assert _walk(Auction(dealer, PLAYERS), 1) == 3 * 35 * 5


def test_issue7_3_three_player_state_key_is_sound() -> None:
    """Memoising over ``state_key`` gives the plain walk's counts with three players too."""
    memo: dict[tuple[tuple[int, int, int, int], int], int] = {}
    start = Auction(E, PLAYERS)
    assert [_memo_walk(start, k, memo) for k in range(3)] == [_walk(start, k) for k in range(3)]
