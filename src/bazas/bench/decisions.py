"""``bazas bench decisions RECORDS.jsonl``: the card-play decisions of a ``bench bots`` run, one kind
at a time, replayed under several configurations of the card player (issue 9's tuning tool for the
play after the opening lead).

A full ``bazas bench bots`` run plays every card of every deal, so a change that touches one kind of
decision (the defenders' switches, declarer's third-hand guesses) is measured among fifty others
and its deals' later play. This bench takes the positions a run reached (a ``--records`` file: its
deals, auctions and play) and, for each decision of the kind asked (``--role``, ``--place``: lead,
2nd, 3rd or 4th hand; the opening lead is ``bazas bench leads``' business), asks the card player
again under each configuration (``--config NAME=JSON``, CardPlayer options; the defaults always
first), each with the same random stream, and costs the card on the real layout double dummy. So
configurations are compared decision by decision on the same positions:

- decisions where the legal cards' double-dummy values differ on the real layout (the others cannot
  be got wrong and are skipped before asking anyone: their number is reported);
- per configuration, the share of those decisions in which the card lost a trick (suit contracts
  and notrump, 95% Wilson intervals), tricks lost per decision, and against the first
  configuration the decisions made better and worse and the mean difference (paired, 95%);
- "as played": the run's own card at each position, from the record, for reference.

Each configuration has one player for a deal, asked only the decisions replayed: the budget the
run's player carried over from the deal's cheaper cards (``CardPlayer._plan``'s bank) and the
auction replays it spent on them differ, so a replayed decision may get a little more or less work
than it got in the run. The decisions were reached by the run's own play, so
they are the positions the defaults meet. Deals 0-199 of seed 1 are the tuning deals; the report
says whether the records are of them.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import statistics
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from bazas.engine.state import DealState

__all__ = ["MARGIN_BINS", "PLACES", "add_arguments", "calibration", "calibration_by_kind", "decision_task", "error_margin", "margin_counts", "play_states",
           "over_deals", "records_and_configs", "run", "run_bench", "run_decisions", "summarise"]

#: Where in a trick a card is played: the lead, second, third or fourth hand.
PLACES = ("lead", "2nd", "3rd", "4th")
PLAYED = "as played"


def play_states(rec: dict[str, Any]) -> Iterator[tuple[int, DealState]]:
    """(card index, the state before that card) for every card of a ``bench bots`` deal record.
    Raises ValueError naming the deal when the record lacks what is needed to rebuild it.

    >>> rec = {"index": 0, "deal": "N:AK.. QJ.. T9.. 87..", "dealer": "N", "calls": [], "cards": [["x", 0]]}
    >>> next(play_states(rec))
    Traceback (most recent call last):
    ...
    ValueError: deal 0: the record has no 'play' (made by an older bench); run `bazas bench bots` again
    """
    from bazas.engine.calls import parse_call
    from bazas.engine.cards import Card
    from bazas.engine.deal import Deal
    from bazas.engine.seats import Seat

    if "play" not in rec:
        raise ValueError(f"deal {rec.get('index')}: the record has no 'play' (made by an older bench); "
                         "run `bazas bench bots` again")
    state = DealState.start(Deal.from_pbn(rec["deal"]), Seat.parse(rec["dealer"]))
    for call in rec["calls"]:
        state = state.apply(parse_call(call)).after
    for i, card in enumerate(rec["play"]):
        yield i, state
        state = state.apply(Card.parse(card)).after


def number_set(text: str, option: str) -> set[int]:
    """A command line's numbers, "1-11" or "4,8" -> {1, ..., 11} or {4, 8}; a clear error naming
    ``option`` otherwise.

    >>> sorted(number_set("2-4,9", "--tricks"))
    [2, 3, 4, 9]
    >>> number_set("two", "--tricks")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: --tricks 'two': expected numbers, e.g. 1-11 or 4,8
    """
    out: set[int] = set()
    for part in text.split(","):
        part = part.strip()
        if not part:
            continue
        low, sep, high = part.partition("-")
        try:
            out.update(range(int(low), int(high) + 1) if sep else [int(low)])
        except ValueError:
            raise argparse.ArgumentTypeError(f"{option} {text!r}: expected numbers, e.g. 1-11 or 4,8") from None
    return out


def wanted(rec: dict[str, Any], i: int, role: str, place: str, tricks: set[int] | None = None) -> bool:
    """Is card ``i`` of the record a decision of the kind asked (never the opening lead), in one of
    ``tricks`` (numbered from 1; None: any)?

    >>> rec = {"cards": [["defence", 0], ["declarer", 0], ["defence", 0], ["declarer", 0], ["defence", 1]]}
    >>> [i for i in range(5) if wanted(rec, i, "defence", "lead")]
    [4]
    >>> [i for i in range(5) if wanted(rec, i, "all", "3rd")]
    [2]
    >>> [i for i in range(5) if wanted(rec, i, "all", "all", {1})]
    [1, 2, 3]
    """
    if i == 0:
        return False
    if tricks is not None and i // 4 + 1 not in tricks:
        return False
    if role != "all" and rec["cards"][i][0] != role:
        return False
    return place == "all" or PLACES[i % 4] == place


def decision_task(rec: dict[str, Any], role: str, place: str, budget_s: float,
                  configs: dict[str, dict[str, Any]], tricks: set[int] | None = None) -> list[dict[str, Any]]:
    """The decisions of the kind asked in one deal record, each replayed under every configuration."""
    from bazas.bench.bots import _context
    from bazas.bench.oracle import apply_oracle, split_oracle
    from bazas.bots import dds
    from bazas.bots.base import Budget
    from bazas.bots.player import bot_for
    from bazas.engine.cards import ALL_CARDS, Card
    from bazas.engine.deal import Board, Deal
    from bazas.engine.views import view_of

    if not rec.get("cards") or not rec.get("contract"):
        return []
    context = _context(Board(int(rec["index"]) + 1))
    # One player per configuration for the whole deal, as in the run: what it learns of the deal
    # once (the auction replayed, the lead read) it keeps from one decision to the next.
    bots = {}
    oracles = {}
    for name, options in configs.items():
        bots[name] = bot_for("duplicate", "normal")
        player_options, oracles[name] = split_oracle(options)
        for key, value in player_options.items():
            setattr(bots[name].card_player, key, value)
    deal = Deal.from_pbn(rec["deal"])
    out: list[dict[str, Any]] = []
    for i, state in play_states(rec):
        if not wanted(rec, i, role, place, tricks):
            continue
        assert state.play is not None and state.actor is not None
        real = dds.solve_many([dds.Position.from_play(state.play)])[0]
        best = max(real.values())
        entry: dict[str, Any] = {"index": rec["index"], "card": i, "notrump": bool(rec.get("notrump")),
                                 "role": rec["cards"][i][0], "place": PLACES[i % 4]}
        if len(set(real.values())) == 1:
            entry["matters"] = False
            out.append(entry)
            continue
        view = view_of(state, state.actor)
        stream = random.Random(f"bench-decisions-{rec.get('seed', 1)}-{rec['index']}-{i}").getrandbits(64)
        score = real_score(state, rec, real)
        played = Card.parse(rec["play"][i]).index
        choices: dict[str, Any] = {PLAYED: {"card": rec["play"][i], "cost": best - real[played], "score": score(played)}}
        for name, bot in bots.items():
            told = oracles[name]
            if told is not None:
                assert view.seat is not None and view.declarer is not None
                apply_oracle(bot.card_player, deal, told, view.seat, view.declarer)
            c0 = time.process_time()
            card = bot.choose(view, context, random.Random(stream), Budget(budget_s)).action
            cpu = time.process_time() - c0
            if not isinstance(card, Card):
                raise TypeError(f"deal {rec['index']}, card {i}: the card player answered {card!r}")
            info: dict[str, Any] = getattr(bot.card_player, "last_info", {})
            choices[name] = {"card": str(card), "cost": best - real[card.index], "score": score(card.index),
                             "cpu": round(cpu, 4), "solved": info.get("solved")}
            if "tricks" in info and info.get("reason") == "sampled":
                # The player's own estimate (one card per class of equals): to tell its near-ties
                # from its confident errors.
                choices[name].update(tricks=info["tricks"], best_share=info.get("best_share"),
                                      differ_share=info.get("differ_share"))
        entry.update(matters=True, dd={str(ALL_CARDS[k]): t for k, t in sorted(real.items())}, choices=choices)
        out.append(entry)
    return out


def real_score(state: DealState, rec: dict[str, Any], real: dict[int, int]) -> Any:
    """The score of a card for the side playing it: the deal's duplicate score on the real layout
    when the rest is played double dummy (``real``: each card's tricks for the side on play)."""
    from bazas.engine.calls import Contract
    from bazas.engine.deal import Board
    from bazas.engine.rulesets import get

    play = state.play
    assert play is not None and state.actor is not None
    declarer, turn = play.declarer, play.turn
    won, left = play.tricks_won(declarer.side), play.tricks_left
    contract = Contract.parse(rec["contract"])
    vulnerable = Board(int(rec["index"]) + 1).vulnerability.is_vulnerable(declarer.side)
    scoring = get("duplicate")
    sign = 1 if turn.side == declarer.side else -1

    def score(card: int) -> int:
        t = real[card]
        return sign * scoring.declarer_score(contract, won + (t if sign > 0 else left - t), vulnerable)

    return score


def imps_against(decisions: list[dict[str, Any]], first: str, name: str) -> dict[str, Any] | None:
    """IMPs the cards of ``name`` win against those of ``first`` on the real layouts, decision by
    decision (each card's score with the rest played double dummy): the decisions where the two
    cards score differently, the total and the mean per decision that matters with its 95%
    interval. None for reports without scores.

    >>> d = [{"matters": True, "choices": {"a": {"score": 420}, "b": {"score": -50}}},
    ...      {"matters": True, "choices": {"a": {"score": 100}, "b": {"score": 130}}}]
    >>> imps_against(d, "a", "b")["imps"], imps_against(d, "a", "b")["differ"]
    (-9, 2)
    """
    from bazas.bench.leads import mean_half95
    from bazas.engine.rulesets import imps

    live = [d for d in decisions if d.get("matters")]
    if not live or any("score" not in d["choices"][first] or "score" not in d["choices"][name] for d in live):
        return None
    diffs = []
    for d in live:
        diffs.append(imps(d["choices"][name]["score"] - d["choices"][first]["score"]))
    mean, half = mean_half95(diffs, single=float("inf"))
    return {"imps": sum(diffs), "differ": sum(1 for x in diffs if x), "decisions": len(diffs),
            "mean": round(mean, 4), "ci95": [round(mean - half, 4), round(mean + half, 4)]}


# -- the figures -------------------------------------------------------------------------------

#: Upper ends of the bins of :func:`error_margin` (tricks), the last bin open.
MARGIN_BINS = (0.02, 0.1, 0.3)


def error_margin(decision: dict[str, Any], name: str) -> float | None:
    """For a decision that lost a trick, how far (tricks, in the player's own estimate) the card
    chosen stood above the best-estimated card that was right on the real layout: near 0, a near
    tie the layouts could not settle; large, a confident error (the model of the hidden hands
    wrong). None without an estimate, or when no class of a right card was estimated. The card
    chosen may be a signal within a class's margin: the top estimate stands for it.

    >>> d = {"dd": {"S2": 3, "SA": 4, "H5": 4}, "choices": {"x": {"card": "S2", "cost": 1,
    ...      "tricks": {"S2": 5.25, "SA": 5.0, "H5": 5.2}, "best_share": {"S2": 0.8, "SA": 0.5, "H5": 0.7}}}}
    >>> error_margin(d, "x")
    0.05
    """
    choice = decision["choices"][name]
    tricks: dict[str, float] = choice.get("tricks") or {}
    if not tricks or choice["cost"] <= 0:
        return None
    best = max(decision["dd"].values())
    right = [float(t) for card, t in tricks.items() if decision["dd"].get(card) == best]
    if not right:
        return None
    chosen = float(tricks.get(choice["card"], max(tricks.values())))
    return round(chosen - max(right), 4)


def margin_counts(decisions: list[dict[str, Any]], name: str) -> dict[str, int]:
    """The errors of configuration ``name`` by :func:`error_margin`, in the bins of
    :data:`MARGIN_BINS` ("unknown": no estimate).

    >>> d = {"matters": True, "dd": {"S2": 3, "SA": 4}, "choices": {"x": {"card": "S2", "cost": 1,
    ...      "tricks": {"S2": 5.5, "SA": 5.0}, "best_share": {"S2": 0.8, "SA": 0.5}}}}
    >>> margin_counts([d], "x")
    {'<= 0.02': 0, '<= 0.1': 0, '<= 0.3': 0, '> 0.3': 1, 'unknown': 0}
    """
    out = {f"<= {b}": 0 for b in MARGIN_BINS} | {f"> {MARGIN_BINS[-1]}": 0, "unknown": 0}
    for d in decisions:
        if not d.get("matters") or d["choices"][name]["cost"] <= 0:
            continue
        margin = error_margin(d, name)
        if margin is None:
            out["unknown"] += 1
            continue
        out[next((f"<= {b}" for b in MARGIN_BINS if margin <= b), f"> {MARGIN_BINS[-1]}")] += 1
    return out

def calibration(decisions: list[dict[str, Any]], name: str) -> dict[str, Any]:
    """How well configuration ``name`` knew its own risk: over the decisions that matter with an
    estimate, the errors its own estimate expected beside the errors it made on the real layouts.
    The estimate of one decision is one minus the share ``s`` of its layouts in which the card
    chosen was double-dummy best, divided by the share ``m`` of its layouts in which the cards do
    not all take the same tricks (``differ_share``), capped at one: only decisions that matter on
    the real layout are counted, and an error is one of them, so the player's own chance of an
    error given that the decision matters is (1 − s) / m. (Records without ``m`` count 1 − s, a
    lower bound.) A model of the hidden hands that is right (and enough layouts) makes the two
    agree within chance; more errors made than expected is an overconfident model: the real
    layouts are not distributed as the player thinks. The card chosen may be a signal within a
    class's margin: the class's top share stands for it. ``by_share`` splits the same by ``s``
    (below 0.9, from 0.9 to under 1, exactly 1): decisions, errors expected, errors made.

    >>> d = [{"matters": True, "choices": {"x": {"card": "S2", "cost": 1, "best_share": {"S2": 0.8, "SA": 0.5}}}},
    ...      {"matters": True, "choices": {"x": {"card": "H5", "cost": 0, "best_share": {"H5": 0.9}}}}]
    >>> c = calibration(d, "x")
    >>> c["decisions"], c["expected_errors"], c["errors"]
    (2, 0.3, 1)
    >>> c["by_share"]["< 0.9"], c["by_share"]["0.9-1"], c["by_share"]["1"]
    ([1, 0.2, 1], [1, 0.1, 0], [0, 0.0, 0])
    >>> d[0]["choices"]["x"]["differ_share"] = 0.4
    >>> calibration(d, "x")["expected_errors"]
    0.6
    """
    n = errors = 0
    expected = 0.0
    bins: dict[str, list[float]] = {"< 0.9": [0, 0.0, 0], "0.9-1": [0, 0.0, 0], "1": [0, 0.0, 0]}
    for d in decisions:
        if not d.get("matters"):
            continue
        choice = d["choices"][name]
        shares: dict[str, float] = choice.get("best_share") or {}
        if not shares:
            continue
        share = shares.get(choice["card"], max(shares.values()))
        risk = 1.0 - float(share)
        differ = choice.get("differ_share")
        if differ:
            risk = min(1.0, risk / float(differ))
        n += 1
        expected += risk
        errors += choice["cost"] > 0
        b = bins["1" if share >= 1.0 else "0.9-1" if share >= 0.9 else "< 0.9"]
        b[0] += 1
        b[1] += risk
        b[2] += choice["cost"] > 0
    return {"decisions": n, "expected_errors": round(expected, 2), "errors": errors,
            "by_share": {k: [int(v[0]), round(v[1], 2), int(v[2])] for k, v in bins.items()}}


def calibration_by_kind(decisions: list[dict[str, Any]], name: str) -> dict[str, dict[str, Any]]:
    """:func:`calibration` for each kind of decision present: declarer's and the defenders', in
    suit contracts and at notrump (keys such as ``"declarer suit"``, ``"defence notrump"``).

    >>> d = [{"matters": True, "role": "defence", "notrump": True,
    ...       "choices": {"x": {"card": "S2", "cost": 1, "best_share": {"S2": 0.8}}}}]
    >>> calibration_by_kind(d, "x")["defence notrump"]["errors"]
    1
    >>> list(calibration_by_kind(d, "x"))
    ['defence notrump']
    """
    out: dict[str, dict[str, Any]] = {}
    for role in ("declarer", "defence"):
        for strain, nt in (("suit", False), ("notrump", True)):
            part = [d for d in decisions if d.get("role") == role and d["notrump"] == nt]
            if part:
                out[f"{role} {strain}"] = calibration(part, name)
    return out


def summarise(decisions: list[dict[str, Any]], names: list[str]) -> dict[str, Any]:
    """Per configuration (and the run's own cards, "as played"): the share of decisions that lost a
    trick, suit and notrump, with intervals; tricks lost per decision; CPU and layouts solved; and
    each configuration after the first compared with the first, decision by decision.

    >>> d = [{"matters": True, "notrump": False, "choices": {"as played": {"cost": 1},
    ...       "defaults": {"cost": 1, "cpu": 0.5, "solved": 10}, "more": {"cost": 0, "cpu": 1.0, "solved": 20}}},
    ...      {"matters": False, "notrump": True}]
    >>> m = summarise(d, ["defaults", "more"])
    >>> m["defaults"]["suit_error_pct"], m["more"]["suit_error_pct"], m["more"]["against_defaults"]["better"]
    (100.0, 0.0, 1)
    >>> m["decisions"], m["decisions_that_matter"]
    (2, 1)
    """
    from bazas.bench.bots import wilson
    from bazas.bench.leads import _p90, compare

    live = [d for d in decisions if d.get("matters")]
    out: dict[str, Any] = {"decisions": len(decisions), "decisions_that_matter": len(live)}
    for name in [PLAYED, *names]:
        m: dict[str, Any] = {}
        for kind, nt in (("suit", False), ("nt", True)):
            costs = [d["choices"][name]["cost"] for d in live if d["notrump"] == nt]
            errors = sum(c > 0 for c in costs)
            m[f"{kind}_decisions"] = len(costs)
            m[f"{kind}_errors"] = errors
            m[f"{kind}_error_pct"] = round(100.0 * errors / len(costs), 2) if costs else None
            ci = wilson(errors, len(costs))
            m[f"{kind}_error_ci95"] = list(ci) if ci else None
            m[f"{kind}_tricks_lost"] = sum(costs)
        m["tricks_lost_per_decision"] = (round((m["suit_tricks_lost"] + m["nt_tricks_lost"]) / len(live), 4)
                                         if live else None)
        if name != PLAYED:
            cpu = [d["choices"][name]["cpu"] for d in live]
            solved = [d["choices"][name]["solved"] for d in live if d["choices"][name].get("solved") is not None]
            m["cpu_mean_s"] = round(statistics.fmean(cpu), 3) if cpu else None
            m["cpu_p90_s"] = _p90(cpu)
            m["solved_mean"] = round(statistics.fmean(solved), 1) if solved else None
            m["error_margins"] = margin_counts(live, name)
            m["calibration"] = calibration(live, name)
            m["calibration_by_kind"] = calibration_by_kind(live, name)
        if name not in (PLAYED, names[0]) and live:
            m["against_" + names[0]] = compare([d["choices"][names[0]]["cost"] for d in live],
                                               [d["choices"][name]["cost"] for d in live])
            m["imps_against_" + names[0]] = imps_against(live, names[0], name)
        out[name] = m
    return out


# -- the run -----------------------------------------------------------------------------------

def over_deals(records: list[dict[str, Any]], task: Any, task_args: tuple[Any, ...], *, workers: int,
               description: str, console: Any = None) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """``task(record, *task_args)`` (a list of entries with "index" and "card") for every deal of
    ``records`` (one ``bench bots`` run) in ``workers`` processes, with a progress bar: the entries
    in deal and card order, and what the report says of the run (seed, deals, first deal, tuning
    note, seconds, the run's own settings)."""
    from concurrent.futures import as_completed

    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    from bazas.bench.bots import process_pool, tuning_note
    from bazas.bench.summary import one_run

    deals, about = one_run(records)
    seed = about["seed"] if about["seed"] is not None else 1
    t0 = time.perf_counter()
    entries: list[dict[str, Any]] = []
    with process_pool(workers) as pool, \
            Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                     console=console, transient=False) as progress:
        bar = progress.add_task(description, total=len(deals))
        futures = [pool.submit(task, {**rec, "seed": seed}, *task_args) for rec in deals]
        for fut in as_completed(futures):
            entries.extend(fut.result())
            progress.advance(bar)
    entries.sort(key=lambda d: (d["index"], d["card"]))
    low, high = deals[0]["index"], deals[-1]["index"] + 1
    return entries, {"seed": seed, "deals": len(deals), "first": low, "tuning": tuning_note(seed, high - low, low),
                     "seconds": round(time.perf_counter() - t0, 1), "run": about}


