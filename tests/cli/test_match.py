"""``bazas match`` (issue 10): eight bots play a team match at two tables and the comparison is
printed; ``--pbn`` scores a PBN of results from both tables; ``--json`` is the shape ``bazas score
--json`` gives for a duplicate record; ``--out`` writes the played match as PBN."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bazas.cli.main import main
from bazas.engine.rulesets.imps import imps
from bazas.formats.match_records import loads_match
from formats.test_match_records import SEED_002_EXAMPLE

KEYS = {"boards", "imps_a", "winner", "winning_team"}
BOARD_KEYS = {"board", "table1_ns", "table2_ns", "difference", "imps_a"}


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_issue10_bazas_match_boards_4_seed_7_json_baseline_bots(capsys: pytest.CaptureFixture[str],
                                                                 tmp_path: Path) -> None:
    out_file = tmp_path / "match.pbn"
    code, out, err = run(capsys, "match", "--boards", "4", "--seed", "7", "--json", "--strength", "baseline",
                         "--out", str(out_file))
    assert code == 0 and err == ""
    data = json.loads(out)
    assert set(data) == KEYS
    assert [b["board"] for b in data["boards"]] == [1, 2, 3, 4]
    for b in data["boards"]:
        assert set(b) == BOARD_KEYS
        assert b["difference"] == b["table1_ns"] - b["table2_ns"] and b["imps_a"] == imps(b["difference"])
    assert data["imps_a"] == sum(b["imps_a"] for b in data["boards"])
    team = "tie" if data["imps_a"] == 0 else ("A" if data["imps_a"] > 0 else "B")
    assert data["winning_team"] == team and data["winner"] == {"A": "NS", "B": "EW"}.get(team, team)
    # The same seed plays the same match.
    code, again, _ = run(capsys, "match", "--boards", "4", "--seed", "7", "--json", "--strength", "baseline")
    assert code == 0 and again == out
    # Both tables played the same boards, every card recorded; scoring the PBN gives the same JSON,
    # and bazas score gives the same comparison for it.
    record = loads_match(out_file.read_text())
    assert len(record.played) == 8 and all(p.state is not None for p in record.played)
    for board in record.boards:
        one, two = record.at(board, 1), record.at(board, 2)
        assert one is not None and two is not None and one.deal == two.deal
    code, scored, _ = run(capsys, "match", "--pbn", str(out_file), "--json")
    assert code == 0 and json.loads(scored) == data
    code, score_out, _ = run(capsys, "score", str(out_file), "--json")
    assert code == 0 and {k: json.loads(score_out)[k] for k in KEYS} == data


def test_issue10_seed002_example_through_bazas_match_pbn(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "example.pbn"
    path.write_text(SEED_002_EXAMPLE)
    code, out, err = run(capsys, "match", "--pbn", str(path), "--json")
    assert code == 0 and err == ""
    data = json.loads(out)
    assert data["boards"][0] == {"board": 1, "table1_ns": 420, "table2_ns": 170, "difference": 250, "imps_a": 6}
    assert (data["imps_a"], data["winner"], data["winning_team"]) == (6, "NS", "A")
    code, score_out, _ = run(capsys, "score", str(path), "--json")
    assert {k: json.loads(score_out)[k] for k in KEYS} == data
    code, text, _ = run(capsys, "match", "--pbn", str(path))
    assert code == 0
    assert "wins by 6 IMPs" in text and "4S N =" in text and "3S N +1" in text and "+420" in text


def test_issue10_bazas_match_text_output(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "match", "--boards", "2", "--seed", "3", "--strength", "baseline")
    assert code == 0 and err == ""
    assert "seed 3" in out and "IMPs" in out and ("wins by" in out or "A tie" in out)


@pytest.mark.parametrize("boards", ["0", "33", "four"])
def test_issue10_bazas_match_boards_out_of_range(capsys: pytest.CaptureFixture[str], boards: str) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["match", "--boards", boards])
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert "--boards" in err and ("1 to 32 boards" in err or "not a number of boards" in err)


def test_issue10_bazas_match_missing_pbn(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "match", "--pbn", "/nonexistent/match.pbn")
    assert code == 2 and out == "" and "cannot read /nonexistent/match.pbn" in err


def test_issue10_bazas_match_bad_pbn_names_the_game(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "bad.pbn"
    path.write_text('[Board "1"]\n[Contract "4S"]\n[Declarer "N"]\n[Room "Open"]\n')
    code, out, err = run(capsys, "match", "--pbn", str(path))
    assert code == 2 and out == ""
    assert "game 1 (board 1): no Result" in err


@pytest.mark.slow
def test_issue10_bazas_match_fast_bots_one_board(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "match", "--boards", "1", "--seed", "7", "--json", "--budget", "0.1")
    assert code == 0
    data = json.loads(out)
    assert len(data["boards"]) == 1 and data["winning_team"] in ("A", "B", "tie")
