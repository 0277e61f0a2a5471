"""The ``three-handed-auction`` ruleset: cut-throat Auction Bridge for three players (issue 11).

Its facts for the rest of the system: the players sit at N, E and S and the dummy hand is dealt
to W (:mod:`bazas.engine.three_handed`); each player bids for himself
(:class:`~bazas.engine.three_handed.ThreeHandedAuction`), the declarer plays his hand and the
dummy against the other two, partners for that deal only; the score is kept PER PLAYER by
:class:`~bazas.engine.rulesets.three_handed_auction.ScoreSheet` (not by sides), which
:meth:`ThreeHandedAuctionGame.score_sheet` starts. Everything else is the 1920 code (seed 000): trick values, game at 30, no
vulnerability, the lowest cut deals. Played at the table server (``one_table``) by
:class:`~bazas.engine.three_handed_table.ThreeHandedTable`: three seats, the dummy hand at W.

>>> from bazas.engine.rulesets import get
>>> g = get("three-handed-auction")
>>> [s.name for s in g.seats], g.dummy_seat.name, g.per_player, get("cut-throat") is g
(['N', 'E', 'S'], 'W', True, True)
"""

from __future__ import annotations

from collections.abc import Mapping

from ..seats import Seat
from ..three_handed import DUMMY_SEAT, PLAYERS
from .auction_1920 import Auction1920
from .base import Ruleset, RulesetOptionError
from .three_handed_auction import SOURCE, ScoreSheet


class ThreeHandedAuctionGame(Auction1920):
    """Three-handed Auction Bridge (R. F. Foster's laws; RULES.md, variants from seed 001)."""

    id = "three-handed-auction"
    aliases: tuple[str, ...] = ("three-handed-auction", "three handed auction", "three-handed auction bridge",
                                "cut-throat", "cutthroat", "cut-throat auction", "subasta a tres",
                                "subasta-a-tres")
    title = "Three-handed Auction Bridge (cut-throat)"
    source = SOURCE
    seats: tuple[Seat, ...] = PLAYERS
    #: Where the dummy hand is dealt (face down until the auction ends).
    dummy_seat: Seat = DUMMY_SEAT
    #: Scored per player (:class:`ScoreSheet`), not by partnerships.
    per_player = True
    one_table = True
    cut_deals = "lowest"
    menu_order = 38
    names = {"en": "Three-handed Auction Bridge", "es": "Subasta a tres"}

    option_help: dict[str, str] = {}
    #: None of the four-player game's options (issue 11): the home page offers no controls.
    option_controls: dict[str, Mapping[str, object]] = {}

    def with_options(self, options: Mapping[str, object]) -> Ruleset:
        """No table options yet: the house options are those of the four-player game."""
        for name in options:
            raise RulesetOptionError(name, "unknown option (three-handed-auction has no options)")
        return self

    def options(self) -> dict[str, object]:
        return {}

    def score_sheet(self, dealer: Seat = Seat.N) -> ScoreSheet:
        """A fresh per-player score sheet for a rubber dealt first by ``dealer`` (N, E or S)."""
        return ScoreSheet.start(dealer)

    def facts(self) -> dict[str, object]:
        return {**super().facts(), "dummy_seat": self.dummy_seat.name, "per_player": True}


THREE_HANDED_AUCTION = ThreeHandedAuctionGame()
