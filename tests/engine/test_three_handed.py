"""Three-handed Auction ("cut-throat"; RULES.md, "Variants from seed 001", after R. F. Foster):
the three-player auction, the seating for the play, and per-player scoring."""

from __future__ import annotations

import random

import pytest

from bazas.engine.calls import ALL_CALLS, DOUBLE, PASS, REDOUBLE, Contract, Strain, parse_call
from bazas.engine.cards import Card
from bazas.engine.deal import Deal, deal_from_seed
from bazas.engine.errors import GameOver, IllegalCall, ScoringError, WrongTurn
from bazas.engine.honours import Honours, count, from_cards
from bazas.engine.play import Play
from bazas.engine.rulesets.base import Item
from bazas.engine.rulesets.three_handed_auction import (
    ScoreSheet,
    ThreeHandedResult,
    player_honours,
    score,
)
from bazas.engine.seats import Seat
from bazas.engine.three_handed import DUMMY_SEAT, PLAYERS, ThreeHandedAuction, next_player, seating_for_play

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W
PBN = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"


def auction(dealer: Seat, calls: str) -> ThreeHandedAuction:
    return ThreeHandedAuction.from_calls(dealer, calls.split())


def items(sheet: ScoreSheet, result: ThreeHandedResult) -> list[tuple[str, str, int, bool]]:
    return [(i.kind.value, i.player.name, i.points, i.below) for i in score(sheet, result).items]


def result(contract: str, declarer: Seat, tricks: int, honours: Honours | None = None) -> ThreeHandedResult:
    return ThreeHandedResult(Contract.parse(contract), declarer, tricks, honours)


# -- the auction -------------------------------------------------------------------------------

def test_rules_three_handed_players_call_in_turn_n_e_s_and_dummy_never_calls() -> None:
    a = ThreeHandedAuction(S)
    assert [a.turn, a.apply(PASS).turn, a.apply(PASS).apply(PASS).turn] == [S, N, E]
    with pytest.raises(WrongTurn):
        ThreeHandedAuction(W)
    with pytest.raises(WrongTurn):
        a.apply(PASS, W)
    with pytest.raises(WrongTurn):
        a.apply(PASS, N)
    assert a.apply(PASS, S).seat_of(0) == S


def test_rules_three_handed_bid_passed_by_both_others_is_final() -> None:
    a = auction(N, "1S P")
    assert not a.is_complete and a.contract is None and a.declarer is None
    a = a.apply(PASS)
    assert a.is_complete and str(a.contract) == "1S" and a.declarer == N
    assert a.legal_calls() == []
    with pytest.raises(GameOver):
        a.apply(PASS)


def test_rules_three_handed_all_three_pass_deal_is_passed_out() -> None:
    assert not auction(E, "P P").is_complete
    a = auction(E, "P P P")
    assert a.is_complete and a.is_passed_out and a.contract is None and a.declarer is None
    # Passes after an opening bid by the third hand: the auction goes on.
    assert not auction(E, "P P 1C").is_complete
    assert auction(E, "P P 1C P P").declarer == N


def test_rules_three_handed_declarer_is_last_bidder_not_first_to_name_strain() -> None:
    a = auction(N, "1S 2S P P")
    # N named spades first, but E made the last bid: each player bids for himself.
    assert a.declarer == E and str(a.contract) == "2S"


def test_rules_three_handed_insufficient_bid_is_illegal() -> None:
    with pytest.raises(IllegalCall, match="insufficient"):
        auction(N, "1NT 1S")
    with pytest.raises(IllegalCall, match="insufficient"):
        auction(N, "1NT P 1NT")


def test_rules_three_handed_any_other_player_may_double_if_only_passes_followed() -> None:
    # Next player doubles at once.
    assert auction(N, "1S").can(DOUBLE)
    # The third player doubles after a pass: only passes followed the bid.
    a = auction(N, "1S P X P P")
    assert a.is_complete and str(a.contract) == "1SX" and a.declarer == N and a.doubler == S
    # A doubled bid cannot be doubled again, not even by the third player.
    with pytest.raises(IllegalCall, match="already doubled"):
        auction(N, "1S X X")
    # No bid, nothing to double.
    with pytest.raises(IllegalCall, match="no bid"):
        auction(N, "P X")


