"""royal-auction: the Whist Club count of 1912-1913 (issue 11), worked examples through the scorepad.

Sources (docs/rules/royal-auction-and-nullos.md): the Whist Club laws as printed in M. C. Work,
"Auction of To-day" (1913; Project Gutenberg #23086), Laws 2-10 ("Scoring"), 42-48 ("Declaring
Trumps") and 53-56 ("Doubling and Redoubling"); the November 1913 revision (Work, "Auction
Developments", 1913: chicane eliminated, slam values not increased). Test names cite the law.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from bazas.engine.calls import Contract, Strain
from bazas.engine.errors import InvalidNotation, ScoringError
from bazas.engine.rulesets import get
from bazas.engine.rulesets.base import DealResult, Item, PerSide
from bazas.engine.rulesets.denominations import ROYAL_AUCTION_DENOMINATIONS as ROYAL
from bazas.engine.rulesets.denominations import ROYAL_SPADES, DenominationContract
from bazas.engine.rulesets.royal_auction import ROYAL_AUCTION, TRICK_VALUE
from bazas.engine.seats import Seat, Side
from bazas.engine.session import Session
from bazas.formats.records import RecordError, load_session


def score(*deals: dict[str, Any], **top: Any) -> Session:
    """The scorepad: a royal-auction session record, as ``bazas score`` reads it."""
    return load_session(json.dumps({"ruleset": "royal-auction", **top, "deals": list(deals)}))


def deal(contract: str, declarer: str, tricks: int, **kw: Any) -> dict[str, Any]:
    return {"contract": contract, "declarer": declarer, "tricks": tricks, **kw}


def items(s: Session, n: int = 1) -> dict[tuple[str, str], int]:
    return {(i.kind.value, i.side.name): i.points for i in s.entries[n - 1].items}


def test_issue11_royal_auction_is_registered_with_its_facts() -> None:
    assert get("royal-auction") is ROYAL_AUCTION and get("Royal Auction Bridge") is ROYAL_AUCTION
    assert get("lilies") is ROYAL_AUCTION
    facts = ROYAL_AUCTION.facts()
    assert (facts["game_target"], facts["has_vulnerability"], facts["counts_honours"]) == (30, False, True)
    assert facts["names"] == {"en": "Royal Auction Bridge (1913)", "es": "Subasta real (1913)"}
    # Offered at a table: the deal state plays its denominations (issue 11 point 1).
    assert facts["one_table"] is True and facts["bidding_system"] == "royal-auction"
    # What a bidding box needs: the six denominations in rank order, bids by value, dealer must bid.
    assert [(d["code"], d["value"]) for d in facts["denominations"]] == [  # type: ignore[attr-defined]
        ("S", 2), ("C", 6), ("D", 7), ("H", 8), ("RS", 9), ("NT", 10)]
    assert (facts["bid_order"], facts["dealer_must_bid"]) == ("value", True)


def test_law4_trick_values_spades_2_clubs_6_diamonds_7_hearts_8_royals_9_no_trumps_10() -> None:
    assert TRICK_VALUE == {"S": 2, "C": 6, "D": 7, "H": 8, "RS": 9, "NT": 10}
    # One trick over the book in each denomination (dealer N opens; he must bid, Law 42).
    got = [score(deal(c, "N", 7)).entries[0].below.ns for c in ("1S", "1C", "1D", "1H", "1RS", "1NT")]
    assert got == [2, 6, 7, 8, 9, 10]


def test_law4_royal_spades_written_rs_l_lilies_royals_or_in_spanish() -> None:
    for text in ("2RS", "2L", "2 lilies", "2 royals", "2 royal spades", "2R♠", "2 picas reales", "2 lirios"):
        c = ROYAL.parse_contract(text)
        assert c == DenominationContract.of(2, ROYAL_SPADES), text
        assert (str(c), c.strain) == ("2RS", Strain.S)
    assert score(deal("2 lilies", "N", 8)).entries[0].contract == ROYAL.parse_contract("2RS")
    assert ROYAL.parse_contract("2S") == Contract.parse("2S")  # plain spades, at 2 a trick


def test_law47_every_trick_over_six_scores_below_bid_or_not() -> None:
    """Law 47: "he scores the full value of the tricks won": one royal, ten tricks = 4 x 9 = 36."""
    s = score(deal("1RS", "N", 10))
    assert items(s) == {("trick score", "NS"): 36}
    assert s.entries[0].game_won_by is Side.NS  # Law 2: thirty points make a game


def test_law4_three_spades_ten_tricks_only_8_below() -> None:
    """Spades at 2: even four over the book is far from game (the reason for royal spades)."""
    s = score(deal("3S", "N", 10))
    assert items(s) == {("trick score", "NS"): 8} and s.entries[0].game_won_by is None
    assert s.part_scores == PerSide(8, 0)


def test_law2_law3_part_scores_add_up_to_game_and_excess_does_not_carry() -> None:
    # N deals deal 1, E deal 2, S deal 3.
    s = score(deal("2H", "N", 8), deal("1D", "E", 8), deal("2C", "S", 9))
    assert [e.below for e in s.entries] == [PerSide(16, 0), PerSide(0, 14), PerSide(18, 0)]
    assert s.entries[2].game_won_by is Side.NS  # 16 + 18 = 34 >= 30
    assert s.part_scores == PerSide(0, 0)  # a line is drawn: E/W's 14 no longer counts toward game


def test_law47_undertricks_50_each_100_doubled_200_redoubled() -> None:
    assert items(score(deal("2H", "N", 6))) == {("undertricks", "EW"): 100}
    assert items(score(deal("2HX", "N", 6))) == {("undertricks", "EW"): 200}
    assert items(score(deal("2HXX", "N", 6))) == {("undertricks", "EW"): 400}
    assert score(deal("2H", "N", 6)).entries[0].below == PerSide(0, 0)  # nothing toward game


def test_law48_dealers_original_one_spade_loses_at_most_100_unless_redoubled() -> None:
    assert items(score(deal("1S", "N", 3))) == {("undertricks", "EW"): 100}  # 4 down: 200, limited
    assert items(score(deal("1SX", "N", 4))) == {("undertricks", "EW"): 100}  # 3 down doubled: 300
    assert items(score(deal("1SXX", "N", 4))) == {("undertricks", "EW"): 600}  # redoubled: no limit
    assert items(score(deal("1S", "N", 6))) == {("undertricks", "EW"): 50}


def test_law42_law44_one_spade_can_only_be_the_dealers_bid() -> None:
    with pytest.raises(RecordError, match=r"deal 1: one spade can only be the dealer's original bid"):
        score(deal("1S", "E", 7))


def test_law42_the_dealer_must_bid_so_no_deal_is_passed_out() -> None:
    with pytest.raises(RecordError, match=r"deal 1: in Royal Auction the dealer must bid \(Law 42\)"):
        score({"contract": "pass"})


def test_law56_doubled_contract_made_50_and_50_per_further_trick() -> None:
    """Law 56: one heart doubled, nine tricks: 3 x 8 x 2 = 48 below; 50 + 2 x 50 above."""
    s = score(deal("1HX", "S", 9))
    assert items(s) == {("trick score", "NS"): 48, ("insult", "NS"): 50, ("overtricks", "NS"): 100}


def test_law56_redoubled_the_bonus_is_doubled() -> None:
    """One royal redoubled, eight tricks: 2 x 9 x 4 = 72 below; 100 + 100 above."""
    s = score(deal("1RSXX", "E", 8))
    assert items(s) == {("trick score", "EW"): 72, ("insult", "EW"): 100, ("overtricks", "EW"): 100}


def test_law6_honours_are_multiples_of_the_trick_value() -> None:
    """Four spade honours in one hand: 8 tricks' value -- 72 at royal spades, 16 at spades."""
    four = {"N": ["SA", "SK", "SQ", "SJ"]}
    assert items(score(deal("1RS", "N", 7, honours=four)))[("honours", "NS")] == 72
    assert items(score(deal("1S", "N", 7, honours=four)))[("honours", "NS")] == 16