def run_decisions(records: list[dict[str, Any]], *, role: str, place: str, workers: int, budget: float,
                  configs: dict[str, dict[str, Any]], console: Any = None,
                  tricks: set[int] | None = None, strain: str = "all") -> dict[str, Any]:
    """Replay the decisions of the kind asked in ``records`` (one ``bench bots`` run) under each
    configuration, in ``workers`` processes; the report (a JSON-ready dict)."""
    decisions, run = over_deals(records, decision_task, (role, place, budget, configs, tricks), workers=workers,
                                description=f"deals ({role}, {place}; {len(configs)} configurations)", console=console)
    return {
        "version": 1,
        "settings": {"seed": run["seed"], "deals": run["deals"], "first": run["first"], "role": role, "place": place, "strain": strain,
                     "tricks": None if tricks is None else sorted(tricks), "workers": workers, "budget": budget, "run_budget": run["run"]["budget"],
                     "run_player_options": run["run"]["player_options"], "configs": configs,
                     "held_out": run["tuning"]["held_out"], "tuning": run["tuning"]},
        "seconds": run["seconds"],
        "metrics": summarise(decisions, list(configs)),
        "decisions": decisions,
    }


def imps_cell(against: dict[str, Any] | None) -> str:
    """The IMPs of :func:`imps_against`: the total over the decisions that scored differently."""
    if not against:
        return ""
    return f"{against['imps']:+d} ({against['differ']} differ)"


