"""The public face of the bidding package: choose a call, explain any call, infer hands.

>>> from bazas.engine.cards import Hand
>>> call, why = choose_call(Hand.from_pbn("AQ2.KJ5.QT98.K32"), Seat.N, [])
>>> str(call), why.en
('1NT', 'Opening 1NT: 15–17 HCP, balanced')
>>> a = Auction.from_calls(Seat.N, ["1NT", "P", "2C"])
>>> explain(a, 2, "rubber").en
'Stayman: asks for a four-card major; or Stayman with a weak hand: will pass any answer: 4+ cards in spades or hearts; forcing'
>>> infer_constraints(a, "rubber")[Seat.N].text("es")
'15–17 PH, equilibrada'
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from bazas.bots.base import Budget, Decision, Explanation, TableContext
from bazas.engine.auction import Auction
from bazas.engine.calls import Call, parse_call
from bazas.engine.cards import Hand
from bazas.engine.errors import IllegalCall, ScoringError
from bazas.engine.rulesets import all_rulesets
from bazas.engine.rulesets import get as get_ruleset
from bazas.engine.seats import Seat
from bazas.engine.views import SeatView

from . import royal
from .auction1920 import AUCTION_1920
from .constraints import HandConstraints, features
from .core import Choice, System, combine_meanings, full_text
from .sayc import SAYC

#: The bidding systems, by the name a ruleset declares (``Ruleset.bidding_system``).
SYSTEMS: dict[str, System] = {"auction-1920": AUCTION_1920, "sayc": SAYC}


def system_for(ruleset: str) -> System:
    """The bidding system the ruleset ``ruleset`` (id or alias) declares; a system name is
    accepted too. Unknown names play SAYC.

    >>> system_for("subasta").name, system_for("chicago").name, system_for("sayc").name
    ('auction-1920', 'sayc', 'sayc')
    """
    if ruleset in SYSTEMS:
        return SYSTEMS[ruleset]
    try:
        return SYSTEMS.get(get_ruleset(ruleset).bidding_system, SAYC)
    except ScoringError:
        return SAYC


def _system(system: System | str | None, context: TableContext) -> System:
    if isinstance(system, System):
        return system
    if system is None:
        return system_for(context.ruleset)
    return SYSTEMS.get(system, system_for(system))


def _context(context: TableContext | None, system: System | str | None) -> TableContext:
    if context is not None:
        return context
    name = system.name if isinstance(system, System) else system
    # A system without a table: the first ruleset that bids it.
    for ruleset in all_rulesets():
        if ruleset.bidding_system == name:
            return TableContext(ruleset=ruleset.id)
    return TableContext()


def _calls(calls: Sequence[Call | str]) -> tuple[Call, ...]:
    return tuple(parse_call(c) if isinstance(c, str) else c for c in calls)


def choose(hand: Hand, dealer: Seat, calls: Sequence[Call | str], context: TableContext | None = None,
           system: System | str | None = None) -> Choice:
    """The full decision (call, its public meaning, the row that chose it, the sentence)."""
    ctx = _context(context, system)
    sys = _system(system, ctx)
    sit = sys.situation(dealer, _calls(calls), ctx)
    if sit.auction.is_complete:
        raise IllegalCall("the auction is over: there is no call to make")
    choice = sys.choose(sit, features(hand.mask))
    if not sit.legal(choice.call):  # pragma: no cover - the machinery only returns legal calls
        raise AssertionError(f"bidder produced an illegal call {choice.call}")
    return choice


def choose_call(hand: Hand, dealer: Seat, calls: Sequence[Call | str], context: TableContext | None = None,
                system: System | str | None = None) -> tuple[Call, Explanation]:
    """The call the bot makes next with ``hand`` (the seat to call follows from ``dealer`` and
    ``calls``), and why. ``system`` is a :class:`System`, a ruleset id, or None (from
    ``context.ruleset``). Deterministic; never fails on a legal auction that is not over."""
    c = choose(hand, dealer, calls, context, system)
    return c.call, Explanation(c.es, c.en, c.meaning.constraints.to_dict(), c.meaning.artificial)


def explain(auction: Auction, index: int, system: System | str | None = None,
            context: TableContext | None = None) -> Explanation:
    """What call number ``index`` (0-based) of ``auction`` means in ``system``, whoever made it."""
    ctx = _context(context, system)
    sys = _system(system, ctx)
    if not 0 <= index < len(auction.calls):
        raise IndexError(f"call index {index} is outside the auction (0-{len(auction.calls) - 1})")
    _, history = sys.analyze(auction.dealer, tuple(auction.calls[:index + 1]), ctx)
    m = history[index]
    return Explanation(full_text(m, "es"), full_text(m, "en"), m.constraints.to_dict(), m.artificial)


def infer_constraints(auction: Auction, system: System | str | None = None,
                      context: TableContext | None = None) -> dict[Seat, HandConstraints]:
    """Per seat, what its calls promised, combined (a contradictory later promise -- a human's
    deviation -- is dropped). Seats that promised nothing get the unconstrained value. A call the
    table alerted (``context.alerts``: an outside program's artificial call, explained in its own
    words) promises nothing here: it is never read as natural."""
    ctx = _context(context, system)
    sys = _system(system, ctx)
    _, history = sys.analyze(auction.dealer, tuple(auction.calls), ctx)
    return combine_meanings(history)


class Bidder:
    """The auction-phase bot: implements :class:`bazas.bots.base.Bot` for calls."""

    def __init__(self, system: System | str | None = None) -> None:
        self.system = system

    def system_for(self, context: TableContext) -> System:
        return _system(self.system, context)

    def choose(self, view: SeatView, context: TableContext, rng: random.Random, budget: Budget) -> Decision:
        """A legal call for ``view.seat``. Deterministic: ``rng`` and ``budget`` are not needed."""
        if view.hand is None or view.seat is None:
            raise ValueError("the bidder needs a seat's view with its hand")
        if self.system == royal.NAME:  # issue 11: a game's own denominations (bots/bidding/royal.py)
            return royal.RoyalBidder().choose(view, context, rng, budget)
        call, why = choose_call(view.hand, view.dealer, view.calls, context, self.system_for(context))
        return Decision(call, why)


class SaycBidder(Bidder):
    """The SAYC bidder (contract rulesets: rubber, chicago, duplicate)."""

    def __init__(self) -> None:
        super().__init__(SAYC)


class Auction1920Bidder(Bidder):
    """The 1920 Auction Bridge bidder (ruleset ``auction-1920``)."""

    def __init__(self) -> None:
        super().__init__(AUCTION_1920)


def bidder_for(ruleset: str) -> Bidder:
    """The bidder for a ruleset id (the system it declares)."""
    return Bidder(system_for(ruleset))
