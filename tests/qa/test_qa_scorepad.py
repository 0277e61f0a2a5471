"""QA of ``bazas score``: sheet wording and record fields (README "The scorepad", RULES.md)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path

import pytest

from bazas.cli.main import main
from bazas.formats.records import load_session


def score(capsys: pytest.CaptureFixture[str], tmp_path: Path, record: Mapping[str, object],
          *extra: str) -> tuple[int, str, str]:
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record))
    code = main(["score", str(path), *extra])
    out, err = capsys.readouterr()
    return code, out, err


def test_chicago_last_deal_note_has_no_stray_comma(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """Chicago: a deal-4 part score (no game) is noted "last deal", not ", last deal"."""
    record = {"ruleset": "chicago", "deals": [
        {"contract": "1NT", "declarer": "N", "tricks": 7},
        {"contract": "2S", "declarer": "E", "tricks": 8},
        {"contract": "3C", "declarer": "S", "tricks": 9},
        {"contract": "2H", "declarer": "W", "tricks": 9},
    ]}
    code, out, err = score(capsys, tmp_path, record)
    assert code == 0 and err == ""
    deal4 = next(line for line in out.splitlines() if line.strip().startswith("4 "))
    assert deal4.rstrip().endswith("  last deal")
    assert ", last deal" not in deal4


def test_stopped_record_of_a_finished_rubber_is_not_stopped_early(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """RULES.md: unfinished-rubber scoring applies only before the rubber ends; a record marked
    "stopped" after the rubber is over must not say it stopped before the end."""
    record = {"ruleset": "rubber", "stopped": True, "deals": [
        {"contract": "4S", "declarer": "N", "tricks": 10},
        {"contract": "3NT", "declarer": "S", "tricks": 9},
    ]}
    code, out, err = score(capsys, tmp_path, record)
    assert code == 0 and err == ""
    assert "Stopped before the end" not in out
    assert "N/S win by 920 (920 to 0)." in out
    session = load_session(json.dumps(record))
    assert session.finished and not session.stopped_early


def test_stopped_auction_1920_session_says_so(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """RULES.md auction-1920: a session stopped before the rubber ends: larger total, no bonus."""
    record = {"ruleset": "auction-1920", "stopped": True, "deals": [
        {"contract": "2H", "declarer": "E", "tricks": 7},
    ]}
    code, out, err = score(capsys, tmp_path, record)
    assert code == 0 and err == ""
    assert "Stopped before the end." in out
    assert "N/S win by 50 (50 to 0)." in out


def test_contract_with_auction_takes_declarer_from_the_auction(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """README: a deal gives contract and declarer, or the auction; with both contract and
    auction the auction names the declarer (here E, who first bid hearts)."""
    record = {"ruleset": "rubber", "first_dealer": "E", "deals": [
        {"contract": "4H", "auction": ["1H", "P", "3H", "P", "4H", "P", "P", "P"], "tricks": 10},
    ]}
    code, out, err = score(capsys, tmp_path, record, "--json")
    assert code == 0 and err == ""
    deal = json.loads(out)["deals"][0]
    assert deal["declarer"] == "E" and deal["contract"] == "4H"


def test_contract_without_declarer_or_auction_is_still_an_error(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, err = score(capsys, tmp_path, {"ruleset": "rubber", "deals": [{"contract": "4S", "tricks": 10}]})
    assert code == 2 and out == ""
    assert err.startswith("bazas score: deal 1, field 'declarer': missing")


def test_chicago_table_option_switches_honours_off(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """RULES.md chicago: honours as in rubber; "a table option may switch them off"."""
    deal = {"contract": "4S", "declarer": "N", "tricks": 10, "honours": {"N": ["SA", "SK", "SQ", "SJ"]}}
    code, out, _ = score(capsys, tmp_path, {"ruleset": "chicago", "deals": [deal]}, "--json")
    assert code == 0 and json.loads(out)["totals"] == {"NS": 520, "EW": 0}
    off = {"ruleset": "chicago", "options": {"honours": False}, "deals": [deal]}
    code, out, _ = score(capsys, tmp_path, off, "--json")
    assert code == 0 and json.loads(out)["totals"] == {"NS": 420, "EW": 0}
    bad = {"ruleset": "chicago", "options": {"honours": "no"}, "deals": [deal]}
    code, out, err = score(capsys, tmp_path, bad)
    assert code == 2 and out == "" and "field 'options.honours'" in err


def test_declarer_mismatch_names_north_not_nobody(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """Every error names the deal and the field, and says what is wrong: Seat N is 0, which must
    not read as "no declarer"."""
    record = {"ruleset": "rubber", "deals": [
        {"contract": "4S", "declarer": "S", "tricks": 10, "auction": ["1S", "P", "4S", "P", "P", "P"]}]}
    code, out, err = score(capsys, tmp_path, record)
    assert code == 2 and out == ""
    assert err == "bazas score: deal 1, field 'declarer': the auction makes N declarer\n"
    record = {"ruleset": "rubber", "deals": [
        {"declarer": "S", "tricks": 10, "auction": ["1S", "P", "4S", "P", "P", "P"]}]}
    code, out, err = score(capsys, tmp_path, record)
    assert code == 2 and out == "" and "the auction makes N declarer" in err
