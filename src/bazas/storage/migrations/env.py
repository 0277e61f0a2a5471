"""Alembic environment: run by :func:`bazas.storage.db.upgrade` with a live connection in
``config.attributes["connection"]`` (no alembic.ini, no logging setup)."""

from __future__ import annotations

from alembic import context

from bazas.storage.models import Base

config = context.config
connection = config.attributes.get("connection")
if connection is None:  # pragma: no cover - always run programmatically
    raise RuntimeError("bazas migrations run through bazas.storage.db.upgrade(engine)")

context.configure(
    connection=connection,
    target_metadata=Base.metadata,
    render_as_batch=connection.dialect.name == "sqlite",
    compare_type=True,
)
with context.begin_transaction():
    context.run_migrations()
