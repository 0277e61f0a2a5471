"""Persistence: SQLAlchemy models, Alembic migrations (run at startup) and repository functions.

SQLite by default (a file under the data directory), PostgreSQL or any SQLAlchemy URL otherwise.
"""

from .db import make_engine, normalise_url, sqlite_url, upgrade
from .repository import (
    Append,
    ConflictError,
    DealRecord,
    EventRecord,
    Repository,
    SeatRecord,
    StoredTable,
    hash_token,
)

__all__ = [
    "Append",
    "ConflictError",
    "DealRecord",
    "EventRecord",
    "Repository",
    "SeatRecord",
    "StoredTable",
    "hash_token",
    "make_engine",
    "normalise_url",
    "sqlite_url",
    "upgrade",
]
