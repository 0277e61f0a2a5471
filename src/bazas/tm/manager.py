"""``bazas tm serve``: a table manager of the Blue Chip protocol, for one table or a team match.

Every seat is either an outside program, which connects over TCP and speaks the protocol
(:mod:`bazas.tm.protocol`), or one of our bots, which the manager runs itself. The manager holds
the deal: the rules engine checks every call and card, and each program receives only what its
seat may see, when it may see it (its own cards at the start of a board, the other seats' calls
and cards as they are made, dummy's cards after the opening lead). A team match is two tables
playing the same boards: team A sits N/S at table 1 and E/W at table 2; a program's table follows
from its team and its seat.

A line the manager refuses (malformed, not the sender's seat, out of turn, illegal) is answered
``Error: <why>`` and changes nothing; the table goes on. A program that disconnects keeps its
seat: the table waits, and when it connects again as the same team and seat it is sent the board
so far (its own calls and cards included) and play resumes.

The pace: every seat's thinking time (a program's from its turn to its action, our bots' their
decisions) is kept board by board, and with a time control (``time_per_board``: seconds per pair
per board, averaged over the session, as computer championships set it: "two minutes per pair
per deal") the manager tells the operator, as the session goes, which pair is over its allowance
and which program has thought longer than a whole board's allowance on one action (a program that
hangs stops its table: the operator hears of it). The director settles any penalty.

Messages are pushed as soon as they exist; the clients' ``ready for ...`` lines are accepted (and
checked to name the sender's seat) but not waited for, which every lock-step client tolerates
since it reads the next line after sending its own.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import logging
import math
import random
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, NamedTuple

from bazas.engine.calls import Call
from bazas.engine.cards import Card
from bazas.engine.deal import Board, Deal
from bazas.engine.errors import BazasError
from bazas.engine.rulesets import imps
from bazas.engine.rulesets.duplicate import DUPLICATE
from bazas.engine.seats import SEATS, Seat, Side
from bazas.engine.state import Action, ClaimAction, DealState
from bazas.engine.views import view_of
from bazas.formats.match_records import MatchRecord, PlayedBoard, pbn_date

from . import protocol as p
from .seatfeed import alert_of, board_start, client_action

log = logging.getLogger("bazas.tm")

SeatKind = Literal["program", "bot"]


class TranscriptLine(NamedTuple):
    """A line of the conversation: the table (0 before the client is seated), the seat (None
    before), who sent it (or "time": a time-control notice, for the director), the line, and when
    (seconds since the manager started)."""

    table: int
    seat: Seat | None
    direction: Literal["tm", "client", "time"]
    line: str
    at: float


#: A bot decision: (state, seat to act, the board, the alerts so far) -> the action and its alert.
Alerts = tuple[tuple[int, str], ...]
Decide = Callable[[DealState, Seat, "BoardPlan", Alerts], tuple[Action, str | None]]


@dataclass(frozen=True, slots=True)
class BoardPlan:
    """One board of the session: its number (dealer and vulnerability follow the standard
    cycle) and its cards."""

    number: int
    deal: Deal

    @property
    def board(self) -> Board:
        return Board(self.number)


@dataclass
class TableResult:
    """A finished board at one table: the result, the actions, the whole deal state, the alerted
    calls (index in the auction: explanation), each outside program's thinking time (seconds
    from its turn to its action, summed over the board) and our bots' (their decisions)."""

    board: int
    contract: str | None
    declarer: Seat | None
    tricks: int | None
    score_ns: int
    actions: tuple[str, ...]
    state: DealState | None = None
    alerts: dict[int, str] = field(default_factory=dict)
    seconds: dict[Seat, float] = field(default_factory=dict)
    bot_seconds: dict[Seat, float] = field(default_factory=dict)

    @property
    def timed(self) -> bool:
        """Whether this board was played (and timed) in this session, not resumed from a record."""
        return bool(self.seconds or self.bot_seconds)

    def pair_seconds(self, side: Side) -> float:
        """The thinking time of ``side``'s two seats on this board, programs' and bots'."""
        return sum(t for seat, t in (*self.seconds.items(), *self.bot_seconds.items()) if seat.side is side)

    def to_dict(self) -> dict[str, Any]:
        return {"board": self.board, "contract": self.contract or "pass",
                "declarer": None if self.declarer is None else self.declarer.name,
                "tricks": self.tricks, "score_ns": self.score_ns, "actions": list(self.actions)}


