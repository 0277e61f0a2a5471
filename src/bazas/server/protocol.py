"""Every message of the table protocol (docs/protocol.md), as pydantic models.

Client messages are parsed with :data:`CLIENT_MESSAGE` (a union discriminated by ``type``). The
server builds its messages as plain dicts on the hot path (one per seat per action) and the tests
validate every message they receive against :data:`SERVER_MESSAGE`, so these models are the
reference the clients can rely on.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StrictBool,
    StrictInt,
    TypeAdapter,
    field_validator,
    model_validator,
)

from .limits import checked_program_names, name_problem, text_problem

SeatName = Literal["N", "E", "S", "W"]
SideName = Literal["NS", "EW"]
ErrorCode = Literal["illegal", "turn", "not_seated", "bad_message", "no_pending", "pending", "unavailable",
                    "not_found", "busy", "seat_taken"]


class _Message(BaseModel):
    model_config = ConfigDict(extra="forbid")


# -- client -> server ---------------------------------------------------------------------------

class CallMessage(_Message):
    type: Literal["call"]
    call: str = Field(min_length=1, max_length=12, description="P, X, XX, 1C ... 7NT (also NT/ST/SA/N, ♣♦♥♠)")


class CardMessage(_Message):
    type: Literal["card"]
    card: str = Field(min_length=2, max_length=4, description="SA, HT or H10, ♥10 ...")


class ClaimMessage(_Message):
    type: Literal["claim"]
    tricks: StrictInt = Field(ge=0, le=13, description="tricks of those left claimed for the claimer's side")


class ClaimReplyMessage(_Message):
    type: Literal["claim_reply"]
    accept: StrictBool


class UndoMessage(_Message):
    type: Literal["undo"]


class UndoReplyMessage(_Message):
    type: Literal["undo_reply"]
    accept: StrictBool


class HintMessage(_Message):
    type: Literal["hint"]


class ExplainMessage(_Message):
    type: Literal["explain"]
    index: StrictInt | None = Field(default=None, ge=0, description="a call of the current auction (0-based)")
    call: str | None = Field(default=None, max_length=12, description="a call not yet made: its meaning now")


class NextMessage(_Message):
    type: Literal["next"]


class SyncMessage(_Message):
    type: Literal["sync"]


class NameMessage(_Message):
    type: Literal["name"]
    name: str = Field(min_length=1, max_length=40)

    @field_validator("name")
    @classmethod
    def _printable(cls, value: str) -> str:
        return _checked_name(value)


SpeedName = Literal["slow", "normal", "fast", "instant"]


class SpeedMessage(_Message):
    """The table's pace (issue 12): how long bots' calls and cards, and a finished trick, are
    held before the table moves on; any seated player may change it (protocol v1.6)."""

    type: Literal["speed"]
    speed: SpeedName


class SeatBotMessage(_Message):
    """The table's creator hands a seat nobody has taken to a bot (``bot`` true), or takes it back
    for a person (issue 12; protocol v1.6)."""

    type: Literal["seat_bot"]
    seat: SeatName
    bot: StrictBool


class MoveSeatMessage(_Message):
    """Move my seat to another device: the answer is a fresh link (``seat_key`` with ``moved``);
    this device's key stops working at once (protocol v1.5)."""

    type: Literal["move_seat"]


def _checked_name(value: str) -> str:
    problem = name_problem(value)
    if problem is not None:
        raise ValueError(f"a name cannot hold a {problem}")
    return value


class AgreePreparedMessage(_Message):
    """At a team match on prepared boards (the creator's PBN file): I agree to play them. A
    table starts once every person seated there agreed (issue 13 point 3; match sockets only)."""

    type: Literal["agree_prepared"]


ClientMessage = Annotated[
    CallMessage | CardMessage | ClaimMessage | ClaimReplyMessage | UndoMessage | UndoReplyMessage
    | HintMessage | ExplainMessage | NextMessage | SyncMessage | NameMessage | MoveSeatMessage
    | SpeedMessage | SeatBotMessage | AgreePreparedMessage,
    Field(discriminator="type"),
]
CLIENT_MESSAGE: TypeAdapter[Any] = TypeAdapter(ClientMessage)


