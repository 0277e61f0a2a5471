"""The pure table (bazas.engine.table): seating, turns, claims, undo, next deal, passed-out deals,
the session of deals, commands as data and replay."""

from __future__ import annotations

import random

import pytest

from bazas.engine.calls import parse_call
from bazas.engine.cards import Card
from bazas.engine.deal import Deal, Vulnerability, deal_from_seed
from bazas.engine.errors import IllegalCall, InvalidClaim, InvalidNotation, WrongTurn
from bazas.engine.seats import Seat
from bazas.engine.state import parse_action
from bazas.engine.table import (
    Act,
    Claim,
    ClaimReply,
    Command,
    DealCards,
    Join,
    Next,
    NoPending,
    NotSeated,
    Pending,
    Player,
    Stale,
    Table,
    TableError,
    Undo,
    UndoReply,
    command_from_dict,
    command_to_dict,
    error_code,
)

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W
DEAL = Deal.from_pbn("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765")


def table(kinds: str = "bbhb", ruleset: str = "rubber", dealer: Seat = N) -> Table:
    """A table; ``kinds`` per seat N E S W: b bot, h human who joined, o open human seat."""
    players = [Player.bot() if k == "b" else Player.human(f"P{i}" if k == "h" else None)
               for i, k in enumerate(kinds)]
    t, _ = Table.create(ruleset, players, dealer).handle(DealCards(DEAL))
    return t


def act(t: Table, *texts: str) -> Table:
    for text in texts:
        assert t.actor is not None, f"nobody to act for {text}"
        t, _ = t.handle(Act(t.actor, parse_action(text)))
    return t


def play_out(t: Table, rng: random.Random | None = None) -> Table:
    rng = rng or random.Random(0)
    while t.status in ("auction", "play"):
        state = t.current
        assert state is not None and t.actor is not None
        t, _ = t.handle(Act(t.actor, rng.choice(state.legal_actions())))
    return t


def test_turns_and_declarer_plays_dummy() -> None:
    t = table()
    assert t.status == "auction" and t.actor == N and t.version == 1
    with pytest.raises(WrongTurn):
        t.handle(Act(E, parse_call("P")))
    with pytest.raises(IllegalCall):
        t.handle(Act(N, parse_call("X")))
    t = act(t, "1S", "P", "P", "P")
    assert t.status == "play" and t.current is not None and t.current.declarer == N
    assert t.actor == E  # opening lead
    t = act(t, "H7")
    assert t.current is not None and t.current.turn == S and t.actor == N  # dummy's card: declarer plays it
    with pytest.raises(WrongTurn, match="declarer N plays dummy"):
        t.handle(Act(S, Card.parse("H4")))
    t, events = t.handle(Act(N, Card.parse("H4")))
    assert [e.kind for e in events] == ["card"]


def test_a_failed_command_changes_nothing() -> None:
    t = table()
    before = t
    for command in (Act(E, parse_call("1C")), Act(N, Card.parse("SA")), Next(S), Undo(S), ClaimReply(E, True),
                    Join(N, "x"), DealCards(DEAL), Act(N, parse_call("1C"), expect=0)):
        with pytest.raises(ValueError):
            t.handle(command)
        assert t == before and t.version == 1


def test_error_codes() -> None:
    t = table()
    codes = {}
    for name, command in (("turn", Act(E, parse_call("1C"))), ("illegal", Act(N, parse_call("X"))),
                          ("no_pending", ClaimReply(E, True)), ("stale", Act(N, parse_call("1C"), expect=9)),
                          ("not_seated", Join(N, "bot"))):
        with pytest.raises(ValueError) as info:
            t.handle(command)
        codes[name] = error_code(info.value)
    assert codes == {k: k for k in codes}


