"""Double-dummy solving: conversions, results against the engine's own minimax, the process pool,
tables, par and post-deal analysis."""

from __future__ import annotations

import random

import pytest

from bazas.bots import dds
from bazas.engine.calls import Contract, Strain
from bazas.engine.cards import ALL_CARDS
from bazas.engine.deal import Deal, Vulnerability, deal_from_seed
from bazas.engine.play import Play, _max_tricks
from bazas.engine.seats import Seat

GRAND = Deal.from_pbn("N:AKQJ.AKQ.AKQ.AKQ T98.T98.T98.T987 765.765.765.6543 432.J432.J432.J2")


def random_position(rng: random.Random, cards_played: int) -> Play:
    play = Play(deal_from_seed(rng.randrange(10**9)), Strain(rng.randrange(5)), Seat(rng.randrange(4)))
    for _ in range(cards_played):
        m = play.legal_mask()
        play = play.apply_index(rng.choice([i for i in range(52) if m >> i & 1]))
    return play


def test_solve_agrees_with_the_engine_minimax_on_small_positions() -> None:
    rng = random.Random(4)
    for _ in range(30):
        play = random_position(rng, rng.randrange(34, 46))
        result = dds.solve(dds.Position.from_play(play))
        legal = {i for i in range(52) if play.legal_mask() >> i & 1}
        assert set(result) == legal
        side = play.turn & 1
        for card, tricks in result.items():
            after = play.apply_index(card)
            won_now = after.won[side] - play.won[side]
            rest = _max_tricks(after.hands, after.leader, after.current, play._trump, side)
            assert won_now + rest == tricks, (play.cards_played(), ALL_CARDS[card])


def test_batch_and_single_calls_agree() -> None:
    rng = random.Random(5)
    positions = [dds.Position.from_play(random_position(rng, 24)) for _ in range(6)]
    assert dds.solve_many(positions) == dds.solve_many(positions, batch=True) == [dds.solve(p) for p in positions]


@pytest.mark.slow
def test_pool_results_equal_in_process_results() -> None:
    rng = random.Random(6)
    positions = [dds.Position.from_play(random_position(rng, 20)) for _ in range(8)]
    expected = dds.solve_many(positions)
    with dds.SolverPool(2) as pool:
        assert pool.solve_many(positions) == expected
        assert pool.submit(positions[:3]).result() == expected[:3]
        assert pool.dd_tables([GRAND]) == [dds.dd_table(GRAND)]


def test_table_and_par() -> None:
    table = dds.dd_table(GRAND)
    assert table.get(Strain.NT, Seat.N) == 13 and table.get(Strain.S, Seat.E) == 0
    assert dds.par(table).score_ns == 1520
    assert dds.par(table, Vulnerability.BOTH).score_ns == 2220
    rotated = Deal.from_pbn("E:AKQJ.AKQ.AKQ.AKQ T98.T98.T98.T987 765.765.765.6543 432.J432.J432.J2")
    assert dds.par(rotated).score_ns == -1520
    assert dds.dd_tables([GRAND, rotated])[1].get(Strain.NT, Seat.E) == 13


def test_analyse_deal_gives_makeable_contracts_par_and_card_costs() -> None:
    deal = deal_from_seed(42)
    play = Play(deal, Strain.NT, Seat.S)
    rng = random.Random(1)
    while not play.is_complete:
        m = play.legal_mask()
        play = play.apply_index(rng.choice([i for i in range(52) if m >> i & 1]))
    analysis = dds.analyse_deal(deal, list(play.played), Strain.NT, Seat.S, Vulnerability.NONE, Seat.N)
    assert len(analysis.costs) == 52
    assert all(c.cost >= 0 for c in analysis.costs)
    # The tricks thrown away by both sides account for the gap between DD and the result.
    dd = analysis.table.get(Strain.NT, Seat.S)
    assert play.declarer_tricks == dd - analysis.tricks_lost(Seat.S.side) + analysis.tricks_lost(Seat.E.side)
    data = analysis.to_dict()
    assert set(data) == {"makeable", "par", "costs"} and data["makeable"]["NT"]["S"] == dd
    assert isinstance(analysis.par.contracts[0][0], Contract) if analysis.par.contracts else True