# -- server -> client ---------------------------------------------------------------------------

class _Data(BaseModel):
    model_config = ConfigDict(extra="forbid")


class PerSideInt(_Data):
    NS: int
    EW: int


class PerSideBool(_Data):
    NS: bool
    EW: bool


class SeatInfo(_Data):
    kind: Literal["human", "bot", "open", "dummy"] = Field(description='"dummy": W at three-handed Auction, '
                                                           "the dummy hand nobody sits at (issue 11)")
    name: str | None
    connected: bool
    substitute: bool = Field(default=False, description="a person's seat, away past the grace period: "
                             "the table's bot plays for it until the person comes back (protocol v1.4)")


class ClaimResult(_Data):
    seat: SeatName = Field(description="who claimed")
    tricks: int = Field(description="the tricks the claimer's side takes of those left")
    left: int = Field(description="the tricks that were left when the claim was made")


class PaceInfo(_Data):
    call: float
    card: float
    trick: float


class CutInfo(_Data):
    """The draw for the first dealer (``bazas.engine.cut.DealerDraw.to_dict()``)."""

    cards: dict[SeatName, str] = Field(description="the card each player cut")
    dealer: SeatName
    rule: Literal["lowest", "highest"] = Field(description="which card deals (Auction: lowest; contract: highest)")


class AgreementInfo(_Data):
    """A team match table on prepared boards (issue 13 point 3): who must agree, who has."""

    persons: list[SeatName] = Field(description="this table's seats for people (each must agree)")
    agreed: list[SeatName] = Field(description="the seats that sent agree_prepared")
    waiting: list[SeatName] = Field(description="the seats the table waits for before it starts "
                                    "(not agreed, not played by a substitute); empty once it may play")


class _TableFields(_Data):
    id: str
    ruleset: str
    seats: dict[SeatName, SeatInfo]
    status: Literal["dealing", "auction", "play", "review", "over"]
    deal_number: int
    rubber: int
    dealer: SeatName | None
    vulnerability: PerSideBool
    actor: SeatName | None = Field(description="who must act now (declarer for dummy); None while a request waits")
    ready: list[SeatName] = Field(description="players who sent `next` for this deal")
    spectators: int
    bot_seconds: float
    prepared: bool = Field(default=False, description="the deals come from a seed given at creation, "
                           "so they could be known in advance (issue 13; protocol v1.5)")
    options: dict[str, Any] = Field(default_factory=dict, description="the game's table options, chosen at "
                                    "creation (``Ruleset.options()``; issue 11)")
    cut: CutInfo | None = Field(default=None, description="the cut for the first dealer (None: the creator "
                                "fixed the first dealer; issue 11)")
    speed: SpeedName = Field(default="instant", description="the table's pace (issue 12; protocol v1.6)")
    pace: PaceInfo | None = Field(default=None, description="the seconds that speed holds a bot's call, a "
                                  "bot's card, and a finished trick before the next lead")
    creator: SeatName | None = Field(default=None, description="the seat of who created the table: it "
                                     "may hand seats nobody has taken to bots")
    robots: list[SeatName] = Field(default_factory=list, description="seats the creator handed to bots "
                                   "(a bot plays them until a person takes the seat or the creator takes it back)")
    claim: ClaimResult | None = Field(default=None, description="the claim that ended the deal on the table "
                                      "(issue 12)")
    agreement: AgreementInfo | None = Field(default=None, description="a team match on prepared boards only: "
                                            "a seat that has not agreed is sent no cards (issue 13)")


class TableInfo(_TableFields):
    """``state.table``."""

    you: SeatName | None = Field(description="the seat of this connection (None: a spectator)")


class TrickInfo(_Data):
    leader: SeatName
    cards: list[tuple[SeatName, str]]
    winner: SeatName | None


