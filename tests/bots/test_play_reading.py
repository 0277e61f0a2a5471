"""Card play, issue 9: reading the defenders' leads (the opening lead as a choice among the
hand's cards, and the top of a sequence at every lead) in the layouts' weights."""

from __future__ import annotations

import math
import random
from typing import Any

import pytest

from bazas.bots.base import Budget
from bazas.bots.leads import lead_likelihood
from bazas.bots.play import CardPlayer, equivalence_classes
from bazas.engine.calls import Contract
from bazas.engine.cards import Card, Hand
from bazas.engine.deal import deal_from_seed
from bazas.engine.seats import Seat
from bazas.engine.views import SeatView, view_of

from .test_play_textbook import DUPLICATE, at_trick_one, layouts_at

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W
#: West K-Q-J-4 of spades, South declarer in hearts (West leads the king).
KQJ_DEAL = "W:KQJ4.73.Q852.943 T86.92.AJT7.QJT2 973.QT65.964.K76 A52.AKJ84.K3.A85"


def test_root_ch1_lead_likelihood_is_a_choice_among_the_cards_of_the_hand() -> None:
    hand = Hand.from_pbn("KQJ4.73.Q852.943").mask
    contract = Contract.parse("4H")
    total = sum(lead_likelihood(hand, c.index, contract, (), (), 8.0) for c in Hand(hand))
    assert abs(total - 1.0) < 1e-9
    assert lead_likelihood(hand, Card.parse("SA").index, contract, (), (), 8.0) == 0.0
    # The king from K-Q-J is the textbook lead; the jack from it is not (ROOT ch. 1).
    king = lead_likelihood(hand, Card.parse("SK").index, contract, (), (), 8.0)
    jack = lead_likelihood(hand, Card.parse("SJ").index, contract, (), (), 8.0)
    assert king > 10 * jack
    # Sharpness 0: every card alike.
    assert abs(lead_likelihood(hand, Card.parse("SJ").index, contract, (), (), 0.0) - 1 / 13) < 1e-9


def test_root_ch2_an_underled_ace_is_unlikely_against_a_suit_contract() -> None:
    contract = Contract.parse("4H")
    low = Card.parse("S4").index
    from_ace = lead_likelihood(Hand.from_pbn("AJ84.73.Q852.943").mask, low, contract, (), (), 8.0)
    from_jack = lead_likelihood(Hand.from_pbn("QJ84.73.Q852.943").mask, low, contract, (), (), 8.0)
    assert from_ace < from_jack / 5


def test_third_hand_reads_the_opening_lead_king_from_king_queen() -> None:
    player = CardPlayer(lead_inference=8.0)
    view, knowledge, layouts = layouts_at(player, KQJ_DEAL, "4H", S, ("SK", "S6"), 300, 3)
    assert view.seat == E
    weights = player._lead_reading_weights(view, knowledge, DUPLICATE, layouts, [1.0] * len(layouts),
                                           Contract.parse("4H"), 8.0)
    queen = Card.parse("SQ").bit

    def mean(values: list[float]) -> float:
        return sum(values) / len(values)

    with_queen = [w for lay, w in zip(layouts, weights, strict=True) if lay[W] & queen]
    without = [w for lay, w in zip(layouts, weights, strict=True) if not lay[W] & queen]
    assert with_queen and without
    assert mean(with_queen) > 3 * mean(without)


def test_lead_likelihood_convention_favours_each_suits_conventional_card() -> None:
    # Fourth best from K-J-7-5-2 against 3NT is the five; the bonus moves the choice toward it and
    # away from the suit's other cards, and the result is still a choice among the hand's cards.
    hand = Hand.from_pbn("KJ752.Q83.T94.52").mask
    contract = Contract.parse("3NT")
    five, two = Card.parse("S5").index, Card.parse("S2").index
    plain = [lead_likelihood(hand, c, contract, (), (), 4.0) for c in (five, two)]
    bonus = [lead_likelihood(hand, c, contract, (), (), 4.0, convention=2.0) for c in (five, two)]
    assert bonus[0] > plain[0] and bonus[1] < plain[1]
    assert abs(bonus[0] / bonus[1] / (plain[0] / plain[1]) - math.exp(2.0)) < 1e-9
    assert abs(sum(lead_likelihood(hand, c.index, contract, (), (), 4.0, convention=2.0) for c in Hand(hand))
               - 1.0) < 1e-9


