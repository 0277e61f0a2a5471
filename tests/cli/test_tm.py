"""``bazas tm serve`` and ``bazas tm connect`` as programs (issue 9): a manager in one process, our
bot connecting from another, the comparison printed as JSON."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
BAZAS = [sys.executable, "-m", "bazas.cli.main"]


def test_tm_serve_and_connect_play_a_team_match_between_processes(tmp_path: Path) -> None:
    transcript = tmp_path / "talk.txt"
    serve = subprocess.Popen([*BAZAS, "tm", "serve", "--port", "0", "--tables", "2", "--boards", "2", "--seed", "5",
                              "--programs", "1:N", "--strength", "baseline", "--json",
                              "--transcript", str(transcript)],
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
    # the one program's thinking time, and the whole conversation for the director
    assert [(r["table"], r["seat"]) for r in match["program_seconds"]] == [(1, "N")]
    talk = transcript.read_text(encoding="utf-8").splitlines()
    assert re.search(r'table 0\s+-\s+<client\s+Connecting "bazas" as North', talk[0])
    assert any(re.search(r"table 1\s+N\s+tm>\s+North's cards : ", line) for line in talk)
    assert any(re.search(r"table 1\s+N\s+<client\s+North (passes|bids|plays)", line) for line in talk)


def test_tm_serve_plays_the_boards_of_a_pbn_file_and_writes_the_record(tmp_path: Path) -> None:
    """An organiser's session: the boards dealt beforehand in a PBN file, the record of both
    rooms written as PBN, its results those printed."""
    from bazas.engine.deal import deal_from_seed
    from bazas.formats.match_records import dumps_boards, loads_match

    deals = [deal_from_seed(f"tm-cli-{n}") for n in (1, 2, 3)]
    boards = tmp_path / "boards.pbn"
    boards.write_text(dumps_boards(deals, event="test"), encoding="utf-8")
    record = tmp_path / "record.pbn"
    done = subprocess.run([*BAZAS, "tm", "serve", "--port", "0", "--programs", "none", "--deals", str(boards),
                           "--boards", "2", "--record", str(record), "--strength", "baseline", "--json",
                           "--time-per-board", "600"],
                          cwd=REPO, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    match = json.loads(done.stdout)
    assert [b["board"] for b in match["boards"]] == [1, 2] and match["program_seconds"] == []
    # the time control: each pair at each table, its time over the two boards and its allowance
    assert match["time_per_board"] == 600
    assert [(r["table"], r["pair"], r["team"], r["boards"], r["allowance"]) for r in match["pair_time"]] == [
        (1, "NS", "bazas", 2, 1200), (1, "EW", "guests", 2, 1200),
        (2, "NS", "guests", 2, 1200), (2, "EW", "bazas", 2, 1200)]
    assert all(r["seconds"] > 0 and r["over"] == max(0, r["seconds"] - 1200) for r in match["pair_time"])
    # a pair over its allowance at the end was told so after the last board (none, at 600 s a board)
    over = {(r["table"], "N/S" if r["pair"] == "NS" else "E/W") for r in match["pair_time"] if r["over"]}
    told = {(int(m.group(1)), m.group(2)) for n in match["time_notices"]
            if (m := re.match(r"table (\d) after board 2: (N/S|E/W)", n))}
    assert over == told
    played = loads_match(record.read_text(encoding="utf-8"))
    assert played.complete and played.boards == (1, 2)
    for row in match["boards"]:
        for t in (1, 2):
            p = played.at(row["board"], t)
            assert p is not None and p.deal == deals[row["board"] - 1] and p.state is not None
            assert [str(a) for a in p.state.actions] == row[f"table{t}"]["actions"]
    assert played.comparison()["imps_a"] == match["imps_a"]


def test_tm_serve_names_a_bad_deals_file(tmp_path: Path) -> None:
    bad = tmp_path / "bad.pbn"
    bad.write_text('[Board "1"]\n[Deal "N:AKQ.T98.765.432 T98.765.432.AKQJ"]\n', encoding="utf-8")
    done = subprocess.run([*BAZAS, "tm", "serve", "--port", "0", "--deals", str(bad)], cwd=REPO,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "bad.pbn" in done.stderr and "Deal" in done.stderr
    missing = subprocess.run([*BAZAS, "tm", "serve", "--port", "0", "--record", str(tmp_path / "no" / "r.pbn")],
                             cwd=REPO, capture_output=True, text=True, timeout=60)
    assert missing.returncode == 2 and "--record" in missing.stderr


def test_tm_serve_refuses_a_time_control_that_is_not_positive() -> None:
    done = subprocess.run([*BAZAS, "tm", "serve", "--port", "0", "--time-per-board", "0"], cwd=REPO,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "--time-per-board must be a positive number of seconds" in done.stderr


def test_tm_connect_names_a_bad_address() -> None:
    done = subprocess.run([*BAZAS, "tm", "connect", "nowhere", "--seat", "N"], cwd=REPO, capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 2 and "HOST:PORT" in done.stderr


def test_tm_serve_resumes_a_session_from_its_record(tmp_path: Path) -> None:
    """A session stopped midway: `--resume` with its record plays only the boards missing from it."""
    from bazas.formats.match_records import dumps_match, loads_match

    record = tmp_path / "record.pbn"
    common = ["tm", "serve", "--port", "0", "--programs", "none", "--boards", "3", "--seed", "11",
              "--strength", "baseline", "--json"]
    first = subprocess.run([*BAZAS, *common, "--record", str(record)], cwd=REPO, capture_output=True, text=True,
                           timeout=300)
    assert first.returncode == 0, first.stderr
    whole = loads_match(record.read_text(encoding="utf-8"))
    assert not list(tmp_path.glob("*.part"))
    partial = tmp_path / "stopped.pbn"
    kept = [p for p in whole.played if p.board == 1 or (p.board, p.table) == (2, 1)]
    partial.write_text(dumps_match(replace(whole, played=tuple(kept))), encoding="utf-8")
    again = subprocess.run([*BAZAS, *common, "--resume", str(partial), "--record", str(partial)], cwd=REPO,
                           capture_output=True, text=True, timeout=300)
    assert again.returncode == 0, again.stderr
    assert "3 board(s) already played" in " ".join(again.stderr.split())   # rich wraps its lines
    match = json.loads(again.stdout)
    assert [b["board"] for b in match["boards"]] == [1, 2, 3]
    for p in kept:
        assert p.state is not None
        row = match["boards"][p.board - 1]
        assert row[f"table{p.table}"]["actions"] == [str(a) for a in p.state.actions]
    assert loads_match(partial.read_text(encoding="utf-8")).complete
    other = subprocess.run([*BAZAS, "tm", "serve", "--port", "0", "--programs", "none", "--boards", "3", "--seed",
                            "12", "--resume", str(record)], cwd=REPO, capture_output=True, text=True, timeout=60)
    assert other.returncode == 2 and "dealt differently" in other.stderr and "--seed" in other.stderr


def test_tm_alert_shows_how_our_bots_read_a_programs_explanation() -> None:
    """An organiser checks a program's convention card before the match: ``bazas tm alert``
    prints what our bots read into an explanation, by the call it explains."""
    out = subprocess.run([*BAZAS, "tm", "alert", "Multi-Landy", "--call", "2C", "--json"], cwd=REPO,
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    reading = json.loads(out.stdout)
    assert reading["constraints"]["lengths"] == {"H": [4, 13], "S": [4, 13]}
    assert reading["es"].startswith("4+ picas, 4+ corazones")
    plain = subprocess.run([*BAZAS, "tm", "alert", "15", "to", "17,", "balanced"], cwd=REPO,
                           capture_output=True, text=True, timeout=60)
    assert "en: 15–17 HCP, balanced" in plain.stdout
    bad = subprocess.run([*BAZAS, "tm", "alert", "Multi", "--call", "9Z"], cwd=REPO, capture_output=True,
                         text=True, timeout=60)
    assert bad.returncode == 2 and "--call '9Z'" in bad.stderr and not bad.stdout
