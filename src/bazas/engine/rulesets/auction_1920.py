"""``auction-1920``: Auction Bridge under the 1920 New York Whist Club code (seed 000, sections 5-9,
as ruled by RULES.md "auction-1920").

Every trick over six scores below the line for a made contract, bid or not; 30 below wins a game,
one deal wins at most one game, a line is drawn after it. No vulnerability. Doubling doubles the
trick score, the undertricks and adds 50 (100 redoubled) for making plus as much per overtrick.
Slams for EITHER side, bid or not. Honours as multiples of the trick value, from the original
deal. The rubber ends on a side's second game with 250 to it; the larger total wins.

>>> from bazas.engine.seats import Seat
>>> s = AUCTION_1920.start(Seat.N)
>>> d = AUCTION_1920.score(s, DealResult(Contract.parse("1S"), Seat.N, 10))
>>> [(i.kind.value, i.points, i.below) for i in d.items], d.game_won_by
([('trick score', 36, True)], <Side.NS: 0>)
"""

from __future__ import annotations

from ..calls import Contract, Doubling, Strain
from ..deal import Vulnerability
from ..errors import ScoringError
from ..honours import Honours
from ..seats import Side
from .base import BotScoring, DealResult, DealScore, Item, LineItem, PerSide, Ruleset, Standing, check_tricks

SOURCE = (
    "seed 000 (Auction Bridge, New York Whist Club code of 1920, after H. D. Elwell, "
    "'New Auction Bridge'), sections 5-9, as ruled by RULES.md"
)

#: Value v of each trick over six: clubs 6, diamonds 7, hearts 8, spades 9, notrump 10.
TRICK_VALUE = {Strain.C: 6, Strain.D: 7, Strain.H: 8, Strain.S: 9, Strain.NT: 10}
BOOK = 6
GAME = 30
#: Per undertrick, to the defenders, by doubling (undoubled, doubled, redoubled).
UNDERTRICK = {Doubling.UNDOUBLED: 50, Doubling.DOUBLED: 100, Doubling.REDOUBLED: 200}
#: Making a doubled / redoubled contract, and again per trick over the contract.
DOUBLED_BONUS = {Doubling.UNDOUBLED: 0, Doubling.DOUBLED: 50, Doubling.REDOUBLED: 100}
#: Either side: 12 tricks, 13 tricks (bid or not; never doubled).
SMALL_SLAM = 50
GRAND_SLAM = 100
#: Trump honours held by a side, as multiples of v, keyed by (larger hand, smaller hand).
HONOURS_V = {
    (3, 0): 2, (2, 1): 2,
    (4, 0): 8, (3, 1): 4, (2, 2): 4,
    (5, 0): 10, (4, 1): 9, (3, 2): 5,
}
#: Aces at notrump held by a side, keyed the same way.
HONOURS_NT = {(3, 0): 30, (2, 1): 30, (4, 0): 100, (3, 1): 40, (2, 2): 40}
RUBBER_BONUS = 250
GAMES_FOR_RUBBER = 2


def contract_items(contract: Contract, side: Side, tricks: int) -> list[LineItem]:
    """Below-the-line tricks (all over six when made) and the doubled bonuses, or undertricks.

    >>> [(i.kind.value, i.points, i.below) for i in contract_items(Contract.parse("1HX"), Side.NS, 9)]
    [('trick score', 48, True), ('insult', 50, False), ('overtricks', 100, False)]
    """
    check_tricks(tricks)
    needed = contract.tricks_needed
    if tricks < needed:
        return [LineItem(Item.UNDERTRICKS, side.opponent, (needed - tricks) * UNDERTRICK[contract.doubling])]
    v = TRICK_VALUE[contract.strain]
    items = [LineItem(Item.TRICK_SCORE, side, (tricks - BOOK) * v * contract.doubling, below=True)]
    bonus = DOUBLED_BONUS[contract.doubling]
    if bonus:
        items.append(LineItem(Item.INSULT, side, bonus))
        if tricks > needed:
            items.append(LineItem(Item.OVERTRICKS, side, (tricks - needed) * bonus))
    return items


