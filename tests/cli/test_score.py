"""``bazas score``: text and JSON output of whole sessions (records from tests/golden)."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from bazas.cli.main import main

GOLDEN = Path(__file__).resolve().parents[1] / "golden"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def record_file(tmp_path: Path):  # type: ignore[no-untyped-def]
    def write(name: str) -> Path:
        golden = json.loads((GOLDEN / f"sheet_{name}.json").read_text())
        path = tmp_path / f"{name}.json"
        path.write_text(json.dumps(golden["record"]))
        return path
    return write


def test_score_json_rubber(capsys: pytest.CaptureFixture[str], record_file) -> None:  # type: ignore[no-untyped-def]
    code, out, err = run(capsys, "score", str(record_file("rubber")), "--json")
    assert code == 0 and err == ""
    data = json.loads(out)
    assert data["ruleset"] == "rubber"
    assert data["totals"] == {"NS": 2440, "EW": 320}
    assert data["games"] == {"NS": 2, "EW": 1}
    assert (data["finished"], data["winner"], data["margin"]) == (True, "NS", 2120)
    deal = data["deals"][0]
    for key in ("dealer", "declarer", "contract", "tricks", "vulnerable", "below", "above", "points",
                "game_won_by", "rubber_over"):
        assert key in deal
    assert data["deals"][3]["contract"] == "pass" and data["deals"][3]["declarer"] is None


def test_score_text_rubber_sheet(capsys: pytest.CaptureFixture[str], record_file) -> None:  # type: ignore[no-untyped-def]
    code, out, err = run(capsys, "score", str(record_file("rubber")))
    assert code == 0 and err == ""
    assert "WE (N/S)" in out and "THEY (E/W)" in out
    assert "rubber bonus (deal 7)" in out
    assert out.count("game N/S") >= 2 and "game E/W" in out
    assert "2440 | 320" in out
    assert "N/S win by 2120" in out
    assert "\x1b[" not in out  # plain text when piped


def test_score_text_auction_1920_and_chicago(capsys: pytest.CaptureFixture[str], record_file) -> None:  # type: ignore[no-untyped-def]
    code, out, _ = run(capsys, "score", str(record_file("auction_1920")))
    assert code == 0 and "N/S win by 474" in out and "rubber bonus" in out
    code, out, _ = run(capsys, "score", str(record_file("chicago")))
    assert code == 0 and "N/S win by 370" in out and "part score bonus (deal 5)" in out


def test_score_stopped_rubber(capsys: pytest.CaptureFixture[str], record_file) -> None:  # type: ignore[no-untyped-def]
    code, out, _ = run(capsys, "score", str(record_file("rubber_stopped")))
    assert code == 0 and "unfinished rubber: game" in out and "E/W win by 280" in out
    code, out, _ = run(capsys, "score", str(record_file("rubber_stopped")), "--json")
    data = json.loads(out)
    assert data["stopped"] and data["unfinished"][0]["points"] == 300


def test_score_duplicate_text_and_json(capsys: pytest.CaptureFixture[str], record_file) -> None:  # type: ignore[no-untyped-def]
    path = record_file("duplicate")
    code, out, _ = run(capsys, "score", str(path))
    assert code == 0
    assert "Team A wins by 11 IMPs" in out
    assert "+1540" in out and "+17" in out
    code, out, _ = run(capsys, "score", str(path), "--json")
    data = json.loads(out)
    assert data["imps_a"] == 11 and data["winner"] == "NS" and data["winning_team"] == "A"
    assert data["boards"][0] == {"board": 1, "table1_ns": 420, "table2_ns": 170, "difference": 250, "imps_a": 6}
    assert [d["score_ns"] for d in data["deals"]] == [420, 170, -500, 600, 0, -110, 1440, -100]


def test_score_in_progress_rubber(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "r.json"
    path.write_text(json.dumps({"ruleset": "contract", "first_dealer": "S",
                                "deals": [{"contract": "2S", "declarer": "N", "tricks": 8}]}))
    code, out, _ = run(capsys, "score", str(path))
    assert code == 0 and "In progress: next dealer W" in out and "part scores N/S 60" in out
    code, out, _ = run(capsys, "score", str(path), "--json")
    data = json.loads(out)
    assert data["finished"] is False and data["winner"] is None


def test_score_auction_instead_of_contract(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "a.json"
    path.write_text(json.dumps({"ruleset": "rubber", "first_dealer": "N", "deals": [
        {"auction": ["1S", "P", "P", "X", "XX", "P", "P", "P"], "tricks": 8}]}))
    code, out, _ = run(capsys, "score", str(path), "--json")
    deal = json.loads(out)["deals"][0]
    assert (deal["contract"], deal["declarer"], deal["below"]["NS"]) == ("1SXX", "N", 120)
    assert deal["game_won_by"] == "NS"


def test_score_honours_from_the_deal(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "d.json"
    path.write_text(json.dumps({"ruleset": "subasta", "deals": [
        {"contract": "1S", "declarer": "N", "tricks": 7,
         "deal": "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"}]}))
    code, out, _ = run(capsys, "score", str(path), "--json")
    assert code == 0 and json.loads(out)["deals"][0]["above"]["NS"] == 72


def test_score_reads_stdin(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    record = {"ruleset": "chicago", "deals": [{"contract": "3NT", "declarer": "S", "tricks": 9}]}
    monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps(record)))
    code, out, _ = run(capsys, "score", "-", "--json")
    assert code == 0 and json.loads(out)["totals"] == {"NS": 400, "EW": 0}


def test_score_pbn_duplicate_boards(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    deal = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"
    games = []
    for room, contract, res in (("Open", "4S", "10"), ("Closed", "3S", "10")):
        games.append(f'[Event "t"]\n[Board "1"]\n[Room "{room}"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
                     f'[Deal "{deal}"]\n[Declarer "N"]\n[Contract "{contract}"]\n[Result "{res}"]\n')
    path = tmp_path / "m.pbn"
    path.write_text("% PBN 2.1\n\n" + "\n".join(games))
    code, out, err = run(capsys, "score", str(path), "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["boards"] == [{"board": 1, "table1_ns": 420, "table2_ns": 170, "difference": 250, "imps_a": 6}]


def test_score_subprocess_piped_plain_text(record_file) -> None:  # type: ignore[no-untyped-def]
    path = record_file("chicago")
    proc = subprocess.run([sys.executable, "-m", "bazas.cli.main", "score", str(path)],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0 and proc.stderr == ""
    assert "WE (N/S)" in proc.stdout and "\x1b[" not in proc.stdout


def test_imps_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "imps", "250")[:2] == (0, "6\n")
    assert run(capsys, "imps", "-500")[:2] == (0, "-11\n")
    assert run(capsys, "imps", "0")[:2] == (0, "0\n")
    code, out, err = run(capsys, "imps", "lots")
    assert code == 2 and out == "" and "not a whole number" in err
