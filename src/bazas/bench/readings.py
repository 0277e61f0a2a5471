"""``bazas bench readings RECORDS.jsonl``: how much each of the card player's readings of the play
tells about the real layout (issue 9's instrument for the weights of the layouts).

The card player deals the hidden hands consistent with the auction, then weighs each layout by what
the play says of it (:meth:`bazas.bots.play.CardPlayer._reading_weights`): the opening lead read as a
choice, the top of a sequence, restricted choice, declarer's habits, the defenders' signals. A
reading is right when it gives the real layout more weight than the layouts it is compared with, and
harmful when it gives it less (overconfident: the real layout all but ruled out). This bench takes
the positions of a ``bench bots --records`` run, deals for each decision asked (``--role``, the
cards ``--cards``) ``--layouts`` layouts as the player would, adds the real one, and reports per
reading the log of the real layout's weight over the mean weight of the dealt ones: its mean over
the decisions (in nats: the information the reading gives about the real layout; positive helps,
negative misleads), its 95% interval, the share of decisions in which it made the real layout e
times less likely than the average layout or worse, and its worst case. With ``--config``, the
readings combined are measured under each configuration too (the defaults first), so that a change
to a reading is judged on the real layouts before any card is played.

No solving: a few seconds a deal. Deals of the records only (the tuning deals say so in the report).
"""

from __future__ import annotations

import argparse
import math
import os
import random
import statistics
from pathlib import Path
from typing import Any

__all__ = ["READINGS", "add_arguments", "log_ratio", "readings_task", "run", "run_readings", "summarise"]

#: The readings measured one by one, in the order of ``CardPlayer._reading_weights`` (all of them
#: together: each configuration's row).
READINGS = ("opening lead", "top of a sequence", "restricted choice", "declarer's habits", "signals")


def log_ratio(weights: list[float]) -> float | None:
    """The log of the first weight (the real layout's) over the mean of the others; None when
    they are all zero. A weight of zero counts as e^-30.

    >>> round(log_ratio([2.0, 1.0, 1.0]), 3)
    0.693
    >>> round(log_ratio([0.0, 1.0]), 1)
    -30.0
    """
    rest = weights[1:]
    mean = sum(rest) / len(rest) if rest else 0.0
    if mean <= 0.0:
        return None
    return math.log(max(weights[0] / mean, math.exp(-30.0)))


def _cards(text: str) -> set[int]:
    """``--cards`` "1-11" or "4,8" -> card indexes (0: the opening lead, which nothing precedes)."""
    from bazas.bench.decisions import number_set

    return number_set(text, "--cards")


def readings_task(rec: dict[str, Any], role: str, cards: set[int], layouts: int,
                  configs: dict[str, dict[str, Any]]) -> list[dict[str, Any]]:
    """For each decision of the kind asked in one deal record: the log ratio of every reading (the
    defaults') and of all readings under each configuration."""
    from bazas.bench.bots import _context
    from bazas.bench.decisions import play_states
    from bazas.bots.play import CardPlayer
    from bazas.bots.player import bot_for
    from bazas.bots.sampling import sample_layouts
    from bazas.engine.calls import Contract, Strain
    from bazas.engine.deal import Board
    from bazas.engine.views import view_of

    if not rec.get("cards") or not rec.get("contract"):
        return []
    context = _context(Board(int(rec["index"]) + 1))
    players: dict[str, CardPlayer] = {}
    for name, options in configs.items():
        player = bot_for("duplicate", "normal").card_player
        if not isinstance(player, CardPlayer):
            raise TypeError(f"the bots' card player is a {type(player).__name__}, not a CardPlayer")
        for key, value in options.items():
            setattr(player, key, value)
        players[name] = player
    base = next(iter(players.values()))
    out: list[dict[str, Any]] = []
    for i, state in play_states(rec):
        if i not in cards or i == 0 or state.play is None or state.actor is None:
            continue
        view = view_of(state, state.actor)
        if view.seat is None or view.declarer is None or view.seat == view.dummy:
            continue
        defending = view.seat.side != view.declarer.side
        if role != "all" and (role == "defence") != defending:
            continue
        knowledge = base._knowledge(view, context, with_constraints=True)
        rng = random.Random(f"bench-readings-{rec.get('seed', 1)}-{rec['index']}-{i}")
        dealt = sample_layouts(knowledge, layouts, rng)
        if len(dealt.layouts) < 2:
            continue
        real = knowledge.layout({s: state.play.hands[s] for s in knowledge.hidden})
        lays = [real, *dealt.layouts]
        contract = Contract.parse(view.contract or "")
        one = [1.0] * len(lays)
        # Each reading alone, as the player applies it (a reading that does not apply here: none).
        parts = dict.fromkeys(READINGS, one)
        for name, step in base._reading_steps(view, knowledge, context, contract):
            if name in parts:
                parts[name] = step(lays, list(one))
        entry: dict[str, Any] = {"index": rec["index"], "card": i, "role": "defence" if defending else "declarer",
                                 "notrump": contract.strain is Strain.NT, "readings": {}, "configs": {}}
        for name, weights in parts.items():
            entry["readings"][name] = log_ratio(weights)
        for name, player in players.items():
            entry["configs"][name] = log_ratio(player._reading_weights(view, knowledge, context, lays, list(one),
                                                                       contract))
        out.append(entry)
    return out


