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


def _rows(rec: dict[str, Any], rules: list[Any]) -> tuple[list[list[float]], list[int], list[int]]:
    """Per class of equal leads (its top card, as the card player leads): the rules that apply
    (0/1), the tricks it takes, and the card."""
    from bazas.bots.leads import _situation
    from bazas.bots.play import equivalence_classes

    hand = rec["hand"]
    contract = Contract.parse(rec["contract"])
    dd = {int(k): v for k, v in rec["dd"].items()}
    legal = 0
    for i in dd:
        legal |= 1 << i
    reps = [cls[-1] for cls in equivalence_classes(hand, legal, 0)]
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
    args = parser.parse_args()
    return collect(args) if args.command == "collect" else fit(args)


if __name__ == "__main__":
    raise SystemExit(main())
