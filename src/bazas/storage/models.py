"""The database schema (SQLAlchemy 2 declarative models).

- ``tables``: one row per table: ruleset, the configuration it was created with (players, first
  dealer), its options, its status and the event version at which the status last changed.
- ``seats``: the four seats of a table; a human seat keeps only the SHA-256 of its secret link.
- ``events``: the versioned event log of a table: every accepted command, in order. It is the
  truth: a table is rebuilt by replaying it (:meth:`bazas.engine.table.Table.replay`).
- ``deals``: every deal dealt at a table: its board (cards, dealer, vulnerability), written with
  the event that deals it, then its action log, result and score with the event that ends it
  (the log of a deal in progress is in ``events``), and the double-dummy analysis once computed.

Migrations live in ``storage/migrations`` (Alembic) and run at startup; these models must match
the latest migration (a test compares them).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, DateTime, ForeignKey, Integer, String, func
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


class Base(DeclarativeBase):
    pass


class TableRow(Base):
    __tablename__ = "tables"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    ruleset: Mapped[str] = mapped_column(String(32))
    config: Mapped[dict[str, Any]] = mapped_column(JSON)
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    status: Mapped[str] = mapped_column(String(16), index=True)
    version: Mapped[int] = mapped_column(Integer, default=0)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())


class SeatRow(Base):
    __tablename__ = "seats"

    table_id: Mapped[str] = mapped_column(String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[str] = mapped_column(String(1), primary_key=True)
    kind: Mapped[str] = mapped_column(String(8))
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)


class EventRow(Base):
    __tablename__ = "events"

    table_id: Mapped[str] = mapped_column(String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True)
    version: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(16))
    payload: Mapped[dict[str, Any]] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())


class DealRow(Base):
    __tablename__ = "deals"

    table_id: Mapped[str] = mapped_column(String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True)
    number: Mapped[int] = mapped_column(Integer, primary_key=True)
    rubber: Mapped[int] = mapped_column(Integer)
    dealer: Mapped[str] = mapped_column(String(1))
    vulnerability: Mapped[str] = mapped_column(String(4))
    deal: Mapped[str] = mapped_column(String(80))
    actions: Mapped[list[str]] = mapped_column(JSON)
    status: Mapped[str] = mapped_column(String(8))
    contract: Mapped[str | None] = mapped_column(String(8), nullable=True)
    declarer: Mapped[str | None] = mapped_column(String(1), nullable=True)
    tricks: Mapped[int | None] = mapped_column(Integer, nullable=True)
    score: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    analysis: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
    finished_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
