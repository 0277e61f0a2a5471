"""``bazas autoplay`` and ``bazas play`` (input from a stream, or piped to a subprocess)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from bazas.cli.main import main

from .terminal import play_in_terminal


def test_autoplay_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["autoplay", "--ruleset", "rubber", "--deals", "2", "--seed", "5", "--budget", "0.02",
                 "--strength", "fast", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert len(data["deals"]) == 2 and data["sessions"]
    for row in data["deals"]:
        assert row["contract"] == "passed" or 0 <= row["tricks"] <= 13


def test_autoplay_table_is_reproducible(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["autoplay", "--ruleset", "duplicate", "--deals", "2", "--seed", "9", "--strength", "baseline"]
    assert main(args) == 0
    first = capsys.readouterr().out
    assert main(args) == 0
    assert capsys.readouterr().out == first and "contract" in first


def test_play_commands_and_quit() -> None:
    text = play_in_terminal("help\n?\n? 1\nhint\nscore\nXYZ\n7NT\nquit\n")
    assert "You are South" in text and "Hint:" in text and "Score sheet" in text and "Bye." in text


def test_play_a_whole_chicago_with_auto() -> None:
    text = play_in_terminal("auto\n" * 400)
    assert "Session over" in text


def test_play_one_duplicate_board_by_hand_input() -> None:
    # Pass throughout the auction, then let the bot play any cards we must play.
    text = play_in_terminal("P\n" * 6 + "auto\n" * 30, ruleset="duplicate", max_deals=2)
    assert "Board 1, table 1" in text


def test_play_through_a_pipe() -> None:
    proc = subprocess.run([sys.executable, "-m", "bazas.cli.main", "play", "--ruleset", "rubber", "--seed", "2",
                           "--strength", "baseline", "--deals", "1"],
                          input="hint\n" + "auto\n" * 40, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert "Hint:" in proc.stdout
