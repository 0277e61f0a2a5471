"""Card play: textbook positions, opening leads, determinism and legality of the card player."""

from __future__ import annotations

import random

import pytest

from bazas.bots.base import Budget, TableContext
from bazas.bots.play import CardPlayer, equivalence_classes, lead_prior, score_function
from bazas.bots.sampling import Knowledge, Layout
from bazas.engine.calls import Contract, Strain
from bazas.engine.cards import Card, Hand
from bazas.engine.deal import Deal, deal_from_seed
from bazas.engine.seats import Seat
from bazas.engine.state import DealState
from bazas.engine.views import SeatView, view_of

from .test_play_endings import ending

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W
DUPLICATE = TableContext(ruleset="duplicate")


def decide(state: DealState, budget: float = 0.2, seed: int = 1, **kwargs: object) -> tuple[Card, CardPlayer]:
    player = CardPlayer(**kwargs)  # type: ignore[arg-type]
    view = view_of(state, state.actor)
    decision = player.choose(view, DUPLICATE, random.Random(seed), Budget(budget))
    assert isinstance(decision.action, Card)
    assert decision.action in view.legal
    return decision.action, player


def at_trick_one(deal: str, contract: str, declarer: Seat, cards: tuple[str, ...] = ()) -> DealState:
    d = Deal.from_pbn(deal)
    state = DealState.start(d, declarer)
    for call in (contract, "P", "P", "P"):
        from bazas.engine.state import parse_action

        state = state.apply(parse_action(call)).after
    for c in cards:
        state = state.apply(Card.parse(c)).after
    return state


# -- equivalence and scoring -----------------------------------------------------------------

def test_touching_cards_are_one_class_but_the_trick_in_progress_still_competes() -> None:
    hand = Hand.from_pbn("KJ4.-.-.-").mask
    played_q = Card.parse("SQ").bit
    assert [len(c) for c in equivalence_classes(hand, hand, played_q)] == [1, 2]  # 4 | J K
    assert [len(c) for c in equivalence_classes(hand, hand, 0)] == [1, 1, 1]


def test_score_function_follows_the_ruleset() -> None:
    dup = score_function(Contract.parse("4S"), N, DUPLICATE)
    assert dup(10) == 420 and dup(11) == 450 and dup(9) == -50
    old = score_function(Contract.parse("1S"), N, TableContext(ruleset="auction-1920"))
    assert old(10) > old(9) > old(8) > old(7) > 0 > old(6)  # every trick counts in 1920


# -- declarer play ---------------------------------------------------------------------------

def test_finesse_against_the_king_with_a_tenace() -> None:
    # Dummy leads toward A-Q; East follows low: the queen (finesse) is never worse.
    state = ending({N: "32.-.-.A", S: "AQ.A.-.-", E: "K54.-.-.-", W: "T9.-.A.-"}, Strain.NT, S, N,
                   current=("S2", "S4"), level=7)
    card, player = decide(state)
    assert card == Card.parse("SQ"), player.last_info


def test_last_info_reports_expected_tricks_and_best_share_per_card() -> None:
    # For analysis of errors: per candidate card, the expected score, tricks and share of layouts
    # in which it is double-dummy best.
    state = ending({N: "32.-.-.A", S: "AQ.A.-.-", E: "K54.-.-.-", W: "T9.-.A.-"}, Strain.NT, S, N,
                   current=("S2", "S4"), level=7)
    _, player = decide(state)
    info = player.last_info
    assert set(info["tricks"]) == set(info["best_share"]) == set(info["expected"]) == {"SQ", "SA"}
    assert all(0.0 <= v <= 1.0 for v in info["best_share"].values())
    assert info["best_share"]["SQ"] >= info["best_share"]["SA"]
    assert info["tricks"]["SQ"] >= info["tricks"]["SA"]


def test_ruff_a_loser_in_dummy_before_drawing_trumps() -> None:
    state = ending({S: "AKQ.-.-.2", N: "4.32.2.-", E: "J.A.-.AK", W: "-.KQ.-.QJ"}, Strain.S, S, S,
                   declarer_filler=6)
    card, player = decide(state)
    assert card == Card.parse("C2"), player.last_info


