"""``bazas bench engine``: a fast smoke run through the real CLI entry point. It checks the
report has its rows and machine details -- never the timings."""

from __future__ import annotations

import importlib
import json
from pathlib import Path

import pytest

from bazas.cli.main import main

ROWS = ("playout kernel", "Play API (immutable)", "legal calls", "score auction-1920", "score rubber",
        "score chicago", "score duplicate")


def test_bench_engine_smoke(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out_file = tmp_path / "engine.json"
    assert main(["bench", "engine", "--seconds", "0.2", "--no-pin", "--json", str(out_file)]) == 0
    out = capsys.readouterr().out
    for row in ROWS:
        assert row in out
    assert "CPU:" in out and "Python" in out
    assert "deals/s" in out and "calls/s" in out and "≥ 40,000" in out
    report = json.loads(out_file.read_text())
    keys = [r["key"] for r in report["rows"]]
    assert keys[:3] == ["playout_kernel", "play_api", "legal_calls"]
    assert {"scoring_auction-1920", "scoring_rubber", "scoring_chicago", "scoring_duplicate"} <= set(keys)
    for r in report["rows"]:
        assert r["units"] > 0 and r["cpu_s"] >= 0 and r["wall_s"] > 0
    assert report["machine"]["python"] and report["machine"]["cpu"]


def test_bench_engine_json_to_stdout(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "engine", "--seconds", "0.05", "--no-pin", "--json", "-"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["rows"][0]["key"] == "playout_kernel"


def test_bench_engine_rejects_bad_seconds(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "engine", "--seconds", "0"]) == 2
    assert "--seconds" in capsys.readouterr().err


def test_missing_bench_module_is_a_clear_message(monkeypatch: pytest.MonkeyPatch,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    real = importlib.import_module

    def fake(name: str) -> object:
        if name == "bazas.bench.server":
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
        return real(name)

    monkeypatch.setattr(importlib, "import_module", fake)
    assert main(["bench", "server"]) == 2
    assert "not available" in capsys.readouterr().err


def test_bench_target_help_lists_the_targets_options(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["bench", "engine", "--help"])
    assert exc.value.code == 0
    assert "--seconds" in capsys.readouterr().out
