"""Fit the model of the leads to tricks 2-13 (:mod:`bazas.bots.play_model`) to the bots' own leads.

    python scripts/fit_play_model.py fit RUN.jsonl [RUN.jsonl ...] --out src/bazas/bots/play_model.json

The records are the per-deal lines of ``bazas bench bots --records`` (the deal, the auction, the
contract and every card played). Use runs of the tuning seeds only (seed 1, and seed 8 which no
held-out figure came from): never a seed whose figures are reported as held out. Every lead to a
trick after the first, by declarer, dummy or a defender, is a choice among the cards of the hand on
lead; the values of the features maximise the chance of the choices made (a conditional logit,
ridge penalty ``--l2``), fitted on the deals of all files but the last fifth of each, which is kept
to report the fit: the mean log-chance of the card led per lead, against choosing uniformly among
the cards that could have been led.
"""

from __future__ import annotations

import argparse
import ast
import json
import math
import sys
from typing import Any


def events_of(record: dict[str, Any]) -> list[tuple[list[list[str]], int]]:
    """For every lead to tricks 2-13 of a recorded deal: the features of each candidate card and
    the index of the card led."""
    from bazas.bots.play_model import hand_features, lead_events, suit_roles
    from bazas.engine.calls import Contract
    from bazas.engine.cards import Card
    from bazas.engine.deal import Deal
    from bazas.engine.play import Play
    from bazas.engine.seats import Seat

    if not record.get("contract") or not record.get("play"):
        return []
    play_text = record["play"]
    cards = ast.literal_eval(play_text) if isinstance(play_text, str) else list(play_text)
    deal = Deal.from_pbn(record["deal"])
    contract = Contract.parse(record["contract"])
    declarer = Seat.parse(record["declarer"])
    play = Play.from_cards(deal, contract.strain, declarer, [c for c in cards if c])
    tricks = [(t.leader, [c.index for c in t.cards]) for t in play.tricks]
    roles = suit_roles(record["calls"], Seat.parse(record["dealer"]), declarer)
    dummy = deal.hand(declarer.partner).mask
    out = []
    for event in lead_events(tricks, declarer, contract.strain, dummy, roles):
        hand = deal.hand(event.decider).mask & ~event.gone
        rows: list[list[str]] = []
        chosen = -1
        for card, feats in hand_features(event, hand):
            if card == event.card:
                chosen = len(rows)
            rows.append(feats)
        if chosen < 0:
            raise ValueError(f"deal {record.get('index')}: the card led {Card.from_index(event.card)} is not a candidate")
        if len(rows) > 1:
            out.append((rows, chosen))
    return out


def fit(events: list[tuple[list[list[str]], int]], l2: float, iterations: int = 400) -> dict[str, float]:
    import numpy as np

    names: dict[str, int] = {}
    entry_row: list[int] = []
    entry_feat: list[int] = []
    row_event: list[int] = []
    chosen_rows: list[int] = []
    for e, (rows, chosen) in enumerate(events):
        for i, feats in enumerate(rows):
            r = len(row_event)
            row_event.append(e)
            if i == chosen:
                chosen_rows.append(r)
            for f in feats:
                entry_row.append(r)
                entry_feat.append(names.setdefault(f, len(names)))
    er, ef = np.array(entry_row), np.array(entry_feat)
    rev = np.array(row_event)
    y = np.zeros(len(row_event))
    y[np.array(chosen_rows)] = 1.0
    n_events = len(events)
    w = np.zeros(len(names))
    m = np.zeros_like(w)
    v = np.zeros_like(w)
    lr, b1, b2 = 0.05, 0.9, 0.999
    for it in range(1, iterations + 1):
        score = np.bincount(er, weights=w[ef], minlength=len(row_event))
        top = np.full(n_events, -np.inf)
        np.maximum.at(top, rev, score)
        ex = np.exp(score - top[rev])
        den = np.bincount(rev, weights=ex, minlength=n_events)
        p = ex / den[rev]
        grad = np.bincount(ef, weights=(y - p)[er], minlength=len(names)) / n_events - l2 * w
        m = b1 * m + (1 - b1) * grad
        v = b2 * v + (1 - b2) * grad * grad
        w += lr * (m / (1 - b1 ** it)) / (np.sqrt(v / (1 - b2 ** it)) + 1e-8)
    return {f: round(float(w[i]), 4) for f, i in names.items() if abs(w[i]) >= 1e-4}


def log_chance(values: dict[str, float], events: list[tuple[list[list[str]], int]]) -> tuple[float, float]:
    """Mean log-chance of the card led per lead: the model's, and choosing uniformly."""
    model = uniform = 0.0
    for rows, chosen in events:
        scores = [sum(values.get(f, 0.0) for f in feats) for feats in rows]
        top = max(scores)
        total = sum(math.exp(s - top) for s in scores)
        model += scores[chosen] - top - math.log(total)
        uniform -= math.log(len(rows))
    n = max(1, len(events))
    return model / n, uniform / n


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    f = sub.add_parser("fit")
    f.add_argument("records", nargs="+")
    f.add_argument("--out", default=None)
    f.add_argument("--l2", type=float, default=1e-3)
    f.add_argument("--iterations", type=int, default=400)
    args = parser.parse_args(argv)
    train: list[tuple[list[list[str]], int]] = []
    test: list[tuple[list[list[str]], int]] = []
    for path in args.records:
        with open(path, encoding="utf-8") as fh:
            records = [json.loads(line) for line in fh if line.strip()]
        cut = len(records) * 4 // 5
        for i, record in enumerate(records):
            (train if i < cut else test).extend(events_of(record))
    values = fit(train, args.l2, args.iterations)
    got, uniform = log_chance(values, test)
    fitted, _ = log_chance(values, train)
    print(f"{len(train)} leads fitted, {len(test)} set aside; {len(values)} features")
    print(f"mean log-chance of the card led, set aside: model {got:.3f}, uniform {uniform:.3f} "
          f"(fitted part: model {fitted:.3f})")
    if args.out:
        with open(args.out, "w", encoding="utf-8") as fh:
            json.dump({"about": "bazas.bots.play_model: the leads to tricks 2-13, fitted by scripts/fit_play_model.py "
                                f"on {', '.join(args.records)} (l2 {args.l2}); set aside: log-chance {got:.3f} "
                                f"against uniform {uniform:.3f}",
                       "values": dict(sorted(values.items()))}, fh, indent=1)
            fh.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
