"""A table's own settings (issue 12) apart from the table actor (issue 7, point 2): its pace,
the seats its creator handed to bots, and who the server plays for. Pure functions of the
table's facts; the actor stores and broadcasts what they decide.

>>> from bazas.engine.seats import Seat
>>> pace_extra("instant", Seat.S, {Seat.W, Seat.N}, None)["robots"]
['N', 'W']
>>> robots_with({Seat.W}, Seat.N, True) == {Seat.N, Seat.W}, robots_with({Seat.W}, Seat.W, False)
(True, set())
"""

from __future__ import annotations

from collections.abc import Set
from typing import Any

from bazas.engine.seats import SEATS, Seat
from bazas.engine.table import Table

from .pace import PACES


def pace_extra(speed: str, creator: Seat | None, robots: Set[Seat], cut: Any) -> dict[str, Any]:
    """What every state says of the table's speed and pace, its creator, its robots and the cut
    (``StateEncoder.extra``)."""
    return {"speed": speed, "pace": PACES[speed].to_dict(),
            "creator": None if creator is None else creator.name,
            "robots": robots_option(robots), "cut": cut}


def robots_option(robots: Set[Seat]) -> list[str]:
    """The seats given to bots as stored in the table's options (in seat order)."""
    return [s.name for s in SEATS if s in robots]


def robots_with(robots: Set[Seat], seat: Seat, bot: bool) -> set[Seat]:
    """The seats given to bots once ``seat`` is given to one (``bot``) or taken back."""
    out = set(robots)
    if bot:
        out.add(seat)
    else:
        out.discard(seat)
    return out


def seat_bot_refusal(table: Table, creator: Seat | None, by: Seat, seat: Seat, bot: bool,
                     connected: bool) -> tuple[str, str] | None:
    """Why ``by`` may not hand ``seat`` to a bot (``bot``) or take it back: an error's code and
    text; None when it may. Only the creator may, and only a person's seat other than the
    creator's, nobody connected to it when it goes to a bot (``connected``)."""
    if by != creator:
        return "not_seated", "only the table's creator may hand a seat to a bot"
    player = table.players[seat]
    if player.is_bot or seat == creator or (bot and connected):
        return "illegal", f"{seat.name} is not an open seat"
    return None


def substitutes(absent: frozenset[Seat], robots: Set[Seat], connected: Set[Seat], somebody: bool) -> frozenset[Seat]:
    """The persons' seats the server plays for now: the absence policy's substitutes (``absent``)
    and, while somebody is seated (``somebody``), the seats given to bots nobody is connected to."""
    given = frozenset(s for s in robots if s not in connected) if somebody else frozenset()
    return absent | given