def score_of(state: DealState, board: Board) -> int:
    """The board's duplicate score for N/S (a passed-out board: 0)."""
    contract, declarer, tricks = state.contract, state.declarer, state.declarer_tricks
    if contract is None or declarer is None or tricks is None:
        return 0
    points = DUPLICATE.declarer_score(contract, tricks, board.vulnerability.is_vulnerable(declarer.side))
    return points if declarer.side is Side.NS else -points


@dataclass(frozen=True, slots=True)
class TimeNotice:
    """What the time control tells the operator: a pair over its allowance after a board
    (``kind`` "over": ``seconds`` its time over the boards timed, ``allowance`` theirs), or a
    program thinking longer than a board's allowance on one action ("slow": ``seat``, the
    seconds so far)."""

    kind: Literal["over", "slow"]
    table: int
    side: Side
    team: str
    board: int
    seconds: float
    allowance: float
    seat: Seat | None = None

    def __str__(self) -> str:
        pair = "N/S" if self.side is Side.NS else "E/W"
        if self.kind == "slow":
            assert self.seat is not None
            return (f"table {self.table} board {self.board}: {self.seat.name} ({self.team}) has thought "
                    f"{self.seconds:.0f} s on one action (a board's allowance: {self.allowance:.0f} s)")
        return (f"table {self.table} after board {self.board}: {pair} ({self.team}) {self.seconds:.1f} s, "
                f"{self.seconds - self.allowance:.1f} s over its allowance of {self.allowance:.1f} s")


class Link:
    """A program's seat at a table: its connection (None while away) and what it was sent of
    the current board, for a reconnection."""

    def __init__(self, table: TableRun, seat: Seat, team: str) -> None:
        self.table = table
        self.seat = seat
        self.team = team
        self.writer: asyncio.StreamWriter | None = None
        self.board_lines: list[tuple[str, bool]] = []   # (line, the seat's own action)
        self.ready_to_start = asyncio.Event()
        self.connected = asyncio.Event()

    def send(self, message: p.Message | str, *, own: bool = False, record: bool = True) -> None:
        line = str(message)
        if record:
            self.board_lines.append((line, own))
        if own:
            return
        self.write(line)

    def write(self, line: str) -> None:
        if self.writer is None or self.writer.is_closing():
            return
        self.table.manager.note(self.table.number, self.seat, "tm", line)
        p.send_line(self.writer, line)


