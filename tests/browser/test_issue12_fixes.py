"""Issue 12, the defects left after the table's review (each test names the point it checks):

1. A count of one trick reads in the singular in both languages ("de la única baza", "1 trick"),
   never "de las 1 bazas" / "of the 1 tricks": every message built on a trick count has its
   ``.one`` sentence (checked over the whole catalogue, without a browser), the table's own
   function picks it, and the claim of the last trick says so on the table.
2. At 360×640 every seat's name plate, tags included (MUERTO / DECLARANTE / D), is inside the
   felt, clear of its wooden edge.
3. The score sheet follows a language switch while it is open, keeping the parts the reader
   opened.
4. The end of a Chicago on a 360×640 phone: the final banner and its "Nuevo Chicago" / "New
   Chicago" button are on screen and nothing covers the button.
"""

from __future__ import annotations

import json
import re
import time
from typing import TYPE_CHECKING, Any

import pytest

from .test_phone import act, pass_or_first, south_grand_slam
from .ui import (
    REPO_ROOT,
    Server,
    act_once,
    answer_request,
    is_over,
    my_turn,
    new_context,
    next_deal,
    open_seat,
    page_errors,
    play_deal,
    progress,
    reply_due,
    state,
    wait_for_turn_or_end,
    wait_progress_after,
    wait_version_after,
)

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

browser_test = pytest.mark.browser
I18N = REPO_ROOT / "src" / "bazas" / "server" / "i18n"
LANGS = ("es", "en")

#: A count of tricks (or undertricks) in a sentence: "{n} bazas", "de las {left}", "{n} trick(s)".
TRICK_COUNT = re.compile(r"\{\w+\}\s+(?:bazas|tricks|multas|undertricks|overtricks)\b|de las \{\w+\}|of the \{\w+\}|"
                         r"(?:baza|trick|multa|overtrick|undertrick)\(s\)")
#: Messages whose count is never 1: a contract's tricks (7 to 13), tricks needed or made.
NEVER_ONE = {"learn.promise", "learn.promiseNT", "learn.wonUs", "learn.wonThem", "meaning.bid",
             "learn.playIntro", "learn.watchIntro", "learn.playMade", "learn.playMadeOver", "meaning.nullo"}
#: "1 bazas", "de las 1 bazas", "of the 1 tricks", "1 multas"...
WRONG_ONE = re.compile(r"\b1 (?:bazas|tricks|multas|cartas|cards|undertricks|overtricks)\b|de las 1\b|of the 1\b|\(s\)")


def catalogue(lang: str) -> dict[str, str]:
    return json.loads((I18N / f"{lang}.json").read_text(encoding="utf-8"))  # type: ignore[no-any-return]


def placeholders(text: str) -> set[str]:
    return set(re.findall(r"\{(\w+)\}", text))


def test_issue12_5_8_every_trick_count_message_has_its_singular() -> None:
    """Every message built on a trick count that can be 1 has a ``.one`` sentence (in both
    languages, with no placeholder its base lacks), and no message hedges with "(s)"."""
    for lang in LANGS:
        words = catalogue(lang)
        missing = [k for k, v in words.items() if TRICK_COUNT.search(v) and not k.endswith(".one")
                   and k not in NEVER_ONE and f"{k}.one" not in words]
        assert not missing, f"{lang}: trick counts without a singular: {missing}"
        hedged = [k for k, v in words.items() if re.search(r"(?:baza|trick|multa)\(s\)", v)]
        assert not hedged, f"{lang}: {hedged}"
        for key, text in words.items():
            if key.endswith(".one"):
                assert key[:-4] in words, key
                assert placeholders(text) <= placeholders(words[key[:-4]]), key
                filled = re.sub(r"\{(\w+)\}", lambda m: "1" if m.group(1) in ("n", "left", "tricks", "down") else "X", text)
                assert not WRONG_ONE.search(filled), f"{lang} {key}: {filled}"
    es, en = catalogue("es"), catalogue("en")
    assert {k for k in es if k.endswith(".one")} == {k for k in en if k.endswith(".one")}


