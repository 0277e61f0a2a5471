"""Issue 11, "House options at the table" and "The first dealer is drawn": from the home page a person
opens a Royal Auction table with nullos against three bots. The options are controls built from the
game's facts (``GET /api/rulesets/{id}``: ``option_controls``), the first dealer is drawn by default;
the table shows the options and the cut, the deal is played to its end with the person's cards and
the score sheet shows the options and a scored line."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

import pytest

from .ui import Server, new_context, page_errors, play_deal, state

if TYPE_CHECKING:
    from playwright.sync_api import Browser

pytestmark = pytest.mark.browser

GAME = "royal-auction"
SUITS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def legal_play(s: dict[str, Any]) -> str:
    """Simple legal play: pass when passing is allowed (the dealer must bid: the lowest bid), the
    first legal card."""
    legal: list[str] = s["view"]["legal"]
    if s["view"]["phase"] == "auction":
        return "P" if "P" in legal else legal[0]
    return legal[0]


def test_issue11_royal_auction_with_nullos_from_the_home_page(server: Server, browser: Browser) -> None:
    facts = json.loads(server.get(f"/api/rulesets/{GAME}"))
    assert set(facts["option_controls"]) == {"nullos", "tie"}
    ctx = new_context(browser, lang="en")
    try:
        page = ctx.new_page()
        page.goto(server.url + "/")
        page.locator(f'.ruleset-opt[data-ruleset="{GAME}"]').click()
        # The game's options appear as controls; the first dealer is drawn unless fixed.
        nullos = page.locator('#ruleset-options input[data-option="nullos"]')
        nullos.wait_for()
        assert page.locator('#ruleset-options select[data-option="tie"]').count() == 1
        assert "Nullos" in page.inner_text("#ruleset-options")
        assert page.get_attribute('#first-dealer [data-dealer="draw"]', "aria-pressed") == "true"
        assert page.locator("#first-dealer button").count() == 5  # draw, N, E, S, W
        nullos.check()
        page.fill("#name", "Ana")
        page.click("#start")
        page.wait_for_url("**/t/**")
        page.wait_for_function("() => window.bazas && window.bazas.view && document.body.classList.contains('ready')",
                               timeout=30_000)
        s = state(page)
        table = s["table"]
        assert table["ruleset"] == "royal-auction+nullos" and table["options"] == {"nullos": True}
        cut = table["cut"]
        assert cut is not None and sorted(cut["cards"]) == ["E", "N", "S", "W"]
        assert s["view"]["dealer"] == cut["dealer"]
        # The draw and the options are shown to the player.
        line = page.inner_text("#cut-line")
        for seat, card in cut["cards"].items():
            rank = "10" if card[1:] == "T" else card[1:]
            assert f"{seat} cut {SUITS[card[0]]}{rank}" in line
        assert f"{cut['dealer']} deals (lowest card deals)" in line
        assert "Nullos (bids to lose tricks): yes" in page.inner_text("#contract-box")
        done = play_deal(page, legal_play)
        assert done["view"]["phase"] == "done"
        line_score = done["score"]["deals"][0]
        assert line_score["contract"] != "pass" and sum(line_score["points"].values()) > 0
        page.click("#btn-score")
        sheet = page.locator("#score-sheet")
        sheet.locator(".sheet-options").wait_for()
        assert "Options: Nullos (bids to lose tricks): yes" in sheet.inner_text()
        rows = sheet.locator(".deal-by-deal tbody tr")
        assert rows.count() == 1
        cells = rows.first.locator("td")  # in a closed <details>: its text, not its rendering
        assert (cells.nth(0).text_content() or "").strip() == "1"
        assert any((cells.nth(i).text_content() or "").strip().isdigit() for i in (2, 3)), "a scored line with points"
        assert not page_errors(page)
    finally:
        ctx.close()
