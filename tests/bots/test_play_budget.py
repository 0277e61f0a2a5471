"""Issue 9, "Time": a card player's budget is its own CPU time when it solves in its own process,
so a loaded machine slows the wall clock only; with a pool of solver processes it is wall time."""

from __future__ import annotations

import time

from bazas.bots.dds import LocalSolver
from bazas.bots.play import CardPlayer


class PoolLike:
    """A solver working elsewhere (as a SolverPool does): the caller cannot count its CPU time."""

    def solve_many(self, positions: object) -> list[dict[int, int]]:
        return []


def test_issue9_budget_is_cpu_time_for_an_in_process_solver() -> None:
    assert CardPlayer(solver=LocalSolver()).clock() is time.process_time


def test_issue9_budget_is_wall_time_for_a_solver_elsewhere() -> None:
    assert CardPlayer(solver=PoolLike()).clock() is time.perf_counter
