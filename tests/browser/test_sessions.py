"""Whole sessions against bots through the browser: a rubber of auction-1920, a Chicago, a rubber.

The human seat is played by the test clicking (it passes in the auction and plays its first legal
card); the bots do the rest with a small time budget. After every deal the table must show all
four hands; at the end the score sheet names the winner and the history exports PBN.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pytest

from .ui import SEATS, Server, new_context, open_seat, page_errors, play_session, state

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

pytestmark = pytest.mark.browser

ALL_CARDS = {s + r for s in "SHDC" for r in "23456789TJQKA"}


def check_review(page: Page, s: dict[str, Any]) -> None:
    """After a deal: all four hands on the table (replay at its start), the result in the middle."""
    v = s["view"]
    assert v["phase"] == "done"
    if v.get("passed_out"):
        return
    assert v["all_hands"] and sorted(c for h in v["all_hands"].values() for c in h) == sorted(ALL_CARDS)
    page.wait_for_selector("#center .result")
    shown: set[str] = set()
    for seat in SEATS:
        shown.update(page.eval_on_selector_all(f'.seat-area[data-seat="{seat}"] .hand [data-card]',
                                               "els => els.map(e => e.dataset.card)"))
    assert shown == ALL_CARDS, "after the deal every hand is shown"
    assert page.locator("#replay-bar").is_visible()


@pytest.mark.parametrize(("ruleset", "seat", "lang", "seed"),
                         [("auction-1920", "S", "es", 1920), ("chicago", "E", "en", 4), ("rubber", "W", "es", 7)])
def test_whole_session_against_bots(server: Server, browser: Browser, ruleset: str, seat: str, lang: str,
                                    seed: int) -> None:
    table = server.create_table(ruleset, me=seat, lang=lang, seed=seed)  # the same deals every run
    ctx = new_context(browser, lang=lang)
    try:
        page = open_seat(ctx, server.url, table["me"])
        assert state(page)["view"]["seat"] == seat
        deals: list[dict[str, Any]] = []

        def after_deal(p: Page, s: dict[str, Any]) -> None:
            check_review(p, s)
            deals.append(s["view"])

        final = play_session(page, on_deal_end=after_deal, max_deals=40)
        score = final["score"]
        assert score["finished"]
        assert score["deals"], "the score sheet lists the deals"
        if ruleset == "chicago":
            assert sum(1 for d in score["deals"] if d["contract"] != "pass") == 4
        else:
            assert max(score["games"].values()) == 2

        # the score sheet, one click away
        page.click("#btn-score")
        sheet = page.locator("#score-sheet")
        sheet.wait_for()
        if ruleset == "chicago":
            assert sheet.locator(".chicago-sheet tbody tr").count() == len(score["deals"])
        else:
            assert sheet.locator(".rubber-sheet .game.closed").count() >= 2, "a line under each game"
            assert sheet.locator(".entry.bonus").count() == 1, "the rubber bonus"
        assert sheet.locator(".winner").is_visible()
        page.keyboard.press("Escape")

        # history with PBN export
        page.click("#btn-history")
        page.wait_for_selector("#history-list table.history")
        rows = page.locator("#history-list table.history tbody tr")
        assert rows.count() >= len(score["deals"])
        href = page.locator("#history-list .pbn-link").first.get_attribute("href")
        assert href
        pbn = server.get(href).decode()
        assert "[Deal " in pbn
        # review a finished deal from the history: four hands, the replay, the auction
        played = next(d for d in score["deals"] if d["contract"] != "pass")
        page.click(f'#history-list [data-review-deal="{played["number"]}"]')
        board = page.locator("#history-review .hr-board")
        board.wait_for()
        assert len(set(page.eval_on_selector_all("#history-review .hr-board [data-card]",
                                                 "els => els.map(e => e.dataset.card)"))) == 52
        page.click('#history-review [data-hreplay="next"]')
        assert page.locator("#history-review .hr-center .card-text").count() == 1
        page.keyboard.press("Escape")
        assert not page_errors(page)
    finally:
        ctx.close()
