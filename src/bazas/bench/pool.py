"""``bazas bench pool``: issue 9's double-dummy goals judged on several held-out runs together.

A goal is met when the bound of the 95% interval on the goal's side meets it, on held-out deals
(:data:`bazas.bench.bots.TARGETS`). One seed of 400 deals seldom settles a goal near its line;
several seeds pooled do. This command reads the runs and adds up their counts (errors and cards,
leads and DD-best leads), so that the pooled figure and its Wilson interval are the same as one run
of all those deals would give.

Inputs (each named on the command line):

- a ``bazas bench bots --records`` file (one run, every deal's cards);
- a ``bazas bench bots`` JSON report (``--json``, or one entry of ``bench/bots.json`` named
  ``bench/bots.json:KEY``): its counts, which are all the pool needs;
- a ``bazas bench leads`` JSON report: the opening leads of one configuration (``--config``,
  ``defaults`` unless told), nothing else.

Refused, with the inputs named: two inputs that count the same deals of a seed for the same
measure (the same leads twice, say), and runs of different budgets or player options (the pool is
of one configuration). Runs with tuning deals are pooled, but the goals are then not judged.

>>> t = Tally(label="x", seed=9, first=0, last=399, budget=0.5, options={}, cards=True, leads=True)
>>> t.add("defence_suit", 3, 200); t.add("defence_suit", 1, 100); t.counts["defence_suit"]
[4, 300]
"""

from __future__ import annotations

import argparse
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

__all__ = ["CARD_MEASURES", "LEAD_MEASURES", "Tally", "add_arguments", "pool", "read_input", "run"]

#: The card measures (key in the counts, label, the report's metric: the goal's key where
#: ``bench.bots.TARGETS`` has one).
CARD_MEASURES: tuple[tuple[str, str, str], ...] = (
    ("declarer_suit", "declarer, suit", "declarer_suit_error_pct"),
    ("declarer_nt", "declarer, notrump", "declarer_nt_error_pct"),
    ("defence_suit", "defence, suit", "defence_suit_error_pct"),
    ("defence_nt", "defence, notrump", "defence_nt_error_pct"),
    ("declarer_suit_unforced", "  not counting forced cards: declarer, suit", "declarer_suit_error_pct_unforced"),
    ("declarer_nt_unforced", "  not counting forced cards: declarer, notrump", "declarer_nt_error_pct_unforced"),
    ("defence_suit_unforced", "  not counting forced cards: defence, suit", "defence_suit_error_pct_unforced"),
    ("defence_nt_unforced", "  not counting forced cards: defence, notrump", "defence_nt_error_pct_unforced"),
    ("defence_suit_after_lead", "  defence after the opening lead, suit", "defence_suit_error_pct_after_lead"),
    ("defence_nt_after_lead", "  defence after the opening lead, notrump", "defence_nt_error_pct_after_lead"),
)
#: The opening-lead measures (key, label, metric and goal): counts are [DD-best leads, leads].
LEAD_MEASURES: tuple[tuple[str, str, str], ...] = (
    ("lead_suit", "opening leads DD-best, suit", "lead_suit_best_pct"),
    ("lead_nt", "opening leads DD-best, notrump", "lead_nt_best_pct"),
)


@dataclass
class Tally:
    """One input's counts: ``counts[key]`` = [errors (or DD-best leads), cards (or leads)]."""

    label: str
    seed: int
    first: int
    last: int
    budget: float | None
    options: dict[str, Any]
    cards: bool   # it counts the card measures
    leads: bool   # it counts the opening leads
    counts: dict[str, list[int]] = field(default_factory=dict)
    #: Latency per card: every card's (records) or the run's p99 alone (a report).
    latencies: list[float] | None = None
    p99: float | None = None

    def add(self, key: str, hits: int, n: int) -> None:
        tally = self.counts.setdefault(key, [0, 0])
        tally[0] += hits
        tally[1] += n

    @property
    def tuning_deals(self) -> int:
        from bazas.bench.bots import TUNING_DEALS

        span = TUNING_DEALS.get(self.seed)
        if span is None:
            return 0
        return max(0, min(self.last + 1, span[1]) - max(self.first, span[0]))


