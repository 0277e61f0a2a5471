"""Nullos (issue 11): the option ``"nullos": true`` of auction-1920 and royal-auction, worked
examples through the scorepad.

Sources and rulings (docs/rules/royal-auction-and-nullos.md, "Nullos"): a nullo is "a no-trump
declaration with a minus value" (E. Robertson, "Royal Auction Bridge", 1914, preface), played
without trumps, the declarer's side undertaking to lose six tricks plus the level; it ranks just
below no trumps of the same level and counts 10 a trick like no trumps (the 1913-1914 nullo count
as later described: Foster's Pirate Bridge nullo, 1917; bridgebase forum 2021); the decisions N1-N6
of that page (every trick lost over six scores; undertricks, doubling, slams and games as the game
has them, counted in reverse; no honours). Test names cite the decision.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from bazas.engine.calls import Contract, Strain
from bazas.engine.rulesets import AUCTION_1920
from bazas.engine.rulesets.base import PerSide
from bazas.engine.rulesets.denominations import (
    AUCTION_1920_NULLO_DENOMINATIONS,
    NULLO,
    ROYAL_AUCTION_DENOMINATIONS,
    DenominationContract,
    is_nullo,
    over_under,
)
from bazas.engine.rulesets.nullos import NulloRuleset, with_nullos
from bazas.engine.rulesets.royal_auction import ROYAL_AUCTION
from bazas.engine.seats import Side
from bazas.engine.session import Session
from bazas.formats.records import RecordError, load_session

GAMES = ("auction-1920", "royal-auction")


def score(ruleset: str, *deals: dict[str, Any], **options: Any) -> Session:
    """The scorepad: a session record with the nullos option, as ``bazas score`` reads it."""
    record = {"ruleset": ruleset, "options": {"nullos": True, **options}, "deals": list(deals)}
    return load_session(json.dumps(record))


def deal(contract: str, declarer: str, tricks: int, **kw: Any) -> dict[str, Any]:
    return {"contract": contract, "declarer": declarer, "tricks": tricks, **kw}


def items(s: Session, n: int = 1) -> dict[tuple[str, str], int]:
    return {(i.kind.value, i.side.name): i.points for i in s.entries[n - 1].items}


def test_n0_the_option_adds_the_nullo_to_both_games() -> None:
    assert score("auction-1920").ruleset.id == "auction-1920+nullos"
    assert score("royal-auction").ruleset.id == "royal-auction+nullos"
    assert AUCTION_1920_NULLO_DENOMINATIONS.codes() == "C, D, H, S, NU, NT"
    assert ROYAL_AUCTION_DENOMINATIONS.with_nullos().codes() == "S, C, D, H, RS, NU, NT"
    facts = with_nullos(AUCTION_1920).facts()
    assert facts["nullos"] is True and facts["game_target"] == 30 and facts["id"] == "auction-1920+nullos"
    assert [d["code"] for d in facts["denominations"]] == ["C", "D", "H", "S", "NU", "NT"]  # type: ignore[attr-defined]
    assert facts["bid_order"] == "level" and facts["dealer_must_bid"] is False


def test_n0_written_nu_or_nullo_played_without_trumps() -> None:
    for text in ("2NU", "2 nullo", "2 nullos", "2NULLO", "2 nulo"):
        c = AUCTION_1920_NULLO_DENOMINATIONS.parse_contract(text)
        assert c == DenominationContract.of(2, NULLO) and c.strain is Strain.NT and is_nullo(c)
    assert str(AUCTION_1920_NULLO_DENOMINATIONS.parse_contract("3 nullo XX")) == "3NUXX"
    assert not is_nullo(Contract.parse("3NT"))


def test_n1_rank_just_below_no_trumps_in_1920_order() -> None:
    b = AUCTION_1920_NULLO_DENOMINATIONS.parse_bid
    assert b("1S") < b("1NU") < b("1NT") < b("2C") < b("2NU")


def test_n1_rank_by_value_in_royal_auction() -> None:
    """Law 44 with the nullo at 10: one nullo beats one royal; one no trump beats one nullo (equal
    value, equal tricks: no trumps higher); five spades (10 points, more tricks) beat both."""
    b = ROYAL_AUCTION_DENOMINATIONS.with_nullos().parse_bid
    assert b("1RS") < b("1NU") < b("1NT") < b("5S") < b("2C")
    assert b("2RS") < b("2NU") < b("2NT") and b("3C") < b("2NU")


@pytest.mark.parametrize("game", GAMES)
def test_n2_made_every_trick_lost_over_six_scores_10_below(game: str) -> None:
    """Two nullos; North-South win 2 tricks, so lose 11: five over six, 50 below, a game."""
    s = score(game, deal("2NU", "N", 2))
    assert items(s) == {("trick score", "NS"): 50}
    assert s.entries[0].game_won_by is Side.NS


@pytest.mark.parametrize("game", GAMES)
def test_n2_exactly_made_one_nullo_is_a_10_part_score(game: str) -> None:
    s = score(game, deal("1NU", "E", 6))  # E/W win six, lose seven: one over six
    assert items(s) == {("trick score", "EW"): 10} and s.part_scores == PerSide(0, 10)


@pytest.mark.parametrize("game", GAMES)
def test_n3_failed_each_trick_not_lost_is_an_undertrick(game: str) -> None:
    """Three nullos need nine tricks lost; North-South win five (lose eight): one down."""
    assert items(score(game, deal("3NU", "N", 5))) == {("undertricks", "EW"): 50}
    assert items(score(game, deal("3NUX", "N", 5))) == {("undertricks", "EW"): 100}
    assert items(score(game, deal("3NUXX", "N", 6))) == {("undertricks", "EW"): 400}


@pytest.mark.parametrize("game", GAMES)
def test_n3_doubled_nullo_made_has_the_doubled_bonuses(game: str) -> None:
    """One nullo doubled; South wins four, loses nine: 3 x 10 x 2 = 60 below; 50 + 2 x 50 above."""
    s = score(game, deal("1NUX", "S", 4))
    assert items(s) == {("trick score", "NS"): 60, ("insult", "NS"): 50, ("overtricks", "NS"): 100}


def test_n4_slams_go_to_the_side_that_loses_twelve_or_thirteen() -> None:
    # 1920 code: 50 and 100; Royal Auction (1913): 20 and 40.
    assert items(score("auction-1920", deal("1NU", "N", 0)))[("slam", "NS")] == 100
    assert items(score("auction-1920", deal("1NU", "N", 1)))[("slam", "NS")] == 50
    assert items(score("royal-auction", deal("1NU", "N", 0)))[("slam", "NS")] == 40
    # A nullo that goes badly wrong: the declarer's side WINS twelve, the adversaries lose twelve.
    assert items(score("royal-auction", deal("4NU", "N", 12))) == {("undertricks", "EW"): 450, ("slam", "EW"): 20}


@pytest.mark.parametrize("game", GAMES)
def test_n5_no_honours_at_a_nullo(game: str) -> None:
    pbn = "N:AKQJ.AK2.A32.A32 T98.QJ3.KQJ4.KQ4 .T98765.T98.JT98 765432.4.765.765"
    s = score(game, deal("1NU", "W", 6, deal=pbn))  # N holds all four aces: nothing for them
    assert items(s) == {("trick score", "EW"): 10}
    with pytest.raises(RecordError, match=r"deal 1: honours are not scored at a nullo"):
        score(game, deal("1NU", "W", 6, honours={"N": ["SA", "HA", "DA", "CA"]}))


def test_n6_other_contracts_keep_the_games_own_count() -> None:
    s = score("auction-1920", deal("1S", "N", 10, honours={"N": ["SA", "SK", "SQ", "SJ"]}))
    assert items(s) == {("trick score", "NS"): 36, ("honours", "NS"): 72}  # seed 000: 9 a trick
    s = score("royal-auction", deal("1S", "N", 10, honours={"N": ["SA", "SK", "SQ", "SJ"]}))
    assert items(s) == {("trick score", "NS"): 8, ("honours", "NS"): 16}  # royal count: spades at 2


def test_n6_nullo_part_scores_count_toward_game_and_rubber() -> None:
    s = score("auction-1920", deal("1NU", "N", 5), deal("2C", "E", 8), deal("1H", "S", 8),
              deal("3NU", "W", 3), deal("2NU", "N", 3))
    # 20 (N/S) ; 12 (E/W) ; 16 (N/S: 36, game) ; 40 (E/W, game) ; 40 (N/S, game, rubber)
    assert [e.game_won_by for e in s.entries] == [None, None, Side.NS, Side.EW, Side.NS]
    assert s.finished and s.games == PerSide(2, 1)
    assert items(s, 5) == {("trick score", "NS"): 40, ("rubber bonus", "NS"): 250}


def test_n6_composes_with_seed001_options() -> None:
    """The later honours table (seed 001) still applies to suit contracts; the nullo has none."""
    s = score("auction-1920", deal("1S", "N", 7, honours={"N": ["SA", "SK", "SQ", "SJ"], "S": ["ST"]}),
              deal("1NU", "E", 6), honours="later", deals=2)
    assert s.ruleset.id == "auction-1920+later-honours+2-deals+nullos"
    assert items(s, 1)[("honours", "NS")] == 90 and items(s, 2) == {("trick score", "EW"): 10}
    assert s.finished


def test_option_errors_name_the_field() -> None:
    with pytest.raises(RecordError, match=r"field 'options.nullos': rubber has no option 'nullos'"):
        load_session(json.dumps({"ruleset": "rubber", "options": {"nullos": True}, "deals": []}))
    with pytest.raises(RecordError, match=r"field 'options.nullos': expected true or false, not \"yes\""):
        load_session(json.dumps({"ruleset": "auction-1920", "options": {"nullos": "yes"}, "deals": []}))
    s = load_session(json.dumps({"ruleset": "royal-auction", "options": {"nullos": False}, "deals": []}))
    assert s.ruleset is ROYAL_AUCTION
    with pytest.raises(RecordError, match=r"not a contract: '1NU'"):
        load_session(json.dumps({"ruleset": "auction-1920", "deals": [deal("1NU", "N", 3)]}))


def test_card_play_objective_fewer_tricks_are_worth_more_at_a_nullo() -> None:
    """What a bot playing the cards maximises: at a nullo it falls as declarer's tricks rise."""
    game = with_nullos(ROYAL_AUCTION)
    c = game.denominations.parse_contract("2NU")
    values = [game.bot_score(c, t, False) for t in range(14)]
    assert values == sorted(values, reverse=True) and values[5] > 0 > values[6]
    assert game.declarer_score(c, 5, False) == 20 and game.declarer_score(c, 7, False) == -100
    assert over_under(c, 5) == 0 and over_under(c, 3) == 2 and over_under(c, 7) == -2
    assert isinstance(game, NulloRuleset) and game.GAME_VALUE == 125  # the base game's other facts
