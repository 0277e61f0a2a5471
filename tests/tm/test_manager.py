"""``bazas tm``: the table manager and our client, over real TCP on loopback (issue 9, "Seats for
outside programs").

Each test runs a manager and its clients in one event loop; our bots are the baseline bots, so a
whole board takes milliseconds. Nothing here measures time: the time control's accounting runs on a
clock of the test's own."""

from __future__ import annotations

import asyncio
import random
import re
from dataclasses import replace
from typing import Any

import pytest

from bazas.engine.deal import Deal, deal_from_seed
from bazas.engine.seats import SEATS, Seat, Side
from bazas.formats.match_records import dumps_match, loads_match
from bazas.tm import protocol as p
from bazas.tm.client import TableClient, bot_chooser
from bazas.tm.manager import (
    BoardPlan,
    SeatKind,
    TableManager,
    TableResult,
    TimeNotice,
    bot_decider,
    compare,
    pair_time,
    program_seconds,
    resumed_results,
)
from tm.minimal_client import MinimalClient

BOARDS = [BoardPlan(n, deal_from_seed(f"tm-test-{n}")) for n in (1, 2)]


def manager(kinds: dict[tuple[int, Seat], SeatKind], tables: int, boards: list[BoardPlan] = BOARDS) -> TableManager:
    return TableManager(boards, ("bazas", "guests"), kinds, bot_decider("baseline"), tables=tables)


def all_programs(tables: int) -> dict[tuple[int, Seat], SeatKind]:
    return {(t, s): "program" for t in range(1, tables + 1) for s in SEATS}


def team_of(table: int, seat: Seat) -> str:
    """Team A ("bazas") sits N/S at table 1 and E/W at table 2."""
    a_here = (seat in (Seat.N, Seat.S)) == (table == 1)
    return "bazas" if a_here else "guests"


def port_of(m: TableManager) -> int:
    assert m.server is not None
    return int(m.server.sockets[0].getsockname()[1])


def test_tm_our_client_against_our_manager_whole_team_match() -> None:
    """Eight of our clients, two tables, the same boards: both tables finish, the IMPs follow."""
    m = manager(all_programs(2), 2)

    async def run() -> tuple[dict[int, list[TableResult]], list[Any]]:
        await m.start()
        clients = [TableClient("127.0.0.1", port_of(m), s, team_of(t, s), bot_chooser("baseline"), seed=t * 4 + s)
                   for t in (1, 2) for s in SEATS]
        try:
            results = asyncio.create_task(m.run())
            reports = await asyncio.wait_for(asyncio.gather(*(c.run(120) for c in clients)), 300)
            return await results, list(reports)
        finally:
            await m.close()

    results, reports = asyncio.run(run())
    assert [r.board for r in results[1]] == [r.board for r in results[2]] == [1, 2]
    for report in reports:
        assert report.errors == []
        assert [b["board"] for b in report.boards] == [1, 2]
    # Each client's record of the board is the manager's.
    for (t, s), report in zip([(t, s) for t in (1, 2) for s in SEATS], reports, strict=True):
        for mine, theirs in zip(report.boards, results[t], strict=True):
            assert mine["actions"] == list(theirs.actions), (t, s)
    match = compare(results)
    assert match.imps_a == sum(b["imps_a"] for b in match.boards)
    assert all(b["difference"] == b["table1_ns"] - b["table2_ns"] for b in match.boards)
    assert m.refused == 0
    # The organiser's record: every board at both rooms, read back as played, the same IMPs.
    record = loads_match(dumps_match(m.record(results, event="test", date="2026.12.06")))
    assert record.complete and record.teams == ("bazas", "guests")
    for t in (1, 2):
        for r in results[t]:
            played = record.at(r.board, t)
            assert played is not None and played.state is not None and played.deal == BOARDS[r.board - 1].deal
            assert tuple(str(a) for a in played.state.actions) == r.actions
            assert played.names == tuple(team_of(t, s) for s in SEATS)
    assert record.comparison()["imps_a"] == match.imps_a
    # every program's thinking time is kept, table by table
    assert {(row["table"], row["seat"]) for row in program_seconds(results)} == {
        (t, s.name) for t in (1, 2) for s in SEATS}


def _sent_to(m: TableManager, table: int, seat: Seat) -> list[str]:
    return [t.line for t in m.transcript if t.table == table and t.seat == seat and t.direction == "tm"]