def test_claims_against_bots_are_verified() -> None:
    t = table("hbhb")  # N and S people, E and W bots: N declares 1S
    t = act(t, "1S", "P", "P", "P")
    # Too early to verify: refused, nothing changes.
    with pytest.raises(InvalidClaim, match="refused"):
        t.handle(Claim(N, 13))
    # A claim checked elsewhere (the server's worker pool) is taken as given.
    done, events = t.handle(Claim(N, 13, verified=True))
    assert done.status == "review" and done.current is not None and done.current.declarer_tricks == 13
    assert "claim_requested" in [e.kind for e in events] and "deal_scored" in [e.kind for e in events]
    # Near the end the engine checks it itself: N holds all the top cards.
    rng = random.Random(1)
    while t.current is not None and t.current.play is not None and t.current.play.tricks_left > 2:
        state = t.current
        t, _ = t.handle(Act(t.actor, rng.choice(state.legal_actions())))  # type: ignore[arg-type]
    assert t.current is not None and t.current.play is not None and not t.current.play.current
    left = t.current.play.tricks_left
    t2, _ = t.handle(Claim(N, 0))  # conceding everything always holds
    assert t2.status == "review" and t2.current is not None
    assert t2.current.declarer_tricks == t.current.play.won[0]
    assert left == 2


def test_claims_against_people_wait_for_both_opponents() -> None:
    t = act(table("hhhh"), "1S", "P", "P", "P", "H7")
    t, _ = t.handle(Claim(N, 12))
    assert t.pending_claim is not None and t.pending_claim.needed == {E, W} and t.actor is None
    assert t.pending_claim.to_dict() == {"by": "N", "tricks": 12, "replies": {"E": None, "W": None}}
    with pytest.raises(Pending):
        t.handle(Act(N, Card.parse("H4")))
    with pytest.raises(NotSeated):
        t.handle(ClaimReply(S, True))
    rejected, events = t.handle(ClaimReply(E, False))
    assert rejected.pending_claim is None and [e.kind for e in events] == ["claim_rejected"]
    withdrawn, events = t.handle(ClaimReply(N, False))
    assert withdrawn.pending_claim is None and [e.kind for e in events] == ["claim_withdrawn"]
    with pytest.raises(NotSeated):
        t.handle(ClaimReply(N, True))
    t, _ = t.handle(ClaimReply(E, True))
    assert t.pending_claim is not None and t.pending_claim.accepted == {E}
    t, events = t.handle(ClaimReply(W, True))
    assert t.status == "review" and t.current is not None and t.current.declarer_tricks == 12
    with pytest.raises(NoPending):
        t.handle(ClaimReply(W, True))
    # Dummy does not claim; a defender may (declarer answers).
    t = act(table("hhhh"), "1S", "P", "P", "P", "H7")
    with pytest.raises(InvalidClaim, match="dummy"):
        t.handle(Claim(S, 1))
    t, _ = t.handle(Claim(E, 0))
    assert t.pending_claim is not None and t.pending_claim.needed == {N}


def test_undo_is_free_against_bots() -> None:
    t = table("bbhb")
    t = act(t, "1C", "P")  # N, E bots
    t, _ = t.handle(Act(S, parse_call("1S")))
    t = act(t, "P", "P", "P")  # W, N, E
    assert t.current is not None and len(t.current.actions) == 6
    t, events = t.handle(Undo(S))
    assert [e.kind for e in events] == ["undo_requested", "undone"]
    assert t.current is not None and [str(a) for a in t.current.actions] == ["1C", "P"] and t.actor == S


def test_undo_with_people_needs_the_opponents() -> None:
    t = table("hhhh")
    t = act(t, "1C", "1D")
    with pytest.raises(TableError, match="nothing to undo"):
        t.handle(Undo(S))
    t, _ = t.handle(Undo(N))
    assert t.pending_undo is not None and t.pending_undo.needed == {E, W} and t.actor is None
    with pytest.raises(NotSeated):
        t.handle(UndoReply(S, True))
    t2, events = t.handle(UndoReply(E, False))
    assert t2.pending_undo is None and t2.current is not None and len(t2.current.actions) == 2
    t3, events = t.handle(UndoReply(N, False))
    assert t3.pending_undo is None and [e.kind for e in events] == ["undo_withdrawn"]
    t, _ = t.handle(UndoReply(E, True))
    t, _ = t.handle(UndoReply(W, True))
    assert t.current is not None and t.current.actions == () and t.actor == N
    # Declarer's dummy cards are declarer's actions.
    t = act(table("bbhb"), "P", "P", "1NT", "P", "P", "P")  # S declares, W leads, N is dummy
    t = act(t, "S2")  # W (bot) leads
    assert t.actor == S
    t, _ = t.handle(Act(S, t.current.legal_actions()[0]))  # type: ignore[union-attr]
    t = act(t, t.current.legal_actions()[0].__str__())  # type: ignore[union-attr]  # E bot
    t, _ = t.handle(Act(S, t.current.legal_actions()[0]))  # type: ignore[union-attr]  # S own card
    t, _ = t.handle(Undo(S))
    assert t.current is not None and len(t.current.play.played) == 3  # type: ignore[union-attr]


