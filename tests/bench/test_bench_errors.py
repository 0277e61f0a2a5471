"""``bazas bench errors``: the double-dummy errors of a bench report, each rebuilt at its decision.
The report here is made by hand: a deal played with the first legal card each time, its costs
computed by the solver independently of the command."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bazas.bench.errors import error_positions, kind_of
from bazas.bots import dds
from bazas.cli.main import main
from bazas.engine.calls import parse_call
from bazas.engine.cards import Card
from bazas.engine.deal import deal_from_seed
from bazas.engine.seats import Seat
from bazas.engine.state import DealState


def careless_report() -> dict[str, object]:
    deal = deal_from_seed("bench-errors-test")
    state = DealState.start(deal, Seat.N)
    calls = ["1NT", "P", "P", "P"]
    for c in calls:
        state = state.apply(parse_call(c)).after
    played = []
    while state.play is not None and not state.play.is_complete:
        card = state.play.legal_cards()[0]
        played.append(card)
        state = state.apply(card).after
    assert state.play is not None
    costs = dds.trick_costs(deal, played, state.play.strain, Seat.N)
    cards = [["declarer" if c.seat.side == Seat.N.side else "defence", c.cost, 0.0, 0.0] for c in costs]
    record = {"index": 0, "deal": deal.to_pbn(), "dealer": "N", "calls": calls, "contract": "1NT",
              "declarer": "N", "notrump": True, "cards": cards, "play": [str(c) for c in played]}
    return {"settings": {"budget": 0.05}, "deals": [record]}


def test_bench_errors_rebuilds_each_error_at_its_decision() -> None:
    report = careless_report()
    record = report["deals"][0]  # type: ignore[index]
    errors = error_positions(report)
    expected = [i for i, c in enumerate(record["cards"]) if c[1] > 0]
    assert expected, "playing the first legal card every time should lose a trick somewhere"
    assert [i for _, i, _ in errors] == expected
    for _, i, state in errors:
        assert state.play is not None and len(state.play.played) == i
        assert state.play.can(Card.parse(record["play"][i]))
    declarer_only = error_positions(report, role="declarer")
    assert all(record["cards"][i][0] == "declarer" for _, i, _ in declarer_only)
    assert error_positions(report, strain="suit") == []
    assert kind_of(0) == "opening lead" and kind_of(4) == "lead" and kind_of(6) == "3rd hand"


def test_bench_errors_command_summarises_and_replays(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    report = careless_report()
    path = tmp_path / "report.json"
    path.write_text(json.dumps(report))
    n = len(error_positions(report))
    assert main(["bench", "errors", str(path), "--limit", "1", "--budget", "0.02"]) == 0
    out = capsys.readouterr().out
    assert f"({n})" in out and "(played)" in out and "DD-best now" in out


def test_bench_errors_old_report_is_refused_with_a_clear_message(tmp_path: Path,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    report = careless_report()
    del report["deals"][0]["play"]  # type: ignore[index]
    path = tmp_path / "old.json"
    path.write_text(json.dumps(report))
    assert main(["bench", "errors", str(path)]) == 2
    assert "deal 0" in capsys.readouterr().out