def test_tm_a_program_sees_only_what_its_seat_may_see_when_it_may() -> None:
    """Own cards at the start; dummy's only after the opening lead, never for dummy itself; no
    other hand ever."""
    kinds: dict[tuple[int, Seat], SeatKind] = {(1, s): "program" for s in SEATS}
    m = manager(kinds, 1)

    async def run() -> None:
        await m.start()
        clients = [TableClient("127.0.0.1", port_of(m), s, team_of(1, s), bot_chooser("baseline"), seed=s)
                   for s in SEATS]
        try:
            await asyncio.wait_for(asyncio.gather(m.run(), *(c.run(120) for c in clients)), 300)
        finally:
            await m.close()

    asyncio.run(run())
    checked = 0
    for seat in SEATS:
        board = -1
        card_seen = False
        for line in _sent_to(m, 1, seat):
            message = p.parse(line)
            if isinstance(message, p.BoardInfo):
                board, card_seen = message.number, False
            elif isinstance(message, p.CardPlayed):
                card_seen = True
            elif isinstance(message, p.Cards):
                deal = BOARDS[board - 1].deal
                if message.seat is not None:
                    assert message.seat == seat and message.hand == deal.hand(seat)
                else:
                    result = m.tables[1].results[board - 1]
                    assert result.declarer is not None
                    dummy = result.declarer.partner
                    assert seat != dummy, "dummy is never sent its own cards as dummy's"
                    assert message.hand == deal.hand(dummy)
                    # The opening leader made the lead itself; every other seat was sent it first.
                    leader = result.declarer.lho
                    assert card_seen or seat == leader
                checked += 1
    assert checked >= 4 * len(BOARDS)


def test_tm_an_independent_minimal_client_plays_whole_boards() -> None:
    """A client written from the protocol's message list alone (tests/tm/minimal_client.py) plays
    East against three of our bots."""
    kinds: dict[tuple[int, Seat], SeatKind] = {(1, s): "program" if s == Seat.E else "bot" for s in SEATS}
    boards = [BoardPlan(n, deal_from_seed(f"tm-minimal-{n}")) for n in (1, 2, 3)]
    m = manager(kinds, 1, boards)

    async def run() -> MinimalClient:
        await m.start()
        client = MinimalClient(port_of(m), "East", "guests")
        try:
            await asyncio.wait_for(asyncio.gather(m.run(), client.run()), 300)
        finally:
            await m.close()
        return client

    client = asyncio.run(run())
    assert client.boards_played == 3 and client.received[-1] == "End of session"
    assert [r.board for r in m.tables[1].results] == [1, 2, 3]
    assert m.refused == 0
    for result in m.tables[1].results:
        assert result.contract is None or len(result.actions) > 52


