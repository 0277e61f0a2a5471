"""Work done outside the event loop, in worker processes: bot decisions, hints, claim checks and
the double-dummy analysis of finished deals.

The functions here run in a :class:`concurrent.futures.ProcessPoolExecutor` (forkserver): their
arguments and results are plain data (records, strings, dicts). A bot receives only the view of
its own seat: the worker rebuilds the deal state from its record and hands the bot
``view_of(state, seat)``, never more. DDS (endplay) runs single-threaded in each worker.
"""

from __future__ import annotations

import os
import random
from typing import Any

from bazas.bots.base import Bot, Budget, Decision, TableContext
from bazas.bots.lifetime import exit_with
from bazas.engine.cards import Card
from bazas.engine.rulesets.three_handed_game import THREE_HANDED_AUCTION
from bazas.engine.seats import Seat
from bazas.engine.state import Action, DealState
from bazas.engine.table import verify_claim
from bazas.engine.three_handed_table import RECORD_GAME as THREE_HANDED
from bazas.engine.three_handed_table import ThreeHandedDeal
from bazas.engine.views import SeatView, view_of

_BOTS: dict[tuple[str, str, str], Bot] = {}


def init_worker(kind: str = "dds", server_pid: int | None = None) -> None:
    """Pool initializer: load the bots' modules (and DDS, one thread) before the first decision,
    and leave when the server process is gone (even killed with SIGKILL: forkserver workers are
    not the server's children and would otherwise live on)."""
    os.environ.setdefault("OMP_NUM_THREADS", "1")
    from bazas.engine.rulesets import load_modules

    load_modules(os.environ.get("BAZAS_RULESETS", ""))  # the games the server loaded from outside
    if server_pid is not None:
        exit_with(server_pid)
    try:
        import bazas.bots.bidding  # noqa: F401
        import bazas.bots.player  # noqa: F401
        from bazas.bots import dds

        dds.set_threads(1)
    except Exception:  # pragma: no cover - a missing piece shows up when a bot is asked
        pass


def ping() -> int:
    return os.getpid()


def _bot(kind: str, ruleset: str, strength: str) -> Bot:
    key = (kind, ruleset, strength)
    bot = _BOTS.get(key)
    if bot is None:
        from bazas.bots.player import bot_for
        from bazas.engine.rulesets import get
        from bazas.engine.rulesets.denominations import denominations_of

        # the baseline bots know only the five strains: a game with its own denominations (Royal
        # Auction, nullos; issue 11) gets the real bidder and card player even at "simple" tables
        simple = kind == "simple" and denominations_of(get(ruleset)) is None
        bot = bot_for(ruleset, "baseline" if simple else ("fast" if kind == "simple" else strength),
                      claims=kind == "dds")
        _BOTS[key] = bot
    return bot


def decide(kind: str, strength: str, record: dict[str, Any], seat: str, context: dict[str, Any],
           seconds: float, seed: int) -> tuple[str, dict[str, Any] | None]:
    """The action (as text) the bot at ``seat`` takes in the deal ``record`` and its explanation."""
    if record.get("game") == THREE_HANDED:
        return _decide_three_handed(kind, strength, record, seat, seconds, seed)
    state = DealState.from_record(record)
    view = view_of(state, Seat.parse(seat))
    bot = _bot(kind, context.get("ruleset", "rubber"), strength)
    decision = bot.choose(view, TableContext.from_dict(context), random.Random(seed), Budget(seconds))
    return _decision(decision)


def _decide_three_handed(kind: str, strength: str, record: dict[str, Any], seat: str, seconds: float,
                         seed: int) -> tuple[str, dict[str, Any] | None]:
    """A three-handed Auction player's action (issue 11): his own call by the three-handed bidder
    (each player bids for himself), then the play of the seated deal by the 1920 Auction card
    player from his seat there (the declarer's for the dummy's cards too); it never claims (claims
    are not taken at three-handed tables)."""
    from bazas.bots.bidding.royal import three_handed_call

    state = ThreeHandedDeal.from_record(record)
    assert isinstance(state, ThreeHandedDeal)
    player = Seat.parse(seat)
    if state.phase == "auction":
        return str(three_handed_call(state.deal.hand(player), state.auction)), None
    assert state.seated is not None
    view = view_of(state.seated, state.seat_in_play(player))
    game = THREE_HANDED_AUCTION.id  # its card play is the 1920 game's (the ruleset's facts say so)
    bot = _bot("dds-noclaim" if kind == "dds" else kind, game, strength)
    decision = bot.choose(view, TableContext(ruleset=game), random.Random(seed), Budget(seconds))
    return str(decision.action), None