def test_hold_up_the_ace_at_notrump() -> None:
    # 3NT by South; West leads the spade king from KQJT8, East holds the diamond ace and three
    # spades: declarer (A32 opposite 54) must duck.
    deal = "S:A32.AKQ.QJT9.AKQ KQJT8.J987.32.J9 54.5432.K87.5432 976.T6.A654.T876"
    state = at_trick_one(deal, "3NT", S, ("SK", "S4", "S6"))
    assert state.actor == S
    card, player = decide(state, budget=0.5)
    assert card != Card.parse("SA"), player.last_info


# -- opening leads ---------------------------------------------------------------------------

# These check the textbook lead table (``lead_model`` None). The learned lead model, the default
# prior since 5 December, leaves the books where double dummy does on average: its own tests are in
# test_lead_model (on the first deal below it leads the diamond ten, a trick better double dummy).

def test_fourth_best_of_the_longest_suit_against_notrump() -> None:
    deal = "W:KJ752.Q83.T94.52 T98.J64.QJ75.Q64 63.AT97.862.AKT7 AQ4.K52.AK3.J983"
    state = at_trick_one(deal, "3NT", S)
    assert state.actor == W
    card, player = decide(state, lead_model=None)
    assert card == Card.parse("S5"), player.last_info


def test_top_of_a_sequence_against_a_suit_contract() -> None:
    deal = "W:KQJ4.73.Q852.943 T86.92.AJT7.QJT2 973.QT65.964.K76 A52.AKJ84.K3.A85"
    state = at_trick_one(deal, "4H", S)
    assert state.actor == W
    card, player = decide(state, lead_model=None)
    assert card == Card.parse("SK"), player.last_info


def test_no_underlead_of_an_ace_against_a_suit_contract() -> None:
    deal = "W:A842.K73.Q852.94 973.QT65.964.K76 JT6.2.AJT7.QJT32 KQ5.AJ984.K3.A85"
    state = at_trick_one(deal, "4H", S)
    assert state.actor == W
    card, player = decide(state)
    assert not (card.suit.name == "S" and card.rank != 14), player.last_info


def test_lead_prior_rules() -> None:
    hand = Hand.from_pbn("A842.K73.Q852.94").mask
    c4h = Contract.parse("4H")
    assert lead_prior(hand, Card.parse("S2").index, c4h, set(), set()) < lead_prior(
        hand, Card.parse("C9").index, c4h, set(), set())
    nt = Contract.parse("3NT")
    hand = Hand.from_pbn("KJ752.Q83.T94.52").mask
    priors = {c: lead_prior(hand, Card.parse(c).index, nt, set(), set()) for c in ("S5", "S2", "SK", "HQ", "D4")}
    assert max(priors, key=lambda c: priors[c]) == "S5"


# -- properties ------------------------------------------------------------------------------

