"""A table: four seats, a session of deals, whose turn it is, claims, undo and the next deal.

Pure, like the rest of the engine: a :class:`Table` is an immutable value and
:meth:`Table.handle` turns one :class:`Command` into the next table plus the public events it caused
(or raises a specific error and changes nothing). Cards come in from outside: when the table
``needs_deal`` the caller sends :class:`DealCards` with a deal it drew (so a table is rebuilt exactly
by replaying its stored commands, :meth:`Table.replay`).

Rules of the table (what players of a good online site expect):

- The seat to act is the deal's actor: declarer plays dummy's cards.
- Claims: declarer (or a defender) claims a number of the tricks left. Every human opponent who has
  joined the table must accept; a bot opponent (or a seat nobody has taken) accepts only when the
  engine verifies the claim (:meth:`~bazas.engine.play.Play.claim_holds`). With no human opponent
  the claim is decided at once: verified, it ends the play; otherwise it is refused.
- Undo: a player takes back their own last action and everything after it. Free when no human
  opponent has joined (against bots); otherwise every joined human opponent must agree.
- Play waits while a claim or an undo request is open; whoever made it may withdraw it (a reply
  ``accept=False`` from the requester).
- After a deal: it is scored into the session (:mod:`bazas.engine.session`); the table waits in
  ``review`` until every joined human sent :class:`Next` (a table of bots only is moved on by the
  server with ``Next(None)``). Passed-out deals are scored as the ruleset says (next dealer, or the
  same dealer again in Chicago) and reviewed like any other deal.
- When the session is over (rubber won, fourth Chicago deal), the table is ``over``; ``Next`` then
  starts a new rubber at the same table.

>>> from bazas.engine.deal import deal_from_seed
>>> t = Table.create("rubber", [Player.bot("N"), Player.bot("E"), Player.human("Ana"), Player.bot("W")])
>>> t.status, t.needs_deal
('dealing', True)
>>> t, events = t.handle(DealCards(deal_from_seed(1)))
>>> t.status, t.actor, t.version, [e.kind for e in events]
('auction', <Seat.N: 0>, 1, ['new_deal'])
>>> t, _ = t.handle(Act(Seat.N, parse_action("1C")))
>>> t.handle(Act(Seat.N, parse_action("P")))
Traceback (most recent call last):
...
bazas.engine.errors.WrongTurn: it is E's turn to call, not N's
>>> Table.replay(t.config(), [DealCards(deal_from_seed(1)), Act(Seat.N, parse_action("1C"))]) == t
True
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Literal, TypeAlias

from .calls import Call
from .deal import Deal, Vulnerability
from .errors import BazasError, GameOver, InvalidClaim, InvalidNotation, WrongTurn
from .rulesets import get as get_ruleset
from .rulesets.base import DealResult
from .rulesets.denominations import denominations_of
from .seats import SEATS, Seat
from .session import ScoredDeal, Session
from .state import Action, ClaimAction, DealState, Event, parse_action

Status = Literal["dealing", "auction", "play", "review", "over"]
PlayerKind = Literal["human", "bot"]

#: Largest number of layouts the engine checks when it verifies a claim for bots (up to six tricks
#: left: C(12, 6) = 924 layouts, a few seconds at worst; callers that must not wait verify the
#: claim elsewhere and pass ``Claim.verified``).
CLAIM_LAYOUTS = 1000


# -- errors ------------------------------------------------------------------------------------

class TableError(BazasError):
    """A command the table refuses; ``code`` says which kind (the server sends it to clients)."""

    code = "illegal"


class NotSeated(TableError):
    """A command from a seat that may not give it (not a human at this table, or not the one asked)."""

    code = "not_seated"


class NoPending(TableError):
    """A reply to a claim or undo request that is not open."""

    code = "no_pending"


class Stale(TableError):
    """A decision made for an earlier version of the table (a bot that thought too long)."""

    code = "stale"


class Pending(TableError):
    """An action while a claim or undo request waits for its answer."""

    code = "pending"


def error_code(exc: BaseException) -> str:
    """The protocol error code of an engine error: ``turn``, ``not_seated``, ``no_pending``,
    ``stale``, ``pending`` or ``illegal``."""
    if isinstance(exc, TableError):
        return exc.code
    if isinstance(exc, WrongTurn):
        return "turn"
    return "illegal"


# -- players and commands ----------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Player:
    """Who sits in a seat: a bot, or a human (``joined`` once somebody took the seat)."""

    kind: PlayerKind
    name: str = ""
    joined: bool = False

    @staticmethod
    def bot(name: str = "") -> Player:
        return Player("bot", name, True)

    @staticmethod
    def human(name: str | None = None) -> Player:
        """A human seat, taken (``name`` given) or open (no name: waiting for somebody)."""
        return Player("human", name or "", name is not None)

    @property
    def is_bot(self) -> bool:
        return self.kind == "bot"

    @property
    def is_present_human(self) -> bool:
        return self.kind == "human" and self.joined

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "name": self.name, "joined": self.joined}

    @staticmethod
    def from_dict(data: Mapping[str, Any]) -> Player:
        kind = str(data.get("kind", "human"))
        if kind not in ("human", "bot"):
            raise InvalidNotation(f"not a player kind: {kind!r} (expected human or bot)")
        return Player("bot" if kind == "bot" else "human", str(data.get("name") or ""), bool(data.get("joined")))


@dataclass(frozen=True, slots=True)
class DealCards:
    """The server's cards for the next deal (only when the table ``needs_deal``)."""

    deal: Deal


