"""The team match of seed 002 (issue 10): two tables, one schedule of boards, IMPs, and what each
participant may see (seed 002 sections 2, 3, 8, 9; RULES.md "duplicate", including "Fairness").

The observation audit plays scripted matches at two tables at different paces and checks every
participant's observation after every command: nothing of a board (its hands, the other table's
auction and play, the comparison) before both tables have finished it.
"""

from __future__ import annotations

import json
import random

import pytest

from bazas.engine.calls import PASS
from bazas.engine.cards import Card
from bazas.engine.deal import Board, Deal, Vulnerability
from bazas.engine.errors import WrongTurn
from bazas.engine.match import (
    MAX_BOARDS,
    AtTable,
    Match,
    MatchError,
    MatchEvent,
    NoSuchTable,
    Participant,
    command_from_dict_at,
    command_to_dict_at,
    deal_boards,
    may_receive,
    observe,
    participants,
    team_of,
)
from bazas.engine.rulesets.imps import imps
from bazas.engine.seats import SEATS, Seat, Side
from bazas.engine.state import Action, DealState, parse_action
from bazas.engine.table import Act, Claim, ClaimReply, DealCards, Join, Next, Player, Undo, UndoReply
from bazas.engine.views import view_of

PBN = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"
DEAL = Deal.from_pbn(PBN)


def act(m: Match, table: int, text: str) -> Match:
    actor = m.table(table).actor
    assert actor is not None
    return m.apply(AtTable(table, Act(actor, parse_action(text))))


def bid_and_claim(m: Match, table: int, calls: list[str], tricks: int) -> Match:
    """The auction, the opening lead (the leader's first legal card), declarer claims ``tricks``
    of all 13 (verified: the test decides the result), then the table moves on."""
    for call in calls:
        m = act(m, table, call)
    state = m.table(table).current
    assert state is not None and state.phase == "play"
    m = act(m, table, str(state.legal_actions()[0]))
    declarer = m.table(table).current.declarer  # type: ignore[union-attr]
    assert declarer is not None
    won_so_far = m.table(table).current.play.tricks_won(declarer.side)  # type: ignore[union-attr]
    m = m.apply(AtTable(table, Claim(declarer, tricks - won_so_far, verified=True)))
    return m


def pass_out(m: Match, table: int) -> Match:
    for _ in range(4):
        m = act(m, table, "P")
    return m


def move_on(m: Match, table: int) -> Match:
    return m.apply(AtTable(table, Next(None)))


# -- the seed 002 worked example ---------------------------------------------------------------------

def test_seed002_s9_four_spades_made_vs_three_spades_plus_one_is_6_imps_through_the_match() -> None:
    m = Match.create([DEAL])
    assert Board(1).vulnerability is Vulnerability.NONE and m.table(1).vulnerability is Vulnerability.NONE
    m = bid_and_claim(m, 1, ["4S", "P", "P", "P"], 10)
    assert m.finished_at(1) == {1} and not m.is_complete(1) and m.outcomes == () and m.winner is None
    m, events = m.handle(AtTable(2, Act(Seat.N, parse_action("3S"))))
    for call in ["P", "P", "P"]:
        m = act(m, 2, call)
    m = act(m, 2, str(m.table(2).current.legal_actions()[0]))  # type: ignore[union-attr]
    play = m.table(2).current.play  # type: ignore[union-attr]
    assert play is not None
    m, events = m.handle(AtTable(2, Claim(Seat.N, 10 - play.tricks_won(Side.NS), verified=True)))
    kinds = [(e.kind, e.table) for e in events]
    assert ("board_finished", None) in kinds and ("board_complete", None) in kinds and ("match_over", None) in kinds
    r1, r2 = m.result(1, 1), m.result(1, 2)
    assert r1 is not None and r2 is not None
    assert (str(r1.state.contract), r1.state.declarer_tricks, r1.score_ns) == ("4S", 10, 420)
    assert (str(r2.state.contract), r2.state.declarer_tricks, r2.score_ns) == ("3S", 10, 170)
    (outcome,) = m.outcomes
    c = outcome.comparison
    assert (c.table1_ns, c.table2_ns, c.difference, c.imps_a) == (420, 170, 250, 6)
    assert m.imps_a == 6 and m.over and m.winner == "A" and outcome.running_imps_a == 6
    complete = next(e for e in events if e.kind == "board_complete")
    assert (complete.data["difference"], complete.data["imps_a"]) == (250, 6)
    # The same numbers from the score sheet the match keeps (the duplicate ruleset's own fold).
    sheet = m.session
    assert [(b.table1_ns, b.table2_ns, b.imps_a) for b in sheet.boards] == [(420, 170, 6)]


