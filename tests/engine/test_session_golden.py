"""Golden score sheets: whole rubbers / matches in each ruleset, hand-computed from RULES.md.

Each file in tests/golden/sheet_*.json holds the record, the arithmetic written out by hand, and the
expected sheet; the session must reproduce every expected field.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bazas.formats.records import dump_session, session_from_record

GOLDEN = Path(__file__).resolve().parents[1] / "golden"
SHEETS = sorted(GOLDEN.glob("sheet_*.json"))


def _subset(expected: Any, actual: Any, where: str) -> None:
    if isinstance(expected, dict):
        assert isinstance(actual, dict), where
        for key, value in expected.items():
            assert key in actual, f"{where}.{key} missing"
            _subset(value, actual[key], f"{where}.{key}")
    elif isinstance(expected, list):
        assert isinstance(actual, list) and len(actual) == len(expected), f"{where}: {actual!r}"
        for i, (e, a) in enumerate(zip(expected, actual, strict=True)):
            _subset(e, a, f"{where}[{i}]")
    else:
        assert actual == expected, f"{where}: expected {expected!r}, got {actual!r}"


def test_golden_sheets_exist_for_every_ruleset() -> None:
    rulesets = {json.loads(p.read_text())["record"]["ruleset"] for p in SHEETS}
    assert rulesets == {"auction-1920", "rubber", "chicago", "duplicate"}


@pytest.mark.parametrize("path", SHEETS, ids=[p.stem for p in SHEETS])
def test_golden_sheet(path: Path) -> None:
    golden = json.loads(path.read_text(encoding="utf-8"))
    assert golden["arithmetic"], "a golden sheet must show its arithmetic"
    session = session_from_record(golden["record"])
    _subset(golden["expected"], dump_session(session), path.stem)


@pytest.mark.parametrize("path", SHEETS, ids=[p.stem for p in SHEETS])
def test_golden_sheet_totals_are_the_sum_of_the_lines(path: Path) -> None:
    golden = json.loads(path.read_text(encoding="utf-8"))
    out = dump_session(session_from_record(golden["record"]))
    for side in ("NS", "EW"):
        lines = sum(d["points"][side] for d in out["deals"]) + sum(
            i["points"] for i in out["unfinished"] if i["side"] == side)
        assert lines == out["totals"][side]
        assert out["below"][side] + out["above"][side] == out["totals"][side]