def slam_items(side: Side, tricks: int) -> list[LineItem]:
    """Either side winning 12 tricks scores 50, all 13 score 100 (``tricks`` are ``side``'s).

    >>> slam_items(Side.EW, 1)
    [LineItem(kind=<Item.SLAM: 'slam'>, side=<Side.NS: 0>, points=50, below=False)]
    """
    for who, won in ((side, tricks), (side.opponent, 13 - tricks)):
        if won == 13:
            return [LineItem(Item.SLAM, who, GRAND_SLAM)]
        if won == 12:
            return [LineItem(Item.SLAM, who, SMALL_SLAM)]
    return []


def honours_items(holding: Honours | None) -> list[LineItem]:
    """The 1920 honours table; fewer than three held by a side score nothing.

    >>> from bazas.engine.honours import from_cards
    >>> from bazas.engine.seats import Seat
    >>> honours_items(from_cards(Strain.S, {Seat.N: ["SA", "SK", "SQ", "SJ"]}))[0].points
    72
    """
    if holding is None:
        return []
    for side in Side:
        split = holding.split(side)
        if holding.strain is Strain.NT:
            points = HONOURS_NT.get(split, 0)
        else:
            points = HONOURS_V.get(split, 0) * TRICK_VALUE[holding.strain]
        if points:
            return [LineItem(Item.HONOURS, side, points)]
    return []


class Auction1920(Ruleset):
    id = "auction-1920"
    aliases: tuple[str, ...] = ("auction-1920", "auction", "auction bridge", "auction-bridge", "subasta", "1920", "auction1920")
    title = "Auction Bridge (New York Whist Club, 1920)"
    source = SOURCE
    game_target = GAME
    has_vulnerability = False
    bidding_system = "auction-1920"
    bot_scoring = BotScoring.AUCTION_1920
    pbn_scoring = "Rubber;Auction1920"
    menu_order = 30
    names = {"en": "Auction Bridge (1920)", "es": "Bridge de subasta (1920)"}
    #: What completing a game is worth to a bot weighing one deal: half the 250 rubber bonus.
    GAME_VALUE = 125

    @property
    def counts_honours(self) -> bool:
        return True

    def vulnerability(self, standing: Standing) -> Vulnerability:
        """There is no vulnerability in Auction Bridge."""
        return Vulnerability.NONE

    def score(self, standing: Standing, result: DealResult) -> DealScore:
        if standing.over:
            raise ScoringError("the rubber is over")
        dealer = standing.dealer
        if result.contract is None or result.declarer is None:
            # Nothing scores; the next dealer (to the left) deals.
            after = Standing(dealer.lho, standing.deal_number + 1, 1, standing.games, standing.part_scores)
            return DealScore(dealer, Vulnerability.NONE, (), after)
        side = result.declarer.side
        items = contract_items(result.contract, side, result.tricks)
        items += slam_items(side, result.tricks)
        items += honours_items(result.honour_holding())
        below = sum(i.points for i in items if i.below)
        parts = standing.part_scores.plus(side, below)
        games = standing.games
        game_won_by: Side | None = None
        over = False
        if parts.of(side) >= GAME:
            game_won_by = side
            games = games.plus(side, 1)
            parts = PerSide()
            if games.of(side) >= GAMES_FOR_RUBBER:
                over = True
                items.append(LineItem(Item.RUBBER, side, RUBBER_BONUS))
        after = Standing(dealer.lho, standing.deal_number + 1, 1, games, parts, over)
        return DealScore(dealer, Vulnerability.NONE, tuple(items), after, game_won_by, over)

    def bot_score(self, contract: Contract, tricks: int, vulnerable: bool, part_score: int = 0) -> int:
        """The contract's own score plus :attr:`GAME_VALUE` when it completes a game.

        >>> AUCTION_1920.bot_score(Contract.parse("1NT"), 9, False)
        155
        """
        score = self.declarer_score(contract, tricks, vulnerable)
        if tricks >= contract.tricks_needed:
            below = sum(i.points for i in contract_items(contract, Side.NS, tricks) if i.below)
            if part_score + below >= GAME:
                score += self.GAME_VALUE
        return score

    def declarer_score(self, contract: Contract, tricks: int, vulnerable: bool) -> int:
        items = contract_items(contract, Side.NS, tricks) + slam_items(Side.NS, tricks)
        return sum(i.points if i.side is Side.NS else -i.points for i in items)


AUCTION_1920 = Auction1920()
