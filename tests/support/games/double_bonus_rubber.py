"""Rubber bridge with doubled bonuses: a toy game that differs from contract rubber bridge only in
its bonuses (the rubber bonus and the honours are worth twice the Laws' figures).

It is written as a new engineer would add a game: one module with a ``Ruleset`` subclass that
declares its facts, registered on import, and its rules pages (``double-bonus-rubber.en.html``,
``.es.html``) beside it. Load it in any program with ``BAZAS_RULESETS=support.games.double_bonus_rubber``.

>>> from bazas.engine.session import Session
>>> from bazas.engine.rulesets import DealResult
>>> from bazas.engine.calls import Contract
>>> from bazas.engine.seats import Seat
>>> s = Session.start("double-bonus-rubber", "N")
>>> for _ in range(2):
...     s = s.record(DealResult(Contract.parse("4S"), Seat.N, 10))
>>> s.totals.ns  # 2 x 120 below, a 700 rubber bonus doubled
1640
"""

from __future__ import annotations

from dataclasses import replace

from bazas.engine.rulesets import DealResult, DealScore, Item, LineItem, Standing, register
from bazas.engine.rulesets.rubber import RubberBridge

#: Bonuses multiplied; everything else is rubber bridge.
DOUBLED = frozenset({Item.RUBBER, Item.HONOURS, Item.UNFINISHED_GAME, Item.UNFINISHED_PART_SCORE})


class DoubleBonusRubber(RubberBridge):
    id = "double-bonus-rubber"
    aliases = ("double-bonus-rubber", "double bonus")
    title = "Rubber bridge with doubled bonuses"
    source = "a toy game for the tests: the Laws of Rubber Bridge with the bonuses doubled"
    names = {"en": "Double-bonus rubber", "es": "Rubber con primas dobles"}
    menu_order = 90

    def score(self, standing: Standing, result: DealResult) -> DealScore:
        scored = super().score(standing, result)
        items = tuple(replace(i, points=2 * i.points) if i.kind in DOUBLED else i for i in scored.items)
        return replace(scored, items=items)

    def unfinished(self, standing: Standing) -> tuple[LineItem, ...]:
        return tuple(replace(i, points=2 * i.points) for i in super().unfinished(standing))


DOUBLE_BONUS_RUBBER = register(DoubleBonusRubber())