@pytest.mark.parametrize(("contract", "held", "points"), [
    ("1C", {"N": ["CA", "CK"], "S": ["CQ"]}, 12),                     # 3 between partners: 2 x 6
    ("1D", {"N": ["DA", "DK"], "S": ["DQ", "DJ"]}, 28),               # 4 between partners: 4 x 7
    ("1H", {"N": ["HA", "HK", "HQ"], "S": ["HJ", "HT"]}, 40),         # 5 between partners: 5 x 8
    ("1H", {"N": ["HA", "HK", "HQ", "HJ"]}, 64),                      # 4 in one hand: 8 x 8
    ("1D", {"N": ["DA", "DK", "DQ", "DJ"], "S": ["DT"]}, 63),         # 4 in one hand, 5th in partner's: 9 x 7
    ("1RS", {"S": ["SA", "SK", "SQ", "SJ", "ST"]}, 90),               # 5 in one hand: 10 x 9
    ("1NT", {"N": ["SA", "HA"], "S": ["DA"]}, 30),                    # 3 aces: 30
    ("1NT", {"N": ["SA", "HA"], "S": ["DA", "CA"]}, 40),              # 4 aces: 40
    ("1NT", {"N": ["SA", "HA", "DA", "CA"]}, 100),                    # 4 aces in one hand: 100
])
def test_law6_honours_table(contract: str, held: dict[str, list[str]], points: int) -> None:
    assert items(score(deal(contract, "N", 7, honours=held)))[("honours", "NS")] == points


def test_law6_honours_go_to_the_original_holders_and_law10_are_not_doubled() -> None:
    s = score(deal("2HX", "N", 6, honours={"E": ["HA", "HK", "HQ", "HJ"]}))
    assert items(s) == {("undertricks", "EW"): 200, ("honours", "EW"): 64}
    assert items(score(deal("1HXX", "N", 7, honours={"N": ["HA", "HK", "HQ"]})))[("honours", "NS")] == 16


