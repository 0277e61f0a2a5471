"""A whole deal's state: the deal, the auction, then the play.

Every change goes through :meth:`DealState.apply`, which returns a :class:`Transition` record
(before, action, after, events), like pokerkit's operations. A state is rebuilt exactly from its
deal, dealer and action history (``to_record`` / ``from_record``), which is how the server stores
and resumes games.

>>> from bazas.engine.deal import Deal
>>> d = Deal.from_pbn("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765")
>>> s = DealState.start(d, Seat.N)
>>> for a in ["1S", "P", "P", "P", "CA"]:
...     s = s.apply(parse_action(a)).after
>>> s.phase, s.turn, s.actor, str(s.contract), s.declarer
('play', <Seat.S: 2>, <Seat.N: 0>, '1S', <Seat.N: 0>)
>>> DealState.from_record(s.to_record()) == s
True
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal, TypeAlias

from .auction import Auction
from .calls import Bid, Call, Contract, Double, Pass, Redouble, Strain, parse_call
from .cards import Card
from .deal import Deal
from .errors import GameOver, InvalidClaim, InvalidNotation
from .play import Play
from .rulesets.denominations import Denominations, ScaleBid
from .seats import Seat, Side

Phase = Literal["auction", "play", "done"]


@dataclass(frozen=True, slots=True)
class ClaimAction:
    """``seat`` claims ``tricks`` of the tricks left for its side; ``accepted`` if the other side
    agreed (otherwise the engine must have verified it)."""

    seat: Seat
    tricks: int

    def __str__(self) -> str:
        return f"CLAIM:{self.seat.name}:{self.tricks}"


Action: TypeAlias = Call | Card | ClaimAction


def parse_action(text: str, denominations: Denominations | None = None) -> Action:
    """``1S``/``P``/``X`` → a call, ``SA``/``H10`` → a card, ``CLAIM:S:3`` → a claim. With a game's
    ``denominations`` its own bids are read too (``2RS``, ``1NU``: Royal Auction, nullos)."""
    t = text.strip()
    if denominations is not None and t[:1] in tuple("1234567") and len(t) > 1:
        return denominations.parse_call(t)
    if t.upper().startswith("CLAIM:"):
        parts = t.split(":")
        if len(parts) != 3 or not parts[2].isdigit():
            raise InvalidNotation(f"not a claim: {text!r} (expected CLAIM:<seat>:<tricks>)")
        return ClaimAction(Seat.parse(parts[1]), int(parts[2]))
    try:
        return parse_call(t)
    except InvalidNotation:
        pass
    try:
        return Card.parse(t)
    except InvalidNotation:
        pass
    if t[:1] in tuple("1234567"):
        # a bid in another game's denomination (2RS, 1NU): the deal state maps it to its game's bid
        from .rulesets.denominations import every_denomination

        try:
            return every_denomination().parse_call(t)
        except InvalidNotation:
            pass
    raise InvalidNotation(f"not a call, card or claim: {text!r}")


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened, for logs and clients: kind and plain data."""

    kind: str
    data: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Transition:
    before: DealState
    action: Action
    seat: Seat
    after: DealState
    events: tuple[Event, ...]