class TableRun:
    """One table of the session: its seats, its boards in order, its results."""

    def __init__(self, manager: TableManager, number: int, teams: tuple[str, str],
                 kinds: Mapping[Seat, SeatKind]) -> None:
        self.manager = manager
        self.number = number
        self.teams = teams                      # (N/S team, E/W team)
        self.kinds = dict(kinds)
        self.links = {s: Link(self, s, teams[s.side]) for s in SEATS if kinds[s] == "program"}
        self.state: DealState | None = None
        self.plan: BoardPlan | None = None
        self.alerts: dict[int, str] = {}
        self.results: list[TableResult] = []
        self.changed = asyncio.Event()

    # -- the session -------------------------------------------------------------------------
    async def run(self) -> list[TableResult]:
        await asyncio.gather(*(link.ready_to_start.wait() for link in self.links.values()))
        for plan in self.manager.boards:
            done = self.manager.done.get((self.number, plan.number))
            if done is not None:   # resumed: played before the restart
                self.results.append(done)
                self.manager.board_done(self.number, plan.number)
                continue
            await self.play_board(plan)
        for link in self.links.values():
            link.send(p.EndOfSession(), record=False)
        return self.results

    async def play_board(self, plan: BoardPlan) -> None:
        board = plan.board
        self.plan = plan
        self.state = DealState.start(plan.deal, board.dealer)
        self.alerts = {}
        for link in self.links.values():
            link.board_lines = []
            for message in self._board_start(link.seat):
                link.send(message)
        clock = self.manager.clock
        seconds = {seat: 0.0 for seat in self.links}
        bot_seconds = {seat: 0.0 for seat in SEATS if seat not in self.links}
        while self.state.phase != "done":
            actor = self.state.actor
            assert actor is not None
            began = clock()
            if self.kinds[actor] == "bot":
                action, alert = await self.manager.decide(self.state, actor, plan, self.program_alerts())
                bot_seconds[actor] += clock() - began
                self.apply(actor, action, alert)
            else:
                self.changed.clear()
                await self._wait_for(actor, plan.number, began)
                seconds[actor] += clock() - began
        self.results.append(TableResult(
            plan.number, None if self.state.contract is None else str(self.state.contract), self.state.declarer,
            self.state.declarer_tricks, score_of(self.state, board), tuple(str(a) for a in self.state.actions),
            self.state, dict(self.alerts), seconds, bot_seconds))
        self._check_time(plan.number)
        self.manager.board_done(self.number, plan.number)
        if self.manager.on_board is not None:
            self.manager.on_board(self.number, self.results[-1])

    async def _wait_for(self, seat: Seat, board: int, began: float) -> None:
        """Wait for ``seat``'s program to act; under a time control, tell the operator each time
        it has thought a further board's allowance on this one action."""
        limit = self.manager.time_per_board
        if limit is None:
            await self.changed.wait()
            return
        while True:
            try:
                await asyncio.wait_for(self.changed.wait(), limit)
                return
            except TimeoutError:
                self.manager.tell(TimeNotice("slow", self.number, seat.side, self.teams[seat.side], board,
                                             self.manager.clock() - began, limit, seat))

    def _check_time(self, board: int) -> None:
        """After a board, under a time control: each pair over its allowance for the boards
        timed so far at this table."""
        limit = self.manager.time_per_board
        if limit is None:
            return
        for row in pair_time({self.number: self.results}, {self.number: self.teams}, limit):
            if row["over"] > 0:
                self.manager.tell(TimeNotice("over", self.number, Side[row["pair"]], row["team"], board,
                                             row["seconds"], row["allowance"]))

    def program_alerts(self) -> Alerts:
        """The calls the outside programs alerted, with their explanations: what our bots read
        as explained and never as natural (our own bots' alerts are their system's calls)."""
        assert self.plan is not None
        dealer = self.plan.board.dealer
        return tuple(sorted((i, text) for i, text in self.alerts.items() if dealer.after(i) in self.links))

    def _board_start(self, seat: Seat) -> list[p.Message]:
        assert self.plan is not None
        board = self.plan.board
        return board_start(board.number, board.dealer, board.vulnerability, seat, self.plan.deal.hand(seat))

    # -- actions -----------------------------------------------------------------------------
    def apply(self, sender: Seat, action: Action, alert: str | None = None) -> None:
        """``sender`` (who must be the actor) makes ``action``; relay it to the other programs.
        Raises ``BazasError``/``ValueError`` naming the rule when it is illegal."""
        state = self.state
        if state is None or state.phase == "done":
            raise p.ProtocolError("no board is in play")
        if isinstance(action, ClaimAction):
            raise p.ProtocolError("claims are not part of the protocol")
        if state.actor != sender:
            whose = "nobody's" if state.actor is None else f"{p.seat_word(state.actor)}'s"
            raise p.ProtocolError(f"it is {whose} turn, not {p.seat_word(sender)}'s")
        turn = state.turn
        assert turn is not None
        state.check(action, sender)
        first_card = isinstance(action, Card) and state.play is not None and not state.play.cards_played()
        self.state = state.apply(action, sender).after
        if isinstance(action, Card):
            message: p.Message = p.CardPlayed(turn, action)
        else:
            assert isinstance(action, Call)
            message = p.CallMade(turn, action, alert)
            if alert:
                self.alerts[len(state.actions)] = alert
        for link in self.links.values():
            link.send(message, own=link.seat == sender)
        if first_card and self.state.play is not None:
            dummy = self.state.play.dummy
            shown = p.Cards(None, self.state.deal.hand(dummy))
            for link in self.links.values():
                if link.seat != dummy:
                    link.send(shown)
        self.changed.set()

    # -- a program's lines -------------------------------------------------------------------
    def receive(self, link: Link, message: p.Message) -> None:
        if isinstance(message, p.Ready):
            if message.seat != link.seat:
                raise p.ProtocolError(f"you are {p.seat_word(link.seat)}, not {p.seat_word(message.seat)}")
            if message.what == "teams":
                link.write(str(p.Teams(*self.teams)))
            elif message.what == "start":
                if link.ready_to_start.is_set() and self.state is not None and self.state.phase != "done":
                    self.resend_board(link)
                link.ready_to_start.set()
            return
        state = self.state
        action, alert = client_action(message, link.seat, None if state is None else state.phase,
                                      None if state is None else state.turn)
        self.apply(link.seat, action, alert)

    def resend_board(self, link: Link) -> None:
        """A reconnected program: the board so far, its own actions included."""
        for line, _own in link.board_lines:
            link.write(line)


