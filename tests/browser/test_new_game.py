"""Issue 7: a game registered on the server appears on the home page and plays at a table with no
edit to the JavaScript. The pages read the game's published facts (``GET /api/rulesets``,
``GET /api/rulesets/{id}``): its names, whether it has vulnerability, its session length and its
score sheet. The game is the toy ``tests/support/games/double_bonus_rubber.py``, loaded the way an
operator would (``BAZAS_RULESETS``)."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from typing import TYPE_CHECKING

import pytest

from .ui import REPO_ROOT, Server, new_context, page_errors, play_deal, running_server, state

if TYPE_CHECKING:
    from playwright.sync_api import Browser

pytestmark = pytest.mark.browser

GAME = "double-bonus-rubber"
ENV = {"BAZAS_RULESETS": "support.games.double_bonus_rubber", "BAZAS_TABLE_SPEED": "instant",
       "PYTHONPATH": os.pathsep.join(filter(None, [str(REPO_ROOT / "tests"), os.environ.get("PYTHONPATH")]))}


@pytest.fixture(scope="module")
def game_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with running_server(tmp_path_factory.mktemp("bazas-new-game"), env=ENV) as srv:
        yield srv


def test_issue7_new_game_on_the_home_page_and_at_the_table(game_server: Server, browser: Browser) -> None:
    facts = json.loads(game_server.get(f"/api/rulesets/{GAME}"))
    assert GAME in [r["id"] for r in json.loads(game_server.get("/api/rulesets"))["rulesets"]]
    for lang in ("en", "es"):
        ctx = new_context(browser, lang=lang)
        try:
            home = ctx.new_page()
            home.goto(game_server.url + "/")
            option = home.locator(f'.ruleset-opt[data-ruleset="{GAME}"]')
            option.wait_for()
            assert facts["names"][lang] in option.inner_text()
            assert option.locator("a").get_attribute("href") == f"/rules/{GAME}?lang={lang}"
            if lang == "en":
                continue
            # start a table of the new game from the home page (every other seat a bot)
            option.click()
            home.click("#start")
            home.wait_for_url("**/t/**")
            # The home page goes on to the seat itself (one connection per seat, issue 13).
            page = home
            page.wait_for_function("() => window.bazas && window.bazas.view && document.body.classList.contains('ready')",
                                   timeout=30_000)
            s = state(page)
            assert s["table"]["ruleset"] == GAME
            info = page.inner_text("#deal-info")
            assert facts["names"]["es"] in info
            assert "Mano 1" in info and "Mano 1 de" not in info, "no fixed number of deals (session_deals null)"
            assert page.locator("#deal-info .vul-info").count() == 1, "the game has vulnerability"
            assert page.get_attribute("#rules-link", "href") == f"/rules/{GAME}?lang=es"
            done = play_deal(page)
            assert done["view"]["phase"] == "done"
            page.click("#btn-score")
            sheet = page.locator("#score-sheet .rubber-sheet")
            sheet.wait_for()
            assert sheet.locator(".vul-chip").count() == 2
            assert not page_errors(page)
        finally:
            ctx.close()
