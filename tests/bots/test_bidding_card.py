"""Issue 8 point 5: the convention card (es/en) is generated from the rule table, so what it says
is what the bots do and what the explanation panel shows."""

from __future__ import annotations

from html import escape

from bazas.bots.bidding import SAYC, convention_card, explain
from bazas.bots.bidding.card import SECTIONS, card_lines
from bazas.bots.bidding.sanity import CHECKS, FORCES
from bazas.engine.auction import Auction
from bazas.engine.seats import Seat


def test_card_has_every_booklet_section_in_both_languages_issue8_point5() -> None:
    en, es = convention_card("en"), convention_card("es")
    for title_en, title_es in SECTIONS:
        assert f"<h3>{escape(title_en)}</h3>" in en, title_en
        assert f"<h3>{title_es}</h3>" in es, title_es
    for f in FORCES:
        assert escape(f.en) in en and escape(f.es) in es
    for c in CHECKS:
        assert escape(c.en) in en and escape(c.es) in es
    assert "15–17 HCP, balanced" in en and "15–17 PH, equilibrada" in es
    assert en.startswith('<article class="convention-card" lang="en">') and en.endswith("</article>")


def test_card_lines_are_what_the_explanation_says_issue8_point5() -> None:
    """Each line's example auction and call, explained by the bot, carries the line's meaning."""
    lines = card_lines(SAYC, "en")
    checked = 0
    for rows in lines.values():
        for auction_text, call_text, meaning, _ in rows[:12]:
            calls = [] if auction_text == "(opening)" else [c for c in auction_text.split(" – ")]
            calls = [c.replace("♣", "C").replace("♦", "D").replace("♥", "H").replace("♠", "S") for c in calls]
            calls = ["P" if c == "Pass" else "X" if c == "Double" else "XX" if c == "Redouble" else c for c in calls]
            call = call_text.replace("♣", "C").replace("♦", "D").replace("♥", "H").replace("♠", "S")
            call = {"Pass": "P", "Double": "X", "Redouble": "XX"}.get(call, call)
            a = Auction.from_calls(Seat.N, [*calls, call])
            e = explain(a, len(calls), "rubber")
            assert meaning.split(":")[0] in e.en, (auction_text, call_text, meaning, e.en)
            checked += 1
    assert checked > 80


def _card_examples(lines: tuple[tuple[str, str, str, str, str], ...], heading_en: str,
                   heading_es: str) -> list[tuple[str, str, str, str]]:
    """A static section of the card: its heading and every line shown in both languages; the
    lines that carry an example, as (English line, example, hand, expected answer)."""
    en, es = convention_card("en"), convention_card("es")
    assert f"<h3>{heading_en}</h3>" in en and f"<h3>{heading_es}</h3>" in es
    out = []
    for line_en, line_es, example, hand, answer in lines:
        assert escape(line_en) in en and escape(line_es) in es
        if example:
            out.append((line_en, example, hand, answer))
    return out


def test_card_shows_leads_and_signals_the_card_player_uses_issue8_point1() -> None:
    """SP-3's opening leads and defensive carding: the card's section (es/en) says what the card
    player does, and each example lead is the one its lead table prefers."""
    from bazas.bots.bidding.card import LEADS
    from bazas.bots.leads import lead_prior
    from bazas.engine.calls import Contract
    from bazas.engine.cards import Card, Hand

    en, es = convention_card("en"), convention_card("es")
    examples = 0
    for line_en, hand_text, contract, card in _card_examples(LEADS, "Opening leads and signals (the card player)",
                                                             "Salidas y señales (el carteo)"):
        hand = Hand.from_pbn(hand_text)
        best = max((str(c) for c in hand.cards()),
                   key=lambda c: lead_prior(hand.mask, Card.parse(c).index, Contract.parse(contract), set(), set()))
        assert best == card, (line_en, hand_text, contract, best)
        examples += 1
    assert examples >= 3
    # The signals named are the card player's defaults: suit preference only when it gives them.
    from bazas.bots.play import CardPlayer

    player = CardPlayer()
    assert player.signals and player.signal_discards
    assert ("suit preference" in en) == player.suit_preference
    assert ("preferencia de palo" in es) == player.suit_preference


def test_issue9_card_says_how_the_bots_answer_artificial_calls() -> None:
    """The card's section on the opponents' artificial calls (es/en) says what the bidder does:
    each example auction (an alert's explanation after "|"), held by the example hand, gets the
    call the line names."""
    from bazas.bots.base import TableContext
    from bazas.bots.bidding.api import choose_call
    from bazas.bots.bidding.card import AGAINST_ARTIFICIAL
    from bazas.engine.calls import parse_call
    from bazas.engine.cards import Hand
    from bazas.engine.seats import Seat

    examples = 0
    for line_en, auction, hand, call in _card_examples(AGAINST_ARTIFICIAL, "Against artificial calls",
                                                       "Contra voces artificiales"):
        calls_text, _, words = auction.partition("|")
        calls = [parse_call(c) for c in calls_text.split()]
        alerts = ((len(calls) - 1, words),) if words else ()
        chosen, _ = choose_call(Hand.from_pbn(hand), Seat.N, calls, TableContext(ruleset="duplicate", alerts=alerts))
        assert str(chosen) == call, (line_en, auction, hand, chosen)
        examples += 1
    assert examples == 3
