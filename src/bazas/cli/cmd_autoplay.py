"""``bazas autoplay``: four bots play a session (a rubber, a Chicago, a 1920 rubber, a duplicate
board set) or N deals, and the results are printed as a table (or JSON).

Also home of the small session loop shared with ``bazas play``: which deal comes next (dealer,
vulnerability, duplicate board and table), the bots' table context, recording results.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from dataclasses import dataclass
from typing import Any

from bazas.engine.deal import Board, Deal, deal_random
from bazas.engine.rulesets import ids as ruleset_ids
from bazas.engine.seats import SEATS, Seat
from bazas.engine.state import DealState

__all__ = ["NextDeal", "context_for", "next_deal", "record_result", "register", "run"]



def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = subparsers.add_parser(
        "autoplay",
        help="four bots play a session and print the results",
        description="Four computer players bid and play a whole session of the ruleset (a rubber, a "
                    "Chicago, a 1920 rubber, or a 4-board duplicate set at two tables), or --deals N deals.",
    )
    p.add_argument("--ruleset", default="rubber", type=ruleset_name,
                   help=f"ruleset (default rubber): {', '.join(ruleset_ids())}, or a variant such as "
                        "royal-auction+nullos")
    add_option_argument(p)
    p.add_argument("--dealer", default="cut", type=dealer_choice,
                   help="first dealer: N, E, S, W, or 'cut' (default: drawn by cutting, seeds 000 and 003)")
    p.add_argument("--deals", type=int, default=None,
                   help="number of deals (default: one whole session; sessions follow one another)")
    p.add_argument("--seed", type=int, default=None, help="seed for reproducible deals and play")
    p.add_argument("--budget", type=float, default=0.3, help="bot seconds per action (default 0.3)")
    p.add_argument("--strength", default="normal", choices=("baseline", "fast", "normal", "strong"))
    p.add_argument("--json", action="store_true", help="print JSON instead of a table")
    p.set_defaults(func=run)


def ruleset_name(text: str) -> str:
    """A ruleset id, alias or variant id (``royal-auction+nullos``), checked against the registry."""
    from bazas.engine.rulesets import UnknownRuleset, get

    try:
        return get(text).id
    except UnknownRuleset as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def add_option_argument(p: argparse.ArgumentParser) -> None:
    """``--option NAME=VALUE`` (repeatable): the game's house options, as at a table (issue 11)."""
    p.add_argument("--option", action="append", default=[], type=option_pair, metavar="NAME=VALUE",
                   help="a house option of the game, repeatable: auction-1920 honours=later, passed_out=same_dealer, "
                        "deals=8, nullos=true, tie=one_more_deal; royal-auction nullos=true, tie=one_more_deal; "
                        "rubber tie=one_more_deal; chicago honours=false")


def option_pair(text: str) -> tuple[str, object]:
    """``name=value``: the value read as JSON (``true``, ``8``) or else as text (``later``).

    >>> option_pair("deals=8"), option_pair("honours=later"), option_pair("nullos=true")
    (('deals', 8), ('honours', 'later'), ('nullos', True))
    """
    name, eq, value = text.partition("=")
    if not eq or not name.strip() or not value.strip():
        raise argparse.ArgumentTypeError(f"--option {text!r}: write NAME=VALUE, e.g. honours=later or nullos=true")
    try:
        parsed: object = json.loads(value)
    except ValueError:
        parsed = value.strip()
    return name.strip(), parsed


def apply_options(args: argparse.Namespace, command: str) -> bool:
    """Turn ``args.ruleset`` into the variant its ``--option``s make (``auction-1920+later-honours``);
    False, with the reason on stderr naming the option, when the game does not take one."""
    from bazas.engine.errors import ScoringError
    from bazas.engine.rulesets import get

    if not args.option:
        return True
    try:
        args.ruleset = get(args.ruleset).with_options(dict(args.option)).id
    except ScoringError as exc:
        name = getattr(exc, "option", None)
        where = f"--option {name}" if name else "--option"
        sys.stderr.write(f"bazas {command}: {where}: {exc} (game {args.ruleset})\n")
        return False
    return True


def options_line(ruleset: str) -> str | None:
    """"Options: honours later, deals 8" for a game with house options, else None.

    >>> options_line("auction-1920+later-honours+8-deals"), options_line("rubber")
    ('Options: honours later, deals 8', None)
    """
    from bazas.engine.rulesets import get

    chosen = get(ruleset).options()
    if not chosen:
        return None
    return "Options: " + ", ".join(f"{k} {v if isinstance(v, str) else json.dumps(v)}" for k, v in chosen.items())


