"""Issue 11 point 2: the first dealer is drawn by cutting.

Seed 000: "Primer dador por sorteo" (the first dealer is drawn); seed 003: "El repartidor inicial
se elige al azar" (chosen at random). Which card deals comes from each game's laws
(bazas/engine/cut.py): the lowest cut in Auction Bridge (Whist Club laws; ace low in the cut),
the highest in contract bridge (Laws of Rubber Bridge).
"""

from __future__ import annotations

import json
import random

import pytest

from bazas.cli.main import main
from bazas.engine.cards import Card
from bazas.engine.cut import cut_order, draw_dealer, draw_for
from bazas.engine.rulesets import get
from bazas.engine.seats import SEATS, Seat


def test_seed000_auction_lowest_cut_deals_ace_lowest() -> None:
    assert cut_order(Card.parse("SA"), True) < cut_order(Card.parse("C2"), True)
    assert cut_order(Card.parse("C5"), True) < cut_order(Card.parse("S5"), True)


def test_whist_club_law14_equal_cards_heart_lowest_then_diamond_club_spade() -> None:
    """Whist Club laws of Auction (Work, *Auction of To-day*, law 14): "as between cards of
    otherwise equal value, the lowest is the heart, next the diamond, next the club, and highest
    the spade"; the lowest deals (law 18)."""
    order = sorted(["S7", "C7", "D7", "H7"], key=lambda c: cut_order(Card.parse(c), True))
    assert order == ["H7", "D7", "C7", "S7"]
    draw = draw_dealer(random.Random(0), lowest_deals=True)
    assert draw.dealer == min(SEATS, key=lambda s: cut_order(draw.cards[s], True))


def test_seed003_contract_highest_cut_deals_ace_highest() -> None:
    assert cut_order(Card.parse("SA"), False) < cut_order(Card.parse("SK"), False)
    assert cut_order(Card.parse("S5"), False) < cut_order(Card.parse("C5"), False)


@pytest.mark.parametrize("lowest", [True, False])
def test_draw_gives_four_different_cards_and_the_rule_picks_the_dealer(lowest: bool) -> None:
    for seed in range(30):
        d = draw_dealer(random.Random(seed), lowest_deals=lowest)
        assert set(d.cards) == set(SEATS) and len(set(d.cards.values())) == 4
        assert d.dealer == min(SEATS, key=lambda s: cut_order(d.cards[s], lowest))
    assert draw_dealer(random.Random(4), lowest_deals=lowest) == draw_dealer(random.Random(4), lowest_deals=lowest)


def test_each_game_cuts_by_its_law_and_three_handed_cuts_among_its_three_players() -> None:
    assert get("auction-1920").cut_deals == "lowest" and get("royal-auction+nullos").cut_deals == "lowest"
    assert get("rubber").cut_deals == "highest" and get("chicago").cut_deals == "highest"
    d = draw_for(get("three-handed-auction"), random.Random(1))
    assert set(d.cards) == {Seat.N, Seat.E, Seat.S} and d.lowest_deals


def test_autoplay_prints_the_draw_and_deals_from_it(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["autoplay", "--ruleset", "auction-1920", "--deals", "1", "--seed", "8", "--strength", "baseline",
                 "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    draw = data["dealer_draw"]
    assert draw["rule"] == "lowest" and set(draw["cards"]) == {"N", "E", "S", "W"}
    assert data["first_dealer"] == draw["dealer"] == data["deals"][0]["dealer"]
    assert main(["autoplay", "--ruleset", "rubber", "--deals", "1", "--seed", "8", "--strength", "baseline",
                 "--dealer", "E", "--json"]) == 0
    fixed = json.loads(capsys.readouterr().out)
    assert fixed["dealer_draw"] is None and fixed["deals"][0]["dealer"] == "E"
