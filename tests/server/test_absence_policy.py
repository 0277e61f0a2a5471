"""The absence policy (bazas.server.absence), in process: when a substitute plays for an absent
person and when it gives the seat back (docs/protocol.md, "Absent players"; issue 7, point 2d).
The whole behaviour over real sockets is in test_absent.py."""

from __future__ import annotations

from bazas.engine.seats import Seat
from bazas.server.absence import AbsencePolicy

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W


def test_a_seat_is_replaced_only_after_its_grace_period() -> None:
    p = AbsencePolicy()
    assert p.left(E), "the grace period starts"
    assert p.substitutes(someone_seated=True) == frozenset(), "not during the grace period"
    assert not p.left(E), "one grace period at a time"
    assert p.grace_over(E, still_away=True)
    assert p.substitutes(someone_seated=True) == {E}
    assert not p.left(E), "a replaced seat needs no new grace period"


def test_coming_back_gives_the_seat_back_at_once() -> None:
    p = AbsencePolicy()
    p.left(E)
    p.grace_over(E, still_away=True)
    assert p.back(E), "the substitute leaves"
    assert p.substitutes(someone_seated=True) == frozenset()
    assert not p.back(E), "nothing to give back twice"
    # Leaving again starts a new grace period.
    assert p.left(E) and p.substitutes(someone_seated=True) == frozenset()


def test_back_within_the_grace_period_means_no_substitute() -> None:
    p = AbsencePolicy()
    p.left(W)
    assert not p.back(W)
    assert not p.grace_over(W, still_away=True), "the grace period ended when the person came back"
    assert p.substitutes(someone_seated=True) == frozenset()


def test_a_seat_that_is_no_longer_away_when_the_grace_ends_is_not_replaced() -> None:
    p = AbsencePolicy()
    p.left(N)
    assert not p.grace_over(N, still_away=False)
    assert p.substitutes(someone_seated=True) == frozenset() and not p.away


def test_a_table_everybody_left_waits_for_them() -> None:
    p = AbsencePolicy()
    for seat in (N, S):
        p.left(seat)
        p.grace_over(seat, still_away=True)
    assert p.substitutes(someone_seated=True) == {N, S}
    assert p.substitutes(someone_seated=False) == frozenset(), "nobody at the table: nobody plays"
    p.clear()
    assert p.substitutes(someone_seated=True) == frozenset() and not p.away
