"""Issue 11, three-handed Auction in the scorepad: "each player's totals and the settlement between
players" (RULES.md, variants from seed 001: "Each player's total is settled against each other
player's"). The worked example of the rules page /rules/three-handed-auction: E fails 2H by one
(N and S score 50 each), S makes 1NT with ten tricks holding two aces and the dummy's third (40
below, game 125, aces 30: 195). Totals N 50, E 0, S 245."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bazas.cli.main import main

RECORD = {"ruleset": "three-handed-auction", "first_dealer": "N", "deals": [
    {"contract": "2H", "declarer": "E", "tricks": 7},
    {"contract": "1NT", "declarer": "S", "tricks": 10, "honours": {"S": ["SA", "HA"], "W": ["DA"]}}]}


def test_rules_md_three_handed_settlement_between_each_pair(tmp_path: Path,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "three.json"
    path.write_text(json.dumps(RECORD))
    assert main(["score", str(path)]) == 0
    out = capsys.readouterr().out
    assert [line.split()[1:] for line in out.splitlines() if line.strip().startswith("Total")] == [["50", "0", "245"]]
    assert "  N -145\n  E -295\n  S +440\n" in out
    assert "Between players: E pays N 50; N pays S 195; E pays S 245" in out
    assert main(["score", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["totals"] == {"N": 50, "E": 0, "S": 245}
    assert data["settlement"]["N"] == {"E": 50, "S": -195} and data["net"] == {"N": -145, "E": -295, "S": 440}


def test_three_handed_autoplay_log_names_every_declarer_north_included() -> None:
    # Each deal's line names its declarer as the scored data does; North is seat 0, a falsy value
    # that once dropped "by N" from the line.
    from bazas.cli.three_handed import autoplay
    from bazas.engine.seats import Seat

    lines: list[str] = []
    data = autoplay(3, Seat.N, 4, "fast", 0.02, out=lines.append)
    assert len(lines) == len(data["deals"]) == 4
    for line, deal in zip(lines, data["deals"], strict=True):
        if deal["contract"] is None:
            assert " by " not in line
        else:
            assert f"{deal['contract']} by {deal['declarer']}, {deal['tricks']} tricks" in line
    assert any(deal["declarer"] == "N" for deal in data["deals"])