def test_law7_law8_slams_20_and_40_to_either_side_bid_or_not_not_doubled() -> None:
    assert items(score(deal("1NT", "N", 12)))[("slam", "NS")] == 20
    assert items(score(deal("1CX", "N", 13)))[("slam", "NS")] == 40
    assert items(score(deal("2H", "N", 0)))[("slam", "EW")] == 40  # the adversaries took all 13


def test_nov1913_no_chicane() -> None:
    """The November 1913 code eliminated chicane (Law 9 of the 1912 code: a hand void of trumps
    worth simple honours; Work, "Auction Developments", 1913, p. 4): South holds no spade, and only
    the tricks and North's four honours score."""
    pbn = "N:AKQJ.AK2.A32.A32 T98.QJ3.KQJ4.KQ4 .T98765.T98.JT98 765432.4.765.765"
    s = score(deal("1RS", "N", 9, deal=pbn))  # N holds A K Q J of spades, E the ten
    assert items(s) == {("trick score", "NS"): 27, ("honours", "NS"): 72}


def test_rubber_250_at_the_second_game_and_then_no_more_deals() -> None:
    s = score(deal("1NT", "N", 10), deal("2RS", "E", 8), deal("1H", "S", 11))
    assert [e.game_won_by for e in s.entries] == [Side.NS, None, Side.NS]
    assert s.finished and s.games == PerSide(2, 0)
    assert items(s, 3) == {("trick score", "NS"): 40, ("rubber bonus", "NS"): 250}
    assert s.totals == PerSide(40 + 40 + 250, 18)
    with pytest.raises(RecordError, match="deal 4: the royal-auction session is already over"):
        score(deal("1NT", "N", 10), deal("2RS", "E", 8), deal("1H", "S", 11), deal("1C", "W", 7))


def test_law44_bids_rank_by_value_then_by_tricks() -> None:
    """Law 44: "a declaration of a greater number of tricks in a suit of lower value, which equals the
    last declaration in value of points, shall be considered a higher declaration -- e.g. 'Three
    Spades' is a higher declaration than 'One Club'"; Law 53: "Three Clubs" is higher than "Two
    Royal Spades" (18 points each)."""
    b = ROYAL.parse_bid
    assert b("3S") > b("1C") and b("3C") > b("2RS")
    assert b("1NT") > b("4S") and b("5S") > b("1NT") and b("2C") > b("5S")
    assert b("1RS") > b("1H") and b("7S") > b("2D") and b("2H") > b("7S")
    assert [str(x) for x in ROYAL.bids[:9]] == ["1S", "2S", "1C", "3S", "1D", "1H", "4S", "1RS", "1NT"]
    assert str(ROYAL.bids[-1]) == "7NT" and len(ROYAL.bids) == 42


def test_a_nullo_needs_the_option() -> None:
    with pytest.raises(RecordError, match=r"deal 1, field 'contract': not a contract: '2NU'"):
        score(deal("2NU", "N", 2))
    with pytest.raises(ScoringError, match="nullos option"):
        ROYAL_AUCTION.score(ROYAL_AUCTION.start(Seat.N),
                            DealResult(ROYAL.with_nullos().parse_contract("1NU"), Seat.N, 3))


def test_contract_notation_errors_name_the_denominations() -> None:
    with pytest.raises(InvalidNotation, match=r"expected S, C, D, H, RS, NT"):
        ROYAL.parse_contract("2Q")


def test_bot_score_royal_game_worth_half_the_rubber() -> None:
    assert ROYAL_AUCTION.bot_score(ROYAL.parse_contract("1RS"), 10, False) == 36 + 125
    assert ROYAL_AUCTION.bot_score(Contract.parse("3S"), 10, False) == 8
    assert ROYAL_AUCTION.declarer_score(Contract.parse("2H"), 6, False) == -100
    assert Item.TRICK_SCORE in {i.kind for i in score(deal("1S", "N", 7)).entries[0].items}


@pytest.mark.parametrize(("lang", "words"), [
    ("en", ("Auction of To-day", "royal spades", "Law 44", "Nullos", "chicane")),
    ("es", ("Auction of To-day", "picas reales", "ley 44", "Nulos", "chicane")),
])
def test_issue11_rules_page_in_both_languages_cites_its_sources(lang: str, words: tuple[str, ...]) -> None:
    """The rules page ships beside the module (``royal-auction.<lang>.html``) and shares the common
    sections (page top, the table and the deal, the card play) with the other games."""
    from bazas.server.rules_pages import rules_page

    page = rules_page(ROYAL_AUCTION, lang)
    assert page is not None and "<!-- include" not in page and "{{" not in page
    for word in words:
        assert word in page, word
    assert 'data-ruleset="royal-auction"' in page and page.count('class="num">72<') >= 2
