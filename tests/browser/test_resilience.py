"""Nothing is lost: a page that loses its connection or is closed in the middle of a trick, and a
server killed in the middle of a rubber, come back exactly where they were."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

import pytest

from .ui import (
    Server,
    act_once,
    new_context,
    next_deal,
    open_seat,
    page_errors,
    play_deal,
    state,
    wait_for_turn_or_end,
)

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

pytestmark = pytest.mark.browser


def mid_trick(s: dict[str, Any]) -> bool:
    v = s["view"]
    cur = v.get("current") or {}
    return (v["phase"] == "play" and v["actor"] == v["seat"] and 0 < len(cur.get("cards") or []) < 4)


def play_until_mid_trick(page: Page, min_tricks: int = 1, deadline_s: float = 120) -> dict[str, Any]:
    """Act (pass, first legal card) until this seat is to play in a trick already begun."""
    deadline = time.monotonic() + deadline_s
    while time.monotonic() < deadline:
        wait_for_turn_or_end(page)
        s = state(page)
        if s["view"]["phase"] == "done":
            next_deal(page)
            continue
        if mid_trick(s) and len(s["view"]["tricks"]) >= min_tricks:
            return s
        act_once(page)
    raise AssertionError("never got to play in the middle of a trick")


def same_position(a: dict[str, Any], b: dict[str, Any]) -> None:
    va, vb = a["view"], b["view"]
    for key in ("hand", "current", "tricks", "calls", "contract", "declarer", "dummy_hand", "legal", "actor"):
        assert va[key] == vb[key], key
    assert len(a["score"]["deals"]) == len(b["score"]["deals"])


def test_reconnect_in_the_middle_of_a_trick(server: Server, browser: Browser) -> None:
    table = server.create_table("rubber")
    ctx = new_context(browser)
    try:
        page = open_seat(ctx, server.url, table["me"])
        before = play_until_mid_trick(page)

        # the socket drops: the page reconnects by itself and asks for the state again
        page.evaluate("() => window.bazas.conn.ws.close()")
        page.wait_for_function("() => window.bazas.connStatus !== 'open'")
        page.wait_for_function("() => window.bazas.connStatus === 'open'", timeout=15_000)
        page.wait_for_function("(v) => window.bazas.msg.version >= v", arg=before["version"])
        same_position(before, state(page))
        assert page.locator("#conn").is_hidden()

        # the page is closed and opened again from its link
        page.close()
        page = open_seat(ctx, server.url, table["me"])
        again = state(page)
        same_position(before, again)
        trick_cards = page.eval_on_selector_all("#center .tcard", "els => els.map(e => e.dataset.card)")
        assert sorted(trick_cards) == sorted(c for _, c in before["view"]["current"]["cards"])
        assert act_once(page) is not None, "the game goes on"
        assert not page_errors(page)
    finally:
        ctx.close()


def test_server_restart_in_the_middle_of_a_rubber(fresh_server: Server, browser: Browser) -> None:
    server = fresh_server
    table = server.create_table("rubber", me="N")
    ctx = new_context(browser, lang="en")
    try:
        page = open_seat(ctx, server.url, table["me"])
        play_deal(page)
        next_deal(page)
        before = play_until_mid_trick(page)
        assert len(before["score"]["deals"]) >= 1

        server.kill()
        page.wait_for_function("() => window.bazas.connStatus !== 'open'", timeout=15_000)
        page.wait_for_selector("#conn:not([hidden])")
        server.start()
        page.wait_for_function("() => window.bazas.connStatus === 'open'", timeout=30_000)
        page.wait_for_function("(v) => window.bazas.msg && window.bazas.msg.version >= v", arg=before["version"], timeout=30_000)
        after = state(page)
        same_position(before, after)
        assert after["score"]["deals"] == before["score"]["deals"]
        assert act_once(page) is not None, "the rubber goes on after the restart"
        assert not page_errors(page)
    finally:
        ctx.close()
