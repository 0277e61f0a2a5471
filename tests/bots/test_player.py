"""The computer player for all phases, its factory, the baseline bots and the play loop."""

from __future__ import annotations

import random

import pytest

from bazas.bots.base import Budget, Decision, TableContext
from bazas.bots.baseline import SimpleBidder, SimpleCardPlayer, simple_call
from bazas.bots.play import CardPlayer
from bazas.bots.player import ComputerPlayer, bot_for, play_deal
from bazas.engine.calls import Strain, parse_call
from bazas.engine.cards import Card, Hand
from bazas.engine.deal import deal_from_seed
from bazas.engine.seats import SEATS, Seat
from bazas.engine.state import ClaimAction
from bazas.engine.views import SeatView

CTX = TableContext(ruleset="rubber")


def test_simple_natural_bidder() -> None:
    def call(hand: str, calls: list[str]) -> str:
        return str(simple_call(Hand.from_pbn(hand), Seat.N, [parse_call(c) for c in calls])[0])

    assert call("AQ2.KJ5.QT98.K32", []) == "1NT"          # 15-17 balanced
    assert call("AQ982.KJ54.Q9.K3", []) == "1S"           # 13+: longest suit
    assert call("Q9832.KJ5.Q98.32", []) == "P"
    assert call("K82.QJ5.9872.532", ["1S", "P"]) == "2S"  # raise with support
    assert call("K82.QJ5.9872.532", ["1NT", "P"]) == "P"
    assert call("K82.QJ5.A872.K32", ["1NT", "P"]) == "3NT"
    assert call("K82.QJ5.A872.K32", ["P", "1H"]) == "P"   # no competing


def test_simple_card_player_habits() -> None:
    from bazas.engine.views import view_of

    from .test_play_endings import ending

    state = ending({Seat.N: "32.-.-.A", Seat.S: "AQ.A.-.-", Seat.E: "K54.-.-.-", Seat.W: "T9.-.A.-"},
                   Strain.NT, Seat.S, Seat.N, current=("S2",))
    view = view_of(state, state.actor)
    assert state.actor == Seat.E
    assert str(SimpleCardPlayer().choose(view, CTX, random.Random(0), Budget()).action) == "S4"  # 2nd hand low


def test_bot_for_builds_players() -> None:
    bot = bot_for("rubber", "fast")
    assert isinstance(bot.card_player, CardPlayer)
    base = bot_for("duplicate", "baseline")
    assert isinstance(base.bidder, SimpleBidder) and isinstance(base.card_player, SimpleCardPlayer)
    with pytest.raises(ValueError):
        bot_for("rubber", "superhuman")


class _Broken:
    def choose(self, view: SeatView, context: TableContext, rng: random.Random, budget: Budget) -> Decision:
        raise RuntimeError("bug")


def test_a_failing_bidder_falls_back_and_the_table_goes_on() -> None:
    bot = ComputerPlayer(_Broken(), SimpleCardPlayer())
    played = play_deal(deal_from_seed(5), Seat.N, {s: bot for s in SEATS}, CTX, random.Random(1), Budget(0.01))
    assert played.state.phase == "done" and bot.bidder_failures >= 4


def test_whole_deal_with_our_card_player_and_claims() -> None:
    bot = ComputerPlayer(SimpleBidder(), CardPlayer(max_samples=8), claims=True)
    deal = deal_from_seed(8)
    played = play_deal(deal, Seat.E, {s: bot for s in SEATS}, CTX, random.Random(2), Budget(0.05))
    state = played.state
    assert state.phase == "done"
    if state.contract is not None:
        assert state.play is not None and sum(state.play.won) == 13
        claims = [a for _, a, _ in played.decisions if isinstance(a, ClaimAction)]
        assert len(claims) <= 1


def test_can_claim_when_the_rest_is_certain() -> None:
    from bazas.engine.views import view_of

    from .test_play_endings import ending

    # South holds the three top spades, nothing else matters: three tricks whatever the layout.
    state = ending({Seat.N: "-.32.2.-", Seat.S: "AKQ.-.-.-", Seat.E: "J.AK.-.-", Seat.W: "5.Q.-.A"},
                   Strain.S, Seat.S, Seat.S)
    view = view_of(state, Seat.S)
    assert CardPlayer().can_claim(view, CTX) == 3


def test_law70_no_claim_that_needs_a_guess_even_if_double_dummy_always_guesses_right() -> None:
    """A two-way finesse for the spade queen (AJ2 opposite K103): double dummy takes the three
    tricks in every layout of the unseen cards, each with its own line, but no one line takes
    them all (Law 70: a claim that needs a finesse to come right does not hold). The table's check
    refuses such a claim, so the bot must not make it (a substitute's refusal made a CI run wait
    on a claim that vanished)."""
    from bazas.bots.dds import LocalSolver, Position
    from bazas.bots.sampling import Knowledge, sample_layouts
    from bazas.engine.views import view_of

    from .test_play_endings import ending

    state = ending({Seat.N: "KT3.-.-.-", Seat.S: "AJ2.-.-.-", Seat.E: "Q5.7.-.-", Seat.W: "4.-.8.9"},
                   Strain.NT, Seat.S, Seat.S)
    view = view_of(state, Seat.S)
    # every layout South cannot tell apart: three tricks double dummy, the queen on either side
    knowledge = Knowledge.from_view(view)
    layouts = sample_layouts(knowledge, 100, random.Random(0), exact_limit=100).layouts
    solved = LocalSolver().solve_many([Position(lay, -1, int(Seat.S), ()) for lay in layouts])
    assert len(layouts) == 20 and all(max(res.values()) == 3 for res in solved)
    queen = Card.parse("SQ").bit
    assert {bool(lay[Seat.E] & queen) for lay in layouts} == {False, True}   # the queen either side
    assert state.play is not None and state.play.claim_holds(Seat.S, 3) is False
    assert CardPlayer().can_claim(view, CTX) is None
    # ... and the bot plays on instead of claiming
    bot = bot_for("rubber", "fast", claims=True)
    decision = bot.choose(view, CTX, random.Random(1), Budget(0.2))
    assert not isinstance(decision.action, ClaimAction)