def _from_records(label: str, records: list[dict[str, Any]]) -> Tally:
    from bazas.bench.bots import quantile
    from bazas.bench.summary import one_run

    deals, about = one_run(records)
    tally = Tally(label, int(about["seed"] if about["seed"] is not None else 1), int(deals[0]["index"]),
                  int(deals[-1]["index"]), about["budget"], dict(about["player_options"]), cards=True, leads=True)
    latencies: list[float] = []
    for r in deals:
        if r.get("contract") is None:
            continue
        kind = "nt" if r["notrump"] else "suit"
        for k, (role, cost, latency, *rest) in enumerate(r["cards"]):
            latencies.append(latency)
            lost = int(cost > 0)
            tally.add(f"{role}_{kind}", lost, 1)
            if len(rest) < 2 or not rest[1]:   # [cpu, forced]: not a forced card
                tally.add(f"{role}_{kind}_unforced", lost, 1)
            if k > 0 and role == "defence":
                tally.add(f"defence_{kind}_after_lead", lost, 1)
        if r.get("lead") is not None:
            tally.add(f"lead_{kind}", int(bool(r["lead"])), 1)
    if latencies:
        tally.latencies = latencies
        tally.p99 = quantile(latencies, 0.99)
    return tally


def _count(pct: float | None, n: int, where: str) -> int:
    """The count behind a percentage of ``n`` rounded to two decimals (exact while n < 10,000)."""
    if pct is None:
        raise ValueError(f"{where}: no figure for {n} cards")
    return round(pct * n / 100)


def _from_report(label: str, report: dict[str, Any]) -> Tally:
    settings, m = report["settings"], report["metrics"]
    span = settings.get("from_records") or {}
    first = int(span.get("first", settings.get("first", 0)))
    tally = Tally(label, int(settings["seed"]), first, int(span.get("last", first + int(settings["deals"]) - 1)),
                  settings.get("budget"), dict(settings.get("player_options") or {}), cards=True, leads=True)
    for key, _, metric in CARD_MEASURES:
        # The report keeps the errors of all cards; of the others, the rate and the cards.
        base = key.removesuffix("_unforced").removesuffix("_after_lead")
        n = (m.get({"": "cards", "_unforced": "cards_unforced", "_after_lead": "cards_after_lead"}[key[len(base):]])
             or {}).get(base, 0)
        if not n:
            continue
        hits = int(m["errors"][base]) if key == base else _count(m.get(metric), n, f"{label}: {metric}")
        tally.add(key, hits, n)
    for key, _, metric in LEAD_MEASURES:
        n = int(m["leads"][key.removeprefix("lead_")])
        if n:
            tally.add(key, _count(m.get(metric), n, f"{label}: {metric}"), n)
    tally.p99 = m.get("latency_p99_s")
    return tally


def _from_leads(label: str, report: dict[str, Any], config: str) -> Tally:
    settings = report["settings"]
    configs = settings.get("configs") or {}
    if config not in configs:
        raise ValueError(f"{label}: no configuration {config!r} in this `bench leads` report "
                         f"(it has {', '.join(sorted(configs)) or 'none'})")
    first = int(settings.get("first", 0))
    tally = Tally(label, int(settings["seed"]), first, first + int(settings["deals"]) - 1, settings.get("budget"),
                  dict(configs[config]), cards=False, leads=True)
    for deal in report["deals"]:
        lead = (deal.get("leads") or {}).get(config)
        if lead is None:
            continue
        tally.add(f"lead_{'nt' if deal['notrump'] else 'suit'}", int(lead["cost"] == 0), 1)
    return tally