def test_seed002_s4_passed_out_board_scores_zero_and_the_match_can_tie() -> None:
    m = Match.create([DEAL, DEAL])
    for table in (1, 2):
        m = pass_out(m, table)
        m = move_on(m, table)
        m = bid_and_claim(m, table, ["P", "1NT", "P", "P", "P"], 7)  # board 2: E deals, S declares 1NT=
    assert m.over and [(c.table1_ns, c.table2_ns, c.imps_a) for c in m.comparisons] == [(0, 0, 0), (90, 90, 0)]
    assert m.imps_a == 0 and m.winner == "tie"


def test_seed002_s8_running_total_and_team_b_wins() -> None:
    m = Match.create([DEAL, DEAL])
    m = bid_and_claim(m, 1, ["1S", "P", "P", "P"], 6)             # N/S -50
    m = bid_and_claim(m, 2, ["1S", "P", "P", "P"], 9)             # N/S +140 (team B at table 2)
    m = move_on(move_on(m, 1), 2)
    m = bid_and_claim(m, 1, ["P", "P", "P", "2H", "P", "P", "P"], 8)   # board 2 (N/S vul), N 2H= +110
    m = bid_and_claim(m, 2, ["P", "P", "P", "4H", "P", "P", "P"], 10)  # +620
    assert [(o.comparison.difference, o.comparison.imps_a, o.running_imps_a) for o in m.outcomes] == [
        (-190, imps(-190), -5), (-510, imps(-510), -5 + imps(-510))]
    assert m.imps_a == -16 and m.winner == "B"


# -- dealing, seating and the board cycle --------------------------------------------------------------

def test_seed002_s2_team_a_sits_ns_at_table_1_and_ew_at_table_2() -> None:
    assert [team_of(1, s) for s in SEATS] == ["A", "B", "A", "B"]
    assert [team_of(2, s) for s in SEATS] == ["B", "A", "B", "A"]
    assert [p.team for p in participants()] == ["A", "B", "A", "B", "B", "A", "B", "A", None]


@pytest.mark.parametrize("count", [1, 4, 16, 17, 32])
def test_seed002_s3_board_cycle_same_at_both_tables(count: int) -> None:
    deals = deal_boards(count, random.Random(count))
    assert len(set(deals)) == count
    m = Match.create(deals)
    for board in range(1, count + 1):
        for table in (1, 2):
            assert m.board_at(table) == board
            t = m.table(table)
            assert (t.dealer, t.vulnerability) == (Board(board).dealer, Board(board).vulnerability)
            assert t.current is not None and t.current.deal == deals[board - 1]
            m = pass_out(m, table)
            if board < count:
                m = move_on(m, table)
    assert m.over and m.table(1).status == "over" and m.winner == "tie"


def test_issue10_match_size_and_deals_are_checked() -> None:
    with pytest.raises(MatchError, match="1 to 32 boards, not 0"):
        Match.create([])
    with pytest.raises(MatchError, match="not 33"):
        deal_boards(MAX_BOARDS + 1, random.Random(1))
    with pytest.raises(MatchError, match="board 2 is not a deal"):
        Match.create([DEAL, PBN])  # type: ignore[list-item]
    with pytest.raises(MatchError, match="table 2 has four seats, not 3"):
        Match.create([DEAL], [[Player.bot()] * 4, [Player.bot()] * 3])


