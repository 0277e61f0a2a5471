"""The auction as an immutable state machine, parametrised by its players.

Legality has three faces (as in pokerkit): :meth:`Auction.check` raises a specific
:class:`~bazas.engine.errors.IllegalCall` naming the rule, :meth:`Auction.can` answers with a bool,
:meth:`Auction.apply` returns the next state. Legal calls come out in the fixed order
``P, X, XX, 1C ... 7NT``.

The players are the seats that call, in turn order: by default the four seats N, E, S, W, two
partnerships (the Laws of Duplicate Bridge 17-22, seed 004). With fewer players (three-handed
Auction: N, E, S, the dummy hand at W; :mod:`bazas.engine.three_handed`) each player bids for
himself: the rules are the same with each player a side of his own, so a bid followed by a pass
from every other player ends the auction, only another player may double it, only its bidder may
redouble, and the declarer is the last bidder.

>>> a = Auction.from_calls(Seat.N, ["1S", "P", "2S", "X", "XX", "P", "P", "P"])
>>> a.is_complete, str(a.contract), a.declarer
(True, '2SXX', <Seat.N: 0>)
>>> Auction(Seat.S).apply(PASS).apply(PASS).apply(PASS).is_complete
False
>>> [str(c) for c in Auction.from_calls(Seat.N, ["7S"]).legal_calls()]
['P', 'X', '7NT']
>>> three = Auction.from_calls(Seat.S, ["1H", "P", "P"], players=(Seat.N, Seat.E, Seat.S))
>>> three.is_complete, three.declarer, three.seat_of(1)
(True, <Seat.S: 2>, <Seat.N: 0>)
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import ClassVar, Protocol, Self

from .calls import ALL_BIDS, DOUBLE, PASS, REDOUBLE, Bid, Call, Contract, Double, Doubling, Pass, Redouble
from .calls import parse_call as _parse_call
from .errors import GameOver, IllegalCall, WrongTurn
from .seats import SEATS, Seat


class Denominations(Protocol):
    """The denominations of a game that has its own (Royal Auction's royal spades, the nullo):
    its bids in order, lowest first (``bids[i].rank == i``), which denomination a bid names (0 to
    ``count - 1``: the declarer is the first of the side to name it), the contract a bid makes,
    whether the dealer must bid, how a bid must beat the last (``rule``, for messages) and how its
    calls are written. :class:`bazas.engine.rulesets.denominations.Denominations` is one."""

    @property
    def name(self) -> str: ...
    @property
    def count(self) -> int: ...
    @property
    def bids(self) -> tuple[Bid, ...]: ...
    @property
    def dealer_must_bid(self) -> bool: ...
    @property
    def rule(self) -> str: ...
    def key(self, bid: Bid) -> int: ...
    def contract(self, bid: Bid, doubling: Doubling = ...) -> Contract: ...
    def parse_call(self, text: str) -> Call: ...


#: The four players of contract and auction bridge, in calling order.
FOUR_PLAYERS: tuple[Seat, ...] = SEATS


class _Seating:
    """Who calls, from which dealer: shared (never copied) by every state of one auction.

    ``order`` is the players from the dealer on; ``side[seat]`` the side of each seat (the
    partnership N-S = 0 or E-W = 1 with four players, else the player's own place in
    ``players``; -1 for a seat that does not call)."""

    __slots__ = ("players", "dealer", "order", "n", "side", "partnerships", "passes_out")

    def __init__(self, players: tuple[Seat, ...], dealer: Seat) -> None:
        self.players = players
        self.dealer = dealer
        n = len(players)
        start = players.index(dealer)
        self.order = players[start:] + players[:start]
        self.n = n
        self.partnerships = n == 4
        sides = [-1, -1, -1, -1]
        for i, seat in enumerate(players):
            sides[seat] = int(seat.side) if self.partnerships else i
        self.side: tuple[int, ...] = tuple(sides)
        #: passes that end an auction with a bid (a pass from every other player)
        self.passes_out = n - 1


_SEATINGS: dict[tuple[tuple[Seat, ...], Seat], _Seating] = {}


def _seating(players: tuple[Seat, ...], dealer: Seat) -> _Seating:
    found = _SEATINGS.get((players, dealer))
    if found is None:
        if len(players) < 2 or len(set(players)) != len(players) or not all(isinstance(p, Seat) for p in players):
            raise ValueError(f"players must be two to four distinct seats, not {players!r}")
        if dealer not in players:
            names = ", ".join(p.name for p in players[:-1]) + " and " + players[-1].name
            raise WrongTurn(f"{dealer.name} does not call, so cannot deal: the players are {names}")
        found = _SEATINGS[(players, dealer)] = _Seating(players, dealer)
    return found


class Auction:
    """The calls made so far from ``dealer`` by ``players`` (the seats that call, in turn order;
    N, E, S, W by default). Immutable: :meth:`apply` returns a new auction."""

    __slots__ = ("dealer", "calls", "_seats", "_den", "_last_bid", "_last_bidder", "_doubling", "_passes",
                 "_first_namer")

    #: The players when none are given (a subclass may change it; see ``ThreeHandedAuction``).
    DEFAULT_PLAYERS: ClassVar[tuple[Seat, ...]] = FOUR_PLAYERS

    dealer: Seat
    calls: tuple[Call, ...]
    _seats: _Seating
    _last_bid: Bid | None
    _last_bidder: Seat | None
    _doubling: Doubling
    _passes: int
    # (side, strain) -> first seat of that side to name that strain, flattened to 5 entries a side.
    _first_namer: tuple[Seat | None, ...]

    def __init__(self, dealer: Seat, players: Iterable[Seat] | None = None,
                 denominations: Denominations | None = None) -> None:
        seating = _seating(self.DEFAULT_PLAYERS if players is None else tuple(players), dealer)
        self.dealer = dealer
        self.calls = ()
        self._seats = seating
        self._den = denominations
        self._last_bid = None
        self._last_bidder = None
        self._doubling = Doubling.UNDOUBLED
        self._passes = 0
        width = 5 if denominations is None else denominations.count
        self._first_namer = (None,) * (width * (2 if seating.partnerships else seating.n))

    @classmethod
    def from_calls(cls, dealer: Seat, calls: Iterable[Call | str], players: Iterable[Seat] | None = None,
                   denominations: Denominations | None = None) -> Self:
        """Replay ``calls`` (values or text) from ``dealer``; raises on the first illegal one."""
        # (a subclass may take only the dealer and the players: pass the set only when there is one)
        auction = cls(dealer, players) if denominations is None else cls(dealer, players, denominations=denominations)
        parse = _parse_call if denominations is None else denominations.parse_call
        for i, c in enumerate(calls):
            call = parse(c) if isinstance(c, str) else c
            try:
                auction = auction.apply(call)
            except (IllegalCall, GameOver) as exc:
                raise type(exc)(f"call {i + 1} ({call}): {exc}") from None
        return auction

    # -- state ---------------------------------------------------------------------------------
    @property
    def players(self) -> tuple[Seat, ...]:
        """The seats that call, in turn order."""
        return self._seats.players

    @property
    def partnerships(self) -> bool:
        """True when the players bid in two partnerships (four players); False when each player
        bids for himself."""
        return self._seats.partnerships

    @property
    def turn(self) -> Seat:
        """The seat whose turn it is to call."""
        s = self._seats
        return s.order[len(self.calls) % s.n]

    @property
    def is_complete(self) -> bool:
        """A bid followed by a pass from every other player (a double or redouble since counts
        as the last call); or every player passing at the start."""
        if self._last_bid is None:
            return self._passes > self._seats.passes_out
        return self._passes >= self._seats.passes_out

    @property
    def is_passed_out(self) -> bool:
        return self._last_bid is None and self._passes > self._seats.passes_out

    @property
    def last_bid(self) -> Bid | None:
        return self._last_bid

    @property
    def last_bidder(self) -> Seat | None:
        return self._last_bidder

    @property
    def doubling(self) -> Doubling:
        return self._doubling

    @property
    def doubler(self) -> Seat | None:
        """The seat that doubled the last bid (None if it is undoubled)."""
        if self._doubling is Doubling.UNDOUBLED:
            return None
        for i in range(len(self.calls) - 1, -1, -1):
            if isinstance(self.calls[i], Double):
                return self.seat_of(i)
        raise AssertionError("a doubled auction has a double")  # pragma: no cover

    @property
    def contract(self) -> Contract | None:
        """The final contract once the auction is complete (None while open or when passed out)."""
        if not self.is_complete or self._last_bid is None:
            return None
        return self._contract(self._last_bid)

    def _contract(self, bid: Bid) -> Contract:
        if self._den is None:
            return Contract(bid.level, bid.strain, self._doubling)
        return self._den.contract(bid, self._doubling)

    def _key(self, bidder: Seat, bid: Bid) -> int:
        """Index of (bidder's side, bid's denomination) in ``_first_namer``."""
        if self._den is None:
            return self._seats.side[bidder] * 5 + bid.strain
        return self._seats.side[bidder] * self._den.count + self._den.key(bid)

    @property
    def declarer(self) -> Seat | None:
        """First member of the side that made the final bid to name its strain (Law 53A/ seeds);
        when each player bids for himself, the last bidder."""
        if not self.is_complete or self._last_bid is None or self._last_bidder is None:
            return None
        return self._first_namer[self._key(self._last_bidder, self._last_bid)]

    def current_contract(self) -> tuple[Contract, Seat] | None:
        """The contract and declarer if the auction ended now (for bots and displays)."""
        if self._last_bid is None or self._last_bidder is None:
            return None
        declarer = self._first_namer[self._key(self._last_bidder, self._last_bid)]
        assert declarer is not None
        return self._contract(self._last_bid), declarer

    def seat_of(self, index: int) -> Seat:
        """The seat that made call number ``index`` (0-based)."""
        s = self._seats
        return s.order[index % s.n]

    def state_key(self) -> tuple[int, int, int, int]:
        """What determines the future of the auction: (last bid rank or -1, doubling, which
        side made the last bid relative to the player to call (0 same, 1 other, -1 none),
        passes in a row). Two auctions by the same players with equal keys have the same
        continuations."""
        if self._last_bid is None:
            return (-1, 1, -1, self._passes)
        assert self._last_bidder is not None
        side = self._seats.side
        rel = int(side[self._last_bidder] != side[self.turn])
        return (self._last_bid.rank, int(self._doubling), rel, self._passes)

    # -- legality ------------------------------------------------------------------------------
    def check(self, call: Call, seat: Seat | None = None) -> None:
        """Raise :class:`IllegalCall` (or :class:`GameOver`, or WrongTurn) unless ``call`` is legal
        now (by ``seat``, when given)."""
        if self.is_complete:
            raise GameOver("the auction is over")
        turn = self.turn
        if seat is not None and seat != turn:
            raise WrongTurn(f"it is {turn.name}'s turn to call, not {seat.name}'s")
        den = self._den
        if isinstance(call, Pass):
            if den is not None and den.dealer_must_bid and not self.calls:
                raise IllegalCall(f"the dealer must bid in {den.name} (Whist Club Law 42)")
            return
        laws = self._seats.partnerships  # the Laws' numbers are cited for the four-player game
        if isinstance(call, Bid):
            bids = ALL_BIDS if den is None else den.bids
            if not 0 <= call.rank < len(bids) or bids[call.rank] != call:
                raise IllegalCall(f"{call} is not a bid of this game")
            if self._last_bid is not None and call.rank <= self._last_bid.rank:
                rule = "a higher level, or the same level in a higher strain; Law 18" if den is None else den.rule
                raise IllegalCall(
                    f"{call} is insufficient: it must outrank the last bid, {self._last_bid}"
                    + (f" ({rule})" if laws or den is not None else "")
                )
            return
        if isinstance(call, Double):
            if self._last_bid is None:
                raise IllegalCall("double: there is no bid to double" + (" (Law 19A1)" if laws else ""))
            assert self._last_bidder is not None
            if self._doubling is not Doubling.UNDOUBLED:
                raise IllegalCall(f"double: {self._last_bid} is already doubled" + (" (Law 19A1)" if laws else ""))
            side = self._seats.side
            if side[self._last_bidder] == side[turn]:
                raise IllegalCall(
                    f"double: {self._last_bid} was bid by your own side (Law 19A1)" if laws
                    else f"double: {self._last_bid} is your own bid"
                )
            return
        if isinstance(call, Redouble):
            if self._doubling is not Doubling.DOUBLED:
                raise IllegalCall(
                    "redouble: only the last call other than pass being a double may be redoubled (Law 19B1)"
                    if laws else "redouble: only a doubled bid followed by passes may be redoubled"
                )
            assert self._last_bidder is not None
            side = self._seats.side
            if side[self._last_bidder] != side[turn]:
                raise IllegalCall(
                    "redouble: only the side whose bid was doubled may redouble (Law 19B1)" if laws
                    else "redouble: only the player whose bid was doubled may redouble"
                )
            return
        raise IllegalCall(f"not a call: {call!r}")  # pragma: no cover

    def can(self, call: Call, seat: Seat | None = None) -> bool:
        try:
            self.check(call, seat)
        except (IllegalCall, GameOver, ValueError):
            return False
        return True

    def legal_calls(self) -> list[Call]:
        """Every legal call, in the fixed order P, X, XX, then bids from lowest to highest."""
        if self.is_complete:
            return []
        den = self._den
        bids = ALL_BIDS if den is None else den.bids
        out: list[Call] = [] if den is not None and den.dealer_must_bid and not self.calls else [PASS]
        if self._last_bid is not None:
            assert self._last_bidder is not None
            s = self._seats
            side = s.side
            same_side = side[self._last_bidder] == side[s.order[len(self.calls) % s.n]]
            if self._doubling is Doubling.UNDOUBLED and not same_side:
                out.append(DOUBLE)
            elif self._doubling is Doubling.DOUBLED and same_side:
                out.append(REDOUBLE)
            out.extend(bids[self._last_bid.rank + 1:])
        else:
            out.extend(bids)
        return out

    def apply(self, call: Call, seat: Seat | None = None) -> Self:
        """The auction after ``call``; raises (and changes nothing) if it is illegal."""
        self.check(call, seat)
        nxt = object.__new__(self.__class__)
        nxt.dealer = self.dealer
        nxt.calls = (*self.calls, call)
        nxt._seats = self._seats
        nxt._den = self._den
        nxt._last_bid = self._last_bid
        nxt._last_bidder = self._last_bidder
        nxt._doubling = self._doubling
        nxt._first_namer = self._first_namer
        if isinstance(call, Pass):
            nxt._passes = self._passes + 1
            return nxt
        nxt._passes = 0
        if isinstance(call, Bid):
            turn = self.turn
            nxt._last_bid = call
            nxt._last_bidder = turn
            nxt._doubling = Doubling.UNDOUBLED
            key = self._key(turn, call)
            if self._first_namer[key] is None:
                namers = list(self._first_namer)
                namers[key] = turn
                nxt._first_namer = tuple(namers)
        elif isinstance(call, Double):
            nxt._doubling = Doubling.DOUBLED
        else:
            nxt._doubling = Doubling.REDOUBLED
        return nxt

    def undo(self) -> Self:
        """The auction without its last call."""
        return self.from_calls(self.dealer, self.calls[:-1], self._seats.players, self._den)

    # -- values --------------------------------------------------------------------------------
    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Auction) and self.dealer == other.dealer and self.calls == other.calls
            and self._seats.players == other._seats.players and self._den is other._den
        )

    def __hash__(self) -> int:
        return hash((self.dealer, self.calls))

    def __iter__(self) -> Iterator[Call]:
        return iter(self.calls)

    def __len__(self) -> int:
        return len(self.calls)

    def __repr__(self) -> str:
        players = self._seats.players
        extra = "" if players == self.DEFAULT_PLAYERS else f", players=({', '.join(f'Seat.{p.name}' for p in players)})"
        return f"{type(self).__name__}.from_calls(Seat.{self.dealer.name}, {[str(c) for c in self.calls]!r}{extra})"

    def rows(self) -> list[list[Call | None]]:
        """The auction as a grid with one column per player, in calling order (N, E, S, W by
        default), and None before the dealer's first call."""
        s = self._seats
        n = s.n
        cells: list[Call | None] = [None] * s.players.index(self.dealer) + list(self.calls)
        return [cells[i:i + n] + [None] * (n - len(cells[i:i + n])) for i in range(0, len(cells), n)]
