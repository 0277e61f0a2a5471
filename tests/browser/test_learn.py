"""Issue 12, "beyond the table": learn the auction (``/learn``, linked from the home page). Seed
004's primer as an interactive lesson: the level (1 means 7 tricks), the ranking of the suits,
the end of the auction and who wins it, each checked with the bidding box or a choice and
explained; then three prepared deals bid with a bot partner who explains its calls (the server's
bidding system), with what the bot would have called in the learner's place; each deal then played
out (the learner plays South's cards, and dummy's when South declares; the bots the rest, each card
said in words); then a real table. Spanish and English, desktop and a 390×844 phone."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

import pytest

from .ui import Server, new_context, screenshot

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

pytestmark = pytest.mark.browser

#: The prepared deals bid as the bots would: contract and declarer (learn.py's DEALS).
EXPECTED = {"raise": ("2H", "S"), "overcall": ("2S", "E"), "notrump": ("3NT", "N")}
#: Milliseconds to wait for the server's bidding (its first use loads the bidding system; the
#: machine may be shared and loaded).
DEAL_WAIT = 90_000
PARTNER_SAYS = {"es": "Apoyo", "en": "Raise"}  # North's 2♥ in deal 1


def _step(page: Page) -> int:
    return int(page.get_attribute("#learn-card", "data-step") or -1)


def _next(page: Page) -> None:
    before = _step(page)
    page.click("#learn-next")
    page.wait_for_function("(n) => Number(document.querySelector('#learn-card').dataset.step) === n", arg=before + 1)


def _feedback(page: Page, kind: str) -> str:
    page.wait_for_selector(f"#learn-feedback.{kind}:not([hidden])")
    return page.inner_text("#learn-feedback")


def _bid(page: Page, call: str) -> None:
    page.click(f'#learn-bidbox .bid[data-call="{call}"]')


def _bid_deal_as_the_bot(page: Page) -> dict[str, str | None]:
    """Bid the deal on show with the bot's own suggestion each time, until the auction is over."""
    for _ in range(10):
        page.wait_for_function("() => { const d = window.bazasLearn.deal; return d && !d.busy && d.answer; }",
                               timeout=DEAL_WAIT)
        if page.locator("#learn-summary").count():
            break
        call = page.evaluate("() => window.bazasLearn.deal.answer.suggestion.call")
        made = page.evaluate("() => window.bazasLearn.deal.mine.length")
        _bid(page, call)
        page.wait_for_function("(n) => window.bazasLearn.deal.mine.length === n + 1", arg=made, timeout=DEAL_WAIT)
        assert "bot" in _feedback(page, "right").lower()
    summary = page.locator("#learn-summary")
    summary.wait_for()
    return {"contract": summary.get_attribute("data-contract"), "declarer": summary.get_attribute("data-declarer")}