def read_input(text: str, config: str = "defaults") -> Tally:
    """The counts of one input: a records file, a ``bench bots`` report (``FILE:KEY`` for an entry of
    a file of reports such as ``bench/bots.json``) or a ``bench leads`` report."""
    from bazas.bench.compare import load

    path, _, key = text.partition(":") if not Path(text).exists() else (text, "", "")
    file = Path(path)
    if not file.exists():
        raise ValueError(f"{path}: no such file")
    if file.suffix == ".jsonl":
        return _from_records(text, load(file))
    try:
        data = json.loads(file.read_text(encoding="utf-8"))
    except json.JSONDecodeError as exc:
        raise ValueError(f"{path}: not JSON ({exc.msg}, line {exc.lineno})") from exc
    if key:
        if key not in data or not isinstance(data[key], dict):
            raise ValueError(f"{path}: no report {key!r} in it")
        data = data[key]
    if not isinstance(data, dict) or "settings" not in data or "metrics" not in data:
        raise ValueError(f"{text}: not a `bench bots` or `bench leads` report (no settings and metrics)")
    if "configs" in data["settings"]:
        return _from_leads(text, data, config)
    if "cards" not in data["metrics"]:
        raise ValueError(f"{text}: a report without card counts")
    return _from_report(text, data)


def _read_named(text: str, config: str) -> Tally:
    """:func:`read_input`, a field missing from the input named with the input."""
    try:
        return read_input(text, config)
    except (KeyError, TypeError) as exc:
        raise ValueError(f"{text}: not a run this command reads (no {exc})") from exc


def pool(tallies: list[Tally]) -> dict[str, Any]:
    """The pooled counts of ``tallies``, each measure with its rate, Wilson interval and goal."""
    from bazas.bench.bots import TARGETS, quantile, wilson

    if not tallies:
        raise ValueError("nothing to pool")
    base = tallies[0]
    for t in tallies[1:]:
        if t.options != base.options or t.budget != base.budget:
            raise ValueError(f"{t.label} was run with budget {t.budget} and player options {json.dumps(t.options)}, "
                             f"{base.label} with budget {base.budget} and {json.dumps(base.options)}: "
                             "pool runs of one configuration")
    for kind in ("cards", "leads"):
        seen: list[Tally] = []
        for t in tallies:
            if not getattr(t, kind):
                continue
            for s in seen:
                if s.seed == t.seed and s.first <= t.last and t.first <= s.last:
                    raise ValueError(f"{t.label} and {s.label} both count the {kind} of seed {t.seed}, deals "
                                     f"{max(s.first, t.first)}-{min(s.last, t.last)}: each deal once")
            seen.append(t)
    tuning = sum(t.tuning_deals for t in tallies)
    measures: dict[str, Any] = {}
    for key, label, metric in CARD_MEASURES + LEAD_MEASURES:
        hits = n = 0
        per_input = []
        for t in tallies:
            c = t.counts.get(key)
            per_input.append(round(100 * c[0] / c[1], 2) if c and c[1] else None)
            if c:
                hits += c[0]
                n += c[1]
        if not n:
            continue
        ci = wilson(hits, n)
        assert ci is not None   # n > 0
        entry: dict[str, Any] = {"label": label.strip(), "hits": hits, "n": n, "pct": round(100 * hits / n, 2),
                                 "ci95": list(ci), "per_input": per_input}
        if metric in TARGETS:
            text, check = TARGETS[metric]
            entry["goal"] = text
            entry["met_point"] = bool(check(entry["pct"]))
            bound = ci[0] if text.startswith("≥") else ci[1]
            entry["met_ci95"] = None if tuning else bool(check(bound))
        measures[key] = entry
    # Latency per card, p99: exact over every card when each run with cards came as records; else
    # the highest run's p99 (a report keeps its p99 alone), which bounds the pooled one only loosely.
    timed = [t for t in tallies if t.cards]
    if timed and all(t.p99 is not None for t in timed):
        exact = all(t.latencies for t in timed)
        value = quantile([x for t in timed for x in t.latencies or []], 0.99) if exact \
            else max(t.p99 or 0.0 for t in timed)
        text, check = TARGETS["latency_p99_s"]
        measures["latency_p99"] = {
            "label": "latency per card, p99" + ("" if exact else " (the highest run's)"), "seconds": round(value, 4),
            "exact": exact, "per_input": [t.p99 if t.cards else None for t in tallies], "goal": text,
            "met_point": bool(check(value)), "met_ci95": None if tuning else bool(check(value))}
    return {"inputs": [{"input": t.label, "seed": t.seed, "deals": f"{t.first}-{t.last}", "cards": t.cards,
                        "leads": t.leads, "tuning_deals": t.tuning_deals} for t in tallies],
            "budget": base.budget, "player_options": base.options, "tuning_deals": tuning,
            "held_out": not tuning, "measures": measures}


