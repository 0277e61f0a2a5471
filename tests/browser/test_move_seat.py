"""Issue 13 point 3: a player moves the seat to another device from the table page ("move to
another device": a dialog with the link for the other device). Two browser profiles (two
devices): the seat moves, the old page can no longer act, the new one can; es and en."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

import pytest

from .ui import Server, new_context, open_seat, page_errors, state, wait_version_after

if TYPE_CHECKING:
    from playwright.sync_api import Browser

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("lang", ["es", "en"])
def test_issue13_3_move_seat_to_another_device(server: Server, browser: Browser, lang: str) -> None:
    created = server.create_table(me="S", lang=lang, first_dealer="S")  # South's turn at once
    old_ctx = new_context(browser, lang=lang)
    new_ctx = new_context(browser, lang=lang)
    try:
        frames: list[str] = []
        old = open_seat(old_ctx, server.url, created["me"], frames)
        old.wait_for_function("() => window.bazas.view.seat === 'S' && window.bazas.view.actor === 'S'")
        labels = {"es": "Pasar a otro dispositivo", "en": "Move to another device"}
        button = old.locator("#btn-move")
        assert button.is_enabled() and button.inner_text().strip() == labels[lang]
        button.click()
        old.wait_for_selector("#dlg-move[open] #move-confirm")
        old.click("#move-confirm")
        link = old.locator("#move-link").input_value()
        assert link.startswith(server.url + f"/t/{created['table_id']}?k=")
        key = link.split("k=", 1)[1]
        assert key not in created["me"]
        # The old page watches now: no seat, no actions, nothing stored for the seat.
        old.wait_for_function("() => window.bazas.view.seat == null")
        assert old.locator("#actions").is_hidden() and old.locator("#bidbox").is_hidden()
        assert old.evaluate(f"() => localStorage.getItem('bazas.seat.{created['table_id']}')") is None
        assert "k=" not in old.url
        # Even a call sent by hand from the old page is refused (it is no longer South's).
        before = len(frames)
        old.evaluate("() => window.bazas.conn.send({type: 'call', call: 'P'})")

        def refused() -> bool:
            return any(json.loads(f).get("code") == "not_seated" for f in frames[before:] if f.startswith("{"))

        for _ in range(100):
            if refused():
                break
            old.wait_for_timeout(100)
        assert refused(), frames[before:]
        old.locator("#dlg-move [data-close]").first.click()
        # The other device opens the link and plays the seat.
        new = open_seat(new_ctx, server.url, link[len(server.url):])
        new.wait_for_function("() => window.bazas.view.seat === 'S' && window.bazas.view.actor === 'S'")
        s = state(new)
        assert s["view"]["calls"] == [] and s["table"]["seats"]["S"]["connected"]
        new.click('.bid[data-call="P"]')
        wait_version_after(new, s["version"])
        new.wait_for_function("() => window.bazas.view.calls.length >= 1")
        # The old page saw the call as a spectator; reloaded, it is still a spectator.
        old.wait_for_function("() => window.bazas.view.calls.length >= 1")
        old.reload()
        old.wait_for_function("() => window.bazas && window.bazas.view && window.bazas.view.seat == null")
        assert not page_errors(old) and not page_errors(new)
    finally:
        old_ctx.close()
        new_ctx.close()
