"""Issue 12, the table itself, in the browser (desktop and a 390×844 phone): its pace and the
finished trick (point 1), no "thinking" dots on the person's own dummy (2), an open seat handed to
a bot (3), refusals in the player's language and undo only when there is something to undo (4),
claims said and replayed (5), the end of a Chicago (6), Spanish suit letters, alerts, hints in
plain words and the score sheet's entries (8).

Nothing is timed: the pace is checked by what the server states (``state.table.speed`` and
``pace``) and by the order of what the page shows (the finished trick stays while the next one
has begun, until the player clicks).
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import pytest

from .ui import (
    Server,
    act_once,
    click_visible,
    is_over,
    new_context,
    next_deal,
    open_seat,
    page_errors,
    reply_due,
    state,
    wait_for_turn_or_end,
    wait_version_after,
)

if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserContext, Page

pytestmark = pytest.mark.browser

SIZES = {"desktop": (1366, 900), "phone": (390, 844)}


@pytest.fixture(params=list(SIZES))
def size(request: pytest.FixtureRequest) -> str:
    return str(request.param)


def context_for(browser: Browser, size: str, lang: str = "es") -> BrowserContext:
    width, height = SIZES[size]
    extra: dict[str, Any] = {"is_mobile": True, "has_touch": True} if size == "phone" else {}
    return new_context(browser, lang=lang, width=width, height=height, **extra)


@pytest.fixture
def ctx_es(browser: Browser, size: str) -> Iterator[BrowserContext]:
    ctx = context_for(browser, size)
    try:
        yield ctx
    finally:
        ctx.close()


def grand_slam(s: dict[str, Any]) -> str:
    """South bids 7NT at its first call and passes after: South declares, North is dummy."""
    v = s["view"]
    if v["phase"] == "auction":
        return "7NT" if "7NT" in v["legal"] else "P"
    return str(v["legal"][0])


def click_call(page: Page, call: str) -> None:
    """A call as a person makes it: a click (desktop), or a tap and the confirm button (touch)."""
    before = state(page)["version"]
    page.click(f'.bid[data-call="{call}"]')
    if page.evaluate("() => window.matchMedia('(pointer: coarse)').matches"):
        page.click("#bb-ok")
    wait_version_after(page, before)


def act(page: Page, choose: Any) -> None:
    """This seat's turn: the call (clicked or tapped) or card chosen; a request: accepted."""
    s = state(page)
    if reply_due(s) or s["view"]["phase"] != "auction":
        act_once(page, choose)
        return
    click_call(page, choose(s))


def play_my_deal(page: Page, choose: Any = None) -> dict[str, Any]:
    """Play this seat's part of the deal (calls tapped on a phone) until it is over."""
    choose = choose or pass_or_first
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        wait_for_turn_or_end(page)
        s = state(page)
        if s["view"]["phase"] == "done" or is_over(s):
            return s
        act(page, choose)
    raise AssertionError("deal not finished")


def pass_or_first(s: dict[str, Any]) -> str:
    v = s["view"]
    if v["phase"] == "auction":
        return "P" if "P" in v["legal"] else str(v["legal"][0])
    return str(v["legal"][0])


def until_play(page: Page) -> dict[str, Any]:
    """South bids the grand slam; returns the state once the play has begun."""
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        wait_for_turn_or_end(page)
        s = state(page)
        if s["view"]["phase"] == "play":
            return s
        act(page, grand_slam)
    raise AssertionError("the auction did not end")


# -- point 1: the pace ----------------------------------------------------------------------------

