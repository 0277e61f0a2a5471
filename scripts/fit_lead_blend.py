"""How the opening lead weighs its simulation against its prior, measured on deals of their own
(issue 9).

The card player chooses its opening lead by ``trust * simulated + prior``: the simulation's
expected score over the layouts it solved (in units of half the setting trick), shrunk by
``trust = n / (n + lead_trust)``, plus the lead model's value (``lead_model_weight`` times its
tricks); among leads within ``robust_eps`` of the best, the one double-dummy best in the most
layouts. Those weights were chosen on a few hundred tuning leads. This script measures the blend on
thousands:

    python scripts/fit_lead_blend.py collect --first 64000 --deals 4000 --out /tmp/blend.jsonl
    python scripts/fit_lead_blend.py fit /tmp/blend.jsonl

``collect`` deals ``bazas-leadfit-<i>`` (from 64,000 on: deals neither the lead model nor its refit
saw, nor the bench's tuning or held-out deals), bids each as ``bazas bench bots`` does, lets the
default card player choose the opening lead (budget 0.5 s, as the bench), and records for every
class of equal leads what the player knew of it (its expected score, expected tricks and share of
layouts in which it is double-dummy best, the prior) beside what it is worth on the real layout
(double-dummy tricks, and the duplicate score with the rest played double dummy). ``fit`` replays
the choice offline under other weights, fitted on the first part of the deals, and reports each on
the part set aside: leads double-dummy best, tricks lost, and IMPs against the defaults' choice.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
from concurrent.futures import ProcessPoolExecutor
from functools import partial
from typing import Any

from bazas.bench.leads import mean_half95


def _collect_one(index: int, options: dict[str, Any] | None = None) -> dict[str, Any] | None:
    from bazas.bench.bots import _context
    from bazas.bench.decisions import real_score
    from bazas.bots import dds
    from bazas.bots.base import Budget
    from bazas.bots.play import _representative, equivalence_classes, score_function, value_scale
    from bazas.bots.player import bot_for, play_deal
    from bazas.engine.calls import Contract
    from bazas.engine.cards import ALL_CARDS
    from bazas.engine.deal import Board, deal_from_seed
    from bazas.engine.seats import SEATS
    from bazas.engine.views import view_of

    deal = deal_from_seed(f"bazas-leadfit-{index}")
    board = Board(index + 1)
    context = _context(board)
    bidder = bot_for("duplicate", "normal")
    rng = random.Random(f"leadblend-{index}")
    state = play_deal(deal, board.dealer, {s: bidder for s in SEATS}, context, rng, Budget(0.5),
                      stop=lambda st: st.phase != "auction").state
    if state.play is None or state.contract is None or state.actor is None or state.declarer is None:
        return None
    real = dds.solve_many([dds.Position.from_play(state.play)])[0]
    lead_score = real_score(state, {"contract": str(state.contract), "index": index}, real)
    view = view_of(state, state.actor)
    bot = bot_for("duplicate", "normal")
    player = bot.card_player
    for key, value in (options or {}).items():
        setattr(player, key, value)
    card = bot.choose(view, context, random.Random(rng.getrandbits(64)), Budget(0.5)).action
    info: dict[str, Any] = player.last_info
    hand = deal.hand(state.actor).mask
    legal = 0
    for i in real:
        legal |= 1 << i
    classes = equivalence_classes(hand, legal, 0)
    reps = [_representative(cls, True) for cls in classes]
    contract = Contract.parse(str(state.contract))
    score = score_function(contract, state.declarer, context)
    scale = value_scale(score, contract.tricks_needed)
    priors = player._lead_priors(view, hand, reps, contract, score)
    leads = []
    for rep, cls in zip(reps, classes, strict=True):
        name = str(ALL_CARDS[rep])
        leads.append({"card": name, "cards": [str(ALL_CARDS[c]) for c in cls],
                      "u": info["expected"][name] / scale, "t": info["tricks"][name],
                      "b": info["best_share"][name], "p": player.lead_prior_weight * priors[rep],
                      "dd": real[rep], "score": lead_score(rep)})
    return {"index": index, "contract": str(contract), "notrump": contract.strain.name == "NT",
            "n": info.get("solved", 0), "chosen": str(card), "leads": leads}


def collect(args: argparse.Namespace) -> int:
    from rich.progress import Progress

    from bazas.bench.bots import _init_worker

    done = 0
    with open(args.out, "a", encoding="utf-8") as out, \
            ProcessPoolExecutor(args.workers, initializer=_init_worker) as pool, Progress() as progress:
        task = progress.add_task("opening leads chosen and solved", total=args.deals)
        options = json.loads(args.player_options)
        for rec in pool.map(partial(_collect_one, options=options), range(args.first, args.first + args.deals),
                            chunksize=4):
            progress.advance(task)
            if rec is not None:
                out.write(json.dumps(rec) + "\n")
                out.flush()
                done += 1
    print(f"{done} leads written to {args.out}")
    return 0


# -- the choice replayed ------------------------------------------------------------------------

def choose(rec: dict[str, Any], w: dict[str, float]) -> dict[str, Any]:
    """The lead the player's rule picks with the weights ``w``: ``sim`` (the simulation's weight
    scale), ``trust`` (``lead_trust``), ``prior`` (the prior's factor), ``tricks`` (weight of the
    expected tricks against the score, as ``lead_tricks_weight``), ``best`` (a bonus per unit of
    the share of layouts in which the lead is best) and ``eps`` (``robust_eps``)."""
    n = rec["n"]
    trust = n / (n + w["trust"]) if n + w["trust"] > 0 else 1.0

    def value(lead: dict[str, Any]) -> float:
        simulated = (1 - w["tricks"]) * lead["u"] + w["tricks"] * 2.0 * lead["t"]
        return w["sim"] * trust * simulated + w["prior"] * lead["p"] + w["best"] * lead["b"]

    leads = rec["leads"]
    top = max(value(x) for x in leads)
    near = [x for x in leads if value(x) >= top - w["eps"]]
    return max(near, key=lambda x: (round(x["b"], 6), round(value(x), 6), round(x["t"], 6)))


DEFAULTS = {"sim": 1.0, "trust": 8.0, "prior": 1.0, "tricks": 0.0, "best": 0.0, "eps": 0.1}


def _imps(diff: int) -> int:
    from bazas.engine.rulesets import imps

    return imps(diff)


def measure(records: list[dict[str, Any]], w: dict[str, float], base: dict[str, float] | None = None
            ) -> dict[str, Any]:
    """DD-best share (suit, notrump), tricks lost per lead, and IMPs against ``base``'s choice."""
    best = {True: [0, 0], False: [0, 0]}
    lost = 0
    imps: list[int] = []
    for rec in records:
        pick = choose(rec, w)
        top = max(x["dd"] for x in rec["leads"])
        best[rec["notrump"]][0] += pick["dd"] == top
        best[rec["notrump"]][1] += 1
        lost += top - pick["dd"]
        if base is not None:
            other = choose(rec, base)
            imps.append(_imps(pick["score"] - other["score"]))
    out: dict[str, Any] = {
        "suit": round(100 * best[False][0] / max(1, best[False][1]), 2), "suit_leads": best[False][1],
        "nt": round(100 * best[True][0] / max(1, best[True][1]), 2), "nt_leads": best[True][1],
        "lost": round(lost / max(1, len(records)), 4)}
    if base is not None and imps:
        mean, half = mean_half95(imps, single=float("inf"))
        out.update(imps=sum(imps), differ=sum(1 for i in imps if i), ci=(round(mean - half, 3), round(mean + half, 3)))
    return out


