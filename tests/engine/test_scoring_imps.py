"""The IMP scale: seed 002 section 8, WBF Law 78B."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bazas.engine.rulesets.imps import SOURCE, imps, ranges

SEED_002_SCALE = [
    (0, 10, 0), (20, 40, 1), (50, 80, 2), (90, 120, 3), (130, 160, 4), (170, 210, 5), (220, 260, 6),
    (270, 310, 7), (320, 360, 8), (370, 420, 9), (430, 490, 10), (500, 590, 11), (600, 740, 12),
    (750, 890, 13), (900, 1090, 14), (1100, 1290, 15), (1300, 1490, 16), (1500, 1740, 17), (1750, 1990, 18),
    (2000, 2240, 19), (2250, 2490, 20), (2500, 2990, 21), (3000, 3490, 22), (3500, 3990, 23),
]


@pytest.mark.parametrize(("low", "high", "value"), SEED_002_SCALE)
def test_seed002_s8_imp_scale_every_band(low: int, high: int, value: int) -> None:
    for diff in range(low, high + 1, 10):
        assert imps(diff) == value
        assert imps(-diff) == -value


def test_seed002_s8_4000_or_more_is_24() -> None:
    assert imps(4000) == imps(7600) == 24 and imps(-4000) == -24


def test_seed002_s9_250_is_6() -> None:
    assert imps(250) == 6


def test_seed002_s8_ranges_table() -> None:
    assert ranges() == [*SEED_002_SCALE, (4000, None, 24)]
    assert "Law 78B" in SOURCE


@given(st.integers(-10000, 10000))
def test_law78b_imps_odd_and_monotone(diff: int) -> None:
    assert imps(-diff) == -imps(diff)
    assert imps(diff) <= imps(diff + 10)
    assert 0 <= abs(imps(diff)) <= 24
