"""Team match records (issue 10 "Records"): PBN 2.1 export and import of the boards and of the
results played at both tables -- what we write we read back identically; reading tolerates
comments, missing optional sections and usual spellings -- and the one JSON shape of a compared
match (the same as ``bazas score --json`` for a duplicate record)."""

from __future__ import annotations

import random
import re

import pytest

from bazas.engine.calls import PASS
from bazas.engine.deal import Board, Deal
from bazas.engine.match import AtTable, Match, deal_boards
from bazas.engine.seats import Seat
from bazas.engine.session import BoardComparison
from bazas.engine.table import Act, Claim, Next, Player
from bazas.formats.match_records import (
    dump_comparison,
    dumps_boards,
    dumps_match,
    load_boards,
    loads_match,
    pbn_date,
    record_of_match,
)
from bazas.formats.pbn import MANDATORY_TAGS, PbnError, dumps, game_state, loads, section_tokens
from bazas.formats.records import dump_session, load_session

PBN_DEAL = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"

#: Seed 002 section 9's worked example on board 1 (nobody vulnerable): 4S= by N/S of team A at
#: table 1 (+420), 3S+1 by N/S of team B at table 2 (+170): 250 points, 6 IMPs to team A. Boards
#: 2-4 are passed out at both tables (0). Written by hand, as another program might.
SEED_002_EXAMPLE = """% PBN 2.1
% EXPORT
%Content-type: text/x-pbn; charset=UTF-8

[Event "Seed 002 worked example"]
[Site "club"]
[Date "2026.11.30"]
[Board "1"]
[West "Wanda"]
[North "Ana"]
[East "Eli"]
[South "Sol"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]
[Scoring "IMP"]
[Declarer "N"]
[Contract "4S"]
[Result "10"]
[Room "Open"]
[Auction "N"]
1S Pass 3S Pass
4S AP

[Event "Seed 002 worked example"]
[Site "club"]
[Date "2026.11.30"]
[Board "1"]
[West "Wes"]
[North "Nora"]
[East "Eva"]
[South "Sam"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]
[Scoring "IMP"]
[Declarer "N"]
[Contract "3S"]
[Result "10"]
[Room "Closed"]
"""
for _board, _dealer, _vul in ((2, "E", "NS"), (3, "S", "EW"), (4, "W", "All")):
    for _room in ("Open", "Closed"):
        SEED_002_EXAMPLE += f"""
[Event "Seed 002 worked example"]
[Board "{_board}"]
[Dealer "{_dealer}"]
[Vulnerable "{_vul}"]
[Contract "Pass"]
[Room "{_room}"]
"""


def _policy(state, rng: random.Random):  # type: ignore[no-untyped-def]
    if state.phase == "auction" and rng.random() < 0.55:
        return PASS
    return rng.choice(state.legal_actions())


def played_match(boards: int = 4, seed: int = 1) -> Match:
    """A match played to the end by random legal actions, claims by declarer and by defenders,
    and the two tables at different paces."""
    rng = random.Random(seed)
    names = [[Player.bot(n) for n in ("Ana", "Bea", "Carla", "Dora")],
             [Player.bot(n) for n in ("Eli", "Fran", "Gus", "Hugo")]]
    m = Match.create(deal_boards(boards, rng), names, teams=("Leones", "Tigres"))
    while not m.over:
        number = rng.choice((1, 2))
        t = m.table(number)
        if t.status == "over":
            continue
        if t.status == "review":
            m = m.apply(AtTable(number, Next(None)))
            continue
        state = t.current
        assert state is not None and t.actor is not None
        play = state.play
        if play is not None and len(play.tricks) >= 3 and rng.random() < 0.1:
            claimer = rng.choice((play.declarer, play.declarer.lho, play.declarer.rho))
            if state.actor in (claimer, play.declarer):
                m = m.apply(AtTable(number, Claim(claimer, rng.randint(0, play.tricks_left), verified=True)))
                continue
        m = m.apply(AtTable(number, Act(t.actor, _policy(state, rng))))
    return m


# -- export and import -----------------------------------------------------------------------------