def test_issue10_each_table_at_its_own_pace_and_commands_are_checked() -> None:
    m = Match.create(deal_boards(3, random.Random(3)))
    m = pass_out(m, 1)
    m = move_on(m, 1)
    m = pass_out(m, 1)
    m = move_on(m, 1)
    assert (m.board_at(1), m.board_at(2), m.finished_at(1), m.finished_at(2)) == (3, 1, frozenset({1}), frozenset({1}))
    assert m.complete_boards == 0 and not m.over
    with pytest.raises(NoSuchTable, match="tables 1 and 2, not 3"):
        m.check(AtTable(3, Next(None)))
    with pytest.raises(MatchError, match="deals its boards itself"):
        m.check(AtTable(1, DealCards(DEAL)))  # type: ignore[arg-type]
    with pytest.raises(WrongTurn):
        m.check(AtTable(2, Act(Seat.S, PASS)))
    assert not m.can(AtTable(2, Act(Seat.S, PASS))) and m.can(AtTable(2, Act(Seat.N, PASS)))
    m = pass_out(m, 1)
    with pytest.raises(MatchError, match="table 1 has played all 3 boards"):
        m.check(AtTable(1, Next(None)))


def test_issue10_tables_keep_their_rules_claims_undo_and_review_with_people() -> None:
    people = [[Player.human("Ana"), Player.human("Bea"), Player.bot(), Player.human("Eva")], [Player.bot()] * 4]
    m = Match.create([DEAL, DEAL], people)
    m = act(m, 1, "1S")
    m = m.apply(AtTable(1, Undo(Seat.N)))  # Bea and Eva (the opponents) must agree
    m = m.apply(AtTable(1, UndoReply(Seat.E, True)))
    m = m.apply(AtTable(1, UndoReply(Seat.W, True)))
    assert m.table(1).current.actions == ()  # type: ignore[union-attr]
    for call in ["4S", "P", "P", "P"]:
        m = act(m, 1, call)
    m = act(m, 1, "H7")
    m, events = m.handle(AtTable(1, Claim(Seat.N, 10)))
    assert [e.kind for e in events] == ["claim_requested"] and m.finished_at(1) == frozenset()
    m = m.apply(AtTable(1, ClaimReply(Seat.E, True)))
    m, events = m.handle(AtTable(1, ClaimReply(Seat.W, True)))
    assert m.finished_at(1) == {1} and m.table(1).status == "review"
    m, _ = m.handle(AtTable(1, Next(Seat.N)))
    assert m.board_at(1) == 1  # waits for every person at the table
    m = m.apply(AtTable(1, Next(Seat.E)))
    m = m.apply(AtTable(1, Next(Seat.W)))
    assert m.board_at(1) == 2 and m.table(1).status == "auction"


def test_issue10_replay_from_config_and_stored_commands() -> None:
    m = Match.create(deal_boards(2, random.Random(5)), teams=("Norte", "Sur"))
    commands: list[AtTable] = []
    rng = random.Random(9)
    for _ in range(60):
        table = rng.choice((1, 2))
        t = m.table(table)
        if t.status == "review":
            command = AtTable(table, Next(None))
        elif t.actor is not None:
            state = t.current
            assert state is not None
            command = AtTable(table, Act(t.actor, _policy(state, rng)))
        else:
            continue
        m = m.apply(command)
        commands.append(command_from_dict_at(json.loads(json.dumps(command_to_dict_at(command)))))
    assert Match.replay(m.config(), commands).tables == m.tables
    assert Match.from_config(m.config()).teams == ("Norte", "Sur")
    with pytest.raises(MatchError, match="deals its boards itself"):
        command_from_dict_at({"type": "deal", "deal": PBN, "table": 1})
    with pytest.raises(NoSuchTable):
        command_from_dict_at({"type": "next", "seat": None, "table": "1"})


# -- what each participant may see ----------------------------------------------------------------

def _policy(state: DealState, rng: random.Random) -> Action:
    """A random legal action, passing often enough that auctions end."""
    legal = state.legal_actions()
    if state.phase == "auction" and rng.random() < 0.55:
        return PASS
    return rng.choice(legal)