@dataclass(frozen=True, slots=True)
class Join:
    """Somebody takes (or renames) the human seat ``seat``."""

    seat: Seat
    name: str


@dataclass(frozen=True, slots=True)
class Act:
    """A call or a card by ``seat`` (declarer also sends dummy's cards). ``expect``: the table
    version the decision was made for; an older one is refused as stale (bots). ``alert``: the
    explanation of an alerted call, in the caller's words (an outside program's; it is kept with
    the deal, :attr:`Table.alerts`)."""

    seat: Seat
    action: Action
    expect: int | None = None
    alert: str | None = None


@dataclass(frozen=True, slots=True)
class Claim:
    """``seat`` claims ``tricks`` of the tricks left for its side. ``verified``: the result of
    :func:`verify_claim` when the caller already computed it (None: the table checks it itself
    when it must)."""

    seat: Seat
    tricks: int
    verified: bool | None = None


@dataclass(frozen=True, slots=True)
class ClaimReply:
    seat: Seat
    accept: bool


@dataclass(frozen=True, slots=True)
class Undo:
    """``seat`` asks to take back its last action of the deal (and everything after it)."""

    seat: Seat


@dataclass(frozen=True, slots=True)
class UndoReply:
    seat: Seat
    accept: bool


@dataclass(frozen=True, slots=True)
class Next:
    """``seat`` has reviewed the deal; ``None``: the server moves a table without humans on."""

    seat: Seat | None


Command: TypeAlias = DealCards | Join | Act | Claim | ClaimReply | Undo | UndoReply | Next


def command_to_dict(command: Command) -> dict[str, Any]:
    """A command as plain JSON data (how the server stores it)."""
    if isinstance(command, DealCards):
        return {"type": "deal", "deal": command.deal.to_pbn()}
    if isinstance(command, Join):
        return {"type": "join", "seat": command.seat.name, "name": command.name}
    if isinstance(command, Act):
        out: dict[str, Any] = {"type": "act", "seat": command.seat.name, "action": str(command.action)}
        if command.expect is not None:
            out["expect"] = command.expect
        if command.alert is not None:
            out["alert"] = command.alert
        return out
    if isinstance(command, Claim):
        claim: dict[str, Any] = {"type": "claim", "seat": command.seat.name, "tricks": command.tricks}
        if command.verified is not None:
            claim["verified"] = command.verified
        return claim
    if isinstance(command, ClaimReply):
        return {"type": "claim_reply", "seat": command.seat.name, "accept": command.accept}
    if isinstance(command, Undo):
        return {"type": "undo", "seat": command.seat.name}
    if isinstance(command, UndoReply):
        return {"type": "undo_reply", "seat": command.seat.name, "accept": command.accept}
    return {"type": "next", "seat": None if command.seat is None else command.seat.name}


