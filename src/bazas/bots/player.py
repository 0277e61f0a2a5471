"""The computer player for every phase, a factory, and a loop that lets bots play a deal.

:class:`ComputerPlayer` joins a bidder (any Bot for the auction: the bidding module's ``Bidder``
or the baseline :class:`~bazas.bots.baseline.SimpleBidder`) and a card player (a Bot for the play:
:class:`~bazas.bots.play.CardPlayer` or :class:`~bazas.bots.baseline.SimpleCardPlayer`).
:func:`bot_for` builds one for a ruleset and a strength.
"""

from __future__ import annotations

import importlib
import random
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from bazas.engine.deal import Deal
from bazas.engine.rulesets import get as get_ruleset
from bazas.engine.seats import SEATS, Seat
from bazas.engine.state import ClaimAction, DealState
from bazas.engine.views import SeatView, view_of

from .base import Bot, Budget, Decision, Explanation, TableContext
from .baseline import SimpleBidder, SimpleCardPlayer
from .dds import Solver
from .play import CardPlayer

__all__ = ["STRENGTHS", "ComputerPlayer", "PlayedDeal", "bot_for", "default_bidder", "play_deal"]


@dataclass
class ComputerPlayer:
    """A Bot for all phases: ``bidder`` calls, ``card_player`` plays (declarer plays dummy).

    With ``claims`` the declarer claims (returns a :class:`~bazas.engine.state.ClaimAction`) when
    the card player's ``can_claim`` finds the rest of the tricks settled whatever the layout."""

    bidder: Bot
    card_player: Bot
    claims: bool = False
    name: str = "bazas"
    #: Calls where the bidder failed (raised, or returned an illegal call) and the simple natural
    #: bidder answered instead: a table must never stall on a bot bug.
    bidder_failures: int = 0
    last_bidder_error: str | None = None

    def choose(self, view: SeatView, context: TableContext, rng: random.Random, budget: Budget) -> Decision:
        if view.phase == "auction":
            try:
                decision = self.bidder.choose(view, context, rng, budget)
                if view.legal and decision.action not in view.legal:
                    raise ValueError(f"illegal call {decision.action}")
                return decision
            except Exception as exc:  # fall back rather than stall the table
                self.bidder_failures += 1
                self.last_bidder_error = f"{type(exc).__name__}: {exc}"
                return SimpleBidder().choose(view, context, rng, budget)
        if view.phase == "play":
            if self.claims and view.seat is not None and view.seat == view.declarer and view.current is None:
                claim = getattr(self.card_player, "can_claim", None)
                if claim is not None and len(view.tricks) >= 6:
                    tricks = claim(view, context)
                    if tricks is not None:
                        return Decision(ClaimAction(view.seat, tricks),
                                        Explanation(es=f"Reclamo {tricks} bazas más.",
                                                    en=f"Claim {tricks} more tricks."))
            return self.card_player.choose(view, context, rng, budget)
        raise ValueError(f"nothing to choose in phase {view.phase!r}")


def _bidding_attr(name: str) -> Any:
    """``name`` from the bidding package, or None while it is not installed."""
    try:
        module = importlib.import_module("bazas.bots.bidding")
    except ImportError:
        return None
    return getattr(module, name, None)


def default_bidder(ruleset_id: str = "rubber") -> Bot:
    """The bidding module's ``Bidder`` for ``ruleset_id`` (SAYC for contract bridge, the 1920 rules
    for auction bridge); the simple natural bidder when the bidding module is not installed."""
    bidder_class = _bidding_attr("Bidder")
    if bidder_class is None:
        return SimpleBidder()
    system = get_ruleset(ruleset_id).bidding_system
    for kwargs in ({"system": system}, {}):
        try:
            bidder: Bot = bidder_class(**kwargs)
            return bidder
        except TypeError:
            continue
    return SimpleBidder()


#: Strength presets: (card player max samples, min samples); "baseline" = the simple bots.
STRENGTHS: dict[str, tuple[int, int]] = {"fast": (24, 4), "normal": (96, 4), "strong": (160, 8)}


def bot_for(ruleset_id: str = "rubber", strength: str = "normal", solver: Solver | None = None,
            claims: bool = False) -> ComputerPlayer:
    """A computer player for ``ruleset_id`` at ``strength`` (``baseline``, ``fast``, ``normal``,
    ``strong``); the per-action time comes with each call as a :class:`Budget`."""
    if strength == "baseline":
        return ComputerPlayer(SimpleBidder(), SimpleCardPlayer(), claims=False, name="baseline")
    if strength not in STRENGTHS:
        raise ValueError(f"unknown strength {strength!r} (expected baseline, {', '.join(STRENGTHS)})")
    max_samples, min_samples = STRENGTHS[strength]
    system = get_ruleset(ruleset_id).bidding_system
    card_player = CardPlayer(max_samples=max_samples, min_samples=min_samples, system=system)
    if solver is not None:
        card_player.solver = solver
    return ComputerPlayer(default_bidder(ruleset_id), card_player, claims=claims, name=f"bazas-{strength}")


@dataclass
class PlayedDeal:
    """A deal played by bots: the final state and, per action, who acted, how long it took."""

    state: DealState
    timings: list[tuple[Seat, str, float]] = field(default_factory=list)  # (seat, phase, seconds)
    cpu_timings: list[float] = field(default_factory=list)  # this process's CPU seconds per action
    decisions: list[tuple[Seat, Any, Explanation | None]] = field(default_factory=list)


def play_deal(deal: Deal, dealer: Seat, bots: Mapping[Seat, Bot], context: TableContext,
              rng: random.Random, budget: Budget, *, state: DealState | None = None,
              on_action: Callable[[DealState, Seat, Decision, float], None] | None = None,
              stop: Callable[[DealState], bool] | None = None) -> PlayedDeal:
    """Let ``bots`` (one per seat; declarer's bot plays dummy) play ``deal`` to the end (or until
    ``stop(state)``), each action with its own child random stream drawn from ``rng``."""
    st = state if state is not None else DealState.start(deal, dealer)
    out = PlayedDeal(st)
    while st.phase != "done":
        if stop is not None and stop(st):
            break
        actor = st.actor
        assert actor is not None
        view = view_of(st, actor)
        child = random.Random(rng.getrandbits(64))
        t0 = time.perf_counter()
        c0 = time.process_time()
        decision = bots[actor].choose(view, context, child, budget)
        dt = time.perf_counter() - t0
        out.cpu_timings.append(time.process_time() - c0)
        action = decision.action
        if isinstance(action, ClaimAction):
            assert st.play is not None
            if action.seat != actor:
                raise ValueError(f"{actor.name} claimed for {action.seat.name}")
        st = st.apply(action, actor).after
        out.timings.append((actor, view.phase, dt))
        out.decisions.append((actor, action, decision.explanation))
        if on_action is not None:
            on_action(st, actor, decision, dt)
    out.state = st
    return out


def seats_bots(ns: Bot, ew: Bot) -> dict[Seat, Bot]:
    """N and S get ``ns``, E and W get ``ew``."""
    return {s: (ns if s.side == 0 else ew) for s in SEATS}