def _stats(values: list[float]) -> dict[str, Any]:
    n = len(values)
    mean = statistics.fmean(values) if values else 0.0
    half = 1.96 * statistics.stdev(values) / math.sqrt(n) if n > 1 else 0.0
    return {"decisions": n, "mean": round(mean, 4), "ci95": [round(mean - half, 4), round(mean + half, 4)],
            "misled": round(sum(1 for v in values if v < -1.0) / n, 4) if n else 0.0,
            "worst": round(min(values), 3) if values else None}


def summarise(entries: list[dict[str, Any]], configs: list[str]) -> dict[str, Any]:
    """Per role and kind of contract: each reading's figures, and all readings per configuration
    (with the paired difference from the first)."""
    out: dict[str, Any] = {}
    groups: dict[str, list[dict[str, Any]]] = {}
    for e in entries:
        groups.setdefault(f"{e['role']}, {'notrump' if e['notrump'] else 'suit'}", []).append(e)
    for group, items in sorted(groups.items()):
        row: dict[str, Any] = {"readings": {}, "configs": {}}
        for name in READINGS:
            row["readings"][name] = _stats([v for e in items if (v := e["readings"].get(name)) is not None])
        first = configs[0]
        for name in configs:
            stats = _stats([v for e in items if (v := e["configs"].get(name)) is not None])
            if name != first:
                diffs = [e["configs"][name] - e["configs"][first] for e in items
                         if e["configs"].get(name) is not None and e["configs"].get(first) is not None]
                stats["against_first"] = _stats(diffs)
            row["configs"][name] = stats
        out[group] = row
    return out


def run_readings(records: list[dict[str, Any]], *, role: str, cards: set[int], layouts: int, workers: int,
                 configs: dict[str, dict[str, Any]], console: Any = None) -> dict[str, Any]:
    """The readings measured on the decisions asked of ``records`` (one run), in ``workers`` processes."""
    from bazas.bench.decisions import over_deals

    entries, run = over_deals(records, readings_task, (role, cards, layouts, configs), workers=workers,
                              description=f"deals ({role}, readings)", console=console)
    return {"version": 1,
            "settings": {"seed": run["seed"], "deals": run["deals"], "first": run["first"], "role": role,
                         "cards": sorted(cards), "layouts": layouts, "configs": configs,
                         "held_out": run["tuning"]["held_out"], "tuning": run["tuning"]},
            "seconds": run["seconds"],
            "metrics": summarise(entries, list(configs)),
            "decisions": entries}


def print_report(report: dict[str, Any], console: Any) -> None:
    from rich.table import Table

    s = report["settings"]
    for group, row in report["metrics"].items():
        table = Table(title=f"{group}: the real layout's weight against {s['layouts']} dealt, "
                            f"seed {s['seed']}, {s['deals']} deals ({s['tuning']['text']})",
                      caption="mean: the log of the real layout's weight over the dealt layouts' mean (nats; "
                              "positive: the reading points to the real layout); misled: decisions in which it "
                              "made the real layout e times less likely than the average or worse")
        for col in ("reading / configuration", "decisions", "mean (95%)", "misled", "worst", "v first (95%)"):
            table.add_column(col, justify="left" if col.startswith("reading") else "right")

        def cells(st: dict[str, Any]) -> list[str]:
            return [str(st["decisions"]), f"{st['mean']:+.3f} ({st['ci95'][0]:+.3f} to {st['ci95'][1]:+.3f})",
                    f"{100 * st['misled']:.1f}%", "" if st["worst"] is None else f"{st['worst']:.2f}"]

        for name, st in row["readings"].items():
            table.add_row(name, *cells(st), "")
        for name, st in row["configs"].items():
            versus = st.get("against_first")
            table.add_row(f"[bold]{name}[/bold] (all)", *cells(st),
                          "" if versus is None else
                          f"{versus['mean']:+.3f} ({versus['ci95'][0]:+.3f} to {versus['ci95'][1]:+.3f})")
        console.print(table)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("records", type=Path, help="a `bazas bench bots --records` file (one run)")
    parser.add_argument("--role", choices=("declarer", "defence", "all"), default="defence")
    parser.add_argument("--cards", type=_cards, default=_cards("1-11"),
                        help="the cards of the deal measured, from 1 (the card after the opening lead): "
                             "e.g. 1-11 (default: the first three tricks) or 4,8")
    parser.add_argument("--layouts", type=int, default=200, help="layouts dealt per decision (default 200)")
    parser.add_argument("--first", type=int, default=None, help="the first deal index (default: all)")
    parser.add_argument("--deals", type=int, default=None, help="deals from --first (default: all)")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1, help="worker processes")
    parser.add_argument("--config", action="append", default=[], metavar="NAME=JSON",
                        help='a configuration whose readings are measured beside the defaults\', e.g. '
                             '\'m={"lead_reading_table": "model"}\' (repeatable)')
    parser.add_argument("--json", dest="json_file", type=Path, default=None, help="write the JSON report here")


def run(args: argparse.Namespace) -> int:
    from bazas.bench.compare import report_console
    from bazas.bench.decisions import run_bench

    if args.layouts < 2:
        report_console().print(f"[red]--layouts {args.layouts}: at least 2[/red]")
        return 2
    return run_bench(args, lambda records, configs, console: run_readings(
        records, role=args.role, cards=args.cards, layouts=args.layouts, workers=args.workers, configs=configs,
        console=console), print_report)
