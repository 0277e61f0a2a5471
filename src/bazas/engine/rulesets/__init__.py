"""The rulesets, looked up by id or alias.

Each ruleset is its own module of data and small pure functions, citing its source; this package
only collects them.

>>> get("subasta").id, get("Contract").id, get("teams").id, get("chicago").id
('auction-1920', 'rubber', 'duplicate', 'chicago')
>>> ids()
('auction-1920', 'rubber', 'chicago', 'duplicate')
"""

from __future__ import annotations

from ..errors import ScoringError
from .auction_1920 import AUCTION_1920
from .base import (
    ContractScale,
    DealResult,
    DealScore,
    Item,
    LineItem,
    PerSide,
    Ruleset,
    Standing,
    sum_items,
)
from .chicago import CHICAGO
from .duplicate import DUPLICATE
from .imps import imps
from .rubber import RUBBER

__all__ = [
    "AUCTION_1920",
    "CHICAGO",
    "DUPLICATE",
    "RUBBER",
    "ContractScale",
    "DealResult",
    "DealScore",
    "Item",
    "LineItem",
    "PerSide",
    "Ruleset",
    "Standing",
    "UnknownRuleset",
    "get",
    "ids",
    "imps",
    "sum_items",
]

RULESETS: tuple[Ruleset, ...] = (AUCTION_1920, RUBBER, CHICAGO, DUPLICATE)


class UnknownRuleset(ScoringError):
    """A ruleset name the registry does not know."""


def _key(name: str) -> str:
    return " ".join(name.strip().lower().replace("_", "-").split())


_BY_NAME: dict[str, Ruleset] = {}
for _ruleset in RULESETS:
    for _name in (_ruleset.id, *_ruleset.aliases):
        _BY_NAME[_key(_name)] = _ruleset


def get(name: str | Ruleset) -> Ruleset:
    """The ruleset called ``name`` (id or alias, any case); a Ruleset is returned as is."""
    if isinstance(name, Ruleset):
        return name
    ruleset = _BY_NAME.get(_key(name))
    if ruleset is None:
        raise UnknownRuleset(f"unknown ruleset {name!r} (known: {', '.join(ids())})")
    return ruleset


def ids() -> tuple[str, ...]:
    """The registered ruleset ids."""
    return tuple(r.id for r in RULESETS)


def aliases() -> dict[str, str]:
    """Every accepted name and the id it means."""
    return {name: r.id for name, r in _BY_NAME.items()}