def test_rules_three_handed_only_the_doubled_bidder_may_redouble() -> None:
    with pytest.raises(IllegalCall, match="player whose bid was doubled"):
        auction(N, "1S X XX")  # S is not the bidder
    a = auction(N, "1S X P XX")  # N redoubles after a pass
    assert not a.is_complete and not a.can(DOUBLE) and not a.can(REDOUBLE)
    a = a.apply(PASS).apply(PASS)
    assert a.is_complete and str(a.contract) == "1SXX" and a.declarer == N
    with pytest.raises(IllegalCall, match="only a doubled bid"):
        auction(N, "1S XX")


def test_rules_three_handed_double_followed_by_two_passes_ends_auction() -> None:
    # The double is the last non-pass call; two passes after it end the auction.
    a = auction(N, "1S 2H X P P")
    assert a.is_complete and str(a.contract) == "2HX" and a.declarer == E


def test_rules_three_handed_new_bid_cancels_double() -> None:
    a = auction(N, "1S X 2C P P")
    assert str(a.contract) == "2C" and a.declarer == S and a.doubler is None


def test_rules_three_handed_legal_calls_fixed_order() -> None:
    after_1s = auction(N, "1S").legal_calls()
    assert [str(c) for c in after_1s[:4]] == ["P", "X", "1NT", "2C"]
    assert [str(c) for c in auction(N, "1S X").legal_calls()[:2]] == ["P", "1NT"]
    assert [str(c) for c in auction(N, "1S X P").legal_calls()[:3]] == ["P", "XX", "1NT"]
    assert [str(c) for c in auction(S, "7NT").legal_calls()] == ["P", "X"]
    assert len(ThreeHandedAuction(N).legal_calls()) == 1 + 35


def test_rules_three_handed_legal_calls_agree_with_can_on_random_auctions() -> None:
    rng = random.Random(3)
    for _ in range(300):
        a = ThreeHandedAuction(rng.choice(PLAYERS))
        while not a.is_complete:
            legal = a.legal_calls()
            assert legal == [c for c in ALL_CALLS if a.can(c)]
            assert [c.index for c in legal] == sorted(c.index for c in legal)
            call = PASS if rng.random() < 0.5 else rng.choice(legal)
            a = a.apply(call, a.turn)
        assert ThreeHandedAuction.from_calls(a.dealer, list(a)) == a
        assert a.is_passed_out or a.declarer == a.last_bidder


# -- seating for the play ----------------------------------------------------------------------

@pytest.mark.parametrize("declarer, dummy, lho, rho", [
    (N, S, E, W),  # E stays at N's left; S moves to W, the dummy hand goes to S
    (E, W, S, N),  # nothing moves
    (S, N, W, E),  # N moves to W (S's left), the dummy hand goes to N
])
def test_rules_three_handed_dummy_opposite_declarer_next_player_at_his_left(
        declarer: Seat, dummy: Seat, lho: Seat, rho: Seat) -> None:
    deal = Deal.from_pbn(PBN)
    s = seating_for_play(deal, declarer)
    assert s.declarer == declarer and s.dummy == dummy == declarer.partner
    assert s.deal.hand(dummy) == deal.hand(DUMMY_SEAT)
    assert s.seat_of == {declarer: declarer, next_player(declarer): lho, next_player(declarer, 2): rho}
    for player, seat in s.seat_of.items():
        assert s.deal.hand(seat) == deal.hand(player)
        assert s.player_at(seat) == player
    assert s.player_at(dummy) is None
    # The player after the declarer in calling order leads.
    assert Play(s.deal, Strain.S, declarer).turn == lho


# -- scoring: the contract ---------------------------------------------------------------------

def test_rules_three_handed_made_contract_scores_to_declarer_only() -> None:
    # 4S by N, 10 tricks: 4 over six x 9 = 36 below -> game (>= 30): 125 above.
    sheet = ScoreSheet.start(N)
    assert items(sheet, result("4S", N, 10)) == [("trick score", "N", 36, True), ("game bonus", "N", 125, False)]
    assert sheet.add(result("4S", N, 10)).totals() == {N: 36 + 125, E: 0, S: 0}


