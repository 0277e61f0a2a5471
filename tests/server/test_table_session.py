"""The table session (bazas.server.table_session), in process: commands in, the next table, its
events and what to store out; the deals a seeded table draws; the claims the worker pool must
verify; the bots' context; client messages as commands (issue 7, point 2a)."""

from __future__ import annotations

import random

import pytest

from bazas.bots.base import TableContext
from bazas.engine.calls import parse_call
from bazas.engine.errors import InvalidClaim, InvalidNotation, WrongTurn
from bazas.engine.seats import Seat
from bazas.engine.state import parse_action
from bazas.engine.table import (
    Act,
    Claim,
    ClaimReply,
    Join,
    Next,
    Player,
    Table,
    Undo,
    UndoReply,
    command_from_dict,
)
from bazas.formats.pbn import dumps as pbn_dumps
from bazas.formats.pbn import loads as pbn_loads
from bazas.formats.records import dump_scored_deal
from bazas.server.protocol import CLIENT_MESSAGE
from bazas.server.table_session import Step, TableSession, command_of, context_of
from bazas.storage import EventRecord

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W


def players(kinds: str) -> list[Player]:
    """Per seat N E S W: b bot, h a person who joined, o a seat nobody took yet."""
    return [Player.bot() if k == "b" else Player.human(f"P{i}" if k == "h" else None) for i, k in enumerate(kinds)]


def session(kinds: str = "bbhb", seed: object = 5) -> TableSession:
    s = TableSession("t1", Table.create("rubber", players(kinds)), seed=seed)
    step = s.propose(None)
    assert step is not None
    s.adopt(step)
    return s


def run(s: TableSession, *texts: str) -> list[Step]:
    """The actors' calls and cards, each proposed and adopted."""
    steps = []
    for text in texts:
        actor = s.table.actor
        assert actor is not None
        step = s.propose(Act(actor, parse_action(text)))
        assert step is not None
        s.adopt(step)
        steps.append(step)
    return steps


def play_out(s: TableSession) -> list[Step]:
    rng = random.Random(3)
    steps = []
    while s.table.status in ("auction", "play"):
        state, actor = s.table.current, s.table.actor
        assert state is not None and actor is not None
        step = s.propose(Act(actor, rng.choice(state.legal_actions())))
        assert step is not None
        s.adopt(step)
        steps.append(step)
    return steps


def test_a_seeded_table_deals_the_same_deals_again() -> None:
    a, b = session(seed=42), session(seed=42)
    assert a.table.current is not None and b.table.current is not None
    assert a.table.current.deal == b.table.current.deal
    assert a.draw(2) == b.draw(2) and a.draw(2) != a.draw(3)
    assert session(seed=43).table.current.deal != a.table.current.deal  # type: ignore[union-attr]


def test_the_first_step_deals_and_stores_the_deal_row_and_status() -> None:
    s = TableSession("t1", Table.create("rubber", players("bbhb")), seed=1)
    assert s.table.needs_deal and s.stored_status == "dealing"
    step = s.propose(None)
    assert step is not None
    assert [e.payload["type"] for e in step.append.events] == ["deal"]
    assert [e.version for e in step.append.events] == [1]
    assert step.append.status == "auction" and step.append.table_id == "t1"
    (row,) = step.append.deals
    assert row.new and row.number == 1 and row.status == "play" and row.deal == step.table.current.deal.to_pbn()  # type: ignore[union-attr]
    assert s.table.version == 0, "nothing changes before the step is adopted"
    s.adopt(step)
    assert s.table is step.table and s.stored_status == "auction" and s.deal_row == 1
    assert s.propose(None) is None, "nothing to do: no command and no deal needed"


def test_a_refused_command_raises_the_engine_error_and_changes_nothing() -> None:
    s = session()
    before = s.table
    with pytest.raises(WrongTurn):
        s.propose(Act(E, parse_call("1C")))
    assert s.table is before
    assert s.propose(Act(N, parse_call("1C")), expect=before.version + 1) is None  # decided for another version


def test_stored_events_replay_to_the_same_table() -> None:
    s = TableSession("t1", Table.create("rubber", players("bbhb")), seed=9)
    config = s.table.config()
    stored: list[EventRecord] = []
    step = s.propose(None)
    assert step is not None
    s.adopt(step)
    stored += step.append.events
    for step in play_out(s):
        stored += step.append.events
    assert [e.version for e in stored] == list(range(1, s.table.version + 1))
    assert Table.replay(config, [command_from_dict(e.payload) for e in stored]) == s.table


