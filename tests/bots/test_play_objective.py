"""Card play: what a card is chosen for (``CardPlayer.objective``), the expected score of the deal or
the expected tricks, checked on an ending where the two disagree."""

from __future__ import annotations

import itertools

import pytest

from bazas.bots.dds import Position, solve_many
from bazas.engine.calls import Strain
from bazas.engine.cards import ALL_CARDS, Card
from bazas.engine.rulesets import DUPLICATE as DUPLICATE_RULES
from bazas.engine.seats import Seat
from bazas.engine.state import DealState

from .test_play_endings import ending
from .test_play_textbook import decide

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W
#: Filler tricks declarer's side won before the ending (of nine).
FILLER_WON = 8


def _five_hearts_needing_three_of_four() -> DealState:
    # 5H by South (not vulnerable) with eight of the first nine tricks won: 11 needs three of the
    # last four. South: S5 H43 C8; dummy: SJ H2 CK6; out: S432 HQ8 DK C T5.
    return ending({N: "J.2.-.K6", E: "43.Q.-.T", S: "5.43.-.8", W: "2.8.K.5"}, Strain.H, S, S,
                  level=5, declarer_filler=FILLER_WON)


def _uniform_expectations(state: DealState) -> tuple[dict[str, float], dict[str, float]]:
    """Expected tricks and expected duplicate score of each of South's cards over every split of
    the defenders' cards, each split alike, solved double dummy: an account that shares nothing
    with the card player but the solver."""
    assert state.play is not None
    hands = state.play.hands
    hidden = [i for i in range(52) if (hands[1] | hands[3]) >> i & 1]
    contract = state.auction.contract
    assert contract is not None
    positions = []
    for east in itertools.combinations(hidden, hands[1].bit_count()):
        east_mask = sum(1 << c for c in east)
        west_mask = (hands[1] | hands[3]) & ~east_mask
        positions.append(Position((hands[0], east_mask, hands[2], west_mask), int(Strain.H), int(S)))
    solved = solve_many(positions)
    tricks: dict[str, float] = {}
    score: dict[str, float] = {}
    for card in solved[0]:
        name = str(ALL_CARDS[card])
        tricks[name] = sum(FILLER_WON + r[card] for r in solved) / len(solved)
        score[name] = sum(DUPLICATE_RULES.declarer_score(contract, FILLER_WON + r[card], False) for r in solved) / len(solved)
    return tricks, score


def test_uniform_account_of_the_ending_splits_tricks_from_score() -> None:
    # The premise of the tests below: the spade five wins most tricks on average, a trump the
    # most points (the contract more often, fewer overtricks).
    tricks, score = _uniform_expectations(_five_hearts_needing_three_of_four())
    assert max(tricks, key=tricks.__getitem__) == "S5"
    assert max(score, key=score.__getitem__) in {"H3", "H4"}


@pytest.mark.parametrize("seed", [1, 2])
def test_objective_score_plays_for_the_contract_and_tricks_for_tricks(seed: int) -> None:
    state = _five_hearts_needing_three_of_four()
    assert state.actor == S
    by_score, score_player = decide(state, budget=0.2, seed=seed, objective="score")
    assert score_player.last_info["exact"]
    assert by_score in {Card.parse("H3"), Card.parse("H4")}, score_player.last_info
    by_tricks, tricks_player = decide(state, budget=0.2, seed=seed, objective="tricks")
    assert tricks_player.last_info["exact"]
    assert by_tricks == Card.parse("S5"), tricks_player.last_info
    # Each choice is the best of its own measure in the player's account too.
    tricks, expected = tricks_player.last_info["tricks"], score_player.last_info["expected"]
    assert tricks["S5"] == max(tricks.values())
    assert expected[str(by_score)] == max(expected.values())


def test_unknown_objective_is_refused_by_name() -> None:
    with pytest.raises(ValueError, match="'points'"):
        decide(_five_hearts_needing_three_of_four(), objective="points")


# -- the opening lead: ``lead_tricks_weight`` -------------------------------------------------------

def _opening_lead_of(seed: str, contract: str) -> DealState:
    from bazas.engine.deal import deal_from_seed
    from bazas.engine.state import parse_action

    state = DealState.start(deal_from_seed(seed), S)
    for call in (contract, "P", "P", "P"):
        state = state.apply(parse_action(call)).after
    return state


#: The simulation's estimate alone decides (no prior, no robustness or convention margins), so the
#: lead chosen must be the best of the measure the option names in the player's own account.
PLAIN_LEAD = {"lead_prior_weight": 0.0, "prefer_robust": False, "lead_convention_eps": 0.0}


@pytest.mark.parametrize(("seed", "contract"), [("lead-objective-23", "3NT"), ("lead-objective-30", "4S")])
def test_opening_lead_valued_by_score_or_by_tricks(seed: str, contract: str) -> None:
    state = _opening_lead_of(seed, contract)
    assert state.actor == W
    by_score, score_player = decide(state, budget=0.2, seed=5, lead_tricks_weight=0.0, **PLAIN_LEAD)
    by_tricks, tricks_player = decide(state, budget=0.2, seed=5, lead_tricks_weight=1.0, **PLAIN_LEAD)
    expected, tricks = score_player.last_info["expected"], tricks_player.last_info["tricks"]
    assert expected[str(by_score)] == max(expected.values())
    assert tricks[str(by_tricks)] == max(tricks.values())
    # On these deals the two measures name different leads (when both solved the same planned
    # layouts: the same account): the option is what decides.
    if score_player.last_info["solved"] == tricks_player.last_info["solved"] == score_player.last_info["planned"]:
        assert by_score != by_tricks
        assert score_player.last_info["tricks"][str(by_tricks)] > score_player.last_info["tricks"][str(by_score)]


@pytest.mark.parametrize("weight", [-0.1, 1.5])
def test_lead_tricks_weight_outside_0_to_1_is_refused_by_name(weight: float) -> None:
    with pytest.raises(ValueError, match="lead_tricks_weight"):
        decide(_opening_lead_of("lead-objective-23", "3NT"), lead_tricks_weight=weight)
