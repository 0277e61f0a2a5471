"""The web UI's pages as served: the lobby, /me, /learn (issue 12) and a team match's page take the
top of the page, the theme script and the top bar from one set of fragments
(``static/_fragments``, :mod:`bazas.server.static_pages`); the site's navigation marks the page
being served."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bazas.server.rules_pages import RulesPageError
from bazas.server.static_pages import assemble_page, mark_current

from .harness import ServerProcess

PAGES = {"/lobby": "lobby.title", "/me": "me.title", "/learn": "learn.title", "/match/anything": "match.title"}


def test_issue12_pages_are_served_whole_with_the_shared_top_and_bar(server: ServerProcess) -> None:
    for path, title_key in PAGES.items():
        r = server.get(path)
        assert r.status_code == 200 and "text/html" in r.headers["content-type"], path
        html = r.text
        assert "<!-- include" not in html and "{{" not in html, path
        assert html.startswith("<!doctype html>\n<html lang=\"es\" data-theme=\"light\">"), path
        assert f'<title data-i18n="{title_key}">' in html, path
        assert 'localStorage.getItem("bazas.theme")' in html, path  # the theme is applied before drawing
        assert html.count('<header class="topbar">') == 1 and 'id="theme-toggle"' in html and 'id="lang-switch"' in html
        assert html.index("</head>") < html.index('<header class="topbar">') < html.index("<main>"), path


def test_issue12_navigation_marks_the_page_being_served(server: ServerProcess) -> None:
    for path in ("/lobby", "/me", "/learn"):
        nav = re.search(r'<nav class="page-nav.*?</nav>', server.get(path).text, re.S)
        assert nav is not None, path
        assert re.findall(r'<a href="([^"]+)" aria-current="page"', nav[0]) == [path]
        assert re.findall(r'<a href="([^"]+)"', nav[0]) == ["/lobby", "/me", "/learn"]
    match = server.get("/match/anything").text
    assert "page-nav" not in match and '<div class="deal-info"></div>' in match


def test_a_fragment_that_is_not_there_is_named_with_its_page(tmp_path: Path) -> None:
    (tmp_path / "_fragments").mkdir()
    with pytest.raises(RulesPageError, match=r"lobby\.html: <!-- include: page-head -->: no fragment 'page-head'"):
        assemble_page("<!-- include: page-head -->\n", static_dir=tmp_path, source="lobby.html")


def test_a_page_missing_from_the_navigation_is_named() -> None:
    with pytest.raises(RulesPageError, match=r"me\.html: the navigation has no link to '/me'"):
        mark_current('<nav class="page-nav"><a href="/lobby">Sala</a></nav>', "/me", source="me.html")
    assert mark_current("<main>no navigation</main>", "/me") == "<main>no navigation</main>"
