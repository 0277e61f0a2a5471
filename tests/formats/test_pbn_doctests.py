"""Run the doctests of the format modules (pytest's doctest collection covers only the engine)."""

from __future__ import annotations

import doctest

import pytest

import bazas.formats.pbn
import bazas.formats.records


@pytest.mark.parametrize("module", [bazas.formats.pbn, bazas.formats.records], ids=lambda m: m.__name__)
def test_pbn_and_records_doctests(module: object) -> None:
    failures, tried = doctest.testmod(module, optionflags=doctest.ELLIPSIS)  # type: ignore[arg-type]
    assert tried > 0 and failures == 0
