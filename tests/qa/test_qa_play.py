"""QA of ``bazas play`` driven through a stream (as ``printf ... | bazas play`` does)."""

from __future__ import annotations

import io

from rich.console import Console

from bazas.cli.cmd_play import PlayTable


def _run(text: str, ruleset: str = "rubber", max_deals: int | None = None) -> tuple[PlayTable, str]:
    out = io.StringIO()
    console = Console(file=out, width=120, force_terminal=False)
    table = PlayTable(ruleset, seed=3, budget=0.02, strength="baseline", max_deals=max_deals,
                      stream=io.StringIO(text), console=console)
    assert table.run() == 0
    return table, out.getvalue()


def _table(text: str) -> str:
    return _run(text)[1]


def test_explain_by_seat_letter() -> None:
    """The help says "'? N' explains a call": a seat letter explains that seat's latest call."""
    text = _table("? N\nquit\n")  # seed 3: N deals and opens 1NT
    assert "Call 1 (N 1NT):" in text
    assert "Call number must be" not in text


def test_explain_rejects_nonsense_with_a_clear_message() -> None:
    text = _table("? 9\nquit\n")
    assert "Give a call number 1-2 or a seat N, E, S, W." in text


def test_unfinished_rubber_bonus_is_shown_on_the_sheet() -> None:
    """RULES.md rubber: a stopped rubber scores 300 / 100 for the only game / part score; the
    terminal sheet must show that line so the totals add up."""
    table, text = _run("auto\n" * 60, max_deals=1)
    closing = table.session.closing
    assert closing  # seed 3: N/S make a part score on deal 1, then the table stops
    for item in closing:
        assert f"Stopped early, {item.kind.value}: {item.points} to {item.side.name}" in text


def test_session_verdict_wording() -> None:
    """No "winner tie by 0": a tie is a tie, and a team match is won by IMPs."""
    from bazas.cli.cmd_autoplay import session_verdict

    assert session_verdict("tie", 0, False) == "a tie"
    assert session_verdict("tie", 0, True) == "a tie"
    assert session_verdict("A", 4, True) == "winner team A by 4 IMPs"
    assert session_verdict("EW", 180, False) == "winner EW by 180"
    assert session_verdict(None, 0, False) == "no winner yet"


def test_duplicate_sheet_compares_the_tables_in_imps_not_above_and_below_the_line() -> None:
    """Seed 002: a board scores per table and the two tables compare in IMPs; duplicate has no
    line, so the terminal sheet must not show above/below columns."""
    table, text = _run("auto\n" * 80 + "score\nquit\n", ruleset="duplicate", max_deals=2)
    sheet = text[text.rindex("Score sheet — duplicate"):]
    assert "above" not in sheet and "below" not in sheet
    boards = table.session.boards
    assert boards and boards[0].complete
    b = boards[0]
    assert b.imps_a is not None and b.difference is not None
    row = f"{b.table1_ns:+d} │ {b.table2_ns:+d}"
    assert row.replace(" ", "") in sheet.replace(" ", "")
    assert f"IMPs for your team: {table.session.imps_a:+d}" in sheet
