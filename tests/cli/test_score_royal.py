"""``bazas score`` for Royal Auction and nullos (issue 11): the same session record as for
auction-1920, contracts like ``2RS``/``2L`` and ``1NU``/``1 nullo``, ``--json`` per deal and in total.

Every figure is worked from the Whist Club laws of 1912-1913 as printed in M. C. Work, "Auction of
To-day" (1913; Laws 2-10, 42-56), their November 1913 revision, and the nullo rulings of
docs/rules/royal-auction-and-nullos.md.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bazas.cli.main import main

#: A whole Royal Auction rubber with nullos. First dealer N, then E, S, W, N.
RUBBER = {
    "ruleset": "royal-auction",
    "options": {"nullos": True},
    "first_dealer": "N",
    "deals": [
        # 1. N: one royal, ten tricks: 4 x 9 = 36 below (Law 47), game; N's four spade honours
        #    8 x 9 = 72 above (Law 6).
        {"contract": "1RS", "declarer": "N", "tricks": 10, "honours": {"N": ["SA", "SK", "SQ", "SJ"]}},
        # 2. E: two nullos, E/W win two tricks (lose eleven): 5 x 10 = 50 below, game E/W.
        {"contract": "2 nullo", "declarer": "E", "tricks": 2},
        # 3. S: the dealer's one spade doubled, three down: 300, limited to 100 (Law 48).
        {"contract": "1SX", "declarer": "S", "tricks": 4},
        # 4. W: two lilies doubled by E/W, eight tricks: 2 x 9 x 2 = 36 below, game and rubber
        #    (250); 50 for making it doubled (Law 56).
        {"contract": "2LX", "declarer": "W", "tricks": 8},
    ],
}


def run(capsys: pytest.CaptureFixture[str], tmp_path: Path, record: dict[str, Any], *flags: str,
        ) -> tuple[int, str, str]:
    path = tmp_path / "royal.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    code = main(["score", str(path), *flags])
    out, err = capsys.readouterr()
    return code, out, err


def test_issue11_royal_rubber_with_nullos_json_per_deal_and_totals(capsys: pytest.CaptureFixture[str],
                                                                    tmp_path: Path) -> None:
    code, out, err = run(capsys, tmp_path, RUBBER, "--json")
    assert code == 0 and err == ""
    data = json.loads(out)
    assert data["ruleset"] == "royal-auction+nullos"
    deals = data["deals"]
    assert [d["contract"] for d in deals] == ["1RS", "2NU", "1SX", "2RSX"]
    assert [d["below"] for d in deals] == [{"NS": 36, "EW": 0}, {"NS": 0, "EW": 50}, {"NS": 0, "EW": 0},
                                           {"NS": 0, "EW": 36}]
    assert [d["above"] for d in deals] == [{"NS": 72, "EW": 0}, {"NS": 0, "EW": 0}, {"NS": 0, "EW": 100},
                                           {"NS": 0, "EW": 300}]
    assert [d["game_won_by"] for d in deals] == ["NS", "EW", None, "EW"]
    assert [i["kind"] for i in deals[3]["items"]] == ["trick score", "insult", "rubber bonus"]
    assert data["games"] == {"NS": 1, "EW": 2}
    assert data["totals"] == {"NS": 108, "EW": 486}
    assert (data["finished"], data["winner"], data["margin"]) == (True, "EW", 378)


def test_issue11_royal_text_sheet_shows_royals_and_nullos(capsys: pytest.CaptureFixture[str],
                                                          tmp_path: Path) -> None:
    code, out, err = run(capsys, tmp_path, RUBBER)
    assert code == 0 and err == ""
    assert "Royal Auction Bridge" in out and "with nullos" in out
    assert "1RS N +3" in out  # ten tricks on a contract for seven
    assert "2NU E +3" in out  # eleven tricks lost on a contract to lose eight
    assert "1SX S -3" in out
    assert "108 | 486" in out and "E/W win by 378" in out


def test_issue11_royal_without_nullos_rejects_a_nullo_naming_deal_and_field(capsys: pytest.CaptureFixture[str],
                                                                             tmp_path: Path) -> None:
    record = {"ruleset": "royal-auction", "deals": [{"contract": "1NU", "declarer": "N", "tricks": 3}]}
    code, out, err = run(capsys, tmp_path, record)
    assert code == 2 and out == ""
    assert "deal 1, field 'contract'" in err and "expected S, C, D, H, RS, NT" in err


def test_issue11_royal_dealer_must_bid_pass_is_an_error(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    record = {"ruleset": "royal-auction", "deals": [{"contract": "pass"}]}
    code, out, err = run(capsys, tmp_path, record)
    assert code == 2 and out == "" and "deal 1" in err and "dealer must bid (Law 42)" in err


def test_issue11_auction_1920_with_nullos_json(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    record = {"ruleset": "auction-1920", "options": {"nullos": True},
              "deals": [{"contract": "3NUX", "declarer": "N", "tricks": 5},
                        {"contract": "1 nullo", "declarer": "E", "tricks": 0}]}
    code, out, err = run(capsys, tmp_path, record, "--json")
    assert code == 0 and err == ""
    data = json.loads(out)
    assert data["ruleset"] == "auction-1920+nullos"
    # 1: three nullos doubled, one short: 100 to E/W. 2: E/W lose all thirteen: 7 x 10 = 70 below,
    #    game, and the grand slam (100, seed 000) for losing them all.
    assert [d["points"] for d in data["deals"]] == [{"NS": 0, "EW": 100}, {"NS": 0, "EW": 170}]
    assert data["totals"] == {"NS": 0, "EW": 270}


def test_issue11_royal_record_with_the_auction(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """The auction names the declarer: one royal by N, three clubs by E beats two royals (Law 44)."""
    record = {"ruleset": "royal-auction", "deals": [
        {"auction": ["1S", "1H", "1RS", "P", "2RS", "3C", "P", "P", "P"], "tricks": 9}]}
    code, out, err = run(capsys, tmp_path, record, "--json")
    assert code == 0 and err == ""
    d = json.loads(out)["deals"][0]
    assert (d["contract"], d["declarer"], d["below"]) == ("3C", "E", {"NS": 0, "EW": 18})
