"""``three-handed-auction``: cut-throat Auction Bridge for three players, scored per player.

RULES.md, "Variants from seed 001" (three-handed Auction, after R. F. Foster's "Laws of Three Hand
Auction"); everything it does not change is the 1920 code of :mod:`.auction_1920` (seed 000). The
auction and the seating for the play are in :mod:`bazas.engine.three_handed`: players N, E, S, the
dummy hand dealt to W.

As RULES.md states:

- Made: the declarer scores as in Auction -- every trick over six at the 1920 trick values
  (clubs 6, diamonds 7, hearts 8, spades 9, notrump 10) below the line, multiplied by the
  doubling; 50 (100 redoubled) above for making a doubled contract and as much per overtrick.
- Failed: EACH of the two opponents scores the undertricks (50 each, 100 doubled, 200 redoubled).
- Honours are scored per player from the original deal: one honour 1v, two 2v, three 3v, four 8v,
  five 10v (v the trick value of the trump suit); at notrump each ace 10, four in one hand 100.
  The declarer also counts dummy's honours as his own.
- A game is worth 125 to its winner, a second game 125 more; the rubber ends when one player has
  two games. Each player's total is settled against each other player's.

Decisions where RULES.md is silent (as Foster's laws would have it):

- Game is 30 below the line for one player; when a player wins a game a line is drawn under
  EVERY player's part score (the others' part scores no longer count towards a game).
- The rubber is worth 250: that is the two games of 125 of its winner, with no further bonus.
  A game won by a player who does not win the rubber keeps its 125.
- Honours: the declarer's holding is his hand and the dummy's counted together (three in his hand
  and one in dummy are four: 8v); "four in one hand" at notrump means all four aces in one hand,
  his or the dummy's. Each opponent scores his own hand only. Honours are never doubled.
- Slams, bid or not, as in the 1920 code: the declarer winning 12 tricks scores 50, 13 tricks
  100; when the opponents between them win 12 (or 13) tricks EACH of them scores 50 (or 100).
- A passed-out deal (all three pass) scores nothing; the next player (N, E, S in turn) deals.
- Settlement: player A receives from player B the difference of their totals (above plus below);
  a player's net is the sum of his differences with the other two (the three nets sum to zero).

>>> from bazas.engine.calls import Contract
>>> sheet = ScoreSheet.start(Seat.N).add(ThreeHandedResult(Contract.parse("2H"), Seat.E, 7))
>>> [(i.kind.value, i.player.name, i.points) for i in score(ScoreSheet.start(Seat.N),
...     ThreeHandedResult(Contract.parse("2H"), Seat.E, 7)).items]
[('undertricks', 'S', 50), ('undertricks', 'N', 50)]
>>> sheet.totals(), sheet.dealer
({<Seat.N: 0>: 50, <Seat.E: 1>: 0, <Seat.S: 2>: 50}, <Seat.E: 1>)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ..calls import Contract, Strain
from ..errors import ScoringError
from ..honours import Honours
from ..seats import Seat
from ..three_handed import DUMMY_SEAT, PLAYERS, check_player, next_player
from .auction_1920 import TRICK_VALUE, made_points, slam_points, undertrick_points
from .base import Item, check_tricks

SOURCE = (
    "RULES.md 'Variants from seed 001' (three-handed Auction, after R. F. Foster's "
    "'Laws of Three Hand Auction'); otherwise seed 000 (Auction Bridge, 1920 code)"
)

#: Game: 30 below the line for one player.
GAME = 30
#: Each game won, to its winner; a rubber (two games) is therefore worth 250.
GAME_BONUS = 125
GAMES_FOR_RUBBER = 2
#: Trump honours held by one player (the declarer with dummy's), as multiples of v.
HONOURS_V = {1: 1, 2: 2, 3: 3, 4: 8, 5: 10}
#: Each ace at notrump; all four in one hand instead score :data:`FOUR_ACES`.
ACE_NT = 10
FOUR_ACES = 100


@dataclass(frozen=True, slots=True)
class PlayerItem:
    """``points`` for ``player`` (N, E or S), written below the line (``below``) or above it."""

    kind: Item
    player: Seat
    points: int
    below: bool = False


@dataclass(frozen=True, slots=True)
class ThreeHandedResult:
    """One deal: ``contract`` by ``declarer`` (both None when passed out), the ``tricks`` the
    declarer won with the dummy, and the ``honours`` of the original deal (players N, E, S; the
    dummy hand at W), e.g. ``bazas.engine.honours.count(deal, contract.strain)``."""

    contract: Contract | None = None
    declarer: Seat | None = None
    tricks: int = 0
    honours: Honours | None = None

    def __post_init__(self) -> None:
        if (self.contract is None) != (self.declarer is None):
            raise ScoringError("a contract needs a declarer, and a passed-out deal has none")
        if self.declarer is not None:
            check_player(self.declarer)
        check_tricks(self.tricks)
        strain = None if self.contract is None else self.contract.strain
        if self.honours is not None and strain is not None and self.honours.strain != strain:
            raise ScoringError(f"honours are counted at {self.honours.strain.name}, the contract is "
                               f"{strain.name}")


def opponents(declarer: Seat) -> tuple[Seat, Seat]:
    """The two players defending against ``declarer``, in calling order after him.

    >>> opponents(Seat.S)
    (<Seat.N: 0>, <Seat.E: 1>)
    """
    return next_player(declarer, 1), next_player(declarer, 2)


def contract_items(contract: Contract, declarer: Seat, tricks: int) -> list[PlayerItem]:
    """Made: the declarer's trick score below and doubled bonuses above; failed: each opponent's
    undertricks.

    >>> [(i.kind.value, i.player.name, i.points, i.below)
    ...  for i in contract_items(Contract.parse("1SX"), Seat.N, 8)]
    [('trick score', 'N', 36, True), ('insult', 'N', 50, False), ('overtricks', 'N', 50, False)]
    >>> [(i.player.name, i.points) for i in contract_items(Contract.parse("3NTXX"), Seat.E, 7)]
    [('S', 400), ('N', 400)]
    """
    check_tricks(tricks)
    if tricks < contract.tricks_needed:
        points = undertrick_points(contract, tricks)
        return [PlayerItem(Item.UNDERTRICKS, p, points) for p in opponents(declarer)]
    return [PlayerItem(kind, declarer, points, below) for kind, points, below in made_points(contract, tricks)]


def slam_items(declarer: Seat, tricks: int) -> list[PlayerItem]:
    """12 / 13 tricks: 50 / 100 to the declarer, or to EACH opponent when they win them.

    >>> [(i.player.name, i.points) for i in slam_items(Seat.N, 0)]
    [('E', 100), ('S', 100)]
    """
    check_tricks(tricks)
    if slam_points(tricks):
        return [PlayerItem(Item.SLAM, declarer, slam_points(tricks))]
    if slam_points(13 - tricks):
        return [PlayerItem(Item.SLAM, p, slam_points(13 - tricks)) for p in opponents(declarer)]
    return []


def player_honours(holding: Honours, player: Seat, declarer: Seat) -> int:
    """The points of ``player``'s honours (with the dummy's for the ``declarer``).

    >>> from bazas.engine.honours import from_cards
    >>> h = from_cards(Strain.H, {Seat.N: ["HA", "HK", "HQ"], Seat.W: ["HJ"], Seat.E: ["HT"]})
    >>> player_honours(h, Seat.N, Seat.N), player_honours(h, Seat.E, Seat.N)
    (64, 8)
    >>> player_honours(from_cards(Strain.NT, {Seat.W: ["SA", "HA", "DA", "CA"]}), Seat.S, Seat.S)
    100
    """
    own = holding.of_seat(player)
    dummy = holding.of_seat(DUMMY_SEAT) if player == declarer else 0
    held = own + dummy
    if holding.strain is Strain.NT:
        return FOUR_ACES if 4 in (own, dummy) else held * ACE_NT
    return HONOURS_V.get(held, 0) * TRICK_VALUE[holding.strain]


def honours_items(holding: Honours | None, declarer: Seat) -> list[PlayerItem]:
    """Every player's honours, declarer first, then the opponents in calling order."""
    if holding is None:
        return []
    out = []
    for player in (declarer, *opponents(declarer)):
        points = player_honours(holding, player, declarer)
        if points:
            out.append(PlayerItem(Item.HONOURS, player, points))
    return out