def test_issue12_1_speed_on_the_table_and_a_finished_trick_waits_for_a_click(server: Server, browser: Browser,
                                                                              ctx_es: BrowserContext) -> None:
    table = server.create_table("rubber", me="S", seed=1201, speed="normal")
    page = open_seat(ctx_es, server.url, table["me"])
    s = state(page)
    # a person's table plays at a human pace: the server states it, the page shows it
    assert s["table"]["speed"] == "normal"
    assert 0.5 <= s["table"]["pace"]["card"] <= 1.0 and s["table"]["pace"]["trick"] >= s["table"]["pace"]["card"]
    assert page.input_value("#speed-select") == "normal"
    # the player prefers to click after each trick (kept on this device) ...
    page.select_option("#trickpref-select", "click")
    assert page.evaluate("() => localStorage.getItem('bazas.trickPref')") == "click"
    # ... and any seated player changes the table's speed (instant: this test need not wait)
    page.select_option("#speed-select", "instant")
    page.wait_for_function("() => window.bazas.table.speed === 'instant'")
    assert state(page)["table"]["pace"] == {"call": 0.0, "card": 0.0, "trick": 0.0}
    until_play(page)
    # play until a trick is over: it stays in the middle, whatever happens meanwhile, until a click
    deadline = time.monotonic() + 60
    while not state(page)["view"]["tricks"] and time.monotonic() < deadline:
        wait_for_turn_or_end(page)
        if state(page)["view"]["tricks"]:
            break
        act_once(page, grand_slam)
    page.wait_for_function("() => document.querySelector('#center').dataset.held === '1'")
    s = state(page)
    first = s["view"]["tricks"][0]
    shown = page.eval_on_selector_all("#center .tcard", "els => els.map(e => e.dataset.card)")
    assert sorted(shown) == sorted(c for _, c in first["cards"]), "the finished trick is what the middle shows"
    assert page.get_attribute("#center", "data-hold-ms") == "click"
    assert page.locator("#center .continue-caption").count() == 1
    # a bot leads the next trick (or it is South's lead): the middle still shows the finished trick
    page.wait_for_function("() => window.bazas.view.current || window.bazas.view.actor === window.bazas.view.seat")
    assert page.get_attribute("#center", "data-held") == "1"
    page.click("#center")
    page.wait_for_function("() => !document.querySelector('#center').dataset.held")
    current = state(page)["view"]["current"]
    shown = page.eval_on_selector_all("#center .tcard", "els => els.map(e => e.dataset.card)")
    if current and current["cards"]:
        assert sorted(shown) == sorted(c for _, c in current["cards"]), "after the click: the trick in play"
    assert not page_errors(page)


def test_issue12_1_a_finished_trick_waits_the_tables_stated_pause(server: Server, browser: Browser) -> None:
    """In the default "clears by itself" mode the trick is held for the table's pause, the one
    the server states (``pace.trick``); at the instant speed it is not held at all."""
    table = server.create_table("rubber", me="S", seed=1202, speed="slow")
    ctx = context_for(browser, "desktop")
    try:
        page = open_seat(ctx, server.url, table["me"])
        page.select_option("#speed-select", "instant")
        page.wait_for_function("() => window.bazas.table.speed === 'instant'")
        until_play(page)
        while not state(page)["view"]["tricks"]:
            wait_for_turn_or_end(page)
            if state(page)["view"]["tricks"]:
                break
            act_once(page, grand_slam)
        assert page.evaluate("() => document.querySelector('#center').dataset.held") is None, "instant: no pause"
        # slow: the page holds the next finished trick for exactly the stated pause
        page.select_option("#speed-select", "slow")
        page.wait_for_function("() => window.bazas.table.speed === 'slow'")
        pause = state(page)["table"]["pace"]["trick"]
        tricks = len(state(page)["view"]["tricks"])
        page.evaluate("() => { window.__holds = []; new MutationObserver(() => { const c = document.querySelector('#center');"
                      " if (c.dataset.held) window.__holds.push(c.dataset.holdMs); }).observe(document.querySelector('#center'),"
                      " {attributes: true}); }")
        deadline = time.monotonic() + 90
        while len(state(page)["view"]["tricks"]) == tricks and time.monotonic() < deadline:
            wait_for_turn_or_end(page)
            if len(state(page)["view"]["tricks"]) > tricks or state(page)["view"]["phase"] != "play":
                break
            act_once(page, grand_slam)
        page.wait_for_function("() => window.__holds.length > 0")
        assert page.evaluate("() => window.__holds[0]") == str(round(pause * 1000))
    finally:
        ctx.close()


# -- point 2: no dots on my own dummy ---------------------------------------------------------------

