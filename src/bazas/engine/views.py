"""What one seat (or a spectator) may see of a deal: one function, tested on its own.

A seat sees its own hand; dummy's hand once the opening lead is faced; every call and every card
played; and all four original hands only when the deal is over. A spectator (``seat=None``) sees
calls, played cards and dummy, never a hidden hand until the end.

>>> from bazas.engine.deal import Deal
>>> from bazas.engine.state import parse_action
>>> d = Deal.from_pbn("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765")
>>> s = DealState.start(d, Seat.N)
>>> v = view_of(s, Seat.E)
>>> v.hand is not None and v.hand.to_pbn(), v.dummy_hand, v.all_hands
('T98.765.432.AKQJ', None, None)
>>> view_of(s, None).hand is None
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .cards import Card, Hand
from .deal import Deal
from .seats import SEATS, Seat
from .state import Action, DealState, Phase


@dataclass(frozen=True, slots=True)
class TrickView:
    leader: Seat
    cards: tuple[tuple[Seat, Card], ...]
    winner: Seat | None


@dataclass(frozen=True, slots=True)
class SeatView:
    """Everything ``seat`` may know now (``seat`` None: a spectator)."""

    seat: Seat | None
    dealer: Seat
    phase: Phase
    calls: tuple[str, ...]
    turn: Seat | None
    actor: Seat | None
    contract: str | None
    declarer: Seat | None
    dummy: Seat | None
    hand: Hand | None
    original_hand: Hand | None
    dummy_hand: Hand | None
    tricks: tuple[TrickView, ...]
    current: TrickView | None
    won: tuple[int, int]
    legal: tuple[Action, ...]
    all_hands: Deal | None
    passed_out: bool

    def to_dict(self) -> dict[str, Any]:
        def trick(t: TrickView | None) -> dict[str, Any] | None:
            if t is None:
                return None
            return {"leader": t.leader.name, "cards": [[s.name, str(c)] for s, c in t.cards],
                    "winner": t.winner.name if t.winner is not None else None}

        return {
            "seat": self.seat.name if self.seat is not None else None,
            "dealer": self.dealer.name,
            "phase": self.phase,
            "calls": list(self.calls),
            "turn": self.turn.name if self.turn is not None else None,
            "actor": self.actor.name if self.actor is not None else None,
            "contract": self.contract,
            "declarer": self.declarer.name if self.declarer is not None else None,
            "dummy": self.dummy.name if self.dummy is not None else None,
            "hand": [str(c) for c in self.hand] if self.hand is not None else None,
            "original_hand": [str(c) for c in self.original_hand] if self.original_hand is not None else None,
            "dummy_hand": [str(c) for c in self.dummy_hand] if self.dummy_hand is not None else None,
            "tricks": [trick(t) for t in self.tricks],
            "current": trick(self.current),
            "won": {"NS": self.won[0], "EW": self.won[1]},
            "legal": [str(a) for a in self.legal],
            "all_hands": ({s.name: [str(c) for c in self.all_hands.hand(s)] for s in SEATS}
                          if self.all_hands is not None else None),
            "passed_out": self.passed_out,
        }

    def visible_cards(self) -> set[Card]:
        """Every card this view reveals (hands, dummy, played cards, all hands): for audits."""
        out: set[Card] = set()
        for h in (self.hand, self.original_hand, self.dummy_hand):
            if h is not None:
                out.update(h)
        for t in (*self.tricks, *(() if self.current is None else (self.current,))):
            out.update(c for _, c in t.cards)
        if self.all_hands is not None:
            for s in SEATS:
                out.update(self.all_hands.hand(s))
        return out


def view_of(state: DealState, seat: Seat | None) -> SeatView:
    """The observation of ``seat`` (None: spectator)."""
    play = state.play
    dummy = play.dummy if play is not None else None
    hand = original = dummy_hand = None
    if seat is not None:
        original = state.deal.hand(seat)
        hand = play.remaining(seat) if play is not None else original
    if play is not None and dummy is not None and play.dummy_exposed:
        dummy_hand = play.remaining(dummy)
    tricks: tuple[TrickView, ...] = ()
    current = None
    won = (0, 0)
    if play is not None:
        tricks = tuple(TrickView(t.leader, tuple((t.leader.after(i), c) for i, c in enumerate(t.cards)), t.winner)
                       for t in play.tricks)
        if play.current:
            current = TrickView(play.leader, tuple(play.current_trick()), None)
        won = (play.won[0], play.won[1])
    return view_with(state, seat, dummy=dummy, hand=hand, original_hand=original, dummy_hand=dummy_hand,
                     tricks=tricks, current=current, won=won)


def view_with(state: DealState, seat: Seat | None, *, dummy: Seat | None, hand: Hand | None,
              original_hand: Hand | None, dummy_hand: Hand | None, tricks: tuple[TrickView, ...],
              current: TrickView | None, won: tuple[int, int]) -> SeatView:
    """The view of ``seat`` with the cards it sees as given (by :func:`view_of`, or in the players'
    seats of a three-handed deal); the rest -- the auction, whose turn, the legal actions when it
    is ``seat``'s, every hand once the deal is over -- as ``state`` says."""
    phase = state.phase
    actor = state.actor
    legal: tuple[Action, ...] = tuple(state.legal_actions()) if seat is not None and actor == seat else ()
    contract = state.contract
    return SeatView(
        seat=seat, dealer=state.dealer, phase=phase, calls=tuple(str(c) for c in state.auction.calls),
        turn=state.turn, actor=actor, contract=str(contract) if contract is not None else None,
        declarer=state.declarer, dummy=dummy, hand=hand, original_hand=original_hand, dummy_hand=dummy_hand,
        tricks=tricks, current=current, won=won, legal=legal, all_hands=state.deal if phase == "done" else None,
        passed_out=state.is_passed_out,
    )
