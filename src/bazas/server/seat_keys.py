"""A table's seat secrets (issue 13) apart from the table actor (issue 7, point 2): which seat a
secret opens, and the fresh secret a seat gets when its invitation is used or its player moves
to another device. Only digests are kept (``bazas.storage.hash_token``); the secret itself is
sent once, to the connection it is for, in a ``seat_key`` message.

>>> from bazas.engine.seats import Seat
>>> fresh = new_key(Seat.N, bound=set(), moved=False)
>>> fresh.bound == {Seat.N}, len(fresh.key) > 16
(True, True)
>>> tokens = rekeyed({"old": Seat.N, "east": Seat.E}, fresh)
>>> sorted(s.name for s in tokens.values()), "old" in tokens
(['E', 'N'], False)
>>> seat_of(tokens, fresh.key)
<Seat.N: 0>
>>> seat_of(tokens, "a guess") is None and seat_of(tokens, None) is None
True
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass

from bazas.engine.seats import Seat
from bazas.storage import hash_token

from .encode import dumps


@dataclass(frozen=True, slots=True)
class NewKey:
    """A seat's fresh secret (``key``, sent once; ``digest``, stored), the seats bound to their
    player's device after it, and whether it is an invitation for another device (``moved``)."""

    seat: Seat
    key: str
    digest: str
    bound: set[Seat]
    moved: bool


def new_key(seat: Seat, bound: set[Seat], moved: bool) -> NewKey:
    """A fresh secret for ``seat``. ``moved``: an invitation for the player's other device (the
    seat is no longer bound to a device); else this device's own (the seat is bound to it)."""
    key = secrets.token_urlsafe(16)
    after = set(bound)
    if moved:
        after.discard(seat)
    else:
        after.add(seat)
    return NewKey(seat, key, hash_token(key), after, moved)


def rekeyed(tokens: dict[str, Seat], fresh: NewKey) -> dict[str, Seat]:
    """The digest -> seat map once ``fresh`` replaces every earlier secret of its seat."""
    out = {h: s for h, s in tokens.items() if s != fresh.seat}
    out[fresh.digest] = fresh.seat
    return out


def seat_of(tokens: dict[str, Seat], token: str | None) -> Seat | None:
    """The seat a secret opens (None: no secret, or not one of this table's)."""
    if not token:
        return None
    return tokens.get(hash_token(token))


def seat_key_text(table_id: str, fresh: NewKey) -> str:
    """The ``seat_key`` message (docs/protocol.md) that hands ``fresh`` to its connection."""
    return dumps({"type": "seat_key", "seat": fresh.seat.name, "key": fresh.key,
                  "link": f"/t/{table_id}?k={fresh.key}", "moved": fresh.moved})
