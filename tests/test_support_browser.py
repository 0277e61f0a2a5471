"""Playwright's sync API drives Debian's headless Chromium with the flags from ``support.browser``."""

from __future__ import annotations

from typing import TYPE_CHECKING
from urllib.parse import quote

import pytest

from support.browser import CHROMIUM_ARGS, launch_kwargs

if TYPE_CHECKING:
    from playwright.sync_api import Page, Playwright

pytestmark = pytest.mark.browser

HTML = (
    "<!doctype html><title>bazas smoke</title><p id=p>1NT</p>"
    "<script>document.getElementById('p').textContent += ' by North'</script>"
)


def test_playwright_launches_debian_chromium(playwright_instance: Playwright, chromium_path: str) -> None:
    browser = playwright_instance.chromium.launch(**launch_kwargs(chromium_path))
    try:
        page = browser.new_page()
        page.goto("data:text/html," + quote(HTML))
        assert page.title() == "bazas smoke"
        assert browser.version.split(".")[0].isdigit()
    finally:
        browser.close()
    assert "--no-sandbox" in CHROMIUM_ARGS


def test_chromium_page_fixture_runs_scripts(chromium_page: Page) -> None:
    chromium_page.goto("data:text/html," + quote(HTML))
    assert chromium_page.title() == "bazas smoke"
    assert chromium_page.text_content("#p") == "1NT by North"
    assert chromium_page.evaluate("() => 6 * 7") == 42
