"""Bidding problem suites: a hand, the auction so far and the expected call.

A suite is a JSON file::

    {"problems": [
      {"id": "open-1nt", "hand": "AQ2.KJ5.QT98.K32", "dealer": "N", "vul": "none",
       "auction": "", "expected": "1NT", "ruleset": "rubber",
       "part_score": {"NS": 0, "EW": 0},
       "source": "SAYC booklet: 1NT = 15-17 balanced", "reason": "15 HCP, 3-3-4-3"}
    ]}

``expected`` may be one call or a list of acceptable calls. ``ruleset`` defaults to ``rubber``;
``part_score`` and ``deal_number`` are optional table context (the scoring style is the ruleset's).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bazas.bots.base import TableContext
from bazas.engine.calls import parse_call
from bazas.engine.cards import Hand
from bazas.engine.deal import Vulnerability
from bazas.engine.rulesets import get as get_ruleset
from bazas.engine.seats import Seat, Side


@dataclass(frozen=True, slots=True)
class Failure:
    id: str
    expected: tuple[str, ...]
    got: str
    explanation: str
    source: str

    def __str__(self) -> str:
        return f"{self.id}: expected {'/'.join(self.expected)}, got {self.got} ({self.explanation}) [{self.source}]"


def context_of(problem: dict[str, Any]) -> TableContext:
    ruleset = problem.get("ruleset", "rubber")
    vul = Vulnerability.parse(problem.get("vul", "none"))
    ps = problem.get("part_score", {})
    vulnerability = get_ruleset(ruleset).has_vulnerability
    return TableContext(
        ruleset=ruleset,
        vulnerable_ns=vul.is_vulnerable(Side.NS) and vulnerability,
        vulnerable_ew=vul.is_vulnerable(Side.EW) and vulnerability,
        part_score_ns=int(ps.get("NS", 0)),
        part_score_ew=int(ps.get("EW", 0)),
        deal_number=int(problem.get("deal_number", 1)),
    )


def solve(problem: dict[str, Any]) -> tuple[str, str]:
    """The bot's call for one problem, and its English explanation."""
    from .api import choose_call

    hand = Hand.from_pbn(problem["hand"])
    dealer = Seat.parse(problem.get("dealer", "N"))
    calls = [parse_call(t) for t in str(problem.get("auction", "")).split()]
    ctx = context_of(problem)
    call, why = choose_call(hand, dealer, calls, ctx, system=ctx.ruleset)
    return str(call), why.en


def run_problem_suite(path: str | Path) -> tuple[int, int, list[Failure]]:
    """Run every problem in the JSON suite at ``path``: (passed, total, failures)."""
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    problems = data["problems"] if isinstance(data, dict) else data
    passed = 0
    failures: list[Failure] = []
    for i, p in enumerate(problems):
        expected_raw = p["expected"]
        expected = tuple(expected_raw) if isinstance(expected_raw, list) else (expected_raw,)
        expected = tuple(str(parse_call(e)) for e in expected)
        got, why = solve(p)
        if got in expected:
            passed += 1
        else:
            failures.append(Failure(str(p.get("id", i)), expected, got, why, str(p.get("source", ""))))
    return passed, len(problems), failures