def test_rules_three_handed_failed_contract_each_opponent_scores() -> None:
    # 4S by N, 8 tricks: down 2 x 50 = 100, to E AND to S.
    sheet = ScoreSheet.start(N).add(result("4S", N, 8))
    assert sheet.totals() == {N: 0, E: 100, S: 100}
    # 2HX by E, 6 tricks: down 2 x 100 = 200 to each of S and N.
    assert items(ScoreSheet.start(N), result("2HX", E, 6)) == [
        ("undertricks", "S", 200, False), ("undertricks", "N", 200, False)]
    # 3NTXX by S, 8 tricks: down 1 x 200 = 200 each.
    assert ScoreSheet.start(N).add(result("3NTXX", S, 8)).totals() == {N: 200, E: 200, S: 0}


def test_rules_three_handed_doubled_contract_made_insult_and_overtricks() -> None:
    # 1SX by N, 9 tricks: 3 x 9 x 2 = 54 below (game, 125); insult 50; 2 overtricks x 50 = 100.
    assert items(ScoreSheet.start(N), result("1SX", N, 9)) == [
        ("trick score", "N", 54, True), ("insult", "N", 50, False), ("overtricks", "N", 100, False),
        ("game bonus", "N", 125, False)]
    # 1CXX by S, 7 tricks: 1 x 6 x 4 = 24 below, no game; insult 100.
    sheet = ScoreSheet.start(N).add(result("1CXX", S, 7))
    assert (sheet.below, sheet.above, sheet.part_scores, sheet.games) == ((0, 0, 24), (0, 0, 100), (0, 0, 24), (0, 0, 0))


def test_rules_three_handed_slams_to_declarer_or_to_each_opponent() -> None:
    # 6H by E, 12 tricks: 6 x 8 = 48 below, game 125, small slam 50.
    assert items(ScoreSheet.start(N), result("6H", E, 12)) == [
        ("trick score", "E", 48, True), ("slam", "E", 50, False), ("game bonus", "E", 125, False)]
    # 1C by N, 0 tricks: down 7 x 50 = 350 to each; the opponents won 13: 100 each.
    assert ScoreSheet.start(N).add(result("1C", N, 0)).totals() == {N: 0, E: 350 + 100, S: 350 + 100}
    # 1C by N, 1 trick: down 6 x 50 = 300; the opponents won 12: 50 each.
    assert ScoreSheet.start(N).add(result("1C", N, 1)).totals() == {N: 0, E: 300 + 50, S: 300 + 50}
    # 7NT by S, 13 tricks: 7 x 10 = 70, grand slam 100, game 125.
    assert ScoreSheet.start(N).add(result("7NT", S, 13)).totals() == {N: 0, E: 0, S: 70 + 100 + 125}


# -- scoring: honours per player ----------------------------------------------------------------

def honours_of(strain: Strain, declarer: Seat, holding: dict[Seat, list[str]]) -> dict[str, int]:
    r = ThreeHandedResult(Contract(1, strain), declarer, 7, from_cards(strain, holding))
    return {i.player.name: i.points for i in score(ScoreSheet.start(N), r).items if i.kind is Item.HONOURS}


def test_rules_three_handed_honours_scored_per_player_declarer_counts_dummy() -> None:
    # Spades (v = 9). N declares: his AK + dummy's Q = three honours, 3v = 27; E and S one each, 1v = 9.
    assert honours_of(Strain.S, N, {N: ["SA", "SK"], W: ["SQ"], E: ["SJ"], S: ["ST"]}) == {
        "N": 27, "E": 9, "S": 9}
    # The same cards with E declaring: dummy's Q is E's; N two honours 2v = 18; E two 2v = 18; S 9.
    assert honours_of(Strain.S, E, {N: ["SA", "SK"], W: ["SQ"], E: ["SJ"], S: ["ST"]}) == {
        "E": 18, "S": 9, "N": 18}


def test_rules_three_handed_honours_four_8v_five_10v() -> None:
    # Hearts (v = 8). Declarer N's AKQ + dummy's J = four: 8v = 64; S's 10: 1v = 8.
    assert honours_of(Strain.H, N, {N: ["HA", "HK", "HQ"], W: ["HJ"], S: ["HT"]}) == {"N": 64, "S": 8}
    # All five in dummy, declarer S: 10v = 80.
    assert honours_of(Strain.H, S, {W: ["HA", "HK", "HQ", "HJ", "HT"]}) == {"S": 80}
    # Four in an opponent's hand: 8v = 64 to him (clubs v = 6: 8 x 6 = 48).
    assert honours_of(Strain.C, N, {E: ["CA", "CK", "CQ", "CJ"], N: ["CT"]}) == {"N": 6, "E": 48}
    # Dummy's honours always belong to the declarer (two: 2v, diamonds 2 x 7); the opponents get none.
    assert honours_of(Strain.D, E, {W: ["DA", "DK"]}) == {"E": 2 * 7}