#: What the table's words.js says of one trick and of two (the function the table uses).
TN_JS = """async ([lang, cases]) => {
  const i18n = await import('/static/js/i18n.js');
  const words = await import('/static/js/table/words.js');
  await i18n.loadLang(lang);
  return cases.map(([key, count, vars]) => words.tn(key, count, vars));
}"""
CASES: list[tuple[str, int, dict[str, Any]]] = [
    ("claim.result", 1, {"seat": "Ana", "n": 0, "left": 1}), ("claim.made", 1, {"seat": "Ana", "n": 1, "left": 1}),
    ("claim.accepted", 1, {"seat": "Ana", "n": 1, "left": 1}), ("claim.pending", 1, {"seat": "Ana", "n": 1, "left": 1}),
    ("claim.question", 1, {"left": 1}), ("claim.range", 1, {"left": 1}), ("result.tricks", 1, {"n": 1}),
    ("hand.hidden", 1, {"n": 1}), ("hint.cardPlain", 1, {"n": 40, "tricks": "1", "pct": 50}),
]


@browser_test
def test_issue12_5_8_the_table_says_one_trick_in_the_singular(server: Server, browser: Browser) -> None:
    """words.tn picks the singular for one trick and the plural for two; at the table, the claim
    of the last trick reads "de la única baza" / "of the one trick" in the dialog and the result."""
    ctx = new_context(browser, lang="es")
    try:
        table = server.create_table("rubber", me="S", name="Ana", lang="es")
        page = open_seat(ctx, server.url, table["me"])
        for lang in LANGS:
            one = page.evaluate(TN_JS, [lang, CASES])
            for (key, _, _), text in zip(CASES, one, strict=True):
                assert not WRONG_ONE.search(text), f"{lang} {key}: {text}"
            plural: list[tuple[str, int, dict[str, Any]]] = [
                (k, 2, {**v, **{x: 2 for x in ("n", "left") if x in v}}) for k, _, v in CASES]
            two = page.evaluate(TN_JS, [lang, plural])
            assert all(re.search(r"\b2 (?:bazas|tricks|cartas|cards)\b|de las 2 |of the 2 |0 y 2|0 and 2", t) for t in two[:3]), two
        assert page.evaluate(TN_JS, ["es", [("claim.result", 1, {"seat": "Ana", "n": 0, "left": 1})]]) == \
            ["Reclamo de Ana: 0 de la única baza que quedaba"]
        # South declares a grand slam and plays to the last trick, then claims it (0 of 1: it holds)
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            wait_for_turn_or_end(page)
            s = state(page)
            if s["view"]["phase"] == "play" and len(s["view"]["tricks"]) == 12 and my_turn(s):
                break
            assert s["view"]["phase"] != "done", "the deal ended before its last trick"
            act_once(page, south_grand_slam)
        s = state(page)
        assert s["view"]["declarer"] == "S" and len(s["view"]["tricks"]) == 12
        page.click("#btn-claim")
        page.wait_for_selector("#dlg-claim[open] [data-claim]")
        question = page.inner_text("#claim-body p")
        assert question == "Queda una baza: ¿la hará tu pareja?", question
        before = s["version"]
        page.click('#dlg-claim [data-claim="0"]')
        page.wait_for_function("() => window.bazas.view.phase === 'done'")
        wait_version_after(page, before)
        result = page.inner_text("#center .claim-result")
        assert result == "Reclamo de Ana: 0 de la única baza que quedaba", result
        page.click('#lang-switch button[data-lang="en"]')
        page.wait_for_function("() => document.documentElement.lang === 'en'")
        result = page.inner_text("#center .claim-result")
        assert result == "Ana's claim: 0 of the one trick that was left", result
        assert not page_errors(page)
    finally:
        ctx.close()


#: The felt's box and, for each plate, its box and its tags' boxes.
PLATES_JS = """() => {
  const box = (e) => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  return {felt: box(document.querySelector('.felt')),
          plates: [...document.querySelectorAll('.felt .plate')].map(p => ({
            seat: p.dataset.seat, box: box(p), tags: [...p.querySelectorAll('.tag')].map(t => [t.innerText, box(t)]),
            clipped: [...p.querySelectorAll('.tag')].filter(t => t.scrollWidth > t.clientWidth + 0.5).map(t => t.innerText)}))};
}"""
EDGE = 7  # the felt's wooden edge (box-shadow inset 7px, css/bazas.css)


def west_declares(s: dict[str, Any]) -> str:
    v = s["view"]
    if v["phase"] == "auction":
        return "7NT" if "7NT" in v["legal"] else "P"
    return str(v["legal"][0])


