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


def test_search_nodes_are_counted_per_position_and_do_not_depend_on_the_order() -> None:
    # The node count is the work measure of issue 9's deterministic opening lead: the same
    # positions in another order take the same nodes each (no position repeated back to back).
    rng = random.Random(9)
    positions = [dds.Position.from_play(random_position(rng, 0)) for _ in range(4)]
    forward: list[int] = []
    rotated: list[int] = []
    results = dds.solve_many(positions, nodes=forward)
    order = [1, 2, 3, 0]  # (position 3, solved last, not first again: DDS would reuse its table)
    assert dds.solve_many([positions[i] for i in order], nodes=rotated) == [results[i] for i in order]
    assert all(n > 0 for n in forward) and rotated == [forward[i] for i in order]
    solved, total = dds.LocalSolver().solve_counted(positions[1:])
    assert solved == results[1:] and total == sum(forward[1:])
    # the same position again right after (DDS reuses its table and visits almost nothing): counted
    # at what a fresh solve takes, so the count never depends on what the process solved before
    again: list[int] = []
    dds.solve_many([positions[0], positions[0], positions[2]], nodes=again)
    assert again == [forward[0], forward[0], forward[2]]
    assert dds.solve_many([positions[2]], nodes=again) == [results[2]] and again[-1] == forward[2]
    # the last trick is never sent to DDS: no nodes
    last = random_position(random.Random(3), 48)
    counted: list[int] = []
    dds.solve_many([dds.Position.from_play(last)], nodes=counted)
    assert counted == [0]


def test_best_reply_solve_agrees_with_the_every_card_solve() -> None:
    # `solve_best` (issue 9's two-stage opening lead): the best the side to play takes, and after
    # a lead the leader's side takes what the every-card solve gave that lead.
    rng = random.Random(11)
    for cards_played in (0, 0, 5, 30, 48):
        pos = dds.Position.from_play(random_position(rng, cards_played))
        every = dds.solve_many([pos])[0]
        nodes: list[int] = []
        assert dds.solve_best([pos], nodes=nodes) == [max(every.values()) if every else 0]
        assert nodes[0] > 0 or cards_played == 48
        if pos.current:
            continue
        after = []
        for card in every:
            hands = list(pos.hands)
            hands[pos.leader] &= ~(1 << card)
            after.append(dds.Position((hands[0], hands[1], hands[2], hands[3]), pos.trump, pos.leader, (card,)))
        replies, total = dds.LocalSolver().solve_best_counted(after)
        assert [pos.tricks_left - r for r in replies] == list(every.values()) and total >= 0
