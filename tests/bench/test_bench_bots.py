"""A CI-sized ``bazas bench bots --quick`` run: it completes and writes a well-formed report
(no timing assertions)."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import pytest

from bazas.bench import bots as bench_bots
from bazas.bench.compare import load
from bazas.bench.summary import report_of


@pytest.mark.slow
def test_quick_bench_runs_and_reports(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    parser = argparse.ArgumentParser()
    bench_bots.add_arguments(parser)
    out = tmp_path / "report.json"
    records = tmp_path / "records.jsonl"
    args = parser.parse_args(["--quick", "--workers", "2", "--json", str(out), "--seed", "3",
                              "--problems", str(tmp_path / "missing.json"), "--records", str(records)])
    assert bench_bots.run(args) == 0
    report = json.loads(out.read_text())
    assert report["settings"]["quick"] is True
    assert len(report["deals"]) == 4 and len(report["boards"]) == 4
    metrics = report["metrics"]
    for key in ("declarer_suit_error_pct", "latency_mean_s", "latency_p99_s", "tricks_lost_declarer_per_deal",
                "par_abs_imps_per_deal", "bid_latency_mean_ms", "bid_latency_p99_ms"):
        assert key in metrics
    assert set(bench_bots.TARGETS) <= set(report["targets"])
    assert metrics["calls"] >= 4 * 4 and metrics["bid_latency_mean_ms"] > 0  # every call timed, issue 7
    assert "imps_per_board" in report["match"]
    assert not (tmp_path / "bench" / "bots.json").exists()  # quick runs do not overwrite the saved report
    # `bazas bench summary` rebuilds the card-play report from the run's records.
    rebuilt = report_of(load(records))
    assert rebuilt["metrics"]["cards"] == metrics["cards"]
    for key in ("declarer_suit_error_pct", "defence_suit_error_pct", "lead_suit_best_pct", "latency_p99_s",
                "tricks_lost_defence_per_deal", "par_abs_imps_per_deal"):
        assert rebuilt["metrics"][key] == metrics[key]
    assert rebuilt["settings"]["seed"] == 3 and rebuilt["settings"]["budget"] == report["settings"]["budget"]


def test_summary_of_hand_made_records() -> None:
    cards = [{"index": 0, "par_ns": 420, "score_ns": 420, "dd_score_ns": 450, "contract": "4S", "notrump": False,
              "cards": [["declarer", 0, 0.1], ["declarer", 1, 0.3], ["defence", 0, 0.2], ["defence", 0, 0.1]],
              "lead": True, "consistency": [4, 4], "calls_timing": [[0.002, 0.001], [0.004, 0.003]]}]
    boards = [{"imps": 6}, {"imps": -1}, {"imps": 3}]
    summary = bench_bots.summarise(cards, boards)
    m = summary["metrics"]
    assert m["declarer_suit_error_pct"] == 50.0 and m["defence_suit_error_pct"] == 0.0
    assert m["lead_suit_best_pct"] == 100.0 and m["self_consistency_pct"] == 100.0
    assert m["calls"] == 2 and m["bid_latency_mean_ms"] == 3.0 and m["bid_cpu_mean_ms"] == 2.0
    assert summary["match"]["total_imps"] == 8 and len(summary["match"]["ci95"]) == 2
