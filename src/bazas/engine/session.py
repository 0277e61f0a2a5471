"""The score sheet: a session is an immutable fold of its ruleset over finished deals.

>>> s = Session.start("rubber", Seat.N)
>>> s = s.record(result("4S", "N", 10)).record(result("3NT", "E", 9)).record(result("2H", "S", 8))
>>> s.games, s.finished, s.next_vulnerability.pbn, s.part_scores
(PerSide(ns=1, ew=1), False, 'All', PerSide(ns=60, ew=0))
>>> s = s.record(result("2S", "N", 9))
>>> s.finished, s.games, s.totals, s.winner, s.margin
(True, PerSide(ns=2, ew=1), PerSide(ns=770, ew=100), 'NS', 670)
>>> [e.game_won_by.name if e.game_won_by is not None else None for e in s.entries]
['NS', 'EW', None, 'NS']

A duplicate team match compares each board across the two tables:

>>> m = Session.start("duplicate").record(result("4S", "N", 10, board=1, table=1))
>>> m = m.record(result("3S", "N", 10, board=1, table=2))
>>> [(b.board, b.table1_ns, b.table2_ns, b.difference, b.imps_a) for b in m.boards], m.imps_a, m.winner
([(1, 420, 170, 250, 6)], 6, None)
>>> m.stop().winner  # the match is four boards; a shorter one is settled by stopping it
'A'
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace

from .calls import Contract
from .cards import Card
from .deal import Deal, Vulnerability
from .errors import ScoringError
from .honours import Honours, from_cards
from .rulesets import get as get_ruleset
from .rulesets.base import DealResult, Item, LineItem, PerSide, Ruleset, Standing, sum_items
from .rulesets.duplicate import Duplicate
from .rulesets.imps import imps
from .seats import Seat, Side


def result(
    contract: str | Contract | None,
    declarer: str | Seat | None = None,
    tricks: int = 0,
    *,
    deal: str | Deal | None = None,
    honours: Mapping[Seat | str, Iterable[Card | str]] | None = None,
    board: int | None = None,
    table: int | None = None,
) -> DealResult:
    """A :class:`DealResult` from text: ``result("4SX", "N", 10)``; ``result("pass")`` or
    ``result(None)`` for a passed-out deal. ``honours`` maps seats to the honour cards they held.

    >>> result("1S", "N", 10, honours={"N": ["SA", "SK", "SQ", "SJ"]}).honour_holding().counts
    (4, 0, 0, 0)
    """
    d = Deal.from_pbn(deal) if isinstance(deal, str) else deal
    if contract is None or (isinstance(contract, str) and contract.strip().lower() in ("pass", "p", "passed", "paso")):
        return DealResult.passed(d, board, table)
    c = Contract.parse(contract) if isinstance(contract, str) else contract
    if declarer is None:
        raise ScoringError("a contract needs a declarer")
    seat = Seat.parse(declarer) if isinstance(declarer, str) else declarer
    holding: Honours | None = None
    if honours is not None:
        holding = from_cards(c.strain, {Seat.parse(k) if isinstance(k, str) else k: v for k, v in honours.items()})
    return DealResult(c, seat, tricks, d, holding, board, table)


@dataclass(frozen=True, slots=True)
class ScoredDeal:
    """One line of the sheet: a recorded deal and how it scored."""

    number: int
    dealer: Seat
    result: DealResult
    vulnerability: Vulnerability
    items: tuple[LineItem, ...]
    game_won_by: Side | None = None
    rubber_over: bool = False
    board: int | None = None
    table: int | None = None

    @property
    def contract(self) -> Contract | None:
        return self.result.contract

    @property
    def declarer(self) -> Seat | None:
        return self.result.declarer

    @property
    def tricks(self) -> int | None:
        return None if self.result.passed_out else self.result.tricks

    @property
    def passed_out(self) -> bool:
        return self.result.passed_out

    @property
    def vulnerable(self) -> tuple[bool, bool]:
        """(N/S vulnerable, E/W vulnerable) on this deal."""
        return (self.vulnerability.is_vulnerable(Side.NS), self.vulnerability.is_vulnerable(Side.EW))

    @property
    def below(self) -> PerSide:
        return sum_items(self.items, below=True)

    @property
    def above(self) -> PerSide:
        return sum_items(self.items, below=False)

    @property
    def points(self) -> PerSide:
        return sum_items(self.items)

    @property
    def score_ns(self) -> int:
        """Net score signed for N/S."""
        p = self.points
        return p.ns - p.ew

    def item(self, kind: Item) -> int:
        """Points of one kind on this deal (0 if none), whichever side got them."""
        return sum(i.points for i in self.items if i.kind is kind)


@dataclass(frozen=True, slots=True)
class BoardComparison:
    """A duplicate board at both tables, compared for team A (N/S at table 1, E/W at table 2)."""

    board: int
    table1_ns: int | None
    table2_ns: int | None

    @property
    def complete(self) -> bool:
        return self.table1_ns is not None and self.table2_ns is not None

    @property
    def difference(self) -> int | None:
        if self.table1_ns is None or self.table2_ns is None:
            return None
        return self.table1_ns - self.table2_ns

    @property
    def imps_a(self) -> int | None:
        d = self.difference
        return None if d is None else imps(d)


@dataclass(frozen=True, slots=True)
class Session:
    """A score sheet: the ruleset, the deals recorded so far, and where the session stands."""

    ruleset: Ruleset
    first_dealer: Seat
    standing: Standing
    entries: tuple[ScoredDeal, ...] = ()
    stopped: bool = False
    closing: tuple[LineItem, ...] = ()
    #: Asked to stop on an exact tie under the tie rule "one more deal" (seed 001): the session
    #: goes on, and stops after the deal that breaks the tie (:meth:`stop`, :attr:`deciding`).
    stop_asked: bool = False

    @staticmethod
    def start(ruleset: Ruleset | str, first_dealer: Seat | str = Seat.N) -> Session:
        rs = get_ruleset(ruleset)
        dealer = Seat.parse(first_dealer) if isinstance(first_dealer, str) else first_dealer
        return Session(rs, dealer, rs.start(dealer))

    @staticmethod
    def replay(ruleset: Ruleset | str, first_dealer: Seat | str, results: Iterable[DealResult],
               stopped: bool = False) -> Session:
        """Fold ``results`` into a new session (and stop it if ``stopped``)."""
        s = Session.start(ruleset, first_dealer)
        for r in results:
            s = s.record(r)
        return s.stop() if stopped else s

    # -- the fold ------------------------------------------------------------------------------
    def record(self, result: DealResult) -> Session:
        """The session after one more finished deal."""
        if self.stopped:
            raise ScoringError("the session was stopped")
        standing = self.standing
        if standing.over and self.deciding:
            # A short session ended on an exact tie: one more deal settles it (seed 001).
            standing = replace(standing, over=False)
        scored = self.ruleset.score(standing, result)
        entry = ScoredDeal(
            number=len(self.entries) + 1,
            dealer=scored.dealer,
            result=result,
            vulnerability=scored.vulnerability,
            items=scored.items,
            game_won_by=scored.game_won_by,
            rubber_over=scored.rubber_over,
            board=scored.board,
            table=scored.table,
        )
        after = replace(self, standing=scored.after, entries=(*self.entries, entry))
        if self.stop_asked:
            # The deal played to settle a tie: stop again (still tied: one more).
            return replace(after, stop_asked=False, closing=()).stop()
        return after

    def stop(self) -> Session:
        """End the session now; an unfinished rubber scores the ruleset's unfinished bonuses. Under
        the tie rule "one more deal" (seed 001) an exact tie is not ended: the session goes on for
        one more deal (:attr:`deciding`) and stops after it.

        >>> tied = Session.start("auction-1920+tie-one-more-deal").record(result("1H", "N", 7))
        >>> tied = tied.record(result("1H", "E", 7)).stop()          # 8 each: one more deal
        >>> tied.totals, tied.finished, tied.deciding, tied.winner
        (PerSide(ns=8, ew=8), False, True, None)
        >>> settled = tied.record(result("1S", "S", 7))
        >>> settled.finished, settled.winner, settled.margin
        (True, 'NS', 9)
        >>> Session.start("auction-1920").record(result("1H", "N", 7)).record(result("1H", "E", 7)).stop().winner
        'tie'
        """
        if self.stopped:
            return self
        closing = () if self.ruleset.is_finished(self.standing) else self.ruleset.unfinished(self.standing)
        if self.ruleset.tie_rule == "one_more_deal" and not self.ruleset.is_finished(self.standing):
            totals = sum_items((*self.items, *closing))
            if self.ruleset.winner(self.standing, totals) is None:
                return replace(self, stop_asked=True, closing=closing)
        return replace(self, stopped=True, closing=closing)

    # -- where it stands -----------------------------------------------------------------------
    @property
    def deciding(self) -> bool:
        """Seed 001: "an exact tie in an unfinished rubber is settled by one more deal" -- True
        when the session would end now on an exact tie (stopped by the players, or a short session
        whose deals are played) and its tie rule is ``"one_more_deal"``: the next deal decides."""
        if self.stopped:
            return False
        if self.stop_asked:
            return True
        rs = self.ruleset
        if rs.tie_rule != "one_more_deal" or not rs.is_finished(self.standing) or not rs.ends_unfinished(self.standing):
            return False
        return rs.winner(self.standing, self.totals) is None

    @property
    def finished(self) -> bool:
        if self.stopped:
            return True
        return self.ruleset.is_finished(self.standing) and not self.deciding

    @property
    def stopped_early(self) -> bool:
        """Stopped before the ruleset's natural end (a "stopped" record of a finished rubber is not)."""
        return self.stopped and not self.ruleset.is_finished(self.standing)

    @property
    def is_duplicate(self) -> bool:
        return isinstance(self.ruleset, Duplicate)

    @property
    def next_dealer(self) -> Seat:
        return self.ruleset.next_dealer(self.standing)

    @property
    def next_vulnerability(self) -> Vulnerability:
        return self.ruleset.vulnerability(self.standing)

    @property
    def next_board(self) -> tuple[int, int] | None:
        """(board, table) of the next duplicate result; None for other rulesets."""
        rs = self.ruleset
        return rs.next_board(self.standing) if isinstance(rs, Duplicate) else None

    @property
    def part_scores(self) -> PerSide:
        """Below-the-line points toward the current game."""
        return self.ruleset.part_scores(self.standing)

    @property
    def counts_honours(self) -> bool:
        return self.ruleset.counts_honours

    @property
    def games(self) -> PerSide:
        return self.standing.games

    @property
    def items(self) -> tuple[LineItem, ...]:
        """Every line item of the sheet, deal by deal, then the closing (unfinished) items."""
        return (*(i for e in self.entries for i in e.items), *self.closing)

    @property
    def totals(self) -> PerSide:
        return sum_items(self.items)

    @property
    def below(self) -> PerSide:
        return sum_items(self.items, below=True)

    @property
    def above(self) -> PerSide:
        return sum_items(self.items, below=False)

    # -- duplicate match -----------------------------------------------------------------------
    @property
    def boards(self) -> tuple[BoardComparison, ...]:
        """Per board (in board order) the N/S score at each table; empty unless duplicate."""
        if not self.is_duplicate:
            return ()
        scores: dict[int, dict[int, int]] = {}
        for e in self.entries:
            if e.board is not None and e.table is not None:
                scores.setdefault(e.board, {})[e.table] = e.score_ns
        return tuple(BoardComparison(b, t.get(1), t.get(2)) for b, t in sorted(scores.items()))

    @property
    def imps_a(self) -> int:
        """Team A's IMPs over the boards played at both tables (negative: team B leads)."""
        return sum(b.imps_a for b in self.boards if b.imps_a is not None)

    # -- result --------------------------------------------------------------------------------
    @property
    def winner(self) -> str | None:
        """``"NS"``/``"EW"``/``"tie"`` (duplicate: ``"A"``/``"B"``/``"tie"``); None until finished."""
        if not self.finished:
            return None
        if self.is_duplicate:
            a = self.imps_a
            return "tie" if a == 0 else ("A" if a > 0 else "B")
        side = self.ruleset.winner(self.standing, self.totals)
        return "tie" if side is None else side.name

    @property
    def margin(self) -> int:
        """The difference between the totals (duplicate: the absolute IMP total)."""
        if self.is_duplicate:
            return abs(self.imps_a)
        t = self.totals
        return abs(t.ns - t.ew)