class TableManager:
    """The manager of one table (``tables=1``) or of a two-table team match (``tables=2``).

    ``kinds[(table, seat)]`` says who plays each seat; ``teams`` are team A's and team B's names
    (team A sits N/S at table 1). ``time_per_board``: the time control, seconds per pair per
    board (None: none), whose notices go to ``on_time`` and stay in ``notices``; ``clock``: the
    seconds thinking is timed by. ``decide`` makes our bots' decisions (it runs in one worker
    thread: the double-dummy solver is not thread-safe). ``done``: the results of a session
    resumed, by (table, board), which are not played again; ``on_board(table, result)`` is
    called after each board played (to keep the record on disk as the session goes).
    """

    def __init__(self, boards: Sequence[BoardPlan], teams: tuple[str, str], kinds: Mapping[tuple[int, Seat], SeatKind],
                 decide: Decide, tables: int = 1, done: Mapping[tuple[int, int], TableResult] | None = None,
                 on_board: Callable[[int, TableResult], None] | None = None,
                 time_per_board: float | None = None, on_time: Callable[[TimeNotice], None] | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        if tables not in (1, 2):
            raise ValueError("a session has one table or two (a team match)")
        if not boards:
            raise ValueError("a session needs at least one board")
        self.boards = list(boards)
        self.team_names = teams
        self._decide = decide
        self._executor = concurrent.futures.ThreadPoolExecutor(max_workers=1, thread_name_prefix="bazas-tm-bot")
        self.tables = {1: TableRun(self, 1, (teams[0], teams[1]), {s: kinds[(1, s)] for s in SEATS})}
        if tables == 2:
            self.tables[2] = TableRun(self, 2, (teams[1], teams[0]), {s: kinds[(2, s)] for s in SEATS})
        self.transcript: list[TranscriptLine] = []
        self._started = time.monotonic()
        self.finished: dict[int, set[int]] = {}
        self.done = dict(done or {})
        self.on_board = on_board
        self.results: dict[int, list[TableResult]] = {n: t.results for n, t in self.tables.items()}
        self.server: asyncio.base_events.Server | None = None
        self.refused = 0
        if time_per_board is not None and not time_per_board > 0:
            raise ValueError("the time per board must be a positive number of seconds")
        self.time_per_board = time_per_board
        self.on_time = on_time
        self.clock = clock
        self.notices: list[TimeNotice] = []

    # -- network -----------------------------------------------------------------------------
    async def start(self, host: str = "127.0.0.1", port: int = 0) -> int:
        self.server = await asyncio.start_server(self._connection, host, port, limit=p.LINE_LIMIT)
        sock = self.server.sockets[0]
        return int(sock.getsockname()[1])

    async def run(self) -> dict[int, list[TableResult]]:
        """Play every table's boards (waiting for the programs to connect) and return the results."""
        results = await asyncio.gather(*(t.run() for t in self.tables.values()))
        await asyncio.sleep(0.05)   # let the last lines leave
        return {n: r for n, r in zip(self.tables, results, strict=True)}

    async def close(self) -> None:
        if self.server is not None:
            self.server.close()
            with contextlib.suppress(Exception):
                await self.server.wait_closed()
        for table in self.tables.values():
            for link in table.links.values():
                if link.writer is not None:
                    link.writer.close()
        self._executor.shutdown(wait=False, cancel_futures=True)

    def note(self, table: int, seat: Seat | None, direction: Literal["tm", "client", "time"], line: str) -> None:
        """Keep a line of the conversation for the transcript."""
        self.transcript.append(TranscriptLine(table, seat, direction, line, time.monotonic() - self._started))

    def transcript_text(self) -> str:
        """The whole conversation, a line each: seconds since the manager started, the table
        (0 before a client is seated), the seat, who spoke (``tm>`` the manager, ``<client``
        the program; ``time!`` a time-control notice) and the line as sent: what a director
        reads to settle a dispute."""
        out = []
        for t in self.transcript:
            who = {"tm": "tm>", "client": "<client", "time": "time!"}[t.direction]
            out.append(f"{t.at:10.3f}  table {t.table}  {'-' if t.seat is None else t.seat.name}  {who:<7}  {t.line}")
        return "\n".join(out) + ("\n" if out else "")

    def record(self, results: Mapping[int, Sequence[TableResult]] | None = None, *, event: str = "",
               site: str = "bazas", date: str | None = None) -> MatchRecord:
        """The session as a match record (PBN: :func:`bazas.formats.match_records.dumps_match`):
        every finished board at each table with its auction, alerts as notes, play and result,
        each seat named by its team (and ``bazas bot`` where our bot sat)."""
        results = self.results if results is None else results
        played = []
        for number, table in self.tables.items():
            names = [table.teams[s.side] + ("" if table.kinds[s] == "program" else " (bazas bot)") for s in SEATS]
            for r in results.get(number, ()):
                if r.state is not None:
                    played.append(PlayedBoard.of_state(r.board, number, r.state, names, r.alerts))
        return MatchRecord(tuple(sorted(played, key=lambda x: (x.board, x.table))), event, site,
                           pbn_date() if date is None else date, self.team_names)

    def link_for(self, team: str, seat: Seat) -> Link:
        for table in self.tables.values():
            if table.teams[seat.side] == team and seat in table.links:
                return table.links[seat]
        raise p.ProtocolError(f'no seat for "{team}" as {p.seat_word(seat)} here '
                              f"(teams: {', '.join(repr(t) for t in self.team_names)})")

    async def _connection(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        link: Link | None = None

        def refused(_why: str) -> None:
            self.refused += 1

        try:
            async for line in p.read_lines(reader, writer, refused):
                table_no = link.table.number if link else 0
                self.note(table_no, link.seat if link else None, "client", line)
                try:
                    message = p.parse(line)
                    if link is None:
                        link = self._seat(message, writer)
                        continue
                    if isinstance(message, p.Connect):
                        raise p.ProtocolError("already connected")
                    link.table.receive(link, message)
                except (BazasError, ValueError) as exc:
                    self.refused += 1
                    log.info("refused %r: %s", line, exc)
                    p.send_line(writer, str(p.Error(str(exc))))
                await writer.drain()
        except (ConnectionError, asyncio.IncompleteReadError):
            pass
        finally:
            if link is not None and link.writer is writer:
                link.writer = None
                link.connected.clear()
            writer.close()

    def _seat(self, message: p.Message, writer: asyncio.StreamWriter) -> Link:
        if not isinstance(message, p.Connect):
            raise p.ProtocolError('first say: Connecting "<team>" as <seat> using protocol version 18')
        link = self.link_for(message.team, message.seat)
        if link.writer is not None and not link.writer.is_closing():
            raise p.ProtocolError(f"{p.seat_word(message.seat)} of {message.team!r} is already connected")
        link.writer = writer
        link.connected.set()
        link.write(str(p.Seated(message.seat, message.team)))
        return link

    # -- bots --------------------------------------------------------------------------------
    async def decide(self, state: DealState, seat: Seat, plan: BoardPlan, alerts: Alerts) -> tuple[Action, str | None]:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._executor, self._decide, state, seat, plan, alerts)

    def tell(self, notice: TimeNotice) -> None:
        """A time-control notice for the operator (and the director, in ``notices``)."""
        self.notices.append(notice)
        self.note(notice.table, notice.seat, "time", str(notice))
        if self.on_time is not None:
            self.on_time(notice)
        else:
            log.warning("%s", notice)

    def board_done(self, table: int, board: int) -> None:
        self.finished.setdefault(board, set()).add(table)


@dataclass
class MatchReport:
    """The comparison of a team match (or one table's scores)."""

    boards: list[dict[str, Any]] = field(default_factory=list)
    imps_a: int = 0

    @property
    def winner(self) -> str:
        return "A" if self.imps_a > 0 else "B" if self.imps_a < 0 else "tie"

    def per_board(self) -> tuple[float, float, float] | None:
        """Team A's IMPs per board compared at both tables, with its 95% interval (normal
        approximation; None before any board is compared).

        >>> r = MatchReport([{"imps_a": 3}, {"imps_a": -1}, {"imps_a": 1}, {"imps_a": 5}], 8)
        >>> [round(x, 2) for x in r.per_board()]
        [2.0, -0.53, 4.53]
        """
        values = [b["imps_a"] for b in self.boards if "imps_a" in b]
        if not values:
            return None
        mean = sum(values) / len(values)
        if len(values) < 2:
            return mean, float("-inf"), float("inf")
        sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (len(values) - 1))
        half = 1.96 * sd / math.sqrt(len(values))
        return mean, mean - half, mean + half