def test_next_deal_needs_every_person() -> None:
    t = play_out(table("hbhb"))
    assert t.status == "review" and t.number == 1
    with pytest.raises(NotSeated):
        t.handle(Next(E))
    with pytest.raises(NotSeated):
        t.handle(Next(None))
    t, events = t.handle(Next(N))
    assert t.status == "review" and t.ready == {N} and [e.kind for e in events] == ["ready"]
    t, _ = t.handle(Next(S))
    assert t.needs_deal and t.status == "dealing"
    t, _ = t.handle(DealCards(deal_from_seed(2)))
    assert t.number == 2 and t.status == "auction" and t.dealer == E
    # Bots only: the server moves on.
    b = play_out(table("bbbb"))
    b, _ = b.handle(Next(None))
    assert b.needs_deal


def test_passed_out_deals_per_ruleset() -> None:
    rubber = act(table("hhhh", "rubber"), "P", "P", "P", "P")
    assert rubber.status == "review" and rubber.current is not None and rubber.current.is_passed_out
    assert rubber.session.next_dealer == E
    chicago = act(table("hhhh", "chicago", dealer=S), "P", "P", "P", "P")
    assert chicago.session.next_dealer == S  # the same dealer deals again
    assert chicago.session.next_vulnerability == Vulnerability.NONE
    for s in (N, E, S, W):
        chicago, _ = chicago.handle(Next(s))
    chicago, _ = chicago.handle(DealCards(deal_from_seed(9)))
    assert chicago.dealer == S and chicago.number == 2 and chicago.vulnerability == Vulnerability.NONE
    auction = act(table("hhhh", "auction-1920", dealer=W), "P", "P", "P", "P")
    assert auction.session.next_dealer == N


def game_by_claim(t: Table) -> Table:
    """The dealer bids 4S, everyone passes, declarer claims all thirteen tricks (as verified)."""
    assert t.actor is not None
    t = act(t, "4S", "P", "P", "P")
    state = t.current
    assert state is not None and state.declarer is not None
    t, _ = t.handle(Claim(state.declarer, 13, True))
    return t


def test_a_rubber_ends_and_a_new_one_starts() -> None:
    t = table("bbbb")
    deals = 0
    while t.status != "over":
        t = game_by_claim(t)
        deals += 1
        assert deals <= 3
        if t.status == "review":
            t, _ = t.handle(Next(None))
            t, _ = t.handle(DealCards(deal_from_seed(100 + deals)))
    assert t.session.finished and t.session.winner in ("NS", "EW", "tie")
    assert len(t.finished) == deals and [d.number for d in t.finished] == list(range(1, deals + 1))
    t, events = t.handle(Next(None))
    assert [e.kind for e in events] == ["new_rubber"] and t.rubber == 2 and len(t.rubbers) == 1
    assert t.needs_deal and not t.session.entries


def test_chicago_is_four_deals() -> None:
    t = table("bbbb", "chicago")
    rng = random.Random(4)
    for i in range(4):
        t = play_out(t, rng)
        if i < 3:
            assert t.status == "review"
            t, _ = t.handle(Next(None))
            t, _ = t.handle(DealCards(deal_from_seed(i)))
    assert t.status == "over" and len(t.session.entries) >= 4


