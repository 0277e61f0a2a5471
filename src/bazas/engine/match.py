"""A team match (seed 002): eight seats at two tables, one schedule of boards, compared in IMPs.

Pure, like the rest of the engine. A :class:`Match` is an immutable value made of the boards'
deals (dealt once, before play: :func:`deal_boards`, or given) and two one-table
:class:`~bazas.engine.table.Table` values that it drives: every command goes to one table
(:class:`AtTable`), so calls, cards, claims, undo, review and the next board follow exactly the
rules of :mod:`bazas.engine.table`. The match deals each table its next board itself and scores
every finished board through the ``duplicate`` ruleset (:mod:`bazas.engine.rulesets.duplicate`)
and the score sheet (:class:`~bazas.engine.session.Session`).

- Team A sits N/S at table 1 and E/W at table 2; team B the other seats (seed 002 section 2).
- Board ``n`` has the standard 16-board cycle's dealer and vulnerability (:class:`~bazas.engine.deal.Board`),
  the same at both tables; 1 to 32 boards, seed 002's four by default.
- Each table plays at its own pace: boards 1, 2, ... in order. The match knows, per board, which
  tables have finished it (:meth:`Match.finished_at`).
- Scoring (RULES.md "duplicate"): each table's N/S score, team A's difference (table 1 − table 2),
  IMPs by the WBF scale, the running total, the winner or a tie; a passed-out board scores 0.
- Fairness (seed 002 section 8, RULES.md "duplicate"): nothing of a board -- its hands, the other
  table's auction and play, the comparison -- reaches anybody at either table, or a spectator,
  until both tables have finished it. :func:`observe` is what one participant may see;
  :func:`may_receive` says who may be sent an event.

>>> from bazas.engine.state import parse_action
>>> m = Match.create(deal_boards(2, random.Random(7)))
>>> m.boards, m.table(1).status, m.table(2).dealer, m.board_at(2)
(2, 'auction', <Seat.N: 0>, 1)
>>> m, events = m.handle(AtTable(1, Act(Seat.N, parse_action("P"))))
>>> [(e.kind, e.table) for e in events]
[('call', 1)]
>>> for _ in range(3):
...     m = m.apply(AtTable(1, Act(m.table(1).actor, parse_action("P"))))
>>> m.finished_at(1), m.is_complete(1), m.table(1).status
(frozenset({1}), False, 'review')
>>> observe(m, Participant(2, Seat.S)).complete, observe(m, Participant()).progress
((), (1, 0))
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Literal, TypeAlias

from .cards import Card
from .deal import Board, Deal, deal_random
from .errors import InvalidNotation
from .rulesets.base import DealResult, Standing
from .rulesets.duplicate import BOARDS, DUPLICATE, Duplicate
from .seats import SEATS, Seat, Side
from .session import BoardComparison, Session
from .state import DealState
from .table import (
    Act,
    Claim,
    ClaimReply,
    DealCards,
    Join,
    Next,
    Player,
    Table,
    TableDeal,
    TableError,
    Undo,
    UndoReply,
    command_from_dict,
    command_to_dict,
)
from .views import SeatView, view_of

__all__ = ["BOARDS", "MAX_BOARDS", "TABLES", "AtTable", "BoardOutcome", "LiveBoard", "Match", "MatchError",
           "MatchEvent", "MatchView", "NoSuchTable", "Participant", "TableResult", "command_from_dict_at",
           "command_to_dict_at", "deal_boards", "may_receive", "observe", "participants", "team_of"]

#: The most boards a match may have (two rounds of the 16-board cycle).
MAX_BOARDS = 32
TABLES = (1, 2)
Team = Literal["A", "B"]
#: The commands a table takes from its players (the match deals the cards itself).
TableCommand: TypeAlias = Join | Act | Claim | ClaimReply | Undo | UndoReply | Next


# -- errors ------------------------------------------------------------------------------------

class MatchError(TableError):
    """A command the match refuses (beyond what the table itself refuses)."""

    code = "illegal"


class NoSuchTable(MatchError):
    """A table number other than 1 or 2."""


# -- dealing and seating -------------------------------------------------------------------------

def _check_count(count: int) -> None:
    if not 1 <= count <= MAX_BOARDS:
        raise MatchError(f"a match has 1 to {MAX_BOARDS} boards, not {count}")


def deal_boards(count: int = BOARDS, rng: random.Random | None = None) -> tuple[Deal, ...]:
    """``count`` boards dealt once, uniformly (``rng``: the randomness; by default the operating
    system's cryptographic source).

    >>> len(deal_boards(4, random.Random(1))), deal_boards(2, random.Random(1)) == deal_boards(2, random.Random(1))
    (4, True)
    """
    _check_count(count)
    source = rng if rng is not None else random.SystemRandom()
    return tuple(deal_random(source) for _ in range(count))


def _check_table(table: int) -> int:
    if table not in TABLES:
        raise NoSuchTable(f"a match has tables 1 and 2, not {table!r}")
    return table


def team_of(table: int, seat: Seat) -> Team:
    """The team at ``seat`` of ``table``: A sits N/S at table 1 and E/W at table 2 (seed 002).

    >>> team_of(1, Seat.N), team_of(1, Seat.E), team_of(2, Seat.W), team_of(2, Seat.S)
    ('A', 'B', 'A', 'B')
    """
    _check_table(table)
    return "A" if (seat.side is Side.NS) == (table == 1) else "B"


@dataclass(frozen=True, slots=True)
class Participant:
    """Who looks at the match: a seat at table 1 or 2, or a spectator (no table, no seat)."""

    table: int | None = None
    seat: Seat | None = None

    def __post_init__(self) -> None:
        if (self.table is None) != (self.seat is None):
            raise MatchError("a participant is a seat at a table (both given) or a spectator (neither)")
        if self.table is not None:
            _check_table(self.table)

    @property
    def is_spectator(self) -> bool:
        return self.table is None

    @property
    def team(self) -> Team | None:
        return None if self.table is None or self.seat is None else team_of(self.table, self.seat)

    def __str__(self) -> str:
        return "spectator" if self.seat is None else f"table {self.table} {self.seat.name}"


def participants() -> tuple[Participant, ...]:
    """The eight seats, then a spectator."""
    return (*(Participant(t, s) for t in TABLES for s in SEATS), Participant())


# -- one table's schedule of boards: the duplicate ruleset, one result per board ----------------

class _TableBoards(Duplicate):
    """The duplicate ruleset seen from one table of the match: boards 1..``boards`` in order,
    each scored alone (dealer, vulnerability and points as :class:`Duplicate` says)."""

    def __init__(self, table: int, boards: int) -> None:
        self.table = table
        self.boards = boards

    def next_board(self, standing: Standing) -> tuple[int, int]:
        return len(standing.played) + 1, self.table

    def is_finished(self, standing: Standing) -> bool:
        return len(standing.played) >= self.boards

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _TableBoards) and (self.table, self.boards) == (other.table, other.boards)

    def __hash__(self) -> int:
        return hash((self.table, self.boards))


def _new_table(table: int, players: Sequence[Player], boards: int) -> Table:
    if len(players) != 4:
        raise MatchError(f"table {table} has four seats, not {len(players)}")
    rules = _TableBoards(table, boards)
    dealer = Board(1).dealer
    return Table("duplicate", (players[0], players[1], players[2], players[3]), dealer,
                 Session.start(rules, dealer))


# -- commands and events ---------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class AtTable:
    """A table command (:mod:`bazas.engine.table`: join, act, claim, undo, next...) at ``table``."""

    table: int
    command: TableCommand


def command_to_dict_at(command: AtTable) -> dict[str, Any]:
    """An :class:`AtTable` command as plain JSON data (the table command's data plus ``table``).

    >>> command_to_dict_at(AtTable(2, Next(None)))
    {'type': 'next', 'seat': None, 'table': 2}
    """
    return {**command_to_dict(command.command), "table": command.table}


def command_from_dict_at(data: Mapping[str, Any]) -> AtTable:
    """The inverse of :func:`command_to_dict_at`."""
    if "table" not in data:
        raise InvalidNotation("a match command needs its 'table' (1 or 2)")
    raw = data["table"]
    if not isinstance(raw, int) or isinstance(raw, bool):
        raise NoSuchTable(f"a match has tables 1 and 2, not {raw!r}")
    command = command_from_dict({k: v for k, v in data.items() if k != "table"})
    if isinstance(command, DealCards):
        raise MatchError("the match deals its boards itself")
    return AtTable(_check_table(raw), command)


@dataclass(frozen=True, slots=True)
class MatchEvent:
    """Something that happened. ``table`` set: an event of that table (a call, a card, its own
    score of a board), for the participants seated there only; ``table`` None: a match event
    (a board finished at a table, a board complete at both with its comparison, the end), for
    everybody."""

    kind: str
    data: dict[str, Any] = field(default_factory=dict)
    table: int | None = None


def may_receive(participant: Participant, event: MatchEvent) -> bool:
    """Whether ``participant`` may be sent ``event``: a table's events go to its seats only.

    >>> e = MatchEvent("card", {"seat": "N", "card": "SA"}, table=1)
    >>> may_receive(Participant(1, Seat.E), e), may_receive(Participant(2, Seat.E), e), may_receive(Participant(), e)
    (True, False, False)
    """
    return event.table is None or event.table == participant.table


# -- results -------------------------------------------------------------------------------------

def _result_text(state: DealState) -> str:
    contract, tricks = state.contract, state.declarer_tricks
    if contract is None or tricks is None:
        return ""
    diff = tricks - contract.tricks_needed
    return "=" if diff == 0 else f"{diff:+d}"


@dataclass(frozen=True, slots=True)
class TableResult:
    """One table's finished board: how it was bid and played, and its N/S score."""

    board: int
    table: int
    state: DealState
    score_ns: int

    @property
    def passed_out(self) -> bool:
        return self.state.is_passed_out

    @property
    def lead(self) -> Card | None:
        play = self.state.play
        if play is None or not play.played:
            return None
        return play.tricks[0].cards[0] if play.tricks else play.current_trick()[0][1]

    @property
    def deal_result(self) -> DealResult:
        """The result as the score sheet records it (board and table set)."""
        s = self.state
        if s.contract is None or s.declarer is None:
            return DealResult.passed(s.deal, self.board, self.table)
        tricks = s.declarer_tricks
        assert tricks is not None
        return DealResult(s.contract, s.declarer, tricks, s.deal, None, self.board, self.table)

    def to_dict(self) -> dict[str, Any]:
        s = self.state
        play = s.play
        cards: list[list[str]] = []
        if play is not None:
            cards = [[seat.name, str(card)] for seat, card in play.cards_played()]
        claim = None if play is None or play.claim is None else {"seat": play.claim.claimer.name,
                                                                  "tricks": play.claim.tricks}
        lead = self.lead
        return {
            "board": self.board, "table": self.table, "dealer": s.dealer.name,
            "vulnerability": Board(self.board).vulnerability.pbn,
            "contract": "pass" if s.contract is None else str(s.contract),
            "declarer": None if s.declarer is None else s.declarer.name,
            "tricks": s.declarer_tricks, "result": _result_text(s),
            "lead": None if lead is None else str(lead), "score_ns": self.score_ns,
            "deal": s.deal.to_pbn(), "auction": [str(c) for c in s.auction.calls], "play": cards, "claim": claim,
        }


def _table_result(table: int, entry: TableDeal) -> TableResult:
    return TableResult(entry.number, table, entry.state, entry.score.score_ns)


@dataclass(frozen=True, slots=True)
class BoardOutcome:
    """A board both tables have finished: both results, the comparison for team A and the
    running IMP total up to this board (over the boards complete so far)."""

    board: int
    deal: Deal
    results: tuple[TableResult, TableResult]
    comparison: BoardComparison
    running_imps_a: int

    def to_dict(self) -> dict[str, Any]:
        c = self.comparison
        b = Board(self.board)
        return {"board": self.board, "dealer": b.dealer.name, "vulnerability": b.vulnerability.pbn,
                "deal": self.deal.to_pbn(), "tables": [r.to_dict() for r in self.results],
                "table1_ns": c.table1_ns, "table2_ns": c.table2_ns, "difference": c.difference,
                "imps_a": c.imps_a, "running_imps_a": self.running_imps_a}


# -- the match -----------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Match:
    """The boards' deals, the two tables, the team names; ``version`` counts accepted commands."""

    deals: tuple[Deal, ...]
    tables: tuple[Table, Table]
    teams: tuple[str, str] = ("A", "B")
    version: int = 0

    # -- construction ---------------------------------------------------------------------------
    @staticmethod
    def create(deals: Sequence[Deal], players: Sequence[Sequence[Player]] | None = None,
               teams: Sequence[str] = ("A", "B")) -> Match:
        """A match on ``deals`` (board 1, 2, ...); ``players``: table 1's N E S W then table 2's
        (default: bots everywhere). Both tables start board 1 at once."""
        deals = tuple(deals)
        _check_count(len(deals))
        for i, d in enumerate(deals, start=1):
            if not isinstance(d, Deal):
                raise MatchError(f"board {i} is not a deal: {d!r}")
        seating = players if players is not None else ([Player.bot()] * 4, [Player.bot()] * 4)
        if len(seating) != 2:
            raise MatchError(f"a match has two tables of players, not {len(seating)}")
        if len(teams) != 2:
            raise MatchError(f"a match has two teams, not {len(teams)}")
        t1 = _new_table(1, list(seating[0]), len(deals)).handle(DealCards(deals[0]))[0]
        t2 = _new_table(2, list(seating[1]), len(deals)).handle(DealCards(deals[0]))[0]
        return Match(deals, (t1, t2), (str(teams[0]), str(teams[1])))

    def config(self) -> dict[str, Any]:
        """Deals, players and teams as plain data: with the commands, all :meth:`replay` needs
        (store it when the match is created, like :meth:`Table.config`)."""
        return {"deals": [d.to_pbn() for d in self.deals], "teams": list(self.teams),
                "players": [[p.to_dict() for p in t.players] for t in self.tables]}

    @staticmethod
    def from_config(config: Mapping[str, Any]) -> Match:
        try:
            deals = [Deal.from_pbn(str(d)) for d in config["deals"]]
            players = [[Player.from_dict(p) for p in table] for table in config["players"]]
        except KeyError as exc:
            raise InvalidNotation(f"a match config needs {exc.args[0]!r}") from None
        return Match.create(deals, players, tuple(config.get("teams", ("A", "B"))))

    @staticmethod
    def replay(config: Mapping[str, Any], commands: Iterable[AtTable]) -> Match:
        """The match after ``commands`` (stored ones: each must be accepted again)."""
        match = Match.from_config(config)
        for i, command in enumerate(commands):
            try:
                match = match.apply(command)
            except ValueError as exc:
                raise type(exc)(f"command {i + 1} ({command_to_dict_at(command)}): {exc}") from None
        return match

    # -- where it stands -------------------------------------------------------------------------
    @property
    def boards(self) -> int:
        return len(self.deals)

    def table(self, table: int) -> Table:
        return self.tables[_check_table(table) - 1]

    def deal_of(self, board: int) -> Deal:
        self._check_board(board)
        return self.deals[board - 1]

    def _check_board(self, board: int) -> None:
        if not 1 <= board <= self.boards:
            raise MatchError(f"this match has boards 1 to {self.boards}, not {board}")

    def board_at(self, table: int) -> int:
        """The board ``table`` is playing or reviewing (its last one once it has played them all)."""
        return self.table(table).number

    def finished_count(self, table: int) -> int:
        return len(self.table(table).finished)

    def finished_at(self, board: int) -> frozenset[int]:
        """The tables that have finished ``board``."""
        self._check_board(board)
        return frozenset(t for t in TABLES if self.finished_count(t) >= board)

    def is_complete(self, board: int) -> bool:
        """Both tables have finished ``board``: from now on everybody may see all of it."""
        return self.finished_at(board) == frozenset(TABLES)

    @property
    def complete_boards(self) -> int:
        """How many boards, from board 1, both tables have finished."""
        return min(self.finished_count(t) for t in TABLES)

    @property
    def over(self) -> bool:
        return self.complete_boards == self.boards

    def result(self, board: int, table: int) -> TableResult | None:
        """``table``'s result on ``board`` (None while it has not finished it)."""
        self._check_board(board)
        finished = self.table(table).finished
        return _table_result(table, finished[board - 1]) if len(finished) >= board else None

    @property
    def session(self) -> Session:
        """The duplicate score sheet of every result so far, board by board, table 1 first (it
        compares only boards finished at both tables; see :attr:`outcomes`)."""
        results = [r.deal_result for b in range(1, self.boards + 1) for t in TABLES
                   if (r := self.result(b, t)) is not None]
        return Session.replay(DUPLICATE, Seat.N, results)

    @property
    def outcomes(self) -> tuple[BoardOutcome, ...]:
        """The boards both tables have finished, compared, with the running total."""
        out: list[BoardOutcome] = []
        running = 0
        for board in range(1, self.complete_boards + 1):
            r1, r2 = self.result(board, 1), self.result(board, 2)
            assert r1 is not None and r2 is not None
            comparison = BoardComparison(board, r1.score_ns, r2.score_ns)
            running += comparison.imps_a or 0
            out.append(BoardOutcome(board, self.deals[board - 1], (r1, r2), comparison, running))
        return tuple(out)

    @property
    def comparisons(self) -> tuple[BoardComparison, ...]:
        return tuple(o.comparison for o in self.outcomes)

    @property
    def imps_a(self) -> int:
        """Team A's IMPs over the boards complete so far (negative: team B leads)."""
        return sum(c.imps_a or 0 for c in self.comparisons)

    @property
    def winner(self) -> Team | Literal["tie"] | None:
        """``"A"``, ``"B"`` or ``"tie"`` once every board is complete at both tables; else None."""
        if not self.over:
            return None
        a = self.imps_a
        return "tie" if a == 0 else ("A" if a > 0 else "B")

    # -- commands -------------------------------------------------------------------------------
    def handle(self, command: AtTable) -> tuple[Match, tuple[MatchEvent, ...]]:
        """The match after ``command`` and the events it caused; raises (and changes nothing) if
        the table or the match refuses it."""
        if not isinstance(command, AtTable):
            raise MatchError(f"not a match command: {command!r} (send AtTable(table, command))")
        number = _check_table(command.table)
        inner = command.command
        if isinstance(inner, DealCards):
            raise MatchError("the match deals its boards itself")
        table = self.tables[number - 1]
        if isinstance(inner, Next) and table.status == "over":
            raise MatchError(f"table {number} has played all {self.boards} boards")
        after, table_events = table.handle(inner)
        events = [MatchEvent(e.kind, e.data, number) for e in table_events if e.kind != "rubber_over"]
        finished_board = len(after.finished) > len(table.finished)
        if after.needs_deal:
            after, more = after.handle(DealCards(self.deals[after.number]))
            events += [MatchEvent(e.kind, e.data, number) for e in more]
        tables = (after, self.tables[1]) if number == 1 else (self.tables[0], after)
        match = replace(self, tables=tables, version=self.version + 1)
        if finished_board:
            board = len(after.finished)
            events.append(MatchEvent("board_finished", {"table": number, "board": board}))
            if match.is_complete(board):
                outcome = match.outcomes[board - 1]
                events.append(MatchEvent("board_complete", outcome.to_dict()))
                if match.over:
                    events.append(MatchEvent("match_over", {"imps_a": match.imps_a, "winner": match.winner}))
        return match, tuple(events)

    def check(self, command: AtTable) -> None:
        """Raise the specific error if ``command`` is not allowed now."""
        self.handle(command)

    def can(self, command: AtTable) -> bool:
        try:
            self.handle(command)
        except ValueError:
            return False
        return True

    def apply(self, command: AtTable) -> Match:
        return self.handle(command)[0]


# -- what one participant may see ----------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class LiveBoard:
    """The board at the participant's own table, as that seat sees it (:func:`~bazas.engine.views.view_of`)."""

    board: int
    table: int
    status: str
    view: SeatView

    def to_dict(self) -> dict[str, Any]:
        return {"board": self.board, "table": self.table, "status": self.status,
                "vulnerability": Board(self.board).vulnerability.pbn, "view": self.view.to_dict()}


@dataclass(frozen=True, slots=True)
class MatchView:
    """Everything ``participant`` may know of the match now.

    ``progress``: boards finished at table 1 and at table 2 (never what happened on them);
    ``live``: the board at the participant's own table; ``own``: the boards the participant's
    table has finished that the other table has not (their own results only); ``complete``: the
    boards both tables have finished, in full, compared; ``imps_a``: team A's running total over
    those; ``winner`` once the match is over."""

    participant: Participant
    boards: int
    teams: tuple[str, str]
    players: tuple[tuple[Player, ...], tuple[Player, ...]]
    progress: tuple[int, int]
    live: LiveBoard | None
    own: tuple[TableResult, ...]
    complete: tuple[BoardOutcome, ...]
    imps_a: int
    over: bool
    winner: str | None

    def to_dict(self) -> dict[str, Any]:
        p = self.participant
        return {
            "participant": {"table": p.table, "seat": None if p.seat is None else p.seat.name, "team": p.team},
            "boards": self.boards, "teams": {"A": self.teams[0], "B": self.teams[1]},
            "players": [{s.name: {**table[s].to_dict(), "team": team_of(t, s)} for s in SEATS}
                        for t, table in zip(TABLES, self.players, strict=True)],
            "progress": {"1": self.progress[0], "2": self.progress[1]},
            "live": None if self.live is None else self.live.to_dict(),
            "own": [r.to_dict() for r in self.own],
            "complete": [o.to_dict() for o in self.complete],
            "imps_a": self.imps_a, "over": self.over, "winner": self.winner,
        }


def observe(match: Match, participant: Participant) -> MatchView:
    """What ``participant`` may see of ``match`` now (seed 002 section 8): its own table's board
    through :func:`~bazas.engine.views.view_of`, its own table's finished results, and of any
    board, everything -- both tables, the comparison -- only once both tables have finished it.
    A spectator sees the progress and the complete boards only."""
    complete = match.outcomes
    live: LiveBoard | None = None
    own: tuple[TableResult, ...] = ()
    if participant.table is not None:
        table = match.table(participant.table)
        if table.current is not None:
            live = LiveBoard(table.number, participant.table, table.status, view_of(table.current, participant.seat))
        own = tuple(r for b in range(match.complete_boards + 1, match.finished_count(participant.table) + 1)
                    if (r := match.result(b, participant.table)) is not None)
    return MatchView(
        participant=participant, boards=match.boards, teams=match.teams,
        players=(match.tables[0].players, match.tables[1].players),
        progress=(match.finished_count(1), match.finished_count(2)), live=live, own=own, complete=complete,
        imps_a=sum(o.comparison.imps_a or 0 for o in complete), over=match.over, winner=match.winner,
    )

