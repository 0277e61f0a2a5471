"""Issue 12, "beyond the table": the player's own record. A player keeps a name and a history on
this device: every finished deal and game (here a one-deal session of 1920 Auction Bridge, so the
game ends too) is recorded by the table page with its date, game, partner and score, and ``/me``
(linked from the home page) lists them with a chart over time; the server keeps each seat's record
(``GET /api/tables/{id}/record?k=``), which ``/me`` copies back for this device's seats. Spanish and
English, desktop and a 390×844 phone."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from .ui import Server, new_context, open_seat, page_errors, play_deal, screenshot, state

if TYPE_CHECKING:
    from playwright.sync_api import Browser

pytestmark = pytest.mark.browser

RECORD_JS = """() => {
  const device = localStorage.getItem('bazas.device');
  return JSON.parse(localStorage.getItem('bazas.record.' + device) || '{"entries": []}').entries;
}"""


def test_issue12_finished_deal_and_game_go_to_the_record_and_the_me_page(server: Server, browser: Browser) -> None:
    created = server.create_table(ruleset="auction-1920+1-deals", name="Ana", lang="es")
    ctx = new_context(browser, lang="es")
    try:
        page = open_seat(ctx, server.url, created["me"])
        final = play_deal(page)
        page.wait_for_function("() => window.bazas.score && window.bazas.score.finished", timeout=60_000)
        final = state(page)
        entries = page.evaluate(RECORD_JS)
        deals = [e for e in entries if e["kind"] == "deal"]
        games = [e for e in entries if e["kind"] == "game"]
        assert len(deals) == 1 and len(games) == 1, entries
        deal, game = deals[0], games[0]
        points = final["score"]["deals"][0]["points"]
        assert deal["seat"] == "S" and deal["ruleset"].startswith("auction-1920")
        assert deal["net"] == points["NS"] - points["EW"]
        assert deal["partner"]["kind"] == "bot"
        totals = final["score"]["totals"]
        assert (game["us"], game["them"]) == (totals["NS"], totals["EW"])
        assert game["winner"] == {"NS": "us", "EW": "them", "tie": "tie"}[final["score"]["winner"] or "tie"]
        # Reloading the finished table records nothing twice.
        page.reload()
        page.wait_for_function("() => window.bazas && window.bazas.view && document.body.classList.contains('ready')")
        assert len(page.evaluate(RECORD_JS)) == 2
        assert not page_errors(page)

        # /me from the home page: the name, the results, the chart
        page.goto(server.url + "/")
        page.click("#me-link")
        page.wait_for_url("**/me")
        page.locator("#me-games tbody tr").first.wait_for()
        page.wait_for_function("() => window.bazasMe.synced")  # the server's copy adds nothing twice
        assert page.locator("#me-games tbody tr").count() == 1
        assert page.locator("#me-deals tbody tr").count() == 1
        row = page.locator("#me-games tbody tr").inner_text()
        assert "Bot" in row and f"{game['us']} – {game['them']}" in row
        assert {"us": "Ganada", "them": "Perdida", "tie": "Empate"}[game["winner"]] in row
        chart = page.locator("#me-chart-svg")
        assert chart.get_attribute("data-points") == "1"
        assert chart.get_attribute("data-total") == str(deal["net"])
        assert page.input_value("#me-name") == "Ana"
        page.fill("#me-name", "Ana María")
        page.click("#me-name-form button[type=submit]")
        page.wait_for_function("() => localStorage.getItem('bazas.name') === 'Ana María'")
        screenshot(page, "issue12-me-es-desktop")

        # English, on a phone: the same record, nothing wider than the screen
        page.set_viewport_size({"width": 390, "height": 844})
        page.click('#lang-switch button[data-lang="en"]')
        page.wait_for_function("() => document.querySelector('h1').textContent === 'My record'")
        assert "Won" in page.inner_text("#me-games") or "Lost" in page.inner_text("#me-games") \
            or "Tie" in page.inner_text("#me-games")
        page.reload()
        page.wait_for_function("() => window.bazasMe && window.bazasMe.ready")  # drawn after the language loads
        assert page.input_value("#me-name") == "Ana María", "the name is kept on this device"
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        screenshot(page, "issue12-me-en-phone")

        # The server keeps the seat's record too: a record lost on this device (here: cleared)
        # comes back from the server for the tables whose seat key the device holds.
        page.evaluate("() => localStorage.removeItem('bazas.record.' + localStorage.getItem('bazas.device'))")
        page.reload()
        page.wait_for_function("() => window.bazasMe && window.bazasMe.synced")
        page.locator("#me-games tbody tr").first.wait_for()
        back = page.evaluate(RECORD_JS)
        assert sorted(e["key"] for e in back) == sorted(e["key"] for e in entries)
        assert all(e.get("synced") for e in back)
        assert [e["net"] for e in back if e["kind"] == "deal"] == [deal["net"]]
    finally:
        ctx.close()
