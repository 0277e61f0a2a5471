"""Issue 11 at the table page: a person bids a NULLO and a ROYAL SPADE with the bidding box, which
shows the game's own denominations (facts ``denominations``: S, C, D, H, RS, NU, NT by value), the
nullo is played out against three bots and scored as the engine scores it, and the sheet shows it.
Royal Auction's dealer must bid (Law 42): his pass is not offered."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pytest

from bazas.engine.rulesets import get
from bazas.engine.rulesets.base import DealResult
from bazas.engine.rulesets.denominations import parse_contract
from bazas.engine.seats import Seat
from bazas.engine.session import Session

from .ui import Server, new_context, open_seat, page_errors, play_deal, state

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

pytestmark = pytest.mark.browser


def opening(bid: str):  # type: ignore[no-untyped-def]
    """The person (the dealer) opens ``bid`` and then passes; the first legal card."""

    def choose(s: dict[str, Any]) -> str:
        v = s["view"]
        if v["phase"] == "auction":
            return bid if not v["calls"] else ("P" if "P" in v["legal"] else v["legal"][0])
        return str(v["legal"][0])

    return choose


def box_columns(page: Page) -> list[str]:
    calls: list[str] = page.eval_on_selector_all('#bidbox .bb-row[data-level="1"] .bid',
                                                 "els => els.map(e => e.dataset.call)")
    return calls


def test_issue11_a_nullo_bid_with_the_box_played_and_scored(server: Server, browser: Browser) -> None:
    table = server.create_table("royal-auction", me="S", lang="en", seed=4, first_dealer="S",
                                options={"nullos": True})
    ctx = new_context(browser, lang="en")
    try:
        page = open_seat(ctx, server.url, table["me"])
        page.wait_for_selector('#bidbox .bid[data-call="1NU"]')
        # The box: the game's denominations by value, the dealer may not pass (Law 42).
        assert box_columns(page) == ["1S", "1C", "1D", "1H", "1RS", "1NU", "1NT"]
        assert page.is_enabled('#bidbox .bid[data-call="1NU"]')
        assert page.is_disabled('#bidbox .bid[data-call="P"]')
        done = play_deal(page, opening("1NU"), timeout=180)
        line = done["score"]["deals"][0]
        assert (line["contract"], line["declarer"]) == ("1NU", "S"), line
        # Scored as the engine scores one nullo by South with those tricks (no honours at a nullo).
        session = Session.start("royal-auction+nullos", Seat.S)
        expected = session.record(DealResult(parse_contract(get("royal-auction+nullos"), "1NU"), Seat.S,
                                             line["tricks"])).entries[0].points
        assert line["points"] == {"NS": expected.ns, "EW": expected.ew}
        assert not [i for i in line["items"] if i["kind"] == "honours"]
        # The contract and the sheet name the nullo; its result counts the tricks lost.
        lost = 13 - line["tricks"]
        diff = lost - 7
        result = "=" if diff == 0 else f"+{diff}" if diff > 0 else f"−{-diff}"
        page.click("#btn-score")
        row = page.locator("#score-sheet .deal-by-deal tbody tr").first
        row.wait_for(state="attached")
        cell = " ".join((row.locator("td").nth(1).text_content() or "").split())
        assert cell.startswith("1Nullo") and cell.endswith(result), cell
        assert not page_errors(page)
    finally:
        ctx.close()


def test_issue11_a_royal_spade_bid_with_the_box_in_spanish(server: Server, browser: Browser) -> None:
    table = server.create_table("royal-auction", me="S", lang="es", seed=8, first_dealer="S")
    ctx = new_context(browser, lang="es")
    try:
        page = open_seat(ctx, server.url, table["me"])
        page.wait_for_selector('#bidbox .bid[data-call="1RS"]')
        assert box_columns(page) == ["1S", "1C", "1D", "1H", "1RS", "1NT"]
        assert "picas reales" in (page.get_attribute('#bidbox .bid[data-call="1RS"] .royal', "title") or "")
        before = state(page)["version"]
        page.click('#bidbox .bid[data-call="1RS"]')
        page.wait_for_function("(v) => window.bazas.msg && window.bazas.msg.version !== v", arg=before)
        s = state(page)
        assert s["view"]["calls"][0] == "1RS"
        # The auction grid draws it as R + the spade, not as raw text (once the grid has caught up
        # with the state: the table's pace may hold a redraw).
        page.wait_for_selector('#side-auction [data-call-index="0"]', timeout=30_000)
        page.wait_for_selector('#side-auction [data-call-index="0"] .royal', timeout=30_000)
        assert page.locator('#side-auction [data-call-index="0"] .royal').count() == 1
        assert not page_errors(page)
    finally:
        ctx.close()
