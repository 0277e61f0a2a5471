"""The pace of a table (issue 12 point 1): how long the server holds a bot's decision before the
table sees it, so people can follow the play.

A table has a *speed* (``slow``, ``normal``, ``fast`` or ``instant``), changeable at the table by
any seated player. Each speed is a :class:`Pace`: seconds between two bot calls, between two bot
cards, and after a finished trick (the trick stays in the middle before the next lead). The
scheduler starts a bot's thinking at once and releases its decision no earlier than
:func:`release_delay` after the table reached that decision's version: the thinking happens
inside the pause, not after it.

Tables with people default to ``Settings.table_speed`` (``normal``); tables of bots only, and
servers with scripted bots (benchmarks), default to ``instant``.

>>> PACES["normal"].card, PACES["instant"].card
(0.8, 0.0)
>>> default_speed(bots_only=True, configured="normal", scripted=False)
'instant'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bazas.engine.state import DealState


@dataclass(frozen=True, slots=True)
class Pace:
    """Seconds before a bot's call, before a bot's card, and before the lead after a finished
    trick (also before the opening lead: the last calls of the auction stay readable)."""

    call: float
    card: float
    trick: float

    def to_dict(self) -> dict[str, float]:
        return {"call": self.call, "card": self.card, "trick": self.trick}


#: Bot cards about half a second to a second apart at the default ``normal`` speed (issue 12).
PACES: dict[str, Pace] = {
    "slow": Pace(call=1.0, card=1.4, trick=2.5),
    "normal": Pace(call=0.6, card=0.8, trick=1.6),
    "fast": Pace(call=0.3, card=0.4, trick=0.8),
    "instant": Pace(call=0.0, card=0.0, trick=0.0),
}


def default_speed(*, bots_only: bool, configured: str, scripted: bool) -> str:
    """The speed of a table that has not chosen one: ``instant`` for bots only or scripted bots
    (benchmarks), else the server's ``configured`` default."""
    if bots_only or scripted:
        return "instant"
    return configured if configured in PACES else "normal"


def speed_of(options: dict[str, Any], *, bots_only: bool, configured: str, scripted: bool) -> str:
    """The table's speed: the one stored in its ``options``, else :func:`default_speed`."""
    chosen = options.get("speed")
    if isinstance(chosen, str) and chosen in PACES:
        return chosen
    return default_speed(bots_only=bots_only, configured=configured, scripted=scripted)


def release_delay(speed: str, state: DealState) -> float:
    """Seconds a bot's decision at ``state`` waits (counted from when the table got there):
    a call's, a card's, or a finished trick's pause when the bot leads to a new trick."""
    pace = PACES.get(speed, PACES["instant"])
    if state.phase == "auction":
        return pace.call
    play = state.play
    if play is None:
        return 0.0
    if not play.current:
        return pace.trick  # a lead: the trick just finished (or the auction just ended) stays in view
    return pace.card
