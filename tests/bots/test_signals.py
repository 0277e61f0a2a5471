"""Defensive signals: the convention (attitude, count), the card a signalling defender plays among
equal cards, and the inference a defender draws from its partner's cards."""

from __future__ import annotations

import random

import pytest

from bazas.bots.base import Budget
from bazas.bots.play import CardPlayer
from bazas.bots.signals import (
    ATTITUDE,
    COUNT,
    SUIT_PREFERENCE,
    PartnerCard,
    choose_preference,
    choose_signal,
    conventional_card,
    layout_weight,
    partner_cards,
    preference_situation,
    preference_wants_high,
    situation,
)
from bazas.engine.calls import Contract, Strain
from bazas.engine.cards import Card, Hand
from bazas.engine.seats import SEATS, Seat
from bazas.engine.state import DealState
from bazas.engine.views import view_of

from .test_play_endings import ending
from .test_play_textbook import DUPLICATE, decide

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W


def _card(holding: str, suit: int, kind: str) -> str:
    return str(Card.from_index(conventional_card(Hand.from_pbn(holding).mask, suit, kind)))  # type: ignore[arg-type]


# -- the convention ---------------------------------------------------------------------------

def test_signal_attitude_high_card_encourages_with_an_honour() -> None:
    assert _card("K872.-.-.-", 3, ATTITUDE) == "S8"
    assert _card("-.A93.-.-", 2, ATTITUDE) == "H9"
    assert _card("-.-.Q6532.-", 1, ATTITUDE) == "D6"


def test_signal_attitude_lowest_card_discourages_without_an_honour() -> None:
    assert _card("J872.-.-.-", 3, ATTITUDE) == "S2"
    assert _card("-.-.-.T98", 0, ATTITUDE) == "C8"


def test_signal_attitude_with_only_honours_plays_the_lowest() -> None:
    assert _card("KQ.-.-.-", 3, ATTITUDE) == "SQ"


def test_signal_count_high_from_even_lowest_from_odd() -> None:
    assert _card("-.-.-.9632", 0, COUNT) == "C9"
    assert _card("-.-.-.963", 0, COUNT) == "C3"
    assert _card("-.-.-.K3", 0, COUNT) == "C3"       # even, but the only spot is the lowest card
    assert _card("-.-.-.Q84", 0, COUNT) == "C4"


def test_signal_attitude_doubleton_with_a_trump_asks_for_a_ruff_when_enabled() -> None:
    hand = Hand.from_pbn("82.3.-.-").mask                      # hearts trumps
    assert str(Card.from_index(conventional_card(hand, 3, ATTITUDE, ruff_trump=2))) == "S8"
    assert str(Card.from_index(conventional_card(hand, 3, ATTITUDE))) == "S2"
    no_trump = Hand.from_pbn("82.-.3.-").mask
    assert str(Card.from_index(conventional_card(no_trump, 3, ATTITUDE, ruff_trump=2))) == "S2"


def test_signal_discard_high_spot_in_the_suit_wanted_lowest_otherwise() -> None:
    from bazas.bots.signals import choose_discard

    cands = [Card.parse(c).index for c in ("S2", "H3", "S8")]
    assert choose_discard(cands, Hand.from_pbn("K82.Q763.-.-").mask) == Card.parse("S8").index
    assert choose_discard(cands, Hand.from_pbn("J82.Q763.-.-").mask) == Card.parse("S2").index
    assert choose_discard([Card.parse("S8").index], Hand.from_pbn("J82.Q763.-.-").mask) is None


def test_signal_choice_is_among_the_candidates_only() -> None:
    hand = Hand.from_pbn("K972.-.-.-").mask
    two, seven = Card.parse("S2").index, Card.parse("S7").index
    assert choose_signal([two, seven], hand, 3, ATTITUDE) == seven    # the 9 is not a candidate
    assert choose_signal([two], hand, 3, ATTITUDE) == two


def test_signal_situation_attitude_on_partners_lead_count_on_declarers() -> None:
    assert situation(W, E, S) == ATTITUDE
    assert situation(N, E, S) == COUNT
    assert situation(S, W, S) == COUNT
    assert situation(E, N, S) is None          # declarer's side does not signal
    assert situation(E, E, S) is None          # the leader does not signal


# -- the card a signalling defender plays -----------------------------------------------------

