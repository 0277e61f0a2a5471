"""North, clubs and the two of clubs are 0 (``Seat.N``, ``Strain.C``, ``Suit.C``, card index 0), so a
truth test of a seat, strain or suit reads them as missing: "it is nobody's turn" when it was North's,
a record's declarer dropped when it was North. Absence is ``None`` in this code; a value is tested
with ``is None`` / ``is not None``. This test finds truth tests of such values in ``src/`` by name
(a variable or attribute called ``seat``, ``declarer``, ``strain``...), so that the bug cannot come
back unseen."""

from __future__ import annotations

import ast
import re
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src" / "bazas"
#: Names whose values may be 0: seats, strains, suits (exactly these names: ``partners_suit`` is a
#: flag, ``by_suit`` a mapping).
ZERO_VALUED = re.compile(r"^(seat|declarer|dealer|turn|actor|leader|winner|strain|suit|trump|first_dealer)$")


def _truth_tests(tree: ast.AST) -> list[ast.expr]:
    tests: list[ast.expr] = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.If, ast.IfExp, ast.While, ast.Assert)):
            tests.append(node.test)
        elif isinstance(node, ast.BoolOp):
            tests.extend(node.values)
        elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
            tests.append(node.operand)
        elif isinstance(node, ast.comprehension):
            tests.extend(node.ifs)
    return tests


def _name(node: ast.expr) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return None


def truth_tested_zero_values(source: str) -> list[str]:
    """The expressions of ``source`` tested for truth whose names say they may be 0."""
    found = []
    for test in _truth_tests(ast.parse(source)):
        name = _name(test)
        if name is not None and ZERO_VALUED.match(name):
            found.append(f"{test.lineno}: {ast.unparse(test)}")
    return found


def test_the_scan_finds_a_seat_tested_for_truth() -> None:
    # The form of the bugs fixed on 7 December, and the forms that are right.
    assert truth_tested_zero_values("x = seat.name if seat else 'nobody'") == ["1: seat"]
    assert truth_tested_zero_values("if not state.declarer:\n    pass") == ["1: state.declarer"]
    assert truth_tested_zero_values("ok = view.turn and legal") == ["1: view.turn"]
    assert truth_tested_zero_values("x = seat.name if seat is not None else 'nobody'") == []
    assert truth_tested_zero_values("if seats:\n    pass") == []


def test_no_seat_strain_or_suit_is_tested_for_truth_in_src() -> None:
    found = [f"{path.relative_to(SRC)}:{where}"
             for path in sorted(SRC.rglob("*.py"))
             for where in truth_tested_zero_values(path.read_text(encoding="utf-8"))]
    assert not found, "North, clubs are 0: test these with `is None` / `is not None`:\n" + "\n".join(found)