def dealer_choice(text: str) -> Seat | None:
    """``cut`` (None: drawn) or a seat letter."""
    if text.strip().lower() in ("cut", "draw", "corte", "sorteo"):
        return None
    try:
        return Seat.parse(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(f"--dealer: {exc} (or 'cut')") from None


def first_dealer(ruleset: str, fixed: Seat | None, seed: int) -> tuple[Seat, Any]:
    """The first dealer: ``fixed``, or drawn by cutting (:func:`bazas.engine.cut.draw_for`, its own
    random stream from ``seed`` so the deals stay those of the seed). Returns (dealer, draw or None)."""
    from bazas.engine.cut import draw_for
    from bazas.engine.rulesets import get

    if fixed is not None:
        return fixed, None
    draw = draw_for(get(ruleset), random.Random(f"{seed}:cut"))
    return draw.dealer, draw


def strength_for(ruleset: str, strength: str) -> str:
    """``strength``, except that the simple baseline bots know only the five strains: a game with
    its own denominations (Royal Auction, nullos) is played by the fast bots instead."""
    from bazas.engine.rulesets import get
    from bazas.engine.rulesets.denominations import denominations_of

    return "fast" if strength == "baseline" and denominations_of(get(ruleset)) is not None else strength


def start_state(ruleset: str, deal: Deal, dealer: Seat) -> DealState:
    """A deal's start in ``ruleset``, with its own denominations (Royal Auction, nullos)."""
    from bazas.engine.rulesets import get
    from bazas.engine.rulesets.denominations import denominations_of

    return DealState.start(deal, dealer, denominations_of(get(ruleset)))


# -- the session loop --------------------------------------------------------------------------

@dataclass(frozen=True)
class NextDeal:
    deal: Deal
    dealer: Seat
    board: int | None
    table: int | None


def next_deal(session: Any, rng: random.Random, board_deals: dict[int, Deal]) -> NextDeal:
    """The next deal of ``session`` (a duplicate board's cards are kept for its second table)."""
    nb = session.next_board
    if nb is not None:
        board, table = nb
        deal = board_deals.get(board)
        if deal is None:
            deal = deal_random(rng)
            board_deals[board] = deal
        return NextDeal(deal, Board(board).dealer, board, table)
    return NextDeal(deal_random(rng), session.next_dealer, None, None)


def context_for(session: Any, computer_seats: str = "NESW") -> Any:
    """The bots' public table context before the next deal (``computer_seats``: the seats bots
    play, all four unless a person sits at the table)."""
    from bazas.bots.base import TableContext

    return TableContext.for_session(session, computer_seats)


def record_result(session: Any, state: DealState, nd: NextDeal) -> Any:
    from bazas.engine.rulesets import DealResult

    if state.contract is None or state.declarer is None or state.play is None:
        result = DealResult.passed(state.deal, nd.board, nd.table)
    else:
        result = DealResult(state.contract, state.declarer, state.play.declarer_tricks, state.deal, None,
                            nd.board, nd.table)
    return session.record(result)


def _entry_row(entry: Any, session_no: int) -> dict[str, Any]:
    contract = entry.contract
    tricks = entry.tricks
    made = ""
    if contract is not None and tricks is not None:
        from bazas.engine.rulesets.denominations import over_under

        diff = over_under(contract, tricks)  # a nullo counts the tricks lost
        made = "=" if diff == 0 else f"{diff:+d}"
    return {
        "session": session_no, "deal": entry.number, "board": entry.board, "table": entry.table,
        "dealer": entry.dealer.name, "vulnerability": entry.vulnerability.pbn,
        "contract": str(contract) if contract is not None else "passed",
        "declarer": entry.declarer.name if entry.declarer is not None else None,
        "tricks": tricks, "result": made, "ns": entry.points.ns, "ew": entry.points.ew,
        "score_ns": entry.score_ns,
    }


def _session_summary(session: Any, session_no: int) -> dict[str, Any]:
    out: dict[str, Any] = {"session": session_no, "ruleset": session.ruleset.id, "finished": session.finished,
                           "stopped": session.stopped,
                           "totals": {"NS": session.totals.ns, "EW": session.totals.ew},
                           "winner": session.winner, "margin": session.margin}
    if session.is_duplicate:
        out["imps_a"] = session.imps_a
    return out


def session_verdict(winner: str | None, margin: int, duplicate: bool) -> str:
    """"winner NS by 180", "winner team A by 4 IMPs", "a tie" or "no winner yet".

    >>> session_verdict("NS", 180, duplicate=False)
    'winner NS by 180'
    >>> session_verdict("A", 4, duplicate=True)
    'winner team A by 4 IMPs'
    >>> session_verdict("tie", 0, duplicate=True), session_verdict(None, 0, duplicate=False)
    ('a tie', 'no winner yet')
    """
    if winner is None:
        return "no winner yet"
    if winner == "tie":
        return "a tie"
    if duplicate:
        return f"winner team {winner} by {margin} IMPs"
    return f"winner {winner} by {margin}"


def _per_player(ruleset: str) -> bool:
    from bazas.engine.rulesets import get

    return bool(getattr(get(ruleset), "per_player", False))


def _run_three_handed(args: argparse.Namespace, seed: int, console: Any) -> int:
    from bazas.cli.three_handed import autoplay, render_data

    dealer, draw = first_dealer(args.ruleset, args.dealer, seed)
    data = autoplay(seed, dealer, args.deals, "fast" if args.strength == "baseline" else args.strength, args.budget)
    data["first_dealer"] = dealer.name
    data["dealer_draw"] = None if draw is None else draw.to_dict()
    if args.json:
        sys.stdout.write(json.dumps(data, indent=2) + "\n")
        return 0
    if draw is not None:
        console.print(draw.text())
    console.print(render_data(data), highlight=False)
    return 0


def run(args: argparse.Namespace) -> int:
    from rich.console import Console
    from rich.table import Table

    from bazas.bots.base import Budget
    from bazas.bots.player import bot_for, play_deal
    from bazas.engine.rulesets import get
    from bazas.engine.session import Session

    console = Console()
    if not apply_options(args, "autoplay"):
        return 2
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**32)
    if _per_player(args.ruleset):  # three-handed Auction: three players, scored per player
        return _run_three_handed(args, seed, console)
    rng = random.Random(seed)
    bot = bot_for(args.ruleset, strength_for(args.ruleset, args.strength), claims=True)
    budget = Budget(args.budget)
    dealer, draw = first_dealer(args.ruleset, args.dealer, seed)
    session = Session.start(args.ruleset, dealer)
    session_no = 1
    rows: list[dict[str, Any]] = []
    summaries: list[dict[str, Any]] = []
    board_deals: dict[int, Deal] = {}
    limit = args.deals
    played = 0
    while True:
        if session.finished:
            summaries.append(_session_summary(session, session_no))
            if limit is None or played >= limit:
                break
            session_no += 1
            session = Session.start(args.ruleset, session.next_dealer)
            board_deals = {}
        if limit is not None and played >= limit:
            session = session.stop()
            summaries.append(_session_summary(session, session_no))
            break
        if limit is None and played >= 40:  # a rubber that will not end: stop it
            session = session.stop()
            summaries.append(_session_summary(session, session_no))
            break
        nd = next_deal(session, rng, board_deals)
        context = context_for(session)
        result = play_deal(nd.deal, nd.dealer, {s: bot for s in SEATS}, context, rng, budget,
                           state=start_state(args.ruleset, nd.deal, nd.dealer))
        session = record_result(session, result.state, nd)
        rows.append(_entry_row(session.entries[-1], session_no) | {"deal_pbn": nd.deal.to_pbn()})
        played += 1
    if args.json:
        sys.stdout.write(json.dumps({"ruleset": args.ruleset, "options": get(args.ruleset).options(), "seed": seed,
                                     "first_dealer": dealer.name,
                                     "dealer_draw": None if draw is None else draw.to_dict(), "deals": rows,
                                     "sessions": summaries}, indent=2) + "\n")
        return 0
    table = Table(title=f"bazas autoplay — {args.ruleset}, seed {seed}")
    for col in ("#", "board", "dealer", "vul", "contract", "by", "tricks", "result", "NS", "EW"):
        table.add_column(col, justify="right" if col in ("#", "board", "tricks", "NS", "EW") else "left")
    for r in rows:
        table.add_row(f"{r['session']}.{r['deal']}", "" if r["board"] is None else f"{r['board']}/{r['table']}",
                      r["dealer"], r["vulnerability"], r["contract"], r["declarer"] or "",
                      "" if r["tricks"] is None else str(r["tricks"]), r["result"], str(r["ns"]), str(r["ew"]))
    if draw is not None:
        console.print(draw.text())
    chosen = options_line(args.ruleset)
    if chosen is not None:
        console.print(chosen, highlight=False)
    console.print(table)
    for s in summaries:
        extra = f", IMPs for team A {s['imps_a']:+d}" if "imps_a" in s else ""
        state = "stopped early, scored as unfinished" if s["stopped"] else (
            "finished" if s["finished"] else "unfinished")
        console.print(f"Session {s['session']} ({state}): NS {s['totals']['NS']}, EW {s['totals']['EW']}"
                      f"{extra}; {session_verdict(s['winner'], s['margin'], 'imps_a' in s)}")
    return 0
