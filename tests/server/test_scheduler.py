"""The scheduling of bots and analysis (bazas.server.scheduler), in process: which seat the server
must act for and when, each decision started once per table version, the worker pool shared
fairly between tables, decisions coming back as table commands (issue 7, point 2c)."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from bazas.engine.calls import parse_call
from bazas.engine.deal import Deal, deal_from_seed
from bazas.engine.seats import Seat
from bazas.engine.state import DealState, Event
from bazas.engine.table import (
    Act,
    Claim,
    ClaimReply,
    Command,
    DealCards,
    Next,
    PendingClaim,
    PendingUndo,
    Player,
    Table,
    Undo,
    UndoReply,
)
from bazas.server.scheduler import (
    FairSlots,
    Move,
    Planner,
    Scheduler,
    WorkerPool,
    as_command,
    fallback_command,
)
from bazas.server.settings import Settings

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W
NONE: frozenset[Seat] = frozenset()


def players(kinds: str) -> list[Player]:
    """Per seat N E S W: b bot, h a person."""
    return [Player.bot() if k == "b" else Player.human(f"P{i}") for i, k in enumerate(kinds)]


def dealt(kinds: str, dealer: Seat = N) -> Table:
    t, _ = Table.create("rubber", players(kinds), dealer).handle(DealCards(deal_from_seed(1)))
    return t


def act(t: Table, *calls: str) -> Table:
    for text in calls:
        assert t.actor is not None
        t, _ = t.handle(Act(t.actor, parse_call(text)))
    return t


# -- the planner --------------------------------------------------------------------------------
def test_a_bot_acts_once_per_version_and_never_for_a_person() -> None:
    p = Planner()
    t = dealt("bhhh")
    assert p.moves(t, NONE) == [Move("turn", N, 1)]
    assert p.moves(t, NONE) == [], "already started at this version"
    t = act(t, "P")
    assert t.actor == E and p.moves(t, NONE) == [], "E is a person's seat"


def test_a_substitute_plays_the_absent_persons_turn() -> None:
    p = Planner()
    t = act(dealt("bhhh"), "P")
    assert p.moves(t, frozenset({E})) == [Move("turn", E, 2)]
    # The person comes back before the decision is used; should they leave again, it is made afresh.
    p.seat_back(E, t.actor)
    assert p.moves(t, frozenset({E})) == [Move("turn", E, 2)]
    # A decision that came back for a seat no longer the server's is dropped, and made again later.
    p.dropped(Move("turn", E, 2))
    assert p.moves(t, frozenset({E})) == [Move("turn", E, 2)]


def test_a_substitute_answers_claims_and_undo_requests_and_moves_on() -> None:
    p = Planner()
    t = act(dealt("hhhh"), "1S", "P", "P", "P")  # N declares; E leads
    assert t.status == "play" and t.actor == E
    t, _ = t.handle(Claim(E, 0))
    assert t.pending_claim is not None and t.pending_claim.needed == {N} and t.actor is None  # S is dummy
    assert p.moves(t, frozenset({N, W})) == [Move("claim_reply", N, t.version)], "W is not asked (E's partner)"
    assert p.moves(t, frozenset({N, W})) == []
    t, _ = t.handle(ClaimReply(E, False))  # withdrawn
    t, _ = t.handle(Undo(N))  # N takes back its opening bid... and everything after it
    assert t.pending_undo is not None and t.pending_undo.needed == {E, W}
    assert p.moves(t, frozenset({W})) == [Move("undo_reply", W, t.version)]
    t, _ = t.handle(UndoReply(W, True))
    t, _ = t.handle(UndoReply(E, True))
    assert t.status == "auction" and t.actor == N
    t = act(t, "P", "P", "P", "P")  # passed out
    assert t.status == "review"
    assert p.moves(t, frozenset({S, W})) == [Move("next", S, t.version), Move("next", W, t.version)]
    t, _ = t.handle(Next(S))
    assert p.moves(t, frozenset({S, W})) == [Move("next", W, t.version)], "S is ready already"


def test_a_table_of_bots_moves_on_by_itself_after_review() -> None:
    p = Planner()
    t = act(dealt("bbbb"), "P", "P", "P", "P")
    assert t.status == "review" and t.bots_only
    assert p.moves(t, NONE) == [Move("auto_next", None, t.version)]
    assert p.moves(t, NONE) == []
    people = act(dealt("bbbh"), "P", "P", "P")
    people = act(people, "P")
    assert people.status == "review" and Planner().moves(people, NONE) == [], "people press next themselves"


def test_a_refused_claim_stops_the_bots_claiming_for_the_rest_of_the_deal() -> None:
    p = Planner()
    assert p.claims_allowed(3)
    p.note([Event("claim_rejected", {"seat": "E"})], 3)
    assert not p.claims_allowed(3) and p.claims_allowed(4)


@dataclass
class ToyTable:
    """Not the engine's table: a seat-less game in which one bot must act (the planner only
    reads the facts a table exposes)."""

    version: int = 7
    number: int = 1
    players: tuple[Player, ...] = field(default_factory=lambda: tuple(players("hbhh")))
    actor: Seat | None = E
    status: str = "play"
    humans: frozenset[Seat] = frozenset({N, S, W})
    ready: frozenset[Seat] = frozenset()
    bots_only: bool = False
    pending_claim: PendingClaim | None = None
    pending_undo: PendingUndo | None = None
    current: DealState | None = None


def test_the_planner_reads_any_table_with_the_same_facts() -> None:
    assert Planner().moves(ToyTable(), NONE) == [Move("turn", E, 7)]
    assert Planner().moves(ToyTable(actor=N), frozenset({N})) == [Move("turn", N, 7)]


# -- fair slots ---------------------------------------------------------------------------------
def test_waiting_tables_share_the_workers_round_robin() -> None:
    async def scenario() -> list[str]:
        slots = FairSlots(1)
        order: list[str] = []
        release = asyncio.Event()

        async def job(key: str, name: str) -> None:
            async with slots.hold(key):
                order.append(name)
                if name == "busy":
                    await release.wait()

        first = asyncio.create_task(job("x", "busy"))
        await asyncio.sleep(0)
        tasks = [asyncio.create_task(job(k, n)) for k, n in (("a", "a1"), ("a", "a2"), ("a", "a3"), ("b", "b1"),
                                                             ("c", "c1"), ("b", "b2"))]
        for _ in range(3):
            await asyncio.sleep(0)
        assert slots.waiting == 6 and order == ["busy"]
        release.set()
        await asyncio.gather(first, *tasks)
        assert slots.running == 0 and slots.waiting == 0
        return order

    assert asyncio.run(scenario()) == ["busy", "a1", "b1", "c1", "a2", "b2", "a3"]


def test_a_cancelled_waiter_does_not_keep_a_worker() -> None:
    async def scenario() -> None:
        slots = FairSlots(1)
        await slots.acquire("a")
        waiter = asyncio.create_task(slots.acquire("b"))
        other = asyncio.create_task(slots.acquire("c"))
        await asyncio.sleep(0)
        waiter.cancel()
        slots.release()  # the slot goes past the cancelled waiter to the next one
        await other
        assert slots.running == 1
        with pytest.raises(asyncio.CancelledError):
            await waiter
        slots.release()
        assert slots.running == 0 and slots.waiting == 0

    asyncio.run(scenario())


# -- one table's jobs -----------------------------------------------------------------------------
class Inbox:
    """The table's inbox, as the actor keeps it: jobs run in order when asked."""

    def __init__(self) -> None:
        self.jobs: list[Callable[[], Awaitable[None]]] = []
        self.delivered: list[tuple[Move, Command]] = []

    def submit(self, job: Callable[[], Awaitable[None]]) -> None:
        self.jobs.append(job)

    async def deliver(self, move: Move, command: Command) -> None:
        self.delivered.append((move, command))

    async def drain(self) -> None:
        while self.jobs:
            await self.jobs.pop(0)()


