"""Law 70 claims with many tricks left: ``sure_tricks`` counts the top winners the hand on lead
cashes without the lead ever leaving it (trumps first while the other side may hold any), a
sufficient test that lets a claim of 8 to 13 tricks be verified where the exhaustive check of
every layout would be too big."""

from __future__ import annotations

import random

import pytest

import bazas.engine.play as play_module
from bazas.engine.calls import Strain
from bazas.engine.cards import Hand
from bazas.engine.deal import Deal, deal_random
from bazas.engine.play import Play, sure_tricks
from bazas.engine.seats import SEATS, Seat


def full_deal(pbn: str) -> Deal:
    first = Seat.parse(pbn[0])
    hands = [Hand(0)] * 4
    for i, part in enumerate(pbn[2:].split()):
        hands[first.after(i)] = Hand.from_pbn(part)
    return Deal((hands[0], hands[1], hands[2], hands[3]))


def masks(n: str, e: str, s: str, w: str) -> tuple[int, int, int, int]:
    return tuple(Hand.from_pbn(x).mask for x in (n, e, s, w))  # type: ignore[return-value]


# South (declarer) holds every top card; West leads.
TOPS = "S:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"


def test_law70_claim_of_all_top_winners_holds_after_trick_one_at_notrump() -> None:
    play = Play(full_deal(TOPS), Strain.NT, Seat.S)
    for _ in range(3):                                  # West leads, North and East follow low
        play = play.apply(play.legal_cards()[0])
    play = play.apply(play.legal_cards()[-1])           # South wins with its top card
    assert play.leader is Seat.S and play.tricks_left == 12
    assert play.claim_holds(Seat.S, 12) is True         # too many layouts for the exhaustive check


def test_law70_with_trumps_out_only_trump_winners_are_sure() -> None:
    # Spades trumps, three out (J-9 and 10): South's A-K-Q draw them, then A-K-Q of hearts.
    hands = masks("2.2..", "T.T..", "AKQ.AKQ..", "J9.J9..")
    assert sure_tricks(hands, Seat.S, 3, True) == 6
    # With A-K-2 of spades the third round may not draw the last trump: only two are sure.
    hands = masks("Q.2..", "T.T..", "AK2.AKQ..", "J9.J9..")
    assert sure_tricks(hands, Seat.S, 3, True) == 2
    assert sure_tricks(hands, Seat.S, -1, True) == 5    # at notrump: A-K of spades, A-K-Q of hearts


def test_law70_a_suit_blocked_by_partners_higher_card_is_not_sure() -> None:
    # North holds A-K of spades and the ace of hearts over South's Q-J and king: leading from
    # South, North must overtake and the lead leaves South's hand.
    hands = masks("AK.A..", "T9.Q..", "QJ.K..", "87.J..")
    assert sure_tricks(hands, Seat.S, -1, True) == 0
    assert sure_tricks(hands, Seat.N, -1, True) == 3
    # A partner the claimer cannot see counts as adverse: its cards must be beaten too.
    assert sure_tricks(hands, Seat.S, -1, False) == 0
    assert sure_tricks(hands, Seat.N, -1, False) == 3


@pytest.mark.parametrize("seed", range(4))
def test_law70_sure_tricks_never_claims_what_the_exhaustive_check_rejects(seed: int,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    # An independent check: every claim sure_tricks allows also holds in the exhaustive search
    # over every layout and defence (run with the shortcut switched off).
    rng = random.Random(seed)
    checked = 0
    for _ in range(60):
        strain = rng.choice(list(Strain))
        declarer = rng.choice(SEATS)
        play = Play(deal_random(rng), strain, declarer)
        while play.tricks_left > 4 or play.current:
            play = play.apply(rng.choice(play.legal_cards()))
        leader = play.leader
        claimer = leader if leader != play.dummy else play.declarer
        visible = {claimer, play.dummy}
        if leader not in visible or leader.side != claimer.side:
            continue
        trump = -1 if strain is Strain.NT else int(strain)
        k = sure_tricks(play.hands, leader, trump, leader.partner in visible)
        if k == 0:
            continue
        with monkeypatch.context() as m:
            m.setattr(play_module, "sure_tricks", lambda *args: 0)
            holds = play.claim_holds(claimer, k)
        if holds is None:                       # the exhaustive search gave up: no evidence
            continue
        assert holds is True, (play.hands, leader, strain, k)
        checked += 1
    assert checked >= 3
