"""Hypothesis invariants over whole deals (DESIGN.md "hypothesis invariants"):

- every random full deal + random legal auction + random legal play conserves the 52 cards and
  the 13 tricks: won NS + EW = 13, every card played exactly once, each by the seat dealt it;
- illegal actions never change the state, and ``check`` / ``can`` / ``apply`` agree;
- views never leak a card the viewer may not see;
- the random playout kernel plays only legal cards and agrees with Play on the tricks.

Example counts are kept moderate (the whole file runs in seconds).
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bazas.engine.calls import ALL_CALLS, PASS, STRAINS, Strain
from bazas.engine.cards import ALL_CARDS
from bazas.engine.deal import DEAL_COUNT, Deal
from bazas.engine.play import Play, trick_winner
from bazas.engine.playout import playout_from
from bazas.engine.seats import SEATS, Seat, Side
from bazas.engine.state import Action, ClaimAction, DealState

from .test_views import audit

deals = st.integers(min_value=0, max_value=DEAL_COUNT - 1).map(Deal.from_number)
seats = st.sampled_from(SEATS)
SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def random_action(state: DealState, rng: random.Random, pass_bias: float) -> Action:
    if state.phase == "auction" and rng.random() < pass_bias:
        return PASS
    return rng.choice(state.legal_actions())


def snapshot(state: DealState) -> tuple[object, ...]:
    play = state.play
    return (state.to_record(), state.phase, state.turn, state.actor, state.auction.calls,
            None if play is None else (play.hands, play.played, play.current, play.tricks, play.won, play.claim))


@SETTINGS
@given(deal=deals, dealer=seats, rng=st.randoms(use_true_random=False), pass_bias=st.floats(0.2, 0.7))
def test_cards_and_tricks_are_conserved(deal: Deal, dealer: Seat, rng: random.Random, pass_bias: float) -> None:
    s = DealState.start(deal, dealer)
    while s.phase != "done":
        s = s.apply(random_action(s, rng, pass_bias), s.actor).after
    if s.is_passed_out:
        assert s.play is None and s.auction.calls == (PASS,) * 4
        return
    play = s.play
    assert play is not None
    assert play.tricks_won(Side.NS) + play.tricks_won(Side.EW) == 13
    played = [c for _, c in play.cards_played()]
    assert len(played) == 52 and set(played) == set(ALL_CARDS)
    for seat, card in play.cards_played():
        assert deal.holder(card) is seat                    # played from the hand it was dealt to
    for trick in play.tricks:
        idx = tuple(c.index for c in trick.cards)
        assert trick.winner == trick_winner(idx, trick.leader, -1 if play.strain is Strain.NT else int(play.strain))
    assert play.tricks[0].leader is play.declarer.lho
    assert s.declarer_tricks == play.tricks_won(play.declarer.side)
    assert DealState.from_record(s.to_record()) == s


@SETTINGS
@given(deal=deals, dealer=seats, rng=st.randoms(use_true_random=False), steps=st.integers(0, 70),
       tries=st.lists(st.integers(0, len(ALL_CALLS) + 52 + 13), min_size=1, max_size=12),
       who=st.lists(st.one_of(st.none(), seats), min_size=1, max_size=12))
def test_illegal_actions_change_nothing_and_the_three_faces_agree(
        deal: Deal, dealer: Seat, rng: random.Random, steps: int, tries: list[int], who: list[Seat | None]) -> None:
    s = DealState.start(deal, dealer)
    for _ in range(steps):
        if s.phase == "done":
            break
        s = s.apply(random_action(s, rng, 0.5), s.actor).after
    universe: list[Action] = [*ALL_CALLS, *ALL_CARDS, *(ClaimAction(seat, n) for seat in SEATS for n in (0, 3, 13))]
    for i, t in enumerate(tries):
        action = universe[t % len(universe)]
        seat = who[i % len(who)]
        before = snapshot(s)
        try:
            s.check(action, seat)
            checked = True
        except ValueError:
            checked = False
        assert s.can(action, seat) is checked
        try:
            after = s.apply(action, seat).after
            applied = True
        except ValueError:
            applied = False
        assert applied is checked
        assert snapshot(s) == before                         # immutable: nothing changed
        if applied:
            assert after.actions == (*s.actions, action)
    # the legal list is exactly what check accepts (calls and cards)
    legal = s.legal_actions()
    assert legal == [a for a in [*ALL_CALLS, *ALL_CARDS] if s.can(a)]


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(deal=deals, dealer=seats, rng=st.randoms(use_true_random=False))
def test_views_never_leak(deal: Deal, dealer: Seat, rng: random.Random) -> None:
    s = DealState.start(deal, dealer)
    audit(s)
    while s.phase != "done":
        s = s.apply(random_action(s, rng, 0.6), s.actor).after
        audit(s)


@SETTINGS
@given(deal=deals, strain=st.sampled_from(STRAINS), declarer=seats, cut=st.integers(0, 51),
       rng=st.randoms(use_true_random=False))
def test_playout_kernel_plays_legal_cards_and_counts_tricks_like_play(
        deal: Deal, strain: Strain, declarer: Seat, cut: int, rng: random.Random) -> None:
    p = Play(deal, strain, declarer)
    for _ in range(cut):
        p = p.apply(rng.choice(p.legal_cards()))
    result = playout_from(p, rng)
    q = p
    for index in result.cards:
        assert q.legal_mask() >> index & 1
        q = q.apply_index(index)
    assert q.is_complete
    assert result.tricks == (q.tricks_won(Side.NS), q.tricks_won(Side.EW))
    assert sum(result.tricks) == 13
