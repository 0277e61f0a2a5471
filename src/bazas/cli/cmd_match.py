"""``bazas match``: eight computer players play a team match at two tables (seed 002), and the
boards are compared in IMPs; or ``--pbn FILE`` scores a PBN of results played at both tables.

Team A sits N/S at table 1 and E/W at table 2. The boards are dealt once (``--seed`` makes them,
and the play, reproducible) and both tables play the same cards, each at its own pace, through
:class:`bazas.engine.match.Match`. ``--json`` prints the comparison in the shape ``bazas score
--json`` gives for a duplicate record (:func:`bazas.formats.match_records.dump_comparison`);
``--out FILE`` writes the played match as PBN 2.1 (both rooms, auctions and play).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from bazas.bots.base import Bot, Budget
    from bazas.engine.match import Match
    from bazas.formats.match_records import MatchRecord

__all__ = ["play_match", "register", "render", "run"]


def _boards(text: str) -> int:
    from bazas.engine.match import MAX_BOARDS

    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of boards: {text!r}") from None
    if not 1 <= value <= MAX_BOARDS:
        raise argparse.ArgumentTypeError(f"a match has 1 to {MAX_BOARDS} boards, not {value}")
    return value


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = subparsers.add_parser(
        "match",
        help="eight bots play a team match at two tables (IMPs), or score a PBN of one",
        description="Eight computer players play a team match of seed 002 at two tables on the same boards "
                    "(team A N/S at table 1, E/W at table 2) and the boards are compared in IMPs; with --pbn, "
                    "score the results of a PBN file instead.",
    )
    p.add_argument("--boards", type=_boards, default=4, help="boards in the match, 1-32 (default 4, as seed 002)")
    p.add_argument("--seed", type=int, default=None, help="seed for reproducible boards and play")
    p.add_argument("--strength", default="fast", choices=("baseline", "fast", "normal", "strong"),
                   help="computer players' strength (default fast)")
    p.add_argument("--budget", type=float, default=0.3, help="bot seconds per action (default 0.3)")
    p.add_argument("--pbn", metavar="FILE", default=None,
                   help="score the results played at both tables in this PBN file (- for standard input)")
    p.add_argument("--out", metavar="FILE", default=None, help="write the played match as PBN 2.1 to FILE")
    p.add_argument("--json", action="store_true", help="print the comparison as JSON")
    p.set_defaults(func=run)


# -- the bots play ------------------------------------------------------------------------------------

def play_match(match: Match, bot: Bot, rng: random.Random, budget: Budget,
               on_step: Callable[[Match], None] | None = None) -> Match:
    """Let ``bot`` play every seat of ``match`` to the end, one action at each table in turn
    (each table at its own pace; a table that has finished a board moves on to the next). A
    computer player's claim goes to the table, which verifies it; refused, the bot plays a card."""
    from bazas.bots.base import TableContext
    from bazas.engine.errors import BazasError
    from bazas.engine.match import AtTable
    from bazas.engine.state import ClaimAction
    from bazas.engine.table import Act, Claim, Next
    from bazas.engine.views import view_of

    while not match.over:
        for number in (1, 2):
            table = match.table(number)
            if table.status == "over":
                continue
            if table.status == "review":
                match = match.apply(AtTable(number, Next(None)))
                continue
            state, actor = table.current, table.actor
            assert state is not None and actor is not None
            context = TableContext.at("duplicate", table.vulnerability, deal_number=table.number,
                                      computer_seats="NESW")
            view = view_of(state, actor)
            decision = bot.choose(view, context, random.Random(rng.getrandbits(64)), budget)
            action = decision.action
            if isinstance(action, ClaimAction):
                try:
                    match = match.apply(AtTable(number, Claim(action.seat, action.tricks)))
                except BazasError:
                    card_player: Any = getattr(bot, "card_player", bot)
                    action = card_player.choose(view, context, random.Random(rng.getrandbits(64)), budget).action
                    match = match.apply(AtTable(number, Act(actor, action, table.version)))
            else:
                match = match.apply(AtTable(number, Act(actor, action, table.version)))
            if on_step is not None:
                on_step(match)
    return match


# -- output ---------------------------------------------------------------------------------------------

