"""Issue 11, "Chicago with or without honours", as a worked example through the scorepad.

Source: RULES.md ``chicago`` (honours as in rubber bridge: four trump honours in one hand 100;
Laws of Rubber Bridge, Chicago appendix) and the issue's house option ``"honours": false``.
Deal 1 of a Chicago, nobody vulnerable: North makes 4♠ exactly holding ♠AKQJ.
With honours: 120 below, 300 game bonus (not vulnerable), 100 honours = 520.
Without: 420."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bazas.cli.main import main

DEAL = {"contract": "4S", "declarer": "N", "tricks": 10, "honours": {"N": ["SA", "SK", "SQ", "SJ"]}}


def score(tmp_path: Path, capsys: pytest.CaptureFixture[str], options: dict[str, object]) -> dict:  # type: ignore[type-arg]
    path = tmp_path / "chicago.json"
    path.write_text(json.dumps({"ruleset": "chicago", "first_dealer": "N", "options": options, "deals": [DEAL]}))
    assert main(["score", str(path), "--json"]) == 0
    return json.loads(capsys.readouterr().out)  # type: ignore[no-any-return]


def test_chicago_honours_count_by_default(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = score(tmp_path, capsys, {})
    assert data["ruleset"] == "chicago"
    assert data["deals"][0]["points"] == {"NS": 520, "EW": 0}


def test_chicago_without_honours_option(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = score(tmp_path, capsys, {"honours": False})
    assert data["ruleset"] == "chicago+no-honours" and data["options"] == {"honours": False}
    assert data["deals"][0]["points"] == {"NS": 420, "EW": 0}
    path = tmp_path / "chicago.json"
    assert main(["score", str(path)]) == 0
    assert "Options: honours false" in capsys.readouterr().out
