"""1920 Auction Bridge bidding (seeds 000 and 001): bid only enough to win the auction, no-trump
with three suits guarded, suit bids on length and quick tricks, informatory and business doubles,
the score toward 30."""

from __future__ import annotations

from bazas.bots.base import TableContext
from bazas.bots.bidding import choose, choose_call, explain, infer_constraints
from bazas.bots.bidding.auction1920 import odd_tricks_for_game
from bazas.engine.auction import Auction
from bazas.engine.calls import Strain
from bazas.engine.cards import Hand
from bazas.engine.seats import Seat

AUCTION = TableContext(ruleset="auction-1920")


def bid(hand: str, auction: str = "", dealer: str = "N", context: TableContext = AUCTION) -> str:
    call, why = choose_call(Hand.from_pbn(hand), Seat.parse(dealer), auction.split(), context)
    assert why.en and why.es
    return str(call)


def test_odd_tricks_for_game() -> None:
    # seed 000: game at 30 below; trick values C6 D7 H8 S9 NT10
    assert odd_tricks_for_game(0, Strain.NT) == 3
    assert odd_tricks_for_game(0, Strain.S) == 4
    assert odd_tricks_for_game(0, Strain.C) == 5
    assert odd_tricks_for_game(24, Strain.C) == 1


def test_one_no_trump_with_three_suits_guarded() -> None:
    hand = "KJ5.AQ3.K974.852"  # spades, hearts, diamonds guarded; clubs not
    assert bid(hand) == "1NT"
    c = choose(Hand.from_pbn(hand), Seat.N, [], AUCTION)
    assert "three suits guarded" in c.en and "tres palos protegidos" in c.es
    # only two suits guarded: no no-trumper
    assert bid("KJ5.A43.9742.852") == "P"


def test_suit_bid_on_length_and_quick_tricks() -> None:
    assert bid("AKJ74.72.A63.972") == "1S"
    assert bid("72.Q63.J72.QJ874") == "P"   # no quick tricks


def test_overcall_at_the_lowest_level_that_outranks() -> None:
    assert bid("AKJ74.72.A63.972", "1H", "E") == "1S"   # not 2S: bid only enough to win
    assert bid("72.A63.AKJ74.972", "1H", "E") == "2D"   # diamonds rank below hearts: two
    c = choose(Hand.from_pbn("AKJ74.72.A63.972"), Seat.E, ["1H"], AUCTION)
    assert "lowest level" in c.en and "nivel más bajo" in c.es


def test_informatory_double_of_one_no_trump() -> None:
    assert bid("AK72.3.AQ84.KJ72", "1NT", "E") == "X"
    a = Auction.from_calls(Seat.E, ["1NT", "X"])
    e = explain(a, 1, "auction-1920")
    assert "Informatory" in e.en and "informativo" in e.es
    assert infer_constraints(a, "auction-1920")[Seat.S].quick_tricks[0] == 5
    # partner answers with his best suit, however weak
    assert bid("72.QT852.T63.972", "1NT X P", "E") == "2H"


def test_business_double_of_a_suit() -> None:
    assert bid("72.AQJT8.K63.A72", "1H", "E") == "X"
    a = Auction.from_calls(Seat.E, ["1H", "X"])
    assert "Business" in explain(a, 1, "auction-1920").en


def test_partners_bid_stands() -> None:
    # every trick counts toward game, so there is no point raising a bid that wins the auction
    assert bid("K972.A83.Q85.J72", "1S P") == "P"
    a = Auction.from_calls(Seat.N, ["1S", "P", "P"])
    assert "every trick counts" in explain(a, 2, "auction-1920").en


def test_weakness_takeout_of_partners_no_trump() -> None:
    assert bid("2.QJ9743.8432.52", "1NT P") == "2H"
    assert bid("Q72.K83.J952.Q72", "1NT P") == "P"


def test_raise_partner_just_enough_in_competition() -> None:
    # partner 1S, right-hand opponent 2H: with support and a trick, 2S outranks 2H
    assert bid("K972.83.A852.J72", "1S 2H", "W") == "2S"


def test_score_toward_thirty() -> None:
    hand = "72.Q63.J72.AQ874"  # 1½ quick tricks, five clubs
    assert bid(hand) == "P"
    # with 24 below, one odd trick in clubs (6) completes the game: a lighter bid is worth it
    near = TableContext(ruleset="auction-1920", part_score_ns=24)
    assert bid(hand, context=near) == "1C"


def test_deterministic_and_explained_in_both_languages() -> None:
    h = Hand.from_pbn("KJ5.AQ3.K974.852")
    a = choose(h, Seat.N, [], AUCTION)
    b = choose(h, Seat.N, [], AUCTION)
    assert (a.call, a.es, a.en) == (b.call, b.es, b.en)
    assert a.es != a.en
