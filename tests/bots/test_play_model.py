"""Issue 9, "inference from declarer's line of play": the leads to tricks 2-13 read by a learned
model of the bots' own leads (``bazas.bots.play_model``), and the script that fits it."""

from __future__ import annotations

import json
import math
import random
from dataclasses import replace
from pathlib import Path
from typing import Any

from bazas.bots.base import TableContext
from bazas.bots.play import CardPlayer
from bazas.bots.play_model import PlayModel, hand_features, lead_events, load_play_model, suit_roles
from bazas.engine.calls import Strain
from bazas.engine.cards import Card, Hand
from bazas.engine.deal import Deal, deal_from_seed
from bazas.engine.seats import Seat

from .test_lead_prior_fit import load_script
from .test_play_textbook import layouts_at

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W
#: West leads against South's 4H; declarer wins the spade ace and leads a club from hand.
DEAL = "W:KQJ4.73.Q852.943 T86.92.AJT7.QJT2 973.QT65.964.K76 A52.AKJ84.K3.A85"


def _cards(*names: str) -> list[int]:
    return [Card.parse(n).index for n in names]


def test_lead_events_name_the_decider_and_what_everybody_saw() -> None:
    dummy = Hand.from_pbn("T86.92.AJT7.QJT2").mask
    tricks = [(W, _cards("SK", "S6", "S3", "SA")),      # South wins
              (S, _cards("H4", "H3", "H2", "H5")),      # South wins again, North plays H2
              (S, _cards("DK", "D2", "D7", "D4")),      # South's king wins
              (S, _cards("D3", "D5", "DA", "D6")),      # dummy's ace wins
              (N, _cards("CQ", "C6", "C5", "C3"))]      # dummy leads: declarer decides
    events = lead_events(tricks, S, Strain.H, dummy, suit_roles(("1H", "P", "4H", "P", "P", "P"), S, S))
    assert [e.trick for e in events] == [2, 3, 4, 5]
    last = events[-1]
    assert (last.leader, last.decider, last.role) == (N, S, "decl")
    assert last.later == Card.parse("C5").bit                     # declarer's card of that trick
    assert last.dummy == dummy & ~sum(Card.parse(c).bit for c in ("S6", "H2", "D7", "DA"))
    assert last.kinds == ("x", "x", "t", "x")
    assert "dled" in last.flags[1] and "ol" in last.flags[3] and "ownbid" in last.flags[2]
    assert events[0].gone == sum(Card.parse(c).bit for c in ("SK", "S6", "S3", "SA"))


def test_a_lead_is_a_choice_among_the_cards_of_the_hand_on_lead() -> None:
    """The chances of every card the decider could have led sum to one, for any values."""
    deal = deal_from_seed("play-model-1")
    rng = random.Random(3)
    model = PlayModel({f: rng.uniform(-2, 2) for f in _all_features(deal)})
    dummy = deal.hand(N).mask
    events = lead_events([(W, _first_trick(deal)), (S, [])], S, Strain.S, dummy, (("",),) * 4)
    assert events == []                                   # nothing led to trick 2 yet
    hand = deal.hand(S).mask & ~(1 << _first_trick(deal)[3])
    event = lead_events([(W, _first_trick(deal)), (S, [hand.bit_length() - 1])], S, Strain.S, dummy,
                        (("",),) * 4)[0]
    total = sum(model.likelihood(replace(event, card=c), hand) for c in range(52) if hand >> c & 1)
    assert abs(total - 1.0) < 1e-9
    elsewhere = next(c for c in range(52) if not hand >> c & 1)
    assert model.likelihood(replace(event, card=elsewhere), hand) == 0.0   # not in the hand


def _first_trick(deal: Deal) -> list[int]:
    """A legal first trick: each seat from West plays its lowest card of West's suit, if any."""
    lead = deal.hand(W).mask & -deal.hand(W).mask
    suit = (lead.bit_length() - 1) // 13
    cards = [lead.bit_length() - 1]
    for seat in (N, E, S):
        mine = deal.hand(seat).mask
        follow = mine & (0x1FFF << (13 * suit)) or mine
        cards.append((follow & -follow).bit_length() - 1)
    return cards


def _all_features(deal: Deal) -> set[str]:
    first = _first_trick(deal)
    hand = deal.hand(S).mask & ~(1 << first[3])
    event = lead_events([(W, first), (S, [hand.bit_length() - 1])], S, Strain.S, deal.hand(N).mask,
                        (("",),) * 4)[0]
    return {f for _, feats in hand_features(event, hand) for f in feats}


