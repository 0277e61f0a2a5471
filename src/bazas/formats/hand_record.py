"""A printable hand record (issue 10, for the organiser): one HTML page, one block per board with
the dealer, the vulnerability, the four hands around the table, the double-dummy table and the
par when given, and the results at both tables when given.

The page is a self-contained HTML string (inline style, printable: boards do not break across
pages). Double-dummy tables and par come from the caller (the solver lives with the bots), as plain
numbers and text, so this module stays a pure formatter.

>>> from bazas.engine.deal import Deal
>>> d = Deal.from_pbn("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765")
>>> page = hand_record_html([HandRecordBoard(1, d, par="4S N, +420")], title="Club <match>")
>>> "<h1>Club &lt;match&gt;</h1>" in page, page.count('class="board"'), "4S N, +420" in page
(True, 1, True)
"""

from __future__ import annotations

import html
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from bazas.engine.calls import Strain
from bazas.engine.cards import PBN_SUIT_ORDER, Hand
from bazas.engine.deal import Board, Deal
from bazas.engine.seats import Seat

from .match_records import MatchRecord

__all__ = ["DD_SEATS", "DD_STRAINS", "HandRecordBoard", "dd_from_dict", "hand_record_html", "par_text",
           "record_boards"]

#: Rows and columns of a double-dummy table, as hand records print them.
DD_STRAINS: tuple[Strain, ...] = (Strain.NT, Strain.S, Strain.H, Strain.D, Strain.C)
DD_SEATS: tuple[Seat, ...] = (Seat.N, Seat.S, Seat.E, Seat.W)

_TEXT: dict[str, dict[str, object]] = {
    "en": {"board": "Board", "dealer": "Dealer", "vul": "Vul", "par": "Par", "dd": "Double dummy: tricks",
           "results": "Results", "none": "None", "NS": "N/S", "EW": "E/W", "All": "Both",
           "seats": {"N": "North", "E": "East", "S": "South", "W": "West"}, "nt": "NT",
           "rooms": {1: "Open room", 2: "Closed room"}, "passed": "passed out, 0", "ns": "N/S", "ew": "E/W"},
    "es": {"board": "Tablilla", "dealer": "Dador", "vul": "Vul", "par": "Par", "dd": "Doble muerto: bazas",
           "results": "Resultados", "none": "Nadie", "NS": "N/S", "EW": "E/O", "All": "Todos",
           "seats": {"N": "Norte", "E": "Este", "S": "Sur", "W": "Oeste"}, "nt": "ST",
           "rooms": {1: "Sala abierta", 2: "Sala cerrada"}, "passed": "pasada, 0", "ns": "N/S", "ew": "E/O"},
}
_SUIT_COLOUR = {"S": "#000", "H": "#c00", "D": "#c60", "C": "#060"}
_SYMBOL = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}

_STYLE = """
body { font-family: sans-serif; margin: 1em; }
h1 { font-size: 1.3em; }
.board { display: inline-block; vertical-align: top; border: 1px solid #888; margin: 0.4em; padding: 0.5em;
         page-break-inside: avoid; break-inside: avoid; }
.board h2 { font-size: 1em; margin: 0 0 0.3em 0; }
.diagram { border-collapse: collapse; }
.diagram td { padding: 0.1em 0.6em; vertical-align: top; white-space: nowrap; }
.seat { font-size: 0.8em; color: #555; }
.dd { border-collapse: collapse; margin-top: 0.4em; font-size: 0.85em; }
.dd th, .dd td { border: 1px solid #aaa; padding: 0.05em 0.4em; text-align: center; }
.par, .results { font-size: 0.85em; margin-top: 0.3em; }
@media print { body { margin: 0; } }
"""


@dataclass(frozen=True, slots=True)
class HandRecordBoard:
    """One board of the hand record: its number and cards; optionally the double-dummy table
    (``double_dummy[strain][seat]`` = tricks that seat declaring that strain takes), the par
    (text, e.g. ``"4S N, +420"``) and result lines (e.g. each table's contract and score)."""

    number: int
    deal: Deal
    double_dummy: Mapping[Strain, Mapping[Seat, int]] | None = None
    par: str | None = None
    results: Sequence[str] = field(default=())


def _hand_html(hand: Hand) -> str:
    lines = []
    for suit in PBN_SUIT_ORDER:
        letter = suit.name
        ranks = hand.suit_text(suit).replace("T", "10") or "—"
        lines.append(f'<span style="color:{_SUIT_COLOUR[letter]}">{_SYMBOL[letter]}</span> {html.escape(ranks)}')
    return "<br>".join(lines)


def _seat_cell(seat: Seat, deal: Deal, text: dict[str, object]) -> str:
    seats = text["seats"]
    assert isinstance(seats, dict)
    return f'<td><div class="seat">{html.escape(seats[seat.name])}</div>{_hand_html(deal.hand(seat))}</td>'


def _dd_html(table: Mapping[Strain, Mapping[Seat, int]], text: dict[str, object]) -> str:
    seats = text["seats"]
    assert isinstance(seats, dict)
    head = "".join(f"<th>{html.escape(seats[s.name][0])}</th>" for s in DD_SEATS)  # N S E W / N S E O
    rows = []
    for strain in DD_STRAINS:
        label = str(text["nt"]) if strain is Strain.NT else _SYMBOL[strain.name]
        by_seat = table.get(strain, {})
        cells = "".join(f"<td>{html.escape(str(by_seat[s]))}</td>" if s in by_seat else "<td></td>" for s in DD_SEATS)
        rows.append(f"<tr><th>{label}</th>{cells}</tr>")
    return (f'<table class="dd"><caption>{html.escape(str(text["dd"]))}</caption>'
            f"<tr><th></th>{head}</tr>{''.join(rows)}</table>")