@pytest.mark.parametrize("seed", [1, 2, 3])
def test_issue10_records_pbn_round_trip_is_identical(seed: int) -> None:
    m = played_match(4, seed)
    record = record_of_match(m, event="Liga", site="bazas", date="2026.11.30")
    text = dumps_match(record)
    back = loads_match(text)
    assert back == record
    assert dumps_match(back) == text
    # Every game is the played board at its table: the same deal state (auction, play, claim).
    for p in back.played:
        r = m.result(p.board, p.table)
        assert r is not None and p.state == r.state and p.result.board == p.board
    assert back.comparison()["imps_a"] == m.imps_a
    assert [(b["board"], b["table1_ns"], b["table2_ns"]) for b in back.comparison()["boards"]] == [
        (c.board, c.table1_ns, c.table2_ns) for c in m.comparisons]


def test_issue10_records_pbn_tags_both_rooms_and_date() -> None:
    m = played_match(2, 4)
    text = dumps_match(record_of_match(m, event="Liga"))
    games = loads(text).games
    assert len(games) == 4
    for game, (board, room) in zip(games, [(1, "Open"), (1, "Closed"), (2, "Open"), (2, "Closed")], strict=True):
        names = [k for k, _ in game.tags]
        assert names[:len(MANDATORY_TAGS)] == list(MANDATORY_TAGS)
        assert game.tag("Board") == str(board) and game.tag("Room") == room
        assert game.tag("Date") == pbn_date() and re.fullmatch(r"\d{4}\.\d{2}\.\d{2}", game.tag("Date") or "")
        assert game.tag("Scoring") == "IMP" and game.tag("Event") == "Liga"
        assert (game.tag("HomeTeam"), game.tag("VisitTeam")) == ("Leones", "Tigres")
        assert game.tag("Dealer") == Board(board).dealer.name
        assert game.tag("Vulnerable") == Board(board).vulnerability.pbn
        assert game.tag("Auction") == game.tag("Dealer")
        state = game_state(game)
        assert state is not None and state.phase == "done"
        if state.is_passed_out:
            assert game.tag("Contract") == "Pass" and game.tag("Play") is None
        else:
            assert game.tag("Contract") == str(state.contract) and game.tag("Result") == str(state.declarer_tricks)
            assert game.tag("Play") == state.declarer.lho.name  # type: ignore[union-attr]
    # Each room's players by seat (table 1: Ana N ... Dora W; table 2: Eli N ... Hugo W).
    assert [games[0].tag(t) for t in ("North", "East", "South", "West")] == ["Ana", "Bea", "Carla", "Dora"]
    assert [games[1].tag(t) for t in ("North", "East", "South", "West")] == ["Eli", "Fran", "Gus", "Hugo"]


def test_issue10_records_reading_tolerates_comments_missing_sections_and_spellings() -> None:
    record = loads_match(SEED_002_EXAMPLE)
    assert record.event == "Seed 002 worked example" and record.date == "2026.11.30"
    one, two = record.at(1, 1), record.at(1, 2)
    assert one is not None and two is not None
    assert one.state is not None and str(one.state.contract) == "4S" and one.state.declarer is Seat.N
    assert one.state.phase == "done" and one.state.declarer_tricks == 10  # Result with no Play: a claim
    assert two.state is None and str(two.result.contract) == "3S" and two.result.tricks == 10
    assert one.names == ("Ana", "Eli", "Sol", "Wanda")
    # Comments of every kind, lower-case and short spellings, Table instead of Room, no Room.
    text = """% written by hand
{a comment before the game}
[Board "1"]
[Dealer "N"]
[Vulnerable "-"]
[Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]
[Declarer "N"]
[Contract "1N"]
[Result "7"]
[Table "2"]
[Auction "N"]
1n! {natural} pass =1= p ; end of line comment
p
[Note "1:no comment"]
[Play "E"]
d4 dj d10 d5 {a comment
over two lines}
*

[Board "1"]
[Contract "pass"]
"""
    record = loads_match(text)
    closed, open_ = record.at(1, 2), record.at(1, 1)
    assert closed is not None and closed.state is not None and str(closed.state.contract) == "1NT"
    assert closed.state.play is not None and len(closed.state.play.tricks) == 1 and closed.result.tricks == 7
    assert open_ is not None and open_.result.contract is None  # the board's other game: table 1
    assert record.comparison()["boards"][0]["table1_ns"] == 0


