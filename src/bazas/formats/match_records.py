"""Records of a team match (issue 10): PBN 2.1 export and import of the boards and of the results
played at both tables, and the comparison as JSON data.

A :class:`MatchRecord` is what a match leaves behind: for each board and table, the deal, the
result and -- when known -- the whole auction and play (a :class:`~bazas.engine.state.DealState`),
the players' names, and the match's event, site, date and team names. It is written as PBN 2.1,
one game per board per table, the two tables told apart by ``[Room "Open"]`` (table 1) and
``[Room "Closed"]`` (table 2), and read back identically (:func:`dumps_match` /
:func:`loads_match`). Reading also takes files of other programs: ``[Table "1"|"2"]`` instead of
Room, comments, a missing Auction or Play (the Contract, Declarer and Result then make the
result), usual spellings of calls and cards.

:func:`dump_comparison` is the one shape of a compared match as JSON (``bazas score --json`` for a
duplicate record and ``bazas match --json`` both use it)::

    {"boards": [{"board", "table1_ns", "table2_ns", "difference", "imps_a"}, ...],
     "imps_a": 6, "winner": "NS", "winning_team": "A"}

(``winner`` names the side of the record's schema: team A sits N/S at table 1, so ``"NS"`` means
team A; ``winning_team`` says ``"A"``, ``"B"`` or ``"tie"``; both are null until the match is over.)
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from bazas.engine.deal import Board, Deal
from bazas.engine.errors import BazasError
from bazas.engine.match import TABLES, Match
from bazas.engine.rulesets import get as get_ruleset
from bazas.engine.rulesets.base import DealResult
from bazas.engine.seats import SEATS, Seat
from bazas.engine.session import BoardComparison, Session
from bazas.engine.state import DealState

from .pbn import (
    MANDATORY_TAGS,
    PbnError,
    PbnFile,
    PbnGame,
    auction_alerts,
    dumps,
    game_state,
    loads,
    with_state,
)

__all__ = ["ROOMS", "MatchRecord", "PlayedBoard", "dump_comparison", "dump_session_comparison", "dumps_boards",
           "dumps_match", "load_boards", "loads_match", "match_games", "pbn_date", "record_of_match", "tag_lines"]

#: The PBN ``[Room]`` of each table: table 1 is the open room, table 2 the closed room.
ROOMS = {1: "Open", 2: "Closed"}
_ROOM_TABLE = {"open": 1, "closed": 2, "abierta": 1, "cerrada": 2, "1": 1, "2": 2, "o": 1, "c": 2}
_TEAM_A = {"A": "NS", "B": "EW"}


# -- the comparison as data: the one shape -----------------------------------------------------------

def dump_comparison(boards: Iterable[BoardComparison], imps_a: int, winning_team: str | None) -> dict[str, Any]:
    """Boards compared for team A, the IMP total and the winner, as JSON-ready data.

    >>> dump_comparison([BoardComparison(1, 420, 170)], 6, "A")
    {'boards': [{'board': 1, 'table1_ns': 420, 'table2_ns': 170, 'difference': 250, 'imps_a': 6}], 'imps_a': 6, 'winner': 'NS', 'winning_team': 'A'}
    """
    return {
        "boards": [{"board": b.board, "table1_ns": b.table1_ns, "table2_ns": b.table2_ns,
                    "difference": b.difference, "imps_a": b.imps_a} for b in boards],
        "imps_a": imps_a,
        "winner": None if winning_team is None else _TEAM_A.get(winning_team, winning_team),
        "winning_team": winning_team,
    }


def dump_session_comparison(session: Session) -> dict[str, Any]:
    """:func:`dump_comparison` of a duplicate score sheet."""
    return dump_comparison(session.boards, session.imps_a, session.winner)


# -- the record ------------------------------------------------------------------------------------------

def pbn_date(day: datetime.date | None = None) -> str:
    """A PBN date, ``YYYY.MM.DD`` (today by default).

    >>> pbn_date(datetime.date(2026, 11, 30))
    '2026.11.30'
    """
    return (day or datetime.date.today()).strftime("%Y.%m.%d")


@dataclass(frozen=True, slots=True)
class PlayedBoard:
    """One board at one table: its result (board and table set), the deal when known, the whole
    auction and play when known, the players' names (N, E, S, W) and the explained (alerted)
    calls: (index of the call in the auction, its explanation), written as PBN notes."""

    board: int
    table: int
    result: DealResult
    deal: Deal | None = None
    state: DealState | None = None
    names: tuple[str, str, str, str] = ("", "", "", "")
    alerts: tuple[tuple[int, str], ...] = ()

    @staticmethod
    def of_state(board: int, table: int, state: DealState, names: Sequence[str] = ("", "", "", ""),
                 alerts: Mapping[int, str] | None = None) -> PlayedBoard:
        contract, declarer = state.contract, state.declarer
        if contract is None or declarer is None:
            result = DealResult.passed(state.deal, board, table)
        else:
            tricks = state.declarer_tricks
            if tricks is None:
                raise PbnError(f"board {board} at table {table} is not finished")
            result = DealResult(contract, declarer, tricks, state.deal, None, board, table)
        return PlayedBoard(board, table, result, state.deal, state, (names[0], names[1], names[2], names[3]),
                           tuple(sorted((alerts or {}).items())))


@dataclass(frozen=True, slots=True)
class MatchRecord:
    """A played (or partly played) match: every board's result at each table that played it."""

    played: tuple[PlayedBoard, ...]
    event: str = ""
    site: str = ""
    date: str = ""
    teams: tuple[str, str] = ("", "")

    @property
    def boards(self) -> tuple[int, ...]:
        return tuple(sorted({p.board for p in self.played}))

    def at(self, board: int, table: int) -> PlayedBoard | None:
        return next((p for p in self.played if (p.board, p.table) == (board, table)), None)

    @property
    def complete(self) -> bool:
        """Every board has a result at both tables."""
        return bool(self.played) and all(self.at(b, t) is not None for b in self.boards for t in TABLES)

    def session(self) -> Session:
        """The duplicate score sheet of the results, board by board, table 1 first; settled
        (stopped) when every board has both results, however many boards."""
        ordered = sorted(self.played, key=lambda p: (p.board, p.table))
        try:
            session = Session.replay("duplicate", Seat.N, [p.result for p in ordered])
        except BazasError as exc:
            raise PbnError(str(exc)) from None
        return session.stop() if self.complete else session

    def comparison(self) -> dict[str, Any]:
        """:func:`dump_comparison` of the record."""
        return dump_session_comparison(self.session())