@pytest.mark.parametrize(("lang", "width", "height"), [("es", 1366, 900), ("en", 390, 844)])
def test_issue12_learn_the_auction_lesson(server: Server, browser: Browser, lang: str, width: int, height: int) -> None:
    ctx = new_context(browser, lang=lang, width=width, height=height)
    try:
        page = ctx.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(server.url + "/")
        page.click("#learn-link")
        page.wait_for_url("**/learn")
        page.wait_for_selector('#learn-card[data-step="0"]')
        assert ("subasta" if lang == "es" else "auction") in page.inner_text("#learn-card").lower()
        _next(page)
        assert "7" in page.inner_text("#learn-body") and "13" in page.inner_text("#learn-body")  # seed 004's table
        _next(page)

        # 3: the level, a choice, checked and explained
        page.click('[data-choice="4"]')
        assert "6 + 4" in _feedback(page, "wrong")
        page.click('[data-choice="10"]')
        assert "10" in _feedback(page, "right")
        _next(page)

        # 4: the bidding box: 9 tricks in hearts; a wrong bid says what it promises
        _bid(page, "2H")
        wrong = _feedback(page, "wrong")
        assert "8" in wrong and "9" in wrong
        _bid(page, "3H")
        assert "6 + 3" in _feedback(page, "right")
        screenshot(page, f"issue12-learn-bidbox-{lang}-{width}")
        _next(page)
        _next(page)  # the ranking of the suits

        # 6-7: same level with a higher suit; a lower suit needs the next level (1♥ is not offered)
        _bid(page, "1S")
        _feedback(page, "right")
        _next(page)
        assert page.is_disabled('#learn-bidbox .bid[data-call="1H"]'), "1♥ does not outrank 1♠"
        _bid(page, "2H")
        _feedback(page, "right")
        _next(page)
        _bid(page, "7NT")
        _feedback(page, "right")
        _next(page)
        _next(page)  # pass, double, redouble, the end of the auction

        # 10-11: is the auction over; who wins it
        page.click('[data-choice="yes"]')
        _feedback(page, "wrong")
        page.click('[data-choice="no"]')
        _feedback(page, "right")
        _next(page)
        page.click('[data-choice="ew8"]')
        assert "2♠" in _feedback(page, "right")
        _next(page)

        # 12: deal 1 with the bot partner; a call the bot would not make is explained, then bid again
        page.wait_for_function("() => window.bazasLearn.deal && window.bazasLearn.deal.id === 'raise'", timeout=DEAL_WAIT)
        assert page.evaluate("() => window.bazasLearn.deal.answer.suggestion.call") == "1H"
        _bid(page, "1S")
        page.wait_for_function("() => window.bazasLearn.deal.mine.length === 1", timeout=DEAL_WAIT)
        assert "1♥" in _feedback(page, "wrong"), "what the bot would have called, and why"
        page.click("#learn-again")
        page.wait_for_function("() => window.bazasLearn.deal && window.bazasLearn.deal.mine.length === 0",
                               timeout=DEAL_WAIT)
        assert _bid_deal_as_the_bot(page) == dict(zip(("contract", "declarer"), EXPECTED["raise"], strict=True))
        partner = page.locator('#learn-says li[data-seat="N"][data-by="bot"]').first
        assert PARTNER_SAYS[lang] in partner.inner_text(), "the partner explains its call"
        assert page.locator("#learn-summary .learn-hand").count() == 4, "the four hands shown at the end"
        screenshot(page, f"issue12-learn-deal-{lang}-{width}")
        for deal in ("overcall", "notrump"):
            _next(page)
            page.wait_for_function("(id) => window.bazasLearn.deal && window.bazasLearn.deal.id === id", arg=deal,
                                   timeout=DEAL_WAIT)
            result = _bid_deal_as_the_bot(page)
            assert (result["contract"], result["declarer"]) == EXPECTED[deal]
        assert page.evaluate("document.documentElement.scrollWidth") <= width, "no sideways scrolling"

        # the end: a real table, one click away
        _next(page)
        page.click("#learn-real")
        page.wait_for_url("**/t/**")
        page.wait_for_function("() => window.bazas && window.bazas.view && window.bazas.view.seat === 'S'",
                               timeout=30_000)
        assert not errors, errors
    finally:
        ctx.close()


def test_issue12_learn_api_refuses_an_illegal_call(server: Server) -> None:
    import json
    import urllib.error

    deals = json.loads(server.get("/api/learn/deals"))["deals"]
    assert [d["id"] for d in deals] == list(EXPECTED)
    assert all(len(d["hand"].replace(".", "")) == 13 for d in deals)
    with pytest.raises(urllib.error.HTTPError) as refused:
        server.post("/api/learn/deals/overcall/auction", {"calls": ["1H"]})  # after East's 1♠
    assert refused.value.code == 400
    assert "calls[0]" in refused.value.read().decode()


#: What the lesson says in each language while a deal is played out.
PLAY_WORDS = {"es": {"turn": "Te toca", "trick": "Gana la baza", "bot": "el bot"},
              "en": {"turn": "Your turn", "trick": "wins the trick", "bot": "the bot"}}


@pytest.mark.parametrize(("lang", "width", "height", "deal", "step"),
                         [("es", 1366, 900, "overcall", 12), ("en", 390, 844, "raise", 11)])
