"""``bazas score [FILE|-] [--json]``: score a session record (JSON, or PBN for duplicate boards).

Text output is the familiar score sheet: We (N/S) and They (E/W) columns, bonuses above the line
(newest on top, as written on paper), trick scores below it with a line drawn at each game, then
totals and the winner; a duplicate match prints each board's N/S score at both tables and the
IMPs. ``--json`` prints the scored session as data. Bad input prints one message on stderr
naming the deal and field, exits 2 and prints nothing on stdout.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from bazas.engine.session import ScoredDeal, Session


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = subparsers.add_parser(
        "score",
        help="score a session record (rubber, Chicago, 1920 auction, duplicate)",
        description="Score a JSON session record (or PBN duplicate boards) and print the score sheet.",
    )
    p.add_argument("file", nargs="?", default="-", help="the record file, or - for standard input (default)")
    p.add_argument("--json", action="store_true", help="print the scored session as JSON")
    p.set_defaults(func=run)


def _three_handed(text: str, as_json: bool) -> int | None:
    """Score a three-handed Auction record (None: the record is of another game)."""
    from bazas.engine.rulesets import UnknownRuleset, get

    try:
        record = json.loads(text)
        ruleset = get(str(record.get("ruleset", "")))
    except (ValueError, AttributeError, UnknownRuleset, RecursionError):
        return None  # not a three-handed record: the session loader reports what is wrong
    if not getattr(ruleset, "per_player", False):
        return None
    from bazas.cli.three_handed import RecordError, dump, load, render

    try:
        sheet, scored, results = load(record)
    except RecordError as exc:
        print(f"bazas score: {exc}", file=sys.stderr)
        return 2
    if as_json:
        sys.stdout.write(json.dumps(dump(sheet, scored, results), indent=2) + "\n")
    else:
        sys.stdout.write(render(sheet, scored, results))
    return 0


def run(args: argparse.Namespace) -> int:
    from bazas.formats.records import RecordError, dump_session, load_session

    try:
        if args.file == "-":
            text = sys.stdin.read()
        else:
            with open(args.file, encoding="utf-8") as fh:
                text = fh.read()
    except OSError as exc:
        print(f"bazas score: cannot read {args.file}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    except UnicodeDecodeError as exc:
        print(f"bazas score: {args.file} is not UTF-8 text: {exc.reason}", file=sys.stderr)
        return 2
    three = _three_handed(text, args.json)
    if three is not None:  # three-handed Auction: scored per player (bazas.cli.three_handed)
        return three
    try:
        session = load_session(text)
    except (RecordError, ValueError) as exc:
        print(f"bazas score: {exc}", file=sys.stderr)
        return 2
    if args.json:
        out = json.dumps(dump_session(session), indent=2, ensure_ascii=False) + "\n"
    else:
        out = render(session)
    sys.stdout.write(out)
    return 0


# -- text rendering ------------------------------------------------------------------------------
def _result_text(e: ScoredDeal) -> str:
    from bazas.engine.rulesets.denominations import over_under

    if e.contract is None or e.tricks is None:
        return "passed out"
    diff = over_under(e.contract, e.tricks)  # at a nullo the tricks that count are those lost
    made = "=" if diff == 0 else f"{diff:+d}"
    assert e.declarer is not None
    return f"{e.contract} {e.declarer.name} {made}"


def _vul_text(e: ScoredDeal) -> str:
    return {0: "None", 1: "N/S", 2: "E/W", 3: "Both"}[int(e.vulnerability)]


def _table(headers: list[str], rows: list[list[str]], right: set[int]) -> list[str]:
    widths = [max(len(h), *(len(r[i]) for r in rows)) if rows else len(h) for i, h in enumerate(headers)]

    def fmt(cells: list[str]) -> str:
        return "  ".join(c.rjust(w) if i in right else c.ljust(w) for i, (c, w) in enumerate(zip(cells, widths,
                                                                                                  strict=True))).rstrip()

    return [fmt(headers), fmt(["-" * w for w in widths]), *(fmt(r) for r in rows)]


def render(session: Session) -> str:
    """The session as plain text (what ``bazas score`` prints)."""
    if session.is_duplicate:
        return _render_duplicate(session)
    return _render_sheet(session)


def _render_sheet(session: Session) -> str:
    from bazas.engine.seats import Side

    rs = session.ruleset
    lines = [f"{rs.title} ({rs.id}), first dealer {session.first_dealer.name}",
             f"Rules: {rs.source}", ""]
    if rs.options():
        lines[2:2] = ["Options: " + ", ".join(f"{k} {json.dumps(v)}" for k, v in rs.options().items())]
    rows = []
    for e in session.entries:
        note = ""
        if e.game_won_by is not None:
            note = f"game {e.game_won_by.name[0]}/{e.game_won_by.name[1]}"
        if e.rubber_over:
            end = "last deal" if rs.session_deals else "rubber over"
            note = f"{note}, {end}" if note else end
        rows.append([str(e.number), e.dealer.name, _vul_text(e), _result_text(e),
                     str(e.above.ns or ""), str(e.above.ew or ""), str(e.below.ns or ""), str(e.below.ew or ""),
                     note])
    lines += _table(["Deal", "Dealer", "Vul", "Result", "NS above", "EW above", "NS below", "EW below", ""],
                    rows, right={0, 4, 5, 6, 7})
    lines.append("")

    # The sheet: above the line newest first (written upward from the line), below the line in
    # order with a line drawn under each game.
    width = 10

    def row(ns: int | str, ew: int | str, note: str = "") -> str:
        a = "" if ns in ("", 0) else str(ns)
        b = "" if ew in ("", 0) else str(ew)
        return f"{a:>{width}} | {b:<{width}} {note}".rstrip()

    above = []
    for e in session.entries:
        for item in e.items:
            if not item.below:
                label = f"{item.kind.value} (deal {e.number})"
                above.append(row(item.points, "", label) if item.side is Side.NS else row("", item.points, label))
    for item in session.closing:
        label = item.kind.value
        above.append(row(item.points, "", label) if item.side is Side.NS else row("", item.points, label))
    lines.append(f"{'WE (N/S)':>{width}} | {'THEY (E/W)':<{width}}")
    lines.append(row("", ""))
    lines.extend(reversed(above))
    lines.append(f"{'=' * width}=+={'=' * width}")
    for e in session.entries:
        for item in e.items:
            if item.below:
                label = f"deal {e.number}"
                lines.append(row(item.points, "", label) if item.side is Side.NS else row("", item.points, label))
        if e.game_won_by is not None:
            lines.append(f"{'-' * width}-+-{'-' * width} game {e.game_won_by.name[0]}/{e.game_won_by.name[1]}")
    t = session.totals
    lines.append(f"{'=' * width}=+={'=' * width}")
    lines.append(row(str(t.ns), str(t.ew), "total"))
    lines.append("")
    g = session.games
    lines.append(f"Games: N/S {g.ns}, E/W {g.ew}.")
    if session.closing:
        lines.append("Stopped before the end: " + ", ".join(
            f"{i.kind.value} {i.points} to {i.side.name[0]}/{i.side.name[1]}" for i in session.closing) + ".")
    elif session.stopped_early:
        lines.append("Stopped before the end.")
    winner = session.winner
    if winner is None and session.deciding:
        lines.append(f"An exact tie at {t.ns} each: one more deal settles it (seed 001), dealt by "
                     f"{session.next_dealer.name}.")
    elif winner is None:
        nxt = session.next_vulnerability
        parts = session.part_scores
        lines.append(f"In progress: next dealer {session.next_dealer.name}, vulnerable {nxt.pbn}, "
                     f"part scores N/S {parts.ns}, E/W {parts.ew}; N/S {t.ns} - E/W {t.ew}.")
    elif winner == "tie":
        lines.append(f"A tie at {t.ns} each.")
    else:
        lines.append(f"{winner[0]}/{winner[1]} win by {session.margin} ({t.ns} to {t.ew}).")
    return "\n".join(lines) + "\n"


def _render_duplicate(session: Session) -> str:
    rs = session.ruleset
    lines = [f"{rs.title} ({rs.id}): team A sits N/S at table 1 and E/W at table 2",
             f"Rules: {rs.source}", ""]
    rows = []
    for e in sorted(session.entries, key=lambda e: (e.board or 0, e.table or 0)):
        rows.append([str(e.board), str(e.table), e.dealer.name, _vul_text(e), _result_text(e), f"{e.score_ns:+d}"
                     if e.score_ns else "0"])
    lines += _table(["Board", "Table", "Dealer", "Vul", "Result", "N/S score"], rows, right={0, 1, 5})
    lines.append("")
    rows = []
    for b in session.boards:
        def signed(v: int | None) -> str:
            return "-" if v is None else (f"{v:+d}" if v else "0")

        rows.append([str(b.board), signed(b.table1_ns), signed(b.table2_ns), signed(b.difference), signed(b.imps_a)])
    lines += _table(["Board", "Table 1 N/S", "Table 2 N/S", "Difference", "IMPs A"], rows, right={0, 1, 2, 3, 4})
    lines.append("")
    a = session.imps_a
    winner = session.winner
    if winner is None:
        lines.append(f"In progress: team A {a:+d} IMPs so far.")
    elif winner == "tie":
        lines.append("A tie: 0 IMPs.")
    else:
        lines.append(f"Team {winner} wins by {session.margin} IMPs (team A {a:+d}).")
    return "\n".join(lines) + "\n"
