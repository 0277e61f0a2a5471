"""QA of ``bazas imps``: the IMP scale of seed 002 / Law 78B."""

from __future__ import annotations

import pytest

from bazas.cli.main import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_imp_scale_can_be_printed_alone(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "imps", "--table")
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0].split() == ["0-10", "0"] and lines[-1].split() == ["4000+", "24"]


def test_imps_without_a_difference_is_a_clear_error(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "imps")
    assert code == 2 and out == "" and "give a points difference" in err


@pytest.mark.parametrize(("diff", "expected"), [("250", "6"), ("-500", "-11"), ("10", "0"), ("20", "1"),
                                                ("4000", "24"), ("-1030", "-14")])
def test_imps_seed_examples_and_bounds(capsys: pytest.CaptureFixture[str], diff: str, expected: str) -> None:
    code, out, _ = run(capsys, "imps", diff)
    assert code == 0 and out == expected + "\n"