def _decision(decision: Decision) -> tuple[str, dict[str, Any] | None]:
    explanation = decision.explanation.to_dict() if decision.explanation is not None else None
    return str(decision.action), explanation


def explain_calls(ruleset: str, dealer: str, calls: list[str], indexes: list[int],
                  context: dict[str, Any]) -> list[dict[str, Any] | None]:
    """The meanings of calls ``indexes`` of the auction ``calls`` from ``dealer`` (public: from the
    calls alone); None where the bidding system cannot say."""
    from bazas.bots.bidding import explain
    from bazas.engine.auction import Auction
    from bazas.engine.rulesets import get
    from bazas.engine.rulesets.denominations import denominations_of

    own = denominations_of(get(ruleset))
    if own is not None:  # Royal Auction, nullos (issue 11): the rows of bots/bidding/royal.py
        from bazas.bots.bidding.royal import meaning

        royal, must = any(d.code == "RS" for d in own.denominations), own.dealer_must_bid
        said = [meaning(calls, i, royal, must) if 0 <= i < len(calls) else None for i in indexes]
        return [None if m is None else m.to_dict() for m in said]
    auction = Auction.from_calls(Seat.parse(dealer), calls)
    ctx = TableContext.from_dict(context)
    out: list[dict[str, Any] | None] = []
    for i in indexes:
        try:
            out.append(explain(auction, i, ruleset, ctx).to_dict())
        except Exception:
            out.append(None)
    return out


def check_claim(record: dict[str, Any], seat: str, tricks: int) -> bool | None:
    """:func:`bazas.engine.table.verify_claim` off the event loop."""
    return verify_claim(DealState.from_record(record), Seat.parse(seat), tricks)


def analyse(record: dict[str, Any], vulnerability: str) -> dict[str, Any] | None:
    """Double-dummy analysis of a finished deal (``DealAnalysis.to_dict()``: makeable tricks per
    strain and seat, par, the trick cost of every card played); None for a passed-out deal."""
    from bazas.bots import dds
    from bazas.engine.deal import Vulnerability
    from bazas.engine.rulesets.denominations import is_nullo

    state = DealState.from_record(record)
    if state.play is None or state.contract is None or state.declarer is None:
        return None
    played = [c for c in state.play]
    result = dds.analyse_deal(state.deal, played, state.contract.strain, state.declarer,
                              Vulnerability.parse(vulnerability), state.dealer)
    analysis: dict[str, Any] = result.to_dict()
    if is_nullo(state.contract):
        # At a nullo both sides aim to LOSE tricks (issue 11): what a card cost in tricks WON says
        # nothing about it, so no card is marked; the makeable contracts and par stay.
        analysis.pop("costs", None)
    return analysis


# -- scripted play: instant, in the server process (benchmarks) ----------------------------------

def scripted_action(view: SeatView, rng: random.Random | None = None) -> Action:
    """A legal action at once: the first caller of the deal opens 1NT, everyone else passes; in
    the play a random legal card (the lowest without ``rng``)."""
    if view.phase == "auction":
        calls = view.calls
        legal = [str(a) for a in view.legal]
        if not calls and "1NT" in legal:
            return next(a for a in view.legal if str(a) == "1NT")
        return view.legal[0]
    cards = [a for a in view.legal if isinstance(a, Card)]
    if not cards:
        raise ValueError("nothing to play")
    return cards[0] if rng is None else rng.choice(cards)


def fallback_action(view: SeatView) -> Action:
    """What a bot does when it ran out of time: pass, or the lowest legal card."""
    return view.legal[0]
