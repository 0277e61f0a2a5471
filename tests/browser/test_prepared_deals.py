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
        box = chip.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width
        assert page_errors(page) == []
        other = open_seat(ctx, server.url, plain["me"])
        other.wait_for_function("() => window.bazas.view && window.bazas.view.seat === 'S'")
        other.locator("#deal-info .chip").first.wait_for(state="visible")
        assert other.locator("#prepared-chip").count() == 0
    finally:
        ctx.close()
