"""Nullos: the 1913-1914 bid to LOSE tricks, as the option ``"nullos": true`` of ``auction-1920``
(and of its seed-001 variants) and of ``royal-auction``.

Sources and decisions: ``docs/rules/royal-auction-and-nullos.md``. The nullo was a house rule
(E. Robertson, *Royal Auction Bridge*, 1914, preface: "a no-trump declaration with a minus value
... not officially recognized"; F. Irwin, *Nullo Auction*, 1914; H. P. Clark, *Royal Auction Bridge
up to Date, including Nullos*, 1914; M. C. Work, *Auction Developments*, 1913). As played here:

- **the bid**: ``1NU`` to ``7NU`` (``"1 nullo"``), ranking just below no trumps of the same level
  (above spades in 1920, above royal spades in Royal Auction, where bids rank by value: a nullo is
  worth 10 a trick like no trumps, and at equal value no trumps stay higher);
- **the play**: without trumps; declarer's side undertakes to lose six tricks plus the level, that
  is to win at most seven minus the level;
- **the score** is that of no trumps with the tricks counted in reverse: every trick declarer's side
  LOSES over six scores 10 below the line when the contract is made (doubled x2, redoubled x4;
  the doubled bonuses as the game has them); each trick lost short of the contract gives the
  adversaries the game's undertrick penalty; slams go to the side that LOSES twelve or thirteen
  tricks; no honours are scored at a nullo.

Scoring a nullo is therefore scoring the same contract at no trumps with ``13 - tricks`` tricks and
no honours, by the game's own ruleset, so the nullo keeps every number of the game it is added to.

>>> from bazas.engine.seats import Seat
>>> from bazas.engine.rulesets import AUCTION_1920
>>> game = with_nullos(AUCTION_1920)
>>> game.id, game.denominations.codes()
('auction-1920+nullos', 'C, D, H, S, NU, NT')
>>> c = game.denominations.parse_contract("2 nullo")
>>> d = game.score(game.start(Seat.N), DealResult(c, Seat.N, 2))   # N/S lose 11 tricks: 5 over six
>>> [(i.kind.value, i.side.name, i.points, i.below) for i in d.items], d.game_won_by
([('trick score', 'NS', 50, True)], <Side.NS: 0>)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..calls import Contract, Strain
from ..deal import Vulnerability
from ..errors import ScoringError
from .auction_1920 import Auction1920
from .base import BotScoring, DealResult, DealScore, LineItem, PerSide, Ruleset, SheetKind, Standing
from .denominations import AUCTION_1920_NULLO_DENOMINATIONS, Denominations, denominations_of, is_nullo
from .royal_auction import RoyalAuction

__all__ = ["NulloRuleset", "accepts_nullos", "mirrored", "with_nullos"]


def accepts_nullos(ruleset: Ruleset) -> bool:
    """Whether the nullos option applies to ``ruleset``: Auction Bridge 1920 (with or without seed
    001's options) and Royal Auction."""
    return isinstance(ruleset, (Auction1920, RoyalAuction, NulloRuleset))


def mirrored(result: DealResult) -> DealResult:
    """The no-trump result a nullo scores as: the same level and doubling at NT, with the tricks
    declarer's side LOST as its tricks, and no honours.

    >>> from bazas.engine.seats import Seat
    >>> from .denominations import DenominationContract, NULLO
    >>> m = mirrored(DealResult(DenominationContract.of(3, NULLO), Seat.E, 1))
    >>> str(m.contract), m.declarer, m.tricks, m.honour_holding()
    ('3NT', <Seat.E: 1>, 12, None)
    """
    contract = result.contract
    if contract is None or not is_nullo(contract):
        raise ScoringError(f"not a nullo: {contract}")
    return DealResult(Contract(contract.level, Strain.NT, contract.doubling), result.declarer, 13 - result.tricks,
                      None, None, result.board, result.table)


class NulloRuleset(Ruleset):
    """``base`` with the nullo added to its denominations. Every other contract, and every fact of
    the game, is the base game's."""

    base: Ruleset

    def __init__(self, base: Ruleset) -> None:
        if not accepts_nullos(base):
            raise ScoringError(f"the nullos option is for auction-1920 and royal-auction, not {base.id}")
        while isinstance(base, NulloRuleset):
            base = base.base
        self.base = base
        self.id = f"{base.id}+nullos"
        self.aliases = (self.id,)
        self.title = f"{base.title}, with nullos"
        self.source = (f"{base.source}; nullos: F. Irwin, 'Nullo Auction' (1914), E. Robertson, 'Royal Auction "
                       "Bridge' (1914), as ruled in docs/rules/royal-auction-and-nullos.md")
        base_denominations = denominations_of(base)
        self.denominations: Denominations = (AUCTION_1920_NULLO_DENOMINATIONS if base_denominations is None
                                             else base_denominations.with_nullos())
        # The base game's facts.
        self.seats = base.seats
        self.game_target = base.game_target
        self.has_vulnerability = base.has_vulnerability
        self.session_deals = base.session_deals
        self.one_table = base.one_table
        self.cut_deals = base.cut_deals
        self.tie_rule = base.tie_rule
        #: the bidder that knows a game's own denominations and bids nullos (bots/bidding/royal.py)
        self.bidding_system: str = "royal-auction"
        self.bot_scoring: BotScoring = base.bot_scoring
        self.sheet: SheetKind = base.sheet
        self.pbn_scoring = base.pbn_scoring
        self.menu_order = base.menu_order
        self.names: Mapping[str, str] = {"en": f"{base.name('en')} with nullos", "es": f"{base.name('es')} con nulos"}

    def with_options(self, options: Mapping[str, object]) -> Ruleset:
        return self.base.with_options({**self.options(), **options})

    def options(self) -> dict[str, object]:
        return {**self.base.options(), "nullos": True}

    def option_token(self, token: str) -> dict[str, object]:
        return self.base.option_token(token)

    def __getattr__(self, name: str) -> Any:
        # Anything else a game offers (e.g. Auction1920.GAME_VALUE) is the base game's.
        if name == "base":
            raise AttributeError(name)
        return getattr(self.base, name)

    @property
    def counts_honours(self) -> bool:
        return self.base.counts_honours

    def start(self, first_dealer: Any) -> Standing:
        return self.base.start(first_dealer)

    def next_dealer(self, standing: Standing) -> Any:
        return self.base.next_dealer(standing)

    def vulnerability(self, standing: Standing) -> Vulnerability:
        return self.base.vulnerability(standing)

    def part_scores(self, standing: Standing) -> PerSide:
        return self.base.part_scores(standing)

    def is_finished(self, standing: Standing) -> bool:
        return self.base.is_finished(standing)

    def unfinished(self, standing: Standing) -> tuple[LineItem, ...]:
        return self.base.unfinished(standing)

    def ends_unfinished(self, standing: Standing) -> bool:
        return self.base.ends_unfinished(standing)

    def winner(self, standing: Standing, totals: PerSide) -> Any:
        return self.base.winner(standing, totals)

    def score(self, standing: Standing, result: DealResult) -> DealScore:
        if not is_nullo(result.contract):
            return self.base.score(standing, result)
        if result.honours is not None and any(result.honours.counts):
            raise ScoringError("honours are not scored at a nullo: leave them out")
        return self.base.score(standing, mirrored(result))

    def declarer_score(self, contract: Contract, tricks: int, vulnerable: bool) -> int:
        if is_nullo(contract):
            return self.base.declarer_score(Contract(contract.level, Strain.NT, contract.doubling), 13 - tricks,
                                            vulnerable)
        return self.base.declarer_score(contract, tricks, vulnerable)

    def bot_score(self, contract: Contract, tricks: int, vulnerable: bool, part_score: int = 0) -> int:
        """What ``tricks`` won by declarer's side are worth to it; at a nullo, FEWER tricks are
        worth more (card play must minimise declarer's tricks).

        >>> from bazas.engine.rulesets import AUCTION_1920
        >>> game = with_nullos(AUCTION_1920)
        >>> [game.bot_score(game.denominations.parse_contract("1NU"), t, False) for t in (0, 3, 6, 7)]
        [295, 165, 10, -50]
        """
        if is_nullo(contract):
            return self.base.bot_score(Contract(contract.level, Strain.NT, contract.doubling), 13 - tricks,
                                       vulnerable, part_score)
        return self.base.bot_score(contract, tricks, vulnerable, part_score)

    def facts(self) -> dict[str, object]:
        return {**super().facts(), **self.denominations.facts(), "nullos": True}

    def __repr__(self) -> str:
        return f"<Ruleset {self.id}>"


def with_nullos(ruleset: Ruleset) -> NulloRuleset:
    """``ruleset`` (auction-1920 or one of its variants, or royal-auction) with nullos."""
    if isinstance(ruleset, NulloRuleset):
        return ruleset
    return NulloRuleset(ruleset)