def _board_html(b: HandRecordBoard, text: dict[str, object]) -> str:
    board = Board(b.number)
    vul = board.vulnerability.pbn
    vul_text = str(text["none"]) if vul == "None" else str(text[vul])
    seats = text["seats"]
    assert isinstance(seats, dict)
    parts = [f'<section class="board" id="board-{b.number}">',
             f"<h2>{html.escape(str(text['board']))} {b.number} · {html.escape(str(text['dealer']))} "
             f"{html.escape(seats[board.dealer.name])} · {html.escape(str(text['vul']))} {html.escape(vul_text)}</h2>",
             '<table class="diagram">',
             f"<tr><td></td>{_seat_cell(Seat.N, b.deal, text)}<td></td></tr>",
             f"<tr>{_seat_cell(Seat.W, b.deal, text)}<td></td>{_seat_cell(Seat.E, b.deal, text)}</tr>",
             f"<tr><td></td>{_seat_cell(Seat.S, b.deal, text)}<td></td></tr>",
             "</table>"]
    if b.double_dummy is not None:
        parts.append(_dd_html(b.double_dummy, text))
    if b.par is not None:
        parts.append(f'<div class="par">{html.escape(str(text["par"]))}: {html.escape(b.par)}</div>')
    if b.results:
        items = "".join(f"<li>{html.escape(r)}</li>" for r in b.results)
        parts.append(f'<div class="results">{html.escape(str(text["results"]))}<ul>{items}</ul></div>')
    parts.append("</section>")
    return "\n".join(parts)


def hand_record_html(boards: Sequence[HandRecordBoard], *, title: str = "", lang: str = "en") -> str:
    """The hand record of ``boards`` as one printable HTML page (``lang``: ``en`` or ``es``)."""
    text = _TEXT.get(lang, _TEXT["en"])
    body = "\n".join(_board_html(b, text) for b in boards)
    heading = f"<h1>{html.escape(title)}</h1>\n" if title else ""
    return (f'<!DOCTYPE html>\n<html lang="{html.escape(lang)}">\n<head>\n<meta charset="utf-8">\n'
            f"<title>{html.escape(title or str(text['board']))}</title>\n<style>{_STYLE}</style>\n</head>\n"
            f"<body>\n{heading}{body}\n</body>\n</html>\n")


def dd_from_dict(makeable: Mapping[str, Mapping[str, int]]) -> dict[Strain, dict[Seat, int]]:
    """A double-dummy table stored as data (``{"NT": {"N": 9, ...}, ...}``, the solver's
    ``DDTable.to_dict()``) as :class:`HandRecordBoard` takes it.

    >>> dd_from_dict({"NT": {"N": 9, "S": 9}})[Strain.NT][Seat.S]
    9
    """
    return {Strain[strain]: {Seat[seat]: int(n) for seat, n in by_seat.items()} for strain, by_seat in makeable.items()}


_PAR_CONTRACT = re.compile(r"^(\d(?:NT|[CDHS])X{0,2})([NESW])(=|[+-]\d+)?$")


def par_text(par: Mapping[str, Any], lang: str = "en") -> str:
    """The par stored as data (``{"score_ns": 420, "contracts": ["4SN=", ...]}``, the solver's
    ``ParResult.to_dict()``) as a line of the hand record.

    >>> par_text({"score_ns": 420, "contracts": ["4SN=", "4SS="]})
    '4S N =, 4S S =; N/S +420'
    >>> par_text({"score_ns": -100, "contracts": ["5DXN-1"]}, "es"), par_text({"score_ns": 0, "contracts": []})
    ('5DX N -1; E/O +100', '0')
    """
    text = _TEXT.get(lang, _TEXT["en"])
    contracts = []
    for c in par.get("contracts", ()):
        m = _PAR_CONTRACT.match(str(c))
        contracts.append(" ".join(g for g in m.groups() if g) if m else str(c))
    score = int(par.get("score_ns", 0))
    sign = f"{text['ns']} +{score}" if score > 0 else (f"{text['ew']} +{-score}" if score < 0 else "0")
    return f"{', '.join(contracts)}; {sign}" if contracts else sign


def record_boards(record: MatchRecord, *,
                  double_dummy: Mapping[int, Mapping[Strain, Mapping[Seat, int]]] | None = None,
                  par: Mapping[int, str] | None = None, lang: str = "en") -> list[HandRecordBoard]:
    """The boards of a team match record, each with both rooms' results as its result lines
    (``double_dummy`` and ``par`` by board number, when the caller has them; ``lang``: the
    language of the result lines, ``en`` or ``es``)."""
    text = _TEXT.get(lang, _TEXT["en"])
    rooms = text["rooms"]
    assert isinstance(rooms, dict)
    session_lines: dict[int, list[str]] = {}
    scores = {(e.board, e.table): e.score_ns for e in record.session().entries}
    for p in sorted(record.played, key=lambda p: (p.board, p.table)):
        r = p.result
        if r.contract is None or r.declarer is None:
            line = str(text["passed"])
        else:
            diff = r.tricks - r.contract.tricks_needed
            score = scores.get((p.board, p.table), 0)
            line = f"{r.contract} {r.declarer.name} {'=' if diff == 0 else f'{diff:+d}'}, {text['ns']} {score:+d}"
        session_lines.setdefault(p.board, []).append(f"{rooms[p.table]}: {line}")
    out = []
    for board in record.boards:
        first = record.at(board, 1) or record.at(board, 2)
        deal = None if first is None else (first.deal or (None if first.state is None else first.state.deal))
        if deal is None:
            continue
        out.append(HandRecordBoard(board, deal, None if double_dummy is None else double_dummy.get(board),
                                   None if par is None else par.get(board), tuple(session_lines.get(board, ()))))
    return out
