"""The SAYC textbook problem suite (tests/bots/sayc_problems.json)."""

from __future__ import annotations

import json
from pathlib import Path

from bazas.bots.bidding import run_problem_suite

SUITE = Path(__file__).with_name("sayc_problems.json")


def test_suite_is_well_formed() -> None:
    data = json.loads(SUITE.read_text(encoding="utf-8"))
    problems = data["problems"]
    assert len(problems) >= 40
    ids = [p["id"] for p in problems]
    assert len(ids) == len(set(ids))
    for p in problems:
        assert p["source"] and p["reason"] and p["expected"]


def test_problem_suite_pass_rate() -> None:
    passed, total, failures = run_problem_suite(SUITE)
    print(f"SAYC problem suite: {passed}/{total} = {100 * passed / total:.1f}%")
    for f in failures:
        print("  ", f)
    assert passed / total >= 0.9, [str(f) for f in failures]
