"""RULES.md "Common to all rulesets", the auction (seed 000 §3, seed 002 §4, seed 003 "La
subasta", seed 004; Laws 17-22):

- dealer calls first, then clockwise; a pass does not stop a player from bidding later;
- a bid must outrank the last bid (level first, then ♣ < ♦ < ♥ < ♠ < NT);
- double: only the last bid, only if an opponent made it and only passes followed it;
- redouble: only the last double, only if an opponent made it (of our side's bid) and only
  passes followed it; a new bid cancels double and redouble; nothing beyond redouble;
- three consecutive passes after a bid, double or redouble end the auction; four passes at the
  start pass the deal out; three opening passes do NOT end it;
- declarer: the member of the side that made the final bid who first named its strain.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from bazas.engine.auction import Auction
from bazas.engine.calls import ALL_BIDS, ALL_CALLS, DOUBLE, PASS, REDOUBLE, Bid, Contract, Doubling, Strain
from bazas.engine.errors import GameOver, IllegalCall, WrongTurn
from bazas.engine.seats import SEATS, Seat


def auction(calls: str, dealer: Seat = Seat.N) -> Auction:
    return Auction.from_calls(dealer, calls.split())


def names(calls: Sequence[object]) -> list[str]:
    return [str(c) for c in calls]


# -- turn order -------------------------------------------------------------------------------
@pytest.mark.parametrize("dealer", SEATS)
def test_dealer_calls_first_then_clockwise(dealer: Seat) -> None:
    a = Auction(dealer)
    order = []
    for bid in ALL_BIDS[:8]:
        order.append(a.turn)
        a = a.apply(bid)
    assert order == [dealer.after(i) for i in range(8)]
    assert a.last_bidder is dealer.rho
    assert [a.seat_of(i) for i in range(4)] == [dealer, dealer.lho, dealer.partner, dealer.rho]


def parse(text: str) -> Bid:
    from bazas.engine.calls import parse_call

    call = parse_call(text)
    assert isinstance(call, Bid)
    return call


def test_wrong_seat_calling_is_rejected() -> None:
    a = Auction(Seat.E)
    with pytest.raises(WrongTurn, match="E's turn"):
        a.check(PASS, Seat.N)
    assert not a.can(PASS, Seat.S)
    assert a.can(PASS, Seat.E)
    assert a.apply(PASS, Seat.E).turn is Seat.S


def test_a_pass_does_not_stop_a_player_bidding_later() -> None:
    a = auction("P 1C P 1H")  # N passed, then bids again
    assert a.can(parse("1S"), Seat.N)
    assert a.apply(parse("1S")).last_bidder is Seat.N


# -- sufficiency ------------------------------------------------------------------------------
def test_seed000_s3_bid_must_outrank_last_bid() -> None:
    a = auction("1NT")
    assert a.can(parse("2C"))      # "2♣ supera 1NT"
    for text in ("1C", "1D", "1H", "1S", "1NT"):
        with pytest.raises(IllegalCall, match="insufficient.*Law 18"):
            a.check(parse(text))
    b = auction("1H")
    assert b.can(parse("1S")) and b.can(parse("1NT")) and not b.can(parse("1D"))
    # seed 003: "no puede volver a 1♦. Por lo tanto, ofrece 2♦"
    c = auction("1C 1H 1S")
    assert not c.can(parse("1D")) and c.can(parse("2D"))


# -- double -----------------------------------------------------------------------------------
def test_double_of_an_opponents_last_bid() -> None:
    assert auction("1S").can(DOUBLE)                 # E doubles N's bid
    assert auction("1S P P").can(DOUBLE)             # W, after two passes ("pases intermedios")
    assert auction("P 1S").can(DOUBLE)


def test_double_without_a_bid_is_illegal() -> None:
    for calls in ("", "P", "P P", "P P P"):
        a = auction(calls) if calls else Auction(Seat.N)
        with pytest.raises(IllegalCall, match="no bid to double.*Law 19A1"):
            a.check(DOUBLE)


def test_double_of_own_sides_bid_is_illegal() -> None:
    a = auction("1S P")          # S would double partner's bid
    with pytest.raises(IllegalCall, match="own side.*Law 19A1"):
        a.check(DOUBLE)
    b = auction("1S X P P")  # N's 1S is doubled; N may not double (own bid, doubled already)
    with pytest.raises(IllegalCall):
        b.check(DOUBLE)


def test_double_after_double_or_redouble_is_illegal() -> None:
    a = auction("1S X")
    with pytest.raises(IllegalCall, match="already doubled"):
        a.check(DOUBLE)
    b = auction("1S X XX")
    with pytest.raises(IllegalCall, match="already doubled"):
        b.check(DOUBLE)
    c = auction("1S X P")  # W, the doubler's partner: the bid is doubled already
    assert not c.can(DOUBLE)


def test_double_only_the_last_bid() -> None:
    # E bid 1H, S bid 1S: W may not double E's... W's partner bid; N's earlier 1C is not last.
    a = auction("1C 1H 1S")
    assert a.can(DOUBLE)                  # W doubles S's 1S (an opponent's, the last bid)
    b = auction("1C 1H P")                # W: last bid is partner E's 1H: N's 1C can't be doubled
    assert not b.can(DOUBLE)


# -- redouble ---------------------------------------------------------------------------------
def test_redouble_by_the_doubled_side() -> None:
    assert auction("1S X").can(REDOUBLE)             # S, bidder's partner
    assert auction("1S X P P").can(REDOUBLE)         # N, the bidder, after two passes
    with pytest.raises(IllegalCall, match="only the side whose bid was doubled.*Law 19B1"):
        auction("1S X P").check(REDOUBLE)            # W, the doubler's partner


def test_redouble_needs_a_double() -> None:
    for calls in ("1S", "1S P", "1S P P", "P"):
        with pytest.raises(IllegalCall, match="Law 19B1"):
            auction(calls).check(REDOUBLE)
    with pytest.raises(IllegalCall, match="Law 19B1"):
        Auction(Seat.N).check(REDOUBLE)


def test_nothing_beyond_redouble() -> None:
    a = auction("1S X XX")
    assert not a.can(DOUBLE) and not a.can(REDOUBLE)
    b = auction("1S X XX P")
    assert not b.can(DOUBLE) and not b.can(REDOUBLE)
    assert names(b.legal_calls())[:2] == ["P", "1NT"]


def test_new_bid_cancels_double_and_redouble() -> None:
    a = auction("1S X 2S")
    assert a.doubling is Doubling.UNDOUBLED
    assert a.can(DOUBLE)                                  # W may double the new bid
    b = auction("1S X XX 2C P P P")
    assert b.contract == Contract(2, Strain.C)
    c = auction("1S X XX P P P")
    assert c.contract == Contract(1, Strain.S, Doubling.REDOUBLED)
    d = auction("1S X P P P")
    assert d.contract == Contract(1, Strain.S, Doubling.DOUBLED)


# -- the end of the auction -------------------------------------------------------------------
def test_three_passes_after_a_bid_end_the_auction() -> None:
    assert not auction("1C P P").is_complete
    a = auction("1C P P P")
    assert a.is_complete and not a.is_passed_out
    assert a.contract == Contract(1, Strain.C) and a.declarer is Seat.N
    # seed 004: "| 1♣ | Paso | Paso | Paso | Subasta cerrada en 1♣"
    s = auction("1C P P P", dealer=Seat.S)
    assert s.declarer is Seat.S


def test_three_passes_after_double_or_redouble_end_it() -> None:
    assert auction("1C X P P P").is_complete
    assert not auction("1C X P P").is_complete
    assert auction("1C X XX P P P").is_complete
    assert not auction("1C X XX P P").is_complete


def test_four_passes_pass_the_deal_out() -> None:
    a = auction("P P P P")
    assert a.is_complete and a.is_passed_out
    assert a.contract is None and a.declarer is None and a.current_contract() is None
    assert a.legal_calls() == []


def test_three_opening_passes_do_not_end_it_seed004() -> None:
    # seed 004: "Paso Paso Paso ?  La subasta no ha terminado, pues Este aún no ha hablado."
    a = auction("P P P", dealer=Seat.S)
    assert not a.is_complete and not a.is_passed_out
    assert a.turn is Seat.E
    assert len(a.legal_calls()) == 1 + 35
    b = a.apply(parse("1C")).apply(PASS).apply(PASS).apply(PASS)
    assert b.is_complete and b.declarer is Seat.E and str(b.contract) == "1C"


def test_calls_after_the_end_are_game_over_and_change_nothing() -> None:
    for calls in ("1C P P P", "P P P P"):
        a = auction(calls)
        for call in ALL_CALLS:
            with pytest.raises(GameOver, match="over"):
                a.check(call)
            assert not a.can(call)
        assert a == auction(calls)


# -- declarer ---------------------------------------------------------------------------------
# seed 003: Mike, Bill, Lisa and you sit in that order clockwise; Mike and Lisa are partners,
# Bill and you are partners. Mike deals: Mike = N, Bill = E, Lisa = S, you = W.
MIKE, BILL, LISA, YOU = Seat.N, Seat.E, Seat.S, Seat.W


def test_seed003_bill_mike_lisa_example() -> None:
    # "Mike abre 1♣. Bill 1♥. Lisa 1♠. [Usted] 2♦. Mike pasa. Bill 3♥. Lisa pasa. Tanto usted
    # como Mike pasan, y Bill así gana el contrato de 3♥."
    a = auction("1C 1H 1S 2D P 3H P P P")
    assert a.is_complete
    assert str(a.contract) == "3H" and a.declarer is BILL
    assert a.contract is not None and a.contract.tricks_needed == 9   # "9 de las 13 bazas"
    assert a.declarer.partner is YOU                                   # your hand is dummy


def test_seed003_partner_raising_does_not_become_declarer() -> None:
    # "Incluso si hubiera subido a 4♥, Bill aún habría sido el declarante" (here: you raise)
    a = auction("1C 1H 1S 2D P 3H P 4H P P P")
    assert a.declarer is BILL and str(a.contract) == "4H"
    # "Si Bill llama 1♠ y usted más tarde gana la subasta con una oferta de 2♠, Bill se
    # convierte en el declarante"
    b = auction("P 1S P 2S P P P")
    assert b.last_bidder is YOU and b.declarer is BILL


def test_seed003_bill_4d_makes_you_declarer() -> None:
    # "Si Bill hubiera ofertado 4♦ en su lugar, usted se habría convertido en el declarante,
    # ya que usted mencionó diamantes primero de los dos."
    a = auction("1C 1H 1S 2D P 4D P P P")
    assert a.declarer is YOU and a.last_bidder is BILL


def test_seed000_s3_declarer_is_first_of_winning_side_not_first_overall() -> None:
    # "Declarante es primero del lado ganador que nombró palo final o NT, no necesariamente
    # último en subir." E names spades first, but E/W do not win the auction.
    a = auction("P 1S P 2S 3S P P P")  # N passes, E 1S, S passes, W 2S, N 3S
    assert a.last_bidder is Seat.N and a.declarer is Seat.N
    b = auction("1NT P 2C P 2NT P 3NT P P P")
    assert b.declarer is Seat.N                   # N named NT first; S's 2NT, N's 3NT
    c = auction("1C P 1NT P 2NT P 3NT P P P")
    assert c.declarer is Seat.S                   # S named NT first
    d = auction("1C X 1NT X XX P P P")
    assert str(d.contract) == "1NTXX" and d.declarer is Seat.S


def test_current_contract_for_displays() -> None:
    a = auction("1C 1H 1S 2D P 3H")
    cur = a.current_contract()
    assert cur is not None and str(cur[0]) == "3H" and cur[1] is BILL
    assert a.contract is None and a.declarer is None   # not over yet


# -- errors name the rule and change nothing --------------------------------------------------
def test_errors_name_the_rule_and_from_calls_names_the_call() -> None:
    with pytest.raises(IllegalCall, match=r"call 3 \(1C\).*insufficient.*Law 18"):
        auction("1S P 1C")
    with pytest.raises(IllegalCall, match=r"call 3 \(X\).*own side.*Law 19A1"):
        auction("1S P X")
    with pytest.raises(IllegalCall, match=r"call 2 \(X\).*no bid to double"):
        auction("P X")
    with pytest.raises(GameOver, match=r"call 5 \(1C\)"):
        auction("P P P P 1C")


def test_rejected_call_changes_nothing() -> None:
    a = auction("1S X")
    before = (a.calls, a.turn, a.last_bid, a.last_bidder, a.doubling, a.state_key(), names(a.legal_calls()))
    for call in ALL_CALLS:
        if not a.can(call):
            with pytest.raises(IllegalCall):
                a.apply(call)
    assert (a.calls, a.turn, a.last_bid, a.last_bidder, a.doubling, a.state_key(), names(a.legal_calls())) == before


# -- legal calls in the fixed order -----------------------------------------------------------
def test_legal_calls_in_fixed_order() -> None:
    assert names(Auction(Seat.N).legal_calls()) == ["P"] + [str(b) for b in ALL_BIDS]
    assert names(auction("7S").legal_calls()) == ["P", "X", "7NT"]
    assert names(auction("7NT").legal_calls()) == ["P", "X"]
    assert names(auction("7NT X").legal_calls()) == ["P", "XX"]
    assert names(auction("7NT X XX").legal_calls()) == ["P"]
    assert names(auction("6NT P").legal_calls()) == ["P", "7C", "7D", "7H", "7S", "7NT"]


def test_legal_calls_agree_with_check_on_random_auctions() -> None:
    rng = random.Random(5)
    for _ in range(300):
        a = Auction(rng.choice(SEATS))
        while not a.is_complete:
            legal = a.legal_calls()
            assert legal == [c for c in ALL_CALLS if a.can(c)]
            assert [c.index for c in legal] == sorted(c.index for c in legal)
            # weight passes so auctions run a while before ending
            a = a.apply(rng.choice(legal) if rng.random() < 0.5 else PASS)
        assert a.legal_calls() == []


def test_state_key_summarises_the_future() -> None:
    # Same key, same continuations: 1S by N seen from E == 1H by E seen from S, undoubled.
    a, b = auction("1S"), auction("P 1S")
    assert a.state_key() == b.state_key()
    assert names(a.legal_calls()) == names(b.legal_calls())
    assert auction("1S X").state_key() != auction("1S P").state_key()


def test_undo_and_values() -> None:
    a = auction("1C 1H 1S")
    assert a.undo() == auction("1C 1H")
    assert a.undo().undo().undo() == Auction(Seat.N)
    assert hash(a) == hash(auction("1C 1H 1S"))
    assert a != auction("1C 1H 1S", dealer=Seat.E)
    assert list(a) == list(a.calls) and len(a) == 3
    assert eval(repr(a), {"Auction": Auction, "Seat": Seat}) == a  # noqa: S307
    rows = auction("1C 1H 1S", dealer=Seat.S).rows()
    assert rows == [[None, None, parse("1C"), parse("1H")], [parse("1S"), None, None, None]]