def _wests_king_read(player: CardPlayer, computer_seats: str) -> tuple[SeatView, Any, list[tuple[int, int, int, int]],
                                                                       list[float]]:
    """East's view after West's king of spades lead against 4H and dummy's card, layouts dealt, and
    the weights ``player``'s reading of the lead gives them (the computer players named)."""
    from bazas.bots.base import TableContext

    view, knowledge, layouts = layouts_at(player, KQJ_DEAL, "4H", S, ("SK", "S6"), 200, 3)
    context = TableContext(ruleset="duplicate", computer_seats=computer_seats)
    weights = player._lead_reading_weights(view, knowledge, context, layouts, [1.0] * len(layouts),
                                           Contract.parse("4H"), 8.0)
    return view, knowledge, layouts, weights


@pytest.mark.parametrize(("computer_seats", "own"), [("NESW", True), ("NS", False), ("", False)])
def test_a_computer_leaders_lead_is_read_by_the_players_own_table(computer_seats: str, own: bool) -> None:
    # West's king of spades: read by the table the bots lead by where West is a computer player,
    # by the textbook table otherwise (a person's or an outside program's lead).
    from bazas.bots.base import TableContext
    from bazas.bots.leads import LEAD_RULES
    from bazas.bots.play import _bid_suits

    player = CardPlayer(lead_reading_table="own", own_lead_sharpness=12.0, own_lead_convention=1.5)
    view, knowledge, layouts, weights = _wests_king_read(player, computer_seats)
    context = TableContext(ruleset="duplicate", computer_seats=computer_seats)
    contract = Contract.parse("4H")
    king = Card.parse("SK").index
    ours, theirs = _bid_suits(view, W)
    for lay, w in list(zip(layouts, weights, strict=True))[:40]:
        hand = lay[W] | Card.parse("SK").bit
        if own:
            expected = lead_likelihood(hand, king, contract, ours, theirs, 12.0, player._lead_rules(), 1.5)
        else:
            expected = lead_likelihood(hand, king, contract, ours, theirs, 8.0, LEAD_RULES)
        assert w == pytest.approx(expected)
    with pytest.raises(ValueError, match="lead_reading_table"):
        CardPlayer(lead_reading_table="books")._lead_reading_weights(
            view, knowledge, context, layouts, [1.0] * len(layouts), contract, 8.0)