def test_the_deal_row_is_written_when_a_deal_starts_and_when_it_ends() -> None:
    s = session("hbbb")
    steps = play_out(s)
    rows = [(i, d) for i, step in enumerate(steps) for d in step.append.deals]
    assert len(rows) == 1, "in between, the deal's log is in the events"
    i, row = rows[0]
    assert i == len(steps) - 1 and row.status == "done" and not row.new
    finished = s.table.finished[-1]
    assert row.score == dump_scored_deal(finished.score), "the stored score line is the records dumper's"
    assert row.actions == [str(a) for a in finished.state.actions]
    assert steps[-1].append.status == "review"
    # The person moves on: the next deal is drawn in the same step, its row is new.
    step = s.propose(Next(N))
    assert step is not None
    assert [e.payload["type"] for e in step.append.events] == ["next", "deal"]
    (row,) = step.append.deals
    assert row.new and row.number == 2 and step.append.status == "auction"


def test_claims_against_bots_go_to_the_worker_pool_first() -> None:
    s = TableSession("t1", Table.create("rubber", players("hbhb")))
    step = s.propose(None)
    assert step is not None
    s.adopt(step)
    assert s.claim_to_verify(N, 13) is None, "in the auction the table refuses a claim itself"
    # N opens 1S and declares.
    s.adopt(s.propose(Act(s.table.actor, parse_call("1S"))))  # type: ignore[arg-type]
    for _ in range(3):
        s.adopt(s.propose(Act(s.table.actor, parse_call("P"))))  # type: ignore[arg-type]
    assert s.table.status == "play" and s.table.current.declarer == N  # type: ignore[union-attr]
    state = s.claim_to_verify(N, 13)
    assert state is s.table.current, "bot opponents: the engine verifies the claim"
    with pytest.raises(InvalidClaim):
        s.claim_to_verify(N, 14)
    # With people opponents they answer it themselves.
    people = TableSession("t2", Table.create("rubber", players("hhhh")))
    people.adopt(people.propose(None))  # type: ignore[arg-type]
    for text in ("1S", "P", "P", "P"):
        people.adopt(people.propose(Act(people.table.actor, parse_call(text))))  # type: ignore[arg-type]
    assert people.claim_to_verify(people.table.current.declarer, 13) is None  # type: ignore[arg-type,union-attr]


@pytest.mark.parametrize(("message", "command"), [
    ({"type": "call", "call": "3st"}, Act(S, parse_call("3NT"))),
    ({"type": "card", "card": "♥10"}, Act(S, parse_action("HT"))),
    ({"type": "claim", "tricks": 4}, Claim(S, 4)),
    ({"type": "claim_reply", "accept": False}, ClaimReply(S, False)),
    ({"type": "undo"}, Undo(S)),
    ({"type": "undo_reply", "accept": True}, UndoReply(S, True)),
    ({"type": "next"}, Next(S)),
    ({"type": "name", "name": "Sofía"}, Join(S, "Sofía")),
])
def test_client_messages_become_table_commands(message: dict[str, object], command: object) -> None:
    assert command_of(S, CLIENT_MESSAGE.validate_python(message)) == command


def test_bad_call_or_card_text_is_invalid_notation() -> None:
    for message in ({"type": "call", "call": "8NT"}, {"type": "card", "card": "ZZ"},
                    {"type": "hint"}, {"type": "sync"}):
        with pytest.raises(InvalidNotation):
            command_of(S, CLIENT_MESSAGE.validate_python(message))


def test_the_bots_context_comes_from_the_session_and_the_seats() -> None:
    s = session("bbhb")
    ctx = context_of(s.table)
    assert ctx == TableContext.for_session(s.table.session, "NEW", vulnerability=s.table.vulnerability,
                                           deal_number=s.table.session.standing.deal_number)
    assert TableContext.from_dict(ctx.to_dict()) == ctx
    chicago = TableSession("c", Table.create("chicago", players("hhhh")), seed=1)
    chicago.adopt(chicago.propose(None))  # type: ignore[arg-type]
    ctx = context_of(chicago.table)
    assert ctx.ruleset == "chicago" and ctx.computer_seats == "" and ctx.deal_number == 1
    assert ctx.game_target == chicago.table.session.ruleset.game_target


def test_a_finished_deal_as_pbn_names_the_players_and_the_bots() -> None:
    s = session("bbhb")
    play_out(s)
    game = s.game(1)
    assert game.tag("South") == "P2" and game.tag("North") == "Bot" and game.tag("Board") == "1"
    (parsed,) = pbn_loads(pbn_dumps([game])).games
    assert parsed.deal == s.table.finished[0].state.deal
    assert s.finished_deal(2) is None
    with pytest.raises(KeyError):
        s.game(2)
