"""Drawing the first dealer by cutting (issue 11; seeds 000 and 003).

Seed 000 (Auction Bridge, 1920): "Primer dador por sorteo" -- the first dealer is drawn. Seed 003
(rubber bridge): "El repartidor inicial se elige al azar" -- chosen at random. Neither says whether
the lowest or the highest card deals; the laws of each game do, and :class:`Ruleset` declares it as
``cut_deals``:

- Auction Bridge (the Whist Club of New York's laws, 1910-1920, followed for ``auction-1920``,
  ``royal-auction`` and three-handed Auction): *the player who cuts the LOWEST card deals*, the ace
  being the lowest card in cutting (as at whist and bridge before it).
- Contract bridge (the Laws of Rubber Bridge, followed for ``rubber`` and ``chicago``): *the
  player who draws the HIGHEST card deals*, the ace high.

Neither rule is in the seeds or RULES.md. The Auction rule is the Whist Club code's laws on
cutting as printed in M. C. Work's *Auction of To-day* (1913, laws 14 and 18: "In cutting, the ace
is the lowest card; as between cards of otherwise equal value, the lowest is the heart, next the
diamond, next the club, and highest the spade" ... "The lowest is the dealer") and in Foster's
*Complete Hoyle* ("the lowest of the four is the dealer ... the heart is the lowest, diamonds next,
then clubs and then spades"). The contract rule is the Laws of Rubber Bridge (highest card deals;
for the draw only, suits rank spades, hearts, diamonds, clubs).

So players whose cards are of equal rank are separated by the suits: in Auction hearts lowest,
then diamonds, clubs, spades; in contract clubs lowest, then diamonds, hearts, spades. One draw
always decides.

Randomness is passed in (``rng``), so the engine stays pure and a seeded draw is reproducible.

>>> import random
>>> d = draw_dealer(random.Random(7), lowest_deals=True)
>>> d.dealer == min(d.cards, key=lambda s: cut_order(d.cards[s], True))
True
>>> draw_dealer(random.Random(7), seats=(Seat.N, Seat.E, Seat.S), lowest_deals=False).dealer in (Seat.N, Seat.E, Seat.S)
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .cards import ALL_CARDS, Card, Rank, Suit
from .seats import SEATS, Seat

__all__ = ["DealerDraw", "cut_order", "draw_dealer", "draw_for"]

SOURCE = ("seed 000 ('Primer dador por sorteo'), seed 003 ('El repartidor inicial se elige al azar'); "
          "lowest cut deals in Auction Bridge (Whist Club laws), highest in contract bridge (Laws of Rubber Bridge)")


#: Whist Club laws (Auction): between equal cards the heart is lowest, then diamond, club, spade.
_AUCTION_CUT_SUITS = (Suit.H, Suit.D, Suit.C, Suit.S)


def cut_order(card: Card, lowest_deals: bool) -> tuple[int, int]:
    """How low ``card`` is in the cut: the smallest deals. When the lowest deals (Auction) the ace
    counts lowest (below the two) and equal ranks go hearts, diamonds, clubs, spades; when the
    highest deals (contract) the ace is high and spades beat hearts, diamonds, clubs.

    >>> from bazas.engine.cards import Card
    >>> sorted(["SA", "H2", "C2", "HA"], key=lambda c: cut_order(Card.parse(c), True))
    ['HA', 'SA', 'H2', 'C2']
    >>> sorted(["SA", "HA", "C2"], key=lambda c: cut_order(Card.parse(c), False))
    ['SA', 'HA', 'C2']
    """
    rank = int(card.rank)
    if lowest_deals:
        rank = 1 if card.rank == Rank.ACE else rank
        return (rank, _AUCTION_CUT_SUITS.index(card.suit))
    return (-rank, -int(card.suit))


@dataclass(frozen=True, slots=True)
class DealerDraw:
    """The card each seat cut and the dealer it gives (``lowest_deals``: which rule was used)."""

    cards: dict[Seat, Card]
    dealer: Seat
    lowest_deals: bool

    def to_dict(self) -> dict[str, Any]:
        return {"cards": {s.name: str(c) for s, c in self.cards.items()}, "dealer": self.dealer.name,
                "rule": "lowest" if self.lowest_deals else "highest"}

    def text(self, lang: str = "en") -> str:
        """``N cut ♠4, E cut ♥K, ...: N deals (lowest card deals)``."""
        cuts = ", ".join(f"{s.name} {c}" for s, c in self.cards.items())
        if lang == "es":
            rule = "da la carta más baja" if self.lowest_deals else "da la carta más alta"
            return f"Corte: {cuts}. Reparte {self.dealer.name} ({rule})."
        rule = "lowest card deals" if self.lowest_deals else "highest card deals"
        return f"Cut for deal: {cuts}. {self.dealer.name} deals ({rule})."


def draw_dealer(rng: random.Random, seats: Sequence[Seat] = SEATS, lowest_deals: bool = False) -> DealerDraw:
    """Each of ``seats`` cuts a different card from a shuffled pack; the lowest (or highest) deals."""
    if not seats or len(set(seats)) != len(seats):
        raise ValueError(f"the cut needs distinct seats, not {seats!r}")
    cards = rng.sample(ALL_CARDS, len(seats))
    drawn = {seat: card for seat, card in zip(seats, cards, strict=True)}
    dealer = min(seats, key=lambda s: cut_order(drawn[s], lowest_deals))
    return DealerDraw(drawn, dealer, lowest_deals)


def draw_for(ruleset: Any, rng: random.Random) -> DealerDraw:
    """The draw for a game: its players (``ruleset.seats``) cut, and its law (``cut_deals``) says
    whether the lowest or the highest card deals."""
    seats = tuple(getattr(ruleset, "seats", SEATS))
    return draw_dealer(rng, seats, getattr(ruleset, "cut_deals", "highest") == "lowest")