def _partner_leads_the_ace(east_spades: str) -> tuple[Card, CardPlayer, Card, CardPlayer]:
    # 7NT by South; West leads the spade ace, dummy plays low; East's spot cards are equal.
    state = ending({W: "A43.-.-.2", E: f"{east_spades}.-.2.-", N: "765.2.-.-",
                    S: "QJT9.-.-.-" if "K" in east_spades else "KQJT.-.-.-"},
                   Strain.NT, S, W, current=("SA", "S5"))
    assert state.actor == E
    plain, p0 = decide(state, signals=False)
    signal, p1 = decide(state, signals=True)
    return plain, p0, signal, p1


def test_signal_attitude_defender_with_the_king_encourages_partners_ace() -> None:
    plain, _, signal, player = _partner_leads_the_ace("K82")
    assert plain == Card.parse("S2")                   # without signals: the lowest of equals
    assert signal == Card.parse("S8"), player.last_info


def test_signal_attitude_defender_without_an_honour_discourages() -> None:
    _, _, signal, player = _partner_leads_the_ace("982")
    assert signal == Card.parse("S2"), player.last_info


def _partner_leads_the_king(east_spades: str, strain: Strain) -> tuple[Card, CardPlayer]:
    # South declares; West leads the spade king (from K-Q), dummy plays low; East's spots are equal.
    south = "AT98.-.-.-" if "J" in east_spades else "AJ98.-.-.-"
    state = ending({W: "KQ4.-.-.2", E: f"{east_spades}.-.2.-", N: "765.2.-.-", S: south},
                   strain, S, W, current=("SK", "S5"))
    assert state.actor == E
    return decide(state, signals=True)


def test_signal_attitude_at_notrump_the_jack_under_partners_king_encourages() -> None:
    # Root, "third-hand play": encourage when you want the suit continued. The king promises the
    # queen, so the jack makes partner's suit solid: the 3 (high) from J-3-2, not the 2.
    card, player = _partner_leads_the_king("J32", Strain.NT)
    assert card == Card.parse("S3"), player.last_info
    # with the ten (not next to partner's K-Q), the same spots discourage
    card, player = _partner_leads_the_king("T32", Strain.NT)
    assert card == Card.parse("S2"), player.last_info


def test_signal_attitude_in_a_suit_contract_the_jack_does_not_encourage() -> None:
    # In a suit contract the king may come from A-K: only the A, K or Q encourages.
    card, player = _partner_leads_the_king("J32", Strain.H)
    assert card == Card.parse("S2"), player.last_info


def test_signal_attitude_the_ten_under_partners_queen_at_notrump() -> None:
    queen = Card.parse("DQ").index
    ten_two = [Card.parse(c).index for c in ("D2", "D3")]
    assert str(Card.from_index(choose_signal(ten_two, Hand.from_pbn("-.-.T32.-").mask, 1, ATTITUDE,
                                             led_honour=queen))) == "D3"
    assert str(Card.from_index(choose_signal(ten_two, Hand.from_pbn("-.-.932.-").mask, 1, ATTITUDE,
                                             led_honour=queen))) == "D2"


def test_signal_count_from_touching_equal_cards_plays_high_from_even() -> None:
    # Declarer leads a spade, dummy wins; East's 3-2 are one class of equals: high from two.
    state = ending({N: "T86.-.-.2", E: "32.65.-.-", S: "954.-.2.-", W: "7.432.-.-"}, Strain.NT, S, S,
                   current=("S4", "S7", "ST"), level=1)
    assert state.actor == E
    assert decide(state, signals=False)[0] == Card.parse("S2")
    card, player = decide(state, signals=True)
    assert card == Card.parse("S3"), player.last_info


def test_signal_never_plays_a_card_that_loses_a_trick() -> None:
    # East has 9-7 (two cards: count says the 9), but the 9 must stay to beat dummy's 8.
    state = ending({N: "T86.-.-.2", E: "97.65.-.-", S: "542.-.2.-", W: "3.432.-.-"}, Strain.NT, S, S,
                   current=("S2", "S3", "ST"), level=1)
    assert state.actor == E
    card, player = decide(state, signals=True)
    tricks = player.last_info["tricks"]
    assert tricks["S9"] < tricks["S7"]                  # the premise: the 9 loses tricks
    assert card == Card.parse("S7"), player.last_info