def test_tm_bad_lines_are_refused_and_the_table_goes_on() -> None:
    """Malformed, wrong-seat, out-of-turn and illegal lines each get ``Error: ...`` and change
    nothing; then four of our clients take the seats over (each is sent the board so far) and the
    board is played to the end."""
    kinds = all_programs(1)
    deal = Deal.from_pbn("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765")
    m = manager(kinds, 1, [BoardPlan(3, deal)])   # board 3: South deals

    async def run() -> list[str]:
        await m.start()
        conns = {s: await asyncio.open_connection("127.0.0.1", port_of(m)) for s in SEATS}
        got: list[str] = []

        async def line(seat: Seat) -> str:
            text = (await asyncio.wait_for(conns[seat][0].readline(), 10)).decode("ascii").strip()
            got.append(text)
            return text

        async def say(seat: Seat, text: str) -> None:
            conns[seat][1].write((text + "\r\n").encode("ascii", "replace"))
            await conns[seat][1].drain()

        async def answer(seat: Seat, text: str) -> str:
            await say(seat, text)
            return await line(seat)

        runner = asyncio.create_task(m.run())
        try:
            n = Seat.N
            assert (await answer(n, "North ready for teams")).startswith("Error: first say")
            assert (await answer(n, 'Connecting "nobody" as North using protocol version 18')).startswith(
                "Error: no seat")
            for s in SEATS:
                word = p.seat_word(s)
                assert await answer(s, f'Connecting "{team_of(1, s)}" as {word} using protocol version 18') \
                    == f'{word} ("{team_of(1, s)}") seated'
            assert (await answer(n, 'Connecting "bazas" as North using protocol version 18')).startswith(
                "Error: already")
            assert (await answer(n, "South ready for teams")).startswith("Error: you are North")
            assert (await answer(n, "caf\u00e9")).startswith("Error: ")
            assert (await answer(n, "this is not the protocol")).startswith("Error: not a message")
            for s in SEATS:
                assert (await answer(s, f"{p.seat_word(s)} ready for teams")).startswith("Teams : N/S")
                await say(s, f"{p.seat_word(s)} ready to start")
            for s in SEATS:   # the board starts once every program is ready
                assert [await line(s) for _ in range(2)][0] == "Start of board"
                assert (await line(s)).startswith(f"{p.seat_word(s)}'s cards")
            assert (await answer(n, "North bids 1S")).startswith("Error: it is South's turn")   # South deals
            assert (await answer(n, "East bids 1S")).startswith("Error: you are North")
            assert (await answer(Seat.S, "South bids 0NT")).startswith("Error: bad bid")
            assert (await answer(Seat.S, "South plays AS")).startswith("Error: no card can be played")
            await say(Seat.S, "South bids 1H")
            assert await line(Seat.W) == "South bids 1H"
            assert (await answer(Seat.W, "West bids 1C")).startswith("Error: ")   # insufficient
            await say(Seat.W, "West passes")
            assert await line(n) == "South bids 1H" and await line(n) == "West passes"
            assert m.tables[1].state is not None and [str(c) for c in m.tables[1].state.auction.calls] == ["1H", "P"]
            for s in SEATS:
                conns[s][1].close()
            await asyncio.sleep(0.05)
            clients = [TableClient("127.0.0.1", port_of(m), s, team_of(1, s), bot_chooser("baseline"), seed=s)
                       for s in SEATS]
            await asyncio.wait_for(asyncio.gather(runner, *(c.run(120) for c in clients)), 300)
        finally:
            runner.cancel()
            await m.close()
        return got

    got = asyncio.run(run())
    assert sum(text.startswith("Error: ") for text in got) == 11 and m.refused >= 11
    (result,) = m.tables[1].results
    assert result.actions[:2] == ("1H", "P") and (result.contract is None or len(result.actions) > 52)
    assert all(text.isascii() for text in got)


def test_tm_a_program_that_disconnects_mid_board_reconnects_to_its_seat() -> None:
    """South leaves after a few of its own actions; a new connection as South gets the board so
    far and finishes the session, and the result is a whole, legal board."""
    kinds: dict[tuple[int, Seat], SeatKind] = {(1, s): "program" if s == Seat.S else "bot" for s in SEATS}
    m = manager(kinds, 1)
    inner = bot_chooser("baseline")
    made = {"n": 0}

    def leaving(view: Any, board: Any) -> Any:
        made["n"] += 1
        if board.number == 1 and made["n"] == 4:
            raise ConnectionAbortedError("South's program crashes")
        return inner(view, board)

    async def run() -> Any:
        await m.start()
        first = TableClient("127.0.0.1", port_of(m), Seat.S, "bazas", leaving)
        runner = asyncio.create_task(m.run())
        try:
            with pytest.raises(ConnectionAbortedError):
                await asyncio.wait_for(first.run(120), 300)
            assert m.tables[1].state is not None and m.tables[1].state.phase != "done"
            before = len(m.tables[1].state.actions)
            second = TableClient("127.0.0.1", port_of(m), Seat.S, "bazas", bot_chooser("baseline"), seed=9)
            report, _ = await asyncio.wait_for(asyncio.gather(second.run(120), runner), 300)
        finally:
            runner.cancel()
            await m.close()
        return before, report

    before, report = asyncio.run(run())
    assert before > 0
    results = m.tables[1].results
    assert [r.board for r in results] == [1, 2]
    assert [b["actions"] for b in report.boards] == [list(r.actions) for r in results]
    rng = random.Random(0)
    assert rng is not None


