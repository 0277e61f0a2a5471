"""Seed 001's tie rule at a table (issue 11): a short session that ends on an exact tie under
``"tie": "one_more_deal"`` is not over -- the table deals one more deal; without the option it is
over, a tie."""

from __future__ import annotations

import random

from bazas.engine.calls import PASS
from bazas.engine.deal import deal_random
from bazas.engine.seats import Seat
from bazas.engine.table import Act, DealCards, Next, Player, Table


def passed_out_first_deal(ruleset: str) -> Table:
    table = Table.create(ruleset, [Player.bot()] * 4, Seat.N)
    table, _ = table.handle(DealCards(deal_random(random.Random(1))))
    for seat in (Seat.N, Seat.E, Seat.S, Seat.W):
        table, _ = table.handle(Act(seat, PASS))
    return table


def test_seed001_tie_one_more_deal_at_the_table() -> None:
    table = passed_out_first_deal("auction-1920+1-deals+tie-one-more-deal")
    assert table.session.totals.ns == table.session.totals.ew == 0
    assert table.session.deciding and table.status == "review"
    table, _ = table.handle(Next(None))
    assert table.needs_deal


def test_seed001_tie_without_the_option_the_session_ends_tied() -> None:
    table = passed_out_first_deal("auction-1920+1-deals")
    assert table.status == "over" and table.session.winner == "tie"
