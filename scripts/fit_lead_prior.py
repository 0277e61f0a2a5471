"""Fit the values of the opening-lead table (:data:`bazas.bots.leads.LEAD_RULES`) to double-dummy
results on deals of their own (issue 9).

The table's rules and their signs come from the textbooks; their weights do not (the books agree on
the order, not on numbers). This script measures them:

    python scripts/fit_lead_prior.py collect --deals 6000 --out /tmp/leadfit.jsonl
    python scripts/fit_lead_prior.py fit /tmp/leadfit.jsonl

``collect`` deals ``bazas-leadfit-<i>`` (a deal set of its own: neither the bench's tuning deals,
seed 1, nor its held-out ones, seeds 2 and up), bids each as ``bazas bench bots`` does (the SAYC
bots at all four seats) and solves the opening lead double dummy on the real layout: for every
card the leader holds, the tricks its side then takes. ``fit`` regresses, within each deal, the
tricks a lead takes against the average lead on the rules that apply to it (ridge least squares on
the first part of the deals), and reports, on the part set aside (the last fifth), how often the
card the prior alone ranks first is double-dummy best, for the table's values and for the fitted
ones. The fitted values go into ``LEAD_RULES`` by hand, with the run that gave them.

``fit-model`` fits the learned lead model (:mod:`bazas.bots.lead_model`: a value per named
feature of a lead, the table's rules among them) the same way, and writes it where the card player
reads it:

    python scripts/fit_lead_prior.py collect --deals 20000 --out /tmp/leads.jsonl
    python scripts/fit_lead_prior.py fit-model /tmp/leads.jsonl --out src/bazas/bots/lead_model.json
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from bazas.engine.calls import Contract


def _collect_one(index: int) -> dict[str, Any] | None:
    from bazas.bench.bots import _context
    from bazas.bots import dds
    from bazas.bots.base import Budget
    from bazas.bots.play import _bid_suits
    from bazas.bots.player import bot_for, play_deal
    from bazas.engine.deal import Board, deal_from_seed
    from bazas.engine.seats import SEATS
    from bazas.engine.views import view_of

    deal = deal_from_seed(f"bazas-leadfit-{index}")
    board = Board(index + 1)
    context = _context(board)
    bot = bot_for("duplicate", "normal")
    rng = random.Random(f"leadfit-{index}")
    state = play_deal(deal, board.dealer, {s: bot for s in SEATS}, context, rng, Budget(0.5),
                      stop=lambda st: st.phase != "auction").state
    if state.play is None or state.contract is None or state.actor is None:
        return None
    real = dds.solve_many([dds.Position.from_play(state.play)])[0]
    view = view_of(state, state.actor)
    partner_suits, enemy_suits = _bid_suits(view, state.actor)
    return {"index": index, "contract": str(state.contract), "leader": state.actor.name,
            "hand": deal.hand(state.actor).mask, "partner_suits": sorted(partner_suits),
            "enemy_suits": sorted(enemy_suits), "calls": [str(c) for c in state.auction.calls],
            "dd": {str(i): t for i, t in real.items()}}


def collect(args: argparse.Namespace) -> int:
    from rich.progress import Progress

    from bazas.bench.bots import _init_worker

    done = 0
    with open(args.out, "a", encoding="utf-8") as out, \
            ProcessPoolExecutor(args.workers, initializer=_init_worker) as pool, Progress() as progress:
        task = progress.add_task("opening leads solved", total=args.deals)
        for rec in pool.map(_collect_one, range(args.first, args.first + args.deals), chunksize=8):
            progress.advance(task)
            if rec is not None:
                out.write(json.dumps(rec) + "\n")
                done += 1
    print(f"{done} leads written to {args.out}")
    return 0


def _lead_classes(rec: dict[str, Any]) -> tuple[int, Contract, dict[int, int], list[int]]:
    """A record's hand, contract, double-dummy tricks per card, and its classes of equal leads
    (each by its top card, as the card player leads)."""
    from bazas.bots.play import equivalence_classes

    hand = rec["hand"]
    dd = {int(k): v for k, v in rec["dd"].items()}
    legal = 0
    for i in dd:
        legal |= 1 << i
    return hand, Contract.parse(rec["contract"]), dd, [cls[-1] for cls in equivalence_classes(hand, legal, 0)]


def _rows(rec: dict[str, Any], rules: list[Any]) -> tuple[list[list[float]], list[int], list[int]]:
    """Per class of equal leads (its top card, as the card player leads): the rules that apply
    (0/1), the tricks it takes, and the card."""
    from bazas.bots.leads import _situation

    hand, contract, dd, reps = _lead_classes(rec)
    x, y = [], []
    parts, enemies = frozenset(rec["partner_suits"]), frozenset(rec["enemy_suits"])
    for card in reps:
        s = _situation(hand, card, contract, parts, enemies)
        x.append([1.0 if r.when(s) else 0.0 for r in rules])
        y.append(dd[card])
    return x, y, reps


#: Rules whose values are not fitted (which card of a suit: the partnership's reading depends on it).
FIXED = ("the conventional card of the suit", "not the conventional card of the suit")


def fit(args: argparse.Namespace) -> int:
    import numpy as np

    from bazas.bots.leads import LEAD_RULES, MORE_LEAD_RULES, _rules_for

    with open(args.data, encoding="utf-8") as lines:
        records = [json.loads(line) for line in lines]
    cut = int(len(records) * (1 - args.aside))
    report: dict[str, Any] = {"deals": len(records), "fitted_on": cut, "aside": len(records) - cut, "kinds": {}}
    fitted: dict[str, dict[str, float]] = {}
    for kind, contract in (("nt", "3NT"), ("suit", "4S")):
        rules = _rules_for(Contract.parse(contract), LEAD_RULES + MORE_LEAD_RULES)
        mine = [r for r in records if (Contract.parse(r["contract"]).strain.name == "NT") == (kind == "nt")]
        cut_k = sum(1 for r in mine if r["index"] < records[cut - 1]["index"] + 1) if cut else 0
        data = [_rows(r, rules) for r in mine]
        if not data[:cut_k]:
            continue   # no deal of this kind to fit on
        xs, ys = [], []
        for x, y, _ in data[:cut_k]:
            xa, ya = np.array(x), np.array(y, dtype=float)
            xs.append(xa - xa.mean(axis=0))
            ys.append(ya - ya.mean())
        X, Y = np.vstack(xs), np.concatenate(ys)
        # With --keep-conventional the conventional-card rules keep their values (which card of a
        # suit: partner and declarer read the lead by it) and the others are fitted around them.
        keep = FIXED if args.keep_conventional else ()
        fixed = np.array([r.name in keep for r in rules])
        base = np.array([r.value if r.name in keep else 0.0 for r in rules])
        Xf, Yf = X[:, ~fixed], Y - X @ base
        w = base.copy()
        w[~fixed] = np.linalg.solve(Xf.T @ Xf + args.ridge * np.eye(Xf.shape[1]), Xf.T @ Yf)
        old = np.array([r.value if r in LEAD_RULES else 0.0 for r in rules])   # the textbook prior

        def score(weights: np.ndarray, part: list[Any]) -> tuple[float, float]:
            best = lost = 0
            for x, y, _ in part:
                v = np.array(x) @ weights
                pick = int(np.argmax(v + 1e-9 * np.arange(len(v))[::-1]))   # ties: the first class
                best += y[pick] == max(y)
                lost += max(y) - y[pick]
            return best / max(1, len(part)), lost / max(1, len(part))

        aside = data[cut_k:]
        kind_report = {"leads_fitted": cut_k, "leads_aside": len(aside),
                       "table": dict(zip(("best", "lost"), score(old, aside), strict=True)),
                       "fitted": dict(zip(("best", "lost"), score(w, aside), strict=True)),
                       "values": {r.name: [r.value, round(float(v), 3)] for r, v in zip(rules, w, strict=True)}}
        report["kinds"][kind] = kind_report
        for r, v in zip(rules, w, strict=True):
            fitted.setdefault(r.name, {})[kind] = round(float(v), 3)
    # In the player's units: its simulation weighs a trick about twice (the score scale is half a
    # contract's swing), hence --scale.
    report["lead_values"] = {f"{k}:{name}": round(args.scale * v, 3)
                             for name, per in fitted.items() for k, v in per.items()}
    json.dump(report, sys.stdout, indent=1)
    print()
    return 0


def _model_rows(rec: dict[str, Any]) -> tuple[list[list[str]], list[int], list[int]]:
    """Per class of equal leads (its top card, as the card player leads): the lead model's features,
    the tricks it takes, and the card."""
    from bazas.bots.lead_model import auction_roles, lead_features
    from bazas.engine.deal import Board
    from bazas.engine.seats import Seat

    hand, contract, dd, reps = _lead_classes(rec)
    leader = Seat[rec["leader"]]
    roles = auction_roles(rec["calls"], Board(rec["index"] + 1).dealer, leader, leader.rho)
    return [lead_features(hand, card, contract, roles) for card in reps], [dd[c] for c in reps], reps


def _argmax(values: list[float]) -> int:
    """The first index of the largest value (ties: the first class, as the player's order)."""
    return max(range(len(values)), key=lambda k: (values[k], -k))


def _pick_score(aside: list[Any], picks: list[int]) -> dict[str, float]:
    """How often the picks are double-dummy best, and the tricks they lose on average."""
    best = lost = 0.0
    for (_, (_, y, _)), pick in zip(aside, picks, strict=True):
        best += y[pick] == max(y)
        lost += max(y) - y[pick]
    return {"best": round(best / max(1, len(aside)), 4), "lost": round(lost / max(1, len(aside)), 4)}


def fit_model(args: argparse.Namespace) -> int:
    """Fit the lead model's values (:mod:`bazas.bots.lead_model`) and compare, on the deals set
    aside, the card the model alone ranks first with the table's (``DD_LEAD_VALUES``)."""
    import numpy as np

    from bazas.bots.leads import DD_LEAD_VALUES, lead_prior, lead_table

    with open(args.data, encoding="utf-8") as lines:
        records = [json.loads(line) for line in lines]
    records.sort(key=lambda r: r["index"])
    cut_index = records[int(len(records) * (1 - args.aside)) - 1]["index"]
    table = lead_table(DD_LEAD_VALUES)
    report: dict[str, Any] = {"deals": len(records), "kinds": {}, "source": (
        f"scripts/fit_lead_prior.py fit-model: {len(records)} leads of bazas-leadfit-*, fitted on "
        f"indices <= {cut_index}, loss ridge, ridge {args.ridge}, min_count {args.min_count}, "
        f"nt_only {args.nt_only!r}, suit_only {args.suit_only!r}, drop {args.drop!r}, nt_drop {args.nt_drop!r}, "
        f"suit_drop {args.suit_drop!r}")}
    for kind in ("nt", "suit"):
        mine = [r for r in records if (Contract.parse(r["contract"]).strain.name == "NT") == (kind == "nt")]
        rows = [_model_rows(r) for r in mine]
        fit_part = [row for r, row in zip(mine, rows, strict=True) if r["index"] <= cut_index]
        aside = [(r, row) for r, row in zip(mine, rows, strict=True) if r["index"] > cut_index]
        report[kind] = {}
        if not fit_part:
            continue   # no deal of this kind to fit on
        counts: dict[str, int] = {}
        for feats, _, _ in fit_part:
            for fs in feats:
                for f in fs:
                    counts[f] = counts.get(f, 0) + 1
        prefixes = tuple(getattr(args, f"{kind}_only").split(","))
        dropped = tuple(p for p in f"{args.drop},{getattr(args, f'{kind}_drop')}".split(",") if p)
        names = sorted(f for f, c in counts.items() if c >= args.min_count and f.startswith(prefixes)
                       and not (dropped and f.startswith(dropped)))
        col = {f: i for i, f in enumerate(names)}
        # X'X and X'Y summed over blocks of deals (each deal's rows centred on its own mean): the
        # whole design matrix would not fit in memory with tens of thousands of deals.
        xtx, xty = np.zeros((len(names), len(names))), np.zeros(len(names))
        for start in range(0, len(fit_part), 2000):
            xs, ys = [], []
            for feats, y, _ in fit_part[start:start + 2000]:
                x = np.zeros((len(feats), len(names)))
                for i, fs in enumerate(feats):
                    for f in fs:
                        if f in col:
                            x[i, col[f]] = 1.0
                ya = np.array(y, dtype=float)
                xs.append(x - x.mean(axis=0))
                ys.append(ya - ya.mean())
            X, Y = np.vstack(xs), np.concatenate(ys)
            xtx += X.T @ X
            xty += X.T @ Y
        w = np.linalg.solve(xtx + args.ridge * np.eye(len(names)), xty)
        values = {f: round(float(v), 4) for f, v in zip(names, w, strict=True) if abs(v) >= 5e-4}

        by_table = [_argmax([lead_prior(r["hand"], card, Contract.parse(r["contract"]), r["partner_suits"],
                                        r["enemy_suits"], table) for card in reps]) for r, (_, _, reps) in aside]
        by_model = [_argmax([sum(values.get(f, 0.0) for f in fs) for fs in feats]) for _, (feats, _, _) in aside]
        report["kinds"][kind] = {"leads_fitted": len(fit_part), "leads_aside": len(aside), "features": len(names),
                                 "table": _pick_score(aside, by_table), "model": _pick_score(aside, by_model)}
        report[kind] = values
    if args.out:
        with open(args.out, "w", encoding="utf-8") as out:
            json.dump({"source": report["source"], "nt": report["nt"], "suit": report["suit"]}, out,
                      indent=0, sort_keys=True)
            out.write("\n")
    json.dump(report["kinds"], sys.stdout, indent=1)
    print()
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    c = sub.add_parser("collect", help="bid deals and solve their opening leads double dummy")
    c.add_argument("--deals", type=int, default=6000)
    c.add_argument("--first", type=int, default=0)
    c.add_argument("--workers", type=int, default=2)
    c.add_argument("--out", required=True)
    f = sub.add_parser("fit", help="fit the lead table's values")
    f.add_argument("data")
    f.add_argument("--aside", type=float, default=0.2, help="share of the deals set aside (default 0.2)")
    f.add_argument("--ridge", type=float, default=5.0)
    f.add_argument("--keep-conventional", action="store_true",
                   help="keep the conventional-card rules' values, fit the others")
    f.add_argument("--scale", type=float, default=2.0, help="lead_values = scale x the fitted tricks (default 2)")
    m = sub.add_parser("fit-model", help="fit the lead model's values (bazas.bots.lead_model)")
    m.add_argument("data")
    m.add_argument("--aside", type=float, default=0.2, help="share of the deals set aside (default 0.2)")
    m.add_argument("--ridge", type=float, default=300.0)
    m.add_argument("--min-count", type=int, default=30, help="features seen fewer times are dropped")
    m.add_argument("--nt-only", default="", help="at notrump, fit only the features whose names start so "
                   "(prefixes, comma-separated; e.g. rule: for the textbook table's rules)")
    m.add_argument("--suit-only", default="", help="the same, for suit contracts")
    m.add_argument("--drop", default="", help="leave out the features whose names start so (prefixes, "
                   "comma-separated; e.g. rule: for the textbook table's rules)")
    m.add_argument("--nt-drop", default="", help="the same, at notrump only")
    m.add_argument("--suit-drop", default="", help="the same, in suit contracts only")
    m.add_argument("--out", help="write the model here (src/bazas/bots/lead_model.json)")
    args = parser.parse_args()
    if args.command == "fit-model":
        return fit_model(args)
    return collect(args) if args.command == "collect" else fit(args)


if __name__ == "__main__":
    raise SystemExit(main())
