"""RULES.md "Common to all rulesets": 52 cards, no jokers, ranks A K Q J 10 9 ... 2, four suits.

Parsing and printing of cards and hands (PBN hand notation: spades.hearts.diamonds.clubs).
"""

from __future__ import annotations

import random

import pytest

from bazas.engine.cards import (
    ALL_CARDS,
    FULL_DECK_MASK,
    PBN_SUIT_ORDER,
    RANKS,
    SUITS,
    Card,
    Hand,
    Rank,
    Suit,
    bits,
)
from bazas.engine.errors import BazasError, InvalidNotation


# -- the deck ---------------------------------------------------------------------------------
def test_deck_is_52_distinct_cards_four_suits_thirteen_ranks_no_jokers() -> None:
    assert len(ALL_CARDS) == 52
    assert len(set(ALL_CARDS)) == 52
    assert [s.name for s in SUITS] == ["C", "D", "H", "S"]
    assert [r.char for r in RANKS] == list("23456789TJQKA")
    assert FULL_DECK_MASK == (1 << 52) - 1
    assert Hand(FULL_DECK_MASK).cards() == tuple(sorted(ALL_CARDS, key=lambda c: (-c.suit, -c.rank)))


def test_rank_order_ace_high_deuce_low() -> None:
    ranks = sorted(RANKS)
    assert ranks[0] is Rank.TWO and ranks[-1] is Rank.ACE
    assert Rank.ACE > Rank.KING > Rank.QUEEN > Rank.JACK > Rank.TEN > Rank.NINE > Rank.TWO


def test_card_index_and_bit_layout() -> None:
    for i, card in enumerate(ALL_CARDS):
        assert card.index == i
        assert card.bit == 1 << i
        assert Card.from_index(i) is card
    assert Card.parse("C2").index == 0
    assert Card.parse("SA").index == 51
    assert Card.parse("D2").index == 13
    assert Card.parse("H2").index == 26


def test_cards_order_by_suit_then_rank() -> None:
    assert Card.parse("C2") < Card.parse("CA") < Card.parse("D2") < Card.parse("SA")
    assert sorted(ALL_CARDS) == list(ALL_CARDS)


# -- parsing a card ---------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("SA", "SA"), ("sa", "SA"), ("As", "SA"), ("♠A", "SA"), ("A♠", "SA"), ("♤A", "SA"),
        ("H10", "HT"), ("HT", "HT"), ("ht", "HT"), ("10H", "HT"), ("♥10", "HT"), ("T♥", "HT"),
        ("D7", "D7"), ("♦7", "D7"), ("7d", "D7"),
        ("C2", "C2"), ("♣2", "C2"), ("2c", "C2"),
        ("CK", "CK"), ("DQ", "DQ"), ("HJ", "HJ"), ("S9", "S9"),
        (" SA ", "SA"),
    ],
)
def test_card_parse_accepts_letters_symbols_either_order_any_case(text: str, expected: str) -> None:
    assert str(Card.parse(text)) == expected


@pytest.mark.parametrize("text", ["", "S", "A", "S1", "S11", "SAA", "XA", "ZZ", "♠", "S 1 0", "joker", "S0"])
def test_card_parse_rejects_bad_notation(text: str) -> None:
    with pytest.raises(InvalidNotation, match="not a card"):
        Card.parse(text)


def test_notation_errors_are_value_errors() -> None:
    with pytest.raises(ValueError):
        Card.parse("S1")
    assert issubclass(InvalidNotation, BazasError)


def test_card_printing_round_trips() -> None:
    for card in ALL_CARDS:
        assert Card.parse(str(card)) is card
        assert Card.parse(card.symbol) is card
        assert eval(repr(card), {"Card": Card}) is card  # noqa: S307 - repr is Card.parse('..')
    assert Card.parse("S10").symbol == "♠T"


def test_suit_and_rank_parsing() -> None:
    assert Suit.parse("♠") is Suit.S and Suit.parse("spades") is Suit.S and Suit.parse("picas") is Suit.S
    assert Suit.parse("c") is Suit.C and Suit.parse("♣") is Suit.C and Suit.parse("tréboles") is Suit.C
    assert Suit.parse("corazones") is Suit.H and Suit.parse("diamantes") is Suit.D
    assert Rank.parse("10") is Rank.TEN and Rank.parse("t") is Rank.TEN and Rank.parse("a") is Rank.ACE
    for bad in ("", "X", "1", "11", "AK"):
        with pytest.raises(InvalidNotation):
            Rank.parse(bad)
    with pytest.raises(InvalidNotation, match="not a suit"):
        Suit.parse("N")