def test_tm_alerts_go_both_ways() -> None:
    """Our artificial calls go out alerted with their meaning; an outside program's alert reaches
    our bots' table context with its explanation."""
    strong = Deal.from_pbn("N:AKQJ5.AKQ2.AK2.2 84.J85.Q963.Q963 962.963.T74.KT74 T73.T74.J85.AJ85")
    kinds: dict[tuple[int, Seat], SeatKind] = {(1, s): "program" if s == Seat.E else "bot" for s in SEATS}
    seen: list[tuple[tuple[int, str], ...]] = []
    inner = bot_decider("fast", seconds=0.05)

    def watching(state: Any, seat: Seat, plan: BoardPlan, alerts: Any) -> Any:
        seen.append(alerts)
        return inner(state, seat, plan, alerts)

    m = TableManager([BoardPlan(1, strong)], ("bazas", "guests"), kinds, watching, tables=1)
    east = bot_chooser("baseline")

    def alerting(view: Any, board: Any) -> Any:
        action, alert = east(view, board)
        return action, alert or ("a test alert" if len(board.actions) == 1 else None)

    async def run() -> Any:
        await m.start()
        client = TableClient("127.0.0.1", port_of(m), Seat.E, "guests", alerting)
        try:
            results, report = await asyncio.wait_for(asyncio.gather(m.run(), client.run(120)), 300)
        finally:
            await m.close()
        return results, report

    results, report = asyncio.run(run())
    (board,) = report.boards
    assert board["actions"][0] == "2C"
    assert board["alerts"]["0"]   # the meaning of the strong 2C came with it
    sent = _sent_to(m, 1, Seat.E)
    assert any(line.startswith("North bids 2C Alert. ") for line in sent)
    assert m.tables[1].alerts[1] == "a test alert"
    assert any((1, "a test alert") in alerts for alerts in seen)
    # our own bots' alerted calls (North's strong 2C) are read in our system, not as a stranger's
    assert not any(index == 0 for alerts in seen for index, _ in alerts)
    # both alerts reach the session's record as PBN notes at their calls
    (played,) = loads_match(dumps_match(m.record(results, date="2026.12.06"))).played
    noted = dict(played.alerts)
    assert noted[0] == board["alerts"]["0"] and noted[1] == "a test alert"
    assert played.names == ("bazas (bazas bot)", "guests", "bazas (bazas bot)", "guests (bazas bot)")


def test_tm_an_alerted_call_is_not_read_as_natural() -> None:
    """Issue 9: an outside program's alerted call reaches the bots' reading of the auction as
    explained, not as natural: an alerted 2C opening promises no clubs."""
    from bazas.bots.base import TableContext
    from bazas.bots.bidding.api import infer_constraints
    from bazas.engine.auction import Auction
    from bazas.engine.calls import parse_call

    auction = Auction.from_calls(Seat.N, [parse_call("1C")])
    natural = infer_constraints(auction, "sayc", TableContext(ruleset="duplicate"))
    alerted = infer_constraints(auction, "sayc", TableContext(ruleset="duplicate", alerts=((0, "any shape, 11-15"),)))
    assert natural[Seat.N].lengths[0][0] >= 3
    # read as its words say: 11-15 HCP, no clubs promised
    assert alerted[Seat.N].lengths[0] == (0, 13) and alerted[Seat.N].hcp == (11, 15)


def test_tm_an_alerted_call_reads_as_explained_in_the_bidders_picture() -> None:
    """Issue 9, "Alerts both ways": the bidder's own picture of the auction (each call's meaning,
    the suits the opponents showed, what they promised) reads a program's alerted call in the
    program's words, artificial, showing no suit; without the alert the same call is natural."""
    from bazas.bots.base import TableContext
    from bazas.bots.bidding.api import explain
    from bazas.bots.bidding.sayc import SAYC
    from bazas.engine.auction import Auction
    from bazas.engine.calls import parse_call

    calls = (parse_call("2D"),)
    words = "Multi: a weak two in hearts or spades"
    natural = SAYC.situation(Seat.N, calls, TableContext(ruleset="duplicate"))
    alerted = SAYC.situation(Seat.N, calls, TableContext(ruleset="duplicate", alerts=((0, words),)))
    diamonds = 1 << 1
    assert natural.their_suits() & diamonds and not natural.known(Seat.N).is_unconstrained
    assert alerted.their_suits() == 0 and alerted.known(Seat.N).lengths[1] == (0, 13)
    assert alerted.known(Seat.N).one_of == ((1 << 2 | 1 << 3, 6),)   # a six-card major, either
    said = explain(Auction.from_calls(Seat.N, list(calls)), 0, "sayc",
                   TableContext(ruleset="duplicate", alerts=((0, words),)))
    assert (said.en, said.es, said.artificial) == (words, words, True)


