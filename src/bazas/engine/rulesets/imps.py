"""The IMP scale (seed 002 section 8; WBF Laws 2017, Law 78B).

A board's difference in total points converts to International Match Points by its absolute
value; the sign returns.

>>> imps(250), imps(-500), imps(10), imps(20), imps(4000), imps(-12345)
(6, -11, 0, 1, 24, -24)
"""

from __future__ import annotations

SOURCE = "seed 002 section 8 and WBF Laws of Duplicate Bridge 2017, Law 78B"

#: Lower bound of each IMP step: a difference of at least SCALE[i] is worth i + 1 IMPs.
SCALE = (20, 50, 90, 130, 170, 220, 270, 320, 370, 430, 500, 600, 750, 900, 1100, 1300, 1500, 1750,
         2000, 2250, 2500, 3000, 3500, 4000)


def imps(difference: int) -> int:
    """IMPs for a points ``difference``, signed like it."""
    size = abs(difference)
    won = sum(1 for bound in SCALE if size >= bound)
    return won if difference >= 0 else -won


def ranges() -> list[tuple[int, int | None, int]]:
    """The scale as (from, to or None, IMPs) rows, as printed in the Laws.

    >>> ranges()[:3], ranges()[-1]
    ([(0, 10, 0), (20, 40, 1), (50, 80, 2)], (4000, None, 24))
    """
    lows = (0, *SCALE)
    return [(lo, (lows[i + 1] - 10) if i + 1 < len(lows) else None, i) for i, lo in enumerate(lows)]
