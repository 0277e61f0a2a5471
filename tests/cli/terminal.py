"""A game of ``bazas play`` driven by typed lines, for the terminal tests."""

from __future__ import annotations

import io

from rich.console import Console

from bazas.cli.cmd_play import PlayTable
from bazas.engine.seats import Seat


def play_in_terminal(text: str, ruleset: str = "chicago", max_deals: int | None = None, strength: str = "baseline",
                     first_dealer: Seat = Seat.N) -> str:
    """What the terminal table printed when the lines of ``text`` were typed at it (seed 4)."""
    out = io.StringIO()
    console = Console(file=out, width=120, force_terminal=False)
    table = PlayTable(ruleset, seed=4, budget=0.02, strength=strength, max_deals=max_deals,
                      stream=io.StringIO(text), console=console, first_dealer=first_dealer)
    assert table.run() == 0
    return out.getvalue()
