"""The home page, the bidding box, the keyboard alone and the language switch."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

import pytest

from .ui import (
    Server,
    new_context,
    open_seat,
    page_errors,
    reply_due,
    state,
    wait_for_turn_or_end,
    wait_version_after,
)

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

pytestmark = pytest.mark.browser


def test_home_page_starts_a_table_with_an_invitation(server: Server, browser: Browser) -> None:
    ctx = new_context(browser, lang="en-GB", permissions=["clipboard-read", "clipboard-write"])
    try:
        page = ctx.new_page()
        page.goto(server.url + "/")
        page.wait_for_selector(".ruleset-opt")
        assert "Bridge, at a real table." in page.inner_text("h1")
        page.click('.ruleset-opt[data-ruleset="chicago"]')
        page.click('[data-sit="E"]')
        page.click('[data-seat="W"][data-kind="open"]')
        page.fill("#name", "Ana")
        page.click("#start")
        page.wait_for_selector("#links:not([hidden])")
        invite = page.locator('[data-invite="W"] input').input_value()
        assert "/t/" in invite and "k=" in invite
        page.click('[data-invite="W"] button[data-copy]')
        page.wait_for_function("() => document.querySelector('#toast.show')")
        assert page.evaluate("() => navigator.clipboard.readText()") == invite
        page.click("#go")
        page.wait_for_function("() => window.bazas && window.bazas.view")
        s = state(page)
        assert s["view"]["seat"] == "E"
        assert s["table"]["ruleset"] == "chicago"
        # a friend opens the invitation in another browser, as West
        friend = new_context(browser, lang="es")
        try:
            fp = open_seat(friend, "", invite)
            assert state(fp)["view"]["seat"] == "W"
        finally:
            friend.close()
        # a spectator link sees no hidden hand
        spect = new_context(browser, lang="es")
        try:
            table_id = invite.split("/t/")[1].split("?")[0]
            sp = open_seat(spect, server.url, f"/t/{table_id}")
            sv = state(sp)["view"]
            assert sv["seat"] is None and sv["hand"] is None
            assert not sp.locator("#bidbox").is_visible()
        finally:
            spect.close()
        assert not page_errors(page)
    finally:
        ctx.close()


def test_bidding_box_offers_only_legal_calls_and_explains(server: Server, browser: Browser) -> None:
    table = server.create_table("rubber", me="N")  # North deals the first deal
    ctx = new_context(browser, lang="es")
    try:
        page = open_seat(ctx, server.url, table["me"])
        wait_for_turn_or_end(page)
        s = state(page)
        assert s["view"]["phase"] == "auction"
        enabled = page.eval_on_selector_all(".bid[data-call]:not([disabled])", "els => els.map(e => e.dataset.call)")
        assert sorted(enabled) == sorted(s["view"]["legal"])
        assert "X" not in enabled and "XX" not in enabled
        # calls in Spanish
        assert page.inner_text('.bid[data-call="P"]').strip() == "Paso"
        assert "ST" in page.inner_text('.bid[data-call="1NT"]')
        # hover a bid: its meaning
        page.hover('.bid[data-call="1NT"]')
        page.wait_for_selector("#tip:not([hidden])")
        assert page.inner_text("#tip").strip()
        before = s["version"]
        page.click('.bid[data-call="1NT"]')
        wait_version_after(page, before)
        # after the bots call: hover/tap each call of the auction for its meaning
        page.wait_for_function("() => window.bazas.view.calls.length >= 2")
        page.click('.call-cell[data-call-index="1"]')
        page.wait_for_selector("#tip:not([hidden]) .tip-body")
        page.wait_for_function("() => document.querySelector('#tip .tip-body').textContent.trim().length > 0")
        # an illegal bid cannot be pressed
        s = state(page)
        if s["view"]["actor"] == "N" and s["view"]["phase"] == "auction":
            assert page.locator('.bid[data-call="1C"]').is_disabled()
        # hint: what the bot would do
        wait_for_turn_or_end(page)
        if state(page)["view"]["phase"] in ("auction", "play"):
            page.click("#btn-hint")
            page.wait_for_selector("#panel-hint:not([hidden]) .hint-action")
        assert not page_errors(page)
    finally:
        ctx.close()


def typed(card: str, n: int) -> str:
    """A card the way a person at a Spanish table may type it (issue 12: the Spanish suit letters
    T D C P): PA, pa, C10, ct, 10c..."""
    suit, rank = {"S": "P", "H": "C", "D": "D", "C": "T"}[card[0]], card[1:]
    forms = [suit + rank, (suit + rank).lower()]
    if rank == "T":
        forms += [suit + "10", "10" + suit.lower()]
    else:
        forms += [rank + suit]
    return forms[n % len(forms)]


def type_line(page: Page, text: str) -> None:
    """Type into the page (no click, no focus: the page catches the keys) and press Enter."""
    page.keyboard.type(text)
    page.keyboard.press("Enter")


def test_keyboard_only(server: Server, browser: Browser) -> None:
    table = server.create_table("rubber", me="S")
    ctx = new_context(browser, lang="es")
    try:
        page = open_seat(ctx, server.url, table["me"])
        n = 0
        deadline = time.monotonic() + 120
        hinted = False
        while time.monotonic() < deadline:
            wait_for_turn_or_end(page)
            s: dict[str, Any] = state(page)
            v = s["view"]
            if v["phase"] == "done":
                break
            page.evaluate("() => document.activeElement && document.activeElement.blur()")
            if reply_due(s):  # a bot claims: answer from the keyboard too
                type_line(page, "aceptar")
                wait_version_after(page, s["version"])
                continue
            if not hinted:
                type_line(page, "pista")
                page.wait_for_selector("#panel-hint:not([hidden])")
                hinted = True
            before = s["version"]
            if v["phase"] == "auction":
                type_line(page, ["p", "paso", "P", "pass"][n % 4] if "P" in v["legal"] else v["legal"][0])
            else:
                type_line(page, typed(v["legal"][-1], n))
            wait_version_after(page, before)
            n += 1
        s = state(page)
        assert s["view"]["phase"] == "done", "a whole deal played from the keyboard"
        # the replay with the arrow keys, then the next deal by typing
        page.evaluate("() => document.activeElement && document.activeElement.blur()")
        if not s["view"]["passed_out"]:
            page.keyboard.press("ArrowRight")
            page.keyboard.press("ArrowRight")
            assert "2 /" in page.inner_text("#replay-bar .replay-pos")
            page.evaluate("() => document.activeElement && document.activeElement.blur()")
        before = s["version"]
        type_line(page, "siguiente")
        wait_version_after(page, before)
        assert state(page)["view"]["phase"] in ("auction", "play")
        assert not page_errors(page)
    finally:
        ctx.close()


def test_language_switch(server: Server, browser: Browser) -> None:
    table = server.create_table("auction-1920", me="W")
    ctx = new_context(browser, lang="es-ES")
    try:
        page = open_seat(ctx, server.url, table["me"])
        assert page.evaluate("() => document.documentElement.lang") == "es"
        assert "Marcador" in page.inner_text("#btn-score")
        assert page.inner_text('.plate[data-seat="W"] .seat-badge').strip() == "O"
        if page.locator("#bidbox").is_visible():
            assert page.inner_text('.bid[data-call="P"]').strip() == "Paso"
        page.click('#lang-switch button[data-lang="en"]')
        page.wait_for_function("() => document.documentElement.lang === 'en'")
        assert "Score" in page.inner_text("#btn-score")
        assert page.inner_text('.plate[data-seat="W"] .seat-badge').strip() == "W"
        if page.locator("#bidbox").is_visible():
            assert page.inner_text('.bid[data-call="P"]').strip() == "Pass"
        # the choice sticks
        page.reload()
        page.wait_for_function("() => window.bazas && window.bazas.view")
        assert page.evaluate("() => document.documentElement.lang") == "en"
        # rules page in the chosen language, with its scoring tables (the link is set once the
        # ruleset's facts arrive, which may be after the view)
        page.wait_for_function("() => document.querySelector('#rules-link').getAttribute('href')")
        href = page.get_attribute("#rules-link", "href")
        assert href and "lang=en" in href and "auction-1920" in href
        rules = ctx.new_page()
        rules.goto(server.url + href)
        assert "Auction Bridge" in rules.inner_text("h1")
        assert rules.locator("table").count() >= 4
        rules.close()
        page.click('#lang-switch button[data-lang="es"]')
        page.wait_for_function("() => document.documentElement.lang === 'es'")
        assert "Marcador" in page.inner_text("#btn-score")
        assert not page_errors(page)
    finally:
        ctx.close()
