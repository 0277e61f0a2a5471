"""``bazas deal``: boards for a physical match (seed 002 section 2, the organiser)."""

from __future__ import annotations

import pytest

from bazas.cli.main import main
from bazas.engine.cards import Card, Hand
from bazas.engine.deal import Board, Deal
from bazas.engine.seats import Seat
from bazas.formats.pbn import loads


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_deal_pbn_boards_with_dealer_and_vulnerability(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "deal", "--boards", "4", "--seed", "42")
    assert code == 0 and err == ""
    games = loads(out).games
    assert [g.board for g in games] == [1, 2, 3, 4]
    # Seed 002 section 3: N none, E N/S, S E/W, W both.
    assert [(g.tag("Dealer"), g.tag("Vulnerable")) for g in games] == [
        ("N", "None"), ("E", "NS"), ("S", "EW"), ("W", "All")]
    for g in games:
        for tag in ("Event", "Board", "Dealer", "Vulnerable", "Deal"):
            assert g.tag(tag) is not None
        assert isinstance(g.deal, Deal)  # 52 distinct cards, 13 each (validated by Deal)
    assert len({g.tag("Deal") for g in games}) == 4


def test_deal_seed_is_reproducible_and_default_is_random(capsys: pytest.CaptureFixture[str]) -> None:
    a = run(capsys, "deal", "--boards", "2", "--seed", "7")[1]
    b = run(capsys, "deal", "--boards", "2", "--seed", "7")[1]
    c = run(capsys, "deal", "--boards", "2", "--seed", "8")[1]
    assert a == b and a != c
    x = run(capsys, "deal", "--boards", "2")[1]
    y = run(capsys, "deal", "--boards", "2")[1]
    assert x != y


def test_deal_first_board_number(capsys: pytest.CaptureFixture[str]) -> None:
    games = loads(run(capsys, "deal", "--boards", "3", "--first", "16", "--seed", "1")[1]).games
    assert [(g.board, g.dealer, g.vulnerability) for g in games] == [
        (n, Board(n).dealer, Board(n).vulnerability) for n in (16, 17, 18)]


def test_deal_text_hand_records_one_page_per_board(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "deal", "--boards", "3", "--seed", "5", "--format", "text", "--ascii")
    assert code == 0
    pages = out.split("\f\n")
    assert len(pages) == 3
    deals = loads(run(capsys, "deal", "--boards", "3", "--seed", "5")[1]).games
    names = {"NORTH": Seat.N, "EAST": Seat.E, "SOUTH": Seat.S, "WEST": Seat.W}
    for number, (page, game) in enumerate(zip(pages, deals, strict=True), start=1):
        board = Board(number)
        vul = {"None": "None", "NS": "N/S", "EW": "E/W", "All": "Both"}[board.vulnerability.pbn]
        assert page.startswith(f"Board {number}   Dealer {board.dealer.name}   Vulnerable {vul}")
        # Each seat's slip carries board, dealer, vulnerability and exactly that seat's 13 cards.
        slips = page.split(" cut\n")
        seen = 0
        for slip in slips:
            header = [ln for ln in slip.splitlines() if ln.startswith(f"| Board {number}  ")]
            if not header:
                continue
            seat = names[header[0].split()[3]]
            assert f"Dealer {board.dealer.name}  Vulnerable {vul}" in slip
            cards = []
            for line in slip.splitlines():
                parts = line.strip("| ").split()
                if parts and parts[0] in ("S", "H", "D", "C"):
                    cards += [Card.parse(parts[0] + r) for r in parts[1:] if r != "-"]
            assert Hand.of(cards) == game.deal.hand(seat)  # type: ignore[union-attr]
            seen += 1
        assert seen == 4


def test_deal_text_uses_suit_symbols_by_default(capsys: pytest.CaptureFixture[str]) -> None:
    out = run(capsys, "deal", "--boards", "1", "--seed", "5", "--format", "text")[1]
    assert "♠" in out and "\f" not in out


def test_deal_bad_board_count(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "deal", "--boards", "0")
    assert code == 2 and out == "" and "--boards" in err
