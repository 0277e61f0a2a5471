"""DESIGN.md "A deal is stored as its board plus its action history; any state is rebuilt by
replaying it": DealState phases (auction, play, done), transitions with events, the action
history round trip, undo, and RULES.md's passed-out deal (four passes: no play).
"""

from __future__ import annotations

import random

import pytest

from bazas.engine.calls import ALL_CALLS, PASS, Bid, Strain, parse_call
from bazas.engine.cards import ALL_CARDS, Card
from bazas.engine.deal import Deal, deal_random
from bazas.engine.errors import GameOver, IllegalCall, IllegalPlay, InvalidNotation, WrongTurn
from bazas.engine.seats import SEATS, Seat
from bazas.engine.state import Action, ClaimAction, DealState, parse_action

PBN = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"


def run(state: DealState, *actions: str) -> DealState:
    for a in actions:
        state = state.apply(parse_action(a)).after
    return state


def random_finished(rng: random.Random, dealer: Seat | None = None) -> DealState:
    s = DealState.start(deal_random(rng), dealer if dealer is not None else rng.choice(SEATS))
    while s.phase != "done":
        legal = s.legal_actions()
        # mostly passes in the auction so it ends; uniform cards in the play
        if s.phase == "auction" and rng.random() < 0.6:
            action: Action = PASS
        else:
            action = rng.choice(legal)
        s = s.apply(action, s.actor).after
    return s


def test_parse_action() -> None:
    assert parse_action("1S") == parse_call("1S")
    assert parse_action("P") == PASS
    assert parse_action("SA") == Card.parse("SA")
    assert parse_action("h10") == Card.parse("HT")
    assert parse_action("CLAIM:S:3") == ClaimAction(Seat.S, 3)
    assert parse_action("claim:w:0") == ClaimAction(Seat.W, 0)
    for bad in ("CLAIM:S", "CLAIM:S:x", "CLAIM:Q:3", "ZZ", "", "1"):
        with pytest.raises(InvalidNotation):
            parse_action(bad)
    for a in [*ALL_CALLS, *ALL_CARDS, ClaimAction(Seat.E, 4)]:
        assert parse_action(str(a)) == a


def test_phases_and_turns_through_a_deal() -> None:
    d = Deal.from_pbn(PBN)
    s = DealState.start(d, Seat.E)
    assert s.phase == "auction" and s.turn is Seat.E and s.actor is Seat.E
    assert s.contract is None and s.declarer is None and s.play is None and s.declarer_tricks is None
    s = run(s, "1NT", "P", "P", "P")              # E declares 1NT; S leads; W is dummy
    assert s.phase == "play"
    assert str(s.contract) == "1NT" and s.declarer is Seat.E
    assert s.turn is Seat.S and s.actor is Seat.S
    s = run(s, "S7")
    assert s.turn is Seat.W and s.actor is Seat.E  # declarer acts for dummy
    assert s.winner_side_of_tricks() == (0, 0)


def test_events_of_a_whole_deal() -> None:
    d = Deal.from_pbn(PBN)
    s = DealState.start(d, Seat.N)
    kinds: list[str] = []
    t = s.apply(parse_call("1S"))
    assert t.before == s and t.seat is Seat.N and t.action == parse_call("1S")
    assert [e.kind for e in t.events] == ["call"] and t.events[0].data == {"seat": "N", "call": "1S"}
    s = t.after
    for a in ["P", "P"]:
        s = s.apply(parse_action(a)).after
    t = s.apply(PASS)
    assert [e.kind for e in t.events] == ["call", "auction_end"]
    assert t.events[1].data == {"contract": "1S", "declarer": "N"}
    s = t.after
    rng = random.Random(0)
    while s.phase == "play":
        t = s.apply(rng.choice(s.legal_actions()))
        kinds += [e.kind for e in t.events]
        s = t.after
    assert kinds.count("card") == 52
    assert kinds.count("dummy_exposed") == 1 and kinds[1] == "dummy_exposed"
    assert kinds.count("trick") == 13
    assert kinds[-1] == "deal_end"
    assert s.phase == "done" and s.declarer_tricks == s.play.declarer_tricks  # type: ignore[union-attr]
    assert s.legal_actions() == [] and s.turn is None and s.actor is None


