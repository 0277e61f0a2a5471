"""``bazas bench decisions`` (issue 9): one kind of card-play decision of a ``bench bots`` run, replayed
under several configurations. Its figures rest on two things checked here against the full bench's
own records (the independent computation): the decisions replayed are exactly those of the kind
asked, and the run's card at each is costed as the full bench costed it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bazas.bench import decisions as bench_decisions
from bazas.cli.main import main

from .runs import played_records

SEED = 7
BUDGET = 0.03


@pytest.fixture(scope="module")
def records() -> list[dict[str, Any]]:
    return played_records(SEED, BUDGET)


@pytest.mark.parametrize(("role", "place"), [("defence", "lead"), ("declarer", "3rd"), ("all", "2nd")])
def test_issue9_bench_decisions_replays_the_decisions_asked_and_costs_them(
        records: list[dict[str, Any]], role: str, place: str) -> None:
    configs = {"defaults": {}, "no_signals": {"signals": False}}
    estimates = 0
    for rec in records:
        if not rec.get("cards"):
            continue
        replayed = bench_decisions.decision_task(rec, role, place, BUDGET, configs)
        expected = [i for i, (who, *_) in enumerate(rec["cards"])
                    if i > 0 and role in ("all", who) and ("lead", "2nd", "3rd", "4th")[i % 4] == place]
        assert [d["card"] for d in replayed] == expected
        for d in replayed:
            assert d["place"] == place and (role == "all" or d["role"] == role)
            if not d["matters"]:
                # Every legal card the same double dummy: the run's card cost nothing either.
                assert rec["cards"][d["card"]][1] == 0
                continue
            best = max(d["dd"].values())
            assert len(set(d["dd"].values())) > 1
            # The run's own card, costed as the full bench costed it.
            played = d["choices"][bench_decisions.PLAYED]
            assert played["card"] == rec["play"][d["card"]]
            assert played["cost"] == rec["cards"][d["card"]][1]
            for name in configs:
                choice = d["choices"][name]
                assert choice["card"] in d["dd"]
                assert choice["cost"] == best - d["dd"][choice["card"]]
                if "tricks" in choice:
                    # The player's own estimate, one card per class of equals, for every class.
                    assert set(choice["tricks"]) <= set(d["dd"]) and set(choice["best_share"]) == set(choice["tricks"])
                    assert all(0.0 <= v <= 1.0 for v in choice["best_share"].values())
                    # The share of the player's own layouts in which the cards differ (it may be
                    # 0 even though the decision matters on the real layout: a sample can miss it).
                    assert 0.0 <= choice["differ_share"] <= 1.0
                    estimates += 1
    assert estimates > 0 or place != "lead"


def test_issue9_bench_decisions_counts_each_error_once_by_its_margin(records: list[dict[str, Any]]) -> None:
    # The errors of each configuration, binned by how far the card chosen stood above a right card
    # in the player's own estimate: every error in exactly one bin, the margin recomputed here.
    configs: dict[str, dict[str, Any]] = {"defaults": {}}
    decisions = [d for rec in records if rec.get("cards")
                 for d in bench_decisions.decision_task(rec, "defence", "lead", BUDGET, configs)]
    m = bench_decisions.summarise(decisions, ["defaults"])["defaults"]
    assert sum(m["error_margins"].values()) == m["suit_errors"] + m["nt_errors"]
    # Its own estimate's expected errors, recomputed from the shares of the decisions it estimated.
    estimated = [d["choices"]["defaults"] for d in decisions if d.get("matters") and d["choices"]["defaults"].get("best_share")]
    assert m["calibration"]["decisions"] == len(estimated)
    assert m["calibration"]["errors"] == sum(c["cost"] > 0 for c in estimated)
    # Each decision's risk given that it matters: (1 - share of the card chosen) / share of the
    # layouts in which the cards differ, at most one.
    assert m["calibration"]["expected_errors"] == pytest.approx(
        sum(min(1.0, (1 - c["best_share"].get(c["card"], max(c["best_share"].values()))) / (c["differ_share"] or 1.0))
            for c in estimated), abs=0.01)
    assert sum(b[0] for b in m["calibration"]["by_share"].values()) == len(estimated)
    assert sum(b[2] for b in m["calibration"]["by_share"].values()) == m["calibration"]["errors"]
    # The same split by kind of decision: the defenders' only here, suit and notrump partitioning the whole.
    kinds = m["calibration_by_kind"]
    assert kinds and set(kinds) <= {"defence suit", "defence notrump"}
    for key in ("decisions", "errors"):
        assert sum(k[key] for k in kinds.values()) == m["calibration"][key]
    assert sum(k["expected_errors"] for k in kinds.values()) == pytest.approx(m["calibration"]["expected_errors"], abs=0.02)
    for strain, nt in (("suit", False), ("notrump", True)):
        errors = sum(d["choices"]["defaults"]["cost"] > 0 for d in decisions
                     if d.get("matters") and d["notrump"] == nt and d["choices"]["defaults"].get("best_share"))
        assert kinds.get(f"defence {strain}", {"errors": 0})["errors"] == errors
    for d in decisions:
        if not d.get("matters") or d["choices"]["defaults"]["cost"] <= 0:
            continue
        choice = d["choices"]["defaults"]
        margin = bench_decisions.error_margin(d, "defaults")
        if "tricks" not in choice:
            assert margin is None
            continue
        best = max(d["dd"].values())
        right = [t for card, t in choice["tricks"].items() if d["dd"][card] == best]
        if not right:
            assert margin is None
            continue
        assert margin == pytest.approx(choice["tricks"].get(choice["card"], max(choice["tricks"].values())) - max(right))


def test_issue9_bench_decisions_cli_prints_the_comparison(records: list[dict[str, Any]], tmp_path: Path,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "run.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in records))
    out_json = tmp_path / "report.json"
    assert main(["bench", "decisions", str(path), "--role", "all", "--place", "2nd", "--budget", str(BUDGET),
                 "--workers", "1", "--config", 'cheap={"max_samples": 4}', "--json", str(out_json)]) == 0
    printed = capsys.readouterr().out
    assert "as played" in printed and "cheap" in printed and "decisions matter" in printed
    report = json.loads(out_json.read_text())
    # Seed 7's first 400 deals are tuning deals since 6 December (bench.bots.TUNING_DEALS).
    assert report["settings"]["seed"] == SEED and report["settings"]["held_out"] is False
    m = report["metrics"]
    assert m["decisions"] == sum(1 for r in records for i in range(1, len(r.get("cards", []))) if i % 4 == 1)
    assert m["decisions_that_matter"] == sum(d["matters"] for d in report["decisions"])
    if m["decisions_that_matter"]:
        assert "against_defaults" in m["cheap"]
        # Each card's score on the real layout: a card that loses no trick scores at least as much
        # as any other; the IMPs against the defaults are those of the scores' differences.
        from bazas.engine.rulesets import imps

        total = 0
        for d in report["decisions"]:
            if not d["matters"]:
                continue
            scores = {c["card"]: (c["cost"], c["score"]) for c in d["choices"].values()}
            top = max(score for _, score in scores.values())
            assert all(score == top for cost, score in scores.values() if cost == 0)
            delta = d["choices"]["cheap"]["score"] - d["choices"]["defaults"]["score"]
            total += imps(delta) if delta >= 0 else -imps(-delta)
        assert m["cheap"]["imps_against_defaults"]["imps"] == total


def test_issue9_bench_decisions_bad_input_is_named(records: list[dict[str, Any]], tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "run.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in records))
    assert main(["bench", "decisions", str(path), "--config", "nojson"]) == 2
    assert "expected NAME=JSON" in capsys.readouterr().out
    assert main(["bench", "decisions", str(path), "--first", "50"]) == 2
    assert "no deal record in the range" in capsys.readouterr().out
    broken = tmp_path / "broken.jsonl"
    broken.write_text(json.dumps(records[0]) + "\n{not json\n")
    assert main(["bench", "decisions", str(broken)]) == 2
    assert "broken.jsonl:2" in capsys.readouterr().out


def test_issue9_bench_decisions_tricks_option_replays_those_tricks_only(records: list[dict[str, Any]], tmp_path: Path,
                                                                       capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "run.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in records))
    out_json = tmp_path / "report.json"
    assert main(["bench", "decisions", str(path), "--role", "all", "--place", "all", "--tricks", "2,4",
                 "--budget", str(BUDGET), "--workers", "1", "--json", str(out_json)]) == 0
    report = json.loads(out_json.read_text())
    assert report["settings"]["tricks"] == [2, 4]
    # Cards 4-7 and 12-15 of each deal (tricks two and four), every one of them.
    expected = sorted((int(r["index"]), i) for r in records for i in range(len(r.get("cards", [])))
                      if i // 4 + 1 in (2, 4))
    assert sorted((d["index"], d["card"]) for d in report["decisions"]) == expected
    with pytest.raises(SystemExit) as bad:   # argparse's refusal: the usage and the reason
        main(["bench", "decisions", str(path), "--tricks", "second"])
    assert bad.value.code == 2
    assert "--tricks 'second': expected numbers" in capsys.readouterr().err


@pytest.mark.parametrize("strain", ["nt", "suit"])
def test_issue9_bench_decisions_strain_option_replays_those_contracts_only(
        records: list[dict[str, Any]], tmp_path: Path, strain: str, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "run.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in records))
    out_json = tmp_path / "report.json"
    code = main(["bench", "decisions", str(path), "--role", "declarer", "--place", "lead", "--strain", strain,
                 "--budget", str(BUDGET), "--workers", "1", "--json", str(out_json)])
    if not any(bool(r.get("notrump")) == (strain == "nt") for r in records):
        # None of the run's deals was played in that kind of contract: refused, and said why.
        assert code == 2
        assert f"no deal record in the range asked (--strain {strain})" in capsys.readouterr().out
        return
    assert code == 0
    report = json.loads(out_json.read_text())
    assert report["settings"]["strain"] == strain
    # Declarer's leads (but the opening lead) of the deals played at notrump, or in a suit, all of them.
    expected = sorted((int(r["index"]), i) for r in records for i in range(1, len(r.get("cards", [])))
                      if bool(r.get("notrump")) == (strain == "nt") and r["cards"][i][0] == "declarer"
                      and i % 4 == 0)
    assert sorted((d["index"], d["card"]) for d in report["decisions"]) == expected