def test_joining_and_names() -> None:
    t = table("bbob")
    assert t.kind_of(S) == "open" and t.kind_of(N) == "bot" and t.bots_only
    t, _ = t.handle(Join(S, "  Ana   María  "))
    assert t.kind_of(S) == "human" and t.players[S].name == "Ana María" and t.humans == {S}
    with pytest.raises(NotSeated):
        t.handle(Join(N, "robot"))


def test_stale_bot_decisions_are_refused() -> None:
    t = table("bbhb")
    with pytest.raises(Stale):
        t.handle(Act(N, parse_call("1C"), expect=t.version - 1))
    t2, _ = t.handle(Act(N, parse_call("1C"), expect=t.version))
    assert t2.version == t.version + 1


def test_commands_as_data_and_replay() -> None:
    commands: list[Command] = [DealCards(DEAL), Join(S, "Ana"), Act(N, parse_call("1S"), expect=2),
                               Act(E, parse_call("P")), Claim(N, 3, True), Claim(N, 3), ClaimReply(E, True),
                               Undo(S), UndoReply(W, False), Next(None), Next(S)]
    for c in commands:
        assert command_from_dict(command_to_dict(c)) == c
    with pytest.raises(InvalidNotation):
        command_from_dict({"type": "act", "seat": "N"})
    with pytest.raises(InvalidNotation):
        command_from_dict({"type": "dance"})
    t = Table.create("chicago", [Player.bot(), Player.human(), Player.human("Ana"), Player.bot()], W)
    config = t.config()
    log: list[Command] = []
    rng = random.Random(8)
    t, _ = t.handle(DealCards(DEAL))
    log.append(DealCards(DEAL))
    t, _ = t.handle(Join(E, "Luis"))
    log.append(Join(E, "Luis"))
    while t.status != "review":
        state = t.current
        assert state is not None and t.actor is not None
        cmd = Act(t.actor, rng.choice(state.legal_actions()))
        t, _ = t.handle(cmd)
        log.append(cmd)
    assert Table.replay(config, log) == t
    with pytest.raises(TableError, match="command 3"):
        Table.replay(config, [log[0], log[1], Next(S)])


def test_duplicate_is_not_a_one_table_game() -> None:
    with pytest.raises(InvalidNotation, match="two tables"):
        Table.create("duplicate", [Player.bot()] * 4)


def test_laws_40b_an_alert_is_part_of_the_call_kept_with_the_deal() -> None:
    """Issue 9 (alerts stored with the table): an alerted call's explanation is kept with the deal
    in play, stored in the command's data and replayed; an undo that takes the call back takes its
    alert, and the next deal starts with none."""
    t = table("bbhb")
    t, _ = t.handle(Act(N, parse_call("2D"), alert="Multi: a weak two in a major"))
    t = act(t, "P")
    t, _ = t.handle(Act(S, parse_call("2H")))
    assert t.alerts == ((0, "Multi: a weak two in a major"),)
    command = Act(W, parse_call("3C"), alert="both minors")
    data = command_to_dict(command)
    assert data["alert"] == "both minors" and command_from_dict(data) == command
    t, _ = t.handle(command)
    assert t.alerts == ((0, "Multi: a weak two in a major"), (3, "both minors"))
    commands: list[Command] = [DealCards(DEAL), Act(N, parse_call("2D"), alert="Multi: a weak two in a major"),
                               Act(E, parse_call("P")), Act(S, parse_call("2H")), command]
    replayed = Table.replay(t.config(), [command_from_dict(command_to_dict(c)) for c in commands])
    assert replayed == t
    t, _ = t.handle(Undo(S))     # S takes back 2H (bots answer at once): W's 3C goes with it
    assert t.current is not None and [str(c) for c in t.current.auction.calls] == ["2D", "P"]
    assert t.alerts == ((0, "Multi: a weak two in a major"),)
    t = play_out(act(t, "3S", "P", "P", "P"))
    t, _ = t.handle(Next(S))
    t, _ = t.handle(DealCards(DEAL))
    assert t.alerts == ()
