"""The bench's oracle (issue 9, the value of information): a configuration told the real shape or
points of a hidden hand deals its layouts with them, the auction's constraints kept. The real
deal is the independent truth the dealt layouts are checked against."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bazas.bench import bots as bench_bots
from bazas.bench import leads as bench_leads
from bazas.bench.oracle import OracleConstraint, apply_oracle
from bazas.bots.base import Budget
from bazas.bots.play import CardPlayer
from bazas.bots.player import bot_for, play_deal
from bazas.bots.sampling import Knowledge, sample_layouts
from bazas.engine.cards import Card, Hand
from bazas.engine.deal import Board
from bazas.engine.seats import SEATS, Seat
from bazas.engine.views import view_of

SEED = 7
BUDGET = 0.05


def _opening_lead(index: int):  # type: ignore[no-untyped-def]
    deal, board = bench_bots.bench_deal(SEED, index)
    context = bench_bots._context(board)
    bidder = bot_for("duplicate", "normal")
    played = play_deal(deal, board.dealer, {s: bidder for s in SEATS}, context, random.Random(index), Budget(BUDGET),
                       stop=lambda st: st.phase != "auction")
    state = played.state
    if state.play is None or state.actor is None or state.declarer is None:
        pytest.skip("passed out")
    return deal, context, state


def _partner_hands(card_player, view, context, seat, n: int = 40) -> list[Hand]:  # type: ignore[no-untyped-def]
    source = card_player.constraints
    knowledge = Knowledge.from_view(view, dict(source(view, context)) if source else {})
    found = sample_layouts(knowledge, n, random.Random(3), shape_first=True)
    return [knowledge.original(seat.partner, layout[seat.partner]) for layout in found.layouts]


@pytest.mark.parametrize("told", ["shape", "hcp", "shape+hcp"])
def test_issue9_oracle_deals_partner_the_real_shape_and_points(told: str) -> None:
    deal, context, state = _opening_lead(0)
    leader, declarer = state.actor, state.declarer
    real = deal.hand(leader.partner)
    view = view_of(state, leader)
    told_player = CardPlayer()
    apply_oracle(told_player, deal, {"partner": told}, leader, declarer)
    hands = _partner_hands(told_player, view, context, leader)
    assert hands
    for hand in hands:
        if "shape" in told:
            assert hand.lengths() == real.lengths()
        if "hcp" in told:
            assert hand.hcp() == real.hcp()
    # Untold, the same dealing gives partner other shapes and points: the check above can fail.
    from bazas.bots.play import _auction_constraints

    untold = CardPlayer()
    untold.constraints = _auction_constraints(untold.system, untold.auction_replay)
    free = _partner_hands(untold, view, context, leader)
    assert any(h.lengths() != real.lengths() for h in free)
    assert any(h.hcp() != real.hcp() for h in free)


def test_issue9_oracle_keeps_the_auctions_constraints_on_the_hands_it_tells_nothing_of() -> None:
    deal, context, state = _opening_lead(1)
    leader, declarer = state.actor, state.declarer
    view = view_of(state, leader)
    player = CardPlayer()
    apply_oracle(player, deal, {"partner": "shape"}, leader, declarer)
    from bazas.bots.play import _auction_constraints

    assert player.constraints is not None
    told = player.constraints(view, context)
    auction = _auction_constraints(player.system, player.auction_replay)(view, context)
    # The same verdicts on random hands: the constraint objects are rebuilt at each call.
    rng = random.Random(5)
    hands = [deal.hand(s) for s in SEATS] + [Hand(sum(1 << c for c in rng.sample(range(52), 13))) for _ in range(200)]
    assert set(told) == set(auction) | {leader.partner}
    for seat, constraint in told.items():
        expected = auction.get(seat)
        kept: Any = constraint
        if seat == leader.partner:
            assert isinstance(constraint, OracleConstraint)
            assert type(constraint.base) is type(expected)
            kept = constraint.base
        if expected is not None:
            assert [kept.matches(h) for h in hands] == [expected.matches(h) for h in hands]


def test_issue9_bench_leads_takes_an_oracle_configuration() -> None:
    configs = bench_leads.parse_configs(['told={"oracle": {"partner": "shape+hcp", "declarer": "shape"}}'])
    assert configs["told"] == {"oracle": {"partner": "shape+hcp", "declarer": "shape"}}
    replay = bench_leads.lead_task(SEED, 0, BUDGET, configs)
    if replay["contract"] is None:
        pytest.skip("passed out")
    lead = replay["leads"]["told"]
    assert lead["card"] in replay["dd"]


@pytest.mark.parametrize("text, named", [
    ('x={"oracle": {"left": "shape"}}', "'left' is not a hand's role"),
    ('x={"oracle": {"partner": "honours"}}', "'honours' is not what a player can be told"),
    ('x={"oracle": [], "shape_first": true}', "expected an object"),
    ('x={"oracle": {"partner": "hcp"}, "no_such_option": 1}', "no_such_option"),
])
def test_issue9_oracle_configuration_errors_are_named(text: str, named: str) -> None:
    with pytest.raises(ValueError, match="--config x") as raised:
        bench_leads.parse_configs([text])
    assert named in str(raised.value)



def test_issue9_bench_decisions_tells_each_defender_of_its_own_partner(monkeypatch: pytest.MonkeyPatch) -> None:
    # One player per configuration serves both defenders of a deal: the oracle is set again for
    # the seat on play at each decision, so each is told of its own partner, not the other's.
    import bazas.bench.oracle as oracle_module
    from bazas.bench import decisions as bench_decisions

    from .runs import played_records

    calls: list[tuple[str, str, str]] = []
    original = oracle_module.apply_oracle

    def spy(card_player, deal, oracle, seat, declarer):  # type: ignore[no-untyped-def]
        calls.append((seat.name, declarer.name, deal.to_pbn()))
        original(card_player, deal, oracle, seat, declarer)

    monkeypatch.setattr(oracle_module, "apply_oracle", spy)
    replayed_seats = set()
    for rec in played_records(SEED, BUDGET)[:3]:
        if not rec.get("cards"):
            continue
        before = len(calls)
        replayed = bench_decisions.decision_task(rec, "defence", "all", BUDGET,
                                                 {"told": {"oracle": {"partner": "shape"}}}, {2, 3, 4})
        mattered = [d for d in replayed if d["matters"]]
        # Told once per decision that matters, for the defender on play, on the record's deal.
        assert len(calls) - before == len(mattered)
        for d, (seat, declarer, deal) in zip(mattered, calls[before:], strict=True):
            assert d["choices"]["told"]["card"] in d["dd"]
            assert declarer == rec["declarer"] and seat != declarer
            assert deal == rec["deal"]
            replayed_seats.add(seat)
    assert len(replayed_seats) >= 2   # both defenders, each told of its own partner


def test_issue9_oracle_played_suits_tells_the_lengths_in_the_suits_led_so_far() -> None:
    from bazas.bench.decisions import play_states
    from bazas.bench.oracle import OracleConstraint
    from bazas.engine.deal import Deal

    from .runs import played_records

    rec = next(r for r in played_records(SEED, BUDGET) if len(r.get("cards") or []) > 8)
    deal = Deal.from_pbn(rec["deal"])
    states = dict(play_states(rec))
    state = states[8]   # the lead to trick 3
    assert state.actor is not None
    view = view_of(state, state.actor)
    led = {Card.parse(rec["play"][0]).suit, Card.parse(rec["play"][4]).suit}
    player = CardPlayer()
    apply_oracle(player, deal, {"partner": "played-suits"}, state.actor, Seat[rec["declarer"]])
    assert player.constraints is not None
    told = player.constraints(view, bench_bots._context(Board(int(rec["index"]) + 1)))[state.actor.partner]
    assert isinstance(told, OracleConstraint)
    assert set(told.suits) == {int(s) for s in led}
    real = deal.hand(state.actor.partner).lengths()
    assert told.lengths is not None
    for suit in range(4):
        if suit in told.suits:
            assert tuple(told.lengths[suit]) == (real[suit], real[suit])
        else:   # the auction's range, as without the oracle
            base = getattr(told.base, "lengths", None)
            assert tuple(told.lengths[suit]) == (tuple(base[suit]) if base is not None else (0, 13))