class ViewInfo(_Data):
    """``SeatView.to_dict()``: what this seat may see."""

    seat: SeatName | None
    dealer: SeatName
    phase: Literal["auction", "play", "done"]
    calls: list[str]
    turn: SeatName | None
    actor: SeatName | None
    contract: str | None
    declarer: SeatName | None
    dummy: SeatName | None
    hand: list[str] | None
    original_hand: list[str] | None
    dummy_hand: list[str] | None
    tricks: list[TrickInfo]
    current: TrickInfo | None
    won: PerSideInt
    legal: list[str]
    all_hands: dict[SeatName, list[str]] | None
    passed_out: bool


class ExplanationInfo(BaseModel):
    """A bot's explanation (``bots.base.Explanation.to_dict()``)."""

    es: str
    en: str
    constraints: dict[str, Any] = Field(default_factory=dict)
    artificial: bool = Field(default=False, description="an artificial call: alerted to the opponents")


class LineItemInfo(_Data):
    kind: str = Field(description="an Item value of bazas.engine.rulesets.base: trick score, overtricks, ...")
    side: SideName
    points: int
    line: Literal["above", "below"]


class ScoredDealInfo(_Data):
    number: int
    dealer: SeatName
    declarer: SeatName | None
    contract: str = Field(description='"4SX", or "pass" for a passed-out deal')
    tricks: int | None
    vulnerable: PerSideBool
    below: PerSideInt
    above: PerSideInt
    points: PerSideInt
    game_won_by: SideName | None
    rubber_over: bool
    items: list[LineItemInfo]


class RubberInfo(_Data):
    rubber: int
    totals: PerSideInt
    winner: Literal["NS", "EW", "tie"] | None
    margin: int
    deals: int


class ScoreInfo(_Data):
    """``bazas.formats.records.dump_session`` of the current rubber, plus the table's extras."""

    ruleset: str
    first_dealer: SeatName
    deals: list[ScoredDealInfo]
    unfinished: list[LineItemInfo]
    games: PerSideInt
    below: PerSideInt
    above: PerSideInt
    totals: PerSideInt
    stopped: bool
    finished: bool
    winner: Literal["NS", "EW", "tie"] | None
    margin: int
    part_scores: PerSideInt
    rubber: int
    rubbers: list[RubberInfo] = Field(description="earlier rubbers at this table")
    options: dict[str, Any] = Field(default_factory=dict, description="the game's table options "
                                    "(``Ruleset.options()``; issue 11)")
    deciding: bool = Field(default=False, description="an exact tie ends the session and the tie option "
                           "says one more deal settles it (seed 001; issue 11)")


class PlayerDealInfo(_Data):
    """A deal of a three-handed rubber (``bazas score --json``): each player's points."""

    deal: int
    dealer: SeatName
    contract: str = Field(description='"2HX", or "passed"')
    declarer: SeatName | None
    tricks: int | None
    points: dict[SeatName, int]
    items: list[dict[str, Any]]
    game_won_by: SeatName | None


class PlayerRubberInfo(_Data):
    rubber: int
    totals: dict[SeatName, int]
    net: dict[SeatName, int]
    winner: SeatName | None
    deals: int


class PlayerScoreInfo(_Data):
    """The per-player sheet of three-handed Auction (issue 11): ``bazas score --json`` of the rubber
    in play (players N, E, S; W the dummy hand) plus the table's extras."""

    ruleset: str
    players: list[SeatName]
    dummy: SeatName
    deals: list[PlayerDealInfo]
    totals: dict[SeatName, int]
    above: dict[SeatName, int]
    below: dict[SeatName, int]
    games: dict[SeatName, int]
    finished: bool
    winner: SeatName | None
    settlement: dict[SeatName, dict[SeatName, int]] = Field(description="settlement[a][b]: what b pays a")
    net: dict[SeatName, int] = Field(description="each player's net after settling with the others")
    first_dealer: SeatName
    part_scores: dict[SeatName, int]
    rubber: int
    rubbers: list[PlayerRubberInfo] = Field(description="earlier rubbers at this table")


