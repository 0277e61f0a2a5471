"""LIN export (issue 10 "Records": "LIN export of each board ... checked against the format's
published description") and the printable hand record.

The checks read our LIN with the rules of BBO's Handviewer documentation
(https://www.bridgebase.com/tools/hvdoc.html), written out here independently of the exporter:
a line of ``key|value|`` pairs; ``pn`` names from South clockwise; ``md`` the dealer digit
(1 South, 2 West, 3 North, 4 East) then the hands from South clockwise as ``S..H..D..C..``;
``sv`` o/n/e/b; ``ah`` "Board n"; ``mb`` calls from the dealer (p, d, r, level+strain with N for
notrump); ``pc`` cards in playing order; ``mc`` declarer's total tricks on a claim; ``qx``
o<n>/c<n> for the open/closed room.
"""

from __future__ import annotations

import html
import random
import re

import pytest

from bazas.engine.calls import PASS, Call, parse_call
from bazas.engine.cards import Card, Hand
from bazas.engine.deal import Board, Deal, Vulnerability
from bazas.engine.seats import SEATS, Seat
from bazas.engine.state import ClaimAction, DealState
from bazas.formats.hand_record import DD_SEATS, DD_STRAINS, HandRecordBoard, hand_record_html, record_boards
from bazas.formats.lin import board_lin, record_lin
from bazas.formats.match_records import record_of_match
from formats.test_match_records import played_match

DESCRIBED_KEYS = {"pn", "st", "md", "rh", "ah", "sv", "mb", "pc", "mc", "pg", "qx", "an"}
LIN_DEALER = {"1": Seat.S, "2": Seat.W, "3": Seat.N, "4": Seat.E}
LIN_ORDER = (Seat.S, Seat.W, Seat.N, Seat.E)
LIN_VUL = {"o": Vulnerability.NONE, "n": Vulnerability.NS, "e": Vulnerability.EW, "b": Vulnerability.BOTH}
HAND = re.compile(r"^S([AKQJT2-9]*)H([AKQJT2-9]*)D([AKQJT2-9]*)C([AKQJT2-9]*)$")


def pairs(line: str) -> list[tuple[str, str]]:
    """The description's grammar: ``key|value|`` repeated."""
    assert line.endswith("|") and "\n" not in line
    fields = line.split("|")[:-1]
    assert len(fields) % 2 == 0
    return list(zip(fields[::2], fields[1::2], strict=True))


def read_hand(text: str) -> Hand:
    m = HAND.match(text)
    assert m is not None, text
    return Hand.from_pbn(".".join(m.groups()))


def read_call(text: str) -> Call:
    if text.lower() == "p":
        return PASS
    if text.lower() in ("d", "x"):
        return parse_call("X")
    if text.lower() in ("r", "xx"):
        return parse_call("XX")
    return parse_call(text.upper().replace("N", "NT") if text[-1] in "Nn" else text)


def read_lin(line: str) -> tuple[int, Seat, Vulnerability, Deal, DealState, int | None, dict[str, list[str]]]:
    """Board, dealer, vulnerability, deal and the replayed state, as the description reads them."""
    got = pairs(line)
    keys = {k for k, _ in got}
    assert keys <= DESCRIBED_KEYS, keys - DESCRIBED_KEYS
    values: dict[str, list[str]] = {}
    for k, v in got:
        values.setdefault(k, []).append(v)
    (md,) = values["md"]
    dealer = LIN_DEALER[md[0]]
    hands = md[1:].split(",")
    assert len(hands) == 4
    by_seat = {seat: read_hand(h) for seat, h in zip(LIN_ORDER, hands, strict=True)}
    deal = Deal((by_seat[Seat.N], by_seat[Seat.E], by_seat[Seat.S], by_seat[Seat.W]))
    (heading,) = values["ah"]
    board = int(heading.removeprefix("Board "))
    (sv,) = values["sv"]
    state = DealState.start(deal, dealer)
    for call in values.get("mb", []):
        state = state.apply(read_call(call)).after
    for card in values.get("pc", []):
        state = state.apply(Card.parse(card)).after
    claim = int(values["mc"][0]) if "mc" in values else None
    return board, dealer, LIN_VUL[sv], deal, state, claim, values


@pytest.mark.parametrize("board", range(1, 17))
def test_issue10_lin_deal_dealer_and_vulnerability_as_described(board: int) -> None:
    deal = Deal.from_number(random.Random(board).randrange(10**28))
    line = board_lin(deal, board, names=("Ana", "Eli", "Sol", "Wes"))
    number, dealer, vul, read, state, claim, values = read_lin(line)
    assert (number, dealer, vul, read) == (board, Board(board).dealer, Board(board).vulnerability, deal)
    assert values["pn"] == ["Sol,Wes,Ana,Eli"]  # South, West, North, East
    assert state.actions == () and claim is None and "qx" not in values