def test_declarer_does_not_signal() -> None:
    # Dummy (declarer's side) follows to a defender's lead with equal spots: the lowest.
    state = ending({W: "A43.-.-.2", N: "K82.-.2.-", E: "765.2.-.-", S: "QJT9.-.-.-"},
                   Strain.NT, S, W, current=("SA",))
    assert view_of(state, state.actor).turn == N       # declarer plays dummy's card
    card, player = decide(state, signals=True)
    assert card == Card.parse("S2"), player.last_info


# -- inference from partner's cards -----------------------------------------------------------

def test_signal_inference_weighs_down_layouts_where_partners_card_contradicts_the_convention() -> None:
    # West led the spade ace, East followed with the 8 (encouraging) and declarer with the 9;
    # West, on lead again, weighs layouts where East holds an honour above the others.
    state = ending({W: "A43.-.-.2", E: "K82.-.2.-", N: "765.2.-.-", S: "QJT9.-.-.-"},
                   Strain.NT, S, W, current=("SA", "S5", "S8", "S9"))
    assert state.actor == W
    view = view_of(state, W)
    player = CardPlayer(signals=True, signal_mismatch=0.25)
    knowledge = player._knowledge(view, DUPLICATE, with_constraints=False)

    def layout(east: str, south: str) -> tuple[int, int, int, int]:
        hands = {N: Hand.from_pbn("76.2.-.-").mask, W: Hand.from_pbn("43.-.-.2").mask,
                 E: Hand.from_pbn(east).mask, S: Hand.from_pbn(south).mask}
        return tuple(hands[s] for s in SEATS)  # type: ignore[return-value]

    with_k = layout("K2.-.2.-", "QJT.-.-.-")
    with_q = layout("Q2.-.2.-", "KJT.-.-.-")
    with_j = layout("J2.-.2.-", "KQT.-.-.-")        # no honour: the 2 would discourage
    with_t = layout("T2.-.2.-", "KQJ.-.-.-")
    weights = player._signal_weights(view, knowledge, [with_k, with_q, with_j, with_t], [1.0] * 4,
                                     Contract.parse("7NT"))
    assert weights[0] == pytest.approx(weights[1])
    assert weights[2] == pytest.approx(0.25 * weights[0])
    assert weights[3] == pytest.approx(0.25 * weights[0])


def test_signal_inference_is_not_drawn_by_declarer() -> None:
    # Dummy led, East followed with the 4: declarer's estimates are the same with signals on.
    state = ending({N: "32.-.-.A", S: "AQ.A.-.-", E: "K54.-.-.-", W: "T9.-.A.-"}, Strain.NT, S, N,
                   current=("S2", "S4"), level=7)
    assert state.actor == S
    _, plain = decide(state, signals=False)
    _, signalling = decide(state, signals=True)
    assert plain.last_info["tricks"] == signalling.last_info["tricks"]


def _easts_cards_read_by_west(state: DealState, trump: int) -> list[PartnerCard]:
    """East's cards as West reads them (South declarer), the trick in progress included."""
    view = view_of(state, W)
    return partner_cards(list(view.tricks) + ([view.current] if view.current else []), E, S, trump)


def test_signal_inference_at_notrump_reads_the_jack_under_partners_king() -> None:
    # West led the king at notrump, East followed with the 3 (dummy low, declarer the 8): East
    # encourages with J-3-2, so a layout giving East the jack fits and one giving it the ten not.
    state = ending({W: "KQ4.-.-.2", E: "J32.-.2.-", N: "765.2.-.-", S: "AT98.-.-.-"},
                   Strain.NT, S, W, current=("SK", "S5", "S3", "S8"))
    three = _easts_cards_read_by_west(state, -1)[-1]
    assert three.kind == ATTITUDE and three.led_honour == Card.parse("SK").index
    assert layout_weight([three], Hand.from_pbn("J2.-.2.-").mask, mismatch=0.25) == 1.0
    assert layout_weight([three], Hand.from_pbn("T2.-.2.-").mask, mismatch=0.25) == pytest.approx(0.25)
    # in a suit contract the same 3 reads as a plain low card (no honour: the lowest is the 2)
    suit_cards = _easts_cards_read_by_west(state, 2)
    assert suit_cards[-1].led_honour is None
    assert layout_weight(suit_cards[-1:], Hand.from_pbn("J2.-.2.-").mask, mismatch=0.25) == pytest.approx(0.25)


