"""Strategy fusion (``bazas.bots.fusion``, ``CardPlayer.fusion_candidates``): declarer's next
decision searched as one card for all the layouts declarer cannot tell apart. The endings are
worked out by hand in the comments; the solver only confirms the double-dummy premises."""

from __future__ import annotations

import random

import pytest

from bazas.bots.base import Budget
from bazas.bots.dds import LocalSolver, Position, solve_many
from bazas.bots.fusion import fused_values
from bazas.bots.play import CardPlayer
from bazas.engine.cards import ALL_CARDS, Card
from bazas.engine.deal import deal_from_seed
from bazas.engine.play import trick_winner
from bazas.engine.seats import Seat
from bazas.engine.state import DealState, parse_action
from bazas.engine.views import view_of


def _mask(*cards: str) -> int:
    return sum(1 << Card.parse(c).index for c in cards)


def _named(values: dict[int, float] | None) -> dict[str, float]:
    assert values is not None
    return {str(ALL_CARDS[c]): v for c, v in values.items()}


#: Notrump, South (seat 2) on lead, four cards each. Dummy (North) SA SJ S2 H2, South SK ST S3 HA:
#: a two-way finesse for the spade queen. In the first layout West holds SQ98 and a club, East
#: S765 and the heart king; in the second West S987 and the heart king, East SQ65 and a club.
NORTH = _mask("SA", "SJ", "S2", "H2")
SOUTH = _mask("SK", "ST", "S3", "HA")
WEST_HAS_QUEEN = (NORTH, _mask("S7", "S6", "S5", "HK"), SOUTH, _mask("SQ", "S9", "S8", "C2"))
EAST_HAS_QUEEN = (NORTH, _mask("SQ", "S6", "S5", "C2"), SOUTH, _mask("S9", "S8", "S7", "HK"))


def _two_layouts() -> list[Position]:
    return [Position(WEST_HAS_QUEEN, -1, 2), Position(EAST_HAS_QUEEN, -1, 2)]


def test_trick_winner_highest_of_suit_led_or_highest_trump() -> None:
    sa, s2, h3, c4 = (Card.parse(c).index for c in ("SA", "S2", "H3", "C4"))
    assert trick_winner((s2, sa, h3, c4), 1, -1) == 2            # East leads, South's ace wins
    assert trick_winner((s2, sa, h3, c4), 1, int(Card.parse("H3").suit)) == 3   # West's heart ruffs
    assert trick_winner((c4, sa, s2, h3), 3, -1) == 3            # nobody follows the club: the leader


def test_position_after_completes_the_trick_and_the_winner_leads() -> None:
    pos = _two_layouts()[0]
    for name in ("HA", "C2", "H2", "HK"):
        pos, winner = pos.after(Card.parse(name).index)
    assert winner == 2 and pos.leader == 2 and pos.current == ()
    assert all(h.bit_count() == 3 for h in pos.hands)


def test_double_dummy_guesses_the_two_way_finesse_in_every_layout() -> None:
    # The premise: solved layout by layout, the heart ace and the small spade both take all four
    # tricks (the finesse is always taken the right way).
    for result in solve_many(_two_layouts()):
        assert result[Card.parse("HA").index] == 4
        assert result[Card.parse("S3").index] == 4


def test_fusion_one_card_for_the_layouts_declarer_cannot_tell_apart() -> None:
    values = _named(fused_values(LocalSolver(), _two_layouts(), [1.0, 1.0],
                                 [Card.parse(c).index for c in ("HA", "S3", "SK", "ST")], float))
    # The small spade first: West follows with the eight in both layouts (it holds it in both), so
    # dummy must choose the jack (right when West has the queen) or the ace (right when East has
    # it) not knowing which: four tricks in one layout, three in the other.
    assert values["S3"] == pytest.approx(3.5)
    # The heart ace first: West shows out in one layout and follows with the king in the other,
    # so declarer knows where the queen is before the spades: four tricks in both.
    assert values["HA"] == pytest.approx(4.0)
    # The king (or ten) first: the same guess, and a trick lost in the second layout whatever
    # follows (double dummy says so too: 4 and 3).
    assert values["SK"] == pytest.approx(3.5)
    assert values["ST"] == pytest.approx(3.0)


