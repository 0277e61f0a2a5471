"""Issue 7.3: the UI's JavaScript unit tests (``tests/js/*.test.mjs``, Node's built-in runner)
run from pytest, and no front-end code decides anything by a ruleset's id.

Node comes from the system (``scripts/install-system-deps.sh`` installs ``nodejs``); without it
the JS tests are skipped with the reason.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from bazas.engine.rulesets import all_rulesets

HERE = Path(__file__).resolve().parent
STATIC = HERE.parents[1] / "src" / "bazas" / "server" / "static"
NODE = shutil.which("node")
JS_TESTS = sorted(HERE.glob("*.test.mjs"))


@pytest.mark.skipif(NODE is None, reason="node is not installed (scripts/install-system-deps.sh nodejs)")
def test_issue7_javascript_unit_tests_pass() -> None:
    assert JS_TESTS, "no JS tests found"
    run = subprocess.run([str(NODE), "--test", "--test-reporter=tap", *map(str, JS_TESTS)], capture_output=True, text=True,
                         cwd=HERE, timeout=300)
    failed = "\n".join(line for line in run.stdout.splitlines() if line.startswith("not ok"))
    assert run.returncode == 0, f"node --test failed:\n{failed}\n{run.stdout[-4000:]}\n{run.stderr[-2000:]}"
    assert re.search(r"^# pass [1-9]", run.stdout, re.M), run.stdout[-2000:]


def ruleset_names_in(path: Path) -> list[str]:
    """The ruleset ids and aliases written as strings in a JS file's code (comments left out).
    Words that are also values of other fields are allowed: the sheet layouts (``facts.sheet``)
    and the phases of a deal (``view.phase``)."""
    other_values = {r.facts()["sheet"] for r in all_rulesets()} | {"auction", "play", "done"}
    names = {n for r in all_rulesets() for n in (r.id, *r.aliases)} - other_values
    code = re.sub(r"/\*.*?\*/", "", path.read_text(encoding="utf-8"), flags=re.S)
    code = re.sub(r"(^|\s)//.*$", "", code, flags=re.M)
    literals = set(re.findall(r"""["'`]([^"'`\n]{1,40})["'`]""", code))
    return sorted(literals & names)


def test_issue7_no_front_end_code_compares_ruleset_ids() -> None:
    """The pages decide what to show from the ruleset's facts, never from its id."""
    found = [f"{p.relative_to(STATIC)}: {n!r}" for p in sorted(STATIC.rglob("*.js")) for n in ruleset_names_in(p)]
    assert not found, found


def test_issue7_the_id_check_is_not_blind(tmp_path: Path) -> None:
    old = tmp_path / "old.js"
    old.write_text('// "chicago" in a comment is fine\nconst showVul = ruleset !== "auction-1920";\n', encoding="utf-8")
    assert ruleset_names_in(old) == ["auction-1920"]