def record_of_match(match: Match, *, event: str = "", site: str = "bazas", date: str | None = None,
                    names: Mapping[int, Sequence[str]] | None = None) -> MatchRecord:
    """The record of every board finished so far at each table of ``match``; ``names``: per table
    the N, E, S, W names (default: the names of the players seated there)."""
    played: list[PlayedBoard] = []
    for board in range(1, match.boards + 1):
        for table in TABLES:
            r = match.result(board, table)
            if r is None:
                continue
            seat_names = (list(names[table]) if names is not None and table in names
                          else [p.name for p in match.table(table).players])
            played.append(PlayedBoard.of_state(board, table, r.state, seat_names))
    return MatchRecord(tuple(played), event, site, pbn_date() if date is None else date, match.teams)


# -- PBN -------------------------------------------------------------------------------------------------

_SCORING = get_ruleset("duplicate").pbn_scoring


def _game(record: MatchRecord, p: PlayedBoard) -> PbnGame:
    board = Board(p.board)
    seat_names = dict(zip(SEATS, p.names, strict=True))
    values = {"Event": record.event, "Site": record.site, "Date": record.date, "Board": str(p.board),
              "West": seat_names[Seat.W], "North": seat_names[Seat.N], "East": seat_names[Seat.E],
              "South": seat_names[Seat.S], "Dealer": board.dealer.name, "Vulnerable": board.vulnerability.pbn,
              "Deal": "" if p.deal is None else p.deal.to_pbn(board.dealer), "Scoring": _SCORING}
    r = p.result
    if r.contract is None or r.declarer is None:
        values |= {"Contract": "Pass", "Declarer": "", "Result": ""}
    else:
        values |= {"Contract": str(r.contract), "Declarer": r.declarer.name, "Result": str(r.tricks)}
    game = PbnGame(tuple((name, values.get(name, "")) for name in MANDATORY_TAGS))
    game = game.with_tag("Room", ROOMS[p.table])
    if any(record.teams):
        # Team A sits N/S in the open room (seed 002): the home team.
        game = game.with_tag("HomeTeam", record.teams[0]).with_tag("VisitTeam", record.teams[1])
    if p.state is not None:
        game = with_state(game, p.state, dict(p.alerts))
    return game


