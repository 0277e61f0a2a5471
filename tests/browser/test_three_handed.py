"""Issue 11: a whole three-handed Auction rubber in the browser, one person and two bots.

The home page offers the game from its facts (three seats N, E, S; W holds the dummy hand). At
the table the person (South) sees three players and the dummy hand W face down while the auction
lasts (none of its cards in the page), opens the bidding when nobody has (so he declares some
deals and plays the dummy's cards), otherwise passes, and plays legal cards. The rubber ends when
a player has two games (RULES.md, "Variants from seed 001"); the score sheet then shows one column
per player, each player's totals and the settlement between the players.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pytest

from .ui import Server, new_context, next_deal, open_seat, page_errors, play_deal, screenshot, snapshot, state

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

pytestmark = pytest.mark.browser

GAME = "three-handed-auction"


AUCTION_DOM_JS = """() => {
  const a = window.bazas;
  if (!a || !a.view || a.view.phase !== "auction" || document.body.dataset.phase !== "auction") return null;
  return {number: a.table.deal_number,
          hidden: document.querySelectorAll('.seat-area[data-seat="W"] .hidden-hand').length,
          cards: [...document.querySelectorAll("[data-card]")].map((e) => e.dataset.card)};
}"""


def opener(s: dict[str, Any]) -> str:
    """Bid the cheapest bid when nobody has bid yet, else pass; the first legal card."""
    v = s["view"]
    legal: list[str] = v["legal"]
    if v["phase"] == "auction":
        nobody_bid = not any(c[0].isdigit() for c in v["calls"])
        bids = [c for c in legal if c[0].isdigit()]
        return bids[0] if nobody_bid and bids else "P"
    return legal[0]


def test_issue11_home_page_offers_three_handed_with_three_seats_and_a_dummy(server: Server,
                                                                          browser: Browser) -> None:
    ctx = new_context(browser, lang="en")
    try:
        page = ctx.new_page()
        page.goto(server.url + "/")
        page.click(f'label.ruleset-opt[data-ruleset="{GAME}"]')
        page.wait_for_selector('[data-seat-box="W"].dummy-seat')
        assert page.locator('[data-seat-box="W"] button').count() == 0, "nobody sits at the dummy hand"
        for seat in "NE":
            assert page.locator(f'[data-seat-box="{seat}"] button[data-kind="bot"]').count() == 1
    finally:
        ctx.close()


def test_issue11_whole_three_handed_rubber_one_person_two_bots(server: Server, browser: Browser) -> None:
    table = server.create_table(GAME, seats={"N": "bot", "E": "bot"}, me="S", lang="en", seed=311)
    ctx = new_context(browser, lang="en")
    try:
        page = open_seat(ctx, server.url, table["me"])
        first = state(page)
        assert first["table"]["seats"]["W"]["kind"] == "dummy"
        assert page.locator('.seat-area[data-seat="W"] .pname').inner_text().strip() == "Dummy hand"
        declared = played_dummy = 0
        auction_dom: dict[int, set[str]] = {}

        def watch(p: Page) -> None:
            nonlocal played_dummy
            s, _ = snapshot(p)
            v = s["view"]
            if v["phase"] == "play" and v["declarer"] == "S" and v["dummy_hand"] is not None:
                played_dummy += 1
            # What the page draws while the auction is on (read in one go, once it has drawn it).
            drawn = p.evaluate(AUCTION_DOM_JS)
            if drawn is not None:
                # the dummy hand lies face down: its backs are drawn, none of its cards
                assert drawn["hidden"] == 1, drawn
                auction_dom.setdefault(drawn["number"], set()).update(drawn["cards"])

        final: dict[str, Any] | None = None
        for _ in range(30):
            s = play_deal(page, opener, on_step=watch, timeout=180)
            v = s["view"]
            number = s["table"]["deal_number"]
            if v["declarer"] == "S":
                declared += 1
            if v["all_hands"]:
                dummy = set(v["all_hands"]["W"])
                assert not (auction_dom.get(number, set()) & dummy), "a dummy card was in the page during the auction"
            if s["score"]["finished"]:
                final = s
                break
            next_deal(page)
        assert final is not None, "the rubber did not end within 30 deals"
        score = final["score"]
        assert score["players"] == ["N", "E", "S"] and max(score["games"].values()) == 2
        assert score["winner"] in ("N", "E", "S") and sum(score["net"].values()) == 0
        assert auction_dom, "the page was seen during an auction"
        assert declared >= 1 and played_dummy >= 1, "the person declared a deal and played the dummy's cards"

        screenshot(page, "three-handed-end")
        # The sheet: a column per player, each deal's points, the totals and the settlement.
        page.click("#btn-score")
        sheet = page.locator("#score-sheet .players-sheet")
        sheet.wait_for()
        assert sheet.locator("thead th[data-player]").all_inner_texts() == ["N", "E", "S"]
        assert sheet.locator("tbody tr").count() == len(score["deals"])
        totals = sheet.locator("tfoot tr.totals td").all_inner_texts()
        assert [int(x) for x in totals] == [score["totals"][p] for p in "NES"]
        assert sheet.locator(".settlement li").count() == 3
        assert sheet.locator(".winner").is_visible()
        assert sheet.locator(f'.winner[data-winner="{score["winner"]}"]').count() == 1
        screenshot(page, "three-handed-sheet")
        assert not page_errors(page)
    finally:
        ctx.close()