class DealState:
    """Deal + auction + play. Immutable."""

    __slots__ = ("deal", "dealer", "auction", "play", "actions", "denominations")

    deal: Deal
    dealer: Seat
    auction: Auction
    play: Play | None
    actions: tuple[Action, ...]
    #: The game's own denominations (Royal Auction, nullos; issue 11), None for the five strains.
    denominations: Denominations | None

    def __init__(self, deal: Deal, dealer: Seat, auction: Auction, play: Play | None,
                 actions: tuple[Action, ...], denominations: Denominations | None = None) -> None:
        self.deal = deal
        self.dealer = dealer
        self.auction = auction
        self.play = play
        self.actions = actions
        self.denominations = denominations

    @classmethod
    def start(cls, deal: Deal, dealer: Seat, denominations: Denominations | None = None) -> DealState:
        """A new deal from ``dealer``; ``denominations``: the game's own (Royal Auction's six, the
        nullo), whose bids the auction then takes. A contract in one is played in its card-play
        strain (royal spades: spades trumps; a nullo: no trumps, issue 11)."""
        auction = Auction(dealer) if denominations is None else Auction(dealer, denominations=denominations)
        return cls(deal, dealer, auction, None, (), denominations)

    # -- state ---------------------------------------------------------------------------------
    @property
    def phase(self) -> Phase:
        if not self.auction.is_complete:
            return "auction"
        if self.play is None or self.play.is_complete:
            return "done"
        return "play"

    @property
    def turn(self) -> Seat | None:
        """The seat whose call or card is due (dummy's seat when dummy is to play)."""
        if self.phase == "auction":
            return self.auction.turn
        if self.phase == "play":
            assert self.play is not None
            return self.play.turn
        return None

    @property
    def actor(self) -> Seat | None:
        """The seat that must act now: declarer when dummy is to play."""
        if self.phase == "play":
            assert self.play is not None
            return self.play.controller(self.play.turn)
        return self.turn

    @property
    def contract(self) -> Contract | None:
        return self.auction.contract

    @property
    def declarer(self) -> Seat | None:
        return self.auction.declarer

    @property
    def is_passed_out(self) -> bool:
        return self.auction.is_passed_out

    @property
    def declarer_tricks(self) -> int | None:
        """Tricks won by declarer's side once play has ended."""
        if self.phase != "done" or self.play is None:
            return None
        return self.play.declarer_tricks

    def legal_actions(self) -> list[Action]:
        if self.phase == "auction":
            return list(self.auction.legal_calls())
        if self.phase == "play":
            assert self.play is not None
            return list(self.play.legal_cards())
        return []

    # -- legality ------------------------------------------------------------------------------
    def native(self, action: Action) -> Action:
        """``action`` as this game writes it: a bid read without the game's denominations (``1S``
        parsed as a plain bid, ``2RS`` from a record) becomes the game's own bid of that level and
        denomination; anything else is returned as is."""
        den = self.denominations
        if den is None or not isinstance(action, Bid):
            return action
        if isinstance(action, ScaleBid):
            if den.has(action):
                return action
            return den.bid(action.level, action.denomination.code)
        return den.bid(action.level, Strain(action.strain).name if action.strain != Strain.NT else "NT")

    def check(self, action: Action, seat: Seat | None = None) -> None:
        action = self.native(action)
        phase = self.phase
        if phase == "done":
            raise GameOver("the deal is over")
        if isinstance(action, Bid | Pass | Double | Redouble):
            if phase != "auction":
                raise GameOver(f"the auction is over; {action} is a call, a card is due")
            self.auction.check(action, seat)
            return
        if isinstance(action, Card):
            if phase != "play":
                raise GameOver(f"{action} is a card, but the auction is still on")
            assert self.play is not None
            self.play.check(action, seat)
            return
        if isinstance(action, ClaimAction):
            if phase != "play":
                raise InvalidClaim("claims are made during the play")
            assert self.play is not None
            if seat is not None and seat != action.seat:
                raise InvalidClaim(f"{seat.name} cannot claim for {action.seat.name}")
            if action.seat == self.play.dummy:
                raise InvalidClaim("dummy does not claim; declarer does")
            if not 0 <= action.tricks <= self.play.tricks_left:
                raise InvalidClaim(f"a claim must be between 0 and {self.play.tricks_left} tricks")
            return
        raise InvalidNotation(f"not an action: {action!r}")  # pragma: no cover

    def can(self, action: Action, seat: Seat | None = None) -> bool:
        try:
            self.check(action, seat)
        except ValueError:
            return False
        return True

    def apply(self, action: Action, seat: Seat | None = None) -> Transition:
        """Apply ``action`` (by ``seat`` if given: dummy's cards come from declarer).
        A claim passed here is final (accepted or verified by the caller)."""
        action = self.native(action)
        self.check(action, seat)
        actor = self.actor
        assert actor is not None
        events: list[Event] = []
        auction, play = self.auction, self.play
        if isinstance(action, Bid | Pass | Double | Redouble):
            mover = self.auction.turn
            auction = auction.apply(action)
            events.append(Event("call", {"seat": mover.name, "call": str(action)}))
            if auction.is_complete:
                if auction.is_passed_out:
                    events.append(Event("passed_out"))
                else:
                    contract, declarer = auction.contract, auction.declarer
                    assert contract is not None and declarer is not None
                    play = Play(self.deal, contract.strain, declarer)
                    events.append(Event("auction_end", {"contract": str(contract), "declarer": declarer.name}))
        elif isinstance(action, Card):
            assert play is not None
            mover = play.turn
            before_tricks = len(play.tricks)
            play = play.apply(action)
            events.append(Event("card", {"seat": mover.name, "card": str(action)}))
            if len(play.played) == 1:
                events.append(Event("dummy_exposed", {"seat": play.dummy.name}))
            if len(play.tricks) > before_tricks:
                t = play.tricks[-1]
                events.append(Event("trick", {"winner": t.winner.name, "number": len(play.tricks)}))
        else:
            assert play is not None
            mover = action.seat
            play = play.apply_claim(action.seat, action.tricks)
            events.append(Event("claim", {"seat": action.seat.name, "tricks": action.tricks}))
        after = DealState(self.deal, self.dealer, auction, play, (*self.actions, action), self.denominations)
        if after.phase == "done" and not auction.is_passed_out:
            events.append(Event("deal_end", {"declarer_tricks": after.declarer_tricks}))
        return Transition(self, action, mover if not isinstance(action, ClaimAction) else actor,
                          after, tuple(events))

    def undo(self) -> DealState:
        """The state without its last action."""
        if not self.actions:
            raise GameOver("nothing to undo")
        return DealState.replay(self.deal, self.dealer, self.actions[:-1], self.denominations)

    # -- records -------------------------------------------------------------------------------
    @classmethod
    def replay(cls, deal: Deal, dealer: Seat, actions: tuple[Action, ...] | list[Action],
               denominations: Denominations | None = None) -> DealState:
        state = cls.start(deal, dealer, denominations)
        for i, action in enumerate(actions):
            try:
                state = state.apply(action).after
            except ValueError as exc:
                raise type(exc)(f"action {i + 1} ({action}): {exc}") from None
        return state

    def to_record(self) -> dict[str, Any]:
        record: dict[str, Any] = {"deal": self.deal.to_pbn(), "dealer": self.dealer.name,
                                  "actions": [str(a) for a in self.actions]}
        if self.denominations is not None:  # the game's own (issue 11), so the record replays alone
            record["denominations"] = self.denominations.name
        return record

    @classmethod
    def from_record(cls, record: dict[str, Any], denominations: Denominations | None = None) -> DealState:
        """The state of a record (``denominations``: the game's own, as given to :meth:`start`;
        else those the record names, as :meth:`to_record` writes them).

        >>> import random
        >>> from .deal import deal_random
        >>> from .rulesets.denominations import ROYAL_AUCTION_DENOMINATIONS as R
        >>> s = DealState.start(deal_random(random.Random(1)), Seat.N, R).apply(parse_action("1RS", R)).after
        >>> back = DealState.from_record(s.to_record())
        >>> back == s, back.denominations is R, s.to_record()["denominations"]
        (True, True, 'Royal Auction Bridge')
        """
        if denominations is None and record.get("denominations"):
            from .rulesets.denominations import named

            denominations = named(str(record["denominations"]))
        deal = Deal.from_pbn(str(record["deal"]))
        dealer = Seat.parse(str(record["dealer"]))
        return cls.replay(deal, dealer, [parse_action(str(a), denominations) for a in record.get("actions", [])],
                          denominations)

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, DealState) and self.deal == other.deal and self.dealer == other.dealer
                and self.actions == other.actions and self.denominations is other.denominations)

    def __hash__(self) -> int:
        return hash((self.deal, self.dealer, self.actions))

    def __repr__(self) -> str:
        return f"DealState.from_record({self.to_record()!r})"

    def winner_side_of_tricks(self) -> tuple[int, int]:
        """Tricks won so far by (NS, EW)."""
        if self.play is None:
            return (0, 0)
        return (self.play.tricks_won(Side.NS), self.play.tricks_won(Side.EW))
