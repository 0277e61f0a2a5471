"""The HTTP bodies of team matches (docs/protocol.md, "Matches"), as pydantic models."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from .limits import checked_program_names, name_problem, text_problem

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
    seats: dict[MatchSeatName, Literal["bot", "open", "program"]] = Field(
        default_factory=dict, description="each seat a bot (the default), open (a person with a link) or "
                                          "program: an outside program connecting to the server's table-manager "
                                          "port (issue 9; ``bazas serve --tm-port``)")
    pbn: str | None = Field(
        default=None, max_length=60000,
        description="the boards as PBN (a hand-record file, or played results: each board's Deal); "
                    "boards 1..n without a gap, with the 16-board cycle's dealer and vulnerability. "
                    "Given, the match has the file's boards (``boards`` is then ignored)")
    lang: Literal["es", "en"] | None = None
    bot_seconds: float | None = Field(default=None, gt=0, le=60)
    program_names: dict[MatchSeatName, str] = Field(
        default_factory=dict, description="issue 9: the name each program seat's program goes by on the match "
                                          "page and in the records (e.g. {\"1N\": \"BEN\"}); only for program seats")

    @field_validator("program_names")
    @classmethod
    def _program_names(cls, value: dict[str, str]) -> dict[str, str]:
        return checked_program_names(value)

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
    programs: dict[MatchSeatName, dict[str, Any]] = Field(default_factory=dict, description=(
        "issue 9: how an outside program connects to each program seat (Blue Chip protocol: host, port, the "
        "team name to connect with, the seat, the Connecting line)"))
    spectate: str = Field(description="the match page")


# -- answers (issue 7, point 3: every JSON route has its response model) --------------------------

class _Data(BaseModel):
    # An answer the server builds: a field the model does not name is an error (a 500 in tests),
    # never silently dropped from what the match page reads.
    model_config = ConfigDict(extra="forbid")


SeatLetter = Literal["N", "E", "S", "W"]


class MatchParticipant(_Data):
    table: int | None = Field(description="1 or 2; None: a spectator")
    seat: SeatLetter | None
    team: Literal["A", "B"] | None


class MatchPlayer(_Data):
    """A seat of a match table (``engine.match.Player.to_dict()`` and its team)."""

    kind: Literal["human", "bot"]
    name: str
    joined: bool = Field(description="a person took the seat (a bot's seat: always)")
    team: Literal["A", "B"]


class MatchClaim(_Data):
    seat: SeatLetter
    tricks: int


class MatchTableResult(_Data):
    """One table's finished board (``engine.match.TableResult.to_dict()``)."""

    board: int
    table: int
    dealer: SeatLetter
    vulnerability: str = Field(description="PBN: None, NS, EW, All")
    contract: str = Field(description='"pass" for a board passed out')
    declarer: SeatLetter | None
    tricks: int | None = Field(description="declarer's tricks")
    result: str
    lead: str | None
    score_ns: int
    deal: str = Field(description="PBN Deal")
    auction: list[str]
    play: list[tuple[SeatLetter, str]]
    claim: MatchClaim | None


class MatchBoardOutcome(_Data):
    """A board both tables finished, compared (``engine.match.BoardOutcome.to_dict()``)."""

    board: int
    dealer: SeatLetter
    vulnerability: str
    deal: str
    tables: list[MatchTableResult]
    table1_ns: int
    table2_ns: int
    difference: int
    imps_a: int
    running_imps_a: int


class MatchSummary(_Data):
    """``GET /api/matches/{id}``: the match as a spectator sees it (``engine.match.MatchView``
    without the live board), its id, the boards analysed, and its records' links."""

    participant: MatchParticipant
    boards: int
    teams: dict[Literal["A", "B"], str]
    players: list[dict[SeatLetter, MatchPlayer]] = Field(description="table 1's seats, then table 2's")
    progress: dict[Literal["1", "2"], int] = Field(description="boards finished at each table")
    own: list[MatchTableResult]
    complete: list[MatchBoardOutcome]
    imps_a: int
    over: bool
    winner: str | None = Field(description='"A", "B" or "tie" once the match is over')
    id: str
    analysed: list[int] = Field(description="boards whose double-dummy analysis is ready")
    pbn: str
    lin: str
    hand_record: str
    prepared: bool = Field(description="the boards come from the creator's file (issue 13)")


class MatchReplay(_Data):
    """What ``static/js/review.js`` replays card by card."""

    all_hands: dict[SeatLetter, list[str]] | None
    tricks: list[dict[str, Any]]
    current: dict[str, Any] | None


class MatchBoardTable(MatchTableResult):
    """One table's record of a board in its review."""

    calls: list[str]
    replay: MatchReplay
    analysis: dict[str, Any] | None = Field(description="the table's double-dummy analysis "
                                            "(``DealAnalysis.to_dict()``); None: not yet, or analysis is off")
    lin: str = Field(description="the table's play as one LIN line")


class MatchDoubleDummy(_Data):
    makeable: dict[str, dict[SeatLetter, int]]
    par: dict[str, Any]


class MatchBoardReview(_Data):
    """``GET /api/matches/{id}/boards/{n}``: a board's review. The comparison's fields
    (``table1_ns`` ... ``running_imps_a``) are there only once both tables finished it."""

    id: str
    board: int
    dealer: SeatLetter
    vulnerability: str
    deal: str
    all_hands: dict[SeatLetter, list[str]] | None
    complete: bool
    teams: dict[Literal["A", "B"], str]
    dd: MatchDoubleDummy | None
    lin: str | None = Field(description="the board's LIN, once both tables finished it")
    analysis_pending: bool
    tables: list[MatchBoardTable]
    table1_ns: int | None = None
    table2_ns: int | None = None
    difference: int | None = None
    imps_a: int | None = None
    running_imps_a: int | None = None


class MatchesLoaded(_Data):
    """``GET /api/health/matches``."""

    loaded: int = Field(description="matches in memory (finished idle ones are unloaded)")
