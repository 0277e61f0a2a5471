"""``bazas deal --boards 4 [--seed S] [--format pbn|text]``: boards for a physical match.

For seed 002's organiser: board numbers with their dealer and vulnerability (the standard cycle),
uniformly random deals (the operating system's cryptographic source, or ``random.Random(seed)``
when a seed is given, for reproducible boards), written as PBN or as printable hand records: one
page per board, pages separated by form feeds, each seat's hand on its own slip.
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from bazas.engine.deal import Deal

_SEAT_NAMES = {"N": "NORTH", "E": "EAST", "S": "SOUTH", "W": "WEST"}
_VUL_NAMES = {"None": "None", "NS": "N/S", "EW": "E/W", "All": "Both"}


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = subparsers.add_parser(
        "deal",
        help="deal boards for a match (PBN or printable hand records)",
        description="Deal uniformly random boards with their dealer and vulnerability.",
    )
    p.add_argument("--boards", type=int, default=4, metavar="N", help="how many boards (default 4)")
    p.add_argument("--first", type=int, default=1, metavar="B", help="number of the first board (default 1)")
    p.add_argument("--seed", default=None, help="seed for reproducible deals (default: cryptographic source)")
    p.add_argument("--format", choices=("pbn", "text"), default="pbn", help="output format (default pbn)")
    p.add_argument("--event", default="bazas match", help="PBN Event tag")
    p.add_argument("--ascii", action="store_true", help="text format: S H D C instead of suit symbols")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    import random

    from bazas.engine.deal import deal_random

    if args.boards < 1:
        print(f"bazas deal: --boards must be at least 1, not {args.boards}", file=sys.stderr)
        return 2
    if args.first < 1:
        print(f"bazas deal: --first must be at least 1, not {args.first}", file=sys.stderr)
        return 2
    rng: random.Random | None = None
    if args.seed is not None:
        seed: int | str = int(args.seed) if args.seed.lstrip("-").isdigit() else args.seed
        rng = random.Random(seed)
    boards = [(args.first + i, deal_random(rng)) for i in range(args.boards)]
    if args.format == "pbn":
        sys.stdout.write(pbn_text(boards, event=args.event))
    else:
        sys.stdout.write(hand_records(boards, ascii_suits=args.ascii))
    return 0


def pbn_text(boards: list[tuple[int, Deal]], event: str = "bazas match") -> str:
    from bazas.formats.pbn import PbnGame, dumps

    return dumps([PbnGame.board_record(n, d, event=event, scoring="IMP") for n, d in boards])


def hand_records(boards: list[tuple[int, Deal]], ascii_suits: bool = False) -> str:
    """One page per board (separated by form feeds): four slips, one per seat, to cut apart."""
    from bazas.engine.cards import PBN_SUIT_ORDER
    from bazas.engine.deal import Board
    from bazas.engine.seats import SEATS

    width = 40
    pages = []
    for number, deal in boards:
        board = Board(number)
        vul = _VUL_NAMES[board.vulnerability.pbn]
        lines = [f"Board {number}   Dealer {board.dealer.name}   Vulnerable {vul}", ""]
        for seat in SEATS:
            hand = deal.hand(seat)
            lines.append("+" + "-" * (width - 2) + "+")
            lines.append(_slip_line(f"Board {number}  {_SEAT_NAMES[seat.name]}", width))
            lines.append(_slip_line(f"Dealer {board.dealer.name}  Vulnerable {vul}", width))
            lines.append(_slip_line("", width))
            for suit in PBN_SUIT_ORDER:
                symbol = suit.letter if ascii_suits else suit.symbol
                ranks = " ".join("10" if ch == "T" else ch for ch in hand.suit_text(suit)) or "-"
                lines.append(_slip_line(f"  {symbol}  {ranks}", width))
            lines.append("+" + "-" * (width - 2) + "+")
            lines.append("- " * (width // 2) + " cut")
            lines.append("")
        pages.append("\n".join(lines).rstrip("\n") + "\n")
    return "\f\n".join(pages)


def _slip_line(text: str, width: int) -> str:
    return "| " + text.ljust(width - 4) + " |"