def _cards_in(data: object) -> set[str]:
    out: set[str] = set()
    if isinstance(data, dict):
        for v in data.values():
            out |= _cards_in(v)
    elif isinstance(data, list):
        for v in data:
            out |= _cards_in(v)
    elif isinstance(data, str):
        if len(data) == 2 and data[0] in "CDHS" and data[1] in "23456789TJQKA":
            out.add(data)
        elif ":" in data and len(data) > 60:  # a PBN deal
            deal = Deal.from_pbn(data)
            out |= {str(c) for s in SEATS for c in deal.hand(s)}
    return out


def audit(m: Match) -> None:
    """Every participant's observation of ``m`` reveals nothing of a board before both tables
    have finished it."""
    for p in participants():
        view = observe(m, p)
        data = json.loads(json.dumps(view.to_dict()))
        assert view.progress == (m.finished_count(1), m.finished_count(2))
        # Complete boards only, and in full.
        assert [o.board for o in view.complete] == [b for b in range(1, m.boards + 1) if m.is_complete(b)]
        assert [c["board"] for c in data["complete"]] == [o.board for o in view.complete]
        if p.table is None:
            assert view.live is None and view.own == ()
            assert data["live"] is None and data["own"] == []
            continue
        assert p.seat is not None
        other = 3 - p.table
        # Its own table's finished boards that the other table has not finished yet: its own results.
        assert all(r.table == p.table and not m.is_complete(r.board) for r in view.own)
        assert [r.board for r in view.own] == [b for b in range(1, m.finished_count(p.table) + 1)
                                                if not m.is_complete(b)]
        assert all(r["table"] == p.table for r in data["own"])
        # The live board: its own table's, exactly as the one-deal view shows it to this seat.
        t = m.table(p.table)
        assert view.live is not None and t.current is not None
        assert view.live.table == p.table and view.live.board == t.number
        assert view.live.view == view_of(t.current, p.seat)
        # Nothing of the other table's incomplete boards anywhere in the data: none of its
        # results, and no entry naming the other table except in complete boards.
        flat = json.dumps({k: v for k, v in data.items() if k not in ("complete", "progress", "players")})
        assert f'"table": {other}' not in flat
        for board in range(1, m.boards + 1):
            if m.is_complete(board):
                continue
            r = m.result(board, other)
            if r is not None:
                assert r.to_dict() not in data["own"]
        # Cards: the live board shows only what view_of allows (tested per deal in test_views);
        # own results show own finished boards; nothing else names a card.
        allowed: set[str] = {str(c) for c in view.live.view.visible_cards()}
        allowed |= {str(a) for a in view.live.view.legal if isinstance(a, Card)}
        for r in view.own:
            allowed |= {str(c) for s in SEATS for c in r.state.deal.hand(s)}
        for o in view.complete:
            allowed |= {str(c) for s in SEATS for c in o.deal.hand(s)}
        assert _cards_in({k: v for k, v in data.items() if k != "complete"}) <= allowed


def play_scripted(m: Match, schedule: random.Random, policies: dict[int, random.Random],
                  on_step: object = None) -> Match:
    steps = 0
    while not m.over:
        table = schedule.choice((1, 1, 2)) if steps % 40 < 20 else schedule.choice((1, 2, 2))
        t = m.table(table)
        if t.status == "over":
            continue
        if t.status == "review":
            command = AtTable(table, Next(None))
        else:
            state = t.current
            assert t.actor is not None and state is not None
            play = state.play
            if play is not None and len(play.tricks) >= 2 and not play.current and t.actor == play.declarer:
                # Declarer claims some of the rest (the test decides; it keeps the audit short).
                tricks = policies[table].randint(0, play.tricks_left)
                command = AtTable(table, Claim(play.declarer, tricks, verified=True))
            else:
                command = AtTable(table, Act(t.actor, _policy(state, policies[table])))
        m, events = m.handle(command)
        for e in events:
            if e.table is not None:
                assert e.table == table and e.kind not in ("board_complete", "match_over")
        if callable(on_step):
            on_step(m, events)
        steps += 1
    return m


