"""``bazas bench summary RECORDS.jsonl``: the report of a ``bench bots`` run from its records.

``bazas bench bots --records FILE`` appends one JSON record a deal as each completes. This target
reads such a file (of a run still going, stopped, or finished) and prints the report ``bench
bots`` prints (every measure with its 95% interval and whether its goal is met on the interval's
bound), with the measures of the code that reads it: a measure added since the run was made is
computed on its cards too. ``--json`` writes the report. ``--where`` adds where the errors fall:
for each side and kind of contract, by tricks (1, 2-5, 6-9, 10-13) and place in the trick (the
lead, second, third, fourth hand), the cards that lost a trick against double dummy and the cards
played (``where`` in the report). ``--latency`` adds where the time goes: for the opening lead
and each band of tricks, the latency (wall clock) and CPU time per card, median, 99th percentile
and slowest, and the cards over the 1.5 s goal (``latency`` in the report).

A file must hold one run: one deal set (seed) and one configuration (player options). A deal
recorded twice (a run resumed into the same file) counts once, its last record.

>>> recs = [{"seed": 5, "budget": 0.5, "player_options": {}, "index": 3}, {"seed": 5, "index": 3}]
>>> [r["index"] for r in one_run(recs)[0]]
[3]
>>> one_run([{"seed": 1, "index": 0}, {"seed": 2, "index": 1}])
Traceback (most recent call last):
...
ValueError: record 2 (deal 1) is of seed 2, record 1 of seed 1: one run a file
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

__all__ = ["TRICK_BANDS", "add_arguments", "latency_by_trick", "one_run", "report_of", "run", "where_errors"]

#: The tricks grouped for :func:`where_errors`: the first, the early, middle and late ones.
TRICK_BANDS = ((1, 1), (2, 5), (6, 9), (10, 13))
PLACES = ("lead", "2nd", "3rd", "4th")


def one_run(records: list[dict[str, Any]]) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """The deals of one run (a deal recorded twice: its last record) and what the records say of
    the run (seed, budget, player options). Records of two runs are refused, naming the first
    record that differs."""
    if not records:
        raise ValueError("no record")
    first = records[0]
    for n, r in enumerate(records, 1):
        if "index" not in r:
            raise ValueError(f"record {n} has no deal index: not a `bench bots --records` record")
        for key in ("seed", "player_options"):
            if key in r and key in first and r[key] != first[key]:
                raise ValueError(f"record {n} (deal {r['index']}) is of {key.replace('_', ' ')} {r[key]}, "
                                 f"record 1 of {key.replace('_', ' ')} {first[key]}: one run a file")
    by_index = {int(r["index"]): r for r in records}
    run = {"seed": first.get("seed"), "budget": first.get("budget"),
           "player_options": first.get("player_options") or {}}
    return [by_index[i] for i in sorted(by_index)], run


def report_of(records: list[dict[str, Any]], problems: str | None = None) -> dict[str, Any]:
    """The ``bench bots`` report of these records (:func:`bazas.bench.bots.build_report`)."""
    from bazas.bench.bots import build_report, tuning_note

    deals, about = one_run(records)
    seed = about["seed"] if about["seed"] is not None else 1
    low, high = deals[0]["index"], deals[-1]["index"] + 1
    tuning = tuning_note(seed, high - low, low)
    settings = {"deals": len(deals), "boards": 0, "seed": seed, "budget": about["budget"],
                "player_options": about["player_options"], "tuning": tuning,
                "from_records": {"deals": len(deals), "first": low, "last": high - 1}}
    return build_report(deals, [], settings=settings, seconds=None, problems=problems)


def _band(lo: int, hi: int) -> str:
    return f"{lo}" if lo == hi else f"{lo}-{hi}"


def where_errors(deals: list[dict[str, Any]]) -> dict[str, dict[str, dict[str, list[int]]]]:
    """Where the errors of a run fall: for "declarer, suit", "declarer, notrump", "defence, suit"
    and "defence, notrump", by tricks ("1", "2-5"...) and place in the trick ("lead"...),
    [cards that lost a trick, cards played] (each deal's cards in the order played).

    >>> deal = {"notrump": False, "cards": [["defence", 1, 0, 0, False], ["declarer", 0, 0, 0, False],
    ...         ["defence", 0, 0, 0, True], ["declarer", 0, 0, 0, False], ["defence", 2, 0, 0, False]]}
    >>> w = where_errors([deal])
    >>> w["defence, suit"]["1"]["lead"], w["defence, suit"]["2-5"]["lead"], w["declarer, suit"]["1"]["2nd"]
    ([1, 1], [1, 1], [0, 1])
    """
    out: dict[str, dict[str, dict[str, list[int]]]] = {}
    for role in ("declarer", "defence"):
        for kind in ("suit", "notrump"):
            out[f"{role}, {kind}"] = {_band(lo, hi): {p: [0, 0] for p in PLACES} for lo, hi in TRICK_BANDS}
    for deal in deals:
        kind = "notrump" if deal.get("notrump") else "suit"
        for i, card in enumerate(deal.get("cards") or []):
            role, lost = card[0], card[1]
            trick = i // 4 + 1
            lo, hi = next(b for b in TRICK_BANDS if b[0] <= trick <= b[1])
            cell = out[f"{role}, {kind}"][_band(lo, hi)][PLACES[i % 4]]
            cell[0] += lost > 0
            cell[1] += 1
    return out


#: Issue 9's goal for the latency per card, p99 (seconds).
LATENCY_GOAL = 1.5


def latency_by_trick(deals: list[dict[str, Any]]) -> dict[str, dict[str, float | int]]:
    """Where the time of a run goes: for the opening lead, the rest of trick 1 and each later band
    of tricks, the cards played, their latency and CPU time (median, p99, slowest), and how many
    took longer than the goal (:data:`LATENCY_GOAL`) on the wall clock. Forced cards are counted
    (they take no time, as the report's p99 counts them).

    >>> deal = {"cards": [["defence", 0, 1.6, 1.2, False], ["declarer", 0, 0.4, 0.4, False],
    ...                   ["defence", 0, 0.0, 0.0, True], ["declarer", 0, 0.2, 0.2, False],
    ...                   ["defence", 0, 0.1, 0.1, False]]}
    >>> t = latency_by_trick([deal])
    >>> t["opening lead"]["over_goal"], t["opening lead"]["cpu_p99_s"], t["1"]["cards"], t["2-5"]["latency_max_s"]
    (1, 1.2, 3, 0.1)
    """
    from bazas.bench.bots import quantile  # the report's own p99 (nearest rank)

    groups: dict[str, list[tuple[float, float]]] = {"opening lead": []}
    for lo, hi in TRICK_BANDS:
        groups[_band(lo, hi)] = []
    for deal in deals:
        for i, card in enumerate(deal.get("cards") or []):
            timing = (float(card[2]), float(card[3]))   # latency, CPU
            if i == 0:
                groups["opening lead"].append(timing)
                continue
            trick = i // 4 + 1
            lo, hi = next(b for b in TRICK_BANDS if b[0] <= trick <= b[1])
            groups[_band(lo, hi)].append(timing)
    out: dict[str, dict[str, float | int]] = {}
    for name, timings in groups.items():
        if not timings:
            continue
        wall = [t for t, _ in timings]
        cpu = [c for _, c in timings]
        out[name] = {"cards": len(timings),
                     "latency_median_s": round(quantile(wall, 0.5), 3),
                     "latency_p99_s": round(quantile(wall, 0.99), 3),
                     "latency_max_s": round(max(wall), 3),
                     "cpu_median_s": round(quantile(cpu, 0.5), 3),
                     "cpu_p99_s": round(quantile(cpu, 0.99), 3),
                     "over_goal": sum(t > LATENCY_GOAL for t in wall)}
    return out


def print_latency(latency: dict[str, dict[str, float | int]], console: Any) -> None:
    from rich.table import Table

    table = Table(title=f"where the time goes: seconds per card (latency on the wall clock, CPU); "
                        f"cards over {LATENCY_GOAL} s")
    for col in ("tricks", "cards", "latency median", "p99", "slowest", "CPU median", "CPU p99",
                f"over {LATENCY_GOAL} s"):
        table.add_column(col, justify="right")
    for name, row in latency.items():
        table.add_row(name, str(row["cards"]), f"{row['latency_median_s']:.3f}", f"{row['latency_p99_s']:.3f}",
                      f"{row['latency_max_s']:.3f}", f"{row['cpu_median_s']:.3f}", f"{row['cpu_p99_s']:.3f}",
                      str(row["over_goal"]))
    console.print(table)


def print_where(where: dict[str, dict[str, dict[str, list[int]]]], console: Any) -> None:
    from rich.table import Table

    table = Table(title="where the errors fall: cards that lost a trick / cards played")
    for col in ("side, contract", "tricks", *PLACES, "all"):
        table.add_column(col, justify="right")
    for group, bands in where.items():
        for band, places in bands.items():
            cells = [f"{e}/{n}" if n else "–" for e, n in places.values()]
            errors = sum(e for e, _ in places.values())
            cards = sum(n for _, n in places.values())
            table.add_row(group if band == "1" else "", band, *cells, f"{errors}/{cards}")
    console.print(table)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("records", type=Path, help="a `bazas bench bots --records` file (one run)")
    parser.add_argument("--problems", default=None,
                        help="also run the SAYC problem suite (a JSON file or a directory of them)")
    parser.add_argument("--json", dest="json_file", type=Path, help="write the report here as JSON")
    parser.add_argument("--where", action="store_true",
                        help="also where the errors fall: by side, contract, tricks and place in the trick")
    parser.add_argument("--latency", action="store_true",
                        help="also where the time goes: latency and CPU per card for the opening lead and "
                             "each band of tricks")


def run(args: argparse.Namespace) -> int:
    from bazas.bench.bots import print_report
    from bazas.bench.compare import load, report_console, write_report

    console = report_console()
    try:
        records = load(args.records)
        report = report_of(records, args.problems)
    except (OSError, ValueError) as exc:
        console.print(f"[red]bazas bench summary: {args.records}: {exc}[/red]")
        return 2
    print_report(report, console)
    if args.where:
        report["where"] = where_errors(one_run(records)[0])
        print_where(report["where"], console)
    if args.latency:
        report["latency"] = latency_by_trick(one_run(records)[0])
        print_latency(report["latency"], console)
    write_report(args.json_file, report)
    return 0
