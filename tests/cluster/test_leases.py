"""Issue 14, table leases in PostgreSQL (:mod:`bazas.storage.leases`), on a real server: one owner
per table, a polite hand-over to the process that asks, a take-over once the owner stops renewing,
and the event log's key as the last fence against a stale owner."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from bazas.storage import Append, EventRecord, Repository
from bazas.storage.leases import Leases, rendezvous
from bazas.storage.repository import ConflictError


@pytest.fixture
def repo(fresh_postgres_url: str) -> Repository:
    repository = Repository.open(fresh_postgres_url)
    return repository


def _leases(repo: Repository, name: str, ttl: float = 30.0) -> Leases:
    leases = Leases(repo.engine, name, ttl)
    leases.setup()
    return leases


def test_issue14_1_one_owner_at_a_time(repo: Repository) -> None:
    a, b = _leases(repo, "a"), _leases(repo, "b")
    assert a.acquire("t1")
    assert not b.acquire("t1")
    assert a.acquire("t1")  # renewing our own
    assert b.acquire("t2") and not a.acquire("t2")
    assert a.held() == ["t1"] and b.held() == ["t2"]


def test_issue14_1_hand_over_to_the_process_that_asks(repo: Repository) -> None:
    a, b = _leases(repo, "a"), _leases(repo, "b")
    a.renew()
    b.renew()
    assert a.acquire("t1")
    assert b.want("t1") == "a"
    renewal = a.renew()
    assert renewal.held == {"t1"} and renewal.wanted == {"t1": "b"}
    assert a.hand_over("t1", "b")
    assert b.acquire("t1") and not a.acquire("t1")
    assert a.renew().held == frozenset()


def test_issue14_1_a_dead_owner_loses_its_tables_to_a_live_one(repo: Repository) -> None:
    dead = _leases(repo, "dead", ttl=0.3)
    live = _leases(repo, "live")
    repo.create_table("t1", "rubber", {}, {}, [])
    assert dead.acquire("t1") and not live.acquire("t1")
    live.renew()
    while not live.orphans():  # the dead process stops renewing
        time.sleep(0.05)
    assert [t for t, _, _ in live.orphans()] == ["t1"]
    assert live.members() == ["live"]
    assert live.acquire("t1") and not dead.acquire("t1")
    assert dead.renew().held == frozenset()  # the old owner learns it lost the table


def test_issue14_1_the_event_log_fences_a_stale_owner(repo: Repository) -> None:
    repo.create_table("t1", "rubber", {}, {}, [])
    repo.append([Append("t1", [EventRecord(1, "next", {"new": True})])])
    with pytest.raises(ConflictError):  # a second writer of version 1 (the stale owner) is refused
        repo.append([Append("t1", [EventRecord(1, "next", {"stale": True})])])
    assert [e.payload for e in repo.events("t1")] == [{"new": True}]


def test_issue14_1_orphans_spread_over_the_live_members() -> None:
    members = ["s1", "s2", "s3"]
    share = {m: 0 for m in members}
    for i in range(300):
        owner = rendezvous(f"table-{i}", members)
        assert owner is not None
        share[owner] += 1
    assert all(count > 50 for count in share.values()), share
    # A member leaving moves only its own tables.
    moved = [i for i in range(300) if rendezvous(f"table-{i}", members) != rendezvous(f"table-{i}", ["s1", "s2"])]
    assert all(rendezvous(f"table-{i}", members) == "s3" for i in moved)


def test_issue14_1_leases_need_postgresql_sqlite_stays_one_process(tmp_path: Path) -> None:
    from bazas.storage.db import make_engine
    from bazas.storage.leases import LeaseError

    with pytest.raises(LeaseError, match="BAZAS_DATABASE_URL=postgresql"):
        Leases(make_engine(f"sqlite:///{tmp_path / 'x.db'}"), "me")
