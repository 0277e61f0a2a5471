"""SAYC (contract rulesets): openings, notrump systems, responses, rebids, slam conventions,
competition and the score (part scores, vulnerability, IMPs)."""

from __future__ import annotations

import random

import pytest

from bazas.bots.base import Budget, TableContext
from bazas.bots.bidding import Bidder, choose, choose_call, explain, infer_constraints, system_for
from bazas.engine.auction import Auction
from bazas.engine.cards import Hand
from bazas.engine.deal import Deal
from bazas.engine.seats import Seat
from bazas.engine.state import DealState
from bazas.engine.views import view_of

RUBBER = TableContext()


def bid(hand: str, auction: str = "", dealer: str = "N", context: TableContext = RUBBER) -> str:
    calls = auction.split()
    call, why = choose_call(Hand.from_pbn(hand), Seat.parse(dealer), calls, context)
    assert why.en and why.es
    return str(call)


def bot_auction(deal: str, dealer: Seat = Seat.N, context: TableContext = RUBBER) -> list[str]:
    d = Deal.from_pbn(deal)
    a = Auction(dealer)
    while not a.is_complete:
        call, _ = choose_call(d.hand(a.turn), dealer, a.calls, context)
        a = a.apply(call)
    return [str(c) for c in a.calls]


# -- openings ------------------------------------------------------------------------------------

@pytest.mark.parametrize(("hand", "expected"), [
    ("AQ2.KJ5.QT98.K32", "1NT"),      # 15 balanced
    ("KQ.AJ953.KJ4.Q82", "1NT"),      # 16 balanced with a five-card major
    ("AKJ74.Q32.K5.872", "1S"),       # five-card major
    ("KQ872.AJ954.K3.2", "1S"),       # higher of 5-5
    ("AQ972.KQJ853.4.2", "1H"),       # longer major first
    ("K3.A72.KJ84.Q873", "1D"),       # 4-4 minors: 1D
    ("AK7.QJ52.K32.732", "1C"),       # 3-3 minors: 1C
    ("AK2.KQ3.AJ74.KJ2", "2NT"),      # 20-21
    ("AKQJ75.AK3.AQ2.2", "2C"),       # 22+
    ("KQJ954.72.932.42", "2S"),       # weak two
    ("72.AQT953.J82.63", "2H"),
    ("3.72.Q42.KQJ9752", "3C"),       # preempt
    ("Q32.K872.J54.Q32", "P"),
])
def test_openings(hand: str, expected: str) -> None:
    assert bid(hand) == expected


def test_no_weak_two_or_preempt_in_fourth_seat() -> None:
    assert bid("KQJ954.72.932.42", "P P P") == "P"


# -- 1NT: Stayman and Jacoby transfers -----------------------------------------------------------

def test_stayman_sequence() -> None:
    assert bid("KJ72.Q843.A52.72", "1NT P") == "2C"
    assert bid("KQ52.AJ73.K2.Q93", "1NT P 2C P") == "2H"   # both majors: hearts first
    assert bid("KQ52.A73.K82.Q93", "1NT P 2C P") == "2S"
    assert bid("KQ5.AJ7.K932.Q93", "1NT P 2C P") == "2D"
    assert bid("K72.QJ84.A52.J72", "1NT P 2C P 2H P") == "4H"
    assert bid("KJ72.Q843.A52.72", "1NT P 2C P 2D P") == "3NT"
    assert bid("KJ72.Q843.Q52.72", "1NT P 2C P 2D P") == "2NT"   # 8 HCP: invite


def test_jacoby_transfer_sequences() -> None:
    assert bid("72.KJ843.Q52.832", "1NT P") == "2D"
    assert bid("QJ9743.72.832.52", "1NT P") == "2H"
    assert bid("KQ5.J7.AK32.Q932", "1NT P 2D P") == "2H"
    assert bid("KQ52.A7.AK32.J32", "1NT P 2H P") == "3S"      # super-accept: 17 and four trumps
    assert bid("QJ9743.72.832.52", "1NT P 2H P 2S P") == "P"
    assert bid("72.KJ843.Q52.K32", "1NT P 2D P 2H P") == "2NT"
    assert bid("KJ9752.A3.Q52.72", "1NT P 2H P 2S P") == "4S"
    assert bid("KQ5.J72.AK3.Q932", "1NT P 2D P 2H P 3NT P") == "4H"   # three-card support
    assert bid("QJ763.K72.852.92", "2NT P") == "3H"


