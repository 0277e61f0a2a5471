"""Issue 8 point 3: the SAYC sections and competitive methods added to the table, one textbook
hand each (SP-3 sections: Michaels cue-bids and the unusual 2NT with their answers, takeout
doubles -- the doubler's rebids, responsive doubles --, balancing, the defence to 1NT, our 1NT
after interference, fourth suit forcing, 3NT and 2♣-2♦-3NT transfers, responder after a reverse,
our side against a Michaels cue-bid). Hands are the author's, checked against the booklet."""

from __future__ import annotations

import pytest

from bazas.bots.bidding import choose_call
from bazas.engine.cards import Hand
from bazas.engine.seats import Seat

CASES = [
    ("KQJ72.AQT84.72.2", "1C", "2C"),
    ("KQJ72.72.AQT84.2", "1H", "2H"),
    ("72.2.KQT84.AQJ72", "1S", "2NT"),
    ("72.2.KQT84.AQJ72", "1H", "2NT"),
    ("K72.Q872.J52.972", "1C 2C P", "2H"),
    ("K72.Q72.J8752.72", "1D 2D P", "2H"),
    ("K72.Q72.J8752.72", "1S 2S P", "3H"),
    ("J72.Q72.K852.972", "1S 2NT P", "3D"),
    ("KJ72.QJ72.72.Q72", "1D X 2D", "X"),
    ("AKJ72.KQ2.2.AJ72", "1D X P 1H P", "1S"),
    ("AK5.AQ65.A43.KJ2", "1C X P 1D P", "1NT"),
    ("A8.QJ7.KJ72.A983", "1D X P 1H P", "P"),
    ("72.KJ8632.Q52.72", "1NT 2D", "2H"),
    ("KQ72.K872.Q72.72", "1NT 2D", "3D"),
    ("KJ2.Q83.A952.J72", "1NT X", "XX"),
    ("72.J87432.972.32", "1NT X", "2D"),
    ("AQ.KQ872.K72.872", "1D P 1H P 1S P", "2C"),
    ("98654.J876.43.Q2", "2C P 2D P 3NT P", "4H"),
    ("J8765.K8765.2.32", "3NT P", "4H"),
    ("872.KQ872.Q72.72", "1C P 1H P 2D P", "2H"),
    ("KQ72.72.Q72.KJ72", "1D P 1S P 2H P", "3NT"),
    ("KJ72.2.AQ72.J872", "1H P 2H P P", "X"),
    ("K72.Q72.J872.Q72", "1H 2H", "3H"),
    ("AQJ.K72.Q872.K72", "1NT P P", "X"),
]


@pytest.mark.parametrize(("hand", "auction", "expected"), CASES)
def test_issue8_sayc_competitive_and_later_rounds(hand: str, auction: str, expected: str) -> None:
    call, why = choose_call(Hand.from_pbn(hand), Seat.N, auction.split())
    assert str(call) == expected, why.en
