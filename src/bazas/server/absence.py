"""When a robot substitutes for an absent person, and when it gives the seat back.

A person's seat with no open connection is *away*. After a grace period (``settings.absent_seconds``)
it is *replaced*: a substitute (the table's bot) plays for it -- while somebody else sits at the
table; a table everybody left waits for them, like a table of people only. The moment a connection
with the seat's link opens, the seat is its person's again. What the substitute did stays.

:class:`AbsencePolicy` is that state machine and nothing else: no clock, no sockets. Its owner
starts a timer when :meth:`~AbsencePolicy.left` says so and reports the end of the grace period
with :meth:`~AbsencePolicy.grace_over`. Absence lives in memory only: after a restart every seat
without a connection is away again and its grace period starts anew.

>>> from bazas.engine.seats import Seat
>>> policy = AbsencePolicy()
>>> policy.left(Seat.N), policy.left(Seat.N)          # a timer starts once
(True, False)
>>> policy.grace_over(Seat.N, still_away=True)
True
>>> policy.substitutes(someone_seated=True), policy.substitutes(someone_seated=False)
(frozenset({<Seat.N: 0>}), frozenset())
>>> policy.back(Seat.N), policy.substitutes(someone_seated=True)
(True, frozenset())
"""

from __future__ import annotations

from bazas.engine.seats import Seat


class AbsencePolicy:
    """Seats in their grace period (``away``) and seats a substitute plays for (``replaced``)."""

    def __init__(self) -> None:
        self.away: set[Seat] = set()
        self.replaced: set[Seat] = set()

    def left(self, seat: Seat) -> bool:
        """A person's ``seat`` has no connection now; True when its grace period starts (the
        caller then calls :meth:`grace_over` once it has passed)."""
        if seat in self.away or seat in self.replaced:
            return False
        self.away.add(seat)
        return True

    def grace_over(self, seat: Seat, still_away: bool) -> bool:
        """The grace period of ``seat`` has passed; True when a substitute now takes the seat
        (``still_away``: the seat is still a person's and has no connection)."""
        if seat not in self.away:
            return False
        self.away.discard(seat)
        if not still_away:
            return False
        self.replaced.add(seat)
        return True

    def back(self, seat: Seat) -> bool:
        """A connection with ``seat``'s link opened; True when a substitute leaves the seat."""
        self.away.discard(seat)
        if seat not in self.replaced:
            return False
        self.replaced.discard(seat)
        return True

    def substitutes(self, someone_seated: bool) -> frozenset[Seat]:
        """The seats a substitute plays for now (``someone_seated``: a seat link is connected)."""
        if not self.replaced or not someone_seated:
            return frozenset()
        return frozenset(self.replaced)

    def clear(self) -> None:
        self.away.clear()
        self.replaced.clear()
