"""PBN: parse and write games; byte-exact round trips of files we write."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bazas.cli.cmd_deal import pbn_text
from bazas.engine.auction import Auction
from bazas.engine.calls import Contract
from bazas.engine.deal import Board, Deal, Vulnerability, deal_random
from bazas.engine.seats import Seat
from bazas.formats.pbn import MANDATORY_TAGS, PbnError, PbnFile, PbnGame, dumps, loads

DEAL = Deal.from_pbn("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765")


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32), st.integers(1, 8), st.integers(1, 40))
def test_pbn_round_trip_byte_exact_on_files_we_write(seed: int, count: int, first: int) -> None:
    rng = random.Random(seed)
    text = pbn_text([(first + i, deal_random(rng)) for i in range(count)])
    parsed = loads(text)
    assert dumps(parsed) == text
    assert len(parsed.games) == count
    for i, game in enumerate(parsed.games):
        board = Board(first + i)
        assert game.board == first + i
        assert game.dealer == board.dealer and game.vulnerability == board.vulnerability
        assert [k for k, _ in game.tags] == list(MANDATORY_TAGS)
        assert game.deal is not None


def test_pbn_board_record_tags() -> None:
    g = PbnGame.board_record(3, DEAL, event="club night")
    assert g.tag("Event") == "club night" and g.tag("Board") == "3"
    assert g.tag("Dealer") == "S" and g.tag("Vulnerable") == "EW"
    assert g.tag("Deal", ) is not None and g.tag("Deal").startswith("S:")  # type: ignore[union-attr]
    assert g.deal == DEAL


def test_pbn_result_tags_and_auction_section_round_trip() -> None:
    calls = ["1S", "P", "2S", "X", "XX", "P", "P", "P"]
    g = (PbnGame.board_record(1, DEAL).with_tag("Contract", "2SXX").with_tag("Declarer", "N")
         .with_tag("Result", "9").with_auction(Seat.N, calls))
    text = dumps([g])
    assert '[Auction "N"]\n1S Pass 2S X\nXX Pass Pass Pass\n' in text
    back = loads(text)
    assert back.games == (g,)
    assert dumps(back) == text
    game = back.games[0]
    assert game.contract == Contract.parse("2SXX") and game.declarer is Seat.N and game.result == 9
    first, parsed_calls = game.auction  # type: ignore[misc]
    a = Auction.from_calls(first, parsed_calls)
    assert str(a.contract) == "2SXX" and a.declarer is Seat.N


def test_pbn_reads_foreign_files() -> None:
    text = (
        "% PBN 2.1\n% EXPORT\n%Content-type: text/x-pbn; charset=ISO-8859-1\n\n"
        '[Event "Test \\"quoted\\""]\n[Site "?"]\n[Board "7"]\n[Dealer "S"]\n[Vulnerable "Both"]\n'
        '[Deal "W:432.AKQJ.T98.765 AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98"]\n'
        '[Declarer "E"]\n[Contract "Pass"]\n[Result ""]\n'
        '[Auction "S"]\nPass Pass Pass Pass\n\n'
        '[Event ""]\n[Board "8"]\n[Contract "3NT"]\n[Declarer "W"]\n[Result "10"]\n'
        '[Auction "W"]\n1NT =1= Pass 3NT! AP\n'
    )
    f = loads(text)
    assert len(f.header) == 3 and len(f.games) == 2
    a, b = f.games
    assert a.tag("Event") == 'Test "quoted"' and a.tag("Site") == "?"
    assert a.board == 7 and a.dealer is Seat.S and a.vulnerability is Vulnerability.BOTH
    assert a.deal == DEAL and a.passed_out and a.contract is None and a.result is None
    assert b.contract == Contract.parse("3NT") and b.result == 10 and b.declarer is Seat.W
    assert b.auction == (Seat.W, ["1NT", "PASS", "3NT", "PASS", "PASS", "PASS"])
    assert dumps(f) == text


@pytest.mark.parametrize("text", [
    '[Event "x"\n',
    '[Event x]\n',
])
def test_pbn_bad_tag(text: str) -> None:
    with pytest.raises(PbnError, match="line 1"):
        loads(text)


def test_pbn_bad_values() -> None:
    g = PbnGame((("Board", "x"), ("Vulnerable", "Maybe"), ("Result", "14")))
    with pytest.raises(PbnError):
        _ = g.board
    with pytest.raises(PbnError):
        _ = g.vulnerability
    with pytest.raises(PbnError):
        _ = g.result


def test_pbn_empty_file() -> None:
    assert dumps(PbnFile((), ())) == ""
    assert loads("").games == ()