def test_fusion_with_one_layout_is_double_dummy() -> None:
    layout = _two_layouts()[1]
    result = solve_many([layout])[0]
    values = fused_values(LocalSolver(), [layout], [1.0], sorted(result), float)
    assert values == {c: float(t) for c, t in result.items()}


def test_fusion_never_values_a_card_above_its_double_dummy_average() -> None:
    rng = random.Random(9)
    for _ in range(12):
        cards = rng.sample(range(52), 20)            # five-card endings at notrump or in spades
        north, south, hidden = cards[:5], cards[5:10], cards[10:]
        layouts = []
        for _ in range(4):
            rng.shuffle(hidden)
            layouts.append(Position((sum(1 << c for c in north), sum(1 << c for c in hidden[:5]),
                                     sum(1 << c for c in south), sum(1 << c for c in hidden[5:])),
                                    rng.choice([-1, 3]), 2))
        solved = solve_many(layouts)
        weights = [1.0, 2.0, 1.0, 0.5]
        values = fused_values(LocalSolver(), layouts, weights, sorted(solved[0]), float)
        assert values is not None
        for card, value in values.items():
            average = sum(w * r[card] for w, r in zip(weights, solved, strict=True)) / sum(weights)
            assert value <= average + 1e-9


def test_fusion_gives_up_when_out_of_time() -> None:
    assert fused_values(LocalSolver(), _two_layouts(), [1.0, 1.0], [Card.parse("S3").index], float,
                        out_of_time=lambda: True) is None


def test_card_player_with_fusion_plays_the_best_card_so_valued() -> None:
    from bazas.bots.base import TableContext

    state = DealState.start(deal_from_seed("fusion-7"), Seat.N)
    for call in ("1NT", "P", "3NT", "P", "P", "P"):
        state = state.apply(parse_action(call)).after
    tried = 0
    while state.phase == "play" and tried < 6:
        actor = state.actor
        assert actor is not None and state.play is not None
        player = CardPlayer(fusion_candidates=3, fusion_eps=50.0, fusion_layouts=1000)
        view = view_of(state, actor)
        card = player.choose(view, TableContext(), random.Random(3), Budget(0.2)).action
        info = player.last_info
        declarer_side = actor.side == state.auction.declarer.side  # type: ignore[union-attr]
        if declarer_side and "fused" in info:
            tried += 1
            fused, expected = info["fused"], info["expected"]
            # Every card valued one decision deeper is worth at most its double-dummy average
            # over the same layouts, and the card played is the best so valued.
            assert all(fused[c] <= expected[c] + 0.1 for c in fused)
            assert fused[str(card)] == max(fused.values())
        elif not declarer_side:
            assert "fused" not in info     # the defenders do not search this way
        state = state.apply(card).after
    assert tried >= 3


def test_fusion_without_hiding_the_defenders_spot_cards_tell_declarer_the_layout() -> None:
    # West follows with its lowest card: the eight from SQ98, the seven from S987, and declarer,
    # told the layout by the spot card, guesses right in both.
    values = _named(fused_values(LocalSolver(), _two_layouts(), [1.0, 1.0], [Card.parse("S3").index], float,
                                 hide=False))
    assert values["S3"] == pytest.approx(4.0)


def test_card_player_with_fusion_not_at_leads_searches_only_declarers_cards_following() -> None:
    from bazas.bots.base import TableContext

    state = DealState.start(deal_from_seed("fusion-7"), Seat.N)
    for call in ("1NT", "P", "3NT", "P", "P", "P"):
        state = state.apply(parse_action(call)).after
    declarer = state.auction.declarer
    assert declarer is not None
    followed = declarer_leads = 0
    while state.phase == "play" and state.play is not None and len(state.play.tricks) < 8:
        actor = state.actor
        assert actor is not None
        player = CardPlayer(fusion_candidates=3, fusion_eps=50.0, fusion_at_leads=False)
        view = view_of(state, actor)
        card = player.choose(view, TableContext(), random.Random(3), Budget(0.2)).action
        if actor.side == declarer.side and player.last_info.get("reason") == "sampled":
            if view.current is None:
                declarer_leads += 1
                assert "fused" not in player.last_info      # declarer's lead: not searched
            else:
                followed += "fused" in player.last_info
        state = state.apply(card).after
    assert declarer_leads >= 1 and followed >= 1
