"""The auction as an immutable state machine.

Legality has three faces (as in pokerkit): :meth:`Auction.check` raises a specific
:class:`~bazas.engine.errors.IllegalCall` naming the rule, :meth:`Auction.can` answers with a bool,
:meth:`Auction.apply` returns the next state. Legal calls come out in the fixed order
``P, X, XX, 1C ... 7NT``.

>>> a = Auction.from_calls(Seat.N, ["1S", "P", "2S", "X", "XX", "P", "P", "P"])
>>> a.is_complete, str(a.contract), a.declarer
(True, '2SXX', <Seat.N: 0>)
>>> Auction(Seat.S).apply(PASS).apply(PASS).apply(PASS).is_complete
False
>>> [str(c) for c in Auction.from_calls(Seat.N, ["7S"]).legal_calls()]
['P', 'X', '7NT']
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from .calls import ALL_BIDS, DOUBLE, PASS, REDOUBLE, Bid, Call, Contract, Double, Doubling, Pass, Redouble
from .calls import parse_call as _parse_call
from .errors import GameOver, IllegalCall, WrongTurn
from .seats import Seat


class Auction:
    """The calls made so far from ``dealer``. Immutable: :meth:`apply` returns a new auction."""

    __slots__ = ("dealer", "calls", "_last_bid", "_last_bidder", "_doubling", "_passes", "_first_namer")

    dealer: Seat
    calls: tuple[Call, ...]
    _last_bid: Bid | None
    _last_bidder: Seat | None
    _doubling: Doubling
    _passes: int
    # (side, strain) -> first seat of that side to name that strain, flattened to 10 entries.
    _first_namer: tuple[Seat | None, ...]

    def __init__(self, dealer: Seat) -> None:
        self.dealer = dealer
        self.calls = ()
        self._last_bid = None
        self._last_bidder = None
        self._doubling = Doubling.UNDOUBLED
        self._passes = 0
        self._first_namer = (None,) * 10

    @classmethod
    def from_calls(cls, dealer: Seat, calls: Iterable[Call | str]) -> Auction:
        """Replay ``calls`` (values or text) from ``dealer``; raises on the first illegal one."""
        auction = cls(dealer)
        for i, c in enumerate(calls):
            call = _parse_call(c) if isinstance(c, str) else c
            try:
                auction = auction.apply(call)
            except (IllegalCall, GameOver) as exc:
                raise type(exc)(f"call {i + 1} ({call}): {exc}") from None
        return auction

    # -- state ---------------------------------------------------------------------------------
    @property
    def turn(self) -> Seat:
        """The seat whose turn it is to call."""
        return self.dealer.after(len(self.calls))

    @property
    def is_complete(self) -> bool:
        if self._last_bid is None:
            return self._passes >= 4
        return self._passes >= 3

    @property
    def is_passed_out(self) -> bool:
        return self._last_bid is None and self._passes >= 4

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
    def contract(self) -> Contract | None:
        """The final contract once the auction is complete (None while open or when passed out)."""
        if not self.is_complete or self._last_bid is None:
            return None
        return Contract(self._last_bid.level, self._last_bid.strain, self._doubling)

    @property
    def declarer(self) -> Seat | None:
        """First member of the side that made the final bid to name its strain (Law 53A/ seeds)."""
        if not self.is_complete or self._last_bid is None or self._last_bidder is None:
            return None
        return self._first_namer[self._last_bidder.side * 5 + self._last_bid.strain]

    def current_contract(self) -> tuple[Contract, Seat] | None:
        """The contract and declarer if the auction ended now (for bots and displays)."""
        if self._last_bid is None or self._last_bidder is None:
            return None
        declarer = self._first_namer[self._last_bidder.side * 5 + self._last_bid.strain]
        assert declarer is not None
        return Contract(self._last_bid.level, self._last_bid.strain, self._doubling), declarer

    def seat_of(self, index: int) -> Seat:
        """The seat that made call number ``index`` (0-based)."""
        return self.dealer.after(index)

    def state_key(self) -> tuple[int, int, int, int]:
        """What determines the future of the auction: (last bid rank or -1, doubling, which
        side made the last bid relative to the player to call (0 same, 1 other, -1 none),
        passes in a row). Two auctions with equal keys have the same continuations."""
        if self._last_bid is None:
            return (-1, 1, -1, self._passes)
        assert self._last_bidder is not None
        rel = int(self._last_bidder.side != self.turn.side)
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
        if isinstance(call, Pass):
            return
        if isinstance(call, Bid):
            if self._last_bid is not None and call.rank <= self._last_bid.rank:
                raise IllegalCall(
                    f"{call} is insufficient: it must outrank the last bid, {self._last_bid} "
                    "(a higher level, or the same level in a higher strain; Law 18)"
                )
            return
        if isinstance(call, Double):
            if self._last_bid is None:
                raise IllegalCall("double: there is no bid to double (Law 19A1)")
            assert self._last_bidder is not None
            if self._doubling is not Doubling.UNDOUBLED:
                raise IllegalCall(f"double: {self._last_bid} is already doubled (Law 19A1)")
            if self._last_bidder.side == turn.side:
                raise IllegalCall(f"double: {self._last_bid} was bid by your own side (Law 19A1)")
            return
        if isinstance(call, Redouble):
            if self._doubling is not Doubling.DOUBLED:
                raise IllegalCall("redouble: only the last call other than pass being a double may be redoubled (Law 19B1)")
            assert self._last_bidder is not None
            if self._last_bidder.side != turn.side:
                raise IllegalCall("redouble: only the side whose bid was doubled may redouble (Law 19B1)")
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
        out: list[Call] = [PASS]
        if self._last_bid is not None:
            assert self._last_bidder is not None
            same_side = self._last_bidder.side == self.turn.side
            if self._doubling is Doubling.UNDOUBLED and not same_side:
                out.append(DOUBLE)
            elif self._doubling is Doubling.DOUBLED and same_side:
                out.append(REDOUBLE)
            out.extend(ALL_BIDS[self._last_bid.rank + 1:])
        else:
            out.extend(ALL_BIDS)
        return out

    def apply(self, call: Call, seat: Seat | None = None) -> Auction:
        """The auction after ``call``; raises (and changes nothing) if it is illegal."""
        self.check(call, seat)
        nxt = object.__new__(Auction)
        nxt.dealer = self.dealer
        nxt.calls = (*self.calls, call)
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
            key = turn.side * 5 + call.strain
            if self._first_namer[key] is None:
                namers = list(self._first_namer)
                namers[key] = turn
                nxt._first_namer = tuple(namers)
        elif isinstance(call, Double):
            nxt._doubling = Doubling.DOUBLED
        else:
            nxt._doubling = Doubling.REDOUBLED
        return nxt

    def undo(self) -> Auction:
        """The auction without its last call."""
        return Auction.from_calls(self.dealer, self.calls[:-1])

    # -- values --------------------------------------------------------------------------------
    def __eq__(self, other: object) -> bool:
        return isinstance(other, Auction) and self.dealer == other.dealer and self.calls == other.calls

    def __hash__(self) -> int:
        return hash((self.dealer, self.calls))

    def __iter__(self) -> Iterator[Call]:
        return iter(self.calls)

    def __len__(self) -> int:
        return len(self.calls)

    def __repr__(self) -> str:
        return f"Auction.from_calls(Seat.{self.dealer.name}, {[str(c) for c in self.calls]!r})"

    def rows(self) -> list[list[Call | None]]:
        """The auction as a grid with columns N, E, S, W (None before the dealer's first call)."""
        cells: list[Call | None] = [None] * int(self.dealer) + list(self.calls)
        return [cells[i:i + 4] + [None] * (4 - len(cells[i:i + 4])) for i in range(0, len(cells), 4)]

