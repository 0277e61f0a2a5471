"""``bazas bench errors REPORT.json``: every double-dummy error of a ``bazas bench bots`` report,
replayed decision by decision.

For each card that lost a trick against double dummy (the report's ``cards`` costs) the position is
rebuilt from the deal, the auction and the play, and shown with:

- the double-dummy tricks of every legal card on the REAL layout (what the card cost);
- what the card player expects now from that seat's view (expected tricks and the share of its
  layouts in which each card is double-dummy best), with the report's player options, so a change
  to the player can be checked on the very decisions it got wrong.

Errors are grouped by role, strain kind and where in the trick they happened (opening lead, lead,
second/third/fourth hand): a summary table first, then one entry per error (``--limit``).
"""

from __future__ import annotations

import argparse
import json
import random
from collections import Counter
from pathlib import Path
from typing import Any

from bazas.engine.cards import ALL_CARDS
from bazas.engine.deal import Board
from bazas.engine.state import DealState
from bazas.engine.views import view_of

__all__ = ["add_arguments", "error_positions", "kind_of", "run"]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("report", help="a JSON report of `bazas bench bots` (e.g. bench/bots.json)")
    parser.add_argument("--role", choices=("declarer", "defence", "all"), default="all")
    parser.add_argument("--strain", choices=("suit", "nt", "all"), default="all")
    parser.add_argument("--limit", type=int, default=20, help="errors shown in detail (default 20)")
    parser.add_argument("--budget", type=float, default=None,
                        help="seconds per card for the replay (default: the report's)")
    parser.add_argument("--no-replay", action="store_true", help="do not ask the card player again")


def kind_of(index: int) -> str:
    """Where card ``index`` (0-based, in play order) falls: opening lead, lead, 2nd/3rd/4th hand."""
    if index == 0:
        return "opening lead"
    return ("lead", "2nd hand", "3rd hand", "4th hand")[index % 4]


def error_positions(report: dict[str, Any], role: str = "all", strain: str = "all"
                    ) -> list[tuple[dict[str, Any], int, DealState]]:
    """(deal record, card index, the state before that card) for each DD error of ``report``.
    Raises ValueError naming the deal when a record lacks what is needed to rebuild it."""
    from bazas.bench.decisions import play_states

    out: list[tuple[dict[str, Any], int, DealState]] = []
    for rec in report.get("deals", []):
        if not rec.get("cards"):
            continue
        nt = bool(rec.get("notrump"))
        if strain != "all" and (strain == "nt") != nt:
            continue
        wanted = {i for i, (r, cost, *_) in enumerate(rec["cards"]) if cost > 0 and role in ("all", r)}
        if not wanted:
            continue
        out.extend((rec, i, state) for i, state in play_states(rec) if i in wanted)
    return out


def run(args: argparse.Namespace) -> int:
    from rich.console import Console
    from rich.table import Table

    console = Console()
    path = Path(args.report)
    try:
        report = json.loads(path.read_text(encoding="utf-8"))
        errors = error_positions(report, args.role, args.strain)
    except (OSError, json.JSONDecodeError, ValueError) as exc:
        console.print(f"[red]{path}: {exc}[/red]")
        return 2
    settings = report.get("settings", {})
    counts: Counter[tuple[str, str, str]] = Counter()
    for rec, i, _ in errors:
        counts[(rec["cards"][i][0], "NT" if rec.get("notrump") else "suit", kind_of(i))] += 1
    summary = Table(title=f"double-dummy errors in {path} ({len(errors)})")
    for col in ("role", "contract", "where", "errors"):
        summary.add_column(col, justify="right" if col == "errors" else "left")
    for (role, kind, where), n in sorted(counts.items()):
        summary.add_row(role, kind, where, str(n))
    console.print(summary)
    if not errors or args.limit <= 0:
        return 0
    from bazas.bench.bots import _context as bench_context
    from bazas.bots import dds
    from bazas.bots.base import Budget
    from bazas.bots.player import bot_for

    budget = Budget(args.budget if args.budget is not None else float(settings.get("budget", 0.5)))
    options = dict(settings.get("player_options") or {})
    solver = dds.LocalSolver()
    for rec, i, state in errors[:args.limit]:
        play = state.play
        assert play is not None and state.actor is not None
        real = solver.solve_many([dds.Position.from_play(play)])[0]
        context = bench_context(Board(int(rec["index"]) + 1))
        seat = state.actor
        detail = Table(caption="DD: tricks left for the side to play on the real layout; now: the card "
                               "player's expected total tricks for its side and the share of its layouts "
                               "in which the card is DD-best (one card per class of equals)",
                       title=f"deal {rec['index']}: {rec['contract']} by {rec['declarer']}, trick {i // 4 + 1}, "
                             f"{kind_of(i)}, {seat.name} played {rec['play'][i]} (cost {rec['cards'][i][1]})")
        detail.add_column("card")
        detail.add_column("DD", justify="right")
        replayed: dict[str, Any] = {}
        chosen = None
        if not args.no_replay:
            bot = bot_for("duplicate", "normal")
            for name, value in options.items():
                setattr(bot.card_player, name, value)
            decision = bot.card_player.choose(view_of(state, seat), context, random.Random(f"errors-{i}"), budget)
            chosen = str(decision.action)
            replayed = dict(getattr(bot.card_player, "last_info", {}))
            detail.add_column("tricks now", justify="right")
            detail.add_column("DD-best now", justify="right")
        for idx, tricks in sorted(real.items(), key=lambda kv: (-kv[1], kv[0])):
            name = str(ALL_CARDS[idx])
            mark = " (played)" if name == rec["play"][i] else ""
            mark += " (chosen now)" if name == chosen else ""
            row = [name + mark, str(tricks)]
            if not args.no_replay:
                exp = replayed.get("tricks", {}).get(name)
                share = replayed.get("best_share", {}).get(name)
                row += ["" if exp is None else f"{exp:.2f}", "" if share is None else f"{share:.2f}"]
            detail.add_row(*row)
        console.print(detail)
    return 0
