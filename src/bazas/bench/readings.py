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

The same decisions also check the dealing itself (calibration): for each hidden hand (partner and
declarer for a defender; the opening leader and its partner for declarer) and each of its HCP and
four suit lengths, where the real hand falls among the dealt ones, before the readings and after:
the weighted share of dealt layouts below the real value, plus half of those equal to it. When the
layouts dealt are a fair draw of what the player may know, that share is 0.5 on average; below 0.5,
the real hands hold less than the player deals them, above, more. Its interval is taken over deals
(the decisions of a deal are not independent). And where the honours lie: for every ace, king,
queen and jack the player has not seen, the share of the layouts in which the first hidden hand
(partner; the opening leader) holds it is a forecast; grouped by forecast, the real frequency
should match it (a reliability table, and the Brier score as dealt and after the readings).

No solving: a few seconds a deal. Deals of the records only (the tuning deals say so in the report).
"""

from __future__ import annotations

import argparse
import math
import os
import random
import statistics
from collections.abc import Sequence
from pathlib import Path
from typing import Any

__all__ = ["FEATURES", "READINGS", "add_arguments", "calibration_summary", "honour_summary", "log_ratio",
           "rank_share", "readings_task", "run", "run_readings", "summarise"]

#: The readings measured one by one, in the order of ``CardPlayer._reading_weights`` (all of them
#: together: each configuration's row).
READINGS = ("opening lead", "top of a sequence", "restricted choice", "declarer's habits", "signals")


#: What the calibration check compares of a hidden hand (its original thirteen cards).
FEATURES = ("HCP", "spades", "hearts", "diamonds", "clubs")


def _features(hand: int) -> tuple[int, ...]:
    """A hand's (bit set) HCP and its spade, heart, diamond and club lengths, in ``FEATURES`` order.

    >>> from bazas.engine.cards import Hand
    >>> _features(Hand.from_pbn("AKQ.J.T98765.432").mask)
    (10, 3, 1, 6, 3)
    """
    from bazas.engine.cards import Hand, Suit

    h = Hand(hand)
    return (h.hcp(), h.length(Suit.S), h.length(Suit.H), h.length(Suit.D), h.length(Suit.C))


def rank_share(real: float, dealt: Sequence[float], weights: Sequence[float]) -> float | None:
    """Where ``real`` falls among the ``dealt`` values: the weighted share below it plus half the
    share equal to it (0.5 on average when the real value is a draw from the dealt ones' law);
    None when the weights are all zero.

    >>> rank_share(10, [8, 10, 12, 14], [1.0, 1.0, 1.0, 1.0])
    0.375
    >>> rank_share(10, [8, 10, 12, 14], [0.0, 0.0, 1.0, 3.0])
    0.0
    """
    total = sum(weights)
    if total <= 0.0:
        return None
    below = sum(w for v, w in zip(dealt, weights, strict=True) if v < real)
    equal = sum(w for v, w in zip(dealt, weights, strict=True) if v == real)
    return (below + 0.5 * equal) / total


def _share(holds: Sequence[bool], weights: Sequence[float]) -> float:
    """The weighted share of the layouts in which ``holds`` is true (the weights not all zero)."""
    return sum(w for h, w in zip(holds, weights, strict=True) if h) / sum(weights)


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
        # Each configuration's weights of the dealt layouts: the sampler's times its readings'.
        dealt_w = list(dealt.weights)
        read_by: dict[str, list[float]] = {}
        for name, player in players.items():
            weights = player._reading_weights(view, knowledge, context, lays, list(one), contract)
            entry["configs"][name] = log_ratio(weights)
            read_by[name] = [d * r for d, r in zip(dealt_w, weights[1:], strict=True)]
        read_w = read_by[next(iter(players))]
        # The dealing's calibration: where each hidden hand's real HCP and lengths fall among the
        # dealt layouts', as dealt (the sampler's weights) and once the defaults' readings weigh them.
        entry["calibration"] = {}
        for seat in knowledge.hidden:
            if defending:
                hand_name = "partner" if seat == view.seat.partner else "declarer"
            else:
                hand_name = "leader" if seat == view.declarer.lho else "leader's partner"
            played = knowledge.played[seat]
            real_f = _features(real[seat] | played)
            dealt_f = [_features(lay[seat] | played) for lay in dealt.layouts]
            for k, feature in enumerate(FEATURES):
                values = [f[k] for f in dealt_f]
                entry["calibration"][f"{hand_name} {feature}"] = [rank_share(real_f[k], values, dealt_w),
                                                                  rank_share(real_f[k], values, read_w)]
        # Where the unseen honours lie: the forecasts that the first hidden hand (partner; the
        # opening leader) holds each, as dealt and after the readings, and whether it does.
        first = view.seat.partner if defending else view.declarer.lho
        # The same forecasts after each configuration's readings (the first's are the honours' own).
        entry["honours"] = []
        entry["honour_forecasts"] = {}
        if first in knowledge.hidden and sum(dealt_w) > 0.0 and all(sum(w) > 0.0 for w in read_by.values()):
            entry["honour_forecasts"] = {name: [] for name in read_by}
            for idx in range(52):
                if idx % 13 >= 9 and knowledge.pool >> idx & 1:
                    holds = [bool(lay[first] >> idx & 1) for lay in dealt.layouts]
                    for name, weights in read_by.items():
                        entry["honour_forecasts"][name].append(_share(holds, weights))
                    entry["honours"].append([_share(holds, dealt_w), _share(holds, read_w), real[first] >> idx & 1])
        out.append(entry)
    return out


def _stats(values: list[float]) -> dict[str, Any]:
    from bazas.bench.leads import mean_half95

    n = len(values)
    mean, half = mean_half95(values)
    return {"decisions": n, "mean": round(mean, 4), "ci95": [round(mean - half, 4), round(mean + half, 4)],
            "misled": round(sum(1 for v in values if v < -1.0) / n, 4) if n else 0.0,
            "worst": round(min(values), 3) if values else None}


def _groups(entries: list[dict[str, Any]], key: str | None = None) -> list[tuple[str, list[dict[str, Any]]]]:
    """The decisions by role and kind of contract ("defence, suit"...), in that order; with ``key``,
    only those in which it is not empty."""
    groups: dict[str, list[dict[str, Any]]] = {}
    for e in entries:
        if key is None or e.get(key):
            groups.setdefault(f"{e['role']}, {'notrump' if e['notrump'] else 'suit'}", []).append(e)
    return sorted(groups.items())


def summarise(entries: list[dict[str, Any]], configs: list[str]) -> dict[str, Any]:
    """Per role and kind of contract: each reading's figures, and all readings per configuration
    (with the paired difference from the first)."""
    out: dict[str, Any] = {}
    for group, items in _groups(entries):
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


def calibration_summary(entries: list[dict[str, Any]]) -> dict[str, Any]:
    """Per role and kind of contract, per hidden hand and feature: the mean rank share of the real
    value among the dealt ones (0.5 when the dealing is fair), before and after the readings,
    each with a 95% interval over deals (a deal's decisions averaged first: they are not
    independent), and the shares of decisions in which the real value fell in the lowest and the
    highest tenth (after the readings; under a tenth each, ties taken half)."""
    out: dict[str, Any] = {}
    for group, items in _groups(entries, "calibration"):
        rows: dict[str, Any] = {}
        for key in dict.fromkeys(k for e in items for k in e["calibration"]):
            row: dict[str, Any] = {}
            for j, when in enumerate(("dealt", "read")):
                per_deal: dict[int, list[float]] = {}
                for e in items:
                    v = e["calibration"].get(key, [None, None])[j]
                    if v is not None:
                        per_deal.setdefault(int(e["index"]), []).append(v)
                means = [statistics.fmean(v) for v in per_deal.values()]
                st = _stats(means)
                row[when] = {"deals": st["decisions"], "mean": st["mean"], "ci95": st["ci95"]}
            after = [v for e in items if (v := e["calibration"].get(key, [None, None])[1]) is not None]
            row["decisions"] = len(after)
            row["low_tenth"] = round(sum(v < 0.1 for v in after) / len(after), 4) if after else 0.0
            row["high_tenth"] = round(sum(v > 0.9 for v in after) / len(after), 4) if after else 0.0
            rows[key] = row
        out[group] = rows
    return out


def honour_summary(entries: list[dict[str, Any]], bins: int = 5) -> dict[str, Any]:
    """Per role and kind of contract: the forecasts that a hidden hand holds an unseen honour
    (after the readings) grouped in ``bins`` equal ranges, each with its number, mean forecast and
    the real frequency; and the Brier score (mean squared error of the forecasts: lower is better)
    as dealt and after the readings, and after each configuration's readings (``configs``), with
    the paired difference from the first per deal (95% interval over deals).

    >>> e = {"role": "defence", "notrump": True, "honours": [[0.5, 0.9, 1], [0.5, 0.9, 0], [0.5, 0.1, 0]]}
    >>> h = honour_summary([e], bins=2)["defence, notrump"]
    >>> h["bins"][1]["forecasts"], h["bins"][1]["forecast"], h["bins"][1]["real"]
    (2, 0.9, 0.5)
    >>> h["brier_dealt"], h["brier_read"]
    (0.25, 0.2767)
    """
    out: dict[str, Any] = {}
    for group, decisions in _groups(entries, "honours"):
        items = [h for e in decisions for h in e["honours"]]
        table = []
        for b in range(bins):
            low, high = b / bins, (b + 1) / bins
            inside = [(p, y) for _, p, y in items if low <= p < high or (b == bins - 1 and p == 1.0)]
            table.append({"range": [round(low, 3), round(high, 3)], "forecasts": len(inside),
                          "forecast": round(statistics.fmean(p for p, _ in inside), 4) if inside else None,
                          "real": round(statistics.fmean(y for _, y in inside), 4) if inside else None})
        out[group] = {"forecasts": len(items), "bins": table,
                      "brier_dealt": round(statistics.fmean((d - y) ** 2 for d, _, y in items), 4),
                      "brier_read": round(statistics.fmean((p - y) ** 2 for _, p, y in items), 4),
                      "configs": _config_briers(decisions)}
    return out


def _config_briers(entries: list[dict[str, Any]]) -> dict[str, Any]:
    """Each configuration's Brier score over the honour forecasts of ``entries`` and, but for the
    first, its paired difference from the first's per deal (negative: better forecasts)."""
    names = list(dict.fromkeys(n for e in entries for n in e.get("honour_forecasts", {})))
    out: dict[str, Any] = {}
    for name in names:
        errors = [(p - y) ** 2 for e in entries
                  for p, (_, _, y) in zip(e["honour_forecasts"].get(name, []), e["honours"], strict=False)]
        row: dict[str, Any] = {"brier": round(statistics.fmean(errors), 4) if errors else None}
        if name != names[0]:
            per_deal: dict[int, list[float]] = {}
            for e in entries:
                mine, first = e["honour_forecasts"].get(name), e["honour_forecasts"].get(names[0])
                if mine is None or first is None:
                    continue
                for p, q, (_, _, y) in zip(mine, first, e["honours"], strict=True):
                    per_deal.setdefault(int(e["index"]), []).append((p - y) ** 2 - (q - y) ** 2)
            row["against_first"] = _stats([statistics.fmean(v) for v in per_deal.values()])
        out[name] = row
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
            "calibration": calibration_summary(entries),
            "honours": honour_summary(entries),
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
    for group, rows in report.get("calibration", {}).items():
        table = Table(title=f"{group}: where the real hands fall among the dealt ones, seed {s['seed']}",
                      caption="the weighted share of the dealt layouts below the real value, plus half of those "
                              "equal (0.5 on average when the dealing is fair; under 0.5: the real hands hold "
                              "less than dealt), as dealt and after the readings, 95% interval over deals; "
                              "tenths: decisions in which the real value fell in the dealt ones' lowest / highest "
                              "tenth after the readings (a tenth each at most)")
        for col in ("hand", "decisions", "as dealt (95%)", "after the readings (95%)", "lowest / highest tenth"):
            table.add_column(col, justify="left" if col == "hand" else "right")
        for key, row in rows.items():
            dealt, read = row["dealt"], row["read"]
            table.add_row(key, str(row["decisions"]),
                          f"{dealt['mean']:.3f} ({dealt['ci95'][0]:.3f}-{dealt['ci95'][1]:.3f})",
                          f"{read['mean']:.3f} ({read['ci95'][0]:.3f}-{read['ci95'][1]:.3f})",
                          f"{100 * row['low_tenth']:.1f}% / {100 * row['high_tenth']:.1f}%")
        console.print(table)
    for group, found in report.get("honours", {}).items():
        table = Table(title=f"{group}: where the unseen honours lie, forecast and real, seed {s['seed']}",
                      caption=f"the share of the layouts (after the readings) in which partner, or for declarer the "
                              f"opening leader, holds an ace, king, queen or jack not yet seen, and how often it "
                              f"did; Brier score {found['brier_dealt']:.4f} as dealt, {found['brier_read']:.4f} "
                              f"after the readings (lower is better)")
        for col in ("forecast range", "forecasts", "mean forecast", "real frequency"):
            table.add_column(col, justify="right")
        for b in found["bins"]:
            table.add_row(f"{b['range'][0]:.1f}-{b['range'][1]:.1f}", str(b["forecasts"]),
                          "" if b["forecast"] is None else f"{b['forecast']:.3f}",
                          "" if b["real"] is None else f"{b['real']:.3f}")
        console.print(table)
        configs = found.get("configs", {})
        if len(configs) > 1:
            versus = Table(title=f"{group}: the honours' Brier score per configuration",
                           caption="paired difference from the first per deal, 95% interval over deals "
                                   "(negative: better forecasts)")
            for col in ("configuration", "Brier", "v first (95%)"):
                versus.add_column(col, justify="left" if col == "configuration" else "right")
            for name, row in configs.items():
                st = row.get("against_first")
                versus.add_row(name, "" if row["brier"] is None else f"{row['brier']:.4f}",
                               "" if st is None else
                               f"{st['mean']:+.4f} ({st['ci95'][0]:+.4f} to {st['ci95'][1]:+.4f})")
            console.print(versus)


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
