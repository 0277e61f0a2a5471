"""The Blue Chip table-manager protocol (version 18): every message reads back as it is written,
and a malformed line is refused with a message that names what is wrong."""

from __future__ import annotations

import pytest

from bazas.engine.calls import parse_call
from bazas.engine.cards import Card, Hand
from bazas.engine.deal import Vulnerability
from bazas.engine.seats import Seat
from bazas.tm import protocol as p

HAND = Hand.from_pbn("AK4.QJ62.KT83.97")
MESSAGES: list[p.Message] = [
    p.Connect("bazas", Seat.N),
    p.Seated(Seat.E, "Team Two"),
    p.Ready(Seat.S, "teams"), p.Ready(Seat.S, "start"), p.Ready(Seat.S, "deal"), p.Ready(Seat.S, "cards"),
    p.Ready(Seat.W, "dummy"), p.Ready(Seat.W, "bid", Seat.N), p.Ready(Seat.E, "card", Seat.S, 3),
    p.Ready(Seat.E, "card", None, 12),
    p.Teams("bazas", "guests"),
    p.StartOfBoard(),
    p.BoardInfo(17, Seat.W, Vulnerability.EW),
    p.Cards(Seat.W, HAND), p.Cards(None, Hand.from_pbn("AKQJT98765432...")),
    p.CallMade(Seat.N, parse_call("1NT")), p.CallMade(Seat.E, parse_call("X")), p.CallMade(Seat.S, parse_call("XX")),
    p.CallMade(Seat.W, parse_call("P")), p.CallMade(Seat.N, parse_call("2C"), "Stayman, asks for a major"),
    p.CardPlayed(Seat.W, Card.parse("ST")),
    p.EndOfSession(),
    p.Error("it is North's turn, not East's"),
]


@pytest.mark.parametrize("message", MESSAGES, ids=lambda m: type(m).__name__)
def test_blue_chip_v18_messages_read_back_as_written(message: p.Message) -> None:
    assert p.parse(str(message)) == message


def test_blue_chip_v18_lines_as_other_programs_write_them() -> None:
    """Case, spacing, ``10`` for ten and suit-rank cards as programs write them."""
    assert p.parse("NORTH  bids  3nt") == p.CallMade(Seat.N, parse_call("3NT"))
    assert p.parse("west plays 10h") == p.CardPlayed(Seat.W, Card.parse("HT"))
    assert p.parse("West plays HT") == p.CardPlayed(Seat.W, Card.parse("HT"))
    assert p.parse("Board number 3. Dealer South. Both vulnerable.") == p.BoardInfo(3, Seat.S, Vulnerability.BOTH)
    cards = p.parse("south's cards : S -. H A K Q J 10 9 8. D -. C 7 6 5 4 3 2.")
    assert isinstance(cards, p.Cards) and cards.hand.to_pbn() == ".AKQJT98..765432"
    assert isinstance(p.parse("Timing - N/S : this board 0:12, total 0:40."), p.Timing)


@pytest.mark.parametrize("line, says", [
    ("", "empty"),
    ("hello there", "not a message"),
    ("North bids 8H", "8H"),
    ("North bids P", "takes a bid"),
    ("Middle passes", "not a message"),
    ("North plays ZZ", "card"),
    ("North's cards : S A A. H -. D -. C -.", "twice"),
    ("Board number 1. Dealer North. Sometimes vulnerable.", "vulnerability"),
    ("North bids 1H Alert. caf\u00e9", "ASCII"),
])
def test_blue_chip_v18_malformed_lines_are_refused_by_name(line: str, says: str) -> None:
    with pytest.raises(p.ProtocolError, match=says):
        p.parse(line)