def command_from_dict(data: Mapping[str, Any]) -> Command:
    """The inverse of :func:`command_to_dict`."""
    kind = data.get("type")
    try:
        if kind == "deal":
            return DealCards(Deal.from_pbn(str(data["deal"])))
        seat_text = data.get("seat")
        seat = None if seat_text is None else Seat.parse(str(seat_text))
        if kind == "next":
            return Next(seat)
        if seat is None:
            raise InvalidNotation(f"a {kind} command needs a seat")
        if kind == "join":
            return Join(seat, str(data.get("name", "")))
        if kind == "act":
            expect, alert = data.get("expect"), data.get("alert")
            return Act(seat, parse_action(str(data["action"])), None if expect is None else int(expect),
                       None if alert is None else str(alert))
        if kind == "claim":
            verified = data.get("verified")
            return Claim(seat, int(data["tricks"]), None if verified is None else bool(verified))
        if kind == "claim_reply":
            return ClaimReply(seat, bool(data["accept"]))
        if kind == "undo":
            return Undo(seat)
        if kind == "undo_reply":
            return UndoReply(seat, bool(data["accept"]))
    except KeyError as exc:
        raise InvalidNotation(f"a {kind} command needs {exc.args[0]!r}") from None
    raise InvalidNotation(f"not a table command: {kind!r}")


# -- requests waiting for an answer -------------------------------------------------------------

def _replies(needed: frozenset[Seat], accepted: frozenset[Seat]) -> dict[str, bool | None]:
    """Each seat whose answer is needed: True once it accepted, None while it has not answered."""
    return {s.name: (True if s in accepted else None) for s in SEATS if s in needed}


@dataclass(frozen=True, slots=True)
class PendingClaim:
    """A claim waiting for the humans in ``needed``; ``accepted`` so far."""

    seat: Seat
    tricks: int
    needed: frozenset[Seat]
    accepted: frozenset[Seat] = frozenset()

    def to_dict(self) -> dict[str, Any]:
        return {"by": self.seat.name, "tricks": self.tricks, "replies": _replies(self.needed, self.accepted)}


@dataclass(frozen=True, slots=True)
class PendingUndo:
    """An undo request: back to ``keep`` actions of the deal, once ``needed`` all accepted."""

    seat: Seat
    keep: int
    needed: frozenset[Seat]
    accepted: frozenset[Seat] = frozenset()

    def to_dict(self) -> dict[str, Any]:
        return {"by": self.seat.name, "actions": self.keep, "replies": _replies(self.needed, self.accepted)}


@dataclass(frozen=True, slots=True)
class TableDeal:
    """A finished deal of the table: its number at the table, its rubber and its score line."""

    number: int
    rubber: int
    state: DealState
    vulnerability: Vulnerability
    score: ScoredDeal