def test_issue12_2_no_thinking_dots_on_my_own_dummy(server: Server, browser: Browser, ctx_es: BrowserContext) -> None:
    table = server.create_table("rubber", me="S", seed=1203)
    page = open_seat(ctx_es, server.url, table["me"])
    until_play(page)
    deadline = time.monotonic() + 90
    seen = False
    while time.monotonic() < deadline and state(page)["view"]["phase"] == "play":
        wait_for_turn_or_end(page)
        s = state(page)
        v = s["view"]
        if v["phase"] != "play":
            break
        if v["turn"] == "N" and v["actor"] == "S":
            page.wait_for_selector('.plate[data-seat="N"].turn')
            assert page.locator('.plate[data-seat="N"] .dots').count() == 0, "my dummy is not thinking: I am"
            seen = True
            break
        act_once(page, grand_slam)
    assert seen, "South played from dummy"


# -- point 3: an open seat handed to a bot ----------------------------------------------------------

def test_issue12_3_the_creator_hands_the_open_seat_to_a_bot_and_takes_it_back(server: Server, browser: Browser,
                                                                             ctx_es: BrowserContext) -> None:
    table = server.create_table("rubber", me="S", seats={"N": "open"}, first_dealer="N")
    page = open_seat(ctx_es, server.url, table["me"])
    # the table says who it waits for, and the creator may hand that seat to a bot
    page.wait_for_selector('#banner [data-waiting="N"]')
    assert "espera a Norte" in page.inner_text('#banner [data-waiting="N"]')
    # a state that brings nothing new for the banner (presence, meanings) leaves its buttons in place:
    # a tap that lands while they were rebuilt would be lost (one CI run waited 30 s on a claim's)
    button = page.query_selector('#banner [data-seat-bot="N"][data-bot="1"]')
    assert button is not None
    page.evaluate("() => window.bazas.redraw()")
    assert button.evaluate("b => b.isConnected"), "the banner was rebuilt with nothing new in it"
    page.click('#banner [data-seat-bot="N"][data-bot="1"]')
    page.wait_for_function("() => (window.bazas.table.robots || []).includes('N') && window.bazas.view.calls.length > 0")
    assert state(page)["table"]["seats"]["N"]["substitute"] is True
    assert page.locator('#banner [data-waiting]').count() == 0
    # take it back: the plate's button; the table waits for North again when it is North's turn
    page.click('.plate[data-seat="N"] [data-seat-bot="N"][data-bot="0"]')
    page.wait_for_function("() => !(window.bazas.table.robots || []).includes('N')")
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        s = state(page)
        if s["table"]["actor"] == "N":
            page.wait_for_selector('#banner [data-waiting="N"]')
            break
        if s["view"]["phase"] not in ("auction", "play"):
            break
        page.wait_for_function("(v) => window.bazas.msg.version !== v || window.bazas.table.actor === window.bazas.view.seat",
                               arg=s["version"])
        if my_turn_now(page):
            act(page, grand_slam)
    assert not page_errors(page)


def my_turn_now(page: Page) -> bool:
    s = state(page)
    v = s["view"]
    return bool(v["seat"]) and v["actor"] == v["seat"] and v["phase"] in ("auction", "play")


# -- point 4: refusals in the player's language, undo when there is something to undo ----------------

@pytest.mark.parametrize("lang", ["es", "en"])
def test_issue12_4_refusals_in_the_players_language_and_undo_only_after_acting(server: Server, browser: Browser,
                                                                               size: str, lang: str) -> None:
    table = server.create_table("rubber", me="S", seed=1204, lang=lang)
    ctx = context_for(browser, size, lang=lang)
    try:
        page = open_seat(ctx, server.url, table["me"])
        wait_for_turn_or_end(page)
        s = state(page)
        assert s["view"]["phase"] == "auction" and s["view"]["actor"] == "S"
        assert page.is_disabled("#btn-undo"), "nothing to undo before South has called"
        # a refusal from the server (a claim during the auction) reads in the page's language
        page.evaluate("() => window.bazas.conn.send({type: 'claim', tricks: 3})")
        page.wait_for_selector('#toast .refusal[data-reason="claim_not_play"]', state="attached")
        expected = {"es": "Solo se reclama durante el carteo.", "en": "Claims are made during the play."}[lang]
        assert page.inner_text("#toast .refusal") == expected
        # South calls: now there is something to undo
        click_call(page, "P")
        page.wait_for_function("() => !document.querySelector('#btn-undo').disabled || window.bazas.view.phase !== 'auction'")
        if state(page)["view"]["phase"] == "auction":
            assert not page.is_disabled("#btn-undo")
        assert not page_errors(page)
    finally:
        ctx.close()


# -- point 5: claims said, in the result and in the replay -----------------------------------------