def compare(results: Mapping[int, list[TableResult]]) -> MatchReport:
    """Board by board: each table's N/S score, team A's difference (table 1 - table 2) and IMPs."""
    report = MatchReport()
    first = {r.board: r for r in results.get(1, [])}
    second = {r.board: r for r in results.get(2, [])}
    for number in sorted(first):
        one = first[number]
        row: dict[str, Any] = {"board": number, "table1": one.to_dict(), "table1_ns": one.score_ns}
        if number in second:
            two = second[number]
            difference = one.score_ns - two.score_ns
            row |= {"table2": two.to_dict(), "table2_ns": two.score_ns, "difference": difference,
                    "imps_a": imps(difference)}
            report.imps_a += row["imps_a"]
        report.boards.append(row)
    return report


def resumed_results(record: MatchRecord, boards: Sequence[BoardPlan], tables: int
                    ) -> dict[tuple[int, int], TableResult]:
    """The boards of a session's record (``--record``) that a restarted session does not play
    again, by (table, board). The record must be of this session: each board's deal the deal
    here, its auction and play recorded (as the manager writes them), its table one of the
    session's; anything else is a :class:`ValueError` naming the board."""
    plans = {b.number: b for b in boards}
    out: dict[tuple[int, int], TableResult] = {}
    for played in record.played:
        where = f"board {played.board} at table {played.table}"
        plan = plans.get(played.board)
        if plan is None:
            raise ValueError(f"the record has {where}, but this session has boards 1-{len(boards)}")
        if played.table > tables:
            raise ValueError(f"the record has {where}, but this session has {tables} table(s)")
        if played.deal is not None and played.deal != plan.deal:
            raise ValueError(f"the record's {where} was dealt differently from board {played.board} here "
                             "(resume with the same --deals or --seed)")
        state = played.state
        if state is None:
            raise ValueError(f"the record's {where} has no auction and play to resume from")
        out[(played.table, played.board)] = TableResult(
            played.board, None if state.contract is None else str(state.contract), state.declarer,
            state.declarer_tricks, score_of(state, plan.board), tuple(str(a) for a in state.actions), state,
            dict(played.alerts), {})
    return out