def match_games(record: MatchRecord) -> list[PbnGame]:
    """One PBN game per board per table, board by board, the open room first."""
    return [_game(record, p) for p in sorted(record.played, key=lambda p: (p.board, p.table))]


def dumps_match(record: MatchRecord) -> str:
    """The record as PBN 2.1 text."""
    return dumps(match_games(record))


def _table_of(game: PbnGame, index: int) -> int | None:
    for tag in ("Room", "Table"):
        value = game.tag(tag)
        if value is not None and value.strip():
            table = _ROOM_TABLE.get(value.strip().lower())
            if table is None:
                raise PbnError(f"game {index}: [{tag} \"{value}\"] is not a table of a team match "
                               "(expected Open or Closed, 1 or 2)")
            return table
    return None


def _played(game: PbnGame, index: int, table: int) -> PlayedBoard:
    board = game.board
    if board is None:
        raise PbnError(f"game {index}: no [Board] number")
    where = f"game {index} (board {board})"
    try:
        deal = game.deal
        state = game_state(game)
        if state is not None:
            played = PlayedBoard.of_state(board, table, state, alerts=auction_alerts(game))
            if PbnGame._known(game.tag("Contract")) is not None and (
                    game.passed_out != state.is_passed_out or game.contract != state.contract):
                shown = "Pass" if state.is_passed_out else str(state.contract)
                raise PbnError(f"{where}: the Auction ends in {shown}, not {game.tag('Contract')}")
            if game.declarer is not None and game.declarer != state.declarer:
                raise PbnError(f"{where}: the Auction makes {state.declarer.name if state.declarer is not None else 'nobody'} "
                               f"declarer, not {game.declarer.name}")
        else:
            if game.passed_out:
                result = DealResult.passed(deal, board, table)
            else:
                contract, declarer, tricks = game.contract, game.declarer, game.result
                if contract is None:
                    raise PbnError(f"{where}: no Contract (a contract like 4SX, or Pass)")
                if declarer is None:
                    raise PbnError(f"{where}: no Declarer")
                if tricks is None:
                    raise PbnError(f"{where}: no Result (tricks won by declarer)")
                result = DealResult(contract, declarer, tricks, deal, None, board, table)
            played = PlayedBoard(board, table, result, deal)
    except PbnError:
        raise
    except BazasError as exc:
        raise PbnError(f"{where}: {exc}") from None
    if deal is not None and game.dealer is not None and game.dealer != Board(board).dealer:
        raise PbnError(f"{where}: [Dealer \"{game.dealer.name}\"], but board {board} is dealt by "
                       f"{Board(board).dealer.name}")
    names = tuple(" ".join((game.tag(t) or "").split()) for t in ("North", "East", "South", "West"))
    return replace(played, names=(names[0], names[1], names[2], names[3]))


def loads_match(text: str | PbnFile) -> MatchRecord:
    """A match record from PBN text (or a parsed file). The table of each game is its Room
    (Open: 1, Closed: 2) or Table tag; without either, a board's first game is table 1 and its
    second table 2. A board played at the same table twice, a third game of a board, or two
    different deals for one board are errors naming the game."""
    file = loads(text) if isinstance(text, str) else text
    played: dict[tuple[int, int], PlayedBoard] = {}
    deals: dict[int, tuple[Deal, int]] = {}
    info = {"Event": "", "Site": "", "Date": "", "HomeTeam": "", "VisitTeam": ""}
    for index, game in enumerate(file.games, start=1):
        if game.board is None and game.tag("Contract") is None:
            continue  # a header game (e.g. only [Event]) carries no result
        table = _table_of(game, index)
        board = game.board
        if board is None:
            raise PbnError(f"game {index}: no [Board] number")
        if table is None:
            table = 2 if (board, 1) in played else 1
        if (board, table) in played:
            raise PbnError(f"game {index}: board {board} already has a result at table {table} ({ROOMS[table]} room)")
        p = _played(game, index, table)
        if p.deal is not None:
            seen = deals.get(board)
            if seen is not None and seen[0] != p.deal:
                raise PbnError(f"game {index}: board {board} was dealt differently in game {seen[1]}")
            deals.setdefault(board, (p.deal, index))
        played[(board, table)] = p
        for tag in info:
            value = game.tag(tag)
            if value and not info[tag]:
                info[tag] = value
    if not played:
        raise PbnError("no board results in this PBN (expected games with Board, Contract, Declarer and Result)")
    record = MatchRecord(tuple(played[k] for k in sorted(played)), info["Event"], info["Site"], info["Date"],
                         (info["HomeTeam"], info["VisitTeam"]))
    record.session()  # every result must score
    return record


