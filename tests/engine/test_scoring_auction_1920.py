"""auction-1920: seed 000 sections 5-9 as ruled by RULES.md "auction-1920"."""

from __future__ import annotations

import pytest

from bazas.engine.calls import Strain
from bazas.engine.deal import Vulnerability
from bazas.engine.errors import ScoringError
from bazas.engine.honours import from_cards
from bazas.engine.rulesets import get
from bazas.engine.rulesets.auction_1920 import AUCTION_1920, SOURCE, TRICK_VALUE, honours_items
from bazas.engine.rulesets.base import Item, PerSide
from bazas.engine.seats import Seat, Side
from bazas.engine.session import Session, result


def one(contract: str, declarer: str, tricks: int, **kw: object) -> Session:
    return Session.start("auction-1920", Seat.N).record(result(contract, declarer, tricks, **kw))  # type: ignore[arg-type]


def items(s: Session, n: int = 1) -> dict[tuple[str, str], int]:
    return {(i.kind.value, i.side.name): i.points for i in s.entries[n - 1].items}


def test_seed000_s5_trick_values() -> None:
    assert TRICK_VALUE == {Strain.C: 6, Strain.D: 7, Strain.H: 8, Strain.S: 9, Strain.NT: 10}


def test_seed000_s9_one_spade_ten_tricks_36_below_and_game() -> None:
    s = one("1S", "N", 10)
    e = s.entries[0]
    assert items(s) == {("trick score", "NS"): 36}
    assert e.below == PerSide(36, 0) and e.above == PerSide(0, 0)
    assert e.game_won_by is Side.NS
    assert s.games == PerSide(1, 0)


def test_seed000_s9_one_heart_doubled_nine_tricks_48_below_150_above() -> None:
    s = one("1HX", "S", 9)
    assert s.entries[0].below == PerSide(48, 0)
    assert s.entries[0].above == PerSide(150, 0)
    assert items(s) == {("trick score", "NS"): 48, ("insult", "NS"): 50, ("overtricks", "NS"): 100}
    assert s.entries[0].game_won_by is Side.NS  # 48 >= 30


def test_seed000_s7_four_spade_honours_in_one_hand_72_not_80() -> None:
    s = one("1S", "N", 7, honours={"N": ["SA", "SK", "SQ", "SJ"]})
    assert items(s)[("honours", "NS")] == 72


def test_seed000_s5_redoubled_trick_score_times_four_and_bonus_100_each() -> None:
    s = one("2DXX", "E", 10)
    assert items(s) == {("trick score", "EW"): 4 * 7 * 4, ("insult", "EW"): 100, ("overtricks", "EW"): 200}


def test_seed000_s5_failed_contract_scores_nothing_below_even_with_seven_tricks() -> None:
    s = one("2S", "N", 7)
    assert s.entries[0].below == PerSide(0, 0)
    assert items(s) == {("undertricks", "EW"): 50}
    assert s.part_scores == PerSide(0, 0)


@pytest.mark.parametrize(("contract", "down", "points"), [
    ("4H", 1, 50), ("4H", 3, 150), ("4HX", 1, 100), ("4HX", 3, 300), ("4HXX", 1, 200), ("4HXX", 2, 400),
])
def test_seed000_s6_undertricks_50_100_200_no_vulnerability(contract: str, down: int, points: int) -> None:
    s = one(contract, "W", 10 - down)
    assert items(s) == {("undertricks", "NS"): points}
    assert s.entries[0].vulnerability is Vulnerability.NONE


def test_seed000_s6_slam_either_side_bid_or_not() -> None:
    assert items(one("1C", "N", 12)) == {("trick score", "NS"): 36, ("slam", "NS"): 50}
    assert items(one("1C", "N", 13)) == {("trick score", "NS"): 42, ("slam", "NS"): 100}
    # The defenders win 12 / 13 tricks: they score the slam.
    assert items(one("3NT", "N", 1))[("slam", "EW")] == 50
    assert items(one("3NT", "N", 0))[("slam", "EW")] == 100


def test_seed000_s6_failed_grand_with_twelve_keeps_small_slam() -> None:
    assert items(one("7S", "S", 12)) == {("undertricks", "EW"): 50, ("slam", "NS"): 50}


def test_seed000_s6_slams_not_doubled() -> None:
    assert items(one("6SX", "S", 12))[("slam", "NS")] == 50
    assert items(one("7NTXX", "S", 13))[("slam", "NS")] == 100


@pytest.mark.parametrize(("hands", "multiple"), [
    ({"N": ["SA", "SK", "SQ"]}, 2),
    ({"N": ["SA", "SK"], "S": ["SQ"]}, 2),
    ({"N": ["SA", "SK", "SQ", "SJ"]}, 8),
    ({"N": ["SA", "SK", "SQ"], "S": ["SJ"]}, 4),
    ({"N": ["SA", "SK"], "S": ["SQ", "SJ"]}, 4),
    ({"N": ["SA", "SK", "SQ", "SJ", "ST"]}, 10),
    ({"N": ["SA", "SK", "SQ", "SJ"], "S": ["ST"]}, 9),
    ({"N": ["SA", "SK", "SQ"], "S": ["SJ", "ST"]}, 5),
    ({"N": ["SA", "SK"], "E": ["SQ"]}, 0),
    ({"N": ["SA", "SK"], "S": ["SQ"], "E": ["SJ", "ST"]}, 2),
])
def test_seed000_s7_honours_table_multiples_of_v(hands: dict[str, list[str]], multiple: int) -> None:
    holding = from_cards(Strain.S, {Seat.parse(k): v for k, v in hands.items()})
    got = honours_items(holding)
    assert sum(i.points for i in got) == multiple * 9
    assert all(i.side is Side.NS for i in got)