def test_suit_masks_partition_the_deck() -> None:
    total = 0
    for s in SUITS:
        assert s.mask.bit_count() == 13
        assert total & s.mask == 0
        total |= s.mask
    assert total == FULL_DECK_MASK


# -- hands ------------------------------------------------------------------------------------
def test_hand_from_pbn_spades_first() -> None:
    h = Hand.from_pbn("AKQ2.KJ5.T98.432")
    assert len(h) == 13
    assert h.lengths() == (3, 3, 3, 4)  # C, D, H, S
    assert Card.parse("SA") in h and Card.parse("S2") in h and Card.parse("C2") in h
    assert Card.parse("CA") not in h
    assert h.to_pbn() == "AKQ2.KJ5.T98.432"
    assert h.hcp() == 9 + 4 + 0 + 0
    assert [str(c) for c in h][:4] == ["SA", "SK", "SQ", "S2"]  # display order: spades high to low


@pytest.mark.parametrize(
    ("text", "printed"),
    [
        ("AKQJT98765432...", "AKQJT98765432..."),
        ("...AKQJT98765432", "...AKQJT98765432"),
        ("-.-.-.-", "..."),
        ("akq2.kj5.t98.432", "AKQ2.KJ5.T98.432"),
        ("A10.K.Q.J", "AT.K.Q.J"),
        ("2KQA.5JK.89T.234", "AKQ2.KJ5.T98.432"),
    ],
)
def test_hand_pbn_voids_case_and_tens(text: str, printed: str) -> None:
    assert Hand.from_pbn(text).to_pbn() == printed


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("AKQ2.KJ5.T98", "four suits"),
        ("AKQ2.KJ5.T98.432.2", "four suits"),
        ("AKQX.KJ5.T98.432", "not a rank"),
        ("AAQ2.KJ5.T98.432", "twice"),
        ("AKQ1.KJ5.T98.432", "not a rank"),
    ],
)
def test_hand_pbn_bad_notation(text: str, why: str) -> None:
    with pytest.raises(InvalidNotation, match=why):
        Hand.from_pbn(text)


def test_hand_round_trips_on_random_hands() -> None:
    rng = random.Random(20260101)
    for _ in range(500):
        cards = rng.sample(ALL_CARDS, rng.randrange(0, 14))
        h = Hand.of(cards)
        assert len(h) == len(cards)
        assert set(h) == set(cards)
        assert Hand.from_pbn(h.to_pbn()) == h
        assert eval(repr(h), {"Hand": Hand}) == h  # noqa: S307
        assert sum(h.lengths()) == len(h)
        assert [h.length(s) for s in SUITS] == list(h.lengths())


def test_hand_set_operations() -> None:
    a = Hand.from_pbn("AK.-.-.-")
    b = Hand.from_pbn("KQ.-.-.-")
    assert (a | b).to_pbn() == "AKQ..."
    assert (a & b).to_pbn() == "K..."
    assert (a - b).to_pbn() == "A..."
    assert a.add(Card.parse("S2")).to_pbn() == "AK2..."
    assert a.remove(Card.parse("SA")).to_pbn() == "K..."
    assert list(bits(0b1010)) == [1, 3]


def test_hand_balanced_patterns() -> None:
    assert Hand.from_pbn("AKQ2.KJ5.T98.432").is_balanced()        # 4-3-3-3
    assert Hand.from_pbn("AKQ2.KJ54.T9.432").is_balanced()        # 4-4-3-2
    assert Hand.from_pbn("AKQ32.KJ5.T9.432").is_balanced()        # 5-3-3-2
    assert not Hand.from_pbn("AKQ32.KJ54.T9.43").is_balanced()    # 5-4-2-2
    assert not Hand.from_pbn("AKQJ32.KJ5.T9.43").is_balanced()    # 6-3-2-2


def test_suit_text_and_pbn_order() -> None:
    h = Hand.from_pbn("AKQ2.KJ5.T98.432")
    assert PBN_SUIT_ORDER == (Suit.S, Suit.H, Suit.D, Suit.C)
    assert h.suit_text(Suit.H) == "KJ5"
    assert Hand.from_pbn("AKQ2.-.T98.432").suit_text(Suit.H, void="-") == "-"
