"""Defenders' inference from declarer's line of play and from the auction, and declarer's safety
plays (issue 9, "What to build": Defence, Declarer)."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

import pytest

from bazas.bots.base import Budget
from bazas.bots.play import CardPlayer
from bazas.engine.cards import Card, Hand
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
    # docs/card-play.md, "The auction read by replaying the bidder": by default both sides' constraints are
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


@pytest.mark.parametrize("earlier_leads", [False, True])
def test_defenders_read_their_partners_cards_as_a_players_near_double_dummy_choices(earlier_leads: bool) -> None:
    # partner_inference: a layout in which partner's card of this trick or the last (and with
    # partner_leads, partner's lead to any earlier trick but the first) lost a trick double dummy
    # weighs partner_inference per trick lost (at most two). The loss is recomputed here
    # independently: the deal rebuilt from the layout, the play replayed by the engine up to
    # partner's card, and that position solved.
    from bazas.bots.play import PlayPlan
    from bazas.bots.sampling import sample_layouts

    def partner_read(history: list[tuple[Seat, Card]], k: int, start: int, partner: Seat) -> bool:
        leads = k > 0 and k % 4 == 0 and earlier_leads
        return history[k][0] == partner and (k >= start or leads)

    for n in range(9, 40):
        state = _after(n)
        actor = state.actor
        assert actor is not None and state.play is not None
        history = state.play.cards_played()
        start = 4 * max(0, len(state.play.tricks) - 1)
        if (actor.side != S.side and any(partner_read(history, k, start, actor.partner) for k in range(start))
                if earlier_leads else
                actor.side != S.side and any(seat == actor.partner for seat, _ in history[start:])):
            break
    else:
        pytest.fail("no position to test")
    assert actor is not None and state.play is not None
    view = view_of(state, actor)
    player = CardPlayer(partner_inference=0.5, consistency_cost=50.0)
    knowledge = player._knowledge(view, DUPLICATE, with_constraints=False)
    layouts = sample_layouts(knowledge, 12, random.Random(3)).layouts
    solved = player.solver.solve_many([player._position(view, lay) for lay in layouts])
    plan = PlayPlan(samples=12, exact_limit=0, cost=0.001, allowance=50.0)
    _, weights, checked = player._play_weights(view, knowledge, layouts, solved, [1.0] * len(layouts), plan,
                                               deadline=1e12, factor={actor.partner: 0.5}, only={actor.partner},
                                               leads_of={actor.partner} if earlier_leads else ())
    checks = [k for k in range(len(history) - 1, -1, -1) if partner_read(history, k, start, actor.partner)]
    assert checked == len(checks) >= 1
    losses = _losses_replayed(player, layouts, history, checks)
    for w, loss in zip(weights, losses, strict=True):
        assert w == pytest.approx(math.prod(0.5 ** min(x, 2) for x in loss.values()))
    assert any(x > 0 for loss in losses for x in loss.values()) or all(w == 1.0 for w in weights)


def _losses_replayed(player: CardPlayer, layouts: Sequence[tuple[int, int, int, int]],
                     history: list[tuple[Seat, Card]], checks: Sequence[int]) -> list[dict[int, int]]:
    """Per layout, the tricks each card ``checks`` (indices in ``history``) lost double dummy: the
    deal rebuilt from the layout and the cards played, the play replayed by the engine up to that
    card, and that position solved."""
    from bazas.bots.dds import Position
    from bazas.engine.cards import Hand
    from bazas.engine.deal import Deal

    out = []
    for lay in layouts:
        original = [lay[s] | sum(c.bit for seat, c in history if seat == s) for s in range(4)]
        deal = Deal(tuple(Hand(m) for m in original))  # type: ignore[arg-type]
        replay = at_trick_one(deal.to_pbn(), "3NT", S, ())
        loss: dict[int, int] = {}
        for k, (_, card) in enumerate(history):
            if k in checks:
                assert replay.play is not None
                res = player.solver.solve_many([Position.from_play(replay.play)])[0]
                loss[k] = max(res.values()) - res[card.index]
            replay = replay.apply(card).after
        out.append(loss)
    return out


def test_defenders_carry_their_partners_cards_read_to_later_decisions() -> None:
    # carry_reads: each check kept as a likelihood of the checked seat's length in the card's
    # suit when it played it, (sum of weight x factor + mean) / (sum of weight + 1) per length,
    # scaled to a top of 1; applied to every layout of a later decision, once that card is
    # older than the last trick.
    from bazas.bots.play import PlayPlan
    from bazas.bots.sampling import sample_layouts

    for seed, n in ((seed, n) for seed in (11, 12, 13, 14) for n in range(9, 30)):
        state = _after(n, seed=seed)
        actor = state.actor
        assert actor is not None and state.play is not None
        history = state.play.cards_played()
        start = 4 * max(0, len(state.play.tricks) - 1)
        if actor.side == S.side or not any(seat == actor.partner for seat, _ in history[start:]):
            continue
        view = view_of(state, actor)
        player = CardPlayer(partner_inference=0.3, carry_reads=True, consistency_cost=50.0)
        knowledge = player._knowledge(view, DUPLICATE, with_constraints=False)
        layouts = sample_layouts(knowledge, 16, random.Random(4)).layouts
        solved = player.solver.solve_many([player._position(view, lay) for lay in layouts])
        plan = PlayPlan(samples=16, exact_limit=0, cost=0.001, allowance=50.0)
        player._play_weights(view, knowledge, layouts, solved, [1.0] * len(layouts), plan, deadline=1e12,
                             factor={actor.partner: 0.3}, only={actor.partner})
        if any(min(like.values()) < 1.0 for _, _, like, _ in player._reads[player._deal_key(view)].values()):
            break   # a read that tells lengths apart
    else:
        pytest.fail("no position to test")
    checks = [k for k in range(start, len(history)) if history[k][0] == actor.partner]
    reads = player._reads[player._deal_key(view)]
    assert sorted(reads) == checks
    losses = _losses_replayed(player, layouts, history, checks)
    for k in checks:
        seat, suit, like, default = reads[k]
        assert (seat, suit) == (actor.partner, history[k][1].index // 13)
        later = sum(1 for s, c in history[k:] if s == seat and c.index // 13 == suit)
        num: dict[int, float] = {}
        den: dict[int, float] = {}
        for lay, loss in zip(layouts, losses, strict=True):
            length = Hand(lay[seat]).length(history[k][1].suit) + later
            num[length] = num.get(length, 0.0) + 0.3 ** min(loss[k], 2)
            den[length] = den.get(length, 0.0) + 1.0
        mean = sum(num.values()) / sum(den.values())
        raw = {n: (num[n] + mean) / (den[n] + 1.0) for n in den}
        assert like == pytest.approx({n: v / max(raw.values()) for n, v in raw.items()})
        assert default == pytest.approx(mean / max(raw.values()))
    # Eight cards on, every read is older than the last trick: a later decision's layouts weigh
    # the likelihood of the length each would have given the seat then.
    later_state = state
    for _ in range(8):
        legal = later_state.play.legal_cards() if later_state.play else []
        later_state = later_state.apply(legal[0]).after
    later_view = view_of(later_state, actor)
    later_layouts = sample_layouts(player._knowledge(later_view, DUPLICATE, with_constraints=False), 16,
                                   random.Random(5)).layouts
    got = player._carried_weights(later_view, later_layouts, [1.0] * len(later_layouts))
    assert later_state.play is not None
    now_history = later_state.play.cards_played()
    for lay, w in zip(later_layouts, got, strict=True):
        expected = 1.0
        for k, (seat, suit, like, default) in reads.items():
            length = Hand(lay[seat]).length(now_history[k][1].suit) + sum(
                1 for s, c in now_history[k:] if s == seat and c.index // 13 == suit)
            expected *= like.get(length, default)
        assert w == pytest.approx(expected)
    assert any(w != 1.0 for w in got)
