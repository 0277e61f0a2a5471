"""Issue 11 point 3: three-handed Auction playable from the command line.

RULES.md, "Variants from seed 001" (three-handed Auction, after R. F. Foster's "Laws of Three Hand
Auction"): each player bids for himself; the dummy hand (W) is face down until the auction ends,
then taken by the declarer; a failed contract scores the undertricks to EACH opponent; game is
worth 125; each player's total is settled against each other player's.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from bazas.cli.main import main
from bazas.engine.deal import Deal
from bazas.engine.seats import Seat
from bazas.engine.three_handed import ThreeHandedAuction, play_state

RECORD = {
    "ruleset": "three-handed-auction", "first_dealer": "N",
    "deals": [
        # RULES.md: failed -- EACH opponent scores the undertricks (2H by E one down: N 50, S 50)
        {"contract": "2H", "declarer": "E", "tricks": 7},
        # dealer E: 3NT by E making: 30 below + game 125 (RULES.md: a game is worth 125)
        {"auction": ["3NT", "P", "P"], "tricks": 9},
    ],
}


def test_rules_md_three_handed_scorepad_json_per_player_and_settlement(tmp_path: Path,
                                                                      capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "three.json"
    path.write_text(json.dumps(RECORD), encoding="utf-8")
    assert main(["score", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [d["points"] for d in data["deals"]] == [{"N": 50, "E": 0, "S": 50}, {"N": 0, "E": 155, "S": 0}]
    assert data["deals"][1]["dealer"] == "E" and data["deals"][1]["game_won_by"] == "E"
    assert data["totals"] == {"N": 50, "E": 155, "S": 50}
    assert data["settlement"]["E"] == {"N": 105, "S": 105} and data["net"] == {"N": -105, "E": 210, "S": -105}
    assert main(["score", str(path)]) == 0
    text = capsys.readouterr().out
    assert "players N, E, S" in text and "Settlement" in text and "E +210" in text


def test_three_handed_record_errors_name_the_deal_and_field(tmp_path: Path,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({"ruleset": "three-handed-auction", "deals": [
        {"contract": "2H", "declarer": "W", "tricks": 7}]}), encoding="utf-8")
    assert main(["score", str(path)]) == 2
    err = capsys.readouterr().err
    assert "deal 1" in err and "declarer" in err and "dummy" in err


def test_foster_dummy_face_down_then_opposite_the_declarer() -> None:
    d = Deal.from_pbn("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765")
    auction = ThreeHandedAuction.from_calls(Seat.S, ["1H", "P", "P"])
    seating, state = play_state(d, auction)
    assert state.declarer is Seat.S and state.play is not None and state.play.dummy is Seat.N
    assert state.deal.hand(Seat.N) == d.hand(Seat.W)  # the dummy hand, taken by the declarer
    assert {p: s for p, s in seating.seat_of.items()} == {Seat.S: Seat.S, Seat.N: Seat.W, Seat.E: Seat.E}
    assert state.play.controller(Seat.N) is Seat.S


@pytest.mark.timeout(400)
def test_a_whole_three_handed_rubber_by_bots_through_autoplay_json() -> None:
    proc = subprocess.run([sys.executable, "-m", "bazas.cli.main", "autoplay", "--ruleset", "three-handed-auction",
                           "--seed", "2", "--strength", "fast", "--budget", "0.02", "--json"],
                          capture_output=True, text=True, timeout=380)
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    assert data["finished"] and data["winner"] in ("N", "E", "S") and data["games"][data["winner"]] == 2
    assert set(data["dealer_draw"]["cards"]) == {"N", "E", "S"} and data["deals"][0]["dealer"] == data["first_dealer"]
    for p in ("N", "E", "S"):
        assert sum(d["points"][p] for d in data["deals"]) == data["totals"][p]
    assert sum(data["net"].values()) == 0
    played = [d for d in data["deals"] if d["contract"] != "passed"]
    assert played and all(d["declarer"] in ("N", "E", "S") and 0 <= d["tricks"] <= 13 for d in played)
    # each auction is the three players' calls only (the dummy W never calls)
    assert all(len(d["auction"]) >= 3 for d in data["deals"])


@pytest.mark.timeout(300)
def test_play_three_handed_in_the_terminal_with_auto() -> None:
    proc = subprocess.run([sys.executable, "-m", "bazas.cli.main", "play", "--ruleset", "three-handed-auction",
                           "--seed", "5", "--deals", "2", "--strength", "fast", "--budget", "0.02"],
                          input="auto\n" * 80, capture_output=True, text=True, timeout=280)
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    assert "You are S" in out and "Cut for deal" in out and "Settlement" in out


def test_law42_play_royal_auction_in_the_terminal_reads_royal_bids() -> None:
    """You deal (S) in Royal Auction: a pass is refused (Law 42), "1RS" (one royal spade) is read."""
    from .terminal import play_in_terminal

    text = play_in_terminal("P\n1RS\nquit\n", "royal-auction", max_deals=1, strength="fast", first_dealer=Seat.S)
    assert "P is not legal now" in text and "1RS" in text
