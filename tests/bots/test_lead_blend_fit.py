"""``scripts/fit_lead_blend.py``: the opening lead's choice replayed offline under other weights
(docs/card-play.md, "The opening lead's blend of simulation and prior"), checked on made-up
records whose answer follows from the player's rule."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from .test_lead_prior_fit import load_script


def lead(card: str, u: float, p: float, b: float, dd: int, t: float = 1.0) -> dict[str, Any]:
    return {"card": card, "cards": [card], "u": u, "t": t, "b": b, "p": p, "dd": dd, "score": 100 * dd}


def test_replayed_choice_shrinks_the_simulation_toward_the_prior() -> None:
    # The player's rule: trust * simulated + prior, trust = n / (n + lead_trust). The simulation
    # says the spade by 1.0 unit, the prior the heart by 0.6: with 24 layouts (trust 0.75) the
    # simulation wins; with 2 layouts (trust 0.2) the prior does.
    blend = load_script("fit_lead_blend")
    leads = [lead("S2", u=0.0, p=0.0, b=0.5, dd=3), lead("H2", u=-1.0, p=0.6, b=0.5, dd=2)]
    assert blend.choose({"n": 24, "leads": leads}, blend.DEFAULTS)["card"] == "S2"
    assert blend.choose({"n": 2, "leads": leads}, blend.DEFAULTS)["card"] == "H2"
    # Within robust_eps of the best value, the lead best in the most layouts.
    close = [lead("S2", u=0.0, p=0.0, b=0.4, dd=2), lead("H2", u=-0.05, p=0.0, b=0.7, dd=3)]
    assert blend.choose({"n": 24, "leads": close}, blend.DEFAULTS)["card"] == "H2"
    assert blend.choose({"n": 24, "leads": close}, dict(blend.DEFAULTS, eps=0.0))["card"] == "S2"


def test_compare_and_calibration_count_the_real_layout(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    # Two runs of the same 20 deals: the first leads the double-dummy best card every time, the
    # second on the even deals only. The comparison must say 10 leads worse, none better, and
    # the calibration table the runs' real shares (100% and 50%).
    blend = load_script("fit_lead_blend")
    runs = []
    for name, wrong in (("a", set()), ("b", set(range(0, 20, 2)))):
        lines = []
        for i in range(20):
            leads = [lead("S2", u=0.0, p=0.0, b=0.9, dd=3), lead("H2", u=0.0, p=0.0, b=0.1, dd=2)]
            chosen = "H2" if i in wrong else "S2"
            lines.append(json.dumps({"index": i, "contract": "4S", "notrump": False, "n": 20,
                                     "chosen": chosen, "leads": leads}) + "\n")
        path = tmp_path / f"{name}.jsonl"
        path.write_text("".join(lines), encoding="utf-8")
        runs.append(str(path))
    monkeypatch.setattr("sys.argv", ["fit_lead_blend.py", "compare", *runs])
    assert blend.main() == 0
    out = capsys.readouterr().out
    assert "20 deals in both" in out and "0 leads better, 10 worse" in out
    assert "tricks lost per lead +0.5000" in out
    rows = [line for line in out.splitlines() if "the player as run" in line and line.startswith("suit")]
    assert [row.split()[-2] for row in rows] == ["100.0%", "50.0%"]
