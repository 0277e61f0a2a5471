"""Repository functions: everything the server reads from and writes to the database.

Synchronous (SQLAlchemy 2 Core statements on the ORM tables); the server runs them off its event
loop. :meth:`Repository.append` writes any number of tables' new events and deal rows in ONE
transaction, so the server can group the commits of many tables (each table still sees its own
actions stored, in order, before they are broadcast).
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Connection, Engine, bindparam, func, insert, select, update
from sqlalchemy.exc import IntegrityError

from .db import make_engine, upgrade
from .models import DealRow, EventRow, SeatRow, TableRow


def hash_token(token: str) -> str:
    """The stored form of a seat's secret: its SHA-256, hex.

    >>> hash_token("secret")[:16], len(hash_token("secret"))
    ('2bb80d537b1da3e3', 64)
    """
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


@dataclass(frozen=True, slots=True)
class EventRecord:
    version: int
    kind: str
    payload: dict[str, Any]


@dataclass(frozen=True, slots=True)
class DealRecord:
    """A deal's board and action log (and result and score once ``status`` is ``done``)."""

    number: int
    rubber: int
    dealer: str
    vulnerability: str
    deal: str
    actions: list[str]
    status: str = "play"
    contract: str | None = None
    declarer: str | None = None
    tricks: int | None = None
    score: dict[str, Any] | None = None
    analysis: dict[str, Any] | None = None
    #: True for the first write of a deal (inserted), False afterwards (updated).
    new: bool = False


_DEAL_FIELDS = ("rubber", "dealer", "vulnerability", "deal", "actions", "status", "contract", "declarer",
                "tricks", "score", "finished_at")


def _deal_values(d: DealRecord) -> dict[str, Any]:
    return {"rubber": d.rubber, "dealer": d.dealer, "vulnerability": d.vulnerability, "deal": d.deal,
            "actions": list(d.actions), "status": d.status, "contract": d.contract, "declarer": d.declarer,
            "tricks": d.tricks, "score": d.score,
            "finished_at": datetime.now(UTC) if d.status == "done" else None}


@dataclass(frozen=True, slots=True)
class SeatRecord:
    seat: str
    kind: str
    token_hash: str | None = None


@dataclass(frozen=True, slots=True)
class Append:
    """New events of one table (versions in order), the deal rows they changed, and the table's
    status and version after them."""

    table_id: str
    events: Sequence[EventRecord]
    deals: Sequence[DealRecord] = ()
    status: str | None = None


@dataclass(frozen=True, slots=True)
class StoredTable:
    id: str
    ruleset: str
    config: dict[str, Any]
    options: dict[str, Any]
    status: str
    version: int
    seats: dict[str, SeatRecord]
    events: list[EventRecord] = field(default_factory=list)


class ConflictError(RuntimeError):
    """An event version that is already stored (two writers for one table)."""