@pytest.mark.parametrize("seed", [1, 2])
def test_issue10_lin_auction_play_and_claims_replay_to_the_same_deal(seed: int) -> None:
    m = played_match(4, seed)
    record = record_of_match(m, event="Liga", date="2026.11.30")
    lines = record_lin(record).splitlines()
    assert len(lines) == 8  # every board, both rooms
    for line, p in zip(lines, sorted(record.played, key=lambda p: (p.board, p.table)), strict=True):
        board, _, _, deal, state, claim, values = read_lin(line)
        assert p.state is not None and board == p.board and deal == p.state.deal
        assert values["qx"] == [f"{'o' if p.table == 1 else 'c'}{p.board}"]
        assert values["pn"] == [",".join(p.names[s] for s in (2, 3, 0, 1))]
        # The calls and the cards, replayed as the description says, are the played ones.
        original = p.state
        calls = [a for a in original.actions if not isinstance(a, Card | ClaimAction)]
        cards = [a for a in original.actions if isinstance(a, Card)]
        assert [str(c) for c in state.auction.calls] == [str(c) for c in calls]
        assert state.play is None or [c for _, c in state.play.cards_played()] == cards
        assert (state.contract, state.declarer) == (original.contract, original.declarer)
        play = original.play
        if play is not None and play.claim is not None:
            assert claim == original.declarer_tricks
        else:
            assert claim is None
            assert state.declarer_tricks == original.declarer_tricks


def test_issue10_lin_spells_notrump_doubles_and_ten() -> None:
    deal = Deal.from_pbn("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765")
    state = DealState.start(deal, Seat.N)
    for a in ("1NT", "X", "XX", "P", "P", "P"):
        state = state.apply(parse_call(a)).after
    state = state.apply(Card.parse("D4")).after
    state = state.apply(ClaimAction(Seat.N, 7)).after
    line = board_lin(deal, 1, state=state, room=2, title="Final | room, closed")
    assert "mb|1N|mb|d|mb|r|mb|p|mb|p|mb|p|" in line and "pc|D4|" in line
    assert "md|3S765H432DAKQJCT98,S432HAKQJDT98C765,SAKQJHT98D765C432," in line  # N deals; S, W, N, E
    assert "qx|c1|" in line and "mc|8|" not in line and "mc|7|" in line
    assert "st|Final room closed|" in line  # the delimiters | and , never appear in a value
    assert "HT98" in line and "10" not in line  # the ten is T


# -- the printable hand record ------------------------------------------------------------------------

def test_issue10_hand_record_one_block_per_board_with_hands_double_dummy_and_par() -> None:
    m = played_match(2, 5)
    record = record_of_match(m, event="Liga", date="2026.11.30")
    dd = {1: {strain: {seat: (int(strain) + int(seat)) % 14 for seat in DD_SEATS} for strain in DD_STRAINS}}
    boards = record_boards(record, double_dummy=dd, par={1: "3NT N, +400", 2: "<pass>"})
    page = hand_record_html(boards, title="Liga & Copa")
    assert page.startswith("<!DOCTYPE html>") and "<h1>Liga &amp; Copa</h1>" in page
    blocks = re.findall(r'<section class="board" id="board-(\d+)">(.*?)</section>', page, re.S)
    assert [int(b) for b, _ in blocks] == [1, 2]
    for (number, block), b in zip(blocks, boards, strict=True):
        # The four hands, every card once, by seat name.
        for seat, name in zip(SEATS, ("North", "East", "South", "West"), strict=True):
            assert f'<div class="seat">{name}</div>' in block
            assert b.deal.hand(seat)
        shown = html.unescape(re.sub(r"<[^>]+>", " ", block))
        assert f"Board {number}" in shown and f"Dealer {('North', 'East', 'South', 'West')[Board(b.number).dealer]}" in shown
        assert "Open room:" in shown and "Closed room:" in shown
    one, two = blocks[0][1], blocks[1][1]
    assert '<table class="dd">' in one and "3NT N, +400" in one
    assert '<table class="dd">' not in two and "&lt;pass&gt;" in two
    assert one.count("<td>") >= 20  # 5 strains x 4 seats


def test_issue10_hand_record_spanish_and_the_suits_of_each_hand() -> None:
    deal = Deal.from_pbn("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765")
    page = hand_record_html([HandRecordBoard(3, deal)], lang="es")
    assert 'lang="es"' in page and "Tablilla 3" in page and "Dador Sur" in page and "Vul E/O" in page
    north = page.split('<div class="seat">Norte</div>', 1)[1].split("</td>", 1)[0]
    assert re.sub(r"<[^>]+>", "", north).split("♥")[0].endswith("AKQJ") and "10 9 8" not in north
    assert "♦</span> 765" in north and "♣</span> 432" in north and "♥</span> 1098" in north
    # The double-dummy table's columns in the page's language (Oeste is O).
    dd = {strain: dict.fromkeys(DD_SEATS, 7) for strain in DD_STRAINS}
    page = hand_record_html([HandRecordBoard(3, deal, dd)], lang="es")
    assert "<tr><th></th><th>N</th><th>S</th><th>E</th><th>O</th></tr>" in page and "<th>ST</th>" in page

