"""``chicago``: four-deal contract bridge (named in seed 003; RULES.md "chicago"; Laws of Rubber
Bridge, Chicago appendix).

Exactly four deals, dealer rotating from the first dealer. Vulnerability: deal 1 none, deals 2 and 3
the dealer's side, deal 4 both. Contract scoring as in rubber at that deal's vulnerability; part
scores carry until a game is made; a game scores 300 not vulnerable / 500 vulnerable; a part score
made on deal 4 that does not complete a game scores 100 more. Honours as in rubber (a table option
may switch them off); no rubber bonus. A passed-out deal is redealt by the same dealer.

>>> from dataclasses import replace
>>> from bazas.engine.seats import Seat
>>> s = CHICAGO.start(Seat.N)
>>> [CHICAGO.vulnerability(replace(s, deal_number=n, dealer=Seat.N.after(n - 1))).pbn for n in (1, 2, 3, 4)]
['None', 'EW', 'NS', 'All']
>>> CHICAGO.without_honours().counts_honours
False
"""

from __future__ import annotations

from collections.abc import Mapping

from ..calls import Contract
from ..deal import Vulnerability
from ..errors import ScoringError
from ..seats import Seat, Side
from .base import (
    BotScoring,
    DealResult,
    DealScore,
    Item,
    LineItem,
    PerSide,
    Ruleset,
    RulesetOptionError,
    SheetKind,
    Standing,
    check_bool,
    net_points,
)
from .contract_scoring import LAWS_HONOURS, LAWS_SCALE, contract_items, honours_items

SOURCE = (
    "seed 003 (names Chicago), RULES.md 'chicago', and the Laws of Rubber Bridge (Chicago appendix)"
)

#: Contracts score at the Laws' figures.
SCALE = LAWS_SCALE

DEALS = 4
GAME = 100
#: Completing a game: (not vulnerable, vulnerable).
GAME_BONUS = (300, 500)
#: A part score made on the last deal that does not complete a game.
LAST_DEAL_PART_SCORE = 100
#: Honours as in rubber (the Laws' 100 / 150 / 150), unless the table switches them off.
HONOURS = LAWS_HONOURS


def vulnerability_of_deal(number: int, dealer: Seat) -> Vulnerability:
    """Deal 1 none; deals 2 and 3 the dealer's side; deal 4 both.

    >>> vulnerability_of_deal(2, Seat.E).pbn, vulnerability_of_deal(3, Seat.S).pbn
    ('EW', 'NS')
    """
    if number <= 1:
        return Vulnerability.NONE
    if number >= DEALS:
        return Vulnerability.BOTH
    return Vulnerability.NS if dealer.side is Side.NS else Vulnerability.EW


class Chicago(Ruleset):
    id = "chicago"
    aliases: tuple[str, ...] = ("chicago", "four-deal", "four deal", "4-deal")
    title = "Chicago (four-deal bridge)"
    source = SOURCE
    session_deals = DEALS
    bot_scoring = BotScoring.CHICAGO
    sheet = SheetKind.CHICAGO
    pbn_scoring = "Chicago"
    menu_order = 20
    names = {"en": "Chicago", "es": "Chicago"}

    option_help = {"honours": "honours score (true, the default) or not (false); RULES.md 'chicago'"}
    option_controls = {"honours": {"choices": [True, False], "default": True}}

    def __init__(self, honours: bool = True) -> None:
        self._honours = honours
        if not honours:
            self.id = "chicago+no-honours"
            self.aliases = (self.id,)
            self.title = "Chicago (four-deal bridge), without honours"

    def with_options(self, options: Mapping[str, object]) -> Chicago:
        """``{"honours": false}`` switches honours off (RULES.md, "chicago").

        >>> CHICAGO.with_options({"honours": False}).id
        'chicago+no-honours'
        """
        for name in options:
            if name != "honours":
                raise RulesetOptionError(name, "unknown option (chicago has only honours: true or false)")
        honours = check_bool(options, "honours")
        return self.without_honours() if honours is False else CHICAGO

    def options(self) -> dict[str, object]:
        return {} if self._honours else {"honours": False}

    def option_token(self, token: str) -> dict[str, object]:
        if token == "no-honours":
            return {"honours": False}
        return super().option_token(token)

    @property
    def counts_honours(self) -> bool:
        return self._honours

    def without_honours(self) -> Chicago:
        """The table option that switches honours off."""
        return Chicago(honours=False)

    def vulnerability(self, standing: Standing) -> Vulnerability:
        return vulnerability_of_deal(standing.deal_number, standing.dealer)

    def score(self, standing: Standing, result: DealResult) -> DealScore:
        if standing.over:
            raise ScoringError(f"the Chicago is over after {DEALS} deals")
        vul = self.vulnerability(standing)
        dealer = standing.dealer
        if result.contract is None or result.declarer is None:
            # The same dealer deals again, at the same vulnerability.
            return DealScore(dealer, vul, (), standing)
        side = result.declarer.side
        vulnerable = vul.is_vulnerable(side)
        items = contract_items(SCALE, result.contract, side, result.tricks, vulnerable)
        if self._honours:
            items += honours_items(result.honour_holding(), HONOURS)
        below = sum(i.points for i in items if i.below)
        parts = standing.part_scores.plus(side, below)
        games = standing.games
        game_won_by: Side | None = None
        if parts.of(side) >= GAME:
            game_won_by = side
            games = games.plus(side, 1)
            parts = PerSide()
            items.append(LineItem(Item.GAME, side, GAME_BONUS[vulnerable]))
        elif below and standing.deal_number >= DEALS:
            items.append(LineItem(Item.PART_SCORE, side, LAST_DEAL_PART_SCORE))
        over = standing.deal_number >= DEALS
        after = Standing(dealer.lho, standing.deal_number + 1, 1, games, parts, over)
        return DealScore(dealer, vul, tuple(items), after, game_won_by, over)

    def declarer_score(self, contract: Contract, tricks: int, vulnerable: bool) -> int:
        """One contract on a fresh score (no part score carried), not the last deal."""
        side = Side.NS
        items = contract_items(SCALE, contract, side, tricks, vulnerable)
        below = sum(i.points for i in items if i.below)
        if below >= GAME:
            items.append(LineItem(Item.GAME, side, GAME_BONUS[vulnerable]))
        return net_points(items, side)


CHICAGO = Chicago()
