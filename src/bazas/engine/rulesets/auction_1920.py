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

from collections.abc import Mapping

from ..calls import Contract, Doubling, Strain
from ..deal import Vulnerability
from ..errors import ScoringError
from ..honours import Honours
from ..seats import Side
from .base import (
    TIE_CONTROL,
    TIE_HELP,
    BotScoring,
    DealResult,
    DealScore,
    Item,
    LineItem,
    Ruleset,
    RulesetOptionError,
    Standing,
    check_bool,
    check_tie,
    check_tricks,
    game_value,
    rubber_deal,
    shown,
)

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


def made_points(contract: Contract, tricks: int) -> list[tuple[Item, int, bool]]:
    """The 1920 count of ``contract`` made with ``tricks``, as (kind, points, below the line) for
    whoever plays it: every trick over six below, multiplied by the doubling; for a doubled or
    redoubled contract 50 (100) for making it and as much again per overtrick.

    >>> [(kind.value, points, below) for kind, points, below in made_points(Contract.parse("1HX"), 9)]
    [('trick score', 48, True), ('insult', 50, False), ('overtricks', 100, False)]
    """
    needed = contract.tricks_needed
    out = [(Item.TRICK_SCORE, (tricks - BOOK) * TRICK_VALUE[contract.strain] * contract.doubling, True)]
    bonus = DOUBLED_BONUS[contract.doubling]
    if bonus:
        out.append((Item.INSULT, bonus, False))
        if tricks > needed:
            out.append((Item.OVERTRICKS, (tricks - needed) * bonus, False))
    return out


def undertrick_points(contract: Contract, tricks: int) -> int:
    """What the defenders score when ``contract`` fails with ``tricks`` (0 when it is made).

    >>> undertrick_points(Contract.parse("3NTXX"), 7)
    400
    """
    return max(0, contract.tricks_needed - tricks) * UNDERTRICK[contract.doubling]


def slam_points(tricks: int) -> int:
    """What winning ``tricks`` scores as a slam, bid or not: 12 tricks 50, 13 tricks 100, else 0."""
    return GRAND_SLAM if tricks == 13 else SMALL_SLAM if tricks == 12 else 0


def contract_items(contract: Contract, side: Side, tricks: int) -> list[LineItem]:
    """Below-the-line tricks (all over six when made) and the doubled bonuses, or undertricks.

    >>> [(i.kind.value, i.points, i.below) for i in contract_items(Contract.parse("1HX"), Side.NS, 9)]
    [('trick score', 48, True), ('insult', 50, False), ('overtricks', 100, False)]
    """
    check_tricks(tricks)
    if tricks < contract.tricks_needed:
        return [LineItem(Item.UNDERTRICKS, side.opponent, undertrick_points(contract, tricks))]
    return [LineItem(kind, side, points, below) for kind, points, below in made_points(contract, tricks)]


def slam_items(side: Side, tricks: int) -> list[LineItem]:
    """Either side winning 12 tricks scores 50, all 13 score 100 (``tricks`` are ``side``'s).

    >>> slam_items(Side.EW, 1)
    [LineItem(kind=<Item.SLAM: 'slam'>, side=<Side.NS: 0>, points=50, below=False)]
    """
    for who, won in ((side, tricks), (side.opponent, 13 - tricks)):
        if slam_points(won):
            return [LineItem(Item.SLAM, who, slam_points(won))]
    return []


