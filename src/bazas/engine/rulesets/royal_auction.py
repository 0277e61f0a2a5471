"""``royal-auction``: Royal Auction Bridge, the "new count" of the Whist Club of New York
(1912-1913), under its code of November 1913.

Sources (``docs/rules/royal-auction-and-nullos.md`` gives each one and every decision where they
differ):

- the Whist Club's Laws of Auction Bridge with royal spades, as printed in M. C. Work, *Auction of
  To-day* (Houghton Mifflin, January 1913; Project Gutenberg #23086), "Scoring" Laws 2-10 and
  "Declaring Trumps" / "Doubling and Redoubling" Laws 42-56;
- the code's November 1913 revision: M. C. Work, *Auction Developments* (December 1913), part I
  "Changes in the Laws" (chicane eliminated, "Slam values not increased"), and the review of it in
  *The Spectator*, 28 February 1914, p. 29;
- H. P. Clark, *Royal Auction Bridge up to Date* (1913; 1914 "including Nullos"), F. J. Hopson,
  *Hopson on Auction: the New Count "Royals"* (1912), R. F. Foster, *Royal Auction Bridge* (1913),
  E. Robertson, *Royal Auction Bridge* (1914) -- the game and the name;
- seed 001 (the variant's name and that it exists).

The count: six denominations, each trick over six worth spades 2, clubs 6, diamonds 7, hearts 8,
royal spades ("lilies", the same spade suit trumps) 9, no trumps 10 (Law 4). Bids rank by their
value in points; at equal value the bid of more tricks is higher (Law 44: "Three Spades" beats
"One Club"). The dealer must bid (Law 42); his original "One Spade" cannot lose more than 100
unless redoubled (Law 48). A made contract scores every trick over six below the line, doubled x2,
redoubled x4 (Laws 4, 47); 30 makes a game (Law 2). Undertricks 50 each to the adversaries, 100
doubled, 200 redoubled (Law 47). A doubled contract made: 50 and 50 per further trick, twice that
redoubled (Law 56). Honours as multiples of the trick value (Law 6); little slam 20, slam 40 to
either side (Laws 7-8); none of these doubled (Law 10); no chicane (1913). Rubber: two games, 250.

>>> from bazas.engine.seats import Seat
>>> from bazas.engine.honours import from_cards
>>> from .denominations import ROYAL_AUCTION_DENOMINATIONS as R
>>> s = ROYAL_AUCTION.start(Seat.N)
>>> d = ROYAL_AUCTION.score(s, DealResult(R.parse_contract("1RS"), Seat.N, 10,
...     honours=from_cards(Strain.S, {Seat.N: ["SA", "SK", "SQ", "SJ"]})))
>>> [(i.kind.value, i.points, i.below) for i in d.items], d.game_won_by
([('trick score', 36, True), ('honours', 72, False)], <Side.NS: 0>)
>>> [i.points for i in ROYAL_AUCTION.score(s, DealResult(R.parse_contract("1S"), Seat.N, 10)).items]
[8]
"""

from __future__ import annotations

from collections.abc import Mapping

from ..calls import Contract, Doubling, Strain
from ..deal import Vulnerability
from ..errors import ScoringError
from ..honours import Honours
from ..seats import Seat, Side
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
)
from .denominations import ROYAL_AUCTION_DENOMINATIONS, Denominations, denomination_of, is_nullo

SOURCE = (
    "Whist Club of New York, Laws of Auction Bridge with royal spades (M. C. Work, 'Auction of To-day', 1913, "
    "Laws 2-10, 42-56), as revised in November 1913 (Work, 'Auction Developments', 1913); seed 001"
)

#: Value of each trick over six, by denomination (Law 4): spades 2, clubs 6, diamonds 7, hearts 8,
#: royal spades 9, no trumps 10.
TRICK_VALUE = {"S": 2, "C": 6, "D": 7, "H": 8, "RS": 9, "NT": 10}
BOOK = 6
#: Points below the line that make a game (Law 2).
GAME = 30
#: Per undertrick, to the adversaries: undoubled, doubled, redoubled (Law 47).
UNDERTRICK = {Doubling.UNDOUBLED: 50, Doubling.DOUBLED: 100, Doubling.REDOUBLED: 200}
#: Bonus for making a doubled contract, and again for each further trick (Law 56: "If he or his
#: partner has redoubled, the bonus is doubled").
DOUBLED_BONUS = {Doubling.UNDOUBLED: 0, Doubling.DOUBLED: 50, Doubling.REDOUBLED: 100}
#: The most the dealer's original "One Spade" can lose unless redoubled (Law 48).
ONE_SPADE_LIMIT = 100
#: Either side, "seven by cards" (13 tricks) and "six by cards" (12 tricks) (Laws 7-8; the
#: November 1913 code kept these values: Work, "Slam values not increased").
SLAM = 40
LITTLE_SLAM = 20
#: Trump honours (A K Q J 10) held by a side, as multiples of the trick value, keyed by (larger
#: hand, smaller hand) (Law 6): 3 between partners 2, 4 between partners 4, 5 between partners 5,
#: 4 in one hand 8, 4 in one hand and the fifth in partner's 9, 5 in one hand 10.
HONOURS_V = {
    (3, 0): 2, (2, 1): 2,
    (3, 1): 4, (2, 2): 4,
    (3, 2): 5,
    (4, 0): 8,
    (4, 1): 9,
    (5, 0): 10,
}
#: Aces at no trumps held by a side (Law 6): 3 count 30, 4 count 40, 4 in one hand 100.
HONOURS_NT = {(3, 0): 30, (2, 1): 30, (3, 1): 40, (2, 2): 40, (4, 0): 100}
RUBBER_BONUS = 250
GAMES_FOR_RUBBER = 2