@browser_test
@pytest.mark.parametrize("lang", LANGS)
def test_issue12_7_seat_plates_inside_the_felt_at_360(server: Server, browser: Browser, lang: str) -> None:
    """West (another person) deals and declares 7NT, East is dummy: on South's 360×640 phone the
    side plates carry D + DECLARANTE and MUERTO; every plate and every tag is inside the felt,
    clear of its edge."""
    table = server.create_table("rubber", me="S", seats={"W": "open"}, name="Ana", lang=lang, first_dealer="W")
    ctx_s = new_context(browser, lang=lang, width=360, height=640, is_mobile=True, has_touch=True)
    ctx_w = new_context(browser, lang=lang)
    ctx_w.add_init_script("localStorage.setItem('bazas.name', 'Eva')")
    try:
        south = open_seat(ctx_s, server.url, table["me"])
        west = open_seat(ctx_w, server.url, table["links"]["W"])
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline:
            s = state(south)
            if s["view"]["phase"] == "play" and s["view"].get("dummy_hand"):
                break
            if not (act(south, pass_or_first) or act_once(west, west_declares)):
                south.wait_for_timeout(100)
        s = state(south)
        assert (s["view"]["declarer"], s["view"]["dummy"], s["view"]["dealer"]) == ("W", "E", "W")
        south.wait_for_timeout(300)  # fonts and fans settle
        found = south.evaluate(PLATES_JS)
        left, top, right, bottom = found["felt"]
        tags = {p["seat"]: [t for t, _ in p["tags"]] for p in found["plates"]}
        assert {"W", "E"} <= tags.keys() and len(tags["W"]) == 2 and len(tags["E"]) == 1, tags
        bad = []
        for p in found["plates"]:
            for what, (x0, y0, x1, y1) in [("plate", p["box"]), *p["tags"]]:
                if not (x0 >= left + EDGE - 0.5 and x1 <= right - EDGE + 0.5 and y0 >= top + EDGE - 0.5 and y1 <= bottom - EDGE + 0.5):
                    bad.append((p["seat"], what, [round(v) for v in (x0, y0, x1, y1)]))
        assert not bad, f"{lang}: outside the felt {[round(v) for v in found['felt']]}: {bad}"
        # each tag inside its own plate too (none spills over the plate's border), and whole
        assert not [p["clipped"] for p in found["plates"] if p["clipped"]], found
        for p in found["plates"]:
            x0, y0, x1, y1 = p["box"]
            for what, (a, b, c, d) in p["tags"]:
                assert a >= x0 - 0.5 and c <= x1 + 0.5 and b >= y0 - 0.5 and d <= y1 + 0.5, (p["seat"], what)
        assert not page_errors(south)
    finally:
        ctx_s.close()
        ctx_w.close()


def switch_lang(page: Page, lang: str) -> None:
    """The header's language button, pressed while a modal dialog is open over it."""
    page.locator(f'#lang-switch button[data-lang="{lang}"]').evaluate("b => b.click()")
    page.wait_for_function("(l) => document.documentElement.lang === l", arg=lang)


@browser_test
def test_issue12_4_open_score_sheet_follows_a_language_switch(server: Server, browser: Browser) -> None:
    """The score sheet, open with its "deal by deal" part opened, speaks English after the switch
    and Spanish again after the switch back, the part still open."""
    table = server.create_table("chicago", me="S", name="Ana", lang="es")
    ctx = new_context(browser, lang="es")
    try:
        page = open_seat(ctx, server.url, table["me"])
        # a passed-out deal (every seat passes; South always does) scores no item: play on until
        # a deal was bid and played, so the part has lines to read
        for _ in range(6):
            s = play_deal(page)
            if s["score"]["deals"] and s["score"]["deals"][-1]["items"]:
                break
            next_deal(page)
        else:
            raise AssertionError("six deals passed out in a row")
        page.click("#btn-score")
        page.wait_for_selector("#dlg-score[open] #score-sheet details[data-part=\"by-deal\"] summary")
        page.click("#score-sheet details[data-part=\"by-deal\"] summary")
        assert page.evaluate("() => document.querySelector('#score-sheet details[data-part=\"by-deal\"]').open")
        sheet_es = page.inner_text("#dlg-score")
        assert "Hoja de anotación" in sheet_es and "Mano a mano" in sheet_es and "Nosotros" in sheet_es
        switch_lang(page, "en")
        page.wait_for_function("() => document.querySelector('#dlg-score-title').textContent === 'Score sheet'")
        sheet_en = page.inner_text("#dlg-score")
        assert "Deal by deal" in sheet_en and "We" in sheet_en and "They" in sheet_en, sheet_en
        assert not re.search(r"Mano a mano|Nosotros|Ellos|Dador|Contrato", sheet_en), sheet_en
        assert page.evaluate("() => document.querySelector('#dlg-score').open")
        assert page.evaluate("() => document.querySelector('#score-sheet details[data-part=\"by-deal\"]').open"), "the reader's part stays open"
        # (a new state may redraw the sheet at any moment: wait for the part's first line, bounded)
        page.wait_for_selector("#score-sheet details[data-part=\"by-deal\"] .items li", state="visible", timeout=10_000)
        assert re.match(r"(We|They): ", page.inner_text("#score-sheet details[data-part=\"by-deal\"] .items li >> nth=0"))
        switch_lang(page, "es")
        sheet = page.inner_text("#dlg-score")
        assert "Mano a mano" in sheet and "Deal by deal" not in sheet
        assert page.evaluate("() => document.querySelector('#score-sheet details[data-part=\"by-deal\"]').open")
        assert not page_errors(page)
    finally:
        ctx.close()


