"""Auction constraints for the card player's sampler, checked by replaying the bidder.

:func:`~bazas.bots.bidding.api.infer_constraints` gives, per seat, the hull of what its calls
promised (HCP and length ranges, stoppers...). A hull cannot say what a hand is NOT: a hand that
fits the hull of "pass" may be one the system would have opened with a weak two. The sampler
therefore also asks the bidder itself: would this hand, in this seat, have made the calls that
seat made? (Inference from the partnership's disclosed system, as a good player draws it.)

:class:`ReplayConstraint` answers ``matches(hand)`` with both tests: the hull first (cheap), then
the replay of the seat's calls. Replays are memoised per bidding signature (the suits' lengths
and top five ranks: :func:`~bazas.bots.bidding.constraints.bidding_signature`, all the bidder
sees of a hand) and bounded per object (``max_replays``): past the bound only the hull is checked, so a deal costs at most a known
amount of bidding work, deterministically (no clock). A hand that fits the hull but not the
replay grades ``fit = replay_fit`` (the sampler then keeps it only when too few hands fit both:
a human partner or opponent may have bid otherwise than the bot would).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from bazas.engine.auction import Auction
from bazas.engine.calls import Call
from bazas.engine.cards import Hand
from bazas.engine.seats import Seat

from ..base import TableContext
from .api import _context, _system
from .constraints import HandConstraints, HandFeatures, bidding_signature, features
from .core import Situation, System, combine_meanings

__all__ = ["ReplayConstraint", "replay_constraints"]

#: Default bound on the bidding signatures one constraint replays (about 0.15 ms each: the
#: situations keep the rows that apply, their calls and promises, so a replay only tests the hand).
#: 20000 since 4 December. The bound of 3 December was 3000 replays counted per hand, not per
#: signature, and it was spent early in the play, leaving the rest of the deal to the hull alone.
#: Four tuning deals played unbounded asked for 170 to 16000 signatures a seat. On the tuning
#: deals declarer lost 0.026 tricks a deal fewer and the defence 0.072 fewer; held out (seed 6)
#: the defence 0.133 fewer (docs/card-play.md, "The auction read to the end of the play").
MAX_REPLAYS = 20000


@dataclass
class ReplayConstraint:
    """What ``seat``'s calls say about its original 13 cards: the ``hull`` of their promises, and
    that the bidder, holding the hand, would have made each of ``calls`` (pairs of a situation
    and the call made there)."""

    hull: HandConstraints
    system: System
    calls: Sequence[tuple[Situation, Call]]
    max_replays: int = MAX_REPLAYS
    replay_fit: float = 0.5
    replays: int = 0
    _memo: dict[int, bool] = field(default_factory=dict, repr=False)

    # The sampler grades near misses from these (see bazas.bots.sampling._fit).
    @property
    def hcp(self) -> tuple[int, int]:
        return self.hull.hcp

    @property
    def lengths(self) -> tuple[tuple[int, int], ...]:
        return self.hull.lengths

    def replays_as_bid(self, hand: Hand | HandFeatures) -> bool | None:
        """Would the bidder have made every one of the seat's calls with ``hand``? None when the
        replay bound is spent and the hand was not replayed before."""
        mask = hand.mask
        key = bidding_signature(mask)   # the bidder sees no spot card below the ten
        known = self._memo.get(key)
        if known is not None:
            return known
        if self.replays >= self.max_replays:
            return None
        self.replays += 1
        f = hand if isinstance(hand, HandFeatures) else features(mask)
        ok = True
        for sit, call in self.calls:
            try:
                chosen = self.system.choose(sit, f).call
            except Exception:  # a bidder failure must not stop the play: no evidence
                continue
            if chosen != call:
                ok = False
                break
        self._memo[key] = ok
        return ok

    def matches(self, hand: Hand | HandFeatures) -> bool:
        if not self.hull.matches(hand):
            return False
        return self.replays_as_bid(hand) is not False

    def fit(self, hand: Hand | HandFeatures) -> float:
        if self.hull.matches(hand):
            return 1.0 if self.replays_as_bid(hand) is not False else self.replay_fit
        return self.replay_fit * self.hull.fit(hand)

    def is_satisfiable(self) -> bool:
        return self.hull.is_satisfiable()


def replay_constraints(auction: Auction, system: System | str | None = None,
                       context: TableContext | None = None,
                       max_replays: int = MAX_REPLAYS) -> dict[Seat, ReplayConstraint]:
    """Per seat that has called, a :class:`ReplayConstraint` (its hull is the one
    :func:`~bazas.bots.bidding.api.infer_constraints` gives); seats that have not called get none."""
    ctx = _context(context, system)
    sys = _system(system, ctx)
    calls = tuple(auction.calls)
    _, history = sys.analyze(auction.dealer, calls, ctx)
    hulls = combine_meanings(history)
    per_seat: dict[Seat, list[tuple[Situation, Call]]] = {}
    # An outside program's alerted call is made in its own system, as are its side's calls after
    # it: our bidder cannot replay them (it would never make them), so from a side's first alert
    # on its hands are checked against the promises alone (the explanations read: issue 9).
    foreign_from: dict[int, int] = {}
    for i, _ in sorted(ctx.alerts):
        foreign_from.setdefault(int(auction.dealer.after(i)) & 1, i)
    for i, call in enumerate(calls):
        seat = auction.dealer.after(i)
        per_seat.setdefault(seat, [])
        if i >= foreign_from.get(int(seat) & 1, len(calls)):
            continue
        per_seat[seat].append((sys.situation(auction.dealer, calls[:i], ctx), call))
    return {seat: ReplayConstraint(hulls[seat], sys, made, max_replays=max_replays)
            for seat, made in per_seat.items()}