class AnalysisInfo(_Data):
    """``bazas.bots.dds.DealAnalysis.to_dict()``."""

    makeable: dict[Literal["C", "D", "H", "S", "NT"], dict[SeatName, int]]
    par: dict[str, Any]
    costs: list[dict[str, Any]]


class ClaimInfo(_Data):
    by: SeatName
    tricks: int
    replies: dict[SeatName, bool | None]


class UndoInfo(_Data):
    by: SeatName
    actions: int
    replies: dict[SeatName, bool | None]


class PendingInfo(_Data):
    claim: ClaimInfo | None
    undo: UndoInfo | None


class EventInfo(_Data):
    kind: str
    data: dict[str, Any]


class StateMessage(_Message):
    type: Literal["state"]
    version: int
    table: TableInfo
    view: ViewInfo | None
    score: ScoreInfo | PlayerScoreInfo
    pending: PendingInfo | None
    explanations: list[ExplanationInfo | None]
    analysis: AnalysisInfo | None
    events: list[EventInfo] = Field(description="what the last accepted command(s) did (public facts)")


class LangText(_Data):
    es: str
    en: str


class ErrorMessage(_Message):
    type: Literal["error"]
    code: ErrorCode
    message: str = Field(description="the refusal in English")
    reason: str | None = Field(default=None, description="what exactly was refused (issue 12: a key of "
                               "server/i18n, ``refusal.<reason>``)")
    text: LangText | None = Field(default=None, description="the refusal in each language (issue 12)")


class HintReply(_Message):
    type: Literal["hint"]
    action: str
    explanation: ExplanationInfo | None


class ExplanationMessage(_Message):
    type: Literal["explanation"]
    index: int | None
    call: str
    explanation: ExplanationInfo


class SeatKeyMessage(_Message):
    """This connection's seat secret (protocol v1.5, issue 13): sent when a seat's invitation is
    first used (the invitation stops working; the page keeps ``key`` for later connections) and in
    answer to ``move_seat`` (``moved``: ``link`` is for the other device; this one now watches)."""

    type: Literal["seat_key"]
    seat: SeatName
    key: str
    link: str
    moved: bool


ServerMessage = Annotated[StateMessage | ErrorMessage | HintReply | ExplanationMessage | SeatKeyMessage,
                          Field(discriminator="type")]
SERVER_MESSAGE: TypeAdapter[Any] = TypeAdapter(ServerMessage)


# -- HTTP ---------------------------------------------------------------------------------------

