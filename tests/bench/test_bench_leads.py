"""``bazas bench leads`` (issue 9): the opening leads of the ``bench bots`` deal sets replayed alone.
Its use rests on one property: with the default options it bids each deal and leads exactly as
``bazas bench bots`` does, so a configuration is judged on the very decisions of the full bench.
The full bench's card task is the independent computation here."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bazas.bench import bots as bench_bots
from bazas.bench import leads as bench_leads
from bazas.cli.main import main

SEED = 7
BUDGET = 0.05


@pytest.mark.parametrize("index", [0, 1, 2])
def test_issue9_bench_leads_replays_the_lead_bench_bots_made(index: int) -> None:
    full = bench_bots._card_task(SEED, index, BUDGET)
    replay = bench_leads.lead_task(SEED, index, BUDGET, {"defaults": {}, "no_prior": {"lead_prior_weight": 0.0}})
    assert replay["calls"] == full["calls"]
    if full["contract"] is None:
        assert replay["contract"] is None
        return
    assert replay["contract"] == full["contract"] and replay["notrump"] == full["notrump"]
    lead = replay["leads"]["defaults"]
    assert lead["card"] == full["play"][0]
    # The double-dummy cost of the lead: the full bench's record of its first card.
    assert lead["cost"] == full["cards"][0][1]
    assert (lead["cost"] == 0) is full["lead"]
    # Every configuration leads a legal card, costed from the same double-dummy table.
    for other in replay["leads"].values():
        assert other["card"] in replay["dd"]
        assert other["cost"] == max(replay["dd"].values()) - replay["dd"][other["card"]]


@pytest.mark.parametrize("index", [0, 3])
def test_issue9_bench_leads_scores_each_lead_for_the_leaders_side(index: int) -> None:
    # The score of a lead is the duplicate score of the contract with the tricks the leader's side
    # takes on the real layout (the rest played double dummy), from the leader's side.
    from bazas.engine.calls import Contract
    from bazas.engine.rulesets import get
    from bazas.engine.seats import Seat

    replay = bench_leads.lead_task(SEED, index, BUDGET, {"defaults": {}})
    if replay["contract"] is None:
        pytest.skip("passed out")
    _, board = bench_bots.bench_deal(SEED, index)
    declarer = Seat[replay["declarer"]]
    vulnerable = board.vulnerability.is_vulnerable(declarer.side)
    contract = Contract.parse(replay["contract"])
    lead = replay["leads"]["defaults"]
    tricks = replay["dd"][lead["card"]]
    assert lead["score"] == -get("duplicate").declarer_score(contract, 13 - tricks, vulnerable)


def test_issue9_bench_leads_counts_imps_between_configurations() -> None:
    def rec(index: int, base: int, other: int, dd: dict[str, int]) -> dict[str, Any]:
        return {"index": index, "contract": "4S", "notrump": False, "dd": dd,
                "leads": {"defaults": {"card": "S2", "cost": 0, "cpu": 0.5, "score": base},
                          "new": {"card": "S3", "cost": 0, "cpu": 0.5, "score": other}}}

    records = [rec(0, -420, 50, {"S2": 3, "S3": 4}),       # the new lead sets 4S: +470, 10 IMPs
               rec(1, 50, 50, {"S2": 4, "S3": 4}),          # every lead alike: not counted
               rec(2, -420, -450, {"S2": 3, "S3": 2})]      # an overtrick given: -30, 1 IMP
    m = bench_leads.summarise(records, ["defaults", "new"])
    imps = m["new"]["imps_against_defaults"]
    assert imps["imps"] == 10 - 1 and imps["differ"] == 2 and imps["decisions"] == 2
    assert "imps_against_defaults" not in m["defaults"]


def test_issue9_bench_leads_shares_and_paired_comparison() -> None:
    def rec(index: int, nt: bool, base: int, other: int) -> dict[str, Any]:
        return {"index": index, "contract": "3NT" if nt else "4S", "notrump": nt,
                "leads": {"defaults": {"card": "S2", "cost": base, "cpu": 0.5, "solved": 4 + index, "dealing": 0.1},
                          "new": {"card": "S3", "cost": other, "cpu": 1.5, "solved": None, "dealing": 0.3}}}

    records: list[dict[str, Any]] = [rec(0, False, 0, 0), rec(1, False, 1, 0), rec(2, False, 0, 2), rec(3, True, 1, 1),
               {"index": 4, "contract": None, "calls": ["P", "P", "P", "P"]}]
    m = bench_leads.summarise(records, ["defaults", "new"])
    assert m["defaults"]["suit_leads"] == 3 and m["defaults"]["nt_leads"] == 1   # the passed-out deal counts nowhere
    assert round(m["defaults"]["suit_best_pct"], 2) == 66.67 and m["defaults"]["nt_best_pct"] == 0.0
    assert m["defaults"]["suit_best_ci95"] == list(bench_bots.wilson(2, 3) or ())
    assert m["defaults"]["tricks_lost_per_lead"] == 0.5 and m["new"]["tricks_lost_per_lead"] == 0.75
    versus = m["new"]["against_defaults"]
    assert versus["better"] == 1 and versus["worse"] == 1 and versus["mean_diff"] == 0.25
    assert "against_defaults" not in m["defaults"]
    assert m["new"]["cpu_mean_s"] == 1.5
    # Layouts solved and the dealing's CPU: means over the leads that report them (4, 5, 6, 7).
    assert m["defaults"]["solved_mean"] == 5.5 and m["new"]["solved_mean"] is None
    assert m["defaults"]["dealing_mean_s"] == 0.1 and m["new"]["dealing_mean_s"] == 0.3


def test_issue9_bench_leads_command_compares_configurations(tmp_path: Path) -> None:
    out = tmp_path / "leads.json"
    code = main(["bench", "leads", "--deals", "2", "--seed", str(SEED), "--workers", "1", "--budget", str(BUDGET),
                 "--config", 'f2={"opening_lead_factor": 2}', "--no-save", "--json", str(out)])
    assert code == 0
    report = json.loads(out.read_text(encoding="utf-8"))
    assert list(report["settings"]["configs"]) == ["defaults", "f2"]
    assert report["settings"]["held_out"] is False     # seed 7's first 400 deals: tuning deals since 6 December
    assert [r["index"] for r in report["deals"]] == [0, 1]
    assert "against_defaults" in report["metrics"]["f2"]
    # The IMPs of f2's leads against the defaults': counted from each lead's score on the real layout.
    assert all("score" in lead for r in report["deals"] if r.get("contract") for lead in r["leads"].values())
    assert "imps_against_defaults" in report["metrics"]["f2"]


@pytest.mark.parametrize("item, message", [
    ("f2", "expected NAME=JSON"),
    ("f2={not json}", "--config f2: not JSON"),
    ('f2={"no_such_option": 1}', "no_such_option"),
    ("defaults={}", "used twice"),
])
def test_issue9_bench_leads_refuses_a_bad_configuration(item: str, message: str,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "leads", "--deals", "1", "--config", item, "--no-save"]) == 2
    assert message in capsys.readouterr().out