def test_rules_three_handed_honours_notrump_aces_10_each_four_in_one_hand_100() -> None:
    # One ace each: N (declarer) has his + dummy's = 2 x 10 = 20; E 10; S 10.
    assert honours_of(Strain.NT, N, {N: ["SA"], W: ["HA"], E: ["DA"], S: ["CA"]}) == {
        "N": 20, "E": 10, "S": 10}
    # Four aces in the dummy's hand: four in one hand, 100 to the declarer.
    assert honours_of(Strain.NT, S, {W: ["SA", "HA", "DA", "CA"]}) == {"S": 100}
    # Three in declarer's hand and one in dummy: not in one hand, 4 x 10 = 40.
    assert honours_of(Strain.NT, S, {S: ["SA", "HA", "DA"], W: ["CA"]}) == {"S": 40}
    # Four in an opponent's hand: 100 to him.
    assert honours_of(Strain.NT, S, {E: ["SA", "HA", "DA", "CA"]}) == {"E": 100}


def test_rules_three_handed_honours_from_original_deal_count_even_when_contract_fails() -> None:
    deal = Deal.from_pbn(PBN)
    # Spades: N holds AKQJ, E the 10, S and the dummy (W) none.
    holding = count(deal, Strain.S)
    assert player_honours(holding, N, E) == 8 * 9 and player_honours(holding, E, E) == 9
    # 2S by E fails by 1: N and S score 50 each; honours N 72, E 9 (E's own 10, dummy has none).
    sheet = ScoreSheet.start(N).add(result("2S", E, 7, holding))
    assert sheet.totals() == {N: 50 + 72, E: 9, S: 50}


def test_rules_three_handed_honours_must_match_the_contract_strain() -> None:
    with pytest.raises(ScoringError, match="honours are counted at"):
        result("1S", N, 7, from_cards(Strain.H, {N: ["HA"]}))


# -- games, rubber, settlement -----------------------------------------------------------------

def test_rules_three_handed_game_30_below_per_player_line_drawn_for_all() -> None:
    sheet = ScoreSheet.start(N)
    sheet = sheet.add(result("2C", N, 8))   # N: 2 x 6 = 12
    sheet = sheet.add(result("2D", E, 8))   # E: 2 x 7 = 14
    sheet = sheet.add(result("1S", S, 9))   # S: 3 x 9 = 27
    assert sheet.part_scores == (12, 14, 27) and sheet.games == (0, 0, 0)
    scored = score(sheet, result("3C", N, 9))  # N: 3 x 6 = 18; 12 + 18 = 30: game
    assert scored.game_won_by == N
    sheet = scored.after
    assert sheet.part_scores == (0, 0, 0) and sheet.games == (1, 0, 0)
    assert sheet.below == (30, 14, 27) and sheet.above == (125, 0, 0)
    # E's old 14 no longer counts: 1H with 8 tricks, 2 x 8 = 16, is no game.
    sheet = sheet.add(result("1H", E, 8))
    assert sheet.part_scores == (0, 16, 0) and sheet.games == (1, 0, 0)


def test_rules_three_handed_failed_contract_does_not_score_below_for_opponents() -> None:
    sheet = ScoreSheet.start(N).add(result("7NT", N, 0))  # 13 down: 13 x 50 = 650 each + 100 grand slam each
    assert sheet.part_scores == (0, 0, 0) and sheet.below == (0, 0, 0) and sheet.above == (0, 750, 750)


def test_rules_three_handed_rubber_ends_when_one_player_has_two_games() -> None:
    sheet = ScoreSheet.start(N)
    sheet = sheet.add(result("3NT", E, 9))   # E: 30 below, game (125)
    sheet = sheet.add(result("4S", N, 10))   # N: 36 below, game (125)
    assert not sheet.over and sheet.games == (1, 1, 0)
    sheet = sheet.add(result("2NT", S, 8))   # S: 20 below, no game
    sheet = sheet.add(result("4H", N, 10))   # N: 32 below, second game (125 more): the rubber
    assert sheet.over and sheet.winner == N and sheet.games == (2, 1, 0)
    # N: 36 + 32 below, 125 + 125 above = 318; E: 30 + 125 = 155; S: 20.
    assert sheet.totals() == {N: 318, E: 155, S: 20}
    assert sheet.deal_number == 5 and sheet.dealer == E  # dealers N, E, S, N; next E
    with pytest.raises(ScoringError, match="rubber is over"):
        sheet.add(result("1C", E, 7))


