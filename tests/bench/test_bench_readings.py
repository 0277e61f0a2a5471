"""``bazas bench readings`` (issue 9): how much each reading of the play tells about the real layout,
on the positions of a ``bench bots`` run. Checked: the decisions measured are those asked, a player
that reads nothing gives the real layout exactly the average weight, and the report's figures are
those of its decisions."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest

from bazas.bench import readings as bench_readings
from bazas.cli.main import main

from .runs import played_records

SEED = 7
BUDGET = 0.03
#: A card player that reads nothing of the play: every layout dealt weighs the same.
READS_NOTHING = {"lead_inference": 0.0, "declarer_lead_inference": 0.0, "sequence_reading": 1.0,
                 "restricted_choice": False, "habit_reading": 1.0, "signals": False, "read_signals": False}


@pytest.fixture(scope="module")
def records() -> list[dict[str, Any]]:
    return played_records(SEED, BUDGET)


def test_issue9_bench_readings_weighs_the_real_layout_against_the_dealt_ones(records: list[dict[str, Any]]) -> None:
    configs = {"defaults": {}, "blind": READS_NOTHING}
    measured = 0
    for rec in records:
        if not rec.get("cards"):
            continue
        entries = bench_readings.readings_task(rec, "defence", set(range(1, 12)), 40, configs)
        # The defenders' decisions of the first three tricks (a defender is never dummy).
        expected = [i for i, (who, *_) in enumerate(rec["cards"][:12]) if i > 0 and who == "defence"]
        assert [e["card"] for e in entries] == expected
        for e in entries:
            assert e["role"] == "defence" and set(e["readings"]) == set(bench_readings.READINGS)
            # Reading nothing, the real layout weighs what the average dealt layout weighs.
            assert e["configs"]["blind"] == pytest.approx(0.0, abs=1e-12)
            assert e["configs"]["defaults"] is not None and math.isfinite(e["configs"]["defaults"])
            measured += 1
    assert measured > 0


def test_issue9_bench_readings_command_reports_its_decisions(records: list[dict[str, Any]], tmp_path: Path,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "run.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    out = tmp_path / "readings.json"
    assert main(["bench", "readings", str(path), "--role", "all", "--cards", "1-7", "--layouts", "30",
                 "--workers", "1", "--config", "blind=" + json.dumps(READS_NOTHING), "--json", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "signals" in printed and "blind" in printed
    report = json.loads(out.read_text(encoding="utf-8"))
    assert report["settings"]["held_out"] is False          # seed 7's first 400 deals are tuning deals
    entries = report["decisions"]
    assert entries and all(1 <= e["card"] <= 7 for e in entries)
    for group, row in report["metrics"].items():
        role, kind = group.split(", ")
        mine = [e for e in entries if e["role"] == role and e["notrump"] == (kind == "notrump")]
        values = [e["configs"]["defaults"] for e in mine]
        assert row["configs"]["defaults"]["decisions"] == len(values)
        assert row["configs"]["defaults"]["mean"] == pytest.approx(sum(values) / len(values), abs=1e-4)
        assert row["configs"]["blind"]["against_first"]["mean"] == pytest.approx(-sum(values) / len(values), abs=1e-4)


def test_issue9_bench_readings_refuses_what_it_cannot_read(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "readings", str(tmp_path / "missing.jsonl")]) == 2
    assert "missing.jsonl" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        main(["bench", "readings", str(tmp_path / "missing.jsonl"), "--cards", "one-two"])
    assert "--cards" in capsys.readouterr().err
