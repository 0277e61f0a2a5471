"""``bazas tm serve`` and ``bazas tm connect``: seats for outside programs through the Blue Chip
Bridge table-manager protocol (see :mod:`bazas.tm`)."""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import sys
from pathlib import Path
from typing import Any


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = subparsers.add_parser(
        "tm", help="table manager protocol (Blue Chip): seat outside programs, or play at another manager",
        description="The Blue Chip Bridge table-manager protocol, used by computer bridge championships.")
    sub = p.add_subparsers(dest="tm_command", metavar="{serve,connect,alert}")

    serve = sub.add_parser(
        "serve", help="run a table manager: a table or a two-table team match",
        description="A table manager. Each seat is an outside program that connects over TCP "
                    "(Connecting \"<team>\" as <seat> ...) or one of our bots. In a team match (--tables 2) "
                    "team A sits N/S at table 1 and E/W at table 2, on the same boards; the comparison "
                    "in IMPs is printed at the end.")
    serve.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    serve.add_argument("--port", type=int, default=2000, help="port (default 2000; 0: any free port)")
    serve.add_argument("--boards", type=int, default=None,
                       help="number of boards (default 4, or every board of --deals)")
    serve.add_argument("--seed", type=int, default=None, help="seed for the deals")
    serve.add_argument("--deals", metavar="FILE.pbn", default=None,
                       help="play these boards (PBN: boards 1..n, each with its Deal) instead of dealing at random")
    serve.add_argument("--record", metavar="FILE.pbn", default=None,
                       help="write the session's record as PBN, after every board: each board at each table "
                            "(Open: table 1, Closed: table 2) with its auction, alerts as notes, play and result")
    serve.add_argument("--resume", metavar="FILE.pbn", default=None,
                       help="go on with the session this record (--record) was written by: its boards are not "
                            "played again (the same --deals or --seed, teams and tables)")
    serve.add_argument("--transcript", metavar="FILE", default=None,
                       help="write every line the manager and the programs exchanged, timed, table and seat")
    serve.add_argument("--event", default="bazas tm", help='the event named in the record (default "bazas tm")')
    serve.add_argument("--tables", type=int, choices=(1, 2), default=2, help="1 table, or 2 (team match, default)")
    serve.add_argument("--teams", default="bazas,guests", help='team A and team B names (default "bazas,guests")')
    serve.add_argument("--programs", default="B",
                       help="who are outside programs: A, B, AB (both teams) or a list of table:seat, "
                            "e.g. 1:N,1:S (default B: team B's seats; the others are our bots)")
    serve.add_argument("--strength", default="fast", choices=("baseline", "fast", "normal", "strong"))
    serve.add_argument("--budget", type=float, default=0.3, help="our bots' seconds per action")
    serve.add_argument("--time-per-board", type=float, default=None, metavar="SECONDS",
                       help="time control: each pair's thinking seconds per board, averaged over the session "
                            "(computer championships: 120). The operator is told when a pair is over its "
                            "allowance and when a program thinks a whole board's allowance on one action; "
                            "every pair's time is printed at the end")
    serve.add_argument("--json", action="store_true", help="print the results as JSON")
    serve.set_defaults(func=run_serve)

    connect = sub.add_parser(
        "connect", help="our bot as a client at a table manager",
        description="Connect our bot to a table manager (HOST:PORT) for one seat and play until the end of "
                    "the session.")
    connect.add_argument("address", metavar="HOST:PORT")
    connect.add_argument("--seat", required=True, help="N, E, S or W")
    connect.add_argument("--team", default="bazas", help='our team name (default "bazas")')
    connect.add_argument("--strength", default="fast", choices=("baseline", "fast", "normal", "strong"))
    connect.add_argument("--budget", type=float, default=0.3, help="seconds per action")
    connect.add_argument("--seed", type=int, default=0)
    connect.add_argument("--json", action="store_true", help="print what was played as JSON")
    connect.set_defaults(func=run_connect)

    alert = sub.add_parser(
        "alert", help="how our bots read an outside program's alert",
        description="What our bots read into an outside program's alert explanation (what the hand "
                    "holds), for checking a program's convention card before a match. Words the reader "
                    "does not understand promise nothing: the call is still never read as natural.")
    alert.add_argument("text", nargs="+", help='the explanation, e.g. "Multi: a weak two in either major"')
    alert.add_argument("--call", default=None, help="the call it explains, e.g. 2D (conventions named alone "
                                                    "are read by the call)")
    alert.add_argument("--json", action="store_true", help="print the reading as JSON")
    alert.set_defaults(func=run_alert)

    def usage(args: argparse.Namespace) -> int:
        p.print_help()
        return 2

    p.set_defaults(func=usage)