@pytest.mark.parametrize(("text", "message"), [
    ('[Board "1"]\n[Contract "pass"]\n[Room "Open"]\n\n[Board "1"]\n[Contract "pass"]\n[Room "Open"]\n',
     "game 2: board 1 already has a result at table 1"),
    (f'[Board "1"]\n[Deal "{PBN_DEAL}"]\n[Contract "pass"]\n\n[Board "1"]\n[Contract "pass"]\n'
     '[Deal "N:T98.765.432.AKQJ AKQJ.T98.765.432 765.432.AKQJ.T98 432.AKQJ.T98.765"]\n',
     "game 2: board 1 was dealt differently in game 1"),
    ('[Board "1"]\n[Contract "4S"]\n[Declarer "N"]\n', "no Result"),
    ('[Board "1"]\n[Contract "pass"]\n[Room "Kitchen"]\n', "is not a table of a team match"),
    (f'[Board "1"]\n[Deal "{PBN_DEAL}"]\n[Dealer "N"]\n[Contract "1S"]\n[Declarer "N"]\n[Result "9"]\n'
     '[Auction "N"]\n1S Pass Pass\n', "the Auction is not complete"),
    (f'[Board "1"]\n[Deal "{PBN_DEAL}"]\n[Dealer "N"]\n[Contract "2S"]\n[Declarer "N"]\n[Result "9"]\n'
     '[Auction "N"]\n1S AP\n', "the Auction ends in 1S, not 2S"),
    # North is seat 0, a falsy value once shown as "nobody".
    (f'[Board "1"]\n[Deal "{PBN_DEAL}"]\n[Dealer "N"]\n[Contract "1S"]\n[Declarer "S"]\n[Result "9"]\n'
     '[Auction "N"]\n1S AP\n', "the Auction makes N declarer, not S"),
    (f'[Board "1"]\n[Deal "{PBN_DEAL}"]\n[Dealer "N"]\n[Contract "1S"]\n[Declarer "N"]\n[Result "9"]\n'
     '[Auction "N"]\n1S AP\n[Play "E"]\nS2 - - -\n', "Play, trick 1: S2 by E"),
    ("% nothing\n", "no board results"),
])
def test_issue10_records_bad_input_names_the_game_and_field(text: str, message: str) -> None:
    with pytest.raises(PbnError, match=re.escape(message)):
        loads_match(text)


# -- the comparison: one shape ---------------------------------------------------------------------

def test_issue10_seed002_example_compares_to_6_imps_in_the_score_json_shape() -> None:
    record = loads_match(SEED_002_EXAMPLE)
    data = record.comparison()
    assert data == dump_comparison([BoardComparison(1, 420, 170), BoardComparison(2, 0, 0),
                                    BoardComparison(3, 0, 0), BoardComparison(4, 0, 0)], 6, "A")
    assert data["boards"][0] == {"board": 1, "table1_ns": 420, "table2_ns": 170, "difference": 250, "imps_a": 6}
    assert (data["imps_a"], data["winner"], data["winning_team"]) == (6, "NS", "A")
    # bazas score's duplicate JSON carries exactly the same keys and values (one function).
    scored = dump_session(load_session(SEED_002_EXAMPLE))
    assert {k: scored[k] for k in data} == data


def test_issue10_records_of_a_match_in_progress_only_hold_finished_boards() -> None:
    m = Match.create([Deal.from_pbn(PBN_DEAL)] * 2)
    for _ in range(4):
        m = m.apply(AtTable(1, Act(m.table(1).actor, PASS)))  # type: ignore[arg-type]
    record = record_of_match(m, date="2026.11.30")
    assert [(p.board, p.table) for p in record.played] == [(1, 1)]
    assert not record.complete and record.comparison()["winner"] is None
    assert loads_match(dumps_match(record)) == record