def grid() -> list[dict[str, float]]:
    out = []
    for sim in (0.5, 0.75, 1.0, 1.5, 2.0, 3.0):
        for trust in (0.0, 8.0):
            for tricks in (0.0, 0.5, 1.0):
                for best in (0.0, 1.0, 2.0):
                    for eps in (0.1, 0.5):
                        out.append({"sim": sim, "trust": trust, "prior": 1.0, "tricks": tricks, "best": best,
                                    "eps": eps})
    return out


#: Other rules for the lead, each a choice among a record's leads: what each would have led.
POLICIES: dict[str, Any] = {
    "the player as run": lambda r: next(x for x in r["leads"] if r["chosen"] in x["cards"]),
    "the defaults, replayed": lambda r: choose(r, DEFAULTS),
    "the prior alone": lambda r: max(r["leads"], key=lambda x: (x["p"], x["b"])),
    "best in the most layouts": lambda r: max(r["leads"], key=lambda x: (x["b"], x["u"])),
    "most expected tricks": lambda r: max(r["leads"], key=lambda x: (x["t"], x["b"])),
    "best expected score": lambda r: max(r["leads"], key=lambda x: (x["u"], x["b"])),
}


def calibration(records: list[dict[str, Any]]) -> None:
    """For each rule of :data:`POLICIES`, in suit contracts and at notrump: how often its lead was
    double-dummy best on the real layout, against how often the player's own layouts said it
    would be (the share of them in which that lead is best)."""
    print(f"\n{'':6} {'rule':28} {'leads':>6} {'DD-best':>8} {'forecast':>9}")
    for nt in (False, True):
        mine = [r for r in records if r["notrump"] == nt]
        for name, rule in POLICIES.items():
            real = forecast = 0.0
            for r in mine:
                lead = rule(r)
                real += lead["dd"] == max(x["dd"] for x in r["leads"])
                forecast += lead["b"]
            n = max(1, len(mine))
            print(f"{'NT' if nt else 'suit':6} {name:28} {len(mine):6d} {100 * real / n:7.1f}% {100 * forecast / n:8.1f}%")
    print(f"layouts solved per lead, mean: {statistics.fmean(r['n'] for r in records):.1f}")


