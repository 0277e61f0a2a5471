"""Screenshots of the table in Spanish and English, phone (390x844) and desktop (1366x900), saved
under artifacts/screenshots/ for people to look at; the layout must fit a phone's width."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from .ui import (
    Server,
    act_once,
    new_context,
    next_deal,
    open_seat,
    page_errors,
    play_deal,
    screenshot,
    state,
    wait_for_turn_or_end,
)

if TYPE_CHECKING:
    from playwright.sync_api import Browser

pytestmark = pytest.mark.browser

SIZES = {"phone": (390, 844), "desktop": (1366, 900)}


def test_table_screenshots(server: Server, browser: Browser) -> None:
    table = server.create_table("rubber", me="S")
    driver_ctx = new_context(browser, lang="es")
    try:
        driver = open_seat(driver_ctx, server.url, table["me"])
        # the auction
        wait_for_turn_or_end(driver)
        shots = []
        for lang in ("es", "en"):
            for size, (w, h) in SIZES.items():
                ctx = new_context(browser, lang=lang, width=w, height=h, is_mobile=size == "phone", has_touch=size == "phone")
                try:
                    page = open_seat(ctx, server.url, table["me"])
                    page.wait_for_timeout(300)
                    shots.append(screenshot(page, f"table-auction-{lang}-{size}"))
                finally:
                    ctx.close()
        # the play: a trick on the table, dummy down
        while True:
            wait_for_turn_or_end(driver)
            s = state(driver)
            v = s["view"]
            if v["phase"] == "done":
                next_deal(driver)
                continue
            cur = (v.get("current") or {}).get("cards") or []
            if v["phase"] == "play" and len(v["tricks"]) >= 2 and cur and v["actor"] == v["seat"]:
                break
            act_once(driver)
        for lang in ("es", "en"):
            for size, (w, h) in SIZES.items():
                ctx = new_context(browser, lang=lang, width=w, height=h, is_mobile=size == "phone", has_touch=size == "phone")
                try:
                    page = open_seat(ctx, server.url, table["me"])
                    page.wait_for_timeout(400)  # let the cards land
                    overflow = page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth")
                    assert overflow <= 0, f"{size}: the page is {overflow}px wider than the screen"
                    shots.append(screenshot(page, f"table-{lang}-{size}"))
                    assert not page_errors(page)
                finally:
                    ctx.close()
        # after the deal: all hands, the analysis, the score sheet
        play_deal(driver)
        for lang in ("es", "en"):
            for size, (w, h) in SIZES.items():
                ctx = new_context(browser, lang=lang, width=w, height=h, is_mobile=size == "phone", has_touch=size == "phone")
                try:
                    page = open_seat(ctx, server.url, table["me"])
                    page.wait_for_timeout(300)
                    shots.append(screenshot(page, f"table-review-{lang}-{size}"))
                    page.click("#btn-score")
                    page.wait_for_selector("#dlg-score[open]")
                    shots.append(screenshot(page, f"score-{lang}-{size}"))
                finally:
                    ctx.close()
        for lang in ("es", "en"):
            ctx = new_context(browser, lang=lang, width=390, height=844, is_mobile=True, has_touch=True)
            try:
                page = ctx.new_page()
                page.goto(server.url + "/")
                page.wait_for_selector(".ruleset-opt")
                shots.append(screenshot(page, f"home-{lang}-phone"))
            finally:
                ctx.close()
        for path in shots:
            assert path.stat().st_size > 10_000
    finally:
        driver_ctx.close()
