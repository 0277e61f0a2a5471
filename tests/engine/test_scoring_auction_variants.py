"""Seed 001's variants of Auction Bridge (RULES.md, "Variants from seed 001"), off by default."""

from __future__ import annotations

import json

import pytest

from bazas.cli.main import main
from bazas.engine.calls import Contract, Strain
from bazas.engine.errors import ScoringError
from bazas.engine.honours import from_cards
from bazas.engine.rulesets import AUCTION_1920
from bazas.engine.rulesets.auction_variants import auction_variant
from bazas.engine.rulesets.base import DealResult, Item
from bazas.engine.seats import Seat, Side
from bazas.engine.session import Session


def honours_points(ruleset, strain: Strain, holding: dict[Seat, list[str]]) -> dict[Side, int]:  # type: ignore[no-untyped-def]
    contract = Contract(1, strain)
    result = DealResult(contract, Seat.N, 7, honours=from_cards(strain, holding))
    scored = ruleset.score(ruleset.start(Seat.N), result)
    return {i.side: i.points for i in scored.items if i.kind is Item.HONOURS}


# Rows of the later table as RULES.md states them (seed 001, corrected), spades trumps.
LATER_ROWS = [
    ("3 divided", {Seat.N: ["SA", "SK"], Seat.S: ["SQ"]}, 30),
    ("3 in one hand", {Seat.N: ["SA", "SK", "SQ"]}, 30),
    ("4 divided", {Seat.N: ["SA", "SK"], Seat.S: ["SQ", "SJ"]}, 40),
    ("5 divided 3+2", {Seat.N: ["SA", "SK", "SQ"], Seat.S: ["SJ", "ST"]}, 50),
    ("4 in one hand", {Seat.N: ["SA", "SK", "SQ", "SJ"]}, 80),
    ("any 4 of the 5 in one hand", {Seat.N: ["SA", "SK", "SQ", "ST"]}, 80),
    ("4 in one hand + 5th in partner's", {Seat.N: ["SA", "SK", "SQ", "SJ"], Seat.S: ["ST"]}, 90),
    ("5 in one hand", {Seat.N: ["SA", "SK", "SQ", "SJ", "ST"]}, 100),
]


@pytest.mark.parametrize(("row", "holding", "points"), LATER_ROWS, ids=[r[0] for r in LATER_ROWS])
def test_seed001_later_honours_table(row: str, holding: dict[Seat, list[str]], points: int) -> None:
    assert honours_points(auction_variant(honours="later"), Strain.S, holding) == {Side.NS: points}


def test_seed001_later_honours_aces_at_notrump() -> None:
    later = auction_variant(honours="later")
    assert honours_points(later, Strain.NT, {Seat.E: ["SA", "HA"], Seat.W: ["DA"]}) == {Side.EW: 30}
    assert honours_points(later, Strain.NT, {Seat.E: ["SA", "HA"], Seat.W: ["DA", "CA"]}) == {Side.EW: 40}
    assert honours_points(later, Strain.NT, {Seat.E: ["SA", "HA", "DA", "CA"]}) == {Side.EW: 100}


def test_seed001_later_table_is_not_the_default() -> None:
    # The 1920 table scores four spade honours in one hand 8 x 9 = 72; the later table 80.
    four = {Seat.N: ["SA", "SK", "SQ", "SJ"]}
    assert honours_points(AUCTION_1920, Strain.S, four) == {Side.NS: 72}
    assert honours_points(auction_variant(honours="later"), Strain.S, four) == {Side.NS: 80}
    assert auction_variant() is AUCTION_1920


def test_seed001_passed_out_deal_redealt_by_the_same_dealer() -> None:
    same = Session.start(auction_variant(passed_out="same_dealer"), Seat.E).record(DealResult.passed())
    assert same.next_dealer is Seat.E
    nxt = Session.start(AUCTION_1920, Seat.E).record(DealResult.passed())
    assert nxt.next_dealer is Seat.S


def test_seed001_short_session_ends_after_its_deals_and_larger_total_wins() -> None:
    ruleset = auction_variant(deals=3)
    s = Session.start(ruleset, Seat.N)
    # Deal 1: N/S 1S, 10 tricks: (10-6) x 9 = 36 below, game.
    s = s.record(DealResult(Contract.parse("1S"), Seat.N, 10))
    # Deal 2: N/S 2NT, 10 tricks: 4 x 10 = 40 below, second game: rubber, 250 above.
    s = s.record(DealResult(Contract.parse("2NT"), Seat.S, 10))
    assert not s.finished, "a short session goes on after a rubber until its deals are played"
    # Deal 3 starts a new rubber: E/W 1H, 9 tricks: 3 x 8 = 24 below, no game (30 needed).
    s = s.record(DealResult(Contract.parse("1H"), Seat.E, 9))
    assert s.finished
    assert (s.totals.ns, s.totals.ew) == (36 + 40 + 250, 24)
    assert s.winner == "NS"
    with pytest.raises(ScoringError):
        s.record(DealResult(Contract.parse("1H"), Seat.E, 9))


def test_seed001_options_in_a_scorepad_record(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "short.json"
    path.write_text(json.dumps({
        "ruleset": "auction-1920", "first_dealer": "N",
        "options": {"honours": "later", "passed_out": "same_dealer", "deals": 2},
        "deals": [
            {"contract": "pass"},
            {"contract": "1S", "declarer": "N", "tricks": 7, "honours": {"N": ["SA", "SK", "SQ", "SJ"]}},
            {"contract": "1S", "declarer": "E", "tricks": 7},
        ]}))
    assert main(["score", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [d["dealer"] for d in data["deals"]] == ["N", "N", "E"]
    assert data["totals"] == {"NS": 9 + 80, "EW": 9}
    assert data["finished"] is True

    path.write_text(json.dumps({"ruleset": "auction-1920", "options": {"honours": "modern"}, "deals": []}))
    assert main(["score", str(path)]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and "options" in captured.err and "modern" in captured.err
