"""Opening leads: the textbook table (bazas.bots.leads) and its use as the simulation's prior.

Sources as cited in the table: Root, *How to Defend a Bridge Hand* (ROOT); Kantar, *Modern Bridge
Defense* / *Complete Defensive Bridge* (KANTAR); ACBL Bridge Series, *Defense in the 21st Century*
(ACBL); Blackwood, *Complete Book of Opening Leads* (BLACKWOOD)."""

from __future__ import annotations

from bazas.bots.leads import (
    DD_LEAD_VALUES,
    LEAD_RULES,
    MORE_LEAD_RULES,
    LeadRule,
    conventional_lead,
    lead_prior,
    lead_table,
    matching_rules,
)
from bazas.engine.calls import Contract
from bazas.engine.cards import Card, Hand
from bazas.engine.seats import Seat

from .test_play_textbook import at_trick_one, decide

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W
SPADES, HEARTS, DIAMONDS, CLUBS = 3, 2, 1, 0


def best_lead(pbn: str, contract: str, partner: set[int] | None = None, enemy: set[int] | None = None) -> str:
    hand = Hand.from_pbn(pbn).mask
    cards = [i for i in range(52) if hand >> i & 1]
    best = max(cards, key=lambda c: (lead_prior(hand, c, Contract.parse(contract), partner or set(), enemy or set()),
                                     -(c % 13)))
    return str(Card.from_index(best))


def test_lead_table_every_rule_cites_a_book_and_topic() -> None:
    books = ("ROOT", "KANTAR", "ACBL", "BLACKWOOD")
    for rule in LEAD_RULES:
        assert any(b in rule.source for b in books), rule.name
        assert rule.against in ("nt", "suit", "any") and rule.value != 0.0


def test_root_which_card_top_of_touching_honours_fourth_best_low_from_three() -> None:
    # ROOT ch. 1: K from KQ.., fourth best from KJ752, low from Q73, top of a doubleton.
    assert conventional_lead([13, 12, 11, 4], False, False) == 13
    assert conventional_lead([13, 11, 7, 5, 2], True, False) == 5
    assert conventional_lead([12, 7, 3], False, False) == 3
    assert conventional_lead([9, 6], True, False) == 9
    # Interior sequence at notrump: the jack from KJ10x (ROOT ch. 1).
    assert conventional_lead([13, 11, 10, 4], True, False) == 11


def test_root_fourth_best_from_the_longest_and_strongest_against_notrump() -> None:
    assert best_lead("KJ752.Q83.T94.52", "3NT") == "S5"


def test_root_top_of_a_sequence_against_a_suit_contract() -> None:
    assert best_lead("KQJ4.73.Q852.943", "4H") == "SK"


def test_root_kantar_never_underlead_an_ace_against_a_suit_contract() -> None:
    hand = Hand.from_pbn("A842.K73.Q852.94").mask
    prior = {c: lead_prior(hand, Card.parse(c).index, Contract.parse("4H"), set(), set())
             for c in ("S2", "SA", "C9")}
    assert prior["S2"] < prior["C9"] and prior["S2"] < prior["SA"]
    names = [r.name for r in matching_rules(hand, Card.parse("S2").index, Contract.parse("4H"), set(), set())]
    assert "never underlead an ace against a suit contract" in names
    # At notrump underleading an ace is normal: the rule does not apply there.
    assert all("ace" not in r.name for r in matching_rules(hand, Card.parse("S2").index, Contract.parse("3NT"),
                                                           set(), set()))


def test_kantar_lead_partners_suit() -> None:
    # Partner overcalled hearts: the heart queen (top of a doubleton) over fourth best spades.
    assert best_lead("KJ752.Q8.T94.532", "3NT", partner={HEARTS}) == "HQ"
    assert best_lead("KJ752.Q8.T94.532", "3NT") == "S5"


def test_root_avoid_the_suits_the_opponents_bid() -> None:
    hand = Hand.from_pbn("QJT4.73.QJT2.943").mask
    four_h = Contract.parse("4H")
    plain = lead_prior(hand, Card.parse("SQ").index, four_h, set(), set())
    bid = lead_prior(hand, Card.parse("SQ").index, four_h, set(), {SPADES})
    assert bid < plain
    assert best_lead("QJT4.73.QJT2.943", "4H", enemy={SPADES}) == "DQ"


def test_kantar_singleton_lead_against_a_suit_contract_when_partner_may_ruff() -> None:
    # A singleton club with three small trumps and the trump ace (the entry in time for the ruff).
    assert best_lead("8642.A73.Q8652.4", "4H") == "C4"


def test_root_no_singleton_with_four_trumps_force_declarer_instead() -> None:
    # ROOT ch. 3: with four trumps lead the long suit (the forcing game), not the singleton.
    hand = Hand.from_pbn("KJ642.8653.QT5.4").mask
    four_h = Contract.parse("4H")
    single = lead_prior(hand, Card.parse("C4").index, four_h, set(), set())
    long_suit = lead_prior(hand, Card.parse("S4").index, four_h, set(), set())
    assert long_suit > single


