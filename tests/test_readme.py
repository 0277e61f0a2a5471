"""The README's scorepad example is real: its record scores to the sheet printed beside it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bazas.cli.main import main

README = Path(__file__).resolve().parents[1] / "README.md"


def test_readme_opens_with_the_two_commands() -> None:
    head = README.read_text(encoding="utf-8").split("\n## ")[0]
    assert "make run" in head and "make test" in head


def test_readme_scorepad_example_matches_the_program(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = README.read_text(encoding="utf-8")
    record = re.search(r"```json\n(.*?)```", text, re.S)
    sheet = re.search(r"The record above, scored .*?```\n(.*?)```", text, re.S)
    assert record and sheet
    path = tmp_path / "session.json"
    path.write_text(record.group(1), encoding="utf-8")
    assert main(["score", str(path)]) == 0
    assert capsys.readouterr().out.rstrip() == sheet.group(1).rstrip()
