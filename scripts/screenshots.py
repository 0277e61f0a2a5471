"""Screenshots of every stage of the table and the pages around it (issue 12), for a person to review.

Starts a real ``bazas serve`` (as the browser tests do), plays through the stages with Chromium,
and at each stage takes the page in Spanish and English at a desktop (1366×900) and two phones
(390×844, 360×640), switching the page's language and window size in place. Writes the PNGs
(device scale 1, colours reduced to keep them small) into ``docs/screenshots/`` and an index,
``docs/screenshots/README.md``, listing each picture and what it shows.

    .venv/bin/python scripts/screenshots.py [--out docs/screenshots] [--only table,learn,...]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests"))

from playwright.sync_api import Page, sync_playwright  # noqa: E402

from browser.ui import (  # noqa: E402
    act_once,
    is_over,
    my_turn,
    new_context,
    next_deal,
    open_seat,
    play_deal,
    running_server,
    state,
    wait_for_turn_or_end,
    wait_version_after,
)
from support.browser import launch_kwargs  # noqa: E402

SIZES = {"desktop": (1366, 900), "390x844": (390, 844), "360x640": (360, 640)}
LANGS = ("es", "en")


class Shots:
    def __init__(self, out: Path) -> None:
        self.out = out
        self.index: list[tuple[str, str, list[str]]] = []  # (stage, what it shows, files)

    def take(self, page: Page, stage: str, what: str, before: Callable[[Page], None] | None = None) -> None:
        """The page as it is now, in both languages at the three sizes."""
        files = []
        # a toast of the last action says its piece in the language it was shown in: let it go
        page.wait_for_function("() => !document.querySelector('.toast.show')", timeout=10_000)
        for lang in LANGS:
            set_lang(page, lang)
            for size, (w, h) in SIZES.items():
                page.set_viewport_size({"width": w, "height": h})
                page.evaluate("() => window.scrollTo(0, 0)")
                page.wait_for_timeout(350)  # the page redraws on resize; cards land
                if before:
                    before(page)
                name = f"{stage}-{lang}-{size}.png"
                path = self.out / name
                page.screenshot(path=str(path))
                shrink(path)
                files.append(name)
        self.index.append((stage, what, files))
        print(f"{stage}: {len(files)} pictures", flush=True)

    def write_index(self) -> None:
        lines = ["# Screenshots (issue 12)", "",
                 "Written by `scripts/screenshots.py` (a real server and Chromium; the page switched to each",
                 "language and window size in place): Spanish and English, a desktop (1366×900) and two phones",
                 "(390×844, 360×640), the page at its top (scroll position 0; the lesson's play and result",
                 "scrolled to the little table). For a person to review.", ""]
        for stage, what, files in self.index:
            lines.append(f"## {stage}")
            lines.append("")
            lines.append(what)
            lines.append("")
            for f in files:
                lines.append(f"- [{f}]({f})")
            lines.append("")
        (self.out / "README.md").write_text("\n".join(lines))


def shrink(path: Path) -> None:
    """Fewer colours (an adaptive palette of 256): a third of the bytes, the same look."""
    try:
        from PIL import Image
    except ImportError:
        return
    with Image.open(path) as im:
        small = im.convert("RGB").quantize(colors=256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
    small.save(path, optimize=True)


def set_lang(page: Page, lang: str) -> None:
    button = page.locator(f'#lang-switch button[data-lang="{lang}"]')
    if button.count():
        if button.get_attribute("aria-pressed") != "true":
            button.evaluate("b => b.click()")  # (a modal dialog may be open over the header)
            page.wait_for_function("(l) => document.documentElement.lang === l", arg=lang)
    else:
        page.evaluate("(l) => localStorage.setItem('bazas.lang', l)", lang)
        page.reload()
    page.wait_for_timeout(200)


def south_declares(s: dict[str, Any]) -> str:
    """South bids 4♠ (else a grand slam in a strain North has not named), then passes."""
    v = s["view"]
    if v["phase"] == "auction":
        north = {c[1:] for c in v["calls"][(["N", "E", "S", "W"].index(v["dealer"]) + 2) % 4::4] if c[0].isdigit()}
        for call in ("4S", "7NT", "7S", "7H"):
            if call[1:] not in north and call in v["legal"]:
                return call
        return "P"
    return str(v["legal"][0])


def until(page: Page, done: Callable[[dict[str, Any]], bool], choose: Any, timeout: float = 120) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        wait_for_turn_or_end(page)
        s = state(page)
        if done(s):
            return s
        if s["view"]["phase"] == "done" and not is_over(s):
            next_deal(page)
            continue
        act_once(page, choose)
    raise RuntimeError("stage not reached")


def table_stages(server: Any, browser: Any, shots: Shots) -> None:
    # South (the person) and East (another person, for the claim to answer); North deals.
    table = server.create_table("rubber", me="S", seats={"E": "open"}, name="Ana", speed="instant")
    ctx_s = new_context(browser, lang="es")
    ctx_e = new_context(browser, lang="es")
    ctx_e.add_init_script("localStorage.setItem('bazas.name', 'Eva')")
    try:
        south = open_seat(ctx_s, server.url, table["me"])
        east = open_seat(ctx_e, server.url, table["links"]["E"])

        def both(done: Callable[[dict[str, Any]], bool], choose: Any = south_declares) -> None:
            deadline = time.monotonic() + 120
            while time.monotonic() < deadline:
                s = state(south)
                if done(s):
                    return
                acted = False
                for page, how in ((south, choose), (east, None)):
                    st = state(page)
                    if my_turn(st):
                        act_once(page, how or (lambda x: "P" if x["view"]["phase"] == "auction" and "P" in x["view"]["legal"]
                                               else x["view"]["legal"][0]))
                        acted = True
                if not acted:
                    south.wait_for_timeout(100)
            raise RuntimeError("stage not reached")

        both(lambda s: s["view"]["phase"] == "auction" and my_turn(s))
        shots.take(south, "table-auction", "The table in the auction, South's turn: the bidding box (on a phone docked at the "
                   "bottom with hint, undo, claim, last trick and move), the auction in the middle, South's hand.")
        both(lambda s: s["view"]["phase"] == "play" and len(s["view"]["tricks"]) >= 2 and bool((s["view"].get("current") or {}).get("cards")) and my_turn(s))
        shots.take(south, "table-play", "The play: dummy face up, a trick under way, South to play.")
        # a finished trick held until a click (the player's preference)
        south.select_option("#trickpref-select", "click")
        both(lambda s: s["view"]["phase"] != "play" or bool(south.evaluate("() => Boolean(document.querySelector('#center.held'))")))
        if south.locator("#center.held").count():
            shots.take(south, "table-trick-held", "A finished trick kept in the middle until the player taps it (the "
                       "table's 'finished trick' preference set to 'click').")
        if south.locator("#center.held").count():
            south.click("#center")
        south.select_option("#trickpref-select", "delay")
        # a claim: South claims, East is asked
        s = state(south)
        if s["view"]["phase"] == "play" and s["view"]["declarer"] == "S":
            south.click("#btn-claim")
            south.wait_for_selector("#dlg-claim[open]")
            shots.take(south, "table-claim-dialog", "Declarer's claim dialog: how many of the tricks left.")
            south.click('#dlg-claim [data-claim="0"]')
            east.wait_for_selector('#banner [data-reply="claim"]')
            shots.take(east, "table-claim-answer", "A claim to answer (East's page): who claims what, accept or reject, "
                       "on a phone just above the dock.")
            east.click('#banner [data-reply="claim"][data-accept="1"]')
        both(lambda s: s["view"]["phase"] == "done")
        south.wait_for_selector("#btn-next")
        shots.take(south, "table-review", "The deal over: the result (and the claim), the next-deal button, the replay "
                   "bar (docked on a phone), all four hands.")
        south.click("#btn-history")
        south.click('[data-review-deal="1"]')
        south.wait_for_selector("#history-review h3")
        shots.take(south, "table-history", "The history dialog with a deal's review: no sideways scrolling on a phone.")
        south.keyboard.press("Escape")
    finally:
        ctx_s.close()
        ctx_e.close()


def end_of_game(server: Any, browser: Any, shots: Shots) -> None:
    table = server.create_table("chicago", me="S", name="Ana", speed="instant")
    ctx = new_context(browser, lang="es")
    try:
        page = open_seat(ctx, server.url, table["me"])
        for _ in range(8):
            s = play_deal(page)
            if is_over(s):
                break
            before = state(page)["version"]
            page.click("#btn-next")
            wait_version_after(page, before)
        page.wait_for_selector(".final-banner")
        shots.take(page, "table-end-of-chicago", "The end of a Chicago: the final banner with the winner and the totals, "
                   "the button says 'New Chicago'.")
    finally:
        ctx.close()


def pages(server: Any, browser: Any, shots: Shots) -> None:
    ctx = new_context(browser, lang="es")
    try:
        page = ctx.new_page()
        page.goto(server.url + "/")
        page.wait_for_selector(".ruleset-opt")
        shots.take(page, "home", "The home page: 'Abrir la mesa' / 'Start the table' on screen on a phone too.")
        server.create_table("rubber", me="S", seats={"N": "open", "E": "open"}, name="Luis", public=True)
        page.goto(server.url + "/lobby")
        page.wait_for_selector("#lobby-list li, .lobby-table, .lobby-empty", timeout=20_000)
        shots.take(page, "lobby", "The lobby: public tables, their game, free seats and who sits there.")
        page.goto(server.url + "/me")
        page.wait_for_timeout(800)
        shots.take(page, "me", "The player's own record (/me).")
    finally:
        ctx.close()


def lesson(server: Any, browser: Any, shots: Shots) -> None:
    ctx = new_context(browser, lang="es")
    ctx.add_init_script("localStorage.setItem('bazas.learn.pace', 'instant')")
    try:
        page = ctx.new_page()
        for step, kind in ((0, "text"), (2, "choice"), (3, "bid")):
            page.goto(server.url + f"/learn?step={step}")
            page.wait_for_selector(f'#learn-card[data-step="{step}"]')
            shots.take(page, f"learn-{kind}", f"The lesson, a step of kind '{kind}'.")
        page.goto(server.url + "/learn?step=11")
        page.wait_for_function("() => window.bazasLearn.deal && window.bazasLearn.deal.answer", timeout=90_000)
        shots.take(page, "learn-deal-auction", "The lesson's first deal: bid with the bot partner, who explains each call.")
        for _ in range(10):
            page.wait_for_function("() => { const d = window.bazasLearn.deal; return d && !d.busy && d.answer; }", timeout=90_000)
            if page.locator("#learn-summary").count():
                break
            call = page.evaluate("() => window.bazasLearn.deal.answer.suggestion.call")
            n = page.evaluate("() => window.bazasLearn.deal.mine.length")
            page.click(f'#learn-bidbox .bid[data-call="{call}"]')
            page.wait_for_function("(n) => window.bazasLearn.deal.mine.length === n + 1", arg=n, timeout=90_000)
        page.click("#learn-play")
        for i in range(40):
            page.wait_for_function("() => { const p = window.bazasLearn.deal.play; return p && p.ready && !p.busy; }", timeout=90_000)
            if page.locator("#learn-result").count():
                break
            if i == 3:
                shots.take(page, "learn-deal-play", "The lesson's deal played out: the learner plays South (and dummy, as "
                           "declarer), each card said in words, the bot's card compared.",
                           before=lambda p: p.evaluate("() => document.querySelector('.learn-table').scrollIntoView({block: 'center'})"))
            legal = page.evaluate("() => window.bazasLearn.deal.play.answer.suggestion.card")
            page.click(f'.learn-table .card-btn[data-card="{legal}"]')
        page.wait_for_selector("#learn-result")
        shots.take(page, "learn-deal-result", "The deal's result, then the next step.",
                   before=lambda p: p.evaluate("() => document.querySelector('#learn-result').scrollIntoView({block: 'center'})"))
        page.goto(server.url + "/learn?step=14")
        page.wait_for_selector("#learn-real")
        shots.take(page, "learn-end", "The lesson's last step: a real table with bots, or the lobby.")
    finally:
        ctx.close()


def match_page(server: Any, browser: Any, shots: Shots) -> None:
    ctx = new_context(browser, lang="es")
    try:
        page = ctx.new_page()
        page.goto(server.url + "/")
        page.wait_for_selector('#match-seats select[data-match-seat="1N"]')
        page.fill("#team-a", "Azul")
        page.fill("#team-b", "Rojo")
        page.fill("#match-boards", "2")
        page.click("#match-start")
        page.wait_for_selector("#match-page-link")
        href = page.get_attribute("#match-page-link", "href") or ""
        page.goto(href if href.startswith("http") else server.url + href)
        page.wait_for_timeout(1500)
        shots.take(page, "match", "A team match's page: the teams, the boards and how the match stands.")
    finally:
        ctx.close()


STAGES = {"table": table_stages, "end": end_of_game, "pages": pages, "learn": lesson, "match": match_page}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=Path, default=REPO / "docs" / "screenshots")
    parser.add_argument("--only", default=",".join(STAGES), help="stages, comma-separated: " + ", ".join(STAGES))
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    shots = Shots(args.out)
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as pw, running_server(Path(tmp)) as server:
        browser = pw.chromium.launch(**launch_kwargs())
        try:
            for name in args.only.split(","):
                try:
                    STAGES[name](server, browser, shots)
                except Exception as exc:  # a stage that fails is reported, the others still run
                    print(f"{name}: FAILED: {exc}", file=sys.stderr, flush=True)
        finally:
            browser.close()
    shots.write_index()


if __name__ == "__main__":
    main()
