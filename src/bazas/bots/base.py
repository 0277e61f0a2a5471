"""The one interface every computer player implements.

A bot sees exactly what its seat may see -- a :class:`~bazas.engine.views.SeatView` -- plus the
public table context (ruleset, vulnerability, score state, the meanings of the calls so far), and
returns a legal action with an explanation, deterministically for a given seed, within a budget.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Protocol

from bazas.engine.seats import Seat
from bazas.engine.state import Action
from bazas.engine.views import SeatView


@dataclass(frozen=True, slots=True)
class Explanation:
    """A sentence in Spanish and English, plus machine-readable hand constraints (for calls)."""

    es: str
    en: str
    constraints: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"es": self.es, "en": self.en, "constraints": self.constraints}


@dataclass(frozen=True, slots=True)
class TableContext:
    """Public facts about the table a bot plays at (nothing hidden)."""

    ruleset: str = "rubber"                 # ruleset id: auction-1920, rubber, chicago, duplicate
    vulnerable_ns: bool = False
    vulnerable_ew: bool = False
    part_score_ns: int = 0                  # below-the-line points toward the current game
    part_score_ew: int = 0
    game_target: int = 100                  # 100 in contract rulesets, 30 in auction-1920
    deal_number: int = 1                    # Chicago: 1-4
    scoring: str = "rubber"                 # rubber | chicago | imps | auction-1920
    #: Seats played by computer players ("NESW", "NEW"...; "" when unknown): their card habits are
    #: known (lowest of equals, the signals), while a person is assumed to play equal cards at
    #: random (restricted choice).
    computer_seats: str = ""

    def vulnerable(self, seat: Seat) -> bool:
        return self.vulnerable_ew if seat & 1 else self.vulnerable_ns

    def part_score(self, seat: Seat) -> int:
        return self.part_score_ew if seat & 1 else self.part_score_ns


@dataclass(frozen=True, slots=True)
class Budget:
    """How long a bot may think for this action, in seconds."""

    seconds: float = 1.0


@dataclass(frozen=True, slots=True)
class Decision:
    action: Action
    explanation: Explanation | None = None


class Bot(Protocol):
    """A computer player for one seat."""

    def choose(self, view: SeatView, context: TableContext, rng: random.Random, budget: Budget) -> Decision:
        """A legal action for ``view.seat`` (who must be ``view.actor``)."""
        ...
