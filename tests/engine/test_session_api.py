"""The Session fold: what the server and bots read from it."""

from __future__ import annotations

import pytest

from bazas.engine.deal import Vulnerability
from bazas.engine.errors import ScoringError
from bazas.engine.rulesets import UnknownRuleset, get, ids
from bazas.engine.rulesets.base import PerSide
from bazas.engine.seats import Seat, Side
from bazas.engine.session import Session, result


def test_session_is_immutable_fold() -> None:
    s0 = Session.start("rubber", "E")
    s1 = s0.record(result("2S", "E", 8))
    assert s0.entries == () and len(s1.entries) == 1
    assert s0.next_dealer is Seat.E and s1.next_dealer is Seat.S
    assert Session.replay("rubber", "E", [result("2S", "E", 8)]) == s1


def test_session_entry_fields() -> None:
    s = Session.start("rubber").record(result("4SX", "N", 11))
    e = s.entries[0]
    assert (e.number, e.dealer, e.declarer, str(e.contract), e.tricks) == (1, Seat.N, Seat.N, "4SX", 11)
    assert e.vulnerable == (False, False)
    assert e.below == PerSide(240, 0) and e.above == PerSide(150, 0) and e.points == PerSide(390, 0)
    assert e.game_won_by is Side.NS and not e.rubber_over and e.score_ns == 390


def test_session_for_server_and_bots() -> None:
    s = Session.start("rubber").record(result("2H", "N", 8)).record(result("4S", "E", 10))
    assert s.next_dealer is Seat.S
    assert s.next_vulnerability is Vulnerability.EW
    assert s.part_scores == PerSide(0, 0)   # the line was drawn after EW's game
    assert s.counts_honours and not s.finished and s.winner is None
    assert s.margin == 120 + 0 - 60


def test_session_stop_is_final() -> None:
    s = Session.start("rubber").record(result("4S", "N", 10)).stop()
    assert s.stopped and s.finished and s.stop() is s
    with pytest.raises(ScoringError):
        s.record(result("1S", "N", 7))


def test_session_stop_after_finished_rubber_adds_nothing() -> None:
    s = Session.start("rubber").record(result("4S", "N", 10)).record(result("4S", "N", 10))
    assert s.stop().closing == ()


def test_registry_ids_and_unknown() -> None:
    assert ids()[:4] == ("auction-1920", "rubber", "chicago", "duplicate")  # tests may register toy games
    for rid in ids():
        r = get(rid)
        assert r.id == rid and r.source and r.title
    with pytest.raises(UnknownRuleset, match="unknown ruleset"):
        get("canasta")


def test_result_helper_validates() -> None:
    with pytest.raises(ScoringError):
        result("4S", None, 10)
    with pytest.raises(ScoringError):
        result("4S", "N", -1)
    assert result("pass").passed_out


def test_issue11_table_options_make_variants_whose_ids_read_back() -> None:
    """Every game's table options (seed 001's house options, nullos, Chicago without honours) give
    a variant whose id names them, and the registry reads that id back to the same game."""
    from bazas.engine.rulesets import RulesetOptionError, get

    cases: list[tuple[str, dict[str, object], str]] = [
        ("chicago", {"honours": False}, "chicago+no-honours"),
        ("auction-1920", {"honours": "later"}, "auction-1920+later-honours"),
        ("auction-1920", {"passed_out": "same_dealer", "deals": 8}, "auction-1920+same-dealer-redeals+8-deals"),
        ("auction-1920", {"nullos": True}, "auction-1920+nullos"),
        ("royal-auction", {"nullos": True}, "royal-auction+nullos"),
        ("rubber", {}, "rubber"),
    ]
    for game, options, variant_id in cases:
        variant = get(game).with_options(options)
        assert variant.id == variant_id
        assert variant.options() == options
        again = get(variant_id)
        assert again.id == variant_id and again.options() == options
        assert again.base_id == game
        assert again.facts()["options"] == options
    with pytest.raises(RulesetOptionError) as bad:
        get("chicago").with_options({"honours": "sometimes"})
    assert bad.value.option == "honours"
    with pytest.raises(RulesetOptionError) as unknown:
        get("rubber").with_options({"nullos": True})
    assert unknown.value.option == "nullos"
