"""Issue 7's rules for the code, checked on the code itself so that losing one fails the suite.

- point 1: nothing above the engine compares a ruleset id ("auction-1920") to decide a game's
  facts; it asks the ruleset (the web pages' scripts: tests/js/test_node.py). A deal's context for the bots is built by ``TableContext.at`` or
  ``TableContext.for_session``, not field by field;
- every game a table can play has its rules page in both languages (a game is a module and its page);
- "Also": doctests are collected from every package, mypy checks ``tests/``, no test asserts a
  duration, the benchmarks are their own package;
- "Done means": the README's "Adding a game" example, run as written, is a game of every program.
"""

from __future__ import annotations

import ast
import json
import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from bazas.engine.rulesets import all_rulesets, one_table
from bazas.server.rules_pages import rules_page

REPO = Path(__file__).resolve().parents[1]
SRC = REPO / "src" / "bazas"
README = REPO / "README.md"
PYPROJECT = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))


def _modules(root: Path) -> list[Path]:
    return sorted(p for p in root.rglob("*.py") if "migrations" not in p.parts)


def _builtin_games() -> list[str]:
    return [r.id for r in one_table() if type(r).__module__.startswith("bazas.")]


def _game_ids() -> set[str]:
    return {r.id for r in all_rulesets() if type(r).__module__.startswith("bazas.")}


# -- point 1 ---------------------------------------------------------------------------------------

#: Facts whose values may share a game's name (``BotScoring.CHICAGO == "chicago"``).
FACTS = {"scoring", "bot_scoring", "sheet", "bidding_system", "pbn_scoring", "system"}


def test_issue7_1_no_ruleset_id_is_compared_outside_the_engine() -> None:
    """`30 if ruleset == "auction-1920" else 100` and its kind: a game's fact read from its id."""
    names = _game_ids()
    found = []
    for path in _modules(SRC):
        if path.is_relative_to(SRC / "engine"):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Compare):
                continue
            if any(isinstance(x, ast.Attribute) and x.attr in FACTS for x in (node.left, *node.comparators)):
                continue  # a fact's value ("chicago" scoring, the "auction-1920" bidding system)
            for operand in (node.left, *node.comparators):
                values = operand.elts if isinstance(operand, (ast.Tuple, ast.List, ast.Set)) else [operand]
                for value in values:
                    if isinstance(value, ast.Constant) and isinstance(value.value, str) and value.value in names:
                        found.append(f"{path.relative_to(REPO)}:{node.lineno}: {ast.unparse(node)}")
    assert not found, "ask the ruleset (Ruleset facts) instead of comparing its id:\n" + "\n".join(found)


#: Modules still building a deal's context field by field, each with why (see the audit,
#: notes/audit/issue7.md); the list may only shrink.
CONTEXT_BY_HAND: dict[str, str] = {}


def test_issue7_1_a_deals_context_has_one_constructor() -> None:
    """``TableContext(...)`` with a deal's facts (vulnerability, part scores, deal number) is built
    only by ``TableContext.at`` (bots/base.py); a context of the ruleset alone may be written out."""
    deal_fields = {"vulnerable_ns", "vulnerable_ew", "part_score_ns", "part_score_ew", "deal_number"}
    found = []
    for path in _modules(SRC):
        where = str(path.relative_to(REPO))
        if where == "src/bazas/bots/base.py" or where in CONTEXT_BY_HAND:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "TableContext"
                    and {k.arg for k in node.keywords} & deal_fields):
                found.append(f"{where}:{node.lineno}")
    assert not found, "use TableContext.at(...) or TableContext.for_session(...): " + ", ".join(found)
    for where in CONTEXT_BY_HAND:
        assert (REPO / where).is_file(), f"{where} is gone: take it off CONTEXT_BY_HAND"


# -- a game is its module and its rules page -------------------------------------------------------

@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("game", _builtin_games())
def test_issue7_every_game_a_table_can_play_has_its_rules_page(game: str, lang: str) -> None:
    from bazas.engine.rulesets import get

    page = rules_page(get(game), lang)
    assert page is not None, f"no rules page {game}.{lang}.html in server/rules/ or beside the game's module"
    assert f'<html lang="{lang}"' in page


# -- "Also" ----------------------------------------------------------------------------------------

def test_issue7_doctests_are_collected_from_every_package() -> None:
    options = PYPROJECT["tool"]["pytest"]["ini_options"]
    assert "src/bazas" in options["testpaths"] and "--doctest-modules" in options["addopts"]
    packages = sorted(p for p in SRC.iterdir() if (p / "__init__.py").is_file())
    without = [p.name for p in packages if not any(">>> " in m.read_text(encoding="utf-8") for m in _modules(p))]
    assert not without, f"packages without a doctest: {without}"


def test_issue7_mypy_checks_the_tests_too() -> None:
    assert set(PYPROJECT["tool"]["mypy"]["files"]) >= {"src/bazas", "tests"}


DURATION = re.compile(r"elapsed|duration|took|latency|_ms$|_seconds$|per_call", re.I)
CLOCKS = {"perf_counter", "process_time", "time", "perf_counter_ns", "monotonic_ns"}