# -- the boards alone (before play) ------------------------------------------------------------------

def dumps_boards(deals: Sequence[Deal], *, event: str = "", site: str = "bazas", date: str | None = None) -> str:
    """The boards of a match before play (board 1, 2, ...) as PBN 2.1 hand records."""
    day = pbn_date() if date is None else date
    return dumps([PbnGame.board_record(i, d, event=event, site=site, date=day, scoring=_SCORING)
                  for i, d in enumerate(deals, start=1)])


def tag_lines(text: str) -> list[dict[str, int]]:
    """For each game of PBN ``text`` (as :func:`~bazas.formats.pbn.loads` splits it: blank lines
    between games), the 1-based line of each of its tags (the first, if repeated).

    >>> tag_lines('% PBN\\n[Board "1"]\\n[Deal "N:..."]\\n\\n[Board "2"]')
    [{'Board': 2, 'Deal': 3}, {'Board': 5}]
    """
    games: list[dict[str, int]] = []
    current: dict[str, int] = {}
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line:
            if current:
                games.append(current)
            current = {}
            continue
        if line.startswith("[") and not raw.startswith(" "):
            name = line[1:].split(None, 1)[0].rstrip("]") if len(line) > 1 else ""
            if name:
                current.setdefault(name, number)
    if current:
        games.append(current)
    return games


def load_boards(text: str | PbnFile, max_boards: int = 32) -> tuple[Deal, ...]:
    """The deals of boards 1..n from PBN (a hand-record file, or a record of played boards: each
    board's deal, however many games show it). Boards must run from 1 without a gap; a board's
    Dealer and Vulnerable, when given, must be the 16-board cycle's (the match plays it so).
    Errors name the game and, given text, the line and the tag at fault."""
    file = loads(text) if isinstance(text, str) else text
    lines = tag_lines(text) if isinstance(text, str) else []

    def where(index: int, tag: str) -> str:
        line = lines[index - 1].get(tag) if len(lines) >= index else None
        head = f"line {line}: " if line is not None else ""
        return f"{head}[{tag}] of game {index}"

    deals: dict[int, tuple[Deal, int]] = {}
    for index, game in enumerate(file.games, start=1):
        try:
            board = game.board
        except BazasError as exc:
            raise PbnError(f"{where(index, 'Board')}: {exc}") from None
        try:
            deal = game.deal
        except BazasError as exc:
            raise PbnError(f"{where(index, 'Deal')}: {exc}") from None
        if board is None or deal is None:
            continue
        b = Board(board)
        try:
            dealer, vul = game.dealer, game.vulnerability
        except BazasError as exc:
            raise PbnError(f"{where(index, 'Dealer')} or [Vulnerable]: {exc}") from None
        if dealer is not None and dealer != b.dealer:
            raise PbnError(f"{where(index, 'Dealer')}: board {board} is dealt by {b.dealer.name}, not {dealer.name}")
        if vul is not None and vul != b.vulnerability:
            raise PbnError(f"{where(index, 'Vulnerable')}: board {board} is played at vulnerability "
                           f"{b.vulnerability.pbn}, not {vul.pbn}")
        seen = deals.get(board)
        if seen is not None and seen[0] != deal:
            raise PbnError(f"{where(index, 'Deal')}: board {board} was dealt differently in game {seen[1]}")
        deals.setdefault(board, (deal, index))
    if not deals:
        raise PbnError("no boards with a Board number and a Deal in this PBN")
    numbers = sorted(deals)
    missing = [n for n in range(1, numbers[-1] + 1) if n not in deals]
    if missing:
        raise PbnError(f"boards run from 1 without a gap; missing: {', '.join(map(str, missing))}")
    if len(numbers) > max_boards:
        raise PbnError(f"a match has at most {max_boards} boards, not {len(numbers)}")
    return tuple(deals[n][0] for n in numbers)
