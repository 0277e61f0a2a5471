"""The value of information: a card player told part of the truth about a hidden hand.

A bench-only configuration key, ``"oracle"``, for ``bench decisions`` and ``bench leads``: a
JSON object from a hidden hand's role, seen from the player on play (``"partner"``,
``"declarer"``, ``"dummy"``, ``"lho"``, ``"rho"``), to what the player is told of its original
hand: ``"shape"`` (its four suit lengths), ``"hcp"`` (its high-card points), ``"shape+hcp"``, or
``"played-suits"`` (its lengths in the suits led to a trick so far: what count signals could
tell).
The player deals its layouts as always, the auction's constraints kept, with the real hand's
shape or points added to them, so each figure it gives is what the cards would be with that
much more information: an upper bound on what better signals or a more descriptive auction
could bring (issue 9: "where the errors do not come from").

>>> parse_oracle({"partner": "shape", "declarer": "hcp"})
{'partner': 'shape', 'declarer': 'hcp'}
>>> parse_oracle({"left": "shape"})
Traceback (most recent call last):
...
ValueError: oracle: 'left' is not a hand's role (partner, declarer, dummy, lho, rho)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from bazas.engine.cards import Hand
from bazas.engine.deal import Deal
from bazas.engine.seats import Seat

__all__ = ["KEY", "OracleConstraint", "apply_oracle", "parse_oracle", "split_oracle"]

#: The configuration key (not a CardPlayer field).
KEY = "oracle"
ROLES = ("partner", "declarer", "dummy", "lho", "rho")
TOLD = ("shape", "hcp", "shape+hcp", "played-suits")


def parse_oracle(value: Any) -> dict[str, str]:
    """The ``oracle`` value checked: {role: what}; ValueError naming what is wrong."""
    if not isinstance(value, dict) or not value:
        raise ValueError('oracle: expected an object such as {"partner": "shape"}')
    out: dict[str, str] = {}
    for role, told in value.items():
        if role not in ROLES:
            raise ValueError(f"oracle: {role!r} is not a hand's role ({', '.join(ROLES)})")
        if told not in TOLD:
            raise ValueError(f"oracle: {role}: {told!r} is not what a player can be told ({', '.join(TOLD)})")
        out[role] = told
    return out


def split_oracle(options: Mapping[str, Any]) -> tuple[dict[str, Any], dict[str, str] | None]:
    """A configuration's CardPlayer options and its oracle (None when it has none).

    >>> split_oracle({"shape_first": True, "oracle": {"partner": "hcp"}})
    ({'shape_first': True}, {'partner': 'hcp'})
    """
    rest = {k: v for k, v in options.items() if k != KEY}
    return rest, (parse_oracle(options[KEY]) if KEY in options else None)


def role_seat(role: str, seat: Seat, declarer: Seat) -> Seat:
    """The seat of ``role`` seen from ``seat`` in a contract played by ``declarer``.

    >>> role_seat("partner", Seat.W, Seat.S).name, role_seat("dummy", Seat.W, Seat.S).name
    ('E', 'N')
    """
    return {"partner": seat.partner, "declarer": declarer, "dummy": declarer.partner,
            "lho": seat.lho, "rho": seat.rho}[role]


@dataclass(frozen=True)
class OracleConstraint:
    """The auction's constraint on a hand (``base``; None: none) and what the oracle tells of the
    real one (``truth``). Its ``lengths`` and ``hcp`` are the real hand's when told, so the
    sampler deals that shape first (``shape_first``) and grades misses by them.

    >>> real = Hand.from_pbn("AK32.QJ4.T98.765")
    >>> told = OracleConstraint(None, real, "shape")
    >>> told.matches(Hand.from_pbn("QJ54.AK2.765.T98")), told.matches(Hand.from_pbn("AK3.QJ42.T98.765"))
    (True, False)
    >>> OracleConstraint(None, real, "hcp").matches(Hand.from_pbn("AK3.QJ42.T98.765"))
    True
    >>> spades_told = OracleConstraint(None, real, "played-suits", (3,))
    >>> spades_told.matches(Hand.from_pbn("AK32.Q4.JT98.765")), spades_told.matches(Hand.from_pbn("AK3.QJ42.T98.765"))
    (True, False)
    >>> spades_told.lengths
    ((0, 13), (0, 13), (0, 13), (4, 4))
    """

    base: Any
    truth: Hand
    told: str
    #: With "played-suits": the suits (0 clubs to 3 spades) whose lengths are told.
    suits: tuple[int, ...] = ()

    @property
    def lengths(self) -> tuple[tuple[int, int], ...] | None:
        base = getattr(self.base, "lengths", None)
        if "shape" in self.told:
            return tuple((n, n) for n in self.truth.lengths())
        if self.told == "played-suits" and self.suits:
            free = base if base is not None else ((0, 13),) * 4
            return tuple((n, n) if i in self.suits else tuple(free[i])
                         for i, n in enumerate(self.truth.lengths()))
        return base

    @property
    def hcp(self) -> tuple[int, int] | None:
        if "hcp" not in self.told:
            return getattr(self.base, "hcp", None)
        h = self.truth.hcp()
        return (h, h)

    def told_holds(self, hand: Hand) -> bool:
        if "shape" in self.told and hand.lengths() != self.truth.lengths():
            return False
        if self.suits and any(hand.lengths()[i] != self.truth.lengths()[i] for i in self.suits):
            return False
        return not ("hcp" in self.told and hand.hcp() != self.truth.hcp())

    def matches(self, hand: Hand) -> bool:
        return self.told_holds(hand) and (self.base is None or bool(self.base.matches(hand)))

    def fit(self, hand: Hand) -> float:
        """0 when what was told does not hold; else the auction's own grade (1 with no auction)."""
        if not self.told_holds(hand):
            return 0.0
        if self.base is None or self.base.matches(hand):
            return 1.0
        grade = getattr(self.base, "fit", None)
        return float(grade(hand)) if callable(grade) else 0.5


def apply_oracle(card_player: Any, deal: Deal, oracle: Mapping[str, str], seat: Seat, declarer: Seat) -> None:
    """Tell ``card_player``, about to play for ``seat``, what ``oracle`` says of the real ``deal``:
    its auction constraints (the same source it uses itself) with the told facts added."""
    from bazas.bots.play import _auction_constraints  # the player's own source of constraints

    replay = card_player.auction_replay or (card_player.auction_replay_defence and seat.side != declarer.side)
    auction = _auction_constraints(card_player.system, replay, card_player.replay_limit)
    told = {role_seat(role, seat, declarer): what for role, what in oracle.items()}

    def constraints(view: Any, context: Any) -> Mapping[Seat, Any]:
        found: dict[Seat, Any] = dict(auction(view, context))
        tricks = [t for t in (*view.tricks, view.current) if t is not None and t.cards]
        played = tuple(sorted({int(t.cards[0][1].suit) for t in tricks}))
        for s, what in told.items():
            found[s] = OracleConstraint(found.get(s), deal.hand(s), what,
                                        played if what == "played-suits" else ())
        return found

    card_player.constraints = constraints
    # The player caches constraints by auction, not by seat or deal: this one is for this seat.
    card_player._constraint_cache.clear()
