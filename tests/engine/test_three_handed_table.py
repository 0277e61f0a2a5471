"""Issue 11: the three-handed Auction table (engine): seats, views, undo, scoring, replay.

RULES.md "Variants from seed 001": four hands dealt, one a dummy left face down until the auction
ends; each player bids for himself; the bidder of the final bid plays his hand and the dummy
against the other two, partners for that deal only; scored per player.
"""

from __future__ import annotations

import random

import pytest

from bazas.bots.bidding.royal import three_handed_call
from bazas.engine.deal import Deal, deal_random
from bazas.engine.errors import BazasError
from bazas.engine.rulesets.three_handed_auction import ScoreSheet
from bazas.engine.seats import Seat
from bazas.engine.state import DealState, parse_action
from bazas.engine.table import (
    Act,
    Claim,
    Command,
    DealCards,
    Join,
    Next,
    Player,
    Table,
    Undo,
    UndoReply,
    command_from_dict,
    command_to_dict,
)
from bazas.engine.three_handed_table import ThreeHandedDeal, ThreeHandedTable, seat_view, state_from_record

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W
DEAL = Deal.from_pbn("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765")


def table(humans: str = "S") -> Table:
    players = [Player.human(s) if s in humans else Player.bot() for s in "NES"]
    t = Table.create("three-handed-auction", players)
    assert isinstance(t, ThreeHandedTable)
    return t


def cur(t: Table) -> DealState:
    assert t.current is not None
    return t.current


def act(t: Table, seat: Seat, text: str) -> Table:
    return t.handle(Act(seat, parse_action(text)))[0]


def test_issue11_table_has_three_players_and_the_dummy_hand_at_w() -> None:
    t = table()
    assert [t.kind_of(s) for s in (N, E, S, W)] == ["bot", "bot", "human", "dummy"]
    assert t.humans == frozenset({S})
    with pytest.raises(BazasError, match="W holds the dummy hand"):
        Table.create("three-handed-auction", [Player.bot(), Player.bot(), Player.bot(), Player.human("X")])
    with pytest.raises(BazasError, match="first dealer must be a player"):
        Table.create("three-handed-auction", [Player.bot()] * 3, W)


def test_issue11_dummy_face_down_in_the_auction_then_declarer_takes_it_defenders_after_lead() -> None:
    t = table()
    t, _ = t.handle(DealCards(DEAL))
    for seat in (N, E, S, None):
        v = seat_view(cur(t), seat)
        assert v.dummy is None and v.dummy_hand is None and v.all_hands is None
    t = act(t, N, "1S")
    t = act(t, E, "P")
    t, events = t.handle(Act(S, parse_action("P")))
    assert [e.kind for e in events] == ["call", "auction_end"]
    state = t.current
    assert isinstance(state, ThreeHandedDeal) and state.declarer == N and state.phase == "play"
    # The declarer takes the dummy up at once; the others see it after the opening lead.
    assert seat_view(state, N).dummy_hand == DEAL.hand(W) and seat_view(state, N).dummy == W
    for seat in (E, S, None):
        assert seat_view(state, seat).dummy_hand is None
    # The next player in calling order (E) leads; then the dummy (W) plays, by the declarer.
    assert t.actor == E and state.turn == E
    lead = seat_view(state, E).legal[0]
    t, events = t.handle(Act(E, lead))
    assert {e.kind for e in events} >= {"card", "dummy_exposed"}
    assert all(e.data.get("seat") in (None, "N", "E", "S", "W") for e in events)
    for seat in (E, S, None):
        assert seat_view(cur(t), seat).dummy_hand is not None
    assert cur(t).turn == W and t.actor == N
    v = seat_view(cur(t), N)
    assert v.legal and all(c in DEAL.hand(W) for c in v.legal)
    with pytest.raises(BazasError):
        t.handle(Act(S, v.legal[0]))  # S may not play the dummy's cards
    t = act(t, N, str(v.legal[0]))
    trick = seat_view(cur(t), None).current
    assert trick is not None and [s for s, _ in trick.cards] == [E, W]


def test_issue11_whole_rubber_scored_per_player_replays_and_starts_a_new_rubber() -> None:
    rng = random.Random(4)
    t: Table = table("")
    commands: list[Command] = []
    while t.rubber == 1:
        c: Command
        if t.needs_deal:
            c = DealCards(deal_random(rng))
        elif t.status in ("review", "over"):
            c = Next(None)
        else:
            state, actor = t.current, t.actor
            assert state is not None and actor is not None and actor != W
            if state.phase == "auction":
                c = Act(actor, three_handed_call(state.deal.hand(actor), state.auction))
            else:
                c = Act(actor, rng.choice(list(seat_view(state, actor).legal)))
        t, _ = t.handle(c)
        commands.append(c)
    assert isinstance(t, ThreeHandedTable) and len(t.sheets) == 1
    sheet, scored, results = t.sheets[0]
    assert sheet.over and max(sheet.games) == 2
    assert ScoreSheet.fold(results, scored[0].dealer) == sheet
    assert sum(sheet.net().values()) == 0
    assert t.sheet.dealer == sheet.dealer and not t.scored
    again = Table.replay(t.config(), [command_from_dict(command_to_dict(c)) for c in commands])
    assert again == t
    finished = t.finished[-1].state
    assert state_from_record(finished.to_record()) == finished


def test_issue11_undo_among_the_players_and_no_claims() -> None:
    t = table("NS")
    t = t.handle(Join(N, "Ana"))[0].handle(Join(S, "Bea"))[0]
    t, _ = t.handle(DealCards(DEAL))
    t = act(t, N, "1S")
    t = act(t, E, "P")
    t, events = t.handle(Undo(N))
    assert t.pending_undo is not None and t.pending_undo.needed == frozenset({S})
    with pytest.raises(BazasError):
        t.handle(Act(S, parse_action("P")))
    t, events = t.handle(UndoReply(S, True))
    assert t.current is not None and t.current.actions == () and t.actor == N
    t = act(t, N, "1S")
    t = act(t, E, "P")
    t = act(t, S, "P")
    with pytest.raises(BazasError, match="claims are not taken"):
        t.handle(Claim(N, 13))
