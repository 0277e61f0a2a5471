"""Issue 9, "Alerts both ways": an outside program's alerted call is read as its explanation says.

The explanations below are written the ways programs and players write them (the table-manager
protocol carries free text: "2D Alert. Multi: a weak two in either major"). What each convention
shows is the textbook's: Jacoby transfers, Stayman, Blackwood and the strong 2C from the SAYC
booklet; Michaels, the unusual notrump, Landy, the Multi 2D and the gambling 3NT as every
convention card describes them.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bazas.bots.base import TableContext
from bazas.bots.bidding import choose, infer_constraints
from bazas.bots.bidding.constraints import ANY_LEN, HandConstraints
from bazas.bots.bidding.explanations import read_explanation, says_natural
from bazas.bots.bidding.replay import replay_constraints
from bazas.bots.bidding.sayc import SAYC
from bazas.engine.auction import Auction
from bazas.engine.calls import Bid, Call, parse_call
from bazas.engine.cards import ALL_CARDS, Hand
from bazas.engine.seats import SEATS, Seat
from bazas.tm.seatfeed import alert_of

C, D, H, S = 0, 1, 2, 3
MAJORS, MINORS = 1 << H | 1 << S, 1 << C | 1 << D


def read(text: str, call: str | None = None) -> HandConstraints:
    return read_explanation(text, parse_call(call) if call else None)


@pytest.mark.parametrize(("text", "call", "hcp", "lengths", "one_of"), [
    # the SAYC booklet's conventions, in program words
    ("Jacoby transfer, 5+ hearts", "2D", None, {H: (5, 13)}, ()),
    ("Transfer", "2H", None, {S: (5, 13)}, ()),
    ("transfer to spades", "2H", None, {S: (5, 13)}, ()),
    ("Strong 2C, 22+ HCP, forcing", "2C", (22, 37), {}, ()),
    ("Weak two: 6 card suit, 5-11 HCP", "2H", (5, 11), {}, ()),
    ("1NT 15 to 17, balanced", "1NT", (15, 17), {}, ()),
    # competitive conventions
    ("Michaels: both majors", "2C", None, {H: (4, 13), S: (4, 13)}, ()),
    ("Michaels", "2D", None, {H: (5, 13), S: (5, 13)}, ()),
    ("Michaels", "2S", None, {H: (5, 13)}, ((MINORS, 5),)),
    ("Unusual 2NT: 5-5 in the minors", "2NT", None, {C: (5, 13), D: (5, 13)}, ()),
    ("Landy: 5-4 or better in the majors, 8-15 HCP", "2C", (8, 15), {H: (4, 13), S: (4, 13)}, ((MAJORS, 5),)),
    ("Landy", "2C", None, {H: (4, 13), S: (4, 13)}, ((MAJORS, 5),)),
    ("Multi: a weak two in either major", "2D", None, {}, ((MAJORS, 6),)),
    ("Multi 2D: weak two in hearts or spades, 5-10", "2D", (5, 10), {}, ((MAJORS, 6),)),
    ("Gambling 3NT: a solid 7-card minor, no outside ace or king", "3NT", None, {}, ((MINORS, 7),)),
    # defences to 1NT and Namyats named alone: what each bid of them shows
    ("Multi-Landy", "2C", None, {H: (4, 13), S: (4, 13)}, ((MAJORS, 5),)),
    ("Multi-Landy", "2D", None, {}, ((MAJORS, 6),)),
    ("Multi-Landy", "2S", None, {S: (5, 13)}, ((MINORS, 4),)),
    ("Cappelletti", "2C", None, {}, ((0xF, 6),)),
    ("Hamilton", "2D", None, {H: (4, 13), S: (4, 13)}, ((MAJORS, 5),)),
    ("DONT", "X", None, {}, ((0xF, 6),)),
    ("DONT", "2D", None, {D: (4, 13)}, ((MAJORS, 4),)),
    ("DONT", "2H", None, {H: (4, 13), S: (4, 13)}, ()),
    ("Namyats", "4D", None, {S: (7, 13)}, ()),
    ("hearts and a minor", "2S", None, {H: (4, 13)}, ((MINORS, 4),)),
    ("5+!S 4+!H 10-15 pts", "2C", (10, 15), {S: (5, 13), H: (4, 13)}, ()),
    # "n-" for at most n, as some programs write it
    ("Both majors; 10- HCP", "2C", (0, 10), {S: (4, 13), H: (4, 13)}, ()),
    ("4- !S; 5+ !D; 11-15 HCP", "2D", (11, 15), {S: (0, 4), D: (5, 13)}, ()),
    ("6-4 in spades and hearts", "2D", None, {S: (4, 13), H: (4, 13)}, ((MAJORS, 6),)),
    ("Splinter: singleton or void in diamonds", "4D", None, {D: (0, 1)}, ()),
    ("Splinter", "4C", None, {C: (0, 1)}, ()),
    ("void in clubs", "5C", None, {C: (0, 0)}, ()),
    ("no 4-card major, 11-12", "2NT", (11, 12), {H: (0, 3), S: (0, 3)}, ()),
    ("at least five spades, fewer than 10 points", "2S", (0, 9), {S: (5, 13)}, ()),
    # Spanish
    ("Transferencia a corazones", "2D", None, {H: (5, 13)}, ()),
    ("15-17 PH, 5+ picas", "1S", (15, 17), {S: (5, 13)}, ()),
    ("semifallo en tréboles", "4C", None, {C: (0, 1)}, ()),
])
def test_issue9_alert_reads_what_the_explanation_says(text: str, call: str, hcp: tuple[int, int] | None,
                                                      lengths: dict[int, tuple[int, int]],
                                                      one_of: tuple[tuple[int, int], ...]) -> None:
    c = read(text, call)
    assert c.hcp == (hcp or (0, 37)), text
    assert c.lengths == tuple(lengths.get(s, ANY_LEN) for s in range(4)), text
    assert set(c.one_of) == set(one_of), text


@pytest.mark.parametrize(("text", "call"), [
    ("Stayman, asks for a 4-card major", "2C"),           # what it asks is not what it holds
    ("Puppet Stayman: asks for 5-card majors", "3C"),
    ("Blackwood", "4NT"),
    ("Lebensohl relay to 3C", "2NT"),                     # "3C" is a call, not three clubs
    ("Roman key card: 1 or 4 key cards", "5C"),           # key cards are not aces
    ("Michaels over 1C", "2C"),
    ("waiting", "2D"),
    ("artificial", "2C"),
])
def test_issue9_alert_that_shows_no_shape_promises_no_shape(text: str, call: str) -> None:
    c = read(text, call)
    assert c.lengths == (ANY_LEN,) * 4 or text.startswith("Michaels"), text
    assert c.hcp == (0, 37) and c.balanced is None, text


def test_issue9_alert_reads_ace_and_king_counts_and_balance() -> None:
    assert read("Blackwood response: 0 or 4 aces", "5C").aces == 1 << 0 | 1 << 4
    assert read("one or four aces", "5C").aces == 1 << 1 | 1 << 4
    assert read("2 kings", "5D").kings == 1 << 2
    assert read("15-17, balanced").balanced is True
    assert read("semi-balanced, 11-13").balanced is None
    assert read("unbalanced, 5+ clubs").balanced is False


def test_issue9_natural_explanation_keeps_the_natural_meaning() -> None:
    """"Natural" in a program's words: the call's natural reading holds, with what the words add."""
    assert says_natural("Natural, 10-12") and not says_natural("Multi")
    calls = (parse_call("1NT"),)
    context = TableContext(ruleset="duplicate", alerts=((0, "natural, 10-12"),))
    known = SAYC.situation(Seat.N, calls, context).known(Seat.N)
    assert known.hcp == (10, 12) and known.balanced is True


def _bid_deals(n: int, seed: int) -> list[tuple[Seat, tuple[Call, ...]]]:
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        cards = list(range(52))
        rng.shuffle(cards)
        hands = [Hand.of(ALL_CARDS[i] for i in cards[k * 13:(k + 1) * 13]) for k in range(4)]
        dealer = rng.choice(SEATS)
        a = Auction(dealer)
        context = TableContext(ruleset="duplicate")
        while not a.is_complete:
            a = a.apply(choose(hands[a.turn], dealer, a.calls, context).call)
        out.append((dealer, tuple(a.calls)))
    return out


def test_issue9_alert_reader_reads_our_own_explanations_back() -> None:
    """Every promise our SAYC bidder states (HandConstraints.text, English and Spanish) read back
    by the alert reader: the same HCP, points, balance, stoppers, ace and king counts, majors and
    minors, and each suit's bounds (an exact count, "4 spades", read as at least that many: a
    program's "4 spades" often means four or more). So a program speaking our words is read as we
    meant, and the reader is never stricter than the promise."""
    seen = 0
    for dealer, calls in _bid_deals(60, seed=9):
        _, history = SAYC.analyze(dealer, calls, TableContext(ruleset="duplicate"))
        for m in history:
            c = m.constraints
            if c.is_unconstrained or c.contradiction:
                continue
            for lang in ("en", "es"):
                text = c.text(lang)
                got = read_explanation(text, m.call)
                where = f"{text!r} ({m.call})"
                assert (got.hcp, got.points, got.balanced, got.stoppers) == (c.hcp, c.points, c.balanced,
                                                                             c.stoppers), where
                assert (got.aces, got.kings) == (c.aces, c.kings), where
                assert set(got.one_of) == set(c.one_of), where
                for s in range(4):
                    lo, hi = c.lengths[s]
                    assert got.lengths[s] == ((lo, 13) if lo == hi else (lo, hi)), where
                seen += 1
    assert seen > 300


def test_issue9_our_alerts_go_out_in_ascii_and_read_back() -> None:
    """Our artificial calls' alerts reach a program in the protocol's ASCII ("15-17 HCP", not
    "15?17 HCP"), and read back to what they promise."""
    meaning = {"en": "Strong artificial 2\u2663 opening: 22+ HCP, 1\u00bd+ quick tricks", "artificial": True}
    sent = alert_of(meaning)
    assert sent is not None and "?" not in sent
    assert read_explanation(sent, parse_call("2C")).hcp == (22, 37)
    ranged = alert_of({"en": "Jacoby 2NT: 13\u201315 HCP, 4+ hearts", "artificial": True})
    assert ranged == "Jacoby 2NT: 13-15 HCP, 4+ hearts"
    assert read_explanation(ranged).lengths[H] == (4, 13)
    # the table manager's own bots alert the same way
    from bazas.bots.base import Explanation
    from bazas.tm.manager import alert_text
    said = alert_text(Explanation("", "Jacoby 2NT: 13\u201315 HCP, 4+ hearts", {}, True))
    assert said == ranged


def test_issue9_alerted_call_is_replayed_by_its_words_not_by_our_bidder() -> None:
    """A program's Multi 2D, alerted: a weak two in hearts is a hand the program could hold
    (our bidder would have opened 2H with it, so replaying our bidder would reject it, the
    real hand the defenders or declarer should be sampling); a hand with no six-card major is
    not. The side's later calls are in its own system too, while the other side's calls are
    still replayed by our bidder."""
    calls = [parse_call(c) for c in ("2D", "P", "2H", "P", "P", "P")]
    auction = Auction.from_calls(Seat.N, calls)
    context = TableContext(ruleset="duplicate", alerts=((0, "Multi: a weak two in either major"),))
    weak_two_hearts = Hand.from_pbn("84.KQJ962.753.82")
    no_major = Hand.from_pbn("84.KQ2.KJ9753.82")
    plain = replay_constraints(auction, "sayc", TableContext(ruleset="duplicate"))
    assert not plain[Seat.N].matches(weak_two_hearts)      # read as natural: diamonds
    read_as_alerted = replay_constraints(auction, "sayc", context)
    assert read_as_alerted[Seat.N].matches(weak_two_hearts)
    assert not read_as_alerted[Seat.N].matches(no_major)
    assert read_as_alerted[Seat.N].calls == [] and read_as_alerted[Seat.S].calls == []
    assert len(read_as_alerted[Seat.E].calls) == 2           # our side: replayed as before
    known = infer_constraints(auction, "sayc", context)[Seat.N]
    assert (MAJORS, 6) in known.one_of and known.lengths[D] == ANY_LEN


def test_issue9_defender_deals_the_alerting_seat_the_hands_its_explanation_allows() -> None:
    """The card player's sampler reads the alert: at West's opening lead against 2H (North's Multi
    2D, alerted, passed out in 2H), every North hand dealt holds a six-card major, none the six
    diamonds a natural weak 2D would show; read as natural, North's hands would be dealt with
    long diamonds."""
    from bazas.bots.play import CardPlayer
    from bazas.bots.sampling import sample_layouts
    from bazas.engine.deal import Deal
    from bazas.engine.state import DealState, parse_action
    from bazas.engine.views import view_of

    deal = Deal.from_pbn("N:84.KQJ962.753.82 AKJ3.74.AQ94.KJ5 Q92.A53.KJ2.AQ74 T765.T8.T86.T963")
    state = DealState.start(deal, Seat.N)
    for call in ("2D", "P", "2H", "P", "P", "P"):
        state = state.apply(parse_action(call)).after
    assert state.actor == Seat.W
    view = view_of(state, Seat.W)

    def north_hands(context: TableContext) -> tuple[list[int], int]:
        knowledge = CardPlayer()._knowledge(view, context, with_constraints=True)
        result = sample_layouts(knowledge, 40, random.Random(5))
        return [layout[int(Seat.N)] for layout in result.layouts], result.relaxed

    def longest(hand: int, suits: range) -> int:
        return max((hand >> (13 * s) & 0x1FFF).bit_count() for s in suits)

    alerted, relaxed = north_hands(TableContext(ruleset="duplicate",
                                                alerts=((0, "Multi: a weak two in either major"),)))
    assert len(alerted) >= 20 and relaxed == 0
    assert all(longest(h, range(2, 4)) >= 6 for h in alerted)
    assert not any((h >> 13 & 0x1FFF).bit_count() >= 6 for h in alerted)
    # read as natural, the auction (a weak 2D, then 2H passed) fits no hand the sampler finds:
    # every layout dealt is a relaxed one
    natural, relaxed = north_hands(TableContext(ruleset="duplicate"))
    assert relaxed == len(natural) > 0


_PIECES = [*"0123456789+-/ ,.:;!?abcdehlmnopqrstuvwxyzSHDC♣♦♥♠–½", " hearts", " spades", " majors", " minor",
           " HCP", " pts", " at most ", " or ", " and ", " void", " singleton", " no ", " cards", " in the ",
           " both ", " balanced", " aces", " Multi", " Landy", " Michaels", " transfer to", " splinter"]


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(_PIECES), max_size=30).map("".join),
       st.sampled_from([None, "2C", "2D", "2H", "3NT", "4S", "X"]))
def test_issue9_any_explanation_is_read_without_failing_and_keeps_a_possible_promise(text: str,
                                                                                     call: str | None) -> None:
    """Whatever a program writes, the reader answers (never raises) with a promise some hand can
    keep: the sampler must never be told the alerting seat holds an impossible hand."""
    c = read(text, call)
    assert c.is_satisfiable() and not c.contradiction, (text, c.text())
    assert all(any(m >> s & 1 and c.lengths[s][1] >= n for s in range(4)) for m, n in c.one_of), text


@pytest.mark.parametrize(("opening", "words", "hand", "natural_call", "alerted_call"), [
    # a Multi 2D names diamonds only: 3D is a natural overcall (over a natural weak 2D we pass)
    ("2D", "Multi: a weak two in either major", "A2.K3.AKJT92.Q43", "P", "3D"),
    # a 1C that may be short: 2C is natural, no Michaels cue-bid of a suit they did not show
    ("1C", "could be short, 2+ clubs", "K2.A3.43.AKQT93", "P", "2C"),
    ("1C", "could be short, 2+ clubs", "AQJ93.KQJ93.3.3", "2C", "1S"),
    # an artificial 3C (a solid major): 4C is clubs
    ("3C", "Artificial: a solid major, 7+ cards", "K2.A3.43.AKQT93", "3NT", "4C"),
])
def test_issue9_suit_of_an_alerted_artificial_opening_is_bid_naturally(opening: str, words: str, hand: str,
                                                                       natural_call: str, alerted_call: str) -> None:
    """The bidder reads the alert in its own calls too: the suit an outside program's artificial
    opening only named is still unbid, so bidding it is a natural overcall (explained, promising
    the suit, not alerted), not a cue-bid of their suit."""
    from bazas.bots.bidding.api import choose_call

    calls = [parse_call(opening)]
    plain, _ = choose_call(Hand.from_pbn(hand), Seat.N, calls, TableContext(ruleset="duplicate"))
    context = TableContext(ruleset="duplicate", alerts=((0, words),))
    call, why = choose_call(Hand.from_pbn(hand), Seat.N, calls, context)
    assert (str(plain), str(call)) == (natural_call, alerted_call)
    bid = parse_call(alerted_call)
    assert isinstance(bid, Bid)
    if alerted_call == "1S":
        return
    assert not why.artificial and why.constraints["lengths"]["CDHS"[int(bid.strain)]][0] >= 5
    known = SAYC.situation(Seat.N, [*calls, bid], context).known(Seat.E)   # East overcalled
    assert known.lengths[int(bid.strain)][0] >= 5


@pytest.mark.parametrize(("hand", "natural_call", "alerted_call"), [
    ("KQ93.A4.Q32.932", "3C", "X"),         # not a cue-bid Stayman of a suit they did not show: values
    ("2.43.QJ2.QJT9432", "P", "3C"),        # clubs are ours to bid: natural, to play
    ("2.43.KQJT9.KT932", "X", "2D"),        # no penalty double of clubs; nothing to defend the majors with
])
def test_issue9_responder_over_an_artificial_overcall_of_our_1nt(hand: str, natural_call: str,
                                                                 alerted_call: str) -> None:
    """Our 1NT, and a program's alerted 2C (Landy: the majors). Responder's double is not a
    penalty double of clubs but values to defend against the majors they showed (with some
    holding there), and 3C is natural; without the alert the same calls keep SAYC's meanings
    (penalty double, cue-bid Stayman)."""
    from bazas.bots.bidding.api import choose_call

    calls = [parse_call("1NT"), parse_call("2C")]
    plain, _ = choose_call(Hand.from_pbn(hand), Seat.N, calls, TableContext(ruleset="duplicate"))
    context = TableContext(ruleset="duplicate", alerts=((1, "Landy: both majors, 5-4 or better"),))
    call, why = choose_call(Hand.from_pbn(hand), Seat.N, calls, context)
    assert (str(plain), str(call)) == (natural_call, alerted_call)
    assert not why.artificial
    if alerted_call == "X":
        assert "lengths" not in why.constraints          # a double of values, no clubs promised


@pytest.mark.parametrize(("calls", "alerts", "hand", "doubled"), [
    # Stayman and a Jacoby transfer (SAYC booklet): artificial, in our own system
    (("1NT", "P", "2C"), (), "A2.K3.432.KQJT93", "C"),
    (("1NT", "P", "2D"), (), "432.432.KQJ32.32", "D"),
    # a program's alerted asking bid
    (("1NT", "P", "2C"), ((2, "asks for majors"),), "2.432.432.AKQJ32", "C"),
    # no double of a natural bid for the lead, nor without a good suit
    (("1S", "P", "2C"), (), "2.432.432.AKQJ32", None),
    (("1NT", "P", "2C"), (), "A32.K32.432.KJ32", None),
])
def test_issue9_double_of_an_artificial_bid_directs_the_lead(calls: tuple[str, ...], alerts: tuple[tuple[int, str], ...],
                                                            hand: str, doubled: str | None) -> None:
    """A double of the opponents' artificial bid (ours in the system, or a program's alerted
    call) shows a good suit of the bid's denomination, the lead partner should make: it is
    explained so, and the partner's reading of the auction (and the card player's sampler)
    gets five or more cards with three of the top five honours."""
    from bazas.bots.bidding.api import choose_call

    context = TableContext(ruleset="duplicate", alerts=alerts)
    call, why = choose_call(Hand.from_pbn(hand), Seat.N, list(calls), context)
    if doubled is None:
        assert str(call) != "X", why.en
        return
    assert str(call) == "X", why.en
    suit = "CDHS".index(doubled)
    known = SAYC.situation(Seat.N, [*map(parse_call, calls), parse_call("X")], context).known(Seat.N.after(len(calls)))
    assert known.lengths[suit][0] >= 5 and (suit, 3, 5) in known.honours
