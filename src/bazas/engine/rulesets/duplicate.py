"""``duplicate``: duplicate bridge, each board scored alone (seed 002 sections 3, 6-9; WBF Laws 2017,
Laws 77 and 78).

Trick score as in contract bridge; 50 for a part score, 300 / 500 for a game (trick score of 100 or
more), slam bonus on top of the game bonus; insult 50 / 100; overtricks and undertricks by
vulnerability. No honours, no rubber, nothing carries between boards. Dealer and vulnerability
come from the board number (the standard 16-board cycle). A passed-out board scores 0, no redeal.
Results are signed for N/S. The team match (team A N/S at table 1, E/W at table 2) of four boards
is compared board by board in IMPs (:mod:`bazas.engine.rulesets.imps`).

>>> DUPLICATE.declarer_score(Contract.parse("4S"), 10, vulnerable=False)
420
>>> DUPLICATE.declarer_score(Contract.parse("3S"), 10, vulnerable=False)
170
>>> DUPLICATE.declarer_score(Contract.parse("4HX"), 8, vulnerable=True)
-500
"""

from __future__ import annotations

from ..calls import Contract
from ..deal import Board, Vulnerability
from ..errors import ScoringError
from ..seats import Seat, Side
from .base import BotScoring, DealResult, DealScore, Item, LineItem, Ruleset, SheetKind, Standing, net_points
from .contract_scoring import LAWS_SCALE, contract_items

SOURCE = "seed 002 (duplicate team match, sections 3 and 6-9) and the WBF Laws of Duplicate Bridge 2017, Laws 77-78"

#: Contracts score at the Laws' figures.
SCALE = LAWS_SCALE

#: Boards in the team match (seed 002, RULES.md "duplicate": two tables, four boards).
BOARDS = 4
GAME = 100
#: Game bonus (not vulnerable, vulnerable) for a trick score of GAME or more.
GAME_BONUS = (300, 500)
PART_SCORE_BONUS = 50


def board_items(contract: Contract, side: Side, tricks: int, vulnerable: bool) -> list[LineItem]:
    """The line items of one board: trick score (below), bonuses or undertricks (above).

    >>> [(i.kind.value, i.points) for i in board_items(Contract.parse("4S"), Side.NS, 10, False)]
    [('trick score', 120), ('game bonus', 300)]
    """
    items = contract_items(SCALE, contract, side, tricks, vulnerable)
    if tricks >= contract.tricks_needed:
        trick_score = items[0].points
        bonus = (LineItem(Item.GAME, side, GAME_BONUS[vulnerable]) if trick_score >= GAME
                 else LineItem(Item.PART_SCORE, side, PART_SCORE_BONUS))
        # The slam bonus comes on top of the game bonus, and after it on the sheet.
        items.insert(len(items) - (items[-1].kind is Item.SLAM), bonus)
    return items


def score_ns(result: DealResult, vulnerability: Vulnerability) -> int:
    """A board's score signed for N/S (0 when passed out)."""
    if result.contract is None or result.declarer is None:
        return 0
    side = result.declarer.side
    items = board_items(result.contract, side, result.tricks, vulnerability.is_vulnerable(side))
    return net_points(items, Side.NS)


class Duplicate(Ruleset):
    id = "duplicate"
    aliases: tuple[str, ...] = ("duplicate", "teams", "team", "duplicado", "imps", "imp")
    title = "Duplicate bridge (team match, IMPs)"
    source = SOURCE
    one_table = False
    session_deals = BOARDS
    bot_scoring = BotScoring.IMPS
    sheet = SheetKind.DUPLICATE
    pbn_scoring = "IMP"
    menu_order = 40
    names = {"en": "Team match (IMPs)", "es": "Encuentro por equipos (IMP)"}

    @property
    def counts_honours(self) -> bool:
        return False

    def next_board(self, standing: Standing) -> tuple[int, int]:
        """(board, table) of the next result: the other table of a board played at one table only,
        else the board after the highest, at table 1."""
        played = set(standing.played)
        for board, table in sorted(played):
            other = 3 - table
            if (board, other) not in played:
                return board, other
        return (max((b for b, _ in played), default=0) + 1, 1)

    def next_dealer(self, standing: Standing) -> Seat:
        return Board(self.next_board(standing)[0]).dealer

    def vulnerability(self, standing: Standing) -> Vulnerability:
        return Board(self.next_board(standing)[0]).vulnerability

    def score(self, standing: Standing, result: DealResult) -> DealScore:
        board, table = self.next_board(standing)
        if result.board is not None:
            board = result.board
            table = result.table if result.table is not None else (2 if (board, 1) in standing.played else 1)
        elif result.table is not None:
            table = result.table
        if (board, table) in standing.played:
            raise ScoringError(f"board {board} was already scored at table {table}")
        b = Board(board)
        vul = b.vulnerability
        items: tuple[LineItem, ...] = ()
        if result.contract is not None and result.declarer is not None:
            side = result.declarer.side
            items = tuple(board_items(result.contract, side, result.tricks, vul.is_vulnerable(side)))
        played = (*standing.played, (board, table))
        after = Standing(b.dealer.lho, board + 1, table, played=played)
        return DealScore(b.dealer, vul, items, after, board=board, table=table)

    def declarer_score(self, contract: Contract, tricks: int, vulnerable: bool) -> int:
        return net_points(board_items(contract, Side.NS, tricks, vulnerable), Side.NS)

    def is_finished(self, standing: Standing) -> bool:
        """A match is finished when its four boards (or more) have been played and every board it
        has scored has a result at both tables (stop the session to settle a shorter match)."""
        played = set(standing.played)
        complete = {b for b, t in played if (b, 3 - t) in played}
        return len(complete) >= BOARDS and all((b, 3 - t) in played for b, t in played)


DUPLICATE = Duplicate()
