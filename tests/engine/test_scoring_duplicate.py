"""duplicate: seed 002 sections 3 and 6-9, RULES.md "duplicate" (WBF Laws 77-78)."""

from __future__ import annotations

import itertools

import pytest

from bazas.engine.calls import Contract, Doubling, Strain
from bazas.engine.deal import Board, Vulnerability
from bazas.engine.errors import ScoringError
from bazas.engine.rulesets import get
from bazas.engine.rulesets.duplicate import DUPLICATE, SOURCE, board_items, score_ns
from bazas.engine.seats import Seat, Side
from bazas.engine.session import Session, result


def test_seed002_s9_four_spades_made_420_vs_three_spades_plus_one_170_is_6_imps() -> None:
    assert DUPLICATE.declarer_score(Contract.parse("4S"), 10, False) == 420
    assert DUPLICATE.declarer_score(Contract.parse("3S"), 10, False) == 170
    m = Session.start("duplicate").record(result("4S", "N", 10, board=1, table=1))
    m = m.record(result("3S", "N", 10, board=1, table=2))
    b = m.boards[0]
    assert (b.table1_ns, b.table2_ns, b.difference, b.imps_a) == (420, 170, 250, 6)
    m = m.stop()  # a one-board match, settled now (the full match is four boards)
    assert m.imps_a == 6 and m.winner == "A" and m.margin == 6


def test_seed002_s9_four_hearts_doubled_vulnerable_two_down_minus_500() -> None:
    assert DUPLICATE.declarer_score(Contract.parse("4HX"), 8, True) == -500
    m = Session.start("duplicate").record(result("4HX", "N", 8, board=2, table=1))
    assert m.entries[0].score_ns == -500


@pytest.mark.parametrize(("number", "dealer", "vul"), [
    (1, Seat.N, Vulnerability.NONE), (2, Seat.E, Vulnerability.NS), (3, Seat.S, Vulnerability.EW),
    (4, Seat.W, Vulnerability.BOTH), (5, Seat.N, Vulnerability.NS), (16, Seat.W, Vulnerability.EW),
    (17, Seat.N, Vulnerability.NONE),
])
def test_seed002_s3_board_dealer_and_vulnerability(number: int, dealer: Seat, vul: Vulnerability) -> None:
    m = Session.start("duplicate").record(result("1C", "N", 7, board=number))
    assert (m.entries[0].dealer, m.entries[0].vulnerability) == (dealer, vul)
    assert (Board(number).dealer, Board(number).vulnerability) == (dealer, vul)


def test_seed002_s4_passed_out_scores_zero_no_redeal() -> None:
    m = Session.start("duplicate").record(result("pass", board=1, table=1))
    assert m.entries[0].score_ns == 0 and m.entries[0].items == ()
    assert m.next_board == (1, 2)


def test_seed002_s6_part_score_50_game_300_500_slam_added() -> None:
    got = {i.kind.value: i.points for i in board_items(Contract.parse("2H"), Side.NS, 8, False)}
    assert got == {"trick score": 60, "part score bonus": 50}
    got = {i.kind.value: i.points for i in board_items(Contract.parse("6NT"), Side.NS, 12, True)}
    assert got == {"trick score": 190, "game bonus": 500, "slam": 750}
    got = {i.kind.value: i.points for i in board_items(Contract.parse("7C"), Side.NS, 13, False)}
    assert got == {"trick score": 140, "game bonus": 300, "slam": 1000}
    # A doubled part score that reaches 100 is a game.
    got = {i.kind.value: i.points for i in board_items(Contract.parse("2SX"), Side.NS, 8, False)}
    assert got == {"trick score": 120, "insult": 50, "game bonus": 300}


def test_seed002_s7_results_signed_for_ns() -> None:
    assert score_ns(result("4S", "E", 10), Vulnerability.NONE) == -420
    assert score_ns(result("4S", "E", 9), Vulnerability.NONE) == 50


def test_rules_duplicate_no_honours_nothing_carries() -> None:
    m = Session.start("duplicate").record(result("2S", "N", 8, honours={"N": ["SA", "SK", "SQ", "SJ", "ST"]}, board=1))
    m = m.record(result("2S", "N", 8, board=1))
    assert [e.score_ns for e in m.entries] == [110, 110]
    assert not m.counts_honours and m.part_scores.ns == 0


def test_rules_duplicate_team_match_tables_and_winner() -> None:
    m = Session.start("duplicate")
    assert m.next_board == (1, 1)
    m = m.record(result("3NT", "N", 9, board=1, table=1))
    assert not m.finished and m.winner is None
    m = m.record(result("3NT", "N", 9, board=1, table=2))
    assert not m.finished and m.stop().winner == "tie" and m.imps_a == 0  # four boards make the match
    m = m.record(result("4S", "E", 10, board=2, table=2))
    assert not m.finished and m.next_board == (2, 1)
    m = m.record(result("4S", "E", 9, board=2, table=1))
    # Board 2: N/S vulnerable, E/W not: 4S by E = 420 to E/W at table 2; 1 down not vulnerable = +50 at table 1.
    assert m.boards[1].difference == 50 - (-420) and m.imps_a == 10 and m.stop().winner == "A"
    with pytest.raises(ScoringError):
        m.record(result("4S", "E", 10, board=2, table=1))


def test_rules_duplicate_team_b_wins_on_negative_imps() -> None:
    m = Session.start("teams").record(result("4S", "N", 9, board=1, table=1)).record(result("4S", "N", 10, board=1, table=2))
    m = m.stop()
    assert m.imps_a == -10 and m.winner == "B"


def test_rules_duplicate_stopped_match_counts_complete_boards_only() -> None:
    m = Session.start("duplicate").record(result("4S", "N", 10, board=1, table=1)).stop()
    assert m.boards[0].imps_a is None and m.imps_a == 0 and m.winner == "tie"


def test_rules_duplicate_registry_and_source() -> None:
    assert get("duplicate") is DUPLICATE and get("teams") is DUPLICATE
    assert "seed 002" in SOURCE and "Law" in SOURCE


# -- every contract checked against endplay ------------------------------------------------------
def test_wbf_law77_every_contract_matches_endplay() -> None:
    from endplay.types import Contract as EpContract
    from endplay.types import Denom, Penalty, Player, Vul

    denoms = {Strain.C: Denom.clubs, Strain.D: Denom.diamonds, Strain.H: Denom.hearts, Strain.S: Denom.spades,
              Strain.NT: Denom.nt}
    penalties = {Doubling.UNDOUBLED: Penalty.passed, Doubling.DOUBLED: Penalty.doubled,
                 Doubling.REDOUBLED: Penalty.redoubled}
    checked = 0
    mismatches = []
    for level, strain, doubling, vulnerable, tricks in itertools.product(
            range(1, 8), Strain, Doubling, (False, True), range(14)):
        contract = Contract(level, strain, doubling)
        ep = EpContract(level=level, denom=denoms[strain], declarer=Player.north, penalty=penalties[doubling],
                        result=tricks - contract.tricks_needed)
        theirs = ep.score(Vul.ns if vulnerable else Vul.none)
        ours = DUPLICATE.declarer_score(contract, tricks, vulnerable)
        board = score_ns(result(contract, "N", tricks), Vulnerability.NS if vulnerable else Vulnerability.NONE)
        if not ours == board == theirs:
            mismatches.append((str(contract), vulnerable, tricks, ours, theirs))
        checked += 1
    assert checked == 7 * 5 * 3 * 2 * 14
    assert mismatches == []