def test_issue12_5_a_claim_is_said_shown_in_the_result_and_replayed(server: Server, browser: Browser,
                                                                      ctx_es: BrowserContext) -> None:
    table = server.create_table("rubber", me="S", seed=1205)
    page = open_seat(ctx_es, server.url, table["me"])
    until_play(page)
    while not state(page)["view"]["tricks"]:
        wait_for_turn_or_end(page)
        if state(page)["view"]["tricks"]:
            break
        act_once(page, grand_slam)
    wait_for_turn_or_end(page)
    played = sum(len(t["cards"]) for t in [*state(page)["view"]["tricks"], state(page)["view"]["current"] or {"cards": []}])
    left = 13 - len(state(page)["view"]["tricks"])
    before = state(page)["version"]
    click_visible(page, "#btn-claim")
    page.click('[data-claim="0"]')  # South concedes the rest: it holds whatever the lie of the cards
    page.wait_for_function("() => window.bazas.view.phase === 'done'")
    wait_version_after(page, before)
    s = state(page)
    assert s["table"]["claim"] == {"seat": "S", "tricks": 0, "left": left}
    result = page.inner_text("#center .claim-result")
    assert f"Reclamo de Ana: 0 de las {left} bazas" in result, result
    # the replay goes to the last card played, then says the claim (the cards left stay in the hands)
    page.evaluate("() => document.activeElement && document.activeElement.blur()")
    page.keyboard.press("End")
    bar = page.inner_text("#replay-bar .replay-pos")
    assert f"{played} / {played}" in bar and "Reclamo: Ana se lleva 0 de" in bar, bar
    south_left = len(set(page.eval_on_selector_all("#pos-bottom [data-card]", "els => els.map(e => e.dataset.card)")))
    assert south_left == 13 - sum(1 for t in [*s["view"]["tricks"], s["view"]["current"] or {"cards": []}]
                                  for seat, _ in t["cards"] if seat == "S")
    # the history's replay ends on the claim too
    page.click("#btn-history")
    page.click('[data-review-deal="1"]')
    page.wait_for_selector("#history-review .replay")
    page.click('#history-review [data-hreplay="last"]')
    assert "Reclamo: Sur se lleva 0 de" in page.inner_text("#history-review .hr-center")
    assert not page_errors(page)


# -- point 6: the end of a Chicago -----------------------------------------------------------------------

def test_issue12_6_the_end_of_a_chicago_says_who_won_and_offers_a_new_chicago(server: Server, browser: Browser,
                                                                            ctx_es: BrowserContext) -> None:
    table = server.create_table("chicago", me="S", seed=1206)
    page = open_seat(ctx_es, server.url, table["me"])
    final: dict[str, Any] | None = None
    for _ in range(12):
        s = play_my_deal(page)
        if is_over(s):
            final = s
            break
        next_deal(page)
    assert final is not None, "the Chicago ended"
    banner = page.inner_text("#center .final-banner")
    assert "Fin del Chicago" in banner
    totals = final["score"]["totals"]
    assert f"Nosotros: {totals['NS']}" in banner and f"Ellos: {totals['EW']}" in banner
    winner = final["score"]["winner"]
    assert ("Empate" in banner) if winner in (None, "tie") else ("Ganan" in banner)
    assert page.inner_text("#btn-next").strip() == "Nuevo Chicago"
    next_deal(page)
    page.wait_for_function("() => window.bazas.view.phase === 'auction'")
    info = page.inner_text("#deal-info")
    assert "Mano 1 de 4" in info and "Mano 5" not in info, info
    assert not page_errors(page)


# -- point 8: Spanish suit letters, alerts, hints, the score sheet --------------------------------------