def honours_items(holding: Honours | None, trumps: Mapping[tuple[int, int], int] | None = None,
                  notrump: Mapping[tuple[int, int], int] = HONOURS_NT) -> list[LineItem]:
    """The 1920 honours table; fewer than three held by a side score nothing. Another table keyed
    the same way (a side's split) may be given in points: ``trumps`` for a trump suit,
    ``notrump`` for the aces.

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
            points = notrump.get(split, 0)
        elif trumps is not None:
            points = trumps.get(split, 0)
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
    #: The lowest cut deals (Whist Club laws of Auction Bridge; seed 000 says the dealer is drawn).
    cut_deals = "lowest"
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
        return rubber_deal(standing, dealer, Vulnerability.NONE, side, items, game=GAME,
                           games_for_rubber=GAMES_FOR_RUBBER, rubber_bonus=lambda _theirs: RUBBER_BONUS)

    option_help = {
        "honours": "\"1920\" (the default) or \"later\": seed 001's later honours table",
        "passed_out": "\"next_dealer\" (the default) or \"same_dealer\": who deals after a passed-out deal",
        "deals": "a short session of this many deals (seed 001)",
        "nullos": "true: the nullo bid (1913-1914 house rule, issue 11)",
        "tie": TIE_HELP,
    }
    option_controls = {
        "honours": {"choices": ["1920", "later"], "default": "1920"},
        "passed_out": {"choices": ["next_dealer", "same_dealer"], "default": "next_dealer"},
        "deals": {"min": 1, "max": 1000, "default": None},
        "nullos": {"choices": [False, True], "default": False},
        "tie": TIE_CONTROL,
    }

    def with_options(self, options: Mapping[str, object]) -> Ruleset:
        """Seed 001's house options and nullos (see :attr:`option_help`).

        >>> AUCTION_1920.with_options({"honours": "later", "nullos": True}).id
        'auction-1920+later-honours+nullos'
        >>> AUCTION_1920.with_options({"deals": 0})
        Traceback (most recent call last):
        ...
        bazas.engine.rulesets.base.RulesetOptionError: a short session has 1-1000 deals, not 0
        """
        from .auction_variants import auction_variant
        from .nullos import with_nullos

        merged = {**self.options(), **options}
        for name in merged:
            if name not in self.option_help:
                raise RulesetOptionError(name, "unknown option (expected honours, passed_out, deals, nullos, tie)")
        deals = merged.get("deals")
        if deals is not None and (not isinstance(deals, int) or isinstance(deals, bool)):
            raise RulesetOptionError("deals", f"expected a number of deals, not {shown(deals)}")
        nullos = check_bool(merged, "nullos")
        tie = check_tie(merged) or "tie"
        try:
            game = auction_variant(str(merged.get("honours", "1920")), str(merged.get("passed_out", "next_dealer")),
                                   deals, tie)
        except ScoringError as exc:
            name = "deals" if "deals" in str(exc) else "honours" if "honours" in str(exc) else "passed_out"
            raise RulesetOptionError(name, str(exc)) from None
        return with_nullos(game) if nullos else game

    def option_token(self, token: str) -> dict[str, object]:
        if token == "later-honours":
            return {"honours": "later"}
        if token == "same-dealer-redeals":
            return {"passed_out": "same_dealer"}
        if token == "nullos":
            return {"nullos": True}
        if token == "tie-one-more-deal":
            return {"tie": "one_more_deal"}
        number, _, rest = token.partition("-")
        if rest == "deals" and number.isdigit():
            return {"deals": int(number)}
        return super().option_token(token)

    def bot_score(self, contract: Contract, tricks: int, vulnerable: bool, part_score: int = 0) -> int:
        """The contract's own score plus :attr:`GAME_VALUE` when it completes a game.

        >>> AUCTION_1920.bot_score(Contract.parse("1NT"), 9, False)
        155
        """
        score = self.declarer_score(contract, tricks, vulnerable)
        if tricks >= contract.tricks_needed:
            score += game_value(contract_items(contract, Side.NS, tricks), part_score, GAME, self.GAME_VALUE)
        return score

    def declarer_score(self, contract: Contract, tricks: int, vulnerable: bool) -> int:
        items = contract_items(contract, Side.NS, tricks) + slam_items(Side.NS, tricks)
        return sum(i.points if i.side is Side.NS else -i.points for i in items)


AUCTION_1920 = Auction1920()