@pytest.mark.parametrize(("computer_seats", "by_model"), [("NESW", True), ("NS", False)])
def test_issue9_a_computer_leaders_lead_is_read_by_the_lead_model_it_leads_by(computer_seats: str,
                                                                            by_model: bool) -> None:
    # lead_reading_table "model": West's king of spades read by the learned lead model the bots
    # lead by (a softmax of its values over West's thirteen cards in each layout, the conventional
    # card of each suit given a bonus), where West is a computer player; by the textbook table else.
    from bazas.bots.lead_model import auction_roles, load_lead_model
    from bazas.bots.leads import LEAD_RULES, conventional_lead, suit_ranks
    from bazas.bots.play import _bid_suits

    player = CardPlayer(lead_reading_table="model", model_lead_sharpness=20.0, model_lead_convention=1.5)
    view, _, layouts, weights = _wests_king_read(player, computer_seats)
    contract = Contract.parse("4H")
    king = Card.parse("SK").index
    model = load_lead_model()
    assert view.declarer is not None
    roles = auction_roles(view.calls, view.dealer, W, view.declarer)
    ours, theirs = _bid_suits(view, W)
    for lay, w in list(zip(layouts, weights, strict=True))[:60]:
        hand = lay[W] | Card.parse("SK").bit
        if not by_model:
            assert w == pytest.approx(lead_likelihood(hand, king, contract, ours, theirs, 8.0, LEAD_RULES))
            continue
        exponent = {}
        for c in Hand(hand):
            conv = conventional_lead(suit_ranks(hand, c.index // 13), False, "partner" in roles[c.index // 13])
            exponent[c.index] = 20.0 * model.value(hand, c.index, contract, roles) + (1.5 if c.rank == conv else 0.0)
        top = max(exponent.values())
        expected = math.exp(exponent[king] - top) / sum(math.exp(e - top) for e in exponent.values())
        assert w == pytest.approx(expected)


def test_issue9_lead_reader_values_a_suit_once_per_holding_and_hand_facts() -> None:
    # The reader works out a suit's values once per holding and the few facts of the rest of the
    # hand they depend on; whatever hands came before, a hand's likelihood is the direct softmax.
    from bazas.bots.lead_model import LeadReader, auction_roles, load_lead_model

    model = load_lead_model()
    rng = random.Random(9)
    for contract_text, calls in (("4H", ("1H", "P", "2H", "P", "4H", "P", "P", "P")),
                                 ("3NT", ("1D", "1S", "2NT", "P", "3NT", "P", "P", "P")),
                                 ("4SX", ("1S", "2H", "4S", "P", "P", "X", "P", "P", "P"))):
        contract = Contract.parse(contract_text)
        roles = auction_roles(calls, N, W, N)
        reader = LeadReader(model, contract, roles, sharpness=15.0, convention=1.0)
        fixed = Card.parse("SK").bit | Card.parse("D4").bit
        for _ in range(300):
            rest = rng.sample([c for c in range(52) if not fixed >> c & 1], 11)
            hand = fixed | sum(1 << c for c in rest)
            exps = {c.index: 15.0 * model.value(hand, c.index, contract, roles) for c in Hand(hand)}
            for c in Hand(hand):
                suit = c.index // 13
                if c.rank == conventional_rank(hand, suit, contract, roles):
                    exps[c.index] += 1.0
            top = max(exps.values())
            total = sum(math.exp(e - top) for e in exps.values())
            for card in (Card.parse("SK").index, Card.parse("D4").index):
                assert reader.likelihood(hand, card) == pytest.approx(math.exp(exps[card] - top) / total)
        assert reader.likelihood(fixed, Card.parse("HA").index) == 0.0


def conventional_rank(hand: int, suit: int, contract: Contract, roles: tuple[frozenset[str], ...]) -> int:
    from bazas.bots.leads import conventional_lead, suit_ranks
    from bazas.engine.calls import Strain

    return conventional_lead(suit_ranks(hand, suit), contract.strain is Strain.NT, "partner" in roles[suit])


def _trick_two_lead_of_the_ten() -> tuple[CardPlayer, SeatView, list[tuple[int, int, int, int]], list[float]]:
    # West cashes the spade ace (dummy's singleton jack falls), then leads the ten.
    deal = "W:AQT4.73.Q852.943 J.9652.AJT7.QJT2 K9862.QT4.964.K7 753.AKJ8.K3.A865"
    player = CardPlayer(sequence_reading=0.1)
    view, knowledge, layouts = layouts_at(player, deal, "4H", S, ("SA", "SJ", "S2", "S3", "ST", "H2"), 300, 5)
    assert view.seat == E
    weights = player._sequence_weights(view, knowledge, layouts, [1.0] * len(layouts))
    return player, view, layouts, weights


def test_root_ch1_top_of_a_sequence_read_across_a_card_played_earlier() -> None:
    # With the jack gone, Q-10 touch: a West holding the queen would have led it, not the ten.
    _, _, layouts, weights = _trick_two_lead_of_the_ten()
    queen = Card.parse("SQ").bit
    assert any(lay[W] & queen for lay in layouts) and any(not lay[W] & queen for lay in layouts)
    for lay, w in zip(layouts, weights, strict=True):
        assert w == (0.1 if lay[W] & queen else 1.0), Hand(lay[W])


def test_top_of_a_sequence_the_opening_lead_under_a_held_ace() -> None:
    # The king led at trick one: West would have led the ace from A-K (the bots' top of a sequence).
    player = CardPlayer(sequence_reading=0.2)
    view, knowledge, layouts = layouts_at(player, KQJ_DEAL, "4H", S, ("SK", "S6"), 300, 3)
    weights = player._sequence_weights(view, knowledge, layouts, [1.0] * len(layouts))
    ace = Card.parse("SA").bit
    assert any(lay[W] & ace for lay in layouts)
    for lay, w in zip(layouts, weights, strict=True):
        assert w == (0.2 if lay[W] & ace else 1.0)


def test_resampling_solves_fewer_layouts_drawn_from_a_larger_pool() -> None:
    from bazas.bots.base import Budget
    from bazas.bots.play import resample

    # West's ten, read as top of a sequence: the layouts with the queen in West are seldom drawn.
    _, view, layouts, weights = _trick_two_lead_of_the_ten()
    drawn, counts = resample(layouts, weights, 40, random.Random(2))
    assert sum(counts) == 40 and len(drawn) == len(counts) <= 40
    queen = Card.parse("SQ").bit
    share_pool = sum(w for lay, w in zip(layouts, weights, strict=True) if lay[W] & queen) / sum(weights)
    share_drawn = sum(c for lay, c in zip(drawn, counts, strict=True) if lay[W] & queen) / 40
    # Systematic draws: each layout drawn floor or ceil of its expected number of times, and so
    # any group of layouts within one draw per run of consecutive members of the pool.
    total = sum(weights)
    drawn_count = dict(zip(drawn, counts, strict=True))
    assert len(set(layouts)) == len(layouts)
    for lay, w in zip(layouts, weights, strict=True):
        expected = 40 * w / total
        assert math.floor(expected - 1e-9) <= drawn_count.get(lay, 0) <= math.ceil(expected + 1e-9)
    held = [bool(lay[W] & queen) for lay in layouts]
    runs = sum(1 for k, h in enumerate(held) if h and (k == 0 or not held[k - 1]))
    assert abs(share_drawn - share_pool) <= runs / 40 + 1e-9
    # The card player with a pool: legal, deterministic, no more layouts solved than planned.
    cards = set()
    for _ in range(2):
        # No auction constraints: the test deal's 4H opening is no textbook preempt.
        player = CardPlayer(resample=6.0, sequence_reading=0.1, constraints=lambda view, context: {})
        decision = player.choose(view, DUPLICATE, random.Random(9), Budget(0.2))
        assert decision.action in view.legal
        assert player.last_info["pool"] > player.last_info["solved"]
        cards.add(decision.action)
    assert len(cards) == 1


def _declarer_wins_with_the_king() -> tuple[SeatView, list[tuple[int, int, int, int]], list[float]]:
    # West leads a spade against 4H, dummy plays low, East the jack, South (declarer) wins with
    # the king and leads a club (the three: its 2 is in dummy, its 4 with West, no equal card).
    deal = "W:T9854.73.Q852.94 763.92.AJT7.QJT2 QJ2.QT65.964.K76 AK.AKJ84.K3.A853"
    player = CardPlayer(habit_reading=0.05)
    view, knowledge, layouts = layouts_at(player, deal, "4H", S, ("S5", "S3", "SJ", "SK", "C3"), 300, 5)
    assert view.seat == W
    weights = player._habit_weights(view, layouts, [1.0] * len(layouts), S, 0.05)
    return view, layouts, weights


def test_declarer_bot_winning_with_the_king_denies_the_queen() -> None:
    # The bots follow with the lowest of equal cards: from K-Q they win with the queen.
    _, layouts, weights = _declarer_wins_with_the_king()
    queen = Card.parse("SQ").bit
    assert any(lay[S] & queen for lay in layouts) and any(not lay[S] & queen for lay in layouts)
    for lay, w in zip(layouts, weights, strict=True):
        assert w == (0.05 if lay[S] & queen else 1.0), Hand(lay[S])


def test_declarer_bot_leads_the_top_of_its_equals() -> None:
    # South wins the spade with the queen from A-K-Q (the lowest of its equals) and leads the
    # heart queen: a South holding the heart king, touching the queen, would have led it.
    deal = "W:T9854.73.Q852.94 763.92.AJT7.QJT2 J2.K654.964.K763 AKQ.AQJT8.K3.A85"
    player = CardPlayer(habit_reading=0.05)
    view, knowledge, layouts = layouts_at(player, deal, "4H", S, ("S5", "S3", "SJ", "SQ", "HQ"), 300, 6)
    assert view.seat == W
    weights = player._habit_weights(view, layouts, [1.0] * len(layouts), S, 0.05)
    king = Card.parse("HK").bit
    spade_king = Card.parse("SK").bit
    assert any(lay[S] & spade_king for lay in layouts)   # winning with the queen from K-Q is the habit
    for lay, w in zip(layouts, weights, strict=True):
        assert w == (0.05 if lay[S] & king else 1.0), Hand(lay[S])
    assert 0.05 in weights and 1.0 in weights


@pytest.mark.parametrize("seed", [4, 5])
def test_the_bots_habit_among_equals_is_the_one_read(seed: int) -> None:
    # What the reading assumes of a computer declarer, checked on its own play: every card it
    # plays (its own and dummy's) is the top of its equals when leading and the lowest when
    # following or discarding. (A defender's card among equals is its signal, read otherwise.)
    rng = random.Random(seed)
    state = at_trick_one(deal_from_seed(200 + seed).to_pbn(), rng.choice(["3NT", "4S", "2H"]), Seat(seed % 4))
    player = CardPlayer(max_samples=8)
    checked = 0
    while state.phase == "play":
        view = view_of(state, state.actor)
        decision = player.choose(view, DUPLICATE, rng, Budget(0.02))
        card = decision.action
        assert isinstance(card, Card)
        assert view.turn is not None
        legal = sum(c.bit for c in view.legal if isinstance(c, Card))
        classes = equivalence_classes(player._hand_of(view, view.turn), legal, player._played_mask(view))
        cls = next(c for c in classes if card.index in c)
        if view.declarer is not None and view.turn.side == view.declarer.side:
            checked += len(cls) > 1
            assert card.index == (cls[-1] if view.current is None else cls[0]), (str(card), cls)
        state = state.apply(card, state.actor).after
    assert checked > 0