def trick_value(contract: Contract) -> int:
    """Points per trick over six of ``contract``'s denomination (a plain ``S`` contract is spades
    at 2; royal spades are ``RS``).

    >>> trick_value(Contract.parse("3S")), trick_value(ROYAL_AUCTION_DENOMINATIONS.parse_contract("3L"))
    (2, 9)
    """
    code = denomination_of(contract).code
    value = TRICK_VALUE.get(code)
    if value is None:
        raise ScoringError(f"Royal Auction has no {code} denomination (it has {', '.join(TRICK_VALUE)})")
    return value


def is_original_one_spade(contract: Contract, declarer: Seat, dealer: Seat) -> bool:
    """The dealer's original "One Spade": one spade (the lowest bid) left standing, played by the
    dealer -- no one else can have bid it, since the dealer must bid first (Laws 42, 48)."""
    return (contract.level == 1 and contract.strain is Strain.S and denomination_of(contract).code == "S"
            and declarer == dealer)


def contract_items(contract: Contract, side: Side, tricks: int, one_spade_limit: bool = False) -> list[LineItem]:
    """Every trick over six below the line when the contract is made, and the doubled bonuses;
    or the undertricks to the adversaries (capped at 100 for the dealer's original one spade,
    unless redoubled, when ``one_spade_limit``).

    >>> [(i.kind.value, i.points, i.below) for i in contract_items(Contract.parse("1HX"), Side.NS, 9)]
    [('trick score', 48, True), ('insult', 50, False), ('overtricks', 100, False)]
    >>> contract_items(Contract.parse("1SX"), Side.NS, 4, one_spade_limit=True)[0].points
    100
    """
    check_tricks(tricks)
    needed = contract.tricks_needed
    if tricks < needed:
        points = (needed - tricks) * UNDERTRICK[contract.doubling]
        if one_spade_limit and contract.doubling is not Doubling.REDOUBLED:
            points = min(points, ONE_SPADE_LIMIT)
        return [LineItem(Item.UNDERTRICKS, side.opponent, points)]
    v = trick_value(contract)
    items = [LineItem(Item.TRICK_SCORE, side, (tricks - BOOK) * v * contract.doubling, below=True)]
    bonus = DOUBLED_BONUS[contract.doubling]
    if bonus:
        items.append(LineItem(Item.INSULT, side, bonus))
        if tricks > needed:
            items.append(LineItem(Item.OVERTRICKS, side, (tricks - needed) * bonus))
    return items


def slam_items(side: Side, tricks: int) -> list[LineItem]:
    """Either side winning 13 tricks scores 40, 12 tricks 20 (``tricks`` are ``side``'s).

    >>> slam_items(Side.EW, 0)
    [LineItem(kind=<Item.SLAM: 'slam'>, side=<Side.NS: 0>, points=40, below=False)]
    """
    for who, won in ((side, tricks), (side.opponent, 13 - tricks)):
        if won == 13:
            return [LineItem(Item.SLAM, who, SLAM)]
        if won == 12:
            return [LineItem(Item.SLAM, who, LITTLE_SLAM)]
    return []


def honours_items(holding: Honours | None, contract: Contract) -> list[LineItem]:
    """Law 6: trump honours as multiples of the trick value (so four spade honours in one hand are
    8 x 2 = 16 at spades and 8 x 9 = 72 at royal spades), aces at no trumps; fewer than three held
    by a side score nothing.

    >>> from bazas.engine.honours import from_cards
    >>> honours_items(from_cards(Strain.S, {Seat.N: ["SA", "SK", "SQ", "SJ"]}), Contract.parse("2S"))[0].points
    16
    """
    if holding is None:
        return []
    for side in Side:
        split = holding.split(side)
        if holding.strain is Strain.NT:
            points = HONOURS_NT.get(split, 0)
        else:
            points = HONOURS_V.get(split, 0) * trick_value(contract)
        if points:
            return [LineItem(Item.HONOURS, side, points)]
    return []


