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
    assert "signals" in printed and "blind" in printed and "where the real hands fall" in printed
    assert "where the unseen honours lie" in printed and "Brier score per configuration" in printed
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
        # The calibration of the same decisions: every hidden hand's five features, each decision once.
        calibration = report["calibration"][group]
        assert len(calibration) == 10 and all(c["decisions"] == len(mine) for c in calibration.values())
        honours = report["honours"][group]
        assert honours["forecasts"] == sum(len(e["honours"]) for e in mine)
        assert sum(b["forecasts"] for b in honours["bins"]) == honours["forecasts"]
        # A player that reads nothing forecasts the honours as dealt; the defaults as the report's own.
        assert honours["configs"]["blind"]["brier"] == pytest.approx(honours["brier_dealt"], abs=1e-4)
        assert honours["configs"]["defaults"]["brier"] == pytest.approx(honours["brier_read"], abs=1e-4)
        assert "against_first" in honours["configs"]["blind"]


def test_issue9_bench_readings_refuses_what_it_cannot_read(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "readings", str(tmp_path / "missing.jsonl")]) == 2
    assert "missing.jsonl" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        main(["bench", "readings", str(tmp_path / "missing.jsonl"), "--cards", "one-two"])
    assert "--cards" in capsys.readouterr().err


def test_issue9_bench_readings_calibration_places_the_real_hands_among_the_dealt(records: list[dict[str, Any]]) -> None:
    # Recomputed here for the first decisions of a few deals: the same layouts dealt (the same
    # random stream), the real hand's HCP and lengths ranked among theirs by a count of our own.
    import random

    from bazas.bench.bots import _context
    from bazas.bench.decisions import play_states
    from bazas.bots.play import CardPlayer
    from bazas.bots.player import bot_for
    from bazas.bots.sampling import sample_layouts
    from bazas.engine.cards import Hand, Suit
    from bazas.engine.deal import Board
    from bazas.engine.views import view_of

    checked = 0
    for rec in [r for r in records if r.get("cards")][:4]:
        entries = bench_readings.readings_task(rec, "all", {1, 2}, 30, {"defaults": {}})
        states = dict(play_states(rec))
        for e in entries:
            state = states[e["card"]]
            assert state.actor is not None and state.play is not None
            view = view_of(state, state.actor)
            assert view.seat is not None and view.declarer is not None
            player = bot_for("duplicate", "normal").card_player
            assert isinstance(player, CardPlayer)
            knowledge = player._knowledge(view, _context(Board(int(rec["index"]) + 1)), with_constraints=True)
            dealt = sample_layouts(knowledge, 30, random.Random(f"bench-readings-{rec.get('seed', 1)}-{rec['index']}-{e['card']}"))
            defending = e["role"] == "defence"
            names = {view.seat.partner: "partner", view.declarer: "declarer"} if defending else \
                {view.declarer.lho: "leader", view.declarer.rho: "leader's partner"}
            assert set(e["calibration"]) == {f"{names[s]} {f}" for s in knowledge.hidden for f in bench_readings.FEATURES}
            for seat in knowledge.hidden:
                real = Hand(state.play.hands[seat] | knowledge.played[seat])
                hands = [Hand(lay[seat] | knowledge.played[seat]) for lay in dealt.layouts]
                for feature, measure in (("HCP", Hand.hcp), ("hearts", lambda h: h.length(Suit.H)),
                                         ("clubs", lambda h: h.length(Suit.C))):
                    below = sum(w for h, w in zip(hands, dealt.weights, strict=True) if measure(h) < measure(real))
                    ties = sum(w for h, w in zip(hands, dealt.weights, strict=True) if measure(h) == measure(real))
                    as_dealt, after = e["calibration"][f"{names[seat]} {feature}"]
                    assert as_dealt == pytest.approx((below + ties / 2) / sum(dealt.weights))
                    assert after is None or 0.0 <= after <= 1.0
                    checked += 1
            # The unseen aces, kings, queens and jacks: the share of the dealt layouts in which the
            # first hidden hand holds each, and whether it really does.
            first = view.seat.partner if defending else view.declarer.lho
            unseen = [c for c in range(52) if c % 13 >= 9 and not any(
                (h >> c) & 1 for h in (*knowledge.known.values(), *knowledge.played.values()))]
            assert [y for _, _, y in e["honours"]] == [(state.play.hands[first] >> c) & 1 for c in unseen]
            for (as_dealt, after, _), c in zip(e["honours"], unseen, strict=True):
                held = sum(w for lay, w in zip(dealt.layouts, dealt.weights, strict=True) if (lay[first] >> c) & 1)
                assert as_dealt == pytest.approx(held / sum(dealt.weights)) and 0.0 <= after <= 1.0
    assert checked > 0


def test_issue9_bench_readings_calibration_summary_averages_deals_first() -> None:
    # Two deals: one with three decisions at 0.9, one with one at 0.1. Over deals the mean is 0.5
    # (not 0.7, as over decisions); the tenths count decisions.
    entries = [{"index": 0, "card": c, "role": "defence", "notrump": False,
                "calibration": {"partner HCP": [0.9, 0.95]}} for c in (1, 2, 3)]
    entries.append({"index": 1, "card": 1, "role": "defence", "notrump": False,
                    "calibration": {"partner HCP": [0.1, 0.05]}})
    row = bench_readings.calibration_summary(entries)["defence, suit"]["partner HCP"]
    assert row["dealt"]["mean"] == pytest.approx(0.5) and row["dealt"]["deals"] == 2
    assert row["read"]["mean"] == pytest.approx(0.5)
    assert row["decisions"] == 4 and row["low_tenth"] == pytest.approx(0.25) and row["high_tenth"] == pytest.approx(0.75)