def _add(values: tuple[int, int, int], player: Seat, points: int) -> tuple[int, int, int]:
    out = list(values)
    out[PLAYERS.index(player)] += points
    return (out[0], out[1], out[2])


@dataclass(frozen=True, slots=True)
class ScoreSheet:
    """The three players' score sheet: totals above and below the line, the part scores since the
    last line, games won (each tuple indexed like :data:`PLAYERS`: N, E, S) and who deals next."""

    dealer: Seat = Seat.N
    deal_number: int = 1
    above: tuple[int, int, int] = (0, 0, 0)
    below: tuple[int, int, int] = (0, 0, 0)
    part_scores: tuple[int, int, int] = (0, 0, 0)
    games: tuple[int, int, int] = (0, 0, 0)
    winner: Seat | None = None

    @staticmethod
    def start(dealer: Seat = Seat.N) -> ScoreSheet:
        check_player(dealer)
        return ScoreSheet(dealer)

    @staticmethod
    def fold(results: Iterable[ThreeHandedResult], dealer: Seat = Seat.N) -> ScoreSheet:
        """The sheet after scoring ``results`` in order from a fresh rubber dealt by ``dealer``."""
        sheet = ScoreSheet.start(dealer)
        for result in results:
            sheet = sheet.add(result)
        return sheet

    @property
    def over(self) -> bool:
        """The rubber is over: one player has won two games."""
        return self.winner is not None

    def add(self, result: ThreeHandedResult) -> ScoreSheet:
        """The sheet after one more deal (see :func:`score` for its items)."""
        return score(self, result).after

    def part_score_of(self, player: Seat) -> int:
        return self.part_scores[PLAYERS.index(player)]

    def total(self, player: Seat) -> int:
        """Everything ``player`` scored, above and below the line."""
        i = PLAYERS.index(player)
        return self.above[i] + self.below[i]

    def totals(self) -> dict[Seat, int]:
        return {p: self.total(p) for p in PLAYERS}

    def settlement(self) -> dict[Seat, dict[Seat, int]]:
        """``settlement()[a][b]``: what ``b`` pays ``a`` (negative: ``a`` pays), the difference
        of their totals."""
        return {a: {b: self.total(a) - self.total(b) for b in PLAYERS if b != a} for a in PLAYERS}

    def net(self) -> dict[Seat, int]:
        """Each player's net after settling with both others (the three nets sum to zero)."""
        return {a: sum(row.values()) for a, row in self.settlement().items()}


