"""Seed 001's house variants of Auction Bridge, as options on ``auction-1920`` (off by default).

RULES.md, "Variants from seed 001": the later honours table (corrected), a passed-out deal redealt
by the same dealer, and short sessions of a fixed number of deals where the larger total wins.
Each option changes one thing; everything else is the 1920 code of :mod:`.auction_1920`.

The tie option (``"tie": "one_more_deal"``; also of ``royal-auction`` and ``rubber``): seed 001
says "un empate exacto en un rubber inacabado se resuelve habitualmente jugando una mano
adicional". Decision (``docs/rules/house-options.md``): a rubber is *unfinished* when the session
ends before a side has won it -- the players stop (a record's ``"stopped": true``) or a short
session's fixed number of deals has been played. If the totals are then exactly equal (for
``rubber`` also the games, seed 003's tie-break), the session does not end: one more deal is
played, and the session ends after it; should that deal leave the totals still equal (a passed-out
deal, say), another follows, until a deal breaks the tie. A rubber won in the usual way is never
unfinished: its totals decide, and equal totals are a tie. Without the option (``"tie": "tie"``,
the default) an exact tie is a tie.

>>> tie = auction_variant(deals=2, tie="one_more_deal")
>>> tie.id, tie.options()
('auction-1920+2-deals+tie-one-more-deal', {'deals': 2, 'tie': 'one_more_deal'})

>>> from bazas.engine.seats import Seat
>>> from bazas.engine.calls import Contract, Strain
>>> from bazas.engine.honours import from_cards
>>> later = auction_variant(honours="later")
>>> later.id
'auction-1920+later-honours'
>>> later_items = later.score(later.start(Seat.N), DealResult(Contract.parse("1S"), Seat.N, 7,
...     honours=from_cards(Strain.S, {Seat.N: ["SA", "SK", "SQ", "SJ"], Seat.S: ["ST"]})))
>>> [i.points for i in later_items.items if i.kind is Item.HONOURS]
[90]
"""

from __future__ import annotations

from dataclasses import replace

from ..errors import ScoringError
from ..honours import Honours
from .auction_1920 import Auction1920, honours_items
from .base import TIE_RULES, DealResult, DealScore, Item, LineItem, PerSide, Standing

#: Seed 001's later honours table as RULES.md corrects it, in points, keyed by how the side's
#: honours split between its two hands (larger, smaller). Any four of the five count.
LATER_HONOURS = {
    (3, 0): 30, (2, 1): 30,
    (3, 1): 40, (2, 2): 40,
    (3, 2): 50,
    (4, 0): 80,
    (4, 1): 90,
    (5, 0): 100,
}
#: Aces at notrump in the later table: 3 held 30, 4 divided 40, 4 in one hand 100.
LATER_HONOURS_NT = {(3, 0): 30, (2, 1): 30, (3, 1): 40, (2, 2): 40, (4, 0): 100}

HONOURS_TABLES = ("1920", "later")
PASSED_OUT_RULES = ("next_dealer", "same_dealer")


def later_honours_items(holding: Honours | None) -> list[LineItem]:
    """The later (seed 001) honours table; fewer than three held by a side score nothing."""
    return honours_items(holding, LATER_HONOURS, LATER_HONOURS_NT)


class Auction1920Variant(Auction1920):
    """``auction-1920`` with seed 001's options."""

    def __init__(self, honours: str = "1920", passed_out: str = "next_dealer", deals: int | None = None,
                 tie: str = "tie") -> None:
        if honours not in HONOURS_TABLES:
            raise ScoringError(f"honours table must be one of {', '.join(HONOURS_TABLES)}, not {honours!r}")
        if passed_out not in PASSED_OUT_RULES:
            raise ScoringError(f"passed_out must be one of {', '.join(PASSED_OUT_RULES)}, not {passed_out!r}")
        if deals is not None and not 1 <= deals <= 1000:
            raise ScoringError(f"a short session has 1-1000 deals, not {deals}")
        if tie not in TIE_RULES:
            raise ScoringError(f"tie must be one of {', '.join(TIE_RULES)}, not {tie!r}")
        self.honours_table = honours
        self.passed_out = passed_out
        self.deals = deals
        self.tie_rule = tie
        parts = []
        if honours == "later":
            parts.append("later-honours")
        if passed_out == "same_dealer":
            parts.append("same-dealer-redeals")
        if deals is not None:
            parts.append(f"{deals}-deals")
        if tie == "one_more_deal":
            parts.append("tie-one-more-deal")
        self.id = "auction-1920" + "".join("+" + p for p in parts)
        self.aliases = (self.id,)
        self.title = "Auction Bridge (1920) with seed 001's options: " + (", ".join(parts) or "none")
        self.source = "seed 001 (Auction Bridge how-to and variants), as ruled by RULES.md 'Variants'; " \
            "otherwise seed 000"

    def options(self) -> dict[str, object]:
        out: dict[str, object] = {}
        if self.honours_table != "1920":
            out["honours"] = self.honours_table
        if self.passed_out != "next_dealer":
            out["passed_out"] = self.passed_out
        if self.deals is not None:
            out["deals"] = self.deals
        if self.tie_rule != "tie":
            out["tie"] = self.tie_rule
        return out

    def ends_unfinished(self, standing: Standing) -> bool:
        """A short session ends when its deals are played, whatever its rubber's state."""
        return self.deals is not None and standing.over

    def score(self, standing: Standing, result: DealResult) -> DealScore:
        if standing.over:
            raise ScoringError("the session is over")
        if result.contract is None and self.passed_out == "same_dealer":
            # Seed 001: the same dealer deals again; the redeal does not count as a deal played.
            return DealScore(standing.dealer, self.vulnerability(standing), (), standing)
        scored = super().score(standing, result)
        if self.honours_table == "later":
            items = [i for i in scored.items if i.kind is not Item.HONOURS]
            items += later_honours_items(result.honour_holding())
            scored = replace(scored, items=tuple(items))
        if self.deals is None:
            return scored
        after = scored.after
        if after.over:
            # A short session goes on with a new rubber until its deals are played.
            after = replace(after, games=PerSide(), part_scores=PerSide(), over=False)
        if after.deal_number > self.deals:
            after = replace(after, over=True)
        return replace(scored, after=after)


def auction_variant(honours: str = "1920", passed_out: str = "next_dealer",
                    deals: int | None = None, tie: str = "tie") -> Auction1920:
    """``auction-1920`` itself when every option is off, else the variant with those options."""
    if honours == "1920" and passed_out == "next_dealer" and deals is None and tie == "tie":
        from .auction_1920 import AUCTION_1920

        return AUCTION_1920
    return Auction1920Variant(honours, passed_out, deals, tie)
