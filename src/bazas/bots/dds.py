"""Double-dummy solving: the only module that imports endplay (Bo Haglund's DDS, bundled).

Everything here speaks the engine's encodings -- card index ``suit * 13 + rank - 2`` with suits
C D H S = 0..3, hands as 52-bit ints, seats N E S W = 0..3 -- and converts to DDS's (suits S H D C,
rank bits ``1 << rank``) at the last moment, filling DDS's ctypes structures directly.

Three ways to solve:

- :func:`solve` / :func:`solve_many`: in this process (one ``SolveBoard`` call per position, or a
  ``SolveAllBoardsBin`` batch of up to 200). Calls are serialised by a lock: DDS is not safe when
  two Python threads call it at once.
- :class:`LocalSolver`: the same behind the :class:`Solver` interface, for single-threaded callers
  (the CLI, tests).
- :class:`SolverPool`: a persistent pool of worker processes (forkserver/spawn, one per core, DDS
  single-threaded in each); ``submit`` returns a future, ``solve_many`` splits a batch over the
  workers. Results equal the in-process ones.

Post-deal analysis (:func:`analyse_deal`): makeable contracts per strain and seat
(``CalcDDtable``), par (``DealerParBin``) and the trick cost of every card played.

endplay is imported lazily (it pulls in matplotlib: about half a second).
"""

from __future__ import annotations

import multiprocessing
import os
import threading
from collections.abc import Iterable, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any, Protocol

from bazas.engine.calls import Contract, Doubling, Strain
from bazas.engine.cards import ALL_CARDS, Card
from bazas.engine.deal import Deal, Vulnerability
from bazas.engine.play import Play, trick_winner
from bazas.engine.seats import SEATS, Seat, Side

__all__ = [
    "CardCost", "DDTable", "DealAnalysis", "LocalSolver", "ParResult", "Position", "Solver", "SolverPool",
    "analyse_deal", "dd_table", "dd_tables", "par", "solve", "solve_best", "solve_many", "trick_costs",
]

#: DDS limit on boards per SolveAllBoardsBin call.
MAX_BOARDS = 200
_SUIT_MASK = 0x1FFF

_lock = threading.Lock()
_dds_module: ModuleType | None = None
#: The position this process's DDS solved last (one SolveBoard call) and the nodes it took then:
#: DDS keeps its transposition table for the same deal, so the same position solved again right
#: after costs almost nothing, and its count is read from here (see :func:`solve_many`).
_last_solved: list[tuple[tuple[Position, int], int] | None] = [None]


def _dds() -> ModuleType:
    """endplay's ctypes binding of DDS, imported on first use."""
    global _dds_module
    if _dds_module is None:
        import endplay._dds as dds_module

        _dds_module = dds_module
    return _dds_module


def set_threads(threads: int) -> None:
    """How many threads DDS may use inside one batch call in this process (0: one per core)."""
    with _lock:
        _dds()._dll.SetMaxThreads(int(threads))


