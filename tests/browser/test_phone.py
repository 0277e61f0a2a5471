"""Issue 12 point 7, the phone: at 390×844 and 360×640, in Spanish and English, every control of
the table is on the screen while the page is at its top (scroll position 0), and so are the
auction and the player's own hand.

Checked with the elements' bounding boxes against the viewport, and with a hit test (the
element, not the dock or another element, is what a tap at one of its points reaches): the bidding
box and its confirm button, hint, undo, claim, last trick, move seat, the claim dialog, the claim
to answer (another person's page), the next-deal button and the replay, the history dialog (no
sideways overflow), and the home page's "Abrir la mesa" / "Start the table". The auction grid's
calls keep apart ("PasoPaso" never) and its columns align.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

import pytest

from .ui import (
    Server,
    is_over,
    my_turn,
    new_context,
    open_seat,
    page_errors,
    progress,
    reply_due,
    state,
    wait_progress_after,
)

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

pytestmark = pytest.mark.browser

PHONES = {"390x844": (390, 844), "360x640": (360, 640)}
LABELS = {"es": {"hint": "Pista", "undo": "Deshacer", "start": "Abrir la mesa"},
          "en": {"hint": "Hint", "undo": "Undo", "start": "Start the table"}}

#: For each element of ``sel`` that is displayed: is its box inside the viewport, and does a tap
#: at one of its points reach it (not the dock or anything else drawn over it)?
ON_SCREEN_JS = """(sel) => [...document.querySelectorAll(sel)].filter(e => e.getClientRects().length).map(e => {
  const r = e.getBoundingClientRect();
  const inside = r.width > 0 && r.height > 0 && r.top >= -0.5 && r.left >= -0.5
    && r.bottom <= innerHeight + 0.5 && r.right <= innerWidth + 0.5;
  let reached = false;
  for (let y = r.top + 2; y < r.bottom - 1 && !reached; y += 3)
    for (let x = r.left + 2; x < r.right - 1 && !reached; x += 3) {
      const hit = document.elementFromPoint(x, y);
      if (hit && (hit === e || e.contains(hit))) reached = true;
    }
  return {what: e.id || e.dataset.call || e.dataset.card || e.dataset.claim || e.dataset.replay || e.className,
          inside, reached, box: [Math.round(r.left), Math.round(r.top), Math.round(r.right), Math.round(r.bottom)]};
})"""


def assert_on_screen(page: Page, selector: str, where: str, at_least: int = 1) -> None:
    """Every displayed element of ``selector`` is inside the viewport and reachable, and the page
    is at its top."""
    assert page.evaluate("() => [window.scrollX, window.scrollY]") == [0, 0], f"{where}: the page was scrolled"
    # nothing wider than the screen (a phone would zoom the page out)
    assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth && window.innerWidth === screen.width"), where
    found = page.evaluate(ON_SCREEN_JS, selector)
    assert len(found) >= at_least, f"{where}: {selector} not displayed"
    bad = [f for f in found if not (f["inside"] and f["reached"])]
    size = page.evaluate("() => [innerWidth, innerHeight]")
    assert not bad, f"{where}: off the {size} screen or covered: {bad}"


def assert_calls_apart(page: Page) -> None:
    """Each call of the auction grid fits its own cell, and the cells of a column line up with
    its heading (never "PasoPaso")."""
    report = page.evaluate("""() => {
      const out = [];
      for (const table of document.querySelectorAll('#center .auction')) {
        const heads = [...table.querySelectorAll('thead th')].map(th => th.getBoundingClientRect());
        for (const row of table.querySelectorAll('tbody tr')) {
          [...row.children].forEach((td, k) => {
            const c = td.getBoundingClientRect();
            const h = heads[k];
            if (Math.abs(c.left - h.left) > 1 || Math.abs(c.right - h.right) > 1) out.push(['misaligned', k, td.innerText]);
            const btn = td.querySelector('.call-cell');
            if (!btn) return;
            const range = document.createRange(); range.selectNodeContents(btn);
            const t = range.getBoundingClientRect();
            if (btn.scrollWidth > btn.clientWidth + 1 || t.left < c.left - 0.5 || t.right > c.right + 0.5) out.push(['overflow', k, btn.innerText]);
          });
        }
      }
      return out;
    }""")
    assert not report, report


def tap_call(page: Page, call: str) -> None:
    """A call on a touch screen: the bid, then the confirm button (both on screen)."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    before = progress(page)
    for attempt in range(3):
        page.click(f'.bid[data-call="{call}"]')
        try:
            # a redraw of the box (the table's pace, a state arriving) may swallow a tap: tap again
            page.wait_for_selector("#bb-ok", timeout=10_000)
            break
        except PlaywrightTimeout:
            if attempt == 2:
                raise
    assert_on_screen(page, "#bb-ok", "the confirm button")
    page.click("#bb-ok")
    wait_progress_after(page, before)


