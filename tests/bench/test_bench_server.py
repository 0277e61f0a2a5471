"""`bazas bench server` runs end to end (a tiny ramp): real server, real WebSockets, a report."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import pytest

from bazas.bench import server as bench_server


@pytest.mark.slow
@pytest.mark.parametrize("mode", ["players", "bots"])
def test_bench_server_smoke(mode: str, tmp_path: Path) -> None:
    parser = argparse.ArgumentParser()
    bench_server.add_arguments(parser)
    out = tmp_path / "server.json"
    args = parser.parse_args(["--mode", mode, "--steps", "3,6", "--step-seconds", "3", "--settle-seconds", "1",
                              "--think", "0.2", "--keep-going", "--no-save", "--json", str(out), "--cores", ""])
    assert bench_server.run(args) == 0
    report = json.loads(out.read_text())
    assert report["mode"] == mode and [s["tables"] for s in report["steps"]] == [3, 6]
    for step in report["steps"]:
        assert step["samples"] > 0 and step["p95_ms"] > 0
        # A simulated player can now and then act on a state a moment old (a rare "illegal" reply,
        # seen once at 200 tables); the bench must still measure, and errors must stay rare.
        assert step["errors"] <= max(1, step["samples"] // 100), step["error_codes"]
        assert step["server_health"]["ok"]