def test_passed_out_deal() -> None:
    s = DealState.start(Deal.from_pbn(PBN), Seat.W)
    s = run(s, "P", "P", "P")
    assert s.phase == "auction"                    # three opening passes do not end it
    t = s.apply(PASS)
    assert [e.kind for e in t.events] == ["call", "passed_out"]
    s = t.after
    assert s.phase == "done" and s.is_passed_out and s.play is None
    assert s.contract is None and s.declarer is None and s.declarer_tricks is None
    with pytest.raises(GameOver):
        s.check(PASS)
    with pytest.raises(GameOver):
        s.check(Card.parse("SA"))


def test_wrong_phase_and_wrong_seat_errors() -> None:
    s = DealState.start(Deal.from_pbn(PBN), Seat.N)
    with pytest.raises(GameOver, match="auction is still on"):
        s.check(Card.parse("SA"))
    with pytest.raises(WrongTurn):
        s.check(PASS, Seat.E)
    with pytest.raises(IllegalCall):
        s.check(parse_call("X"))
    s = run(s, "1S", "P", "P", "P")
    with pytest.raises(GameOver, match="a card is due"):
        s.check(PASS)
    with pytest.raises(IllegalPlay):
        s.check(Card.parse("SA"))                   # E leads; the ♠A is North's
    with pytest.raises(WrongTurn):
        s.check(s.legal_actions()[0], Seat.W)


def test_rejected_actions_change_nothing() -> None:
    rng = random.Random(8)
    s = random_finished(rng)
    # walk the history again and try every illegal action at every step
    state = DealState.start(s.deal, s.dealer)
    for action in s.actions:
        before = (state.actions, state.phase, state.turn, state.to_record())
        for bad in [*ALL_CALLS, *ALL_CARDS]:
            if not state.can(bad):
                with pytest.raises(ValueError):
                    state.apply(bad)
        assert (state.actions, state.phase, state.turn, state.to_record()) == before
        state = state.apply(action).after
    assert state == s


def test_history_round_trip_and_replay() -> None:
    rng = random.Random(21)
    for _ in range(8):
        s = random_finished(rng)
        record = s.to_record()
        assert set(record) == {"deal", "dealer", "actions"}
        again = DealState.from_record(record)
        assert again == s and hash(again) == hash(s)
        assert again.to_record() == record
        assert DealState.replay(s.deal, s.dealer, list(s.actions)) == s
        assert eval(repr(s), {"DealState": DealState}) == s  # noqa: S307
        # and every intermediate state round-trips too
        for n in range(0, len(s.actions), 7):
            part = DealState.replay(s.deal, s.dealer, s.actions[:n])
            assert DealState.from_record(part.to_record()) == part


def test_replay_names_the_bad_action() -> None:
    with pytest.raises(IllegalCall, match=r"action 3 \(1C\)"):
        DealState.from_record({"deal": PBN, "dealer": "N", "actions": ["1S", "P", "1C"]})


def test_undo_step_by_step() -> None:
    rng = random.Random(34)
    s = random_finished(rng)
    states = [DealState.start(s.deal, s.dealer)]
    for a in s.actions:
        states.append(states[-1].apply(a).after)
    cur = states[-1]
    for expected in reversed(states[:-1]):
        cur = cur.undo()
        assert cur == expected
        assert cur.phase == expected.phase and cur.turn == expected.turn
    with pytest.raises(GameOver, match="nothing to undo"):
        cur.undo()


def test_undo_across_the_auction_end_removes_the_play() -> None:
    s = run(DealState.start(Deal.from_pbn(PBN), Seat.N), "1S", "P", "P", "P")
    assert s.play is not None
    u = s.undo()
    assert u.phase == "auction" and u.play is None and u.turn is Seat.W


def test_dummy_card_needs_declarer_as_actor() -> None:
    s = run(DealState.start(Deal.from_pbn(PBN), Seat.N), "1S", "P", "P", "P", "CA")
    # E led ♣A; S (dummy) is to play, N acts
    assert s.turn is Seat.S and s.actor is Seat.N
    card = s.legal_actions()[0]
    with pytest.raises(WrongTurn):
        s.apply(card, Seat.S)
    t = s.apply(card, Seat.N)
    assert t.seat is Seat.S                          # the card came from dummy's hand
    assert isinstance(t.action, Card)


def test_bid_objects_and_text_agree() -> None:
    s = DealState.start(Deal.from_pbn(PBN), Seat.N)
    assert s.apply(Bid(1, Strain.S)).after == run(s, "1s") == run(s, "1♠")
