"""Issue 11, Tests: "a Royal Auction deal ... played and scored at the table". Four WebSocket
clients at a real server: the dealer bids one royal spade (Law 4: spades at 9, the same cards as
spades), the others pass, the cards are played out, and the table's score line is the engine's for
that contract, those tricks and the honours in that deal (Law 6, as multiples of 9)."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from bazas.engine.deal import Deal
from bazas.engine.rulesets.base import DealResult
from bazas.engine.rulesets.denominations import parse_contract
from bazas.engine.seats import Seat
from bazas.engine.session import Session
from bazas.formats.pbn import loads as pbn_loads
from bazas.server.protocol import SERVER_MESSAGE

from .harness import ServerProcess
from .test_table_options import play_one_deal

pytestmark = pytest.mark.xdist_group("table_options")


def royal_player(state: dict[str, Any]) -> dict[str, Any]:
    """The dealer bids one royal spade, the others pass; the first legal card."""
    view = state["view"]
    if view["phase"] == "auction":
        return {"type": "call", "call": "1RS" if not view["calls"] else "P"}
    return {"type": "card", "card": view["legal"][0]}


async def _royal_deal(server: ServerProcess) -> tuple[dict[str, Any], dict[str, Any]]:
    return await play_one_deal(server, royal_player, ruleset="royal-auction", seed=17)


def test_law4_law6_a_royal_spade_contract_played_and_scored_at_the_table(server: ServerProcess) -> None:
    created, done = asyncio.run(_royal_deal(server))
    SERVER_MESSAGE.validate_python(done)
    assert done["table"]["ruleset"] == "royal-auction"
    dealer = Seat.parse(done["table"]["cut"]["dealer"])
    line = done["score"]["deals"][0]
    assert (line["contract"], line["declarer"]) == ("1RS", dealer.name)
    pbn = server.get(f"/api/tables/{created['table_id']}.pbn").text
    assert '[Contract "1RS"]' in pbn and '[BazasRuleset "royal-auction"]' in pbn
    tag = pbn_loads(pbn).games[0].tag("Deal")
    assert tag is not None
    deal = Deal.from_pbn(tag)
    session = Session.start("royal-auction", dealer)
    expected = session.record(DealResult(parse_contract(session.ruleset, "1RS"), dealer, line["tricks"], deal))
    points = expected.entries[0].points
    assert line["points"] == {"NS": points.ns, "EW": points.ew}
    # Honours at royal spades are multiples of 9 (Law 6; at spades they would be multiples of 2):
    # in this seeded deal one side holds some.
    honours = [i["points"] for i in line["items"] if i["kind"] == "honours"]
    assert honours and all(p % 9 == 0 for p in honours), line["items"]
    if line["tricks"] >= 7:  # every trick over six at 9 below the line (Law 4)
        assert line["below"][dealer.side.name] == (line["tricks"] - 6) * 9
