"""``bazas score`` on bad input: one clear message on stderr naming the deal (1-based) and field,
exit status 2, nothing on stdout."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bazas.cli.main import main

GOOD = {"contract": "4S", "declarer": "N", "tricks": 10}
BAD_DEAL = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.764"


def record(*deals: object, ruleset: str = "rubber", **top: Any) -> dict[str, Any]:
    return {"ruleset": ruleset, "first_dealer": "N", "deals": list(deals), **top}


CASES: list[tuple[str, Any, str | None, str | None, str]] = [
    # (id, record or raw text, deal number, field, text in the message)
    ("unknown ruleset", record(GOOD, ruleset="canasta"), None, "ruleset", "unknown ruleset"),
    ("ruleset not a string", {"ruleset": 3, "deals": []}, None, "ruleset", "expected"),
    ("missing ruleset", {"deals": []}, None, "ruleset", "missing"),
    ("missing deals", {"ruleset": "rubber"}, None, "deals", "missing"),
    ("deals not a list", {"ruleset": "rubber", "deals": {}}, None, "deals", "list"),
    ("not an object", [1, 2], None, None, "JSON object"),
    ("unknown top field", record(GOOD, colour="red"), None, "colour", "unknown field"),
    ("bad first dealer", record(GOOD, first_dealer="X"), None, "first_dealer", "not a seat"),
    ("stopped not bool", record(GOOD, stopped="yes"), None, "stopped", "true or false"),
    ("illegal contract level", record(GOOD, {"contract": "8S", "declarer": "N", "tricks": 10}), "2", "contract",
     "not a contract"),
    ("illegal contract tripled", record({"contract": "4SXXX", "declarer": "N", "tricks": 10}), "1", "contract",
     "not a contract"),
    ("contract not a string", record({"contract": 4, "declarer": "N", "tricks": 10}), "1", "contract", "expected"),
    ("tricks 14", record({"contract": "4S", "declarer": "N", "tricks": 14}), "1", "tricks", "impossible"),
    ("tricks negative", record({"contract": "4S", "declarer": "N", "tricks": -1}), "1", "tricks", "impossible"),
    ("tricks text", record({"contract": "4S", "declarer": "N", "tricks": "ten"}), "1", "tricks", "whole number"),
    ("tricks bool", record({"contract": "4S", "declarer": "N", "tricks": True}), "1", "tricks", "whole number"),
    ("missing tricks", record(GOOD, {"contract": "4S", "declarer": "N"}), "2", "tricks", "missing"),
    ("missing declarer", record({"contract": "4S", "tricks": 10}), "1", "declarer", "missing"),
    ("bad declarer", record({"contract": "4S", "declarer": "Q", "tricks": 10}), "1", "declarer", "not a seat"),
    ("missing contract", record({"declarer": "N", "tricks": 10}), "1", "contract", "missing"),
    ("deal not an object", record(GOOD, "4S N 10"), "2", None, "expected an object"),
    ("unknown deal field", record({**GOOD, "trick": 10}), "1", "trick", "unknown field"),
    ("illegal auction", record({"auction": ["1S", "1H", "P", "P", "P"], "tricks": 8}), "1", "auction",
     "insufficient"),
    ("double own side", record({"auction": ["1S", "P", "X", "P", "P", "P"], "tricks": 8}), "1", "auction",
     "illegal auction"),
    ("incomplete auction", record({"auction": ["1S", "P", "P"], "tricks": 8}), "1", "auction", "not over"),
    ("auction not a list", record({"auction": "1S P P P", "tricks": 8}), "1", "auction", "list of calls"),
    ("auction bad call", record({"auction": ["1S", "P", "P", "Q"], "tricks": 8}), "1", "auction", "not a call"),
    ("auction disagrees", record({"auction": ["1S", "P", "P", "P"], "contract": "2S", "declarer": "N",
                                  "tricks": 8}), "1", "contract", "ends in 1S"),
    ("deal duplicate card", record({**GOOD, "deal": BAD_DEAL}), "1", "deal", "52 distinct cards"),
    ("deal short", record({**GOOD, "deal": "N:AKQJ.T98.765.43 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"}),
     "1", "deal", "52 distinct cards"),
    ("deal garbage", record({**GOOD, "deal": "hello"}), "1", "deal", "52 distinct cards"),
    ("honours not an honour", record({**GOOD, "honours": {"N": ["S9"]}}), "1", "honours", "not an honour"),
    ("honours bad seat", record({**GOOD, "honours": {"Z": ["SA"]}}), "1", "honours", "not a seat"),
    ("honours and deal", record({**GOOD, "honours": {"N": ["SA"]},
                                 "deal": "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"}),
     "1", "honours", "not both"),
    ("passed out with tricks", record({"contract": "pass", "tricks": 7}), "1", "tricks", "no tricks"),
    ("after the rubber", record(GOOD, GOOD, GOOD), "3", None, "already over"),
    ("board outside duplicate", record({**GOOD, "board": 1}), "1", "board", "only duplicate"),
    ("wrong dealer", record(GOOD, {**GOOD, "dealer": "N"}), "2", "dealer", "dealer is E"),
    ("duplicate missing board", record(GOOD, ruleset="duplicate"), "1", "board", "missing"),
    ("duplicate bad table", record({**GOOD, "board": 1, "table": 3}, ruleset="duplicate"), "1", "table",
     "out of range"),
    ("duplicate board zero", record({**GOOD, "board": 0}, ruleset="duplicate"), "1", "board", "out of range"),
    ("duplicate same table twice", record({**GOOD, "board": 1, "table": 1}, {**GOOD, "board": 1, "table": 1},
                                          ruleset="duplicate"), "2", "board", "already scored"),
    ("duplicate different deals", record(
        {**GOOD, "board": 1, "deal": "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"},
        {**GOOD, "board": 1, "deal": "N:T98.765.432.AKQJ AKQJ.T98.765.432 765.432.AKQJ.T98 432.AKQJ.T98.765"},
        ruleset="duplicate"), "2", "deal", "dealt differently"),
    ("invalid json", '{"ruleset": "rubber", "deals": [', None, None, "invalid JSON"),
    ("empty input", "", None, None, "empty"),
]


@pytest.mark.parametrize(("case", "data", "deal", "field", "text"), CASES, ids=[c[0] for c in CASES])
def test_score_bad_input_exit_2_no_stdout(capsys: pytest.CaptureFixture[str], tmp_path: Path, case: str,
                                          data: Any, deal: str | None, field: str | None, text: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(data if isinstance(data, str) else json.dumps(data))
    for extra in ([], ["--json"]):
        code = main(["score", str(path), *extra])
        out, err = capsys.readouterr()
        assert code == 2, case
        assert out == "", case
        assert err.startswith("bazas score: ") and err.count("\n") == 1, err
        assert text in err, err
        if deal is not None:
            assert f"deal {deal}," in err or f"deal {deal}:" in err, err
        else:
            assert "deal " not in err.split(":")[0] or field is not None, err
        if field is not None:
            assert f"field '{field}'" in err, err


def test_score_missing_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code = main(["score", str(tmp_path / "nope.json")])
    out, err = capsys.readouterr()
    assert code == 2 and out == "" and "cannot read" in err


def test_score_bad_pbn(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "bad.pbn"
    path.write_text('[Event "x"]\n[Board "1"]\n[Contract "4S"]\n[Declarer "N"]\n[Result "15"]\n')
    code = main(["score", str(path)])
    out, err = capsys.readouterr()
    assert code == 2 and out == "" and "deal 1, field 'Result'" in err


def test_issue13_score_deeply_nested_json_is_bad_input(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """JSON nested thousands deep is refused as bad input (exit 2), not a RecursionError."""
    path = tmp_path / "deep.json"
    path.write_text("[" * 5000 + "]" * 5000)
    code = main(["score", str(path)])
    out, err = capsys.readouterr()
    assert code == 2 and out == "" and "nested too deeply" in err


@pytest.mark.parametrize("depth", [1000, 5000])
def test_issue13_score_stdin_deeply_nested_json_is_bad_input(capsys: pytest.CaptureFixture[str],
                                                             monkeypatch: pytest.MonkeyPatch, depth: int) -> None:
    """Issue 13 point 7: ``bazas score -`` with JSON nested ~1,000 deep on its standard input is
    bad input (exit 2, a message, no traceback), as from a file."""
    import io

    monkeypatch.setattr("sys.stdin", io.StringIO("[" * depth + "]" * depth))
    code = main(["score", "-"])
    out, err = capsys.readouterr()
    assert code == 2 and out == "" and "Traceback" not in err
    assert "nested too deeply" in err or "a session record is a JSON object" in err
