"""Four people in four browser profiles play one deal together.

Each page must show only what its seat may see: its own hand, dummy once the opening lead is
faced, and the played cards; all four hands only when the deal is over. The test checks the DOM of
every page after every action (and the WebSocket frames each page received). On the way: an undo
that the opponents must accept, the declarer playing dummy's cards, and a claim the defenders accept.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

import pytest

from .ui import (
    SEATS,
    Server,
    click_visible,
    new_context,
    open_seat,
    page_errors,
    played_cards,
    snapshot,
    state,
    wait_version_after,
)

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

pytestmark = pytest.mark.browser

NAMES = {"N": "Nora", "E": "Elías", "S": "Sara", "W": "Olga"}
LANGS = {"N": "es", "E": "en", "S": "es", "W": "en"}


def wait_all(pages: dict[str, Page], version: int) -> None:
    for p in pages.values():
        p.wait_for_function("(v) => window.bazas.msg && window.bazas.msg.version >= v", arg=version)


def latest(pages: dict[str, Page]) -> int:
    return max(int(state(p)["version"]) for p in pages.values())


def actor_page(pages: dict[str, Page]) -> tuple[str, Page, dict[str, Any]]:
    for seat, p in pages.items():
        s = state(p)
        v = s["view"]
        if v["actor"] == seat and v["phase"] in ("auction", "play"):
            return seat, p, s
    raise AssertionError("nobody is to act")


def check_privacy(pages: dict[str, Page], hands: dict[str, set[str]]) -> None:
    for seat, page in pages.items():
        s, cards = snapshot(page)
        v = s["view"]
        shown = set(cards)
        played = played_cards(v)
        lead_made = bool(played)
        for other in SEATS:
            if other == seat:
                continue
            allowed = set(played)
            if other == v["dummy"] and lead_made:
                allowed |= hands[other]
            leaked = (shown & hands[other]) - allowed
            assert not leaked, f"{seat}'s page shows {sorted(leaked)} of {other}'s hand ({v['phase']})"
        if v["phase"] == "auction":
            assert v["dummy_hand"] is None


def frames_clean(frames: list[str], seat: str, hands: dict[str, set[str]]) -> None:
    """No state message sent to ``seat`` carries another seat's hand before it may be seen."""
    for raw in frames:
        msg = json.loads(raw)
        if msg.get("type") != "state":
            continue
        v = msg["view"]
        if v["phase"] == "done":
            continue
        seen = set(v.get("hand") or []) | set(v.get("dummy_hand") or []) | played_cards(v)
        if v.get("all_hands"):
            seen |= {c for h in v["all_hands"].values() for c in h}
        for other in SEATS:
            if other == seat:
                continue
            allowed = played_cards(v) | (hands[other] if other == v["dummy"] and played_cards(v) else set())
            assert not ((seen & hands[other]) - allowed), f"a message to {seat} showed {other}'s cards"


def test_four_people_one_deal(server: Server, browser: Browser) -> None:
    table = server.create_table("rubber", seats={"N": "open", "E": "open", "W": "open"}, me="S", name=NAMES["S"])
    contexts = {}
    pages: dict[str, Page] = {}
    frames: dict[str, list[str]] = {s: [] for s in SEATS}
    try:
        for seat in SEATS:
            ctx = contexts[seat] = new_context(browser, lang=LANGS[seat])
            pages[seat] = open_seat(ctx, server.url, table["links"][seat] if seat != "S" else table["me"], frames[seat])
        # the invited players give their names
        for seat, page in pages.items():
            if seat == "S":
                continue  # the creator gave a name with the table
            page.wait_for_selector("#name-form", timeout=15_000)
            page.fill("#name-input", NAMES[seat])
            page.click("#name-form button[type=submit]")
            page.wait_for_function("(s) => (window.bazas.table.seats || {})[s]?.name", arg=seat, timeout=15_000)
        for page in pages.values():
            page.wait_for_function("(n) => Object.values(window.bazas.table.seats || {}).filter(x => x && x.name).length >= n",
                                   arg=4, timeout=15_000)

        hands = {seat: set(state(p)["view"]["hand"]) for seat, p in pages.items()}
        assert all(len(h) == 13 for h in hands.values())
        assert len(set().union(*hands.values())) == 52
        check_privacy(pages, hands)

        # auction: the dealer bids 1C by mistake, takes it back (the opponents agree), bids 1NT
        seat, page, s = actor_page(pages)
        before = s["version"]
        page.click('.bid[data-call="1C"]')
        wait_version_after(page, before)
        page.click("#btn-undo")
        for opp in (SEATS[(SEATS.index(seat) + 1) % 4], SEATS[(SEATS.index(seat) + 3) % 4]):
            pages[opp].wait_for_selector('#banner [data-reply="undo"][data-accept="1"]')
            before = state(pages[opp])["version"]
            pages[opp].click('#banner [data-reply="undo"][data-accept="1"]')
            wait_version_after(pages[opp], before)
        page.wait_for_function("() => window.bazas.view.calls.length === 0 && !(window.bazas.pending && window.bazas.pending.undo)")
        declarer = seat
        before = state(page)["version"]
        page.click('.bid[data-call="1NT"]')
        wait_version_after(page, before)
        for _ in range(3):
            wait_all(pages, latest(pages))
            seat, page, s = actor_page(pages)
            before = s["version"]
            page.click('.bid[data-call="P"]')
            wait_version_after(page, before)
        wait_all(pages, latest(pages))
        s = state(pages["N"])
        assert s["view"]["contract"] == "1NT" and s["view"]["declarer"] == declarer
        dummy = s["view"]["dummy"]
        check_privacy(pages, hands)

        # play eight tricks, clicking; declarer plays dummy's cards from their own page
        while len(state(pages["N"])["view"]["tricks"]) < 8:
            wait_all(pages, latest(pages))
            seat, page, s = actor_page(pages)
            v = s["view"]
            if v["turn"] == dummy:
                assert seat == declarer
            card = v["legal"][0]
            before = s["version"]
            assert click_visible(page, f'.card-btn[data-card="{card}"]')
            wait_version_after(page, before)
            wait_all(pages, latest(pages))
            check_privacy(pages, hands)
        # dummy is on the table for everybody
        for page in pages.values():
            assert state(page)["view"]["dummy_hand"] is not None

        # the declarer claims the rest; both defenders accept
        page = pages[declarer]
        page.click("#btn-claim")
        page.wait_for_selector("#dlg-claim[open] .claim-n")
        left = 13 - len(state(page)["view"]["tricks"])
        before = state(page)["version"]
        page.click(f'#dlg-claim [data-claim="{left}"]')
        wait_version_after(page, before)
        defenders = [SEATS[(SEATS.index(declarer) + 1) % 4], SEATS[(SEATS.index(declarer) + 3) % 4]]
        for d in defenders:
            pages[d].wait_for_selector('#banner [data-reply="claim"][data-accept="1"]')
            before = state(pages[d])["version"]
            pages[d].click('#banner [data-reply="claim"][data-accept="1"]')
            wait_version_after(pages[d], before)
        for seat, page in pages.items():
            page.wait_for_function("() => window.bazas.view.phase === 'done'")
            s, cards = snapshot(page)
            assert set(cards) >= set().union(*hands.values()), f"{seat} sees all four hands after the deal"
            assert page.locator("#center .result").is_visible()
        for seat in SEATS:
            frames_clean(frames[seat], seat, hands)
            assert not page_errors(pages[seat])
    finally:
        for ctx in contexts.values():
            ctx.close()
