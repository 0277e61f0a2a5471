"""The meanings of the calls in play (bazas.server.meanings), in process: each asked once, kept
for the deal in play only; ``explain`` messages checked against the auction (docs/protocol.md,
``explain``)."""

from __future__ import annotations

import pytest

from bazas.engine.auction import Auction
from bazas.engine.seats import Seat
from bazas.server.meanings import CallMeanings, ExplainError, explain_request

ONE_NT = {"es": "15-17", "en": "15-17", "constraints": {}}


def test_each_meaning_is_asked_once_and_shown_when_known() -> None:
    m = CallMeanings()
    q = m.update(1, ["1NT"])
    assert q is not None and q.indexes == (0,) and m.current == [None]
    q2 = m.update(1, ["1NT", "P"])
    assert q2 is not None and q2.indexes == (1,), "call 0 is being asked already"
    m.learn(q, [ONE_NT], current_number=1)
    assert m.update(1, ["1NT", "P"]) is None and m.current == [ONE_NT, None]
    m.learn(q2, [None], current_number=1)
    assert m.update(1, ["1NT", "P"]) is None, "no meaning is an answer too"
    assert m.known(0) == ONE_NT and m.known(1) is None and m.known(5) is None


def test_meanings_of_an_earlier_deal_are_dropped() -> None:
    m = CallMeanings()
    q = m.update(1, ["1NT"])
    assert q is not None
    m.learn(q, [ONE_NT], current_number=2)  # the answer came after deal 2 started
    assert m.update(2, ["1NT"]) is not None and m.current == [None]
    m.clear()
    assert m.current == []


def test_explain_requests_are_checked_against_the_auction() -> None:
    auction = Auction.from_calls(Seat.N, ["1NT", "P"])
    made = explain_request(auction, 0, None)
    assert (made.index, made.position, made.call, made.calls) == (0, 0, "1NT", ("1NT", "P"))
    asked = explain_request(auction, None, "2♣")
    assert (asked.index, asked.position, asked.call, asked.calls) == (None, 2, "2C", ("1NT", "P", "2C"))
    for index, call, code in ((2, None, "illegal"), (None, "1C", "illegal"), (None, "9Z", "bad_message"),
                              (None, None, "bad_message")):
        with pytest.raises(ExplainError) as info:
            explain_request(auction, index, call)
        assert info.value.code == code, (index, call)