def test_signal_inference_lowest_of_equals_when_partner_plays_an_honour() -> None:
    # Partner followed with the queen (no signal: an honour): holding Q-J it would have played the J.
    q = Card.parse("HQ")
    played = PartnerCard(q.index, None, q.bit, 0)
    assert layout_weight([played], Hand.from_pbn("-.J4.-.-").mask, unequal=0.2) == pytest.approx(0.2)
    assert layout_weight([played], Hand.from_pbn("-.T4.-.-").mask, unequal=0.2) == 1.0


def test_signal_inference_on_discards_high_spot_shows_an_honour() -> None:
    eight = Card.parse("S8")
    discard = PartnerCard(eight.index, ATTITUDE, eight.bit, 0, discard=True)
    assert layout_weight([discard], Hand.from_pbn("Q3.-.-.-").mask, mismatch=0.25) == 1.0
    assert layout_weight([discard], Hand.from_pbn("J3.-.-.-").mask, mismatch=0.25) == pytest.approx(0.25)


def test_signal_inference_reads_the_kind_of_each_partner_card() -> None:
    state = ending({W: "A43.-.-.2", E: "K82.-.2.-", N: "765.2.-.-", S: "QJT9.-.-.-"},
                   Strain.NT, S, W, current=("SA", "S5", "S8", "S9"))
    last = _easts_cards_read_by_west(state, -1)[-1]
    assert last.card == Card.parse("S8").index and last.kind == ATTITUDE


def test_signal_inference_ignores_a_card_that_wins_the_trick() -> None:
    # Declarer leads the 2, West plays the 3, dummy the 4 and East wins with the 8: no count signal.
    state = ending({N: "T64.-.-.2", E: "98.65.-.-", S: "752.-.2.-", W: "3.432.-.-"}, Strain.NT, S, S,
                   current=("S2", "S3", "S4", "S8"), level=1)
    view = view_of(state, W)
    cards = partner_cards(list(view.tricks) + ([view.current] if view.current else []), E, S, -1)
    assert cards[-1].card == Card.parse("S8").index and cards[-1].kind is None


def test_signal_defender_plays_legal_cards_through_whole_deals() -> None:
    from bazas.engine.deal import deal_from_seed

    from .test_play_textbook import at_trick_one

    rng = random.Random(5)
    state = at_trick_one(deal_from_seed(77).to_pbn(), "4S", S)
    player = CardPlayer(max_samples=8, signals=True, signal_discards=True)
    while state.phase == "play":
        view = view_of(state, state.actor)
        decision = player.choose(view, DUPLICATE, rng, Budget(0.02))
        assert decision.action in view.legal
        state = state.apply(decision.action, state.actor).after
    assert state.phase == "done"


def test_signals_are_on_by_default_for_the_computer_players() -> None:
    from bazas.bots.player import bot_for

    player = bot_for("duplicate", "normal").card_player
    assert isinstance(player, CardPlayer)
    assert player.signals and player.signal_discards


def test_declarer_reads_computer_defenders_count_signals() -> None:
    # Dummy led the 2 of spades and East, a computer player, followed with the 4. Count: high
    # from an even number, lowest from an odd one. East with K-5-4 (odd) plays the 4; with 5-4
    # (even) it would have played the 5, so that layout weighs less for a declarer who reads it.
    state = ending({N: "32.-.-.A", S: "AQ.A.-.-", E: "K54.-.-.-", W: "T9.-.A.-"}, Strain.NT, S, N,
                   current=("S2", "S4"), level=7)
    view = view_of(state, S)
    player = CardPlayer(read_signals=True)
    knowledge = player._knowledge(view, DUPLICATE, with_constraints=False)
    odd = knowledge.layout({E: Hand.from_pbn("K5.-.-.-").mask, W: Hand.from_pbn("T9.-.A.-").mask})
    even = knowledge.layout({E: Hand.from_pbn("5.-.A.-").mask, W: Hand.from_pbn("KT9.-.-.-").mask})
    w_odd, w_even = player._signal_weights(view, knowledge, [odd, even], [1.0, 1.0], Contract.parse("7NT"),
                                           signallers=[E])
    assert w_odd == 1.0 and w_even <= player.signal_mismatch


