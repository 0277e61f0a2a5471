"""Bidding problem suites: a hand, the auction so far and the expected call.

A suite is a JSON file, or a directory of them (``tests/bots/problems/``: one file per area,
e.g. ``competitive.json``; files whose names contain ``heldout`` are the held-out part, which the
bidder is never tuned on). Each file::

    {"problems": [
      {"id": "open-1nt", "hand": "AQ2.KJ5.QT98.K32", "dealer": "N", "vul": "none",
       "auction": "", "expected": "1NT", "ruleset": "rubber",
       "part_score": {"NS": 0, "EW": 0},
       "source": "SAYC booklet: 1NT = 15-17 balanced", "reason": "15 HCP, 3-3-4-3"}
    ]}

``expected`` may be one call or a list of acceptable calls. ``ruleset`` defaults to ``rubber``;
``part_score`` and ``deal_number`` are optional table context (the scoring style is the ruleset's).
A problem's area is its ``area`` field or else its file's name without ``-heldout``; its part is
``heldout`` when the file's name contains ``heldout``, else ``tuning``.
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
from bazas.engine.seats import Seat

HELDOUT = "heldout"
TUNING = "tuning"


@dataclass(frozen=True, slots=True)
class Failure:
    id: str
    expected: tuple[str, ...]
    got: str
    explanation: str
    source: str
    area: str = ""
    part: str = TUNING

    def __str__(self) -> str:
        return f"{self.id}: expected {'/'.join(self.expected)}, got {self.got} ({self.explanation}) [{self.source}]"


def suite_files(path: str | Path) -> list[Path]:
    """The JSON files of a suite: the file itself, or a directory's ``*.json`` in name order."""
    p = Path(path)
    if p.is_dir():
        files = sorted(p.glob("*.json"))
        if not files:
            raise ValueError(f"problem suite directory {p} holds no .json files")
        return files
    if not p.exists():
        raise ValueError(f"problem suite {p} does not exist")
    return [p]


def load_problems(path: str | Path) -> list[dict[str, Any]]:
    """Every problem of the suite at ``path`` (a file or a directory), each with ``area``, ``part``
    and ``file`` filled in. Raises ``ValueError`` naming the file when a file is not a suite."""
    out: list[dict[str, Any]] = []
    for f in suite_files(path):
        try:
            data = json.loads(f.read_text(encoding="utf-8"))
        except json.JSONDecodeError as exc:
            raise ValueError(f"{f}: not valid JSON ({exc})") from exc
        problems = data.get("problems") if isinstance(data, dict) else data
        if not isinstance(problems, list):
            raise ValueError(f"{f}: expected {{\"problems\": [...]}} or a list of problems")
        part = HELDOUT if HELDOUT in f.stem else TUNING
        area = f.stem.replace("-" + HELDOUT, "").replace(HELDOUT, "").strip("-_") or f.stem
        for i, p in enumerate(problems):
            if not isinstance(p, dict) or "hand" not in p or "expected" not in p:
                raise ValueError(f"{f}: problem {i} needs at least 'hand' and 'expected'")
            out.append({**p, "area": p.get("area", area), "part": part, "file": f.name})
    return out


def expected_calls(problem: dict[str, Any]) -> tuple[str, ...]:
    """The acceptable calls of a problem, normalised (``"p"`` -> ``"P"``)."""
    raw = problem["expected"]
    items = raw if isinstance(raw, list) else [raw]
    return tuple(str(parse_call(str(e))) for e in items)


def context_of(problem: dict[str, Any]) -> TableContext:
    ruleset = problem.get("ruleset", "rubber")
    vul = Vulnerability.parse(problem.get("vul", "none"))
    ps = problem.get("part_score", {})
    return TableContext.at(ruleset, vul, int(ps.get("NS", 0)), int(ps.get("EW", 0)), int(problem.get("deal_number", 1)))


def solve(problem: dict[str, Any]) -> tuple[str, str]:
    """The bot's call for one problem, and its English explanation."""
    from .api import choose_call

    hand = Hand.from_pbn(problem["hand"])
    dealer = Seat.parse(problem.get("dealer", "N"))
    calls = [parse_call(t) for t in str(problem.get("auction", "")).split()]
    ctx = context_of(problem)
    call, why = choose_call(hand, dealer, calls, ctx, system=ctx.ruleset)
    return str(call), why.en


def _run(problems: list[dict[str, Any]]) -> tuple[list[tuple[dict[str, Any], bool]], list[Failure]]:
    results: list[tuple[dict[str, Any], bool]] = []
    failures: list[Failure] = []
    for i, p in enumerate(problems):
        expected = expected_calls(p)
        got, why = solve(p)
        ok = got in expected
        results.append((p, ok))
        if not ok:
            failures.append(Failure(str(p.get("id", i)), expected, got, why, str(p.get("source", "")),
                                    str(p.get("area", "")), str(p.get("part", TUNING))))
    return results, failures


def run_problem_suite(path: str | Path) -> tuple[int, int, list[Failure]]:
    """Run every problem of the suite at ``path`` (a file or a directory): (passed, total, failures)."""
    results, failures = _run(load_problems(path))
    return sum(ok for _, ok in results), len(results), failures


def _tally(passed: int, total: int) -> dict[str, Any]:
    return {"passed": passed, "total": total, "pct": round(100.0 * passed / total, 1) if total else None}


def suite_report(path: str | Path) -> dict[str, Any]:
    """Run the suite at ``path`` and count the passes overall, per part (tuning / held out) and per
    area (each split by part): a JSON-ready dict with the failures' ids, calls and areas."""
    results, failures = _run(load_problems(path))
    count: dict[tuple[str, str], list[int]] = {}
    for p, ok in results:
        for key in ((str(p["area"]), str(p["part"])), (str(p["area"]), "all"), ("", str(p["part"])), ("", "all")):
            c = count.setdefault(key, [0, 0])
            c[0] += int(ok)
            c[1] += 1
    areas: dict[str, dict[str, Any]] = {}
    for (area, part), (ok_n, n) in sorted(count.items()):
        if area:
            areas.setdefault(area, {})[part] = _tally(ok_n, n)
    report = _tally(*count.get(("", "all"), [0, 0]))
    report["parts"] = {part: _tally(*count[("", part)]) for part in (TUNING, HELDOUT) if ("", part) in count}
    report["areas"] = areas
    report["failures"] = [{"id": f.id, "area": f.area, "part": f.part, "expected": list(f.expected), "got": f.got}
                          for f in failures]
    return report