def test_rules_three_handed_settlement_each_against_each() -> None:
    sheet = ScoreSheet.fold([result("3NT", E, 9), result("4S", N, 10), result("2NT", S, 8), result("4H", N, 10)])
    # Totals N 318, E 155, S 20. N receives 318 - 155 = 163 from E and 318 - 20 = 298 from S;
    # E receives 155 - 20 = 135 from S.
    assert sheet.settlement() == {
        N: {E: 163, S: 298},
        E: {N: -163, S: 135},
        S: {N: -298, E: -135},
    }
    # Nets: N 163 + 298 = 461; E -163 + 135 = -28; S -298 - 135 = -433; they sum to zero.
    assert sheet.net() == {N: 461, E: -28, S: -433}
    assert sum(sheet.net().values()) == 0


def test_rules_three_handed_passed_out_deal_scores_nothing_next_player_deals() -> None:
    sheet = ScoreSheet.start(S)
    scored = score(sheet, ThreeHandedResult())
    assert scored.items == () and scored.dealer == S
    assert scored.after.dealer == N and scored.after.deal_number == 2 and scored.after.totals() == {N: 0, E: 0, S: 0}
    assert ScoreSheet.fold([ThreeHandedResult()] * 3, N).dealer == N


def test_rules_three_handed_result_validation() -> None:
    with pytest.raises(WrongTurn):
        ThreeHandedResult(Contract.parse("1S"), W, 7)
    with pytest.raises(ScoringError):
        ThreeHandedResult(Contract.parse("1S"), None, 7)
    with pytest.raises(ScoringError):
        ThreeHandedResult(Contract.parse("1S"), N, 14)
    with pytest.raises(WrongTurn):
        ScoreSheet.start(W)


# -- a whole deal: auction, seating, play, scoring ----------------------------------------------

def test_rules_three_handed_random_deal_played_through_play_with_mapped_seats() -> None:
    rng = random.Random(2026)
    played = 0
    for seed in range(40):
        deal = deal_from_seed(seed)
        dealer = PLAYERS[seed % 3]
        a = ThreeHandedAuction(dealer)
        while not a.is_complete:
            legal = a.legal_calls()
            a = a.apply(PASS if len(a) > 2 and rng.random() < 0.6 else rng.choice(legal[:8]))
        if a.is_passed_out:
            continue
        contract, declarer = a.contract, a.declarer
        assert contract is not None and declarer is not None
        seating = seating_for_play(deal, declarer)
        play = Play(seating.deal, contract.strain, seating.declarer)
        assert play.dummy == seating.dummy and play.controller(play.dummy) == declarer
        who_played: dict[Seat, set[Card]] = {p: set() for p in PLAYERS}
        while not play.is_complete:
            seat = play.turn
            card = rng.choice(play.legal_cards())
            # Whoever chooses the card is a player of the three-handed game.
            player = seating.player_at(play.controller(seat))
            assert player is not None
            if seat != play.dummy:
                who_played[player].add(card)
            play = play.apply(card)
        # Each player played exactly his own dealt hand; the dummy's cards were the W hand.
        for p in PLAYERS:
            assert who_played[p] == set(deal.hand(p))
        tricks = play.declarer_tricks
        assert tricks + play.tricks_won(declarer.side.opponent) == 13
        holding = count(deal, contract.strain)
        after = ScoreSheet.start(dealer).add(ThreeHandedResult(contract, declarer, tricks, holding))
        honours = {p: player_honours(holding, p, declarer) for p in PLAYERS}
        if tricks >= contract.tricks_needed:
            assert after.below[PLAYERS.index(declarer)] > 0
        else:
            for p in PLAYERS:
                if p != declarer:
                    assert after.above[PLAYERS.index(p)] >= honours[p] + 50
        played += 1
    assert played >= 5


def test_rules_three_handed_parse_calls_spanish() -> None:
    a = ThreeHandedAuction.from_calls(N, [parse_call("1ST"), "Paso", "Doblo", "Paso", "Paso"])
    assert str(a.contract) == "1NTX" and a.declarer == N