@dataclass(frozen=True, slots=True)
class ThreeHandedDealScore:
    """One scored deal: its items, who won a game on it (if anyone) and the sheet after it."""

    dealer: Seat
    items: tuple[PlayerItem, ...]
    after: ScoreSheet
    game_won_by: Seat | None = None


def score(sheet: ScoreSheet, result: ThreeHandedResult) -> ThreeHandedDealScore:
    """Score one deal on ``sheet``.

    >>> from bazas.engine.calls import Contract
    >>> start = ScoreSheet(Seat.S, part_scores=(20, 0, 10))
    >>> s = score(start, ThreeHandedResult(Contract.parse("2NT"), Seat.E, 9))
    >>> [(i.kind.value, i.player.name, i.points) for i in s.items], s.game_won_by, s.after.part_scores
    ([('trick score', 'E', 30), ('game bonus', 'E', 125)], <Seat.E: 1>, (0, 0, 0))
    """
    if sheet.over:
        raise ScoringError("the rubber is over")
    dealer = sheet.dealer
    nxt = next_player(dealer)
    if result.contract is None or result.declarer is None:
        after = ScoreSheet(nxt, sheet.deal_number + 1, sheet.above, sheet.below, sheet.part_scores,
                           sheet.games)
        return ThreeHandedDealScore(dealer, (), after)
    declarer = result.declarer
    items = contract_items(result.contract, declarer, result.tricks)
    items += slam_items(declarer, result.tricks)
    items += honours_items(result.honours, declarer)
    parts = sheet.part_scores
    for item in items:
        if item.below:
            parts = _add(parts, item.player, item.points)
    games = sheet.games
    game_won_by: Seat | None = None
    winner: Seat | None = None
    if parts[PLAYERS.index(declarer)] >= GAME:
        game_won_by = declarer
        games = _add(games, declarer, 1)
        parts = (0, 0, 0)
        items.append(PlayerItem(Item.GAME, declarer, GAME_BONUS))
        if games[PLAYERS.index(declarer)] >= GAMES_FOR_RUBBER:
            winner = declarer
    above, below = sheet.above, sheet.below
    for item in items:
        if item.below:
            below = _add(below, item.player, item.points)
        else:
            above = _add(above, item.player, item.points)
    after = ScoreSheet(nxt, sheet.deal_number + 1, above, below, parts, games, winner)
    return ThreeHandedDealScore(dealer, tuple(items), after, game_won_by)


__all__ = [
    "ACE_NT", "FOUR_ACES", "GAME", "GAME_BONUS", "GAMES_FOR_RUBBER", "HONOURS_V", "SOURCE",
    "PlayerItem", "ScoreSheet", "ThreeHandedDealScore", "ThreeHandedResult", "contract_items",
    "honours_items", "opponents", "player_honours", "score", "slam_items",
]