def print_report(report: dict[str, Any], console: Any) -> None:
    from rich.table import Table

    from bazas.bench.leads import against_cells, share_cell

    s, m = report["settings"], report["metrics"]
    where = "held out" if s["held_out"] else f"{s['tuning']['tuning_deals_in_run']} of them tuning deals"
    table = Table(caption=f"{m['decisions_that_matter']} of {m['decisions']} decisions matter (the legal cards' "
                          "double-dummy values differ on the real layout); errors: decisions that lost a trick "
                          "(95% interval); v first: decisions better / worse, mean difference in tricks lost; "
                          "IMPs v first: what the cards score against the first configuration's on the real "
                          "layouts (the rest played double dummy), over the decisions that score differently; "
                          "margins: the errors by how far the card chosen stood above a right card in the "
                          "player's own estimate (tricks; ≤ 0.02, 0.1, 0.3, more); expected / made: the "
                          "errors the player's own estimate expected (one minus the share of its layouts in "
                          "which its card was double-dummy best, over the share in which the cards differ) "
                          "and those it made, on the decisions it estimated",
                  title=f"{s['role']} decisions, {s['place']}, deals {s['first']}-{s['first'] + s['deals'] - 1} "
                        f"of seed {s['seed']} ({where}), {s['budget']} s per card")
    for col in ("config", "suit errors", "NT errors", "lost/decision", "v first +/-", "diff (95%)",
                "IMPs v first", "CPU mean/p90", "layouts solved", "margins", "expected / made"):
        table.add_column(col, justify="left" if col == "config" else "right")

    def share(x: dict[str, Any], kind: str) -> str:
        return share_cell(x[f"{kind}_error_pct"], x[f"{kind}_error_ci95"], x[f"{kind}_decisions"])

    names = list(s["configs"])
    for name in [PLAYED, *names]:
        x = m[name]
        table.add_row(name, share(x, "suit"), share(x, "nt"),
                      "–" if x["tricks_lost_per_decision"] is None else f"{x['tricks_lost_per_decision']:.3f}",
                      *against_cells(x.get("against_" + names[0])),
                      imps_cell(x.get("imps_against_" + names[0])),
                      "" if x.get("cpu_mean_s") is None else f"{x['cpu_mean_s']:.2f} / {x['cpu_p90_s']:.2f} s",
                      "" if x.get("solved_mean") is None else f"{x['solved_mean']:.1f}",
                      "" if "error_margins" not in x else " / ".join(
                          str(v) for k, v in x["error_margins"].items() if k != "unknown"),
                      "" if not x.get("calibration", {}).get("decisions") else
                      f"{x['calibration']['expected_errors']:.1f} / {x['calibration']['errors']}")
    console.print(table)
    kinds = m[names[0]].get("calibration_by_kind") if names else None
    if kinds:
        risk = Table(title=f"How well {names[0]} knew its risk: errors expected / made, by the share s of its "
                           "layouts in which its card was double-dummy best",
                     caption="expected: the sum over the decisions that matter of (1 - s) over the share of "
                             "layouts in which the cards differ, capped at 1")
        for col in ("kind", "decisions", "all", "s < 0.9", "0.9 ≤ s < 1", "s = 1"):
            risk.add_column(col, justify="left" if col == "kind" else "right")
        for kind, c in kinds.items():
            bins = [f"{b[1]:.1f} / {b[2]} (of {b[0]})" for b in c["by_share"].values()]
            risk.add_row(kind, str(c["decisions"]), f"{c['expected_errors']:.1f} / {c['errors']}", *bins)
        console.print(risk)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("records", type=Path, help="a `bazas bench bots --records` file (one run)")
    parser.add_argument("--role", choices=("declarer", "defence", "all"), default="defence")
    parser.add_argument("--place", choices=(*PLACES, "all"), default="lead",
                        help="where in the trick (default lead; the opening lead is never replayed here)")
    parser.add_argument("--tricks", type=lambda text: number_set(text, "--tricks"), default=None,
                        help="the tricks replayed, numbered from 1: e.g. 2-5 or 2,3 (default: all)")
    parser.add_argument("--first", type=int, default=None, help="the first deal index replayed (default: all)")
    parser.add_argument("--deals", type=int, default=None, help="deals replayed from --first (default: all)")
    parser.add_argument("--strain", choices=("suit", "nt", "all"), default="all",
                        help="the deals replayed by their contract: suit contracts, notrump or all (default)")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1, help="worker processes")
    parser.add_argument("--budget", type=float, default=0.5, help="seconds per card (default 0.5, as `bench bots`)")
    parser.add_argument("--config", action="append", default=[], metavar="NAME=JSON",
                        help='a configuration to compare with the defaults, e.g. \'x2={"cost_scale": 0.5}\' '
                             "(repeatable)")
    parser.add_argument("--json", dest="json_file", type=Path, default=None, help="write the JSON report here")


