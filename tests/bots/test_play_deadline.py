"""Issue 9, "latency per card, p99": a card player stops solving before a position (in its own
process) or a batch (sent to a pool) that would end past its deadline, instead of finishing one
begun just before it."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import cast

from bazas.bots.dds import LocalSolver, Position
from bazas.bots.play import CardPlayer


class Elsewhere:
    """A solver in other processes (as a pool): solves nothing, and advances a clock of the
    test's own by ``cost`` per call (per position with ``per_position``)."""

    def __init__(self, cost: float, per_position: bool = False) -> None:
        self.now = 0.0
        self.cost = cost
        self.per_position = per_position
        self.calls: list[int] = []

    def solve_many(self, positions: Sequence[Position]) -> list[dict[int, int]]:
        self.calls.append(len(positions))
        self.now += self.cost * (len(positions) if self.per_position else 1)
        return [{} for _ in positions]


class InProcess(Elsewhere, LocalSolver):
    """The same, as an in-process solver (its cost per position)."""

    def __init__(self, cost: float) -> None:
        super().__init__(cost, per_position=True)


class OnSolverClock(CardPlayer):
    def clock(self) -> Callable[[], float]:
        solver = cast(Elsewhere, self.solver)
        return lambda: solver.now


def test_issue9_local_solving_stops_before_a_position_that_would_pass_the_deadline() -> None:
    solver = InProcess(cost=0.1)
    player = OnSolverClock(solver=solver)
    positions = cast(list[Position], [None] * 20)   # the test's solver reads none of them
    # A batch of 5 begun at 0 would end at 0.5, past a deadline of 0.45; one at a time, the
    # fifth is not begun: four positions at 0.1 each end at 0.4, and a fifth would end at 0.5.
    results = player._solve_until(positions, batch=5, deadline=0.45)
    assert len(results) == 4 and solver.calls == [1, 1, 1, 1] and solver.now <= 0.45
    # At least one position is solved, whatever the deadline.
    solver.now = 0.0
    assert len(player._solve_until(positions, batch=5, deadline=0.0)) == 1


def test_issue9_a_solver_elsewhere_gets_batches_not_sent_past_the_deadline() -> None:
    pool = Elsewhere(cost=0.2)
    player = OnSolverClock(solver=pool)
    positions = cast(list[Position], [None] * 12)
    assert len(player._solve_until(positions, batch=5, deadline=1e18)) == 12
    assert pool.calls == [5, 5, 2]
    # Batches of 0.2 s against a deadline of 0.5: two end at 0.4, and a third would end at 0.6.
    pool.now, pool.calls = 0.0, []
    assert len(player._solve_until(positions, batch=5, deadline=0.5)) == 10 and pool.calls == [5, 5]
