"""chicago: RULES.md "chicago" (named in seed 003; Laws of Rubber Bridge, Chicago)."""

from __future__ import annotations

import pytest

from bazas.engine.deal import Vulnerability
from bazas.engine.errors import ScoringError
from bazas.engine.rulesets import get
from bazas.engine.rulesets.base import PerSide
from bazas.engine.rulesets.chicago import CHICAGO, SOURCE, vulnerability_of_deal
from bazas.engine.seats import Seat, Side
from bazas.engine.session import Session, result


def kinds(s: Session, n: int) -> dict[tuple[str, str], int]:
    return {(i.kind.value, i.side.name): i.points for i in s.entries[n - 1].items}


def test_rules_chicago_vulnerability_none_dealer_dealer_both() -> None:
    s = Session.start(CHICAGO, Seat.N)
    seen = []
    for _ in range(4):
        seen.append((s.next_dealer.name, s.next_vulnerability.pbn))
        s = s.record(result("1C", "N", 7))
    # Not the duplicate board pattern: with N dealing first, deal 2 has E/W vulnerable.
    assert seen == [("N", "None"), ("E", "EW"), ("S", "NS"), ("W", "All")]
    assert s.finished


@pytest.mark.parametrize(("first", "expected"), [
    (Seat.E, ["None", "NS", "EW", "All"]), (Seat.W, ["None", "NS", "EW", "All"]), (Seat.S, ["None", "EW", "NS", "All"]),
])
def test_rules_chicago_vulnerability_follows_the_dealer(first: Seat, expected: list[str]) -> None:
    assert [vulnerability_of_deal(n, first.after(n - 1)).pbn for n in (1, 2, 3, 4)] == expected


def test_rules_chicago_passed_out_same_dealer_redeals_same_vulnerability() -> None:
    s = Session.start(CHICAGO, Seat.N).record(result("1C", "N", 7))
    assert (s.next_dealer, s.next_vulnerability) == (Seat.E, Vulnerability.EW)
    s = s.record(result("pass"))
    assert (s.next_dealer, s.next_vulnerability) == (Seat.E, Vulnerability.EW)
    assert s.entries[-1].items == () and s.standing.deal_number == 2


def test_rules_chicago_game_bonus_by_the_sides_vulnerability_on_that_deal() -> None:
    s = Session.start(CHICAGO, Seat.N).record(result("4S", "N", 10))
    assert kinds(s, 1) == {("trick score", "NS"): 120, ("game bonus", "NS"): 300}
    s = s.record(result("4S", "E", 10))    # deal 2: EW vulnerable
    assert kinds(s, 2)[("game bonus", "EW")] == 500
    s = s.record(result("4S", "E", 10))    # deal 3: NS vulnerable, EW not
    assert kinds(s, 3)[("game bonus", "EW")] == 300
    s = s.record(result("4S", "N", 10))    # deal 4: both
    assert kinds(s, 4)[("game bonus", "NS")] == 500


def test_rules_chicago_part_scores_carry_until_a_game() -> None:
    s = Session.start(CHICAGO, Seat.N).record(result("2S", "N", 8)).record(result("2D", "E", 8))
    assert s.part_scores == PerSide(60, 40)
    s = s.record(result("2C", "S", 8))     # NS 60 + 40 = 100: game, parts reset
    assert s.entries[-1].game_won_by is Side.NS
    assert kinds(s, 3) == {("trick score", "NS"): 40, ("game bonus", "NS"): 500}  # NS vulnerable on deal 3
    assert s.part_scores == PerSide(0, 0)


def test_rules_chicago_deal_four_part_score_100_more() -> None:
    s = Session.start(CHICAGO, Seat.N)
    for _ in range(3):
        s = s.record(result("1C", "N", 6))
    s = s.record(result("2H", "W", 9))
    assert kinds(s, 4) == {("trick score", "EW"): 60, ("overtricks", "EW"): 30, ("part score bonus", "EW"): 100}


def test_rules_chicago_deal_four_part_score_completing_a_game_gets_game_bonus_not_100() -> None:
    s = Session.start(CHICAGO, Seat.N).record(result("2S", "N", 8))
    s = s.record(result("1C", "E", 6)).record(result("1C", "E", 6))
    s = s.record(result("2S", "S", 8))
    assert kinds(s, 4) == {("trick score", "NS"): 60, ("game bonus", "NS"): 500}


def test_rules_chicago_deal_four_failed_contract_no_part_score_bonus() -> None:
    s = Session.start(CHICAGO, Seat.N)
    for _ in range(3):
        s = s.record(result("1C", "N", 6))
    s = s.record(result("2H", "W", 7))
    assert kinds(s, 4) == {("undertricks", "NS"): 100}


def test_rules_chicago_exactly_four_deals_no_rubber_bonus() -> None:
    s = Session.start(CHICAGO, Seat.N)
    for _ in range(4):
        s = s.record(result("4S", "N", 10))
    assert s.finished and s.games == PerSide(4, 0)
    assert all(i.kind.value != "rubber bonus" for i in s.items)
    with pytest.raises(ScoringError):
        s.record(result("1C", "N", 7))


def test_rules_chicago_honours_as_in_rubber_and_switchable() -> None:
    h: dict[Seat | str, list[str]] = {"N": ["SA", "SK", "SQ", "SJ", "ST"]}
    s = Session.start(CHICAGO).record(result("1S", "N", 7, honours=h))
    assert kinds(s, 1)[("honours", "NS")] == 150
    s = Session.start(CHICAGO.without_honours()).record(result("1S", "N", 7, honours=h))
    assert ("honours", "NS") not in kinds(s, 1)


def test_rules_chicago_equal_totals_tie() -> None:
    s = Session.start(CHICAGO)
    for declarer in "NENE":
        s = s.record(result("1NT", declarer, 6))
    # 1 down each time: deal 1 N (none) 50 to EW; deal 2 E (EW vulnerable) 100 to NS; deal 3 N (NS vulnerable)
    # 100 to EW; deal 4 E (both) 100 to NS.
    assert s.totals == PerSide(200, 150) and s.winner == "NS"
    # deal 1 N 50 to EW; deal 2 W (EW vulnerable) 100 to NS; deal 3 E (not vulnerable) 50 to NS; deal 4 S 100 to EW.
    s2 = Session.start(CHICAGO).record(result("1NT", "N", 6)).record(result("1NT", "W", 6))
    s2 = s2.record(result("1NT", "E", 6)).record(result("1NT", "S", 6))
    assert s2.totals == PerSide(150, 150) and s2.winner == "tie"


def test_rules_chicago_registry_and_source() -> None:
    assert get("chicago") is CHICAGO and "seed 003" in SOURCE