class CreateTable(_Message):
    ruleset: str = Field(default="rubber", description="a game of GET /api/rulesets, by id or alias")
    seats: dict[SeatName, Literal["bot", "open", "human", "program"]] = Field(default_factory=dict)
    me: SeatName | None = Field(default="S", description="the creator's seat (None: the creator only watches)")
    name: str | None = Field(default=None, max_length=40)
    lang: Literal["es", "en"] | None = None
    bot_seconds: float | None = Field(default=None, gt=0, le=60, allow_inf_nan=False)
    seed: StrictInt | Annotated[str, Field(max_length=64)] | None = Field(default=None, description=(
        "prepared (reproducible) deals: only at a table without open seats for other people, and "
        "shown on the table"))
    first_dealer: SeatName | Literal["draw"] = Field(default="draw", description=(
        'who deals first: "draw" (the default: the players cut, as seeds 000 and 003 say; the cards '
        "and who deals are shown on the table) or a seat the creator fixes"))
    options: dict[Annotated[str, Field(max_length=32)], StrictBool | StrictInt | Annotated[str, Field(max_length=32)]] = \
        Field(default_factory=dict, max_length=16, description=(
            "the game's table options (GET /api/rulesets/{name}: option_help, option_controls), e.g. "
            '{"honours": "later", "nullos": true}; a bad one is refused naming it (issue 11)'))
    public: bool = Field(default=False, description="listed by GET /api/tables (default: private)")
    speed: SpeedName | None = Field(default=None, description="the table's pace (default: the server's, "
                                    "instant for bots only; issue 12)")
    program_names: dict[SeatName, str] = Field(
        default_factory=dict, description="issue 9: the name each program seat's program goes by at the table "
                                           "and in the records (e.g. {\"N\": \"BEN\"}); only for program seats")

    @field_validator("name")
    @classmethod
    def _printable(cls, value: str | None) -> str | None:
        return None if value is None else _checked_name(value)

    @field_validator("program_names")
    @classmethod
    def _program_names(cls, value: dict[str, str]) -> dict[str, str]:
        return checked_program_names(value)

    @field_validator("ruleset")
    @classmethod
    def _ruleset(cls, value: str) -> str:
        problem = text_problem(value)
        if problem is not None or len(value) > 64:
            raise ValueError(f"ruleset: {problem or 'longer than 64 characters'}")
        return value

    @field_validator("seed")
    @classmethod
    def _seed(cls, value: int | str | None) -> int | str | None:
        if isinstance(value, int) and not -(2**63) <= value < 2**63:
            raise ValueError("a numeric seed must fit in 64 bits")
        if isinstance(value, str):
            problem = text_problem(value)
            if problem is not None:
                raise ValueError(f"seed: {problem}")
        return value

    @model_validator(mode="after")
    def _options(self) -> CreateTable:
        """The options are the game's own: checked by ``Ruleset.with_options`` (an unknown game is
        left to the table's creation, which names the games it knows)."""
        if self.options:
            from bazas.engine.errors import BazasError
            from bazas.engine.rulesets import RulesetOptionError
            from bazas.engine.rulesets import get as get_ruleset

            try:
                game = get_ruleset(self.ruleset)
            except BazasError:
                return self
            try:
                game.with_options(self.options)
            except RulesetOptionError as exc:
                raise ValueError(f"options.{exc.option}: {exc}") from None
        return self


class CreatedTable(_Message):
    table_id: str
    links: dict[SeatName, str]
    programs: dict[SeatName, dict[str, Any]] = Field(default_factory=dict, description=(
        "issue 9: how an outside program connects to each program seat (Blue Chip protocol: host, "
        "port, team name, seat)"))
    me: str | None
    spectate: str


class RecentTable(_Data):
    id: str
    ruleset: str
    status: str
    version: int = Field(description="the table's version at its last status change")
    updated_at: str | None


class RecentTables(_Data):
    """``GET /api/tables``: recent tables first."""

    tables: list[RecentTable]


class TableSummary(_TableFields):
    """``GET /api/tables/{id}``: ``state.table`` without ``you``, plus the version and the score."""

    version: int
    score: ScoreInfo | PlayerScoreInfo


class HistoryDeal(_Data):
    number: int = Field(description="the deal's number at the table (all rubbers)")
    rubber: int
    dealer: SeatName
    vulnerable: PerSideBool
    contract: str | None = Field(description='"4SX"; None for a passed-out deal')
    declarer: SeatName | None
    tricks: int | None
    passed_out: bool
    points: PerSideInt | dict[SeatName, int] = Field(description="each side's; three-handed Auction: "
                                                     "each player's, N, E, S (issue 11)")
    pbn: str = Field(description="the deal's PBN file")


class History(_Data):
    """``GET /api/tables/{id}/history``: the finished deals."""

    table_id: str
    ruleset: str
    deals: list[HistoryDeal]
    pbn: str = Field(description="the PBN file of every finished deal")


class ClaimMade(_Data):
    seat: SeatName
    tricks: int


class DealReview(_Data):
    """``GET /api/tables/{id}/deals/{n}``: a finished deal for review, every hand shown."""

    number: int
    rubber: int
    dealer: SeatName
    vulnerable: PerSideBool
    all_hands: dict[SeatName, list[str]]
    calls: list[str]
    tricks: list[TrickInfo]
    contract: str | None
    declarer: SeatName | None
    result: int | None = Field(description="declarer's tricks")
    passed_out: bool
    claim: ClaimMade | None
    explanations: list[ExplanationInfo | None]
    analysis: AnalysisInfo | None
    score: ScoredDealInfo = Field(description="the deal's line of the score sheet, as in `state.score.deals[]`")
    pbn: str


