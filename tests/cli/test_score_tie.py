"""Seed 001's tie rule as a table option (issue 11): "un empate exacto en un rubber inacabado se
resuelve habitualmente jugando una mano adicional" -- ``"options": {"tie": "one_more_deal"}``.

Worked examples through the scorepad (``bazas score``), each figure from the 1920 count of seed
000 (every trick over six scores its value below the line: hearts 8, clubs 6, spades 9). The
decision on what "unfinished" means is in ``bazas.engine.rulesets.auction_variants`` and
``docs/rules/house-options.md``: the players stop, or a short session's deals are played.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bazas.cli.main import main

#: N and E each make one heart with seven tricks: 8 below the line each, an exact tie.
TIED = [
    {"contract": "1H", "declarer": "N", "tricks": 7},
    {"contract": "1H", "declarer": "E", "tricks": 7},
]
#: The deal that settles it, dealt by S: S makes two clubs with nine tricks, 3 x 6 = 18 below.
DECIDER = {"contract": "2C", "declarer": "S", "tricks": 9}


def score(capsys: pytest.CaptureFixture[str], tmp_path: Path, record: dict[str, Any], *flags: str) -> str:
    path = tmp_path / "session.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    code = main(["score", str(path), *flags])
    out, err = capsys.readouterr()
    assert code == 0, err
    return out


def test_seed001_tie_stopped_rubber_is_a_tie_without_the_option(capsys: pytest.CaptureFixture[str],
                                                                 tmp_path: Path) -> None:
    out = score(capsys, tmp_path, {"ruleset": "auction-1920", "first_dealer": "N", "stopped": True, "deals": TIED})
    assert "A tie at 8 each." in out
    data = json.loads(score(capsys, tmp_path, {"ruleset": "auction-1920", "stopped": True, "deals": TIED}, "--json"))
    assert (data["winner"], data["finished"], data["deciding"], data["options"]) == ("tie", True, False, {})


def test_seed001_tie_stopped_on_an_exact_tie_waits_for_one_more_deal(capsys: pytest.CaptureFixture[str],
                                                                      tmp_path: Path) -> None:
    record = {"ruleset": "auction-1920", "options": {"tie": "one_more_deal"}, "first_dealer": "N",
              "stopped": True, "deals": TIED}
    out = score(capsys, tmp_path, record)
    assert out.startswith("Auction Bridge (1920) with seed 001's options: tie-one-more-deal "
                          "(auction-1920+tie-one-more-deal), first dealer N")
    assert 'Options: tie "one_more_deal"' in out
    assert "An exact tie at 8 each: one more deal settles it (seed 001), dealt by S." in out
    data = json.loads(score(capsys, tmp_path, record, "--json"))
    assert data["options"] == {"tie": "one_more_deal"}
    assert (data["winner"], data["finished"], data["stopped"], data["deciding"]) == (None, False, False, True)
    assert data["totals"] == {"NS": 8, "EW": 8}


def test_seed001_tie_the_extra_deal_settles_it(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    record = {"ruleset": "auction-1920", "options": {"tie": "one_more_deal"}, "first_dealer": "N",
              "stopped": True, "deals": [*TIED, DECIDER]}
    out = score(capsys, tmp_path, record)
    # 8 + 18 = 26 for N/S, 8 for E/W: the session ends after the deciding deal.
    assert "N/S win by 18 (26 to 8)." in out
    data = json.loads(score(capsys, tmp_path, record, "--json"))
    assert (data["winner"], data["finished"], data["stopped"], data["deciding"]) == ("NS", True, True, False)
    assert [d["points"] for d in data["deals"]] == [{"NS": 8, "EW": 0}, {"NS": 0, "EW": 8}, {"NS": 18, "EW": 0}]


def test_seed001_tie_a_passed_out_extra_deal_settles_nothing(capsys: pytest.CaptureFixture[str],
                                                             tmp_path: Path) -> None:
    record = {"ruleset": "auction-1920", "options": {"tie": "one_more_deal"}, "stopped": True,
              "deals": [*TIED, {"contract": "pass"}]}
    data = json.loads(score(capsys, tmp_path, record, "--json"))
    assert (data["winner"], data["deciding"], data["totals"]) == (None, True, {"NS": 8, "EW": 8})


def test_seed001_tie_short_session_of_two_deals_ends_tied_so_a_third_is_played(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    record = {"ruleset": "auction-1920", "options": {"deals": 2, "tie": "one_more_deal"}, "deals": TIED}
    data = json.loads(score(capsys, tmp_path, record, "--json"))
    assert data["ruleset"] == "auction-1920+2-deals+tie-one-more-deal"
    assert (data["winner"], data["finished"], data["deciding"]) == (None, False, True)
    record["deals"] = [*TIED, DECIDER]
    data = json.loads(score(capsys, tmp_path, record, "--json"))
    assert (data["winner"], data["finished"], data["margin"]) == ("NS", True, 18)
    # Without the option the two deals end the session in a tie.
    plain = {"ruleset": "auction-1920", "options": {"deals": 2}, "deals": TIED}
    assert json.loads(score(capsys, tmp_path, plain, "--json"))["winner"] == "tie"


def test_seed001_tie_a_rubber_won_is_not_unfinished(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # A rubber won ends the session whatever the tie rule: 1S making 10 is 36, game; twice: rubber.
    won = [{"contract": "1S", "declarer": "N", "tricks": 10}, {"contract": "1S", "declarer": "S", "tricks": 10}]
    record = {"ruleset": "auction-1920", "options": {"tie": "one_more_deal"}, "deals": won}
    data = json.loads(score(capsys, tmp_path, record, "--json"))
    assert (data["winner"], data["finished"], data["deciding"]) == ("NS", True, False)


@pytest.mark.parametrize("ruleset", ["royal-auction", "rubber"])
def test_seed001_tie_option_of_the_other_rubber_games(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                       ruleset: str) -> None:
    # Royal Auction: hearts 8 a trick as in 1920. Rubber: 1H made is 30 each, no games: a tie
    # (totals and games equal) under seed 003's rule too.
    record = {"ruleset": ruleset, "options": {"tie": "one_more_deal"}, "first_dealer": "N", "stopped": True,
              "deals": TIED}
    data = json.loads(score(capsys, tmp_path, record, "--json"))
    assert data["ruleset"] == f"{ruleset}+tie-one-more-deal"
    assert (data["winner"], data["deciding"]) == (None, True)
    record["deals"] = [*TIED, DECIDER]
    assert json.loads(score(capsys, tmp_path, record, "--json"))["winner"] == "NS"


def test_seed001_tie_bad_value_names_the_option(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({"ruleset": "auction-1920", "options": {"tie": "coin"}, "deals": []}))
    assert main(["score", str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and "options.tie" in err and '"coin"' in err
