"""Seats and sides.

>>> Seat.N.lho, Seat.N.partner, Seat.N.rho
(<Seat.E: 1>, <Seat.S: 2>, <Seat.W: 3>)
>>> Seat.parse("west").side
<Side.EW: 1>
>>> Side.NS.opponent
<Side.EW: 1>
"""

from __future__ import annotations

from enum import IntEnum

from .errors import InvalidNotation


class Side(IntEnum):
    """A partnership: North-South or East-West."""

    NS = 0
    EW = 1

    @property
    def opponent(self) -> Side:
        return Side(1 - self)

    @property
    def seats(self) -> tuple[Seat, Seat]:
        return (Seat.N, Seat.S) if self is Side.NS else (Seat.E, Seat.W)

    @classmethod
    def parse(cls, text: str) -> Side:
        key = text.strip().upper().replace("/", "").replace("-", "")
        if key in ("NS", "SN"):
            return cls.NS
        if key in ("EW", "WE", "OE", "EO"):
            return cls.EW
        raise InvalidNotation(f"not a side: {text!r} (expected NS or EW)")


class Seat(IntEnum):
    """A compass seat, in clockwise order starting from North."""

    N = 0
    E = 1
    S = 2
    W = 3

    @property
    def lho(self) -> Seat:
        """Left-hand opponent: the next seat clockwise."""
        return _SEATS[(self + 1) & 3]

    @property
    def partner(self) -> Seat:
        return _SEATS[(self + 2) & 3]

    @property
    def rho(self) -> Seat:
        """Right-hand opponent: the previous seat clockwise."""
        return _SEATS[(self + 3) & 3]

    @property
    def side(self) -> Side:
        return Side(self & 1)

    def after(self, steps: int) -> Seat:
        """The seat ``steps`` places clockwise from this one."""
        return _SEATS[(self + steps) & 3]

    @property
    def letter(self) -> str:
        return self.name

    @classmethod
    def parse(cls, text: str) -> Seat:
        key = text.strip().upper()
        seat = _SEAT_NAMES.get(key)
        if seat is None:
            raise InvalidNotation(f"not a seat: {text!r} (expected N, E, S or W)")
        return seat


_SEATS = (Seat.N, Seat.E, Seat.S, Seat.W)
SEATS: tuple[Seat, ...] = _SEATS
_SEAT_NAMES = {
    "N": Seat.N, "NORTH": Seat.N, "NORTE": Seat.N,
    "E": Seat.E, "EAST": Seat.E, "ESTE": Seat.E,
    "S": Seat.S, "SOUTH": Seat.S, "SUR": Seat.S,
    "W": Seat.W, "WEST": Seat.W, "O": Seat.W, "OESTE": Seat.W,
}