def test_full_auction_with_stayman() -> None:
    calls = bot_auction("N:KQ52.AJ73.K2.Q93 T9.K52.QJ943.J85 A873.Q64.A85.K42 J64.T98.T76.AT76")
    assert calls[:6] == ["1NT", "P", "2C", "P", "2H", "P"]
    assert calls[6] in ("3NT", "2NT")
    assert calls[-3:] == ["P", "P", "P"]


def test_notrump_responses() -> None:
    assert bid("KJ2.Q82.A952.Q72", "1NT P") == "3NT"
    assert bid("Q72.K83.J952.Q72", "1NT P") == "2NT"
    assert bid("Q72.J83.T952.Q72", "1NT P") == "P"
    assert bid("72.83.32.QJT9752", "1NT P") == "2S"
    assert bid("KQ2.A83.KJ52.QJ2", "1NT P") == "4NT"
    assert bid("KQ2.AJ7.KQ52.Q93", "1NT P 2NT P") == "3NT"
    assert bid("KQ2.AJ7.K852.Q93", "1NT P 2NT P") == "P"


# -- responses and rebids --------------------------------------------------------------------------

@pytest.mark.parametrize(("hand", "auction", "expected"), [
    ("Q72.K852.J63.Q72", "1H P", "2H"),
    ("A72.K852.J63.K72", "1H P", "3H"),
    ("KJ72.52.Q863.J72", "1H P", "1S"),
    ("72.K852.QJ63.Q72", "1S P", "1NT"),
    ("72.A52.K63.KQJ72", "1S P", "2C"),
    ("KJ72.A52.K63.Q72", "1S P", "2NT"),
    ("QJ742.3.T8632.72", "1S P", "4S"),
    ("72.KJ84.Q63.J872", "1C P", "1H"),
    ("K72.Q63.J84.Q972", "1D P", "1NT"),
    ("KQ2.A73.QJ4.J972", "1C P", "2NT"),
    ("KJ72.AQ43.72.872", "1D P", "1H"),
    ("J752.Q43.K52.972", "2C P", "2D"),
    ("A84.K72.AQ53.K92", "2S P", "4S"),
])
def test_responses(hand: str, auction: str, expected: str) -> None:
    assert bid(hand, auction) == expected


@pytest.mark.parametrize(("hand", "auction", "expected"), [
    ("K2.AJ3.KQ84.J972", "1D P 1S P", "1NT"),
    ("KJ72.A3.KQ84.972", "1D P 1S P", "2S"),
    ("AQ72.K3.J84.KJ72", "1C P 1H P", "1S"),
    ("A2.AK3.KQ84.QJ72", "1D P 1S P", "2NT"),
    ("A2.AQ83.KQJ84.Q2", "1D P 1S P", "2H"),
    ("A2.KQ843.K72.972", "1H P 2H P", "P"),
    ("AK852.Q3.K72.Q72", "1S P 3S P", "4S"),
    ("AKJ852.Q3.72.Q72", "1S P 2C P", "2S"),
    ("A82.KQ853.KJ72.2", "1H P 2NT P", "3C"),
    ("AK2.KQ3.AQJ4.KJ2", "2C P 2D P", "2NT"),
    ("72.KQJ953.832.63", "2H P 2NT P", "3H"),
    ("KQJ854.A3.872.72", "2S P 2NT P", "3H"),
])
def test_opener_rebids(hand: str, auction: str, expected: str) -> None:
    assert bid(hand, auction) == expected


# -- slam conventions ----------------------------------------------------------------------------------

@pytest.mark.parametrize(("hand", "expected"), [
    ("Q852.KQ2.K72.J32", "5C"),   # no ace
    ("Q852.K32.A72.J32", "5D"),   # one
    ("Q852.K32.A72.A32", "5H"),   # two
    ("A852.K32.A72.A32", "5S"),   # three
])
def test_blackwood_replies(hand: str, expected: str) -> None:
    assert bid(hand, "1S P 3S P 4NT P") == expected


def test_gerber_reply_and_blackwood_asker() -> None:
    assert bid("KQ52.AJ7.A32.Q93", "1NT P 4C P") == "4S"
    # the asker, missing two aces, signs off in five of the agreed suit
    assert bid("AKQJ52.KQJ3.KQ.2", "1S P 3S P 4NT P 5D P") == "5S"
    # one ace missing: small slam
    assert bid("AKQJ52.KQJ3.AQ.2", "1S P 3S P 4NT P 5D P") == "6S"


