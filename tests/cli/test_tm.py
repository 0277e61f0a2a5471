"""``bazas tm serve`` and ``bazas tm connect`` as programs (issue 9): a manager in one process, our
bot connecting from another, the comparison printed as JSON."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
BAZAS = [sys.executable, "-m", "bazas.cli.main"]


def test_tm_serve_and_connect_play_a_team_match_between_processes() -> None:
    serve = subprocess.Popen([*BAZAS, "tm", "serve", "--port", "0", "--tables", "2", "--boards", "2", "--seed", "5",
                              "--programs", "1:N", "--strength", "baseline", "--json"],
                             cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert serve.stderr is not None
        port = None
        for _ in range(20):
            text = serve.stderr.readline()
            found = re.search(r"listening on 127\.0\.0\.1:(\d+)", text)
            if found:
                port = int(found.group(1))
                break
        assert port is not None, "the manager did not say where it listens"
        client = subprocess.run([*BAZAS, "tm", "connect", f"127.0.0.1:{port}", "--seat", "N", "--team", "bazas",
                                 "--strength", "baseline", "--json"], cwd=REPO, capture_output=True, text=True,
                                timeout=240)
        assert client.returncode == 0, client.stderr
        out, _ = serve.communicate(timeout=240)
    finally:
        serve.kill()
    played = json.loads(client.stdout)
    assert played["errors"] == [] and played["teams"] == ["bazas", "guests"]
    match = json.loads(out)
    assert [b["board"] for b in match["boards"]] == [1, 2]
    # What our client recorded at table 1 is what the manager recorded there.
    assert [b["actions"] for b in played["boards"]] == [b["table1"]["actions"] for b in match["boards"]]
    assert match["imps_a"] == sum(b["imps_a"] for b in match["boards"])
    assert match["winner"] in ("A", "B", "tie")


def test_tm_connect_names_a_bad_address() -> None:
    done = subprocess.run([*BAZAS, "tm", "connect", "nowhere", "--seat", "N"], cwd=REPO, capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 2 and "HOST:PORT" in done.stderr