def south_grand_slam(s: dict[str, Any]) -> str:
    """South bids a grand slam in a strain North has not named (South declares), then passes.
    North deals: North's calls are numbers 0, 4, 8..."""
    v = s["view"]
    if v["phase"] == "auction":
        north = {c[1:] for c in v["calls"][0::4] if c[0].isdigit()}
        for strain in ("NT", "S", "H", "D", "C"):
            if strain not in north and f"7{strain}" in v["legal"]:
                return f"7{strain}"
        return "P"
    return str(v["legal"][0])


def pass_or_first(s: dict[str, Any]) -> str:
    v = s["view"]
    if v["phase"] == "auction":
        return "P" if "P" in v["legal"] else str(v["legal"][0])
    return str(v["legal"][0])


def act(page: Page, choose: Any) -> bool:
    """This page's turn: the chosen call (tapped and confirmed) or card; True if it acted."""
    s = state(page)
    if reply_due(s) or not my_turn(s):
        return False
    action = choose(s)
    if s["view"]["phase"] == "auction":
        tap_call(page, action)
    else:
        before = progress(page)
        # A click event, not Playwright's click, which first scrolls its target into view: the
        # scroll this test checks must be the page's own (the cards' places on screen are
        # checked apart, at South's turn).
        page.locator(f'.card-btn[data-card="{action}"]').first.dispatch_event("click")
        wait_progress_after(page, before)
    return True