def test_issue12_8_spanish_suit_letters_alerts_hints_and_score_entries(server: Server, browser: Browser,
                                                                      ctx_es: BrowserContext) -> None:
    table = server.create_table("rubber", me="S", seed=1208)
    page = open_seat(ctx_es, server.url, table["me"])
    wait_for_turn_or_end(page)
    # typing "1c" at a Spanish table means one heart: the preview says so
    page.evaluate("() => document.activeElement && document.activeElement.blur()")
    page.keyboard.type("1c")
    preview = page.inner_text("#cmd-preview")
    assert "corazones" in preview, preview
    assert "T ♣ tréboles" in (page.get_attribute("#cmd", "title") or "")
    page.keyboard.press("Escape")
    until_play(page)
    # no alert mark on calls that are not alerts
    marks = page.evaluate("() => [...document.querySelectorAll('.call-cell.alert')].map(e => "
                          "Boolean((window.bazas.explanations[Number(e.dataset.callIndex)] || {}).artificial))")
    assert all(marks), "only artificial calls carry the alert mark"
    # a hint in plain words
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        wait_for_turn_or_end(page)
        if my_turn_now(page) and state(page)["view"]["phase"] == "play":
            break
        act_once(page, grand_slam)
    click_visible(page, "#btn-hint")
    page.wait_for_selector("#panel-hint:not([hidden]) .hint-action")
    hint = page.inner_text("#hint-box")
    assert hint.startswith("El bot jugaría el"), hint
    assert "mejor puntuación esperada" not in hint and "best expected score" not in hint
    # the score sheet: points, what for, then the deal ("150 multas (mano 1)")
    s = play_my_deal(page, grand_slam)
    assert s["view"]["phase"] == "done"
    click_visible(page, "#btn-score")
    page.wait_for_selector("#dlg-score[open] .entry")
    entries = page.eval_on_selector_all("#dlg-score .entry", "els => els.map(e => e.innerText.replace(/\\s+/g, ' ').trim())")
    assert entries
    for text in entries:
        assert re.fullmatch(r"\d+ \D.*?( \(mano \d+\))?", text), text
    assert not page_errors(page)


# -- point 7: the phone ---------------------------------------------------------------------------------

PHONES = {"390x844": (390, 844), "360x640": (360, 640)}

IN_VIEW_JS = """(sel) => [...document.querySelectorAll(sel)].map(e => { const r = e.getBoundingClientRect();
  return r.width > 0 && r.top >= 0 && r.bottom <= window.innerHeight + 1 && r.left >= 0 && r.right <= window.innerWidth + 1; })"""


@pytest.mark.parametrize("phone", list(PHONES))
def test_issue12_7_phone_controls_stay_on_screen_and_calls_keep_apart(server: Server, browser: Browser,
                                                                        phone: str) -> None:
    width, height = PHONES[phone]
    table = server.create_table("rubber", me="S", seats={"N": "open"}, first_dealer="N")
    ctx = new_context(browser, lang="es", width=width, height=height, is_mobile=True, has_touch=True)
    try:
        page = open_seat(ctx, server.url, table["me"])
        # the table waits for North: the banner (as a claim to answer would) is on screen
        page.wait_for_selector('#banner [data-waiting="N"]')
        assert all(page.evaluate(IN_VIEW_JS, "#banner")), "the open request is on screen"
        page.click('#banner [data-seat-bot="N"][data-bot="1"]')
        wait_for_turn_or_end(page)
        # hint, undo, claim: on screen at the top of the page and with the bidding box scrolled to
        for where in ("top", "bidbox"):
            if where == "bidbox":
                page.evaluate("() => document.querySelector('#bidbox').scrollIntoView({block: 'end'})")
            assert all(page.evaluate(IN_VIEW_JS, "#btn-hint, #btn-undo, #btn-claim")), where
        # the auction's calls keep apart: each call fits its column
        s = state(page)
        for _ in range(8):
            if s["view"]["phase"] != "auction":
                break
            if my_turn_now(page):
                click_call(page, "P")
            wait_for_turn_or_end(page)
            s = state(page)
            fits = page.evaluate("""() => [...document.querySelectorAll('.auction .call-cell')].map(e =>
                e.scrollWidth <= e.clientWidth + 1 && e.getBoundingClientRect().right <= e.parentElement.getBoundingClientRect().right + 1)""")
            assert all(fits), "a call runs into the next column"
        # the history dialog does not overflow sideways
        final = play_my_deal(page)
        assert final["view"]["phase"] == "done"
        page.click("#btn-history")
        page.click('[data-review-deal="1"]')
        page.wait_for_selector("#history-review h3")
        over = page.evaluate("""() => { const d = document.querySelector('#dlg-history');
            return [d.scrollWidth - d.clientWidth, d.getBoundingClientRect().right - window.innerWidth]; }""")
        assert over[0] <= 1 and over[1] <= 1, over
        assert not page_errors(page)
    finally:
        ctx.close()