@pytest.mark.parametrize(("computer_seats", "read"), [("NESW", {E, W}), ("NS", set())])
def test_declarer_reads_signals_only_from_computer_defenders(computer_seats: str, read: set[Seat],
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    # A person's signals are not known to follow the convention: declarer reads bots only.
    from bazas.bots.base import TableContext

    seen: list[set[Seat]] = []
    original = CardPlayer._signal_weights

    def spy(self, view, knowledge, layouts, weights, contract, signallers=None):  # type: ignore[no-untyped-def]
        seen.append(set(signallers or ()))
        return original(self, view, knowledge, layouts, weights, contract, signallers)

    monkeypatch.setattr(CardPlayer, "_signal_weights", spy)
    state = ending({N: "32.-.-.A", S: "AQ.A.-.-", E: "K54.-.-.-", W: "T9.-.A.-"}, Strain.NT, S, N,
                   current=("S2", "S4"), level=7)
    player = CardPlayer(read_signals=True)
    player.choose(view_of(state, S), TableContext(ruleset="duplicate", computer_seats=computer_seats),
                  random.Random(1), Budget(0.05))
    assert (seen[-1] if seen else set()) == read


# -- suit preference (Kantar, Modern Bridge Defense, "suit-preference signals"; Root, How to
#    Defend a Bridge Hand, ch. 11) ------------------------------------------------------------

def _ruff_position(east: str, west: str, south: str) -> DealState:
    """Spades trumps, South declarer: East cashed the diamond ace and West showed out (a club
    discard); East is on lead with D9 and D2, equal cards, for West to ruff."""
    state = ending({E: east, W: west, N: "T.32.K.87", S: south}, Strain.S, S, E, level=1)
    for c in ("DA", "DQ", "C5", "DK"):
        state = state.apply(Card.parse(c)).after
    assert state.actor == E
    return state


def test_suit_preference_when_giving_partner_a_ruff_high_card_asks_for_the_higher_suit() -> None:
    # East's entry is the heart ace (the higher of hearts and clubs): the nine of diamonds.
    state = _ruff_position("-.A.A92.43", "32.54.-.65", "AK.-.Q.AK2")
    view = view_of(state, E)
    player = CardPlayer(suit_preference=True)
    d9, d2 = Card.parse("D9").index, Card.parse("D2").index
    assert player._preference_lead(view, [d2, d9], view.hand.mask, d9, Contract.parse("4S")) == d9  # type: ignore[union-attr]


def test_suit_preference_when_giving_partner_a_ruff_low_card_asks_for_the_lower_suit() -> None:
    # East's entry is the club ace (the lower side suit): the two of diamonds.
    state = _ruff_position("-.5.A92.A3", "32.A4.-.65", "AK.-.Q.KQ2")
    view = view_of(state, E)
    player = CardPlayer(suit_preference=True)
    d9, d2 = Card.parse("D9").index, Card.parse("D2").index
    assert player._preference_lead(view, [d2, d9], view.hand.mask, d9, Contract.parse("4S")) == d2  # type: ignore[union-attr]


def test_suit_preference_only_when_partner_has_shown_out() -> None:
    # Before West shows out there is no ruff to ask a return for: the default card stays.
    state = ending({E: "-.A.A92.43", W: "32.54.-.65", N: "T.32.K.87", S: "AK.-.Q.AK2"}, Strain.S, S, E, level=1)
    view = view_of(state, E)
    d9, d2 = Card.parse("D9").index, Card.parse("D2").index
    assert CardPlayer(suit_preference=True)._preference_lead(view, [d2, d9], view.hand.mask, d9,  # type: ignore[union-attr]
                                                              Contract.parse("4S")) == d9
    assert CardPlayer(suit_preference=True)._preference_lead(view, [d2, d9], view.hand.mask, d2,  # type: ignore[union-attr]
                                                              Contract.parse("4S")) == d2


def test_suit_preference_the_convention_higher_or_lower_side_suit() -> None:
    # Trumps spades, a diamond led: hearts (higher) against clubs (lower); none at notrump.
    assert preference_wants_high(Hand.from_pbn("-.A2.9532.874").mask, 1, 3) is True
    assert preference_wants_high(Hand.from_pbn("-.32.9532.K74").mask, 1, 3) is False
    assert preference_wants_high(Hand.from_pbn("-.K2.9532.K74").mask, 1, 3) is None
    assert preference_wants_high(Hand.from_pbn("-.A2.9532.874").mask, 1, -1) is None
    k = [Card.parse(c).index for c in ("D2", "D6", "D9")]
    assert str(Card.from_index(choose_preference(k, Hand.from_pbn("-.A2.9632.874").mask, 1, 3))) == "D9"
    assert str(Card.from_index(choose_preference(k, Hand.from_pbn("-.32.9632.A74").mask, 1, 3))) == "D2"


def test_suit_preference_situations_ruff_and_dummy_singleton_not_attitude() -> None:
    # Following to partner's lead of a suit dummy held one card of: suit preference; dummy with
    # two cards: attitude as usual; declarer's side and notrump never.
    one_heart, two_hearts = Card.parse("H5").bit, Card.parse("H5").bit | Card.parse("H4").bit
    assert preference_situation(W, E, S, 2, 3, one_heart)
    assert not preference_situation(W, E, S, 2, 3, two_hearts)
    assert not preference_situation(W, E, S, 3, 3, one_heart)          # trumps
    assert not preference_situation(W, E, S, 2, -1, one_heart)         # notrump
    assert not preference_situation(W, N, S, 2, 3, one_heart)          # declarer's side
    assert preference_situation(E, E, S, 1, 3, None, leader_void=True)
    assert not preference_situation(E, E, S, 1, 3, None, leader_void=False)


def test_suit_preference_follower_plays_high_for_the_higher_suit_when_dummy_has_a_singleton() -> None:
    # West leads the heart king against 4S, dummy has the singleton ace: East's 9 or 2 of hearts
    # (equal) shows where its entry is: the diamond ace -> high (diamonds above clubs).
    state = ending({W: "-.KQJT.-.987", N: "5.A.43.432", E: "-.9872.A.65", S: "AKQJ.-.KQ.K"}, Strain.S, S, W,
                   current=("HK", "HA"), level=1)
    assert state.actor == E
    card, player = decide(state, suit_preference=True)
    assert card == Card.parse("H9"), player.last_info
    plain, _ = decide(state, suit_preference=False)
    assert plain == Card.parse("H2")


def test_suit_preference_reading_partners_ruff_lead() -> None:
    # West ruffs East's nine of diamonds: West reads a high card as the heart entry.
    state = _ruff_position("-.A.A92.43", "32.54.-.65", "AK.-.Q.AK2")
    state = state.apply(Card.parse("D9")).after
    view = view_of(state, S)
    tricks = list(view.tricks) + ([view.current] if view.current else [])
    cards = partner_cards(tricks, E, S, 3, preference=True)
    assert cards[-1].card == Card.parse("D9").index and cards[-1].kind == SUIT_PREFERENCE
    plain = partner_cards(tricks, E, S, 3, preference=False)
    assert all(c.card != Card.parse("D9").index for c in plain)   # a lead is no signal otherwise
    d9 = cards[-1]
    assert layout_weight([d9], Hand.from_pbn("-.A.2.43").mask, mismatch=0.25) == 1.0
    assert layout_weight([d9], Hand.from_pbn("-.4.2.A3").mask, mismatch=0.25) == pytest.approx(0.25)


def test_suit_preference_reading_the_follow_to_a_suit_dummy_had_one_card_of() -> None:
    state = ending({W: "-.KQJT.-.987", N: "5.A.43.432", E: "-.9872.A.65", S: "AKQJ.-.KQ.K"}, Strain.S, S, W,
                   current=("HK", "HA", "H9"), level=1)
    view = view_of(state, W)
    tricks = list(view.tricks) + ([view.current] if view.current else [])
    dummy = view.dummy_hand.mask if view.dummy_hand is not None else None
    cards = partner_cards(tricks, E, S, 3, preference=True, dummy_hand=dummy)
    assert cards[-1].kind == SUIT_PREFERENCE
    assert partner_cards(tricks, E, S, 3, preference=False, dummy_hand=dummy)[-1].kind == ATTITUDE
    nine = cards[-1]
    # East kept a diamond honour (the higher suit): fits; a club honour instead: does not.
    assert layout_weight([nine], Hand.from_pbn("-.872.A.65").mask, mismatch=0.25) == 1.0
    assert layout_weight([nine], Hand.from_pbn("-.872.6.A5").mask, mismatch=0.25) == pytest.approx(0.25)