def compare(args: argparse.Namespace) -> int:
    """Two collections of the same deals (another budget, say), lead by lead as each player led."""
    runs = []
    for path in (args.first_run, args.second_run):
        with open(path, encoding="utf-8") as lines:
            runs.append({r["index"]: r for r in map(json.loads, lines)})
    common = sorted(set(runs[0]) & set(runs[1]))
    played = POLICIES["the player as run"]
    diffs, imps = [], []
    for i in common:
        a, b = played(runs[0][i]), played(runs[1][i])
        top = max(x["dd"] for x in runs[0][i]["leads"])
        diffs.append((top - b["dd"]) - (top - a["dd"]))
        imps.append(_imps(b["score"] - a["score"]))
    better, worse = sum(d < 0 for d in diffs), sum(d > 0 for d in diffs)
    mean, half = mean_half95(diffs, single=float("inf"))
    print(f"{len(common)} deals in both. Second run against the first, as each player led: {better} leads "
          f"better, {worse} worse; tricks lost per lead {mean:+.4f} ({mean - half:+.4f} to {mean + half:+.4f}); "
          f"IMPs {sum(imps):+d}")
    for path, run in zip((args.first_run, args.second_run), runs, strict=True):
        print(f"\n{path}")
        calibration([run[i] for i in common])
    return 0


def fit(args: argparse.Namespace) -> int:
    with open(args.data, encoding="utf-8") as lines:
        records = [json.loads(line) for line in lines]
    records.sort(key=lambda r: r["index"])
    cut = int(len(records) * (1 - args.aside))
    train, aside = records[:cut], records[cut:]
    agree = sum(1 for r in records if choose(r, DEFAULTS)["card"][0] == r["chosen"][0])   # the suit
    print(f"{len(records)} leads: {cut} to fit on, {len(aside)} set aside; the replayed defaults lead the "
          f"player's suit in {agree} ({100 * agree / max(1, len(records)):.1f}%)")
    calibration(records)
    for kind, keep in (("all", None), ("suit", False), ("nt", True)):
        tr = [r for r in train if keep is None or r["notrump"] == keep]
        scored = sorted(((measure(tr, w)["lost"], i, w) for i, w in enumerate(grid())), key=lambda s: s[:2])
        print(f"\n{kind}: the best weights on the {len(tr)} leads fitted on (tricks lost per lead)")
        for lost, _, w in scored[:args.top]:
            print(f"  {lost:.4f}  {w}")
        base_tr = measure(tr, DEFAULTS)
        print(f"  {base_tr['lost']:.4f}  defaults")
        chosen = scored[0][2]
        ad = [r for r in aside if keep is None or r["notrump"] == keep]
        print(f"  set aside ({len(ad)} leads): defaults {measure(ad, DEFAULTS)}")
        print(f"  set aside: best fitted {measure(ad, chosen, DEFAULTS)}")
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    c = sub.add_parser("collect", help="bid deals, choose their opening leads, solve every lead")
    c.add_argument("--deals", type=int, default=4000)
    c.add_argument("--first", type=int, default=64000)
    c.add_argument("--workers", type=int, default=2)
    c.add_argument("--out", required=True)
    c.add_argument("--player-options", default="{}", help="CardPlayer options as JSON, e.g. "
                   "'{\"opening_lead_factor\": 16}'")
    f = sub.add_parser("fit", help="replay the choice under other weights")
    f.add_argument("data")
    f.add_argument("--aside", type=float, default=0.4, help="share of the deals set aside (default 0.4)")
    f.add_argument("--top", type=int, default=8)
    k = sub.add_parser("compare", help="two collections of the same deals, lead by lead")
    k.add_argument("first_run")
    k.add_argument("second_run")
    args = parser.parse_args()
    return {"collect": collect, "fit": fit, "compare": compare}[args.command](args)


if __name__ == "__main__":
    raise SystemExit(main())
