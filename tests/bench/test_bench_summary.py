"""``bazas bench summary``: the report of a ``bench bots --records`` file, for a run going on,
stopped or finished (issue 9: measures added since a run was made are computed on its cards)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bazas.bench import bots as bench_bots
from bazas.bench.summary import one_run, report_of
from bazas.cli.main import main


def _record(index: int, costs: list[tuple[str, int]], seed: int = 5) -> dict[str, object]:
    return {"seed": seed, "budget": 0.5, "player_options": {}, "index": index, "par_ns": 0, "score_ns": 0,
            "dd_score_ns": 0, "contract": "4S", "notrump": False, "lead": costs[0][1] == 0,
            "cards": [[role, cost, 0.1, 0.1, False] for role, cost in costs]}


RUN = [_record(0, [("defence", 1), ("declarer", 0), ("defence", 0), ("defence", 1)]),
       _record(1, [("defence", 0), ("declarer", 1), ("defence", 0), ("declarer", 0)])]


def test_the_report_of_records_is_the_bench_report_of_those_deals() -> None:
    report = report_of([dict(r) for r in RUN])
    assert report["metrics"] == bench_bots.summarise([dict(r) for r in RUN], [])["metrics"]
    assert report["metrics"]["defence_suit_error_pct"] == 40.0               # 2 of 5
    assert report["metrics"]["defence_suit_error_pct_after_lead"] == 33.33   # 1 of 3: each deal's lead left out
    assert report["targets"]["lead_suit_best_pct"]["met"] is False          # one of two leads best
    assert report["settings"]["seed"] == 5 and report["settings"]["budget"] == 0.5
    assert report["settings"]["tuning"]["held_out"] is True                 # seed 5 was never tuned on


def test_a_deal_recorded_twice_counts_once() -> None:
    again = _record(0, [("defence", 0), ("declarer", 0)])
    deals, _ = one_run(RUN + [again])
    assert [d["index"] for d in deals] == [0, 1] and deals[0] is again


def test_cli_prints_the_report_and_refuses_two_runs_in_one_file(tmp_path: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "run.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in RUN), encoding="utf-8")
    out = tmp_path / "report.json"
    assert main(["bench", "summary", str(path), "--json", str(out)]) == 0
    assert "defence after the opening lead" in capsys.readouterr().out
    assert json.loads(out.read_text())["metrics"]["cards"]["defence_suit"] == 5
    path.write_text("".join(json.dumps(r) + "\n" for r in RUN + [_record(2, [("defence", 0)], seed=1)]),
                    encoding="utf-8")
    assert main(["bench", "summary", str(path)]) == 2
    assert "record 3 (deal 2) is of seed 1" in capsys.readouterr().out


def _summary_section(tmp_path: Path, run: list[dict[str, object]], option: str, title: str,
                     capsys: pytest.CaptureFixture[str]) -> Any:
    """``bazas bench summary RUN --json`` with ``option``: the report's section it adds (its
    name without the dashes), once its table (``title``) was printed."""
    path = tmp_path / "run.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in run), encoding="utf-8")
    out = tmp_path / "report.json"
    assert main(["bench", "summary", str(path), option, "--json", str(out)]) == 0
    assert title in capsys.readouterr().out
    return json.loads(out.read_text())[option.lstrip("-")]


def test_issue9_where_the_errors_fall_by_tricks_and_place_in_the_trick(tmp_path: Path,
                                                                       capsys: pytest.CaptureFixture[str]) -> None:
    """``--where``: each side's cards that lost a trick and its cards played, by tricks and place
    (RUN: the defence's two opening leads, one lost; declarer's two second-hand cards, one lost;
    the defence's fourth-hand card of deal 0 lost)."""
    where = _summary_section(tmp_path, RUN, "--where", "where the errors fall", capsys)
    first = where["defence, suit"]["1"]
    assert (first["lead"], first["3rd"], first["4th"]) == ([1, 2], [0, 2], [1, 1])
    assert where["declarer, suit"]["1"]["2nd"] == [1, 2] and where["declarer, suit"]["1"]["4th"] == [0, 1]
    # every card counted once, and nothing where nothing was played
    assert sum(n for group in where.values() for band in group.values() for _, n in band.values()) == 8
    assert where["defence, notrump"]["2-5"]["lead"] == [0, 0]


def test_issue9_where_the_time_goes_by_tricks(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``--latency``: the p99 goal's cards by where they fall (here the opening leads take 1.7 s
    and 1.2 s on the wall clock, 1.2 s of CPU each; every other card 0.1 s)."""
    run = [json.loads(json.dumps(r)) for r in RUN]
    run[0]["cards"][0][2:4] = [1.7, 1.2]
    run[1]["cards"][0][2:4] = [1.2, 1.2]
    latency = _summary_section(tmp_path, run, "--latency", "where the time goes", capsys)
    lead = latency["opening lead"]
    assert (lead["cards"], lead["over_goal"], lead["latency_max_s"], lead["cpu_median_s"]) == (2, 1, 1.7, 1.2)
    assert latency["1"] == {"cards": 6, "latency_median_s": 0.1, "latency_p99_s": 0.1, "latency_max_s": 0.1,
                            "cpu_median_s": 0.1, "cpu_p99_s": 0.1, "over_goal": 0}
    assert "2-5" not in latency   # no card played there
