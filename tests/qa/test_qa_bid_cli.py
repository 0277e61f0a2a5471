"""QA of ``bazas bid`` arguments: impossible table context is refused (exit 2, nothing on stdout)."""

from __future__ import annotations

import pytest

from bazas.cli.main import main

HAND = "KQ2.KJ3.QJ54.A32"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["bid", "--hand", HAND, *argv])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("argv", [
    ("--part-score", "NS=100"),                              # rubber: 100 below is a game, not a part score
    ("--part-score", "EW=-10"),
    ("--ruleset", "auction-1920", "--part-score", "NS=30"),  # 1920: game at 30
    ("--ruleset", "chicago", "--deal-number", "5"),          # a Chicago has four deals
    ("--ruleset", "chicago", "--deal-number", "0"),
])
def test_impossible_context_is_an_error(capsys: pytest.CaptureFixture[str], argv: tuple[str, ...]) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == "" and err.startswith("bazas bid: bad --")


def test_possible_context_still_bids(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--ruleset", "auction-1920", "--part-score", "NS=20")
    assert code == 0 and out.splitlines()[0] == "1NT"
    code, out, _ = run(capsys, "--ruleset", "chicago", "--deal-number", "4", "--part-score", "EW=90")
    assert code == 0 and out.splitlines()[0] == "1NT"
