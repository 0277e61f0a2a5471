"""QA of the duplicate team match: RULES.md "duplicate" (two tables, four boards, IMPs)."""

from __future__ import annotations

import json

import pytest

from bazas.cli.main import main
from bazas.engine.session import Session, result


def test_team_match_is_four_boards_not_one() -> None:
    """The match is not over after board 1 at both tables (autoplay and the table used to stop
    there); it is over when boards 1-4 have been played at both tables."""
    m = Session.start("duplicate")
    for board in (1, 2, 3, 4):
        m = m.record(result("3NT", "N", 9, board=board, table=1))
        assert not m.finished
        m = m.record(result("3NT", "N", 8, board=board, table=2))
        assert m.finished == (board == 4)
    assert m.winner == "A" and m.imps_a > 0
    assert Session.start("duplicate").record(result("3NT", "N", 9, board=1, table=1)).record(
        result("3NT", "N", 9, board=1, table=2)).stop().winner == "tie"


def test_autoplay_plays_the_whole_four_board_match(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["autoplay", "--ruleset", "duplicate", "--seed", "11", "--budget", "0.02",
                 "--strength", "baseline", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert sorted((d["board"], d["table"]) for d in data["deals"]) == [(b, t) for b in (1, 2, 3, 4) for t in (1, 2)]
    assert data["sessions"][0]["finished"] is True
