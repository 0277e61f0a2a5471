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


def test_read_lines_skips_empty_lines_refuses_non_ascii_and_stops_at_an_overlong_line() -> None:
    """Issue 9: the one line reader of both table managers (``bazas tm serve`` and the server's
    program seats): a non-ASCII line is refused and the reading goes on; an overlong one ends it."""
    import asyncio

    async def scenario() -> tuple[list[str], list[str], bytes]:
        got: list[str] = []
        refused: list[str] = []
        done = asyncio.Event()

        async def serve(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            async for line in p.read_lines(reader, writer, refused.append):
                got.append(line)
            await writer.drain()
            writer.close()
            done.set()

        server = await asyncio.start_server(serve, "127.0.0.1", 0, limit=p.LINE_LIMIT)
        port = server.sockets[0].getsockname()[1]
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        writer.write(b"North ready for teams\r\n\r\n  \r\ncaf\xc3\xa9\r\nSouth passes\r\n" + b"x" * 5000 + b"\r\n"
                     + b"West passes\r\n")
        await writer.drain()
        await asyncio.wait_for(done.wait(), 30)
        answers = await asyncio.wait_for(reader.read(), 30)
        writer.close()
        server.close()
        return got, refused, answers

    got, refused, answers = asyncio.run(scenario())
    assert got == ["North ready for teams", "South passes"]       # West's line came after the overlong one
    assert refused == ["a message is printable ASCII only"]
    assert answers == (b"Error: a message is printable ASCII only\r\n"
                       b"Error: a line is at most 4096 characters\r\n")


def test_seat_feed_holds_calls_until_their_meanings_are_settled_and_sends_them_alerted() -> None:
    """Issue 9, at the server's program seats: a call goes out only once its meaning is known, so an
    artificial one goes out alerted with its meaning."""
    from bazas.engine.deal import deal_from_seed
    from bazas.engine.state import DealState
    from bazas.engine.views import view_of
    from bazas.tm.seatfeed import SeatFeed

    state = DealState.start(deal_from_seed("feed"), Seat.N)
    for call in ("2C", "P"):
        state = state.apply(parse_call(call), state.turn).after
    feed = SeatFeed(Seat.S)
    first = feed.update(1, Vulnerability.NONE, view_of(state, Seat.S), {}, settled=0)
    assert first[0] == "Start of board" and not any("bids" in x or "passes" in x for x in first)
    assert feed.update(1, Vulnerability.NONE, view_of(state, Seat.S), {0: "strong, artificial"}, settled=1) == [
        "North bids 2C Alert. strong, artificial"]
    assert feed.update(1, Vulnerability.NONE, view_of(state, Seat.S), {0: "strong, artificial"}, settled=2) == [
        "East passes"]
    assert "North bids 2C Alert. strong, artificial" in feed.resend()


@pytest.mark.parametrize("turn, says", [(Seat.N, "it is North's turn"), (Seat.W, "it is West's turn"),
                                        (None, "it is nobody's turn")])
def test_a_card_out_of_turn_is_refused_naming_whose_turn_it_is(turn: Seat | None, says: str) -> None:
    # North is seat 0: a falsy value that once read as "nobody".
    from bazas.tm.seatfeed import client_action

    with pytest.raises(p.ProtocolError, match=says):
        client_action(p.CardPlayed(Seat.E, Card.parse("SA")), Seat.E, "play", turn)
