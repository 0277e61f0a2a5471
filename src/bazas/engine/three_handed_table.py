"""Three-handed Auction at a table (issue 11): the deal in the players' seats, and the table.

The players sit at N, E and S for the whole rubber and the dummy hand is dealt to W. The auction is
:class:`~bazas.engine.three_handed.ThreeHandedAuction`; once it ends the deal is played in the
four-seat state of :func:`~bazas.engine.three_handed.play_state` (the dummy opposite the declarer,
the other two defending as partners for this deal). :class:`ThreeHandedDeal` keeps that seated
state but speaks the players' seats: its actor, its events and its views name N, E, S (the
players) and W (the dummy hand), whatever seat each one takes in the seated play. The declarer
keeps his seat in the seated play, so the tricks won by his compass side (``won``) are his and his
dummy's, the other side's those of the two defenders.

What each seat sees (:func:`seat_view`): its own hand; the dummy hand W stays face down during
the auction; once the auction ends the declarer takes it up (he sees it at once), and the
defenders (and spectators) see it after the opening lead, as in the four-handed game.

:class:`ThreeHandedTable` is :class:`~bazas.engine.table.Table` with the per-player score sheet
(:class:`~bazas.engine.rulesets.three_handed_auction.ScoreSheet`) instead of the partnership
session; :meth:`Table.create` makes one for the ``three-handed-auction`` game. Claims are not taken
(the cards are played out); undo works as at any table, among the three players.

>>> from bazas.engine.deal import deal_from_seed
>>> from bazas.engine.state import parse_action
>>> from bazas.engine.table import DealCards, Act, Player, Table
>>> t = Table.create("three-handed-auction", [Player.bot(), Player.bot(), Player.human("Ana"), Player.bot()])
>>> type(t).__name__, t.kind_of(Seat.W), t.status
('ThreeHandedTable', 'dummy', 'dealing')
>>> t, _ = t.handle(DealCards(deal_from_seed(1)))
>>> t.actor, t.current.phase
(<Seat.N: 0>, 'auction')
>>> for s, c in [(Seat.N, "1S"), (Seat.E, "P"), (Seat.S, "P")]:
...     t, events = t.handle(Act(s, parse_action(c)))
>>> [e.kind for e in events], t.actor, seat_view(t.current, Seat.S).dummy_hand is None
(['call', 'auction_end'], <Seat.E: 1>, True)
>>> seat_view(t.current, Seat.N).dummy_hand == t.current.deal.hand(Seat.W)
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from .calls import Bid, Double, Pass, Redouble
from .deal import Deal, Vulnerability
from .errors import GameOver, InvalidClaim, InvalidNotation
from .honours import count
from .rulesets.three_handed_auction import ScoreSheet, ThreeHandedDealScore, ThreeHandedResult, score
from .seats import Seat
from .session import ScoredDeal
from .state import Action, ClaimAction, DealState, Event, Transition
from .table import Claim, Player, Table, TableDeal, deal_result
from .three_handed import DUMMY_SEAT, PLAYERS, PlaySeating, ThreeHandedAuction, play_state
from .views import SeatView, TrickView, view_of, view_with

__all__ = ["DUMMY_PLAYER", "RECORD_GAME", "ThreeHandedDeal", "ThreeHandedTable", "ThreeHandedTableDeal",
           "is_three_handed", "seat_view", "state_from_record"]

#: ``to_record()["game"]`` of a three-handed deal (how workers tell it from a four-seat one).
RECORD_GAME = "three-handed-auction"
#: Who "sits" at W: nobody; the dummy hand (never acts: the declarer plays it).
DUMMY_PLAYER = Player("bot", "", True)


class ThreeHandedDeal(DealState):
    """A three-handed deal: the original ``deal`` (players N, E, S; the dummy hand at W), the
    three-player ``auction``, then the play in the seated four-seat state ``seated`` (None during
    the auction and when passed out). ``play`` is the seated play (its seats are the seated ones);
    everything else (:attr:`turn`, :attr:`actor`, :meth:`apply`'s seats and events) speaks the
    players' seats."""

    __slots__ = ("seating", "seated")

    seating: PlaySeating | None
    seated: DealState | None

    def __init__(self, deal: Deal, dealer: Seat, auction: ThreeHandedAuction, seating: PlaySeating | None,
                 seated: DealState | None, actions: tuple[Action, ...]) -> None:
        super().__init__(deal, dealer, auction, None if seated is None else seated.play, actions, None)
        self.seating = seating
        self.seated = seated

    @classmethod
    def start(cls, deal: Deal, dealer: Seat, denominations: Any = None) -> ThreeHandedDeal:
        if denominations is not None:
            raise InvalidNotation("three-handed Auction has no other denominations")
        return cls(deal, dealer, ThreeHandedAuction(dealer), None, None, ())

    # -- seats: the players' and the seated play's ---------------------------------------------
    def player_of(self, seat: Seat) -> Seat:
        """The player (N, E, S) or the dummy hand (W) at ``seat`` of the seated play."""
        seating = self.seating
        if seating is None:
            return seat
        if seat == seating.dummy:
            return DUMMY_SEAT
        player = seating.player_at(seat)
        assert player is not None
        return player

    def seat_in_play(self, seat: Seat) -> Seat:
        """Where the player ``seat`` (or the dummy hand, W) sits in the seated play."""
        seating = self.seating
        if seating is None:
            return seat
        return seating.dummy if seat == DUMMY_SEAT else seating.seat_of[seat]

    @property
    def turn(self) -> Seat | None:
        if self.seated is None:
            return super().turn
        turn = self.seated.turn
        return None if turn is None else self.player_of(turn)

    @property
    def actor(self) -> Seat | None:
        if self.seated is None:
            return super().actor
        actor = self.seated.actor
        return None if actor is None else self.player_of(actor)

    # -- actions --------------------------------------------------------------------------------
    def _seated_action(self, action: Action) -> Action:
        if isinstance(action, ClaimAction):
            return ClaimAction(self.seat_in_play(action.seat), action.tricks)
        return action

    def check(self, action: Action, seat: Seat | None = None) -> None:
        if self.seated is None or self.phase == "auction":
            super().check(action, seat)
            return
        self.seated.check(self._seated_action(action), None if seat is None else self.seat_in_play(seat))

    def apply(self, action: Action, seat: Seat | None = None) -> Transition:
        """Apply ``action`` by the player ``seat`` (the declarer also plays the dummy's cards)."""
        self.check(action, seat)
        if self.seated is None:
            auction = self.auction
            mover = auction.turn
            assert isinstance(action, Bid | Pass | Double | Redouble)
            after_auction = auction.apply(action)
            assert isinstance(after_auction, ThreeHandedAuction)
            events = [Event("call", {"seat": mover.name, "call": str(action)})]
            seating: PlaySeating | None = None
            seated: DealState | None = None
            if after_auction.is_complete:
                if after_auction.is_passed_out:
                    events.append(Event("passed_out"))
                else:
                    seating, seated = play_state(self.deal, after_auction)
                    contract, declarer = after_auction.contract, after_auction.declarer
                    assert contract is not None and declarer is not None
                    events.append(Event("auction_end", {"contract": str(contract), "declarer": declarer.name}))
            after = ThreeHandedDeal(self.deal, self.dealer, after_auction, seating, seated, (*self.actions, action))
            return Transition(self, action, mover, after, tuple(events))
        seat_in_play = None if seat is None else self.seat_in_play(seat)
        transition = self.seated.apply(self._seated_action(action), seat_in_play)
        after = ThreeHandedDeal(self.deal, self.dealer, self._auction(), self.seating, transition.after,
                                (*self.actions, action))
        return Transition(self, action, self.player_of(transition.seat), after,
                          tuple(self._players_event(e) for e in transition.events))

    def _auction(self) -> ThreeHandedAuction:
        auction = self.auction
        assert isinstance(auction, ThreeHandedAuction)
        return auction

    def _players_event(self, event: Event) -> Event:
        """``event`` of the seated play with the players' seats."""
        data = dict(event.data)
        for key in ("seat", "winner"):
            if isinstance(data.get(key), str):
                data[key] = self.player_of(Seat.parse(data[key])).name
        return Event(event.kind, data)

    def undo(self) -> DealState:
        if not self.actions:
            raise GameOver("nothing to undo")
        return ThreeHandedDeal.replay(self.deal, self.dealer, self.actions[:-1])

    def to_record(self) -> dict[str, Any]:
        return {**super().to_record(), "game": RECORD_GAME}

    def __repr__(self) -> str:
        return f"ThreeHandedDeal.from_record({self.to_record()!r})"


def state_from_record(record: dict[str, Any]) -> DealState:
    """A deal state from its record: a :class:`ThreeHandedDeal` when the record says so."""
    if record.get("game") == RECORD_GAME:
        return ThreeHandedDeal.from_record(record)
    return DealState.from_record(record)


def seat_view(state: DealState, seat: Seat | None) -> SeatView:
    """What ``seat`` (a player; None: a spectator) may see: :func:`~bazas.engine.views.view_of`
    for a four-seat deal; for a three-handed one, in the players' seats (see the module's doc):
    the dummy hand W face down during the auction, the declarer's from the end of the auction,
    everyone's after the opening lead; every hand once the deal is over."""
    if not isinstance(state, ThreeHandedDeal):
        return view_of(state, seat)
    seated, seating = state.seated, state.seating
    hand = original = dummy_hand = None
    if seat is not None:
        original = state.deal.hand(seat)
        hand = original
    dummy: Seat | None = None
    tricks: tuple[TrickView, ...] = ()
    current: TrickView | None = None
    won = (0, 0)
    if seated is not None and seating is not None and seated.play is not None:
        play = seated.play
        p = state.player_of
        dummy = DUMMY_SEAT
        if seat is not None:
            hand = play.remaining(state.seat_in_play(seat))
        if play.dummy_exposed or (seat is not None and seat == state.declarer):
            dummy_hand = play.remaining(seating.dummy)
        tricks = tuple(TrickView(p(t.leader), tuple((p(t.leader.after(i)), c) for i, c in enumerate(t.cards)),
                                 p(t.winner)) for t in play.tricks)
        if play.current:
            current = TrickView(p(play.leader), tuple((p(s), c) for s, c in play.current_trick()), None)
        won = (play.won[0], play.won[1])
    return view_with(state, seat, dummy=dummy, hand=hand, original_hand=original, dummy_hand=dummy_hand,
                     tricks=tricks, current=current, won=won)


def is_three_handed(table: object) -> bool:
    return isinstance(table, ThreeHandedTable)


# -- the table ----------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class ThreeHandedTableDeal(TableDeal):
    """A finished three-handed deal: ``points`` is its per-player score (``score`` only carries
    the result, with no partnership items)."""

    points: ThreeHandedDealScore | None = None
    result: ThreeHandedResult | None = None


@dataclass(frozen=True, slots=True)
class ThreeHandedTable(Table):
    """A three-handed Auction table: players N, E, S (W holds the dummy hand, :data:`DUMMY_PLAYER`),
    the per-player ``sheet`` of the rubber in play with its deals (``scored``, ``results``), and the
    rubbers finished before (``sheets``: each sheet with its deals)."""

    sheet: ScoreSheet = ScoreSheet()
    scored: tuple[ThreeHandedDealScore, ...] = ()
    results: tuple[ThreeHandedResult, ...] = ()
    sheets: tuple[tuple[ScoreSheet, tuple[ThreeHandedDealScore, ...], tuple[ThreeHandedResult, ...]], ...] = ()

    @staticmethod
    def create(ruleset: str, players: Sequence[Player], first_dealer: Seat = Seat.N) -> ThreeHandedTable:
        """``players`` for N, E, S (a fourth, for W, must be a bot or nobody: W holds the dummy)."""
        from .rulesets import get as get_ruleset
        from .session import Session

        if len(players) not in (3, 4):
            raise InvalidNotation(f"a three-handed table has three players (N, E, S), not {len(players)}")
        if len(players) == 4 and players[3].kind == "human":
            raise InvalidNotation("W holds the dummy hand at three-handed Auction; the players are N, E and S")
        if first_dealer not in PLAYERS:
            raise InvalidNotation(f"the first dealer must be a player (N, E or S), not {first_dealer.name}")
        rs = get_ruleset(ruleset)
        return ThreeHandedTable(rs.id, (players[0], players[1], players[2], DUMMY_PLAYER), first_dealer,
                                Session.start(rs, first_dealer), sheet=ScoreSheet.start(first_dealer))

    @staticmethod
    def from_config(config: Any) -> ThreeHandedTable:
        players = [Player.from_dict(p) for p in config["players"]]
        return ThreeHandedTable.create(str(config["ruleset"]), players[:3],
                                       Seat.parse(str(config.get("first_dealer", "N"))))

    def kind_of(self, seat: Seat) -> str:
        """``dummy`` for W, else as at any table."""
        return "dummy" if seat == DUMMY_SEAT else Table.kind_of(self, seat)

    @property
    def _rubber_over(self) -> bool:
        return self.sheet.over

    def _start_deal(self, deal: Deal) -> tuple[DealState, Vulnerability]:
        """Dealt by the sheet's next dealer (a player); nobody is vulnerable."""
        return ThreeHandedDeal.start(deal, self.sheet.dealer), Vulnerability.NONE

    def _score_deal(self, state: DealState, events: list[Event]) -> tuple[Table, list[Event]]:
        """Scored on the per-player sheet (the four-seat result kept as the deal's score line)."""
        four = deal_result(state)
        contract = four.contract
        result = (ThreeHandedResult() if contract is None else
                  ThreeHandedResult(contract, four.declarer, four.tricks, count(state.deal, contract.strain)))
        scored = score(self.sheet, result)
        entry = ScoredDeal(len(self.scored) + 1, scored.dealer, four, Vulnerability.NONE, ())
        done = ThreeHandedTableDeal(self.number, self.rubber, state, Vulnerability.NONE, entry, scored, result)
        table = replace(self, sheet=scored.after, scored=(*self.scored, scored), results=(*self.results, result),
                        finished=(*self.finished, done), ready=frozenset())
        points = {p.name: 0 for p in PLAYERS}
        for item in scored.items:
            points[item.player.name] += item.points
        winner = scored.after.winner
        events += self._scored_events(points, None if scored.game_won_by is None else scored.game_won_by.name,
                                      scored.after.over, None if winner is None else winner.name)
        return table, events

    def _claim(self, command: Claim) -> tuple[Table, list[Event]]:
        self._in_play()
        raise InvalidClaim("claims are not taken at a three-handed table: the cards are played out")

    def claim_needs_verifying(self, seat: Seat) -> bool:
        return False

    def _undo_answerers(self, seat: Seat) -> tuple[Seat, ...]:
        """The other two players (each plays for himself)."""
        return tuple(p for p in PLAYERS if p != seat)

    def _new_rubber(self) -> Table:
        """A new sheet, the finished one kept in ``sheets`` with its deals."""
        return replace(self, current=None, sheet=ScoreSheet.start(self.sheet.dealer), scored=(), results=(),
                       sheets=(*self.sheets, (self.sheet, self.scored, self.results)), rubber=self.rubber + 1,
                       ready=frozenset())

