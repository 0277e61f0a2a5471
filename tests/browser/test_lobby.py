"""Issue 12, "beyond the table": the lobby (``/lobby``, linked from the home page) shows the tables
their creator opened to the public with the game, the free seats and who sits at the others; it
updates by itself; one click on a free seat seats the player there; a taken seat is refused and
private tables never appear. Spanish and English, desktop and a 390×844 phone."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

import pytest

from .ui import Server, new_context, screenshot

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page, Route

pytestmark = pytest.mark.browser


def _card(page: Page, table_id: str) -> str:
    return f'.lobby-table[data-table="{table_id}"]'


@pytest.mark.parametrize(("lang", "width", "height"), [("es", 1366, 900), ("en", 390, 844)])
def test_issue12_lobby_lists_public_tables_and_one_click_takes_a_free_seat(
        server: Server, browser: Browser, lang: str, width: int, height: int) -> None:
    public = server.create_table(ruleset="chicago", seats={"N": "open", "E": "open"}, name="Creadora",
                                 lang=lang, public=True)["table_id"]
    private = server.create_table(seats={"N": "open"}, name="Privada", lang=lang)["table_id"]
    ctx = new_context(browser, lang=lang, width=width, height=height)
    try:
        page = ctx.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(server.url + "/")
        page.click("#lobby-link")
        page.wait_for_url("**/lobby")
        card = page.locator(_card(page, public))
        card.wait_for()
        assert page.locator(_card(page, private)).count() == 0, "a private table is never listed"
        text = card.inner_text()
        assert ("Chicago" in text) and "Creadora" in text
        assert ("Asiento libre" if lang == "es" else "Free seat") in text
        # who sits where: the creator at S, bots at W, free seats N and E with a button each
        assert card.locator('.lobby-seat[data-seat="S"][data-kind="human"]').count() == 1
        assert card.locator('.lobby-seat[data-seat="W"][data-kind="bot"]').count() == 1
        assert card.locator("button[data-join]").count() == 2
        assert page.evaluate("document.documentElement.scrollWidth") <= width, "no sideways scrolling"
        screenshot(page, f"issue12-lobby-{lang}-{width}")

        # live: a table opened now appears without reloading the page
        later = server.create_table(ruleset="rubber", seats={"E": "open"}, name="Luego", lang=lang,
                                    public=True)["table_id"]
        page.locator(_card(page, later)).wait_for()

        # one click on the free seat N: the table page opens seated at N
        card.locator('button[data-join][data-seat="N"]').click()
        page.wait_for_url(f"**/t/{public}**")
        page.wait_for_function("() => window.bazas && window.bazas.view && window.bazas.view.seat === 'N'",
                               timeout=30_000)
        assert not errors, errors
    finally:
        ctx.close()
    # The lobby no longer offers N, still offers E.
    entry = {t["id"]: t for t in json.loads(server.get("/api/lobby"))["tables"]}[public]
    assert entry["free"] == ["E"] and entry["seats"]["N"]["kind"] in ("human", "taken")


def test_issue12_lobby_refuses_a_seat_taken_meanwhile(server: Server, browser: Browser) -> None:
    table_id = server.create_table(seats={"N": "open"}, name="Ana", lang="es", public=True)["table_id"]
    ctx = new_context(browser, lang="es", width=390, height=844)
    try:
        page = ctx.new_page()
        page.goto(server.url + "/lobby")
        page.locator(_card(page, table_id)).wait_for()
        stale = server.get("/api/lobby")  # what the page read: N free

        def frozen(route: Route) -> None:  # the page keeps seeing its old list (as if a refresh had not come yet)
            route.fulfill(status=200, content_type="application/json", body=stale)
        page.route("**/api/lobby", frozen)
        # somebody else takes N
        taken = server.post(f"/api/lobby/{table_id}/join", {"seat": "N"})
        assert taken["seat"] == "N"
        page.locator(f'{_card(page, table_id)} button[data-seat="N"]').click()
        toast = page.locator("#toast")
        toast.wait_for()
        assert "ocupado" in toast.inner_text()
        assert "/lobby" in page.url, "a taken seat does not open the table"
    finally:
        ctx.close()