class RulesetFacts(BaseModel):
    """One game's facts (``Ruleset.facts()``): what the pages, the bots and outside programs ask
    of it (issue 7, point 1). A game may publish facts of its own beside these (royal-auction's
    denominations, three-handed Auction's dummy seat); they are passed through."""

    model_config = ConfigDict(extra="allow")

    id: str
    title: str
    aliases: list[str]
    source: str
    names: dict[str, str] = Field(description="short names by language (en, es)")
    seats: list[SeatName] = Field(description="the seats that hold a player")
    players: int
    game_target: int = Field(description="points below the line that make a game")
    has_vulnerability: bool
    session_deals: int | None = Field(description="deals in a session when fixed (Chicago: 4)")
    one_table: bool = Field(description="whether one table of players can play it")
    counts_honours: bool
    bidding_system: str = Field(description="the bots' bidding system")
    bot_scoring: str = Field(description="how the bots weigh results")
    sheet: str = Field(description="how the score sheet is drawn: rubber, chicago, duplicate...")
    pbn_scoring: str = Field(description="the PBN [Scoring] tag")
    base_id: str = Field(description="the game without its table options")
    options: dict[str, Any]
    option_help: dict[str, str]
    option_controls: dict[str, dict[str, Any]]


class Rulesets(_Data):
    """``GET /api/rulesets``: the games one table can play, in the menu's order."""

    rulesets: list[RulesetFacts]


class RecordDeal(_Data):
    number: int = Field(description="the deal's number at the table (all rubbers)")
    rubber: int
    contract: str = Field(description='"4SX"; "pass" for a passed-out deal')
    declarer: SeatName | None
    tricks: int | None = Field(description="declarer's tricks; null for a passed-out deal")
    points: PerSideInt


class SeatRecord(_Data):
    """``GET /api/tables/{id}/record?k=KEY``: the finished deals and the score, for the player
    whose seat key is given (the /me page's copy from the server)."""

    table_id: str
    ruleset: str
    seat: SeatName
    seats: dict[SeatName, SeatInfo]
    deals: list[RecordDeal]
    score: ScoreInfo | PlayerScoreInfo


class LobbySeat(_Data):
    kind: Literal["bot", "human", "open", "taken"] = Field(description='"open": free for anyone; "taken": kept '
                                                            "for whoever has its invitation")
    name: str | None
    connected: bool
    free: bool = Field(description="the lobby can give this seat to somebody now")


class LobbyTable(_Data):
    id: str
    ruleset: str
    status: str
    deal_number: int
    seats: dict[SeatName, LobbySeat]
    free: list[SeatName]
    prepared: bool = Field(description="the deals come from a seed given at creation")


class Lobby(_Data):
    """``GET /api/lobby``: public tables still in play, newest first."""

    tables: list[LobbyTable]


class JoinedSeat(_Data):
    """``POST /api/lobby/{id}/join``: the seat given and its invitation link."""

    table_id: str
    seat: SeatName
    link: str


class Health(BaseModel):
    """``GET /api/health``: the server process's figures since the last reset (the benches read
    them). A site of several servers adds ``cluster``; other parts may add their own figures."""

    model_config = ConfigDict(extra="allow")

    ok: bool
    tables: int = Field(description="tables loaded in this process")
    writer: dict[str, Any] = Field(description="the event-log writer's batches and commits")
    gc_objects: int
    gc_frozen: int
    action_ms: dict[str, float | int | None] = Field(description="a person's call or card to the state sent back: "
                                                     "count, p50, p95, p99")
    loop_lag_ms: dict[str, float | None] = Field(description="the event loop's lag: p50, p99, max")
    gc: dict[str, Any] = Field(description="garbage collections per generation and the slowest pauses")
