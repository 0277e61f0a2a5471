"""Headless Chromium for tests: Debian's /usr/bin/chromium driven by Playwright's Python API.

We never download Playwright's own browser builds (``playwright install`` can't reach its CDN
here): Playwright is pointed at Debian's Chromium with ``executable_path``. ``make system-deps``
installs it (``scripts/install-system-deps.sh``).

Launch flags (``CHROMIUM_ARGS``) and why:

- ``--headless``: no display on CI.
- ``--no-sandbox``: tests run as root, where Chromium's sandbox refuses to start.
- ``--disable-gpu``: no GPU.
- ``--disable-background-networking --disable-component-update --disable-sync --no-first-run
  --disable-quic``: Chromium otherwise phones home at start (updates, sync, Google lookups);
  the network here is closed, so those connections fail, many at a time, and slow it down.
- a fresh, empty user-data-dir (profile) per launch, so no state leaks between tests.

Usage in a test (or use the ``chromium_page`` fixture from tests/conftest.py)::

    from playwright.sync_api import sync_playwright
    from support.browser import launch_chromium

    with sync_playwright() as pw, launch_chromium(pw) as context:
        page = context.new_page()
        page.goto("http://127.0.0.1:8000/")
        page.screenshot(path="artifacts/home.png")

``launch_chromium`` creates the fresh profile dir itself (Playwright forbids ``--user-data-dir``
in ``args`` and wants ``launch_persistent_context(user_data_dir, ...)`` instead). If you want a
plain ``Browser`` (several isolated contexts), use ``pw.chromium.launch(**launch_kwargs())``:
Playwright then makes and deletes a fresh temporary profile for that launch on its own.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import tempfile
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # Playwright is a dev dependency; keep this module importable without it.
    from playwright.sync_api import BrowserContext, Playwright

CHROMIUM_PATH = "/usr/bin/chromium"

CHROMIUM_ARGS: tuple[str, ...] = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
)

DEFAULT_TIMEOUT_MS = 60_000  # the first start of Chromium on a cold CI machine can be slow


def find_chromium() -> str | None:
    """Path of the Chromium executable, or None. ``BAZAS_CHROMIUM`` overrides the default."""
    path = os.environ.get("BAZAS_CHROMIUM", CHROMIUM_PATH)
    return path if os.path.isfile(path) and os.access(path, os.X_OK) else None


def launch_kwargs(executable_path: str = CHROMIUM_PATH, **extra: Any) -> dict[str, Any]:
    """Keyword arguments for ``playwright.chromium.launch(**launch_kwargs())``."""
    return {
        "executable_path": executable_path,
        "headless": True,
        "args": list(CHROMIUM_ARGS),
        "chromium_sandbox": False,
        "timeout": DEFAULT_TIMEOUT_MS,
        **extra,
    }


@contextlib.contextmanager
def launch_chromium(
    playwright: Playwright, executable_path: str = CHROMIUM_PATH, **extra: Any
) -> Iterator[BrowserContext]:
    """A ``BrowserContext`` of Chromium with a fresh user-data-dir, removed afterwards."""
    user_data_dir = tempfile.mkdtemp(prefix="bazas-chromium-")
    try:
        context = playwright.chromium.launch_persistent_context(
            user_data_dir, **launch_kwargs(executable_path, **extra)
        )
        try:
            context.set_default_timeout(DEFAULT_TIMEOUT_MS)
            yield context
        finally:
            context.close()
    finally:
        shutil.rmtree(user_data_dir, ignore_errors=True)