def _result_text(record: MatchRecord, board: int, table: int) -> str:
    p = record.at(board, table)
    if p is None:
        return "-"
    r = p.result
    if r.contract is None or r.declarer is None:
        return "passed out"
    diff = r.tricks - r.contract.tricks_needed
    text = f"{r.contract} {r.declarer.name} {'=' if diff == 0 else f'{diff:+d}'}"
    play = None if p.state is None else p.state.play
    if play is not None and play.played:
        lead = play.tricks[0].cards[0] if play.tricks else play.current_trick()[0][1]
        text += f", lead {lead.symbol}"
    return text


def render(record: MatchRecord, title: str) -> Any:
    """The board-by-board comparison as a rich renderable."""
    from rich.console import Group
    from rich.table import Table
    from rich.text import Text

    from bazas.engine.deal import Board

    session = record.session()
    teams = record.teams if any(record.teams) else ("A", "B")

    def team(letter: str, name: str) -> str:
        return f"team {letter}" if name in ("", letter) else f"team {letter} ({name})"
    table = Table(title=title)
    for col, right in (("Board", True), ("Dealer", False), ("Vul", False), ("Table 1", False), ("N/S 1", True),
                       ("Table 2", False), ("N/S 2", True), ("Diff", True), ("IMPs A", True), ("Total", True)):
        table.add_column(col, justify="right" if right else "left")

    def signed(v: int | None) -> str:
        return "-" if v is None else (f"{v:+d}" if v else "0")

    running = 0
    for b in session.boards:
        running += b.imps_a or 0
        board = Board(b.board)
        table.add_row(str(b.board), board.dealer.name, board.vulnerability.pbn,
                      _result_text(record, b.board, 1), signed(b.table1_ns), _result_text(record, b.board, 2),
                      signed(b.table2_ns), signed(b.difference), signed(b.imps_a), signed(running))
    winner = session.winner
    a = session.imps_a
    if winner is None:
        verdict = f"In progress: {team('A', teams[0])} {a:+d} IMPs so far."
    elif winner == "tie":
        verdict = "A tie: 0 IMPs."
    else:
        name = team(winner, teams[0] if winner == "A" else teams[1])
        verdict = f"{name[0].upper()}{name[1:]} wins by {abs(a)} IMPs."
    heading = (f"T{team('A', teams[0])[1:]} sits N/S at table 1 and E/W at table 2; "
               f"{team('B', teams[1])} the other seats.")
    return Group(Text(heading), table, Text(verdict))


# -- the command ----------------------------------------------------------------------------------------

def run(args: argparse.Namespace) -> int:
    from rich.console import Console

    from bazas.cli.files import FileInputError, parsed_file
    from bazas.formats.match_records import dumps_match, loads_match, record_of_match

    if args.pbn is not None:
        try:
            record = parsed_file(args.pbn, loads_match)
        except FileInputError as exc:
            print(f"bazas match: {exc}", file=sys.stderr)
            return 2
        title = f"bazas match — {args.pbn}"
    else:
        from bazas.bots.base import Budget
        from bazas.bots.player import bot_for
        from bazas.engine.match import Match, deal_boards
        from bazas.engine.table import Player

        seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**32)
        rng = random.Random(seed)
        bot = bot_for("duplicate", args.strength, claims=args.strength != "baseline")
        players = [[Player.bot(bot.name)] * 4, [Player.bot(bot.name)] * 4]
        match = Match.create(deal_boards(args.boards, rng), players)
        match = play_match(match, bot, rng, Budget(args.budget))
        record = record_of_match(match, event=f"bazas match, seed {seed}")
        title = f"bazas match — {args.boards} boards, seed {seed}, {args.strength} bots"
    if args.out is not None:
        try:
            with open(args.out, "w", encoding="utf-8") as fh:
                fh.write(dumps_match(record))
        except OSError as exc:
            print(f"bazas match: cannot write {args.out}: {exc.strerror or exc}", file=sys.stderr)
            return 2
    if args.json:
        sys.stdout.write(json.dumps(record.comparison(), indent=2, ensure_ascii=False) + "\n")
        return 0
    # Piped output is not cut to 80 columns: a board's row stays on one line.
    Console(width=None if sys.stdout.isatty() else 130).print(render(record, title))
    return 0