def test_issue12_learn_a_prepared_deal_is_played_out(server: Server, browser: Browser, lang: str, width: int,
                                                     height: int, deal: str, step: int) -> None:
    """A lesson deal, bid, then played to its last card: the learner's cards (South's, and North's
    too when South declares, deal 1) clicked, the bots' cards said in words, the bot's own choice
    compared with the learner's; the result; then the next step."""
    ctx = new_context(browser, lang=lang, width=width, height=height)
    ctx.add_init_script("localStorage.setItem('bazas.learn.pace', 'instant')")
    words = PLAY_WORDS[lang]
    try:
        page = ctx.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(server.url + f"/learn?step={step}")
        page.wait_for_function("(id) => window.bazasLearn.deal && window.bazasLearn.deal.id === id", arg=deal,
                               timeout=DEAL_WAIT)
        contract, declarer = EXPECTED[deal]
        assert _bid_deal_as_the_bot(page) == {"contract": contract, "declarer": declarer}
        page.click("#learn-play")
        played_by_me: dict[str, int] = {"N": 0, "S": 0}
        deadline = time.monotonic() + 240
        while time.monotonic() < deadline:
            page.wait_for_function("() => { const p = window.bazasLearn.deal.play; return p && p.ready && !p.busy; }",
                                   timeout=DEAL_WAIT)
            if page.locator("#learn-result").count():
                break
            turn = page.evaluate("() => window.bazasLearn.deal.play.answer.turn")
            assert turn == "S" or (turn == "N" and declarer == "S"), f"the learner plays {turn}'s cards"
            assert words["turn"] in page.inner_text("#learn-your-card")
            legal = page.evaluate("() => window.bazasLearn.deal.play.answer.legal")
            # only the legal cards of the hand to play can be clicked
            clickable = page.eval_on_selector_all(".learn-table .card-btn[data-card]:not([disabled])",
                                                  "els => els.map(e => e.dataset.card)")
            assert sorted(clickable) == sorted(legal)
            assert page.locator(f'.learn-table [data-seat="{turn}"] .card-btn[data-card="{legal[-1]}"]').count() == 1
            page.click(f'.learn-table .card-btn[data-card="{legal[-1]}"]')
            played_by_me[turn] += 1
            page.wait_for_selector("#learn-card-feedback")
            assert words["bot"] in page.inner_text("#learn-card-feedback").lower()
        answer = page.evaluate("() => window.bazasLearn.deal.play.answer")
        assert answer["done"] and len(answer["cards"]) == 52
        mine = [c for c in answer["cards"] if c["by"] == "you"]
        assert len(mine) == sum(played_by_me.values()) == (26 if declarer == "S" else 13)
        assert played_by_me["N"] == (13 if declarer == "S" else 0), "dummy's cards, when South declares"
        # every card said in words, in the page's language; the trick's winner at its fourth card
        assert all(c["note"][lang] for c in answer["cards"])
        assert words["trick"] in page.inner_text("#learn-notes")
        tricks = int(page.get_attribute("#learn-result", "data-tricks") or -1)
        side = 0 if declarer in "NS" else 1
        assert tricks == [answer["won"]["NS"], answer["won"]["EW"]][side] == answer["declarer_tricks"]
        assert page.evaluate("document.documentElement.scrollWidth") <= width, "no sideways scrolling"
        screenshot(page, f"issue12-learn-played-{lang}-{width}")
        _next(page)
        assert _step(page) == step + 1
        assert not errors, errors
    finally:
        ctx.close()


def test_issue12_learn_play_api_checks_every_card(server: Server) -> None:
    import json
    import urllib.error

    calls = ["2H", "P"]  # deal 2: East opens 1♠; South 2♥; East declares 2♠ (the bots' auction)
    first = server.post("/api/learn/deals/overcall/play", {"calls": calls, "cards": []})
    assert first["declarer"] == "E" and first["turn"] == "S" and not first["cards"], "South leads"
    lead = first["legal"][0]
    second = server.post("/api/learn/deals/overcall/play", {"calls": calls, "cards": [lead]})
    assert [c["seat"] for c in second["cards"][:4]] == ["S", "W", "N", "E"]
    assert second["cards"][0]["by"] == "you" and all(c["by"] == "bot" for c in second["cards"][1:])
    so_far = [c["card"] for c in second["cards"]]
    again = server.post("/api/learn/deals/overcall/play", {"calls": calls, "cards": so_far})
    assert [c["card"] for c in again["cards"][: len(so_far)]] == so_far and again["new_from"] == len(so_far)
    assert again["turn"] == "S" and again["suggestion"]["card"] in again["legal"]
    not_south = [c for c in second["hands"]["W"]][0]
    with pytest.raises(urllib.error.HTTPError) as refused:
        server.post("/api/learn/deals/overcall/play", {"calls": calls, "cards": [not_south]})
    assert refused.value.code == 400 and "cards[0]" in json.loads(refused.value.read())["detail"]
