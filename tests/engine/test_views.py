"""What each seat may see (RULES.md "Common to all rulesets": dummy is exposed after the opening
lead; RULES.md duplicate "Fairness"; Law 41D, 16): a seat sees its own hand; dummy's hand only
after the opening lead is faced; every call and every played card; all four hands only when
the deal is over. A spectator sees no hidden hand until the end.

The audit walks every action of several complete random deals (and a passed-out one) and
checks, for each seat and for a spectator, that the view reveals no card it may not see.
"""

from __future__ import annotations

import json
import random

import pytest

from bazas.engine.calls import PASS
from bazas.engine.cards import Card
from bazas.engine.deal import Deal, deal_random
from bazas.engine.seats import SEATS, Seat
from bazas.engine.state import Action, DealState, parse_action
from bazas.engine.views import SeatView, view_of

PBN = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"
VIEWERS: tuple[Seat | None, ...] = (*SEATS, None)


def allowed_cards(state: DealState, seat: Seat | None) -> set[Card]:
    """The cards ``seat`` (None: a spectator) is entitled to know the place of."""
    if state.phase == "done":
        return {c for s in SEATS for c in state.deal.hand(s)}
    out: set[Card] = set()
    if seat is not None:
        out.update(state.deal.hand(seat))
    play = state.play
    if play is not None:
        out.update(c for _, c in play.cards_played())
        if play.dummy_exposed:
            out.update(state.deal.hand(play.dummy))
    return out


def every_card_in(view: SeatView) -> set[Card]:
    """visible_cards() plus anything else in the view that is a card (the legal list)."""
    cards = set(view.visible_cards())
    cards.update(a for a in view.legal if isinstance(a, Card))
    return cards


def audit(state: DealState) -> None:
    for seat in VIEWERS:
        view = view_of(state, seat)
        allowed = allowed_cards(state, seat)
        leaked = every_card_in(view) - allowed
        assert not leaked, (seat, state.phase, len(state.actions), sorted(leaked))
        # and nothing else in what would be sent to the client names a hidden card
        named = {Card.parse(t) for t in _card_tokens(view.to_dict())}
        assert named <= allowed, (seat, sorted(named - allowed))


def _card_tokens(data: object) -> list[str]:
    """Every string in the serialised view that is a card (e.g. 'SA')."""
    out: list[str] = []
    if isinstance(data, dict):
        for k, v in data.items():
            if k in ("calls", "seat", "dealer", "turn", "actor", "declarer", "dummy", "phase", "contract"):
                continue
            out += _card_tokens(v)
    elif isinstance(data, list):
        for v in data:
            out += _card_tokens(v)
    elif isinstance(data, str) and len(data) == 2 and data[0] in "CDHS" and data[1] in "23456789TJQKA":
        out.append(data)
    return out


def play_random_deal(rng: random.Random, check: bool = True) -> DealState:
    s = DealState.start(deal_random(rng), rng.choice(SEATS))
    if check:
        audit(s)
    while s.phase != "done":
        if s.phase == "auction" and rng.random() < 0.6:
            action: Action = PASS
        else:
            action = rng.choice(s.legal_actions())
        s = s.apply(action, s.actor).after
        if check:
            audit(s)
    return s


def test_no_view_ever_leaks_a_card_over_complete_random_deals() -> None:
    rng = random.Random(4242)
    played = 0
    for _ in range(6):
        s = play_random_deal(rng)
        played += s.play is not None
    assert played >= 3


def test_no_leak_in_a_passed_out_deal() -> None:
    s = DealState.start(Deal.from_pbn(PBN), Seat.S)
    for _ in range(4):
        audit(s)
        s = s.apply(PASS).after
    audit(s)
    assert s.is_passed_out
    assert view_of(s, None).passed_out and view_of(s, None).all_hands == s.deal


def test_each_seat_sees_only_its_own_hand_during_the_auction() -> None:
    d = Deal.from_pbn(PBN)
    s = DealState.start(d, Seat.N)
    s = s.apply(parse_action("1S")).after
    for seat in SEATS:
        v = view_of(s, seat)
        assert v.hand == d.hand(seat) and v.original_hand == d.hand(seat)
        assert v.dummy_hand is None and v.all_hands is None
        assert v.visible_cards() == set(d.hand(seat))
        assert v.calls == ("1S",)
    spectator = view_of(s, None)
    assert spectator.hand is None and spectator.original_hand is None
    assert spectator.visible_cards() == set()
    assert spectator.legal == ()


def test_dummy_only_after_the_opening_lead() -> None:
    d = Deal.from_pbn(PBN)
    s = DealState.start(d, Seat.N)
    for a in ["1S", "P", "P", "P"]:
        s = s.apply(parse_action(a)).after
    # N declares, S is dummy, E leads: no one but S sees S's hand yet
    for seat in (Seat.N, Seat.E, Seat.W, None):
        assert view_of(s, seat).dummy_hand is None
        assert not set(d.hand(Seat.S)) & view_of(s, seat).visible_cards()
    s = s.apply(parse_action("CA")).after
    for seat in VIEWERS:
        v = view_of(s, seat)
        assert v.dummy_hand == s.play.remaining(Seat.S)  # type: ignore[union-attr]
        assert v.dummy is Seat.S
    # the other hidden hands stay hidden from the spectator and the opponents
    assert not set(d.hand(Seat.W)) & view_of(s, Seat.N).visible_cards()
    assert not set(d.hand(Seat.N)) & view_of(s, Seat.W).visible_cards()
    assert view_of(s, None).visible_cards() == set(d.hand(Seat.S)) | {Card.parse("CA")}


def test_all_hands_only_at_the_end() -> None:
    rng = random.Random(99)
    s = play_random_deal(rng, check=False)
    for seat in VIEWERS:
        v = view_of(s, seat)
        assert v.all_hands == s.deal
        assert len(v.visible_cards()) == 52
    last = s.undo()
    for seat in VIEWERS:
        assert view_of(last, seat).all_hands is None


def test_legal_actions_only_for_the_seat_that_acts() -> None:
    d = Deal.from_pbn(PBN)
    s = DealState.start(d, Seat.N)
    for a in ["1S", "P", "P", "P", "CA"]:
        s = s.apply(parse_action(a)).after
    # dummy (S) to play: declarer N gets the legal cards, S (dummy) gets none
    assert view_of(s, Seat.N).legal == tuple(s.legal_actions())
    assert view_of(s, Seat.S).legal == ()
    assert view_of(s, Seat.E).legal == () and view_of(s, None).legal == ()
    assert view_of(s, Seat.N).actor is Seat.N and view_of(s, Seat.N).turn is Seat.S


@pytest.mark.parametrize("seat", VIEWERS)
def test_view_serialises_to_json(seat: Seat | None) -> None:
    rng = random.Random(5)
    s = play_random_deal(rng, check=False).undo().undo()
    data = view_of(s, seat).to_dict()
    assert json.loads(json.dumps(data)) == data
    assert data["seat"] == (seat.name if seat is not None else None)


def test_the_audit_catches_a_leak() -> None:
    """Negative control: a view carrying another seat's hand is flagged."""
    from dataclasses import replace

    s = DealState.start(Deal.from_pbn(PBN), Seat.N)
    view = view_of(s, Seat.N)
    leaky = replace(view, dummy_hand=s.deal.hand(Seat.E))
    assert every_card_in(leaky) - allowed_cards(s, Seat.N) == set(s.deal.hand(Seat.E))
    assert {Card.parse(t) for t in _card_tokens(leaky.to_dict())} - allowed_cards(s, Seat.N)
