"""Table leases (issue 14): which ``bazas serve`` process owns each table, enforced by PostgreSQL.

A site of several table servers shares one PostgreSQL. Each loaded table is owned by exactly one
process at a time through a row of ``table_leases``: ``owner`` holds it until ``expires_at``,
which the owner pushes forward with a heartbeat (:meth:`Leases.renew`, every second or so). A
process that dies stops renewing; once its rows expire (a few seconds), another process takes them
(:meth:`Leases.acquire` only succeeds on a free, expired or own row: one statement, so two
processes never both succeed) and resumes the tables from the event log.

``wanted_by`` is a polite request: a process that must serve a table another live process holds
(the load balancer now routes the table to it) marks the row, and the owner hands the lease over
at its next heartbeat (:meth:`Leases.hand_over`) after its last event is stored.

Every time is the database's clock (``now()``), never a process's. The event log's primary key
(table, version) is the last fence: a process that lost its lease without knowing cannot fork a
table's history, its next append fails.

A team match (two tables, one event log, one id) is leased by its match id exactly like a table:
one process owns the whole match.

``cluster_members`` lists the live processes (name, address; renewed with the leases), so that
orphaned tables are spread among them (:func:`rendezvous`).

The two tables are created on first use (``CREATE TABLE IF NOT EXISTS``, under an advisory lock so
that servers starting together do not race); they are not part of the single-process schema
(SQLite, ``make run``), which never uses them.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass

from sqlalchemy import Engine, text

#: Advisory lock key serialising the creation of the lease tables.
_SETUP_LOCK = 1_400_014

_SCHEMA = (
    """CREATE TABLE IF NOT EXISTS table_leases (
        table_id VARCHAR(32) PRIMARY KEY,
        owner VARCHAR(64) NOT NULL,
        expires_at TIMESTAMPTZ NOT NULL,
        wanted_by VARCHAR(64)
    )""",
    "CREATE INDEX IF NOT EXISTS table_leases_owner ON table_leases (owner)",
    "CREATE INDEX IF NOT EXISTS table_leases_expires ON table_leases (expires_at)",
    """CREATE TABLE IF NOT EXISTS cluster_members (
        name VARCHAR(64) PRIMARY KEY,
        address VARCHAR(200) NOT NULL,
        expires_at TIMESTAMPTZ NOT NULL,
        started_at TIMESTAMPTZ NOT NULL DEFAULT now()
    )""",
)


class LeaseError(RuntimeError):
    """The lease tables cannot be used (not PostgreSQL)."""


@dataclass(frozen=True, slots=True)
class Renewal:
    """What one heartbeat found: the tables this process still holds, and those of them another
    live process asked for (table id -> that process)."""

    held: frozenset[str]
    wanted: dict[str, str]


def rendezvous(key: str, members: Sequence[str]) -> str | None:
    """The member that ``key`` belongs to by highest-random-weight hashing (each member's share
    moves to the others when it leaves; nothing else moves).

    >>> rendezvous("table-1", ["a", "b", "c"]) in ("a", "b", "c"), rendezvous("x", [])
    (True, None)
    >>> rendezvous("t", ["a", "b"]) == rendezvous("t", ["b", "a"])
    True
    """
    best, best_weight = None, b""
    for m in members:
        weight = hashlib.blake2b(f"{m}\0{key}".encode(), digest_size=8).digest()
        if best is None or weight > best_weight:
            best, best_weight = m, weight
    return best


class Leases:
    """The leases of process ``owner`` (a name unique in the site) in the database of ``engine``;
    ``ttl``: seconds a lease lasts without a heartbeat."""

    def __init__(self, engine: Engine, owner: str, ttl: float = 5.0, address: str = "") -> None:
        if engine.dialect.name != "postgresql":
            raise LeaseError(f"table leases need PostgreSQL (the site's shared database), not {engine.dialect.name}: "
                             "set BAZAS_DATABASE_URL=postgresql://... for a cluster")
        self.engine = engine
        self.owner = owner
        self.ttl = float(ttl)
        self.address = address

    def setup(self) -> None:
        with self.engine.begin() as conn:
            conn.execute(text("SELECT pg_advisory_xact_lock(:k)"), {"k": _SETUP_LOCK})
            for statement in _SCHEMA:
                conn.execute(text(statement))

    # -- one table --------------------------------------------------------------------------------
    def acquire(self, table_id: str) -> bool:
        """Take (or keep) the lease of ``table_id`` if it is free, expired or already ours."""
        with self.engine.begin() as conn:
            row = conn.execute(text(
                "INSERT INTO table_leases (table_id, owner, expires_at) "
                "VALUES (:t, :o, now() + make_interval(secs => :ttl)) "
                "ON CONFLICT (table_id) DO UPDATE SET owner = EXCLUDED.owner, expires_at = EXCLUDED.expires_at, "
                "wanted_by = CASE WHEN table_leases.owner = EXCLUDED.owner THEN table_leases.wanted_by END "
                "WHERE table_leases.owner = EXCLUDED.owner OR table_leases.expires_at < now() "
                "RETURNING owner"), {"t": table_id, "o": self.owner, "ttl": self.ttl}).first()
        return row is not None

    def want(self, table_id: str) -> str | None:
        """Ask the live owner of ``table_id`` to hand it over; returns that owner (None: the
        lease is free or expired, take it)."""
        with self.engine.begin() as conn:
            row = conn.execute(text(
                "UPDATE table_leases SET wanted_by = :o WHERE table_id = :t AND owner <> :o AND expires_at >= now() "
                "RETURNING owner"), {"t": table_id, "o": self.owner}).first()
        return None if row is None else str(row[0])

    def hand_over(self, table_id: str, to: str) -> bool:
        """Give our lease of ``table_id`` to process ``to`` (which asked for it)."""
        with self.engine.begin() as conn:
            row = conn.execute(text(
                "UPDATE table_leases SET owner = :to, wanted_by = NULL, expires_at = now() + make_interval(secs => :ttl) "
                "WHERE table_id = :t AND owner = :o RETURNING table_id"),
                {"t": table_id, "o": self.owner, "to": to, "ttl": self.ttl}).first()
        return row is not None

    def release(self, table_id: str) -> None:
        """Give up our lease of ``table_id`` (the table was unloaded: anyone may load it)."""
        with self.engine.begin() as conn:
            conn.execute(text("DELETE FROM table_leases WHERE table_id = :t AND owner = :o"),
                         {"t": table_id, "o": self.owner})

    # -- the heartbeat ----------------------------------------------------------------------------
    def renew(self) -> Renewal:
        """Push our leases (and our membership) forward; what we still hold and what is wanted."""
        with self.engine.begin() as conn:
            conn.execute(text(
                "INSERT INTO cluster_members (name, address, expires_at) "
                "VALUES (:o, :a, now() + make_interval(secs => :ttl)) "
                "ON CONFLICT (name) DO UPDATE SET address = EXCLUDED.address, expires_at = EXCLUDED.expires_at"),
                {"o": self.owner, "a": self.address, "ttl": self.ttl})
            rows = conn.execute(text(
                "UPDATE table_leases SET expires_at = now() + make_interval(secs => :ttl) "
                "WHERE owner = :o AND expires_at >= now() RETURNING table_id, wanted_by"),
                {"o": self.owner, "ttl": self.ttl}).all()
            # A wanter that died meanwhile is not handed anything.
            live = {str(r[0]) for r in conn.execute(text("SELECT name FROM cluster_members WHERE expires_at >= now()"))}
        held = frozenset(str(r[0]) for r in rows)
        wanted = {str(r[0]): str(r[1]) for r in rows if r[1] is not None and r[1] in live}
        return Renewal(held, wanted)

    def members(self) -> list[str]:
        """Names of the live processes (heartbeat not expired), sorted."""
        with self.engine.connect() as conn:
            return sorted(str(r[0]) for r in conn.execute(
                text("SELECT name FROM cluster_members WHERE expires_at >= now()")))

    def orphans(self, limit: int = 200) -> list[tuple[str, float, str]]:
        """Tables (and team matches: a match is a row of ``tables`` too, leased by its id) whose
        owner stopped renewing (lease expired) and that are not over: ``(id, seconds since expiry,
        ruleset)``, oldest first (ruleset ``team-match``: a match)."""
        with self.engine.connect() as conn:
            rows = conn.execute(text(
                "SELECT l.table_id, EXTRACT(EPOCH FROM now() - l.expires_at), t.ruleset FROM table_leases l "
                "JOIN tables t ON t.id = l.table_id "
                "WHERE l.expires_at < now() AND t.status <> 'over' ORDER BY l.expires_at LIMIT :n"),
                {"n": limit}).all()
        return [(str(r[0]), float(r[1]), str(r[2])) for r in rows]

    def leave(self) -> None:
        """A clean stop: our leases and membership expire now (others take them at once)."""
        with self.engine.begin() as conn:
            conn.execute(text("UPDATE table_leases SET expires_at = now() - interval '1 second' WHERE owner = :o"),
                         {"o": self.owner})
            conn.execute(text("DELETE FROM cluster_members WHERE name = :o"), {"o": self.owner})

    def held(self) -> list[str]:
        with self.engine.connect() as conn:
            return sorted(str(r[0]) for r in conn.execute(
                text("SELECT table_id FROM table_leases WHERE owner = :o AND expires_at >= now()"),
                {"o": self.owner}))
