"""The rulesets, looked up by id or alias.

Each ruleset is its own module of data and small pure functions, citing its source; this package
only collects them.

>>> get("subasta").id, get("Contract").id, get("teams").id, get("chicago").id
('auction-1920', 'rubber', 'duplicate', 'chicago')
>>> ids()[:4]  # the built-in games (a program may register more)
('auction-1920', 'rubber', 'chicago', 'duplicate')
>>> [r.id for r in one_table()][:3]
['rubber', 'chicago', 'auction-1920']

A new game is one module: a :class:`Ruleset` subclass whose instance is registered with
:func:`register` (the built-in modules are listed below). Programs that load games from outside
the package name their modules to :func:`load_modules` (the server and the CLI read them from the
``BAZAS_RULESETS`` environment variable, so bot workers load them too).
"""

from __future__ import annotations

import importlib

from ..errors import ScoringError
from .auction_1920 import AUCTION_1920
from .base import (
    BotScoring,
    ContractScale,
    DealResult,
    DealScore,
    Item,
    LineItem,
    PerSide,
    Ruleset,
    RulesetOptionError,
    SheetKind,
    Standing,
    sum_items,
)
from .chicago import CHICAGO
from .duplicate import DUPLICATE
from .imps import imps
from .royal_auction import ROYAL_AUCTION
from .rubber import RUBBER
from .three_handed_game import THREE_HANDED_AUCTION

__all__ = [
    "AUCTION_1920",
    "BotScoring",
    "SheetKind",
    "load_modules",
    "one_table",
    "register",
    "RulesetOptionError",
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

_RULESETS: list[Ruleset] = [AUCTION_1920, RUBBER, CHICAGO, DUPLICATE, ROYAL_AUCTION, THREE_HANDED_AUCTION]


class UnknownRuleset(ScoringError):
    """A ruleset name the registry does not know."""


def _key(name: str) -> str:
    return " ".join(name.strip().lower().replace("_", "-").split())


_BY_NAME: dict[str, Ruleset] = {}
for _ruleset in _RULESETS:
    for _name in (_ruleset.id, *_ruleset.aliases):
        _BY_NAME[_key(_name)] = _ruleset


def register(ruleset: Ruleset) -> Ruleset:
    """Add ``ruleset`` to the registry (again: no change). Its id and aliases must be new.

    >>> register(get("rubber")) is get("rubber")
    True
    """
    if _BY_NAME.get(_key(ruleset.id)) is ruleset:
        return ruleset
    names = [_key(n) for n in (ruleset.id, *ruleset.aliases)]
    taken = [n for n in names if n in _BY_NAME and _BY_NAME[n] is not ruleset]
    if taken:
        raise ScoringError(f"ruleset {ruleset.id!r}: the name {taken[0]!r} is taken by {_BY_NAME[taken[0]].id!r}")
    _RULESETS.append(ruleset)
    for name in names:
        _BY_NAME[name] = ruleset
    return ruleset


def load_modules(names: str) -> list[str]:
    """Import the modules named in ``names`` (comma- or space-separated): each registers its
    rulesets when imported. Returns the modules imported; an unknown module raises
    :class:`UnknownRuleset` naming it."""
    loaded = []
    for name in names.replace(",", " ").split():
        try:
            importlib.import_module(name)
        except ImportError as exc:
            raise UnknownRuleset(f"cannot load the ruleset module {name!r}: {exc}") from exc
        loaded.append(name)
    return loaded


def all_rulesets() -> tuple[Ruleset, ...]:
    """Every registered ruleset, in registration order."""
    return tuple(_RULESETS)


def one_table() -> tuple[Ruleset, ...]:
    """The rulesets one table of players can play, in menu order."""
    return tuple(sorted((r for r in _RULESETS if r.one_table), key=lambda r: (r.menu_order, r.id)))


def get(name: str | Ruleset) -> Ruleset:
    """The ruleset called ``name`` (id or alias, any case); a Ruleset is returned as is. A
    variant's id, ``<game>+<option>...`` (:meth:`Ruleset.with_options`), gives the variant.

    >>> get("chicago+no-honours").counts_honours, get("subasta+later-honours+8-deals").options()
    (False, {'honours': 'later', 'deals': 8})
    """
    if isinstance(name, Ruleset):
        return name
    ruleset = _BY_NAME.get(_key(name))
    if ruleset is None and "+" in name:
        base_name, *tokens = name.split("+")
        base = get(base_name)
        options: dict[str, object] = {}
        try:
            for token in tokens:
                options.update(base.option_token(token.strip().lower()))
            return base.with_options(options)
        except ScoringError as exc:
            raise UnknownRuleset(f"unknown ruleset {name!r}: {exc}") from None
    if ruleset is None:
        raise UnknownRuleset(f"unknown ruleset {name!r} (known: {', '.join(ids())})")
    return ruleset


def ids() -> tuple[str, ...]:
    """The registered ruleset ids."""
    return tuple(r.id for r in _RULESETS)


def aliases() -> dict[str, str]:
    """Every accepted name and the id it means."""
    return {name: r.id for name, r in _BY_NAME.items()}