def test_seed002_s8_rules_fairness_no_participant_sees_a_board_before_both_tables_finish_it() -> None:
    seen_complete: list[int] = []

    def check(m: Match, events: tuple[MatchEvent, ...]) -> None:
        audit(m)
        for e in events:
            if e.kind == "board_complete":
                assert m.is_complete(e.data["board"])
                seen_complete.append(e.data["board"])

    m = Match.create(deal_boards(4, random.Random(11)))
    audit(m)
    m = play_scripted(m, random.Random(1), {1: random.Random(2), 2: random.Random(3)}, check)
    assert seen_complete == [1, 2, 3, 4] and m.winner in ("A", "B", "tie")
    final = observe(m, Participant())
    assert [o.board for o in final.complete] == [1, 2, 3, 4] and final.imps_a == m.imps_a
    assert any(o.results[0].state.play is not None for o in final.complete)


def test_seed002_s8_what_table_1_sees_does_not_depend_on_how_table_2_plays_its_unfinished_boards() -> None:
    """Two matches: the same deals, the same calls and cards at table 1, different ones at table 2.
    Until a board is complete, every participant at table 1 sees exactly the same thing of it."""
    deals = deal_boards(2, random.Random(21))
    first, second = Match.create(deals), Match.create(deals)
    policy1 = random.Random(4)
    rng2a, rng2b = random.Random(5), random.Random(6)
    compared = 0
    for _ in range(400):
        if first.table(1).status != "over":
            t = first.table(1)
            if t.status == "review":
                command = AtTable(1, Next(None))
            else:
                assert t.actor is not None and t.current is not None
                command = AtTable(1, Act(t.actor, _policy(t.current, policy1)))
            first, second = first.apply(command), second.apply(command)
        for match, rng in ((first, rng2a), (second, rng2b)):
            t = match.table(2)
            if t.status in ("auction", "play") and t.actor is not None and t.current is not None:
                if match is first:
                    first = first.apply(AtTable(2, Act(t.actor, _policy(t.current, rng))))
                else:
                    second = second.apply(AtTable(2, Act(t.actor, _policy(t.current, rng))))
        for seat in SEATS:
            a, b = observe(first, Participant(1, seat)), observe(second, Participant(1, seat))
            assert a.live == b.live
            # Its own results stay its own until the board is complete (which may happen at a
            # different moment in each match: table 2 plays at its own pace).
            assert ([r for r in a.own if not second.is_complete(r.board)]
                    == [r for r in b.own if not first.is_complete(r.board)])
            assert all(first.is_complete(o.board) for o in a.complete)
            compared += 1
        a, b = observe(first, Participant()), observe(second, Participant())
        assert (a.live, a.own) == (b.live, b.own) == (None, ())
        if first.table(1).status == "over" and first.table(2).status == "review":
            break
    assert compared > 100
    # Table 2 never moved past board 1 in either match: board 1 is complete, board 2 is not.
    assert first.complete_boards == second.complete_boards == 1
    assert observe(first, Participant(1, Seat.N)).own == observe(second, Participant(1, Seat.N)).own


def test_issue10_table_events_go_to_that_table_only() -> None:
    e = MatchEvent("card", {"seat": "N", "card": "SA"}, table=2)
    assert [may_receive(p, e) for p in participants()] == [False] * 4 + [True] * 4 + [False]
    public = MatchEvent("board_finished", {"table": 2, "board": 1})
    assert all(may_receive(p, public) for p in participants())
    m = Match.create([DEAL])
    m, events = m.handle(AtTable(2, Act(Seat.N, parse_action("1S"))))
    assert [(e.kind, e.table) for e in events] == [("call", 2)]
    with pytest.raises(MatchError, match="both given"):
        Participant(1)


def test_issue10_joining_a_seat() -> None:
    m = Match.create([DEAL], [[Player.human()] + [Player.bot()] * 3, [Player.bot()] * 4])
    m, events = m.handle(AtTable(1, Join(Seat.N, "Ana")))
    assert m.table(1).players[0].name == "Ana" and events[0].table == 1
    assert observe(m, Participant()).to_dict()["players"][0]["N"] == {"kind": "human", "name": "Ana",
                                                                     "joined": True, "team": "A"}
