"""``bazas bench compare``: `bench bots` runs on the same deals compared deal by deal."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bazas.bench.compare import compare_runs, declarer_results, lost_per_deal
from bazas.cli.main import main


def _record(index: int, costs: list[tuple[str, int]]) -> dict[str, object]:
    return {"index": index, "cards": [[role, cost, 0.1, 0.1, False] for role, cost in costs]}


BASE = [_record(0, [("defence", 1), ("declarer", 0), ("defence", 1)]),
        _record(1, [("defence", 0), ("declarer", 2)]),
        _record(2, [("defence", 0), ("declarer", 1)]),
        {"index": 3, "cards": []}]                                  # passed out: no cards
OTHER = [_record(0, [("defence", 0), ("declarer", 0), ("defence", 0)]),
         _record(1, [("defence", 0), ("declarer", 1)]),
         _record(2, [("defence", 1), ("declarer", 1)])]


def test_tricks_lost_are_summed_per_role_and_the_opening_lead_kept_apart() -> None:
    assert lost_per_deal(BASE) == {0: {"declarer": 0, "defence": 2, "lead": 1},
                                   1: {"declarer": 2, "defence": 0, "lead": 0},
                                   2: {"declarer": 1, "defence": 0, "lead": 0}}


def test_runs_are_paired_deal_by_deal_on_the_deals_both_played() -> None:
    report = compare_runs([BASE, OTHER[:2]])
    assert report["deals"] == 2
    defence = report["runs"][1]["defence"]
    assert defence["lost_per_deal"] == 0.0
    assert defence["against_first"]["better"] == 1 and defence["against_first"]["worse"] == 0
    assert defence["against_first"]["mean_diff"] == -1.0
    declarer = compare_runs([BASE, OTHER])["runs"][1]["declarer"]["against_first"]
    assert (declarer["better"], declarer["worse"]) == (1, 0)


def test_cli_prints_the_table_and_names_a_bad_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    a.write_text("\n".join(json.dumps(r) for r in BASE) + "\n", encoding="utf-8")
    b.write_text("\n".join(json.dumps(r) for r in OTHER) + "\n", encoding="utf-8")
    assert main(["bench", "compare", str(a), str(b), "--json", str(tmp_path / "out.json")]) == 0
    assert "3 deals in common" in capsys.readouterr().out
    assert json.loads((tmp_path / "out.json").read_text())["deals"] == 3
    b.write_text(json.dumps(OTHER[0]) + "\n{not json\n", encoding="utf-8")
    assert main(["bench", "compare", str(a), str(b)]) == 2
    assert "b.jsonl:2" in capsys.readouterr().out


def _played(index: int, contract: str, declarer: str, tricks: int, score_ns: int,
            lead: str = "SA") -> dict[str, object]:
    return {**_record(index, [("defence", 0), ("declarer", 0)]), "contract": contract, "declarer": declarer,
            "tricks": tricks, "score_ns": score_ns, "play": [lead, "S2"]}


# The same four deals played twice: an overtrick more for N/S in 4S (420 -> 450, 30 points: 1 IMP on
# the WBF scale), E/W's 3NT made and then down one (declarer's side +400 -> -50: 450 points, 10 IMPs
# lost), the same result, and a deal the second run bid to another contract.
FIRST = [_played(0, "4S", "N", 10, 420), _played(1, "3NT", "E", 9, -400), _played(2, "2H", "S", 8, 110),
         _played(3, "3NT", "N", 9, 400)]
SECOND = [_played(0, "4S", "N", 11, 450), _played(1, "3NT", "E", 8, 50), _played(2, "2H", "S", 8, 110, "D3"),
          _played(3, "4H", "N", 10, 420)]


def test_real_results_are_declarers_side_scores() -> None:
    assert declarer_results(FIRST)[1] == ("3NT", 9, 400, "SA")
    assert declarer_results(SECOND)[1] == ("3NT", 8, -50, "SA")


def test_real_results_compare_the_play_in_imps_and_leave_other_contracts_apart() -> None:
    run = compare_runs([FIRST, SECOND])["runs"][1]
    real = run["results_against_first"]
    assert real["deals"] == 3 and real["other_contract"] == 1
    assert real["lead_differs"] == 1                      # deal 2, led differently in the same contract
    assert real["imps"] == 1 - 10 and real["differ"] == 2
    assert real["tricks_diff"] == 0.0                     # +1 and -1 in the same contracts
    assert real["ci95"][0] < real["mean"] < real["ci95"][1]
    assert run["declarer_tricks"] == (11 + 8 + 8 + 10) / 4


def test_cli_prints_the_real_results(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    a.write_text("\n".join(json.dumps(r) for r in FIRST) + "\n", encoding="utf-8")
    b.write_text("\n".join(json.dumps(r) for r in SECOND) + "\n", encoding="utf-8")
    assert main(["bench", "compare", str(a), str(b)]) == 0
    out = capsys.readouterr().out
    assert "real results" in out and "-9" in out
