"""Fixtures for the server tests: a running server (subprocess) per module or per test."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from .harness import ServerProcess


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """A server without bots' thinking time or analysis, shared by the tests of a module."""
    with ServerProcess(tmp_path_factory.mktemp("server")) as srv:
        yield srv


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    return tmp_path / "data"
