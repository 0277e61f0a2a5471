"""The HTTP bodies of team matches (docs/protocol.md, "Matches"), as pydantic models."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from .limits import name_problem, text_problem

#: A seat of a match: the table (1 or 2) and the seat letter, e.g. ``1N``, ``2W``.
MatchSeatName = Literal["1N", "1E", "1S", "1W", "2N", "2E", "2S", "2W"]
MATCH_SEATS: tuple[MatchSeatName, ...] = ("1N", "1E", "1S", "1W", "2N", "2E", "2S", "2W")


class _Message(BaseModel):
    model_config = ConfigDict(extra="forbid")


class CreateMatch(_Message):
    """``POST /api/matches``. Team A sits N/S at table 1 and E/W at table 2 (seed 002)."""

    team_a: str = Field(default="A", min_length=1, max_length=40)
    team_b: str = Field(default="B", min_length=1, max_length=40)
    boards: int = Field(default=4, ge=1, le=32, description="1 to 32 boards (the 16-board cycle)")
    seats: dict[MatchSeatName, Literal["bot", "open"]] = Field(
        default_factory=dict, description="each seat a bot (the default) or open: a person with a link")
    pbn: str | None = Field(
        default=None, max_length=60000,
        description="the boards as PBN (a hand-record file, or played results: each board's Deal); "
                    "boards 1..n without a gap, with the 16-board cycle's dealer and vulnerability. "
                    "Given, the match has the file's boards (``boards`` is then ignored)")
    lang: Literal["es", "en"] | None = None
    bot_seconds: float | None = Field(default=None, gt=0, le=60)

    @field_validator("team_a", "team_b")
    @classmethod
    def _printable(cls, value: str) -> str:
        """Issue 13: a team's name is shown to everybody: no NUL, terminal escapes or overrides."""
        problem = name_problem(value)
        if problem is not None:
            raise ValueError(f"a team's name cannot hold a {problem}")
        return value

    @field_validator("pbn")
    @classmethod
    def _text(cls, value: str | None) -> str | None:
        problem = None if value is None else text_problem(value)
        if problem is not None:
            raise ValueError(f"pbn: {problem}")
        return value


class CreatedMatch(_Message):
    match_id: str
    links: dict[MatchSeatName, str] = Field(description="the invitation link of every open seat")
    spectate: str = Field(description="the match page")
