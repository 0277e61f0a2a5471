"""Three-handed Auction's scored rubber as data (issue 11): each player's points per deal and in
total, and the settlement between the players (what ``bazas score --json`` prints for a
three-handed record, and the score sheet the table server sends)."""

from __future__ import annotations

from typing import Any

from bazas.engine.rulesets.three_handed_auction import ScoreSheet, ThreeHandedDealScore, ThreeHandedResult
from bazas.engine.three_handed import DUMMY_SEAT, PLAYERS

__all__ = ["dump", "points_of"]


def points_of(s: ThreeHandedDealScore) -> dict[str, int]:
    out = {p.name: 0 for p in PLAYERS}
    for item in s.items:
        out[item.player.name] += item.points
    return out


def dump(sheet: ScoreSheet, scored: list[ThreeHandedDealScore], results: list[ThreeHandedResult],
         extra_rows: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """The scored rubber as data: each player's points per deal and in total, and the settlement."""
    rows = []
    for n, (s, r) in enumerate(zip(scored, results, strict=True), start=1):
        row: dict[str, Any] = {
            "deal": n, "dealer": s.dealer.name,
            "contract": "passed" if r.contract is None else str(r.contract),
            "declarer": None if r.declarer is None else r.declarer.name,
            "tricks": None if r.contract is None else r.tricks,
            "points": points_of(s),
            "items": [{"kind": i.kind.value, "player": i.player.name, "points": i.points, "below": i.below}
                      for i in s.items],
            "game_won_by": None if s.game_won_by is None else s.game_won_by.name,
        }
        if extra_rows is not None:
            row.update(extra_rows[n - 1])
        rows.append(row)
    return {
        "ruleset": "three-handed-auction", "players": [p.name for p in PLAYERS], "dummy": DUMMY_SEAT.name,
        "deals": rows,
        "totals": {p.name: sheet.total(p) for p in PLAYERS},
        "above": {p.name: sheet.above[i] for i, p in enumerate(PLAYERS)},
        "below": {p.name: sheet.below[i] for i, p in enumerate(PLAYERS)},
        "games": {p.name: sheet.games[i] for i, p in enumerate(PLAYERS)},
        "finished": sheet.over, "winner": None if sheet.winner is None else sheet.winner.name,
        "settlement": {a.name: {b.name: v for b, v in row.items()} for a, row in sheet.settlement().items()},
        "net": {p.name: v for p, v in sheet.net().items()},
    }
