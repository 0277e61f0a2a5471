"""RULES.md "Common to all rulesets" (auction calls) and "Language":

Bids 1-7 in ♣ < ♦ < ♥ < ♠ < NT, compared by level first, then strain ("2♣ beats 1NT", seed 000
§3); pass, double, redouble. Input accepts NT, ST, SA, N for notrump, any case, suit symbols;
Spanish words Paso, Doblo, Redoblo.
"""

from __future__ import annotations

import pytest

from bazas.engine.calls import (
    ALL_BIDS,
    ALL_CALLS,
    DOUBLE,
    PASS,
    REDOUBLE,
    STRAINS,
    Bid,
    Contract,
    Doubling,
    Strain,
    call_from_index,
    parse_call,
)
from bazas.engine.cards import Suit
from bazas.engine.errors import InvalidNotation


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("1S", Bid(1, Strain.S)), ("1s", Bid(1, Strain.S)), ("1♠", Bid(1, Strain.S)),
        ("3NT", Bid(3, Strain.NT)), ("3nt", Bid(3, Strain.NT)), ("3N", Bid(3, Strain.NT)),
        ("3ST", Bid(3, Strain.NT)), ("3st", Bid(3, Strain.NT)), ("3SA", Bid(3, Strain.NT)),
        ("2♥", Bid(2, Strain.H)), ("2h", Bid(2, Strain.H)), ("2♡", Bid(2, Strain.H)),
        ("7♣", Bid(7, Strain.C)), ("7C", Bid(7, Strain.C)), ("5♦", Bid(5, Strain.D)), ("5d", Bid(5, Strain.D)),
        (" 4S ", Bid(4, Strain.S)), ("1 NT", Bid(1, Strain.NT)),
        ("P", PASS), ("p", PASS), ("Pass", PASS), ("PASO", PASS), ("paso", PASS),
        ("X", DOUBLE), ("x", DOUBLE), ("Dbl", DOUBLE), ("Doblo", DOUBLE),
        ("XX", REDOUBLE), ("xx", REDOUBLE), ("Rdbl", REDOUBLE), ("Redoblo", REDOUBLE),
    ],
)
def test_parse_call_notations(text: str, expected: object) -> None:
    assert parse_call(text) == expected


@pytest.mark.parametrize("text", ["", "8S", "0C", "1Z", "1", "XXX", "S1", "1NTX", "11S", "NT", "-1S", "1.5S"])
def test_parse_call_rejects_bad_notation(text: str) -> None:
    with pytest.raises(InvalidNotation, match="not a call"):
        parse_call(text)


def test_bid_level_outside_1_to_7_rejected() -> None:
    for level in (0, 8, -1):
        with pytest.raises(InvalidNotation):
            Bid(level, Strain.S)


def test_strain_order_clubs_diamonds_hearts_spades_notrump() -> None:
    assert list(STRAINS) == [Strain.C, Strain.D, Strain.H, Strain.S, Strain.NT]
    assert Strain.NT.suit is None
    assert [s.suit for s in STRAINS[:4]] == [Suit.C, Suit.D, Suit.H, Suit.S]
    for s in Suit:
        assert Strain.of_suit(s).suit is s


def test_seed000_s3_bids_compare_by_level_then_strain() -> None:
    # "Así 1NT supera 1♠ y 2♣ supera 1NT sin depender de puntos."
    assert parse_call("1NT") > parse_call("1S")  # type: ignore[operator]
    assert parse_call("2C") > parse_call("1NT")  # type: ignore[operator]
    assert Bid(1, Strain.C) < Bid(1, Strain.D) < Bid(1, Strain.H) < Bid(1, Strain.S) < Bid(1, Strain.NT)
    # The 35 bids in ALL_BIDS are strictly increasing: lowest 1♣, highest 7NT (seed 004's table).
    assert all(a < b for a, b in zip(ALL_BIDS, ALL_BIDS[1:], strict=False))
    assert len(ALL_BIDS) == 35 and str(ALL_BIDS[0]) == "1C" and str(ALL_BIDS[-1]) == "7NT"
    assert Bid(3, Strain.S) >= Bid(3, Strain.S) and Bid(3, Strain.S) <= Bid(3, Strain.S)


def test_fixed_call_order_and_indexes() -> None:
    assert [str(c) for c in ALL_CALLS[:5]] == ["P", "X", "XX", "1C", "1D"]
    assert len(ALL_CALLS) == 38
    for i, call in enumerate(ALL_CALLS):
        assert call.index == i
        assert call_from_index(i) == call


def test_call_printing_round_trips_in_both_languages() -> None:
    for call in ALL_CALLS:
        assert parse_call(str(call)) == call
        assert parse_call(call.text("en")) == call
        assert parse_call(call.text("es")) == call
    assert Bid(3, Strain.NT).text("es") == "3ST" and Bid(3, Strain.NT).text("en") == "3NT"
    assert Bid(2, Strain.H).text() == "2♥"
    assert PASS.text("es") == "Paso" and DOUBLE.text("es") == "Doblo" and REDOUBLE.text("es") == "Redoblo"
    assert repr(Bid(1, Strain.S)) == "Bid(1, Strain.S)" and repr(PASS) == "PASS"


def test_doubling_multiplier() -> None:
    assert (Doubling.UNDOUBLED, Doubling.DOUBLED, Doubling.REDOUBLED) == (1, 2, 4)


@pytest.mark.parametrize(
    ("text", "printed", "tricks"),
    [("4S", "4S", 10), ("4sx", "4SX", 10), ("3NTXX", "3NTXX", 9), ("2♥X", "2HX", 8), ("5ST", "5NT", 11),
     ("7N", "7NT", 13), ("1c", "1C", 7)],
)
def test_contract_parse_and_print(text: str, printed: str, tricks: int) -> None:
    c = Contract.parse(text)
    assert str(c) == printed
    assert c.tricks_needed == tricks
    assert Contract.parse(str(c)) == c
    assert c.bid == Bid(c.level, c.strain)


@pytest.mark.parametrize("text", ["", "P", "X", "8S", "4", "4SXXX", "XX"])
def test_contract_rejects_bad_notation(text: str) -> None:
    with pytest.raises(InvalidNotation):
        Contract.parse(text)