def scheduler(tmp_path: Path, inbox: Inbox, **settings: object) -> Scheduler:
    config = Settings(data_dir=tmp_path, bots="scripted", auto_next_delay=0, **settings)  # type: ignore[arg-type]
    return Scheduler("t1", WorkerPool(config), config, 1.0, inbox.submit)


def test_scripted_bots_decide_at_once_as_table_commands(tmp_path: Path) -> None:
    async def scenario() -> None:
        inbox = Inbox()
        s = scheduler(tmp_path, inbox)
        t = dealt("bhhh", dealer=N)
        moves = s.planner.moves(t, NONE)
        s.start(moves, t, lambda: pytest.fail("scripted bots need no context"), inbox.deliver)
        await inbox.drain()
        ((move, command),) = inbox.delivered
        assert move == Move("turn", N, 1)
        assert command == Act(N, parse_call("1NT"), expect=1), "stale once the table has moved on"
        assert not s.busy

    asyncio.run(scenario())


def test_a_substitutes_answers_and_the_move_on_come_back_through_the_inbox(tmp_path: Path) -> None:
    async def scenario() -> None:
        inbox = Inbox()
        s = scheduler(tmp_path, inbox)
        t = act(dealt("hhhh"), "P", "P", "P", "P")
        s.start([Move("next", S, t.version), Move("undo_reply", W, t.version)], t, dict, inbox.deliver)
        bots = act(dealt("bbbb"), "P", "P", "P", "P")
        s.start(Planner().moves(bots, NONE), bots, dict, inbox.deliver)
        for _ in range(3):
            await asyncio.sleep(0)
        await inbox.drain()
        assert [c for _, c in inbox.delivered] == [Next(S), UndoReply(W, True), Next(None)]

    asyncio.run(scenario())


def test_bot_decisions_become_commands_and_refused_ones_fall_back() -> None:
    from bazas.engine.state import ClaimAction

    assert as_command(E, ClaimAction(E, 3), 9) == Claim(E, 3, True), "a bot claims only what the engine verified"
    assert as_command(E, parse_call("2C"), 9) == Act(E, parse_call("2C"), expect=9)
    state = DealState.start(Deal.from_pbn("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"), N)
    assert fallback_command(state, N, 4) == Act(N, parse_call("P"), expect=4)


def test_deadlines_follow_the_settings(tmp_path: Path) -> None:
    inbox = Inbox()
    s = scheduler(tmp_path, inbox, bot_deadline_factor=3.0, bot_deadline_grace=1.5)
    assert s.deadline == 1.0 * 3.0 + 1.5
