"""The storage tests run on SQLite and on a real PostgreSQL server (skipped, with the reason,
when PostgreSQL cannot run here)."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(params=["sqlite", "postgres"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'bazas.sqlite3'}"
    url: str = request.getfixturevalue("fresh_postgres_url")
    return url
