"""Issue 11, "House options at the table and in the terminal": ``bazas play`` and ``bazas autoplay``
take the game's options with ``--option NAME=VALUE`` (the same names and values as a table's
``options`` and a scorepad record's), play the variant they make, show them and write them out."""

from __future__ import annotations

import io
import json
import subprocess
import sys

import pytest

from bazas.cli.main import main
from bazas.engine.seats import Seat

from .terminal import play_in_terminal


def autoplay_json(capsys: pytest.CaptureFixture[str], *args: str) -> dict:  # type: ignore[type-arg]
    assert main(["autoplay", "--strength", "baseline", "--budget", "0.02", "--json", *args]) == 0
    return json.loads(capsys.readouterr().out)  # type: ignore[no-any-return]


def test_seed001_same_dealer_redeals_and_short_session_in_autoplay(capsys: pytest.CaptureFixture[str]) -> None:
    # Seed 3 with N dealing first: the third deal (S dealing) is passed out.
    data = autoplay_json(capsys, "--ruleset", "auction-1920", "--option", "passed_out=same_dealer",
                         "--option", "deals=4", "--seed", "3", "--dealer", "N")
    assert data["ruleset"] == "auction-1920+same-dealer-redeals+4-deals"
    assert data["options"] == {"passed_out": "same_dealer", "deals": 4}
    deals = [(d["dealer"], d["contract"]) for d in data["deals"]]
    passed = [i for i, (_, c) in enumerate(deals) if c == "passed"]
    assert passed, deals
    for i in passed:  # seed 001: the same dealer deals again
        assert deals[i + 1][0] == deals[i][0], deals
    # A short session of four deals played (a passed-out deal is dealt again), then it ends.
    assert len([c for _, c in deals if c != "passed"]) == 4
    assert [s["finished"] for s in data["sessions"]] == [True]


def test_seed001_later_honours_and_chicago_without_honours_in_autoplay(capsys: pytest.CaptureFixture[str]) -> None:
    assert autoplay_json(capsys, "--ruleset", "auction-1920", "--option", "honours=later", "--deals", "1",
                         "--seed", "2")["ruleset"] == "auction-1920+later-honours"
    data = autoplay_json(capsys, "--ruleset", "chicago", "--option", "honours=false", "--deals", "1", "--seed", "2")
    assert data["ruleset"] == "chicago+no-honours" and data["options"] == {"honours": False}


def test_issue11_options_shown_in_the_autoplay_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["autoplay", "--ruleset", "royal-auction", "--option", "nullos=true", "--option",
                 "tie=one_more_deal", "--deals", "1", "--seed", "4", "--strength", "fast", "--budget", "0.02"]) == 0
    out = capsys.readouterr().out
    assert 'Options: tie one_more_deal, nullos true' in out


@pytest.mark.parametrize(("ruleset", "option", "named"), [
    ("royal-auction", "honours=later", "--option honours"),
    ("auction-1920", "deals=0", "--option deals"),
    ("three-handed-auction", "tie=one_more_deal", "--option tie"),
    ("chicago", "tie=one_more_deal", "--option tie"),
])
def test_issue11_a_bad_option_is_refused_naming_it(capsys: pytest.CaptureFixture[str], ruleset: str, option: str,
                                                    named: str) -> None:
    for command in ("autoplay", "play"):
        assert main([command, "--ruleset", ruleset, "--option", option]) == 2
        captured = capsys.readouterr()
        assert captured.out == "" and named in captured.err and ruleset in captured.err


def test_issue11_option_without_a_value_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["autoplay", "--option", "nullos"])
    assert exc.value.code == 2 and "NAME=VALUE" in capsys.readouterr().err


def test_issue11_play_with_nullos_in_the_terminal_shows_them_and_reads_a_nullo() -> None:
    proc = subprocess.run([sys.executable, "-m", "bazas.cli.main", "play", "--ruleset", "auction-1920", "--option",
                           "nullos=true", "--seed", "4", "--dealer", "S", "--strength", "fast", "--budget", "0.02",
                           "--deals", "1"],
                          input="1NU\nquit\n", capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert "auction-1920+nullos" in proc.stdout and "Options: nullos true" in proc.stdout
    assert "1NU" in proc.stdout.split("Your call:", 1)[1]


def test_issue11_you_may_bid_a_nullo_as_dealer_at_the_terminal_table() -> None:
    text = play_in_terminal("1NU\nquit\n", "auction-1920+nullos", max_deals=1, strength="fast", first_dealer=Seat.S)
    assert "not legal" not in text and "1NU" in text


def test_issue11_three_handed_terminal_shows_the_score_sheet_on_request() -> None:
    """``score`` at the three-handed prompt prints the per-player sheet, as ``play --help`` says."""
    from bazas.cli.three_handed import play_terminal

    said: list[str] = []
    assert play_terminal(5, Seat.N, 1, "fast", 0.02, io.StringIO("score\nquit\n"), said.append) == 0
    text = "\n".join(said)
    assert "not a call" not in text
    assert text.count("Three-handed Auction Bridge — players N, E, S (dummy hand W)") == 2  # asked, then at the end
