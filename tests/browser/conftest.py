"""Fixtures of the browser suite: one real ``bazas serve`` and one Chromium per test session.

The server is the real thing (``bazas serve --port <free> --data-dir <tmp>``); the suite is skipped
with a reason when the table server is not available. Chromium comes from the ``chromium_path``
fixture (tests/conftest.py), which skips when it is not installed.
"""

from __future__ import annotations

import importlib.util
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from support.browser import launch_kwargs

from .ui import Server, new_context, running_server

if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserContext


def _backend_missing() -> str | None:
    import os

    if os.environ.get("BAZAS_BROWSER_SERVER"):
        return None
    if importlib.util.find_spec("bazas.server.app") is None:
        return "the table server (bazas.server.app) is not there yet"
    return None


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    reason = _backend_missing()
    if reason:
        pytest.skip(reason)
    with running_server(tmp_path_factory.mktemp("bazas-server")) as srv:
        yield srv


@pytest.fixture(scope="session")
def browser(playwright_instance: Any, chromium_path: str) -> Iterator[Browser]:
    b = playwright_instance.chromium.launch(**launch_kwargs(chromium_path))
    try:
        yield b
    finally:
        b.close()


@pytest.fixture
def context(browser: Browser) -> Iterator[BrowserContext]:
    ctx = new_context(browser)
    try:
        yield ctx
    finally:
        ctx.close()


@pytest.fixture
def fresh_server(tmp_path: Path) -> Iterator[Server]:
    """A server of this test's own (for killing and restarting it)."""
    reason = _backend_missing()
    if reason:
        pytest.skip(reason)
    with running_server(tmp_path, "own") as srv:
        yield srv