def _is_duration(node: ast.expr) -> bool:
    for sub in ast.walk(node):
        if isinstance(sub, ast.Name) and DURATION.search(sub.id):
            return True
        if isinstance(sub, ast.Attribute) and DURATION.search(sub.attr):
            return True
        if isinstance(sub, ast.Constant) and isinstance(sub.value, str) and DURATION.search(sub.value):
            return True
        if isinstance(sub, ast.Call) and isinstance(sub.func, ast.Attribute) and sub.func.attr in CLOCKS:
            return True
    return False


def test_issue7_no_test_asserts_a_duration() -> None:
    """Timing stays out of test assertions (the benches measure it): no ``assert took < 0.02``.
    A bounded wait (``time.monotonic() < deadline``) is not a measurement."""
    found = []
    for path in sorted((REPO / "tests").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Assert):
                continue
            for cmp in ast.walk(node.test):
                if (isinstance(cmp, ast.Compare) and any(isinstance(op, (ast.Lt, ast.LtE)) for op in cmp.ops)
                        and any(isinstance(x, ast.Constant) and isinstance(x.value, (int, float))
                                and not isinstance(x.value, bool) and x.value > 0 for x in cmp.comparators)
                        and _is_duration(cmp)):
                    found.append(f"{path.relative_to(REPO)}:{node.lineno}: {ast.unparse(cmp)}")
    assert not found, "\n".join(found)


def test_issue7_the_benchmarks_are_their_own_package() -> None:
    assert (SRC / "bench" / "__init__.py").is_file()
    in_cli = [p.name for p in (SRC / "cli").glob("*.py") if "bench" in p.name and p.name != "cmd_bench.py"]
    assert not in_cli
    # The command only hands over to the package.
    cmd = (SRC / "cli" / "cmd_bench.py").read_text(encoding="utf-8")
    assert "bazas.bench" in cmd and len(cmd.splitlines()) < 100


# -- "Done means": the README's example ------------------------------------------------------------

def _readme_game() -> tuple[str, str, str]:
    """The README's "Adding a game" module (its path comment, its code) and its loading variable."""
    section = README.read_text(encoding="utf-8").split("### Adding a game", 1)[1].split("\n### ", 1)[0]
    code = re.search(r"```python\n(.*?)```", section, re.S)
    assert code, "the README's 'Adding a game' has no python example"
    path = re.match(r"# (\S+\.py)\n", code.group(1))
    assert path, "the example starts with its file's path as a comment"
    variable = re.search(r"BAZAS_RULESETS=([\w.]+)", section)
    assert variable, "the README says how to load the module"
    return path.group(1), code.group(1), variable.group(1)


@pytest.mark.timeout(300)
def test_issue7_the_readmes_new_game_works_as_written(tmp_path: Path) -> None:
    """Write the README's module and a rules page with the markers it shows beside it, load it with
    ``BAZAS_RULESETS`` as it says: the scorepad scores it, the bots bid it, its page assembles."""
    where, code, module = _readme_game()
    path = tmp_path / where
    path.parent.mkdir(parents=True, exist_ok=True)
    (path.parent / "__init__.py").write_text("", encoding="utf-8")
    path.write_text(code, encoding="utf-8")
    game = module.rsplit(".", 1)[-1].replace("_", "-")
    for lang in ("en", "es"):
        (path.parent / f"{game}.{lang}.html").write_text(
            f'<!-- include: page-top id="{game}" title="Doubled bonuses" -->\n<main>\n'
            "<!-- include: card-play -->\n</main>\n</body>\n</html>\n", encoding="utf-8")
    env = {**os.environ, "BAZAS_RULESETS": module,
           "PYTHONPATH": os.pathsep.join(filter(None, [str(tmp_path), os.environ.get("PYTHONPATH")]))}

    def bazas(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "bazas.cli.main", *args], input=stdin, capture_output=True,
                              text=True, env=env, cwd=tmp_path, timeout=240)

    record = {"ruleset": game, "deals": [{"contract": "4S", "declarer": "N", "tricks": 10}] * 2}
    scored = bazas("score", "-", "--json", stdin=json.dumps(record))
    assert scored.returncode == 0, scored.stderr
    assert json.loads(scored.stdout)["totals"] == {"NS": 240 + 1400, "EW": 0}, "a doubled 700 rubber bonus"
    bid = bazas("bid", "--ruleset", game, "--hand", "AQ2.KJ5.QT98.K32", "--json")
    assert bid.returncode == 0, bid.stderr
    assert json.loads(bid.stdout)["call"] == "1NT"
    page = subprocess.run(
        [sys.executable, "-c", "from bazas.engine.rulesets import get, load_modules; import os; "
         "load_modules(os.environ['BAZAS_RULESETS']); from bazas.server.rules_pages import rules_page; "
         f"print(rules_page(get('{game}'), 'es'))"], capture_output=True, text=True, env=env, timeout=120)
    assert page.returncode == 0, page.stderr
    assert '<html lang="es"' in page.stdout and "include:" not in page.stdout
