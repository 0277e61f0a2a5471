"""``bazas bench leads``: the opening leads of the ``bench bots`` deal sets, replayed alone, one
configuration of the card player against another (issue 9's tuning tool for leads).

A full ``bazas bench bots`` run plays every card of every deal; the opening lead is one decision in
fifty-two, yet the one the textbooks and issue 9 single out (and the slowest: three hands hidden).
This bench bids each deal of a ``bench bots`` deal set exactly as that bench does (the same bots, the
same random streams), stops before the opening lead, and asks the card player for the lead under
each configuration given (``--config NAME=JSON``, CardPlayer options; the defaults always come
first), with the random stream the full bench gives that decision. With the defaults it therefore
leads the card that ``bench bots`` led on that deal, and the decisions of all configurations are the
same positions, so they are compared card for card:

- the share of leads that are double-dummy best (suit contracts and notrump, 95% Wilson intervals);
- the tricks the leads lost against the best lead on the real layout (per lead), and, for each
  configuration after the first, how many leads it made better or worse than the first one and the
  mean difference in tricks lost with its 95% interval (paired), and the IMPs its leads win
  against the first's on the real layouts (the rest played double dummy);
- the CPU seconds per lead (mean, p90), the layouts solved per lead and the CPU the dealing of
  the hidden hands took (means).

Deals 0-199 of seed 1 are the tuning deals (``bazas.bench.bots.TUNING_DEALS``); the report says
whether a run used them. The report goes to ``bench/leads.json`` (``--no-save``: not).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import statistics
import time
from typing import Any

from bazas.engine.calls import Strain
from bazas.engine.cards import ALL_CARDS, Card
from bazas.engine.seats import SEATS

__all__ = ["add_arguments", "against_cells", "compare", "lead_task", "parse_configs", "run", "run_leads", "share_cell",
           "summarise"]

BASE = "defaults"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--deals", type=int, default=200, help="deals of the set (default 200)")
    parser.add_argument("--first", type=int, default=0, help="index of the first deal (default 0)")
    parser.add_argument("--seed", type=int, default=1, help="deal-set seed, as `bench bots --seed` (default 1)")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1, help="worker processes")
    parser.add_argument("--budget", type=float, default=0.5, help="seconds per card, as `bench bots` (default 0.5)")
    parser.add_argument("--config", action="append", default=[], metavar="NAME=JSON",
                        help='a configuration to compare with the defaults, e.g. \'factor4={"opening_lead_factor": 4}\' '
                             "(repeatable)")
    parser.add_argument("--json", dest="json_file", default=None, help="write the JSON report here")
    parser.add_argument("--no-save", action="store_true", help="do not save the report to bench/leads.json")


def parse_configs(items: list[str]) -> dict[str, dict[str, Any]]:
    """``--config NAME=JSON`` items -> {name: CardPlayer options}, the defaults first. Raises
    ValueError naming the item that is wrong.

    >>> parse_configs(['f4={"opening_lead_factor": 4}'])
    {'defaults': {}, 'f4': {'opening_lead_factor': 4}}
    >>> parse_configs(['f4'])
    Traceback (most recent call last):
    ...
    ValueError: --config 'f4': expected NAME=JSON, e.g. f4={"opening_lead_factor": 4}
    """
    from bazas.bench.bots import parse_player_options
    from bazas.bench.oracle import split_oracle

    configs: dict[str, dict[str, Any]] = {BASE: {}}
    for item in items:
        name, sep, text = item.partition("=")
        name = name.strip()
        if not sep or not name:
            raise ValueError(f"--config {item!r}: expected NAME=JSON, e.g. f4={{\"opening_lead_factor\": 4}}")
        if name in configs:
            raise ValueError(f"--config {item!r}: the name {name!r} is used twice")
        try:
            # "oracle" (bazas.bench.oracle) is the bench's own key, not a CardPlayer field.
            try:
                raw = json.loads(text)
            except json.JSONDecodeError:
                raw = None   # parse_player_options says what is wrong with it
            told = None
            if isinstance(raw, dict) and "oracle" in raw:
                rest, told = split_oracle(raw)
                text = json.dumps(rest)
            configs[name] = parse_player_options(text)
            if told is not None:
                configs[name]["oracle"] = told
        except ValueError as exc:
            raise ValueError(f"--config {name}: {exc}") from None
    return configs


# -- one deal ----------------------------------------------------------------------------------

def lead_task(seed: int, index: int, budget_s: float, configs: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """Deal ``index`` of the set ``seed``, bid as ``bench bots`` bids it; the opening lead of each
    configuration, with the double-dummy tricks of every lead on the real layout."""
    from bazas.bench.bots import _context, bench_deal
    from bazas.bench.decisions import real_score
    from bazas.bench.oracle import apply_oracle, split_oracle
    from bazas.bots import dds
    from bazas.bots.base import Budget
    from bazas.bots.player import bot_for, play_deal
    from bazas.engine.views import view_of

    deal, board = bench_deal(seed, index)
    context = _context(board)
    bidder = bot_for("duplicate", "normal")
    # The same stream as bench bots' card task: one child stream per action, the lead's the next.
    rng = random.Random(f"bench-play-{seed}-{index}")
    played = play_deal(deal, board.dealer, {s: bidder for s in SEATS}, context, rng, Budget(budget_s),
                       stop=lambda st: st.phase != "auction")
    state = played.state
    rec: dict[str, Any] = {"index": index, "calls": [str(c) for c in state.auction.calls]}
    if state.play is None or state.contract is None or state.actor is None or state.declarer is None:
        rec["contract"] = None
        return rec
    lead_seed = rng.getrandbits(64)
    real = dds.solve_many([dds.Position.from_play(state.play)])[0]
    best = max(real.values())
    # Each lead's score for the leader's side, the rest played double dummy: the IMPs between
    # configurations are counted from it.
    lead_score = real_score(state, {"contract": str(state.contract), "index": index}, real)
    view = view_of(state, state.actor)
    leads: dict[str, Any] = {}
    for name, options in configs.items():
        bot = bot_for("duplicate", "normal")
        player_options, told = split_oracle(options)
        for key, value in player_options.items():
            setattr(bot.card_player, key, value)
        if told is not None:
            apply_oracle(bot.card_player, deal, told, state.actor, state.declarer)
        c0 = time.process_time()
        card = bot.choose(view, context, random.Random(lead_seed), Budget(budget_s)).action
        cpu = time.process_time() - c0
        if not isinstance(card, Card):
            raise TypeError(f"deal {index}: the card player answered {card!r} to the opening lead")
        tricks = real[card.index]
        info: dict[str, Any] = getattr(bot.card_player, "last_info", {})
        leads[name] = {"card": str(card), "cost": best - tricks, "cpu": round(cpu, 4),
                       "score": lead_score(card.index),
                       "solved": info.get("solved"), "dealing": info.get("dealing_s")}
    rec.update(contract=str(state.contract), declarer=state.declarer.name,
               leader=state.actor.name, notrump=state.contract.strain is Strain.NT,
               dd={str(ALL_CARDS[i]): t for i, t in sorted(real.items())}, leads=leads)
    return rec


# -- the figures -------------------------------------------------------------------------------

def _p90(values: list[float]) -> float | None:
    if not values:
        return None
    s = sorted(values)
    return s[min(len(s) - 1, math.ceil(0.9 * len(s)) - 1)]


def mean_half95(values: list[float] | list[int], single: float = 0.0) -> tuple[float, float]:
    """The mean of ``values`` and the half-width of its 95% normal interval (1.96 * sd / sqrt(n));
    ``single`` is the half-width for fewer than two values (0 for an empty list's mean).

    >>> mean, half = mean_half95([1, 0, -1, 0])      # sd sqrt(2/3), n 4
    >>> mean, round(half, 4)
    (0.0, 0.8002)
    >>> mean_half95([3], single=float("inf"))
    (3.0, inf)
    """
    n = len(values)
    mean = statistics.fmean(values) if values else 0.0
    half = 1.96 * statistics.stdev(values) / math.sqrt(n) if n > 1 else single
    return mean, half


def compare(base: list[int], other: list[int]) -> dict[str, Any]:
    """Paired comparison of tricks lost per lead: how many leads ``other`` made better and worse
    than ``base``, and the mean difference (other - base) with its 95% normal interval
    (here 1.96 * sd / sqrt(n) = 1.96 * sqrt(2/3) / 2).

    >>> compare([1, 0, 2, 0], [0, 0, 2, 1])
    {'better': 1, 'worse': 1, 'mean_diff': 0.0, 'ci95': [-0.8, 0.8]}
    """
    diffs = [o - b for b, o in zip(base, other, strict=True)]
    mean, half = mean_half95(diffs)
    return {"better": sum(d < 0 for d in diffs), "worse": sum(d > 0 for d in diffs),
            "mean_diff": round(mean, 4), "ci95": [round(mean - half, 2), round(mean + half, 2)]}


def summarise(records: list[dict[str, Any]], names: list[str]) -> dict[str, Any]:
    """Per configuration: DD-best shares (suit, notrump) with intervals, tricks lost, CPU; and
    each configuration after the first compared with the first, lead by lead."""
    from bazas.bench.bots import wilson
    from bazas.bench.decisions import imps_against

    played = [r for r in records if r.get("contract")]
    out: dict[str, Any] = {}
    for name in names:
        m: dict[str, Any] = {}
        for kind, nt in (("suit", False), ("nt", True)):
            costs = [r["leads"][name]["cost"] for r in played if r["notrump"] == nt]
            best = sum(c == 0 for c in costs)
            m[f"{kind}_leads"] = len(costs)
            m[f"{kind}_best_pct"] = round(100.0 * best / len(costs), 2) if costs else None
            ci = wilson(best, len(costs))
            m[f"{kind}_best_ci95"] = list(ci) if ci else None
            m[f"{kind}_tricks_lost"] = sum(costs)
        cpu = [r["leads"][name]["cpu"] for r in played]
        m["tricks_lost_per_lead"] = round((m["suit_tricks_lost"] + m["nt_tricks_lost"]) / len(played), 4) if played else None
        m["cpu_mean_s"] = round(statistics.fmean(cpu), 3) if cpu else None
        m["cpu_p90_s"] = _p90(cpu)
        solved = [r["leads"][name]["solved"] for r in played if r["leads"][name].get("solved") is not None]
        dealing = [r["leads"][name]["dealing"] for r in played if r["leads"][name].get("dealing") is not None]
        m["solved_mean"] = round(statistics.fmean(solved), 1) if solved else None
        m["dealing_mean_s"] = round(statistics.fmean(dealing), 3) if dealing else None
        if name != names[0]:
            m["against_" + names[0]] = compare([r["leads"][names[0]]["cost"] for r in played],
                                               [r["leads"][name]["cost"] for r in played])
            m["imps_against_" + names[0]] = imps_against(
                [{"matters": len(set(r["dd"].values())) > 1 if r.get("dd") else True, "choices": r["leads"]}
                 for r in played],
                names[0], name)
        out[name] = m
    return out


# -- the run -----------------------------------------------------------------------------------

def run_leads(*, deals: int, first: int, seed: int, workers: int, budget: float,
              configs: dict[str, dict[str, Any]], console: Any = None) -> dict[str, Any]:
    """Replay the opening leads of deals ``first`` .. ``first + deals - 1`` of the set ``seed``
    under each configuration, in ``workers`` processes; the report (a JSON-ready dict)."""
    from concurrent.futures import as_completed

    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    from bazas.bench.bots import process_pool, tuning_note

    t0 = time.perf_counter()
    records: list[dict[str, Any]] = []
    with process_pool(workers) as pool, \
            Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                     console=console, transient=False) as progress:
        task = progress.add_task(f"opening leads ({len(configs)} configurations)", total=deals)
        futures = [pool.submit(lead_task, seed, i, budget, configs) for i in range(first, first + deals)]
        for fut in as_completed(futures):
            records.append(fut.result())
            progress.advance(task)
    records.sort(key=lambda r: r["index"])
    tuning = tuning_note(seed, deals, first)
    return {
        "version": 1,
        "settings": {"deals": deals, "first": first, "seed": seed, "workers": workers, "budget": budget,
                     "configs": configs, "tuning_deals_in_run": tuning["tuning_deals_in_run"],
                     "held_out": tuning["held_out"], "tuning": tuning},
        "seconds": round(time.perf_counter() - t0, 1),
        "metrics": summarise(records, list(configs)),
        "deals": records,
    }


def share_cell(pct: float | None, ci: list[float] | None, n: int) -> str:
    """A share with its count and 95% interval, for a report's table.

    >>> share_cell(82.5, [77.4, 86.7], 257)
    '82.5% of 257 (77.4–86.7)'
    >>> share_cell(None, None, 0)
    '–'
    """
    if pct is None or ci is None:
        return "–"
    return f"{pct:.1f}% of {n} ({ci[0]:.1f}–{ci[1]:.1f})"


def against_cells(against: dict[str, Any] | None) -> tuple[str, str]:
    """The cells of a paired comparison (:func:`compare`): better / worse, and the mean difference
    with its interval; empty for the configuration compared with."""
    if not against:
        return "", ""
    return (f"{against['better']} / {against['worse']}",
            f"{against['mean_diff']:+.3f} ({against['ci95'][0]:+.2f} to {against['ci95'][1]:+.2f})")


def print_report(report: dict[str, Any], console: Any) -> None:
    from rich.table import Table

    from bazas.bench.decisions import imps_cell

    s = report["settings"]
    where = "held out" if s["held_out"] else f"{s['tuning_deals_in_run']} of them tuning deals"
    table = Table(caption="DD-best: share of leads double-dummy best (95% interval); lost/lead: tricks lost "
                          "against the best lead; v defaults: leads better / worse, mean difference in tricks lost; "
                          "IMPs v defaults: what the leads score against the defaults' on the real layouts "
                          "(the rest played double dummy)",
                  title=f"opening leads, deals {s['first']}-{s['first'] + s['deals'] - 1} of seed {s['seed']} "
                        f"({where}), {s['budget']} s per card")
    for col in ("config", "suit DD-best", "NT DD-best", "lost/lead", "v defaults +/-", "diff (95%)",
                "IMPs v defaults", "CPU mean/p90", "layouts solved", "dealing CPU"):
        table.add_column(col, justify="left" if col == "config" else "right")

    def share(m: dict[str, Any], kind: str) -> str:
        return share_cell(m[f"{kind}_best_pct"], m[f"{kind}_best_ci95"], m[f"{kind}_leads"])

    for name, m in report["metrics"].items():
        table.add_row(name, share(m, "suit"), share(m, "nt"),
                      "–" if m["tricks_lost_per_lead"] is None else f"{m['tricks_lost_per_lead']:.3f}",
                      *against_cells(m.get("against_" + BASE)), imps_cell(m.get("imps_against_" + BASE)),
                      "–" if m["cpu_mean_s"] is None else f"{m['cpu_mean_s']:.2f} / {m['cpu_p90_s']:.2f} s",
                      "–" if m.get("solved_mean") is None else f"{m['solved_mean']:.1f}",
                      "–" if m.get("dealing_mean_s") is None else f"{m['dealing_mean_s']:.3f} s")
    console.print(table)


def run(args: argparse.Namespace) -> int:
    from rich.console import Console

    console = Console()
    if not console.is_terminal:
        console = Console(width=150)    # a log file: room for the intervals
    try:
        configs = parse_configs(list(args.config))
    except ValueError as exc:
        console.print(f"[red]{exc}[/red]")
        return 2
    if args.deals < 1 or args.first < 0:
        console.print("[red]--deals must be at least 1 and --first at least 0[/red]")
        return 2
    report = run_leads(deals=args.deals, first=args.first, seed=args.seed, workers=args.workers,
                       budget=args.budget, configs=configs, console=console)
    print_report(report, console)
    text = json.dumps(report, indent=2, sort_keys=True, ensure_ascii=False)
    from bazas.bench.compare import save_report

    save_report(text, args.json_file, None if args.no_save else "leads.json")
    return 0