class Repository:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    @classmethod
    def open(cls, url: str, migrate: bool = True, **kwargs: Any) -> Repository:
        engine = make_engine(url, **kwargs)
        if migrate:
            upgrade(engine)
        return cls(engine)

    def close(self) -> None:
        self.engine.dispose()

    # -- writes ---------------------------------------------------------------------------------
    def create_table(self, table_id: str, ruleset: str, config: dict[str, Any], options: dict[str, Any],
                     seats: Sequence[SeatRecord], first: Append | None = None, status: str = "dealing") -> None:
        """A new table with its seats (and its first events, in the same transaction)."""
        with self.engine.begin() as conn:
            conn.execute(insert(TableRow).values(id=table_id, ruleset=ruleset, config=config, options=options,
                                                 status=status, version=0))
            if seats:  # a team match keeps its eight seats' links in its options
                conn.execute(insert(SeatRow), [{"table_id": table_id, "seat": s.seat, "kind": s.kind,
                                                "token_hash": s.token_hash} for s in seats])
            if first is not None:
                self._append(conn, [first])

    def append(self, appends: Sequence[Append], connection: Connection | None = None) -> None:
        """Store every append in one transaction (all or nothing), with one statement per kind of
        change for the whole batch (group commit). ``connection``: a connection the caller keeps
        open for its writes (saves the pool's checkout per commit)."""
        try:
            if connection is None:
                with self.engine.begin() as conn:
                    self._append(conn, appends)
            else:
                with connection.begin():
                    self._append(connection, appends)
        except IntegrityError as exc:
            raise ConflictError(f"event versions already stored: {exc.orig}") from exc

    def _append(self, conn: Any, appends: Sequence[Append]) -> None:
        events = [{"table_id": a.table_id, "version": e.version, "kind": e.kind, "payload": e.payload}
                  for a in appends for e in a.events]
        if events:
            conn.execute(insert(EventRow), events)
        new_deals: list[dict[str, Any]] = []
        changed: list[dict[str, Any]] = []
        for a in appends:
            for d in a.deals:
                values = _deal_values(d)
                if d.new:
                    new_deals.append({"table_id": a.table_id, "number": d.number, **values})
                else:
                    changed.append({"b_table_id": a.table_id, "b_number": d.number, **values})
        if new_deals:
            conn.execute(insert(DealRow), new_deals)
        if changed:
            conn.execute(update(DealRow)
                         .where(DealRow.table_id == bindparam("b_table_id"), DealRow.number == bindparam("b_number"))
                         .values({k: bindparam(k) for k in _DEAL_FIELDS}), changed)
        for a in appends:
            if a.status is not None:
                changes: dict[str, Any] = {"status": a.status, "updated_at": func.now()}
                if a.events:
                    changes["version"] = a.events[-1].version
                conn.execute(update(TableRow).where(TableRow.id == a.table_id).values(**changes))

    def checkpoint(self) -> None:
        """SQLite: copy the write-ahead log into the database without blocking the writer
        (``wal_checkpoint(PASSIVE)``); other databases: nothing to do."""
        if self.engine.dialect.name != "sqlite":
            return
        with self.engine.connect() as conn:
            conn.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)")

    def set_analysis(self, table_id: str, number: int, analysis: dict[str, Any]) -> None:
        with self.engine.begin() as conn:
            conn.execute(update(DealRow).where(DealRow.table_id == table_id, DealRow.number == number)
                         .values(analysis=analysis))

    # -- reads ----------------------------------------------------------------------------------
    def load_table(self, table_id: str, with_events: bool = True) -> StoredTable | None:
        with self.engine.connect() as conn:
            row = conn.execute(select(*TableRow.__table__.columns).where(TableRow.id == table_id)).first()
            if row is None:
                return None
            seats = {r.seat: SeatRecord(r.seat, r.kind, r.token_hash)
                     for r in conn.execute(select(SeatRow).where(SeatRow.table_id == table_id))}
            events: list[EventRecord] = []
            if with_events:
                events = [EventRecord(r.version, r.kind, r.payload) for r in conn.execute(
                    select(EventRow.version, EventRow.kind, EventRow.payload)
                    .where(EventRow.table_id == table_id).order_by(EventRow.version))]
        return StoredTable(row.id, row.ruleset, dict(row.config), dict(row.options), row.status, row.version,
                           seats, events)

    def table_ids(self, exclude_status: Sequence[str] = ()) -> list[str]:
        """Ids of stored tables (oldest first), leaving out those whose status is in ``exclude_status``."""
        query = select(TableRow.id).order_by(TableRow.created_at, TableRow.id)
        if exclude_status:
            query = query.where(TableRow.status.not_in(list(exclude_status)))
        with self.engine.connect() as conn:
            return [r[0] for r in conn.execute(query)]

    def ids_of_ruleset(self, ruleset: str, exclude_status: Sequence[str] = ()) -> list[str]:
        """Ids of stored tables of ``ruleset`` (e.g. the team matches), oldest first."""
        query = select(TableRow.id).where(TableRow.ruleset == ruleset).order_by(TableRow.created_at, TableRow.id)
        if exclude_status:
            query = query.where(TableRow.status.not_in(list(exclude_status)))
        with self.engine.connect() as conn:
            return [r[0] for r in conn.execute(query)]

    def recent_tables(self, limit: int = 20) -> list[dict[str, Any]]:
        query = (select(TableRow.id, TableRow.ruleset, TableRow.status, TableRow.version, TableRow.updated_at)
                 .order_by(TableRow.updated_at.desc(), TableRow.id).limit(limit))
        with self.engine.connect() as conn:
            return [{"id": r.id, "ruleset": r.ruleset, "status": r.status, "version": r.version,
                     "updated_at": r.updated_at.isoformat() if r.updated_at is not None else None}
                    for r in conn.execute(query)]

    def public_tables(self, limit: int = 20, scan: int = 5000) -> list[dict[str, Any]]:
        """Like :meth:`recent_tables`, only tables created with ``public`` (issue 13: private tables
        are never listed); at most ``scan`` of the newest tables are looked at."""
        query = (select(TableRow.id, TableRow.ruleset, TableRow.status, TableRow.version, TableRow.updated_at,
                        TableRow.options)
                 .order_by(TableRow.updated_at.desc(), TableRow.id).limit(scan))
        out: list[dict[str, Any]] = []
        with self.engine.connect() as conn:
            for r in conn.execute(query):
                if not (isinstance(r.options, dict) and r.options.get("public") is True):
                    continue
                out.append({"id": r.id, "ruleset": r.ruleset, "status": r.status, "version": r.version,
                            "updated_at": r.updated_at.isoformat() if r.updated_at is not None else None})
                if len(out) >= limit:
                    break
        return out

    def rekey_seat(self, table_id: str, seat: str, token_hash: str, bound: Sequence[str]) -> None:
        """A seat's secret replaced (issue 13: bound to its player's device, or moved to another);
        ``bound``: the seats whose secret is now a device's, kept in the table's options."""
        with self.engine.begin() as conn:
            conn.execute(update(SeatRow).where(SeatRow.table_id == table_id, SeatRow.seat == seat)
                         .values(token_hash=token_hash))
            row = conn.execute(select(TableRow.options).where(TableRow.id == table_id)).first()
            options = dict(row.options) if row is not None and isinstance(row.options, dict) else {}
            options["bound"] = sorted(bound)
            conn.execute(update(TableRow).where(TableRow.id == table_id).values(options=options))

    def set_options(self, table_id: str, values: dict[str, Any]) -> None:
        """Set (or, with None, remove) some keys of a table's options, keeping the others (the
        table's speed and the seats its creator handed to bots, issue 12)."""
        with self.engine.begin() as conn:
            row = conn.execute(select(TableRow.options).where(TableRow.id == table_id)).first()
            options = dict(row.options) if row is not None and isinstance(row.options, dict) else {}
            for key, value in values.items():
                if value is None:
                    options.pop(key, None)
                else:
                    options[key] = value
            conn.execute(update(TableRow).where(TableRow.id == table_id).values(options=options))

    def events(self, table_id: str, after: int = 0) -> list[EventRecord]:
        with self.engine.connect() as conn:
            return [EventRecord(r.version, r.kind, r.payload) for r in conn.execute(
                select(EventRow.version, EventRow.kind, EventRow.payload)
                .where(EventRow.table_id == table_id, EventRow.version > after).order_by(EventRow.version))]

    def deals(self, table_id: str, status: str | None = None) -> list[DealRecord]:
        query = select(*DealRow.__table__.columns).where(DealRow.table_id == table_id).order_by(DealRow.number)
        if status is not None:
            query = query.where(DealRow.status == status)
        with self.engine.connect() as conn:
            return [_deal_record(r) for r in conn.execute(query).mappings()]

    def deal(self, table_id: str, number: int) -> DealRecord | None:
        query = select(*DealRow.__table__.columns).where(DealRow.table_id == table_id, DealRow.number == number)
        with self.engine.connect() as conn:
            row = conn.execute(query).mappings().first()
        return None if row is None else _deal_record(row)

    def seat_for_token(self, table_id: str, token: str) -> str | None:
        digest = hash_token(token)
        with self.engine.connect() as conn:
            row = conn.execute(select(SeatRow.seat).where(SeatRow.table_id == table_id,
                                                          SeatRow.token_hash == digest)).first()
        return None if row is None else str(row[0])

    def count(self, model: type[Any], table_id: str | None = None) -> int:
        query = select(func.count()).select_from(model)
        if table_id is not None:
            query = query.where(model.table_id == table_id if model is not TableRow else model.id == table_id)
        with self.engine.connect() as conn:
            return int(conn.execute(query).scalar_one())


def _deal_record(r: Any) -> DealRecord:
    return DealRecord(r["number"], r["rubber"], r["dealer"], r["vulnerability"], r["deal"], list(r["actions"]),
                      r["status"], r["contract"], r["declarer"], r["tricks"], r["score"], r["analysis"])
