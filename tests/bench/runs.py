"""Small ``bench bots`` runs for the tests of the benches that read its records."""

from __future__ import annotations

from typing import Any

from bazas.bench import bots as bench_bots


def played_records(seed: int, budget: float, deals: int = 3) -> list[dict[str, Any]]:
    """The ``--records`` lines of a ``bench bots`` run of ``deals`` deals of ``seed`` at ``budget``."""
    out = []
    for index in range(deals):
        rec = bench_bots._card_task(seed, index, budget)
        rec.update(seed=seed, budget=budget, player_options={})
        out.append(rec)
    return out