#: The banner and the button: inside the viewport, and what a tap at the button's centre reaches.
END_JS = """() => {
  const box = (e) => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const b = document.querySelector('#btn-next'), f = document.querySelector('.final-banner');
  const r = b.getBoundingClientRect();
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  const h = f.querySelector('h2').getBoundingClientRect();
  const hitBanner = document.elementFromPoint(h.left + h.width / 2, h.top + h.height / 2);
  return {button: box(b), banner: box(f), view: [innerWidth, innerHeight], scroll: [scrollX, scrollY],
          reached: Boolean(hit && (hit === b || b.contains(hit))), bannerSeen: Boolean(hitBanner && f.contains(hitBanner)),
          hit: hit ? (hit.id || hit.className) : null, text: b.innerText.trim()};
}"""


@browser_test
@pytest.mark.parametrize("lang", LANGS)
def test_issue12_6_7_end_of_chicago_banner_on_a_360_phone(server: Server, browser: Browser, lang: str) -> None:
    """A whole Chicago on a 360×640 phone (calls tapped and confirmed, cards tapped): at its end
    the final banner and the "Nuevo Chicago" / "New Chicago" button are on screen at the page's
    top, and a tap at the button's centre reaches the button."""
    table = server.create_table("chicago", me="S", name="Ana", lang=lang)
    ctx = new_context(browser, lang=lang, width=360, height=640, is_mobile=True, has_touch=True)
    try:
        page = open_seat(ctx, server.url, table["me"])
        deadline = time.monotonic() + 240
        while time.monotonic() < deadline:
            s = state(page)
            if is_over(s) and s["view"]["phase"] == "done":
                break
            due = reply_due(s)
            if due:
                if answer_request(page, due, accept=True):  # (a bot's claim may be refused meanwhile)
                    wait_version_after(page, s["version"])
            elif s["view"]["phase"] == "done" and page.locator("#btn-next").is_visible():
                next_deal(page)
            elif my_turn(s) and s["view"]["phase"] == "auction":  # a call on a touch screen: tap, confirm
                before = progress(page)
                page.click(f'.bid[data-call="{pass_or_first(s)}"]')
                page.click("#bb-ok")
                wait_progress_after(page, before)
            elif my_turn(s):
                before = progress(page)
                page.click(f'.card-btn[data-card="{pass_or_first(s)}"]')
                wait_progress_after(page, before)
            else:
                page.wait_for_timeout(100)
        page.wait_for_selector(".final-banner")
        assert is_over(state(page)), "the Chicago is over"
        page.evaluate("() => window.scrollTo(0, 0)")  # the page at its top, as a player comes back to it
        page.wait_for_timeout(300)
        end = page.evaluate(END_JS)
        width, height = end["view"]
        assert (width, height) == (360, 640)
        assert end["text"] == {"es": "Nuevo Chicago", "en": "New Chicago"}[lang], end
        for what in ("banner", "button"):
            x0, y0, x1, y1 = end[what]
            assert x0 >= -0.5 and y0 >= -0.5 and x1 <= width + 0.5 and y1 <= height + 0.5, (what, end)
        assert end["reached"], f"a tap at the button's centre reaches {end['hit']}"
        assert end["bannerSeen"], end
        assert not page_errors(page)
    finally:
        ctx.close()
