"""Bidding systems as declarative rule tables: one table both chooses and explains calls.

Public API::

    choose_call(hand, dealer, calls, context=None, system=None) -> (Call, Explanation)
    explain(auction, index, system=None, context=None) -> Explanation
    infer_constraints(auction, system=None, context=None) -> dict[Seat, HandConstraints]
    replay_constraints(auction, system=None, context=None) -> dict[Seat, ReplayConstraint]
    system_for(ruleset) -> System          # "auction-1920" -> the 1920 system, else SAYC
    Bidder(system=None).choose(view, context, rng, budget) -> Decision
    SaycBidder(), Auction1920Bidder(), bidder_for(ruleset) -> Bidder
    run_problem_suite(path) -> (passed, total, failures)
    convention_card(lang) -> str           # the HTML convention card, generated from the table

See :mod:`bazas.bots.bidding.core` for how a table row works.
"""

from __future__ import annotations

from .api import (
    SYSTEMS,
    Auction1920Bidder,
    Bidder,
    SaycBidder,
    bidder_for,
    choose,
    choose_call,
    explain,
    infer_constraints,
    system_for,
)
from .auction1920 import AUCTION_1920
from .card import convention_card
from .constraints import UNCONSTRAINED, HandConstraints, HandFeatures, features
from .core import CallMeaning, Choice, Rule, Situation, System
from .problems import run_problem_suite
from .replay import ReplayConstraint, replay_constraints
from .sayc import SAYC

__all__ = [
    "AUCTION_1920",
    "SAYC",
    "Auction1920Bidder",
    "SaycBidder",
    "bidder_for",
    "SYSTEMS",
    "UNCONSTRAINED",
    "Bidder",
    "CallMeaning",
    "Choice",
    "HandConstraints",
    "HandFeatures",
    "Rule",
    "Situation",
    "System",
    "choose",
    "choose_call",
    "convention_card",
    "explain",
    "features",
    "infer_constraints",
    "ReplayConstraint",
    "replay_constraints",
    "run_problem_suite",
    "system_for",
]
