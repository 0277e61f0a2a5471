"""What a table-manager client knows of a board, turned into the bots' :class:`SeatView`.

A client of the protocol never sees the other hands: it knows its own 13 cards, dummy's once the
opening lead is made, and every call and card as the manager relays them. The bots take a
``SeatView``, which the engine builds from a whole deal; so the client completes the deal with the
unseen cards dealt *consistently* with what it knows (each seat held the cards it played, and
none of a suit it has shown out of) and replays the actions. The view of the client's own seat
then holds exactly what the client knows: the made-up hands are hidden hands, never shown in it.

>>> from bazas.engine.cards import Hand
>>> from bazas.engine.calls import parse_call
>>> b = BoardKnowledge(Seat.S, 1, Seat.N, Hand.from_pbn("AKQ2.KJ5.T98.432"))
>>> b = b.with_action(parse_call("1H"))
>>> v = b.view(random.Random(1))
>>> v.seat, v.turn, v.hand == b.hand, v.calls
(<Seat.S: 2>, <Seat.E: 1>, True, ('1H',))
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace

from bazas.bots.sampling import Knowledge, sample_layouts
from bazas.engine.calls import Strain
from bazas.engine.cards import Card, Hand
from bazas.engine.deal import Deal, Vulnerability
from bazas.engine.seats import Seat
from bazas.engine.state import Action, DealState
from bazas.engine.views import SeatView, view_of


@dataclass(frozen=True, slots=True)
class BoardKnowledge:
    """One board as ``seat`` knows it: its ``hand`` (13 cards), ``dummy_hand`` (13, once shown),
    the ``actions`` so far (calls, then cards) and the ``alerts`` made on calls (call index ->
    explanation)."""

    seat: Seat
    number: int
    dealer: Seat
    hand: Hand
    vulnerability: Vulnerability = Vulnerability.NONE
    actions: tuple[Action, ...] = ()
    dummy_hand: Hand | None = None
    alerts: tuple[tuple[int, str], ...] = field(default=())

    def with_action(self, action: Action, alert: str | None = None) -> BoardKnowledge:
        alerts = self.alerts if alert is None else (*self.alerts, (len(self.actions), alert))
        return replace(self, actions=(*self.actions, action), alerts=alerts)

    @property
    def opponents_alerts(self) -> tuple[tuple[int, str], ...]:
        """The alerts on the opponents' calls: what our bots read as explained, never as natural
        (our side's calls, ours and partner's, are read in our own system)."""
        return tuple((i, text) for i, text in self.alerts if self.dealer.after(i).side != self.seat.side)

    def without_last(self) -> BoardKnowledge:
        """The board before its last action (and that action's alert)."""
        n = len(self.actions) - 1
        return replace(self, actions=self.actions[:-1], alerts=tuple(a for a in self.alerts if a[0] < n),
                       dummy_hand=self.dummy_hand if any(isinstance(a, Card) for a in self.actions[:-1]) else None)

    def with_dummy(self, hand: Hand) -> BoardKnowledge:
        return replace(self, dummy_hand=hand)

    def state(self, rng: random.Random) -> DealState:
        """The board replayed on a deal completed consistently with what the seat knows."""
        return DealState.replay(self._deal(rng), self.dealer, self.actions)

    def view(self, rng: random.Random) -> SeatView:
        return view_of(self.state(rng), self.seat)

    def _deal(self, rng: random.Random) -> Deal:
        # Who played what, from the actions: replay the auction only (no cards needed), then
        # the cards follow in turn from the opening leader.
        auction_state = DealState.replay(_placeholder_deal(self.seat, self.hand), self.dealer,
                                         [a for a in self.actions if not isinstance(a, Card)])
        cards = [a for a in self.actions if isinstance(a, Card)]
        plays: list[tuple[Seat, Card]] = []
        dummy: Seat | None = None
        if auction_state.play is not None:
            play = auction_state.play
            dummy = play.dummy
            leader = play.leader
            assert auction_state.contract is not None
            strain = auction_state.contract.strain
            plays = _owners(cards, leader, None if strain is Strain.NT else int(strain))
        played = {s: 0 for s in Seat}
        for s, c in plays:
            played[s] |= c.bit
        known = {self.seat: self.hand.mask & ~played[self.seat]}
        if dummy is not None and self.dummy_hand is not None and dummy != self.seat:
            known[dummy] = self.dummy_hand.mask & ~played[dummy]
        knowledge = Knowledge.build(self.seat, known, plays)
        result = sample_layouts(knowledge, 1, rng)
        if not result.layouts:
            raise ValueError("no deal fits what this seat has seen (the manager's messages disagree)")
        layout = result.layouts[0]
        return Deal(tuple(Hand(layout[s] | played[s]) for s in Seat))  # type: ignore[arg-type]


def _placeholder_deal(seat: Seat, hand: Hand) -> Deal:
    """Any deal with ``hand`` at ``seat`` (for replaying calls, which need no cards)."""
    rest = [c for c in range(52) if not hand.mask >> c & 1]
    hands: list[Hand] = []
    for s in Seat:
        if s == seat:
            hands.append(hand)
        else:
            take, rest = rest[:13], rest[13:]
            hands.append(Hand(sum(1 << c for c in take)))
    return Deal(tuple(hands))  # type: ignore[arg-type]


def _owners(cards: list[Card], leader: Seat, trump: int | None) -> list[tuple[Seat, Card]]:
    """Who played each card: the leader of each trick plays first, the winner leads the next."""
    out: list[tuple[Seat, Card]] = []
    for start in range(0, len(cards), 4):
        trick = cards[start:start + 4]
        seats = [leader.after(i) for i in range(len(trick))]
        out.extend(zip(seats, trick, strict=True))
        if len(trick) == 4:
            led = trick[0].suit

            def strength(c: Card, led: object = led) -> tuple[int, int]:
                if trump is not None and int(c.suit) == trump:
                    return (2, int(c.rank))
                return (1, int(c.rank)) if c.suit == led else (0, 0)

            best = max(range(4), key=lambda i: strength(trick[i]))
            leader = seats[best]
    return out