@pytest.mark.parametrize(("hands", "points"), [
    ({"E": ["SA", "HA"], "W": ["DA"]}, 30),
    ({"E": ["SA", "HA"], "W": ["DA", "CA"]}, 40),
    ({"E": ["SA", "HA", "DA", "CA"]}, 100),
    ({"E": ["SA", "HA"], "N": ["DA", "CA"]}, 0),
])
def test_seed000_s7_aces_at_notrump(hands: dict[str, list[str]], points: int) -> None:
    holding = from_cards(Strain.NT, {Seat.parse(k): v for k, v in hands.items()})
    assert sum(i.points for i in honours_items(holding) if i.side is Side.EW) == points


def test_seed000_s7_honours_to_defenders_and_counted_when_contract_fails() -> None:
    s = one("4H", "N", 5, honours={"E": ["HA", "HK", "HQ", "HJ"]})
    assert items(s) == {("undertricks", "EW"): 250, ("honours", "EW"): 64}


def test_seed000_s7_honours_from_the_original_deal() -> None:
    deal = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"
    # Spades: N AKQJ, E T -> N four in one hand: 8v = 72. Clubs: E AKQJ, S T -> 8 x 6 = 48 to EW.
    assert items(one("1S", "N", 7, deal=deal))[("honours", "NS")] == 72
    assert items(one("1C", "N", 7, deal=deal))[("honours", "EW")] == 48


def test_seed000_s5_game_at_30_line_drawn_part_scores_reset() -> None:
    s = Session.start("auction-1920", Seat.N)
    s = s.record(result("1S", "E", 8))   # EW 18
    s = s.record(result("1H", "N", 9))   # NS 24
    assert s.part_scores == PerSide(24, 18)
    s = s.record(result("1D", "S", 8))   # NS 24 + 14 = 38: game
    assert s.entries[-1].game_won_by is Side.NS
    assert s.part_scores == PerSide(0, 0)
    assert s.totals == PerSide(38, 18)   # the dead part score still counts in the total


def test_seed000_s5_one_deal_cannot_win_two_games() -> None:
    s = Session.start("auction-1920", Seat.N).record(result("7NTXX", "N", 13))
    assert s.games == PerSide(1, 0)
    assert s.entries[0].below == PerSide(280, 0)
    assert not s.finished


def test_seed000_s8_rubber_ends_at_once_with_250() -> None:
    s = Session.start("auction-1920", Seat.N).record(result("1NT", "N", 10)).record(result("3NT", "E", 9))
    s = s.record(result("2S", "S", 10))
    e = s.entries[-1]
    assert e.rubber_over and s.finished
    assert ("rubber bonus", "NS") in items(s, 3) and items(s, 3)[("rubber bonus", "NS")] == 250
    with pytest.raises(ScoringError):
        s.record(result("1S", "N", 7))


def test_seed000_s8_two_games_can_lose_on_points() -> None:
    s = Session.start("auction-1920", Seat.N)
    s = s.record(result("7SXX", "N", 0))       # 13 down redoubled: 13 x 200 = 2600 to EW, EW grand slam 100
    s = s.record(result("1NT", "N", 10)).record(result("1NT", "S", 10))
    assert s.games == PerSide(2, 0)
    assert s.winner == "EW"
    assert s.totals == PerSide(40 + 40 + 250, 2600 + 100)
    assert s.margin == 2700 - 330


def test_seed000_s8_equal_totals_tie() -> None:
    s = Session.start("auction-1920", Seat.N).record(result("2S", "N", 7)).record(result("2S", "E", 7))
    s = s.stop()
    assert s.totals == PerSide(50, 50)
    assert s.winner == "tie"


def test_rules_auction1920_stopped_session_no_bonus_larger_total_wins() -> None:
    s = Session.start("auction-1920", Seat.N).record(result("1NT", "N", 10)).record(result("1S", "E", 8))
    s = s.stop()
    assert s.closing == ()
    assert s.finished and s.winner == "NS" and s.margin == 40 - 18


def test_seed000_s3_passed_out_next_dealer_deals() -> None:
    s = Session.start("auction-1920", Seat.W).record(result("pass"))
    assert s.entries[0].items == () and s.next_dealer is Seat.N


def test_rules_auction1920_no_vulnerability() -> None:
    s = Session.start("auction-1920", Seat.N).record(result("1NT", "N", 10))
    assert s.next_vulnerability is Vulnerability.NONE


def test_rules_auction1920_registry_aliases_and_source() -> None:
    for name in ("auction-1920", "auction", "subasta", "1920", "AUCTION"):
        assert get(name) is AUCTION_1920
    assert "seed 000" in SOURCE and AUCTION_1920.counts_honours


def test_rules_auction1920_declarer_score_for_bots() -> None:
    assert AUCTION_1920.declarer_score(result("1S", "N", 10).contract, 10, False) == 36  # type: ignore[arg-type]
    assert AUCTION_1920.declarer_score(result("4HX", "N", 8).contract, 8, False) == -200  # type: ignore[arg-type]


def test_rules_honours_item_kind() -> None:
    got = honours_items(from_cards(Strain.S, {Seat.N: ["SA", "SK", "SQ", "SJ"]}))
    assert [i.kind for i in got] == [Item.HONOURS] and not got[0].below
