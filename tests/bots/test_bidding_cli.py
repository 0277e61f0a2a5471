"""``bazas bid``."""

from __future__ import annotations

import json

import pytest

from bazas.cli.main import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(["bid", *argv])
    out, err = capsys.readouterr()
    return status, out, err


def test_prints_the_next_call(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "--hand", "AKQ2.KJ5.T98.432", "--dealer", "N", "--vul", "none", "--auction", "1C P")
    assert status == 0 and err == ""
    assert out.splitlines()[0] == "1S"


def test_json(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "--hand", "KJ72.Q843.A52.72", "--auction", "1NT P", "--json")
    assert status == 0
    data = json.loads(out)
    assert data["call"] == "2C"
    assert "Stayman" in data["meaning"]["en"] and "Stayman" in data["meaning"]["es"]
    # Stayman's public promise: a four-card major (weak Stayman, 4-4-4-1 with short clubs, makes
    # the strength open at the bottom; issue 8)
    assert data["constraints"]["one_of"] == [["HS", 4]] or data["constraints"]["one_of"][0][1] == 4


def test_opening_and_1920(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "--hand", "AK72.3.AQ84.KJ72", "--dealer", "E", "--auction", "1NT",
                         "--ruleset", "auction-1920", "--json")
    assert status == 0 and json.loads(out)["call"] == "X"


def test_part_score(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "--hand", "K852.A3.KQ72.J72", "--auction", "1S P", "--part-score", "NS=60")
    assert status == 0 and out.splitlines()[0] == "2S"


def test_calls_print_as_p_x_xx(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "--hand", "Q72.852.K863.J72", "--dealer", "E", "--auction", "1H")
    assert status == 0 and out.splitlines()[0] == "P"


@pytest.mark.parametrize("argv", [
    ["--hand", "AKQ2.KJ5.T98.5432"],                       # 14 cards
    ["--hand", "AKQ2.KJ5.T98.432.5"],                      # not PBN
    ["--hand", "AKQ2.KJ5.T98.4Z2"],                        # not a rank
    ["--hand", "AKQ2.KJ5.T98.432", "--auction", "1C 1C"],  # insufficient bid
    ["--hand", "AKQ2.KJ5.T98.432", "--auction", "1C X X"], # illegal double
    ["--hand", "AKQ2.KJ5.T98.432", "--auction", "1C P P P"],  # auction over
    ["--hand", "AKQ2.KJ5.T98.432", "--auction", "1Q"],     # not a call
    ["--hand", "AKQ2.KJ5.T98.432", "--dealer", "Q"],
    ["--hand", "AKQ2.KJ5.T98.432", "--vul", "some"],
    ["--hand", "AKQ2.KJ5.T98.432", "--ruleset", "whist"],
])
def test_errors_exit_2_with_nothing_on_stdout(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    status, out, err = run(capsys, *argv)
    assert status == 2
    assert out == ""
    assert err.startswith("bazas bid:")


def test_issue_example_with_twelve_cards_is_bid_with_a_note(capsys: pytest.CaptureFixture[str]) -> None:
    # The issue's own example hand, AKQ2.KJ5.T98.32, has 12 cards: bid it, and say so on stderr.
    status, out, err = run(capsys, "--hand", "AKQ2.KJ5.T98.32", "--auction", "1C P")
    assert status == 0
    assert out.splitlines()[0] == "1S"
    assert "12 cards" in err


def test_more_than_thirteen_cards_message(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "--hand", "AKQ2.KJ5.T98.5432")
    assert status == 2 and out == ""
    assert "at most 13 cards" in err and "14" in err
