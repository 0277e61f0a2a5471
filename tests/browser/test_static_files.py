"""The UI's files, checked without a browser: every string the pages use exists in Spanish and in
English, and every ruleset has a rules page in both languages with its scoring tables."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from bazas.engine.rulesets import get as get_ruleset
from bazas.engine.rulesets import one_table
from bazas.server.rules_pages import rules_page

SERVER = Path(__file__).resolve().parents[2] / "src" / "bazas" / "server"
STATIC = SERVER / "static"
LANGS = ("es", "en")
#: The package's games a table can play that have their page (tests/test_issue7_rules.py checks that
#: every one has; tests may register toy games).
RULESETS = tuple(r.id for r in one_table() if type(r).__module__.startswith("bazas.") and rules_page(r, "en"))


def catalogue(lang: str) -> dict[str, str]:
    strings: dict[str, str] = json.loads((SERVER / "i18n" / f"{lang}.json").read_text(encoding="utf-8"))
    return strings


def used_keys() -> set[str]:
    keys: set[str] = set()
    for path in [*STATIC.rglob("*.js"), *STATIC.rglob("*.html")]:  # the pages and their fragments
        text = path.read_text(encoding="utf-8")
        keys.update(re.findall(r"""\bt\(\s*["']([\w.\- ]+)["']""", text))
        keys.update(re.findall(r"""data-i18n(?:-html|-title|-placeholder|-aria)?="([\w.\- ]+)\"""", text))
    return keys


def test_both_languages_have_the_same_strings() -> None:
    es, en = catalogue("es"), catalogue("en")
    assert set(es) == set(en)
    assert all(isinstance(v, str) and v.strip() for v in [*es.values(), *en.values()])


def test_every_string_the_pages_use_is_translated() -> None:
    missing = {k for k in used_keys() for lang in LANGS if k not in catalogue(lang)}
    assert not missing, sorted(missing)


def test_spanish_calls() -> None:
    es = catalogue("es")
    assert (es["call.P"], es["call.X"], es["call.XX"], es["strain.NT"]) == ("Paso", "Doblo", "Redoblo", "ST")


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("lang", LANGS)
def test_rules_pages(ruleset: str, lang: str) -> None:
    html = rules_page(get_ruleset(ruleset), lang) or ""  # as served: the page with its shared fragments
    assert f'<html lang="{lang}"' in html
    assert html.count("<table") >= (2 if get_ruleset(ruleset).facts().get("per_player") else 4), "the scoring tables"
    assert "/static/css/bazas.css" in html
    if ruleset == "auction-1920":
        assert ">72<" in html  # four spade honours in one hand: 8 x 9
    if ruleset == "rubber":
        assert "<b>500</b>" in html  # 5NT doubled, not vulnerable, three down
    if ruleset == "chicago":
        assert ">300<" in html and ">500<" in html


NODE = shutil.which("node")


@pytest.mark.skipif(NODE is None, reason="node is not installed (only used to check the UI's JavaScript)")
@pytest.mark.parametrize("module", sorted(p.relative_to(STATIC / "js").as_posix() for p in STATIC.rglob("*.js")))
def test_javascript_parses(module: str, tmp_path: Path) -> None:
    copy = tmp_path / (module[:-3].replace("/", "_") + ".mjs")
    copy.write_text((STATIC / "js" / module).read_text(encoding="utf-8"), encoding="utf-8")
    run = subprocess.run([str(NODE), "--check", str(copy)], capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr


@pytest.mark.skipif(NODE is None, reason="node is not installed (only used to check the UI's JavaScript)")
def test_typed_calls_and_cards() -> None:
    """What the keyboard accepts (static/js/parse.js, run by node)."""
    script = f"""
      import {{ parseInput }} from {json.dumps((STATIC / "js" / "parse.js").as_uri())};
      const cases = [["1s", "auction"], ["3ST", "auction"], ["3nt", "auction"], ["1SA", "auction"], ["2♥", "auction"],
                     ["p", "auction"], ["Paso", "auction"], ["x", "auction"], ["Doblo", "auction"], ["XX", "auction"],
                     ["SA", "play"], ["ht", "play"], ["H10", "play"], ["10h", "play"], ["♦q", "play"], ["AS", "play"],
                     ["claim 5", "play"], ["pista", "auction"], ["1S", "play"], ["zz", "auction"]];
      console.log(JSON.stringify(cases.map(([t, p]) => parseInput(t, p))));
    """
    run = subprocess.run([str(NODE), "--input-type=module", "-e", script], capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    got = [None if r is None else (r["kind"], r["value"]) for r in json.loads(run.stdout)]
    assert got == [
        ("call", "1S"), ("call", "3NT"), ("call", "3NT"), ("call", "1NT"), ("call", "2H"),
        ("call", "P"), ("call", "P"), ("call", "X"), ("call", "X"), ("call", "XX"),
        ("card", "SA"), ("card", "HT"), ("card", "HT"), ("card", "HT"), ("card", "DQ"), ("card", "SA"),
        ("claim", 5), ("command", "hint"), None, None,
    ]
