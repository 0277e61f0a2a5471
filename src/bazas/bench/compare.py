"""``bazas bench compare A.jsonl B.jsonl ...``: card-player configurations compared deal by deal.

Each file is the ``--records`` output of a ``bazas bench bots`` run (one JSON record a deal, with
the double-dummy cost of every card). Runs on the same deal set (same ``--seed``) play the same
deals, so configurations are compared deal by deal: per role (declarer, the defence, and the
opening lead alone) the tricks lost per deal, the deals each run played better and worse than the
first, and the mean paired difference with its 95% interval. A run stopped early is compared on
the deals both have.

>>> recs = [{"index": 0, "cards": [["defence", 1, 0.1, 0.1, False], ["declarer", 0, 0.1, 0.1, False]]}]
>>> lost_per_deal(recs)
{0: {'declarer': 0, 'defence': 1, 'lead': 1}}
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from bazas.bench.leads import compare

__all__ = ["add_arguments", "compare_runs", "lost_per_deal", "report_console", "run", "save_report",
           "write_report"]

ROLES = ("declarer", "defence", "lead")


def lost_per_deal(records: list[dict[str, Any]]) -> dict[int, dict[str, int]]:
    """Per deal index: the tricks declarer's side and the defence lost against double dummy, and
    what the opening lead alone lost (deals passed out have no cards and are left out)."""
    out: dict[int, dict[str, int]] = {}
    for r in records:
        cards = r.get("cards") or []
        if not cards:
            continue
        lost = {"declarer": 0, "defence": 0, "lead": int(cards[0][1])}
        for role, cost, *_ in cards:
            lost[role] += int(cost)
        out[int(r["index"])] = lost
    return out


def load(path: Path) -> list[dict[str, Any]]:
    """The records of one run: a JSON object a line. A line that is not one is named, with its file."""
    records = []
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        try:
            records.append(json.loads(line))
        except json.JSONDecodeError as exc:
            raise ValueError(f"{path}:{n}: not a JSON record ({exc.msg})") from exc
    return records


def compare_runs(runs: list[list[dict[str, Any]]]) -> dict[str, Any]:
    """Tricks lost per deal per run and role on the deals every run has, each run after the first
    compared with the first (:func:`bazas.bench.leads.compare`)."""
    lost = [lost_per_deal(r) for r in runs]
    common = sorted(set.intersection(*(set(x) for x in lost))) if lost else []
    out: dict[str, Any] = {"deals": len(common), "runs": []}
    for k, per in enumerate(lost):
        entry: dict[str, Any] = {}
        for role in ROLES:
            values = [per[i][role] for i in common]
            entry[role] = {"lost_per_deal": round(sum(values) / len(values), 4) if values else None}
            if k > 0 and len(values) > 1:
                entry[role]["against_first"] = compare([lost[0][i][role] for i in common], values)
        out["runs"].append(entry)
    return out


def report_console() -> Any:
    """A rich console for a bench's tables: the terminal's, or 150 columns wide into a log file
    (room for the intervals)."""
    from rich.console import Console

    console = Console()
    return console if console.is_terminal else Console(width=150)


def save_report(text: str, path: Path | str | None, saved_as: str | None = None) -> None:
    """Write a bench's JSON report ``text`` to ``path`` if one is given, and to
    ``bench/<saved_as>`` (the report the repository keeps) if that is given; folders made."""
    for target in (path, None if saved_as is None else Path("bench") / saved_as):
        if target:
            out = Path(target)
            out.parent.mkdir(parents=True, exist_ok=True)
            out.write_text(text + "\n", encoding="utf-8")


def write_report(path: Path | None, report: dict[str, Any]) -> None:
    """Write a bench's JSON report to ``path`` (its folder made), if one is given."""
    save_report(json.dumps(report, indent=2), path)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("records", nargs="+", type=Path,
                        help="`bazas bench bots --records` files of runs on the same deal set; the first is the base")
    parser.add_argument("--json", dest="json_file", type=Path, help="write the comparison here as JSON")


def run(args: argparse.Namespace) -> int:
    from rich.table import Table

    console = report_console()
    paths: list[Path] = list(args.records)
    try:
        runs = [load(p) for p in paths]
    except (OSError, ValueError) as exc:
        console.print(f"[red]bazas bench compare: {exc}[/red]")
        return 2
    report = compare_runs(runs)
    if report["deals"] == 0:
        console.print("[red]bazas bench compare: the runs have no deal in common[/red]")
        return 2
    table = Table(title=f"tricks lost against double dummy per deal, {report['deals']} deals in common",
                  caption="better / worse: deals with fewer / more tricks lost than the first run; "
                          "difference: paired mean against the first, 95% interval")
    table.add_column("run")
    for role in ROLES:
        table.add_column(role if role != "lead" else "opening lead", justify="right")
    for path, entry in zip(paths, report["runs"], strict=True):
        cells = []
        for role in ROLES:
            e = entry[role]
            text = "–" if e["lost_per_deal"] is None else f"{e['lost_per_deal']:.3f}"
            if "against_first" in e:
                a = e["against_first"]
                text += (f"  {a['better']}/{a['worse']}  {a['mean_diff']:+.3f} "
                         f"({a['ci95'][0]:+.2f} to {a['ci95'][1]:+.2f})")
            cells.append(text)
        table.add_row(path.name, *cells)
    console.print(table)
    write_report(args.json_file, report)
    return 0
