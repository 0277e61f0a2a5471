"""Database engines and migrations.

:func:`make_engine` opens SQLite (WAL journal, so readers never wait for the writer, and
``synchronous=NORMAL``: a committed transaction survives the process being killed) or any other
SQLAlchemy URL (PostgreSQL through psycopg 3: ``postgresql+psycopg://...``).
:func:`upgrade` brings the schema to the latest Alembic revision, in place.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Engine, create_engine, event
from sqlalchemy.engine import make_url

MIGRATIONS = Path(__file__).resolve().parent / "migrations"


def normalise_url(url: str) -> str:
    """``postgres://`` and ``postgresql://`` use psycopg 3 (the driver bazas ships with).

    >>> normalise_url("postgres://bazas@db/bazas")
    'postgresql+psycopg://bazas@db/bazas'
    >>> normalise_url("postgresql+psycopg://bazas@db/bazas"), normalise_url("sqlite:///bazas.db")
    ('postgresql+psycopg://bazas@db/bazas', 'sqlite:///bazas.db')
    """
    if url.startswith("postgres://"):
        url = "postgresql://" + url[len("postgres://"):]
    if url.startswith("postgresql://"):
        url = "postgresql+psycopg://" + url[len("postgresql://"):]
    return url


def sqlite_url(path: Path | str) -> str:
    return f"sqlite:///{Path(path)}"


def make_engine(url: str, **kwargs: Any) -> Engine:
    """An engine for ``url``; SQLite files get WAL mode, a busy timeout and foreign keys."""
    url = normalise_url(url)
    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite":
        database = parsed.database
        if database and database != ":memory:":
            Path(database).parent.mkdir(parents=True, exist_ok=True)
        engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30}, **kwargs)

        @event.listens_for(engine, "connect")
        def _pragmas(dbapi_connection: Any, _record: Any) -> None:
            cursor = dbapi_connection.cursor()
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA synchronous=NORMAL")
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.execute("PRAGMA busy_timeout=30000")
            # Checkpoints are run by Repository.checkpoint() from a thread of their own, so a commit
            # never pays for one; this only bounds the WAL if nobody does.
            cursor.execute("PRAGMA wal_autocheckpoint=20000")
            cursor.close()

        return engine
    kwargs.setdefault("pool_pre_ping", True)
    return create_engine(url, **kwargs)


def alembic_config() -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    return config


def head_revision() -> str | None:
    return ScriptDirectory.from_config(alembic_config()).get_current_head()


def current_revision(engine: Engine) -> str | None:
    with engine.connect() as connection:
        return MigrationContext.configure(connection).get_current_revision()


def upgrade(engine: Engine, revision: str = "head") -> None:
    """Run every migration up to ``revision`` (the schema upgrades in place)."""
    config = alembic_config()
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, revision)


def downgrade(engine: Engine, revision: str) -> None:
    config = alembic_config()
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.downgrade(config, revision)