def test_blackwood_is_explained() -> None:
    a = Auction.from_calls(Seat.N, ["1S", "P", "3S", "P", "4NT", "P", "5D"])
    assert "1 ace" in explain(a, 6, "rubber").en
    assert "1 as" in explain(a, 6, "rubber").es
    assert infer_constraints(a, "rubber")[Seat.S].aces == 0b00010


# -- competition -----------------------------------------------------------------------------------

@pytest.mark.parametrize(("hand", "auction", "dealer", "expected"), [
    ("KQJ74.72.A63.972", "1D", "E", "1S"),        # one-level overcall
    ("72.A63.872.AKJ74", "1S", "E", "2C"),        # two-level overcall
    ("KQ2.AJ7.KJ52.Q93", "1H", "E", "1NT"),       # 1NT overcall 15-18 with a stopper
    ("AQ72.3.KJ84.QJ72", "1H", "E", "X"),         # takeout double
    ("AKQ852.AK3.A2.72", "1C", "E", "X"),         # too strong to overcall
    ("KQJ975.72.863.42", "1C", "E", "2S"),        # weak jump overcall
    ("Q72.852.K863.J72", "1H", "E", "P"),
    ("KJ72.Q843.72.872", "1C 1D", "N", "X"),      # negative double: both majors
    ("72.KJ84.Q63.J872", "1D 1S", "N", "X"),      # negative double: hearts
    ("72.K852.Q63.J872", "1H 1S", "N", "2H"),     # raise beats a negative double
    ("72.KQ52.A63.J872", "1H 1S", "N", "2S"),     # cue bid: limit raise or better
    ("72.Q852.T63.J872", "1D X P", "W", "1H"),    # advancing a takeout double
    ("KQ852.72.863.A72", "1D X P", "W", "2S"),    # jump advance, 9-11
    ("KQ52.A72.863.A72", "1D X P", "W", "2D"),    # cue bid advance, game values
    ("K72.Q852.863.Q72", "1D 1S P", "W", "2S"),   # raising an overcall
    ("KQ2.A73.K852.J93", "1H P P", "W", "1NT"),   # balancing 1NT
    ("AQ72.3.KJ84.J872", "1H P P", "W", "X"),     # balancing double
])
def test_competition(hand: str, auction: str, dealer: str, expected: str) -> None:
    assert bid(hand, auction, dealer) == expected


def test_negative_double_meaning() -> None:
    a = Auction.from_calls(Seat.N, ["1C", "1D", "X"])
    k = infer_constraints(a, "rubber")[Seat.S]
    assert k.lengths[2][0] >= 4 and k.lengths[3][0] >= 4
    assert "Negative double" in explain(a, 2, "rubber").en
    assert "Doblo negativo" in explain(a, 2, "rubber").es


def test_law_of_total_tricks_competition() -> None:
    # partner overcalled 1S (5+), opener's partner jumped to 3H; with four spades (nine trumps)
    # compete to 3S
    assert bid("K972.83.Q852.J72", "1H 1S 3H") == "3S"
    # with only three spades (eight trumps) the three level is too high
    assert bid("K97.832.Q852.J72", "1H 1S 3H") == "P"


# -- the score ---------------------------------------------------------------------------------------

def test_part_score_makes_two_spades_game() -> None:
    """NS have 60 below: 2S (60) completes the game, so the raise stops there (seed 003)."""
    ps = TableContext(part_score_ns=60)
    hand = "K852.A3.KQ72.J72"
    assert bid(hand, "1S P", context=ps) == "2S"
    assert bid(hand, "1S P") == "2NT"           # without the part score: Jacoby 2NT
    # and opener, even with extra values, passes the game
    assert bid("AKQ52.KQ3.A72.72", "1S P 2S P", context=ps) == "P"
    assert bid("AKQ52.KQ3.A72.72", "1S P 2S P") == "4S"


def test_part_score_one_notrump_is_game() -> None:
    ps = TableContext(part_score_ns=70)
    assert bid("Q72.K83.AJ52.Q72", "1NT P", context=ps) == "P"
    assert bid("Q72.K83.AJ52.Q72", "1NT P") == "3NT"
    # 40 below: 2NT (70) is game
    assert bid("Q72.K83.AJ52.Q72", "1NT P", context=TableContext(part_score_ns=40)) == "2NT"


