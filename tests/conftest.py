"""Suite-wide fixtures.

PostgreSQL (a real, private server per test session; see tests/support/postgres.py):
    postgres_server     session  the running server (host, port, url(), create_database(), ...)
    postgres_url        session  ``postgresql+psycopg://postgres@127.0.0.1:PORT/bazas_test``
    fresh_postgres_url  function a new empty database for this test only, dropped afterwards

Browser (Debian's Chromium driven by Playwright; see tests/support/browser.py):
    chromium_path       session  "/usr/bin/chromium"
    chromium_page       function a Playwright ``Page`` in a fresh headless Chromium profile

Other:
    artifacts_dir       function ``artifacts/<test name>/`` under the repo root (git-ignored),
                                 for screenshots and other files worth looking at after a run

Fixtures whose service is not installed skip the test with the reason (shown by ``-ra``).
Tests using them are marked ``postgres`` / ``browser`` automatically, so
``pytest -m "not browser"`` deselects them.
"""

from __future__ import annotations

import re
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from support.browser import find_chromium, launch_chromium
from support.postgres import PostgresServer, PostgresUnavailable, start_postgres

if TYPE_CHECKING:
    from playwright.sync_api import Page, Playwright

REPO_ROOT = Path(__file__).resolve().parents[1]

_POSTGRES_FIXTURES = {"postgres_server", "postgres_url", "fresh_postgres_url"}
_BROWSER_FIXTURES = {"chromium_path", "chromium_page"}


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        names = set(getattr(item, "fixturenames", ()))
        if names & _POSTGRES_FIXTURES:
            item.add_marker(pytest.mark.postgres)
        if names & _BROWSER_FIXTURES:
            item.add_marker(pytest.mark.browser)


# --- PostgreSQL ------------------------------------------------------------------------------


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    try:
        server = start_postgres()
    except PostgresUnavailable as exc:
        pytest.skip(f"PostgreSQL not available: {exc}")
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="session")
def postgres_url(postgres_server: PostgresServer) -> str:
    """SQLAlchemy URL of the ``bazas_test`` database, shared by the whole session."""
    return postgres_server.create_database("bazas_test")


@pytest.fixture
def fresh_postgres_url(postgres_server: PostgresServer) -> Iterator[str]:
    """SQLAlchemy URL of a new, empty database that only this test uses."""
    name = f"bazas_test_{uuid.uuid4().hex[:12]}"
    url = postgres_server.create_database(name)
    try:
        yield url
    finally:
        postgres_server.drop_database(name)


# --- Browser ---------------------------------------------------------------------------------


@pytest.fixture(scope="session")
def chromium_path() -> str:
    path = find_chromium()
    if path is None:
        pytest.skip("Chromium not available (looked for $BAZAS_CHROMIUM or /usr/bin/chromium); install it with `make system-deps`")
    return path


@pytest.fixture(scope="session")
def playwright_instance(chromium_path: str) -> Iterator[Playwright]:
    """One Playwright per test process: its sync API runs an event loop for as long as it lives,
    so every browser fixture shares this one instead of starting its own."""
    sync_api = pytest.importorskip("playwright.sync_api", reason="Playwright not installed")
    with sync_api.sync_playwright() as pw:
        yield pw


@pytest.fixture
def chromium_page(playwright_instance: Playwright, chromium_path: str) -> Iterator[Page]:
    with launch_chromium(playwright_instance, executable_path=chromium_path) as context:
        yield context.new_page()


# --- Other -----------------------------------------------------------------------------------


@pytest.fixture
def artifacts_dir(request: pytest.FixtureRequest) -> Path:
    name = re.sub(r"[^A-Za-z0-9_.-]+", "_", request.node.nodeid).strip("_")
    path = REPO_ROOT / "artifacts" / name
    path.mkdir(parents=True, exist_ok=True)
    return path
