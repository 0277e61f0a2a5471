"""rubber: seed 003 and RULES.md "rubber" (Laws of Rubber Bridge 72-77)."""

from __future__ import annotations

import pytest

from bazas.engine.calls import Contract
from bazas.engine.deal import Vulnerability
from bazas.engine.errors import ScoringError
from bazas.engine.rulesets import get
from bazas.engine.rulesets.base import Item, PerSide, Standing
from bazas.engine.rulesets.rubber import RUBBER, SCALE, SOURCE
from bazas.engine.seats import Seat, Side
from bazas.engine.session import Session, result

NV = Standing(Seat.N)
NS_VUL = Standing(Seat.N, games=PerSide(1, 0))


def items(standing: Standing, contract: str, declarer: str, tricks: int, **kw: object) -> dict[tuple[str, str], int]:
    scored = RUBBER.score(standing, result(contract, declarer, tricks, **kw))  # type: ignore[arg-type]
    return {(i.kind.value, i.side.name): i.points for i in scored.items}


def test_seed003_three_spades_ten_tricks_90_below() -> None:
    assert items(NV, "3S", "N", 10) == {("trick score", "NS"): 90, ("overtricks", "NS"): 30}


def test_seed003_3nt_always_100_below_even_with_13_tricks() -> None:
    got = items(NV, "3NT", "N", 13)
    assert got[("trick score", "NS")] == 100 and got[("overtricks", "NS")] == 120


def test_seed003_two_clubs_plus_three_60_above() -> None:
    assert items(NV, "2C", "E", 11) == {("trick score", "EW"): 40, ("overtricks", "EW"): 60}


def test_seed003_six_hearts_vulnerable_750_slam() -> None:
    got = items(NS_VUL, "6H", "S", 12)
    assert got[("slam", "NS")] == 750 and got[("trick score", "NS")] == 180


def test_seed003_three_diamonds_vulnerable_two_down_200() -> None:
    assert items(NS_VUL, "3D", "N", 7) == {("undertricks", "EW"): 200}


def test_rules_seed003_correction_5ntx_not_vulnerable_8_tricks_is_500_not_800() -> None:
    assert items(NV, "5NTX", "E", 8) == {("undertricks", "NS"): 500}
    assert items(Standing(Seat.N, games=PerSide(0, 1)), "5NTX", "E", 8) == {("undertricks", "NS"): 800}


@pytest.mark.parametrize(("down", "nv", "v"), [
    (1, 100, 200), (2, 300, 500), (3, 500, 800), (4, 800, 1100), (5, 1100, 1400), (13, 3500, 3800),
])
def test_rules_rubber_doubled_undertricks(down: int, nv: int, v: int) -> None:
    assert SCALE.undertricks(Contract.parse("7SX"), down, False) == nv
    assert SCALE.undertricks(Contract.parse("7SX"), down, True) == v
    assert SCALE.undertricks(Contract.parse("7SXX"), down, False) == 2 * nv
    assert SCALE.undertricks(Contract.parse("7SXX"), down, True) == 2 * v
    assert SCALE.undertricks(Contract.parse("7S"), down, False) == 50 * down
    assert SCALE.undertricks(Contract.parse("7S"), down, True) == 100 * down


@pytest.mark.parametrize(("contract", "standing", "over", "insult"), [
    ("2SX", NV, 100, 50), ("2SX", NS_VUL, 200, 50), ("2SXX", NV, 200, 100), ("2SXX", NS_VUL, 400, 100),
])
def test_rules_rubber_doubled_overtricks_and_insult(contract: str, standing: Standing, over: int, insult: int) -> None:
    got = items(standing, contract, "N", 9)
    assert got[("overtricks", "NS")] == over and got[("insult", "NS")] == insult
    assert got[("trick score", "NS")] == 60 * Contract.parse(contract).doubling


def test_rules_rubber_grand_slam_1000_1500() -> None:
    assert items(NV, "7C", "N", 13)[("slam", "NS")] == 1000
    assert items(NS_VUL, "7C", "N", 13)[("slam", "NS")] == 1500
    assert ("slam", "NS") not in items(NV, "5C", "N", 13)  # slams must be bid


def test_rules_rubber_game_at_100_or_more_iguales_o_superan() -> None:
    s = Session.start(RUBBER).record(result("5C", "N", 11))
    assert s.entries[0].game_won_by is Side.NS
    s = Session.start(RUBBER).record(result("2S", "N", 8)).record(result("2C", "S", 8))
    assert s.entries[1].game_won_by is Side.NS and s.games == PerSide(1, 0)


def test_rules_rubber_only_contracted_tricks_below() -> None:
    s = Session.start(RUBBER).record(result("1S", "N", 13))
    assert s.entries[0].below == PerSide(30, 0) and s.entries[0].game_won_by is None


def test_rules_rubber_after_a_game_part_scores_do_not_count() -> None:
    s = Session.start(RUBBER).record(result("2S", "E", 8)).record(result("4H", "N", 10))
    assert s.part_scores == PerSide(0, 0)
    s = s.record(result("2NT", "W", 8))   # EW 70: not a game (the earlier 60 is gone)
    assert s.entries[-1].game_won_by is None and s.part_scores == PerSide(0, 70)


