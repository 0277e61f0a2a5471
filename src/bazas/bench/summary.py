"""``bazas bench summary RECORDS.jsonl``: the report of a ``bench bots`` run from its records.

``bazas bench bots --records FILE`` appends one JSON record a deal as each completes. This target
reads such a file (of a run still going, stopped, or finished) and prints the report ``bench
bots`` prints (every measure with its 95% interval and whether its goal is met on the interval's
bound), with the measures of the code that reads it: a measure added since the run was made is
computed on its cards too. ``--json`` writes the report.

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

__all__ = ["add_arguments", "one_run", "report_of", "run"]


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


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("records", type=Path, help="a `bazas bench bots --records` file (one run)")
    parser.add_argument("--problems", default=None,
                        help="also run the SAYC problem suite (a JSON file or a directory of them)")
    parser.add_argument("--json", dest="json_file", type=Path, help="write the report here as JSON")


def run(args: argparse.Namespace) -> int:
    from bazas.bench.bots import print_report
    from bazas.bench.compare import load, report_console, write_report

    console = report_console()
    try:
        report = report_of(load(args.records), args.problems)
    except (OSError, ValueError) as exc:
        console.print(f"[red]bazas bench summary: {args.records}: {exc}[/red]")
        return 2
    print_report(report, console)
    write_report(args.json_file, report)
    return 0
