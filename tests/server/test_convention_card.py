"""Issue 8: a convention card page (es/en) for the system the bots play, generated from their
rule table (so it cannot drift from what they bid)."""

from __future__ import annotations

from pathlib import Path

from fastapi.testclient import TestClient

from bazas.server.app import convention_card_html, create_app
from bazas.server.settings import Settings


def test_issue8_convention_card_page_in_both_languages(tmp_path: Path) -> None:
    app = create_app(Settings(data_dir=tmp_path, bots="scripted", analysis=False, resume=False))
    with TestClient(app) as client:
        en = client.get("/convention-card?lang=en")
        es = client.get("/convention-card?lang=es")
    assert en.status_code == es.status_code == 200
    assert 'lang="en"' in en.text and "Convention card" in en.text
    assert 'lang="es"' in es.text and "Tarjeta de convenciones" in es.text
    # Generated from the rule table: the strong artificial 2C opening is on it, in each language.
    assert "2♣" in en.text and "2♣" in es.text
    assert en.text != es.text


def test_issue8_convention_card_is_a_whole_page() -> None:
    html = convention_card_html("en")
    assert html.startswith("<!doctype html>") and "convention-card" in html and html.endswith("</html>")