# -- positions ---------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Position:
    """A double-dummy position: the cards left in each hand (bit sets, engine indexes), the trump
    suit (-1 at notrump, else 0-3 for C D H S), the seat that led to the current trick and the cards
    already played to it (index order of play)."""

    hands: tuple[int, int, int, int]
    trump: int
    leader: int
    current: tuple[int, ...] = ()

    @property
    def to_play(self) -> int:
        """Seat (0-3) whose card is due."""
        return (self.leader + len(self.current)) & 3

    @staticmethod
    def from_play(play: Play) -> Position:
        """The position of a :class:`~bazas.engine.play.Play` state (its real hands)."""
        trump = -1 if play.strain is Strain.NT else int(play.strain)
        return Position(play.hands, trump, int(play.leader), tuple(play.current))

    def legal_mask(self) -> int:
        hand = self.hands[self.to_play]
        if self.current:
            follow = hand & (_SUIT_MASK << (13 * (self.current[0] // 13)))
            if follow:
                return follow
        return hand

    @property
    def tricks_left(self) -> int:
        """Tricks still to be won, the current one included."""
        return self.hands[self.to_play].bit_count()

    def after(self, card: int) -> tuple[Position, int | None]:
        """The position after the player due plays ``card``, and the seat that won the trick
        when the card completed one (None otherwise: the winner leads the next).

        >>> # One card each at notrump: North (0) the spade ace, East the club ace, South the
        >>> # heart ace, West the diamond ace. North leads its ace and wins the trick.
        >>> pos = Position((1 << 51, 1 << 12, 1 << 38, 1 << 25), -1, 0)
        >>> for card in (51, 12, 38, 25):
        ...     pos, winner = pos.after(card)
        >>> winner, pos.leader, pos.tricks_left
        (0, 0, 0)
        """
        hands = list(self.hands)
        hands[self.to_play] &= ~(1 << card)
        current = self.current + (card,)
        if len(current) < 4:
            return Position((hands[0], hands[1], hands[2], hands[3]), self.trump, self.leader, current), None
        winner = trick_winner(current, self.leader, self.trump)
        return Position((hands[0], hands[1], hands[2], hands[3]), self.trump, winner, ()), winner


#: Double-dummy result of a position: card index -> tricks the side to play wins from here
#: (the current trick included) if that card is played, for every legal card.
CardTricks = dict[int, int]


def _fill_deal(dl: Any, pos: Position) -> None:
    dl.trump = 4 if pos.trump < 0 else 3 - pos.trump
    dl.first = pos.leader
    for i in range(3):
        if i < len(pos.current):
            c = pos.current[i]
            dl.currentTrickSuit[i] = 3 - c // 13
            dl.currentTrickRank[i] = c % 13 + 2
        else:
            dl.currentTrickSuit[i] = 0
            dl.currentTrickRank[i] = 0
    for seat in range(4):
        m = pos.hands[seat]
        row = dl.remainCards[seat]
        for suit in range(4):
            row[3 - suit] = ((m >> (13 * suit)) & _SUIT_MASK) << 2


def _read_future(fut: Any) -> CardTricks:
    out: CardTricks = {}
    for i in range(fut.cards):
        score = fut.score[i]
        if score < 0:
            continue
        suit = 3 - fut.suit[i]
        holding = (1 << fut.rank[i]) | fut.equals[i]
        for rank in range(2, 15):
            if holding >> rank & 1:
                out[suit * 13 + rank - 2] = score
    return out


def _trivial(pos: Position) -> CardTricks | None:
    """Positions DDS need not see: the last trick (nothing to choose)."""
    if pos.tricks_left == 0:
        return {}
    return None


def solve(pos: Position) -> CardTricks:
    """Tricks for the side to play, for each legal card, in this process."""
    return solve_many([pos])[0]


def solve_many(positions: Sequence[Position], batch: bool = False,
               nodes: list[int] | None = None) -> list[CardTricks]:
    """Solve positions in this process, in order. One ``SolveBoard`` call each by default (measured
    faster here than DDS's own threaded batch, and DDS reuses its transposition table between
    similar consecutive positions); ``batch`` uses ``SolveAllBoardsBin``, 200 at a time.

    ``nodes``, if given, receives the search nodes DDS visited for each position (0 where it was not
    asked): a measure of the work that, unlike the clock, does not depend on the machine's load.
    The same position solved twice in a row costs almost nothing the second time (DDS keeps its
    table): it is counted at what it took the first time, so a position's count is what a fresh
    solve of it takes, whatever this process solved before."""
    results: list[CardTricks | None] = [_trivial(p) for p in positions]
    todo = [i for i, r in enumerate(results) if r is None]
    counts = [0] * len(positions)
    if todo:
        dds = _dds()
        with _lock:
            if not batch:
                dl = dds.deal()
                fut = dds.futureTricks()
                for i in todo:
                    counts[i] = _solve_board(dds, dl, fut, positions[i], 3)
                    results[i] = _read_future(fut)
            else:
                _last_solved[0] = None   # threads of their own: whatever each one keeps
                for start in range(0, len(todo), MAX_BOARDS):
                    chunk = todo[start:start + MAX_BOARDS]
                    bop = dds.boards()
                    bop.noOfBoards = len(chunk)
                    for j, i in enumerate(chunk):
                        _fill_deal(bop.deals[j], positions[i])
                        bop.target[j] = -1
                        bop.solutions[j] = 3
                        bop.mode[j] = 1
                    solved = dds.solvedBoards()
                    dds.SolveAllBoardsBin(bop, solved)
                    for j, i in enumerate(chunk):
                        results[i] = _read_future(solved.solvedBoard[j])
                        counts[i] = int(solved.solvedBoard[j].nodes)
    if nodes is not None:
        nodes.extend(counts)
    return [r if r is not None else {} for r in results]


def solve_best(positions: Sequence[Position], nodes: list[int] | None = None) -> list[int]:
    """The tricks the side to play takes from each position (the current trick included) with
    its best card, in this process: ``SolveBoard`` asked for one card only, several times cheaper
    than :func:`solve_many`'s every card. ``nodes`` as in :func:`solve_many`.

    A position after an opening lead, asked of the player to play next, is what the opening lead
    is worth in that layout."""
    out: list[int] = []
    counts: list[int] = []
    dds = _dds()
    with _lock:
        dl = dds.deal()
        fut = dds.futureTricks()
        for pos in positions:
            if pos.tricks_left == 0:
                out.append(0)
                counts.append(0)
                continue
            counts.append(_solve_board(dds, dl, fut, pos, 1))
            out.append(int(fut.score[0]))
    if nodes is not None:
        nodes.extend(counts)
    return out


def _solve_board(dds: ModuleType, dl: Any, fut: Any, pos: Position, solutions: int) -> int:
    """One ``SolveBoard`` call (the caller holds the lock); the nodes it is counted at."""
    _fill_deal(dl, pos)
    dds.SolveBoard(dl, -1, solutions, 1, fut, 0)
    last = _last_solved[0]
    if last is not None and last[0] == (pos, solutions):
        return last[1]
    count = int(fut.nodes)
    _last_solved[0] = ((pos, solutions), count)
    return count


# -- solvers -----------------------------------------------------------------------------------

class Solver(Protocol):
    """Anything that solves batches of positions (in order)."""

    def solve_many(self, positions: Sequence[Position]) -> list[CardTricks]: ...


class LocalSolver:
    """In-process solving for single-threaded callers (CLI, tests). Calls are serialised."""

    def __init__(self, threads: int | None = None) -> None:
        _dds()  # load the library now, not inside the first (timed) decision
        if threads is not None:
            set_threads(threads)

    def solve_many(self, positions: Sequence[Position]) -> list[CardTricks]:
        return solve_many(positions)

    def solve_counted(self, positions: Sequence[Position]) -> tuple[list[CardTricks], int]:
        """The results and the search nodes they took in all (see :func:`solve_many`)."""
        nodes: list[int] = []
        results = solve_many(positions, nodes=nodes)
        return results, sum(nodes)

    def solve_best_counted(self, positions: Sequence[Position]) -> tuple[list[int], int]:
        """:func:`solve_best`, and the search nodes it took in all."""
        nodes: list[int] = []
        results = solve_best(positions, nodes=nodes)
        return results, sum(nodes)

    def dd_tables(self, deals: Sequence[Deal]) -> list[DDTable]:
        return dd_tables(deals)


def _worker_init(owner: int | None = None) -> None:
    set_threads(1)
    if owner is not None:
        from .lifetime import exit_with

        exit_with(owner)  # a forkserver's child: it would outlive its pool's owner


def _worker_solve(positions: list[Position]) -> list[CardTricks]:
    return solve_many(positions)


def _worker_tables(deals: list[Deal]) -> list[DDTable]:
    return dd_tables(deals)


def _worker_ping() -> int:
    _dds()
    return os.getpid()


class SolverPool:
    """A persistent pool of DDS worker processes (one per core by default; DDS single-threaded in
    each). Use as a context manager or call :meth:`close`.

    ``submit`` sends one batch to one worker and returns a future; ``solve_many`` splits a batch
    into one chunk per worker and waits for all of them.
    """

    def __init__(self, workers: int | None = None, start_method: str | None = None) -> None:
        self.workers = max(1, workers or os.cpu_count() or 1)
        if start_method is None:
            methods = multiprocessing.get_all_start_methods()
            start_method = "forkserver" if "forkserver" in methods else "spawn"
        ctx = multiprocessing.get_context(start_method)
        self._executor = ProcessPoolExecutor(max_workers=self.workers, mp_context=ctx, initializer=_worker_init,
                                             initargs=(os.getpid(),))

    def warm_up(self) -> None:
        """Start every worker and load DDS in each (so the first real call is not slow)."""
        futures = [self._executor.submit(_worker_ping) for _ in range(self.workers * 2)]
        for f in futures:
            f.result()

    def submit(self, positions: Sequence[Position]) -> Future[list[CardTricks]]:
        return self._executor.submit(_worker_solve, list(positions))

    def solve_many(self, positions: Sequence[Position]) -> list[CardTricks]:
        items = list(positions)
        if not items:
            return []
        n = min(self.workers, len(items))
        size = -(-len(items) // n)
        futures = [self.submit(items[i:i + size]) for i in range(0, len(items), size)]
        out: list[CardTricks] = []
        for f in futures:
            out.extend(f.result())
        return out

    def dd_tables(self, deals: Sequence[Deal]) -> list[DDTable]:
        items = list(deals)
        if not items:
            return []
        n = min(self.workers, len(items))
        size = -(-len(items) // n)
        futures = [self._executor.submit(_worker_tables, items[i:i + size]) for i in range(0, len(items), size)]
        out: list[DDTable] = []
        for f in futures:
            out.extend(f.result())
        return out

    def close(self) -> None:
        self._executor.shutdown(wait=True, cancel_futures=True)

    def __enter__(self) -> SolverPool:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


# -- tables and par ----------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class DDTable:
    """Double-dummy tricks for each declarer seat in each strain: ``tricks[strain][seat]``."""

    tricks: tuple[tuple[int, int, int, int], ...]

    def get(self, strain: Strain, declarer: Seat) -> int:
        return self.tricks[strain][declarer]

    def to_dict(self) -> dict[str, dict[str, int]]:
        return {strain.name: {seat.name: self.tricks[strain][seat] for seat in SEATS} for strain in Strain}


def _table_deal(dl: Any, deal: Deal) -> None:
    for seat in range(4):
        m = deal.hands[seat].mask
        row = dl.cards[seat]
        for suit in range(4):
            row[3 - suit] = ((m >> (13 * suit)) & _SUIT_MASK) << 2


def _read_table(res: Any) -> DDTable:
    # DDS resTable[dds_strain][hand], dds strains S H D C NT.
    rows = []
    for strain in range(5):
        dds_strain = 4 if strain == 4 else 3 - strain
        r = res.resTable[dds_strain]
        rows.append((int(r[0]), int(r[1]), int(r[2]), int(r[3])))
    return DDTable(tuple(rows))


def dd_table(deal: Deal) -> DDTable:
    """Makeable tricks for every strain and declarer of a full deal (``CalcDDtable``)."""
    dds = _dds()
    dl = dds.ddTableDeal()
    _table_deal(dl, deal)
    res = dds.ddTableResults()
    with _lock:
        _last_solved[0] = None   # (its own use of the table)
        dds.CalcDDtable(dl, res)
    return _read_table(res)


def dd_tables(deals: Sequence[Deal]) -> list[DDTable]:
    """Tables for many deals (``CalcAllTables``, up to 40 deals per call)."""
    dds = _dds()
    out: list[DDTable] = []
    per_call = dds.MAXNOOFTABLES
    for start in range(0, len(deals), per_call):
        chunk = deals[start:start + per_call]
        if len(chunk) == 1:
            out.append(dd_table(chunk[0]))
            continue
        dls = dds.ddTableDeals()
        dls.noOfTables = len(chunk)
        for j, deal in enumerate(chunk):
            _table_deal(dls.ddTableDeal[j], deal)
        res = dds.ddTablesRes()
        pres = dds.allParResults()
        with _lock:
            _last_solved[0] = None
            dds.CalcAllTables(dls, -1, [0, 0, 0, 0, 0], res, pres)
        out.extend(_read_table(res.results[j]) for j in range(len(chunk)))
    return out


@dataclass(frozen=True, slots=True)
class ParResult:
    """Par (duplicate scoring, WBF): the score signed for N/S and the par contracts with their
    declarers and over/under tricks (negative: a sacrifice going down)."""

    score_ns: int
    contracts: tuple[tuple[Contract, Seat, int], ...]

    def to_dict(self) -> dict[str, Any]:
        def result(n: int) -> str:
            return "=" if n == 0 else (f"+{n}" if n > 0 else str(n))

        return {"score_ns": self.score_ns,
                "contracts": [f"{c}{s.name}{result(n)}" for c, s, n in self.contracts]}


_DDS_VUL = {Vulnerability.NONE: 0, Vulnerability.BOTH: 1, Vulnerability.NS: 2, Vulnerability.EW: 3}
_CONTRACT_DENOM = (Strain.NT, Strain.S, Strain.H, Strain.D, Strain.C)


def par(table: DDTable | Deal, vulnerability: Vulnerability = Vulnerability.NONE,
        dealer: Seat = Seat.N) -> ParResult:
    """The par result of a deal (or of its table), dealer-aware (``DealerParBin``)."""
    if isinstance(table, Deal):
        table = dd_table(table)
    dds = _dds()
    res = dds.ddTableResults()
    for strain in range(5):
        dds_strain = 4 if strain == 4 else 3 - strain
        for seat in range(4):
            res.resTable[dds_strain][seat] = table.tricks[strain][seat]
    pres = dds.parResultsMaster()
    with _lock:
        dds.DealerParBin(res, pres, int(dealer), _DDS_VUL[vulnerability])
    contracts: list[tuple[Contract, Seat, int]] = []
    for i in range(pres.number):
        c = pres.contracts[i]
        strain = _CONTRACT_DENOM[c.denom]
        doubling = Doubling.DOUBLED if c.underTricks > 0 else Doubling.UNDOUBLED
        seats = {4: (Seat.N, Seat.S), 5: (Seat.E, Seat.W)}.get(c.seats, (SEATS[c.seats & 3],))
        result = -c.underTricks if c.underTricks > 0 else c.overTricks
        for seat in seats:
            contracts.append((Contract(c.level, strain, doubling), seat, result))
    return ParResult(int(pres.score), tuple(contracts))


# -- post-deal analysis ------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class CardCost:
    """One card played: ``best`` tricks its side could still win (double dummy) before it,
    ``after`` what remains possible once it is played; ``cost`` = best - after (0 for a DD-best card)."""

    number: int
    seat: Seat
    card: Card
    best: int
    after: int

    @property
    def cost(self) -> int:
        return self.best - self.after

    def to_dict(self) -> dict[str, Any]:
        return {"number": self.number, "seat": self.seat.name, "card": str(self.card),
                "best": self.best, "after": self.after, "cost": self.cost}


@dataclass(frozen=True, slots=True)
class DealAnalysis:
    table: DDTable
    par: ParResult
    costs: tuple[CardCost, ...] = field(default=())

    def tricks_lost(self, side: Side) -> int:
        return sum(c.cost for c in self.costs if c.seat.side is side)

    def to_dict(self) -> dict[str, Any]:
        return {"makeable": self.table.to_dict(), "par": self.par.to_dict(),
                "costs": [c.to_dict() for c in self.costs]}


def trick_costs(deal: Deal, played_cards: Iterable[Card | int], strain: Strain, declarer: Seat,
                solver: Solver | None = None) -> list[CardCost]:
    """The double-dummy trick cost of each card of a play record (solved in one batch)."""
    play = Play(deal, strain, declarer)
    positions: list[Position] = []
    seats: list[Seat] = []
    cards: list[int] = []
    for c in played_cards:
        idx = c if isinstance(c, int) else c.index
        positions.append(Position.from_play(play))
        seats.append(play.turn)
        cards.append(idx)
        play = play.apply_index(idx)
    results = (solver.solve_many(positions) if solver is not None else solve_many(positions))
    out: list[CardCost] = []
    for i, (res, seat, idx) in enumerate(zip(results, seats, cards, strict=True)):
        if res:
            best = max(res.values())
            after = res[idx]
        else:  # last trick: nothing to choose
            best = after = 0
        out.append(CardCost(i + 1, seat, ALL_CARDS[idx], best, after))
    return out


def analyse_deal(deal: Deal, played_cards: Iterable[Card | int], strain: Strain, declarer: Seat,
                 vulnerability: Vulnerability = Vulnerability.NONE, dealer: Seat = Seat.N,
                 solver: Solver | None = None) -> DealAnalysis:
    """Post-deal analysis: makeable contracts per strain and seat, par, and the trick cost of each
    card played (``played_cards`` in playing order; may stop early, e.g. after a claim)."""
    table = dd_table(deal)
    return DealAnalysis(table, par(table, vulnerability, dealer),
                        tuple(trick_costs(deal, played_cards, strain, declarer, solver)))