class RoyalAuction(Ruleset):
    """Royal Auction Bridge (Whist Club, November 1913 code)."""

    id = "royal-auction"
    aliases: tuple[str, ...] = ("royal-auction", "royal auction", "royal auction bridge", "royal", "royals",
                                "lily auction", "lilies", "subasta real", "subasta-real", "royal-auction-1913")
    title = "Royal Auction Bridge (Whist Club of New York, 1913)"
    source = SOURCE
    game_target = GAME
    has_vulnerability = False
    #: The bots' Royal Auction bidding (bots/bidding/royal.py: royal spades, bids by value, nullos).
    bidding_system = "royal-auction"
    bot_scoring = BotScoring.AUCTION_1920
    #: Played at one table: the deal state takes this game's denominations (issue 11).
    one_table = True
    #: The lowest cut deals (Whist Club laws of Auction Bridge; seed 000 says the dealer is drawn).
    cut_deals = "lowest"
    pbn_scoring = "Rubber;RoyalAuction1913"
    menu_order = 35
    names = {"en": "Royal Auction Bridge (1913)", "es": "Subasta real (1913)"}
    #: The six denominations in rank order, their values, bids ranked by value, dealer must bid.
    denominations: Denominations = ROYAL_AUCTION_DENOMINATIONS
    #: What completing a game is worth to a bot weighing one deal: half the 250 rubber bonus.
    GAME_VALUE = 125

    @property
    def counts_honours(self) -> bool:
        return True

    option_help = {"nullos": "true: the nullo bid (1913-1914 house rule, issue 11)", "tie": TIE_HELP}
    option_controls = {"nullos": {"choices": [False, True], "default": False}, "tie": TIE_CONTROL}

    def __init__(self, tie: str = "tie") -> None:
        self._take_tie_rule(tie, RoyalAuction)

    def with_options(self, options: Mapping[str, object]) -> Ruleset:
        """``{"nullos": true}`` adds the nullo bid; ``{"tie": "one_more_deal"}`` settles an exact
        tie of an unfinished rubber by one more deal (seed 001).

        >>> ROYAL_AUCTION.with_options({"tie": "one_more_deal", "nullos": True}).id
        'royal-auction+tie-one-more-deal+nullos'
        """
        from .nullos import with_nullos

        merged = {**self.options(), **options}
        for name in merged:
            if name not in self.option_help:
                raise RulesetOptionError(name, "unknown option (royal-auction has nullos: true or false, and tie)")
        tie = check_tie(merged) or "tie"
        game = ROYAL_AUCTION if tie == "tie" else RoyalAuction(tie)
        return with_nullos(game) if check_bool(merged, "nullos") else game

    def options(self) -> dict[str, object]:
        return {} if self.tie_rule == "tie" else {"tie": self.tie_rule}

    def option_token(self, token: str) -> dict[str, object]:
        if token == "nullos":
            return {"nullos": True}
        if token == "tie-one-more-deal":
            return {"tie": "one_more_deal"}
        return super().option_token(token)

    def facts(self) -> dict[str, object]:
        """The common facts and this game's denominations (:meth:`Denominations.facts`)."""
        return {**super().facts(), **self.denominations.facts()}

    def vulnerability(self, standing: Standing) -> Vulnerability:
        """There is no vulnerability in Auction Bridge."""
        return Vulnerability.NONE

    def score(self, standing: Standing, result: DealResult) -> DealScore:
        if standing.over:
            raise ScoringError("the rubber is over")
        dealer = standing.dealer
        if result.contract is None or result.declarer is None:
            raise ScoringError("in Royal Auction the dealer must bid (Law 42), so a deal cannot be passed out")
        if is_nullo(result.contract):
            raise ScoringError(f"{result.contract} is a nullo: play Royal Auction with the nullos option")
        side = result.declarer.side
        c = result.contract
        if c.level == 1 and denomination_of(c).code == "S" and result.declarer != dealer:
            raise ScoringError(f"one spade can only be the dealer's original bid, and {dealer.name} dealt, not "
                               f"{result.declarer.name} (the dealer must bid first and one spade is the lowest bid; "
                               "Laws 42, 44)")
        limit = is_original_one_spade(c, result.declarer, dealer)
        items = contract_items(result.contract, side, result.tricks, limit)
        items += slam_items(side, result.tricks)
        items += honours_items(result.honour_holding(), result.contract)
        return rubber_deal(standing, dealer, Vulnerability.NONE, side, items, game=GAME,
                           games_for_rubber=GAMES_FOR_RUBBER, rubber_bonus=lambda _theirs: RUBBER_BONUS)

    def declarer_score(self, contract: Contract, tricks: int, vulnerable: bool) -> int:
        """The contract and slams on their own, net for declarer's side (no honours, no game)."""
        items = contract_items(contract, Side.NS, tricks) + slam_items(Side.NS, tricks)
        return sum(i.points if i.side is Side.NS else -i.points for i in items)

    def bot_score(self, contract: Contract, tricks: int, vulnerable: bool, part_score: int = 0) -> int:
        """The contract's own score plus :attr:`GAME_VALUE` when it completes a game.

        >>> ROYAL_AUCTION.bot_score(ROYAL_AUCTION_DENOMINATIONS.parse_contract("1RS"), 10, False)
        161
        """
        score = self.declarer_score(contract, tricks, vulnerable)
        if tricks >= contract.tricks_needed:
            score += game_value(contract_items(contract, Side.NS, tricks), part_score, GAME, self.GAME_VALUE)
        return score


ROYAL_AUCTION = RoyalAuction()