def test_same_view_seed_and_budget_give_the_same_card() -> None:
    deal = deal_from_seed(11)
    state = at_trick_one(deal.to_pbn(), "2NT", S, ())
    for _ in range(3):
        legal = state.play.legal_cards() if state.play else []
        state = state.apply(legal[len(legal) // 2]).after
    a, _ = decide(state, seed=7)
    b, _ = decide(state, seed=7)
    assert a == b


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_card_is_legal_through_whole_deals(seed: int) -> None:
    rng = random.Random(seed)
    deal = deal_from_seed(100 + seed)
    contract = rng.choice(["3NT", "4S", "2H", "5D", "1C"])
    state = at_trick_one(deal.to_pbn(), contract, Seat(seed % 4))
    player = CardPlayer(max_samples=8)
    while state.phase == "play":
        view = view_of(state, state.actor)
        decision = player.choose(view, DUPLICATE, rng, Budget(0.02))
        assert decision.action in view.legal
        assert decision.explanation is not None and decision.explanation.en
        state = state.apply(decision.action, state.actor).after
    assert state.phase == "done"


# -- inference from the play and effort ------------------------------------------------------

def test_more_layouts_where_solving_is_cheap() -> None:
    state = ending({N: "32.-.-.A", S: "AQ.A.-.-", E: "K54.-.-.-", W: "T9.-.A.-"}, Strain.NT, S, N, level=7)
    view = view_of(state, state.actor)
    plain = CardPlayer(max_samples=24)._plan(view, Budget(0.5), 3, True)
    wide = CardPlayer(max_samples=24, cheap_factor=4.0)._plan(view, Budget(0.5), 3, True)
    assert plain.samples == 24 and wide.samples == 96


def layouts_at(player: CardPlayer, deal: str, contract: str, declarer: Seat, cards: tuple[str, ...],
               n: int, seed: int) -> tuple[SeatView, Knowledge, list[Layout]]:
    """The view of the seat to act after ``cards``, what ``player`` knows there (no auction
    constraints) and ``n`` layouts sampled from it."""
    from bazas.bots.sampling import sample_layouts

    state = at_trick_one(deal, contract, declarer, cards)
    view = view_of(state, state.actor)
    knowledge = player._knowledge(view, DUPLICATE, with_constraints=False)
    return view, knowledge, sample_layouts(knowledge, n, random.Random(seed)).layouts


def test_layouts_where_the_opening_lead_is_not_the_textbook_card_weigh_less() -> None:
    deal = "W:KQJ4.73.Q852.943 T86.92.AJT7.QJT2 973.QT65.964.K76 A52.AKJ84.K3.A85"
    player = CardPlayer(lead_consistency=0.25)
    view, knowledge, layouts = layouts_at(player, deal, "4H", S, ("SK", "S6"), 200, 3)
    weights = player._lead_weights(view, knowledge, layouts, [1.0] * len(layouts), Contract.parse("4H"))
    sq, sa = Card.parse("SQ").bit, Card.parse("SA").bit
    spades = 0x1FFF << 39
    for lay, w in zip(layouts, weights, strict=True):
        west = lay[W] | Card.parse("SK").bit
        if lay[W] & sq and not lay[W] & sa:
            assert w == 1.0                        # K from KQ: top of a sequence
        elif (west & spades).bit_count() >= 3:
            assert w == 0.25                       # K from Kxx or AKx would be no textbook lead
    assert 0.25 in weights and 1.0 in weights


def test_layouts_where_a_recent_card_was_a_double_dummy_mistake_weigh_less() -> None:
    deal = deal_from_seed(11)
    state = at_trick_one(deal.to_pbn(), "3NT", S, ())
    for _ in range(9):
        legal = state.play.legal_cards() if state.play else []
        state = state.apply(legal[0]).after
    card, player = decide(state, budget=0.2, max_samples=16, consistency=0.0, consistency_cost=50.0)
    assert player.last_info["checked"] >= 1    # the other players' recent cards were checked
    assert player.last_info["solved"] >= 1


def test_robust_tie_break_still_plays_textbook_cards() -> None:
    state = ending({N: "32.-.-.A", S: "AQ.A.-.-", E: "K54.-.-.-", W: "T9.-.A.-"}, Strain.NT, S, N,
                   current=("S2", "S4"), level=7)
    card, player = decide(state, prefer_robust=True, robust_eps=0.1, consistency=0.3, lead_consistency=0.4)
    assert card == Card.parse("SQ"), player.last_info


# -- finesse or drop by the odds (the decision on the second round) ----------------------------
# North (declarer, K-J-10-9 left) has cashed dummy's ace, both defenders following low; now dummy
# (South) leads low and West follows low. 7NT needs every trick, so the queen decides; the other
# cards left are top cards that touch nothing played, so only the spades carry information.

def _nine_cards_missing_the_queen() -> DealState:
    # N K-J-10-9-5 opposite S A-8-7-6 (nine); Q-4-3-2 out, 4 and 3 fell under the ace.
    return ending({N: "KJT9.-.-.-", S: "876.2.-.-", E: "Q.AKQ.-.-", W: "2.J.A.A"}, Strain.NT, N, S,
                  current=("S6", "S2"))


def _eight_cards_missing_the_queen() -> DealState:
    # N K-J-10-9-6 opposite S A-8-7 (eight); Q-5-4-3-2 out, 5 and 4 fell under the ace.
    return ending({N: "KJT9.-.-.-", S: "87.2.2.-", E: "2.AKQ.-.-", W: "Q3.J.-.A"}, Strain.NT, N, S,
                  current=("S7", "S3"))


@pytest.mark.parametrize("restricted_choice", [False, True])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_textbook_nine_cards_missing_queen_play_for_the_drop(seed: int, restricted_choice: bool) -> None:
    # Only the queen is out: West's Q-x-x (finesse) against East's Q-x (drop); East has one
    # vacant place more, so the king (drop) is right: "nine never".
    state = _nine_cards_missing_the_queen()
    assert state.actor == N
    card, player = decide(state, budget=0.05, seed=seed, restricted_choice=restricted_choice)
    assert player.last_info["exact"]
    assert card == Card.parse("SK"), player.last_info


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_textbook_eight_cards_missing_queen_finesse(seed: int) -> None:
    # Q and one small card out: West's Q-x-x (finesse) against East's Q-x (drop), both 3-2. But
    # with Q-x-x West had 1 way in 2 to play the 4 then the 3 and East 1 in 2 to play the 5 from
    # 5-2 (1/4); with x-x-x West had 1 in 3 then 1 in 2 and East's 5 was forced from Q-5 (1/6):
    # restricted choice makes the finesse 3:2 ("eight ever"): any of the equal J-10-9. Without
    # that weighting (on by default) the sampler would see both layouts as equally likely.
    state = _eight_cards_missing_the_queen()
    assert state.actor == N
    card, player = decide(state, budget=0.05, seed=seed)
    assert player.restricted_choice
    assert player.last_info["exact"]
    assert card in {Card.parse(c) for c in ("SJ", "ST", "S9")}, player.last_info


def test_restricted_choice_weighs_queen_x_x_over_queen_x_three_to_two() -> None:
    state = _eight_cards_missing_the_queen()
    view = view_of(state, state.actor)
    player = CardPlayer(restricted_choice=True)
    knowledge = player._knowledge(view, DUPLICATE, with_constraints=False)
    north, south = Hand.from_pbn("KJT9.-.-.-").mask, Hand.from_pbn("87.2.2.-").mask
    east = Hand.from_pbn("-.AKQ.-.-").mask
    west = Hand.from_pbn("-.J.-.A").mask
    sq, s2 = Card.parse("SQ").bit, Card.parse("S2").bit
    west_q = (north, east | s2, south, west | sq)    # West was dealt Q-4-3, East 5-2
    east_q = (north, east | sq, south, west | s2)    # West was dealt 4-3-2, East Q-5
    w_q, e_q = player._choice_weights(view, knowledge, [west_q, east_q], [1.0, 1.0])
    assert w_q == pytest.approx(1 / 4) and e_q == pytest.approx(1 / 6)


def test_restricted_choice_leaves_out_partners_cards() -> None:
    # A partner's choice among equals follows the partnership's habits (signals), not chance:
    # with West skipped only East's choice weighs (1/2 from 5-2 with West holding Q-4-3; the 5
    # forced from Q-5).
    state = _eight_cards_missing_the_queen()
    view = view_of(state, state.actor)
    player = CardPlayer()
    knowledge = player._knowledge(view, DUPLICATE, with_constraints=False)
    north, south = Hand.from_pbn("KJT9.-.-.-").mask, Hand.from_pbn("87.2.2.-").mask
    east = Hand.from_pbn("-.AKQ.-.-").mask
    west = Hand.from_pbn("-.J.-.A").mask
    sq, s2 = Card.parse("SQ").bit, Card.parse("S2").bit
    west_q = (north, east | s2, south, west | sq)
    east_q = (north, east | sq, south, west | s2)
    w_q, e_q = player._choice_weights(view, knowledge, [west_q, east_q], [1.0, 1.0], skip={W})
    assert w_q == pytest.approx(1 / 2) and e_q == pytest.approx(1.0)


@pytest.mark.parametrize(("computer_seats", "skipped"), [("", {S}), ("NESW", {N, E, S, W}), ("NS", {N, S})])
def test_restricted_choice_applies_to_people_not_to_computer_opponents(
        computer_seats: str, skipped: set[Seat], monkeypatch: pytest.MonkeyPatch) -> None:
    # Computer players' habits are known (lowest of equals, signals): only a person's choice
    # among equal cards counts as chance. North declares here; South is dummy (its partner).
    seen: list[set[Seat]] = []
    original = CardPlayer._choice_weights

    def spy(view, knowledge, layouts, weights, skip=()):  # type: ignore[no-untyped-def]
        seen.append(set(skip))
        return original(view, knowledge, layouts, weights, skip)

    monkeypatch.setattr(CardPlayer, "_choice_weights", staticmethod(spy))
    state = _eight_cards_missing_the_queen()
    player = CardPlayer()
    view = view_of(state, state.actor)
    player.choose(view, TableContext(ruleset="duplicate", computer_seats=computer_seats), random.Random(1),
                  Budget(0.05))
    assert seen and seen[-1] == skipped