def _program_seats(text: str, tables: int) -> set[tuple[int, Any]]:
    from bazas.engine.seats import SEATS, Seat

    spec = text.strip().upper()
    out: set[tuple[int, Any]] = set()
    if spec in ("", "NONE"):
        return out
    if set(spec) <= {"A", "B"}:
        for team in spec:
            for table in range(1, tables + 1):
                for seat in SEATS:
                    # Team A is N/S at table 1 and E/W at table 2.
                    a_here = (seat.side.name == "NS") == (table == 1)
                    if (team == "A") == a_here:
                        out.add((table, seat))
        return out
    for item in spec.replace(" ", "").split(","):
        table_text, _, seat_text = item.partition(":")
        if not table_text.isdigit() or int(table_text) not in range(1, tables + 1):
            raise ValueError(f"bad --programs item {item!r} (expected TABLE:SEAT such as 1:N)")
        out.add((int(table_text), Seat.parse(seat_text)))
    return out


def run_serve(args: argparse.Namespace) -> int:
    from rich.console import Console
    from rich.table import Table

    from bazas.cli.files import FileInputError, parsed_file
    from bazas.engine.deal import deal_random
    from bazas.engine.errors import BazasError
    from bazas.engine.seats import SEATS, Seat
    from bazas.formats.match_records import dumps_match, load_boards, loads_match
    from bazas.tm.manager import (
        BoardPlan,
        SeatKind,
        TableManager,
        bot_decider,
        compare,
        pair_time,
        program_seconds,
        resumed_results,
    )

    teams = tuple(t.strip() for t in args.teams.split(","))
    if len(teams) != 2 or not all(teams) or teams[0] == teams[1]:
        print("bazas tm serve: --teams needs two different names, e.g. bazas,guests", file=sys.stderr)
        return 2
    if args.time_per_board is not None and not args.time_per_board > 0:
        print("bazas tm serve: --time-per-board must be a positive number of seconds", file=sys.stderr)
        return 2
    if args.boards is not None and not 1 <= args.boards <= 32:
        print("bazas tm serve: --boards must be 1-32", file=sys.stderr)
        return 2
    try:
        programs = _program_seats(args.programs, args.tables)
    except (ValueError, BazasError) as exc:
        print(f"bazas tm serve: {exc}", file=sys.stderr)
        return 2
    for option, path in (("--record", args.record), ("--transcript", args.transcript)):
        if path is not None and not Path(path).resolve().parent.is_dir():
            print(f"bazas tm serve: {option}: no directory {Path(path).resolve().parent} to write {path} in",
                  file=sys.stderr)
            return 2
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**32)
    if args.deals is not None:
        try:
            deals = parsed_file(args.deals, load_boards)
        except FileInputError as exc:
            print(f"bazas tm serve: --deals: {exc}", file=sys.stderr)
            return 2
        if not deals:
            print(f"bazas tm serve: --deals {args.deals}: no board with a [Deal]", file=sys.stderr)
            return 2
        if args.boards is not None and args.boards > len(deals):
            print(f"bazas tm serve: --boards {args.boards}, but {args.deals} has {len(deals)} boards", file=sys.stderr)
            return 2
        deals = deals[:args.boards or len(deals)]
    else:
        rng = random.Random(seed)
        deals = tuple(deal_random(rng) for _ in range(args.boards or 4))
    boards = [BoardPlan(n, deal) for n, deal in enumerate(deals, start=1)]
    done: dict[tuple[int, int], Any] = {}
    if args.resume is not None:
        def resumed(text: str) -> dict[tuple[int, int], Any]:
            record = loads_match(text)
            if any(record.teams) and tuple(record.teams) != teams:
                raise ValueError(f"it is the record of {record.teams[0]} v {record.teams[1]}, "
                                 f"not {teams[0]} v {teams[1]} (--teams)")
            return resumed_results(record, boards, args.tables)

        try:
            done = parsed_file(args.resume, resumed)
        except FileInputError as exc:
            print(f"bazas tm serve: --resume: {exc}", file=sys.stderr)
            return 2
    kinds: dict[tuple[int, Seat], SeatKind] = {
        (t, s): ("program" if (t, s) in programs else "bot") for t in range(1, args.tables + 1) for s in SEATS}
    bot_seats = "".join(s.name for s in SEATS if all(kinds[(t, s)] == "bot" for t in range(1, args.tables + 1)))
    console = Console(stderr=True)

    manager = TableManager(boards, (teams[0], teams[1]), kinds,
                           bot_decider(args.strength, args.budget, seed, bot_seats), tables=args.tables,
                           done=done, time_per_board=args.time_per_board,
                           on_time=lambda notice: console.print(f"[yellow]time: {notice}[/yellow]"))

    async def main() -> dict[int, Any]:

        def keep(_table: int, _result: Any) -> None:
            # The record on disk after every board: a session stopped midway resumes from it.
            if args.record:
                _write(Path(args.record), dumps_match(manager.record(event=args.event)))

        manager.on_board = keep
        port = await manager.start(args.host, args.port)
        source = f"boards of {args.deals}" if args.deals else f"seed {seed}"
        console.print(f"table manager listening on {args.host}:{port} (protocol version 18), "
                      f"{len(boards)} boards, {source}")
        if done:
            console.print(f"  resumed from {args.resume}: {len(done)} board(s) already played")
        for (t, s), kind in sorted(kinds.items()):
            if kind == "program":
                team = manager.tables[t].teams[s.side]
                console.print(f"  table {t} {s.name}: waiting for \"{team}\"")
        try:
            results = await manager.run()
        finally:
            await manager.close()
            if args.transcript:
                Path(args.transcript).write_text(manager.transcript_text(), encoding="utf-8")
        if args.record:
            _write(Path(args.record), dumps_match(manager.record(results, event=args.event)))
        return results

    try:
        results = asyncio.run(main())
    except KeyboardInterrupt:
        return 130
    except OSError as exc:
        print(f"bazas tm serve: {exc}", file=sys.stderr)
        return 1
    report = compare(results)
    thinking = program_seconds(results)
    pairs = pair_time(results, {n: t.teams for n, t in manager.tables.items()}, args.time_per_board)
    notices = [str(n) for n in manager.notices]
    if args.json:
        per_board = report.per_board()
        print(json.dumps({"seed": None if args.deals else seed, "deals": args.deals,
                          "teams": {"A": teams[0], "B": teams[1]}, "boards": report.boards,
                          "imps_a": report.imps_a, "winner": report.winner,
                          "imps_per_board": None if per_board is None else {
                              "mean": per_board[0], "ci95": [per_board[1], per_board[2]]},
                          "program_seconds": thinking, "time_per_board": args.time_per_board,
                          "pair_time": pairs, "time_notices": notices}, indent=2))
        return 0
    table = Table(title=f"{teams[0]} (A) v {teams[1]} (B)")
    for col in ("Board", "Table 1", "N/S", "Table 2", "N/S", "A diff", "IMPs A"):
        table.add_column(col, justify="right")
    for row in report.boards:
        one, two = row["table1"], row.get("table2")

        def res(r: dict[str, Any] | None) -> str:
            if r is None:
                return ""
            if r["contract"] == "pass":
                return "passed"
            return f"{r['contract']} {r['declarer']} {r['tricks']}"

        table.add_row(str(row["board"]), res(one), str(row["table1_ns"]), res(two),
                      str(row.get("table2_ns", "")), str(row.get("difference", "")), str(row.get("imps_a", "")))
    Console().print(table)
    per_board = report.per_board()
    if per_board is not None:
        mean, low, high = per_board
        print(f"IMPs: team A {report.imps_a:+d} ({mean:+.2f} per board, 95% interval {low:+.2f} to {high:+.2f}); "
              f"winner: {report.winner}")
    if thinking:
        used = Table(title="outside programs' thinking time")
        for col in ("Table", "Seat", "Seconds", "Per board"):
            used.add_column(col, justify="right")
        for row in thinking:
            used.add_row(str(row["table"]), row["seat"], f"{row['seconds']:.1f}", f"{row['per_board']:.1f}")
        Console().print(used)
    clocked = Table(title="each pair's thinking time" + (
        f" (time control: {args.time_per_board:g} s a board)" if args.time_per_board else ""))
    heads = ["Table", "Pair", "Team", "Boards", "Seconds", "Per board"]
    if args.time_per_board:
        heads += ["Allowance", "Over"]
    for col in heads:
        clocked.add_column(col, justify="right")
    for row in pairs:
        cells = [str(row["table"]), "N/S" if row["pair"] == "NS" else "E/W", row["team"], str(row["boards"]),
                 f"{row['seconds']:.1f}", f"{row['per_board']:.1f}"]
        if args.time_per_board:
            cells += [f"{row['allowance']:.1f}", f"[red]{row['over']:.1f}[/red]" if row["over"] else "0"]
        clocked.add_row(*cells)
    Console().print(clocked)
    return 0