def test_rules_rubber_vulnerable_after_winning_a_game() -> None:
    s = Session.start(RUBBER).record(result("4H", "N", 10))
    assert s.next_vulnerability is Vulnerability.NS
    s = s.record(result("3NT", "W", 9))
    assert s.next_vulnerability is Vulnerability.BOTH


@pytest.mark.parametrize(("hands", "strain", "side", "points"), [
    ({"N": ["SA", "SK", "SQ", "SJ"]}, "4S", "NS", 100),
    ({"N": ["SA", "SK", "SQ", "SJ"], "S": ["ST"]}, "4S", "NS", 100),
    ({"N": ["SA", "SK", "SQ", "SJ", "ST"]}, "4S", "NS", 150),
    ({"E": ["SK", "SQ", "SJ", "ST"]}, "4S", "EW", 100),
    ({"S": ["SA", "HA", "DA", "CA"]}, "3NT", "NS", 150),
    ({"N": ["SA", "SK"], "S": ["SQ", "SJ", "ST"]}, "4S", "NS", 0),
    ({"N": ["SA", "HA", "DA"], "S": ["CA"]}, "3NT", "NS", 0),
])
def test_rules_rubber_honours_in_one_hand(hands: dict[str, list[str]], strain: str, side: str, points: int) -> None:
    got = items(NV, strain, "N", 10, honours=hands)
    assert got.get(("honours", side), 0) == points


def test_rules_honours_count_for_defenders_when_contract_fails() -> None:
    got = items(NV, "4S", "N", 8, honours={"W": ["SA", "SK", "SQ", "SJ", "ST"]})
    assert got == {("undertricks", "EW"): 100, ("honours", "EW"): 150}


def test_rules_honours_never_doubled() -> None:
    got = items(NV, "4SXX", "N", 10, honours={"N": ["SA", "SK", "SQ", "SJ"]})
    assert got[("honours", "NS")] == 100


@pytest.mark.parametrize(("ew_games", "bonus"), [(0, 700), (1, 500)])
def test_seed003_rubber_bonus_700_or_500(ew_games: int, bonus: int) -> None:
    s = Session.start(RUBBER).record(result("4S", "N", 10))
    if ew_games:
        s = s.record(result("4S", "E", 10))
    s = s.record(result("3NT", "S", 9))
    assert s.finished and s.entries[-1].rubber_over
    assert s.entries[-1].item(Item.RUBBER) == bonus


def test_seed003_equal_totals_side_with_more_games_wins() -> None:
    assert RUBBER.winner(Standing(Seat.N, games=PerSide(2, 1)), PerSide(800, 800)) is Side.NS
    assert RUBBER.winner(Standing(Seat.N, games=PerSide(0, 1)), PerSide(800, 800)) is Side.EW
    assert RUBBER.winner(Standing(Seat.N, games=PerSide(1, 1)), PerSide(800, 800)) is None
    assert RUBBER.winner(Standing(Seat.N, games=PerSide(2, 0)), PerSide(700, 900)) is Side.EW


def test_rules_rubber_ends_when_a_side_has_two_games() -> None:
    s = Session.start(RUBBER).record(result("4S", "N", 10)).record(result("4S", "S", 10))
    assert s.finished and s.winner == "NS"
    with pytest.raises(ScoringError):
        s.record(result("1S", "N", 7))


def test_rules_rubber_passed_out_next_dealer() -> None:
    s = Session.start(RUBBER, Seat.S).record(result("pass"))
    assert s.entries[0].items == () and s.next_dealer is Seat.W


@pytest.mark.parametrize(("deals", "expected"), [
    ([("4S", "N", 10)], {("unfinished rubber: game", "NS"): 300}),
    ([("4S", "N", 10), ("2S", "E", 8)], {("unfinished rubber: game", "NS"): 300,
                                         ("unfinished rubber: part score", "EW"): 100}),
    ([("2S", "N", 8), ("2S", "E", 8)], {}),
    ([("4S", "N", 10), ("4S", "E", 10), ("1NT", "E", 7)], {("unfinished rubber: part score", "EW"): 100}),
    ([("4S", "N", 10), ("4S", "E", 10)], {}),
])
def test_rules_rubber_unfinished_300_only_game_100_only_part_score(
        deals: list[tuple[str, str, int]], expected: dict[tuple[str, str], int]) -> None:
    s = Session.start(RUBBER)
    for c, d, t in deals:
        s = s.record(result(c, d, t))
    s = s.stop()
    assert {(i.kind.value, i.side.name): i.points for i in s.closing} == expected
    assert s.finished and s.winner is not None


def test_rules_rubber_registry_and_source() -> None:
    assert get("rubber") is RUBBER and get("contract") is RUBBER and get("Rubber Bridge") is RUBBER
    assert "seed 003" in SOURCE and "Laws of Rubber Bridge" in SOURCE


def test_rules_rubber_declarer_score_for_bots() -> None:
    assert RUBBER.declarer_score(Contract.parse("3S"), 10, False) == 120
    assert RUBBER.declarer_score(Contract.parse("3DX"), 7, True) == -500