# -- the boards alone --------------------------------------------------------------------------------

def test_issue10_boards_export_and_import_before_play() -> None:
    deals = deal_boards(5, random.Random(8))
    text = dumps_boards(deals, event="Liga", date="2026.11.30")
    assert load_boards(text) == deals
    games = loads(text).games
    assert [g.tag("Board") for g in games] == ["1", "2", "3", "4", "5"]
    assert all(g.tag("Date") == "2026.11.30" and g.tag("Scoring") == "IMP" for g in games)
    # A record of played boards gives its boards too; a match starts from them.
    m = played_match(2, 6)
    assert load_boards(dumps_match(record_of_match(m))) == m.deals
    assert Match.create(load_boards(text)).deals == deals


@pytest.mark.parametrize(("text", "message"), [
    (f'[Board "2"]\n[Deal "{PBN_DEAL}"]\n', "missing: 1"),
    (f'[Board "1"]\n[Dealer "E"]\n[Deal "{PBN_DEAL}"]\n', "board 1 is dealt by N, not E"),
    (f'[Board "1"]\n[Vulnerable "All"]\n[Deal "{PBN_DEAL}"]\n', "vulnerability None, not All"),
    ('[Board "1"]\n[Contract "pass"]\n', "no boards with a Board number and a Deal"),
])
def test_issue10_boards_import_errors(text: str, message: str) -> None:
    with pytest.raises(PbnError, match=re.escape(message)):
        load_boards(text)


def test_pbn_3_9_alerted_calls_are_written_as_notes_and_read_back() -> None:
    """PBN 2.1 section 3.9: an explained call carries a ``=n=`` reference in the Auction section,
    its text a ``[Note "n:text"]`` tag after the auction; reading gives back every explanation
    at the index of its call, and the record is identical."""
    from dataclasses import replace

    m = played_match(2, 4)
    record = record_of_match(m, event="Liga", site="bazas", date="2026.12.06")
    first = record.played[0]
    assert first.state is not None
    calls = len(first.state.auction.calls)
    alerts = {0: "strong, artificial", calls - 1: "to play"}
    noted = replace(record, played=(replace(first, alerts=tuple(sorted(alerts.items()))), *record.played[1:]))
    text = dumps_match(noted)
    game = loads(text).games[0]
    tokens = section_tokens(game.section("Auction"), notes=True)
    assert tokens[1] == "=1=" and tokens[-1] == "=2="
    assert [v for k, v in game.tags if k == "Note"] == ["1:strong, artificial", "2:to play"]
    # the notes come right after the auction, before the play
    names = [k for k, _ in game.tags]
    assert names.index("Note") == names.index("Auction") + 1
    back = loads_match(text)
    assert back == noted and dict(back.played[0].alerts) == alerts
    assert back.played[1].alerts == ()
    assert game_state(game) == first.state   # the references change nothing in the auction


def test_pbn_3_9_a_reference_to_a_missing_note_is_refused_naming_it() -> None:
    m = played_match(1, 5)
    text = dumps_match(record_of_match(m, date="2026.12.06"))
    lines = text.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("[Auction")) + 1
    lines[at] = lines[at] + " =7="
    with pytest.raises(PbnError, match="note 7"):
        loads_match("\n".join(lines) + "\n")


def test_a_pbn_record_of_boards_1_to_n_at_both_tables_is_a_settled_match() -> None:
    """A table manager's session may be any number of boards: the scorepad (``bazas score``)
    settles a PBN record when boards 1..n all have both rooms' results, as the match record does,
    and leaves it in progress while a room is missing."""
    m = played_match(2, 6)
    text = dumps_match(record_of_match(m, date="2026.12.06"))
    settled = load_session(text)
    assert settled.finished and settled.winner in ("A", "B", "tie")
    assert settled.imps_a == loads_match(text).comparison()["imps_a"]
    games = loads(text).games
    partial = dumps([g for g in games if not (g.board == 2 and g.tag("Room") == "Closed")])
    assert not load_session(partial).finished