def program_seconds(results: Mapping[int, Sequence[TableResult]]) -> list[dict[str, Any]]:
    """Each outside program's thinking time over the session, table by table: its seat, the
    seconds in all and per board played.

    >>> r = TableResult(1, "4S", Seat.N, 10, 420, (), seconds={Seat.E: 3.0})
    >>> program_seconds({1: [r, TableResult(2, None, None, None, 0, (), seconds={Seat.E: 5.0})]})
    [{'table': 1, 'seat': 'E', 'seconds': 8.0, 'per_board': 4.0}]
    """
    out = []
    for table in sorted(results):
        rows = results[table]
        for seat in SEATS:
            spent = [r.seconds[seat] for r in rows if seat in r.seconds]
            if spent:
                out.append({"table": table, "seat": seat.name, "seconds": round(sum(spent), 3),
                            "per_board": round(sum(spent) / len(spent), 3)})
    return out


def pair_time(results: Mapping[int, Sequence[TableResult]], teams: Mapping[int, tuple[str, str]],
              time_per_board: float | None = None) -> list[dict[str, Any]]:
    """Each pair's thinking time over the boards timed in this session, table by table (boards
    resumed from a record have none): seconds in all and per board, and under a time control the
    allowance (boards times ``time_per_board``) and the seconds over it (0 when within).

    >>> r1 = TableResult(1, "4S", Seat.N, 10, 420, (), seconds={Seat.N: 50.0, Seat.S: 30.0},
    ...                  bot_seconds={Seat.E: 2.0, Seat.W: 1.0})
    >>> r2 = TableResult(2, "3NT", Seat.E, 9, -400, (), seconds={Seat.N: 100.0, Seat.S: 80.0},
    ...                  bot_seconds={Seat.E: 3.0, Seat.W: 2.0})
    >>> [(row["pair"], row["seconds"], row["per_board"], row["over"]) for row in pair_time({1: [r1, r2]}, {1: ("A", "B")}, 120)]
    [('NS', 260.0, 130.0, 20.0), ('EW', 8.0, 4.0, 0.0)]
    """
    out = []
    for table in sorted(results):
        timed = [r for r in results[table] if r.timed]
        for side, name in ((Side.NS, "NS"), (Side.EW, "EW")):
            spent = sum(r.pair_seconds(side) for r in timed)
            row: dict[str, Any] = {"table": table, "pair": name, "team": teams[table][side], "boards": len(timed),
                                   "seconds": round(spent, 3),
                                   "per_board": round(spent / len(timed), 3) if timed else 0.0}
            if time_per_board is not None:
                allowance = time_per_board * len(timed)
                row |= {"allowance": round(allowance, 3), "over": round(max(0.0, spent - allowance), 3)}
            out.append(row)
    return out


