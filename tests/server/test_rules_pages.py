"""The rules pages assembled from shared fragments (issue 7 point 3: "the rules pages repeat their
common sections"; ``bazas.server.rules_pages``)."""

from __future__ import annotations

import hashlib
import importlib.util
import re
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest

from bazas.engine.rulesets import all_rulesets, get
from bazas.server.rules_pages import (
    FRAGMENTS_DIR,
    MARKER,
    RULES_DIR,
    RulesPageError,
    assemble,
    page_file,
    rules_page,
)

LANGS = ("en", "es")
PAGES = sorted(RULES_DIR.glob("*.html"))
FRAGMENTS = sorted(FRAGMENTS_DIR.glob("*.html"))

#: What each page says -- its text, whitespace collapsed -- and its elements in order, as served
#: before the pages were split into fragments (sha256, first 16 hex digits). A page edited on
#: purpose gets its new figures from ``said(rules_page(get(id), lang))``.
SAID_BEFORE = {
    ("rubber", "en"): ("41ddc86ba701947b", "2f70ef1fead97360"),
    ("rubber", "es"): ("f1d48e500385f9a8", "826a8f92d523e96a"),
    ("chicago", "en"): ("a809510345dccba7", "776f367e72250153"),
    ("chicago", "es"): ("0d57888d3a3a2c29", "5e905094452ec4bc"),
    # edited on purpose (issue 11): the tie rule, the house options and nullos sections
    ("auction-1920", "en"): ("83bd452f158a3a80", "52e11a35653ec3ac"),
    ("auction-1920", "es"): ("5b3a0cf8dfd267be", "0c759f70cbe11f8d"),
}


class _Text(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.text: list[str] = []
        self.tags: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag + "".join(f" {k}={v}" for k, v in attrs if k in ("id", "href", "class", "colspan",
                                                                               "rowspan", "lang")))

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def said(html: str) -> tuple[str, str]:
    """(text, elements) of a page, each as a short sha256."""
    parser = _Text()
    parser.feed(html)
    text = " ".join(" ".join(parser.text).split())
    tags = "\n".join(parser.tags)
    return (hashlib.sha256(text.encode()).hexdigest()[:16], hashlib.sha256(tags.encode()).hexdigest()[:16])


def test_issue7_3_every_page_and_fragment_assembles_with_nothing_left_over() -> None:
    assert {p.name.split(".")[0] for p in PAGES} >= {"rubber", "chicago", "auction-1920"}
    for path in [*PAGES, *FRAGMENTS]:
        lang = path.name.split(".")[-2]
        html = assemble(path.read_text(encoding="utf-8"), lang, source=path.name)
        if path in PAGES:
            assert "<!-- include" not in html and "{{" not in html, path.name
            assert html.startswith("<!doctype html>") and html.rstrip().endswith("</html>"), path.name


def test_issue7_3_every_registered_game_page_assembles() -> None:
    """Pages shipped beside a ruleset's module too: every marker resolves, in both languages."""
    for ruleset in all_rulesets():
        for lang in LANGS:
            if page_file(ruleset, lang) is None:
                continue
            html = rules_page(ruleset, lang)
            assert html is not None and "<!-- include" not in html and "{{" not in html, (ruleset.id, lang)


def test_issue7_3_each_fragment_exists_in_both_languages_and_is_used() -> None:
    names = {p.name.split(".")[0] for p in FRAGMENTS}
    assert {"page-top", "table-and-deal", "auction", "card-play", "playing-at-bazas"} <= names
    for name in names:
        assert all((FRAGMENTS_DIR / f"{name}.{lang}.html").is_file() for lang in LANGS), name
    used = {m["name"] for p in PAGES for m in MARKER.finditer(p.read_text(encoding="utf-8"))}
    assert used == names, "a fragment no page includes"


@pytest.mark.parametrize("ruleset", ["rubber", "chicago", "auction-1920"])
@pytest.mark.parametrize("lang", LANGS)
def test_issue7_3_each_page_says_what_it_said_before_the_split(ruleset: str, lang: str) -> None:
    html = rules_page(get(ruleset), lang)
    assert html is not None
    assert said(html) == SAID_BEFORE[(ruleset, lang)]


def test_issue7_3_the_shared_sections_are_written_once() -> None:
    """Card play is in one fragment a language, not in each page."""
    for lang, phrase in (("en", "follow suit"), ("es", "servir</b> el palo")):
        holders = [p.name for p in [*PAGES, *FRAGMENTS] if phrase in p.read_text(encoding="utf-8")]
        assert holders == [f"card-play.{lang}.html"]
        for ruleset in ("rubber", "chicago", "auction-1920"):
            assert phrase in (rules_page(get(ruleset), lang) or "")


def test_issue7_3_bad_markers_are_named() -> None:
    with pytest.raises(RulesPageError, match=r"toy\.en\.html: <!-- include: no-such -->: no fragment 'no-such'"):
        assemble("<main>\n  <!-- include: no-such -->\n</main>\n", "en", source="toy.en.html")
    with pytest.raises(RulesPageError, match=r"needs a value for \{\{title\}\}"):
        assemble('<!-- include: page-top id="toy" -->\n', "en", source="toy.en.html")
    with pytest.raises(RulesPageError, match="includes itself"):
        assemble("<!-- include: a -->", "en", fragment=lambda name, lang: "<!-- include: a -->")
    # A marker inside a line is replaced in place; one on its own line takes the whole line.
    assert assemble("<p><!-- include: x --></p>\n  <!-- include: x -->\n", "en",
                    fragment=lambda name, lang: "X\n") == "<p>X\n</p>\nX\n"


def test_issue7_3_a_game_page_beside_its_module_uses_the_same_markers(tmp_path: Path) -> None:
    """A new game ships ``<id>.<lang>.html`` next to its engine module; the page is looked up in
    server/rules/ first, then there, and may include the shared fragments."""
    module_file = tmp_path / "toy_paged_game.py"
    module_file.write_text(
        "from bazas.engine.rulesets.rubber import RubberBridge\n\n\n"
        "class ToyPaged(RubberBridge):\n    id = 'toy-paged'\n    aliases = ('toy-paged',)\n"
        "    title = 'Toy'\n",
        encoding="utf-8",
    )
    (tmp_path / "toy-paged.en.html").write_text(
        '<!-- include: page-top id="toy-paged" title="Toy rubber" -->\n'
        "    <p>Rubber bridge with toy bonuses.</p>\n    <h2 id=\"play\">The play</h2>\n"
        "    <!-- include: card-play -->\n  </main>\n</body>\n</html>\n",
        encoding="utf-8",
    )
    spec = importlib.util.spec_from_file_location("toy_paged_game", module_file)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["toy_paged_game"] = module
    try:
        spec.loader.exec_module(module)
        toy = module.ToyPaged()
        assert page_file(toy, "en") == tmp_path / "toy-paged.en.html"
        assert page_file(toy, "es") is None and rules_page(toy, "es") is None
        html = rules_page(toy, "en")
        assert html is not None
        assert "<title>Toy rubber · bazas</title>" in html and 'data-ruleset="toy-paged"' in html
        assert "follow suit" in html and "<!-- include" not in html
    finally:
        del sys.modules["toy_paged_game"]
    assert page_file(get("rubber"), "en") == RULES_DIR / "rubber.en.html"


def test_issue7_3_marker_syntax() -> None:
    m = MARKER.search('  <!-- include: page-top id="x" title="A (1920)" -->\n')
    assert m is not None and m["name"] == "page-top"
    assert re.findall(r'([\w-]+)="', m["values"]) == ["id", "title"]