def test_tm_a_client_reads_only_the_opponents_alerts_as_strangers() -> None:
    """At a table manager our client hears every alert; its partner's calls are read in our own
    system, the opponents' alerted calls as their explanations say."""
    from bazas.engine.calls import parse_call
    from bazas.engine.cards import Hand
    from bazas.tm.seatview import BoardKnowledge

    board = BoardKnowledge(Seat.E, 1, Seat.N, Hand.from_pbn("AKQ2.K32.Q32.A32"))
    for call, alert in (("2C", "strong, artificial"), ("P", None), ("2D", "waiting"), ("3C", "any 5-5")):
        board = board.with_action(parse_call(call), alert)
    assert board.alerts == ((0, "strong, artificial"), (2, "waiting"), (3, "any 5-5"))
    assert board.opponents_alerts == ((0, "strong, artificial"), (2, "waiting"))


def test_tm_a_session_resumes_from_its_record_without_playing_its_boards_again() -> None:
    """An organiser's session stopped midway goes on from the record it kept: the boards the
    record holds are not played again and keep their results; the others are played, each
    reported as it ends (the record written after every board)."""
    bots: dict[tuple[int, Seat], SeatKind] = {(t, s): "bot" for t in (1, 2) for s in SEATS}
    first = TableManager(BOARDS, ("bazas", "guests"), bots, bot_decider("baseline"), tables=2)
    whole = asyncio.run(first.run())
    record = first.record(whole, date="2026.12.06")
    # the session "stopped" after board 1 at both tables and board 2 at table 1
    kept = replace(record, played=tuple(p for p in record.played if (p.board, p.table) != (2, 2)))
    done = resumed_results(loads_match(dumps_match(kept)), BOARDS, 2)
    assert set(done) == {(1, 1), (2, 1), (1, 2)}
    reported: list[tuple[int, int]] = []
    second = TableManager(BOARDS, ("bazas", "guests"), bots, bot_decider("baseline"), tables=2, done=done,
                          on_board=lambda table, r: reported.append((table, r.board)))
    again = asyncio.run(second.run())
    assert reported == [(2, 2)]
    for table, board in done:
        (r,) = [r for r in again[table] if r.board == board]
        (before,) = [r for r in whole[table] if r.board == board]
        assert (r.actions, r.score_ns, r.contract) == (before.actions, before.score_ns, before.contract)
    assert [r.board for r in again[1]] == [r.board for r in again[2]] == [1, 2]
    assert second.record().complete


def test_tm_a_record_of_another_session_is_refused_naming_the_board() -> None:
    bots: dict[tuple[int, Seat], SeatKind] = {(1, s): "bot" for s in SEATS}
    m = TableManager(BOARDS, ("bazas", "guests"), bots, bot_decider("baseline"), tables=1)
    record = m.record(asyncio.run(m.run()), date="2026.12.06")
    other = [BoardPlan(1, deal_from_seed("tm-other-1")), BOARDS[1]]
    with pytest.raises(ValueError, match="board 1 at table 1 was dealt differently"):
        resumed_results(record, other, 1)
    with pytest.raises(ValueError, match="boards 1-1"):
        resumed_results(record, BOARDS[:1], 1)


# -- the time control (computer championships: "two minutes per pair per deal") -------------------

def _actions_by_pair(result: TableResult) -> dict[str, int]:
    """How many calls and cards each pair chose on a board, counted from its auction and play
    (declarer chooses dummy's cards: the same pair)."""
    state = result.state
    assert state is not None
    count = {"NS": 0, "EW": 0}
    calls = state.auction.calls
    for i in range(len(calls)):
        count[state.dealer.after(i).side.name] += 1
    if state.play is not None:
        for seat, _card in state.play.cards_played():
            count[seat.side.name] += 1
    return count


