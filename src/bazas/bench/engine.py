"""``bazas bench engine``: how fast the rules engine runs, on one core.

Rows (each measured for about ``--seconds`` of wall time, dealing and set-up excluded):

- random playout kernel: complete deals played with uniformly random legal cards by
  :func:`bazas.engine.playout.random_playout` (int bit sets) -- target 40,000 deals/s;
- Play API: the same random play through the immutable :class:`~bazas.engine.play.Play`
  (``legal_cards()``, a random choice, ``apply(card)``) -- what the server and the tests use;
- legal-call generation: random auctions walked with ``Auction.legal_calls()`` / ``apply``;
  calls listed per second;
- scoring: random results (contract, doubling, tricks, with the deal for honours) folded through
  each ruleset of :mod:`bazas.engine.rulesets`, one session after another; deals scored per second.

Rates are given per CPU-second of this process (``time.process_time``: what one core does,
unaffected by other load on the machine) and per wall-clock second. The process is pinned to one
CPU where the OS allows it. ``--json FILE`` also writes the report as JSON (``-``: stdout).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import sys
import time
from collections.abc import Callable
from typing import Any

__all__ = ["add_arguments", "machine_info", "measure", "run", "run_bench"]

KERNEL_TARGET = 40_000.0


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--seconds", type=float, default=2.0,
                        help="wall-clock seconds per measurement (default 2)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the deals and random choices (default 1)")
    parser.add_argument("--json", dest="json_file", default=None, metavar="FILE",
                        help="also write the report as JSON to FILE (- for standard output)")
    parser.add_argument("--no-pin", action="store_true", help="do not pin the process to one CPU")


def machine_info() -> dict[str, Any]:
    """Platform, CPU model (from /proc/cpuinfo where there is one) and Python version."""
    cpu = platform.processor() or "unknown"
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as fh:
            for line in fh:
                if line.lower().startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return {
        "platform": platform.platform(),
        "machine": platform.machine(),
        "cpu": cpu,
        "cpus": os.cpu_count(),
        "python": f"{platform.python_implementation()} {platform.python_version()}",
    }


def _pin_to_one_cpu() -> int | None:
    """Pin this process to one CPU it may run on; return it (None where not supported)."""
    getter = getattr(os, "sched_getaffinity", None)
    setter = getattr(os, "sched_setaffinity", None)
    if getter is None or setter is None:
        return None
    try:
        cpus = sorted(getter(0))
        cpu = cpus[-1]
        setter(0, {cpu})
    except OSError:
        return None
    return int(cpu)


def measure(step: Callable[[], int], seconds: float) -> dict[str, float]:
    """Call ``step`` (which does a batch of work and returns how many units it did) until
    ``seconds`` of wall time have passed; at least one call."""
    units = 0
    calls = 0
    wall0 = time.perf_counter()
    cpu0 = time.process_time()
    deadline = wall0 + seconds
    while True:
        units += step()
        calls += 1
        if time.perf_counter() >= deadline:
            break
    wall = time.perf_counter() - wall0
    cpu = time.process_time() - cpu0
    return {
        "units": float(units),
        "wall_s": wall,
        "cpu_s": cpu,
        "per_cpu_s": units / cpu if cpu > 0 else float("nan"),
        "per_wall_s": units / wall if wall > 0 else float("nan"),
    }


# -- the measurements ---------------------------------------------------------------------------
def _deals(rng: random.Random, n: int) -> list[Any]:
    from bazas.engine.deal import deal_random

    return [deal_random(rng) for _ in range(n)]


def bench_kernel(rng: random.Random, seconds: float) -> dict[str, float]:
    from bazas.engine.calls import STRAINS, Strain
    from bazas.engine.playout import random_playout
    from bazas.engine.seats import SEATS

    jobs = []
    for i, d in enumerate(_deals(rng, 500)):
        strain = STRAINS[i % 5]
        declarer = SEATS[(i // 5) % 4]
        jobs.append((tuple(h.mask for h in d.hands), declarer.lho, -1 if strain is Strain.NT else int(strain)))

    def step() -> int:
        for hands, leader, trump in jobs:
            random_playout(hands, leader, trump, rng)
        return len(jobs)

    step()  # warm up
    return measure(step, seconds)


def bench_play_api(rng: random.Random, seconds: float) -> dict[str, float]:
    from bazas.engine.calls import STRAINS
    from bazas.engine.play import Play
    from bazas.engine.seats import SEATS

    jobs = [(d, STRAINS[i % 5], SEATS[(i // 5) % 4]) for i, d in enumerate(_deals(rng, 40))]
    rand = rng.random

    def step() -> int:
        for deal, strain, declarer in jobs:
            p = Play(deal, strain, declarer)
            while not p.is_complete:
                legal = p.legal_cards()
                p = p.apply(legal[int(rand() * len(legal))])
        return len(jobs)

    step()
    return measure(step, seconds)


def bench_legal_calls(rng: random.Random, seconds: float) -> dict[str, float]:
    from bazas.engine.auction import Auction
    from bazas.engine.calls import PASS
    from bazas.engine.seats import SEATS

    rand = rng.random

    def step() -> int:
        listed = 0
        for k in range(50):
            a = Auction(SEATS[k & 3])
            while not a.is_complete:
                legal = a.legal_calls()
                listed += len(legal)
                # half passes, half any legal call: auctions of a realistic length
                a = a.apply(PASS if rand() < 0.5 else legal[int(rand() * len(legal))])
        return listed

    step()
    return measure(step, seconds)


def bench_scoring(rng: random.Random, seconds: float) -> dict[str, dict[str, float]] | None:
    try:
        from bazas.engine import rulesets
    except ImportError:  # pragma: no cover - the registry ships with the engine
        return None
    get = getattr(rulesets, "get", None)
    ids = getattr(rulesets, "ids", None)
    result_type = getattr(rulesets, "DealResult", None)
    if get is None or ids is None or result_type is None:
        return None
    from bazas.engine.calls import ALL_BIDS, Contract, Doubling
    from bazas.engine.errors import ScoringError
    from bazas.engine.seats import SEATS, Seat

    results = []
    for d in _deals(rng, 200):
        bid = rng.choice(ALL_BIDS)
        doubling = rng.choice((Doubling.UNDOUBLED, Doubling.UNDOUBLED, Doubling.DOUBLED, Doubling.REDOUBLED))
        tricks = max(0, min(13, bid.level + 6 + rng.randint(-3, 2)))
        results.append(result_type(Contract(bid.level, bid.strain, doubling), rng.choice(SEATS), tricks, d))
    out: dict[str, dict[str, float]] = {}
    for rid in ids():
        ruleset = get(rid)

        def step(ruleset: Any = ruleset) -> int:
            # A game may refuse some random results (e.g. a bid its rules reserve to the dealer):
            # those are skipped and only the deals scored count.
            standing = ruleset.start(Seat.N)
            scored = 0
            for r in results:
                try:
                    standing = ruleset.score(standing, r).after
                except ScoringError:
                    continue
                scored += 1
                if ruleset.is_finished(standing):
                    standing = ruleset.start(Seat.N)
            return scored

        step()
        out[str(rid)] = measure(step, seconds)
    return out


# -- the report ---------------------------------------------------------------------------------
def run_bench(seconds: float, seed: int, pin: bool = True) -> dict[str, Any]:
    """Run every measurement; return the JSON-ready report."""
    cpu = _pin_to_one_cpu() if pin else None
    rng = random.Random(seed)
    rows: list[dict[str, Any]] = []

    def row(key: str, name: str, unit: str, m: dict[str, float], target: float | None = None,
            note: str = "") -> None:
        rows.append({"key": key, "name": name, "unit": unit, "target": target, "note": note, **m})

    row("playout_kernel", "playout kernel", "deals/s", bench_kernel(rng, seconds), KERNEL_TARGET,
        "random legal play of whole deals by engine.playout.random_playout (int bit sets)")
    row("play_api", "Play API (immutable)", "deals/s", bench_play_api(rng, seconds), None,
        "the same random play through Play.legal_cards() + Play.apply(card), a new Play per card")
    row("legal_calls", "legal calls", "calls/s", bench_legal_calls(rng, seconds), None,
        "calls listed by Auction.legal_calls() over random auctions (apply included)")
    scoring = bench_scoring(rng, seconds)
    skipped: list[str] = []
    if scoring is None:
        skipped.append("scoring: bazas.engine.rulesets has no registry (get/ids/DealResult)")
    else:
        for rid, m in scoring.items():
            row(f"scoring_{rid}", f"score {rid}", "deals/s", m, None,
                "Ruleset.score of random results (with the deal, for honours), folded over sessions")
    return {
        "machine": machine_info(),
        "pinned_cpu": cpu,
        "seconds_per_measurement": seconds,
        "seed": seed,
        "rows": rows,
        "skipped": skipped,
    }


def _fmt(x: float) -> str:
    return f"{x:,.0f}" if x == x else "n/a"


def print_report(report: dict[str, Any]) -> None:
    from rich.console import Console
    from rich.table import Table

    console = Console()
    if not console.is_terminal:
        console = Console(width=110)  # a log or a pipe: do not squeeze the table into 80 columns
    m = report["machine"]
    pinned = report["pinned_cpu"]
    console.print(f"[bold]bazas bench engine[/bold]: {m['python']} on {m['platform']}")
    console.print(f"CPU: {m['cpu']} ({m['cpus']} logical); "
                  + (f"pinned to CPU {pinned}" if pinned is not None else "not pinned")
                  + f"; {report['seconds_per_measurement']:g} s per row")
    table = Table(show_lines=False)
    table.add_column("measurement", no_wrap=True)
    table.add_column("per CPU-s", justify="right", no_wrap=True)
    table.add_column("per wall-s", justify="right", no_wrap=True)
    table.add_column("unit", no_wrap=True)
    table.add_column("target", justify="right", no_wrap=True)
    table.add_column("count", justify="right", no_wrap=True)
    for r in report["rows"]:
        target = ""
        if r["target"] is not None:
            ok = r["per_cpu_s"] >= r["target"]
            target = f"≥ {r['target']:,.0f} " + ("[green]✓[/green]" if ok else "[red]✗[/red]")
        table.add_row(r["name"], _fmt(r["per_cpu_s"]), _fmt(r["per_wall_s"]), r["unit"], target, _fmt(r["units"]))
    console.print(table)
    notes: dict[str, str] = {}
    for r in report["rows"]:
        notes.setdefault(r["note"], r["name"].split(" ")[0] if r["key"].startswith("scoring_") else r["name"])
    for note, name in notes.items():
        console.print(f"  [dim]{name}: {note}[/dim]")
    for s in report["skipped"]:
        console.print(f"[yellow]skipped[/yellow] {s}")


def run(args: argparse.Namespace) -> int:
    seconds = float(args.seconds)
    if not seconds > 0:
        print("bazas bench engine: --seconds must be positive", file=sys.stderr)
        return 2
    report = run_bench(seconds, int(args.seed), pin=not args.no_pin)
    if args.json_file == "-":
        sys.stdout.write(json.dumps(report, indent=2) + "\n")
        return 0
    print_report(report)
    if args.json_file:
        with open(args.json_file, "w", encoding="utf-8") as fh:
            json.dump(report, fh, indent=2)
            fh.write("\n")
    return 0