def bot_decider(strength: str = "fast", seconds: float = 0.3, seed: int = 0,
                computer_seats: str = "NESW") -> Decide:
    """Our bots' decisions at the manager (one computer player, reused)."""
    from bazas.bots.base import Budget, TableContext
    from bazas.bots.player import bot_for

    bot = bot_for("duplicate", strength)
    rng = random.Random(seed)

    def decide(state: DealState, seat: Seat, plan: BoardPlan, alerts: Alerts) -> tuple[Action, str | None]:
        board = plan.board
        context = TableContext.at("duplicate", board.vulnerability, deal_number=board.number,
                                  computer_seats=computer_seats, alerts=alerts)
        decision = bot.choose(view_of(state, seat), context, random.Random(rng.getrandbits(64)), Budget(seconds))
        action = decision.action
        if isinstance(action, ClaimAction):   # the protocol has no claims: play the cards out
            legal = [a for a in state.legal_actions() if isinstance(a, Card)]
            action = legal[0]
        return action, alert_text(decision.explanation)

    return decide


def alert_text(explanation: Any) -> str | None:
    """The alert that goes with a bot's call: its meaning when the call is artificial."""
    if explanation is None:
        return None
    return alert_of({"en": getattr(explanation, "en", ""), "artificial": getattr(explanation, "artificial", False)})
