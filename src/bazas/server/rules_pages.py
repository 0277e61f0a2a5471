"""The rules pages: each game's page assembled from its own file and the sections games share.

A game's page is ``<id>.<lang>.html``, looked up in ``server/rules/`` first and then beside the
ruleset's own module, so that a new game is its engine module and its page (:func:`page_file`).
What several games say alike -- the table and the deal, the auction, the card play, contract
bridge's scoring tables, playing at bazas, the top of every page -- is written once, as a fragment
``server/rules/_fragments/<name>.<lang>.html``, and a page names it where it goes with an include
marker on a line of its own::

    <!-- include: card-play -->

A marker may give values, ``<!-- include: page-top id="rubber" title="Rubber bridge" -->``, which
fill the fragment's ``{{id}}`` and ``{{title}}``. Fragments may include fragments. A marker that
names no fragment, a ``{{name}}`` left without a value or a fragment that includes itself raises
:class:`RulesPageError` naming the page and the marker (:func:`assemble`).

>>> assemble('<main>\\n  <!-- include: example x="1" -->\\n</main>\\n', "en",
...          fragment=lambda name, lang: "  <p>{{x}} " + name + "." + lang + "</p>\\n")
'<main>\\n  <p>1 example.en</p>\\n</main>\\n'
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable
from pathlib import Path

from bazas.engine.rulesets import Ruleset

RULES_DIR = Path(__file__).resolve().parent / "rules"
FRAGMENTS_DIR = RULES_DIR / "_fragments"

#: An include marker: its whole line when it stands alone on one (indentation and end of line
#: included), else the marker itself.
MARKER = re.compile(
    r"(?P<line>^[ \t]*)?<!--\s*include:\s*(?P<name>[\w-]+)(?P<values>(?:\s+[\w-]+=\"[^\"]*\")*)\s*-->"
    r"(?(line)[ \t]*(?:\n|$))",
    re.MULTILINE,
)
VALUE = re.compile(r"([\w-]+)=\"([^\"]*)\"")
PLACEHOLDER = re.compile(r"\{\{\s*([\w-]+)\s*\}\}")


class RulesPageError(ValueError):
    """A rules page or fragment that cannot be assembled."""


def fragment_file(name: str, lang: str) -> Path:
    """Where the fragment ``name`` in ``lang`` lives."""
    return FRAGMENTS_DIR / f"{name}.{lang}.html"


def read_fragment(name: str, lang: str) -> str:
    """The text of the fragment ``name`` in ``lang``; :class:`RulesPageError` when there is none."""
    path = fragment_file(name, lang)
    if not path.is_file():
        raise RulesPageError(f"no fragment {name!r} in {lang!r} ({path.name} is not in {FRAGMENTS_DIR})")
    return path.read_text(encoding="utf-8")


def assemble(text: str, lang: str, *, source: str = "page",
             fragment: Callable[[str, str], str] = read_fragment, _within: tuple[str, ...] = ()) -> str:
    """``text`` with every include marker replaced by its fragment in ``lang`` (recursively);
    ``source`` names the page in errors."""

    def fill(match: re.Match[str]) -> str:
        name = match["name"]
        where = f"{source}: <!-- include: {name} -->"
        if name in _within:
            raise RulesPageError(f"{where}: the fragment includes itself ({' -> '.join((*_within, name))})")
        try:
            body = fragment(name, lang)
        except RulesPageError as exc:
            raise RulesPageError(f"{where}: {exc}") from None
        values: dict[str, str] = dict(VALUE.findall(match["values"] or ""))

        def value(ph: re.Match[str]) -> str:
            key = str(ph[1])
            if key not in values:
                raise RulesPageError(f"{where}: the fragment needs a value for {{{{{key}}}}} "
                                     f"(give it as {key}=\"...\" in the marker)")
            return values[key]

        body = PLACEHOLDER.sub(value, body)
        return assemble(body, lang, source=f"{source} > {name}", fragment=fragment, _within=(*_within, name))

    return MARKER.sub(fill, text)


def page_file(ruleset: Ruleset, lang: str) -> Path | None:
    """The page file of ``ruleset`` in ``lang``: ``server/rules/<id>.<lang>.html``, else the page
    that ships beside the ruleset's own module (``<id>.<lang>.html``), so that a new game is its
    engine module and its page. None when there is neither."""
    module = sys.modules.get(type(ruleset).__module__)
    places = [RULES_DIR]
    if module is not None and getattr(module, "__file__", None):
        places.append(Path(str(module.__file__)).parent)
    for place in places:
        html = place / f"{ruleset.id}.{lang}.html"
        if html.is_file():
            return html
    return None


def rules_page(ruleset: Ruleset, lang: str) -> str | None:
    """The rules page of ``ruleset`` in ``lang`` as served: its page file (:func:`page_file`) with
    the shared fragments filled in; None when the game has no page in ``lang``.

    >>> from bazas.engine.rulesets import get
    >>> page = rules_page(get("rubber"), "en")
    >>> "<!-- include" in page, page.count("<h2 "), "follow suit" in page
    (False, 7, True)
    """
    path = page_file(ruleset, lang)
    if path is None:
        return None
    return assemble(path.read_text(encoding="utf-8"), lang, source=str(path.name))
