"""``rubber``: contract rubber bridge (seed 003, as corrected by RULES.md, plus the Laws of Rubber
Bridge, Laws 72-77).

Below the line only contracted odd tricks; game at 100 or more; vulnerable after winning a game;
overtricks, insult, slams, undertricks and honours above the line; the rubber ends when a side has
two games, with 700 (losers won no game) or 500 (they won one). An unfinished rubber gives 300 to
a side with the only game and 100 to a side with the only part score in the unfinished game.

>>> from bazas.engine.seats import Seat
>>> s = RUBBER.start(Seat.N)
>>> d = RUBBER.score(s, DealResult(Contract.parse("3S"), Seat.N, 10))
>>> [(i.kind.value, i.side.name, i.points, i.below) for i in d.items]
[('trick score', 'NS', 90, True), ('overtricks', 'NS', 30, False)]
>>> RUBBER.declarer_score(Contract.parse("5NTX"), 8, vulnerable=False)
-500
"""

from __future__ import annotations

from collections.abc import Mapping

from ..calls import Contract
from ..deal import Vulnerability
from ..errors import ScoringError
from ..seats import Side
from .base import (
    TIE_CONTROL,
    TIE_HELP,
    DealResult,
    DealScore,
    Item,
    LineItem,
    PerSide,
    Ruleset,
    RulesetOptionError,
    Standing,
    check_tie,
    game_value,
    net_points,
    rubber_deal,
)
from .contract_scoring import LAWS_HONOURS, LAWS_SCALE, contract_items, honours_items

SOURCE = (
    "seed 003 (rubber bridge as played online; its 5NTX example corrected to 500 by RULES.md) "
    "and the Laws of Rubber Bridge, Laws 72-77"
)

#: Contracts score at the Laws' figures.
SCALE = LAWS_SCALE

GAME = 100
#: Honours in one hand: four of the five trump honours 100, all five 150, the four aces at notrump 150.
HONOURS = LAWS_HONOURS
#: Rubber bonus by the number of games the losers won.
RUBBER_BONUS = {0: 700, 1: 500}
GAMES_FOR_RUBBER = 2
UNFINISHED_GAME = 300
UNFINISHED_PART_SCORE = 100


class RubberBridge(Ruleset):
    id = "rubber"
    aliases: tuple[str, ...] = ("rubber", "contract", "rubber-bridge", "contract-bridge", "rubber bridge")
    title = "Contract rubber bridge"
    source = SOURCE
    pbn_scoring = "Rubber"
    menu_order = 10
    names = {"en": "Rubber bridge", "es": "Bridge de rubber"}
    #: What completing a game is worth to a bot weighing one deal: roughly the share of the rubber
    #: bonus a game earns (a first game not vulnerable about 300, a second, vulnerable, about 500).
    GAME_VALUE = (300, 500)

    option_help = {"tie": TIE_HELP}
    option_controls = {"tie": TIE_CONTROL}

    def __init__(self, tie: str = "tie") -> None:
        self._take_tie_rule(tie, RubberBridge)

    def with_options(self, options: Mapping[str, object]) -> Ruleset:
        """``{"tie": "one_more_deal"}``: an unfinished rubber stopped on an exact tie (equal totals
        and equal games, seed 003's tie-break) is settled by one more deal (seed 001's rule).

        >>> RUBBER.with_options({"tie": "one_more_deal"}).id
        'rubber+tie-one-more-deal'
        """
        merged = {**self.options(), **options}
        for name in merged:
            if name not in self.option_help:
                raise RulesetOptionError(name, f"{self.base_id} has no option {name!r} (it has only tie)")
        tie = check_tie(merged) or "tie"
        return RUBBER if tie == "tie" else RubberBridge(tie)

    def options(self) -> dict[str, object]:
        return {} if self.tie_rule == "tie" else {"tie": self.tie_rule}

    def option_token(self, token: str) -> dict[str, object]:
        if token == "tie-one-more-deal":
            return {"tie": "one_more_deal"}
        return super().option_token(token)

    @property
    def counts_honours(self) -> bool:
        return True

    def vulnerability(self, standing: Standing) -> Vulnerability:
        """A side that has won a game is vulnerable."""
        return Vulnerability.of(standing.games.ns >= 1, standing.games.ew >= 1)

    def score(self, standing: Standing, result: DealResult) -> DealScore:
        if standing.over:
            raise ScoringError("the rubber is over")
        vul = self.vulnerability(standing)
        dealer = standing.dealer
        if result.contract is None or result.declarer is None:
            after = Standing(dealer.lho, standing.deal_number + 1, 1, standing.games, standing.part_scores)
            return DealScore(dealer, vul, (), after)
        side = result.declarer.side
        items = contract_items(SCALE, result.contract, side, result.tricks, vul.is_vulnerable(side))
        items += honours_items(result.honour_holding(), HONOURS)
        return rubber_deal(standing, dealer, vul, side, items, game=GAME, games_for_rubber=GAMES_FOR_RUBBER,
                           rubber_bonus=RUBBER_BONUS.__getitem__)

    def declarer_score(self, contract: Contract, tricks: int, vulnerable: bool) -> int:
        return net_points(contract_items(SCALE, contract, Side.NS, tricks, vulnerable), Side.NS)

    def bot_score(self, contract: Contract, tricks: int, vulnerable: bool, part_score: int = 0) -> int:
        """The contract's own score plus what completing a game is worth (:attr:`GAME_VALUE`).

        >>> RUBBER.bot_score(Contract.parse("4S"), 10, False), RUBBER.bot_score(Contract.parse("2S"), 8, False, 40)
        (420, 360)
        """
        score = self.declarer_score(contract, tricks, vulnerable)
        if tricks >= contract.tricks_needed:
            score += game_value(contract_items(SCALE, contract, Side.NS, tricks, vulnerable), part_score, GAME,
                                self.GAME_VALUE[vulnerable])
        return score

    def unfinished(self, standing: Standing) -> tuple[LineItem, ...]:
        """Laws of Rubber Bridge 77: 300 for the only game won, 100 for the only part score."""
        if standing.over:
            return ()
        items: list[LineItem] = []
        for side in Side:
            if standing.games.of(side) >= 1 and standing.games.of(side.opponent) == 0:
                items.append(LineItem(Item.UNFINISHED_GAME, side, UNFINISHED_GAME))
        for side in Side:
            if standing.part_scores.of(side) > 0 and standing.part_scores.of(side.opponent) == 0:
                items.append(LineItem(Item.UNFINISHED_PART_SCORE, side, UNFINISHED_PART_SCORE))
        return tuple(items)

    def winner(self, standing: Standing, totals: PerSide) -> Side | None:
        """Larger total; on equal totals, seed 003: the side with more games."""
        if totals.ns != totals.ew:
            return Side.NS if totals.ns > totals.ew else Side.EW
        if standing.games.ns != standing.games.ew:
            return Side.NS if standing.games.ns > standing.games.ew else Side.EW
        return None


RUBBER = RubberBridge()