def _model_file(tmp_path: Path, values: dict[str, float]) -> str:
    path = tmp_path / "model.json"
    path.write_text(json.dumps({"values": values}), encoding="utf-8")
    return str(path)


def test_a_defender_reads_declarers_switch_by_the_model(tmp_path: Path) -> None:
    """With a model in which declarer leads a side suit from length, West, after declarer's club
    lead, weighs the layouts in which declarer holds more clubs higher; sharpness 0 reads nothing,
    and a decider who is not a computer player is not read by a model of the bots."""
    name = _model_file(tmp_path, {"decl|x|n4": 2.0, "decl|x|n3": 1.0})
    player = CardPlayer(play_model=name)
    view, knowledge, layouts = layouts_at(player, DEAL, "4H", S, ("SK", "S6", "S3", "SA", "C5"), 300, 4)
    assert view.seat == W
    computers = TableContext(ruleset="duplicate", computer_seats="NESW")
    weights = player._play_model_weights(view, layouts, [1.0] * len(layouts), view_contract(view), {S})
    clubs = 0x1FFF

    def mean_by_length(n: int) -> float:
        got = [w for lay, w in zip(layouts, weights, strict=True) if ((lay[S] & clubs).bit_count() + 1) == n]
        assert got, n
        return sum(got) / len(got)

    assert mean_by_length(4) > mean_by_length(3) > mean_by_length(2)
    flat = CardPlayer(play_model=name, play_model_sharpness=0.0)._play_model_weights(
        view, layouts, [1.0] * len(layouts), view_contract(view), {S})
    assert flat == [1.0] * len(layouts)
    steps = dict(player._reading_steps(view, knowledge, computers, view_contract(view)))
    assert "leads, by the play model" in steps
    people = TableContext(ruleset="duplicate", computer_seats="")
    assert "leads, by the play model" not in dict(player._reading_steps(view, knowledge, people, view_contract(view)))
    assert "leads, by the play model" not in dict(CardPlayer()._reading_steps(view, knowledge, computers,
                                                                              view_contract(view)))


def view_contract(view: Any) -> Any:
    from bazas.engine.calls import Contract

    return Contract.parse(view.contract)


def test_the_fit_learns_a_habit_of_the_leads_it_is_shown() -> None:
    """Made-up leads: the leader always leads its lowest card of the suit it leads. The fitted model
    makes the lowest card likelier than the other cards of the suit, and beats choosing uniformly."""
    script = load_script("fit_play_model")
    rng = random.Random(5)
    events = []
    for _ in range(300):
        rows = [[f"pos:{'lo' if i == 0 else 'hi'}", f"n{rng.randint(1, 5)}"] for i in range(rng.randint(2, 6))]
        events.append((rows, 0))
    values = script.fit(events, 1e-3, 300)
    assert values["pos:lo"] > values["pos:hi"] + 1.0
    got, uniform = script.log_chance(values, events)
    assert got > uniform + 0.5


def test_the_fit_reads_every_lead_of_a_recorded_deal() -> None:
    """The records' leads to tricks 2-13 are all found among their candidates (a forced lead, a
    single candidate, teaches nothing and is left out)."""
    from bazas.engine.calls import Contract
    from bazas.engine.play import Play

    script = load_script("fit_play_model")
    deal = deal_from_seed("play-model-record")
    contract = Contract.parse("4S")
    play = Play(deal, contract.strain, S)
    rng = random.Random(1)
    cards = []
    while not play.is_complete:
        card = rng.choice(play.legal_cards())
        cards.append(str(card))
        play = play.apply(card)
    record = {"deal": deal.to_pbn(W), "dealer": "S", "calls": ["4S", "P", "P", "P"], "contract": "4S",
              "declarer": "S", "play": cards, "index": 0}
    events = script.events_of(record)
    leads = [t for t in play.tricks[1:]]
    assert 0 < len(events) <= len(leads)
    for rows, chosen in events:
        assert 0 <= chosen < len(rows) and len(rows) > 1


def test_the_shipped_play_model_loads_and_is_finite() -> None:
    model = load_play_model("play_model.json")
    assert len(model.values) > 50
    assert all(math.isfinite(v) for v in model.values.values())
