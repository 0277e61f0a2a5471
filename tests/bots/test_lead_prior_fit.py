"""``scripts/fit_lead_prior.py``: the tool that measured the lead table's values double dummy
(``bazas.bots.leads.DD_LEAD_VALUES``), checked on data whose answer is known."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from typing import Any

import pytest

from bazas.engine.deal import deal_from_seed
from bazas.engine.seats import Seat

SCRIPTS = Path(__file__).resolve().parents[2] / "scripts"
HEARTS = 2


def load_script(name: str = "fit_lead_prior") -> Any:
    """A script of ``scripts/`` as a module."""
    spec = importlib.util.spec_from_file_location(name, SCRIPTS / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_fit_finds_a_rule_that_wins_a_trick(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    # Made-up double-dummy results: against 4S, leading partner's suit (hearts) takes one trick
    # more than any other lead, and nothing else matters. The fit must find "partner's suit" worth
    # about a trick, and the prior it gives must pick a heart whenever the leader holds one.
    rows = []
    for i in range(120):
        hand = deal_from_seed(f"fit-test-{i}").hand(Seat.W).mask
        dd = {str(c): 3 + (c // 13 == HEARTS) for c in range(52) if hand >> c & 1}
        rows.append({"index": i, "contract": "4S", "leader": "W", "hand": hand, "partner_suits": [HEARTS],
                     "enemy_suits": [], "calls": [], "dd": dd})
    data = tmp_path / "leads.jsonl"
    data.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    module = load_script()
    monkeypatch.setattr("sys.argv", ["fit_lead_prior.py", "fit", str(data), "--ridge", "0.1", "--scale", "1"])
    assert module.main() == 0
    report = json.loads(capsys.readouterr().out)
    suit = report["kinds"]["suit"]
    assert suit["fitted"]["best"] == 1.0 and suit["fitted"]["lost"] == 0.0
    values = report["lead_values"]
    assert values["suit:partner's suit"] == pytest.approx(1.0, abs=0.05)
    assert max(abs(v) for k, v in values.items() if k.startswith("suit:") and "partner" not in k) < 0.1