# -- the table ---------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Table:
    """Seats, the session (score sheet) of the current rubber, the deal in play and what waits.

    The steps of play (:meth:`handle`) are the same at every table; what a kind of table keeps and
    scores its own way is in a few methods it overrides (the three-handed table, issue 11): whether
    the rubber in play is over (:attr:`_rubber_over`), how a deal starts (:meth:`_start_deal`), who
    answers an undo request (:meth:`_undo_answerers`), how a finished deal is scored
    (:meth:`_score_deal`) and how the next rubber starts (:meth:`_new_rubber`)."""

    ruleset: str
    players: tuple[Player, Player, Player, Player]
    first_dealer: Seat
    session: Session
    version: int = 0
    rubber: int = 1
    number: int = 0
    current: DealState | None = None
    vulnerability: Vulnerability = Vulnerability.NONE
    finished: tuple[TableDeal, ...] = ()
    rubbers: tuple[Session, ...] = ()
    pending_claim: PendingClaim | None = None
    pending_undo: PendingUndo | None = None
    ready: frozenset[Seat] = field(default=frozenset())
    #: The alerted calls of the deal in play: (the call's index in the auction, the caller's
    #: explanation), as :class:`Act` gave them (Laws 20F, 40B: an alert is part of the call).
    alerts: tuple[tuple[int, str], ...] = ()

    # -- construction ---------------------------------------------------------------------------
    @staticmethod
    def create(ruleset: str, players: Sequence[Player], first_dealer: Seat = Seat.N) -> Table:
        rs = get_ruleset(ruleset)
        if getattr(rs, "per_player", False):  # three-handed Auction: its own table (issue 11)
            from .three_handed_table import ThreeHandedTable

            return ThreeHandedTable.create(rs.id, players, first_dealer)
        if len(players) != 4:
            raise InvalidNotation(f"a table has four seats, not {len(players)}")
        if rs.id == "duplicate":
            raise InvalidNotation("duplicate is played as a team match over two tables, not at one table")
        session = Session.start(rs, first_dealer)
        return Table(rs.id, (players[0], players[1], players[2], players[3]), first_dealer, session)

    def config(self) -> dict[str, Any]:
        """Ruleset, first dealer and players: with the commands, all :meth:`replay` needs (the
        server stores it when it creates the table)."""
        return {"ruleset": self.ruleset, "first_dealer": self.first_dealer.name,
                "players": [p.to_dict() for p in self.players]}

    @staticmethod
    def from_config(config: Mapping[str, Any]) -> Table:
        players = [Player.from_dict(p) for p in config["players"]]
        return Table.create(str(config["ruleset"]), players, Seat.parse(str(config.get("first_dealer", "N"))))

    @staticmethod
    def replay(config: Mapping[str, Any], commands: Iterable[Command]) -> Table:
        """The table after ``commands`` (stored ones: each must be accepted again)."""
        table = Table.from_config(config)
        for i, command in enumerate(commands):
            try:
                table, _ = table.handle(command)
            except BazasError as exc:
                raise type(exc)(f"command {i + 1} ({command_to_dict(command)}): {exc}") from None
        return table

    # -- where the table stands -------------------------------------------------------------------
    @property
    def _rubber_over(self) -> bool:
        """Whether the rubber (the session) in play is over."""
        return self.session.finished

    @property
    def status(self) -> Status:
        state = self.current
        if state is None:
            return "over" if self._rubber_over else "dealing"
        phase = state.phase
        if phase == "done":
            return "over" if self._rubber_over else "review"
        return phase

    @property
    def needs_deal(self) -> bool:
        """True when the next command must be :class:`DealCards`."""
        return self.current is None and not self._rubber_over

    @property
    def actor(self) -> Seat | None:
        """The seat that must act now (declarer for dummy); None while a request is open."""
        if self.current is None or self.pending_claim is not None or self.pending_undo is not None:
            return None
        return self.current.actor

    @property
    def dealer(self) -> Seat | None:
        return None if self.current is None else self.current.dealer

    @property
    def humans(self) -> frozenset[Seat]:
        """Seats taken by people."""
        return frozenset(s for s in SEATS if self.players[s].is_present_human)

    @property
    def bots_only(self) -> bool:
        return not self.humans

    @property
    def deals(self) -> tuple[TableDeal, ...]:
        """Every finished deal at this table, all rubbers."""
        return self.finished

    def kind_of(self, seat: Seat) -> str:
        """``bot``, ``human`` or ``open`` (a human seat nobody has taken yet)."""
        p = self.players[seat]
        return "bot" if p.is_bot else ("human" if p.joined else "open")

    # -- commands -------------------------------------------------------------------------------
    def handle(self, command: Command) -> tuple[Table, tuple[Event, ...]]:
        """The table after ``command`` and the public events it caused; raises (and changes
        nothing) if the command is not allowed now."""
        if isinstance(command, DealCards):
            table, events = self._deal(command.deal)
        elif isinstance(command, Join):
            table, events = self._join(command)
        elif isinstance(command, Act):
            table, events = self._act(command)
        elif isinstance(command, Claim):
            table, events = self._claim(command)
        elif isinstance(command, ClaimReply):
            table, events = self._claim_reply(command)
        elif isinstance(command, Undo):
            table, events = self._undo(command)
        elif isinstance(command, UndoReply):
            table, events = self._undo_reply(command)
        elif isinstance(command, Next):
            table, events = self._next(command)
        else:  # pragma: no cover - the type checker sees every command above
            raise InvalidNotation(f"not a table command: {command!r}")
        return replace(table, version=self.version + 1), tuple(events)

    def _deal(self, deal: Deal) -> tuple[Table, list[Event]]:
        if not self.needs_deal:
            raise TableError("no deal is needed now")
        start, vul = self._start_deal(deal)
        number = self.number + 1
        table = replace(self, current=start, number=number, vulnerability=vul,
                        ready=frozenset(), pending_claim=None, pending_undo=None, alerts=())
        return table, [Event("new_deal", {"number": number, "rubber": self.rubber, "dealer": start.dealer.name,
                                          "vulnerability": vul.pbn})]

    def _start_deal(self, deal: Deal) -> tuple[DealState, Vulnerability]:
        """The next deal's state (its dealer the session's next) and its vulnerability."""
        # the game's own denominations (Royal Auction, nullos): issue 11
        start = DealState.start(deal, self.session.next_dealer, denominations_of(self.session.ruleset))
        return start, self.session.next_vulnerability

    def _join(self, command: Join) -> tuple[Table, list[Event]]:
        player = self.players[command.seat]
        if player.is_bot:
            raise NotSeated(f"{command.seat.name} is a bot's seat")
        name = " ".join(command.name.split())[:40]
        players = list(self.players)
        players[command.seat] = Player("human", name, True)
        table = replace(self, players=(players[0], players[1], players[2], players[3]))
        return table, [Event("joined", {"seat": command.seat.name, "name": name})]

    def _in_play(self) -> DealState:
        state = self.current
        if state is None:
            raise GameOver("no deal is in progress")
        if state.phase == "done":
            raise GameOver("the deal is over")
        return state

    def _no_pending(self) -> None:
        if self.pending_claim is not None:
            raise Pending(f"{self.pending_claim.seat.name}'s claim is waiting for an answer")
        if self.pending_undo is not None:
            raise Pending(f"{self.pending_undo.seat.name}'s undo request is waiting for an answer")

    def _act(self, command: Act) -> tuple[Table, list[Event]]:
        if command.expect is not None and command.expect != self.version:
            raise Stale(f"decided at version {command.expect}, the table is at {self.version}")
        if isinstance(command.action, ClaimAction):
            raise InvalidClaim("send a claim as a claim, not as an action")
        state = self._in_play()
        self._no_pending()
        transition = state.apply(command.action, command.seat)
        table = self
        if command.alert is not None and isinstance(command.action, Call):
            table = replace(self, alerts=(*self.alerts, (len(state.auction.calls), command.alert)))
        return table._after_deal_change(transition.after, list(transition.events))

    def _after_deal_change(self, state: DealState, events: list[Event]) -> tuple[Table, list[Event]]:
        """Store the new deal state; score it (:meth:`_score_deal`) when it has ended."""
        table = replace(self, current=state, pending_claim=None, pending_undo=None)
        if state.phase != "done":
            return table, events
        return table._score_deal(state, events)

    def _score_deal(self, state: DealState, events: list[Event]) -> tuple[Table, list[Event]]:
        """The table (whose current deal is ``state``, just finished) with the deal scored into
        the session, and ``events`` with the scoring's."""
        session = self.session.record(deal_result(state))
        entry = session.entries[-1]
        done = TableDeal(self.number, self.rubber, state, self.vulnerability, entry)
        table = replace(self, session=session, finished=(*self.finished, done), ready=frozenset())
        points = entry.points
        events += self._scored_events({"NS": points.ns, "EW": points.ew},
                                      None if entry.game_won_by is None else entry.game_won_by.name,
                                      session.finished, session.winner)
        return table, events

    def _scored_events(self, points: dict[str, int], game_won_by: str | None, rubber_over: bool,
                       winner: str | None) -> list[Event]:
        """``deal_scored`` for the current deal (its ``points`` by side or by player, who won a
        game with it), then ``rubber_over`` (who won it) when the deal ended the rubber."""
        events = [Event("deal_scored", {"number": self.number, "points": points, "game_won_by": game_won_by})]
        if rubber_over:
            events.append(Event("rubber_over", {"rubber": self.rubber, "winner": winner}))
        return events

    # -- claims -----------------------------------------------------------------------------------
    def _claim(self, command: Claim) -> tuple[Table, list[Event]]:
        state = self._in_play()
        self._no_pending()
        if state.phase != "play":
            raise InvalidClaim("claims are made during the play")
        player = self.players[command.seat]
        if not (player.is_bot or player.is_present_human):
            raise NotSeated(f"{command.seat.name} is not a player at this table")
        action = ClaimAction(command.seat, command.tricks)
        state.check(action, command.seat)
        play = state.play
        assert play is not None
        opponents = [s for s in (command.seat.lho, command.seat.rho) if s != play.dummy]
        needed = frozenset(s for s in opponents if self.players[s].is_present_human)
        if self.claim_needs_verifying(command.seat):
            # A bot (or an empty seat) among the opponents: the engine must verify the claim.
            holds = command.verified
            if holds is None:
                holds = verify_claim(state, command.seat, command.tricks)
            if holds is not True:
                why = ("it does not hold against every lie of the cards" if holds is False
                       else "too many cards are left to verify it; play on")
                raise InvalidClaim(f"claim of {command.tricks} of {play.tricks_left} tricks refused: {why}")
        event = Event("claim_requested", {"seat": command.seat.name, "tricks": command.tricks})
        if not needed:
            transition = state.apply(action, command.seat)
            return self._after_deal_change(transition.after, [event, *transition.events])
        pending = PendingClaim(command.seat, command.tricks, needed)
        return replace(self, pending_claim=pending), [event]

    def claim_needs_verifying(self, seat: Seat) -> bool:
        """Whether a claim by ``seat`` now must be verified by the engine (a bot or an empty seat
        among the opponents who answer it)."""
        state = self.current
        if state is None or state.play is None:
            return False
        dummy = state.play.dummy
        return any(not self.players[s].is_present_human for s in (seat.lho, seat.rho) if s != dummy)

    def _claim_reply(self, command: ClaimReply) -> tuple[Table, list[Event]]:
        pending = self.pending_claim
        if pending is None:
            raise NoPending("there is no claim to answer")
        if command.seat == pending.seat and not command.accept:
            return replace(self, pending_claim=None), [Event("claim_withdrawn", {"seat": command.seat.name})]
        if command.seat not in pending.needed:
            raise NotSeated(f"{command.seat.name} is not asked to answer {pending.seat.name}'s claim")
        if not command.accept:
            return replace(self, pending_claim=None), [Event("claim_rejected", {"seat": command.seat.name})]
        accepted = pending.accepted | {command.seat}
        if accepted != pending.needed:
            return (replace(self, pending_claim=replace(pending, accepted=accepted)),
                    [Event("claim_accepted", {"seat": command.seat.name})])
        state = self._in_play()
        transition = state.apply(ClaimAction(pending.seat, pending.tricks), pending.seat)
        return self._after_deal_change(transition.after,
                                       [Event("claim_accepted", {"seat": command.seat.name}), *transition.events])

    # -- undo -------------------------------------------------------------------------------------
    def _undo(self, command: Undo) -> tuple[Table, list[Event]]:
        state = self._in_play()
        self._no_pending()
        if not self.players[command.seat].is_present_human:
            raise NotSeated(f"{command.seat.name} is not a player at this table")
        keep = last_action_by(state, command.seat)
        if keep is None:
            raise TableError(f"{command.seat.name} has nothing to undo in this deal")
        needed = frozenset(s for s in self._undo_answerers(command.seat) if self.players[s].is_present_human)
        event = Event("undo_requested", {"seat": command.seat.name})
        if not needed:
            return self._undone(state, keep, [event])
        return replace(self, pending_undo=PendingUndo(command.seat, keep, needed)), [event]

    def _undo_answerers(self, seat: Seat) -> tuple[Seat, ...]:
        """The seats whose players (humans who joined) must agree to ``seat``'s undo: its opponents."""
        return (seat.lho, seat.rho)

    def _undone(self, state: DealState, keep: int, events: list[Event]) -> tuple[Table, list[Event]]:
        back = type(state).replay(state.deal, state.dealer, state.actions[:keep], state.denominations)
        events.append(Event("undone", {"actions": keep, "removed": len(state.actions) - keep}))
        calls = len(back.auction.calls)
        return replace(self, current=back, pending_undo=None, pending_claim=None,
                       alerts=tuple(a for a in self.alerts if a[0] < calls)), events

    def _undo_reply(self, command: UndoReply) -> tuple[Table, list[Event]]:
        pending = self.pending_undo
        if pending is None:
            raise NoPending("there is no undo request to answer")
        if command.seat == pending.seat and not command.accept:
            return replace(self, pending_undo=None), [Event("undo_withdrawn", {"seat": command.seat.name})]
        if command.seat not in pending.needed:
            raise NotSeated(f"{command.seat.name} is not asked to answer {pending.seat.name}'s undo request")
        if not command.accept:
            return replace(self, pending_undo=None), [Event("undo_rejected", {"seat": command.seat.name})]
        accepted = pending.accepted | {command.seat}
        if accepted != pending.needed:
            return (replace(self, pending_undo=replace(pending, accepted=accepted)),
                    [Event("undo_accepted", {"seat": command.seat.name})])
        state = self._in_play()
        return self._undone(state, pending.keep, [Event("undo_accepted", {"seat": command.seat.name})])

    # -- next deal --------------------------------------------------------------------------------
    def _next(self, command: Next) -> tuple[Table, list[Event]]:
        status = self.status
        if status not in ("review", "over"):
            raise TableError("the deal is not over yet" if status in ("auction", "play") else "no deal to move on from")
        if command.seat is not None:
            if command.seat not in self.humans:
                raise NotSeated(f"{command.seat.name} is not a player at this table")
            ready = self.ready | {command.seat}
            if ready != self.humans:
                return replace(self, ready=ready), [Event("ready", {"seat": command.seat.name})]
        elif self.humans:
            raise NotSeated("only the players move the table on")
        if status == "over":
            return self._new_rubber(), [Event("new_rubber", {"rubber": self.rubber + 1})]
        return replace(self, current=None, ready=frozenset(), alerts=()), [Event("next", {})]

    def _new_rubber(self) -> Table:
        """The table once its rubber is over, at the start of the next one (the session of the
        finished one kept in ``rubbers``)."""
        session = Session.start(self.session.ruleset, self.session.next_dealer)
        return replace(self, current=None, session=session, rubber=self.rubber + 1,
                       rubbers=(*self.rubbers, self.session), ready=frozenset())


