"""Issue 11, "Bots that know each variant" AT THE TABLE SERVER: the bots' worker replays a Royal
Auction / nullo deal from its record (``DealState.to_record`` names the game's denominations), so
after a royal spade or a nullo the bots still think instead of falling back to the first legal
call; "simple" tables get the real Royal Auction bidder (the baseline knows only five strains);
a nullo's double-dummy review marks no card (both sides aim to lose tricks)."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import pytest

from bazas.engine.deal import Deal, deal_random
from bazas.engine.rulesets import get
from bazas.engine.rulesets.denominations import denominations_of
from bazas.engine.seats import Seat
from bazas.engine.state import DealState, parse_action
from bazas.server import workers

from .harness import Client, ServerProcess, drive, token
from .test_table_options import create

GAME = "royal-auction+nullos"
DEN = denominations_of(get(GAME))
# N: long spades with values (royal spades, Law 4); E: weak and flat, no ace (a nullo).
DEAL = Deal.from_pbn("N:AQJ93.K4.A52.863 8642.7532.J4.975 KT7.AQJ.KQ3.AKQ2 5.T986.T9876.JT4")


def bids_from(kind: str) -> list[str]:
    state = DealState.start(DEAL, Seat.N, DEN)
    calls = []
    while state.phase == "auction":
        seat = Seat(state.auction.turn)
        text, _ = workers.decide(kind, "fast", state.to_record(), seat.name, {"ruleset": GAME}, 0.05, 1)
        calls.append(text)
        state = state.apply(parse_action(text)).after
    return calls


@pytest.mark.parametrize("kind", ["dds", "simple"])
def test_law4_bots_bid_royal_spades_and_nullos_from_a_deal_record(kind: str) -> None:
    calls = bids_from(kind)
    assert calls[0] == "1RS", calls  # N: royal spades, not the dealer's conventional one spade
    assert calls[1] == "1NU", calls  # E: a nullo over it (10 a trick beats 9)


def test_issue11_a_nullo_review_marks_no_card() -> None:
    state = DealState.start(deal_random(random.Random(1)), Seat.N, DEN)
    for call in ("1NU", "P", "P", "P"):
        state = state.apply(parse_action(call, DEN)).after
    while state.phase != "done":
        state = state.apply(state.legal_actions()[0]).after
    analysis = workers.analyse(state.to_record(), "None")
    assert analysis is not None and "costs" not in analysis and "makeable" in analysis


def person_passes(state: dict[str, Any]) -> dict[str, Any]:
    view = state["view"]
    if view["phase"] == "auction":
        return {"type": "call", "call": "P" if "P" in view["legal"] else view["legal"][0]}
    return {"type": "card", "card": view["legal"][0]}


async def _deal_with_bots(server: ServerProcess) -> dict[str, Any]:
    created = create(server, ruleset="royal-auction", options={"nullos": True}, seats={s: "bot" for s in "NEW"},
                     me="S", first_dealer="N", seed=10)
    client = Client(server, created["table_id"], token(created["links"]["S"]), name="S")
    await client.connect()
    try:
        return await drive([client], lambda m: m["table"]["status"] in ("review", "over"), choose=person_passes,
                           press_next=False, timeout=120)
    finally:
        await client.close()


def test_issue11_bots_think_through_a_royal_deal_at_the_table(server: ServerProcess) -> None:
    done = asyncio.run(_deal_with_bots(server))
    assert done["score"]["deals"], done["table"]["status"]
    # A bot may run out of time on a busy machine; it must never fail on the game's own calls.
    failures = [line for line in server.log if "fallback action" in line and "TimeoutError" not in line]
    assert not failures, failures
    # Seeded deal 1: E's hand is a nullo by the bots' count (bots/bidding/royal.py), and they bid it.
    calls = done["view"]["calls"]
    bot_calls = [c for i, c in enumerate(calls) if "NESW"[i % 4] != "S"]
    assert any(c.endswith(("NU", "RS")) for c in bot_calls), calls
    assert done["score"]["deals"][0]["contract"] == next(c for c in reversed(calls) if c[0].isdigit())


def test_issue11_royal_and_nullo_calls_are_explained_from_the_calls_alone() -> None:
    """Hovering a call at a Royal Auction table: the meaning the bots' rule table gives it (Law 42
    for the dealer's one spade, the nullo and royal-spades rows), in both languages."""
    said = workers.explain_calls(GAME, "N", ["1S", "1NU", "1RS", "P", "P", "X"], [0, 1, 2, 3, 4, 5], {})
    en = [s["en"] if s is not None else "" for s in said]
    assert "Law 42" in en[0] and "nullo" in en[1] and "royal spades" in en[2]
    assert "nothing worth a bid" in en[3] and "partner's bid stands" in en[4] and said[5] is None
    es = said[1]["es"] if said[1] is not None else ""
    assert "nulo" in es
    # 1920 Auction with nullos: no royal spades, spades are named as spades; the dealer may pass.
    plain = [s["en"] if s is not None else "" for s in
             workers.explain_calls("auction-1920+nullos", "N", ["1S", "1NU"], [0, 1], {})]
    assert plain[0].endswith(": spades") and "nullo" in plain[1]
