"""Issue 11 point 4: bots that know Royal Auction and nullos.

Rules: Whist Club Royal Auction code (1913), Law 42 (the dealer must bid) and Law 4 (royal spades
9 a trick); nullos (F. Irwin, "Nullo Auction", 1914): played at no trumps, the declarer's side aims
to lose tricks (docs/rules/royal-auction-and-nullos.md).
"""

from __future__ import annotations

import random

from bazas.bots.base import Budget, TableContext
from bazas.bots.bidding.royal import RoyalBidder, decide
from bazas.bots.dds import dd_table
from bazas.bots.nullo_play import follow_under
from bazas.bots.player import bot_for, play_deal
from bazas.engine.cards import Card, Hand
from bazas.engine.deal import deal_from_seed
from bazas.engine.rulesets import DealResult, get
from bazas.engine.rulesets.denominations import denominations_of
from bazas.engine.seats import SEATS, Seat
from bazas.engine.session import Session
from bazas.engine.state import DealState, parse_action
from bazas.engine.views import view_of


def test_law4_long_spades_with_values_bid_royal_spades() -> None:
    v = decide(Hand.from_pbn("AQJ93.K4.A52.863"), royal=True, nullos=True, dealer_first=True)
    assert (v.code, v.row) == ("RS", "royal-spades")


def test_nullo_count_favours_a_weak_flat_hand_and_only_with_the_option() -> None:
    weak = Hand.from_pbn("8642.7532.J4.753")
    assert decide(weak, royal=True, nullos=True, dealer_first=False).code == "NU"
    assert decide(weak, royal=True, nullos=False, dealer_first=False).code is None
    # a hand with an ace or a long suit is no nullo
    assert decide(Hand.from_pbn("A642.7532.J4.753"), True, True, False).code != "NU"
    assert decide(Hand.from_pbn("86432.753.J4.753"), True, True, False).code != "NU"


def test_law42_the_royal_bidder_never_passes_as_dealer() -> None:
    game = get("royal-auction")
    den = denominations_of(game)
    bidder = RoyalBidder()
    for seed in range(20):
        state = DealState.start(deal_from_seed(seed), Seat.W, den)
        d = bidder.choose(view_of(state, Seat.W), TableContext(ruleset=game.id), random.Random(0), Budget(0.1))
        assert d.action in state.legal_actions() and str(d.action) != "P"


def test_bots_bid_a_nullo_somewhere_under_its_count() -> None:
    game = get("royal-auction+nullos")
    den = denominations_of(game)
    bot = bot_for(game.id, "fast")
    seen = set()
    for seed in range(60):
        state = DealState.start(deal_from_seed(seed), SEATS[seed % 4], den)
        while state.phase == "auction":
            actor = state.actor
            assert actor is not None
            d = bot.choose(view_of(state, actor), TableContext(ruleset=game.id), random.Random(seed), Budget(0.1))
            state = state.apply(d.action, actor).after
            seen.add(str(d.action)[1:])
    assert "NU" in seen and "RS" in seen and bot.bidder_failures == 0


def test_nullo_heuristic_plays_the_highest_card_under_the_winner() -> None:
    C = Card.parse
    assert follow_under([C("H2"), C("H9"), C("HK")], C("HQ")) == C("H9")
    assert follow_under([C("HA"), C("HK")], C("HQ")) is None


def _played(game_id: str, deal_seed: int, contract: str) -> DealState:
    den = denominations_of(get(game_id))
    deal = deal_from_seed(deal_seed)
    state = DealState.start(deal, Seat.N, den)
    for call in [contract, "P", "P", "P"]:
        state = state.apply(parse_action(call, den)).after
    bot = bot_for(game_id, "fast")
    return play_deal(deal, Seat.N, {s: bot for s in SEATS}, TableContext(ruleset=game_id), random.Random(1),
                     Budget(0.05), state=state).state


def test_bots_play_a_nullo_to_lose_tricks_and_it_is_scored() -> None:
    """Where N-S hold the strong hands (North makes 11 tricks at notrump double dummy), the same bots
    take fewer tricks at 1NU than at 1NT, over three deals (one deal alone is too few: a nullo
    declarer cannot always shed its winners); seed 11's nullo is then scored."""
    game = "auction-1920+nullos"
    seeds = (12, 14, 18)
    assert all(dd_table(deal_from_seed(seed)).tricks[4][0] >= 11 for seed in seeds)  # NT row, North
    taken = {"1NU": 0, "1NT": 0}
    for seed in seeds:
        for contract in taken:
            played = _played(game, seed, contract)
            assert played.phase == "done" and played.declarer_tricks is not None
            taken[contract] += played.declarer_tricks
    assert taken["1NU"] < taken["1NT"]
    nullo, notrump = _played(game, 11, "1NU"), _played(game, 11, "1NT")
    assert nullo.phase == notrump.phase == "done"
    assert nullo.play is not None and nullo.play.strain == notrump.play.strain  # type: ignore[union-attr]
    assert nullo.declarer_tricks is not None
    assert nullo.contract is not None and nullo.declarer is not None
    session = Session.start(game, Seat.N).record(DealResult(nullo.contract, nullo.declarer, nullo.declarer_tricks,
                                                            nullo.deal))
    entry = session.entries[-1]
    lost = 13 - nullo.declarer_tricks
    assert (entry.points.ns > entry.points.ew) == (lost >= 7)


def test_a_royal_auction_deal_is_bid_and_played_by_bots_and_scored() -> None:
    game = get("royal-auction")
    den = denominations_of(game)
    bot = bot_for(game.id, "fast")
    deal = deal_from_seed(21)
    result = play_deal(deal, Seat.N, {s: bot for s in SEATS}, TableContext(ruleset=game.id), random.Random(2),
                       Budget(0.05), state=DealState.start(deal, Seat.N, den))
    st = result.state
    assert st.phase == "done" and st.contract is not None and st.declarer is not None  # the dealer must bid
    assert st.declarer_tricks is not None
    session = Session.start(game, Seat.N).record(DealResult(st.contract, st.declarer, st.declarer_tricks, deal))
    assert session.entries[-1].points.ns + session.entries[-1].points.ew > 0
