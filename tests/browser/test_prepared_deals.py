"""Issue 13 point 3: prepared deals (a seed chosen at creation; a team match's boards from the
creator's file) are shown on the table: a chip in the deal's header line, with the reason in
its title, at the desktop and on a 360 px phone, es and en; a table dealt by the server shows none."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from .ui import Server, new_context, open_seat, page_errors

if TYPE_CHECKING:
    from playwright.sync_api import Browser

pytestmark = pytest.mark.browser

LABELS = {"es": "Manos preparadas", "en": "Prepared deals"}


@pytest.mark.parametrize(("lang", "width", "height"), [("es", 1366, 900), ("en", 360, 640)])
def test_issue13_3_prepared_deals_are_shown_on_the_table(server: Server, browser: Browser, lang: str,
                                                         width: int, height: int) -> None:
    seeded = server.create_table(me="S", lang=lang, seed=13)
    plain = server.create_table(me="S", lang=lang)
    ctx = new_context(browser, lang=lang, width=width, height=height)
    try:
        page = open_seat(ctx, server.url, seeded["me"])
        page.wait_for_function("() => window.bazas.view && window.bazas.view.seat === 'S'")
        chip = page.locator("#prepared-chip")
        chip.wait_for(state="visible")
        assert chip.inner_text().strip() == LABELS[lang]
        assert "seed" in (chip.get_attribute("title") or "") or "semilla" in (chip.get_attribute("title") or "")
        edges = page.wait_for_function("""() => { const c = document.querySelector('#prepared-chip');
            const r = c && c.getBoundingClientRect(); return r && r.width > 0 ? [r.left, r.right] : null; }""").json_value()
        assert edges[0] >= 0 and edges[1] <= width, edges
        assert page_errors(page) == []
        other = open_seat(ctx, server.url, plain["me"])
        other.wait_for_function("() => window.bazas.view && window.bazas.view.seat === 'S'")
        other.locator("#deal-info .chip").first.wait_for(state="visible")
        assert other.locator("#prepared-chip").count() == 0
    finally:
        ctx.close()


AGREE = {"es": "Acepto jugar estos tableros", "en": "I agree to play these boards"}


@pytest.mark.parametrize(("lang", "width", "height"), [("es", 1366, 900), ("en", 360, 640)])
def test_issue13_3_a_person_agrees_to_a_matchs_prepared_boards_before_any_card(
        server: Server, browser: Browser, lang: str, width: int, height: int) -> None:
    """A team match on the creator's PBN boards: the seat's page asks its person to agree (the
    banner's button, es/en, on screen at 360 px); before that the page holds no card and the
    bots have not called; after it, the hand is dealt and the table plays."""
    import random

    from bazas.engine.match import deal_boards
    from bazas.formats.match_records import dumps_boards

    pbn = dumps_boards(deal_boards(2, random.Random(13)), event="issue 13")
    created = server.post("/api/matches", {"pbn": pbn, "seats": {"1S": "open"}, "lang": lang, "bot_seconds": 0.2})
    ctx = new_context(browser, lang=lang, width=width, height=height)
    try:
        page = open_seat(ctx, server.url, created["links"]["1S"])
        button = page.locator("#match-agree-btn")
        button.wait_for(state="visible")
        assert button.inner_text().strip() == AGREE[lang]
        # the banner is redrawn with each state: measure the button as it is once drawn
        edges = page.wait_for_function("""() => { const b = document.querySelector('#match-agree-btn');
            const r = b && b.getBoundingClientRect(); return r && r.width > 0 ? [r.left, r.right] : null; }""").json_value()
        assert edges[0] >= 0 and edges[1] <= width, edges
        view = page.evaluate("() => window.bazas.view")
        assert view["hand"] is None and view["calls"] == [] and page.locator(".card-btn[data-card]").count() == 0
        button.click()
        page.wait_for_function("() => window.bazas.view.hand && window.bazas.view.hand.length === 13")
        page.wait_for_function("() => window.bazas.view.calls.length > 0")  # dealer North (a bot) called
        assert page.locator("#match-agree").count() == 0
        assert page_errors(page) == []
    finally:
        ctx.close()