def test_root_short_suits_are_poor_leads_against_notrump() -> None:
    hand = Hand.from_pbn("KJ752.Q83.T9.542").mask
    nt = Contract.parse("3NT")
    assert lead_prior(hand, Card.parse("DT").index, nt, set(), set()) < lead_prior(
        hand, Card.parse("S5").index, nt, set(), set())


def test_close_calls_go_to_the_textbook_lead_with_the_prior() -> None:
    # The simulation (few layouts at trick one) with the table as its prior leads the fourth best
    # spade from KJ752 against 3NT (ROOT ch. 1), the same deal as the textbook test in
    # test_play_textbook; the prior's weight is an option (0: the simulation alone). The table is
    # the prior with lead_model None (the learned model's own test is in test_lead_model).
    deal = "W:KJ752.Q83.T94.52 T98.J64.QJ75.Q64 63.AT97.862.AKT7 AQ4.K52.AK3.J983"
    state = at_trick_one(deal, "3NT", S)
    card, player = decide(state, lead_prior_weight=1.0, lead_model=None)
    assert card == Card.parse("S5"), player.last_info
    _, pure = decide(state, lead_prior_weight=0.0, lead_model=None)
    assert set(pure.last_info["expected"]) == set(player.last_info["expected"])


# -- the lead table's values measured double dummy (issue 9) ---------------------------------------

def test_more_lead_rules_cite_a_book_and_enter_only_when_given_a_value() -> None:
    books = ("ROOT", "KANTAR", "ACBL", "BLACKWOOD")
    for rule in MORE_LEAD_RULES:
        assert any(b in rule.source for b in books), rule.name
    assert lead_table() == LEAD_RULES
    assert not {r.name for r in MORE_LEAD_RULES} & {r.name for r in lead_table({"partner's suit": 0.6})}
    dd = lead_table(DD_LEAD_VALUES)
    assert {r.name for r in MORE_LEAD_RULES} <= {r.name for r in dd}
    # Every value of the measured table is used, once per kind of contract.
    assert len({(r.name, r.against) for r in dd}) == len(dd)
    for key, value in DD_LEAD_VALUES.items():
        kind, _, name = key.partition(":")
        if name:
            assert [r.value for r in dd if r.name == name and r.against == kind] == [value], key


def test_root_acbl_honour_doubleton_and_unbid_suit_rules() -> None:
    hand = Hand.from_pbn("Q4.J9763.K82.T95").mask
    names = {r.name for r in matching_rules(hand, Card.parse("SQ").index, Contract.parse("3NT"), set(), {HEARTS},
                                            MORE_LEAD_RULES)}
    assert names == {"an honour doubleton (K-x, Q-x, J-x) is a dangerous lead", "an unbid suit"}
    # Hearts were bid by the opponents: not an unbid suit; nor is anything when nobody bid.
    assert not matching_rules(hand, Card.parse("H6").index, Contract.parse("3NT"), set(), {HEARTS}, MORE_LEAD_RULES)
    assert not matching_rules(hand, Card.parse("C5").index, Contract.parse("3NT"), set(), set(), MORE_LEAD_RULES)


def test_the_measured_prior_leads_a_singleton_with_four_trumps_the_textbook_does_not() -> None:
    # ROOT ch. 3 forces declarer with four trumps (the long heart); double dummy, measured on 7,905
    # deals (DD_LEAD_VALUES), found the singleton as good a lead with four trumps as with fewer.
    hand = Hand.from_pbn("8642.J876.Q932.5").mask
    four_spades = Contract.parse("4S")

    def best(rules: tuple[LeadRule, ...]) -> str:
        cards = [i for i in range(52) if hand >> i & 1]
        return str(Card.from_index(max(cards, key=lambda c: lead_prior(hand, c, four_spades, set(), set(), rules))))

    assert best(LEAD_RULES) == "H6"
    assert best(lead_table(DD_LEAD_VALUES)) == "C5"
    # With the table as its prior (lead_model None) the card player uses the measured values by
    # default, the books' with lead_values None.
    deal = "W:8642.J876.Q932.5 AKQ9.K52.J84.K73 T.AT94.AK76.JT82 J753.Q3.T5.AQ964"
    state = at_trick_one(deal, "4S", S)   # West leads
    dd_card, _ = decide(state, lead_prior_weight=50.0, lead_model=None)
    book_card, _ = decide(state, lead_prior_weight=50.0, lead_values=None, lead_model=None)
    assert str(dd_card) == "C5" and str(book_card)[0] == "H"   # a heart (the top of 8-7-6 leads for the class)


def test_lead_values_naming_no_rule_are_refused_with_the_name() -> None:
    import pytest

    with pytest.raises(ValueError, match="no lead rule named 'partner suit'"):
        lead_table({"suit:partner suit": 1.0})
