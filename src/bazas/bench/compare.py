"""``bazas bench compare A.jsonl B.jsonl ...``: card-player configurations compared deal by deal.

Each file is the ``--records`` output of a ``bazas bench bots`` run (one JSON record a deal, with
the double-dummy cost of every card). Runs on the same deal set (same ``--seed``) play the same
deals, so configurations are compared deal by deal: per role (declarer, the defence, and the
opening lead alone) the tricks lost per deal, the deals each run played better and worse than the
first, and the mean paired difference with its 95% interval. A run stopped early is compared on
the deals both have.

The double-dummy loss counts each card against perfect play by everybody after it, so a card that
leaves the opponents a guess scores no better than one that does not. The *real results* say what
the play came to at the table: declarer's tricks, and the IMPs declarer's side scored in each run
against the first (:func:`results_against_first`). Where only declarer's play differs between the
runs (an option that only declarer uses), those IMPs are declarer's gain; where only the
defence's, their negative is the defence's.

>>> recs = [{"index": 0, "cards": [["defence", 1, 0.1, 0.1, False], ["declarer", 0, 0.1, 0.1, False]]}]
>>> lost_per_deal(recs)
{0: {'declarer': 0, 'defence': 1, 'lead': 1}}
"""

from __future__ import annotations

import argparse
import json
import statistics
from pathlib import Path
from typing import Any

from bazas.bench.leads import compare, mean_half95

__all__ = ["add_arguments", "compare_runs", "declarer_results", "lost_per_deal", "report_console",
           "results_against_first", "run", "save_report", "write_report"]

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


def declarer_results(records: list[dict[str, Any]]) -> dict[int, tuple[str, int, int, str]]:
    """Per deal index: the contract, the tricks declarer took, declarer's side's score and the
    opening lead, as played (deals passed out are left out).

    >>> declarer_results([{"index": 3, "contract": "4S", "declarer": "E", "tricks": 10, "score_ns": -420,
    ...                    "play": ["HK", "H2"]}, {"index": 4, "contract": None}])
    {3: ('4S', 10, 420, 'HK')}
    """
    out: dict[int, tuple[str, int, int, str]] = {}
    for r in records:
        if not r.get("contract"):
            continue
        sign = 1 if r["declarer"] in ("N", "S") else -1
        lead = str((r.get("play") or [""])[0])
        out[int(r["index"])] = (str(r["contract"]), int(r["tricks"]), sign * int(r["score_ns"]), lead)
    return out


def results_against_first(base: dict[int, tuple[str, int, int, str]],
                          other: dict[int, tuple[str, int, int, str]], deals: list[int]) -> dict[str, Any]:
    """Deal by deal on ``deals``: declarer's tricks and the IMPs declarer's side scored in ``other``
    against ``base`` (positive: declarer did better in ``other``), with the deals where the two
    were in different contracts counted apart (their IMPs come from the auction, not the play).
    ``lead_differs`` counts the deals in the same contract with another opening lead: where the
    runs differ only in declarer's options, those are decisions that reached a clock guard (a
    loaded machine), the noise of the comparison.

    >>> base = {0: ("4S", 10, 420, "HK"), 1: ("3NT", 8, -50, "S4"), 2: ("2H", 8, 110, "CA")}
    >>> other = {0: ("4S", 9, -50, "HK"), 1: ("3NT", 9, 400, "S4"), 2: ("2H", 9, 140, "C2")}
    >>> r = results_against_first(base, other, [0, 1, 2])
    >>> r["imps"], r["differ"], r["tricks_diff"], r["other_contract"], r["lead_differs"]
    (1, 3, 0.3333, 0, 1)
    """
    from bazas.engine.rulesets import imps

    diffs: list[int] = []
    tricks: list[int] = []
    other_contract = lead_differs = 0
    for i in deals:
        (c0, t0, s0, lead0), (c1, t1, s1, lead1) = base[i], other[i]
        if c0 != c1:
            other_contract += 1
            continue
        lead_differs += lead0 != lead1
        diffs.append(imps(s1 - s0))
        tricks.append(t1 - t0)
    mean, half = mean_half95(diffs)
    return {"deals": len(diffs), "other_contract": other_contract, "lead_differs": lead_differs,
            "differ": sum(1 for d in diffs if d),
            "imps": sum(diffs), "mean": round(mean, 4), "ci95": [round(mean - half, 3), round(mean + half, 3)],
            "tricks_diff": round(statistics.fmean(tricks), 4) if tricks else 0.0}


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
    results = [declarer_results(r) for r in runs]
    common = sorted(set.intersection(*(set(x) for x in lost))) if lost else []
    out: dict[str, Any] = {"deals": len(common), "runs": []}
    for k, per in enumerate(lost):
        entry: dict[str, Any] = {}
        for role in ROLES:
            values = [per[i][role] for i in common]
            entry[role] = {"lost_per_deal": round(sum(values) / len(values), 4) if values else None}
            if k > 0 and len(values) > 1:
                entry[role]["against_first"] = compare([lost[0][i][role] for i in common], values)
        played = [i for i in common if i in results[k]]
        entry["declarer_tricks"] = (round(statistics.fmean(results[k][i][1] for i in played), 4)
                                    if played else None)
        if k > 0:
            entry["results_against_first"] = results_against_first(results[0], results[k], played)
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
    if len(paths) > 1:
        real = Table(title="real results: the play as it went, declarer's side against the first run",
                     caption="IMPs to declarer's side per deal in the same contract, 95% interval; deals "
                             "in another contract (a different auction) are left out and counted; other "
                             "opening lead: deals in the same contract led differently")
        for col in ("run", "declarer's tricks", "tricks v first", "deals differing", "IMPs", "IMPs per deal",
                    "other contract", "other opening lead"):
            real.add_column(col, justify="left" if col == "run" else "right")
        for path, entry in zip(paths, report["runs"], strict=True):
            tricks = "–" if entry["declarer_tricks"] is None else f"{entry['declarer_tricks']:.3f}"
            r = entry.get("results_against_first")
            if r is None:
                real.add_row(path.name, tricks, "", "", "", "", "", "")
                continue
            real.add_row(path.name, tricks, f"{r['tricks_diff']:+.3f}", str(r["differ"]), f"{r['imps']:+d}",
                         f"{r['mean']:+.3f} ({r['ci95'][0]:+.2f} to {r['ci95'][1]:+.2f})", str(r["other_contract"]),
                         str(r["lead_differs"]))
        console.print(real)
    write_report(args.json_file, report)
    return 0