def verify_claim(state: DealState, seat: Seat, tricks: int) -> bool | None:
    """Whether ``seat``'s side surely wins ``tricks`` of the tricks left, whatever the lie of the
    cards it cannot see (None: too many layouts to check)."""
    if state.play is None or state.phase != "play":
        return False
    try:
        return state.play.claim_holds(seat, tricks, CLAIM_LAYOUTS)
    except BazasError:
        return False


def deal_result(state: DealState) -> DealResult:
    """The result of the finished deal ``state`` (:meth:`DealResult.passed` when passed out)."""
    contract, declarer = state.contract, state.declarer
    if contract is None or declarer is None:
        return DealResult.passed(state.deal)
    tricks = state.declarer_tricks
    assert tricks is not None
    return DealResult(contract, declarer, tricks, state.deal)


def last_action_by(state: DealState, seat: Seat) -> int | None:
    """How many actions of ``state`` come before ``seat``'s last one (None: it has made none).
    ``seat`` made an action if it was the actor: declarer for dummy's cards. The deal is replayed
    as the kind of deal ``state`` is (a three-handed deal in the players' seats, issue 11)."""
    replayed = type(state).start(state.deal, state.dealer, state.denominations)
    last: int | None = None
    for i, action in enumerate(state.actions):
        if replayed.actor == seat and not isinstance(action, ClaimAction):
            last = i
        replayed = replayed.apply(action).after
    return last