def test_tm_time_control_counts_each_pairs_thinking_and_tells_who_is_over() -> None:
    """Every action is timed, programs' and bots' alike, on the manager's clock (here one that
    moves ten seconds at each reading, so that each action takes exactly ten): each pair's time
    is ten seconds per call and card it chose, and after each board a pair over its allowance
    (boards timed times the time per board) is named to the operator."""
    readings = iter(range(0, 10**6, 10))
    notices: list[TimeNotice] = []
    kinds: dict[tuple[int, Seat], SeatKind] = {(1, s): "program" if s == Seat.E else "bot" for s in SEATS}
    m = TableManager(BOARDS, ("bazas", "guests"), kinds, bot_decider("baseline"), tables=1,
                     time_per_board=150.0, on_time=notices.append, clock=lambda: float(next(readings)))

    async def run() -> None:
        await m.start()
        try:
            await asyncio.wait_for(asyncio.gather(m.run(), MinimalClient(port_of(m), "East", "guests").run()), 300)
        finally:
            await m.close()

    asyncio.run(run())
    results = m.tables[1].results
    assert [r.board for r in results] == [1, 2]
    expected = {"NS": 0, "EW": 0}
    for r in results:
        counted = _actions_by_pair(r)
        assert set(r.seconds) == {Seat.E} and set(r.bot_seconds) == {Seat.N, Seat.S, Seat.W}
        for pair in ("NS", "EW"):
            assert r.pair_seconds(Side.NS if pair == "NS" else Side.EW) == 10 * counted[pair]
            expected[pair] += 10 * counted[pair]
        # after this board: the pairs over the allowance so far, and by how much
        over_now = {n.side.name: n for n in notices if n.kind == "over" and n.board == r.board}
        for pair, spent in expected.items():
            allowance = 150.0 * r.board
            if spent > allowance:
                assert over_now[pair].seconds == spent and over_now[pair].allowance == allowance
                assert over_now[pair].team == ("bazas" if pair == "NS" else "guests")
            else:
                assert pair not in over_now
    rows = pair_time({1: results}, {1: m.tables[1].teams}, 150.0)
    assert [(r["pair"], r["boards"], r["seconds"], r["allowance"], r["over"]) for r in rows] == [
        (pair, 2, expected[pair], 300.0, max(0.0, expected[pair] - 300.0)) for pair in ("NS", "EW")]
    assert m.notices == notices
    # no time control: the same times, no allowance and nobody told
    assert "allowance" not in pair_time({1: results}, {1: m.tables[1].teams})[0]


class _SlowClient(MinimalClient):
    """The minimal client, thinking ``delay`` seconds before each of its own calls and cards."""

    def __init__(self, port: int, seat: str, team: str, delay: float) -> None:
        super().__init__(port, seat, team)
        self.delay = delay

    async def say(self, line: str) -> None:
        if re.match(r"\w+ (passes|doubles|redoubles|bids|plays) ", line + " "):
            await asyncio.sleep(self.delay)
        await super().say(line)


def test_tm_time_control_tells_the_operator_of_a_program_thinking_a_boards_allowance_on_one_action() -> None:
    """A program that takes longer on one action than a whole board's allowance is named while
    it thinks (a hung program stops its table), and the table goes on when it acts. (The
    manager's wait times out before the client's longer pause ends, on any machine: both are
    timers of one event loop.)"""
    kinds: dict[tuple[int, Seat], SeatKind] = {(1, s): "program" if s == Seat.E else "bot" for s in SEATS}
    m = TableManager(BOARDS[:1], ("bazas", "guests"), kinds, bot_decider("baseline"), tables=1,
                     time_per_board=0.02)
    client = _SlowClient(0, "East", "guests", delay=0.06)

    async def run() -> None:
        await m.start()
        client.port = port_of(m)
        try:
            await asyncio.wait_for(asyncio.gather(m.run(), client.run()), 300)
        finally:
            await m.close()

    asyncio.run(run())
    assert client.boards_played == 1 and m.refused == 0
    slow = [n for n in m.notices if n.kind == "slow"]
    assert slow and all(n.seat == Seat.E and n.team == "guests" and n.board == 1 for n in slow)
    assert all(n.seconds >= 0.02 for n in slow)
    assert "E (guests) has thought" in str(slow[0])
    # and the pair it belongs to ends the board over its allowance
    assert any(n.kind == "over" and n.side == Side.EW for n in m.notices)
    # the director's transcript has every notice, where it happened
    told = [line for line in m.transcript_text().splitlines() if " time! " in line]
    assert len(told) == len(m.notices) and any(re.search(r"table 1\s+E\s+time!\s+table 1 board 1: E", t) for t in told)


def test_tm_time_control_must_be_positive() -> None:
    with pytest.raises(ValueError, match="positive number of seconds"):
        TableManager(BOARDS, ("bazas", "guests"), all_programs(1), bot_decider("baseline"), time_per_board=0)