@pytest.mark.parametrize("phone", list(PHONES))
@pytest.mark.parametrize("lang", ["es", "en"])
def test_issue12_7_every_table_control_on_a_phone_screen_at_scroll_0(server: Server, browser: Browser,
                                                                      lang: str, phone: str) -> None:
    width, height = PHONES[phone]
    # South (this person) and East (another person); North deals; South bids 7NT and declares.
    table = server.create_table("rubber", me="S", seats={"E": "open"}, name="Ana", lang=lang)
    ctx_s = new_context(browser, lang=lang, width=width, height=height, is_mobile=True, has_touch=True)
    ctx_e = new_context(browser, lang=lang, width=width, height=height, is_mobile=True, has_touch=True)
    try:
        south = open_seat(ctx_s, server.url, table["me"])
        east = open_seat(ctx_e, server.url, table["links"]["E"])
        east.wait_for_selector("#name-input")
        east.fill("#name-input", "Eva")
        east.click("#name-form button[type=submit]")
        deadline = time.monotonic() + 90
        while not my_turn(state(south)) and time.monotonic() < deadline:  # East passes first
            if not act(east, pass_or_first):
                east.wait_for_timeout(100)
        assert state(south)["view"]["phase"] == "auction"
        south.wait_for_timeout(300)  # the dock's size settles (fonts)
        where = f"{lang} {phone} auction"
        assert south.inner_text("#btn-hint").strip() == LABELS[lang]["hint"]
        assert south.inner_text("#btn-undo").strip() == LABELS[lang]["undo"]
        # the auction: the bidding box (every bid still possible), hint, undo and the rest of the
        # dock, the auction grid, and every card of the person's hand
        assert_on_screen(south, ".bid", where, at_least=3 + 5)
        assert_on_screen(south, "#btn-hint, #btn-undo, #btn-claim, #btn-lasttrick, #btn-move", where, at_least=5)
        assert_on_screen(south, "#center .auction", where)
        assert_on_screen(south, ".pos-bottom [data-card]", where, at_least=13)
        # the calls keep apart as the auction grows
        while time.monotonic() < deadline:
            s = state(south)
            if s["view"]["phase"] != "auction":
                break
            acted = act(south, south_grand_slam) or act(east, pass_or_first)
            if not acted:
                south.wait_for_timeout(100)
            assert_calls_apart(south)
        south.wait_for_function("() => window.bazas.view.phase === 'play'")
        assert state(south)["view"]["declarer"] == "S"
        # the play: at South's turn, the hand, dummy's cards and the dock
        while time.monotonic() < deadline:
            s = state(south)
            if s["view"]["tricks"] and my_turn(s):
                break
            if not (act(south, pass_or_first) or act(east, pass_or_first)):
                south.wait_for_timeout(100)
        south.wait_for_timeout(300)
        where = f"{lang} {phone} play"
        assert_on_screen(south, "#btn-hint, #btn-undo, #btn-claim, #btn-lasttrick, #btn-move", where, at_least=5)
        assert_on_screen(south, ".pos-bottom [data-card]", where, at_least=12)
        assert_on_screen(south, ".pos-top [data-card]", where, at_least=12)  # dummy, North
        # a claim: South's dialog, then East's answer, each on screen
        south.click("#btn-claim")
        south.wait_for_selector("#dlg-claim[open] [data-claim]")
        assert_on_screen(south, "#dlg-claim[open] [data-claim], #dlg-claim[open] .x", f"{where} claim dialog", at_least=3)
        south.click('#dlg-claim [data-claim="0"]')  # (West, a bot, accepts what certainly holds)
        east.wait_for_function("""() => { const c = (window.bazas.pending || {}).claim;
            return c && c.replies && c.replies.E === null; }""")
        east.wait_for_selector('#banner [data-reply="claim"]')
        assert_on_screen(east, '#banner [data-reply="claim"]', f"{lang} {phone} claim to answer", at_least=2)
        east.click('#banner [data-reply="claim"][data-accept="1"]')
        south.wait_for_function("() => window.bazas.view.phase === 'done'")
        south.wait_for_selector("#btn-next")
        south.wait_for_timeout(300)
        # after the deal: the next-deal button, the replay, the dock
        where = f"{lang} {phone} done"
        assert_on_screen(south, "#btn-next", where)
        assert_on_screen(south, "#replay-bar [data-replay]", where, at_least=4)
        assert_on_screen(south, "#btn-history, #btn-score, #btn-move", where, at_least=3)
        assert_on_screen(south, ".pos-bottom [data-card]", where, at_least=1)
        # the history dialog: on screen, nothing sideways
        south.click("#btn-history")
        south.click('[data-review-deal="1"]')
        south.wait_for_selector("#history-review h3")
        over = south.evaluate("""() => { const d = document.querySelector('#dlg-history');
            const r = d.getBoundingClientRect();
            const wide = [...d.querySelectorAll('*')].filter(e => e.getBoundingClientRect().right > r.right + 1 && getComputedStyle(e).position !== 'fixed');
            return {scroll: d.scrollWidth - d.clientWidth, left: r.left, right: r.right - innerWidth,
                    wide: wide.slice(0, 5).map(e => e.className || e.tagName)}; }""")
        assert over["scroll"] <= 1 and over["left"] >= 0 and over["right"] <= 1 and not over["wide"], over
        assert_on_screen(south, "#dlg-history[open] .x", f"{where} history")
        assert not is_over(state(south))
        assert not page_errors(south) and not page_errors(east)
        # the home page: "Abrir la mesa" / "Start the table" without scrolling
        home = ctx_s.new_page()
        home.goto(server.url + "/")
        home.wait_for_selector(".ruleset-opt")
        assert home.inner_text("#start").strip() == LABELS[lang]["start"]
        assert_on_screen(home, "#start", f"{lang} {phone} home")
        assert home.evaluate("() => document.documentElement.scrollWidth") <= width
    finally:
        ctx_s.close()
        ctx_e.close()