def test_opponents_part_score_does_not_change_our_game() -> None:
    assert bid("K852.A3.KQ72.J72", "1S P", context=TableContext(part_score_ew=60)) == "2NT"


def test_imps_vulnerable_bids_thin_games() -> None:
    hand = "Q72.K83.J952.K72"  # 9 HCP
    imps_vul = TableContext(ruleset="duplicate", vulnerable_ns=True)
    imps_nv = TableContext(ruleset="duplicate")
    assert bid(hand, "1NT P", context=imps_vul) == "3NT"
    assert bid(hand, "1NT P", context=imps_nv) == "2NT"
    assert bid(hand, "1NT P") == "2NT"


def test_sacrifice_depends_on_vulnerability() -> None:
    hand = "AQJ952.2.Q872.K2"
    favourable = TableContext(vulnerable_ew=True)
    unfavourable = TableContext(vulnerable_ns=True)
    assert bid(hand, "1S 2H 2S 4H", context=favourable) == "4S"
    assert bid(hand, "1S 2H 2S 4H", context=unfavourable) != "4S"


def test_chicago_fourth_deal_needs_full_values_for_game() -> None:
    """On Chicago's fourth deal a part score earns 100 anyway: no thin games (threshold +1)."""
    hand = "Q72.K83.Q952.K72"  # 10 HCP opposite 15-17
    c4 = TableContext(ruleset="chicago", deal_number=4, vulnerable_ns=True, vulnerable_ew=True)
    c1 = TableContext(ruleset="chicago", deal_number=1)
    assert bid(hand, "1NT P") == "3NT"
    assert bid(hand, "1NT P", context=c1) == "3NT"
    assert bid(hand, "1NT P", context=c4) == "2NT"


# -- explanations of any call, inference --------------------------------------------------------------

def test_explain_calls_outside_the_system() -> None:
    """Issue 8 point 4: a call no row names still gets the sanity layer's natural reading (a new
    suit: five cards at the five level, the strength its level needs), not "no agreed meaning"."""
    a = Auction.from_calls(Seat.N, ["1S", "P", "5D"])
    e = explain(a, 2, "rubber")
    assert "new suit" in e.en and "palo nuevo" in e.es
    assert "no agreed meaning" not in e.en
    assert e.constraints["lengths"]["D"][0] >= 5


def test_explain_and_infer() -> None:
    a = Auction.from_calls(Seat.N, ["1NT", "P", "2D", "P", "2H", "P"])
    assert "transfer" in explain(a, 2, "rubber").en.lower()
    assert "transferencia" in explain(a, 2, "rubber").es.lower()
    k = infer_constraints(a, "rubber")
    assert k[Seat.N].hcp == (15, 17) and k[Seat.N].balanced is True
    assert k[Seat.S].lengths[2][0] == 5
    assert k[Seat.E].hcp[1] <= 14       # passed over 1NT: no penalty double
    with pytest.raises(IndexError):
        explain(a, 9, "rubber")


def test_human_deviation_is_dropped_from_inference() -> None:
    # North opens 1NT, then rebids with something contradicting it: the later promise is dropped
    a = Auction.from_calls(Seat.N, ["1NT", "P", "2C", "P", "2H", "P"])
    k = infer_constraints(a, "rubber")
    assert k[Seat.N].is_satisfiable()


# -- the Bot protocol, determinism ------------------------------------------------------------------

def test_bidder_implements_the_bot_protocol() -> None:
    d = Deal.from_pbn("N:AQ2.KJ5.QT98.K32 5.82.AJ632.A9765 T76.AQ9643.54.JT KJ9843.T7.K7.Q84")
    s = DealState.start(d, Seat.N)
    view = view_of(s, Seat.N)
    bot = Bidder()
    one = bot.choose(view, RUBBER, random.Random(1), Budget())
    two = bot.choose(view, RUBBER, random.Random(2), Budget())
    assert str(one.action) == str(two.action) == "1NT"
    assert one.explanation is not None and one.explanation.constraints == {"hcp": [15, 17], "balanced": True}
    assert system_for("rubber").name == "sayc" and system_for("auction-1920").name == "auction-1920"


def test_deterministic() -> None:
    hand = Hand.from_pbn("KJ72.Q843.A52.72")
    first = choose(hand, Seat.N, ["1NT", "P"], RUBBER)
    for _ in range(3):
        again = choose(hand, Seat.N, ["1NT", "P"], RUBBER)
        assert (again.call, again.es, again.en, again.rule) == (first.call, first.es, first.en, first.rule)
