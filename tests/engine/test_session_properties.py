"""Invariants of the score sheet (hypothesis): rotating the table swaps the sides."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from bazas.engine.calls import Contract, Doubling, Strain
from bazas.engine.deal import Vulnerability, deal_random
from bazas.engine.errors import ScoringError
from bazas.engine.rulesets.base import DealResult, PerSide
from bazas.engine.rulesets.duplicate import score_ns
from bazas.engine.seats import Seat, Side
from bazas.engine.session import Session

contracts = st.builds(Contract, st.integers(1, 7), st.sampled_from(list(Strain)), st.sampled_from(list(Doubling)))


@st.composite
def deal_results(draw: st.DrawFn) -> DealResult:
    if draw(st.integers(0, 9)) == 0:
        return DealResult.passed()
    contract = draw(contracts)
    declarer = draw(st.sampled_from(list(Seat)))
    # Mostly near the contract, sometimes anything.
    tricks = draw(st.one_of(st.integers(max(0, contract.tricks_needed - 3), 13), st.integers(0, 13)))
    deal = deal_random(random.Random(draw(st.integers(0, 2**32)))) if draw(st.booleans()) else None
    return DealResult(contract, declarer, tricks, deal)


def _fold(ruleset: str, first: Seat, results: list[DealResult]) -> Session:
    s = Session.start(ruleset, first)
    for r in results:
        if s.finished:
            break
        s = s.record(r)
    return s


def _swap_vul(v: Vulnerability) -> Vulnerability:
    return Vulnerability.of(v.is_vulnerable(Side.EW), v.is_vulnerable(Side.NS))


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(["auction-1920", "rubber", "chicago"]), st.sampled_from(list(Seat)),
       st.lists(deal_results(), min_size=1, max_size=12), st.booleans())
def test_property_rotating_the_table_swaps_ns_and_ew(ruleset: str, first: Seat, results: list[DealResult],
                                                     stop: bool) -> None:
    s = _fold(ruleset, first, results)
    r = _fold(ruleset, first.after(1), [x.rotated(1) for x in results])
    if stop:
        s, r = s.stop(), r.stop()
    assert r.totals == s.totals.swapped()
    assert r.games == s.games.swapped()
    assert r.part_scores == s.part_scores.swapped()
    assert len(r.entries) == len(s.entries)
    for a, b in zip(s.entries, r.entries, strict=True):
        assert b.vulnerability == _swap_vul(a.vulnerability)
        assert b.below == a.below.swapped() and b.above == a.above.swapped()
        assert b.game_won_by == (None if a.game_won_by is None else a.game_won_by.opponent)
    swap = {"NS": "EW", "EW": "NS", "tie": "tie", None: None}
    assert r.winner == swap[s.winner]
    assert r.margin == s.margin


@settings(max_examples=300, deadline=None)
@given(deal_results(), st.sampled_from(list(Vulnerability)))
def test_property_duplicate_rotation_negates_the_ns_score(res: DealResult, vul: Vulnerability) -> None:
    assert score_ns(res.rotated(1), _swap_vul(vul)) == -score_ns(res, vul)
    assert score_ns(res.rotated(2), vul) == score_ns(res, vul)


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(["auction-1920", "rubber", "chicago"]), st.lists(deal_results(), max_size=12))
def test_property_sheet_is_consistent(ruleset: str, results: list[DealResult]) -> None:
    s = _fold(ruleset, Seat.N, results)
    assert s.totals == PerSide(s.below.ns + s.above.ns, s.below.ew + s.above.ew)
    assert all(i.points > 0 for i in s.items)
    games = sum(1 for e in s.entries if e.game_won_by is not None)
    assert games == s.games.ns + s.games.ew
    # A rubber ends exactly when a side reaches two games.
    if ruleset != "chicago":
        assert s.finished == (max(s.games) >= 2)
        assert sum(e.rubber_over for e in s.entries) == int(s.finished)
    if s.finished:
        try:
            s.record(DealResult(Contract(1, Strain.C), Seat.N, 7))
        except ScoringError:
            pass
        else:  # pragma: no cover
            raise AssertionError("a finished session accepted another deal")