def print_pool(report: dict[str, Any], console: Any) -> None:
    from rich.table import Table

    inputs = report["inputs"]
    deals = sum(int(i["deals"].split("-")[1]) - int(i["deals"].split("-")[0]) + 1 for i in inputs if i["cards"])
    title = (f"bazas bench pool — {len(inputs)} runs, {deals} deals with their cards, budget {report['budget']} s/card"
             + (f", player options {json.dumps(report['player_options'])}" if report["player_options"] else "")
             + ("" if report["held_out"] else f" ({report['tuning_deals']} tuning deals: goals not judged)"))
    table = Table(title=title)
    table.add_column("measure", no_wrap=True)
    for i in inputs:
        table.add_column(f"{i['seed']}" + ("" if i["cards"] else " L"), justify="right")
    table.add_column("pooled", justify="right")
    table.add_column("95% interval", justify="right", no_wrap=True)
    table.add_column("of", justify="right")
    table.add_column("goal", justify="right", no_wrap=True)
    table.add_column("met", justify="center")
    for m in report["measures"].values():
        if "seconds" in m:   # the latency: seconds, no interval
            met = m["met_ci95"]
            table.add_row(m["label"].replace("latency per card", "latency"),
                          *("" if v is None else f"{v:.2f}" for v in m["per_input"]), f"{m['seconds']:.2f} s", "",
                          "", m["goal"], "n/a" if met is None else "[green]yes[/green]" if met else "[red]no[/red]")
            continue
        met = m.get("met_ci95")
        mark = "" if "goal" not in m else "n/a" if met is None else "[green]yes[/green]" if met else "[red]no[/red]"
        short = (m["label"].replace("not counting forced cards", "unforced").replace("opening leads DD-best", "leads best")
                 .replace("defence after the opening lead", "defence after lead").replace("notrump", "NT"))
        table.add_row(short, *("" if v is None else f"{v:.2f}" for v in m["per_input"]), f"{m['pct']:.2f}%",
                      f"{m['ci95'][0]:.2f}–{m['ci95'][1]:.2f}%", str(m["n"]),
                      m.get("goal", ""), mark)
    console.print(table)
    console.print("columns: each run by its seed, in % (s for the latency; L: a `bench leads` run, its opening "
                  "leads only); met: the bound of the 95% interval on the goal's side meets the goal (issue 9)")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("inputs", nargs="+",
                        help="runs to pool: `bench bots --records` files (.jsonl), `bench bots` JSON reports "
                             "(FILE:KEY for an entry of bench/bots.json), `bench leads` JSON reports")
    parser.add_argument("--config", default="defaults",
                        help="the configuration of the `bench leads` reports to count (default: defaults)")
    parser.add_argument("--json", dest="json_file", type=Path, help="write the pooled report here as JSON")


def run(args: argparse.Namespace) -> int:
    from bazas.bench.compare import report_console, write_report

    console = report_console()
    try:
        report = pool([_read_named(text, args.config) for text in args.inputs])
    except (OSError, ValueError) as exc:
        console.print(f"[red]bazas bench pool: {exc}[/red]")
        return 2
    print_pool(report, console)
    write_report(args.json_file, report)
    return 0