def _write(path: Path, text: str) -> None:
    """Replace ``path`` with ``text`` at once (a reader never sees half a record)."""
    temporary = path.with_name(path.name + ".part")
    temporary.write_text(text, encoding="utf-8")
    os.replace(temporary, path)


def run_connect(args: argparse.Namespace) -> int:
    from bazas.engine.errors import BazasError
    from bazas.engine.seats import Seat
    from bazas.tm.client import TableClient, bot_chooser

    host, _, port_text = args.address.rpartition(":")
    if not host or not port_text.isdigit():
        print(f"bazas tm connect: expected HOST:PORT, not {args.address!r}", file=sys.stderr)
        return 2
    try:
        seat = Seat.parse(args.seat)
    except BazasError as exc:
        print(f"bazas tm connect: --seat: {exc}", file=sys.stderr)
        return 2
    client = TableClient(host, int(port_text), seat, args.team, bot_chooser(args.strength, args.budget, args.seed),
                         seed=args.seed)
    try:
        report = asyncio.run(client.run())
    except OSError as exc:
        print(f"bazas tm connect: cannot reach {args.address}: {exc}", file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps({"teams": report.teams, "boards": report.boards, "errors": report.errors}, indent=2))
    else:
        for b in report.boards:
            contract = b["contract"] or "passed"
            print(f"board {b['board']}: {contract} {b['declarer'] or ''} {b['tricks'] if b['tricks'] is not None else ''}")
        for e in report.errors:
            print(f"refused: {e}", file=sys.stderr)
    return 0


def run_alert(args: argparse.Namespace) -> int:
    from bazas.bots.bidding.explanations import read_explanation, says_natural
    from bazas.engine.calls import parse_call

    text = " ".join(args.text)
    try:
        call = parse_call(args.call) if args.call else None
    except ValueError as exc:
        print(f"bazas tm alert: --call {args.call!r}: {exc}", file=sys.stderr)
        return 2
    reading = read_explanation(text, call)
    if args.json:
        print(json.dumps({"text": text, "call": args.call, "natural": says_natural(text),
                          "constraints": reading.to_dict(), "en": reading.text("en"), "es": reading.text("es")},
                         ensure_ascii=False))
        return 0
    print(f"{text!r}{f' ({args.call})' if args.call else ''}")
    print(f"  en: {reading.text('en')}")
    print(f"  es: {reading.text('es')}")
    if says_natural(text):
        print("  natural: the call's natural meaning holds too, with these ranges")
    return 0
