"""QA of the SAYC bidding bot: calls a SAYC player would call clearly wrong."""

from __future__ import annotations

from bazas.bots.base import TableContext
from bazas.bots.bidding import choose_call
from bazas.engine.cards import Hand
from bazas.engine.seats import Seat


def bid(hand: str, auction: str, dealer: str = "N") -> str:
    call, why = choose_call(Hand.from_pbn(hand), Seat.parse(dealer), auction.split(), TableContext())
    assert why.en and why.es
    return str(call)


def test_five_card_major_before_cue_bid_on_three_card_minor_support() -> None:
    """1♦ (1♠) ?: with five hearts and 13 HCP responder shows the hearts (negative double or
    2♥), not a cue bid promising a diamond raise on three cards."""
    assert bid("87.AKQT8.A87.865", "1D 1S") in ("X", "2H")


def test_cue_bid_still_shows_a_major_raise() -> None:
    assert bid("72.KQ52.A63.J872", "1H 1S") == "2S"


def test_game_in_notrump_when_partner_promised_the_stopper() -> None:
    """1♦ (1♠) X P 1NT P ?: opener's 1NT promised a spade stopper; 13 HCP opposite 12-14 bids
    game rather than passing for lack of a spade stopper of its own."""
    assert bid("87.AKQT8.A87.865", "1D 1S X P 1NT P", dealer="E") == "3NT"


def test_no_notrump_game_without_a_stopper_anywhere() -> None:
    """Partner's negative double promised no stopper: without one, no 3NT."""
    assert bid("K3.J95.KQJ94.A43", "1D 1S X P", dealer="E") != "3NT"


def test_double_their_sacrifice_over_our_game() -> None:
    """1♦ - 2♣ - (2♠) - 3NT - (4♠): with 28 HCP between them N/S double the sacrifice instead of
    letting it play undoubled (no trump length needed to double a sacrifice on values)."""
    assert bid("6.QT4.A5.AKT9754", "P 1D P 2C 2S 3NT 4S", dealer="E") == "X"
    assert bid("J9.KQ5.K6542.AK4", "1C P 1D 1S 2D P 5D P P 5S") == "X"


def test_no_sacrifice_double_without_values() -> None:
    """Their 4♠ over our part score is not a sacrifice: no double on a weak hand."""
    assert bid("Q72.K8632.J5.972", "1H 1S 2H 4S") == "P"
