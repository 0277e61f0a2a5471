"""Issue 9 in the browser: an organiser seats an outside program in a team match from the home
page's form ("Program (table manager)"), is shown where the program connects and the line it sends,
and the program (the independent minimal client of tests/tm) plays its seat to the end of the match.
The one-table form seats a program the same way ("Program" beside "Bot" and "Friend")."""

from __future__ import annotations

import contextlib
import json
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from server.program_feed import running
from tm.minimal_client import MinimalClient

from .ui import new_context, page_errors, running_server

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page


@contextlib.contextmanager
def home_page(browser: Browser, srv: Any, lang: str) -> Iterator[tuple[Page, list[str]]]:
    """The home page of ``srv`` in a fresh profile speaking ``lang``, and its page errors."""
    ctx = new_context(browser, lang=lang)
    try:
        page = ctx.new_page()
        errors = page_errors(page)
        page.goto(srv.url + "/")
        yield page, errors
    finally:
        ctx.close()


def program_row(page: Page, seat: str, word: str) -> tuple[str, int]:
    """The line a program seat's row tells the program to send, checked, and the port it names."""
    line = page.input_value(f'[data-program="{seat}"] input')
    where = page.text_content(f'[data-program="{seat}"] .program-where') or ""
    found = re.search(r"(\d+\.\d+\.\d+\.\d+):(\d+)", where)
    assert found is not None, where
    assert re.fullmatch(f'Connecting "[^"]+" as {word} using protocol version 18', line), line
    return line, int(found.group(2))


def test_issue9_home_form_seats_a_program_in_a_team_match_and_it_plays_to_the_end(
        browser: Browser, tmp_path: Path) -> None:
    with running_server(tmp_path, "tm", env={"BAZAS_TM_PORT": "0", "BAZAS_BOTS": "simple"}) as srv:
        with home_page(browser, srv, "es") as (page, errors):
            page.wait_for_selector('#match-seats select[data-match-seat="1N"]')
            labels = page.eval_on_selector('select[data-match-seat="1N"]',
                                           "s => [...s.options].map(o => [o.value, o.textContent])")
            assert ["program", "Programa (gestor de mesa)"] in labels
            page.fill("#match-boards", "1")
            page.select_option('select[data-match-seat="1N"]', "program")
            page.fill('input[data-program-name="1N"]', "Mínimo")
            page.select_option('select[data-match-seat="2S"]', "open")
            page.click("#match-start")
            page.wait_for_selector('#match-links:not([hidden]) [data-program="1N"]')
            # The program's seat has no browser link; the person's seat has one.
            assert page.locator('[data-invite="1N"]').count() == 0
            assert page.locator('[data-invite="2S"]').count() == 1
            line, port = program_row(page, "1N", "North")
            match_id = (page.get_attribute("#match-page-link", "href") or "").rsplit("/", 1)[1]
            assert not errors

        # The program connects with the line it was shown and plays its table's board to the end.
        client = MinimalClient(port, "North", line.split('"')[1])
        deadline = time.monotonic() + 120
        with running(client):
            while True:
                summary = json.loads(srv.get(f"/api/matches/{match_id}"))
                if summary["progress"]["1"] == 1 and "End of session" in client.received:
                    break
                assert time.monotonic() < deadline, summary["progress"]
                time.sleep(0.3)
        assert any(x.startswith("North's cards") for x in client.received)
        assert summary["players"][0]["N"]["name"] == "Mínimo"   # the name typed in the form
        assert client.received[-1] == "End of session"   # its table has played the match's one board


def test_issue9_home_form_seats_a_program_at_a_one_table_game(browser: Browser, tmp_path: Path) -> None:
    """The one-table form offers "Program" beside "Bot" and "Friend": the created table shows where
    the program connects and its line; the program connects with it and is dealt its seat's cards,
    under the name typed in the form."""
    with running_server(tmp_path, "tm1", env={"BAZAS_TM_PORT": "0", "BAZAS_BOTS": "simple"}) as srv:
        with home_page(browser, srv, "en") as (page, errors):
            page.wait_for_selector('#seat-picker button[data-seat="N"][data-kind="program"]')
            assert page.text_content('#seat-picker button[data-seat="N"][data-kind="program"]') == "Program"
            page.click('#seat-picker button[data-seat="N"][data-kind="program"]')
            page.fill('#seat-picker input[data-program-name="N"]', "Minimal")
            page.click("#start")
            page.wait_for_selector('#links:not([hidden]) [data-program="N"]')
            line, port = program_row(page, "N", "North")
            table_id = line.split('"')[1].split("/", 1)[0]
            # The other seats were left as bots: no invitation link, and my own seat's link to go to.
            assert all(page.locator(f'[data-invite="{s}"]').count() == 0 for s in "NEW")
            assert (page.get_attribute("#go", "href") or "").startswith("/t/" + table_id)
            assert not errors

        client = MinimalClient(port, "North", line.split('"')[1])
        deadline = time.monotonic() + 60
        with running(client):
            while not any(x.startswith("North's cards") for x in client.received):
                assert time.monotonic() < deadline, client.received
                time.sleep(0.2)
        assert not [x for x in client.received if x.startswith("Error")], client.received
        assert json.loads(srv.get(f"/api/tables/{table_id}"))["seats"]["N"]["name"] == "Minimal"
