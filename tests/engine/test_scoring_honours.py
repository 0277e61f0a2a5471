"""Honour holdings counted from the ORIGINAL deal (RULES.md "Common to all rulesets")."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bazas.engine.calls import Strain
from bazas.engine.deal import deal_random
from bazas.engine.errors import ScoringError
from bazas.engine.honours import count, from_cards, honour_cards
from bazas.engine.seats import Seat, Side


def test_rules_honours_are_the_five_trump_honours_or_four_aces() -> None:
    assert [str(c) for c in honour_cards(Strain.H)] == ["HA", "HK", "HQ", "HJ", "HT"]
    assert sorted(str(c) for c in honour_cards(Strain.NT)) == ["CA", "DA", "HA", "SA"]


@given(st.integers(0, 2**64), st.sampled_from(list(Strain)))
def test_rules_honours_counted_per_seat_sum_to_all(seed: int, strain: Strain) -> None:
    deal = deal_random(random.Random(seed))
    h = count(deal, strain)
    assert sum(h.counts) == h.available == (4 if strain is Strain.NT else 5)
    assert h.of_side(Side.NS) + h.of_side(Side.EW) == h.available
    for seat in Seat:
        assert h.of_seat(seat) == sum(1 for c in deal.hand(seat) if c in honour_cards(strain))
    assert count(deal, strain).rotated(1).counts == tuple(h.counts[(i - 1) % 4] for i in range(4))


def test_rules_given_honour_cards_must_be_honours_and_distinct() -> None:
    with pytest.raises(ScoringError, match="not an honour"):
        from_cards(Strain.S, {Seat.N: ["S9"]})
    with pytest.raises(ScoringError, match="twice"):
        from_cards(Strain.S, {Seat.N: ["SA"], Seat.S: ["SA"]})
    assert from_cards(Strain.S, {Seat.N: ["♠A", "SK"], Seat.E: ["S10"]}).counts == (2, 1, 0, 0)
