"""Issue 11, "Rules pages for each variant in Spanish and English, sharing the common sections
instead of repeating them": three-handed Auction, Royal Auction, nullos and the house options."""

from __future__ import annotations

import pytest

from bazas.engine.rulesets import get
from bazas.server.rules_pages import FRAGMENTS_DIR, RULES_DIR, page_file, rules_page

from .harness import ServerProcess

LANGS = ("en", "es")


def page(ruleset: str, lang: str) -> str:
    html = rules_page(get(ruleset), lang)
    assert html is not None, f"no {lang} page for {ruleset}"
    assert "<!-- include" not in html and "{{" not in html
    return html


@pytest.mark.parametrize("lang", LANGS)
def test_issue11_three_handed_has_its_page_in_both_languages(lang: str) -> None:
    html = page("three-handed-auction", lang)
    # RULES.md "Variants from seed 001": W holds the dummy hand, 125 a game, per-player honours,
    # each opponent scores the penalty, the settlement between players.
    words = {"en": ["dummy hand", "125", "each</b> of the two opponents", "settlement", "8v", "10v",
                    "partners for this deal only", "−145", "+440"],
             "es": ["muerto", "125", "cada uno</b> de los dos contrarios", "liquidación", "8v", "10v",
                    "compañeros solo en esta mano", "−145", "+440"]}[lang]
    for word in words:
        assert word in html, word
    # The shared sections are included, not repeated: card play and the 1920 trick values.
    assert ("follow suit" if lang == "en" else "servir</b> el palo") in html
    assert '<td class="num">9</td><td class="num">10</td>' in html


def test_issue11_three_handed_settlement_example_is_the_scorepads() -> None:
    """The page's worked example is what ``bazas score`` gives for the same two deals."""
    from bazas.cli.three_handed import load

    sheet, _, _ = load({"ruleset": "three-handed-auction", "first_dealer": "N", "deals": [
        {"contract": "2H", "declarer": "E", "tricks": 7},
        {"contract": "1NT", "declarer": "S", "tricks": 10, "honours": {"S": ["SA", "HA"], "W": ["DA"]}}]})
    totals = {p.name: v for p, v in sheet.totals().items()}
    assert totals == {"N": 50, "E": 0, "S": 245}
    net = {p: sum(totals[p] - totals[q] for q in totals if q != p) for p in totals}
    assert net == {"N": -145, "E": -295, "S": 440}


@pytest.mark.parametrize("lang", LANGS)
def test_issue11_nullos_written_once_and_shown_in_both_games_that_offer_it(lang: str) -> None:
    phrase = {"en": "“two nullos” undertakes", "es": "«dos nulos» compromete"}[lang]
    holders = [p.name for p in [*RULES_DIR.glob("*.html"), *FRAGMENTS_DIR.glob("*.html"),
                                *page_file(get("royal-auction"), lang).parent.glob("*.html")]  # type: ignore[union-attr]
               if phrase in p.read_text(encoding="utf-8")]
    assert holders == [f"nullos.{lang}.html"]
    for ruleset in ("auction-1920", "royal-auction"):
        assert phrase in page(ruleset, lang), ruleset


@pytest.mark.parametrize("lang", LANGS)
def test_issue11_auction_1920_page_names_every_house_option(lang: str) -> None:
    html = page("auction-1920", lang)
    for code in ('honours: "later"', 'passed_out: "same_dealer"', "deals: N", 'tie: "one_more_deal"', "nullos: true",
                 "--option"):
        assert code in html, code
    # No longer "not used at this table".
    assert "not used at this table" not in html and "no se aplican en esta mesa" not in html


@pytest.mark.parametrize("lang", LANGS)
def test_issue11_royal_page_says_how_to_play_it_here(lang: str) -> None:
    html = page("royal-auction", lang)
    assert "are coming" not in html and "Pronto habrá" not in html
    assert "--option nullos=true" in html
    assert ("An exact tie" if lang == "en" else "Un empate exacto") in html


def test_issue11_rules_pages_served_in_each_language(server: ServerProcess) -> None:
    for ruleset in ("three-handed-auction", "royal-auction", "auction-1920"):
        for lang in LANGS:
            r = server.get(f"/rules/{ruleset}?lang={lang}")
            assert r.status_code == 200 and f'<html lang="{lang}"' in r.text, (ruleset, lang)
    # The table links its game's page by the table's ruleset id, options and all (info.js).
    for variant, page_of in (("royal-auction+nullos", "royal-auction"), ("auction-1920+later-honours+8-deals",
                                                                          "auction-1920"),
                             ("chicago+no-honours", "chicago")):
        r = server.get(f"/rules/{variant}?lang=en")
        assert r.status_code == 200 and f'data-ruleset="{page_of}"' in r.text, variant
    assert server.get("/rules/poker+nullos").status_code == 404