def records_and_configs(args: argparse.Namespace, console: Any) -> tuple[list[dict[str, Any]], dict[str, Any]] | None:
    """The deal records of ``args.records`` in the range ``--first``/``--deals`` and the
    ``--config`` configurations (the defaults first); None, the error printed, when either is wrong."""
    from bazas.bench.compare import load
    from bazas.bench.leads import parse_configs

    try:
        configs = parse_configs(list(args.config))
        records = load(args.records)
    except (OSError, ValueError) as exc:
        console.print(f"[red]{args.records}: {exc}[/red]" if isinstance(exc, OSError) else f"[red]{exc}[/red]")
        return None
    first = args.first or 0
    last = first + args.deals if args.deals is not None else math.inf
    records = [r for r in records if first <= int(r.get("index", -1)) < last]
    strain = getattr(args, "strain", "all")
    if strain != "all":
        records = [r for r in records if bool(r.get("notrump")) == (strain == "nt")]
    if not records:
        asked = "" if strain == "all" else f" (--strain {strain})"
        console.print(f"[red]{args.records}: no deal record in the range asked{asked}[/red]")
        return None
    return records, configs


def run_bench(args: argparse.Namespace, build: Any, show: Any) -> int:
    """A bench over the positions of a ``--records`` run: the records and configurations asked
    (:func:`records_and_configs`), ``build(records, configs, console)`` the report, ``show(report,
    console)`` it, and it written to ``--json``; 2 (the error printed) on bad input."""
    from bazas.bench.compare import report_console, write_report

    console = report_console()
    found = records_and_configs(args, console)
    if found is None:
        return 2
    records, configs = found
    try:
        report = build(records, configs, console)
    except ValueError as exc:
        console.print(f"[red]{args.records}: {exc}[/red]")
        return 2
    show(report, console)
    write_report(args.json_file, report)
    return 0


def run(args: argparse.Namespace) -> int:
    return run_bench(args, lambda records, configs, console: run_decisions(
        records, role=args.role, place=args.place, workers=args.workers, budget=args.budget, configs=configs,
        console=console, tricks=args.tricks, strain=args.strain), print_report)
