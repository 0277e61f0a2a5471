"""Defenders' inference from declarer's line of play and from the auction, and declarer's safety
plays (issue 9, "What to build": Defence, Declarer)."""

from __future__ import annotations

import random

import pytest

from bazas.bots.base import Budget
from bazas.bots.play import CardPlayer
from bazas.engine.cards import Card
from bazas.engine.deal import deal_from_seed
from bazas.engine.seats import Seat
from bazas.engine.state import DealState
from bazas.engine.views import view_of

from .test_play_textbook import DUPLICATE, at_trick_one, decide

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W


def _after(cards: int, contract: str = "3NT", seed: int = 11) -> DealState:
    state = at_trick_one(deal_from_seed(seed).to_pbn(), contract, S, ())
    for _ in range(cards):
        legal = state.play.legal_cards() if state.play else []
        state = state.apply(legal[0]).after
    return state


def test_defenders_read_declarers_line_of_play_checking_declarers_recent_cards() -> None:
    # Kantar, Modern Bridge Defense, "counting declarer's hand from the play": a layout in which
    # declarer's recent card would have lost a trick double dummy is less likely. Only declarer's
    # and dummy's cards are checked, only by the defenders.
    for n in range(8, 13):
        state = _after(n)
        if state.actor is not None and state.actor.side != S.side:
            break
    assert state.actor is not None and state.actor.side != S.side
    card, player = decide(state, max_samples=16, line_inference=0.0, consistency_cost=50.0)
    assert player.last_info["checked"] >= 1
    _, plain = decide(state, max_samples=16, line_inference=1.0)
    assert plain.last_info["checked"] == 0


def test_declarer_does_not_use_the_defenders_line_inference() -> None:
    for n in range(8, 13):
        state = _after(n)
        if state.actor is not None and state.actor.side == S.side:
            break
    assert state.actor is not None and state.actor.side == S.side
    _, player = decide(state, max_samples=16, line_inference=0.0, consistency_cost=50.0)
    assert player.last_info["checked"] == 0


@pytest.mark.parametrize("defence", [True, False])
def test_auction_replay_for_the_defenders_only(defence: bool) -> None:
    # "What declarer would have bid with other hands" (bidding.replay_constraints): with
    # auction_replay_defence the defenders' constraints come from the replay, declarer's do not.
    state = _after(1)
    seat = E if defence else S
    view = view_of(state, seat)
    player = CardPlayer(auction_replay=False, auction_replay_defence=True)
    player._knowledge(view, DUPLICATE, with_constraints=True)
    replays = {key[-1] for key in player._constraint_cache}
    assert replays == {defence}


@pytest.mark.parametrize("seat", [E, S])
def test_the_default_player_samples_hands_the_bidder_would_have_bid_so(seat: Seat) -> None:
    # README, "The auction read by replaying the bidder": by default both sides' constraints are
    # the replay's (the hull AND the bidder's own choice), with the module's bound of replays.
    from bazas.bots.bidding.replay import MAX_REPLAYS, ReplayConstraint

    view = view_of(_after(1), seat)
    player = CardPlayer()
    knowledge = player._knowledge(view, DUPLICATE, with_constraints=True)
    found = [c for c in knowledge.constraints.values() if isinstance(c, ReplayConstraint)]
    assert found and len(found) == sum(c is not None for c in knowledge.constraints.values())
    assert all(c.max_replays == MAX_REPLAYS for c in found)


@pytest.mark.parametrize("seed", [3, 11, 21])
def test_safety_play_never_lowers_the_chance_of_making_the_contract(seed: int) -> None:
    # Reese, Safety Plays at Bridge: declarer gives up a possible overtrick for the contract.
    # Among cards of nearly the best expected score the safety option picks the one most likely
    # to make; it never picks one less likely to make than the plain choice.
    for n in range(4, 12):
        state = _after(n, "4S", seed)
        if state.actor is not None and state.actor.side == S.side:
            break
    view = view_of(state, state.actor)
    plain = CardPlayer(safety_margin=0.0, count_hand=False)
    safe = CardPlayer(safety_margin=0.3, count_hand=False)
    a = plain.choose(view, DUPLICATE, random.Random(1), Budget(0.2)).action
    b = safe.choose(view, DUPLICATE, random.Random(1), Budget(0.2)).action
    assert isinstance(a, Card) and isinstance(b, Card)
    assert plain.last_info["makes"] == safe.last_info["makes"]     # the same layouts and estimates
    makes = safe.last_info["makes"]
    if str(b) in makes and str(a) in makes:
        assert makes[str(b)] >= makes[str(a)]


def test_defenders_read_their_partners_cards_as_a_players_near_double_dummy_choices() -> None:
    # partner_inference: a layout in which partner's card of this trick or the last lost a trick
    # double dummy weighs partner_inference per trick lost (at most two). The loss is recomputed
    # here independently: the deal rebuilt from the layout, the play replayed by the engine up to
    # partner's card, and that position solved.
    from bazas.bots.dds import Position
    from bazas.bots.play import PlayPlan
    from bazas.bots.sampling import sample_layouts
    from bazas.engine.cards import Hand
    from bazas.engine.deal import Deal

    for n in range(9, 20):
        state = _after(n)
        actor = state.actor
        assert actor is not None and state.play is not None
        recent = state.play.cards_played()[4 * max(0, len(state.play.tricks) - 1):]
        if actor.side != S.side and any(seat == actor.partner for seat, _ in recent):
            break
    assert actor is not None and state.play is not None
    view = view_of(state, actor)
    player = CardPlayer(partner_inference=0.5, consistency_cost=50.0)
    knowledge = player._knowledge(view, DUPLICATE, with_constraints=False)
    layouts = sample_layouts(knowledge, 12, random.Random(3)).layouts
    solved = player.solver.solve_many([player._position(view, lay) for lay in layouts])
    plan = PlayPlan(samples=12, exact_limit=0, cost=0.001, allowance=10.0)
    _, weights, checked = player._play_weights(view, knowledge, layouts, solved, [1.0] * len(layouts), plan,
                                               deadline=1e12, factor={actor.partner: 0.5}, only={actor.partner})
    assert checked >= 1
    history = state.play.cards_played()
    start = 4 * max(0, len(state.play.tricks) - 1)
    checks = [k for k in range(len(history) - 1, start - 1, -1) if history[k][0] == actor.partner][:checked]
    seen_loss = False
    for lay, w in zip(layouts, weights, strict=True):
        original = [lay[s] | sum(c.bit for seat, c in history if seat == s) for s in range(4)]
        deal = Deal(tuple(Hand(m) for m in original))  # type: ignore[arg-type]
        replay = at_trick_one(deal.to_pbn(), "3NT", S, ())
        expected = 1.0
        for k, (_, card) in enumerate(history):
            if k in checks:
                assert replay.play is not None
                res = player.solver.solve_many([Position.from_play(replay.play)])[0]
                loss = max(res.values()) - res[card.index]
                expected *= 0.5 ** min(loss, 2)
                seen_loss = seen_loss or loss > 0
            replay = replay.apply(card).after
        assert w == pytest.approx(expected)
    assert seen_loss or all(w == 1.0 for w in weights)
